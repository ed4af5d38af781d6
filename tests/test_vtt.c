/* test_vtt.c - the WebVTT reader (content/vtt.h) over the fixture files of
 * tests/vtt/: each file's cues (timing line, times, plain text) and errors
 * (line, and the start of the message), exactly and in file order; and
 * the character references HTML decodes, one by one. */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "content/vtt.h"

#ifndef VTT_FIXTURES
#error "VTT_FIXTURES names the folder of the .vtt fixtures (tests/CMakeLists.txt)"
#endif

#define TIMES "the caption's times must be written as 00:01.000 --> 00:04.000"
#define NOT_VTT "is not a WebVTT file: its first line must be WEBVTT"
#define NO_TIMES "a caption needs a line of times"

/* What a file gave: one entry per cue ("C<line> <start>-<end> <text>") or
 * error ("E<line>: <message>"), in order. */
struct got {
    char *item[64];
    int n;
};

static void add(struct got *g, char *s)
{
    assert_true(g->n < 64);
    g->item[g->n++] = s;
}

static int on_cue(void *ctx, const struct vtt_cue *c)
{
    char *s = malloc(c->len + 64);
    assert_non_null(s);
    assert_int_equal(strlen(c->text), c->len);
    snprintf(s, c->len + 64, "C%d %lld-%lld %s", c->line, c->start_ms, c->end_ms, c->text);
    add(ctx, s);
    return 0;
}

static int on_error(void *ctx, int line, const char *message)
{
    char *s = malloc(strlen(message) + 32);
    assert_non_null(s);
    snprintf(s, strlen(message) + 32, "E%d: %s", line, message);
    add(ctx, s);
    return 0;
}

static char *slurp(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", VTT_FIXTURES, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    *len = fread(buf, 1, 1 << 16, f);
    fclose(f);
    return buf;
}

/* want: the entries, "|" between them; an error's entry is the start of
 * the message it must have ("E3: the caption's times"), a cue's is all
 * of it. */
static void check(const char *name, const char *want)
{
    size_t len;
    char *buf = slurp(name, &len);
    struct got g = {{0}, 0};
    int errors = vtt_parse(buf, len, on_cue, on_error, &g);
    char *w = strdup(want), *save = NULL;
    int i = 0, nerr = 0;
    for (char *t = strtok_r(w, "|", &save); t; t = strtok_r(NULL, "|", &save), i++) {
        if (i >= g.n)
            fail_msg("%s: entry %d missing, wanted \"%s\"", name, i, t);
        int ok = t[0] == 'E' ? strncmp(g.item[i], t, strlen(t)) == 0 : strcmp(g.item[i], t) == 0;
        if (!ok)
            fail_msg("%s: entry %d is\n  \"%s\"\nwanted\n  \"%s\"", name, i, g.item[i], t);
        nerr += t[0] == 'E';
    }
    if (i != g.n)
        fail_msg("%s: %d entries, wanted %d; the next is \"%s\"", name, g.n, i, g.item[i]);
    assert_int_equal(errors, nerr);
    for (i = 0; i < g.n; i++)
        free(g.item[i]);
    free(w);
    free(buf);
}

/* Defect 1: no blank line after WEBVTT (or after header lines) */
static void a_timing_line_ends_the_header(void **state)
{
    (void)state;
    check("header_no_blank.vtt", "C2 1000-2000 First|C5 3000-4000 Second");
    check("header_lines_then_cue.vtt", "C4 1000-2000 First");
}

/* Defect 2: the next timing line right after a cue's text */
static void a_timing_line_ends_the_cue(void **state)
{
    (void)state;
    check("cues_no_blank.vtt", "C3 1000-2500 One\nstill one|C6 2500-4000 Two|C8 4000-5000 Three");
}

/* Defect 3: minutes and seconds two digits, hours two or more, ms three */
static void malformed_times_are_refused_at_their_line(void **state)
{
    (void)state;
    check("bad_seconds.vtt",
          "E3: " TIMES " (minutes, seconds and milliseconds; hours before them when needed): "
          "minutes and seconds take exactly two digits each|"
          "C6 7000-8000 Good");
    check("bad_minutes.vtt", "E3: " TIMES "|E6: " TIMES);
    check("bad_hours_ms.vtt", "E3: " TIMES "|E6: " TIMES "|E9: " TIMES "|E12: " TIMES);
    check("hours.vtt", "C3 1000-2000 Zero hours|C6 3723004-3724000 One hour|E9: " TIMES);
}

static void say_what_is_wrong_with_a_time(void **state)
{
    (void)state;
    struct {
        const char *file, *needle;
    } cases[] = {
        {"bad_minutes.vtt", "(01:05.000 is a minute and five seconds)"},
        {"bad_hours_ms.vtt", "milliseconds take exactly three digits"},
        {"bad_hours_ms.vtt", "not a \",\""},
        {"bad_hours_ms.vtt", "go up to 59"},
        {"hours.vtt", "hours go up to 99"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t len;
        char *buf = slurp(cases[c].file, &len);
        struct got g = {{0}, 0};
        vtt_parse(buf, len, on_cue, on_error, &g);
        int found = 0;
        for (int i = 0; i < g.n; i++) {
            found |= g.item[i][0] == 'E' && strstr(g.item[i], cases[c].needle) != NULL;
            free(g.item[i]);
        }
        if (!found)
            fail_msg("%s: no error says \"%s\"", cases[c].file, cases[c].needle);
        free(buf);
    }
}

/* Defect 4: spaces and tabs on the timing line, settings, blocks' names
 * with trailing whitespace */
static void whitespace_settings_and_blocks_are_accepted(void **state)
{
    (void)state;
    check("timing_whitespace.vtt", "C3 1000-2000 Settings|C6 3000-4000 Tight");
    check("blocks_trailing_space.vtt", "C12 1000-2000 After the blocks|C19 3000-4000 Last");
}

/* Defect 5: every HTML character reference */
static void character_references_are_decoded_as_html_does(void **state)
{
    (void)state;
    check("charrefs.vtt", "C3 1000-2000 \"a\" \u2014 \u2014 \u00e9t\u00e9 &lt; <b>|"
                          "C6 2000-3000 \u226b\u20d2 \u00acit; &foo; & \u00a92026 AA &#; &#x;|"
                          "C9 3000-4000 [\ufffd][\ufffd][\ufffd][\ufffd][\u20ac\u0178][\u2233]");
}

static void one_reference(const char *in, const char *want, size_t want_used)
{
    char out[8];
    size_t used = 0, len = vtt_charref(in, strlen(in), out, &used);
    if (len != strlen(want) || memcmp(out, want, len) != 0 || (len && used != want_used))
        fail_msg("\"%s\": %zu bytes, %zu read; wanted \"%s\", %zu read", in, len, used, want,
                 want_used);
}

static void references_one_by_one(void **state)
{
    (void)state;
    one_reference("&quot;", "\"", 6);
    one_reference("&QUOT", "\"", 5);
    one_reference("&eacute;x", "\u00e9", 8);
    one_reference("&eacutex", "\u00e9", 7); /* HTML reads the legacy name bare */
    one_reference("&emsp13;", "\u2004", 8);
    one_reference("&ThickSpace;", "\u205f\u200a", 12);
    one_reference("&zwnj;", "\u200c", 6);
    one_reference("&AElig;", "\u00c6", 7);
    one_reference("&#x1F600;", "\U0001F600", 9);
    one_reference("&#X10FFFF;", "\U0010FFFF", 10);
    one_reference("&#1114112;", "\ufffd", 10);
    one_reference("&#xDFFF;", "\ufffd", 8);
    one_reference("&#x80;", "\u20ac", 6);
    one_reference("&#x81;", "\xC2\x81", 6); /* not in windows-1252: stays */
    one_reference("&#9;", "\t", 4);
    one_reference("&#00000000000000000000065;", "A", 26);
    one_reference("&unknown;", "", 0);
    one_reference("&", "", 0);
    one_reference("& ", "", 0);
    one_reference("&#", "", 0);
    one_reference("&#xg", "", 0);
    one_reference("&CounterClockwiseContourIntegral", "", 0); /* needs its ";" */
    one_reference("&CounterClockwiseContourIntegralX;", "", 0);
}

/* Defect 6: ruby annotations dropped with their text */
static void ruby_keeps_the_base_text_only(void **state)
{
    (void)state;
    check("ruby.vtt", "C3 1000-2000 \u6f22\u5b57|C6 2000-3000 \u6771\u4eac");
}

static void line_ends_and_byte_order_mark(void **state)
{
    (void)state;
    check("bom_crlf.vtt", "C3 1000-2000 One\nline two|C7 2000-3000 Two");
    check("cr_only.vtt", "C3 1000-2000 One\nline two|C7 2000-3000 Two");
    check("nul.vtt", "C3 1000-2000 a\ufffdb");
}

static void identifiers_notes_styles_and_regions(void **state)
{
    (void)state;
    check("cue_ids.vtt", "C4 1000-2000 Hello|C8 2000-3000 Two");
    check("note_blocks.vtt", "C9 1000-2000 Text");
    check("style_region_header.vtt", "C12 1000-2000 Styled");
    check("id_with_dash.vtt", "C4 1000-2000 Dashes");
    check("no_times.vtt", "E3: " NO_TIMES "|E6: " NO_TIMES "|C8 1000-2000 After two ids");
}

static void the_first_line(void **state)
{
    (void)state;
    check("empty.vtt", "E1: " NOT_VTT);
    check("webvttx.vtt", "E1: " NOT_VTT);
    check("header_text.vtt", "C3 1000-2000 With a header text");
    check("header_tab.vtt", "C3 1000-2000 Tab");
}

static void tags_are_dropped(void **state)
{
    (void)state;
    check("nested_tags.vtt", "C3 1000-2000 Nested bold and oui");
    check("voice.vtt", "C3 1000-2000 Hello|C6 2000-3000 Hi, you");
    check("inline_timestamps.vtt", "C3 1000-3000 One two three");
    check("unclosed_tag.vtt", "C3 1000-2000 Open");
    check("empty_cue.vtt", "C3 1000-2000 |C5 2000-3000 ");
}

/* A caller may stop at any cue or error. */
static int stop_at_once(void *ctx, int line, const char *message)
{
    (void)line;
    (void)message;
    ++*(int *)ctx;
    return 1;
}

static void a_callback_stops_the_reading(void **state)
{
    (void)state;
    size_t len;
    char *buf = slurp("bad_hours_ms.vtt", &len);
    int calls = 0;
    assert_int_equal(vtt_parse(buf, len, NULL, stop_at_once, &calls), 1);
    assert_int_equal(calls, 1);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_timing_line_ends_the_header),
        cmocka_unit_test(a_timing_line_ends_the_cue),
        cmocka_unit_test(malformed_times_are_refused_at_their_line),
        cmocka_unit_test(say_what_is_wrong_with_a_time),
        cmocka_unit_test(whitespace_settings_and_blocks_are_accepted),
        cmocka_unit_test(character_references_are_decoded_as_html_does),
        cmocka_unit_test(references_one_by_one),
        cmocka_unit_test(ruby_keeps_the_base_text_only),
        cmocka_unit_test(line_ends_and_byte_order_mark),
        cmocka_unit_test(identifiers_notes_styles_and_regions),
        cmocka_unit_test(the_first_line),
        cmocka_unit_test(tags_are_dropped),
        cmocka_unit_test(a_callback_stops_the_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
