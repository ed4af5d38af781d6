/* test_unicode_files.c - Unicode's own conformance files, every line
 * through the project's break functions: GraphemeBreakTest.txt (UAX #29)
 * through breaks_cluster_end, all of it as Unicode says; LineBreakTest.txt
 * (UAX #14) through breaks_find, as Unicode says except where one of the
 * project's documented tailorings (docs/decisions.md, "Text") takes a break
 * away. Every line that differs must be explained by a tailoring, and the
 * count per tailoring is exact, so a new difference cannot hide behind an
 * old one. The files are Debian's unicode-data (Unicode 15.0, the version
 * of libicu 72); without them the test fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

#include "app/visitor/breaks.h"

#include "utf8_testing.h"

#define UNICODE_DIR "/usr/share/unicode/auxiliary/"
#define MAX_CPS 64

/* One test line: its code points, their UTF-8, where each starts (at[k],
 * at[count] = the end), and whether Unicode puts a boundary before each
 * (brk[k], k = 0..count). */
struct case_line {
    uint32_t cp[MAX_CPS];
    size_t at[MAX_CPS + 1];
    int brk[MAX_CPS + 1];
    int count;
    char s[MAX_CPS * 4 + 1];
};

/* "÷ 0023 × 0308 ÷\t# ..." into c; 0 for a comment or a blank line. */
static int parse(const char *line, struct case_line *c)
{
    memset(c, 0, sizeof *c);
    const char *p = line;
    size_t n = 0;
    while (*p && *p != '#' && *p != '\n') {
        if (*p == ' ' || *p == '\t') {
            p++;
        } else if (strncmp(p, "\xC3\xB7", 2) == 0 || strncmp(p, "\xC3\x97", 2) == 0) {
            c->brk[c->count] = p[1] == '\xB7';
            p += 2;
        } else {
            char *end;
            unsigned long cp = strtoul(p, &end, 16);
            if (end == p || c->count >= MAX_CPS)
                fail_msg("unreadable line: %s", line);
            c->at[c->count] = n;
            c->cp[c->count++] = (uint32_t)cp;
            n += put_utf8(c->s + n, (uint32_t)cp);
            p = end;
        }
    }
    c->at[c->count] = n;
    return c->count > 0;
}

static FILE *open_file(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s", UNICODE_DIR, name);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("%s is missing: install Debian's unicode-data", path);
    return f;
}

/* The file says which Unicode it is; ICU's data must be the same. */
static void same_version(FILE *f, const char *name)
{
    char first[256];
    assert_non_null(fgets(first, sizeof first, f));
    UVersionInfo v;
    u_getUnicodeVersion(v);
    char want[64];
    snprintf(want, sizeof want, "-%d.%d.%d.txt", v[0], v[1], v[2]);
    if (!strstr(first, want))
        fail_msg("%s is not Unicode %d.%d.%d (ICU's): %s", name, v[0], v[1], v[2], first);
}

static void grapheme_file_as_unicode_says(void **state)
{
    (void)state;
    FILE *f = open_file("GraphemeBreakTest.txt");
    same_version(f, "GraphemeBreakTest.txt");
    char line[4096];
    struct case_line c;
    int lines = 0, right = 0;
    while (fgets(line, sizeof line, f)) {
        if (!parse(line, &c))
            continue;
        lines++;
        size_t n = c.at[c.count];
        int ok = 1;
        /* the ends, walked from the start; and the floor of every byte */
        size_t i = 0;
        for (int k = 1; k <= c.count && ok; k++) {
            if (!c.brk[k])
                continue;
            size_t e = breaks_cluster_end(c.s, n, i);
            ok = e == c.at[k];
            i = e;
        }
        for (int k = 0, start = 0; k < c.count && ok; k++) {
            if (c.brk[k])
                start = k;
            for (size_t b = c.at[k]; b < c.at[k + 1] && ok; b++)
                ok = breaks_cluster_floor(c.s, n, b) == c.at[start];
        }
        if (ok)
            right++;
        else
            print_message("differs: %s", line);
    }
    fclose(f);
    print_message("GraphemeBreakTest.txt: %d lines, %d as Unicode says\n", lines, right);
    assert_true(lines > 600);
    assert_int_equal(right, lines);
}

/* ---- the line file and the tailorings ---------------------------------- */

/* The project's tailorings, then ICU's own departures from the file. */
enum tailoring {
    CLUSTER,
    KEEP_ALL,
    DIGIT_HYPHEN,
    LETTER_HYPHEN,
    ICU_INITIAL_HYPHEN,
    ICU_POINT_DIGIT,
    TAILORINGS
};

static const char *const tailoring_name[TAILORINGS] = {
    "no break inside a cluster",
    "Korean keep-all",
    "digit hyphen",
    "single-letter hyphen",
    "ICU: word-initial hyphen",
    "ICU: a number that starts with a full stop or comma",
};

/* The lines each tailoring changes in LineBreakTest.txt (Unicode 15.0); a
 * line counts once, for the first break that differs. */
static const int tailored_lines[TAILORINGS] = {315, 169, 0, 3, 7, 12};

static int hyphen(uint32_t cp)
{
    return cp == '-' || cp == 0x2010;
}

static int extend(uint32_t cp)
{
    int gcb = u_getIntPropertyValue((UChar32)cp, UCHAR_GRAPHEME_CLUSTER_BREAK);
    return gcb == U_GCB_EXTEND || gcb == U_GCB_ZWJ || gcb == U_GCB_SPACING_MARK;
}

/* The index of the base before code point k (marks skipped); -1: none. */
static int base_before(const struct case_line *c, int k)
{
    k--;
    while (k >= 0 && extend(c->cp[k]))
        k--;
    return k;
}

static int letter_at(const struct case_line *c, int k)
{
    return k >= 0 && k < c->count && u_isalpha((UChar32)c->cp[k]);
}

static int hangul_at(const struct case_line *c, int k)
{
    UErrorCode st = U_ZERO_ERROR;
    return k >= 0 && k < c->count && u_isalpha((UChar32)c->cp[k]) &&
           uscript_getScript((UChar32)c->cp[k], &st) == USCRIPT_HANGUL;
}

static int lb_at(const struct case_line *c, int k)
{
    return u_getIntPropertyValue((UChar32)c->cp[k], UCHAR_LINE_BREAK);
}

/* Which tailoring takes away Unicode's break before code point k; -1 when
 * none does. */
static int why_no_break(const struct case_line *c, int k)
{
    size_t n = c->at[c->count];
    if (breaks_cluster_floor(c->s, n, c->at[k]) != c->at[k])
        return CLUSTER;
    if (hyphen(c->cp[k - 1])) {
        int b = base_before(c, k - 1);
        if (b >= 0 && u_isdigit((UChar32)c->cp[b]))
            return DIGIT_HYPHEN;
        int after = k + 1;
        while (after < c->count && extend(c->cp[after]))
            after++;
        if ((letter_at(c, b) && !letter_at(c, base_before(c, b))) ||
            (letter_at(c, k) && !letter_at(c, after)))
            return LETTER_HYPHEN;
    }
    if (hangul_at(c, base_before(c, k)) || hangul_at(c, k))
        return KEEP_ALL;
    int h = base_before(c, k);
    if (h >= 0 && hyphen(c->cp[h]) && (h == 0 || lb_at(c, h - 1) == U_LB_SPACE))
        return ICU_INITIAL_HYPHEN;
    if (h >= 0 && lb_at(c, h) == U_LB_INFIX_NUMERIC && lb_at(c, k) == U_LB_NUMERIC)
        return ICU_POINT_DIGIT;
    return -1;
}

/* Which tailoring adds a break before code point k that Unicode does not
 * have; -1 when none does. ICU's: a break before ".35" after a space (as
 * Unicode 15.1's LB15c will have it). */
static int why_break(const struct case_line *c, int k)
{
    if (k < c->count - 1 && lb_at(c, k - 1) == U_LB_SPACE && lb_at(c, k) == U_LB_INFIX_NUMERIC &&
        lb_at(c, k + 1) == U_LB_NUMERIC)
        return ICU_POINT_DIGIT;
    return -1;
}

static void line_file_as_unicode_says_but_tailorings(void **state)
{
    (void)state;
    FILE *f = open_file("LineBreakTest.txt");
    same_version(f, "LineBreakTest.txt");
    char line[4096], brks[MAX_CPS * 4];
    struct case_line c;
    int lines = 0, right = 0, unexplained = 0, count[TAILORINGS] = {0};
    while (fgets(line, sizeof line, f)) {
        if (!parse(line, &c))
            continue;
        lines++;
        size_t n = c.at[c.count];
        breaks_find(c.s, n, NULL, brks);
        int why = -2; /* -2: as Unicode says; -1: unexplained */
        for (int k = 1; k <= c.count; k++) {
            int ours = brks[c.at[k] - 1] == BREAKS_ALLOW || brks[c.at[k] - 1] == BREAKS_MUST;
            if (ours == c.brk[k])
                continue;
            int w = ours ? why_break(&c, k) : why_no_break(&c, k);
            if (why == -2 || w == -1)
                why = w;
        }
        if (why == -2) {
            right++;
        } else if (why == -1) {
            unexplained++;
            print_message("differs: %s", line);
        } else {
            count[why]++;
        }
    }
    fclose(f);
    print_message("LineBreakTest.txt: %d lines, %d as Unicode says, %d tailored (", lines, right,
                  lines - right - unexplained);
    for (int t = 0; t < TAILORINGS; t++)
        print_message("%s%s %d", t ? ", " : "", tailoring_name[t], count[t]);
    print_message("), %d unexplained\n", unexplained);
    assert_true(lines > 7000);
    assert_int_equal(unexplained, 0);
    for (int t = 0; t < TAILORINGS; t++)
        if (count[t] != tailored_lines[t])
            fail_msg("%s: %d lines, %d expected", tailoring_name[t], count[t], tailored_lines[t]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grapheme_file_as_unicode_says),
        cmocka_unit_test(line_file_as_unicode_says_but_tailorings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
