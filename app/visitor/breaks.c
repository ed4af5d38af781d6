/* breaks.c - line-break opportunities through a shadow of the text that
 * libunibreak 1.1 can take, and clusters (see breaks.h for why). */
#include "breaks.h"

#include <hb.h>
#include <linebreak.h>
#include <pthread.h>
#include <string.h>

uint32_t breaks_decode(const char *s, size_t n, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t left = n - *i;
    unsigned c = p[0];
    size_t k = c < 0x80             ? 1
               : (c & 0xE0) == 0xC0 ? 2
               : (c & 0xF0) == 0xE0 ? 3
               : (c & 0xF8) == 0xF0 ? 4
                                    : 0;
    if (k == 0 || k > left) {
        (*i)++;
        return 0xFFFD;
    }
    uint32_t cp = k == 1 ? c : k == 2 ? c & 0x1F : k == 3 ? c & 0x0F : c & 0x07;
    for (size_t j = 1; j < k; j++) {
        if ((p[j] & 0xC0) != 0x80) {
            (*i)++;
            return 0xFFFD;
        }
        cp = cp << 6 | (p[j] & 0x3F);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        (*i)++;
        return 0xFFFD;
    }
    *i += k;
    return cp;
}

static int regional(uint32_t cp)
{
    return cp >= 0x1F1E6 && cp <= 0x1F1FF;
}

/* Pictographs that UAX #14 now classes ID (emoji and their blocks), which
 * the Unicode 6.0 data mostly calls AL or does not know. */
static int pictograph(uint32_t cp)
{
    return cp >= 0x1F000 && cp <= 0x1FAFF && !regional(cp) && !(cp >= 0x1F3FB && cp <= 0x1F3FF);
}

/* Controls, spaces and the zero-width space: clusters of their own, which
 * nothing extends (UAX #29 GB4, GB5; UAX #14 LB9 does not carry a mark
 * across them, so a line may break between one and a mark after it). */
static int control(uint32_t cp)
{
    return cp < 0x20 || cp == ' ' || (cp >= 0x7F && cp <= 0x9F) || cp == 0x200B || cp == 0x2028 ||
           cp == 0x2029;
}

int breaks_extends(uint32_t cp)
{
    if (cp < 0x0300)
        return 0;
    if (cp == 0x200C || cp == 0x200D ||     /* joiners */
        (cp >= 0x1F3FB && cp <= 0x1F3FF) || /* skin tones */
        (cp >= 0xE0020 && cp <= 0xE007F) || /* tags (subdivision flags) */
        (cp >= 0x1160 && cp <= 0x11FF) ||   /* Hangul medial vowels, final consonants */
        (cp >= 0xD7B0 && cp <= 0xD7FF) || cp == 0xFF9E || cp == 0xFF9F)
        return 1;
    switch (hb_unicode_general_category(hb_unicode_funcs_get_default(), cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
        return 1;
    default:
        return 0;
    }
}

/* The cluster at s[i]: its end, and through the callback each code point
 * in it with its offset and whether it is the first. */
static size_t cluster(const char *s, size_t n, size_t i,
                      void (*each)(void *ctx, size_t at, size_t end, uint32_t cp, int first),
                      void *ctx)
{
    size_t j = i;
    uint32_t prev = breaks_decode(s, n, &j);
    if (each)
        each(ctx, i, j, prev, 1);
    if (control(prev))
        return j;
    int ri = regional(prev);
    while (j < n) {
        size_t k = j;
        uint32_t cp = breaks_decode(s, n, &k);
        if (control(cp))
            break;
        if (ri && regional(cp)) {
            ri = 0; /* a flag is two indicators; a third starts a new one */
        } else if (prev != 0x200D && !breaks_extends(cp)) {
            break;
        }
        if (each)
            each(ctx, j, k, cp, 0);
        prev = cp;
        j = k;
    }
    return j;
}

size_t breaks_cluster_end(const char *s, size_t n, size_t i)
{
    return cluster(s, n, i, NULL, NULL);
}

size_t breaks_cluster_floor(const char *s, size_t n, size_t i)
{
    size_t at = 0;
    while (at < n) {
        size_t end = cluster(s, n, at, NULL, NULL);
        if (end > i)
            return at;
        at = end;
    }
    return i < n ? at : n;
}

/* Stand-ins, one per length: each is of a class libunibreak 1.1's pair
 * table handles. */
static const char cm_of_len[5][5] = {"", "\x01", "\xCC\x80", "\xE2\x83\x90", "\xF3\xA0\x84\x80"};
#define ID_4 "\xF0\xA0\x80\x80" /* U+20000, a CJK ideograph */
#define AL_3 "\xE2\xB0\x80"     /* U+2C00, a Glagolitic letter */

struct shadow {
    const char *s;
    char *out;
    uint32_t prev; /* the previous cluster's first code point */
};

/* Hangul syllables and jamo: Korean keeps its words whole and breaks at
 * spaces (CSS word-break: keep-all), so they stand in as letters (AL),
 * not as ideographs (ID) that break between any two. */
static int hangul(uint32_t cp)
{
    return (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0x1100 && cp <= 0x11FF) ||
           (cp >= 0x3130 && cp <= 0x318F) || (cp >= 0xA960 && cp <= 0xA97F) ||
           (cp >= 0xD7B0 && cp <= 0xD7FF);
}

static void shadow_one(void *ctx, size_t at, size_t end, uint32_t cp, int first)
{
    struct shadow *c = ctx;
    size_t len = end - at;
    int after_digit = c->prev >= '0' && c->prev <= '9';
    int after_hebrew = c->prev >= 0x05D0 && c->prev <= 0x05F2;
    if (first)
        c->prev = cp;
    if (cp == 0xFFFD && len == 1)
        c->out[at] = 'a'; /* malformed: drawn as U+FFFD, breaks like it (AL) */
    else if (cp == 0xFFFF)
        memcpy(c->out + at, AL_3, 3); /* the library's own end-of-text mark */
    else if (!first)
        memcpy(c->out + at, cm_of_len[len], len);
    else if (regional(cp) || pictograph(cp))
        memcpy(c->out + at, ID_4, 4);
    else if (hangul(cp) && len == 3)
        memcpy(c->out + at, AL_3, 3);
    else if (after_digit && cp == '-')
        c->out[at] = 'a'; /* "25-year-old": no line end after "25-" */
    else if (after_digit && cp == 0x2010 && len == 3)
        memcpy(c->out + at, AL_3, 3);
    else if (after_hebrew && cp == 0x05BE && len == 2)
        memcpy(c->out + at, "\xC3\xA9", 2); /* UAX #14 LB21a: no line end after a
                                                 Hebrew letter's maqaf ("ל־9.5%") */
    else
        memcpy(c->out + at, c->s + at, len);
}

_Static_assert(BREAKS_MUST == LINEBREAK_MUSTBREAK && BREAKS_ALLOW == LINEBREAK_ALLOWBREAK &&
                   BREAKS_NO == LINEBREAK_NOBREAK && BREAKS_INSIDE == LINEBREAK_INSIDEACHAR,
               "breaks.h passes libunibreak's values through");

static pthread_once_t linebreak_once = PTHREAD_ONCE_INIT;

void breaks_find(const char *s, size_t n, const char *lang, char *brks, char *shadow)
{
    if (n == 0)
        return;
    struct shadow ctx = {s, shadow, 0};
    for (size_t i = 0; i < n;)
        i = cluster(s, n, i, shadow_one, &ctx);
    pthread_once(&linebreak_once, init_linebreak);
    set_linebreaks_utf8((const utf8_t *)shadow, n, lang, brks);
}
