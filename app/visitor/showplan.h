/* showplan.h - content on a schedule: which panels are on now.
 *
 * The exhibit's `show:` windows (store_windows: the exhibit's, a chapter's,
 * a panel's) parsed once per content; showplan_at works out, for a local
 * time, which panels are on: a panel is on when, for each scope that
 * covers it and has windows, one of those windows is open. When no panel
 * is on (the whole exhibit outside its windows), the first panel is:
 * the screen is never black, and the first panel is the exhibit's title.
 *
 * Pure: the local time comes in (struct walltime), so daylight saving and
 * the zone are the system's, as for the opening hours. */
#ifndef VITRINE_SHOWPLAN_H
#define VITRINE_SHOWPLAN_H

#include <stdint.h>

#include "store.h"
#include "walltime.h"
#include "when.h"

struct showplan {
    int n_panels;
    int n;                    /* windows */
    struct store_window *win; /* in the caller's arena */
    struct when *when;        /* parsed, one per window */
    uint8_t *on;              /* n_panels flags; NULL: no windows, everything on */
    int n_on;                 /* panels on (at least 1) */
    int nothing;              /* no panel was on: the first is shown */
    int64_t at_minute;        /* the local minute on was worked out for; -1 none */
};

/* Read s's windows for an exhibit of n_panels panels into p (memory from
 * a). 0, or -1 with why when one does not parse or covers panels the
 * exhibit lacks (store_open refuses such a store: the build never writes
 * one). */
int showplan_load(struct showplan *p, struct store *s, int n_panels, struct arena *a, char *why,
                  size_t why_len);

/* Work out which panels are on at the local time w (once a minute: the
 * same minute again does nothing). 1 when that changed what is on. */
int showplan_at(struct showplan *p, const struct walltime *w);

/* 1 if panel i is on (every panel without windows, or before showplan_at). */
int showplan_on(const struct showplan *p, int i);

/* Where panel i stands among the panels on now, for the position
 * indicator ("3 / 12" counts what a visitor can reach): *pos 0-based, *count
 * the panels on; every panel when nothing is scheduled. */
void showplan_rank(const struct showplan *p, int i, int *pos, int *count);

#endif
