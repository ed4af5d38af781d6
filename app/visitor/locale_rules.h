/* locale_rules.h - what differs between languages, in one table: quotation
 * marks, number punctuation, the label before a panel's citations, and the
 * font families a face's fallback chain asks for, script by script.
 *
 * Data only, with static storage: never freed, never NULL. A locale is
 * matched on its language, case-insensitively ("fr", "fr-CA", "FR_fr" are
 * French); any other locale, or NULL, gets the English rules. */
#ifndef VITRINE_LOCALE_RULES_H
#define VITRINE_LOCALE_RULES_H

/* The families asked for one script, best first, NULL-terminated. A chain
 * takes the first family of each script that is installed; "sans-serif" and
 * "serif" are fontconfig's generic names and accept whatever it picks. */
struct script_fonts {
    const char *script; /* for log lines: "Latin", "CJK", ... */
    const char *const *sans;
    const char *const *serif;
};

struct locale_rules {
    const char *lang;                     /* "en", "fr", "de" */
    const char *quote_open, *quote_close; /* around a quotation, spacing included */
    const char *group;                    /* thousands separator ("," / U+202F / ".") */
    const char *point;                    /* decimal point */
    const char *source, *sources;         /* before one citation / several */
    const char *list_sep;                 /* between citations: "; " (French "\u202F; ") */
    /* the fallback chain, one script after another: the first script's first
     * installed family draws most text, the others what it lacks */
    const struct script_fonts *fonts;
    int n_fonts;
    /* dates: "13 April 2014", "13 avril 2014", "13. April 2014" */
    const char *const *months; /* 12 names */
    const char *day_after;     /* after the day number ("." in German) */
    const char *first_day;     /* the 1st of a month when written apart ("1er"), or NULL */
    const char *about;         /* before an approximate year ("c. ", "vers ") */
    int rtl;                   /* written right to left (Arabic, Hebrew): the page mirrors */
};

/* The rules for locale (English when unknown or NULL). */
const struct locale_rules *locale_rules(const char *locale);

/* The digits the kiosk writes its own numbers in (a figure, a year, a
 * day), asked for per language with BCP 47's Unicode extension: a locale
 * code ending "-u-nu-arab" ("ar-u-nu-arab") gives Arabic-Indic digits
 * (U+0660..U+0669), "-u-nu-arabext" ("fa-u-nu-arabext") the Extended
 * Arabic-Indic ones (U+06F0..U+06F9); anything else Western digits. The
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

#endif
