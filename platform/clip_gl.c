/* clip_gl.c - see clip_gl.h.
 *
 * LIMITATIONS: the renderer's texture must be unpadded (SDL pads only where
 * OpenGL has no textures of any size, which no renderer of a kiosk lacks);
 * a drawn frame is finished (glFinish) before SDL draws it, as OpenGL only
 * promises that a shared object's new contents are seen by another context
 * once the commands that wrote them are complete. On a GPU that waits for
 * the one frame mpv drew; a fence would not wait on the CPU, but OpenGL ES
 * 2.0 has none. */
#include "clip_gl.h"
#include "video.h"

#include <SDL.h>
#include <SDL_syswm.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenGL's numbers, the same in OpenGL 3.0 and OpenGL ES 2.0 (no header of
 * OpenGL is needed for a few of them) */
#define GL_TEXTURE_2D 0x0DE1
#define GL_TEXTURE_BINDING_2D 0x8069
#define GL_FRAMEBUFFER 0x8D40
#define GL_FRAMEBUFFER_COMPLETE 0x8CD5
#define GL_COLOR_ATTACHMENT0 0x8CE0

typedef void (*gen_fn)(int n, unsigned *ids);
typedef void (*bind_fn)(unsigned target, unsigned id);
typedef void (*attach_fn)(unsigned target, unsigned attachment, unsigned textarget, unsigned tex,
                          int level);
typedef unsigned (*status_fn)(unsigned target);
typedef void (*delete_fn)(int n, const unsigned *ids);
typedef void (*get_int_fn)(unsigned name, int *v);
typedef void (*void_fn)(void);

struct clip_gl {
    SDL_Window *win;
    SDL_GLContext ren_ctx; /* the renderer's */
    SDL_GLContext ctx;     /* the clips' */
    struct video_gl video;
    gen_fn gen_framebuffers;
    bind_fn bind_framebuffer;
    attach_fn framebuffer_texture_2d;
    status_fn check_framebuffer_status;
    delete_fn delete_framebuffers;
    get_int_fn get_integerv;
    void_fn finish;
};

/* The reason into the caller's why (why_len > 0, or why NULL). */
#define SAY(...) (why && why_len ? (void)snprintf(why, why_len, __VA_ARGS__) : (void)0)

int clip_gl_renderer(SDL_Renderer *ren, void **ren_ctx)
{
    SDL_RendererInfo info;
    *ren_ctx = NULL;
    if (!ren || SDL_GetRendererInfo(ren, &info) != 0 || strncmp(info.name, "opengl", 6) != 0)
        return 0;
    *ren_ctx = SDL_GL_GetCurrentContext();
    return *ren_ctx != NULL;
}

static void *proc_address(void *ctx, const char *name)
{
    (void)ctx;
    return SDL_GL_GetProcAddress(name);
}

/* Function pointers from SDL are void *; a function's type is given to it
 * through an integer, as POSIX's dlsym rule allows. */
#define LOAD(g, field, type, name) ((g)->field = (type)(uintptr_t)SDL_GL_GetProcAddress(name))

struct clip_gl *clip_gl_open(SDL_Window *win, void *ren_ctx, char *why, size_t why_len)
{
    if (!win || !ren_ctx) {
        SAY("the renderer does not draw with OpenGL");
        return NULL;
    }
    struct clip_gl *g = calloc(1, sizeof(*g));
    if (!g) {
        SAY("out of memory");
        return NULL;
    }
    g->win = win;
    g->ren_ctx = ren_ctx;
    /* the renderer's context current: the new one shares its objects and
     * is made with the attributes SDL left for the renderer's (OpenGL or
     * OpenGL ES, its version) */
    if (SDL_GL_MakeCurrent(win, ren_ctx) != 0) {
        SAY("the renderer's OpenGL context: %s", SDL_GetError());
        free(g);
        return NULL;
    }
    SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, 1);
    g->ctx = SDL_GL_CreateContext(win);
    SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, 0);
    if (!g->ctx) {
        SAY("no OpenGL context sharing the renderer's: %s", SDL_GetError());
        SDL_GL_MakeCurrent(win, ren_ctx);
        free(g);
        return NULL;
    }
    LOAD(g, gen_framebuffers, gen_fn, "glGenFramebuffers");
    LOAD(g, bind_framebuffer, bind_fn, "glBindFramebuffer");
    LOAD(g, framebuffer_texture_2d, attach_fn, "glFramebufferTexture2D");
    LOAD(g, check_framebuffer_status, status_fn, "glCheckFramebufferStatus");
    LOAD(g, delete_framebuffers, delete_fn, "glDeleteFramebuffers");
    LOAD(g, get_integerv, get_int_fn, "glGetIntegerv");
    LOAD(g, finish, void_fn, "glFinish");
    if (!g->gen_framebuffers || !g->bind_framebuffer || !g->framebuffer_texture_2d ||
        !g->check_framebuffer_status || !g->delete_framebuffers || !g->get_integerv || !g->finish) {
        SAY("this OpenGL has no framebuffer objects");
        clip_gl_close(g);
        return NULL;
    }
    g->video.get_proc_address = proc_address;
    SDL_SysWMinfo wm;
    SDL_VERSION(&wm.version);
    if (SDL_GetWindowWMInfo(win, &wm)) {
#if defined(SDL_VIDEO_DRIVER_X11)
        if (wm.subsystem == SDL_SYSWM_X11)
            g->video.x11_display = wm.info.x11.display;
#endif
#if defined(SDL_VIDEO_DRIVER_WAYLAND)
        if (wm.subsystem == SDL_SYSWM_WAYLAND)
            g->video.wl_display = wm.info.wl.display;
#endif
    }
    SDL_GL_MakeCurrent(win, ren_ctx);
    return g;
}

void clip_gl_close(struct clip_gl *g)
{
    if (!g)
        return;
    if (g->ctx)
        SDL_GL_DeleteContext(g->ctx);
    SDL_GL_MakeCurrent(g->win, g->ren_ctx);
    free(g);
}

const struct video_gl *clip_gl_video(struct clip_gl *g)
{
    return g ? &g->video : NULL;
}

void clip_gl_enter(struct clip_gl *g)
{
    if (g)
        SDL_GL_MakeCurrent(g->win, g->ctx);
}

void clip_gl_leave(struct clip_gl *g)
{
    if (g)
        SDL_GL_MakeCurrent(g->win, g->ren_ctx);
}

unsigned clip_gl_target(struct clip_gl *g, SDL_Renderer *ren, SDL_Texture *tex, char *why,
                        size_t why_len)
{
    if (!g || !ren || !tex) {
        SAY("no texture");
        return 0;
    }
    /* the texture's name, bound by SDL in the renderer's context (which
     * SDL makes current) and let go again */
    float tw = 0, th = 0;
    if (SDL_GL_BindTexture(tex, &tw, &th) != 0) {
        SAY("SDL cannot bind the texture: %s", SDL_GetError());
        return 0;
    }
    int name = 0;
    g->get_integerv(GL_TEXTURE_BINDING_2D, &name);
    SDL_GL_UnbindTexture(tex);
    if (name <= 0 || tw != 1.0f || th != 1.0f) {
        SAY("the renderer's texture is not a plain 2D texture of its size");
        SDL_GL_MakeCurrent(g->win, g->ren_ctx);
        return 0;
    }
    clip_gl_enter(g);
    unsigned fbo = 0;
    g->gen_framebuffers(1, &fbo);
    g->bind_framebuffer(GL_FRAMEBUFFER, fbo);
    g->framebuffer_texture_2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, (unsigned)name,
                              0);
    unsigned status = g->check_framebuffer_status(GL_FRAMEBUFFER);
    g->bind_framebuffer(GL_FRAMEBUFFER, 0);
    if (fbo && status != GL_FRAMEBUFFER_COMPLETE) {
        SAY("the texture cannot be drawn into (framebuffer status 0x%x)", status);
        g->delete_framebuffers(1, &fbo);
        fbo = 0;
    } else if (!fbo) {
        SAY("no framebuffer object");
    }
    clip_gl_leave(g);
    return fbo;
}

void clip_gl_target_free(struct clip_gl *g, unsigned fbo)
{
    if (!g || !fbo)
        return;
    clip_gl_enter(g);
    g->delete_framebuffers(1, &fbo);
    clip_gl_leave(g);
}

void clip_gl_drawn(struct clip_gl *g)
{
    if (g)
        g->finish();
}
