/* test_stats.c - visitor statistics: written in one batch, bounded, and
 * every failure (damaged, locked, read-only) a value with a sentence. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/ops/stats.h"

#define NOW 1790000000LL /* 2026-09-21 */

static char dir[64];
static struct stats_buf buf; /* large */

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof(dir), "/tmp/vitrine-stats-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    stats_buf_clear(&buf);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    chmod(dir, 0755);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void fill(struct stats_buf *b, int64_t t)
{
    stats_panel_shown(b, t, "Tides, \"and\" moons", 1, "en", STATS_LOOP, 12.5);
    stats_panel_shown(b, t + 13, "Tides, \"and\" moons", 2, "en", STATS_INTERACTIVE, 30);
    stats_session_end(b, t + 13, 45, 3);
    stats_language(b, t + 14, "fr");
    stats_touch(b);
    stats_touch(b);
}

static void test_write_and_read_back(void **state)
{
    (void)state;
    char why[512];
    enum stats_err err;
    struct stats *s = stats_open(dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    fill(&buf, NOW);
    assert_int_equal(stats_write(s, &buf, NOW + 60, why, sizeof(why)), STATS_OK);
    assert_int_equal(stats_count(s, "panel_view"), 2);
    assert_int_equal(stats_count(s, "session"), 1);
    assert_int_equal(stats_count(s, "language"), 1);
    assert_int_equal(stats_count(s, "touch"), 1);
    stats_close(s);

    /* opened again: ours, WAL */
    s = stats_open(dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    assert_int_equal(stats_count(s, "panel_view"), 2);
    stats_close(s);
    char path[128];
    snprintf(path, sizeof(path), "%s/stats.sqlite", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(st, 0), "wal");
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int64(st, 0), STATS_APPLICATION_ID);
    sqlite3_finalize(st);
    sqlite3_close(db);

    /* CSV: a header, then one row each, quotes doubled */
    s = stats_open_read(dir, why, sizeof(why));
    assert_non_null(s);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    long rows;
    assert_int_equal(stats_export_csv(s, 0, f, &rows, why, sizeof(why)), 0);
    fclose(f);
    assert_int_equal(rows, 5);
    assert_non_null(
        strstr(text, "kind,time_utc,exhibit,panel,locale,mode,seconds,panels,touches\r\n"));
    assert_non_null(strstr(text, "\"Tides, \"\"and\"\" moons\""));
    free(text);
    stats_close(s);
}

static void test_bounds(void **state)
{
    (void)state;
    char why[512];
    enum stats_err err;
    struct stats_opts o = {.retention_days = 30, .max_rows = 100};
    struct stats *s = stats_open(dir, &o, &err, why, sizeof(why));
    assert_non_null(s);
    /* a view 40 days old goes at the next write */
    stats_panel_shown(&buf, NOW - 40 * 86400, "x", 1, "en", STATS_LOOP, 1);
    assert_int_equal(stats_write(s, &buf, NOW - 40 * 86400, why, sizeof(why)), STATS_OK);
    assert_int_equal(stats_count(s, "panel_view"), 1);
    /* then 3 batches of 60: the cap keeps the newest 100 */
    for (int k = 0; k < 3; k++) {
        stats_buf_clear(&buf);
        for (int i = 0; i < 60; i++)
            stats_panel_shown(&buf, NOW + k * 60 + i, "x", 100 + k * 60 + i, "en", STATS_LOOP, 1);
        assert_int_equal(stats_write(s, &buf, NOW + k * 60 + 60, why, sizeof(why)), STATS_OK);
    }
    assert_int_equal(stats_count(s, "panel_view"), 100);
    stats_close(s);
    sqlite3 *db;
    char path[128];
    snprintf(path, sizeof(path), "%s/stats.sqlite", dir);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(
        sqlite3_prepare_v2(db, "SELECT min(panel), min(t_utc) FROM panel_view", -1, &st, NULL),
        SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 100 + 180 - 100); /* the oldest went */
    assert_true(sqlite3_column_int64(st, 1) >= NOW);
    sqlite3_finalize(st);
    sqlite3_close(db);
    /* the buffer itself is bounded: more events than it holds are counted */
    stats_buf_clear(&buf);
    for (int i = 0; i < STATS_BUF_VIEWS + 5; i++)
        stats_panel_shown(&buf, NOW, "x", 1, "en", STATS_LOOP, 1);
    assert_int_equal(buf.n_views, STATS_BUF_VIEWS);
    assert_int_equal(buf.dropped, 5);
}

/* The soak's fault: SQLite's default page cache (2 MB) filled as the file
 * grew, 0.1 MB more heap a day on a kiosk that runs for months. The heap
 * the statistics hold stays bounded however large the file grows. */
static void test_heap_bounded(void **state)
{
    (void)state;
    char why[512];
    enum stats_err err;
    struct stats *s = stats_open(dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    sqlite3_int64 at_open = sqlite3_memory_used();
    for (int k = 0; k < 400; k++) { /* 102,400 views: a file of about 5 MB */
        stats_buf_clear(&buf);
        for (int i = 0; i < STATS_BUF_VIEWS; i++)
            stats_panel_shown(&buf, NOW + k * 300 + i, "a fairly long exhibit name, as slugs go",
                              1 + i % 40, "en", STATS_LOOP, 8);
        assert_int_equal(stats_write(s, &buf, NOW + k * 300 + 300, why, sizeof(why)), STATS_OK);
    }
    struct stat sb;
    char path[128];
    snprintf(path, sizeof(path), "%s/stats.sqlite", dir);
    assert_int_equal(stat(path, &sb), 0);
    sqlite3_int64 grew = sqlite3_memory_used() - at_open;
    print_message("file %lld KB, heap grew %lld KB\n", (long long)sb.st_size / 1024,
                  (long long)grew / 1024);
    assert_true(sb.st_size > 2 * 1024 * 1024); /* larger than SQLite's default cache */
    assert_true(grew < 512 * 1024);
    stats_close(s);
}

static void test_corrupt(void **state)
{
    (void)state;
    char path[128], why[512] = "";
    snprintf(path, sizeof(path), "%s/stats.sqlite", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (int i = 0; i < 4096; i++)
        fputc((i * 7919) & 0xff, f);
    fclose(f);
    enum stats_err err;
    assert_null(stats_open(dir, NULL, &err, why, sizeof(why)));
    assert_int_equal(err, STATS_CORRUPT);
    assert_non_null(strstr(why, "stats.sqlite"));
    assert_null(stats_open_read(dir, why, sizeof(why)));

    /* a SQLite file of another program */
    unlink(path);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_null(stats_open(dir, NULL, &err, why, sizeof(why)));
    assert_int_equal(err, STATS_CORRUPT);
    assert_non_null(strstr(why, "not vitrine's statistics file"));
}

static void test_read_only(void **state)
{
    (void)state;
    char why[512] = "";
    enum stats_err err;
    /* /proc refuses new files whoever we are */
    assert_null(stats_open("/proc/self", NULL, &err, why, sizeof(why)));
    assert_int_equal(err, STATS_READONLY);
    assert_non_null(strstr(why, "/proc/self"));
    if (geteuid() == 0)
        return; /* root writes through 0555 */
    char sub[128];
    snprintf(sub, sizeof(sub), "%s/ro", dir);
    assert_int_equal(mkdir(sub, 0555), 0);
    assert_null(stats_open(sub, NULL, &err, why, sizeof(why)));
    assert_int_equal(err, STATS_READONLY);
    assert_non_null(strstr(why, "cannot be written"));
}

static void test_locked(void **state)
{
    (void)state;
    char why[512] = "", path[128];
    enum stats_err err;
    struct stats *s = stats_open(dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    snprintf(path, sizeof(path), "%s/stats.sqlite", dir);
    sqlite3 *other;
    assert_int_equal(sqlite3_open(path, &other), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(other, "BEGIN IMMEDIATE; INSERT INTO touch VALUES (1, 1)", NULL, NULL, NULL),
        SQLITE_OK);
    fill(&buf, NOW);
    /* refused while the other writer holds the lock (whether it waited
     * first is not timed here: a bound on a loaded machine flakes) */
    assert_int_equal(stats_write(s, &buf, NOW, why, sizeof(why)), STATS_BUSY);
    assert_non_null(strstr(why, "locked"));
    sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(other);
    /* once free, the same buffer writes */
    assert_int_equal(stats_write(s, &buf, NOW, why, sizeof(why)), STATS_OK);
    assert_int_equal(stats_count(s, "panel_view"), 2);
    stats_close(s);
}

static void test_summary(void **state)
{
    (void)state;
    char why[512];
    enum stats_err err;
    struct stats *s = stats_open(dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    fill(&buf, NOW);
    stats_session_end(&buf, NOW + 100, 15, 1);
    stats_session_end(&buf, NOW + 200, 100, 5);
    stats_session_end(&buf, NOW + 300, 25, 2);
    assert_int_equal(stats_write(s, &buf, NOW + 400, why, sizeof(why)), STATS_OK);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(stats_summary(s, NOW + 400, f, why, sizeof(why)), 0);
    fclose(f);
    assert_non_null(strstr(text, "Tides, \"and\" moons, panel 1: 1 views"));
    assert_non_null(strstr(text, "2026-09-21  4\n"));
    assert_non_null(strstr(text, "Median session length: 35 s (4 sessions)")); /* (25+45)/2 */
    free(text);
    stats_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_write_and_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bounds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_heap_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt, setup, teardown),
        cmocka_unit_test_setup_teardown(test_read_only, setup, teardown),
        cmocka_unit_test_setup_teardown(test_locked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_summary, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
