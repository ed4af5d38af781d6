/* sdl_input.c - SDL events to input records, at the edge.
 *
 * LIMITATIONS: one touch device is assumed (finger ids from two devices
 * could collide). SDL 2 reports no touch cancel: losing window focus is
 * reported as INPUT_CANCEL for INPUT_ALL_FINGERS. Only the left mouse
 * button is a finger; the wheel and other buttons are dropped. Key records
 * are presses only (and SDL's auto-repeat, flagged); releases are dropped.
 * SDL event timestamps are 32-bit milliseconds and wrap after 49 days; the
 * caller keeps t_offset_ms current (see input.h).
 * DEPENDENCIES: SDL2 >= 2.0.10 (SDL_HINT_TOUCH_MOUSE_EVENTS,
 * SDL_HINT_MOUSE_TOUCH_EVENTS, SDL_MOUSE_TOUCHID). */
#include "sdl_input.h"

#include <SDL.h>

void input_setup(void)
{
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
}

static float clamp01(float v)
{
    if (!(v >= 0.0f)) /* also NaN */
        return 0.0f;
    return v > 1.0f ? 1.0f : v;
}

void input_rotate(float x, float y, int rotation, float *out_x, float *out_y)
{
    x = clamp01(x);
    y = clamp01(y);
    float rx = x, ry = y;
    switch (rotation) {
    case 90:
        rx = 1.0f - y;
        ry = x;
        break;
    case 180:
        rx = 1.0f - x;
        ry = 1.0f - y;
        break;
    case 270:
        rx = y;
        ry = 1.0f - x;
        break;
    default:
        break;
    }
    *out_x = rx;
    *out_y = ry;
}

static int quarter(int deg)
{
    return deg == 90 || deg == 180 || deg == 270 ? deg : 0;
}

void input_cfg_turn(struct input_cfg *c, int picture_rotation, int touch_rotation)
{
    /* quarter turns add up; turning back by R is turning on by 360 - R */
    int back = (360 - quarter(picture_rotation)) % 360;
    c->touch_rotation = (quarter(touch_rotation) + back) % 360;
    c->mouse_rotation = back;
}

static uint64_t event_time(const SDL_Event *ev, const struct input_cfg *cfg)
{
    int64_t t = (int64_t)ev->common.timestamp + cfg->t_offset_ms;
    return t > 0 ? (uint64_t)t : 0;
}

/* The key the settings name for the audio guide (speech_key); 0: none. */
static SDL_Keycode speech_sym;

int input_speech_key(const char *name)
{
    speech_sym = 0;
    if (!name || !*name || SDL_strcasecmp(name, "any") == 0)
        return 0;
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN)
        return -1;
    speech_sym = k;
    return 0;
}

static enum input_key map_key(SDL_Keycode sym)
{
    if (speech_sym && sym == speech_sym)
        return INPUT_KEY_SPEECH;
    switch (sym) {
    case SDLK_LEFT:
        return INPUT_KEY_LEFT;
    case SDLK_RIGHT:
        return INPUT_KEY_RIGHT;
    case SDLK_UP:
        return INPUT_KEY_UP;
    case SDLK_DOWN:
        return INPUT_KEY_DOWN;
    case SDLK_SPACE:
        return INPUT_KEY_SPACE;
    case SDLK_HOME:
        return INPUT_KEY_HOME;
    case SDLK_END:
        return INPUT_KEY_END;
    case SDLK_ESCAPE:
        return INPUT_KEY_ESCAPE;
    case SDLK_RETURN:
    case SDLK_RETURN2:
    case SDLK_KP_ENTER:
        return INPUT_KEY_ENTER;
    case SDLK_BACKSPACE:
        return INPUT_KEY_BACKSPACE;
    case SDLK_TAB:
        return INPUT_KEY_TAB;
    case SDLK_PAGEUP:
        return INPUT_KEY_PAGE_UP;
    case SDLK_PAGEDOWN:
        return INPUT_KEY_PAGE_DOWN;
    case SDLK_F1:
        return INPUT_KEY_F1;
    case SDLK_F2:
        return INPUT_KEY_F2;
    case SDLK_F3:
        return INPUT_KEY_F3;
    case SDLK_F4:
        return INPUT_KEY_F4;
    case SDLK_F5:
        return INPUT_KEY_F5;
    case SDLK_F6:
        return INPUT_KEY_F6;
    case SDLK_F7:
        return INPUT_KEY_F7;
    case SDLK_F8:
        return INPUT_KEY_F8;
    case SDLK_F9:
        return INPUT_KEY_F9;
    case SDLK_F10:
        return INPUT_KEY_F10;
    case SDLK_F11:
        return INPUT_KEY_F11;
    case SDLK_F12:
        return INPUT_KEY_F12;
    /* a numeric keypad with Num Lock on: its arrows (8 4 6 2) as arrows */
    case SDLK_KP_8:
        return INPUT_KEY_UP;
    case SDLK_KP_2:
        return INPUT_KEY_DOWN;
    case SDLK_KP_4:
        return INPUT_KEY_LEFT;
    case SDLK_KP_6:
        return INPUT_KEY_RIGHT;
    case SDLK_KP_SPACE:
        return INPUT_KEY_SPACE;
    case SDLK_HELP:
    case SDLK_KP_MULTIPLY:
        return INPUT_KEY_HELP;
    case SDLK_VOLUMEUP:
    case SDLK_KP_PLUS:
    case SDLK_PLUS:
    case SDLK_EQUALS:
        return INPUT_KEY_VOLUME_UP;
    case SDLK_VOLUMEDOWN:
    case SDLK_KP_MINUS:
    case SDLK_MINUS:
        return INPUT_KEY_VOLUME_DOWN;
    case SDLK_LSHIFT: /* held with others, never a key of their own */
    case SDLK_RSHIFT:
    case SDLK_LCTRL:
    case SDLK_RCTRL:
    case SDLK_LALT:
    case SDLK_RALT:
    case SDLK_LGUI:
    case SDLK_RGUI:
    case SDLK_MODE:
    case SDLK_CAPSLOCK:
    case SDLK_NUMLOCKCLEAR:
    case SDLK_SCROLLLOCK:
    case SDLK_UNKNOWN:
        return INPUT_KEY_NONE;
    default:
        return INPUT_KEY_OTHER;
    }
}

static unsigned map_mods(Uint16 mod)
{
    unsigned m = 0;
    if (mod & KMOD_SHIFT)
        m |= INPUT_MOD_SHIFT;
    if (mod & KMOD_CTRL)
        m |= INPUT_MOD_CTRL;
    if (mod & KMOD_ALT)
        m |= INPUT_MOD_ALT;
    if (mod & KMOD_GUI)
        m |= INPUT_MOD_GUI;
    return m;
}

static int touch(const SDL_Event *ev, const struct input_cfg *cfg, enum input_phase phase,
                 struct input_event *out)
{
    const SDL_TouchFingerEvent *f = &ev->tfinger;
    if (f->touchId == SDL_MOUSE_TOUCHID)
        return 0;
    struct input_event e = {0};
    e.kind = INPUT_TOUCH;
    e.phase = phase;
    /* +1 keeps finger 0 for the mouse; unsigned arithmetic cannot overflow */
    e.finger = (int64_t)((uint64_t)f->fingerId + 1u);
    if (e.finger == INPUT_MOUSE_FINGER || e.finger == INPUT_ALL_FINGERS)
        return 0;
    input_rotate(f->x, f->y, cfg->touch_rotation, &e.x, &e.y);
    e.t_ms = event_time(ev, cfg);
    *out = e;
    return 1;
}

static int mouse(const SDL_Event *ev, const struct input_cfg *cfg, enum input_phase phase,
                 Sint32 px, Sint32 py, struct input_event *out)
{
    if (cfg->win_w <= 0 || cfg->win_h <= 0)
        return 0;
    struct input_event e = {0};
    e.kind = INPUT_TOUCH;
    e.phase = phase;
    e.finger = INPUT_MOUSE_FINGER;
    float x = cfg->win_w > 1 ? (float)px / (float)(cfg->win_w - 1) : 0.0f;
    float y = cfg->win_h > 1 ? (float)py / (float)(cfg->win_h - 1) : 0.0f;
    input_rotate(x, y, cfg->mouse_rotation, &e.x, &e.y);
    e.t_ms = event_time(ev, cfg);
    *out = e;
    return 1;
}

int input_translate(const union SDL_Event *ev, const struct input_cfg *cfg, struct input_event *out)
{
    static const struct input_cfg defaults = {0};
    if (!ev || !out)
        return 0;
    if (!cfg)
        cfg = &defaults;
    switch (ev->type) {
    case SDL_FINGERDOWN:
        return touch(ev, cfg, INPUT_DOWN, out);
    case SDL_FINGERMOTION:
        return touch(ev, cfg, INPUT_MOVE, out);
    case SDL_FINGERUP:
        return touch(ev, cfg, INPUT_UP, out);

    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (ev->button.which == SDL_TOUCH_MOUSEID || ev->button.button != SDL_BUTTON_LEFT)
            return 0;
        return mouse(ev, cfg, ev->type == SDL_MOUSEBUTTONDOWN ? INPUT_DOWN : INPUT_UP, ev->button.x,
                     ev->button.y, out);
    case SDL_MOUSEMOTION:
        if (ev->motion.which == SDL_TOUCH_MOUSEID || !(ev->motion.state & SDL_BUTTON_LMASK))
            return 0;
        return mouse(ev, cfg, INPUT_MOVE, ev->motion.x, ev->motion.y, out);

    case SDL_KEYDOWN: {
        enum input_key k = map_key(ev->key.keysym.sym);
        if (k == INPUT_KEY_NONE)
            return 0;
        struct input_event e = {0};
        e.kind = INPUT_KEY;
        e.phase = INPUT_DOWN;
        e.key = k;
        e.mods = map_mods(ev->key.keysym.mod);
        e.repeat = ev->key.repeat != 0;
        e.t_ms = event_time(ev, cfg);
        *out = e;
        return 1;
    }

    case SDL_QUIT: {
        struct input_event e = {0};
        e.kind = INPUT_QUIT_REQUEST;
        e.t_ms = event_time(ev, cfg);
        *out = e;
        return 1;
    }
    case SDL_WINDOWEVENT: {
        struct input_event e = {0};
        e.t_ms = event_time(ev, cfg);
        if (ev->window.event == SDL_WINDOWEVENT_CLOSE) {
            e.kind = INPUT_QUIT_REQUEST;
        } else if (ev->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            /* releases will not reach us: whatever is down is gone */
            e.kind = INPUT_TOUCH;
            e.phase = INPUT_CANCEL;
            e.finger = INPUT_ALL_FINGERS;
        } else {
            return 0;
        }
        *out = e;
        return 1;
    }
    default:
        return 0;
    }
}
