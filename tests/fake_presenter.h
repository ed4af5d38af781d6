/* fake_presenter.h - a presenter that records frames instead of drawing
 * them (a FAKE_W x FAKE_H screen at an unknown DPI, layout_testing.h's
 * fake measurer), for the tests that drive the kiosk: it counts prepares
 * and releases, checks that a view is never released twice nor drawn after
 * its release, and keeps the last frame. Include once per test, after
 * <cmocka.h>. */
#ifndef VITRINE_FAKE_PRESENTER_H
#define VITRINE_FAKE_PRESENTER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "app/visitor/kiosk.h"
#include "app/visitor/presenter.h"
#include "content/store.h"
#include "layout_testing.h"

/* layout_testing.h also offers a UTF-8 check these tests do not need */
static int (*const unused_utf8_check)(const char *, size_t) __attribute__((unused)) = valid_utf8;

#define FAKE_W 640
#define FAKE_H 400
#define FAKE_MAX_VIEWS 4096

/* ---- the fake presenter --------------------------------------------------- */

struct fake_view {
    struct pview base;
    const struct draw_list *list;
    int live;
};

struct fake {
    struct fake_view views[FAKE_MAX_VIEWS];
    int n_views;
    int live, max_live;
    long prepares, releases, frames;
    int fail_prepare;
    int bad_draws; /* a frame drew a released view or a dead list */
    struct frame last;
    int w, h; /* the screen, when not FAKE_W x FAKE_H (a resize) */
    /* what the clip of every view does, as a test sets it (f_video) */
    struct pvideo video;
    long video_asks;
};

static void f_size(void *ctx, int *w, int *h)
{
    const struct fake *f = ctx;
    *w = f && f->w ? f->w : FAKE_W;
    *h = f && f->h ? f->h : FAKE_H;
}

static float f_dpi(void *ctx)
{
    (void)ctx;
    return 0;
}

static const struct text_measurer *f_measurer(void *ctx)
{
    (void)ctx;
    return &fake;
}

static struct pview *f_prepare(void *ctx, const struct draw_list *list, const char *locale,
                               char *why, size_t why_len)
{
    struct fake *f = ctx;
    (void)locale;
    if (f->fail_prepare || f->n_views == FAKE_MAX_VIEWS) {
        snprintf(why, why_len, "the fake presenter refuses");
        return NULL;
    }
    struct fake_view *v = &f->views[f->n_views++];
    v->base.id = (uint32_t)f->n_views;
    v->base.bytes = (size_t)FAKE_W * FAKE_H * 4;
    v->list = list;
    v->live = 1;
    f->prepares++;
    if (++f->live > f->max_live)
        f->max_live = f->live;
    return &v->base;
}

static void f_release(void *ctx, struct pview *view)
{
    struct fake *f = ctx;
    struct fake_view *v = (struct fake_view *)view;
    if (!v)
        return;
    assert_true(v->live); /* never released twice */
    /* the list it was made from is still intact when it goes */
    assert_true(v->list->n >= 0 && v->list->n <= v->list->cap);
    v->live = 0;
    f->live--;
    f->releases++;
}

static void f_draw_frame(void *ctx, const struct frame *fr)
{
    struct fake *f = ctx;
    for (int i = 0; i < fr->n_views; i++)
        if (!((struct fake_view *)fr->views[i].view)->live)
            f->bad_draws++;
    f->last = *fr;
    f->frames++;
}

static void f_video(void *ctx, struct pview *view, struct pvideo *out)
{
    struct fake *f = ctx;
    (void)view;
    f->video_asks++;
    *out = f->video;
    f->video.fresh = 0; /* a picture is drawn once */
}

static struct presenter presenter_of(struct fake *f)
{
    return (struct presenter){f,         f_size, f_dpi,        f_measurer, f_prepare,
                              f_release, NULL,   f_draw_frame, f_video};
}

/* The bundled exhibit's store, built beside the tests; NULL (said on
 * stderr) when it cannot be opened. */
static inline struct store *bundled(void)
{
    char path[4096], why[512];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    struct store *s = NULL;
    if (!bin)
        return NULL;
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin);
    if (store_open_file(path, &s, why, sizeof(why)) != 0) {
        fprintf(stderr, "%s\n", why);
        return NULL;
    }
    return s;
}

/* A kiosk on the bundled exhibit, drawn through the fake presenter f. */
static inline struct kiosk *bundled_kiosk(struct fake *f, struct presenter *p)
{
    char why[512];
    struct store *s = bundled();
    if (!s)
        fail_msg("no bundled exhibit");
    *p = presenter_of(f);
    struct kiosk *k = kiosk_new(p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    if (!k)
        fail_msg("%s", why);
    return k;
}

#endif
