/* A screen that cannot hold the loop's crossfade at 60 frames a second gets
 * a cheaper transition: the policy (frame_budget), and the kiosk's loop
 * really sliding or cutting once told to (the fake presenter's frames). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/frame_budget.h"
#include "app/visitor/kiosk.h"
#include "app/visitor/schedule.h"
#include "fake_presenter.h"

static void holds_at_budget(void **state)
{
    struct frame_budget b;
    frame_budget_init(&b, TRANS_CROSSFADE);
    for (int i = 0; i < 10 * FRAME_BUDGET_SAMPLES; i++)
        assert_int_equal(frame_budget_add(&b, TRANS_CROSSFADE, i % 2 ? 9.0 : FRAME_BUDGET_MS),
                         TRANS_CROSSFADE);
}

/* The log's summary of each transition: its own frames, told when it ends */
static void each_transition_is_summed_up_when_it_ends(void **state)
{
    struct frame_log l = {0};
    struct frame_log_sum sum = {0};
    assert_int_equal(frame_log_add(&l, TRANS_NONE, 1.0, &sum), 0);
    const double fade[] = {9.0, 3.0, 30.0, 4.0, 5.0};
    for (int i = 0; i < 5; i++)
        assert_int_equal(frame_log_add(&l, TRANS_CROSSFADE, fade[i], &sum), 0);
    /* a slide right after it ends it: its 5 frames, not the slide's */
    assert_int_equal(frame_log_add(&l, TRANS_SLIDE, 100.0, &sum), 1);
    assert_int_equal(sum.kind, TRANS_CROSSFADE);
    assert_int_equal(sum.frames, 5);
    assert_true(sum.median == 5.0 && sum.worst == 30.0);
    assert_int_equal(frame_log_add(&l, TRANS_SLIDE, 2.0, &sum), 0);
    assert_int_equal(frame_log_add(&l, TRANS_NONE, 0.5, &sum), 1);
    assert_int_equal(sum.kind, TRANS_SLIDE);
    assert_int_equal(sum.frames, 2);
    assert_true(sum.median == 51.0 && sum.worst == 100.0); /* even: the middle two's mean */
    assert_int_equal(frame_log_add(&l, TRANS_NONE, 0.5, &sum), 0);
    /* a transition longer than the log keeps its first frames */
    for (int i = 0; i < FRAME_LOG_MAX + 50; i++)
        assert_int_equal(frame_log_add(&l, TRANS_CROSSFADE, i < FRAME_LOG_MAX ? 7.0 : 99.0, &sum),
                         0);
    assert_int_equal(frame_log_add(&l, TRANS_NONE, 0.5, &sum), 1);
    assert_int_equal(sum.frames, FRAME_LOG_MAX);
    assert_true(sum.median == 7.0 && sum.worst == 7.0);
}

static void slow_crossfade_becomes_slide_then_cut(void **state)
{
    struct frame_budget b;
    frame_budget_init(&b, TRANS_CROSSFADE);
    int kind = TRANS_CROSSFADE;
    /* a few slow frames among fast ones do not move it: the median decides */
    for (int i = 0; i < FRAME_BUDGET_SAMPLES; i++)
        kind = frame_budget_add(&b, TRANS_CROSSFADE, i < 5 ? 40.0 : 8.0);
    assert_int_equal(kind, TRANS_CROSSFADE);
    for (int i = 0; i < FRAME_BUDGET_SAMPLES - 1; i++)
        assert_int_equal(frame_budget_add(&b, TRANS_CROSSFADE, 22.0), TRANS_CROSSFADE);
    assert_int_equal(frame_budget_add(&b, TRANS_CROSSFADE, 22.0), TRANS_SLIDE);
    assert_true(b.last_median > 21.9 && b.last_median < 22.1);
    /* a swipe's slide or late crossfade frames of the old kind change nothing */
    assert_int_equal(frame_budget_add(&b, TRANS_CROSSFADE, 99.0), TRANS_SLIDE);
    for (int i = 0; i < FRAME_BUDGET_SAMPLES - 1; i++)
        frame_budget_add(&b, TRANS_SLIDE, 30.0);
    assert_int_equal(frame_budget_add(&b, TRANS_SLIDE, 30.0), TRANS_NONE);
    /* a cut has no frames to time: it stays */
    assert_int_equal(frame_budget_add(&b, TRANS_NONE, 1.0), TRANS_NONE);
}

/* Run the loop until a transition has started; the frame drawn 100 ms in. */
static uint64_t to_transition(struct kiosk *k, uint64_t t)
{
    kiosk_update(k, t); /* ends a transition that has run out */
    for (int guard = 0; guard < 1000 && !kiosk_transitioning(k); guard++) {
        uint64_t due = kiosk_deadline(k, t);
        t = due > t ? due : t + 16;
        kiosk_update(k, t);
    }
    return t;
}

static void kiosk_loop_uses_the_kind_it_is_given(void **state)
{
    static struct fake f;
    struct presenter p;
    struct kiosk *k = bundled_kiosk(&f, &p);
    /* the default: a crossfade, both views in place, the arriving one fading in */
    uint64_t t = to_transition(k, 1000);
    assert_int_equal(kiosk_transition_kind(k), TRANS_CROSSFADE);
    kiosk_update(k, t + 100);
    kiosk_draw(k, t + 100);
    assert_int_equal(f.last.n_views, 2);
    assert_int_equal(f.last.views[1].dx, 0);
    assert_true(f.last.views[1].alpha > 0 && f.last.views[1].alpha < 255);
    /* a slide: opaque views moving to the left */
    kiosk_set_loop_transition(k, TRANS_SLIDE);
    t = to_transition(k, t + 2000);
    assert_int_equal(kiosk_transition_kind(k), TRANS_SLIDE);
    kiosk_update(k, t + 100);
    kiosk_draw(k, t + 100);
    assert_int_equal(f.last.n_views, 2);
    assert_int_equal(f.last.views[0].alpha, 255);
    assert_int_equal(f.last.views[1].alpha, 255);
    assert_true(f.last.views[0].dx < 0 && f.last.views[1].dx > 0);
    /* a cut: the next panel at once, no transition frame */
    kiosk_set_loop_transition(k, TRANS_NONE);
    int before = kiosk_current(k);
    t = to_transition(k, t + 2000);
    kiosk_update(k, t + 1);
    assert_false(kiosk_transitioning(k));
    assert_int_not_equal(kiosk_current(k), before);
    kiosk_draw(k, t + 1);
    assert_int_equal(f.last.n_views, 1);
    assert_int_equal(f.bad_draws, 0);
    kiosk_free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(holds_at_budget),
        cmocka_unit_test(each_transition_is_summed_up_when_it_ends),
        cmocka_unit_test(slow_crossfade_becomes_slide_then_cut),
        cmocka_unit_test(kiosk_loop_uses_the_kind_it_is_given),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
