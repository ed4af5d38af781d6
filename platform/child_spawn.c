/* child_spawn.c - see child_spawn.h.
 *
 * DEPENDENCIES: Linux: prctl(PR_SET_PDEATHSIG), close_range (5.11, with
 * CLOSE_RANGE_CLOEXEC; else every descriptor up to RLIMIT_NOFILE is marked
 * close-on-exec one by one); POSIX fork, execv, waitpid; the real monotonic
 * clock (clock.h) for spawn_reap's limit.
 *
 * Between fork and exec the child calls only async-signal-safe functions:
 * the parent has threads, and another of them may hold a lock (malloc's,
 * stdio's) that the child would wait on forever. An exec that fails writes
 * its errno to a close-on-exec pipe, which the parent reads: 0 bytes mean
 * the program runs. */
#define _GNU_SOURCE /* close_range, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "child_spawn.h"

#define SPAWN_HIGH_FD 10      /* descriptors are moved above 0..3 before dup2 puts them there */
#define SPAWN_FD_SCAN 65536   /* the one-by-one fallback stops here at most */
#define SPAWN_REAP_STEP_MS 10 /* spawn_reap looks this often */

static void child_fail(int err_fd)
{
    int e = errno;
    ssize_t w = write(err_fd, &e, sizeof(e));
    (void)w;
    _exit(127);
}

/* Everything from first on closes at exec (err_fd included: its closing
 * tells the parent the exec worked). */
static int cloexec_from(int first)
{
#if defined(CLOSE_RANGE_CLOEXEC)
    if (close_range((unsigned)first, ~0u, CLOSE_RANGE_CLOEXEC) == 0)
        return 0;
#endif
    struct rlimit rl;
    rlim_t max = SPAWN_FD_SCAN;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < max)
        max = rl.rlim_cur;
    for (int fd = first; fd < (int)max; fd++) {
        int fl = fcntl(fd, F_GETFD);
        if (fl >= 0 && !(fl & FD_CLOEXEC) && fcntl(fd, F_SETFD, fl | FD_CLOEXEC) != 0)
            return -1;
    }
    return 0;
}

/* In the child, after fork: never returns. */
static void child(const char *path, char *const argv[], const struct spawn_fds *fds, int devnull,
                  int flags, pid_t parent, int err_fd)
{
    /* handlers are gone at exec anyway; ignored signals would stay ignored */
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (int s = 1; s < NSIG; s++)
        if (s != SIGKILL && s != SIGSTOP)
            sigaction(s, &sa, NULL); /* EINVAL for the C library's own: left */
    if ((flags & SPAWN_OWN_GROUP) && setpgid(0, 0) != 0)
        child_fail(err_fd);
    /* dies with the thread that started it; a parent gone before this
     * line would never send the signal: then the child goes at once */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
        child_fail(err_fd);
    if (getppid() != parent) {
        errno = ESRCH;
        child_fail(err_fd);
    }
    int out = fds->out >= 0 ? fds->out : devnull, err = fds->err >= 0 ? fds->err : devnull;
    int o = fcntl(out, F_DUPFD_CLOEXEC, SPAWN_HIGH_FD);
    int e = fcntl(err, F_DUPFD_CLOEXEC, SPAWN_HIGH_FD);
    int p = fds->pass >= 0 ? fcntl(fds->pass, F_DUPFD_CLOEXEC, SPAWN_HIGH_FD) : -1;
    int n = fcntl(devnull, F_DUPFD_CLOEXEC, SPAWN_HIGH_FD);
    if (o < 0 || e < 0 || n < 0 || (fds->pass >= 0 && p < 0))
        child_fail(err_fd);
    /* dup2 leaves the new descriptors open across exec */
    if (dup2(n, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0 || (p >= 0 && dup2(p, 3) < 0))
        child_fail(err_fd);
    if (cloexec_from(p >= 0 ? 4 : 3) != 0)
        child_fail(err_fd);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execv(path, argv);
    child_fail(err_fd);
}

int spawn_start(const char *path, char *const argv[], const struct spawn_fds *fds, int flags,
                pid_t *pid)
{
    static const struct spawn_fds none = {.out = -1, .err = -1, .pass = -1};
    if (!fds)
        fds = &none;
    int err = 0, ep[2] = {-1, -1};
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull < 0)
        return errno;
    if (pipe2(ep, O_CLOEXEC) != 0) {
        err = errno;
        close(devnull);
        return err;
    }
    /* no handler of this process may run in the child before its own
     * dispositions are set: every signal blocked across the fork */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t parent = getpid();
    pid_t p = fork();
    if (p == 0)
        child(path, argv, fds, devnull, flags, parent, ep[1]);
    if (p < 0)
        err = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(ep[1]);
    close(devnull);
    if (p > 0) {
        int child_err = 0;
        ssize_t r;
        while ((r = read(ep[0], &child_err, sizeof(child_err))) < 0 && errno == EINTR)
            ;
        if (r == (ssize_t)sizeof(child_err)) { /* it never ran: reaped here */
            err = child_err ? child_err : EIO;
            while (waitpid(p, NULL, 0) < 0 && errno == EINTR)
                ;
        }
    }
    close(ep[0]);
    if (err == 0)
        *pid = p;
    return err;
}

int spawn_reap(pid_t pid, int *status, uint32_t wait_ms)
{
    uint64_t until = clock_real_ns() + (uint64_t)wait_ms * 1000000u;
    for (;;) {
        int st = 0;
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) {
            if (status)
                *status = st;
            return 1;
        }
        if (r < 0 && errno != EINTR)
            return -1;
        uint64_t now = clock_real_ns();
        if (r == 0 && now >= until)
            return 0;
        uint64_t left = until > now ? until - now : 0;
        if (left > (uint64_t)SPAWN_REAP_STEP_MS * 1000000u)
            left = (uint64_t)SPAWN_REAP_STEP_MS * 1000000u;
        struct timespec ts = {0, (long)left};
        nanosleep(&ts, NULL);
    }
}
