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
#include "display_internal.h"
#include "clock.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Textures this process holds in its renderers: every create and destroy
 * goes through these two (main thread only), for the soak's leak check. */
static long live_textures;

SDL_Texture *disp_tex_counted(SDL_Texture *t)
{
    live_textures += t != NULL;
    return t;
}

void disp_tex_destroy(SDL_Texture *t)
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

void disp_set_why(char *why, size_t why_len, const char *what)
{
    rules_fail(why, why_len, "%s: %s", what, SDL_GetError());
}

uint8_t disp_mul_alpha(uint8_t a, uint8_t b)
{
    return (uint8_t)((a * b + 127) / 255);
}

void disp_set_color(SDL_Renderer *ren, uint32_t rgb, uint8_t a)
{
    SDL_SetRenderDrawBlendMode(ren, a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, (Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, a);
}

/* Decode one UTF-8 sequence at *p (valid text from the store); advances *p. */
uint32_t disp_utf8_next(const char **p, const char *end)
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

size_t disp_utf8_put(uint32_t c, char *out)
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

void disp_ink_free(struct ink *k)
{
    free(k->a);
    memset(k, 0, sizeof(*k));
}

/* k: the coverage of s (ARGB8888) when every inked pixel of it is rgb and
 * the software crossfade may draw it; else none. */
void disp_ink_make(struct display *d, struct ink *k, const SDL_Surface *s, uint32_t rgb)
{
    memset(k, 0, sizeof(*k));
    if (d->own_blend_off || !disp_is_software(d) || s->format->format != SDL_PIXELFORMAT_ARGB8888)
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
                disp_ink_free(k); /* not one colour: SDL draws it */
                return;
            }
            k->a[(size_t)y * (size_t)s->w + (size_t)x] = (uint8_t)(row[x] >> 24);
        }
    }
}

/* Rasterise text into a blended texture; NULL when there is nothing to see.
 * ink (may be NULL): its coverage too, for the software crossfade. */
SDL_Texture *disp_text_texture_ink(struct display *d, enum font_face face, int px, uint32_t rgb,
                                   const char *s, size_t n, int rtl, int *w, int *h,
                                   struct ink *ink)
{
    *w = *h = 0;
    if (ink)
        memset(ink, 0, sizeof(*ink));
    SDL_Surface *surf = text_render_dir(d->text, face, px, rgb, s, n, rtl);
    if (!surf)
        return NULL;
    SDL_Texture *tex = disp_tex_counted(SDL_CreateTextureFromSurface(d->ren, surf));
    if (tex) {
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
        *w = surf->w;
        *h = surf->h;
        if (ink)
            disp_ink_make(d, ink, surf, rgb);
    } else {
        log_warn(TAG, "text texture: %s", SDL_GetError());
    }
    SDL_FreeSurface(surf);
    return tex;
}

SDL_Texture *disp_text_texture(struct display *d, enum font_face face, int px, uint32_t rgb,
                               const char *s, size_t n, int rtl, int *w, int *h)
{
    return disp_text_texture_ink(d, face, px, rgb, s, n, rtl, w, h, NULL);
}

void disp_copy_at(SDL_Renderer *ren, SDL_Texture *tex, int x, int y, int w, int h, uint8_t a)
{
    if (!tex || a == 0)
        return;
    SDL_SetTextureAlphaMod(tex, a);
    SDL_Rect dst = {x, y, w, h};
    SDL_RenderCopy(ren, tex, NULL, &dst);
}

void *disp_pixel_at(void *base, int pitch, int x, int y)
{
    return (Uint8 *)base + (ptrdiff_t)y * pitch + (ptrdiff_t)x * 4;
}

/* copy_at; while the software crossfade draws over its mix (d->own_out),
 * a one-colour texture at alpha 1..254 is drawn from its ink by
 * blend_ink, with SDL's own arithmetic, an order of magnitude faster than
 * SDL's general blit. */
void disp_put_tex(struct display *d, SDL_Texture *tex, const struct ink *k, int x, int y, int w,
                  int h, uint8_t a)
{
    SDL_Surface *out = d->own_out;
    if (!out || !tex || !k || !k->a || a == 0 || a == 255 || k->w != w || k->h != h) {
        disp_copy_at(d->ren, tex, x, y, w, h, a);
        return;
    }
    SDL_Rect r = {x, y, w, h}, screen = {0, 0, out->w, out->h}, c;
    if (!SDL_IntersectRect(&r, &screen, &c))
        return;
    SDL_RenderFlush(d->ren); /* what was queued before lands under it */
    blend_ink(disp_pixel_at(out->pixels, out->pitch, c.x, c.y), out->pitch,
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

void disp_photo_forget(struct view_photo *p)
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
SDL_Texture *disp_image_texture(struct display *d, struct panel_view *v, const struct draw_item *it,
                                SDL_Rect *dst)
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
    SDL_Texture *tex = disp_tex_counted(SDL_CreateTextureFromSurface(d->ren, s));
    /* With a window, the decoded photo goes once its texture is made: the
     * texture (or the static layer it is drawn into) holds its pixels, and
     * keeping it for a rebuild (a lost renderer) held a second copy, 4.5
     * MB for a 1130x1000 photo, for as long as the panel was kept. A
     * rebuild decodes it again on a worker, the placeholder meanwhile. */
    if (p && p->pic == s && tex && !d->headless)
        p->pic = NULL;
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

struct prefault_arg {
    void *at;
    size_t len;
};

static void *prefault_run(void *p)
{
    struct prefault_arg *a = p;
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif
    /* makes every page writable without changing a byte; an older kernel
     * says EINVAL and the first frame makes them as before */
    (void)madvise(a->at, a->len, MADV_POPULATE_WRITE);
    free(a);
    return NULL;
}

/* A software renderer draws into the window's surface, whose pages the
 * kernel makes at their first touch: under X11 it is shared memory the X
 * server reads, and a full screen of first touches cost the first frame
 * about 20 ms at 3840x2160 (8100 faults). A second thread makes them
 * while the fonts open and the first panel is laid out; the first present
 * waits for it. */
static void prefault_start(struct display *d)
{
    SDL_Surface *s = SDL_GetWindowSurface(d->win);
    long page = sysconf(_SC_PAGESIZE);
    if (!s || !s->pixels || page <= 0 || d->prefaulting)
        return;
    uintptr_t from = (uintptr_t)s->pixels / (uintptr_t)page * (uintptr_t)page;
    uintptr_t to = (uintptr_t)s->pixels + (size_t)s->pitch * (size_t)s->h;
    struct prefault_arg *a = malloc(sizeof(*a));
    if (!a)
        return;
    a->at = (void *)from;
    a->len = to - from;
    if (pthread_create(&d->prefault, NULL, prefault_run, a) != 0) {
        free(a);
        return;
    }
    d->prefaulting = 1;
}

static void prefault_end(struct display *d)
{
    if (d->prefaulting)
        pthread_join(d->prefault, NULL);
    d->prefaulting = 0;
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
    } else {
        prefault_start(d);
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
            disp_set_why(why, why_len, "software renderer");
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
        disp_set_why(why, why_len, "renderer");
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
    /* SDL's X11 driver asks the session's message bus about the screen
     * saver and input methods. A kiosk session often has none (no
     * DBUS_SESSION_BUS_ADDRESS, no $XDG_RUNTIME_DIR/bus), and libdbus then
     * "autolaunches" one: it forks and looks for dbus-launch along PATH at
     * every start, and where dbus-x11 is installed starts a bus daemon for
     * the X display that nothing else uses. An address that cannot be
     * reached makes SDL go without, at once. A session that has a bus
     * keeps it. */
    const char *run = getenv("XDG_RUNTIME_DIR");
    char bus[512];
    struct stat st;
    int has_bus = run && *run && snprintf(bus, sizeof(bus), "%s/bus", run) < (int)sizeof(bus) &&
                  stat(bus, &st) == 0 && S_ISSOCK(st.st_mode);
    if (!has_bus)
        setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 0);
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
        disp_set_why(why, why_len, "headless surface");
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
        disp_set_why(why, why_len, "SDL video");
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
        disp_set_why(why, why_len, "window");
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
    d->x_bg = -1;
    d->loop_rest = o->loop_first;
    theme_palette(NULL, &d->pal);
    d->headless = o->headless;
    d->dpi = o->dpi > 0 ? o->dpi : 0;
    d->rotation = o->rotation == 90 || o->rotation == 180 || o->rotation == 270 ? o->rotation : 0;
    snprintf(d->renderer_pref, sizeof(d->renderer_pref), "%s", o->renderer ? o->renderer : "auto");
    int rc = o->headless ? open_headless(d, o, why, why_len) : open_window(d, o, why, why_len);
    if (rc != 0)
        goto fail;
    clock_stage(CLOCK_STAGE_DISPLAY);
    d->text = text_open(o->assets_dir, why, why_len);
    if (!d->text)
        goto fail;
    clock_stage(CLOCK_STAGE_FONTS);
    display_clear(d);
    return d;
fail:
    display_close(d);
    return NULL;
}

static void cache_flush(struct display *d);

void display_close(struct display *d)
{
    if (!d)
        return;
    while (d->views) {
        struct panel_view *v = d->views;
        log_warn(TAG, "a panel view outlives the display; free views first");
        disp_view_release(v);
    }
    prefault_end(d);
    cache_flush(d);
    disp_parked_close(d);
    clip_gl_close(d->clip_gl);
    if (d->text)
        text_close(d->text);
    disp_tex_destroy(d->frame);
    disp_tex_destroy(d->turn_tex);
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

int disp_turned(const struct display *d)
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
    int fw = disp_turned(d) ? oh : ow, fh = disp_turned(d) ? ow : oh;
    if (d->frame && (d->frame_w != fw || d->frame_h != fh)) {
        disp_tex_destroy(d->frame);
        d->frame = NULL;
    }
    if (!d->frame && fw > 0 && fh > 0) {
        d->frame = disp_tex_counted(
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

void disp_to_screen(struct display *d)
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
    int tw = disp_turned(d) ? fh : fw, th = disp_turned(d) ? fw : fh;
    size_t need = (size_t)fw * (size_t)fh;
    if (need > d->turn_cap) {
        uint32_t *b = realloc(d->turn_buf, need * sizeof(*b));
        if (!b)
            return -1;
        d->turn_buf = b;
        d->turn_cap = need;
    }
    if (d->turn_tex && (d->turn_w != tw || d->turn_h != th)) {
        disp_tex_destroy(d->turn_tex);
        d->turn_tex = NULL;
    }
    if (!d->turn_tex) {
        d->turn_tex = disp_tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_ARGB8888,
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

int disp_is_software(const struct display *d)
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
    if (disp_is_software(d)) {
        if (sw != (disp_turned(d) ? d->frame_h : d->frame_w) ||
            sh != (disp_turned(d) ? d->frame_w : d->frame_h)) {
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
    if (d && !d->frame_failed && disp_turned(d)) {
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
    disp_to_screen(d);
    disp_set_color(d->ren, rgb_of(&d->pal, COLOR_BG), 255);
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

void display_clear_black(struct display *d)
{
    if (!d)
        return;
    display_damage_all(d);
    disp_to_screen(d);
    SDL_SetRenderDrawColor(d->ren, 0, 0, 0, 255);
    SDL_RenderClear(d->ren);
}

/* The first frame under X, over a window whose own background the X
 * server has painted the exhibit's colour (display_set_look): only the
 * tiles that are not that colour are sent. Sent whole, the X server
 * copied a screen of shared memory, its pages first touched (27-41 ms at
 * 3840x2160, against 5 ms for the same present offscreen). Their count
 * in out, or -1: send it whole. */
static int first_present_rects(struct display *d, SDL_Rect *out, int max)
{
    if (d->presents > 0 || d->n_dmg >= 0 || d->x_bg < 0 || !d->win || d->headless || d->rotation ||
        !disp_is_software(d) || (long)rgb_of(&d->pal, COLOR_BG) != d->x_bg)
        return -1;
    SDL_RenderFlush(d->ren); /* drawn, then read */
    SDL_Surface *s = disp_own_output(d);
    int cols, rows;
    if (!s || !plan_grid(s->w, s->h, &cols, &rows))
        return -1;
    uint64_t(*bits)[DMG_WORDS] = calloc((size_t)rows, sizeof(*bits));
    struct plan_rect *r = malloc((size_t)max * sizeof(*r));
    int n = -1; /* each row's runs of tiles drawn, a run joined to the one above it */
    if (bits && r &&
        disp_scan_tiles(s->pixels, s->pitch / 4, s->w, s->h, plan_tile(s->w, s->h),
                        (uint32_t)d->x_bg, bits) >= 0)
        n = plan_bits_rects((const uint64_t(*)[PLAN_WORDS])bits, cols, rows, s->w, s->h, r, max);
    for (int i = 0; i < n; i++)
        out[i] = (SDL_Rect){r[i].x, r[i].y, r[i].w, r[i].h};
    free(bits);
    free(r);
    return n;
}

void display_present(struct display *d)
{
    if (!d)
        return;
    compose(d);
    prefault_end(d);
    SDL_Rect first[1024];
    int n_first = first_present_rects(d, first, (int)(sizeof(first) / sizeof(first[0])));
    if (n_first >= 0) {
        if (n_first > 0 && SDL_UpdateWindowSurfaceRects(d->win, first, n_first) != 0)
            SDL_RenderPresent(d->ren);
        log_debug(TAG, "the first frame: %d rectangles sent, the rest the window's background",
                  n_first);
    } else if (d->n_dmg >= 0 && d->win && !d->headless && !d->rotation && disp_is_software(d)) {
        /* the damage only (display_draw_frame): what SDL_RenderPresent
         * does for the software renderer, less the rest of the screen */
        SDL_RenderFlush(d->ren);
        if (d->n_dmg > 0 && SDL_UpdateWindowSurfaceRects(d->win, d->dmg, d->n_dmg) != 0)
            SDL_RenderPresent(d->ren);
    } else {
        SDL_RenderPresent(d->ren);
    }
    d->partial_presents += d->n_dmg >= 0;
    if (n_first >= 0) {
        d->damaged = 0;
        for (int i = 0; i < n_first; i++)
            d->damaged += disp_rect_area(&first[i]);
    } else if (d->n_dmg >= 0) {
        d->damaged = 0;
        for (int i = 0; i < d->n_dmg; i++)
            d->damaged += disp_rect_area(&d->dmg[i]);
    } else {
        int w, h;
        output_size(d, &w, &h);
        d->damaged = (long)w * h;
    }
    d->presents++;
    d->shown = d->drawing;
    d->drawing.ok = 0;
    d->n_dmg = -1;
    disp_to_screen(d);
    SDL_Surface *o = disp_own_output(d);
    d->shown_out = o;
    d->shown_w = o ? o->w : 0;
    d->shown_h = o ? o->h : 0;
    disp_video_presented_all(d);
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
    disp_to_screen(d);
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
        disp_set_why(why, why_len, "reading the frame");
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
        disp_view_unpack(d, v);
        if (v->stat && v->own_pixels && SDL_LockTexture(v->stat, NULL, &px, &pitch) == 0) {
            for (int y = 0; y < v->h; y++)
                for (int x = 0; x < v->w; x++)
                    ((Uint32 *)((Uint8 *)px + (size_t)y * (size_t)pitch))[x] = rgb;
            SDL_UnlockTexture(v->stat);
            continue;
        }
        if (!v->stat || SDL_SetRenderTarget(d->ren, v->stat) != 0)
            continue;
        disp_set_color(d->ren, rgb, 255);
        SDL_RenderClear(d->ren);
    }
    if (d)
        disp_to_screen(d);
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
            disp_tex_destroy(d->cache[i].tex);
        free(d->cache[i].text);
        memset(&d->cache[i], 0, sizeof(d->cache[i]));
    }
}

struct cache_slot *disp_cached_text(struct display *d, enum font_face face, int px, uint32_t rgb,
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
        disp_tex_destroy(victim->tex);
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
    victim->tex = disp_text_texture(d, face, px, rgb, s, n, rtl, &victim->w, &victim->h);
    return victim;
}

static void draw_list_now(struct display *d, const struct draw_list *l)
{
    for (int i = 0; l && i < l->n; i++)
        disp_draw_item_now(d, NULL, &l->items[i]);
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
        if ((!v->stat && !v->packed) || v->w < w || v->h < h)
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
    if (fb->alpha == 255 && !(b && (b->stat || b->packed) && b->w >= w && b->h >= h))
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
    disp_to_screen(d);
    /* the clips first: they play, hold or stop whoever draws the views */
    for (int i = 0; i < f->n_views; i++) {
        const struct frame_view *fv = &f->views[i];
        struct panel_view *v = (struct panel_view *)fv->view;
        if (v && fv->play != PV_STILL)
            disp_video_play(d, v, fv->play, fv->run, fv->hush);
    }
    struct frame alone;
    f = crossfade_ends(f, &alone, w, h);
    disp_damage_plan(d, f, w, h);
    /* a crossfade from a view at rest reads its tiles; everything else
     * draws whole views */
    int blended = disp_crossfade_own(d, f, w, h); /* the views are drawn */
    struct panel_view *one = f->n_views == 1 ? (struct panel_view *)f->views[0].view : NULL;
    SDL_Rect all = {0, 0, w, h};
    if (!blended && one && one->packed && f->views[0].dx == 0 && f->views[0].alpha == 255 &&
        disp_rest_copy(d, one, d->n_dmg >= 0 ? d->dmg : &all, d->n_dmg >= 0 ? d->n_dmg : 1) == 0) {
        /* one view in place at rest (the cursor shown or hidden, a
         * crossfade's first frames): its tiles again where something
         * moves (or everywhere), then what moves; it stays at rest */
        disp_draw_view(d, one, 0, 255, f->views[0].anim_t, VIEW_PICTURE);
        blended = 1;
    }
    for (int i = 0; !blended && i < f->n_views; i++) {
        struct panel_view *v = (struct panel_view *)f->views[i].view;
        if (v && v->packed) {
            if (f->views[i].rest) /* still at rest, and made whole: resting did not last */
                v->keep_whole = 1;
            disp_view_unpack(d, v);
        }
    }
    if (!blended && one && d->n_dmg >= 0) {
        /* one view in place, as last time: its static layer again where
         * something moves, then what moves */
        SDL_SetTextureBlendMode(one->stat, SDL_BLENDMODE_NONE);
        SDL_SetTextureAlphaMod(one->stat, 255);
        /* not under the clip's picture: it covers its place, opaque
         * (draw_view), 2.9 MB a frame for a 1130x636 clip */
        SDL_Rect pic = {0, 0, 0, 0};
        disp_picture_rect(one, w, h, &pic);
        for (int i = 0; i < d->n_dmg; i++) {
            SDL_Rect part[4];
            int n = disp_rect_less(&d->dmg[i], &pic, part);
            for (int k = 0; k < n; k++)
                SDL_RenderCopy(d->ren, one->stat, &part[k], &part[k]);
        }
        disp_draw_view(d, one, 0, 255, f->views[0].anim_t, VIEW_PICTURE);
        blended = 1;
    }
    if (!blended && !frame_covers(f, w, h))
        clear_now(d);
    for (int i = 0; !blended && i < f->n_views; i++) {
        const struct frame_view *fv = &f->views[i];
        disp_draw_view(d, (struct panel_view *)fv->view, fv->dx, fv->alpha, fv->anim_t,
                       VIEW_STATIC | VIEW_PICTURE);
    }
    disp_video_sweep(d);
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; f->lists[l] && i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            struct plan_rect pr = plan_item_place(it);
            SDL_Rect r = {pr.x, pr.y, pr.w, pr.h};
            /* an unchanged item the damage does not meet is on the
             * output already (lists_into_damage) */
            if (!d->lists_kept || d->n_dmg < 0 || disp_meets(&r, d->dmg, d->n_dmg))
                disp_draw_item_now(d, NULL, it);
        }
    const struct frame_view *fv = &f->views[0];
    struct panel_view *v = (struct panel_view *)fv->view;
    /* at display_idle: the output then shows it whole, and no frame (the
     * first) waits for it. Its figures may still count: the frames that
     * draw them in place read its tiles */
    int rest = f->n_views == 1 && fv->rest && v && fv->dx == 0 && fv->alpha == 255 && !v->vid.it;
    d->to_rest = rest ? v : NULL;
    d->loop_rest = f->n_views >= 1 && fv->rest;
    d->rest_counted = fv->anim_t >= 1.0;
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
        disp_view_drop_textures(v);
    cache_flush(d);
    if (device_lost) {
        /* the clips' context shares the lost renderer's: its players and
         * it go, and the clips start again at the next frame */
        for (struct panel_view *v = d->views; v; v = v->next)
            if (v->vid.player)
                disp_video_stop(d, &v->vid);
        disp_parked_close(d);
        clip_gl_close(d->clip_gl);
        d->clip_gl = NULL;
        d->ren_gl = NULL;
        disp_tex_destroy(d->frame); /* made again at the next frame */
        d->frame = NULL;
        disp_tex_destroy(d->turn_tex);
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
        if (disp_view_build(d, v, 0, vwhy, sizeof(vwhy)) != 0) {
            log_error(TAG, "a view could not be rebuilt: %s", vwhy);
            disp_view_drop_textures(v); /* drawn as nothing, never half */
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
        disp_view_drop_textures(v);
        if (disp_view_build(d, v, 0, why, sizeof(why)) != 0) {
            log_error(TAG, "a view could not be rebuilt with its photo: %s", why);
            disp_view_drop_textures(v);
        }
        changed++;
    }
    return changed;
}

void display_stats(const struct display *d, struct display_stats *out)
{
    memset(out, 0, sizeof(*out));
    if (!d)
        return;
    out->partial_presents = d->partial_presents;
    out->damaged = d->damaged;
    out->packs = d->packs;
    out->unpacks = d->unpacks;
    out->banded = d->banded;
    out->own_blends = d->own_blends;
    out->rebuilds = d->rebuilds;
    out->clip_frames = d->clip_frames;
    out->clip_frames_gl = d->clip_frames_gl;
    for (const struct panel_view *v = d->views; v; v = v->next)
        out->photos_pending += v->photo.job != NULL;
}

int display_ok(const struct display *d)
{
    return d && d->ren;
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
    /* the X server paints the window this colour while the first panel
     * is laid out, and the first present sends only the rest; a later
     * look's colour is the window's too (not painted: the screen shows the
     * kiosk's frame), which the server fills in where it is exposed */
    long bg = (long)rgb_of(&d->pal, COLOR_BG);
    if (d->win && !d->headless && !d->rotation && disp_is_software(d) && d->x_bg != bg)
        d->x_bg = x11_paint_background(d->win, (uint32_t)bg, d->presents == 0) == 0 ? bg : -1;
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
        .video = disp_p_video,
    };
}
