/* Legibility and reach ("Languages and accessibility", item 5), checked on
 * the draw lists of every panel of the bundled exhibit, at every supported
 * size, in every locale, with the real fonts:
 *
 *   type size   body text at least BODY_MIN of the screen's short side;
 *               every other visitor text (small print: notes, sources,
 *               captions, the chrome, labels) at least SMALL_MIN;
 *   measure     at most LINE_MAX characters (code points) per line of
 *               running text; a panel's sources set on one line (a list
 *               of citations with no next line for the eye to find) are
 *               exempt, and counted apart;
 *   contrast    every text against what is drawn under it (the
 *               background, rects and plates, blended as drawn) at least
 *               CONTRAST_MIN by the WCAG 2.x formula; body text's lowest
 *               is printed against the 7:1 aim;
 *   targets     every touch control at least CONTROL_MIN_MM and
 *               CONTROL_MIN_PX at the kiosk's default DPI, and at least
 *               CONTROL_GAP_MM (less a pixel of rounding) from every
 *               control shown with it;
 *   bezel       no text, figure, chart, picture or visitor control within
 *               EDGE of the width (left, right) or height (top, bottom);
 *   overlap     nothing covers content: no control, invitation or strip
 *               of the overlay (the index and the "still there?" card are
 *               modal and exempt) touches a text, figure, chart or
 *               picture of the panel, with the larger text (A+) too;
 *   larger text A+ never sets a text box smaller than it is without A+.
 *
 * Checked: the panel (layout_panel), the chrome over it (layout_chrome) and
 * the overlay over both (overlay_layout: the loop's invitation, the
 * controls, each control pressed, every page of the chapter index, the
 * countdown card). The staff keypad and screen are checked for target size
 * and gaps only (staff are not visitors, docs/decisions.md). Every
 * violation is printed with the panel, size, locale, the item's text and
 * the measured value; the test fails when there is any. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/gesture.h"
#include "app/visitor/layout.h"
#include "app/visitor/locale_rules.h"
#include "app/visitor/mode.h"
#include "app/visitor/overlay.h"
#include "app/visitor/ui_strings.h"
#include "content/arena.h"
#include "content/panel.h"
#include "content/store.h"

#include "exhibit_testing.h"
#include "languages_testing.h"

#define BODY_MIN 0.022  /* of the short side */
#define SMALL_MIN 0.016 /* of the short side */
#define LINE_MAX 70     /* code points */
#define CONTRAST_MIN 4.5
#define CONTRAST_AIM 7.0 /* body text: printed, not enforced */
#define EDGE 0.03        /* of the width, of the height */

enum rule { R_SIZE, R_MEASURE, R_CONTRAST, R_TARGET, R_GAP, R_EDGE, R_OVERLAP, R_LARGER, R_COUNT };
static const char *const rule_names[R_COUNT] = {"type size",   "line length", "contrast",
                                                "target size", "target gap",  "bezel",
                                                "overlap",     "larger text"};

static int violations[R_COUNT];

/* What is being checked, for the messages. */
struct where {
    const char *what; /* "panel", "chrome", "overlay (index page 2)" */
    const char *panel;
    const char *locale;
    int W, H;
};

/* Per size: the figures printed after the checks. */
struct figures {
    double body_min, small_min; /* of the short side */
    int longest_line;
    double contrast_min, body_contrast_min;
    double target_min;             /* px */
    double gap_min;                /* px */
    double edge_min_x, edge_min_y; /* fraction of W, H */
};

static void figures_reset(struct figures *f)
{
    f->body_min = f->small_min = 1;
    f->longest_line = 0;
    f->contrast_min = f->body_contrast_min = 21;
    f->target_min = f->gap_min = 1e9;
    f->edge_min_x = f->edge_min_y = 1;
}

/* 1 the first time key is seen (FNV-1a hashes in an open table; a full
 * table says yes). */
static int first_time(const char *key)
{
    static uint64_t seen[1 << 15];
    uint64_t h = 1469598103934665603u;
    for (const char *k = key; *k; k++)
        h = (h ^ (unsigned char)*k) * 1099511628211u;
    h |= 1;
    for (size_t i = h & ((1u << 15) - 1), n = 0; n < (1u << 15);
         i = (i + 1) & ((1u << 15) - 1), n++) {
        if (seen[i] == h)
            return 0;
        if (seen[i] == 0) {
            seen[i] = h;
            return 1;
        }
    }
    return 1;
}

static void violation(enum rule r, const struct where *w, const struct draw_item *it,
                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void violation(enum rule r, const struct where *w, const struct draw_item *it,
                      const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    violations[r]++;
    int shown = it && it->text ? (int)(it->len > 40 ? 40 : it->len) : 0;
    /* the overlay and the chrome repeat over every panel: each of their
     * violations is printed once */
    char key[512];
    snprintf(key, sizeof key, "%d %s %s %dx%d %.*s %d %d %d %d %s", (int)r, w->what,
             w->locale ? w->locale : "-", w->W, w->H, shown, shown ? it->text : "",
             it ? it->r.x : 0, it ? it->r.y : 0, it ? it->r.w : 0, it ? it->r.h : 0,
             strcmp(w->what, "panel") == 0 ? w->panel : "");
    if (!first_time(key))
        return;
    print_error("%s: %s of panel %s (%s) at %dx%d: %s%.*s%s (%d,%d %dx%d): %s\n", rule_names[r],
                w->what, w->panel ? w->panel : "-", w->locale ? w->locale : "-", w->W, w->H,
                shown ? "\"" : "", shown, shown ? it->text : "", shown ? "\"" : "",
                it ? it->r.x : 0, it ? it->r.y : 0, it ? it->r.w : 0, it ? it->r.h : 0, msg);
}

/* ---- colour ---------------------------------------------------------------- */

static double channel(uint32_t c, int shift)
{
    double v = (double)((c >> shift) & 0xFF) / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* WCAG 2.x relative luminance of 0xRRGGBB. */
static double luminance(uint32_t c)
{
    return 0.2126 * channel(c, 16) + 0.7152 * channel(c, 8) + 0.0722 * channel(c, 0);
}

static double contrast(uint32_t a, uint32_t b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* src at alpha over dst, per channel in sRGB values, as SDL blends. */
static uint32_t blend(uint32_t src, uint8_t alpha, uint32_t dst)
{
    uint32_t out = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        double s = (src >> shift) & 0xFF, d = (dst >> shift) & 0xFF;
        uint32_t v = (uint32_t)lround((s * alpha + d * (255 - alpha)) / 255.0);
        out |= v << shift;
    }
    return out;
}

/* The colours a text may have under it: a small set. */
#define MAX_UNDER 24
struct under {
    uint32_t c[MAX_UNDER];
    int n;
};

static void under_add(struct under *u, uint32_t c)
{
    for (int i = 0; i < u->n; i++)
        if (u->c[i] == c)
            return;
    if (u->n < MAX_UNDER)
        u->c[u->n++] = c;
}

static int overlaps(const struct draw_rect *a, const struct draw_rect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int covers(const struct draw_rect *outer, const struct draw_rect *in)
{
    return outer->x <= in->x && outer->y <= in->y && outer->x + outer->w >= in->x + in->w &&
           outer->y + outer->h >= in->y + in->h;
}

/* What lies under `r` after item `it` is drawn. */
static void under_apply(struct under *u, const struct draw_item *it, const struct draw_rect *r)
{
    if (!overlaps(&it->r, r) || it->alpha == 0)
        return;
    uint32_t col = layout_color(it->color);
    struct under was = *u;
    switch (it->kind) {
    case DRAW_RECT:
        if (covers(&it->r, r))
            u->n = 0;
        for (int i = 0; i < was.n; i++)
            under_add(u, blend(col, it->alpha, was.c[i]));
        break;
    case DRAW_TEXT:
    case DRAW_FIGURE:
        for (int i = 0; i < was.n; i++)
            under_add(u, blend(col, it->alpha, was.c[i]));
        break;
    case DRAW_UNITS:
        for (int i = 0; i < was.n; i++) {
            under_add(u, blend(col, it->alpha, was.c[i]));
            under_add(u, blend(layout_color(it->lit_color), it->alpha, was.c[i]));
        }
        break;
    case DRAW_IMAGE:
    case DRAW_VIDEO:
        break; /* a photo's colours are not known here; no text is laid over one */
    }
}

/* The layers drawn, bottom first: the panel, the chrome, the overlay. */
struct stack {
    const struct draw_list *l[3];
    int n;
};

/* The lowest contrast of item `idx` of the top layer against what is under
 * it. */
static double item_contrast(const struct stack *s, int idx)
{
    const struct draw_list *top = s->l[s->n - 1];
    const struct draw_item *t = &top->items[idx];
    struct under u = {{layout_color(COLOR_BG)}, 1};
    for (int k = 0; k < s->n; k++) {
        int end = k == s->n - 1 ? idx : s->l[k]->n;
        for (int i = 0; i < end; i++)
            under_apply(&u, &s->l[k]->items[i], &t->r);
    }
    double worst = 21;
    for (int i = 0; i < u.n; i++) {
        double c = contrast(blend(layout_color(t->color), t->alpha, u.c[i]), u.c[i]);
        if (c < worst)
            worst = c;
    }
    return worst;
}

/* ---- text roles ------------------------------------------------------------ */

/* s with every run of whitespace collapsed to one space, in `a` ("" for
 * NULL). */
static char *collapse(struct arena *a, const char *s)
{
    size_t n = s ? strlen(s) : 0, o = 0;
    char *d = arena_alloc(a, n + 1);
    assert_non_null(d);
    for (size_t i = 0; i < n; i++) {
        int sp = s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r';
        if (sp && (o == 0 || d[o - 1] == ' '))
            continue;
        d[o++] = sp ? ' ' : s[i];
    }
    d[o] = '\0';
    return d;
}

static char *join3(struct arena *a, const char *x, const char *y, const char *z)
{
    size_t n = strlen(x) + strlen(y) + strlen(z) + 1;
    char *d = arena_alloc(a, n);
    assert_non_null(d);
    snprintf(d, n, "%s%s%s", x, y, z);
    return d;
}

/* The panel's running text (what a visitor reads at length): the body (a
 * title panel's subtitle, a story's text, a statistic's or an image's
 * commentary, a credits panel's thanks) and a quotation. Everything else a
 * panel shows is either display type (headings, figures, much larger) or
 * small print (chapter line, note, sources, caption, speaker's role,
 * context, chart labels). */
struct roles {
    const char *body[2];
    const char *other[16];
    int n_other;
};

static void roles_of(struct arena *a, const struct panel *p, struct roles *r)
{
    memset(r, 0, sizeof *r);
    r->body[0] = collapse(a, p->body);
    struct locale_quote q;
    locale_quote_marks(p->locale, 0, &q);
    r->body[1] = p->quote.text ? collapse(a, join3(a, q.open, p->quote.text, q.close)) : "";
    const char *others[] = {p->chapter,       p->heading,      p->note,
                            p->quote.speaker, p->quote.role,   p->quote.context,
                            p->image.alt,     p->figure.label, p->figure.part_of_label};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        r->other[r->n_other++] = collapse(a, others[i]);
}

/* 1 when the line is running text: part of the body or quotation and of
 * no other field (a short line such as "the" may be either; the other
 * lines of its box decide). */
static int is_body_line(struct arena *a, const struct roles *r, const struct draw_item *it)
{
    char *line = arena_strndup(a, it->text, it->len);
    assert_non_null(line);
    char *t = collapse(a, line);
    size_t n = strlen(t);
    while (n > 0 && t[n - 1] == ' ')
        t[--n] = '\0';
    if (n == 0)
        return 0;
    if (!strstr(r->body[0], t) && !strstr(r->body[1], t))
        return 0;
    for (int i = 0; i < r->n_other; i++)
        if (strstr(r->other[i], t))
            return 0;
    return 1;
}

static int codepoints(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

/* ---- the checks on one layer ----------------------------------------------- */

static int is_content(const struct draw_item *it)
{
    return it->kind == DRAW_TEXT || it->kind == DRAW_FIGURE || it->kind == DRAW_UNITS ||
           it->kind == DRAW_IMAGE;
}

static void check_edge(const struct where *w, const struct draw_item *it, struct draw_rect r,
                       struct figures *fg)
{
    double ex = EDGE * w->W, ey = EDGE * w->H;
    double dx = fmin(r.x, w->W - (r.x + r.w)), dy = fmin(r.y, w->H - (r.y + r.h));
    fg->edge_min_x = fmin(fg->edge_min_x, dx / w->W);
    fg->edge_min_y = fmin(fg->edge_min_y, dy / w->H);
    if (dx < ex || dy < ey)
        violation(R_EDGE, w, it, "%.0f px from the side, %.0f from the top or bottom (%.0f, %.0f)",
                  dx, dy, ceil(ex), ceil(ey));
}

/* A panel's sources line: it begins with the language's label for them
 * ("Sources:", "Sources :") and has every citation on it. */
static int is_sources_line(const struct where *w, const struct draw_item *it)
{
    const char *labels[2] = {ui_string(w->locale, UI_SOURCE), ui_string(w->locale, UI_SOURCES)};
    for (int k = 0; k < 2; k++) {
        size_t n = strlen(labels[k]);
        if (it->kind == DRAW_TEXT && it->len > n && strncmp(it->text, labels[k], n) == 0)
            return 1;
    }
    return 0;
}

/* The top layer of s: type size, line length, contrast, bezel. roles: the
 * panel's (NULL: no running text in this layer). */
static void check_layer(const struct where *w, const struct stack *s, struct arena *a,
                        const struct roles *roles, struct figures *fg)
{
    const struct draw_list *l = s->l[s->n - 1];
    double short_side = w->W < w->H ? w->W : w->H;
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        if (!is_content(it))
            continue;
        check_edge(w, it, it->r, fg);
        if (it->kind != DRAW_TEXT && it->kind != DRAW_FIGURE)
            continue;
        int body = it->kind == DRAW_TEXT && roles && is_body_line(a, roles, it);
        double size = it->px / short_side, min = body ? BODY_MIN : SMALL_MIN;
        if (body)
            fg->body_min = fmin(fg->body_min, size);
        else
            fg->small_min = fmin(fg->small_min, size);
        if (size < min)
            violation(R_SIZE, w, it, "%s at %d px = %.2f%% of %d px, needs %.1f%% (%.0f px)",
                      body ? "body text" : "text", it->px, 100 * size, (int)short_side, 100 * min,
                      ceil(min * short_side));
        int chars = codepoints(it->text, it->len);
        if (is_sources_line(w, it))
            chars = 0;
        if (chars > fg->longest_line)
            fg->longest_line = chars;
        if (chars > LINE_MAX)
            violation(R_MEASURE, w, it, "%d characters on the line (%s, %d px), at most %d", chars,
                      body ? "body" : "other", it->px, LINE_MAX);
        double c = item_contrast(s, i);
        fg->contrast_min = fmin(fg->contrast_min, c);
        if (body)
            fg->body_contrast_min = fmin(fg->body_contrast_min, c);
        if (c < CONTRAST_MIN)
            violation(R_CONTRAST, w, it, "contrast %.2f:1, needs %.1f:1", c, CONTRAST_MIN);
    }
}

/* ---- touch targets ----------------------------------------------------------- */

static double mm_px(double mm)
{
    return mm * GESTURE_DEFAULT_DPI / 25.4;
}

/* Sizes and gaps of the controls of one layer; bezel too when visitor. */
static void check_targets(const struct where *w, const struct control *cs, int n,
                          enum control_layer layer, int visitor, struct figures *fg)
{
    const struct layout_screen scr = mode_layout_screen(w->W, w->H, 0);
    double min = fmax(mm_px(CONTROL_MIN_MM), CONTROL_MIN_PX);
    double gap = mm_px(CONTROL_GAP_MM) - 1; /* less a pixel of rounding */
    for (int i = 0; i < n; i++) {
        if (cs[i].layer != layer)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, &cs[i]);
        struct draw_item it = {.kind = DRAW_RECT, .r = r};
        fg->target_min = fmin(fg->target_min, fmin(r.w, r.h));
        if (r.w < min || r.h < min)
            violation(R_TARGET, w, &it, "control %s is %dx%d px, needs %.0f px (%.0f mm)",
                      mode_action_name(cs[i].act), r.w, r.h, ceil(min), CONTROL_MIN_MM);
        if (visitor)
            check_edge(w, &it, r, fg);
        for (int j = i + 1; j < n; j++) {
            if (cs[j].layer != layer)
                continue;
            struct draw_rect q = overlay_control_rect(&scr, &cs[j]);
            int dx = r.x > q.x ? r.x - (q.x + q.w) : q.x - (r.x + r.w);
            int dy = r.y > q.y ? r.y - (q.y + q.h) : q.y - (r.y + r.h);
            int d = dx > dy ? dx : dy;
            fg->gap_min = fmin(fg->gap_min, d);
            if (d < gap)
                violation(R_GAP, w, &it, "control %s is %d px from %s, needs %.0f px (%.0f mm)",
                          mode_action_name(cs[i].act), d, mode_action_name(cs[j].act), ceil(gap),
                          CONTROL_GAP_MM);
        }
    }
}

/* ---- the exhibit --------------------------------------------------------------- */

struct exhibit_ui {
    struct store_chapter *chapters;
    int n_chapters;
    int chapter_first[MODE_MAX_CHAPTERS * 4];
    const char *titles[MODE_MAX_CHAPTERS * 4];
};

static void load_chapters(const char *locale, struct arena *a, struct exhibit_ui *ui)
{
    char why[256];
    assert_int_equal(store_chapters(fx.store, locale, a, &ui->chapters, &ui->n_chapters,
                                    fx.info.n_panels, why, sizeof why),
                     0);
    assert_true(ui->n_chapters <= MODE_MAX_CHAPTERS * 4);
    for (int i = 0; i < ui->n_chapters; i++) {
        ui->chapter_first[i] = ui->chapters[i].first_panel;
        ui->titles[i] = ui->chapters[i].title;
    }
}

struct view {
    enum mode_state state;
    int index_open, pressed;
    const char *what;
};

/* The smallest size of the lines of role in l (0 when it has none). */
static int role_min_px(const struct draw_list *l, const char *role)
{
    int px = 0;
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        if (it->kind == DRAW_TEXT && it->role && strcmp(it->role, role) == 0 &&
            (px == 0 || it->px < px))
            px = it->px;
    }
    return px;
}

/* The larger text (A+) never sets a text box smaller than without it:
 * each named box's smallest line is at least as large. */
static void check_larger(const struct where *w, const struct draw_list *normal,
                         const struct draw_list *larger)
{
    for (int i = 0; i < larger->n; i++) {
        const struct draw_item *a = &larger->items[i];
        if (a->kind != DRAW_TEXT || !a->role)
            continue;
        int with = role_min_px(larger, a->role), without = role_min_px(normal, a->role);
        if (a->px == with && without && with < without) {
            violation(R_LARGER, w, a, "%s at %d px with A+, %d px without", a->role, with, without);
            return;
        }
    }
}

/* Nothing covers content: no item of an overlay that is not modal (the
 * loop's invitation, the controls, a control pressed, the strip under the
 * bar) touches a text, figure, chart or picture of the panel. The chapter
 * index and the "still there?" card are modal: they dim the panel on
 * purpose, and the panel goes on when they close. */
static void check_covers(const struct where *w, const struct draw_list *panel,
                         const struct draw_list *ov)
{
    for (int i = 0; i < ov->n; i++) {
        struct draw_rect o = ov->items[i].r;
        for (int k = 0; k < panel->n; k++) {
            const struct draw_item *c = &panel->items[k];
            if (!is_content(c))
                continue;
            if (o.x < c->r.x + c->r.w && c->r.x < o.x + o.w && o.y < c->r.y + c->r.h &&
                c->r.y < o.y + o.h)
                violation(R_OVERLAP, w, c, "covered by the overlay at (%d,%d %dx%d)", o.x, o.y, o.w,
                          o.h);
        }
    }
}

/* The overlay in each of its states over panel and chrome. */
static void check_overlay(struct where *w, const struct draw_list *panel,
                          const struct draw_list *larger, const struct draw_list *chrome,
                          const struct exhibit_ui *ui, int loc, int index, struct arena *a,
                          struct figures *fg)
{
    const struct control_screen cs = {w->W, w->H, 0};
    const struct layout_screen scr = mode_layout_screen(w->W, w->H, 0);
    int pages = mode_index_pages(&cs, ui->n_chapters);
    for (int page = 0; page < pages; page++) {
        struct control_spec spec = {fx.info.n_locales, ui->n_chapters, ui->chapter_first, page, 1};
        struct control controls[MODE_MAX_CONTROLS];
        int n = mode_controls_layout(&cs, &spec, controls, MODE_MAX_CONTROLS);
        assert_true(n > 0);
        struct overlay_info info = {
            .locale = fx.info.locales[loc],
            .panel = index,
            .n_panels = fx.info.n_panels,
            .chapters = ui->titles,
            .n_chapters = ui->n_chapters,
            .current_chapter = 0,
            .index_page = page,
            .index_pages = pages,
            .locale_names = fx.info.locale_names,
            .n_locales = fx.info.n_locales,
            .current_locale = loc,
            .locale_codes = fx.info.locales,
        };
        struct view views[MODE_MAX_CONTROLS + 4];
        int nv = 0;
        if (page == 0) {
            views[nv++] = (struct view){MODE_LOOP, 0, -1, "overlay (loop)"};
            views[nv++] = (struct view){MODE_INTERACTIVE, 0, -1, "overlay (controls)"};
            views[nv++] = (struct view){MODE_COUNTDOWN, 0, -1, "overlay (countdown)"};
        }
        views[nv++] = (struct view){MODE_INTERACTIVE, 1, -1, "overlay (index)"};
        for (int i = 0; i < n; i++)
            views[nv++] = (struct view){MODE_INTERACTIVE, controls[i].layer == CONTROL_INDEX, i,
                                        "overlay (a control pressed)"};
        for (int v = 0; v < nv; v++) {
            if (views[v].index_open == 0 && page > 0)
                continue;
            struct mode_view mv = {
                views[v].state, views[v].index_open, 10, 0, 0, views[v].pressed, 0};
            struct draw_list ov;
            assert_int_equal(overlay_layout(&scr, controls, n, &mv, &info, fx.m, a, &ov), 0);
            struct stack st = {{panel, chrome, &ov}, 3};
            w->what = views[v].what;
            check_layer(w, &st, a, NULL, fg);
            if (!views[v].index_open && views[v].state != MODE_COUNTDOWN) {
                check_covers(w, panel, &ov);
                if (larger)
                    check_covers(w, larger, &ov);
            }
        }
        w->what = "controls";
        if (page == 0)
            check_targets(w, controls, n, CONTROL_MAIN, 1, fg);
        check_targets(w, controls, n, CONTROL_INDEX, 1, fg);
    }
}

static void check_staff(struct where *w, struct figures *fg)
{
    const struct control_screen cs = {w->W, w->H, 0};
    struct control controls[MODE_MAX_CONTROLS];
    w->what = "staff keypad";
    int n = mode_staff_keypad_layout(&cs, controls, MODE_MAX_CONTROLS);
    assert_true(n > 0);
    check_targets(w, controls, n, CONTROL_STAFF, 0, fg);
    for (int rb = 0; rb <= 1; rb++) {
        w->what = "staff screen";
        n = mode_staff_screen_layout(&cs, rb, controls, MODE_MAX_CONTROLS);
        assert_true(n > 0);
        check_targets(w, controls, n, CONTROL_STAFF, 0, fg);
    }
}

static void every_panel_is_legible_and_within_reach(void **state)
{
    (void)state;
    assert_true(fx.info.n_panels > 0);
    assert_true(fx.info.n_locales > 1); /* English and French */
    struct arena a, ca, oa;
    arena_init(&a, 64 * 1024);
    arena_init(&ca, 16 * 1024);
    arena_init(&oa, 64 * 1024);
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        struct figures fg;
        figures_reset(&fg);
        for (int loc = 0; loc < fx.info.n_locales; loc++) {
            const char *locale = fx.info.locales[loc];
            struct arena ua;
            arena_init(&ua, 16 * 1024);
            struct exhibit_ui ui;
            load_chapters(locale, &ua, &ui);
            for (int i = 0; i < fx.info.n_panels; i++) {
                char why[512] = "";
                struct panel p;
                arena_reset(&a);
                arena_reset(&ca);
                if (store_panel_load(fx.store, i, locale, &a, &p, why, sizeof why) != 0) {
                    print_error("panel %d (%s): %s\n", i + 1, locale, why);
                    fail();
                }
                struct where w = {"panel", p.id, locale, W, H};
                struct draw_list list, chrome;
                assert_int_equal(layout_panel(&p, &screen, fx.m, &a, &list), 0);
                struct roles roles;
                roles_of(&a, &p, &roles);
                struct stack st = {{&list}, 1};
                check_layer(&w, &st, &a, &roles, &fg);

                assert_int_equal(layout_chrome(&screen, i, fx.info.n_panels, fx.m, &ca, &chrome),
                                 0);
                w.what = "chrome";
                st = (struct stack){{&list, &chrome}, 2};
                check_layer(&w, &st, &a, NULL, &fg);

                /* with the visitors' larger text too (A+) */
                struct draw_list larger; /* drawable even where it overflows */
                if (layout_panel_scaled(&p, &screen, LAYOUT_LARGER_TEXT, fx.m, &ca, &larger) != 0)
                    assert_true(larger.overflow);
                w.what = "panel with A+";
                check_larger(&w, &list, &larger);
                arena_reset(&oa);
                check_overlay(&w, &list, &larger, &chrome, &ui, loc, i, &oa, &fg);
            }
            arena_free(&ua);
        }
        struct where w = {"staff", NULL, NULL, W, H};
        check_staff(&w, &fg);
        printf("%dx%d: body text >= %.2f%%, other text >= %.2f%% of the short side; lines <= %d "
               "characters; contrast >= %.1f:1 (body >= %.1f:1, aim %.0f:1); targets >= %.0f px, "
               "gaps >= %.0f px; nothing nearer the edges than %.1f%% (sides), %.1f%% (top, "
               "bottom)\n",
               W, H, 100 * fg.body_min, 100 * fg.small_min, fg.longest_line, fg.contrast_min,
               fg.body_contrast_min, CONTRAST_AIM, fg.target_min, fg.gap_min, 100 * fg.edge_min_x,
               100 * fg.edge_min_y);
    }
    arena_free(&oa);
    arena_free(&ca);
    arena_free(&a);
    int total = 0;
    for (int r = 0; r < R_COUNT; r++) {
        if (violations[r])
            print_error("%d %s violation(s)\n", violations[r], rule_names[r]);
        total += violations[r];
    }
    assert_int_equal(total, 0);
}

/* ---- the language picker ------------------------------------------------------ */

/* Every text of the picker inside a button of it, whole (no ellipsis),
 * and no two buttons' texts on one another; the mark over the grid is
 * the one text outside. */
static void check_picker_texts(const struct where *w, const struct draw_list *ov,
                               const struct control *cs, int n)
{
    const struct layout_screen scr = mode_layout_screen(w->W, w->H, 0);
    int outside = 0;
    for (int i = 0; i < ov->n; i++) {
        const struct draw_item *it = &ov->items[i];
        if (it->kind != DRAW_TEXT)
            continue;
        for (size_t k = 0; k + 3 <= it->len; k++)
            if (memcmp(it->text + k, "\xE2\x80\xA6", 3) == 0)
                violation(R_MEASURE, w, it, "a language's name cut");
        int owner = -1;
        for (int k = 0; k < n; k++) {
            struct draw_rect b = overlay_control_rect(&scr, &cs[k]);
            if (cs[k].layer == CONTROL_LANGUAGES && covers(&b, &it->r))
                owner = k;
        }
        outside += owner < 0;
        for (int j = 0; j < i; j++) {
            const struct draw_item *o = &ov->items[j];
            if (o->kind == DRAW_TEXT && overlaps(&o->r, &it->r) && o->r.y == it->r.y)
                violation(R_OVERLAP, w, it, "on another text of the picker");
        }
    }
    if (outside != 1)
        violation(R_OVERLAP, w, NULL, "%d texts of the picker outside its buttons", outside);
}

/* The language picker with 3, 9 and 24 languages, each in its own name
 * and script, with the real fonts, at the sizes the issue names: its
 * buttons' size, gaps and bezel, every text's size, contrast and bezel,
 * the names whole inside their buttons, the current one and one pressed;
 * and the bar's button that opens it. */
static void the_language_picker_is_legible(void **state)
{
    (void)state;
    static const struct {
        int w, h;
    } six[] = {{800, 480}, {1366, 768}, {1920, 1080}, {1080, 1920}, {2560, 1080}, {3840, 2160}};
    static const int counts[] = {3, 9, 24};
    int before = 0;
    for (int r = 0; r < R_COUNT; r++)
        before += violations[r];
    struct arena a;
    arena_init(&a, 64 * 1024);
    for (size_t s = 0; s < sizeof six / sizeof six[0]; s++) {
        struct figures fg;
        figures_reset(&fg);
        int W = six[s].w, H = six[s].h;
        const struct control_screen cs = {W, H, 0};
        const struct layout_screen scr = mode_layout_screen(W, H, 0);
        for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
            struct control_spec spec = {counts[k], 0, NULL, 0, 1};
            struct control controls[MODE_MAX_CONTROLS];
            int n = mode_controls_layout(&cs, &spec, controls, MODE_MAX_CONTROLS);
            int shown = 0, pick = -1;
            for (int i = 0; i < n; i++)
                if (controls[i].layer == CONTROL_LANGUAGES && controls[i].act == ACT_LANGUAGE) {
                    shown++;
                    pick = i;
                }
            assert_int_equal(shown, counts[k]);
            struct overlay_info info = {
                .locale = "en",
                .n_panels = 3,
                .locale_names = names24,
                .n_locales = counts[k],
                .current_locale = counts[k] / 2,
                .locale_codes = codes24,
            };
            struct where w = {"overlay (languages)", NULL, "en", W, H};
            const int pressed[] = {-1, pick};
            for (int open = 0; open <= 1; open++)
                for (int p = 0; p < 2; p++) {
                    struct mode_view mv = {.state = MODE_INTERACTIVE,
                                           .pressed = open ? pressed[p] : -1,
                                           .languages_open = open};
                    struct draw_list none = {0}, ov;
                    arena_reset(&a);
                    assert_int_equal(overlay_layout(&scr, controls, n, &mv, &info, fx.m, &a, &ov),
                                     0);
                    w.what = open ? "overlay (languages)" : "overlay (controls)";
                    struct stack st = {{&none, &ov}, 2};
                    check_layer(&w, &st, &a, NULL, &fg);
                    if (open)
                        check_picker_texts(&w, &ov, controls, n);
                }
            w.what = "controls";
            check_targets(&w, controls, n, CONTROL_MAIN, 1, &fg);
            check_targets(&w, controls, n, CONTROL_LANGUAGES, 1, &fg);
        }
        printf("%dx%d, the language picker with 3, 9 and 24 languages: text >= %.2f%% of the "
               "short side; contrast >= %.1f:1; targets >= %.0f px, gaps >= %.0f px; nothing "
               "nearer the edges than %.1f%% (sides), %.1f%% (top, bottom)\n",
               W, H, 100 * fg.small_min, fg.contrast_min, fg.target_min, fg.gap_min,
               100 * fg.edge_min_x, 100 * fg.edge_min_y);
    }
    arena_free(&a);
    int after = 0;
    for (int r = 0; r < R_COUNT; r++)
        after += violations[r];
    assert_int_equal(after, before);
}

/* The checker itself: the WCAG formula's known values, and a blend. */
static void contrast_follows_wcag(void **state)
{
    (void)state;
    assert_true(fabs(contrast(0xFFFFFF, 0x000000) - 21.0) < 1e-9);
    assert_true(fabs(contrast(0x777777, 0xFFFFFF) - 4.48) < 0.01);
    assert_true(fabs(contrast(0x767676, 0xFFFFFF) - 4.54) < 0.01);
    assert_int_equal(blend(0xFFFFFF, 255, 0x000000), 0xFFFFFF);
    assert_int_equal(blend(0xFFFFFF, 0, 0x123456), 0x123456);
    assert_int_equal(blend(0xFF0000, 128, 0x000000), 0x800000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(contrast_follows_wcag),
        cmocka_unit_test(every_panel_is_legible_and_within_reach),
        cmocka_unit_test(the_language_picker_is_legible),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
