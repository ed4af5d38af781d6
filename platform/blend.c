/* blend.c - see blend.h.
 *
 * LIMITATIONS: 32-bit pixels only. x86-64 mixes with SSE2 (its baseline),
 * or AVX2 where the processor has it (asked at run time); other
 * architectures take the plain C path (which the compiler may vectorise).
 * A pool serves one caller at a time.
 * DEPENDENCIES: POSIX threads; <emmintrin.h>, <immintrin.h> on x86-64. */
#include "blend.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

/* Below this many pixels a job runs on the caller alone. The mix is
 * bound by memory more than by arithmetic: on the 2-core build machine a
 * second thread took a 4K mix from 3.0 to 2.8 ms of wall time for 0.25 ms
 * more CPU, and a 1080p one (0.6 ms) gains nothing worth two context
 * switches a frame. So only a screen larger than 1440p is split. */
#define SPLIT_MIN_PIXELS (2560 * 1440 + 1)
/* The workers only blend: a small stack is plenty (the default reserves
 * 8 MB of address space per thread). */
#define WORKER_STACK (64 * 1024)

/* One channel: u + floor((o - u) * a / 256). Unsigned arithmetic wraps
 * modulo 2^32, a multiple of 256 * 256, so the low byte of the shifted
 * product is that floor modulo 256 even when o < u (no signed shift). */
static uint32_t mix_channel(uint32_t u, uint32_t o, unsigned a)
{
    return (u + (((o - u) * a) >> 8)) & 0xFFu;
}

static uint32_t mix_pixel(uint32_t u, uint32_t o, unsigned a)
{
    uint32_t r = 0;
    for (unsigned s = 0; s < 32; s += 8)
        r |= mix_channel((u >> s) & 0xFFu, (o >> s) & 0xFFu, a) << s;
    return r;
}

/* alpha 0 and 255: a copy, as SDL draws them (nothing; an opaque copy) */
static int span_copy(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n,
                     unsigned alpha, uint32_t set)
{
    if (alpha != 0 && alpha != 255)
        return 0;
    const uint32_t *src = alpha ? over : under;
    if (!set) {
        if (dst != src)
            memmove(dst, src, (size_t)n * sizeof(*dst));
        return 1;
    }
    for (int i = 0; i < n; i++)
        dst[i] = src[i] | set;
    return 1;
}

static void span_c(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n,
                   unsigned alpha, uint32_t set)
{
    for (int i = 0; i < n; i++)
        dst[i] = mix_pixel(under[i], over[i], alpha) | set;
}

void blend_span_c(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n, unsigned alpha,
                  uint32_t set)
{
    if (n <= 0 || span_copy(dst, under, over, n, alpha, set))
        return;
    span_c(dst, under, over, n, alpha, set);
}

#if defined(__SSE2__)
/* Four pixels a step, every channel in a 16-bit lane: B and R masked in
 * place, G and A shifted down; (o - u) * a modulo 2^16 holds the wanted
 * floor in its high byte, which lands on the channel's own byte (R, B:
 * shifted down; G, A: masked in place) and adds to u byte-wise, without
 * carries into the next channel. */
static void span_sse2(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n,
                      unsigned alpha, uint32_t set)
{
    const __m128i lo = _mm_set1_epi32(0x00FF00FF), hi = _mm_set1_epi32((int)0xFF00FF00u);
    const __m128i a = _mm_set1_epi16((short)alpha), s = _mm_set1_epi32((int)set);
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i u = _mm_loadu_si128((const __m128i *)(const void *)(under + i));
        __m128i o = _mm_loadu_si128((const __m128i *)(const void *)(over + i));
        __m128i u_rb = _mm_and_si128(u, lo);
        __m128i rb = _mm_mullo_epi16(_mm_sub_epi16(_mm_and_si128(o, lo), u_rb), a);
        rb = _mm_add_epi8(_mm_srli_epi16(rb, 8), u_rb);
        __m128i ga = _mm_mullo_epi16(_mm_sub_epi16(_mm_srli_epi16(o, 8), _mm_srli_epi16(u, 8)), a);
        ga = _mm_add_epi8(_mm_and_si128(ga, hi), _mm_and_si128(u, hi));
        _mm_storeu_si128((__m128i *)(void *)(dst + i), _mm_or_si128(_mm_or_si128(rb, ga), s));
    }
    for (; i < n; i++)
        dst[i] = mix_pixel(under[i], over[i], alpha) | set;
}
#endif

#if defined(HAVE_AVX2_PATH)
/* A row this long is written with non-temporal stores: a full-screen mix
 * (tens of megabytes) does not fit in the cache anyway, and streaming
 * stores skip reading each destination line before writing it, a third of
 * the memory traffic. */
#define STREAM_MIN 1024

/* The SSE2 steps on eight pixels at once, where the processor has AVX2
 * (asked at run time: the binary stays x86-64 baseline). */
__attribute__((target("avx2"))) static void span_avx2(uint32_t *dst, const uint32_t *under,
                                                      const uint32_t *over, int n, unsigned alpha,
                                                      uint32_t set)
{
    const __m256i lo = _mm256_set1_epi32(0x00FF00FF), hi = _mm256_set1_epi32((int)0xFF00FF00u);
    const __m256i a = _mm256_set1_epi16((short)alpha), s = _mm256_set1_epi32((int)set);
    int i = 0;
    int stream = n >= STREAM_MIN;
    for (; stream && i < n && ((uintptr_t)(dst + i) & 31); i++)
        dst[i] = mix_pixel(under[i], over[i], alpha) | set;
    for (; i + 8 <= n; i += 8) {
        __m256i u = _mm256_loadu_si256((const __m256i *)(const void *)(under + i));
        __m256i o = _mm256_loadu_si256((const __m256i *)(const void *)(over + i));
        __m256i u_rb = _mm256_and_si256(u, lo);
        __m256i rb = _mm256_mullo_epi16(_mm256_sub_epi16(_mm256_and_si256(o, lo), u_rb), a);
        rb = _mm256_add_epi8(_mm256_srli_epi16(rb, 8), u_rb);
        __m256i ga = _mm256_mullo_epi16(
            _mm256_sub_epi16(_mm256_srli_epi16(o, 8), _mm256_srli_epi16(u, 8)), a);
        ga = _mm256_add_epi8(_mm256_and_si256(ga, hi), _mm256_and_si256(u, hi));
        __m256i r = _mm256_or_si256(_mm256_or_si256(rb, ga), s);
        if (stream)
            _mm256_stream_si256((__m256i *)(void *)(dst + i), r);
        else
            _mm256_storeu_si256((__m256i *)(void *)(dst + i), r);
    }
    for (; i < n; i++)
        dst[i] = mix_pixel(under[i], over[i], alpha) | set;
    if (stream)
        _mm_sfence(); /* streamed stores are seen before whatever reads the row next */
}
#endif

static blend_span_fn *best_path(void)
{
#if defined(HAVE_AVX2_PATH)
    if (__builtin_cpu_supports("avx2"))
        return span_avx2;
#endif
#if defined(__SSE2__)
    return span_sse2;
#else
    return span_c;
#endif
}

void blend_span(uint32_t *dst, const uint32_t *under, const uint32_t *over, int n, unsigned alpha,
                uint32_t set)
{
    if (n <= 0 || span_copy(dst, under, over, n, alpha, set))
        return;
    best_path()(dst, under, over, n, alpha, set);
}

int blend_span_paths(const char **names, blend_span_fn **fns, int max)
{
    int n = 0;
    if (n < max) {
        names[n] = "C";
        fns[n++] = blend_span_c;
    }
#if defined(__SSE2__)
    if (n < max) {
        names[n] = "SSE2";
        fns[n++] = span_sse2;
    }
#endif
#if defined(HAVE_AVX2_PATH)
    if (n < max && __builtin_cpu_supports("avx2")) {
        names[n] = "AVX2";
        fns[n++] = span_avx2;
    }
#endif
    return n;
}

/* ---- ink ------------------------------------------------------------------ */

/* floor(x / 255) for 0 <= x <= 255 * 255 */
static unsigned div255(unsigned x)
{
    return (x + 1 + (x >> 8)) >> 8;
}

static uint32_t ink_pixel(uint32_t d, unsigned m, uint32_t rgb, unsigned alpha, uint32_t set)
{
    unsigned a = div255(m * alpha), keep = 255 - a;
    uint32_t r = set;
    for (unsigned s = 0; s < 24; s += 8)
        r |= (div255(((rgb >> s) & 0xFFu) * a) + div255(((d >> s) & 0xFFu) * keep)) << s;
    return r;
}

void blend_ink_c(uint32_t *dst, int dst_pitch, const uint8_t *ink, int ink_pitch, int w, int h,
                 uint32_t rgb, unsigned alpha, uint32_t set)
{
    for (int y = 0; y < h; y++) {
        uint32_t *d = (uint32_t *)(void *)((unsigned char *)dst + (ptrdiff_t)dst_pitch * y);
        const uint8_t *m = ink + (ptrdiff_t)ink_pitch * y;
        for (int x = 0; x < w; x++)
            if (m[x])
                d[x] = ink_pixel(d[x], m[x], rgb, alpha, set);
    }
}

#if defined(__SSE2__)
/* floor(x / 255) in each 16-bit lane, x <= 255 * 255 */
static __m128i div255_16(__m128i x)
{
    const __m128i one = _mm_set1_epi16(1);
    return _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(x, one), _mm_srli_epi16(x, 8)), 8);
}

/* Two pixels in 16-bit lanes (B G R X B G R X), their ink a (in each
 * pixel's four lanes): c * a / 255 + d * (255 - a) / 255. */
static __m128i ink_two(__m128i d, __m128i a, __m128i c)
{
    const __m128i full = _mm_set1_epi16(255);
    return _mm_add_epi16(div255_16(_mm_mullo_epi16(c, a)),
                         div255_16(_mm_mullo_epi16(d, _mm_sub_epi16(full, a))));
}

void blend_ink(uint32_t *dst, int dst_pitch, const uint8_t *ink, int ink_pitch, int w, int h,
               uint32_t rgb, unsigned alpha, uint32_t set)
{
    const __m128i zero = _mm_setzero_si128(), al = _mm_set1_epi16((short)alpha);
    const __m128i c = _mm_unpacklo_epi8(_mm_set1_epi32((int)(rgb & 0xFFFFFFu)), zero);
    const __m128i rgb_only = _mm_set1_epi32(0x00FFFFFF), s = _mm_set1_epi32((int)set);
    for (int y = 0; y < h; y++) {
        uint32_t *d = (uint32_t *)(void *)((unsigned char *)dst + (ptrdiff_t)dst_pitch * y);
        const uint8_t *m = ink + (ptrdiff_t)ink_pitch * y;
        int x = 0;
        for (; x + 4 <= w; x += 4) {
            uint32_t m4;
            memcpy(&m4, m + x, 4);
            if (!m4)
                continue; /* no ink: the pixels stay */
            __m128i a = div255_16(_mm_mullo_epi16(
                _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)m4), zero), al)); /* a0..a3 */
            a = _mm_unpacklo_epi16(a, a);                                  /* a0 a0 a1 a1 .. */
            __m128i px = _mm_loadu_si128((const __m128i *)(const void *)(d + x));
            __m128i lo = ink_two(_mm_unpacklo_epi8(px, zero), _mm_unpacklo_epi32(a, a), c);
            __m128i hi = ink_two(_mm_unpackhi_epi8(px, zero), _mm_unpackhi_epi32(a, a), c);
            __m128i r = _mm_or_si128(_mm_and_si128(_mm_packus_epi16(lo, hi), rgb_only), s);
            _mm_storeu_si128((__m128i *)(void *)(d + x), r);
        }
        for (; x < w; x++)
            if (m[x])
                d[x] = ink_pixel(d[x], m[x], rgb, alpha, set);
    }
}
#else
void blend_ink(uint32_t *dst, int dst_pitch, const uint8_t *ink, int ink_pitch, int w, int h,
               uint32_t rgb, unsigned alpha, uint32_t set)
{
    blend_ink_c(dst, dst_pitch, ink, ink_pitch, w, h, rgb, alpha, set);
}
#endif

static const void *row_of(const void *base, int pitch, int y)
{
    return (const unsigned char *)base + (ptrdiff_t)pitch * y;
}

/* Row y of a job with tiles under or over: one span for as long as
 * neither side changes kind (a plain row goes on; one colour after one
 * colour; a kept tile after a kept tile, its band holding them side by
 * side). The two pictures' tiles, when both have them, are the same grid
 * (screen-sized views). No division but the row's and the first tile's. */
static void tiles_row(const struct blend_job *j, int y)
{
    const struct blend_tiles *ut = j->under_tiles, *ot = j->over_tiles;
    uint32_t *dst = (uint32_t *)(uintptr_t)row_of(j->dst, j->dst_pitch, y);
    const int t = ut ? ut->t : ot->t;
    const int sy = j->uy + y, ty = sy / t, yin = sy - ty * t;
    const int32_t *ua = ut ? ut->at + (ptrdiff_t)ty * ut->cols : NULL;
    const int32_t *oa = ot ? ot->at + (ptrdiff_t)ty * ot->cols : NULL;
    const size_t urow = ut ? (size_t)yin * (size_t)ut->stride[ty] : 0;
    const size_t orow = ot ? (size_t)yin * (size_t)ot->stride[ty] : 0;
    const uint32_t *uplain = ut ? NULL : (const uint32_t *)row_of(j->under, j->under_pitch, y);
    const uint32_t *oplain = ot ? NULL : (const uint32_t *)row_of(j->over, j->over_pitch, y);
    int x = 0, tx = j->ux / t, xin = j->ux - tx * t;
    while (x < j->w) {
        int uk = ua && ua[tx] >= 0, ok = oa && oa[tx] >= 0, first = tx;
        int n = t - xin;
        for (tx++; x + n < j->w; tx++, n += t)
            if ((ua && (ua[tx] >= 0) != uk) || (oa && (oa[tx] >= 0) != ok))
                break;
        if (n > j->w - x)
            n = j->w - x;
        const uint32_t *under = uplain ? uplain + x
                                : uk   ? ut->px + ua[first] + urow + xin
                                       : ut->bg_row;
        const uint32_t *over = oplain ? oplain + x
                               : ok   ? ot->px + oa[first] + orow + xin
                                      : ot->bg_row;
        blend_span(dst + x, under, over, n, j->alpha, j->set);
        x += n;
        xin = 0; /* the next run starts at a tile's edge */
    }
}

void blend_rows(const struct blend_job *j, int y0, int y1)
{
    for (int y = y0; y < y1; y++) {
        if (j->under_tiles || j->over_tiles)
            tiles_row(j, y);
        else
            blend_span((uint32_t *)(uintptr_t)row_of(j->dst, j->dst_pitch, y),
                       row_of(j->under, j->under_pitch, y), row_of(j->over, j->over_pitch, y), j->w,
                       j->alpha, j->set);
    }
}

/* ---- the pool ------------------------------------------------------------- */

struct worker {
    struct blend_pool *pool;
    int band; /* 1..n-1; the caller does band 0 */
    pthread_t thread;
};

struct blend_pool {
    pthread_mutex_t lock; /* guards everything below but workers[] */
    pthread_cond_t go;    /* a new job, or quit */
    pthread_cond_t done;  /* pending reached 0 */
    const struct blend_job *job;
    unsigned long round; /* bumped for each job */
    int pending;         /* workers still on this round */
    int quit;
    int n; /* threads in all, the caller's included */
    struct worker workers[BLEND_MAX_THREADS - 1];
};

static void band_rows(int h, int band, int n, int *y0, int *y1)
{
    *y0 = (int)((long long)h * band / n);
    *y1 = (int)((long long)h * (band + 1) / n);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct blend_pool *p = w->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->round == seen)
            pthread_cond_wait(&p->go, &p->lock);
        if (p->quit)
            break;
        seen = p->round;
        const struct blend_job *j = p->job;
        int n = p->n;
        pthread_mutex_unlock(&p->lock);
        int y0, y1;
        band_rows(j->h, w->band, n, &y0, &y1);
        blend_rows(j, y0, y1);
        pthread_mutex_lock(&p->lock);
        if (--p->pending == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

int blend_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > BLEND_MAX_THREADS ? BLEND_MAX_THREADS : (int)n;
}

struct blend_pool *blend_pool_new(int threads)
{
    struct blend_pool *p = calloc(1, sizeof(*p));
    if (!p)
        return NULL;
    if (pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p);
        return NULL;
    }
    if (pthread_cond_init(&p->go, NULL) != 0) {
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    if (pthread_cond_init(&p->done, NULL) != 0) {
        pthread_cond_destroy(&p->go);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return NULL;
    }
    int want = threads < 1 ? 1 : threads > BLEND_MAX_THREADS ? BLEND_MAX_THREADS : threads;
    p->n = 1;
    pthread_attr_t attr;
    int have_attr = pthread_attr_init(&attr) == 0;
    if (have_attr)
        pthread_attr_setstacksize(&attr, WORKER_STACK);
    /* signals go to the main thread, never to a worker */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    /* p->n grows as workers start; none waits on the pool until the
     * caller's first blend_run, which takes the lock */
    for (int i = 0; i < want - 1; i++) {
        struct worker *w = &p->workers[i];
        w->pool = p;
        w->band = i + 1;
        pthread_mutex_lock(&p->lock);
        p->n = i + 2;
        pthread_mutex_unlock(&p->lock);
        if (pthread_create(&w->thread, have_attr ? &attr : NULL, worker_main, w) != 0) {
            pthread_mutex_lock(&p->lock);
            p->n = i + 1;
            pthread_mutex_unlock(&p->lock);
            break;
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (have_attr)
        pthread_attr_destroy(&attr);
    return p;
}

void blend_pool_free(struct blend_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    int workers = p->n - 1;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < workers; i++)
        pthread_join(p->workers[i].thread, NULL);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->go);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

int blend_pool_threads(const struct blend_pool *p)
{
    return p ? p->n : 1;
}

void blend_run(struct blend_pool *p, const struct blend_job *j)
{
    if (j->w <= 0 || j->h <= 0)
        return;
    if (!p || p->n < 2 || (long long)j->w * j->h < SPLIT_MIN_PIXELS || j->h < p->n) {
        blend_rows(j, 0, j->h);
        return;
    }
    pthread_mutex_lock(&p->lock);
    int n = p->n;
    p->job = j;
    p->pending = n - 1;
    p->round++;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->lock);
    int y0, y1;
    band_rows(j->h, 0, n, &y0, &y1);
    blend_rows(j, y0, y1);
    pthread_mutex_lock(&p->lock);
    while (p->pending > 0)
        pthread_cond_wait(&p->done, &p->lock);
    p->job = NULL;
    pthread_mutex_unlock(&p->lock);
}
