/* hours.c - see hours.h. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "hours.h"

static const char *const day_names[7] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};

static int day_of(const char *s, size_t n)
{
    for (int i = 0; i < 7; i++)
        if (n >= 3 && strncmp(s, day_names[i], 3) == 0 && (n == 3 || isalpha((unsigned char)s[3])))
            return i;
    return -1;
}

/* "HH:MM-HH:MM" at *p: the span; advances *p. */
static int parse_span(const char **p, struct hours_span *out)
{
    int h1, m1, h2, m2, used = 0;
    if (sscanf(*p, "%2d:%2d-%2d:%2d%n", &h1, &m1, &h2, &m2, &used) != 4 || h1 < 0 || h1 > 24 ||
        h2 < 0 || h2 > 24 || m1 < 0 || m1 > 59 || m2 < 0 || m2 > 59 || (h1 == 24 && m1) ||
        (h2 == 24 && m2))
        return -1;
    out->from = (int16_t)(h1 * 60 + m1);
    out->to = (int16_t)(h2 * 60 + m2);
    if (out->from == out->to)
        return -1; /* empty (or 24 h: say 00:00-24:00) */
    /* past midnight (to < from) is allowed up to 12 hours: longer, it is
     * most likely two times swapped ("18:00-09:00" for "09:00-18:00") */
    if (out->from > out->to && 1440 - out->from + out->to > 12 * 60)
        return -2;
    if (out->to == 1440)
        out->to = 1440;
    *p += used;
    return 0;
}

static const char *skip_space(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* "09:00-12:00 13:00-17:00" or "closed": into d. */
static int parse_times(const char **p, struct hours_day *d)
{
    const char *q = skip_space(*p);
    d->n = 0;
    if (strncmp(q, "closed", 6) == 0) {
        *p = q + 6;
        return 0;
    }
    while (*q && *q != ',') {
        int rc = d->n == HOURS_PER_DAY ? -1 : parse_span(&q, &d->span[d->n]);
        if (rc != 0)
            return rc;
        d->n++;
        q = skip_space(q);
    }
    *p = q;
    return d->n ? 0 : -1;
}

int hours_parse_week(struct hours *h, const char *text, char *why, size_t why_len)
{
    const char *p = text;
    while (*(p = skip_space(p))) {
        const char *part = p;
        size_t n = strcspn(p, " \t-,");
        int a = day_of(p, n), b = a;
        p += n;
        if (*p == '-') {
            p++;
            size_t m = strcspn(p, " \t,");
            b = day_of(p, m);
            p += m;
        }
        struct hours_day d;
        int rc = a < 0 || b < 0 ? -1 : parse_times(&p, &d);
        if (rc == -2) {
            snprintf(why, why_len,
                     "\"%.*s\" runs more than 12 hours past midnight: if the times are "
                     "swapped, write 09:00-18:00; a longer night opening is two days' hours, "
                     "like \"mon-fri 18:00-24:00, tue-sat 00:00-09:00\"",
                     (int)strcspn(part, ","), part);
            return -1;
        }
        if (rc != 0) {
            snprintf(why, why_len,
                     "cannot read \"%.*s\": write days and hours like \"mon-fri 09:00-17:00, "
                     "sun closed\"",
                     (int)strcspn(part, ","), part);
            return -1;
        }
        for (int i = a;; i = (i + 1) % 7) { /* "fri-mon" wraps round the week */
            h->week[i] = d;
            if (i == b)
                break;
        }
        h->set = 1;
        p = skip_space(p);
        if (*p == ',')
            p++;
    }
    return 0;
}

int hours_parse_exception(struct hours *h, const char *text, int open, char *why, size_t why_len)
{
    int y, mo, d, used = 0;
    const char *p = skip_space(text);
    if (sscanf(p, "%4d-%2d-%2d%n", &y, &mo, &d, &used) != 3 || mo < 1 || mo > 12 || d < 1 ||
        d > 31) {
        snprintf(why, why_len, "cannot read the date in \"%s\": write it as 2026-12-25", text);
        return -1;
    }
    static const int month_days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int days = month_days[mo - 1] + (mo == 2 && leap);
    if (d > days) {
        static const char *const months[12] = {"January",   "February", "March",    "April",
                                               "May",       "June",     "July",     "August",
                                               "September", "October",  "November", "December"};
        snprintf(why, why_len, "%04d-%02d-%02d is not a date: %s %d has %d days", y, mo, d,
                 months[mo - 1], y, days);
        return -1;
    }
    if (h->n_exc == HOURS_EXCEPTIONS) {
        snprintf(why, why_len, "more than %d dated exceptions", HOURS_EXCEPTIONS);
        return -1;
    }
    p += used;
    struct hours_day hd = {0};
    int rc = open ? parse_times(&p, &hd) : 0;
    if (rc == -2) {
        snprintf(why, why_len,
                 "the hours in \"%s\" run more than 12 hours past midnight: are the times "
                 "swapped?",
                 text);
        return -1;
    }
    if (rc != 0) {
        snprintf(why, why_len, "cannot read the hours in \"%s\": write 2026-12-24 10:00-14:00",
                 text);
        return -1;
    }
    if (*skip_space(p)) {
        snprintf(why, why_len, "unexpected words after the date in \"%s\"", text);
        return -1;
    }
    h->exc[h->n_exc].year = y;
    h->exc[h->n_exc].month = mo;
    h->exc[h->n_exc].day = d;
    h->exc[h->n_exc].hours = hd;
    h->n_exc++;
    h->set = 1;
    return 0;
}

/* The intervals of the local date y-m-d (its weekday wd). */
static const struct hours_day *day_hours(const struct hours *h, int y, int m, int d, int wd)
{
    for (int i = h->n_exc - 1; i >= 0; i--)
        if (h->exc[i].year == y && h->exc[i].month == m && h->exc[i].day == d)
            return &h->exc[i].hours;
    return &h->week[wd];
}

/* The civil date before y-m-d. */
static void yesterday(int *y, int *m, int *d)
{
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (--*d >= 1)
        return;
    if (--*m < 1) {
        *m = 12;
        --*y;
    }
    int leap = (*y % 4 == 0 && *y % 100 != 0) || *y % 400 == 0;
    *d = mdays[*m - 1] + (*m == 2 && leap);
}

int hours_open_at(const struct hours *h, const struct walltime *w)
{
    if (!h->set)
        return 1;
    int now = w->hour * 60 + w->minute;
    const struct hours_day *today = day_hours(h, w->year, w->month, w->day, w->weekday);
    for (int i = 0; i < today->n; i++) {
        const struct hours_span *s = &today->span[i];
        if (s->from < s->to ? now >= s->from && now < s->to : now >= s->from)
            return 1;
    }
    /* an interval of yesterday that runs past midnight */
    int y = w->year, m = w->month, d = w->day;
    yesterday(&y, &m, &d);
    const struct hours_day *prev = day_hours(h, y, m, d, (w->weekday + 6) % 7);
    for (int i = 0; i < prev->n; i++) {
        const struct hours_span *s = &prev->span[i];
        if (s->to <= s->from && now < s->to)
            return 1;
    }
    return 0;
}

int64_t hours_next_change(const struct hours *h, int64_t utc_s, hours_local_fn local)
{
    struct walltime w;
    if (!h->set || local(utc_s, &w) != 0)
        return -1;
    int open = hours_open_at(h, &w);
    /* from the next whole minute, a minute at a time: 8 days are 11,520
     * conversions, a millisecond or two, once per change */
    int64_t t = utc_s - (utc_s % 60 + 60) % 60 + 60;
    for (int i = 0; i < 8 * 24 * 60; i++, t += 60) {
        if (local(t, &w) != 0)
            return -1;
        if (hours_open_at(h, &w) != open)
            return t;
    }
    return -1;
}
