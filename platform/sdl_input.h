/* sdl_input.h - SDL input events to vitrine's input records (app/visitor/input.h).
 *
 * The one place that looks inside an SDL_Event. Touch (SDL_FINGER*), the
 * mouse (as finger INPUT_MOUSE_FINGER, left button only) and the keyboard
 * become input_event records; everything else is dropped. Pure apart from
 * SDL's hint calls in input_setup: tests build SDL_Events by hand.
 *
 * Touch finger ids are SDL's fingerId + 1, so that they never collide with
 * the mouse's 0. Mouse events that SDL synthesises from touch (which ==
 * SDL_TOUCH_MOUSEID) and touch events it synthesises from the mouse
 * (touchId == SDL_MOUSE_TOUCHID) are dropped: nothing counts twice. */
#ifndef VITRINE_SDL_INPUT_H
#define VITRINE_SDL_INPUT_H

#include <stdint.h>

#include "input.h"

union SDL_Event;

struct input_cfg {
    /* Clockwise degrees (0, 90, 180, 270) by which the touch panel's
     * coordinates must turn to match the screen as the visitor sees it
     * (a portrait-mounted display whose touch controller reports landscape
     * coordinates). Other values count as 0. */
    int touch_rotation;
    /* The same for the mouse, whose coordinates are the window's; 0 unless
     * the kiosk draws rotated into a window the OS did not rotate. */
    int mouse_rotation;
    int win_w, win_h; /* window size in SDL's window coordinates (not pixels) */
    /* Kiosk clock (platform/clock.h) minus SDL's clock (SDL_GetTicks64), ms:
     * t_ms = event timestamp + t_offset_ms (never below 0). */
    int64_t t_offset_ms;
};

/* Ask SDL not to synthesise mouse events from touch nor touch events from
 * the mouse. Call before SDL_Init (harmless afterwards). */
void input_setup(void);

/* Screen-normalised coordinates from raw normalised ones turned by
 * `rotation` degrees clockwise: 90 maps (x, y) to (1 - y, x), 180 to
 * (1 - x, 1 - y), 270 to (y, 1 - x). Results are clamped to 0..1. */
void input_rotate(float x, float y, int rotation, float *out_x, float *out_y);

/* Set c's rotations for a picture turned picture_rotation degrees
 * clockwise on the output (display_opts.rotation) and a touch panel whose
 * own coordinates are turned touch_rotation from its screen: a point on the
 * output is turned back onto the picture, so a touch lands on what is drawn
 * under the finger, and so does the mouse. */
void input_cfg_turn(struct input_cfg *c, int picture_rotation, int touch_rotation);

/* The key that starts the audio guide (the speech_key setting): an SDL
 * key name ("F12", "Keypad 0", "Help"), or "any" (or NULL): then every
 * key does, and this key is none in particular. 0, or -1 for a name SDL
 * does not know. Keys the kiosk knows no use for arrive as
 * INPUT_KEY_OTHER. */
int input_speech_key(const char *name);

/* Translate one SDL event. Returns 1 and fills *out when it means
 * something to vitrine, else 0 (*out untouched). */
int input_translate(const union SDL_Event *ev, const struct input_cfg *cfg,
                    struct input_event *out);

#endif
