/* layout.h - panel layout: a pure function from (panel, screen, text
 * measurer) to a draw list. No pixels, no SDL: the platform renderer turns
 * a draw list into pixels, and tests assert on draw lists.
 *
 * Geometry is resolution independent: every size derives from the screen's
 * short side (see layout.c for the type scale), so a panel reads the same at
 * 1280x800, 1920x1080, 1080x1920 and 3840x2160. Text is set by typeset.h:
 * it breaks where Unicode allows (spaces, after hyphens and dashes, between
 * CJK characters), a word wider than its box is cut between characters,
 * and each text box is auto-fitted: its type size steps down from the
 * design size to a floor; if it still does not fit, layout reports an
 * overflow (and never draws outside the box). A blank line in a text
 * starts a paragraph. */
#ifndef VITRINE_LAYOUT_H
#define VITRINE_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "panel.h"
#include "theme.h"
#include "typeset.h"

/* The roles colours play, as content/theme.h numbers them: the presenter
 * draws each in the exhibit's palette (theme_palette). COLOR_ALERT: only
 * for what went wrong (the staff card of a refused import, a wrong PIN);
 * the interface has one accent colour. */
enum color_role {
    COLOR_BG = THEME_BG,
    COLOR_TEXT = THEME_TEXT,
    COLOR_MUTED = THEME_MUTED,
    COLOR_ACCENT = THEME_ACCENT,
    COLOR_RULE = THEME_RULE,
    COLOR_ALERT = THEME_ALERT,
    COLOR_COUNT = THEME_ROLES
};

enum draw_kind {
    DRAW_RECT,   /* filled rectangle */
    DRAW_TEXT,   /* one line of text; r.x,r.y is the line box's top left */
    DRAW_FIGURE, /* a number that counts up: prefix + number + suffix */
    DRAW_UNITS,  /* unit chart: units_total squares, the first units_lit lit */
    DRAW_IMAGE,  /* the panel's image, fitted inside r keeping its aspect
                  * (a DRAW_RECT placeholder in COLOR_RULE precedes it) */
    DRAW_VIDEO,  /* where a video panel's clip plays: r has the clip's aspect,
                  * over its poster (a DRAW_IMAGE of the same r before it);
                  * the presenter draws the moving picture there */
};

/* Which layer an item lives on: static items are rasterised once per panel
 * into a cached texture; animated items are drawn each frame while the
 * panel animates (count-up, chart fill). */
enum draw_layer { LAYER_STATIC, LAYER_ANIMATED };

struct draw_rect {
    int x, y, w, h;
};

struct draw_item {
    enum draw_kind kind;
    enum draw_layer layer;
    struct draw_rect r;
    enum color_role color;
    uint8_t alpha; /* 255 = opaque */
    /* DRAW_TEXT and DRAW_FIGURE */
    enum font_face face;
    int px;
    const char *text; /* DRAW_TEXT: the line, not NUL terminated */
    size_t len;
    /* DRAW_FIGURE */
    const struct panel_figure *figure;
    /* DRAW_UNITS: a grid of units_cols columns, cells of cell px, gap px;
     * the first units_lit lit whole, then units_part thousandths of the
     * next one (0: none), from its left edge; the last square is
     * units_last thousandths of a square wide when the whole is not a
     * whole number of squares (0: a whole one), so the chart never draws
     * more than its whole */
    int units_total, units_lit, units_part, units_last, units_cols, cell, gap;
    enum color_role lit_color;
    /* DRAW_FIGURE: the locale to pass to numfmt_figure_text; `text` holds
     * the final text (t = 1), which r is sized for */
    const char *locale;
    /* DRAW_IMAGE: the encoded image */
    const struct panel_image *image;
    /* DRAW_VIDEO: the clip */
    const struct panel_video *video;
    /* the item belongs to a right-to-left page (layout_mirror): DRAW_TEXT
     * is a line of a right-to-left paragraph (reordered by bidi.h before it
     * is drawn); DRAW_UNITS fills from its right edge */
    unsigned char rtl;
    /* DRAW_TEXT: its paragraph has letters or digits but none written
     * right to left (an English source on a Hebrew page): set left to
     * right wherever it stands, as UAX #9 reads a paragraph from its first
     * strong letter */
    unsigned char ltr_para;
    /* what the item is on the panel, for tools and tests: the text box's
     * name ("heading", "body", "note", "quote", "source", ...), "figure",
     * "chart", "image"; NULL where nothing named it (rules, plates) */
    const char *role;
};

struct draw_list {
    struct draw_item *items; /* in the arena given to layout */
    int n, cap;
    int overflow; /* 1 if some text could not fit */
    /* layout_panel_scaled: the larger text was asked for and no text of
     * the panel could be set larger than without it (its room is full);
     * the kiosk says so rather than let A+ seem to do nothing */
    int larger_refused;
    /* When overflow: what did not fit, in plain words for the person who
     * wrote the panel, "WHAT: DETAIL; FIX" ("the body of panel x is too
     * long for the screen: at the smallest text size it needs 17 lines
     * and the space has 15; shorten it by about 40 words, or split the
     * panel"). problem_at: where WHAT ends (the ':'), so that a caller can
     * say at which screen sizes; problem_field: the panel's key in its YAML
     * file ("body", "quote.text", "events"; NULL: none, or not known);
     * problem_short: how far it is short (words for text, else pixels or
     * sources), to tell the worst of several screen sizes. */
    char problem[400];
    int problem_at;
    const char *problem_field;
    int problem_short;
};

struct layout_screen {
    int w, h; /* pixels */
    /* px the visitors' controls keep at the sides and at the bottom
     * (mode_reserve): content stays clear of them; 0: none (a picture
     * with no controls, e.g. a test of the type alone) */
    int side, bottom;
    /* px kept free above the band while the staff layer shows there (the
     * import's bar and card, a notice): the panel makes room for them */
    int above;
};

/* Lay out panel p for the screen. Items and wrapped lines live in `a`;
 * *out is overwritten (no background item: the renderer clears the screen
 * to layout_color(COLOR_BG)). Content stays inside a margin of 7u and
 * above the bottom band (layout_band), which belongs to layout_chrome.
 * Every panel's first line of content starts at the same y for a given
 * screen (the top line: the margin, lower on a tall screen), whatever its
 * kind, language or text scale, and whatever screen->above is.
 * Returns 0, or -1 when text overflows (out->overflow set, out->problem says
 * which box) or on allocation failure. Even on overflow the list is
 * drawable: overflowing text is cut at its box, never drawn outside it. */
int layout_panel(const struct panel *p, const struct layout_screen *screen,
                 const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* The share of the width (at the sides) and of the height (top and
 * bottom) that a display's bezel may hide: nothing a visitor needs is
 * drawn or touched there. */
#define LAYOUT_EDGE 0.03

/* The bottom band, px: it starts at `top`, at least 10u above the bottom
 * and at least 6u above `safe`; the chrome's rule is at `rule`; `safe` is
 * the lowest y outside the bezel's edge (LAYOUT_EDGE of the height). */
struct layout_band {
    int top, rule, safe;
};
struct layout_band layout_band(const struct layout_screen *screen);

/* The visitors' larger-text setting: reading text (body, subtitles,
 * quotes, labels, captions, credits) at this many times its design size;
 * titles, headings and figures are large already and stay. The floors do
 * not grow, so what fits at 1 fits at any scale (stepping down further). */
#define LAYOUT_LARGER_TEXT 1.25
#define LAYOUT_MAX_TEXT_SCALE 2.0

/* layout_panel with reading text scaled by text_scale (1 = layout_panel;
 * outside [1, LAYOUT_MAX_TEXT_SCALE]: 1). */
int layout_panel_scaled(const struct panel *p, const struct layout_screen *screen,
                        double text_scale, const struct text_measurer *m, struct arena *a,
                        struct draw_list *out);

/* A page in a right-to-left language: every item of l moves to its mirror
 * place across a screen w pixels wide (x becomes w - x - width), so text
 * aligned left aligns right, a figure's caption moves to its other side, a
 * timeline runs from the right and a unit chart fills from the right
 * (rtl set). Pictures move, never flip; text is not mirrored, its lines
 * are reordered when drawn (bidi.h). layout_panel does it for a panel in
 * such a language (locale_is_rtl). */
void layout_mirror(struct draw_list *l, int w);
/* The same across the span [left, right) of the screen (a clip's caption,
 * mirrored inside its picture). */
void layout_mirror_span(struct draw_list *l, int left, int right);

/* The quiet position indicator (a rule with a marker, and "2 / 36"),
 * drawn over every panel and not moved by transitions. index is 0-based.
 * The chapter is named once, above each panel's heading, not here. */
int layout_chrome(const struct layout_screen *screen, int index, int count,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* A one-line staff notice (e.g. "Content from X was refused: ...") in
 * small text just above the chrome band, on a dark strip. */
/* A clip's caption over its picture r (a DRAW_VIDEO item's rect) in
 * locale: centred near its foot on a band of the background colour, at
 * most three lines; paused: a play mark in the middle of the picture too.
 * text NULL: no caption. The items are in out (laid out afresh). */
int layout_caption(const struct layout_screen *screen, struct draw_rect r, const char *text,
                   const char *locale, int paused, const struct text_measurer *m, struct arena *a,
                   struct draw_list *out);

int layout_notice(const struct layout_screen *screen, const char *text,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* A figure's text: numfmt_figure_text (numfmt.h). */

/* A timeline event's date as the locale writes it: its `when` text when
 * given, else "13 April 2014" / "13 avril 2014" / "April 2014" / "2014",
 * "c. 1981" / "vers 1981" when approximate (no-break spaces inside).
 * Returns the length written (NUL terminated, truncated to n). */
size_t layout_date_text(const struct panel_event *e, const char *locale, char *buf, size_t n);

/* ---- for the draw-list builders (layout.c, overlay.c) ---- */

/* What a builder works with: the screen and its unit, the measurer, the
 * arena and the list it fills. After an allocation failure oom is set and
 * items go to sink, so builders need not check every push. */
struct draw_ctx {
    const struct text_measurer *m;
    struct arena *a;
    struct draw_list *out;
    int W, H;                 /* screen, px */
    struct layout_screen scr; /* the screen, with what the controls keep */
    double u;                 /* 1% of the short side, px */
    int oom;
    struct draw_item sink;
};

/* Give every item of l from index `from` on that has no role yet this one
 * ("control", "card", "notice", ...): what tools reading a picture's boxes
 * call it (vitrine render --layout-json). */
void draw_list_role(struct draw_list *l, int from, const char *role);

/* Start filling out (emptied) for screen; returns -1 (with out->problem
 * set) when an argument is missing or the screen is empty. */
int draw_ctx_init(struct draw_ctx *d, const struct layout_screen *screen,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* s units in pixels, rounded. */
int draw_u(const struct draw_ctx *d, double s);

/* n bytes from the arena (NULL and oom set when exhausted). */
void *draw_alloc(struct draw_ctx *d, size_t n);

/* Append an item: opaque, LAYER_STATIC, the rest zero. Never NULL. */
struct draw_item *draw_push(struct draw_ctx *d, enum draw_kind kind, struct draw_rect r,
                            enum color_role color);

/* Append t's kept lines as DRAW_TEXT items, the first line box's top at y,
 * each line aligned in [x, x + bw); a line wider than bw is left out.
 * Items point into t's text, except a line that ends with a hyphen: its
 * item holds a copy with the hyphen, in d's arena. */
void draw_text(struct draw_ctx *d, const struct typeset *t, int x, int y, int bw,
               enum typeset_align al, enum color_role color);

static inline int draw_max(int a, int b)
{
    return a > b ? a : b;
}

static inline int draw_min(int a, int b)
{
    return a < b ? a : b;
}

/* The colour of a role in vitrine's own look, as 0xRRGGBB (an exhibit's
 * theme: theme_palette). */
uint32_t layout_color(enum color_role role);

#endif
