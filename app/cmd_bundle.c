/* cmd_bundle.c - `vitrine bundle build SRC_DIR -o FILE`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "author.h"
#include "text.h"
#include "cli.h"
#include "layout.h"
#include "log.h"

struct fit_ctx {
    const struct text_measurer *m;
    struct arena arena;
};

/* Lay the panel out with the real fonts at every supported size. */
static int fit_check(void *ctx, const struct panel *p, char *why, size_t why_len)
{
    struct fit_ctx *f = ctx;
    for (size_t i = 0; i < sizeof(cli_sizes) / sizeof(cli_sizes[0]); i++) {
        struct layout_screen screen = {cli_sizes[i].w, cli_sizes[i].h};
        struct draw_list list = {0};
        arena_reset(&f->arena);
        if (layout_panel(p, &screen, f->m, &f->arena, &list) != 0) {
            snprintf(why, why_len, "at %dx%d (%s): %s", screen.w, screen.h,
                     p->locale ? p->locale : "?", list.overflow ? list.problem : "layout failed");
            return -1;
        }
    }
    return 0;
}

int cmd_bundle(const struct options *o)
{
    if (o->n_positional != 1 || !o->out) {
        fprintf(stderr, "vitrine bundle build: usage: vitrine bundle build SRC_DIR -o FILE\n");
        return 2;
    }
    char why[8192] = "";
    struct text *t = text_open(NULL, why, sizeof(why));
    if (!t) {
        fprintf(stderr, "vitrine bundle build: no font to check the layout with: %s\n", why);
        return 1;
    }
    struct fit_ctx f = {.m = text_measurer(t)};
    arena_init(&f.arena, 64 * 1024);
    struct author_opts ao = {.fit = fit_check, .fit_ctx = &f};
    int rc = author_build(o->positional[0], o->out, &ao, why, sizeof(why));
    arena_free(&f.arena);
    text_close(t);
    if (rc != 0) {
        fprintf(stderr, "%s%s", why, why[0] && why[strlen(why) - 1] == '\n' ? "" : "\n");
        fprintf(stderr, "vitrine bundle build: %s was not written\n", o->out);
        return 1;
    }
    printf("wrote %s\n", o->out);
    return 0;
}
