/* events.c - waiting for events and time without a busy loop.
 *
 * LIMITATIONS: outside X11 and Wayland a touch waits up to EVENTS_POLL_MS
 * before it is seen while the kiosk is idle (SDL gives no fd to block on).
 * DEPENDENCIES: SDL2 events; nanosleep. */
#define _POSIX_C_SOURCE 200809L
#include "events.h"

#include <SDL.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "sdl_input.h"

/* SDL_WaitEventTimeout blocks in the kernel only where the driver has a
 * WaitEventTimeout of its own (SDL 2.26: x11, wayland; cocoa and windows). */
static int native_wait(void)
{
    const char *drv = SDL_WasInit(SDL_INIT_VIDEO) ? SDL_GetCurrentVideoDriver() : NULL;
    return drv && (strcmp(drv, "x11") == 0 || strcmp(drv, "wayland") == 0);
}

static void sleep_ms(uint32_t ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

static int handle(struct display *d, const struct events_cfg *cfg, const SDL_Event *ev,
                  events_input_fn fn, void *ctx)
{
    switch (ev->type) {
    case SDL_WINDOWEVENT:
        switch (ev->window.event) {
        case SDL_WINDOWEVENT_EXPOSED:
        case SDL_WINDOWEVENT_SIZE_CHANGED:
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_SHOWN:
            return EVENTS_REDRAW;
        default:
            return 0;
        }
    case SDL_RENDER_TARGETS_RESET:
        return EVENTS_REDRAW | EVENTS_RESET;
    case SDL_RENDER_DEVICE_RESET:
        return EVENTS_REDRAW | EVENTS_RESET | EVENTS_DEVICE_RESET;
    case SDL_QUIT: /* only from a signal: window close does not quit (display.c) */
        return EVENTS_STOP;
    default:
        break;
    }
    struct input_cfg icfg = {.touch_rotation = cfg ? cfg->rotation : 0};
    if (display_window_size(d, &icfg.win_w, &icfg.win_h) != 0)
        return 0;
    /* Event timestamps are SDL_GetTicks() as 32 bits, which wrap after 49.7
     * days: take the event's age in that 32-bit clock, so that t_ms stays
     * in the kiosk's clock after a wrap. */
    uint32_t age = (uint32_t)SDL_GetTicks() - ev->common.timestamp;
    icfg.t_offset_ms = (int64_t)clock_now_ms() - (int64_t)age - (int64_t)ev->common.timestamp;
    struct input_event ie;
    if (!input_translate(ev, &icfg, &ie))
        return 0;
    if (ie.kind == INPUT_QUIT_REQUEST)
        return 0; /* visitors cannot close the kiosk */
    if (fn)
        fn(ctx, &ie);
    return EVENTS_INPUT;
}

int events_wait(struct display *d, const struct events_cfg *cfg, uint32_t timeout_ms,
                events_input_fn fn, void *ctx, long *wakeups)
{
    int flags = 0;
    SDL_Event ev;
    long woke = 0;
    if (!SDL_WasInit(SDL_INIT_VIDEO)) { /* headless: only time passes */
        if (timeout_ms)
            sleep_ms(timeout_ms);
        woke = 1;
    } else if (native_wait()) {
        woke = 1;
        if (timeout_ms ? SDL_WaitEventTimeout(&ev, (int)timeout_ms) : SDL_PollEvent(&ev))
            flags |= handle(d, cfg, &ev, fn, ctx);
    } else {
        uint64_t deadline = clock_now_ms() + timeout_ms;
        uint32_t slice = cfg && cfg->poll_ms ? cfg->poll_ms : EVENTS_POLL_MS;
        for (;;) {
            woke++;
            if (SDL_PollEvent(&ev)) {
                flags |= handle(d, cfg, &ev, fn, ctx);
                break;
            }
            uint64_t now = clock_now_ms();
            if (now >= deadline)
                break;
            uint64_t left = deadline - now;
            sleep_ms(left < slice ? (uint32_t)left : slice);
        }
    }
    /* drain what is queued: one wake-up handles a burst */
    while (SDL_WasInit(SDL_INIT_VIDEO) && SDL_PollEvent(&ev))
        flags |= handle(d, cfg, &ev, fn, ctx);
    if (wakeups)
        *wakeups += woke;
    return flags;
}

int events_inject_touch(int phase, int64_t finger, float x, float y)
{
    if (!SDL_WasInit(SDL_INIT_VIDEO))
        return -1;
    SDL_Event ev;
    memset(&ev, 0, sizeof(ev));
    ev.type = phase == INPUT_DOWN ? SDL_FINGERDOWN
              : phase == INPUT_UP ? SDL_FINGERUP
                                  : SDL_FINGERMOTION;
    ev.tfinger.touchId = 1;
    ev.tfinger.fingerId = finger;
    ev.tfinger.x = x;
    ev.tfinger.y = y;
    ev.tfinger.pressure = 1;
    ev.tfinger.timestamp = SDL_GetTicks();
    return SDL_PushEvent(&ev) == 1 ? 0 : -1;
}
