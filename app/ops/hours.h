/* hours.h - opening hours: a weekly schedule with dated exceptions, in the
 * kiosk's local time. Pure: the local time comes in as a struct walltime,
 * and finding the next change asks a converter (platform/clock.h's
 * clock_wall_at) for the local time of candidate instants, so daylight
 * saving and the zone are the system's, and tests can step any clock.
 *
 * The settings (config.h) spell them:
 *   hours = mon-fri 09:00-17:00, sat 10:00-18:00, sun closed
 *   hours = fri 18:00-02:00          (past midnight: open until 02:00 Saturday;
 *                                     at most 12 hours past midnight, else the
 *                                     times are taken to be swapped and refused)
 *   closed = 2026-12-25              (a dated exception: closed all day)
 *   open = 2026-12-24 10:00-14:00    (a dated exception: these hours that day)
 * A day not named is closed. No hours at all: always open. An interval
 * that ends past midnight belongs to the day it starts on; a dated
 * exception replaces that date's own intervals (and an interval of the day
 * before that runs past midnight still runs into it). */
#ifndef VITRINE_HOURS_H
#define VITRINE_HOURS_H

#include <stddef.h>
#include <stdint.h>

#include "walltime.h"

#define HOURS_PER_DAY 4 /* intervals a day may have */
#define HOURS_EXCEPTIONS 64

struct hours_span {
    int16_t from, to; /* minutes after local midnight; to <= from: runs past midnight */
};

struct hours_day {
    int n;
    struct hours_span span[HOURS_PER_DAY];
};

struct hours {
    int set;                  /* 0: always open */
    struct hours_day week[7]; /* 0 Sunday .. 6 Saturday */
    struct {
        int year, month, day;
        struct hours_day hours; /* n 0: closed that day */
    } exc[HOURS_EXCEPTIONS];
    int n_exc;
};

/* Add the weekly hours in text ("mon-fri 09:00-17:00, sun closed"): 0, or
 * -1 with why (naming the part that does not parse). */
int hours_parse_week(struct hours *h, const char *text, char *why, size_t why_len);
/* Add a dated exception: "2026-12-25" (closed) or "2026-12-24 10:00-14:00"
 * (open: these hours). */
int hours_parse_exception(struct hours *h, const char *text, int open, char *why, size_t why_len);

/* 1 if open at the local time w. */
int hours_open_at(const struct hours *h, const struct walltime *w);

/* The local time of an instant (clock_wall_at). */
typedef int (*hours_local_fn)(int64_t utc_s, struct walltime *out);

/* The first instant after utc_s (whole minutes) when open/closed changes,
 * looking at most 8 days ahead; -1 when it never changes in that time. */
int64_t hours_next_change(const struct hours *h, int64_t utc_s, hours_local_fn local);

#endif
