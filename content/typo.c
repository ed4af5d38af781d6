/* typo.c - typography per language (typo.h). */
#define _POSIX_C_SOURCE 200809L
#include "typo.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/ustring.h>

#define NBSP "\xC2\xA0"
#define NNBSP "\xE2\x80\xAF"

enum lang { L_OTHER, L_EN, L_FR, L_DE };

static enum lang lang_of(const char *locale)
{
    static const struct {
        const char *code;
        enum lang l;
    } known[] = {{"en", L_EN}, {"fr", L_FR}, {"de", L_DE}};
    for (size_t k = 0; locale && k < sizeof known / sizeof *known; k++) {
        const char *c = known[k].code;
        if ((locale[0] | 0x20) == c[0] && (locale[1] | 0x20) == c[1] &&
            (locale[2] == 0 || locale[2] == '-' || locale[2] == '_'))
            return known[k].l;
    }
    return L_OTHER;
}

/* The code point at s[i] (i < n) and its length; malformed bytes are
 * taken one at a time as U+FFFD. */
static uint32_t cp_at(const char *s, size_t n, size_t i, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s + i;
    size_t left = n - i;
    *len = 1;
    if (u[0] < 0x80)
        return u[0];
    int k = u[0] >= 0xF0 ? 3 : u[0] >= 0xE0 ? 2 : u[0] >= 0xC2 ? 1 : 0;
    if (k == 0 || (size_t)k >= left)
        return 0xFFFD;
    uint32_t cp = u[0] & (0x3F >> k);
    for (int j = 1; j <= k; j++) {
        if ((u[j] & 0xC0) != 0x80)
            return 0xFFFD;
        cp = (cp << 6) | (u[j] & 0x3F);
    }
    *len = (size_t)k + 1;
    return cp;
}

/* The code point that ends out[0..o), or 0 at the start. */
static uint32_t cp_before(const char *out, size_t o)
{
    size_t i = o, len;
    while (i > 0 && ((unsigned char)out[i - 1] & 0xC0) == 0x80 && o - i < 3)
        i--;
    return i > 0 ? cp_at(out, o, i - 1, &len) : 0;
}

static int is_digit(uint32_t c)
{
    return c >= '0' && c <= '9';
}

/* A letter of a script with word spaces (Latin, Greek, Cyrillic), roughly:
 * what an apostrophe or an ordinal's ending follows. */
static int is_letter(uint32_t c)
{
    return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
           (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x370 && c <= 0x52F) ||
           (c >= 0x1E00 && c <= 0x1FFF);
}

static int is_space(uint32_t c)
{
    return c == 0 || c == ' ' || c == '\n' || c == '\t' || c == 0xA0 || c == 0x202F || c == 0x2009;
}

/* What a quote opens after: the start, a space, an opening bracket, a
 * dash, or another opening mark. */
static int opens_after(uint32_t c)
{
    return is_space(c) || c == '(' || c == '[' || c == '{' || c == 0x2013 || c == 0x2014 ||
           c == '/' || c == 0x201C || c == 0x2018 || c == 0xAB || c == 0x201E || c == 0x201A;
}

static size_t put(char *out, size_t o, const char *s)
{
    size_t n = strlen(s);
    memcpy(out + o, s, n);
    return o + n;
}

/* The quotation marks of a language, [level][closing]: level 0 its primary
 * quotes, 1 those inside them. CLDR's (through ICU), but French spaces its
 * guillemets with a narrow no-break space and sets “ ” inside them (CLDR
 * repeats « », which hides where the inner quotation ends). */
typedef char marks_t[2][2][8];

static void marks_of(const char *locale, enum lang l, marks_t m)
{
    static const char *const en[2][2] = {{"\xE2\x80\x9C", "\xE2\x80\x9D"},
                                         {"\xE2\x80\x98", "\xE2\x80\x99"}};
    static const char *const fr[2][2] = {{"\xC2\xAB" NNBSP, NNBSP "\xC2\xBB"},
                                         {"\xE2\x80\x9C", "\xE2\x80\x9D"}};
    static const ULocaleDataDelimiterType type[2][2] = {
        {ULOCDATA_QUOTATION_START, ULOCDATA_QUOTATION_END},
        {ULOCDATA_ALT_QUOTATION_START, ULOCDATA_ALT_QUOTATION_END}};
    char tag[64], id[96];
    snprintf(tag, sizeof tag, "%s", locale ? locale : "en");
    for (char *p = tag; *p; p++)
        if (*p == '_')
            *p = '-';
    UErrorCode e = U_ZERO_ERROR;
    uloc_forLanguageTag(tag, id, sizeof id, NULL, &e);
    ULocaleData *ld = U_SUCCESS(e) ? ulocdata_open(id, &e) : NULL;
    for (int level = 0; level < 2; level++)
        for (int k = 0; k < 2; k++) {
            UChar u[4];
            int32_t n = ld ? ulocdata_getDelimiter(ld, type[level][k], u, 4, &e) : 0, len = 0;
            if (l == L_FR || U_FAILURE(e) || n <= 0 || n >= 4 ||
                (u_strToUTF8(m[level][k], 4, &len, u, n, &e), U_FAILURE(e)) || len >= 4)
                snprintf(m[level][k], 8, "%s", (l == L_FR ? fr : en)[level][k]);
            else
                m[level][k][len] = 0;
        }
    if (ld)
        ulocdata_close(ld);
}

static int is_hebrew(uint32_t c)
{
    return c >= 0x05D0 && c <= 0x05EA;
}

/* A letter of a script written without spaces (kana, ideographs, Hangul
 * syllables) or its punctuation: what a quotation opens after there. */
static int is_cjk(uint32_t c)
{
    return (c >= 0x3000 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x9FFF) ||
           (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFF01 && c <= 0xFF60);
}

/* A single quote at s[i] that closes one opened before: a letter, digit
 * or closing punctuation before it, and no letter after it. */
static int can_close_single(const char *s, size_t n, size_t i)
{
    size_t len;
    uint32_t next = i + 1 < n ? cp_at(s, n, i + 1, &len) : 0;
    return !is_letter(next) && !is_digit(next);
}

/* Whether a single quote opening at s[i] has a closing one later on the
 * same line (else it is an apostrophe: ’90s, ’tis). */
static int single_closes_later(const char *s, size_t n, size_t i)
{
    for (size_t k = i + 1; k < n && s[k] != '\n'; k++)
        if (s[k] == '\'' && k > i + 1 && !is_space((unsigned char)s[k - 1]) &&
            can_close_single(s, n, k))
            return 1;
    return 0;
}

/* French ordinal endings after a number: "e", "er", "re", "ème", "eme";
 * the superscript and how many bytes of s they replace, or NULL. */
static const char *ordinal(const char *s, size_t n, size_t i, size_t *used)
{
    static const struct {
        const char *written, *sup;
    } ends[] = {{"\xC3\xA8me", "\xE1\xB5\x89"},
                {"eme", "\xE1\xB5\x89"},
                {"er", "\xE1\xB5\x89\xCA\xB3"},
                {"re", "\xCA\xB3\xE1\xB5\x89"},
                {"e", "\xE1\xB5\x89"}};
    for (size_t k = 0; k < sizeof ends / sizeof *ends; k++) {
        size_t w = strlen(ends[k].written), len;
        if (i + w <= n && memcmp(s + i, ends[k].written, w) == 0 &&
            (i + w == n || !is_letter(cp_at(s, n, i + w, &len)))) {
            *used = w;
            return ends[k].sup;
        }
    }
    return NULL;
}

/* Words that stay on the line of the number before them: a month ("25
 * April", "13 avril"), a unit ("42 km", "26.2 miles"). Compared without
 * case, as whole words. */
static const char *const after_number[] = {"January",
                                           "February",
                                           "March",
                                           "April",
                                           "May",
                                           "June",
                                           "July",
                                           "August",
                                           "September",
                                           "October",
                                           "November",
                                           "December",
                                           "janvier",
                                           "f\xC3\xA9vrier",
                                           "mars",
                                           "avril",
                                           "mai",
                                           "juin",
                                           "juillet",
                                           "ao\xC3\xBBt",
                                           "septembre",
                                           "octobre",
                                           "novembre",
                                           "d\xC3\xA9"
                                           "cembre",
                                           "Januar",
                                           "Februar",
                                           "M\xC3\xA4rz",
                                           "Juni",
                                           "Juli",
                                           "Oktober",
                                           "Dezember",
                                           "km",
                                           "m",
                                           "cm",
                                           "mm",
                                           "kg",
                                           "g",
                                           "h",
                                           "min",
                                           "s",
                                           "mi",
                                           "mile",
                                           "miles",
                                           "ft",
                                           "%",
                                           "\xC2\xB0"
                                           "C",
                                           "km/h",
                                           "mph",
                                           "ans",
                                           "years",
                                           "Jahre",
                                           NULL};
/* The months again, for "April 2014" (a month and its year). */
#define N_MONTH_WORDS 32

/* The length of a word from after_number (index in *k) that s[i..n) starts
 * with and that ends there (a space, punctuation or the end follows), or 0. */
static size_t word_after_number(const char *s, size_t n, size_t i, int *k)
{
    for (int w = 0; after_number[w]; w++) {
        size_t len = strlen(after_number[w]), l2;
        if (i + len > n || strncasecmp(s + i, after_number[w], len) != 0)
            continue;
        uint32_t next = i + len < n ? cp_at(s, n, i + len, &l2) : 0;
        if (is_letter(next) || is_digit(next))
            continue;
        *k = w;
        return len;
    }
    return 0;
}

/* Where the word that ends out[0..o) starts. */
static size_t word_start(const char *out, size_t o)
{
    size_t b = o;
    while (b > 0) {
        size_t k = b - 1, len;
        while (k > 0 && ((unsigned char)out[k] & 0xC0) == 0x80)
            k--;
        if (!is_letter(cp_at(out, b, k, &len)))
            break;
        b = k;
    }
    return b;
}

size_t typo_apply(const char *s, size_t n, const char *locale, int nested, char *out)
{
    enum lang l = lang_of(locale);
    marks_t marks;
    marks_of(locale, l, marks);
    size_t o = 0;
    /* the quotes open now, innermost last: 1 for a single quote's */
    char open[32];
    int depth = 0;
    for (size_t i = 0; i < n;) {
        size_t len;
        uint32_t c = cp_at(s, n, i, &len);
        uint32_t prev = cp_before(out, o);
        /* a tilde between two letters: the author's mark for a name that
         * stays on one line ("Kim~Il~Sung") */
        if (c == '~' && is_letter(prev) && i + 1 < n) {
            size_t l2;
            if (is_letter(cp_at(s, n, i + 1, &l2))) {
                o = put(out, o, NBSP);
                i += 1;
                continue;
            }
        }
        /* a number and the month or unit after it ("25 April", "42 km"),
         * a month and its year ("April 2014"): one line */
        if (c == ' ' && l != L_OTHER && i + 1 < n) {
            int k = -1;
            size_t wl = is_digit(prev) ? word_after_number(s, n, i + 1, &k) : 0;
            int year = 0;
            if (!wl && is_letter(prev)) {
                size_t d = i + 1;
                while (d < n && is_digit((unsigned char)s[d]))
                    d++;
                if (d - (i + 1) == 4 && (d == n || !is_letter((unsigned char)s[d]))) {
                    size_t b = word_start(out, o);
                    int kk;
                    year = word_after_number(out, o, b, &kk) == o - b && kk < N_MONTH_WORDS;
                }
            }
            if (wl || year) {
                o = put(out, o, NBSP);
                i += 1;
                continue;
            }
        }
        if (c == '\'') {
            int latin = is_letter(prev) || is_digit(prev);
            if (depth > 0 && open[depth - 1] == 1 && latin && can_close_single(s, n, i)) {
                depth--;
                o = put(out, o, marks[(depth + nested) & 1][1]);
            } else if (opens_after(prev) && depth < (int)sizeof open &&
                       single_closes_later(s, n, i)) {
                o = put(out, o, marks[(depth + nested) & 1][0]);
                open[depth++] = 1;
            } else if (latin || opens_after(prev)) {
                o = put(out, o, "\xE2\x80\x99"); /* an apostrophe */
            } else {
                out[o++] = '\'';
            }
            i += 1;
            continue;
        }
        if (c == '"') {
            size_t nl;
            uint32_t after = i + 1 < n ? cp_at(s, n, i + 1, &nl) : 0;
            /* between two Hebrew letters it is the gershayim as typed
             * (צה"ל, ק"מ), no quotation mark */
            if (is_hebrew(prev) && is_hebrew(after)) {
                out[o++] = '"';
                i += 1;
                continue;
            }
            /* a quotation opens after a space or an opening mark; outside
             * any, also where no space comes before it: after a kana or an
             * ideograph, or after a prefix joined to the word it opens
             * (Arabic و"…", Hebrew ו־"…") */
            int prefix = prev >= 0x0590 && prev <= 0x06FF && u_isalnum((UChar32)after);
            int opens = opens_after(prev) || (depth == 0 && (is_cjk(prev) || prefix));
            if (opens && depth < (int)sizeof open) {
                o = put(out, o, marks[(depth + nested) & 1][0]);
                open[depth++] = 2;
            } else if (depth > 0) {
                depth--;
                o = put(out, o, marks[(depth + nested) & 1][1]);
            } else {
                o = put(out, o, marks[nested & 1][1]);
            }
            i += 1;
            continue;
        }
        if (l == L_FR) {
            /* spaces inside guillemets written by the author */
            if (c == 0xAB) {
                o = put(out, o, "\xC2\xAB" NNBSP);
                i += len;
                size_t sl;
                while (i < n && (s[i] == ' ' || cp_at(s, n, i, &sl) == 0xA0 ||
                                 cp_at(s, n, i, &sl) == 0x202F))
                    i += s[i] == ' ' ? 1 : sl;
                continue;
            }
            if (c == 0xBB || c == ';' || c == '!' || c == '?' || c == ':') {
                size_t len2;
                uint32_t next = i + len < n ? cp_at(s, n, i + len, &len2) : 0;
                int skip = c == ':' && (next == '/' || (is_digit(prev) && is_digit(next)));
                if (!skip) {
                    /* the space written before it, plain or not, goes */
                    while (o > 0 &&
                           (out[o - 1] == ' ' || (o >= 2 && memcmp(out + o - 2, NBSP, 2) == 0) ||
                            (o >= 3 && memcmp(out + o - 3, NNBSP, 3) == 0))) {
                        o -= out[o - 1] == ' ' ? 1 : memcmp(out + o - 2, NBSP, 2) == 0 ? 2 : 3;
                    }
                    prev = cp_before(out, o);
                    int after_text = prev != 0 && prev != '\n' && prev != '?' && prev != '!' &&
                                     prev != 0xAB && prev != ':' && prev != ';';
                    if (after_text || c == 0xBB)
                        o = put(out, o, c == ':' ? NBSP : NNBSP);
                }
                memcpy(out + o, s + i, len);
                o += len;
                i += len;
                continue;
            }
            if (c == 'e' || (c == 0xE8)) {
                /* 27e → 27ᵉ: after a number that does not end a word */
                size_t used, d = o;
                while (d > 0 && is_digit((unsigned char)out[d - 1]))
                    d--;
                const char *sup = d < o ? ordinal(s, n, i, &used) : NULL;
                if (sup && (d == 0 || !is_letter(cp_before(out, d)))) {
                    o = put(out, o, sup);
                    i += used;
                    continue;
                }
            }
            if (c == 'r' && is_digit(prev)) {
                size_t used, d = o;
                while (d > 0 && is_digit((unsigned char)out[d - 1]))
                    d--;
                const char *sup = ordinal(s, n, i, &used);
                if (sup && used == 2 && (d == 0 || !is_letter(cp_before(out, d)))) {
                    o = put(out, o, sup);
                    i += used;
                    continue;
                }
            }
        }
        memcpy(out + o, s + i, len);
        o += len;
        i += len;
    }
    out[o] = '\0';
    return o;
}
