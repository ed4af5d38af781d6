/* The kiosk and its service manager, through a fake NOTIFY_SOCKET: READY=1
 * comes after the first frame; WATCHDOG=1 comes from the loop at least
 * every two thirds of WATCHDOG_USEC; none comes while the loop is stalled
 * (the process stopped with SIGSTOP), and they come back with SIGCONT;
 * SIGTERM brings STOPPING=1 and exit status 0. A socket that refuses
 * datagrams changes nothing for visitors. Waits are on the socket (poll
 * with a limit), never fixed sleeps. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "platform/notify.h"

#define WATCHDOG_US 300000 /* 300 ms: pings at most every 200 ms */

static char dir[64], sock_path[100];

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int listen_socket(void)
{
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    assert_true(fd >= 0);
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    snprintf(a.sun_path, sizeof(a.sun_path), "%s", sock_path);
    unlink(sock_path);
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
    return fd;
}

/* Start the kiosk with NOTIFY_SOCKET=socket_path; its stderr in *err_fd
 * (NULL: to /dev/null). */
static pid_t start_kiosk(const char *socket_path, int *err_fd)
{
    int fds[2] = {-1, -1};
    if (err_fd)
        assert_int_equal(pipe(fds), 0);
    const char *bin = getenv("VITRINE_BINARY_DIR");
    char exe[1024], usec[32];
    snprintf(exe, sizeof(exe), "%s/vitrine", bin ? bin : "build");
    snprintf(usec, sizeof(usec), "%d", WATCHDOG_US);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        setenv("NOTIFY_SOCKET", socket_path, 1);
        setenv("WATCHDOG_USEC", usec, 1);
        unsetenv("WATCHDOG_PID");
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        if (fds[1] >= 0)
            dup2(fds[1], 2);
        else
            dup2(null, 2);
        execl(exe, exe, "run", "--windowed", "--size", "320x240", "--no-watch", "--state-dir", dir,
              "--config", "/nonexistent", (char *)NULL);
        _exit(127);
    }
    if (err_fd) {
        close(fds[1]);
        *err_fd = fds[0];
    }
    return pid;
}

/* Read the kiosk's log until it holds `what`, or limit_ms pass. */
static int log_shows(int fd, char *log, size_t n, const char *what, int limit_ms)
{
    size_t used = strlen(log);
    long long end = now_ms() + limit_ms;
    while (!strstr(log, what)) {
        long long left = end - now_ms();
        struct pollfd p = {fd, POLLIN, 0};
        if (left <= 0 || poll(&p, 1, (int)left) <= 0 || used + 1 >= n)
            return 0;
        ssize_t r = read(fd, log + used, n - 1 - used);
        if (r <= 0)
            return 0;
        used += (size_t)r;
        log[used] = '\0';
    }
    return 1;
}

/* The next datagram within limit_ms into buf; 0 on time out. */
static int next_message(int fd, char *buf, size_t n, int limit_ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    int r;
    do
        r = poll(&p, 1, limit_ms);
    while (r < 0 && errno == EINTR);
    if (r <= 0)
        return 0;
    ssize_t len = recv(fd, buf, n - 1, 0);
    if (len < 0)
        return 0;
    buf[len] = '\0';
    return 1;
}

static int setup(void **state)
{
    snprintf(dir, sizeof(dir), "/tmp/vitrine-notify-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(sock_path, sizeof(sock_path), "%s/notify", dir);
    return 0;
}

static int teardown(void **state)
{
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void ready_watchdog_stall_and_stop(void **state)
{
    int fd = listen_socket();
    pid_t pid = start_kiosk(sock_path, NULL);
    char msg[512];
    /* READY first (no WATCHDOG can come before the loop has drawn) */
    assert_true(next_message(fd, msg, sizeof(msg), 20000));
    if (strncmp(msg, "READY=1", 7) != 0)
        fail_msg("first message: %s", msg);
    assert_non_null(strstr(msg, "STATUS=showing"));
    /* pings, never more than 2/3 of the interval apart (with slack for a
     * loaded machine: the watchdog itself allows the whole interval) */
    long long last = now_ms();
    for (int i = 0; i < 5; i++) {
        assert_true(next_message(fd, msg, sizeof(msg), WATCHDOG_US / 1000));
        assert_string_equal(msg, "WATCHDOG=1");
        long long t = now_ms();
        assert_true(t - last <= WATCHDOG_US / 1000);
        last = t;
    }
    /* a stalled loop stops pinging: nothing for three intervals */
    assert_int_equal(kill(pid, SIGSTOP), 0);
    while (next_message(fd, msg, 0 + sizeof(msg), 0)) /* drain what was in flight */
        ;
    assert_false(next_message(fd, msg, sizeof(msg), 3 * WATCHDOG_US / 1000));
    assert_int_equal(kill(pid, SIGCONT), 0);
    assert_true(next_message(fd, msg, sizeof(msg), 2 * WATCHDOG_US / 1000));
    assert_string_equal(msg, "WATCHDOG=1");
    /* SIGTERM: STOPPING=1, then exit 0 */
    assert_int_equal(kill(pid, SIGTERM), 0);
    int stopping = 0;
    long long t0 = now_ms();
    while (!stopping && now_ms() - t0 < 5000 && next_message(fd, msg, sizeof(msg), 5000))
        stopping = strcmp(msg, "STOPPING=1") == 0;
    assert_true(stopping);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
    close(fd);
}

/* Nobody listening at the socket's path: the kiosk runs and stops as ever. */
/* Pings a third of the interval apart however the loop's wakes fall: a
 * loop that looks just before a ping is due must wait only until it is
 * due (issue 18: pings 13.8-17.3 s apart during imports against the
 * documented 10 s, because the loop then waited a whole third again). In
 * the kiosk's clock, without a kiosk: notify_watchdog in this process. */
static void pings_are_a_third_apart(void **state)
{
    (void)state;
    int fd = listen_socket();
    setenv("NOTIFY_SOCKET", sock_path, 1);
    setenv("WATCHDOG_USEC", "30000000", 1); /* WatchdogSec=30 */
    unsetenv("WATCHDOG_PID");
    notify_init();
    char msg[64];
    uint64_t t = 1000, last = 0;
    notify_watchdog(t);
    assert_true(next_message(fd, msg, sizeof(msg), 1000));
    last = t;
    for (int i = 0; i < 50; i++) {
        /* the loop wakes at odd moments (input, jobs, an import's progress),
         * then waits what it is told */
        t += 9990 - (uint64_t)(i * 997) % 9990;
        notify_watchdog(t);
        if (next_message(fd, msg, sizeof(msg), 0)) {
            assert_true(t - last <= 10000);
            last = t;
        }
        uint32_t wait = notify_watchdog_wait_ms(t);
        assert_true(wait >= 1 && wait <= 10000);
        t += wait;
        notify_watchdog(t);
        assert_true(next_message(fd, msg, sizeof(msg), 0)); /* due now: pinged */
        assert_true(t - last <= 10000);
        last = t;
    }
    unsetenv("NOTIFY_SOCKET");
    notify_init();
    close(fd);
}

static void a_refusing_socket_changes_nothing(void **state)
{
    char gone[160];
    snprintf(gone, sizeof(gone), "%s/nobody-here", dir);
    int err = -1;
    pid_t pid = start_kiosk(gone, &err);
    static char log[64 * 1024];
    log[0] = '\0';
    /* the frame is drawn all the same, and the refusal said once */
    if (!log_shows(err, log, sizeof(log), "first frame presented", 20000))
        fail_msg("no first frame:\n%s", log);
    assert_non_null(strstr(log, "the service manager's socket refused a message"));
    assert_int_equal(kill(pid, SIGTERM), 0);
    char sink[4096];
    while (read(err, sink, sizeof(sink)) > 0)
        ;
    close(err);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ready_watchdog_stall_and_stop, setup, teardown),
        cmocka_unit_test_setup_teardown(a_refusing_socket_changes_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(pings_are_a_third_apart, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
