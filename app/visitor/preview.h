/* preview.h - the pure parts of `vitrine preview`: when to rebuild after
 * file changes (a debounce driven by now_ms), and the build-error card as
 * a draw list. No SDL, no clock, no files: cmd_preview.c feeds them the
 * kiosk's clock and draws what they return, and tests step time by hand.
 *
 * Editors save in bursts (write a temporary file, rename it over the old
 * one, touch a backup, change attributes), so one save is several file
 * events. The preview rebuilds once, after PREVIEW_QUIET_MS without any. */
#ifndef VITRINE_PREVIEW_H
#define VITRINE_PREVIEW_H

#include <stdint.h>

#include "arena.h"
#include "layout.h"

#define PREVIEW_QUIET_MS 150u /* quiet after the last file event before a rebuild */

struct preview_debounce {
    uint64_t last_ms; /* time of the latest event */
    int pending;      /* 1: events came since the last rebuild */
};

/* A file event at now_ms: (re)starts the quiet period. */
void preview_debounce_event(struct preview_debounce *d, uint64_t now_ms);
/* 1 when events are pending and none came in the last PREVIEW_QUIET_MS. */
int preview_debounce_due(const struct preview_debounce *d, uint64_t now_ms);
/* When preview_debounce_due becomes 1 (ms, absolute); UINT64_MAX when
 * nothing is pending. For the loop's wait timeout. */
uint64_t preview_debounce_deadline(const struct preview_debounce *d);
/* The rebuild was started: nothing pending. */
void preview_debounce_clear(struct preview_debounce *d);

/* The card shown instead of the panel while the exhibit does not build:
 * a heading, the builder's errors (one per line of `errors`, "file:line:
 * reason", each its own paragraph, as large as fits, the rest cut with an
 * ellipsis) and a line saying that the next save rebuilds. Every item is
 * LAYER_STATIC and inside the screen; items and their text live in `a`.
 * *out is overwritten. Returns 0, or -1 on bad arguments or allocation
 * failure (out is then partial but drawable). */
int preview_error_layout(const struct layout_screen *screen, const char *errors,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* The build's warnings over the panels while the exhibit builds: a strip
 * across the top of the screen, opaque so that it reads over any panel,
 * with an accent bar at its left: "N warnings from the build (click here
 * to fold them away)" and then each warning on one line
 * ("panels/02-arrival.yaml:4: heading is plain text, ..."), at one size
 * (2.2u, at least 13 px) and cut with an ellipsis where it is longer, at
 * most PREVIEW_WARN_LINES of them and then "and N more: the terminal lists
 * them all"; at most about a third of the screen's height. Folded, only
 * the first line: "N warnings from the build: click here to show them".
 * `warnings` is one per line; nothing is drawn when it is empty (out->n =
 * 0). The strip's background is the first item (its height: the strip's).
 * Every item is LAYER_STATIC, role "warnings", inside the screen; items
 * and their text live in `a`. *out is overwritten. Returns 0, or -1 on bad
 * arguments or allocation failure. */
#define PREVIEW_WARN_LINES 4
int preview_warnings_layout(const struct layout_screen *screen, const char *warnings, int folded,
                            const struct text_measurer *m, struct arena *a, struct draw_list *out);

#endif
