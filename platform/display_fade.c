/* display_fade.c - the software renderer's crossfade, blended by the
 * display itself (blend.h) where its output's pixels can be reached. */
#define _DEFAULT_SOURCE /* access */
#include "display_internal.h"

/* ---- the software renderer's crossfade ------------------------------------ */

/* Where an animated item draws at dx 0, into *r: 1; 0 when it draws
 * nothing; -1 for a kind not known here (SDL then draws the crossfade). */
int disp_anim_extent(struct display *d, struct panel_view *v, struct anim_item *it, double eased,
                     SDL_Rect *r)
{
    *r = (SDL_Rect){0, 0, 0, 0};
    switch (it->kind) {
    case DRAW_RECT:
        *r = (SDL_Rect){it->r.x, it->r.y, it->r.w, it->r.h};
        break;
    case DRAW_TEXT:
    case DRAW_IMAGE:
        if (it->tex)
            *r = (SDL_Rect){it->r.x, it->r.y, it->tw, it->th};
        break;
    case DRAW_FIGURE: {
        struct figure_pieces fp = {0};
        disp_draw_figure(d, v, it, 0, 255, eased, &fp);
        *r = fp.ext;
        break;
    }
    case DRAW_UNITS:
        for (int i = 0; i < it->total; i++)
            if (i == 0)
                *r = it->cells[0];
            else
                SDL_UnionRect(r, &it->cells[i], r);
        if (it->has_part)
            SDL_UnionRect(r, &it->part, r);
        break;
    default:
        return -1;
    }
    return !SDL_RectEmpty(r);
}

/* r into out (n of OWN_RECTS); when full, one box around them all first. */
static void own_rect_add(SDL_Rect *out, int *n, SDL_Rect r)
{
    if (*n == OWN_RECTS) {
        for (int k = 1; k < *n; k++)
            SDL_UnionRect(&out[0], &out[k], &out[0]);
        *n = 1;
    }
    out[(*n)++] = r;
}

/* The pixels of a clip's picture, read as laid out (the texture the size
 * of its box, never read past its end): 0, locked (SDL_UnlockTexture), or
 * -1 (SDL must draw it, scaled). */
int disp_picture_lock(const struct view_video *vv, void **px, int *pitch)
{
    int tw = 0, th = 0;
    if (SDL_QueryTexture(vv->tex, NULL, NULL, &tw, &th) != 0 || tw != vv->it->r.w ||
        th != vv->it->r.h)
        return -1;
    return SDL_LockTexture(vv->tex, NULL, px, pitch) == 0 ? 0 : -1;
}

/* Where v's clip picture is drawn at dx 0 on the w x h screen, into *r: 1,
 * or 0 when it draws none. draw_view draws it last, opaque at alpha 255:
 * there, nothing else of the view shows. */
int disp_picture_rect(const struct panel_view *v, int w, int h, SDL_Rect *r)
{
    const struct view_video *vv = &v->vid;
    if (!vv->it || !vv->tex || !vv->has_frame)
        return 0;
    SDL_Rect pic = {vv->it->r.x, vv->it->r.y, vv->it->r.w, vv->it->r.h}, screen = {0, 0, w, h};
    return SDL_IntersectRect(&pic, &screen, r) ? 1 : 0;
}

/* The places where the view under a crossfade has animated items (and its
 * clip's picture, with_picture), inside the w x h screen, none overlapping
 * another: their count, or -1 when one is of a kind not known here. */
int disp_under_rects(struct display *d, struct panel_view *v, double anim_t, int w, int h,
                     int with_picture, SDL_Rect *out)
{
    SDL_Rect screen = {0, 0, w, h};
    double eased = plan_ease(anim_t);
    int n = 0;
    for (int i = 0; i < v->n_items; i++) {
        SDL_Rect r;
        int drawn = disp_anim_extent(d, v, &v->items[i], eased, &r);
        if (drawn < 0)
            return -1;
        if (drawn && SDL_IntersectRect(&r, &screen, &r))
            own_rect_add(out, &n, r);
    }
    /* its clip's picture, drawn over its poster (draw_view) */
    SDL_Rect pic;
    if (with_picture && disp_picture_rect(v, w, h, &pic))
        own_rect_add(out, &n, pic);
    disp_rects_merge(out, &n); /* each place is blended once */
    return n;
}
