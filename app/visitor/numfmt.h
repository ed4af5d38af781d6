/* numfmt.h - a figure's number as the visitor's language writes it.
 *
 * Figures travel as decimals (content/decimal.h): the digits the authors
 * wrote, never binary floating point. Here they meet the locale's rules
 * (locale_rules.h: grouping, decimal mark, digits, the percent sign's
 * place) and the count-up: at progress t below 1 only round values of the
 * figure's own precision are shown (30,000 counts 0, 10,000, 20,000,
 * 30,000), and an approximate figure ("~72") shows as it is at once. Used
 * by layout (the figure's box is measured at its final text) and by the
 * display (the text of each frame of the count-up). Pure, any thread. */
#ifndef VITRINE_NUMFMT_H
#define VITRINE_NUMFMT_H

#include <stddef.h>

#include "decimal.h"
#include "panel.h"

/* The figure's text, e.g. "~1,000" or "3–4 races": always the figure as
 * its source gives it (there is no count-up of digits: a photograph taken
 * while a figure arrives shows the figure). Thousands are grouped by locale ("en": ",",
 * "fr": narrow no-break space). Returns the length written (NUL terminated,
 * truncated to n, never inside a UTF-8 sequence). */
size_t numfmt_figure_text(const struct panel_figure *f, const char *locale, char *buf, size_t n);

/* x with `decimals` digits after the point, in the locale's numbers, into
 * buf[n]; the length written. */
size_t numfmt_number(const char *locale, const struct decimal *x, int decimals, char *buf,
                     size_t n);

#endif
