/* run_health.h - the running kiosk's --health-file (health.h's figures,
 * app/ops/health.h), a run loop service (run_service.h): every service
 * feeds the figures; this one formats them on the loop and writes them on
 * a job of its own every RUN_HEALTH_EVERY_MS, and at once when something
 * worth knowing changed, so that a slow disk never holds up a frame. */
#ifndef VITRINE_RUN_HEALTH_H
#define VITRINE_RUN_HEALTH_H

#include <stddef.h>
#include <stdint.h>

#include "health.h"
#include "job.h"
#include "run_service.h"

#define RUN_HEALTH_EVERY_MS 15000u /* the health file, rewritten this often */

struct run_health {
    struct health health; /* the figures (the loop's thread, but health_count_log) */
    const struct run_env *env;
    const char *file; /* --health-file; NULL: none */
    uint64_t saved_ms;
    struct job *job; /* writes text (the job's while it runs) */
    char text[8192];
    size_t len;
    uint64_t at, fsync_ms;
    int panel; /* the panel on screen at the last frame */
};

/* Before anything feeds the figures (the exhibit's opening does). */
void run_health_init(struct run_health *h, const struct run_env *env, uint64_t now, int64_t utc);
/* The kiosk is on screen: the file (NULL none) and the renderer. */
int run_health_start(struct run_health *h, const char *file);
/* The renderer now (after a reset). */
void run_health_renderer(struct run_health *h);
/* The health job's result. */
void run_health_turn(struct run_health *h, const struct run_turn *t);
/* Write the file now (force), or when RUN_HEALTH_EVERY_MS passed, on the
 * job (a write still under way: the next tick). */
void run_health_tick(struct run_health *h, uint64_t now, int force);
/* A frame presented in ms milliseconds, with panel on screen. */
void run_health_frame(struct run_health *h, double ms, int panel);
uint32_t run_health_wait_ms(const struct run_health *h, uint64_t now, uint32_t timeout);
/* Stopping: the last figures, written here (the kiosk is going). */
void run_health_stop(struct run_health *h, uint64_t now);

#endif
