/* waker.h - how background work tells the main loop there is news.
 *
 * A waker is a function and its context that the owner of the main loop
 * supplies (platform/events.h gives one that ends events_wait early), so
 * the core can wake the loop without knowing what the loop waits on.
 * Contract for fn: callable from any thread, any number of times; cheap,
 * never blocks, and calls nothing back in the caller. Data only. */
#ifndef VITRINE_WAKER_H
#define VITRINE_WAKER_H

struct waker {
    void (*fn)(void *ctx); /* NULL: nobody needs waking */
    void *ctx;
};

#endif
