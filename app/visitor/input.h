/* input.h - vitrine's own input record.
 *
 * platform/input.c translates device events (SDL touch, mouse, keyboard,
 * window close) into these records once, at the edge; app/ never sees an
 * SDL_Event. Scripts (app/visitor/script.h) produce the same records.
 *
 * Coordinates are normalised to the screen as the visitor sees it (after
 * the configured rotation): x to the right, y downwards, both in 0..1.
 * t_ms is in the kiosk's clock domain (platform/clock.h), milliseconds. */
#ifndef VITRINE_INPUT_H
#define VITRINE_INPUT_H

#include <stdint.h>

enum input_kind {
    INPUT_TOUCH,        /* a finger (or the mouse, as finger 0): finger, phase, x, y */
    INPUT_KEY,          /* a key press: key, mods, repeat */
    INPUT_QUIT_REQUEST, /* window close or the window manager's quit; the kiosk ignores it */
};

enum input_phase {
    INPUT_DOWN,
    INPUT_MOVE,
    INPUT_UP,
    INPUT_CANCEL, /* the touch was taken away (focus lost): no gesture from it */
};

/* The keys vitrine knows; every other key is dropped at the edge. */
enum input_key {
    INPUT_KEY_NONE,
    INPUT_KEY_LEFT,
    INPUT_KEY_RIGHT,
    INPUT_KEY_UP,
    INPUT_KEY_DOWN,
    INPUT_KEY_SPACE,
    INPUT_KEY_HOME,
    INPUT_KEY_END,
    INPUT_KEY_ESCAPE,
    INPUT_KEY_ENTER,
    INPUT_KEY_BACKSPACE,
    INPUT_KEY_TAB,
    INPUT_KEY_PAGE_UP,
    INPUT_KEY_PAGE_DOWN,
    INPUT_KEY_F1,
    INPUT_KEY_F2,
    INPUT_KEY_F3,
    INPUT_KEY_F4,
    INPUT_KEY_F5,
    INPUT_KEY_F6,
    INPUT_KEY_F7,
    INPUT_KEY_F8,
    INPUT_KEY_F9,
    INPUT_KEY_F10,
    INPUT_KEY_F11,
    INPUT_KEY_F12,
    /* the audio guide's keys (keypads send them; docs/accessibility.md) */
    INPUT_KEY_HELP,        /* Help, keypad '*' */
    INPUT_KEY_VOLUME_UP,   /* volume up, keypad '+', '+' */
    INPUT_KEY_VOLUME_DOWN, /* volume down, keypad '-', '-' */
    INPUT_KEY_SPEECH,      /* the key the settings name (speech_key) */
    INPUT_KEY_OTHER,       /* any other key: with speech_key = any it starts the guide */
    INPUT_KEY_COUNT
};

/* Modifier bits held with a key (input_event.mods). */
enum input_mod {
    INPUT_MOD_SHIFT = 1u << 0,
    INPUT_MOD_CTRL = 1u << 1,
    INPUT_MOD_ALT = 1u << 2,
    INPUT_MOD_GUI = 1u << 3,
};

/* The mouse is this finger. Touch fingers never use it (platform/input.h). */
#define INPUT_MOUSE_FINGER 0
/* A CANCEL for this finger id cancels every finger that is down. */
#define INPUT_ALL_FINGERS (-1)

struct input_event {
    enum input_kind kind;
    int64_t finger;         /* INPUT_TOUCH: stable while the finger is down */
    enum input_phase phase; /* INPUT_TOUCH */
    float x, y;             /* INPUT_TOUCH: 0..1 of the screen */
    enum input_key key;     /* INPUT_KEY */
    unsigned mods;          /* INPUT_KEY: enum input_mod bits */
    int repeat;             /* INPUT_KEY: 1 for the keyboard's auto-repeat */
    uint64_t t_ms;          /* when it happened, kiosk clock */
};

#endif
