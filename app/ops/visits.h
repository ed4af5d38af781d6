/* visits.h - what visitors did, read from what the kiosk shows: each
 * panel on screen as one view, each visitor's session from the wake that
 * began it to the loop taking over again, each language a visitor chose.
 * Pure: the caller looks at the kiosk once a pass and hands over the look
 * and the time; the events go into a struct stats_buf (stats.h) that the
 * run loop writes to disk on a job.
 *
 * Sessions start at a wake, counted by the kiosk (kiosk_wakes), not at a
 * touch seen here: a touch in the pass where the kiosk wound down for the
 * night still counts. The staff's own use of the screen (the corner held,
 * the keypad, the staff screen) is no visitor's session and no view: from
 * the moment the staff layer opens until the loop takes over again,
 * nothing is counted (the panel on screen counts up to that moment).
 *
 * Single-threaded: one struct visits per run loop. */
#ifndef VITRINE_VISITS_H
#define VITRINE_VISITS_H

#include <stdint.h>

#include "stats.h"

/* The kiosk, as one pass of the run loop sees it. */
struct visits_look {
    int panel;           /* the panel on screen (0-based) */
    int interactive;     /* a visitor has the screen (not the loop) */
    const char *locale;  /* the language shown ("" none) */
    long wakes;          /* kiosk_wakes: visitors who woke the loop, so far */
    int staff_open;      /* the keypad or the staff screen is up */
    const char *exhibit; /* the exhibit's slug, for the view rows */
};

struct visits {
    int panel; /* on screen since since_*: -1 before the first look */
    int mode;  /* enum stats_mode */
    char locale[STATS_LOCALE_MAX];
    char exhibit[STATS_NAME_MAX];
    uint64_t since_ms;
    int64_t since_utc;
    long wakes;     /* kiosk_wakes at the last look */
    int in_session; /* a visitor's session is under way */
    int panels;     /* panels seen in it */
    int staff;      /* staff used the screen: no session until the loop is back */
    int view_staff; /* the view on screen is staff's: not counted */
    uint64_t sess_ms;
    int64_t sess_utc;
};

void visits_init(struct visits *v);

/* One look, at now_ms (the loop's clock) and utc (the wall clock, 0 when
 * unknown): views, sessions and language choices that ended go into out. */
void visits_look(struct visits *v, const struct visits_look *look, uint64_t now_ms, int64_t utc,
                 struct stats_buf *out);

/* The kiosk stops: the view on screen and a session under way end now. */
void visits_stop(struct visits *v, uint64_t now_ms, struct stats_buf *out);

#endif
