/* speech_check.c - the audio guide's part of `bundle verify`: voices and
 * silent roles (speech_check.h). */
#include "speech_check.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "layout.h"
#include "mode.h"
#include "speech.h"
#include "spoken.h"
#include "store.h"
#include "text.h"
#include "ui_strings.h"

/* Languages told apart, at most: the exhibit's (STORE_MAX_LOCALES) and
 * the others its quotes and greetings are said in. A bundle naming more
 * has the rest counted, not looked up (each look-up asks eSpeak NG). */
#define MAX_LANGS 96
#define LANG_MAX 64 /* bytes of a language tag kept */
#define SILENT_MAX 16

struct langs {
    char tag[MAX_LANGS][LANG_MAX];
    int n, over;
};

static void lang_add(struct langs *l, const char *tag)
{
    if (!tag || !*tag)
        return;
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->tag[i], tag) == 0)
            return;
    if (l->n >= MAX_LANGS || strlen(tag) >= LANG_MAX) {
        l->over++;
        return;
    }
    memcpy(l->tag[l->n++], tag, strlen(tag) + 1);
}

/* The silent lines kept for after the voices (at most SPEECH_CHECK_LINES). */
struct lines {
    char text[SPEECH_CHECK_LINES][400];
    int n, more;
};

static void silent_line(struct lines *ls, const struct panel *p, const char *locale,
                        const char *const *roles, int n)
{
    if (ls->n >= SPEECH_CHECK_LINES) {
        ls->more++;
        return;
    }
    char id[128], loc[LANG_MAX * 2];
    escape_text(p->id ? p->id : "", 0, id, sizeof id);
    escape_text(locale, 0, loc, sizeof loc);
    char *t = ls->text[ls->n++];
    size_t cap = sizeof ls->text[0];
    int k = snprintf(t, cap, "%s (%s): silent: ", id, loc);
    for (int i = 0; i < n && k > 0 && (size_t)k < cap; i++) /* roles are layout's own names */
        k += snprintf(t + k, cap - (size_t)k, "%s%s", i ? ", " : "", roles[i]);
}

int speech_check_store(struct store *s, int w, int h, FILE *f, struct speech_check *out, char *why,
                       size_t why_len)
{
    memset(out, 0, sizeof *out);
    int rc = -1;
    struct arena ia, pa;
    arena_init(&ia, 16 * 1024);
    arena_init(&pa, 256 * 1024);
    struct text *t = NULL;
    struct spoken_panel *sp = malloc(sizeof *sp);
    struct langs *langs = calloc(1, sizeof *langs);
    struct lines *lines = calloc(1, sizeof *lines);
    struct store_info info;
    if (!sp || !langs || !lines) {
        snprintf(why, why_len, "out of memory");
        goto done;
    }
    if (store_info(s, NULL, &ia, &info, why, why_len) != 0)
        goto done;
    t = text_open(NULL, why, why_len);
    if (!t)
        goto done;
    text_cache_widths(t, 1u << 14);
    const struct text_measurer *m = text_measurer(t);
    struct layout_screen screen = mode_layout_screen(w, h, 0);
    out->panels = info.n_panels;
    for (int loc = 0; loc < info.n_locales; loc++)
        lang_add(langs, info.locales[loc]);
    for (int loc = 0; loc < info.n_locales; loc++) {
        const char *locale = info.locales[loc];
        struct ui_words words;
        ui_words_init(&words, locale, store_ui_text(s, locale));
        for (int i = 0; i < info.n_panels; i++) {
            arena_reset(&pa);
            struct panel p;
            struct draw_list list;
            char pwhy[256];
            /* a panel that cannot be read or laid out is the content
             * check's to refuse; an overflowing one is still drawn */
            if (store_panel_load(s, i, locale, &pa, &p, pwhy, sizeof pwhy) != 0)
                continue;
            if (layout_panel(&p, &screen, m, &pa, &list) != 0 && !list.overflow)
                continue;
            spoken_panel(&p, &words, sp);
            out->parts += sp->n;
            for (int k = 0; k < sp->n; k++)
                lang_add(langs, sp->part[k].lang);
            const char *silent[SILENT_MAX];
            int n = spoken_panel_silent_roles(sp, &list, silent, SILENT_MAX);
            if (n) {
                out->silent += n;
                silent_line(lines, &p, locale, silent, n);
            }
        }
    }
    int told = 0;
    for (int i = 0; i < langs->n; i++) {
        char voice[64], vwhy[256], tag[LANG_MAX * 4];
        escape_text(langs->tag[i], 0, tag, sizeof tag);
        if (speech_voice_for(langs->tag[i], voice, sizeof voice, vwhy, sizeof vwhy) == 0) {
            fprintf(f, "speech: %s: voice %s\n", tag, voice);
            continue;
        }
        /* eSpeak NG itself missing: said once, then each language */
        if (!told && strncmp(vwhy, "eSpeak NG has no voice", 22) != 0) {
            char e[512];
            escape_text(vwhy, 0, e, sizeof e);
            fprintf(f, "speech: %s\n", e);
        }
        told = 1;
        out->no_voice++;
        fprintf(f, "speech: %s: no eSpeak NG voice; its parts would be silent\n", tag);
    }
    if (langs->over)
        fprintf(f, "speech: %d more languages not looked up\n", langs->over);
    for (int i = 0; i < lines->n; i++)
        fprintf(f, "speech: %s\n", lines->text[i]);
    if (lines->more)
        fprintf(f, "speech: and %d more panels with silent roles\n", lines->more);
    fprintf(f, "speech: %d parts in %d panels spoken; %d silent; %d languages without a voice\n",
            out->parts, out->panels, out->silent, out->no_voice);
    rc = 0;
done:
    text_close(t);
    arena_free(&pa);
    arena_free(&ia);
    free(lines);
    free(langs);
    free(sp);
    return rc;
}
