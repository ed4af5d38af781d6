/* The gesture recogniser: scripted touches on a stepped clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/gesture.h"

#define MAX_SEEN 64

struct rig {
    struct gesture g;
    struct gesture_event seen[MAX_SEEN];
    int n;
};

static void rig_init(struct rig *r, float dpi, int w, int h)
{
    memset(r, 0, sizeof(*r));
    struct gesture_cfg cfg = {dpi, w, h};
    gesture_init(&r->g, &cfg);
}

static void collect(struct rig *r, const struct gesture_event *ev, int n)
{
    assert_true(n >= 0 && n <= GESTURE_MAX_OUT);
    for (int i = 0; i < n; i++)
        if (r->n < MAX_SEEN)
            r->seen[r->n++] = ev[i];
}

static void touch(struct rig *r, uint64_t t, enum input_phase ph, int64_t id, float x, float y)
{
    struct input_event e = {
        .kind = INPUT_TOUCH, .finger = id, .phase = ph, .x = x, .y = y, .t_ms = t};
    struct gesture_event out[GESTURE_MAX_OUT];
    collect(r, out, gesture_feed(&r->g, &e, out));
}

static void tick(struct rig *r, uint64_t now)
{
    struct gesture_event out[GESTURE_MAX_OUT];
    collect(r, out, gesture_tick(&r->g, now, out));
}

/* Normalised x travel for mm on a screen w pixels wide at dpi. */
static float mm_x(float mm, float dpi, int w)
{
    return mm * dpi / 25.4f / (float)w;
}
static float mm_y(float mm, float dpi, int h)
{
    return mm * dpi / 25.4f / (float)h;
}

static int count(const struct rig *r, enum gesture_kind k)
{
    int c = 0;
    for (int i = 0; i < r->n; i++)
        c += r->seen[i].kind == k;
    return c;
}

static const struct gesture_event *find(const struct rig *r, enum gesture_kind k)
{
    for (int i = 0; i < r->n; i++)
        if (r->seen[i].kind == k)
            return &r->seen[i];
    return NULL;
}

/* A press that moves `mm` to the right in small steps, then lifts. */
static void press_move_lift(struct rig *r, float dpi, int w, float mm)
{
    touch(r, 1000, INPUT_DOWN, 1, 0.5f, 0.5f);
    for (int i = 1; i <= 10; i++)
        touch(r, 1000 + (uint64_t)i * 10, INPUT_MOVE, 1, 0.5f + mm_x(mm * (float)i / 10, dpi, w),
              0.5f);
    touch(r, 1150, INPUT_UP, 1, 0.5f + mm_x(mm, dpi, w), 0.5f);
}

static void tap_vs_drag_threshold(void **state)
{
    (void)state;
    static const float dpis[] = {96.0f, 160.0f};
    for (int d = 0; d < 2; d++) {
        float dpi = dpis[d];
        struct rig r;
        rig_init(&r, dpi, 1920, 1080);
        press_move_lift(&r, dpi, 1920, 3.0f);
        assert_int_equal(count(&r, GESTURE_PRESS), 1);
        assert_int_equal(count(&r, GESTURE_TAP), 1);
        assert_int_equal(count(&r, GESTURE_DRAG_START), 0);
        const struct gesture_event *tap = find(&r, GESTURE_TAP);
        assert_float_equal(tap->x, 0.5f, 1e-6); /* where it went down */
        assert_int_equal(gesture_fingers_down(&r.g), 0);

        rig_init(&r, dpi, 1920, 1080);
        press_move_lift(&r, dpi, 1920, 5.0f);
        assert_int_equal(count(&r, GESTURE_TAP), 0);
        assert_int_equal(count(&r, GESTURE_DRAG_START), 1);
        assert_int_equal(count(&r, GESTURE_DRAG_END), 1);
        const struct gesture_event *end = find(&r, GESTURE_DRAG_END);
        assert_int_equal(end->dir, GESTURE_DIR_NONE); /* short and slow: springs back */
    }
    /* the default DPI stands in for an unknown one */
    struct gesture_cfg unknown = {0, 1920, 1080};
    assert_float_equal(gesture_dpi(&unknown), GESTURE_DEFAULT_DPI, 1e-6);
    struct rig r;
    rig_init(&r, 0.0f, 1920, 1080);
    press_move_lift(&r, 96.0f, 1920, 3.0f);
    assert_int_equal(count(&r, GESTURE_TAP), 1);
}

static void long_press_by_tick_and_cancelled_by_movement(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 3, 0.3f, 0.4f);
    assert_int_equal(gesture_deadline(&r.g), GESTURE_LONG_PRESS_MS);
    tick(&r, 599);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 0);
    tick(&r, 600);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 1);
    const struct gesture_event *lp = find(&r, GESTURE_LONG_PRESS);
    assert_float_equal(lp->x, 0.3f, 1e-6);
    assert_float_equal(lp->y, 0.4f, 1e-6);
    tick(&r, 5000);
    touch(&r, 5000, INPUT_UP, 3, 0.3f, 0.4f);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 1);
    assert_int_equal(count(&r, GESTURE_TAP), 0);

    /* a lift after the time without a tick: still a long press, not a tap */
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 3, 0.3f, 0.4f);
    touch(&r, 700, INPUT_UP, 3, 0.3f, 0.4f);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 1);
    assert_int_equal(count(&r, GESTURE_TAP), 0);

    /* moving beyond the slop first: no long press */
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 3, 0.3f, 0.4f);
    touch(&r, 300, INPUT_MOVE, 3, 0.3f, 0.4f + mm_y(6.0f, 96.0f, 1080));
    tick(&r, 1000);
    tick(&r, 2000);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 0);
    assert_int_equal(gesture_deadline(&r.g), UINT64_MAX);
    touch(&r, 2000, INPUT_UP, 3, 0.3f, 0.4f + mm_y(6.0f, 96.0f, 1080));
    assert_int_equal(count(&r, GESTURE_TAP), 0);
    assert_int_equal(count(&r, GESTURE_SWIPE), 0); /* 6 mm is no swipe */
    assert_int_equal(count(&r, GESTURE_CANCEL), 1);

    /* jitter within the slop does not stop it */
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 3, 0.3f, 0.4f);
    touch(&r, 200, INPUT_MOVE, 3, 0.3f + mm_x(2.0f, 96.0f, 1920), 0.4f);
    tick(&r, 650);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 1);
}

static void vertical_swipe_direction_and_velocity(void **state)
{
    (void)state;
    const float dpi = 96.0f;
    struct rig r;
    rig_init(&r, dpi, 1080, 1920); /* portrait */
    /* 30 mm upwards in 100 ms: 300 mm/s */
    touch(&r, 0, INPUT_DOWN, 1, 0.5f, 0.8f);
    for (int i = 1; i <= 5; i++)
        touch(&r, (uint64_t)i * 20, INPUT_MOVE, 1, 0.5f,
              0.8f - mm_y(30.0f * (float)i / 5, dpi, 1920));
    touch(&r, 100, INPUT_UP, 1, 0.5f, 0.8f - mm_y(30.0f, dpi, 1920));
    const struct gesture_event *sw = find(&r, GESTURE_SWIPE);
    assert_non_null(sw);
    assert_int_equal(sw->dir, GESTURE_DIR_UP);
    assert_float_equal(sw->velocity, -300.0f, 5.0f);
    assert_int_equal(count(&r, GESTURE_DRAG_START), 0);

    rig_init(&r, dpi, 1080, 1920);
    touch(&r, 0, INPUT_DOWN, 1, 0.5f, 0.2f);
    touch(&r, 50, INPUT_MOVE, 1, 0.5f, 0.2f + mm_y(10.0f, dpi, 1920));
    touch(&r, 100, INPUT_UP, 1, 0.5f, 0.2f + mm_y(20.0f, dpi, 1920));
    sw = find(&r, GESTURE_SWIPE);
    assert_non_null(sw);
    assert_int_equal(sw->dir, GESTURE_DIR_DOWN);
    assert_float_equal(sw->velocity, 200.0f, 5.0f);
}

static void horizontal_drag(struct rig *r, float from, float to, int steps, uint64_t ms)
{
    touch(r, 10000, INPUT_DOWN, 7, from, 0.5f);
    for (int i = 1; i <= steps; i++)
        touch(r, 10000 + ms * (uint64_t)i / (uint64_t)steps, INPUT_MOVE, 7,
              from + (to - from) * (float)i / (float)steps, 0.5f);
}

static void drag_commit_or_spring_back(void **state)
{
    (void)state;
    struct rig r;
    /* 30% of the width, slowly, with a pause before lifting: commits */
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.7f, 0.4f, 30, 3000);
    assert_int_equal(count(&r, GESTURE_DRAG_START), 1);
    assert_true(count(&r, GESTURE_DRAG_MOVE) >= 20);
    assert_true(gesture_is_dragging(&r.g));
    const struct gesture_event *last = &r.seen[r.n - 1];
    assert_int_equal(last->kind, GESTURE_DRAG_MOVE);
    assert_float_equal(last->dx, -0.3f, 1e-4); /* the panel follows the finger */
    touch(&r, 13500, INPUT_UP, 7, 0.4f, 0.5f);
    const struct gesture_event *end = find(&r, GESTURE_DRAG_END);
    assert_non_null(end);
    assert_int_equal(end->dir, GESTURE_DIR_LEFT);
    assert_float_equal(end->velocity, 0.0f, 1e-3); /* it had stopped */
    assert_int_equal(end->cancelled, 0);
    assert_false(gesture_is_dragging(&r.g));

    /* 20%, slowly: springs back */
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.3f, 0.5f, 20, 2000);
    touch(&r, 12500, INPUT_UP, 7, 0.5f, 0.5f);
    end = find(&r, GESTURE_DRAG_END);
    assert_int_equal(end->dir, GESTURE_DIR_NONE);

    /* rightwards past the threshold */
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.3f, 0.6f, 20, 2000);
    touch(&r, 12100, INPUT_UP, 7, 0.6f, 0.5f);
    assert_int_equal(find(&r, GESTURE_DRAG_END)->dir, GESTURE_DIR_RIGHT);
}

static void fling_commits_a_short_drag(void **state)
{
    (void)state;
    const float dpi = 96.0f;
    struct rig r;
    /* 20 mm (about 4% of the width) in 80 ms: 250 mm/s */
    rig_init(&r, dpi, 1920, 1080);
    float dx = mm_x(20.0f, dpi, 1920);
    horizontal_drag(&r, 0.5f, 0.5f - dx, 5, 80);
    touch(&r, 10080, INPUT_UP, 7, 0.5f - dx, 0.5f);
    const struct gesture_event *end = find(&r, GESTURE_DRAG_END);
    assert_non_null(end);
    assert_int_equal(end->dir, GESTURE_DIR_LEFT);
    assert_true(end->velocity <= -GESTURE_FLING_MM_PER_S);

    /* the same distance slowly: springs back */
    rig_init(&r, dpi, 1920, 1080);
    horizontal_drag(&r, 0.5f, 0.5f - dx, 20, 2000);
    touch(&r, 12000, INPUT_UP, 7, 0.5f - dx, 0.5f);
    assert_int_equal(find(&r, GESTURE_DRAG_END)->dir, GESTURE_DIR_NONE);

    /* a long drag flung back the other way springs back */
    rig_init(&r, dpi, 1920, 1080);
    horizontal_drag(&r, 0.8f, 0.4f, 20, 2000);
    touch(&r, 12020, INPUT_MOVE, 7, 0.43f, 0.5f);
    touch(&r, 12040, INPUT_MOVE, 7, 0.46f, 0.5f);
    touch(&r, 12050, INPUT_UP, 7, 0.47f, 0.5f);
    end = find(&r, GESTURE_DRAG_END);
    assert_true(end->velocity > GESTURE_FLING_MM_PER_S);
    assert_int_equal(end->dir, GESTURE_DIR_NONE);
}

static void second_finger_cancels_drag(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.8f, 0.3f, 10, 200);
    touch(&r, 10300, INPUT_DOWN, 8, 0.2f, 0.2f);
    const struct gesture_event *end = find(&r, GESTURE_DRAG_END);
    assert_non_null(end);
    assert_int_equal(end->dir, GESTURE_DIR_NONE);
    assert_int_equal(end->cancelled, 1);
    int n = r.n;
    /* nothing more while both are down, nor when they lift */
    touch(&r, 10400, INPUT_MOVE, 7, 0.1f, 0.5f);
    touch(&r, 10400, INPUT_MOVE, 8, 0.9f, 0.2f);
    touch(&r, 10500, INPUT_UP, 7, 0.1f, 0.5f);
    touch(&r, 10600, INPUT_UP, 8, 0.9f, 0.2f);
    assert_int_equal(r.n, n);
    assert_int_equal(count(&r, GESTURE_DRAG_END), 1);
    assert_int_equal(gesture_fingers_down(&r.g), 0);
    /* and a fresh tap works */
    touch(&r, 11000, INPUT_DOWN, 9, 0.5f, 0.5f);
    touch(&r, 11050, INPUT_UP, 9, 0.5f, 0.5f);
    assert_int_equal(count(&r, GESTURE_TAP), 1);

    /* a second finger during a press: CANCEL, no tap */
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 1, 0.5f, 0.5f);
    touch(&r, 30, INPUT_DOWN, 2, 0.6f, 0.5f);
    touch(&r, 60, INPUT_UP, 1, 0.5f, 0.5f);
    touch(&r, 70, INPUT_UP, 2, 0.6f, 0.5f);
    tick(&r, 2000);
    assert_int_equal(count(&r, GESTURE_CANCEL), 1);
    assert_int_equal(count(&r, GESTURE_TAP), 0);
    assert_int_equal(count(&r, GESTURE_LONG_PRESS), 0);
}

static void screen_edges(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_DOWN, 1, 0.0f, 0.5f);
    touch(&r, 40, INPUT_UP, 1, 0.0f, 0.5f);
    touch(&r, 100, INPUT_DOWN, 1, 1.0f, 1.0f);
    touch(&r, 140, INPUT_UP, 1, 1.0f, 1.0f);
    assert_int_equal(count(&r, GESTURE_TAP), 2);
    assert_float_equal(r.seen[1].x, 0.0f, 1e-6);
    assert_float_equal(r.seen[3].x, 1.0f, 1e-6);

    /* a drag in from the right edge and one off the left edge */
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 1.0f, 0.6f, 10, 1000);
    touch(&r, 11500, INPUT_UP, 7, 0.6f, 0.5f);
    assert_int_equal(find(&r, GESTURE_DRAG_END)->dir, GESTURE_DIR_LEFT);
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.2f, -0.3f, 10, 1000); /* beyond the edge: held at 0 */
    touch(&r, 11500, INPUT_UP, 7, -0.3f, 0.5f);
    const struct gesture_event *end = find(&r, GESTURE_DRAG_END);
    assert_float_equal(end->dx, -0.2f, 1e-5);
    assert_int_equal(end->dir, GESTURE_DIR_NONE);
}

static void unmatched_and_reused_ids(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 0, INPUT_UP, 5, 0.5f, 0.5f);
    touch(&r, 10, INPUT_MOVE, 5, 0.6f, 0.5f);
    touch(&r, 20, INPUT_CANCEL, 5, 0.6f, 0.5f);
    assert_int_equal(r.n, 0);
    assert_int_equal(gesture_fingers_down(&r.g), 0);

    /* a DOWN for an id already down: the old touch ends (its UP was lost) */
    touch(&r, 100, INPUT_DOWN, 5, 0.5f, 0.5f);
    touch(&r, 200, INPUT_DOWN, 5, 0.2f, 0.2f);
    assert_int_equal(count(&r, GESTURE_PRESS), 2);
    assert_int_equal(count(&r, GESTURE_CANCEL), 1);
    assert_int_equal(gesture_fingers_down(&r.g), 1);
    touch(&r, 250, INPUT_UP, 5, 0.2f, 0.2f);
    assert_int_equal(count(&r, GESTURE_TAP), 1);
    assert_float_equal(find(&r, GESTURE_TAP)->x, 0.2f, 1e-6);
    touch(&r, 260, INPUT_UP, 5, 0.2f, 0.2f); /* twice */
    assert_int_equal(gesture_fingers_down(&r.g), 0);

    /* cancel of all fingers mid-drag closes the drag */
    rig_init(&r, 96.0f, 1920, 1080);
    horizontal_drag(&r, 0.8f, 0.3f, 10, 200);
    touch(&r, 10300, INPUT_CANCEL, INPUT_ALL_FINGERS, 0, 0);
    assert_int_equal(count(&r, GESTURE_DRAG_END), 1);
    assert_int_equal(find(&r, GESTURE_DRAG_END)->cancelled, 1);
    assert_int_equal(gesture_fingers_down(&r.g), 0);
    touch(&r, 10400, INPUT_UP, 7, 0.3f, 0.5f); /* the lost finger's late UP */
    assert_int_equal(count(&r, GESTURE_DRAG_END), 1);

    /* more fingers than the table: the extra ones are ignored */
    rig_init(&r, 96.0f, 1920, 1080);
    for (int i = 0; i < 15; i++)
        touch(&r, 10 * (uint64_t)i, INPUT_DOWN, 100 + i, 0.5f, 0.5f);
    assert_int_equal(gesture_fingers_down(&r.g), GESTURE_MAX_FINGERS);
    for (int i = 0; i < 15; i++)
        touch(&r, 500, INPUT_UP, 100 + i, 0.5f, 0.5f);
    assert_int_equal(gesture_fingers_down(&r.g), 0);
    assert_int_equal(r.g.state, GESTURE_IDLE);

    /* times that go backwards are taken as the latest time */
    rig_init(&r, 96.0f, 1920, 1080);
    touch(&r, 1000, INPUT_DOWN, 1, 0.5f, 0.5f);
    touch(&r, 900, INPUT_UP, 1, 0.5f, 0.5f);
    assert_int_equal(count(&r, GESTURE_TAP), 1);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static void event_storm(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, 96.0f, 1920, 1080);
    int starts = 0, ends = 0, taps = 0;
    uint64_t t = 0;
    for (int i = 0; i < 100000; i++) {
        struct input_event e = {0};
        e.kind = rnd() % 50 ? INPUT_TOUCH : INPUT_KEY;
        e.finger = (int64_t)(rnd() % 14) - 1;
        e.phase = (enum input_phase)(rnd() % 4);
        /* mostly on screen, some off it, a few nonsense values */
        e.x = (float)(rnd() % 1400) / 1000.0f - 0.2f;
        e.y = (float)(rnd() % 1400) / 1000.0f - 0.2f;
        t += rnd() % 40;
        e.t_ms = rnd() % 100 || t < 50 ? t : t - 50;
        struct gesture_event out[GESTURE_MAX_OUT];
        int n = gesture_feed(&r.g, &e, out);
        assert_true(n >= 0 && n <= GESTURE_MAX_OUT);
        for (int k = 0; k < n; k++) {
            starts += out[k].kind == GESTURE_DRAG_START;
            ends += out[k].kind == GESTURE_DRAG_END;
            taps += out[k].kind == GESTURE_TAP;
            assert_true(out[k].x >= 0.0f && out[k].x <= 1.0f);
            assert_true(out[k].y >= 0.0f && out[k].y <= 1.0f);
        }
        assert_true(ends == starts || ends + 1 == starts);
        if (i % 97 == 0) {
            n = gesture_tick(&r.g, t + 1000, out);
            assert_true(n >= 0 && n <= 1);
        }
        assert_true(gesture_fingers_down(&r.g) >= 0 &&
                    gesture_fingers_down(&r.g) <= GESTURE_MAX_FINGERS);
    }
    /* lift every finger that might still be down, including never-lifted ones */
    for (int id = -1; id < 14; id++) {
        struct input_event e = {.kind = INPUT_TOUCH,
                                .finger = id,
                                .phase = INPUT_UP,
                                .x = 0.5f,
                                .y = 0.5f,
                                .t_ms = t + 10};
        struct gesture_event out[GESTURE_MAX_OUT];
        int n = gesture_feed(&r.g, &e, out);
        for (int k = 0; k < n; k++)
            ends += out[k].kind == GESTURE_DRAG_END;
    }
    assert_int_equal(starts, ends);
    assert_true(starts > 0 && taps > 0); /* the storm did exercise them */
    assert_int_equal(gesture_fingers_down(&r.g), 0);
    assert_int_equal(r.g.state, GESTURE_IDLE);
    assert_int_equal(gesture_deadline(&r.g), UINT64_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tap_vs_drag_threshold),
        cmocka_unit_test(long_press_by_tick_and_cancelled_by_movement),
        cmocka_unit_test(vertical_swipe_direction_and_velocity),
        cmocka_unit_test(drag_commit_or_spring_back),
        cmocka_unit_test(fling_commits_a_short_drag),
        cmocka_unit_test(second_finger_cancels_drag),
        cmocka_unit_test(screen_edges),
        cmocka_unit_test(unmatched_and_reused_ids),
        cmocka_unit_test(event_storm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
