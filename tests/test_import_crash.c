/* Crash safety: the importer stopped dead (a power cut) at every one of its
 * file-system steps, during an import and during a rollback. After each
 * stop the kiosk's start-up recovery runs, and then the kiosk must open the
 * old exhibit or the new one, never neither; quick_check must pass; and no
 * staging file may survive. At least 100 stop points in all.
 *
 * A step is one call through the fsio table (open, read, write, fsync,
 * close, rename, unlink, mkdir, rmdir). The child process doing the work
 * calls _exit at step k, before the step happens: what the disk holds then
 * is what a power cut between steps k-1 and k leaves (every write before
 * it was fsynced where the importer fsyncs). */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/ops/generations.h"
#include "app/ops/import.h"
#include "content/store.h"
#include "platform/fsio_posix.h"
#include "import_testing.h"

static struct import_fixture fx;
static struct test_key key;
static char why[1024];

/* ---- an fsio that counts steps and stops dead at one -------------------- */

static long steps, stop_at;

static void step(void)
{
    if (++steps == stop_at)
        _exit(99);
}
#define REAL fsio_posix()
static int c_open(void *c, const char *p, int f, unsigned m)
{
    step();
    return REAL->open(NULL, p, f, m);
}
static long c_read(void *c, int fd, void *b, size_t n)
{
    step();
    return REAL->read(NULL, fd, b, n);
}
static long c_write(void *c, int fd, const void *b, size_t n)
{
    step();
    return REAL->write(NULL, fd, b, n);
}
static int c_fsync(void *c, int fd)
{
    step();
    return REAL->fsync(NULL, fd);
}
static int c_close(void *c, int fd)
{
    step();
    return REAL->close(NULL, fd);
}
static int c_rename(void *c, const char *a, const char *b)
{
    step();
    return REAL->rename(NULL, a, b);
}
static int c_unlink(void *c, const char *p)
{
    step();
    return REAL->unlink(NULL, p);
}
static int c_mkdir(void *c, const char *p, unsigned m)
{
    step();
    return REAL->mkdir(NULL, p, m);
}
static int c_rmdir(void *c, const char *p)
{
    step();
    return REAL->rmdir(NULL, p);
}
static const struct fsio counting = {NULL,    c_open,   c_read,   c_write, c_fsync,
                                     c_close, c_rename, c_unlink, c_mkdir, c_rmdir};

/* ---- fixtures --------------------------------------------------------------- */

/* A roll back as staff make it: under the state folder's lock. */
static int rollback_locked(const struct fsio *io)
{
    struct gen_lock lk;
    assert_int_equal(gen_lock(&lk, fx.state, 0, why, sizeof(why)), 0);
    int rc = gen_rollback(io, &lk, NULL, why, sizeof(why));
    gen_unlock(&lk);
    return rc;
}

static enum import_outcome import_v(const char *name, const struct fsio *io)
{
    char path[512];
    struct import_result r;
    snprintf(path, sizeof(path), "%s/%s", fx.stick, name);
    /* small copy units: the copy is many steps, like a big bundle's */
    struct import_opts o = {.state_dir = fx.state, .keys_dir = fx.keys, .io = io, .chunk = 2048};
    enum import_outcome out = import_bundle(path, &o, &r);
    if (out != IMPORT_LOADED)
        fprintf(stderr, "import %s: %s\n", name, r.why);
    return out;
}

static int setup(void **s)
{
    return import_fixture_make(&fx, "crash", &key, "k.pub");
}

static int teardown(void **s)
{
    return import_fixture_remove(&fx);
}

/* After a stop and the start-up recovery: old or new, whole, nothing left
 * over. Returns which (0 old, 1 new). */
static int check_after_stop(const char *old_version, const char *new_version, long k)
{
    int removed = 0;
    struct gen_lock lk;
    assert_int_equal(gen_lock(&lk, fx.state, 0, why, sizeof(why)), 0);
    assert_int_equal(gen_recover(fsio_posix(), &lk, &removed, why, sizeof(why)), 0);
    gen_unlock(&lk);
    struct gen_state st;
    assert_int_equal(gen_read(fx.state, &st, why, sizeof(why)), 0);
    if (!st.current[0])
        fail_msg("stop at step %ld: no current exhibit", k);
    struct import_result r;
    if (import_describe(fx.state, st.current, &r) != 0) /* opens it: quick_check */
        fail_msg("stop at step %ld: %s does not open: %s", k, st.current, r.why);
    int is_new = strcmp(r.version, new_version) == 0;
    if (!is_new && strcmp(r.version, old_version) != 0)
        fail_msg("stop at step %ld: version %s is neither", k, r.version);
    struct stat sb;
    char path[512];
    snprintf(path, sizeof(path), "%s/staging", fx.state);
    assert_int_not_equal(lstat(path, &sb), 0);
    snprintf(path, sizeof(path), "%s/current.tmp", fx.state);
    assert_int_not_equal(lstat(path, &sb), 0);
    return is_new;
}

/* Run op in a child stopped at step k; returns 1 if it ran to the end. */
static int stopped_at(long k, int rollback)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        steps = 0;
        stop_at = k;
        int ok = rollback ? rollback_locked(&counting) == 0
                          : import_v("v2.vitrine", &counting) == IMPORT_LOADED;
        _exit(ok ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 99)
        return 0;
    assert_int_equal(WEXITSTATUS(status), 0);
    return 1;
}

static void stop_anywhere(void **s)
{
    import_fixture_bundle(&fx, "v1.vitrine", "1.0", NULL, &key);
    import_fixture_bundle(&fx, "v2.vitrine", "2.0", NULL, &key);
    assert_int_equal(import_v("v1.vitrine", fsio_posix()), IMPORT_LOADED);
    import_fixture_keep(&fx);

    /* how many steps a whole import takes */
    steps = 0;
    stop_at = 0;
    assert_int_equal(import_v("v2.vitrine", &counting), IMPORT_LOADED);
    long n_import = steps;
    import_fixture_restore(&fx);

    int news = 0, olds = 0;
    for (long k = 1; k <= n_import + 1; k++) {
        int finished = stopped_at(k, 0);
        if (finished != (k > n_import))
            fail_msg("the import %s at step %ld of %ld", finished ? "finished" : "stopped", k,
                     n_import);
        if (check_after_stop("1.0", "2.0", k))
            news++;
        else
            olds++;
        import_fixture_restore(&fx);
    }
    /* a stop before the pointer's rename keeps 1.0; after it, 2.0 */
    assert_true(olds > 0 && news > 0);

    /* the rollback of a kiosk holding 1.0 (previous) and 2.0 (current) */
    assert_int_equal(import_v("v2.vitrine", fsio_posix()), IMPORT_LOADED);
    import_fixture_keep(&fx);
    steps = 0;
    stop_at = 0;
    assert_int_equal(rollback_locked(&counting), 0);
    long n_rollback = steps;
    import_fixture_restore(&fx);
    int backs = 0;
    for (long k = 1; k <= n_rollback + 1; k++) {
        int finished = stopped_at(k, 1);
        assert_int_equal(finished, k > n_rollback);
        backs += !check_after_stop("1.0", "2.0", k);
        import_fixture_restore(&fx);
    }
    assert_true(backs > 0);
    printf("stopped at %ld import steps and %ld rollback steps: every time the old or the new "
           "exhibit opened\n",
           n_import + 1, n_rollback + 1);
    assert_true(n_import + n_rollback + 2 >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(stop_anywhere)};
    return cmocka_run_group_tests(tests, setup, teardown);
}
