/* The loop schedule, driven by a stepped clock: dwell times, the exact event
 * sequence of a loop, deadlines, pause and interactive navigation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/visitor/schedule.h"

static void dwell_is_bounded_and_grows_with_words(void **state)
{
    (void)state;
    assert_int_equal(schedule_dwell_ms(0, PANEL_STORY), SCHED_MIN_DWELL_MS);
    assert_int_equal(schedule_dwell_ms(-5, PANEL_STORY), SCHED_MIN_DWELL_MS);
    assert_int_equal(schedule_dwell_ms(100000, PANEL_STORY), SCHED_MAX_DWELL_MS);
    assert_int_equal(schedule_dwell_ms(1 << 30, PANEL_STORY), SCHED_MAX_DWELL_MS);
    /* 70 words at 175 wpm = 24 s, plus the base */
    assert_int_equal(schedule_dwell_ms(70, PANEL_STORY), SCHED_BASE_MS + 24000u);
    assert_int_equal(schedule_dwell_ms(70, PANEL_STATISTIC),
                     SCHED_BASE_MS + 24000u + SCHED_FIGURE_EXTRA_MS);
    uint32_t prev = 0;
    for (int w = 0; w < 400; w++) {
        uint32_t d = schedule_dwell_ms(w, PANEL_STORY);
        assert_true(d >= SCHED_MIN_DWELL_MS && d <= SCHED_MAX_DWELL_MS);
        assert_true(d >= prev);
        assert_true(schedule_dwell_ms(w, PANEL_STATISTIC) >= d);
        prev = d;
    }
}

struct ev {
    uint64_t t;
    enum sched_event e;
    int current, next;
};

static const uint32_t dwells[3] = {8000, 10000, 7000};

static void full_loop_over_three_panels(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 3, 0, dwells[0], 0);
    struct ev got[16];
    int n = 0;
    for (uint64_t t = 0; t <= 30000 && n < 16; t += 50) {
        enum sched_event e;
        while ((e = schedule_tick(&s, t)) != SCHED_NOTHING) {
            got[n++] = (struct ev){t, e, s.current, s.next};
            if (e == SCHED_TRANSITION_START) {
                assert_int_equal(s.trans, TRANS_CROSSFADE);
                assert_int_equal(s.trans_ms, SCHED_CROSSFADE_MS);
            }
            if (e == SCHED_TRANSITION_END)
                schedule_set_dwell(&s, dwells[s.current]);
            assert_true(n < 16);
        }
    }
    const struct ev want[] = {
        {7000, SCHED_PREPARE, 0, 1},           {8000, SCHED_TRANSITION_START, 0, 1},
        {8700, SCHED_TRANSITION_END, 1, 2},    {17700, SCHED_PREPARE, 1, 2},
        {18700, SCHED_TRANSITION_START, 1, 2}, {19400, SCHED_TRANSITION_END, 2, 0},
        {25400, SCHED_PREPARE, 2, 0},          {26400, SCHED_TRANSITION_START, 2, 0},
        {27100, SCHED_TRANSITION_END, 0, 1},
    };
    assert_int_equal(n, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < n; i++) {
        assert_int_equal(got[i].t, want[i].t);
        assert_int_equal(got[i].e, want[i].e);
        assert_int_equal(got[i].current, want[i].current);
        assert_int_equal(got[i].next, want[i].next);
    }
}

static void coarse_ticks_give_one_event_per_call_without_drift(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 3, 0, 8000, 0);
    /* a tick that arrives just after the transition was due reports the
     * prepare first, then the start, each once */
    assert_int_equal(schedule_tick(&s, 8300), SCHED_PREPARE);
    assert_int_equal(schedule_tick(&s, 8300), SCHED_TRANSITION_START);
    assert_int_equal(schedule_tick(&s, 8300), SCHED_NOTHING);
    assert_int_equal(s.phase_start_ms, 8000); /* nominal, not the late tick */
    assert_int_equal(schedule_tick(&s, 9000), SCHED_TRANSITION_END);
    assert_int_equal(s.phase_start_ms, 8700);
    assert_int_equal(schedule_tick(&s, 9000), SCHED_NOTHING);
}

static void deadlines_say_when_to_wake(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 3, 1, 9000, 1000);
    assert_int_equal(schedule_deadline(&s), 1000 + 9000 - SCHED_PREPARE_LEAD_MS);
    assert_int_equal(schedule_tick(&s, 8999), SCHED_NOTHING);
    assert_int_equal(schedule_tick(&s, 9000), SCHED_PREPARE);
    assert_int_equal(schedule_deadline(&s), 10000);
    assert_int_equal(schedule_tick(&s, 9999), SCHED_NOTHING);
    assert_int_equal(schedule_tick(&s, 10000), SCHED_TRANSITION_START);
    assert_int_equal(schedule_deadline(&s), 10000 + SCHED_CROSSFADE_MS);
    assert_true(schedule_progress(&s, 10000) == 0.0);
    assert_true(schedule_progress(&s, 10350) > 0.49 && schedule_progress(&s, 10350) < 0.51);
    assert_true(schedule_progress(&s, 99999) == 1.0);
    assert_int_equal(schedule_tick(&s, 10700), SCHED_TRANSITION_END);
    assert_int_equal(s.current, 2);
    assert_true(schedule_progress(&s, 10700) == 0.0);
    schedule_set_dwell(&s, 7000);
    assert_int_equal(schedule_deadline(&s), 10700 + 7000 - SCHED_PREPARE_LEAD_MS);

    /* a single panel never transitions: nothing to wake for */
    schedule_start(&s, 1, 0, 7000, 0);
    assert_int_equal(schedule_deadline(&s), UINT64_MAX);
    assert_int_equal(schedule_tick(&s, 1000000), SCHED_NOTHING);
}

static void pause_stops_and_resume_restarts_the_dwell(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 4, 0, 8000, 0);
    assert_int_equal(schedule_tick(&s, 7000), SCHED_PREPARE);
    schedule_pause(&s, 1, 7500);
    assert_int_equal(schedule_deadline(&s), UINT64_MAX);
    for (uint64_t t = 7500; t < 100000; t += 1000)
        assert_int_equal(schedule_tick(&s, t), SCHED_NOTHING);
    assert_int_equal(s.current, 0);
    schedule_pause(&s, 0, 100000);
    assert_int_equal(s.paused, 0);
    assert_int_equal(s.phase_start_ms, 100000);
    assert_int_equal(schedule_deadline(&s), 107000);
    assert_int_equal(schedule_tick(&s, 106999), SCHED_NOTHING);
    assert_int_equal(schedule_tick(&s, 107000), SCHED_PREPARE);
    assert_int_equal(schedule_tick(&s, 107999), SCHED_NOTHING);
    assert_int_equal(schedule_tick(&s, 108000), SCHED_TRANSITION_START);
    /* pausing twice does not restart anything */
    schedule_pause(&s, 0, 108100);
    assert_int_equal(s.phase_start_ms, 108000);
}

static void go_slides_at_once_and_is_refused_during_a_transition(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 5, 2, 20000, 0);
    schedule_pause(&s, 1, 100); /* interactive: no auto-advance, but go works */
    assert_int_equal(schedule_go(&s, 2, 1, TRANS_SLIDE, 500), -1); /* already there */
    assert_int_equal(schedule_go(&s, 5, 1, TRANS_SLIDE, 500), -1);
    assert_int_equal(schedule_go(&s, -1, 1, TRANS_SLIDE, 500), -1);
    assert_int_equal(schedule_go(&s, 1, -1, TRANS_SLIDE, 500), 0);
    assert_int_equal(schedule_deadline(&s), 500);
    assert_int_equal(schedule_tick(&s, 500), SCHED_PREPARE);
    assert_int_equal(s.next, 1);
    assert_int_equal(schedule_tick(&s, 500), SCHED_TRANSITION_START);
    assert_int_equal(s.trans, TRANS_SLIDE);
    assert_int_equal(s.trans_ms, SCHED_SLIDE_MS);
    assert_int_equal(s.direction, -1);
    assert_int_equal(schedule_go(&s, 3, 1, TRANS_SLIDE, 600), -1);
    assert_int_equal(s.next, 1);
    assert_int_equal(schedule_deadline(&s), 500 + SCHED_SLIDE_MS);
    assert_int_equal(schedule_tick(&s, 879), SCHED_NOTHING);
    assert_int_equal(schedule_tick(&s, 880), SCHED_TRANSITION_END);
    assert_int_equal(s.current, 1);
    /* still paused: the new panel stays */
    assert_int_equal(schedule_deadline(&s), UINT64_MAX);
    assert_int_equal(schedule_tick(&s, 900000), SCHED_NOTHING);
    assert_int_equal(s.current, 1);
    /* go to the panel already prepared by the loop: no second prepare */
    schedule_pause(&s, 0, 1000000);
    schedule_set_dwell(&s, 8000);
    assert_int_equal(schedule_tick(&s, 1007000), SCHED_PREPARE);
    assert_int_equal(s.next, 2);
    assert_int_equal(schedule_go(&s, 2, 1, TRANS_CROSSFADE, 1007100), 0);
    assert_int_equal(schedule_tick(&s, 1007100), SCHED_TRANSITION_START);
    assert_int_equal(s.trans_ms, SCHED_CROSSFADE_MS);
}

static void short_dwell_prepares_at_once(void **state)
{
    (void)state;
    struct schedule s;
    schedule_start(&s, 2, 0, 600, 5000);
    assert_int_equal(schedule_deadline(&s), 5000);
    assert_int_equal(schedule_tick(&s, 5000), SCHED_PREPARE);
    assert_int_equal(schedule_tick(&s, 5000), SCHED_NOTHING);
    assert_int_equal(schedule_deadline(&s), 5600);
    assert_int_equal(schedule_tick(&s, 5600), SCHED_TRANSITION_START);
    assert_int_equal(schedule_tick(&s, 6300), SCHED_TRANSITION_END);
    assert_int_equal(s.current, 1);
    assert_int_equal(s.next, 0); /* wraps */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dwell_is_bounded_and_grows_with_words),
        cmocka_unit_test(full_loop_over_three_panels),
        cmocka_unit_test(coarse_ticks_give_one_event_per_call_without_drift),
        cmocka_unit_test(deadlines_say_when_to_wake),
        cmocka_unit_test(pause_stops_and_resume_restarts_the_dwell),
        cmocka_unit_test(go_slides_at_once_and_is_refused_during_a_transition),
        cmocka_unit_test(short_dwell_prepares_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
