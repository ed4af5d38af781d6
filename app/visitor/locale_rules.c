/* locale_rules.c - the per-language table, and what CLDR says through ICU
 * (locale_rules.h). */
#define _POSIX_C_SOURCE 200809L
#include "locale_rules.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <unicode/uchar.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumberrangeformatter.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "decimal.h"

#define NBSP "\xC2\xA0"
#define NNBSP "\xE2\x80\xAF"

static const char *const latin_sans[] = {"Noto Sans", "DejaVu Sans", "Liberation Sans",
                                         "sans-serif", NULL};
static const char *const latin_serif[] = {"Noto Serif", "DejaVu Serif", "serif", NULL};
/* Noto CJK (installed by the setup scripts) for Hangul, kana and
 * ideographs; Droid Sans Fallback where a system has only that */
static const char *const cjk_sans[] = {"Noto Sans CJK JP",    "Noto Sans CJK KR",
                                       "Noto Sans CJK SC",    "Noto Sans CJK TC",
                                       "Droid Sans Fallback", NULL};
static const char *const cjk_serif[] = {"Noto Serif CJK JP",   "Noto Serif CJK KR",
                                        "Noto Serif CJK SC",   "Noto Sans CJK JP",
                                        "Droid Sans Fallback", NULL};
static const char *const devanagari_sans[] = {"Noto Sans Devanagari", NULL};
static const char *const devanagari_serif[] = {"Noto Serif Devanagari", "Noto Sans Devanagari",
                                               NULL};
static const char *const thai_sans[] = {"Noto Sans Thai", "Noto Looped Thai", NULL};
static const char *const thai_serif[] = {"Noto Serif Thai", "Noto Sans Thai", NULL};
static const char *const arabic_sans[] = {"Noto Sans Arabic", NULL};
static const char *const arabic_serif[] = {"Noto Naskh Arabic", "Noto Sans Arabic", NULL};
static const char *const hebrew_sans[] = {"Noto Sans Hebrew", NULL};
static const char *const hebrew_serif[] = {"Noto Serif Hebrew", "Noto Sans Hebrew", NULL};
/* scripts DejaVu Sans (below, for symbols) also has: Noto's fonts for
 * them come first, so their letters match the Noto text around them */
static const char *const georgian_sans[] = {"Noto Sans Georgian", NULL};
static const char *const georgian_serif[] = {"Noto Serif Georgian", "Noto Sans Georgian", NULL};
static const char *const armenian_sans[] = {"Noto Sans Armenian", NULL};
static const char *const armenian_serif[] = {"Noto Serif Armenian", "Noto Sans Armenian", NULL};
static const char *const lao_sans[] = {"Noto Sans Lao", "Noto Looped Lao", NULL};
static const char *const lao_serif[] = {"Noto Serif Lao", "Noto Sans Lao", NULL};
/* arrows, dingbats, geometric shapes, the minus sign: DejaVu covers what
 * Noto Sans lacks; Symbola (monochrome emoji) where installed, for the
 * pictographs written as text (no U+FE0F) */
static const char *const symbol_sans[] = {"DejaVu Sans", NULL};
static const char *const symbol_serif[] = {"DejaVu Serif", "DejaVu Sans", NULL};
static const char *const emoji[] = {"Symbola", NULL};
/* emoji in colour (fonts-noto-color-emoji): every emoji sequence (flags,
 * skin tones, families, keycaps) is one picture in it; the text path
 * sends emoji clusters here whatever comes before it in the chain */
static const char *const colour_emoji[] = {"Noto Color Emoji", NULL};

static const struct script_fonts default_fonts[] = {
    {"Latin", latin_sans, latin_serif},
    {"CJK", cjk_sans, cjk_serif},
    {"Arabic", arabic_sans, arabic_serif},
    {"Hebrew", hebrew_sans, hebrew_serif},
    {"Devanagari", devanagari_sans, devanagari_serif},
    {"Thai", thai_sans, thai_serif},
    {"Georgian", georgian_sans, georgian_serif},
    {"Armenian", armenian_sans, armenian_serif},
    {"Lao", lao_sans, lao_serif},
    {"symbols", symbol_sans, symbol_serif},
    {"emoji", emoji, emoji},
    {"colour emoji", colour_emoji, colour_emoji},
};
#define N_DEFAULT_FONTS (int)(sizeof default_fonts / sizeof default_fonts[0])

static const struct locale_rules rules[] = {
    {"en", "; ", default_fonts, N_DEFAULT_FONTS, 0},
    {"fr", NNBSP "; ", default_fonts, N_DEFAULT_FONTS, 0},
    {"de", "; ", default_fonts, N_DEFAULT_FONTS, 0},
    {"ar", "\u061B ", default_fonts, N_DEFAULT_FONTS, 1}, /* the Arabic semicolon */
    {"he", "; ", default_fonts, N_DEFAULT_FONTS, 1},
};

enum locale_digits locale_digits(const char *locale)
{
    const char *u = locale ? strstr(locale, "-u-nu-") : NULL;
    if (!u)
        return DIGITS_LATIN;
    u += 6;
    size_t n = strcspn(u, "-_");
    if (n == 7 && strncasecmp(u, "arabext", 7) == 0)
        return DIGITS_ARABEXT;
    if (n == 4 && strncasecmp(u, "arab", 4) == 0)
        return DIGITS_ARAB;
    return DIGITS_LATIN;
}

int locale_digit(enum locale_digits digits, int d, char *out)
{
    if (d < 0 || d > 9)
        d = 0;
    if (digits == DIGITS_LATIN) {
        out[0] = (char)('0' + d);
        out[1] = 0;
        return 1;
    }
    /* U+0660 + d: D9 A0+d; U+06F0 + d: DB B0+d */
    out[0] = (char)(digits == DIGITS_ARAB ? 0xD9 : 0xDB);
    out[1] = (char)((digits == DIGITS_ARAB ? 0xA0 : 0xB0) + d);
    out[2] = 0;
    return 2;
}

int locale_is_rtl(const char *locale)
{
    static const char *const rtl[] = {"ar", "he", "iw", "fa",  "ur",  "yi", "ps",
                                      "sd", "ug", "dv", "syr", "ckb", NULL};
    for (int i = 0; rtl[i]; i++)
        if (locale_is(locale, rtl[i]))
            return 1;
    return 0;
}

int locale_is(const char *locale, const char *lang)
{
    if (!locale || !lang)
        return 0;
    size_t i = 0;
    for (; lang[i]; i++)
        if ((locale[i] | 0x20) != lang[i])
            return 0;
    return locale[i] == 0 || locale[i] == '-' || locale[i] == '_';
}

const struct locale_rules *locale_rules(const char *locale)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (locale_is(locale, rules[i].lang))
            return &rules[i];
    return &rules[0];
}

/* ---- CLDR through ICU --------------------------------------------------- */

/* Formatters of one locale on one thread, opened when first asked for:
 * opening one reads CLDR's data and costs far more than formatting
 * (figures in docs/decisions.md, "Each language's conventions"). */
#define SCALES (DECIMAL_DIGITS_MAX + 1) /* 0..18 digits after the point */
#define N_DATES 3                       /* year; month and year; day */
#define FMT_LOCALES 4                   /* an exhibit's languages and a quote's */

struct fmt {
    char *key;                        /* the locale as asked for; NULL: free */
    char id[ULOC_FULLNAME_CAPACITY];  /* ICU's: "fr@calendar=gregorian;numbers=latn" */
    UNumberFormatter *num[SCALES][2]; /* [scale][percent] */
    UNumberRangeFormatter *range[SCALES][2];
    UDateFormat *date[N_DATES];
    ULocaleDisplayNames *names[2]; /* [standalone] */
    int has_quotes;
    struct locale_quote quotes[2];
};

struct fmt_cache {
    struct fmt f[FMT_LOCALES];
    int next; /* the entry a new locale replaces */
    UFormattedNumber *num_out;
    UFormattedNumberRange *range_out;
    UCalendar *gregorian; /* turns a date into ICU's time */
};

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void fmt_close(struct fmt *f)
{
    for (int s = 0; s < SCALES; s++)
        for (int p = 0; p < 2; p++) {
            unumf_close(f->num[s][p]);
            unumrf_close(f->range[s][p]);
        }
    for (int d = 0; d < N_DATES; d++)
        if (f->date[d])
            udat_close(f->date[d]);
    for (int k = 0; k < 2; k++)
        if (f->names[k])
            uldn_close(f->names[k]);
    free(f->key);
    static const struct fmt empty;
    *f = empty;
}

static void cache_free(void *p)
{
    struct fmt_cache *c = p;
    for (int i = 0; i < FMT_LOCALES; i++)
        fmt_close(&c->f[i]);
    unumf_closeResult(c->num_out);
    unumrf_closeResult(c->range_out);
    if (c->gregorian)
        ucal_close(c->gregorian);
    free(c);
}

static void cache_key_make(void)
{
    pthread_key_create(&cache_key, cache_free);
}

static struct fmt_cache *cache(void)
{
    pthread_once(&cache_once, cache_key_make);
    struct fmt_cache *c = pthread_getspecific(cache_key);
    if (c)
        return c;
    c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    UErrorCode e = U_ZERO_ERROR;
    c->num_out = unumf_openResult(&e);
    c->range_out = unumrf_openResult(&e);
    c->gregorian = ucal_open(u"UTC", -1, "en@calendar=gregorian", UCAL_GREGORIAN, &e);
    if (U_FAILURE(e) || pthread_setspecific(cache_key, c) != 0) {
        cache_free(c);
        return NULL;
    }
    return c;
}

/* ICU's id for a BCP 47 tag. Plain "en" is CLDR's world English (en-001:
 * "13 April 2014", as the exhibits write it), not the United States'
 * ("April 13, 2014", which "en-US" still gets); Western digits unless the
 * tag asks for others; the Gregorian calendar unless it asks for another. */
static void icu_id(const char *locale, char *id, size_t cap)
{
    char tag[ULOC_FULLNAME_CAPACITY];
    snprintf(tag, sizeof tag, "%s", locale && *locale ? locale : "en");
    for (char *p = tag; *p; p++)
        if (*p == '_')
            *p = '-';
    if (locale_is(tag, "en") && (tag[2] == 0 || strncasecmp(tag + 2, "-u-", 3) == 0)) {
        char rest[sizeof tag];
        snprintf(rest, sizeof rest, "%s", tag + 2);
        snprintf(tag, sizeof tag, "en-001%.140s", rest);
    }
    UErrorCode e = U_ZERO_ERROR;
    uloc_forLanguageTag(tag, id, (int32_t)cap, NULL, &e);
    if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING || !*id)
        snprintf(id, cap, "en_001");
    static const char *const keys[][2] = {{"numbers", "latn"}, {"calendar", "gregorian"}};
    for (int k = 0; k < 2; k++) {
        char v[32];
        e = U_ZERO_ERROR;
        if (uloc_getKeywordValue(id, keys[k][0], v, sizeof v, &e) > 0 && U_SUCCESS(e))
            continue;
        e = U_ZERO_ERROR;
        uloc_setKeywordValue(keys[k][0], keys[k][1], id, (int32_t)cap, &e);
    }
}

/* The formatters of locale on this thread; NULL only without memory. */
static struct fmt *fmt_for(const char *locale, struct fmt_cache **out)
{
    struct fmt_cache *c = cache();
    *out = c;
    if (!c)
        return NULL;
    const char *key = locale ? locale : "";
    for (int i = 0; i < FMT_LOCALES; i++)
        if (c->f[i].key && strcmp(c->f[i].key, key) == 0)
            return &c->f[i];
    struct fmt *f = &c->f[c->next];
    c->next = (c->next + 1) % FMT_LOCALES;
    fmt_close(f);
    f->key = strdup(key);
    if (!f->key)
        return NULL;
    icu_id(locale, f->id, sizeof f->id);
    return f;
}

/* UTF-8 output cut at a character's edge: once one does not fit, nothing
 * after it is written. */
struct out {
    char *b;
    size_t cap, len;
    int full;
};

static void out_cp(struct out *o, UChar32 cp)
{
    char u[4];
    int32_t n = 0;
    UBool bad = 0;
    U8_APPEND(u, n, 4, cp, bad);
    if (o->full || bad || o->len + (size_t)n + 1 > o->cap) {
        o->full = 1;
        return;
    }
    memcpy(o->b + o->len, u, (size_t)n);
    o->len += (size_t)n;
    o->b[o->len] = 0;
}

static void out_str(struct out *o, const char *s)
{
    for (int32_t i = 0, n = (int32_t)strlen(s); i < n;) {
        UChar32 cp;
        U8_NEXT(s, i, n, cp);
        out_cp(o, cp < 0 ? 0xFFFD : cp);
    }
}

/* ICU's text as the kiosk writes it: a minus sign for ICU's hyphen-minus
 * before a number (not the hyphen between a range's numbers, "36-39" in
 * Vietnamese), without the bidi marks CLDR puts round signs (the layout
 * isolates a number in right-to-left text itself), spaces no-break with
 * `nbsp`. */
static void out_icu(struct out *o, const UChar *s, int32_t n, int nbsp)
{
    UChar32 prev = 0;
    for (int32_t i = 0; i < n;) {
        UChar32 cp;
        U16_NEXT(s, i, n, cp);
        if (cp == 0x200E || cp == 0x200F || cp == 0x061C)
            continue;
        out_cp(o, cp == '-' && !u_isdigit(prev) ? 0x2212 : cp == ' ' && nbsp ? 0xA0 : cp);
        prev = cp;
    }
}

/* The digits after the point of decimal text, or -1 when it is not one. */
static int decimal_scale(const char *dec)
{
    const char *p = dec + (*dec == '-');
    int whole = 0, scale = -1;
    for (; *p; p++) {
        if (*p == '.' && scale < 0)
            scale = 0;
        else if (*p < '0' || *p > '9')
            return -1;
        else if (scale < 0)
            whole++;
        else
            scale++;
    }
    if (whole == 0 || scale == 0 || scale >= SCALES)
        return -1;
    return scale < 0 ? 0 : scale;
}

/* "precision-integer", ".00 percent": exactly `scale` digits after the
 * point (the decimal's own, so nothing rounds) */
static void skeleton(int scale, int percent, UChar *sk, int32_t cap)
{
    char s[64];
    int n = scale == 0 ? snprintf(s, sizeof s, "precision-integer")
                       : snprintf(s, sizeof s, ".%.*s", scale, "000000000000000000");
    if (percent)
        snprintf(s + n, sizeof s - (size_t)n, " percent");
    u_uastrncpy(sk, s, cap);
}

static UNumberFormatter *number_formatter(struct fmt *f, int scale, int percent)
{
    UNumberFormatter **nf = &f->num[scale][percent];
    if (!*nf) {
        UChar sk[64];
        skeleton(scale, percent, sk, 64);
        UErrorCode e = U_ZERO_ERROR;
        *nf = unumf_openForSkeletonAndLocale(sk, -1, f->id, &e);
        if (U_FAILURE(e)) {
            unumf_close(*nf);
            *nf = NULL;
        }
    }
    return *nf;
}

static UNumberRangeFormatter *range_formatter(struct fmt *f, int scale, int percent)
{
    UNumberRangeFormatter **rf = &f->range[scale][percent];
    if (!*rf) {
        UChar sk[64];
        skeleton(scale, percent, sk, 64);
        UErrorCode e = U_ZERO_ERROR;
        *rf = unumrf_openForSkeletonWithCollapseAndIdentityFallback(
            sk, -1, UNUM_RANGE_COLLAPSE_AUTO, UNUM_IDENTITY_FALLBACK_RANGE, f->id, NULL, &e);
        if (U_FAILURE(e)) {
            unumrf_close(*rf);
            *rf = NULL;
        }
    }
    return *rf;
}

/* Without ICU's data, a number still reads: its digits as written. */
static size_t as_written(struct out *o, const char *dec, int percent)
{
    out_str(o, *dec == '-' ? "\xE2\x88\x92" : "");
    out_str(o, dec + (*dec == '-'));
    out_str(o, percent ? "%" : "");
    return o->len;
}

size_t locale_number(const char *locale, const char *dec, int percent, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    buf[0] = 0;
    int scale = dec ? decimal_scale(dec) : -1;
    if (scale < 0)
        return 0;
    struct out o = {buf, cap, 0, 0};
    struct fmt_cache *c;
    struct fmt *f = fmt_for(locale, &c);
    UNumberFormatter *nf = f ? number_formatter(f, scale, percent != 0) : NULL;
    if (!nf)
        return as_written(&o, dec, percent);
    UErrorCode e = U_ZERO_ERROR;
    unumf_formatDecimal(nf, dec, -1, c->num_out, &e);
    int32_t n = 0;
    const UChar *s = ufmtval_getString(unumf_resultAsValue(c->num_out, &e), &n, &e);
    if (U_FAILURE(e))
        return as_written(&o, dec, percent);
    out_icu(&o, s, n, 0);
    return o.len;
}

size_t locale_number_range(const char *locale, const char *from, const char *to, int percent,
                           char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    buf[0] = 0;
    int scale = from && to ? decimal_scale(from) : -1;
    if (scale < 0 || decimal_scale(to) != scale)
        return 0;
    struct out o = {buf, cap, 0, 0};
    struct fmt_cache *c;
    struct fmt *f = fmt_for(locale, &c);
    UNumberRangeFormatter *rf = f ? range_formatter(f, scale, percent != 0) : NULL;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = 0;
    const UChar *s = NULL;
    if (rf) {
        unumrf_formatDecimalRange(rf, from, -1, to, -1, c->range_out, &e);
        s = ufmtval_getString(unumrf_resultAsValue(c->range_out, &e), &n, &e);
    }
    if (!rf || U_FAILURE(e)) {
        as_written(&o, from, 0);
        out_str(&o, "\xE2\x80\x93");
        return as_written(&o, to, percent);
    }
    out_icu(&o, s, n, 0);
    return o.len;
}

/* ---- dates ---- */

/* A date formatter for locale id from a skeleton (CLDR's best pattern for
 * it), in UTC; NULL when ICU has none. */
static UDateFormat *open_date_formatter(const char *id, const UChar *skeleton)
{
    UErrorCode e = U_ZERO_ERROR;
    UDateTimePatternGenerator *g = udatpg_open(id, &e);
    UChar pattern[96];
    int32_t n = udatpg_getBestPattern(g, skeleton, -1, pattern, 96, &e);
    udatpg_close(g);
    if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING)
        return NULL;
    UDateFormat *df = udat_open(UDAT_PATTERN, UDAT_PATTERN, id, u"UTC", -1, pattern, n, &e);
    if (U_FAILURE(e) && df) {
        udat_close(df);
        df = NULL;
    }
    return df;
}

static UDateFormat *date_formatter(struct fmt *f, int which)
{
    static const UChar *const skeletons[N_DATES] = {u"y", u"yMMMM", u"yMMMMd"};
    if (!f->date[which])
        f->date[which] = open_date_formatter(f->id, skeletons[which]);
    return f->date[which];
}

/* "about" before or after an approximate date, per language; a language
 * not here gets "~" (dropping the word would claim a year no source gives) */
static const struct {
    const char *lang, *before, *after;
} abouts[] = {
    {"en", "c." NBSP, ""},
    {"fr", "vers" NBSP, ""},
    {"de", "um" NBSP, ""},
    {"es", "hacia" NBSP, ""},
    {"it", "circa" NBSP, ""},
    {"pl", "ok." NBSP, ""},
    {"ru", "\u043E\u043A." NBSP, ""},                              /* ок. */
    {"el", "\u03C0\u03B5\u03C1\u03AF\u03C0\u03BF\u03C5" NBSP, ""}, /* περίπου */
    {"tr", "yakla\u015F\u0131k" NBSP, ""},
    {"vi", "kho\u1EA3ng" NBSP, ""},
    {"hi", "\u0932\u0917\u092D\u0917" NBSP, ""},             /* लगभग */
    {"th", "\u0E1B\u0E23\u0E30\u0E21\u0E32\u0E13" NBSP, ""}, /* ประมาณ */
    {"ar", "\u062D\u0648\u0627\u0644\u064A" NBSP, ""},       /* حوالي */
    {"he", "\u05D1\u05E2\u05E8\u05DA" NBSP, ""},             /* בערך */
    {"ja", "", "\u9803"},                                    /* 1900年頃 */
    {"zh", "\u7EA6", ""},                                    /* 约1900年 */
};

/* The date's text from ICU, French "1er" for the first of a month. */
static int date_icu(struct fmt_cache *c, struct fmt *f, const char *locale, int year, int month,
                    int day, struct out *o)
{
    UDateFormat *df = date_formatter(f, day > 0 ? 2 : month > 0 ? 1 : 0);
    if (!df)
        return -1;
    UErrorCode e = U_ZERO_ERROR;
    ucal_clear(c->gregorian);
    ucal_setDate(c->gregorian, year, month > 0 ? month - 1 : 0, day > 0 ? day : 1, &e);
    UDate when = ucal_getMillis(c->gregorian, &e);
    UChar s[128];
    UFieldPositionIterator *fields = ufieldpositer_open(&e);
    int32_t n = udat_formatForFields(df, when, s, 128, fields, &e);
    int32_t day_end = -1, b, end;
    for (int32_t k; U_SUCCESS(e) && (k = ufieldpositer_next(fields, &b, &end)) >= 0;)
        if (k == UDAT_DATE_FIELD)
            day_end = end;
    ufieldpositer_close(fields);
    if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING)
        return -1;
    if (day == 1 && day_end >= 0 && locale_is(locale, "fr")) {
        out_icu(o, s, day_end, 1);
        out_str(o, "er");
        out_icu(o, s + day_end, n - day_end, 1);
    } else {
        out_icu(o, s, n, 1);
    }
    return 0;
}

size_t locale_date(const char *locale, int year, int month, int day, int approximate, char *buf,
                   size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    buf[0] = 0;
    struct out o = {buf, cap, 0, 0};
    const char *before = "~", *after = "";
    for (size_t i = 0; approximate && i < sizeof abouts / sizeof abouts[0]; i++)
        if (locale_is(locale, abouts[i].lang)) {
            before = abouts[i].before;
            after = abouts[i].after;
        }
    if (approximate)
        out_str(&o, before);
    struct fmt_cache *c;
    struct fmt *f = fmt_for(locale, &c);
    if (!f || date_icu(c, f, locale, year, month, day, &o) != 0) {
        char iso[16]; /* without ICU's data: ISO 8601 */
        snprintf(iso, sizeof iso, month > 0 ? day > 0 ? "%04d-%02d-%02d" : "%04d-%02d" : "%04d",
                 year, month, day);
        out_str(&o, iso);
    }
    if (approximate)
        out_str(&o, after);
    return o.len;
}

/* ---- quotation marks and language names ---- */

static const struct locale_quote english[2] = {{"\u201C", "\u201D"}, {"\u2018", "\u2019"}};

static void quote_utf8(const UChar *s, int32_t n, char *buf)
{
    struct out o = {buf, LOCALE_QUOTE_MAX, 0, 0};
    buf[0] = 0;
    out_icu(&o, s, n, 0);
}

static void quotes_load(struct fmt *f)
{
    static const ULocaleDataDelimiterType types[2][2] = {
        {ULOCDATA_QUOTATION_START, ULOCDATA_QUOTATION_END},
        {ULOCDATA_ALT_QUOTATION_START, ULOCDATA_ALT_QUOTATION_END}};
    UErrorCode e = U_ZERO_ERROR;
    ULocaleData *ld = ulocdata_open(f->id, &e);
    for (int level = 0; level < 2; level++) {
        UChar open[8], close[8];
        int32_t no = ulocdata_getDelimiter(ld, types[level][0], open, 8, &e);
        int32_t nc = ulocdata_getDelimiter(ld, types[level][1], close, 8, &e);
        if (U_FAILURE(e) || no <= 0 || nc <= 0 || no >= 8 || nc >= 8) {
            f->quotes[level] = english[level];
            continue;
        }
        quote_utf8(open, no, f->quotes[level].open);
        quote_utf8(close, nc, f->quotes[level].close);
    }
    if (ld)
        ulocdata_close(ld);
    /* French typography: a no-break space inside guillemets, and “ ”
     * inside them (CLDR repeats « », which hides where the inner quotation
     * ends) */
    if (strncmp(f->id, "fr", 2) == 0 && (f->id[2] == 0 || f->id[2] == '_' || f->id[2] == '@')) {
        static const struct locale_quote fr[2] = {{"\u00AB" NBSP, NBSP "\u00BB"},
                                                  {"\u201C", "\u201D"}};
        f->quotes[0] = fr[0];
        f->quotes[1] = fr[1];
    }
    f->has_quotes = 1;
}

void locale_quote_marks(const char *locale, int level, struct locale_quote *q)
{
    struct fmt_cache *c;
    struct fmt *f = fmt_for(locale, &c);
    if (!f) {
        *q = english[level & 1];
        return;
    }
    if (!f->has_quotes)
        quotes_load(f);
    *q = f->quotes[level & 1];
}

size_t locale_language_name(const char *locale, const char *code, int standalone, char *buf,
                            size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    buf[0] = 0;
    struct out o = {buf, cap, 0, 0};
    if (!code)
        return 0;
    struct fmt_cache *c;
    struct fmt *f = fmt_for(locale, &c);
    ULocaleDisplayNames **dn = f ? &f->names[standalone != 0] : NULL;
    UErrorCode e = U_ZERO_ERROR;
    if (dn && !*dn) {
        UDisplayContext ctx[] = {standalone ? UDISPCTX_CAPITALIZATION_FOR_STANDALONE
                                            : UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE,
                                 UDISPCTX_NO_SUBSTITUTE};
        *dn = uldn_openForContext(f->id, ctx, 2, &e);
        if (U_FAILURE(e)) {
            *dn = NULL;
            e = U_ZERO_ERROR;
        }
    }
    char tag[ULOC_FULLNAME_CAPACITY], id[ULOC_FULLNAME_CAPACITY], lang[ULOC_LANG_CAPACITY];
    snprintf(tag, sizeof tag, "%s", code);
    for (char *p = tag; *p; p++)
        if (*p == '_')
            *p = '-';
    uloc_forLanguageTag(tag, id, sizeof id, NULL, &e);
    uloc_getLanguage(id, lang, sizeof lang, &e);
    UChar name[128];
    int32_t n = 0;
    if (dn && *dn && U_SUCCESS(e) && *lang)
        n = uldn_languageDisplayName(*dn, lang, name, 128, &e);
    if (U_FAILURE(e) || e == U_STRING_NOT_TERMINATED_WARNING || n <= 0) {
        out_str(&o, code);
        return o.len;
    }
    /* CLDR capitalises a name standing alone in some languages only
     * (Русский, but français, polski): a line of its own starts with a
     * capital in every language that has them */
    UChar32 first;
    int32_t k = 0;
    U16_NEXT(name, k, n, first);
    if (standalone && u_islower(first)) {
        out_cp(&o, u_totitle(first));
        out_icu(&o, name + k, n - k, 0);
    } else {
        out_icu(&o, name, n, 0);
    }
    return o.len;
}
