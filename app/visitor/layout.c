/* layout.c - panel layout: a grid, a type scale and auto-fitting text boxes.
 *
 * Every dimension is a multiple of u = short side / 100, so a panel keeps
 * its proportions from 1280x800 to 3840x2160. The page is a content area
 * inside a 7u margin, above a 10u band kept for the chrome (position
 * indicator, touch controls). Running text is set in a column of about 60
 * characters on wide screens rather than across the full width.
 *
 * Text boxes are stacked in columns. Each box has a design size and a floor;
 * one box per column may flex to take the height the others leave. A box
 * that does not fit at its design size steps down a pixel at a time (the
 * search is guided by word widths scaled from the design size, then checked
 * with the real measure) and reports an overflow at its floor. */
#include "layout.h"
#include "numfmt.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "bidi.h"
#include "locale_rules.h"
#include "rules.h"
#include "ui_strings.h"

/* Grid, in u. */
#define G_MARGIN 7.0
#define G_BAND 10.0     /* bottom band owned by the chrome, at least */
#define G_BAND_SAFE 6.0 /* the band above the bezel's edge, at least */
#define G_RULE 2.7      /* the chrome's rule below the band's top, */
#define G_RULE_SAFE 4.0 /* and above the bezel's edge (room for a small line) */
#define G_RULE_KEEP 1.0 /* below the band's top, when the controls' bar sets the rule */
#define G_BAND_GAP 1.5  /* air between content and the band */
#define G_GUTTER 8.0
#define G_COL_TEXT 104.0 /* story, credits heading: ~60 characters of body */
#define G_COL_QUOTE 120.0
#define G_QUOTE_ASIDE 45.0 /* the narrowest column beside a quote (quote_aside) */
#define G_COL_TITLE 130.0
#define G_TITLE_MAX 13.0 /* the opening title grows to this where its column allows */
#define G_QUOTE_MAX 9.0  /* a short quotation grows to this (the heading is 5.2u) */
#define G_LEAD 1.15      /* a short body is set this much larger (add_body) */
#define G_CREDIT_COL 48.0
#define G_CELL_MAX 5.0        /* unit chart squares */
#define G_CELL_MIN_CHART 4.0  /* a chart shorter than three of these goes before the words */
#define G_FIGURE_FLOOR 8.0    /* the smallest a figure gets (the heading is 5.2u) */
#define G_LOGO 10.0           /* a logo's height on the title panel */
#define G_HEAD_DRAWING 0.8125 /* a heading where a figure, quote or drawing is the panel */

/* The longest line of text, in characters: about 70 (docs/decisions.md,
 * "Legibility and reach"). */
#define G_LINE_CHARS 70

#define FLOOR_RATIO 0.7
#define PARA_GAP 0.6 /* extra space between paragraphs, in line heights */

struct style {
    enum font_face face;
    double size;  /* design size, u */
    double floor; /* absolute readable floor, u (the box floor is at least
                   * FLOOR_RATIO of the design size) */
    double lead;  /* added to the measured line height, in em */
    enum color_role color;
    int grows;   /* reading text: its design size follows the text scale */
    double step; /* how far type_scale stepped size up from the style's own
                  * (1: not): the box floor stays that of the style's own size */
};

static const struct style ST_TITLE = {FACE_SANS_BOLD, 8.5, 2.0, 0.0, COLOR_TEXT, 0, 1.0};
static const struct style ST_ALSO_TITLE = {FACE_SANS_BOLD, 5.2, 2.0, 0.04, COLOR_MUTED, 0, 1.0};
/* at least 1.5 times the running text as it is set (a short body one step
 * larger, G_LEAD), and growing with the larger text as the text does */
static const struct style ST_HEADING = {FACE_SANS_BOLD, 6.4, 2.0, 0.04, COLOR_TEXT, 1, 1.0};
static const struct style ST_SUBTITLE = {FACE_SANS, 4.0, 2.0, 0.15, COLOR_TEXT, 1, 1.0};
static const struct style ST_BODY = {FACE_SANS, 3.4, 2.0, 0.18, COLOR_TEXT, 1, 1.0};
static const struct style ST_FIGURE = {FACE_SANS_BOLD, 18.0, 2.0, 0.0, COLOR_TEXT, 0, 1.0};
static const struct style ST_FIG_LABEL = {FACE_SANS, 4.0, 2.0, 0.12, COLOR_TEXT, 1, 1.0};
static const struct style ST_PART_LABEL = {FACE_SANS, 3.0, 1.8, 0.12, COLOR_TEXT, 1, 1.0};
static const struct style ST_QUOTE = {FACE_SERIF, 4.6, 2.0, 0.16, COLOR_TEXT, 1, 1.0};
static const struct style ST_ORIGINAL = {FACE_SERIF, 2.6, 1.8, 0.12, COLOR_TEXT, 1, 1.0};
static const struct style ST_SPEAKER = {FACE_SANS_BOLD, 3.0, 1.8, 0.1, COLOR_TEXT, 1, 1.0};
static const struct style ST_ROLE = {FACE_SANS, 3.0, 1.8, 0.1, COLOR_MUTED, 1, 1.0};
static const struct style ST_SMALL = {FACE_SANS, 2.2, 1.8, 0.18, COLOR_MUTED, 1, 1.0};
/* a notice: the kiosk's words, in the fonts it ships (FACE_KIOSK) */
static const struct style ST_NOTICE = {
    (enum font_face)(FACE_SANS | FACE_KIOSK), 2.2, 1.8, 0.18, COLOR_MUTED, 1, 1.0};
static const struct style ST_SMALL_BOLD = {FACE_SANS_BOLD, 2.2, 1.8, 0.12, COLOR_TEXT, 1, 1.0};
static const struct style ST_EYEBROW = {FACE_SANS_BOLD, 2.2, 1.8, 0.1, COLOR_ACCENT, 1, 1.0};

struct ctx {
    struct draw_ctx d;
    const struct panel *p;
    double scale; /* for styles that grow: 1, or LAYOUT_LARGER_TEXT */
    /* the type scale for this screen (type_scale): a tall screen sets
     * headings and running text a step larger than a wide one */
    struct style title, subtitle, heading, body;
    int head_px; /* the heading's size as set, once measured (0: none yet) */
};

static int U(const struct ctx *c, double s)
{
    return draw_u(&c->d, s);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
problem(struct ctx *c, const char *fmt, ...)
{
    if (c->d.out->overflow)
        return; /* the first problem is the one to fix */
    c->d.out->overflow = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->d.out->problem, sizeof c->d.out->problem, fmt, ap);
    va_end(ap);
}

static const char *panel_id(const struct ctx *c)
{
    return c->p->id ? c->p->id : "?";
}

static int has_text(const char *s);

/* A box's name (the role its items get) as its key in the panel's YAML
 * file and in words for a message. */
static const struct {
    const char *name, *key, *words;
    int text; /* words that can be shortened */
} FIELDS[] = {
    {"chapter", "chapter", "the chapter", 1},
    {"heading", "heading", "the heading", 1},
    {"title", "heading", "the title", 1},
    {"subtitle", "body", "the subtitle", 1},
    {"body", "body", "the body", 1},
    {"note", "note", "the note", 1},
    {"figure label", "figure.label", "the figure's label", 1},
    {"part-of label", "figure.part_of.label", "the label of figure.part_of", 1},
    {"figure", "figure", "the figure", 0},
    {"unit chart", "figure.part_of", "the unit chart", 0},
    {"unit chart legend", "figure.part_of.label", "the unit chart's legend", 1},
    {"quote", "quote.text", "the quote", 1},
    {"speaker", "quote.speaker", "the speaker's name", 1},
    {"role", "quote.role", "the speaker's role", 1},
    {"original-label", "quote.language", "the label of the original words", 1},
    {"original", "quote.text", "the original words of the quote", 1},
    {"context", "quote.context", "the quote's context", 1},
    {"image caption", "image.alt", "the image's caption", 1},
    {"image", "image", "the image", 0},
    {"sources", "sources", "the sources", 0},
    {"citation", "sources", "the sources line", 1},
    {"timeline", "events", "the timeline", 0},
    {"bars", "values", "the bars", 0},
    {"logo", NULL, "the logo", 0},
};

/* A box that does not fit, in plain words (see struct draw_list):
 * "the body of panel x is too long for the screen: DETAIL; FIX". name: the
 * box's; short_by: how far it is short. Only the first problem counts. */
#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static void
misfit(struct ctx *c, const char *name, int short_by, const char *fix, const char *fmt, ...)
{
    if (c->d.out->overflow)
        return;
    const char *key = NULL, *words = "a box";
    int text = 1;
    for (size_t i = 0; name && i < sizeof FIELDS / sizeof FIELDS[0]; i++)
        if (strcmp(FIELDS[i].name, name) == 0) {
            key = FIELDS[i].key;
            words = FIELDS[i].words;
            text = FIELDS[i].text;
        }
    if (key && strcmp(key, "quote.text") == 0 && strcmp(name, "quote") == 0 &&
        has_text(c->p->quote.translation)) {
        key = "quote.translation"; /* the edition shows the translation large */
        words = "the quote's translation";
    }
    struct draw_list *out = c->d.out;
    out->overflow = 1;
    out->problem_field = key;
    out->problem_short = short_by;
    int at = snprintf(out->problem, sizeof out->problem, "%s of panel '%s' %s", words, panel_id(c),
                      text ? "is too long for the screen" : "does not fit on the screen");
    out->problem_at = at < (int)sizeof out->problem ? at : (int)sizeof out->problem - 1;
    size_t used = (size_t)out->problem_at;
    used += (size_t)snprintf(out->problem + used, sizeof out->problem - used, ": ");
    va_list ap;
    va_start(ap, fmt);
    if (used < sizeof out->problem)
        used += (size_t)vsnprintf(out->problem + used, sizeof out->problem - used, fmt, ap);
    va_end(ap);
    if (used < sizeof out->problem)
        snprintf(out->problem + used, sizeof out->problem - used, "; %s", fix);
}

/* About how many words of text to cut so that `need` lines become `have`
 * (at least one). */
static int words_to_cut(const char *text, int need, int have)
{
    int words = 0, in = 0;
    for (const char *s = text; s && *s; s++) {
        int space = *s == ' ' || *s == '\n' || *s == '\t';
        words += !space && !in;
        in = !space;
    }
    if (need <= 0 || need <= have)
        return 1;
    int cut = (int)(((long)words * (need - have) + need - 1) / need);
    return cut > 0 ? cut : 1;
}

/* Misfit of a text box whose text needs `need` lines at the floor size
 * and has room for `have`. */
static void text_misfit(struct ctx *c, const char *name, const char *text, int need, int have)
{
    int cut = words_to_cut(text, need, have);
    char fix[96];
    snprintf(fix, sizeof fix, "shorten it by about %d word%s, or split the panel", cut,
             cut == 1 ? "" : "s");
    misfit(c, name, cut, fix, "at the smallest text size it needs %d lines and the space has %d",
           need, have);
}

static struct draw_item *push(struct ctx *c, enum draw_kind kind, int x, int y, int w, int h,
                              enum color_role color)
{
    return draw_push(&c->d, kind, (struct draw_rect){x, y, w, h}, color);
}

void draw_list_role(struct draw_list *l, int from, const char *role)
{
    for (int i = from < 0 ? 0 : from; l && i < l->n; i++)
        if (!l->items[i].role)
            l->items[i].role = role;
}

int draw_ctx_init(struct draw_ctx *d, const struct layout_screen *screen,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    memset(out, 0, sizeof *out);
    memset(d, 0, sizeof *d);
    d->m = m;
    d->a = a;
    d->out = out;
    if (!screen || !m || !m->width || !m->line_height || !a || screen->w <= 0 || screen->h <= 0)
        return -1;
    d->W = screen->w;
    d->H = screen->h;
    d->scr = *screen;
    if (d->scr.side < 0 || d->scr.side > d->W / 4)
        d->scr.side = 0; /* controls wider than that: a screen too small to keep them clear */
    if (d->scr.bottom < 0 || d->scr.bottom > d->H / 4)
        d->scr.bottom = 0;
    if (d->scr.above < 0 || d->scr.above > d->H / 2)
        d->scr.above = 0; /* a staff layer that tall covers the panel anyway */
    d->u = (d->W < d->H ? d->W : d->H) / 100.0;
    return 0;
}

int draw_u(const struct draw_ctx *d, double s)
{
    return (int)lround(s * d->u);
}

void *draw_alloc(struct draw_ctx *d, size_t n)
{
    void *p = arena_alloc(d->a, n ? n : 1);
    if (!p)
        d->oom = 1;
    return p;
}

struct draw_item *draw_push(struct draw_ctx *d, enum draw_kind kind, struct draw_rect r,
                            enum color_role color)
{
    struct draw_list *l = d->out;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        struct draw_item *items = draw_alloc(d, sizeof *items * (size_t)cap);
        if (!items) {
            memset(&d->sink, 0, sizeof d->sink);
            return &d->sink;
        }
        if (l->n)
            memcpy(items, l->items, sizeof *items * (size_t)l->n);
        l->items = items;
        l->cap = cap;
    }
    struct draw_item *it = &l->items[l->n++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->layer = LAYER_STATIC;
    it->r = r;
    it->color = color;
    it->alpha = 255;
    it->lit_color = COLOR_ACCENT;
    return it;
}

/* A line that ends inside a word is drawn with its hyphen after it: the
 * item's text becomes a copy in the arena (the line alone when out of
 * memory). */
static void with_hyphen(struct draw_ctx *d, struct draw_item *it)
{
    char *s = draw_alloc(d, it->len + TYPESET_HYPHEN_LEN);
    if (!s)
        return;
    memcpy(s, it->text, it->len);
    memcpy(s + it->len, TYPESET_HYPHEN, TYPESET_HYPHEN_LEN);
    it->text = s;
    it->len += TYPESET_HYPHEN_LEN;
}

void draw_text(struct draw_ctx *d, const struct typeset *t, int x, int y, int bw,
               enum typeset_align al, enum color_role color)
{
    int cy = y;
    /* text of its own direction on a right-to-left page: letters or digits,
     * none right to left (a chevron alone takes the page's, and mirrors) */
    unsigned char ltr =
        t->s && !bidi_has_rtl(t->s, (size_t)t->len) && bidi_has_ltr(t->s, (size_t)t->len);
    for (int i = 0; i < t->keep; i++) {
        const struct typeset_line *ln = &t->lines[i];
        if (i)
            cy += t->lead + (ln->para ? t->pgap : 0);
        if (ln->w <= bw) {
            struct draw_rect r = {typeset_align_x(x, bw, ln->w, al), cy, ln->w, t->lh};
            struct draw_item *it = draw_push(d, DRAW_TEXT, r, color);
            it->face = t->st.face;
            it->px = t->px;
            it->text = ln->s;
            it->len = (size_t)ln->len;
            it->ltr_para = ltr;
            if (ln->hyphen)
                with_hyphen(d, it);
        }
        cy += t->lh;
    }
}

static int measure(const struct ctx *c, enum font_face face, int px, const char *s, int n)
{
    return n > 0 ? typeset_width(c->d.m, face, px, s, (size_t)n) : 0;
}

/* ---- strings ------------------------------------------------------------ */

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

static int has_text(const char *s)
{
    for (; s && *s; s++)
        if (*s != ' ' && *s != '\n' && *s != '\t' && *s != '\r')
            return 1;
    return 0;
}

/* A small string builder; stops at its capacity, remembering it did. */
struct sb {
    char *b;
    size_t cap, len;
    int full;
};

static void sb_put(struct sb *s, const char *t, size_t n)
{
    if (!t)
        return;
    if (s->len + n + 1 > s->cap) {
        n = s->cap > s->len + 1 ? s->cap - s->len - 1 : 0;
        s->full = 1;
    }
    memcpy(s->b + s->len, t, n);
    s->len += n;
    s->b[s->len] = 0;
}

static void sb_str(struct sb *s, const char *t)
{
    if (t)
        sb_put(s, t, strlen(t));
}

/* Concatenate NULL-terminated string arguments into the arena. */
static char *cat(struct ctx *c, ...)
{
    va_list ap;
    size_t n = 1;
    va_start(ap, c);
    for (const char *t; (t = va_arg(ap, const char *)) != NULL;)
        n += strlen(t);
    va_end(ap);
    char *b = draw_alloc(&c->d, n);
    if (!b)
        return NULL;
    struct sb s = {b, n, 0, 0};
    va_start(ap, c);
    for (const char *t; (t = va_arg(ap, const char *)) != NULL;)
        sb_str(&s, t);
    va_end(ap);
    return b;
}

static char *number_text(struct ctx *c, const char *before, const struct decimal *x, int decimals,
                         const char *after)
{
    char num[256];
    numfmt_number(c->p->locale, x, decimals, num, sizeof num);
    return cat(c, before ? before : "", num, after ? after : "", (const char *)NULL);
}

uint32_t layout_color(enum color_role role)
{
    struct palette own;
    theme_palette(NULL, &own);
    return (unsigned)role < COLOR_COUNT ? own.rgb[role] : own.rgb[COLOR_TEXT];
}

/* ---- text boxes --------------------------------------------------------- */

static int design_px(const struct ctx *c, const struct style *st)
{
    return draw_max(1, U(c, st->grows ? st->size * c->scale : st->size));
}

/* The floor does not grow with the text scale: larger text that does not
 * fit steps down, at worst to where normal text would stop. */
static int floor_px(const struct ctx *c, const struct style *st)
{
    double fl = st->size / (st->step > 1 ? st->step : 1) * FLOOR_RATIO;
    return draw_min(design_px(c, st), draw_max(1, U(c, fl > st->floor ? fl : st->floor)));
}

/* Prepare text in style st (paragraphs kept unless flat) at its design size. */
static int text_prepare(struct ctx *c, struct typeset *f, const char *text, const struct style *st,
                        int flat)
{
    const struct typeset_style ts = {st->face, st->lead,     PARA_GAP,
                                     !flat,    c->p->locale, c->p->hyphens};
    if (typeset_prepare(f, c->d.m, c->d.a, text, &ts)) {
        c->d.oom = 1;
        return -1;
    }
    typeset_set_px(f, design_px(c, st));
    return 0;
}

/* Invisible characters of no width that a reader does not count: the
 * bidi controls (marks, embeddings, overrides, isolates) and the
 * zero-width space, joiners and word joiners. A line of a few words inside
 * a hundred nested embeddings is a short line, not one to wrap narrower. */
static int uncounted(uint32_t cp)
{
    return cp == 0x061C || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

/* The most characters (code points, less the uncounted ones) on the first
 * n lines of f. */
static int longest_of(const struct typeset *f, int n)
{
    int most = 0;
    for (int i = 0; i < n; i++) {
        const char *s = f->lines[i].s;
        size_t len = (size_t)f->lines[i].len;
        int k = f->lines[i].hyphen;
        for (size_t j = 0; j < len;) {
            unsigned char b = (unsigned char)s[j];
            if (b < 0x80) { /* ASCII, most text */
                k++;
                j++;
                continue;
            }
            k += !uncounted(typeset_decode(s, len, &j));
        }
        most = draw_max(most, k);
    }
    return most;
}

static int longest_line(const struct typeset *f)
{
    return longest_of(f, f->keep);
}

/* Wrap f at bw, or narrower so that no line is longer than G_LINE_CHARS. */
static void wrap_measure(struct typeset *f, int bw)
{
    typeset_wrap(f, bw);
    for (int k = 0, n; k < 6 && (n = longest_of(f, f->n)) > G_LINE_CHARS; k++) {
        bw = (int)((long)bw * (G_LINE_CHARS - 3) / n);
        if (bw < 1)
            break;
        typeset_wrap(f, bw);
    }
}

/* Fit text into a box bw wide and bh high (at most max_lines lines, 0: any),
 * shrinking from the design size to the floor. On overflow the lines that
 * fit are kept and the problem names the box. */
static void fit_text_at(struct ctx *c, struct typeset *f, const char *text, const struct style *st,
                        int dpx, int bw, int bh, int max_lines, const char *name)
{
    if (text_prepare(c, f, text, st, 0) || f->nu == 0)
        return;
    int fpx = draw_min(dpx, floor_px(c, st));
    /* whole words at the largest size where they fit; a word split over
     * lines only when no size down to the floor keeps them whole */
    int ok = typeset_fit(f, dpx, fpx, bw, bh, max_lines, TYPESET_WHOLE_WORDS) ||
             typeset_fit(f, dpx, fpx, bw, bh, max_lines, 0);
    /* A wide box or a smaller size gives long lines, hard to follow back
     * to the next one: wrap narrower until no line is longer than
     * G_LINE_CHARS, unless the text would then not fit its box. */
    int w = bw;
    for (int k = 0, n; ok && k < 6 && (n = longest_line(f)) > G_LINE_CHARS; k++) {
        int nw = (int)((long)w * (G_LINE_CHARS - 3) / n);
        if (nw < 1 || !typeset_fit(f, dpx, fpx, nw, bh, max_lines, 0)) {
            typeset_fit(f, dpx, fpx, w, bh, max_lines, 0);
            break;
        }
        w = nw;
    }
    if (ok) {
        /* no paragraph ends on a lone word where moving a break helps,
         * unless a line then grows too long to read */
        int keep = f->keep, height = f->height;
        if (name && (strcmp(name, "heading") == 0 || strcmp(name, "title") == 0))
            typeset_even(f, w);
        else
            typeset_balance(f, w);
        if (longest_line(f) > G_LINE_CHARS) {
            typeset_wrap(f, w);
            f->keep = keep;
            f->height = height;
        }
    }
    if (f->oom)
        c->d.oom = 1;
    if (ok)
        return;
    /* never silently short: the last line that fits ends with "..." */
    typeset_ellipsize(f, bw);
    if (f->too_wide)
        misfit(c, name, 1, "break the word (a soft hyphen, U+00AD, marks where it may be broken)",
               "one of its words is wider than the space (%d pixels) even at the smallest text "
               "size",
               bw);
    else
        text_misfit(c, name, text, f->n, f->keep);
}

static void fit_text(struct ctx *c, struct typeset *f, const char *text, const struct style *st,
                     int bw, int bh, int max_lines, const char *name)
{
    fit_text_at(c, f, text, st, design_px(c, st), bw, bh, max_lines, name);
}

static void emit_text(struct ctx *c, const struct typeset *f, int x, int y, int bw,
                      enum color_role color, const char *role)
{
    int n0 = c->d.out->n;
    draw_text(&c->d, f, x, y, bw, TYPESET_LEFT, color);
    for (int i = n0; i < c->d.out->n; i++)
        c->d.out->items[i].role = role;
}

/* ---- blocks and columns ------------------------------------------------- */

enum bkind {
    BK_TEXT,
    BK_FIGURE,
    BK_UNITS,
    BK_LEGEND,
    BK_RULE,
    BK_IMAGE,
    BK_CREDITS,
    BK_TIMELINE, /* timeline_fit, timeline_emit */
    BK_VALUES,   /* values_fit, values_emit: a compare panel's bars */
    BK_VIDEO,    /* a clip at its aspect, over its poster */
};

struct units {
    int total, lit, part, last, cols, rows, cell, gap;
    double per;
};

struct block {
    enum bkind kind;
    int flex;      /* takes the height the other blocks leave */
    int gap;       /* space above, px */
    int max_lines; /* BK_TEXT: 0 = as many as the box holds */
    int marker;    /* BK_TEXT: accent bar on the left (notes) */
    int w;         /* width, 0 = the column's */
    int size;      /* BK_RULE, BK_IMAGE: height; BK_UNITS: max height; BK_RULE: width in w */
    int grow;      /* BK_TEXT: px it may grow to from its design size (0: none), see grown_px */
    int grow_one;  /* BK_TEXT: b->grow or the design size, no size between */
    const char *text, *name;
    const struct style *st;
    /* results */
    int skip, h, y, bw;
    struct typeset f;
    int fig_px, fig_w; /* BK_FIGURE */
    struct units un;
    struct typeset *credits; /* BK_CREDITS: cite and description per source */
    int *cr_col, *cr_y, cr_n, cr_colw;
    struct items *items; /* BK_TIMELINE, BK_VALUES */
};

#define MAX_BLOCKS 16

static void timeline_fit(struct ctx *c, struct block *b, int bw, int avail);
static void timeline_emit(struct ctx *c, const struct block *b, int x, int y, int bw);
static void values_fit(struct ctx *c, struct block *b, int bw, int avail);
static void values_emit(struct ctx *c, const struct block *b, int x, int y, int bw);

struct column {
    struct block b[MAX_BLOCKS];
    int n;
};

static struct block *add(struct column *col, enum bkind kind, int gap)
{
    if (col->n == MAX_BLOCKS)
        return &col->b[MAX_BLOCKS - 1]; /* not reached: columns are built from fixed recipes */
    struct block *b = &col->b[col->n++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->gap = gap;
    return b;
}

static struct block *add_text(struct column *col, const char *text, const struct style *st, int gap,
                              int max_lines, const char *name)
{
    struct block *b = add(col, BK_TEXT, gap);
    b->text = text;
    b->st = st;
    b->max_lines = max_lines;
    b->name = name;
    if (!has_text(text))
        b->skip = 1;
    return b;
}

static int marker_indent(const struct ctx *c)
{
    return U(c, 1.8);
}

/* What one square of a unit chart stands for: 1 when the whole is at most
 * 100 (one square per thing), else the smallest of 2, 5, 10, 20, 50, ...
 * that needs at most 50 squares - big enough to read across a room. */
static double units_per(double whole)
{
    static const double steps[] = {1, 2, 5};
    if (whole <= 100)
        return 1;
    double per = 1;
    for (int i = 1; i < 60 && ceil(whole / per - 1e-9) > 50; i++)
        per = steps[i % 3] * pow(10, i / 3);
    return per;
}

/* Unit chart: at most 100 squares (see units_per), in rows of ten when that
 * costs little size. */
static void units_fit(struct ctx *c, struct block *b, int bw, int bh)
{
    const struct panel_figure *fig = &c->p->figure;
    struct units *un = &b->un;
    /* proportions only: doubles are close enough for squares */
    double whole = decimal_to_double(&fig->part_of), per = units_per(whole);
    double value = decimal_to_double(&fig->value);
    un->per = per;
    un->total = draw_max(1, (int)ceil(whole / per - 1e-9));
    /* whole squares, then the part of one: never a part rounded up to a
     * whole (99.7 of 100 is 99 squares and 0.7 of one, not 100 "every
     * night"), and a value above 0 never shows nothing */
    double q = value > 0 ? value / per : 0;
    un->lit = (int)floor(q + 1e-9);
    un->part = (int)lround((q - un->lit) * 1000);
    if (un->part < 0)
        un->part = 0;
    if (un->part >= 1000)
        un->part = 999; /* a part, never a whole */
    if (q > 0 && un->lit == 0 && un->part == 0)
        un->part = 1;
    un->lit = draw_max(0, draw_min(un->lit, un->total));
    if (un->lit >= un->total)
        un->part = 0;
    /* the whole's last square is a part too: 58,212 in squares of 2,000 is
     * 29 squares and 0.106 of one, never 30 (60,000) */
    double wq = whole / per - (un->total - 1);
    un->last = wq > 0 && wq < 1 - 1e-9 ? draw_max(1, (int)lround(wq * 1000)) : 0;
    if (un->last >= 1000)
        un->last = 0;
    int n = un->total, cap = U(c, G_CELL_MAX), best = 0, best_cols = 1;
    int ten = 0;
    for (int cols = 1; cols <= n; cols++) {
        int rows = (n + cols - 1) / cols;
        int cell = draw_min(cap, draw_min(4 * bw / (5 * cols - 1), 4 * bh / (5 * rows - 1)));
        if (cell > best) {
            best = cell;
            best_cols = cols;
        }
        if (cols == 10)
            ten = cell;
    }
    if (n >= 10 && ten > 0 && ten * 100 >= best * 85)
        best_cols = 10, best = ten;
    un->cols = best_cols;
    un->rows = (n + best_cols - 1) / best_cols;
    un->cell = best;
    for (;;) {
        un->gap = draw_max(1, un->cell / 4);
        int w = un->cols * un->cell + (un->cols - 1) * un->gap;
        int h = un->rows * un->cell + (un->rows - 1) * un->gap;
        if (un->cell <= 1 || (w <= bw && h <= bh))
            break;
        un->cell--;
    }
    if (un->cell < 2) {
        misfit(c, b->name, 1, "shorten the panel's texts, or leave out figure.part_of",
               "the space left for it (%dx%d pixels) is too small to draw its squares", bw, bh);
        b->skip = 1;
        return;
    }
    b->h = un->rows * un->cell + (un->rows - 1) * un->gap;
}

static void figure_fit(struct ctx *c, struct block *b, int bw)
{
    const struct style *st = &ST_FIGURE;
    /* a long number may shrink further than text: to G_FIGURE_FLOOR, still
     * larger than any heading */
    int dpx = design_px(c, st), fpx = draw_min(dpx, draw_max(1, U(c, G_FIGURE_FLOOR)));
    int len = (int)strlen(b->text);
    int px = dpx, w = measure(c, st->face, px, b->text, len);
    if (w > bw) {
        px = draw_max(fpx, (int)((double)dpx * bw / w));
        w = measure(c, st->face, px, b->text, len);
        while (w > bw && px > fpx)
            w = measure(c, st->face, --px, b->text, len);
    }
    if (b->size > dpx && w < bw) {
        /* room to spare (a portrait screen): the number grows, up to
         * b->size px, to the width of its column */
        int grow = draw_min(b->size, (int)((double)px * bw / w));
        int gw = measure(c, st->face, grow, b->text, len);
        while (gw > bw && grow > px)
            gw = measure(c, st->face, --grow, b->text, len);
        px = grow;
        w = gw;
    }
    if (w > bw) {
        /* a number must never go missing: smaller than the floor, but shown */
        misfit(c, "figure", w - bw, "shorten its prefix, suffix or unit",
               "at its smallest size the number needs %d pixels across and the space has %d", w,
               bw);
        px = draw_max(1, (int)((double)px * bw / w));
        w = measure(c, st->face, px, b->text, len);
        while (w > bw && px > 1)
            w = measure(c, st->face, --px, b->text, len);
    }
    b->fig_px = px;
    b->fig_w = w;
    b->h = c->d.m->line_height(c->d.m->ctx, st->face, px);
}

static void credits_place(struct ctx *c, struct block *b, int px, int avail, int *placed)
{
    int gap = U(c, 1.8), inner = U(c, 0.3), col = 0, cy = 0;
    *placed = 0;
    for (int i = 0; i < b->cr_n; i++) {
        struct typeset *ci = &b->credits[2 * i], *de = &b->credits[2 * i + 1];
        typeset_set_px(ci, px);
        typeset_set_px(de, px);
        wrap_measure(ci, b->cr_colw);
        wrap_measure(de, b->cr_colw);
        ci->keep = ci->n;
        de->keep = de->n;
        ci->height = typeset_height(ci, ci->n);
        de->height = typeset_height(de, de->n);
        int h = ci->height + (de->n ? inner + de->height : 0);
        int need = cy ? gap + h : h;
        if (cy + need > avail) {
            col++;
            cy = 0;
            need = h;
        }
        if (col >= b->size || h > avail || ci->too_wide || de->too_wide)
            break;
        b->cr_col[i] = col;
        b->cr_y[i] = cy + (cy ? gap : 0);
        cy += need;
        (*placed)++;
    }
}

/* Sources of a credits panel in b->size columns, one type size for all. */
static void credits_fit(struct ctx *c, struct block *b, int bw, int avail)
{
    const struct panel *p = c->p;
    int k = b->size, gut = U(c, G_GUTTER);
    b->cr_n = p->n_cites;
    b->cr_colw = (bw - (k - 1) * gut) / k;
    b->credits = draw_alloc(&c->d, sizeof *b->credits * (size_t)(2 * p->n_cites + 1));
    b->cr_col = draw_alloc(&c->d, sizeof(int) * (size_t)(p->n_cites + 1));
    b->cr_y = draw_alloc(&c->d, sizeof(int) * (size_t)(p->n_cites + 1));
    if (!b->credits || !b->cr_col || !b->cr_y) {
        b->skip = 1;
        return;
    }
    for (int i = 0; i < p->n_cites; i++) {
        const struct panel_cite *ct = &p->cites[i];
        if (text_prepare(c, &b->credits[2 * i], ct->cite ? ct->cite : ct->id, &ST_SMALL_BOLD, 0) ||
            text_prepare(c, &b->credits[2 * i + 1], ct->description, &ST_SMALL, 0)) {
            b->skip = 1;
            return;
        }
    }
    int dpx = design_px(c, &ST_SMALL), fpx = floor_px(c, &ST_SMALL), placed;
    credits_place(c, b, dpx, avail, &placed);
    if (placed < b->cr_n) {
        int lo = fpx, hi = dpx - 1, best = -1;
        while (lo <= hi) { /* fewer lines at smaller sizes: binary search */
            int mid = (lo + hi) / 2;
            credits_place(c, b, mid, avail, &placed);
            if (placed == b->cr_n) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        credits_place(c, b, best > 0 ? best : fpx, avail, &placed);
        if (placed < b->cr_n) {
            misfit(c, "sources", b->cr_n - placed,
                   "cite fewer sources on this panel, or shorten their cite and description",
                   "at the smallest text size only %d of its %d sources fit", placed, b->cr_n);
            b->cr_n = placed;
        }
    }
    if (b->cr_n > 0 && placed == b->cr_n && b->size > 1) {
        /* the columns as even as the sources allow: the lowest height that
         * still holds them all, rather than the first column full and the
         * last nearly empty (three sources in two columns of a wide page) */
        int px = b->credits[0].px, lo = 1, hi = avail;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            credits_place(c, b, px, mid, &placed);
            if (placed == b->cr_n)
                hi = mid;
            else
                lo = mid + 1;
        }
        credits_place(c, b, px, hi, &placed);
    }
    int h = 0;
    for (int i = 0; i < b->cr_n; i++) {
        const struct typeset *ci = &b->credits[2 * i], *de = &b->credits[2 * i + 1];
        h = draw_max(h, b->cr_y[i] + ci->height + (de->n ? U(c, 0.3) + de->height : 0));
    }
    b->h = h;
}

/* The largest size, from b->grow down to the design size, at which b's
 * text takes at most three quarters of the height it is given (the rest is
 * air around it), in steps of about 4 % (or b->grow alone, grow_one); the
 * design size when none does. With the larger text on it may take all of
 * that height: the visitor asked for size rather than air, and the
 * larger text must come out larger than a grown box at the normal size. */
static int grown_px(struct ctx *c, struct block *b, int bw, int avail)
{
    int dpx = design_px(c, b->st), px = b->grow;
    int room = c->scale > 1 ? avail : avail * 3 / 4;
    if (px <= dpx || text_prepare(c, &b->f, b->text, b->st, 0) || b->f.nu == 0)
        return dpx;
    for (; px > dpx; px = b->grow_one ? dpx : px * 24 / 25)
        /* a grown size never splits a word, nor a name joined with "~" */
        if (typeset_fit(&b->f, px, px, bw, room, b->max_lines, TYPESET_WHOLE_WORDS) &&
            longest_line(&b->f) <= G_LINE_CHARS)
            return px;
    return dpx;
}

static void measure_block(struct ctx *c, struct block *b, int bw, int avail)
{
    switch (b->kind) {
    case BK_TEXT: {
        int ind = b->marker ? marker_indent(c) : 0;
        int dpx = b->grow ? grown_px(c, b, bw - ind, avail) : design_px(c, b->st);
        /* the running text at most two thirds of the heading as it was set
         * (a long heading that steps down takes the text down with it), so
         * a heading always reads as one, never as one more paragraph */
        int body = b->name && strcmp(b->name, "body") == 0;
        if (body && c->head_px > 0)
            dpx = draw_min(dpx, draw_max(c->head_px * 2 / 3, floor_px(c, b->st)));
        fit_text_at(c, &b->f, b->text, b->st, dpx, bw - ind, avail, b->max_lines, b->name);
        if (b->name && strcmp(b->name, "heading") == 0 && b->f.nu > 0)
            c->head_px = b->f.px;
        b->h = b->f.height;
        if (b->f.keep == 0)
            b->skip = 1;
        break;
    }
    case BK_FIGURE:
        figure_fit(c, b, bw);
        break;
    case BK_UNITS:
        units_fit(c, b, bw, draw_min(b->size, avail));
        break;
    case BK_LEGEND:
        b->h = c->d.m->line_height(c->d.m->ctx, ST_SMALL.face, design_px(c, &ST_SMALL));
        break;
    case BK_RULE:
        b->h = b->size;
        break;
    case BK_IMAGE:
        b->h = b->flex ? avail : draw_min(b->size, avail);
        break;
    case BK_VIDEO: {
        /* the clip's height at the column's width, no more than there is */
        const struct panel_video *v = &c->p->video;
        int at_w = v->w > 0 ? (int)((long long)bw * v->h / v->w) : bw * 9 / 16;
        b->h = b->flex ? draw_min(at_w, avail) : draw_min(draw_min(at_w, b->size), avail);
        break;
    }
    case BK_CREDITS:
        credits_fit(c, b, bw, avail);
        break;
    case BK_TIMELINE:
        timeline_fit(c, b, bw, avail);
        break;
    case BK_VALUES:
        values_fit(c, b, bw, avail);
        break;
    }
}

static void emit_block_items(struct ctx *c, struct block *b, int x, int y, int bw);

/* A block's items, each with the block's name as its role where it has
 * none of its own (a note's marker, a timeline's dots and lines). */
static void emit_block(struct ctx *c, struct block *b, int x, int y, int bw)
{
    int n0 = c->d.out->n;
    emit_block_items(c, b, x, y, bw);
    if (b->name)
        draw_list_role(c->d.out, n0, b->name);
}

static void emit_block_items(struct ctx *c, struct block *b, int x, int y, int bw)
{
    switch (b->kind) {
    case BK_TEXT:
        if (b->marker) {
            push(c, DRAW_RECT, x, y, draw_max(2, U(c, 0.35)), b->h, COLOR_ACCENT);
            int ind = marker_indent(c);
            emit_text(c, &b->f, x + ind, y, bw - ind, b->st->color, b->name);
        } else {
            emit_text(c, &b->f, x, y, bw, b->st->color, b->name);
        }
        break;
    case BK_FIGURE: {
        struct draw_item *it = push(c, DRAW_FIGURE, x, y, b->fig_w, b->h, COLOR_TEXT);
        it->layer = LAYER_ANIMATED;
        it->role = "figure";
        it->face = ST_FIGURE.face;
        it->px = b->fig_px;
        it->text = b->text;
        it->len = strlen(b->text);
        it->figure = &c->p->figure;
        it->locale = c->p->locale;
        break;
    }
    case BK_UNITS: {
        const struct units *un = &b->un;
        int w = un->cols * un->cell + (un->cols - 1) * un->gap;
        struct draw_item *it = push(c, DRAW_UNITS, x, y, w, b->h, COLOR_RULE);
        it->role = "chart";
        it->layer = LAYER_ANIMATED;
        it->units_total = un->total;
        it->units_lit = un->lit;
        it->units_part = un->part;
        it->units_last = un->last;
        it->units_cols = un->cols;
        it->cell = un->cell;
        it->gap = un->gap;
        it->lit_color = COLOR_ACCENT;
        break;
    }
    case BK_LEGEND: {
        /* "■ = 20": a lit square is its own caption, in every language */
        int px = design_px(c, &ST_SMALL);
        int sq = draw_max(2, (int)lround(px * 0.7));
        push(c, DRAW_RECT, x, y + (b->h - sq) / 2, sq, sq, COLOR_ACCENT);
        int tx = x + sq + U(c, 0.9);
        int w = measure(c, ST_SMALL.face, px, b->text, (int)strlen(b->text));
        if (tx + w <= x + bw) {
            struct draw_item *it = push(c, DRAW_TEXT, tx, y, w, b->h, ST_SMALL.color);
            it->face = ST_SMALL.face;
            it->px = px;
            it->text = b->text;
            it->len = strlen(b->text);
        }
        break;
    }
    case BK_RULE:
        push(c, DRAW_RECT, x, y, draw_min(b->w ? b->w : bw, bw), b->h, COLOR_ACCENT);
        break;
    case BK_IMAGE: {
        /* a photo has a placeholder while it decodes; a logo (sized to its
         * own proportions, perhaps transparent) has none */
        int logo = b->name && strcmp(b->name, "logo") == 0;
        if (!logo)
            push(c, DRAW_RECT, x, y, bw, b->h, COLOR_RULE);
        if (c->p->image.data && c->p->image.size) {
            struct draw_item *it = push(c, DRAW_IMAGE, x, y, bw, b->h, COLOR_TEXT);
            it->image = &c->p->image;
            it->role = logo ? "logo" : "image";
        }
        break;
    }
    case BK_VIDEO: {
        /* the picture at the clip's aspect, centred across the column */
        const struct panel_video *v = &c->p->video;
        int w = bw, h = b->h;
        if (v->w > 0 && v->h > 0) {
            if ((long long)w * v->h > (long long)h * v->w)
                w = (int)((long long)h * v->w / v->h);
            else
                h = (int)((long long)w * v->h / v->w);
        }
        int vx = x + (bw - w) / 2;
        push(c, DRAW_RECT, vx, y, w, h, COLOR_RULE);
        if (c->p->image.data && c->p->image.size)
            push(c, DRAW_IMAGE, vx, y, w, h, COLOR_TEXT)->image = &c->p->image;
        push(c, DRAW_VIDEO, vx, y, w, h, COLOR_TEXT)->video = v;
        break;
    }
    case BK_CREDITS: {
        int gut = U(c, G_GUTTER), inner = U(c, 0.3);
        for (int i = 0; i < b->cr_n; i++) {
            const struct typeset *ci = &b->credits[2 * i], *de = &b->credits[2 * i + 1];
            int cx = x + b->cr_col[i] * (b->cr_colw + gut), cy = y + b->cr_y[i];
            emit_text(c, ci, cx, cy, b->cr_colw, ST_SMALL_BOLD.color, "source");
            emit_text(c, de, cx, cy + ci->height + inner, b->cr_colw, ST_SMALL.color, "source");
        }
        break;
    }
    case BK_TIMELINE:
        timeline_emit(c, b, x, y, bw);
        break;
    case BK_VALUES:
        values_emit(c, b, x, y, bw);
        break;
    }
}

/* Heights plus the gaps between the blocks present (a flexible block not yet
 * measured counts as 0 high). */
static int column_height(const struct column *col)
{
    int used = 0, first = 1;
    for (int i = 0; i < col->n; i++) {
        const struct block *b = &col->b[i];
        if (b->skip)
            continue;
        used += b->h + (first ? 0 : b->gap);
        first = 0;
    }
    return used;
}

/* Stack the blocks in the box (x, y, w, h): measure the fixed blocks, give
 * the rest to the flexible one, then place the group, its top at `valign`
 * of the free space (0 = top). Returns the bottom of the last block. */
static int column_place(struct ctx *c, struct column *col, int x, int y, int w, int h,
                        double valign)
{
    /* A chart illustrates what the words say: when the words do not fit,
     * the chart gives up height first (down to a third), then goes with
     * its legend and part-of label. Each attempt starts from the blocks as
     * built (an empty text stays skipped) and from the list's problem as it
     * was, so only the last attempt's problems count. */
    struct draw_list *out = c->d.out;
    int had_overflow = out->overflow;
    char had_problem[sizeof out->problem];
    memcpy(had_problem, out->problem, sizeof had_problem);
    unsigned char built_skip[MAX_BLOCKS] = {0};
    for (int i = 0; i < col->n; i++)
        built_skip[i] = (unsigned char)col->b[i].skip;
    int used = 0, drop_chart = 0;
    for (int attempt = 0;; attempt++) {
        struct block *flex = NULL, *chart = NULL;
        out->overflow = had_overflow;
        memcpy(out->problem, had_problem, sizeof had_problem);
        for (int i = 0; i < col->n; i++) {
            struct block *b = &col->b[i];
            int of_chart = b->kind == BK_UNITS || b->kind == BK_LEGEND ||
                           (b->name && strcmp(b->name, "part-of label") == 0);
            b->skip = built_skip[i] || (drop_chart && of_chart);
            if (b->skip)
                continue;
            b->bw = b->w && b->kind != BK_RULE ? draw_min(b->w, w) : w;
            if (b->flex)
                flex = b;
            else
                measure_block(c, b, b->bw, h);
            if (b->kind == BK_UNITS && !b->skip)
                chart = b;
        }
        used = column_height(col);
        if (flex) {
            measure_block(c, flex, flex->bw, draw_max(0, h - used));
            used = column_height(col);
        }
        int short_of_room =
            used > h || (flex && flex->kind == BK_TEXT && (flex->skip || flex->f.keep < flex->f.n));
        if (!short_of_room || !chart || attempt >= 6)
            break;
        if (chart->h > 3 * U(c, G_CELL_MIN_CHART))
            chart->size = chart->h * 2 / 3;
        else
            drop_chart = 1;
    }
    int cy = y + (used < h ? (int)((h - used) * valign) : 0), bottom = y + h;
    int first = 1;
    for (int i = 0; i < col->n; i++) {
        struct block *b = &col->b[i];
        if (b->skip)
            continue;
        if (!first)
            cy += b->gap;
        if (cy + b->h > bottom) { /* fixed blocks taller than the column */
            if (b->kind == BK_TEXT && cy < bottom) {
                int had = b->f.n;
                typeset_keep(&b->f, bottom - cy, b->max_lines);
                b->h = b->f.height;
                text_misfit(c, b->name, b->text, had, b->f.keep);
            } else {
                misfit(c, b->name, 1, "shorten the panel's other texts, or split the panel",
                       "no room is left for it below the rest of the panel");
                b->skip = 1;
                continue;
            }
        }
        b->y = cy;
        emit_block(c, b, x, cy, b->bw);
        cy += b->h;
        first = 0;
    }
    return cy;
}

/* ---- panels ------------------------------------------------------------- */

/* The top line: where every panel's first line of content starts, the
 * same for every kind at a given screen size so that nothing jumps while
 * a visitor swipes. On a tall screen (9:16) it hangs lower than the
 * margin, by this share of the height the page has beyond a square (less
 * on a less tall one, none at 2:3 or wider): the upper edge of a tall screen is
 * above the eye, and a short panel then sits nearer the middle. */
#define G_HANG 0.16
/* The widest page, as width to height: 21:9 (an ultrawide monitor) */
#define G_WIDEST_W 21
#define G_WIDEST_H 9

struct page {
    int x0, y0, x1, y1; /* content area; y0 is the top line */
    int w, h;
    int landscape;
    int gut;
};

/* How tall the screen is, 0 (2:3 or wider) .. 1 (9:16 or taller): how far
 * the portrait type scale steps up and the top line hangs down. A 3:4
 * screen (768x1024) has no height to spare: its page is barely taller than
 * wide once the band is off. */
static double tallness(const struct draw_ctx *d)
{
    double t = ((double)d->H / d->W - 1.5) / (16.0 / 9.0 - 1.5);
    return t < 0 ? 0 : t > 1 ? 1 : t;
}

/* The type scale for the screen: a tall screen's measure is its width, the
 * same u as a wide one's height, but it has nearly twice the height to
 * fill; headings and the title step up by a third and running text by a
 * sixth there (at 9:16; less as the screen is less tall), so that a
 * panel's words take the room rather than leave its lower half empty. */
static void type_scale(struct ctx *c)
{
    double t = tallness(&c->d);
    c->title = ST_TITLE;
    c->subtitle = ST_SUBTITLE;
    c->heading = ST_HEADING;
    c->body = ST_BODY;
    c->title.step = 1 + t / 4;
    c->heading.step = 1 + t / 3;
    c->subtitle.step = 1 + t / 6;
    c->body.step = 1 + t / 6;
    c->title.size *= c->title.step;
    c->heading.size *= c->heading.step;
    c->subtitle.size *= c->subtitle.step;
    c->body.size *= c->body.step;
}

/* The reading column: ~60 characters of body, at most 60% of a wide screen. */
static int text_col(const struct ctx *c, const struct page *g)
{
    return g->landscape ? draw_min(g->w, draw_min(U(c, G_COL_TEXT), c->d.W * 60 / 100)) : g->w;
}

struct layout_band layout_band(const struct layout_screen *screen)
{
    struct layout_band b = {0, 0, 0};
    if (!screen || screen->w <= 0 || screen->h <= 0)
        return b;
    double u = (screen->w < screen->h ? screen->w : screen->h) / 100.0;
    int edge = (int)ceil(LAYOUT_EDGE * screen->h);
    b.safe = screen->h - edge;
    b.top = screen->h - draw_max((int)lround(G_BAND * u), (int)lround(G_BAND_SAFE * u) + edge);
    b.rule = draw_min(b.top + (int)lround(G_RULE * u), b.safe - (int)lround(G_RULE_SAFE * u));
    /* the controls' bar (and its gap) under the rule: the band grows */
    int keep = screen->bottom > 0 && screen->bottom <= screen->h / 4 ? screen->bottom : 0;
    if (keep && b.rule > screen->h - keep) {
        b.rule = screen->h - keep;
        /* the band grows, never shrinks: the air above the rule is the
         * content's own gap */
        b.top = draw_min(b.top, b.rule - (int)lround(G_RULE_KEEP * u));
    }
    return b;
}

static void page_make(const struct ctx *c, struct page *g)
{
    /* the margin, or the room the controls keep at the sides when wider */
    g->x0 = draw_max(U(c, G_MARGIN), c->d.scr.side);
    /* A screen wider than 21:9 (32:9, or two screens side by side): the
     * page is the one a 21:9 screen of its height has, in the middle.
     * Across all of it, a panel of one figure sat in its left fifth and
     * the eye had to cross an empty screen to the sources. */
    int widest = (int)((long long)c->d.H * G_WIDEST_W / G_WIDEST_H);
    if (c->d.W > widest)
        g->x0 = draw_max(g->x0, (c->d.W - widest) / 2 + U(c, G_MARGIN));
    g->x1 = c->d.W - g->x0;
    g->w = g->x1 - g->x0;
    g->landscape = c->d.W * 10 >= c->d.H * 12;
    g->gut = U(c, G_GUTTER);
    /* the top line from the screen and its band alone: a staff layer
     * above the band (scr.above) shortens the page, never moves its top */
    int y1 = layout_band(&c->d.scr).top - U(c, G_BAND_GAP);
    g->y0 = U(c, G_MARGIN);
    if (!g->landscape)
        g->y0 += (int)(draw_max(0, y1 - g->y0 - g->w) * G_HANG * tallness(&c->d));
    g->y1 = y1 - c->d.scr.above;
    g->h = g->y1 - g->y0;
}

/* On a right-to-left page each citation of a list is isolated (U+2068
 * FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE, UAX #9): a
 * Latin title reads as one left-to-right unit, its quotation marks and
 * its date with it, and the separators between citations stay in the
 * page's direction. */
#define ISOLATE_LEN 3
static void cite_isolated(struct sb *s, const char *cite, int rtl)
{
    if (rtl)
        sb_str(s, "\xE2\x81\xA8");
    sb_str(s, cite);
    if (rtl)
        sb_str(s, "\xE2\x81\xA9");
}

/* The space after a label: none after a full-width colon ("出典："). */
static const char *label_gap(const char *label)
{
    size_t n = strlen(label);
    return n >= 3 && strcmp(label + n - 3, "\xEF\xBC\x9A") == 0 ? "" : " ";
}

/* "Sources: a; b" at the bottom of the column (x, w); returns the top of
 * the space left above it. When it would wrap in w but fits on one line in
 * wide (>= w; the caller keeps everything else above the returned top), it
 * is set on that one line instead: a reader takes a source in one go, and
 * the screen's width is there. */
static int place_cites_in(struct ctx *c, const struct page *g, int x, int w, int wide)
{
    const struct panel *p = c->p;
    if (p->n_cites <= 0 || !p->cites)
        return g->y1;
    const struct locale_rules *lr = locale_rules(p->locale);
    struct ui_words words;
    ui_words_init(&words, p->locale, p->ui_text);
    const char *label = ui_word(&words, p->n_cites == 1 ? UI_SOURCE : UI_SOURCES);
    const char *gap = label_gap(label);
    size_t n = strlen(label) + strlen(gap) + 1;
    for (int i = 0; i < p->n_cites; i++) {
        const char *t = p->cites[i].cite ? p->cites[i].cite : p->cites[i].id;
        n += (t ? strlen(t) : 0) + strlen(lr->list_sep) + 2 * ISOLATE_LEN;
    }
    char *buf = draw_alloc(&c->d, n);
    if (!buf)
        return g->y1;
    struct sb s = {buf, n, 0, 0};
    sb_str(&s, label);
    sb_str(&s, gap);
    for (int i = 0; i < p->n_cites; i++) {
        if (i)
            sb_str(&s, lr->list_sep);
        cite_isolated(&s, p->cites[i].cite ? p->cites[i].cite : p->cites[i].id,
                      locale_is_rtl(p->locale));
    }
    struct typeset f;
    fit_text(c, &f, buf, &ST_SMALL, w, g->h / 4, 3, "citation");
    if (wide > w && f.n > 1 && f.keep == f.n) {
        struct typeset one; /* the same size, on one line: a trial, so no problem reported */
        if (text_prepare(c, &one, buf, &ST_SMALL, 0) == 0 && one.nu > 0 &&
            typeset_fit(&one, f.px, f.px, wide, g->h / 4, 1, 0) && one.n == 1)
            f = one, w = wide;
    }
    if (f.keep == 0)
        return g->y1;
    emit_text(c, &f, x, g->y1 - f.height, w, ST_SMALL.color, "source");
    return g->y1 - f.height - U(c, 2.5);
}

/* The sources under a column that may widen to the page's width. */
static int place_cites(struct ctx *c, const struct page *g, int x, int w)
{
    return place_cites_in(c, g, x, w, x == g->x0 ? g->w : w);
}

/* The chapter's name above the heading: the one place a panel names its
 * chapter (the chrome does not repeat it), and not at all when the
 * heading says the same ("Sources" over "Sources"). */
static struct block *add_chapter(struct ctx *c, struct column *col)
{
    const struct panel *p = c->p;
    struct block *b = add_text(col, p->chapter, &ST_EYEBROW, 0, 2, "chapter");
    if (p->chapter && p->heading && strcasecmp(p->chapter, p->heading) == 0)
        b->skip = 1;
    return b;
}

/* The chapter line (unless the heading says the same) and the heading, at
 * the top of a column; the heading's block. */
static struct block *add_head(struct ctx *c, struct column *col, int max_lines)
{
    add_chapter(c, col);
    return add_text(col, c->p->heading, &c->heading, U(c, 1.2), max_lines, "heading");
}

/* A wide screen's chapter and heading across the text column, placed on
 * the top line; where the boxes under them start. */
static int place_head(struct ctx *c, const struct page *g, int hw, int bottom)
{
    static struct column zero;
    struct column head = zero;
    add_head(c, &head, 3);
    int top = column_place(c, &head, g->x0, g->y0, hw, bottom - g->y0, 0);
    return top > g->y0 ? top + U(c, 4.0) : top;
}

/* A panel's running text, taking the height the other boxes leave. A
 * short text that would leave most of it empty is set one step larger
 * (G_LEAD times the body size): two sizes of running text, not a size
 * for every length. */
static struct block *add_body(struct ctx *c, struct column *col, int gap)
{
    struct block *b = add_text(col, c->p->body, &c->body, gap, 0, "body");
    b->flex = 1;
    b->grow = (int)lround(design_px(c, &c->body) * G_LEAD);
    b->grow_one = 1;
    return b;
}

static void add_note(struct ctx *c, struct column *col, int gap)
{
    struct block *b = add_text(col, c->p->note, &ST_SMALL, gap, 8, "note");
    b->marker = 1;
}

static void layout_title(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    int w = g->landscape ? draw_min(g->w, U(c, G_COL_TITLE)) : g->w;
    int bottom = place_cites(c, g, g->x0, w);
    static struct column zero;
    struct column col = zero;
    const struct panel_image *im = &p->image;
    if (im->data && im->w > 0 && im->h > 0) {
        /* the museum's logo, at its own proportions, above the title */
        struct block *lg = add(&col, BK_IMAGE, 0);
        long lh = U(c, G_LOGO), lw = lh * im->w / im->h;
        if (lw > w) {
            lw = w;
            lh = draw_max(1, (int)(lw * im->h / im->w));
        }
        lg->w = (int)lw;
        lg->size = (int)lh;
        lg->name = "logo";
    }
    /* no ornament above the title (an accent rule was there): the first
     * line is the title's, on the top line every panel shares */
    add_chapter(c, &col);
    /* the opening panel: the title set as large as the room the others
     * leave allows (it takes the flex, so a long title in a second
     * language and the subtitle keep theirs) */
    struct block *tb = add_text(&col, p->heading, &c->title, U(c, 2.5), 3, "title");
    tb->grow = U(c, G_TITLE_MAX);
    tb->flex = 1;
    /* a bilingual exhibit greets in both: the title in the others too */
    for (int i = 0; i < p->n_also; i++)
        add_text(&col, p->also[i], &ST_ALSO_TITLE, U(c, i ? 0.8 : 1.2), 2, "title");
    add_text(&col, p->body, &c->subtitle, U(c, 3.0), 0, "subtitle");
    add_note(c, &col, U(c, 3.0));
    column_place(c, &col, g->x0, g->y0, w, bottom - g->y0, 0);
}

/* A wide screen's story in two columns: the chapter, the heading and a
 * note on the left, the body in a reading column on the right, its first
 * line level with the heading's. The body keeps its measure (at most
 * G_COL_TEXT, about 64 % of the page) and the heading takes the rest, so
 * the page is used across its width and a short story needs less height. */
static void story_wide(struct ctx *c, const struct page *g, int bottom)
{
    int bw = draw_min(text_col(c, g), (g->w - g->gut) * 64 / 100);
    int aw = g->w - bw - g->gut;
    static struct column zero;
    struct column aside = zero, main = zero;
    struct block *head = add_head(c, &aside, 4);
    add_note(c, &aside, U(c, 3.5));
    column_place(c, &aside, g->x0, g->y0, aw, bottom - g->y0, 0);
    int top = head->skip ? g->y0 : head->y;
    add_body(c, &main, 0);
    column_place(c, &main, g->x1 - bw, top, bw, bottom - top, 0);
}

static void layout_story(struct ctx *c, const struct page *g)
{
    /* a wide screen: two columns; one nearly square (5:4, 4:3) has no
     * room for a heading's column beside the text's ("A / marathon /
     * opens its / gates"): the heading across the reading column, the
     * text under it */
    if (g->landscape && c->d.W * 10 >= c->d.H * 15) {
        story_wide(c, g, place_cites(c, g, g->x0, g->w));
        return;
    }
    if (g->landscape) {
        int hw = text_col(c, g);
        int bottom = place_cites(c, g, g->x0, g->w);
        int top = place_head(c, g, hw, bottom);
        static struct column zero;
        struct column col = zero;
        add_body(c, &col, 0);
        add_note(c, &col, U(c, 3.0));
        column_place(c, &col, g->x0, top, hw, bottom - top, 0);
        return;
    }
    int bottom = place_cites(c, g, g->x0, g->w);
    static struct column zero;
    struct column col = zero;
    add_head(c, &col, 3);
    add_body(c, &col, U(c, 3.5));
    add_note(c, &col, U(c, 3.0));
    column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
}

static void add_figure_blocks(struct ctx *c, struct column *col, int chart_max_h)
{
    const struct panel_figure *f = &c->p->figure;
    double whole = decimal_to_double(&f->part_of);
    if (!f->has_part_of || !(whole > 0) || !isfinite(whole))
        return;
    struct block *u = add(col, BK_UNITS, 0);
    u->size = chart_max_h;
    u->name = "unit chart";
    double per = units_per(whole);
    struct block *l = add(col, BK_LEGEND, U(c, 1.5));
    struct decimal per_d = decimal_from_int((int64_t)llround(per));
    l->text = number_text(c, "= ", &per_d, 0, NULL);
    l->name = "unit chart legend";
    if (!l->text)
        l->skip = 1;
    int dec = decimal_is_whole(&f->part_of) ? 0 : f->decimals;
    const char *pl = has_text(f->part_of_label) ? f->part_of_label : NULL;
    char *t = number_text(c, NULL, &f->part_of, dec, NULL);
    if (t && pl)
        t = cat(c, t, " ", pl, (const char *)NULL);
    add_text(col, t, &ST_PART_LABEL, U(c, 1.0), 3, "part-of label");
}

static void layout_statistic(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    const struct panel_figure *f = &p->figure;
    char fig[256];
    numfmt_figure_text(f, p->locale, fig, sizeof fig);
    char *fig_text = cat(c, fig, (const char *)NULL);
    if (!fig_text)
        return;
    int part = f->has_part_of && f->part_of.digits > 0 && !f->part_of.negative;
    static struct column zero;
    if (!g->landscape) {
        int bottom = place_cites(c, g, g->x0, g->w);
        struct column col = zero;
        add_head(c, &col, 3);
        struct block *fb = add(&col, BK_FIGURE, U(c, 4.0));
        fb->text = fig_text;
        fb->name = "figure";
        /* a tall screen (9:16 and taller) has the height: the number may
         * grow to the width of the column, up to 1.6 times its size */
        if (g->h * 10 >= g->w * 15)
            fb->size = design_px(c, &ST_FIGURE) * 16 / 10;
        add_text(&col, f->label, &ST_FIG_LABEL, U(c, 1.0), 3, "figure label");
        int n0 = col.n;
        add_figure_blocks(c, &col, (bottom - g->y0) * 28 / 100);
        if (col.n > n0)
            col.b[n0].gap = U(c, 4.0);
        add_body(c, &col, U(c, 4.0));
        add_note(c, &col, U(c, 2.5));
        column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
        return;
    }
    int hw = text_col(c, g);
    int bottom = place_cites(c, g, g->x0, hw);
    int top = place_head(c, g, hw, bottom);
    int half = (g->w - g->gut) / 2;
    struct column left = zero, right = zero;
    /* a number too wide for its half at its design size takes the whole
     * width, above both columns, rather than shrink */
    int wide = measure(c, ST_FIGURE.face, design_px(c, &ST_FIGURE), fig_text,
                       (int)strlen(fig_text)) > half;
    struct column row = zero, *fcol = wide ? &row : &left;
    struct block *fb = add(fcol, BK_FIGURE, 0);
    fb->text = fig_text;
    fb->name = "figure";
    /* alone in its half (the body and chart on the right), the number may
     * grow to the half's width, up to 1.4 times its size and a third of
     * the height left */
    if (!wide && !part)
        fb->size = draw_min(design_px(c, &ST_FIGURE) * 14 / 10, (bottom - top) / 3);
    /* a figure and its label alone (no chart, no words): the number takes
     * the left half as large as half the height allows and its label
     * stands on the right, its last line level with the number's foot, so
     * the two read as one line across the page, not a corner of it */
    if (!wide && !part && !has_text(p->body) && !has_text(p->note)) {
        fb->size = draw_min(design_px(c, &ST_FIGURE) * 3, (bottom - top) * 45 / 100);
        column_place(c, &left, g->x0, top, half, bottom - top, 0);
        add_text(&right, f->label, &c->subtitle, 0, 4, "figure label");
        int rx = g->x0 + half + g->gut;
        if (!fb->skip)
            column_place(c, &right, rx, fb->y, g->w - half - g->gut, fb->h, 1.0);
        else
            column_place(c, &right, rx, top, g->w - half - g->gut, bottom - top, 0);
        return;
    }
    add_text(fcol, f->label, &ST_FIG_LABEL, U(c, 1.0), 3, "figure label");
    if (wide)
        top = column_place(c, &row, g->x0, top, g->w, bottom - top, 0) + U(c, 4.0);
    int h = bottom - top;
    if (part) {
        add_body(c, &left, U(c, 4.0));
        add_figure_blocks(c, &right, h * 45 / 100);
        add_note(c, &right, U(c, 3.0));
    } else {
        add_body(c, &right, 0);
        add_note(c, &right, U(c, 2.5));
    }
    column_place(c, &left, g->x0, top, half, h, 0);
    column_place(c, &right, g->x0 + half + g->gut, top, g->w - half - g->gut, h, 0);
}

/* text between the quotation marks of `locale` */
static const char *quoted_in(struct ctx *c, const char *text, const char *locale)
{
    if (!has_text(text))
        return NULL;
    while (is_space(*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && is_space(text[n - 1]))
        n--;
    char *t = draw_alloc(&c->d, n + 1);
    if (!t)
        return NULL;
    memcpy(t, text, n);
    t[n] = 0;
    struct locale_quote q;
    locale_quote_marks(locale, 0, &q);
    return cat(c, q.open, t, q.close, (const char *)NULL);
}

static const char *quoted(struct ctx *c, const char *text)
{
    return quoted_in(c, text, c->p->locale);
}

/* A translated quote is the panel's quote, set large in the reader's
 * language; the words as they were said follow, smaller, under "Original
 * (English)" and in their own quotation marks. Both languages get the same
 * weight: in the edition of the language the words were said in, they are
 * the quote. */
static void add_quote_words(struct ctx *c, struct column *col, struct column *aside)
{
    const struct panel_quote *q = &c->p->quote;
    int translated = has_text(q->translation);
    /* a pull quote: set as large as the room allows (up to G_QUOTE_MAX),
     * a short one larger than a long one, never smaller than ST_QUOTE */
    struct block *qb = add_text(col, quoted(c, translated ? q->translation : q->text), &ST_QUOTE,
                                U(c, 3.5), 0, "quote");
    qb->flex = 1;
    qb->grow = U(c, G_QUOTE_MAX * (ST_QUOTE.grows ? c->scale : 1));
    const char *who = has_text(q->speaker) ? cat(c, "\xE2\x80\x94 ", q->speaker, (const char *)NULL)
                                           : NULL; /* em dash */
    add_text(col, who, &ST_SPEAKER, U(c, 3.0), 2, "speaker");
    add_text(col, q->role, &ST_ROLE, U(c, 0.6), 2, "role");
    if (!translated)
        return;
    char lang[64];
    ui_language_name(c->p->locale, q->language, lang, sizeof lang);
    struct ui_words words;
    ui_words_init(&words, c->p->locale, c->p->ui_text);
    /* Chinese and Japanese put the language in full-width brackets */
    int wide = locale_is(c->p->locale, "zh") || locale_is(c->p->locale, "ja");
    if (aside) /* the words as said beside the quote, at its first line */
        col = aside;
    add_text(col,
             cat(c, ui_word(&words, UI_ORIGINAL), wide ? "\xEF\xBC\x88" : " (", lang,
                 wide ? "\xEF\xBC\x89" : ")", (const char *)NULL),
             &ST_SMALL, col == aside ? 0 : U(c, 2.2), 1, "original-label");
    add_text(col, quoted_in(c, q->text, q->language), &ST_ORIGINAL, U(c, 0.6), 0, "original");
}

/* A quote's words beside it (its context, the panel's body and note, the
 * words as said): on a page wider than the quote's measure and a reading
 * column more, they take a column of their own on the right, level with
 * the quote's first line, so an ultrawide screen is used across its width
 * rather than in its left half. */
static int quote_aside(const struct ctx *c, const struct page *g, int w)
{
    const struct panel *p = c->p;
    return g->landscape && g->w - w - g->gut >= U(c, G_QUOTE_ASIDE) &&
           (has_text(p->quote.context) || has_text(p->body) || has_text(p->note) ||
            has_text(p->quote.translation));
}

static void layout_quote(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    const struct panel_quote *q = &p->quote;
    int w = g->landscape ? draw_min(g->w, U(c, G_COL_QUOTE)) : g->w;
    static struct column zero;
    struct column col = zero, aside = zero;
    if (quote_aside(c, g, w)) {
        int aw = draw_min(text_col(c, g), g->w - w - g->gut), ax = g->x1 - aw;
        int bottom = place_cites(c, g, g->x0, g->w);
        add_head(c, &col, 3);
        struct block *qb = NULL;
        add_quote_words(c, &col, &aside);
        for (int i = 0; i < col.n; i++)
            if (col.b[i].name && strcmp(col.b[i].name, "quote") == 0)
                qb = &col.b[i];
        add_text(&aside, q->context, &ST_SMALL, aside.n ? U(c, 2.5) : 0, 5, "context");
        add_text(&aside, p->body, &c->body, U(c, 3.5), 8, "body");
        add_note(c, &aside, U(c, 2.5));
        column_place(c, &col, g->x0, g->y0, ax - g->gut - g->x0, bottom - g->y0, 0);
        int top = qb && !qb->skip ? qb->y : g->y0;
        column_place(c, &aside, ax, top, aw, bottom - top, 0);
        return;
    }
    int bottom = place_cites(c, g, g->x0, draw_min(w, text_col(c, g)));
    add_head(c, &col, 3);
    add_quote_words(c, &col, NULL);
    add_text(&col, q->context, &ST_SMALL, U(c, 0.8), 5, "context");
    add_text(&col, p->body, &c->body, U(c, 3.5), 8, "body");
    add_note(c, &col, U(c, 2.5));
    column_place(c, &col, g->x0, g->y0, w, bottom - g->y0, 0);
}

static void layout_credits(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    int hw = text_col(c, g);
    static struct column zero;
    struct column col = zero;
    add_chapter(c, &col)->w = hw;
    add_text(&col, p->heading, &c->heading, U(c, 1.2), 3, "heading")->w = hw;
    add_text(&col, p->body, &c->body, U(c, 3.0), 8, "body")->w = hw;
    add_note(c, &col, U(c, 2.5));
    col.b[col.n - 1].w = hw;
    if (p->n_cites > 0 && p->cites) {
        struct block *b = add(&col, BK_CREDITS, U(c, 4.5));
        b->flex = 1;
        b->name = "sources";
        b->size = draw_max(1, (g->w + g->gut) / (U(c, G_CREDIT_COL) + g->gut));
    }
    column_place(c, &col, g->x0, g->y0, g->w, g->h, 0);
}

static void layout_image(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    static struct column zero;
    if (!g->landscape) {
        int bottom = place_cites(c, g, g->x0, g->w);
        struct column col = zero;
        add_head(c, &col, 3);
        struct block *im = add(&col, BK_IMAGE, U(c, 3.5));
        im->size = (bottom - g->y0) * 40 / 100;
        im->name = "image";
        add_text(&col, p->image.alt, &ST_SMALL, U(c, 1.5), 4, "image caption");
        add_body(c, &col, U(c, 3.5));
        add_note(c, &col, U(c, 2.5));
        column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
        return;
    }
    int lw = g->w * 58 / 100, rx = g->x0 + lw + g->gut, rw = g->w - lw - g->gut;
    struct column left = zero, right = zero;
    struct block *im = add(&left, BK_IMAGE, 0);
    im->flex = 1;
    im->name = "image";
    add_text(&left, p->image.alt, &ST_SMALL, U(c, 1.5), 4, "image caption");
    column_place(c, &left, g->x0, g->y0, lw, g->h, 0);
    int bottom = place_cites(c, g, rx, rw);
    add_head(c, &right, 4);
    add_body(c, &right, U(c, 3.5));
    add_note(c, &right, U(c, 2.5));
    column_place(c, &right, rx, g->y0, rw, bottom - g->y0, 0);
}

/* A video panel: the moving picture is the panel. Landscape: the clip on
 * the left, two thirds of the width, its heading, caption and sources on
 * the right; portrait: the heading, the clip the whole width, then the
 * caption. The kiosk draws the clip's captions over its picture. */
static void layout_video(struct ctx *c, const struct page *g)
{
    static struct column zero;
    if (!g->landscape) {
        int bottom = place_cites(c, g, g->x0, g->w);
        struct column col = zero;
        add_head(c, &col, 3);
        struct block *vb = add(&col, BK_VIDEO, U(c, 3.5));
        vb->size = (bottom - g->y0) * 55 / 100;
        vb->name = "video";
        add_body(c, &col, U(c, 3.5));
        add_note(c, &col, U(c, 2.5));
        column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
        return;
    }
    int lw = g->w * 64 / 100, rx = g->x0 + lw + g->gut, rw = g->w - lw - g->gut;
    struct column left = zero, right = zero;
    struct block *vb = add(&left, BK_VIDEO, 0);
    vb->flex = 1;
    vb->name = "video";
    column_place(c, &left, g->x0, g->y0, lw, g->h, 0);
    int bottom = place_cites(c, g, rx, rw);
    add_head(c, &right, 4);
    add_body(c, &right, U(c, 3.5));
    add_note(c, &right, U(c, 2.5));
    column_place(c, &right, rx, g->y0, rw, bottom - g->y0, 0);
}

/* ---- timelines and compare panels ---------------------------------------- */

/* A timeline is a sequence, not a scale: events are spaced evenly in date
 * order (13 and 15 April would otherwise sit on one point beside the
 * 1980s), and a dashed stretch of line marks where more than a year
 * passes between two events. */
static const struct style ST_TL_DATE = {FACE_SANS_BOLD, 4.0, 2.0, 0.05, COLOR_ACCENT, 0, 1.0};
/* grows with the larger text where the room allows (the fit steps down
 * from the grown size; layout_panel_scaled keeps it from ending smaller) */
static const struct style ST_TL_LABEL = {FACE_SANS, 3.4, 2.0, 0.15, COLOR_TEXT, 1, 1.0};
static const struct style ST_VAL_NUMBER = {FACE_SANS_BOLD, 7.0, 3.0, 0.0, COLOR_TEXT, 0, 1.0};

#define TL_DATE_LINES 2
#define TL_LABEL_LINES 6
#define TL_SRC_LINES 3

/* One event or value as set: its texts and where they go. */
struct item {
    struct typeset date, label, src; /* date: a value's number */
    int h;                           /* the event's height (vertical timeline) */
};

struct items {
    struct item *it;
    int n;
    int vertical;
    int scale_px;              /* the label size chosen */
    int date_h, rest_h;        /* horizontal: the tallest date, the tallest label and sources */
    int content_h;             /* what the drawing needs (b->h may be more) */
    int tw;                    /* text width */
    int bar_h, bar_max, num_w; /* compare */
    /* the first item that did not fit its column at the last size tried,
     * and why: bad_part 0 date (or value), 1 label, 2 sources; bad_lines
     * its lines where bad_limit fit, or 0 for a word wider than the column */
    int bad_item, bad_part, bad_lines, bad_limit;
};

size_t layout_date_text(const struct panel_event *e, const char *locale, char *buf, size_t n)
{
    if (!buf || n == 0)
        return 0;
    buf[0] = 0;
    if (!e)
        return 0;
    char tmp[256];
    struct sb s = {tmp, sizeof tmp, 0, 0};
    tmp[0] = 0;
    if (has_text(e->when)) {
        sb_str(&s, e->when);
    } else {
        char date[128];
        locale_date(locale, e->date.year, e->date.month, e->date.day, e->approximate, date,
                    sizeof date);
        sb_str(&s, date);
    }
    size_t len = s.len < n - 1 ? s.len : n - 1;
    while (len > 0 && len < s.len && ((unsigned char)tmp[len] & 0xC0) == 0x80)
        len--;
    memcpy(buf, tmp, len);
    buf[len] = 0;
    return len;
}

/* "CTV News report; Runner's World" for an item's sources. */
static const char *item_sources(struct ctx *c, const struct panel_cite *cites, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(cites[i].cite ? cites[i].cite
                      : cites[i].id ? cites[i].id
                                    : "") +
               5 + 2 * ISOLATE_LEN;
    char *buf = draw_alloc(&c->d, len);
    if (!buf)
        return NULL;
    struct sb s = {buf, len, 0, 0};
    buf[0] = 0;
    /* French sets a narrow no-break space before a semicolon */
    const struct locale_rules *lr = locale_rules(c->p->locale);
    for (int i = 0; i < n; i++) {
        if (i)
            sb_str(&s, lr->list_sep);
        cite_isolated(&s, cites[i].cite ? cites[i].cite : cites[i].id, locale_is_rtl(c->p->locale));
    }
    return buf;
}

/* Sizes of an item's three texts for label size px. */
static int scaled(int px, const struct style *to, const struct style *from)
{
    return draw_max(1, (int)lround(px * to->size / from->size));
}

static int prepare_item(struct ctx *c, struct item *it, const char *date, const struct style *dst,
                        const char *label, const char *src)
{
    return text_prepare(c, &it->date, date, dst, 1) ||
           text_prepare(c, &it->label, label, &ST_TL_LABEL, 0) ||
           text_prepare(c, &it->src, src, &ST_SMALL, 0);
}

/* Sets an item at label size px in width tw; 0 when its texts fit their
 * line limits. */
/* An item of a timeline or compare block that does not fit its column
 * even at the smallest size, named with why (items.bad_*). */
static void items_misfit(struct ctx *c, const struct items *t, const char *name, const char *item,
                         const char *first_part, const char *fix)
{
    static const char *const parts[] = {NULL, "label", "sources"};
    const char *part = t->bad_part == 0 ? first_part : parts[t->bad_part];
    if (t->bad_item < 0)
        misfit(c, name, 1, fix, "at the smallest text size its %ss do not fit their columns", item);
    else if (t->bad_lines == 0)
        misfit(c, name, 1, fix,
               "at the smallest text size %s %d's %s has a word wider than its column (%d "
               "pixels) that cannot be hyphenated",
               item, t->bad_item + 1, part, t->tw);
    else
        misfit(c, name, t->bad_lines - t->bad_limit, fix,
               "at the smallest text size %s %d's %s needs %d lines and its column holds %d", item,
               t->bad_item + 1, part, t->bad_lines, t->bad_limit);
}

/* Set item i at label size px in columns tw wide: 0 when it fits. Above
 * the smallest size no word may be split (a smaller size reads better than
 * a hyphen); at the smallest, a word too long for its column is hyphenated
 * (a German or Finnish compound in a timeline of five columns), never cut
 * without a hyphen. */
static int set_item(struct ctx *c, struct items *t, int i, const struct style *dst, int px, int tw,
                    int date_lines)
{
    int last = px <= floor_px(c, &ST_TL_LABEL);
    struct item *it = &t->it[i];
    int small = draw_max(floor_px(c, &ST_SMALL), scaled(px, &ST_SMALL, &ST_TL_LABEL));
    typeset_set_px(&it->date, scaled(px, dst, &ST_TL_LABEL));
    typeset_set_px(&it->label, px);
    typeset_set_px(&it->src, draw_min(small, design_px(c, &ST_SMALL)));
    struct typeset *ts[3] = {&it->date, &it->label, &it->src};
    const int lim[3] = {date_lines, TL_LABEL_LINES, TL_SRC_LINES};
    int ok = 1;
    for (int k = 0; k < 3; k++) {
        typeset_wrap(ts[k], tw);
        ts[k]->keep = draw_min(ts[k]->n, lim[k]);
        ts[k]->height = typeset_height(ts[k], ts[k]->keep);
        if (ok &&
            (ts[k]->n > lim[k] || ts[k]->too_wide || (last ? ts[k]->cut_word : ts[k]->broken))) {
            ok = 0;
            if (t->bad_item < 0) {
                t->bad_item = i;
                t->bad_part = k;
                t->bad_lines = ts[k]->too_wide || ts[k]->broken ? 0 : ts[k]->n;
                t->bad_limit = lim[k];
            }
        }
    }
    return ok ? 0 : -1;
}

static struct items *items_new(struct ctx *c, int n)
{
    struct items *t = draw_alloc(&c->d, sizeof *t);
    if (!t)
        return NULL;
    memset(t, 0, sizeof *t);
    t->it = draw_alloc(&c->d, sizeof *t->it * (size_t)(n ? n : 1));
    if (!t->it)
        return NULL;
    memset(t->it, 0, sizeof *t->it * (size_t)(n ? n : 1));
    t->n = n;
    return t;
}

/* The height a timeline needs at label size px (or -1 when a text breaks
 * its line limits). */
static int timeline_measure(struct ctx *c, struct items *t, int px)
{
    int ok = 1, gd = U(c, 1.2), gs = U(c, 0.6), dot = U(c, 2.4);
    t->date_h = t->rest_h = 0;
    t->bad_item = -1;
    int sum = 0;
    for (int i = 0; i < t->n; i++) {
        struct item *it = &t->it[i];
        if (set_item(c, t, i, &ST_TL_DATE, px, t->tw, TL_DATE_LINES) != 0)
            ok = 0;
        int rest = it->label.height + (it->src.keep ? gs + it->src.height : 0);
        t->date_h = draw_max(t->date_h, it->date.height);
        t->rest_h = draw_max(t->rest_h, rest);
        it->h = it->date.height + gs + rest;
        sum += it->h;
    }
    if (t->vertical)
        t->content_h = sum + (t->n - 1) * U(c, 3.0);
    else
        t->content_h = t->date_h + gd + dot + gd + t->rest_h;
    return ok ? t->content_h : -1;
}

/* The items of a timeline or compare block (n of them, from list): NULL,
 * the block skipped, when there are none. Stacked on a screen that is not
 * clearly landscape. */
static struct items *items_block(struct ctx *c, struct block *b, int n, const void *list)
{
    struct items *t = items_new(c, n);
    b->h = 0;
    if (!t || n <= 0 || !list) {
        b->skip = 1;
        return NULL;
    }
    b->items = t;
    t->vertical = !(c->d.W * 10 >= c->d.H * 12);
    return t;
}

static void timeline_fit(struct ctx *c, struct block *b, int bw, int avail)
{
    const struct panel *p = c->p;
    int n = p->n_events;
    struct items *t = items_block(c, b, n, p->events);
    if (!t)
        return;
    int gap = U(c, 3.0);
    t->tw = t->vertical ? bw - U(c, 6.0) : (bw + gap) / n - gap;
    for (int i = 0; i < n; i++) {
        const struct panel_event *e = &p->events[i];
        char date[256];
        layout_date_text(e, p->locale, date, sizeof date);
        const char *d = cat(c, date, (const char *)NULL);
        if (!d || prepare_item(c, &t->it[i], d, &ST_TL_DATE, e->label,
                               item_sources(c, e->cites, e->n_cites))) {
            b->skip = 1;
            return;
        }
    }
    int dpx = design_px(c, &ST_TL_LABEL), fpx = floor_px(c, &ST_TL_LABEL), px = dpx;
    for (; px >= fpx; px--) {
        int need = timeline_measure(c, t, px);
        if (need >= 0 && need <= avail)
            break;
    }
    if (px < fpx) {
        px = fpx;
        if (timeline_measure(c, t, px) < 0)
            items_misfit(c, t, "timeline", "event", "date",
                         "shorten that event's words, or give fewer events (wider columns)");
        else
            misfit(c, "timeline", t->content_h - avail,
                   "shorten the events' labels, give fewer events, or shorten the heading and body",
                   "at the smallest text size its events need %d pixels and the space has %d",
                   t->content_h, avail);
    }
    t->scale_px = px;
    b->h = b->flex ? draw_max(avail, draw_min(t->content_h, avail)) : t->content_h;
    if (b->h > avail)
        b->h = avail;
}

/* A stretch of the line from (x0, y0) to (x1, y1), horizontal or vertical;
 * dashed where time is left out. */
static void tl_segment(struct ctx *c, int x0, int y0, int x1, int y1, int th, int dashed)
{
    int horiz = y0 == y1, len = horiz ? x1 - x0 : y1 - y0;
    if (len <= 0)
        return;
    if (!dashed) {
        if (horiz)
            push(c, DRAW_RECT, x0, y0 - th / 2, len, th, COLOR_MUTED);
        else
            push(c, DRAW_RECT, x0 - th / 2, y0, th, len, COLOR_MUTED);
        return;
    }
    int dash = draw_max(2, U(c, 1.2)), space = draw_max(2, U(c, 0.9));
    for (int o = space; o < len - space; o += dash + space) {
        int l = draw_min(dash, len - space - o);
        if (horiz)
            push(c, DRAW_RECT, x0 + o, y0 - th / 2, l, th, COLOR_MUTED);
        else
            push(c, DRAW_RECT, x0 - th / 2, y0 + o, th, l, COLOR_MUTED);
    }
}

/* A dot: filled for a known date, hollow for an approximate one. */
static void tl_dot(struct ctx *c, int cx, int cy, int dot, int approximate)
{
    push(c, DRAW_RECT, cx - dot / 2, cy - dot / 2, dot, dot, COLOR_ACCENT);
    if (approximate) {
        int in = draw_max(1, dot / 4);
        push(c, DRAW_RECT, cx - dot / 2 + in, cy - dot / 2 + in, dot - 2 * in, dot - 2 * in,
             COLOR_BG);
    }
}

static int long_gap(const struct panel_event *a, const struct panel_event *b)
{
    return b->date.year - a->date.year > 1;
}

static void timeline_emit(struct ctx *c, const struct block *b, int x, int y, int bw)
{
    const struct items *t = b->items;
    const struct panel_event *ev = c->p->events;
    if (!t)
        return;
    int th = draw_max(2, U(c, 0.35)), dot = U(c, 2.4), gs = U(c, 0.6), gd = U(c, 1.2);
    if (!t->vertical) {
        int top = y + draw_max(0, (b->h - t->content_h) * 4 / 10);
        int ly = top + t->date_h + gd + dot / 2, gap = U(c, 3.0), slot = t->tw + gap;
        for (int i = 0; i < t->n; i++) {
            int cx = x + i * slot + dot / 2;
            int nx = i + 1 < t->n ? x + (i + 1) * slot + dot / 2 : x + bw;
            tl_segment(c, cx, ly, nx, ly, th, i + 1 < t->n && long_gap(&ev[i], &ev[i + 1]));
        }
        for (int i = 0; i < t->n; i++) {
            const struct item *it = &t->it[i];
            int ix = x + i * slot;
            tl_dot(c, ix + dot / 2, ly, dot, ev[i].approximate);
            draw_text(&c->d, &it->date, ix, top + t->date_h - it->date.height, t->tw, TYPESET_LEFT,
                      ST_TL_DATE.color);
            int ty = ly + dot / 2 + gd;
            draw_text(&c->d, &it->label, ix, ty, t->tw, TYPESET_LEFT, ST_TL_LABEL.color);
            if (it->src.keep)
                draw_text(&c->d, &it->src, ix, ty + it->label.height + gs, t->tw, TYPESET_LEFT,
                          ST_SMALL.color);
        }
        return;
    }
    /* vertical: the events spread down the height, the line on the left */
    int sum = 0;
    for (int i = 0; i < t->n; i++)
        sum += t->it[i].h;
    int spare = b->h - sum, gap = U(c, 3.0);
    if (t->n > 1)
        gap = draw_max(gap, draw_min(spare / (t->n - 1), U(c, 14.0)));
    int group = sum + gap * (t->n - 1);
    int cy = y + draw_max(0, (b->h - group) * 3 / 10);
    int lx = x + dot / 2, tx = x + U(c, 6.0);
    int *dy = draw_alloc(&c->d, sizeof(int) * (size_t)t->n);
    if (!dy)
        return;
    for (int i = 0, yy = cy; i < t->n; i++) {
        const struct item *it = &t->it[i];
        int first = it->date.keep ? it->date.lh : dot;
        dy[i] = yy + first / 2;
        yy += it->h + gap;
    }
    for (int i = 0; i + 1 < t->n; i++)
        tl_segment(c, lx, dy[i], lx, dy[i + 1], th, long_gap(&ev[i], &ev[i + 1]));
    for (int i = 0; i < t->n; i++) {
        const struct item *it = &t->it[i];
        tl_dot(c, lx, dy[i], dot, ev[i].approximate);
        draw_text(&c->d, &it->date, tx, cy, t->tw, TYPESET_LEFT, ST_TL_DATE.color);
        int ty = cy + it->date.height + gs;
        draw_text(&c->d, &it->label, tx, ty, t->tw, TYPESET_LEFT, ST_TL_LABEL.color);
        if (it->src.keep)
            draw_text(&c->d, &it->src, tx, ty + it->label.height + gs, t->tw, TYPESET_LEFT,
                      ST_SMALL.color);
        cy += it->h + gap;
    }
}

static void layout_timeline(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    int hw = text_col(c, g);
    int bottom = place_cites(c, g, g->x0, hw);
    static struct column zero;
    struct column col = zero;
    add_chapter(c, &col)->w = hw;
    add_text(&col, p->heading, &c->heading, U(c, 1.2), 3, "heading")->w = hw;
    add_text(&col, p->body, &c->body, U(c, 2.5), 4, "body")->w = hw;
    struct block *tl = add(&col, BK_TIMELINE, U(c, 4.0));
    tl->flex = 1;
    tl->name = "timeline";
    add_note(c, &col, U(c, 3.0));
    col.b[col.n - 1].w = hw;
    column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
}

/* A compare panel's values as bars from a common zero, each with its
 * number at its end and its sources below: the disagreement is the
 * difference in length. */
static int values_measure(struct ctx *c, struct items *t, int px, int bw)
{
    int ok = 1, sum = 0;
    int npx = scaled(px, &ST_VAL_NUMBER, &ST_TL_LABEL);
    t->bar_h = draw_max(4, scaled(px,
                                  &(const struct style){FACE_SANS, t->vertical ? 6.0 : 4.5, 0, 0,
                                                        COLOR_TEXT, 0, 1.0},
                                  &ST_TL_LABEL));
    t->num_w = 0;
    t->bad_item = -1;
    for (int i = 0; i < t->n; i++) {
        struct item *it = &t->it[i];
        if (set_item(c, t, i, &ST_VAL_NUMBER, px, bw, 1) != 0)
            ok = 0;
        typeset_set_px(&it->date, npx);
        typeset_one_line(&it->date, npx, bw);
        if (it->date.keep)
            t->num_w = draw_max(t->num_w, it->date.lines[0].w);
        int row = draw_max(t->bar_h, it->date.lh);
        it->h =
            it->label.height + U(c, 1.0) + row + (it->src.keep ? U(c, 0.8) + it->src.height : 0);
        sum += it->h;
    }
    t->bar_max = bw - t->num_w - U(c, 2.0) - draw_max(2, U(c, 0.3));
    if (t->bar_max < bw / 4)
        ok = 0;
    t->content_h = sum + (t->n - 1) * U(c, t->vertical ? 5.0 : 3.5);
    return ok ? t->content_h : -1;
}

static void values_fit(struct ctx *c, struct block *b, int bw, int avail)
{
    const struct panel *p = c->p;
    int n = p->n_values;
    struct items *t = items_block(c, b, n, p->values);
    if (!t)
        return;
    for (int i = 0; i < n; i++) {
        const struct panel_value *v = &p->values[i];
        const char *num = number_text(c, NULL, &v->value, v->decimals, NULL);
        if (!num || prepare_item(c, &t->it[i], num, &ST_VAL_NUMBER, v->label,
                                 item_sources(c, v->cites, v->n_cites))) {
            b->skip = 1;
            return;
        }
    }
    int dpx = design_px(c, &ST_TL_LABEL), fpx = floor_px(c, &ST_TL_LABEL), px = dpx;
    if (t->vertical)
        dpx = px = U(c, 4.0 * c->scale); /* a tall screen has room: larger words, longer bars */
    for (; px >= fpx; px--) {
        int need = values_measure(c, t, px, bw);
        if (need >= 0 && need <= avail)
            break;
    }
    if (px < fpx) {
        px = fpx;
        if (values_measure(c, t, px, bw) < 0 && t->bad_item >= 0)
            items_misfit(c, t, "bars", "value", "number", "shorten that value's words");
        else
            misfit(
                c, "bars", t->content_h - avail,
                "shorten the values' labels, compare fewer values, or shorten the heading and body",
                "at the smallest text size its bars need %d pixels and the space has %d",
                t->content_h, avail);
    }
    t->scale_px = px;
    b->h = draw_min(t->content_h, avail);
}

static void values_emit(struct ctx *c, const struct block *b, int x, int y, int bw)
{
    const struct items *t = b->items;
    const struct panel_value *v = c->p->values;
    if (!t)
        return;
    double most = 0;
    for (int i = 0; i < t->n; i++)
        most = decimal_to_double(&v[i].value) > most ? decimal_to_double(&v[i].value) : most;
    int axis = draw_max(2, U(c, 0.3)), gap = U(c, t->vertical ? 5.0 : 3.5), cy = y;
    for (int i = 0; i < t->n; i++) {
        const struct item *it = &t->it[i];
        draw_text(&c->d, &it->label, x, cy, bw, TYPESET_LEFT, ST_TL_LABEL.color);
        int ry = cy + it->label.height + U(c, 1.0);
        int row = draw_max(t->bar_h, it->date.lh);
        int by = ry + (row - t->bar_h) / 2;
        double vx = decimal_to_double(&v[i].value);
        int len = most > 0 ? (int)lround(vx / most * t->bar_max) : 0;
        if (vx > 0 && len < 2)
            len = 2;
        /* the common zero the bars start from, a tick a little taller than
         * each bar (one rule down the whole chart would cross the labels) */
        int over = draw_max(2, U(c, 0.6));
        push(c, DRAW_RECT, x, by - over, axis, t->bar_h + 2 * over, COLOR_MUTED);
        if (len > 0)
            push(c, DRAW_RECT, x + axis, by, len, t->bar_h, COLOR_ACCENT);
        if (it->date.keep) {
            const struct typeset_line *ln = &it->date.lines[0];
            int nx = x + axis + len + U(c, 1.5);
            struct draw_item *d = push(c, DRAW_TEXT, nx, ry + (row - it->date.lh) / 2, ln->w,
                                       it->date.lh, COLOR_TEXT);
            d->face = ST_VAL_NUMBER.face;
            d->px = it->date.px;
            d->text = ln->s;
            d->len = (size_t)ln->len;
        }
        int sy = ry + row + U(c, 0.8);
        if (it->src.keep)
            draw_text(&c->d, &it->src, x, sy, bw, TYPESET_LEFT, ST_SMALL.color);
        cy += it->h + gap;
    }
}

static void layout_compare(struct ctx *c, const struct page *g)
{
    const struct panel *p = c->p;
    static struct column zero;
    if (!g->landscape) {
        int bottom = place_cites(c, g, g->x0, g->w);
        struct column col = zero;
        add_head(c, &col, 3);
        struct block *vb = add(&col, BK_VALUES, U(c, 5.0));
        vb->name = "bars";
        add_text(&col, p->body, &c->body, U(c, 5.0), 0, "body")->flex = 1;
        add_note(c, &col, U(c, 2.5));
        column_place(c, &col, g->x0, g->y0, g->w, bottom - g->y0, 0);
        return;
    }
    int hw = text_col(c, g);
    int bottom = place_cites(c, g, g->x0, hw);
    int top = place_head(c, g, hw, bottom);
    int h = bottom - top, lw = (g->w - g->gut) * 45 / 100;
    struct column left = zero, right = zero;
    add_text(&left, p->body, &c->body, 0, 0, "body")->flex = 1;
    add_note(c, &left, U(c, 2.5));
    struct block *vb = add(&right, BK_VALUES, 0);
    vb->name = "bars";
    column_place(c, &left, g->x0, top, lw, h, 0);
    column_place(c, &right, g->x0 + lw + g->gut, top, g->w - lw - g->gut, h, 0);
}

static int ctx_init(struct ctx *c, const struct panel *p, const struct layout_screen *screen,
                    const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    c->p = p;
    c->scale = 1.0;
    c->head_px = 0;
    if (draw_ctx_init(&c->d, screen, m, a, out)) {
        snprintf(out->problem, sizeof out->problem, "layout: no screen, measurer or arena");
        return -1;
    }
    return 0;
}

int layout_panel(const struct panel *p, const struct layout_screen *screen,
                 const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    return layout_panel_scaled(p, screen, 1.0, m, a, out);
}

static int layout_at(const struct panel *p, const struct layout_screen *screen, double text_scale,
                     const struct text_measurer *m, struct arena *a, struct draw_list *out);

/* The smallest size of each named text box's lines in l: role[k], px[k],
 * for up to max roles; returns how many. */
static int role_sizes(const struct draw_list *l, const char **role, int *px, int max)
{
    int n = 0;
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        if (it->kind != DRAW_TEXT || !it->role)
            continue;
        int k = 0;
        while (k < n && strcmp(role[k], it->role) != 0)
            k++;
        if (k == n) {
            if (n == max)
                continue;
            role[n] = it->role;
            px[n++] = it->px;
        } else if (it->px < px[k]) {
            px[k] = it->px;
        }
    }
    return n;
}

/* The visitors' larger text never makes a text smaller than it is
 * without it (a box that no longer fits steps its type down, below its
 * normal size on a small screen): the panel is laid out at text_scale,
 * and where some box ends smaller than at 1, at a scale halfway to 1, and
 * so on down to 1 itself. */
int layout_panel_scaled(const struct panel *p, const struct layout_screen *screen,
                        double text_scale, const struct text_measurer *m, struct arena *a,
                        struct draw_list *out)
{
    if (!(text_scale > 1.0) || text_scale > LAYOUT_MAX_TEXT_SCALE || !out || !a)
        return layout_at(p, screen, 1.0, m, a, out);
    struct draw_list base;
    int rc1 = layout_at(p, screen, 1.0, m, a, &base);
    enum { ROLES = 24 };
    const char *r1[ROLES];
    int px1[ROLES], n1 = rc1 == 0 || base.overflow ? role_sizes(&base, r1, px1, ROLES) : 0;
    for (int step = 0; step < 4; step++, text_scale = 1.0 + (text_scale - 1.0) / 2) {
        int rc = layout_at(p, screen, text_scale, m, a, out);
        if (rc != 0 && !out->overflow)
            return rc; /* out of memory, or no panel */
        const char *r[ROLES];
        int px[ROLES], n = role_sizes(out, r, px, ROLES), smaller = 0, larger = 0;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < n1; k++) {
                smaller |= strcmp(r[i], r1[k]) == 0 && px[i] < px1[k];
                larger |= strcmp(r[i], r1[k]) == 0 && px[i] > px1[k];
            }
        if (!smaller && !(rc != 0 && rc1 == 0)) {
            out->larger_refused = !larger;
            return rc;
        }
    }
    *out = base;
    out->larger_refused = 1;
    return rc1;
}

/* ---- every shape of screen ------------------------------------------------ */

/* The share of the screen's long side that a panel's content reaches
 * past its middle on both sides, at least (issue "every shape"). */
#define BALANCE_PAST 0.05
/* A tall screen's eye line, as a share of its height from the top: where
 * a panel's content is centred when it is shorter than the page. */
#define EYE_LINE 0.46

/* Content, not the sources at the panel's foot (on the credits panel the
 * sources are its content). */
static int of_content(const struct ctx *c, const struct draw_item *it)
{
    return c->p->kind == PANEL_CREDITS || !it->role || strcmp(it->role, "source") != 0;
}

/* On a tall screen a panel's chapter line and heading keep the top line
 * every panel shares (nothing jumps while a visitor swipes); the rest
 * moves. The title panel moves whole. */
static int stays_on_top(const struct ctx *c, const struct draw_item *it)
{
    return c->p->kind != PANEL_TITLE && it->role &&
           (strcmp(it->role, "chapter") == 0 || strcmp(it->role, "heading") == 0);
}

/* No half of the screen empty while the other holds the content: the
 * content's boxes (all but its sources) must reach BALANCE_PAST of the long
 * side past the middle line on both sides. On a tall screen what follows
 * the heading, when it ends above that line, is centred on the eye line
 * (EYE_LINE, or lower when it must be to reach past the middle), the
 * heading on the top line and the sources at the foot; on a wide screen
 * a content that ends left of it (a kind or a content no column recipe
 * spreads: the title panel on an ultrawide) is centred across the page.
 * Only ever moved towards the middle, within the page. */
static void balance(struct ctx *c, const struct page *g)
{
    struct draw_list *l = c->d.out;
    int tall = !g->landscape && c->d.H > c->d.W;
    int L = tall ? c->d.H : c->d.W, foot = g->y1;
    int lo = INT32_MAX, hi = INT32_MIN, mlo = INT32_MAX, mhi = INT32_MIN;
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        if (!of_content(c, it)) {
            foot = draw_min(foot, it->r.y);
            continue;
        }
        if (!it->role || it->r.w <= 0 || it->r.h <= 0)
            continue;
        int a = tall ? it->r.y : it->r.x, b = a + (tall ? it->r.h : it->r.w);
        lo = draw_min(lo, a);
        hi = draw_max(hi, b);
        if (tall && !stays_on_top(c, it)) {
            mlo = draw_min(mlo, a);
            mhi = draw_max(mhi, b);
        }
    }
    double past = BALANCE_PAST * L;
    if (lo >= hi || (lo <= L / 2.0 - past && hi >= L / 2.0 + past))
        return;
    int shift;
    if (tall) {
        if (mlo >= mhi)
            return;
        double mid = EYE_LINE * L, h = mhi - mlo;
        if (mid + h / 2 < L / 2.0 + past + 1)
            mid = L / 2.0 + past + 1 - h / 2;
        shift = (int)lround(mid - h / 2) - mlo;
        shift = draw_min(shift, foot - U(c, G_BAND_GAP) - mhi);
    } else {
        shift = (g->x0 + g->x1) / 2 - (lo + hi) / 2;
        shift = draw_min(shift, g->x1 - hi);
    }
    if (shift <= 0)
        return;
    for (int i = 0; i < l->n; i++) {
        struct draw_item *it = &l->items[i];
        if (!of_content(c, it) || (tall && stays_on_top(c, it)))
            continue;
        if (tall)
            it->r.y += shift;
        else
            it->r.x += shift;
    }
}

static int layout_at(const struct panel *p, const struct layout_screen *screen, double text_scale,
                     const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct ctx c;
    if (!out)
        return -1;
    if (ctx_init(&c, p, screen, m, a, out) || !p) {
        if (!p)
            snprintf(out->problem, sizeof out->problem, "layout: no panel");
        return -1;
    }
    if (text_scale >= 1.0 && text_scale <= LAYOUT_MAX_TEXT_SCALE)
        c.scale = text_scale;
    type_scale(&c);
    /* where a figure, a quotation, a timeline or bars are the panel, its heading is a
     * step smaller than a story's (still 1.5 times the text: the text
     * follows the heading, measure_block) */
    if (p->kind == PANEL_STATISTIC || p->kind == PANEL_TIMELINE || p->kind == PANEL_COMPARE ||
        p->kind == PANEL_QUOTE)
        c.heading.size *= G_HEAD_DRAWING;
    struct page g;
    page_make(&c, &g);
    switch (p->kind) {
    case PANEL_TITLE:
        layout_title(&c, &g);
        break;
    case PANEL_STORY:
        layout_story(&c, &g);
        break;
    case PANEL_STATISTIC:
        layout_statistic(&c, &g);
        break;
    case PANEL_QUOTE:
        layout_quote(&c, &g);
        break;
    case PANEL_CREDITS:
        layout_credits(&c, &g);
        break;
    case PANEL_IMAGE:
        layout_image(&c, &g);
        break;
    case PANEL_VIDEO:
        layout_video(&c, &g);
        break;
    case PANEL_TIMELINE:
        layout_timeline(&c, &g);
        break;
    case PANEL_COMPARE:
        layout_compare(&c, &g);
        break;
    default:
        problem(&c, "panel %s has an unknown kind %d", panel_id(&c), (int)p->kind);
        break;
    }
    if (!c.d.oom)
        balance(&c, &g);
    if (c.d.oom) {
        out->overflow = 0;
        snprintf(out->problem, sizeof out->problem, "out of memory laying out panel %s",
                 panel_id(&c));
        return -1;
    }
    if (locale_is_rtl(p->locale))
        layout_mirror(out, screen->w);
    if (p->kind == PANEL_QUOTE && p->quote.language) /* the original in its own direction */
        for (int i = 0; i < out->n; i++)
            if (out->items[i].role && strcmp(out->items[i].role, "original") == 0)
                out->items[i].rtl = (unsigned char)locale_is_rtl(p->quote.language);
    return out->overflow ? -1 : 0;
}

void layout_mirror(struct draw_list *l, int w)
{
    layout_mirror_span(l, 0, w);
}

void layout_mirror_span(struct draw_list *l, int left, int right)
{
    int w = left + right; /* x becomes left + right - x - width */
    for (int i = 0; l && i < l->n; i++) {
        struct draw_item *it = &l->items[i];
        int iw = it->r.w;
        if (it->kind == DRAW_UNITS) { /* as wide as its columns */
            int cols = it->units_cols > 0 ? it->units_cols : it->units_total;
            iw = cols > 0 ? cols * it->cell + (cols - 1) * it->gap : 0;
            if (iw > it->r.w)
                it->r.w = iw;
            iw = it->r.w;
        }
        it->r.x = w - it->r.x - iw;
        it->rtl = !(it->kind == DRAW_TEXT && it->ltr_para);
    }
}

/* ---- chrome ------------------------------------------------------------- */

/* Text on one line at (x, y) in the style of small print, cut with an
 * ellipsis at a character boundary when it is wider than room. */
static void one_line(struct ctx *c, const char *text, const struct style *st, int x, int y,
                     int room)
{
    struct typeset f;
    if (room <= 0 || text_prepare(c, &f, text, st, 1))
        return;
    typeset_one_line(&f, design_px(c, st), room);
    emit_text(c, &f, x, y, room, COLOR_MUTED, NULL);
}

int layout_chrome(const struct layout_screen *screen, int index, int count,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct ctx c;
    static const struct panel none;
    if (!out)
        return -1;
    if (ctx_init(&c, &none, screen, m, a, out))
        return -1;
    if (count < 1)
        count = 1;
    if (index < 0)
        index = 0;
    if (index > count - 1)
        index = count - 1;
    struct page g;
    page_make(&c, &g);
    struct layout_band band = layout_band(screen);
    int th = draw_max(1, U(&c, 0.15));
    int ty = band.rule;
    push(&c, DRAW_RECT, g.x0, ty, g.w, th, COLOR_RULE);
    /* the marker's length shows how much of the exhibit one panel is, but
     * never less than a visible dash */
    int seg = draw_min(g.w, draw_max(U(&c, 4.0), g.w / count));
    int mh = draw_max(3 * th, U(&c, 0.5));
    long long pos = count > 1 ? (long long)(g.w - seg) * index / (count - 1) : 0;
    push(&c, DRAW_RECT, g.x0 + (int)pos, ty + th / 2 - mh / 2, seg, mh, COLOR_ACCENT);

    int px = design_px(&c, &ST_SMALL), lh = m->line_height(m->ctx, ST_SMALL.face, px);
    /* the line under the rule, clear of the bezel's edge */
    int y = draw_min(ty + th / 2 + mh / 2 + U(&c, 0.6), band.safe - lh);
    char num[48];
    int nl = snprintf(num, sizeof num, "%d / %d", index + 1, count);
    char *ns = cat(&c, num, (const char *)NULL);
    int nw = 0;
    if (ns) {
        nw = measure(&c, ST_SMALL.face, px, ns, nl);
        struct draw_item *it = push(&c, DRAW_TEXT, g.x1 - nw, y, nw, lh, COLOR_MUTED);
        it->face = ST_SMALL.face;
        it->px = px;
        it->text = ns;
        it->len = (size_t)nl;
    }
    draw_list_role(out, 0, "chrome");
    if (c.d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out the chrome");
        return -1;
    }
    return 0;
}

/* Captions: the body's size or larger on a large picture, at most three
 * lines, on a band of the panel's background over the foot of the picture
 * (the legibility rules hold for text and background at any theme). */
static const struct style ST_CAPTION = {FACE_SANS, 3.4, 2.0, 0.15, COLOR_TEXT, 0, 1.0};
#define CAPTION_LINES 3

int layout_caption(const struct layout_screen *screen, struct draw_rect r, const char *text,
                   const char *locale, int paused, const struct text_measurer *m, struct arena *a,
                   struct draw_list *out)
{
    struct ctx c;
    struct panel none = {.locale = locale};
    if (!out)
        return -1;
    if (ctx_init(&c, &none, screen, m, a, out))
        return -1;
    if (r.w <= 0 || r.h <= 0)
        return 0;
    int pad = draw_max(2, U(&c, 0.8));
    if (paused) {
        /* a play mark in the middle: a tap plays it again */
        int side = draw_max(U(&c, 9.0), draw_min(r.w, r.h) / 5);
        side = draw_min(side, draw_min(r.w, r.h));
        struct draw_item *bg = push(&c, DRAW_RECT, r.x + (r.w - side) / 2, r.y + (r.h - side) / 2,
                                    side, side, COLOR_BG);
        bg->alpha = 200;
        struct typeset f;
        static const struct style mark = {FACE_SANS, 6.0, 2.0, 0.0, COLOR_ACCENT, 0, 1.0};
        if (text_prepare(&c, &f, "\u25B6", &mark, 1) == 0 && f.nu) {
            typeset_one_line(&f, side * 55 / 100, side);
            int tw = f.keep ? f.lines[0].w : 0;
            draw_text(&c.d, &f, r.x + (r.w - tw) / 2 + side / 24, r.y + (r.h - f.height) / 2,
                      tw + 1, TYPESET_LEFT, COLOR_ACCENT);
        }
        draw_list_role(out, 0, "paused");
    }
    if (has_text(text)) {
        struct typeset f;
        int bw = r.w - 4 * pad;
        int dpx = draw_min(draw_max(design_px(&c, &ST_CAPTION), r.h / 18), r.h / 9);
        int n0 = out->n;
        fit_text_at(&c, &f, text, &ST_CAPTION, dpx, bw, r.h * 45 / 100, CAPTION_LINES, "caption");
        if (f.keep > 0) {
            int tw = 0;
            for (int i = 0; i < f.keep; i++)
                tw = draw_max(tw, f.lines[i].w);
            int bx = r.x + (r.w - tw) / 2 - pad, bh = f.height + 2 * pad;
            int by = r.y + r.h - bh - 2 * pad;
            struct draw_item *bg = push(&c, DRAW_RECT, bx, by, tw + 2 * pad, bh, COLOR_BG);
            bg->alpha = 255; /* opaque: the picture never shows through the words */
            draw_text(&c.d, &f, r.x + 2 * pad, by + pad, bw, TYPESET_CENTER, COLOR_TEXT);
        }
        draw_list_role(out, n0, "caption");
    }
    if (c.d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out a caption");
        return -1;
    }
    return 0;
}

int layout_notice(const struct layout_screen *screen, const char *text,
                  const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct ctx c;
    static const struct panel none;
    if (!out)
        return -1;
    if (ctx_init(&c, &none, screen, m, a, out))
        return -1;
    if (!has_text(text))
        return 0;
    struct page g;
    page_make(&c, &g);
    int px = design_px(&c, &ST_NOTICE), lh = m->line_height(m->ctx, ST_NOTICE.face, px);
    int pad = U(&c, 1.0), band = layout_band(screen).top;
    int h = lh + 2 * pad, y = band - h;
    push(&c, DRAW_RECT, g.x0, y, g.w, h, COLOR_BG);
    push(&c, DRAW_RECT, g.x0, y, draw_max(2, U(&c, 0.35)), h, COLOR_ACCENT);
    size_t n0 = (size_t)out->n;
    one_line(&c, text, &ST_NOTICE, g.x0 + 2 * pad, y + pad, g.w - 3 * pad);
    if (out->n > (int)n0)
        out->items[out->n - 1].color = COLOR_TEXT;
    draw_list_role(out, 0, "notice");
    if (c.d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out a notice");
        return -1;
    }
    return 0;
}
