/* The staff layer: the wrong-PIN lock-out, the PIN hash, and in the kiosk
 * (over the fake presenter) the hidden corner gesture, the keypad, the
 * staff screen and its actions, closing by itself, and the import's bar
 * and card over an exhibit that visitors can still browse. */
#define _POSIX_C_SOURCE 200809L
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
#include "app/base/staff.h"
#include "fake_presenter.h"

#define PIN "2468"

/* ---- the lock-out ---------------------------------------------------------- */

/* As the README says: the third wrong PIN in a row locks the keypad for
 * 30 s, each further one twice as long, up to an hour. */
static void the_third_wrong_pin_locks_then_doubling_lockouts_up_to_an_hour(void **state)
{
    (void)state;
    struct staff_lock l = {0, 0};
    uint64_t t = 1000;
    assert_int_equal(STAFF_LOCK_AFTER, 3);
    for (int i = 0; i < STAFF_LOCK_AFTER - 1; i++) {
        assert_true(staff_lock_open(&l, t));
        staff_lock_record(&l, 0, t);
        assert_true(staff_lock_open(&l, t)); /* still free */
    }
    uint64_t want = STAFF_LOCK_FIRST_MS;
    for (int i = 0; i < 12; i++) {
        staff_lock_record(&l, 0, t);
        assert_false(staff_lock_open(&l, t));
        assert_int_equal(l.locked_until - t, want);
        assert_false(staff_lock_open(&l, l.locked_until - 1));
        assert_true(staff_lock_open(&l, l.locked_until));
        t = l.locked_until;
        want = want * 2 > STAFF_LOCK_MAX_MS ? STAFF_LOCK_MAX_MS : want * 2;
    }
    assert_int_equal(l.locked_until - (t - STAFF_LOCK_MAX_MS), STAFF_LOCK_MAX_MS); /* capped */
    assert_int_equal(STAFF_LOCK_FIRST_MS, 30000);
    /* the right PIN resets everything: two free tries again */
    staff_lock_record(&l, 1, t);
    assert_int_equal(l.failures, 0);
    assert_true(staff_lock_open(&l, t));
    staff_lock_record(&l, 0, t);
    assert_true(staff_lock_open(&l, t));
}

/* ---- the hash ---------------------------------------------------------------- */

static void a_pin_hash_round_trips_and_refuses_what_it_should(void **state)
{
    (void)state;
    char h[STAFF_HASH_MAX], why[128];
    assert_int_equal(staff_pin_hash(PIN, h, why, sizeof why), 0);
    assert_non_null(strstr(h, "$argon2id$"));
    assert_true(staff_pin_check(h, PIN));
    assert_false(staff_pin_check(h, "2469"));
    assert_false(staff_pin_check(h, "24680"));
    assert_false(staff_pin_check(h, ""));
    assert_false(staff_pin_check(h, NULL));
    /* salted: the same PIN hashes differently each time */
    char h2[STAFF_HASH_MAX];
    assert_int_equal(staff_pin_hash(PIN, h2, why, sizeof why), 0);
    assert_string_not_equal(h, h2);
    assert_true(staff_pin_check(h2, PIN));
    /* a hash that does not parse matches nothing */
    char cut[STAFF_HASH_MAX];
    snprintf(cut, sizeof cut, "%.*s", (int)strlen(h) / 2, h);
    assert_false(staff_pin_check(cut, PIN));
    assert_false(staff_pin_check("", PIN));
    assert_false(staff_pin_check("2468", PIN));
    assert_false(staff_pin_check("$argon2id$v=19$m=nonsense", PIN));
    assert_false(staff_pin_check(NULL, PIN));
    char junk[STAFF_HASH_MAX + 10];
    memset(junk, 'a', sizeof junk - 1);
    junk[sizeof junk - 1] = '\0';
    assert_false(staff_pin_check(junk, PIN));
    /* only 4 to 12 digits */
    assert_int_equal(staff_pin_hash("12a4", h, why, sizeof why), -1);
    assert_non_null(strstr(why, "digits"));
    assert_int_equal(staff_pin_hash("123", h, why, sizeof why), -1);
    assert_int_equal(staff_pin_hash("1234567890123", h, why, sizeof why), -1);
    assert_int_equal(staff_pin_hash("", h, why, sizeof why), -1);
    assert_int_equal(staff_pin_hash(" 1234", h, why, sizeof why), -1);
    assert_int_equal(staff_pin_hash(NULL, h, why, sizeof why), -1);
    assert_int_equal(staff_pin_hash("123456789012", h, why, sizeof why), 0);
}

/* ---- the kiosk --------------------------------------------------------------- */

struct rig {
    struct fake f;
    struct presenter p;
    struct kiosk *k;
    uint64_t t;
};

static char pin_hash[STAFF_HASH_MAX];

static int setup(void **state)
{
    struct rig *r = calloc(1, sizeof(*r));
    char why[512];
    struct store *s = bundled();
    if (!r || !s)
        return -1;
    r->p = presenter_of(&r->f);
    r->k = kiosk_new(&r->p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    if (!r->k)
        return -1;
    if (!pin_hash[0] && staff_pin_hash(PIN, pin_hash, why, sizeof why) != 0)
        return -1;
    kiosk_staff_pin(r->k, pin_hash);
    struct staff_info info = {.exhibit = "Pyongyang 2014",
                              .version = "3",
                              .signer = "built in",
                              .last_import = "none",
                              .free_space = "12.3 GB free",
                              .settings = "vitrine.conf:3: bad",
                              .n_log = 1,
                              .can_rollback = 1};
    snprintf(info.log[0], sizeof info.log[0], "kiosk: started");
    kiosk_staff_info(r->k, &info);
    r->t = 2000;
    *state = r;
    return 0;
}

static int teardown(void **state)
{
    struct rig *r = *state;
    if (!r)
        return 0;
    kiosk_free(r->k);
    assert_int_equal(r->f.live, 0);
    free(r);
    return 0;
}

static void touch(struct rig *r, enum input_phase ph, int64_t finger, float x, float y)
{
    struct input_event e = {.kind = INPUT_TOUCH, .finger = finger, .phase = ph, .x = x, .y = y};
    e.t_ms = r->t;
    kiosk_input(r->k, &e, r->t);
}

/* Let time pass to `to`, stopping wherever the kiosk has something to do. */
static void run_to(struct rig *r, uint64_t to)
{
    for (int guard = 0; guard < 100000; guard++) {
        uint64_t due = kiosk_deadline(r->k, r->t);
        if (due > to)
            break;
        r->t = due > r->t ? due : r->t + 1;
        kiosk_update(r->k, r->t);
    }
    r->t = to;
    kiosk_update(r->k, r->t);
}

static void tap(struct rig *r, float x, float y)
{
    touch(r, INPUT_DOWN, 7, x, y);
    r->t += 60;
    touch(r, INPUT_UP, 7, x, y);
    kiosk_update(r->k, r->t);
    run_to(r, r->t + 300);
}

/* Hold a finger still at (x, y) for ms, then lift it. */
static void hold(struct rig *r, float x, float y, uint64_t ms)
{
    uint64_t t0 = r->t;
    touch(r, INPUT_DOWN, 3, x, y);
    run_to(r, t0 + ms);
    touch(r, INPUT_UP, 3, x, y);
    kiosk_update(r->k, r->t);
}

static int staff_control(const struct kiosk *k, enum action act, int arg)
{
    const struct control *c = NULL;
    int n = kiosk_staff_controls(k, &c);
    for (int i = 0; i < n; i++)
        if (c[i].act == act && (act != ACT_STAFF_DIGIT || c[i].arg == arg))
            return i;
    return -1;
}

static void press(struct rig *r, enum action act, int arg)
{
    int i = staff_control(r->k, act, arg);
    assert_true(i >= 0);
    const struct control *c = NULL;
    kiosk_staff_controls(r->k, &c);
    struct control at = c[i];
    tap(r, at.x + at.w / 2, at.y + at.h / 2);
}

/* The run loop's side: the PIN entered is checked off the render thread
 * (here, at once) and the answer handed back. */
static void check_pending(struct rig *r)
{
    char pin[STAFF_PIN_MAX + 1];
    if (kiosk_staff_pin_pending(r->k, pin, sizeof pin)) {
        assert_int_equal(kiosk_staff_pin_pending(r->k, pin, sizeof pin), 0); /* once */
        kiosk_staff_pin_result(r->k, staff_pin_check(pin_hash, pin), r->t);
        kiosk_update(r->k, r->t);
    }
}

static void type_pin(struct rig *r, const char *pin)
{
    for (const char *p = pin; *p; p++)
        press(r, ACT_STAFF_DIGIT, *p - '0');
    press(r, ACT_STAFF_OK, 0);
    check_pending(r);
}

/* Whether the last frame's lists show a line containing text. */
static int frame_shows(struct rig *r, const char *text)
{
    kiosk_draw(r->k, r->t);
    const struct frame *f = &r->f.last;
    size_t n = strlen(text);
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            if (it->kind != DRAW_TEXT || it->len < n)
                continue;
            for (size_t k = 0; k + n <= it->len; k++)
                if (memcmp(it->text + k, text, n) == 0)
                    return 1;
        }
    return 0;
}

/* How many lines of the last frame are exactly text. */
static int lines_equal(struct rig *r, const char *text)
{
    kiosk_draw(r->k, r->t);
    const struct frame *f = &r->f.last;
    int k = 0;
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            k += it->kind == DRAW_TEXT && it->len == strlen(text) &&
                 memcmp(it->text, text, it->len) == 0;
        }
    return k;
}

/* The text item containing text in the last frame, or NULL. */
static const struct draw_item *item_with(struct rig *r, const char *text)
{
    kiosk_draw(r->k, r->t);
    const struct frame *f = &r->f.last;
    size_t n = strlen(text);
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            if (it->kind == DRAW_TEXT && it->len >= n && memcmp(it->text, text, n) == 0)
                return it;
        }
    return NULL;
}

#define CORNER_X 0.03f
#define CORNER_Y 0.04f

static void only_a_full_hold_in_the_corner_opens_the_keypad(void **state)
{
    struct rig *r = *state;
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS - 1);
    assert_false(kiosk_staff_open(r->k));
    run_to(r, r->t + 1000);
    hold(r, 0.5f, 0.5f, STAFF_HOLD_MS + 500); /* elsewhere */
    assert_false(kiosk_staff_open(r->k));
    run_to(r, r->t + 1000);
    /* a finger that wanders off the spot does not count */
    uint64_t t0 = r->t;
    touch(r, INPUT_DOWN, 4, CORNER_X, CORNER_Y);
    run_to(r, t0 + 1000);
    touch(r, INPUT_MOVE, 4, CORNER_X + 0.05f, CORNER_Y);
    run_to(r, t0 + STAFF_HOLD_MS + 100);
    assert_false(kiosk_staff_open(r->k));
    touch(r, INPUT_UP, 4, CORNER_X + 0.05f, CORNER_Y);
    run_to(r, r->t + 1000);
    /* in the loop too: that touch wakes the kiosk, and still counts */
    assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    run_to(r, r->t + 200000); /* back in the loop */
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
    t0 = r->t;
    touch(r, INPUT_DOWN, 3, CORNER_X, CORNER_Y);
    run_to(r, t0 + STAFF_HOLD_MS - 1);
    assert_false(kiosk_staff_open(r->k));
    run_to(r, t0 + STAFF_HOLD_MS);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Staff PIN"));
    /* lifting the finger that opened it presses nothing */
    touch(r, INPUT_UP, 3, CORNER_X, CORNER_Y);
    kiosk_update(r->k, r->t);
    assert_true(kiosk_staff_open(r->k));
    assert_false(frame_shows(r, "Wrong PIN"));
}

static void without_a_pin_nothing_opens(void **state)
{
    struct rig *r = *state;
    kiosk_staff_pin(r->k, NULL);
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS + 100);
    assert_false(kiosk_staff_open(r->k));
    kiosk_staff_pin(r->k, "");
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS + 100);
    assert_false(kiosk_staff_open(r->k));
}

static void wrong_pins_lock_the_keypad_and_the_right_one_opens_the_staff_screen(void **state)
{
    struct rig *r = *state;
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Type the PIN"));
    /* digits show as dots, never as digits: "9" only on its key */
    assert_int_equal(lines_equal(r, "9"), 1);
    press(r, ACT_STAFF_DIGIT, 9);
    assert_int_equal(lines_equal(r, "9"), 1);
    press(r, ACT_STAFF_CLEAR, 0);
    /* too short is not a try */
    type_pin(r, "12");
    assert_true(frame_shows(r, "at least 4 digits"));
    for (int i = 0; i < STAFF_LOCK_AFTER - 1; i++) {
        type_pin(r, "1111");
        assert_true(frame_shows(r, "Wrong PIN"));
        assert_false(frame_shows(r, "Locked"));
    }
    type_pin(r, "1111");
    assert_true(frame_shows(r, "Locked: try again in 30"));
    /* locked: even the right PIN is not tried */
    type_pin(r, PIN);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Locked: try again in"));
    assert_false(frame_shows(r, "Roll back"));
    /* the seconds count down */
    run_to(r, r->t + 10000);
    assert_true(frame_shows(r, "Locked: try again in 1")); /* about 18 s */
    run_to(r, r->t + 25000);
    assert_false(frame_shows(r, "Locked"));
    /* keys do nothing, Escape included */
    struct input_event esc = {.kind = INPUT_KEY, .key = INPUT_KEY_ESCAPE, .t_ms = r->t};
    kiosk_input(r->k, &esc, r->t);
    assert_true(kiosk_staff_open(r->k));
    type_pin(r, PIN);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Pyongyang 2014"));
    assert_true(frame_shows(r, "12.3 GB free"));
    assert_true(frame_shows(r, "Settings"));
    assert_true(frame_shows(r, "vitrine.conf:3: bad")); /* the settings file's problem */
    assert_true(frame_shows(r, "kiosk: started"));
    assert_true(frame_shows(r, "Roll back"));
    assert_true(frame_shows(r, "Load from"));
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    press(r, ACT_STAFF_ROLLBACK, 0);
    assert_false(kiosk_staff_open(r->k));
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_ROLLBACK);
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    /* the right PIN reset the lock: one wrong try is free again */
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    type_pin(r, "1111");
    assert_true(frame_shows(r, "Wrong PIN"));
    assert_false(frame_shows(r, "Locked"));
    type_pin(r, PIN);
    /* exit asks for a second tap */
    press(r, ACT_STAFF_EXIT, 0);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Tap again to exit"));
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    press(r, ACT_STAFF_EXIT, 0);
    assert_false(kiosk_staff_open(r->k));
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_EXIT);
}

/* The PIN's hash (64 MiB of Argon2id) is never computed in the kiosk's
 * input path: OK hands the digits over, and the keypad waits, ignoring
 * keys, until the answer comes back. */
static void the_pin_is_checked_off_the_input_path(void **state)
{
    struct rig *r = *state;
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    for (const char *p = PIN; *p; p++)
        press(r, ACT_STAFF_DIGIT, *p - '0');
    press(r, ACT_STAFF_OK, 0);
    assert_false(frame_shows(r, "Roll back")); /* not yet: nothing was checked */
    press(r, ACT_STAFF_DIGIT, 1);              /* ignored while the check runs */
    press(r, ACT_STAFF_CLEAR, 0);
    char pin[STAFF_PIN_MAX + 1];
    assert_int_equal(kiosk_staff_pin_pending(r->k, pin, sizeof pin), 1);
    assert_string_equal(pin, PIN); /* neither the 1 nor Clear reached it */
    kiosk_staff_pin_result(r->k, staff_pin_check(pin_hash, pin), r->t);
    assert_true(frame_shows(r, "Roll back"));
}

/* Without a previous exhibit the Roll back button is there, disabled, and
 * says why (issue 18, item 8: it was missing after the first import,
 * though the README lists it); pressing it does nothing. */
static void no_roll_back_button_without_a_previous_exhibit(void **state)
{
    struct rig *r = *state;
    struct staff_info info = {.exhibit = "Only one", .can_rollback = 0};
    kiosk_staff_info(r->k, &info);
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    type_pin(r, PIN);
    assert_true(kiosk_staff_open(r->k));
    int rb = staff_control(r->k, ACT_STAFF_ROLLBACK, 0);
    assert_true(rb >= 0);
    assert_true(frame_shows(r, "no previous"));
    assert_false(frame_shows(r, "Roll back to the previous exhibit"));
    press(r, ACT_STAFF_ROLLBACK, 0);
    assert_true(kiosk_staff_open(r->k)); /* nothing happened */
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    assert_true(staff_control(r->k, ACT_STAFF_RELOAD, 0) >= 0);
    press(r, ACT_STAFF_RELOAD, 0);
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_RELOAD);
}

/* Untouched for STAFF_IDLE_MS the keypad and the screen close by
 * themselves; while they are up the exhibit stands still. */
static void the_staff_screen_closes_by_itself_and_holds_the_exhibit(void **state)
{
    struct rig *r = *state;
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    uint64_t opened = r->t;
    run_to(r, opened + STAFF_IDLE_MS - 1);
    assert_true(kiosk_staff_open(r->k));
    run_to(r, opened + STAFF_IDLE_MS);
    assert_false(kiosk_staff_open(r->k));

    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    type_pin(r, PIN);
    assert_true(kiosk_staff_open(r->k));
    int panel = kiosk_current(r->k);
    long frames = r->f.frames;
    uint64_t touched = r->t;
    for (uint64_t t = r->t; t < touched + STAFF_IDLE_MS - 100; t += 5000) {
        run_to(r, t);
        assert_false(kiosk_transitioning(r->k));
        assert_int_equal(kiosk_current(r->k), panel);
        assert_int_not_equal(kiosk_mode(r->k), MODE_COUNTDOWN);
    }
    /* a swipe does not navigate */
    touch(r, INPUT_DOWN, 5, 0.3f, 0.5f);
    r->t += 50;
    touch(r, INPUT_MOVE, 5, 0.2f, 0.5f);
    r->t += 50;
    touch(r, INPUT_UP, 5, 0.1f, 0.5f);
    run_to(r, r->t + 1000);
    assert_int_equal(kiosk_current(r->k), panel);
    (void)frames;
    run_to(r, r->t + STAFF_IDLE_MS);
    assert_false(kiosk_staff_open(r->k));
    /* and afterwards the visitors' kiosk goes on: idle, countdown, loop */
    run_to(r, r->t + 3 * 60000);
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
}

static int control_of(const struct kiosk *k, enum action act)
{
    const struct control *c = NULL;
    int n = kiosk_controls(k, &c);
    for (int i = 0; i < n; i++)
        if (c[i].act == act)
            return i;
    return -1;
}

static void the_progress_bar_shows_over_an_exhibit_that_can_still_be_browsed(void **state)
{
    struct rig *r = *state;
    tap(r, 0.5f, 0.5f); /* wake */
    assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    run_to(r, r->t + 2000);
    kiosk_draw(r->k, r->t);
    long prepares = r->f.prepares;
    struct staff_progress p = {.active = 1, .done = 25, .total = 100};
    snprintf(p.text, sizeof p.text, "Copying the exhibit from the stick");
    kiosk_staff_progress(r->k, &p, r->t);
    assert_true(kiosk_needs_frame(r->k, r->t));
    assert_true(frame_shows(r, "Copying the exhibit from the stick"));
    assert_true(frame_shows(r, "25"));
    /* the same again asks for nothing; a change asks for one frame */
    kiosk_staff_progress(r->k, &p, r->t);
    assert_int_equal(kiosk_needs_frame(r->k, r->t), kiosk_animating(r->k, r->t));
    p.done = 26;
    kiosk_staff_progress(r->k, &p, r->t);
    assert_true(kiosk_needs_frame(r->k, r->t));
    assert_true(frame_shows(r, "26"));
    assert_int_equal(r->f.prepares, prepares); /* no panel drawn again for it */
    /* nothing moves: no frame is asked for between changes */
    run_to(r, r->t + 5000);
    kiosk_draw(r->k, r->t);
    assert_int_equal(kiosk_needs_frame(r->k, r->t), kiosk_animating(r->k, r->t));
    /* a tap on "next" still navigates */
    int next = control_of(r->k, ACT_NEXT);
    assert_true(next >= 0);
    const struct control *c = NULL;
    kiosk_controls(r->k, &c);
    int panel = kiosk_current(r->k);
    tap(r, c[next].x + c[next].w / 2, c[next].y + c[next].h / 2);
    run_to(r, r->t + 2000);
    assert_int_equal(kiosk_current(r->k), panel + 1);
    assert_true(frame_shows(r, "Copying the exhibit"));
    /* an indeterminate bar steps, slowly */
    p.total = 0;
    kiosk_staff_progress(r->k, &p, r->t);
    kiosk_draw(r->k, r->t);
    uint64_t due = kiosk_deadline(r->k, r->t);
    assert_true(due > r->t && due <= r->t + 250);
    kiosk_staff_progress(r->k, NULL, r->t);
    assert_false(frame_shows(r, "Copying the exhibit"));
}

static void the_result_card_shows_dismisses_and_expires(void **state)
{
    struct rig *r = *state;
    struct staff_card c = {.shown = 1, .ok = 1};
    snprintf(c.title, sizeof c.title, "Loaded: Pyongyang 2014, version 3");
    snprintf(c.body, sizeof c.body, "36 panels. You can remove the stick.");
    kiosk_staff_card(r->k, &c, r->t);
    assert_true(frame_shows(r, "Loaded: Pyongyang 2014"));
    assert_true(frame_shows(r, "36 panels. You can remove the stick."));
    assert_false(frame_shows(r, "has not changed"));
    /* a failure says so plainly */
    struct staff_card bad = {.shown = 1, .ok = 0};
    snprintf(bad.body, sizeof bad.body, "The stick's exhibit is not signed by a known key.");
    kiosk_staff_card(r->k, &bad, r->t);
    assert_false(frame_shows(r, "36 panels"));
    assert_true(frame_shows(r, "Not loaded"));
    assert_true(frame_shows(r, "not signed by a known key"));
    assert_true(frame_shows(r, "The exhibit on screen has not changed."));
    /* a tap elsewhere passes through (it wakes the kiosk) */
    tap(r, 0.5f, 0.3f);
    assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    assert_true(frame_shows(r, "Not loaded"));
    /* a tap on the card closes it, and does nothing else */
    const struct draw_item *it = item_with(r, "Not loaded");
    assert_non_null(it);
    int panel = kiosk_current(r->k);
    tap(r, (float)(it->r.x + 5) / FAKE_W, (float)(it->r.y + it->r.h / 2) / FAKE_H);
    assert_false(frame_shows(r, "Not loaded"));
    assert_int_equal(kiosk_current(r->k), panel);
    /* unless replaced, a card goes after STAFF_CARD_MS */
    kiosk_staff_card(r->k, &c, r->t);
    uint64_t shown = r->t;
    run_to(r, shown + STAFF_CARD_MS - 1);
    assert_true(frame_shows(r, "36 panels"));
    run_to(r, shown + STAFF_CARD_MS);
    assert_false(frame_shows(r, "36 panels"));
    kiosk_staff_card(r->k, &c, r->t);
    kiosk_staff_card(r->k, NULL, r->t);
    assert_false(frame_shows(r, "36 panels"));
}

static void switching_content_reports_its_outcome(void **state)
{
    struct rig *r = *state;
    assert_int_equal(kiosk_switch_result(r->k), 0);
    kiosk_switch_store(r->k, bundled());
    assert_int_equal(kiosk_switch_result(r->k), 0);
    assert_int_equal(kiosk_content_errors(r->k), 0);
    run_to(r, r->t + 120000);
    assert_int_equal(kiosk_switch_result(r->k), 1);
    assert_int_equal(kiosk_content_errors(r->k), 0);
}

/* The export button: on the staff screen at the smallest landscape and a
 * portrait tablet, inside the screen, clear of every other button, at
 * least the staff key size; with and without the roll back button. */
static void the_export_button_fits_the_staff_screen(void **state)
{
    (void)state;
    const struct control_screen screens[] = {
        {800, 480, 0}, {768, 1024, 0}, {1920, 1080, 0}, {1080, 1920, 0}};
    for (size_t s = 0; s < sizeof screens / sizeof screens[0]; s++)
        for (int rb = 0; rb <= 1; rb++) {
            const struct control_screen *cs = &screens[s];
            struct control c[MODE_MAX_CONTROLS];
            int n = mode_staff_screen_layout(cs, rb, c, MODE_MAX_CONTROLS);
            assert_int_equal(n, 5); /* roll back always there, disabled without a previous */
            for (int i = 0; i < n; i++)
                if (c[i].act == ACT_STAFF_ROLLBACK)
                    assert_int_equal(c[i].arg, !rb);
            int e = -1;
            for (int i = 0; i < n; i++)
                if (c[i].act == ACT_STAFF_EXPORT)
                    e = i;
            assert_true(e >= 0);
            float min = STAFF_KEY_MM * 96.0f / 25.4f - 0.5f; /* GESTURE_DEFAULT_DPI */
            if (min < CONTROL_MIN_PX)
                min = CONTROL_MIN_PX;
            for (int i = 0; i < n; i++) {
                assert_true(c[i].x >= 0 && c[i].y >= 0);
                assert_true(c[i].x + c[i].w <= 1.0f && c[i].y + c[i].h <= 1.0f);
                assert_true(c[i].w * (float)cs->w >= min && c[i].h * (float)cs->h >= min);
                if (i == e)
                    continue;
                int apart = c[e].x + c[e].w <= c[i].x || c[i].x + c[i].w <= c[e].x ||
                            c[e].y + c[e].h <= c[i].y || c[i].y + c[i].h <= c[e].y;
                assert_true(apart);
            }
        }
}

static void the_export_button_hands_the_export_to_the_run_loop(void **state)
{
    struct rig *r = *state;
    hold(r, CORNER_X, CORNER_Y, STAFF_HOLD_MS);
    type_pin(r, PIN);
    assert_true(kiosk_staff_open(r->k));
    assert_true(frame_shows(r, "Export statistics")); /* the label may wrap */
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    press(r, ACT_STAFF_EXPORT, 0);
    /* the screen stays open: staff watch the export end on it */
    assert_true(kiosk_staff_open(r->k));
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_EXPORT);
    assert_int_equal(kiosk_staff_take(r->k), STAFF_ACT_NONE);
    assert_false(frame_shows(r, "Statistics")); /* no line before the first export */
    struct staff_info info = {.exhibit = "Pyongyang 2014",
                              .version = "3",
                              .signer = "staff (key 2D7D7B5145FB0F0E)",
                              .last_import = "none",
                              .attention = "Rolled back: it stopped 3 times.",
                              .last_export = "Exported: 1234 rows.",
                              .free_space = "12.3 GB free"};
    kiosk_staff_info(r->k, &info);
    assert_true(frame_shows(r, "Statistics")); /* the label may wrap */
    assert_true(frame_shows(r, "1234 rows"));
    assert_true(frame_shows(r, "2D7D7B5145FB0F0E"));
    assert_true(frame_shows(r, "stopped 3 times")); /* why it changed by itself */
    press(r, ACT_STAFF_CLOSE, 0);
    assert_false(kiosk_staff_open(r->k));
    /* the run loop's cards: a failed export never says the exhibit "has not changed" */
    struct staff_card c = {.shown = 1, .ok = 0, .not_content = 1};
    snprintf(c.title, sizeof c.title, "Not exported");
    snprintf(c.body, sizeof c.body, "The stick at /media/vitrine-sdb1 is mounted read-only.");
    kiosk_staff_card(r->k, &c, r->t);
    assert_true(frame_shows(r, "Not exported"));
    assert_true(frame_shows(r, "mounted read-only"));
    assert_false(frame_shows(r, "has not changed"));
    c = (struct staff_card){.shown = 1, .ok = 1, .not_content = 1};
    snprintf(c.title, sizeof c.title,
             "Exported: 1234 rows to vitrine-stats-kiosk-20260921-1430.csv");
    snprintf(c.body, sizeof c.body, "You can remove the stick.");
    kiosk_staff_card(r->k, &c, r->t);
    assert_true(frame_shows(r, "Exported: 1234 rows"));
    assert_true(frame_shows(r, "You can remove the stick."));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_third_wrong_pin_locks_then_doubling_lockouts_up_to_an_hour),
        cmocka_unit_test(a_pin_hash_round_trips_and_refuses_what_it_should),
        cmocka_unit_test_setup_teardown(only_a_full_hold_in_the_corner_opens_the_keypad, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(without_a_pin_nothing_opens, setup, teardown),
        cmocka_unit_test_setup_teardown(
            wrong_pins_lock_the_keypad_and_the_right_one_opens_the_staff_screen, setup, teardown),
        cmocka_unit_test_setup_teardown(the_pin_is_checked_off_the_input_path, setup, teardown),
        cmocka_unit_test_setup_teardown(no_roll_back_button_without_a_previous_exhibit, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(the_staff_screen_closes_by_itself_and_holds_the_exhibit,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(
            the_progress_bar_shows_over_an_exhibit_that_can_still_be_browsed, setup, teardown),
        cmocka_unit_test_setup_teardown(the_result_card_shows_dismisses_and_expires, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(switching_content_reports_its_outcome, setup, teardown),
        cmocka_unit_test(the_export_button_fits_the_staff_screen),
        cmocka_unit_test_setup_teardown(the_export_button_hands_the_export_to_the_run_loop, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
