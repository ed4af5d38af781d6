/* frame_plan.c - the frame planner (frame_plan.h): rectangle sets, tiles,
 * list hashes, the count-up's easing, and where a frame can differ from
 * the one the output shows. Pure: no SDL, no clock, no allocation. */
#include "frame_plan.h"

#include <math.h>
#include <string.h>

long plan_rect_area(const struct plan_rect *r)
{
    return r->w > 0 && r->h > 0 ? (long)r->w * (long)r->h : 0;
}

static int imax(int a, int b)
{
    return a > b ? a : b;
}

static int imin(int a, int b)
{
    return a < b ? a : b;
}

int plan_rect_overlap(const struct plan_rect *a, const struct plan_rect *b, struct plan_rect *out)
{
    if (a->w <= 0 || a->h <= 0 || b->w <= 0 || b->h <= 0)
        return 0;
    int x0 = imax(a->x, b->x), y0 = imax(a->y, b->y);
    int x1 = imin(a->x + a->w, b->x + b->w), y1 = imin(a->y + a->h, b->y + b->h);
    if (x1 <= x0 || y1 <= y0)
        return 0;
    if (out)
        *out = (struct plan_rect){x0, y0, x1 - x0, y1 - y0};
    return 1;
}

int plan_rect_meets(const struct plan_rect *r, const struct plan_rect *set, int n)
{
    for (int i = 0; i < n; i++)
        if (plan_rect_overlap(r, &set[i], NULL))
            return 1;
    return 0;
}

struct plan_rect plan_rect_union(const struct plan_rect *a, const struct plan_rect *b)
{
    if (a->w <= 0 || a->h <= 0)
        return *b;
    if (b->w <= 0 || b->h <= 0)
        return *a;
    int x0 = imin(a->x, b->x), y0 = imin(a->y, b->y);
    int x1 = imax(a->x + a->w, b->x + b->w), y1 = imax(a->y + a->h, b->y + b->h);
    return (struct plan_rect){x0, y0, x1 - x0, y1 - y0};
}

struct plan_rect plan_padded(struct plan_rect r)
{
    return (struct plan_rect){r.x - PLAN_PAD, r.y - PLAN_PAD, r.w + 2 * PLAN_PAD,
                              r.h + 2 * PLAN_PAD};
}

void plan_rects_merge(struct plan_rect *r, int *n)
{
    for (int merged = 1; merged;) {
        merged = 0;
        for (int i = 0; i < *n && !merged; i++)
            for (int j = i + 1; j < *n && !merged; j++)
                if (plan_rect_overlap(&r[i], &r[j], NULL)) {
                    r[i] = plan_rect_union(&r[i], &r[j]);
                    r[j] = r[--*n];
                    merged = 1;
                }
    }
}

void plan_rects_add(struct plan_rect *set, int *n, int max, struct plan_rect r, int w, int h)
{
    struct plan_rect screen = {0, 0, w, h};
    if (!plan_rect_overlap(&r, &screen, &r))
        return;
    if (*n < max) {
        set[(*n)++] = r;
        return;
    }
    int best = 0;
    long grow = -1;
    for (int i = 0; i < *n; i++) {
        struct plan_rect u = plan_rect_union(&set[i], &r);
        long g = plan_rect_area(&u) - plan_rect_area(&set[i]);
        if (grow < 0 || g < grow) {
            grow = g;
            best = i;
        }
    }
    set[best] = plan_rect_union(&set[best], &r);
}

int plan_rect_less(const struct plan_rect *r, const struct plan_rect *cut, struct plan_rect *out)
{
    struct plan_rect c;
    if (!plan_rect_overlap(r, cut, &c)) {
        out[0] = *r;
        return 1;
    }
    int n = 0;
    if (c.y > r->y) /* above */
        out[n++] = (struct plan_rect){r->x, r->y, r->w, c.y - r->y};
    if (c.y + c.h < r->y + r->h) /* below */
        out[n++] = (struct plan_rect){r->x, c.y + c.h, r->w, r->y + r->h - (c.y + c.h)};
    if (c.x > r->x) /* left, beside it */
        out[n++] = (struct plan_rect){r->x, c.y, c.x - r->x, c.h};
    if (c.x + c.w < r->x + r->w) /* right, beside it */
        out[n++] = (struct plan_rect){c.x + c.w, c.y, r->x + r->w - (c.x + c.w), c.h};
    return n;
}

int plan_tile(int w, int h)
{
    return w > 2048 || h > 2048 ? 32 : 16;
}

int plan_grid(int w, int h, int *cols, int *rows)
{
    int t = plan_tile(w, h);
    *cols = (w + t - 1) / t;
    *rows = (h + t - 1) / t;
    return w > 0 && h > 0 && *cols <= PLAN_WORDS * 64 && *rows <= PLAN_ROWS;
}

void plan_bits_rect(uint64_t (*bits)[PLAN_WORDS], struct plan_rect r, int w, int h)
{
    struct plan_rect screen = {0, 0, w, h};
    if (!plan_rect_overlap(&r, &screen, &r))
        return;
    int t = plan_tile(w, h);
    int c0 = r.x / t, c1 = (r.x + r.w - 1) / t;
    int r0 = r.y / t, r1 = (r.y + r.h - 1) / t;
    for (int y = r0; y <= r1 && y < PLAN_ROWS; y++)
        for (int c = c0; c <= c1 && c < PLAN_WORDS * 64; c++)
            bits[y][c / 64] |= 1ull << (c % 64);
}

int plan_bits_rects(const uint64_t (*bits)[PLAN_WORDS], int cols, int rows, int w, int h,
                    struct plan_rect *out, int max)
{
    int n = 0, t = plan_tile(w, h);
    for (int y = 0; y < rows; y++) {
        int top = y * t, th = ((y + 1) * t < h ? (y + 1) * t : h) - top;
        for (int c = 0; c < cols;) {
            if (!(bits[y][c / 64] >> (c % 64) & 1)) {
                c++;
                continue;
            }
            int c0 = c;
            while (c < cols && (bits[y][c / 64] >> (c % 64) & 1))
                c++;
            int x = c0 * t, xw = (c * t < w ? c * t : w) - x;
            int i = 0;
            while (i < n && !(out[i].x == x && out[i].w == xw && out[i].y + out[i].h == top))
                i++;
            if (i < n) {
                out[i].h += th;
            } else if (n == max) {
                return -1;
            } else {
                out[n++] = (struct plan_rect){x, top, xw, th};
            }
        }
    }
    return n;
}

struct plan_rect plan_item_place(const struct draw_item *it)
{
    return plan_padded((struct plan_rect){it->r.x, it->r.y, it->r.w, it->r.h});
}

static uint32_t fnv(uint32_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t k = 0; k < n; k++)
        h = (h ^ b[k]) * 16777619u;
    return h;
}

uint32_t plan_list_hash(const struct draw_list *l)
{
    uint32_t h = 2166136261u;
    for (int i = 0; l && i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        int v[18] = {(int)it->kind,
                     (int)it->color,
                     it->alpha,
                     (int)it->face,
                     it->px,
                     it->r.x,
                     it->r.y,
                     it->r.w,
                     it->r.h,
                     it->units_total,
                     it->units_lit,
                     it->units_part,
                     it->units_last,
                     it->units_cols,
                     it->cell,
                     it->gap,
                     (int)it->lit_color,
                     it->rtl | it->ltr_para << 1};
        const void *ptr[4] = {it->figure, it->image, it->video, it->locale};
        h = fnv(h, v, sizeof(v));
        h = fnv(h, ptr, sizeof(ptr));
        h = fnv(h, &it->len, sizeof(it->len));
        if (it->text)
            h = fnv(h, it->text, it->len);
    }
    return h;
}

void plan_note_lists(struct plan_shown *s, const struct frame *f, int w, int h)
{
    const int max = (int)(sizeof(s->listed) / sizeof(s->listed[0]));
    s->n_lists = f->n_lists;
    for (int l = 0; l < f->n_lists; l++) {
        s->lists[l] = f->lists[l];
        s->list_hash[l] = plan_list_hash(f->lists[l]);
        for (int i = 0; f->lists[l] && i < f->lists[l]->n; i++) {
            struct plan_rect r = plan_item_place(&f->lists[l]->items[i]);
            plan_rects_add(s->listed, &s->n_listed, max, r, w, h);
            plan_bits_rect(s->area, r, w, h);
        }
    }
    for (int i = 0; i < s->n_moving; i++)
        plan_bits_rect(s->area, s->moving[i], w, h);
    for (int i = 0; i < s->n_figs; i++)
        plan_bits_rect(s->area, s->figs[i], w, h);
}

double plan_ease(double t)
{
    if (!(t > 0))
        return 0;
    if (t >= 1)
        return 1;
    double u = 1 - t;
    return 1 - u * u * u;
}

struct plan_arrival plan_figure_arrival(double eased, int h)
{
    if (!(eased > 0))
        eased = 0;
    if (eased > 1)
        eased = 1;
    return (struct plan_arrival){(int)lround((1 - eased) * (h > 0 ? h : 0) / 5.0),
                                 (int)lround(255 * eased)};
}

int plan_units_lit(int lit, int total, double eased)
{
    int n = (int)lround(lit * eased);
    return n < 0 ? 0 : n > total ? total : n;
}

/* ---- the plan ---- */

/* The lists of now are those of was, unchanged. */
static int lists_same(const struct plan_shown *was, const struct plan_shown *now)
{
    if (was->n_lists != now->n_lists)
        return 0;
    for (int l = 0; l < now->n_lists; l++)
        if (was->lists[l] != now->lists[l] || was->list_hash[l] != now->list_hash[l])
            return 0;
    return 1;
}

static int rect_equal(const struct plan_rect *a, const struct plan_rect *b)
{
    return a->x == b->x && a->y == b->y && a->w == b->w && a->h == b->h;
}

/* Place r (clipped to the w x h screen) into the damage of *n rects in
 * out->r when it meets it and is not inside one of them: 1 when it was, 0
 * when not, -1 when the damage would not fit. */
static int join_damage(struct plan_damage *out, int *n, struct plan_rect r, int w, int h)
{
    struct plan_rect screen = {0, 0, w, h}, c;
    if (!plan_rect_overlap(&r, &screen, &c) || !plan_rect_meets(&c, out->r, *n))
        return 0;
    for (int k = 0; k < *n; k++) {
        struct plan_rect u = plan_rect_union(&out->r[k], &c);
        if (rect_equal(&u, &out->r[k]))
            return 0;
    }
    if (*n == PLAN_RECTS)
        return -1;
    out->r[(*n)++] = c;
    plan_rects_merge(out->r, n);
    return 1;
}

/* Over a damage of n rects, what is drawn only where the damage meets it
 * (unchanged lists, when lists; the pieces of figures, when pieces): each
 * item or piece that meets the damage joins it whole, until none more
 * does. The new count, or -1 when the damage would not fit. */
static int into_damage(struct plan_damage *out, const struct frame *f, int n, int w, int h,
                       int lists, const struct plan_shown *pieces)
{
    for (int more = 1; more;) {
        more = 0;
        for (int l = 0; lists && l < f->n_lists; l++)
            for (int i = 0; f->lists[l] && i < f->lists[l]->n; i++) {
                int r = join_damage(out, &n, plan_item_place(&f->lists[l]->items[i]), w, h);
                if (r < 0)
                    return -1;
                more |= r;
            }
        for (int i = 0; pieces && i < pieces->n_pieces; i++) {
            int r = join_damage(out, &n, pieces->pieces[i].r, w, h);
            if (r < 0)
                return -1;
            more |= r;
        }
    }
    return n;
}

static int piece_in(const struct plan_piece *p, const struct plan_shown *s)
{
    for (int i = 0; i < s->n_pieces; i++)
        if (s->pieces[i].tex == p->tex && s->pieces[i].a == p->a &&
            rect_equal(&s->pieces[i].r, &p->r))
            return 1;
    return 0;
}

/* The pieces of figures drawn in one frame and not the other, into the
 * damage of *n rects. */
static void pieces_changed(struct plan_damage *out, int *n, const struct plan_shown *was,
                           const struct plan_shown *now, int w, int h)
{
    for (int i = 0; i < was->n_pieces; i++)
        if (!piece_in(&was->pieces[i], now))
            plan_rects_add(out->r, n, PLAN_RECTS, was->pieces[i].r, w, h);
    for (int i = 0; i < now->n_pieces; i++)
        if (!piece_in(&now->pieces[i], was))
            plan_rects_add(out->r, n, PLAN_RECTS, now->pieces[i].r, w, h);
}

static void add_all(struct plan_damage *out, int *n, const struct plan_rect *set, int count, int w,
                    int h)
{
    for (int i = 0; i < count; i++)
        plan_rects_add(out->r, n, PLAN_RECTS, set[i], w, h);
}

void frame_plan_damage(const struct plan_shown *was, const struct plan_shown *now,
                       const struct frame *f, int w, int h, struct plan_damage *out)
{
    out->n = -1;
    out->lists_kept = 0;
    out->pieces = 0;
    int cols, rows;
    if (!was || !was->ok || !now->ok || !plan_grid(w, h, &cols, &rows))
        return;
    int same = was->a == now->a && was->a_ver == now->a_ver && was->b == now->b &&
               was->b_ver == now->b_ver;
    int n = 0;
    if (same && !now->b) { /* the same view: what moves, then and now */
        int kept = lists_same(was, now);
        /* a counting figure: the pieces that changed, not all of it */
        int pieces = was->n_pieces <= PLAN_PIECES && now->n_pieces <= PLAN_PIECES;
        add_all(out, &n, was->moving, was->n_moving, w, h);
        add_all(out, &n, now->moving, now->n_moving, w, h);
        if (pieces) {
            pieces_changed(out, &n, was, now, w, h);
        } else {
            add_all(out, &n, was->figs, was->n_figs, w, h);
            add_all(out, &n, now->figs, now->n_figs, w, h);
        }
        if (!kept) {
            add_all(out, &n, was->listed, was->n_listed, w, h);
            add_all(out, &n, now->listed, now->n_listed, w, h);
        }
        plan_rects_merge(out->r, &n);
        /* lists as they were, and pieces: drawn only where the damage
         * meets them */
        if ((kept || pieces) && (n = into_damage(out, f, n, w, h, kept, pieces ? now : NULL)) < 0)
            return;
        out->lists_kept = kept;
        out->pieces = pieces;
    } else {
        /* the same crossfade: all of both (the mix changed), and what
         * moved then; else all of then and now. In tiles, which follow the
         * text far closer than rectangles around it do. */
        uint64_t(*bits)[PLAN_WORDS] = out->bits;
        memcpy(bits, now->area, (size_t)rows * sizeof(bits[0]));
        if (same) {
            for (int i = 0; i < was->n_moving; i++)
                plan_bits_rect(bits, was->moving[i], w, h);
            for (int i = 0; i < was->n_figs; i++)
                plan_bits_rect(bits, was->figs[i], w, h);
            for (int i = 0; i < was->n_listed; i++)
                plan_bits_rect(bits, was->listed[i], w, h);
        } else {
            for (int y = 0; y < rows; y++)
                for (int k = 0; k < PLAN_WORDS; k++)
                    bits[y][k] |= was->area[y][k];
        }
        n = plan_bits_rects((const uint64_t(*)[PLAN_WORDS])bits, cols, rows, w, h, out->r,
                            PLAN_RECTS);
        if (n < 0)
            return; /* too scattered: drawn and sent whole */
    }
    long area = 0;
    for (int i = 0; i < n; i++)
        area += plan_rect_area(&out->r[i]);
    if (area * 4 > (long)w * h * 3)
        return; /* most of the screen: drawn and sent whole */
    out->n = n;
}
