/* Bundle text made safe for a terminal and a log (app/base/escape.h):
 * every code point of Unicode's own UnicodeData.txt, encoded, is escaped
 * exactly when its general category is Cc (control), tab and newline
 * aside; text in other scripts passes byte for byte; bytes that are not
 * UTF-8 are escaped one by one; a stream cut at every point gives the same
 * text as the whole; and log lines come out escaped, newline included. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/base/escape.h"
#include "app/base/log.h"

#define UNICODE_DATA "/usr/share/unicode/UnicodeData.txt"

static size_t utf8(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static void every_control_of_unicode_data_is_escaped_and_nothing_else(void **state)
{
    (void)state;
    FILE *f = fopen(UNICODE_DATA, "r");
    if (!f)
        fail_msg("%s is missing (Debian's unicode-data; tests/run.sh installs it)", UNICODE_DATA);
    char line[512];
    int controls = 0, others = 0;
    while (fgets(line, sizeof(line), f)) {
        char *end;
        unsigned long cp = strtoul(line, &end, 16);
        char *cat = strchr(strchr(line, ';') + 1, ';') + 1; /* field 2 */
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue; /* surrogates are not characters: see the bytes test */
        char in[8] = "", out[64];
        size_t n = utf8((uint32_t)cp, in);
        in[n] = '\0';
        int is_cc = strncmp(cat, "Cc;", 3) == 0 && cp != '\t' && cp != '\n';
        struct escape e = {.flags = ESCAPE_KEEP_NEWLINE}; /* a length, so U+0000 too */
        escape_piece(&e, in, n, out, sizeof(out));
        if (is_cc) {
            controls++;
            if (strcmp(out, in) == 0 || out[0] != '\\')
                fail_msg("U+%04lX, a control, came out as itself", cp);
            if (cp != 0 && !escape_needed(in, ESCAPE_KEEP_NEWLINE))
                fail_msg("U+%04lX: escape_needed says no", cp);
        } else {
            others++;
            if (strcmp(out, in) != 0)
                fail_msg("U+%04lX (%.2s) was changed to '%s'", cp, cat, out);
            if (escape_needed(in, ESCAPE_KEEP_NEWLINE))
                fail_msg("U+%04lX: escape_needed says yes", cp);
        }
    }
    fclose(f);
    /* Unicode 15: 65 controls (U+0000-1F, U+007F-9F), less tab and newline */
    assert_int_equal(controls, 63);
    assert_true(others > 30000);
}

static void the_escapes_read_as_documented(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
        int flags;
    } cases[] = {
        {"museum \x1b[2J\x1b[31mred\x07 key", "museum \\x1b[2J\\x1b[31mred\\x07 key", 0},
        {"a\nb\rc\td", "a\\x0ab\\x0dc\td", 0},
        {"a\nb", "a\nb", ESCAPE_KEEP_NEWLINE},
        {"del\x7f", "del\\x7f", 0},
        {"csi\xc2\x9b"
         "31m",
         "csi\\u009b31m", 0},
        {"nbsp\xc2\xa0ok", "nbsp\xc2\xa0ok", 0},
        /* not UTF-8: a lone continuation, overlong forms, a surrogate,
         * past U+10FFFF, a lead cut short by ASCII, a byte never used */
        {"x\x9by", "x\\x9by", 0},
        {"\xc0\x80", "\\xc0\\x80", 0},
        {"\xe0\x80\x80", "\\xe0\\x80\\x80", 0},
        {"\xed\xa0\x80", "\\xed\\xa0\\x80", 0},
        {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", 0},
        {"\xe2\x82z", "\\xe2\\x82z", 0},
        {"\xff", "\\xff", 0},
        {"cut \xe2\x82", "cut \\xe2\\x82", 0},
        /* scripts pass as they are */
        {"Straße, ภาษาไทย, 日本語, தமிழ், العربية, "
         "👩🏽‍🚀",
         "Straße, ภาษาไทย, 日本語, தமிழ், العربية, "
         "👩🏽‍🚀",
         0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char out[256];
        escape_text(cases[i].in, cases[i].flags, out, sizeof(out));
        if (strcmp(out, cases[i].out) != 0)
            fail_msg("case %zu: '%s', not '%s'", i, out, cases[i].out);
        assert_int_equal(escape_needed(cases[i].in, cases[i].flags),
                         strcmp(cases[i].in, cases[i].out) != 0);
    }
}

/* The same bytes give the same text however a stream cuts them. */
static void a_stream_cut_anywhere_reads_as_the_whole(void **state)
{
    (void)state;
    const char *s = "A\xc3\xa9\x1b[1m\xe0\xb8\xa0\xe0\xb8\xb2\xf0\x9f\x91\xa9\xc2\x9b\xe2\x82\xff"
                    "\xe6\x97\xa5 end";
    char whole[512];
    escape_text(s, 0, whole, sizeof(whole));
    size_t n = strlen(s);
    for (size_t cut1 = 0; cut1 <= n; cut1++) {
        for (size_t cut2 = cut1; cut2 <= n; cut2++) {
            struct escape e = {.flags = 0};
            char got[512];
            size_t len = escape_piece(&e, s, cut1, got, sizeof(got));
            len += escape_piece(&e, s + cut1, cut2 - cut1, got + len, sizeof(got) - len);
            len += escape_piece(&e, s + cut2, n - cut2, got + len, sizeof(got) - len);
            len += escape_end(&e, got + len, sizeof(got) - len);
            if (strcmp(got, whole) != 0)
                fail_msg("cut at %zu and %zu: '%s', not '%s'", cut1, cut2, got, whole);
            assert_int_equal(len, strlen(whole));
        }
    }
}

/* Too small a buffer cuts before a character or an escape, never inside. */
static void a_short_buffer_cuts_at_a_whole_escape(void **state)
{
    (void)state;
    const char *s = "ab\x1b\xc3\xa9z";
    const char *whole = "ab\\x1b\xc3\xa9z";
    for (size_t cap = 1; cap <= strlen(whole) + 1; cap++) {
        char out[32];
        memset(out, 'Q', sizeof(out));
        size_t len = escape_text(s, 0, out, cap);
        assert_int_equal(strlen(out), len);
        assert_true(len < cap);
        assert_memory_equal(out, whole, len);
        /* the cut is at a boundary of the whole text's pieces */
        static const size_t ok[] = {0, 1, 2, 6, 8, 9};
        int at_boundary = 0;
        for (size_t k = 0; k < sizeof(ok) / sizeof(ok[0]); k++)
            at_boundary |= len == ok[k];
        if (!at_boundary)
            fail_msg("cap %zu cut the text at %zu", cap, len);
    }
}

static char seen[LOG_LINE_MAX];
static void keep(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)ctx;
    (void)level;
    (void)tag;
    snprintf(seen, sizeof(seen), "%s", line);
}

static void a_log_line_is_one_line_without_controls(void **state)
{
    (void)state;
    log_set_quiet(1);
    assert_int_equal(log_subscribe(keep, NULL), 0);
    log_warn("test", "title '%s' refused", "Evil\x1b[2J\nvitrine[run] error: forged");
    assert_string_equal(seen, "title 'Evil\\x1b[2J\\x0avitrine[run] error: forged' refused");
    log_unsubscribe(keep, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_control_of_unicode_data_is_escaped_and_nothing_else),
        cmocka_unit_test(the_escapes_read_as_documented),
        cmocka_unit_test(a_stream_cut_anywhere_reads_as_the_whole),
        cmocka_unit_test(a_short_buffer_cuts_at_a_whole_escape),
        cmocka_unit_test(a_log_line_is_one_line_without_controls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
