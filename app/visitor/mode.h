/* mode.h - the kiosk's interaction modes. Pure: time is an argument.
 *
 *   LOOP         the exhibit plays by itself. The first touch (or key) only
 *                wakes it: nothing under the finger is pressed, and the rest
 *                of that touch is ignored until every finger has lifted.
 *   INTERACTIVE  auto-advance stopped, controls shown. Swipes, drags, taps on
 *                controls and keys navigate. Optionally the chapter index
 *                (index_open) or, with three languages or more, the
 *                language picker (languages_open) is open over the panel.
 *   COUNTDOWN    nobody touched anything for idle_ms: "still there?" for
 *                countdown_ms. A touch or key returns to INTERACTIVE (and
 *                does nothing else); expiry returns to panel 0 and LOOP.
 *
 * The idle clock restarts with every input record. It never runs out while
 * a finger is down or a drag is in progress; when the last finger lifts the
 * idle time starts again. (A finger that sends nothing at all for
 * stuck_finger_ms is taken for a ghost touch and forgotten.)
 *
 * Gestures (app/visitor/gesture.h) become actions through a table keyed by
 * {context, gesture, direction, region}; actions become commands for the
 * kiosk to carry out. The controls' hit rectangles come in as data
 * (mode_controls_layout computes them). Escape, Alt+F4 and window close do
 * nothing: there is no visitor-reachable way out. */
#ifndef VITRINE_MODE_H
#define VITRINE_MODE_H

#include <stdint.h>

#include "gesture.h"
#include "input.h"

#define MODE_IDLE_MS 60000u
#define MODE_COUNTDOWN_MS 10000u
#define MODE_STUCK_FINGER_MS (15u * 60u * 1000u)
#define MODE_FLASH_MS 150u /* a tapped control shows pressed this long */

/* Control sizes: never smaller than CONTROL_MIN_MM nor CONTROL_MIN_PX (the
 * 44 px guideline at the reference 1920x1080, GESTURE_DEFAULT_DPI);
 * CONTROL_SIZE_MM is what they get when there is room. */
#define CONTROL_MIN_MM 9.0f
#define CONTROL_MIN_PX 44.0f
#define CONTROL_SIZE_MM 12.0f
/* previous and next: a zone along each side at least this wide */
#define NAV_ZONE_MM 15.0f
#define CONTROL_GAP_MM 2.0f
/* ... and at least these many u (1% of the screen's short side), so that a
 * screen of many pixels whose DPI is unknown gets controls in proportion:
 * at 1920x1080 and GESTURE_DEFAULT_DPI the same as the millimetres. */
#define CONTROL_SIZE_U 4.2f
#define CONTROL_GAP_U 0.7f

#define MODE_MAX_CONTROLS 128
#define MODE_MAX_CHAPTERS 40 /* on one page of the chapter index; more are paged */
/* Two languages: a button each (one that switches where both do not fit);
 * more: one button that opens the language picker, which holds up to
 * MODE_MAX_LANGUAGES (as many as fit the screen at the smallest targets:
 * 35 at 800x480, docs/decisions.md "Language picker"). */
#define MODE_MAX_LOCALE_BUTTONS 2
#define MODE_MAX_LANGUAGES 48
#define MODE_MAX_CMDS 16

enum mode_state { MODE_LOOP, MODE_INTERACTIVE, MODE_COUNTDOWN };

enum action {
    ACT_NONE,
    ACT_CONTROL, /* table only: the action of the control under the finger */
    ACT_WAKE,    /* LOOP -> INTERACTIVE: stop auto-advance, show controls */
    ACT_NEXT,
    ACT_PREV,
    ACT_JUMP, /* to panel arg */
    ACT_HOME, /* to panel 0 */
    ACT_OPEN_INDEX,
    ACT_CLOSE_INDEX,
    ACT_LANGUAGE,         /* arg: locale index, or -1 for the next locale; closes the picker */
    ACT_DRAG_FOLLOW,      /* drag_dx: panel offset, fraction of the screen width */
    ACT_DRAG_COMMIT_NEXT, /* finish the slide that the finger started, from drag_dx */
    ACT_DRAG_COMMIT_PREV,
    ACT_DRAG_CANCEL,     /* spring back from drag_dx to 0 */
    ACT_COUNTDOWN,       /* show "still there?" */
    ACT_STILL_HERE,      /* COUNTDOWN -> INTERACTIVE: hide the question */
    ACT_LOOP,            /* -> LOOP: hide controls, resume auto-advance */
    ACT_INDEX_PAGE,      /* arg: +1 next page of the chapter index, -1 previous */
    ACT_TEXT_SIZE,       /* toggle the visitors' larger text */
    ACT_PLAY_PAUSE,      /* a tap on the panel: its clip pauses or plays */
    ACT_OPEN_LANGUAGES,  /* the language picker (three languages or more) */
    ACT_CLOSE_LANGUAGES, /* close it without choosing */
    /* the staff keypad and screen (kiosk.c handles them; never in the
     * gesture table: visitors cannot reach them) */
    ACT_STAFF_DIGIT,    /* arg: 0..9 */
    ACT_STAFF_CLEAR,    /* forget the digits typed */
    ACT_STAFF_OK,       /* try the PIN */
    ACT_STAFF_CANCEL,   /* leave the keypad */
    ACT_STAFF_ROLLBACK, /* roll back to the previous exhibit */
    ACT_STAFF_RELOAD,   /* load from the stick again */
    ACT_STAFF_EXPORT,   /* write the visitor statistics onto the stick */
    ACT_STAFF_EXIT,     /* stop the kiosk (a second tap confirms) */
    ACT_STAFF_CLOSE,    /* leave the staff screen */
    ACT_COUNT
};

const char *mode_action_name(enum action act);

/* Which controls are visible, and so can be hit. */
enum control_layer { CONTROL_MAIN, CONTROL_INDEX, CONTROL_STAFF, CONTROL_LANGUAGES };

/* A touch target, normalised 0..1 of the screen. */
struct control {
    enum action act;
    float x, y, w, h;
    int arg;
    enum control_layer layer;
    int item; /* ACT_JUMP in the index: the chapter's number, 0-based; ACT_LANGUAGE in
               * the picker: the language's place in the grid (= arg) */
    /* previous and next: the zone a tap reaches them in, along the side of
     * the screen (at least NAV_ZONE_MM wide, from the page's top to the
     * bar's foot), the visible button inside it; zw 0: the button alone */
    float zx, zy, zw, zh;
};

struct control_screen {
    int w, h;  /* pixels */
    float dpi; /* <= 0: GESTURE_DEFAULT_DPI */
};

struct control_spec {
    int n_locales;            /* language buttons only when > 1; the picker when > 2 */
    int n_chapters;           /* index button only when > 1; any number (paged) */
    const int *chapter_first; /* first panel of each chapter (n_chapters entries) */
    int index_page;           /* the page of the chapter index to lay out, 0-based */
    int text_size;            /* 1: the larger-text toggle, left of the language */
};

/* Lay out the controls: one bar at the bottom, in the band the panels
 * leave free (mode_reserve), with prev and next at its ends, back-to-start
 * after prev, the chapter index, and the larger-text toggle
 * (ACT_TEXT_SIZE, when spec->text_size) and language before next; the
 * chapter index button
 * moves left of the centre, and narrows to no less than a control, where
 * the right of the bar would reach it. In the index layer one button
 * per chapter of the page (ACT_JUMP, arg = its first panel, item = its
 * number), a close button, and when the chapters need more than one page,
 * previous/next page buttons (ACT_INDEX_PAGE, arg -1/+1) below the grid.
 * With more than two languages the bar has one ACT_OPEN_LANGUAGES button
 * where the language buttons were, and the picker layer
 * (CONTROL_LANGUAGES) a close button at the top right and a grid of one
 * ACT_LANGUAGE button per language (arg = item = its index, in the
 * exhibit's order, row by row): as large as the screen allows (design
 * height 1.5 controls, at least 4 controls wide) in the columns that give
 * the most compact block; where they do not fit, lower (down to a
 * control), then more columns, then narrower (down to 3 controls); the
 * languages beyond are left out.
 * Writes up to max controls, returns how many. */
int mode_controls_layout(const struct control_screen *s, const struct control_spec *spec,
                         struct control *out, int max);

/* The widths start's and the chapter index's labels need, px
 * (overlay_label_width; the kiosk gives the widest of the exhibit's
 * languages, so the bar stays put when the language changes). */
struct control_labels {
    int home_px, index_px;
};

/* mode_controls_layout with start (up to four controls wide) and the
 * chapter index (up to six) as wide as labels need where the bar has room
 * ("Kapitelübersicht"); labels NULL: the usual widths. */
int mode_controls_layout_labels(const struct control_screen *s, const struct control_spec *spec,
                                const struct control_labels *labels, struct control *out, int max);

/* What the visitors' main controls keep clear of content on screen s,
 * whatever the exhibit (every language button, the index, the larger-text
 * toggle): *side px from the left and from the right edge (0: every
 * control is in the bar), *bottom px from the bottom edge (the bar, a
 * second row where a narrow bar needs one, and a gap). Panels are laid out
 * inside them (layout_screen's side and bottom), so no control ever covers
 * a text, a figure or a chart, and nothing moves when the controls
 * appear. */
void mode_reserve(const struct control_screen *s, int *side, int *bottom);

/* A w x h screen at dpi (<= 0: GESTURE_DEFAULT_DPI) with what the controls
 * keep filled in: what every panel is laid out for, on the kiosk, in
 * `render` and in the checks of `bundle build` and the import. */
struct layout_screen mode_layout_screen(int w, int h, float dpi);

/* The staff keypad (CONTROL_STAFF): 1-9 in three rows, then clear, 0 and
 * OK, centred, with room above for a heading, the dots and a message line
 * (the top 2.2 key heights of the block); cancel at the
 * top right. Keys are at least STAFF_KEY_MM (and CONTROL_MIN_PX) and
 * larger where the screen allows. Returns how many controls (<= max). */
#define STAFF_KEY_MM 12.0f
int mode_staff_keypad_layout(const struct control_screen *s, struct control *out, int max);
/* The staff screen's buttons (CONTROL_STAFF), at least STAFF_KEY_MM high:
 * roll back (only when can_rollback), load again, export the statistics,
 * exit, close. Landscape:
 * a column at the right; portrait: stacked across the bottom. The rest of
 * the screen is for the information. */
int mode_staff_screen_layout(const struct control_screen *s, int can_rollback, struct control *out,
                             int max);

/* How many chapters one page of the index holds on this screen (at most
 * MODE_MAX_CHAPTERS), and how many pages n chapters need. */
int mode_index_per_page(const struct control_screen *s, int n_chapters);
int mode_index_pages(const struct control_screen *s, int n_chapters);

struct mode_cfg {
    uint32_t idle_ms;          /* 0: MODE_IDLE_MS */
    uint32_t countdown_ms;     /* 0: MODE_COUNTDOWN_MS */
    uint32_t stuck_finger_ms;  /* 0: MODE_STUCK_FINGER_MS */
    struct gesture_cfg screen; /* size and DPI, for the gesture thresholds */
};

struct mode_cmd {
    enum action act;
    int arg;
    float drag_dx;
};

struct mode_cmds {
    struct mode_cmd v[MODE_MAX_CMDS];
    int n;
};

/* What to draw this frame. */
struct mode_view {
    enum mode_state state;
    int index_open;
    int countdown_s; /* COUNTDOWN: whole seconds left, rounded up */
    int dragging;
    float drag_dx;      /* fraction of the screen width the panel follows */
    int pressed;        /* control index shown pressed, or -1 */
    int languages_open; /* the language picker, instead of the main controls */
};

/* Plain data; nothing to free. */
struct mode {
    struct mode_cfg cfg;
    struct gesture g;
    enum mode_state state;
    int index_open;
    int languages_open;
    uint64_t last_input_ms;
    uint64_t watched_ms; /* mode_watching */
    uint64_t countdown_start_ms;
    int swallow; /* the touch that woke us: ignore until all fingers up */
    int dragging;
    float drag_dx;
    int held;  /* control under the pressing finger, or -1 */
    int flash; /* control tapped, shown until flash_until_ms */
    uint64_t flash_until_ms;
    int transition;          /* the kiosk is running a transition */
    struct mode_cmd pending; /* navigation held back until it ends */
    int has_pending;
    struct control controls[MODE_MAX_CONTROLS];
    int n_controls;
    unsigned time_scale; /* mode_set_time_scale; 0 or 1: as configured */
};

/* Start in LOOP at now_ms. cfg may be NULL (defaults). */
void mode_init(struct mode *m, const struct mode_cfg *cfg, uint64_t now_ms);
/* Replace the controls (copied; at most MODE_MAX_CONTROLS). */
void mode_set_controls(struct mode *m, const struct control *c, int n);
/* The screen changed: new metrics for the gesture thresholds. Fingers down
 * are forgotten (a drag in progress is dropped without a command). Lay the
 * controls out again and pass them to mode_set_controls as well. */
void mode_set_screen(struct mode *m, const struct gesture_cfg *screen);
/* The kiosk starts or finishes a transition. While one runs, navigation
 * (next, prev, jump, home, drag commits) is held back, the latest wins, and
 * comes out of the first mode_tick after it ends; drags do not follow. */
void mode_set_transition(struct mode *m, int running);
/* A visitor is watching a clip play (interactive mode): the idle clock
 * starts again from now, as a touch would start it (without counting as
 * one). */
void mode_watching(struct mode *m, uint64_t now_ms);
/* Input went elsewhere for a while (the staff screen): forget every
 * finger, drag, press and held-back navigation, and restart the idle
 * clock at now_ms. The state (loop, interactive) stays. */
void mode_resume(struct mode *m, uint64_t now_ms);

/* The idle time and the countdown are each `scale` times as long (the
 * audio guide's visitors get three times the time); 0 or 1: as configured.
 * Takes effect at once, for the idle time running now too. */
void mode_set_time_scale(struct mode *m, unsigned scale);

/* One input record at now_ms. out is overwritten with the commands to
 * carry out, in order. */
void mode_input(struct mode *m, const struct input_event *e, uint64_t now_ms,
                struct mode_cmds *out);
/* Time passes: long presses, idle timeout, countdown expiry, held-back
 * navigation. out is overwritten. */
void mode_tick(struct mode *m, uint64_t now_ms, struct mode_cmds *out);
/* The visitor's time is over whatever the state (the kiosk closes): back
 * to the loop and its first panel, as when the countdown runs out. out is
 * overwritten; nothing when already looping. */
void mode_end_session(struct mode *m, struct mode_cmds *out);
/* When mode_tick next has something to do or the view changes (>= now_ms);
 * UINT64_MAX if nothing is due. */
uint64_t mode_deadline(const struct mode *m, uint64_t now_ms);

void mode_view(const struct mode *m, uint64_t now_ms, struct mode_view *v);

/* The control at (x, y) that can be hit now, or -1. */
int mode_hit(const struct mode *m, float x, float y);

/* 1 while a finger is down, or input came within the last second: input
 * should then be read at frame rate. */
int mode_touch_active(const struct mode *m, uint64_t now_ms);

#endif
