/* The opening-hours switch (app/ops/hours_switch.h) replayed in the zone's
 * time: closing waits for the visitor (the soak found a session lost at
 * every closing and the kiosk opening at "Still there?" when it closed
 * mid-session), a touch wakes a closed kiosk for a while, and between two
 * changes nothing is computed again. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <cmocka.h>

#include "app/ops/hours_switch.h"
#include "platform/clock.h"

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

/* One step at a local time: the schedule's answer, or woken. */
static enum hours_move step(struct hours_switch *s, const struct hours *h, int64_t utc, int busy,
                            int woken)
{
    struct walltime w;
    assert_int_equal(clock_wall_at(utc, &w), 0);
    struct hours_now n = {utc, hours_open_at(h, &w) || woken, busy};
    return hours_switch_step(s, h, &n, clock_wall_at);
}

static int setup(void **state)
{
    (void)state;
    setenv("TZ", "Europe/Paris", 1);
    tzset();
    return 0;
}

/* The soak's fault: closing time during a visitor's session. The switch
 * winds the session down first and closes only once the kiosk is idle
 * (closing at once lost the session from the statistics and left the
 * kiosk at "Still there?" for the morning). */
static void closing_waits_for_the_visitor(void **state)
{
    (void)state;
    struct hours h = {0};
    char why[128];
    assert_int_equal(hours_parse_week(&h, "mon-sun 09:00-17:00", why, sizeof why), 0);
    struct hours_switch s = {0};
    assert_int_equal(step(&s, &h, at(2026, 11, 25, 16, 59), 1, 0), HOURS_STAY);
    assert_int_equal(s.closed, 0);
    assert_int_equal(s.next_change, at(2026, 11, 25, 17, 0));
    /* 17:00 with a visitor at the screen: wind down, stay lit */
    assert_int_equal(step(&s, &h, at(2026, 11, 25, 17, 0), 1, 0), HOURS_WIND_DOWN);
    assert_int_equal(s.closed, 0);
    assert_int_equal(s.closing, 1);
    assert_int_equal(step(&s, &h, at(2026, 11, 25, 17, 0) + 1, 1, 0), HOURS_WIND_DOWN);
    /* the session has ended and the first panel is in place: close */
    assert_int_equal(step(&s, &h, at(2026, 11, 25, 17, 0) + 1, 0, 0), HOURS_CLOSE);
    assert_int_equal(s.closed, 1);
    assert_int_equal(s.next_change, at(2026, 11, 26, 9, 0));
    assert_int_equal(hours_switch_wait_ms(&s, at(2026, 11, 25, 17, 0) + 1),
                     (16 * 3600 - 1) * 1000u);
    /* the night: nothing to do */
    assert_int_equal(step(&s, &h, at(2026, 11, 26, 3, 0), 0, 0), HOURS_STAY);
    assert_int_equal(step(&s, &h, at(2026, 11, 26, 9, 0), 0, 0), HOURS_OPEN);
    assert_int_equal(s.closed, 0);
    assert_int_equal(s.closing, 0);
    assert_int_equal(s.next_change, at(2026, 11, 26, 17, 0));
}

/* A touch on a dark kiosk wakes it for a while; when the wake ends it
 * closes again, and a wake during the winding down cancels the closing. */
static void a_touch_wakes_a_closed_kiosk(void **state)
{
    (void)state;
    struct hours h = {0};
    char why[128];
    assert_int_equal(hours_parse_week(&h, "mon-sun 09:00-17:00", why, sizeof why), 0);
    struct hours_switch s = {0};
    int64_t night = at(2026, 11, 25, 22, 0);
    assert_int_equal(step(&s, &h, night, 0, 0), HOURS_CLOSE);
    assert_int_equal(step(&s, &h, night + 60, 0, 1), HOURS_OPEN);
    assert_int_equal(s.closed, 0);
    /* open until the wake ends (5 minutes), not until the hours' next
     * opening (issue 18: "until Thursday 09:00" on a five-minute wake) */
    assert_int_equal(hours_switch_open_until(&s, night + 60, 0, 300000), night + 360);
    /* opened by the hours: until their next change */
    assert_int_equal(hours_switch_open_until(&s, night + 60, 1, 0), s.next_change);
    /* a wake that outlasts the night: until the hours take over */
    assert_int_equal(hours_switch_open_until(&s, at(2026, 11, 26, 8, 58), 0, 600000),
                     at(2026, 11, 26, 9, 0));
    assert_int_equal(step(&s, &h, night + 600, 1, 0), HOURS_WIND_DOWN);
    assert_int_equal(step(&s, &h, night + 601, 0, 1), HOURS_STAY); /* touched again */
    assert_int_equal(s.closing, 0);
    assert_int_equal(step(&s, &h, night + 1200, 0, 0), HOURS_CLOSE);
    /* no change within a week: sleep a day at most */
    struct hours_switch t = {1, 0, -1};
    assert_int_equal(hours_switch_wait_ms(&t, night), 86400000u);
    t.next_change = night - 5;
    assert_int_equal(hours_switch_wait_ms(&t, night), 1000u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(closing_waits_for_the_visitor, setup),
        cmocka_unit_test_setup(a_touch_wakes_a_closed_kiosk, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
