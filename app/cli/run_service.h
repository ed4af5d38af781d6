/* run_service.h - the one shape of the run loop's services (cmd_run.c):
 * health file, proof of play, boot count, sticks and imports, statistics
 * export, staff screen and PIN, statistics, opening hours. Each service is
 * a struct that owns its part of the loop's state (run_health.h,
 * run_proof.h, ...), and has:
 *
 *   void X_init(struct X *, const struct run_env *)
 *        only the four that the exhibit's opening already uses (health
 *        figures, boot count, staff lines, sticks: the check's path), at
 *        the loop's start, before anything logs or opens.
 *   int  X_start(struct X *, [const struct run_env *,] ...)
 *        once the kiosk is on screen (the env argument where there was no
 *        X_init). 0, or -1 when it cannot work (logged; the kiosk goes on
 *        without it).
 *   void X_turn(struct X *, const struct run_turn *)
 *        once a pass, open or closed: t says the clock and what the wait
 *        brought (t->woken: a job may have finished, so the service takes
 *        its job's result). The loop calls the turns right after its wait,
 *        in a fixed order; the boot count's (no job) with the watchdog's
 *        ping, after the frame. The few steps that belong at a
 *        given point of the frame (the health file after the frame, the
 *        statistics' look before it) are named functions the loop calls
 *        there, with the pass's clock value.
 *   uint32_t X_wait_ms(const struct X *, uint64_t now, uint32_t timeout)
 *        where the service has a deadline of its own: timeout, or less so
 *        that the loop wakes in time for it.
 *   void X_stop(struct X *[, uint64_t now])
 *        every way out; never fails; ends the service's job (waits for it);
 *        the health file and the statistics write their last with now.
 *        The two with an X_init that holds a lock or a log subscription
 *        (staff, sticks) let it go in X_end, after every X_stop.
 *
 * Time comes in run_turn or as an argument; the few reads a service makes
 * of its own (a stopwatch on a job, the state folder's opening before the
 * first pass) go through platform/clock.h, as everywhere. All run on the
 * loop's thread; their jobs (job.h) touch only what their header says. */
#ifndef VITRINE_RUN_SERVICE_H
#define VITRINE_RUN_SERVICE_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "clock.h"
#include "generations.h"
#include "import.h"
#include "options.h"
#include "waker.h"

struct kiosk;
struct display;
struct run_health;
struct run_boot;
struct run_staff;

/* What is on screen: the imported generation and its description, or
 * none (gen "": the built-in exhibit or --content). Written by the state
 * folder's opening (run_state.h) and by the import service (run_sticks.h);
 * read by the others. */
struct run_showing {
    char gen[GEN_NAME_MAX];
    struct import_result r;
};

/* What every service may see: set up by the loop, the pointers stay
 * valid until the last X_stop. k, d and waker are set once the kiosk is
 * open (before any X_start). */
struct run_env {
    const struct options *o;
    struct kiosk *k;
    struct display *d;
    struct waker waker;
    int w, h; /* the screen, as the loop last saw it */
    struct run_showing *showing;
    struct run_health *health; /* the figures every service feeds */
    struct run_boot *boot;     /* the count of abnormal exits */
    struct run_staff *staff;   /* the staff screen's lines */
};

/* One pass of the loop, as X_turn sees it. */
struct run_turn {
    uint64_t now; /* the kiosk's time, read once a pass (clock_pass) */
    int64_t utc;  /* the wall clock then; 0 when it cannot be read */
    const struct walltime *wall;
    int woken; /* the wait said EVENTS_WAKE: jobs may have finished */
};

/* The version on screen, for the fault points (fault.h): "" when built in. */
static inline const char *run_shown_version(const struct run_showing *s)
{
    return s->gen[0] ? s->r.version : "";
}

/* snprintf for staff texts, where cutting a long title short is fine. */
static inline void run_textf(char *dst, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void run_textf(char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, n, fmt, ap);
    va_end(ap);
}

#endif
