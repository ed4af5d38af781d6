/* when.c - windows of time for content on a schedule (when.h). */
#include "when.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define WHEN_PAST_MIDNIGHT_MAX (12 * 60) /* a span past midnight lasts at most this */

static const char *const day_names[7] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

int32_t when_days(int year, int month, int day)
{
    /* Howard Hinnant's days_from_civil */
    int y = year - (month <= 2);
    int era = (y >= 0 ? y : y - 399) / 400;
    int yoe = y - era * 400;
    int doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return (int32_t)(era * 146097 + doe - 719468);
}

static int days_in_month(int year, int month)
{
    static const int n[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : n[month - 1];
}

/* "YYYY-MM-DD" at s (exactly 10 characters): 0 and the day number. */
static int parse_date(const char *s, size_t n, int32_t *out, char *why, size_t why_len)
{
    int y, m, d;
    char tail;
    char buf[16];
    if (n != 10) {
        snprintf(why, why_len, "'%.*s' is not a date: write it as 2026-04-12", (int)n, s);
        return -1;
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (sscanf(buf, "%4d-%2d-%2d%c", &y, &m, &d, &tail) != 3 || buf[4] != '-' || buf[7] != '-' ||
        !isdigit((unsigned char)buf[0]) || !isdigit((unsigned char)buf[5]) ||
        !isdigit((unsigned char)buf[8])) {
        snprintf(why, why_len, "'%s' is not a date: write it as 2026-04-12", buf);
        return -1;
    }
    if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1 || d > days_in_month(y, m)) {
        snprintf(why, why_len, "%s is not a day of the calendar", buf);
        return -1;
    }
    *out = when_days(y, m, d);
    return 0;
}

static int day_index(const char *s, size_t n)
{
    for (int i = 0; i < 7; i++)
        if (n == 3 && strncmp(s, day_names[i], 3) == 0)
            return i;
    return -1;
}

/* "mon-fri", "sat,sun", "fri": the bit mask, or -1. */
static int parse_days(const char *s, size_t n, uint8_t *mask)
{
    *mask = 0;
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != ',')
            j++;
        /* one item: "mon" or "mon-fri" */
        if (j - i == 3) {
            int a = day_index(s + i, 3);
            if (a < 0)
                return -1;
            *mask |= (uint8_t)(1u << a);
        } else if (j - i == 7 && s[i + 3] == '-') {
            int a = day_index(s + i, 3), b = day_index(s + i + 4, 3);
            if (a < 0 || b < 0)
                return -1;
            for (int k = a;; k = (k + 1) % 7) { /* "fri-mon" wraps round the week */
                *mask |= (uint8_t)(1u << k);
                if (k == b)
                    break;
            }
        } else {
            return -1;
        }
        i = j + 1;
        if (j < n && i == n)
            return -1; /* a trailing comma */
    }
    return *mask ? 0 : -1;
}

static int parse_clock(const char *s, int *min)
{
    if (!isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) || s[2] != ':' ||
        !isdigit((unsigned char)s[3]) || !isdigit((unsigned char)s[4]))
        return -1;
    int h = (s[0] - '0') * 10 + (s[1] - '0'), m = (s[3] - '0') * 10 + (s[4] - '0');
    if (m > 59 || h > 24 || (h == 24 && m != 0))
        return -1;
    *min = h * 60 + m;
    return 0;
}

/* "HH:MM-HH:MM". */
static int parse_times(const char *s, size_t n, struct when *w, char *why, size_t why_len)
{
    int a, b;
    if (n != 11 || s[5] != '-' || parse_clock(s, &a) != 0 || parse_clock(s + 6, &b) != 0) {
        snprintf(why, why_len,
                 "'%.*s' is not a time of day: write it as 09:00-18:00 (24-hour clock)", (int)n, s);
        return -1;
    }
    if (a == 24 * 60) {
        snprintf(why, why_len, "'%.*s' starts at 24:00: write 00:00 of the next day", (int)n, s);
        return -1;
    }
    if (b == 24 * 60)
        b = 0; /* until midnight: runs to the end of the day */
    if (b != 0 && b < a && 24 * 60 - a + b > WHEN_PAST_MIDNIGHT_MAX) {
        snprintf(why, why_len,
                 "'%.*s' runs past midnight for more than 12 hours: if the two times are "
                 "swapped, write %.5s-%.5s; a span past midnight lasts 12 hours at most",
                 (int)n, s, s + 6, s);
        return -1;
    }
    if (a == b && b != 0) {
        snprintf(why, why_len, "'%.*s' is empty: it ends when it starts", (int)n, s);
        return -1;
    }
    w->from = (int16_t)a;
    w->to = (int16_t)b;
    return 0;
}

int when_parse(const char *text, struct when *w, char *why, size_t why_len)
{
    memset(w, 0, sizeof(*w));
    w->from = -1;
    int seen_dates = 0, seen_days = 0, seen_times = 0;
    const char *p = text ? text : "";
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        const char *s = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        size_t n = (size_t)(p - s);
        if (n > 5 && s[4] == '-' && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
            isdigit((unsigned char)s[2]) && isdigit((unsigned char)s[3])) { /* a date or two */
            if (seen_dates++) {
                snprintf(why, why_len, "'%s' names dates twice: one day or one span of days", text);
                return -1;
            }
            const char *dots = NULL;
            for (size_t i = 0; i + 1 < n; i++)
                if (s[i] == '.' && s[i + 1] == '.')
                    dots = s + i;
            size_t n1 = dots ? (size_t)(dots - s) : n;
            if (parse_date(s, n1, &w->first_day, why, why_len) != 0)
                return -1;
            w->last_day = w->first_day;
            if (dots && parse_date(dots + 2, n - n1 - 2, &w->last_day, why, why_len) != 0)
                return -1;
            if (w->last_day < w->first_day) {
                snprintf(why, why_len, "'%.*s' ends before it starts: the earlier day first",
                         (int)n, s);
                return -1;
            }
            w->has_dates = 1;
        } else if (isdigit((unsigned char)s[0])) {
            if (seen_times++) {
                snprintf(why, why_len, "'%s' names times twice: write one window for each", text);
                return -1;
            }
            if (parse_times(s, n, w, why, why_len) != 0)
                return -1;
        } else {
            if (seen_days++ || parse_days(s, n, &w->days) != 0) {
                snprintf(why, why_len,
                         "'%.*s' is not a date, weekdays or a time of day: write e.g. "
                         "2026-04-12, 2026-04-10..2026-04-12, sat-sun, mon,wed or 09:00-18:00",
                         (int)n, s);
                return -1;
            }
        }
    }
    if (!seen_dates && !seen_days && !seen_times) {
        snprintf(why, why_len,
                 "an empty window: give dates, weekdays or a time of day (2026-04-12 09:00-18:00)");
        return -1;
    }
    return 0;
}

/* Does the day (days since 1970) match w's dates and weekdays? */
static int day_matches(const struct when *w, int32_t day)
{
    if (w->has_dates && (day < w->first_day || day > w->last_day))
        return 0;
    int wd = (int)(((day % 7) + 7 + 4) % 7); /* 1970-01-01 was a Thursday */
    return !w->days || (w->days >> wd & 1u);
}

int when_open(const struct when *w, int year, int month, int day, int minute)
{
    int32_t today = when_days(year, month, day);
    if (w->from < 0)
        return day_matches(w, today);
    int from = w->from, to = w->to;
    if (to > from) /* within the day */
        return day_matches(w, today) && minute >= from && minute < to;
    /* past midnight (to 0: until the day's end) */
    if (minute >= from)
        return day_matches(w, today);
    return minute < to && day_matches(w, today - 1);
}
