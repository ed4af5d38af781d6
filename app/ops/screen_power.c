/* screen_power.c - see screen_power.h. */
#include "screen_power.h"

int screen_power_want(struct screen_power *s, int want)
{
    if (want == SCREEN_NONE)
        return SCREEN_NONE;
    if (s->running != SCREEN_NONE) {
        s->waiting = want; /* the latest wish replaces an older one */
        return SCREEN_NONE;
    }
    s->running = want;
    return want;
}

int screen_power_ended(struct screen_power *s)
{
    int done = s->running, next = s->waiting;
    s->running = s->waiting = SCREEN_NONE;
    if (next == SCREEN_NONE || next == done)
        return SCREEN_NONE; /* what the ended command set is what is wanted */
    s->running = next;
    return next;
}
