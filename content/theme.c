/* theme.c - see theme.h. Contrast as WCAG 2 defines it: relative
 * luminance of sRGB, (L1 + 0.05) / (L2 + 0.05). */
#include "theme.h"

#include <math.h>
#include <stdio.h>

/* vitrine's own look; every value is checked by tests/test_layout.c */
static const struct palette own = {{
    [THEME_BG] = 0x16181B,     /* warm charcoal */
    [THEME_TEXT] = 0xF3EFE7,   /* 15.5:1 on the background */
    [THEME_MUTED] = 0xA9A49A,  /* 7.2:1 */
    [THEME_ACCENT] = 0xF2A03D, /* amber, 8.4:1 */
    [THEME_RULE] = 0x5C5E63,   /* 2.7:1 on the background, 3.1:1 against the accent */
    [THEME_ALERT] = 0xFF6F61,  /* coral red, 6.5:1; text on it in the background's colour */
}};

#define LIGHT_TEXT 0xF3EFE7
#define DARK_TEXT 0x1B1A18
#define LIGHT_ALERT 0xFF6F61
#define DARK_ALERT 0xB3261E
#define RULE_SHARE 0.32 /* how far rules sit from the background towards the text */

static int hex(int ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

int theme_parse_colour(const char *s, uint32_t *rgb)
{
    uint32_t v = 0;
    if (!s || s[0] != '#')
        return -1;
    for (int i = 1; i <= 6; i++) {
        int h = hex((unsigned char)s[i]);
        if (h < 0)
            return -1;
        v = v << 4 | (uint32_t)h;
    }
    if (s[7] != '\0')
        return -1;
    *rgb = v;
    return 0;
}

const char *theme_colour_text(uint32_t rgb, char *buf, size_t size)
{
    snprintf(buf, size, "#%06X", (unsigned)(rgb & 0xFFFFFF));
    return buf;
}

static double channel(uint32_t v)
{
    double c = (double)(v & 0xFF) / 255.0;
    return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(uint32_t rgb)
{
    return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb);
}

double theme_contrast(uint32_t a, uint32_t b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* a moved share s of the way towards b, channel by channel */
static uint32_t mix(uint32_t a, uint32_t b, double s)
{
    uint32_t out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double ca = (double)(a >> shift & 0xFF), cb = (double)(b >> shift & 0xFF);
        out |= (uint32_t)lround(ca + (cb - ca) * s) << shift;
    }
    return out;
}

static uint32_t better_on(uint32_t bg, uint32_t x, uint32_t y)
{
    return theme_contrast(x, bg) >= theme_contrast(y, bg) ? x : y;
}

void theme_palette(const struct theme *t, struct palette *out)
{
    *out = own;
    if (!t || !t->set)
        return;
    uint32_t bg = t->background & 0xFFFFFF;
    uint32_t text = better_on(bg, LIGHT_TEXT, DARK_TEXT);
    out->rgb[THEME_BG] = bg;
    out->rgb[THEME_TEXT] = text;
    out->rgb[THEME_ACCENT] = t->accent & 0xFFFFFF;
    /* the muted text: as faded as still reads, at most halfway */
    uint32_t muted = text;
    for (int step = 1; step <= 25; step++) {
        uint32_t m = mix(text, bg, step * 0.02);
        if (theme_contrast(m, bg) < THEME_MIN_CONTRAST + 0.3)
            break;
        muted = m;
    }
    out->rgb[THEME_MUTED] = muted;
    out->rgb[THEME_RULE] = mix(bg, text, RULE_SHARE);
    uint32_t alert = better_on(bg, LIGHT_ALERT, DARK_ALERT);
    out->rgb[THEME_ALERT] = theme_contrast(alert, bg) >= THEME_MIN_CONTRAST ? alert : text;
}

int theme_check(const struct theme *t, char *why, size_t why_len)
{
    if (!t || !t->set)
        return 0;
    struct palette p;
    theme_palette(t, &p);
    char a[8], b[8];
    uint32_t bg = p.rgb[THEME_BG];
    double text = theme_contrast(p.rgb[THEME_TEXT], bg);
    double accent = theme_contrast(p.rgb[THEME_ACCENT], bg);
    if (text < THEME_MIN_CONTRAST) {
        snprintf(why, why_len,
                 "no text colour reads on the background %s (the best has a contrast of "
                 "%.1f:1; text needs %.1f:1): choose a lighter or a darker background",
                 theme_colour_text(bg, b, sizeof b), text, THEME_MIN_CONTRAST);
        return -1;
    }
    if (accent < THEME_MIN_CONTRAST) {
        snprintf(why, why_len,
                 "the accent %s on the background %s has a contrast of %.1f:1; text drawn in "
                 "the accent, and on it, needs %.1f:1",
                 theme_colour_text(p.rgb[THEME_ACCENT], a, sizeof a),
                 theme_colour_text(bg, b, sizeof b), floor(accent * 10) / 10, THEME_MIN_CONTRAST);
        return -1;
    }
    return 0;
}
