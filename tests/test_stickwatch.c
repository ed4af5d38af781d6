/* stickwatch: a folder that appears in a watched directory, a real mount in
 * a private mount namespace, and what a scan skips.
 *
 * Nothing here sleeps to wait for the watcher: every wait blocks in
 * stickwatch_wait itself, with a generous deadline that only a broken
 * watcher reaches. */
#define _GNU_SOURCE /* unshare, CLONE_NEWNS */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "skip_testing.h"

#include "platform/stickwatch.h"

#define DEADLINE_MS 10000 /* only a watcher that missed the change waits this long */
#define FOUND_MAX 8

static char base[256]; /* this run's temporary directory */

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void path_of(char *out, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void path_of(char *out, size_t n, const char *fmt, ...)
{
    int k = snprintf(out, n, "%s/", base);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + k, n - (size_t)k, fmt, ap);
    va_end(ap);
}

static int make_dir(const char *rel)
{
    char p[512];
    path_of(p, sizeof(p), "%s", rel);
    return mkdir(p, 0755);
}

/* Writes under a temporary name, then renames into place, as a careful
 * copy does. */
static int make_file(const char *rel)
{
    char p[512], tmp[520];
    path_of(p, sizeof(p), "%s", rel);
    snprintf(tmp, sizeof(tmp), "%s.part", p);
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return -1;
    fputs("not really a bundle\n", f);
    if (fclose(f) != 0)
        return -1;
    return rename(tmp, p);
}

static void remove_tree(const char *path)
{
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", path);
}

static int setup(void **state)
{
    (void)state;
    /* In memory where there is a tmpfs: an_overfull_stick_is_reported makes
     * 65,546 files, which took 1 to 35 s on an ext4 /tmp of a loaded
     * machine (journal writes), and a few hundred ms in memory. */
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(base, sizeof(base), "%s/stickwatch-XXXXXX", tmp);
    if (!mkdtemp(base))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove_tree(base);
    return 0;
}

static struct stickwatch *watch_base(void)
{
    char why[256] = "x";
    const char *dirs[] = {base};
    struct stickwatch *w = stickwatch_new(dirs, 1, why, sizeof(why));
    assert_non_null(w);
    assert_string_equal(why, "");
    return w;
}

/* Forget what is queued, so the next wait answers for what follows only. */
static void drain(struct stickwatch *w)
{
    for (int i = 0; i < 100 && stickwatch_wait(w, 0) == 1; i++)
        ;
}

/* Blocks in stickwatch_wait until a scan finds `want` bundles; fails if the
 * watcher stays quiet until the deadline. Returns the milliseconds taken. */
static long long wait_for_count(struct stickwatch *w, int want)
{
    long long t0 = now_ms(), deadline = t0 + DEADLINE_MS;
    for (;;) {
        struct stick_found f[FOUND_MAX];
        if (stickwatch_scan(w, f, FOUND_MAX, NULL, NULL, 0) == want)
            return now_ms() - t0;
        long long left = deadline - now_ms();
        assert_true(left > 0);
        assert_int_equal(stickwatch_wait(w, (int)left), 1);
    }
}

/* ---- the directory path (inotify) ------------------------------------------ */

static void *copy_stick(void *arg)
{
    (void)arg;
    if (make_dir("stick1") != 0 || make_dir("stick1/vitrine") != 0 ||
        make_file("stick1/vitrine/a.vitrine") != 0)
        fprintf(stderr, "copy_stick: %s\n", strerror(errno));
    return NULL;
}

static void folder_copied_in_is_found(void **state)
{
    (void)state;
    struct stickwatch *w = watch_base();
    drain(w);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, copy_stick, NULL), 0);
    long long ms = wait_for_count(w, 1);
    assert_int_equal(pthread_join(t, NULL), 0);
    printf("# a folder copied in from another thread was found in %lld ms\n", ms);

    struct stick_found f[FOUND_MAX];
    int skipped = -1;
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, &skipped, NULL, 0), 1);
    assert_int_equal(skipped, 0);
    char want[512];
    path_of(want, sizeof(want), "stick1/vitrine/a.vitrine");
    assert_string_equal(f[0].bundle, want);
    path_of(want, sizeof(want), "stick1");
    assert_string_equal(f[0].where, want);
    stickwatch_free(w);
}

/* Each level is watched as soon as the level above it is seen: the stick,
 * then its vitrine/ folder, then the bundle, each one a separate wake-up. */
static void each_level_wakes_the_watcher(void **state)
{
    (void)state;
    struct stickwatch *w = watch_base();
    drain(w);
    assert_int_equal(make_dir("stick1"), 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1);
    drain(w);
    assert_int_equal(make_dir("stick1/vitrine"), 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1);
    assert_int_equal(stickwatch_scan(w, NULL, 0, NULL, NULL, 0), 0);
    drain(w);
    assert_int_equal(make_file("stick1/vitrine/a.vitrine"), 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1);
    assert_int_equal(stickwatch_scan(w, NULL, 0, NULL, NULL, 0), 1);
    /* a file written straight to its name wakes it again when closed */
    drain(w);
    char p[512];
    path_of(p, sizeof(p), "stick1/vitrine/b.vitrine");
    int fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0644);
    assert_true(fd >= 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1); /* created */
    drain(w);
    assert_int_equal(write(fd, "x", 1), 1);
    assert_int_equal(close(fd), 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1); /* closed after writing */
    stickwatch_free(w);
}

static void symlinks_and_odd_names_are_skipped(void **state)
{
    (void)state;
    assert_int_equal(make_dir("stick1"), 0);
    assert_int_equal(make_dir("stick1/vitrine"), 0);
    assert_int_equal(make_file("stick1/vitrine/a.vitrine"), 0);
    struct stickwatch *w = watch_base();
    drain(w);
    char p[512];
    /* counted: a symlinked bundle, a name that would put "/.." in the path,
     * a control character, a folder named like a bundle, a symlinked
     * vitrine/ folder */
    path_of(p, sizeof(p), "stick1/vitrine/link.vitrine");
    assert_int_equal(symlink("a.vitrine", p), 0);
    assert_int_equal(make_file("stick1/vitrine/..evil.vitrine"), 0);
    assert_int_equal(make_file("stick1/vitrine/tab\there.vitrine"), 0);
    assert_int_equal(make_dir("stick1/vitrine/dir.vitrine"), 0);
    assert_int_equal(make_dir("stick2"), 0);
    path_of(p, sizeof(p), "stick2/vitrine");
    assert_int_equal(symlink("../stick1/vitrine", p), 0);
    /* ignored: not a bundle, macOS's shadow file, a symlinked stick */
    assert_int_equal(make_file("stick1/vitrine/notes.txt"), 0);
    assert_int_equal(make_file("stick1/vitrine/a.vitrine.minisig"), 0);
    assert_int_equal(make_file("stick1/vitrine/._a.vitrine"), 0);
    path_of(p, sizeof(p), "stick3");
    assert_int_equal(symlink("stick1", p), 0);
    assert_int_equal(stickwatch_wait(w, DEADLINE_MS), 1);

    struct stick_found f[FOUND_MAX];
    int skipped = -1;
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, &skipped, NULL, 0), 1);
    assert_int_equal(skipped, 5);
    assert_non_null(strstr(f[0].bundle, "/stick1/vitrine/a.vitrine"));
    stickwatch_free(w);
}

static void sticks_come_sorted_and_go(void **state)
{
    (void)state;
    struct stickwatch *w = watch_base();
    drain(w);
    /* made in the opposite order of the sort */
    assert_int_equal(make_dir("stick_b"), 0);
    assert_int_equal(make_dir("stick_b/vitrine"), 0);
    assert_int_equal(make_file("stick_b/vitrine/z.vitrine"), 0);
    assert_int_equal(make_file("stick_b/vitrine/m.vitrine"), 0);
    assert_int_equal(make_dir("stick_a"), 0);
    assert_int_equal(make_dir("stick_a/vitrine"), 0);
    assert_int_equal(make_file("stick_a/vitrine/y.vitrine"), 0);
    wait_for_count(w, 3);

    struct stick_found f[FOUND_MAX];
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, NULL, NULL, 0), 3);
    assert_non_null(strstr(f[0].bundle, "/stick_a/vitrine/y.vitrine"));
    assert_non_null(strstr(f[1].bundle, "/stick_b/vitrine/m.vitrine"));
    assert_non_null(strstr(f[2].bundle, "/stick_b/vitrine/z.vitrine"));
    /* fewer slots than bundles: the first ones in order, and the full count */
    struct stick_found two[3];
    memset(two, 0, sizeof(two));
    assert_int_equal(stickwatch_scan(w, two, 2, NULL, NULL, 0), 3);
    assert_string_equal(two[0].bundle, f[0].bundle);
    assert_string_equal(two[1].bundle, f[1].bundle);
    assert_string_equal(two[2].bundle, "");

    /* a stick taken away */
    char from[512];
    path_of(from, sizeof(from), "stick_a");
    drain(w);
    remove_tree(from);
    wait_for_count(w, 2);
    /* a bundle removed from the other */
    path_of(from, sizeof(from), "stick_b/vitrine/m.vitrine");
    assert_int_equal(unlink(from), 0);
    wait_for_count(w, 1);
    stickwatch_free(w);
}

/* Udisks mounts at /run/media/USER/LABEL: two levels below. The stick
 * arrives whole (here by a rename, there by a mount); a bundle added to it
 * later is seen too. */
static void second_level_is_watched(void **state)
{
    (void)state;
    assert_int_equal(make_dir("user"), 0);
    assert_int_equal(make_dir("LABEL"), 0);
    assert_int_equal(make_dir("LABEL/vitrine"), 0);
    assert_int_equal(make_file("LABEL/vitrine/u.vitrine"), 0);
    struct stickwatch *w = watch_base();
    drain(w);
    char from[512], to[512];
    path_of(from, sizeof(from), "LABEL");
    path_of(to, sizeof(to), "user/LABEL");
    assert_int_equal(rename(from, to), 0);
    wait_for_count(w, 1);
    assert_int_equal(make_file("user/LABEL/vitrine/v.vitrine"), 0);
    wait_for_count(w, 2);
    struct stick_found f[FOUND_MAX];
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, NULL, NULL, 0), 2);
    assert_non_null(strstr(f[0].where, "/user/LABEL"));
    stickwatch_free(w);
}

/* The watched directory itself may hold vitrine/ (a --watch DIR). */
static void watched_directory_itself_is_a_candidate(void **state)
{
    (void)state;
    assert_int_equal(make_dir("vitrine"), 0);
    assert_int_equal(make_file("vitrine/here.vitrine"), 0);
    struct stickwatch *w = watch_base();
    struct stick_found f[FOUND_MAX];
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, NULL, NULL, 0), 1);
    assert_string_equal(f[0].where, base);
    stickwatch_free(w);
}

/* More than 64 folders in one directory: the rest are not looked at. */
static void work_is_bounded(void **state)
{
    (void)state;
    for (int i = 0; i < 70; i++) {
        char rel[64];
        snprintf(rel, sizeof(rel), "s%02d", i);
        assert_int_equal(make_dir(rel), 0);
        snprintf(rel, sizeof(rel), "s%02d/vitrine", i);
        assert_int_equal(make_dir(rel), 0);
        snprintf(rel, sizeof(rel), "s%02d/vitrine/x.vitrine", i);
        assert_int_equal(make_file(rel), 0);
    }
    struct stickwatch *w = watch_base();
    struct stick_found f[FOUND_MAX];
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, NULL, NULL, 0), 64);
    for (int i = 1; i < FOUND_MAX; i++)
        assert_true(strcmp(f[i - 1].bundle, f[i].bundle) < 0);
    stickwatch_free(w);
}

/* A stick's vitrine/ folder crowded with other files (photos, backups,
 * macOS "._" files) still gives up its bundle: it was silently ignored
 * past 64 entries. */
static void a_crowded_stick_is_read_to_its_end(void **state)
{
    (void)state;
    assert_int_equal(make_dir("stick"), 0);
    assert_int_equal(make_dir("stick/vitrine"), 0);
    for (int i = 0; i < 500; i++) {
        char rel[64];
        snprintf(rel, sizeof(rel), "stick/vitrine/%s%03d.jpg", i % 2 ? "._" : "photo", i);
        assert_int_equal(make_file(rel), 0);
    }
    assert_int_equal(make_file("stick/vitrine/zz-exhibit.vitrine"), 0);
    struct stickwatch *w = watch_base();
    struct stick_found f[FOUND_MAX];
    char crowded[512] = "x";
    assert_int_equal(stickwatch_scan(w, f, FOUND_MAX, NULL, crowded, sizeof(crowded)), 1);
    assert_string_equal(crowded, "");
    assert_non_null(strstr(f[0].bundle, "zz-exhibit.vitrine"));
    stickwatch_free(w);
}

/* A folder with more entries than are read is reported, not ignored. */
static void an_overfull_stick_is_reported(void **state)
{
    (void)state;
    assert_int_equal(make_dir("stick"), 0);
    assert_int_equal(make_dir("stick/vitrine"), 0);
    char dir[512];
    path_of(dir, sizeof(dir), "stick/vitrine");
    for (int i = 0; i < 65536 + 10; i++) {
        char p[600];
        snprintf(p, sizeof(p), "%s/f%05d", dir, i);
        int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        assert_true(fd >= 0);
        close(fd);
    }
    struct stickwatch *w = watch_base();
    struct stick_found f[FOUND_MAX];
    char crowded[512] = "";
    stickwatch_scan(w, f, FOUND_MAX, NULL, crowded, sizeof(crowded));
    assert_string_equal(crowded, dir);
    stickwatch_free(w);
}

/* ---- construction ----------------------------------------------------------- */

static void *interrupt_it(void *arg)
{
    stickwatch_interrupt(arg);
    return NULL;
}

/* A wait with no time limit ends when another thread interrupts it (how
 * the kiosk stops its watcher at once), and returns 0: no change. An
 * interrupt that comes before the wait is not lost. */
static void interrupt_ends_a_wait(void **state)
{
    (void)state;
    char why[256];
    struct stickwatch *w = stickwatch_new(NULL, 0, why, sizeof(why));
    assert_non_null(w);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, interrupt_it, w), 0);
    int r;
    do /* a mount elsewhere on this machine may report a change first */
        r = stickwatch_wait(w, -1);
    while (r == 1);
    assert_int_equal(r, 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    stickwatch_interrupt(w);
    do
        r = stickwatch_wait(w, -1);
    while (r == 1);
    assert_int_equal(r, 0);
    stickwatch_free(w);
}

static void works_with_no_directory_at_all(void **state)
{
    (void)state;
    char missing[512], why[256] = "x";
    path_of(missing, sizeof(missing), "no/such/dir");
    const char *dirs[] = {missing};
    struct stickwatch *w = stickwatch_new(dirs, 1, why, sizeof(why));
    assert_non_null(w); /* /proc/self/mounts is enough */
    assert_string_equal(why, "");
    int skipped = -1;
    assert_int_equal(stickwatch_scan(w, NULL, 0, &skipped, NULL, 0), 0);
    assert_int_equal(skipped, 0);
    long long t0 = now_ms();
    int r = stickwatch_wait(w, 50);
    long long took = now_ms() - t0;
    assert_true(r == 0 || r == 1); /* 1 if something on this machine mounted meanwhile */
    if (r == 0)
        assert_true(took >= 45);
    stickwatch_free(w);

    /* the defaults, whichever of them exist here */
    w = stickwatch_new(NULL, 0, why, sizeof(why));
    assert_non_null(w);
    assert_true(stickwatch_scan(w, NULL, 0, NULL, NULL, 0) >= 0);
    stickwatch_free(w);
}

static void too_many_directories_is_an_error(void **state)
{
    (void)state;
    const char *dirs[STICKWATCH_MAX_DIRS + 1];
    for (int i = 0; i <= STICKWATCH_MAX_DIRS; i++)
        dirs[i] = base;
    char why[256] = "";
    assert_null(stickwatch_new(dirs, STICKWATCH_MAX_DIRS + 1, why, sizeof(why)));
    assert_true(strlen(why) > 0);
    const char *empty[] = {""};
    assert_null(stickwatch_new(empty, 1, why, sizeof(why)));
    assert_true(strlen(why) > 0);
}

/* ---- a real mount (POLLPRI on /proc/self/mounts) ----------------------------- */

#define CHILD_SKIP 77

#define CHILD_CHECK(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "mount child: line %d: %s failed (errno: %s)\n", __LINE__, #cond,      \
                    strerror(errno));                                                              \
            _exit(1);                                                                              \
        }                                                                                          \
    } while (0)

static int write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY);
    if (fd < 0)
        return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* A private mount namespace: root needs only CLONE_NEWNS; anyone else (and
 * a root without CAP_SYS_ADMIN, as in many containers) gets one inside a
 * user namespace where they are root. Exits CHILD_SKIP where the system
 * does not allow it (containers, sysctls, seccomp). */
static void enter_private_namespace(void)
{
    uid_t uid = getuid();
    gid_t gid = getgid();
    int userns = geteuid() != 0;
    int r = userns ? -1 : unshare(CLONE_NEWNS);
    if (r != 0 && (userns || errno == EPERM)) {
        userns = 1;
        r = unshare(CLONE_NEWUSER | CLONE_NEWNS);
    }
    if (r != 0) {
        int e = errno;
        fprintf(stderr, "# skipped: unshare: %s (no private mount namespace allowed here)\n",
                strerror(e));
        _exit(e == EPERM || e == EINVAL || e == ENOSPC || e == ENOSYS || e == EUSERS ? CHILD_SKIP
                                                                                     : 1);
    }
    if (userns) {
        char map[64];
        CHILD_CHECK(write_text("/proc/self/setgroups", "deny") == 0);
        snprintf(map, sizeof(map), "0 %u 1", (unsigned)uid);
        CHILD_CHECK(write_text("/proc/self/uid_map", map) == 0);
        snprintf(map, sizeof(map), "0 %u 1", (unsigned)gid);
        CHILD_CHECK(write_text("/proc/self/gid_map", map) == 0);
    }
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        fprintf(stderr, "# skipped: making mounts private: %s\n", strerror(errno));
        _exit(errno == EPERM ? CHILD_SKIP : 1);
    }
}

static void mount_child(void)
{
    enter_private_namespace();
    char watched[512], stick[512], src[512];
    path_of(watched, sizeof(watched), "watched");
    path_of(stick, sizeof(stick), "watched/stick");
    path_of(src, sizeof(src), "src");

    const char *dirs[] = {watched};
    char why[256] = "";
    struct stickwatch *w = stickwatch_new(dirs, 1, why, sizeof(why));
    CHILD_CHECK(w != NULL);
    for (int i = 0; i < 100 && stickwatch_wait(w, 0) == 1; i++)
        ;
    /* nothing else mounts in a private namespace: it is quiet */
    CHILD_CHECK(stickwatch_wait(w, 100) == 0);
    CHILD_CHECK(stickwatch_scan(w, NULL, 0, NULL, NULL, 0) == 0);

    /* Over a folder that already exists, so no inotify watch sees a thing:
     * only the mount table can wake the watcher. */
    if (mount(src, stick, NULL, MS_BIND, NULL) != 0) {
        fprintf(stderr, "# skipped: bind mount: %s\n", strerror(errno));
        _exit(errno == EPERM ? CHILD_SKIP : 1);
    }
    /* As the udev rule mounts sticks. Inside a user namespace a remount may
     * be refused; the bind mount alone still proves the point. */
    unsigned long ro = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC;
    if (mount(NULL, stick, NULL, ro, NULL) != 0 && geteuid() == 0 && getuid() == 0) {
        fprintf(stderr, "# read-only remount: %s\n", strerror(errno));
        CHILD_CHECK(errno == EPERM);
    }
    long long t0 = now_ms();
    CHILD_CHECK(stickwatch_wait(w, DEADLINE_MS) == 1);
    long long took = now_ms() - t0;
    struct stick_found f[FOUND_MAX];
    int skipped = -1;
    CHILD_CHECK(stickwatch_scan(w, f, FOUND_MAX, &skipped, NULL, 0) == 1);
    CHILD_CHECK(skipped == 0);
    char want[600];
    snprintf(want, sizeof(want), "%s/vitrine/x.vitrine", stick);
    CHILD_CHECK(strcmp(f[0].bundle, want) == 0);
    CHILD_CHECK(strcmp(f[0].where, stick) == 0);
    /* one change, one wake-up: the file re-arms (and the watches moved onto
     * the mounted folder do not count as changes) */
    CHILD_CHECK(stickwatch_wait(w, 100) == 0);

    CHILD_CHECK(umount2(stick, 0) == 0);
    CHILD_CHECK(stickwatch_wait(w, DEADLINE_MS) == 1);
    CHILD_CHECK(stickwatch_scan(w, NULL, 0, NULL, NULL, 0) == 0);
    CHILD_CHECK(stickwatch_wait(w, 100) == 0);
    stickwatch_free(w);
    printf("# mount seen through /proc/self/mounts in %lld ms\n", took);
    fflush(stdout);
    _exit(0);
}

static void real_mount_is_seen(void **state)
{
    (void)state;
    assert_int_equal(make_dir("watched"), 0);
    assert_int_equal(make_dir("watched/stick"), 0);
    assert_int_equal(make_dir("src"), 0);
    assert_int_equal(make_dir("src/vitrine"), 0);
    assert_int_equal(make_file("src/vitrine/x.vitrine"), 0);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        mount_child();
    int st = 0;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    if (WEXITSTATUS(st) == CHILD_SKIP) {
        SKIP_BECAUSE("real_mount_is_seen: this system allows no private mount namespace");
    }
    assert_int_equal(WEXITSTATUS(st), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(folder_copied_in_is_found, setup, teardown),
        cmocka_unit_test_setup_teardown(each_level_wakes_the_watcher, setup, teardown),
        cmocka_unit_test_setup_teardown(symlinks_and_odd_names_are_skipped, setup, teardown),
        cmocka_unit_test_setup_teardown(sticks_come_sorted_and_go, setup, teardown),
        cmocka_unit_test_setup_teardown(second_level_is_watched, setup, teardown),
        cmocka_unit_test_setup_teardown(watched_directory_itself_is_a_candidate, setup, teardown),
        cmocka_unit_test_setup_teardown(work_is_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(a_crowded_stick_is_read_to_its_end, setup, teardown),
        cmocka_unit_test_setup_teardown(an_overfull_stick_is_reported, setup, teardown),
        cmocka_unit_test_setup_teardown(works_with_no_directory_at_all, setup, teardown),
        cmocka_unit_test(interrupt_ends_a_wait),
        cmocka_unit_test_setup_teardown(too_many_directories_is_an_error, setup, teardown),
        cmocka_unit_test_setup_teardown(real_mount_is_seen, setup, teardown),
    };
    return run_counting_skips(tests, NULL, NULL);
}
