/* locale_rules.h - what differs between languages: what separates a
 * panel's citations and the font families a face's fallback chain asks
 * for, script by script, in one table; numbers, dates, quotation marks and
 * language names as each language writes them, from CLDR through ICU.
 *
 * The table is data with static storage: never freed, never NULL. A locale
 * is matched on its language, case-insensitively ("fr", "fr-CA", "FR_fr"
 * are French); any other locale, or NULL, gets the English rules.
 *
 * The CLDR functions take any BCP 47 tag ("de", "pt-BR", "th-u-ca-gregory")
 * and write UTF-8 into the caller's buffer, cut at a character's edge,
 * returning the length written. ICU's formatters are opened once per
 * thread and locale (a few locales each thread, closed when it ends): any
 * thread may call them. */
#ifndef VITRINE_LOCALE_RULES_H
#define VITRINE_LOCALE_RULES_H

#include <stddef.h>

/* The families asked for one script, best first, NULL-terminated. A chain
 * takes the first family of each script that is installed; "sans-serif" and
 * "serif" are fontconfig's generic names and accept whatever it picks. */
struct script_fonts {
    const char *script; /* for log lines: "Latin", "CJK", ... */
    const char *const *sans;
    const char *const *serif;
};

struct locale_rules {
    const char *lang;     /* "en", "fr", "de" */
    const char *list_sep; /* between citations: "; " (French "\u202F; ") */
    /* the fallback chain, one script after another: the first script's first
     * installed family draws most text, the others what it lacks */
    const struct script_fonts *fonts;
    int n_fonts;
    int rtl; /* written right to left (Arabic, Hebrew): the page mirrors */
};

/* The rules for locale (English when unknown or NULL). */
const struct locale_rules *locale_rules(const char *locale);

/* The digits the kiosk writes its own numbers in (a figure, a year, a
 * day), asked for per language with BCP 47's Unicode extension: a locale
 * code ending "-u-nu-arab" ("ar-u-nu-arab") gives Arabic-Indic digits
 * (U+0660..U+0669), "-u-nu-arabext" ("fa-u-nu-arabext") the Extended
 * Arabic-Indic ones (U+06F0..U+06F9); anything else Western digits here.
 * The CLDR functions below also honour the other systems CLDR knows
 * ("hi-u-nu-deva", "th-u-nu-thai"); without "-u-nu-" they write Western
 * digits in every language, as the exhibit's figures are written. The
 * exhibit's own text keeps the digits it was written with. */
enum locale_digits { DIGITS_LATIN, DIGITS_ARAB, DIGITS_ARABEXT };
enum locale_digits locale_digits(const char *locale);

/* The UTF-8 of digit d (0..9) in those digits, into out (at least 3 bytes,
 * NUL-terminated); its length. */
int locale_digit(enum locale_digits digits, int d, char *out);

/* 1 when locale's language is written right to left (Arabic, Hebrew,
 * Persian, Urdu, Yiddish...), even one without rules of its own here. */
int locale_is_rtl(const char *locale);

/* 1 when locale is in language lang ("fr" matches "fr", "fr-CA", "FR_fr"). */
int locale_is(const char *locale, const char *lang);

/* ---- CLDR through ICU ---------------------------------------------------- */

/* A number given as decimal text ("-1234.50": an optional minus, digits,
 * an optional point and digits; decimal_text's form, any scale), with
 * exactly the digits written after the point, in locale's digits, decimal
 * mark and grouping ("1,234.50", "1 234,50" with U+202F in French,
 * "12,34,567" in Hindi). With `percent`, the figure is already a percentage
 * (9.2 is "9.2%") and the language places and spaces the sign ("9,2 %",
 * "%9,2"). A minus is U+2212 (ICU's U+002D is a hyphen); the bidi marks
 * ICU puts round signs are left to the layout, which isolates a figure.
 * No binary floating point touches the digits. Returns the length, or 0
 * (buf "") for text that is not a decimal. */
size_t locale_number(const char *locale, const char *dec, int percent, char *buf, size_t cap);

/* A range ("36–39", Japanese "36～39", English percentages "36% – 39%"),
 * from and to as in locale_number, both with the same digits after the
 * point; a range of two equal numbers still reads as one ("0–0"). */
size_t locale_number_range(const char *locale, const char *from, const char *to, int percent,
                           char *buf, size_t cap);

/* A date as locale writes it, in the Gregorian calendar the exhibit's
 * dates are given in (another when the locale asks, "th-u-ca-buddhist":
 * 2557 for 2014; best with a whole date, as a Persian or Islamic year does
 * not begin on 1 January): year alone (month 0), a
 * month and its year (day 0), or a day ("13 April 2014", "13. April 2014",
 * "13 апреля 2014 г.", "2014年4月13日"; French "1er avril 2014"). Spaces
 * are no-break: a date stays on one line. `approximate` writes the
 * language's "about" round it ("c. 1900", "vers 1900", "1900年頃"; "~1900"
 * in a language without one here). year 1..9999, month 0..12, day 0..31. */
size_t locale_date(const char *locale, int year, int month, int day, int approximate, char *buf,
                   size_t cap);

/* The quotation marks of locale, spacing included (French « and » with a
 * no-break space inside): level 0 around a quotation, level 1 around a
 * quotation inside it (CLDR's alternate marks; French keeps “ ” there), 2
 * as 0 and so on. Each at most LOCALE_QUOTE_MAX bytes with its NUL. */
#define LOCALE_QUOTE_MAX 16
struct locale_quote {
    char open[LOCALE_QUOTE_MAX], close[LOCALE_QUOTE_MAX];
};
void locale_quote_marks(const char *locale, int level, struct locale_quote *q);

/* The name of language `code` (a BCP 47 tag) in locale's language: in
 * running text ("anglais", "Englisch", "英語") or, with `standalone`, as it
 * stands alone at the start of a line or in a menu ("Anglais"); the
 * autonym when code and locale are one language ("Deutsch", "日本語").
 * code itself when CLDR names none. */
size_t locale_language_name(const char *locale, const char *code, int standalone, char *buf,
                            size_t cap);

#endif
