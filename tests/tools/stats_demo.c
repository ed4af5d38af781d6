/* stats_demo STATE_DIR: writes 50 synthetic rows to STATE_DIR's statistics
 * (one exhibit name holds a comma, quotes and a newline), for
 * tests/test_stats_csv.sh. A test tool: the shipped binary never writes
 * made-up rows into a real statistics file. */
#include <stdio.h>
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

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: stats_demo STATE_DIR\n");
        return 2;
    }
    struct stats_opts bounds = {0};
    return demo(argv[1], &bounds);
}
