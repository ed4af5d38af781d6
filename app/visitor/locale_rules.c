/* locale_rules.c - the per-language table.
 *
 * French typography puts a no-break space inside guillemets and before a
 * colon, and groups thousands with a narrow no-break space (U+202F); German
 * opens quotations low („) and groups with a full stop. */
#include "locale_rules.h"

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

static const struct locale_rules rules[] = {
    {"en", "\xE2\x80\x9C", "\xE2\x80\x9D", ",", ".", "Source: ", "Sources: ", "; ", default_fonts,
     N_DEFAULT_FONTS, months_en, "", NULL, "c." NBSP},
    {"fr", "\xC2\xAB" NBSP, NBSP "\xC2\xBB", NNBSP, ",", "Source" NBSP ": ", "Sources" NBSP ": ",
     NNBSP "; ", default_fonts, N_DEFAULT_FONTS, months_fr, "", "1er", "vers" NBSP},
    {"de", "\xE2\x80\x9E", "\xE2\x80\x9C", ".", ",", "Quelle: ", "Quellen: ", "; ", default_fonts,
     N_DEFAULT_FONTS, months_de, ".", NULL, "um" NBSP},
};

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
