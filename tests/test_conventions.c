/* Each language's conventions from CLDR (through ICU): figures, percent
 * signs, ranges, dates, quotation marks and language names in fourteen
 * languages, as the layout shows them. The expected strings are CLDR 42's
 * (ICU 72) as a reader of each language writes them: Russian and Polish
 * group with a no-break space (U+00A0), French with a narrow one
 * (U+202F); German, Greek, Vietnamese and Turkish with a full stop; Hindi
 * in lakhs (12,34,567). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <pthread.h>

#include <cmocka.h>

#include "app/visitor/layout.h"
#include "app/visitor/numfmt.h"
#include "app/visitor/locale_rules.h"
#include "app/visitor/ui_strings.h"
#include "content/decimal.h"
#include "content/rules.h"
#include "content/typo.h"

static struct decimal dec(const char *s)
{
    struct decimal d = {0, 0, 0};
    assert_int_equal(decimal_parse(s, strlen(s), 0, &d), DECIMAL_OK);
    return d;
}

static const struct row {
    const char *locale;
    const char *n12500, *n1234567_89, *minus_half, *percent, *range, *date, *quote, *english;
} rows[] = {
    {"en", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0April\u00A02014", "\u201Ca \u2018b\u2019 c\u201D", "English"},
    {"fr", "12\u202F500", "1\u202F234\u202F567,89", "\u22120,5", "9,2\u00A0%",
     "36\u201339\u00A0\u00B0C", "13\u00A0avril\u00A02014",
     "\u00AB\u00A0a \u201Cb\u201D c\u00A0\u00BB", "anglais"},
    {"de", "12.500", "1.234.567,89", "\u22120,5", "9,2\u00A0%", "36\u201339\u00A0\u00B0C",
     "13.\u00A0April\u00A02014", "\u201Ea \u201Ab\u2018 c\u201C", "Englisch"},
    {"el", "12.500", "1.234.567,89", "\u22120,5", "9,2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0\u0391\u03C0\u03C1\u03B9\u03BB\u03AF\u03BF\u03C5\u00A02014",
     "\u00ABa \u201Cb\u201D c\u00BB", "\u0391\u03B3\u03B3\u03BB\u03B9\u03BA\u03AC"},
    {"ru", "12\u00A0500", "1\u00A0234\u00A0567,89", "\u22120,5", "9,2\u00A0%",
     "36\u201339\u00A0\u00B0C",
     "13\u00A0\u0430\u043F\u0440\u0435\u043B\u044F\u00A02014\u202F\u0433.",
     "\u00ABa \u201Eb\u201C c\u00BB",
     "\u0430\u043D\u0433\u043B\u0438\u0439\u0441\u043A\u0438\u0439"},
    {"vi", "12.500", "1.234.567,89", "\u22120,5", "9,2%", "36-39\u00A0\u00B0C",
     "13\u00A0th\u00E1ng\u00A04,\u00A02014", "\u201Ca \u2018b\u2019 c\u201D", "Ti\u1EBFng Anh"},
    {"hi", "12,500", "12,34,567.89", "\u22120.5", "9.2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0\u0905\u092A\u094D\u0930\u0948\u0932\u00A02014", "\u201Ca \u2018b\u2019 c\u201D",
     "\u0905\u0902\u0917\u094D\u0930\u0947\u091C\u093C\u0940"},
    {"ja", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36\uFF5E39\u00A0\u00B0C",
     "2014\u5E744\u670813\u65E5", "\u300Ca \u300Eb\u300F c\u300D", "\u82F1\u8A9E"},
    {"zh", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36-39\u00A0\u00B0C",
     "2014\u5E744\u670813\u65E5", "\u201Ca \u2018b\u2019 c\u201D", "\u82F1\u8BED"},
    {"ar", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0\u0623\u0628\u0631\u064A\u0644\u00A02014", "\u201Da \u2019b\u2018 c\u201C",
     "\u0627\u0644\u0625\u0646\u062C\u0644\u064A\u0632\u064A\u0629"},
    {"he", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0\u05D1\u05D0\u05E4\u05E8\u05D9\u05DC\u00A02014", "\u201Da \u2019b\u2019 c\u201D",
     "\u05D0\u05E0\u05D2\u05DC\u05D9\u05EA"},
    {"tr", "12.500", "1.234.567,89", "\u22120,5", "%9,2", "36\u201339\u00A0\u00B0C",
     "13\u00A0Nisan\u00A02014", "\u201Ca \u2018b\u2019 c\u201D", "\u0130ngilizce"},
    {"th", "12,500", "1,234,567.89", "\u22120.5", "9.2%", "36-39\u00A0\u00B0C",
     "13\u00A0\u0E40\u0E21\u0E29\u0E32\u0E22\u0E19\u00A02014", "\u201Ca \u2018b\u2019 c\u201D",
     "\u0E2D\u0E31\u0E07\u0E01\u0E24\u0E29"},
    {"pl", "12\u00A0500", "1\u00A0234\u00A0567,89", "\u22120,5", "9,2%", "36\u201339\u00A0\u00B0C",
     "13\u00A0kwietnia\u00A02014", "\u201Ea \u00ABb\u00BB c\u201D", "angielski"},
};

/* A figure as the store makes it: the unit spaced by the language's rules
 * (content/rules.c), then the layout's text. */
static const char *figure(const char *locale, const char *value, const char *to, int decimals,
                          const char *unit, char *buf, size_t cap)
{
    struct panel_figure f;
    memset(&f, 0, sizeof f);
    char after[64];
    f.value = dec(value);
    f.has_to = to != NULL;
    if (to)
        f.to = dec(to);
    f.decimals = decimals;
    f.unit = unit;
    f.suffix = rules_figure_after(unit, NULL, locale, after, sizeof after);
    numfmt_figure_text(&f, locale, buf, cap);
    return buf;
}

static void expect(const char *locale, const char *what, const char *got, const char *want)
{
    if (strcmp(got, want) != 0)
        fail_msg("%s %s: \"%s\", expected \"%s\"", locale, what, got, want);
}

static void each_language_writes_its_own(void **state)
{
    (void)state;
    char b[256];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct row *r = &rows[i];
        expect(r->locale, "12500", figure(r->locale, "12500", NULL, 0, NULL, b, sizeof b),
               r->n12500);
        expect(r->locale, "1234567.89", figure(r->locale, "1234567.89", NULL, 2, NULL, b, sizeof b),
               r->n1234567_89);
        expect(r->locale, "-0.5", figure(r->locale, "-0.5", NULL, 1, NULL, b, sizeof b),
               r->minus_half);
        expect(r->locale, "9.2 %", figure(r->locale, "9.2", NULL, 1, "%", b, sizeof b), r->percent);
        expect(r->locale, "36-39 C", figure(r->locale, "36", "39", 0, "\u00B0C", b, sizeof b),
               r->range);
        struct panel_event e = {{2014, 4, 13}, 0, NULL, "x", NULL, 0};
        layout_date_text(&e, r->locale, b, sizeof b);
        expect(r->locale, "2014-04-13", b, r->date);
        struct locale_quote q0, q1;
        locale_quote_marks(r->locale, 0, &q0);
        locale_quote_marks(r->locale, 1, &q1);
        snprintf(b, sizeof b, "%sa %sb%s c%s", q0.open, q1.open, q1.close, q0.close);
        expect(r->locale, "quote", b, r->quote);
        ui_language_name(r->locale, "en", b, sizeof b);
        expect(r->locale, "Original (English)", b, r->english);
    }
}

/* The count-up's numbers come from the same formatter as the last one. */
static void figures_write_as_the_language_does(void **state)
{
    (void)state;
    char b[128];
    expect("de", "12500", figure("de", "12500", NULL, 0, NULL, b, sizeof b), "12.500");
    expect("fr", "12500", figure("fr", "12500", NULL, 0, NULL, b, sizeof b), "12\u202F500");
    expect("hi", "125000", figure("hi", "125000", NULL, 0, NULL, b, sizeof b), "1,25,000");
    expect("tr", "9.2 %", figure("tr", "9.2", NULL, 1, "%", b, sizeof b), "%9,2");
    expect("ru", "36-39", figure("ru", "36", "39", 0, "\u00B0C", b, sizeof b),
           "36\u201339\u00A0\u00B0C");
    expect("ar-u-nu-arab", "12500", figure("ar-u-nu-arab", "12500", NULL, 0, NULL, b, sizeof b),
           "\u0661\u0662\u066C\u0665\u0660\u0660");
    /* a signed zero as written keeps its minus */
    expect("de", "-0.0", figure("de", "-0.0", NULL, 1, NULL, b, sizeof b), "\u22120,0");
    expect("de", "-4", figure("de", "-4", NULL, 0, NULL, b, sizeof b), "\u22124");
    /* Polish leaves four digits ungrouped (CLDR's minimum grouping) */
    expect("pl", "1500", figure("pl", "1500", NULL, 0, NULL, b, sizeof b), "1500");
    /* more digits than a double holds, exactly */
    expect("de", "99999999999999.99", figure("de", "99999999999999.99", NULL, 2, NULL, b, sizeof b),
           "99.999.999.999.999,99");
}

static void dates_months_and_approximate_years(void **state)
{
    (void)state;
    static const struct {
        const char *locale;
        struct panel_date date;
        int approximate;
        const char *shown;
    } cases[] = {
        {"ru",
         {2014, 12, 0},
         0,
         "\u0434\u0435\u043A\u0430\u0431\u0440\u044C\u00A02014\u202F\u0433."},
        {"ja", {1981, 0, 0}, 1, "1981\u5E74\u9803"},
        {"zh", {1981, 0, 0}, 1, "\u7EA61981\u5E74"},
        {"de", {1981, 0, 0}, 1, "um\u00A01981"},
        {"fr", {2014, 4, 1}, 0, "1er\u00A0avril\u00A02014"},
        {"en-US", {2014, 4, 13}, 0, "April\u00A013,\u00A02014"},
        {"th-u-ca-buddhist",
         {2014, 4, 13},
         0,
         "13\u00A0\u0E40\u0E21\u0E29\u0E32\u0E22\u0E19\u00A02557"},
        {"fa-u-nu-arabext", {1981, 0, 0}, 1, "~\u06F1\u06F9\u06F8\u06F1"},
    };
    char b[128];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct panel_event e = {cases[i].date, cases[i].approximate, NULL, "x", NULL, 0};
        layout_date_text(&e, cases[i].locale, b, sizeof b);
        expect(cases[i].locale, "date", b, cases[i].shown);
    }
}

static void names_and_autonyms(void **state)
{
    (void)state;
    static const struct {
        const char *code, *own;
    } autonyms[] = {{"de", "Deutsch"},
                    {"ja", "\u65E5\u672C\u8A9E"},
                    {"el", "\u0395\u03BB\u03BB\u03B7\u03BD\u03B9\u03BA\u03AC"},
                    {"fr", "Fran\u00E7ais"},
                    {"ru", "\u0420\u0443\u0441\u0441\u043A\u0438\u0439"},
                    {"ar-u-nu-arab", "\u0627\u0644\u0639\u0631\u0628\u064A\u0629"},
                    {"xx", "xx"}};
    char b[64];
    for (size_t i = 0; i < sizeof autonyms / sizeof autonyms[0]; i++) {
        ui_language_autonym(autonyms[i].code, b, sizeof b);
        expect(autonyms[i].code, "autonym", b, autonyms[i].own);
    }
    ui_language_name("fr", "ko", b, sizeof b);
    expect("fr", "ko", b, "cor\u00E9en");
    ui_language_name("de", "qqq", b, sizeof b);
    expect("de", "qqq", b, "qqq");
    /* cut at a character's edge */
    assert_int_equal(ui_language_name("ja", "en", b, 5), 3);
    expect("ja", "cut", b, "\u82F1");
}

/* Straight quotes an author types become the language's at build time,
 * the inner ones CLDR's alternate marks inside the kiosk's own. */
static void typed_quotes_become_the_languages(void **state)
{
    (void)state;
    static const struct {
        const char *locale, *in;
        int nested;
        const char *out;
    } cases[] = {
        {"ru", "\"a\" b", 0, "\u00ABa\u00BB b"},
        {"ru", "a \"b\" c", 1, "a \u201Eb\u201C c"},
        {"ja", "\"a\" b", 0, "\u300Ca\u300D b"},
        {"ja", "\u5F7C\u306F\"a\"\u3068", 1, "\u5F7C\u306F\u300Ea\u300F\u3068"},
        {"el", "\"a\" b", 0, "\u00ABa\u00BB b"},
        {"pl", "a \"b\" c", 1, "a \u00ABb\u00BB c"},
        {"fr", "a \"b\" c", 1, "a \u201Cb\u201D c"},
        {"fr", "\"a\" b", 0, "\u00AB\u202Fa\u202F\u00BB b"},
        /* Arabic و"…" opens after the joined "and" */
        {"ar", "\u0648\"13 April\"", 0, "\u0648\u201D13 April\u201C"},
        /* Hebrew's gershayim typed as " stays: 7 ק"מ */
        {"he", "7 \u05E7\"\u05DE \"a\"", 0, "7 \u05E7\"\u05DE \u201Da\u201D"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[TYPO_MAX(64)];
        typo_apply(cases[i].in, strlen(cases[i].in), cases[i].locale, cases[i].nested, out);
        expect(cases[i].locale, cases[i].in, out, cases[i].out);
    }
}

/* A worker thread formats with formatters of its own, more locales than it
 * keeps (the oldest are closed), and frees them all when it ends (the
 * sanitizer build finds any left). */
static void *format_on_a_thread(void *arg)
{
    static const char *const locales[] = {"de", "fr", "ru", "ja", "hi", "tr", "de"};
    char *out = arg, b[64];
    out[0] = 0;
    for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++) {
        struct locale_quote q;
        locale_number(locales[i], "12500.5", 0, b, sizeof b);
        locale_number_range(locales[i], "1", "2", 1, b, sizeof b);
        locale_date(locales[i], 2014, 4, 13, 0, b, sizeof b);
        locale_quote_marks(locales[i], 1, &q);
        locale_language_name(locales[i], "en", 0, b, sizeof b);
    }
    locale_number("de", "12500.5", 0, out, 64);
    return NULL;
}

static void each_thread_has_its_own(void **state)
{
    (void)state;
    char out[64], b[64];
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, format_on_a_thread, out), 0);
    locale_number("de", "12500.5", 0, b, sizeof b);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_string_equal(out, "12.500,5");
    assert_string_equal(b, "12.500,5");
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The formatters are opened once per thread and locale: a figure then
 * costs microseconds (the figures in docs/decisions.md come from this
 * test's output). */
static void formatting_is_cheap_once_open(void **state)
{
    (void)state;
    char b[64];
    double t0 = now_ms();
    locale_number("sv", "1.5", 0, b, sizeof b);
    double t1 = now_ms();
    locale_date("sv", 2014, 4, 13, 0, b, sizeof b);
    double t2 = now_ms();
    struct panel_figure f;
    memset(&f, 0, sizeof f);
    f.value = dec("1234567.89");
    f.decimals = 2;
    for (int i = 0; i < 10000; i++)
        numfmt_figure_text(&f, "sv", b, sizeof b);
    double t3 = now_ms();
    print_message("first number formatter %.2f ms, first date formatter %.2f ms, "
                  "10,000 figures %.1f ms (%.2f us each)\n",
                  t1 - t0, t2 - t1, t3 - t2, (t3 - t2) * 1e3 / 10000);
    assert_true((t3 - t2) / 10000 < 0.2);
    numfmt_figure_text(&f, "sv", b, sizeof b);
    assert_string_equal(b, "1\u00A0234\u00A0567,89");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formatting_is_cheap_once_open), /* first: ICU's data not yet read */
        cmocka_unit_test(each_language_writes_its_own),
        cmocka_unit_test(figures_write_as_the_language_does),
        cmocka_unit_test(dates_months_and_approximate_years),
        cmocka_unit_test(names_and_autonyms),
        cmocka_unit_test(typed_quotes_become_the_languages),
        cmocka_unit_test(each_thread_has_its_own),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
