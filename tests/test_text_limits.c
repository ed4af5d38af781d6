/* test_text_limits.c - the limits on the cost of text (issue 35), as
 * rules_text (content/rules.c) checks them for the build and the import
 * alike: at most RULES_CLUSTER_JOINED characters joined to one (marks,
 * joiners, modifiers: the extended grapheme cluster of UAX #29), and bidi
 * controls nested at most to RULES_BIDI_DEPTH. Each limit at its edge, and
 * what must never be refused for it: Korean, flags, emoji families,
 * Devanagari conjuncts, many embeddings one after another. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "content/rules.h"

static char buf[20000];

static void rep(const char *s, int n)
{
    for (int i = 0; i < n; i++)
        strcat(buf, s);
}

static int check(char *why, size_t why_len)
{
    why[0] = '\0';
    return rules_text(buf, strlen(buf), 1, sizeof(buf), "body", why, why_len);
}

static void marks_on_one_character(void **state)
{
    (void)state;
    char why[300];
    static const char *const marks[] = {
        "\xCC\x81",     /* U+0301 COMBINING ACUTE ACCENT */
        "\xD9\x8E",     /* U+064E ARABIC FATHA */
        "\xE0\xB9\x88", /* U+0E48 THAI CHARACTER MAI EK */
        "\xE2\x80\x8D", /* U+200D ZERO WIDTH JOINER */
        "\xEF\xB8\x8F", /* U+FE0F VARIATION SELECTOR-16 */
    };
    for (size_t m = 0; m < sizeof(marks) / sizeof(marks[0]); m++) {
        buf[0] = '\0';
        strcat(buf, "x e");
        rep(marks[m], RULES_CLUSTER_JOINED);
        strcat(buf, " y");
        assert_int_equal(check(why, sizeof why), 0);
        buf[0] = '\0';
        strcat(buf, "x e");
        rep(marks[m], RULES_CLUSTER_JOINED + 1);
        assert_int_equal(check(why, sizeof why), -1);
        assert_non_null(strstr(why, "body has a character (U+0065) that carries more than 30"));
    }
    /* a ZWJ chain of emoji is one cluster; Hangul jamo too */
    buf[0] = '\0';
    rep("\xF0\x9F\x91\xA8\xE2\x80\x8D", 20); /* U+1F468 U+200D */
    assert_int_equal(check(why, sizeof why), -1);
    buf[0] = '\0';
    rep("\xE1\x84\x80", 40); /* U+1100 HANGUL CHOSEONG KIYEOK */
    assert_int_equal(check(why, sizeof why), -1);
    /* marks with nothing before them, after a newline */
    buf[0] = '\0';
    strcat(buf, "a\n");
    rep("\xCC\x81", RULES_CLUSTER_JOINED + 2);
    assert_int_equal(check(why, sizeof why), -1);
}

static void what_is_never_refused(void **state)
{
    (void)state;
    char why[300];
    buf[0] = '\0';
    rep("\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", 400); /* 한국어: syllables, one cluster each */
    assert_int_equal(check(why, sizeof why), 0);
    buf[0] = '\0';
    rep("\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7", 300); /* flags: pairs of regional indicators */
    assert_int_equal(check(why, sizeof why), 0);
    buf[0] = '\0';
    /* a family with skin tones, 100 times */
    rep("\xF0\x9F\x91\xA8\xF0\x9F\x8F\xBD\xE2\x80\x8D\xF0\x9F\x91\xA9\xF0\x9F\x8F\xBD\xE2\x80\x8D"
        "\xF0\x9F\x91\xA7\xF0\x9F\x8F\xBD\xE2\x80\x8D\xF0\x9F\x91\xA6\xF0\x9F\x8F\xBD",
        100);
    assert_int_equal(check(why, sizeof why), 0);
    buf[0] = '\0';
    strcat(buf, "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7\xE0\xA4\xA4\xE0\xA5\x8D\xE0\xA4\xB0\xE0\xA4"
                "\xBF\xE0\xA4\xAF"); /* क्षत्रिय */
    assert_int_equal(check(why, sizeof why), 0);
    buf[0] = '\0';
    rep("\xE2\x80\xAB"
        "abc\xE2\x80\xAC ",
        300); /* embeddings one after another */
    assert_int_equal(check(why, sizeof why), 0);
}

static void bidi_nesting(void **state)
{
    (void)state;
    char why[300];
    static const char *const open[] = {
        "\xE2\x80\xAB", /* RLE */
        "\xE2\x80\xAA", /* LRE */
        "\xE2\x81\xA8", /* FSI */
        "\xE2\x81\xA7", /* RLI */
    };
    for (size_t o = 0; o < sizeof(open) / sizeof(open[0]); o++) {
        /* 62 of two levels each, from a right-to-left paragraph: 125 */
        buf[0] = '\0';
        rep(open[o], 62);
        strcat(buf, "x");
        assert_int_equal(check(why, sizeof why), 0);
        rep(open[o], 1);
        assert_int_equal(check(why, sizeof why), -1);
        assert_non_null(strstr(why, "body nests direction controls"));
        /* a paragraph starts again after a newline */
        buf[0] = '\0';
        rep(open[o], 40);
        strcat(buf, "x\n");
        rep(open[o], 40);
        assert_int_equal(check(why, sizeof why), 0);
    }
    /* closed ones do not add up: PDF and PDI pop */
    buf[0] = '\0';
    for (int i = 0; i < 40; i++) { /* 14,400 bytes */
        rep("\xE2\x80\xAB\xE2\x81\xA7", 30);
        rep("\xE2\x81\xA9\xE2\x80\xAC", 30);
    }
    assert_int_equal(check(why, sizeof why), 0);
    /* alternating RLE and LRE climb one level each: 123 from level 1 */
    buf[0] = '\0';
    for (int i = 0; i < 123; i++)
        strcat(buf, i % 2 ? "\xE2\x80\xAA" : "\xE2\x80\xAB");
    assert_int_equal(check(why, sizeof why), 0);
    strcat(buf, "\xE2\x80\xAA");
    assert_int_equal(check(why, sizeof why), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(marks_on_one_character),
        cmocka_unit_test(what_is_never_refused),
        cmocka_unit_test(bidi_nesting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
