/* Windows of time for content on a schedule (content/when.h): what a
 * curator may write, what is refused and why, and when a window is open,
 * across midnight, weekdays, date spans and the calendar's edges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "content/when.h"

static struct when parsed(const char *text)
{
    struct when w;
    char why[256] = "";
    if (when_parse(text, &w, why, sizeof why) != 0)
        fail_msg("'%s' refused: %s", text, why);
    return w;
}

static void refused(const char *text, const char *reason)
{
    struct when w;
    char why[256] = "";
    assert_int_equal(when_parse(text, &w, why, sizeof why), -1);
    if (!strstr(why, reason))
        fail_msg("'%s': '%s' does not say '%s'", text, why, reason);
}

static void what_curators_write(void **state)
{
    (void)state;
    struct when w = parsed("2026-04-12");
    assert_true(when_open(&w, 2026, 4, 12, 0));
    assert_true(when_open(&w, 2026, 4, 12, 1439));
    assert_false(when_open(&w, 2026, 4, 11, 1439));
    assert_false(when_open(&w, 2026, 4, 13, 0));

    w = parsed("2026-04-10..2026-04-12 sat-sun 07:00-15:00");
    assert_false(when_open(&w, 2026, 4, 10, 8 * 60));  /* a Friday */
    assert_true(when_open(&w, 2026, 4, 11, 7 * 60));   /* Saturday 07:00 */
    assert_false(when_open(&w, 2026, 4, 11, 15 * 60)); /* 15:00: closed, the end is not in */
    assert_true(when_open(&w, 2026, 4, 12, 14 * 60 + 59));
    assert_false(when_open(&w, 2026, 4, 18, 8 * 60)); /* the next Saturday: past the dates */

    w = parsed("mon,wed,fri");
    assert_true(when_open(&w, 2026, 11, 23, 600));  /* Monday */
    assert_false(when_open(&w, 2026, 11, 24, 600)); /* Tuesday */
    assert_true(when_open(&w, 2026, 11, 25, 600));  /* Wednesday */

    w = parsed("fri-mon");                          /* round the week's end */
    assert_true(when_open(&w, 2026, 11, 29, 600));  /* Sunday */
    assert_true(when_open(&w, 2026, 11, 30, 600));  /* Monday */
    assert_false(when_open(&w, 2026, 11, 25, 600)); /* Wednesday */

    w = parsed("  09:00-24:00  "); /* until midnight, spaces around */
    assert_false(when_open(&w, 2026, 1, 1, 8 * 60 + 59));
    assert_true(when_open(&w, 2026, 1, 1, 1439));
    w = parsed("00:00-24:00");
    assert_true(when_open(&w, 2026, 1, 1, 0));
    assert_true(when_open(&w, 2026, 1, 1, 1439));
}

/* A span past midnight belongs to the day it starts on. */
static void past_midnight_belongs_to_its_first_day(void **state)
{
    (void)state;
    struct when w = parsed("fri 18:00-02:00");
    assert_true(when_open(&w, 2026, 11, 27, 18 * 60)); /* Friday evening */
    assert_true(when_open(&w, 2026, 11, 28, 60));      /* Saturday 01:00 */
    assert_false(when_open(&w, 2026, 11, 28, 2 * 60)); /* Saturday 02:00 */
    assert_false(when_open(&w, 2026, 11, 27, 60));     /* Friday 01:00: Thursday's night */
    assert_false(when_open(&w, 2026, 11, 28, 20 * 60));

    w = parsed("2026-12-31 22:00-03:00"); /* into the new year */
    assert_true(when_open(&w, 2027, 1, 1, 2 * 60 + 59));
    assert_false(when_open(&w, 2027, 1, 1, 3 * 60));
    assert_false(when_open(&w, 2026, 12, 31, 21 * 60));

    w = parsed("2028-02-28..2028-02-29"); /* a leap day */
    assert_true(when_open(&w, 2028, 2, 29, 0));
    assert_false(when_open(&w, 2028, 3, 1, 0));
}

static void what_is_refused_says_why(void **state)
{
    (void)state;
    refused("", "empty window");
    refused("2026-02-30", "not a day of the calendar");
    refused("2027-02-29", "not a day of the calendar");
    refused("2026-4-12", "write it as 2026-04-12");
    refused("2026-04-12..2026-04-10", "ends before it starts");
    refused("18:00-09:00", "swapped");
    refused("09:00-09:00", "empty");
    refused("24:00-02:00", "24:00");
    refused("9:00-17:00", "not a time of day");
    refused("09:00-17:60", "not a time of day");
    refused("mon-xyz", "not a date, weekdays or a time of day");
    refused("mon,", "not a date, weekdays or a time of day");
    refused("sat sun", "not a date, weekdays or a time of day"); /* weekdays twice */
    refused("09:00-10:00 11:00-12:00", "times twice");
    refused("2026-04-12 2026-04-13", "dates twice");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(what_curators_write),
        cmocka_unit_test(past_midnight_belongs_to_its_first_day),
        cmocka_unit_test(what_is_refused_says_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
