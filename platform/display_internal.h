/* display_internal.h - what the parts of the display share: its types
 * (struct display, a panel view and what it holds) and the functions one
 * part calls in another. Only platform/display*.c include it; display.h is
 * the display's interface.
 *
 *   display.c         the window or offscreen surface, the renderer, output
 *                     rotation and present; the chrome text cache; frames
 *                     and the presenter
 *   display_view.c    panel views: glyph atlases and figures, unit charts,
 *                     items, a view at rest (packed and unpacked)
 *   display_damage.c  the software renderer's damage: what a view's static
 *                     layer covers, each frame described to the planner
 *                     (app/visitor/frame_plan.h), the crossfade's places
 *   display_clip.c    clips (video panels) in views: players, pictures,
 *                     OpenGL clips
 *   display_fade.c    the software renderer's crossfade, blended here */
#ifndef VITRINE_DISPLAY_INTERNAL_H
#define VITRINE_DISPLAY_INTERNAL_H

#include "display.h"
#include "frame_plan.h"
#include "bidi.h"
#include "blend.h"
#include "x11wm.h"
#include "clip_gl.h"

#include <pthread.h>

#include <SDL.h>
#include <SDL_image.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "events.h"
#include "image.h"
#include "job.h"
#include "locale_rules.h"
#include "log.h"
#include "photo.h"
#include "store.h"
#include "rules.h"
#include "video.h"

#define TAG "display"

#define HEADLESS_W 1920
#define HEADLESS_H 1080
#define WINDOW_W 1280
#define WINDOW_H 720

#define ATLAS_GLYPHS 48
#define FIGURE_TEXT_MAX 160
#define CACHE_SLOTS 48
#define UNITS_BATCH 256

/* The coverage of a one-colour texture (text, a figure's glyph), which
 * the software crossfade draws itself (put_tex, blend_ink): SDL cannot hand
 * back a static texture's pixels. Made with the software renderer only. */
struct ink {
    uint8_t *a; /* w x h; NULL: none */
    int w, h;
    uint32_t rgb;
};

struct glyph {
    uint32_t cp;
    SDL_Texture *tex; /* NULL for a blank glyph such as a space */
    int w, h, adv;
    int ox, oy; /* where tex (its inked box) lies in the glyph's line box */
    struct ink ink;
    int gone; /* tex and ink let go while its view rests; made again when drawn */
};

/* A piece of a figure (a glyph, its prefix or suffix) where it lands. */
/* What a figure draws, measured without drawing (draw_figure): its extent,
 * and its pieces in p[max] (n max + 1: more than fit). */
struct figure_pieces {
    SDL_Rect ext;
    struct plan_piece *p;
    int n, max;
};

struct atlas {
    enum font_face face;
    int px;
    uint32_t rgb;
    enum locale_digits nu; /* and its locale's digits (locale_digits) */
    int n;
    struct glyph g[ATLAS_GLYPHS];
};

struct anim_item {
    enum draw_kind kind;
    struct draw_rect r;
    uint32_t rgb, lit_rgb;
    uint8_t alpha;
    /* DRAW_TEXT and DRAW_FIGURE's prefix and suffix */
    SDL_Texture *tex;
    int tw, th;
    struct ink tex_ink, prefix_ink, suffix_ink;
    /* DRAW_FIGURE */
    const struct panel_figure *figure;
    char locale[STORE_LOCALE_MAX + 1];
    int atlas;
    SDL_Texture *prefix, *suffix;
    int prefix_w, prefix_h, prefix_adv, suffix_w, suffix_h;
    size_t prefix_len, suffix_len;
    /* on a right-to-left page (draw_item.rtl); a prefix or suffix in a
     * right-to-left script stands on the number's other side */
    int rtl, prefix_rtl, suffix_rtl;
    /* DRAW_UNITS: cells relative to the screen, and room to shift them */
    SDL_Rect *cells, *shifted;
    int total, lit, shifted_dx;
    int has_part; /* the lit part of square `lit`, in part (relative) */
    SDL_Rect part;
};

/* A view's photo, decoded off the main thread when there is a window (a
 * large PNG takes a third of a second), at once when headless (`render`
 * wants the final picture). With a window the decoded picture
 * goes once its texture is made (a rebuild decodes again); headless it is
 * kept for rebuilds. */
struct view_photo {
    struct job *job; /* decoding, or NULL */
    /* the job's input and, once it has finished, its output */
    const struct panel_image *img;
    int out_w, out_h;
    SDL_Surface *out;
    uint32_t bg; /* what shows through a transparent photo */
    char why[200];
    /* the main thread's */
    SDL_Surface *pic; /* decoded, owned (until its texture is made, with a window) */
    int failed;       /* logged; the placeholder and caption stay */
};

/* A view's clip (its DRAW_VIDEO item): played while the frames ask for it
 * (frame_view.play), drawn from a streaming texture of the item's size
 * that mpv renders into directly (platform/video.h). */
struct view_video {
    const struct draw_item *it; /* NULL: the view has no clip */
    struct video_player *player;
    SDL_Texture *tex;
    unsigned fbo;  /* tex is drawn by mpv's OpenGL renderer through this (clip_gl.h) */
    int has_frame; /* tex holds a picture of the clip: drawn over the poster */
    int rendered;  /* a picture was rendered since the last present */
    int paused;
    int muted;  /* the audio guide speaks: its sound is off (frame_view.hush) */
    int failed; /* this view's clip failed: its poster stays */
    uint32_t run;
    int seen;  /* in the frame being drawn with PV_PLAY or PV_PAUSE */
    int force; /* render the current picture at the next chance (a player taken over) */
};

/* The software renderer's damage (see "damage" below) is worked out in
 * tiles (dmg_tile: 16 pixels, 32 on screens over 2048 pixels, where text
 * is set larger and 16 would need too many rectangles), on screens up to
 * DMG_WORDS * 64 tiles wide and DMG_ROWS tiles tall (8192 pixels at 16);
 * a larger one is drawn whole. */
#define DMG_WORDS PLAN_WORDS /* frame_plan.h */
#define DMG_RECTS PLAN_RECTS

struct panel_view {
    struct pview base; /* first: the presenter's handle is the view */
    struct display *d;
    struct panel_view *prev, *next; /* the display's live views */
    const struct draw_list *src;    /* what it is made from (kept by the owner) */
    SDL_Texture *stat;
    int w, h;
    struct anim_item *items;
    int n_items;
    struct atlas *atlases;
    int n_atlases;
    char locale[STORE_LOCALE_MAX + 1];
    struct view_photo photo;
    struct view_video vid;
    /* stat is a streaming texture whose pixels the display reads: the
     * software renderer's (view_own_begin, crossfade_own) */
    int own_pixels;
    /* the dmg_tile tiles where its static layer is not the background
     * colour (n_content: how many; -1 not known: anywhere); version
     * counts its builds */
    uint64_t (*content)[DMG_WORDS];
    int n_content; /* CONTENT_LATER: scanned at first need */
    uint32_t version;
    /* while it rests (see "a view at rest"): stat is NULL and packed holds
     * its tiles that are not background; keep_whole once resting did not
     * last (a frame needed it again at once) */
    struct packed *packed;
    int keep_whole;
    int glyphs_went; /* its figures' glyphs let go once, at rest */
};

struct cache_slot {
    SDL_Texture *tex;
    int w, h;
    uint32_t hash;
    enum font_face face;
    int px;
    uint32_t rgb;
    int rtl;
    char *text;
    size_t len;
    uint64_t used;
};

/* A role's colour in pal; a role out of range draws as text. */
static inline uint32_t rgb_of(const struct palette *pal, enum color_role role)
{
    return pal->rgb[(unsigned)role < COLOR_COUNT ? role : COLOR_TEXT];
}

#define CONTENT_LATER (-2)

/* A view's static layer drawn by a software renderer of its own. */
struct own_build {
    SDL_Renderer *display_ren; /* the display's, set aside while drawing */
    SDL_Surface *pixels;       /* the streaming texture's pixels */
};

enum { VIEW_STATIC = 1, VIEW_PICTURE = 2 };

#define OWN_RECTS 16

struct display {
    struct palette pal; /* the exhibit's colours (display_set_look) */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Surface *surface;   /* headless target */
    int video;              /* SDL video initialised by us */
    int fullscreen_pending; /* go full screen after the first present */
    pthread_t prefault;     /* the window surface's pages being made (prefault_start) */
    int prefaulting;
    /* the X window's own background is this colour (0xRRGGBB; -1: none),
     * painted by the X server: the first present sends only the rest */
    long x_bg;
    int headless;
    float dpi;              /* display_opts.dpi; 0: ask SDL */
    char renderer_pref[16]; /* display_opts.renderer: "auto", "software"... */
    char renderer_why[160]; /* display_renderer() */
    struct text *text;
    struct panel_view *views;
    struct cache_slot cache[CACHE_SLOTS];
    uint64_t tick;
    uint32_t next_view_id;
    long rebuilds; /* views rebuilt after the renderer lost them */
    /* Output rotation (display_opts.rotation): the kiosk draws into frame,
     * a target texture of the turned size, and each present copies it onto
     * the output turned clockwise by rotation degrees. */
    int rotation;
    SDL_Texture *frame;
    int frame_w, frame_h;
    int frame_failed; /* said once: drawing unturned rather than nothing */
    /* the software renderer's turn (turn_soft): SDL_RenderCopyEx rotates
     * pixel by pixel through a general transform (37 ms a 1080p frame);
     * a quarter turn is a transpose, done here in tiles (a few ms) */
    uint32_t *turn_buf;
    size_t turn_cap;
    SDL_Texture *turn_tex;
    int turn_w, turn_h;
    /* clips: display_set_video */
    struct waker video_waker;
    int audio;                /* the installation plays clips' sound (where a panel asks) */
    enum display_hwdec hwdec; /* which clips are decoded on the GPU */
    /* clips drawn with OpenGL (clip_gl.h), where the renderer is an
     * OpenGL one: its context, then the clips' (made at the first clip) */
    void *ren_gl;
    struct clip_gl *clip_gl;
    int clip_gl_failed;               /* said once: clips are drawn in software */
    long clip_frames, clip_frames_gl; /* pictures drawn (display_stats) */
    /* the player of a view released while it played (its panel laid out
     * again in another language): the next frame's view with the same run
     * of the same clip takes it over, else that frame's sweep closes it */
    struct parked {
        struct video_player *player;
        uint32_t run;
        long long clip;
        char store[512];
        char name[256]; /* for the log */
        struct draw_rect r;
        int paused;
    } parked;
    /* the software renderer's crossfade, blended here (crossfade_own) */
    struct blend_pool *blend; /* made at the first crossfade */
    int own_blend_off;        /* display_set_own_blend(d, 0): SDL draws it */
    long own_blends;          /* crossfade frames blended here */
    SDL_Surface *own_out;     /* while crossfade_own draws over its mix: put_tex's output */
    /* The software output's damage (see "damage" below): what the pixels
     * of the last present were drawn from, and this frame's. */
    struct plan_shown shown, drawing; /* frame_plan.h */
    /* this frame's lists are as last time: only their items that meet
     * the damage are drawn (each whole, its place in the damage) */
    int lists_kept;
    /* this frame's figures are as last time but for the pieces that
     * changed: only those the damage meets are drawn (figure_put) */
    int dmg_pieces;
    SDL_Rect dmg[DMG_RECTS]; /* this frame's damage; n_dmg -1: the whole output */
    struct plan_damage plan; /* ... as the planner gave it (frame_plan.h) */
    int n_dmg;
    const void *shown_out; /* the output the last frame was presented from, and its size */
    int shown_w, shown_h;
    long partial_presents;      /* presents of the damage only */
    long damaged;               /* pixels the last present drew (display_stats) */
    long packs, unpacks;        /* views put to rest and made whole again */
    long banded;                /* views drawn in bands, at rest from the start */
    struct panel_view *to_rest; /* put to rest at display_idle */
    int loop_rest;              /* the last frame's view was at rest: the loop */
    int rest_counted;           /* and its figures had counted */
    long rest_drawn;            /* presents when it was drawn */
    long presents;              /* every present: the first frame's view is scanned after it */
};

void disp_copy_at(SDL_Renderer *ren, SDL_Texture *tex, int x, int y, int w, int h, uint8_t a);
SDL_Texture *disp_image_texture(struct display *d, struct panel_view *v, const struct draw_item *it,
                                SDL_Rect *dst);
void disp_ink_free(struct ink *k);
void disp_ink_make(struct display *d, struct ink *k, const SDL_Surface *s, uint32_t rgb);
int disp_is_software(const struct display *d);
uint8_t disp_mul_alpha(uint8_t a, uint8_t b);
void disp_photo_forget(struct view_photo *p);
void *disp_pixel_at(void *base, int pitch, int x, int y);
void disp_put_tex(struct display *d, SDL_Texture *tex, const struct ink *k, int x, int y, int w,
                  int h, uint8_t a);
void disp_set_color(SDL_Renderer *ren, uint32_t rgb, uint8_t a);
void disp_set_why(char *why, size_t why_len, const char *what);
SDL_Texture *disp_tex_counted(SDL_Texture *t);
void disp_tex_destroy(SDL_Texture *t);
SDL_Texture *disp_text_texture(struct display *d, enum font_face face, int px, uint32_t rgb,
                               const char *s, size_t n, int rtl, int *w, int *h);
SDL_Texture *disp_text_texture_ink(struct display *d, enum font_face face, int px, uint32_t rgb,
                                   const char *s, size_t n, int rtl, int *w, int *h,
                                   struct ink *ink);
void disp_to_screen(struct display *d);
int disp_turned(const struct display *d);
uint32_t disp_utf8_next(const char **p, const char *end);
size_t disp_utf8_put(uint32_t c, char *out);
struct cache_slot *disp_cached_text(struct display *d, enum font_face face, int px, uint32_t rgb,
                                    const char *s, size_t n, int rtl);

/* One item drawn now. v: the view it belongs to (its locale and photos),
 * rasterised once into the view's texture, so its text is not kept; NULL:
 * a list drawn every frame (chrome, controls, cards), whose text comes
 * from the text cache, and which has no pictures (they belong to panels). */
void disp_draw_item_now(struct display *d, struct panel_view *v, const struct draw_item *it);
void disp_clip_tex_free(struct display *d, struct view_video *vv);
void disp_draw_figure(struct display *d, struct panel_view *v, struct anim_item *it, int dx,
                      uint8_t alpha, double t, struct figure_pieces *fp);
void disp_draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha, double anim_t,
                    unsigned parts);
int disp_view_build(struct display *d, struct panel_view *v, int resting, char *why,
                    size_t why_len);
void disp_view_drop_textures(struct panel_view *v);
void disp_view_pack(struct display *d, struct panel_view *v);
void disp_view_release(struct panel_view *v);
int disp_view_unpack(struct display *d, struct panel_view *v);
/* A resting view's kept tiles, for a crossfade to read in place of its
 * static layer: 0, or -1 when it is not at rest. */
int disp_view_tiles(const struct panel_view *v, struct blend_tiles *out);
/* A resting view's pixels over the n rects of the software renderer's
 * output, from its tiles: 0, or -1 (not at rest, or no such output). */
int disp_rest_copy(struct display *d, struct panel_view *v, const SDL_Rect *r, int n);
int disp_crossfade_own(struct display *d, const struct frame *f, int w, int h);
void disp_damage_plan(struct display *d, const struct frame *f, int w, int h);
SDL_Texture *disp_layer_locked(struct display *d, int w, int h, void **px, int *pitch);
int disp_meets(const SDL_Rect *r, const SDL_Rect *set, int n);
SDL_Surface *disp_own_output(struct display *d);
int disp_picture_own(struct display *d, const struct view_video *vv, int dx, uint8_t alpha);
long disp_rect_area(const SDL_Rect *r);
int disp_rect_less(const SDL_Rect *r, const SDL_Rect *cut, SDL_Rect *out);
void disp_rects_merge(SDL_Rect *r, int *n);
void disp_scan_content(struct panel_view *v, const uint32_t *px, int pitch, uint32_t bg);
int disp_scan_tiles(const uint32_t *px, int pitch, int w, int h, int t, uint32_t bg,
                    uint64_t (*bits)[DMG_WORDS]);
int disp_view_own_begin(struct display *d, struct panel_view *v, struct own_build *b);
void disp_view_own_end(struct display *d, struct panel_view *v, struct own_build *b);
void disp_p_video(void *ctx, struct pview *view, struct pvideo *out);
void disp_parked_close(struct display *d);
void disp_stopped_said(const char *name, struct draw_rect r, struct video_player *p);
void disp_video_park(struct panel_view *v);
void disp_video_play(struct display *d, struct panel_view *v, int play, uint32_t run, int hush);
void disp_video_presented_all(struct display *d);
void disp_video_stop(struct display *d, struct view_video *vv);
void disp_video_sweep(struct display *d);
int disp_anim_extent(struct display *d, struct panel_view *v, struct anim_item *it, double eased,
                     SDL_Rect *r);
int disp_picture_lock(const struct view_video *vv, void **px, int *pitch);
int disp_picture_rect(const struct panel_view *v, int w, int h, SDL_Rect *r);
int disp_under_rects(struct display *d, struct panel_view *v, double anim_t, int w, int h,
                     int with_picture, SDL_Rect *out);

#endif
