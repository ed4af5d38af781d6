/* health.h - the kiosk's health as figures, and those figures as a
 * Prometheus text-format file (exposition format 0.0.4) for
 * node_exporter's textfile collector, so that an existing monitoring stack
 * watches a fleet of kiosks.
 *
 * Pure: no clock, no SDL. Times are inputs (now_ms monotonic, now_unix
 * wall seconds); the file is written through the fsio table.
 *
 * THREADS: the struct belongs to the run loop's thread, except
 * health_count_log, which any thread may call (a log subscriber). */
#ifndef VITRINE_HEALTH_H
#define VITRINE_HEALTH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "fsio.h"
#include "log.h"

#define HEALTH_FRAME_WINDOW 512 /* frame times kept for the percentiles */
#define HEALTH_TEXT_MAX 256
#define HEALTH_FSYNC_EVERY_MS 15000u /* at most one fsync this often */

/* The last import's outcome, as import.h's enum import_outcome. */
enum health_import { HEALTH_LOADED, HEALTH_SAME, HEALTH_REFUSED, HEALTH_FAILED, HEALTH_N_OUTCOMES };

struct health {
    /* start */
    uint64_t start_ms;  /* monotonic, for the up time */
    int64_t start_unix; /* wall seconds at start */
    /* the exhibit on screen */
    char title[HEALTH_TEXT_MAX], slug[64], version[64], generation[64], signer[32];
    char source[16]; /* "imported", "file" or "builtin" */
    int panels;
    unsigned long panels_shown; /* panel changes on screen */
    /* the screen */
    char renderer[64], driver[64];
    /* frames: a count, and the last HEALTH_FRAME_WINDOW frame times */
    unsigned long long frames;
    double frame_sum_s;
    double ring[HEALTH_FRAME_WINDOW]; /* seconds */
    int ring_n, ring_next;
    /* imports */
    int last_import; /* enum health_import; -1: none since start */
    int64_t last_import_unix;
    char last_import_reason[HEALTH_TEXT_MAX];
    unsigned long imports[HEALTH_N_OUTCOMES];
    /* the exhibit changed by itself at start (bootcount.h, gen_repair) */
    char recovery_kind[24]; /* "crashes", "taken_off", "damaged"; "" none */
    char recovery_reason[HEALTH_TEXT_MAX];
    int abnormal_exits; /* counted for the generation on screen; -1 unknown */
    /* log lines (any thread) */
    atomic_ulong errors, warnings;
    /* proof of play: when the last screenshot beside the file was taken
     * (wall seconds; 0: none yet) */
    int64_t screenshot_unix;
    /* the file */
    uint64_t last_fsync_ms; /* 0: never */
    int write_failing;      /* the failure was logged: not again until a success */
};

/* Everything zero and unknown; the start times. */
void health_init(struct health *h, uint64_t now_ms, int64_t now_unix);

/* The exhibit on screen (strings may be NULL: empty). */
void health_set_exhibit(struct health *h, const char *source, const char *title, const char *slug,
                        const char *version, const char *generation, const char *signer,
                        int panels);
void health_set_renderer(struct health *h, const char *renderer, const char *driver);

/* The kiosk changed its exhibit by itself (kind: "crashes": one that kept
 * crashing it was taken off; "taken_off": the current one was taken off
 * before; "damaged": the pointer was repaired), and why. */
void health_recovery(struct health *h, const char *kind, const char *reason);

/* Abnormal exits counted so far for the generation on screen (bootcount.h). */
void health_abnormal_exits(struct health *h, int n);

/* One presented frame that took `seconds` to draw and present. */
void health_frame(struct health *h, double seconds);

/* An import finished (outcome as enum import_outcome) at wall time now_unix,
 * with its reason (may be NULL or ""). */
void health_import(struct health *h, int outcome, int64_t now_unix, const char *reason);

/* A log line at this level: errors and warnings are counted. Any thread. */
void health_count_log(struct health *h, enum log_level level);

/* The percentile q (0..1) of the frame times in the window, in seconds, by
 * the nearest rank; and the window's largest. NaN when no frame yet. */
double health_frame_quantile(const struct health *h, double q);
double health_frame_max(const struct health *h);

/* The figures in Prometheus text format into buf (NUL-terminated).
 * Returns its length, or -1 when buf is too small (4 KiB is plenty, 8 KiB
 * with long titles). Label values are escaped (\\, \", \n) and invalid
 * UTF-8 in them becomes '?'. No sample carries a timestamp (the textfile
 * collector refuses them). */
int health_format(const struct health *h, uint64_t now_ms, char *buf, size_t len);

/* Write text to path atomically: path.tmp (mode 0644), fsync when the
 * last one was HEALTH_FSYNC_EVERY_MS or more before now_ms, rename over
 * path. 0, or -1 with why (the tmp file is removed). */
int health_write_file(const struct fsio *io, const char *path, const char *text, size_t len,
                      uint64_t now_ms, uint64_t *last_fsync_ms, char *why, size_t why_len);

/* health_format and health_write_file; a failure is logged once (a warning),
 * then not again until a write succeeds. Never fatal. 0 or -1. */
/* Where the proof of play goes: beside the health file, its name with
 * ".png" for ".prom" (vitrine.prom: vitrine.png), or ".png" added when it
 * does not end in ".prom" (node_exporter reads only *.prom, so the PNG is
 * never taken for figures). 0, or -1 when out is too small. */
int health_screenshot_path(const char *health_file, char *out, size_t out_len);

int health_save(struct health *h, const struct fsio *io, const char *path, uint64_t now_ms);

#endif
