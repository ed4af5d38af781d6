/* showplan.c - which panels are on now (showplan.h). */
#include "showplan.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "log.h"

int showplan_load(struct showplan *p, struct store *s, int n_panels, struct arena *a, char *why,
                  size_t why_len)
{
    memset(p, 0, sizeof(*p));
    p->n_panels = n_panels;
    p->n_on = n_panels;
    p->at_minute = -1;
    struct store_window *w = NULL;
    int n = 0;
    if (store_windows(s, a, &w, &n, why, why_len) != 0)
        return -1;
    if (n == 0)
        return 0;
    p->when = arena_alloc(a, (size_t)n * sizeof(*p->when));
    p->win = arena_alloc(a, (size_t)n * sizeof(*p->win));
    p->on = arena_alloc(a, (size_t)n_panels);
    if (!p->when || !p->win || !p->on) {
        snprintf(why, why_len, "out of memory for the exhibit's schedule");
        p->on = NULL;
        return -1;
    }
    /* store_open refused a store with a window the build could not have
     * written; one that still differs here (a store changed since) is
     * refused whole, once, not dropped window by window with a log line
     * each and its panels then shown always */
    for (int i = 0; i < n; i++) {
        char wwhy[256];
        if (w[i].first < 0 || w[i].last >= n_panels || w[i].first > w[i].last) {
            snprintf(why, why_len, "show window %d covers panels the exhibit does not have", i + 1);
            p->on = NULL;
            return -1;
        }
        if (when_parse(w[i].spec, &p->when[p->n], wwhy, sizeof(wwhy)) != 0) {
            snprintf(why, why_len, "show window %d cannot be read: %s", i + 1, wwhy);
            p->on = NULL;
            return -1;
        }
        p->win[p->n++] = w[i];
    }
    memset(p->on, 1, (size_t)n_panels);
    if (p->n == 0)
        p->on = NULL;
    return 0;
}

/* Is scope group g (windows [g, end) of the same scope and first panel)
 * open at the local time? */
static int group_open(const struct showplan *p, int g, int end, const struct walltime *w)
{
    int minute = w->hour * 60 + w->minute;
    for (int i = g; i < end; i++)
        if (when_open(&p->when[i], w->year, w->month, w->day, minute))
            return 1;
    return 0;
}

int showplan_at(struct showplan *p, const struct walltime *w)
{
    if (!p->on || !w)
        return 0;
    int64_t minute = (w->utc_s + w->utc_offset_s) / 60;
    if (minute == p->at_minute)
        return 0;
    int changed = p->at_minute < 0, n_on = 0; /* the first time: tell what is on */
    p->at_minute = minute;
    /* windows come by scope, then first panel (store_windows): a group is
     * one scope's windows over the same panels */
    uint8_t *now = p->on;
    for (int i = 0; i < p->n_panels; i++)
        now[i] = (uint8_t)((now[i] & 1) << 1 | 1); /* bit 1: was on; bit 0: on (so far) */
    for (int g = 0; g < p->n;) {
        int end = g + 1;
        while (end < p->n && p->win[end].scope == p->win[g].scope &&
               p->win[end].first == p->win[g].first && p->win[end].last == p->win[g].last)
            end++;
        if (!group_open(p, g, end, w))
            for (int i = p->win[g].first; i <= p->win[g].last; i++)
                now[i] &= (uint8_t)~1u;
        g = end;
    }
    for (int i = 0; i < p->n_panels; i++)
        n_on += now[i] & 1;
    p->nothing = n_on == 0;
    if (p->nothing) { /* never black: the first panel, the exhibit's title */
        now[0] |= 1;
        n_on = 1;
    }
    for (int i = 0; i < p->n_panels; i++) {
        changed |= ((now[i] >> 1) & 1) != (now[i] & 1);
        now[i] &= 1;
    }
    if (changed || p->n_on != n_on)
        log_info("kiosk", "schedule: %d of %d panels on now%s", n_on, p->n_panels,
                 p->nothing ? " (nothing is scheduled now: the first panel is shown)" : "");
    p->n_on = n_on;
    return changed;
}

int showplan_on(const struct showplan *p, int i)
{
    return !p->on || i < 0 || i >= p->n_panels || p->on[i];
}

void showplan_rank(const struct showplan *p, int i, int *pos, int *count)
{
    *pos = i;
    *count = p->n_panels;
    if (!p->on || i < 0 || i >= p->n_panels)
        return;
    int before = 0;
    for (int j = 0; j < i; j++)
        before += p->on[j];
    *pos = before;
    *count = p->n_on > 0 ? p->n_on : 1;
}
