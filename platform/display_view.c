/* display_view.c - panel views: a view's static layer, its glyph atlases
 * and figures composed glyph by glyph, unit charts, its items, and a view at
 * rest (only its non-background tiles kept, made whole again on demand). */
#define _DEFAULT_SOURCE /* access */
#include "display_internal.h"
#include "numfmt.h"

/* Glyphs a count-up figure is made of, rasterised when a view is prepared:
 * digits, separators, range dash, approximately, minus, narrow no-break
 * space (French thousands), no-break space, space, sign and percent. */
static const char *const figure_glyphs[] = {"0",
                                            "1",
                                            "2",
                                            "3",
                                            "4",
                                            "5",
                                            "6",
                                            "7",
                                            "8",
                                            "9",
                                            ",",
                                            ".",
                                            "\xE2\x80\x93",
                                            "~",
                                            "\xE2\x88\x92",
                                            "\xE2\x80\xAF",
                                            "\xC2\xA0",
                                            " ",
                                            "-",
                                            "+",
                                            "%",
                                            NULL};

/* ---- figures: glyph atlases ----------------------------------------------- */

/* A figure's glyph as a texture of its inked pixels only: a large glyph's
 * line box is mostly transparent margin, which every blit of it walks
 * through (a transparent pixel changes nothing, so the picture is the
 * same). Sets g's size and offset; NULL for a blank glyph. */
static SDL_Texture *glyph_texture(struct display *d, const struct atlas *a, const char *u, size_t n,
                                  struct glyph *g)
{
    g->w = g->h = g->ox = g->oy = 0;
    memset(&g->ink, 0, sizeof(g->ink));
    SDL_Surface *surf = text_render(d->text, a->face, a->px, a->rgb, u, n);
    if (!surf)
        return NULL;
    int x0 = surf->w, y0 = surf->h, x1 = -1, y1 = -1;
    for (int y = 0; y < surf->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)surf->pixels + y * surf->pitch);
        for (int x = 0; x < surf->w; x++)
            if (row[x] >> 24) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y;
            }
    }
    SDL_Texture *tex = NULL;
    SDL_Surface *box = x1 < 0 ? NULL
                              : SDL_CreateRGBSurfaceWithFormatFrom(
                                    (Uint8 *)surf->pixels + y0 * surf->pitch + x0 * 4, x1 - x0 + 1,
                                    y1 - y0 + 1, 32, surf->pitch, SDL_PIXELFORMAT_ARGB8888);
    if (box) {
        tex = disp_tex_counted(SDL_CreateTextureFromSurface(d->ren, box));
        if (tex) {
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
            g->w = box->w;
            g->h = box->h;
            g->ox = x0;
            g->oy = y0;
            disp_ink_make(d, &g->ink, box, a->rgb);
        } else {
            log_warn(TAG, "glyph texture: %s", SDL_GetError());
        }
        SDL_FreeSurface(box);
    }
    SDL_FreeSurface(surf);
    return tex;
}

static void glyph_make(struct display *d, struct atlas *a, uint32_t cp)
{
    if (a->n >= ATLAS_GLYPHS)
        return;
    char u[4];
    size_t n = disp_utf8_put(cp, u);
    struct glyph *g = &a->g[a->n++];
    g->cp = cp;
    g->tex = glyph_texture(d, a, u, n, g);
    g->adv = text_measurer(d->text)->width(d->text, a->face, a->px, u, n);
}

static const struct glyph *atlas_glyph(struct display *d, struct atlas *a, uint32_t cp)
{
    for (int i = 0; i < a->n; i++) {
        struct glyph *g = &a->g[i];
        if (g->cp != cp)
            continue;
        if (g->gone) { /* its view rested: the glyph again, the same pixels */
            char u[4];
            g->tex = glyph_texture(d, a, u, disp_utf8_put(cp, u), g);
            g->gone = 0;
        }
        return g;
    }
    /* Not one of the prepared glyphs: rasterise it once and keep it. */
    log_debug(TAG, "figure glyph U+%04X not prepared", (unsigned)cp);
    glyph_make(d, a, cp);
    return a->n && a->g[a->n - 1].cp == cp ? &a->g[a->n - 1] : NULL;
}

static int atlas_for(struct display *d, struct panel_view *v, enum font_face face, int px,
                     uint32_t rgb, enum locale_digits nu)
{
    for (int i = 0; i < v->n_atlases; i++) {
        struct atlas *a = &v->atlases[i];
        if (a->face == face && a->px == px && a->rgb == rgb && a->nu == nu)
            return i;
    }
    /* v->atlases has room for one per item (see display_prepare). */
    struct atlas *a = &v->atlases[v->n_atlases];
    a->face = face;
    a->px = px;
    a->rgb = rgb;
    a->nu = nu;
    a->n = 0;
    for (int i = 0; figure_glyphs[i]; i++) {
        const char *p = figure_glyphs[i];
        glyph_make(d, a, disp_utf8_next(&p, p + strlen(p)));
    }
    if (nu != DIGITS_LATIN) { /* the locale's digits, and U+066B, U+066C */
        for (int k = 0; k < 10; k++)
            glyph_make(d, a, (nu == DIGITS_ARAB ? 0x0660u : 0x06F0u) + (uint32_t)k);
        glyph_make(d, a, 0x066B);
        glyph_make(d, a, 0x066C);
    }
    return v->n_atlases++;
}

/* One piece of a figure: drawn, or (fp not NULL) only added to fp: the
 * figure's extent (crossfade_own), and where each piece lands (damage).
 * While a frame is drawn where its figures' pieces changed (dmg_pieces), a
 * piece the damage does not meet is on the output already. */
static void figure_put(struct display *d, SDL_Texture *tex, const struct ink *k, int x, int y,
                       int w, int h, uint8_t a, struct figure_pieces *fp)
{
    SDL_Rect r = {x, y, w, h};
    if (!fp) {
        if (!d->dmg_pieces || disp_meets(&r, d->dmg, d->n_dmg))
            disp_put_tex(d, tex, k, x, y, w, h, a);
        return;
    }
    if (!tex || a == 0 || SDL_RectEmpty(&r))
        return;
    if (SDL_RectEmpty(&fp->ext))
        fp->ext = r;
    else
        SDL_UnionRect(&fp->ext, &r, &fp->ext);
    if (fp->n < fp->max)
        fp->p[fp->n] = (struct plan_piece){.tex = tex, .r = {x, y, w, h}, .a = a};
    fp->n += fp->n <= fp->max; /* max + 1: they did not fit */
}

void disp_draw_figure(struct display *d, struct panel_view *v, struct anim_item *it, int dx,
                      uint8_t alpha, double t, struct figure_pieces *fp)
{
    char buf[FIGURE_TEXT_MAX];
    size_t len = numfmt_figure_text(it->figure, it->locale, buf, sizeof(buf));
    if (len >= sizeof(buf))
        len = strlen(buf);
    const char *p = buf, *end = buf + len;
    struct plan_arrival arr = plan_figure_arrival(t, it->r.h);
    int x = it->r.x + dx, y = it->r.y + arr.dy;
    uint8_t a = disp_mul_alpha(disp_mul_alpha(it->alpha, alpha), (uint8_t)arr.alpha);
    struct atlas *at = &v->atlases[it->atlas];

    int prefix = it->prefix_len && len >= it->prefix_len &&
                 memcmp(buf, it->figure->prefix, it->prefix_len) == 0;
    if (prefix)
        p += it->prefix_len;
    const char *mid_end = end;
    int suffix = it->suffix_len && (size_t)(end - p) >= it->suffix_len &&
                 memcmp(end - it->suffix_len, it->figure->suffix, it->suffix_len) == 0;
    if (suffix)
        mid_end = end - it->suffix_len;
    /* On a right-to-left page the figure ends at its box's right edge (it
     * is read from there while it counts), and a prefix or suffix in a
     * right-to-left script stands on the number's far side: "نحو 7.03 km"
     * reads from the right, the number and a Latin unit left to right. */
    int pre_right = it->rtl && it->prefix_rtl, suf_left = it->rtl && it->suffix_rtl;
    if (it->rtl) {
        int total = (prefix ? it->prefix_adv : 0) + (suffix ? it->suffix_w : 0);
        for (const char *q = p; q < mid_end;) {
            const struct glyph *g = atlas_glyph(d, at, disp_utf8_next(&q, mid_end));
            total += g ? g->adv : at->px / 2;
        }
        x = it->r.x + dx + it->r.w - total;
    }
    if (suffix && suf_left) {
        figure_put(d, it->suffix, &it->suffix_ink, x, y, it->suffix_w, it->suffix_h, a, fp);
        x += it->suffix_w;
    }
    if (prefix && !pre_right) {
        figure_put(d, it->prefix, &it->prefix_ink, x, y, it->prefix_w, it->prefix_h, a, fp);
        x += it->prefix_adv;
    }
    /* a range in Arabic-Indic digits reads from the right, its first
     * number rightmost (Western digits keep "38–41" left to right) */
    const char *dash = NULL;
    if (it->rtl && at->nu != DIGITS_LATIN)
        for (const char *q = p; q + 3 <= mid_end && !dash; q++)
            if (memcmp(q, "\xE2\x80\x93", 3) == 0)
                dash = q;
    const char *seg[3][2] = {{p, mid_end}, {NULL, NULL}, {NULL, NULL}};
    if (dash) {
        seg[0][0] = dash + 3;
        seg[1][0] = dash;
        seg[1][1] = dash + 3;
        seg[2][0] = p;
        seg[2][1] = dash;
    }
    for (int k = 0; k < 3 && seg[k][0]; k++)
        for (const char *q = seg[k][0]; q < seg[k][1];) {
            const struct glyph *g = atlas_glyph(d, at, disp_utf8_next(&q, seg[k][1]));
            if (!g) {
                x += at->px / 2;
                continue;
            }
            figure_put(d, g->tex, &g->ink, x + g->ox, y + g->oy, g->w, g->h, a, fp);
            x += g->adv;
        }
    if (suffix && !suf_left) {
        figure_put(d, it->suffix, &it->suffix_ink, x, y, it->suffix_w, it->suffix_h, a, fp);
        x += it->suffix_w;
    }
    if (prefix && pre_right)
        figure_put(d, it->prefix, &it->prefix_ink, x, y, it->prefix_w, it->prefix_h, a, fp);
}

/* ---- unit charts ---------------------------------------------------------- */

/* Square i of a unit chart: the last one only as wide as the part of a
 * square the whole covers (from its reading side). */
static void units_cell(const struct draw_item *item, int i, SDL_Rect *out)
{
    int cols = item->units_cols > 0 ? item->units_cols : item->units_total;
    int step = item->cell + item->gap;
    out->x = item->rtl ? item->r.x + item->r.w - item->cell - (i % cols) * step
                       : item->r.x + (i % cols) * step;
    out->y = item->r.y + (i / cols) * step;
    out->w = out->h = item->cell;
    if (i == item->units_total - 1 && item->units_last > 0 && item->units_last < 1000) {
        out->w = (int)((long long)item->cell * item->units_last / 1000);
        if (out->w < 1)
            out->w = 1;
        if (item->rtl)
            out->x += item->cell - out->w;
    }
}

/* The lit part of the square after the whole ones (units_part
 * thousandths of its width from the left, at least a pixel), once the
 * count-up has lit every whole one. 0 when there is none to draw. */
static int units_part_rect(const struct draw_item *item, int lit_now, SDL_Rect *out)
{
    if (item->units_part <= 0 || lit_now < item->units_lit || item->units_lit >= item->units_total)
        return 0;
    units_cell(item, item->units_lit, out);
    int square = out->w; /* the last square may be a part itself */
    out->w = (int)((long long)item->cell * item->units_part / 1000);
    if (out->w < 1)
        out->w = 1;
    if (out->w > square)
        out->w = square;
    if (item->rtl) /* from the square's right edge */
        out->x += square - out->w;
    return 1;
}

/* Draw a unit chart straight from its item, in batches (no allocation). */
static void draw_units_item(SDL_Renderer *ren, const struct palette *pal,
                            const struct draw_item *item, int dx, uint8_t alpha, double eased)
{
    SDL_Rect batch[UNITS_BATCH];
    int total = item->units_total > 0 ? item->units_total : 0;
    int lit = plan_units_lit(item->units_lit, total, eased);
    uint8_t a = disp_mul_alpha(item->alpha, alpha);
    for (int pass = 0; pass < 2; pass++) {
        int from = pass ? lit : 0, to = pass ? total : lit;
        disp_set_color(ren, rgb_of(pal, pass ? item->color : item->lit_color), a);
        for (int i = from; i < to;) {
            int n = 0;
            for (; i < to && n < UNITS_BATCH; i++, n++) {
                units_cell(item, i, &batch[n]);
                batch[n].x += dx;
            }
            SDL_RenderFillRects(ren, batch, n);
        }
    }
    SDL_Rect part;
    if (units_part_rect(item, lit, &part)) {
        part.x += dx;
        disp_set_color(ren, rgb_of(pal, item->lit_color), a);
        SDL_RenderFillRect(ren, &part);
    }
}

static void draw_units(SDL_Renderer *ren, struct anim_item *it, int dx, uint8_t alpha, double eased)
{
    if (it->total <= 0)
        return;
    if (it->shifted_dx != dx) {
        for (int i = 0; i < it->total; i++) {
            it->shifted[i] = it->cells[i];
            it->shifted[i].x += dx;
        }
        it->shifted_dx = dx;
    }
    int lit = plan_units_lit(it->lit, it->total, eased);
    uint8_t a = disp_mul_alpha(it->alpha, alpha);
    if (lit > 0) {
        disp_set_color(ren, it->lit_rgb, a);
        SDL_RenderFillRects(ren, it->shifted, lit);
    }
    if (it->total > lit) {
        disp_set_color(ren, it->rgb, a);
        SDL_RenderFillRects(ren, it->shifted + lit, it->total - lit);
    }
    if (it->has_part && lit >= it->lit) {
        SDL_Rect part = it->part;
        part.x += dx;
        disp_set_color(ren, it->lit_rgb, a);
        SDL_RenderFillRect(ren, &part);
    }
}

/* ---- panel views ---------------------------------------------------------- */

/* Destroy what a view holds in the renderer and in memory; the view keeps
 * its source list and stays linked, so it can be built again. */
static void packed_free(struct panel_view *v);
static void packed_drop(struct packed *pk);

/* A clip's texture (and its framebuffer object, drawn into by mpv's
 * OpenGL renderer) goes; the poster shows until the next picture. */
void disp_clip_tex_free(struct display *d, struct view_video *vv)
{
    if (vv->fbo && d)
        clip_gl_target_free(d->clip_gl, vv->fbo);
    vv->fbo = 0;
    if (vv->tex)
        disp_tex_destroy(vv->tex);
    vv->tex = NULL;
    vv->has_frame = 0;
}

void disp_view_drop_textures(struct panel_view *v)
{
    for (int i = 0; i < v->n_items; i++) {
        struct anim_item *it = &v->items[i];
        if (it->tex)
            disp_tex_destroy(it->tex);
        if (it->prefix)
            disp_tex_destroy(it->prefix);
        if (it->suffix)
            disp_tex_destroy(it->suffix);
        disp_ink_free(&it->tex_ink);
        disp_ink_free(&it->prefix_ink);
        disp_ink_free(&it->suffix_ink);
        free(it->cells);
        free(it->shifted);
    }
    free(v->items);
    v->items = NULL;
    v->n_items = 0;
    for (int i = 0; i < v->n_atlases; i++)
        for (int j = 0; j < v->atlases[i].n; j++) {
            if (v->atlases[i].g[j].tex)
                disp_tex_destroy(v->atlases[i].g[j].tex);
            disp_ink_free(&v->atlases[i].g[j].ink);
        }
    free(v->atlases);
    v->atlases = NULL;
    v->n_atlases = 0;
    if (v->stat)
        disp_tex_destroy(v->stat);
    v->stat = NULL;
    packed_free(v);
    free(v->content);
    v->content = NULL;
    v->n_content = -1;
    disp_clip_tex_free(v->d, &v->vid);
}

void disp_view_release(struct panel_view *v)
{
    disp_view_drop_textures(v);
    disp_video_park(v);
    disp_photo_forget(&v->photo);
    if (v->d) {
        if (v->prev)
            v->prev->next = v->next;
        else
            v->d->views = v->next;
        if (v->next)
            v->next->prev = v->prev;
        v->d = NULL;
    }
}

void display_view_free(struct panel_view *v)
{
    if (!v)
        return;
    if (v->d && v->d->to_rest == v)
        v->d->to_rest = NULL;
    disp_view_release(v);
    free(v);
}

static void fill_rect(SDL_Renderer *ren, const struct draw_item *it, uint32_t rgb)
{
    disp_set_color(ren, rgb, it->alpha);
    SDL_Rect r = {it->r.x, it->r.y, it->r.w, it->r.h};
    SDL_RenderFillRect(ren, &r);
}

/* The text an item shows in its final state: a text line as it is, a
 * figure's final text (t = 1). NULL when there is nothing to draw. */
static const char *item_text(const struct draw_item *it, const char *locale,
                             char buf[FIGURE_TEXT_MAX], size_t *n)
{
    const char *s = it->text;
    *n = it->len;
    if (it->kind == DRAW_FIGURE && !(s && *n)) {
        if (!it->figure)
            return NULL;
        *n = numfmt_figure_text(it->figure, it->locale ? it->locale : locale, buf, FIGURE_TEXT_MAX);
        if (*n >= FIGURE_TEXT_MAX)
            *n = strlen(buf);
        s = buf;
    }
    return s && *n ? s : NULL;
}

/* Draw one static item into the current target at its final state. */
/* The text cache (below), for lists drawn every frame. */
struct cache_slot *disp_cached_text(struct display *d, enum font_face face, int px, uint32_t rgb,
                                    const char *s, size_t n, int rtl);

/* A view's line of text or figure rasterised, and where it goes: from
 * (x, it->r.y), w x h. */
struct item_ink {
    SDL_Texture *tex;
    int x, w, h;
};

static int item_ink(struct display *d, const struct panel_view *v, const struct draw_item *it,
                    struct item_ink *k)
{
    char buf[FIGURE_TEXT_MAX];
    size_t n;
    const char *s = item_text(it, v->locale, buf, &n);
    memset(k, 0, sizeof(*k));
    if (!s)
        return 0;
    /* a figure reads left to right unless a word of it is in a
     * right-to-left script ("-4 °C" as written; "نحو 7.03" from the
     * right); a line of text in its paragraph's direction */
    int rtl = it->kind == DRAW_FIGURE ? it->rtl && bidi_has_rtl(s, n) : it->rtl;
    k->tex =
        disp_text_texture(d, it->face, it->px, rgb_of(&d->pal, it->color), s, n, rtl, &k->w, &k->h);
    k->x = it->r.x;
    if (it->kind == DRAW_FIGURE && it->rtl && k->w < it->r.w)
        k->x += it->r.w - k->w; /* from the box's right edge */
    return k->tex != NULL;
}

/* One item drawn now. v: the view it belongs to (its locale and photos),
 * rasterised once into the view's texture, so its text is not kept; NULL:
 * a list drawn every frame (chrome, controls, cards), whose text comes
 * from the text cache, and which has no pictures (they belong to panels). */
void disp_draw_item_now(struct display *d, struct panel_view *v, const struct draw_item *it)
{
    SDL_Renderer *ren = d->ren;
    uint32_t rgb = rgb_of(&d->pal, it->color);
    switch (it->kind) {
    case DRAW_RECT:
        fill_rect(ren, it, rgb);
        break;
    case DRAW_TEXT:
    case DRAW_FIGURE: {
        if (v) {
            struct item_ink k;
            if (item_ink(d, v, it, &k)) {
                disp_copy_at(ren, k.tex, k.x, it->r.y, k.w, k.h, it->alpha);
                disp_tex_destroy(k.tex);
            }
            break;
        }
        char buf[FIGURE_TEXT_MAX];
        size_t n;
        const char *s = item_text(it, NULL, buf, &n);
        struct cache_slot *c = s ? disp_cached_text(d, it->face, it->px, rgb, s, n, it->rtl) : NULL;
        if (c)
            disp_copy_at(ren, c->tex, it->r.x, it->r.y, c->w, c->h, it->alpha);
        break;
    }
    case DRAW_UNITS:
        draw_units_item(ren, &d->pal, it, 0, 255, 1.0);
        break;
    case DRAW_IMAGE: {
        if (!v)
            break;
        SDL_Rect dst = {0, 0, 0, 0};
        SDL_Texture *tex = disp_image_texture(d, v, it, &dst);
        disp_copy_at(ren, tex, dst.x, dst.y, dst.w, dst.h, it->alpha);
        if (tex)
            disp_tex_destroy(tex);
        break;
    }
    case DRAW_VIDEO:
        if (v) { /* where its clip plays, over the poster: display_draw_view */
            v->vid.it = it;
            video_preload(); /* a clip is coming: its player's libraries now */
        }
        break;
    }
}

static int prepare_anim(struct display *d, struct panel_view *v, const struct draw_item *src,
                        char *why, size_t why_len)
{
    struct anim_item *it = &v->items[v->n_items];
    memset(it, 0, sizeof(*it));
    it->kind = src->kind;
    it->r = src->r;
    it->rgb = rgb_of(&d->pal, src->color);
    it->lit_rgb = rgb_of(&d->pal, src->lit_color);
    it->alpha = src->alpha;
    switch (src->kind) {
    case DRAW_RECT:
        break;
    case DRAW_TEXT:
        it->tex = disp_text_texture_ink(d, src->face, src->px, it->rgb, src->text, src->len,
                                        src->rtl, &it->tw, &it->th, &it->tex_ink);
        break;
    case DRAW_FIGURE: {
        if (!src->figure)
            return 0; /* nothing to count */
        const struct panel_figure *f = src->figure;
        it->figure = f;
        it->rtl = src->rtl;
        snprintf(it->locale, sizeof(it->locale), "%s",
                 src->locale && *src->locale ? src->locale : v->locale);
        it->atlas = atlas_for(d, v, src->face, src->px, it->rgb, locale_digits(it->locale));
        if (f->prefix && *f->prefix) {
            it->prefix_len = strlen(f->prefix);
            it->prefix_rtl = bidi_has_rtl(f->prefix, it->prefix_len);
            it->prefix = disp_text_texture_ink(d, src->face, src->px, it->rgb, f->prefix,
                                               it->prefix_len, it->prefix_rtl, &it->prefix_w,
                                               &it->prefix_h, &it->prefix_ink);
            it->prefix_adv = text_measurer(d->text)->width(d->text, src->face, src->px, f->prefix,
                                                           it->prefix_len);
            if (!it->prefix)
                it->prefix_len = 0;
        }
        if (f->suffix && *f->suffix) {
            it->suffix_len = strlen(f->suffix);
            it->suffix_rtl = bidi_has_rtl(f->suffix, it->suffix_len);
            it->suffix = disp_text_texture_ink(d, src->face, src->px, it->rgb, f->suffix,
                                               it->suffix_len, it->suffix_rtl, &it->suffix_w,
                                               &it->suffix_h, &it->suffix_ink);
            if (!it->suffix)
                it->suffix_len = 0;
        }
        break;
    }
    case DRAW_UNITS:
        it->total = src->units_total > 0 ? src->units_total : 0;
        it->lit = src->units_lit;
        it->shifted_dx = 0;
        if (it->total) {
            it->cells = malloc((size_t)it->total * sizeof(SDL_Rect));
            it->shifted = malloc((size_t)it->total * sizeof(SDL_Rect));
            if (!it->cells || !it->shifted) {
                free(it->cells);
                free(it->shifted);
                snprintf(why, why_len, "out of memory for a unit chart");
                return -1;
            }
            for (int i = 0; i < it->total; i++)
                units_cell(src, i, &it->cells[i]);
            memcpy(it->shifted, it->cells, (size_t)it->total * sizeof(SDL_Rect));
            it->has_part = units_part_rect(src, src->units_lit, &it->part);
        }
        break;
    case DRAW_IMAGE: {
        SDL_Rect dst = {0, 0, 0, 0};
        it->tex = disp_image_texture(d, v, src, &dst);
        it->r = (struct draw_rect){dst.x, dst.y, dst.w, dst.h};
        it->tw = dst.w;
        it->th = dst.h;
        break;
    }
    case DRAW_VIDEO:
        return 0; /* its picture is drawn from the clip (display_draw_view) */
    }
    v->n_items++;
    return 0;
}

/* ---- a view at rest ---------------------------------------------------------
 * In the loop nobody is there, and a panel stays on screen for many seconds
 * once its figures have counted: the kiosk says so (frame_view rest). Its
 * static layer is a screen of pixels (8 MB at 1920x1080, 33 MB at
 * 3840x2160), mostly the background colour, and the output shows it
 * already: while it rests, only the tiles of it that are not background
 * are kept (packed): the damage scan's tiles (scan_content). It is made
 * whole again (unpacked), the same colour in every pixel, when a frame
 * needs it or another view is prepared (the transition that follows then
 * starts without that work). The software renderer's views
 * only (own_pixels): a GPU's textures are not in this process's memory. */

struct packed {
    int t, cols, rows; /* its tiles: the damage's (v->content) */
    uint32_t bg;       /* every pixel of a tile not kept */
    int32_t *at;       /* cols x rows: the tile's first pixel in px, or -1 */
    int32_t *stride;   /* rows: pixels from one pixel row of a band to the next */
    uint32_t *px;      /* the kept tiles, in bands: a tile row's kept tiles side by side */
    uint32_t *bg_row;  /* a row of bg, the view's width (a crossfade reads it) */
    size_t n_kept;
    size_t cap; /* pixels px has room for */
};

static void packed_drop(struct packed *pk)
{
    if (!pk)
        return;
    free(pk->at);
    free(pk->stride);
    free(pk->px);
    free(pk->bg_row);
    free(pk);
}

static void packed_free(struct panel_view *v)
{
    packed_drop(v->packed);
    v->packed = NULL;
}

int disp_view_tiles(const struct panel_view *v, struct blend_tiles *out)
{
    const struct packed *pk = v->packed;
    if (!pk)
        return -1;
    *out = (struct blend_tiles){.t = pk->t,
                                .cols = pk->cols,
                                .rows = pk->rows,
                                .at = pk->at,
                                .stride = pk->stride,
                                .px = pk->px,
                                .bg_row = pk->bg_row};
    return 0;
}

static int imin(int a, int b)
{
    return a < b ? a : b;
}

static struct packed *packed_new(struct display *d, int w, int h)
{
    struct packed *pk = calloc(1, sizeof(*pk));
    if (!pk)
        return NULL;
    plan_grid(w, h, &pk->cols, &pk->rows);
    pk->t = plan_tile(w, h);
    pk->bg = rgb_of(&d->pal, COLOR_BG);
    pk->at = malloc((size_t)pk->cols * (size_t)pk->rows * sizeof(*pk->at));
    pk->stride = malloc((size_t)pk->rows * sizeof(*pk->stride));
    pk->bg_row = malloc((size_t)w * sizeof(*pk->bg_row));
    if (!pk->at || !pk->stride || !pk->bg_row) {
        packed_drop(pk);
        return NULL;
    }
    for (int x = 0; x < w; x++)
        pk->bg_row[x] = pk->bg;
    return pk;
}

/* Tile rows ty0..ty1 of a static layer into pk: px is the first pixel of
 * tile row ty0, pp pixels from one row to the next. A band per tile row,
 * its kept tiles side by side: neighbours kept are one run of pixels in
 * each row, which a crossfade mixes at once. 0, or -1 (no memory). */
static int pack_rows(struct packed *pk, const uint64_t (*content)[DMG_WORDS], const uint32_t *px,
                     int pp, int w, int h, int ty0, int ty1)
{
    const int t = pk->t;
    const size_t tile_px = (size_t)t * (size_t)t;
    size_t n = 0;
    for (int ty = ty0; ty < ty1; ty++)
        for (int tx = 0; tx < pk->cols; tx++)
            n += content[ty][tx / 64] >> (tx % 64) & 1;
    size_t need = (pk->n_kept + n) * tile_px;
    if (need > pk->cap) {
        uint32_t *grown = realloc(pk->px, (need ? need : 1) * sizeof(*pk->px));
        if (!grown)
            return -1;
        pk->px = grown;
        pk->cap = need;
    }
    int32_t band = (int32_t)(pk->n_kept * tile_px);
    for (int ty = ty0; ty < ty1; ty++) {
        int32_t k = 0;
        for (int tx = 0; tx < pk->cols; tx++) {
            int keep = content[ty][tx / 64] >> (tx % 64) & 1;
            pk->at[ty * pk->cols + tx] = keep ? band + k++ * t : -1;
        }
        pk->stride[ty] = k * t;
        int y0 = ty * t, th = imin(t, h - y0);
        const uint32_t *rows = px + (size_t)(ty - ty0) * (size_t)t * (size_t)pp;
        for (int tx = 0; tx < pk->cols; tx++) {
            int32_t at = pk->at[ty * pk->cols + tx];
            if (at < 0)
                continue;
            int x0 = tx * t, tw = imin(t, w - x0);
            for (int y = 0; y < th; y++)
                memcpy(pk->px + at + (size_t)y * (size_t)pk->stride[ty],
                       rows + (size_t)y * (size_t)pp + x0, (size_t)tw * sizeof(*pk->px));
        }
        band += k * t * t;
    }
    pk->n_kept += n;
    return 0;
}

/* Most of it drawn (a photo): resting is not worth the work. */
static int pack_worth(const struct panel_view *v, size_t n_kept, int t)
{
    return n_kept * (size_t)t * (size_t)t * 2 <= (size_t)v->w * (size_t)v->h;
}

/* v rests with pk's tiles. */
static void rested(struct display *d, struct panel_view *v, struct packed *pk)
{
    v->packed = pk;
    d->packs++;
    int players = d->parked.player != NULL;
    for (struct panel_view *o = d->views; o; o = o->next)
        players += o->vid.player != NULL;
    if (!players) /* a player may use fontconfig in its own threads */
        text_rest(d->text);
    log_debug(TAG, "view %u at rest: %zu of %d tiles kept (%.1f MB of %.1f)", v->base.id,
              pk->n_kept, pk->cols * pk->rows,
              (double)(pk->n_kept * (size_t)pk->t * (size_t)pk->t * 4) / 1e6,
              (double)v->w * v->h * 4 / 1e6);
}

/* Keep the tiles the damage scan found drawn (v->content); the others are
 * the background colour (in the 24 bits a pixel shows). */
void disp_view_pack(struct display *d, struct panel_view *v)
{
    if (v->packed || !v->stat || !v->own_pixels || v->keep_whole)
        return;
    void *p;
    int pitch;
    if (SDL_LockTexture(v->stat, NULL, &p, &pitch) != 0)
        return;
    const uint32_t *px = p;
    int pp = pitch / 4;
    if (v->n_content == CONTENT_LATER)
        disp_scan_content(v, px, pp, rgb_of(&d->pal, COLOR_BG));
    struct packed *pk =
        v->n_content >= 0 && pack_worth(v, (size_t)v->n_content, plan_tile(v->w, v->h))
            ? packed_new(d, v->w, v->h)
            : NULL;
    if (!pk || pack_rows(pk, v->content, px, pp, v->w, v->h, 0, pk->rows) != 0) {
        /* no scan (a screen larger than the damage covers), mostly drawn,
         * or no memory */
        SDL_UnlockTexture(v->stat);
        packed_drop(pk);
        v->keep_whole = 1; /* try once */
        return;
    }
    SDL_UnlockTexture(v->stat);
    disp_tex_destroy(v->stat);
    v->stat = NULL;
    rested(d, v, pk);
}

/* A static item drawn into the band of rows y0..y1. A line of text or a
 * figure is rasterised once, in the first band it reaches, and kept in
 * ink[i] for the bands below while it reaches them; the rest (rules,
 * unit charts) is drawn into every band, clipped. */
static void band_item(struct display *d, struct panel_view *v, const struct draw_item *it,
                      struct item_ink *k, int *done, int y0, int y1)
{
    if (it->kind != DRAW_TEXT && it->kind != DRAW_FIGURE) {
        disp_draw_item_now(d, v, it);
        return;
    }
    if (*done || it->r.y >= y1)
        return; /* drawn, or below this band */
    if (!k->tex && !item_ink(d, v, it, k)) {
        *done = 1;
        return;
    }
    if (it->r.y + k->h > y0)
        disp_copy_at(d->ren, k->tex, k->x, it->r.y, k->w, k->h, it->alpha);
    if (it->r.y + k->h <= y1) {
        disp_tex_destroy(k->tex);
        k->tex = NULL;
        *done = 1;
    }
}

/* A view prepared at rest is drawn in bands of tile rows, each packed as
 * it is drawn: its static layer is never whole (33 MB at 3840x2160), a
 * band is (a quarter of it), through a software renderer whose viewport
 * puts the band's first row at the top. Not a view with a photo (drawn
 * once, and mostly drawn anyway) or a clip. 1: built and at rest; 0: not
 * (the caller builds it whole). */
static int build_banded(struct display *d, struct panel_view *v)
{
    const struct draw_list *l = v->src;
    int w = v->w, h = v->h, cols, rows;
    if (d->own_blend_off || d->rotation || !disp_is_software(d) || !plan_grid(w, h, &cols, &rows))
        return 0;
    for (int i = 0; i < l->n; i++)
        if ((l->items[i].kind == DRAW_IMAGE && l->items[i].layer == LAYER_STATIC) ||
            l->items[i].kind == DRAW_VIDEO)
            return 0;
    const int t = plan_tile(w, h), band_rows = (rows + 3) / 4, bh = band_rows * t;
    const uint32_t bg = rgb_of(&d->pal, COLOR_BG);
    SDL_Surface *band = SDL_CreateRGBSurfaceWithFormat(0, w, bh, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = band ? SDL_CreateSoftwareRenderer(band) : NULL;
    struct packed *pk = r ? packed_new(d, w, h) : NULL;
    struct item_ink *ink = calloc((size_t)(l->n > 0 ? l->n : 1), sizeof(*ink));
    int *done = calloc((size_t)(l->n > 0 ? l->n : 1), sizeof(*done));
    v->content = calloc((size_t)rows, sizeof(*v->content));
    int ok = pk && ink && done && v->content;
    SDL_Renderer *display_ren = d->ren;
    for (int ty0 = 0; ok && ty0 < rows; ty0 += band_rows) {
        int ty1 = imin(ty0 + band_rows, rows), y0 = ty0 * t, y1 = imin(ty1 * t, h);
        SDL_FillRect(band, NULL,
                     SDL_MapRGB(band->format, bg >> 16 & 0xFF, bg >> 8 & 0xFF, bg & 0xFF));
        SDL_RenderSetViewport(r, &(SDL_Rect){0, -y0, w, h});
        d->ren = r;
        for (int i = 0; i < l->n; i++)
            if (l->items[i].layer == LAYER_STATIC)
                band_item(d, v, &l->items[i], &ink[i], &done[i], y0, y1);
        d->ren = display_ren;
        SDL_RenderFlush(r);
        int n = disp_scan_tiles(band->pixels, band->pitch / 4, w, y1 - y0, t, bg, v->content + ty0);
        ok = n >= 0 && pack_worth(v, pk->n_kept + (size_t)n, t) &&
             pack_rows(pk, v->content, band->pixels, band->pitch / 4, w, h, ty0, ty1) == 0;
    }
    d->ren = display_ren;
    for (int i = 0; ink && i < l->n; i++)
        if (ink[i].tex)
            disp_tex_destroy(ink[i].tex); /* below the screen, or given up */
    free(ink);
    free(done);
    if (r)
        SDL_DestroyRenderer(r);
    SDL_FreeSurface(band);
    if (!ok) {
        packed_drop(pk);
        free(v->content);
        v->content = NULL;
        return 0;
    }
    v->own_pixels = 1;
    v->n_content = (int)pk->n_kept;
    d->banded++;
    rested(d, v, pk);
    return 1;
}

/* A resting view's figures have counted: their glyphs go (a figure counts
 * up through every digit: 10 MB of them for a 4K figure); the few it shows
 * are made again when it is drawn. */
static void glyphs_let_go(struct panel_view *v)
{
    if (v->glyphs_went)
        return; /* once: the few drawn since stay, not made and let go at every frame */
    v->glyphs_went = 1;
    for (int i = 0; i < v->n_atlases; i++)
        for (int j = 0; j < v->atlases[i].n; j++) {
            struct glyph *g = &v->atlases[i].g[j];
            if (g->gone)
                continue;
            if (g->tex)
                disp_tex_destroy(g->tex);
            disp_ink_free(&g->ink);
            g->tex = NULL;
            g->gone = 1;
        }
}

/* The view's static layer whole again. 0, or -1 (out of memory: it stays
 * packed and draws as nothing, which the log says). */
int disp_view_unpack(struct display *d, struct panel_view *v)
{
    struct packed *pk = v->packed;
    if (!pk)
        return 0;
    void *p;
    int pitch;
    SDL_Texture *tex = disp_layer_locked(d, v->w, v->h, &p, &pitch);
    if (!tex) {
        log_error(TAG, "a resting view cannot be made whole again: %s", SDL_GetError());
        return -1;
    }
    uint32_t *px = p;
    int pp = pitch / 4, w = v->w, h = v->h;
    const int t = pk->t;
    for (int ty = 0; ty < pk->rows; ty++) {
        int y0 = ty * t, th = imin(t, h - y0);
        for (int tx = 0; tx < pk->cols; tx++) {
            int x0 = tx * t, tw = imin(t, w - x0);
            int32_t at = pk->at[ty * pk->cols + tx];
            for (int y = 0; y < th; y++) {
                uint32_t *row = px + (size_t)(y0 + y) * (size_t)pp + x0;
                if (at >= 0) {
                    memcpy(row, pk->px + at + (size_t)y * (size_t)pk->stride[ty],
                           (size_t)tw * sizeof(*row));
                } else {
                    for (int x = 0; x < tw; x++)
                        row[x] = pk->bg;
                }
            }
        }
    }
    SDL_UnlockTexture(tex);
    v->stat = tex;
    packed_free(v);
    d->unpacks++;
    return 0;
}

/* Every resting view whole again (another view is coming). */
static void unpack_all(struct display *d)
{
    for (struct panel_view *v = d->views; v; v = v->next)
        disp_view_unpack(d, v);
}

void display_idle(struct display *d)
{
    if (d && d->to_rest && d->presents > d->rest_drawn) { /* and presented */
        disp_view_pack(d, d->to_rest);
        if (d->to_rest->packed && d->rest_counted)
            glyphs_let_go(d->to_rest);
        d->to_rest = NULL;
    }
}

/* The static layer whole: drawn into a texture (a streaming one whose
 * pixels the display reads, with the software renderer). 0, or -1. */
static int build_whole(struct display *d, struct panel_view *v, char *why, size_t why_len)
{
    const struct draw_list *l = v->src;
    struct own_build own;
    int owned = disp_view_own_begin(d, v, &own);
    /* Opaque pixels without an alpha channel: the software renderer blends
     * them with a constant alpha far faster than per-pixel alpha. */
    if (!owned)
        v->stat = disp_tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888,
                                                     SDL_TEXTUREACCESS_TARGET, v->w, v->h));
    if (!v->stat)
        v->stat = disp_tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_ARGB8888,
                                                     SDL_TEXTUREACCESS_TARGET, v->w, v->h));
    if (!v->stat) {
        disp_set_why(why, why_len, "panel texture");
        return -1;
    }
    if (!owned && SDL_SetRenderTarget(d->ren, v->stat) != 0) {
        disp_set_why(why, why_len, "drawing into the panel texture");
        disp_to_screen(d);
        return -1;
    }
    disp_set_color(d->ren, rgb_of(&d->pal, COLOR_BG), 255);
    SDL_RenderClear(d->ren);
    for (int i = 0; i < l->n; i++)
        if (l->items[i].layer == LAYER_STATIC)
            disp_draw_item_now(d, v, &l->items[i]);
    if (owned)
        disp_view_own_end(d, v, &own);
    return 0;
}

/* (Re)create a view's textures from its source list; resting: it rests
 * at once (display_prepare in the loop), drawn in bands where it can be. */
int disp_view_build(struct display *d, struct panel_view *v, int resting, char *why, size_t why_len)
{
    const struct draw_list *l = v->src;
    int n = l->n > 0 ? l->n : 0;
    if (n) {
        v->items = calloc((size_t)n, sizeof(*v->items));
        v->atlases = calloc((size_t)n, sizeof(*v->atlases));
        if (!v->items || !v->atlases) {
            snprintf(why, why_len, "out of memory");
            return -1;
        }
    }

    display_size(d, &v->w, &v->h);
    v->own_pixels = 0;
    v->n_content = -1; /* anywhere, unless its pixels are scanned */
    v->version++;
    v->base.bytes = sizeof(*v) + (size_t)v->w * (size_t)v->h * 4u;
    if (!(resting && build_banded(d, v)) && build_whole(d, v, why, why_len) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        const struct draw_item *it = &l->items[i];
        if (it->layer != LAYER_STATIC && prepare_anim(d, v, it, why, why_len) != 0) {
            disp_to_screen(d);
            return -1;
        }
    }
    disp_to_screen(d);
    if (v->photo.pic) /* the decoded photo (headless), and its texture */
        v->base.bytes += 2u * (size_t)v->photo.pic->w * (size_t)v->photo.pic->h * 4u;
    else if (v->photo.job) /* the work a decode in flight holds */
        v->base.bytes += (size_t)PHOTO_WORK_BYTES;
    else if (v->photo.img && !v->photo.failed) /* its texture */
        v->base.bytes += (size_t)v->photo.out_w * (size_t)v->photo.out_h * 4u;
    return 0;
}

struct panel_view *display_prepare(struct display *d, const struct draw_list *l, const char *locale,
                                   char *why, size_t why_len)
{
    if (!d || !l) {
        snprintf(why, why_len, "nothing to prepare");
        return NULL;
    }
    struct panel_view *v = calloc(1, sizeof(*v));
    if (!v) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    v->base.id = ++d->next_view_id;
    v->d = d;
    v->src = l;
    v->next = d->views;
    if (d->views)
        d->views->prev = v;
    d->views = v;
    snprintf(v->locale, sizeof(v->locale), "%s", locale && *locale ? locale : "en");
    /* a transition to it follows: the software renderer's own crossfade
     * reads a resting view's tiles (display_damage.c), so a view at rest
     * stays so and the two screens of pixels are never held at once;
     * where that crossfade is never drawn (rotation, blending left to
     * SDL) the view is made whole now rather than at the first frame */
    if (d->own_blend_off || d->rotation)
        unpack_all(d);
    /* in the loop, the next panel rests from the start: the crossfade to
     * it and its frames in place read its tiles, and a screen of pixels
     * (8 MB at 1920x1080, 33 at 3840x2160) is never held for it; so does
     * the first when the kiosk starts in its loop (display_opts.loop_first):
     * the first frame draws it from its tiles */
    if (disp_view_build(d, v, d->loop_rest, why, why_len) != 0) {
        display_view_free(v);
        return NULL;
    }
    /* one drawn whole (a photo) rests as soon as it is drawn, if it can */
    if (d->loop_rest && !v->vid.it && !d->own_blend_off && !d->rotation)
        disp_view_pack(d, v);
    text_let_pages_go(d->text); /* laid out and rasterised: not needed until the next */
    return v;
}

/* What draw_view draws besides the animated items: the static layer (not
 * when crossfade_own mixed it) and the clip's picture (not when
 * crossfade_own mixes it from its texture). */

/* display_draw_view: the animated items and the parts asked for */
void disp_draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha, double anim_t,
                    unsigned parts)
{
    if (!d || !v || alpha == 0)
        return;
    SDL_Renderer *ren = d->ren;
    if ((parts & VIEW_STATIC) && v->stat) { /* at rest, the caller drew its tiles */
        SDL_SetTextureBlendMode(v->stat, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(v->stat, alpha);
        SDL_Rect dst = {dx, 0, v->w, v->h};
        SDL_RenderCopy(ren, v->stat, NULL, &dst);
    }

    double eased = plan_ease(anim_t);
    for (int i = 0; i < v->n_items; i++) {
        struct anim_item *it = &v->items[i];
        switch (it->kind) {
        case DRAW_RECT: {
            disp_set_color(ren, it->rgb, disp_mul_alpha(it->alpha, alpha));
            SDL_Rect r = {it->r.x + dx, it->r.y, it->r.w, it->r.h};
            SDL_RenderFillRect(ren, &r);
            break;
        }
        case DRAW_TEXT:
        case DRAW_IMAGE:
            disp_put_tex(d, it->tex, &it->tex_ink, it->r.x + dx, it->r.y, it->tw, it->th,
                         disp_mul_alpha(it->alpha, alpha));
            break;
        case DRAW_FIGURE:
            disp_draw_figure(d, v, it, dx, alpha, eased, NULL);
            break;
        case DRAW_UNITS:
            draw_units(ren, it, dx, alpha, eased);
            break;
        case DRAW_VIDEO:
            break;
        }
    }
    /* the clip's picture over its poster, once it has one, faded with its
     * view: its texture has no alpha of its own, so without blending SDL
     * would draw it whole at any alpha */
    const struct view_video *vv = &v->vid;
    if ((parts & VIEW_PICTURE) && vv->it && vv->tex && vv->has_frame &&
        !(d->own_out && disp_picture_own(d, vv, dx, alpha))) {
        SDL_SetTextureBlendMode(vv->tex, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
        disp_copy_at(ren, vv->tex, vv->it->r.x + dx, vv->it->r.y, vv->it->r.w, vv->it->r.h, alpha);
    }
}
