/* schedule.h - the loop (attract mode) schedule. Pure: time is an argument.
 *
 * A panel dwells for a time derived from how much there is to read (about
 * 175 words a minute plus a base, bounded), then a transition of fixed
 * length shows the next panel. The next panel is prepared (rasterised)
 * before its transition starts: schedule_tick reports SCHED_PREPARE a lead
 * time before the transition.
 *
 * The fields of struct schedule are the schedule's own: others read them
 * and change them only through these functions. */
#ifndef VITRINE_SCHEDULE_H
#define VITRINE_SCHEDULE_H

#include <stdint.h>

#include "panel.h"

#define SCHED_WPM 175
#define SCHED_BASE_MS 4000u
#define SCHED_MIN_DWELL_MS 7000u
#define SCHED_MAX_DWELL_MS 40000u
#define SCHED_FIGURE_EXTRA_MS 2000u /* statistic panels: time to watch the count-up */
#define SCHED_CROSSFADE_MS 700u
#define SCHED_SLIDE_MS 380u
#define SCHED_PREPARE_LEAD_MS 1000u

enum transition_kind { TRANS_NONE, TRANS_CROSSFADE, TRANS_SLIDE };

/* Dwell for a panel with `words` words of the given kind, ms. */
uint32_t schedule_dwell_ms(int words, enum panel_kind kind);

enum sched_phase { SCHED_DWELL, SCHED_TRANSITION };

struct schedule {
    int count;   /* panels in the exhibit, >= 1 */
    int current; /* panel shown (or leaving, during a transition) */
    int next;    /* panel arriving during a transition, or being prepared */
    enum sched_phase phase;
    uint64_t phase_start_ms;
    uint32_t dwell_ms; /* of the current panel */
    int prepared;      /* 1 once SCHED_PREPARE was reported for `next` */
    enum transition_kind trans;
    int direction; /* +1: next panel comes from the right; -1: from the left */
    uint32_t trans_ms;
    int paused;                      /* interactive mode: no auto-advance */
    int go_pending;                  /* schedule_go asked for a transition to `next` */
    enum transition_kind loop_trans; /* what the loop advances with (crossfade) */
    uint32_t crossfade_ms;           /* a crossfade's length (SCHED_CROSSFADE_MS) */
};

enum sched_event {
    SCHED_NOTHING,
    SCHED_PREPARE,          /* prepare panel `next` now */
    SCHED_TRANSITION_START, /* current -> next begins */
    SCHED_TRANSITION_END,   /* next is now current */
};

/* Start on panel `first` at now_ms; dwell_ms is that panel's dwell. */
void schedule_start(struct schedule *s, int count, int first, uint32_t dwell_ms, uint64_t now_ms);
/* Advance to now_ms; returns at most one event per call (call until
 * SCHED_NOTHING). On SCHED_TRANSITION_END the caller sets the new panel's
 * dwell with schedule_set_dwell. */
enum sched_event schedule_tick(struct schedule *s, uint64_t now_ms);
void schedule_set_dwell(struct schedule *s, uint32_t dwell_ms);
/* New content with `count` panels: the loop goes on from its current panel
 * and shows panel `next` (wrapped into range) after it. */
void schedule_set_content(struct schedule *s, int count, int next);
/* What is really on screen is panel `current` (a panel was skipped, or the
 * language changed): continue the loop from it. */
void schedule_follow(struct schedule *s, int current);
/* The panel that arrives next (or is arriving) is `next`: the caller found
 * `next`, not the panel it asked for, loadable. */
void schedule_set_next(struct schedule *s, int next);
/* The transition the loop advances with: TRANS_CROSSFADE (the default),
 * TRANS_SLIDE (to the left), or TRANS_NONE (a cut). A screen that cannot
 * hold a crossfade at 60 frames a second gets a cheaper one. */
void schedule_set_loop_transition(struct schedule *s, enum transition_kind kind);
/* How long a crossfade lasts from now on (reduced motion: a short one);
 * 0: SCHED_CROSSFADE_MS. A transition running keeps its length. */
void schedule_set_crossfade_ms(struct schedule *s, uint32_t ms);

/* Jump (interactive navigation): transition to panel `to` now, sliding in
 * `direction`. Ignored if a transition is running (returns -1). */
int schedule_go(struct schedule *s, int to, int direction, enum transition_kind kind,
                uint64_t now_ms);
void schedule_pause(struct schedule *s, int paused, uint64_t now_ms);
/* Transition progress in [0,1] (linear; the renderer eases). */
double schedule_progress(const struct schedule *s, uint64_t now_ms);
/* The next time at which schedule_tick would report something, for
 * sleeping; UINT64_MAX when paused and idle. */
uint64_t schedule_deadline(const struct schedule *s);

#endif
