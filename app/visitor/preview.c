/* preview.c - the debounce and the build-error card of `vitrine preview`. */
#include "preview.h"

#include <stdio.h>
#include <string.h>

void preview_debounce_event(struct preview_debounce *d, uint64_t now_ms)
{
    d->last_ms = now_ms;
    d->pending = 1;
}

int preview_debounce_due(const struct preview_debounce *d, uint64_t now_ms)
{
    return d->pending && now_ms >= d->last_ms + PREVIEW_QUIET_MS;
}

uint64_t preview_debounce_deadline(const struct preview_debounce *d)
{
    return d->pending ? d->last_ms + PREVIEW_QUIET_MS : UINT64_MAX;
}

void preview_debounce_clear(struct preview_debounce *d)
{
    d->pending = 0;
}

/* errors with every line break doubled, so that each error is a paragraph
 * (typeset collapses a single line break like a space). */
static char *paragraphs(struct draw_ctx *d, const char *errors)
{
    size_t n = strlen(errors), extra = 0;
    for (size_t i = 0; i < n; i++)
        extra += errors[i] == '\n';
    char *s = draw_alloc(d, n + extra + 1);
    if (!s)
        return NULL;
    size_t j = 0;
    for (size_t i = 0; i < n; i++) {
        s[j++] = errors[i];
        if (errors[i] == '\n')
            s[j++] = '\n';
    }
    s[j] = '\0';
    return s;
}

/* One box of text fitted from design down to floor px (sizes in units),
 * drawn at (x, y); returns its height, 0 when nothing was set. */
static int text_box(struct draw_ctx *d, const char *text, enum font_face face, double design_u,
                    double floor_u, int x, int y, int bw, int bh, int max_lines,
                    enum color_role color)
{
    struct typeset t;
    struct typeset_style st = {.face = face, .lead = 0.15, .para_gap = 0.45, .paragraphs = 1};
    if (bh <= 0 || bw <= 0 || typeset_prepare(&t, d->m, d->a, text, &st) != 0 || t.nu == 0)
        return 0;
    int design = draw_max(8, draw_u(d, design_u)), floor_px = draw_max(8, draw_u(d, floor_u));
    if (!typeset_fit(&t, design, draw_min(design, floor_px), bw, bh, max_lines, 0))
        typeset_ellipsize(&t, bw);
    draw_text(d, &t, x, y, bw, TYPESET_LEFT, color);
    return t.height;
}

int preview_error_layout(const struct layout_screen *screen, const char *errors,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct draw_ctx d;
    if (!out || draw_ctx_init(&d, screen, m, a, out) != 0)
        return -1;
    if (!errors || !errors[0])
        errors = "The build failed without saying why.";
    /* a card on the charcoal background: the accent bar says "attention"
     * without red, which the palette does not have; the text keeps the
     * palette's 15.5:1 contrast */
    int margin = draw_u(&d, 5), pad = draw_u(&d, 3);
    int x0 = margin, y0 = margin, w = d.W - 2 * margin, h = d.H - 2 * margin;
    if (w <= 4 * pad || h <= 4 * pad)
        return -1;
    draw_push(&d, DRAW_RECT, (struct draw_rect){x0, y0, w, h}, COLOR_RULE)->alpha = 64;
    draw_push(&d, DRAW_RECT, (struct draw_rect){x0, y0, draw_max(3, draw_u(&d, 0.6)), h},
              COLOR_ACCENT);
    int x = x0 + pad + draw_u(&d, 0.6), bw = x0 + w - pad - x;
    int y = y0 + pad, bottom = y0 + h - pad;
    y += text_box(&d, "The exhibit does not build", FACE_SANS_BOLD, 4.5, 3.0, x, y, bw, bottom - y,
                  1, COLOR_ACCENT);
    y += draw_u(&d, 2.5);
    /* the footer's room is kept first, then the errors take the rest */
    const char *foot = "Fix the file and save it: the preview rebuilds by itself.";
    int foot_h = 2 * draw_max(8, draw_u(&d, 2.4));
    char *body = paragraphs(&d, errors);
    if (body)
        text_box(&d, body, FACE_SANS, 2.8, 1.8, x, y, bw, bottom - foot_h - draw_u(&d, 2) - y, 0,
                 COLOR_TEXT);
    text_box(&d, foot, FACE_SANS, 2.4, 1.6, x, bottom - foot_h, bw, foot_h, 1, COLOR_MUTED);
    if (d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out the error card");
        return -1;
    }
    return 0;
}

/* One line of text at px, cut with an ellipsis where it is longer. */
static void one_line(struct draw_ctx *d, const char *text, enum font_face face, int px, int x,
                     int y, int bw, enum color_role color)
{
    struct typeset t;
    struct typeset_style st = {.face = face, .lead = 0.15};
    if (typeset_prepare(&t, d->m, d->a, text, &st) != 0 || t.nu == 0)
        return;
    if (!typeset_fit(&t, px, px, bw, px * 2, 1, 0))
        typeset_ellipsize(&t, bw);
    draw_text(d, &t, x, y, bw, TYPESET_LEFT, color);
}

/* s copied into d's arena (NULL when it is exhausted). */
static char *copy(struct draw_ctx *d, const char *s, size_t n)
{
    char *c = draw_alloc(d, n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

int preview_warnings_layout(const struct layout_screen *screen, const char *warnings, int folded,
                            const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct draw_ctx d;
    if (!out || draw_ctx_init(&d, screen, m, a, out) != 0)
        return -1;
    int total = 0;
    for (const char *l = warnings ? warnings : ""; *l;) {
        const char *end = strchr(l, '\n');
        total += end != l;
        if (!end)
            break;
        l = end + 1;
    }
    if (total == 0)
        return 0;
    int px = draw_max(13, draw_u(&d, 2.2));
    int pad = draw_u(&d, 1.2), bar = draw_max(3, draw_u(&d, 0.6));
    int line_h = m->line_height(m->ctx, FACE_SANS, px) * 11 / 10;
    int shown = folded ? 0 : draw_min(total, PREVIEW_WARN_LINES);
    int more = !folded && total > shown;
    while (shown > 1 && 2 * pad + (1 + shown + more) * line_h > d.H / 3) {
        shown--; /* a short window: fewer lines */
        more = 1;
    }
    int h = 2 * pad + (1 + shown + more) * line_h;
    if (h > d.H || d.W <= 2 * pad + bar)
        return -1;
    int rule = draw_max(1, d.W / 640);
    draw_push(&d, DRAW_RECT, (struct draw_rect){0, 0, d.W, h}, COLOR_BG);
    draw_push(&d, DRAW_RECT, (struct draw_rect){0, h - rule, d.W, rule}, COLOR_RULE);
    draw_push(&d, DRAW_RECT, (struct draw_rect){0, 0, bar, h}, COLOR_ACCENT);
    int x = bar + pad, bw = d.W - x - pad, y = pad;
    char line[160];
    snprintf(line, sizeof line, "%d warning%s from the build%s", total, total == 1 ? "" : "s",
             folded ? ": click here to show them" : " (click here to fold them away)");
    const char *s = copy(&d, line, strlen(line));
    if (s)
        one_line(&d, s, FACE_SANS_BOLD, px, x, y, bw, COLOR_ACCENT);
    y += line_h;
    const char *l = warnings;
    for (int i = 0; i < shown && *l;) {
        const char *end = strchr(l, '\n');
        size_t n = end ? (size_t)(end - l) : strlen(l);
        if (n > 0 && (s = copy(&d, l, n)) != NULL) {
            one_line(&d, s, FACE_SANS, px, x, y, bw, COLOR_TEXT);
            y += line_h;
            i++;
        }
        l = end ? end + 1 : l + n;
    }
    if (more) {
        snprintf(line, sizeof line, "and %d more: the terminal lists them all", total - shown);
        if ((s = copy(&d, line, strlen(line))) != NULL)
            one_line(&d, s, FACE_SANS, px, x, y, bw, COLOR_MUTED);
    }
    draw_list_role(out, 0, "warnings");
    if (d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out the warnings");
        return -1;
    }
    return 0;
}
