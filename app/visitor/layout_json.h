/* layout_json.h - what a picture shows, as one line of JSON: the contract
 * of `vitrine render --layout-json FILE`, which tools outside the project
 * read (see README, "Rendering to files").
 *
 * One record per picture (a panel, or a shot of --script), one line each:
 *
 *   {"picture":"touched","width":1920,"height":1080,"panel":2,
 *    "locale":"en","mode":"interactive","boxes":[
 *     {"role":"heading","x":76,"y":120,"w":800,"h":70,"lines":["..."]},
 *     {"role":"figure","x":76,"y":230,"w":420,"h":160,"lines":["42 km"]},
 *     {"role":"control","x":24,"y":1002,"w":45,"h":45}, ...]}
 *
 * A box is the items of one role that follow one another in a draw list:
 * its rectangle is theirs together, in pixels on the screen (a view's
 * slide offset applied); for text, "lines" holds each line as drawn. A
 * figure still arriving is where it is drawn at that instant (below its
 * place) and its box says "arriving" (1 - the eased progress) and
 * "opacity" (0..255); its lines are the figure's own at every instant. The
 * roles: chapter, title, subtitle, heading, body, note, quote, speaker,
 * role, context, original-label, original, figure, figure label, chart,
 * unit chart legend, part-of label, image, image caption, logo, timeline,
 * bars, source; over the panel chrome,
 * invitation, bar, position, control, index, card, progress, notice,
 * staff. Items with no role (rules,
 * plates drawn for decoration) are left out. Pure: writes to a FILE. */
#ifndef VITRINE_LAYOUT_JSON_H
#define VITRINE_LAYOUT_JSON_H

#include <stdio.h>

#include "layout.h"

struct layout_json_list {
    const struct draw_list *list;
    int dx; /* horizontal offset of the list on the screen (a slide) */
    /* how far a statistic's figure is from arrived: 1 - its eased progress
     * (frame_plan.h's plan_figure_arrival), 0 once arrived */
    double arriving;
};

/* Write one record for a picture of w x h named `picture` showing lists[0..n)
 * in drawing order; panel (1-based, 0: none), locale and mode (may be
 * NULL) describe it. Returns 0, or -1 on a write error. */
int layout_json_write(FILE *f, const char *picture, int w, int h, int panel, const char *locale,
                      const char *mode, const struct layout_json_list *lists, int n);

#endif
