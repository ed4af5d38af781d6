/* script.h - scripted input: a plain-text list of timed touches and keys,
 * for tests and headless demonstrations.
 *
 * One event per line, times in milliseconds from the start (non-decreasing
 * from line to line), coordinates in 0..1 of the screen:
 *
 *   <ms> down <id> <x> <y>
 *   <ms> move <id> <x> <y>
 *   <ms> up <id> <x> <y>
 *   <ms> tap <x> <y>                          down, up SCRIPT_TAP_MS later
 *   <ms> swipe <x1> <y1> <x2> <y2> <dur_ms>   down, a move every
 *                                             SCRIPT_SWIPE_STEP_MS or less, up
 *   <ms> key <name>                           see script_key_from_name
 *   <ms> shot <name>                          the renderer writes <name>.png
 *
 * Staff (staff.h), so that `render --script` can show their screens:
 *
 *   <ms> staff-pin <digits>                   the configured PIN (render hashes it)
 *   <ms> staff-tap <control>                  a tap on the keypad's or the staff
 *                                             screen's control: 0..9 clear ok cancel
 *                                             rollback reload exit close export
 *   <ms> staff-progress <done> <total> <text> the import's bar (total 0: indeterminate)
 *   <ms> staff-progress off
 *   <ms> staff-card ok|fail <title> | <body>  the result card (either part may be empty)
 *   <ms> staff-card off
 *
 * '#' starts a comment; blank lines are skipped. tap and swipe use finger
 * SCRIPT_GESTURE_FINGER. Errors name the line: "demo.txt:7: expected 3
 * numbers after 'down' (<id> <x> <y>)". */
#ifndef VITRINE_SCRIPT_H
#define VITRINE_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "input.h"

#define SCRIPT_TAP_MS 50u
#define SCRIPT_SWIPE_STEP_MS 16u
#define SCRIPT_MAX_SWIPE_MS 60000u
#define SCRIPT_MAX_MS (24ull * 3600 * 1000) /* no time beyond a day */
#define SCRIPT_MAX_EVENTS 1000000u          /* records, after expansion */
#define SCRIPT_MAX_LINE 512                 /* characters per line */
#define SCRIPT_MAX_SHOT_NAME 64
#define SCRIPT_MAX_FINGER 2147483647ll
#define SCRIPT_GESTURE_FINGER 1000

enum script_kind {
    SCRIPT_INPUT, /* ev is an input record to feed */
    SCRIPT_SHOT,  /* save the frame as <shot>.png */
    SCRIPT_STAFF, /* staff: see struct script_staff */
};

enum script_staff_op {
    SCRIPT_STAFF_PIN,      /* text: the digits */
    SCRIPT_STAFF_TAP,      /* text: the control's name */
    SCRIPT_STAFF_PROGRESS, /* done, total, text; off: hide */
    SCRIPT_STAFF_CARD,     /* ok, text (title), text2 (body); off: clear */
};

struct script_staff {
    enum script_staff_op op;
    int off;
    int ok;
    uint64_t done, total;
    const char *text, *text2; /* in the names arena; never NULL */
};

struct script_rec {
    uint64_t t_ms; /* from the start of the script */
    enum script_kind kind;
    struct input_event ev;     /* SCRIPT_INPUT; ev.t_ms == t_ms */
    const char *shot;          /* SCRIPT_SHOT: [A-Za-z0-9._-]+, not starting with '.' */
    struct script_staff staff; /* SCRIPT_STAFF */
    int line;                  /* source line, for messages */
};

/* Owns recs (malloc) and the shot names (names arena). */
struct script {
    struct script_rec *recs; /* sorted by t_ms; same time: in script order */
    size_t n;
    struct arena names;
};

/* Parse text[0..len) (need not be NUL-terminated); `name` is used in error
 * messages. On success returns 0 and fills *s (release with script_free).
 * On error returns -1, writes the reason to why and leaves *s empty
 * (script_free on it is harmless). */
int script_parse(const char *text, size_t len, const char *name, struct script *s, char *why,
                 size_t why_len);
void script_free(struct script *s);

/* Key names as scripts spell them: left right up down space home end escape
 * (esc) enter (return) backspace tab pageup pagedown f1..f12. Case
 * insensitive. INPUT_KEY_NONE if unknown. */
enum input_key script_key_from_name(const char *name);
/* The names staff-tap knows, i = 0, 1, ... until NULL: "0".."9" (the
 * digits, in order), then clear ok cancel rollback reload exit close export. */
const char *script_staff_control(int i);

/* The canonical name, or NULL. */
const char *script_key_name(enum input_key key);

#endif
