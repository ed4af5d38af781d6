/* author_values.c - reading typed values from a ytree, reporting what is
 * wrong with each (see author_internal.h): keys of a mapping (with "did you
 * mean" for a misspelt one), required keys, text (rules_text: UTF-8, no
 * control characters, a length limit), localised text with its fallback, numbers,
 * identifiers and lists of source ids. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "author_internal.h"
#include "typo.h"

/* A short, printable quotation of user text for a message: at most 40 bytes,
 * cut on a character boundary, control characters and bytes that are not
 * UTF-8 shown as '?'. */
const char *value_quoted(char *buf, size_t size, const char *s, size_t len)
{
    size_t max = size - 6 < 40 ? size - 6 : 40;
    size_t n = len;
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    size_t o = 0;
    buf[o++] = '"';
    for (size_t i = 0; i < n;) {
        size_t at = i;
        long cp = rules_utf8_next(s, n, &i);
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
            buf[o++] = '?'; /* also each byte that is not UTF-8 */
        } else {
            memcpy(buf + o, s + at, i - at);
            o += i - at;
        }
    }
    if (n < len) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '"';
    buf[o] = '\0';
    return buf;
}

const char *value_describe(char *buf, size_t size, const struct ynode *n)
{
    if (n->type == Y_SEQ)
        return "a list";
    if (n->type == Y_MAP)
        return "a mapping";
    if (n->len == 0)
        return "empty";
    return value_quoted(buf, size, n->s, n->len);
}

static size_t edit_distance(const char *a, const char *c)
{
    size_t la = strlen(a), lc = strlen(c);
    if (la > 31 || lc > 31)
        return 99;
    size_t d[32][32];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lc; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lc; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != c[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lc];
}

/* The known word closest to s, if it is close enough to be a likely typo. */
const char *value_suggest(const char *s, const char *const *words, int n)
{
    const char *best = NULL;
    size_t best_d = 3;
    for (int i = 0; i < n; i++) {
        size_t d = edit_distance(s, words[i]);
        if (d < best_d && d < strlen(s)) {
            best = words[i];
            best_d = d;
        }
    }
    return best;
}

/* Match a mapping's keys against `keys`: vals[i] (and klines[i]) get the
 * value (and line) of keys[i]. Unknown, duplicated and non-text keys are
 * errors. `where` names the mapping in messages ("" at top level). */
int value_map_keys(struct build *b, const struct ynode *map, const char *where,
                   const char *const *keys, int nkeys, const struct ynode **vals, int *klines)
{
    int ok = 1;
    char q[64];
    for (int i = 0; i < nkeys; i++) {
        vals[i] = NULL;
        if (klines)
            klines[i] = 0;
    }
    for (const struct ynode *k = map->kid; k && k->next; k = k->next->next) {
        const struct ynode *v = k->next;
        if (k->type != Y_SCALAR) {
            ERR(b, k->line, "keys must be plain words, not %s", value_describe(q, sizeof q, k));
            ok = 0;
            continue;
        }
        int i = 0;
        while (i < nkeys && strcmp(k->s, keys[i]) != 0)
            i++;
        if (i == nkeys) {
            const char *hint = value_suggest(k->s, keys, nkeys);
            char h[96] = "";
            if (hint)
                snprintf(h, sizeof h, " (did you mean \"%s\"?)", hint);
            ERR(b, k->line, "unknown key %s%s%s%s", value_quoted(q, sizeof q, k->s, k->len),
                where[0] ? " in " : "", where, h);
            ok = 0;
        } else if (vals[i]) {
            ERR(b, k->line, "duplicate key \"%s\"%s%s (first at line %d)", keys[i],
                where[0] ? " in " : "", where, klines ? klines[i] : vals[i]->line);
            ok = 0;
        } else {
            vals[i] = v;
            if (klines)
                klines[i] = k->line;
        }
    }
    return ok;
}

int value_need(struct build *b, const struct ynode *map, const struct ynode *v, const char *path)
{
    if (v && !ynode_is_null(v))
        return 1;
    if (v)
        ERR(b, v->line, "%s is empty", path);
    else
        ERR(b, map->line, "missing required key \"%s\"", path);
    return 0;
}

/* One text scalar, checked and copied into the build arena. affix: keep
 * surrounding spaces (prefix/suffix); otherwise trailing newlines left by
 * block scalars are dropped. */
const char *value_text(struct build *b, const struct ynode *n, const char *path, size_t max,
                       int affix)
{
    char q[64];
    if (n->type != Y_SCALAR) {
        ERR(b, n->line, "%s must be text, not %s", path, value_describe(q, sizeof q, n));
        return NULL;
    }
    size_t len = n->len;
    if (!affix)
        while (len > 0 && n->s[len - 1] == '\n')
            len--;
    char why[256];
    if (ynode_is_null(n) || len == 0) {
        ERR(b, n->line, "%s is empty", path);
        return NULL;
    }
    if (rules_text(n->s, len, !affix, max, path, why, sizeof why) != 0) {
        ERR(b, n->line, "%s", why);
        return NULL;
    }
    return build_strndup(b, n->s, len);
}

/* s in the typography of locale (typo.h), in the build arena; s itself
 * when the result would be longer than max (the reader's limit) or memory
 * is short. A quotation's text is set inside the kiosk's own quote marks,
 * so its quotes start at the inner level. */
static const char *typeset_locale(struct build *b, const char *s, const char *locale,
                                  const char *path, size_t max)
{
    if (!s)
        return s;
    size_t n = strlen(s);
    char *t = build_alloc(b, TYPO_MAX(n));
    if (!t)
        return s;
    size_t len = typo_apply(s, n, locale, strcmp(path, "quote.text") == 0, t);
    return len <= max ? t : s;
}

/* Localised text: a scalar (the default locale) or {locale: text}. Missing
 * locales fall back to the default locale. Each text written is set in the
 * typography of its language (typo.h), except affixes (prefix, suffix),
 * whose spaces rules.c sets. 0 or -1 (errors reported). */
int value_ltext(struct build *b, const struct ynode *n, const char *path, size_t max, int affix,
                struct ltext *out)
{
    int rc = value_ltext_as_written(b, n, path, max, affix, out);
    if (rc != 0 || affix || !b->locales_ok)
        return rc;
    const char *def = out->s[b->def];
    for (int i = 0; i < b->nloc; i++) {
        if (out->given == ~0u) /* one text for all: the default locale's typography */
            out->s[i] = i == 0 ? typeset_locale(b, def, b->loc[b->def], path, max) : out->s[0];
        else if (out->given & LOCALE_BIT(i))
            out->s[i] = typeset_locale(b, out->s[i], b->loc[i], path, max);
    }
    for (int i = 0; i < b->nloc; i++)
        if (!(out->given & LOCALE_BIT(i)))
            out->s[i] = out->s[b->def];
    return 0;
}

/* Does a plain text of path need a text in each language? Not the words
 * of a quote (said in one language; their translation is its own key), nor
 * a text without letters ("~", "+", "2014"), which reads the same in every
 * language. */
static int needs_translating(const char *path, const char *s)
{
    if (strcmp(path, "quote.text") == 0)
        return 0;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        long cp = rules_utf8_next(s, n, &i);
        if ((cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z'))
            return 1;
        /* letters of other scripts; not punctuation, symbols, CJK marks */
        if (cp >= 0xC0 && cp != 0xD7 && cp != 0xF7 && !(cp >= 0x2000 && cp <= 0x2BFF) &&
            !(cp >= 0x3000 && cp <= 0x303F) && !(cp >= 0xFE00 && cp <= 0xFE6F) &&
            !(cp >= 0xFF00 && cp <= 0xFF20) && cp < 0x1F000)
            return 1;
    }
    return 0;
}

/* A plain text where the exhibit has several languages: each other
 * language shows the default's words. One warning naming them all. */
static void warn_plain(struct build *b, const struct ynode *n, const char *path)
{
    char lacks[MAX_LOCALES * 48] = "", editions[MAX_LOCALES * 24] = "";
    size_t o = 0, e = 0;
    int k = 0, missing = b->nloc - 1;
    for (int i = 0; i < b->nloc; i++) {
        if (i == b->def)
            continue;
        const char *sep = k == 0 ? "" : k == missing - 1 ? " or " : ", ";
        const char *esep = k == 0 ? "" : k == missing - 1 ? " and " : ", ";
        if (o < sizeof lacks)
            o += (size_t)snprintf(lacks + o, sizeof lacks - o, "%s%s (%s)", sep, b->loc_name[i],
                                  b->loc[i]);
        if (e < sizeof editions)
            e += (size_t)snprintf(editions + e, sizeof editions - e, "%s%s", esep, b->loc_name[i]);
        k++;
    }
    const char *def = b->loc_name[b->def];
    build_warning(b, b->cur, n->line,
                  "%s is plain text, in %s only: it has no %s text, so the %s edition%s "
                  "show%s it in %s; write one line per language (%s: ..., %s: ...), with the same "
                  "words in each if they need no translating",
                  path, def, lacks, editions, missing > 1 ? "s" : "", missing > 1 ? "" : "s", def,
                  b->loc[b->def], b->loc[b->def == 0 ? 1 : 0]);
}

int value_ltext_as_written(struct build *b, const struct ynode *n, const char *path, size_t max,
                           int affix, struct ltext *out)
{
    memset(out, 0, sizeof *out);
    if (n->type == Y_SCALAR) {
        const char *s = value_text(b, n, path, max, affix);
        if (!s)
            return -1;
        out->s[b->def] = s;
        out->given = ~0u; /* the same text in every language */
        if (b->locales_ok && b->nloc > 1 && needs_translating(path, s)) {
            /* in the default language only: the other editions would
             * show it untranslated, so say so, and the store keeps no
             * text there (bundle inspect counts it) */
            out->given = LOCALE_BIT(b->def);
            warn_plain(b, n, path);
        }
    } else if (n->type == Y_MAP) {
        int ok = 1;
        char q[64];
        for (const struct ynode *k = n->kid; k && k->next; k = k->next->next) {
            if (k->type != Y_SCALAR) {
                ERR(b, k->line, "%s: locale codes must be plain words", path);
                ok = 0;
                continue;
            }
            int li = build_locale_index(b, k->s);
            char *sub = build_printf(b, "%s (%s)", path, k->s);
            if (!sub)
                return -1;
            if (li < 0) {
                if (b->locales_ok)
                    ERR(b, k->line, "%s: unknown locale %s (exhibit.yaml lists %s)", path,
                        value_quoted(q, sizeof q, k->s, k->len), build_locale_list(b));
                ok = 0;
                value_text(b, k->next, sub, max, affix);
                continue;
            }
            if (out->s[li]) {
                ERR(b, k->line, "%s: duplicate locale \"%s\"", path, k->s);
                ok = 0;
                continue;
            }
            out->s[li] = value_text(b, k->next, sub, max, affix);
            if (!out->s[li])
                ok = 0;
            else
                out->given |= LOCALE_BIT(li);
        }
        if (!ok)
            return -1;
        if (b->locales_ok && !out->s[b->def]) {
            ERR(b, n->line, "%s has no text in the default locale \"%s\"", path, b->loc[b->def]);
            return -1;
        }
        for (int i = 0; b->locales_ok && i < b->nloc; i++)
            if (!(out->given & LOCALE_BIT(i)))
                build_warning(b, b->cur, n->line, "%s has no %s (%s) text; the %s text is shown",
                              path, b->loc_name[i], b->loc[i], b->loc[b->def]);
    } else {
        ERR(b, n->line, "%s must be text or a mapping of locale to text, not a list", path);
        return -1;
    }
    for (int i = 0; i < b->nloc; i++)
        if (!out->s[i])
            out->s[i] = out->s[b->def];
    return 0;
}

/* A quote's translations: {locale: text} for locales other than the one
 * it was said in (said_in), each in its language's typography. A language
 * without one is warned about: the visitor reads the original alone. */
int value_translations(struct build *b, const struct ynode *n, const char *said_in, size_t max,
                       struct ltext *out)
{
    const char *path = "quote.translation";
    char q[64];
    memset(out, 0, sizeof *out);
    if (n && !ynode_is_null(n)) {
        if (n->type != Y_MAP) {
            ERR(b, n->line,
                "%s must be a mapping of language to the words in it (fr: « ... »), not %s", path,
                value_describe(q, sizeof q, n));
            return -1;
        }
        int ok = 1;
        for (const struct ynode *k = n->kid; k && k->next; k = k->next->next) {
            int li = k->type == Y_SCALAR ? build_locale_index(b, k->s) : -1;
            if (li < 0) {
                if (b->locales_ok)
                    ERR(b, k->line, "%s: unknown language %s (exhibit.yaml lists %s)", path,
                        value_describe(q, sizeof q, k), build_locale_list(b));
                ok = 0;
                continue;
            }
            if (said_in && strcmp(b->loc[li], said_in) == 0) {
                ERR(b, k->line,
                    "%s (%s): the quote was said in %s, so quote.text already gives its words "
                    "in that language",
                    path, b->loc[li], said_in);
                ok = 0;
                continue;
            }
            if (out->s[li]) {
                ERR(b, k->line, "%s: duplicate language \"%s\"", path, k->s);
                ok = 0;
                continue;
            }
            char *sub = build_printf(b, "%s (%s)", path, k->s);
            const char *t = sub ? value_text(b, k->next, sub, max, 0) : NULL;
            if (!t) {
                ok = 0;
                continue;
            }
            out->s[li] = typeset_locale(b, t, b->loc[li], path, max);
            out->given |= LOCALE_BIT(li);
        }
        if (!ok)
            return -1;
        for (int i = 0; b->locales_ok && said_in && i < b->nloc; i++)
            if (strcmp(b->loc[i], said_in) != 0 && !(out->given & LOCALE_BIT(i)))
                build_warning(b, b->cur, n->line,
                              "quote has no %s (%s) translation; the original words are shown "
                              "alone",
                              b->loc_name[i], b->loc[i]);
        return 0;
    }
    for (int i = 0; b->locales_ok && said_in && i < b->nloc; i++)
        if (strcmp(b->loc[i], said_in) != 0)
            build_warning(b, b->cur, 0,
                          "quote has no %s (%s) translation; the original words are "
                          "shown alone",
                          b->loc_name[i], b->loc[i]);
    return 0;
}

/* An optional localised text: nothing when absent or null. */
void value_opt_ltext(struct build *b, const struct ynode *v, const char *path, size_t max,
                     int affix, struct ltext *out)
{
    if (v && !ynode_is_null(v))
        value_ltext(b, v, path, max, affix, out);
}

/* A plain (unquoted) scalar that is a finite decimal number. */
int value_number(struct build *b, const struct ynode *n, const char *path, double *out)
{
    char q[64];
    if (n->type != Y_SCALAR || !n->plain || n->len == 0 ||
        strspn(n->s, "0123456789+-.eE") != n->len || !strpbrk(n->s, "0123456789")) {
        ERR(b, n->line, "%s must be a number, not %s%s", path,
            n->type == Y_SCALAR && !n->plain ? "the quoted text " : "",
            value_describe(q, sizeof q, n));
        return -1;
    }
    char *end;
    errno = 0;
    double v = strtod(n->s, &end);
    if (*end != '\0' || !isfinite(v) || errno == ERANGE) {
        ERR(b, n->line, "%s must be a number, not %s", path, value_describe(q, sizeof q, n));
        return -1;
    }
    *out = v;
    return 0;
}

int value_decimal(struct build *b, const struct ynode *n, const char *path, struct decimal *out)
{
    char q[64];
    int rc = DECIMAL_NOT_A_NUMBER;
    if (n->type == Y_SCALAR && n->plain && n->len > 0)
        rc = decimal_parse(n->s, n->len, 0, out);
    if (rc == DECIMAL_TOO_LONG) {
        ERR(b, n->line,
            "%s %s has more than %d digits; figures are kept exactly as written, so write at "
            "most %d (before and after the point together)",
            path, value_describe(q, sizeof q, n), DECIMAL_DIGITS_MAX, DECIMAL_DIGITS_MAX);
        return -1;
    }
    if (rc != DECIMAL_OK) {
        ERR(b, n->line, "%s must be a number, not %s%s", path,
            n->type == Y_SCALAR && !n->plain ? "the quoted text " : "",
            value_describe(q, sizeof q, n));
        return -1;
    }
    return 0;
}

/* A short identifier: letters, digits and the characters in extra. */
const char *value_id(struct build *b, const struct ynode *n, const char *path, const char *extra,
                     const char *what)
{
    char q[64];
    if (n->type != Y_SCALAR || ynode_is_null(n)) {
        ERR(b, n->line, "%s must be %s, not %s", path, what, value_describe(q, sizeof q, n));
        return NULL;
    }
    /* the reader's rule too (store_open, store_check_as_built) */
    if (n->len > LEN_ID || strlen(n->s) != n->len || !store_id_ok(n->s, n->len, extra)) {
        ERR(b, n->line, "%s must be %s, not %s", path, what,
            value_quoted(q, sizeof q, n->s, n->len));
        return NULL;
    }
    return build_strndup(b, n->s, n->len);
}

const char *value_locale_code(struct build *b, const struct ynode *n, const char *path)
{
    const char *code =
        value_id(b, n, path, "-", "a language code such as en, fr or pt-BR (letters, digits, '-')");
    if (code && !((code[0] >= 'a' && code[0] <= 'z') || (code[0] >= 'A' && code[0] <= 'Z'))) {
        ERR(b, n->line, "%s must start with a letter, not \"%s\"", path, code);
        return NULL;
    }
    /* the reader's rule (store_open): a longer code would build a store no
     * kiosk opens */
    if (code && !store_locale_code_ok(code, strlen(code))) {
        ERR(b, n->line, "%s \"%s\" is longer than a language code (at most %d characters)", path,
            code, STORE_LOCALE_MAX);
        return NULL;
    }
    return code;
}

/* A list of source ids. `who` names the citing thing in messages. */
int value_cites(struct build *b, const struct ynode *n, const char *path, const char *who,
                int required, struct cites *out)
{
    char q[64];
    out->idx = NULL;
    out->n = 0;
    if (n->type != Y_SEQ) {
        ERR(b, n->line, "%s must be a list of source ids such as [ctv], not %s", path,
            value_describe(q, sizeof q, n));
        return -1;
    }
    int count = 0;
    for (const struct ynode *it = n->kid; it; it = it->next)
        count++;
    if (count == 0) {
        if (required) {
            ERR(b, n->line, "%s must name at least one source", path);
            return -1;
        }
        return 0;
    }
    out->idx = build_alloc(b, sizeof(int) * (size_t)count);
    if (!out->idx)
        return -1;
    int ok = 1;
    for (const struct ynode *it = n->kid; it; it = it->next) {
        if (it->type != Y_SCALAR || ynode_is_null(it)) {
            ERR(b, it->line, "%s must list source ids, not %s", path,
                value_describe(q, sizeof q, it));
            ok = 0;
            continue;
        }
        int si = build_source_index(b, it->s);
        if (si < 0) {
            if (b->sources_ok)
                ERR(b, it->line, "%s names source %s, which exhibit.yaml does not list", who,
                    value_quoted(q, sizeof q, it->s, it->len));
            ok = 0;
            continue;
        }
        int dup = 0;
        for (int k = 0; k < out->n; k++)
            dup |= out->idx[k] == si;
        if (dup) {
            ERR(b, it->line, "%s lists source \"%s\" twice", path, it->s);
            ok = 0;
            continue;
        }
        b->src[si].used = 1;
        out->idx[out->n++] = si;
    }
    return ok ? 0 : -1;
}
