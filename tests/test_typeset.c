/* test_typeset.c - the text engine with a fake two-font measurer: runs,
 * UAX #14 breaks, the long-word rule (hyphenated from a table of the text's
 * words that the system's dictionaries hyphenate, as `bundle build` makes
 * it, else cut), fitting and the ellipsis.
 *
 * Run with the argument --no-dictionaries (and VITRINE_HYPHEN_DIR naming a
 * folder with none), it checks that long words are still cut, with no
 * hyphen, where no dictionary could be read when the table was made.
 *
 * The fake face is a chain of two fonts: font 0 has ASCII and Latin
 * letters and is 0.5 em a character; font 1 has everything else (CJK,
 * Hangul, dashes) and is 1 em a character. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "skip_testing.h"

#include "app/visitor/typeset.h"
#include "content/hyphenation.h"

static int run_calls, run_fonts[64];

static int fake_font_for(void *ctx, enum font_face face, uint32_t cp)
{
    (void)ctx;
    (void)face;
    return cp < 0x2000 ? 0 : 1;
}

static int fake_run_width(void *ctx, enum font_face face, int font, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    if (run_calls < 64)
        run_fonts[run_calls] = font;
    run_calls++;
    return font == 0 ? k * px / 2 : k * px;
}

/* An independent sum over characters, for what display.c calls. */
static int fake_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    int w = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = typeset_decode(s, n, &i);
        w += cp < 0x2000 ? px / 2 : px;
    }
    return w;
}

static int fake_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px + px / 5;
}

static const struct text_measurer two_fonts = {NULL,          fake_width,     fake_line_height,
                                               fake_font_for, fake_run_width, NULL};

static const struct typeset_style plain = {FACE_SANS, 0.0, 0.5, 1, "en", NULL};

/* The dictionary of language lang, read once per test run; NULL: none. */
static const struct hyphen_dict *dict_for(const char *lang)
{
    static struct {
        char path[512];
        struct hyphen_dict *d;
    } read[8];
    char path[512], why[256];
    if (!lang || hyphen_dict_find(lang, path, sizeof path) != 0)
        return NULL;
    int i = 0;
    while (i < 8 && read[i].path[0] && strcmp(read[i].path, path) != 0)
        i++;
    assert_true(i < 8);
    if (!read[i].path[0]) {
        snprintf(read[i].path, sizeof read[i].path, "%s", path);
        read[i].d = hyphen_dict_load(path, why, sizeof why);
        assert_non_null(read[i].d);
    }
    return read[i].d;
}

/* Text's words hyphenated in language lang, as the build keeps them;
 * NULL where lang has no dictionary. */
static struct hyphen_table *table_for(const char *lang, const char *text)
{
    const struct hyphen_dict *d = dict_for(lang);
    struct hyphen_table *t = d ? hyphen_table_new() : NULL;
    if (t)
        assert_int_equal(hyphen_table_learn(t, d, text), 0);
    return t;
}

/* Set text in language lang at px 10 into width bw; lines as drawn (a
 * hyphen after a line that ends inside a word) joined with '|'. */
static const char *wrapped_in(struct arena *a, const char *lang, const char *text, int bw,
                              struct typeset *t)
{
    static char out[512];
    struct typeset_style st = plain;
    st.lang = lang;
    struct hyphen_table *words = table_for(lang, text);
    st.hyphens = words;
    assert_int_equal(typeset_prepare(t, &two_fonts, a, text, &st), 0);
    typeset_set_px(t, 10);
    typeset_wrap(t, bw);
    hyphen_table_free(words);
    t->st.hyphens = NULL;
    size_t o = 0;
    for (int i = 0; i < t->n; i++) {
        const struct typeset_line *l = &t->lines[i];
        assert_true(o + (size_t)l->len + 3 < sizeof out);
        if (i)
            out[o++] = '|';
        size_t start = o;
        memcpy(out + o, l->s, (size_t)l->len);
        o += (size_t)l->len;
        if (l->hyphen)
            out[o++] = '-';
        assert_true(l->w == typeset_width(&two_fonts, FACE_SANS, 10, out + start, o - start));
    }
    out[o] = 0;
    return out;
}

static const char *wrapped(struct arena *a, const char *text, int bw, struct typeset *t)
{
    return wrapped_in(a, plain.lang, text, bw, t);
}

static void runs_are_measured_per_font(void **state)
{
    (void)state;
    const char *s = "ab\xE6\xBC\xA2\xE5\xAD\x97"
                    "cd"; /* ab漢字cd */
    size_t n = strlen(s);
    int font = -1;
    assert_int_equal(typeset_run(&two_fonts, FACE_SANS, s, n, &font), 2);
    assert_int_equal(font, 0);
    assert_int_equal(typeset_run(&two_fonts, FACE_SANS, s + 2, n - 2, &font), 6);
    assert_int_equal(font, 1);
    assert_int_equal(typeset_run(&two_fonts, FACE_SANS, s + 8, n - 8, &font), 2);
    assert_int_equal(font, 0);
    run_calls = 0;
    /* 2 x 5 + 2 x 10 + 2 x 5 */
    assert_int_equal(typeset_width(&two_fonts, FACE_SANS, 10, s, n), 40);
    assert_int_equal(run_calls, 3);
    assert_int_equal(run_fonts[0], 0);
    assert_int_equal(run_fonts[1], 1);
    assert_int_equal(run_fonts[2], 0);
    assert_int_equal(typeset_width(&two_fonts, FACE_SANS, 10, s, n), fake_width(NULL, 0, 10, s, n));
    /* a combining mark stays with the letter before it */
    const char *e = "\xE6\xBC\xA2\xCC\x81"
                    "a"; /* 漢 + U+0301, then a */
    assert_int_equal(typeset_run(&two_fonts, FACE_SANS, e, strlen(e), &font), 5);
    assert_int_equal(font, 1);
    /* a measurer without fallback is measured whole */
    const struct text_measurer one = {NULL, fake_width, fake_line_height, NULL, NULL, NULL};
    assert_int_equal(typeset_run(&one, FACE_SANS, s, n, &font), n);
    assert_int_equal(font, 0);
}

static void a_line_mixing_two_fonts_breaks_and_measures(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* "alpha 漢字漢字 beta": "alpha 漢字漢" is 6 x 5 + 3 x 10 = 60 */
    const char *s = "alpha \xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2\xE5\xAD\x97 beta";
    assert_string_equal(wrapped(&a, s, 60, &t),
                        "alpha \xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2|\xE5\xAD\x97 beta");
    assert_int_equal(t.lines[0].w, 60);
    assert_int_equal(t.lines[1].w, 10 + 5 * 5);
    assert_false(t.broken);
    /* one pixel less: the third ideograph moves down */
    assert_string_equal(wrapped(&a, s, 59, &t),
                        "alpha \xE6\xBC\xA2\xE5\xAD\x97|\xE6\xBC\xA2\xE5\xAD\x97 beta");
    assert_int_equal(t.lines[0].w, 50);
    arena_free(&a);
}

static void breaks_follow_uax14(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* after a hyphen */
    assert_string_equal(wrapped(&a, "well-known fact", 30, &t), "well-|known|fact");
    /* but not inside a number range written with a hyphen-minus */
    assert_string_equal(wrapped(&a, "in 2013-14 now", 40, &t), "in|2013-14|now");
    /* after an en dash, and around an em dash */
    assert_string_equal(wrapped(&a,
                                "Paris\xE2\x80\x93"
                                "Berlin",
                                40, &t),
                        "Paris\xE2\x80\x93|Berlin");
    assert_string_equal(wrapped(&a, "yes\xE2\x80\x94no", 30, &t), "yes\xE2\x80\x94|no");
    /* never at a no-break space: "7 s" moves down whole */
    assert_string_equal(wrapped(&a, "in 7\xC2\xA0s now", 25, &t), "in|7\xC2\xA0s|now");
    /* between ideographs and between Hangul syllables */
    assert_string_equal(wrapped(&a, "\xED\x8F\x89\xEC\x96\x91\xEC\x8B\x9C\xEB\xAF\xBC", 20, &t),
                        "\xED\x8F\x89\xEC\x96\x91|\xEC\x8B\x9C\xEB\xAF\xBC"); /* 평양|시민 */
    assert_string_equal(wrapped(&a, "\xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2", 20, &t),
                        "\xE6\xBC\xA2\xE5\xAD\x97|\xE6\xBC\xA2");
    /* spaces collapse and hang; a blank line starts a paragraph */
    assert_string_equal(wrapped(&a, "  one   two\nthree\n\nfour  ", 1000, &t),
                        "one two three|four");
    assert_int_equal(t.n, 2);
    assert_int_equal(t.lines[1].para, 1);
    assert_int_equal(typeset_height(&t, 2), 12 + 6 + 12); /* the gap is half a line */
    arena_free(&a);
}

static void long_words_are_cut_between_characters(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* 5 px a letter, 22 px a line: four letters, and the rest goes on with
     * the words after it (no language: no dictionary) */
    assert_string_equal(wrapped_in(&a, NULL, "x abcdefghij y", 22, &t), "x|abcd|efgh|ij y");
    assert_true(t.broken);
    assert_false(t.too_wide);
    assert_false(typeset_fits(&t, 1000, 0, TYPESET_WHOLE_WORDS));
    assert_true(typeset_fits(&t, 1000, 0, 0));
    /* a two-byte letter is never split */
    assert_string_equal(wrapped(&a, "\xC5\x8F\xC5\x8F\xC5\x8F", 11, &t),
                        "\xC5\x8F\xC5\x8F|\xC5\x8F");
    /* one character wider than the box is set alone, and said so */
    assert_string_equal(wrapped(&a, "ab", 3, &t), "a|b");
    assert_true(t.too_wide);
    assert_false(typeset_fits(&t, 1000, 0, 0));
    arena_free(&a);
}

#define DICTS "/usr/share/hyphen"

/* Skip a test that needs the system's dictionaries where they are not
 * installed (tests/run.sh installs them). */
static void need_dictionaries(void)
{
    if (access(DICTS "/hyph_de_DE.dic", R_OK) || access(DICTS "/hyph_en_US.dic", R_OK) ||
        access(DICTS "/hyph_fr.dic", R_OK) || access(DICTS "/hyph_ru_RU.dic", R_OK) ||
        access(DICTS "/hyph_el_GR.dic", R_OK))
        SKIP_BECAUSE("hyphenation dictionaries missing in " DICTS " (hyphen-de, hyphen-en-us, "
                     "hyphen-fr, hyphen-ru, hyphen-el; tests/run.sh installs them)");
}

/* The pieces of a wrapped word, hyphens and '|' left out, rejoin to it. */
static void assert_rejoins(const char *lines, const char *word)
{
    char joined[256];
    size_t o = 0;
    for (const char *p = lines; *p && o + 1 < sizeof joined; p++)
        if (*p != '|' && !(*p == '-' && p[1] == '|'))
            joined[o++] = *p;
    joined[o] = 0;
    assert_string_equal(joined, word);
}

/* A word wider than its box is hyphenated at the last of the dictionary's
 * points where its first part and the hyphen fit (5 px a letter). */
static void long_words_are_hyphenated(void **state)
{
    (void)state;
    need_dictionaries();
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* Bun-des-ver-ei-ni-gungs-jah-res-be-richt: 100 px hold 19 letters and
     * the hyphen, and "jah" would make 21 */
    const char *de = "Bundesvereinigungsjahresbericht";
    const char *got = wrapped_in(&a, "de", de, 100, &t);
    assert_string_equal(got, "Bundesvereinigungs-|jahresbericht");
    assert_rejoins(got, de);
    assert_true(t.lines[0].hyphen);
    assert_int_equal(t.lines[0].w, 18 * 5 + 5);
    assert_false(t.lines[1].hyphen);
    assert_true(t.broken);
    assert_false(t.too_wide);
    /* narrower: a hyphen on every line but the last, never fewer than two
     * letters before it or three after the last */
    got = wrapped_in(&a, "de-CH", de, 40, &t);
    assert_string_equal(got, "Bundes-|vereini-|gungs-|jahres-|bericht");
    assert_rejoins(got, de);
    /* in-com-pre-hen-si-bil-i-ties */
    got = wrapped_in(&a, "en-CA", "The incomprehensibilities.", 60, &t);
    assert_string_equal(got, "The|incomprehen-|sibilities.");
    /* an-ti-cons-ti-tu-tion-nel-le-ment; the French minimum after the last
     * point is 2, ours is 3 */
    got = wrapped_in(&a, "fr", "anticonstitutionnellement", 60, &t);
    assert_string_equal(got, "anticonsti-|tutionnelle-|ment");
    assert_rejoins(got, "anticonstitutionnellement");
    /* a capital, an accent and guillemets around it */
    got = wrapped_in(&a, "fr-CA", "\xC2\xAB\xC3\x89lectroenc\xC3\xA9phalographie\xC2\xBB", 60, &t);
    assert_string_equal(got, "\xC2\xAB\xC3\x89lectroen-|c\xC3\xA9phalogra-|phie\xC2\xBB");
    assert_rejoins(got, "\xC2\xAB\xC3\x89lectroenc\xC3\xA9phalographie\xC2\xBB");
    arena_free(&a);
}

/* Russian and Greek have dictionaries too (hyph_ru_RU.dic in KOI8-R,
 * hyph_el_GR.dic in ISO 8859-7): a capital is looked up lowercased and
 * drawn as written. The points are libhyphen's, less the last Greek one,
 * which would leave two letters ("-μα"). */
static void cyrillic_and_greek_are_hyphenated(void **state)
{
    (void)state;
    need_dictionaries();
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* до-стоприме-чатель-ность; 60 px hold 12 letters */
    const char *ru = "Достопримечательность";
    const char *got = wrapped_in(&a, "ru", ru, 60, &t);
    assert_string_equal(got, "Достоприме-|чательность");
    assert_rejoins(got, ru);
    assert_true(t.lines[0].hyphen);
    /* ηλε-κτρο-ε-γκε-φα-λο-γράφημα; 40 px hold 8 */
    const char *el = "Ηλεκτροεγκεφαλογράφημα";
    got = wrapped_in(&a, "el", el, 40, &t);
    assert_string_equal(got, "Ηλεκτρο-|εγκεφα-|λο-|γράφημα");
    assert_rejoins(got, el);
    assert_false(t.too_wide);
    arena_free(&a);
}

/* A word that fits its box is never hyphenated, not even at a line end. */
static void words_that_fit_are_not_hyphenated(void **state)
{
    (void)state;
    need_dictionaries();
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    assert_string_equal(wrapped_in(&a, "de", "Der Bundesvereinigungsjahresbericht ist da", 160, &t),
                        "Der|Bundesvereinigungsjahresbericht|ist da");
    for (int i = 0; i < t.n; i++)
        assert_false(t.lines[i].hyphen);
    assert_false(t.broken);
    assert_string_equal(wrapped_in(&a, "en", "an incomprehensibility", 60, &t),
                        "an|incomprehen-|sibility");
    assert_string_equal(wrapped_in(&a, "en", "an incomprehensibility", 100, &t),
                        "an|incomprehensibility");
    arena_free(&a);
}

/* What is not a word of letters keeps being cut between characters, with
 * no hyphen, as where no language is given: numbers, addresses, Hangul, a
 * word with a hyphen or a word joiner (an author's "do not hyphenate"). */
static void other_runs_are_cut_as_before(void **state)
{
    (void)state;
    need_dictionaries();
    static const char *const runs[] = {
        "12345678901234567890123",
        "https://example.org/Bundesvereinigungsjahresbericht",
        "vereinigungsjahresbericht2014",
        "Nord-Bundesvereinigungsjahresbericht",
        "Bundes\xE2\x81\xA0vereinigungsjahresbericht", /* U+2060 WORD JOINER */
        "\xEA\xB5\xAD\xEC\xA0\x9C\xEB\xA7\x88\xEB\x9D\xBC\xED\x86\xA4\xEB\x8C\x80\xED\x9A\x8C",
    };
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char before[512];
        snprintf(before, sizeof before, "%s", wrapped_in(&a, NULL, runs[i], 40, &t));
        assert_string_equal(wrapped_in(&a, "de", runs[i], 40, &t), before);
        for (int k = 0; k < t.n; k++)
            assert_false(t.lines[k].hyphen);
        assert_string_equal(wrapped_in(&a, "ko", runs[i], 40, &t), before);
    }
    arena_free(&a);
}

/* A soft hyphen is the author's point: a line that breaks there shows a
 * hyphen in its place, in any language; one inside a line stays unseen. */
static void soft_hyphens_show_at_a_line_end(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* 5 px a character: "Haltestellen-" is 65 px */
    const char *s = "Haltestellen\xC2\xAD"
                    "dach in Bonn";
    assert_string_equal(wrapped_in(&a, NULL, s, 70, &t), "Haltestellen-|dach in Bonn");
    assert_true(t.lines[0].hyphen);
    assert_int_equal(t.lines[0].w, 65);
    assert_false(t.broken);
    assert_string_equal(wrapped_in(&a, "de", s, 200, &t), "Haltestellen\xC2\xAD"
                                                          "dach in Bonn");
    assert_false(t.lines[0].hyphen);
    arena_free(&a);
}

/* Where no dictionary could be loaded when the table was made
 * (--no-dictionaries), or the language has none, the table is empty and a
 * long word is cut between characters, with no hyphen. */
static void without_a_dictionary_words_are_cut(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    const char *langs[] = {"de", "en", "fr", "xx", "it", "ru", "el"};
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        assert_string_equal(wrapped_in(&a, langs[i], "Bundesvereinigungsjahresbericht", 100, &t),
                            "Bundesvereinigungsja|hresbericht");
        assert_false(t.lines[0].hyphen);
        assert_true(t.broken);
    }
    arena_free(&a);
}

/* The lines of t joined with '|'. */
static const char *joined(const struct typeset *t)
{
    static char out[512];
    size_t o = 0;
    for (int i = 0; i < t->n; i++) {
        if (i)
            out[o++] = '|';
        memcpy(out + o, t->lines[i].s, (size_t)t->lines[i].len);
        o += (size_t)t->lines[i].len;
    }
    out[o] = 0;
    return out;
}

/* A paragraph does not end on a lone word where moving a break helps; the
 * line count, the kept lines and uncut words stay. */
static void a_paragraph_does_not_end_on_a_lone_word(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    /* 5 px a letter and a space: 60 px holds 12 characters */
    assert_string_equal(wrapped(&a, "aaaa bbbb cccc dddd eeee ff", 60, &t),
                        "aaaa bbbb|cccc dddd|eeee ff");
    assert_string_equal(wrapped(&a, "aaa bbb ccc ddd eee fff g", 60, &t),
                        "aaa bbb ccc|ddd eee fff|g");
    t.keep = t.n;
    t.height = typeset_height(&t, t.n);
    int n = t.n, h = t.height;
    typeset_balance(&t, 60);
    assert_string_equal(joined(&t), "aaa bbb|ccc ddd|eee fff g");
    assert_int_equal(t.n, n);
    assert_int_equal(t.keep, n);
    assert_int_equal(t.height, h);
    for (int i = 0; i < t.n; i++)
        assert_true(t.lines[i].w <= 60);
    /* two lines of two words: nothing to move */
    assert_string_equal(wrapped(&a, "aaaaaaa bbb cc", 60, &t), "aaaaaaa bbb|cc");
    t.keep = t.n;
    typeset_balance(&t, 60);
    assert_string_equal(joined(&t), "aaaaaaa|bbb cc");
    /* a lone word that only a third line would fix stays */
    assert_string_equal(wrapped(&a, "aaaaaaaaaaa b", 60, &t), "aaaaaaaaaaa|b");
    t.keep = t.n;
    typeset_balance(&t, 60);
    assert_string_equal(joined(&t), "aaaaaaaaaaa|b");
    arena_free(&a);
}

static void fitting_shrinks_then_overflows(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    const char *s = "one two three four five six seven eight nine ten";
    assert_int_equal(typeset_prepare(&t, &two_fonts, &a, s, &plain), 0);
    /* at 20 px it needs 6 lines of 100 px (120 px high); 48 px hold it
     * only smaller */
    assert_int_equal(typeset_fit(&t, 20, 10, 100, 48, 0, 0), 1);
    assert_true(t.px < 20 && t.px >= 10);
    assert_int_equal(t.keep, t.n);
    assert_true(t.height <= 48);
    /* the next size up does not fit: the largest that does was taken */
    struct typeset u;
    assert_int_equal(typeset_prepare(&u, &two_fonts, &a, s, &plain), 0);
    typeset_set_px(&u, t.px + 1);
    typeset_wrap(&u, 100);
    assert_false(typeset_fits(&u, 48, 0, 0));
    /* a box too small even at the floor: the lines that fit are kept */
    assert_int_equal(typeset_fit(&t, 20, 10, 100, 30, 0, 0), 0);
    assert_int_equal(t.px, 10);
    assert_true(t.keep >= 1 && t.keep < t.n);
    assert_true(t.height <= 30);
    /* and the last kept line can end with an ellipsis */
    typeset_ellipsize(&t, 100);
    assert_true(t.cut);
    const struct typeset_line *l = &t.lines[t.keep - 1];
    assert_true(l->w <= 100);
    assert_memory_equal(l->s + l->len - 3, "\xE2\x80\xA6", 3);
    assert_true(l->s[l->len - 4] != ' ');
    arena_free(&a);
}

static void one_line_cuts_with_an_ellipsis(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct typeset t;
    const struct typeset_style flat = {FACE_SANS, 0.0, 0.0, 0, NULL, NULL};
    assert_int_equal(typeset_prepare(&t, &two_fonts, &a, "short", &flat), 0);
    typeset_one_line(&t, 10, 100);
    assert_int_equal(t.keep, 1);
    assert_int_equal(t.lines[0].w, 25);
    assert_false(t.cut);
    assert_int_equal(typeset_prepare(&t, &two_fonts, &a, "a much longer line\n\nof text", &flat),
                     0);
    typeset_one_line(&t, 10, 60);
    assert_int_equal(t.keep, 1);
    assert_true(t.cut);
    assert_true(t.lines[0].w <= 60);
    /* "a much lon" (10 x 5) then the ellipsis (10) */
    assert_int_equal(t.lines[0].len, 10 + 3);
    assert_memory_equal(t.lines[0].s, "a much lon\xE2\x80\xA6", 13);
    assert_int_equal(t.lines[0].w, 60);
    /* not even the ellipsis fits: nothing */
    typeset_one_line(&t, 10, 5);
    assert_int_equal(t.keep, 0);
    assert_int_equal(typeset_align_x(10, 100, 40, TYPESET_CENTER), 40);
    assert_int_equal(typeset_align_x(10, 100, 40, TYPESET_RIGHT), 70);
    arena_free(&a);
}

/* Hostile stacks of accents (50 on one letter) keep TYPESET_MAX_MARKS per
 * letter, so they cannot climb into the line above; a letter with one or
 * two accents, and Thai's own marks, are untouched. */
static void stacked_accents_are_capped(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    char zalgo[512];
    size_t n = 0;
    zalgo[n++] = 'Z';
    for (int i = 0; i < 50; i++) {
        zalgo[n++] = (char)0xCC; /* U+0301 COMBINING ACUTE ACCENT */
        zalgo[n++] = (char)0x81;
    }
    const char *rest = "a e\xCC\x82\xCC\x81 \xE0\xB8\x81\xE0\xB8\xB4\xE0\xB9\x88\xE0\xB9\x8C";
    memcpy(zalgo + n, rest, strlen(rest) + 1);
    struct typeset t;
    assert_int_equal(typeset_prepare(&t, &two_fonts, &a, zalgo, &plain), 0);
    /* Z, two accents, a, space, e with its two accents, space, the Thai syllable whole */
    const char *want = "Z\xCC\x81\xCC\x81"
                       "a e\xCC\x82\xCC\x81 \xE0\xB8\x81\xE0\xB8\xB4\xE0\xB9\x88\xE0\xB9\x8C";
    assert_int_equal(t.len, (int)strlen(want));
    assert_memory_equal(t.s, want, strlen(want));
    arena_free(&a);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--no-dictionaries") == 0) {
        const struct CMUnitTest missing[] = {
            cmocka_unit_test(without_a_dictionary_words_are_cut),
        };
        return cmocka_run_group_tests(missing, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runs_are_measured_per_font),
        cmocka_unit_test(a_line_mixing_two_fonts_breaks_and_measures),
        cmocka_unit_test(breaks_follow_uax14),
        cmocka_unit_test(long_words_are_cut_between_characters),
        cmocka_unit_test(long_words_are_hyphenated),
        cmocka_unit_test(cyrillic_and_greek_are_hyphenated),
        cmocka_unit_test(words_that_fit_are_not_hyphenated),
        cmocka_unit_test(other_runs_are_cut_as_before),
        cmocka_unit_test(soft_hyphens_show_at_a_line_end),
        cmocka_unit_test(a_paragraph_does_not_end_on_a_lone_word),
        cmocka_unit_test(fitting_shrinks_then_overflows),
        cmocka_unit_test(one_line_cuts_with_an_ellipsis),
        cmocka_unit_test(stacked_accents_are_capped),
    };
    return run_counting_skips(tests, NULL, NULL);
}
