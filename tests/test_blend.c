/* The software crossfade (platform/blend.c): the mix against SDL's formula
 * for every channel value and alpha, against SDL's own blit, the worker
 * pool (also run under ThreadSanitizer), and a whole crossfade frame drawn
 * by the display against the same frame drawn by SDL. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "app/base/log.h"
#include "app/visitor/layout.h"
#include "app/visitor/frame_plan.h"
#include "app/visitor/presenter.h"
#include "platform/blend.h"
#include "platform/display.h"

/* SDL 2's software blend of an opaque picture at alpha a (1..254) over
 * another, one channel: u + floor((o - u) * a / 256); at 0 the picture is
 * not drawn, at 255 it is copied. Written with signed arithmetic and an
 * explicit floor, independently of blend.c's. */
static int ref_channel(int u, int o, int a)
{
    if (a == 0)
        return u;
    if (a == 255)
        return o;
    int p = (o - u) * a;
    int q = p >= 0 ? p / 256 : -((-p + 255) / 256);
    return u + q;
}

static uint32_t ref_pixel(uint32_t u, uint32_t o, int a, uint32_t set)
{
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8)
        r |= (uint32_t)ref_channel((int)((u >> s) & 255), (int)((o >> s) & 255), a) << s;
    return r | set;
}

/* The exact mix, rounded: what an ideal blend would show. */
static int ideal_channel(int u, int o, int a)
{
    return (o * a + u * (255 - a) + 127) / 255;
}

/* Every way to mix: blend_span and blend_span_c (every alpha), then each
 * path this machine has (alpha 1..254). */
#define MAX_PATHS 8
static int all_paths(const char **names, blend_span_fn **fns, int *raw_from)
{
    names[0] = "blend_span";
    fns[0] = blend_span;
    names[1] = "blend_span_c";
    fns[1] = blend_span_c;
    *raw_from = 2;
    return 2 + blend_span_paths(names + 2, fns + 2, MAX_PATHS - 2);
}

/* Every (under, over, alpha) of a channel, in each of the four channels,
 * through every path, at an unaligned address: SDL's formula exactly. That
 * formula truncates a division by 256 where the exact mix divides by 255:
 * it is up to 2 away from the exact mix, rounded (alpha 138, 0 under 243:
 * 130, not 132), never more. */
static void every_channel_value_and_alpha(void **state)
{
    (void)state;
    const char *names[MAX_PATHS];
    blend_span_fn *paths[MAX_PATHS];
    int raw_from, n_paths = all_paths(names, paths, &raw_from);
    assert_true(n_paths >= 3); /* at least plain C among the raw paths */
    uint32_t ubuf[260], obuf[260], dbuf[260];
    uint32_t *under = ubuf + 1, *over = obuf + 3, *dst = dbuf + 2;
    int worst_ideal = 0;
    for (int p = 0; p < n_paths; p++)
        for (int a = p < raw_from ? 0 : 1; a <= (p < raw_from ? 255 : 254); a++)
            for (int u = 0; u <= 255; u++) {
                for (int o = 0; o < 256; o++) {
                    /* each channel meets every o with its own u */
                    under[o] = (uint32_t)u | (uint32_t)(255 - u) << 8 |
                               (uint32_t)((u * 7) & 255) << 16 |
                               (uint32_t)((u * 13 + 5) & 255) << 24;
                    over[o] =
                        (uint32_t)o | (uint32_t)o << 8 | (uint32_t)o << 16 | (uint32_t)o << 24;
                }
                paths[p](dst, under, over, 256, (unsigned)a, 0);
                for (int o = 0; o < 256; o++) {
                    if (dst[o] != ref_pixel(under[o], over[o], a, 0))
                        fail_msg("%s: a=%d u=%08x o=%08x: %08x, want %08x", names[p], a, under[o],
                                 over[o], dst[o], ref_pixel(under[o], over[o], a, 0));
                    for (int s = 0; s < 32; s += 8) {
                        int uc = (int)((under[o] >> s) & 255), oc = (int)((over[o] >> s) & 255);
                        int d = abs((int)((dst[o] >> s) & 255) - ideal_channel(uc, oc, a));
                        if (d > worst_ideal)
                            worst_ideal = d;
                    }
                }
            }
    assert_int_equal(worst_ideal, 2);
}

static uint32_t rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*s >> 32);
}

/* Random pixels, lengths (long ones too: streamed stores), offsets and
 * alphas (0 and 255 among them), with and without the alpha byte set, in
 * place and not. */
static void random_spans(void **state)
{
    (void)state;
    uint64_t seed = 42;
    enum { N = 2100 };
    static uint32_t u0[N + 4], o0[N + 4], d0[N + 4], want[N], ucopy[N + 4];
    const char *names[MAX_PATHS];
    blend_span_fn *paths[MAX_PATHS];
    int raw_from, n_paths = all_paths(names, paths, &raw_from);
    for (int round = 0; round < 6000; round++) {
        int n = (int)(rnd(&seed) % (round % 10 ? 80 : N + 1)), off = (int)(rnd(&seed) % 4);
        unsigned a = round % 7 == 0 ? 0 : round % 7 == 1 ? 255 : rnd(&seed) % 256;
        uint32_t set = rnd(&seed) & 1 ? 0xFF000000u : 0;
        int in_place = (int)(rnd(&seed) & 1);
        for (int i = 0; i < N + 4; i++) {
            u0[i] = rnd(&seed);
            o0[i] = rnd(&seed);
        }
        for (int p = 0; p < n_paths; p++) {
            if (p >= raw_from && (a == 0 || a == 255))
                continue;
            uint32_t *u = u0 + off, *o = o0 + (off + 1) % 4;
            memcpy(ucopy, u0, sizeof(ucopy));
            uint32_t *dst = in_place ? ucopy + off : d0 + (off + 2) % 4;
            for (int i = 0; i < n; i++)
                want[i] = ref_pixel(u[i], o[i], (int)a, set);
            paths[p](dst, in_place ? dst : u, o, n, a, set);
            for (int i = 0; i < n; i++)
                if (dst[i] != want[i])
                    fail_msg("%s, round %d, a=%u, pixel %d: %08x, want %08x", names[p], round, a, i,
                             dst[i], want[i]);
        }
    }
}

/* SDL's own blit of an opaque RGB888 picture at alpha a onto an RGB888
 * and an ARGB8888 one (the two outputs the display blends into), compared
 * with blend_span: at most 1 apart in any channel. */
static void within_one_of_sdl(void **state)
{
    (void)state;
    enum { W = 4096 };
    const Uint32 formats[] = {SDL_PIXELFORMAT_RGB888, SDL_PIXELFORMAT_ARGB8888};
    uint64_t seed = 7;
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, W, 1, 32, SDL_PIXELFORMAT_RGB888);
    assert_non_null(src);
    uint32_t *mine = malloc(W * sizeof(uint32_t)), *under = malloc(W * sizeof(uint32_t));
    assert_non_null(mine);
    assert_non_null(under);
    long exact = 0, total = 0;
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, W, 1, 32, formats[f]);
        assert_non_null(dst);
        uint32_t set = dst->format->Amask;
        for (int a = 0; a <= 255; a++) {
            uint32_t *sp = src->pixels, *dp = dst->pixels;
            for (int i = 0; i < W; i++) {
                sp[i] = rnd(&seed) & 0xFFFFFF;
                under[i] = dp[i] = (rnd(&seed) & 0xFFFFFF) | set;
            }
            /* as display_draw_view draws a view: not at all at 0, copied
             * at 255, blended between */
            if (a > 0) {
                SDL_SetSurfaceBlendMode(src, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
                SDL_SetSurfaceAlphaMod(src, (Uint8)a);
                assert_int_equal(SDL_BlitSurface(src, NULL, dst, NULL), 0);
            }
            blend_span(mine, under, sp, W, (unsigned)a, set);
            for (int i = 0; i < W; i++) {
                for (int s = 0; s < 24; s += 8) {
                    int d = abs((int)((dp[i] >> s) & 255) - (int)((mine[i] >> s) & 255));
                    if (d > 1)
                        fail_msg("%s, a=%d: SDL %08x, blend %08x",
                                 SDL_GetPixelFormatName(formats[f]), a, dp[i], mine[i]);
                }
                if (set && (mine[i] & set) != set)
                    fail_msg("the alpha byte is not opaque: %08x", mine[i]);
                exact += (dp[i] & 0xFFFFFF) == (mine[i] & 0xFFFFFF);
                total++;
            }
        }
        SDL_FreeSurface(dst);
    }
    printf("blend: %ld of %ld pixels exactly as SDL blits them\n", exact, total);
    free(mine);
    free(under);
    SDL_FreeSurface(src);
}

/* Ink (text in one colour, its coverage in alpha) drawn at alpha 1..254
 * by blend_ink and blend_ink_c, against SDL's own blit of the same
 * ARGB8888 picture with alpha modulation onto the two outputs, at odd
 * sizes (the SIMD steps and their tails). */
static void ink_as_sdl_draws_it(void **state)
{
    (void)state;
    enum { W = 1027, H = 3 };
    const Uint32 formats[] = {SDL_PIXELFORMAT_RGB888, SDL_PIXELFORMAT_ARGB8888};
    uint64_t seed = 11;
    static uint8_t ink[W * H];
    static uint32_t under[W * H], c_path[W * H];
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(src);
    for (size_t f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
        SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, formats[f]);
        assert_non_null(dst);
        assert_int_equal(dst->pitch, W * 4);
        uint32_t set = dst->format->Amask;
        for (int a = 1; a <= 254; a++) {
            uint32_t rgb = rnd(&seed) & 0xFFFFFF;
            uint32_t *sp = src->pixels, *dp = dst->pixels;
            for (int i = 0; i < W * H; i++) {
                /* runs of no ink, of full ink and of edges, as in text */
                uint32_t r = rnd(&seed);
                ink[i] = (i / 16) % 3 == 0 ? 0 : (i / 16) % 3 == 1 ? 255 : (uint8_t)(r >> 24);
                sp[i] = (uint32_t)ink[i] << 24 | rgb;
                under[i] = c_path[i] = dp[i] = (r & 0xFFFFFF) | set;
            }
            SDL_SetSurfaceBlendMode(src, SDL_BLENDMODE_BLEND);
            SDL_SetSurfaceAlphaMod(src, (Uint8)a);
            assert_int_equal(SDL_BlitSurface(src, NULL, dst, NULL), 0);
            blend_ink(under, W * 4, ink, W, W, H, rgb, (unsigned)a, set);
            blend_ink_c(c_path, W * 4, ink, W, W, H, rgb, (unsigned)a, set);
            for (int i = 0; i < W * H; i++) {
                if ((under[i] & 0xFFFFFF) != (dp[i] & 0xFFFFFF) || under[i] != c_path[i])
                    fail_msg("%s, a=%d, ink %d: SDL %08x, blend_ink %08x, C %08x",
                             SDL_GetPixelFormatName(formats[f]), a, ink[i], dp[i], under[i],
                             c_path[i]);
                if ((under[i] & 0xFF000000u) != set && ink[i])
                    fail_msg("top byte %08x", under[i]);
            }
        }
        SDL_FreeSurface(dst);
    }
    SDL_FreeSurface(src);
}

/* The pool writes every row once, whatever its size, round after round
 * (ThreadSanitizer runs this), and nothing outside the job. */
static void pool_writes_every_row(void **state)
{
    (void)state;
    enum { W = 2600, H = 1500, PITCH = W + 9 }; /* over blend.c's SPLIT_MIN_PIXELS */
    uint64_t seed = 3;
    uint32_t *u = malloc(sizeof(uint32_t) * PITCH * H), *o = malloc(sizeof(uint32_t) * PITCH * H);
    uint32_t *got = malloc(sizeof(uint32_t) * PITCH * (H + 1));
    uint32_t *want = malloc(sizeof(uint32_t) * PITCH * (H + 1));
    assert_non_null(u);
    assert_non_null(o);
    assert_non_null(got);
    assert_non_null(want);
    for (int i = 0; i < PITCH * H; i++) {
        u[i] = rnd(&seed);
        o[i] = rnd(&seed);
    }
    for (int threads = 1; threads <= BLEND_MAX_THREADS + 1; threads++) {
        struct blend_pool *p = blend_pool_new(threads);
        assert_non_null(p);
        assert_true(blend_pool_threads(p) >= 1);
        assert_true(blend_pool_threads(p) <= BLEND_MAX_THREADS);
        assert_true(blend_pool_threads(p) <= threads);
        for (int round = 0; round < 12; round++) {
            int w = round % 3 ? W : 50, h = round % 5 ? H : 7;
            struct blend_job j = {.dst = got,
                                  .dst_pitch = PITCH * 4,
                                  .under = u,
                                  .under_pitch = PITCH * 4,
                                  .over = o,
                                  .over_pitch = PITCH * 4,
                                  .w = w,
                                  .h = h,
                                  .alpha = (uint8_t)(round * 37),
                                  .set = round & 1 ? 0xFF000000u : 0};
            for (int i = 0; i < PITCH * (H + 1); i++)
                got[i] = want[i] = 0x12345678;
            blend_run(p, &j);
            j.dst = want;
            blend_rows(&j, 0, h);
            assert_memory_equal(got, want, sizeof(uint32_t) * PITCH * (H + 1));
        }
        blend_pool_free(p);
    }
    blend_pool_free(NULL);
    assert_int_equal(blend_pool_threads(NULL), 1);
    assert_true(blend_default_threads() >= 1 && blend_default_threads() <= BLEND_MAX_THREADS);
    free(u);
    free(o);
    free(got);
    free(want);
}

/* A picture read from its tiles (a view at rest) mixes exactly as the
 * whole picture, under or over or both: any rectangle, at any offset and
 * width, over tiles kept and tiles of one colour, cut at the picture's
 * right and bottom edges. */
static void tiles_mix_as_the_whole_picture(void **state)
{
    (void)state;
    enum { W = 203, H = 77, T = 16, COLS = (W + T - 1) / T, ROWS = (H + T - 1) / T };
    static uint32_t whole[W * H], over[W * H], got[W * H], want[W * H], bg_row[W];
    static uint32_t kept[COLS * ROWS * T * T];
    static int32_t at[COLS * ROWS], stride[ROWS];
    uint64_t seed = 11;
    const uint32_t bg = 0xFF1B1816u;
    for (int x = 0; x < W; x++)
        bg_row[x] = bg;
    /* the bands as display_view.c packs them: a tile row's kept tiles side
     * by side; some rows with neighbours kept, some with none */
    int32_t band = 0;
    for (int ty = 0; ty < ROWS; ty++) {
        int32_t n = 0;
        for (int tx = 0; tx < COLS; tx++) {
            int keep = ty == 1 || (ty != 2 && rnd(&seed) % 3 == 0);
            at[ty * COLS + tx] = keep ? band + n++ * T : -1;
        }
        stride[ty] = n * T;
        for (int tx = 0; tx < COLS; tx++)
            for (int y = ty * T; y < (ty + 1) * T && y < H; y++)
                for (int x = tx * T; x < (tx + 1) * T && x < W; x++) {
                    int32_t a = at[ty * COLS + tx];
                    uint32_t p = a >= 0 ? (uint32_t)rnd(&seed) : bg;
                    whole[y * W + x] = p;
                    if (a >= 0)
                        kept[a + (y - ty * T) * stride[ty] + (x - tx * T)] = p;
                }
        band += n * T * T;
    }
    for (int i = 0; i < W * H; i++)
        over[i] = rnd(&seed);
    const struct blend_tiles tiles = {.t = T,
                                      .cols = COLS,
                                      .rows = ROWS,
                                      .at = at,
                                      .stride = stride,
                                      .px = kept,
                                      .bg_row = bg_row};
    for (int round = 0; round < 400; round++) {
        int x = (int)(rnd(&seed) % W), y = (int)(rnd(&seed) % H);
        int w = 1 + (int)(rnd(&seed) % (uint64_t)(W - x)),
            h = 1 + (int)(rnd(&seed) % (uint64_t)(H - y));
        uint8_t alpha = (uint8_t)(round % 7 == 0 ? 0 : rnd(&seed) & 255);
        for (int i = 0; i < W * H; i++)
            got[i] = want[i] = 0x12345678u;
        struct blend_job j = {.dst = want + y * W + x,
                              .dst_pitch = W * 4,
                              .under = whole + y * W + x,
                              .under_pitch = W * 4,
                              .over = over + y * W + x,
                              .over_pitch = W * 4,
                              .w = w,
                              .h = h,
                              .alpha = alpha,
                              .set = 0xFF000000u};
        /* under from the tiles; over from them (the other picture under);
         * both (the picture over itself) */
        for (int way = 0; way < 3; way++) {
            struct blend_job ref = j, k = j;
            if (way == 1) {
                ref.under = over + y * W + x;
                ref.over = whole + y * W + x;
            } else if (way == 2) {
                ref.over = whole + y * W + x;
            }
            for (int i = 0; i < W * H; i++)
                got[i] = want[i] = 0x12345678u;
            blend_rows(&ref, 0, h);
            k.dst = got + y * W + x;
            k.under = way == 1 ? over + y * W + x : NULL;
            k.under_tiles = way == 1 ? NULL : &tiles;
            k.over = way == 0 ? over + y * W + x : NULL;
            k.over_tiles = way == 0 ? NULL : &tiles;
            k.ux = x;
            k.uy = y;
            blend_rows(&k, 0, h);
            if (memcmp(got, want, sizeof(got)) != 0)
                fail_msg("round %d, way %d: %dx%d at %d,%d, alpha %d: the tiles mix otherwise",
                         round, way, w, h, x, y, alpha);
        }
    }
}

/* ---- a crossfade frame through the display ------------------------------- */

#define SCREEN_W 1280
#define SCREEN_H 800

static char assets_dir[1024];

static const struct panel_figure runners = {
    .value = {1200, 0, 0}, .prefix = "$", .suffix = " runners", .label = "foreign runners"};
static const struct panel_figure years = {.value = {1896, 0, 0}, .label = "the first race"};

/* A panel with something of every animated kind: a figure, a unit chart,
 * a text line and a rectangle, two of them overlapping. */
static int make_panel(struct draw_item *it, const char *heading, const struct panel_figure *fig,
                      int shift)
{
    int n = 0;
    it[n++] = (struct draw_item){.kind = DRAW_RECT,
                                 .layer = LAYER_STATIC,
                                 .r = {0, 0, SCREEN_W, SCREEN_H},
                                 .color = COLOR_BG,
                                 .alpha = 255};
    it[n++] = (struct draw_item){.kind = DRAW_RECT,
                                 .layer = LAYER_STATIC,
                                 .r = {80 + shift, 200, 400, 40},
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
                                 .r = {80 + shift, 260, 700, 170},
                                 .color = COLOR_ACCENT,
                                 .alpha = 255,
                                 .face = FACE_SANS_BOLD,
                                 .px = 120,
                                 .figure = fig};
    it[n++] = (struct draw_item){.kind = DRAW_UNITS,
                                 .layer = LAYER_ANIMATED,
                                 .r = {80, 520 + shift / 4, 0, 0},
                                 .color = COLOR_RULE,
                                 .alpha = 255,
                                 .units_total = 40,
                                 .units_lit = 25,
                                 .units_part = 500,
                                 .units_cols = 20,
                                 .cell = 20,
                                 .gap = 6,
                                 .lit_color = COLOR_ACCENT};
    it[n++] = (struct draw_item){.kind = DRAW_TEXT,
                                 .layer = LAYER_ANIMATED,
                                 .r = {500, 540, 600, 50},
                                 .color = COLOR_TEXT,
                                 .alpha = 200,
                                 .face = FACE_SERIF,
                                 .px = 36,
                                 .text = heading,
                                 .len = strlen(heading)};
    it[n++] = (struct draw_item){.kind = DRAW_RECT,
                                 .layer = LAYER_ANIMATED,
                                 .r = {560 + shift, 500, 300, 120},
                                 .color = COLOR_ACCENT,
                                 .alpha = 90};
    return n;
}

static SDL_Surface *draw(struct display *d, const struct frame *f)
{
    display_draw_frame(d, f);
    SDL_Surface *s = display_snapshot(d);
    assert_non_null(s);
    return s;
}

/* Pixels whose colour differs by more than `by` in some channel; *worst
 * the largest difference. */
static long differing(const SDL_Surface *a, const SDL_Surface *b, int by, int *worst)
{
    long n = 0;
    *worst = 0;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch);
        for (int x = 0; x < a->w; x++) {
            int m = 0;
            for (int s = 0; s < 24; s += 8) {
                int d = abs((int)((ra[x] >> s) & 255) - (int)((rb[x] >> s) & 255));
                m = d > m ? d : m;
            }
            n += m > by;
            *worst = m > *worst ? m : *worst;
        }
    }
    return n;
}

/* A line of text in a list drawn over the views. */
static struct draw_item text_item(const char *s, int x, int y, int w, int h, int px,
                                  enum color_role color)
{
    return (struct draw_item){.kind = DRAW_TEXT,
                              .r = {x, y, w, h},
                              .color = color,
                              .alpha = 255,
                              .face = FACE_SANS,
                              .px = px,
                              .text = s,
                              .len = strlen(s)};
}

/* Frame f drawn over the last frame as damage and presented, then drawn
 * whole: the two are equal pixel for pixel, or the test fails saying
 * `what`. When again, f is drawn once more as damage, for the next frame
 * to be drawn over. The pixels the damage frame drew (display_stats). */
static long damage_is_whole(struct display *d, const struct frame *f, int again, const char *what)
{
    SDL_Surface *part = draw(d, f);
    display_present(d);
    long damaged = display_stats_of(d).damaged;
    display_damage_all(d);
    SDL_Surface *whole = draw(d, f);
    display_present(d);
    int worst;
    long n = differing(part, whole, 0, &worst);
    SDL_FreeSurface(part);
    SDL_FreeSurface(whole);
    if (n)
        fail_msg("%s: %ld pixels differ from the whole frame (by up to %d)", what, n, worst);
    if (again) {
        SDL_FreeSurface(draw(d, f));
        display_present(d);
    }
    return damaged;
}

/* A headless display and two panels prepared on it (their lists in la, lb,
 * which must outlive the views). */
struct two {
    struct display *d;
    struct draw_item ia[8], ib[8];
    struct draw_list la, lb;
    struct panel_view *a, *b;
};

/* A headless display of SCREEN_W x SCREEN_H. */
static struct display *headless(void)
{
    char why[256] = "";
    struct display_opts o = {.headless = 1, .w = SCREEN_W, .h = SCREEN_H, .assets_dir = assets_dir};
    struct display *d = display_open(&o, why, sizeof(why));
    if (!d)
        fail_msg("no headless display: %s", why);
    return d;
}

static void two_panels(struct two *t)
{
    char why[256] = "";
    t->d = headless();
    t->la = (struct draw_list){.items = t->ia, .cap = 8};
    t->lb = (struct draw_list){.items = t->ib, .cap = 8};
    t->la.n = make_panel(t->ia, "Amateurs at the start line", &runners, 0);
    t->lb.n = make_panel(t->ib, "The first marathon", &years, 90);
    t->a = display_prepare(t->d, &t->la, "en", why, sizeof(why));
    t->b = display_prepare(t->d, &t->lb, "fr", why, sizeof(why));
    assert_non_null(t->a);
    assert_non_null(t->b);
}

/* The display's own crossfade shows what SDL shows: the two views, the
 * leaving view's animated items under the arriving view, the arriving
 * view's items and the chrome over both, at every step of a fade. And a
 * view whose static layer it draws itself looks like one drawn into a
 * render target. */
static void crossfade_frame_is_sdls(void **state)
{
    (void)state;
    static struct two tw;
    two_panels(&tw);
    struct display *d = tw.d;
    struct panel_view *a = tw.a, *b = tw.b;
    char why[256] = "";
    struct draw_item ci = text_item("3 / 12", 1100, 740, 100, 40, 24, COLOR_MUTED);
    struct draw_list cl = {.items = &ci, .n = 1, .cap = 1};
    const int alphas[] = {1, 2, 63, 127, 128, 129, 200, 253, 254};
    for (size_t i = 0; i < sizeof(alphas) / sizeof(alphas[0]); i++) {
        double t = (double)i / 8;
        struct frame f = {.n_views = 2, .n_lists = 1};
        f.views[0] = (struct frame_view){.view = (struct pview *)a, .alpha = 255, .anim_t = t};
        f.views[1] = (struct frame_view){
            .view = (struct pview *)b, .panel = 1, .alpha = (uint8_t)alphas[i], .anim_t = 1 - t};
        f.lists[0] = &cl;
        long before = display_stats_of(d).own_blends;
        display_set_own_blend(d, 1);
        SDL_Surface *own = draw(d, &f);
        assert_int_equal(display_stats_of(d).own_blends, before + 1);
        display_set_own_blend(d, 0);
        SDL_Surface *sdl = draw(d, &f);
        assert_int_equal(display_stats_of(d).own_blends, before + 1);
        int worst;
        long n = differing(own, sdl, 1, &worst);
        if (n)
            fail_msg("alpha %d: %ld pixels differ by more than 1 (up to %d)", alphas[i], n, worst);
        SDL_FreeSurface(own);
        SDL_FreeSurface(sdl);
    }
    /* a slide and a view at rest are SDL's, as before */
    long before = display_stats_of(d).own_blends;
    display_set_own_blend(d, 1);
    struct frame rest = {.n_views = 1};
    rest.views[0] = (struct frame_view){.view = (struct pview *)a, .alpha = 255, .anim_t = 1};
    SDL_Surface *own = draw(d, &rest);
    struct frame slide = {.n_views = 2};
    slide.views[0] = (struct frame_view){.view = (struct pview *)a, .dx = -300, .alpha = 255};
    slide.views[1] = (struct frame_view){.view = (struct pview *)b, .dx = 980, .alpha = 255};
    SDL_FreeSurface(draw(d, &slide));
    assert_int_equal(display_stats_of(d).own_blends, before);
    /* the same panel drawn into a render target */
    display_set_own_blend(d, 0);
    struct panel_view *a2 = display_prepare(d, &tw.la, "en", why, sizeof(why));
    assert_non_null(a2);
    rest.views[0].view = (struct pview *)a2;
    SDL_Surface *target = draw(d, &rest);
    int worst;
    assert_int_equal(differing(own, target, 0, &worst), 0);
    SDL_FreeSurface(own);
    SDL_FreeSurface(target);
    display_view_free(a2);
    display_view_free(a);
    display_view_free(b);
    display_close(d);
}

/* With the software renderer a frame drawn from the same views as the one
 * before is drawn only where it changed (display.c, "damage"): at every
 * step of a dwell with animated items, a crossfade, the arriving panel at
 * rest, the chrome moving and another panel, what the output holds is
 * what a frame drawn whole holds, pixel for pixel. */
static void damage_draws_what_a_whole_frame_does(void **state)
{
    (void)state;
    static struct two tw;
    two_panels(&tw);
    struct display *d = tw.d;
    struct panel_view *a = tw.a, *b = tw.b;
    const char *pos[2] = {"3 / 12", "4 / 12"};
    struct draw_item ci[2];
    struct draw_list cl[2];
    for (int i = 0; i < 2; i++) {
        ci[i] = text_item(pos[i], 1000 + 100 * i, 740, 100, 40, 24, COLOR_MUTED);
        cl[i] = (struct draw_list){.items = &ci[i], .n = 1, .cap = 1};
    }
    /* a list over the counting figure: unchanged, it is drawn again only
     * because the figure's damage meets it, and then whole */
    struct draw_item oi = text_item("over the figure", 300, 330, 420, 48, 36, COLOR_TEXT);
    struct draw_list over = {.items = &oi, .n = 1, .cap = 1};
    struct step {
        struct panel_view *v0, *v1;
        int alpha; /* of v1 */
        double t;
        int list;
    } steps[] = {
        {a, NULL, 0, 0.1, 0}, {a, NULL, 0, 0.4, 0}, {a, NULL, 0, 1.0, 0}, {a, b, 40, 0.0, 0},
        {a, b, 128, 0.3, 0},  {a, b, 250, 0.6, 0},  {b, NULL, 0, 0.7, 1}, {b, NULL, 0, 0.9, 1},
        {b, NULL, 0, 1.0, 0}, {a, NULL, 0, 1.0, 0},
    };
    display_set_own_blend(d, 1);
    long partial = display_stats_of(d).partial_presents;
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        const struct step *st = &steps[i];
        struct frame f = {.n_views = st->v1 ? 2 : 1, .n_lists = 2};
        f.views[0] =
            (struct frame_view){.view = (struct pview *)st->v0, .alpha = 255, .anim_t = st->t};
        if (st->v1)
            f.views[1] = (struct frame_view){.view = (struct pview *)st->v1,
                                             .panel = 1,
                                             .alpha = (uint8_t)st->alpha,
                                             .anim_t = st->t};
        f.lists[0] = &cl[st->list];
        f.lists[1] = &over;
        char what[32];
        snprintf(what, sizeof(what), "step %zu", i);
        damage_is_whole(d, &f, 0, what);
    }
    /* every frame but the first (nothing shown before it) was drawn as
     * damage only, and presented so */
    assert_int_equal(display_stats_of(d).partial_presents - partial,
                     (long)(sizeof(steps) / sizeof(steps[0])) - 1);
    display_view_free(a);
    display_view_free(b);
    display_close(d);
}

/* A counting figure is drawn again only where its pieces (glyphs, prefix,
 * suffix) changed (display.c, "damage"): near its end only its last digits.
 * A piece that did not change but meets the damage (under an animated
 * rectangle, under a list) is drawn again whole. At every step the output
 * holds what a frame drawn whole holds, pixel for pixel. */
static void a_counting_figure_is_drawn_where_it_changed(void **state)
{
    (void)state;
    char why[256] = "";
    struct display *d = headless();
    const char *heading = "Amateurs at the start line";
    struct draw_item it[4] = {
        {.kind = DRAW_RECT,
         .layer = LAYER_STATIC,
         .r = {0, 0, SCREEN_W, SCREEN_H},
         .color = COLOR_BG,
         .alpha = 255},
        {.kind = DRAW_TEXT,
         .layer = LAYER_STATIC,
         .r = {80, 80, 1100, 80},
         .color = COLOR_TEXT,
         .alpha = 255,
         .face = FACE_SANS_BOLD,
         .px = 64,
         .text = heading,
         .len = strlen(heading)},
        {.kind = DRAW_FIGURE,
         .layer = LAYER_ANIMATED,
         .r = {80, 260, 900, 170},
         .color = COLOR_ACCENT,
         .alpha = 255,
         .face = FACE_SANS_BOLD,
         .px = 120,
         .figure = &runners},
        /* over the figure's first pieces, drawn at every frame */
        {.kind = DRAW_RECT,
         .layer = LAYER_ANIMATED,
         .r = {60, 300, 120, 60},
         .color = COLOR_RULE,
         .alpha = 90},
    };
    struct draw_list l = {.items = it, .n = 4, .cap = 4};
    struct panel_view *v = display_prepare(d, &l, "en", why, sizeof(why));
    assert_non_null(v);
    /* a list over the figure's last pieces */
    struct draw_item oi = text_item("over the figure", 560, 380, 420, 48, 36, COLOR_TEXT);
    struct draw_list over = {.items = &oi, .n = 1, .cap = 1};
    display_set_own_blend(d, 1);
    const double ts[] = {0.2, 0.5, 0.8, 0.82, 0.84, 0.86, 0.9, 0.95, 0.99, 1.0, 1.0};
    enum { N = sizeof(ts) / sizeof(ts[0]) };
    long least = -1, partial = display_stats_of(d).partial_presents;
    for (int i = 0; i < N; i++) {
        struct frame f = {.n_views = 1, .n_lists = 1};
        f.views[0] = (struct frame_view){.view = (struct pview *)v, .alpha = 255, .anim_t = ts[i]};
        f.lists[0] = &over;
        char what[32];
        snprintf(what, sizeof(what), "t %.2f", ts[i]);
        long damaged = damage_is_whole(d, &f, i + 1 < N, what);
        if (i > 0 && (least < 0 || damaged < least))
            least = damaged;
    }
    assert_int_equal(display_stats_of(d).partial_presents - partial, 2 * N - 2);
    /* near the end, far less than the figure: its last digits, the
     * rectangle and what they meet */
    if (least >= 900L * 170 / 2)
        fail_msg("a step drew %ld pixels; the figure's box alone is %ld", least, 900L * 170);
    display_view_free(v);
    display_close(d);
}

/* Figures nobody listed, counted in an order nobody planned: huge and
 * negative values, decimals, a range, a prefix and a suffix in other
 * scripts, a right-to-left page with Arabic-Indic digits (its pieces move
 * as the number widens). Each at steps of a seeded walk that goes on by
 * small and large steps, stands still and goes back (a visitor's swipe
 * back re-counts). At every step the frame drawn as damage is the frame
 * drawn whole, pixel for pixel. */
static void counting_figures_of_every_kind_draw_what_whole_frames_do(void **state)
{
    (void)state;
    static const struct panel_figure figs[] = {
        {.value = {999999999999999LL, 0, 0}, .suffix = " km", .label = "huge"},
        {.value = {405, 1, 1},
         .decimals = 1,
         .prefix = "~",
         .suffix = " \xC2\xB0"
                   "C",
         .label = "cold"},
        {.value = {38, 0, 0}, .has_to = 1, .to = {41, 0, 0}, .suffix = " races", .label = "range"},
        {.value = {703, 2, 0},
         .decimals = 2,
         .prefix = "\xD9\x86\xD8\xAD\xD9\x88 ",
         .suffix = " km",
         .label = "rtl"},
        {.value = {1200, 0, 0}, .suffix = " \xEC\xA3\xBC\xEC\x9E\x90", .label = "hangul"},
    };
    const char *locales[] = {"en", "fr", "en", "ar", "ko"};
    char why[256] = "";
    struct display *d = headless();
    display_set_own_blend(d, 1);
    uint32_t seed = 12345;
    for (size_t k = 0; k < sizeof(figs) / sizeof(figs[0]); k++) {
        int rtl = strcmp(locales[k], "ar") == 0;
        struct draw_item it[3] = {
            {.kind = DRAW_RECT,
             .layer = LAYER_STATIC,
             .r = {0, 0, SCREEN_W, SCREEN_H},
             .color = COLOR_BG,
             .alpha = 255},
            {.kind = DRAW_FIGURE,
             .layer = LAYER_ANIMATED,
             .r = {60, 240, 1160, 170},
             .color = COLOR_TEXT,
             .alpha = 255,
             .face = FACE_SANS_BOLD,
             .px = 110,
             .figure = &figs[k],
             .locale = locales[k],
             .rtl = (unsigned char)rtl},
            {.kind = DRAW_RECT,
             .layer = LAYER_ANIMATED,
             .r = {rtl ? 980 : 120, 280, 140, 50},
             .color = COLOR_ACCENT,
             .alpha = 120},
        };
        struct draw_list l = {.items = it, .n = 3, .cap = 3};
        struct panel_view *v = display_prepare(d, &l, locales[k], why, sizeof(why));
        assert_non_null(v);
        struct draw_item oi = text_item("a list over it", 520, 360, 300, 48, 32, COLOR_MUTED);
        struct draw_list over = {.items = &oi, .n = 1, .cap = 1};
        double t = 0;
        for (int step = 0; step < 14; step++) {
            seed = seed * 1103515245u + 12345u;
            switch ((seed >> 16) % 5) {
            case 0: /* stands still */
                break;
            case 1:
                t += 0.004;
                break;
            case 2:
                t += 0.05;
                break;
            case 3:
                t += 0.3;
                break;
            default: /* back */
                t -= 0.2;
                break;
            }
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            struct frame f = {.n_views = 1, .n_lists = 1};
            f.views[0] = (struct frame_view){.view = (struct pview *)v, .alpha = 255, .anim_t = t};
            f.lists[0] = &over;
            char what[64];
            snprintf(what, sizeof(what), "%s figure, step %d (t %.3f)", figs[k].label, step, t);
            damage_is_whole(d, &f, 1, what);
        }
        display_view_free(v);
    }
    display_close(d);
}

/* A crossfade's ends are one view (display.c, crossfade_ends): while the
 * arriving view's alpha is 0 the frame is the leaving view's, and once it
 * is 255 the arriving view's. Each is drawn as that view alone would be,
 * pixel for pixel, and costs what that view alone costs: only what moves
 * is drawn again, not both views' every tile. */
static void a_crossfades_ends_cost_one_view(void **state)
{
    (void)state;
    static struct two tw;
    two_panels(&tw);
    struct display *d = tw.d;
    struct panel_view *a = tw.a, *b = tw.b;
    display_set_own_blend(d, 1);
    struct step {
        struct panel_view *v0, *v1;
        int alpha; /* of v1 */
    } steps[] = {
        {a, NULL, 0}, {a, NULL, 0}, {a, b, 0},    {a, b, 0},    {a, b, 128},
        {a, b, 255},  {a, b, 255},  {b, NULL, 0}, {b, NULL, 0},
    };
    enum { N = sizeof(steps) / sizeof(steps[0]) };
    long damaged[N];
    long partial = display_stats_of(d).partial_presents;
    for (int i = 0; i < N; i++) {
        const struct step *st = &steps[i];
        struct frame f = {.n_views = st->v1 ? 2 : 1};
        f.views[0] = (struct frame_view){.view = (struct pview *)st->v0, .alpha = 255, .anim_t = 1};
        if (st->v1)
            f.views[1] = (struct frame_view){.view = (struct pview *)st->v1,
                                             .panel = 1,
                                             .alpha = (uint8_t)st->alpha,
                                             .anim_t = 1};
        char what[32];
        snprintf(what, sizeof(what), "step %d", i);
        damaged[i] = damage_is_whole(d, &f, i + 1 < N, what);
    }
    assert_int_equal(display_stats_of(d).partial_presents - partial, 2 * N - 2);
    /* the leaving view alone again, at alpha 0 */
    assert_int_equal(damaged[2], damaged[1]);
    assert_int_equal(damaged[3], damaged[1]);
    /* the mix changed: both views' tiles */
    assert_true(damaged[4] > damaged[1]);
    /* the arriving view alone again, at alpha 255 */
    assert_true(damaged[6] < damaged[4]);
    assert_int_equal(damaged[6], damaged[8]);
    display_view_free(a);
    display_view_free(b);
    display_close(d);
}

/* The same frame from two displays, pixel for pixel, or the test fails
 * naming the step; both freed. */
static void same_shots(SDL_Surface *shot[2], size_t step)
{
    int worst;
    long n = differing(shot[0], shot[1], 0, &worst);
    if (n)
        fail_msg("step %zu: %ld pixels differ (by up to %d)", step, n, worst);
    SDL_FreeSurface(shot[0]);
    SDL_FreeSurface(shot[1]);
}

/* A view prepared in the loop (display_opts.loop_first, then any frame at
 * rest) is drawn in bands of tile rows and rests at once: its static
 * layer is never whole. Its frames, alone and in crossfades both ways,
 * are what views drawn whole give, pixel for pixel, with static lines of
 * text across every band's edge. */
static void a_view_prepared_at_rest_is_drawn_in_bands(void **state)
{
    (void)state;
    char why[256] = "";
    struct display_opts o = {
        .headless = 1, .w = SCREEN_W, .h = SCREEN_H, .assets_dir = assets_dir, .loop_first = 1};
    struct display *ds[2] = {display_open(&o, why, sizeof(why)), headless()};
    assert_non_null(ds[0]);
    static struct draw_item ia[12], ib[12];
    struct draw_list la = {.items = ia, .cap = 12}, lb = {.items = ib, .cap = 12};
    la.n = make_panel(ia, "Amateurs at the start line", &runners, 0);
    lb.n = make_panel(ib, "The first marathon", &years, 90);
    /* build_banded (display_view.c) cuts the tile rows in quarters */
    int t = plan_tile(SCREEN_W, SCREEN_H), cols, rows;
    assert_true(plan_grid(SCREEN_W, SCREEN_H, &cols, &rows));
    int band = (rows + 3) / 4 * t;
    for (int k = 1; k < 4; k++) {
        ia[la.n++] = text_item("Kaesong gate, 42.195 km", 300 + 40 * k, k * band - 24, 700, 56, 44,
                               COLOR_TEXT);
        ib[lb.n++] = text_item("Ёжик, Ångström, Zürich", 200 + 30 * k, k * band - 30, 700, 56, 48,
                               COLOR_ACCENT);
    }
    struct panel_view *a[2], *b[2];
    for (int k = 0; k < 2; k++) {
        display_set_own_blend(ds[k], 1);
        a[k] = display_prepare(ds[k], &la, "en", why, sizeof(why));
        b[k] = display_prepare(ds[k], &lb, "de", why, sizeof(why));
        assert_non_null(a[k]);
        assert_non_null(b[k]);
    }
    assert_int_equal(display_stats_of(ds[0]).banded, 2);
    assert_int_equal(display_stats_of(ds[0]).packs, 2);
    assert_int_equal(display_stats_of(ds[1]).banded, 0);
    const struct {
        int from_b; /* a crossfade from b to a, else from a to b */
        int alpha;  /* of the arriving view; 0 and 255 are one view alone */
    } steps[] = {{0, 0}, {0, 60}, {0, 200}, {0, 255}, {1, 128}, {1, 255}};
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        SDL_Surface *shot[2];
        for (int k = 0; k < 2; k++) {
            struct frame f = {.n_views = 2};
            f.views[0] = (struct frame_view){
                .view = (struct pview *)(steps[i].from_b ? b[k] : a[k]), .alpha = 255, .anim_t = 1};
            f.views[1] =
                (struct frame_view){.view = (struct pview *)(steps[i].from_b ? a[k] : b[k]),
                                    .panel = 1,
                                    .alpha = (uint8_t)steps[i].alpha,
                                    .anim_t = 1};
            shot[k] = draw(ds[k], &f);
            display_present(ds[k]);
        }
        same_shots(shot, i);
    }
    assert_int_equal(display_stats_of(ds[0]).unpacks, 0); /* read from its tiles throughout */
    for (int k = 0; k < 2; k++) {
        display_view_free(a[k]);
        display_view_free(b[k]);
        display_close(ds[k]);
    }
}

/* A view at rest keeps only its tiles that are not background (display.c,
 * "a view at rest"). Every frame drawn after it, whole or as damage, a
 * crossfade from it and the next view at rest, is what the same frames are
 * from views never put to rest, pixel for pixel. A view rests only once
 * its figures have counted and only when the frame says so; a view
 * prepared while one rests makes it whole (a transition follows); a view
 * drawn again while at rest stays whole from then on. */
static void a_resting_view_draws_what_it_did(void **state)
{
    (void)state;
    static struct two tw, ref;
    two_panels(&tw);
    two_panels(&ref);
    display_set_own_blend(tw.d, 1);
    display_set_own_blend(ref.d, 1);
    struct step {
        int b;               /* 0: a alone; 1: b alone; 2: a crossfade to b; 3: b to a */
        int alpha;           /* of b in a crossfade */
        double t;            /* count-up */
        int rest;            /* what the frame says */
        int whole;           /* drawn whole (an exposed window) */
        int prepare;         /* another view prepared before the frame */
        int dx;              /* a slide */
        long packs, unpacks; /* after it */
    } steps[] = {
        /* a view at rest is drawn from its tiles in place, whole or where
         * something moves, and a crossfade from it reads them: only a
         * frame that moves it makes it whole again */
        {0, 0, 0.5, 1, 0, 0, 0, 1, 0},   /* counting, at rest: its figure drawn over the tiles */
        {0, 0, 1.0, 1, 0, 0, 0, 1, 0},   /* counted */
        {0, 0, 1.0, 0, 1, 0, 0, 1, 0},   /* a visitor: drawn whole, from its tiles */
        {0, 0, 1.0, 1, 0, 0, 0, 1, 0},   /* at rest still, after a damage frame */
        {2, 90, 1.0, 0, 0, 1, 0, 2, 0},  /* a view prepared in the loop rests at once; the
                                            crossfade from a's tiles to b (whole) */
        {2, 200, 1.0, 0, 0, 0, 0, 2, 0}, /* ... */
        {1, 0, 1.0, 1, 0, 0, 0, 3, 0},   /* the next panel at rest */
        {1, 0, 1.0, 1, 0, 0, 0, 3, 0},   /* drawn again while resting: from its tiles */
        {1, 0, 1.0, 1, 1, 0, 0, 3, 0},   /* and whole, from its tiles */
        {3, 0, 1.0, 0, 0, 0, 0, 3, 0},   /* a crossfade's first frame: b alone, from its tiles */
        {3, 70, 1.0, 0, 0, 0, 0, 3, 0},  /* a crossfade from b's tiles to a's */
        {3, 230, 1.0, 0, 0, 0, 0, 3, 0}, /* ... */
        {3, 255, 1.0, 0, 0, 0, 0, 3, 0}, /* its last frame: a covers b, both stay at rest */
        {1, 0, 1.0, 0, 0, 0, -40, 3, 1}, /* a slide moves b: whole again */
        {1, 0, 1.0, 1, 0, 0, 0, 4, 1},   /* and at rest again */
    };
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
        const struct step *st = &steps[i];
        char why[256];
        if (st->prepare) {
            long before, after;
            before = display_stats_of(tw.d).unpacks;
            struct panel_view *c = display_prepare(tw.d, &tw.lb, "de", why, sizeof(why));
            assert_non_null(c);
            display_view_free(c);
            after = display_stats_of(tw.d).unpacks;
            assert_int_equal(after, before); /* the resting view stays so */
        }
        SDL_Surface *shot[2];
        for (int k = 0; k < 2; k++) {
            struct two *w = k ? &ref : &tw;
            struct frame f = {.n_views = st->b >= 2 ? 2 : 1};
            f.views[0] = (struct frame_view){.view = (struct pview *)(st->b & 1 ? w->b : w->a),
                                             .alpha = 255,
                                             .dx = st->dx,
                                             .anim_t = st->t,
                                             .rest = (uint8_t)(k ? 0 : st->rest)};
            if (st->b >= 2)
                f.views[1] = (struct frame_view){.view = (struct pview *)(st->b == 3 ? w->a : w->b),
                                                 .panel = 1,
                                                 .alpha = (uint8_t)st->alpha};
            if (st->whole)
                display_damage_all(w->d);
            shot[k] = draw(w->d, &f);
            display_present(w->d);
            display_idle(w->d);
        }
        same_shots(shot, i);
        long unpacks = display_stats_of(tw.d).unpacks, packs = display_stats_of(tw.d).packs;
        if (packs != st->packs || unpacks != st->unpacks)
            fail_msg("step %zu: %ld rests and %ld made whole, not %ld and %ld", i, packs, unpacks,
                     st->packs, st->unpacks);
    }
    assert_int_equal(display_stats_of(ref.d).packs, 0);
    display_view_free(tw.a);
    display_view_free(tw.b);
    display_close(tw.d);
    display_view_free(ref.a);
    display_view_free(ref.b);
    display_close(ref.d);
}

int main(void)
{
    const char *src = getenv("VITRINE_SOURCE_DIR");
    snprintf(assets_dir, sizeof(assets_dir), "%s/assets", src ? src : ".");
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_channel_value_and_alpha),
        cmocka_unit_test(random_spans),
        cmocka_unit_test(within_one_of_sdl),
        cmocka_unit_test(ink_as_sdl_draws_it),
        cmocka_unit_test(pool_writes_every_row),
        cmocka_unit_test(tiles_mix_as_the_whole_picture),
        cmocka_unit_test(crossfade_frame_is_sdls),
        cmocka_unit_test(damage_draws_what_a_whole_frame_does),
        cmocka_unit_test(a_crossfades_ends_cost_one_view),
        cmocka_unit_test(a_counting_figure_is_drawn_where_it_changed),
        cmocka_unit_test(counting_figures_of_every_kind_draw_what_whole_frames_do),
        cmocka_unit_test(a_view_prepared_at_rest_is_drawn_in_bands),
        cmocka_unit_test(a_resting_view_draws_what_it_did),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    SDL_Quit();
    return rc;
}
