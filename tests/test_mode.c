/* The mode machine: loop, wake, interactive, countdown, back to the loop;
 * the action tables; the controls' layout. Stepped clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/mode.h"

#define MAX_LOG 4096

struct rig {
    struct mode m;
    struct mode_cmd log[MAX_LOG];
    int n;
};

static const int chapters[] = {0, 3, 7};

static void rig_init_screen(struct rig *r, int w, int h, float dpi, int n_locales)
{
    memset(r, 0, sizeof(*r));
    struct mode_cfg cfg = {0};
    cfg.screen = (struct gesture_cfg){dpi, w, h};
    mode_init(&r->m, &cfg, 0);
    struct control c[MODE_MAX_CONTROLS];
    struct control_screen s = {w, h, dpi};
    struct control_spec spec = {n_locales, 3, chapters, 0, 0};
    int n = mode_controls_layout(&s, &spec, c, MODE_MAX_CONTROLS);
    assert_true(n > 0);
    mode_set_controls(&r->m, c, n);
}

static void rig_init(struct rig *r)
{
    rig_init_screen(r, 1920, 1080, 96.0f, 2);
}

static void record(struct rig *r, const struct mode_cmds *c)
{
    assert_true(c->n >= 0 && c->n <= MODE_MAX_CMDS);
    for (int i = 0; i < c->n && r->n < MAX_LOG; i++)
        r->log[r->n++] = c->v[i];
}

static void feed(struct rig *r, const struct input_event *e)
{
    struct mode_cmds c;
    mode_input(&r->m, e, e->t_ms, &c);
    record(r, &c);
}

static void touch(struct rig *r, uint64_t t, enum input_phase ph, int64_t id, float x, float y)
{
    struct input_event e = {
        .kind = INPUT_TOUCH, .finger = id, .phase = ph, .x = x, .y = y, .t_ms = t};
    feed(r, &e);
}

static void tap(struct rig *r, uint64_t t, float x, float y)
{
    touch(r, t, INPUT_DOWN, 1, x, y);
    touch(r, t + 50, INPUT_UP, 1, x, y);
}

static void key(struct rig *r, uint64_t t, enum input_key k, unsigned mods)
{
    struct input_event e = {.kind = INPUT_KEY, .key = k, .mods = mods, .t_ms = t};
    feed(r, &e);
}

static void tick(struct rig *r, uint64_t t)
{
    struct mode_cmds c;
    mode_tick(&r->m, t, &c);
    record(r, &c);
}

/* Tick every `step` ms from `from` to `to` inclusive. */
static void run(struct rig *r, uint64_t from, uint64_t to, uint64_t step)
{
    for (uint64_t t = from; t <= to; t += step)
        tick(r, t);
}

static int control_of(const struct rig *r, enum action act, int arg)
{
    for (int i = 0; i < r->m.n_controls; i++)
        if (r->m.controls[i].act == act && r->m.controls[i].arg == arg)
            return i;
    fail_msg("no control for %s", mode_action_name(act));
    return -1;
}

static void centre(const struct rig *r, enum action act, int arg, float *x, float *y)
{
    const struct control *c = &r->m.controls[control_of(r, act, arg)];
    *x = c->x + c->w / 2;
    *y = c->y + c->h / 2;
}

static int count(const struct rig *r, enum action act)
{
    int c = 0;
    for (int i = 0; i < r->n; i++)
        c += r->log[i].act == act;
    return c;
}

static void expect(const struct rig *r, int from, const enum action *acts, int n)
{
    if (r->n - from != n) {
        for (int i = from; i < r->n; i++)
            print_message("  got %s\n", mode_action_name(r->log[i].act));
    }
    assert_int_equal(r->n - from, n);
    for (int i = 0; i < n; i++)
        assert_string_equal(mode_action_name(r->log[from + i].act), mode_action_name(acts[i]));
}

static void wake(struct rig *r, uint64_t t)
{
    tap(r, t, 0.5f, 0.4f);
    assert_int_equal(r->m.state, MODE_INTERACTIVE);
}

static void first_touch_only_wakes(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    struct mode_view v;
    mode_view(&r.m, 0, &v);
    assert_int_equal(v.state, MODE_LOOP);
    assert_int_equal(v.pressed, -1);
    float nx, ny;
    centre(&r, ACT_NEXT, 0, &nx, &ny);

    /* a tap right on the next control while the loop plays */
    touch(&r, 1000, INPUT_DOWN, 1, nx, ny);
    mode_view(&r.m, 1010, &v);
    assert_int_equal(v.state, MODE_INTERACTIVE);
    assert_int_equal(v.pressed, -1); /* not shown pressed either */
    touch(&r, 1060, INPUT_UP, 1, nx, ny);
    tick(&r, 1100);
    expect(&r, 0, (enum action[]){ACT_WAKE}, 1);

    /* the next tap is a tap */
    touch(&r, 2000, INPUT_DOWN, 1, nx, ny);
    mode_view(&r.m, 2010, &v);
    assert_int_equal(v.pressed, control_of(&r, ACT_NEXT, 0));
    touch(&r, 2050, INPUT_UP, 1, nx, ny);
    expect(&r, 1, (enum action[]){ACT_NEXT}, 1);
    mode_view(&r.m, 2100, &v); /* feedback lingers a moment */
    assert_int_equal(v.pressed, control_of(&r, ACT_NEXT, 0));
    mode_view(&r.m, 2050 + MODE_FLASH_MS, &v);
    assert_int_equal(v.pressed, -1);

    /* a wake drag does not drag */
    rig_init(&r);
    touch(&r, 0, INPUT_DOWN, 1, 0.8f, 0.5f);
    for (int i = 1; i <= 10; i++)
        touch(&r, (uint64_t)i * 20, INPUT_MOVE, 1, 0.8f - 0.05f * (float)i, 0.5f);
    touch(&r, 220, INPUT_UP, 1, 0.3f, 0.5f);
    expect(&r, 0, (enum action[]){ACT_WAKE}, 1);
    mode_view(&r.m, 300, &v);
    assert_int_equal(v.dragging, 0);
}

static void idle_countdown_and_back_to_loop(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    wake(&r, 0); /* last input at 50 */
    int from = r.n;
    run(&r, 100, 60049, 1000);
    tick(&r, 60049);
    assert_int_equal(r.n, from);
    assert_int_equal(mode_deadline(&r.m, 60049), 60050);
    tick(&r, 60050);
    expect(&r, from, (enum action[]){ACT_COUNTDOWN}, 1);
    struct mode_view v;
    mode_view(&r.m, 60050, &v);
    assert_int_equal(v.state, MODE_COUNTDOWN);
    assert_int_equal(v.countdown_s, 10);
    mode_view(&r.m, 63550, &v);
    assert_int_equal(v.countdown_s, 7);
    assert_int_equal(mode_deadline(&r.m, 63550), 64050);

    /* a touch says "still here", and does nothing else */
    float px, py;
    centre(&r, ACT_PREV, 0, &px, &py);
    tap(&r, 65000, px, py);
    expect(&r, from + 1, (enum action[]){ACT_STILL_HERE}, 1);
    assert_int_equal(r.m.state, MODE_INTERACTIVE);

    /* idle again; the countdown runs out: title panel, loop */
    run(&r, 65100, 125049, 500);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 1);
    tick(&r, 125050);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 2);
    from = r.n;
    tick(&r, 135049);
    assert_int_equal(r.n, from);
    tick(&r, 135050);
    expect(&r, from, (enum action[]){ACT_HOME, ACT_LOOP}, 2);
    assert_int_equal(r.log[from].arg, 0);
    mode_view(&r.m, 135050, &v);
    assert_int_equal(v.state, MODE_LOOP);
    assert_int_equal(mode_deadline(&r.m, 135050), UINT64_MAX);

    /* with the index open, expiry closes it first */
    rig_init(&r);
    wake(&r, 0);
    float ix, iy;
    centre(&r, ACT_OPEN_INDEX, 0, &ix, &iy);
    tap(&r, 1000, ix, iy);
    assert_int_equal(r.m.index_open, 1);
    run(&r, 1100, 71099, 1000); /* the countdown starts at the 61100 tick */
    assert_int_equal(r.m.state, MODE_COUNTDOWN);
    from = r.n;
    tick(&r, 71100);
    expect(&r, from, (enum action[]){ACT_CLOSE_INDEX, ACT_HOME, ACT_LOOP}, 3);
    assert_int_equal(r.m.index_open, 0);
}

static void no_reset_while_touched(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    wake(&r, 0);
    /* a finger resting on the screen for five minutes */
    touch(&r, 1000, INPUT_DOWN, 1, 0.5f, 0.5f);
    run(&r, 1000, 301000, 1000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 0);
    assert_int_equal(r.m.state, MODE_INTERACTIVE);
    /* lifting restarts the idle time */
    touch(&r, 301000, INPUT_UP, 1, 0.5f, 0.5f);
    run(&r, 301000, 360999, 1000);
    tick(&r, 360999);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 0);
    tick(&r, 361000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 1);

    /* a drag held still for five minutes */
    rig_init(&r);
    wake(&r, 0);
    touch(&r, 1000, INPUT_DOWN, 1, 0.6f, 0.5f);
    touch(&r, 1100, INPUT_MOVE, 1, 0.5f, 0.5f);
    struct mode_view v;
    mode_view(&r.m, 1100, &v);
    assert_int_equal(v.dragging, 1);
    assert_float_equal(v.drag_dx, -0.1f, 1e-5);
    run(&r, 1100, 301100, 1000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 0);
    assert_int_equal(count(&r, ACT_LOOP), 0);
    touch(&r, 301100, INPUT_UP, 1, 0.5f, 0.5f);
    assert_int_equal(count(&r, ACT_DRAG_CANCEL), 1);
    run(&r, 301100, 361100, 1000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 1);

    /* a ghost touch that never lifts and never moves is forgotten in the end */
    rig_init(&r);
    wake(&r, 0);
    touch(&r, 1000, INPUT_DOWN, 1, 0.5f, 0.5f);
    run(&r, 1000, 1000 + MODE_STUCK_FINGER_MS - 1000, 1000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 0);
    run(&r, 1000 + MODE_STUCK_FINGER_MS, 1000 + MODE_STUCK_FINGER_MS + MODE_IDLE_MS, 1000);
    assert_int_equal(count(&r, ACT_COUNTDOWN), 1);
}

static void keys(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    key(&r, 100, INPUT_KEY_ESCAPE, 0);
    key(&r, 110, INPUT_KEY_F4, INPUT_MOD_ALT);
    struct input_event quit = {.kind = INPUT_QUIT_REQUEST, .t_ms = 120};
    feed(&r, &quit);
    assert_int_equal(r.n, 0);
    assert_int_equal(r.m.state, MODE_LOOP); /* did not even wake */

    key(&r, 1000, INPUT_KEY_RIGHT, 0); /* wakes only */
    key(&r, 2000, INPUT_KEY_RIGHT, 0);
    key(&r, 3000, INPUT_KEY_LEFT, 0);
    key(&r, 4000, INPUT_KEY_SPACE, 0);
    key(&r, 5000, INPUT_KEY_HOME, 0);
    expect(&r, 0, (enum action[]){ACT_WAKE, ACT_NEXT, ACT_PREV, ACT_NEXT, ACT_HOME}, 5);

    int from = r.n;
    key(&r, 6000, INPUT_KEY_ESCAPE, 0);
    key(&r, 6100, INPUT_KEY_F4, INPUT_MOD_ALT);
    key(&r, 6200, INPUT_KEY_RIGHT, INPUT_MOD_ALT);
    key(&r, 6300, INPUT_KEY_LEFT, INPUT_MOD_CTRL);
    struct input_event rep = {.kind = INPUT_KEY, .key = INPUT_KEY_RIGHT, .repeat = 1, .t_ms = 6400};
    feed(&r, &rep);
    quit.t_ms = 6500;
    feed(&r, &quit);
    assert_int_equal(r.n, from);
    assert_int_equal(r.m.state, MODE_INTERACTIVE);
    /* Escape did not count as activity; the repeat did */
    tick(&r, 66399);
    assert_int_equal(r.n, from);
    tick(&r, 66400);
    expect(&r, from, (enum action[]){ACT_COUNTDOWN}, 1);
    key(&r, 67000, INPUT_KEY_ESCAPE, 0);
    assert_int_equal(r.m.state, MODE_COUNTDOWN);
    key(&r, 68000, INPUT_KEY_SPACE, 0);
    expect(&r, from + 1, (enum action[]){ACT_STILL_HERE}, 1);
    assert_int_equal(r.m.state, MODE_INTERACTIVE);
}

static void drag_swipe_and_taps(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    wake(&r, 0);
    /* finger travels left past a quarter: next panel comes in from the right */
    int from = r.n;
    touch(&r, 1000, INPUT_DOWN, 1, 0.7f, 0.5f);
    for (int i = 1; i <= 10; i++)
        touch(&r, 1000 + (uint64_t)i * 50, INPUT_MOVE, 1, 0.7f - 0.04f * (float)i, 0.5f);
    touch(&r, 1800, INPUT_UP, 1, 0.3f, 0.5f);
    assert_true(count(&r, ACT_DRAG_FOLLOW) >= 9);
    assert_int_equal(r.log[r.n - 1].act, ACT_DRAG_COMMIT_NEXT);
    assert_float_equal(r.log[r.n - 1].drag_dx, -0.4f, 1e-5);
    for (int i = from; i < r.n - 1; i++)
        assert_int_equal(r.log[i].act, ACT_DRAG_FOLLOW);
    assert_float_equal(r.log[r.n - 2].drag_dx, -0.4f, 1e-5);

    /* rightwards: previous */
    touch(&r, 3000, INPUT_DOWN, 1, 0.2f, 0.5f);
    for (int i = 1; i <= 10; i++)
        touch(&r, 3000 + (uint64_t)i * 50, INPUT_MOVE, 1, 0.2f + 0.04f * (float)i, 0.5f);
    touch(&r, 3800, INPUT_UP, 1, 0.6f, 0.5f);
    assert_int_equal(r.log[r.n - 1].act, ACT_DRAG_COMMIT_PREV);

    /* not far enough, slowly: spring back */
    touch(&r, 5000, INPUT_DOWN, 1, 0.5f, 0.5f);
    for (int i = 1; i <= 10; i++)
        touch(&r, 5000 + (uint64_t)i * 100, INPUT_MOVE, 1, 0.5f - 0.01f * (float)i, 0.5f);
    touch(&r, 6500, INPUT_UP, 1, 0.4f, 0.5f);
    assert_int_equal(r.log[r.n - 1].act, ACT_DRAG_CANCEL);

    /* a quick flick: next */
    touch(&r, 8000, INPUT_DOWN, 1, 0.5f, 0.5f);
    touch(&r, 8030, INPUT_MOVE, 1, 0.49f, 0.5f);
    touch(&r, 8060, INPUT_MOVE, 1, 0.47f, 0.5f);
    touch(&r, 8080, INPUT_UP, 1, 0.46f, 0.5f);
    assert_int_equal(r.log[r.n - 1].act, ACT_DRAG_COMMIT_NEXT);

    /* two fingers spring a drag back */
    touch(&r, 9000, INPUT_DOWN, 1, 0.8f, 0.5f);
    touch(&r, 9100, INPUT_MOVE, 1, 0.4f, 0.5f);
    touch(&r, 9150, INPUT_DOWN, 2, 0.2f, 0.2f);
    assert_int_equal(r.log[r.n - 1].act, ACT_DRAG_CANCEL);
    from = r.n;
    touch(&r, 9200, INPUT_UP, 1, 0.1f, 0.5f);
    touch(&r, 9200, INPUT_UP, 2, 0.2f, 0.2f);
    assert_int_equal(r.n, from);

    /* taps: prev control; elsewhere on the panel only play-pause (a video
     * panel's clip; other panels ignore it), and the idle time restarts */
    float px, py;
    centre(&r, ACT_PREV, 0, &px, &py);
    tap(&r, 10000, px, py);
    assert_int_equal(r.log[r.n - 1].act, ACT_PREV);
    from = r.n;
    tap(&r, 20000, 0.5f, 0.4f);
    expect(&r, from, (enum action[]){ACT_PLAY_PAUSE}, 1);
    from = r.n;
    run(&r, 20050, 80049, 1000);
    tick(&r, 80049);
    assert_int_equal(r.n, from);
    tick(&r, 80050);
    expect(&r, from, (enum action[]){ACT_COUNTDOWN}, 1);
}

static void index_and_language(void **state)
{
    (void)state;
    struct rig r;
    rig_init_screen(&r, 1920, 1080, 96.0f, 2);
    wake(&r, 0);
    float x, y;
    int from = r.n;
    centre(&r, ACT_OPEN_INDEX, 0, &x, &y);
    tap(&r, 1000, x, y);
    struct mode_view v;
    mode_view(&r.m, 1100, &v);
    assert_int_equal(v.index_open, 1);
    /* the side controls are hidden under the overlay: tapping there closes it */
    centre(&r, ACT_JUMP, 7, &x, &y);
    tap(&r, 2000, x, y);
    expect(&r, from, (enum action[]){ACT_OPEN_INDEX, ACT_CLOSE_INDEX, ACT_JUMP}, 3);
    assert_int_equal(r.log[r.n - 1].arg, 7);
    assert_int_equal(r.m.index_open, 0);

    from = r.n;
    centre(&r, ACT_OPEN_INDEX, 0, &x, &y);
    tap(&r, 3000, x, y);
    tap(&r, 4000, 0.01f, 0.01f); /* outside every chapter */
    centre(&r, ACT_LANGUAGE, 1, &x, &y);
    tap(&r, 5000, x, y);
    expect(&r, from, (enum action[]){ACT_OPEN_INDEX, ACT_CLOSE_INDEX, ACT_LANGUAGE}, 3);
    assert_int_equal(r.log[r.n - 1].arg, 1);

    /* swipe up opens it, swipe down closes it, Home in it goes home */
    from = r.n;
    touch(&r, 6000, INPUT_DOWN, 1, 0.5f, 0.7f);
    touch(&r, 6050, INPUT_MOVE, 1, 0.5f, 0.5f);
    touch(&r, 6100, INPUT_UP, 1, 0.5f, 0.3f);
    touch(&r, 7000, INPUT_DOWN, 1, 0.5f, 0.3f);
    touch(&r, 7050, INPUT_MOVE, 1, 0.5f, 0.5f);
    touch(&r, 7100, INPUT_UP, 1, 0.5f, 0.7f);
    touch(&r, 8000, INPUT_DOWN, 1, 0.5f, 0.7f);
    touch(&r, 8050, INPUT_MOVE, 1, 0.5f, 0.5f);
    touch(&r, 8100, INPUT_UP, 1, 0.5f, 0.3f);
    key(&r, 9000, INPUT_KEY_HOME, 0);
    expect(
        &r, from,
        (enum action[]){ACT_OPEN_INDEX, ACT_CLOSE_INDEX, ACT_OPEN_INDEX, ACT_CLOSE_INDEX, ACT_HOME},
        5);

    /* Escape closes it, as it closes any dialog; outside the index it
     * does nothing */
    from = r.n;
    centre(&r, ACT_OPEN_INDEX, 0, &x, &y);
    tap(&r, 10000, x, y);
    key(&r, 11000, INPUT_KEY_ESCAPE, 0);
    key(&r, 12000, INPUT_KEY_ESCAPE, 0);
    expect(&r, from, (enum action[]){ACT_OPEN_INDEX, ACT_CLOSE_INDEX}, 2);
    assert_int_equal(r.m.index_open, 0);
}

/* Two languages: one tap on the other one switches, and there is no
 * picker. */
static void two_languages_switch_in_one_tap(void **state)
{
    (void)state;
    struct rig r;
    rig_init_screen(&r, 1920, 1080, 96.0f, 2);
    for (int i = 0; i < r.m.n_controls; i++)
        assert_int_not_equal(r.m.controls[i].layer, CONTROL_LANGUAGES);
    wake(&r, 0);
    float x, y;
    int from = r.n;
    centre(&r, ACT_LANGUAGE, 1, &x, &y);
    tap(&r, 1000, x, y);
    expect(&r, from, (enum action[]){ACT_LANGUAGE}, 1);
    assert_int_equal(r.log[r.n - 1].arg, 1);
    struct mode_view v;
    mode_view(&r.m, 1100, &v);
    assert_int_equal(v.languages_open, 0);
}

/* The centre of the picker's button for language l. */
static void language_centre(const struct rig *r, int l, float *x, float *y)
{
    for (int i = 0; i < r->m.n_controls; i++) {
        const struct control *c = &r->m.controls[i];
        if (c->layer == CONTROL_LANGUAGES && c->act == ACT_LANGUAGE && c->arg == l) {
            *x = c->x + c->w / 2;
            *y = c->y + c->h / 2;
            return;
        }
    }
    fail_msg("no picker button for language %d", l);
}

/* Nine languages: one tap opens the picker, one tap there chooses any of
 * them and closes it, so every language is two taps away; a tap beside
 * the buttons, the close button, a swipe down and Escape close it without
 * choosing (Escape does not quit, and a second does nothing); the main
 * controls under it do not answer. */
static void nine_languages_open_a_picker(void **state)
{
    (void)state;
    static const struct {
        int w, h;
    } screens[] = {{1920, 1080}, {800, 480}, {1080, 1920}, {1366, 768}, {2560, 1080}, {3840, 2160}};
    for (size_t s = 0; s < sizeof(screens) / sizeof(screens[0]); s++) {
        struct rig r;
        rig_init_screen(&r, screens[s].w, screens[s].h, 0, 9);
        wake(&r, 0);
        uint64_t t = 1000;
        for (int l = 0; l < 9; l++) {
            float x, y;
            int from = r.n;
            centre(&r, ACT_OPEN_LANGUAGES, 0, &x, &y);
            tap(&r, t, x, y);
            t += 500;
            assert_int_equal(r.m.languages_open, 1);
            language_centre(&r, l, &x, &y);
            tap(&r, t, x, y);
            t += 500;
            expect(&r, from, (enum action[]){ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES, ACT_LANGUAGE},
                   3);
            assert_int_equal(r.log[r.n - 1].arg, l);
            assert_int_equal(r.m.languages_open, 0);
        }
    }

    struct rig r;
    rig_init_screen(&r, 1920, 1080, 96.0f, 9);
    wake(&r, 0);
    float x, y, cx, cy;
    centre(&r, ACT_OPEN_LANGUAGES, 0, &x, &y);
    centre(&r, ACT_CLOSE_LANGUAGES, 0, &cx, &cy);
    int from = r.n;
    tap(&r, 1000, x, y);
    struct mode_view v;
    mode_view(&r.m, 1100, &v);
    assert_int_equal(v.languages_open, 1);
    assert_int_equal(v.index_open, 0);
    tap(&r, 2000, 0.5f, 0.02f); /* beside every button */
    tap(&r, 3000, x, y);
    tap(&r, 4000, cx, cy);
    tap(&r, 5000, x, y);
    touch(&r, 6000, INPUT_DOWN, 1, 0.5f, 0.3f);
    touch(&r, 6050, INPUT_MOVE, 1, 0.5f, 0.5f);
    touch(&r, 6100, INPUT_UP, 1, 0.5f, 0.7f);
    tap(&r, 7000, x, y);
    key(&r, 8000, INPUT_KEY_ESCAPE, 0);
    key(&r, 9000, INPUT_KEY_ESCAPE, 0);
    expect(&r, from,
           (enum action[]){ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES, ACT_OPEN_LANGUAGES,
                           ACT_CLOSE_LANGUAGES, ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES,
                           ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES},
           8);
    assert_int_equal(r.m.state, MODE_INTERACTIVE);

    /* the keys keep working: Home in it goes home (and closes it) */
    from = r.n;
    tap(&r, 10000, x, y);
    key(&r, 11000, INPUT_KEY_HOME, 0);
    expect(&r, from, (enum action[]){ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES, ACT_HOME}, 3);

    /* the index and the picker are never open together: the index button
     * is under the picker */
    from = r.n;
    tap(&r, 12000, x, y);
    assert_int_equal(
        mode_hit(&r.m, x, y) >= 0 && r.m.controls[mode_hit(&r.m, x, y)].layer == CONTROL_MAIN, 0);
    key(&r, 13000, INPUT_KEY_ESCAPE, 0);
    expect(&r, from, (enum action[]){ACT_OPEN_LANGUAGES, ACT_CLOSE_LANGUAGES}, 2);
}

/* Left open, the picker closes when the visitor's time runs out (before
 * "still there?") and when the kiosk ends the session. */
static void the_picker_closes_when_the_visitor_leaves(void **state)
{
    (void)state;
    struct rig r;
    rig_init_screen(&r, 1920, 1080, 96.0f, 9);
    wake(&r, 0);
    float x, y;
    centre(&r, ACT_OPEN_LANGUAGES, 0, &x, &y);
    tap(&r, 1000, x, y);
    int from = r.n;
    run(&r, 1100, 1050 + MODE_IDLE_MS + 100, 100);
    expect(&r, from, (enum action[]){ACT_CLOSE_LANGUAGES, ACT_COUNTDOWN}, 2);
    assert_int_equal(r.m.languages_open, 0);
    struct mode_view v;
    mode_view(&r.m, 1100 + MODE_IDLE_MS, &v);
    assert_int_equal(v.languages_open, 0);

    tap(&r, 2000 + MODE_IDLE_MS, 0.5f, 0.5f); /* still here */
    tap(&r, 3000 + MODE_IDLE_MS, x, y);
    assert_int_equal(r.m.languages_open, 1);
    from = r.n;
    struct mode_cmds c;
    mode_end_session(&r.m, &c);
    record(&r, &c);
    expect(&r, from, (enum action[]){ACT_CLOSE_LANGUAGES, ACT_HOME, ACT_LOOP}, 3);
    assert_int_equal(r.m.languages_open, 0);
}

static void touch_during_transition(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r);
    mode_set_transition(&r.m, 1); /* the loop is sliding to the next panel */
    float nx, ny;
    centre(&r, ACT_NEXT, 0, &nx, &ny);
    tap(&r, 1000, nx, ny);
    expect(&r, 0, (enum action[]){ACT_WAKE}, 1);
    /* still sliding: a tap on next waits for the slide to end */
    tap(&r, 1100, nx, ny);
    tick(&r, 1200);
    assert_int_equal(r.n, 1);
    /* a drag meanwhile is not followed; its commit is held too (latest wins) */
    touch(&r, 1250, INPUT_DOWN, 1, 0.3f, 0.5f);
    touch(&r, 1280, INPUT_MOVE, 1, 0.5f, 0.5f);
    touch(&r, 1300, INPUT_UP, 1, 0.7f, 0.5f);
    assert_int_equal(r.n, 1);
    assert_int_equal(mode_deadline(&r.m, 1300) > 1300, 1);
    mode_set_transition(&r.m, 0);
    assert_int_equal(mode_deadline(&r.m, 1350), 1350);
    tick(&r, 1350);
    expect(&r, 1, (enum action[]){ACT_PREV}, 1);
    tick(&r, 1400);
    assert_int_equal(r.n, 2);
}

/* ---- the controls ---- */

static float mm(float px, float dpi)
{
    return px * 25.4f / dpi;
}

static void check_layout(int w, int h, float dpi, int n_locales, int n_chapters, int page,
                         int text_size)
{
    int first[4 * MODE_MAX_CHAPTERS];
    for (int i = 0; i < 4 * MODE_MAX_CHAPTERS; i++)
        first[i] = i * 4;
    struct control c[MODE_MAX_CONTROLS];
    struct control_screen s = {w, h, dpi};
    struct control_spec spec = {n_locales, n_chapters, first, page, text_size};
    int n = mode_controls_layout(&s, &spec, c, MODE_MAX_CONTROLS);
    float real_dpi = dpi > 0 ? dpi : GESTURE_DEFAULT_DPI;
    int langs = 0, jumps = 0, index = 0, sizes = 0, pickers = 0, picked = 0, closes = 0;
    unsigned long long seen = 0;
    for (int i = 0; i < n; i++) {
        float pw = c[i].w * (float)w, ph = c[i].h * (float)h;
        if (pw < 44.0f - 1e-3f || ph < 44.0f - 1e-3f || mm(pw, real_dpi) < 9.0f - 1e-3f ||
            mm(ph, real_dpi) < 9.0f - 1e-3f)
            fail_msg("%dx%d@%.0f: %s control %.1fx%.1f px", w, h, (double)dpi,
                     mode_action_name(c[i].act), (double)pw, (double)ph);
        assert_true(c[i].x >= 0.0f && c[i].y >= 0.0f);
        assert_true(c[i].x + c[i].w <= 1.0f + 1e-5f && c[i].y + c[i].h <= 1.0f + 1e-5f);
        for (int j = 0; j < i; j++) {
            if (c[j].layer != c[i].layer)
                continue;
            int overlap = c[i].x < c[j].x + c[j].w && c[j].x < c[i].x + c[i].w &&
                          c[i].y < c[j].y + c[j].h && c[j].y < c[i].y + c[i].h;
            if (overlap)
                fail_msg("%dx%d: %s overlaps %s", w, h, mode_action_name(c[i].act),
                         mode_action_name(c[j].act));
        }
        langs += c[i].act == ACT_LANGUAGE && c[i].layer == CONTROL_MAIN;
        pickers += c[i].act == ACT_OPEN_LANGUAGES && c[i].layer == CONTROL_MAIN;
        closes += c[i].act == ACT_CLOSE_LANGUAGES && c[i].layer == CONTROL_LANGUAGES;
        if (c[i].layer == CONTROL_LANGUAGES && c[i].act == ACT_LANGUAGE) {
            /* each language once, its place in item */
            assert_true(c[i].arg >= 0 && c[i].arg < n_locales && c[i].arg < 64);
            assert_int_equal(c[i].item, c[i].arg);
            assert_false(seen >> c[i].arg & 1);
            seen |= 1ull << c[i].arg;
            picked++;
        }
        jumps += c[i].act == ACT_JUMP;
        index += c[i].act == ACT_OPEN_INDEX;
        sizes += c[i].act == ACT_TEXT_SIZE;
    }
    assert_int_equal(sizes, text_size);
    /* a page holds what fits (never more than MODE_MAX_CHAPTERS); the rest
     * is on other pages */
    int per_page = mode_index_per_page(&s, n_chapters);
    assert_true(per_page >= 1 && per_page <= MODE_MAX_CHAPTERS);
    int left = n_chapters - page * per_page;
    int want_chapters = n_chapters > 1 ? (left < per_page ? left : per_page) : 0;
    assert_int_equal(jumps, want_chapters);
    assert_int_equal(index, n_chapters > 1);
    /* two languages: a button each, or one that switches where they do not
     * fit; more: one button that opens the picker, which holds every
     * language (up to 24 at every size; on the smallest screen as many as
     * fit) */
    if (n_locales <= 1)
        assert_int_equal(langs + pickers, 0);
    else if (n_locales > MODE_MAX_LOCALE_BUTTONS)
        assert_int_equal(langs * 10 + pickers, 1);
    else if (langs != n_locales && langs != 1)
        fail_msg("%dx%d: %d language buttons for %d languages", w, h, langs, n_locales);
    if (w >= 768 && n_locales <= 2)
        assert_int_equal(langs, n_locales > 1 ? n_locales : 0); /* no narrow screen */
    assert_int_equal(closes, n_locales > MODE_MAX_LOCALE_BUTTONS);
    if (n_locales > MODE_MAX_LOCALE_BUTTONS && (n_locales <= 24 || w * h >= 1280 * 800))
        assert_int_equal(picked, n_locales < MODE_MAX_LANGUAGES ? n_locales : MODE_MAX_LANGUAGES);
    else if (n_locales > MODE_MAX_LOCALE_BUTTONS)
        assert_true(picked >= 24);
    else
        assert_int_equal(picked, 0);
}

static void control_sizes(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        float dpi;
    } screens[] = {
        {1920, 1080, 96.0f}, {1280, 800, 96.0f},   {1080, 1920, 96.0f},  {1366, 768, 96.0f},
        {1920, 1080, 0.0f},  {3840, 2160, 160.0f}, {2160, 3840, 163.0f}, {1280, 800, 150.0f},
        {800, 1280, 96.0f},  {1024, 768, 96.0f},   {800, 480, 96.0f},    {768, 1024, 96.0f},
        {480, 800, 96.0f},
    };
    static const int locales[] = {1, 2, 3, 4, 5, 6, 9, 16, 24, MODE_MAX_LANGUAGES + 2};
    for (size_t i = 0; i < sizeof(screens) / sizeof(screens[0]); i++)
        for (size_t loc = 0; loc < sizeof(locales) / sizeof(locales[0]); loc++)
            for (int ch = 0; ch <= MODE_MAX_CHAPTERS + 3; ch += 7)
                for (int ts = 0; ts <= 1; ts++) /* with the larger-text toggle too */
                    check_layout(screens[i].w, screens[i].h, screens[i].dpi, locales[loc], ch, 0,
                                 ts);
    /* more chapters than a page holds: every page lays out cleanly */
    for (size_t i = 0; i < sizeof(screens) / sizeof(screens[0]); i++) {
        struct control_screen s = {screens[i].w, screens[i].h, screens[i].dpi};
        int n = 3 * MODE_MAX_CHAPTERS + 7;
        for (int p = 0; p < mode_index_pages(&s, n); p++)
            check_layout(screens[i].w, screens[i].h, screens[i].dpi, 2, n, p, 1);
    }
}

/* The chapter index pages beyond what one page holds: every chapter is on
 * exactly one page, in order, with its number in item, and page buttons
 * appear only when there is more than one page. */
static void the_index_pages_through_every_chapter(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1920, 1080}, {800, 480}, {768, 1024}, {3840, 2160}};
    int first[500];
    for (int i = 0; i < 500; i++)
        first[i] = i * 2;
    for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
        struct control_screen s = {sizes[k][0], sizes[k][1], 96.0f};
        for (int n = 2; n <= 500; n = n * 3 + 1) {
            int pages = mode_index_pages(&s, n), next = 0;
            assert_true(pages >= 1);
            assert_int_equal(pages > 1, n > mode_index_per_page(&s, n));
            for (int p = 0; p < pages; p++) {
                struct control c[MODE_MAX_CONTROLS];
                struct control_spec spec = {1, n, first, p, 0};
                int nc = mode_controls_layout(&s, &spec, c, MODE_MAX_CONTROLS);
                int page_buttons = 0;
                for (int i = 0; i < nc; i++) {
                    if (c[i].act == ACT_JUMP) {
                        assert_int_equal(c[i].item, next);
                        assert_int_equal(c[i].arg, first[next]);
                        next++;
                    }
                    page_buttons += c[i].act == ACT_INDEX_PAGE;
                }
                assert_int_equal(page_buttons, pages > 1 ? 2 : 0);
            }
            assert_int_equal(next, n); /* every chapter, once */
        }
    }
}

static void language_only_with_several_locales(void **state)
{
    (void)state;
    struct control c[MODE_MAX_CONTROLS];
    struct control_screen s = {1920, 1080, 96.0f};
    for (int loc = 0; loc <= 6; loc++) {
        struct control_spec spec = {loc, 3, chapters, 0, 1};
        int n = mode_controls_layout(&s, &spec, c, MODE_MAX_CONTROLS);
        int langs = 0, cycle = 0, pickers = 0;
        for (int i = 0; i < n; i++) {
            langs += c[i].act == ACT_LANGUAGE && c[i].layer == CONTROL_MAIN;
            cycle += c[i].act == ACT_LANGUAGE && c[i].arg == -1;
            pickers += c[i].act == ACT_OPEN_LANGUAGES;
        }
        assert_int_equal(langs, loc == 2 ? 2 : 0);
        assert_int_equal(cycle, 0);
        assert_int_equal(pickers, loc > 2);
    }
    /* a single locale: tapping where the button would be is a tap on the
     * panel (play-pause), not a language */
    struct rig r;
    rig_init_screen(&r, 1920, 1080, 96.0f, 1);
    wake(&r, 0);
    int from = r.n;
    tap(&r, 1000, 0.97f, 0.97f);
    expect(&r, from, (enum action[]){ACT_PLAY_PAUSE}, 1);
}

/* Previous and next are reached along the sides: a zone at least
 * NAV_ZONE_MM wide at the screen's dpi, from the page's top to the bar's
 * foot, holds the visible button, and a tap anywhere in it turns the page
 * (at every shape, at a low and a high dpi). */
static void previous_and_next_are_zones_along_the_sides(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        float dpi;
    } screens[] = {{800, 480, 96},   {1024, 600, 120},  {1280, 1024, 96},  {1366, 768, 96},
                   {1920, 1080, 96}, {2560, 1080, 110}, {3840, 1600, 110}, {3840, 2160, 160},
                   {720, 1280, 280}, {1080, 1920, 96}};
    for (size_t k = 0; k < sizeof screens / sizeof screens[0]; k++) {
        struct rig r;
        int W = screens[k].w, H = screens[k].h;
        rig_init_screen(&r, W, H, screens[k].dpi, 2);
        wake(&r, 0);
        float mm = screens[k].dpi / 25.4f;
        int seen = 0;
        for (int i = 0; i < r.m.n_controls; i++) {
            const struct control *c = &r.m.controls[i];
            if (c->act != ACT_PREV && c->act != ACT_NEXT)
                continue;
            seen++;
            if (c->zw * W < NAV_ZONE_MM * mm - 1 || c->zy * H > 0.1f * H ||
                (c->zy + c->zh) * H < (c->y + c->h) * H - 1)
                fail_msg("%dx%d: %s's zone %.0fx%.0f px from y %.0f (15 mm = %.0f px)", W, H,
                         mode_action_name(c->act), c->zw * W, c->zh * H, c->zy * H,
                         NAV_ZONE_MM * mm);
            /* the visible button inside its zone */
            assert_true(c->x >= c->zx - 1e-4f && c->x + c->w <= c->zx + c->zw + 1e-4f);
            /* a tap at the zone's middle, half way down the screen, turns the page */
            float x = c->zx + c->zw / 2, y = 0.5f;
            int from = r.n;
            tap(&r, 1000 + 1000 * (uint64_t)i, x, y);
            expect(&r, from, (enum action[]){c->act}, 1);
        }
        assert_int_equal(seen, 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_touch_only_wakes),
        cmocka_unit_test(previous_and_next_are_zones_along_the_sides),
        cmocka_unit_test(idle_countdown_and_back_to_loop),
        cmocka_unit_test(no_reset_while_touched),
        cmocka_unit_test(keys),
        cmocka_unit_test(drag_swipe_and_taps),
        cmocka_unit_test(index_and_language),
        cmocka_unit_test(two_languages_switch_in_one_tap),
        cmocka_unit_test(nine_languages_open_a_picker),
        cmocka_unit_test(the_picker_closes_when_the_visitor_leaves),
        cmocka_unit_test(touch_during_transition),
        cmocka_unit_test(control_sizes),
        cmocka_unit_test(language_only_with_several_locales),
        cmocka_unit_test(the_index_pages_through_every_chapter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
