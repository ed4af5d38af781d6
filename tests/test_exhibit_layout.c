/* The bundled exhibit laid out with the real font metrics: every panel in
 * every locale at the nine supported screen sizes (exhibit_testing.h) fits, keeps its text
 * inside its boxes, off the chrome band and clear of other text; and a
 * panel with far too much text reports an overflow without drawing outside
 * its box. Reads the store the build wrote ($VITRINE_BINARY_DIR). */
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

#include "content/arena.h"
#include "app/visitor/layout.h"
#include "app/visitor/numfmt.h"
#include "app/visitor/mode.h"
#include "content/panel.h"
#include "content/store.h"
#include "platform/text.h"

#include "exhibit_testing.h"

/* Grid constants as layout.h documents them: a margin of 7u and a bottom
 * band of 10u, u being the screen's short side / 100. */
#define MARGIN_U 7.0
#define BAND_U 10.0

static int u_px(int w, int h, double s)
{
    double u = (w < h ? w : h) / 100.0;
    return (int)lround(s * u);
}

/* ---- checks on a draw list ------------------------------------------------ */

static const char *kind_name(enum draw_kind k)
{
    switch (k) {
    case DRAW_RECT:
        return "rect";
    case DRAW_TEXT:
        return "text";
    case DRAW_FIGURE:
        return "figure";
    case DRAW_UNITS:
        return "units";
    case DRAW_IMAGE:
        return "image";
    case DRAW_VIDEO:
        return "video";
    }
    return "?";
}

/* Reports one failing item in enough detail to find it, then fails. */
static void fail_item(const char *what, const char *panel, const char *locale, int w, int h,
                      const struct draw_item *it, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

static void fail_item(const char *what, const char *panel, const char *locale, int w, int h,
                      const struct draw_item *it, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    print_error("%s of panel %s (%s) at %dx%d: %s item at (%d,%d %dx%d)%s%.*s%s: %s\n", what, panel,
                locale ? locale : "?", w, h, kind_name(it->kind), it->r.x, it->r.y, it->r.w,
                it->r.h, it->text ? " \"" : "", it->text ? (int)(it->len > 60 ? 60 : it->len) : 0,
                it->text ? it->text : "", it->text ? "\"" : "", msg);
    fail();
}

static int is_text(const struct draw_item *it)
{
    return it->kind == DRAW_TEXT || it->kind == DRAW_FIGURE;
}

static int overlap(int a0, int a1, int b0, int b1)
{
    return a0 < b1 && b0 < a1;
}

struct bounds {
    int x0, y0, x1, y1;
};

/* Every item inside `b`; every line of text no wider (measured with the
 * real font) than its rect; no two text or picture items overlapping. */
static void check_list(const char *what, const char *panel, const char *locale, int w, int h,
                       const struct draw_list *l, const struct bounds *b)
{
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        const struct draw_rect *r = &it->r;
        if (r->w < 0 || r->h < 0)
            fail_item(what, panel, locale, w, h, it, "negative size");
        if (r->x < b->x0 || r->y < b->y0 || r->x + r->w > b->x1 || r->y + r->h > b->y1)
            fail_item(what, panel, locale, w, h, it, "outside (%d,%d)-(%d,%d)", b->x0, b->y0, b->x1,
                      b->y1);
        if (it->kind == DRAW_TEXT) {
            if (!it->text || it->len == 0)
                fail_item(what, panel, locale, w, h, it, "text item without text");
            if (it->px < 1)
                fail_item(what, panel, locale, w, h, it, "text at %d px", it->px);
            int mw = fx.m->width(fx.m->ctx, it->face, it->px, it->text, it->len);
            if (mw > r->w)
                fail_item(what, panel, locale, w, h, it, "measures %d px, rect is %d", mw, r->w);
            int lh = fx.m->line_height(fx.m->ctx, it->face, it->px);
            if (lh > r->h)
                fail_item(what, panel, locale, w, h, it, "line height %d px, rect is %d", lh, r->h);
        }
    }
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *a = &l->items[i];
        if (a->kind == DRAW_RECT)
            continue; /* rules, markers and image placeholders sit under or beside things */
        for (int j = i + 1; j < l->n; j++) {
            const struct draw_item *c = &l->items[j];
            if (c->kind == DRAW_RECT || (!is_text(a) && !is_text(c)))
                continue;
            if (overlap(a->r.x, a->r.x + a->r.w, c->r.x, c->r.x + c->r.w) &&
                overlap(a->r.y, a->r.y + a->r.h, c->r.y, c->r.y + c->r.h))
                fail_item(what, panel, locale, w, h, a, "overlaps %s item at (%d,%d %dx%d) %.*s",
                          kind_name(c->kind), c->r.x, c->r.y, c->r.w, c->r.h,
                          c->text ? (int)(c->len > 40 ? 40 : c->len) : 0, c->text ? c->text : "");
        }
    }
}

/* A figure shows its final text from its first frame; its rect must hold it. */
static void check_figures(const char *panel, const char *locale, int w, int h,
                          const struct draw_list *l)
{
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        if (it->kind != DRAW_FIGURE)
            continue;
        if (!it->figure)
            fail_item("figure", panel, locale, w, h, it, "figure item without a figure");
        char buf[256];
        size_t n =
            numfmt_figure_text(it->figure, it->locale ? it->locale : locale, buf, sizeof buf);
        assert_true(n > 0);
        int mw = fx.m->width(fx.m->ctx, it->face, it->px, buf, n);
        if (mw > it->r.w)
            fail_item("figure", panel, locale, w, h, it, "final text \"%s\" measures %d px", buf,
                      mw);
        if (it->text && (it->len != n || memcmp(it->text, buf, n) != 0))
            fail_item("figure", panel, locale, w, h, it, "text differs from the final \"%s\"", buf);
    }
}

/* ---- the bundled exhibit ------------------------------------------------- */

static void every_panel_fits_at_every_size(void **state)
{
    (void)state;
    assert_true(fx.info.n_panels > 0);
    assert_true(fx.info.n_locales > 0);
    struct arena a;
    arena_init(&a, 64 * 1024);
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        /* the band is at least BAND_U, and taller where the controls'
         * bar needs it (mode_reserve) */
        int margin = u_px(W, H, MARGIN_U), band = layout_band(&screen).top;
        assert_true(band <= H - u_px(W, H, BAND_U));
        struct bounds content = {margin, margin, W - margin, band};
        struct bounds chrome_b = {0, band, W, H};
        int min_px[FACE_COUNT], laid = 0;
        for (int f = 0; f < FACE_COUNT; f++)
            min_px[f] = INT32_MAX;
        for (int loc = 0; loc < fx.info.n_locales; loc++) {
            const char *locale = fx.info.locales[loc];
            for (int i = 0; i < fx.info.n_panels; i++) {
                char why[512] = "";
                struct panel p;
                arena_reset(&a);
                if (store_panel_load(fx.store, i, locale, &a, &p, why, sizeof why) != 0) {
                    print_error("panel %d (%s): %s\n", i + 1, locale, why);
                    fail();
                }
                const char *id = p.id ? p.id : "?";
                struct draw_list list, chrome;
                int rc = layout_panel(&p, &screen, fx.m, &a, &list);
                if (rc != 0 || list.overflow) {
                    print_error("panel %s (%s) at %dx%d: rc %d, overflow %d: %s\n", id, locale, W,
                                H, rc, list.overflow, list.problem);
                    fail();
                }
                assert_true(list.n > 0);
                check_list("layout", id, locale, W, H, &list, &content);
                check_figures(id, locale, W, H, &list);
                for (int k = 0; k < list.n; k++)
                    if (list.items[k].kind == DRAW_TEXT &&
                        list.items[k].px < min_px[list.items[k].face])
                        min_px[list.items[k].face] = list.items[k].px;

                rc = layout_chrome(&screen, i, fx.info.n_panels, fx.m, &a, &chrome);
                if (rc != 0) {
                    print_error("chrome of panel %s at %dx%d: %s\n", id, W, H, chrome.problem);
                    fail();
                }
                assert_true(chrome.n > 0);
                check_list("chrome", id, locale, W, H, &chrome, &chrome_b);
                laid++;
            }
        }
        assert_int_equal(laid, fx.info.n_panels * fx.info.n_locales);
        double u = (W < H ? W : H) / 100.0;
        printf("%dx%d: %d panels fit; smallest text: sans %d px (%.2fu), sans bold %d px "
               "(%.2fu), serif %d px (%.2fu)",
               W, H, laid, min_px[FACE_SANS], min_px[FACE_SANS] / u, min_px[FACE_SANS_BOLD],
               min_px[FACE_SANS_BOLD] / u, min_px[FACE_SERIF] == INT32_MAX ? 0 : min_px[FACE_SERIF],
               (min_px[FACE_SERIF] == INT32_MAX ? 0 : min_px[FACE_SERIF]) / u);
        printf("\n");
    }
    arena_free(&a);
}

/* s with every run of whitespace collapsed to one space, in `a`. */
static char *collapse(struct arena *a, const char *s)
{
    size_t n = strlen(s), o = 0;
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

/* The smallest body text used per size. Body lines are the sans lines whose
 * text is part of the panel's body (lines of a few characters are left out:
 * they could come from another box). Informative. */
static void smallest_body_px_per_size(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64 * 1024);
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        int body_min = INT32_MAX, lines = 0;
        char where[128] = "-";
        for (int loc = 0; loc < fx.info.n_locales; loc++) {
            for (int i = 0; i < fx.info.n_panels; i++) {
                char why[512];
                struct panel p;
                arena_reset(&a);
                assert_int_equal(
                    store_panel_load(fx.store, i, fx.info.locales[loc], &a, &p, why, sizeof why),
                    0);
                if (!p.body)
                    continue;
                const char *body = collapse(&a, p.body);
                struct draw_list list;
                assert_int_equal(layout_panel(&p, &screen, fx.m, &a, &list), 0);
                for (int k = 0; k < list.n; k++) {
                    const struct draw_item *it = &list.items[k];
                    if (it->kind != DRAW_TEXT || it->face != FACE_SANS || it->len < 12)
                        continue;
                    char *line = arena_strndup(&a, it->text, it->len);
                    assert_non_null(line);
                    if (!strstr(body, line))
                        continue;
                    lines++;
                    if (it->px < body_min) {
                        body_min = it->px;
                        snprintf(where, sizeof where, "%s (%s)", p.id ? p.id : "?",
                                 fx.info.locales[loc]);
                    }
                }
            }
        }
        assert_true(lines > 0);
        printf("%dx%d: smallest body text %d px (design %d px), on %s\n", W, H, body_min,
               u_px(W, H, 3.4), where);
    }
    arena_free(&a);
}

/* The top of a panel's first line of content: the highest text, figure,
 * chart or picture (rules and markers are not content). */
static int first_line_top(const struct draw_list *l)
{
    int top = INT32_MAX;
    for (int k = 0; k < l->n; k++)
        if (l->items[k].kind != DRAW_RECT && l->items[k].r.y < top)
            top = l->items[k].r.y;
    return top;
}

/* Every kind shares one top line: at a given size every panel's first line
 * (a story's chapter line, a quotation, a statistic's heading, the
 * timeline's, the title, the sources' heading) starts at the same y, in
 * every language and with the larger text, so nothing jumps while a
 * visitor swipes. */
static void every_panel_starts_on_one_top_line(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64 * 1024);
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h, line = INT32_MAX;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        for (int scaled = 0; scaled < 2; scaled++) {
            for (int loc = 0; loc < fx.info.n_locales; loc++) {
                for (int i = 0; i < fx.info.n_panels; i++) {
                    char why[512];
                    struct panel p;
                    struct draw_list list;
                    arena_reset(&a);
                    assert_int_equal(store_panel_load(fx.store, i, fx.info.locales[loc], &a, &p,
                                                      why, sizeof why),
                                     0);
                    layout_panel_scaled(&p, &screen, scaled ? LAYOUT_LARGER_TEXT : 1.0, fx.m, &a,
                                        &list);
                    int top = first_line_top(&list);
                    /* a tall screen's title panel is centred on the eye line
                     * (layout.c, balance); every other keeps the top line */
                    if (H > W && p.kind == PANEL_TITLE)
                        continue;
                    if (line == INT32_MAX)
                        line = top;
                    if (top != line) {
                        print_error("panel %s (%s%s) at %dx%d starts at y %d, the others at %d\n",
                                    p.id ? p.id : "?", fx.info.locales[loc], scaled ? ", A+" : "",
                                    W, H, top, line);
                        fail();
                    }
                }
            }
        }
        printf("%dx%d: every panel's first line at y %d (%.1f%% of the height)\n", W, H, line,
               100.0 * line / H);
    }
    arena_free(&a);
}

/* ---- hostile text ---------------------------------------------------------- */

static char *words(int n)
{
    static const char *const pool[] = {"marathon",   "runners", "Pyongyang", "stadium",
                                       "kilometres", "crowd",   "April",     "foreigners",
                                       "the",        "of",      "a",         "international"};
    size_t cap = (size_t)n * 16 + 1, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    for (int i = 0; i < n; i++) {
        const char *w = pool[(i * 7 + i / 5) % (sizeof pool / sizeof pool[0])];
        len +=
            (size_t)snprintf(s + len, cap - len, "%s%s", i ? (i % 60 == 0 ? "\n\n" : " ") : "", w);
    }
    return s;
}

static void hostile_story_at(const char *body, int W, int H, int expect_overflow)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.index = 3;
    p.id = "hostile-story";
    p.kind = PANEL_STORY;
    p.locale = "en";
    p.chapter = "The race";
    p.heading = "Far too much to say";
    p.body = body;
    struct layout_screen screen = mode_layout_screen(W, H, 0);
    struct arena a;
    arena_init(&a, 64 * 1024);
    struct draw_list list;
    int rc = layout_panel(&p, &screen, fx.m, &a, &list);
    if (expect_overflow) {
        assert_int_equal(rc, -1);
        assert_int_equal(list.overflow, 1);
        assert_non_null(strstr(list.problem, "body"));
        assert_non_null(strstr(list.problem, "hostile-story"));
    }
    /* even when overflowing, nothing is drawn outside the content area */
    int margin = u_px(W, H, MARGIN_U);
    struct bounds content = {margin, margin, W - margin, H - u_px(W, H, BAND_U)};
    check_list("hostile layout", p.id, p.locale, W, H, &list, &content);
    int lines = 0;
    for (int k = 0; k < list.n; k++)
        lines += list.items[k].kind == DRAW_TEXT;
    assert_true(lines > 0); /* what fits is still shown */
    arena_free(&a);
}

static void three_hundred_words_overflow_and_stay_in_the_box(void **state)
{
    (void)state;
    char *body = words(300);
    hostile_story_at(body, 1280, 800, 1);
    free(body);
}

static void one_endless_word_stays_in_the_box(void **state)
{
    (void)state;
    size_t n = 3000;
    char *body = malloc(n + 1);
    assert_non_null(body);
    for (size_t i = 0; i < n; i++)
        body[i] = (char)('a' + (int)(i % 26));
    body[n] = '\0';
    hostile_story_at(body, 1280, 800, 1);
    hostile_story_at(body, 1080, 1920, 1);
    free(body);
}

/* The type scale and the breaks, on every panel at every size, in both
 * languages, with the larger text too: a heading's lines are at least 1.5
 * times the body's (a heading barely larger than the text reads as one
 * more paragraph); no line ends inside a name the author joined with "~"
 * (a no-break space in the store); and no heading of several lines leaves
 * one word alone on a line when a break elsewhere would not. */
static int words_in(const char *s, size_t n)
{
    int w = 0, in = 0;
    for (size_t i = 0; i < n; i++) {
        int sp = s[i] == ' ';
        w += !sp && !in;
        in = !sp;
    }
    return w;
}

static void headings_lead_and_names_hold(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64 * 1024);
    double least = 99;
    int bad = 0;
    char least_at[160] = "-";
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        for (int scaled = 0; scaled < 2; scaled++)
            for (int loc = 0; loc < fx.info.n_locales; loc++)
                for (int i = 0; i < fx.info.n_panels; i++) {
                    char why[512];
                    struct panel p;
                    struct draw_list list;
                    arena_reset(&a);
                    assert_int_equal(store_panel_load(fx.store, i, fx.info.locales[loc], &a, &p,
                                                      why, sizeof why),
                                     0);
                    layout_panel_scaled(&p, &screen, scaled ? LAYOUT_LARGER_TEXT : 1.0, fx.m, &a,
                                        &list);
                    int head = INT32_MAX, body = 0, head_lines = 0, lone = 0, widest = 0;
                    const struct draw_item *prev_head = NULL;
                    for (int k = 0; k < list.n; k++) {
                        const struct draw_item *it = &list.items[k];
                        if (it->kind != DRAW_TEXT || !it->role)
                            continue;
                        /* a line that ends or starts inside a joined name */
                        int line_end = 1; /* no more of this line (runs share its y) */
                        for (int j = k + 1; j < list.n && line_end; j++)
                            line_end =
                                !(list.items[j].kind == DRAW_TEXT &&
                                  abs(list.items[j].r.y - it->r.y) < it->r.h / 2 &&
                                  list.items[j].role && strcmp(list.items[j].role, it->role) == 0);
                        if (line_end && it->len >= 2 &&
                            ((unsigned char)it->text[it->len - 2] == 0xC2 &&
                             (unsigned char)it->text[it->len - 1] == 0xA0))
                            fail_item("name", p.id, fx.info.locales[loc], W, H, it,
                                      "a line ends inside a joined name: \"%.*s\"", (int)it->len,
                                      it->text);
                        if (strcmp(it->role, "heading") == 0) {
                            head = it->px < head ? it->px : head;
                            head_lines++;
                            widest = it->r.w > widest ? it->r.w : widest;
                            /* a lone word after a line of three or more, when
                             * that line's last word fits beside it within the
                             * heading's widest line: a balanced break exists */
                            if (prev_head && words_in(it->text, it->len) == 1 &&
                                words_in(prev_head->text, prev_head->len) >= 3) {
                                const char *sp = prev_head->text + prev_head->len;
                                while (sp > prev_head->text && sp[-1] != ' ')
                                    sp--;
                                char both[256];
                                int n = snprintf(both, sizeof both, "%.*s %.*s",
                                                 (int)(prev_head->text + prev_head->len - sp), sp,
                                                 (int)it->len, it->text);
                                lone += n > 0 && n < (int)sizeof both &&
                                        fx.m->width(fx.m->ctx, it->face, it->px, both, (size_t)n) <=
                                            widest;
                            }
                            prev_head = it;
                        } else if (strcmp(it->role, "body") == 0 && it->px > body) {
                            body = it->px;
                        }
                    }
                    if (head != INT32_MAX && body > 0) {
                        double r = (double)head / body;
                        if (r < least) {
                            least = r;
                            snprintf(least_at, sizeof least_at, "%s (%s%s) at %dx%d", p.id,
                                     fx.info.locales[loc], scaled ? ", A+" : "", W, H);
                        }
                        if (r < 1.5) {
                            if (bad++ < 12)
                                print_error("panel %s (%s%s) at %dx%d: heading %d px, body %d px "
                                            "(%.2fx)\n",
                                            p.id, fx.info.locales[loc], scaled ? ", A+" : "", W, H,
                                            head, body, r);
                        }
                    }
                    if (lone > 0) {
                        if (bad++ < 12)
                            print_error("panel %s (%s%s) at %dx%d: a heading line of one word\n",
                                        p.id, fx.info.locales[loc], scaled ? ", A+" : "", W, H);
                    }
                }
    }
    printf("headings at least %.2fx the body (least on %s); %d problems\n", least, least_at, bad);
    assert_int_equal(bad, 0);
    arena_free(&a);
}

/* A+ enlarges the text of every panel kind at every size, or the layout
 * says it cannot (larger_refused, which the kiosk tells the visitor):
 * never a silent A+. Counted per kind. */
static void larger_text_grows_every_kind(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 64 * 1024);
    int grew[16] = {0}, refused[16] = {0}, silent = 0;
    for (size_t s = 0; s < N_SIZES; s++) {
        int W = sizes[s].w, H = sizes[s].h;
        struct layout_screen screen = mode_layout_screen(W, H, 0);
        for (int loc = 0; loc < fx.info.n_locales; loc++)
            for (int i = 0; i < fx.info.n_panels; i++) {
                char why[512];
                struct panel p;
                struct draw_list one, big;
                arena_reset(&a);
                assert_int_equal(
                    store_panel_load(fx.store, i, fx.info.locales[loc], &a, &p, why, sizeof why),
                    0);
                layout_panel_scaled(&p, &screen, 1.0, fx.m, &a, &one);
                layout_panel_scaled(&p, &screen, LAYOUT_LARGER_TEXT, fx.m, &a, &big);
                long ink1 = 0, ink2 = 0; /* px times bytes: the text's size on the whole */
                for (int k = 0; k < one.n; k++)
                    if (one.items[k].kind == DRAW_TEXT)
                        ink1 += (long)one.items[k].px * (long)one.items[k].len;
                for (int k = 0; k < big.n; k++)
                    if (big.items[k].kind == DRAW_TEXT)
                        ink2 += (long)big.items[k].px * (long)big.items[k].len;
                int kind = (int)p.kind & 15;
                if (big.larger_refused)
                    refused[kind]++;
                else if (ink2 > ink1)
                    grew[kind]++;
                else if (silent++ < 12)
                    print_error("panel %s (%s) at %dx%d: A+ changes nothing and says nothing\n",
                                p.id, fx.info.locales[loc], W, H);
            }
    }
    for (int k = 0; k < 16; k++)
        if (grew[k] || refused[k])
            printf("kind %d: A+ larger on %d layouts, refused (and said so) on %d\n", k, grew[k],
                   refused[k]);
    assert_int_equal(silent, 0);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_panel_fits_at_every_size),
        cmocka_unit_test(smallest_body_px_per_size),
        cmocka_unit_test(every_panel_starts_on_one_top_line),
        cmocka_unit_test(headings_lead_and_names_hold),
        cmocka_unit_test(larger_text_grows_every_kind),
        cmocka_unit_test(three_hundred_words_overflow_and_stay_in_the_box),
        cmocka_unit_test(one_endless_word_stays_in_the_box),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
