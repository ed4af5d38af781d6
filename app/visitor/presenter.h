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

/* What a view's clip (a video panel's DRAW_VIDEO) does in a frame: its
 * poster only, playing, or held at its picture. A clip plays only while
 * its view is in the frames with PV_PLAY or PV_PAUSE; in a frame without
 * it, or with PV_STILL, the presenter stops it (its poster again). */
enum pv_play { PV_STILL, PV_PLAY, PV_PAUSE };

/* One view placed in a frame. */
struct frame_view {
    struct pview *view;
    int panel;     /* the panel it shows (for tests and logs) */
    int dx;        /* horizontal offset in pixels (a slide) */
    uint8_t alpha; /* 0..255 (a crossfade) */
    double anim_t; /* count-up progress in [0,1], not yet eased */
    uint8_t play;  /* enum pv_play */
    uint8_t hush;  /* the audio guide is on: the clip's own sound muted while it lasts */
    uint32_t run;  /* the clip plays from its start whenever this changes */
    /* nobody is there and it stays (the loop): once it is still, the
     * presenter may keep less of it until a frame or another view needs it */
    uint8_t rest;
};

/* A view's clip as the presenter plays it (presenter.video). */
enum pvideo_state {
    PVIDEO_NONE, /* no clip, or stopped: the poster shows */
    PVIDEO_LOADING,
    PVIDEO_PLAYING,
    PVIDEO_PAUSED,
    PVIDEO_ENDED,  /* played once to its end (a clip that does not loop) */
    PVIDEO_FAILED, /* cannot be played: its poster shows (said once in the log) */
};

struct pvideo {
    int state;         /* enum pvideo_state */
    long long pos_ms;  /* where it is in the clip */
    int fresh;         /* a new picture waits to be drawn: draw a frame */
    long long dropped; /* frames dropped so far */
};

#define FRAME_MAX_VIEWS 2
#define FRAME_MAX_LISTS 6 /* the kiosk's five and a wrapper's one (preview) */

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
     * (fonts[face].data NULL where it has none). The fonts' bytes are
     * borrowed, not copied: they stay valid until the next look() call
     * (the kiosk's store lends them: it calls look() with no fonts before
     * that store is closed); faces with the same pointer share a font.
     * Views prepared before keep what they were drawn with. May be NULL: a
     * presenter with one look. */
    void (*look)(void *ctx, const struct palette *pal,
                 const struct store_font fonts[STORE_FONT_FACES]);
    /* Draw the frame (not yet shown: the caller presents). */
    void (*draw_frame)(void *ctx, const struct frame *f);
    /* The clip of view (played as the frames say): its state, and whether
     * a new picture of it waits. May be NULL: a presenter without video,
     * where clips show their posters (state PVIDEO_NONE). */
    void (*video)(void *ctx, struct pview *view, struct pvideo *out);
};

#endif
