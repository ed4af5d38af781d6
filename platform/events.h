/* events.h - waiting for something to happen without a busy loop.
 *
 * SDL's own SDL_WaitEventTimeout blocks in the X11 and Wayland drivers, but
 * in others (offscreen, KMSDRM) it polls every millisecond: 1,000 wake-ups
 * a second on an idle kiosk. events_wait blocks natively where the driver
 * can, and elsewhere sleeps in EVENTS_POLL_MS slices between polls, which
 * bounds idle wake-ups to about 1000 / EVENTS_POLL_MS a second.
 *
 * Background work wakes it through events_waker(): on native drivers the
 * waker pushes an SDL user event (which SDL delivers to a blocked
 * SDL_WaitEventTimeout at once); on polling drivers and headless, the
 * sleep between polls is a wait on a condition variable that the waker
 * signals. Neither adds a periodic wake-up. Only the main thread may call
 * these functions, except the waker's fn (any thread). */
#ifndef VITRINE_EVENTS_H
#define VITRINE_EVENTS_H

#include <stdint.h>

#include "input.h"
#include "display.h"
#include "waker.h"

#define EVENTS_POLL_MS 20u      /* interactive: a wake-up costs ~60 us of CPU on a VM */
#define EVENTS_POLL_IDLE_MS 40u /* nobody is touching: the loop only needs to wake */

enum events_flags {
    EVENTS_REDRAW = 1,        /* the window was exposed or resized: draw again */
    EVENTS_INPUT = 2,         /* at least one input record was delivered */
    EVENTS_STOP = 4,          /* SIGTERM or SIGINT: the system stops the kiosk */
    EVENTS_RESET = 8,         /* the renderer lost its textures: display_recover */
    EVENTS_WAKE = 16,         /* background work called the waker (or an SDL user event came) */
    EVENTS_DEVICE_RESET = 64, /* ... and its device: display_recover(d, 1) */
};

typedef void (*events_input_fn)(void *ctx, const struct input_event *e);

struct events_cfg {
    int rotation;       /* the output's rotation (display_opts.rotation): touches and the
                           mouse are turned back by it, so they land where the picture is */
    int touch_rotation; /* and a touch panel that reports turned from its screen, degrees */
    uint32_t poll_ms;   /* polling drivers: slice between polls; 0 = EVENTS_POLL_MS */
    int allow_close;    /* 1: closing the window returns EVENTS_STOP (the preview) */
    uint64_t since_ns;  /* the timeout counts from this real time (clock_real_ns, e.g. when
                           the pass that computed it read the clock); 0: from the call */
};

/* Wait up to timeout_ms (0: just poll) for events; deliver every pending
 * input record to fn (translated at the edge). Window close requests are
 * swallowed (visitors cannot close the kiosk) unless cfg->allow_close
 * (then EVENTS_STOP); SIGTERM/SIGINT, which SDL turns into SDL_QUIT,
 * return EVENTS_STOP. A call of the waker (since the
 * previous EVENTS_WAKE) ends the wait within a millisecond or so and
 * returns EVENTS_WAKE. It may also return early with no flag (a wake that
 * was already reported): the caller just decides again how long to wait.
 * Returns enum events_flags. *wakeups counts how often the thread woke
 * (for the idle benchmark). d may be NULL when no input is expected (input
 * events are then dropped). */
int events_wait(struct display *d, const struct events_cfg *cfg, uint32_t timeout_ms,
                events_input_fn fn, void *ctx, long *wakeups);

/* The waker for background work (struct waker, waker.h): its fn may be
 * called from any thread, as often as wanted; calls coalesce until
 * events_wait reports EVENTS_WAKE. Call on the main thread (it sets up once
 * what the waker signals) before any job that uses it starts; every job
 * calling it must be freed before SDL quits (display_close). */
struct waker events_waker(void);

/* Make SIGTERM and SIGINT also stop every running store query at once
 * (store_request_stop), then pass the signal on to the handler that was
 * there (SDL's, which queues SDL_QUIT): a long query on the main thread
 * can no longer hold up a stop. Call once, after display_open. */
void events_stop_on_signals(void);

/* Queue a synthetic touch (enum input_phase) as SDL would deliver it, for
 * the latency benchmark. 0, or -1 without a video subsystem. */
int events_inject_touch(int phase, int64_t finger, float x, float y);

/* Queue the event a renderer sends when it loses its textures (0) or its
 * device (1), for the soak. 0, or -1 without a video subsystem. */
int events_inject_reset(int device_lost);

#endif
