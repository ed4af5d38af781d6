/* run_health.c - the running kiosk's health file: the figures (health.h)
 * formatted on the loop, written on a job (run_health.h). Its own file so
 * that the run loop (cmd_run.c) only says when. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "display.h"
#include "fsio_posix.h"
#include "kiosk.h"
#include "log.h"
#include "run_health.h"

void run_health_init(struct run_health *h, const struct run_env *env, uint64_t now, int64_t utc)
{
    h->env = env;
    health_init(&h->health, now, utc);
}

/* The exhibit on screen, for the health file. */
static void health_exhibit(struct run_health *h)
{
    const struct run_showing *s = h->env->showing;
    const struct options *o = h->env->o;
    struct kiosk *k = h->env->k;
    if (s->gen[0])
        health_set_exhibit(&h->health, "imported", s->r.title, s->r.slug, s->r.version, s->gen,
                           s->r.signer, k ? kiosk_panel_count(k) : s->r.n_panels);
    else
        health_set_exhibit(&h->health, o->content ? "file" : "builtin",
                           o->content ? o->content : "the built-in exhibit", "", "", "", "",
                           k ? kiosk_panel_count(k) : 0);
}

/* A health file problem, in the log once until a write works again. */
static void health_problem(struct run_health *h, const char *why)
{
    if (!h->health.write_failing)
        log_warn("health", "the health file is not written (said once): %s", why);
    h->health.write_failing = 1;
}

/* The health job: the text formatted on the loop, written (and fsynced
 * now and then) here. */
static int health_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_health *h = ctx;
    return health_write_file(fsio_posix(), h->file, h->text, h->len, h->at, &h->fsync_ms, msg,
                             msg_len);
}

/* The figures as text now; -1 when they do not fit (said once). */
static int health_text(struct run_health *h, uint64_t now)
{
    health_exhibit(h);
    int n = health_format(&h->health, now, h->text, sizeof(h->text));
    if (n < 0) {
        health_problem(h, "the figures do not fit in the health file's buffer");
        return -1;
    }
    h->len = (size_t)n;
    h->at = now;
    return 0;
}

int run_health_start(struct run_health *h, const char *file)
{
    h->file = file;
    run_health_renderer(h);
    h->panel = -1;
    return 0;
}

void run_health_renderer(struct run_health *h)
{
    health_set_renderer(&h->health, display_renderer_name(h->env->d), display_driver(h->env->d));
}

void run_health_tick(struct run_health *h, uint64_t now, int force)
{
    if (!h->file || h->job || (!force && now - h->saved_ms < RUN_HEALTH_EVERY_MS))
        return;
    h->saved_ms = now;
    if (health_text(h, now) != 0)
        return;
    char why[256];
    h->job = job_start("health", health_job_fn, h, h->env->waker, why, sizeof(why));
    if (!h->job)
        health_problem(h, why);
}

void run_health_turn(struct run_health *h, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !h->job || !job_poll(h->job, &st) || !st.finished)
        return;
    job_free(h->job);
    h->job = NULL;
    if (st.result != 0) {
        health_problem(h, st.text);
        return;
    }
    if (h->health.write_failing)
        log_info("health", "the health file %s is written again", h->file);
    h->health.write_failing = 0;
}

void run_health_frame(struct run_health *h, double ms, int panel)
{
    health_frame(&h->health, ms / 1000.0);
    if (panel != h->panel) {
        h->panel = panel;
        h->health.panels_shown++;
    }
}

uint32_t run_health_wait_ms(const struct run_health *h, uint64_t now, uint32_t timeout)
{
    (void)now;
    if (h->file && timeout > RUN_HEALTH_EVERY_MS)
        timeout = RUN_HEALTH_EVERY_MS; /* the health file stays fresh */
    return timeout;
}

void run_health_stop(struct run_health *h, uint64_t now)
{
    job_free(h->job);
    h->job = NULL;
    char why[256];
    if (h->file && health_text(h, now) == 0 &&
        health_write_file(fsio_posix(), h->file, h->text, h->len, now, &h->fsync_ms, why,
                          sizeof(why)) != 0)
        health_problem(h, why);
}
