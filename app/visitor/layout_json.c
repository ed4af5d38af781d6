/* layout_json.c - see layout_json.h. */
#include "layout_json.h"

#include <string.h>

#include "frame_plan.h"

/* s[0..n) as a JSON string's contents (UTF-8 passes through; control
 * characters, quotes and backslashes are escaped). */
static void json_text(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
}

struct box {
    const char *role;
    int x0, y0, x1, y1;
    int first, n_lines;
    double arriving; /* a figure's, or 0 */
    int opacity;
};

static void box_end(FILE *f, const struct box *b, const struct draw_list *l, int dx, int *any)
{
    if (!b->role)
        return;
    fprintf(f, "%s{\"role\":\"", *any ? "," : "");
    json_text(f, b->role, strlen(b->role));
    fprintf(f, "\",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d", b->x0 + dx, b->y0, b->x1 - b->x0,
            b->y1 - b->y0);
    if (b->arriving > 0)
        fprintf(f, ",\"arriving\":%.3f,\"opacity\":%d", b->arriving, b->opacity);
    if (b->n_lines) {
        fputs(",\"lines\":[", f);
        int k = 0;
        for (int i = b->first; i < l->n && k < b->n_lines; i++) {
            const struct draw_item *it = &l->items[i];
            if (it->kind != DRAW_TEXT && it->kind != DRAW_FIGURE)
                continue;
            const char *t = it->text;
            size_t n = it->len;
            if (it->kind == DRAW_FIGURE)
                n = t ? strlen(t) : 0;
            fprintf(f, "%s\"", k ? "," : "");
            json_text(f, t ? t : "", t ? n : 0);
            fputc('"', f);
            k++;
        }
        fputc(']', f);
    }
    fputc('}', f);
    *any = 1;
}

int layout_json_write(FILE *f, const char *picture, int w, int h, int panel, const char *locale,
                      const char *mode, const struct layout_json_list *lists, int n)
{
    fputs("{\"picture\":\"", f);
    json_text(f, picture ? picture : "", picture ? strlen(picture) : 0);
    fprintf(f, "\",\"width\":%d,\"height\":%d", w, h);
    if (panel > 0)
        fprintf(f, ",\"panel\":%d", panel);
    if (locale) {
        fputs(",\"locale\":\"", f);
        json_text(f, locale, strlen(locale));
        fputc('"', f);
    }
    if (mode) {
        fputs(",\"mode\":\"", f);
        json_text(f, mode, strlen(mode));
        fputc('"', f);
    }
    fputs(",\"boxes\":[", f);
    int any = 0;
    for (int k = 0; k < n; k++) {
        const struct draw_list *l = lists[k].list;
        if (!l)
            continue;
        struct box b = {NULL, 0, 0, 0, 0, 0, 0, 0, 255};
        for (int i = 0; i < l->n; i++) {
            const struct draw_item *it = &l->items[i];
            if (!it->role)
                continue;
            /* buttons: one box each (a plate that does not touch the box
             * so far starts a new one; a button's own mark stays in it) */
            int button = strcmp(it->role, "control") == 0 || strcmp(it->role, "index") == 0 ||
                         strcmp(it->role, "staff") == 0;
            int apart = it->r.x > b.x1 || it->r.x + it->r.w < b.x0 || it->r.y > b.y1 ||
                        it->r.y + it->r.h < b.y0;
            int plate = button && it->kind == DRAW_RECT && apart;
            struct draw_rect r = it->r; /* where it is drawn at this instant */
            double arriving = it->kind == DRAW_FIGURE ? lists[k].arriving : 0;
            struct plan_arrival arr = plan_figure_arrival(1 - arriving, r.h);
            if (arriving > 0)
                r.y += arr.dy;
            if (!b.role || strcmp(b.role, it->role) != 0 || plate) {
                box_end(f, &b, l, lists[k].dx, &any);
                b = (struct box){it->role, r.x, r.y, r.x + r.w, r.y + r.h, i, 0, 0, 255};
            }
            if (arriving > 0) {
                b.arriving = arriving;
                b.opacity = arr.alpha;
            }
            if (r.x < b.x0)
                b.x0 = r.x;
            if (r.y < b.y0)
                b.y0 = r.y;
            if (r.x + r.w > b.x1)
                b.x1 = r.x + r.w;
            if (r.y + r.h > b.y1)
                b.y1 = r.y + r.h;
            b.n_lines += it->kind == DRAW_TEXT || it->kind == DRAW_FIGURE;
        }
        box_end(f, &b, l, lists[k].dx, &any);
    }
    fputs("]}\n", f);
    return ferror(f) ? -1 : 0;
}
