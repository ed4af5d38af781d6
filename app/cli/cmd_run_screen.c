/* cmd_run_screen.c - see cmd_run_screen.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "cmd_run_screen.h"
#include "child_spawn.h"

#define SCREEN_CMD_LOOK_MS 100u /* how often the job looks at the clock and for a cancel */

static uint64_t real_ms(void)
{
    return clock_real_ns() / 1000000u;
}

int screen_cmd_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct screen_cmd_ctx *c = ctx;
    char *argv[] = {"/bin/sh", "-c", (char *)c->cmd, NULL};
    struct spawn_fds fds = {.out = STDERR_FILENO, .err = STDERR_FILENO, .pass = -1};
    pid_t pid = 0;
    /* its own process group: a shell's commands are stopped with it */
    int rc = spawn_start("/bin/sh", argv, &fds, SPAWN_OWN_GROUP, &pid);
    if (rc != 0) {
        snprintf(msg, msg_len, "%s: cannot run it: %s", c->what, strerror(rc));
        return SCREEN_CMD_FAILED;
    }
    uint64_t t0 = real_ms(), termed_at = 0;
    int termed = 0, killed = 0, cancelled = 0, status = 0, ended;
    while ((ended = spawn_reap(pid, &status, SCREEN_CMD_LOOK_MS)) == 0) {
        uint64_t now = real_ms();
        if (!termed && (job_cancelled(j) || now - t0 >= SCREEN_CMD_LIMIT_MS)) {
            cancelled = job_cancelled(j);
            kill(-pid, SIGTERM);
            termed = 1;
            termed_at = now;
        } else if (termed && !killed && now - termed_at >= SCREEN_CMD_GRACE_MS) {
            kill(-pid, SIGKILL);
            killed = 1;
        }
    }
    double secs = (double)(real_ms() - t0) / 1000.0;
    if (ended < 0) { /* not ours any more: nothing left to wait for */
        snprintf(msg, msg_len, "%s (pid %d): lost after %.1f s: %s", c->what, (int)pid, secs,
                 strerror(errno));
        return SCREEN_CMD_FAILED;
    }
    if (termed) {
        /* what the shell left in its group goes too */
        kill(-pid, SIGKILL);
        if (cancelled)
            snprintf(msg, msg_len, "%s (pid %d): stopped after %.1f s: the kiosk stops", c->what,
                     (int)pid, secs);
        else
            snprintf(msg, msg_len, "%s (pid %d): still running after %u s: %s", c->what, (int)pid,
                     SCREEN_CMD_LIMIT_MS / 1000u,
                     killed ? "killed (it ignored SIGTERM)" : "stopped (SIGTERM)");
        return SCREEN_CMD_STOPPED;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        snprintf(msg, msg_len, "%s (pid %d): done in %.1f s", c->what, (int)pid, secs);
        return SCREEN_CMD_OK;
    }
    if (WIFEXITED(status))
        snprintf(msg, msg_len, "%s (pid %d): failed (exit status %d)", c->what, (int)pid,
                 WEXITSTATUS(status));
    else
        snprintf(msg, msg_len, "%s (pid %d): ended by signal %d", c->what, (int)pid,
                 WTERMSIG(status));
    return SCREEN_CMD_FAILED;
}
