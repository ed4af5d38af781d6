#define _GNU_SOURCE /* pipe2 */
/* The children the kiosk starts (platform/child_spawn.h) and the order of its
 * screen commands (app/ops/screen_power.h): a child holds only 0
 * (/dev/null), 1 and 2 (what it was given, else /dev/null) and 3 (the
 * passed end), not a
 * descriptor the parent left open without close-on-exec; it starts with
 * no signal blocked or ignored whatever its parent's thread had; it leads
 * a group of its own when asked; it is killed when the thread that
 * started it ends; a program that cannot be run is an error, with no child
 * left; spawn_reap waits no longer than asked. Screen commands: one at a
 * time, the latest wish waits, a wish for the state being set is served. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "proc_testing.h"

#include "app/ops/screen_power.h"
#include "platform/clock.h"
#include "platform/child_spawn.h"

static char *const sleep_argv[] = {"/bin/sleep", "60", NULL};

/* The target of the child's descriptor fd, "" when it has none. */
static void fd_target(pid_t pid, int fd, char *buf, size_t n)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)pid, fd);
    ssize_t len = readlink(path, buf, n - 1);
    buf[len > 0 ? len : 0] = '\0';
}

/* The child's descriptors, as a bit set of 0..63 (-1: more). */
static long long fd_set_of(pid_t pid)
{
    long long set = 0;
    for (int fd = 0; fd < 1024; fd++) {
        char t[256];
        fd_target(pid, fd, t, sizeof(t));
        if (t[0])
            set |= fd < 63 ? 1ll << fd : -1ll;
    }
    return set;
}

/* The hex mask of a "SigBlk:"-like line of /proc/PID/status. */
static unsigned long long status_mask(pid_t pid, const char *key)
{
    char path[64], line[256];
    snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    unsigned long long v = ~0ull;
    while (fgets(line, sizeof(line), f))
        if (strncmp(line, key, strlen(key)) == 0)
            v = strtoull(line + strlen(key), NULL, 16);
    fclose(f);
    return v;
}

/* Wait until the child has exec'd the program (its fds are the program's). */
/* The child's state letter in /proc/PID/stat ('S': sleeping), or 0. */
static char proc_state(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
    return proc_stat_state(path);
}

/* Waits until the child runs `comm` and sleeps in it. The name alone is
 * not enough: the kernel renames a process before it closes the
 * descriptors marked close-on-exec (begin_new_exec), so a look between
 * the two saw them still open (test_spawn failed 2 runs in 30). Asleep in
 * the new program, its exec is over. */
static void wait_exec(pid_t pid, const char *comm)
{
    char path[64], buf[64];
    snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
    uint64_t until = clock_real_ns() + 5000000000ull;
    for (;;) {
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        buf[0] = '\0';
        if (!fgets(buf, sizeof(buf), f))
            buf[0] = '\0';
        fclose(f);
        buf[strcspn(buf, "\n")] = '\0';
        if (strcmp(buf, comm) == 0 && proc_state(pid) == 'S')
            return;
        assert_true(clock_real_ns() < until);
        usleep(1000);
    }
}

static void end(pid_t pid)
{
    int st = 0;
    kill(pid, SIGKILL);
    assert_int_equal(spawn_reap(pid, &st, 5000), 1);
    assert_true(WIFSIGNALED(st));
}

static void only_the_descriptors_given(void **state)
{
    (void)state;
    int leak = open("/dev/zero", O_RDONLY); /* no O_CLOEXEC: exec would keep it */
    assert_true(leak >= 0);
    char out_path[] = "/tmp/test_spawn.XXXXXX";
    int out = mkstemp(out_path);
    assert_true(out >= 0);
    int p[2];
    assert_int_equal(pipe2(p, O_CLOEXEC), 0);
    struct spawn_fds fds = {.out = out, .err = out, .pass = p[1]};
    pid_t pid = 0;
    assert_int_equal(spawn_start("/bin/sleep", sleep_argv, &fds, 0, &pid), 0);
    wait_exec(pid, "sleep");
    assert_true(fd_set_of(pid) == 0xf); /* 0, 1, 2, 3: nothing else */
    char t[256];
    fd_target(pid, 0, t, sizeof(t));
    assert_string_equal(t, "/dev/null");
    fd_target(pid, 1, t, sizeof(t));
    assert_string_equal(t, out_path);
    fd_target(pid, 2, t, sizeof(t));
    assert_string_equal(t, out_path);
    fd_target(pid, 3, t, sizeof(t));
    assert_memory_equal(t, "pipe:", 5);
    end(pid);
    /* no output, no pass: 1 and 2 are /dev/null, 3 is not there */
    assert_int_equal(spawn_start("/bin/sleep", sleep_argv, NULL, 0, &pid), 0);
    wait_exec(pid, "sleep");
    assert_true(fd_set_of(pid) == 0x7);
    fd_target(pid, 2, t, sizeof(t));
    assert_string_equal(t, "/dev/null");
    end(pid);
    /* errors only (the import child): 1 is /dev/null, 2 the file */
    struct spawn_fds err_only = {.out = -1, .err = out, .pass = -1};
    assert_int_equal(spawn_start("/bin/sleep", sleep_argv, &err_only, 0, &pid), 0);
    wait_exec(pid, "sleep");
    assert_true(fd_set_of(pid) == 0x7);
    fd_target(pid, 1, t, sizeof(t));
    assert_string_equal(t, "/dev/null");
    fd_target(pid, 2, t, sizeof(t));
    assert_string_equal(t, out_path);
    end(pid);
    close(p[0]);
    close(p[1]);
    close(out);
    close(leak);
    unlink(out_path);
}

static void signals_default(void **state)
{
    (void)state;
    sigset_t term, old;
    sigemptyset(&term);
    sigaddset(&term, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &term, &old);
    struct sigaction ign = {.sa_handler = SIG_IGN}, was;
    sigaction(SIGPIPE, &ign, &was);
    pid_t pid = 0;
    assert_int_equal(spawn_start("/bin/sleep", sleep_argv, NULL, SPAWN_OWN_GROUP, &pid), 0);
    sigaction(SIGPIPE, &was, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    wait_exec(pid, "sleep");
    assert_true(status_mask(pid, "SigBlk:") == 0);
    assert_true(status_mask(pid, "SigIgn:") == 0);
    assert_int_equal(getpgid(pid), pid); /* its own group */
    int st = 0;
    assert_int_equal(kill(-pid, SIGTERM), 0); /* the group's signal reaches it */
    assert_int_equal(spawn_reap(pid, &st, 5000), 1);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
}

static void *start_in_thread(void *arg)
{
    pid_t *pid = arg;
    if (spawn_start("/bin/sleep", sleep_argv, NULL, 0, pid) != 0)
        *pid = -1;
    return NULL; /* the thread ends: its child goes (PR_SET_PDEATHSIG) */
}

static void dies_with_its_thread(void **state)
{
    (void)state;
    pid_t pid = 0;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, start_in_thread, &pid), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_true(pid > 0);
    int st = 0;
    assert_int_equal(spawn_reap(pid, &st, 5000), 1);
    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
}

static void cannot_run(void **state)
{
    (void)state;
    char *const argv[] = {"/nonexistent/program", NULL};
    pid_t pid = 0;
    assert_int_equal(spawn_start("/nonexistent/program", argv, NULL, 0, &pid), ENOENT);
    assert_int_equal(pid, 0);
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1); /* no child left behind */
    assert_int_equal(errno, ECHILD);
}

static void reap_waits_as_asked(void **state)
{
    (void)state;
    pid_t pid = 0;
    assert_int_equal(spawn_start("/bin/sleep", sleep_argv, NULL, 0, &pid), 0);
    uint64_t t0 = clock_real_ns();
    assert_int_equal(spawn_reap(pid, NULL, 0), 0);
    assert_int_equal(spawn_reap(pid, NULL, 100), 0);
    uint64_t took = clock_real_ns() - t0;
    assert_true(took >= 100000000u && took < 2000000000u);
    end(pid);
    assert_int_equal(spawn_reap(pid, NULL, 0), -1); /* already reaped */
    char *const argv[] = {"/bin/sh", "-c", "exit 3", NULL};
    assert_int_equal(spawn_start("/bin/sh", argv, NULL, 0, &pid), 0);
    int st = 0;
    assert_int_equal(spawn_reap(pid, &st, 5000), 1);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 3);
}

static void screen_one_at_a_time(void **state)
{
    (void)state;
    struct screen_power s = {0};
    assert_int_equal(screen_power_want(&s, SCREEN_OFF), SCREEN_OFF); /* starts */
    assert_int_equal(screen_power_want(&s, SCREEN_ON), SCREEN_NONE); /* waits */
    assert_int_equal(screen_power_ended(&s), SCREEN_ON);             /* now */
    assert_int_equal(screen_power_ended(&s), SCREEN_NONE);
    /* the latest wish wins: off runs, on then off again: nothing more */
    assert_int_equal(screen_power_want(&s, SCREEN_OFF), SCREEN_OFF);
    assert_int_equal(screen_power_want(&s, SCREEN_ON), SCREEN_NONE);
    assert_int_equal(screen_power_want(&s, SCREEN_OFF), SCREEN_NONE);
    assert_int_equal(screen_power_ended(&s), SCREEN_NONE);
    /* on runs, off then on: off is dropped, on is what was set */
    assert_int_equal(screen_power_want(&s, SCREEN_ON), SCREEN_ON);
    assert_int_equal(screen_power_want(&s, SCREEN_OFF), SCREEN_NONE);
    assert_int_equal(screen_power_want(&s, SCREEN_ON), SCREEN_NONE);
    assert_int_equal(screen_power_ended(&s), SCREEN_NONE);
    assert_int_equal(screen_power_want(&s, SCREEN_NONE), SCREEN_NONE);
    assert_int_equal(s.running, SCREEN_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_the_descriptors_given), cmocka_unit_test(signals_default),
        cmocka_unit_test(dies_with_its_thread),       cmocka_unit_test(cannot_run),
        cmocka_unit_test(reap_waits_as_asked),        cmocka_unit_test(screen_one_at_a_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
