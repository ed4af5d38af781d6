/* The content store reader: a small two-language exhibit built here with
 * the real schema, every field loaded back, and every refusal with its
 * reason. */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "content/store.h"
#include "content/rules.h"
#include "content/store_schema.h"

static char tmp_dir[64];
static char *schema_sql;
static char created[128][128];
static int n_created;

/* A small exhibit: English (default) and French, one panel of each kind.
 * Missing French on purpose: the whole text of panel 1, the note of panel
 * 2, the figure's part_of_label, the quote's role, the subtitle, and the
 * nkn source's citation. */
static const char exhibit_sql[] =
    "INSERT INTO locale VALUES ('en', 0, 'English'), ('fr', 1, 'Français');"
    "INSERT INTO exhibit (id, slug, version, default_locale, built_at)"
    "  VALUES (1, 'pyongyang-2014', '1.0', 'en', '2024-05-01T10:00:00Z');"
    "INSERT INTO exhibit_text VALUES ('en', 'Running Pyongyang', 'A marathon in 2014'),"
    "  ('fr', 'Courir à Pyongyang', NULL);"
    "INSERT INTO source VALUES ('nkn', 1, NULL), ('ctv', 0, 'ctv.txt');"
    "INSERT INTO source_text VALUES"
    "  ('ctv', 'en', 'CTV News report', 'A news article from a phone interview.'),"
    "  ('ctv', 'fr', 'Reportage de CTV News', 'Un article tiré d''un entretien.'),"
    "  ('nkn', 'en', 'NK News', 'A blog post by a runner.');"
    "INSERT INTO asset VALUES (1, 'start.png', 'image/png', 2, 2,"
    "  X'89504E470D0A1A0A0000000D494844520000000200000002080600000072B60D24');"
    "INSERT INTO panel VALUES (0, 'title', 'title', NULL), (1, 'arrival', 'story', NULL),"
    "  (2, 'runners', 'statistic', NULL), (3, 'quiet', 'quote', NULL),"
    "  (4, 'start-line', 'image', 1), (5, 'credits', 'credits', NULL);"
    "INSERT INTO panel_text VALUES"
    "  (0, 'en', 'Start', 'Running Pyongyang', 'A marathon.', NULL, NULL),"
    "  (0, 'fr', 'Départ', 'Courir à Pyongyang', 'Un marathon.', NULL, NULL),"
    "  (1, 'en', 'Start', 'Arrival', 'First paragraph.' || char(10, 10) || 'Second.',"
    "   'Sources disagree.', NULL),"
    "  (2, 'en', 'The race', 'Who ran', NULL, 'Estimates vary.', NULL),"
    "  (2, 'fr', 'La course', 'Qui a couru', NULL, NULL, NULL),"
    "  (3, 'en', 'The race', NULL, NULL, NULL, NULL),"
    "  (3, 'fr', 'La course', NULL, NULL, NULL, NULL),"
    "  (4, 'en', 'The race', 'The start line', NULL, NULL, 'Runners at the start.'),"
    "  (4, 'fr', 'La course', 'La ligne de départ', NULL, NULL, 'Des coureurs au départ.'),"
    "  (5, 'en', 'Credits', 'Sources', NULL, NULL, NULL),"
    "  (5, 'fr', 'Crédits', 'Sources', NULL, NULL, NULL);"
    "INSERT INTO statistic VALUES (2, 1200, NULL, 0, 'runners', 1500);"
    "INSERT INTO statistic_text VALUES"
    "  (2, 'en', 'amateur runners', '~', NULL, 'runners in all'),"
    "  (2, 'fr', 'coureurs amateurs', '~', NULL, NULL);"
    "INSERT INTO quote VALUES (3, 'Jen Loong', 'en');"
    "INSERT INTO quote_text (position, locale, text, role, context) VALUES"
    "  (3, 'en', 'It was a once-in-a-lifetime experience.', 'Canadian runner',"
    "   'Telephone interview'),"
    "  (3, 'fr', 'Une expérience unique.', NULL, 'Entretien téléphonique');"
    "INSERT INTO citation VALUES (1, 'panel', 'nkn'), (1, 'panel', 'ctv'),"
    "  (2, 'panel', 'ctv'), (2, 'figure', 'ctv'), (2, 'figure', 'nkn'),"
    "  (3, 'quote', 'nkn'), (3, 'panel', 'nkn'), (5, 'panel', 'ctv');";

static char *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, got;
    do {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            char *grown = realloc(buf, cap + 1);
            if (!grown)
                free(buf);
            assert_non_null(grown);
            buf = grown;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    buf[n] = '\0';
    *size = n;
    return buf;
}

static void write_whole(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

/* A path in the test directory, removed at the end. */
static const char *tmp_path(const char *name)
{
    assert_true(n_created < (int)(sizeof created / sizeof *created));
    char *p = created[n_created++];
    snprintf(p, sizeof created[0], "%s/%s", tmp_dir, name);
    remove(p);
    return p;
}

static void exec_sql(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("SQL failed: %s", err ? err : "?");
}

/* The exhibit above, then `extra` (a change that makes it bad, or NULL). */
static const char *make_store(const char *name, const char *extra)
{
    const char *path = tmp_path(name);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, schema_sql);
    exec_sql(db, exhibit_sql);
    if (extra)
        exec_sql(db, extra);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    return path;
}

static struct store *open_ok(const char *path)
{
    struct store *s = NULL;
    char why[512] = "";
    if (store_open_file(path, &s, why, sizeof why) != 0)
        fail_msg("open refused: %s", why);
    assert_non_null(s);
    assert_string_equal(store_name(s), path);
    return s;
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' does not contain '%s'", text, part);
}

static void assert_file_refused(const char *path, const char *reason)
{
    struct store *s = (struct store *)&s; /* must be reset to NULL */
    char why[512] = "";
    assert_true(store_open_file(path, &s, why, sizeof why) < 0);
    assert_null(s);
    assert_contains(why, path);
    assert_contains(why, reason);
}

static void assert_memory_refused(const void *data, size_t size, const char *reason)
{
    struct store *s = NULL;
    char why[512] = "";
    assert_true(store_open_memory(data, size, "built-in exhibit", &s, why, sizeof why) < 0);
    assert_null(s);
    assert_contains(why, "built-in exhibit");
    assert_contains(why, reason);
}

static void load_ok(struct store *s, int index, const char *locale, struct arena *a,
                    struct panel *p)
{
    char why[512] = "";
    if (store_panel_load(s, index, locale, a, p, why, sizeof why) != 0)
        fail_msg("panel %d (%s) refused: %s", index, locale ? locale : "default", why);
    assert_int_equal(p->index, index);
}

static void assert_cites(const struct panel *p, const char *first, const char *second)
{
    assert_int_equal(p->n_cites, second ? 2 : first ? 1 : 0);
    if (first)
        assert_string_equal(p->cites[0].id, first);
    if (second)
        assert_string_equal(p->cites[1].id, second);
}

/* Everything the exhibit holds, as a store opened either way must give it. */
static void check_exhibit(struct store *s)
{
    struct arena a;
    struct panel p;
    struct store_info info;
    char why[512] = "";
    arena_init(&a, 0);

    assert_int_equal(store_info(s, NULL, &a, &info, why, sizeof why), 0);
    assert_string_equal(info.slug, "pyongyang-2014");
    assert_string_equal(info.version, "1.0");
    assert_string_equal(info.default_locale, "en");
    assert_string_equal(info.title, "Running Pyongyang");
    assert_string_equal(info.subtitle, "A marathon in 2014");
    assert_int_equal(info.n_panels, 6);
    assert_int_equal(info.n_locales, 2);
    assert_string_equal(info.locales[0], "en");
    assert_string_equal(info.locales[1], "fr");
    assert_string_equal(info.locale_names[0], "English");
    assert_string_equal(info.locale_names[1], "Français");
    assert_int_equal(store_info(s, "fr", &a, &info, why, sizeof why), 0);
    assert_string_equal(info.title, "Courir à Pyongyang");
    assert_string_equal(info.subtitle, "A marathon in 2014"); /* no French subtitle */
    arena_reset(&a);

    /* title, English and French */
    load_ok(s, 0, "en", &a, &p);
    assert_string_equal(p.id, "title");
    assert_int_equal(p.kind, PANEL_TITLE);
    assert_string_equal(p.locale, "en");
    assert_string_equal(p.chapter, "Start");
    assert_string_equal(p.heading, "Running Pyongyang");
    assert_string_equal(p.body, "A marathon.");
    assert_null(p.note);
    assert_cites(&p, NULL, NULL);
    load_ok(s, 0, "fr", &a, &p);
    assert_string_equal(p.locale, "fr");
    assert_string_equal(p.chapter, "Départ");
    assert_string_equal(p.heading, "Courir à Pyongyang");
    assert_string_equal(p.body, "Un marathon.");
    /* an unknown locale, or none, is the default */
    load_ok(s, 0, "de", &a, &p);
    assert_string_equal(p.locale, "en");
    assert_string_equal(p.heading, "Running Pyongyang");
    load_ok(s, 0, NULL, &a, &p);
    assert_string_equal(p.locale, "en");
    arena_reset(&a);

    /* story without any French row: all English; citations in credits
     * order (ctv is position 0), not insertion order */
    load_ok(s, 1, "fr", &a, &p);
    assert_string_equal(p.id, "arrival");
    assert_int_equal(p.kind, PANEL_STORY);
    assert_string_equal(p.locale, "en");
    assert_string_equal(p.heading, "Arrival");
    assert_string_equal(p.body, "First paragraph.\n\nSecond.");
    assert_string_equal(p.note, "Sources disagree.");
    assert_cites(&p, "ctv", "nkn");
    assert_string_equal(p.cites[0].cite, "Reportage de CTV News");
    assert_string_equal(p.cites[0].description, "Un article tiré d'un entretien.");
    assert_string_equal(p.cites[1].cite, "NK News"); /* no French citation */
    assert_string_equal(p.cites[1].description, "A blog post by a runner.");
    arena_reset(&a);

    /* statistic: French, with the note and the whole's label from English;
     * ctv backs both panel and figure but is listed once */
    load_ok(s, 2, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_STATISTIC);
    assert_string_equal(p.locale, "fr");
    assert_string_equal(p.chapter, "La course");
    assert_string_equal(p.heading, "Qui a couru");
    assert_null(p.body);
    assert_string_equal(p.note, "Estimates vary.");
    char num[DECIMAL_TEXT_MAX];
    assert_string_equal(decimal_text(&p.figure.value, num), "1200");
    assert_false(p.figure.has_to);
    assert_int_equal(p.figure.decimals, 0);
    assert_true(p.figure.has_part_of);
    assert_string_equal(decimal_text(&p.figure.part_of, num), "1500");
    assert_string_equal(p.figure.label, "coureurs amateurs");
    assert_string_equal(p.figure.prefix, "~");
    /* the unit, after a no-break space: "~1,200 runners" */
    assert_string_equal(p.figure.unit, "runners");
    assert_string_equal(p.figure.suffix, "\xC2\xA0runners");
    assert_string_equal(p.figure.part_of_label, "runners in all");
    assert_cites(&p, "ctv", "nkn");
    load_ok(s, 2, "en", &a, &p);
    assert_string_equal(p.figure.label, "amateur runners");
    assert_string_equal(p.cites[0].cite, "CTV News report");
    arena_reset(&a);

    /* quote */
    load_ok(s, 3, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_QUOTE);
    assert_string_equal(p.quote.speaker, "Jen Loong");
    assert_string_equal(p.quote.text, "Une expérience unique.");
    assert_string_equal(p.quote.role, "Canadian runner");
    assert_string_equal(p.quote.context, "Entretien téléphonique");
    assert_cites(&p, "nkn", NULL);
    load_ok(s, 3, "en", &a, &p);
    assert_string_equal(p.quote.text, "It was a once-in-a-lifetime experience.");
    assert_string_equal(p.quote.context, "Telephone interview");
    arena_reset(&a);

    /* image: the bytes are copied into the arena */
    load_ok(s, 4, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_IMAGE);
    assert_string_equal(p.image.alt, "Des coureurs au départ.");
    assert_int_equal(p.image.size, 33);
    assert_memory_equal(p.image.data, "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    assert_cites(&p, NULL, NULL);
    arena_reset(&a);

    /* credits: every source, though only ctv is cited */
    load_ok(s, 5, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_CREDITS);
    assert_string_equal(p.heading, "Sources");
    assert_string_equal(p.chapter, "Crédits");
    assert_cites(&p, "ctv", "nkn");
    assert_string_equal(p.cites[0].cite, "Reportage de CTV News");
    arena_reset(&a);

    struct store_source *src;
    int n = -1;
    assert_int_equal(store_sources(s, "fr", &a, &src, &n, why, sizeof why), 0);
    assert_int_equal(n, 2);
    assert_string_equal(src[0].id, "ctv");
    assert_string_equal(src[0].cite, "Reportage de CTV News");
    assert_string_equal(src[0].file, "ctv.txt");
    assert_string_equal(src[1].id, "nkn");
    assert_string_equal(src[1].cite, "NK News");
    assert_null(src[1].file);

    arena_free(&a);
}

static void valid_store_loads_every_field(void **state)
{
    (void)state;
    struct store *s = open_ok(make_store("valid.vitrine", NULL));
    check_exhibit(s);
    store_close(s);
}

static void memory_store_loads_the_same(void **state)
{
    (void)state;
    size_t size;
    char *bytes = read_whole(make_store("memory.vitrine", NULL), &size);
    assert_non_null(bytes);
    struct store *s = NULL;
    char why[512] = "";
    if (store_open_memory(bytes, size, "built-in exhibit", &s, why, sizeof why) != 0)
        fail_msg("memory open refused: %s", why);
    assert_string_equal(store_name(s), "built-in exhibit");
    check_exhibit(s);
    store_close(s);
    free(bytes);
}

static void unreadable_files_are_refused(void **state)
{
    (void)state;
    assert_file_refused(tmp_path("missing.vitrine"), "does not exist");

    unsigned char noise[16384];
    uint32_t x = 2463534242u;
    for (size_t i = 0; i < sizeof noise; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        noise[i] = (unsigned char)x;
    }
    const char *garbage = tmp_path("garbage.vitrine");
    write_whole(garbage, noise, sizeof noise);
    assert_file_refused(garbage, "is not a SQLite database");
    assert_memory_refused(noise, sizeof noise, "is not a SQLite database");

    size_t size;
    char *bytes = read_whole(make_store("whole.vitrine", NULL), &size);
    assert_non_null(bytes);
    assert_true(size >= 8 * 4096); /* many pages, so half loses tables */
    const char *half = tmp_path("half.vitrine");
    write_whole(half, bytes, size / 2);
    assert_file_refused(half, "is damaged");
    assert_memory_refused(bytes, size / 2, "is damaged");
    free(bytes);
}

static void foreign_and_dangerous_stores_are_refused(void **state)
{
    (void)state;
    assert_file_refused(make_store("appid.vitrine", "PRAGMA application_id = 1234;"),
                        "is not a vitrine exhibit");
    assert_file_refused(make_store("version.vitrine", "PRAGMA user_version = 9;"),
                        "is schema version 9; this vitrine reads versions 2 to 8");
    assert_file_refused(make_store("older.vitrine", "PRAGMA user_version = 1;"),
                        "is schema version 1; this vitrine reads versions 2 to 8");
    /* a version 8 schema that calls itself 2 to 7 is none of them */
    assert_file_refused(make_store("old7.vitrine", "PRAGMA user_version = 7;"),
                        "has a table the exhibit format does not have: audio_description");
    assert_file_refused(make_store("old6.vitrine", "PRAGMA user_version = 6;"),
                        "has a table the exhibit format does not have: hyphenation");
    assert_file_refused(make_store("old5.vitrine", "PRAGMA user_version = 5;"),
                        "has a table the exhibit format does not have: clip");
    assert_file_refused(make_store("old4.vitrine", "PRAGMA user_version = 4;"),
                        "has a table the exhibit format does not have: show_window");
    assert_file_refused(make_store("old.vitrine", "PRAGMA user_version = 2;"),
                        "has a table the exhibit format does not have: font");
    assert_file_refused(make_store("old3.vitrine", "PRAGMA user_version = 3;"),
                        "has a table the exhibit format does not have: font");
    assert_file_refused(make_store("noevents.vitrine", "DROP TABLE event_text;"),
                        "is missing the table 'event_text'");
    assert_file_refused(make_store("table.vitrine", "DROP TABLE quote_text;"),
                        "is missing the table 'quote_text'");
}

/* A store of version 2, as vitrine wrote it before figures became exact
 * decimals (content/schema_v2.sql, REAL figures), made by that DDL. */
static const char *make_v2_store(const char *name, const char *extra)
{
    const char *path = tmp_path(name);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, store_schema_v2_sql);
    exec_sql(db, exhibit_sql);
    if (extra)
        exec_sql(db, extra);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    return path;
}

/* A store of version 3, made by that frozen DDL: it opens, shows what it
 * showed, and has no theme, logo, fonts or translations. */
static void version_3_stores_are_read(void **state)
{
    (void)state;
    const char *path = tmp_path("v3.vitrine");
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, store_schema_v3_sql);
    exec_sql(db, exhibit_sql);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    struct store *s = open_ok(path);
    check_exhibit(s);
    struct theme t = {1, 1, 1};
    store_theme(s, &t);
    assert_int_equal(t.set, 0);
    struct arena a;
    struct panel p;
    struct panel_image logo;
    struct store_font fonts[STORE_FONT_FACES];
    char why[512] = "";
    arena_init(&a, 4096);
    assert_int_equal(store_logo(s, &a, &logo, why, sizeof why), 0);
    assert_null(logo.data);
    assert_int_equal(store_fonts(s, &a, fonts, why, sizeof why), 0);
    for (int i = 0; i < STORE_FONT_FACES; i++)
        assert_null(fonts[i].data);
    load_ok(s, 3, "fr", &a, &p);
    assert_null(p.quote.translation);
    assert_string_equal(p.quote.language, "en");
    arena_free(&a);
    store_close(s);
}

/* A store of version 4, made by that frozen DDL: it opens, shows what it
 * showed, and has no schedule (every panel always on). Version 5's
 * windows come back as written, by scope, with the panels they cover. */
static void version_4_stores_are_read_and_windows_come_back(void **state)
{
    (void)state;
    const char *path = tmp_path("v4old.vitrine");
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, store_schema_v4_sql);
    exec_sql(db, exhibit_sql);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    struct store *s = open_ok(path);
    check_exhibit(s);
    struct arena a;
    arena_init(&a, 4096);
    struct store_window *w = (struct store_window *)&w;
    int n = -1;
    char why[512] = "";
    assert_int_equal(store_windows(s, &a, &w, &n, why, sizeof why), 0);
    assert_int_equal(n, 0);
    assert_null(w);
    store_close(s);

    s = open_ok(
        make_store("v5win.vitrine",
                   "INSERT INTO show_window VALUES ('panel', 2, 2, 'sat-sun');"
                   "INSERT INTO show_window VALUES ('exhibit', 0, 3, '2026-04-10..2026-04-12');"
                   "INSERT INTO show_window VALUES ('chapter', 1, 3, '09:00-12:00');"));
    assert_int_equal(store_windows(s, &a, &w, &n, why, sizeof why), 0);
    assert_int_equal(n, 3);
    assert_int_equal(w[0].scope, STORE_SCOPE_EXHIBIT);
    assert_string_equal(w[0].spec, "2026-04-10..2026-04-12");
    assert_int_equal(w[1].scope, STORE_SCOPE_CHAPTER);
    assert_int_equal(w[1].first, 1);
    assert_int_equal(w[1].last, 3);
    assert_int_equal(w[2].scope, STORE_SCOPE_PANEL);
    assert_string_equal(w[2].spec, "sat-sun");
    arena_free(&a);
    store_close(s);
}

/* Version 4: a quote's translation is read in its own language only (never
 * as a fallback), the theme is read and checked, the logo and the fonts
 * come back byte for byte. */
static void theme_logo_fonts_and_translations(void **state)
{
    (void)state;
    char sql[512];
    snprintf(sql, sizeof sql,
             "UPDATE exhibit SET accent = '#C8102E', background = '#FFFFFF', logo = 1;"
             "UPDATE quote_text SET translation = 'Une expérience unique dans une vie.'"
             "  WHERE locale = 'fr';"
             "INSERT INTO font VALUES ('serif', 'fonts/Museum.otf', X'0001000061626364');");
    struct store *s = open_ok(make_store("v4.vitrine", sql));
    check_exhibit(s);
    struct theme t;
    store_theme(s, &t);
    assert_int_equal(t.set, 1);
    assert_int_equal(t.accent, 0xC8102E);
    assert_int_equal(t.background, 0xFFFFFF);
    struct arena a;
    struct panel p;
    struct panel_image logo;
    struct store_font fonts[STORE_FONT_FACES];
    char why[512] = "";
    arena_init(&a, 4096);
    assert_int_equal(store_logo(s, &a, &logo, why, sizeof why), 0);
    assert_non_null(logo.data);
    assert_memory_equal(logo.data, "\x89PNG", 4);
    assert_int_equal(store_fonts(s, &a, fonts, why, sizeof why), 0);
    assert_null(fonts[0].data);
    assert_null(fonts[1].data);
    assert_int_equal(fonts[2].size, 8);
    assert_memory_equal(fonts[2].data,
                        "\x00\x01\x00\x00"
                        "abcd",
                        8);
    assert_string_equal(fonts[2].name, "fonts/Museum.otf");
    load_ok(s, 3, "fr", &a, &p);
    assert_string_equal(p.quote.translation, "Une expérience unique dans une vie.");
    assert_string_equal(p.quote.text, "Une expérience unique.");
    load_ok(s, 3, "en", &a, &p);
    assert_null(p.quote.translation); /* said in English: no fallback to French */
    arena_free(&a);
    store_close(s);

    /* a theme whose accent does not read on its background is refused at
     * open, in the build's words; so is half a theme */
    assert_file_refused(
        make_store("v4-pale.vitrine",
                   "UPDATE exhibit SET accent = '#FFE066', background = '#FFFFFF';"),
        "the accent #FFE066 on the background #FFFFFF has a contrast of 1.3:1");
    assert_file_refused(make_store("v4-half.vitrine", "UPDATE exhibit SET accent = '#C8102E';"),
                        "but not both");
}

/* An exhibit imported before an update still opens after it: a version 2
 * store is read, its REAL figures as the shortest decimal of the same
 * double; its schema is checked as exactly as version 3's. */
static void version_2_stores_are_read(void **state)
{
    (void)state;
    struct store *s = open_ok(make_v2_store("v2.vitrine", NULL));
    check_exhibit(s);
    store_close(s);

    static const struct {
        const char *sql, *value;
        int decimals;
    } figures[] = {
        {"UPDATE statistic SET value = 0.1, decimals = 1, part_of = NULL;", "0.1", 1},
        {"UPDATE statistic SET value = 2.675, decimals = 3, part_of = NULL;", "2.675", 3},
        {"UPDATE statistic SET value = 99999999999999.98, decimals = 2, part_of = NULL;",
         "99999999999999.98", 2},
        /* SQLite keeps a REAL -0.0 as the integer 0: version 2 lost the sign */
        {"UPDATE statistic SET value = -0.0, decimals = 0, part_of = NULL;", "0", 0},
        {"UPDATE statistic SET value = -3.5, decimals = 1, part_of = NULL;", "-3.5", 1},
        {"UPDATE statistic SET value = 1200.5, decimals = 1, part_of = 1500;", "1200.5", 1},
    };
    for (size_t i = 0; i < sizeof figures / sizeof *figures; i++) {
        char name[32], num[DECIMAL_TEXT_MAX];
        snprintf(name, sizeof name, "v2-%zu.vitrine", i);
        s = open_ok(make_v2_store(name, figures[i].sql));
        struct arena a;
        struct panel p;
        arena_init(&a, 4096);
        load_ok(s, 2, "en", &a, &p);
        assert_string_equal(decimal_text(&p.figure.value, num), figures[i].value);
        assert_int_equal(p.figure.decimals, figures[i].decimals);
        arena_free(&a);
        store_close(s);
    }
    /* what version 2 never wrote is refused as before */
    s = open_ok(make_v2_store("v2-text.vitrine", "UPDATE statistic SET value = 'many';"));
    struct arena a;
    struct panel p;
    char why[512] = "";
    arena_init(&a, 4096);
    assert_int_equal(store_panel_load(s, 2, "en", &a, &p, why, sizeof why), -1);
    assert_contains(why, "not a number written as the exhibit format");
    arena_free(&a);
    store_close(s);
    assert_file_refused(make_v2_store("v2-extra.vitrine", "CREATE TABLE notes (x);"), "notes");
}

/* What a clip may be (docs/video.md, "What a clip may be"): each limit
 * at its edge, inside and out. QuickTime's .mov (what phones write) is
 * refused with the way out: the store's own schema allows the three. */
static void clip_limits(void **state)
{
    (void)state;
    char why[256];
    /* codec, container, w, h, ms, bit/s, bytes, fps */
#define CLIP(codec, container, w, h, ms, bps, fps)                                                 \
    rules_clip(codec, container, w, h, ms, bps, (long long)(bps) / 8 * (ms) / 1000 + 1, fps, why,  \
               sizeof why)
    static const char *const codecs[] = {"h264", "hevc", "vp9", "av1"};
    static const char *const containers[] = {"mp4", "webm", "matroska"};
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++)
            assert_int_equal(CLIP(codecs[i], containers[j], 1920, 1080, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("mjpeg", "matroska", 1920, 1080, 10000, 8000000, 30), 0);
    assert_non_null(strstr(why, "is coded in mjpeg"));
    assert_int_not_equal(CLIP("h264", "mpegts", 1920, 1080, 10000, 8000000, 30), 0);
    assert_non_null(strstr(why, "is a mpegts file"));
    assert_int_not_equal(CLIP("hevc", "mov", 1920, 1080, 10000, 8000000, 30), 0);
    assert_non_null(strstr(why, "export it again as H.264 in MP4"));
    assert_null(strstr(why, ".mov")); /* it says only what the kiosk plays */
    assert_int_not_equal(CLIP(NULL, "mp4", 1920, 1080, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", NULL, 1920, 1080, 10000, 8000000, 30), 0);
    /* sizes, either way round */
    assert_int_equal(CLIP("h264", "mp4", 3840, 2160, 10000, 8000000, 30), 0);
    assert_int_equal(CLIP("h264", "mp4", 2160, 3840, 10000, 8000000, 30), 0);
    assert_int_equal(CLIP("h264", "mp4", 16, 16, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 3841, 2160, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 2160, 3841, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 3840, 2161, 10000, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 15, 720, 10000, 8000000, 30), 0);
    /* length, bitrate, frame rate */
    assert_int_equal(CLIP("h264", "mp4", 1280, 720, RULES_CLIP_MIN_MS, 8000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 1280, 720, RULES_CLIP_MIN_MS - 1, 8000000, 30), 0);
    assert_int_equal(CLIP("h264", "mp4", 1280, 720, RULES_CLIP_MAX_MS, 1000000, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 1280, 720, RULES_CLIP_MAX_MS + 1, 1000000, 30), 0);
    assert_int_equal(CLIP("h264", "mp4", 1280, 720, 10000, RULES_CLIP_MAX_BITRATE, 30), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 1280, 720, 10000, RULES_CLIP_MAX_BITRATE + 1, 30), 0);
    assert_int_equal(CLIP("h264", "mp4", 1280, 720, 10000, 8000000, 60), 0);
    assert_int_equal(CLIP("h264", "mp4", 1280, 720, 10000, 8000000, 0), 0);
    assert_int_not_equal(CLIP("h264", "mp4", 1280, 720, 10000, 8000000, 61), 0);
#undef CLIP
    assert_int_not_equal(rules_clip("h264", "mp4", 1280, 720, 10000, 8000000,
                                    RULES_CLIP_MAX_BYTES + 1, 30, why, sizeof why),
                         0);
}

/* Prefixes and suffixes get their spaces as each language writes them: a
 * word takes a no-break space, a sign touches the number, an author's own
 * space never breaks; the unit comes first. */
static void figure_affixes_are_spaced(void **state)
{
    (void)state;
    char b[128];
    static const struct {
        const char *prefix, *locale, *want;
    } before[] = {
        {"about", "en", "about\xC2\xA0"},
        {"environ", "fr", "environ\xC2\xA0"},
        {"~", "en", "~"},
        {"\xE2\x89\x88 ", "en", "\xE2\x89\x88\xC2\xA0"},
        {"$", "en", "$"},
        {"\xEC\x95\xBD", "ko", "\xEC\x95\xBD\xC2\xA0"},
        {"\xE7\xB4\x84", "ja", "\xE7\xB4\x84"},
        {"plus de ", "fr", "plus de\xC2\xA0"},
        {"\xC3\xA0 peu pr\xC3\xA8s", "fr", "\xC3\xA0 peu pr\xC3\xA8s\xC2\xA0"},
        /* every script's words, and an abbreviation's full stop */
        {"በግምት", "am", "በግምት\xC2\xA0"},
        {"ប្រហែល", "km", "ប្រហែល\xC2\xA0"},
        {"დაახლ.", "ka", "დაახლ.\xC2\xA0"},
        {"ประมาณ", "th", "ประมาณ\xC2\xA0"},
        {"প্রায়", "bn", "প্রায়\xC2\xA0"},
        {"approx.", "en", "approx.\xC2\xA0"},
        {"\xE7\xBA\xA6", "zh", "\xE7\xBA\xA6"},
        {"No.", "en", "No.\xC2\xA0"},
        {".", "en", "."},
    };
    for (size_t i = 0; i < sizeof before / sizeof *before; i++) {
        const char *got = rules_figure_before(before[i].prefix, before[i].locale, b, sizeof b);
        assert_non_null(got);
        assert_string_equal(got, before[i].want);
    }
    assert_null(rules_figure_before("  ", "en", b, sizeof b));
    static const struct {
        const char *unit, *suffix, *locale, *want;
    } after[] = {
        {NULL, "runners", "en", "\xC2\xA0runners"},
        {NULL, " runners", "en", "\xC2\xA0runners"},
        {NULL, "+", "en", "+"},
        {NULL, "th", "en", "th"},
        {NULL, "e", "fr", "\xE1\xB5\x89"}, /* 27ᵉ */
        {NULL, "er", "fr", "\xE1\xB5\x89\xCA\xB3"},
        {NULL, " th", "en", "\xC2\xA0th"},
        {NULL, "!", "fr", "\xE2\x80\xAF!"},
        {NULL, "\xEB\xAA\x85", "ko", "\xC2\xA0\xEB\xAA\x85"},
        {NULL, "\xE4\xBA\xBA", "ja", "\xE4\xBA\xBA"},
        {"km", NULL, "en", "\xC2\xA0km"},
        {"%", NULL, "fr", "\xE2\x80\xAF%"},
    };
    for (size_t i = 0; i < sizeof after / sizeof *after; i++) {
        const char *got =
            rules_figure_after(after[i].unit, after[i].suffix, after[i].locale, b, sizeof b);
        assert_non_null(got);
        assert_string_equal(got, after[i].want);
    }
    /* and so they load, from a store whose author wrote none */
    struct store *s = open_ok(
        make_store("affixes.vitrine",
                   "UPDATE statistic SET unit = NULL; UPDATE statistic_text SET prefix = 'about', "
                   "suffix = 'runners' WHERE locale = 'en';"));
    struct arena a;
    struct panel p;
    arena_init(&a, 4096);
    load_ok(s, 2, "en", &a, &p);
    assert_string_equal(p.figure.prefix, "about\xC2\xA0");
    assert_string_equal(p.figure.suffix, "\xC2\xA0runners");
    arena_free(&a);
    store_close(s);
}

/* Each way a store's schema can differ from what the writer makes, with
 * the line that names it. */
static void schema_differences_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *file, *sql, *reason;
    } cases[] = {
        {"col-extra.vitrine", "ALTER TABLE panel ADD COLUMN x TEXT;",
         ": the content store's table panel has a column the exhibit format does not have: x."},
        {"col-generated.vitrine", "ALTER TABLE panel_text ADD COLUMN g TEXT AS (body || body);",
         "table panel_text has a generated column the exhibit format does not have: g."},
        {"col-stored.vitrine",
         "DROP TABLE quote; CREATE TABLE quote (position INTEGER PRIMARY KEY,"
         " speaker TEXT NOT NULL, language TEXT NOT NULL, s TEXT AS (speaker) STORED);",
         "table quote has a generated column the exhibit format does not have: s."},
        /* a plain column made a hidden, computed one under the same name */
        {"col-hidden.vitrine",
         "DROP TABLE quote; CREATE TABLE quote (position INTEGER PRIMARY KEY,"
         " speaker TEXT NOT NULL, language TEXT AS ('en') VIRTUAL NOT NULL);",
         "column quote.language is generated (computed from other columns); the exhibit "
         "format's is a plain column."},
        {"col-missing.vitrine", "ALTER TABLE panel_text DROP COLUMN note;",
         "table panel_text has no column note, which the exhibit format has."},
        {"col-type.vitrine",
         "DROP TABLE source; CREATE TABLE source (id TEXT PRIMARY KEY,"
         " position INTEGER NOT NULL UNIQUE, file BLOB) WITHOUT ROWID;",
         "column source.file is declared 'BLOB'; the exhibit format declares 'TEXT'."},
        {"col-notnull.vitrine",
         "DROP TABLE quote; CREATE TABLE quote (position INTEGER PRIMARY KEY,"
         " speaker TEXT, language TEXT NOT NULL);",
         "column quote.speaker is nullable; the exhibit format's is NOT NULL."},
        {"col-order.vitrine",
         "DROP TABLE quote; CREATE TABLE quote (position INTEGER PRIMARY KEY,"
         " language TEXT NOT NULL, speaker TEXT NOT NULL);",
         "table quote has its columns in another order than the exhibit format (speaker is "
         "column 3, not 2)."},
        /* what no pragma shows: a CHECK constraint, WITHOUT ROWID */
        {"check.vitrine",
         "DROP TABLE quote; CREATE TABLE quote (position INTEGER PRIMARY KEY,"
         " speaker TEXT NOT NULL CHECK (length(speaker) > 0), language TEXT NOT NULL);",
         "table quote is defined otherwise than the exhibit format's (its CREATE statement"},
        {"rowid.vitrine",
         "DROP TABLE exhibit_text; CREATE TABLE exhibit_text (locale TEXT PRIMARY KEY"
         " REFERENCES locale(code), title TEXT NOT NULL, subtitle TEXT);",
         "table exhibit_text has an index the exhibit format does not have: "
         "sqlite_autoindex_exhibit_text_1."},
        {"index.vitrine", "CREATE INDEX by_kind ON panel(kind);",
         "table panel has an index the exhibit format does not have: by_kind."},
        {"index-gone.vitrine",
         "DROP TABLE asset; CREATE TABLE asset (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
         " mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),"
         " width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 8192),"
         " height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 8192), data BLOB NOT NULL);",
         "table asset has no index sqlite_autoindex_asset_1, which the exhibit format has."},
        {"trigger.vitrine", "CREATE TRIGGER t AFTER INSERT ON locale BEGIN DELETE FROM panel; END;",
         ": the content store has a trigger the exhibit format does not have: t."},
        {"view.vitrine", "CREATE VIEW v AS SELECT * FROM panel;",
         ": the content store has a view the exhibit format does not have: v."},
        {"table-extra.vitrine", "CREATE TABLE notes (x);",
         ": the content store has a table the exhibit format does not have: notes."},
        {"fts5.vitrine",
         "DROP TABLE panel_text; CREATE VIRTUAL TABLE panel_text USING fts5(position, locale,"
         " chapter, heading, body, note, alt);",
         "table panel_text is a virtual table, which the exhibit format does not use."},
        {"rtree.vitrine",
         "DROP TABLE event; CREATE VIRTUAL TABLE event USING rtree(position, item, date);",
         "table event is a virtual table, which the exhibit format does not use."},
        /* a name made to break the line is shown on one */
        {"newline.vitrine", "ALTER TABLE panel ADD COLUMN \"a\nb\" TEXT;",
         "has a column the exhibit format does not have: a?b."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *path = make_store(cases[i].file, cases[i].sql);
        struct store *s = NULL;
        char why[512] = "";
        if (store_open_file(path, &s, why, sizeof why) == 0)
            fail_msg("%s opened", cases[i].file);
        assert_null(s);
        assert_contains(why, path);
        assert_contains(why, cases[i].reason);
        assert_null(strchr(why, '\n'));
        /* the same bytes as a built-in exhibit give the same line */
        size_t size;
        char *bytes = read_whole(path, &size);
        assert_non_null(bytes);
        assert_memory_refused(bytes, size, cases[i].reason);
        free(bytes);
    }
}

/* WAL needs side files beside the store, which a copy from a stick loses
 * and a hostile one could supply: refused, from a file and from memory. */
static void wal_stores_are_refused(void **state)
{
    (void)state;
    const char *path = make_store("wal.vitrine", "PRAGMA journal_mode = WAL;");
    assert_file_refused(path, "is in WAL journal mode, which the exhibit format does not use");
    size_t size;
    char *bytes = read_whole(path, &size);
    assert_non_null(bytes);
    assert_int_equal(bytes[18], 2);
    assert_memory_refused(bytes, size, "is in WAL journal mode");
    free(bytes);
}

/* A generated column that computes 20 MB on every read is refused from the
 * schema alone: SQLite's peak memory through the open stays far below the
 * value's size, so not one row was computed. */
static void heavy_generated_column_is_never_computed(void **state)
{
    (void)state;
    const char *path = make_store("heavy.vitrine", "ALTER TABLE panel ADD COLUMN heavy BLOB"
                                                   " AS (zeroblob(20000000) || id);");
    sqlite3_memory_highwater(1);
    assert_file_refused(path, "table panel has a generated column the exhibit format does not "
                              "have: heavy.");
    assert_true(sqlite3_memory_highwater(0) < 4 * 1024 * 1024);
}

/* Comments and layout in schema.sql are not the format: a store whose
 * CREATE statements differ only there opens. */
static void comments_and_layout_do_not_matter(void **state)
{
    (void)state;
    char *plain = malloc(strlen(schema_sql) + 1);
    assert_non_null(plain);
    size_t o = 0;
    for (const char *p = schema_sql; *p;) {
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        /* runs of spaces become one; line breaks become a space */
        char c = *p == '\n' ? ' ' : *p;
        p++;
        if (c == ' ' && o > 0 && plain[o - 1] == ' ')
            continue;
        plain[o++] = c;
    }
    plain[o] = '\0';
    assert_null(strstr(plain, "--"));
    const char *path = tmp_path("plain.vitrine");
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, plain);
    exec_sql(db, exhibit_sql);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    free(plain);
    struct store *s = open_ok(path);
    check_exhibit(s);
    store_close(s);
}

static void incomplete_exhibits_are_refused(void **state)
{
    (void)state;
    assert_file_refused(make_store("nopanel.vitrine", "DELETE FROM panel;"), "has no panels");
    assert_file_refused(make_store("gap.vitrine", "UPDATE panel SET position = 9"
                                                  " WHERE position = 5;"),
                        "must be numbered 0 to 5 without gaps");
    assert_file_refused(make_store("noexhibit.vitrine", "DELETE FROM exhibit;"),
                        "has no exhibit description");
    assert_file_refused(make_store("nolocale.vitrine", "UPDATE exhibit SET default_locale = 'de';"),
                        "default language that is not one of its languages");
}

/* Garbage over the b-tree page of panel_text (after its 8-byte header, over
 * the cell pointers and cells) leaves the header and schema readable, so
 * only quick_check can tell. */
static void damaged_page_is_refused(void **state)
{
    (void)state;
    const char *path = make_store("damaged.vitrine", NULL);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT rootpage, (SELECT page_size FROM pragma_page_size)"
                                        " FROM sqlite_schema WHERE name = 'panel_text'",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    long root = (long)sqlite3_column_int64(st, 0);
    long page_size = (long)sqlite3_column_int64(st, 1);
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_true(root > 1);

    size_t size;
    unsigned char *bytes = (unsigned char *)read_whole(path, &size);
    assert_non_null(bytes);
    size_t page = (size_t)(root - 1) * (size_t)page_size;
    assert_true(page + (size_t)page_size <= size);
    for (size_t i = page + 8; i < page + (size_t)page_size; i++)
        bytes[i] = (unsigned char)(0x5A ^ (i * 7));
    write_whole(path, bytes, size);

    assert_file_refused(path, "is damaged (quick_check:");
    assert_memory_refused(bytes, size, "is damaged (quick_check:");
    free(bytes);
}

/* Each malformed sequence in a heading fails that panel only. */
static void invalid_utf8_fails_the_panel(void **state)
{
    (void)state;
    static const struct {
        const char *hex;
        int valid;
    } cases[] = {
        {"C0AF", 0},                    /* overlong '/' */
        {"E080AF", 0},                  /* overlong, 3 bytes */
        {"EDA080", 0},                  /* surrogate U+D800 */
        {"F4908080", 0},                /* U+110000 */
        {"E282", 0},                    /* cut short */
        {"80", 0},                      /* lone continuation */
        {"FF", 0},       {"410042", 0}, /* NUL inside */
        {"F09F8F83", 1},                /* U+1F3C3 runner */
        {"EFBFBD", 1},                  /* U+FFFD */
    };
    struct arena a;
    struct panel p;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char sql[256], name[64];
        snprintf(sql, sizeof sql,
                 "UPDATE panel_text SET heading = CAST(X'%s' AS TEXT)"
                 " WHERE position = 2 AND locale = 'en';",
                 cases[i].hex);
        snprintf(name, sizeof name, "utf8-%zu.vitrine", i);
        struct store *s = open_ok(make_store(name, sql));
        char why[512] = "";
        int rc = store_panel_load(s, 2, "en", &a, &p, why, sizeof why);
        if (cases[i].valid) {
            if (rc != 0)
                fail_msg("%s refused: %s", cases[i].hex, why);
        } else {
            if (rc == 0)
                fail_msg("%s accepted", cases[i].hex);
            /* NUL is well-formed UTF-8, but a control character */
            assert_contains(why, strcmp(cases[i].hex, "410042") == 0 ? "control character"
                                                                     : "not valid UTF-8");
            assert_contains(why, "panel 3"); /* counted from 1, as visitors and staff count */
            assert_contains(why, "heading");
            assert_null(p.heading);
            assert_null(p.id);
        }
        load_ok(s, 0, "en", &a, &p);
        assert_string_equal(p.heading, "Running Pyongyang");
        store_close(s);
        arena_reset(&a);
    }
    arena_free(&a);
}

static void huge_text_is_refused(void **state)
{
    (void)state;
    /* 10 MiB of 'a' */
    struct store *s =
        open_ok(make_store("huge.vitrine", "UPDATE panel_text SET body ="
                                           " replace(hex(zeroblob(5242880)), '0', 'a')"
                                           " WHERE position = 1 AND locale = 'en';"));
    struct arena a;
    struct panel p;
    char why[512] = "";
    arena_init(&a, 0);
    assert_true(store_panel_load(s, 1, "en", &a, &p, why, sizeof why) < 0);
    assert_contains(why, "too long");
    assert_contains(why, "body");
    assert_true(a.used < 1024 * 1024); /* never copied */
    load_ok(s, 2, "en", &a, &p);
    store_close(s);
    arena_free(&a);
}

static void out_of_range_index_is_refused(void **state)
{
    (void)state;
    const char *path = make_store("range.vitrine", NULL);
    struct store *s = open_ok(path);
    struct arena a;
    struct panel p;
    char why[512] = "";
    arena_init(&a, 0);
    const int bad[] = {-1, 6, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        why[0] = '\0';
        assert_true(store_panel_load(s, bad[i], "en", &a, &p, why, sizeof why) < 0);
        assert_contains(why, path);
        assert_contains(why, "it has panels 1 to 6");
    }
    load_ok(s, 5, "en", &a, &p);
    store_close(s);
    store_close(NULL);
    arena_free(&a);
}

/* What the build refuses, the reader refuses too, in the same words: one
 * panel fails, the others still load. */
static void rows_the_build_refuses_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *sql;
        int panel;
        const char *reason;
    } cases[] = {
        {"UPDATE statistic SET value = 42, value_to = 40;", 2,
         "figure.to (40) must be larger than figure.value (42)"},
        {"UPDATE statistic SET value = 99.7;", 2, "figure.value 99.7 would be shown as 100"},
        {"UPDATE statistic SET value = '1000000000000000', part_of = NULL;", 2,
         "figure.value is too large"},
        /* only the writer's canonical decimal text is a number */
        {"UPDATE statistic SET value = '1.2e3';", 2, "not a number written as the exhibit format"},
        {"UPDATE statistic SET value = '+1200';", 2, "not a number written as the exhibit format"},
        {"UPDATE statistic SET value = '01200';", 2, "not a number written as the exhibit format"},
        {"UPDATE statistic SET value = CAST(1200 AS BLOB);", 2,
         "not a number written as the exhibit format"},
        {"UPDATE statistic SET unit = ' km';", 2, "figure.unit must not start or end with a space"},
        {"UPDATE statistic_text SET suffix = 'a' || char(10) || 'b';", 2,
         "figure.suffix (en) contains a control character (U+000A)"},
        {"UPDATE panel_text SET heading = 'A' || char(9) || 'B' WHERE position = 2;", 2,
         "heading (en) contains a control character (U+0009)"},
        {"UPDATE panel_text SET heading = '' WHERE position = 2;", 2, "heading (en) is empty"},
        {"PRAGMA ignore_check_constraints = ON; UPDATE asset SET width = 0;", 4,
         "the photo is declared 0x2 pixels; a photo must be 1 to 8192 pixels a side"},
        {"UPDATE asset SET height = 3;", 4,
         "the photo is declared 2x3 pixels but its header says 2x2"},
        {"UPDATE asset SET mime = 'image/jpeg';", 4,
         "the photo is declared image/jpeg but is a PNG image"},
    };
    struct arena a;
    struct panel p;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char name[64];
        snprintf(name, sizeof name, "rule-%zu.vitrine", i);
        const char *path = make_store(name, cases[i].sql);
        struct store *s = open_ok(path);
        char why[512] = "";
        if (store_panel_load(s, cases[i].panel, "en", &a, &p, why, sizeof why) == 0)
            fail_msg("case %zu accepted: %s", i, cases[i].sql);
        assert_contains(why, path);
        assert_contains(why, cases[i].reason);
        load_ok(s, 0, "en", &a, &p);
        store_close(s);
        arena_reset(&a);
    }
    arena_free(&a);
}

/* --locale names a language the exhibit has, or is refused with the list. */
static void locales_are_checked(void **state)
{
    (void)state;
    struct store *s = open_ok(make_store("locales.vitrine", NULL));
    char why[512] = "";
    assert_string_equal(store_locale_find(s, "fr"), "fr");
    assert_string_equal(store_locale_find(s, "FR"), "fr");
    assert_null(store_locale_find(s, "xx"));
    assert_null(store_locale_find(s, NULL));
    store_locale_list(s, why, sizeof why);
    assert_string_equal(why, "en (English), fr (Français)");
    store_close(s);
}

static int setup(void **state)
{
    (void)state;
    strcpy(tmp_dir, "/tmp/vitrine-store-XXXXXX");
    if (!mkdtemp(tmp_dir))
        return -1;
    const char *src = getenv("VITRINE_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/content/schema.sql", src ? src : ".");
    size_t size;
    schema_sql = read_whole(path, &size);
    if (!schema_sql)
        fprintf(stderr, "cannot read %s (set VITRINE_SOURCE_DIR)\n", path);
    return schema_sql ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < n_created; i++)
        remove(created[i]);
    free(schema_sql);
    return rmdir(tmp_dir);
}

#define TIMELINE_SQL                                                                               \
    "UPDATE panel SET kind = 'timeline' WHERE position = 1;"                                       \
    "INSERT INTO event VALUES (1, 0, '1981', 1), (1, 1, '2014-04-13', 0);"                         \
    "INSERT INTO event_text VALUES (1, 0, 'en', 'First race', 'early 1980s'),"                     \
    "  (1, 1, 'en', 'The race', NULL), (1, 1, 'fr', 'La course', NULL);"                           \
    "INSERT INTO item_citation VALUES (1, 0, 'ctv'), (1, 1, 'nkn'), (1, 1, 'ctv');"
#define COMPARE_SQL                                                                                \
    "UPDATE panel SET kind = 'compare' WHERE position = 1;"                                        \
    "INSERT INTO compare_value VALUES (1, 0, 1000, 0), (1, 1, 800.5, 1);"                          \
    "INSERT INTO compare_value_text VALUES (1, 0, 'en', 'per CNN'), (1, 1, 'en', 'per her "        \
    "caption'),"                                                                                   \
    "  (1, 1, 'fr', 'selon sa légende');"                                                         \
    "INSERT INTO item_citation VALUES (1, 0, 'nkn'), (1, 1, 'ctv');"

static void timeline_and_compare_round_trip(void **state)
{
    (void)state;
    struct arena a;
    struct panel p;
    arena_init(&a, 0);
    struct store *s = open_ok(make_store("timeline.vitrine", TIMELINE_SQL));
    load_ok(s, 1, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_TIMELINE);
    assert_int_equal(p.n_events, 2);
    assert_int_equal(p.events[0].date.year, 1981);
    assert_int_equal(p.events[0].approximate, 1);
    assert_string_equal(p.events[0].when, "early 1980s");
    assert_string_equal(p.events[0].label, "First race"); /* the default language's */
    assert_string_equal(p.events[1].label, "La course");
    assert_int_equal(p.events[1].date.month, 4);
    assert_int_equal(p.events[1].n_cites, 2);
    assert_string_equal(p.events[1].cites[0].cite, "Reportage de CTV News"); /* credits order */
    store_close(s);
    arena_reset(&a);
    s = open_ok(make_store("compare.vitrine", COMPARE_SQL));
    load_ok(s, 1, "fr", &a, &p);
    assert_int_equal(p.kind, PANEL_COMPARE);
    assert_int_equal(p.n_values, 2);
    char num[DECIMAL_TEXT_MAX];
    assert_string_equal(decimal_text(&p.values[1].value, num), "800.5");
    assert_int_equal(p.values[1].decimals, 1);
    assert_string_equal(p.values[1].label, "selon sa légende");
    assert_string_equal(p.values[0].cites[0].id, "nkn");
    assert_int_equal(p.n_cites, 2); /* the panel's sources include its items' */
    store_close(s);
    arena_free(&a);
}

static void timelines_and_compares_the_build_refuses_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *base, *sql, *reason;
    } cases[] = {
        {TIMELINE_SQL, "UPDATE event SET date = '2014-02-30' WHERE item = 1;", "has no day 30"},
        {TIMELINE_SQL, "UPDATE event SET date = '14 April' WHERE item = 1;", "is not a date"},
        {TIMELINE_SQL, "UPDATE event SET date = '1970' WHERE item = 1;",
         "events must be in date order"},
        {TIMELINE_SQL, "DELETE FROM event WHERE item = 1;", "a timeline has 2 to 12 events, not 1"},
        {TIMELINE_SQL, "UPDATE event SET item = 5 WHERE item = 1;", "not numbered 1 to n"},
        {TIMELINE_SQL, "DELETE FROM item_citation WHERE item = 0;", "item 1 names no source"},
        {TIMELINE_SQL, "DELETE FROM event_text WHERE item = 0;", "event 1 has no label"},
        {COMPARE_SQL, "UPDATE compare_value SET value = -3 WHERE item = 0;",
         "value 1 must be a number from 0"},
        {COMPARE_SQL, "UPDATE compare_value SET decimals = 0 WHERE item = 1;",
         "value 2 would be shown rounded"},
        {COMPARE_SQL, "UPDATE compare_value SET value = 'many' WHERE item = 0;", "not a number"},
    };
    struct arena a;
    struct panel p;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char name[64], sql[2048];
        snprintf(name, sizeof name, "items-%zu.vitrine", i);
        snprintf(sql, sizeof sql, "%s%s", cases[i].base, cases[i].sql);
        const char *path = make_store(name, sql);
        struct store *s = open_ok(path);
        char why[512] = "";
        if (store_panel_load(s, 1, "en", &a, &p, why, sizeof why) == 0)
            fail_msg("case %zu accepted: %s", i, cases[i].sql);
        assert_contains(why, path);
        assert_contains(why, cases[i].reason);
        load_ok(s, 0, "en", &a, &p);
        store_close(s);
        arena_reset(&a);
    }
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_store_loads_every_field),
        cmocka_unit_test(memory_store_loads_the_same),
        cmocka_unit_test(unreadable_files_are_refused),
        cmocka_unit_test(foreign_and_dangerous_stores_are_refused),
        cmocka_unit_test(version_2_stores_are_read),
        cmocka_unit_test(version_3_stores_are_read),
        cmocka_unit_test(version_4_stores_are_read_and_windows_come_back),
        cmocka_unit_test(theme_logo_fonts_and_translations),
        cmocka_unit_test(figure_affixes_are_spaced),
        cmocka_unit_test(clip_limits),
        cmocka_unit_test(schema_differences_are_refused),
        cmocka_unit_test(wal_stores_are_refused),
        cmocka_unit_test(heavy_generated_column_is_never_computed),
        cmocka_unit_test(comments_and_layout_do_not_matter),
        cmocka_unit_test(incomplete_exhibits_are_refused),
        cmocka_unit_test(damaged_page_is_refused),
        cmocka_unit_test(invalid_utf8_fails_the_panel),
        cmocka_unit_test(huge_text_is_refused),
        cmocka_unit_test(out_of_range_index_is_refused),
        cmocka_unit_test(rows_the_build_refuses_are_refused),
        cmocka_unit_test(timeline_and_compare_round_trip),
        cmocka_unit_test(timelines_and_compares_the_build_refuses_are_refused),
        cmocka_unit_test(locales_are_checked),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
