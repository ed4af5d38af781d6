/* spoken.c - what the audio guide says for each part of a panel and each
 * control. */
#include "spoken.h"

#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "layout.h"
#include "locale_rules.h"
#include "numfmt.h"

/* ---- numbers ------------------------------------------------------------- */

/* The length of the digit (any script's, as locale_digit writes them) at
 * s, or 0. */
static size_t digit_at(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] >= '0' && u[0] <= '9')
        return 1;
    if ((u[0] == 0xD9 && u[1] >= 0xA0 && u[1] <= 0xA9) || /* U+0660..0669 */
        (u[0] == 0xDB && u[1] >= 0xB0 && u[1] <= 0xB9))   /* U+06F0..06F9 */
        return 2;
    if (u[0] == 0xE0 && u[1] >= 0xA5 && u[1] <= 0xAF && u[2] >= 0x80) /* Indic digits */
        return 3;
    return 0;
}

size_t spoken_number(const char *locale, const char *shown, char *buf, size_t n)
{
    if (!n)
        return 0;
    /* the language's grouping mark: what stands between "1" and "000" */
    char thousand[32], sep[16] = "";
    size_t tl = locale_number(locale, "1000", 0, thousand, sizeof thousand);
    size_t a = tl ? digit_at(thousand) : 0, b = tl;
    while (b > a && digit_at(thousand + b - 1) == 1 && thousand[b - 1] == '0')
        b--;
    if (a && b > a && b - a < sizeof sep) {
        memcpy(sep, thousand + a, b - a);
        sep[b - a] = '\0';
    }
    size_t sl = strlen(sep), j = 0, i = 0, len = strlen(shown);
    size_t prev_digit = 0;
    while (i < len && j + 1 < n) {
        if (sl && prev_digit && strncmp(shown + i, sep, sl) == 0 && digit_at(shown + i + sl)) {
            i += sl;
            continue;
        }
        size_t d = digit_at(shown + i);
        prev_digit = d;
        size_t step = d ? d : 1;
        if (j + step >= n)
            break;
        memcpy(buf + j, shown + i, step);
        j += step;
        i += step;
    }
    buf[j] = '\0';
    return j;
}

/* ---- panels -------------------------------------------------------------- */

static int has_text(const char *s)
{
    for (; s && *s; s++)
        if (*s != ' ' && *s != '\n' && *s != '\t')
            return 1;
    return 0;
}

/* Append text to the part being written (a space between pieces). */
static void put(struct spoken_panel *sp, const char *s)
{
    if (!has_text(s))
        return;
    size_t room = SPOKEN_TEXT_MAX - sp->used;
    struct spoken_part *pt = &sp->part[sp->n];
    if (pt->len && room > 1) {
        sp->text[sp->used++] = ' ';
        pt->len++;
        room--;
    }
    size_t l = strlen(s);
    if (l >= room) {
        sp->cut = 1;
        l = room ? room - 1 : 0;
        while (l > 0 && ((unsigned char)s[l] & 0xC0) == 0x80)
            l--; /* whole characters */
    }
    for (size_t i = 0; i < l; i++) /* paragraphs and lines are pauses, not words */
        sp->text[sp->used + i] = s[i] == '\n' || s[i] == '\t' ? ' ' : s[i];
    sp->used += l;
    pt->len += l;
    sp->text[sp->used] = '\0';
}

/* Start a part; end it with done(). */
static void begin(struct spoken_panel *sp, const char *name, const char *lang, int on_request,
                  const char *r0, const char *r1, const char *r2, const char *r3)
{
    if (sp->n >= SPOKEN_MAX_PARTS)
        return;
    struct spoken_part *pt = &sp->part[sp->n];
    *pt = (struct spoken_part){.name = name,
                               .roles = {r0, r1, r2, r3, NULL, NULL},
                               .lang = lang,
                               .at = sp->used,
                               .on_request = on_request};
}

static void done(struct spoken_panel *sp)
{
    if (sp->n < SPOKEN_MAX_PARTS && sp->part[sp->n].len > 0)
        sp->n++;
}

static void text_part(struct spoken_panel *sp, const char *name, const char *lang, const char *text,
                      const char *r0, const char *r1)
{
    if (!has_text(text))
        return;
    begin(sp, name, lang, 0, r0, r1, NULL, NULL);
    put(sp, text);
    done(sp);
}

static void number(const char *locale, const struct decimal *d, int decimals, char *buf, size_t n)
{
    char dec[48], shown[96];
    struct decimal x;
    int exact;
    if (decimal_rescale(d, decimals, &x, &exact) != 0)
        x = *d;
    decimal_text(&x, dec);
    if (!locale_number(locale, dec, 0, shown, sizeof shown))
        snprintf(shown, sizeof shown, "%s", dec);
    spoken_number(locale, shown, buf, n);
}

static void sources(struct spoken_panel *sp, const struct panel *p, const struct ui_words *w,
                    int on_request)
{
    if (!p->n_cites)
        return;
    begin(sp, "sources", p->locale, on_request, "source", "citation", "sources", NULL);
    put(sp, ui_word(w, p->n_cites > 1 ? UI_SOURCES : UI_SOURCE));
    for (int i = 0; i < p->n_cites; i++) {
        char one[600];
        snprintf(one, sizeof one, "%s%s", p->cites[i].cite ? p->cites[i].cite : "",
                 i + 1 < p->n_cites ? ";" : ".");
        put(sp, one);
    }
    done(sp);
}

static void figure(struct spoken_panel *sp, const struct panel *p, const struct ui_words *w)
{
    const struct panel_figure *f = &p->figure;
    char shown[160], said[160];
    numfmt_figure_text(f, p->locale, shown, sizeof shown);
    spoken_number(p->locale, shown, said, sizeof said);
    begin(sp, "figure", p->locale, 0, "figure", "figure label", NULL, NULL);
    if (has_text(f->label)) { /* a breath between the number and what it counts */
        size_t l = strlen(said);
        if (l + 1 < sizeof said) {
            said[l] = ',';
            said[l + 1] = '\0';
        }
    }
    put(sp, said);
    put(sp, f->label);
    done(sp);
    if (!f->has_part_of)
        return;
    char part[64], whole[64], sentence[400];
    number(p->locale, &f->value, f->decimals, part, sizeof part);
    number(p->locale, &f->part_of, f->decimals, whole, sizeof whole);
    ui_fill2(ui_word(w, UI_PART_OF), part, whole, sentence, sizeof sentence);
    begin(sp, "chart", p->locale, 0, "chart", "unit chart", "unit chart legend", "part-of label");
    put(sp, sentence);
    put(sp, f->part_of_label);
    done(sp);
}

static void quote(struct spoken_panel *sp, const struct panel *p)
{
    const struct panel_quote *q = &p->quote;
    int translated = has_text(q->translation);
    text_part(sp, "quote", p->locale, translated ? q->translation : q->text, "quote", NULL);
    begin(sp, "speaker", p->locale, 0, "speaker", "role", "context", NULL);
    char who[600];
    snprintf(who, sizeof who, "%s%s", q->speaker ? q->speaker : "", has_text(q->role) ? "," : ".");
    put(sp, who);
    if (has_text(q->role)) {
        snprintf(who, sizeof who, "%s.", q->role);
        put(sp, who);
    }
    put(sp, q->context);
    done(sp);
    if (translated) /* the words as they were said, in their own voice */
        text_part(sp, "original", q->language && *q->language ? q->language : p->locale, q->text,
                  "original", "original-label");
}

static void timeline(struct spoken_panel *sp, const struct panel *p)
{
    begin(sp, "timeline", p->locale, 0, "timeline", NULL, NULL, NULL);
    for (int i = 0; i < p->n_events; i++) {
        const struct panel_event *e = &p->events[i];
        char date[96], line[700];
        if (!locale_date(p->locale, e->date.year, e->date.month, e->date.day, e->approximate, date,
                         sizeof date))
            snprintf(date, sizeof date, "%d", e->date.year);
        snprintf(line, sizeof line, "%s%s%s: %s.", date, has_text(e->when) ? ", " : "",
                 has_text(e->when) ? e->when : "", e->label ? e->label : "");
        put(sp, line);
    }
    done(sp);
}

static void bars(struct spoken_panel *sp, const struct panel *p)
{
    begin(sp, "bars", p->locale, 0, "bars", NULL, NULL, NULL);
    for (int i = 0; i < p->n_values; i++) {
        const struct panel_value *v = &p->values[i];
        char num[64], line[600];
        number(p->locale, &v->value, v->decimals, num, sizeof num);
        snprintf(line, sizeof line, "%s: %s.", v->label ? v->label : "", num);
        put(sp, line);
    }
    done(sp);
}

void spoken_panel(const struct panel *p, const struct ui_words *w, struct spoken_panel *out)
{
    memset(out, 0, sizeof *out);
    if (!p)
        return;
    const char *l = p->locale;
    /* the title panel shows its chapter above the title too (layout's
     * add_chapter) */
    text_part(out, "chapter", l, p->chapter, "chapter", NULL);
    if (out->n)
        out->part[out->n - 1].on_request = 1; /* the same for many pages */
    if (p->kind == PANEL_TITLE) {
        text_part(out, "title", l, p->heading, "title", "heading");
        text_part(out, "subtitle", l, p->body, "subtitle", "body");
        for (int i = 0; i < p->n_also; i++)
            text_part(out, "greeting", p->also_locale[i], p->also[i], "also", "greeting");
    } else {
        text_part(out, "heading", l, p->heading, "heading", "title");
    }
    switch (p->kind) {
    case PANEL_STATISTIC:
        figure(out, p, w);
        break;
    case PANEL_QUOTE:
        quote(out, p);
        break;
    case PANEL_IMAGE:
        text_part(out, "image", l, p->image.alt, "image", "image caption");
        break;
    case PANEL_VIDEO: /* a poster's description, where one is given */
        text_part(out, "image", l, p->image.alt, "video", "image");
        break;
    case PANEL_TIMELINE:
        timeline(out, p);
        break;
    case PANEL_COMPARE:
        bars(out, p);
        break;
    default:
        break;
    }
    if (p->kind == PANEL_VIDEO) /* its body is the clip's caption (layout_video) */
        text_part(out, "body", l, p->body, "body", "video");
    else if (p->kind != PANEL_TITLE)
        text_part(out, "body", l, p->body, "body", "subtitle");
    text_part(out, "note", l, p->note, "note", NULL);
    /* the credits' list of sources is their content: said with the page */
    sources(out, p, w, p->kind != PANEL_CREDITS);
}

int spoken_silent(const struct spoken_panel *sp, const char *const *roles, int n, const char **out,
                  int max)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int covered = 0;
        for (int j = 0; j < sp->n && !covered; j++)
            for (int r = 0; r < SPOKEN_ROLES && sp->part[j].roles[r] && !covered; r++)
                covered = strcmp(sp->part[j].roles[r], roles[i]) == 0;
        for (int s = 0; s < k && !covered; s++)
            covered = strcmp(out[s], roles[i]) == 0; /* said once */
        if (!covered && k < max)
            out[k++] = roles[i];
    }
    return k;
}

/* Not the panel's content: drawn by the kiosk over every panel (the page
 * position, a staff notice, a clip's caption and paused mark, the logo),
 * or a control (spoken_control says those). */
static const char *const NOT_CONTENT[] = {"chrome", "notice",  "paused", "caption",
                                          "logo",   "control", "index",  "staff"};

int spoken_panel_silent_roles(const struct spoken_panel *sp, const struct draw_list *l,
                              const char **out, int max)
{
    const char *roles[64];
    int n = 0;
    for (int i = 0; l && i < l->n; i++) {
        const char *r = l->items[i].role;
        int skip = !r;
        for (size_t k = 0; !skip && k < sizeof NOT_CONTENT / sizeof NOT_CONTENT[0]; k++)
            skip = strcmp(r, NOT_CONTENT[k]) == 0;
        for (int k = 0; !skip && k < n; k++)
            skip = strcmp(r, roles[k]) == 0;
        if (!skip && n < (int)(sizeof roles / sizeof roles[0]))
            roles[n++] = r;
    }
    return spoken_silent(sp, roles, n, out, max);
}

size_t spoken_control(const struct spoken_controls *sc, const struct control *c, char *buf,
                      size_t n, const char **lang)
{
    const char *word = NULL;
    *lang = sc->locale;
    switch (c->act) {
    case ACT_PREV:
        word = ui_word(sc->w, UI_PREVIOUS);
        break;
    case ACT_NEXT:
        word = ui_word(sc->w, UI_NEXT);
        break;
    case ACT_HOME:
        word = ui_word(sc->w, UI_START);
        break;
    case ACT_OPEN_INDEX:
        word = ui_word(sc->w, UI_CHAPTERS);
        break;
    case ACT_CLOSE_INDEX:
    case ACT_CLOSE_LANGUAGES:
        word = ui_word(sc->w, UI_CLOSE);
        break;
    case ACT_TEXT_SIZE:
        word = ui_word(sc->w, UI_LARGER_TEXT);
        break;
    case ACT_OPEN_LANGUAGES:
        word = ui_word(sc->w, UI_LANGUAGE);
        break;
    case ACT_INDEX_PAGE:
        word = ui_word(sc->w, c->arg < 0 ? UI_PREVIOUS : UI_NEXT);
        break;
    case ACT_JUMP:
        if (c->item >= 0 && c->item < sc->n_chapters && sc->chapters)
            word = sc->chapters[c->item];
        break;
    case ACT_LANGUAGE:
        if (c->arg >= 0 && c->arg < sc->n_locales && sc->locale_names) {
            word = sc->locale_names[c->arg];
            if (sc->locale_codes)
                *lang = sc->locale_codes[c->arg]; /* "Deutsch" in German */
        } else if (c->arg < 0) {
            word = ui_word(sc->w, UI_LANGUAGE);
        }
        break;
    default:
        break;
    }
    if (!word || !has_text(word) || !n)
        return n ? (buf[0] = '\0', 0) : 0;
    int len = snprintf(buf, n, "%s", word);
    return len < 0 ? 0 : (size_t)len < n ? (size_t)len : n - 1;
}
