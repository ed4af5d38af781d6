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

#endif
