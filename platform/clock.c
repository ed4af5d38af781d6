/* clock.c - POSIX clocks.
 * DEPENDENCIES: clock_gettime (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID). */
#define _POSIX_C_SOURCE 200809L
#include "clock.h"

#include <time.h>

static uint64_t read_ns(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t clock_now_ns(void)
{
    return read_ns(CLOCK_MONOTONIC);
}
uint64_t clock_now_ms(void)
{
    return read_ns(CLOCK_MONOTONIC) / 1000000u;
}
uint64_t clock_cpu_ns(void)
{
    return read_ns(CLOCK_PROCESS_CPUTIME_ID);
}
