/* run_stats.c - visitor statistics in the running kiosk (run_stats.h):
 * gathered on the loop, written on a job. Its own file so that the run
 * loop (cmd_run.c) only says when. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "cli.h"
#include "clock.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"
#include "run_stats.h"

/* The statistics job: opens the file first when it is not open (which
 * checks it: a quick_check of up to four tables of a million rows), then
 * writes pend. A corrupt or read-only file is closed again here, to be
 * opened (and checked) next minute. The loop touches s->stats only while
 * no job runs (run_stats_stop, after job_free). */
static int stats_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_stats *s = ctx;
    if (!s->stats) {
        enum stats_err err = STATS_OK;
        uint64_t t0 = clock_real_ns(); /* a stopwatch */
        s->stats = stats_open(s->env->o->state_dir, &s->opts, &err, msg, msg_len);
        if (!s->stats)
            return err == STATS_OK ? STATS_ERROR : (int)err;
        snprintf(msg, msg_len, "the statistics file was opened and checked in %.0f ms",
                 (double)(clock_real_ns() - t0) / 1e6);
    }
    enum stats_err e = STATS_OK;
    if (!stats_buf_empty(&s->pend))
        e = stats_write(s->stats, &s->pend, s->pend_utc, msg, msg_len);
    if (e == STATS_CORRUPT || e == STATS_READONLY) {
        stats_close(s->stats);
        s->stats = NULL;
    }
    return (int)e;
}

/* A statistics problem, in the log once until statistics work again. */
static void stats_problem(struct run_stats *s, const char *why)
{
    if (s->said)
        return;
    s->said = 1;
    log_warn("stats", "%s The exhibit goes on.", why); /* the kiosk works: a warning */
}

static const char *stats_exhibit(const struct run_stats *s)
{
    const struct run_showing *sh = s->env->showing;
    const struct options *o = s->env->o;
    return sh->gen[0] ? sh->r.slug : o->content ? o->content : "builtin";
}

/* Hand what gathered since the last write (if anything) to the job; the
 * job opens the file first when it is not open. */
static void stats_flush(struct run_stats *s, int64_t utc)
{
    if (s->job)
        return;
    s->pend = s->live;
    s->pend_utc = utc;
    stats_buf_clear(&s->live);
    char why[256];
    s->job = job_start("stats", stats_job_fn, s, s->env->waker, why, sizeof(why));
    if (!s->job)
        stats_problem(s, why);
}

int run_stats_start(struct run_stats *s, const struct run_env *env, uint64_t now)
{
    s->env = env;
    visits_init(&s->visits);
    s->opts = cli_stats_opts(env->o);
    s->flush_ms = now;
    stats_flush(s, 0); /* opens the file, on the job */
    return 0;
}

void run_stats_look(struct run_stats *s, uint64_t now, int64_t utc)
{
    struct kiosk *k = s->env->k;
    struct visits_look look = {
        .panel = kiosk_current(k),
        .interactive = kiosk_mode(k) != MODE_LOOP,
        .locale = kiosk_locale(k),
        .wakes = kiosk_wakes(k),
        .staff_open = kiosk_staff_open(k),
        .exhibit = stats_exhibit(s),
    };
    visits_look(&s->visits, &look, now, utc, &s->live);
    if (now - s->flush_ms < RUN_STATS_EVERY_MS || s->job)
        return;
    s->flush_ms = now;
    if (s->open || !stats_buf_empty(&s->live))
        stats_flush(s, utc);
}

void run_stats_turn(struct run_stats *s, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !s->job || !job_poll(s->job, &st) || !st.finished)
        return;
    job_free(s->job);
    s->job = NULL;
    int was_open = s->open;
    s->open = s->stats != NULL; /* the job is over: safe to read */
    if (!was_open && s->open)
        log_debug("stats", "%s", st.text);
    if (!s->open)
        stats_buf_clear(&s->live); /* nowhere to keep them: memory stays bounded */
    if (st.result == STATS_OK) {
        if (s->said)
            log_info("stats", "visitor statistics are written again");
        s->said = 0;
    } else {
        stats_problem(s, st.text);
    }
}

void run_stats_touch(struct run_stats *s)
{
    stats_touch(&s->live);
}

long run_stats_wakes(const struct run_stats *s)
{
    return s->visits.wakes;
}

void run_stats_stop(struct run_stats *s, uint64_t now)
{
    if (!s->env)
        return;       /* never started: the kiosk did not open */
    job_free(s->job); /* waits for a write under way */
    s->job = NULL;
    if (s->env->k)
        visits_stop(&s->visits, now, &s->live);
    struct walltime w;
    char why[512];
    if (s->stats && !stats_buf_empty(&s->live) &&
        stats_write(s->stats, &s->live, clock_wall(&w) == 0 ? w.utc_s : 0, why, sizeof(why)) !=
            STATS_OK)
        stats_problem(s, why);
    stats_close(s->stats);
    s->stats = NULL;
}
