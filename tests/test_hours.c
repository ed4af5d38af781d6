#define _POSIX_C_SOURCE 200809L
/* Opening hours: the weekly schedule, intervals past midnight, dated
 * exceptions, and the next change found across both daylight-saving
 * changes (Europe/Paris, 2026: 29 March and 25 October), with the wall
 * clock stepped through the system's own zone data (clock_wall_at). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "app/ops/hours.h"
#include "platform/clock.h"

static char why[256];

/* The instant of a local date and time in the test's zone. */
static int64_t at(int y, int mo, int d, int h, int mi)
{
    struct tm tm = {.tm_year = y - 1900,
                    .tm_mon = mo - 1,
                    .tm_mday = d,
                    .tm_hour = h,
                    .tm_min = mi,
                    .tm_isdst = -1};
    return (int64_t)mktime(&tm);
}

static int open_at(const struct hours *h, int y, int mo, int d, int hh, int mi)
{
    struct walltime w;
    assert_int_equal(clock_wall_at(at(y, mo, d, hh, mi), &w), 0);
    return hours_open_at(h, &w);
}

static int setup(void **state)
{
    setenv("TZ", "Europe/Paris", 1);
    tzset();
    return 0;
}

static void weekly_schedule(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h,
                                      "mon-fri 09:00-17:00, sat 10:00-12:00 13:00-18:00, "
                                      "sun closed",
                                      why, sizeof why),
                     0);
    /* 2026-11-25 is a Wednesday */
    assert_true(open_at(&h, 2026, 11, 25, 9, 0));
    assert_true(open_at(&h, 2026, 11, 25, 16, 59));
    assert_false(open_at(&h, 2026, 11, 25, 8, 59));
    assert_false(open_at(&h, 2026, 11, 25, 17, 0));
    assert_true(open_at(&h, 2026, 11, 28, 11, 0));   /* Saturday morning */
    assert_false(open_at(&h, 2026, 11, 28, 12, 30)); /* its lunch break */
    assert_false(open_at(&h, 2026, 11, 29, 12, 0));  /* Sunday */
    struct hours none = {0};
    assert_true(open_at(&none, 2026, 11, 29, 3, 0)); /* no hours: always open */
}

static void past_midnight(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h, "fri 18:00-02:00", why, sizeof why), 0);
    assert_false(open_at(&h, 2026, 11, 27, 17, 59)); /* Friday */
    assert_true(open_at(&h, 2026, 11, 27, 23, 59));
    assert_true(open_at(&h, 2026, 11, 28, 0, 0)); /* Saturday, after midnight */
    assert_true(open_at(&h, 2026, 11, 28, 1, 59));
    assert_false(open_at(&h, 2026, 11, 28, 2, 0));
    assert_false(open_at(&h, 2026, 11, 28, 20, 0)); /* not a Saturday interval */
}

static void dated_exceptions(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h, "mon-sun 09:00-17:00", why, sizeof why), 0);
    assert_int_equal(hours_parse_exception(&h, "2026-12-25", 0, why, sizeof why), 0);
    assert_int_equal(hours_parse_exception(&h, "2026-12-24 10:00-14:00", 1, why, sizeof why), 0);
    assert_false(open_at(&h, 2026, 12, 25, 12, 0));
    assert_true(open_at(&h, 2026, 12, 26, 12, 0));
    assert_false(open_at(&h, 2026, 12, 24, 9, 30));
    assert_true(open_at(&h, 2026, 12, 24, 13, 59));
    assert_false(open_at(&h, 2026, 12, 24, 14, 0));
}

static void bad_lines_say_what(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h, "mon 9-17", why, sizeof why), -1);
    assert_non_null(strstr(why, "mon 9-17"));
    assert_int_equal(hours_parse_week(&h, "funday 09:00-10:00", why, sizeof why), -1);
    assert_int_equal(hours_parse_week(&h, "mon 09:00-09:00", why, sizeof why), -1);
    assert_int_equal(hours_parse_week(&h, "mon 25:00-26:00", why, sizeof why), -1);
    assert_int_equal(hours_parse_exception(&h, "25/12/2026", 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "2026-12-25"));
    assert_int_equal(hours_parse_exception(&h, "2026-12-24 noon", 1, why, sizeof why), -1);
}

static int local_of(int64_t utc, struct walltime *out)
{
    return clock_wall_at(utc, out);
}

static void expect_local(int64_t t, int wd, int hh, int mi)
{
    struct walltime w;
    assert_int_equal(clock_wall_at(t, &w), 0);
    if (w.weekday != wd || w.hour != hh || w.minute != mi)
        fail_msg("next change at weekday %d %02d:%02d, expected %d %02d:%02d", w.weekday, w.hour,
                 w.minute, wd, hh, mi);
}

static void next_change_in_a_week(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h, "mon-fri 09:00-17:00", why, sizeof why), 0);
    int64_t t = at(2026, 11, 25, 16, 30); /* Wednesday, open */
    expect_local(hours_next_change(&h, t, local_of), 3, 17, 0);
    t = at(2026, 11, 27, 17, 30); /* Friday evening: next opening is Monday */
    int64_t next = hours_next_change(&h, t, local_of);
    expect_local(next, 1, 9, 0);
    assert_true(next - t > 2 * 24 * 3600);
    struct hours none = {0};
    assert_int_equal(hours_next_change(&none, t, local_of), -1);
}

static void across_daylight_saving(void **state)
{
    struct hours h = {0};
    assert_int_equal(hours_parse_week(&h, "sat 22:00-04:00", why, sizeof why), 0);
    /* spring forward, the night of 28-29 March 2026: 02:00 becomes 03:00,
     * so from 23:00 to 04:00 is four hours, not five */
    int64_t t = at(2026, 3, 28, 23, 0);
    int64_t next = hours_next_change(&h, t, local_of);
    expect_local(next, 0, 4, 0);
    assert_int_equal(next - t, 4 * 3600);
    /* fall back, 24-25 October 2026: 03:00 becomes 02:00, six hours */
    t = at(2026, 10, 24, 23, 0);
    next = hours_next_change(&h, t, local_of);
    expect_local(next, 0, 4, 0);
    assert_int_equal(next - t, 6 * 3600);
    /* a closing time inside the repeated hour closes at its first passing */
    struct hours late = {0};
    assert_int_equal(hours_parse_week(&late, "sat 22:00-02:30", why, sizeof why), 0);
    next = hours_next_change(&late, t, local_of);
    expect_local(next, 0, 2, 30);
    assert_int_equal(next - t, 3 * 3600 + 30 * 60); /* 23:00 CEST to 02:30 CEST */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(weekly_schedule),       cmocka_unit_test(past_midnight),
        cmocka_unit_test(dated_exceptions),      cmocka_unit_test(bad_lines_say_what),
        cmocka_unit_test(next_change_in_a_week), cmocka_unit_test(across_daylight_saving),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
