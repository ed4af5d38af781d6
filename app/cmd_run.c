/* cmd_run.c - `vitrine run`: the kiosk on a real screen. */
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "display.h"
#include "events.h"
#include "cli.h"
#include "job.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"

#define RUN_JOBS_MAX 4

struct run_ctx {
    struct kiosk *k;
    /* background work the loop owns (the USB import will be the first):
     * started with `waker`, polled when events_wait says EVENTS_WAKE */
    struct waker waker;
    struct job *jobs[RUN_JOBS_MAX];
};

/* Woken by background work: report what the jobs say and free those that
 * finished (the staff screen will show these lines). */
static void poll_jobs(struct run_ctx *r)
{
    for (int i = 0; i < RUN_JOBS_MAX; i++) {
        struct job_status st;
        if (!r->jobs[i] || !job_poll(r->jobs[i], &st))
            continue;
        if (!st.finished) {
            log_debug("run", "%s: %s", job_name(r->jobs[i]), st.text);
            continue;
        }
        log_msg(st.result ? LOG_WARN : LOG_INFO, "run", "%s: %s", job_name(r->jobs[i]), st.text);
        job_free(r->jobs[i]);
        r->jobs[i] = NULL;
    }
}

static void on_input(void *ctx, const struct input_event *e)
{
    struct run_ctx *r = ctx;
    /* the kiosk's clock is the authority: never act on a time in the future
     * or far in the past (a clock domain error must not fire timeouts) */
    uint64_t now = clock_now_ms();
    struct input_event ev = *e;
    if (!(ev.t_ms <= now && now - ev.t_ms < 1000))
        ev.t_ms = now;
    kiosk_input(r->k, &ev, ev.t_ms);
}

/* --locale names no language of the exhibit: a kiosk never stays black, so
 * it starts in the default language, and says so in the log and on the
 * staff notice (after any notice already there). */
static void unknown_locale(struct store *store, const char *locale, char *notice, size_t n)
{
    char list[512], why[256];
    struct arena a;
    struct store_info info;
    const char *name = "its default language";
    arena_init(&a, 1024);
    if (store_info(store, NULL, &a, &info, why, sizeof(why)) == 0)
        for (int i = 0; i < info.n_locales; i++)
            if (strcmp(info.locales[i], info.default_locale) == 0)
                name = info.locale_names[i];
    char msg[768];
    snprintf(msg, sizeof(msg), "the exhibit has no language '%s'; it has: %s. Showing %s.", locale,
             store_locale_list(store, list, sizeof(list)), name);
    log_warn("run", "--locale: %s", msg);
    size_t used = strlen(notice);
    if (used + 1 < n &&
        snprintf(notice + used, n - used, "%sThe%s", used ? " " : "", msg + 3) < 0) /* "the" */
        notice[used] = '\0';
    arena_free(&a);
}

int cmd_run(const struct options *o)
{
    char why[512] = "", notice[768];
    int status = 1;
    uint64_t t0 = clock_now_ms();
    struct store *store = cli_open_content(o->content, notice, sizeof(notice));
    if (!store)
        return 1;
    struct display_opts dopts = {.windowed = o->windowed, .w = o->width, .h = o->height};
    struct display *d = display_open(&dopts, why, sizeof(why));
    if (!d) {
        log_error("run", "cannot open the display: %s", why);
        store_close(store);
        return 1;
    }
    struct kiosk_opts kopts = {.locale = o->locale, .idle_ms = (uint32_t)o->idle_s * 1000u};
    if (o->locale && !(kopts.locale = store_locale_find(store, o->locale)))
        unknown_locale(store, o->locale, notice, sizeof(notice));
    struct presenter pres = display_presenter(d);
    struct kiosk *k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    if (!k && o->content) {
        /* the requested content opened but none of it can be shown */
        log_error("run", "%s Showing the built-in exhibit instead.", why);
        snprintf(notice, sizeof(notice), "Content not shown: %s Showing the built-in exhibit.",
                 why);
        store = cli_open_content(NULL, why, sizeof(why));
        if (store)
            k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    }
    if (!k) {
        log_error("run", "nothing to show: %s", why);
        goto done;
    }
    if (notice[0])
        kiosk_notice(k, notice, clock_now_ms());
    int w, h;
    display_size(d, &w, &h);
    log_info("run", "%dx%d on %s, %d panels", w, h, display_driver(d), kiosk_panel_count(k));

    struct run_ctx ctx = {.k = k, .waker = events_waker()};
    struct events_cfg ecfg = {.rotation = (int)o->rotation};
    long frames = 0, wakeups = 0;
    uint64_t last_frame = 0;
    for (;;) {
        uint64_t now = clock_now_ms();
        struct walltime wall;
        if (clock_wall(&wall) == 0)
            kiosk_set_walltime(k, &wall);
        kiosk_update(k, now);
        if (kiosk_needs_frame(k, now)) {
            kiosk_draw(k, now);
            display_present(d);
            last_frame = now;
            if (++frames == 1)
                log_debug("run", "first frame %llu ms after start", (unsigned long long)(now - t0));
            if (o->frames && frames >= o->frames)
                break;
        }
        now = clock_now_ms();
        uint32_t timeout;
        if (kiosk_animating(k, now)) {
            uint64_t due = last_frame + KIOSK_FRAME_MS;
            timeout = due > now ? (uint32_t)(due - now) : 0;
        } else {
            uint64_t due = kiosk_deadline(k, now);
            timeout = due > now ? (due - now > 60000 ? 60000u : (uint32_t)(due - now)) : 0;
        }
        /* polling drivers: read input at frame rate while a visitor touches,
         * less often when nobody does (in the loop a touch only wakes it) */
        ecfg.poll_ms = kiosk_touch_active(k, now)   ? KIOSK_FRAME_MS / 2
                       : kiosk_mode(k) == MODE_LOOP ? EVENTS_POLL_IDLE_MS
                                                    : EVENTS_POLL_MS;
        int flags = events_wait(d, &ecfg, timeout, on_input, &ctx, &wakeups);
        if (flags & EVENTS_RESET) {
            char rwhy[256];
            if (display_recover(d, (flags & EVENTS_DEVICE_RESET) != 0, rwhy, sizeof(rwhy)) != 0)
                log_error("run", "after the renderer reset: %s", rwhy);
            if (!display_ok(d)) {
                /* a black screen is a failure: exit so that the service
                 * manager starts the kiosk again, with a new display */
                log_error("run", "no renderer after the reset; stopping so the kiosk is restarted");
                goto done;
            }
            kiosk_invalidate(k);
        }
        if (flags & EVENTS_REDRAW)
            kiosk_invalidate(k);
        if ((flags & EVENTS_WAKE) && display_poll_photos(d) > 0)
            kiosk_invalidate(k);
        if (flags & EVENTS_WAKE)
            poll_jobs(&ctx);
        if (flags & EVENTS_STOP) {
            log_info("run", "stopping: the system asked the kiosk to quit");
            break;
        }
    }
    for (int i = 0; i < RUN_JOBS_MAX; i++)
        job_free(ctx.jobs[i]); /* before SDL quits: a job may still call the waker */
    status = 0;
done:
    kiosk_free(k);
    display_close(d);
    return status;
}
