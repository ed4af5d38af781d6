/* An exhibit's fonts lent, not copied (issue 35 item 9): the store gives
 * each face's bytes from SQLite's own buffer, one per distinct font (faces
 * given the same file share one pointer), checked as store_fonts checks
 * them; the text takes lent bytes without a copy of its own
 * (text_font_bytes_owned 0, where text_set_fonts holds one copy however
 * many faces share it) and draws with them; a second lend lets the first
 * go, and the text let go of them (a look with no fonts) before the store
 * closes draws on with its own fonts (ASan: nothing read after). */
#define _POSIX_C_SOURCE 200809L

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
#include <SDL.h>

#include "content/store.h"
#include "content/store_schema.h"
#include "platform/text.h"
#include "fake_presenter.h"

/* test_store.c's small exhibit (version 4 has fonts) */
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

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    unsigned char *b = malloc((size_t)n);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

static unsigned char *shipped(const char *file, size_t *len)
{
    const char *assets = getenv("VITRINE_ASSETS_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/fonts/%s", assets ? assets : "assets", file);
    return read_file(path, len);
}

static void exec_sql(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("SQL failed: %s", err ? err : "?");
}

static void add_font(sqlite3 *db, const char *face, const char *name, const void *b, size_t n)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO font VALUES (?1, ?2, ?3)", -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, face, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_blob(st, 3, b, (int)n, SQLITE_STATIC);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
}

static char path[64];

/* The exhibit with sans and bold from one file (a), serif from another
 * (b); bold_name: bold's file name. */
static struct store *store_with(const void *a, size_t na, const void *b, size_t nb,
                                const char *bold_name)
{
    snprintf(path, sizeof path, "/tmp/vitrine-font-lent-%ld.vitrine", (long)getpid());
    remove(path);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, store_schema_v4_sql);
    exec_sql(db, exhibit_sql);
    add_font(db, "sans", "fonts/Body.ttf", a, na);
    add_font(db, "bold", bold_name, a, na);
    add_font(db, "serif", "fonts/Quote.ttf", b, nb);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    struct store *s = NULL;
    char why[512] = "";
    if (store_open_file(path, &s, why, sizeof why) != 0)
        fail_msg("%s", why);
    return s;
}

/* Draws text in face. */
static void draws_text(struct text *t, enum font_face face, const char *text)
{
    SDL_Surface *s = text_render(t, face, 24, 0x000000, text, strlen(text));
    assert_non_null(s);
    assert_true(s->w > 0 && s->h > 0);
    SDL_FreeSurface(s);
}

static void draws(struct text *t, enum font_face face)
{
    draws_text(t, face, "Lent");
}

static void lend(struct text *t, const struct store_font f[STORE_FONT_FACES], int owned)
{
    const void *d[FACE_COUNT];
    size_t n[FACE_COUNT];
    const char *name[FACE_COUNT];
    for (int i = 0; i < FACE_COUNT; i++) {
        d[i] = f ? f[i].data : NULL;
        n[i] = f ? f[i].size : 0;
        name[i] = f ? f[i].name : NULL;
    }
    char why[512] = "";
    int rc = owned ? text_set_fonts(t, d, n, name, why, sizeof why)
                   : text_lend_fonts(t, d, n, name, why, sizeof why);
    if (rc != 0)
        fail_msg("%s", why);
}

static void fonts_are_lent_once_and_let_go(void **state)
{
    (void)state;
    size_t na, nb;
    unsigned char *a = shipped("DejaVuSans.ttf", &na);
    unsigned char *b = shipped("DejaVuSans.ttf", &nb); /* the same bytes, another file */
    struct store *s = store_with(a, na, b, nb, "fonts/Body.ttf");
    struct store_font f[STORE_FONT_FACES];
    char why[512] = "";
    assert_int_equal(store_lend_fonts(s, f, why, sizeof why), 0);
    /* sans and bold: one file, one pointer; serif, another file (of the
     * same bytes: only the name and size are compared), its own; the
     * bytes are the files' */
    assert_ptr_equal(f[FACE_SANS].data, f[FACE_SANS_BOLD].data);
    assert_ptr_not_equal(f[FACE_SANS].data, f[FACE_SERIF].data);
    assert_int_equal(f[FACE_SANS].size, na);
    assert_int_equal(f[FACE_SERIF].size, nb);
    assert_memory_equal(f[FACE_SANS].data, a, na);
    assert_memory_equal(f[FACE_SERIF].data, b, nb);
    assert_string_equal(f[FACE_SANS_BOLD].name, "fonts/Body.ttf");
    assert_string_equal(f[FACE_SERIF].name, "fonts/Quote.ttf");

    char werr[512] = "";
    struct text *t = text_open(NULL, werr, sizeof werr);
    if (!t)
        fail_msg("text_open: %s", werr);
    /* copied: one copy of each distinct font (serif's bytes are sans's
     * but its file is another: compared, and shared) */
    lend(t, f, 1);
    assert_int_equal(text_font_bytes_owned(t), na);
    /* lent: none, and the exhibit's fonts draw */
    lend(t, f, 0);
    assert_int_equal(text_font_bytes_owned(t), 0);
    assert_string_equal(text_face_path(t, FACE_SANS), "fonts/Body.ttf");
    assert_string_equal(text_face_path(t, FACE_SERIF), "fonts/Quote.ttf");
    draws(t, FACE_SANS);
    draws(t, FACE_SANS_BOLD);
    draws(t, FACE_SERIF);

    /* lent again (as at the kiosk's next look): the text first lets the
     * old ones go, the store then lends the same bytes anew */
    lend(t, NULL, 0);
    assert_int_equal(store_lend_fonts(s, f, why, sizeof why), 0);
    lend(t, f, 0);
    draws(t, FACE_SERIF);
    /* the store closed once the text has let go (kiosk_free, a store
     * switch): the text draws on in its own fonts */
    lend(t, NULL, 0);
    store_close(s);
    draws(t, FACE_SANS);
    draws(t, FACE_SERIF);

    text_close(t);
    remove(path);
    free(a);
    free(b);
}

/* A font the store refuses (not a blob) is refused lent too, with no
 * font lent at all. */
static void fonts_store_fonts_refuses_are_refused(void **state)
{
    (void)state;
    size_t na, nb;
    unsigned char *a = shipped("DejaVuSans.ttf", &na);
    unsigned char *b = shipped("DejaVuSans.ttf", &nb); /* the same bytes, another file */
    struct store *s = store_with(a, na, b, nb, "fonts/Body.ttf");
    store_close(s);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec_sql(db, "UPDATE font SET data = 'not a blob' WHERE face = 'serif'");
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    char why[512] = "";
    s = NULL;
    if (store_open_file(path, &s, why, sizeof why) != 0)
        fail_msg("%s", why);
    struct store_font f[STORE_FONT_FACES];
    struct arena ar;
    arena_init(&ar, 0);
    assert_int_equal(store_fonts(s, &ar, f, why, sizeof why), -1);
    char copied_why[512];
    snprintf(copied_why, sizeof copied_why, "%s", why);
    why[0] = '\0';
    assert_int_equal(store_lend_fonts(s, f, why, sizeof why), -1);
    assert_string_equal(why, copied_why);
    for (int i = 0; i < STORE_FONT_FACES; i++)
        assert_null(f[i].data);
    arena_free(&ar);
    store_close(s);
    remove(path);
    free(a);
    free(b);
}

/* A presenter's look as the display's: the fonts lent to a real text,
 * which draws with them at once (ASan: they are live). */
static struct text *look_text;
static int looks, looks_with_fonts;

static void t_look(void *ctx, const struct palette *pal,
                   const struct store_font fonts[STORE_FONT_FACES])
{
    (void)ctx;
    (void)pal;
    looks++;
    looks_with_fonts += fonts && fonts[FACE_SANS].data;
    lend(look_text, fonts, 0);
    for (int face = 0; face < FACE_COUNT; face++)
        draws(look_text, (enum font_face)face);
}

/* The kiosk's side: it lends its store's fonts to the presenter, and at a
 * store switch and at kiosk_free tells it to let them go before the store
 * is closed: the text, drawing after each, reads nothing freed (ASan). */
static void kiosk_lets_go_before_the_store_closes(void **state)
{
    (void)state;
    size_t na, nb;
    unsigned char *a = shipped("DejaVuSans.ttf", &na);
    unsigned char *b = shipped("DejaVuSans.ttf", &nb);
    char why[512] = "";
    look_text = text_open(NULL, why, sizeof why);
    if (!look_text)
        fail_msg("text_open: %s", why);
    static struct fake f;
    struct presenter p = presenter_of(&f);
    p.look = t_look;
    struct kiosk *k = kiosk_new(&p, store_with(a, na, b, nb, "fonts/Body.ttf"),
                                &(struct kiosk_opts){0}, 1000, why, sizeof why);
    if (!k)
        fail_msg("%s", why);
    assert_int_equal(looks_with_fonts, 1);
    assert_int_equal(text_font_bytes_owned(look_text), 0);
    assert_string_equal(text_face_path(look_text, FACE_SANS), "fonts/Body.ttf");
    /* another store with fonts: adopted at a panel boundary */
    kiosk_switch_store(k, store_with(a, na, b, nb, "fonts/Heading.ttf"));
    uint64_t t = 1000;
    for (int guard = 0; guard < 200 && looks_with_fonts < 2; guard++) {
        t = kiosk_deadline(k, t);
        kiosk_update(k, t);
    }
    assert_int_equal(looks_with_fonts, 2);
    assert_string_equal(text_face_path(look_text, FACE_SANS_BOLD), "fonts/Heading.ttf");
    draws(look_text, FACE_SANS_BOLD); /* the new store's bytes, the old one closed */
    int before = looks;
    kiosk_free(k);
    /* characters not drawn before (none cached): a font still holding the
     * closed store's bytes would read them here (ASan) */
    for (int face = 0; face < FACE_COUNT; face++)
        draws_text(look_text, (enum font_face)face, "Quartz 9 @ xyz {W}");
    assert_int_equal(looks, before + 1); /* let go, before its store closed */
    assert_string_not_equal(text_face_path(look_text, FACE_SANS), "fonts/Body.ttf");
    text_close(look_text);
    remove(path);
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fonts_are_lent_once_and_let_go),
        cmocka_unit_test(kiosk_lets_go_before_the_store_closes),
        cmocka_unit_test(fonts_store_fonts_refuses_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
