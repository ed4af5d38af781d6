/* SDL events, built by hand, to vitrine's input records. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "platform/sdl_input.h"

static SDL_Event finger(Uint32 type, SDL_FingerID id, float x, float y, Uint32 ts)
{
    SDL_Event e;
    memset(&e, 0, sizeof(e));
    e.tfinger.type = type;
    e.tfinger.timestamp = ts;
    e.tfinger.touchId = 1;
    e.tfinger.fingerId = id;
    e.tfinger.x = x;
    e.tfinger.y = y;
    return e;
}

static SDL_Event button(Uint32 type, Uint32 which, Uint8 b, Sint32 x, Sint32 y, Uint32 ts)
{
    SDL_Event e;
    memset(&e, 0, sizeof(e));
    e.button.type = type;
    e.button.timestamp = ts;
    e.button.which = which;
    e.button.button = b;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.x = x;
    e.button.y = y;
    return e;
}

static SDL_Event motion(Uint32 which, Uint32 state, Sint32 x, Sint32 y, Uint32 ts)
{
    SDL_Event e;
    memset(&e, 0, sizeof(e));
    e.motion.type = SDL_MOUSEMOTION;
    e.motion.timestamp = ts;
    e.motion.which = which;
    e.motion.state = state;
    e.motion.x = x;
    e.motion.y = y;
    return e;
}

static SDL_Event keydown(SDL_Keycode sym, Uint16 mod, Uint8 repeat, Uint32 ts)
{
    SDL_Event e;
    memset(&e, 0, sizeof(e));
    e.key.type = SDL_KEYDOWN;
    e.key.timestamp = ts;
    e.key.state = SDL_PRESSED;
    e.key.repeat = repeat;
    e.key.keysym.sym = sym;
    e.key.keysym.mod = mod;
    return e;
}

static const struct input_cfg plain = {0, 0, 1920, 1080, 0};

static void touch_records(void **state)
{
    (void)state;
    struct input_cfg cfg = plain;
    cfg.t_offset_ms = 5000;
    struct input_event r;
    SDL_Event e = finger(SDL_FINGERDOWN, 0, 0.25f, 0.75f, 1234);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.kind, INPUT_TOUCH);
    assert_int_equal(r.phase, INPUT_DOWN);
    assert_int_equal(r.finger, 1); /* SDL's finger 0 is not the mouse */
    assert_float_equal(r.x, 0.25f, 1e-6);
    assert_float_equal(r.y, 0.75f, 1e-6);
    assert_int_equal(r.t_ms, 6234);

    e = finger(SDL_FINGERMOTION, 41, 0.5f, 0.5f, 1300);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.phase, INPUT_MOVE);
    assert_int_equal(r.finger, 42);
    e = finger(SDL_FINGERUP, 41, 1.2f, -0.1f, 1400); /* off the edge: clamped */
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.phase, INPUT_UP);
    assert_float_equal(r.x, 1.0f, 1e-6);
    assert_float_equal(r.y, 0.0f, 1e-6);

    /* a negative offset never takes time below 0 */
    cfg.t_offset_ms = -2000;
    e = finger(SDL_FINGERDOWN, 3, 0.5f, 0.5f, 1000);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.t_ms, 0);

    /* touch synthesised from the mouse is not counted twice */
    e = finger(SDL_FINGERDOWN, 0, 0.5f, 0.5f, 10);
    e.tfinger.touchId = SDL_MOUSE_TOUCHID;
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
}

static void rotation(void **state)
{
    (void)state;
    static const struct {
        int rot;
        float x, y, want_x, want_y;
    } cases[] = {
        {0, 0.2f, 0.1f, 0.2f, 0.1f},   {90, 0.2f, 0.1f, 0.9f, 0.2f}, {180, 0.2f, 0.1f, 0.8f, 0.9f},
        {270, 0.2f, 0.1f, 0.1f, 0.8f}, {90, 0.0f, 0.0f, 1.0f, 0.0f}, {90, 1.0f, 0.0f, 1.0f, 1.0f},
        {270, 0.0f, 0.0f, 0.0f, 1.0f}, {45, 0.3f, 0.6f, 0.3f, 0.6f}, /* unknown: 0 */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        float x, y;
        input_rotate(cases[i].x, cases[i].y, cases[i].rot, &x, &y);
        assert_float_equal(x, cases[i].want_x, 1e-6);
        assert_float_equal(y, cases[i].want_y, 1e-6);
    }
    /* four quarter turns are no turn */
    float x = 0.3f, y = 0.7f;
    for (int i = 0; i < 4; i++)
        input_rotate(x, y, 90, &x, &y);
    assert_float_equal(x, 0.3f, 1e-6);
    assert_float_equal(y, 0.7f, 1e-6);
    /* 90 then 270 undo each other */
    input_rotate(0.15f, 0.85f, 90, &x, &y);
    input_rotate(x, y, 270, &x, &y);
    assert_float_equal(x, 0.15f, 1e-6);
    assert_float_equal(y, 0.85f, 1e-6);

    /* through translate: touch is turned, the mouse only with its own setting */
    struct input_cfg cfg = plain;
    struct input_event r;
    static const int rots[] = {90, 180, 270};
    for (int i = 0; i < 3; i++) {
        cfg.touch_rotation = rots[i];
        SDL_Event e = finger(SDL_FINGERDOWN, 1, 0.2f, 0.1f, 0);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        float wx, wy;
        input_rotate(0.2f, 0.1f, rots[i], &wx, &wy);
        assert_float_equal(r.x, wx, 1e-6);
        assert_float_equal(r.y, wy, 1e-6);
        e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_LEFT, 0, 0, 0);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        assert_float_equal(r.x, 0.0f, 1e-6);
        assert_float_equal(r.y, 0.0f, 1e-6);
    }
    cfg.mouse_rotation = 180;
    SDL_Event e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_LEFT, 0, 0, 0);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_float_equal(r.x, 1.0f, 1e-6);
    assert_float_equal(r.y, 1.0f, 1e-6);
}

/* With the picture turned on the output (--rotation), a finger or the
 * mouse on a point of the output reaches the point of the picture drawn
 * there. Where the picture's point lands on the output is what the
 * renderer does (pixel (x, y) of the upright picture of width w at (h-1-y,
 * x) for 90: checked pixel for pixel by test_golden), written here by hand:
 * L = (0.2, 0.3) of the picture is at P on the output. */
static void a_turned_picture_turns_touches_back(void **state)
{
    (void)state;
    static const struct {
        int rot;
        float px, py;
    } cases[] = {{0, 0.2f, 0.3f}, {90, 0.7f, 0.2f}, {180, 0.8f, 0.7f}, {270, 0.3f, 0.8f}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct input_cfg cfg = plain;
        input_cfg_turn(&cfg, cases[i].rot, 0);
        struct input_event r;
        SDL_Event e = finger(SDL_FINGERDOWN, 1, cases[i].px, cases[i].py, 0);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        assert_float_equal(r.x, 0.2f, 1e-6);
        assert_float_equal(r.y, 0.3f, 1e-6);
        /* the mouse, in the window's coordinates */
        e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_LEFT, (int)(cases[i].px * cfg.win_w + 0.5f),
                   (int)(cases[i].py * cfg.win_h + 0.5f), 0);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        assert_float_equal(r.x, 0.2f, 0.01);
        assert_float_equal(r.y, 0.3f, 0.01);
        /* a touch panel turned 180 from its screen as well: its own turn first */
        input_cfg_turn(&cfg, cases[i].rot, 180);
        e = finger(SDL_FINGERDOWN, 1, 1.0f - cases[i].px, 1.0f - cases[i].py, 0);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        assert_float_equal(r.x, 0.2f, 1e-6);
        assert_float_equal(r.y, 0.3f, 1e-6);
    }
}

static void mouse_is_finger_zero(void **state)
{
    (void)state;
    struct input_cfg cfg = plain;
    struct input_event r;

    /* no button: hovering is not touching */
    SDL_Event e = motion(0, 0, 100, 100, 5);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);

    e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_LEFT, 1919, 0, 10);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.kind, INPUT_TOUCH);
    assert_int_equal(r.finger, INPUT_MOUSE_FINGER);
    assert_int_equal(r.phase, INPUT_DOWN);
    assert_float_equal(r.x, 1.0f, 1e-6);
    assert_float_equal(r.y, 0.0f, 1e-6);
    assert_int_equal(r.t_ms, 10);

    e = motion(0, SDL_BUTTON_LMASK, 959, 539, 20);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.phase, INPUT_MOVE);
    assert_float_equal(r.x, 959.0f / 1919.0f, 1e-6);
    assert_float_equal(r.y, 539.0f / 1079.0f, 1e-6);

    e = button(SDL_MOUSEBUTTONUP, 0, SDL_BUTTON_LEFT, 959, 539, 30);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.phase, INPUT_UP);

    /* other buttons, and the mouse without a known window size, are dropped */
    e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_RIGHT, 10, 10, 40);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    e = motion(0, SDL_BUTTON_RMASK, 10, 10, 40);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    struct input_cfg no_size = {0};
    e = button(SDL_MOUSEBUTTONDOWN, 0, SDL_BUTTON_LEFT, 10, 10, 40);
    assert_int_equal(input_translate(&e, &no_size, &r), 0);
}

static void mouse_from_touch_ignored(void **state)
{
    (void)state;
    struct input_cfg cfg = plain;
    struct input_event r;
    memset(&r, 0x5A, sizeof(r));
    struct input_event before = r;
    SDL_Event e = button(SDL_MOUSEBUTTONDOWN, SDL_TOUCH_MOUSEID, SDL_BUTTON_LEFT, 10, 10, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    e = motion(SDL_TOUCH_MOUSEID, SDL_BUTTON_LMASK, 20, 20, 2);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    e = button(SDL_MOUSEBUTTONUP, SDL_TOUCH_MOUSEID, SDL_BUTTON_LEFT, 20, 20, 3);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    assert_memory_equal(&r, &before, sizeof(r)); /* untouched */

    input_setup();
    assert_string_equal(SDL_GetHint(SDL_HINT_TOUCH_MOUSE_EVENTS), "0");
    assert_string_equal(SDL_GetHint(SDL_HINT_MOUSE_TOUCH_EVENTS), "0");
}

static void keys_mapped(void **state)
{
    (void)state;
    struct input_cfg cfg = plain;
    static const struct {
        SDL_Keycode sym;
        enum input_key key;
    } map[] = {
        {SDLK_LEFT, INPUT_KEY_LEFT},      {SDLK_RIGHT, INPUT_KEY_RIGHT},
        {SDLK_UP, INPUT_KEY_UP},          {SDLK_DOWN, INPUT_KEY_DOWN},
        {SDLK_SPACE, INPUT_KEY_SPACE},    {SDLK_HOME, INPUT_KEY_HOME},
        {SDLK_END, INPUT_KEY_END},        {SDLK_ESCAPE, INPUT_KEY_ESCAPE},
        {SDLK_RETURN, INPUT_KEY_ENTER},   {SDLK_KP_ENTER, INPUT_KEY_ENTER},
        {SDLK_PAGEUP, INPUT_KEY_PAGE_UP}, {SDLK_PAGEDOWN, INPUT_KEY_PAGE_DOWN},
        {SDLK_F4, INPUT_KEY_F4},          {SDLK_BACKSPACE, INPUT_KEY_BACKSPACE},
    };
    struct input_event r;
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        SDL_Event e = keydown(map[i].sym, KMOD_NONE, 0, 77);
        assert_int_equal(input_translate(&e, &cfg, &r), 1);
        assert_int_equal(r.kind, INPUT_KEY);
        assert_int_equal(r.key, map[i].key);
        assert_int_equal(r.mods, 0);
        assert_int_equal(r.repeat, 0);
        assert_int_equal(r.t_ms, 77);
    }
    SDL_Event e = keydown(SDLK_F4, KMOD_LALT, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.mods, INPUT_MOD_ALT);
    e = keydown(SDLK_RIGHT, KMOD_RSHIFT | KMOD_LCTRL | KMOD_LGUI, 1, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.mods, INPUT_MOD_SHIFT | INPUT_MOD_CTRL | INPUT_MOD_GUI);
    assert_int_equal(r.repeat, 1);

    /* other keys arrive as "other" (with speech_key = any they start the
     * audio guide); modifiers alone and key releases are dropped */
    e = keydown(SDLK_a, KMOD_NONE, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_OTHER);
    e = keydown(SDLK_LSHIFT, KMOD_LSHIFT, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    e = keydown(SDLK_NUMLOCKCLEAR, KMOD_NONE, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    /* a keypad's arrows, help and volume keys */
    e = keydown(SDLK_KP_8, KMOD_NUM, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_UP);
    e = keydown(SDLK_KP_MULTIPLY, KMOD_NONE, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_HELP);
    e = keydown(SDLK_KP_PLUS, KMOD_NONE, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_VOLUME_UP);
    e = keydown(SDLK_VOLUMEDOWN, KMOD_NONE, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_VOLUME_DOWN);
    /* the speech key the settings name */
    assert_int_equal(input_speech_key("Keypad 0"), 0);
    e = keydown(SDLK_KP_0, KMOD_NUM, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_SPEECH);
    assert_int_equal(input_speech_key("no such key"), -1);
    assert_int_equal(input_speech_key("any"), 0);
    e = keydown(SDLK_KP_0, KMOD_NUM, 0, 1);
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.key, INPUT_KEY_OTHER);
    e = keydown(SDLK_LEFT, KMOD_NONE, 0, 1);
    e.key.type = SDL_KEYUP;
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
}

static void window_events(void **state)
{
    (void)state;
    struct input_cfg cfg = plain;
    struct input_event r;
    SDL_Event e;
    memset(&e, 0, sizeof(e));
    e.type = SDL_QUIT;
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.kind, INPUT_QUIT_REQUEST);

    memset(&e, 0, sizeof(e));
    e.window.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_CLOSE;
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.kind, INPUT_QUIT_REQUEST);

    e.window.event = SDL_WINDOWEVENT_FOCUS_LOST;
    assert_int_equal(input_translate(&e, &cfg, &r), 1);
    assert_int_equal(r.kind, INPUT_TOUCH);
    assert_int_equal(r.phase, INPUT_CANCEL);
    assert_int_equal(r.finger, INPUT_ALL_FINGERS);

    e.window.event = SDL_WINDOWEVENT_MOVED;
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    memset(&e, 0, sizeof(e));
    e.type = SDL_MOUSEWHEEL;
    assert_int_equal(input_translate(&e, &cfg, &r), 0);
    assert_int_equal(input_translate(NULL, &cfg, &r), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(touch_records),
        cmocka_unit_test(rotation),
        cmocka_unit_test(a_turned_picture_turns_touches_back),
        cmocka_unit_test(mouse_is_finger_zero),
        cmocka_unit_test(mouse_from_touch_ignored),
        cmocka_unit_test(keys_mapped),
        cmocka_unit_test(window_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
