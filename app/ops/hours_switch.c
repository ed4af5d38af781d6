/* hours_switch.c - see hours_switch.h. */
#include "hours_switch.h"

enum hours_move hours_switch_step(struct hours_switch *s, const struct hours *h,
                                  const struct hours_now *n, hours_local_fn local)
{
    if (n->open)
        s->closing = 0;
    /* nothing can change before the next change, as long as the state
     * agrees with the schedule */
    if (n->open == !s->closed && s->next_change != 0 && n->utc_s < s->next_change)
        return HOURS_STAY;
    if (!n->open && !s->closed && n->busy) {
        s->closing = 1;
        return HOURS_WIND_DOWN;
    }
    if (!n->open && !s->closed) {
        s->closed = 1;
        s->next_change = hours_next_change(h, n->utc_s, local);
        return HOURS_CLOSE;
    }
    if (n->open && s->closed) {
        s->closed = 0;
        s->next_change = hours_next_change(h, n->utc_s, local);
        return HOURS_OPEN;
    }
    if (s->next_change == 0 || n->utc_s >= s->next_change)
        s->next_change = hours_next_change(h, n->utc_s, local);
    return HOURS_STAY;
}

uint32_t hours_switch_wait_ms(const struct hours_switch *s, int64_t utc_s)
{
    int64_t left = s->next_change < 0 ? 86400 : s->next_change - utc_s;
    return left <= 0 ? 1000u : left > 86400 ? 86400000u : (uint32_t)left * 1000u;
}

int64_t hours_switch_open_until(const struct hours_switch *s, int64_t utc_s, int scheduled_open,
                                uint64_t wake_ms)
{
    if (scheduled_open)
        return s->next_change;
    int64_t wake_end = utc_s + (int64_t)((wake_ms + 999) / 1000);
    /* the hours open before the wake ends: open until their next change */
    if (s->next_change > 0 && s->next_change <= wake_end)
        return s->next_change;
    return wake_end;
}
