/* cmd_run.c - `vitrine run`: the kiosk on a real screen, with USB imports
 * and the staff screen. The loop itself: the clock read once a pass, what
 * the wait brought, the frame, the wait; its services (run_service.h: the
 * health file, proof of play, boot count, sticks and imports, statistics
 * export, staff screen and PIN, statistics, opening hours) each own their
 * part of the state, and the loop calls them in order. */
#define _POSIX_C_SOURCE 200809L
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "display.h"
#include "events.h"
#include "fault.h"
#include "frame_budget.h"
#include "cli.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"
#include "notify.h"
#include "schedule.h"
#include "cmd_run.h"
#include "run_boot.h"
#include "run_display.h"
#include "run_export.h"
#include "run_health.h"
#include "run_hours.h"
#include "run_proof.h"
#include "run_speech.h"
#include "run_service.h"
#include "run_staff.h"
#include "run_state.h"
#include "run_stats.h"
#include "sdl_input.h"
#include "run_sticks.h"

#define RUN_PASS_SLOW_NS 50000000u /* a pass longer than this holds a frame up */

struct run_ctx {
    const struct options *o;
    struct run_env env; /* what the services see: the kiosk, the display, the screen's size */
    /* the loop */
    struct events_cfg ecfg;
    struct frame_budget budget; /* what a transition costs here (frame_budget.h) */
    int budget_kind;            /* the loop's transition now */
    struct frame_log frame_log; /* the transition under way's frames, for the log */
    long frames, wakeups;
    int flags, ask; /* what the last wait brought (events_wait, sim_wait) */
    uint64_t now;   /* the kiosk's time, read once a pass (clock_pass) */
    int64_t utc;    /* the wall clock then (0 when it cannot be read) */
    struct walltime wall;
    uint64_t t0, last_frame;
    uint64_t pass_max_ns; /* the longest pass from its clock reading to its wait */
    long passes, passes_over;
    uint32_t frame_ms;
    int exit_asked;            /* staff's Exit */
    int touched;               /* a visitor touched the screen since the start */
    const struct run_sim *sim; /* the soak (cmd_run.h): NULL in real time */
    long resets;               /* renderer resets handled */
    /* the services, each with its state (run_service.h) */
    struct run_showing showing; /* what is on screen */
    struct run_health health;
    struct run_proof proof;
    struct run_boot boot;
    struct run_staff staff;
    struct run_sticks sticks;
    struct run_export export;
    struct run_stats stats;
    struct run_hours hours;
    struct run_speech speech;
};

static void on_input(void *ctx, const struct input_event *e)
{
    struct run_ctx *r = ctx;
    /* the kiosk's clock is the authority: never act on a time in the future
     * or far in the past (a clock domain error must not fire timeouts) */
    uint64_t now = clock_now_ms();
    if (run_hours_input(&r->hours, e, now))
        return; /* closed or closing: a touch wakes it when allowed, nothing more */
    if (e->kind == INPUT_TOUCH && e->phase == INPUT_DOWN) {
        run_stats_touch(&r->stats); /* a count, nothing more */
        if (!r->touched)
            fault_point("first-touch", run_shown_version(&r->showing));
        r->touched = 1;
    }
    struct input_event ev = *e;
    if (!(ev.t_ms <= now && now - ev.t_ms < 1000))
        ev.t_ms = now;
    kiosk_input(r->env.k, &ev, ev.t_ms);
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

/* Where the loop would block for up to *timeout: a simulation moves its
 * clock instead and says how long to block for real (cmd_run.h). */
static int sim_wait(struct run_ctx *r, long frames, uint32_t *timeout)
{
    if (!r->sim)
        return 0;
    struct kiosk *k = r->env.k;
    int busy = run_sticks_busy(&r->sticks) || r->export.job || r->staff.pin_job;
    struct run_probe p = {
        .busy = busy,
        .jobs = busy || r->health.job || r->proof.job || r->stats.job || r->hours.screen_job,
        .closed = run_hours_closed(&r->hours),
        .mode = kiosk_mode(k),
        .panel = kiosk_current(k),
        .w = r->env.w,
        .h = r->env.h,
        .frames = frames,
        .imports = r->sticks.imports_finished,
        .resets = r->resets,
        .exports = r->export.exports,
        .exports_ok = r->export.exports_ok,
        .staff_open = kiosk_staff_open(k),
        .version = run_shown_version(&r->showing),
    };
    p.n_staff = kiosk_staff_controls(k, &p.staff);
    return r->sim->wait(r->sim->ctx, &p, timeout);
}

/* What a wait brought, open or closed: a renderer reset, a new screen
 * size, the services' finished jobs (their turns), a stop. 0 to go on, 1
 * to stop, -1 when there is no renderer left (the caller exits so that
 * the service manager restarts the kiosk: a black screen is a failure). */
static int after_wait(struct run_ctx *r, const struct run_turn *t, int flags, int ask)
{
    struct display *d = r->env.d;
    struct kiosk *k = r->env.k;
    if (flags & EVENTS_RESET) {
        char why[256];
        if (display_recover(d, (flags & EVENTS_DEVICE_RESET) != 0, why, sizeof(why)) != 0)
            log_error("run", "after the renderer reset: %s", why);
        if (!display_ok(d)) {
            log_error("run", "no renderer after the reset; stopping so the kiosk is restarted");
            return -1;
        }
        run_health_renderer(&r->health);
        kiosk_invalidate(k);
        r->resets++;
        if (run_hours_closed(&r->hours)) { /* closed: the new renderer shows black too */
            display_clear_black(d);
            display_present(d);
        }
    }
    if (flags & EVENTS_REDRAW) {
        int nw, nh;
        display_size(d, &nw, &nh);
        if ((nw != r->env.w || nh != r->env.h) && nw > 0 && nh > 0) {
            /* a display plugged in again, a new resolution or orientation
             * (while closed too: the kiosk opens at the new size) */
            r->env.w = nw;
            r->env.h = nh;
            kiosk_screen_changed(k, r->now);
        }
        kiosk_invalidate(k);
    }
    if ((flags & EVENTS_WAKE) && display_poll_photos(d) > 0)
        kiosk_invalidate(k);
    run_sticks_turn(&r->sticks, t);
    run_export_turn(&r->export, t);
    run_stats_turn(&r->stats, t);
    run_staff_turn(&r->staff, t);
    run_health_turn(&r->health, t);
    run_proof_turn(&r->proof, t);
    run_hours_turn(&r->hours, t);
    if (ask & RUN_SIM_ROLLBACK)
        run_sticks_rollback(&r->sticks, "staff chose the previous exhibit", r->now);
    if ((flags & EVENTS_STOP) || (ask & RUN_SIM_STOP)) {
        log_info("run", "stopping: the system asked the kiosk to quit");
        return 1;
    }
    return 0;
}

/* ---- start, one pass, stop ---- */

/* What to show: --content, else the imported exhibit, else the built-in
 * one; then the display and the kiosk on it (the built-in exhibit when
 * the content opens but none of it can be shown). 0, -1 when nothing can
 * be shown (logged), 1 when stopped while waiting for a display. */
static int open_kiosk(struct run_ctx *r, char *notice, size_t notice_len)
{
    const struct options *o = r->o;
    char why[512] = "";
    char *check = r->sticks.check.path; /* the check deferred until the first frame */
    struct store *store = NULL;
    if (!o->content &&
        !(store = run_state_open(&r->env, check, sizeof(r->sticks.check.path), notice, notice_len)))
        run_boot_switch(&r->boot, "", r->now, r->utc); /* the built-in exhibit: nothing counted */
    if (!store && o->content &&
        store_open_file_flags(o->content, STORE_OPEN_DEFER_CHECK, &store, why, sizeof(why)) == 0)
        snprintf(check, sizeof(r->sticks.check.path), "%s", o->content);
    if (!store)
        store = cli_open_content(o->content, notice + strlen(notice), notice_len - strlen(notice));
    if (!store)
        return -1;
    clock_stage(CLOCK_STAGE_STORE);
    struct display_opts dopts = {.windowed = o->windowed,
                                 .w = o->width,
                                 .h = o->height,
                                 .renderer = o->renderer,
                                 .dpi = (float)o->dpi,
                                 .rotation = (int)o->rotation,
                                 .loop_first = 1};
    r->env.d = display_open(&dopts, why, sizeof(why));
    if (!r->env.d && !o->windowed && !r->sim) {
        if (run_display_wait(&r->env.d, &dopts, why) != 0) {
            store_close(store);
            return 1; /* stopped: not a failure */
        }
    }
    if (!r->env.d) {
        log_error("run", "cannot open the display: %s", why);
        store_close(store);
        return -1;
    }
    events_stop_on_signals(); /* a stop also ends a long store query at once */
    /* the settings: the command line over the file (main.c read both) */
    int alternate = o->loop_languages && strcmp(o->loop_languages, "alternate") == 0;
    struct kiosk_opts kopts = {
        .locale = o->locale,
        .idle_ms = (uint32_t)o->idle_s * 1000u,
        .reduced_motion = o->reduced_motion,
        .loop_languages = alternate ? KIOSK_LOOP_ALTERNATE : KIOSK_LOOP_DEFAULT,
        .locales = o->locales,
        .n_locales = o->n_locales,
        .countdown_ms = (uint32_t)o->countdown_s * 1000u,
        .speech = o->speech && strcmp(o->speech, "on") == 0,
        .speech_any_key = !o->speech_key || !*o->speech_key || strcmp(o->speech_key, "any") == 0};
    if (kopts.speech && input_speech_key(o->speech_key) != 0) {
        log_warn("run",
                 "speech_key \"%s\" is not a key SDL knows; any key starts the audio "
                 "guide",
                 o->speech_key);
        kopts.speech_any_key = 1;
    }
    if (o->locale && !(kopts.locale = store_locale_find(store, o->locale)))
        unknown_locale(store, o->locale, notice, notice_len);
    display_set_video(r->env.d, events_waker(), o->audio && strcmp(o->audio, "on") == 0,
                      display_hwdec_named(o->hwdec));
    struct presenter pres = display_presenter(r->env.d);
    r->env.k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    clock_stage(CLOCK_STAGE_LAYOUT);
    if (!r->env.k && (o->content || r->showing.gen[0])) {
        /* the content opened but none of it can be shown */
        log_error("run", "%s Showing the built-in exhibit instead.", why);
        snprintf(notice, notice_len, "Content not shown: %s Showing the built-in exhibit.", why);
        r->showing.gen[0] = '\0';
        run_boot_switch(&r->boot, "", r->now, r->utc);
        store = cli_open_content(NULL, why, sizeof(why));
        if (store)
            r->env.k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    }
    if (!r->env.k) {
        log_error("run", "nothing to show: %s", why);
        return -1;
    }
    if (notice[0])
        kiosk_notice(r->env.k, notice, clock_now_ms());
    display_size(r->env.d, &r->env.w, &r->env.h);
    log_info("run", "%dx%d on %s, %d panels", r->env.w, r->env.h, display_driver(r->env.d),
             kiosk_panel_count(r->env.k));
    return 0;
}

/* The kiosk is on screen: the services start (the staff PIN, proof of
 * play, the health file, the stick watcher, the statistics opened and
 * checked on their job, the export, opening hours). */
static void start_services(struct run_ctx *r)
{
    const struct options *o = r->o;
    r->env.waker = events_waker();
    run_staff_start(&r->staff);
    run_proof_start(&r->proof, &r->env);
    run_health_start(&r->health, o->health_file);
    run_sticks_start(&r->sticks);
    run_staff_refresh(&r->staff);
    run_stats_start(&r->stats, &r->env, clock_now_ms());
    run_export_start(&r->export, &r->env);
    run_hours_start(&r->hours, &r->env);
    run_speech_start(&r->speech, &r->env);
    r->ecfg = (struct events_cfg){.rotation = (int)o->rotation,
                                  .touch_rotation = (int)o->touch_rotation,
                                  .poll_ms = 0,
                                  .allow_close = 0,
                                  .since_ns = 0};
    r->budget_kind = TRANS_CROSSFADE;
    frame_budget_init(&r->budget, r->budget_kind);
}

/* The first frame is on screen: the deferred check of the whole exhibit
 * file starts, the service manager hears the kiosk is ready. */
static void first_frame(struct run_ctx *r)
{
    run_sticks_check(&r->sticks);
    run_health_tick(&r->health, r->last_frame, 1);
    char ready[160];
    snprintf(ready, sizeof(ready), "showing %d panels at %dx%d", kiosk_panel_count(r->env.k),
             r->env.w, r->env.h);
    notify_ready(ready);
    int exact = 0;
    clock_stage(CLOCK_STAGE_PRESENT);
    double since_exec = clock_since_exec_ms(&exact);
    char stages[256];
    clock_stages_line(stages, sizeof(stages));
    log_info("run", "first frame presented %.1f ms after exec%s (%llu ms after main)", since_exec,
             exact ? "" : " (kernel start time, 10 ms steps)",
             (unsigned long long)(r->last_frame - r->t0));
    log_info("run", "start-up in ms: %s", stages);
    /* this process's own high-water mark since its exec (a launcher's
     * wait4 counts the forked launcher's memory too) */
    FILE *st = fopen("/proc/self/status", "r");
    char line[128];
    long hwm = -1;
    while (st && hwm < 0 && fgets(line, sizeof(line), st))
        if (sscanf(line, "VmHWM: %ld kB", &hwm) != 1)
            hwm = -1;
    if (st)
        fclose(st);
    if (hwm >= 0)
        log_info("run", "peak resident memory at the first frame: %.1f MB", (double)hwm / 1024.0);
    fault_point("frame-shown", run_shown_version(&r->showing));
}

/* A transition frame's cost: a screen that cannot hold it gets a cheaper
 * one (frame_budget.h). */
static void budget_step(struct run_ctx *r, int trans, double ms)
{
    static const char *const names[] = {"a cut", "a crossfade", "a slide"};
    struct frame_log_sum sum;
    if (frame_log_add(&r->frame_log, trans, ms, &sum))
        log_debug("run",
                  "transitions: %s took %d frames at %dx%d, %.2f ms a frame (median), %.2f at most",
                  names[sum.kind], sum.frames, r->env.w, r->env.h, sum.median, sum.worst);
    if (trans == TRANS_NONE)
        return;
    int kind = frame_budget_add(&r->budget, trans, ms);
    if (kind == r->budget_kind)
        return;
    log_warn("run",
             "transitions: %s takes %.1f ms a frame at %dx%d (over %.0f ms); the loop now uses %s",
             names[r->budget_kind], r->budget.last_median, r->env.w, r->env.h, FRAME_BUDGET_MS,
             names[kind]);
    r->budget_kind = kind;
    kiosk_set_loop_transition(r->env.k, kind);
}

/* Draw and present a frame when the kiosk needs one. 1 when --frames
 * frames are presented. */
static int frame_step(struct run_ctx *r, uint64_t now)
{
    struct kiosk *k = r->env.k;
    /* a screenshot due draws the screen once more (a still panel draws
     * nothing), to read it back before the present */
    int due = run_proof_due(&r->proof, now), shot = due && r->frames > 0;
    if (!kiosk_needs_frame(k, now) && !shot)
        return 0;
    int trans = kiosk_transition_kind(k);
    uint64_t f0 = clock_real_ns(); /* a stopwatch: the cost of the frame */
    if (r->frames == 0)
        fault_point("first-frame", run_shown_version(&r->showing));
    kiosk_draw(k, now);
    uint64_t s0 = clock_real_ns(); /* the screenshot's cost is not the frame's */
    if (due)                       /* the first at the first frame, which is drawn anyway */
        run_proof_take(&r->proof, now, r->utc);
    f0 += clock_real_ns() - s0;
    display_present(r->env.d);
    double ms = (double)(clock_real_ns() - f0) / 1e6;
    run_health_frame(&r->health, ms, kiosk_current(k));
    budget_step(r, trans, ms);
    r->last_frame = now;
    if (++r->frames == 1)
        first_frame(r);
    return r->o->frames && r->frames >= r->o->frames;
}

/* Staff's choices on the staff screen, passed to the services; and an
 * exhibit that fails on screen right after its switch goes back to the
 * previous one by itself. */
static void staff_step(struct run_ctx *r, uint64_t now)
{
    run_staff_look(&r->staff, now);
    switch (kiosk_staff_take(r->env.k)) {
    case STAFF_ACT_ROLLBACK:
        log_info("run", "staff asked to roll back");
        run_sticks_rollback(&r->sticks, NULL, now);
        break;
    case STAFF_ACT_RELOAD:
        log_info("run", "staff asked to load from the stick again");
        run_sticks_reload(&r->sticks, now);
        break;
    case STAFF_ACT_EXPORT:
        log_info("run", "staff asked to export the visitor statistics to a stick");
        run_export_ask(&r->export, run_sticks_importing(&r->sticks), &r->wall, now);
        break;
    case STAFF_ACT_EXIT:
        log_info("run", "staff asked the kiosk to stop");
        r->exit_asked = 1;
        break;
    default:
        break;
    }
    run_sticks_look(&r->sticks, now);
}

/* Once a pass, open or closed: the loop itself pings the watchdog (a hung
 * loop stops the pings) and counts the exhibit's running time. */
static void upkeep(struct run_ctx *r, const struct run_turn *t)
{
    notify_watchdog(t->now);
    run_boot_turn(&r->boot, t);
}

/* How long the open kiosk may wait: the next frame of an animation, else
 * the kiosk's next deadline (a minute at most), the watchdog's ping and
 * the services' deadlines (boot-alive, the health file's refresh). */
static uint32_t open_wait_ms(struct run_ctx *r, uint64_t now)
{
    struct kiosk *k = r->env.k;
    uint32_t timeout;
    if (kiosk_animating(k, now)) {
        uint64_t due = r->last_frame + r->frame_ms;
        timeout = due > now ? (uint32_t)(due - now) : 0;
    } else {
        uint64_t due = kiosk_deadline(k, now);
        timeout = due > now ? (due - now > 60000 ? 60000u : (uint32_t)(due - now)) : 0;
    }
    uint32_t wd = notify_watchdog_wait_ms(now);
    if (wd && timeout > wd)
        timeout = wd; /* wake in time to ping */
    timeout = run_boot_wait_ms(&r->boot, now, timeout);
    timeout = run_health_wait_ms(&r->health, now, timeout);
    /* polling drivers: read input at frame rate while a visitor touches,
     * less often when nobody does (in the loop a touch only wakes it) */
    r->ecfg.poll_ms = kiosk_touch_active(k, now)   ? KIOSK_FRAME_MS / 2
                      : kiosk_mode(k) == MODE_LOOP ? EVENTS_POLL_IDLE_MS
                                                   : EVENTS_POLL_MS;
    return timeout;
}

/* How long the closed kiosk may wait: until the next opening, a touch's
 * wake ending, or the watchdog's ping. */
static uint32_t closed_wait_ms(struct run_ctx *r, uint64_t now, uint32_t until_open)
{
    if (r->frames++ == 0)
        notify_ready("closed: outside opening hours");
    uint32_t wait = until_open, wd = notify_watchdog_wait_ms(now);
    if (wd && wait > wd)
        wait = wd;
    wait = run_hours_wait_ms(&r->hours, now, wait);
    r->ecfg.poll_ms = EVENTS_POLL_IDLE_MS;
    return run_boot_wait_ms(&r->boot, now, wait);
}
/* Wait for input, a job, a signal or the timeout (counted from when the
 * pass read the clock); the next pass acts on what came. Input is handed
 * to the kiosk as it comes (on_input). */
static void wait_step(struct run_ctx *r, const struct clock_pass *t, uint32_t timeout)
{
    if (r->frames > 1) { /* the loop's own work, once the first frame is up */
        uint64_t busy = clock_real_ns() - t->real_ns;
        r->passes++;
        r->passes_over += busy > RUN_PASS_SLOW_NS;
        if (busy > r->pass_max_ns)
            r->pass_max_ns = busy;
        if (busy > RUN_PASS_SLOW_NS) /* which one, among the other lines */
            log_debug("run", "a pass took %.1f ms (after frame %ld)", (double)busy / 1e6,
                      r->frames);
    }
    r->ecfg.since_ns = t->real_ns;
    r->ask = sim_wait(r, r->frames, &timeout);
    r->flags = events_wait(r->env.d, &r->ecfg, timeout, on_input, r, &r->wakeups);
}

/* One pass of the loop, as mpv's play loop: the clock read once; what the
 * last wait brought; the named steps; the wait. 0 to go on, 1 to stop, -1
 * when there is no renderer left. */
static int run_pass(struct run_ctx *r)
{
    struct clock_pass t;
    clock_pass(&t);
    r->now = t.now_ms;
    r->utc = t.wall_ok ? t.wall.utc_s : 0;
    r->wall = t.wall;
    struct run_turn turn = {
        .now = r->now, .utc = r->utc, .wall = &r->wall, .woken = (r->flags & EVENTS_WAKE) != 0};
    int next = after_wait(r, &turn, r->flags, r->ask);
    r->flags = r->ask = 0;
    if (next != 0)
        return next;
    struct kiosk *k = r->env.k;
    uint32_t until_open = 0;
    if (t.wall_ok) {
        kiosk_set_walltime(k, &t.wall);
        if (run_hours_check(&r->hours, &t.wall, t.now_ms, run_stats_wakes(&r->stats),
                            &until_open)) {
            uint32_t wait = closed_wait_ms(r, t.now_ms, until_open);
            upkeep(r, &turn);
            wait_step(r, &t, wait);
            return 0;
        }
    }
    kiosk_update(k, t.now_ms);
    run_speech_step(&r->speech); /* what the input and the update asked to say */
    staff_step(r, t.now_ms);
    run_stats_look(&r->stats, t.now_ms, r->utc);
    if (r->exit_asked || frame_step(r, t.now_ms))
        return 1;
    upkeep(r, &turn);
    run_health_tick(&r->health, t.now_ms, 0);
    /* after the frame, not on its way: a view put to rest while its
     * figures count is drawn from its tiles by the frames that follow */
    display_idle(r->env.d);
    wait_step(r, &t, open_wait_ms(r, t.now_ms));
    return 0;
}

/* Every way out: the last figures, jobs ended before SDL quits (a job may
 * still call the waker), the last statistics, a clean exit counted. */
static void run_stop(struct run_ctx *r)
{
    if (r->env.d) {
        uint64_t now = clock_now_ms();
        log_info("run", "the loop's longest pass took %.1f ms; %ld of %ld passes over %u ms",
                 (double)r->pass_max_ns / 1e6, r->passes_over, r->passes,
                 (unsigned)(RUN_PASS_SLOW_NS / 1000000u));
        run_proof_stop(&r->proof);        /* a screenshot being written: in the last figures */
        run_health_stop(&r->health, now); /* the last figures, and the frames of a --frames run */
        notify_stopping();
        run_sticks_stop(&r->sticks);
        run_export_stop(&r->export);
        run_staff_stop(&r->staff);
        run_hours_stop(&r->hours); /* a screen command still running: stopped, reaped */
        run_speech_stop(&r->speech);
        run_stats_stop(&r->stats, now);
        kiosk_free(r->env.k);
        display_close(r->env.d);
    }
    run_boot_stop(&r->boot); /* every way out is a clean exit (a crash never comes here) */
    run_staff_end(&r->staff);
    run_sticks_end(&r->sticks);
}

int cmd_run(const struct options *o)
{
    /* a root kiosk on the service's folder would leave a statistics file
     * and generations the service cannot write ("no statistics are kept") */
    if (cli_refuse_root(o, "run", ""))
        return 1;
    return run_kiosk(o, NULL);
}

int run_kiosk(const struct options *o, const struct run_sim *sim)
{
    static struct run_ctx ctx; /* large; one per process */
    memset(&ctx, 0, sizeof(ctx));
#if defined(M_MMAP_THRESHOLD)
    /* A panel's pixels (a full screen each) come from the system and go
     * back to it when the panel is let go. glibc would otherwise raise its
     * threshold past their size at the first free and keep them in the
     * heap, which keeps the most it ever held for good. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    display_prepare_env(); /* no thread yet */
    ctx.o = o;
    ctx.sim = sim;
    ctx.env = (struct run_env){.o = o,
                               .showing = &ctx.showing,
                               .health = &ctx.health,
                               .boot = &ctx.boot,
                               .staff = &ctx.staff};
    struct clock_pass t;
    clock_pass(&t); /* start-up's time, until the first pass reads it again */
    ctx.t0 = ctx.now = t.now_ms;
    ctx.utc = t.wall_ok ? t.wall.utc_s : 0;
    ctx.wall = t.wall;
    ctx.frame_ms = sim && sim->frame_ms ? sim->frame_ms : KIOSK_FRAME_MS;
    run_sticks_init(&ctx.sticks, &ctx.env);
    run_health_init(&ctx.health, &ctx.env, ctx.t0, ctx.utc);
    run_boot_init(&ctx.boot, &ctx.env);
    run_staff_init(&ctx.staff, &ctx.env); /* the log lines, from here on */
    options_log_problems(o);              /* the settings file's, once */
    notify_init();
    char notice[768] = "";
    int next = -1, opened = open_kiosk(&ctx, notice, sizeof(notice));
    if (opened == 0) {
        start_services(&ctx);
        while ((next = run_pass(&ctx)) == 0)
            ;
    } else if (opened == 1) {
        next = 1; /* stopped while waiting for a display */
    }
    run_stop(&ctx);
    return next > 0 ? 0 : 1;
}
