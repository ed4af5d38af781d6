/* stats_demo STATE_DIR: writes 50 synthetic rows to STATE_DIR's statistics
 * (one exhibit name holds a comma, quotes and a newline), for
 * tests/test_stats_csv.sh. stats_demo STATE_DIR --bulk N: N rows in each of
 * the four tables (a year of a busy kiosk at 1,000,000), for
 * tests/test_loop_never_waits.sh. A test tool: the shipped binary never writes
 * made-up rows into a real statistics file. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "stats.h"

static int demo(const char *state_dir, const struct stats_opts *bounds)
{
    char why[512];
    enum stats_err err;
    mkdir(state_dir, 0755); /* a test's fresh folder */
    struct stats *s = stats_open(state_dir, bounds, &err, why, sizeof(why));
    if (!s) {
        fprintf(stderr, "stats_demo: %s\n", why);
        return 1;
    }
    static struct stats_buf b;
    stats_buf_clear(&b);
    int64_t now = (int64_t)time(NULL);
    for (int i = 0; i < 40; i++)
        stats_panel_shown(&b, now - 3600 + i * 30, i % 2 ? "Demo, \"quoted\"\nexhibit" : "builtin",
                          1 + i % 8, i % 3 ? "en" : "fr", i % 4 ? STATS_LOOP : STATS_INTERACTIVE,
                          5.0 + i);
    for (int i = 0; i < 6; i++)
        stats_session_end(&b, now - 3000 + i * 300, 20.0 + 10 * i, 1 + i);
    stats_language(&b, now - 2000, "fr");
    stats_language(&b, now - 1000, "en");
    stats_language(&b, now - 500, "de");
    for (int i = 0; i < 17; i++)
        stats_touch(&b);
    int rc = stats_write(s, &b, now, why, sizeof(why));
    stats_close(s);
    if (rc != STATS_OK) {
        fprintf(stderr, "stats_demo: %s\n", why);
        return 1;
    }
    printf("wrote 50 synthetic rows to %s/%s\n", state_dir, STATS_FILE);
    return 0;
}

/* N rows in each table, in one transaction, spread over the last 300 days. */
static int bulk(const char *state_dir, long n)
{
    char why[512], path[4096];
    enum stats_err err;
    mkdir(state_dir, 0755);
    struct stats *s = stats_open(state_dir, NULL, &err, why, sizeof(why)); /* the schema */
    if (!s) {
        fprintf(stderr, "stats_demo: %s\n", why);
        return 1;
    }
    stats_close(s);
    snprintf(path, sizeof(path), "%s/%s", state_dir, STATS_FILE);
    sqlite3 *db;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        return 1;
    char sql[2048];
    long long now = (long long)time(NULL);
    snprintf(sql, sizeof(sql),
             "PRAGMA journal_mode=WAL; BEGIN;"
             "CREATE TEMP TABLE k(i INTEGER PRIMARY KEY);"
             "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < %ld)"
             " INSERT INTO k SELECT i FROM c;"
             "INSERT INTO panel_view SELECT %lld - i * 25, 'demo', 1 + i %% 40, 'en', 'loop', 8"
             " FROM k;"
             "INSERT INTO session SELECT %lld - i * 25, 40, 3 FROM k;"
             "INSERT INTO touch SELECT %lld - i * 25, 2 FROM k;"
             "INSERT INTO language SELECT %lld - i * 25, 'fr' FROM k;"
             "COMMIT;",
             n, now, now, now, now);
    char *msg = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    if (rc != SQLITE_OK)
        fprintf(stderr, "stats_demo: %s\n", msg ? msg : "failed");
    sqlite3_free(msg);
    sqlite3_close(db);
    if (rc == SQLITE_OK)
        printf("wrote %ld rows to each table of %s\n", n, path);
    return rc == SQLITE_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[2], "--bulk") == 0)
        return bulk(argv[1], atol(argv[3]));
    if (argc != 2) {
        fprintf(stderr, "usage: stats_demo STATE_DIR [--bulk ROWS]\n");
        return 2;
    }
    struct stats_opts bounds = {0};
    return demo(argv[1], &bounds);
}
