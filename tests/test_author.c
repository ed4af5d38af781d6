/* The authoring build: a good exhibit compiles into a store whose rows read
 * back as written (fallbacks and chapters resolved); every kind of mistake is
 * reported as "file:line: message"; a failed build leaves out_path alone. */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/arena.h"
#include "content/author.h"
#include "content/rules.h"
#include "content/source_file.h"
#include "app/visitor/layout.h"
#include "app/visitor/numfmt.h"
#include "content/store.h"

#define WHY_LEN 16384

struct fx {
    char root[512]; /* temporary folder, removed by teardown */
    char src[600];  /* root/exhibit: a copy of tests/data/author/good */
    char out[600];  /* root/out.vitrine */
    char why[WHY_LEN];
};

/* A 1x1 RGBA PNG. */
static const unsigned char png_1x1[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
    0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
    0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};

/* The start of a baseline JPEG: SOI, an APP0 segment, SOF0 for 3x2 pixels. */
static const unsigned char jpeg_3x2[] = {
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J',  'F',  'I',  'F',  0x00, 0x01, 0x01, 0x00,
    0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00,
    0x03, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
};

/* ---- helpers ---------------------------------------------------------- */

static const char *source_dir(void)
{
    const char *d = getenv("VITRINE_SOURCE_DIR");
    return d && *d ? d : ".";
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static void copy_tree(const char *from, const char *to)
{
    assert_int_equal(mkdir(to, 0755), 0);
    DIR *d = opendir(from);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char a[1024], b[1024];
        snprintf(a, sizeof a, "%s/%s", from, e->d_name);
        snprintf(b, sizeof b, "%s/%s", to, e->d_name);
        struct stat st;
        assert_int_equal(stat(a, &st), 0);
        if (S_ISDIR(st.st_mode)) {
            copy_tree(a, b);
        } else {
            size_t len;
            char *data = read_all(a, &len);
            assert_non_null(data);
            write_bytes(b, data, len);
            free(data);
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

/* Replace (or create) a file of the exhibit copy; text NULL removes it. */
static void put(struct fx *f, const char *rel, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", f->src, rel);
    if (!text)
        assert_int_equal(remove(path), 0);
    else
        write_bytes(path, text, strlen(text));
}

static void put_bytes(struct fx *f, const char *rel, const void *data, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", f->src, rel);
    write_bytes(path, data, len);
}

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->root, sizeof f->root, "%s/test_author.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(f->root));
    snprintf(f->src, sizeof f->src, "%s/exhibit", f->root);
    snprintf(f->out, sizeof f->out, "%s/out.vitrine", f->root);
    char good[1024];
    snprintf(good, sizeof good, "%s/tests/data/author/good", source_dir());
    copy_tree(good, f->src);
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

/* why holds a line that starts with prefix and contains needle. */
static int has_error(const char *why, const char *prefix, const char *needle)
{
    const char *line = why;
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[2048];
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, line, len);
        buf[len] = '\0';
        if (strncmp(buf, prefix, strlen(prefix)) == 0 && strstr(buf, needle))
            return 1;
        line = end ? end + 1 : NULL;
    }
    return 0;
}

static int count_lines(const char *s)
{
    int n = *s ? 1 : 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static int build(struct fx *f, const struct author_opts *opts)
{
    return author_build(f->src, f->out, opts, f->why, sizeof f->why);
}

static void expect_error(struct fx *f, const char *prefix, const char *needle)
{
    assert_int_equal(build(f, NULL), -1);
    if (!has_error(f->why, prefix, needle))
        fail_msg("expected a line \"%s...%s...\" in:\n%s", prefix, needle, f->why);
    assert_int_equal(access(f->out, F_OK), -1);
}

static sqlite3 *open_store(const char *path)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    return db;
}

/* The first column of the first row as text ("" for NULL, "(none)" for no
 * row), into a static buffer. */
static const char *q1(sqlite3 *db, const char *sql)
{
    static char buf[4096];
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(buf, sizeof buf, "%s", t ? (const char *)t : "");
    } else {
        snprintf(buf, sizeof buf, "(none)");
    }
    sqlite3_finalize(st);
    return buf;
}

/* ---- the schema ------------------------------------------------------- */

static void schema_literal_matches_schema_sql(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/content/schema.sql", source_dir());
    char *text = read_all(path, NULL);
    assert_non_null(text);
    assert_string_equal(author_schema_sql, text);
    free(text);
}

/* ---- a good build ----------------------------------------------------- */

static void good_exhibit_reads_back(void **state)
{
    struct fx *f = *state;
    /* hidden and non-YAML files in panels/ are not panels */
    put(f, "panels/.draft.yaml", "kind: nonsense\n");
    put(f, "panels/notes.md", "not a panel\n");
    int rc = build(f, NULL);
    if (rc != 0)
        fail_msg("build failed:\n%s", f->why);
    assert_string_equal(f->why, "");

    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "PRAGMA application_id"), "1448366641");
    assert_string_equal(q1(db, "PRAGMA user_version"), "8");
    assert_string_equal(q1(db, "PRAGMA integrity_check"), "ok");
    assert_string_equal(
        q1(db, "SELECT slug || ' ' || version || ' ' || default_locale FROM exhibit"),
        "test-exhibit 1.0 en");
    const char *built = q1(db, "SELECT built_at FROM exhibit");
    assert_int_equal(strlen(built), 20);
    assert_true(built[4] == '-' && built[10] == 'T' && built[19] == 'Z');
    assert_string_equal(q1(db, "SELECT group_concat(code || ':' || name, ',') FROM "
                               "(SELECT * FROM locale ORDER BY position)"),
                        "en:English,fr:Français");
    assert_string_equal(
        q1(db, "SELECT title || '/' || subtitle FROM exhibit_text WHERE locale='fr'"),
        "Courir à Pyongyang/A test exhibit");

    /* panels in file-name order, ids from the file names */
    assert_string_equal(q1(db, "SELECT group_concat(id || ':' || kind, ',') FROM "
                               "(SELECT * FROM panel ORDER BY position)"),
                        "01-title:title,02-arrival:story,03-runners:statistic,04-jen:quote,"
                        "05-credits:credits");
    /* a row for every panel in every locale */
    assert_string_equal(q1(db, "SELECT count(*) FROM panel_text"), "10");
    assert_string_equal(q1(db, "SELECT heading FROM panel_text WHERE position=1 AND locale='fr'"),
                        "La ligne de départ");
    /* a plain text is the default locale's only: fr keeps none, and the
     * reader falls back to the default's */
    assert_string_equal(q1(db, "SELECT body IS NULL FROM panel_text WHERE position=0 AND "
                               "locale='fr'"),
                        "1");
    /* paragraphs kept, the block scalar's trailing newline dropped */
    assert_string_equal(q1(db, "SELECT body FROM panel_text WHERE position=1 AND locale='en'"),
                        "The runners arrived by train.\n\nThey stayed two nights.");
    /* chapters: inherited by later panels; "Voices" is plain, so English
     * only: fr keeps none (the reader falls back) */
    assert_string_equal(q1(db, "SELECT group_concat(coalesce(chapter, '-'), ',') FROM "
                               "(SELECT * FROM panel_text WHERE locale='fr' ORDER BY position)"),
                        "La course,La course,La course,-,-");
    assert_string_equal(q1(db, "SELECT count(*) FROM panel_text WHERE heading IS NULL"), "4");

    assert_string_equal(q1(db, "SELECT value || ' ' || quote(value_to) || ' ' || decimals || ' ' "
                               "|| quote(unit) || ' ' || part_of FROM statistic WHERE position=2"),
                        "200 NULL 0 NULL 1000");
    assert_string_equal(q1(db,
                           "SELECT label || '|' || prefix || '|' || quote(suffix) || '|' || "
                           "part_of_label FROM statistic_text WHERE position=2 AND locale='fr'"),
                        "coureurs étrangers|~|NULL|runners in all");
    assert_string_equal(q1(db, "SELECT speaker || '|' || language FROM quote"), "Jen Loong|en");
    assert_string_equal(q1(db, "SELECT text || '|' || role || '|' || context FROM quote_text "
                               "WHERE locale='fr'"),
                        "It was a once-in-a-lifetime experience.|coureuse canadienne|"
                        "Telephone interview with CTV News Channel");
    /* the translation in its own language only, in its typography */
    assert_string_equal(q1(db, "SELECT group_concat(locale || ':' || quote(translation), ',') "
                               "FROM quote_text"),
                        "en:NULL,fr:'Ce fut l\u2019expérience d\u2019une vie.'");
    /* no theme, logo or font: vitrine's own look */
    assert_string_equal(q1(db, "SELECT quote(accent) || quote(background) || quote(logo) || "
                               "(SELECT count(*) FROM font) FROM exhibit"),
                        "NULLNULLNULL0");

    /* citations by subject */
    assert_string_equal(q1(db,
                           "SELECT group_concat(position || ':' || subject || ':' || source_id, "
                           "',') FROM (SELECT * FROM citation ORDER BY position, subject, "
                           "source_id)"),
                        "0:panel:cnn,1:panel:ctv,1:panel:huffpost,2:figure:ctv,2:figure:huffpost,"
                        "3:quote:ctv");
    assert_string_equal(q1(db, "SELECT group_concat(id || ':' || quote(file), ',') FROM "
                               "(SELECT * FROM source ORDER BY position)"),
                        "ctv:'001_ctv.txt',huffpost:NULL,cnn:NULL");
    assert_string_equal(q1(db, "SELECT cite || '|' || description FROM source_text "
                               "WHERE source_id='cnn' AND locale='fr'"),
                        "Reportage de CNN|A report on the race.");
    assert_string_equal(q1(db, "SELECT count(*) FROM source_text"), "6");
    assert_string_equal(q1(db, "SELECT count(*) FROM asset"), "0");
    sqlite3_close(db);

    /* nothing left beside the store */
    DIR *d = opendir(f->root);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        assert_null(strstr(e->d_name, ".tmp-"));
    closedir(d);
}

static void image_panels_store_their_asset(void **state)
{
    struct fx *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/images", f->src);
    assert_int_equal(mkdir(dir, 0755), 0);
    put_bytes(f, "images/dot.png", png_1x1, sizeof png_1x1);
    put_bytes(f, "images/tiny.jpg", jpeg_3x2, sizeof jpeg_3x2);
    put(f, "panels/04a-photo.yaml",
        "kind: image\n"
        "image:\n"
        "  file: images/dot.png\n"
        "  alt:\n"
        "    en: A single dot\n"
        "    fr: Un seul point\n");
    put(f, "panels/04b-photo.yaml", "kind: image\nimage: {file: images/tiny.jpg, alt: A street}\n");
    put(f, "panels/04c-again.yaml", "kind: image\nimage: {file: images/dot.png, alt: Again}\n");
    if (build(f, NULL) != 0)
        fail_msg("build failed:\n%s", f->why);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT group_concat(name || ' ' || mime || ' ' || width || 'x' || "
                               "height || ' ' || length(data), ',') FROM (SELECT * FROM asset "
                               "ORDER BY id)"),
                        "images/dot.png image/png 1x1 70,images/tiny.jpg image/jpeg 3x2 41");
    /* the same photo on two panels is stored once */
    assert_string_equal(q1(db, "SELECT group_concat(name, ',') FROM (SELECT a.name FROM panel p "
                               "JOIN asset a ON a.id = p.asset_id ORDER BY p.position)"),
                        "images/dot.png,images/tiny.jpg,images/dot.png");
    assert_string_equal(q1(db, "SELECT alt FROM panel_text t JOIN panel p USING (position) "
                               "WHERE p.id='04a-photo' AND t.locale='fr'"),
                        "Un seul point");
    sqlite3_close(db);
}

static void bad_images_are_refused(void **state)
{
    struct fx *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/images", f->src);
    assert_int_equal(mkdir(dir, 0755), 0);
    put(f, "images/anim.gif", "GIF89a\x01\x00\x01\x00");
    unsigned char huge[sizeof png_1x1];
    memcpy(huge, png_1x1, sizeof huge);
    huge[18] = 0x23; /* width 0x2301 = 8961 */
    put_bytes(f, "images/huge.png", huge, sizeof huge);
    put(f, "panels/04a.yaml", "kind: image\nimage:\n  file: images/anim.gif\n  alt: x\n");
    put(f, "panels/04b.yaml", "kind: image\nimage:\n  file: images/huge.png\n  alt: x\n");
    put(f, "panels/04c.yaml", "kind: image\nimage:\n  file: images/missing.png\n  alt: x\n");
    put(f, "panels/04d.yaml", "kind: image\nimage:\n  file: ../outside.png\n  alt: x\n");
    assert_int_equal(build(f, NULL), -1);
    assert_true(has_error(f->why, "panels/04a.yaml:3: ", "is not a PNG or JPEG image"));
    assert_true(has_error(
        f->why, "panels/04b.yaml:3: ", "8961x1 pixels; a photo must be 1 to 8192 pixels a side"));
    assert_true(has_error(f->why, "panels/04c.yaml:3: ", "cannot read"));
    assert_true(has_error(f->why, "panels/04d.yaml:3: ", "inside the exhibit folder"));
}

/* ---- mistakes --------------------------------------------------------- */

struct warnings {
    char text[4096];
    int n;
};

static void collect_warning(void *ctx, const char *line)
{
    struct warnings *w = ctx;
    size_t used = strlen(w->text);
    snprintf(w->text + used, sizeof w->text - used, "%s\n", line);
    w->n++;
}

static void count_missing(void *ctx, int position, const char *id, const char *field,
                          const char *locale)
{
    char *seen = ctx; /* 512 bytes: each one on a line */
    size_t used = strlen(seen);
    snprintf(seen + used, 512 - used, "%d %s %s %s\n", position, id, field, locale);
}

/* exhibit.yaml with `extra` appended (new top-level keys). */
static void exhibit_with(struct fx *f, const char *extra)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    char *text = read_all(path, NULL);
    assert_non_null(text);
    char *both = malloc(strlen(text) + strlen(extra) + 1);
    assert_non_null(both);
    strcpy(both, text);
    strcat(both, extra);
    put(f, "exhibit.yaml", both);
    free(both);
    free(text);
}

/* A museum's look: a theme that reads is written as '#RRGGBB', the logo
 * as an asset the exhibit row names, each font under its face. */
static void theme_logo_and_fonts_are_written(void **state)
{
    struct fx *f = *state;
    static const unsigned char font[] = {0x00, 0x01, 0x00, 0x00, 'g', 'l', 'y', 'f'};
    put_bytes(f, "logo.png", png_1x1, sizeof png_1x1);
    put_bytes(f, "Museum-Serif.ttf", font, sizeof font);
    exhibit_with(f, "theme:\n  accent: \"#c8102e\"\n  background: \"#FFFFFF\"\n"
                    "logo: logo.png\nfonts:\n  serif: Museum-Serif.ttf\n");
    if (build(f, NULL) != 0)
        fail_msg("build failed:\n%s", f->why);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT accent || ' ' || background || ' ' || a.name FROM exhibit "
                               "JOIN asset a ON a.id = exhibit.logo"),
                        "#C8102E #FFFFFF logo.png");
    assert_string_equal(q1(db, "SELECT face || ' ' || name || ' ' || hex(data) FROM font"),
                        "serif Museum-Serif.ttf 00010000676C7966");
    sqlite3_close(db);
}

/* What is wrong with a look is an error under its line. */
static void bad_theme_logo_or_font_is_refused(void **state)
{
    struct fx *f = *state;
    exhibit_with(f, "theme:\n  accent: \"#FFE066\"\n  background: \"#FFFFFF\"\n");
    expect_error(f, "exhibit.yaml:",
                 "theme: the accent #FFE066 on the background #FFFFFF has a contrast of 1.3:1; "
                 "text drawn in the accent, and on it, needs 4.5:1");
}

/* A file too large is refused in megabytes, as staff and curators read
 * sizes (issue 18, item 7: "27021296 bytes; at most 20971520"). A sparse
 * file: its size is known without writing 26 MB. */
static void sizes_are_in_megabytes(void **state)
{
    struct fx *f = *state;
    char path[sizeof f->src + 16], why[256];
    snprintf(path, sizeof path, "%s/huge.png", f->src);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 27021296), 0);
    close(fd);
    unsigned char *data = NULL;
    size_t len = 0;
    assert_int_equal(source_file_read(path, RULES_IMAGE_MAX_BYTES, &data, &len, why, sizeof why),
                     -1);
    assert_string_equal(why, "is too large (25.8 MB; at most 20 MB)");
    char w[32];
    source_size_words(900, w, sizeof w);
    assert_string_equal(w, "900 bytes");
    source_size_words(12 * 1024 + 1, w, sizeof w);
    assert_string_equal(w, "13 KB");
}

/* A panel saved as .yml is refused with its name, never silently left out
 * of the exhibit (issue 18, item 7). */
static void yml_panel_is_named(void **state)
{
    struct fx *f = *state;
    put(f, "panels/09-extra.yml", "kind: story\nheading: Extra\nbody: Words.\n");
    expect_error(f, "panels/: ", "09-extra.yml is not read: panel files end in .yaml");
}

static void theme_colour_must_be_hex(void **state)
{
    struct fx *f = *state;
    exhibit_with(f, "theme:\n  accent: red\n  background: \"#FFFFFF\"\n");
    expect_error(f, "exhibit.yaml:", "theme.accent must be a colour written #RRGGBB");
}

static void half_a_theme_is_refused(void **state)
{
    struct fx *f = *state;
    exhibit_with(f, "theme:\n  accent: \"#C8102E\"\n");
    expect_error(f, "exhibit.yaml:28: ", "missing required key \"theme.background\"");
}

static void font_must_be_a_font(void **state)
{
    struct fx *f = *state;
    put(f, "notes.ttf", "this is text, not a font\n");
    exhibit_with(f, "fonts:\n  sans: notes.ttf\n");
    expect_error(f, "exhibit.yaml:", "font \"notes.ttf\" is not a TrueType or OpenType");
}

static void logo_must_be_an_image(void **state)
{
    struct fx *f = *state;
    put(f, "logo.png", "not an image\n");
    exhibit_with(f, "logo: logo.png\n");
    expect_error(f, "exhibit.yaml:", "is not a PNG or JPEG image");
}

/* A quote's words are given once, in the language they were said in: a
 * mapping of languages there would label a translation as the original. */
static void quote_text_in_two_languages_is_refused(void **state)
{
    struct fx *f = *state;
    put(f, "panels/04-jen.yaml",
        "kind: quote\nquote:\n  text:\n    en: Words.\n    fr: Des mots.\n"
        "  speaker: Jen Loong\n  sources: [ctv]\n");
    expect_error(f, "panels/04-jen.yaml:3: ",
                 "quote.text is the words as they were said, in the one language they were said "
                 "in (quote.language): give them once, as plain text, and their words in the "
                 "exhibit's other languages under quote.translation (fr: ...)");
}

/* A translation into the language the words were said in is a mistake:
 * the words are already there. */
static void translation_into_the_original_language_is_refused(void **state)
{
    struct fx *f = *state;
    put(f, "panels/04-jen.yaml",
        "kind: quote\nquote:\n  text: Words.\n  speaker: Jen Loong\n  translation:\n"
        "    en: Other words.\n    fr: Des mots.\n  sources: [ctv]\n");
    expect_error(f, "panels/04-jen.yaml:6: ",
                 "quote.translation (en): the quote was said in en, so quote.text already gives");
}

/* The warnings about one file: how many, each line kept in w.text. */
static int warnings_about(const struct warnings *w, const char *file)
{
    int n = 0;
    for (const char *at = w->text; (at = strstr(at, file)) != NULL; at += strlen(file))
        n++;
    return n;
}

/* A translation left out: the build warns (file, line, field, language) and
 * succeeds; the store keeps no text there, so the reader shows the default
 * language's and `bundle verify` can name what is missing. */
static void missing_translation_warns_and_falls_back(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\n"
        "heading:\n"
        "  en: The start line\n"
        "body:\n"
        "  en: The runners arrived by train.\n"
        "  fr: Les coureurs sont arrivés en train.\n"
        "sources: [huffpost, ctv]\n");
    struct warnings w = {0};
    struct author_opts o = {.warn = collect_warning, .warn_ctx = &w};
    if (build(f, &o) != 0)
        fail_msg("%s", f->why);
    assert_int_equal(warnings_about(&w, "panels/02-arrival.yaml"), 1);
    if (!strstr(w.text, "panels/02-arrival.yaml:3: heading has no Français (fr) text"))
        fail_msg("warnings: %s", w.text);
    struct store *s = NULL;
    char why[512], seen[512] = "";
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    assert_true(store_missing_texts(s, count_missing, seen, why, sizeof why) > 0);
    if (!strstr(seen, "1 02-arrival heading fr\n") || strstr(seen, "02-arrival body"))
        fail_msg("missing: %s", seen);
    struct arena a;
    struct panel p;
    arena_init(&a, 4096);
    assert_int_equal(store_panel_load(s, 1, "fr", &a, &p, why, sizeof why), 0);
    assert_string_equal(p.heading, "The start line"); /* the default's */
    assert_string_equal(p.body, "Les coureurs sont arrivés en train.");
    arena_free(&a);
    store_close(s);
}

/* A plain text where the exhibit has two languages is in the default
 * language only: a warning names the file, the line, the field, the
 * language it lacks and what is shown instead, and the store keeps no
 * French text there, so `bundle inspect` counts it too. The words of a
 * quote (said in one language) and a text without letters ("~") are the
 * same in every language: no warning. */
static void plain_text_in_two_languages_warns(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\n"
        "heading: The start line\n"
        "body: |\n"
        "  The runners arrived by train.\n"
        "sources: [huffpost, ctv]\n");
    struct warnings w = {0};
    struct author_opts o = {.warn = collect_warning, .warn_ctx = &w};
    if (build(f, &o) != 0)
        fail_msg("%s", f->why);
    assert_int_equal(warnings_about(&w, "panels/02-arrival.yaml"), 2);
    if (!strstr(w.text, "panels/02-arrival.yaml:2: heading is plain text, in English only: it "
                        "has no Français (fr) text, so the Français edition shows it in English") ||
        !strstr(w.text, "panels/02-arrival.yaml:3: body is plain text, in English only"))
        fail_msg("warnings: %s", w.text);
    /* 04-jen.yaml: its quote.text is plain (no warning), its context is not */
    if (strstr(w.text, "quote.text") || !strstr(w.text, "panels/04-jen.yaml:9: quote.context"))
        fail_msg("warnings: %s", w.text);
    /* 03-runners.yaml: prefix "~" has no letters */
    if (strstr(w.text, "figure.prefix"))
        fail_msg("warnings: %s", w.text);
    struct store *s = NULL;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    /* what the store can name: the panel texts of panels 01, 02, 04 and 05
     * (05 keeps 04's chapter), as bundle inspect counts them */
    int warned = 0;
    static const char *const fields[] = {":2: heading", ":3: body", "01-title.yaml:8: body",
                                         "04-jen.yaml:2: chapter", "05-credits.yaml:5: body"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        warned += strstr(w.text, fields[i]) != NULL;
    assert_int_equal(warned, 5);
    assert_int_equal(store_missing_texts(s, NULL, NULL, why, sizeof why), warned + 1);
    struct arena a;
    struct panel p;
    arena_init(&a, 4096);
    assert_int_equal(store_panel_load(s, 1, "fr", &a, &p, why, sizeof why), 0);
    assert_string_equal(p.heading, "The start line"); /* the default's */
    arena_free(&a);
    store_close(s);
}

/* A measurer for the layout: every byte half an em wide, lines 1.3 em. */
static int fake_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    (void)s;
    return (int)n * px / 2;
}

static int fake_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px * 13 / 10;
}

static const struct text_measurer fake = {NULL, fake_width, fake_line_height, NULL, NULL, NULL};

/* Every line of text the layout drew, joined by spaces. */
static void drawn_text(const struct draw_list *l, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && used < size)
            used += (size_t)snprintf(out + used, size - used, "%.*s ", (int)l->items[i].len,
                                     l->items[i].text);
}

/* A title panel without a heading or body of its own greets with
 * exhibit.yaml's title and subtitle, in every language: the layout draws
 * them (the title in the other language too). Its own heading wins. */
static void title_panel_shows_the_exhibit_title(void **state)
{
    struct fx *f = *state;
    put(f, "panels/01-title.yaml", "kind: title\nsources: [cnn]\n");
    if (build(f, NULL) != 0)
        fail_msg("%s", f->why);
    struct store *s = NULL;
    char why[512], text[4096];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    struct arena a;
    arena_init(&a, 64 * 1024);
    static const char *const want[][3] = {
        {"en", "Running Pyongyang", "Courir à Pyongyang"},
        {"fr", "Courir à Pyongyang", "Running Pyongyang"},
    };
    for (int l = 0; l < 2; l++) {
        struct panel p;
        arena_reset(&a);
        assert_int_equal(store_panel_load(s, 0, want[l][0], &a, &p, why, sizeof why), 0);
        assert_non_null(p.heading);
        assert_non_null(p.body);
        assert_string_equal(p.heading, want[l][1]);
        assert_string_equal(p.body, "A test exhibit");
        struct layout_screen screen = {1920, 1080, 0, 0, 0};
        struct draw_list list = {0};
        assert_int_equal(layout_panel(&p, &screen, &fake, &a, &list), 0);
        drawn_text(&list, text, sizeof text);
        if (!strstr(text, want[l][1]) || !strstr(text, want[l][2]) ||
            !strstr(text, "A test exhibit"))
            fail_msg("%s: drawn: %s", want[l][0], text);
    }
    arena_free(&a);
    store_close(s);

    /* its own words win over the exhibit's */
    put(f, "panels/01-title.yaml", "kind: title\nheading: Welcome\nsources: [cnn]\n");
    if (build(f, NULL) != 0)
        fail_msg("%s", f->why);
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    arena_init(&a, 4096);
    struct panel p;
    assert_int_equal(store_panel_load(s, 0, "en", &a, &p, why, sizeof why), 0);
    assert_string_equal(p.heading, "Welcome");
    assert_string_equal(p.body, "A test exhibit");
    arena_free(&a);
    store_close(s);
}

static void unknown_key_names_line_and_suggests(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheadng: The start line\nsources: [ctv, huffpost]\n");
    expect_error(
        f, "panels/02-arrival.yaml:2: ", "unknown key \"headng\" (did you mean \"heading\"?)");
}

static void number_of_the_wrong_type(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  label: runners\n  value: two hundred\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(
        f, "panels/03-runners.yaml:4: ", "figure.value must be a number, not \"two hundred\"");
}

static void quoted_number_is_text(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  label: runners\n  value: \"200\"\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:4: ", "must be a number, not the quoted text \"200\"");
}

static void missing_required_key_names_the_mapping(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 200\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:3: ", "missing required key \"figure.label\"");
}

static void unknown_source_id(void **state)
{
    struct fx *f = *state;
    put(f, "panels/04-jen.yaml",
        "kind: quote\nquote:\n  text: Words.\n  speaker: Jen Loong\n  sources:\n    - ctv\n"
        "    - bbc\n");
    expect_error(f, "panels/04-jen.yaml:7: ",
                 "quote names source \"bbc\", which exhibit.yaml does not list");
}

static void unused_source(void **state)
{
    struct fx *f = *state;
    put(f, "panels/01-title.yaml", "kind: title\nheading: Running Pyongyang\n");
    expect_error(f, "exhibit.yaml:22: ", "source \"cnn\" is never cited");
}

static void yaml_syntax_error(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: The start\nbody: [unclosed, list\nsources: [ctv, huffpost]\n");
    expect_error(f, "panels/02-arrival.yaml:4: ", "YAML syntax error");
}

static void invalid_utf8(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: The start\nbody: caf\xe9 au lait\nsources: [ctv, huffpost]\n");
    expect_error(f, "panels/02-arrival.yaml:3: ", "not valid UTF-8");
}

static void control_characters(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: \"bell\\a\"\nsources: [ctv, huffpost]\n");
    expect_error(f, "panels/02-arrival.yaml:2: ", "heading contains a control character (U+0007)");
}

static void text_too_long(void **state)
{
    struct fx *f = *state;
    char text[512] = "kind: story\nheading: ";
    size_t n = strlen(text);
    memset(text + n, 'x', 201);
    strcpy(text + n + 201, "\nsources: [ctv, huffpost]\n");
    put(f, "panels/02-arrival.yaml", text);
    expect_error(f, "panels/02-arrival.yaml:2: ", "heading is too long (201 bytes; at most 200)");
}

static void unknown_and_missing_kind(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml", "heading: A\nsources: [ctv, huffpost]\nkind: storey\n");
    put(f, "panels/05-credits.yaml", "heading: Sources\n");
    expect_error(f,
                 "panels/02-arrival.yaml:3: ", "unknown kind \"storey\" (did you mean \"story\"?");
    assert_true(has_error(f->why, "panels/05-credits.yaml:1: ", "missing required key \"kind\""));
}

static void key_of_another_kind(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: A\nsources: [ctv, huffpost]\nquote:\n  text: x\n");
    expect_error(f, "panels/02-arrival.yaml:4: ", "key \"quote\" belongs only on a quote panel");
}

static void decimals_out_of_range(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 200\n  decimals: 5\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:4: ", "figure.decimals must be 0, 1, 2 or 3, not 5");
}

static void part_of_not_larger(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 200\n  label: runners\n  part_of:\n"
        "    value: 200\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:6: ",
                 "figure.part_of.value (200) must be larger than figure.value (200)");
}

static void duplicate_key(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: A\nsources: [ctv, huffpost]\nheading: B\n");
    expect_error(f, "panels/02-arrival.yaml:4: ", "duplicate key \"heading\" (first at line 2)");
}

static void unknown_locale_in_text(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading:\n  en: A\n  de: B\nsources: [ctv, huffpost]\n");
    expect_error(f, "panels/02-arrival.yaml:4: ",
                 "heading: unknown locale \"de\" (exhibit.yaml lists en, fr)");
}

static void default_locale_text_required(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml", "kind: story\nheading:\n  fr: B\nsources: [ctv, huffpost]\n");
    expect_error(f,
                 "panels/02-arrival.yaml:3: ", "heading has no text in the default locale \"en\"");
}

static void aliases_are_refused(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml",
        "kind: story\nheading: &h A\nbody: *h\nsources: [ctv, huffpost]\n");
    expect_error(f, "panels/02-arrival.yaml:2: ", "anchors (&h) are not allowed");
}

static void figure_needs_a_source(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 200\n  label: runners\n  sources: []\n");
    expect_error(f, "panels/03-runners.yaml:5: ", "figure.sources must name at least one source");
}

/* Append text to the fixture's file rel. */
static void append(struct fx *f, const char *rel, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", f->src, rel);
    char *old = read_all(path, NULL);
    assert_non_null(old);
    size_t n = strlen(old) + strlen(text) + 1;
    char *both = malloc(n);
    assert_non_null(both);
    snprintf(both, n, "%s%s", old, text);
    put(f, rel, both);
    free(both);
    free(old);
}

/* Content on a schedule: the exhibit's, a chapter's and a panel's `show:`
 * reach table show_window as written, each with the panels it covers; a
 * window that cannot be read is an error at its line, saying why. */
static void show_windows_reach_the_store(void **state)
{
    struct fx *f = *state;
    append(f, "exhibit.yaml", "show: 2026-04-01..2026-04-30\n");
    append(f, "panels/02-arrival.yaml",
           "chapter: Arrival\nchapter_show:\n  - sat-sun\n  - "
           "fri 18:00-02:00\n");
    append(f, "panels/04-jen.yaml", "show: 2026-04-12 07:00-15:00\n");
    if (build(f, NULL) != 0)
        fail_msg("build failed:\n%s", f->why);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT group_concat(scope || ' ' || first || '-' || last || ' ' || "
                               "spec, '; ') FROM (SELECT * FROM show_window ORDER BY rowid)"),
                        "exhibit 0-4 2026-04-01..2026-04-30; chapter 1-2 sat-sun; "
                        "chapter 1-2 fri 18:00-02:00; panel 3-3 2026-04-12 07:00-15:00");
    sqlite3_close(db);
    unlink(f->out);

    append(f, "panels/03-runners.yaml", "chapter_show: sat\n");
    append(f, "panels/05-credits.yaml", "show:\n  - 2026-02-30\n  - 18:00-09:00\n");
    assert_int_equal(build(f, NULL), -1);
    if (!has_error(f->why, "panels/03-runners.yaml:",
                   "chapter_show belongs on the panel that "
                   "starts a chapter") ||
        !has_error(f->why, "panels/05-credits.yaml:", "2026-02-30 is not a day of the calendar") ||
        !has_error(f->why, "panels/05-credits.yaml:", "swapped"))
        fail_msg("errors:\n%s", f->why);
}

static void default_locale_must_be_listed(void **state)
{
    struct fx *f = *state;
    char path[1024];
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    char *text = read_all(path, NULL);
    assert_non_null(text);
    char *at = strstr(text, "default_locale: en");
    assert_non_null(at);
    at[16] = 'd';
    at[17] = 'e';
    put(f, "exhibit.yaml", text);
    free(text);
    expect_error(f, "exhibit.yaml:4: ", "default_locale \"de\" is not one of locales (en, fr)");
}

static void no_panels(void **state)
{
    struct fx *f = *state;
    const char *files[] = {"01-title", "02-arrival", "03-runners", "04-jen", "05-credits"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "panels/%s.yaml", files[i]);
        put(f, rel, NULL);
    }
    expect_error(f, "panels/: ", "there are no panels");
}

static void all_errors_are_collected(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-arrival.yaml", "kind: story\nheadng: A\nsources: [ctv, huffpost]\n");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: lots\n  decimals: 9\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    assert_int_equal(build(f, NULL), -1);
    assert_true(
        has_error(f->why, "panels/02-arrival.yaml:1: ", "missing required key \"heading\""));
    assert_true(has_error(f->why, "panels/02-arrival.yaml:2: ", "unknown key \"headng\""));
    assert_true(has_error(f->why, "panels/03-runners.yaml:3: ", "figure.value must be a number"));
    assert_true(has_error(f->why, "panels/03-runners.yaml:4: ", "figure.decimals"));
    assert_int_equal(count_lines(f->why), 4);
    /* in file order */
    assert_true(strstr(f->why, "02-arrival") < strstr(f->why, "03-runners"));
}

static void source_files_are_checked_when_asked(void **state)
{
    struct fx *f = *state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/sources", f->root);
    assert_int_equal(mkdir(dir, 0755), 0);
    struct author_opts opts = {.sources_dir = dir};
    assert_int_equal(build(f, &opts), -1);
    assert_true(has_error(f->why, "exhibit.yaml:14: ", "file \"001_ctv.txt\" is not in"));
    char path[1100];
    snprintf(path, sizeof path, "%s/001_ctv.txt", dir);
    write_bytes(path, "text", 4);
    if (build(f, &opts) != 0)
        fail_msg("build failed:\n%s", f->why);
}

/* ---- the fit check ---------------------------------------------------- */

struct seen {
    int calls;
    char log[4096];     /* "id/locale " per call */
    int reject_runners; /* fail 03-runners in fr */
    int runners_ok;     /* the 03-runners panel looked as stored */
    int credits_cites;
    int arrival_fr_chapter_ok; /* inherited chapter, fr text */
};

static int fit(void *ctx, const struct panel *p, char *why, size_t why_len, const char **field)
{
    struct seen *s = ctx;
    s->calls++;
    size_t n = strlen(s->log);
    snprintf(s->log + n, sizeof s->log - n, "%s/%s ", p->id, p->locale);
    if (s->reject_runners && strcmp(p->id, "02-arrival") == 0) {
        /* the same in both languages: said once, without them */
        snprintf(why, why_len, "the body is too long at 800x480");
        *field = "body";
        return -1;
    }
    if (strcmp(p->id, "03-runners") == 0 && strcmp(p->locale, "fr") == 0) {
        s->runners_ok =
            p->index == 2 && p->kind == PANEL_STATISTIC && p->figure.value.digits == 200 &&
            p->figure.value.scale == 0 && p->figure.has_part_of &&
            p->figure.part_of.digits == 1000 && p->figure.part_of.scale == 0 &&
            strcmp(p->figure.label, "coureurs étrangers") == 0 &&
            strcmp(p->figure.prefix, "~") == 0 && !p->figure.unit && !p->figure.suffix &&
            strcmp(p->chapter, "La course") == 0 && p->n_cites == 2 &&
            strcmp(p->cites[0].id, "ctv") == 0 &&
            strcmp(p->cites[0].description, "Un article fondé sur un entretien téléphonique.") ==
                0 &&
            strcmp(p->cites[1].id, "huffpost") == 0;
        if (s->reject_runners) {
            snprintf(why, why_len, "the figure's label is too long at 1280x800");
            *field = "figure.part_of.label.fr"; /* the nearest key written: part_of's label */
            return -1;
        }
    }
    if (strcmp(p->id, "05-credits") == 0)
        s->credits_cites = p->n_cites;
    if (strcmp(p->id, "02-arrival") == 0 && strcmp(p->locale, "fr") == 0)
        s->arrival_fr_chapter_ok = p->chapter && strcmp(p->chapter, "La course") == 0 &&
                                   strcmp(p->heading, "La ligne de départ") == 0;
    return 0;
}

static void fit_sees_every_panel_in_every_locale(void **state)
{
    struct fx *f = *state;
    struct seen s = {0};
    struct author_opts opts = {.fit = fit, .fit_ctx = &s};
    if (build(f, &opts) != 0)
        fail_msg("build failed:\n%s", f->why);
    assert_int_equal(s.calls, 10);
    assert_string_equal(s.log, "01-title/en 01-title/fr 02-arrival/en 02-arrival/fr "
                               "03-runners/en 03-runners/fr 04-jen/en 04-jen/fr "
                               "05-credits/en 05-credits/fr ");
    assert_true(s.runners_ok);
    assert_int_equal(s.credits_cites, 3);
    assert_true(s.arrival_fr_chapter_ok);
}

static void fit_failure_names_the_panel(void **state)
{
    struct fx *f = *state;
    write_bytes(f->out, "previous store", 14);
    struct seen s = {.reject_runners = 1};
    struct author_opts opts = {.fit = fit, .fit_ctx = &s};
    assert_int_equal(build(f, &opts), -1);
    assert_string_equal(f->why, "panels/02-arrival.yaml:5: the body is too long at 800x480\n"
                                "panels/03-runners.yaml:11: in Français, the figure's label is "
                                "too long at 1280x800");
    assert_non_null(strstr(s.log, "03-runners/en 03-runners/fr"));
    assert_int_equal(s.calls, 10);
    size_t len;
    char *kept = read_all(f->out, &len);
    assert_non_null(kept);
    assert_string_equal(kept, "previous store");
    free(kept);
}

/* ---- the output file -------------------------------------------------- */

static void failed_build_leaves_out_path_untouched(void **state)
{
    struct fx *f = *state;
    assert_int_equal(build(f, NULL), 0);
    size_t good_len;
    char *good = read_all(f->out, &good_len);
    assert_non_null(good);
    assert_true(good_len > 0);

    put(f, "panels/02-arrival.yaml", "kind: story\n");
    assert_int_equal(build(f, NULL), -1);
    size_t len;
    char *after = read_all(f->out, &len);
    assert_non_null(after);
    assert_int_equal(len, good_len);
    assert_memory_equal(after, good, len);
    free(after);
    free(good);

    DIR *d = opendir(f->root);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        assert_null(strstr(e->d_name, ".tmp-"));
    closedir(d);
}

static void rebuild_replaces_the_store(void **state)
{
    struct fx *f = *state;
    write_bytes(f->out, "old", 3);
    assert_int_equal(build(f, NULL), 0);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT count(*) FROM panel"), "5");
    sqlite3_close(db);
}

/* The store's built_at is the caller's (content/ reads no clock): the
 * same sources and the same built_at give the same bytes, whenever built;
 * another built_at changes only that. Without opts it is the epoch. */
static void built_at_is_the_callers_and_builds_repeat(void **state)
{
    struct fx *f = *state;
    struct author_opts opts = {.built_at = 1700000000}; /* 2023-11-14 22:13:20 UTC */
    assert_int_equal(build(f, &opts), 0);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT built_at FROM exhibit"), "2023-11-14T22:13:20Z");
    sqlite3_close(db);
    size_t n1, n2;
    char *first = read_all(f->out, &n1);
    sleep(1); /* across a second boundary: the wall clock must not matter */
    assert_int_equal(build(f, &opts), 0);
    char *second = read_all(f->out, &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(first, second, n1);
    free(second);
    opts.built_at = 1700000001;
    assert_int_equal(build(f, &opts), 0);
    second = read_all(f->out, &n2);
    assert_int_equal(n1, n2);
    assert_memory_not_equal(first, second, n1);
    free(second);
    free(first);
    assert_int_equal(build(f, NULL), 0);
    db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT built_at FROM exhibit"), "1970-01-01T00:00:00Z");
    sqlite3_close(db);
}

/* No cap on the number of panels: 5,000 one-line story panels more than the
 * good exhibit build, and the store gives back their count and the last.
 * Every 1000th panel file is its own; the others are hard links to one file,
 * since creating thousands of inodes right after a run deleted thousands can
 * take seconds on ext4, which would time the file system, not the build. */
static void thousands_of_panels_build(void **state)
{
    struct fx *f = *state;
    enum { N = 5000 };
    char shared[1024];
    snprintf(shared, sizeof shared, "%s/story.yaml", f->root);
    const char *story = "{kind: story, heading: A story}\n";
    write_bytes(shared, story, strlen(story));
    for (int i = 0; i < N; i++) {
        char rel[64], text[96], path[1024];
        snprintf(rel, sizeof rel, "panels/06-%05d.yaml", i);
        if (i % 1000 == 999) {
            snprintf(text, sizeof text, "{kind: story, heading: Panel %d}\n", i);
            put(f, rel, text);
        } else {
            snprintf(path, sizeof path, "%s/%s", f->src, rel);
            assert_int_equal(link(shared, path), 0);
        }
    }
    if (build(f, NULL) != 0)
        fail_msg("build failed:\n%s", f->why);

    struct store *s = NULL;
    char why[512] = "";
    if (store_open_file(f->out, &s, why, sizeof why) != 0)
        fail_msg("the store does not open: %s", why);
    struct arena a;
    arena_init(&a, 0);
    struct store_info info;
    assert_int_equal(store_info(s, "fr", &a, &info, why, sizeof why), 0);
    assert_int_equal(info.n_panels, 5 + N);
    struct panel p;
    if (store_panel_load(s, 5 + N - 1, "fr", &a, &p, why, sizeof why) != 0)
        fail_msg("the last panel does not load: %s", why);
    assert_int_equal(p.index, 5 + N - 1);
    assert_string_equal(p.id, "06-04999");
    assert_int_equal(p.kind, PANEL_STORY);
    assert_string_equal(p.heading, "Panel 4999");
    assert_string_equal(p.chapter, "Voices"); /* inherited across 5,000 panels */
    assert_int_equal(p.n_cites, 0);
    if (store_panel_load(s, 5 + 2999, "en", &a, &p, why, sizeof why) != 0)
        fail_msg("panel %d does not load: %s", 5 + 2999, why);
    assert_string_equal(p.id, "06-02999");
    assert_string_equal(p.heading, "Panel 2999");
    if (store_panel_load(s, 5 + 1234, "en", &a, &p, why, sizeof why) != 0)
        fail_msg("panel %d does not load: %s", 5 + 1234, why);
    assert_string_equal(p.id, "06-01234");
    assert_string_equal(p.heading, "A story");
    assert_true(store_panel_load(s, 5 + N, "fr", &a, &p, why, sizeof why) < 0);
    arena_free(&a);
    store_close(s);
}

/* ---- bad content never silently loses text ---------------------------- */

/* The figure of panel 03-runners as the reader gives it in locale. */
static void load_figure(struct fx *f, const char *locale, struct arena *a, struct panel *p)
{
    struct store *s = NULL;
    char why[512] = "";
    if (store_open_file(f->out, &s, why, sizeof why) != 0)
        fail_msg("store refused: %s", why);
    if (store_panel_load(s, 2, locale, a, p, why, sizeof why) != 0)
        fail_msg("panel refused: %s", why);
    store_close(s);
}

static void build_ok(struct fx *f)
{
    if (build(f, NULL) != 0)
        fail_msg("build failed:\n%s", f->why);
}

/* Editors on Windows start files with a UTF-8 byte-order mark. */
static void byte_order_mark_is_accepted(void **state)
{
    struct fx *f = *state;
    char path[1024];
    snprintf(path, sizeof path, "%s/exhibit.yaml", f->src);
    size_t len;
    char *text = read_all(path, &len);
    assert_non_null(text);
    char *with = malloc(len + 3);
    assert_non_null(with);
    memcpy(with, "\xEF\xBB\xBF", 3);
    memcpy(with + 3, text, len);
    put_bytes(f, "exhibit.yaml", with, len + 3);
    free(with);
    free(text);
    put(f, "panels/02-arrival.yaml",
        "\xEF\xBB\xBFkind: story\nheading: The start line\nsources: [ctv, huffpost]\n");
    build_ok(f);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT heading FROM panel_text WHERE position=1 AND locale='en'"),
                        "The start line");
    sqlite3_close(db);
    /* only at the very start: a mark in the middle of a file is still refused */
    put(f, "panels/02-arrival.yaml", "kind: story\n\xEF\xBB\xBFheading: A\nsources: [ctv]\n");
    assert_int_equal(build(f, NULL), -1);
}

/* A panel file whose name is not UTF-8 would become a panel id the kiosk
 * refuses: the build names it instead. */
static void panel_file_name_must_be_utf8(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02-caf\xE9.yaml", "kind: story\nheading: A\nsources: [ctv]\n");
    expect_error(f, "panels/02-caf?.yaml: ", "file name is not valid UTF-8");
    put(f, "panels/02-caf\xE9.yaml", NULL);
    put(f, "panels/02-tab\t.yaml", "kind: story\nheading: A\nsources: [ctv]\n");
    expect_error(f, "panels/02-tab?.yaml: ", "control character");
}

/* 99.7 without decimals is shown 99.7, not 100: the decimals are taken from
 * the value as written. */
static void decimals_come_from_the_value_as_written(void **state)
{
    struct fx *f = *state;
    static const struct {
        const char *value, *to;
        int decimals;
    } cases[] = {{"99.7", NULL, 1}, {"2.50", NULL, 2},  {"3", "4.5", 1},
                 {"1e3", NULL, 0},  {"0.125", NULL, 3}, {"42", NULL, 0}};
    struct arena a;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char yaml[512];
        snprintf(yaml, sizeof yaml,
                 "kind: statistic\nfigure:\n  value: %s\n%s%s%s  label: runners\n"
                 "  sources: [huffpost, ctv]\n",
                 cases[i].value, cases[i].to ? "  to: " : "", cases[i].to ? cases[i].to : "",
                 cases[i].to ? "\n" : "");
        put(f, "panels/03-runners.yaml", yaml);
        build_ok(f);
        struct panel p;
        load_figure(f, "en", &a, &p);
        if (p.figure.decimals != cases[i].decimals)
            fail_msg("%s: %d decimals, expected %d", cases[i].value, p.figure.decimals,
                     cases[i].decimals);
        arena_reset(&a);
    }
    arena_free(&a);
}

/* Figures travel as exact decimals: from the YAML through bundle build and
 * the store to the formatter, digit for digit and sign for sign, in
 * English and in French (narrow no-break space, decimal comma). */
static void figures_are_shown_exactly_as_written(void **state)
{
    struct fx *f = *state;
#define NNBSP "\xE2\x80\xAF"
#define MINUS "\xE2\x88\x92"
    static const struct {
        const char *yaml, *en, *fr;
    } cases[] = {
        {"99999999999999.99", "99,999,999,999,999.99",
         "99" NNBSP "999" NNBSP "999" NNBSP "999" NNBSP "999,99"},
        {"0.1", "0.1", "0,1"},
        {"2.675", "2.675", "2,675"},
        {"-0.0", MINUS "0.0", MINUS "0,0"},
        {"-99999999999999.99", MINUS "99,999,999,999,999.99",
         MINUS "99" NNBSP "999" NNBSP "999" NNBSP "999" NNBSP "999,99"},
        {"999999999999999", "999,999,999,999,999",
         "999" NNBSP "999" NNBSP "999" NNBSP "999" NNBSP "999"},
        {"0.070", "0.070", "0,070"},
        {"1.5e6", "1,500,000", "1" NNBSP "500" NNBSP "000"},
    };
    struct arena a;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char yaml[512], text[128];
        snprintf(yaml, sizeof yaml,
                 "kind: statistic\nfigure:\n  value: %s\n  label: runners\n"
                 "  sources: [huffpost, ctv]\n",
                 cases[i].yaml);
        put(f, "panels/03-runners.yaml", yaml);
        build_ok(f);
        struct panel p;
        load_figure(f, "en", &a, &p);
        numfmt_figure_text(&p.figure, "en", text, sizeof text);
        assert_string_equal(text, cases[i].en);
        load_figure(f, "fr", &a, &p);
        numfmt_figure_text(&p.figure, "fr", text, sizeof text);
        assert_string_equal(text, cases[i].fr);
        arena_reset(&a);
    }
    arena_free(&a);
#undef NNBSP
#undef MINUS
}

/* A number a decimal cannot carry exactly is refused at its line. */
static void figures_beyond_18_digits_are_refused(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 1234567890123456.789\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:3: ",
                 "figure.value \"1234567890123456.789\" has more than 18 digits");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 1\n  to: 2\n  part_of:\n"
        "    value: 0.0000000000000000001\n  label: runners\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:6: ", "figure.part_of.value");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 1e300\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:3: ", "has more than 18 digits");
}

static void decimals_that_change_the_number_are_refused(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 99.7\n  decimals: 0\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:4: ", "figure.value 99.7 would be shown as 100");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 3.14159\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:3: ", "figure.value 3.14159 has 5 decimals");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 1\n  to: 2.25\n  decimals: 1\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:5: ", "figure.to 2.25 would be shown as 2.3");
    /* more decimals than written only add zeros: that is allowed */
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 99.7\n  decimals: 2\n  label: runners\n"
        "  sources: [huffpost, ctv]\n");
    build_ok(f);
}

/* A unit is shown after the number, spaced as each language spaces it. */
static void units_are_shown_after_the_number(void **state)
{
    struct fx *f = *state;
    static const struct {
        const char *unit, *en, *fr;
    } cases[] = {
        {"\"%\"", "%", "\xE2\x80\xAF%"},
        {"\xC2\xB0"
         "C",
         "\xC2\xA0\xC2\xB0"
         "C",
         "\xC2\xA0\xC2\xB0"
         "C"},
        {"km", "\xC2\xA0km", "\xC2\xA0km"},
        {"km/h", "\xC2\xA0km/h", "\xC2\xA0km/h"},
    };
    struct arena a;
    arena_init(&a, 0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char yaml[512];
        snprintf(yaml, sizeof yaml,
                 "kind: statistic\nfigure:\n  value: 99.7\n  unit: %s\n  label: runners\n"
                 "  sources: [huffpost, ctv]\n",
                 cases[i].unit);
        put(f, "panels/03-runners.yaml", yaml);
        build_ok(f);
        struct panel p;
        load_figure(f, "en", &a, &p);
        assert_non_null(p.figure.suffix);
        assert_string_equal(p.figure.suffix, cases[i].en);
        load_figure(f, "fr", &a, &p);
        assert_string_equal(p.figure.suffix, cases[i].fr);
        arena_reset(&a);
    }
    arena_free(&a);
}

static void units_are_refused_when_they_would_mislead(void **state)
{
    struct fx *f = *state;
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 42\n  unit: km\n  suffix: \" km\"\n"
        "  label: runners\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:5: ", "figure has both unit \"km\" and suffix");
    /* any suffix with any unit: the unit said twice in other words */
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 99.7\n  unit: \"%\"\n  suffix: \" percent\"\n"
        "  label: runners\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:5: ", "figure has both unit \"%\" and suffix");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: -3\n  unit: °C\n"
        "  suffix: {en: \" celsius\", fr: \" degrés\"}\n"
        "  label: runners\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:5: ", "figure has both unit \"°C\" and suffix");
    put(f, "panels/03-runners.yaml",
        "kind: statistic\nfigure:\n  value: 42\n  unit: \" km\"\n"
        "  label: runners\n  sources: [huffpost, ctv]\n");
    expect_error(f, "panels/03-runners.yaml:4: ", "figure.unit must not start or end with a space");
}

/* ---- timelines and compare panels ------------------------------------- */

#define TIMELINE_OK                                                                                \
    "kind: timeline\n"                                         /* 1 */                             \
    "heading: {en: Dates, fr: Dates}\n"                        /* 2 */                             \
    "events:\n"                                                /* 3 */                             \
    "  - date: \"1981\"\n"                                     /* 4 */                             \
    "    approximate: true\n"                                  /* 5 */                             \
    "    when: {en: Early 1980s, fr: Début des années 1980}\n" /* 6 */                             \
    "    label: {en: First race, fr: Première course}\n"       /* 7 */                             \
    "    sources: [ctv]\n"                                     /* 8 */                             \
    "  - date: 2014-04-13\n"                                   /* 9 */                             \
    "    label: {en: The race, fr: La course}\n"               /* 10 */                            \
    "    sources: [ctv, cnn]\n"                                /* 11 */

#define COMPARE_OK                                                                                 \
    "kind: compare\n"                                            /* 1 */                           \
    "heading: How many?\n"                                       /* 2 */                           \
    "values:\n"                                                  /* 3 */                           \
    "  - value: 1000\n"                                          /* 4 */                           \
    "    label: {en: runners per CNN, fr: coureurs selon CNN}\n" /* 5 */                           \
    "    sources: [cnn]\n"                                       /* 6 */                           \
    "  - value: 800.5\n"                                         /* 7 */                           \
    "    label: runners per the caption\n"                       /* 8 */                           \
    "    sources: [huffpost, ctv]\n"                             /* 9 */

static void timeline_and_compare_read_back(void **state)
{
    struct fx *f = *state;
    put(f, "panels/02b-timeline.yaml", TIMELINE_OK);
    put(f, "panels/02c-compare.yaml", COMPARE_OK);
    build_ok(f);
    sqlite3 *db = open_store(f->out);
    assert_string_equal(q1(db, "SELECT kind FROM panel WHERE position = 2"), "timeline");
    assert_string_equal(q1(db, "SELECT count(*) FROM event WHERE position = 2"), "2");
    assert_string_equal(q1(db, "SELECT date FROM event WHERE position = 2 AND item = 1"),
                        "2014-04-13");
    assert_string_equal(q1(db, "SELECT count(*) FROM item_citation WHERE position = 2"), "3");
    assert_string_equal(q1(db, "SELECT count(*) FROM compare_value_text WHERE position = 3"), "4");
    sqlite3_close(db);

    struct store *st = NULL;
    char why[512] = "";
    struct arena a;
    arena_init(&a, 0);
    struct panel p;
    if (store_open_file(f->out, &st, why, sizeof why) != 0)
        fail_msg("store refused: %s", why);
    assert_int_equal(store_panel_load(st, 2, "fr", &a, &p, why, sizeof why), 0);
    assert_int_equal(p.kind, PANEL_TIMELINE);
    assert_int_equal(p.n_events, 2);
    assert_int_equal(p.events[0].date.year, 1981);
    assert_int_equal(p.events[0].date.month, 0);
    assert_int_equal(p.events[0].approximate, 1);
    assert_string_equal(p.events[0].when, "Début des années 1980");
    assert_string_equal(p.events[0].label, "Première course");
    assert_int_equal(p.events[0].n_cites, 1);
    assert_string_equal(p.events[0].cites[0].id, "ctv");
    assert_int_equal(p.events[1].date.day, 13);
    assert_int_equal(p.events[1].approximate, 0);
    assert_null(p.events[1].when);
    assert_int_equal(p.events[1].n_cites, 2);
    assert_string_equal(p.events[1].cites[1].cite, "Reportage de CNN");
    assert_int_equal(p.n_cites, 2); /* the panel's sources include its events' */

    arena_reset(&a);
    assert_int_equal(store_panel_load(st, 3, "fr", &a, &p, why, sizeof why), 0);
    assert_int_equal(p.kind, PANEL_COMPARE);
    assert_int_equal(p.n_values, 2);
    char num[DECIMAL_TEXT_MAX];
    assert_string_equal(decimal_text(&p.values[0].value, num), "1000");
    assert_string_equal(decimal_text(&p.values[1].value, num), "800.5");
    assert_true(p.values[0].decimals == 0 && p.values[1].decimals == 1);
    assert_string_equal(p.values[0].label, "coureurs selon CNN");
    assert_string_equal(p.values[1].label, "runners per the caption"); /* the default */
    assert_int_equal(p.values[1].n_cites, 2);
    assert_string_equal(p.values[1].cites[0].id, "ctv"); /* in the exhibit's order */
    store_close(st);
    arena_free(&a);
}

static void timeline_errors_name_their_line(void **state)
{
    struct fx *f = *state;
    static const struct {
        const char *from, *to, *prefix, *needle;
    } cases[] = {
        {"date: \"1981\"", "date: \"81\"", ":4: ", "event.date \"81\" is not a date"},
        {"date: 2014-04-13", "date: 2014-02-30", ":9: ", "has no day 30"},
        {"date: 2014-04-13", "date: 2014-13", ":9: ", "has no month 13"},
        {"date: 2014-04-13", "date: 1970", ":9: ", "events must be in date order"},
        {"approximate: true", "approximate: maybe", ":5: ", "event.approximate must be true"},
        {"    label: {en: The race, fr: La course}\n", "", ":9: ", "\"event.label\""},
        {"    sources: [ctv, cnn]\n", "    sources: []\n", ":11: ", "at least one source"},
        {"    sources: [ctv]\n", "    sources: [bbc]\n", ":8: ", "names source \"bbc\""},
        {"heading: {en: Dates, fr: Dates}\n", "heading: x\nfigure: 3\n",
         ":3: ", "belongs only on a statistic panel"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char yaml[2048];
        const char *at = strstr(TIMELINE_OK, cases[i].from);
        assert_non_null(at);
        snprintf(yaml, sizeof yaml, "%.*s%s%s", (int)(at - TIMELINE_OK), TIMELINE_OK, cases[i].to,
                 at + strlen(cases[i].from));
        put(f, "panels/02b-timeline.yaml", yaml);
        char prefix[128];
        snprintf(prefix, sizeof prefix, "panels/02b-timeline.yaml%s", cases[i].prefix);
        expect_error(f, prefix, cases[i].needle);
    }
    put(f, "panels/02b-timeline.yaml",
        "kind: timeline\nevents:\n  - date: \"2014\"\n    label: x\n    sources: [ctv]\n");
    /* a list is reported at its first item */
    expect_error(f, "panels/02b-timeline.yaml:3: ", "events must list 2 to 12 events, not 1");
    put(f, "panels/02b-timeline.yaml", "kind: timeline\nheading: x\n");
    expect_error(f, "panels/02b-timeline.yaml:1: ", "missing required key \"events\"");
}

static void compare_errors_name_their_line(void **state)
{
    struct fx *f = *state;
    static const struct {
        const char *from, *to, *prefix, *needle;
    } cases[] = {
        {"value: 1000", "value: -1", ":4: ", "must not be negative"},
        {"value: 1000", "value: \"1000\"", ":4: ", "values.value must be a number"},
        {"value: 800.5", "value: 800.5555", ":7: ", "has 4 decimals"},
        {"    label: runners per the caption\n", "", ":7: ", "\"values.label\""},
        {"    sources: [cnn]\n", "    sources: [cnn]\n    unit: km\n", ":7: ", "unknown key"},
        {"  - value: 800.5\n    label: runners per the caption\n    sources: [huffpost, ctv]\n", "",
         ":4: ", "values must list 2 to 6 values, not 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char yaml[2048];
        const char *at = strstr(COMPARE_OK, cases[i].from);
        assert_non_null(at);
        snprintf(yaml, sizeof yaml, "%.*s%s%s", (int)(at - COMPARE_OK), COMPARE_OK, cases[i].to,
                 at + strlen(cases[i].from));
        put(f, "panels/02c-compare.yaml", yaml);
        char prefix[128];
        snprintf(prefix, sizeof prefix, "panels/02c-compare.yaml%s", cases[i].prefix);
        expect_error(f, prefix, cases[i].needle);
    }
    put(f, "panels/02c-compare.yaml",
        "kind: compare\nvalues:\n  - {value: 0, label: a, sources: [ctv]}\n"
        "  - {value: 0, label: b, sources: [cnn]}\n");
    expect_error(f, "panels/02c-compare.yaml:3: ", "all 0");
}

/* ---- video panels ----------------------------------------------------------- */

/* A clip hook that decodes nothing: what the test says the clip is, and a
 * 1x1 PNG for its poster. calls counts its calls; fail: its why. */
struct fake_clip {
    struct author_clip is;
    const char *fail;
    int calls;
    long long poster_ms;
};

static int fake_clip(void *ctx, const char *path, long long poster_ms, int want_poster,
                     struct author_clip *out, char *why, size_t why_len)
{
    struct fake_clip *fc = ctx;
    fc->calls++;
    fc->poster_ms = poster_ms;
    if (fc->fail) {
        snprintf(why, why_len, "%s", fc->fail);
        return -1;
    }
    *out = fc->is;
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    out->bytes = (long long)st.st_size;
    if (want_poster) {
        out->poster = malloc(sizeof png_1x1);
        assert_non_null(out->poster);
        memcpy(out->poster, png_1x1, sizeof png_1x1);
        out->poster_size = sizeof png_1x1;
    }
    return 0;
}

static struct fake_clip a_clip(void)
{
    struct fake_clip fc = {.is = {.codec = "h264",
                                  .container = "mp4",
                                  .w = 1280,
                                  .h = 720,
                                  .fps = 30,
                                  .duration_ms = 3000,
                                  .bitrate = 8000000,
                                  .audio = 1}};
    return fc;
}

static void put_video(struct fx *f)
{
    char dir[1024], clip[5000];
    snprintf(dir, sizeof dir, "%s/videos", f->src);
    mkdir(dir, 0755);
    for (size_t i = 0; i < sizeof clip; i++)
        clip[i] = (char)(i * 7 + 3);
    put_bytes(f, "videos/film.mp4", clip, sizeof clip);
    put(f, "videos/film.en.vtt",
        "\xEF\xBB\xBFWEBVTT - the film\r\n\r\nNOTE written for the tests\r\n\r\n"
        "intro\r\n00:00.500 --> 00:01.500 line:90%\r\n<v Jen>Hello</v> &amp; <i>welcome</i>\r\n\r\n"
        "00:01.500 --> 00:09.000\r\nTwo lines,\r\nthe \"second\"\r\n");
    put(f, "videos/film.fr.vtt", "WEBVTT\n\n00:00:00.500 --> 00:00:01.500\n\"Bonjour\" !\n");
}

static void video_panels_keep_their_clip_poster_and_captions(void **state)
{
    struct fx *f = *state;
    put_video(f);
    put(f, "panels/04a-film.yaml",
        "kind: video\n"
        "heading: {en: The film, fr: Le film}\n"
        "sources: [ctv]\n"
        "video:\n"
        "  file: videos/film.mp4\n"
        "  then: next\n"
        "  sound: yes\n"
        "  poster_at: 1.25\n"
        "  captions:\n"
        "    en: videos/film.en.vtt\n"
        "    fr: videos/film.fr.vtt\n");
    put(f, "panels/04b-again.yaml",
        "kind: video\nheading: {en: Again, fr: Encore}\nvideo: {file: videos/film.mp4}\n");
    struct fake_clip fc = a_clip();
    struct warnings w = {0};
    struct author_opts o = {
        .clip = fake_clip, .clip_ctx = &fc, .warn = collect_warning, .warn_ctx = &w};
    if (build(f, &o) != 0)
        fail_msg("build failed:\n%s", f->why);
    assert_int_equal(fc.calls, 2);
    assert_int_equal(fc.poster_ms, -1); /* the second panel's: the default frame */
    sqlite3 *db = open_store(f->out);
    /* one clip for two panels, its bytes as the file has them */
    assert_string_equal(q1(db, "SELECT count(*) || ' ' || name || ' ' || codec || ' ' || container"
                               " || ' ' || width || 'x' || height || ' ' || duration_ms || ' ' ||"
                               " audio || ' ' || length(data) FROM clip"),
                        "1 videos/film.mp4 h264 mp4 1280x720 3000 1 5000");
    assert_string_equal(
        q1(db, "SELECT hex(substr(data, 1, 4)) || hex(substr(data, 4998)) FROM clip"),
        "030A1118A6ADB4"); /* (i * 7 + 3) & 0xff at 0..3 and 4997..4999 */
    assert_string_equal(q1(db, "SELECT group_concat(at_end || ' ' || sound, ',') FROM"
                               " (SELECT * FROM video ORDER BY position)"),
                        "next 1,loop 0");
    /* each panel's poster: its own frame, a still asset */
    assert_string_equal(q1(db, "SELECT group_concat(a.name || ' ' || a.mime, ',') FROM panel p"
                               " JOIN asset a ON a.id = p.asset_id WHERE p.kind = 'video'"),
                        "videos/film.mp4 (poster at 1250 ms) image/png,"
                        "videos/film.mp4 (poster) image/png");
    /* captions as plain text: tags dropped, entities read, cues in order, each in its
     * language's typography */
    assert_string_equal(q1(db, "SELECT group_concat(locale || ' ' || start_ms || '-' || end_ms ||"
                               " ' ' || text, '|') FROM (SELECT * FROM caption ORDER BY locale,"
                               " item)"),
                        "en 500-1500 Hello & welcome|en 1500-3000 Two lines,\n"
                        "the \u201csecond\u201d|"
                        "fr 500-1500 \u00ab\u202fBonjour\u202f\u00bb\u202f!");
    sqlite3_close(db);
    /* the kiosk reads it back: the clip, and the captions of its language */
    struct store *s = NULL;
    char why[512];
    assert_int_equal(store_open_file(f->out, &s, why, sizeof why), 0);
    struct arena a;
    arena_init(&a, 4096);
    struct panel p;
    int film = -1;
    for (int i = 0; i < 8 && film < 0; i++)
        if (store_panel_load(s, i, "fr", &a, &p, why, sizeof why) == 0 && p.kind == PANEL_VIDEO)
            film = i;
    assert_true(film >= 0);
    assert_string_equal(p.video.name, "videos/film.mp4");
    assert_true(p.video.clip > 0);
    assert_string_equal(p.video.store, f->out);
    assert_int_equal(p.video.then_next, 1);
    assert_int_equal(p.video.sound, 1);
    assert_int_equal(p.video.duration_ms, 3000);
    assert_int_equal(p.video.n_captions, 1);
    assert_string_equal(p.video.captions[0].text, "\u00ab\u202fBonjour\u202f\u00bb\u202f!");
    assert_non_null(p.image.data); /* the poster */
    /* the other panel has no captions in any language */
    assert_int_equal(store_panel_load(s, film + 1, "en", &a, &p, why, sizeof why), 0);
    assert_int_equal(p.kind, PANEL_VIDEO);
    assert_int_equal(p.video.n_captions, 0);
    assert_int_equal(p.video.then_next, 0);
    struct store_clip *clips;
    int n;
    assert_int_equal(store_clips(s, &a, &clips, &n, why, sizeof why), 0);
    assert_int_equal(n, 1);
    assert_int_equal(clips[0].first_panel, film);
    assert_int_equal(clips[0].bytes, 5000);
    arena_free(&a);
    store_close(s);
    /* sound and no captions: said, at the panel's video: line */
    assert_int_equal(warnings_about(&w, "panels/04b-again.yaml:3: video.file"), 1);
    assert_non_null(strstr(w.text, "no captions in English, Français"));
    assert_int_equal(warnings_about(&w, "panels/04a-film.yaml"), 0);
}

static void bad_videos_are_refused_at_their_lines(void **state)
{
    struct fx *f = *state;
    put_video(f);
    struct fake_clip fc = a_clip();
    struct author_opts o = {.clip = fake_clip, .clip_ctx = &fc};
    static const struct {
        const char *yaml, *vtt, *prefix, *needle;
        long long bitrate;
        int w;
        const char *fail;
    } cases[] = {
        {"video: {file: videos/film.mp4}\n", NULL, "panels/04a-film.yaml:2",
         "cannot be played: not a video this kiosk can play", 0, 0,
         "not a video this kiosk can play"},
        {"video: {file: videos/film.mp4}\n", NULL, "panels/04a-film.yaml:2",
         "needs 50.0 Mbit/s; a clip may need at most 40 Mbit/s", 50000000, 0, NULL},
        {"video: {file: videos/film.mp4}\n", NULL, "panels/04a-film.yaml:2", "is 7680x720 pixels",
         0, 7680, NULL},
        {"video: {file: videos/none.mp4}\n", NULL, "panels/04a-film.yaml:2", "none.mp4", 0, 0,
         "does not exist"},
        {"video: {file: ../film.mp4}\n", NULL, "panels/04a-film.yaml:2",
         "path inside the exhibit folder", 0, 0, NULL},
        {"video: {file: videos/film.mp4, then: stop}\n", NULL, "panels/04a-film.yaml:2",
         "video.then must be loop", 0, 0, NULL},
        {"video: {file: videos/film.mp4, sound: loud}\n", NULL, "panels/04a-film.yaml:2",
         "video.sound must be yes or no", 0, 0, NULL},
        {"video: {file: videos/film.mp4, poster: a.jpg, poster_at: 1}\n", NULL,
         "panels/04a-film.yaml:2", "not both", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  poster_at: 99\n", NULL, "panels/04a-film.yaml:4",
         "video.poster_at is after the clip ends", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {de: videos/film.fr.vtt}\n", NULL,
         "panels/04a-film.yaml:4", "de", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:01.000 --> 00:00.500\nBackwards\n", "videos/film.en.vtt:3",
         "ends before it starts", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:00.000 --> 00:00.500\nTwo\n",
         "videos/film.en.vtt:6", "in time order", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n1:2 --> 00:02.000\nOne\n", "videos/film.en.vtt:3", "00:01.000 --> 00:04.000", 0,
         0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:05.000 --> 00:06.000\nLate\n", "videos/film.en.vtt:3", "after the clip ends",
         0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "Subtitles\n\n00:01.000 --> 00:02.000\nOne\n", "videos/film.en.vtt:1",
         "is not a WebVTT file", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:01.000 --> 00:02.000\nBad \xC3\n", "videos/film.en.vtt", "UTF-8", 0, 0,
         NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:00.500 --> 00:01.000\nOne\n00:5.000 --> 00:02.000\nTwo\n",
         "videos/film.en.vtt:5", "minutes and seconds take exactly two digits each", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:00.500 --> 00:01.000\nA&#1;b\n", "videos/film.en.vtt:4",
         "contains a control character (U+0001)", 0, 0, NULL},
        {"video:\n  file: videos/film.mp4\n  captions: {en: videos/film.en.vtt}\n",
         "WEBVTT\n\n00:00.500 --> 00:01.000\nOne&#10;two&#10;three\nfour\n", "videos/film.en.vtt:4",
         "the caption has 4 lines", 0, 0, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char yaml[512];
        snprintf(yaml, sizeof yaml, "kind: video\n%s", cases[i].yaml);
        put(f, "panels/04a-film.yaml", yaml);
        if (cases[i].vtt)
            put(f, "videos/film.en.vtt", cases[i].vtt);
        fc = a_clip();
        if (cases[i].bitrate)
            fc.is.bitrate = cases[i].bitrate;
        if (cases[i].w)
            fc.is.w = cases[i].w;
        fc.fail =
            cases[i].fail && strcmp(cases[i].fail, "does not exist") != 0 ? cases[i].fail : NULL;
        assert_int_equal(build(f, &o), -1);
        if (!has_error(f->why, cases[i].prefix, cases[i].needle))
            fail_msg("case %zu: expected \"%s...%s...\" in:\n%s", i, cases[i].prefix,
                     cases[i].needle, f->why);
        assert_int_equal(access(f->out, F_OK), -1);
    }
    /* without a decoder, a clip is refused rather than taken unchecked */
    put(f, "panels/04a-film.yaml", "kind: video\nvideo: {file: videos/film.mp4}\n");
    expect_error(f, "panels/04a-film.yaml:2", "no video decoder");
}

int main(void)
{

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(schema_literal_matches_schema_sql),
        T(good_exhibit_reads_back),
        T(video_panels_keep_their_clip_poster_and_captions),
        T(bad_videos_are_refused_at_their_lines),
        T(missing_translation_warns_and_falls_back),
        T(plain_text_in_two_languages_warns),
        T(title_panel_shows_the_exhibit_title),
        T(image_panels_store_their_asset),
        T(bad_images_are_refused),
        T(unknown_key_names_line_and_suggests),
        T(number_of_the_wrong_type),
        T(quoted_number_is_text),
        T(theme_logo_and_fonts_are_written),
        T(bad_theme_logo_or_font_is_refused),
        T(yml_panel_is_named),
        T(sizes_are_in_megabytes),
        T(theme_colour_must_be_hex),
        T(half_a_theme_is_refused),
        T(font_must_be_a_font),
        T(logo_must_be_an_image),
        T(translation_into_the_original_language_is_refused),
        T(quote_text_in_two_languages_is_refused),
        T(missing_required_key_names_the_mapping),
        T(unknown_source_id),
        T(unused_source),
        T(yaml_syntax_error),
        T(invalid_utf8),
        T(control_characters),
        T(text_too_long),
        T(unknown_and_missing_kind),
        T(key_of_another_kind),
        T(decimals_out_of_range),
        T(part_of_not_larger),
        T(duplicate_key),
        T(unknown_locale_in_text),
        T(default_locale_text_required),
        T(aliases_are_refused),
        T(figure_needs_a_source),
        T(default_locale_must_be_listed),
        T(show_windows_reach_the_store),
        T(no_panels),
        T(all_errors_are_collected),
        T(source_files_are_checked_when_asked),
        T(fit_sees_every_panel_in_every_locale),
        T(fit_failure_names_the_panel),
        T(failed_build_leaves_out_path_untouched),
        T(rebuild_replaces_the_store),
        T(built_at_is_the_callers_and_builds_repeat),
        T(thousands_of_panels_build),
        T(byte_order_mark_is_accepted),
        T(panel_file_name_must_be_utf8),
        T(decimals_come_from_the_value_as_written),
        T(decimals_that_change_the_number_are_refused),
        T(figures_are_shown_exactly_as_written),
        T(figures_beyond_18_digits_are_refused),
        T(units_are_shown_after_the_number),
        T(units_are_refused_when_they_would_mislead),
        T(timeline_and_compare_read_back),
        T(timeline_errors_name_their_line),
        T(compare_errors_name_their_line),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
