/* test_bidi.c - lines reordered by the Unicode bidirectional algorithm
 * (app/visitor/bidi.c): the cases a reader of Arabic and Hebrew checks
 * (a Latin name, a number, a date inside Arabic; Hebrew inside English;
 * brackets), then thousands of random lines of Latin, Arabic, Hebrew,
 * digits, punctuation, marks and controls, whose order on screen must be
 * FriBidi's own reordering of the same line (fribidi_reorder_line), and
 * malformed bytes, which must come back as the whole line in runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fribidi.h>

#include "app/visitor/bidi.h"
#include "app/visitor/typeset.h"

#include "utf8_testing.h"

/* The line as it stands on screen: each run's text, a right-to-left run's
 * code points from its end, mirrored ("(" drawn as ")"). */
static void visual(const char *s, const struct bidi_run *r, int n, char *out)
{
    size_t o = 0;
    for (int i = 0; i < n; i++) {
        if (!r[i].rtl) {
            memcpy(out + o, s + r[i].off, (size_t)r[i].len);
            o += (size_t)r[i].len;
            continue;
        }
        size_t len = (size_t)r[i].len, at = 0;
        uint32_t cps[512];
        int m = 0;
        while (at < len && m < 512)
            cps[m++] = typeset_decode(s + r[i].off, len, &at);
        while (m > 0) { /* mirrored, as the shaper draws a right-to-left run */
            FriBidiChar mirror = cps[--m];
            fribidi_get_mirror_char(mirror, &mirror);
            o += put_utf8(out + o, mirror);
        }
    }
    out[o] = '\0';
}

static void expect(const char *line, int rtl, const char *want)
{
    struct bidi_run r[32];
    int n = bidi_runs(line, strlen(line), rtl, r, 32);
    assert_true(n > 0);
    char got[1024];
    visual(line, r, n, got);
    if (strcmp(got, want) != 0)
        fail_msg("\"%s\" (base %s): on screen \"%s\", want \"%s\"", line, rtl ? "rtl" : "ltr", got,
                 want);
}

#define ALEF "\xD8\xA7"     /* U+0627 */
#define BEH "\xD8\xA8"      /* U+0628 */
#define TEH "\xD8\xAA"      /* U+062A */
#define ALEF_HE "\xD7\x90"  /* U+05D0 */
#define BET_HE "\xD7\x91"   /* U+05D1 */
#define GIMEL_HE "\xD7\x92" /* U+05D2 */

static void the_cases_a_reader_checks(void **state)
{
    (void)state;
    /* English alone, in either base: as written */
    expect("Jen ran", 0, "Jen ran");
    /* Arabic alone: from the right (the string shows the screen from the left) */
    expect(ALEF BEH TEH, 1, TEH BEH ALEF);
    /* a Latin name inside Arabic stays in reading order, the Arabic around it
     * swaps sides */
    expect(ALEF BEH " Jen " TEH, 1, TEH " Jen " BEH ALEF);
    /* a number inside Arabic reads left to right; a date's groups stand
     * from the right (after an Arabic letter digits are Arabic numbers, W2,
     * and a hyphen between them is no part of the number, W4), so a reader
     * meets 2014, 04, 13 in order; in Hebrew the date is one number */
    expect(ALEF " 42195 " BEH, 1, BEH " 42195 " ALEF);
    expect(ALEF " 2014-04-13 " BEH, 1, BEH " 13-04-2014 " ALEF);
    expect(ALEF_HE " 2014-04-13 " BET_HE, 1, BET_HE " 2014-04-13 " ALEF_HE);
    /* Hebrew inside an English sentence reads from the right, in place */
    expect("the word " ALEF_HE BET_HE GIMEL_HE " means", 0,
           "the word " GIMEL_HE BET_HE ALEF_HE " means");
    /* brackets around Hebrew in a Hebrew line: one right-to-left run, its
     * brackets mirrored by the shaper, so they open towards the word */
    expect(ALEF_HE " (" BET_HE ")", 1, "(" BET_HE ") " ALEF_HE);
    /* an English line in a right-to-left paragraph: stays readable */
    expect("Marathon des Sables", 1, "Marathon des Sables");
    /* the first strong letter, for text with no language */
    assert_int_equal(bidi_first_strong_rtl("2014 " ALEF, strlen("2014 " ALEF)), 1);
    assert_int_equal(bidi_first_strong_rtl("2014 a " ALEF, strlen("2014 a " ALEF)), 0);
    assert_int_equal(bidi_has_rtl("abc", 3), 0);
    assert_int_equal(bidi_has_rtl("a" BET_HE, strlen("a" BET_HE)), 1);
    struct bidi_run r[1];
    assert_int_equal(bidi_runs("", 0, 1, r, 1), 0);
    /* too many runs for the room given: -1, the caller sets it whole */
    const char *mixed = "a " ALEF " b " BEH " c";
    assert_int_equal(bidi_runs(mixed, strlen(mixed), 0, r, 1), -1);
}

/* A character that draws nothing and only steers the algorithm or the
 * shaper (bidi.c gives such characters the lowest level around them). */
static int invisible(FriBidiCharType t)
{
    return FRIBIDI_IS_EXPLICIT(t) || FRIBIDI_IS_ISOLATE(t) || t == FRIBIDI_TYPE_BN;
}

/* Random lines, in both base directions: the order on screen is FriBidi's
 * own reordering (levels and L1 through fribidi_reorder_line), for every
 * character that draws something. */
static void random_lines_read_as_fribidi_orders_them(void **state)
{
    (void)state;
    static const uint32_t pool[] = {'a',    'b',    'Z',    ' ',    ' ',    '0',    '7',    '.',
                                    ',',    '-',    '+',    '%',    '(',    ')',    '[',    ']',
                                    '"',    ':',    '/',    0x00AB, 0x00BB, 0x0627, 0x0628, 0x062A,
                                    0x0644, 0x0661, 0x0669, 0x064E, 0x05D0, 0x05D1, 0x05E9, 0x05B8,
                                    0x200E, 0x200F, 0x2066, 0x2067, 0x2069, 0x202A, 0x202B, 0x202C,
                                    0x00A0, 0x2212, 0x20AC, 0x0301, 0x1F600};
    const int npool = (int)(sizeof(pool) / sizeof(pool[0]));
    srand(20141304);
    for (int round = 0; round < 4000; round++) {
        int m = 1 + rand() % 60, rtl = rand() % 2;
        FriBidiChar cps[64];
        char s[64 * 4 + 1];
        size_t len = 0;
        int off[65];
        for (int i = 0; i < m; i++) {
            cps[i] = pool[rand() % npool];
            off[i] = (int)len;
            len += put_utf8(s + len, cps[i]);
        }
        off[m] = (int)len;
        s[len] = '\0';
        /* FriBidi's order: levels, then the line reordered (L1, L2) */
        FriBidiCharType ty[64];
        FriBidiBracketType br[64];
        FriBidiLevel lv[64];
        FriBidiStrIndex map[64];
        fribidi_get_bidi_types(cps, m, ty);
        fribidi_get_bracket_types(cps, m, ty, br);
        FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
        assert_true(fribidi_get_par_embedding_levels_ex(ty, br, m, &base, lv) != 0);
        for (int i = 0; i < m; i++)
            map[i] = i;
        assert_true(fribidi_reorder_line(0, ty, m, 0, base, lv, NULL, map) != 0);
        /* ours: the runs' code points in screen order */
        struct bidi_run r[64];
        int n = bidi_runs(s, len, rtl, r, 64);
        assert_true(n > 0);
        int got[64], k = 0;
        for (int i = 0; i < n; i++) {
            int first = 0, last = 0;
            while (off[first] < r[i].off)
                first++;
            last = first;
            while (off[last] < r[i].off + r[i].len)
                last++;
            for (int j = 0; j < last - first; j++)
                got[k++] = r[i].rtl ? last - 1 - j : first + j;
        }
        assert_int_equal(k, m);
        /* the controls (embeddings, isolates, joiners) draw nothing: where
         * they stand is bidi_runs' choice; everything else stands where
         * FriBidi puts it */
        int vis_got[64], vis_map[64], nv = 0, nm = 0;
        for (int i = 0; i < m; i++) {
            if (!invisible(ty[got[i]]))
                vis_got[nv++] = got[i];
            if (!invisible(ty[map[i]]))
                vis_map[nm++] = map[i];
        }
        assert_int_equal(nv, nm);
        for (int i = 0; i < nv; i++)
            if (vis_got[i] != vis_map[i]) {
                char line[512] = "";
                for (int j = 0; j < m; j++)
                    snprintf(line + strlen(line), sizeof(line) - strlen(line), "%04X ",
                             (unsigned)cps[j]);
                fail_msg("round %d, base %s, line %s: visible character %d on screen is code "
                         "point %d, FriBidi puts %d there",
                         round, rtl ? "rtl" : "ltr", line, i, vis_got[i], vis_map[i]);
            }
    }
}

/* Malformed UTF-8 and stray bytes: every byte of the line is in exactly one
 * run, the runs cover it in order of their offsets, nothing is read past
 * its end (ASan). */
static void malformed_bytes_stay_in_the_line(void **state)
{
    (void)state;
    srand(7);
    for (int round = 0; round < 3000; round++) {
        size_t n = 1 + (size_t)(rand() % 40);
        char *s = malloc(n); /* exact size: ASan sees a read past it */
        assert_non_null(s);
        for (size_t i = 0; i < n; i++)
            s[i] = (char)(rand() % 3 == 0 ? 0xD7 + rand() % 3 : rand() % 256);
        struct bidi_run r[64];
        int m = bidi_runs(s, n, rand() % 2, r, 64);
        assert_true(m > 0);
        unsigned char seen[64] = {0};
        for (int i = 0; i < m; i++) {
            assert_true(r[i].off >= 0 && r[i].len > 0 && (size_t)(r[i].off + r[i].len) <= n);
            for (int b = r[i].off; b < r[i].off + r[i].len; b++) {
                assert_int_equal(seen[b], 0);
                seen[b] = 1;
            }
        }
        for (size_t b = 0; b < n; b++)
            assert_int_equal(seen[b], 1);
        free(s);
    }
}

/* Visible code points of cps[0..m) (UTF-8 in s, starts in off) in screen
 * order, by FriBidi (fribidi_reorder_line) into want and by bidi_runs (at
 * most max runs) into got; how many, or -1 when bidi_runs fails. */
static int visible_orders(const uint32_t *cps, int m, const char *s, const int *off, int rtl,
                          int max, int *want, int *got)
{
    struct bidi_run r[64];
    int n = bidi_runs(s, (size_t)off[m], rtl, r, max < 64 ? max : 64);
    if (n < 0)
        return -1; /* (before FriBidi is asked: a line it never returns from) */
    FriBidiChar cp[1024];
    FriBidiCharType ty[1024];
    FriBidiBracketType br[1024];
    FriBidiLevel lv[1024];
    FriBidiStrIndex map[1024];
    for (int i = 0; i < m; i++)
        cp[i] = cps[i];
    fribidi_get_bidi_types(cp, m, ty);
    fribidi_get_bracket_types(cp, m, ty, br);
    FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    assert_true(fribidi_get_par_embedding_levels_ex(ty, br, m, &base, lv) != 0);
    for (int i = 0; i < m; i++)
        map[i] = i;
    assert_true(fribidi_reorder_line(0, ty, m, 0, base, lv, NULL, map) != 0);
    int nw = 0, ng = 0;
    for (int i = 0; i < m; i++)
        if (!invisible(ty[map[i]]))
            want[nw++] = map[i];
    for (int i = 0; i < n; i++) {
        int first = 0, last;
        while (off[first] < r[i].off)
            first++;
        last = first;
        while (off[last] < r[i].off + r[i].len)
            last++;
        for (int j = 0; j < last - first; j++) {
            int k = r[i].rtl ? last - 1 - j : first + j;
            if (!invisible(ty[k]))
                got[ng++] = k;
        }
    }
    assert_int_equal(ng, nw);
    return nw;
}

/* Embeddings, overrides and isolates nested up to UAX #9's depth around a
 * few words (issue 35: past about 30 a line broke into one piece per
 * letter): the words stand where FriBidi puts them, in a handful of runs,
 * so the Arabic is shaped whole and stays joined. Deeper than a paragraph
 * of either direction may nest (62 levels of two), the line is not given
 * to FriBidi (1.0.8 never returns from 64 nested FSIs) and is set as one
 * run. */
static void deep_nesting_is_a_few_runs(void **state)
{
    (void)state;
    static const uint32_t openers[][2] = {
        {0x202B, 0x202B}, {0x202A, 0x202A}, {0x202B, 0x202A}, {0x202E, 0x202D},
        {0x2067, 0x2067}, {0x2066, 0x2067}, {0x2068, 0x2068},
    };
    static const uint32_t words[] = {0x0646, 0x0635, ' ', 'a', 'b', 'c', ' ', '1', '2', '3'};
    const int nwords = (int)(sizeof(words) / sizeof(words[0]));
    for (size_t o = 0; o < sizeof(openers) / sizeof(openers[0]); o++)
        for (int depth = 1; depth <= 125; depth++)
            for (int rtl = 0; rtl < 2; rtl++) {
                int isolate = openers[o][0] >= 0x2066;
                uint32_t cps[300];
                int m = 0;
                for (int i = 0; i < depth; i++)
                    cps[m++] = openers[o][i % 2];
                for (int i = 0; i < nwords; i++)
                    cps[m++] = words[i];
                for (int i = 0; i < depth; i++)
                    cps[m++] = isolate ? 0x2069 : 0x202C;
                char s[300 * 4];
                int off[301];
                size_t len = 0;
                for (int i = 0; i < m; i++) {
                    off[i] = (int)len;
                    len += put_utf8(s + len, cps[i]);
                }
                off[m] = (int)len;
                int want[300], got[300];
                int n = visible_orders(cps, m, s, off, rtl, 8, want, got);
                if (n < 0 && depth > 62)
                    continue; /* set as one run */
                if (n < 0)
                    fail_msg("opener U+%04X, depth %d, base %s: more than 8 runs",
                             (unsigned)openers[o][0], depth, rtl ? "rtl" : "ltr");
                assert_int_equal(n, nwords);
                for (int i = 0; i < n; i++)
                    if (got[i] != want[i])
                        fail_msg("opener U+%04X, depth %d, base %s: visible character %d is %d, "
                                 "FriBidi puts %d there",
                                 (unsigned)openers[o][0], depth, rtl ? "rtl" : "ltr", i, got[i],
                                 want[i]);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_cases_a_reader_checks),
        cmocka_unit_test(random_lines_read_as_fribidi_orders_them),
        cmocka_unit_test(malformed_bytes_stay_in_the_line),
        cmocka_unit_test(deep_nesting_is_a_few_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
