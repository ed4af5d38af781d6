/* A screen that changes size (a display plugged in again, a new resolution,
 * portrait instead of landscape): the panel on screen and the controls are
 * laid out again for the new size at once, or as soon as a running
 * transition ends; nothing drawn afterwards belongs to the old size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/kiosk.h"
#include "fake_presenter.h"

/* The extent of what a drawn view holds: the widest right edge and the
 * lowest bottom edge of its draw list. */
static void extent(const struct frame *fr, int i, int *right, int *bottom)
{
    const struct fake_view *v = (const struct fake_view *)fr->views[i].view;
    *right = *bottom = 0;
    for (int k = 0; k < v->list->n; k++) {
        const struct draw_rect *r = &v->list->items[k].r;
        if (r->x + r->w > *right)
            *right = r->x + r->w;
        if (r->y + r->h > *bottom)
            *bottom = r->y + r->h;
    }
}

static void next_control_px(struct kiosk *k, int w, int h, int *x, int *y)
{
    const struct control *cs;
    int n = kiosk_controls(k, &cs);
    *x = *y = -1;
    for (int i = 0; i < n; i++)
        if (cs[i].act == ACT_NEXT) {
            *x = (int)(cs[i].x * (float)w);
            *y = (int)(cs[i].y * (float)h);
        }
}

static void landscape_to_portrait(void **state)
{
    static struct fake f;
    memset(&f, 0, sizeof(f));
    struct presenter p;
    struct kiosk *k = bundled_kiosk(&f, &p);
    uint64_t t = 1000;
    kiosk_update(k, t);
    kiosk_draw(k, t);
    int right, bottom;
    extent(&f.last, 0, &right, &bottom);
    assert_true(right <= FAKE_W && bottom <= FAKE_H);
    int x0, y0;
    next_control_px(k, FAKE_W, FAKE_H, &x0, &y0);

    f.w = 400; /* turned to portrait */
    f.h = 700;
    kiosk_screen_changed(k, t);
    assert_true(kiosk_needs_frame(k, t));
    kiosk_update(k, t);
    kiosk_draw(k, t);
    extent(&f.last, 0, &right, &bottom);
    assert_true(right <= 400);
    assert_true(bottom <= 700);
    assert_true(bottom > FAKE_H / 2); /* laid out on the new height, not clipped to the old */
    int x1, y1;
    next_control_px(k, 400, 700, &x1, &y1);
    assert_true(x1 + 1 < 400 && x1 > 400 / 2); /* "next" at the right of the new width */
    assert_int_equal(f.bad_draws, 0);
    kiosk_free(k);
}

static void during_a_transition_it_waits_for_the_end(void **state)
{
    static struct fake f;
    memset(&f, 0, sizeof(f));
    struct presenter p;
    struct kiosk *k = bundled_kiosk(&f, &p);
    uint64_t t = 1000;
    kiosk_update(k, t);
    for (int guard = 0; guard < 1000 && !kiosk_transitioning(k); guard++) {
        uint64_t due = kiosk_deadline(k, t);
        t = due > t ? due : t + 16;
        kiosk_update(k, t);
    }
    assert_true(kiosk_transitioning(k));
    f.w = 1000;
    f.h = 300;
    kiosk_screen_changed(k, t); /* two panels on screen: later */
    for (int guard = 0; guard < 1000 && kiosk_transitioning(k); guard++) {
        t += 16;
        kiosk_update(k, t);
        kiosk_draw(k, t);
    }
    kiosk_update(k, t + 1);
    kiosk_draw(k, t + 1);
    int right, bottom;
    extent(&f.last, 0, &right, &bottom);
    (void)right;
    assert_true(bottom <= 300); /* the new, lower screen: the old layout went to ~400 */
    assert_int_equal(f.bad_draws, 0);
    kiosk_free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(landscape_to_portrait),
        cmocka_unit_test(during_a_transition_it_waits_for_the_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
