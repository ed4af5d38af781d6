/* test_author_ui.c - `ui:` in exhibit.yaml, from the build to the screen:
 * the build checks each word and warns for a language the kiosk would
 * show partly in English; the store reads the words (and leaves out a
 * hostile store's bad ones); the layout draws them. The exhibit is
 * tests/data/author/ui-de-ja (German, Japanese, Georgian). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/visitor/layout.h"
#include "app/visitor/ui_strings.h"
#include "content/arena.h"
#include "content/author.h"
#include "content/store.h"
#include "layout_testing.h"

#define WHY_LEN 16384

struct fx {
    char root[512]; /* temporary folder, removed by teardown */
    char src[600];  /* root/exhibit: a copy of tests/data/author/ui-de-ja */
    char out[600];  /* root/out.vitrine */
    char why[WHY_LEN];
    char warnings[WHY_LEN];
};

static const char *source_dir(void)
{
    const char *d = getenv("VITRINE_SOURCE_DIR");
    return d && *d ? d : ".";
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *copy = malloc(n + 1);
    assert_non_null(copy);
    memcpy(copy, buf, n + 1);
    return copy;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static void copy_tree(const char *from, const char *to)
{
    assert_int_equal(mkdir(to, 0755), 0);
    DIR *d = opendir(from);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char a[1024], b[1024];
        snprintf(a, sizeof a, "%s/%s", from, e->d_name);
        snprintf(b, sizeof b, "%s/%s", to, e->d_name);
        struct stat st;
        assert_int_equal(stat(a, &st), 0);
        if (S_ISDIR(st.st_mode)) {
            copy_tree(a, b);
        } else {
            char *text = read_all(a);
            write_text(b, text);
            free(text);
        }
    }
    closedir(d);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->root, sizeof f->root, "%s/test_author_ui.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(f->root));
    snprintf(f->src, sizeof f->src, "%s/exhibit", f->root);
    snprintf(f->out, sizeof f->out, "%s/out.vitrine", f->root);
    char from[1024];
    snprintf(from, sizeof from, "%s/tests/data/author/ui-de-ja", source_dir());
    copy_tree(from, f->src);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    nftw(f->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    free(f);
    return 0;
}

static void warned(void *ctx, const char *line)
{
    struct fx *f = ctx;
    size_t n = strlen(f->warnings);
    snprintf(f->warnings + n, sizeof f->warnings - n, "%s\n", line);
}

static int build(struct fx *f)
{
    f->warnings[0] = 0;
    struct author_opts o = {.warn = warned, .warn_ctx = f, .ui_builtin = ui_builtin};
    return author_build(f->src, f->out, &o, f->why, sizeof f->why);
}

/* exhibit.yaml with `from` replaced by `to` (which must be there once). */
static void edit(struct fx *f, const char *from, const char *to)
{
    char path[700];
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    char *text = read_all(path);
    char *at = strstr(text, from);
    if (!at)
        fail_msg("exhibit.yaml has no \"%s\"", from);
    size_t len = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(len);
    assert_non_null(out);
    snprintf(out, len, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    write_text(path, out);
    free(out);
    free(text);
}

static void expect_error(struct fx *f, const char *needle)
{
    assert_int_equal(build(f), -1);
    if (!strstr(f->why, needle))
        fail_msg("expected \"%s\" in:\n%s", needle, f->why);
}

/* Every language the kiosk has words for, zh-Hant last. */
static const char *const builtin_codes[] = {
    "bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "ga",     "hr",
    "hu", "it", "lt", "lv", "mt", "nl", "pl", "pt", "ro", "sk", "sl",     "sv",
    "zh", "ja", "ko", "ar", "he", "th", "hi", "ru", "uk", "tr", "zh-Hant"};
#define N_BUILTIN (sizeof builtin_codes / sizeof builtin_codes[0])

/* ---- the build ------------------------------------------------------------ */

static void good_words_build_without_a_warning(void **state)
{
    struct fx *f = *state;
    if (build(f) != 0)
        fail_msg("%s", f->why);
    /* German and Japanese are built in, Georgian given whole */
    assert_null(strstr(f->warnings, "no words of its own"));
    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(f->out, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT count(*), sum(locale = 'ka'), "
                                        "max(CASE WHEN locale = 'de' THEN text END) FROM ui_text",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 1 + UI_KEY_COUNT);
    assert_int_equal(sqlite3_column_int(st, 1), UI_KEY_COUNT);
    assert_string_equal((const char *)sqlite3_column_text(st, 2), "Kapitelübersicht");
    sqlite3_finalize(st);
    sqlite3_close(db);
}

static void a_language_without_words_is_warned_about(void **state)
{
    struct fx *f = *state;
    /* Georgian without its sources label and without three more */
    edit(f, "    previous: წინა\n    next: შემდეგი\n    original: ორიგინალი\n", "");
    edit(f, "    sources: \"წყაროები:\"\n", "");
    assert_int_equal(build(f), 0);
    /* at Georgian's line in locales:, naming what shows in English */
    const char *want = "exhibit.yaml:10: the kiosk has no words of its own in Georgian "
                       "(ქართული, ka): "
                       "previous, next, original, sources will show in English; give them under "
                       "ui: ka: (content/README.md, \"The kiosk's own words\")";
    if (!strstr(f->warnings, want))
        fail_msg("expected \"%s\" in:\n%s", want, f->warnings);
    /* a language the kiosk has built-in words for is never warned about */
    assert_null(strstr(f->warnings, "(de)"));
    assert_null(strstr(f->warnings, "(ja)"));
}

static void no_ui_at_all_warns_for_georgian_only(void **state)
{
    struct fx *f = *state;
    char path[700];
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    char *text = read_all(path);
    char *ui = strstr(text, "ui:\n"), *sources = strstr(text, "sources:\n");
    memmove(ui, sources, strlen(sources) + 1); /* ui: stands before sources: */
    write_text(path, text);
    free(text);
    assert_int_equal(build(f), 0);
    assert_non_null(strstr(f->warnings, "in Georgian (ქართული, ka): start, chapters, close, "
                                        "still_there, "
                                        "keep_exploring, back_in, touch_to_explore, previous, "
                                        "next, original, source, sources, larger_full, "
                                        "audio_guide, audio_keys, audio_keys_more, audio_touch, "
                                        "larger_text, language, part_of, page_of will show "
                                        "in English"));
    assert_int_equal(
        strstr(strstr(f->warnings, "no words"), "no words") == strstr(f->warnings, "no words"), 1);
    assert_null(strstr(strstr(f->warnings, "no words") + 1, "no words of its own"));
}

/* A code CLDR does not know ("xq") builds, with one warning at its line
 * naming it and what to check or give; a known code of a language the
 * kiosk has words for ("de") gets none. */
static void an_unknown_language_code_is_warned_about_once(void **state)
{
    struct fx *f = *state;
    edit(f, "  ka: ქართული\n", "  ka: ქართული\n  xq: Xqish\n");
    assert_int_equal(build(f), 0);
    const char *want = "exhibit.yaml:11: the language code xq (Xqish) is not one the kiosk knows "
                       "(it is not in Unicode's CLDR): its numbers, dates and quotation marks "
                       "will be written as in English, and so will the kiosk's words start, ";
    if (!strstr(f->warnings, want))
        fail_msg("expected \"%s\" in:\n%s", want, f->warnings);
    assert_non_null(strstr(f->warnings, "check the code (ISO 639, such as de, pt-BR or zh-Hant) "
                                        "or give them under ui: xq:"));
    /* said once: not again as a language without words of its own */
    const char *first = strstr(f->warnings, "the language code xq");
    assert_null(strstr(first + 1, "the language code xq"));
    assert_null(strstr(f->warnings, "no words of its own in Xqish"));
    /* with its words given, only the conventions are left to say */
    edit(f, "ui:\n",
         "ui:\n  xq:\n    start: Xstart\n    chapters: Xchap\n    close: Xclose\n"
         "    still_there: Xthere\n    keep_exploring: Xkeep\n    back_in: Xback %d\n"
         "    touch_to_explore: Xtouch\n    previous: Xprev\n    next: Xnext\n"
         "    original: Xorig\n    source: Xsrc\n    sources: Xsrcs\n"
         "    larger_full: Xfull\n    audio_guide: Xguide\n    audio_keys: Xkeys\n"
         "    audio_keys_more: Xmore\n    audio_touch: Xtouch\n    larger_text: Xlarger\n"
         "    language: Xlang\n    part_of: \"{1} X {2}\"\n    page_of: \"X {2} {1}\"\n");
    assert_int_equal(build(f), 0);
    assert_non_null(strstr(f->warnings, "written as in English; check the code (ISO 639, such "
                                        "as de, pt-BR or zh-Hant)\n"));
}

static void an_unknown_key_is_an_error_naming_the_keys(void **state)
{
    struct fx *f = *state;
    edit(f, "    chapters: Kapitelübersicht", "    chapter: Kapitelübersicht");
    expect_error(f, "exhibit.yaml:17: unknown key \"chapter\" in ui.de (did you mean "
                    "\"chapters\"? the kiosk's words are start, chapters, close, still_there, "
                    "keep_exploring, back_in, touch_to_explore, previous, next, original, "
                    "source, sources, larger_full, audio_guide, audio_keys, audio_keys_more, "
                    "audio_touch, larger_text, language, part_of, page_of)");
}

static void a_language_not_among_locales_is_an_error(void **state)
{
    struct fx *f = *state;
    edit(f, "ui:\n  de:", "ui:\n  fr:");
    expect_error(f, "exhibit.yaml:16: ui: \"fr\" is not one of locales (de, ja, ka)");
}

static void a_bad_text_is_an_error_at_its_line(void **state)
{
    struct fx *f = *state;
    edit(f, "back_in: \"დასაწყისში დაბრუნება %d წამში\"", "back_in: \"დასაწყისში დაბრუნება\"");
    expect_error(f, "exhibit.yaml:24: ui.ka.back_in must hold \"%d\" exactly once");

    edit(f, "back_in: \"დასაწყისში დაბრუნება\"", "back_in: \"%d და %d\"");
    expect_error(f, "exhibit.yaml:24: ui.ka.back_in must hold \"%d\" exactly once");

    edit(f, "back_in: \"%d და %d\"", "back_in: \"%d\"");
    edit(f, "    start: დასაწყისი", "    start: \"100%\"");
    expect_error(f, "exhibit.yaml:19: ui.ka.start must not hold '%'");

    edit(f, "    start: \"100%\"", "    start: \"\"");
    expect_error(f, "exhibit.yaml:19: ui.ka.start is empty");

    char long_text[300];
    memset(long_text, 'x', 210);
    long_text[210] = 0;
    char line[400];
    snprintf(line, sizeof line, "    start: %s", long_text);
    edit(f, "    start: \"\"", line);
    expect_error(f, "exhibit.yaml:19: ui.ka.start is too long (210 bytes; at most 200)");

    edit(f, line, "    start: [a, b]");
    expect_error(f, "exhibit.yaml:19: ui.ka.start must be text, not a list");
}

/* part_of and page_of hold "{1}" and "{2}" once each, in the order the
 * language needs, and nothing else in braces; no other word holds a '{'.
 * A good template of the exhibit's own reaches the store and the words. */
static void a_bad_template_is_an_error_at_its_line(void **state)
{
    struct fx *f = *state;
    const char *want38 = "exhibit.yaml:38: ui.ka.part_of must hold \"{1}\" and \"{2}\" exactly "
                         "once each, where the numbers go, and no other '{' or '}'";
    edit(f, "part_of: \"{1} {2}-დან\"", "part_of: \"{1} ნაწილი\"");
    expect_error(f, want38);
    edit(f, "part_of: \"{1} ნაწილი\"", "part_of: \"{1} {1} {2}\"");
    expect_error(f, want38);
    edit(f, "part_of: \"{1} {1} {2}\"", "part_of: \"{1} {2} {2}\"");
    expect_error(f, want38);
    edit(f, "part_of: \"{1} {2} {2}\"", "part_of: \"{1} {2}}\"");
    expect_error(f, want38);
    edit(f, "part_of: \"{1} {2}}\"", "part_of: \"{1} %d {2}\"");
    expect_error(f, "exhibit.yaml:38: ui.ka.part_of must not hold '%'");
    /* the whole before the part is the language's to choose */
    edit(f, "part_of: \"{1} %d {2}\"", "part_of: \"{2}-დან {1}\"");

    edit(f, "page_of: \"გვერდი {1} {2}-დან\"", "page_of: \"გვერდი {3} {2}-დან\"");
    expect_error(f, "exhibit.yaml:39: ui.ka.page_of must hold \"{1}\" and \"{2}\" exactly once");
    edit(f, "page_of: \"გვერდი {3} {2}-დან\"", "page_of: \"გვერდი {1} {2}-დან\"");

    const char *want36 = "exhibit.yaml:36: ui.ka.larger_text must not hold '{' (only part_of "
                         "and page_of have \"{1}\" and \"{2}\")";
    edit(f, "larger_text: უფრო დიდი ტექსტი", "larger_text: \"უფრო {დიდი} ტექსტი\"");
    expect_error(f, want36);
    edit(f, "larger_text: \"უფრო {დიდი} ტექსტი\"", "larger_text: \"ტექსტი {1}\"");
    expect_error(f, want36);
    edit(f, "larger_text: \"ტექსტი {1}\"", "larger_text: უფრო დიდი ტექსტი");

    /* German's own, in its own words and order */
    edit(f, "    chapters: Kapitelübersicht\n",
         "    chapters: Kapitelübersicht\n    part_of: \"{1} von insgesamt {2}\"\n"
         "    page_of: \"Seite {1}, insgesamt {2}\"\n");
    if (build(f) != 0)
        fail_msg("%s", f->why);
    assert_null(strstr(f->warnings, "no words of its own"));
    struct store *s;
    char why[256];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    assert_int_equal(store_ui_ignored(s, why, sizeof why), 0);
    assert_string_equal(store_ui_text(s, "de")[UI_PART_OF], "{1} von insgesamt {2}");
    assert_null(store_ui_text(s, "de")[UI_LARGER_TEXT]);
    struct ui_words w;
    char buf[128];
    ui_words_init(&w, "de", store_ui_text(s, "de"));
    ui_fill2(ui_word(&w, UI_PART_OF), "54280", "58212", buf, sizeof buf);
    assert_string_equal(buf, "54280 von insgesamt 58212");
    ui_fill2(ui_word(&w, UI_PAGE_OF), "3", "12", buf, sizeof buf);
    assert_string_equal(buf, "Seite 3, insgesamt 12");
    assert_string_equal(ui_word(&w, UI_LARGER_TEXT), "Größere Schrift");
    ui_words_init(&w, "ka", store_ui_text(s, "ka"));
    ui_fill2(ui_word(&w, UI_PART_OF), "54280", "58212", buf, sizeof buf);
    assert_string_equal(buf, "58212-დან 54280");
    ui_words_init(&w, "ja", store_ui_text(s, "ja"));
    ui_fill2(ui_word(&w, UI_PART_OF), "54280", "58212", buf, sizeof buf);
    assert_string_equal(buf, "58212のうち54280");
    store_close(s);
}

/* A store's template the build would have refused is left out: the kiosk
 * says its own words there. */
static void a_hostile_store_template_is_left_out(void **state)
{
    struct fx *f = *state;
    if (build(f) != 0)
        fail_msg("%s", f->why);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->out, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DELETE FROM ui_text WHERE locale = 'ka' AND key = 'part_of';"
                                  "INSERT INTO ui_text VALUES ('ka', 'part_of', '{1} {1}');"
                                  "INSERT INTO ui_text VALUES ('de', 'page_of', '%s {1} {2}');"
                                  "INSERT INTO ui_text VALUES ('de', 'larger_text', 'A {2}');",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    struct store *s;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    assert_int_equal(store_ui_ignored(s, why, sizeof why), 3);
    assert_null(store_ui_text(s, "ka")[UI_PART_OF]);
    assert_null(store_ui_text(s, "de")[UI_PAGE_OF]);
    assert_null(store_ui_text(s, "de")[UI_LARGER_TEXT]);
    assert_string_equal(store_ui_text(s, "ka")[UI_PAGE_OF], "გვერდი {1} {2}-დან");
    struct ui_words w;
    char buf[128];
    ui_words_init(&w, "ka", store_ui_text(s, "ka"));
    ui_fill2(ui_word(&w, UI_PART_OF), "5", "9", buf, sizeof buf);
    assert_string_equal(buf, "5 of 9");
    ui_words_init(&w, "de", store_ui_text(s, "de"));
    ui_fill2(ui_word(&w, UI_PAGE_OF), "5", "9", buf, sizeof buf);
    assert_string_equal(buf, "Seite 5 von 9");
    store_close(s);
}

static void a_regional_language_takes_its_language_words(void **state)
{
    struct fx *f = *state;
    edit(f, "  ka: ქართული\n", "  ka: ქართული\n  de-CH: Deutsch (Schweiz)\n");
    edit(f, "  ka: სირბილი ფხენიანში\n", "  ka: სირბილი ფხენიანში\n  de-CH: Laufen in Pjöngjang\n");
    if (build(f) != 0)
        fail_msg("%s", f->why);
    struct store *s;
    char why[256];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    const char *const *ch = store_ui_text(s, "de-CH");
    assert_non_null(ch);
    assert_string_equal(ch[UI_CHAPTERS], "Kapitelübersicht");
    assert_null(ch[UI_START]);
    store_close(s);
}

/* ---- the store and the screen --------------------------------------------- */

static const struct draw_item *find_text_in(const struct draw_list *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].len >= strlen(s) &&
            memmem(l->items[i].text, l->items[i].len, s, strlen(s)))
            return &l->items[i];
    return NULL;
}

static void the_words_reach_the_screen(void **state)
{
    struct fx *f = *state;
    if (build(f) != 0)
        fail_msg("%s", f->why);
    struct store *s;
    char why[256];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    assert_int_equal(store_ui_ignored(s, why, sizeof why), 0);
    assert_null(store_ui_text(s, "fr"));
    assert_string_equal(store_ui_text(s, "ka")[UI_SOURCES], "წყაროები:");
    assert_null(store_ui_text(s, "ja")[UI_SOURCES]);

    struct arena a;
    arena_init(&a, 0);
    struct layout_screen screen = {1920, 1080, 0, 0, 0};
    struct draw_list list;
    /* panel 2 cites two sources: "Sources:" in each language */
    const char *locales[] = {"ka", "ja", "de"};
    const char *want[] = {"წყაროები: CTV News; CNN", "出典：CTVニュース", "Quellen: CTV News"};
    for (int i = 0; i < 3; i++) {
        struct panel p;
        assert_int_equal(store_panel_load(s, 1, locales[i], &a, &p, why, sizeof why), 0);
        assert_non_null(p.ui_text);
        layout_panel(&p, &screen, &fake, &a, &list);
        const struct draw_item *t = find_text_in(&list, want[i]);
        if (!t)
            fail_msg("%s: no \"%s\" drawn", locales[i], want[i]);
        else
            assert_true(valid_utf8(t->text, t->len));
    }
    /* the quote's original words: "Original (English)" in Georgian's own */
    struct panel p;
    assert_int_equal(store_panel_load(s, 2, "ka", &a, &p, why, sizeof why), 0);
    layout_panel(&p, &screen, &fake, &a, &list);
    assert_non_null(find_text_in(&list, "ორიგინალი ("));
    assert_int_equal(store_panel_load(s, 2, "ja", &a, &p, why, sizeof why), 0);
    layout_panel(&p, &screen, &fake, &a, &list);
    assert_non_null(find_text_in(&list, "原文（"));
    arena_free(&a);
    store_close(s);
}

static void a_hostile_store_words_are_left_out(void **state)
{
    struct fx *f = *state;
    if (build(f) != 0)
        fail_msg("%s", f->why);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->out, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "DELETE FROM ui_text WHERE locale = 'ka' AND key = 'back_in';"
                                  "INSERT INTO ui_text VALUES ('ka', 'back_in', '%d %d %n');"
                                  "INSERT INTO ui_text VALUES ('de', 'back_in', 'in %s s');"
                                  "INSERT INTO ui_text VALUES ('de', 'colour', 'Blau');"
                                  "INSERT INTO ui_text VALUES ('ja', 'start', 'a' || char(10));",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    struct store *s;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    assert_int_equal(store_ui_ignored(s, why, sizeof why), 4);
    assert_non_null(strstr(why, "is left out"));
    assert_null(store_ui_text(s, "ka")[UI_BACK_IN]);
    assert_null(store_ui_text(s, "de")[UI_BACK_IN]);
    assert_null(store_ui_text(s, "ja")[UI_START]);
    assert_string_equal(store_ui_text(s, "ka")[UI_START], "დასაწყისი");
    /* the kiosk shows its own word there, never the row as a format */
    struct ui_words w;
    ui_words_init(&w, "ka", store_ui_text(s, "ka"));
    char buf[128];
    ui_word_format(&w, UI_BACK_IN, 5, buf, sizeof buf);
    assert_string_equal(buf, "Back to the start in 5\xC2\xA0s");
    store_close(s);
}

static void a_store_with_many_rows_is_read_bounded(void **state)
{
    struct fx *f = *state;
    if (build(f) != 0)
        fail_msg("%s", f->why);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->out, &db), SQLITE_OK);
    /* 100,000 rows of words the kiosk does not know, after German's one */
    assert_int_equal(sqlite3_exec(db,
                                  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                                  "WHERE i < 100000) INSERT INTO ui_text SELECT 'de', 'x' || i, "
                                  "'Wort' FROM n",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    struct store *s;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    /* no more rows are read than a store of STORE_MAX_LOCALES languages can hold */
    int n = store_ui_ignored(s, why, sizeof why);
    assert_true(n > 100 && n <= STORE_MAX_LOCALES * UI_KEY_COUNT + 1);
    assert_string_equal(store_ui_text(s, "de")[UI_CHAPTERS], "Kapitelübersicht");
    store_close(s);
}

/* An exhibit in every language the kiosk has words for (35, more than the
 * 16 a store once held) builds with no warning about words, and the store
 * reads every language back, in order. */
static void an_exhibit_in_every_built_in_language_builds(void **state)
{
    struct fx *f = *state;
    const char *const *codes = builtin_codes;
    enum { N = N_BUILTIN };
    assert_true(N <= STORE_MAX_LOCALES);
    static char yaml[16384], panel[8192];
    size_t o = (size_t)snprintf(yaml, sizeof yaml,
                                "id: every\nversion: \"1\"\n"
                                "default_locale: en\nlocales:\n");
    for (int i = 0; i < N; i++) {
        assert_true(ui_builtin(codes[i]));
        o += (size_t)snprintf(yaml + o, sizeof yaml - o, "  %s: L%d\n", codes[i], i);
    }
    o += (size_t)snprintf(yaml + o, sizeof yaml - o, "title:\n");
    for (int i = 0; i < N; i++)
        o += (size_t)snprintf(yaml + o, sizeof yaml - o, "  %s: T%d\n", codes[i], i);
    o += (size_t)snprintf(yaml + o, sizeof yaml - o,
                          "sources:\n  - id: s\n    cite: C\n    description: D\n");
    assert_true(o < sizeof yaml);
    size_t p = (size_t)snprintf(panel, sizeof panel, "kind: story\nheading:\n");
    for (int i = 0; i < N; i++)
        p += (size_t)snprintf(panel + p, sizeof panel - p, "  %s: H%d\n", codes[i], i);
    p += (size_t)snprintf(panel + p, sizeof panel - p, "body:\n");
    for (int i = 0; i < N; i++)
        p += (size_t)snprintf(panel + p, sizeof panel - p, "  %s: B%d\n", codes[i], i);
    snprintf(panel + p, sizeof panel - p, "sources: [s]\n");
    char path[700];
    snprintf(path, sizeof path, "%s/every", f->root);
    assert_int_equal(mkdir(path, 0755), 0);
    strcat(path, "/panels");
    assert_int_equal(mkdir(path, 0755), 0);
    strcat(path, "/01-story.yaml");
    write_text(path, panel);
    snprintf(f->src, sizeof f->src, "%s/every", f->root);
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    write_text(path, yaml);
    if (build(f) != 0)
        fail_msg("%s", f->why);
    assert_null(strstr(f->warnings, "no words of its own"));
    assert_null(strstr(f->warnings, "not one the kiosk knows"));
    struct store *s;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    struct arena a;
    arena_init(&a, 1 << 16);
    struct store_info info;
    assert_int_equal(store_info(s, "zh-Hant", &a, &info, why, sizeof why), 0);
    assert_string_equal(info.title, "T34");
    assert_int_equal(info.n_locales, N);
    for (int i = 0; i < N; i++)
        assert_string_equal(info.locales[i], codes[i]);
    arena_free(&a);
    store_close(s);
}

/* ---- the spoken guide's words and ui_fill2 ------------------------------- */

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* Every built-in language says the guide's words in its own: sentences
 * with the language's stop (Thai has none), names without one, templates
 * that place both numbers; each at most UI_KEY_TEXT_MAX bytes. */
static void every_language_has_the_guide_words(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_BUILTIN; i++) {
        const char *lang = builtin_codes[i];
        for (int id = UI_AUDIO_GUIDE; id <= UI_PAGE_OF; id++) {
            const char *s = ui_string(lang, (enum ui_string_id)id);
            char why[256];
            if (ui_key_check(id, s, strlen(s), ui_keys[id], why, sizeof why) != 0)
                fail_msg("%s: %s", lang, why);
            if (strcmp(lang, "en") != 0 && strcmp(s, ui_string("en", (enum ui_string_id)id)) == 0)
                fail_msg("%s: %s is the English \"%s\"", lang, ui_keys[id], s);
            int stop = ends_with(s, ".") || ends_with(s, "\xE3\x80\x82") /* 。 */ ||
                       ends_with(s, "\xE0\xA5\xA4") /* । */;
            int sentence = id <= UI_AUDIO_TOUCH;
            if (sentence && stop != (strcmp(lang, "th") != 0))
                fail_msg("%s: %s \"%s\" %s", lang, ui_keys[id], s,
                         stop ? "ends with a stop (Thai has none)" : "has no stop");
            if (!sentence && stop)
                fail_msg("%s: the name %s \"%s\" ends with a stop", lang, ui_keys[id], s);
        }
        for (int id = UI_PART_OF; id <= UI_PAGE_OF; id++) {
            char buf[256];
            ui_fill2(ui_string(lang, (enum ui_string_id)id), "54280", "58212", buf, sizeof buf);
            if (!strstr(buf, "54280") || !strstr(buf, "58212") || strchr(buf, '{') ||
                strchr(buf, '}'))
                fail_msg("%s: %s reads \"%s\"", lang, ui_keys[(int)id], buf);
        }
    }
    char buf[128];
    ui_fill2(ui_string("ja", UI_PAGE_OF), "3", "12", buf, sizeof buf);
    assert_string_equal(buf, "12ページ中3ページ目");
    ui_fill2(ui_string("zh-TW", UI_PAGE_OF), "3", "12", buf, sizeof buf);
    assert_string_equal(buf, "第3頁，共12頁");
    ui_fill2(ui_string("fr-CA", UI_PART_OF), "54280", "58212", buf, sizeof buf);
    assert_string_equal(buf, "54280 sur 58212");
    assert_string_equal(ui_string("de", UI_LARGER_TEXT), "Größere Schrift");
    assert_non_null(strstr(ui_string("de", UI_AUDIO_KEYS_MORE), "Eingabetaste"));
    assert_non_null(strstr(ui_string("de", UI_AUDIO_KEYS_MORE), "Hilfetaste"));
}

static void fill2_puts_the_part_and_the_whole_in_place(void **state)
{
    (void)state;
    char buf[64];
    assert_int_equal(ui_fill2("{1} of {2}", "54280", "58212", buf, sizeof buf), 14);
    assert_string_equal(buf, "54280 of 58212");
    /* the language's order */
    ui_fill2("{2}のうち{1}", "3", "10", buf, sizeof buf);
    assert_string_equal(buf, "10のうち3");
    /* what goes in is copied as it is, never read again for a place, and
     * the template is never a printf format */
    ui_fill2("{1} of {2}", "{2}", "{1}%d%s%n", buf, sizeof buf);
    assert_string_equal(buf, "{2} of {1}%d%s%n");
    ui_fill2("%s {3} {1 {", "x", "y", buf, sizeof buf);
    assert_string_equal(buf, "%s {3} {1 {");
    ui_fill2("{1}{2}", NULL, NULL, buf, sizeof buf);
    assert_string_equal(buf, "");
    ui_fill2(NULL, "x", "y", buf, sizeof buf);
    assert_string_equal(buf, "");
    /* no room: nothing written, not even the NUL */
    buf[0] = 'z';
    assert_int_equal(ui_fill2("{1}", "x", "y", buf, 0), 0);
    assert_int_equal(buf[0], 'z');
    assert_int_equal(ui_fill2("{1}", "x", "y", buf, 1), 0);
    assert_string_equal(buf, "");
    /* too small: cut at a character's edge, in the template or in what goes in */
    assert_int_equal(ui_fill2("Страница {1} из {2}", "3", "9", buf, 4), 2);
    assert_string_equal(buf, "С");
    assert_int_equal(ui_fill2("{1} of {2}", "日本", "9", buf, 6), 3);
    assert_string_equal(buf, "日");
    assert_int_equal(ui_fill2("{1} of {2}", "1", "日本", buf, 8), 5);
    assert_string_equal(buf, "1 of ");
    /* at every size: a prefix of the whole, whole characters, NUL ended */
    const char *tmpl = "第{1}頁，共{2}頁 — ページ {2} のうち {1}";
    char whole[128];
    size_t n_whole = ui_fill2(tmpl, "٣٤", "🎨12", whole, sizeof whole);
    assert_int_equal(n_whole, strlen(whole));
    for (size_t n = 1; n <= n_whole + 1; n++) {
        char cut[128];
        memset(cut, 'x', sizeof cut);
        size_t got = ui_fill2(tmpl, "٣٤", "🎨12", cut, n);
        assert_true(got < n);
        assert_int_equal(strlen(cut), got);
        assert_memory_equal(cut, whole, got);
        assert_true(valid_utf8(cut, got));
        /* as much as fits: the next character would not */
        size_t next = got;
        while (next < n_whole && (next == got || ((unsigned char)whole[next] & 0xC0) == 0x80))
            next++;
        assert_true(got == n_whole || next > n - 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(good_words_build_without_a_warning, setup, teardown),
        cmocka_unit_test_setup_teardown(an_unknown_language_code_is_warned_about_once, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(an_exhibit_in_every_built_in_language_builds, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_language_without_words_is_warned_about, setup, teardown),
        cmocka_unit_test_setup_teardown(no_ui_at_all_warns_for_georgian_only, setup, teardown),
        cmocka_unit_test_setup_teardown(an_unknown_key_is_an_error_naming_the_keys, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_language_not_among_locales_is_an_error, setup, teardown),
        cmocka_unit_test_setup_teardown(a_bad_text_is_an_error_at_its_line, setup, teardown),
        cmocka_unit_test_setup_teardown(a_bad_template_is_an_error_at_its_line, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hostile_store_template_is_left_out, setup, teardown),
        cmocka_unit_test_setup_teardown(a_regional_language_takes_its_language_words, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(the_words_reach_the_screen, setup, teardown),
        cmocka_unit_test_setup_teardown(a_hostile_store_words_are_left_out, setup, teardown),
        cmocka_unit_test_setup_teardown(a_store_with_many_rows_is_read_bounded, setup, teardown),
        cmocka_unit_test(every_language_has_the_guide_words),
        cmocka_unit_test(fill2_puts_the_part_and_the_whole_in_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
