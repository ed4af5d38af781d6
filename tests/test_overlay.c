/* The interactive overlay with a fake text measurer: buttons at the
 * controls' rectangles with labels inside them, pressed feedback, the
 * chapter index, the countdown card in two languages, the loop's
 * invitation, and every item inside the screen at four screen sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/visitor/mode.h"
#include "app/visitor/overlay.h"
#include "app/visitor/ui_strings.h"

#include "languages_testing.h"
#include "layout_testing.h"

struct scr {
    int w, h;
    float dpi; /* 0: the default 96 */
};

static const struct scr screens[] = {
    {1920, 1080, 0},
    {1080, 1920, 0},
    {3840, 2160, 0},
    {1280, 800, 0},
    /* real panels: a 55" 4K, a 43" portrait 1080p, a 10" tablet */
    {3840, 2160, 80},
    {1080, 1920, 51},
    {1280, 800, 149},
};
#define N_SCREENS (int)(sizeof screens / sizeof screens[0])

static double unit(int w, int h)
{
    return (w < h ? w : h) / 100.0;
}

/* ---- a rig: controls, info, a list ---------------------------------------- */

#define ELLIPSIS "\xE2\x80\xA6"

static const char *titles5[] = {"Arrival", "The race", "Numbers", "Voices", "Sources"};
static const int first40[40] = {0,  2,  4,  6,  8,  10, 12, 14, 16, 18, 20, 22, 24, 26,
                                28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54,
                                56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78};
static const char *names[] = {"English",
                              "Fran\xC3\xA7"
                              "ais",
                              "Deutsch", "Espa\xC3\xB1ol", "Italiano"};
static const char *codes[] = {"en", "fr", "de", "es", "it"};

struct rig {
    struct layout_screen screen;
    float dpi;
    struct control c[MODE_MAX_CONTROLS];
    int n;
    struct overlay_info info;
    struct mode_view view;
    struct arena a;
    struct draw_list l;
};

static void rig_init(struct rig *r, const struct scr *s, int n_locales, int n_chapters,
                     const char *const *chapters)
{
    memset(r, 0, sizeof *r);
    r->screen = mode_layout_screen(s->w, s->h, 0);
    r->dpi = s->dpi;
    struct control_screen cs = {s->w, s->h, s->dpi};
    struct control_spec spec = {n_locales, n_chapters, first40, 0, 1};
    r->n = mode_controls_layout(&cs, &spec, r->c, MODE_MAX_CONTROLS);
    assert_true(r->n > 0);
    r->info.locale = "en";
    r->info.panel = 3;
    r->info.n_panels = 80;
    r->info.chapters = chapters;
    r->info.n_chapters = n_chapters;
    r->info.current_chapter = 1;
    r->info.locale_names = names;
    r->info.locale_codes = codes;
    r->info.n_locales = n_locales;
    r->info.current_locale = 0;
    r->view.state = MODE_INTERACTIVE;
    r->view.pressed = -1;
    arena_init(&r->a, 0);
}

static void rig_free(struct rig *r)
{
    arena_free(&r->a);
}

/* Every item inside the screen, static, and every text line as wide as
 * its measure and no wider than its rect. */
static void check_list(const struct rig *r)
{
    const struct draw_list *l = &r->l;
    assert_false(l->overflow);
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        const struct draw_rect *q = &it->r;
        assert_int_equal(it->layer, LAYER_STATIC);
        assert_true(q->w > 0 && q->h > 0);
        assert_true(q->x >= 0 && q->y >= 0);
        assert_true(q->x + q->w <= r->screen.w && q->y + q->h <= r->screen.h);
        assert_true(it->kind == DRAW_RECT || it->kind == DRAW_TEXT);
        if (it->kind == DRAW_TEXT) {
            assert_non_null(it->text);
            assert_true(it->len > 0);
            assert_true(valid_utf8(it->text, it->len));
            assert_null(memchr(it->text, '\n', it->len));
            assert_true(it->text[0] != ' ' && it->text[it->len - 1] != ' ');
            assert_true(it->px >= 6);
            assert_true(fake_width(NULL, it->face, it->px, it->text, it->len) <= q->w);
            assert_int_equal(q->h, fake_line_height(NULL, it->face, it->px));
            /* opaque, but the loop's invitation while it rises into place */
            if (!(it->role && strcmp(it->role, "invitation") == 0))
                assert_int_equal(it->alpha, 255);
        }
    }
}

static void run(struct rig *r)
{
    arena_reset(&r->a);
    assert_int_equal(
        overlay_layout(&r->screen, r->c, r->n, &r->view, &r->info, &fake, &r->a, &r->l), 0);
    check_list(r);
}

static struct draw_rect px_rect(const struct rig *r, int i)
{
    return overlay_control_rect(&r->screen, &r->c[i]);
}

static int inside(const struct draw_rect *a, const struct draw_rect *b)
{
    return a->x >= b->x && a->y >= b->y && a->x + a->w <= b->x + b->w && a->y + a->h <= b->y + b->h;
}

static int rect_eq(const struct draw_rect *a, const struct draw_rect *b)
{
    return a->x == b->x && a->y == b->y && a->w == b->w && a->h == b->h;
}

static int text_is(const struct draw_item *it, const char *s)
{
    return it->kind == DRAW_TEXT && it->len == strlen(s) && memcmp(it->text, s, it->len) == 0;
}

static int text_has(const struct draw_item *it, const char *s)
{
    size_t n = strlen(s);
    if (it->kind != DRAW_TEXT || it->len < n)
        return 0;
    for (size_t i = 0; i + n <= it->len; i++)
        if (memcmp(it->text + i, s, n) == 0)
            return 1;
    return 0;
}

static const struct draw_item *find_text(const struct draw_list *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (text_is(&l->items[i], s))
            return &l->items[i];
    return NULL;
}

/* The text items inside control i's rect; the first in *first. */
static int texts_in(const struct rig *r, int i, const struct draw_item **first)
{
    struct draw_rect b = px_rect(r, i);
    int n = 0;
    for (int k = 0; k < r->l.n; k++) {
        const struct draw_item *it = &r->l.items[k];
        if (it->kind == DRAW_TEXT && inside(&it->r, &b)) {
            if (!n && first)
                *first = it;
            n++;
        }
    }
    return n;
}

/* A control drawn pressed: an opaque accent rect exactly over it. */
static int drawn_pressed(const struct rig *r, int i)
{
    struct draw_rect b = px_rect(r, i);
    for (int k = 0; k < r->l.n; k++) {
        const struct draw_item *it = &r->l.items[k];
        if (it->kind == DRAW_RECT && it->color == COLOR_ACCENT && it->alpha == 255 &&
            rect_eq(&it->r, &b))
            return 1;
    }
    return 0;
}

/* A control drawn as a plate: its outline's top edge at its rect. */
static int drawn_plate(const struct rig *r, int i)
{
    struct draw_rect b = px_rect(r, i);
    for (int k = 0; k < r->l.n; k++) {
        const struct draw_item *it = &r->l.items[k];
        if (it->kind == DRAW_RECT && it->r.x == b.x && it->r.y == b.y && it->r.w == b.w &&
            it->r.h < b.h)
            return 1;
    }
    return drawn_pressed(r, i);
}

static int find_control(const struct rig *r, enum action act, int nth)
{
    for (int i = 0; i < r->n; i++)
        if (r->c[i].act == act && nth-- == 0)
            return i;
    return -1;
}

/* ---- ui strings ----------------------------------------------------------- */

static void strings_in_two_languages(void **state)
{
    (void)state;
    assert_string_equal(ui_string("en", UI_START), "Start");
    assert_string_equal(ui_string("fr", UI_START), "D\xC3\xA9"
                                                   "but");
    assert_string_equal(ui_string("fr-CA", UI_CHAPTERS), "Chapitres");
    assert_string_equal(ui_string("FR_fr", UI_CLOSE), "Fermer");
    /* French puts a narrow no-break space before "?" */
    assert_string_equal(ui_string("fr", UI_STILL_THERE), "Toujours l\xC3\xA0\xE2\x80\xAF?");
    assert_string_equal(ui_string("ka", UI_CHAPTERS), "Chapters"); /* none in Georgian */
    assert_string_equal(ui_string(NULL, UI_NEXT), "Next");
    assert_string_equal(ui_string("fro", UI_NEXT), "Next"); /* Old French is not French */
    assert_string_equal(ui_string("en", UI_STRING_COUNT), "");
    for (int id = 0; id < UI_STRING_COUNT; id++) {
        assert_true(strlen(ui_string("en", (enum ui_string_id)id)) > 0);
        assert_true(strlen(ui_string("fr", (enum ui_string_id)id)) > 0);
        assert_true(strlen(ui_string("ar", (enum ui_string_id)id)) > 0);
        assert_true(strlen(ui_string("he", (enum ui_string_id)id)) > 0);
    }
    /* a visitor reading Arabic or Hebrew reads the controls in it; the staff
     * screen stays in English */
    assert_string_equal(ui_string("ar", UI_NEXT),
                        "\xD8\xA7\xD9\x84\xD8\xAA\xD8\xA7\xD9\x84\xD9\x8A");
    assert_string_equal(ui_string("he-IL", UI_NEXT), "\xD7\x94\xD7\x91\xD7\x90");
    assert_string_equal(ui_string("ar", UI_STAFF_OK), "OK");
    char name[64];
    ui_language_name("he", "en", name, sizeof name);
    assert_string_equal(name, "\xD7\x90\xD7\xA0\xD7\x92\xD7\x9C\xD7\x99\xD7\xAA");

    char buf[64];
    size_t n = ui_format("en", UI_BACK_IN, 7, buf, sizeof buf);
    assert_string_equal(buf, "Back to the start in 7\xC2\xA0s");
    assert_int_equal(n, strlen(buf));
    ui_format("fr", UI_BACK_IN, 10, buf, sizeof buf);
    assert_string_equal(buf, "Retour au d\xC3\xA9"
                             "but dans 10\xC2\xA0s");
    ui_format("en", UI_START, 3, buf, sizeof buf);
    assert_string_equal(buf, "Start");
    /* truncation never splits a character: "Retour au d" + half an é */
    n = ui_format("fr", UI_BACK_IN, 1, buf, 13);
    assert_string_equal(buf, "Retour au d");
    assert_int_equal(n, 11);
    assert_int_equal(ui_format("fr", UI_BACK_IN, 1, buf, 1), 0);
    assert_string_equal(buf, "");
}

/* ---- loop ----------------------------------------------------------------- */

/* Between visitors: one invitation, in every language the exhibit offers
 * (the shown one first), large enough to read from a few steps away, in
 * the chrome's band under its rule where no panel text is. */
/* With motion (the kiosk's loop, not under reduced motion): one language
 * at a time, large, rising into place as it appears: below its line and
 * faint at the start, on it and opaque at the end, larger than the line of
 * every language. */
static void loop_invitation_rises_one_language_at_a_time(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 2, 5, titles5);
        r.view.state = MODE_LOOP;
        r.info.locale = "en";
        run(&r);
        int all_px = 0;
        for (int i = 0; i < r.l.n; i++)
            if (r.l.items[i].kind == DRAW_TEXT)
                all_px = r.l.items[i].px;
        r.info.invite_one = 1;
        r.info.invite_lang = 1; /* fr */
        const struct draw_item *t[2] = {NULL, NULL};
        struct draw_item copy[2];
        for (int k = 0; k < 2; k++) {
            r.info.invite_rise = k ? 0.0 : 1.0;
            run(&r);
            t[k] = find_text(&r.l, "Touchez pour explorer");
            assert_non_null(t[k]);
            assert_null(find_text(&r.l, "Touch to explore"));
            copy[k] = *t[k];
        }
        assert_true(copy[0].r.y > copy[1].r.y);                  /* it rises */
        assert_true(copy[0].alpha < 64 && copy[1].alpha == 255); /* as it appears */
        assert_true(copy[1].px >= all_px);
        struct layout_band band = layout_band(&r.screen);
        assert_true(copy[1].r.y >= band.rule && copy[1].r.y + copy[1].r.h <= band.safe);
        rig_free(&r);
    }
}

static void loop_shows_one_invitation_in_every_language(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 2, 5, titles5);
        r.view.state = MODE_LOOP;
        r.view.pressed = 2; /* ignored: nothing can be pressed in the loop */
        const char *locales[] = {"en", "fr"};
        const char *want[] = {"Touch to explore", "Touchez pour explorer"};
        for (int k = 0; k < 2; k++) {
            r.info.locale = locales[k];
            run(&r);
            assert_true(r.l.n <= 2);
            const struct draw_item *t = NULL;
            for (int i = 0; i < r.l.n; i++)
                if (r.l.items[i].kind == DRAW_TEXT)
                    t = &r.l.items[i];
            assert_non_null(t);
            char line[256];
            snprintf(line, sizeof line, "%.*s", (int)t->len, t->text);
            /* both languages, the shown one first, each once */
            if (strncmp(line, want[k], strlen(want[k])) != 0 || !strstr(line, want[1 - k]) ||
                strstr(line + 1, want[k]) != NULL)
                fail_msg("at %dx%d in %s the invitation reads \"%s\"", r.screen.w, r.screen.h,
                         locales[k], line);
            assert_int_equal(t->color, COLOR_TEXT);
            double u = unit(r.screen.w, r.screen.h);
            struct layout_band band = layout_band(&r.screen);
            assert_true(t->r.y >= band.rule); /* under the chrome's rule */
            assert_true(t->r.y + t->r.h <= band.safe);
            assert_true(t->r.x + t->r.w <= r.screen.w * 72 / 100); /* clear of "7 / 36" */
            assert_true(t->px >= (int)lround(2.0 * u));            /* not small print */
            for (int i = 0; i < r.l.n; i++)
                if (r.l.items[i].kind == DRAW_RECT) /* the dot, before the text */
                    assert_true(r.l.items[i].r.w <= 1.5 * u && r.l.items[i].r.x < t->r.x);
        }
        /* a single language: no separator, just the one */
        r.info.n_locales = 1;
        r.info.locale = "en";
        run(&r);
        assert_non_null(find_text(&r.l, "Touch to explore"));
        rig_free(&r);
    }
}

/* ---- interactive ---------------------------------------------------------- */

static void interactive_draws_each_main_control_with_its_label(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        for (int nl = 1; nl <= 2; nl++) {
            struct rig r;
            rig_init(&r, &screens[s], nl, 5, titles5);
            for (int lang = 0; lang < 2; lang++) {
                r.info.locale = lang ? "fr" : "en";
                run(&r);
                int mains = 0;
                for (int i = 0; i < r.n; i++) {
                    struct draw_rect b = px_rect(&r, i);
                    if (r.c[i].layer != CONTROL_MAIN) {
                        assert_false(drawn_plate(&r, i)); /* the index is closed */
                        continue;
                    }
                    mains++;
                    assert_true(b.w >= 44 && b.h >= 44);
                    assert_true(drawn_plate(&r, i));
                    assert_false(drawn_pressed(&r, i));
                    const struct draw_item *t = NULL;
                    assert_int_equal(texts_in(&r, i, &t), 1);
                    assert_int_equal(t->color, COLOR_TEXT);
                    switch (r.c[i].act) {
                    case ACT_PREV: /* at the bar's left end, the widest button */
                        assert_true(text_is(t, "\xE2\x80\xB9"));
                        assert_true(b.w >= b.h * 3 / 2 - 1);
                        assert_true(t->px >= b.h / 2); /* a large chevron */
                        break;
                    case ACT_NEXT:
                        assert_true(text_is(t, "\xE2\x80\xBA"));
                        assert_true(b.w >= b.h * 3 / 2 - 1);
                        assert_true(t->px >= b.h / 2); /* a large chevron */
                        break;
                    case ACT_HOME:
                        assert_true(text_is(t, ui_string(r.info.locale, UI_START)));
                        break;
                    case ACT_OPEN_INDEX:
                        assert_true(text_is(t, ui_string(r.info.locale, UI_CHAPTERS)));
                        break;
                    case ACT_LANGUAGE:
                        assert_true(text_is(t, names[r.c[i].arg]) ||
                                    text_is(t, r.c[i].arg ? "FR" : "EN"));
                        break;
                    case ACT_TEXT_SIZE: /* larger text is off: "A+" */
                        assert_true(text_is(t, "A+"));
                        break;
                    default:
                        fail();
                    }
                    if (r.c[i].act != ACT_PREV && r.c[i].act != ACT_NEXT) {
                        /* labels are readable: at least 1.8u, or 40% of
                         * the height of a small button */
                        double u = unit(r.screen.w, r.screen.h);
                        assert_true(t->px >= (int)fmin(lround(1.8 * u), 0.4 * b.h));
                        assert_true(t->face == FACE_SANS_BOLD);
                    }
                }
                assert_int_equal(mains, 5 + (nl > 1 ? 2 : 0)); /* with the larger-text toggle */
                /* every text belongs to a button, but for the position
                 * ("n / N"), always drawn again between the bar's
                 * buttons */
                int positions = 0;
                for (int k = 0; k < r.l.n; k++) {
                    const struct draw_item *it = &r.l.items[k];
                    if (it->kind != DRAW_TEXT)
                        continue;
                    if (memchr(it->text, '/', it->len) && it->color == COLOR_MUTED) {
                        positions++;
                        continue;
                    }
                    int owned = 0;
                    for (int i = 0; i < r.n; i++) {
                        struct draw_rect b = px_rect(&r, i);
                        owned |= r.c[i].layer == CONTROL_MAIN && inside(&it->r, &b);
                    }
                    assert_true(owned);
                }
                assert_int_equal(positions, 1);
                /* the side plates are translucent (the panel shows through);
                 * the bottom bar and the strip under it are opaque, hiding
                 * the chrome text below */
                int translucent = 0, opaque = 0;
                for (int k = 0; k < r.l.n; k++) {
                    const struct draw_item *it = &r.l.items[k];
                    if (it->kind != DRAW_RECT || it->color != COLOR_BG)
                        continue;
                    translucent += it->alpha >= 160 && it->alpha <= 200;
                    opaque += it->alpha == 255;
                }
                assert_int_equal(translucent, 2);
                assert_int_equal(opaque, mains - 2 + 1); /* + the strip under the bar */
            }
            rig_free(&r);
        }
    }
}

static void english_labels_keep_their_design_size_at_1080p(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, &screens[0], 2, 5, titles5);
    run(&r);
    const struct draw_item *t = find_text(&r.l, "Start");
    assert_non_null(t);
    assert_true(t->px >= 26); /* 2.4u */
    t = find_text(&r.l, "Chapters");
    assert_non_null(t);
    assert_true(t->px >= 24);
    rig_free(&r);
}

static void pressed_control_is_filled_with_the_accent(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 2, 5, titles5);
        for (int p = 0; p < r.n; p++) {
            if (r.c[p].layer != CONTROL_MAIN)
                continue;
            r.view.pressed = p;
            run(&r);
            assert_true(drawn_pressed(&r, p));
            const struct draw_item *t = NULL;
            assert_int_equal(texts_in(&r, p, &t), 1);
            assert_int_equal(t->color, COLOR_BG); /* dark text on the accent */
            for (int i = 0; i < r.n; i++) {
                if (i == p || r.c[i].layer != CONTROL_MAIN)
                    continue;
                assert_false(drawn_pressed(&r, i));
                assert_int_equal(texts_in(&r, i, &t), 1);
                assert_int_equal(t->color, COLOR_TEXT);
            }
        }
        /* an index control pressed while the index is closed: not shown */
        int j = find_control(&r, ACT_JUMP, 0);
        r.view.pressed = j;
        run(&r);
        for (int k = 0; k < r.l.n; k++)
            assert_false(r.l.items[k].kind == DRAW_RECT && r.l.items[k].color == COLOR_ACCENT &&
                         r.l.items[k].r.w >= 44 && r.l.items[k].r.h >= 44);
        rig_free(&r);
    }
}

static void current_language_is_marked(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, &screens[0], 2, 5, titles5);
    for (int cur = 0; cur < 2; cur++) {
        r.info.current_locale = cur;
        run(&r);
        for (int k = 0; k < 2; k++) {
            int i = find_control(&r, ACT_LANGUAGE, k);
            assert_true(i >= 0);
            struct draw_rect b = px_rect(&r, i);
            int marks = 0;
            for (int q = 0; q < r.l.n; q++) {
                const struct draw_item *it = &r.l.items[q];
                marks += it->kind == DRAW_RECT && it->color == COLOR_ACCENT && inside(&it->r, &b) &&
                         it->r.h < b.h / 4;
            }
            assert_int_equal(marks, r.c[i].arg == cur);
        }
    }
    rig_free(&r);
}

/* A button per language: codes ("EN", "FR") on every one, at every size
 * and DPI, so the button looks the same everywhere (the last review saw
 * "EN | FR", "English | Français" and "English | FR" at three sizes). */
static void language_buttons_look_the_same_everywhere(void **state)
{
    (void)state;
    static const struct scr sizes[] = {{1920, 1080, 96}, {800, 480, 96},    {768, 1024, 96},
                                       {1280, 800, 149}, {3840, 2160, 160}, {1080, 1920, 96}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        struct rig r;
        rig_init(&r, &sizes[k], 2, 5, titles5);
        run(&r);
        for (int b = 0; b < 2; b++) {
            const struct draw_item *t = NULL;
            assert_int_equal(texts_in(&r, find_control(&r, ACT_LANGUAGE, b), &t), 1);
            if (!text_is(t, b ? "FR" : "EN"))
                fail_msg("%dx%d@%d: language button %d reads \"%.*s\"", sizes[k].w, sizes[k].h,
                         (int)sizes[k].dpi, b, (int)t->len, t->text);
        }
        /* without codes the name is shrunk and cut, and still fits */
        r.info.locale_codes = NULL;
        run(&r);
        const struct draw_item *t = NULL;
        assert_int_equal(texts_in(&r, find_control(&r, ACT_LANGUAGE, 1), &t), 1);
        assert_true(text_has(t, ELLIPSIS) || text_is(t, names[1]));
        rig_free(&r);
    }
}

/* The language mark: 文A. */
#define MARK "\xE6\x96\x87\x41"

/* More than two languages: one button, which opens the picker: the
 * language mark, muted, before the current language's own name (its code
 * where the name does not fit); nothing else chooses a language. */
static void many_locales_share_one_button(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 5, 5, titles5);
        r.info.current_locale = 3;
        run(&r);
        int i = find_control(&r, ACT_OPEN_LANGUAGES, 0);
        assert_true(i >= 0);
        assert_int_equal(find_control(&r, ACT_OPEN_LANGUAGES, 1), -1);
        for (int k = 0; k < r.n; k++)
            assert_false(r.c[k].act == ACT_LANGUAGE && r.c[k].layer == CONTROL_MAIN);
        const struct draw_item *t = NULL;
        int n = texts_in(&r, i, &t);
        assert_true(n == 1 || n == 2);
        if (n == 2) { /* the mark, then the name */
            assert_true(text_is(t, MARK));
            assert_int_equal(t->color, COLOR_MUTED);
            t = t + 1;
        }
        assert_true(text_is(t, names[3]) || text_is(t, "ES"));
        assert_int_equal(t->color, COLOR_TEXT);
        rig_free(&r);
    }
}

/* ---- the language picker -------------------------------------------------- */

/* The picker open over the panel: a scrim, the close button, every
 * language's button at its control's rect with its own name (or a line of
 * it, or its code) inside, the current one marked in the accent colour,
 * the language mark above the grid, and nothing of the bar. */
static void check_picker(struct rig *r, int n_locales)
{
    int languages = 0, close = -1;
    for (int i = 0; i < r->n; i++) {
        const struct control *c = &r->c[i];
        struct draw_rect b = px_rect(r, i);
        if (c->layer == CONTROL_INDEX) /* its close button stands where the picker's does */
            continue;
        if (c->layer == CONTROL_MAIN) {
            assert_false(drawn_plate(r, i));
            continue;
        }
        assert_int_equal(c->layer, CONTROL_LANGUAGES);
        assert_true(drawn_plate(r, i));
        assert_true(b.w >= 44 && b.h >= 44);
        for (int j = 0; j < i; j++)
            if (r->c[j].layer == CONTROL_LANGUAGES) {
                struct draw_rect q = px_rect(r, j);
                assert_false(b.x < q.x + q.w && q.x < b.x + b.w && b.y < q.y + q.h &&
                             q.y < b.y + b.h);
            }
        if (c->act == ACT_CLOSE_LANGUAGES) {
            close = i;
            continue;
        }
        assert_int_equal(c->act, ACT_LANGUAGE);
        languages++;
        const struct draw_item *t = NULL;
        int lines = texts_in(r, i, &t);
        assert_true(lines == 1 || lines == 2);
        for (int k = 0; k < lines; k++) {
            char code[4] = {(char)(codes24[c->arg][0] - 32), (char)(codes24[c->arg][1] - 32), 0};
            /* a line of the name: found in it */
            int in_name = 0;
            for (const char *p = names24[c->arg]; *p && !in_name; p++)
                in_name = strncmp(p, t[k].text, t[k].len) == 0;
            if (!in_name && !text_is(&t[k], code))
                fail_msg("language %d reads \"%.*s\"", c->arg, (int)t[k].len, t[k].text);
            assert_int_equal(t[k].color, COLOR_TEXT);
        }
        int marked = 0;
        for (int q = 0; q < r->l.n; q++) {
            const struct draw_item *it = &r->l.items[q];
            marked |= it->kind == DRAW_RECT && it->color == COLOR_ACCENT && inside(&it->r, &b) &&
                      it->r.w < b.w / 4;
        }
        assert_int_equal(marked, c->arg == r->info.current_locale);
    }
    assert_true(close >= 0);
    assert_true(languages >= (n_locales < 24 ? n_locales : 24));
    /* every text is a button's, but for the mark over the grid */
    int marks = 0;
    for (int k = 0; k < r->l.n; k++) {
        const struct draw_item *it = &r->l.items[k];
        if (it->kind != DRAW_TEXT)
            continue;
        int owned = 0;
        for (int i = 0; i < r->n; i++) {
            struct draw_rect b = px_rect(r, i);
            owned |= r->c[i].layer == CONTROL_LANGUAGES && inside(&it->r, &b);
        }
        if (!owned) {
            assert_true(text_is(it, MARK));
            marks++;
        }
    }
    assert_int_equal(marks, 1);
    /* the scrim first, over the whole screen */
    assert_true(r->l.n > 0 && r->l.items[0].kind == DRAW_RECT && r->l.items[0].r.w == r->screen.w &&
                r->l.items[0].r.h == r->screen.h);
}

static void the_picker_shows_every_language(void **state)
{
    (void)state;
    static const struct scr six[] = {{800, 480, 0},    {1366, 768, 0},  {1920, 1080, 0},
                                     {1080, 1920, 0},  {2560, 1080, 0}, {3840, 2160, 0},
                                     {1280, 800, 149}, {1080, 1920, 51}};
    static const int counts[] = {3, 9, 24};
    for (size_t s = 0; s < sizeof six / sizeof six[0]; s++)
        for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
            struct rig r;
            rig_init(&r, &six[s], counts[k], 5, titles5);
            r.info.locale_names = names24;
            r.info.locale_codes = codes24;
            r.info.current_locale = counts[k] - 1;
            r.view.languages_open = 1;
            run(&r);
            check_picker(&r, counts[k]);
            /* a language pressed: filled with the accent colour */
            int i = find_control(&r, ACT_LANGUAGE, 1);
            assert_int_equal(r.c[i].layer, CONTROL_LANGUAGES);
            r.view.pressed = i;
            run(&r);
            assert_true(drawn_pressed(&r, i));
            /* without codes the names are still drawn, cut if need be */
            r.view.pressed = -1;
            r.info.locale_codes = NULL;
            run(&r);
            for (int q = 0; q < r.n; q++)
                if (r.c[q].layer == CONTROL_LANGUAGES && r.c[q].act == ACT_LANGUAGE)
                    assert_true(texts_in(&r, q, NULL) >= 1);
            rig_free(&r);
        }
}

/* ---- the chapter index ---------------------------------------------------- */

static void check_index(struct rig *r, const char *const *titles, int n_chapters)
{
    run(r);
    const struct draw_list *l = &r->l;
    /* a page of its own: an opaque ground over the whole screen, first,
     * so nothing of the panel shows through */
    assert_true(l->n > 0);
    assert_int_equal(l->items[0].kind, DRAW_RECT);
    assert_int_equal(l->items[0].color, COLOR_BG);
    assert_int_equal(l->items[0].alpha, 255);
    struct draw_rect all = {0, 0, r->screen.w, r->screen.h};
    assert_true(rect_eq(&l->items[0].r, &all));
    /* the main controls are hidden (a page button of the index may stand
     * where one of them would) */
    assert_null(find_text(l, ui_string(r->info.locale, UI_START)));
    for (int i = 0; i < r->n; i++) {
        if (r->c[i].layer != CONTROL_MAIN)
            continue;
        struct draw_rect b = px_rect(r, i);
        int shared = 0;
        for (int j = 0; j < r->n; j++) {
            struct draw_rect o = px_rect(r, j);
            shared |= r->c[j].layer == CONTROL_INDEX && rect_eq(&o, &b);
        }
        if (!shared)
            assert_false(drawn_plate(r, i));
    }
    /* the heading, clear of every button */
    const struct draw_item *h = find_text(l, ui_string(r->info.locale, UI_CHAPTERS));
    assert_non_null(h);
    for (int i = 0; i < r->n; i++) {
        struct draw_rect b = px_rect(r, i);
        if (r->c[i].layer == CONTROL_INDEX)
            assert_false(h->r.x < b.x + b.w && b.x < h->r.x + h->r.w && h->r.y < b.y + b.h &&
                         b.y < h->r.y + h->r.h);
    }
    /* one button per chapter with its number and title */
    int chapter = 0;
    for (int i = 0; i < r->n; i++) {
        if (r->c[i].layer != CONTROL_INDEX)
            continue;
        struct draw_rect b = px_rect(r, i);
        assert_true(b.w >= 44 && b.h >= 44);
        assert_true(drawn_plate(r, i));
        const struct draw_item *t = NULL;
        int nt = texts_in(r, i, &t);
        if (r->c[i].act == ACT_CLOSE_INDEX) {
            assert_int_equal(nt, 1);
            assert_true(text_is(t, ui_string(r->info.locale, UI_CLOSE)) || text_is(t, "\xC3\x97"));
            continue;
        }
        if (r->c[i].act == ACT_INDEX_PAGE) { /* more chapters than fit: a chevron */
            assert_int_equal(nt, 1);
            assert_true(text_is(t, r->c[i].arg > 0 ? "\xE2\x80\xBA" : "\xE2\x80\xB9"));
            continue;
        }
        assert_int_equal(r->c[i].act, ACT_JUMP);
        assert_int_equal(nt, 2);
        char num[16];
        snprintf(num, sizeof num, "%d", chapter + 1);
        assert_true(text_is(t, num));
        const struct draw_item *title = t + 1;
        assert_true(inside(&title->r, &b));
        const char *want = titles[chapter];
        if (text_has(title, ELLIPSIS)) {
            /* cut: a prefix of the title, then the ellipsis */
            size_t k = title->len - 3;
            assert_true(k > 0 && k < strlen(want));
            assert_memory_equal(title->text, want, k);
            assert_true(memcmp(title->text + k, ELLIPSIS, 3) == 0);
        } else {
            assert_true(text_is(title, want));
        }
        assert_int_equal(title->px, t->px); /* number and title on one line */
        assert_int_equal(title->r.y, t->r.y);
        assert_true(t->r.x + t->r.w < title->r.x);
        /* the current chapter in the accent colour */
        int current = chapter == r->info.current_chapter;
        assert_int_equal(t->color, current ? COLOR_ACCENT : COLOR_MUTED);
        int accents = 0;
        for (int k = 0; k < l->n; k++)
            accents += l->items[k].kind == DRAW_RECT && l->items[k].color == COLOR_ACCENT &&
                       inside(&l->items[k].r, &b);
        assert_int_equal(accents, current ? 4 : 0);
        chapter++;
    }
    /* the first page of the index: every chapter that fits on it */
    struct control_screen cs = {r->screen.w, r->screen.h, r->dpi};
    int per_page = mode_index_per_page(&cs, n_chapters);
    assert_int_equal(chapter, n_chapters < per_page ? n_chapters : per_page);
}

static void index_lists_every_chapter(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        for (int nl = 1; nl <= 2; nl++) {
            struct rig r;
            rig_init(&r, &screens[s], nl, 5, titles5);
            r.view.index_open = 1;
            check_index(&r, titles5, 5);
            r.info.locale = "fr";
            r.info.current_chapter = 4;
            check_index(&r, titles5, 5);
            rig_free(&r);
        }
    }
}

static char long_titles[40][96];
static const char *long_ptrs[40];

static void long_titles_are_shrunk_and_cut(void **state)
{
    (void)state;
    for (int i = 0; i < 40; i++) {
        snprintf(long_titles[i], sizeof long_titles[i], "%02d %s", i,
                 "The long road from Kim Il-sung Stadium along the Taedong and back again.");
        assert_int_equal(strlen(long_titles[i]), 75);
        /* make it 80 characters, one of them two bytes */
        strcat(long_titles[i], " \xC3\xA9t\xC3\xA9s");
        assert_int_equal(codepoints(long_titles[i], strlen(long_titles[i])), 80);
        long_ptrs[i] = long_titles[i];
    }
    for (int s = 0; s < N_SCREENS; s++) {
        for (int nc = 5; nc <= 40; nc += 35) {
            struct rig r;
            rig_init(&r, &screens[s], 2, nc, long_ptrs);
            r.view.index_open = 1;
            check_index(&r, long_ptrs, nc);
            int cut = 0;
            for (int k = 0; k < r.l.n; k++)
                cut += text_has(&r.l.items[k], ELLIPSIS);
            assert_true(cut > 0);
            rig_free(&r);
        }
    }
}

static void pressed_chapter_and_close(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 2, 5, titles5);
        r.view.index_open = 1;
        for (int p = 0; p < r.n; p++) {
            if (r.c[p].layer != CONTROL_INDEX)
                continue;
            r.view.pressed = p;
            run(&r);
            for (int i = 0; i < r.n; i++)
                if (r.c[i].layer == CONTROL_INDEX)
                    assert_int_equal(drawn_pressed(&r, i), i == p);
            const struct draw_item *t = NULL;
            int n = texts_in(&r, p, &t);
            assert_true(n >= 1);
            for (int k = 0; k < n; k++)
                assert_int_equal(t[k].color, COLOR_BG);
        }
        rig_free(&r);
    }
}

/* A paged index says which page it shows, between its page buttons; an
 * index of one page has neither. */
static void a_paged_index_shows_its_page(void **state)
{
    (void)state;
    for (int s = 0; s < N_SCREENS; s++) {
        struct rig r;
        rig_init(&r, &screens[s], 1, 40, long_ptrs);
        r.view.index_open = 1;
        int prev = -1, next = -1;
        for (int i = 0; i < r.n; i++)
            if (r.c[i].act == ACT_INDEX_PAGE)
                *(r.c[i].arg < 0 ? &prev : &next) = i;
        struct control_screen cs = {screens[s].w, screens[s].h, screens[s].dpi};
        int pages = mode_index_pages(&cs, 40);
        r.info.index_pages = pages;
        r.info.index_page = pages - 1;
        run(&r);
        char want[32];
        snprintf(want, sizeof want, "%d / %d", pages, pages);
        const struct draw_item *t = find_text(&r.l, want);
        if (pages < 2) {
            assert_true(prev < 0 && next < 0);
            assert_null(t);
        } else {
            assert_true(prev >= 0 && next >= 0);
            assert_non_null(t);
            struct draw_rect a = px_rect(&r, prev), b = px_rect(&r, next);
            assert_true(t->r.x >= a.x + a.w && t->r.x + t->r.w <= b.x); /* between them */
            assert_true(t->r.y >= b.y && t->r.y + t->r.h <= b.y + b.h);
        }
        rig_free(&r);
    }
}

static void untitled_chapters_show_their_number(void **state)
{
    (void)state;
    const char *some[] = {"Arrival", NULL, "   ", "Voices", "Sources"};
    struct rig r;
    rig_init(&r, &screens[0], 1, 5, some);
    r.view.index_open = 1;
    run(&r);
    int j = find_control(&r, ACT_JUMP, 1);
    const struct draw_item *t = NULL;
    assert_int_equal(texts_in(&r, j, &t), 1);
    assert_true(text_is(t, "2"));
    j = find_control(&r, ACT_JUMP, 2);
    assert_int_equal(texts_in(&r, j, &t), 1);
    assert_true(text_is(t, "3"));
    r.info.chapters = NULL;
    run(&r);
    assert_int_equal(texts_in(&r, j, &t), 1);
    rig_free(&r);
}

/* ---- countdown ------------------------------------------------------------ */

static void countdown_card_asks_calmly(void **state)
{
    (void)state;
    const char *locales[] = {"en", "fr"};
    const char *ask[] = {"Still there?", "Toujours l\xC3\xA0\xE2\x80\xAF?"};
    for (int s = 0; s < N_SCREENS; s++) {
        for (int open = 0; open < 2; open++) {
            for (int k = 0; k < 2; k++) {
                struct rig r;
                rig_init(&r, &screens[s], 2, 5, titles5);
                r.info.locale = locales[k];
                r.view.state = MODE_COUNTDOWN;
                r.view.index_open = open;
                r.view.countdown_s = 7;
                r.view.pressed = find_control(&r, ACT_HOME, 0); /* not shown */
                run(&r);
                const struct draw_item *q = find_text(&r.l, ask[k]);
                assert_non_null(q);
                int seven = 0;
                const struct draw_item *sec = NULL;
                for (int i = 0; i < r.l.n; i++)
                    if (text_has(&r.l.items[i], "7")) {
                        seven++;
                        sec = &r.l.items[i];
                    }
                assert_true(seven >= 1);
                assert_int_equal(sec->color, COLOR_ACCENT);
                assert_true(sec->px < q->px);
                /* the card: the last plate before the question, centred */
                const struct draw_item *card = NULL;
                for (const struct draw_item *it = r.l.items; it < q; it++)
                    if (it->kind == DRAW_RECT && it->color == COLOR_RULE && it->r.w > 44)
                        card = it; /* its outline's bottom edge */
                assert_non_null(card);
                int cx = card->r.x + card->r.w / 2;
                assert_true(abs(cx - r.screen.w / 2) <= 1);
                /* every text of the card is on it: inside the card's width
                 * and below the question */
                for (const struct draw_item *it = q; it < r.l.items + r.l.n; it++) {
                    assert_int_equal(it->kind, DRAW_TEXT);
                    assert_true(it->r.x >= card->r.x && it->r.x + it->r.w <= card->r.x + card->r.w);
                    assert_true(it->r.y + it->r.h <= card->r.y);
                    assert_true(it->r.y >= q->r.y);
                }
                /* the body is there, whole (maybe on several lines) */
                size_t body = 0, lines = 0;
                for (const struct draw_item *it = q + 1; it < r.l.items + r.l.n; it++)
                    if (it->color == COLOR_TEXT) {
                        body += it->len;
                        lines++;
                    }
                assert_true(lines >= 1 && lines <= 3);
                assert_int_equal(body + lines - 1,
                                 strlen(ui_string(locales[k], UI_KEEP_EXPLORING)));
                /* no control is drawn pressed behind the card */
                for (int i = 0; i < r.n; i++)
                    assert_false(drawn_pressed(&r, i));
                rig_free(&r);
            }
        }
    }
}

static void countdown_counts_down(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, &screens[3], 1, 1, titles5);
    r.view.state = MODE_COUNTDOWN;
    for (int n = 10; n >= 0; n--) {
        r.view.countdown_s = n;
        run(&r);
        char want[64];
        ui_format("en", UI_BACK_IN, n, want, sizeof want);
        assert_non_null(find_text(&r.l, want));
    }
    rig_free(&r);
}

/* ---- robustness ----------------------------------------------------------- */

static void bad_arguments_and_small_arenas(void **state)
{
    (void)state;
    struct rig r;
    rig_init(&r, &screens[0], 2, 40, long_ptrs);
    assert_int_equal(overlay_layout(NULL, r.c, r.n, &r.view, &r.info, &fake, &r.a, &r.l), -1);
    assert_int_equal(r.l.n, 0);
    assert_int_equal(overlay_layout(&r.screen, r.c, r.n, NULL, &r.info, &fake, &r.a, &r.l), -1);
    assert_int_equal(overlay_layout(&r.screen, r.c, r.n, &r.view, &r.info, NULL, &r.a, &r.l), -1);
    assert_int_equal(overlay_layout(&r.screen, r.c, r.n, &r.view, &r.info, &fake, NULL, &r.l), -1);
    assert_int_equal(overlay_layout(&r.screen, r.c, r.n, &r.view, &r.info, &fake, &r.a, NULL), -1);
    struct layout_screen zero = {0, 0, 0, 0, 0};
    assert_int_equal(overlay_layout(&zero, r.c, r.n, &r.view, &r.info, &fake, &r.a, &r.l), -1);
    /* no controls, no info: nothing to draw but nothing breaks */
    r.view.index_open = 1;
    assert_int_equal(overlay_layout(&r.screen, NULL, 0, &r.view, NULL, &fake, &r.a, &r.l), 0);
    check_list(&r);
    r.view.index_open = 0;
    assert_int_equal(overlay_layout(&r.screen, NULL, 0, &r.view, NULL, &fake, &r.a, &r.l), 0);
    assert_int_equal(r.l.n, 0);
    /* a tiny arena block size: many blocks, same result */
    rig_free(&r);
    r.view.index_open = 1;
    arena_init(&r.a, 64);
    run(&r);
    int n = r.l.n;
    assert_true(n > 40 * 3);
    struct arena b;
    arena_init(&b, 0);
    struct draw_list l2;
    assert_int_equal(overlay_layout(&r.screen, r.c, r.n, &r.view, &r.info, &fake, &b, &l2), 0);
    assert_int_equal(l2.n, n);
    for (int i = 0; i < n; i++) {
        assert_true(rect_eq(&l2.items[i].r, &r.l.items[i].r));
        assert_int_equal(l2.items[i].len, r.l.items[i].len);
    }
    arena_free(&b);
    rig_free(&r);
}

static void control_rects_round_and_clip(void **state)
{
    (void)state;
    struct layout_screen s = {1920, 1080, 0, 0, 0};
    struct control c = {ACT_NEXT, 0.5f, 0.25f, 0.25f, 0.5f, 0, CONTROL_MAIN, 0, 0, 0, 0, 0};
    struct draw_rect r = overlay_control_rect(&s, &c);
    assert_int_equal(r.x, 960);
    assert_int_equal(r.y, 270);
    assert_int_equal(r.w, 480);
    assert_int_equal(r.h, 540);
    c = (struct control){ACT_NEXT, 0.9f, -0.1f, 0.5f, 0.5f, 0, CONTROL_MAIN, 0, 0, 0, 0, 0};
    r = overlay_control_rect(&s, &c);
    assert_true(r.x + r.w <= 1920 && r.y == 0 && r.y + r.h <= 1080);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strings_in_two_languages),
        cmocka_unit_test(loop_shows_one_invitation_in_every_language),
        cmocka_unit_test(loop_invitation_rises_one_language_at_a_time),
        cmocka_unit_test(interactive_draws_each_main_control_with_its_label),
        cmocka_unit_test(english_labels_keep_their_design_size_at_1080p),
        cmocka_unit_test(pressed_control_is_filled_with_the_accent),
        cmocka_unit_test(current_language_is_marked),
        cmocka_unit_test(language_buttons_look_the_same_everywhere),
        cmocka_unit_test(the_picker_shows_every_language),
        cmocka_unit_test(many_locales_share_one_button),
        cmocka_unit_test(index_lists_every_chapter),
        cmocka_unit_test(long_titles_are_shrunk_and_cut),
        cmocka_unit_test(pressed_chapter_and_close),
        cmocka_unit_test(untitled_chapters_show_their_number),
        cmocka_unit_test(a_paged_index_shows_its_page),
        cmocka_unit_test(countdown_card_asks_calmly),
        cmocka_unit_test(countdown_counts_down),
        cmocka_unit_test(bad_arguments_and_small_arenas),
        cmocka_unit_test(control_rects_round_and_clip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
