/* test_stats_export.c - the staff screen's export of the visitor statistics
 * (app/ops/stats_export.h): the file's name, its bytes (those of `vitrine stats
 * export`, which stats_export_csv writes), a CSV that python3's csv module
 * reads, and every failure (no folder, a read-only or full stick, no or a
 * damaged database) a sentence with no file left behind; and how the kiosk
 * finds a stick to write to (platform/stickwatch.h). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

#include "skip_testing.h"

#include "app/ops/stats.h"
#include "app/ops/stats_export.h"
#include "platform/fsio_posix.h"
#include "platform/stickwatch.h"

#define NOW 1790000000LL /* 2026-09-21 */
#define NAME "vitrine-stats-hall-2-20260921-1430.csv"

static char root[64], state_dir[128], stick[128];
static struct stats_buf buf; /* large */

static void mk(const char *path)
{
    assert_int_equal(mkdir(path, 0755), 0);
}

static int setup(void **state)
{
    (void)state;
    snprintf(root, sizeof(root), "/tmp/vitrine-export-XXXXXX");
    if (!mkdtemp(root))
        return -1;
    snprintf(state_dir, sizeof(state_dir), "%s/state", root);
    snprintf(stick, sizeof(stick), "%s/stick", root);
    if (mkdir(state_dir, 0755) != 0 || mkdir(stick, 0755) != 0)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

/* n panel views and a few of everything else, quotes and commas included. */
static void fill_stats(int n)
{
    char why[512];
    enum stats_err err;
    struct stats *s = stats_open(state_dir, NULL, &err, why, sizeof(why));
    assert_non_null(s);
    stats_buf_clear(&buf);
    for (int i = 0; i < n && i < STATS_BUF_VIEWS; i++)
        stats_panel_shown(&buf, NOW - 3600 + i, i % 2 ? "Tides, \"and\" moons" : "builtin",
                          1 + i % 7, i % 3 ? "en" : "fr", i % 4 ? STATS_LOOP : STATS_INTERACTIVE,
                          3.0 + i);
    stats_session_end(&buf, NOW - 600, 45, 3);
    stats_language(&buf, NOW - 500, "fr");
    stats_touch(&buf);
    assert_int_equal(stats_write(s, &buf, NOW, why, sizeof(why)), STATS_OK);
    stats_close(s);
}

/* How many entries dir holds; the first one's name in first. */
static int entries(const char *dir, char *first, size_t n)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int k = 0;
    struct dirent *e;
    first[0] = '\0';
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            if (k++ == 0)
                snprintf(first, n, "%s", e->d_name);
    closedir(d);
    return k;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *b = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 > cap) {
            cap = cap * 2 + 8192;
            b = realloc(b, cap);
            assert_non_null(b);
        }
        size_t r = fread(b + *len, 1, cap - *len, f);
        *len += r;
        if (r == 0)
            break;
    }
    fclose(f);
    return b;
}

static void the_name_says_which_kiosk_and_when(void **state)
{
    (void)state;
    struct walltime w = {
        .utc_s = NOW, .year = 2026, .month = 9, .day = 21, .hour = 14, .minute = 30};
    char name[STATS_EXPORT_NAME_MAX];
    stats_export_name("hall-2", &w, name, sizeof(name));
    assert_string_equal(name, NAME);
    stats_export_name(NULL, &w, name, sizeof(name));
    assert_string_equal(name, "vitrine-stats-kiosk-20260921-1430.csv");
    stats_export_name("", &w, name, sizeof(name));
    assert_string_equal(name, "vitrine-stats-kiosk-20260921-1430.csv");
    /* nothing that a file system or a shell would take badly */
    stats_export_name("Salle 2/../\xC3\xA9t\xC3\xA9.local", &w, name, sizeof(name));
    assert_string_equal(name, "vitrine-stats-Salle-2------t---local-20260921-1430.csv");
    w.month = 1;
    w.day = 2;
    w.hour = 3;
    w.minute = 4;
    char host[200];
    memset(host, 'k', sizeof(host) - 1);
    host[sizeof(host) - 1] = '\0';
    stats_export_name(host, &w, name, sizeof(name));
    assert_int_equal(strlen(name),
                     strlen("vitrine-stats--20260102-0304.csv") + STATS_EXPORT_HOST_MAX);
    assert_non_null(strstr(name, "k-20260102-0304.csv"));
}

static void the_file_holds_what_stats_export_writes(void **state)
{
    (void)state;
    fill_stats(120);
    long rows = -1;
    char why[512] = "";
    assert_int_equal(
        stats_export_to_dir(state_dir, stick, NAME, fsio_posix(), &rows, why, sizeof(why)), 0);
    assert_int_equal(rows, 120 + 3);
    char first[256];
    assert_int_equal(entries(stick, first, sizeof(first)), 1); /* no temporary left */
    assert_string_equal(first, NAME);
    /* byte for byte what `vitrine stats export` writes (stats_export_csv) */
    char path[256], want_path[256];
    snprintf(path, sizeof(path), "%s/%s", stick, NAME);
    snprintf(want_path, sizeof(want_path), "%s/want.csv", root);
    struct stats *s = stats_open_read(state_dir, why, sizeof(why));
    assert_non_null(s);
    FILE *f = fopen(want_path, "wb");
    assert_non_null(f);
    long want_rows = 0;
    assert_int_equal(stats_export_csv(s, 0, f, &want_rows, why, sizeof(why)), 0);
    assert_int_equal(fclose(f), 0);
    stats_close(s);
    assert_int_equal(want_rows, rows);
    size_t n, wn;
    char *got = slurp(path, &n), *want = slurp(want_path, &wn);
    assert_int_equal(n, wn);
    assert_memory_equal(got, want, n);
    assert_memory_equal(got, "kind,time_utc,exhibit,panel,locale,mode,seconds,panels,touches\r\n",
                        64);
    free(got);
    free(want);
    /* python3's csv module reads it: the header, then every row of 9 fields */
    if (system("command -v python3 >/dev/null 2>&1") == 0) {
        char cmd[768];
        snprintf(cmd, sizeof(cmd),
                 "python3 -c 'import csv,sys\n"
                 "r = list(csv.reader(open(sys.argv[1], newline=\"\")))\n"
                 "assert r[0] == [\"kind\",\"time_utc\",\"exhibit\",\"panel\",\"locale\",\"mode\","
                 "\"seconds\",\"panels\",\"touches\"], r[0]\n"
                 "assert len(r) - 1 == int(sys.argv[2]), len(r)\n"
                 "assert all(len(x) == 9 for x in r)\n"
                 "assert any(x[2] == \"Tides, \\\"and\\\" moons\" for x in r)\n' '%s' %ld",
                 path, rows);
        assert_int_equal(system(cmd), 0);
    } else {
        SKIP_BECAUSE("python3 is not installed: its csv reader could not read the export");
    }
    /* a second export in the same minute replaces the first, whole */
    fill_stats(5);
    assert_int_equal(
        stats_export_to_dir(state_dir, stick, NAME, fsio_posix(), &rows, why, sizeof(why)), 0);
    assert_int_equal(rows, 123 + 8); /* five views, a session, a language, a touch */
    assert_int_equal(entries(stick, first, sizeof(first)), 1);
}

/* ---- failures: a fake fsio that breaks one step ---- */

struct breaker {
    int open_err;     /* -errno from open of a file, 0: none */
    long write_after; /* bytes written before writes fail with write_err; <0: never */
    int write_err;
    int rename_err;
    long written;
};

static int b_open(void *ctx, const char *path, int flags, unsigned mode)
{
    struct breaker *b = ctx;
    if (b->open_err && !(flags & O_DIRECTORY))
        return b->open_err;
    return fsio_posix()->open(NULL, path, flags, mode);
}

static long b_write(void *ctx, int fd, const void *p, size_t n)
{
    struct breaker *b = ctx;
    if (b->write_after >= 0 && b->written + (long)n > b->write_after) {
        long room = b->write_after - b->written;
        if (room <= 0)
            return b->write_err;
        n = (size_t)room; /* a short write, then the error */
    }
    long w = fsio_posix()->write(NULL, fd, p, n);
    if (w > 0)
        b->written += w;
    return w;
}

static int b_rename(void *ctx, const char *from, const char *to)
{
    struct breaker *b = ctx;
    return b->rename_err ? b->rename_err : fsio_posix()->rename(NULL, from, to);
}

static struct fsio breaking(struct breaker *b)
{
    struct fsio io = *fsio_posix();
    io.ctx = b;
    io.open = b_open;
    io.write = b_write;
    io.rename = b_rename;
    return io;
}

static void a_failure_is_a_sentence_and_leaves_no_file(void **state)
{
    (void)state;
    char why[512], first[256];
    long rows = 0;
    /* no statistics yet */
    assert_int_equal(
        stats_export_to_dir(state_dir, stick, NAME, fsio_posix(), &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "no statistics yet"));
    assert_int_equal(why[strlen(why) - 1], '.');
    assert_int_equal(entries(stick, first, sizeof(first)), 0);
    fill_stats(200);
    /* the stick's folder is gone */
    char gone[256];
    snprintf(gone, sizeof(gone), "%s/gone", root);
    assert_int_equal(
        stats_export_to_dir(state_dir, gone, NAME, fsio_posix(), &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "cannot be written"));
    assert_non_null(strstr(why, "removed"));
    /* read-only */
    struct breaker b = {.open_err = -EROFS, .write_after = -1};
    struct fsio io = breaking(&b);
    assert_int_equal(stats_export_to_dir(state_dir, stick, NAME, &io, &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "read-only"));
    assert_int_equal(entries(stick, first, sizeof(first)), 0);
    /* full, part way through: the partial temporary goes */
    b = (struct breaker){.write_after = 1000, .write_err = -ENOSPC};
    io = breaking(&b);
    assert_int_equal(stats_export_to_dir(state_dir, stick, NAME, &io, &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "the stick is full"));
    assert_int_equal(b.written, 1000);
    assert_int_equal(entries(stick, first, sizeof(first)), 0);
    /* pulled out at the rename */
    b = (struct breaker){.write_after = -1, .rename_err = -EIO};
    io = breaking(&b);
    assert_int_equal(stats_export_to_dir(state_dir, stick, NAME, &io, &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "removed"));
    assert_int_equal(entries(stick, first, sizeof(first)), 0);
    /* a damaged database */
    char db[256];
    snprintf(db, sizeof(db), "%s/%s", state_dir, STATS_FILE);
    FILE *f = fopen(db, "wb");
    assert_non_null(f);
    for (int i = 0; i < 4096; i++)
        fputc("not a database "[i % 15], f);
    fclose(f);
    unlink(strcat(strcpy(gone, db), "-wal"));
    unlink(strcat(strcpy(gone, db), "-shm"));
    assert_int_equal(
        stats_export_to_dir(state_dir, stick, NAME, fsio_posix(), &rows, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "damaged"));
    assert_int_equal(entries(stick, first, sizeof(first)), 0);
}

/* ---- which stick ---- */

static void only_a_stick_is_written_to(void **state)
{
    (void)state;
    char media[256], p[512], out[STICKWATCH_PATH_MAX], why[512];
    snprintf(media, sizeof(media), "%s/media", root);
    mk(media);
    const char *dirs[] = {media};
    /* nothing there; then a plain folder on the same disk (Debian's empty
     * /media/usb0): neither is a stick */
    assert_int_equal(stickwatch_find_writable(dirs, 1, out, sizeof(out), why, sizeof(why)), 0);
    assert_non_null(strstr(why, "no stick"));
    snprintf(p, sizeof(p), "%s/usb0", media);
    mk(p);
    assert_int_equal(stickwatch_find_writable(dirs, 1, out, sizeof(out), why, sizeof(why)), 0);
    assert_non_null(strstr(why, "no stick"));
    /* udisks' /run/media/USER/LABEL, marked with vitrine/ (a test cannot mount) */
    snprintf(p, sizeof(p), "%s/usb0/LABEL", media);
    mk(p);
    snprintf(p, sizeof(p), "%s/usb0/LABEL/vitrine", media);
    mk(p);
    assert_int_equal(stickwatch_find_writable(dirs, 1, out, sizeof(out), why, sizeof(why)), 1);
    snprintf(p, sizeof(p), "%s/usb0/LABEL", media);
    assert_string_equal(out, p);
    /* a stick at the top comes first in path order */
    snprintf(p, sizeof(p), "%s/a-stick", media);
    mk(p);
    snprintf(p, sizeof(p), "%s/a-stick/vitrine", media);
    mk(p);
    assert_int_equal(stickwatch_find_writable(dirs, 1, out, sizeof(out), why, sizeof(why)), 1);
    snprintf(p, sizeof(p), "%s/a-stick", media);
    assert_string_equal(out, p);
    /* a symlink is never followed */
    const char *only[] = {stick};
    snprintf(p, sizeof(p), "%s/link", stick);
    assert_int_equal(symlink(media, p), 0);
    assert_int_equal(stickwatch_find_writable(only, 1, out, sizeof(out), why, sizeof(why)), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_name_says_which_kiosk_and_when),
        cmocka_unit_test_setup_teardown(the_file_holds_what_stats_export_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(a_failure_is_a_sentence_and_leaves_no_file, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(only_a_stick_is_written_to, setup, teardown),
    };
    return run_counting_skips(tests, NULL, NULL);
}
