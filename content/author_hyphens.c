/* author_hyphens.c - the build's hyphenation (see content/hyphenation.h):
 * each locale's dictionary read once per build, and the words of its texts
 * the dictionary hyphenates, gathered twice over: from each panel as the
 * fit check lays it out (so the check sets long words as the kiosk will),
 * and from every text of the store at the end (author_write.c), which the
 * table of the store is written from. A language with no dictionary, or
 * one that cannot be read (a warning), gets no table: its long words are
 * cut, in the check as on the kiosk. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "author_internal.h"
#include "hyphenation.h"

struct hyphen_table *build_hyphens(struct build *b, int l)
{
    if (!b->hy_tried[l]) {
        char path[512], why[600];
        b->hy_tried[l] = 1;
        if (hyphen_dict_find(b->loc[l], path, sizeof path) != 0)
            return NULL;
        b->hy_dict[l] = hyphen_dict_load(path, why, sizeof why);
        if (!b->hy_dict[l])
            build_warning(b, "exhibit.yaml", b->loc_line[l],
                          "%s; the %s texts are not hyphenated", why, b->loc[l]);
        else if (!(b->hy_words[l] = hyphen_table_new()))
            b->oom = 1;
    }
    return b->hy_words[l];
}

int build_hyphens_learn(struct build *b, int l, const char *text)
{
    struct hyphen_table *t = build_hyphens(b, l);
    return t && text ? hyphen_table_learn(t, b->hy_dict[l], text) : 0;
}

const struct hyphen_table *build_hyphens_panel(struct build *b, int l, const struct panel *p)
{
    const char *texts[] = {p->chapter,
                           p->heading,
                           p->body,
                           p->note,
                           p->figure.prefix,
                           p->figure.suffix,
                           p->figure.label,
                           p->figure.part_of_label,
                           p->quote.text,
                           p->quote.speaker,
                           p->quote.role,
                           p->quote.context,
                           p->quote.translation,
                           p->image.alt};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        build_hyphens_learn(b, l, texts[i]);
    for (int i = 0; i < p->n_also; i++)
        build_hyphens_learn(b, l, p->also[i]);
    for (int i = 0; i < p->n_events; i++) {
        build_hyphens_learn(b, l, p->events[i].label);
        build_hyphens_learn(b, l, p->events[i].when);
    }
    for (int i = 0; i < p->n_values; i++)
        build_hyphens_learn(b, l, p->values[i].label);
    for (int i = 0; i < p->n_cites; i++) {
        build_hyphens_learn(b, l, p->cites[i].cite);
        build_hyphens_learn(b, l, p->cites[i].description);
    }
    for (int i = 0; i < p->video.n_captions; i++)
        build_hyphens_learn(b, l, p->video.captions[i].text);
    for (int k = 0; p->ui_text && k < UI_KEY_COUNT; k++)
        build_hyphens_learn(b, l, p->ui_text[k]);
    return build_hyphens(b, l);
}

void build_hyphens_free(struct build *b)
{
    for (int l = 0; l < MAX_LOCALES; l++) {
        hyphen_dict_free(b->hy_dict[l]);
        hyphen_table_free(b->hy_words[l]);
    }
}
