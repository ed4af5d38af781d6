/* author_panels.c - the panel files: panels/NAME.yaml in file-name order,
 * each checked against the keys of its kind (figure, quote, image), given
 * the chapter of the panel before it when it names none, and handed once per
 * locale to the optional fit check exactly as the store reader will return
 * it (see content/README.md and author_internal.h). */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "author_internal.h"

enum {
    PK_KIND,
    PK_CHAPTER,
    PK_HEADING,
    PK_BODY,
    PK_NOTE,
    PK_SOURCES,
    PK_FIGURE,
    PK_QUOTE,
    PK_IMAGE,
    PK_EVENTS,
    PK_VALUES,
    PK_SHOW,
    PK_CHAPTER_SHOW,
    PK_VIDEO,
    PK_AUDIO,
    PK_N
};
static const char *const panel_keys[PK_N] = {
    "kind",    "chapter", "heading",      "body",  "note",
    "sources", "figure",  "quote",        "image", "events",
    "values",  "show",    "chapter_show", "video", "audio_description",
};

enum {
    FK_VALUE,
    FK_TO,
    FK_DECIMALS,
    FK_UNIT,
    FK_PREFIX,
    FK_SUFFIX,
    FK_LABEL,
    FK_PART_OF,
    FK_SOURCES,
    FK_N
};
static const char *const figure_keys[FK_N] = {
    "value", "to", "decimals", "unit", "prefix", "suffix", "label", "part_of", "sources",
};

enum { PO_VALUE, PO_LABEL, PO_N };
static const char *const part_of_keys[PO_N] = {"value", "label"};

enum { QK_TEXT, QK_SPEAKER, QK_ROLE, QK_CONTEXT, QK_LANGUAGE, QK_TRANSLATION, QK_SOURCES, QK_N };
static const char *const quote_keys[QK_N] = {
    "text", "speaker", "role", "context", "language", "translation", "sources",
};

enum { IK_FILE, IK_ALT, IK_N };
static const char *const image_keys[IK_N] = {"file", "alt"};

/* Where key was written (for the fit check's messages). */
static void mark(struct build *b, struct psrc *ps, const char *key, const char *file, int line)
{
    (void)b;
    if (key && line > 0 && ps->nat < (int)(sizeof ps->at / sizeof ps->at[0])) {
        ps->at[ps->nat].key = key;
        ps->at[ps->nat].file = file;
        ps->at[ps->nat++].line = line;
    }
}

/* The file and line of field (or of the nearest key that holds it:
 * "figure.part_of.label", then "figure.part_of", then "figure"); the
 * panel's first line when none. */
static int field_line(const struct psrc *ps, const char *field, const char **file)
{
    char key[64];
    snprintf(key, sizeof key, "%s", field ? field : "");
    *file = ps->file;
    while (key[0]) {
        for (int i = ps->nat - 1; i >= 0; i--)
            if (strcmp(ps->at[i].key, key) == 0) {
                *file = ps->at[i].file;
                return ps->at[i].line;
            }
        char *dot = strrchr(key, '.');
        if (!dot)
            break;
        *dot = '\0';
    }
    return 1;
}

/* Without figure.decimals, the numbers are shown with as many decimals as
 * they are written with (the most of value and to; a part_of only when it
 * is not whole), never rounded to another number. */
static int decimals_as_written(struct build *b, const struct ynode *const *nodes,
                               const char *const *keys, const struct decimal *vals, int n)
{
    int most = 0;
    for (int i = 0; i < n; i++) {
        if (!nodes[i])
            continue;
        /* as written ("99.70": 2); with an exponent, as the value needs
         * ("1.50e1": 0, see decimal_parse) */
        int d = vals[i].scale;
        if (d > RULES_DECIMALS_MAX) {
            ERR(b, nodes[i]->line,
                "%s %s has %d decimals; a figure shows at most %d: write it rounded as it "
                "should be shown",
                keys[i], nodes[i]->s, d, RULES_DECIMALS_MAX);
            return -1;
        }
        if (d > most)
            most = d;
    }
    return most;
}

/* A figure has a unit or a suffix, never both: both are shown after the
 * number, and together they said the unit twice ("99.7 percent%",
 * "-3 celsius °C", "42 km km"). Words after a unit belong in the label. */
static void check_suffix_unit(struct build *b, const struct figure *f, const struct ynode *sn)
{
    ERR(b, sn->line,
        "figure has both unit \"%s\" and suffix; both would be shown after the number "
        "(\"99.7 percent%%\"): keep the unit and put any words in label, or keep the suffix "
        "and remove unit",
        f->unit);
}

static void parse_figure(struct build *b, const struct ynode *n, struct psrc *ps)
{
    struct figure *f = &ps->fig;
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "figure must be a mapping with value, label and sources, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    int before = b->nerr;
    const struct ynode *v[FK_N];
    int kl[FK_N];
    value_map_keys(b, n, "figure", figure_keys, FK_N, v, kl);
    mark(b, ps, "figure.label", ps->file, kl[FK_LABEL]);
    mark(b, ps, "figure.part_of", ps->file, kl[FK_PART_OF]);
    mark(b, ps, "figure.prefix", ps->file, kl[FK_PREFIX]);
    if (value_need(b, n, v[FK_VALUE], "figure.value"))
        value_decimal(b, v[FK_VALUE], "figure.value", &f->value);
    if (v[FK_TO] && !ynode_is_null(v[FK_TO]) &&
        value_decimal(b, v[FK_TO], "figure.to", &f->to) == 0)
        f->has_to = 1;
    int has_decimals = v[FK_DECIMALS] && !ynode_is_null(v[FK_DECIMALS]);
    if (has_decimals) {
        double d;
        if (value_number(b, v[FK_DECIMALS], "figure.decimals", &d) == 0) {
            if (d != floor(d) || d < 0 || d > RULES_DECIMALS_MAX)
                ERR(b, v[FK_DECIMALS]->line, "figure.decimals must be 0, 1, 2 or 3, not %s",
                    v[FK_DECIMALS]->s);
            else
                f->decimals = (int)d;
        }
    }
    if (v[FK_UNIT] && !ynode_is_null(v[FK_UNIT])) {
        char why[256];
        if (v[FK_UNIT]->type == Y_MAP)
            ERR(b, v[FK_UNIT]->line,
                "figure.unit is the same in every language (km, %%, °C); give it once, and put "
                "words that need translating in suffix");
        else if ((f->unit = value_text(b, v[FK_UNIT], "figure.unit", RULES_LEN_UNIT, 1)) &&
                 rules_unit(f->unit, strlen(f->unit), why, sizeof why) != 0) {
            ERR(b, v[FK_UNIT]->line, "%s", why);
            f->unit = NULL;
        }
    }
    value_opt_ltext(b, v[FK_PREFIX], "figure.prefix", LEN_AFFIX, 1, &f->prefix);
    value_opt_ltext(b, v[FK_SUFFIX], "figure.suffix", LEN_AFFIX, 1, &f->suffix);
    if (f->unit && v[FK_SUFFIX] && !ynode_is_null(v[FK_SUFFIX]))
        check_suffix_unit(b, f, v[FK_SUFFIX]);
    if (value_need(b, n, v[FK_LABEL], "figure.label"))
        value_ltext(b, v[FK_LABEL], "figure.label", LEN_LABEL, 0, &f->label);
    const struct ynode *po = v[FK_PART_OF], *pv[PO_N] = {NULL, NULL};
    if (po && !ynode_is_null(po)) {
        if (po->type != Y_MAP) {
            ERR(b, po->line, "figure.part_of must be a mapping with value and label, not %s",
                value_describe(q, sizeof q, po));
        } else {
            int pl[PO_N];
            value_map_keys(b, po, "figure.part_of", part_of_keys, PO_N, pv, pl);
            mark(b, ps, "figure.part_of.label", ps->file, pl[PO_LABEL]);
            if (value_need(b, po, pv[PO_VALUE], "figure.part_of.value") &&
                value_decimal(b, pv[PO_VALUE], "figure.part_of.value", &f->part_of) == 0)
                f->has_part_of = 1;
            value_opt_ltext(b, pv[PO_LABEL], "figure.part_of.label", LEN_LABEL, 0,
                            &f->part_of_label);
        }
    }
    if (value_need(b, n, v[FK_SOURCES], "figure.sources"))
        value_cites(b, v[FK_SOURCES], "figure.sources", "figure", 1, &f->sources);
    if (b->nerr != before)
        return;

    /* the numbers, by the rules the reader applies too */
    const struct ynode *nodes[3] = {v[FK_VALUE], f->has_to ? v[FK_TO] : NULL,
                                    f->has_part_of && !decimal_is_whole(&f->part_of) ? pv[PO_VALUE]
                                                                                     : NULL};
    static const char *const keys[3] = {"figure.value", "figure.to", "figure.part_of.value"};
    const struct decimal vals[3] = {f->value, f->to, f->part_of};
    if (!has_decimals && (f->decimals = decimals_as_written(b, nodes, keys, vals, 3)) < 0) {
        f->decimals = 0;
        return;
    }
    struct panel_figure pf = {.value = f->value,
                              .has_to = f->has_to,
                              .to = f->to,
                              .decimals = f->decimals,
                              .unit = f->unit,
                              .has_part_of = f->has_part_of,
                              .part_of = f->part_of};
    const char *key;
    char why[512];
    if (rules_figure(&pf, &key, why, sizeof why) != 0) {
        const struct ynode *at = n;
        if (key && strcmp(key, "figure.to") == 0)
            at = v[FK_TO];
        else if (key && strcmp(key, "figure.part_of.value") == 0)
            at = pv[PO_VALUE];
        else if (key && strcmp(key, "figure.value") == 0)
            at = v[FK_VALUE];
        else if (key && strcmp(key, "figure.unit") == 0)
            at = v[FK_UNIT];
        else if (key && strcmp(key, "figure.decimals") == 0 && has_decimals)
            at = v[FK_DECIMALS];
        ERR(b, at ? at->line : n->line, "%s", why);
    }
}

static void parse_quote(struct build *b, const struct ynode *n, struct psrc *ps)
{
    struct quote *qt = &ps->q;
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "quote must be a mapping with text, speaker and sources, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[QK_N];
    int kl[QK_N];
    value_map_keys(b, n, "quote", quote_keys, QK_N, v, kl);
    for (int k = 0; k < QK_N; k++)
        if (k != QK_SOURCES)
            mark(b, ps, build_printf(b, "quote.%s", quote_keys[k]), ps->file, kl[k]);
    /* the words as they were said: one language, never translated here
     * (the store keeps them verbatim under quote.language) */
    if (value_need(b, n, v[QK_TEXT], "quote.text")) {
        if (v[QK_TEXT]->type == Y_MAP)
            ERR(b, kl[QK_TEXT],
                "quote.text is the words as they were said, in the one language they were said "
                "in (quote.language): give them once, as plain text, and their words in the "
                "exhibit's other languages under quote.translation (fr: ...)");
        else
            value_ltext(b, v[QK_TEXT], "quote.text", LEN_QUOTE, 0, &qt->text);
    }
    if (value_need(b, n, v[QK_SPEAKER], "quote.speaker")) {
        if (v[QK_SPEAKER]->type == Y_MAP)
            ERR(b, v[QK_SPEAKER]->line,
                "quote.speaker is a name and is not translated; give it once");
        else
            qt->speaker = value_text(b, v[QK_SPEAKER], "quote.speaker", LEN_NAME, 0);
    }
    value_opt_ltext(b, v[QK_ROLE], "quote.role", LEN_ROLE, 0, &qt->role);
    value_opt_ltext(b, v[QK_CONTEXT], "quote.context", LEN_CONTEXT, 0, &qt->context);
    if (v[QK_LANGUAGE] && !ynode_is_null(v[QK_LANGUAGE]))
        qt->language = value_locale_code(b, v[QK_LANGUAGE], "quote.language");
    else if (b->locales_ok)
        qt->language = b->loc[b->def];
    value_translations(b, v[QK_TRANSLATION], qt->language, LEN_QUOTE, &qt->translation);
    if (value_need(b, n, v[QK_SOURCES], "quote.sources"))
        value_cites(b, v[QK_SOURCES], "quote.sources", "quote", 1, &qt->sources);
}

static void parse_image(struct build *b, const struct ynode *n, struct psrc *ps)
{
    struct image *im = &ps->img;
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "image must be a mapping with file and alt, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[IK_N];
    int kl[IK_N];
    value_map_keys(b, n, "image", image_keys, IK_N, v, kl);
    mark(b, ps, "image.alt", ps->file, kl[IK_ALT]);
    if (value_need(b, n, v[IK_FILE], "image.file")) {
        const char *f = value_text(b, v[IK_FILE], "image.file", LEN_FILE, 0);
        if (f) {
            int bad = f[0] == '/' || strcmp(f, "..") == 0 || strncmp(f, "../", 3) == 0 ||
                      strstr(f, "/../") ||
                      (strlen(f) >= 3 && strcmp(f + strlen(f) - 3, "/..") == 0);
            if (bad)
                ERR(b, v[IK_FILE]->line,
                    "image.file must be a path inside the exhibit folder, such as images/x.jpg, "
                    "not %s",
                    value_quoted(q, sizeof q, f, strlen(f)));
            else if (build_file_inside(b, "image.file", v[IK_FILE]->line, f))
                im->file = f;
        }
    }
    if (value_need(b, n, v[IK_ALT], "image.alt"))
        value_ltext(b, v[IK_ALT], "image.alt", LEN_ALT, 0, &im->alt);
}

static int ltext_empty(const struct ltext *t)
{
    for (int i = 0; i < MAX_LOCALES; i++)
        if (t->s[i])
            return 0;
    return 1;
}

/* The fit check: the panel in every locale, as store_panel_load returns it. */
static void fit_panel(struct build *b, const struct psrc *ps, int index, const void *img,
                      size_t img_size)
{
    struct panel_cite *cites = malloc(sizeof *cites * (size_t)(b->nsrc ? b->nsrc : 1));
    unsigned char *on = calloc((size_t)(b->nsrc ? b->nsrc : 1), 1);
    char(*msg)[ERROR_LINE_MAX - 300] = malloc(sizeof *msg * MAX_LOCALES);
    const char *fields[MAX_LOCALES] = {NULL};
    uint64_t failed = 0;
    if (!cites || !on || !msg) {
        ERR(b, 0, "out of memory");
        goto done;
    }
    const struct cites *lists[3] = {&ps->sources, &ps->fig.sources, &ps->q.sources};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            on[lists[k]->idx[i]] = 1;
    for (int e = 0; e < ps->nev; e++)
        for (int i = 0; i < ps->ev[e].sources.n; i++)
            on[ps->ev[e].sources.idx[i]] = 1;
    for (int e = 0; e < ps->ncv; e++)
        for (int i = 0; i < ps->cv[e].sources.n; i++)
            on[ps->cv[e].sources.idx[i]] = 1;
    for (int l = 0; l < b->nloc; l++) {
        int nc = 0;
        for (int i = 0; i < b->nsrc; i++)
            if (on[i] || ps->kind == PANEL_CREDITS)
                cites[nc++] = (struct panel_cite){b->src[i].id, b->src[i].cite.s[l],
                                                  b->src[i].description.s[l]};
        struct panel p = {
            .index = index,
            .id = ps->id,
            .kind = (enum panel_kind)ps->kind,
            .locale = b->loc[l],
            .chapter = ps->chapter.s[l],
            .heading = ps->heading.s[l],
            .body = ps->body.s[l],
            .note = ps->note.s[l],
            .cites = nc ? cites : NULL,
            .n_cites = nc,
            .ui_text = b->ui[l],
        };
        char before[RULES_LEN_AFFIX + 8], after[RULES_LEN_UNIT + 8 + RULES_LEN_AFFIX + 1];
        if (ps->kind == PANEL_STATISTIC) {
            const struct figure *f = &ps->fig;
            p.figure = (struct panel_figure){
                .value = f->value,
                .has_to = f->has_to,
                .to = f->to,
                .decimals = f->decimals,
                .prefix = rules_figure_before(f->prefix.s[l], b->loc[l], before, sizeof before),
                .suffix =
                    rules_figure_after(f->unit, f->suffix.s[l], b->loc[l], after, sizeof after),
                .unit = f->unit,
                .label = f->label.s[l],
                .has_part_of = f->has_part_of,
                .part_of = f->part_of,
                .part_of_label = f->part_of_label.s[l],
            };
        } else if (ps->kind == PANEL_TITLE) {
            /* as store_panel_load gives it: the logo, the heading in the others */
            if (img)
                p.image = (struct panel_image){img, img_size, NULL, b->logo, 0, 0};
            for (int o = 0; o < b->nloc && p.n_also < PANEL_ALSO_MAX; o++) {
                const char *h = ltext_stored(b, &ps->heading, o);
                if (o != l && h) {
                    p.also[p.n_also] = h;
                    p.also_locale[p.n_also++] = b->loc[o];
                }
            }
        } else if (ps->kind == PANEL_QUOTE) {
            p.quote =
                (struct panel_quote){ps->q.text.s[l],    ps->q.speaker,  ps->q.role.s[l],
                                     ps->q.context.s[l], ps->q.language, ps->q.translation.s[l]};
        } else if (ps->kind == PANEL_IMAGE) {
            p.image = (struct panel_image){img, img_size, ps->img.alt.s[l], ps->img.file, 0, 0};
        } else if (ps->kind == PANEL_VIDEO) {
            if (video_for_locale(b, ps, l, &p) != 0)
                goto done;
        } else if (items_for_locale(b, ps, l, &p) != 0) {
            goto done;
        }
        /* its long words hyphenated as the store will have them */
        p.hyphens = build_hyphens_panel(b, l, &p);
        char *why = msg[l];
        const char *field = NULL;
        why[0] = '\0';
        if (b->opts->fit(b->opts->fit_ctx, &p, why, sizeof msg[l], &field) == 0)
            continue;
        for (char *c = why; *c; c++)
            if (*c == '\n' || *c == '\r')
                *c = ' ';
        if (!why[0])
            snprintf(why, sizeof msg[l], "does not fit on screen (no reason given)");
        fields[l] = field;
        failed |= LOCALE_BIT(l);
    }
    /* each message once, at its field's line, naming the languages whose
     * text it is about when they are not all the same */
    for (int l = 0; l < b->nloc; l++) {
        if (!(failed & LOCALE_BIT(l)))
            continue;
        uint64_t same = LOCALE_BIT(l);
        for (int o = l + 1; o < b->nloc; o++)
            if ((failed & LOCALE_BIT(o)) && strcmp(msg[o], msg[l]) == 0) {
                same |= LOCALE_BIT(o);
                failed &= ~LOCALE_BIT(o);
            }
        char langs[MAX_LOCALES * 40] = "";
        size_t used = 0;
        int count = 0;
        for (int o = 0; o < b->nloc; o++)
            count += (same >> o) & 1;
        for (int o = 0, k = 0; o < b->nloc && count < b->nloc && used < sizeof langs; o++) {
            if (!((same >> o) & 1))
                continue;
            used += (size_t)snprintf(langs + used, sizeof langs - used, "%s%s",
                                     k == 0           ? "in "
                                     : k == count - 1 ? " and "
                                                      : ", ",
                                     b->loc_name[o]);
            k++;
        }
        const char *file;
        int line = field_line(ps, fields[l], &file);
        build_error(b, file, line, "%s%s%s", langs, langs[0] ? ", " : "", msg[l]);
    }
done:
    free(msg);
    free(cites);
    free(on);
}

static void parse_panel(struct build *b, struct psrc *ps, int index, const struct ltext *chapter)
{
    char q[64];
    int before = b->nerr;
    ps->kind = -1;
    const struct ynode *root = build_load_yaml(b, ps->file);
    if (!root) {
        b->unloaded++;
        return;
    }
    const struct ynode *v[PK_N];
    int kline[PK_N];
    value_map_keys(b, root, "", panel_keys, PK_N, v, kline);

    if (!v[PK_KIND]) {
        ERR(b, root->line,
            "missing required key \"kind\" (title, story, statistic, quote, "
            "credits, image, timeline, compare or video)");
    } else if (v[PK_KIND]->type != Y_SCALAR ||
               (ps->kind = panel_kind_from_name(v[PK_KIND]->s)) < 0) {
        const char *names[PANEL_KIND_COUNT];
        for (int i = 0; i < PANEL_KIND_COUNT; i++)
            names[i] = panel_kind_name((enum panel_kind)i);
        const char *hint = v[PK_KIND]->type == Y_SCALAR
                               ? value_suggest(v[PK_KIND]->s, names, PANEL_KIND_COUNT)
                               : NULL;
        char h[64] = "";
        if (hint)
            snprintf(h, sizeof h, "did you mean \"%s\"? ", hint);
        ERR(b, v[PK_KIND]->line,
            "unknown kind %s (%skinds are title, story, statistic, quote, credits, image, "
            "timeline, compare, video)",
            value_describe(q, sizeof q, v[PK_KIND]), h);
    }

    static const struct {
        int key, kind;
    } only[] = {{PK_FIGURE, PANEL_STATISTIC}, {PK_QUOTE, PANEL_QUOTE},    {PK_IMAGE, PANEL_IMAGE},
                {PK_EVENTS, PANEL_TIMELINE},  {PK_VALUES, PANEL_COMPARE}, {PK_VIDEO, PANEL_VIDEO}};
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++) {
        if (ps->kind < 0)
            break;
        int k = only[i].key;
        if (v[k] && ps->kind != only[i].kind) {
            ERR(b, kline[k], "key \"%s\" belongs only on a %s panel, not on a %s panel",
                panel_keys[k], panel_kind_name((enum panel_kind)only[i].kind),
                panel_kind_name((enum panel_kind)ps->kind));
            v[k] = NULL;
        } else if (!v[k] && ps->kind == only[i].kind) {
            ERR(b, root->line, "missing required key \"%s\" (a %s panel needs one)", panel_keys[k],
                panel_kind_name((enum panel_kind)ps->kind));
        }
    }
    if (v[PK_CHAPTER] && !ynode_is_null(v[PK_CHAPTER])) {
        ps->has_chapter = 1;
        value_ltext(b, v[PK_CHAPTER], "chapter", LEN_CHAPTER, 0, &ps->chapter);
    }
    if (v[PK_SHOW] && !ynode_is_null(v[PK_SHOW]))
        show_parse(b, v[PK_SHOW], "show", &ps->show);
    if (v[PK_CHAPTER_SHOW] && !ynode_is_null(v[PK_CHAPTER_SHOW])) {
        if (!ps->has_chapter)
            ERR(b, v[PK_CHAPTER_SHOW]->line,
                "chapter_show belongs on the panel that starts a chapter (the one with "
                "\"chapter:\"); for this panel alone, write show:");
        else
            show_parse(b, v[PK_CHAPTER_SHOW], "chapter_show", &ps->chapter_show);
    }
    if (ps->kind == PANEL_STORY && !v[PK_HEADING])
        ERR(b, root->line, "missing required key \"heading\" (a story panel needs one)");
    value_opt_ltext(b, v[PK_HEADING], "heading", LEN_HEADING, 0, &ps->heading);
    value_opt_ltext(b, v[PK_BODY], "body", LEN_BODY, 0, &ps->body);
    value_opt_ltext(b, v[PK_NOTE], "note", LEN_NOTE, 0, &ps->note);
    /* The opening panel greets with the exhibit's own title and subtitle,
     * in every language, unless it gives its own words. */
    if (ps->kind == PANEL_TITLE && ltext_empty(&ps->heading) &&
        !(v[PK_HEADING] && !ynode_is_null(v[PK_HEADING]))) {
        ps->heading = b->title;
        mark(b, ps, "heading", "exhibit.yaml", b->title_line);
    }
    if (ps->kind == PANEL_TITLE && ltext_empty(&ps->body) &&
        !(v[PK_BODY] && !ynode_is_null(v[PK_BODY]))) {
        ps->body = b->subtitle;
        mark(b, ps, "body", "exhibit.yaml", b->subtitle_line);
    }
    if (v[PK_SOURCES] && !ynode_is_null(v[PK_SOURCES]))
        value_cites(b, v[PK_SOURCES], "sources", "panel", 0, &ps->sources);
    static const int marked[] = {PK_CHAPTER, PK_HEADING, PK_BODY,  PK_NOTE,
                                 PK_SOURCES, PK_FIGURE,  PK_QUOTE, PK_IMAGE,
                                 PK_EVENTS,  PK_VALUES,  PK_VIDEO};
    for (size_t i = 0; i < sizeof marked / sizeof marked[0]; i++)
        if (v[marked[i]])
            mark(b, ps, panel_keys[marked[i]], ps->file, kline[marked[i]]);
    if (v[PK_FIGURE])
        parse_figure(b, v[PK_FIGURE], ps);
    if (v[PK_QUOTE])
        parse_quote(b, v[PK_QUOTE], ps);
    if (v[PK_IMAGE])
        parse_image(b, v[PK_IMAGE], ps);
    if (v[PK_EVENTS])
        items_parse_events(b, v[PK_EVENTS], ps);
    if (v[PK_VALUES])
        items_parse_values(b, v[PK_VALUES], ps);
    if (v[PK_VIDEO])
        video_parse(b, v[PK_VIDEO], ps);
    if (v[PK_AUDIO])
        audio_parse(b, v[PK_AUDIO], ps);

    /* A panel without a chapter stays in the previous panel's chapter. */
    if (!ps->has_chapter || ltext_empty(&ps->chapter))
        ps->chapter = *chapter;

    unsigned char *img = NULL;
    size_t img_size = 0;
    if (ps->kind == PANEL_IMAGE && ps->img.file && b->nerr == before) {
        const char *mime;
        unsigned long w, h;
        img = build_image_load(b, ps->img.file, v[PK_IMAGE] ? v[PK_IMAGE]->line : 1, &img_size,
                               &mime, &w, &h);
    }
    /* the logo on a title panel, as store_panel_load gives it: the fit
     * check lays it out and decodes it as the import's check does */
    if (ps->kind == PANEL_TITLE && b->logo && b->nerr == before && b->opts && b->opts->fit) {
        const char *mime;
        unsigned long w, h;
        const char *saved = b->cur;
        b->cur = "exhibit.yaml";
        img = build_image_load(b, b->logo, b->logo_line, &img_size, &mime, &w, &h);
        b->cur = saved;
        mark(b, ps, "logo", "exhibit.yaml", b->logo_line);
    }
    if (ps->kind == PANEL_VIDEO && b->nerr == before && b->locales_ok)
        video_check(b, ps);
    /* each recording decoded whole, whatever else is wrong with the panel:
     * every mistake in one build */
    if (b->locales_ok)
        audio_check(b, ps);
    int exhibit_ok = b->locales_ok && b->sources_ok && b->nloc > 0;
    if (b->nerr == before && exhibit_ok && b->opts && b->opts->fit)
        fit_panel(b, ps, index, img, img_size);
    free(img);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

void panels_parse(struct build *b)
{
    b->cur = "panels/";
    char *dirpath = build_printf(b, "%s/panels", b->src_dir);
    if (!dirpath)
        return;
    DIR *d = opendir(dirpath);
    if (!d) {
        ERR(b, 0, "cannot open the panels folder: %s", strerror(errno));
        return;
    }
    size_t cap = 64, n = 0;
    char **names = malloc(cap * sizeof *names);
    if (!names) {
        closedir(d);
        ERR(b, 0, "out of memory");
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] != '.' && len > 4 && strcasecmp(e->d_name + len - 4, ".yml") == 0) {
            /* meant as a panel: never left out without a word */
            build_error(b, "panels/", 0,
                        "%s is not read: panel files end in .yaml (rename it %.*s.yaml)", e->d_name,
                        (int)(len - 4), e->d_name);
            continue;
        }
        if (e->d_name[0] == '.' || len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        if (n == (size_t)INT_MAX) { /* panels are numbered with an int */
            ERR(b, 0, "too many panels (at most %d)", INT_MAX);
            break;
        }
        if (n == cap) {
            char **bigger = realloc(names, 2 * cap * sizeof *names);
            if (!bigger) {
                ERR(b, 0, "out of memory");
                break;
            }
            names = bigger;
            cap *= 2;
        }
        names[n] = build_strndup(b, e->d_name, len); /* reports running out of memory */
        if (!names[n])
            break;
        n++;
    }
    closedir(d);
    if (n == 0 && !b->oom)
        ERR(b, 0, "there are no panels (no .yaml files in panels/)");
    qsort(names, n, sizeof *names, by_name);
    b->pan = build_alloc(b, sizeof *b->pan * (n ? n : 1));
    struct ltext chapter;
    memset(&chapter, 0, sizeof chapter);
    for (size_t i = 0; b->pan && i < n && b->nerr < MAX_ERRORS; i++) {
        /* the file name becomes the panel's id, which the reader checks as text */
        char why[256], q[64];
        if (rules_text(names[i], strlen(names[i]), 0, LEN_FILE, "the file name", why, sizeof why) !=
            0) {
            value_quoted(q, sizeof q, names[i], strlen(names[i]));
            q[strlen(q) - 1] = '\0'; /* unquoted */
            const char *file = build_printf(b, "panels/%s", q + 1);
            if (!file)
                break;
            build_error(b, file, 0, "%s; rename the file (letters, digits and '-' are safest)",
                        why);
            continue;
        }
        struct psrc *ps = &b->pan[b->npan++];
        ps->id = build_strndup(b, names[i], strlen(names[i]) - 5);
        ps->file = build_printf(b, "panels/%s", names[i]);
        if (!ps->id || !ps->file)
            break;
        b->cur = ps->file;
        parse_panel(b, ps, (int)i, &chapter);
        chapter = ps->chapter;
    }
    free(names);
}
