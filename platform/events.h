/* events.h - waiting for something to happen without a busy loop.
 *
 * SDL's own SDL_WaitEventTimeout blocks in the X11 and Wayland drivers, but
 * in others (offscreen, KMSDRM) it polls every millisecond: 1,000 wake-ups
 * a second on an idle kiosk. events_wait blocks natively where the driver
 * can, and elsewhere sleeps in EVENTS_POLL_MS slices between polls, which
 * bounds idle wake-ups to about 1000 / EVENTS_POLL_MS a second. */
#ifndef VITRINE_EVENTS_H
#define VITRINE_EVENTS_H

#include <stdint.h>

#include "input.h"
#include "display.h"

#define EVENTS_POLL_MS 20u /* interactive: a wake-up costs ~60 us of CPU on a VM */
#define EVENTS_POLL_IDLE_MS 40u /* nobody is touching: the loop only needs to wake */

enum events_flags {
    EVENTS_REDRAW = 1, /* the window was exposed or resized: draw again */
    EVENTS_INPUT = 2,  /* at least one input record was delivered */
    EVENTS_STOP = 4,   /* SIGTERM or SIGINT: the system stops the kiosk */
    EVENTS_RESET = 8,  /* the renderer lost its textures: display_recover */
    EVENTS_DEVICE_RESET = 64, /* ... and its device: display_recover(d, 1) */
};

typedef void (*events_input_fn)(void *ctx, const struct input_event *e);

struct events_cfg {
    int rotation;     /* touch panel rotation, degrees */
    uint32_t poll_ms; /* polling drivers: slice between polls; 0 = EVENTS_POLL_MS */
};

/* Wait up to timeout_ms (0: just poll) for events; deliver every pending
 * input record to fn (translated at the edge). Window close requests are
 * swallowed (visitors cannot close the kiosk); SIGTERM/SIGINT, which SDL
 * turns into SDL_QUIT, return EVENTS_STOP. Returns enum events_flags.
 * *wakeups counts how often the thread woke (for the idle benchmark). */
int events_wait(struct display *d, const struct events_cfg *cfg, uint32_t timeout_ms,
                events_input_fn fn, void *ctx, long *wakeups);

/* Queue a synthetic touch (enum input_phase) as SDL would deliver it, for
 * the latency benchmark. 0, or -1 without a video subsystem. */
int events_inject_touch(int phase, int64_t finger, float x, float y);

#endif
