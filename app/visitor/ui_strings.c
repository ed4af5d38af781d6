/* ui_strings.c - English and French UI strings.
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

const char *ui_string(const char *locale, enum ui_string_id id)
{
    if ((unsigned)id >= UI_STRING_COUNT)
        return "";
    const char *s = locale_is(locale, "fr") ? fr[id] : en[id];
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

/* Languages a quote is most often said in, named in English and in French. */
static const struct {
    const char *code, *en, *fr;
} languages[] = {
    {"ar", "Arabic", "arabe"},
    {"de", "German", "allemand"},
    {"en", "English", "anglais"},
    {"es", "Spanish", "espagnol"},
    {"fr", "French",
     "fran\xC3\xA7"
     "ais"},
    {"he", "Hebrew",
     "h\xC3\xA9"
     "breu"},
    {"hi", "Hindi", "hindi"},
    {"it", "Italian", "italien"},
    {"ja", "Japanese", "japonais"},
    {"ko", "Korean",
     "cor\xC3\xA9"
     "en"},
    {"nl", "Dutch",
     "n\xC3\xA9"
     "erlandais"},
    {"pl", "Polish", "polonais"},
    {"pt", "Portuguese", "portugais"},
    {"ru", "Russian", "russe"},
    {"uk", "Ukrainian", "ukrainien"},
    {"zh", "Chinese", "chinois"},
};

const char *ui_language_name(const char *locale, const char *code)
{
    if (!code)
        return "";
    for (size_t i = 0; i < sizeof languages / sizeof languages[0]; i++)
        if (locale_is(code, languages[i].code))
            return locale_is(locale, "fr") ? languages[i].fr : languages[i].en;
    return code;
}
