/* presenter.h - what the kiosk hands its frames to.
 *
 * The kiosk decides what is on screen; a presenter puts it there. The
 * kiosk prepares a view from a draw list (a panel's static layer and
 * whatever animates on it), gets back an identified view, and each frame
 * describes what to show: which views, where (a slide), how opaque (a
 * crossfade), how far their figures have counted, and the draw lists drawn
 * over them (chrome, controls, a staff notice).
 *
 * platform/display.c implements it with SDL's renderer; tests use a fake
 * that records frames, so the kiosk is tested without SDL.
 *
 * Ownership: a draw list given to prepare must stay valid, unchanged, until
 * the view is released: the presenter keeps it, so that it can rebuild the
 * view's textures from it whenever the renderer loses them (see
 * display_recover in platform/display.h). The lists of a frame are only
 * read during draw_frame. All calls come from the main thread. */
#ifndef VITRINE_PRESENTER_H
#define VITRINE_PRESENTER_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "store.h"

/* A prepared view; its identity is its id (never 0, never reused while the
 * presenter lives). */
struct pview {
    uint32_t id;
    size_t bytes; /* what it holds in textures and memory, for the cache */
};

/* One view placed in a frame. */
struct frame_view {
    struct pview *view;
    int panel;     /* the panel it shows (for tests and logs) */
    int dx;        /* horizontal offset in pixels (a slide) */
    uint8_t alpha; /* 0..255 (a crossfade) */
    double anim_t; /* count-up progress in [0,1], not yet eased */
};

#define FRAME_MAX_VIEWS 2
#define FRAME_MAX_LISTS 4

/* A frame: the background, up to two views in order, then draw lists over
 * them in order (chrome, overlay, notice, the staff layer). */
struct frame {
    struct frame_view views[FRAME_MAX_VIEWS];
    int n_views;
    const struct draw_list *lists[FRAME_MAX_LISTS];
    int n_lists;
};

struct presenter {
    void *ctx;
    /* Drawable size in pixels. */
    void (*size)(void *ctx, int *w, int *h);
    /* Horizontal pixels per inch, 0 when unknown. */
    float (*dpi)(void *ctx);
    /* The measurer layout uses; valid while the presenter lives. */
    const struct text_measurer *(*measurer)(void *ctx);
    /* Rasterise list (see Ownership above) into a view. locale: for
     * figures. NULL with why on failure. */
    struct pview *(*prepare)(void *ctx, const struct draw_list *list, const char *locale, char *why,
                             size_t why_len);
    /* Forget a view; NULL is ignored. */
    void (*release)(void *ctx, struct pview *view);
    /* The exhibit's look from now on: its colours, and its own fonts
     * (fonts[face].data NULL where it has none; copied). Views prepared
     * before keep what they were drawn with. May be NULL: a presenter with
     * one look. */
    void (*look)(void *ctx, const struct palette *pal,
                 const struct store_font fonts[STORE_FONT_FACES]);
    /* Draw the frame (not yet shown: the caller presents). */
    void (*draw_frame)(void *ctx, const struct frame *f);
};

#endif
