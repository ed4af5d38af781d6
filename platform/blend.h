/* blend.h - the software renderer's crossfade, drawn by the kiosk itself:
 * two opaque 32-bit pictures mixed with one alpha into a third, in row
 * bands over a small pool of persistent worker threads.
 *
 * The mix is SDL's own: SDL 2's software renderer blends an opaque
 * picture (alpha modulated, no alpha channel) per channel as
 *     under + floor((over - under) * alpha / 256)
 * and these functions compute exactly that for alpha 1..254 (SSE2 on
 * x86-64, plain C elsewhere); alpha 0 is `under` and 255 is `over`,
 * exactly, as SDL shows them (not drawn; copied). So a pixel never differs
 * from SDL's by more than 1 per channel: SDL 2.26's blit here gives exactly
 * these pixels, and its scalar fallback (no MMX) may round 1 apart across
 * channels (tests/test_blend.c checks the formula for every value and
 * SDL's blit over random pixels). Like SDL's, the mix truncates a division
 * by 256: up to 2 from the exact mix, rounded. Every channel of
 * the 32-bit words is mixed alike, so the pixel layout does not matter as
 * long as all three pictures share it; `set` bits are ORed into every
 * result (0xFF000000: an opaque alpha byte for an ARGB8888 output, as SDL
 * writes it).
 *
 * Threads: blend_run splits the rows over the pool's threads and the
 * caller's (the caller does the first band), and returns once every row is
 * written. One caller at a time per pool (the display's, on the main
 * thread). The worker threads are made by blend_pool_new and live until
 * blend_pool_free; they wait on a condition variable between jobs (no
 * polling, no wake-ups while nothing is blended) and block every signal.
 * DEPENDENCIES: POSIX threads. */
#ifndef VITRINE_BLEND_H
#define VITRINE_BLEND_H

#include <stddef.h>
#include <stdint.h>

#define BLEND_MAX_THREADS 4

/* A picture kept as square tiles (a view at rest, display_view.c): cols x
 * rows tiles of t x t pixels; at[row * cols + col] is the index in px of
 * the tile's first pixel, its next pixel row stride[row] pixels on (a tile
 * row's kept tiles side by side in a band, so that neighbours are one run
 * of pixels), or -1 for a tile of one colour, whose pixels bg_row holds (a
 * row at least as wide as the picture). Tiles at the right and bottom
 * edges may be cut by the picture's size; their pixels past it are never
 * read. */
struct blend_tiles {
    int t, cols, rows;
    const int32_t *at;
    const int32_t *stride;
    const uint32_t *px;
    const uint32_t *bg_row;
};

/* One mix: rows of w pixels, pitches in bytes. dst may be under (in place);
 * it must not overlap over otherwise. With under_tiles (over_tiles),
 * `under` (`over`) is read from those tiles instead, from the picture's
 * pixel (ux, uy) on (the pointer and its pitch are not read). */
struct blend_job {
    uint32_t *dst;
    int dst_pitch;
    const uint32_t *under; /* shown at alpha 0 */
    int under_pitch;
    const struct blend_tiles *under_tiles;
    int ux, uy;
    const uint32_t *over; /* shown at alpha 255 */
    int over_pitch;
    const struct blend_tiles *over_tiles;
    int w, h;
    uint8_t alpha;
    uint32_t set; /* ORed into each result */
};

typedef void blend_span_fn(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n,
                           unsigned alpha, uint32_t set);
/* n pixels, the fastest way this machine has. */
blend_span_fn blend_span;
/* The same in plain C (the path of other architectures; tests). */
blend_span_fn blend_span_c;
/* Tests: every way this machine can mix alpha 1..254 (plain C, SSE2,
 * AVX2...), the one blend_span uses last; their count (at most max). */
int blend_span_paths(const char **names, blend_span_fn **fns, int max);
/* Rows [y0, y1) of job, on the calling thread. */
void blend_rows(const struct blend_job *job, int y0, int y1);

/* One-colour ink (8-bit coverage: text, a figure's glyph) of colour rgb
 * drawn at alpha 1..254 over w x h pixels of dst (pitches in bytes),
 * exactly as SDL 2's software renderer draws such a texture (ARGB8888, the
 * colour in every pixel, the coverage in alpha) with alpha modulation and
 * blending onto xRGB: per channel, with A = floor(coverage * alpha / 255),
 * floor(c * A / 255) + floor(d * (255 - A) / 255) (SDL's own, checked
 * against its blit by tests/test_blend.c). The top byte of each result is
 * `set`, as SDL writes it. SSE2 on x86-64. */
void blend_ink(uint32_t *dst, int dst_pitch, const uint8_t *ink, int ink_pitch, int w, int h,
               uint32_t rgb, unsigned alpha, uint32_t set);
/* The same in plain C (tests). */
void blend_ink_c(uint32_t *dst, int dst_pitch, const uint8_t *ink, int ink_pitch, int w, int h,
                 uint32_t rgb, unsigned alpha, uint32_t set);

struct blend_pool;
/* A pool that blends on `threads` threads in all, the caller's included
 * (clamped to 1..BLEND_MAX_THREADS; 1 makes no thread). NULL when out of
 * memory; a thread that cannot be made leaves a smaller pool. */
struct blend_pool *blend_pool_new(int threads);
/* Ends and joins the workers; NULL is ignored. */
void blend_pool_free(struct blend_pool *p);
/* Threads that blend, the caller's included (1 for NULL). */
int blend_pool_threads(const struct blend_pool *p);
/* The whole job, over the pool (NULL: on the caller alone); returns when
 * every row is written. Small jobs run on the caller alone. */
void blend_run(struct blend_pool *p, const struct blend_job *job);
/* The threads a crossfade should use on this machine: its online
 * processors, at most BLEND_MAX_THREADS. */
int blend_default_threads(void);

#endif
