/* locale_rules.c - the per-language table.
 *
 * French typography puts a no-break space inside guillemets and before a
 * colon, and groups thousands with a narrow no-break space (U+202F); German
 * opens quotations low („) and groups with a full stop. */
#include "locale_rules.h"

#include <string.h>
#include <strings.h>

#include <stddef.h>

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
/* arrows, dingbats, geometric shapes, the minus sign: DejaVu covers what
 * Noto Sans lacks; Symbola (monochrome emoji) where installed */
static const char *const symbol_sans[] = {"DejaVu Sans", NULL};
static const char *const symbol_serif[] = {"DejaVu Serif", "DejaVu Sans", NULL};
static const char *const emoji[] = {"Symbola", NULL};

static const struct script_fonts default_fonts[] = {
    {"Latin", latin_sans, latin_serif},
    {"CJK", cjk_sans, cjk_serif},
    {"Arabic", arabic_sans, arabic_serif},
    {"Hebrew", hebrew_sans, hebrew_serif},
    {"Devanagari", devanagari_sans, devanagari_serif},
    {"Thai", thai_sans, thai_serif},
    {"symbols", symbol_sans, symbol_serif},
    {"emoji", emoji, emoji},
};
#define N_DEFAULT_FONTS (int)(sizeof default_fonts / sizeof default_fonts[0])

static const char *const months_en[12] = {"January",   "February", "March",    "April",
                                          "May",       "June",     "July",     "August",
                                          "September", "October",  "November", "December"};
static const char *const months_fr[12] = {
    "janvier", "f\xC3\xA9vrier", "mars",      "avril",   "mai",      "juin",
    "juillet", "ao\xC3\xBBt",    "septembre", "octobre", "novembre", "d\303\251cembre"};
static const char *const months_de[12] = {"Januar",    "Februar", "M\xC3\xA4rz", "April",
                                          "Mai",       "Juni",    "Juli",        "August",
                                          "September", "Oktober", "November",    "Dezember"};

/* Arabic: the month names used from Egypt to the Gulf (the Levant's
 * Syriac names are not here); Hebrew: the months as written in Israel */
static const char *const months_ar[12] = {"\u064A\u0646\u0627\u064A\u0631",
                                          "\u0641\u0628\u0631\u0627\u064A\u0631",
                                          "\u0645\u0627\u0631\u0633",
                                          "\u0623\u0628\u0631\u064A\u0644",
                                          "\u0645\u0627\u064A\u0648",
                                          "\u064A\u0648\u0646\u064A\u0648",
                                          "\u064A\u0648\u0644\u064A\u0648",
                                          "\u0623\u063A\u0633\u0637\u0633",
                                          "\u0633\u0628\u062A\u0645\u0628\u0631",
                                          "\u0623\u0643\u062A\u0648\u0628\u0631",
                                          "\u0646\u0648\u0641\u0645\u0628\u0631",
                                          "\u062F\u064A\u0633\u0645\u0628\u0631"};
static const char *const months_he[12] = {"\u05D9\u05E0\u05D5\u05D0\u05E8",
                                          "\u05E4\u05D1\u05E8\u05D5\u05D0\u05E8",
                                          "\u05DE\u05E8\u05E5",
                                          "\u05D0\u05E4\u05E8\u05D9\u05DC",
                                          "\u05DE\u05D0\u05D9",
                                          "\u05D9\u05D5\u05E0\u05D9",
                                          "\u05D9\u05D5\u05DC\u05D9",
                                          "\u05D0\u05D5\u05D2\u05D5\u05E1\u05D8",
                                          "\u05E1\u05E4\u05D8\u05DE\u05D1\u05E8",
                                          "\u05D0\u05D5\u05E7\u05D8\u05D5\u05D1\u05E8",
                                          "\u05E0\u05D5\u05D1\u05DE\u05D1\u05E8",
                                          "\u05D3\u05E6\u05DE\u05D1\u05E8"};

static const struct locale_rules rules[] = {
    {"en", "\xE2\x80\x9C", "\xE2\x80\x9D", ",", ".", "Source: ", "Sources: ", "; ", default_fonts,
     N_DEFAULT_FONTS, months_en, "", NULL, "c." NBSP, 0},
    {"fr", "\xC2\xAB" NBSP, NBSP "\xC2\xBB", NNBSP, ",", "Source" NBSP ": ", "Sources" NBSP ": ",
     NNBSP "; ", default_fonts, N_DEFAULT_FONTS, months_fr, "", "1er", "vers" NBSP, 0},
    {"de", "\xE2\x80\x9E", "\xE2\x80\x9C", ".", ",", "Quelle: ", "Quellen: ", "; ", default_fonts,
     N_DEFAULT_FONTS, months_de, ".", NULL, "um" NBSP, 0},
    /* Arabic: guillemets without spaces, Western digits with "," and "."
     * as the exhibit writes them, the Arabic semicolon between citations */
    {"ar", "\u00AB", "\u00BB", ",", ".", "\u0627\u0644\u0645\u0635\u062F\u0631: ",
     "\u0627\u0644\u0645\u0635\u0627\u062F\u0631: ", "\u061B ", default_fonts, N_DEFAULT_FONTS,
     months_ar, "", NULL, "\u062D\u0648\u0627\u0644\u064A" NBSP, 1},
    /* Hebrew: low opening and high closing double quotation marks */
    {"he", "\u201E", "\u201D", ",", ".",
     "\u05DE\u05E7\u05D5\u05E8: ", "\u05DE\u05E7\u05D5\u05E8\u05D5\u05EA: ", "; ", default_fonts,
     N_DEFAULT_FONTS, months_he, "", NULL, "\u05D1\u05E2\u05E8\u05DA" NBSP, 1},
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
