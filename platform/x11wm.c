/* x11wm.c - see x11wm.h. */
#include <SDL.h>
#include <SDL_syswm.h>

#include "x11wm.h"

#if defined(VITRINE_HAVE_X11) && defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>
#include <X11/Xlib.h>

/* The window that `prop` on `win` names, or None. */
static Window window_prop(Display *dpy, Window win, Atom prop)
{
    Atom type;
    int format;
    unsigned long n, after;
    unsigned char *data = NULL;
    Window out = None;
    if (XGetWindowProperty(dpy, win, prop, 0, 1, False, XA_WINDOW, &type, &format, &n, &after,
                           &data) == Success &&
        type == XA_WINDOW && format == 32 && n == 1 && data)
        out = *(Window *)(void *)data;
    if (data)
        XFree(data);
    return out;
}

int x11_wm_running(struct SDL_Window *w)
{
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!w || !SDL_GetWindowWMInfo(w, &info) || info.subsystem != SDL_SYSWM_X11)
        return -1;
    Display *dpy = info.info.x11.display;
    Atom check = XInternAtom(dpy, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None)
        return 0; /* no client ever made the atom: no EWMH window manager */
    Window child = window_prop(dpy, DefaultRootWindow(dpy), check);
    /* a stale property from a window manager that has gone names a window
     * that is gone too, or one that does not name itself */
    return child != None && window_prop(dpy, child, check) == child;
}

/* A channel (0..255) into the bits of mask. */
static unsigned long channel(unsigned v, unsigned long mask)
{
    if (!mask)
        return 0;
    int shift = 0, bits = 0;
    while (!(mask >> shift & 1))
        shift++;
    while (mask >> (shift + bits) & 1)
        bits++;
    unsigned long c = bits >= 8 ? (unsigned long)v << (bits - 8) : (unsigned long)v >> (8 - bits);
    return c << shift & mask;
}

int x11_paint_background(struct SDL_Window *w, uint32_t rgb, int paint)
{
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!w || !SDL_GetWindowWMInfo(w, &info) || info.subsystem != SDL_SYSWM_X11)
        return -1;
    /* the window's pixels as SDL's window surface writes them, which are
     * its visual's (TrueColor, or Xvfb's DirectColor): SDL knows them, and
     * asking the server would wait for an answer */
    int bpp;
    Uint32 rm, gm, bm, am;
    if (!SDL_PixelFormatEnumToMasks(SDL_GetWindowPixelFormat(w), &bpp, &rm, &gm, &bm, &am) || !rm ||
        !gm || !bm)
        return -1;
    Display *dpy = info.info.x11.display;
    Window win = info.info.x11.window;
    unsigned long pixel =
        channel(rgb >> 16 & 0xFF, rm) | channel(rgb >> 8 & 0xFF, gm) | channel(rgb & 0xFF, bm);
    XSetWindowBackground(dpy, win, pixel);
    if (paint)
        XClearWindow(dpy, win); /* painted by the server, before what is sent next */
    XFlush(dpy);
    return 0;
}
#else
int x11_wm_running(struct SDL_Window *w)
{
    (void)w;
    return -1;
}

int x11_paint_background(struct SDL_Window *w, uint32_t rgb, int paint)
{
    (void)w;
    (void)rgb;
    (void)paint;
    return -1;
}
#endif
