/* rules.c - what valid content is (see rules.h): text, figures, units and
 * photos, checked alike by the builder and the store reader. */
#include "rules.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "image_probe.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>

#define NBSP "\xC2\xA0"
#define NNBSP "\xE2\x80\xAF"

int rules_fail(char *why, size_t why_len, const char *fmt, ...)
{
    if (why && why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, why_len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* The code point at s[*i] (advancing *i), or -1 for ill-formed UTF-8
 * (Unicode table 3-7: no overlong forms, no surrogates, nothing above
 * U+10FFFF). */
static long next_cp(const unsigned char *s, size_t len, size_t *i)
{
    unsigned c = s[*i];
    if (c < 0x80) {
        ++*i;
        return (long)c;
    }
    size_t n;
    unsigned long cp;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        cp = c & 0x0F;
        lo = c == 0xE0 ? 0xA0 : 0x80; /* overlong */
        hi = c == 0xED ? 0x9F : 0xBF; /* surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        cp = c & 0x07;
        lo = c == 0xF0 ? 0x90 : 0x80; /* overlong */
        hi = c == 0xF4 ? 0x8F : 0xBF; /* above U+10FFFF */
    } else {
        return -1;
    }
    if (len - *i < n || s[*i + 1] < lo || s[*i + 1] > hi)
        return -1;
    for (size_t k = 1; k < n; k++) {
        if ((s[*i + k] & 0xC0) != 0x80)
            return -1;
        cp = cp << 6 | (s[*i + k] & 0x3F);
    }
    *i += n;
    return (long)cp;
}

long rules_utf8_next(const char *s, size_t len, size_t *i)
{
    long cp = next_cp((const unsigned char *)s, len, i);
    if (cp < 0)
        ++*i;
    return cp;
}

/* Does cp, after prev (-1: none), stay in prev's extended grapheme cluster
 * (UAX #29: GB6 to GB9b, GB11, GB12-13)? Exact for what can make a cluster
 * long: marks, joiners, variation selectors, tags, Hangul jamo, emoji
 * joined by U+200D, prepended marks. ri: how many regional indicators
 * end at prev. */
static int joins_cluster(long prev, long cp, int ri)
{
    if (prev < 0 || prev == '\n')
        return 0;
    int a = u_getIntPropertyValue((UChar32)prev, UCHAR_GRAPHEME_CLUSTER_BREAK);
    int b = u_getIntPropertyValue((UChar32)cp, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if (b == U_GCB_EXTEND || b == U_GCB_ZWJ || b == U_GCB_SPACING_MARK || a == U_GCB_PREPEND)
        return 1;
    if (a == U_GCB_L)
        return b == U_GCB_L || b == U_GCB_V || b == U_GCB_LV || b == U_GCB_LVT;
    if (a == U_GCB_LV || a == U_GCB_V)
        return b == U_GCB_V || b == U_GCB_T;
    if (a == U_GCB_LVT || a == U_GCB_T)
        return b == U_GCB_T;
    if (a == U_GCB_ZWJ)
        return u_hasBinaryProperty((UChar32)cp, UCHAR_EXTENDED_PICTOGRAPHIC);
    if (a == U_GCB_REGIONAL_INDICATOR && b == U_GCB_REGIONAL_INDICATOR)
        return ri % 2 == 1;
    return 0;
}

/* The bidi explicit formatting characters (UAX #9 X1-X8): 1 an
 * embedding or override, 2 an isolate, -1 PDF, -2 PDI, 0 none; *odd: it
 * opens a right-to-left level (1), a left-to-right one (0), or either
 * (2: FSI, which counts as the higher). */
static int bidi_explicit(long cp, int *odd)
{
    *odd = cp == 0x202B || cp == 0x202E || cp == 0x2067 ? 1 : cp == 0x2068 ? 2 : 0;
    if (cp >= 0x202A && cp <= 0x202E)
        return cp == 0x202C ? -1 : 1;
    if (cp >= 0x2066 && cp <= 0x2069)
        return cp == 0x2069 ? -2 : 2;
    return 0;
}

/* The deepest embedding level the explicit formatting characters of one
 * paragraph open, stack and all as UAX #9's X1-X8 keep it, stopping past
 * RULES_BIDI_DEPTH (where the algorithm would ignore them). The paragraph
 * counts as right to left (level 1), the higher of its two levels, and an
 * FSI as opening the higher of its two: what passes cannot overflow in any
 * language. (FriBidi 1.0.8, Debian 12's, never returns from some lines
 * whose FSIs overflow; app/visitor/bidi.c keeps them from it too.) */
struct bidi_depth {
    unsigned char level[RULES_BIDI_DEPTH + 2], isolate[RULES_BIDI_DEPTH + 2];
    int top; /* level[top]: the current level; level[0] is the paragraph's */
    int deepest;
};

static void bidi_step(struct bidi_depth *d, long cp)
{
    int odd, k = bidi_explicit(cp, &odd);
    if (cp == '\n' || cp == 0x2029) { /* a paragraph's end: UAX #9 starts again */
        d->top = 0;
        d->level[0] = 1;
        return;
    }
    if (k > 0 && d->deepest <= RULES_BIDI_DEPTH) {
        int cur = d->level[d->top];
        int next = odd == 2 ? cur + 2 : odd ? (cur + 1) | 1 : (cur + 2) & ~1;
        if (next > d->deepest)
            d->deepest = next;
        if (next <= RULES_BIDI_DEPTH) {
            d->top++;
            d->level[d->top] = (unsigned char)next;
            d->isolate[d->top] = k == 2;
        }
    } else if (k == -1 && d->top > 0 && !d->isolate[d->top]) {
        d->top--;
    } else if (k == -2) {
        int i = d->top;
        while (i > 0 && !d->isolate[i])
            i--;
        if (i > 0) /* a PDI with no isolate open does nothing */
            d->top = i - 1;
    }
}

int rules_text(const char *str, size_t len, int multiline, size_t max, const char *name, char *why,
               size_t why_len)
{
    const unsigned char *s = (const unsigned char *)str;
    if (!str || len == 0)
        return rules_fail(why, why_len, "%s is empty", name);
    /* the cluster being read: its first character and how many characters
     * joined it; and how deep the bidi controls nest */
    long prev = -1, base = -1, joined_cp = 0;
    size_t joined = 0;
    int ri = 0;
    struct bidi_depth d;
    d.top = d.deepest = 0;
    d.level[0] = 1;
    d.isolate[0] = 0;
    for (size_t i = 0; i < len;) {
        long cp = next_cp(s, len, &i);
        if (cp < 0)
            return rules_fail(why, why_len, "%s is not valid UTF-8", name);
        if ((cp < 0x20 && !(cp == '\n' && multiline)) || (cp >= 0x7F && cp <= 0x9F))
            return rules_fail(why, why_len, "%s contains a control character (U+%04lX)", name,
                              (unsigned long)cp);
        if (cp < 0x300) { /* never joins what is before it (a fast path) */
            prev = base = cp;
            joined = 0;
            ri = 0;
            if (cp == '\n')
                bidi_step(&d, cp);
            continue;
        }
        int gcb = u_getIntPropertyValue((UChar32)cp, UCHAR_GRAPHEME_CLUSTER_BREAK);
        int is_ri = gcb == U_GCB_REGIONAL_INDICATOR;
        if (joins_cluster(prev, cp, ri)) {
            if (++joined == 1)
                joined_cp = cp;
            if (joined > RULES_CLUSTER_JOINED)
                return rules_fail(
                    why, why_len,
                    "%s has a character (U+%04lX) that carries more than %d marks, joiners or "
                    "modifiers (U+%04lX...); one character may carry at most %d (Unicode's "
                    "stream-safe text, UAX #15)",
                    name, (unsigned long)base, RULES_CLUSTER_JOINED, (unsigned long)joined_cp,
                    RULES_CLUSTER_JOINED);
        } else {
            base = cp;
            joined = 0;
        }
        ri = is_ri ? ri + 1 : 0;
        prev = cp;
        bidi_step(&d, cp);
        if (d.deepest > RULES_BIDI_DEPTH)
            return rules_fail(why, why_len,
                              "%s nests direction controls (U+202A..U+202E, U+2066..U+2069) "
                              "deeper than the %d levels of Unicode's bidi algorithm (UAX #9); "
                              "close each with U+202C or U+2069, or remove some",
                              name, RULES_BIDI_DEPTH);
    }
    if (len > max)
        return rules_fail(why, why_len, "%s is too long (%zu bytes; at most %zu)", name, len, max);
    return 0;
}

int rules_unit(const char *s, size_t len, char *why, size_t why_len)
{
    if (rules_text(s, len, 0, RULES_LEN_UNIT, "figure.unit", why, why_len) != 0)
        return -1;
    if (s[0] == ' ' || s[len - 1] == ' ' || strncmp(s, NBSP, 2) == 0 ||
        (len >= 2 && strncmp(s + len - 2, NBSP, 2) == 0))
        return rules_fail(
            why, why_len,
            "figure.unit must not start or end with a space (the space before a unit is "
            "added as each language writes it)");
    return 0;
}

int rules_decimals_needed(const struct decimal *x)
{
    int d = x->scale;
    while (d > 0 && (x->digits / decimal_pow10(x->scale - d)) % 10 == 0)
        d--;
    return d > RULES_DECIMALS_MAX ? RULES_DECIMALS_MAX + 1 : d;
}

static int too_large(const struct decimal *x)
{
    return x->digits / decimal_pow10(x->scale) >= decimal_pow10(RULES_WHOLE_DIGITS_MAX);
}

/* A number of the figure: not too large, shown as it is with `decimals`
 * (when it is not, *rounded is set: the decimals are at fault). */
static int check_number(const struct decimal *x, const char *key, int decimals, int *rounded,
                        char *why, size_t why_len)
{
    char a[DECIMAL_TEXT_MAX], b[DECIMAL_TEXT_MAX];
    struct decimal shown;
    int exact = 1;
    if (too_large(x) || decimal_rescale(x, decimals, &shown, &exact) != 0)
        return rules_fail(why, why_len, "%s is too large (%s; it must be below 10^15 in size)", key,
                          decimal_text(x, a));
    *rounded = !exact;
    if (*rounded) {
        int need = rules_decimals_needed(x);
        return rules_fail(why, why_len,
                          "%s %s would be shown as %s with %d decimal%s; write decimals: %d or "
                          "more, or write the number as it should be shown",
                          key, decimal_text(x, a), decimal_text(&shown, b), decimals,
                          decimals == 1 ? "" : "s",
                          need > RULES_DECIMALS_MAX ? RULES_DECIMALS_MAX : need);
    }
    return 0;
}

int rules_figure(const struct panel_figure *f, const char **key, char *why, size_t why_len)
{
    const char *k = "figure.decimals";
    int rc = -1, rounded = 0;
    if (f->decimals < 0 || f->decimals > RULES_DECIMALS_MAX) {
        rules_fail(why, why_len, "figure.decimals must be 0, 1, 2 or 3, not %d", f->decimals);
        goto done;
    }
    k = "figure.value";
    char a[DECIMAL_TEXT_MAX], b[DECIMAL_TEXT_MAX];
    if (check_number(&f->value, k, f->decimals, &rounded, why, why_len) != 0)
        goto done;
    if (f->has_to) {
        k = "figure.to";
        if (check_number(&f->to, k, f->decimals, &rounded, why, why_len) != 0)
            goto done;
        if (decimal_cmp(&f->to, &f->value) <= 0) {
            rules_fail(why, why_len, "figure.to (%s) must be larger than figure.value (%s)",
                       decimal_text(&f->to, a), decimal_text(&f->value, b));
            goto done;
        }
    }
    if (f->has_part_of) {
        /* the layout shows a whole part_of without decimals */
        k = "figure.part_of.value";
        const struct decimal *top = f->has_to ? &f->to : &f->value;
        int whole = decimal_is_whole(&f->part_of);
        if (check_number(&f->part_of, k, whole ? 0 : f->decimals, &rounded, why, why_len) != 0)
            goto done;
        if (decimal_cmp(&f->part_of, top) <= 0) {
            rules_fail(why, why_len, "figure.part_of.value (%s) must be larger than figure.%s (%s)",
                       decimal_text(&f->part_of, a), f->has_to ? "to" : "value",
                       decimal_text(top, b));
            goto done;
        }
    }
    k = "figure.unit";
    if (f->unit && rules_unit(f->unit, strlen(f->unit), why, why_len) != 0)
        goto done;
    k = NULL;
    rc = 0;
done:
    if (key)
        *key = rounded ? "figure.decimals" : k;
    return rc;
}

/* locale is in language lang: "fr" matches "fr", "fr-CA", "FR_fr". */
static int in_language(const char *locale, const char *lang)
{
    size_t i = 0;
    if (!locale)
        return 0;
    for (; lang[i]; i++)
        if ((locale[i] | 0x20) != lang[i])
            return 0;
    return locale[i] == 0 || locale[i] == '-' || locale[i] == '_';
}

const char *rules_unit_space(const char *unit, const char *locale)
{
    if (!unit)
        return "";
    /* an angle's degree, minute and second follow the number directly */
    if (strcmp(unit, "\xC2\xB0") == 0 || strcmp(unit, "\xE2\x80\xB2") == 0 ||
        strcmp(unit, "\xE2\x80\xB3") == 0)
        return "";
    if (strcmp(unit, "%") == 0 || strcmp(unit, "\xE2\x80\xB0") == 0) {
        /* English writes "99.7%"; French "99,7 %" with a narrow space,
         * German "99,7 %" */
        if (in_language(locale, "fr"))
            return NNBSP;
        if (in_language(locale, "de"))
            return NBSP;
        return "";
    }
    return NBSP;
}

/* The code point of UTF-8 s[0..] (at most 4 bytes looked at), or 0. */
static uint32_t first_cp(const char *s, size_t n, size_t *len)
{
    const unsigned char *u = (const unsigned char *)s;
    *len = 1;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return u[0];
    int k = u[0] >= 0xF0 ? 3 : u[0] >= 0xE0 ? 2 : u[0] >= 0xC0 ? 1 : 0;
    if (k == 0 || (size_t)k >= n)
        return 0xFFFD;
    uint32_t cp = u[0] & (0x3F >> k);
    for (int i = 1; i <= k; i++)
        cp = (cp << 6) | (u[i] & 0x3F);
    *len = (size_t)k + 1;
    return cp;
}

/* The code point that ends s[0..n). */
static uint32_t last_cp(const char *s, size_t n)
{
    size_t i = n, len;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80 && n - i < 3)
        i--;
    return i > 0 ? first_cp(s + i - 1, n - i + 1, &len) : 0;
}

/* A letter, digit or mark of a script that spaces its words (Unicode's
 * properties, through ICU: every script, Ethiopic, Khmer and Georgian as
 * much as Latin): "about", "environ", "약", "በግምት", "ប្រហែល" are words and
 * take a space before a number; "~", "≈", "$", "+" are signs and touch it.
 * Chinese and Japanese write no space between words ("約50"); Thai, Lao,
 * Khmer and Burmese write none inside a sentence but set one between a word
 * and a number. */
static int word_char(uint32_t cp, const char *locale)
{
    UChar32 c = (UChar32)cp;
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode sc = uscript_getScript(c, &e);
    if (U_SUCCESS(e) && (sc == USCRIPT_HAN || sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA))
        return !in_language(locale, "ja") && !in_language(locale, "zh");
    int8_t type = u_charType(c);
    return u_isalnum(c) || type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK;
}

/* The prefix s[0..n) ends a word: a word character, or the full stop of an
 * abbreviation ("approx.", "c.", "დაახლ."). */
static int ends_word(const char *s, size_t n, const char *locale)
{
    uint32_t cp = last_cp(s, n);
    if (cp == '.' && n > 1)
        return word_char(last_cp(s, n - 1), locale);
    return word_char(cp, locale);
}

/* How many bytes of spaces (space, no-break, narrow no-break) s[0..n)
 * starts with (from_end 0) or ends with (from_end 1). */
static size_t spaces(const char *s, size_t n, int from_end)
{
    size_t k = 0;
    for (;;) {
        const char *p = from_end ? s + n - k : s + k;
        size_t left = n - k;
        if (left >= 1 && (from_end ? p[-1] : p[0]) == ' ')
            k += 1;
        else if (left >= 2 && strncmp(from_end ? p - 2 : p, NBSP, 2) == 0)
            k += 2;
        else if (left >= 3 && strncmp(from_end ? p - 3 : p, NNBSP, 3) == 0)
            k += 3;
        else
            return k;
    }
}

int rules_figure_approximate(const char *prefix)
{
    if (!prefix)
        return 0;
    while (*prefix == ' ')
        prefix++;
    /* signs: ~ ≈ ∼ ± < > ≤ ≥ */
    static const char *const signs[] = {"~", "\xE2\x89\x88", "\xE2\x88\xBC", "\xC2\xB1", "<",
                                        ">", "\xE2\x89\xA4", "\xE2\x89\xA5", NULL};
    for (int i = 0; signs[i]; i++)
        if (strncmp(prefix, signs[i], strlen(signs[i])) == 0)
            return 1;
    /* words, in the languages the kiosk knows, compared without case */
    static const char *const words[] = {
        "about", "around", "approximately", "approx.", "roughly", "some", "nearly", "almost",
        "over", "more than", "fewer than", "less than", "under", "up to", "at least", "at most",
        "c.", "ca.", "circa", "est.", "estimated", "environ", "env.", "pr\xC3\xA8s de", "presque",
        "plus de", "moins de", "quelque", "jusqu", "au moins", "etwa", "ungef\xC3\xA4hr", "rund",
        "fast",
        "\xC3\xBC"
        "ber",
        "mehr als", "weniger als", "bis zu", "mindestens", "\xEC\x95\xBD", "\xE7\xB4\x84",
        "\xE7\xBA\xA6", "\xE5\xA4\xA7\xE7\xB4\x84",
        /* Arabic */
        "\xD9\x86\xD8\xAD\xD9\x88", "\xD8\xAD\xD9\x88\xD8\xA7\xD9\x84\xD9\x8A",
        "\xD8\xAD\xD9\x88\xD8\xA7\xD9\x84\xD9\x89", "\xD9\x82\xD8\xB1\xD8\xA7\xD8\xA8\xD8\xA9",
        "\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xA8\xD8\xA7",
        "\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xA8\xD8\xA7\xD9\x8B",
        "\xD9\x85\xD8\xA7 \xD9\x8A\xD9\x82\xD8\xA7\xD8\xB1\xD8\xA8",
        "\xD8\xB2\xD9\x87\xD8\xA7\xD8\xA1", "\xD8\xA3\xD9\x83\xD8\xAB\xD8\xB1 \xD9\x85\xD9\x86",
        "\xD8\xA3\xD9\x82\xD9\x84 \xD9\x85\xD9\x86",
        "\xD8\xB9\xD9\x84\xD9\x89 \xD8\xA7\xD9\x84\xD8\xA3\xD9\x82\xD9\x84",
        "\xD8\xAD\xD8\xAA\xD9\x89",
        /* Hebrew (כ־ is "about" before a number) */
        "\xD7\x9B\xD6\xBE", "\xD7\x9B-", "\xD7\x91\xD7\xA2\xD7\xA8\xD7\x9A",
        "\xD7\x9B\xD7\x9E\xD7\xA2\xD7\x98", "\xD7\x99\xD7\x95\xD7\xAA\xD7\xA8 \xD7\x9E",
        "\xD7\xA4\xD7\x97\xD7\x95\xD7\xAA \xD7\x9E", "\xD7\x9C\xD7\xA4\xD7\x97\xD7\x95\xD7\xAA",
        "\xD7\xA2\xD7\x93", NULL};
    for (int i = 0; words[i]; i++) {
        size_t n = strlen(words[i]);
        if (strncasecmp(prefix, words[i], n) == 0) {
            unsigned char next = (unsigned char)prefix[n];
            if (words[i][n - 1] == '.' || next == 0 || next == ' ' || next == '\'' ||
                next == 0xC2 || next == 0xE2 || (unsigned char)words[i][0] >= 0x80)
                return 1;
        }
    }
    return 0;
}

/* An ordinal's ending, which touches its number ("27th", "27e", "1er"). */
static int ordinal_ending(const char *s, const char *locale)
{
    static const char *const en[] = {"st", "nd", "rd", "th", NULL};
    static const char *const fr[] = {"e",
                                     "er",
                                     "re",
                                     "\xC3\xA8me",
                                     "\xE1\xB5\x89",
                                     "\xE1\xB5\x89\xCA\xB3",
                                     "\xCA\xB3\xE1\xB5\x89",
                                     NULL};
    const char *const *list = in_language(locale, "fr")   ? fr
                              : in_language(locale, "en") ? en
                                                          : NULL;
    for (int i = 0; list && list[i]; i++)
        if (strcmp(s, list[i]) == 0)
            return 1;
    return 0;
}

const char *rules_figure_before(const char *prefix, const char *locale, char *buf, size_t size)
{
    if (!prefix || !*prefix)
        return prefix;
    size_t n = strlen(prefix), sp = spaces(prefix, n, 1);
    if (sp == n)
        return NULL;
    /* a word, or a sign the author spaced, never parts from its number */
    const char *gap = sp > 0 || ends_word(prefix, n - sp, locale) ? NBSP : "";
    snprintf(buf, size, "%.*s%s", (int)(n - sp), prefix, gap);
    return buf;
}

const char *rules_figure_after(const char *unit, const char *suffix, const char *locale, char *buf,
                               size_t size)
{
    if (suffix && !*suffix)
        suffix = NULL;
    if (!unit && !suffix)
        return NULL;
    const char *gap = "";
    if (suffix) {
        size_t n = strlen(suffix), sp = spaces(suffix, n, 0), len;
        uint32_t cp = first_cp(suffix + sp, n - sp, &len);
        suffix += sp;
        if (!*suffix)
            suffix = NULL;
        else if (unit)
            gap = " "; /* not made by the build (a unit or a suffix), kept readable */
        else if (in_language(locale, "fr") && cp < 0x80 && strchr(";:!?", (int)cp))
            gap = NNBSP; /* French "50 000 !" */
        else if (sp > 0 || (word_char(cp, locale) && !ordinal_ending(suffix, locale)))
            gap = NBSP;
        /* French ordinals in superscript: 27e is 27ᵉ */
        static const char *const fr_plain[] = {"e", "\xC3\xA8me", "er", "re"};
        static const char *const fr_sup[] = {"\xE1\xB5\x89", "\xE1\xB5\x89", "\xE1\xB5\x89\xCA\xB3",
                                             "\xCA\xB3\xE1\xB5\x89"};
        for (int k = 0; suffix && !unit && sp == 0 && k < 4 && in_language(locale, "fr"); k++)
            if (strcmp(suffix, fr_plain[k]) == 0)
                suffix = fr_sup[k];
    }
    snprintf(buf, size, "%s%s%s%s", unit ? rules_unit_space(unit, locale) : "", unit ? unit : "",
             gap, suffix ? suffix : "");
    return buf;
}

int rules_image(const unsigned char *d, size_t n, const char *mime, long w, long h,
                const char **mime_out, unsigned long *w_out, unsigned long *h_out, char *why,
                size_t why_len)
{
    static const char side[] = "a photo must be 1 to 8192 pixels a side";
    if (n == 0 || n > RULES_IMAGE_MAX_BYTES)
        return rules_fail(why, why_len, "is %zu bytes; a photo must be 1 byte to 20 MB", n);
    unsigned long hw = 0, hh = 0;
    const char *reason = NULL;
    const char *type = image_probe_header(d, n, &hw, &hh, &reason);
    if (!type)
        return rules_fail(why, why_len, "%s", reason);
    if (mime && strcmp(mime, type) != 0)
        return rules_fail(why, why_len, "is declared %s but is a %s image", mime,
                          strcmp(type, "image/png") == 0 ? "PNG" : "JPEG");
    if (mime && (w < 1 || h < 1 || w > RULES_IMAGE_MAX_SIDE || h > RULES_IMAGE_MAX_SIDE))
        return rules_fail(why, why_len, "is declared %ldx%ld pixels; %s", w, h, side);
    if (hw < 1 || hh < 1 || hw > RULES_IMAGE_MAX_SIDE || hh > RULES_IMAGE_MAX_SIDE)
        return rules_fail(why, why_len, "is %lux%lu pixels; %s", hw, hh, side);
    if (mime && ((unsigned long)w != hw || (unsigned long)h != hh))
        return rules_fail(why, why_len, "is declared %ldx%ld pixels but its header says %lux%lu", w,
                          h, hw, hh);
    if (mime_out)
        *mime_out = type;
    if (w_out)
        *w_out = hw;
    if (h_out)
        *h_out = hh;
    return 0;
}

/* ---- timelines and compare panels ---------------------------------------- */

static int digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

static int number_of(const char *s, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

int rules_date(const char *s, size_t len, struct panel_date *out, char *why, size_t why_len)
{
    static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    struct panel_date d = {0, 0, 0};
    char q[24];
    snprintf(q, sizeof q, "%.*s%s", (int)(len > 16 ? 16 : len), s ? s : "", len > 16 ? "..." : "");
    int shape = s && ((len == 4 && digits(s, 4)) ||
                      (len == 7 && digits(s, 4) && s[4] == '-' && digits(s + 5, 2)) ||
                      (len == 10 && digits(s, 4) && s[4] == '-' && digits(s + 5, 2) &&
                       s[7] == '-' && digits(s + 8, 2)));
    if (!shape)
        return rules_fail(why, why_len,
                          "date \"%s\" is not a date: write a year (\"1981\"), a month "
                          "(\"1981-04\") or a day (\"2014-04-13\")",
                          q);
    d.year = number_of(s, 4);
    if (d.year < 1000)
        return rules_fail(why, why_len, "date \"%s\" has a year before 1000", q);
    if (len >= 7) {
        d.month = number_of(s + 5, 2);
        if (d.month < 1 || d.month > 12)
            return rules_fail(why, why_len, "date \"%s\" has no month %d (months are 01 to 12)", q,
                              d.month);
    }
    if (len == 10) {
        d.day = number_of(s + 8, 2);
        int leap = (d.year % 4 == 0 && d.year % 100 != 0) || d.year % 400 == 0;
        int most = d.month == 2 && !leap ? 28 : mdays[d.month - 1];
        if (d.day < 1 || d.day > most)
            return rules_fail(why, why_len, "date \"%s\" has no day %d (that month has %d days)", q,
                              d.day, most);
    }
    if (out)
        *out = d;
    return 0;
}

int rules_date_cmp(const struct panel_date *a, const struct panel_date *b)
{
    long ka = (long)a->year * 10000 + a->month * 100 + a->day;
    long kb = (long)b->year * 10000 + b->month * 100 + b->day;
    return ka < kb ? -1 : ka > kb;
}

int rules_timeline(const struct panel_event *ev, int n, int *bad, char *why, size_t why_len)
{
    if (bad)
        *bad = -1;
    if (n < PANEL_EVENTS_MIN || n > PANEL_EVENTS_MAX)
        return rules_fail(why, why_len, "a timeline has %d to %d events, not %d", PANEL_EVENTS_MIN,
                          PANEL_EVENTS_MAX, n);
    for (int i = 1; i < n; i++)
        if (rules_date_cmp(&ev[i].date, &ev[i - 1].date) < 0) {
            if (bad)
                *bad = i;
            return rules_fail(why, why_len,
                              "events must be in date order: event %d is dated before event %d",
                              i + 1, i);
        }
    return 0;
}

int rules_compare(const struct panel_value *v, int n, int *bad, char *why, size_t why_len)
{
    if (bad)
        *bad = -1;
    if (n < PANEL_VALUES_MIN || n > PANEL_VALUES_MAX)
        return rules_fail(why, why_len, "a compare panel has %d to %d values, not %d",
                          PANEL_VALUES_MIN, PANEL_VALUES_MAX, n);
    int nonzero = 0;
    for (int i = 0; i < n; i++) {
        if (bad)
            *bad = i;
        struct decimal shown;
        int exact = 1;
        if ((v[i].value.negative && v[i].value.digits != 0) || too_large(&v[i].value))
            return rules_fail(why, why_len,
                              "value %d must be a number from 0 to below 10^15 (bars start at 0)",
                              i + 1);
        if (v[i].decimals < 0 || v[i].decimals > RULES_DECIMALS_MAX)
            return rules_fail(why, why_len, "value %d has decimals %d; 0 to 3 are allowed", i + 1,
                              v[i].decimals);
        if (decimal_rescale(&v[i].value, v[i].decimals, &shown, &exact) != 0 || !exact)
            return rules_fail(why, why_len, "value %d would be shown rounded with %d decimals",
                              i + 1, v[i].decimals);
        nonzero |= v[i].value.digits != 0;
    }
    if (bad)
        *bad = -1;
    if (!nonzero)
        return rules_fail(why, why_len, "the values of a compare panel are all 0: nothing to draw");
    return 0;
}

int rules_clip(const char *codec, const char *container, long w, long h, long long duration_ms,
               long long bitrate, long long bytes, double fps, char *why, size_t why_len)
{
    static const char *const codecs[] = {"h264", "hevc", "vp9", "av1"};
    static const char *const containers[] = {"mp4", "webm", "matroska"};
    int known = 0;
    for (size_t i = 0; codec && i < sizeof codecs / sizeof codecs[0]; i++)
        known |= strcmp(codec, codecs[i]) == 0;
    if (!known)
        return rules_fail(why, why_len,
                          "is coded in %s; the kiosk plays H.264, H.265 (HEVC), VP9 and AV1: "
                          "export it again as H.264 in MP4",
                          codec && *codec ? codec : "an unknown codec");
    known = 0;
    for (size_t i = 0; container && i < sizeof containers / sizeof containers[0]; i++)
        known |= strcmp(container, containers[i]) == 0;
    if (!known)
        return rules_fail(
            why, why_len,
            "is a %s file; the kiosk plays MP4, WebM and Matroska (.mkv) files: export it "
            "again as H.264 in MP4",
            container && *container ? container : "an unknown kind of");
    long lo = w < h ? w : h, hi = w < h ? h : w;
    if (lo < RULES_CLIP_MIN_SIDE || hi > RULES_CLIP_MAX_WIDTH || lo > RULES_CLIP_MAX_HEIGHT)
        return rules_fail(why, why_len,
                          "is %ldx%ld pixels; a clip may be %d to %dx%d pixels (or %dx%d "
                          "upright): export it at 3840x2160 or smaller",
                          w, h, RULES_CLIP_MIN_SIDE, RULES_CLIP_MAX_WIDTH, RULES_CLIP_MAX_HEIGHT,
                          RULES_CLIP_MAX_HEIGHT, RULES_CLIP_MAX_WIDTH);
    if (duration_ms < RULES_CLIP_MIN_MS || duration_ms > RULES_CLIP_MAX_MS)
        return rules_fail(
            why, why_len, "lasts %lld.%llds; a clip lasts half a second to %d minutes",
            duration_ms / 1000, (duration_ms % 1000) / 100, RULES_CLIP_MAX_MS / 60000);
    if (bytes < 1 || bytes > RULES_CLIP_MAX_BYTES)
        return rules_fail(why, why_len, "is %lld MB; a clip may be at most %lld MB",
                          bytes / 1000000, RULES_CLIP_MAX_BYTES / 1000000);
    if (bitrate < 1 || bitrate > RULES_CLIP_MAX_BITRATE)
        return rules_fail(why, why_len,
                          "needs %lld.%lld Mbit/s; a clip may need at most %lld Mbit/s: export it "
                          "at a lower bitrate (20 Mbit/s is plenty for 4K H.264)",
                          bitrate / 1000000, (bitrate % 1000000) / 100000,
                          RULES_CLIP_MAX_BITRATE / 1000000);
    if (!(fps >= 0) || fps > RULES_CLIP_MAX_FPS + 0.5)
        return rules_fail(why, why_len, "has %.0f frames a second; a clip may have at most %d", fps,
                          RULES_CLIP_MAX_FPS);
    return 0;
}

int rules_audio(long long bytes, long long duration_ms, long long channels, char *why,
                size_t why_len)
{
    if (bytes < 1)
        return rules_fail(why, why_len, "is empty; an audio description is an Ogg Opus file");
    if (bytes > RULES_AUDIO_MAX_BYTES)
        return rules_fail(why, why_len,
                          "is %lld.%lld MB; an audio description may be at most %d MB: export it "
                          "at a lower bitrate (32 kbit/s is plenty for speech)",
                          bytes / (1024 * 1024), bytes % (1024 * 1024) * 10 / (1024 * 1024),
                          RULES_AUDIO_MAX_BYTES / (1024 * 1024));
    if (channels < 1 || channels > RULES_AUDIO_MAX_CHANNELS)
        return rules_fail(why, why_len,
                          "has %lld channels; an audio description is mono or stereo (1 or %d "
                          "channels): export it again as mono",
                          channels, RULES_AUDIO_MAX_CHANNELS);
    if (duration_ms < 1)
        return rules_fail(why, why_len, "has no sound in it (it lasts 0 s)");
    if (duration_ms > RULES_AUDIO_MAX_MS)
        return rules_fail(why, why_len,
                          "lasts %lld min %02lld s; an audio description lasts at most %d "
                          "minutes: shorten it, or split the panel",
                          duration_ms / 60000, duration_ms / 1000 % 60, RULES_AUDIO_MAX_MS / 60000);
    return 0;
}

int rules_audio_stream(const unsigned char *d, size_t n, long long channels, char *why,
                       size_t why_len)
{
    /* the first page: "OggS", version 0, its segment table, then the
     * first packet, which an Opus stream begins with its header */
    size_t nseg = n >= 27 ? d[26] : 0, head = 27 + nseg;
    int ogg = n >= 27 && memcmp(d, "OggS", 4) == 0 && d[4] == 0;
    if (!ogg || head + 19 > n || memcmp(d + head, "OpusHead", 8) != 0)
        return rules_fail(why, why_len,
                          "is not an Ogg Opus file (it does not start with an Opus header)");
    int ch = d[head + 9];
    if (ch < 1 || ch > channels)
        return rules_fail(why, why_len,
                          "has %d channels in its Opus header, where %lld are declared", ch,
                          channels);
    return 0;
}
