/* The pure parts of `vitrine preview`: the rebuild debounce stepped by
 * hand, the build-error card with a fake measurer (inside the screen,
 * the errors shown, a flood of errors cut instead of overflowing), and the
 * strip of the build's warnings over the panels. */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "app/visitor/preview.h"

#include "layout_testing.h"

static void debounce_waits_for_quiet(void **state)
{
    (void)state;
    struct preview_debounce d = {0};
    assert_false(preview_debounce_due(&d, 0));
    assert_true(preview_debounce_deadline(&d) == UINT64_MAX);
    /* a save: temporary file written, renamed, backup touched */
    preview_debounce_event(&d, 1000);
    preview_debounce_event(&d, 1003);
    preview_debounce_event(&d, 1040);
    assert_true(preview_debounce_deadline(&d) == 1040 + PREVIEW_QUIET_MS);
    assert_false(preview_debounce_due(&d, 1040));
    assert_false(preview_debounce_due(&d, 1040 + PREVIEW_QUIET_MS - 1));
    assert_true(preview_debounce_due(&d, 1040 + PREVIEW_QUIET_MS));
    preview_debounce_clear(&d);
    assert_false(preview_debounce_due(&d, 5000));
    assert_true(preview_debounce_deadline(&d) == UINT64_MAX);
}

static void debounce_restarts_on_each_event(void **state)
{
    (void)state;
    struct preview_debounce d = {0};
    /* events every 100 ms: never quiet long enough */
    for (uint64_t t = 0; t <= 2000; t += 100) {
        preview_debounce_event(&d, t);
        assert_false(preview_debounce_due(&d, t + 99));
    }
    assert_true(preview_debounce_due(&d, 2000 + PREVIEW_QUIET_MS));
    /* an event during a rebuild (cleared, then another save) is not lost */
    preview_debounce_clear(&d);
    preview_debounce_event(&d, 3000);
    assert_true(preview_debounce_due(&d, 3000 + PREVIEW_QUIET_MS));
}

static void check_inside(const struct draw_list *l, int w, int h)
{
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        assert_true(it->r.x >= 0 && it->r.y >= 0);
        assert_true(it->r.x + it->r.w <= w && it->r.y + it->r.h <= h);
        assert_int_equal(it->layer, LAYER_STATIC);
        if (it->kind == DRAW_TEXT)
            assert_true(valid_utf8(it->text, it->len));
    }
}

static int shows(const struct draw_list *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].len >= strlen(s) &&
            memmem(l->items[i].text, l->items[i].len, s, strlen(s)))
            return 1;
    return 0;
}

static void card_shows_the_errors(void **state)
{
    (void)state;
    static const struct layout_screen screens[] = {
        {1280, 720, 0, 0, 0}, {800, 480, 0, 0, 0}, {1080, 1920, 0, 0, 0}, {3840, 2160, 0, 0, 0}};
    const char *errors = "panels/02-arrival.yaml:2: YAML syntax error\n"
                         "panels/03-runners.yaml:7: figure.value must be a number";
    for (size_t s = 0; s < sizeof(screens) / sizeof(screens[0]); s++) {
        struct arena a;
        struct draw_list l;
        arena_init(&a, 64 * 1024);
        assert_int_equal(preview_error_layout(&screens[s], errors, &fake, &a, &l), 0);
        check_inside(&l, screens[s].w, screens[s].h);
        assert_true(shows(&l, "does not build"));
        assert_true(shows(&l, "panels/02-arrival.yaml:2:"));
        assert_true(shows(&l, "panels/03-runners.yaml:7:"));
        assert_true(shows(&l, "save"));
        arena_free(&a);
    }
}

static void card_cuts_a_flood(void **state)
{
    (void)state;
    static char errors[32 * 1024];
    size_t n = 0;
    for (int i = 0; i < 300; i++)
        n += (size_t)snprintf(errors + n, sizeof(errors) - n,
                              "panels/%03d-x.yaml:%d: heading must be text\n", i, i + 1);
    struct layout_screen screen = {800, 480, 0, 0, 0};
    struct arena a;
    struct draw_list l;
    arena_init(&a, 64 * 1024);
    assert_int_equal(preview_error_layout(&screen, errors, &fake, &a, &l), 0);
    check_inside(&l, screen.w, screen.h);
    assert_true(shows(&l, "panels/000-x.yaml:1:"));
    assert_false(shows(&l, "panels/299-x.yaml"));
    assert_true(shows(&l, "save")); /* the footer keeps its room */
    /* no text overlaps the footer */
    int foot_y = 0;
    for (int i = 0; i < l.n; i++)
        if (l.items[i].kind == DRAW_TEXT && l.items[i].color == COLOR_MUTED)
            foot_y = l.items[i].r.y;
    for (int i = 0; i < l.n; i++)
        if (l.items[i].kind == DRAW_TEXT && l.items[i].color == COLOR_TEXT)
            assert_true(l.items[i].r.y + l.items[i].r.h <= foot_y);
    /* empty errors, bad arguments */
    assert_int_equal(preview_error_layout(&screen, "", &fake, &a, &l), 0);
    assert_true(l.n > 0);
    assert_int_equal(preview_error_layout(NULL, "x", &fake, &a, &l), -1);
    assert_int_equal(preview_error_layout(&screen, "x", NULL, &a, &l), -1);
    arena_free(&a);
}

/* The build's warnings over the panels: a strip at the top, each warning
 * on one line at a size that reads (13 px at least), file and line first;
 * four at most and a count of the rest; folded to its first line by a
 * click; nothing at all without warnings. */
static void strip_lists_the_warnings(void **state)
{
    (void)state;
    static const struct layout_screen screens[] = {
        {1280, 720, 0, 0, 0}, {800, 480, 0, 0, 0}, {1080, 1920, 0, 0, 0}, {3840, 2160, 0, 0, 0}};
    static char warnings[4096];
    size_t n = 0;
    for (int i = 0; i < 7; i++)
        n += (size_t)snprintf(warnings + n, sizeof(warnings) - n,
                              "panels/%02d-x.yaml:%d: heading is plain text, in English only: it "
                              "has no Français (fr) text, so the Français edition shows it in "
                              "English\n",
                              i + 1, i + 2);
    for (size_t k = 0; k < sizeof(screens) / sizeof(screens[0]); k++) {
        const struct layout_screen *sc = &screens[k];
        struct arena a;
        struct draw_list l;
        arena_init(&a, 64 * 1024);
        assert_int_equal(preview_warnings_layout(sc, warnings, 0, &fake, &a, &l), 0);
        check_inside(&l, sc->w, sc->h);
        assert_true(l.n > 0);
        int strip_h = l.items[0].r.h;
        assert_true(l.items[0].r.y == 0 && strip_h <= sc->h / 3);
        assert_true(shows(&l, "7 warnings from the build"));
        assert_true(shows(&l, "panels/01-x.yaml:2: heading is plain text"));
        assert_true(shows(&l, "panels/04-x.yaml:5:"));
        assert_false(shows(&l, "panels/05-x.yaml"));
        assert_true(shows(&l, "and 3 more"));
        int short_side = sc->w < sc->h ? sc->w : sc->h;
        for (int i = 0; i < l.n; i++) {
            assert_string_equal(l.items[i].role, "warnings");
            assert_true(l.items[i].r.y + l.items[i].r.h <= strip_h);
            if (l.items[i].kind == DRAW_TEXT)
                assert_true(l.items[i].px >= 13 && l.items[i].px >= short_side * 2 / 100);
        }
        /* folded: the first line, which says how to unfold it */
        assert_int_equal(preview_warnings_layout(sc, warnings, 1, &fake, &a, &l), 0);
        assert_true(shows(&l, "7 warnings from the build: click here to show them"));
        assert_false(shows(&l, "panels/01-x.yaml"));
        assert_true(l.items[0].r.h < strip_h);
        /* one warning: no count of more */
        assert_int_equal(preview_warnings_layout(sc, "exhibit.yaml:11: subtitle is plain text\n", 0,
                                                 &fake, &a, &l),
                         0);
        assert_true(shows(&l, "1 warning from the build"));
        assert_true(shows(&l, "exhibit.yaml:11: subtitle is plain text"));
        assert_false(shows(&l, "more"));
        /* none: nothing drawn */
        assert_int_equal(preview_warnings_layout(sc, "", 0, &fake, &a, &l), 0);
        assert_int_equal(l.n, 0);
        arena_free(&a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(debounce_waits_for_quiet),
        cmocka_unit_test(debounce_restarts_on_each_event),
        cmocka_unit_test(card_shows_the_errors),
        cmocka_unit_test(card_cuts_a_flood),
        cmocka_unit_test(strip_lists_the_warnings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
