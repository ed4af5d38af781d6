/* The import's content check (step 7 of app/ops/import.h: every panel laid
 * out at the kiosk's size with its fonts, every photo decoded within its
 * budget; platform/content_check.h, with SDL) through the whole import:
 * text that is not UTF-8 or cannot fit, a glyph no installed font has, a photo too large
 * or a decompression bomb are refused with the old exhibit still current
 * and the state folder byte for byte as before; right-to-left text loads.
 * The rest of the pipeline, which needs no SDL, is test_import's; the
 * fixtures are import_testing.h's. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/ops/import.h"
#include "platform/content_check.h"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "photo_testing.h"
#pragma GCC diagnostic pop
#include "import_testing.h"

static struct import_fixture fx;
static struct test_key trusted;
static struct content_check *checker;

/* The kiosk's check: a 1920x1080 screen. */
static int check_cb(void *ctx, struct store *s, const struct import_result *r, char *w, size_t n)
{
    (void)r;
    return content_check_store(checker, s, 1920, 1080, NULL, w, n);
}

/* stick/NAME: version 2.0 with an image panel of img (said to be w x h),
 * signed. */
static void make_image_bundle(const char *name, const struct bytes *img, int w, int h)
{
    import_fixture_bundle(&fx, name, "2.0", NULL, NULL);
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx.stick, name);
    sqlite3 *db;
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "INSERT INTO asset(id, name, mime, width, height, data) "
                                        "VALUES (77, 'huge.png', 'image/png', ?, ?, ?)",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_int(st, 1, w);
    sqlite3_bind_int(st, 2, h);
    sqlite3_bind_blob(st, 3, img->d, (int)img->n, SQLITE_STATIC);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    assert_int_equal(
        sqlite3_exec(db,
                     "UPDATE panel SET kind = 'image', asset_id = 77 WHERE position = 1;"
                     "UPDATE panel_text SET alt = 'a photo' WHERE position = 1",
                     NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    assert_int_equal(test_sign_file(&trusted, path, "timestamp:0\tfile:test", 0), 0);
}

static void invalid_utf8(void **s)
{
    import_fixture_bundle(
        &fx, "x.vitrine", "2.0",
        "UPDATE panel_text SET body = CAST(X'4869C328FF' AS TEXT) WHERE position = 1", &trusted);
    import_fixture_refused(&fx, "x.vitrine", NULL, "UTF-8");
}

static void text_that_cannot_fit(void **s)
{
    import_fixture_bundle(
        &fx, "x.vitrine", "2.0",
        "UPDATE panel_text SET body = (SELECT group_concat('marathon runner', ' ') "
        "FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 3000) SELECT i FROM n)) WHERE position = 1",
        &trusted);
    import_fixture_refused(&fx, "x.vitrine", NULL, "cannot be shown on this kiosk");
}

static void glyph_no_font_has(void **s)
{
    /* U+F0000, a private-use character no installed font draws */
    import_fixture_bundle(
        &fx, "x.vitrine", "2.0",
        "UPDATE panel_text SET heading = 'Start ' || char(983040) WHERE position = 1", &trusted);
    import_fixture_refused(&fx, "x.vitrine", NULL, "no installed font");
    /* and `bundle verify`, on the office computer, says the same: a good
     * signature on an exhibit that cannot be shown is not verified */
    char cmd[2048];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    snprintf(cmd, sizeof(cmd),
             "%s/vitrine bundle verify '%s/x.vitrine' --keys '%s' 2>&1 | "
             "grep -q 'NOT verified.*U+F0000 is in no installed font'",
             bin ? bin : "build", fx.stick, fx.keys);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof(cmd),
             "%s/vitrine bundle verify '%s/x.vitrine' --keys '%s' >/dev/null 2>&1",
             bin ? bin : "build", fx.stick, fx.keys);
    assert_int_not_equal(system(cmd), 0);
}

/* Right-to-left text loads (it is reordered when drawn, app/visitor/bidi.h):
 * a heading with "marathon" in Arabic after a Latin word, which this check
 * used to refuse. */
static void right_to_left_text(void **s)
{
    import_fixture_bundle(
        &fx, "x.vitrine", "2.0",
        "UPDATE panel_text SET heading = 'Marathon ' || char(1605, 1575, 1585, 1575, "
        "1579, 1608, 1606) WHERE position = 1",
        &trusted);
    struct import_result r;
    if (import_fixture_import(&fx, "x.vitrine", NULL, &r) != IMPORT_LOADED)
        fail_msg("Arabic in a heading: %s", r.why);
    assert_string_equal(import_fixture_current(&fx), "2.0");
}

static void huge_image(void **s)
{
    struct bytes img = png_of_zeros(30000, 30000, 6, 1);
    make_image_bundle("x.vitrine", &img, 8192, 8192);
    free(img.d);
    import_fixture_refused(&fx, "x.vitrine", NULL, "30000x30000");
}

static void decompression_bomb(void **s)
{
    struct bytes img = png_of_zeros(30000, 30000, 6, 30000); /* 3.6 GB in 3.5 MB */
    make_image_bundle("x.vitrine", &img, 8192, 8192);
    free(img.d);
    import_fixture_refused(&fx, "x.vitrine", NULL, "30000x30000");
    struct bytes liar = png_of_zeros(4000, 3000, 6, 10); /* says 4000x3000, holds 10 rows */
    make_image_bundle("x.vitrine", &liar, 4000, 3000);
    free(liar.d);
    import_fixture_refused(&fx, "x.vitrine", NULL, "damaged PNG");
}

static int setup(void **s)
{
    (void)s;
    if (import_fixture_make(&fx, "import-content", &trusted, "staff.pub") != 0)
        return -1;
    char why[512];
    checker = content_check_new(why, sizeof(why));
    if (!checker) {
        fprintf(stderr, "content_check_new: %s\n", why);
        return -1;
    }
    fx.check = check_cb;
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    content_check_free(checker);
    return import_fixture_remove(&fx);
}

/* Before each test: the state holds exactly version 1.0, imported (and
 * checked). */
static int fresh_state(void **s)
{
    (void)s;
    return import_fixture_fresh(&fx, &trusted);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, fresh_state)
    const struct CMUnitTest tests[] = {
        T(invalid_utf8),       T(text_that_cannot_fit), T(glyph_no_font_has),
        T(right_to_left_text), T(huge_image),           T(decompression_bomb),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
