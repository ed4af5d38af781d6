/* The platform rendering layer: fonts and metrics without a display, a
 * headless panel rendered at two count-up moments, PNG output, contact
 * sheets, and a real (offscreen) window. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "skip_testing.h"

#include <SDL.h>
#include <SDL_image.h>

#include "app/visitor/layout.h"
#include "app/base/log.h"
#include "platform/display.h"
#include "platform/image.h"
#include "platform/text.h"
#include "content/theme.h"

#define SCREEN_W 1280
#define SCREEN_H 800

static char assets_dir[1024];
static char tmp_dir[256];

static void path_in_tmp(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", tmp_dir, name);
}

/* ---- text ----------------------------------------------------------------- */

static void text_works_without_video(void **state)
{
    (void)state;
    char why[256] = "";
    struct text *t = text_open(assets_dir, why, sizeof(why));
    assert_non_null(t);
    assert_int_equal(SDL_WasInit(SDL_INIT_VIDEO), 0);
    for (int f = 0; f < FACE_COUNT; f++) {
        const char *path = text_face_path(t, (enum font_face)f);
        assert_non_null(path);
        assert_int_equal(access(path, R_OK), 0);
    }
    text_close(t);
}

static void measurer_is_sane_and_deterministic(void **state)
{
    (void)state;
    char why[256] = "";
    struct text *t = text_open(assets_dir, why, sizeof(why));
    assert_non_null(t);
    const struct text_measurer *m = text_measurer(t);
    const char *s = "Pyongyang Marathon 2014";
    for (int f = 0; f < FACE_COUNT; f++) {
        int prev_w = 0, prev_lh = 0;
        for (int px = 8; px <= 160; px += 8) {
            int w = m->width(m->ctx, (enum font_face)f, px, s, strlen(s));
            int lh = m->line_height(m->ctx, (enum font_face)f, px);
            assert_true(w > 0);
            assert_true(w >= prev_w);
            assert_true(lh >= prev_lh);
            assert_true(lh >= px);
            prev_w = w;
            prev_lh = lh;
        }
        int w20 = m->width(m->ctx, (enum font_face)f, 20, s, strlen(s));
        int w80 = m->width(m->ctx, (enum font_face)f, 80, s, strlen(s));
        assert_true(w80 > 3 * w20);
        assert_true(m->width(m->ctx, (enum font_face)f, 40, "iiii", 4) <
                    m->width(m->ctx, (enum font_face)f, 40, "WWWW", 4));
        /* s[0..n) only: the rest of the string does not count */
        assert_int_equal(m->width(m->ctx, (enum font_face)f, 40, "WWWWiiii", 4),
                         m->width(m->ctx, (enum font_face)f, 40, "WWWW", 4));
        assert_int_equal(m->width(m->ctx, (enum font_face)f, 40, s, 0), 0);
    }
    /* Same answer every time, whatever was asked in between. */
    int a = m->width(m->ctx, FACE_SANS, 37, s, strlen(s));
    m->width(m->ctx, FACE_SANS, 90, s, strlen(s));
    m->width(m->ctx, FACE_SERIF, 37, s, strlen(s));
    assert_int_equal(m->width(m->ctx, FACE_SANS, 37, s, strlen(s)), a);
    /* Bold is wider than regular. */
    assert_true(m->width(m->ctx, FACE_SANS_BOLD, 40, s, strlen(s)) >
                m->width(m->ctx, FACE_SANS, 40, s, strlen(s)));
    /* A long line goes through the heap copy. */
    char longs[1000];
    memset(longs, 'a', sizeof(longs));
    int wl = m->width(m->ctx, FACE_SANS, 12, longs, sizeof(longs));
    assert_true(wl > m->width(m->ctx, FACE_SANS, 12, longs, 100) * 9);
    text_close(t);
}

static void text_render_draws_pixels(void **state)
{
    (void)state;
    char why[256] = "";
    struct text *t = text_open(NULL, why, sizeof(why));
    assert_non_null(t);
    const char *s = "~1,000 runners";
    SDL_Surface *surf = text_render(t, FACE_SANS_BOLD, 48, 0xE0A030, s, strlen(s));
    assert_non_null(surf);
    assert_int_equal(surf->format->format, SDL_PIXELFORMAT_ARGB8888);
    assert_true(surf->w > 100);
    int opaque = 0;
    SDL_LockSurface(surf);
    for (int y = 0; y < surf->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)surf->pixels + y * surf->pitch);
        for (int x = 0; x < surf->w; x++)
            if ((row[x] >> 24) == 255 && (row[x] & 0xFFFFFF) == 0xE0A030)
                opaque++;
    }
    SDL_UnlockSurface(surf);
    assert_true(opaque > 200);
    SDL_FreeSurface(surf);
    assert_null(text_render(t, FACE_SANS, 48, 0xFFFFFF, "", 0));
    text_close(t);
}

/* ---- a headless panel ----------------------------------------------------- */

static const struct panel_figure runners = {
    .value = {1200, 0, 0}, .prefix = "$", .suffix = " runners", .label = "foreign runners"};

#define FIG_X 80
#define FIG_Y 260
#define FIG_W 700
#define FIG_PX 120
#define UNITS_X 80
#define UNITS_Y 520
#define UNITS_COLS 20
#define UNITS_CELL 20
#define UNITS_GAP 6
#define UNITS_TOTAL 40
#define UNITS_LIT 25
#define UNITS_PART 500 /* half of square 26 */

static int make_panel(struct draw_item *it, const char *heading)
{
    int n = 0;
    it[n++] = (struct draw_item){.kind = DRAW_RECT,
                                 .layer = LAYER_STATIC,
                                 .r = {0, 0, SCREEN_W, SCREEN_H},
                                 .color = COLOR_BG,
                                 .alpha = 255};
    it[n++] = (struct draw_item){.kind = DRAW_RECT,
                                 .layer = LAYER_STATIC,
                                 .r = {80, 200, 400, 4},
                                 .color = COLOR_RULE,
                                 .alpha = 255};
    it[n++] = (struct draw_item){.kind = DRAW_TEXT,
                                 .layer = LAYER_STATIC,
                                 .r = {80, 80, 1100, 80},
                                 .color = COLOR_TEXT,
                                 .alpha = 255,
                                 .face = FACE_SANS_BOLD,
                                 .px = 64,
                                 .text = heading,
                                 .len = strlen(heading)};
    it[n++] = (struct draw_item){.kind = DRAW_FIGURE,
                                 .layer = LAYER_ANIMATED,
                                 .r = {FIG_X, FIG_Y, FIG_W, 170},
                                 .color = COLOR_ACCENT,
                                 .alpha = 255,
                                 .face = FACE_SANS_BOLD,
                                 .px = FIG_PX,
                                 .figure = &runners};
    it[n++] = (struct draw_item){.kind = DRAW_UNITS,
                                 .layer = LAYER_ANIMATED,
                                 .r = {UNITS_X, UNITS_Y, 0, 0},
                                 .color = COLOR_RULE,
                                 .alpha = 255,
                                 .units_total = UNITS_TOTAL,
                                 .units_lit = UNITS_LIT,
                                 .units_part = UNITS_PART,
                                 .units_cols = UNITS_COLS,
                                 .cell = UNITS_CELL,
                                 .gap = UNITS_GAP,
                                 .lit_color = COLOR_ACCENT};
    return n;
}

static SDL_Surface *load_argb(const char *path)
{
    SDL_Surface *s = IMG_Load(path);
    assert_non_null(s);
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    assert_non_null(c);
    return c;
}

static Uint32 px_at(const SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x] & 0xFFFFFF;
}

static int differing(const SDL_Surface *a, const SDL_Surface *b, int x0, int y0, int w, int h)
{
    int n = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            n += px_at(a, x, y) != px_at(b, x, y);
    return n;
}

static int count_color(const SDL_Surface *s, Uint32 rgb, int x0, int y0, int w, int h)
{
    int n = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            n += px_at(s, x, y) == rgb;
    return n;
}

static int distinct_colors(const SDL_Surface *s)
{
    /* a small open-addressing set */
    enum { SLOTS = 1 << 16 };
    Uint32 *set = calloc(SLOTS, sizeof(Uint32));
    assert_non_null(set);
    int n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            Uint32 c = px_at(s, x, y) | 0x01000000u;
            Uint32 h = (c * 2654435761u) >> 16;
            while (set[h] && set[h] != c)
                h = (h + 1) & (SLOTS - 1);
            if (!set[h] && n < SLOTS / 2) {
                set[h] = c;
                n++;
            }
        }
    free(set);
    return n;
}

static void headless_panel_renders(void **state)
{
    (void)state;
    char why[256] = "";
    struct display_opts o = {.headless = 1, .w = SCREEN_W, .h = SCREEN_H, .assets_dir = assets_dir};
    struct display *d = display_open(&o, why, sizeof(why));
    assert_non_null(d);
    assert_string_equal(display_driver(d), "headless");
    assert_int_equal(SDL_WasInit(SDL_INIT_VIDEO), 0);
    int w, h;
    display_size(d, &w, &h);
    assert_int_equal(w, SCREEN_W);
    assert_int_equal(h, SCREEN_H);

    struct draw_item items[8];
    struct draw_list l = {.items = items};
    l.n = make_panel(items, "Amateurs at the start line");
    l.cap = 8;
    struct panel_view *v = display_prepare(d, &l, "en", why, sizeof(why));
    assert_non_null(v);

    char p0[512], p1[512], p2[512], p3[512], p3b[512];
    path_in_tmp(p0, sizeof(p0), "t0.png");
    path_in_tmp(p1, sizeof(p1), "t1.png");
    path_in_tmp(p2, sizeof(p2), "slide.png");
    path_in_tmp(p3, sizeof(p3), "fade.png");
    path_in_tmp(p3b, sizeof(p3b), "fade-presented.png");

    display_clear(d);
    display_draw_view(d, v, 0, 255, 0.0);
    assert_int_equal(display_save_png(d, p0, why, sizeof(why)), 0);
    display_clear(d);
    display_draw_view(d, v, 0, 255, 1.0);
    /* chrome over it: drawn twice, the second time from the cache */
    const char *chrome = "3 / 12";
    struct draw_item ci = {.kind = DRAW_TEXT,
                           .r = {1100, 740, 100, 40},
                           .color = COLOR_MUTED,
                           .alpha = 255,
                           .face = FACE_SANS,
                           .px = 24,
                           .text = chrome,
                           .len = strlen(chrome)};
    struct draw_list cl = {.items = &ci, .n = 1, .cap = 1};
    display_draw_list(d, &cl);
    display_draw_list(d, &cl);
    assert_int_equal(display_save_png(d, p1, why, sizeof(why)), 0);
    display_clear(d);
    display_draw_view(d, v, 300, 255, 1.0);
    assert_int_equal(display_save_png(d, p2, why, sizeof(why)), 0);
    display_clear(d);
    display_draw_view(d, v, 0, 128, 1.0);
    assert_int_equal(display_save_png(d, p3, why, sizeof(why)), 0);
    /* presenting shows the frame; it must not change what was drawn */
    display_present(d);
    assert_int_equal(display_save_png(d, p3b, why, sizeof(why)), 0);
    {
        SDL_Surface *a = load_argb(p3), *b = load_argb(p3b);
        assert_non_null(a);
        assert_non_null(b);
        assert_int_equal(differing(a, b, 0, 0, SCREEN_W, SCREEN_H), 0);
        SDL_FreeSurface(a);
        SDL_FreeSurface(b);
    }

    int pw = 0, ph = 0;
    assert_int_equal(image_probe_png(p0, &pw, &ph), 0);
    assert_int_equal(pw, SCREEN_W);
    assert_int_equal(ph, SCREEN_H);
    assert_int_equal(image_probe_png(p1, &pw, &ph), 0);
    assert_int_equal(pw, SCREEN_W);
    assert_int_equal(ph, SCREEN_H);

    SDL_Surface *s0 = load_argb(p0), *s1 = load_argb(p1), *s2 = load_argb(p2), *s3 = load_argb(p3);
    Uint32 bg = layout_color(COLOR_BG);
    /* not blank: antialiased text makes many shades */
    assert_true(distinct_colors(s1) > 20);
    assert_true(SCREEN_W * SCREEN_H - count_color(s1, bg, 0, 0, SCREEN_W, SCREEN_H) > 5000);
    /* the heading is in the static layer: same at t=0 and t=1 */
    assert_int_equal(differing(s0, s1, 0, 60, SCREEN_W, 120), 0);
    assert_true(count_color(s0, bg, 0, 60, SCREEN_W, 120) < SCREEN_W * 120);
    /* the figure counts up */
    assert_true(differing(s0, s1, FIG_X, FIG_Y, FIG_W, 170) > 1000);
    /* the unit chart fills: exactly the lit cells change colour */
    int chart_w = UNITS_COLS * (UNITS_CELL + UNITS_GAP), chart_h = 2 * (UNITS_CELL + UNITS_GAP);
    Uint32 lit = layout_color(COLOR_ACCENT), unlit = layout_color(COLOR_RULE);
    int cell = UNITS_CELL * UNITS_CELL;
    assert_int_equal(count_color(s0, lit, UNITS_X, UNITS_Y, chart_w, chart_h), 0);
    assert_int_equal(count_color(s0, unlit, UNITS_X, UNITS_Y, chart_w, chart_h),
                     UNITS_TOTAL * cell);
    /* ... and the part of the next square, from its left edge */
    int part = UNITS_CELL * UNITS_PART / 1000 * UNITS_CELL;
    assert_int_equal(count_color(s1, lit, UNITS_X, UNITS_Y, chart_w, chart_h),
                     UNITS_LIT * cell + part);
    assert_int_equal(count_color(s1, unlit, UNITS_X, UNITS_Y, chart_w, chart_h),
                     (UNITS_TOTAL - UNITS_LIT) * cell - part);
    int px26 = UNITS_X + (UNITS_LIT % UNITS_COLS) * (UNITS_CELL + UNITS_GAP);
    int py26 = UNITS_Y + (UNITS_LIT / UNITS_COLS) * (UNITS_CELL + UNITS_GAP);
    assert_int_equal(px_at(s1, px26, py26), lit);
    assert_int_equal(px_at(s1, px26 + UNITS_CELL - 1, py26), unlit);
    /* the chrome line was drawn */
    assert_true(count_color(s1, bg, 1100, 740, 100, 40) < 100 * 40);
    /* a slide moves everything, the animated layer included */
    assert_int_equal(count_color(s2, bg, 0, 0, 300, SCREEN_H), 300 * SCREEN_H);
    assert_int_equal(differing(s1, s2, 80, 60, 900, 700) > 0, 1);
    for (int y = 60; y < 700; y += 7)
        for (int x = 0; x < 900; x += 5)
            assert_int_equal(px_at(s1, x, y), px_at(s2, x + 300, y));
    /* a crossfade at half opacity lands between background and lit colour */
    Uint32 mid = px_at(s3, UNITS_X + 2, UNITS_Y + 2);
    for (int sh = 0; sh < 24; sh += 8) {
        int a = (int)((bg >> sh) & 0xFF), b = (int)((lit >> sh) & 0xFF);
        int m = (int)((mid >> sh) & 0xFF), want = (a + b) / 2;
        assert_true(abs(m - want) <= 3);
    }

    SDL_FreeSurface(s0);
    SDL_FreeSurface(s1);
    SDL_FreeSurface(s2);
    SDL_FreeSurface(s3);
    display_view_free(v);

    /* a contact sheet of two frames */
    char sheet[512];
    path_in_tmp(sheet, sizeof(sheet), "sheet.png");
    const char *const pngs[] = {p0, p1};
    assert_int_equal(image_contact_sheet(pngs, 2, 320, sheet, why, sizeof(why)), 0);
    int g = image_gutter(320);
    assert_int_equal(image_probe_png(sheet, &pw, &ph), 0);
    assert_int_equal(pw, 2 * 320 + 3 * g);
    assert_int_equal(ph, 320 * SCREEN_H / SCREEN_W + 2 * g);
    /* a missing file is an error, not a crash */
    const char *const bad[] = {p0, "/nonexistent/x.png"};
    why[0] = '\0';
    assert_int_equal(image_contact_sheet(bad, 2, 320, sheet, why, sizeof(why)), -1);
    assert_true(why[0] != '\0');
    assert_int_equal(image_probe_png("/nonexistent/x.png", &pw, &ph), -1);
    assert_int_equal(image_probe_png(assets_dir, &pw, &ph), -1);

    /* a panel picture is fitted inside its box, aspect kept, centred */
    FILE *f = fopen(p1, "rb");
    assert_non_null(f);
    static unsigned char png[1 << 20];
    size_t png_len = fread(png, 1, sizeof(png), f);
    fclose(f);
    assert_true(png_len > 0 && png_len < sizeof(png));
    struct panel_image pic = {.data = png, .size = png_len, .alt = "a frame"};
    struct draw_item im = {.kind = DRAW_IMAGE,
                           .layer = LAYER_STATIC,
                           .r = {700, 100, 400, 400},
                           .color = COLOR_TEXT,
                           .alpha = 255,
                           .image = &pic};
    struct draw_list il = {.items = &im, .n = 1, .cap = 1};
    v = display_prepare(d, &il, "en", why, sizeof(why));
    assert_non_null(v);
    display_clear(d);
    display_draw_view(d, v, 0, 255, 1.0);
    char p4[512];
    path_in_tmp(p4, sizeof(p4), "image.png");
    assert_int_equal(display_save_png(d, p4, why, sizeof(why)), 0);
    display_view_free(v);
    SDL_Surface *s4 = load_argb(p4);
    int fit_h = 400 * SCREEN_H / SCREEN_W, top = 100 + (400 - fit_h) / 2;
    assert_int_equal(count_color(s4, bg, 700, 100, 400, top - 100), 400 * (top - 100));
    assert_int_equal(count_color(s4, bg, 700, top + fit_h, 400, 500 - top - fit_h),
                     400 * (500 - top - fit_h));
    assert_true(count_color(s4, bg, 700, top, 400, fit_h) < 400 * fit_h * 98 / 100);
    assert_int_equal(count_color(s4, bg, 0, 0, 700, SCREEN_H), 700 * SCREEN_H);
    SDL_FreeSurface(s4);
    /* a broken picture leaves the box empty, it does not fail the panel */
    pic.size = 100;
    v = display_prepare(d, &il, "en", why, sizeof(why));
    assert_non_null(v);
    display_view_free(v);

    if (!getenv("VITRINE_KEEP_PNG")) {
        remove(p4);
        remove(p0);
        remove(p1);
        remove(p2);
        remove(p3);
        remove(sheet);
    }
    display_close(d);
}

/* --rotation: the kiosk lays out at the turned size, and the output shows
 * its picture turned clockwise (a mark at the picture's top-left corner is
 * at the output's top-right for 90, bottom-right for 180, bottom-left for
 * 270), in a real window as in the headless renders (test_golden). */
static void a_turned_window_draws_turned(void **state)
{
    (void)state;
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_RENDER_DRIVER", "software", 0);
    struct palette pal;
    theme_palette(NULL, &pal);
    const uint32_t mark = pal.rgb[COLOR_ACCENT];
    static const struct {
        int rot, w, h; /* the picture's size */
        int x, y;      /* where its (5, 5) is on the 640x400 output */
    } cases[] = {{90, 400, 640, 634, 5}, {180, 640, 400, 634, 394}, {270, 400, 640, 5, 394}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char why[256] = "";
        struct display_opts o = {
            .windowed = 1, .w = 640, .h = 400, .assets_dir = assets_dir, .rotation = cases[i].rot};
        struct display *d = display_open(&o, why, sizeof(why));
        if (!d) {
            SKIP_BECAUSE("no offscreen video driver: %s", why);
        }
        int w, h;
        display_size(d, &w, &h);
        assert_int_equal(w, cases[i].w);
        assert_int_equal(h, cases[i].h);
        struct draw_item it = {.kind = DRAW_RECT,
                               .layer = LAYER_STATIC,
                               .r = {0, 0, 12, 12},
                               .color = COLOR_ACCENT,
                               .alpha = 255};
        struct draw_list l = {.items = &it, .n = 1, .cap = 1};
        for (int f = 0; f < 2; f++) { /* a present between, as the kiosk does */
            display_clear(d);
            display_draw_list(d, &l);
            if (f == 0)
                display_present(d);
        }
        SDL_Surface *s = display_snapshot(d);
        assert_non_null(s);
        assert_int_equal(s->w, 640);
        assert_int_equal(s->h, 400);
        const Uint32 *px = s->pixels;
        int stride = s->pitch / 4;
        assert_int_equal(px[cases[i].y * stride + cases[i].x] & 0xFFFFFFu, mark);
        assert_int_not_equal(px[5 * stride + 5] & 0xFFFFFFu, mark); /* not drawn unturned */
        SDL_FreeSurface(s);
        display_close(d);
    }
}

static void windowed_display_presents(void **state)
{
    (void)state;
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    setenv("SDL_RENDER_DRIVER", "software", 0);
    char why[256] = "";
    struct display_opts o = {.windowed = 1, .w = 640, .h = 400, .assets_dir = assets_dir};
    struct display *d = display_open(&o, why, sizeof(why));
    if (!d) {
        SKIP_BECAUSE("no offscreen video driver: %s", why);
    }
    int w, h;
    display_size(d, &w, &h);
    assert_int_equal(w, 640);
    assert_int_equal(h, 400);
    assert_string_equal(display_driver(d), "offscreen");
    struct draw_item items[8];
    struct draw_list l = {.items = items, .cap = 8};
    l.n = make_panel(items, "Windowed");
    struct panel_view *v = display_prepare(d, &l, "fr", why, sizeof(why));
    assert_non_null(v);
    for (int i = 0; i <= 10; i++) {
        display_clear(d);
        display_draw_view(d, v, 0, (uint8_t)(i * 25), i / 10.0);
        display_present(d);
    }
    char p[512];
    path_in_tmp(p, sizeof(p), "window.png");
    assert_int_equal(display_save_png(d, p, why, sizeof(why)), 0);
    int pw, ph;
    assert_int_equal(image_probe_png(p, &pw, &ph), 0);
    assert_int_equal(pw, 640);
    assert_int_equal(ph, 400);
    remove(p);
    display_view_free(v);
    display_close(d);
    assert_int_equal(SDL_WasInit(SDL_INIT_VIDEO), 0);
}

/* Which clips decode on the GPU: by default only those larger than 1080p
 * (mpv's renderer with a hardware decoder's interop stalls the kiosk's
 * thread ~110 ms at each start on an NVIDIA GPU; a 1080p clip decodes in
 * software for a fifth of a core); "yes" every clip, "no" none. */
static void hardware_decoding_is_for_clips_larger_than_1080p(void **state)
{
    (void)state;
    static const int sizes[][3] = {
        /* w, h, larger than 1080p */
        {1920, 1080, 0}, {1920, 1088, 0}, {1280, 720, 0},  {1080, 1920, 0}, {640, 360, 0},
        {1920, 1090, 1}, {2560, 1440, 1}, {3840, 2160, 1}, {2160, 3840, 1}, {7680, 4320, 1},
    };
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        int w = sizes[i][0], h = sizes[i][1];
        assert_int_equal(display_clip_in_hardware(DISPLAY_HWDEC_LARGE, w, h), sizes[i][2]);
        assert_int_equal(display_clip_in_hardware(DISPLAY_HWDEC_ALL, w, h), 1);
        assert_int_equal(display_clip_in_hardware(DISPLAY_HWDEC_NO, w, h), 0);
    }
    /* the setting's words */
    assert_int_equal(display_hwdec_named(NULL), DISPLAY_HWDEC_LARGE);
    assert_int_equal(display_hwdec_named("auto"), DISPLAY_HWDEC_LARGE);
    assert_int_equal(display_hwdec_named("yes"), DISPLAY_HWDEC_ALL);
    assert_int_equal(display_hwdec_named("no"), DISPLAY_HWDEC_NO);
}

int main(void)
{
    const char *src = getenv("VITRINE_SOURCE_DIR");
    snprintf(assets_dir, sizeof(assets_dir), "%s/assets", src ? src : ".");
    snprintf(tmp_dir, sizeof(tmp_dir), "/tmp/vitrine-platform-XXXXXX");
    if (!mkdtemp(tmp_dir)) {
        perror("mkdtemp");
        return 1;
    }
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_works_without_video),
        cmocka_unit_test(hardware_decoding_is_for_clips_larger_than_1080p),
        cmocka_unit_test(measurer_is_sane_and_deterministic),
        cmocka_unit_test(text_render_draws_pixels),
        cmocka_unit_test(headless_panel_renders),
        cmocka_unit_test(windowed_display_presents),
        cmocka_unit_test(a_turned_window_draws_turned),
    };
    int rc = run_counting_skips(tests, NULL, NULL);
    if (!getenv("VITRINE_KEEP_PNG"))
        rmdir(tmp_dir);
    SDL_Quit();
    return rc;
}
