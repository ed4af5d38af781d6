/* walltime.h - the date and local time, as data. Only platform/ reads the
 * wall clock (platform/clock.h: clock_wall); the core gets it as an input,
 * like now_ms, so opening hours and visitor statistics can be tested at any
 * date. The monotonic clock stays the one for scheduling: the wall clock
 * may jump (NTP, daylight saving), so nothing waits on it. */
#ifndef VITRINE_WALLTIME_H
#define VITRINE_WALLTIME_H

#include <stdint.h>

struct walltime {
    int64_t utc_s;    /* seconds since 1970-01-01 00:00:00 UTC */
    int year;         /* local date: e.g. 2014 */
    int month;        /* 1..12 */
    int day;          /* 1..31 */
    int weekday;      /* 0 Sunday .. 6 Saturday */
    int hour;         /* local time: 0..23 */
    int minute;       /* 0..59 */
    int second;       /* 0..59 */
    int utc_offset_s; /* local minus UTC in seconds: +7200 in Paris in summer */
};

#endif
