/* clock.h - the only place vitrine reads a clock. Everything else takes
 * now_ms (and, where the date matters, a struct walltime or UTC seconds) as
 * an argument, or asks here: content/ never reads a clock (a store's
 * built_at comes in struct author_opts), app/ gets the time from the
 * command line files (cmd_*.c) or as an argument, and platform/ calls
 * these functions rather than clock_gettime, time() or SDL_GetTicks.
 * One exception, in platform/events.c: SDL stamps its events with its own
 * clock (SDL_GetTicks), so the age of an event is read in that clock.
 *
 * Two kinds of time:
 * - The kiosk's time: clock_now_ms, clock_now_ns and clock_wall. In a soak
 *   (clock_simulate) all three follow the simulated clock together.
 * - Real time, never simulated: clock_real_ns (the cost of work, and the
 *   deadline of a real wait: poll, a condition variable), clock_cpu_ns and
 *   clock_since_exec_ms. A simulated clock stands still, so anything that
 *   sleeps in the kernel or measures what a frame costs reads these.
 * Any thread may call these. */
#ifndef VITRINE_CLOCK_H
#define VITRINE_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "walltime.h"

/* The kiosk's monotonic clock, milliseconds since an arbitrary start;
 * never goes back. Simulated in a soak. */
uint64_t clock_now_ms(void);
/* The same clock in nanoseconds (clock_now_ms() == clock_now_ns() / 1e6).
 * Simulated in a soak, like clock_now_ms: it then stands still between
 * clock_advance calls, so it measures no cost; use clock_real_ns. */
uint64_t clock_now_ns(void);
/* Real monotonic nanoseconds (CLOCK_MONOTONIC), even in simulated time:
 * for the cost of work (benchmarks, frame times, how long a soak ran) and
 * for deadlines of real waits. A deadline for pthread_cond_timedwait on a
 * condition variable set to CLOCK_MONOTONIC may be made from it. */
uint64_t clock_real_ns(void);
/* Milliseconds since this process was started (exec): from the launcher's
 * CLOCK_MONOTONIC stamp in VITRINE_T0_NS when a benchmark sets it (exact),
 * else from /proc/self/stat (the kernel's start time, 10 ms steps). -1
 * when neither can be read. *exact (may be NULL) says which. */
double clock_since_exec_ms(int *exact);
/* CPU time used by this process (user + system), nanoseconds. */
uint64_t clock_cpu_ns(void);

/* Where start-up's time goes, stage by stage: each stage is stamped
 * (clock_real_ns) when it ends, the first time only, on the main thread.
 * LOADED ends the dynamic loader's work (the executable's preinit, before
 * any library's initialiser), MAIN the libraries' initialisers (main is
 * called), STORE the options and the exhibit's store opened, DISPLAY the
 * window and its renderer, FONTS the fonts found and opened, LAYOUT the
 * kiosk made (the first panel laid out), PRESENT the first frame drawn and
 * on screen. */
enum clock_stage {
    CLOCK_STAGE_LOADED,
    CLOCK_STAGE_MAIN,
    CLOCK_STAGE_STORE,
    CLOCK_STAGE_DISPLAY,
    CLOCK_STAGE_FONTS,
    CLOCK_STAGE_LAYOUT,
    CLOCK_STAGE_PRESENT,
    CLOCK_STAGE_COUNT
};
void clock_stage(enum clock_stage s);
/* The stages as one line, milliseconds each, from exec
 * (clock_since_exec_ms):
 * "exec to main 21.3 (loading 15.0, libraries 6.3), store 8.1, display
 * 25.0, fonts 10.2, first layout 12.0, present 3.1"; a stage not stamped,
 * or stamped out of order, reads "-" (its time goes to the next one). The
 * length written, as snprintf. `vitrine bench` reads these names. */
int clock_stages_line(char *buf, size_t len);

/* The time a build is stamped with (a store's built_at), UTC seconds: the
 * environment variable SOURCE_DATE_EPOCH where it is set (the reproducible
 * builds convention: decimal seconds since the epoch, e.g. the last
 * commit's date), so that two builds of the same sources are the same
 * bytes; else the wall clock now (simulated too). 0, or -1 with why
 * ("SOURCE_DATE_EPOCH is \"x\", not seconds since 1970") when the variable
 * is set but is not such a number, or the clock cannot be read. */
int clock_build_time(int64_t *utc_s, char *why, size_t why_len);

/* The wall clock now: UTC seconds and the local date and time in the zone
 * the TZ environment variable names (or /etc/localtime), read afresh each
 * call so a zone changed by staff takes effect. 0, or -1 with *out zeroed
 * when the clock or the zone cannot be read. */
int clock_wall(struct walltime *out);
/* One reading for a pass of the run loop: the kiosk's time in ms
 * (clock_now_ms, simulated in a soak), the real monotonic clock at the
 * same instant (clock_real_ns: a wait's deadline, the cost of work), and
 * the wall clock (clock_wall; wall_ok 0 and wall zeroed when it cannot be
 * read). A pass reads this once and hands it to every step, so that all of
 * them agree on what time it is. The zone is read again when the wall
 * clock's second changes: passes within one second share its reading. */
struct clock_pass {
    uint64_t now_ms;
    uint64_t real_ns;
    struct walltime wall;
    int wall_ok;
};
void clock_pass(struct clock_pass *p);
/* The same for a given instant (utc_s, seconds since the epoch): a pure
 * conversion apart from the zone, for tests and for stamping past events. */
int clock_wall_at(int64_t utc_s, struct walltime *out);

/* Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian). */
int64_t clock_days_from_civil(int64_t y, int m, int d);
/* The instant (UTC seconds) of the local date and time y-m-d h:mi:s in the
 * zone (as clock_wall reads it); a time that a daylight saving change
 * skips or repeats is resolved as the C library's mktime does. 0, or -1
 * when it cannot be represented. */
int clock_utc_of_local(int y, int m, int d, int h, int mi, int s, int64_t *utc_s);

/* Set the wall clock (clock_wall, clock_pass, clock_build_time) to utc_s
 * now; it runs on from there at the real clock's pace, and the monotonic
 * clocks are untouched. For the test program vitrine-faulty only
 * (tests/fault_hook.c, VITRINE_TEST_NOW), so that a test of opening hours
 * is told the date rather than depending on today's; the shipped vitrine
 * never calls it. Call before any other thread starts. */
void clock_set_wall(int64_t utc_s);

/* Simulated time, for the soak (`vitrine soak`): from this call on,
 * clock_now_ms, clock_now_ns, clock_wall and clock_build_time (without
 * SOURCE_DATE_EPOCH) read a clock that stands still until clock_advance
 * moves it; the wall clock starts at start_utc_s. The real clocks
 * (clock_real_ns, clock_cpu_ns, clock_since_exec_ms) go on. A switch for
 * the whole process: call on the main thread before any other thread
 * starts. There is no way back. */
void clock_simulate(int64_t start_utc_s);
int clock_simulated(void);
/* Move the simulated clock on by ms (nothing when time is real). */
void clock_advance(uint64_t ms);

#endif
