/* author_exhibit.c - exhibit.yaml: what the exhibit is, its locales and
 * its sources (see content/README.md and author_internal.h). */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "author_internal.h"

#include <unicode/uloc.h>
#include <unicode/ustring.h>

enum {
    EX_ID,
    EX_VERSION,
    EX_DEFAULT_LOCALE,
    EX_LOCALES,
    EX_TITLE,
    EX_SUBTITLE,
    EX_SOURCES,
    EX_THEME,
    EX_LOGO,
    EX_FONTS,
    EX_SHOW,
    EX_UI,
    EX_N
};
static const char *const exhibit_keys[EX_N] = {
    "id",      "version", "default_locale", "locales", "title", "subtitle",
    "sources", "theme",   "logo",           "fonts",   "show",  "ui",
};

enum { TH_ACCENT, TH_BACKGROUND, TH_N };
static const char *const theme_keys[TH_N] = {"accent", "background"};
/* as enum font_face and store_fonts number them */
static const char *const font_keys[STORE_FONT_FACES] = {"sans", "bold", "serif"};

enum { SRC_ID, SRC_FILE, SRC_CITE, SRC_DESCRIPTION, SRC_N };
static const char *const source_keys[SRC_N] = {"id", "file", "cite", "description"};

static void check_source_file(struct build *b, const struct source *s, const struct ynode *n)
{
    char q[64];
    if (strchr(s->file, '/') || strcmp(s->file, ".") == 0 || strcmp(s->file, "..") == 0) {
        ERR(b, n->line, "source \"%s\": file must be a plain file name, not %s", s->id,
            value_quoted(q, sizeof q, s->file, strlen(s->file)));
        return;
    }
    const char *dir = b->opts ? b->opts->sources_dir : NULL;
    if (!dir)
        return;
    char *path = build_printf(b, "%s/%s", dir, s->file);
    struct stat st;
    if (path && (stat(path, &st) != 0 || !S_ISREG(st.st_mode)))
        ERR(b, n->line, "source \"%s\": file \"%s\" is not in %s", s->id, s->file, dir);
}

static void parse_sources(struct build *b, const struct ynode *list)
{
    char q[64];
    int before = b->nerr;
    if (list->type != Y_SEQ) {
        ERR(b, list->line, "sources must be a list of sources, not %s",
            value_describe(q, sizeof q, list));
        return;
    }
    int count = 0;
    for (const struct ynode *it = list->kid; it; it = it->next)
        count++;
    if (count > MAX_SOURCES) {
        ERR(b, list->line, "too many sources (%d; at most %d)", count, MAX_SOURCES);
        return;
    }
    b->src = build_alloc(b, sizeof *b->src * (size_t)(count ? count : 1));
    if (!b->src)
        return;
    for (const struct ynode *it = list->kid; it; it = it->next) {
        if (it->type != Y_MAP) {
            ERR(b, it->line, "each source must be a mapping with id, cite and description, not %s",
                value_describe(q, sizeof q, it));
            continue;
        }
        const struct ynode *v[SRC_N];
        value_map_keys(b, it, "a source", source_keys, SRC_N, v, NULL);
        struct source s = {.line = it->line};
        int ok = 1;
        if (value_need(b, it, v[SRC_ID], "sources.id")) {
            s.id = value_id(b, v[SRC_ID], "sources.id", "-_",
                            "a short id (letters, digits, '-', '_')");
            if (s.id && build_source_index(b, s.id) >= 0) {
                ERR(b, v[SRC_ID]->line, "source \"%s\" is listed twice", s.id);
                s.id = NULL;
            }
        }
        ok &= s.id != NULL;
        if (v[SRC_FILE] && !ynode_is_null(v[SRC_FILE])) {
            s.file = value_text(b, v[SRC_FILE], "sources.file", LEN_FILE, 0);
            if (s.file && s.id)
                check_source_file(b, &s, v[SRC_FILE]);
            ok &= s.file != NULL;
        }
        if (value_need(b, it, v[SRC_CITE], "sources.cite"))
            ok &= value_ltext(b, v[SRC_CITE], "sources.cite", LEN_CITE, 0, &s.cite) == 0;
        else
            ok = 0;
        if (value_need(b, it, v[SRC_DESCRIPTION], "sources.description"))
            ok &= value_ltext(b, v[SRC_DESCRIPTION], "sources.description", LEN_DESCRIPTION, 0,
                              &s.description) == 0;
        else
            ok = 0;
        if (s.id)
            b->src[b->nsrc++] = s;
        (void)ok;
    }
    b->sources_ok = b->nerr == before;
}

/* The English name CLDR gives the language of BCP 47 tag code ("Georgian"
 * for "ka"), into name (UTF-8): 0, or -1 when CLDR does not know the
 * language (a mistyped or private code, or one CLDR lacks). */
static int language_english_name(const char *code, char *name, size_t cap)
{
    char loc[ULOC_FULLNAME_CAPACITY];
    UChar u[64];
    UErrorCode e = U_ZERO_ERROR;
    uloc_forLanguageTag(code, loc, (int32_t)sizeof loc, NULL, &e);
    if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING)
        return -1;
    int32_t n = uloc_getDisplayLanguage(loc, "en", u, 64, &e);
    /* an unknown language is "named" by its own code, with a warning */
    if (U_FAILURE(e) || e == U_USING_DEFAULT_WARNING || n <= 0 || n >= 64)
        return -1;
    e = U_ZERO_ERROR;
    u_strToUTF8(name, (int32_t)cap, NULL, u, n, &e);
    return U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING ? -1 : 0;
}

static void parse_locales(struct build *b, const struct ynode *map, const struct ynode *def)
{
    char q[64];
    int before = b->nerr;
    if (map->type != Y_MAP || !map->kid) {
        ERR(b, map->line,
            "locales must be a mapping of language code to its name, e.g. en: English");
        return;
    }
    for (const struct ynode *k = map->kid; k && k->next; k = k->next->next) {
        const char *code = value_locale_code(b, k, "locales");
        if (!code)
            continue;
        if (build_locale_index(b, code) >= 0) {
            ERR(b, k->line, "locale \"%s\" is listed twice", code);
            continue;
        }
        if (b->nloc == MAX_LOCALES) {
            ERR(b, k->line, "too many locales (at most %d)", MAX_LOCALES);
            break;
        }
        char *path = build_printf(b, "locales.%s", code);
        const char *name = path ? value_text(b, k->next, path, LEN_NAME, 0) : NULL;
        b->loc[b->nloc] = code;
        b->loc_name[b->nloc] = name;
        b->loc_line[b->nloc] = k->line;
        b->nloc++;
    }
    const char *dcode = value_locale_code(b, def, "default_locale");
    if (dcode && b->nerr == before) {
        b->def = build_locale_index(b, dcode);
        if (b->def < 0) {
            ERR(b, def->line, "default_locale %s is not one of locales (%s)",
                value_quoted(q, sizeof q, dcode, strlen(dcode)), build_locale_list(b));
            b->def = 0;
        }
    }
    b->locales_ok = b->nerr == before && b->nloc > 0;
}

static int parse_colour(struct build *b, const struct ynode *n, const char *path, uint32_t *rgb)
{
    char q[64];
    const char *t = value_text(b, n, path, 16, 0);
    if (t && theme_parse_colour(t, rgb) == 0)
        return 0;
    if (t)
        ERR(b, n->line, "%s must be a colour written #RRGGBB (such as \"#1A2B3C\"), not %s", path,
            value_describe(q, sizeof q, n));
    return -1;
}

/* theme: {accent: "#RRGGBB", background: "#RRGGBB"}, both, readable */
static void parse_theme(struct build *b, const struct ynode *n)
{
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "theme must be a mapping with accent and background, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[TH_N];
    value_map_keys(b, n, "theme", theme_keys, TH_N, v, NULL);
    int ok = value_need(b, n, v[TH_ACCENT], "theme.accent") &&
             value_need(b, n, v[TH_BACKGROUND], "theme.background");
    ok = ok && parse_colour(b, v[TH_ACCENT], "theme.accent", &b->theme.accent) == 0;
    ok = ok && parse_colour(b, v[TH_BACKGROUND], "theme.background", &b->theme.background) == 0;
    if (!ok)
        return;
    b->theme.set = 1;
    char why[256];
    if (theme_check(&b->theme, why, sizeof why) != 0)
        ERR(b, n->line, "theme: %s", why);
}

int build_file_inside(struct build *b, const char *key, int line, const char *f)
{
    char q[64], q2[96];
    char *full = build_printf(b, "%s/%s", b->src_dir, f);
    char *dir = realpath(b->src_dir, NULL);
    char *real = full ? realpath(full, NULL) : NULL;
    int ok = 1;
    if (dir && real) {
        size_t n = strlen(dir);
        ok = strncmp(real, dir, n) == 0 && (real[n] == '/' || (n == 1 && dir[0] == '/'));
        if (!ok)
            ERR(b, line,
                "%s %s is a link that leads out of the exhibit folder (to %s): copy the file "
                "into the folder",
                key, value_quoted(q, sizeof q, f, strlen(f)),
                value_quoted(q2, sizeof q2, real, strlen(real)));
    }
    free(dir);
    free(real);
    return ok;
}

/* A file of the exhibit folder named at n (logo, fonts): a plain relative
 * path, checked to be there; NULL after reporting. */
static const char *exhibit_file(struct build *b, const struct ynode *n, const char *path)
{
    char q[64];
    const char *f = value_text(b, n, path, LEN_FILE, 0);
    if (!f)
        return NULL;
    if (f[0] == '/' || strstr(f, "..")) {
        ERR(b, n->line, "%s must be a path inside the exhibit folder, such as %s, not %s", path,
            strcmp(path, "logo") == 0 ? "images/logo.png" : "fonts/Museum-Regular.otf",
            value_quoted(q, sizeof q, f, strlen(f)));
        return NULL;
    }
    return build_file_inside(b, path, n->line, f) ? f : NULL;
}

/* fonts: {sans: FILE, bold: FILE, serif: FILE}, any of them */
static void parse_fonts(struct build *b, const struct ynode *n)
{
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "fonts must be a mapping of sans, bold and serif to font files, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[STORE_FONT_FACES];
    int lines[STORE_FONT_FACES];
    value_map_keys(b, n, "fonts", font_keys, STORE_FONT_FACES, v, lines);
    for (int i = 0; i < STORE_FONT_FACES; i++) {
        if (!v[i] || ynode_is_null(v[i]))
            continue;
        char *path = build_printf(b, "fonts.%s", font_keys[i]);
        const char *f = path ? exhibit_file(b, v[i], path) : NULL;
        if (!f)
            continue;
        b->font[i].file = f;
        b->font[i].line = v[i]->line;
        b->font[i].data = build_font_load(b, f, v[i]->line, &b->font[i].size);
    }
}

/* "start, chapters, close, ...": the keys, for a message; in b->a. */
static const char *ui_key_list(struct build *b)
{
    char list[UI_KEY_COUNT * 20] = "";
    size_t o = 0;
    for (int k = 0; k < UI_KEY_COUNT && o < sizeof list; k++)
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", k ? ", " : "", ui_keys[k]);
    return build_strndup(b, list, strlen(list));
}

/* One language's words: {KEY: TEXT}, each key one of ui_keys. */
static void parse_ui_words(struct build *b, const struct ynode *map, int l)
{
    char q[64], why[256];
    if (map->type != Y_MAP) {
        ERR(b, map->line, "ui.%s must be a mapping of the kiosk's words, e.g. start: %s, not %s",
            b->loc[l], "Anfang", value_describe(q, sizeof q, map));
        return;
    }
    for (const struct ynode *k = map->kid; k && k->next; k = k->next->next) {
        int i = k->type == Y_SCALAR ? ui_key_index(k->s) : -1;
        if (i < 0) {
            const char *hint =
                k->type == Y_SCALAR ? value_suggest(k->s, ui_keys, UI_KEY_COUNT) : NULL;
            char h[96] = "";
            if (hint)
                snprintf(h, sizeof h, "did you mean \"%s\"? ", hint);
            ERR(b, k->line, "unknown key %s in ui.%s (%sthe kiosk's words are %s)",
                value_describe(q, sizeof q, k), b->loc[l], h, ui_key_list(b));
            continue;
        }
        if (b->ui[l][i]) {
            ERR(b, k->line, "duplicate key \"%s\" in ui.%s (first at line %d)", ui_keys[i],
                b->loc[l], b->ui_line[l][i]);
            continue;
        }
        const struct ynode *v = k->next;
        char *path = build_printf(b, "ui.%s.%s", b->loc[l], ui_keys[i]);
        if (!path)
            return;
        if (v->type != Y_SCALAR || ynode_is_null(v)) {
            ERR(b, v->line, "%s must be text, not %s", path, value_describe(q, sizeof q, v));
            continue;
        }
        size_t len = v->len;
        while (len > 0 && v->s[len - 1] == '\n')
            len--;
        if (ui_key_check(i, v->s, len, path, why, sizeof why) != 0) {
            ERR(b, v->line, "%s", why);
            continue;
        }
        b->ui[l][i] = build_strndup(b, v->s, len);
        b->ui_line[l][i] = k->line;
    }
}

/* A regional locale without a word takes its language's, when the exhibit
 * has that language too: "pt-BR" shows "pt"'s words unless it has its own. */
static void ui_inherit(struct build *b)
{
    for (int l = 0; l < b->nloc; l++) {
        const char *dash = strchr(b->loc[l], '-');
        int base = -1;
        for (int m = 0; dash && m < b->nloc; m++)
            if (strlen(b->loc[m]) == (size_t)(dash - b->loc[l]) &&
                strncasecmp(b->loc[m], b->loc[l], (size_t)(dash - b->loc[l])) == 0)
                base = m;
        for (int k = 0; base >= 0 && k < UI_KEY_COUNT; k++)
            if (!b->ui[l][k])
                b->ui[l][k] = b->ui[base][k];
    }
}

/* The warnings about each language's words, at its line in locales:
 * - a language Unicode's CLDR does not know (a mistyped or private code,
 *   or one CLDR lacks) gets the conventions of none: its numbers, dates and
 *   quotation marks are written as English's, so say so and what to check;
 * - a language the kiosk has no words of its own for, and for which ui:
 *   does not give them all: the visitor would read those in English. */
static void ui_warn(struct build *b)
{
    for (int l = 0; l < b->nloc; l++) {
        char missing[UI_KEY_COUNT * 20] = "", english[128];
        size_t o = 0;
        int n = 0;
        for (int k = 0; k < UI_KEY_COUNT && o < sizeof missing; k++)
            if (!b->ui[l][k])
                o += (size_t)snprintf(missing + o, sizeof missing - o, "%s%s", n++ ? ", " : "",
                                      ui_keys[k]);
        const char *own = b->loc_name[l] ? b->loc_name[l] : b->loc[l];
        if (language_english_name(b->loc[l], english, sizeof english) != 0) {
            build_warning(b, "exhibit.yaml", b->loc_line[l],
                          "the language code %s (%s) is not one the kiosk knows (it is not in "
                          "Unicode's CLDR): its numbers, dates and quotation marks will be "
                          "written as in English%s%s; check the code (ISO 639, such as de, "
                          "pt-BR or zh-Hant)%s%s%s",
                          b->loc[l], own, n ? ", and so will the kiosk's words " : "",
                          n ? missing : "", n ? " or give them under ui: " : "", n ? b->loc[l] : "",
                          n ? ": (content/README.md, \"The kiosk's own words\")" : "");
            continue;
        }
        if (!n || !b->opts || !b->opts->ui_builtin || b->opts->ui_builtin(b->loc[l]))
            continue;
        build_warning(b, "exhibit.yaml", b->loc_line[l],
                      "the kiosk has no words of its own in %s (%s, %s): %s will show in "
                      "English; give %s under ui: %s: (content/README.md, \"The kiosk's "
                      "own words\")",
                      english, own, b->loc[l], missing, n == 1 ? "it" : "them", b->loc[l]);
    }
}

void ui_parse(struct build *b, const struct ynode *n)
{
    char q[64];
    if (n && n->type != Y_MAP) {
        ERR(b, n->line,
            "ui must be a mapping of language code to the kiosk's words, e.g. ui: {ka: {start: "
            "დასაწყისი}}, not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    for (const struct ynode *k = n ? n->kid : NULL; k && k->next; k = k->next->next) {
        const char *code = value_locale_code(b, k, "ui");
        if (!code)
            continue;
        int l = build_locale_index(b, code);
        if (l < 0)
            ERR(b, k->line, "ui: %s is not one of locales (%s)",
                value_quoted(q, sizeof q, code, strlen(code)), build_locale_list(b));
        else
            parse_ui_words(b, k->next, l);
    }
    ui_inherit(b);
    ui_warn(b);
}

void exhibit_parse(struct build *b)
{
    b->cur = "exhibit.yaml";
    const struct ynode *root = build_load_yaml(b, b->cur);
    if (!root)
        return;
    const struct ynode *v[EX_N];
    int kline[EX_N];
    value_map_keys(b, root, "", exhibit_keys, EX_N, v, kline);
    if (value_need(b, root, v[EX_ID], "id"))
        b->slug = value_id(b, v[EX_ID], "id", "-", "letters, digits and '-'");
    if (value_need(b, root, v[EX_VERSION], "version"))
        b->version = value_text(b, v[EX_VERSION], "version", LEN_ID, 0);
    if (value_need(b, root, v[EX_LOCALES], "locales") &&
        value_need(b, root, v[EX_DEFAULT_LOCALE], "default_locale"))
        parse_locales(b, v[EX_LOCALES], v[EX_DEFAULT_LOCALE]);
    if (value_need(b, root, v[EX_TITLE], "title")) {
        value_ltext(b, v[EX_TITLE], "title", LEN_TITLE, 0, &b->title);
        b->title_line = kline[EX_TITLE];
    }
    if (v[EX_SUBTITLE] && !ynode_is_null(v[EX_SUBTITLE])) {
        value_ltext(b, v[EX_SUBTITLE], "subtitle", LEN_SUBTITLE, 0, &b->subtitle);
        b->subtitle_line = kline[EX_SUBTITLE];
    }
    if (v[EX_SOURCES] && !ynode_is_null(v[EX_SOURCES]))
        parse_sources(b, v[EX_SOURCES]);
    else
        b->sources_ok = 1;
    if (v[EX_THEME] && !ynode_is_null(v[EX_THEME]))
        parse_theme(b, v[EX_THEME]);
    if (v[EX_LOGO] && !ynode_is_null(v[EX_LOGO])) {
        b->logo = exhibit_file(b, v[EX_LOGO], "logo");
        b->logo_line = v[EX_LOGO]->line;
        if (b->logo) {
            /* read and checked now, so a bad logo is reported with the
             * rest; written by author_write */
            size_t size;
            const char *mime;
            unsigned long w, h;
            free(build_image_load(b, b->logo, b->logo_line, &size, &mime, &w, &h));
        }
    }
    if (v[EX_FONTS] && !ynode_is_null(v[EX_FONTS]))
        parse_fonts(b, v[EX_FONTS]);
    if (v[EX_SHOW] && !ynode_is_null(v[EX_SHOW]))
        show_parse(b, v[EX_SHOW], "show", &b->show);
    if (b->locales_ok)
        ui_parse(b, v[EX_UI] && !ynode_is_null(v[EX_UI]) ? v[EX_UI] : NULL);
    if (b->opts && b->opts->fonts && !b->nerr) {
        const void *data[STORE_FONT_FACES];
        size_t size[STORE_FONT_FACES];
        const char *name[STORE_FONT_FACES];
        for (int i = 0; i < STORE_FONT_FACES; i++) {
            data[i] = b->font[i].data;
            size[i] = b->font[i].size;
            /* named with its line: a character a panel uses that the font
             * fails to draw is reported at the panel, and names this */
            name[i] = b->font[i].file
                          ? build_printf(b, "%s, exhibit.yaml:%d", b->font[i].file, b->font[i].line)
                          : NULL;
        }
        char why[512] = "";
        /* each font alone first, so that one refused is reported at its
         * own line of fonts: (the hook names no face) */
        for (int i = 0; i < STORE_FONT_FACES; i++) {
            const void *one[STORE_FONT_FACES] = {NULL};
            if (!data[i])
                continue;
            one[i] = data[i];
            why[0] = '\0';
            if (b->opts->fonts(b->opts->fit_ctx, one, size, name, why, sizeof why) != 0) {
                ERR(b, b->font[i].line, "%s", why[0] ? why : "fonts: cannot be used");
                data[i] = NULL;
            }
        }
        why[0] = '\0';
        if (b->opts->fonts(b->opts->fit_ctx, data, size, name, why, sizeof why) != 0)
            ERR(b, 1, "fonts: %s", why[0] ? why : "cannot be used");
    }
}
