/* clock.h - the only place vitrine reads a clock. Everything else takes
 * now_ms as an argument. */
#ifndef VITRINE_CLOCK_H
#define VITRINE_CLOCK_H

#include <stdint.h>

/* Monotonic milliseconds since an arbitrary start; never goes back. */
uint64_t clock_now_ms(void);
/* Monotonic nanoseconds, for benchmarks. */
uint64_t clock_now_ns(void);
/* CPU time used by this process (user + system), nanoseconds. */
uint64_t clock_cpu_ns(void);

#endif
