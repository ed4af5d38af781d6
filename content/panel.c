/* panel.c - helpers over one loaded panel (panel.h): kinds by name, word
 * counts. */
#include "panel.h"

#include <string.h>

static const char *const kind_names[PANEL_KIND_COUNT] = {
    "title", "story", "statistic", "quote", "credits", "image", "timeline", "compare", "video",
};

const char *panel_kind_name(enum panel_kind kind)
{
    return (unsigned)kind < PANEL_KIND_COUNT ? kind_names[kind] : NULL;
}

int panel_kind_from_name(const char *name)
{
    for (int i = 0; name && i < PANEL_KIND_COUNT; i++)
        if (strcmp(name, kind_names[i]) == 0)
            return i;
    return -1;
}

static int count_words(const char *s)
{
    int n = 0, in_word = 0;
    for (; s && *s; s++) {
        int space = *s == ' ' || *s == '\n' || *s == '\t';
        if (!space && !in_word)
            n++;
        in_word = !space;
    }
    return n;
}

int panel_word_count(const struct panel *p)
{
    int n = count_words(p->heading) + count_words(p->body) + count_words(p->note);
    switch (p->kind) {
    case PANEL_STATISTIC:
        n += 1 + count_words(p->figure.label) + count_words(p->figure.part_of_label);
        break;
    case PANEL_QUOTE:
        n += count_words(p->quote.text) + count_words(p->quote.speaker) +
             count_words(p->quote.role) + count_words(p->quote.context);
        break;
    case PANEL_IMAGE:
        n += count_words(p->image.alt);
        break;
    case PANEL_TIMELINE:
        for (int i = 0; i < p->n_events; i++)
            n += 1 + count_words(p->events[i].label);
        break;
    case PANEL_COMPARE:
        for (int i = 0; i < p->n_values; i++)
            n += 1 + count_words(p->values[i].label);
        break;
    default:
        break;
    }
    return n;
}
