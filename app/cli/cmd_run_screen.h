/* cmd_run_screen.h - the running kiosk's screen commands
 * (screen_off_command, screen_on_command) on a job of their own: started
 * by /bin/sh -c with only the descriptors they need (platform/child_spawn.h:
 * stdin /dev/null, stdout and stderr the kiosk's log), in a process group
 * of their own, stopped when they hang, always reaped. The run loop starts
 * one at a time (screen_power.h) and logs the job's final text. */
#ifndef VITRINE_CMD_RUN_SCREEN_H
#define VITRINE_CMD_RUN_SCREEN_H

#include <stddef.h>

#include "job.h"

/* A screen command still running this long after its start gets SIGTERM
 * (its whole process group), and SIGKILL this long after that if it is
 * still there; so does one still running when the kiosk stops (SIGTERM at
 * once). docs/kiosk-box.md says so. */
#define SCREEN_CMD_LIMIT_MS 10000u
#define SCREEN_CMD_GRACE_MS 2000u

enum screen_cmd_result {
    SCREEN_CMD_OK,      /* exit status 0 */
    SCREEN_CMD_FAILED,  /* it could not start, or another status */
    SCREEN_CMD_STOPPED, /* past SCREEN_CMD_LIMIT_MS, or the kiosk stops: ended by a signal */
};

struct screen_cmd_ctx {
    const char *cmd;  /* the command line, for /bin/sh -c */
    const char *what; /* its setting's name, for the log: "screen_off_command" */
};

/* job_fn: run c->cmd until it ends, is stopped (above) or the job is
 * cancelled (then stopped at once). Returns enum screen_cmd_result; msg
 * says how it ended, with its process id. */
int screen_cmd_job(struct job *j, void *ctx, char *msg, size_t msg_len);

#endif
