/* breaks.c - line breaks and clusters by ICU, with the project's
 * tailorings on top (see breaks.h). */
#include "breaks.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>

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

/* The code point that ends at s[p] (p > 0), as breaks_decode reads it;
 * *start is where it starts. */
static uint32_t decode_before(const char *s, size_t p, size_t *start)
{
    size_t k = p - 1;
    while (k > 0 && p - k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    size_t j = k;
    uint32_t cp = breaks_decode(s, p, &j);
    if (j != p) { /* a stray continuation byte */
        *start = p - 1;
        return 0xFFFD;
    }
    *start = k;
    return cp;
}

int breaks_extends(uint32_t cp)
{
    switch (u_getIntPropertyValue((UChar32)cp, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_EXTEND:
    case U_GCB_ZWJ:
    case U_GCB_SPACING_MARK:
        return 1;
    default:
        return 0;
    }
}

/* ---- per-thread iterators ------------------------------------------------ */

#define LINE_ITERS 4 /* languages a thread keeps open at once */
#define LANG_MAX 48  /* longer tags break as the root locale does */

struct line_iter {
    char lang[LANG_MAX];
    UBreakIterator *bi;
};

struct iters {
    UBreakIterator *chars;
    struct line_iter line[LINE_ITERS];
    unsigned next; /* the slot a new language takes, round robin */
};

static _Thread_local struct iters *mine;
static pthread_key_t iters_key;
static pthread_once_t iters_once = PTHREAD_ONCE_INIT;

/* Runs in the exiting thread: a later call there (from another key's
 * destructor) opens afresh, and the key's destructor runs again. */
static void iters_free(void *p)
{
    struct iters *it = p;
    ubrk_close(it->chars);
    for (int k = 0; k < LINE_ITERS; k++)
        ubrk_close(it->line[k].bi);
    free(it);
    mine = NULL;
}

static void iters_key_make(void)
{
    pthread_key_create(&iters_key, iters_free);
}

/* This thread's iterators (NULL without memory). The key's destructor
 * closes them when the thread exits. */
static struct iters *iters(void)
{
    if (mine)
        return mine;
    pthread_once(&iters_once, iters_key_make);
    mine = calloc(1, sizeof *mine);
    if (mine)
        pthread_setspecific(iters_key, mine);
    return mine;
}

/* The cluster iterator, on s[0..n) (NULL: no ICU data, no memory, or a
 * text past ICU's 32-bit offsets). */
static UBreakIterator *chars_on(const char *s, size_t n, UText *ut)
{
    struct iters *it = iters();
    if (!it || n > INT32_MAX)
        return NULL;
    UErrorCode st = U_ZERO_ERROR;
    if (!it->chars) {
        it->chars = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &st);
        if (U_FAILURE(st))
            return it->chars = NULL;
    }
    utext_openUTF8(ut, s, (int64_t)n, &st);
    ubrk_setUText(it->chars, ut, &st);
    return U_SUCCESS(st) ? it->chars : NULL;
}

/* ICU breaks Japanese "normal" by default: a line may start with a small
 * kana or the long-vowel mark. Japanese here breaks strictly, as the root
 * locale and Chinese do, unless the tag asks otherwise (ja-u-lb-normal). */
static void strict_japanese(char *locale, size_t cap)
{
    char lb[16], language[ULOC_LANG_CAPACITY];
    UErrorCode st = U_ZERO_ERROR;
    uloc_getLanguage(locale, language, sizeof language, &st);
    if (U_FAILURE(st) || strcmp(language, "ja") != 0)
        return;
    if (uloc_getKeywordValue(locale, "lb", lb, sizeof lb, &st) > 0 || U_FAILURE(st))
        return;
    uloc_setKeywordValue("lb", "strict", locale, (int32_t)cap, &st);
}

static UBreakIterator *line_iter(const char *lang)
{
    struct iters *it = iters();
    if (!it)
        return NULL;
    if (!lang || strlen(lang) >= LANG_MAX)
        lang = "";
    for (int k = 0; k < LINE_ITERS; k++)
        if (it->line[k].bi && strcmp(it->line[k].lang, lang) == 0)
            return it->line[k].bi;
    char locale[ULOC_FULLNAME_CAPACITY] = "";
    UErrorCode st = U_ZERO_ERROR;
    uloc_forLanguageTag(lang, locale, sizeof locale, NULL, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING)
        locale[0] = 0;
    strict_japanese(locale, sizeof locale);
    st = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_LINE, locale, NULL, 0, &st);
    if (U_FAILURE(st))
        return NULL;
    struct line_iter *slot = &it->line[it->next++ % LINE_ITERS];
    ubrk_close(slot->bi);
    slot->bi = bi;
    strcpy(slot->lang, lang);
    return bi;
}

/* ---- clusters -------------------------------------------------------------- */

static int gcb(uint32_t cp)
{
    return u_getIntPropertyValue((UChar32)cp, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

/* Does a cluster end between a and b whatever came before a? Yes when a is
 * an ordinary character (UAX #29 Other: no Prepend, regional indicator or
 * joiner) or a Hangul jamo or syllable that b does not continue (GB6-8),
 * and b does not extend it (GB9, GB9a). ASCII, most letters, ideographs,
 * kana and Hangul never reach ICU this way. Malformed bytes always do. */
static int ends_between(uint32_t a, uint32_t b)
{
    if (a < 0x80 && b < 0x80)
        return !(a == '\r' && b == '\n');
    if (a == 0xFFFD || b == 0xFFFD || breaks_extends(b))
        return 0;
    int gb = gcb(b);
    switch (gcb(a)) {
    case U_GCB_OTHER:
        return 1;
    case U_GCB_L:
        return gb != U_GCB_L && gb != U_GCB_V && gb != U_GCB_LV && gb != U_GCB_LVT;
    case U_GCB_LV:
    case U_GCB_V:
        return gb != U_GCB_V && gb != U_GCB_T;
    case U_GCB_LVT:
    case U_GCB_T:
        return gb != U_GCB_T;
    default:
        return 0;
    }
}

/* The end of an ordinary character and its marks at s[i] (a base, then
 * Extend and SpacingMark code points: "é", "กี", "कि"), or 0 when ICU must
 * say: a joiner may make an emoji sequence (GB11) and a virama a conjunct
 * (ICU's aksara rule), and only ICU reads malformed bytes as it does. */
static size_t base_and_marks(const char *s, size_t n, size_t i)
{
    size_t j = i;
    uint32_t cp = breaks_decode(s, n, &j);
    if (cp == 0xFFFD || gcb(cp) != U_GCB_OTHER)
        return 0;
    while (j < n) {
        size_t k = j;
        cp = breaks_decode(s, n, &k);
        if (cp == 0xFFFD || cp == 0x200D || u_getCombiningClass((UChar32)cp) == 9)
            return 0;
        if (!breaks_extends(cp))
            return j;
        j = k;
    }
    return j;
}

size_t breaks_cluster_end(const char *s, size_t n, size_t i)
{
    size_t j = i;
    uint32_t a = breaks_decode(s, n, &j);
    if (j == n)
        return n;
    size_t k = j;
    if (ends_between(a, breaks_decode(s, n, &k)))
        return j;
    size_t end = base_and_marks(s, n, i);
    if (end)
        return end;
    UText ut = UTEXT_INITIALIZER;
    UBreakIterator *bi = chars_on(s, n, &ut);
    int32_t b = bi ? ubrk_following(bi, (int32_t)i) : UBRK_DONE;
    utext_close(&ut);
    return b == UBRK_DONE || (size_t)b <= i ? j : (size_t)b;
}

/* The start of the code point that holds byte i, as breaks_decode reads it. */
static size_t char_start(const char *s, size_t n, size_t i)
{
    size_t k = i;
    while (k > 0 && i - k < 3 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    size_t j = k;
    breaks_decode(s, n, &j);
    return j > i ? k : i;
}

size_t breaks_cluster_floor(const char *s, size_t n, size_t i)
{
    if (i >= n)
        return i;
    size_t at = char_start(s, n, i), a_at, j = at;
    if (at == 0 || ends_between(decode_before(s, at, &a_at), breaks_decode(s, n, &j)))
        return at;
    UText ut = UTEXT_INITIALIZER;
    UBreakIterator *bi = chars_on(s, n, &ut);
    if (bi) {
        /* ICU's offsets are the starts of its code points: an ill-formed
         * subpart is one */
        utext_setNativeIndex(&ut, (int64_t)at);
        int32_t cp_at = (int32_t)utext_getNativeIndex(&ut);
        int32_t b = ubrk_isBoundary(bi, cp_at) ? cp_at : ubrk_preceding(bi, cp_at);
        at = b == UBRK_DONE ? 0 : (size_t)b;
    }
    utext_close(&ut);
    return at;
}

/* ---- line breaks: the project's tailorings ---------------------------------- */

/* The base of the cluster that ends at s[p] (marks skipped), *start where it
 * starts; 0 when there is none. */
static uint32_t base_before(const char *s, size_t p, size_t *start)
{
    uint32_t cp = 0;
    for (int k = 0; p > 0 && k < 32; k++) {
        cp = decode_before(s, p, &p);
        if (!breaks_extends(cp))
            break;
    }
    *start = p;
    return cp;
}

static int hyphen(uint32_t cp)
{
    return cp == '-' || cp == 0x2010;
}

static int letter(uint32_t cp)
{
    return cp != 0 && u_isalpha((UChar32)cp);
}

/* A letter alone between two non-letters: "a-t-elle", "e-mail", "X-ray". */
static int single_letter_before(const char *s, size_t p)
{
    size_t at;
    if (!letter(base_before(s, p, &at)))
        return 0;
    return at == 0 || !letter(base_before(s, at, &at));
}

static int single_letter_at(const char *s, size_t n, size_t p)
{
    if (!letter(breaks_decode(s, n, &p)))
        return 0;
    while (p < n) {
        uint32_t cp = breaks_decode(s, n, &p);
        if (!breaks_extends(cp))
            return !letter(cp);
    }
    return 1;
}

static int hangul(uint32_t cp)
{
    if (cp < 0x1100)
        return 0;
    UErrorCode st = U_ZERO_ERROR;
    return uscript_getScript((UChar32)cp, &st) == USCRIPT_HANGUL && u_isalpha((UChar32)cp);
}

/* The characters of a word under CSS word-break: keep-all: letters, and
 * the classes UAX #14 lets break between (ideographs, digits). */
static int word_char(uint32_t cp)
{
    if (u_isalpha((UChar32)cp))
        return 1;
    switch (u_getIntPropertyValue((UChar32)cp, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC:
    case U_LB_AMBIGUOUS:
    case U_LB_NUMERIC:
    case U_LB_IDEOGRAPHIC:
        return 1;
    default:
        return 0;
    }
}

/* Does a tailoring take away ICU's break opportunity at s[p] (0 < p < n)? */
static int tailored_no_break(const char *s, size_t n, size_t p)
{
    size_t h_at, b_at;
    uint32_t before = base_before(s, p, &b_at);
    size_t q = p;
    uint32_t after = breaks_decode(s, n, &q);
    uint32_t h = decode_before(s, p, &h_at);
    if (hyphen(h) && h_at > 0) {
        size_t at;
        if (u_isdigit((UChar32)base_before(s, h_at, &at)))
            return 1; /* "25-year-old", "2013-14" */
        if (single_letter_before(s, h_at) || single_letter_at(s, n, p))
            return 1; /* "a-t-elle", "e-mail" */
    }
    return (hangul(before) && word_char(after)) || (word_char(before) && hangul(after));
}

/* Bytes inside a character, as breaks_decode reads them. */
static void mark_inside(const char *s, size_t n, char *brks)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        breaks_decode(s, n, &j);
        while (i + 1 < j)
            brks[i++] = BREAKS_INSIDE;
        brks[i++] = BREAKS_NO;
    }
}

/* Without ICU: after spaces and newlines. */
static void find_plain(const char *s, size_t n, char *brks)
{
    for (size_t k = 0; k < n; k++)
        if (brks[k] == BREAKS_NO && (s[k] == ' ' || s[k] == '\n'))
            brks[k] = s[k] == '\n' ? BREAKS_MUST : BREAKS_ALLOW;
}

/* ICU's breaks into brks: a hard one (after a newline) is a must. */
static void find_icu(UBreakIterator *bi, const char *s, size_t n, char *brks)
{
    UText ut = UTEXT_INITIALIZER;
    UErrorCode st = U_ZERO_ERROR;
    utext_openUTF8(&ut, s, (int64_t)n, &st);
    ubrk_setUText(bi, &ut, &st);
    if (U_FAILURE(st)) {
        find_plain(s, n, brks);
    } else {
        for (int32_t b = ubrk_next(bi); b != UBRK_DONE; b = ubrk_next(bi)) {
            if (b <= 0 || (size_t)b > n || brks[b - 1] == BREAKS_INSIDE)
                continue;
            int32_t rule = ubrk_getRuleStatus(bi);
            int hard = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
            brks[b - 1] = hard ? BREAKS_MUST : BREAKS_ALLOW;
        }
    }
    utext_close(&ut);
}

/* Takes away the opportunities inside a cluster and those a tailoring
 * forbids. */
static void tailor(const char *s, size_t n, char *brks)
{
    UText ut = UTEXT_INITIALIZER;
    UBreakIterator *chars = NULL;
    for (size_t k = 0; k + 1 < n; k++) {
        if (brks[k] != BREAKS_ALLOW)
            continue;
        size_t p = k + 1;
        if (((unsigned char)s[k] | (unsigned char)s[p]) >= 0x80) {
            if (!chars)
                chars = chars_on(s, n, &ut);
            if (chars && !ubrk_isBoundary(chars, (int32_t)p)) {
                brks[k] = BREAKS_NO;
                continue;
            }
        }
        if (tailored_no_break(s, n, p))
            brks[k] = BREAKS_NO;
    }
    utext_close(&ut);
}

void breaks_find(const char *s, size_t n, const char *lang, char *brks)
{
    if (n == 0)
        return;
    mark_inside(s, n, brks);
    UBreakIterator *bi = n <= INT32_MAX ? line_iter(lang) : NULL;
    if (bi)
        find_icu(bi, s, n, brks);
    else
        find_plain(s, n, brks);
    tailor(s, n, brks);
    brks[n - 1] = BREAKS_MUST;
}
