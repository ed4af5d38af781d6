/* ui_strings.c - the visitor's UI strings in English, French, Arabic and
 * Hebrew (the staff screen's in English and French).
 *
 * French typography: a narrow no-break space (U+202F) before "?", a
 * typographic apostrophe (U+2019), and a no-break space (U+00A0) between a
 * number and its unit in both languages, so "7 s" never breaks. */
#include "ui_strings.h"

#include <stdio.h>
#include <string.h>

#include "locale_rules.h"

#define NBSP "\xC2\xA0"
#define NNBSP "\xE2\x80\xAF"

static const char *const en[UI_STRING_COUNT] = {
    [UI_START] = "Start",
    [UI_CHAPTERS] = "Chapters",
    [UI_CLOSE] = "Close",
    [UI_STILL_THERE] = "Still there?",
    [UI_KEEP_EXPLORING] = "Touch the screen to keep exploring.",
    [UI_BACK_IN] = "Back to the start in %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Touch to explore",
    [UI_PREVIOUS] = "Previous",
    [UI_NEXT] = "Next",
    [UI_ORIGINAL] = "Original",
    [UI_STAFF_PIN] = "Staff PIN",
    [UI_STAFF_PIN_HINT] = "Type the PIN, then OK.",
    [UI_STAFF_WRONG_PIN] = "Wrong PIN",
    [UI_STAFF_LOCKED] = "Locked: try again in %d" NBSP "s",
    [UI_STAFF_TOO_SHORT] = "A PIN has at least %d digits.",
    [UI_STAFF_CLEAR] = "Clear",
    [UI_STAFF_OK] = "OK",
    [UI_STAFF_CANCEL] = "Cancel",
    [UI_STAFF_TITLE] = "Staff",
    [UI_STAFF_VERSION] = "Version",
    [UI_STAFF_SIGNER] = "Signed by",
    [UI_STAFF_ATTENTION] = "Changed by itself",
    [UI_STAFF_LAST_IMPORT] = "Last import",
    [UI_STAFF_LAST_EXPORT] = "Statistics export",
    [UI_STAFF_STORAGE] = "Storage",
    [UI_STAFF_SETTINGS] = "Settings",
    [UI_STAFF_LOG] = "Recent messages",
    [UI_STAFF_ROLLBACK] = "Roll back to the previous exhibit",
    [UI_STAFF_NO_ROLLBACK] = "Roll back: no previous exhibit yet",
    [UI_STAFF_RELOAD] = "Load from the stick again",
    [UI_STAFF_EXPORT] = "Export statistics to the stick",
    [UI_STAFF_EXIT] = "Exit the kiosk",
    [UI_STAFF_EXIT_AGAIN] = "Tap again to exit",
    [UI_STAFF_NOT_LOADED] = "Not loaded",
    [UI_STAFF_UNCHANGED] = "The exhibit on screen has not changed.",
    [UI_STAFF_DISMISS] = "Tap to close",
};

static const char *const fr[UI_STRING_COUNT] = {
    [UI_START] = "D\xC3\xA9"
                 "but",
    [UI_CHAPTERS] = "Chapitres",
    [UI_CLOSE] = "Fermer",
    [UI_STILL_THERE] = "Toujours l\xC3\xA0" NNBSP "?",
    [UI_KEEP_EXPLORING] = "Touchez l\xE2\x80\x99\xC3\xA9"
                          "cran pour continuer la visite.",
    [UI_BACK_IN] = "Retour au d\xC3\xA9"
                   "but dans %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Touchez pour explorer",
    [UI_PREVIOUS] = "Pr\xC3\xA9"
                    "c\xC3\xA9"
                    "dent",
    [UI_NEXT] = "Suivant",
    [UI_ORIGINAL] = "Version originale",
    [UI_STAFF_PIN] = "Code du personnel",
    [UI_STAFF_PIN_HINT] = "Tapez le code, puis OK.",
    [UI_STAFF_WRONG_PIN] = "Code erron\xC3\xA9",
    [UI_STAFF_LOCKED] = "Bloqu\xC3\xA9" NBSP ": r\xC3\xA9"
                        "essayez dans %d" NBSP "s",
    [UI_STAFF_TOO_SHORT] = "Un code a au moins %d chiffres.",
    [UI_STAFF_CLEAR] = "Effacer",
    [UI_STAFF_OK] = "OK",
    [UI_STAFF_CANCEL] = "Annuler",
    [UI_STAFF_TITLE] = "Personnel",
    [UI_STAFF_VERSION] = "Version",
    [UI_STAFF_SIGNER] = "Sign\xC3\xA9 par",
    [UI_STAFF_ATTENTION] = "Chang\xC3\xA9 de lui-m\xC3\xAAme",
    [UI_STAFF_LAST_IMPORT] = "Derni\xC3\xA8re importation",
    [UI_STAFF_LAST_EXPORT] = "Export des statistiques",
    [UI_STAFF_STORAGE] = "Stockage",
    [UI_STAFF_SETTINGS] = "R\xC3\xA9glages",
    [UI_STAFF_LOG] = "Messages r\xC3\xA9"
                     "cents",
    [UI_STAFF_ROLLBACK] = "Revenir \xC3\xA0 l\xE2\x80\x99\xC3\xA9"
                          "dition pr\xC3\xA9"
                          "c\xC3\xA9"
                          "dente",
    [UI_STAFF_NO_ROLLBACK] = "Revenir en arri\xC3\xA8re : pas encore d\xE2\x80\x99\xC3\xA9"
                             "dition pr\xC3\xA9"
                             "c\xC3\xA9"
                             "dente",
    [UI_STAFF_RELOAD] = "Recharger depuis la cl\xC3\xA9",
    [UI_STAFF_EXPORT] = "Exporter les statistiques sur la cl\xC3\xA9",
    [UI_STAFF_EXIT] = "Quitter le kiosque",
    [UI_STAFF_EXIT_AGAIN] = "Touchez encore pour quitter",
    [UI_STAFF_NOT_LOADED] = "Non charg\xC3\xA9",
    [UI_STAFF_UNCHANGED] = "L\xE2\x80\x99\x65xposition \xC3\xA0 l\xE2\x80\x99\xC3\xA9"
                           "cran n\xE2\x80\x99\x61 pas chang\xC3\xA9.",
    [UI_STAFF_DISMISS] = "Touchez pour fermer",
};

/* Arabic and Hebrew: what a visitor reads (the staff screen stays in English,
 * left to right); a no-break space between a number and its unit. */
static const char *const ar[UI_STRING_COUNT] = {
    [UI_START] = "\u0627\u0644\u0628\u062F\u0627\u064A\u0629",
    [UI_CHAPTERS] = "\u0627\u0644\u0641\u0635\u0648\u0644",
    [UI_CLOSE] = "\u0625\u063A\u0644\u0627\u0642",
    [UI_STILL_THERE] = "\u0647\u0644 \u0645\u0627 \u0632\u0644\u062A \u0647\u0646\u0627\u061F",
    [UI_KEEP_EXPLORING] = "\u0627\u0644\u0645\u0633 \u0627\u0644\u0634\u0627\u0634\u0629 "
                          "\u0644\u0645\u0648\u0627\u0635\u0644\u0629 "
                          "\u0627\u0644\u0627\u0633\u062A\u0643\u0634\u0627\u0641.",
    [UI_BACK_IN] =
        "\u0627\u0644\u0639\u0648\u062F\u0629 \u0625\u0644\u0649 "
        "\u0627\u0644\u0628\u062F\u0627\u064A\u0629 \u062E\u0644\u0627\u0644 %d\u00A0\u062B",
    [UI_TOUCH_TO_EXPLORE] =
        "\u0627\u0644\u0645\u0633 \u0644\u0644\u0627\u0633\u062A\u0643\u0634\u0627\u0641",
    [UI_PREVIOUS] = "\u0627\u0644\u0633\u0627\u0628\u0642",
    [UI_NEXT] = "\u0627\u0644\u062A\u0627\u0644\u064A",
    [UI_ORIGINAL] = "\u0627\u0644\u0646\u0635 \u0627\u0644\u0623\u0635\u0644\u064A",
};

static const char *const he[UI_STRING_COUNT] = {
    [UI_START] = "\u05D4\u05EA\u05D7\u05DC\u05D4",
    [UI_CHAPTERS] = "\u05E4\u05E8\u05E7\u05D9\u05DD",
    [UI_CLOSE] = "\u05E1\u05D2\u05D9\u05E8\u05D4",
    [UI_STILL_THERE] = "\u05E2\u05D3\u05D9\u05D9\u05DF \u05DB\u05D0\u05DF?",
    [UI_KEEP_EXPLORING] = "\u05D2\u05E2\u05D5 \u05D1\u05DE\u05E1\u05DA \u05DB\u05D3\u05D9 "
                          "\u05DC\u05D4\u05DE\u05E9\u05D9\u05DA \u05DC\u05D2\u05DC\u05D5\u05EA.",
    [UI_BACK_IN] = "\u05D7\u05D6\u05E8\u05D4 \u05DC\u05D4\u05EA\u05D7\u05DC\u05D4 "
                   "\u05D1\u05E2\u05D5\u05D3 %d\u00A0\u05E9\u05E0\u05F3",
    [UI_TOUCH_TO_EXPLORE] = "\u05D2\u05E2\u05D5 \u05DB\u05D3\u05D9 \u05DC\u05D2\u05DC\u05D5\u05EA",
    [UI_PREVIOUS] = "\u05D4\u05E7\u05D5\u05D3\u05DD",
    [UI_NEXT] = "\u05D4\u05D1\u05D0",
    [UI_ORIGINAL] = "\u05D4\u05E0\u05D5\u05E1\u05D7 \u05D4\u05DE\u05E7\u05D5\u05E8\u05D9",
};

const char *ui_string(const char *locale, enum ui_string_id id)
{
    if ((unsigned)id >= UI_STRING_COUNT)
        return "";
    const char *s = locale_is(locale, "fr")   ? fr[id]
                    : locale_is(locale, "ar") ? ar[id]
                    : locale_is(locale, "he") ? he[id]
                                              : en[id];
    return s ? s : en[id] ? en[id] : "";
}

size_t ui_format(const char *locale, enum ui_string_id id, int n, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    const char *s = ui_string(locale, id);
    const char *at = strstr(s, "%d");
    char tmp[256];
    if (at)
        snprintf(tmp, sizeof tmp, "%.*s%d%s", (int)(at - s), s, n, at + 2);
    else
        snprintf(tmp, sizeof tmp, "%s", s);
    size_t len = strlen(tmp);
    if (len > cap - 1) {
        len = cap - 1;
        while (len > 0 && ((unsigned char)tmp[len] & 0xC0) == 0x80)
            len--; /* never cut a character in half */
    }
    memcpy(buf, tmp, len);
    buf[len] = 0;
    return len;
}

/* Languages a quote is most often said in, named in English, French,
 * Arabic and Hebrew. */
static const struct {
    const char *code, *en, *fr, *ar, *he;
} languages[] = {
    {"ar", "Arabic", "arabe", "\u0627\u0644\u0639\u0631\u0628\u064A\u0629",
     "\u05E2\u05E8\u05D1\u05D9\u05EA"},
    {"de", "German", "allemand", "\u0627\u0644\u0623\u0644\u0645\u0627\u0646\u064A\u0629",
     "\u05D2\u05E8\u05DE\u05E0\u05D9\u05EA"},
    {"en", "English", "anglais", "\u0627\u0644\u0625\u0646\u062C\u0644\u064A\u0632\u064A\u0629",
     "\u05D0\u05E0\u05D2\u05DC\u05D9\u05EA"},
    {"es", "Spanish", "espagnol", "\u0627\u0644\u0625\u0633\u0628\u0627\u0646\u064A\u0629",
     "\u05E1\u05E4\u05E8\u05D3\u05D9\u05EA"},
    {"fr", "French",
     "fran\xC3\xA7"
     "ais",
     "\u0627\u0644\u0641\u0631\u0646\u0633\u064A\u0629", "\u05E6\u05E8\u05E4\u05EA\u05D9\u05EA"},
    {"he", "Hebrew",
     "h\xC3\xA9"
     "breu",
     "\u0627\u0644\u0639\u0628\u0631\u064A\u0629", "\u05E2\u05D1\u05E8\u05D9\u05EA"},
    {"hi", "Hindi", "hindi", "\u0627\u0644\u0647\u0646\u062F\u064A\u0629",
     "\u05D4\u05D9\u05E0\u05D3\u05D9"},
    {"it", "Italian", "italien", "\u0627\u0644\u0625\u064A\u0637\u0627\u0644\u064A\u0629",
     "\u05D0\u05D9\u05D8\u05DC\u05E7\u05D9\u05EA"},
    {"ja", "Japanese", "japonais", "\u0627\u0644\u064A\u0627\u0628\u0627\u0646\u064A\u0629",
     "\u05D9\u05E4\u05E0\u05D9\u05EA"},
    {"ko", "Korean",
     "cor\xC3\xA9"
     "en",
     "\u0627\u0644\u0643\u0648\u0631\u064A\u0629",
     "\u05E7\u05D5\u05E8\u05D9\u05D0\u05E0\u05D9\u05EA"},
    {"nl", "Dutch",
     "n\xC3\xA9"
     "erlandais",
     "\u0627\u0644\u0647\u0648\u0644\u0646\u062F\u064A\u0629",
     "\u05D4\u05D5\u05DC\u05E0\u05D3\u05D9\u05EA"},
    {"pl", "Polish", "polonais", "\u0627\u0644\u0628\u0648\u0644\u0646\u062F\u064A\u0629",
     "\u05E4\u05D5\u05DC\u05E0\u05D9\u05EA"},
    {"pt", "Portuguese", "portugais",
     "\u0627\u0644\u0628\u0631\u062A\u063A\u0627\u0644\u064A\u0629",
     "\u05E4\u05D5\u05E8\u05D8\u05D5\u05D2\u05D6\u05D9\u05EA"},
    {"ru", "Russian", "russe", "\u0627\u0644\u0631\u0648\u0633\u064A\u0629",
     "\u05E8\u05D5\u05E1\u05D9\u05EA"},
    {"uk", "Ukrainian", "ukrainien", "\u0627\u0644\u0623\u0648\u0643\u0631\u0627\u0646\u064A\u0629",
     "\u05D0\u05D5\u05E7\u05E8\u05D0\u05D9\u05E0\u05D9\u05EA"},
    {"zh", "Chinese", "chinois", "\u0627\u0644\u0635\u064A\u0646\u064A\u0629",
     "\u05E1\u05D9\u05E0\u05D9\u05EA"},
};

const char *ui_language_name(const char *locale, const char *code)
{
    if (!code)
        return "";
    for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++)
        if (locale_is(code, languages[i].code))
            return locale_is(locale, "fr")   ? languages[i].fr
                   : locale_is(locale, "ar") ? languages[i].ar
                   : locale_is(locale, "he") ? languages[i].he
                                             : languages[i].en;
    return code;
}
