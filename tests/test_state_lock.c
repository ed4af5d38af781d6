/* The state folder's one lock (generations.h, gen_lock): imports and roll
 * backs never interleave, and the kiosk's start-up recovery never touches
 * an import that is running.
 *
 * 1. The lock itself: a folder that is not there, a second lock in the
 *    same process (busy: flock belongs to the opened folder), writers
 *    given a lock that is not held change nothing.
 * 2. Against each other: an import and a roll back (one to three of them)
 *    in two processes started together, one, both or neither killed with
 *    SIGKILL after a random delay, a few hundred rounds. Each side checks
 *    the other never wrote while it held the lock (the import: `current`
 *    does not change between its copy and its switch; the roll back:
 *    staging/ and generations/ do not change around its gen_rollback).
 *    After each round, the kiosk's start-up recovery (gen_lock without a
 *    wait, gen_recover, gen_repair), then: the pointer parses, names a
 *    whole generation (its bundle opens and passes quick_check, its
 *    signature is there), previous is one whole other generation or none,
 *    nothing needed repairing, and nothing of staging/ is left.
 * 3. The start-up recovery while an import is stopped (in its progress
 *    callback, waiting on a pipe) with its copy in staging/: the recovery
 *    finds the lock busy and leaves staging/ as it is; the import then
 *    finishes and its exhibit loads.
 * 4. A roll back while an import holds the lock: refused at once (wait 0),
 *    refused after a bounded wait, and one that waits sees the import's
 *    commit first and rolls it back after.
 *
 * Randomness (which side is killed, when, how many roll backs, how long
 * each waits) comes from one seed, printed; VITRINE_LOCK_SEED replays it,
 * VITRINE_LOCK_ROUNDS sets the rounds. The kill delays are the only
 * sleeps (fault injection); every wait for an event reads a pipe or
 * waitpid. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/ops/generations.h"
#include "app/ops/import.h"
#include "platform/clock.h"
#include "platform/fsio_posix.h"
#include "import_testing.h"

#define DEFAULT_SEED 20241125u
#define DEFAULT_ROUNDS 300
#define INTERLEAVED 98 /* a child's exit status: it saw the other write */

static struct import_fixture fx;
static struct test_key key;
static char why[1024];

/* ---- a replayable random stream (splitmix64) ------------------------------ */

static uint64_t rng;

static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static unsigned rnd_below(unsigned n)
{
    return (unsigned)(rnd() % n);
}

/* ---- fixtures ---------------------------------------------------------------- */

/* stick/SLUG.vitrine: the bundled exhibit as exhibit slug, signed. Three
 * slugs: an import of the one neither current nor previous loads (another
 * exhibit replaces this one) whether or not a roll back came first. */
static const char *const slugs[] = {"alpha", "beta", "gamma"};

static void make_bundle(const char *slug)
{
    char name[64], sql[128];
    snprintf(name, sizeof(name), "%s.vitrine", slug);
    snprintf(sql, sizeof(sql), "UPDATE exhibit SET slug = '%s'", slug);
    import_fixture_bundle(&fx, name, "1.0", sql, &key);
}

struct importer {
    unsigned lock_wait_ms;
    int talk, listen;  /* pipes to the parent, or -1 */
    int stop_at;       /* -1, or the stage to stop at: write a byte, read one */
    int seen_copy;     /* the copy has begun: pointer is set */
    char pointer[512]; /* `current` as the copy began (pointer_print) */
};

/* `current` as text with its inode and change time: a rename over it
 * changes the inode even when the text is the same. */
static void pointer_print(char *buf, size_t n)
{
    char path[400], text[256] = "";
    struct stat sb;
    memset(&sb, 0, sizeof(sb));
    snprintf(path, sizeof(path), "%s/current", fx.state);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        fstat(fd, &sb);
        ssize_t r = read(fd, text, sizeof(text) - 1);
        text[r > 0 ? r : 0] = '\0';
        close(fd);
    }
    snprintf(buf, n, "%llu %lld.%09ld %s", (unsigned long long)sb.st_ino,
             (long long)sb.st_ctim.tv_sec, sb.st_ctim.tv_nsec, text);
}

/* The import's progress: from the copy (the lock is held from before it)
 * to the switch (just before the commit), nobody else may have changed
 * the pointer. In a child: failures are exit statuses. */
static void import_progress(void *ctx, enum import_stage stage, uint64_t done, uint64_t total,
                            const char *text)
{
    (void)done;
    (void)total;
    (void)text;
    struct importer *im = ctx;
    if (stage < IMPORT_STAGE_COPY)
        return;
    char now[512];
    pointer_print(now, sizeof(now));
    if (!im->seen_copy) {
        im->seen_copy = 1;
        memcpy(im->pointer, now, sizeof(now));
    } else if (strcmp(now, im->pointer) != 0) {
        fprintf(stderr, "the pointer changed during the import: was %s, now %s\n", im->pointer,
                now);
        _exit(INTERLEAVED);
    }
    if ((int)stage == im->stop_at) {
        char c = 'c';
        im->stop_at = -1;
        if (write(im->talk, &c, 1) != 1 || read(im->listen, &c, 1) != 1)
            _exit(97);
    }
}

/* In a child: import stick/NAME.vitrine; the outcome as exit status. */
static void import_child(const char *name, struct importer *im)
{
    char path[512];
    struct import_result r;
    snprintf(path, sizeof(path), "%s/%s.vitrine", fx.stick, name);
    struct import_opts o = {.state_dir = fx.state,
                            .keys_dir = fx.keys,
                            .io = fsio_posix(),
                            .chunk = 4096, /* many copy steps: many places to be killed */
                            .progress = import_progress,
                            .progress_ctx = im,
                            .lock_wait_ms = im->lock_wait_ms};
    enum import_outcome out = import_bundle(path, &o, &r);
    if (out == IMPORT_REFUSED ||
        (out == IMPORT_FAILED && !strstr(r.why, "another import or roll back"))) {
        fprintf(stderr, "import %s: %s\n", name, r.why);
        _exit(94); /* only the lock may stop it */
    }
    _exit((int)out);
}

/* An entry of STATE: its name and size, and but for a folder its change
 * time. */
static void tree_line(FILE *f, const char *full, const char *sub, const struct stat *sb)
{
    fprintf(f, "%s %lld", sub, (long long)sb->st_size);
    if (!S_ISDIR(sb->st_mode))
        fprintf(f, " %lld.%09ld", (long long)sb->st_ctim.tv_sec, sb->st_ctim.tv_nsec);
    fputc('\n', f);
}

/* Everything under STATE but the pointer: names, sizes, change times. */
static char *tree(void)
{
    static const char *const pointer[] = {"current", "current.tmp", NULL};
    return test_tree(fx.state, pointer, tree_line);
}

/* In a child: n roll backs as `vitrine rollback` makes them (recover,
 * repair, roll back under one lock), each checking that nothing but the
 * pointer changed around its gen_rollback. Exit status: how many were
 * refused as busy; INTERLEAVED. */
static void rollback_child(int n, unsigned wait_ms, unsigned hold_us)
{
    int busy = 0;
    for (int i = 0; i < n; i++) {
        struct gen_lock lk;
        char w[512];
        if (gen_lock(&lk, fx.state, wait_ms, w, sizeof(w)) != 0) {
            if (!lk.busy) {
                fprintf(stderr, "roll back: %s\n", w);
                _exit(96);
            }
            busy++;
            continue;
        }
        gen_recover(fsio_posix(), &lk, NULL, w, sizeof(w));
        gen_repair(fsio_posix(), &lk, import_gen_whole, NULL, NULL, w, sizeof(w));
        char *before = tree();
        if (hold_us) {
            struct timespec ts = {0, (long)hold_us * 1000L}; /* a longer hold, not a wait */
            nanosleep(&ts, NULL);
        }
        gen_rollback(fsio_posix(), &lk, NULL, w, sizeof(w)); /* none to go back to: fine */
        char *after = tree();
        if (strcmp(before, after) != 0) {
            fprintf(stderr, "the folder changed around a roll back:\n%s---\n%s", before, after);
            _exit(INTERLEAVED);
        }
        free(before);
        free(after);
        gen_unlock(&lk);
    }
    _exit(busy);
}

/* The kiosk's start-up recovery (cmd_run.c, open_state): a try of the
 * lock, and when it is held, gen_recover and gen_repair. 1 when it ran,
 * 0 when the lock was busy (nothing touched); repaired: gen_repair's. */
static int startup_recovery(int *repaired)
{
    struct gen_lock lk;
    int held = gen_lock(&lk, fx.state, 0, why, sizeof(why)) == 0;
    int rc = gen_recover(fsio_posix(), &lk, NULL, why, sizeof(why));
    if (held && rc != 0)
        fail_msg("start-up recovery: %s", why);
    *repaired = gen_repair(fsio_posix(), &lk, import_gen_whole, NULL, NULL, why, sizeof(why));
    if (held && *repaired < 0)
        fail_msg("start-up repair: %s", why);
    gen_unlock(&lk);
    return held;
}

static int exists(const char *rel)
{
    char path[512];
    struct stat sb;
    snprintf(path, sizeof(path), "%s/%s", fx.state, rel);
    return lstat(path, &sb) == 0;
}

/* One whole generation is current, previous is one other whole one or
 * none, and nothing else is left. The slug of neither in next (what to
 * import next). */
static void assert_one_whole(const char *round, char next[64])
{
    struct gen_state st;
    if (gen_read(fx.state, &st, why, sizeof(why)) != 0)
        fail_msg("%s: %s", round, why);
    if (!st.current[0] || !import_gen_whole(NULL, fx.state, st.current))
        fail_msg("%s: current names \"%s\", which is not a whole generation", round, st.current);
    if (st.previous[0] &&
        (strcmp(st.previous, st.current) == 0 || !import_gen_whole(NULL, fx.state, st.previous)))
        fail_msg("%s: previous names \"%s\", which is not another whole generation", round,
                 st.previous);
    if (exists("staging") || exists("current.tmp"))
        fail_msg("%s: staging/ or current.tmp is left", round);
    char gens[400];
    int n = 0;
    snprintf(gens, sizeof(gens), "%s/generations", fx.state);
    DIR *d = opendir(gens);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL)
        n += de->d_name[0] != '.';
    if (d)
        closedir(d);
    if (n != 1 + (st.previous[0] != '\0'))
        fail_msg("%s: %d generations on disk for current %s, previous %s", round, n, st.current,
                 st.previous[0] ? st.previous : "-");
    struct import_result cur, prev;
    if (import_describe(fx.state, st.current, &cur) != 0)
        fail_msg("%s: %s", round, cur.why);
    prev.slug[0] = '\0';
    if (st.previous[0] && import_describe(fx.state, st.previous, &prev) != 0)
        fail_msg("%s: %s", round, prev.why);
    for (int i = 0; i < 3; i++)
        if (strcmp(slugs[i], cur.slug) != 0 && strcmp(slugs[i], prev.slug) != 0)
            snprintf(next, 64, "%s", slugs[i]);
}

static int setup(void **s)
{
    (void)s;
    if (import_fixture_make(&fx, "lock", &key, "k.pub") != 0)
        return -1;
    char path[512];
    for (int i = 0; i < 3; i++)
        make_bundle(slugs[i]);
    /* the pristine state: beta current, alpha previous */
    for (int i = 0; i < 2; i++) {
        struct import_result r;
        struct import_opts o = {.state_dir = fx.state, .keys_dir = fx.keys, .io = fsio_posix()};
        snprintf(path, sizeof(path), "%s/%s.vitrine", fx.stick, slugs[i]);
        if (import_bundle(path, &o, &r) != IMPORT_LOADED) {
            fprintf(stderr, "setup: %s\n", r.why);
            return -1;
        }
    }
    import_fixture_keep(&fx);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    return import_fixture_remove(&fx);
}

/* fork, with a child that dies with the test (a failed assertion leaves
 * no child behind waiting on a pipe). */
static pid_t fork_child(void)
{
    fflush(NULL);
    pid_t parent = getpid(), pid = fork();
    assert_true(pid >= 0);
    if (pid == 0 && (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent))
        _exit(93);
    return pid;
}

static pid_t fork_importer(const char *name, struct importer *im)
{
    pid_t pid = fork_child();
    if (pid == 0)
        import_child(name, im);
    return pid;
}

/* The child's exit status; killed: -SIGNAL. */
static int reap(pid_t pid)
{
    int status;
    while (waitpid(pid, &status, 0) < 0)
        assert_int_equal(errno, EINTR);
    if (WIFSIGNALED(status))
        return -WTERMSIG(status);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* ---- 1. the lock itself ------------------------------------------------------- */

static void lock_basics(void **s)
{
    (void)s;
    import_fixture_restore(&fx);
    struct gen_lock a, b;
    char missing[400];
    snprintf(missing, sizeof(missing), "%s/not-there", fx.root);
    assert_int_equal(gen_lock(&a, missing, 0, why, sizeof(why)), -1);
    assert_int_equal(a.fd, -1);
    assert_int_equal(a.busy, 0);
    assert_non_null(strstr(why, "nothing has been imported"));
    gen_unlock(&a);

    assert_int_equal(gen_lock(&a, fx.state, 0, why, sizeof(why)), 0);
    /* not recursive: a second lock in this process is busy, also waiting */
    assert_int_equal(gen_lock(&b, fx.state, 20, why, sizeof(why)), -1);
    assert_int_equal(b.busy, 1);
    assert_non_null(strstr(why, "another import or roll back"));
    /* a writer given the lock that is not held changes nothing */
    char *before = tree(), pointer[512], pointer_after[512];
    pointer_print(pointer, sizeof(pointer));
    assert_int_equal(gen_rollback(fsio_posix(), &b, NULL, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "another import or roll back"));
    assert_int_equal(gen_recover(fsio_posix(), &b, NULL, why, sizeof(why)), -1);
    assert_int_equal(gen_repair(fsio_posix(), &b, import_gen_whole, NULL, NULL, why, sizeof(why)),
                     -1);
    assert_int_equal(gen_mark_bad(fsio_posix(), &b, "g000002", "test", "", why, sizeof(why)), -1);
    char gen[GEN_NAME_MAX];
    assert_int_equal(gen_commit(fsio_posix(), &b, gen, why, sizeof(why)), -1);
    gen_discard_staging(fsio_posix(), &b);
    char *after = tree();
    pointer_print(pointer_after, sizeof(pointer_after));
    assert_string_equal(before, after);
    assert_string_equal(pointer, pointer_after);
    free(before);
    free(after);
    gen_unlock(&b);
    gen_unlock(&a);
    gen_unlock(&a); /* twice: nothing */
    assert_int_equal(gen_lock(&b, fx.state, 0, why, sizeof(why)), 0);
    assert_int_equal(gen_rollback(fsio_posix(), &b, NULL, why, sizeof(why)), 0);
    gen_unlock(&b);
}

/* ---- 2. imports and roll backs against each other ---------------------------- */

static void sleep_us(unsigned us)
{
    struct timespec ts = {(time_t)(us / 1000000u), (long)(us % 1000000u) * 1000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static void against_each_other(void **s)
{
    (void)s;
    const char *env = getenv("VITRINE_LOCK_SEED");
    unsigned long long seed = env ? strtoull(env, NULL, 0) : DEFAULT_SEED;
    env = getenv("VITRINE_LOCK_ROUNDS");
    int rounds = env ? atoi(env) : DEFAULT_ROUNDS;
    rng = seed;
    printf("seed %llu, %d rounds (VITRINE_LOCK_SEED, VITRINE_LOCK_ROUNDS replay them)\n", seed,
           rounds);
    import_fixture_restore(&fx);

    /* how long one import takes here: the kills fall within it */
    uint64_t t0 = clock_real_ns();
    struct importer im = {.talk = -1, .listen = -1, .stop_at = -1};
    char next[64];
    assert_one_whole("before", next);
    assert_int_equal(reap(fork_importer(next, &im)), IMPORT_LOADED);
    unsigned import_us = (unsigned)((clock_real_ns() - t0) / 1000u);
    assert_one_whole("after the first import", next);

    int loaded = 0, same = 0, import_busy = 0, import_killed = 0, rollbacks = 0, rollback_busy = 0,
        rollback_killed = 0, recovered = 0;
    uint64_t start = clock_real_ns();
    for (int round = 0; round < rounds; round++) {
        char name[64];
        snprintf(name, sizeof(name), "round %d (seed %llu)", round, seed);
        int n_back = 1 + (int)rnd_below(3);
        unsigned rb_wait = rnd_below(2) ? 2000 : 0, hold_us = rnd_below(4) ? 0 : rnd_below(2000);
        im = (struct importer){
            .lock_wait_ms = rnd_below(4) ? 2000 : 0, .talk = -1, .listen = -1, .stop_at = -1};
        unsigned victim = rnd_below(4); /* 0 none, 1 the import, 2 the roll back, 3 both */
        /* within a roll back (a few ms) or anywhere in an import */
        unsigned delay = rnd_below(rnd_below(2) ? import_us / 4 + 1 : import_us * 3 / 2 + 1);

        /* both start when the parent says so */
        int go[2];
        assert_int_equal(pipe2(go, O_CLOEXEC), 0);
        pid_t imp = fork_child();
        if (imp == 0) {
            char c;
            close(go[1]);
            if (read(go[0], &c, 1) != 1)
                _exit(95);
            import_child(next, &im);
        }
        pid_t rb = fork_child();
        if (rb == 0) {
            char c;
            close(go[1]);
            if (read(go[0], &c, 1) != 1)
                _exit(95);
            rollback_child(n_back, rb_wait, hold_us);
        }
        close(go[0]);
        assert_int_equal(write(go[1], "gg", 2), 2);
        close(go[1]);
        if (victim) {
            sleep_us(delay); /* fault injection: a kill at a random point */
            if (victim & 1)
                kill(imp, SIGKILL);
            if (victim & 2)
                kill(rb, SIGKILL);
        }
        int out_i = reap(imp), out_r = reap(rb);
        if (out_i == INTERLEAVED || out_r == INTERLEAVED)
            fail_msg("%s: the import and the roll back interleaved", name);
        if (out_i < 0 && out_i != -SIGKILL)
            fail_msg("%s: the import died of signal %d", name, -out_i);
        if (out_r < 0 && out_r != -SIGKILL)
            fail_msg("%s: the roll back died of signal %d", name, -out_r);
        if (out_r > 3)
            fail_msg("%s: the roll back failed (%d)", name, out_r);
        if (out_i > IMPORT_FAILED)
            fail_msg("%s: the import ended with %d", name, out_i);
        loaded += out_i == IMPORT_LOADED;
        same += out_i == IMPORT_SAME;
        import_busy += out_i == IMPORT_FAILED;
        import_killed += out_i == -SIGKILL;
        rollback_killed += out_r == -SIGKILL;
        if (out_r >= 0) {
            rollback_busy += out_r;
            rollbacks += n_back - out_r;
        }

        /* nobody runs now: the kiosk starts */
        int repaired = 0;
        if (!startup_recovery(&repaired))
            fail_msg("%s: the lock is busy with nobody running", name);
        if (repaired != 0)
            fail_msg("%s: the pointer needed repairing: %s", name, why);
        recovered++;
        assert_one_whole(name, next);
    }
    double secs = (double)(clock_real_ns() - start) / 1e9;
    printf("%d rounds in %.1f s (an import takes %u us here): imports loaded %d, already loaded "
           "%d, busy %d, killed %d; roll backs done %d, busy %d, killed %d; "
           "%d start-up recoveries, every one left one whole generation\n",
           rounds, secs, import_us, loaded, same, import_busy, import_killed, rollbacks,
           rollback_busy, rollback_killed, recovered);
    /* the rounds did what they are for */
    assert_true(loaded > 0 && rollbacks > 0 && import_killed > 0 && rollback_killed > 0);
}

/* ---- 3. and 4. an import held at a known point ------------------------------- */

static pid_t held_pid; /* the import held_import started, until reaped */

/* Fork an import of the slug neither current nor previous, stopped in its
 * progress at the content check (its copy in staging/, holding the lock)
 * until the parent writes to *resume. */
static pid_t held_import(int *resume, char next[64])
{
    int up[2], down[2];
    assert_int_equal(pipe2(up, O_CLOEXEC), 0);
    assert_int_equal(pipe2(down, O_CLOEXEC), 0);
    assert_one_whole("before", next);
    struct importer im = {.talk = up[1], .listen = down[0], .stop_at = IMPORT_STAGE_CONTENT};
    pid_t pid = fork_importer(next, &im);
    close(up[1]);
    close(down[0]);
    char c;
    assert_int_equal(read(up[0], &c, 1), 1); /* it is there */
    close(up[0]);
    *resume = down[1];
    held_pid = pid;
    return pid;
}

/* After a test that failed while an import was held: kill it. */
static int kill_held(void **s)
{
    (void)s;
    if (held_pid > 0) {
        kill(held_pid, SIGKILL);
        waitpid(held_pid, NULL, 0);
    }
    held_pid = 0;
    return 0;
}

static void recovery_leaves_a_running_import(void **s)
{
    (void)s;
    import_fixture_restore(&fx);
    int resume;
    char next[64], next_after[64];
    pid_t pid = held_import(&resume, next);
    assert_true(exists("staging/" GEN_BUNDLE) && exists("staging/" GEN_SIG));
    char *before = tree();

    /* the kiosk starts now: it must not touch the import */
    int repaired = 0;
    assert_int_equal(startup_recovery(&repaired), 0);
    assert_int_equal(repaired, -1);
    assert_non_null(strstr(why, "another import or roll back"));
    /* and neither may the kiosk's clean-up after a killed import child of
     * its own (cmd_run_import.c): the same try, the same refusal */
    struct gen_lock lk;
    assert_int_equal(gen_lock(&lk, fx.state, 0, why, sizeof(why)), -1);
    assert_int_equal(gen_recover(fsio_posix(), &lk, NULL, why, sizeof(why)), -1);
    gen_unlock(&lk);
    char *after = tree();
    assert_string_equal(before, after);
    free(before);
    free(after);

    assert_int_equal(write(resume, "g", 1), 1);
    close(resume);
    assert_int_equal(reap(pid), IMPORT_LOADED);
    held_pid = 0;
    assert_one_whole("after the import", next_after);
    assert_string_not_equal(next, next_after); /* next is current now */
}

static void rollback_during_import_is_refused_or_waits(void **s)
{
    (void)s;
    import_fixture_restore(&fx);
    struct gen_state was, now;
    assert_int_equal(gen_read(fx.state, &was, why, sizeof(why)), 0);
    int resume;
    char next[64];
    pid_t pid = held_import(&resume, next);

    /* refused at once */
    struct gen_lock lk;
    char pointer[512], pointer_now[512];
    pointer_print(pointer, sizeof(pointer));
    assert_int_equal(gen_lock(&lk, fx.state, 0, why, sizeof(why)), -1);
    assert_int_equal(lk.busy, 1);
    assert_int_equal(gen_rollback(fsio_posix(), &lk, NULL, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "another import or roll back"));
    gen_unlock(&lk);
    /* refused after a bounded wait */
    uint64_t t0 = clock_real_ns();
    assert_int_equal(gen_lock(&lk, fx.state, 100, why, sizeof(why)), -1);
    uint64_t waited_ms = (clock_real_ns() - t0) / 1000000u;
    assert_true(waited_ms >= 90 && waited_ms < 5000);
    assert_int_equal(lk.busy, 1);
    gen_unlock(&lk);
    pointer_print(pointer_now, sizeof(pointer_now));
    assert_string_equal(pointer, pointer_now);

    /* one that waits (as `vitrine rollback` does) goes after the commit */
    int back[2];
    assert_int_equal(pipe2(back, O_CLOEXEC), 0);
    pid_t rb = fork_child();
    if (rb == 0) {
        struct gen_state after;
        char w[512];
        close(back[0]);
        if (gen_lock(&lk, fx.state, 0, w, sizeof(w)) == 0 || !lk.busy)
            _exit(1);
        if (write(back[1], "w", 1) != 1) /* busy: now it waits */
            _exit(2);
        if (gen_lock(&lk, fx.state, 20000, w, sizeof(w)) != 0 ||
            gen_rollback(fsio_posix(), &lk, &after, w, sizeof(w)) != 0)
            _exit(3);
        gen_unlock(&lk);
        if (write(back[1], &after, sizeof(after)) != (ssize_t)sizeof(after))
            _exit(4);
        _exit(0);
    }
    close(back[1]);
    char c;
    assert_int_equal(read(back[0], &c, 1), 1);
    assert_int_equal(write(resume, "g", 1), 1);
    close(resume);
    assert_int_equal(reap(pid), IMPORT_LOADED); /* its pointer did not change under it */
    held_pid = 0;
    struct gen_state after;
    assert_int_equal(read(back[0], &after, sizeof(after)), (ssize_t)sizeof(after));
    close(back[0]);
    assert_int_equal(reap(rb), 0);
    /* import then roll back: back on what was current, the import's
     * generation previous */
    assert_int_equal(gen_read(fx.state, &now, why, sizeof(why)), 0);
    assert_string_equal(now.current, was.current);
    assert_string_equal(now.current, after.current);
    assert_string_not_equal(now.previous, was.previous);
    assert_string_equal(now.previous, after.previous);
    assert_true(import_gen_whole(NULL, fx.state, now.previous));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lock_basics),
        cmocka_unit_test_teardown(recovery_leaves_a_running_import, kill_held),
        cmocka_unit_test_teardown(rollback_during_import_is_refused_or_waits, kill_held),
        cmocka_unit_test(against_each_other),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
