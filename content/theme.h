/* theme.h - the colours a screen is drawn in: vitrine's own, or a
 * museum's theme (an accent and a background from exhibit.yaml) with the
 * other colours derived from them so that every text reads.
 *
 * Pure functions, any thread. The build (author_exhibit.c) refuses a theme
 * that theme_check rejects; the store reader applies the same check, and the
 * kiosk draws with theme_palette's colours. */
#ifndef VITRINE_THEME_H
#define VITRINE_THEME_H

#include <stddef.h>
#include <stdint.h>

/* The roles a colour plays; app/visitor/layout.h's enum color_role uses the same
 * numbers. ALERT is only for what went wrong (a refused import, a wrong
 * PIN): the interface has one accent colour. */
enum theme_role {
    THEME_BG,
    THEME_TEXT,
    THEME_MUTED,
    THEME_ACCENT,
    THEME_RULE,
    THEME_ALERT,
    THEME_ROLES
};

/* The least contrast (WCAG 2 ratio) between any text and what it is drawn
 * on, for a museum's theme. */
#define THEME_MIN_CONTRAST 4.5

/* An exhibit's theme; set 0: vitrine's own look. Colours are 0xRRGGBB. */
struct theme {
    int set;
    uint32_t accent, background;
};

struct palette {
    uint32_t rgb[THEME_ROLES];
};

/* "#RRGGBB" (either case) as 0xRRGGBB: 0, or -1 when s is not one. */
int theme_parse_colour(const char *s, uint32_t *rgb);
/* "#RRGGBB", upper case, into buf (8 bytes at least); returns buf. */
const char *theme_colour_text(uint32_t rgb, char *buf, size_t size);

/* The WCAG 2 contrast ratio of two colours, 1 to 21. */
double theme_contrast(uint32_t a, uint32_t b);

/* The colour of every role. t NULL or unset: vitrine's own (a warm
 * charcoal, off-white text, amber accent). A theme's background and accent
 * are used as given; the text is near black or near white, whichever reads
 * better on the background; the muted text is the text faded towards the
 * background as far as THEME_MIN_CONTRAST allows; rules are drawn a third
 * of the way from the background to the text; the alert is a coral or a
 * deep red, whichever reads better. */
void theme_palette(const struct theme *t, struct palette *out);

/* 0 when every text the kiosk draws reads on a theme (text, muted text and
 * accent on the background, the background's colour on the accent, the
 * alert), else -1 with one sentence in why naming the colours and the
 * contrast ("the accent #FFD700 on the background #FFFFFF has a contrast
 * of 1.4:1; text drawn in the accent needs 4.5:1"). An unset theme passes. */
int theme_check(const struct theme *t, char *why, size_t why_len);

#endif
