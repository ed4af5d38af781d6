/* Scripted input: parsing, exact expansion of taps and swipes, errors with
 * their line numbers, and a long script parsed quickly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/script.h"

static char *read_data(const char *name, size_t *len)
{
    const char *dir = getenv("VITRINE_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof(path), "%s/tests/data/scripts/%s", dir ? dir : ".", name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

static void check_touch(const struct script_rec *r, uint64_t t, enum input_phase ph, int64_t id,
                        float x, float y)
{
    assert_int_equal(r->kind, SCRIPT_INPUT);
    assert_int_equal(r->t_ms, t);
    assert_int_equal(r->ev.t_ms, t);
    assert_int_equal(r->ev.kind, INPUT_TOUCH);
    assert_int_equal(r->ev.phase, ph);
    assert_int_equal(r->ev.finger, id);
    assert_float_equal(r->ev.x, x, 1e-6);
    assert_float_equal(r->ev.y, y, 1e-6);
}

static void check_shot(const struct script_rec *r, uint64_t t, const char *name)
{
    assert_int_equal(r->kind, SCRIPT_SHOT);
    assert_int_equal(r->t_ms, t);
    assert_string_equal(r->shot, name);
}

static void check_key(const struct script_rec *r, uint64_t t, enum input_key k)
{
    assert_int_equal(r->kind, SCRIPT_INPUT);
    assert_int_equal(r->t_ms, t);
    assert_int_equal(r->ev.kind, INPUT_KEY);
    assert_int_equal(r->ev.key, k);
    assert_int_equal(r->ev.mods, 0);
    assert_int_equal(r->ev.repeat, 0);
}

static void good_script_expands_exactly(void **state)
{
    (void)state;
    size_t len;
    char *text = read_data("tour.txt", &len);
    struct script s;
    char why[256];
    int rc = script_parse(text, len, "tour.txt", &s, why, sizeof(why));
    if (rc != 0)
        fail_msg("%s", why);
    free(text);
    const int G = SCRIPT_GESTURE_FINGER;
    assert_int_equal(s.n, 18);
    const struct script_rec *r = s.recs;
    check_shot(r++, 0, "loop-start");
    check_touch(r++, 1000, INPUT_DOWN, G, 0.5f, 0.5f);
    check_touch(r++, 1000 + SCRIPT_TAP_MS, INPUT_UP, G, 0.5f, 0.5f);
    check_shot(r++, 1500, "awake");
    /* 100 ms in 7 steps of at most 16 ms, the last one at the end point */
    check_touch(r++, 2000, INPUT_DOWN, G, 0.8f, 0.5f);
    static const uint64_t at[7] = {14, 28, 42, 57, 71, 85, 100};
    for (int i = 0; i < 7; i++)
        check_touch(r++, 2000 + at[i], INPUT_MOVE, G, 0.8f - 0.6f * (float)(i + 1) / 7.0f, 0.5f);
    check_touch(r++, 2100, INPUT_UP, G, 0.2f, 0.5f);
    check_shot(r++, 2600, "second-panel");
    check_touch(r++, 3000, INPUT_DOWN, 7, 0.96f, 0.4f);
    check_touch(r++, 3040, INPUT_UP, 7, 0.96f, 0.4f);
    check_key(r++, 3500, INPUT_KEY_RIGHT);
    check_key(r++, 4000, INPUT_KEY_HOME);
    assert_int_equal(s.recs[17].line, 12);
    script_free(&s);
    script_free(&s); /* harmless twice */
}

static void parse_text(const char *text, struct script *s)
{
    char why[256];
    int rc = script_parse(text, strlen(text), "t", s, why, sizeof(why));
    if (rc != 0)
        fail_msg("%s", why);
}

static void expansions_interleave_in_time(void **state)
{
    (void)state;
    struct script s;
    /* the tap's up lands after later lines; equal times keep script order */
    parse_text("0 tap 0.1 0.2\n20 key left\n50 key right\r\n50 swipe 0 0 1 1 0\n", &s);
    assert_int_equal(s.n, 7);
    check_touch(&s.recs[0], 0, INPUT_DOWN, SCRIPT_GESTURE_FINGER, 0.1f, 0.2f);
    check_key(&s.recs[1], 20, INPUT_KEY_LEFT);
    check_touch(&s.recs[2], 50, INPUT_UP, SCRIPT_GESTURE_FINGER, 0.1f, 0.2f);
    check_key(&s.recs[3], 50, INPUT_KEY_RIGHT);
    /* a swipe of 0 ms: down, one move, up, all at once */
    check_touch(&s.recs[4], 50, INPUT_DOWN, SCRIPT_GESTURE_FINGER, 0.0f, 0.0f);
    check_touch(&s.recs[5], 50, INPUT_MOVE, SCRIPT_GESTURE_FINGER, 1.0f, 1.0f);
    check_touch(&s.recs[6], 50, INPUT_UP, SCRIPT_GESTURE_FINGER, 1.0f, 1.0f);
    script_free(&s);

    /* key names: aliases, any case; comments and blank lines */
    parse_text("\n   \n# nothing\n0 key ESC\n0 key Return # enter\n0 key f12\n0 key pagedown", &s);
    assert_int_equal(s.n, 4);
    check_key(&s.recs[0], 0, INPUT_KEY_ESCAPE);
    check_key(&s.recs[1], 0, INPUT_KEY_ENTER);
    check_key(&s.recs[2], 0, INPUT_KEY_F12);
    check_key(&s.recs[3], 0, INPUT_KEY_PAGE_DOWN);
    script_free(&s);
    for (int k = 1; k < INPUT_KEY_COUNT; k++)
        assert_int_equal(script_key_from_name(script_key_name((enum input_key)k)), k);

    parse_text("", &s);
    assert_int_equal(s.n, 0);
    script_free(&s);
}

static void expect_error(const char *text, size_t len, const char *want)
{
    struct script s;
    char why[256];
    int rc = script_parse(text, len, "script.txt", &s, why, sizeof(why));
    if (rc == 0)
        fail_msg("no error for: %s", text);
    assert_null(s.recs);
    assert_int_equal(s.n, 0);
    if (!strstr(why, want))
        fail_msg("got \"%s\", want \"%s\"", why, want);
    script_free(&s);
}

static void err(const char *text, const char *want)
{
    expect_error(text, strlen(text), want);
}

static void errors_name_their_line(void **state)
{
    (void)state;
    err("0 tap 0.5 0.5\n\n# x\n\n\n\n100 down 1 0.5\n",
        "script.txt:7: expected 3 numbers after 'down' (<id> <x> <y>)");
    err("0 move 1 0.5 abc", "script.txt:1: expected 3 numbers after 'move'");
    err("0 up 1 0.5 0.5 0.5", "script.txt:1: expected 3 numbers after 'up'");
    err("0 tap 0.5", "script.txt:1: expected 2 numbers after 'tap' (<x> <y>)");
    err("0 swipe 0 0 1 1", "script.txt:1: expected 5 numbers after 'swipe'");
    err("0 swipe 0 0 1 1 1.5", "expected 5 numbers after 'swipe'");
    err("0 swipe 0 0 1 1 60001", "script.txt:1: swipe duration 60001 is longer than 60000 ms");
    err("0 down -1 0.5 0.5", "expected 3 numbers after 'down'");
    err("0 down 99999999999 0.5 0.5", "finger id 99999999999 is too large");
    err("# c\n0 tap 1.5 0.5", "script.txt:2: x 1.5 is outside 0..1");
    err("0 tap 0.5 -0.01", "script.txt:1: y -0.01 is outside 0..1");
    err("0 swipe 0 0 1.0001 1 10", "script.txt:1: x2 1.0001 is outside 0..1");
    err("0 tap 0,5 0.5", "expected 2 numbers after 'tap'");
    err("0 key\n", "script.txt:1: expected one key name after 'key'");
    err("0 key left\n10 key hyperspace", "script.txt:2: unknown key 'hyperspace'");
    err("0 shot ../etc/passwd", "script.txt:1: shot name '../etc/passwd'");
    err("0 shot a/b", "shot name 'a/b'");
    err("0 shot .hidden", "shot name '.hidden'");
    err("0 shot a\\b", "shot name 'a\\b'");
    err("0 shot x y", "expected one name after 'shot'");
    err("0 shot 01234567890123456789012345678901234567890123456789012345678901234", "shot name");
    err("0 jump 3", "script.txt:1: unknown command 'jump'");
    err("tap 0.5 0.5", "script.txt:1: expected a time in milliseconds, not 'tap'");
    err("-5 tap 0.5 0.5", "expected a time in milliseconds");
    err("1.5 tap 0.5 0.5", "expected a time in milliseconds");
    err("99999999999999999999999 key left", "is beyond 86400000 ms");
    err("86400001 key left", "time 86400001 is beyond");
    err("10", "script.txt:1: expected a command after the time");
    err("0 tap 0.5 0.5 1 2 3 4 5 6 7 8", "script.txt:1: too many words");

    size_t len;
    char *text = read_data("bad_time.txt", &len);
    expect_error(text, len, "script.txt:5: time 150 is earlier than the line before (200)");
    free(text);

    char nul[] = "0 key left\n5 key\0 right\n";
    expect_error(nul, sizeof(nul) - 1, "script.txt:2: NUL byte");

    char *longline = malloc(SCRIPT_MAX_LINE + 50);
    assert_non_null(longline);
    memset(longline, ' ', SCRIPT_MAX_LINE + 49);
    memcpy(longline, "0 key left", 10);
    longline[SCRIPT_MAX_LINE + 49] = '\0';
    err(longline, "script.txt:1: line longer than 512 characters");
    free(longline);
}

/* Staff commands keep their free text whole (spaces and all) and say
 * plainly what they expected. */
static void staff_commands(void **state)
{
    (void)state;
    struct script s;
    parse_text("100 staff-pin 2468\n"
               "200 staff-tap ok\n"
               "300 staff-progress 5 10   Copying the exhibit,  from the stick  \n"
               "400 staff-progress off\n"
               "500 staff-card ok Loaded: Tour, version 3 | 36 panels. You can remove the stick.\n"
               "600 staff-card fail | Not signed.\n"
               "700 staff-card off\n",
               &s);
    assert_int_equal(s.n, 7);
    for (size_t i = 0; i < s.n; i++)
        assert_int_equal(s.recs[i].kind, SCRIPT_STAFF);
    assert_int_equal(s.recs[0].staff.op, SCRIPT_STAFF_PIN);
    assert_string_equal(s.recs[0].staff.text, "2468");
    assert_int_equal(s.recs[1].staff.op, SCRIPT_STAFF_TAP);
    assert_string_equal(s.recs[1].staff.text, "ok");
    assert_int_equal(s.recs[2].staff.op, SCRIPT_STAFF_PROGRESS);
    assert_int_equal(s.recs[2].staff.done, 5);
    assert_int_equal(s.recs[2].staff.total, 10);
    assert_string_equal(s.recs[2].staff.text, "Copying the exhibit,  from the stick");
    assert_true(s.recs[3].staff.off);
    assert_true(s.recs[4].staff.ok);
    assert_string_equal(s.recs[4].staff.text, "Loaded: Tour, version 3");
    assert_string_equal(s.recs[4].staff.text2, "36 panels. You can remove the stick.");
    assert_false(s.recs[5].staff.ok);
    assert_string_equal(s.recs[5].staff.text, "");
    assert_string_equal(s.recs[5].staff.text2, "Not signed.");
    assert_true(s.recs[6].staff.off);
    script_free(&s);
    err("100 staff-tap 12\n", "script.txt:1: expected a control after 'staff-tap'");
    err("100 staff-progress five 10 x\n", "script.txt:1: expected <done> <total> <text>");
    err("100 staff-card maybe x | y\n", "script.txt:1: expected ok|fail");
    err("100 staff-pin\n", "script.txt:1: expected the PIN's digits");
    err("100 staff-dance\n", "script.txt:1: unknown command 'staff-dance'");
}

static void too_many_events(void **state)
{
    (void)state;
    /* each line expands to 3,752 records */
    const char *line = "0 swipe 0 0 1 1 60000\n";
    int lines = (int)(SCRIPT_MAX_EVENTS / 3752) + 1;
    size_t n = strlen(line);
    char *text = malloc(n * (size_t)lines + 1);
    assert_non_null(text);
    for (int i = 0; i < lines; i++)
        memcpy(text + n * (size_t)i, line, n);
    text[n * (size_t)lines] = '\0';
    char want[64];
    snprintf(want, sizeof(want), "script.txt:%d: more than 1000000 events", lines);
    err(text, want);
    /* one line fewer is within the limit */
    text[n * (size_t)(lines - 1)] = '\0';
    struct script s;
    parse_text(text, &s);
    assert_int_equal(s.n, (size_t)(lines - 1) * 3752);
    script_free(&s);
    free(text);
}

static void ten_minute_script_parses(void **state)
{
    (void)state;
    size_t cap = 1 << 20, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t lines = 0;
    for (uint64_t t = 0; t < 10 * 60 * 1000; t += 100, lines++) {
        char line[128];
        int k;
        switch (lines % 6) {
        case 0:
            k = snprintf(line, sizeof(line), "%llu tap 0.5 0.5\n", (unsigned long long)t);
            break;
        case 1:
            k = snprintf(line, sizeof(line), "%llu swipe 0.9 0.5 0.1 0.5 300\n",
                         (unsigned long long)t);
            break;
        case 2:
            k = snprintf(line, sizeof(line), "%llu down 3 0.25 0.75\n", (unsigned long long)t);
            break;
        case 3:
            k = snprintf(line, sizeof(line), "%llu move 3 0.3 0.7\n", (unsigned long long)t);
            break;
        case 4:
            k = snprintf(line, sizeof(line), "%llu up 3 0.3 0.7 # lift\n", (unsigned long long)t);
            break;
        default:
            k = snprintf(line, sizeof(line), "%llu key right\n%llu shot s%zu\n",
                         (unsigned long long)t, (unsigned long long)t, lines);
            break;
        }
        assert_true(len + (size_t)k < cap);
        memcpy(text + len, line, (size_t)k);
        len += (size_t)k;
    }
    struct script s;
    char why[256];
    if (script_parse(text, len, "long.txt", &s, why, sizeof(why)) != 0)
        fail_msg("%s", why);
    /* per 6 lines: tap 2, swipe 1 + 19 + 1, down, move, up, key, shot */
    assert_int_equal(s.n, lines / 6 * (2 + 21 + 3 + 2));
    for (size_t i = 1; i < s.n; i++)
        assert_true(s.recs[i - 1].t_ms <= s.recs[i].t_ms);
    assert_true(s.recs[s.n - 1].t_ms < 10 * 60 * 1000 + 300);
    script_free(&s);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_script_expands_exactly),
        cmocka_unit_test(expansions_interleave_in_time),
        cmocka_unit_test(errors_name_their_line),
        cmocka_unit_test(staff_commands),
        cmocka_unit_test(too_many_events),
        cmocka_unit_test(ten_minute_script_parses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
