/* cmd_run_import.c - see cmd_run_import.h. */
#define _GNU_SOURCE /* pipe2 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "fsio_posix.h"
#include "generations.h"
#include "log.h"
#include "cmd_run_import.h"
#include "child_spawn.h"

static int same_found(const struct stick_watch_ctx *c, const struct stick_found *f, int n)
{
    if (n != c->n_found)
        return 0;
    for (int i = 0; i < n && i < STICKWATCH_MAX_FOUND; i++)
        if (strcmp(f[i].bundle, c->found[i].bundle) != 0)
            return 0;
    return 1;
}

int stick_watch_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct stick_watch_ctx *c = ctx;
    char why[256];
    struct stickwatch *w = stickwatch_new(c->dirs, c->n_dirs, why, sizeof(why));
    if (!w) {
        snprintf(msg, msg_len, "sticks will not be noticed: %s", why);
        return 1;
    }
    pthread_mutex_lock(&c->mu);
    c->w = w;
    pthread_mutex_unlock(&c->mu);
    struct stick_found found[STICKWATCH_MAX_FOUND];
    int changed = 1;
    while (!job_cancelled(j)) {
        if (changed) {
            int skipped = 0;
            char crowded[STICKWATCH_PATH_MAX];
            int n =
                stickwatch_scan(w, found, STICKWATCH_MAX_FOUND, &skipped, crowded, sizeof(crowded));
            pthread_mutex_lock(&c->mu);
            if (!same_found(c, found, n) || skipped != c->skipped ||
                strcmp(crowded, c->crowded) != 0) {
                memcpy(c->found, found, sizeof(found));
                c->n_found = n;
                c->skipped = skipped;
                memcpy(c->crowded, crowded, sizeof(crowded));
            }
            c->changes++;
            unsigned long changes = c->changes;
            pthread_mutex_unlock(&c->mu);
            job_report(j, changes, 0, "%d bundle(s) on sticks", n);
        }
        /* stick_watch_stop interrupts the wait; the timeout is a backstop */
        changed = stickwatch_wait(w, 5000) > 0;
    }
    pthread_mutex_lock(&c->mu);
    c->w = NULL;
    pthread_mutex_unlock(&c->mu);
    stickwatch_free(w);
    snprintf(msg, msg_len, "stopped watching for sticks");
    return 0;
}

void stick_watch_stop(struct stick_watch_ctx *c)
{
    pthread_mutex_lock(&c->mu);
    if (c->w)
        stickwatch_interrupt(c->w);
    pthread_mutex_unlock(&c->mu);
}

/* Parse one line of `vitrine import --progress-fd`. */
static void child_line(struct job *j, struct import_job_ctx *c, char *line)
{
    if (strncmp(line, "progress ", 9) == 0) {
        int stage = 0, off = 0;
        unsigned long long done = 0, total = 0;
        /* one bar for the whole import: each stage fills its own stretch
         * (per mille), so the bar never runs back to the start */
        static const unsigned from[] = {0, 20, 600, 700, 970, 1000};
        if (sscanf(line + 9, "%d %llu %llu %n", &stage, &done, &total, &off) >= 3 && stage >= 0 &&
            stage <= IMPORT_STAGE_SWITCH) {
            uint64_t span = from[stage + 1] - from[stage];
            uint64_t at = from[stage] + (total ? span * (done > total ? total : done) / total : 0);
            job_report(j, at, 1000, "%s", line + 9 + off);
            snprintf(c->step, sizeof(c->step), "%s", line + 9 + off);
        }
        return;
    }
    if (strncmp(line, "result ", 7) != 0)
        return;
    char *fields[8] = {0};
    int n = 0;
    for (char *p = line + 7; n < 8;) {
        fields[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    static const char *const words[] = {"loaded", "same", "refused", "failed"};
    for (int i = 0; i < 4; i++)
        if (strcmp(fields[0], words[i]) == 0)
            c->r.outcome = (enum import_outcome)i;
    if (n >= 7) {
        snprintf(c->r.why, sizeof(c->r.why), "%s", fields[1]);
        snprintf(c->r.title, sizeof(c->r.title), "%s", fields[2]);
        snprintf(c->r.version, sizeof(c->r.version), "%s", fields[3]);
        c->r.n_panels = atoi(fields[4]);
        snprintf(c->r.signer, sizeof(c->r.signer), "%s", fields[5]);
        snprintf(c->r.generation, sizeof(c->r.generation), "%s", fields[6]);
    }
}

/* This worker thread's CPU priority below the frames' (Linux: nice is per
 * thread); the child it starts inherits it. */
static void lower_priority(void)
{
    if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10) != 0)
        log_debug("import", "could not lower the import's priority");
}

/* Work nobody waits for (the start-up check): this thread runs only on CPU
 * time nothing else wants, so a clip playing meanwhile drops no frame
 * (nice 10 still took a core from the decoder at times). Else nice 10. */
static void idle_priority(void)
{
#ifdef SCHED_IDLE
    struct sched_param none = {0};
    if (sched_setscheduler((pid_t)syscall(SYS_gettid), SCHED_IDLE, &none) == 0)
        return;
#endif
    lower_priority();
}

/* flags: STORE_OPEN_DEFER_CHECK right after the import child checked this
 * very file (quick_check reads all of it: once is enough) */
static void open_new(struct job *j, struct import_job_ctx *c, int flags)
{
    char path[GEN_PATH_MAX], why[400];
    job_report(j, 0, 0, "Opening the new exhibit");
    if (gen_file(c->state_dir, c->r.generation, 0, path, sizeof(path)) != 0 ||
        store_open_file_flags(path, flags, &c->store, why, sizeof(why)) != 0) {
        c->r.outcome = IMPORT_FAILED;
        snprintf(c->r.why, sizeof(c->r.why), "the exhibit %s cannot be opened: %s", c->r.generation,
                 why);
        return;
    }
    /* the child's result line carries no slug: the statistics and the
     * health file need it, so it is read from the exhibit itself */
    if (!c->r.slug[0]) {
        struct arena a;
        struct store_info info;
        arena_init(&a, 1024);
        if (store_info(c->store, NULL, &a, &info, why, sizeof(why)) == 0 && info.slug)
            snprintf(c->r.slug, sizeof(c->r.slug), "%s", info.slug);
        arena_free(&a);
    }
}

int open_generation_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct import_job_ctx *c = ctx;
    lower_priority();
    c->rolled = 0;
    if (c->rollback) {
        char why[512];
        struct gen_state after;
        struct gen_lock lk; /* a job: a short wait for a shell's import or roll back */
        int rc = gen_lock(&lk, c->state_dir, RUN_ROLLBACK_LOCK_WAIT_MS, why, sizeof(why));
        if (rc == 0 &&
            gen_repair(fsio_posix(), &lk, import_gen_whole, NULL, NULL, why, sizeof(why)) > 0)
            log_warn("run", "before the roll back: %s", why);
        if (rc == 0)
            rc = gen_rollback(fsio_posix(), &lk, &after, why, sizeof(why));
        gen_unlock(&lk);
        if (rc != 0) {
            memset(&c->r, 0, sizeof(c->r));
            c->r.outcome = IMPORT_FAILED;
            snprintf(c->r.why, sizeof(c->r.why), "%s", why);
            snprintf(msg, msg_len, "%s", why);
            return IMPORT_FAILED;
        }
        c->rolled = 1;
        snprintf(c->gen, sizeof(c->gen), "%s", after.current);
    }
    if (import_describe(c->state_dir, c->gen, &c->r) != 0) {
        c->r.outcome = IMPORT_FAILED;
    } else {
        c->r.outcome = IMPORT_LOADED;
        open_new(j, c, 0);
    }
    snprintf(msg, msg_len, "%s", c->r.why);
    return (int)c->r.outcome;
}

int import_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct import_job_ctx *c = ctx;
    lower_priority();
    int fds[2];
    memset(&c->r, 0, sizeof(c->r));
    c->r.outcome = IMPORT_FAILED;
    snprintf(c->r.why, sizeof(c->r.why), "the import could not be started");
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(msg, msg_len, "%s", c->r.why);
        return IMPORT_FAILED;
    }
    char size[32], fd_arg[16];
    snprintf(size, sizeof(size), "%dx%d", c->w, c->h);
    snprintf(fd_arg, sizeof(fd_arg), "%d", 3);
    char *argv[] = {(char *)c->exe,
                    "import",
                    c->bundle,
                    "--state-dir",
                    (char *)c->state_dir,
                    "--keys",
                    (char *)c->keys_dir,
                    "--size",
                    size,
                    "--progress-fd",
                    fd_arg,
                    NULL};
    /* the progress pipe as its 3, its log lines to the kiosk's log (its
     * words for a terminal, on stdout, say what the pipe says: dropped),
     * nothing else of the kiosk's; killed if this thread (which waits for
     * it below) or the kiosk goes first (child_spawn.h) */
    struct spawn_fds sfds = {.out = -1, .err = STDERR_FILENO, .pass = fds[1]};
    pid_t pid = 0;
    int rc = spawn_start(c->exe, argv, &sfds, 0, &pid);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        snprintf(msg, msg_len, "the import could not be started: %s", strerror(rc));
        return IMPORT_FAILED;
    }
    char buf[4096];
    size_t used = 0;
    int termed = 0, killed = 0;
    uint64_t stall_ms = IMPORT_STALL_MS, heard = clock_real_ns() / 1000000u, termed_at = 0;
    const char *env = getenv("VITRINE_IMPORT_STALL_MS");
    if (env && atol(env) > 0)
        stall_ms = (uint64_t)atol(env);
    for (;;) {
        uint64_t now = clock_real_ns() / 1000000u;
        if (job_cancelled(j) && !termed) {
            kill(pid, SIGTERM);
            termed = 1;
            termed_at = now;
        }
        /* a child that does not end: stopped by force (its import is
         * recovered from below, as after a power cut) */
        if (!killed && ((termed && now - termed_at >= IMPORT_GRACE_MS) ||
                        (!termed && now - heard >= stall_ms))) {
            if (!termed)
                log_warn("run",
                         "the import sent nothing for %.1f s (a stick that stopped answering?): "
                         "stopping it",
                         (double)stall_ms / 1000.0);
            kill(pid, SIGKILL);
            killed = 1;
        }
        struct pollfd p = {fds[0], POLLIN, 0};
        if (poll(&p, 1, 200) <= 0)
            continue;
        heard = now;
        ssize_t r = read(fds[0], buf + used, sizeof(buf) - 1 - used);
        if (r <= 0 && !(r < 0 && errno == EINTR))
            break;
        if (r < 0)
            continue;
        used += (size_t)r;
        buf[used] = '\0';
        char *line = buf, *nl;
        while ((nl = strchr(line, '\n')) != NULL) {
            *nl = '\0';
            child_line(j, c, line);
            line = nl + 1;
        }
        used = strlen(line);
        memmove(buf, line, used + 1);
        if (used == sizeof(buf) - 1)
            used = 0; /* an over-long line: dropped */
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFSIGNALED(status)) {
        c->r.outcome = IMPORT_FAILED;
        if (killed && !termed)
            snprintf(c->r.why, sizeof(c->r.why),
                     "the stick stopped answering: nothing was read for %.1f s, so the import "
                     "was stopped",
                     (double)stall_ms / 1000.0);
        else if (c->step[0]) {
            /* "... while checking video videos/start.mp4 (panel 3) (signal 6, Aborted)" */
            c->step[0] = (char)tolower((unsigned char)c->step[0]);
            snprintf(c->r.why, sizeof(c->r.why),
                     "the import stopped unexpectedly while %s (signal %d, %s)", c->step,
                     WTERMSIG(status), strsignal(WTERMSIG(status)));
        } else
            snprintf(c->r.why, sizeof(c->r.why), "the import stopped unexpectedly (signal %d, %s)",
                     WTERMSIG(status), strsignal(WTERMSIG(status)));
        /* its staging/ and current.tmp, unless another writer (a shell's
         * `vitrine import`) holds the lock now: that one tidies up itself
         * (import_bundle starts with gen_recover) */
        char why[256];
        struct gen_lock lk;
        if (gen_lock(&lk, c->state_dir, 0, why, sizeof(why)) == 0)
            gen_recover(fsio_posix(), &lk, NULL, why, sizeof(why));
        else
            log_info("import", "left for the other import to tidy: %s", why);
        gen_unlock(&lk);
    }
    if (c->r.outcome == IMPORT_LOADED)
        open_new(j, c, STORE_OPEN_DEFER_CHECK);
    snprintf(msg, msg_len, "%s", c->r.why);
    return (int)c->r.outcome;
}

static int check_cancelled(void *ctx)
{
    return job_cancelled(ctx);
}

int check_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct check_job_ctx *c = ctx;
    idle_priority();
    if (store_check_file(c->path, check_cancelled, j, c->why, sizeof(c->why)) != 0) {
        snprintf(msg, msg_len, "%s", c->why);
        /* stopped (the job, or the kiosk on SIGTERM), not damaged: a kiosk
         * stopped during its start-up check must not roll back */
        return job_cancelled(j) || store_stop_requested() ? 2 : 1;
    }
    snprintf(msg, msg_len, "checked %s", c->path);
    return 0;
}

int export_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct export_job_ctx *c = ctx;
    c->where[0] = '\0';
    c->rows = 0;
    job_report(j, 0, 0, "Looking for a stick to write to");
    if (!stickwatch_find_writable(c->dirs, c->n_dirs, c->where, sizeof(c->where), c->why,
                                  sizeof(c->why))) {
        c->where[0] = '\0';
        snprintf(msg, msg_len, "%s", c->why);
        return 1;
    }
    job_report(j, 0, 0, "Writing the statistics to the stick");
    if (stats_export_to_dir(c->state_dir, c->where, c->name, fsio_posix(), &c->rows, c->why,
                            sizeof(c->why)) != 0) {
        snprintf(msg, msg_len, "%s", c->why);
        return 1;
    }
    snprintf(msg, msg_len, "exported %ld rows to %s/%s", c->rows, c->where, c->name);
    return 0;
}
