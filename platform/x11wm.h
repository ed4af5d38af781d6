/* x11wm.h - what the kiosk asks of X beside SDL: is a window manager
 * running on this X display? A kiosk often runs X with none: SDL's
 * full-screen switch then waits about 200 ms for an answer that never
 * comes, and a borderless window at the screen's size already covers the
 * screen. And the window's own background, which the X server paints. */
#ifndef VITRINE_X11WM_H
#define VITRINE_X11WM_H

#include <stdint.h>

struct SDL_Window;

/* 1: an EWMH window manager runs (_NET_SUPPORTING_WM_CHECK on the root
 * window names a live window that names itself); 0: none; -1: the window
 * is not on X11, or this build has no Xlib. */
int x11_wm_running(struct SDL_Window *w);

/* The window's own background set to rgb (0xRRGGBB), and with paint the
 * window painted so by the X server now: what a client does not draw
 * there shows that colour, not what was on the screen before (and the
 * server fills any part of it exposed later so). 0, or -1 (not X11, a
 * window without RGB pixels, no Xlib in this build). */
int x11_paint_background(struct SDL_Window *w, uint32_t rgb, int paint);

#endif
