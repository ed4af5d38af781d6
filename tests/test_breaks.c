/* test_breaks.c - line breaks and clusters on text nobody listed: every
 * code point there is, alone and between letters, goes through the line
 * breaker without taking the process down (libunibreak 1.1 aborted on the
 * regional indicators and on U+FFFF); flags, ZWJ sequences, skin tones,
 * tags and marks are never broken or cut inside; malformed bytes are
 * letters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/breaks.h"
#include "app/visitor/typeset.h"

#include "utf8_testing.h"

/* Breaks of s: brks[k] as breaks_find gives them; returns n. */
static size_t find(const char *s, const char *lang, char *brks)
{
    static char shadow[256];
    size_t n = strlen(s);
    assert_true(n < sizeof shadow);
    breaks_find(s, n, lang, brks, shadow);
    return n;
}

/* The text with '|' where a line may break ("a |b"). */
static const char *marked(const char *s, const char *lang)
{
    static char out[512];
    char brks[256];
    size_t n = find(s, lang, brks), o = 0;
    for (size_t i = 0; i < n; i++) {
        out[o++] = s[i];
        if (i + 1 < n && brks[i] == BREAKS_ALLOW)
            out[o++] = '|';
    }
    out[o] = 0;
    return out;
}

/* Every scalar value and surrogate-free noncharacter, alone, after a letter,
 * before one, and paired with itself: each comes back with a mandatory break
 * at the end and a break state for every byte, in every language the
 * library has rules of its own for. */
static void every_code_point_is_taken(void **state)
{
    (void)state;
    static const char *const langs[] = {NULL, "en", "fr", "de", "ko", "ja", "zh", "ru"};
    char s[32], brks[32], shadow[32];
    long checked = 0;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        const char *lang = langs[cp % 8];
        size_t n = 0;
        n += put_utf8(s + n, 'a');
        size_t at = n;
        n += put_utf8(s + n, cp);
        size_t len = n - at;
        memcpy(s + n, s + at, len); /* the same again: a flag is a pair */
        n += len;
        n += put_utf8(s + n, 'b');
        memset(brks, 9, sizeof brks);
        breaks_find(s, n, lang, brks, shadow);
        if (brks[n - 1] != BREAKS_MUST)
            fail_msg("U+%04X: no break at the end", (unsigned)cp);
        for (size_t k = 0; k < n; k++)
            if (brks[k] < BREAKS_MUST || brks[k] > BREAKS_INSIDE)
                fail_msg("U+%04X: byte %zu has no break state", (unsigned)cp, k);
        for (size_t k = at; k + 1 < at + len; k++)
            if (brks[k] != BREAKS_INSIDE)
                fail_msg("U+%04X: a break inside the character", (unsigned)cp);
        breaks_find(s + at, len, lang, brks, shadow); /* alone */
        if (brks[len - 1] != BREAKS_MUST)
            fail_msg("U+%04X alone: no break at the end", (unsigned)cp);
        checked++;
    }
    assert_int_equal(checked, 0x110000 - 0x800);
}

static void flags_break_between_pairs_only(void **state)
{
    (void)state;
    /* U+1F1E8 U+1F1E6 (CA), U+1F1EB U+1F1F7 (FR), U+1F1EC U+1F1E7 (GB) */
    const char *ca = "\xF0\x9F\x87\xA8\xF0\x9F\x87\xA6";
    const char *fr = "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7";
    char s[64];
    snprintf(s, sizeof s, "%s%s", ca, fr);
    char want[64];
    snprintf(want, sizeof want, "%s|%s", ca, fr);
    assert_string_equal(marked(s, "en"), want);
    snprintf(s, sizeof s, "Canada %s!", ca); /* no break before '!' (LB13) */
    snprintf(want, sizeof want, "Canada |%s!", ca);
    assert_string_equal(marked(s, "en"), want);
    /* three indicators: a flag and a lone one, a break between them */
    snprintf(s, sizeof s, "%s\xF0\x9F\x87\xAB", ca);
    snprintf(want, sizeof want, "%s|\xF0\x9F\x87\xAB", ca);
    assert_string_equal(marked(s, "fr"), want);
    assert_int_equal(breaks_cluster_end(s, strlen(s), 0), 8);
    assert_int_equal(breaks_cluster_end(s, strlen(s), 8), 12);
}

/* Hebrew and Arabic break at their spaces; a Hebrew prefix letter and its
 * maqaf stay with the word or number after them (UAX #14 LB21a), so
 * "ל־9.5%" never ends a line at "ל־". */
static void hebrew_keeps_a_prefix_with_its_word(void **state)
{
    (void)state;
    /* צונחת ל־9.5% */
    assert_string_equal(marked("\xD7\xA6\xD7\x95\xD7\xA0\xD7\x97\xD7\xAA "
                               "\xD7\x9C\xD6\xBE"
                               "9.5%",
                               "he"),
                        "\xD7\xA6\xD7\x95\xD7\xA0\xD7\x97\xD7\xAA |"
                        "\xD7\x9C\xD6\xBE"
                        "9.5%");
    /* an Arabic sentence: at its spaces */
    assert_string_equal(marked("\xD9\x86\xD8\xB5 \xD9\x82\xD8\xB5\xD9\x8A\xD8\xB1", "ar"),
                        "\xD9\x86\xD8\xB5 |\xD9\x82\xD8\xB5\xD9\x8A\xD8\xB1");
}

static void emoji_sequences_hold_together(void **state)
{
    (void)state;
    /* man ZWJ woman ZWJ girl: one cluster, no break inside (LB8a) */
    const char *family = "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7";
    assert_string_equal(marked(family, "en"), family);
    assert_int_equal(breaks_cluster_end(family, strlen(family), 0), strlen(family));
    /* thumbs up, medium skin tone: no break between them (LB30b) */
    const char *thumbs = "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD";
    assert_string_equal(marked(thumbs, "en"), thumbs);
    assert_int_equal(breaks_cluster_end(thumbs, 8, 0), 8);
    /* two pictographs side by side may break (they are ideographic) */
    char two[16];
    snprintf(two, sizeof two, "%s%s", "\xF0\x9F\x8F\x83", "\xF0\x9F\x8F\x83");
    assert_string_equal(marked(two, "en"), "\xF0\x9F\x8F\x83|\xF0\x9F\x8F\x83");
    /* the flag of England: black flag, five tags, cancel tag */
    const char *england = "\xF0\x9F\x8F\xB4\xF3\xA0\x81\xA7\xF3\xA0\x81\xA2\xF3\xA0\x81\xA5"
                          "\xF3\xA0\x81\xAE\xF3\xA0\x81\xA7\xF3\xA0\x81\xBF";
    assert_int_equal(breaks_cluster_end(england, strlen(england), 0), strlen(england));
    /* a keycap: digit, VS16, combining enclosing keycap */
    assert_int_equal(breaks_cluster_end("1\xEF\xB8\x8F\xE2\x83\xA3 ", 8, 0), 7);
}

static void marks_stay_with_their_letter(void **state)
{
    (void)state;
    /* e + combining acute: one cluster; two Hangul syllables are two, but
     * Korean keeps its words whole (CSS keep-all): no break between them,
     * in any language's text; the space between words is the break */
    assert_int_equal(breaks_cluster_end("e\xCC\x81x", 4, 0), 3);
    assert_string_equal(marked("\xEA\xB0\x81\xEA\xB0\x81", "ko"), "\xEA\xB0\x81\xEA\xB0\x81");
    assert_string_equal(marked("(\xED\x83\x9C\xEC\x96\x91\xEC\xA0\x88)", "fr"),
                        "(\xED\x83\x9C\xEC\x96\x91\xEC\xA0\x88)"); /* (태양절) */
    assert_string_equal(marked("\xEB\xA7\x8C\xEA\xB2\xBD \xEB\x8C\x80", "ko"),
                        "\xEB\xA7\x8C\xEA\xB2\xBD |\xEB\x8C\x80");
    /* a number and its hyphen stay together: "25-year-old", "1980-1990" */
    assert_string_equal(marked("25-year-old", "en"), "25-year-|old");
    assert_string_equal(marked("a-b", "en"), "a-|b");
    /* Devanagari virama and vowel signs stay with their consonant */
    const char *ksha = "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7"; /* ka virama ssa */
    assert_int_equal(breaks_cluster_end(ksha, 9, 0), 6);
    /* a mark after a space starts its own cluster: the space is never drawn */
    assert_int_equal(breaks_cluster_end(" \xCC\x81", 3, 0), 1);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 2), 0);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 3), 3);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 4), 4);
}

static void malformed_bytes_are_letters(void **state)
{
    (void)state;
    size_t i = 0;
    /* overlong NUL, a surrogate, past U+10FFFF, a lone continuation byte */
    const char *bad[] = {"\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80", "\xF0\x9F\x87"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        i = 0;
        assert_int_equal(breaks_decode(bad[k], strlen(bad[k]), &i), 0xFFFD);
        assert_int_equal(i, 1);
    }
    /* each bad byte is a cluster of its own; no break between letters */
    assert_string_equal(marked("ab\xFF\xFE"
                               "cd",
                               "en"),
                        "ab\xFF\xFE"
                        "cd");
    i = 0;
    assert_int_equal(breaks_decode("\xEF\xBF\xBF", 3, &i), 0xFFFF);
    assert_string_equal(marked("a\xEF\xBF\xBF b", "en"), "a\xEF\xBF\xBF |b");
}

/* A fake measurer: every cluster 10 px wide. */
static int cl_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    (void)px;
    int w = 0;
    for (size_t i = 0; i < n; i = breaks_cluster_end(s, n, i))
        w += 10;
    return w;
}

static int cl_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px;
}

static const struct text_measurer per_cluster = {NULL, cl_width, cl_line_height, NULL, NULL};

/* A long run of flags, wider than the box, is cut between flags; the
 * ellipsis never lands inside one. */
static void long_runs_are_cut_between_clusters(void **state)
{
    (void)state;
    char s[8 * 30 + 1] = "";
    for (int k = 0; k < 30; k++)
        strcat(s, "\xF0\x9F\x87\xA8\xF0\x9F\x87\xA6");
    size_t k = typeset_prefix(&per_cluster, FACE_SANS, 10, s, strlen(s), 35);
    assert_int_equal(k, 3 * 8); /* three flags of 10 px fit 35 px */
    struct arena a;
    arena_init(&a, 4096);
    struct typeset t;
    const struct typeset_style st = {FACE_SANS, 0.0, 0.0, 0, "en"};
    assert_int_equal(typeset_prepare(&t, &per_cluster, &a, s, &st), 0);
    typeset_one_line(&t, 10, 45);
    assert_int_equal(t.keep, 1);
    assert_true(t.cut);
    /* three flags (24 bytes) and the ellipsis (3 bytes, 10 px) */
    assert_int_equal(t.lines[0].len, 24 + 3);
    assert_int_equal(t.lines[0].w, 40);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_point_is_taken),
        cmocka_unit_test(flags_break_between_pairs_only),
        cmocka_unit_test(emoji_sequences_hold_together),
        cmocka_unit_test(hebrew_keeps_a_prefix_with_its_word),
        cmocka_unit_test(marks_stay_with_their_letter),
        cmocka_unit_test(malformed_bytes_are_letters),
        cmocka_unit_test(long_runs_are_cut_between_clusters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
