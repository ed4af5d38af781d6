/* cmd_stats.c - `vitrine stats export|summary`. (Synthetic rows for tests
 * come from tests/tools/stats_demo.c, not from the shipped binary.) */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "clock.h"
#include "stats.h"

static int parse_date(const char *s, int64_t *utc)
{
    int y, m, d, n = 0;
    if (sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 || s[n] || strlen(s) != 10 || m < 1 ||
        m > 12 || d < 1 || d > 31 || y < 1970)
        return -1;
    *utc = clock_days_from_civil(y, m, d) * 86400;
    return 0;
}

/* UTC seconds now (0 when the clock cannot be read, as clock_wall says). */
static int64_t now_utc(void)
{
    struct walltime w;
    clock_wall(&w);
    return w.utc_s;
}

int cmd_stats(const struct options *o, const char *sub)
{
    char why[512];
    int64_t since = 0;
    if (o->since && (strcmp(sub, "export") != 0 || parse_date(o->since, &since) != 0)) {
        fprintf(stderr, "vitrine stats: --since wants a date YYYY-MM-DD with export, not \"%s\"\n",
                o->since);
        return 2;
    }
    if (strcmp(sub, "export") == 0 && !o->out) {
        fprintf(stderr, "vitrine stats export: -o FILE.csv is needed (- for standard output)\n");
        return 2;
    }
    struct stats *s = stats_open_read(o->state_dir, why, sizeof(why));
    if (!s) {
        fprintf(stderr, "vitrine stats: %s\n", why);
        return 1;
    }
    int rc;
    if (strcmp(sub, "summary") == 0) {
        rc = stats_summary(s, now_utc(), stdout, why, sizeof(why));
    } else {
        int to_stdout = strcmp(o->out, "-") == 0;
        FILE *f = to_stdout ? stdout : fopen(o->out, "wb");
        long rows = 0;
        if (!f) {
            snprintf(why, sizeof(why), "%s cannot be written: %s", o->out, strerror(errno));
            rc = -1;
        } else {
            rc = stats_export_csv(s, since, f, &rows, why, sizeof(why));
            if ((fflush(f) != 0 || ferror(f)) && rc == 0) {
                snprintf(why, sizeof(why), "%s could not be written whole: %s", o->out,
                         strerror(errno));
                rc = -1;
            }
            if (!to_stdout && fclose(f) != 0 && rc == 0) {
                snprintf(why, sizeof(why), "%s could not be written whole: %s", o->out,
                         strerror(errno));
                rc = -1;
            }
            if (rc == 0 && !to_stdout)
                fprintf(stderr, "%ld rows written to %s\n", rows, o->out);
        }
    }
    stats_close(s);
    if (rc != 0) {
        fprintf(stderr, "vitrine stats: %s\n", why);
        return 1;
    }
    return 0;
}
