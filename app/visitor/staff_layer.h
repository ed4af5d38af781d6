/* staff_layer.h - the staff layer on the kiosk's screen: the hidden gesture
 * (a finger held in the top-left corner), the PIN keypad, the staff screen
 * (staff.h says what they are for), and the import's progress bar and
 * result card over the exhibit. It returns draw lists and what the kiosk
 * must do, and never touches the visitors' modes or the schedule itself:
 *
 *   STAFF_OUT_DIRTY  the screen must be drawn again
 *   STAFF_OUT_OPENED the keypad opened: the visitors' loop and clock pause
 *   STAFF_OUT_CLOSED the keypad or screen closed: the visitors' mode resumes
 *   STAFF_OUT_TAKEN  (input) the event was the staff layer's; visitors never
 *                    see it
 *   STAFF_OUT_CHECK  a PIN was entered: take it (staff_layer_pin_pending),
 *                    check it off this thread and hand back the answer
 *                    (staff_layer_pin_result); the keypad waits meanwhile
 *
 * The staff screen's buttons act through one table (staff_layer.c,
 * bindings), as mode.c binds the visitors' gestures; the action chosen is
 * kept for staff_layer_take. Pure: time, the screen and the measurer are
 * arguments. One thread (the kiosk's). */
#ifndef VITRINE_STAFF_LAYER_H
#define VITRINE_STAFF_LAYER_H

#include <stdint.h>

#include "arena.h"
#include "gesture.h"
#include "input.h"
#include "layout.h"
#include "mode.h"
#include "overlay.h"
#include "staff.h"

#define STAFF_MAX_CONTROLS 24

enum {
    STAFF_OUT_DIRTY = 1u << 0,
    STAFF_OUT_OPENED = 1u << 1,
    STAFF_OUT_CLOSED = 1u << 2,
    STAFF_OUT_TAKEN = 1u << 3,
    STAFF_OUT_CHECK = 1u << 4,
};

enum staff_ui { STAFF_UI_CLOSED, STAFF_UI_KEYPAD, STAFF_UI_SCREEN };

/* The layer's state; the kiosk embeds it. Fields are the module's. */
struct staff_layer {
    enum staff_ui ui;
    char hash[STAFF_HASH_MAX]; /* "": no PIN, nothing opens */
    int warned_no_pin;
    struct staff_lock lock; /* kept while the kiosk runs: cancelling does not reset it */
    char entry[STAFF_PIN_MAX + 1];
    char pending[STAFF_PIN_MAX + 1]; /* entered, until staff_layer_pin_pending takes it */
    int checking;                    /* digits of the PIN being checked; 0: none */
    int n_entry, wrong, too_short, locked_s;
    int confirm_exit;
    uint64_t last_touch;
    enum staff_action action; /* for kiosk_staff_take */
    struct staff_info info;
    struct control controls[STAFF_MAX_CONTROLS];
    int n_controls;
    int pressed;
    struct gesture g; /* taps on the keypad and the screen */
    /* a finger held in the top-left corner */
    int holding;
    int64_t hold_finger;
    float hold_x, hold_y;
    uint64_t hold_start;
    /* over the exhibit */
    struct staff_progress progress;
    int step; /* of an indeterminate bar */
    struct staff_card card;
    uint64_t card_until;
    struct draw_rect card_rect;
    int card_touch; /* a finger went down on the card */
    int64_t card_finger;
    int stale; /* list must be laid out again */
    struct arena arena;
    struct draw_list list;
    unsigned out; /* STAFF_OUT_ bits since the last call returned them */
};

/* The screen as the kiosk has it now, for each call. */
struct staff_env {
    struct layout_screen screen;   /* lists, and the corner of the gesture */
    struct control_screen cs;      /* buttons and gestures */
    const struct text_measurer *m; /* the presenter's */
    const char *locale;            /* the panel's language (NULL: the default) */
};

void staff_layer_init(struct staff_layer *st);
/* Frees the lists and wipes the PIN entry. */
void staff_layer_free(struct staff_layer *st);

/* The PIN's hash from the settings ("" or NULL: the staff screen is off). */
void staff_layer_set_pin(struct staff_layer *st, const char *pin_hash);

/* An input event, before the visitors' modes see it (they see it only
 * without STAFF_OUT_TAKEN). */
unsigned staff_layer_input(struct staff_layer *st, const struct staff_env *env,
                           const struct input_event *e, uint64_t now_ms);
/* Time passes: the hold, the idle close, a lock-out's seconds, the card's
 * time, an indeterminate bar's step. */
unsigned staff_layer_update(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms);
/* When staff_layer_update next has something to do (UINT64_MAX: never). */
uint64_t staff_layer_deadline(const struct staff_layer *st, uint64_t now_ms);

/* The layer's draw list (NULL: nothing shows), laid out again when stale;
 * valid until the next call. */
const struct draw_list *staff_layer_list(struct staff_layer *st, const struct staff_env *env,
                                         uint64_t now_ms);
/* The screen changed: lay the list out again when next asked. */
void staff_layer_stale(struct staff_layer *st);

/* The import's state, and the staff screen's facts, from the run loop. */
unsigned staff_layer_progress(struct staff_layer *st, const struct staff_progress *p,
                              uint64_t now_ms);
unsigned staff_layer_card(struct staff_layer *st, const struct staff_card *c, uint64_t now_ms);
unsigned staff_layer_info(struct staff_layer *st, const struct staff_env *env,
                          const struct staff_info *info);

/* The PIN entered (STAFF_OUT_CHECK), once: 1 and copied into pin (and
 * wiped here), 0 when there is none or n is too small. */
int staff_layer_pin_pending(struct staff_layer *st, char *pin, size_t n);
/* Whether it matched the hash (staff_pin_check): the staff screen opens,
 * or the keypad says wrong and the lock-out counts it. */
unsigned staff_layer_pin_result(struct staff_layer *st, const struct staff_env *env, int ok,
                                uint64_t now_ms);

/* The action staff chose, once (STAFF_ACT_NONE after). */
enum staff_action staff_layer_take(struct staff_layer *st);
/* 1 while the keypad or the staff screen is up. */
int staff_layer_is_open(const struct staff_layer *st);
/* Its buttons while it is up (0 otherwise). */
int staff_layer_controls(const struct staff_layer *st, const struct control **out);

#endif
