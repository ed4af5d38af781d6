/* visits.c - views, sessions and language choices from what the kiosk
 * shows (visits.h). */
#include <stdio.h>
#include <string.h>

#include "visits.h"

void visits_init(struct visits *v)
{
    memset(v, 0, sizeof(*v));
    v->panel = -1;
}

/* The panel on screen until now, as one view. */
static void view_end(struct visits *v, uint64_t now_ms, struct stats_buf *out)
{
    if (v->panel >= 0 && !v->view_staff)
        stats_panel_shown(out, v->since_utc, v->exhibit, v->panel + 1, v->locale,
                          (enum stats_mode)v->mode, (double)(now_ms - v->since_ms) / 1000.0);
}

static void session_end(struct visits *v, uint64_t now_ms, struct stats_buf *out)
{
    if (v->in_session)
        stats_session_end(out, v->sess_utc, (double)(now_ms - v->sess_ms) / 1000.0, v->panels);
    v->in_session = 0;
}

void visits_look(struct visits *v, const struct visits_look *look, uint64_t now_ms, int64_t utc,
                 struct stats_buf *out)
{
    int mode = look->interactive ? STATS_INTERACTIVE : STATS_LOOP;
    const char *loc = look->locale ? look->locale : "";
    int woke = look->wakes != v->wakes; /* a visitor woke the loop since the last look */
    v->wakes = look->wakes;
    if (look->staff_open) {   /* staff hold the screen: not a visitor, not counted */
        if (!v->view_staff) { /* the view so far was a visitor's; from here it is staff's */
            view_end(v, now_ms, out);
            v->view_staff = 1;
        }
        v->staff = 1;
        v->in_session = 0;
    }
    if (woke && !v->in_session && !v->staff) {
        v->in_session = 1;
        v->sess_ms = now_ms;
        v->sess_utc = utc;
        v->panels = 1;
    }
    const char *ex = look->exhibit ? look->exhibit : "";
    if (v->panel < 0 || look->panel != v->panel || mode != v->mode || strcmp(loc, v->locale) != 0 ||
        strncmp(ex, v->exhibit, sizeof(v->exhibit) - 1) != 0) {
        view_end(v, now_ms, out);
        if (mode == STATS_INTERACTIVE && v->panel >= 0 && v->mode == STATS_INTERACTIVE &&
            strcmp(loc, v->locale) != 0)
            stats_language(out, utc, loc);                          /* a visitor chose it */
        if (mode == STATS_INTERACTIVE && look->panel != v->panel) { /* sessions start at a wake */
            v->panels++;
        } else if (mode == STATS_LOOP) {
            session_end(v, now_ms, out);
            v->staff = 0;
        }
        v->panel = look->panel;
        v->view_staff = v->staff; /* staff tapping through after their screen closed */
        v->mode = mode;
        snprintf(v->locale, sizeof(v->locale), "%s", loc);
        snprintf(v->exhibit, sizeof(v->exhibit), "%s", ex); /* the view's own exhibit */
        v->since_ms = now_ms;
        v->since_utc = utc;
    }
    if (woke && mode == STATS_LOOP)
        session_end(v, now_ms, out); /* woken and over between two looks (the closing) */
}

void visits_stop(struct visits *v, uint64_t now_ms, struct stats_buf *out)
{
    if (v->panel < 0)
        return;
    view_end(v, now_ms, out);
    session_end(v, now_ms, out);
}
