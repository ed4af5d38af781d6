/* run_proof.c - proof of play: the screenshot beside the health file,
 * taken on the loop and written on a job (run_proof.h). Its own file so
 * that the run loop (cmd_run.c) only says when a frame is drawn. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "display.h"
#include "image.h"
#include "log.h"
#include "run_proof.h"

static void shot_problem(struct run_proof *p, const char *why)
{
    if (!p->failing)
        log_warn("health", "the screenshot %s is not written (said once): %s", p->path, why);
    p->failing = 1;
}

static int shot_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_proof *p = ctx;
    int rc = image_save_png(p->shot, p->path, msg, msg_len); /* .tmp, then renamed */
    p->ok = rc == 0;
    return rc;
}

int run_proof_start(struct run_proof *p, const struct run_env *env)
{
    const struct options *o = env->o;
    p->env = env;
    if (o->health_file && o->screenshot_every > 0 &&
        health_screenshot_path(o->health_file, p->path, sizeof(p->path)) != 0) {
        log_warn("health", "no screenshots: the health file's path is too long");
        return -1;
    }
    if (o->screenshot_every > 0 && !o->health_file) {
        log_warn("health", "screenshot_every needs a health file (--health-file): no screenshots");
        return -1;
    }
    return 0;
}

int run_proof_due(struct run_proof *p, uint64_t now)
{
    if (!p->path[0] || p->job ||
        !(p->shot_ms == 0 || now - p->shot_ms >= (uint64_t)p->env->o->screenshot_every * 60000u))
        return 0;
    /* the frame on screen as a visitor sees it, its pictures in: not the
     * first frame, drawn while the title panel's logo is being decoded */
    if (display_stats_of(p->env->d).photos_pending > 0) {
        if (!p->waiting_ms)
            p->waiting_ms = now ? now : 1;
        if (now - p->waiting_ms < RUN_SHOT_WAIT_MS)
            return 0;
    }
    p->waiting_ms = 0;
    return 1;
}

void run_proof_take(struct run_proof *p, uint64_t now, int64_t utc)
{
    p->shot_ms = now ? now : 1; /* a failure waits for the next turn too */
    struct SDL_Surface *s = display_thumbnail(p->env->d, RUN_SHOT_SIDE);
    if (!s) {
        shot_problem(p, "the screen could not be read back");
        return;
    }
    image_free(p->shot);
    p->shot = s;
    p->shot_unix = utc;
    char why[256];
    p->job = job_start("screenshot", shot_job_fn, p, p->env->waker, why, sizeof(why));
    if (!p->job)
        shot_problem(p, why);
}

void run_proof_turn(struct run_proof *p, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !p->job || !job_poll(p->job, &st) || !st.finished)
        return;
    job_free(p->job);
    p->job = NULL;
    image_free(p->shot);
    p->shot = NULL;
    if (st.result != 0) {
        shot_problem(p, st.text);
        return;
    }
    if (p->failing)
        log_info("health", "the screenshot %s is written again", p->path);
    p->failing = 0;
    p->env->health->health.screenshot_unix = p->shot_unix ? p->shot_unix : 1;
    run_health_tick(p->env->health, t->now, 1); /* its time in the figures at once */
}

void run_proof_stop(struct run_proof *p)
{
    if (p->job) {
        job_free(p->job);
        p->job = NULL;
        if (p->ok)
            p->env->health->health.screenshot_unix = p->shot_unix ? p->shot_unix : 1;
    }
    image_free(p->shot);
    p->shot = NULL;
}
