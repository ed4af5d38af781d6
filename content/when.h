/* when.h - a window of time in which content is shown (content on a
 * schedule): dates, weekdays and a time of day, in the kiosk's local time,
 * as a curator writes it in `show:`.
 *
 *   2026-04-12                     that day
 *   2026-04-10..2026-04-12         those days (both included)
 *   sat-sun                        every Saturday and Sunday
 *   mon,wed,fri                    those weekdays
 *   09:00-18:00                    every day, from 09:00 until 18:00
 *   fri 18:00-02:00                Friday evening into Saturday 02:00
 *   2026-04-10..2026-04-12 sat-sun 07:00-15:00   all three, together
 *
 * Each part at most once, at least one, separated by spaces. A time span
 * whose end is not after its start runs past midnight, and then lasts at
 * most 12 hours (as the opening hours: longer, the times are taken to be
 * swapped); it belongs to the day it starts on, so
 * "2026-04-12 22:00-02:00" is open until 02:00 on the 13th. 24:00 may end
 * a span. Dates must exist.
 *
 * Pure: the local time comes in as numbers (the kiosk's walltime), so
 * daylight saving is whatever the caller's local time says. */
#ifndef VITRINE_WHEN_H
#define VITRINE_WHEN_H

#include <stddef.h>
#include <stdint.h>

struct when {
    int has_dates;
    int32_t first_day, last_day; /* days since 1970-01-01 */
    uint8_t days;                /* bit 0 Sunday .. bit 6 Saturday; 0: every day */
    int16_t from, to;            /* minutes after midnight; from < 0: all day */
};

/* Parse text: 0, or -1 with why naming the part that is wrong and how to
 * write it. */
int when_parse(const char *text, struct when *w, char *why, size_t why_len);

/* 1 if w is open at the local time year-month-day minute (minutes after
 * local midnight, 0..1439). */
int when_open(const struct when *w, int year, int month, int day, int minute);

/* Days since 1970-01-01 of a date (proleptic Gregorian; Howard Hinnant's
 * days_from_civil; platform/clock.c uses it too). */
int32_t when_days(int year, int month, int day);

#endif
