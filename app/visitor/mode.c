/* mode.c - the interaction modes (mode.h) as a table of transitions, the
 * control layout and the index pages. Pure: time is an argument. */
#include "mode.h"

#include <math.h>
#include <string.h>

#include "layout.h"

/* Where a gesture or key is interpreted: the mode, with the index overlay
 * and the language picker counted as modes of their own. */
enum mode_ctx { CTX_LOOP, CTX_INTERACTIVE, CTX_INDEX, CTX_COUNTDOWN, CTX_LANGUAGES };

enum region { REGION_ANY, REGION_CONTROL, REGION_OUTSIDE };

#define DIR_ANY (-1)

struct gesture_bind {
    enum mode_ctx ctx;
    enum gesture_kind gesture;
    int dir; /* enum gesture_dir or DIR_ANY */
    enum region region;
    enum action act;
};

/* First match wins; no match: the gesture only counts as activity. */
static const struct gesture_bind gesture_binds[] = {
    {CTX_LOOP, GESTURE_PRESS, DIR_ANY, REGION_ANY, ACT_WAKE},
    {CTX_COUNTDOWN, GESTURE_PRESS, DIR_ANY, REGION_ANY, ACT_STILL_HERE},

    {CTX_INTERACTIVE, GESTURE_TAP, DIR_ANY, REGION_CONTROL, ACT_CONTROL},
    /* on the panel itself: a video panel's clip pauses or plays */
    {CTX_INTERACTIVE, GESTURE_TAP, DIR_ANY, REGION_OUTSIDE, ACT_PLAY_PAUSE},
    {CTX_INTERACTIVE, GESTURE_DRAG_START, DIR_ANY, REGION_ANY, ACT_DRAG_FOLLOW},
    {CTX_INTERACTIVE, GESTURE_DRAG_MOVE, DIR_ANY, REGION_ANY, ACT_DRAG_FOLLOW},
    /* the finger pushes the panel away: leftwards brings the next one in */
    {CTX_INTERACTIVE, GESTURE_DRAG_END, GESTURE_DIR_LEFT, REGION_ANY, ACT_DRAG_COMMIT_NEXT},
    {CTX_INTERACTIVE, GESTURE_DRAG_END, GESTURE_DIR_RIGHT, REGION_ANY, ACT_DRAG_COMMIT_PREV},
    {CTX_INTERACTIVE, GESTURE_DRAG_END, GESTURE_DIR_NONE, REGION_ANY, ACT_DRAG_CANCEL},
    {CTX_INTERACTIVE, GESTURE_SWIPE, GESTURE_DIR_UP, REGION_ANY, ACT_OPEN_INDEX},

    {CTX_INDEX, GESTURE_TAP, DIR_ANY, REGION_CONTROL, ACT_CONTROL},
    {CTX_INDEX, GESTURE_TAP, DIR_ANY, REGION_OUTSIDE, ACT_CLOSE_INDEX},
    {CTX_INDEX, GESTURE_SWIPE, GESTURE_DIR_DOWN, REGION_ANY, ACT_CLOSE_INDEX},

    /* the picker: like the index, a tap beside the buttons closes it */
    {CTX_LANGUAGES, GESTURE_TAP, DIR_ANY, REGION_CONTROL, ACT_CONTROL},
    {CTX_LANGUAGES, GESTURE_TAP, DIR_ANY, REGION_OUTSIDE, ACT_CLOSE_LANGUAGES},
    {CTX_LANGUAGES, GESTURE_SWIPE, GESTURE_DIR_DOWN, REGION_ANY, ACT_CLOSE_LANGUAGES},
};

struct key_bind {
    enum mode_ctx ctx;
    enum input_key key;
    enum action act;
};

/* Keys not listed (Escape, F-keys, anything with Ctrl/Alt/Super held) do
 * nothing at all. */
static const struct key_bind key_binds[] = {
    {CTX_LOOP, INPUT_KEY_RIGHT, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_LEFT, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_SPACE, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_HOME, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_ENTER, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_PAGE_DOWN, ACT_WAKE},
    {CTX_LOOP, INPUT_KEY_PAGE_UP, ACT_WAKE},

    {CTX_COUNTDOWN, INPUT_KEY_RIGHT, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_LEFT, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_SPACE, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_HOME, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_ENTER, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_PAGE_DOWN, ACT_STILL_HERE},
    {CTX_COUNTDOWN, INPUT_KEY_PAGE_UP, ACT_STILL_HERE},

    {CTX_INTERACTIVE, INPUT_KEY_RIGHT, ACT_NEXT},
    {CTX_INTERACTIVE, INPUT_KEY_SPACE, ACT_NEXT},
    {CTX_INTERACTIVE, INPUT_KEY_PAGE_DOWN, ACT_NEXT},
    {CTX_INTERACTIVE, INPUT_KEY_LEFT, ACT_PREV},
    {CTX_INTERACTIVE, INPUT_KEY_PAGE_UP, ACT_PREV},
    {CTX_INTERACTIVE, INPUT_KEY_HOME, ACT_HOME},

    {CTX_INDEX, INPUT_KEY_RIGHT, ACT_NEXT},
    {CTX_INDEX, INPUT_KEY_SPACE, ACT_NEXT},
    {CTX_INDEX, INPUT_KEY_PAGE_DOWN, ACT_NEXT},
    {CTX_INDEX, INPUT_KEY_LEFT, ACT_PREV},
    {CTX_INDEX, INPUT_KEY_PAGE_UP, ACT_PREV},
    {CTX_INDEX, INPUT_KEY_HOME, ACT_HOME},
    {CTX_INDEX, INPUT_KEY_ESCAPE, ACT_CLOSE_INDEX},

    {CTX_LANGUAGES, INPUT_KEY_RIGHT, ACT_NEXT},
    {CTX_LANGUAGES, INPUT_KEY_SPACE, ACT_NEXT},
    {CTX_LANGUAGES, INPUT_KEY_PAGE_DOWN, ACT_NEXT},
    {CTX_LANGUAGES, INPUT_KEY_LEFT, ACT_PREV},
    {CTX_LANGUAGES, INPUT_KEY_PAGE_UP, ACT_PREV},
    {CTX_LANGUAGES, INPUT_KEY_HOME, ACT_HOME},
    {CTX_LANGUAGES, INPUT_KEY_ESCAPE, ACT_CLOSE_LANGUAGES},
};

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

const char *mode_action_name(enum action act)
{
    static const char *const names[ACT_COUNT] = {
        [ACT_NONE] = "none",
        [ACT_CONTROL] = "control",
        [ACT_WAKE] = "wake",
        [ACT_NEXT] = "next",
        [ACT_PREV] = "prev",
        [ACT_JUMP] = "jump",
        [ACT_HOME] = "home",
        [ACT_OPEN_INDEX] = "open-index",
        [ACT_CLOSE_INDEX] = "close-index",
        [ACT_LANGUAGE] = "language",
        [ACT_DRAG_FOLLOW] = "drag-follow",
        [ACT_DRAG_COMMIT_NEXT] = "drag-commit-next",
        [ACT_DRAG_COMMIT_PREV] = "drag-commit-prev",
        [ACT_DRAG_CANCEL] = "drag-cancel",
        [ACT_COUNTDOWN] = "countdown",
        [ACT_STILL_HERE] = "still-here",
        [ACT_LOOP] = "loop",
        [ACT_INDEX_PAGE] = "index-page",
        [ACT_TEXT_SIZE] = "text-size",
        [ACT_PLAY_PAUSE] = "play-pause",
        [ACT_OPEN_LANGUAGES] = "open-languages",
        [ACT_CLOSE_LANGUAGES] = "close-languages",
        [ACT_STAFF_DIGIT] = "staff-digit",
        [ACT_STAFF_CLEAR] = "staff-clear",
        [ACT_STAFF_OK] = "staff-ok",
        [ACT_STAFF_CANCEL] = "staff-cancel",
        [ACT_STAFF_ROLLBACK] = "staff-rollback",
        [ACT_STAFF_RELOAD] = "staff-reload",
        [ACT_STAFF_EXPORT] = "staff-export",
        [ACT_STAFF_EXIT] = "staff-exit",
        [ACT_STAFF_CLOSE] = "staff-close",
    };
    return (unsigned)act < ACT_COUNT ? names[act] : "?";
}

/* ---- controls layout ---- */

struct rect_px {
    float x, y, w, h;
};

static void put(struct control *out, int max, int *n, const struct control_screen *s,
                enum control_layer layer, enum action act, int arg, struct rect_px r)
{
    if (*n >= max)
        return;
    struct control *c = &out[(*n)++];
    c->act = act;
    c->arg = arg;
    c->layer = layer;
    c->item = 0;
    c->zx = c->zy = c->zw = c->zh = 0;
    c->x = r.x / (float)s->w;
    c->y = r.y / (float)s->h;
    c->w = r.w / (float)s->w;
    c->h = r.h / (float)s->h;
}

static float fmaxf2(float a, float b)
{
    return a > b ? a : b;
}
static float fminf2(float a, float b)
{
    return a < b ? a : b;
}

/* Sizes shared by the controls and the index grid; ex, ey: the controls'
 * distance from the sides and from the top and bottom, clear of the
 * bezel's edge (LAYOUT_EDGE). */
struct metrics {
    float W, H, size, gap, ex, ey, min;
};

static int metrics_of(const struct control_screen *s, struct metrics *m)
{
    if (!s || s->w <= 0 || s->h <= 0)
        return -1;
    struct gesture_cfg gc = {s->dpi, s->w, s->h};
    float min_px = fmaxf2(gesture_mm_to_px(&gc, CONTROL_MIN_MM), CONTROL_MIN_PX);
    m->min = min_px;
    m->W = (float)s->w;
    m->H = (float)s->h;
    /* u as in layout.c: on a screen of many pixels at an unknown DPI the
     * controls grow with the type, so that their labels stay readable */
    float u = fminf2(m->W, m->H) / 100.0f;
    m->size = fmaxf2(fmaxf2(gesture_mm_to_px(&gc, CONTROL_SIZE_MM), min_px), CONTROL_SIZE_U * u);
    m->gap = fmaxf2(gesture_mm_to_px(&gc, CONTROL_GAP_MM), CONTROL_GAP_U * u);
    m->ex = fmaxf2(m->gap, ceilf((float)LAYOUT_EDGE * m->W));
    m->ey = fmaxf2(m->gap, ceilf((float)LAYOUT_EDGE * m->H));
    return 0;
}

/* The index grid's area, and how many rows and columns fit in it; a
 * column is at least four buttons wide, room for a short title. */
struct grid {
    float left, top, w, h;
    int rows, cols;
};

static struct grid grid_of(const struct metrics *m, int paged)
{
    struct grid g;
    g.top = m->ey + m->gap + m->size;
    g.left = m->ex + m->gap + m->size;
    float bottom = m->H - m->ey - m->gap - (paged ? m->size + m->gap : 0);
    g.w = m->W - m->ex - m->gap - m->size - g.left;
    g.h = bottom - g.top;
    g.rows = (int)((g.h + m->gap) / (m->size + m->gap));
    g.cols = (int)((g.w + m->gap) / (4 * m->size + m->gap));
    if (g.rows < 1)
        g.rows = 1;
    if (g.cols < 1)
        g.cols = 1;
    return g;
}

/* The index's cards for count chapters in the grid's area: the columns
 * (up to the grid's) that give the largest cards, each at most
 * CARD_MAX_H controls high and CARD_MAX_W wide, at least a control high
 * and four wide, so a short index is a page of a few large cards. */
#define CARD_MAX_H 4.0f
#define CARD_MAX_W 22.0f
struct cards {
    int cols, rows;
    float w, h;
};

static struct cards cards_of(const struct metrics *m, const struct grid *g, int count)
{
    struct cards best = {1, count > 0 ? count : 1, 4 * m->size, m->size};
    float best_area = 0;
    for (int cols = 1; cols <= g->cols && cols <= count; cols++) {
        int rows = (count + cols - 1) / cols;
        float h = fminf2(CARD_MAX_H * m->size, (g->h - (float)(rows - 1) * m->gap) / (float)rows);
        float w = fminf2(CARD_MAX_W * m->size, (g->w - (float)(cols - 1) * m->gap) / (float)cols);
        if (h < m->size || w < 4 * m->size)
            continue;
        float area = fminf2(w, 8 * m->size) * h; /* past 8 controls wide, width adds little */
        if (area > best_area * 1.05f) {
            best_area = area;
            best = (struct cards){cols, rows, w, h};
        }
    }
    return best;
}

static int per_page(const struct metrics *m, int n_chapters)
{
    struct grid g = grid_of(m, 0);
    int fit = g.rows * g.cols;
    if (fit > MODE_MAX_CHAPTERS)
        fit = MODE_MAX_CHAPTERS;
    if (n_chapters <= fit)
        return fit;
    g = grid_of(m, 1); /* a row less: the page buttons go below */
    fit = g.rows * g.cols;
    return fit > MODE_MAX_CHAPTERS ? MODE_MAX_CHAPTERS : fit;
}

int mode_index_per_page(const struct control_screen *s, int n_chapters)
{
    struct metrics m;
    return metrics_of(s, &m) == 0 ? per_page(&m, n_chapters) : 1;
}

int mode_index_pages(const struct control_screen *s, int n_chapters)
{
    int pp = mode_index_per_page(s, n_chapters);
    return n_chapters <= 0 ? 1 : (n_chapters + pp - 1) / pp;
}

void mode_reserve(const struct control_screen *s, int *side, int *bottom)
{
    *side = *bottom = 0;
    struct metrics mt;
    if (metrics_of(s, &mt) != 0)
        return;
    static const int first[2] = {0, 1};
    /* the widest bars: two language buttons, or the picker's */
    static const int locales[2] = {MODE_MAX_LOCALE_BUTTONS, MODE_MAX_LOCALE_BUTTONS + 1};
    float top = mt.H;
    for (int k = 0; k < 2; k++) {
        struct control_spec most = {locales[k], 2, first, 0, 1};
        struct control c[MODE_MAX_CONTROLS];
        int n = mode_controls_layout(s, &most, c, MODE_MAX_CONTROLS);
        for (int i = 0; i < n; i++)
            if (c[i].layer == CONTROL_MAIN)
                top = fminf2(top, c[i].y * mt.H);
    }
    *side = 0; /* every main control is in the bar */
    *bottom = (int)ceilf(mt.H - top + mt.gap);
}

struct layout_screen mode_layout_screen(int w, int h, float dpi)
{
    struct layout_screen screen = {w, h, 0, 0, 0};
    struct control_screen cs = {w, h, dpi};
    mode_reserve(&cs, &screen.side, &screen.bottom);
    return screen;
}

/* The language picker's grid: cols x rows buttons of cw x bh px, the
 * first `shown` languages. */
struct picker {
    int cols, rows, shown;
    float cw, bh;
};

#define PICKER_DESIGN 1.5f /* a button's height, in controls */
#define PICKER_COL 4.0f    /* a column's width at least, in controls: a short name */
#define PICKER_NARROW 3.0f /* ... and where nothing else fits */
#define PICKER_WIDE 8.0f   /* ... and at most */

/* The most compact block (the larger of its shares of the area's width
 * and height, plus a tenth for each empty cell: a row of three rather than
 * two rows of two) of buttons of the design height at least PICKER_COL
 * wide; where none fits, the fewest columns whose rows fit at a lower
 * height, down to the smallest target; then the same in narrower columns;
 * where even that does not fit, as many languages as do. */
static struct picker picker_of(const struct metrics *m, float aw, float ah, int n)
{
    float gap = m->gap, design = PICKER_DESIGN * m->size, cw = PICKER_COL * m->size;
    struct picker best = {0, 0, n, cw, design};
    float best_score = 0;
    for (int cols = 1; cols <= n && (float)cols * (cw + gap) - gap <= aw; cols++) {
        int rows = (n + cols - 1) / cols;
        float bh = (float)rows * (design + gap) - gap, bw = (float)cols * (cw + gap) - gap;
        if (bh > ah)
            continue;
        float score = fmaxf2(bh / ah, bw / aw) + 0.1f * (float)(rows * cols - n);
        if (best.cols == 0 || score < best_score) {
            best.cols = cols;
            best.rows = rows;
            best_score = score;
        }
    }
    for (int narrow = 0; narrow < 2 && best.cols == 0; narrow++) {
        cw = (narrow ? PICKER_NARROW : PICKER_COL) * m->size;
        for (int cols = 1; cols <= n && (float)cols * (cw + gap) - gap <= aw; cols++) {
            int rows = (n + cols - 1) / cols;
            float bh = fminf2(design, (ah - (float)(rows - 1) * gap) / (float)rows);
            if (bh >= m->min) {
                best = (struct picker){cols, rows, n, cw, bh};
                break;
            }
        }
    }
    if (best.cols == 0) {
        cw = PICKER_NARROW * m->size;
        best.cols = (int)fmaxf2(1, floorf((aw + gap) / (cw + gap)));
        best.rows = (int)fmaxf2(1, floorf((ah + gap) / (m->min + gap)));
        best.shown = n < best.rows * best.cols ? n : best.rows * best.cols;
        best.rows = (best.shown + best.cols - 1) / best.cols;
        best.bh = m->min;
    }
    /* the columns take the width there is, up to PICKER_WIDE */
    best.cw = fminf2((aw - (float)(best.cols - 1) * gap) / (float)best.cols, PICKER_WIDE * m->size);
    return best;
}

/* The picker: a close button at the top right, as the index's, and under
 * its row the grid, centred, row by row in the exhibit's order. */
static void languages_layout(const struct control_screen *s, const struct metrics *mt,
                             int n_locales, struct control *out, int max, int *n)
{
    float size = mt->size, gap = mt->gap;
    put(out, max, n, s, CONTROL_LANGUAGES, ACT_CLOSE_LANGUAGES, 0,
        (struct rect_px){mt->W - mt->ex - size, mt->ey, size, size});
    float left = mt->ex, top = mt->ey + size + gap;
    float aw = mt->W - 2 * mt->ex, ah = mt->H - mt->ey - top;
    int count = n_locales < MODE_MAX_LANGUAGES ? n_locales : MODE_MAX_LANGUAGES;
    struct picker p = picker_of(mt, aw, ah, count);
    float grid_w = (float)p.cols * (p.cw + gap) - gap, grid_h = (float)p.rows * (p.bh + gap) - gap;
    float x0 = left + (aw - grid_w) / 2, y0 = top + (ah - grid_h) / 2;
    for (int i = 0; i < p.shown; i++) {
        int before = *n;
        put(out, max, n, s, CONTROL_LANGUAGES, ACT_LANGUAGE, i,
            (struct rect_px){x0 + (float)(i % p.cols) * (p.cw + gap),
                             y0 + (float)(i / p.cols) * (p.bh + gap), p.cw, p.bh});
        if (*n > before)
            out[before].item = i;
    }
}

int mode_controls_layout(const struct control_screen *s, const struct control_spec *spec,
                         struct control *out, int max)
{
    return mode_controls_layout_labels(s, spec, NULL, out, max);
}

int mode_controls_layout_labels(const struct control_screen *s, const struct control_spec *spec,
                                const struct control_labels *labels, struct control *out, int max)
{
    struct metrics mt;
    if (metrics_of(s, &mt) != 0 || !out || max <= 0)
        return 0;
    float W = mt.W, H = mt.H, size = mt.size, gap = mt.gap, ex = mt.ex, ey = mt.ey;
    int n = 0;
    int n_locales = spec ? spec->n_locales : 1;
    int n_chapters = spec && spec->chapter_first ? spec->n_chapters : 0;

    /* one bar at the bottom, in the band the panels leave free (nothing
     * covers content): previous and next at its ends; start after
     * previous; language, and left of it the larger-text toggle, before
     * next; the chapter index in between (all inside the bezel's edge:
     * ex, ey) */
    float bar_y = H - ey - size;
    /* previous and next: the bar's widest ends (a page is turned more than
     * anything else is done), each the visible part of a zone along its
     * side of the screen, at least NAV_ZONE_MM wide, from the page's top
     * to the bar's foot, that a tap anywhere in reaches (mode_hit): a
     * visitor who taps the edge of the page turns it */
    struct gesture_cfg gc = {s->dpi, s->w, s->h};
    float pw = fmaxf2(1.5f * size, gesture_mm_to_px(&gc, NAV_ZONE_MM) - ex);
    pw = fminf2(pw, W / 4 - ex); /* the middle half stays the page's */
    float zw = ex + pw;
    put(out, max, &n, s, CONTROL_MAIN, ACT_PREV, 0, (struct rect_px){ex, bar_y, pw, size});
    out[n - 1].zx = 0;
    out[n - 1].zy = ey / H;
    out[n - 1].zw = zw / W;
    out[n - 1].zh = (bar_y + size - ey) / H;
    put(out, max, &n, s, CONTROL_MAIN, ACT_NEXT, 0, (struct rect_px){W - ex - pw, bar_y, pw, size});
    out[n - 1].zx = (W - zw) / W;
    out[n - 1].zy = ey / H;
    out[n - 1].zw = zw / W;
    out[n - 1].zh = (bar_y + size - ey) / H;
    float left = ex + pw + gap; /* where the bar's inner buttons start */
    /* start: two controls wide, or its label's width ("Αρχή", "Początek"), up to four */
    float hw = 2 * size;
    if (labels && labels->home_px > hw)
        hw = fminf2((float)labels->home_px, 4 * size);
    put(out, max, &n, s, CONTROL_MAIN, ACT_HOME, 0, (struct rect_px){left, bar_y, hw, size});
    float right = W - ex - pw; /* the left edge of what stands at the right */
    if (n_locales > 1) {
        int picker = n_locales > MODE_MAX_LOCALE_BUTTONS;
        int buttons = picker ? 1 : n_locales;
        /* a button per language where they fit beside start and a
         * control-wide index; else one that switches; more languages: one
         * that opens the picker, wide enough for a language's own name
         * where the bar has room */
        float room = (W - ex - pw) - (left + hw + gap + size + gap);
        if (buttons > 1 && (float)buttons * (1.5f * size + gap) > room)
            buttons = 1;
        float bw = buttons > 1 ? 1.5f * size : 2 * size;
        if (picker) /* the mark and a name ("文A Français") where there is room */
            bw = room >= 7 * size ? 4 * size : room >= 5 * size ? 3 * size : bw;
        for (int i = 0; i < buttons; i++) {
            float x = W - ex - pw - (float)(buttons - i) * (bw + gap);
            int arg = buttons > 1 ? i : -1; /* -1: the other language */
            put(out, max, &n, s, CONTROL_MAIN, picker ? ACT_OPEN_LANGUAGES : ACT_LANGUAGE,
                picker ? 0 : arg, (struct rect_px){x, bar_y, bw, size});
            if (i == 0)
                right = x;
        }
    }
    if (spec && spec->text_size) {
        float bw = 1.5f * size, x = right - gap - bw;
        float need = left + hw + 2 * gap + (n_chapters > 1 ? size + gap : 0);
        if (x >= need) {
            put(out, max, &n, s, CONTROL_MAIN, ACT_TEXT_SIZE, 0,
                (struct rect_px){x, bar_y, bw, size});
            right = x;
        } else { /* a narrow bar: at the right, a row above it */
            put(out, max, &n, s, CONTROL_MAIN, ACT_TEXT_SIZE, 0,
                (struct rect_px){W - ex - bw, bar_y - gap - size, bw, size});
        }
    }
    if (n_chapters > 1) {
        /* three controls wide, or its label's width ("Kapitelübersicht"), up to six */
        float want = labels ? (float)labels->index_px : 0;
        float iw = want > 3 * size ? fminf2(want, 6 * size) : 3 * size;
        float ix = (W - iw) / 2;
        float lo = left + hw + gap, hi = right - gap; /* the room between */
        if (ix < lo || ix + iw > hi) {
            iw = fmaxf2(size, fminf2(iw, hi - lo));
            ix = fmaxf2(lo, lo + (hi - lo - iw) / 2);
        }
        put(out, max, &n, s, CONTROL_MAIN, ACT_OPEN_INDEX, 0,
            (struct rect_px){ix, bar_y, iw, size});
    }

    /* the index: a page of its own (the overlay covers the panel whole),
     * one page of chapters as large cards that fill it, and a close card
     * as large as they are at its top right */
    if (n_chapters > 1) {
        int pp = per_page(&mt, n_chapters);
        int pages = (n_chapters + pp - 1) / pp;
        int page = spec->index_page;
        page = page < 0 ? 0 : page >= pages ? pages - 1 : page;
        int first = page * pp, count = n_chapters - first < pp ? n_chapters - first : pp;
        struct grid g = grid_of(&mt, pages > 1);
        struct cards k = cards_of(&mt, &g, count);
        /* the close card's row above the grid, as tall as a card */
        float grow = k.h - size;
        if (grow > 0) {
            g.top += grow;
            g.h -= grow;
            k = cards_of(&mt, &g, count);
        }
        float cw = fmaxf2(2 * size, fminf2(k.w, 4 * size));
        put(out, max, &n, s, CONTROL_INDEX, ACT_CLOSE_INDEX, 0,
            (struct rect_px){W - ex - cw, ey, cw, fmaxf2(size, k.h)});
        float grid_w = (float)k.cols * k.w + (float)(k.cols - 1) * gap;
        float grid_h = (float)k.rows * k.h + (float)(k.rows - 1) * gap;
        float x0 = g.left + (g.w - grid_w) / 2, y0 = g.top + (g.h - grid_h) / 2;
        for (int i = 0; i < count; i++) {
            int col = i / k.rows, row = i % k.rows;
            int before = n;
            put(out, max, &n, s, CONTROL_INDEX, ACT_JUMP, spec->chapter_first[first + i],
                (struct rect_px){x0 + (float)col * (k.w + gap), y0 + (float)row * (k.h + gap), k.w,
                                 k.h});
            if (n > before)
                out[before].item = first + i;
        }
        if (pages > 1) {
            float py = H - ey - size;
            put(out, max, &n, s, CONTROL_INDEX, ACT_INDEX_PAGE, -1,
                (struct rect_px){g.left, py, 2 * size, size});
            put(out, max, &n, s, CONTROL_INDEX, ACT_INDEX_PAGE, 1,
                (struct rect_px){g.left + g.w - 2 * size, py, 2 * size, size});
        }
    }
    if (n_locales > MODE_MAX_LOCALE_BUTTONS)
        languages_layout(s, &mt, n_locales, out, max, &n);
    return n;
}

/* ---- the staff keypad and screen ---- */

/* The smallest staff key, px: STAFF_KEY_MM, never under CONTROL_MIN_PX. */
static float staff_key_min(const struct control_screen *s)
{
    struct gesture_cfg gc = {s->dpi, s->w, s->h};
    return fmaxf2(gesture_mm_to_px(&gc, STAFF_KEY_MM), CONTROL_MIN_PX);
}

int mode_staff_keypad_layout(const struct control_screen *s, struct control *out, int max)
{
    struct metrics mt;
    if (metrics_of(s, &mt) != 0 || !out || max <= 0)
        return 0;
    float W = mt.W, H = mt.H, short_side = fminf2(W, H);
    float gap = fmaxf2(mt.gap, 0.015f * short_side), margin = 2 * gap;
    /* the block: a top of 2.2 keys (heading, dots, message), four rows */
    float k = fminf2(0.13f * short_side, (H - 2 * margin - 3 * gap) / 6.2f);
    float kw = 1.4f * k; /* keys a little wider than high */
    if (3 * kw + 2 * gap > W - 2 * margin)
        kw = (W - 2 * margin - 2 * gap) / 3;
    float kmin = staff_key_min(s);
    k = fmaxf2(k, kmin);
    kw = fmaxf2(kw, kmin);
    float block_h = 2.2f * k + 4 * k + 3 * gap;
    float x0 = (W - (3 * kw + 2 * gap)) / 2;
    float y0 = fmaxf2(margin, (H - block_h) / 2) + 2.2f * k;
    int n = 0;
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 3; col++) {
            struct rect_px r = {x0 + (float)col * (kw + gap), y0 + (float)row * (k + gap), kw, k};
            if (row < 3)
                put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_DIGIT, row * 3 + col + 1, r);
            else if (col == 0)
                put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_CLEAR, 0, r);
            else if (col == 1)
                put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_DIGIT, 0, r);
            else
                put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_OK, 0, r);
        }
    float cw = fmaxf2(2 * k, kmin);
    put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_CANCEL, 0,
        (struct rect_px){W - margin - cw, margin, cw, fmaxf2(0.8f * k, kmin)});
    return n;
}

int mode_staff_screen_layout(const struct control_screen *s, int can_rollback, struct control *out,
                             int max)
{
    struct metrics mt;
    if (metrics_of(s, &mt) != 0 || !out || max <= 0)
        return 0;
    float W = mt.W, H = mt.H, short_side = fminf2(W, H);
    float gap = fmaxf2(mt.gap, 0.015f * short_side), margin = fmaxf2(2 * gap, 0.04f * short_side);
    float bh = fmaxf2(staff_key_min(s), 0.11f * short_side);
    /* Roll back is always there, as the README lists it; without a
     * previous exhibit it is disabled (arg 1) and says why */
    enum action acts[5];
    int na = 0;
    acts[na++] = ACT_STAFF_ROLLBACK;
    acts[na++] = ACT_STAFF_RELOAD;
    acts[na++] = ACT_STAFF_EXPORT;
    acts[na++] = ACT_STAFF_EXIT;
    acts[na++] = ACT_STAFF_CLOSE;
    int n = 0;
    if (W >= 1.2f * H) { /* a column at the right; close at its foot */
        float bw = fminf2(0.36f * W, 14 * bh);
        float x = W - margin - bw;
        for (int i = 0; i < na - 1; i++)
            put(out, max, &n, s, CONTROL_STAFF, acts[i],
                acts[i] == ACT_STAFF_ROLLBACK && !can_rollback,
                (struct rect_px){x, margin + (float)i * (bh + gap), bw, bh});
        put(out, max, &n, s, CONTROL_STAFF, ACT_STAFF_CLOSE, 0,
            (struct rect_px){x, H - margin - bh, bw, bh});
    } else { /* stacked across the bottom, close last */
        float bw = W - 2 * margin;
        float y = H - margin - (float)na * bh - (float)(na - 1) * gap;
        for (int i = 0; i < na; i++)
            put(out, max, &n, s, CONTROL_STAFF, acts[i],
                acts[i] == ACT_STAFF_ROLLBACK && !can_rollback,
                (struct rect_px){margin, y + (float)i * (bh + gap), bw, bh});
    }
    return n;
}

/* ---- the machine ---- */

static int has_layer(const struct mode *m, enum control_layer layer, enum action act);

static enum mode_ctx ctx_of(const struct mode *m)
{
    switch (m->state) {
    case MODE_LOOP:
        return CTX_LOOP;
    case MODE_COUNTDOWN:
        return CTX_COUNTDOWN;
    default:
        return m->languages_open ? CTX_LANGUAGES : m->index_open ? CTX_INDEX : CTX_INTERACTIVE;
    }
}

void mode_set_screen(struct mode *m, const struct gesture_cfg *screen)
{
    m->cfg.screen = *screen;
    gesture_configure(&m->g, screen);
    m->dragging = 0;
    m->drag_dx = 0.0f;
    m->held = -1;
}

void mode_init(struct mode *m, const struct mode_cfg *cfg, uint64_t now_ms)
{
    memset(m, 0, sizeof(*m));
    if (cfg)
        m->cfg = *cfg;
    if (!m->cfg.idle_ms)
        m->cfg.idle_ms = MODE_IDLE_MS;
    if (!m->cfg.countdown_ms)
        m->cfg.countdown_ms = MODE_COUNTDOWN_MS;
    if (!m->cfg.stuck_finger_ms)
        m->cfg.stuck_finger_ms = MODE_STUCK_FINGER_MS;
    gesture_init(&m->g, &m->cfg.screen);
    m->state = MODE_LOOP;
    m->last_input_ms = now_ms;
    m->held = m->flash = -1;
}

void mode_set_controls(struct mode *m, const struct control *c, int n)
{
    if (n < 0 || !c)
        n = 0;
    if (n > MODE_MAX_CONTROLS)
        n = MODE_MAX_CONTROLS;
    if (n > 0)
        memcpy(m->controls, c, (size_t)n * sizeof(*c));
    m->n_controls = n;
    m->held = m->flash = -1;
    if (!has_layer(m, CONTROL_LANGUAGES, ACT_LANGUAGE))
        m->languages_open = 0; /* new content of fewer languages: no picker */
}

void mode_resume(struct mode *m, uint64_t now_ms)
{
    gesture_reset(&m->g);
    m->swallow = 0;
    m->dragging = 0;
    m->drag_dx = 0.0f;
    m->held = m->flash = -1;
    m->has_pending = 0;
    m->last_input_ms = now_ms;
}

void mode_watching(struct mode *m, uint64_t now_ms)
{
    if (m->state == MODE_INTERACTIVE)
        m->watched_ms = now_ms;
}

void mode_set_transition(struct mode *m, int running)
{
    m->transition = running != 0;
}

int mode_hit(const struct mode *m, float x, float y)
{
    enum mode_ctx ctx = ctx_of(m);
    enum control_layer layer;
    if (ctx == CTX_INTERACTIVE)
        layer = CONTROL_MAIN;
    else if (ctx == CTX_INDEX)
        layer = CONTROL_INDEX;
    else if (ctx == CTX_LANGUAGES)
        layer = CONTROL_LANGUAGES;
    else
        return -1;
    for (int i = 0; i < m->n_controls; i++) {
        const struct control *c = &m->controls[i];
        if (c->layer == layer && x >= c->x && x <= c->x + c->w && y >= c->y && y <= c->y + c->h)
            return i;
    }
    /* no button: previous's or next's zone along the side */
    for (int i = 0; i < m->n_controls; i++) {
        const struct control *c = &m->controls[i];
        if (c->layer == layer && c->zw > 0 && x >= c->zx && x <= c->zx + c->zw && y >= c->zy &&
            y <= c->zy + c->zh)
            return i;
    }
    return -1;
}

static int has_layer(const struct mode *m, enum control_layer layer, enum action act)
{
    for (int i = 0; i < m->n_controls; i++)
        if (m->controls[i].layer == layer && m->controls[i].act == act)
            return 1;
    return 0;
}

static void push(struct mode_cmds *out, enum action act, int arg, float drag_dx)
{
    if (out->n >= MODE_MAX_CMDS)
        return;
    out->v[out->n++] = (struct mode_cmd){act, arg, drag_dx};
}

static void close_index(struct mode *m, struct mode_cmds *out)
{
    if (m->index_open) {
        m->index_open = 0;
        push(out, ACT_CLOSE_INDEX, 0, 0.0f);
    }
}

static void close_languages(struct mode *m, struct mode_cmds *out)
{
    if (m->languages_open) {
        m->languages_open = 0;
        push(out, ACT_CLOSE_LANGUAGES, 0, 0.0f);
    }
}

/* Navigation: held back while a transition runs. */
static void navigate(struct mode *m, enum action act, int arg, float drag_dx, struct mode_cmds *out)
{
    close_index(m, out);
    close_languages(m, out);
    if (m->transition) {
        m->pending = (struct mode_cmd){act, arg, 0.0f};
        m->has_pending = 1;
        return;
    }
    push(out, act, arg, drag_dx);
}

static void perform(struct mode *m, enum action act, int arg, const struct gesture_event *ge,
                    struct mode_cmds *out)
{
    switch (act) {
    case ACT_WAKE:
    case ACT_STILL_HERE:
        m->state = MODE_INTERACTIVE;
        m->swallow = 1;
        m->held = -1;
        push(out, act, 0, 0.0f);
        break;
    case ACT_NEXT:
    case ACT_PREV:
    case ACT_JUMP:
    case ACT_HOME:
        navigate(m, act, act == ACT_JUMP ? arg : 0, 0.0f, out);
        break;
    case ACT_OPEN_INDEX:
        if (!m->index_open && !m->languages_open && has_layer(m, CONTROL_INDEX, ACT_JUMP)) {
            m->index_open = 1;
            push(out, ACT_OPEN_INDEX, 0, 0.0f);
        }
        break;
    case ACT_CLOSE_INDEX:
        close_index(m, out);
        break;
    case ACT_OPEN_LANGUAGES:
        if (!m->languages_open && !m->index_open && has_layer(m, CONTROL_LANGUAGES, ACT_LANGUAGE)) {
            m->languages_open = 1;
            push(out, ACT_OPEN_LANGUAGES, 0, 0.0f);
        }
        break;
    case ACT_CLOSE_LANGUAGES:
        close_languages(m, out);
        break;
    case ACT_LANGUAGE: /* one tap in the picker chooses and closes it */
        close_languages(m, out);
        push(out, ACT_LANGUAGE, arg, 0.0f);
        break;
    case ACT_TEXT_SIZE:
        push(out, ACT_TEXT_SIZE, 0, 0.0f);
        break;
    case ACT_PLAY_PAUSE:
        push(out, ACT_PLAY_PAUSE, 0, 0.0f);
        break;
    case ACT_INDEX_PAGE:
        if (m->index_open)
            push(out, ACT_INDEX_PAGE, arg, 0.0f);
        break;
    case ACT_DRAG_FOLLOW:
        if (m->transition || !ge)
            break;
        m->dragging = 1;
        m->drag_dx = ge->dx;
        m->has_pending = 0; /* the newer interaction wins */
        push(out, ACT_DRAG_FOLLOW, 0, m->drag_dx);
        break;
    case ACT_DRAG_COMMIT_NEXT:
    case ACT_DRAG_COMMIT_PREV:
        if (m->dragging) {
            m->dragging = 0;
            push(out, act, 0, ge ? ge->dx : m->drag_dx);
            m->drag_dx = 0.0f;
        } else {
            /* a drag the panel did not follow (during a transition) */
            navigate(m, act == ACT_DRAG_COMMIT_NEXT ? ACT_NEXT : ACT_PREV, 0, 0.0f, out);
        }
        break;
    case ACT_DRAG_CANCEL:
        if (m->dragging) {
            push(out, ACT_DRAG_CANCEL, 0, m->drag_dx);
            m->dragging = 0;
            m->drag_dx = 0.0f;
        }
        break;
    default:
        break;
    }
}

static const struct gesture_bind *gesture_lookup(enum mode_ctx ctx, const struct gesture_event *ge,
                                                 int on_control)
{
    for (size_t i = 0; i < N_ELEMS(gesture_binds); i++) {
        const struct gesture_bind *b = &gesture_binds[i];
        if (b->ctx != ctx || b->gesture != ge->kind)
            continue;
        if (b->dir != DIR_ANY && b->dir != (int)ge->dir)
            continue;
        if ((b->region == REGION_CONTROL && !on_control) ||
            (b->region == REGION_OUTSIDE && on_control))
            continue;
        return b;
    }
    return NULL;
}

static void on_gesture(struct mode *m, const struct gesture_event *ge, uint64_t now_ms,
                       struct mode_cmds *out)
{
    if (m->swallow)
        return;
    int hit = mode_hit(m, ge->x, ge->y);
    if (ge->kind == GESTURE_PRESS)
        m->held = hit;
    else
        m->held = -1;
    const struct gesture_bind *b = gesture_lookup(ctx_of(m), ge, hit >= 0);
    if (b) {
        enum action act = b->act;
        int arg = 0;
        if (act == ACT_CONTROL) {
            act = m->controls[hit].act;
            arg = m->controls[hit].arg;
            m->flash = hit;
            m->flash_until_ms = now_ms + MODE_FLASH_MS;
            switch (act) { /* what a control may do */
            case ACT_NEXT:
            case ACT_PREV:
            case ACT_JUMP:
            case ACT_HOME:
            case ACT_OPEN_INDEX:
            case ACT_CLOSE_INDEX:
            case ACT_LANGUAGE:
            case ACT_OPEN_LANGUAGES:
            case ACT_CLOSE_LANGUAGES:
            case ACT_TEXT_SIZE:
            case ACT_INDEX_PAGE:
                break;
            default:
                act = ACT_NONE;
            }
        }
        perform(m, act, arg, ge, out);
    }
    /* whatever the table said, a drag the panel followed is closed */
    if (ge->kind == GESTURE_DRAG_END && m->dragging)
        perform(m, ACT_DRAG_CANCEL, 0, ge, out);
}

static void on_key(struct mode *m, const struct input_event *e, struct mode_cmds *out)
{
    if (e->repeat || (e->mods & (INPUT_MOD_CTRL | INPUT_MOD_ALT | INPUT_MOD_GUI)))
        return;
    /* keys do not navigate under a finger that is dragging the panel */
    if (m->dragging)
        return;
    enum mode_ctx ctx = ctx_of(m);
    for (size_t i = 0; i < N_ELEMS(key_binds); i++) {
        if (key_binds[i].ctx == ctx && key_binds[i].key == e->key) {
            perform(m, key_binds[i].act, 0, NULL, out);
            if (key_binds[i].act == ACT_WAKE || key_binds[i].act == ACT_STILL_HERE)
                m->swallow = gesture_fingers_down(&m->g) > 0;
            return;
        }
    }
}

static void after_input(struct mode *m)
{
    if (gesture_fingers_down(&m->g) == 0) {
        m->swallow = 0;
        m->held = -1;
    }
}

void mode_input(struct mode *m, const struct input_event *e, uint64_t now_ms, struct mode_cmds *out)
{
    out->n = 0;
    if (!e)
        return;
    if (e->kind == INPUT_TOUCH) {
        m->last_input_ms = now_ms;
        struct gesture_event ge[GESTURE_MAX_OUT];
        int n = gesture_feed(&m->g, e, ge);
        for (int i = 0; i < n; i++)
            on_gesture(m, &ge[i], now_ms, out);
        after_input(m);
    } else if (e->kind == INPUT_KEY) {
        /* Escape and friends do nothing, not even count as activity */
        enum mode_ctx ctx = ctx_of(m);
        int bound = 0;
        for (size_t i = 0; i < N_ELEMS(key_binds); i++)
            bound |= key_binds[i].ctx == ctx && key_binds[i].key == e->key;
        if (!bound || (e->mods & (INPUT_MOD_CTRL | INPUT_MOD_ALT | INPUT_MOD_GUI)))
            return;
        m->last_input_ms = now_ms;
        on_key(m, e, out);
    }
    /* INPUT_QUIT_REQUEST: visitors cannot quit the kiosk */
}

/* The visitor's session is over: the loop, from its first panel. */
static void back_to_loop(struct mode *m, struct mode_cmds *out)
{
    close_index(m, out);
    close_languages(m, out);
    m->state = MODE_LOOP;
    m->has_pending = 0;
    m->held = m->flash = -1;
    push(out, ACT_HOME, 0, 0.0f);
    push(out, ACT_LOOP, 0, 0.0f);
}

/* The idle time and the countdown, times the audio guide's scale. */
static uint64_t idle_of(const struct mode *m)
{
    return (uint64_t)m->cfg.idle_ms * (m->time_scale > 1 ? m->time_scale : 1);
}

static uint64_t countdown_of(const struct mode *m)
{
    return (uint64_t)m->cfg.countdown_ms * (m->time_scale > 1 ? m->time_scale : 1);
}

void mode_set_time_scale(struct mode *m, unsigned scale)
{
    m->time_scale = scale;
}

void mode_tick(struct mode *m, uint64_t now_ms, struct mode_cmds *out)
{
    out->n = 0;
    struct gesture_event ge[GESTURE_MAX_OUT];
    int n = gesture_tick(&m->g, now_ms, ge);
    for (int i = 0; i < n; i++)
        on_gesture(m, &ge[i], now_ms, out);

    if (gesture_fingers_down(&m->g) > 0 && now_ms >= m->last_input_ms &&
        now_ms - m->last_input_ms >= m->cfg.stuck_finger_ms) {
        /* nothing from the touch screen for this long: a ghost touch */
        gesture_reset(&m->g);
        perform(m, ACT_DRAG_CANCEL, 0, NULL, out);
        after_input(m);
        m->last_input_ms = now_ms;
    }

    if (m->has_pending && !m->transition && !m->dragging) {
        m->has_pending = 0;
        push(out, m->pending.act, m->pending.arg, 0.0f);
    }

    int busy = gesture_fingers_down(&m->g) > 0 || m->dragging;
    uint64_t since = m->watched_ms > m->last_input_ms ? m->watched_ms : m->last_input_ms;
    if (m->state == MODE_INTERACTIVE && !busy && now_ms >= since && now_ms - since >= idle_of(m)) {
        /* the question is asked over the panel, not over a choice the
         * visitor left half made */
        close_languages(m, out);
        m->state = MODE_COUNTDOWN;
        m->countdown_start_ms = now_ms;
        push(out, ACT_COUNTDOWN, 0, 0.0f);
    } else if (m->state == MODE_COUNTDOWN && now_ms >= m->countdown_start_ms &&
               now_ms - m->countdown_start_ms >= countdown_of(m)) {
        back_to_loop(m, out);
    }
}

void mode_end_session(struct mode *m, struct mode_cmds *out)
{
    out->n = 0;
    if (m->state == MODE_LOOP)
        return;
    gesture_reset(&m->g);
    if (m->dragging)
        perform(m, ACT_DRAG_CANCEL, 0, NULL, out);
    back_to_loop(m, out);
}

static uint64_t min64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

uint64_t mode_deadline(const struct mode *m, uint64_t now_ms)
{
    if (m->has_pending && !m->transition && !m->dragging)
        return now_ms;
    uint64_t d = gesture_deadline(&m->g);
    int down = gesture_fingers_down(&m->g) > 0;
    if (down)
        d = min64(d, m->last_input_ms + m->cfg.stuck_finger_ms);
    if (m->state == MODE_INTERACTIVE && !down && !m->dragging)
        d = min64(d, (m->watched_ms > m->last_input_ms ? m->watched_ms : m->last_input_ms) +
                         idle_of(m));
    if (m->state == MODE_COUNTDOWN) {
        /* the expiry, or sooner the moment the seconds shown change */
        uint64_t end = m->countdown_start_ms + countdown_of(m);
        if (now_ms < end) {
            uint64_t left = end - now_ms;
            uint64_t step = left % 1000 ? left % 1000 : 1000;
            d = min64(d, now_ms + step);
        } else {
            d = now_ms;
        }
    }
    if (m->flash >= 0 && m->state != MODE_LOOP && now_ms < m->flash_until_ms)
        d = min64(d, m->flash_until_ms);
    return d < now_ms ? now_ms : d;
}

void mode_view(const struct mode *m, uint64_t now_ms, struct mode_view *v)
{
    memset(v, 0, sizeof(*v));
    v->state = m->state;
    v->index_open = m->index_open;
    v->languages_open = m->languages_open;
    v->dragging = m->dragging;
    v->drag_dx = m->dragging ? m->drag_dx : 0.0f;
    v->pressed = -1;
    if (m->state == MODE_COUNTDOWN) {
        uint64_t end = m->countdown_start_ms + countdown_of(m);
        uint64_t left = now_ms < end ? end - now_ms : 0;
        v->countdown_s = (int)((left + 999) / 1000);
    }
    if (m->state == MODE_LOOP)
        return;
    if (m->held >= 0)
        v->pressed = m->held;
    else if (m->flash >= 0 && now_ms < m->flash_until_ms)
        v->pressed = m->flash;
}

int mode_touch_active(const struct mode *m, uint64_t now_ms)
{
    return gesture_fingers_down(&m->g) > 0 || now_ms - m->last_input_ms < 1000;
}
