/* stats.h - visitor statistics: what was shown and touched, never who.
 *
 * STATE/stats.sqlite, a writable SQLite file of its own (WAL,
 * application_id 0x56535431 'VST1', user_version 1), separate from the
 * content. The run loop fills a stats_buf (pure memory, fixed size, no
 * I/O); stats_write stores one buffer in one transaction, then deletes
 * rows older than the retention and beyond the row cap. Nothing in it
 * identifies a visitor: panel views, anonymous sessions (start, length,
 * panels seen), touch counts per minute and languages chosen.
 *
 * THREADS: a struct stats is used by one thread at a time (the run loop
 * hands it to a job for each write). stats_buf has no lock.
 * ERRORS are values: enum stats_err with one sentence in why. */
#ifndef VITRINE_STATS_H
#define VITRINE_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define STATS_APPLICATION_ID 0x56535431 /* 'VST1' */
#define STATS_SCHEMA_VERSION 1
#define STATS_FILE "stats.sqlite"
#define STATS_RETENTION_DAYS 365
#define STATS_MAX_ROWS 1000000L /* per table */
#define STATS_BUF_VIEWS 256     /* events held between writes; more are dropped, counted */
#define STATS_BUF_SESSIONS 64
#define STATS_BUF_LANGS 64
#define STATS_NAME_MAX 64
#define STATS_LOCALE_MAX 16

enum stats_err {
    STATS_OK = 0,
    STATS_ERROR,    /* any other failure */
    STATS_BUSY,     /* another process holds the file: nothing written, no waiting */
    STATS_CORRUPT,  /* not a database, or a damaged one, or not ours */
    STATS_FULL,     /* the disk is full */
    STATS_READONLY, /* the folder or the file cannot be written */
};

enum stats_mode { STATS_LOOP, STATS_INTERACTIVE };

struct stats_view {
    int64_t t_utc; /* when the panel appeared */
    char exhibit[STATS_NAME_MAX];
    int panel; /* 1-based */
    char locale[STATS_LOCALE_MAX];
    enum stats_mode mode;
    double seconds; /* on screen */
};

struct stats_session {
    int64_t t_start_utc;
    double seconds;
    int panels; /* panels seen, counting repeats */
};

struct stats_lang {
    int64_t t_utc;
    char locale[STATS_LOCALE_MAX];
};

struct stats_buf {
    struct stats_view views[STATS_BUF_VIEWS];
    int n_views;
    struct stats_session sessions[STATS_BUF_SESSIONS];
    int n_sessions;
    struct stats_lang langs[STATS_BUF_LANGS];
    int n_langs;
    long touches; /* since the last write */
    long dropped; /* events that found the buffer full */
};

void stats_buf_clear(struct stats_buf *b);
int stats_buf_empty(const struct stats_buf *b);
void stats_panel_shown(struct stats_buf *b, int64_t t_utc, const char *exhibit, int panel,
                       const char *locale, enum stats_mode mode, double seconds);
void stats_touch(struct stats_buf *b);
void stats_session_end(struct stats_buf *b, int64_t t_start_utc, double seconds, int panels);
void stats_language(struct stats_buf *b, int64_t t_utc, const char *locale);

struct stats_opts {
    int retention_days; /* 0: STATS_RETENTION_DAYS */
    long max_rows;      /* per table; 0: STATS_MAX_ROWS */
};

struct stats;

/* Create or open STATE/stats.sqlite (state_dir must exist).
 * NULL with the reason in why and *err set. o may be NULL. */
struct stats *stats_open(const char *state_dir, const struct stats_opts *o, enum stats_err *err,
                         char *why, size_t why_len);
/* Open an existing file read-only (export, summary). */
struct stats *stats_open_read(const char *state_dir, char *why, size_t why_len);
void stats_close(struct stats *s);

/* Write b in one transaction (a touch row stamped now_utc), then apply
 * the bounds. Nothing is waited for: a locked file is STATS_BUSY at once.
 * On failure nothing of b is written. */
enum stats_err stats_write(struct stats *s, const struct stats_buf *b, int64_t now_utc, char *why,
                           size_t why_len);

/* Rows in a table ("panel_view", "session", "touch", "language"); -1 on error. */
long stats_count(struct stats *s, const char *table);

/* CSV (RFC 4180, CRLF, a header row) of every event since since_utc. */
int stats_export_csv(struct stats *s, int64_t since_utc, FILE *out, long *rows, char *why,
                     size_t why_len);
/* The same CSV written to fd through io (fsio.h), in 64 KiB blocks. 0 on
 * success. -1 on failure: *write_err is the write's -errno (the caller
 * says what that means for its file), or 0 with a sentence in why when the
 * database could not be read. Nothing is synced or closed here. */
struct fsio;
int stats_export_fd(struct stats *s, int64_t since_utc, const struct fsio *io, int fd, long *rows,
                    int *write_err, char *why, size_t why_len);
/* Top 10 panels, sessions per day for the 14 days before now_utc, median session. */
int stats_summary(struct stats *s, int64_t now_utc, FILE *out, char *why, size_t why_len);

/* One CSV field as RFC 4180 wants it (quoted when it holds , " CR or LF). */
void stats_csv_field(FILE *out, const char *text);

#endif
