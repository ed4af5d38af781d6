/* run_sticks.h - USB sticks and imports in the running kiosk, a run loop
 * service (run_service.h): the stick watcher's job (sticks, the --inbox
 * and the state folder), the import job that loads a bundle or opens a
 * generation (cmd_run_import.h), roll backs (staff's, and by itself when
 * an exhibit just switched to fails, or the start-up check finds the one
 * on screen damaged), and that check's job. What is on screen changes
 * here (env->showing), with a card for staff and a new count of abnormal
 * exits (run_boot.h). */
#ifndef VITRINE_RUN_STICKS_H
#define VITRINE_RUN_STICKS_H

#include "cmd_run_import.h"
#include "run_service.h"
#include "staff.h"

#define RUN_KEY_MAX (STICKWATCH_PATH_MAX + 160)

struct run_sticks {
    const struct run_env *env;
    const char *inbox; /* --inbox: a sync tool's folder, NULL: none */
    struct job *watch_job, *import_job, *check_job;
    struct stick_watch_ctx watch;
    unsigned long watch_seen;
    struct import_job_ctx imp;
    struct check_job_ctx check; /* the quick_check deferred at start-up */
    int imp_rollback;           /* the job only opens a generation (rollback, shell import) */
    char rollback_why[STAFF_TEXT_MAX];   /* the roll back under way was by itself: why */
    char rollback_after[STAFF_TEXT_MAX]; /* a roll back by itself waits for the import */
    char damaged[STAFF_TEXT_MAX];        /* the roll back is from a damaged exhibit: why */
    char tried[RUN_KEY_MAX]; /* the bundle last imported from a stick (bundle_key): not again until
                                it goes */
    char multi[STICKWATCH_PATH_MAX]; /* the two-sticks message was shown for this first bundle */
    int watch_new;                   /* roll back by itself if the exhibit just switched to fails */
    long imports_finished;           /* import and open jobs finished so far */
};

/* Before the state folder is opened (check.path is set there). */
void run_sticks_init(struct run_sticks *s, const struct run_env *env);
/* The kiosk is on screen: the watcher's job (unless --no-watch without
 * --inbox). -1 when it cannot start (logged: sticks go unnoticed). */
int run_sticks_start(struct run_sticks *s);
/* The first frame is on screen: the deferred check starts. */
void run_sticks_check(struct run_sticks *s);
/* The jobs' news: sticks changed, the check or an import finished. */
void run_sticks_turn(struct run_sticks *s, const struct run_turn *t);
/* Go back to the previous exhibit: staff's choice (reason NULL) or by
 * itself (reason: why); after the import under way, if any. */
void run_sticks_rollback(struct run_sticks *s, const char *reason, uint64_t now);
/* Staff's "load from the stick again". */
void run_sticks_reload(struct run_sticks *s, uint64_t now);
/* Once an open pass: an exhibit that fails on screen right after its
 * switch goes back to the previous one by itself. */
void run_sticks_look(struct run_sticks *s, uint64_t now);
/* An import (or open) is running. */
int run_sticks_importing(const struct run_sticks *s);
/* Any of the jobs is running. */
int run_sticks_busy(const struct run_sticks *s);
/* The jobs ended (the watcher at once), the store not taken closed. */
void run_sticks_stop(struct run_sticks *s);
/* The last (after run_sticks_stop, or when it never started). */
void run_sticks_end(struct run_sticks *s);

#endif
