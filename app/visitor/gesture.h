/* gesture.h - turns touches plus time into gestures. Pure: no SDL, no clock.
 *
 * The recogniser follows one finger at a time, the first to touch an idle
 * screen (the primary). What it reports:
 *
 *   PRESS       the primary went down at (x, y) (for press feedback, wake)
 *   TAP         it lifted within TAP_SLOP_MM of where it went down, before
 *               LONG_PRESS_MS; (x, y) is where it went down
 *   LONG_PRESS  it stayed within the slop for LONG_PRESS_MS; reported by
 *               gesture_feed or gesture_tick, whichever sees the time first.
 *               Nothing more comes from that touch.
 *   DRAG_START  it moved beyond the slop, mostly horizontally; dx follows
 *   DRAG_MOVE   dx = horizontal travel since the press, fraction of the
 *               screen width (negative: to the left), so a panel can follow
 *   DRAG_END    the drag is over. dir is the direction to commit to (the
 *               way the finger travelled) or GESTURE_DIR_NONE to spring
 *               back. It commits when the travel reaches DRAG_COMMIT_FRACTION
 *               of the width, or on a fling: release speed >= FLING_MM_PER_S
 *               the same way as a travel of at least SWIPE_MIN_MM (a fling
 *               against the travel springs back). A second finger ends a drag
 *               with dir NONE and cancelled = 1. Every DRAG_START is
 *               followed by exactly one DRAG_END.
 *   SWIPE       it moved beyond the slop mostly vertically and lifted after
 *               at least SWIPE_MIN_MM; dir UP or DOWN, velocity of release.
 *               (Horizontal movement is always a drag, whose DRAG_END says
 *               where it goes: a quick horizontal swipe is a flung drag.)
 *   CANCEL      the touch ends with nothing to show for it: a press or a
 *               vertical movement abandoned by a second finger, an
 *               INPUT_CANCEL or a reused finger id, or a vertical movement
 *               lifted short of SWIPE_MIN_MM. Nothing more comes from it.
 *
 * While two or more fingers are down nothing is recognised; the recogniser
 * is idle again once every finger has lifted. Lifting a finger it never saw
 * is ignored; a DOWN for an id already down ends the old touch first. It
 * tracks GESTURE_MAX_FINGERS fingers; others are ignored. Key records are
 * ignored. Times come from the records (t_ms) and from gesture_tick's now;
 * a time earlier than the last one seen counts as the last one. */
#ifndef VITRINE_GESTURE_H
#define VITRINE_GESTURE_H

#include <stdint.h>

#include "input.h"

/* Thresholds, in physical units. */
#define GESTURE_DEFAULT_DPI 96.0f /* when the display does not say */
#define GESTURE_TAP_SLOP_MM 4.0f  /* a finger that moves less is still pressing */
#define GESTURE_LONG_PRESS_MS 600u
#define GESTURE_SWIPE_MIN_MM 12.0f
#define GESTURE_FLING_MM_PER_S 120.0f
#define GESTURE_DRAG_COMMIT_FRACTION 0.25f /* of the screen width */
#define GESTURE_VELOCITY_WINDOW_MS 100u    /* release speed is measured over this */

#define GESTURE_MAX_FINGERS 10
#define GESTURE_MAX_OUT 4  /* most gestures one gesture_feed call reports */
#define GESTURE_SAMPLES 32 /* recent positions kept for the release speed */

struct gesture_cfg {
    float dpi;              /* pixels per inch; <= 0: GESTURE_DEFAULT_DPI */
    int screen_w, screen_h; /* pixels; <= 0: 1920 x 1080 */
};

enum gesture_kind {
    GESTURE_PRESS,
    GESTURE_TAP,
    GESTURE_LONG_PRESS,
    GESTURE_SWIPE,
    GESTURE_DRAG_START,
    GESTURE_DRAG_MOVE,
    GESTURE_DRAG_END,
    GESTURE_CANCEL,
    GESTURE_KIND_COUNT
};

enum gesture_dir {
    GESTURE_DIR_NONE,
    GESTURE_DIR_LEFT,
    GESTURE_DIR_RIGHT,
    GESTURE_DIR_UP,
    GESTURE_DIR_DOWN
};

struct gesture_event {
    enum gesture_kind kind;
    int64_t finger;
    float x, y;           /* PRESS, TAP, LONG_PRESS: where the finger went down;
                             others: where it is now */
    float dx, dy;         /* travel since the press, fraction of screen width/height */
    enum gesture_dir dir; /* SWIPE: its direction; DRAG_END: where to commit */
    float velocity;       /* SWIPE, DRAG_END: release speed along dir's axis, mm/s,
                             signed (+: right/down) */
    int cancelled;        /* DRAG_END: ended by a second finger or a cancel */
    uint64_t t_ms;
};

enum gesture_state {
    GESTURE_IDLE,     /* no finger down */
    GESTURE_PRESSING, /* primary down, within the slop */
    GESTURE_HELD,     /* long press reported; waiting for the lift */
    GESTURE_DRAGGING, /* horizontal drag */
    GESTURE_PANNING,  /* vertical movement: a swipe on release */
    GESTURE_IGNORING, /* several fingers, or the primary is gone */
};

struct gesture_finger {
    int active;
    int64_t id;
};

struct gesture_sample {
    float x, y; /* millimetres */
    uint64_t t_ms;
};

/* Plain data; no allocation, nothing to free. */
struct gesture {
    struct gesture_cfg cfg;
    float mm_per_px;
    enum gesture_state state;
    struct gesture_finger fingers[GESTURE_MAX_FINGERS];
    int n_down; /* fingers in the table */
    int64_t primary;
    float x0, y0; /* primary's press, normalised */
    float x, y;   /* primary's latest, normalised */
    uint64_t t0_ms;
    uint64_t last_ms; /* latest time seen */
    struct gesture_sample samples[GESTURE_SAMPLES];
    int n_samples, sample_head;
};

void gesture_init(struct gesture *g, const struct gesture_cfg *cfg);
/* Change the screen (rotation, resolution); forgets every finger. */
void gesture_configure(struct gesture *g, const struct gesture_cfg *cfg);
/* Forget every finger without reporting anything (back to idle). */
void gesture_reset(struct gesture *g);

/* Feed one input record. Writes up to GESTURE_MAX_OUT gestures to out and
 * returns how many. */
int gesture_feed(struct gesture *g, const struct input_event *e,
                 struct gesture_event out[GESTURE_MAX_OUT]);
/* Let time pass without input: reports a due LONG_PRESS. Returns 0 or 1. */
int gesture_tick(struct gesture *g, uint64_t now_ms, struct gesture_event out[GESTURE_MAX_OUT]);
/* When gesture_tick would next report something; UINT64_MAX if never. */
uint64_t gesture_deadline(const struct gesture *g);

/* Fingers down (as far as the table holds them). */
int gesture_fingers_down(const struct gesture *g);
int gesture_is_dragging(const struct gesture *g);

/* Millimetres to pixels and back for this screen. */
float gesture_mm_to_px(const struct gesture_cfg *cfg, float mm);
float gesture_dpi(const struct gesture_cfg *cfg);

const char *gesture_kind_name(enum gesture_kind kind);

#endif
