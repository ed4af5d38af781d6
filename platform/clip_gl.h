/* clip_gl.h - clips drawn by mpv's OpenGL renderer straight into the
 * kiosk's SDL textures, where the renderer is SDL's OpenGL or OpenGL ES one.
 *
 * mpv draws in an OpenGL context of its own that shares its objects
 * (textures) with the renderer's: mpv and SDL each cache OpenGL state that
 * the other would change behind its back, and mpv's documentation names a
 * shared context as the way to keep them apart. A clip's picture is an SDL
 * texture like every other; mpv draws into it through a framebuffer object
 * of the shared context, and SDL draws the texture where the panel has it
 * (crossfades included) with no copy through the CPU.
 *
 * Everything here runs on the display's thread. Each function that touches
 * OpenGL makes the clips' context current and gives the renderer's back
 * before it returns, except clip_gl_enter, which leaves the clips' context
 * current until clip_gl_leave (for video_open, video_render_gl and
 * video_close, which need it). */
#ifndef VITRINE_CLIP_GL_H
#define VITRINE_CLIP_GL_H

#include <stddef.h>

struct SDL_Renderer;
struct SDL_Texture;
struct SDL_Window;
struct video_gl;

struct clip_gl;

/* Whether the renderer draws with OpenGL (SDL's "opengl" or "opengles2"):
 * its OpenGL context then is the current one, and is remembered for
 * clip_gl_open. Call it right after SDL_CreateRenderer. */
int clip_gl_renderer(struct SDL_Renderer *ren, void **ren_ctx);

/* The clips' context for win, sharing the objects of ren_ctx (the
 * renderer's, from clip_gl_renderer). NULL with why: the context could
 * not be made, or has no framebuffer objects. */
struct clip_gl *clip_gl_open(struct SDL_Window *win, void *ren_ctx, char *why, size_t why_len);

/* Free the context; every player drawn in it is closed first, every target
 * freed. NULL is ignored. */
void clip_gl_close(struct clip_gl *g);

/* What video_open needs (video_opts.gl); valid until clip_gl_close. */
const struct video_gl *clip_gl_video(struct clip_gl *g);

/* The clips' context current / the renderer's current again. */
void clip_gl_enter(struct clip_gl *g);
void clip_gl_leave(struct clip_gl *g);

/* A framebuffer object of the clips' context that draws into tex (made by
 * ren, of the pixel format CLIP_GL_FORMAT, access static): > 0; 0 with why
 * (the texture is padded, or the framebuffer is incomplete). */
unsigned clip_gl_target(struct clip_gl *g, struct SDL_Renderer *ren, struct SDL_Texture *tex,
                        char *why, size_t why_len);

/* Free a target (its texture is the caller's). 0 is ignored. */
void clip_gl_target_free(struct clip_gl *g, unsigned fbo);

/* After mpv drew into a target (the clips' context current): its pixels
 * are there for the renderer's context to draw. */
void clip_gl_drawn(struct clip_gl *g);

/* SDL_PIXELFORMAT_XBGR8888: bytes R, G, B, X in memory, which every
 * OpenGL and OpenGL ES texture of SDL's holds as they are (an ARGB
 * texture is swizzled by SDL's OpenGL ES shaders), its X ignored. */
#define CLIP_GL_FORMAT SDL_PIXELFORMAT_XBGR8888

#endif
