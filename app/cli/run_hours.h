/* run_hours.h - opening hours in the running kiosk (o->hours), a run loop
 * service (run_service.h): outside them the kiosk is closed, the screen
 * dark and nothing drawn; a touch may wake it for wake_minutes. The screen
 * commands (screen_off_command, screen_on_command) run one at a time on
 * their job (cmd_run_screen.h, screen_power.h). */
#ifndef VITRINE_RUN_HOURS_H
#define VITRINE_RUN_HOURS_H

#include "cmd_run_screen.h"
#include "events.h"
#include "hours_switch.h"
#include "run_service.h"
#include "screen_power.h"

struct run_hours {
    const struct run_env *env;
    struct hours_switch hs; /* closed, closing, the next change (hours_switch.h) */
    uint64_t woken_until;   /* a touch while closed shows the exhibit until then */
    struct screen_power screen;
    struct job *screen_job;
    struct screen_cmd_ctx screen_cmd; /* the job's while it runs */
};

int run_hours_start(struct run_hours *h, const struct run_env *env);
/* A screen command ended: logged, and the next wanted meanwhile started. */
void run_hours_turn(struct run_hours *h, const struct run_turn *t);
/* Once a pass with the wall clock: 1 while the kiosk is closed (the loop
 * then draws nothing and waits until *wait_ms). On closing: the screen off
 * command and one black frame; on opening: the screen on command and a
 * redraw. wakes: kiosk_wakes that the statistics have seen. */
int run_hours_check(struct run_hours *h, const struct walltime *wall, uint64_t now, long wakes,
                    uint32_t *wait_ms);
/* Input: 1 when the kiosk is closed or closing, where a touch only wakes
 * it (when allowed) and nothing more reaches the kiosk. */
int run_hours_input(struct run_hours *h, const struct input_event *e, uint64_t now);
/* Closed (and not woken). */
int run_hours_closed(const struct run_hours *h);
/* timeout, or less: until a touch's wake ends. */
uint32_t run_hours_wait_ms(const struct run_hours *h, uint64_t now, uint32_t timeout);
/* A screen command still running: stopped, reaped. */
void run_hours_stop(struct run_hours *h);

#endif
