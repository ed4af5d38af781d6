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
    struct text *t;
    const struct text_measurer *m;
    struct arena arena;
};

/* A character of a field that no installed font has would show as a box:
 * name the field and the character. 0, or -2 with why. */
static int glyph_check(struct text *t, const char *field, enum font_face face, const char *s,
                       char *why, size_t why_len)
{
    uint32_t cp = 0;
    if (!s || !text_missing(t, face, s, strlen(s), &cp))
        return 0;
    snprintf(why, why_len,
             "%s: the character U+%04X is in no installed font and would show as a box; "
             "remove it or install a font that has it",
             field, (unsigned)cp);
    return -2;
}

/* Every visible text of the panel in the face it is set in. */
static int glyphs_check(struct text *t, const struct panel *p, char *why, size_t why_len)
{
    const struct {
        const char *field, *text;
        enum font_face face;
    } fields[] = {
        {"chapter", p->chapter, FACE_SANS_BOLD},
        {"heading", p->heading, FACE_SANS_BOLD},
        {"body", p->body, FACE_SANS},
        {"note", p->note, FACE_SANS},
        {"figure.label", p->figure.label, FACE_SANS},
        {"figure.prefix", p->figure.prefix, FACE_SANS_BOLD},
        {"figure.suffix", p->figure.suffix, FACE_SANS_BOLD},
        {"figure.part_of_label", p->figure.part_of_label, FACE_SANS},
        {"quote.text", p->quote.text, FACE_SERIF},
        {"quote.speaker", p->quote.speaker, FACE_SANS_BOLD},
        {"quote.role", p->quote.role, FACE_SANS},
        {"quote.context", p->quote.context, FACE_SANS},
        {"image.alt", p->image.alt, FACE_SANS},
    };
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
        if (glyph_check(t, fields[i].field, fields[i].face, fields[i].text, why, why_len) != 0)
            return -2;
    for (int i = 0; i < p->n_cites && p->cites; i++)
        if (glyph_check(t, "sources", FACE_SANS, p->cites[i].cite, why, why_len) != 0 ||
            glyph_check(t, "sources", FACE_SANS, p->cites[i].description, why, why_len) != 0)
            return -2;
    return 0;
}

/* Every character in a font, then the panel laid out with the real fonts
 * at every supported size. */
static int fit_check(void *ctx, const struct panel *p, char *why, size_t why_len)
{
    struct fit_ctx *f = ctx;
    if (glyphs_check(f->t, p, why, why_len) != 0)
        return -2;
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

int cli_build_exhibit(struct text *t, const char *src_dir, const char *out_path, char *why,
                      size_t why_len)
{
    struct fit_ctx f = {.t = t, .m = text_measurer(t)};
    arena_init(&f.arena, 64 * 1024);
    struct author_opts ao = {.fit = fit_check, .fit_ctx = &f};
    int rc = author_build(src_dir, out_path, &ao, why, why_len);
    arena_free(&f.arena);
    return rc;
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
    int rc = cli_build_exhibit(t, o->positional[0], o->out, why, sizeof(why));
    text_close(t);
    if (rc != 0) {
        fprintf(stderr, "%s%s", why, why[0] && why[strlen(why) - 1] == '\n' ? "" : "\n");
        fprintf(stderr, "vitrine bundle build: %s was not written\n", o->out);
        return 1;
    }
    printf("wrote %s\n", o->out);
    return 0;
}
