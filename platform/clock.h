/* clock.h - the only place vitrine reads a clock. Everything else takes
 * now_ms (and, where the date matters, a struct walltime) as an argument.
 * Any thread may call these. */
#ifndef VITRINE_CLOCK_H
#define VITRINE_CLOCK_H

#include <stdint.h>

#include "walltime.h"

/* Monotonic milliseconds since an arbitrary start; never goes back. */
uint64_t clock_now_ms(void);
/* Monotonic nanoseconds, for benchmarks: always the real clock, so that
 * the cost of a frame is measured even in simulated time. */
uint64_t clock_now_ns(void);
/* Milliseconds since this process was started (exec): from the launcher's
 * CLOCK_MONOTONIC stamp in VITRINE_T0_NS when a benchmark sets it (exact),
 * else from /proc/self/stat (the kernel's start time, 10 ms steps). -1
 * when neither can be read. *exact (may be NULL) says which. */
double clock_since_exec_ms(int *exact);
/* CPU time used by this process (user + system), nanoseconds. */
uint64_t clock_cpu_ns(void);

/* The wall clock now: UTC seconds and the local date and time in the zone
 * the TZ environment variable names (or /etc/localtime), read afresh each
 * call so a zone changed by staff takes effect. 0, or -1 with *out zeroed
 * when the clock or the zone cannot be read. */
int clock_wall(struct walltime *out);
/* The same for a given instant (utc_s, seconds since the epoch): a pure
 * conversion apart from the zone, for tests and for stamping past events. */
int clock_wall_at(int64_t utc_s, struct walltime *out);

/* Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian). */
int64_t clock_days_from_civil(int64_t y, int m, int d);

/* Simulated time, for the soak (`vitrine soak`): from this call on,
 * clock_now_ms and clock_wall read a clock that stands still until
 * clock_advance moves it; the wall clock starts at start_utc_s. Call on
 * the main thread before any other thread starts. There is no way back. */
void clock_simulate(int64_t start_utc_s);
int clock_simulated(void);
/* Move the simulated clock on by ms (nothing when time is real). */
void clock_advance(uint64_t ms);

#endif
