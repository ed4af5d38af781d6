/* run_stats.h - visitor statistics in the running kiosk, a run loop
 * service (run_service.h): what the kiosk shows, as views and sessions
 * (visits.h), gathered on the loop; once a minute they go to a job that
 * writes them (stats.h), opening and checking the file first when it is
 * not open. A problem is logged once, and the exhibit goes on. */
#ifndef VITRINE_RUN_STATS_H
#define VITRINE_RUN_STATS_H

#include "job.h"
#include "run_service.h"
#include "stats.h"
#include "visits.h"

#define RUN_STATS_EVERY_MS 60000u /* one write a minute at most */

struct run_stats {
    const struct run_env *env;
    /* events gather in live on the loop's thread; once a minute they move
     * to pend and the job writes them */
    struct stats *stats;    /* NULL: not open; the job's while it runs */
    int open;               /* stats was open when the last job ended */
    struct stats_opts opts; /* stats_days, stats_max_rows */
    struct stats_buf live, pend;
    int64_t pend_utc;
    struct job *job;
    uint64_t flush_ms;
    int said;             /* the problem was logged; not again until it is over */
    struct visits visits; /* views and sessions from what the kiosk shows */
};

/* The kiosk is on screen: the file is opened (and checked) on the job. */
int run_stats_start(struct run_stats *s, const struct run_env *env, uint64_t now);
/* The job's result. */
void run_stats_turn(struct run_stats *s, const struct run_turn *t);
/* Once an open pass, after the kiosk's update: what it shows; once a
 * minute, the write. */
void run_stats_look(struct run_stats *s, uint64_t now, int64_t utc);
/* A visitor touched the screen (a count, nothing more). */
void run_stats_touch(struct run_stats *s);
/* kiosk_wakes at the last look. */
long run_stats_wakes(const struct run_stats *s);
/* Stopping: what is on screen now, and the last write, here (the kiosk is
 * going: the wait for the disk no longer holds up a frame). */
void run_stats_stop(struct run_stats *s, uint64_t now);

#endif
