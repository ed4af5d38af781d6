/* The wall clock as an input: known instants in known zones, so the test
 * does not depend on today's date or the machine's zone. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/base/walltime.h"
#include "platform/clock.h"

static void in_zone(const char *tz)
{
    assert_int_equal(setenv("TZ", tz, 1), 0);
}

struct want {
    int year, month, day, weekday, hour, minute, second, offset;
};

static void check(int64_t utc_s, struct want w)
{
    struct walltime t;
    assert_int_equal(clock_wall_at(utc_s, &t), 0);
    assert_int_equal(t.utc_s, utc_s);
    assert_int_equal(t.year, w.year);
    assert_int_equal(t.month, w.month);
    assert_int_equal(t.day, w.day);
    assert_int_equal(t.weekday, w.weekday);
    assert_int_equal(t.hour, w.hour);
    assert_int_equal(t.minute, w.minute);
    assert_int_equal(t.second, w.second);
    assert_int_equal(t.utc_offset_s, w.offset);
}

/* 2014-04-12 23:30:00 UTC: the morning of the Pyongyang marathon there */
#define RACE_MORNING 1397345400

static void utc(void **state)
{
    (void)state;
    in_zone("UTC0");
    check(RACE_MORNING, (struct want){2014, 4, 12, 6, 23, 30, 0, 0});
    check(0, (struct want){1970, 1, 1, 4, 0, 0, 0, 0});
    check(-1, (struct want){1969, 12, 31, 3, 23, 59, 59, 0});
    check(951825600, (struct want){2000, 2, 29, 2, 12, 0, 0, 0}); /* a leap day */
}

static void pyongyang(void **state)
{
    (void)state;
    in_zone("KST-9"); /* POSIX form: needs no zone files */
    check(RACE_MORNING, (struct want){2014, 4, 13, 0, 8, 30, 0, 9 * 3600});
    if (access("/usr/share/zoneinfo/Asia/Pyongyang", R_OK) != 0)
        return;
    in_zone("Asia/Pyongyang");
    check(RACE_MORNING, (struct want){2014, 4, 13, 0, 8, 30, 0, 9 * 3600});
    /* UTC+8:30 from August 2015 to May 2018 */
    check(1451606400, (struct want){2016, 1, 1, 5, 8, 30, 0, 8 * 3600 + 1800});
}

static void paris_across_summer_time(void **state)
{
    (void)state;
    const char *zones[] = {"CET-1CEST,M3.5.0,M10.5.0/3", "Europe/Paris"};
    for (int z = 0; z < 2; z++) {
        if (z == 1 && access("/usr/share/zoneinfo/Europe/Paris", R_OK) != 0)
            break;
        in_zone(zones[z]);
        check(1388577600, (struct want){2014, 1, 1, 3, 13, 0, 0, 3600});
        check(RACE_MORNING, (struct want){2014, 4, 13, 0, 1, 30, 0, 7200});
        /* the clocks go forward at 01:00 UTC on 30 March 2014 */
        check(1396141199, (struct want){2014, 3, 30, 0, 1, 59, 59, 3600});
        check(1396141200, (struct want){2014, 3, 30, 0, 3, 0, 0, 7200});
    }
}

static void new_york_falls_back(void **state)
{
    (void)state;
    in_zone("EST5EDT,M3.2.0,M11.1.0");
    check(1414908000 - 1, (struct want){2014, 11, 2, 0, 1, 59, 59, -4 * 3600});
    check(1414908000, (struct want){2014, 11, 2, 0, 1, 0, 0, -5 * 3600});
}

static void now_is_read_and_consistent(void **state)
{
    (void)state;
    in_zone("KST-9");
    struct walltime now, again;
    assert_int_equal(clock_wall(&now), 0);
    assert_true(now.year >= 2024);
    assert_int_equal(now.utc_offset_s, 9 * 3600);
    assert_int_equal(clock_wall_at(now.utc_s, &again), 0);
    assert_memory_equal(&now, &again, sizeof(now));
}

/* A pass of the run loop reads the zone once a second: passes within one
 * second share a reading, and a zone changed by staff takes effect at the
 * next second. Simulated time (for the whole process: the last test). */
static void a_pass_reads_the_zone_once_a_second(void **state)
{
    (void)state;
    clock_simulate(1397347200); /* 2014-04-13 00:00:00 UTC */
    in_zone("KST-9");
    struct clock_pass a, b, c;
    clock_pass(&a);
    assert_true(a.wall_ok);
    assert_int_equal(a.wall.hour, 9);
    assert_int_equal(a.wall.utc_offset_s, 9 * 3600);
    clock_advance(400);
    in_zone("UTC0");
    clock_pass(&b);
    assert_int_equal(b.now_ms, a.now_ms + 400);
    assert_memory_equal(&b.wall, &a.wall, sizeof(a.wall));
    clock_advance(600);
    clock_pass(&c);
    assert_true(c.wall_ok);
    assert_int_equal(c.wall.utc_s, 1397347201);
    assert_int_equal(c.wall.hour, 0);
    assert_int_equal(c.wall.second, 1);
    assert_int_equal(c.wall.utc_offset_s, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(utc),
        cmocka_unit_test(pyongyang),
        cmocka_unit_test(paris_across_summer_time),
        cmocka_unit_test(new_york_falls_back),
        cmocka_unit_test(now_is_read_and_consistent),
        cmocka_unit_test(a_pass_reads_the_zone_once_a_second),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
