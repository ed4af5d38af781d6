/* display_damage.c - the software renderer's damage: which tiles a view's
 * static layer covers, each frame described to the frame planner
 * (app/visitor/frame_plan.h) and its damage taken from it, and where a
 * crossfade must be blended. */
#define _DEFAULT_SOURCE /* access */
#include "display_internal.h"

/* ---- damage ----------------------------------------------------------------
 * The software renderer's output keeps its pixels from one present to the
 * next, and most of a panel is its background colour. A frame drawn from
 * the same views as the one before changes only where their items draw
 * (a crossfade), or where their animated items, clips and lists draw (a
 * dwell): display_draw_frame works out those places (the damage), draws
 * only there, and display_present sends only them to the screen. A frame
 * it cannot reason about (a slide, a turned output, anything drawn by the
 * public calls, an exposed window) is drawn and sent whole. */

/* Merge overlapping rects until none overlaps: each place is drawn once. */
void disp_rects_merge(SDL_Rect *r, int *n)
{
    for (int merged = 1; merged;) {
        merged = 0;
        for (int i = 0; i < *n && !merged; i++)
            for (int j = i + 1; j < *n && !merged; j++)
                if (SDL_HasIntersection(&r[i], &r[j])) {
                    SDL_UnionRect(&r[i], &r[j], &r[i]);
                    r[j] = r[--*n];
                    merged = 1;
                }
    }
}

long disp_rect_area(const SDL_Rect *r)
{
    return (long)r->w * (long)r->h;
}

/* r less cut, as at most 4 rectangles in out: their count. */
int disp_rect_less(const SDL_Rect *r, const SDL_Rect *cut, SDL_Rect *out)
{
    SDL_Rect c;
    if (!SDL_IntersectRect(r, cut, &c)) {
        out[0] = *r;
        return 1;
    }
    int n = 0;
    if (c.y > r->y) /* above */
        out[n++] = (SDL_Rect){r->x, r->y, r->w, c.y - r->y};
    if (c.y + c.h < r->y + r->h) /* below */
        out[n++] = (SDL_Rect){r->x, c.y + c.h, r->w, r->y + r->h - (c.y + c.h)};
    if (c.x > r->x) /* left, beside it */
        out[n++] = (SDL_Rect){r->x, c.y, c.x - r->x, c.h};
    if (c.x + c.w < r->x + r->w) /* right, beside it */
        out[n++] = (SDL_Rect){c.x + c.w, c.y, r->x + r->w - (c.x + c.w), c.h};
    return n;
}

/* Where w x h pixels (pitch in pixels) are not the background colour bg
 * (in the 24 bits a pixel shows), in tiles of t pixels, into bits (rows of
 * DMG_WORDS, zeroed): how many, or -1 (wider than bits cover). */
int disp_scan_tiles(const uint32_t *px, int pitch, int w, int h, int t, uint32_t bg,
                    uint64_t (*bits)[DMG_WORDS])
{
    int cols = (w + t - 1) / t, rows = (h + t - 1) / t, n = 0;
    if (w <= 0 || h <= 0 || cols > DMG_WORDS * 64)
        return -1;
    /* row by row, as the pixels lie in memory, two pixels at a time; a
     * tile found drawn is not read again */
    const uint64_t mask = 0x00FFFFFF00FFFFFFull, bg2 = ((uint64_t)bg << 32 | bg) & mask;
    for (int ty = 0; ty < rows; ty++) {
        int y0 = ty * t, y1 = y0 + t < h ? y0 + t : h, left = cols;
        for (int y = y0; y < y1 && left; y++) {
            const uint32_t *row = px + (size_t)y * (size_t)pitch;
            for (int tx = 0; tx < cols; tx++) {
                if (bits[ty][tx / 64] >> (tx % 64) & 1)
                    continue;
                int x = tx * t, x1 = x + t < w ? x + t : w;
                uint64_t diff = 0;
                for (; x + 2 <= x1; x += 2) {
                    uint64_t two;
                    memcpy(&two, row + x, sizeof(two));
                    diff |= two ^ bg2;
                }
                if (x < x1)
                    diff |= (row[x] ^ bg) & 0xFFFFFFu;
                if (diff & mask) {
                    bits[ty][tx / 64] |= 1ull << (tx % 64);
                    n++;
                    left--;
                }
            }
        }
    }
    return n;
}

/* Where a view's static layer is not the background, into v->content
 * (n_content: how many; -1 when the screen is larger than the damage
 * covers). */
void disp_scan_content(struct panel_view *v, const uint32_t *px, int pitch, uint32_t bg)
{
    int cols, rows;
    free(v->content);
    v->content = NULL;
    v->n_content = -1;
    if (!plan_grid(v->w, v->h, &cols, &rows) ||
        !(v->content = calloc((size_t)rows, sizeof(*v->content))))
        return;
    v->n_content = disp_scan_tiles(px, pitch, v->w, v->h, plan_tile(v->w, v->h), bg, v->content);
}

/* A streaming texture for a w x h static layer, locked (its pixels in
 * *px, pitch in bytes); NULL when it cannot be made or locked. */
SDL_Texture *disp_layer_locked(struct display *d, int w, int h, void **px, int *pitch)
{
    SDL_Texture *t = disp_tex_counted(
        SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888, SDL_TEXTUREACCESS_STREAMING, w, h));
    if (t && SDL_LockTexture(t, NULL, px, pitch) != 0) {
        disp_tex_destroy(t);
        t = NULL;
    }
    return t;
}

/* With the software renderer, a view's static layer is a streaming
 * texture, drawn through a software renderer of its own straight into the
 * texture's pixels: SDL's software renderer hands out a streaming
 * texture's own pixels when it is locked, and keeps them, so a crossfade
 * can read them (crossfade_own); a target texture's pixels could only be
 * copied out. 1 with d->ren drawing into the view (draw the static items,
 * then view_own_end), or 0 (nothing made: the caller makes a target
 * texture). The static items make their textures in that renderer and
 * destroy them at once; animated items are prepared after
 * view_own_end, in the display's renderer. */
int disp_view_own_begin(struct display *d, struct panel_view *v, struct own_build *b)
{
    memset(b, 0, sizeof(*b));
    if (d->own_blend_off || !disp_is_software(d))
        return 0;
    void *px;
    int pitch;
    SDL_Texture *t = disp_layer_locked(d, v->w, v->h, &px, &pitch);
    if (!t)
        return 0;
    b->pixels =
        SDL_CreateRGBSurfaceWithFormatFrom(px, v->w, v->h, 32, pitch, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = b->pixels ? SDL_CreateSoftwareRenderer(b->pixels) : NULL;
    if (!r) {
        log_warn(TAG, "a view's own renderer: %s; SDL blends its crossfades", SDL_GetError());
        SDL_FreeSurface(b->pixels);
        SDL_UnlockTexture(t);
        disp_tex_destroy(t);
        return 0;
    }
    v->stat = t;
    v->own_pixels = 1;
    b->display_ren = d->ren;
    d->ren = r;
    return 1;
}

void disp_view_own_end(struct display *d, struct panel_view *v, struct own_build *b)
{
    SDL_RenderFlush(d->ren); /* a renderer destroyed drops what it has queued */
    SDL_DestroyRenderer(d->ren);
    d->ren = b->display_ren;
    /* the first frame goes out whole anyway: its view is scanned when a
     * later frame needs it (frame_places), not on the way to the first
     * picture (8 ms at 3840x2160) */
    if (d->presents > 0)
        disp_scan_content(v, b->pixels->pixels, b->pixels->pitch / 4, rgb_of(&d->pal, COLOR_BG));
    else
        v->n_content = CONTENT_LATER;
    SDL_FreeSurface(b->pixels);
    SDL_UnlockTexture(v->stat);
}

/* ---- a frame's damage (see "damage" above) ---------------------------------- */

int disp_meets(const SDL_Rect *r, const SDL_Rect *set, int n)
{
    for (int i = 0; i < n; i++)
        if (SDL_HasIntersection(r, &set[i]))
            return 1;
    return 0;
}

static struct plan_rect plan_of(SDL_Rect r)
{
    return (struct plan_rect){r.x, r.y, r.w, r.h};
}

/* The places frame f's views (set in s) and lists may draw at. 0, or -1
 * when a view's places are not known. */
static int frame_places(struct display *d, const struct frame *f, int w, int h,
                        struct plan_shown *s)
{
    const int max = (int)(sizeof(s->moving) / sizeof(s->moving[0]));
    int cols, rows;
    if (!plan_grid(w, h, &cols, &rows))
        return -1;
    for (int k = 0; k < f->n_views; k++) {
        struct panel_view *v = (struct panel_view *)f->views[k].view;
        void *px;
        int pitch;
        if (v && v->stat && v->own_pixels && v->n_content == CONTENT_LATER &&
            SDL_LockTexture(v->stat, NULL, &px, &pitch) == 0) {
            disp_scan_content(v, px, pitch / 4, rgb_of(&d->pal, COLOR_BG));
            SDL_UnlockTexture(v->stat);
        }
        if (!v || (!v->stat && !v->packed) || v->n_content < 0)
            return -1;
        double eased = plan_ease(f->views[k].anim_t);
        for (int i = 0; i < v->n_items; i++) {
            /* where it draws now: a counting figure's digits, not the box
             * its final value fills, and each of them */
            struct anim_item *it = &v->items[i];
            if (it->kind == DRAW_FIGURE) {
                int used = s->n_pieces < PLAN_PIECES ? s->n_pieces : PLAN_PIECES;
                struct figure_pieces fp = {.p = s->pieces + used, .max = PLAN_PIECES - used};
                disp_draw_figure(d, v, it, 0, 255, eased, &fp);
                s->n_pieces = fp.n > fp.max ? PLAN_PIECES + 1 : s->n_pieces + fp.n;
                if (!SDL_RectEmpty(&fp.ext))
                    plan_rects_add(s->figs, &s->n_figs, (int)(sizeof(s->figs) / sizeof(s->figs[0])),
                                   plan_padded(plan_of(fp.ext)), w, h);
                continue;
            }
            SDL_Rect e;
            int drawn = disp_anim_extent(d, v, it, eased, &e);
            if (drawn < 0)
                return -1;
            if (drawn)
                plan_rects_add(s->moving, &s->n_moving, max, plan_padded(plan_of(e)), w, h);
        }
        if (v->vid.it) {
            const struct draw_rect *vr = &v->vid.it->r;
            plan_rects_add(s->moving, &s->n_moving, max,
                           plan_padded((struct plan_rect){vr->x, vr->y, vr->w, vr->h}), w, h);
        }
        if (!v->content || v->w != w || v->h != h)
            return -1;
        for (int y = 0; y < rows; y++)
            for (int j = 0; j < DMG_WORDS; j++)
                s->area[y][j] |= v->content[y][j];
    }
    plan_note_lists(s, f, w, h);
    return 0;
}

/* d->dmg: the places where frame f can differ from what the output shows
 * (-1: anywhere), as the planner works them out (frame_plan_damage) from
 * what this frame draws and what the last one drew. Only for the software
 * renderer drawing straight into its output, and for a frame of one view
 * in place or a crossfade in place. */
void disp_damage_plan(struct display *d, const struct frame *f, int w, int h)
{
    struct plan_shown *now = &d->drawing;
    memset(now, 0, sizeof(*now));
    d->n_dmg = -1;
    d->lists_kept = 0;
    d->dmg_pieces = 0;
    SDL_Surface *o = d->rotation || d->own_blend_off ? NULL : disp_own_output(d);
    if (!o || d->presents == 0)
        return; /* the first frame: nothing shown to build on */
    const struct frame_view *fa = &f->views[0], *fb = &f->views[1];
    if (f->n_views == 1) {
        if (fa->dx != 0 || fa->alpha != 255)
            return;
    } else if (f->n_views == 2) {
        if (fa->dx != 0 || fb->dx != 0 || fa->alpha != 255 || fb->alpha == 0)
            return;
    } else {
        return;
    }
    if (frame_places(d, f, w, h, now) != 0)
        return;
    struct panel_view *a = (struct panel_view *)fa->view;
    struct panel_view *b = f->n_views == 2 ? (struct panel_view *)fb->view : NULL;
    now->a = a->base.id;
    now->a_ver = a->version;
    now->b = b ? b->base.id : 0;
    now->b_ver = b ? b->version : 0;
    now->ok = 1;
    /* a new or resized output (the window went full screen) holds nothing
     * of the last frame */
    const struct plan_shown *was = &d->shown;
    if (o != d->shown_out || o->w != d->shown_w || o->h != d->shown_h)
        was = NULL;
    frame_plan_damage(was, now, f, w, h, &d->plan);
    for (int i = 0; i < d->plan.n; i++)
        d->dmg[i] = (SDL_Rect){d->plan.r[i].x, d->plan.r[i].y, d->plan.r[i].w, d->plan.r[i].h};
    d->n_dmg = d->plan.n;
    d->lists_kept = d->plan.lists_kept;
    d->dmg_pieces = d->plan.pieces;
}

/* The picture the software renderer draws into while no target is set:
 * the headless surface or the window's; NULL when a crossfade cannot be
 * blended into it (the turned frame is a target; a format other than
 * 32-bit xRGB). */
SDL_Surface *disp_own_output(struct display *d)
{
    if (SDL_GetRenderTarget(d->ren))
        return NULL;
    SDL_Surface *s = d->surface ? d->surface : d->win ? SDL_GetWindowSurface(d->win) : NULL;
    if (!s || !s->pixels || SDL_MUSTLOCK(s))
        return NULL;
    Uint32 f = s->format->format;
    return f == SDL_PIXELFORMAT_RGB888 || f == SDL_PIXELFORMAT_ARGB8888 ? s : NULL;
}

struct own_view {
    uint32_t *px;
    int pitch;
    const struct blend_tiles *tiles; /* a view at rest: its tiles, not px */
};

/* Mix rect r of under and over into out; pool: split over its threads
 * (the whole screen; an item's place is not worth waking them for). */
static void blend_rect(struct blend_pool *pool, SDL_Surface *out, const struct own_view *under,
                       const struct own_view *over, const SDL_Rect *r, uint8_t alpha)
{
    struct blend_job j = {
        .dst = disp_pixel_at(out->pixels, out->pitch, r->x, r->y),
        .dst_pitch = out->pitch,
        .under = under->tiles ? NULL : disp_pixel_at(under->px, under->pitch, r->x, r->y),
        .under_pitch = under->pitch,
        .under_tiles = under->tiles,
        .ux = r->x,
        .uy = r->y,
        .over = over->tiles ? NULL : disp_pixel_at(over->px, over->pitch, r->x, r->y),
        .over_tiles = over->tiles,
        .over_pitch = over->pitch,
        .w = r->w,
        .h = r->h,
        .alpha = alpha,
        .set = out->format->Amask, /* an opaque alpha byte, as SDL writes it */
    };
    blend_run(pool, &j);
}

int disp_rest_copy(struct display *d, struct panel_view *v, const SDL_Rect *r, int n)
{
    struct blend_tiles t;
    SDL_Surface *out = d->own_blend_off ? NULL : disp_own_output(d);
    if (!out || out->w != v->w || out->h != v->h || disp_view_tiles(v, &t) != 0)
        return -1;
    struct own_view under = {.tiles = &t}, none = {out->pixels, out->pitch, NULL};
    SDL_RenderFlush(d->ren); /* what was queued lands first */
    for (int i = 0; i < n; i++)
        blend_rect(NULL, out, &under, &none, &r[i], 0); /* alpha 0: the tiles, copied */
    return 0;
}

/* blend_rect over r but where it meets cut (NULL: none). */
static void blend_rect_but(struct blend_pool *pool, SDL_Surface *out, const struct own_view *under,
                           const struct own_view *over, const SDL_Rect *r, const SDL_Rect *cut,
                           uint8_t alpha)
{
    SDL_Rect part[4];
    int k = cut ? disp_rect_less(r, cut, part) : (part[0] = *r, 1);
    for (int i = 0; i < k; i++)
        blend_rect(pool, out, under, over, &part[i], alpha);
}

/* The clip's picture of the arriving view at alpha over the software
 * crossfade's mix (d->own_out), blended here as the static layers are:
 * SDL's blit of a picture at alpha is scalar, and a 2263x1273 picture at
 * 3840x2160 took most of a 20 ms frame. 1: drawn; 0: SDL must. */
int disp_picture_own(struct display *d, const struct view_video *vv, int dx, uint8_t alpha)
{
    SDL_Surface *out = d->own_out;
    if (alpha == 255)
        return 0;
    SDL_Rect r = {vv->it->r.x + dx, vv->it->r.y, vv->it->r.w, vv->it->r.h};
    SDL_Rect screen = {0, 0, out->w, out->h}, c;
    if (!SDL_IntersectRect(&r, &screen, &c))
        return 1;
    void *px;
    int pitch;
    if (disp_picture_lock(vv, &px, &pitch) != 0)
        return 0;
    SDL_RenderFlush(d->ren); /* what was queued lands under the picture */
    uint32_t *at = disp_pixel_at(out->pixels, out->pitch, c.x, c.y);
    struct blend_job j = {
        .dst = at,
        .dst_pitch = out->pitch,
        .under = at,
        .under_pitch = out->pitch,
        .over = disp_pixel_at(px, pitch, c.x - r.x, c.y - r.y),
        .over_pitch = pitch,
        .w = c.w,
        .h = c.h,
        .alpha = alpha,
        .set = out->format->Amask,
    };
    blend_run(disp_rect_area(&c) * 8 > (long)out->w * out->h ? d->blend : NULL, &j);
    SDL_UnlockTexture(vv->tex);
    return 1;
}

/* A crossfade with the software renderer: the arriving view over the
 * leaving one at alpha 1..254, both covering the screen. SDL would copy
 * the leaving view, then read it back to blend the arriving one over it
 * (5 passes over the screen, scalar); here one pass reads both views and
 * writes the mix (blend.h: SDL's own formula, SIMD, over a few threads).
 * The leaving view's animated items must be blended under the arriving
 * view too: their places are copied from the leaving view, the items drawn,
 * and the arriving view blended over them in place. Then the arriving
 * view's items, as SDL would, its text and figures through put_tex. 1 when
 * drawn; 0 when SDL must (another renderer, rotation, a slide, a view not
 * drawn here, an item of a kind anim_extent does not know). */
int disp_crossfade_own(struct display *d, const struct frame *f, int w, int h)
{
    if (d->own_blend_off || f->n_views != 2)
        return 0;
    const struct frame_view *fa = &f->views[0], *fb = &f->views[1];
    struct panel_view *a = (struct panel_view *)fa->view, *b = (struct panel_view *)fb->view;
    if (fa->dx != 0 || fb->dx != 0 || fa->alpha != 255 || fb->alpha == 0 || fb->alpha == 255)
        return 0;
    /* either view may be at rest: its kept tiles are read in place of its
     * static layer (the same pixels), so the loop's crossfade holds no
     * screen of pixels but the output's */
    struct blend_tiles a_tiles, b_tiles;
    int a_rests = !a->stat && disp_view_tiles(a, &a_tiles) == 0;
    int b_rests = !b->stat && disp_view_tiles(b, &b_tiles) == 0;
    if ((!a->stat && !a_rests) || (!b->stat && !b_rests) || !a->own_pixels || !b->own_pixels ||
        a->w != w || a->h != h || b->w != w || b->h != h)
        return 0;
    SDL_Surface *out = disp_own_output(d);
    if (!out || out->w != w || out->h != h)
        return 0;
    /* The leaving clip's picture, held at its last frame, is opaque over
     * all else of its view: there the mix reads it from its texture, in one
     * pass, rather than mixing the view under it, copying that, drawing the
     * picture over the copy and mixing again (at 3840x2160, a 2263x1273
     * picture took 7 of a frame's 15 ms that way). */
    SDL_Rect pic;
    void *held = NULL;
    int held_pitch = 0;
    if (disp_picture_rect(a, w, h, &pic) && disp_picture_lock(&a->vid, &held, &held_pitch) != 0)
        held = NULL;
    SDL_Rect rects[OWN_RECTS];
    int n = disp_under_rects(d, a, fa->anim_t, w, h, !held, rects);
    struct own_view pa = {0}, pb = {0};
    void *p;
    if (n < 0)
        goto refused;
    if (a_rests) {
        pa.tiles = &a_tiles;
    } else {
        if (SDL_LockTexture(a->stat, NULL, &p, &pa.pitch) != 0)
            goto refused;
        pa.px = p;
    }
    if (b_rests) {
        pb.tiles = &b_tiles;
    } else if (SDL_LockTexture(b->stat, NULL, &p, &pb.pitch) != 0) {
        if (!a_rests)
            SDL_UnlockTexture(a->stat);
        goto refused;
    } else {
        pb.px = p;
    }
    if (!d->blend)
        d->blend = blend_pool_new(blend_default_threads()); /* NULL: on this thread */
    SDL_RenderFlush(d->ren); /* what was queued lands before the mix, not over it */
    SDL_Rect all = {0, 0, w, h};
    const SDL_Rect *cut = held ? &pic : NULL;
    if (d->n_dmg < 0) {
        blend_rect_but(d->blend, out, &pa, &pb, &all, cut, fb->alpha);
    } else { /* elsewhere both views are the background, as drawn last time */
        for (int i = 0; i < d->n_dmg; i++)
            blend_rect_but(disp_rect_area(&d->dmg[i]) * 8 > (long)w * h ? d->blend : NULL, out, &pa,
                           &pb, &d->dmg[i], cut, fb->alpha);
    }
    if (n > 0) {
        for (int i = 0; i < n; i++)
            blend_rect(NULL, out, &pa, &pb, &rects[i], 0);
        disp_draw_view(d, a, 0, 255, fa->anim_t, held ? 0 : VIEW_PICTURE);
        SDL_RenderFlush(d->ren);
        for (int i = 0; i < n; i++)
            blend_rect(NULL, out, &(struct own_view){out->pixels, out->pitch, NULL}, &pb, &rects[i],
                       fb->alpha);
    }
    if (held) { /* last: it covers the items it is drawn over */
        const struct draw_rect *r = &a->vid.it->r;
        struct blend_job j = {
            .dst = disp_pixel_at(out->pixels, out->pitch, pic.x, pic.y),
            .dst_pitch = out->pitch,
            .under = disp_pixel_at(held, held_pitch, pic.x - r->x, pic.y - r->y),
            .under_pitch = held_pitch,
            .over = pb.tiles ? NULL : disp_pixel_at(pb.px, pb.pitch, pic.x, pic.y),
            .over_pitch = pb.pitch,
            .over_tiles = pb.tiles,
            .ux = pic.x,
            .uy = pic.y,
            .w = pic.w,
            .h = pic.h,
            .alpha = fb->alpha,
            .set = out->format->Amask,
        };
        blend_run(disp_rect_area(&pic) * 8 > (long)w * h ? d->blend : NULL, &j);
        SDL_UnlockTexture(a->vid.tex);
    }
    if (!b_rests)
        SDL_UnlockTexture(b->stat);
    if (!a_rests)
        SDL_UnlockTexture(a->stat);
    d->own_out = out;
    disp_draw_view(d, b, 0, fb->alpha, fb->anim_t, VIEW_PICTURE);
    d->own_out = NULL;
    d->own_blends++;
    return 1;
refused:
    if (held)
        SDL_UnlockTexture(a->vid.tex);
    return 0;
}

void display_set_own_blend(struct display *d, int on)
{
    if (d)
        d->own_blend_off = !on;
}
