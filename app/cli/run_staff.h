/* run_staff.h - the staff screen's side of the running kiosk, a run loop
 * service (run_service.h): the PIN, checked on a job of its own (Argon2id,
 * 64 MiB: never on the render thread); the recent log lines (a log
 * subscriber, any thread); and what the staff screen shows, gathered when
 * it opens and when something it shows changed. What staff choose there
 * (kiosk_staff_take) is the loop's to act on. */
#ifndef VITRINE_RUN_STAFF_H
#define VITRINE_RUN_STAFF_H

#include <pthread.h>

#include "job.h"
#include "run_service.h"
#include "staff.h"

#define RUN_LOG_LINES STAFF_LOG_LINES

struct run_staff {
    const struct run_env *env;
    /* recent log lines for the staff screen (written by any thread) */
    pthread_mutex_t log_mu;
    char log[RUN_LOG_LINES][STAFF_TEXT_MAX];
    int log_next, log_n;
    /* its lines, written by the services */
    char attention[STAFF_TEXT_MAX];   /* why the exhibit changed by itself at start */
    char last_import[STAFF_TEXT_MAX]; /* the last import's card */
    char last_export[STAFF_TEXT_MAX]; /* the statistics export's line */
    char signer_id[sizeof(((struct import_result *)0)->signer)]; /* signer_words is for this id */
    char signer_words[96];                                       /* import_signer_words */
    int was_open;
    struct job *pin_job; /* checks pin against the hash */
    char pin[STAFF_PIN_MAX + 1];
};

/* Before anything logs: the log lines are gathered (and counted in the
 * health figures) from here on, until run_staff_end. */
void run_staff_init(struct run_staff *s, const struct run_env *env);
/* The kiosk is on screen: the PIN hash (none: the staff screen is off). */
int run_staff_start(struct run_staff *s);
/* What the staff screen shows, gathered now. */
void run_staff_refresh(struct run_staff *s);
/* The PIN job's result. */
void run_staff_turn(struct run_staff *s, const struct run_turn *t);
/* Once an open pass, after the kiosk's update: a PIN typed goes to the
 * job; the screen just opened is filled. */
void run_staff_look(struct run_staff *s, uint64_t now);
/* The PIN job ended (waited for). */
void run_staff_stop(struct run_staff *s);
/* The last: no more log lines gathered. */
void run_staff_end(struct run_staff *s);

#endif
