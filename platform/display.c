/* display.c - the screen through SDL's 2D renderer, and prepared panel views.
 *
 * LIMITATIONS: one window on one display. A view's static layer lives in a
 * render-target texture; an accelerated renderer may lose target contents
 * (SDL_RENDER_TARGETS_RESET / SDL_RENDER_DEVICE_RESET): the caller then
 * prepares its views again. Views must be freed before display_close; a
 * view still alive at close loses its textures and only its memory is freed
 * by display_view_free. Figures are composed glyph by glyph without kerning
 * between glyphs (digits are tabular, so this only matters around the
 * prefix and suffix, which are rasterised whole). display_draw_list draws
 * no DRAW_IMAGE (pictures are panel content). Not thread safe (the
 * crossfade's worker threads, blend.c, only mix pixels while the main
 * thread waits). The software crossfade (crossfade_own) relies on SDL's
 * software renderer handing out a streaming texture's own, kept pixels
 * when it is locked, as SDL 2 does; other renderers draw crossfades
 * through SDL.
 * DEPENDENCIES: SDL2 >= 2.0.18 (SDL_RenderSetVSync), SDL2_image (PNG),
 * text.c for rasterising, app/visitor/layout.c for colours and figure text.
 * Headless mode needs no video driver: a software renderer draws into an
 * ARGB8888 surface. */
#define _DEFAULT_SOURCE /* access */
#include "display.h"
#include "frame_plan.h"
#include "bidi.h"
#include "blend.h"
#include "x11wm.h"
#include "clip_gl.h"

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

/* Glyphs a count-up figure is made of, rasterised when a view is prepared:
 * digits, separators, range dash, approximately, minus, narrow no-break
 * space (French thousands), no-break space, space, sign and percent. */
static const char *const figure_glyphs[] = {"0",
                                            "1",
                                            "2",
                                            "3",
                                            "4",
                                            "5",
                                            "6",
                                            "7",
                                            "8",
                                            "9",
                                            ",",
                                            ".",
                                            "\xE2\x80\x93",
                                            "~",
                                            "\xE2\x88\x92",
                                            "\xE2\x80\xAF",
                                            "\xC2\xA0",
                                            " ",
                                            "-",
                                            "+",
                                            "%",
                                            NULL};

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
 * wants the final picture). The decoded picture is kept for rebuilds. */
struct view_photo {
    struct job *job; /* decoding, or NULL */
    /* the job's input and, once it has finished, its output */
    const struct panel_image *img;
    int out_w, out_h;
    SDL_Surface *out;
    uint32_t bg; /* what shows through a transparent photo */
    char why[200];
    /* the main thread's */
    SDL_Surface *pic; /* decoded, owned */
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
static uint32_t rgb_of(const struct palette *pal, enum color_role role)
{
    return pal->rgb[(unsigned)role < COLOR_COUNT ? role : COLOR_TEXT];
}

struct display {
    struct palette pal; /* the exhibit's colours (display_set_look) */
    SDL_Window *win;
    SDL_Renderer *ren;
    SDL_Surface *surface;   /* headless target */
    int video;              /* SDL video initialised by us */
    int fullscreen_pending; /* go full screen after the first present */
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
    long clip_frames, clip_frames_gl; /* pictures drawn (display_clip_frames) */
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
    SDL_Rect dmg[DMG_RECTS];                /* this frame's damage; n_dmg -1: the whole output */
    struct plan_damage plan; /* ... as the planner gave it (frame_plan.h) */
    int n_dmg;
    const void *shown_out; /* the output the last frame was presented from, and its size */
    int shown_w, shown_h;
    long partial_presents;      /* presents of the damage only */
    long damaged;               /* pixels the last present drew (display_damaged) */
    long packs, unpacks;        /* views put to rest and made whole again */
    struct panel_view *to_rest; /* put to rest at display_idle */
    long rest_drawn;            /* presents when it was drawn */
    long presents;              /* every present: the first frame's view is scanned after it */
};

static SDL_Surface *own_output(struct display *d);
static int meets(const SDL_Rect *r, const SDL_Rect *set, int n);

/* Textures this process holds in its renderers: every create and destroy
 * goes through these two (main thread only), for the soak's leak check. */
static long live_textures;

static SDL_Texture *tex_counted(SDL_Texture *t)
{
    live_textures += t != NULL;
    return t;
}

static void tex_destroy(SDL_Texture *t)
{
    if (!t)
        return;
    live_textures--;
    SDL_DestroyTexture(t);
}

long display_live_textures(void)
{
    return live_textures;
}

static void set_why(char *why, size_t why_len, const char *what)
{
    rules_fail(why, why_len, "%s: %s", what, SDL_GetError());
}

static uint8_t mul_alpha(uint8_t a, uint8_t b)
{
    return (uint8_t)((a * b + 127) / 255);
}

static void set_color(SDL_Renderer *ren, uint32_t rgb, uint8_t a)
{
    SDL_SetRenderDrawBlendMode(ren, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, (Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, a);
}

/* Decode one UTF-8 sequence at *p (valid text from the store); advances *p. */
static uint32_t utf8_next(const char **p, const char *end)
{
    const unsigned char *s = (const unsigned char *)*p;
    uint32_t c = s[0];
    int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    if (n)
        c &= 0x3Fu >> n;
    if ((const char *)s + 1 + n > end)
        n = (int)(end - (const char *)s) - 1;
    for (int i = 1; i <= n; i++)
        c = (c << 6) | (s[i] & 0x3Fu);
    *p += 1 + n;
    return c;
}

static size_t utf8_put(uint32_t c, char *out)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

static int is_software(const struct display *d);

static void ink_free(struct ink *k)
{
    free(k->a);
    memset(k, 0, sizeof(*k));
}

/* k: the coverage of s (ARGB8888) when every inked pixel of it is rgb and
 * the software crossfade may draw it; else none. */
static void ink_make(struct display *d, struct ink *k, const SDL_Surface *s, uint32_t rgb)
{
    memset(k, 0, sizeof(*k));
    if (d->own_blend_off || !is_software(d) || s->format->format != SDL_PIXELFORMAT_ARGB8888)
        return;
    k->a = malloc((size_t)s->w * (size_t)s->h);
    if (!k->a)
        return;
    k->w = s->w;
    k->h = s->h;
    k->rgb = rgb & 0xFFFFFFu;
    for (int y = 0; y < s->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++) {
            if ((row[x] >> 24) && (row[x] & 0xFFFFFFu) != k->rgb) {
                ink_free(k); /* not one colour: SDL draws it */
                return;
            }
            k->a[(size_t)y * (size_t)s->w + (size_t)x] = (uint8_t)(row[x] >> 24);
        }
    }
}

/* Rasterise text into a blended texture; NULL when there is nothing to see.
 * ink (may be NULL): its coverage too, for the software crossfade. */
static SDL_Texture *text_texture_ink(struct display *d, enum font_face face, int px, uint32_t rgb,
                                     const char *s, size_t n, int rtl, int *w, int *h,
                                     struct ink *ink)
{
    *w = *h = 0;
    if (ink)
        memset(ink, 0, sizeof(*ink));
    SDL_Surface *surf = text_render_dir(d->text, face, px, rgb, s, n, rtl);
    if (!surf)
        return NULL;
    SDL_Texture *tex = tex_counted(SDL_CreateTextureFromSurface(d->ren, surf));
    if (tex) {
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
        *w = surf->w;
        *h = surf->h;
        if (ink)
            ink_make(d, ink, surf, rgb);
    } else {
        log_warn(TAG, "text texture: %s", SDL_GetError());
    }
    SDL_FreeSurface(surf);
    return tex;
}

static SDL_Texture *text_texture(struct display *d, enum font_face face, int px, uint32_t rgb,
                                 const char *s, size_t n, int rtl, int *w, int *h)
{
    return text_texture_ink(d, face, px, rgb, s, n, rtl, w, h, NULL);
}

static void copy_at(SDL_Renderer *ren, SDL_Texture *tex, int x, int y, int w, int h, uint8_t a)
{
    if (!tex || a == 0)
        return;
    SDL_SetTextureAlphaMod(tex, a);
    SDL_Rect dst = {x, y, w, h};
    SDL_RenderCopy(ren, tex, NULL, &dst);
}

static void *pixel_at(void *base, int pitch, int x, int y)
{
    return (Uint8 *)base + (ptrdiff_t)y * pitch + (ptrdiff_t)x * 4;
}

/* copy_at; while the software crossfade draws over its mix (d->own_out),
 * a one-colour texture at alpha 1..254 is drawn from its ink by
 * blend_ink, with SDL's own arithmetic, an order of magnitude faster than
 * SDL's general blit. */
static void put_tex(struct display *d, SDL_Texture *tex, const struct ink *k, int x, int y, int w,
                    int h, uint8_t a)
{
    SDL_Surface *out = d->own_out;
    if (!out || !tex || !k || !k->a || a == 0 || a == 255 || k->w != w || k->h != h) {
        copy_at(d->ren, tex, x, y, w, h, a);
        return;
    }
    SDL_Rect r = {x, y, w, h}, screen = {0, 0, out->w, out->h}, c;
    if (!SDL_IntersectRect(&r, &screen, &c))
        return;
    SDL_RenderFlush(d->ren); /* what was queued before lands under it */
    blend_ink(pixel_at(out->pixels, out->pitch, c.x, c.y), out->pitch,
              k->a + (size_t)(c.y - y) * (size_t)k->w + (size_t)(c.x - x), k->w, c.w, c.h, k->rgb,
              a, out->format->Amask);
}

/* How a photo is named in the log: its file name in the sources, else its
 * description. */
static void photo_name(const struct panel_image *img, char *out, size_t n)
{
    if (img->name && *img->name)
        snprintf(out, n, "%s", img->name);
    else
        snprintf(out, n, "\"%.60s%s\"", img->alt ? img->alt : "",
                 img->alt && strlen(img->alt) > 60 ? "..." : "");
}

static int photo_cancelled(void *ctx)
{
    return job_cancelled(ctx);
}

/* The worker: decode the photo; the main thread reads out and why once
 * job_poll reports the job finished. */
static int photo_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct view_photo *p = ctx;
    p->out = photo_decode(p->img->data, p->img->size, p->out_w, p->out_h, p->bg, photo_cancelled, j,
                          p->why, sizeof(p->why));
    snprintf(msg, msg_len, "%s", p->out ? "decoded" : p->why);
    return p->out ? 0 : 1;
}

static void photo_refused(const struct panel_image *img, const char *why)
{
    char name[80];
    photo_name(img, name, sizeof(name));
    /* a logo has no description: it is left out */
    if (img->alt)
        log_warn(TAG, "The photo %s %s; its panel shows the description instead.", name, why);
    else
        log_warn(TAG, "The picture %s %s; it is left out.", name, why);
}

static void photo_forget(struct view_photo *p)
{
    job_free(p->job); /* cancels and waits: the bytes are the view owner's */
    if (p->out)
        SDL_FreeSurface(p->out);
    if (p->pic)
        SDL_FreeSurface(p->pic);
    memset(p, 0, sizeof(*p));
}

/* Decode a DRAW_IMAGE's picture into a texture fitted inside its box (aspect
 * kept, centred); *dst receives where it goes. The photo is shrunk while it
 * is decoded (photo.h: box filter, photos stay smooth) to at most
 * PHOTO_MAX_OUT_PIXELS; the renderer's linear filter enlarges the rest. A
 * photo that cannot be shown is logged once and gives NULL: the panel keeps
 * its placeholder and its caption. With a view (v) and a window, the first
 * build starts decoding on a worker and gives NULL (the placeholder) until
 * display_poll_photos finds it decoded and builds the view again. */
static SDL_Texture *image_texture(struct display *d, struct panel_view *v,
                                  const struct draw_item *it, SDL_Rect *dst)
{
    const struct panel_image *img = it->image;
    if (!img || !img->data || img->size == 0 || it->r.w < 1 || it->r.h < 1)
        return NULL;
    char why[200];
    struct photo_info info;
    int w, h, ow, oh;
    if (photo_probe(img->data, img->size, &info, why, sizeof(why)) != 0) {
        if (!v || !v->photo.failed)
            photo_refused(img, why);
        if (v)
            v->photo.failed = 1;
        return NULL;
    }
    photo_fit(info.w, info.h, it->r.w, it->r.h, &w, &h, &ow, &oh);
    dst->x = it->r.x + (it->r.w - w) / 2;
    dst->y = it->r.y + (it->r.h - h) / 2;
    dst->w = w;
    dst->h = h;
    struct view_photo *p = v && (!v->photo.img || v->photo.img == img) ? &v->photo : NULL;
    SDL_Surface *s = NULL;
    if (p && p->failed)
        return NULL;
    if (p && p->pic && p->pic->w == ow && p->pic->h == oh) {
        s = p->pic; /* decoded before: a rebuild */
    } else if (p && !d->headless) {
        if (p->job)
            return NULL; /* still decoding */
        p->img = img;
        p->out_w = ow;
        p->out_h = oh;
        p->bg = rgb_of(&d->pal, COLOR_BG);
        p->job = job_start("photo", photo_job, p, events_waker(), why, sizeof(why));
        if (p->job)
            return NULL; /* the placeholder until it is decoded */
        log_warn(TAG, "decoding a photo here: %s", why);
    }
    if (!s) {
        s = photo_decode(img->data, img->size, ow, oh, rgb_of(&d->pal, COLOR_BG), NULL, NULL, why,
                         sizeof(why));
        if (!s) {
            photo_refused(img, why);
            if (p)
                p->failed = 1;
            return NULL;
        }
        if (p) {
            p->img = img;
            p->pic = s;
        }
    }
    SDL_Texture *tex = tex_counted(SDL_CreateTextureFromSurface(d->ren, s));
    if (!p || p->pic != s)
        SDL_FreeSurface(s);
    if (!tex) {
        log_warn(TAG, "panel image texture: %s", SDL_GetError());
        return NULL;
    }
    SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear);
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    return tex;
}

/* ---- the display ---------------------------------------------------------- */

/* A GPU that the kernel drives: a DRM device, or NVIDIA's own driver,
 * whose device nodes are its own when its DRM module is not loaded (a
 * headless or container install). Without one, OpenGL can only be Mesa's
 * software rasteriser. */
int display_have_gpu(void)
{
    static const char *const paths[] = {"/dev/dri/renderD128", "/dev/dri/card0", "/dev/dri/card1",
                                        "/dev/nvidiactl"};
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
        if (access(paths[i], F_OK) == 0)
            return 1;
    return 0;
}

/* The OpenGL implementation behind the renderer just made, if it is
 * software (llvmpipe, softpipe, swrast): its name into name, and 1. */
static int gl_is_software(char *name, size_t n)
{
    typedef const unsigned char *(*get_string_fn)(unsigned int);
    get_string_fn get = (get_string_fn)(uintptr_t)SDL_GL_GetProcAddress("glGetString");
    const char *r = get ? (const char *)get(0x1F01 /* GL_RENDERER */) : NULL;
    snprintf(name, n, "%s", r ? r : "an unknown OpenGL");
    return r && (strstr(r, "llvmpipe") || strstr(r, "softpipe") || strstr(r, "swrast") ||
                 strstr(r, "Software Rasterizer"));
}

static int create_software(struct display *d)
{
    /* present the window surface directly, not through an OpenGL texture
     * (which on a GPU-less machine is Mesa's software GL and costs more
     * than the frame itself); SDL_FRAMEBUFFER_ACCELERATION still wins */
    SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT);
    d->ren = SDL_CreateRenderer(d->win, -1, SDL_RENDERER_SOFTWARE);
    if (!d->ren) {
        /* a video driver with no window surface of its own (Wayland, as
         * under cage) draws through OpenGL ES, Mesa's software one on a
         * machine without a GPU: whatever renderer SDL has, rather than none */
        log_warn(TAG, "the software renderer has no window surface here (%s): SDL's own choice",
                 SDL_GetError());
        d->ren = SDL_CreateRenderer(d->win, -1, 0);
    }
    return d->ren ? 0 : -1;
}

/* The renderer: the software one into the surface when headless; for a
 * window, the one asked for, or (auto) an accelerated one only on real
 * hardware. Called at open and again when the renderer lost its device
 * (display_recover). */
static int create_renderer(struct display *d, char *why, size_t why_len)
{
    if (d->headless) {
        d->ren = SDL_CreateSoftwareRenderer(d->surface);
        if (!d->ren) {
            set_why(why, why_len, "software renderer");
            return -1;
        }
        snprintf(d->renderer_why, sizeof(d->renderer_why), "software (offscreen)");
        return 0;
    }
    const char *env = SDL_getenv("SDL_RENDER_DRIVER");
    const char *want = d->renderer_pref[0] && strcmp(d->renderer_pref, "auto") != 0
                           ? d->renderer_pref
                       : env && *env ? env
                                     : "auto";
    char gl[128];
    if (strcmp(want, "auto") == 0 && !display_have_gpu()) {
        create_software(d);
        snprintf(d->renderer_why, sizeof(d->renderer_why), "software: no GPU device in /dev/dri");
    } else if (strcmp(want, "auto") == 0) {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "");
        d->ren = SDL_CreateRenderer(d->win, -1, SDL_RENDERER_ACCELERATED);
        SDL_RendererInfo info;
        if (d->ren && SDL_GetRendererInfo(d->ren, &info) == 0 &&
            strncmp(info.name, "opengl", 6) == 0 && gl_is_software(gl, sizeof(gl))) {
            SDL_DestroyRenderer(d->ren);
            d->ren = NULL;
            create_software(d);
            snprintf(d->renderer_why, sizeof(d->renderer_why),
                     "software: OpenGL here is %.60s, a software rasteriser", gl);
        } else if (d->ren) {
            snprintf(d->renderer_why, sizeof(d->renderer_why), "%s: a GPU (%.60s)", info.name,
                     strncmp(info.name, "opengl", 6) == 0 ? gl : "accelerated");
        } else {
            create_software(d);
            snprintf(d->renderer_why, sizeof(d->renderer_why),
                     "software: no accelerated renderer (%.80s)", SDL_GetError());
        }
    } else if (strcmp(want, "software") == 0) {
        create_software(d);
        snprintf(d->renderer_why, sizeof(d->renderer_why), "software: asked for");
    } else {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, want);
        d->ren = SDL_CreateRenderer(d->win, -1, 0);
        if (d->ren)
            snprintf(d->renderer_why, sizeof(d->renderer_why), "%s: asked for", want);
        else {
            log_warn(TAG, "renderer %s: %s; using the software renderer", want, SDL_GetError());
            create_software(d);
            snprintf(d->renderer_why, sizeof(d->renderer_why),
                     "software: %s was asked for but cannot be made", want);
        }
    }
    if (!d->ren) {
        set_why(why, why_len, "renderer");
        return -1;
    }
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(d->ren, &info) == 0 && (info.flags & SDL_RENDERER_ACCELERATED))
        SDL_RenderSetVSync(d->ren, 1);
    clip_gl_renderer(d->ren, &d->ren_gl);
    log_info(TAG, "video %s, renderer %s", SDL_GetCurrentVideoDriver(), d->renderer_why);
    return 0;
}

void display_prepare_env(void)
{
    /* Under X11, SDL opens an input method for typed text at its start,
     * and libX11's own (without an input method server) parses the
     * locale's whole Compose table then: about 8 ms of the first frame and
     * 10 ms of CPU on the 2-core build machine (medians of 30 runs,
     * interleaved: 89.2 -> 81.2 ms from exec under Xvfb). The kiosk takes
     * no typed text, so its table is empty unless the installation names
     * one. */
    setenv("XCOMPOSEFILE", "/dev/null", 0);
}

int display_desktop(char *driver, size_t driver_len, int *w, int *h)
{
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
        return -1;
    SDL_DisplayMode mode;
    int rc = SDL_GetDesktopDisplayMode(0, &mode) == 0 ? 0 : -1;
    *w = rc == 0 ? mode.w : 0;
    *h = rc == 0 ? mode.h : 0;
    const char *name = SDL_GetCurrentVideoDriver();
    snprintf(driver, driver_len, "%s", name ? name : "unknown");
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return rc;
}

const char *display_renderer(const struct display *d)
{
    return d ? d->renderer_why : "none";
}

static int open_headless(struct display *d, const struct display_opts *o, char *why, size_t why_len)
{
    int w = o->w > 0 ? o->w : HEADLESS_W, h = o->h > 0 ? o->h : HEADLESS_H;
    d->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!d->surface) {
        set_why(why, why_len, "headless surface");
        return -1;
    }
    return create_renderer(d, why, why_len);
}

static int open_window(struct display *d, const struct display_opts *o, char *why, size_t why_len)
{
    /* A kiosk stays on screen when focus moves, keeps the screen awake and
     * leaves system keys (VT switch, the window manager's) alone. */
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0");
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0");
    SDL_SetHint(SDL_HINT_GRAB_KEYBOARD, "0");
    /* Closing the window (Alt+F4, the window manager) never quits: SDL then
     * sends SDL_QUIT only for SIGINT/SIGTERM, which means "the system is
     * stopping the kiosk" (events.c). */
    SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0");
    SDL_SetHint(SDL_HINT_ALLOW_ALT_TAB_WHILE_GRABBED, "1");
    if (SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        set_why(why, why_len, "SDL video");
        return -1;
    }
    d->video = 1;
    SDL_DisableScreenSaver();

    Uint32 flags = SDL_WINDOW_SHOWN | SDL_WINDOW_ALLOW_HIGHDPI;
    int w = WINDOW_W, h = WINDOW_H;
    if (o->windowed) {
        if (o->w > 0 && o->h > 0) {
            w = o->w;
            h = o->h;
        }
    } else {
        /* The desktop's own mode, landscape or portrait. The window is
         * created borderless at that size and made full screen only after
         * the first frame is shown (display_present): on X11 SDL waits up
         * to 100 ms for a window manager to grant full screen, and a kiosk
         * often has none. (A 0x0 window, the usual idiom, stays 1x1 there:
         * a black screen.) */
        flags |= SDL_WINDOW_BORDERLESS;
        d->fullscreen_pending = 1;
        SDL_DisplayMode mode;
        if (SDL_GetDesktopDisplayMode(0, &mode) == 0 && mode.w > 0 && mode.h > 0) {
            w = mode.w;
            h = mode.h;
        }
        if (o->w > 0 || o->h > 0)
            log_info(TAG, "full screen uses the native resolution, not %dx%d", o->w, o->h);
    }
    int pos = o->windowed ? (int)SDL_WINDOWPOS_CENTERED : 0;
    d->win = SDL_CreateWindow("vitrine", pos, pos, w, h, flags);
    if (!d->win) {
        set_why(why, why_len, "window");
        return -1;
    }
    if (!o->windowed) {
        SDL_ShowCursor(SDL_DISABLE);
        /* no window manager: the borderless window at the screen's size is
         * already full screen, and asking for it would wait ~200 ms for an
         * answer that never comes */
        if (x11_wm_running(d->win) == 0) {
            d->fullscreen_pending = 0;
            log_info(TAG, "no window manager: a borderless window covers the screen");
        }
    }

    return create_renderer(d, why, why_len);
}

struct display *display_open(const struct display_opts *o, char *why, size_t why_len)
{
    struct display_opts none = {0};
    if (!o)
        o = &none;
    struct display *d = calloc(1, sizeof(*d));
    if (!d) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    d->n_dmg = -1; /* the first frame goes out whole */
    theme_palette(NULL, &d->pal);
    d->headless = o->headless;
    d->dpi = o->dpi > 0 ? o->dpi : 0;
    d->rotation = o->rotation == 90 || o->rotation == 180 || o->rotation == 270 ? o->rotation : 0;
    snprintf(d->renderer_pref, sizeof(d->renderer_pref), "%s", o->renderer ? o->renderer : "auto");
    int rc = o->headless ? open_headless(d, o, why, why_len) : open_window(d, o, why, why_len);
    if (rc != 0)
        goto fail;
    d->text = text_open(o->assets_dir, why, why_len);
    if (!d->text)
        goto fail;
    display_clear(d);
    return d;
fail:
    display_close(d);
    return NULL;
}

static void view_release(struct panel_view *v);
static void view_pack(struct display *d, struct panel_view *v);
static int view_unpack(struct display *d, struct panel_view *v);
static void cache_flush(struct display *d);
static void parked_close(struct display *d);
static void stopped_said(const char *name, struct draw_rect r, struct video_player *p);

void display_close(struct display *d)
{
    if (!d)
        return;
    while (d->views) {
        struct panel_view *v = d->views;
        log_warn(TAG, "a panel view outlives the display; free views first");
        view_release(v);
    }
    cache_flush(d);
    parked_close(d);
    clip_gl_close(d->clip_gl);
    if (d->text)
        text_close(d->text);
    tex_destroy(d->frame);
    tex_destroy(d->turn_tex);
    free(d->turn_buf);
    blend_pool_free(d->blend);
    if (d->ren)
        SDL_DestroyRenderer(d->ren);
    if (d->win)
        SDL_DestroyWindow(d->win);
    if (d->surface)
        SDL_FreeSurface(d->surface);
    if (d->video)
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS);
    free(d);
}

/* The output's size in pixels, as the renderer draws it (unturned). */
static void output_size(const struct display *d, int *w, int *h)
{
    *w = *h = 0;
    if (!d || !d->ren)
        return;
    /* SDL tells the target texture's size while one is set (the turned
     * frame): then the output is the headless surface or the window's
     * pixels, asked without switching targets (a switch flushes the
     * renderer's batch, and this is asked several times a frame) */
    if (!SDL_GetRenderTarget(d->ren)) {
        if (SDL_GetRendererOutputSize(d->ren, w, h) != 0)
            *w = *h = 0;
    } else if (d->surface) {
        *w = d->surface->w;
        *h = d->surface->h;
    } else if (d->win) {
        SDL_GetWindowSizeInPixels(d->win, w, h);
    }
}

static int turned(const struct display *d)
{
    return d->rotation == 90 || d->rotation == 270;
}

/* The texture the kiosk draws its frames into: the output itself (NULL)
 * without rotation, else frame, made (again) at the turned size when the
 * output's size changed or the renderer lost it. A frame texture that
 * cannot be made leaves the picture unturned, said once in the log: a
 * turned picture is worth a texture, a black screen is not. */
static SDL_Texture *screen_target(struct display *d)
{
    if (!d->rotation || d->frame_failed)
        return NULL;
    int ow, oh;
    output_size(d, &ow, &oh);
    int fw = turned(d) ? oh : ow, fh = turned(d) ? ow : oh;
    if (d->frame && (d->frame_w != fw || d->frame_h != fh)) {
        tex_destroy(d->frame);
        d->frame = NULL;
    }
    if (!d->frame && fw > 0 && fh > 0) {
        d->frame = tex_counted(
            SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, fw, fh));
        if (!d->frame) {
            log_error(TAG, "the turned picture cannot be drawn (%s): drawing it unturned",
                      SDL_GetError());
            d->frame_failed = 1;
            return NULL;
        }
        SDL_SetTextureScaleMode(d->frame, SDL_ScaleModeNearest); /* a copy, never a blur */
        d->frame_w = fw;
        d->frame_h = fh;
    }
    return d->frame;
}

static void to_screen(struct display *d)
{
    SDL_SetRenderTarget(d->ren, screen_target(d));
}

/* src (w x h, upright) turned rot degrees clockwise into dst (pitch in
 * pixels), in 32-pixel tiles so that both sides stay in the cache. */
static void turn_pixels(const uint32_t *src, int w, int h, uint32_t *dst, int dpitch, int rot)
{
    enum { T = 32 };
    size_t dp = (size_t)dpitch;
    for (int y0 = 0; y0 < h; y0 += T)
        for (int x0 = 0; x0 < w; x0 += T) {
            int y1 = y0 + T < h ? y0 + T : h, x1 = x0 + T < w ? x0 + T : w;
            for (int y = y0; y < y1; y++) {
                const uint32_t *s = src + (size_t)y * (size_t)w + x0;
                /* (x, y) upright lands at column h-1-y, row x (90); at
                 * w-1-x, h-1-y (180); at column y, row w-1-x (270) */
                if (rot == 90) {
                    uint32_t *d = dst + (size_t)x0 * dp + (size_t)(h - 1 - y);
                    for (int x = x0; x < x1; x++, d += dp)
                        *d = *s++;
                } else if (rot == 180) {
                    uint32_t *d = dst + (size_t)(h - 1 - y) * dp + (size_t)(w - 1 - x0);
                    for (int x = x0; x < x1; x++)
                        *d-- = *s++;
                } else {
                    uint32_t *d = dst + (size_t)(w - 1 - x0) * dp + (size_t)y;
                    for (int x = x0; x < x1; x++, d -= dp)
                        *d = *s++;
                }
            }
        }
}

/* The software renderer's turn: the frame read back, turned into a
 * streaming texture of the output's size, copied unturned. 0, or -1 (then
 * SDL_RenderCopyEx does it). */
static int turn_soft(struct display *d, SDL_Texture *f, int ow, int oh)
{
    int fw = d->frame_w, fh = d->frame_h;
    int tw = turned(d) ? fh : fw, th = turned(d) ? fw : fh;
    size_t need = (size_t)fw * (size_t)fh;
    if (need > d->turn_cap) {
        uint32_t *b = realloc(d->turn_buf, need * sizeof(*b));
        if (!b)
            return -1;
        d->turn_buf = b;
        d->turn_cap = need;
    }
    if (d->turn_tex && (d->turn_w != tw || d->turn_h != th)) {
        tex_destroy(d->turn_tex);
        d->turn_tex = NULL;
    }
    if (!d->turn_tex) {
        d->turn_tex = tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_ARGB8888,
                                                    SDL_TEXTUREACCESS_STREAMING, tw, th));
        if (!d->turn_tex)
            return -1;
        d->turn_w = tw;
        d->turn_h = th;
    }
    SDL_SetRenderTarget(d->ren, f);
    int rc = SDL_RenderReadPixels(d->ren, NULL, SDL_PIXELFORMAT_ARGB8888, d->turn_buf, fw * 4);
    SDL_SetRenderTarget(d->ren, NULL);
    void *px;
    int pitch;
    if (rc != 0 || SDL_LockTexture(d->turn_tex, NULL, &px, &pitch) != 0)
        return -1;
    turn_pixels(d->turn_buf, fw, fh, px, pitch / 4, d->rotation);
    SDL_UnlockTexture(d->turn_tex);
    SDL_Rect dst = {(ow - tw) / 2, (oh - th) / 2, tw, th};
    SDL_SetTextureBlendMode(d->turn_tex, SDL_BLENDMODE_NONE);
    return SDL_RenderCopy(d->ren, d->turn_tex, NULL, &dst);
}

static int is_software(const struct display *d)
{
    SDL_RendererInfo info;
    return d->ren && SDL_GetRendererInfo(d->ren, &info) == 0 &&
           (info.flags & SDL_RENDERER_SOFTWARE);
}

/* The turned frame onto the output, centred, rotated clockwise; the
 * renderer's target is the output after. */
static void compose(struct display *d)
{
    SDL_Texture *f = screen_target(d);
    SDL_SetRenderTarget(d->ren, NULL);
    if (!f)
        return;
    int sw, sh;
    output_size(d, &sw, &sh);
    if (is_software(d)) {
        if (sw != (turned(d) ? d->frame_h : d->frame_w) ||
            sh != (turned(d) ? d->frame_w : d->frame_h)) {
            SDL_SetRenderDrawColor(d->ren, 0, 0, 0, 255);
            SDL_RenderClear(d->ren);
        }
        if (turn_soft(d, f, sw, sh) == 0)
            return;
        SDL_SetRenderTarget(d->ren, NULL);
    }
    int ow, oh;
    output_size(d, &ow, &oh);
    SDL_Rect dst = {(ow - d->frame_w) / 2, (oh - d->frame_h) / 2, d->frame_w, d->frame_h};
    SDL_SetRenderDrawColor(d->ren, 0, 0, 0, 255);
    SDL_RenderClear(d->ren);
    SDL_SetTextureBlendMode(f, SDL_BLENDMODE_NONE);
    if (SDL_RenderCopyEx(d->ren, f, NULL, &dst, (double)d->rotation, NULL, SDL_FLIP_NONE) != 0)
        log_error(TAG, "turning the picture: %s", SDL_GetError());
}

void display_size(const struct display *d, int *w, int *h)
{
    int ww = 0, hh = 0;
    output_size(d, &ww, &hh);
    if (d && !d->frame_failed && turned(d)) {
        int t = ww;
        ww = hh;
        hh = t;
    }
    if (w)
        *w = ww;
    if (h)
        *h = hh;
}

struct text *display_text(struct display *d)
{
    return d ? d->text : NULL;
}

const char *display_driver(const struct display *d)
{
    if (!d || d->headless)
        return "headless";
    const char *name = SDL_GetCurrentVideoDriver();
    return name ? name : "unknown";
}

static void clear_now(struct display *d)
{
    to_screen(d);
    set_color(d->ren, rgb_of(&d->pal, COLOR_BG), 255);
    SDL_RenderClear(d->ren);
}

void display_clear(struct display *d)
{
    if (!d)
        return;
    display_damage_all(d);
    clear_now(d);
}

void display_damage_all(struct display *d)
{
    if (!d)
        return;
    d->shown.ok = 0;
    d->drawing.ok = 0;
    d->n_dmg = -1;
}

long display_partial_presents(const struct display *d)
{
    return d ? d->partial_presents : 0;
}

long display_damaged(const struct display *d)
{
    return d ? d->damaged : 0;
}

void display_clear_black(struct display *d)
{
    if (!d)
        return;
    display_damage_all(d);
    to_screen(d);
    SDL_SetRenderDrawColor(d->ren, 0, 0, 0, 255);
    SDL_RenderClear(d->ren);
}

static void video_presented_all(struct display *d);
static long rect_area(const SDL_Rect *r);

void display_present(struct display *d)
{
    if (!d)
        return;
    compose(d);
    if (d->n_dmg >= 0 && d->win && !d->headless && !d->rotation && is_software(d)) {
        /* the damage only (display_draw_frame): what SDL_RenderPresent
         * does for the software renderer, less the rest of the screen */
        SDL_RenderFlush(d->ren);
        if (d->n_dmg > 0 && SDL_UpdateWindowSurfaceRects(d->win, d->dmg, d->n_dmg) != 0)
            SDL_RenderPresent(d->ren);
    } else {
        SDL_RenderPresent(d->ren);
    }
    d->partial_presents += d->n_dmg >= 0;
    if (d->n_dmg >= 0) {
        d->damaged = 0;
        for (int i = 0; i < d->n_dmg; i++)
            d->damaged += rect_area(&d->dmg[i]);
    } else {
        int w, h;
        output_size(d, &w, &h);
        d->damaged = (long)w * h;
    }
    d->presents++;
    d->shown = d->drawing;
    d->drawing.ok = 0;
    d->n_dmg = -1;
    to_screen(d);
    SDL_Surface *o = own_output(d);
    d->shown_out = o;
    d->shown_w = o ? o->w : 0;
    d->shown_h = o ? o->h : 0;
    video_presented_all(d);
    if (d->fullscreen_pending) {
        d->fullscreen_pending = 0;
        if (SDL_SetWindowFullscreen(d->win, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
            log_warn(TAG, "full screen: %s; staying a borderless window", SDL_GetError());
        display_damage_all(d);
    }
}

SDL_Surface *display_snapshot(struct display *d)
{
    int w, h;
    if (!d)
        return NULL;
    output_size(d, &w, &h);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    compose(d); /* what the output shows: turned when the kiosk draws turned */
    int rc = SDL_RenderReadPixels(d->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
    to_screen(d);
    if (rc != 0) {
        SDL_FreeSurface(s);
        return NULL;
    }
    /* The frame is opaque; the renderer's alpha channel is not meaningful. */
    for (int y = 0; y < h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch);
        for (int x = 0; x < w; x++)
            row[x] |= 0xFF000000u;
    }
    return s;
}

SDL_Surface *display_thumbnail(struct display *d, int max_side)
{
    SDL_Surface *full = display_snapshot(d);
    if (!full || max_side < 1)
        return full;
    int w = full->w, h = full->h, side = w > h ? w : h;
    if (side > max_side) {
        w = (int)((long)w * max_side / side);
        h = (int)((long)h * max_side / side);
    }
    SDL_Surface *small = image_scale_box(full, w > 0 ? w : 1, h > 0 ? h : 1, 0);
    SDL_FreeSurface(full);
    return small;
}

int display_save_png(struct display *d, const char *path, char *why, size_t why_len)
{
    if (!d || !path) {
        snprintf(why, why_len, "no display or no path");
        return -1;
    }
    SDL_Surface *s = display_snapshot(d);
    if (!s) {
        set_why(why, why_len, "reading the frame");
        return -1;
    }
    int rc = image_save_png(s, path, why, why_len);
    SDL_FreeSurface(s);
    return rc;
}

const char *display_renderer_name(const struct display *d)
{
    SDL_RendererInfo info;
    if (!d || !d->ren || SDL_GetRendererInfo(d->ren, &info) != 0)
        return "none";
    return info.name;
}

void display_clobber_views(struct display *d, uint32_t rgb)
{
    display_damage_all(d);
    for (struct panel_view *v = d ? d->views : NULL; v; v = v->next) {
        void *px;
        int pitch;
        view_unpack(d, v);
        if (v->stat && v->own_pixels && SDL_LockTexture(v->stat, NULL, &px, &pitch) == 0) {
            for (int y = 0; y < v->h; y++)
                for (int x = 0; x < v->w; x++)
                    ((Uint32 *)((Uint8 *)px + (size_t)y * (size_t)pitch))[x] = rgb;
            SDL_UnlockTexture(v->stat);
            continue;
        }
        if (!v->stat || SDL_SetRenderTarget(d->ren, v->stat) != 0)
            continue;
        set_color(d->ren, rgb, 255);
        SDL_RenderClear(d->ren);
    }
    if (d)
        to_screen(d);
}

/* ---- figures: glyph atlases ----------------------------------------------- */

/* A figure's glyph as a texture of its inked pixels only: a large glyph's
 * line box is mostly transparent margin, which every blit of it walks
 * through (a transparent pixel changes nothing, so the picture is the
 * same). Sets g's size and offset; NULL for a blank glyph. */
static SDL_Texture *glyph_texture(struct display *d, const struct atlas *a, const char *u, size_t n,
                                  struct glyph *g)
{
    g->w = g->h = g->ox = g->oy = 0;
    memset(&g->ink, 0, sizeof(g->ink));
    SDL_Surface *surf = text_render(d->text, a->face, a->px, a->rgb, u, n);
    if (!surf)
        return NULL;
    int x0 = surf->w, y0 = surf->h, x1 = -1, y1 = -1;
    for (int y = 0; y < surf->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)surf->pixels + y * surf->pitch);
        for (int x = 0; x < surf->w; x++)
            if (row[x] >> 24) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y;
            }
    }
    SDL_Texture *tex = NULL;
    SDL_Surface *box = x1 < 0 ? NULL
                              : SDL_CreateRGBSurfaceWithFormatFrom(
                                    (Uint8 *)surf->pixels + y0 * surf->pitch + x0 * 4, x1 - x0 + 1,
                                    y1 - y0 + 1, 32, surf->pitch, SDL_PIXELFORMAT_ARGB8888);
    if (box) {
        tex = tex_counted(SDL_CreateTextureFromSurface(d->ren, box));
        if (tex) {
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
            g->w = box->w;
            g->h = box->h;
            g->ox = x0;
            g->oy = y0;
            ink_make(d, &g->ink, box, a->rgb);
        } else {
            log_warn(TAG, "glyph texture: %s", SDL_GetError());
        }
        SDL_FreeSurface(box);
    }
    SDL_FreeSurface(surf);
    return tex;
}

static void glyph_make(struct display *d, struct atlas *a, uint32_t cp)
{
    if (a->n >= ATLAS_GLYPHS)
        return;
    char u[4];
    size_t n = utf8_put(cp, u);
    struct glyph *g = &a->g[a->n++];
    g->cp = cp;
    g->tex = glyph_texture(d, a, u, n, g);
    g->adv = text_measurer(d->text)->width(d->text, a->face, a->px, u, n);
}

static const struct glyph *atlas_glyph(struct display *d, struct atlas *a, uint32_t cp)
{
    for (int i = 0; i < a->n; i++)
        if (a->g[i].cp == cp)
            return &a->g[i];
    /* Not one of the prepared glyphs: rasterise it once and keep it. */
    log_debug(TAG, "figure glyph U+%04X not prepared", (unsigned)cp);
    glyph_make(d, a, cp);
    return a->n && a->g[a->n - 1].cp == cp ? &a->g[a->n - 1] : NULL;
}

static int atlas_for(struct display *d, struct panel_view *v, enum font_face face, int px,
                     uint32_t rgb, enum locale_digits nu)
{
    for (int i = 0; i < v->n_atlases; i++) {
        struct atlas *a = &v->atlases[i];
        if (a->face == face && a->px == px && a->rgb == rgb && a->nu == nu)
            return i;
    }
    /* v->atlases has room for one per item (see display_prepare). */
    struct atlas *a = &v->atlases[v->n_atlases];
    a->face = face;
    a->px = px;
    a->rgb = rgb;
    a->nu = nu;
    a->n = 0;
    for (int i = 0; figure_glyphs[i]; i++) {
        const char *p = figure_glyphs[i];
        glyph_make(d, a, utf8_next(&p, p + strlen(p)));
    }
    if (nu != DIGITS_LATIN) { /* the locale's digits, and U+066B, U+066C */
        for (int k = 0; k < 10; k++)
            glyph_make(d, a, (nu == DIGITS_ARAB ? 0x0660u : 0x06F0u) + (uint32_t)k);
        glyph_make(d, a, 0x066B);
        glyph_make(d, a, 0x066C);
    }
    return v->n_atlases++;
}

/* One piece of a figure: drawn, or (fp not NULL) only added to fp: the
 * figure's extent (crossfade_own), and where each piece lands (damage).
 * While a frame is drawn where its figures' pieces changed (dmg_pieces), a
 * piece the damage does not meet is on the output already. */
static void figure_put(struct display *d, SDL_Texture *tex, const struct ink *k, int x, int y,
                       int w, int h, uint8_t a, struct figure_pieces *fp)
{
    SDL_Rect r = {x, y, w, h};
    if (!fp) {
        if (!d->dmg_pieces || meets(&r, d->dmg, d->n_dmg))
            put_tex(d, tex, k, x, y, w, h, a);
        return;
    }
    if (!tex || a == 0 || SDL_RectEmpty(&r))
        return;
    if (SDL_RectEmpty(&fp->ext))
        fp->ext = r;
    else
        SDL_UnionRect(&fp->ext, &r, &fp->ext);
    if (fp->n < fp->max)
        fp->p[fp->n] = (struct plan_piece){.tex = tex, .r = {x, y, w, h}, .a = a};
    fp->n += fp->n <= fp->max; /* max + 1: they did not fit */
}

static void draw_figure(struct display *d, struct panel_view *v, struct anim_item *it, int dx,
                        uint8_t alpha, double t, struct figure_pieces *fp)
{
    char buf[FIGURE_TEXT_MAX];
    size_t len = layout_figure_text(it->figure, it->locale, t, buf, sizeof(buf));
    if (len >= sizeof(buf))
        len = strlen(buf);
    const char *p = buf, *end = buf + len;
    int x = it->r.x + dx, y = it->r.y;
    uint8_t a = mul_alpha(it->alpha, alpha);
    struct atlas *at = &v->atlases[it->atlas];

    int prefix = it->prefix_len && len >= it->prefix_len &&
                 memcmp(buf, it->figure->prefix, it->prefix_len) == 0;
    if (prefix)
        p += it->prefix_len;
    const char *mid_end = end;
    int suffix = it->suffix_len && (size_t)(end - p) >= it->suffix_len &&
                 memcmp(end - it->suffix_len, it->figure->suffix, it->suffix_len) == 0;
    if (suffix)
        mid_end = end - it->suffix_len;
    /* On a right-to-left page the figure ends at its box's right edge (it
     * is read from there while it counts), and a prefix or suffix in a
     * right-to-left script stands on the number's far side: "نحو 7.03 km"
     * reads from the right, the number and a Latin unit left to right. */
    int pre_right = it->rtl && it->prefix_rtl, suf_left = it->rtl && it->suffix_rtl;
    if (it->rtl) {
        int total = (prefix ? it->prefix_adv : 0) + (suffix ? it->suffix_w : 0);
        for (const char *q = p; q < mid_end;) {
            const struct glyph *g = atlas_glyph(d, at, utf8_next(&q, mid_end));
            total += g ? g->adv : at->px / 2;
        }
        x = it->r.x + dx + it->r.w - total;
    }
    if (suffix && suf_left) {
        figure_put(d, it->suffix, &it->suffix_ink, x, y, it->suffix_w, it->suffix_h, a, fp);
        x += it->suffix_w;
    }
    if (prefix && !pre_right) {
        figure_put(d, it->prefix, &it->prefix_ink, x, y, it->prefix_w, it->prefix_h, a, fp);
        x += it->prefix_adv;
    }
    /* a range in Arabic-Indic digits reads from the right, its first
     * number rightmost (Western digits keep "38–41" left to right) */
    const char *dash = NULL;
    if (it->rtl && at->nu != DIGITS_LATIN)
        for (const char *q = p; q + 3 <= mid_end && !dash; q++)
            if (memcmp(q, "\xE2\x80\x93", 3) == 0)
                dash = q;
    const char *seg[3][2] = {{p, mid_end}, {NULL, NULL}, {NULL, NULL}};
    if (dash) {
        seg[0][0] = dash + 3;
        seg[1][0] = dash;
        seg[1][1] = dash + 3;
        seg[2][0] = p;
        seg[2][1] = dash;
    }
    for (int k = 0; k < 3 && seg[k][0]; k++)
        for (const char *q = seg[k][0]; q < seg[k][1];) {
            const struct glyph *g = atlas_glyph(d, at, utf8_next(&q, seg[k][1]));
            if (!g) {
                x += at->px / 2;
                continue;
            }
            figure_put(d, g->tex, &g->ink, x + g->ox, y + g->oy, g->w, g->h, a, fp);
            x += g->adv;
        }
    if (suffix && !suf_left) {
        figure_put(d, it->suffix, &it->suffix_ink, x, y, it->suffix_w, it->suffix_h, a, fp);
        x += it->suffix_w;
    }
    if (prefix && pre_right)
        figure_put(d, it->prefix, &it->prefix_ink, x, y, it->prefix_w, it->prefix_h, a, fp);
}

/* ---- unit charts ---------------------------------------------------------- */

static void units_cell(const struct draw_item *item, int i, SDL_Rect *out)
{
    int cols = item->units_cols > 0 ? item->units_cols : item->units_total;
    int step = item->cell + item->gap;
    out->x = item->rtl ? item->r.x + item->r.w - item->cell - (i % cols) * step
                       : item->r.x + (i % cols) * step;
    out->y = item->r.y + (i / cols) * step;
    out->w = out->h = item->cell;
}

/* The lit part of the square after the whole ones (units_part
 * thousandths of its width from the left, at least a pixel), once the
 * count-up has lit every whole one. 0 when there is none to draw. */
static int units_part_rect(const struct draw_item *item, int lit_now, SDL_Rect *out)
{
    if (item->units_part <= 0 || lit_now < item->units_lit || item->units_lit >= item->units_total)
        return 0;
    units_cell(item, item->units_lit, out);
    out->w = (int)((long long)item->cell * item->units_part / 1000);
    if (out->w < 1)
        out->w = 1;
    if (item->rtl) /* from the square's right edge */
        out->x += item->cell - out->w;
    return 1;
}

/* Draw a unit chart straight from its item, in batches (no allocation). */
static void draw_units_item(SDL_Renderer *ren, const struct palette *pal,
                            const struct draw_item *item, int dx, uint8_t alpha, double eased)
{
    SDL_Rect batch[UNITS_BATCH];
    int total = item->units_total > 0 ? item->units_total : 0;
    int lit = plan_units_lit(item->units_lit, total, eased);
    uint8_t a = mul_alpha(item->alpha, alpha);
    for (int pass = 0; pass < 2; pass++) {
        int from = pass ? lit : 0, to = pass ? total : lit;
        set_color(ren, rgb_of(pal, pass ? item->color : item->lit_color), a);
        for (int i = from; i < to;) {
            int n = 0;
            for (; i < to && n < UNITS_BATCH; i++, n++) {
                units_cell(item, i, &batch[n]);
                batch[n].x += dx;
            }
            SDL_RenderFillRects(ren, batch, n);
        }
    }
    SDL_Rect part;
    if (units_part_rect(item, lit, &part)) {
        part.x += dx;
        set_color(ren, rgb_of(pal, item->lit_color), a);
        SDL_RenderFillRect(ren, &part);
    }
}

static void draw_units(SDL_Renderer *ren, struct anim_item *it, int dx, uint8_t alpha, double eased)
{
    if (it->total <= 0)
        return;
    if (it->shifted_dx != dx) {
        for (int i = 0; i < it->total; i++) {
            it->shifted[i] = it->cells[i];
            it->shifted[i].x += dx;
        }
        it->shifted_dx = dx;
    }
    int lit = plan_units_lit(it->lit, it->total, eased);
    uint8_t a = mul_alpha(it->alpha, alpha);
    if (lit > 0) {
        set_color(ren, it->lit_rgb, a);
        SDL_RenderFillRects(ren, it->shifted, lit);
    }
    if (it->total > lit) {
        set_color(ren, it->rgb, a);
        SDL_RenderFillRects(ren, it->shifted + lit, it->total - lit);
    }
    if (it->has_part && lit >= it->lit) {
        SDL_Rect part = it->part;
        part.x += dx;
        set_color(ren, it->lit_rgb, a);
        SDL_RenderFillRect(ren, &part);
    }
}

/* ---- panel views ---------------------------------------------------------- */

/* Destroy what a view holds in the renderer and in memory; the view keeps
 * its source list and stays linked, so it can be built again. */
static void packed_free(struct panel_view *v);

/* A clip's texture (and its framebuffer object, drawn into by mpv's
 * OpenGL renderer) goes; the poster shows until the next picture. */
static void clip_tex_free(struct display *d, struct view_video *vv)
{
    if (vv->fbo && d)
        clip_gl_target_free(d->clip_gl, vv->fbo);
    vv->fbo = 0;
    if (vv->tex)
        tex_destroy(vv->tex);
    vv->tex = NULL;
    vv->has_frame = 0;
}

static void view_drop_textures(struct panel_view *v)
{
    for (int i = 0; i < v->n_items; i++) {
        struct anim_item *it = &v->items[i];
        if (it->tex)
            tex_destroy(it->tex);
        if (it->prefix)
            tex_destroy(it->prefix);
        if (it->suffix)
            tex_destroy(it->suffix);
        ink_free(&it->tex_ink);
        ink_free(&it->prefix_ink);
        ink_free(&it->suffix_ink);
        free(it->cells);
        free(it->shifted);
    }
    free(v->items);
    v->items = NULL;
    v->n_items = 0;
    for (int i = 0; i < v->n_atlases; i++)
        for (int j = 0; j < v->atlases[i].n; j++) {
            if (v->atlases[i].g[j].tex)
                tex_destroy(v->atlases[i].g[j].tex);
            ink_free(&v->atlases[i].g[j].ink);
        }
    free(v->atlases);
    v->atlases = NULL;
    v->n_atlases = 0;
    if (v->stat)
        tex_destroy(v->stat);
    v->stat = NULL;
    packed_free(v);
    free(v->content);
    v->content = NULL;
    v->n_content = -1;
    clip_tex_free(v->d, &v->vid);
}

static void video_stop(struct display *d, struct view_video *vv);
static void video_park(struct panel_view *v);

static void view_release(struct panel_view *v)
{
    view_drop_textures(v);
    video_park(v);
    photo_forget(&v->photo);
    if (v->d) {
        if (v->prev)
            v->prev->next = v->next;
        else
            v->d->views = v->next;
        if (v->next)
            v->next->prev = v->prev;
        v->d = NULL;
    }
}

void display_view_free(struct panel_view *v)
{
    if (!v)
        return;
    if (v->d && v->d->to_rest == v)
        v->d->to_rest = NULL;
    view_release(v);
    free(v);
}

static void fill_rect(SDL_Renderer *ren, const struct draw_item *it, uint32_t rgb)
{
    set_color(ren, rgb, it->alpha);
    SDL_Rect r = {it->r.x, it->r.y, it->r.w, it->r.h};
    SDL_RenderFillRect(ren, &r);
}

/* The text an item shows in its final state: a text line as it is, a
 * figure's final text (t = 1). NULL when there is nothing to draw. */
static const char *item_text(const struct draw_item *it, const char *locale,
                             char buf[FIGURE_TEXT_MAX], size_t *n)
{
    const char *s = it->text;
    *n = it->len;
    if (it->kind == DRAW_FIGURE && !(s && *n)) {
        if (!it->figure)
            return NULL;
        *n = layout_figure_text(it->figure, it->locale ? it->locale : locale, 1.0, buf,
                                FIGURE_TEXT_MAX);
        if (*n >= FIGURE_TEXT_MAX)
            *n = strlen(buf);
        s = buf;
    }
    return s && *n ? s : NULL;
}

/* Draw one static item into the current target at its final state. */
/* The text cache (below), for lists drawn every frame. */
static struct cache_slot *cached_text(struct display *d, enum font_face face, int px, uint32_t rgb,
                                      const char *s, size_t n, int rtl);

/* One item drawn now. v: the view it belongs to (its locale and photos),
 * rasterised once into the view's texture, so its text is not kept; NULL:
 * a list drawn every frame (chrome, controls, cards), whose text comes
 * from the text cache, and which has no pictures (they belong to panels). */
static void draw_item_now(struct display *d, struct panel_view *v, const struct draw_item *it)
{
    SDL_Renderer *ren = d->ren;
    uint32_t rgb = rgb_of(&d->pal, it->color);
    switch (it->kind) {
    case DRAW_RECT:
        fill_rect(ren, it, rgb);
        break;
    case DRAW_TEXT:
    case DRAW_FIGURE: {
        char buf[FIGURE_TEXT_MAX];
        size_t n;
        const char *s = item_text(it, v ? v->locale : NULL, buf, &n);
        if (!s)
            break;
        if (!v) {
            struct cache_slot *c = cached_text(d, it->face, it->px, rgb, s, n, it->rtl);
            if (c)
                copy_at(ren, c->tex, it->r.x, it->r.y, c->w, c->h, it->alpha);
            break;
        }
        int w, h;
        /* a figure reads left to right unless a word of it is in a
         * right-to-left script ("-4 °C" as written; "نحو 7.03" from the
         * right); a line of text in its paragraph's direction */
        int rtl = it->kind == DRAW_FIGURE ? it->rtl && bidi_has_rtl(s, n) : it->rtl;
        SDL_Texture *tex = text_texture(d, it->face, it->px, rgb, s, n, rtl, &w, &h);
        int x = it->r.x;
        if (it->kind == DRAW_FIGURE && it->rtl && w < it->r.w)
            x += it->r.w - w; /* from the box's right edge */
        copy_at(ren, tex, x, it->r.y, w, h, it->alpha);
        if (tex)
            tex_destroy(tex);
        break;
    }
    case DRAW_UNITS:
        draw_units_item(ren, &d->pal, it, 0, 255, 1.0);
        break;
    case DRAW_IMAGE: {
        if (!v)
            break;
        SDL_Rect dst = {0, 0, 0, 0};
        SDL_Texture *tex = image_texture(d, v, it, &dst);
        copy_at(ren, tex, dst.x, dst.y, dst.w, dst.h, it->alpha);
        if (tex)
            tex_destroy(tex);
        break;
    }
    case DRAW_VIDEO:
        if (v) { /* where its clip plays, over the poster: display_draw_view */
            v->vid.it = it;
            video_preload(); /* a clip is coming: its player's libraries now */
        }
        break;
    }
}

static int prepare_anim(struct display *d, struct panel_view *v, const struct draw_item *src,
                        char *why, size_t why_len)
{
    struct anim_item *it = &v->items[v->n_items];
    memset(it, 0, sizeof(*it));
    it->kind = src->kind;
    it->r = src->r;
    it->rgb = rgb_of(&d->pal, src->color);
    it->lit_rgb = rgb_of(&d->pal, src->lit_color);
    it->alpha = src->alpha;
    switch (src->kind) {
    case DRAW_RECT:
        break;
    case DRAW_TEXT:
        it->tex = text_texture_ink(d, src->face, src->px, it->rgb, src->text, src->len, src->rtl,
                                   &it->tw, &it->th, &it->tex_ink);
        break;
    case DRAW_FIGURE: {
        if (!src->figure)
            return 0; /* nothing to count */
        const struct panel_figure *f = src->figure;
        it->figure = f;
        it->rtl = src->rtl;
        snprintf(it->locale, sizeof(it->locale), "%s",
                 src->locale && *src->locale ? src->locale : v->locale);
        it->atlas = atlas_for(d, v, src->face, src->px, it->rgb, locale_digits(it->locale));
        if (f->prefix && *f->prefix) {
            it->prefix_len = strlen(f->prefix);
            it->prefix_rtl = bidi_has_rtl(f->prefix, it->prefix_len);
            it->prefix =
                text_texture_ink(d, src->face, src->px, it->rgb, f->prefix, it->prefix_len,
                                 it->prefix_rtl, &it->prefix_w, &it->prefix_h, &it->prefix_ink);
            it->prefix_adv = text_measurer(d->text)->width(d->text, src->face, src->px, f->prefix,
                                                           it->prefix_len);
            if (!it->prefix)
                it->prefix_len = 0;
        }
        if (f->suffix && *f->suffix) {
            it->suffix_len = strlen(f->suffix);
            it->suffix_rtl = bidi_has_rtl(f->suffix, it->suffix_len);
            it->suffix =
                text_texture_ink(d, src->face, src->px, it->rgb, f->suffix, it->suffix_len,
                                 it->suffix_rtl, &it->suffix_w, &it->suffix_h, &it->suffix_ink);
            if (!it->suffix)
                it->suffix_len = 0;
        }
        break;
    }
    case DRAW_UNITS:
        it->total = src->units_total > 0 ? src->units_total : 0;
        it->lit = src->units_lit;
        it->shifted_dx = 0;
        if (it->total) {
            it->cells = malloc((size_t)it->total * sizeof(SDL_Rect));
            it->shifted = malloc((size_t)it->total * sizeof(SDL_Rect));
            if (!it->cells || !it->shifted) {
                free(it->cells);
                free(it->shifted);
                snprintf(why, why_len, "out of memory for a unit chart");
                return -1;
            }
            for (int i = 0; i < it->total; i++)
                units_cell(src, i, &it->cells[i]);
            memcpy(it->shifted, it->cells, (size_t)it->total * sizeof(SDL_Rect));
            it->has_part = units_part_rect(src, src->units_lit, &it->part);
        }
        break;
    case DRAW_IMAGE: {
        SDL_Rect dst = {0, 0, 0, 0};
        it->tex = image_texture(d, v, src, &dst);
        it->r = (struct draw_rect){dst.x, dst.y, dst.w, dst.h};
        it->tw = dst.w;
        it->th = dst.h;
        break;
    }
    case DRAW_VIDEO:
        return 0; /* its picture is drawn from the clip (display_draw_view) */
    }
    v->n_items++;
    return 0;
}

/* ---- damage ----------------------------------------------------------------
 * The software renderer's output keeps its pixels from one present to the
 * next, and most of a panel is its background colour. A frame drawn from
 * the same views as the one before changes only where their items draw
 * (a crossfade), or where their animated items, clips and lists draw (a
 * dwell): display_draw_frame works out those places (the damage), draws
 * only there, and display_present sends only them to the screen. A frame
 * it cannot reason about (a slide, a turned output, anything drawn by the
 * public calls, an exposed window) is drawn and sent whole. */

#define DMG_PAD 8 /* around an item's box: antialiasing, overhang */
#define CONTENT_LATER (-2)

/* Merge overlapping rects until none overlaps: each place is drawn once. */
static void rects_merge(SDL_Rect *r, int *n)
{
    for (int merged = 1; merged;) {
        merged = 0;
        for (int i = 0; i < *n && !merged; i++)
            for (int j = i + 1; j < *n && !merged; j++)
                if (SDL_HasIntersection(&r[i], &r[j])) {
                    SDL_UnionRect(&r[i], &r[j], &r[i]);
                    r[j] = r[--*n];
                    merged = 1;
                }
    }
}

static long rect_area(const SDL_Rect *r)
{
    return (long)r->w * (long)r->h;
}

/* r less cut, as at most 4 rectangles in out: their count. */
static int rect_less(const SDL_Rect *r, const SDL_Rect *cut, SDL_Rect *out)
{
    SDL_Rect c;
    if (!SDL_IntersectRect(r, cut, &c)) {
        out[0] = *r;
        return 1;
    }
    int n = 0;
    if (c.y > r->y) /* above */
        out[n++] = (SDL_Rect){r->x, r->y, r->w, c.y - r->y};
    if (c.y + c.h < r->y + r->h) /* below */
        out[n++] = (SDL_Rect){r->x, c.y + c.h, r->w, r->y + r->h - (c.y + c.h)};
    if (c.x > r->x) /* left, beside it */
        out[n++] = (SDL_Rect){r->x, c.y, c.x - r->x, c.h};
    if (c.x + c.w < r->x + r->w) /* right, beside it */
        out[n++] = (SDL_Rect){c.x + c.w, c.y, r->x + r->w - (c.x + c.w), c.h};
    return n;
}

/* Where a static layer (w x h pixels, pitch in pixels) is not the
 * background colour bg, in dmg_tile tiles, into v->content (n_content: how
 * many; -1 when the screen is larger than the damage covers). */
static void scan_content(struct panel_view *v, const uint32_t *px, int pitch, uint32_t bg)
{
    int w = v->w, h = v->h, cols, rows, t = plan_tile(w, h);
    free(v->content);
    v->content = NULL;
    v->n_content = -1;
    if (!plan_grid(w, h, &cols, &rows) || !(v->content = calloc((size_t)rows, sizeof(*v->content))))
        return;
    int n = 0;
    for (int ty = 0; ty < rows; ty++)
        for (int tx = 0; tx < cols; tx++) {
            int x0 = tx * t, y0 = ty * t;
            int x1 = x0 + t < w ? x0 + t : w, y1 = y0 + t < h ? y0 + t : h;
            uint32_t diff = 0;
            for (int y = y0; y < y1 && !diff; y++) {
                const uint32_t *row = px + (size_t)y * (size_t)pitch;
                for (int x = x0; x < x1; x++)
                    diff |= (row[x] ^ bg) & 0xFFFFFFu;
            }
            if (diff) {
                v->content[ty][tx / 64] |= 1ull << (tx % 64);
                n++;
            }
        }
    v->n_content = n;
}

/* A streaming texture for a w x h static layer, locked (its pixels in
 * *px, pitch in bytes); NULL when it cannot be made or locked. */
static SDL_Texture *layer_locked(struct display *d, int w, int h, void **px, int *pitch)
{
    SDL_Texture *t = tex_counted(
        SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STREAMING, w, h));
    if (t && SDL_LockTexture(t, NULL, px, pitch) != 0) {
        tex_destroy(t);
        t = NULL;
    }
    return t;
}

/* A view's static layer drawn by a software renderer of its own. */
struct own_build {
    SDL_Renderer *display_ren; /* the display's, set aside while drawing */
    SDL_Surface *pixels;       /* the streaming texture's pixels */
};

/* With the software renderer, a view's static layer is a streaming
 * texture, drawn through a software renderer of its own straight into the
 * texture's pixels: SDL's software renderer hands out a streaming
 * texture's own pixels when it is locked, and keeps them, so a crossfade
 * can read them (crossfade_own); a target texture's pixels could only be
 * copied out. 1 with d->ren drawing into the view (draw the static items,
 * then view_own_end), or 0 (nothing made: the caller makes a target
 * texture). The static items make their textures in that renderer and
 * destroy them at once; animated items are prepared after
 * view_own_end, in the display's renderer. */
static int view_own_begin(struct display *d, struct panel_view *v, struct own_build *b)
{
    memset(b, 0, sizeof(*b));
    if (d->own_blend_off || !is_software(d))
        return 0;
    void *px;
    int pitch;
    SDL_Texture *t = layer_locked(d, v->w, v->h, &px, &pitch);
    if (!t)
        return 0;
    b->pixels =
        SDL_CreateRGBSurfaceWithFormatFrom(px, v->w, v->h, 32, pitch, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = b->pixels ? SDL_CreateSoftwareRenderer(b->pixels) : NULL;
    if (!r) {
        log_warn(TAG, "a view's own renderer: %s; SDL blends its crossfades", SDL_GetError());
        SDL_FreeSurface(b->pixels);
        SDL_UnlockTexture(t);
        tex_destroy(t);
        return 0;
    }
    v->stat = t;
    v->own_pixels = 1;
    b->display_ren = d->ren;
    d->ren = r;
    return 1;
}

static void view_own_end(struct display *d, struct panel_view *v, struct own_build *b)
{
    SDL_RenderFlush(d->ren); /* a renderer destroyed drops what it has queued */
    SDL_DestroyRenderer(d->ren);
    d->ren = b->display_ren;
    /* the first frame goes out whole anyway: its view is scanned when a
     * later frame needs it (frame_places), not on the way to the first
     * picture (8 ms at 3840x2160) */
    if (d->presents > 0)
        scan_content(v, b->pixels->pixels, b->pixels->pitch / 4, rgb_of(&d->pal, COLOR_BG));
    else
        v->n_content = CONTENT_LATER;
    SDL_FreeSurface(b->pixels);
    SDL_UnlockTexture(v->stat);
}

/* ---- a view at rest ---------------------------------------------------------
 * In the loop nobody is there, and a panel stays on screen for many seconds
 * once its figures have counted: the kiosk says so (frame_view rest). Its
 * static layer is a screen of pixels (8 MB at 1920x1080, 33 MB at
 * 3840x2160), mostly the background colour, and the output shows it
 * already: while it rests, only the tiles of it that are not background
 * are kept (packed): the damage scan's tiles (scan_content). It is made
 * whole again (unpacked), the same colour in every pixel, when a frame
 * needs it or another view is prepared (the transition that follows then
 * starts without that work). The software renderer's views
 * only (own_pixels): a GPU's textures are not in this process's memory. */

struct packed {
    int t, cols, rows; /* its tiles: the damage's (v->content) */
    uint32_t bg;       /* every pixel of a tile not kept */
    int32_t *at;       /* cols x rows: the tile's place in px, or -1 */
    uint32_t *px;      /* the kept tiles, t x t pixels each */
    size_t n_kept;
};

static void packed_free(struct panel_view *v)
{
    if (!v->packed)
        return;
    free(v->packed->at);
    free(v->packed->px);
    free(v->packed);
    v->packed = NULL;
}

static int imin(int a, int b)
{
    return a < b ? a : b;
}

/* Keep the tiles the damage scan found drawn (v->content); the others are
 * the background colour (in the 24 bits a pixel shows). */
static void view_pack(struct display *d, struct panel_view *v)
{
    if (v->packed || !v->stat || !v->own_pixels || v->keep_whole)
        return;
    void *p;
    int pitch;
    if (SDL_LockTexture(v->stat, NULL, &p, &pitch) != 0)
        return;
    const uint32_t *px = p;
    int pp = pitch / 4, w = v->w, h = v->h;
    if (v->n_content == CONTENT_LATER)
        scan_content(v, px, pp, rgb_of(&d->pal, COLOR_BG));
    struct packed *pk = v->n_content >= 0 ? calloc(1, sizeof(*pk)) : NULL;
    if (!pk)
        goto fail; /* no scan (a screen larger than the damage covers), or no memory */
    plan_grid(w, h, &pk->cols, &pk->rows);
    pk->t = plan_tile(w, h);
    pk->bg = rgb_of(&d->pal, COLOR_BG);
    const int t = pk->t;
    const size_t tile_px = (size_t)t * (size_t)t;
    pk->n_kept = (size_t)v->n_content;
    if (pk->n_kept * tile_px * 2 > (size_t)w * (size_t)h)
        goto fail; /* most of it drawn (a photo): not worth the work */
    pk->at = malloc((size_t)pk->cols * (size_t)pk->rows * sizeof(*pk->at));
    pk->px = malloc((pk->n_kept ? pk->n_kept : 1) * tile_px * sizeof(*pk->px));
    if (!pk->at || !pk->px)
        goto fail;
    int32_t kept = 0;
    for (int ty = 0; ty < pk->rows; ty++)
        for (int tx = 0; tx < pk->cols; tx++) {
            if (!(v->content[ty][tx / 64] >> (tx % 64) & 1)) {
                pk->at[ty * pk->cols + tx] = -1;
                continue;
            }
            int32_t at = pk->at[ty * pk->cols + tx] = kept++;
            int x0 = tx * t, y0 = ty * t;
            int tw = imin(t, w - x0), th = imin(t, h - y0);
            uint32_t *dst = pk->px + (size_t)at * tile_px;
            for (int y = 0; y < th; y++)
                memcpy(dst + (size_t)y * (size_t)t, px + (size_t)(y0 + y) * (size_t)pp + x0,
                       (size_t)tw * sizeof(*dst));
        }
    SDL_UnlockTexture(v->stat);
    tex_destroy(v->stat);
    v->stat = NULL;
    v->packed = pk;
    d->packs++;
    int players = d->parked.player != NULL;
    for (struct panel_view *o = d->views; o; o = o->next)
        players += o->vid.player != NULL;
    if (!players) /* a player may use fontconfig in its own threads */
        text_rest(d->text);
    log_debug(TAG, "view %u at rest: %zu of %d tiles kept (%.1f MB of %.1f)", v->base.id,
              pk->n_kept, pk->cols * pk->rows, (double)(pk->n_kept * tile_px * 4) / 1e6,
              (double)w * h * 4 / 1e6);
    return;
fail:
    SDL_UnlockTexture(v->stat);
    if (pk) {
        free(pk->at);
        free(pk->px);
        free(pk);
    }
    v->keep_whole = 1; /* try once */
}

/* The view's static layer whole again. 0, or -1 (out of memory: it stays
 * packed and draws as nothing, which the log says). */
static int view_unpack(struct display *d, struct panel_view *v)
{
    struct packed *pk = v->packed;
    if (!pk)
        return 0;
    void *p;
    int pitch;
    SDL_Texture *tex = layer_locked(d, v->w, v->h, &p, &pitch);
    if (!tex) {
        log_error(TAG, "a resting view cannot be made whole again: %s", SDL_GetError());
        return -1;
    }
    uint32_t *px = p;
    int pp = pitch / 4, w = v->w, h = v->h;
    const int t = pk->t;
    const size_t tile_px = (size_t)t * (size_t)t;
    for (int ty = 0; ty < pk->rows; ty++) {
        int y0 = ty * t, th = imin(t, h - y0);
        for (int tx = 0; tx < pk->cols; tx++) {
            int x0 = tx * t, tw = imin(t, w - x0);
            int32_t at = pk->at[ty * pk->cols + tx];
            for (int y = 0; y < th; y++) {
                uint32_t *row = px + (size_t)(y0 + y) * (size_t)pp + x0;
                if (at >= 0) {
                    memcpy(row, pk->px + (size_t)at * tile_px + (size_t)y * (size_t)t,
                           (size_t)tw * sizeof(*row));
                } else {
                    for (int x = 0; x < tw; x++)
                        row[x] = pk->bg;
                }
            }
        }
    }
    SDL_UnlockTexture(tex);
    v->stat = tex;
    packed_free(v);
    d->unpacks++;
    return 0;
}

/* Every resting view whole again (another view is coming). */
static void unpack_all(struct display *d)
{
    for (struct panel_view *v = d->views; v; v = v->next)
        view_unpack(d, v);
}

void display_idle(struct display *d)
{
    if (d && d->to_rest && d->presents > d->rest_drawn) { /* and presented */
        view_pack(d, d->to_rest);
        d->to_rest = NULL;
    }
}

long display_packs(const struct display *d, long *unpacks)
{
    if (unpacks)
        *unpacks = d ? d->unpacks : 0;
    return d ? d->packs : 0;
}

/* (Re)create a view's textures from its source list. */
static int view_build(struct display *d, struct panel_view *v, char *why, size_t why_len)
{
    const struct draw_list *l = v->src;
    int n = l->n > 0 ? l->n : 0;
    if (n) {
        v->items = calloc((size_t)n, sizeof(*v->items));
        v->atlases = calloc((size_t)n, sizeof(*v->atlases));
        if (!v->items || !v->atlases) {
            snprintf(why, why_len, "out of memory");
            return -1;
        }
    }

    display_size(d, &v->w, &v->h);
    v->own_pixels = 0;
    v->n_content = -1; /* anywhere, unless its pixels are scanned */
    v->version++;
    struct own_build own;
    int owned = view_own_begin(d, v, &own);
    /* Opaque pixels without an alpha channel: the software renderer blends
     * them with a constant alpha far faster than per-pixel alpha. */
    if (!owned)
        v->stat = tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888,
                                                SDL_TEXTUREACCESS_TARGET, v->w, v->h));
    if (!v->stat)
        v->stat = tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_ARGB8888,
                                                SDL_TEXTUREACCESS_TARGET, v->w, v->h));
    if (!v->stat) {
        set_why(why, why_len, "panel texture");
        return -1;
    }
    v->base.bytes = sizeof(*v) + (size_t)v->w * (size_t)v->h * 4u;
    if (!owned && SDL_SetRenderTarget(d->ren, v->stat) != 0) {
        set_why(why, why_len, "drawing into the panel texture");
        to_screen(d);
        return -1;
    }
    set_color(d->ren, rgb_of(&d->pal, COLOR_BG), 255);
    SDL_RenderClear(d->ren);
    for (int i = 0; i < n; i++)
        if (l->items[i].layer == LAYER_STATIC)
            draw_item_now(d, v, &l->items[i]);
    if (owned)
        view_own_end(d, v, &own);
    for (int i = 0; i < n; i++) {
        const struct draw_item *it = &l->items[i];
        if (it->layer != LAYER_STATIC && prepare_anim(d, v, it, why, why_len) != 0) {
            to_screen(d);
            return -1;
        }
    }
    to_screen(d);
    if (v->photo.pic) /* the decoded photo, and the work a decode in flight holds */
        v->base.bytes += 2u * (size_t)v->photo.pic->w * (size_t)v->photo.pic->h * 4u;
    else if (v->photo.job)
        v->base.bytes += (size_t)PHOTO_WORK_BYTES;
    return 0;
}

struct panel_view *display_prepare(struct display *d, const struct draw_list *l, const char *locale,
                                   char *why, size_t why_len)
{
    if (!d || !l) {
        snprintf(why, why_len, "nothing to prepare");
        return NULL;
    }
    struct panel_view *v = calloc(1, sizeof(*v));
    if (!v) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    v->base.id = ++d->next_view_id;
    v->d = d;
    v->src = l;
    v->next = d->views;
    if (d->views)
        d->views->prev = v;
    d->views = v;
    snprintf(v->locale, sizeof(v->locale), "%s", locale && *locale ? locale : "en");
    unpack_all(d); /* a transition to it follows */
    if (view_build(d, v, why, why_len) != 0) {
        display_view_free(v);
        return NULL;
    }
    return v;
}

static int picture_own(struct display *d, const struct view_video *vv, int dx, uint8_t alpha);

/* What draw_view draws besides the animated items: the static layer (not
 * when crossfade_own mixed it) and the clip's picture (not when
 * crossfade_own mixes it from its texture). */
enum { VIEW_STATIC = 1, VIEW_PICTURE = 2 };

/* display_draw_view: the animated items and the parts asked for */
static void draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha, double anim_t,
                      unsigned parts)
{
    if (!d || !v || !v->stat || alpha == 0)
        return;
    SDL_Renderer *ren = d->ren;
    if (parts & VIEW_STATIC) {
        SDL_SetTextureBlendMode(v->stat, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(v->stat, alpha);
        SDL_Rect dst = {dx, 0, v->w, v->h};
        SDL_RenderCopy(ren, v->stat, NULL, &dst);
    }

    double eased = plan_ease(anim_t);
    for (int i = 0; i < v->n_items; i++) {
        struct anim_item *it = &v->items[i];
        switch (it->kind) {
        case DRAW_RECT: {
            set_color(ren, it->rgb, mul_alpha(it->alpha, alpha));
            SDL_Rect r = {it->r.x + dx, it->r.y, it->r.w, it->r.h};
            SDL_RenderFillRect(ren, &r);
            break;
        }
        case DRAW_TEXT:
        case DRAW_IMAGE:
            put_tex(d, it->tex, &it->tex_ink, it->r.x + dx, it->r.y, it->tw, it->th,
                    mul_alpha(it->alpha, alpha));
            break;
        case DRAW_FIGURE:
            draw_figure(d, v, it, dx, alpha, eased, NULL);
            break;
        case DRAW_UNITS:
            draw_units(ren, it, dx, alpha, eased);
            break;
        case DRAW_VIDEO:
            break;
        }
    }
    /* the clip's picture over its poster, once it has one, faded with its
     * view: its texture has no alpha of its own, so without blending SDL
     * would draw it whole at any alpha */
    const struct view_video *vv = &v->vid;
    if ((parts & VIEW_PICTURE) && vv->it && vv->tex && vv->has_frame &&
        !(d->own_out && picture_own(d, vv, dx, alpha))) {
        SDL_SetTextureBlendMode(vv->tex, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
        copy_at(ren, vv->tex, vv->it->r.x + dx, vv->it->r.y, vv->it->r.w, vv->it->r.h, alpha);
    }
}

/* ---- clips ----------------------------------------------------------------- */

/* More pixels than a 1080p clip's (1920x1088 as H.264 codes it). */
static int clip_over_1080p(int w, int h)
{
    return (long long)w * h > 1920LL * 1088;
}

enum display_hwdec display_hwdec_named(const char *name)
{
    return name && strcmp(name, "yes") == 0  ? DISPLAY_HWDEC_ALL
           : name && strcmp(name, "no") == 0 ? DISPLAY_HWDEC_NO
                                             : DISPLAY_HWDEC_LARGE;
}

int display_clip_in_hardware(enum display_hwdec policy, int w, int h)
{
    return policy == DISPLAY_HWDEC_ALL || (policy == DISPLAY_HWDEC_LARGE && clip_over_1080p(w, h));
}

void display_set_video(struct display *d, struct waker wake, int audio, enum display_hwdec hwdec)
{
    if (!d)
        return;
    d->video_waker = wake;
    d->audio = audio;
    /* a machine whose screen is drawn in software has no decoder to ask
     * (and asking one logs every driver's refusal) */
    d->hwdec = is_software(d) ? DISPLAY_HWDEC_NO : hwdec;
}

static void no_wake(void *ctx)
{
    (void)ctx;
}

/* video_close, in the clips' OpenGL context for a player drawn there. */
static void player_close(struct display *d, struct video_player *p)
{
    int gl = p && video_is_gl(p) && d && d->clip_gl;
    if (gl)
        clip_gl_enter(d->clip_gl);
    video_close(p);
    if (gl)
        clip_gl_leave(d->clip_gl);
}

/* The clips' OpenGL context, made at the first clip where the renderer is
 * an OpenGL one; NULL: clips are drawn in software (said once when making
 * it failed). */
static struct clip_gl *clips_gl(struct display *d)
{
    if (d->clip_gl_failed)
        return NULL;
    if (d->clip_gl || !d->ren_gl || d->headless)
        return d->clip_gl;
    char why[256] = "";
    d->clip_gl = clip_gl_open(d->win, d->ren_gl, why, sizeof(why));
    if (d->clip_gl) {
        log_info(TAG, "clips are drawn by mpv's OpenGL renderer into the renderer's textures");
    } else {
        d->clip_gl_failed = 1;
        log_warn(TAG, "clips are drawn in software and copied to the GPU: %s", why);
    }
    return d->clip_gl;
}

/* Clips drawn with OpenGL fail from now on: said once, and the clips
 * opened from now on are drawn in software (those playing go on). */
static void clips_gl_failed(struct display *d, const char *why)
{
    if (!d->clip_gl_failed)
        log_warn(TAG, "clips are drawn in software and copied to the GPU from now on: %s", why);
    d->clip_gl_failed = 1;
}

static void video_stop(struct display *d, struct view_video *vv)
{
    if (vv->player && vv->it && vv->it->video && !vv->failed)
        stopped_said(vv->it->video->name ? vv->it->video->name : "", vv->it->r, vv->player);
    player_close(d, vv->player);
    vv->player = NULL;
    vv->has_frame = 0;
    vv->rendered = 0;
}

static void stopped_said(const char *name, struct draw_rect r, struct video_player *p)
{
    log_info(TAG, "video %s stopped, drawn at %dx%d+%d+%d: %lld frames dropped, decoded by %s",
             name, r.w, r.h, r.x, r.y, (long long)video_dropped(p), video_decoder(p));
}

static void parked_close(struct display *d)
{
    if (!d->parked.player)
        return;
    stopped_said(d->parked.name, d->parked.r, d->parked.player);
    player_close(d, d->parked.player);
    d->parked.player = NULL;
}

/* A view goes while its clip plays: its player waits for the next frame
 * (struct parked), the one parked before is closed. */
static void video_park(struct panel_view *v)
{
    struct view_video *vv = &v->vid;
    struct display *d = v->d;
    const struct panel_video *pv = vv->it ? vv->it->video : NULL;
    if (!d || !vv->player || !pv || !pv->store || vv->failed ||
        strlen(pv->store) >= sizeof(d->parked.store)) {
        video_stop(d, vv);
        return;
    }
    parked_close(d);
    d->parked.player = vv->player;
    d->parked.r = vv->it->r;
    snprintf(d->parked.name, sizeof(d->parked.name), "%s", pv->name ? pv->name : "");
    d->parked.run = vv->run;
    d->parked.clip = pv->clip;
    d->parked.paused = vv->paused;
    snprintf(d->parked.store, sizeof(d->parked.store), "%s", pv->store);
    vv->player = NULL;
    vv->has_frame = 0;
    vv->rendered = 0;
}

/* The frame asks the view's clip to play (or hold) from run: start it
 * (the poster shows until its first picture), start it over when run
 * changed, pause or go on. A clip that failed keeps its poster. */
static void video_play(struct display *d, struct panel_view *v, int play, uint32_t run)
{
    struct view_video *vv = &v->vid;
    const struct panel_video *pv = vv->it ? vv->it->video : NULL;
    if (!pv || vv->failed)
        return;
    vv->seen = 1;
    if (vv->player && vv->run != run) {
        video_restart(vv->player);
        vv->paused = 0;
    }
    vv->run = run;
    if (!vv->player) {
        /* the same run of the same clip in another view (the panel laid
         * out again in another language or at another text size): it goes
         * on from where it is, into this view */
        for (struct panel_view *u = d->views; u; u = u->next) {
            const struct panel_video *uv = u->vid.it ? u->vid.it->video : NULL;
            if (u == v || !u->vid.player || u->vid.run != run || !uv || uv->clip != pv->clip ||
                !uv->store || !pv->store || strcmp(uv->store, pv->store) != 0)
                continue;
            vv->player = u->vid.player;
            vv->paused = u->vid.paused;
            vv->force = 1; /* its picture now, paused or not: never the poster again */
            u->vid.player = NULL;
            u->vid.has_frame = 0;
            u->vid.rendered = 0;
            break;
        }
    }
    struct parked *pk = &d->parked;
    if (!vv->player && pk->player && pk->run == run && pk->clip == pv->clip && pv->store &&
        strcmp(pk->store, pv->store) == 0) {
        vv->player = pk->player;
        vv->paused = pk->paused;
        vv->force = 1;
        pk->player = NULL;
    }
    if (!vv->player) {
        char why[256] = "";
        if (!pv->store) {
            snprintf(why, sizeof(why), "the exhibit is not a file its clips can be read from");
        } else {
            struct video_source src = {pv->store, pv->clip, pv->container, pv->store_dev,
                                       pv->store_ino};
            /* a clip of 1080p or less: one decoding thread keeps up, and
             * holds 12 MB fewer frames (tests/bench/video.sh) */
            int small = !clip_over_1080p(pv->w, pv->h);
            struct video_opts o = {!pv->then_next, pv->sound && d->audio,
                                   display_clip_in_hardware(d->hwdec, pv->w, pv->h), small ? 1 : 0,
                                   NULL};
            void (*fn)(void *) = d->video_waker.fn ? d->video_waker.fn : no_wake;
            struct clip_gl *g = clips_gl(d);
            if (g) {
                o.gl = clip_gl_video(g);
                clip_gl_enter(g);
                vv->player = video_open(&src, &o, fn, d->video_waker.ctx, why, sizeof(why));
                clip_gl_leave(g);
                if (!vv->player && strstr(why, "OpenGL")) {
                    clips_gl_failed(d, why);
                    o.gl = NULL;
                }
            }
            if (!o.gl)
                vv->player = video_open(&src, &o, fn, d->video_waker.ctx, why, sizeof(why));
        }
        if (!vv->player) {
            vv->failed = 1;
            log_warn(TAG, "video %s cannot be played: %s; its poster is shown",
                     pv->name ? pv->name : "", why);
            return;
        }
        vv->paused = 0;
    }
    int pause = play == PV_PAUSE;
    if (pause != vv->paused) {
        video_set_paused(vv->player, pause);
        vv->paused = pause;
    }
}

/* The frame is drawn: clips of views not in it stop. */
static void video_sweep(struct display *d)
{
    parked_close(d); /* not taken over by this frame */
    for (struct panel_view *v = d->views; v; v = v->next) {
        if (!v->vid.seen && v->vid.player)
            video_stop(d, &v->vid);
        v->vid.seen = 0;
    }
}

/* The picture of a clip drawn with OpenGL: by mpv, into the view's
 * texture (made with its framebuffer object at the first frame). */
static void video_draw_gl(struct display *d, struct view_video *vv, struct pvideo *out)
{
    const struct draw_rect *r = &vv->it->r;
    struct clip_gl *g = d->clip_gl;
    if (vv->tex && !vv->fbo) /* a texture for mpv's software renderer */
        clip_tex_free(d, vv);
    if (!vv->tex) {
        vv->tex = tex_counted(
            SDL_CreateTexture(d->ren, CLIP_GL_FORMAT, SDL_TEXTUREACCESS_STATIC, r->w, r->h));
        char why[256] = "no texture";
        vv->fbo = vv->tex ? clip_gl_target(g, d->ren, vv->tex, why, sizeof(why)) : 0;
        if (!vv->fbo) {
            /* the player draws only with OpenGL: it goes, and the clip
             * starts again at the next frame, drawn in software */
            clip_tex_free(d, vv);
            clips_gl_failed(d, why);
            video_stop(d, vv);
            return;
        }
        vv->force = 1;
    }
    clip_gl_enter(g);
    /* unflipped: mpv's first row, its picture's top, is the texture's
     * first, which SDL draws at the top */
    int got = video_render_gl(vv->player, (int)vv->fbo, r->w, r->h, 0, vv->force != 0);
    if (got == 1)
        clip_gl_drawn(g);
    clip_gl_leave(g);
    vv->force = 0;
    if (got == 1) {
        d->clip_frames++;
        d->clip_frames_gl++;
        vv->has_frame = 1;
        vv->rendered = 1;
        out->fresh = 1;
    }
}

static void p_video(void *ctx, struct pview *view, struct pvideo *out)
{
    struct display *d = ctx;
    struct panel_view *v = (struct panel_view *)view;
    memset(out, 0, sizeof(*out));
    if (!d || !v)
        return;
    struct view_video *vv = &v->vid;
    if (vv->failed) {
        out->state = PVIDEO_FAILED;
        return;
    }
    if (!vv->player)
        return;
    int64_t pos = 0;
    char why[256] = "";
    enum video_state st = video_poll(vv->player, &pos, why, sizeof(why));
    out->pos_ms = pos;
    out->dropped = video_dropped(vv->player);
    if (st == VIDEO_FAILED) {
        /* once: the poster from now on */
        const char *name = vv->it->video->name;
        log_warn(TAG, "video %s cannot be played: %s; its poster is shown", name ? name : "",
                 why[0] ? why : "it failed");
        vv->failed = 1;
        video_stop(d, vv);
        out->state = PVIDEO_FAILED;
        out->fresh = 1;
        return;
    }
    static const int states[] = {[VIDEO_LOADING] = PVIDEO_LOADING,
                                 [VIDEO_PLAYING] = PVIDEO_PLAYING,
                                 [VIDEO_PAUSED] = PVIDEO_PAUSED,
                                 [VIDEO_ENDED] = PVIDEO_ENDED};
    out->state = states[st];
    const struct draw_rect *r = &vv->it->r;
    if (r->w <= 0 || r->h <= 0)
        return;
    if (video_is_gl(vv->player)) {
        video_draw_gl(d, vv, out);
        return;
    }
    if (vv->tex && vv->fbo) /* a texture for mpv's OpenGL renderer: not this player's */
        clip_tex_free(d, vv);
    if (!vv->tex) {
        vv->tex = tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888,
                                                SDL_TEXTUREACCESS_STREAMING, r->w, r->h));
        if (!vv->tex)
            return;
        vv->has_frame = 0;
    }
    void *px;
    int pitch;
    if (SDL_LockTexture(vv->tex, NULL, &px, &pitch) != 0)
        return;
    int got = video_render(vv->player, r->w, r->h, px, pitch, vv->force != 0);
    vv->force = 0;
    SDL_UnlockTexture(vv->tex);
    if (got == 1) {
        d->clip_frames++;
        vv->has_frame = 1;
        vv->rendered = 1;
        out->fresh = 1;
    }
}

/* After a present: tell the players whose pictures it showed. */
static void video_presented_all(struct display *d)
{
    for (struct panel_view *v = d->views; v; v = v->next)
        if (v->vid.rendered && v->vid.player) {
            video_presented(v->vid.player);
            v->vid.rendered = 0;
        }
}

void display_draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha,
                       double anim_t)
{
    display_damage_all(d);
    if (d && v)
        view_unpack(d, v);
    draw_view(d, v, dx, alpha, anim_t, VIEW_STATIC | VIEW_PICTURE);
}

/* ---- the software renderer's crossfade ------------------------------------ */

#define OWN_RECTS 16

/* Where an animated item draws at dx 0, into *r: 1; 0 when it draws
 * nothing; -1 for a kind not known here (SDL then draws the crossfade). */
static int anim_extent(struct display *d, struct panel_view *v, struct anim_item *it, double eased,
                       SDL_Rect *r)
{
    *r = (SDL_Rect){0, 0, 0, 0};
    switch (it->kind) {
    case DRAW_RECT:
        *r = (SDL_Rect){it->r.x, it->r.y, it->r.w, it->r.h};
        break;
    case DRAW_TEXT:
    case DRAW_IMAGE:
        if (it->tex)
            *r = (SDL_Rect){it->r.x, it->r.y, it->tw, it->th};
        break;
    case DRAW_FIGURE: {
        struct figure_pieces fp = {0};
        draw_figure(d, v, it, 0, 255, eased, &fp);
        *r = fp.ext;
        break;
    }
    case DRAW_UNITS:
        for (int i = 0; i < it->total; i++)
            if (i == 0)
                *r = it->cells[0];
            else
                SDL_UnionRect(r, &it->cells[i], r);
        if (it->has_part)
            SDL_UnionRect(r, &it->part, r);
        break;
    default:
        return -1;
    }
    return !SDL_RectEmpty(r);
}

/* r into out (n of OWN_RECTS); when full, one box around them all first. */
static void own_rect_add(SDL_Rect *out, int *n, SDL_Rect r)
{
    if (*n == OWN_RECTS) {
        for (int k = 1; k < *n; k++)
            SDL_UnionRect(&out[0], &out[k], &out[0]);
        *n = 1;
    }
    out[(*n)++] = r;
}

/* The pixels of a clip's picture, read as laid out (the texture the size
 * of its box, never read past its end): 0, locked (SDL_UnlockTexture), or
 * -1 (SDL must draw it, scaled). */
static int picture_lock(const struct view_video *vv, void **px, int *pitch)
{
    int tw = 0, th = 0;
    if (SDL_QueryTexture(vv->tex, NULL, NULL, &tw, &th) != 0 || tw != vv->it->r.w ||
        th != vv->it->r.h)
        return -1;
    return SDL_LockTexture(vv->tex, NULL, px, pitch) == 0 ? 0 : -1;
}

/* Where v's clip picture is drawn at dx 0 on the w x h screen, into *r: 1,
 * or 0 when it draws none. draw_view draws it last, opaque at alpha 255:
 * there, nothing else of the view shows. */
static int picture_rect(const struct panel_view *v, int w, int h, SDL_Rect *r)
{
    const struct view_video *vv = &v->vid;
    if (!vv->it || !vv->tex || !vv->has_frame)
        return 0;
    SDL_Rect pic = {vv->it->r.x, vv->it->r.y, vv->it->r.w, vv->it->r.h}, screen = {0, 0, w, h};
    return SDL_IntersectRect(&pic, &screen, r) ? 1 : 0;
}

/* The places where the view under a crossfade has animated items (and its
 * clip's picture, with_picture), inside the w x h screen, none overlapping
 * another: their count, or -1 when one is of a kind not known here. */
static int under_rects(struct display *d, struct panel_view *v, double anim_t, int w, int h,
                       int with_picture, SDL_Rect *out)
{
    SDL_Rect screen = {0, 0, w, h};
    double eased = plan_ease(anim_t);
    int n = 0;
    for (int i = 0; i < v->n_items; i++) {
        SDL_Rect r;
        int drawn = anim_extent(d, v, &v->items[i], eased, &r);
        if (drawn < 0)
            return -1;
        if (drawn && SDL_IntersectRect(&r, &screen, &r))
            own_rect_add(out, &n, r);
    }
    /* its clip's picture, drawn over its poster (draw_view) */
    SDL_Rect pic;
    if (with_picture && picture_rect(v, w, h, &pic))
        own_rect_add(out, &n, pic);
    rects_merge(out, &n); /* each place is blended once */
    return n;
}

/* ---- a frame's damage (see "damage" above) ---------------------------------- */

static int meets(const SDL_Rect *r, const SDL_Rect *set, int n)
{
    for (int i = 0; i < n; i++)
        if (SDL_HasIntersection(r, &set[i]))
            return 1;
    return 0;
}

static struct plan_rect plan_of(SDL_Rect r)
{
    return (struct plan_rect){r.x, r.y, r.w, r.h};
}

/* The places frame f's views (set in s) and lists may draw at. 0, or -1
 * when a view's places are not known. */
static int frame_places(struct display *d, const struct frame *f, int w, int h,
                        struct plan_shown *s)
{
    const int max = (int)(sizeof(s->moving) / sizeof(s->moving[0]));
    int cols, rows;
    if (!plan_grid(w, h, &cols, &rows))
        return -1;
    for (int k = 0; k < f->n_views; k++) {
        struct panel_view *v = (struct panel_view *)f->views[k].view;
        void *px;
        int pitch;
        if (v && v->stat && v->own_pixels && v->n_content == CONTENT_LATER &&
            SDL_LockTexture(v->stat, NULL, &px, &pitch) == 0) {
            scan_content(v, px, pitch / 4, rgb_of(&d->pal, COLOR_BG));
            SDL_UnlockTexture(v->stat);
        }
        if (!v || !v->stat || v->n_content < 0)
            return -1;
        double eased = plan_ease(f->views[k].anim_t);
        for (int i = 0; i < v->n_items; i++) {
            /* where it draws now: a counting figure's digits, not the box
             * its final value fills, and each of them */
            struct anim_item *it = &v->items[i];
            if (it->kind == DRAW_FIGURE) {
                int used = s->n_pieces < PLAN_PIECES ? s->n_pieces : PLAN_PIECES;
                struct figure_pieces fp = {.p = s->pieces + used, .max = PLAN_PIECES - used};
                draw_figure(d, v, it, 0, 255, eased, &fp);
                s->n_pieces = fp.n > fp.max ? PLAN_PIECES + 1 : s->n_pieces + fp.n;
                if (!SDL_RectEmpty(&fp.ext))
                    plan_rects_add(s->figs, &s->n_figs,
                                   (int)(sizeof(s->figs) / sizeof(s->figs[0])),
                                   plan_padded(plan_of(fp.ext)), w, h);
                continue;
            }
            SDL_Rect e;
            int drawn = anim_extent(d, v, it, eased, &e);
            if (drawn < 0)
                return -1;
            if (drawn)
                plan_rects_add(s->moving, &s->n_moving, max, plan_padded(plan_of(e)), w, h);
        }
        if (v->vid.it) {
            const struct draw_rect *vr = &v->vid.it->r;
            plan_rects_add(s->moving, &s->n_moving, max,
                           plan_padded((struct plan_rect){vr->x, vr->y, vr->w, vr->h}), w, h);
        }
        if (!v->content || v->w != w || v->h != h)
            return -1;
        for (int y = 0; y < rows; y++)
            for (int j = 0; j < DMG_WORDS; j++)
                s->area[y][j] |= v->content[y][j];
    }
    plan_note_lists(s, f, w, h);
    return 0;
}

/* d->dmg: the places where frame f can differ from what the output shows
 * (-1: anywhere), as the planner works them out (frame_plan_damage) from
 * what this frame draws and what the last one drew. Only for the software
 * renderer drawing straight into its output, and for a frame of one view
 * in place or a crossfade in place. */
static void damage_plan(struct display *d, const struct frame *f, int w, int h)
{
    struct plan_shown *now = &d->drawing;
    memset(now, 0, sizeof(*now));
    d->n_dmg = -1;
    d->lists_kept = 0;
    d->dmg_pieces = 0;
    SDL_Surface *o = d->rotation || d->own_blend_off ? NULL : own_output(d);
    if (!o || d->presents == 0)
        return; /* the first frame: nothing shown to build on */
    const struct frame_view *fa = &f->views[0], *fb = &f->views[1];
    if (f->n_views == 1) {
        if (fa->dx != 0 || fa->alpha != 255)
            return;
    } else if (f->n_views == 2) {
        if (fa->dx != 0 || fb->dx != 0 || fa->alpha != 255 || fb->alpha == 0)
            return;
    } else {
        return;
    }
    if (frame_places(d, f, w, h, now) != 0)
        return;
    struct panel_view *a = (struct panel_view *)fa->view;
    struct panel_view *b = f->n_views == 2 ? (struct panel_view *)fb->view : NULL;
    now->a = a->base.id;
    now->a_ver = a->version;
    now->b = b ? b->base.id : 0;
    now->b_ver = b ? b->version : 0;
    now->ok = 1;
    /* a new or resized output (the window went full screen) holds nothing
     * of the last frame */
    const struct plan_shown *was = &d->shown;
    if (o != d->shown_out || o->w != d->shown_w || o->h != d->shown_h)
        was = NULL;
    frame_plan_damage(was, now, f, w, h, &d->plan);
    for (int i = 0; i < d->plan.n; i++)
        d->dmg[i] = (SDL_Rect){d->plan.r[i].x, d->plan.r[i].y, d->plan.r[i].w, d->plan.r[i].h};
    d->n_dmg = d->plan.n;
    d->lists_kept = d->plan.lists_kept;
    d->dmg_pieces = d->plan.pieces;
}

/* The picture the software renderer draws into while no target is set:
 * the headless surface or the window's; NULL when a crossfade cannot be
 * blended into it (the turned frame is a target; a format other than
 * 32-bit xRGB). */
static SDL_Surface *own_output(struct display *d)
{
    if (SDL_GetRenderTarget(d->ren))
        return NULL;
    SDL_Surface *s = d->surface ? d->surface : d->win ? SDL_GetWindowSurface(d->win) : NULL;
    if (!s || !s->pixels || SDL_MUSTLOCK(s))
        return NULL;
    Uint32 f = s->format->format;
    return f == SDL_PIXELFORMAT_RGB888 || f == SDL_PIXELFORMAT_ARGB8888 ? s : NULL;
}

struct own_view {
    uint32_t *px;
    int pitch;
};

/* Mix rect r of under and over into out; pool: split over its threads
 * (the whole screen; an item's place is not worth waking them for). */
static void blend_rect(struct blend_pool *pool, SDL_Surface *out, void *under, int under_pitch,
                       const struct own_view *over, const SDL_Rect *r, uint8_t alpha)
{
    struct blend_job j = {
        .dst = pixel_at(out->pixels, out->pitch, r->x, r->y),
        .dst_pitch = out->pitch,
        .under = pixel_at(under, under_pitch, r->x, r->y),
        .under_pitch = under_pitch,
        .over = pixel_at(over->px, over->pitch, r->x, r->y),
        .over_pitch = over->pitch,
        .w = r->w,
        .h = r->h,
        .alpha = alpha,
        .set = out->format->Amask, /* an opaque alpha byte, as SDL writes it */
    };
    blend_run(pool, &j);
}

/* blend_rect over r but where it meets cut (NULL: none). */
static void blend_rect_but(struct blend_pool *pool, SDL_Surface *out, void *under, int under_pitch,
                           const struct own_view *over, const SDL_Rect *r, const SDL_Rect *cut,
                           uint8_t alpha)
{
    SDL_Rect part[4];
    int k = cut ? rect_less(r, cut, part) : (part[0] = *r, 1);
    for (int i = 0; i < k; i++)
        blend_rect(pool, out, under, under_pitch, over, &part[i], alpha);
}

/* The clip's picture of the arriving view at alpha over the software
 * crossfade's mix (d->own_out), blended here as the static layers are:
 * SDL's blit of a picture at alpha is scalar, and a 2263x1273 picture at
 * 3840x2160 took most of a 20 ms frame. 1: drawn; 0: SDL must. */
static int picture_own(struct display *d, const struct view_video *vv, int dx, uint8_t alpha)
{
    SDL_Surface *out = d->own_out;
    if (alpha == 255)
        return 0;
    SDL_Rect r = {vv->it->r.x + dx, vv->it->r.y, vv->it->r.w, vv->it->r.h};
    SDL_Rect screen = {0, 0, out->w, out->h}, c;
    if (!SDL_IntersectRect(&r, &screen, &c))
        return 1;
    void *px;
    int pitch;
    if (picture_lock(vv, &px, &pitch) != 0)
        return 0;
    SDL_RenderFlush(d->ren); /* what was queued lands under the picture */
    uint32_t *at = pixel_at(out->pixels, out->pitch, c.x, c.y);
    struct blend_job j = {
        .dst = at,
        .dst_pitch = out->pitch,
        .under = at,
        .under_pitch = out->pitch,
        .over = pixel_at(px, pitch, c.x - r.x, c.y - r.y),
        .over_pitch = pitch,
        .w = c.w,
        .h = c.h,
        .alpha = alpha,
        .set = out->format->Amask,
    };
    blend_run(rect_area(&c) * 8 > (long)out->w * out->h ? d->blend : NULL, &j);
    SDL_UnlockTexture(vv->tex);
    return 1;
}

/* A crossfade with the software renderer: the arriving view over the
 * leaving one at alpha 1..254, both covering the screen. SDL would copy
 * the leaving view, then read it back to blend the arriving one over it
 * (5 passes over the screen, scalar); here one pass reads both views and
 * writes the mix (blend.h: SDL's own formula, SIMD, over a few threads).
 * The leaving view's animated items must be blended under the arriving
 * view too: their places are copied from the leaving view, the items drawn,
 * and the arriving view blended over them in place. Then the arriving
 * view's items, as SDL would, its text and figures through put_tex. 1 when
 * drawn; 0 when SDL must (another renderer, rotation, a slide, a view not
 * drawn here, an item of a kind anim_extent does not know). */
static int crossfade_own(struct display *d, const struct frame *f, int w, int h)
{
    if (d->own_blend_off || f->n_views != 2)
        return 0;
    const struct frame_view *fa = &f->views[0], *fb = &f->views[1];
    struct panel_view *a = (struct panel_view *)fa->view, *b = (struct panel_view *)fb->view;
    if (fa->dx != 0 || fb->dx != 0 || fa->alpha != 255 || fb->alpha == 0 || fb->alpha == 255)
        return 0;
    if (!a->stat || !b->stat || !a->own_pixels || !b->own_pixels || a->w != w || a->h != h ||
        b->w != w || b->h != h)
        return 0;
    SDL_Surface *out = own_output(d);
    if (!out || out->w != w || out->h != h)
        return 0;
    /* The leaving clip's picture, held at its last frame, is opaque over
     * all else of its view: there the mix reads it from its texture, in one
     * pass, rather than mixing the view under it, copying that, drawing the
     * picture over the copy and mixing again (at 3840x2160, a 2263x1273
     * picture took 7 of a frame's 15 ms that way). */
    SDL_Rect pic;
    void *held = NULL;
    int held_pitch = 0;
    if (picture_rect(a, w, h, &pic) && picture_lock(&a->vid, &held, &held_pitch) != 0)
        held = NULL;
    SDL_Rect rects[OWN_RECTS];
    int n = under_rects(d, a, fa->anim_t, w, h, !held, rects);
    struct own_view pa, pb;
    void *p;
    if (n < 0 || SDL_LockTexture(a->stat, NULL, &p, &pa.pitch) != 0)
        goto refused;
    pa.px = p;
    if (SDL_LockTexture(b->stat, NULL, &p, &pb.pitch) != 0) {
        SDL_UnlockTexture(a->stat);
        goto refused;
    }
    pb.px = p;
    if (!d->blend)
        d->blend = blend_pool_new(blend_default_threads()); /* NULL: on this thread */
    SDL_RenderFlush(d->ren); /* what was queued lands before the mix, not over it */
    SDL_Rect all = {0, 0, w, h};
    const SDL_Rect *cut = held ? &pic : NULL;
    if (d->n_dmg < 0) {
        blend_rect_but(d->blend, out, pa.px, pa.pitch, &pb, &all, cut, fb->alpha);
    } else { /* elsewhere both views are the background, as drawn last time */
        for (int i = 0; i < d->n_dmg; i++)
            blend_rect_but(rect_area(&d->dmg[i]) * 8 > (long)w * h ? d->blend : NULL, out, pa.px,
                           pa.pitch, &pb, &d->dmg[i], cut, fb->alpha);
    }
    if (n > 0) {
        for (int i = 0; i < n; i++)
            blend_rect(NULL, out, pa.px, pa.pitch, &pb, &rects[i], 0);
        draw_view(d, a, 0, 255, fa->anim_t, held ? 0 : VIEW_PICTURE);
        SDL_RenderFlush(d->ren);
        for (int i = 0; i < n; i++)
            blend_rect(NULL, out, out->pixels, out->pitch, &pb, &rects[i], fb->alpha);
    }
    if (held) { /* last: it covers the items it is drawn over */
        const struct draw_rect *r = &a->vid.it->r;
        struct blend_job j = {
            .dst = pixel_at(out->pixels, out->pitch, pic.x, pic.y),
            .dst_pitch = out->pitch,
            .under = pixel_at(held, held_pitch, pic.x - r->x, pic.y - r->y),
            .under_pitch = held_pitch,
            .over = pixel_at(pb.px, pb.pitch, pic.x, pic.y),
            .over_pitch = pb.pitch,
            .w = pic.w,
            .h = pic.h,
            .alpha = fb->alpha,
            .set = out->format->Amask,
        };
        blend_run(rect_area(&pic) * 8 > (long)w * h ? d->blend : NULL, &j);
        SDL_UnlockTexture(a->vid.tex);
    }
    SDL_UnlockTexture(b->stat);
    SDL_UnlockTexture(a->stat);
    d->own_out = out;
    draw_view(d, b, 0, fb->alpha, fb->anim_t, VIEW_PICTURE);
    d->own_out = NULL;
    d->own_blends++;
    return 1;
refused:
    if (held)
        SDL_UnlockTexture(a->vid.tex);
    return 0;
}

void display_set_own_blend(struct display *d, int on)
{
    if (d)
        d->own_blend_off = !on;
}

long display_own_blends(const struct display *d)
{
    return d ? d->own_blends : 0;
}

/* ---- chrome: a small cache of rasterised lines ---------------------------- */

static uint32_t text_hash(enum font_face face, int px, uint32_t rgb, const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    uint32_t k[3] = {(uint32_t)face, (uint32_t)px, rgb};
    for (int i = 0; i < 3; i++) {
        h = (h ^ k[i]) * 16777619u;
    }
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static void cache_flush(struct display *d)
{
    for (int i = 0; i < CACHE_SLOTS; i++) {
        if (d->cache[i].tex)
            tex_destroy(d->cache[i].tex);
        free(d->cache[i].text);
        memset(&d->cache[i], 0, sizeof(d->cache[i]));
    }
}

static struct cache_slot *cached_text(struct display *d, enum font_face face, int px, uint32_t rgb,
                                      const char *s, size_t n, int rtl)
{
    uint32_t h = text_hash(face, px, rgb, s, n);
    struct cache_slot *victim = &d->cache[0];
    d->tick++;
    for (int i = 0; i < CACHE_SLOTS; i++) {
        struct cache_slot *c = &d->cache[i];
        if (c->text && c->hash == h && c->face == face && c->px == px && c->rgb == rgb &&
            c->rtl == rtl && c->len == n && memcmp(c->text, s, n) == 0) {
            c->used = d->tick;
            return c;
        }
        if (!c->text || (victim->text && c->used < victim->used))
            victim = c;
    }
    if (victim->tex)
        tex_destroy(victim->tex);
    free(victim->text);
    memset(victim, 0, sizeof(*victim));
    victim->text = malloc(n + 1);
    if (!victim->text)
        return NULL;
    memcpy(victim->text, s, n);
    victim->text[n] = '\0';
    victim->len = n;
    victim->hash = h;
    victim->face = face;
    victim->px = px;
    victim->rgb = rgb;
    victim->used = d->tick;
    victim->rtl = rtl;
    victim->tex = text_texture(d, face, px, rgb, s, n, rtl, &victim->w, &victim->h);
    return victim;
}

static void draw_list_now(struct display *d, const struct draw_list *l)
{
    for (int i = 0; l && i < l->n; i++)
        draw_item_now(d, NULL, &l->items[i]);
}

void display_draw_list(struct display *d, const struct draw_list *l)
{
    if (!d || !l)
        return;
    display_damage_all(d); /* drawn where display_draw_frame does not know */
    draw_list_now(d, l);
}

int display_window_size(const struct display *d, int *w, int *h)
{
    if (!d || !d->win)
        return -1;
    SDL_GetWindowSize(d->win, w, h);
    return 0;
}

float display_dpi(const struct display *d)
{
    if (d && d->dpi > 0)
        return d->dpi;
    if (!d || !d->win)
        return 0;
    int idx = SDL_GetWindowDisplayIndex(d->win);
    float ddpi = 0, hdpi = 0, vdpi = 0;
    if (idx < 0 || SDL_GetDisplayDPI(idx, &ddpi, &hdpi, &vdpi) != 0)
        return 0;
    /* drivers without real data report nonsense: trust only plausible values */
    return hdpi >= 40 && hdpi <= 600 ? hdpi : 0;
}

/* ---- frames and the presenter ------------------------------------------- */

/* Do the frame's views cover the whole screen (one opaque at rest, or two
 * opaque side by side in a slide)? Then clearing would be wasted work. */
static int frame_covers(const struct frame *f, int w, int h)
{
    for (int i = 0; i < f->n_views; i++) {
        const struct panel_view *v = (const struct panel_view *)f->views[i].view;
        if (!v->stat || v->w < w || v->h < h)
            return 0; /* drawn nothing (not rebuilt), or made for a smaller screen */
    }
    for (int i = 0; i < f->n_views; i++)
        if (f->views[i].dx == 0 && f->views[i].alpha == 255)
            return 1;
    if (f->n_views == 2 && f->views[0].alpha == 255 && f->views[1].alpha == 255) {
        int a = f->views[0].dx, b = f->views[1].dx;
        return abs(a - b) == w && (a == 0 || b == 0 || (a < 0) != (b < 0));
    }
    return 0;
}

/* A crossfade's ends are one view: while the arriving view's alpha is 0
 * (an eased fade's first frames round to it) the leaving view alone shows,
 * and once it is 255 the arriving view covers the other. Drawn as such, the
 * frame is the one view in place, and damage finds what changed. f, or
 * *alone with that one view. */
static const struct frame *crossfade_ends(const struct frame *f, struct frame *alone, int w, int h)
{
    if (f->n_views != 2)
        return f;
    const struct frame_view *fa = &f->views[0], *fb = &f->views[1];
    const struct panel_view *b = (const struct panel_view *)fb->view;
    if (fa->dx != 0 || fb->dx != 0 || fa->alpha != 255)
        return f;
    if (fb->alpha == 255 && !(b && b->stat && b->w >= w && b->h >= h))
        return f; /* what it does not cover, the leaving view still shows */
    if (fb->alpha != 0 && fb->alpha != 255)
        return f;
    *alone = *f;
    alone->views[0] = fb->alpha ? *fb : *fa;
    alone->n_views = 1;
    return alone;
}

void display_draw_frame(struct display *d, const struct frame *f)
{
    if (!d || !f)
        return;
    int w, h;
    display_size(d, &w, &h);
    to_screen(d);
    /* the clips first: they play, hold or stop whoever draws the views */
    for (int i = 0; i < f->n_views; i++) {
        const struct frame_view *fv = &f->views[i];
        struct panel_view *v = (struct panel_view *)fv->view;
        if (v && v->packed) {
            if (fv->rest) /* still at rest, and drawn again: resting did not last */
                v->keep_whole = 1;
            view_unpack(d, v);
        }
        if (v && fv->play != PV_STILL)
            video_play(d, v, fv->play, fv->run);
    }
    struct frame alone;
    f = crossfade_ends(f, &alone, w, h);
    damage_plan(d, f, w, h);
    int blended = crossfade_own(d, f, w, h); /* the views are drawn */
    if (!blended && f->n_views == 1 && d->n_dmg >= 0) {
        /* one view in place, as last time: its static layer again where
         * something moves, then what moves */
        struct panel_view *v = (struct panel_view *)f->views[0].view;
        SDL_SetTextureBlendMode(v->stat, SDL_BLENDMODE_NONE);
        SDL_SetTextureAlphaMod(v->stat, 255);
        /* not under the clip's picture: it covers its place, opaque
         * (draw_view), 2.9 MB a frame for a 1130x636 clip */
        SDL_Rect pic = {0, 0, 0, 0};
        picture_rect(v, w, h, &pic);
        for (int i = 0; i < d->n_dmg; i++) {
            SDL_Rect part[4];
            int n = rect_less(&d->dmg[i], &pic, part);
            for (int k = 0; k < n; k++)
                SDL_RenderCopy(d->ren, v->stat, &part[k], &part[k]);
        }
        draw_view(d, v, 0, 255, f->views[0].anim_t, VIEW_PICTURE);
        blended = 1;
    }
    if (!blended && !frame_covers(f, w, h))
        clear_now(d);
    for (int i = 0; !blended && i < f->n_views; i++) {
        const struct frame_view *fv = &f->views[i];
        draw_view(d, (struct panel_view *)fv->view, fv->dx, fv->alpha, fv->anim_t,
                  VIEW_STATIC | VIEW_PICTURE);
    }
    video_sweep(d);
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; f->lists[l] && i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            struct plan_rect pr = plan_item_place(it);
            SDL_Rect r = {pr.x, pr.y, pr.w, pr.h};
            /* an unchanged item the damage does not meet is on the
             * output already (lists_into_damage) */
            if (!d->lists_kept || d->n_dmg < 0 || meets(&r, d->dmg, d->n_dmg))
                draw_item_now(d, NULL, it);
        }
    const struct frame_view *fv = &f->views[0];
    struct panel_view *v = (struct panel_view *)fv->view;
    /* at display_idle: the output then shows it whole, and no frame (the
     * first) waits for it */
    int rest = f->n_views == 1 && fv->rest && v && fv->dx == 0 && fv->alpha == 255 &&
               fv->anim_t >= 1.0 && !v->vid.it;
    d->to_rest = rest ? v : NULL;
    d->rest_drawn = d->presents;
    d->dmg_pieces = 0; /* the public calls draw figures whole */
}

int display_recover(struct display *d, int device_lost, char *why, size_t why_len)
{
    display_damage_all(d);
    if (!d)
        return -1;
    log_warn(TAG, "the renderer lost its %s; rebuilding every view from its draw list",
             device_lost ? "device" : "textures");
    for (struct panel_view *v = d->views; v; v = v->next)
        view_drop_textures(v);
    cache_flush(d);
    if (device_lost) {
        /* the clips' context shares the lost renderer's: its players and
         * it go, and the clips start again at the next frame */
        for (struct panel_view *v = d->views; v; v = v->next)
            if (v->vid.player)
                video_stop(d, &v->vid);
        parked_close(d);
        clip_gl_close(d->clip_gl);
        d->clip_gl = NULL;
        d->ren_gl = NULL;
        tex_destroy(d->frame); /* made again at the next frame */
        d->frame = NULL;
        tex_destroy(d->turn_tex);
        d->turn_tex = NULL;
        SDL_DestroyRenderer(d->ren);
        d->ren = NULL;
        if (create_renderer(d, why, why_len) != 0) {
            log_error(TAG, "no renderer after a device reset: %s", why);
            return -1;
        }
    }
    int rc = 0;
    for (struct panel_view *v = d->views; v; v = v->next) {
        char vwhy[256];
        if (view_build(d, v, vwhy, sizeof(vwhy)) != 0) {
            log_error(TAG, "a view could not be rebuilt: %s", vwhy);
            view_drop_textures(v); /* drawn as nothing, never half */
            snprintf(why, why_len, "%s", vwhy);
            rc = -1;
        }
        d->rebuilds++;
    }
    display_clear(d);
    return rc;
}

void display_trim(struct display *d)
{
    if (d)
        cache_flush(d);
}

int display_poll_photos(struct display *d)
{
    int changed = 0;
    for (struct panel_view *v = d ? d->views : NULL; v; v = v->next) {
        struct view_photo *p = &v->photo;
        struct job_status st;
        if (!p->job || !job_poll(p->job, &st) || !st.finished)
            continue;
        job_free(p->job);
        p->job = NULL;
        if (p->out) {
            p->pic = p->out;
            p->out = NULL;
        } else {
            photo_refused(p->img, p->why);
            p->failed = 1;
        }
        char why[256];
        view_drop_textures(v);
        if (view_build(d, v, why, sizeof(why)) != 0) {
            log_error(TAG, "a view could not be rebuilt with its photo: %s", why);
            view_drop_textures(v);
        }
        changed++;
    }
    return changed;
}

int display_photos_pending(const struct display *d)
{
    int n = 0;
    for (const struct panel_view *v = d ? d->views : NULL; v; v = v->next)
        n += v->photo.job != NULL;
    return n;
}

int display_ok(const struct display *d)
{
    return d && d->ren;
}

long display_rebuild_count(const struct display *d)
{
    return d ? d->rebuilds : 0;
}

long display_clip_frames(const struct display *d, long *with_gl)
{
    if (with_gl)
        *with_gl = d ? d->clip_frames_gl : 0;
    return d ? d->clip_frames : 0;
}

static void p_size(void *ctx, int *w, int *h)
{
    display_size(ctx, w, h);
}

static float p_dpi(void *ctx)
{
    return display_dpi(ctx);
}

static const struct text_measurer *p_measurer(void *ctx)
{
    return text_measurer(display_text(ctx));
}

static struct pview *p_prepare(void *ctx, const struct draw_list *list, const char *locale,
                               char *why, size_t why_len)
{
    struct panel_view *v = display_prepare(ctx, list, locale, why, why_len);
    return v ? &v->base : NULL;
}

static void p_release(void *ctx, struct pview *view)
{
    (void)ctx;
    display_view_free((struct panel_view *)view);
}

static void p_draw_frame(void *ctx, const struct frame *f)
{
    display_draw_frame(ctx, f);
}

void display_set_look(struct display *d, const struct palette *pal,
                      const struct store_font fonts[STORE_FONT_FACES])
{
    d->pal = *pal;
    const void *data[FACE_COUNT] = {NULL};
    size_t size[FACE_COUNT] = {0};
    const char *name[FACE_COUNT] = {NULL};
    for (int i = 0; fonts && i < FACE_COUNT && i < STORE_FONT_FACES; i++) {
        data[i] = fonts[i].data;
        size[i] = fonts[i].size;
        name[i] = fonts[i].name;
    }
    char why[256];
    /* borrowed, not copied (presenter.look): a 20 MB font is held once */
    if (text_lend_fonts(d->text, data, size, name, why, sizeof why) != 0)
        log_warn(TAG, "the exhibit's fonts: %s; its text is set in vitrine's own", why);
}

static void p_look(void *ctx, const struct palette *pal,
                   const struct store_font fonts[STORE_FONT_FACES])
{
    display_set_look(ctx, pal, fonts);
}

struct presenter display_presenter(struct display *d)
{
    return (struct presenter){
        .ctx = d,
        .size = p_size,
        .dpi = p_dpi,
        .measurer = p_measurer,
        .prepare = p_prepare,
        .look = p_look,
        .release = p_release,
        .draw_frame = p_draw_frame,
        .video = p_video,
    };
}
