/* child_spawn.h - starting a program as a child that gets only the descriptors
 * it is given and dies with the thread that started it.
 *
 * Every process the kiosk starts goes through here (the import child, the
 * screen commands). posix_spawn cannot ask the kernel to kill a child when
 * its parent dies (PR_SET_PDEATHSIG), so this forks and sets that up in the
 * child before exec.
 *
 * What the child gets:
 * - descriptors: 0 is /dev/null, 1 is fds->out, 2 is fds->err (each
 *   /dev/null when not given), 3 is fds->pass when given; nothing else
 *   (the rest is closed at exec);
 * - signals: default dispositions (an ignored SIGPIPE is not passed on) and
 *   none blocked, whatever the calling thread blocks;
 * - SIGKILL when the thread that called spawn_start ends (PR_SET_PDEATHSIG):
 *   call it from a thread that outlives the child (one that waits for it);
 *   the child's own children do not inherit it (the kiosk's service unit
 *   ends them: its control group);
 * - with SPAWN_OWN_GROUP, a process group of its own, so that kill(-pid)
 *   reaches what it starts (a shell's commands);
 * - this process's environment.
 *
 * THREADS: any thread; the child is the caller's to reap (spawn_reap or
 * waitpid). ERRORS: errno values, as posix_spawn: an exec that fails is
 * reported by spawn_start, not as an exit status. */
#ifndef VITRINE_CHILD_SPAWN_H
#define VITRINE_CHILD_SPAWN_H

#include <stdint.h>
#include <sys/types.h>

#define SPAWN_OWN_GROUP 1

struct spawn_fds {
    int out;  /* becomes the child's 1 (e.g. 2: the kiosk's log); -1: /dev/null */
    int err;  /* becomes the child's 2; -1: /dev/null */
    int pass; /* becomes the child's 3 (a pipe's end); -1: none */
};

/* Start path (argv[0] included in argv, NULL-terminated) with fds (NULL:
 * 0-2 /dev/null, no 3) and flags (SPAWN_OWN_GROUP or 0). 0 with *pid set once the program runs;
 * else an errno value (no child is left behind). */
int spawn_start(const char *path, char *const argv[], const struct spawn_fds *fds, int flags,
                pid_t *pid);

/* Wait up to wait_ms (0: not at all) for child pid to end: 1 once it has
 * ended and been reaped (*status as waitpid's), 0 while it runs, -1 on an
 * error (errno; ECHILD: not a child of this process, or already reaped). */
int spawn_reap(pid_t pid, int *status, uint32_t wait_ms);

#endif
