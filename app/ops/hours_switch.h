/* hours_switch.h - when the kiosk closes and opens: the opening-hours
 * switch of the run loop as a pure function of the time and of what the
 * kiosk is doing. The run loop carries out what it says (cmd_run.c,
 * hours_turn): ending a visitor's session, the screen off command and a
 * black frame, the screen on command and a redraw.
 *
 * Closing waits for a visitor: when closing time comes during a session (or
 * a transition, or a wake the statistics have not counted yet), the switch
 * first says HOURS_WIND_DOWN (the session ends, the loop goes back to its
 * first panel), and HOURS_CLOSE only once the kiosk is idle, so the
 * statistics see every session and the kiosk opens at its start, not at the
 * last visitor's "Still there?". Pure; the zone's rules come in as
 * hours_local_fn (hours.h). */
#ifndef VITRINE_HOURS_SWITCH_H
#define VITRINE_HOURS_SWITCH_H

#include <stdint.h>

#include "hours.h"

enum hours_move {
    HOURS_STAY,      /* nothing changes */
    HOURS_WIND_DOWN, /* closing time: end the visitor's session first */
    HOURS_CLOSE,     /* screen off, panels let go */
    HOURS_OPEN,      /* screen on, draw again */
};

struct hours_switch {
    int closed;          /* outside opening hours (and not woken) */
    int closing;         /* closing time came; the session is ending */
    int64_t next_change; /* UTC second of the next opening or closing; -1 none; 0 unknown */
};

/* What the kiosk is doing now. */
struct hours_now {
    int64_t utc_s;
    int open; /* the schedule says open, or a touch woke the kiosk */
    int busy; /* a visitor's session, a transition, or a wake not yet counted */
};

/* One step at n. After HOURS_CLOSE and HOURS_OPEN s->next_change names the
 * next change (for the log). */
enum hours_move hours_switch_step(struct hours_switch *s, const struct hours *h,
                                  const struct hours_now *n, hours_local_fn local);

/* After HOURS_OPEN at utc_s: until when the kiosk stays open, UTC seconds.
 * Opened by the schedule: its next change (s->next_change). Woken by a
 * touch outside the hours (scheduled_open 0): the wake's end, wake_ms from
 * now, unless the hours open before it ends (then their opening, after
 * which the hours keep it open). */
int64_t hours_switch_open_until(const struct hours_switch *s, int64_t utc_s, int scheduled_open,
                                uint64_t wake_ms);

/* While closed: how long the loop may sleep, ms (until the next change, at
 * most a day, at least a second once it is due). */
uint32_t hours_switch_wait_ms(const struct hours_switch *s, int64_t utc_s);

#endif
