/* cmd_run_import.h - the running kiosk's side of USB imports: a job that
 * watches for sticks (platform/stickwatch.h), and a job that runs
 * `vitrine import` as a child process for one bundle and reads its
 * progress. Both run on worker threads (job.h); the run loop (cmd_run.c)
 * polls them when woken and decides what to show. */
#ifndef VITRINE_CMD_RUN_IMPORT_H
#define VITRINE_CMD_RUN_IMPORT_H

#include <pthread.h>

#include "import.h"
#include "job.h"
#include "stats_export.h"
#include "stickwatch.h"
#include "store.h"

#define RUN_WATCH_MAX 10

/* The stick watcher's state, shared with the owner under mu. */
struct stick_watch_ctx {
    const char *dirs[RUN_WATCH_MAX];
    int n_dirs;
    pthread_mutex_t mu;
    struct stick_found found[STICKWATCH_MAX_FOUND]; /* the bundles present now */
    int n_found;                                    /* may exceed STICKWATCH_MAX_FOUND */
    int skipped;                                    /* links and bad names seen */
    char crowded[STICKWATCH_PATH_MAX];              /* a vitrine/ folder too full to read, or "" */
    unsigned long changes;                          /* counts changes seen */
    struct stickwatch *w;                           /* the job's watcher while it runs (under mu) */
};

/* Owner: make the watcher's job see its cancellation at once. */
void stick_watch_stop(struct stick_watch_ctx *c);

/* job_fn: watch until cancelled; job_report after every change. */
int stick_watch_job(struct job *j, void *ctx, char *msg, size_t msg_len);

/* One import, as a child process. Fill the inputs; read the outputs once
 * the job has finished. */
struct import_job_ctx {
    /* inputs */
    char bundle[STICKWATCH_PATH_MAX]; /* import_job: the bundle on the stick */
    char gen[GEN_NAME_MAX];           /* open_generation_job: the generation */
    int rollback;                     /* open_generation_job: roll back first, then open
                                         the generation that is current after it */
    const char *exe;                  /* this program (/proc/self/exe) */
    const char *state_dir, *keys_dir;
    int w, h;
    /* outputs */
    struct import_result r;
    struct store *store; /* LOADED: the new exhibit, opened (the owner takes it) */
    int rolled;          /* rollback: the pointer was moved back (gen is now current) */
    char step[160];      /* the child's last progress text: what it was doing */
};

/* An import child that sends no progress for this long (a stick that
 * stopped answering) is killed, and one asked to stop (job_cancel) is
 * killed this long after its SIGTERM; VITRINE_IMPORT_STALL_MS changes the
 * first (tests, very slow media). */
#define IMPORT_STALL_MS 90000u
#define IMPORT_GRACE_MS 2000u
/* A roll-back on the import job waits this long for the state folder's
 * lock (another writer: a shell's `vitrine import` or `vitrine rollback`)
 * before it says the folder is busy. */
#define RUN_ROLLBACK_LOCK_WAIT_MS 3000u

/* job_fn: run the import; reports progress as percent of the current
 * stage with the stage's text. Returns the outcome (0 loaded). */
int import_job(struct job *j, void *ctx, char *msg, size_t msg_len);

/* job_fn: open generation c->gen of the state directory (after an import
 * made from a shell), or, with c->rollback, roll the pointer back first
 * (gen_repair, gen_rollback: fsyncs, never on the render thread) and open
 * what is current then: r and store as for an import; c->rolled says
 * whether the pointer moved (when it did not, r.why says why). */
int open_generation_job(struct job *j, void *ctx, char *msg, size_t msg_len);

/* The check deferred at start-up (STORE_OPEN_DEFER_CHECK): quick_check of
 * the store on screen, off the render thread. */
struct check_job_ctx {
    char path[STICKWATCH_PATH_MAX];
    char why[512]; /* the problem, once finished with a nonzero result */
};
int check_job(struct job *j, void *ctx, char *msg, size_t msg_len);

/* Staff's "export statistics to the stick" (stats_export.h): find a stick
 * that can be written (stickwatch_find_writable), then write the CSV onto
 * its top folder. Fill the inputs; read the outputs once finished. */
struct export_job_ctx {
    /* inputs */
    const char *dirs[RUN_WATCH_MAX]; /* where sticks are mounted (NULL, 0: the defaults) */
    int n_dirs;
    const char *state_dir;
    char name[STATS_EXPORT_NAME_MAX]; /* the file's name (stats_export_name) */
    /* outputs */
    char where[STICKWATCH_PATH_MAX]; /* the stick's folder; "" none found */
    long rows;
    char why[512]; /* the reason, once finished with a nonzero result */
};

/* job_fn: export; 0 written, 1 not (c->why says why). */
int export_job(struct job *j, void *ctx, char *msg, size_t msg_len);

#endif
