/* test_spoken - the audio guide says everything a visitor sees.
 *
 * Every panel of the bundled exhibit (and, run as test_spoken_rtl, of the
 * right-to-left test exhibit) in each of its languages, laid out at
 * 1920x1080 as the kiosk lays it out (mode_layout_screen, at both text
 * sizes): every role its draw list shows is covered by a spoken part
 * (spoken_panel_silent_roles, what `bundle verify` reports), every part has
 * words in valid UTF-8, a figure is said with its digits and a chart with
 * both of its numbers. Every control a visitor can reach (the bar, each
 * page of the chapter index, the language picker) has a spoken name, at
 * every supported screen size. And numbers are said without the grouping
 * a synthesiser would read as two numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/layout.h"
#include "app/visitor/locale_rules.h"
#include "app/visitor/mode.h"
#include "app/visitor/spoken.h"
#include "app/visitor/ui_strings.h"
#include "content/arena.h"
#include "content/decimal.h"
#include "content/panel.h"
#include "content/store.h"
#include "platform/text.h"

#include "exhibit_testing.h"

/* 1 if s[0..n) is UTF-8 as RFC 3629 has it: no overlong form, no
 * surrogate, nothing past U+10FFFF, no sequence cut short; and no control
 * character (a synthesiser is handed it). */
static int good_utf8(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        size_t k = c < 0x80                 ? 1
                   : c >= 0xC2 && c <= 0xDF ? 2
                   : c >= 0xE0 && c <= 0xEF ? 3
                   : c >= 0xF0 && c <= 0xF4 ? 4
                                            : 0;
        if (!k || i + k > n || (k == 1 && (c < 0x20 || c == 0x7F)))
            return 0;
        unsigned cp = k == 1 ? c : c & (0x7Fu >> k);
        for (size_t j = 1; j < k; j++) {
            if ((u[i + j] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (u[i + j] & 0x3Fu);
        }
        if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || (cp >= 0x80 && cp <= 0x9F))
            return 0;
        i += k;
    }
    return 1;
}

static int has_words(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ')
            return 1;
    return 0;
}

/* The value 0..9 of the digit at s (ASCII, Arabic-Indic, extended
 * Arabic-Indic, Devanagari), its length in *len; -1 when none. */
static int digit(const char *s, size_t n, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n >= 1 && u[0] >= '0' && u[0] <= '9')
        return *len = 1, u[0] - '0';
    if (n >= 2 && u[0] == 0xD9 && u[1] >= 0xA0 && u[1] <= 0xA9)
        return *len = 2, u[1] - 0xA0;
    if (n >= 2 && u[0] == 0xDB && u[1] >= 0xB0 && u[1] <= 0xB9)
        return *len = 2, u[1] - 0xB0;
    if (n >= 3 && u[0] == 0xE0 && u[1] == 0xA5 && u[2] >= 0xA6 && u[2] <= 0xAF)
        return *len = 3, u[2] - 0xA6;
    return -1;
}

/* The numbers said in s[0..n), each as its ASCII digits alone (a decimal
 * mark, '.' or ',' or U+066B between two digits, dropped: "42,195" is
 * "42195"), separated by '|' in out: "|54280|42195|". A grouping space
 * left in ("54 280") would make two numbers of one. */
static void numbers_said(const char *s, size_t n, char *out, size_t cap)
{
    size_t j = 0;
    int in = 0;
    out[j++] = '|';
    for (size_t i = 0; i < n && j + 3 < cap;) {
        size_t l = 0;
        int d = digit(s + i, n - i, &l);
        if (d >= 0) {
            out[j++] = (char)('0' + d);
            in = 1;
            i += l;
            continue;
        }
        size_t mark = s[i] == '.' || s[i] == ',' ? 1
                      : i + 1 < n && (unsigned char)s[i] == 0xD9 && (unsigned char)s[i + 1] == 0xAB
                          ? 2
                          : 0;
        size_t l2 = 0;
        if (in && mark && i + mark < n && digit(s + i + mark, n - i - mark, &l2) >= 0) {
            i += mark;
            continue;
        }
        if (in)
            out[j++] = '|';
        in = 0;
        i++;
    }
    if (in)
        out[j++] = '|';
    out[j] = '\0';
}

/* d as shown with `decimals` digits after the point, as ASCII digits
 * alone between '|': what numbers_said finds for it. */
static void digits_of(const struct decimal *d, int decimals, char *out, size_t cap)
{
    struct decimal x;
    if (decimal_rescale(d, decimals, &x, NULL) != 0)
        x = *d;
    char t[DECIMAL_TEXT_MAX];
    decimal_text(&x, t);
    size_t j = 0;
    out[j++] = '|';
    for (const char *c = t; *c && j + 2 < cap; c++)
        if (*c >= '0' && *c <= '9')
            out[j++] = *c;
    out[j++] = '|';
    out[j] = '\0';
}

static const struct spoken_part *part_named(const struct spoken_panel *sp, const char *name)
{
    for (int i = 0; i < sp->n; i++)
        if (strcmp(sp->part[i].name, name) == 0)
            return &sp->part[i];
    return NULL;
}

/* Failures are gathered and told together: one run names every panel
 * that is wrong, not only the first. */
static char problems[16384];
static int n_problems;

static void problem(const char *fmt, ...)
{
    size_t used = strlen(problems);
    va_list ap;
    va_start(ap, fmt);
    if (used + 2 < sizeof problems)
        vsnprintf(problems + used, sizeof problems - used, fmt, ap);
    va_end(ap);
    used = strlen(problems);
    if (used + 2 < sizeof problems)
        snprintf(problems + used, sizeof problems - used, "\n");
    n_problems++;
}

static void check_parts(const struct panel *p, const struct spoken_panel *sp)
{
    if (sp->cut)
        problem("%s (%s): its words did not fit in SPOKEN_TEXT_MAX", p->id, p->locale);
    if (sp->n < 1)
        problem("%s (%s): nothing is said", p->id, p->locale);
    for (int i = 0; i < sp->n; i++) {
        const struct spoken_part *pt = &sp->part[i];
        const char *t = sp->text + pt->at;
        if (!pt->len || !has_words(t, pt->len))
            problem("%s (%s): part %s has no words", p->id, p->locale, pt->name);
        if (!good_utf8(t, pt->len))
            problem("%s (%s): part %s is not valid UTF-8 text", p->id, p->locale, pt->name);
        if (!pt->lang || !*pt->lang)
            problem("%s (%s): part %s has no language", p->id, p->locale, pt->name);
        if (!pt->roles[0])
            problem("%s (%s): part %s shows in no role", p->id, p->locale, pt->name);
    }
    if (p->kind != PANEL_STATISTIC)
        return;
    const struct panel_figure *f = &p->figure;
    const struct spoken_part *fig = part_named(sp, "figure"), *chart = part_named(sp, "chart");
    char said[512], want[64], whole[64];
    digits_of(&f->value, f->decimals, want, sizeof want);
    if (!fig) {
        problem("%s (%s): the figure is not said", p->id, p->locale);
    } else {
        numbers_said(sp->text + fig->at, fig->len, said, sizeof said);
        if (!strstr(said, want))
            problem("%s (%s): the figure is said \"%.*s\", without its number %s", p->id, p->locale,
                    (int)fig->len, sp->text + fig->at, want);
    }
    if (!f->has_part_of) {
        if (chart)
            problem("%s (%s): a chart is said with no part_of", p->id, p->locale);
        return;
    }
    digits_of(&f->part_of, f->decimals, whole, sizeof whole);
    if (!chart) {
        problem("%s (%s): its chart is not said", p->id, p->locale);
        return;
    }
    numbers_said(sp->text + chart->at, chart->len, said, sizeof said);
    if (!strstr(said, want) || !strstr(said, whole))
        problem("%s (%s): the chart is said \"%.*s\", not with both %s and %s", p->id, p->locale,
                (int)chart->len, sp->text + chart->at, want, whole);
}

static int count_statistics, count_part_of, count_panels;

/* Every panel in every language, at both text sizes: what is drawn is
 * said. */
static void every_role_is_said(void **state)
{
    (void)state;
    problems[0] = '\0';
    n_problems = 0;
    struct layout_screen screen = mode_layout_screen(1920, 1080, 0);
    struct arena a;
    arena_init(&a, 1 << 16);
    for (int loc = 0; loc < fx.info.n_locales; loc++) {
        const char *locale = fx.info.locales[loc];
        struct ui_words w;
        ui_words_init(&w, locale, store_ui_text(fx.store, locale));
        for (int i = 0; i < fx.info.n_panels; i++) {
            for (int scaled = 0; scaled < 2; scaled++) {
                arena_reset(&a);
                struct panel p;
                struct draw_list list;
                char why[512];
                assert_int_equal(store_panel_load(fx.store, i, locale, &a, &p, why, sizeof why), 0);
                assert_int_equal(layout_panel_scaled(&p, &screen, scaled ? LAYOUT_LARGER_TEXT : 1.0,
                                                     fx.m, &a, &list),
                                 0);
                static struct spoken_panel sp;
                spoken_panel(&p, &w, &sp);
                const char *silent[32];
                int n = spoken_panel_silent_roles(&sp, &list, silent, 32);
                for (int k = 0; k < n; k++)
                    problem("panel %d %s (%s%s): \"%s\" is shown and not said", i + 1, p.id, locale,
                            scaled ? ", larger text" : "", silent[k]);
                if (scaled)
                    continue;
                check_parts(&p, &sp);
                count_panels++;
                count_statistics += p.kind == PANEL_STATISTIC;
                count_part_of += p.kind == PANEL_STATISTIC && p.figure.has_part_of;
            }
        }
    }
    arena_free(&a);
    if (n_problems)
        fail_msg("%d problem(s):\n%s", n_problems, problems);
    assert_true(count_panels >= fx.info.n_panels);
    const char *name = getenv("VITRINE_EXHIBIT");
    if (!name || !*name) { /* the bundled exhibit: the checks above ran on something */
        assert_true(count_statistics > 0);
        assert_true(count_part_of > 0);
    }
}

/* A draw list with a role no part says is caught; the screen's own
 * furniture is not the panel's content. */
static void a_silent_role_is_caught(void **state)
{
    (void)state;
    struct panel p = {
        .id = "x", .kind = PANEL_STORY, .locale = "en", .heading = "Heading", .body = "Body."};
    struct ui_words w;
    ui_words_init(&w, "en", NULL);
    static struct spoken_panel sp;
    spoken_panel(&p, &w, &sp);
    struct draw_item items[] = {{.role = "heading"}, {.role = "body"},    {.role = NULL},
                                {.role = "chrome"},  {.role = "caption"}, {.role = "logo"},
                                {.role = "paused"},  {.role = "notice"},  {.role = "mystery"},
                                {.role = "body"},    {.role = "mystery"}};
    struct draw_list l = {.items = items, .n = (int)(sizeof items / sizeof items[0])};
    const char *silent[8];
    assert_int_equal(spoken_panel_silent_roles(&sp, &l, silent, 8), 1);
    assert_string_equal(silent[0], "mystery");
    l.n = 8;
    assert_int_equal(spoken_panel_silent_roles(&sp, &l, silent, 8), 0);
}

/* The controls of every layer a visitor sees (not the staff's) have a
 * name, in every language, on every supported screen; the picker with
 * more than two languages names each in its own language. */
static void check_controls(const char *locale, const struct spoken_controls *sc, int n_locales,
                           const int *first, int n_chapters, int *seen)
{
    for (size_t s = 0; s < N_SIZES; s++) {
        struct control_screen cs = {sizes[s].w, sizes[s].h, 0};
        int pages = mode_index_pages(&cs, n_chapters);
        for (int page = 0; page < (pages > 0 ? pages : 1); page++) {
            struct control_spec spec = {n_locales, n_chapters, first, page, 1};
            struct control_labels labels = {0, 0};
            static struct control c[MODE_MAX_CONTROLS];
            int n = mode_controls_layout_labels(&cs, &spec, &labels, c, MODE_MAX_CONTROLS);
            assert_true(n > 0);
            for (int i = 0; i < n; i++) {
                if (c[i].layer == CONTROL_STAFF)
                    continue;
                seen[c[i].layer]++;
                char name[400];
                const char *lang = NULL;
                size_t len = spoken_control(sc, &c[i], name, sizeof name, &lang);
                if (!len || !has_words(name, len) || !good_utf8(name, len) || !lang || !*lang)
                    problem("%dx%d (%s, %d languages, index page %d): control %d (%s, arg %d, "
                            "layer %d) has no spoken name",
                            sizes[s].w, sizes[s].h, locale, n_locales, page + 1, i,
                            mode_action_name(c[i].act), c[i].arg, (int)c[i].layer);
                else if (c[i].act == ACT_LANGUAGE && c[i].arg >= 0 &&
                         strcmp(lang, sc->locale_codes[c[i].arg]) != 0)
                    problem("%s: language card %d is said in %s", locale, c[i].arg, lang);
            }
        }
    }
}

static void every_control_is_named(void **state)
{
    (void)state;
    problems[0] = '\0';
    n_problems = 0;
    struct arena a;
    arena_init(&a, 1 << 14);
    /* the exhibit's own languages, and a picker of five (the bundled
     * exhibit has two: buttons, no picker) */
    const char *codes[5] = {"en", "fr", "de", "ja", "ar"};
    const char *names[5] = {"English", "Français", "Deutsch", "日本語", "العربية"};
    int seen[4] = {0, 0, 0, 0};
    for (int loc = 0; loc < fx.info.n_locales; loc++) {
        const char *locale = fx.info.locales[loc];
        struct ui_words w;
        ui_words_init(&w, locale, store_ui_text(fx.store, locale));
        arena_reset(&a);
        struct store_chapter *ch = NULL;
        int n_ch = 0;
        char why[256];
        assert_int_equal(
            store_chapters(fx.store, locale, &a, &ch, &n_ch, fx.info.n_panels, why, sizeof why), 0);
        int *first = arena_alloc(&a, sizeof(int) * (size_t)(n_ch + 1));
        const char **titles = arena_alloc(&a, sizeof(char *) * (size_t)(n_ch + 1));
        assert_non_null(first);
        assert_non_null(titles);
        for (int i = 0; i < n_ch; i++) {
            first[i] = ch[i].first_panel;
            titles[i] = ch[i].title;
        }
        for (int picker = 0; picker < 2; picker++) {
            struct spoken_controls sc = {
                .w = &w,
                .locale = locale,
                .chapters = titles,
                .n_chapters = n_ch,
                .locale_names = picker ? names : fx.info.locale_names,
                .locale_codes = picker ? codes : fx.info.locales,
                .n_locales = picker ? 5 : fx.info.n_locales,
            };
            check_controls(locale, &sc, sc.n_locales, first, n_ch, seen);
        }
    }
    arena_free(&a);
    if (n_problems)
        fail_msg("%d problem(s):\n%s", n_problems, problems);
    assert_true(seen[CONTROL_MAIN] > 0);
    assert_true(seen[CONTROL_INDEX] > 0);
    assert_true(seen[CONTROL_LANGUAGES] > 0);
}

/* Said without the grouping ("54 280" is one number), with the decimal
 * mark kept ("42,195" in French is not 42195). */
static void numbers_are_said_whole(void **state)
{
    (void)state;
    char buf[64], fr[64];
    assert_int_equal(spoken_number("en", "54,280", buf, sizeof buf), 5);
    assert_string_equal(buf, "54280");
    assert_true(locale_number("fr", "54280", 0, fr, sizeof fr) > 0);
    assert_string_equal(fr, "54\u202f280"); /* what the panel shows */
    spoken_number("fr", fr, buf, sizeof buf);
    assert_string_equal(buf, "54280");
    spoken_number("fr", "54\u202f280 coureurs", buf, sizeof buf);
    assert_string_equal(buf, "54280 coureurs");
    spoken_number("en", "42.195", buf, sizeof buf);
    assert_string_equal(buf, "42.195");
    spoken_number("fr", "42,195", buf, sizeof buf);
    assert_string_equal(buf, "42,195");
    spoken_number("en", "1,234,567.5 km", buf, sizeof buf);
    assert_string_equal(buf, "1234567.5 km");
    /* a comma that is not between digits stays: it is a pause */
    spoken_number("en", "3, 4", buf, sizeof buf);
    assert_string_equal(buf, "3, 4");
    /* cut at the buffer, never past it, NUL-terminated */
    assert_true(spoken_number("en", "54,280", buf, 4) < 4);
    assert_string_equal(buf, "542");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(numbers_are_said_whole),
        cmocka_unit_test(a_silent_role_is_caught),
        cmocka_unit_test(every_role_is_said),
        cmocka_unit_test(every_control_is_named),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
