/* run_hours.c - opening hours in the running kiosk (run_hours.h): closing,
 * opening, a touch's wake, and the screen commands on their job. Its own
 * file so that the run loop (cmd_run.c) only asks whether it is closed. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "display.h"
#include "hours.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"
#include "run_hours.h"

int run_hours_start(struct run_hours *h, const struct run_env *env)
{
    h->env = env;
    return 0;
}

/* Start the screen command for state (screen_power.h: the one it says to
 * start now), on its job; one without a command, or that cannot start, ends
 * at once and the next waiting starts instead. */
static void screen_start(struct run_hours *h, int state)
{
    const struct options *o = h->env->o;
    while (state != SCREEN_NONE) {
        const char *cmd = state == SCREEN_OFF ? o->screen_off : o->screen_on;
        h->screen_cmd.cmd = cmd;
        h->screen_cmd.what = state == SCREEN_OFF ? "screen_off_command" : "screen_on_command";
        char why[256];
        if (cmd && *cmd) {
            h->screen_job = job_start("screen", screen_cmd_job, &h->screen_cmd, h->env->waker, why,
                                      sizeof(why));
            if (h->screen_job)
                return; /* run_hours_turn sees it end */
            log_warn("run", "%s: cannot run \"%s\": %s", h->screen_cmd.what, cmd, why);
        }
        state = screen_power_ended(&h->screen);
    }
}

void run_hours_turn(struct run_hours *h, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !h->screen_job || !job_poll(h->screen_job, &st) || !st.finished)
        return;
    job_free(h->screen_job);
    h->screen_job = NULL;
    if (st.result == SCREEN_CMD_OK)
        log_info("run", "%s", st.text);
    else
        log_warn("run", "%s (\"%s\")", st.text, h->screen_cmd.cmd);
    screen_start(h, screen_power_ended(&h->screen)); /* the state wanted meanwhile */
}

static void describe_change(int64_t utc, char *buf, size_t n)
{
    struct walltime w;
    static const char *const days[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                       "Thursday", "Friday", "Saturday"};
    if (utc < 0 || clock_wall_at(utc, &w) != 0)
        snprintf(buf, n, "no change within a week");
    else
        snprintf(buf, n, "%s %04d-%02d-%02d %02d:%02d", days[w.weekday], w.year, w.month, w.day,
                 w.hour, w.minute);
}

int run_hours_check(struct run_hours *h, const struct walltime *wall, uint64_t now, long wakes,
                    uint32_t *wait_ms)
{
    const struct hours *oh = &h->env->o->hours;
    struct kiosk *k = h->env->k;
    struct display *d = h->env->d;
    if (!oh->set)
        return 0;
    struct hours_now n = {
        .utc_s = wall->utc_s,
        .open = hours_open_at(oh, wall) || now < h->woken_until,
        .busy = kiosk_mode(k) != MODE_LOOP || kiosk_transitioning(k) || kiosk_wakes(k) != wakes,
    };
    char when[64];
    switch (hours_switch_step(&h->hs, oh, &n, clock_wall_at)) {
    case HOURS_WIND_DOWN:
        /* the visitor's session ends (and the statistics see every wake
         * first), the loop goes back to its first panel; the kiosk closes
         * once that panel is in place (under a second) */
        kiosk_end_session(k, now);
        return 0;
    case HOURS_CLOSE:
        describe_change(h->hs.next_change, when, sizeof(when));
        log_info("run", "closed: outside opening hours until %s", when);
        kiosk_staff_progress(k, NULL, now);
        kiosk_sleep(k); /* a dark kiosk holds no panel in memory */
        display_trim(d);
        display_clear_black(d);
        display_present(d);
        screen_start(h, screen_power_want(&h->screen, SCREEN_OFF));
        break;
    case HOURS_OPEN: {
        int scheduled = hours_open_at(oh, wall);
        describe_change(hours_switch_open_until(&h->hs, wall->utc_s, scheduled,
                                                now < h->woken_until ? h->woken_until - now : 0),
                        when, sizeof(when));
        log_info("run", "open%s until %s", scheduled ? "" : " (woken by a touch)", when);
        screen_start(h, screen_power_want(&h->screen, SCREEN_ON));
        kiosk_invalidate(k);
        break;
    }
    case HOURS_STAY:
        break;
    }
    if (!h->hs.closed)
        return 0;
    /* no wake-ups before the next opening (a touch or a job still wakes) */
    *wait_ms = hours_switch_wait_ms(&h->hs, wall->utc_s);
    return 1;
}

int run_hours_input(struct run_hours *h, const struct input_event *e, uint64_t now)
{
    if (!h->hs.closed && !h->hs.closing)
        return 0;
    /* a touch on a dark (or darkening) kiosk wakes it when allowed, nothing more */
    if (h->env->o->wake_minutes > 0 && e->kind == INPUT_TOUCH && e->phase == INPUT_DOWN)
        h->woken_until = now + (uint64_t)h->env->o->wake_minutes * 60000u;
    return 1;
}

int run_hours_closed(const struct run_hours *h)
{
    return h->hs.closed;
}

uint32_t run_hours_wait_ms(const struct run_hours *h, uint64_t now, uint32_t timeout)
{
    if (h->woken_until > now && h->woken_until - now < timeout)
        timeout = (uint32_t)(h->woken_until - now);
    return timeout;
}

void run_hours_stop(struct run_hours *h)
{
    job_free(h->screen_job); /* a screen command still running: stopped, reaped */
    h->screen_job = NULL;
}
