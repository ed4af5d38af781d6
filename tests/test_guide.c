/* test_guide - the audio guide in the kiosk, with the fake presenter and
 * simulated time: how it starts (a key, two fingers held still, never with
 * speech off), what it says, how keys and a finger move its focus and
 * choose, the time its visitor gets, and its end with the session. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "app/visitor/kiosk.h"
#include "app/visitor/mode.h"
#include "fake_presenter.h"

struct rig {
    struct fake f;
    struct presenter p;
    struct kiosk *k;
    uint64_t t;
    struct kiosk_speech said; /* the last utterance taken */
    char all[16384];          /* its words, joined by '|' */
};

/* A kiosk on the bundled exhibit, or on the built store `file` beside the
 * tests (the right-to-left one). */
static struct rig *rig_on(const char *file, int speech, int any_key)
{
    struct rig *r = calloc(1, sizeof *r);
    char why[256];
    struct store *s = NULL;
    if (file) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", getenv("VITRINE_BINARY_DIR"), file);
        assert_int_equal(store_open_file(path, &s, why, sizeof why), 0);
    } else {
        s = bundled();
    }
    assert_non_null(s);
    r->p = presenter_of(&r->f);
    struct kiosk_opts o = {.speech = speech, .speech_any_key = any_key, .idle_ms = 60000};
    r->k = kiosk_new(&r->p, s, &o, 1000, why, sizeof why);
    assert_non_null(r->k);
    r->t = 1000;
    kiosk_update(r->k, r->t);
    kiosk_draw(r->k, r->t);
    return r;
}

static struct rig *rig_new(int speech, int any_key)
{
    return rig_on(NULL, speech, any_key);
}

static void rig_free(struct rig *r)
{
    kiosk_free(r->k);
    free(r);
}

/* Time passes, frames drawn as the kiosk asks. */
static void run_for(struct rig *r, uint64_t ms)
{
    uint64_t end = r->t + ms;
    while (r->t < end) {
        r->t += KIOSK_FRAME_MS;
        kiosk_update(r->k, r->t);
        if (kiosk_needs_frame(r->k, r->t))
            kiosk_draw(r->k, r->t);
    }
}

/* The last thing said since the last look: 1 and r->all, or 0. */
static int take(struct rig *r)
{
    int got = 0;
    struct kiosk_speech s;
    while (kiosk_speech_take(r->k, &s)) {
        got = 1;
        r->said = s;
        r->all[0] = '\0';
        for (int i = 0; i < s.n; i++) {
            strncat(r->all, s.text[i], sizeof r->all - strlen(r->all) - 2);
            strcat(r->all, "|");
        }
    }
    return got;
}

static void press(struct rig *r, enum input_key key)
{
    struct input_event e = {.kind = INPUT_KEY, .key = key, .t_ms = r->t};
    kiosk_input(r->k, &e, r->t);
    kiosk_update(r->k, r->t);
}

static void touch(struct rig *r, int64_t finger, enum input_phase ph, float x, float y)
{
    struct input_event e = {
        .kind = INPUT_TOUCH, .finger = finger, .phase = ph, .x = x, .y = y, .t_ms = r->t};
    kiosk_input(r->k, &e, r->t);
    kiosk_update(r->k, r->t);
}

static void a_key_starts_it_and_the_page_is_said(void **state)
{
    (void)state;
    struct rig *r = rig_new(1, 1);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    assert_int_equal(take(r), 0); /* the loop is silent */
    press(r, INPUT_KEY_OTHER);
    assert_int_equal(kiosk_guide_on(r->k), 1);
    assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.cue, KIOSK_CUE_START);
    assert_string_equal(r->said.lang[0], "en");
    run_for(r, 100);
    assert_true(r->f.last.n_views >= 1);
    assert_int_equal(r->f.last.views[0].hush, 1); /* a clip's sound gives way to the guide */
    assert_non_null(strstr(r->all, "Audio guide on.|"));
    assert_non_null(strstr(r->all, "Page 1 of "));
    assert_non_null(strstr(r->all, "Running Pyongyang|")); /* the title panel's title */
    /* Down: the first part, said alone, the focus drawn round it */
    press(r, INPUT_KEY_DOWN);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.cue, KIOSK_CUE_NONE);
    assert_int_equal(r->said.n, 1);
    assert_string_equal(r->all, "Running Pyongyang|");
    const char *name;
    struct draw_rect box;
    assert_int_equal(kiosk_guide_focus(r->k, &name, &box), 1);
    assert_string_equal(name, "title");
    assert_true(box.w > 0 && box.h > 0);
    /* Up from the first part: round to the last control */
    press(r, INPUT_KEY_UP);
    assert_int_equal(take(r), 1);
    assert_int_equal(kiosk_guide_focus(r->k, &name, &box), 1);
    assert_string_equal(name, "next");
    assert_string_equal(r->all, "Next|");
    /* Enter on "next": the next page, said when it has arrived */
    press(r, INPUT_KEY_ENTER);
    run_for(r, 3000);
    assert_int_equal(kiosk_current(r->k), 1);
    assert_int_equal(take(r), 1);
    assert_non_null(strstr(r->all, "Page 2 of "));
    /* the help key says the keys; volume keys turn the volume */
    press(r, INPUT_KEY_HELP);
    assert_int_equal(take(r), 1);
    assert_non_null(strstr(r->all, "Up and down move through the page."));
    press(r, INPUT_KEY_VOLUME_UP);
    press(r, INPUT_KEY_VOLUME_UP);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.volume, 2);
    rig_free(r);
}

static void it_ends_with_the_session_after_three_times_the_time(void **state)
{
    (void)state;
    struct rig *r = rig_new(1, 1);
    press(r, INPUT_KEY_OTHER);
    take(r);
    /* the usual idle time (60 s) is not enough to ask */
    run_for(r, 61000);
    assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    run_for(r, 2u * 60000u);
    assert_int_equal(kiosk_mode(r->k), MODE_COUNTDOWN);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.cue, KIOSK_CUE_QUESTION);
    assert_non_null(strstr(r->all, "Still there?"));
    /* three times the countdown (10 s) */
    run_for(r, 2u * MODE_COUNTDOWN_MS + 1000);
    assert_int_equal(kiosk_mode(r->k), MODE_COUNTDOWN);
    run_for(r, MODE_COUNTDOWN_MS);
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.stop, 1);
    assert_int_equal(r->said.volume_reset, 1);
    /* the loop goes on in silence, a clip's sound back */
    run_for(r, 30000);
    assert_int_equal(take(r), 0);
    assert_int_equal(r->f.last.views[0].hush, 0);
    rig_free(r);
}

static void two_fingers_held_still_start_it(void **state)
{
    (void)state;
    struct rig *r = rig_new(1, 0);
    /* a key that is not the speech key does not start it */
    press(r, INPUT_KEY_OTHER);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    /* two fingers that move: no */
    touch(r, 11, INPUT_DOWN, 0.3f, 0.5f);
    touch(r, 12, INPUT_DOWN, 0.6f, 0.5f);
    touch(r, 12, INPUT_MOVE, 0.8f, 0.5f);
    run_for(r, KIOSK_GUIDE_HOLD_MS + 500);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    touch(r, 11, INPUT_UP, 0.3f, 0.5f);
    touch(r, 12, INPUT_UP, 0.8f, 0.5f);
    /* one finger held: no */
    touch(r, 13, INPUT_DOWN, 0.5f, 0.5f);
    run_for(r, KIOSK_GUIDE_HOLD_MS + 500);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    touch(r, 13, INPUT_UP, 0.5f, 0.5f);
    /* two held still, anywhere: not before the hold's time, then yes */
    touch(r, 14, INPUT_DOWN, 0.2f, 0.3f);
    touch(r, 15, INPUT_DOWN, 0.7f, 0.6f);
    uint64_t down = r->t;
    assert_true(kiosk_deadline(r->k, r->t) <= down + KIOSK_GUIDE_HOLD_MS);
    run_for(r, KIOSK_GUIDE_HOLD_MS - 100);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    run_for(r, 200);
    assert_int_equal(kiosk_guide_on(r->k), 1);
    assert_int_equal(take(r), 1);
    assert_int_equal(r->said.cue, KIOSK_CUE_START);
    touch(r, 14, INPUT_UP, 0.2f, 0.3f);
    touch(r, 15, INPUT_UP, 0.7f, 0.6f);
    /* the named key, once the guide is on, says the keys again */
    press(r, INPUT_KEY_SPEECH);
    assert_int_equal(take(r), 1);
    assert_non_null(strstr(r->all, "Enter chooses."));
    rig_free(r);
}

static void a_finger_hears_what_is_under_it_and_a_double_tap_chooses(void **state)
{
    (void)state;
    struct rig *r = rig_new(1, 1);
    press(r, INPUT_KEY_OTHER);
    take(r);
    /* find the next button's middle from the controls */
    const struct control *c;
    int n = kiosk_controls(r->k, &c), next = -1;
    for (int i = 0; i < n; i++)
        if (c[i].act == ACT_NEXT && c[i].layer == CONTROL_MAIN)
            next = i;
    assert_true(next >= 0);
    float x = c[next].x + c[next].w / 2, y = c[next].y + c[next].h / 2;
    /* a finger slides onto it: it is said, and nothing moves */
    touch(r, 21, INPUT_DOWN, 0.5f, 0.02f);
    touch(r, 21, INPUT_MOVE, x, y);
    assert_int_equal(take(r), 1);
    assert_string_equal(r->all, "Next|");
    touch(r, 21, INPUT_UP, x, y);
    run_for(r, 1000);
    assert_int_equal(kiosk_current(r->k), 0); /* a single touch chose nothing */
    /* a double tap chooses it */
    touch(r, 22, INPUT_DOWN, x, y);
    r->t += 60;
    touch(r, 22, INPUT_UP, x, y);
    r->t += 150;
    touch(r, 23, INPUT_DOWN, x, y);
    r->t += 60;
    touch(r, 23, INPUT_UP, x, y);
    run_for(r, 3000);
    assert_int_equal(kiosk_current(r->k), 1);
    rig_free(r);
}

static void with_speech_off_nothing_starts(void **state)
{
    (void)state;
    struct rig *r = rig_new(0, 1);
    press(r, INPUT_KEY_OTHER);
    press(r, INPUT_KEY_SPEECH);
    touch(r, 31, INPUT_DOWN, 0.2f, 0.3f);
    touch(r, 32, INPUT_DOWN, 0.7f, 0.6f);
    run_for(r, KIOSK_GUIDE_HOLD_MS * 2);
    assert_int_equal(kiosk_guide_on(r->k), 0);
    assert_int_equal(take(r), 0);
    rig_free(r);
}

/* On a right-to-left page the controls are said in the page's order:
 * from the right edge, where "previous" stands, to the left, "next"; the
 * page's parts are said in Arabic. */
static void right_to_left_controls_in_the_pages_order(void **state)
{
    (void)state;
    struct rig *r = rig_on("rtl-test.vitrine", 1, 1);
    press(r, INPUT_KEY_OTHER);
    assert_int_equal(take(r), 1);
    assert_string_equal(r->said.lang[0], "ar");
    const char *name = NULL, *first = NULL;
    struct draw_rect box;
    for (int i = 0; i < 40; i++) {
        press(r, INPUT_KEY_DOWN);
        assert_int_equal(kiosk_guide_focus(r->k, &name, &box), 1);
        if (strcmp(name, "prev") == 0 || strcmp(name, "next") == 0) {
            first = name;
            break;
        }
    }
    assert_non_null(first);
    assert_string_equal(first, "prev");
    /* on through the controls: "next", at the left edge, comes last */
    const char *last = first;
    for (int i = 0; i < 40; i++) {
        press(r, INPUT_KEY_DOWN);
        assert_int_equal(kiosk_guide_focus(r->k, &name, &box), 1);
        if (strcmp(name, "heading") == 0 || strcmp(name, "title") == 0 ||
            strcmp(name, "chapter") == 0)
            break; /* round to the page's first part */
        last = name;
    }
    assert_string_equal(last, "next");
    rig_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_key_starts_it_and_the_page_is_said),
        cmocka_unit_test(it_ends_with_the_session_after_three_times_the_time),
        cmocka_unit_test(two_fingers_held_still_start_it),
        cmocka_unit_test(a_finger_hears_what_is_under_it_and_a_double_tap_chooses),
        cmocka_unit_test(with_speech_off_nothing_starts),
        cmocka_unit_test(right_to_left_controls_in_the_pages_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
