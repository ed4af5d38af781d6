/* test_frame_plan.c - the frame planner (app/visitor/frame_plan.h) with
 * fake frames: rectangle sets, tiles, list hashes, the count-up's easing,
 * and where a frame can differ from the one before. No SDL, no display:
 * what the software renderer draws and presents only there is decided
 * here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "app/visitor/frame_plan.h"

#define W 1920
#define H 1080

static struct plan_rect R(int x, int y, int w, int h) {
    return (struct plan_rect){x, y, w, h};
}

/* 1 when every pixel of r is inside one of set[n] (by area: r's overlap
 * with the set, the set disjoint). */
static int
covered(struct plan_rect r, const struct plan_rect *set, int n)
{
    long in = 0;
    for (int i = 0; i < n; i++) {
        struct plan_rect c;
        if (plan_rect_overlap(&r, &set[i], &c))
            in += plan_rect_area(&c);
    }
    return in == plan_rect_area(&r);
}

static int disjoint(const struct plan_rect *set, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (plan_rect_overlap(&set[i], &set[j], NULL))
                return 0;
    return 1;
}

static long total_area(const struct plan_rect *set, int n)
{
    long a = 0;
    for (int i = 0; i < n; i++)
        a += plan_rect_area(&set[i]);
    return a;
}

static void rectangles(void **state)
{
    (void)state;
    struct plan_rect a = R(0, 0, 10, 10), b = R(5, 5, 10, 10), c;
    assert_true(plan_rect_overlap(&a, &b, &c));
    assert_int_equal(plan_rect_area(&c), 25);
    struct plan_rect far = R(10, 0, 5, 5); /* touching an edge is not overlapping */
    assert_false(plan_rect_overlap(&a, &far, NULL));
    struct plan_rect u = plan_rect_union(&a, &b);
    assert_int_equal(plan_rect_area(&u), 225);
    struct plan_rect empty = R(3, 3, 0, 9);
    u = plan_rect_union(&empty, &a);
    assert_memory_equal(&u, &a, sizeof(u));

    /* merged until none overlaps, nothing lost */
    struct plan_rect set[8] = {R(0, 0, 10, 10), R(8, 8, 10, 10), R(100, 100, 5, 5), R(16, 16, 4, 4),
                               R(200, 0, 1, 1)};
    struct plan_rect before[5];
    memcpy(before, set, sizeof(before));
    int n = 5;
    plan_rects_merge(set, &n);
    assert_int_equal(n, 3);
    assert_true(disjoint(set, n));
    for (int i = 0; i < 5; i++)
        assert_true(covered(before[i], set, n));

    /* clipped to the screen; an empty one dropped; when full, into the one
     * it grows least */
    struct plan_rect s2[2];
    int m = 0;
    plan_rects_add(s2, &m, 2, R(-10, -10, 20, 20), 100, 100);
    assert_int_equal(m, 1);
    assert_int_equal(s2[0].x, 0);
    assert_int_equal(s2[0].w, 10);
    plan_rects_add(s2, &m, 2, R(200, 200, 5, 5), 100, 100);
    assert_int_equal(m, 1);
    plan_rects_add(s2, &m, 2, R(80, 80, 10, 10), 100, 100);
    plan_rects_add(s2, &m, 2, R(78, 78, 4, 4), 100, 100); /* full: joins the near one */
    assert_int_equal(m, 2);
    assert_int_equal(s2[0].w, 10);
    assert_int_equal(s2[1].x, 78);
    assert_int_equal(s2[1].w, 12);

    /* r less cut: the rest, as disjoint rects outside cut */
    struct plan_rect r = R(0, 0, 100, 100), cut = R(30, 40, 20, 10), out[4];
    int k = plan_rect_less(&r, &cut, out);
    assert_int_equal(k, 4);
    assert_true(disjoint(out, k));
    assert_int_equal(total_area(out, k), 100 * 100 - 20 * 10);
    assert_false(plan_rect_meets(&cut, out, k));
    struct plan_rect apart = R(500, 500, 1, 1);
    assert_int_equal(plan_rect_less(&r, &apart, out), 1);
    assert_memory_equal(&out[0], &r, sizeof(r));
}

static void tiles(void **state)
{
    (void)state;
    int cols, rows;
    assert_int_equal(plan_tile(1920, 1080), 16);
    assert_int_equal(plan_tile(3840, 2160), 32);
    assert_true(plan_grid(1920, 1080, &cols, &rows));
    assert_int_equal(cols, 120);
    assert_int_equal(rows, 68);
    assert_false(plan_grid(20000, 1080, &cols, &rows)); /* larger than the tiles cover */
    assert_false(plan_grid(0, 1080, &cols, &rows));

    /* a rect's tiles back as rects: on the tile grid, covering it */
    static plan_bits bits;
    memset(bits, 0, sizeof(bits));
    assert_true(plan_grid(W, H, &cols, &rows));
    struct plan_rect a = R(20, 20, 50, 30), b = R(1900, 1070, 100, 100);
    plan_bits_rect(bits, a, W, H);
    plan_bits_rect(bits, b, W, H); /* clipped to the screen */
    struct plan_rect out[PLAN_RECTS];
    int n = plan_bits_rects((const uint64_t(*)[PLAN_WORDS])bits, cols, rows, W, H, out, PLAN_RECTS);
    assert_int_equal(n, 2);
    assert_true(covered(a, out, n));
    assert_true(covered(R(1900, 1070, 20, 10), out, n));
    for (int i = 0; i < n; i++) {
        assert_int_equal(out[i].x % 16, 0);
        assert_true(out[i].x + out[i].w <= W && out[i].y + out[i].h <= H);
    }
    /* 16 x 16 tiles: 20..70 x 20..50 is tiles 1..4 x 1..3 */
    assert_int_equal(out[0].x, 16);
    assert_int_equal(out[0].w, 64);
    assert_int_equal(out[0].h, 48);
    /* more runs than room: -1 (drawn whole) */
    memset(bits, 0, sizeof(bits));
    for (int x = 0; x < W; x += 64)
        plan_bits_rect(bits, R(x, 0, 1, 1), W, H);
    assert_int_equal(plan_bits_rects((const uint64_t(*)[PLAN_WORDS])bits, cols, rows, W, H, out, 4),
                     -1);
}

static void list_hashes(void **state)
{
    (void)state;
    struct draw_item items[2] = {
        {.kind = DRAW_TEXT, .r = {100, 100, 400, 60}, .px = 40, .text = "Pyongyang", .len = 9},
        {.kind = DRAW_RECT, .r = {0, 1000, 1920, 80}, .color = COLOR_ACCENT},
    };
    struct draw_list l = {.items = items, .n = 2, .cap = 2};
    uint32_t h = plan_list_hash(&l);
    assert_int_equal(plan_list_hash(&l), h);
    items[0].text = "Pyongyanq";
    assert_int_not_equal(plan_list_hash(&l), h);
    items[0].text = "Pyongyang";
    assert_int_equal(plan_list_hash(&l), h);
    items[1].r.y = 1001;
    assert_int_not_equal(plan_list_hash(&l), h);
    items[1].r.y = 1000;
    items[1].color = COLOR_TEXT;
    assert_int_not_equal(plan_list_hash(&l), h);
    items[1].color = COLOR_ACCENT;
    l.n = 1;
    assert_int_not_equal(plan_list_hash(&l), h);
    /* where an item may draw: its box, padded */
    struct plan_rect p = plan_item_place(&items[0]);
    assert_int_equal(p.x, 100 - PLAN_PAD);
    assert_int_equal(p.w, 400 + 2 * PLAN_PAD);
}

static void the_arrival(void **state)
{
    (void)state;
    assert_true(plan_ease(0) == 0);
    assert_true(plan_ease(-1) == 0);
    assert_true(plan_ease(0.0 / 0.0) == 0); /* NaN: not started */
    assert_true(plan_ease(1) == 1);
    assert_true(plan_ease(7) == 1);
    double last = 0;
    for (int i = 1; i <= 1000; i++) {
        double e = plan_ease(i / 1000.0);
        assert_true(e >= last);
        assert_true(e >= i / 1000.0); /* ease-out: ahead of linear */
        last = e;
    }
    assert_true(plan_ease(0.5) > 0.8 && plan_ease(0.5) < 0.9); /* 1 - 0.5^3 */
    /* a unit chart: none lit at the start, all of them at the end, never
     * more than there are */
    assert_int_equal(plan_units_lit(30, 30, 0), 0);
    assert_int_equal(plan_units_lit(29, 30, 1), 29);
    assert_int_equal(plan_units_lit(29, 30, 0.5), 15);
    assert_int_equal(plan_units_lit(40, 30, 1), 30);
    assert_int_equal(plan_units_lit(10, 30, -1), 0);
    /* a figure rises into place as it grows opaque: a fifth of its height
     * below at the start, in place and opaque at the end, never further
     * away or fainter as it goes on */
    struct plan_arrival a0 = plan_figure_arrival(0, 200), a1 = plan_figure_arrival(1, 200);
    assert_int_equal(a0.dy, 40);
    assert_int_equal(a0.alpha, 0);
    assert_int_equal(a1.dy, 0);
    assert_int_equal(a1.alpha, 255);
    struct plan_arrival was = a0;
    for (int i = 1; i <= 100; i++) {
        struct plan_arrival a = plan_figure_arrival(plan_ease(i / 100.0), 200);
        assert_true(a.dy <= was.dy && a.alpha >= was.alpha);
        was = a;
    }
    assert_int_equal(plan_figure_arrival(7, 200).dy, 0);
    assert_int_equal(plan_figure_arrival(-1, 200).alpha, 0);
    assert_int_equal(plan_figure_arrival(0, -5).dy, 0);
}

/* A frame of one view (id, version) whose static layer fills the tiles of
 * `area`, with lists l and hashes as given. */
static void shown_of(struct plan_shown *s, const struct frame *f, uint32_t id, uint32_t ver,
                     struct plan_rect area)
{
    memset(s, 0, sizeof(*s));
    s->a = id;
    s->a_ver = ver;
    s->ok = 1;
    plan_bits_rect(s->area, area, W, H);
    plan_note_lists(s, f, W, H);
}

static struct plan_shown was, now;
static struct plan_damage dmg;

static void the_plan(void **state)
{
    (void)state;
    struct draw_item dots[1] = {{.kind = DRAW_RECT, .r = {900, 1040, 120, 12}}};
    struct draw_list chrome = {.items = dots, .n = 1, .cap = 1};
    struct frame f = {.n_views = 1, .n_lists = 1, .lists = {&chrome}};
    struct plan_rect text = R(100, 100, 1400, 700);

    /* nothing known of the last frame: whole */
    shown_of(&now, &f, 7, 1, text);
    frame_plan_damage(NULL, &now, &f, W, H, &dmg);
    assert_int_equal(dmg.n, -1);

    /* the same view, nothing moving, the same list: nothing to draw */
    shown_of(&was, &f, 7, 1, text);
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_int_equal(dmg.n, 0);
    assert_true(dmg.lists_kept);

    /* a counting figure: only the digits that changed */
    int tex1, tex2, tex3;
    was.pieces[0] = (struct plan_piece){&tex1, R(200, 300, 40, 60), 255};
    was.pieces[1] = (struct plan_piece){&tex2, R(240, 300, 40, 60), 255};
    was.n_pieces = 2;
    now.pieces[0] = was.pieces[0];
    now.pieces[1] = (struct plan_piece){&tex3, R(240, 300, 40, 60), 255};
    now.n_pieces = 2;
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_true(dmg.n >= 1);
    assert_true(dmg.pieces);
    assert_true(covered(R(240, 300, 40, 60), dmg.r, dmg.n));
    assert_false(plan_rect_meets(&was.pieces[0].r, dmg.r, dmg.n)); /* the digit that stays */
    assert_true(total_area(dmg.r, dmg.n) < 40L * 60 * 2);
    was.n_pieces = now.n_pieces = 0;

    /* a list that changed: where it drew, then and now */
    struct draw_item dots2[1] = {{.kind = DRAW_RECT, .r = {900, 1040, 120, 12}, .alpha = 128}};
    struct draw_list chrome2 = {.items = dots2, .n = 1, .cap = 1};
    struct frame f2 = {.n_views = 1, .n_lists = 1, .lists = {&chrome2}};
    shown_of(&now, &f2, 7, 1, text);
    frame_plan_damage(&was, &now, &f2, W, H, &dmg);
    assert_false(dmg.lists_kept);
    assert_true(dmg.n >= 1);
    assert_true(covered(plan_item_place(&dots2[0]), dmg.r, dmg.n));
    assert_false(plan_rect_meets(&text, dmg.r, dmg.n));

    /* something moving (a clip): where it was and where it is */
    shown_of(&now, &f, 7, 1, text);
    was.moving[0] = R(1500, 200, 300, 200);
    was.n_moving = 1;
    now.moving[0] = R(1500, 200, 300, 200);
    now.n_moving = 1;
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_true(covered(R(1500, 200, 300, 200), dmg.r, dmg.n));
    assert_true(disjoint(dmg.r, dmg.n));
    was.n_moving = 0;

    /* another view: all of then and now, in tiles; most of the screen:
     * whole */
    shown_of(&now, &f, 8, 1, R(0, 0, W, 1000));
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_int_equal(dmg.n, -1);
    shown_of(&now, &f, 8, 1, R(100, 100, 300, 100));
    shown_of(&was, &f, 7, 1, R(1000, 600, 200, 100));
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_true(dmg.n >= 2);
    assert_true(covered(R(100, 100, 300, 100), dmg.r, dmg.n));
    assert_true(covered(R(1000, 600, 200, 100), dmg.r, dmg.n));
    struct plan_rect between = R(500, 300, 300, 200);
    assert_false(plan_rect_meets(&between, dmg.r, dmg.n));

    /* a new version of the same view (laid out again): not the same */
    shown_of(&now, &f, 7, 2, R(100, 100, 300, 100));
    shown_of(&was, &f, 7, 1, R(1000, 600, 200, 100));
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_true(covered(R(1000, 600, 200, 100), dmg.r, dmg.n));

    /* the same crossfade, a step on: all of both views' tiles */
    struct frame fx = f;
    fx.n_views = 2;
    shown_of(&now, &fx, 7, 1, R(100, 100, 300, 100));
    now.b = 9;
    now.b_ver = 1;
    plan_bits_rect(now.area, R(600, 600, 100, 100), W, H);
    was = now;
    frame_plan_damage(&was, &now, &fx, W, H, &dmg);
    assert_true(covered(R(100, 100, 300, 100), dmg.r, dmg.n));
    assert_true(covered(R(600, 600, 100, 100), dmg.r, dmg.n));
    assert_true(total_area(dmg.r, dmg.n) < (long)W * H / 4);

    /* a screen larger than the tiles cover: whole */
    frame_plan_damage(&was, &now, &f, 20000, 1080, &dmg);
    assert_int_equal(dmg.n, -1);
    /* a frame the display could not describe (not ok): whole */
    now.ok = 0;
    frame_plan_damage(&was, &now, &f, W, H, &dmg);
    assert_int_equal(dmg.n, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rectangles),  cmocka_unit_test(tiles),    cmocka_unit_test(list_hashes),
        cmocka_unit_test(the_arrival), cmocka_unit_test(the_plan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
