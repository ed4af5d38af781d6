/* spoken.h - what the audio guide says: each part of a panel as a sentence
 * (its heading, text, figure with its label, chart, quote with its
 * speaker, timeline, bars, picture, note and sources), and each control.
 * Pure: a panel and the kiosk's words in, text out.
 *
 * A part names the draw-list roles (layout.h) that show it, so that the
 * guide can find it on screen: the focus ring goes round them, and a
 * finger on them hears them. */
#ifndef VITRINE_SPOKEN_H
#define VITRINE_SPOKEN_H

#include <stddef.h>

#include "mode.h"
#include "panel.h"
#include "ui_strings.h"

#define SPOKEN_MAX_PARTS 16
#define SPOKEN_TEXT_MAX 12288 /* bytes of every part's words together */
#define SPOKEN_ROLES 6

struct spoken_part {
    const char *name;                /* "heading", "figure", ... (for tests and the log) */
    const char *roles[SPOKEN_ROLES]; /* the draw items that show it; NULL-terminated */
    const char *lang;                /* the language it is said in */
    size_t at, len;                  /* its words in spoken_panel.text */
    int on_request;                  /* only when the visitor moves to it (the sources) */
};

struct spoken_panel {
    struct spoken_part part[SPOKEN_MAX_PARTS];
    int n;
    char text[SPOKEN_TEXT_MAX];
    size_t used;
    int cut; /* some words did not fit in text */
};

/* p's parts in reading order, in p's language (a quote's original words
 * in theirs, a title's greeting in each of its languages). w: the words of
 * p's language. A part with no words is left out; `bundle verify` calls it
 * silent when the panel shows it (spoken_silent). */
void spoken_panel(const struct panel *p, const struct ui_words *w, struct spoken_panel *out);

/* The parts of the panel that a visitor would see but not hear: roles
 * drawn by `roles` (n of them, from the panel's draw list) that no part
 * covers. Writes up to max role names to out, returns how many. */
int spoken_silent(const struct spoken_panel *sp, const char *const *roles, int n, const char **out,
                  int max);

/* spoken_silent over a panel's draw list l (layout_panel's): the roles of
 * its items that are content, that is, all but the screen's own furniture
 * drawn over every panel ("chrome": the page position; a notice, a clip's
 * caption and its paused mark, the exhibit's logo) and the controls, which
 * spoken_control names. What the walk test and `bundle verify` report. */
struct draw_list;
int spoken_panel_silent_roles(const struct spoken_panel *sp, const struct draw_list *l,
                              const char **out, int max);

/* A control's spoken name (c->act, c->arg) into buf: "Next", "Chapters",
 * a chapter card's title, a language card's name. chapters: the index's
 * titles; langs: the language names the picker shows. *lang: the
 * language the name is said in (a language's own name in its own voice).
 * Returns the length (0: a control with nothing to say). */
struct spoken_controls {
    const struct ui_words *w;
    const char *locale;
    const char *const *chapters;
    int n_chapters;
    const char *const *locale_names;
    const char *const *locale_codes;
    int n_locales;
    int larger_text; /* on: the toggle says so */
};
size_t spoken_control(const struct spoken_controls *sc, const struct control *c, char *buf,
                      size_t n, const char **lang);

/* A number as it is said: the language's digits and mark, without the
 * grouping that a synthesiser would read as two numbers ("54 280" in
 * French is "54280"). Returns the length. */
size_t spoken_number(const char *locale, const char *shown, char *buf, size_t n);

#endif
