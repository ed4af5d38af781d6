/* display.h - the screen: a full-screen window (or an offscreen surface for
 * headless rendering) with SDL's renderer, and panel views: everything a
 * panel needs on screen, rasterised once when the panel is prepared.
 *
 * A panel view owns a texture of the panel's static layer and whatever the
 * animated layer needs (figure glyphs); drawing a prepared view never
 * rasterises text. Only the main thread may call these functions. */
#ifndef VITRINE_DISPLAY_H
#define VITRINE_DISPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"
#include "presenter.h"
#include "text.h"
#include "waker.h"

struct display;
struct panel_view;
struct SDL_Surface;

struct display_opts {
    int headless; /* 1: render into memory, no window, no video driver */
    int windowed; /* 0: full screen at the display's native resolution */
    int w, h;     /* requested size; 0 = native (full screen) or 1920x1080 */
    const char *assets_dir;
    /* "auto" (or NULL): an accelerated renderer only on a real GPU, else
     * SDL's software renderer; "software", "opengl", "opengles2": that one
     * (the environment's SDL_RENDER_DRIVER counts as asking too) */
    const char *renderer;
    /* pixels per inch to use instead of what the display reports (many
     * large displays report a wrong one); 0: the display's */
    float dpi;
    /* 0, 90, 180 or 270: the screen is mounted turned by this much
     * clockwise (a portrait totem on a landscape output): the kiosk lays
     * out at the turned size (display_size), draws into a texture of that
     * size, and each present turns it onto the output. Snapshots and PNGs
     * are of the output, as a camera in front of it would see. Touch input
     * is turned back by the caller (events_cfg.rotation). */
    int rotation;
    /* the kiosk starts in its loop, nobody there: the first panel is
     * prepared at rest too (display_prepare), as the loop's next ones are */
    int loop_first;
};

/* A black frame (not the exhibit's background): outside opening hours. */
void display_clear_black(struct display *d);

/* What the display's libraries read from the environment, set where the
 * installation has not: call once, before any thread starts (setenv). */
void display_prepare_env(void);

/* The video driver SDL would use and its desktop's size, without opening a
 * window (for the benchmark). 0, or -1 when there is no video. */
int display_desktop(char *driver, size_t driver_len, int *w, int *h);

/* 1 when the machine has a GPU that a renderer could draw with (a DRM
 * device, or NVIDIA's driver): what "auto" tries before software. */
int display_have_gpu(void);

/* The renderer in use and why it was chosen ("software: no GPU device in
 * /dev/dri"), for the log and the benchmark. */
const char *display_renderer(const struct display *d);

struct display *display_open(const struct display_opts *o, char *why, size_t why_len);
void display_close(struct display *d);

/* The size the kiosk lays out and draws at, in pixels: the output's, or
 * its turned size (w and h swapped) for a rotation of 90 or 270. */
void display_size(const struct display *d, int *w, int *h);
struct text *display_text(struct display *d);

/* Rasterise a panel's draw list. The list (and the panel_figure and images
 * its items point to) must stay valid and unchanged as long as the view:
 * the view is rebuilt from it when the renderer loses its textures
 * (display_recover). NULL on failure (why set). */
struct panel_view *display_prepare(struct display *d, const struct draw_list *l, const char *locale,
                                   char *why, size_t why_len);
void display_view_free(struct panel_view *v);

/* Clear to the background colour. */
void display_clear(struct display *d);
/* Draw a view at horizontal offset dx (pixels; slide) with opacity alpha
 * (0..255; crossfade); anim_t in [0,1] is the count-up progress. */
void display_draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha,
                       double anim_t);
/* Draw a draw list directly (chrome: indicator, overlays). Text is
 * rasterised through a small cache keyed by content. */
void display_draw_list(struct display *d, const struct draw_list *l);
/* Show the frame. */
void display_present(struct display *d);

/* The kiosk's presenter (app/visitor/presenter.h) over this display: its views are
 * panel views, its frames are drawn by display_draw_frame. */
struct presenter display_presenter(struct display *d);

/* Which clips are decoded on the GPU (where that is safe; only where the
 * renderer is a GPU's: a screen drawn in software has no decoder to
 * offer). Larger than 1080p by default: mpv's OpenGL renderer with a
 * hardware decoder's interop costs the kiosk's thread about 110 ms to
 * start and 70-170 ms to stop, and about 240 MB, on an NVIDIA GPU (CUDA);
 * a 1080p clip decodes in software for a fifth of a core, a 4K one would
 * take most of one (docs/video.md). */
enum display_hwdec { DISPLAY_HWDEC_NO, DISPLAY_HWDEC_LARGE, DISPLAY_HWDEC_ALL };

/* How the display plays clips (video panels): wake is called from mpv's
 * threads when a picture is ready (the run loop's waker); audio: the
 * installation plays the sound of panels that ask for it (`audio` in the
 * settings; off: every clip is muted, its sound never decoded); hwdec:
 * which clips are decoded on the GPU. Without a call: no waking (the
 * caller draws at its own pace), muted, software decoding. */
void display_set_video(struct display *d, struct waker wake, int audio, enum display_hwdec hwdec);

/* The policy a setting names: "yes", "no", else (NULL, "auto") larger. */
enum display_hwdec display_hwdec_named(const char *name);

/* 1 when a clip of w x h pixels is asked to decode on the GPU under
 * policy ("larger" than 1080p: more pixels than 1920x1088, the height
 * H.264 codes 1080 lines in). */
int display_clip_in_hardware(enum display_hwdec policy, int w, int h);
/* Draw a frame: the background where the views leave it uncovered, the
 * views, then the lists. */
void display_draw_frame(struct display *d, const struct frame *f);
/* With the software renderer, a crossfade's views are blended by the
 * display itself (blend.h: SDL's formula, one pass, a few threads) and
 * views keep their static layer in pixels it can read. Tests and
 * benchmarks: 0 draws crossfades through SDL's own blit and gives views
 * made from now on a render target, as before; 1 (the default) goes back. */
void display_set_own_blend(struct display *d, int on);

/* With the software renderer, a frame display_draw_frame can reason about
 * (one view in place, or a crossfade in place, drawn from the same views as
 * the frame before) is drawn and presented only where it can differ from
 * that frame (the frame planner, app/visitor/frame_plan.h).
 * display_damage_all: the next frame goes out whole (the window was exposed
 * or resized; also done by every public drawing call but
 * display_draw_frame). */
void display_damage_all(struct display *d);

/* A view the frames say is at rest (frame_view rest: the loop, no clip)
 * keeps, with the software renderer, only the tiles of its static layer
 * that are not background once drawn, and lets its figures' glyphs go;
 * frames that draw it in place (its figures counting, a crossfade from it)
 * read the tiles; it is made whole again, pixel for pixel, only when a
 * frame moves it (a slide) or blends it otherwise (display_view.c, "a view
 * at rest"). */
/* Nothing is to be drawn until the next wake-up: work put off until then
 * (the view of the last frame presented, put to rest). */
void display_idle(struct display *d);

/* The renderer lost its render targets (SDL_RENDER_TARGETS_RESET) or its
 * device (SDL_RENDER_DEVICE_RESET, device_lost = 1): recreate the renderer
 * in the second case, then rebuild every live view (static texture, glyph
 * atlases, text and chart items) from the draw list it was made from, and
 * flush the chrome text cache. The caller then draws a frame. -1 with why
 * when a view or the renderer could not be rebuilt (the kiosk goes on: a
 * view that failed draws nothing). */
int display_recover(struct display *d, int device_lost, char *why, size_t why_len);
/* Photos are decoded off the main thread when there is a window (a large
 * PNG takes a third of a second); until then their panel shows its
 * placeholder. Call when events_wait reports EVENTS_WAKE: rebuilds each view
 * whose photo is now decoded (or logs why it cannot be shown) and returns
 * how many changed (then draw again). Main thread only. */
int display_poll_photos(struct display *d);

/* 0 once the renderer is gone for good (display_recover could not make a
 * new one): nothing can be drawn any more. */
int display_ok(const struct display *d);

/* Let go of the cached text textures (the kiosk closes for hours). */
void display_trim(struct display *d);
/* Textures created and not yet destroyed, over every display of the
 * process (the soak's leak check). */
long display_live_textures(void);
/* What the display has done since it opened, as counts (its work is
 * otherwise invisible: a frame drawn where it changed looks like one drawn
 * whole). */
struct display_stats {
    long partial_presents;            /* frames drawn and presented only where they changed */
    long damaged;                     /* pixels the last present sent (all, when whole) */
    long packs, unpacks;              /* views put to rest, and made whole again */
    long banded;                      /* of them, drawn in bands: never whole */
    long own_blends;                  /* crossfade frames blended by the display itself */
    long rebuilds;                    /* views rebuilt by display_recover */
    long clip_frames, clip_frames_gl; /* clip pictures drawn; of them by mpv's OpenGL */
    int photos_pending;               /* photos still being decoded */
};
void display_stats(const struct display *d, struct display_stats *out);
static inline struct display_stats display_stats_of(const struct display *d)
{
    struct display_stats s;
    display_stats(d, &s);
    return s;
}

/* The current frame, as the output shows it (turned when the kiosk
 * draws turned), as an ARGB8888 surface the caller frees with
 * SDL_FreeSurface; NULL on failure. */
struct SDL_Surface *display_snapshot(struct display *d);
/* The current frame as display_snapshot sees it, scaled down (box filter)
 * so that its longer side is at most max_side pixels: a proof of play.
 * Call after drawing a frame and before presenting it (what a renderer
 * holds after a present is undefined). Free with image_free. NULL on
 * failure. */
struct SDL_Surface *display_thumbnail(struct display *d, int max_side);
/* SDL's name of the renderer in use ("software", "opengl", ...). */
const char *display_renderer_name(const struct display *d);
/* Tests: paint every view's static texture with rgb, as a driver that lost
 * its render targets leaves them, before a reset is simulated. */
void display_clobber_views(struct display *d, uint32_t rgb);

/* Write the current frame to a PNG file. 0 or -1 with why. */
int display_save_png(struct display *d, const char *path, char *why, size_t why_len);

/* Window size in SDL's window coordinates (what mouse events use); -1
 * when headless. */
int display_window_size(const struct display *d, int *w, int *h);

/* Horizontal pixels per inch of the screen: display_opts.dpi when set,
 * else what the display reports, or 0 when unknown (headless, or a driver
 * that does not know). */
float display_dpi(const struct display *d);

/* Name of SDL's video driver ("x11", "offscreen", ... or "headless"). */
const char *display_driver(const struct display *d);

/* The exhibit's colours and own fonts from now on (presenter.look: the
 * fonts' bytes are borrowed until the next call; fonts NULL: none). */
void display_set_look(struct display *d, const struct palette *pal,
                      const struct store_font fonts[STORE_FONT_FACES]);

#endif
