/* events.c - waiting for events and time without a busy loop.
 *
 * LIMITATIONS: outside X11 and Wayland a touch waits up to EVENTS_POLL_MS
 * before it is seen while the kiosk is idle (SDL gives no fd to block on);
 * a call of the waker is seen at once everywhere.
 * DEPENDENCIES: SDL2 events (SDL_RegisterEvents, SDL_PushEvent, which SDL
 * documents as safe from any thread); POSIX threads: a condition variable
 * on CLOCK_MONOTONIC, so a wall clock step (NTP) cannot stretch a sleep
 * (SDL_SemWaitTimeout waits on the wall clock). */
#define _POSIX_C_SOURCE 200809L
#include "events.h"
#include "log.h"

#include <SDL.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "store.h"
#include "sdl_input.h"

/* SDL_WaitEventTimeout blocks in the kernel only where the driver has a
 * WaitEventTimeout of its own (SDL 2.26: x11, wayland; cocoa and windows). */
static int native_wait(void)
{
    const char *drv = SDL_WasInit(SDL_INIT_VIDEO) ? SDL_GetCurrentVideoDriver() : NULL;
    return drv && (strcmp(drv, "x11") == 0 || strcmp(drv, "wayland") == 0);
}

/* What the waker signals: one per process, like SDL's event queue. */
static pthread_once_t wake_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t wake_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake_cond; /* on CLOCK_MONOTONIC; set up by wake_init */
static int wake_pending;         /* guarded by wake_lock: woken, not yet reported */
static Uint32 wake_event;        /* SDL user event type; 0 if none was left */

static void wake_init(void)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&wake_cond, &attr);
    pthread_condattr_destroy(&attr);
    Uint32 type = SDL_RegisterEvents(1);
    wake_event = type == (Uint32)-1 ? 0 : type;
}

/* Any thread. Only the first call after a report signals: a burst of
 * progress costs the main loop one wake-up. */
static void wake_fn(void *ctx)
{
    (void)ctx;
    pthread_once(&wake_once, wake_init);
    pthread_mutex_lock(&wake_lock);
    int was = wake_pending;
    wake_pending = 1;
    if (!was)
        pthread_cond_signal(&wake_cond);
    pthread_mutex_unlock(&wake_lock);
    if (!was && wake_event) {
        /* ends a native SDL_WaitEventTimeout; fails harmlessly without
         * SDL's event queue (headless) */
        SDL_Event ev;
        memset(&ev, 0, sizeof(ev));
        ev.type = wake_event;
        SDL_PushEvent(&ev);
    }
}

struct waker events_waker(void)
{
    pthread_once(&wake_once, wake_init);
    return (struct waker){.fn = wake_fn, .ctx = NULL};
}

static int wake_peek(void)
{
    pthread_mutex_lock(&wake_lock);
    int w = wake_pending;
    pthread_mutex_unlock(&wake_lock);
    return w;
}

/* 1 if the waker was called since the last take, and clears it. */
static int wake_take(void)
{
    pthread_mutex_lock(&wake_lock);
    int w = wake_pending;
    wake_pending = 0;
    pthread_mutex_unlock(&wake_lock);
    return w;
}

/* Sleep ms on the monotonic clock, or less if the waker is called: 1 then. */
static int sleep_or_wake(uint32_t ms)
{
    /* clock_real_ns is CLOCK_MONOTONIC, the condition variable's clock */
    uint64_t at = clock_real_ns() + (uint64_t)ms * 1000000u;
    struct timespec until = {.tv_sec = (time_t)(at / 1000000000u),
                             .tv_nsec = (long)(at % 1000000000u)};
    pthread_mutex_lock(&wake_lock);
    while (!wake_pending)
        if (pthread_cond_timedwait(&wake_cond, &wake_lock, &until) == ETIMEDOUT)
            break;
    int w = wake_pending;
    pthread_mutex_unlock(&wake_lock);
    return w;
}

/* The cursor, hidden in full screen (a touch screen needs none), shows for
 * EVENTS_CURSOR_MS when a real mouse moves (staff), then hides again. */
#define EVENTS_CURSOR_MS 3000u
static uint64_t cursor_until; /* 0: not shown by us */

static void mouse_moved(void)
{
    if (!cursor_until && SDL_ShowCursor(SDL_QUERY) != SDL_DISABLE)
        return; /* a window (or a cursor someone else shows): leave it */
    if (!cursor_until) {
        SDL_ShowCursor(SDL_ENABLE);
        log_debug("events", "cursor shown: a mouse moved");
    }
    cursor_until = clock_now_ms() + EVENTS_CURSOR_MS;
}

/* Hide the cursor when its time is up; the ms until then (0: not shown). */
static uint32_t cursor_turn(void)
{
    if (!cursor_until)
        return 0;
    uint64_t now = clock_now_ms();
    if (now >= cursor_until) {
        cursor_until = 0;
        SDL_ShowCursor(SDL_DISABLE);
        log_debug("events", "cursor hidden");
        return 0;
    }
    return (uint32_t)(cursor_until - now);
}

static int handle(struct display *d, const struct events_cfg *cfg, const SDL_Event *ev,
                  events_input_fn fn, void *ctx)
{
    if (ev->type == SDL_MOUSEMOTION && ev->motion.which != SDL_TOUCH_MOUSEID)
        mouse_moved();
    if (ev->type >= SDL_USEREVENT && ev->type < SDL_LASTEVENT)
        return ev->type == wake_event ? 0 : EVENTS_WAKE; /* ours: wake_pending says */
    switch (ev->type) {
    case SDL_WINDOWEVENT:
        switch (ev->window.event) {
        case SDL_WINDOWEVENT_EXPOSED:
        case SDL_WINDOWEVENT_SIZE_CHANGED:
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_SHOWN:
            display_damage_all(d); /* the next frame goes out whole */
            return EVENTS_REDRAW;
        case SDL_WINDOWEVENT_CLOSE: /* a kiosk ignores it; the preview's window closes */
            return cfg && cfg->allow_close ? EVENTS_STOP : 0;
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
    struct input_cfg icfg = {0};
    if (cfg)
        input_cfg_turn(&icfg, cfg->rotation, cfg->touch_rotation);
    if (!d || display_window_size(d, &icfg.win_w, &icfg.win_h) != 0)
        return 0;
    /* Event timestamps are SDL_GetTicks() as 32 bits, which wrap after 49.7
     * days: take the event's age in that 32-bit clock, so that t_ms stays
     * in the kiosk's clock after a wrap. The one clock read outside
     * clock.c (clock.h): only SDL knows where its own clock starts. */
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
    pthread_once(&wake_once, wake_init);
    if (cfg && cfg->since_ns && timeout_ms) { /* the pass's work since it read the clock */
        uint64_t spent_ms = (clock_real_ns() - cfg->since_ns) / 1000000u;
        timeout_ms = spent_ms < timeout_ms ? timeout_ms - (uint32_t)spent_ms : 0;
    }
    if (wake_peek())
        timeout_ms = 0; /* news is waiting already */
    uint32_t cursor_left = SDL_WasInit(SDL_INIT_VIDEO) ? cursor_turn() : 0;
    if (cursor_left && cursor_left < timeout_ms)
        timeout_ms = cursor_left;       /* wake to hide it */
    if (!SDL_WasInit(SDL_INIT_VIDEO)) { /* headless: only time passes */
        if (timeout_ms)
            sleep_or_wake(timeout_ms);
        woke = 1;
    } else if (native_wait()) {
        woke = 1;
        if (timeout_ms ? SDL_WaitEventTimeout(&ev, (int)timeout_ms) : SDL_PollEvent(&ev))
            flags |= handle(d, cfg, &ev, fn, ctx);
    } else {
        uint64_t deadline = clock_real_ns() / 1000000u + timeout_ms; /* real time, even simulated */
        uint32_t slice = cfg && cfg->poll_ms ? cfg->poll_ms : EVENTS_POLL_MS;
        for (;;) {
            woke++;
            if (SDL_PollEvent(&ev)) {
                flags |= handle(d, cfg, &ev, fn, ctx);
                break;
            }
            uint64_t now = clock_real_ns() / 1000000u;
            if (now >= deadline)
                break;
            uint64_t left = deadline - now;
            if (sleep_or_wake(left < slice ? (uint32_t)left : slice))
                break;
        }
    }
    /* drain what is queued: one wake-up handles a burst */
    while (SDL_WasInit(SDL_INIT_VIDEO) && SDL_PollEvent(&ev))
        flags |= handle(d, cfg, &ev, fn, ctx);
    if (wake_take())
        flags |= EVENTS_WAKE;
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
    ev.tfinger.pressure = 1; /* SDL_PushEvent stamps it (SDL_GetTicks) */
    return SDL_PushEvent(&ev) == 1 ? 0 : -1;
}

int events_inject_reset(int device_lost)
{
    if (!SDL_WasInit(SDL_INIT_VIDEO))
        return -1;
    SDL_Event ev;
    memset(&ev, 0, sizeof(ev));
    ev.type = device_lost ? SDL_RENDER_DEVICE_RESET : SDL_RENDER_TARGETS_RESET;
    return SDL_PushEvent(&ev) == 1 ? 0 : -1;
}

/* ---- stop signals ---------------------------------------------------------- */

static struct sigaction prev_term, prev_int;

static void on_stop_signal(int sig)
{
    store_request_stop(); /* sets a flag: async-signal-safe */
    const struct sigaction *prev = sig == SIGTERM ? &prev_term : &prev_int;
    if (prev->sa_flags & SA_SIGINFO) {
        if (prev->sa_sigaction)
            prev->sa_sigaction(sig, NULL, NULL);
    } else if (prev->sa_handler != SIG_IGN && prev->sa_handler != SIG_DFL && prev->sa_handler) {
        prev->sa_handler(sig);
    } else if (prev->sa_handler == SIG_DFL) {
        signal(sig, SIG_DFL); /* nobody else wanted it: the default, a stop */
        raise(sig);
    }
}

void events_stop_on_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &prev_term);
    sigaction(SIGINT, &sa, &prev_int);
}
