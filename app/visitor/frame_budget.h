/* frame_budget.h - can this screen hold the loop's transition at 60 frames
 * a second? The run loop times every transition frame (draw and present,
 * wall clock) and feeds it here; after FRAME_BUDGET_SAMPLES frames of the
 * kind in use, a median over FRAME_BUDGET_MS moves the loop to a cheaper
 * kind: crossfade (two full-screen views, one blended) -> slide (two
 * opaque copies) -> cut (none). It never moves back up: a screen does not
 * get faster. Pure: the times are arguments. */
#ifndef VITRINE_FRAME_BUDGET_H
#define VITRINE_FRAME_BUDGET_H

#define FRAME_BUDGET_MS 14.0    /* of the 16.7 ms of a frame at 60 Hz, with room */
#define FRAME_BUDGET_SAMPLES 24 /* about one crossfade's frames and a half */

struct frame_budget {
    int kind; /* enum transition_kind in use for the loop */
    double ms[FRAME_BUDGET_SAMPLES];
    int n;
    double last_median; /* of the kind just left, for the log */
};

void frame_budget_init(struct frame_budget *b, int kind);
/* One transition frame of `kind` took ms. Returns the kind the loop should
 * use from now on: the same, or a cheaper one (the caller logs the change
 * with last_median). Frames of other kinds (a swipe's slide) are ignored. */
int frame_budget_add(struct frame_budget *b, int kind, double ms);

/* One transition's frames at a time, for the log (`vitrine run -v`): what
 * a transition cost on this screen, with the clip that played in it. */
#define FRAME_LOG_MAX 240 /* 4 s at 60 Hz: a transition's frames past it are not kept */

struct frame_log {
    int kind; /* of the transition being collected; TRANS_NONE: none */
    int n;
    double ms[FRAME_LOG_MAX];
};

struct frame_log_sum {
    int kind, frames;
    double median, worst; /* ms */
};

/* Each frame drawn: its kind (TRANS_NONE outside a transition) and cost.
 * Returns 1 when it ends a transition (a frame of another kind, or none),
 * with that transition summed up in *sum; else 0. */
int frame_log_add(struct frame_log *l, int kind, double ms, struct frame_log_sum *sum);

#endif
