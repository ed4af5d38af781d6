/* ui_strings.c - the kiosk's own words: one table per language, a
 * visitor's strings in 36 languages and the staff screen's in English,
 * French, German, Spanish and Italian (the others fall back to English
 * string by string).
 *
 * Each language's own typography: a no-break space (U+00A0) between the
 * seconds and their unit ("7 s", "7 δευτ.", "7 mp"), so they never part at a
 * line break, and none in Chinese, Japanese and Korean ("7秒", "7초"); French
 * sets a narrow no-break space (U+202F) before "?" and a no-break space
 * before ":"; Spanish opens a question with "¿", Greek ends it with ";",
 * Arabic with "؟"; Chinese and Japanese write full-width "？" and "：";
 * Hindi ends a sentence with "।", Thai with none. Button labels end with no
 * stop. The words are a museum's: polite address where a language has one
 * (Sie, vous, usted, Вы), short imperatives on buttons. */
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
    [UI_SOURCE] = "Source:",
    [UI_SOURCES] = "Sources:",
    [UI_LARGER_FULL] = "This page’s text is as large as the screen allows.",
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

/* ui_words' visitor strings are the exhibit's keys, in the same order */
_Static_assert(UI_LARGER_FULL + 1 == UI_KEY_COUNT, "UI_START..UI_LARGER_FULL are ui_keys");
_Static_assert(UI_BACK_IN == UI_KEY_BACK_IN, "back_in is the template");

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
    [UI_SOURCE] = "Source" NBSP ":",
    [UI_SOURCES] = "Sources" NBSP ":",
    [UI_LARGER_FULL] = "Le texte de cette page est déjà aussi grand que l’écran le permet.",
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
    [UI_SOURCE] = "المصدر:",
    [UI_SOURCES] = "المصادر:",
    [UI_LARGER_FULL] = "نص هذه الصفحة بأكبر حجم تسمح به الشاشة.",
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
    [UI_SOURCE] = "מקור:",
    [UI_SOURCES] = "מקורות:",
    [UI_LARGER_FULL] = "הטקסט בעמוד זה גדול ככל שהמסך מאפשר.",
};

/* The other languages: what a visitor reads, and in German, Spanish and
 * Italian the staff screen's words too (English in the others). Seconds as
 * each language abbreviates them. */
static const char *const de[UI_STRING_COUNT] = {
    [UI_START] = "Anfang",
    [UI_CHAPTERS] = "Kapitel",
    [UI_CLOSE] = "Schließen",
    [UI_STILL_THERE] = "Noch da?",
    [UI_KEEP_EXPLORING] = "Berühren Sie den Bildschirm, um weiter zu entdecken.",
    [UI_BACK_IN] = "Zurück zum Anfang in %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Berühren und entdecken",
    [UI_PREVIOUS] = "Zurück",
    [UI_NEXT] = "Weiter",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Quelle:",
    [UI_SOURCES] = "Quellen:",
    [UI_LARGER_FULL] = "Der Text dieser Seite ist schon so groß, wie der Bildschirm es erlaubt.",
    [UI_STAFF_PIN] = "Personal-PIN",
    [UI_STAFF_PIN_HINT] = "PIN eingeben, dann OK.",
    [UI_STAFF_WRONG_PIN] = "Falsche PIN",
    [UI_STAFF_LOCKED] = "Gesperrt: erneut versuchen in %d" NBSP "s",
    [UI_STAFF_TOO_SHORT] = "Eine PIN hat mindestens %d Ziffern.",
    [UI_STAFF_CLEAR] = "Löschen",
    [UI_STAFF_OK] = "OK",
    [UI_STAFF_CANCEL] = "Abbrechen",
    [UI_STAFF_TITLE] = "Personal",
    [UI_STAFF_VERSION] = "Version",
    [UI_STAFF_SIGNER] = "Signiert von",
    [UI_STAFF_ATTENTION] = "Von selbst geändert",
    [UI_STAFF_LAST_IMPORT] = "Letzter Import",
    [UI_STAFF_LAST_EXPORT] = "Statistik-Export",
    [UI_STAFF_STORAGE] = "Speicher",
    [UI_STAFF_SETTINGS] = "Einstellungen",
    [UI_STAFF_LOG] = "Letzte Meldungen",
    [UI_STAFF_ROLLBACK] = "Zur vorherigen Ausstellung zurück",
    [UI_STAFF_NO_ROLLBACK] = "Zurück: noch keine vorherige Ausstellung",
    [UI_STAFF_RELOAD] = "Erneut vom Stick laden",
    [UI_STAFF_EXPORT] = "Statistik auf den Stick exportieren",
    [UI_STAFF_EXIT] = "Kiosk beenden",
    [UI_STAFF_EXIT_AGAIN] = "Zum Beenden erneut tippen",
    [UI_STAFF_NOT_LOADED] = "Nicht geladen",
    [UI_STAFF_UNCHANGED] = "Die Ausstellung auf dem Bildschirm ist unverändert.",
    [UI_STAFF_DISMISS] = "Zum Schließen tippen",
};

static const char *const es[UI_STRING_COUNT] = {
    [UI_START] = "Inicio",
    [UI_CHAPTERS] = "Capítulos",
    [UI_CLOSE] = "Cerrar",
    [UI_STILL_THERE] = "¿Sigue ahí?",
    [UI_KEEP_EXPLORING] = "Toque la pantalla para seguir explorando.",
    [UI_BACK_IN] = "Volvemos al inicio en %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Toque para explorar",
    [UI_PREVIOUS] = "Anterior",
    [UI_NEXT] = "Siguiente",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Fuente:",
    [UI_SOURCES] = "Fuentes:",
    [UI_LARGER_FULL] = "El texto de esta página ya es tan grande como permite la pantalla.",
    [UI_STAFF_PIN] = "PIN del personal",
    [UI_STAFF_PIN_HINT] = "Escriba el PIN y pulse OK.",
    [UI_STAFF_WRONG_PIN] = "PIN incorrecto",
    [UI_STAFF_LOCKED] = "Bloqueado: vuelva a intentarlo en %d" NBSP "s",
    [UI_STAFF_TOO_SHORT] = "Un PIN tiene al menos %d dígitos.",
    [UI_STAFF_CLEAR] = "Borrar",
    [UI_STAFF_OK] = "OK",
    [UI_STAFF_CANCEL] = "Cancelar",
    [UI_STAFF_TITLE] = "Personal",
    [UI_STAFF_VERSION] = "Versión",
    [UI_STAFF_SIGNER] = "Firmado por",
    [UI_STAFF_ATTENTION] = "Cambiado por sí solo",
    [UI_STAFF_LAST_IMPORT] = "Última importación",
    [UI_STAFF_LAST_EXPORT] = "Exportación de estadísticas",
    [UI_STAFF_STORAGE] = "Almacenamiento",
    [UI_STAFF_SETTINGS] = "Ajustes",
    [UI_STAFF_LOG] = "Mensajes recientes",
    [UI_STAFF_ROLLBACK] = "Volver a la exposición anterior",
    [UI_STAFF_NO_ROLLBACK] = "Volver atrás: aún no hay exposición anterior",
    [UI_STAFF_RELOAD] = "Cargar de nuevo desde la memoria USB",
    [UI_STAFF_EXPORT] = "Exportar las estadísticas a la memoria USB",
    [UI_STAFF_EXIT] = "Salir del quiosco",
    [UI_STAFF_EXIT_AGAIN] = "Toque de nuevo para salir",
    [UI_STAFF_NOT_LOADED] = "No cargada",
    [UI_STAFF_UNCHANGED] = "La exposición en pantalla no ha cambiado.",
    [UI_STAFF_DISMISS] = "Toque para cerrar",
};

static const char *const it[UI_STRING_COUNT] = {
    [UI_START] = "Inizio",
    [UI_CHAPTERS] = "Capitoli",
    [UI_CLOSE] = "Chiudi",
    [UI_STILL_THERE] = "Ci sei ancora?",
    [UI_KEEP_EXPLORING] = "Tocca lo schermo per continuare la visita.",
    [UI_BACK_IN] = "Si torna all’inizio tra %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Tocca per esplorare",
    [UI_PREVIOUS] = "Precedente",
    [UI_NEXT] = "Successivo",
    [UI_ORIGINAL] = "Originale",
    [UI_SOURCE] = "Fonte:",
    [UI_SOURCES] = "Fonti:",
    [UI_LARGER_FULL] = "Il testo di questa pagina è già grande quanto lo schermo consente.",
    [UI_STAFF_PIN] = "PIN del personale",
    [UI_STAFF_PIN_HINT] = "Digita il PIN, poi OK.",
    [UI_STAFF_WRONG_PIN] = "PIN errato",
    [UI_STAFF_LOCKED] = "Bloccato: riprova tra %d" NBSP "s",
    [UI_STAFF_TOO_SHORT] = "Un PIN ha almeno %d cifre.",
    [UI_STAFF_CLEAR] = "Cancella",
    [UI_STAFF_OK] = "OK",
    [UI_STAFF_CANCEL] = "Annulla",
    [UI_STAFF_TITLE] = "Personale",
    [UI_STAFF_VERSION] = "Versione",
    [UI_STAFF_SIGNER] = "Firmato da",
    [UI_STAFF_ATTENTION] = "Cambiato da solo",
    [UI_STAFF_LAST_IMPORT] = "Ultima importazione",
    [UI_STAFF_LAST_EXPORT] = "Esportazione delle statistiche",
    [UI_STAFF_STORAGE] = "Memoria",
    [UI_STAFF_SETTINGS] = "Impostazioni",
    [UI_STAFF_LOG] = "Messaggi recenti",
    [UI_STAFF_ROLLBACK] = "Torna alla mostra precedente",
    [UI_STAFF_NO_ROLLBACK] = "Torna indietro: nessuna mostra precedente",
    [UI_STAFF_RELOAD] = "Ricarica dalla chiavetta",
    [UI_STAFF_EXPORT] = "Esporta le statistiche sulla chiavetta",
    [UI_STAFF_EXIT] = "Esci dal chiosco",
    [UI_STAFF_EXIT_AGAIN] = "Tocca di nuovo per uscire",
    [UI_STAFF_NOT_LOADED] = "Non caricata",
    [UI_STAFF_UNCHANGED] = "La mostra sullo schermo non è cambiata.",
    [UI_STAFF_DISMISS] = "Tocca per chiudere",
};

/* Portuguese of Portugal and of Brazil alike: "toque" and no "ecrã"/"tela" */
static const char *const pt[UI_STRING_COUNT] = {
    [UI_START] = "Início",
    [UI_CHAPTERS] = "Capítulos",
    [UI_CLOSE] = "Fechar",
    [UI_STILL_THERE] = "Ainda está aí?",
    [UI_KEEP_EXPLORING] = "Toque para continuar a visita.",
    [UI_BACK_IN] = "Voltamos ao início em %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Toque para explorar",
    [UI_PREVIOUS] = "Anterior",
    [UI_NEXT] = "Seguinte",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Fonte:",
    [UI_SOURCES] = "Fontes:",
    [UI_LARGER_FULL] = "O texto desta página já é tão grande quanto o ecrã permite.",
};

static const char *const nl[UI_STRING_COUNT] = {
    [UI_START] = "Begin",
    [UI_CHAPTERS] = "Hoofdstukken",
    [UI_CLOSE] = "Sluiten",
    [UI_STILL_THERE] = "Bent u er nog?",
    [UI_KEEP_EXPLORING] = "Raak het scherm aan om verder te kijken.",
    [UI_BACK_IN] = "Terug naar het begin over %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Raak aan om te ontdekken",
    [UI_PREVIOUS] = "Vorige",
    [UI_NEXT] = "Volgende",
    [UI_ORIGINAL] = "Origineel",
    [UI_SOURCE] = "Bron:",
    [UI_SOURCES] = "Bronnen:",
    [UI_LARGER_FULL] = "De tekst op deze pagina is al zo groot als het scherm toelaat.",
};

static const char *const da[UI_STRING_COUNT] = {
    [UI_START] = "Start",
    [UI_CHAPTERS] = "Kapitler",
    [UI_CLOSE] = "Luk",
    [UI_STILL_THERE] = "Er du der stadig?",
    [UI_KEEP_EXPLORING] = "Rør ved skærmen for at fortsætte.",
    [UI_BACK_IN] = "Tilbage til start om %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Rør og gå på opdagelse",
    [UI_PREVIOUS] = "Forrige",
    [UI_NEXT] = "Næste",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Kilde:",
    [UI_SOURCES] = "Kilder:",
    [UI_LARGER_FULL] = "Teksten på denne side er allerede så stor, som skærmen tillader.",
};

static const char *const sv[UI_STRING_COUNT] = {
    [UI_START] = "Start",
    [UI_CHAPTERS] = "Kapitel",
    [UI_CLOSE] = "Stäng",
    [UI_STILL_THERE] = "Är du kvar?",
    [UI_KEEP_EXPLORING] = "Tryck på skärmen för att fortsätta utforska.",
    [UI_BACK_IN] = "Tillbaka till början om %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Tryck för att utforska",
    [UI_PREVIOUS] = "Föregående",
    [UI_NEXT] = "Nästa",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Källa:",
    [UI_SOURCES] = "Källor:",
    [UI_LARGER_FULL] = "Texten på den här sidan är redan så stor som skärmen tillåter.",
};

static const char *const fi[UI_STRING_COUNT] = {
    [UI_START] = "Alkuun",
    [UI_CHAPTERS] = "Luvut",
    [UI_CLOSE] = "Sulje",
    [UI_STILL_THERE] = "Oletko vielä siellä?",
    [UI_KEEP_EXPLORING] = "Jatka tutkimista koskettamalla näyttöä.",
    [UI_BACK_IN] = "Paluu alkuun %d" NBSP "s:n kuluttua",
    [UI_TOUCH_TO_EXPLORE] = "Kosketa ja tutki",
    [UI_PREVIOUS] = "Edellinen",
    [UI_NEXT] = "Seuraava",
    [UI_ORIGINAL] = "Alkuperäinen",
    [UI_SOURCE] = "Lähde:",
    [UI_SOURCES] = "Lähteet:",
    [UI_LARGER_FULL] = "Tämän sivun teksti on jo niin suuri kuin näyttö sallii.",
};

static const char *const et[UI_STRING_COUNT] = {
    [UI_START] = "Algusesse",
    [UI_CHAPTERS] = "Peatükid",
    [UI_CLOSE] = "Sulge",
    [UI_STILL_THERE] = "Kas olete veel siin?",
    [UI_KEEP_EXPLORING] = "Puudutage ekraani, et edasi avastada.",
    [UI_BACK_IN] = "Tagasi algusesse %d" NBSP "s pärast",
    [UI_TOUCH_TO_EXPLORE] = "Puudutage ja avastage",
    [UI_PREVIOUS] = "Eelmine",
    [UI_NEXT] = "Järgmine",
    [UI_ORIGINAL] = "Originaal",
    [UI_SOURCE] = "Allikas:",
    [UI_SOURCES] = "Allikad:",
    [UI_LARGER_FULL] = "Selle lehe tekst on juba nii suur, kui ekraan lubab.",
};

static const char *const lv[UI_STRING_COUNT] = {
    [UI_START] = "Sākums",
    [UI_CHAPTERS] = "Nodaļas",
    [UI_CLOSE] = "Aizvērt",
    [UI_STILL_THERE] = "Vai jūs vēl esat šeit?",
    [UI_KEEP_EXPLORING] = "Pieskarieties ekrānam, lai turpinātu iepazīt.",
    [UI_BACK_IN] = "Atgriešanās sākumā pēc %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Pieskarieties, lai iepazītu",
    [UI_PREVIOUS] = "Iepriekšējais",
    [UI_NEXT] = "Nākamais",
    [UI_ORIGINAL] = "Oriģināls",
    [UI_SOURCE] = "Avots:",
    [UI_SOURCES] = "Avoti:",
    [UI_LARGER_FULL] = "Šīs lapas teksts jau ir tik liels, cik ekrāns atļauj.",
};

static const char *const lt[UI_STRING_COUNT] = {
    [UI_START] = "Pradžia",
    [UI_CHAPTERS] = "Skyriai",
    [UI_CLOSE] = "Uždaryti",
    [UI_STILL_THERE] = "Ar dar esate čia?",
    [UI_KEEP_EXPLORING] = "Palieskite ekraną ir tyrinėkite toliau.",
    [UI_BACK_IN] = "Grįšime į pradžią po %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Palieskite ir tyrinėkite",
    [UI_PREVIOUS] = "Ankstesnis",
    [UI_NEXT] = "Kitas",
    [UI_ORIGINAL] = "Originalas",
    [UI_SOURCE] = "Šaltinis:",
    [UI_SOURCES] = "Šaltiniai:",
    [UI_LARGER_FULL] = "Šio puslapio tekstas jau toks didelis, kiek leidžia ekranas.",
};

static const char *const pl[UI_STRING_COUNT] = {
    [UI_START] = "Początek",
    [UI_CHAPTERS] = "Rozdziały",
    [UI_CLOSE] = "Zamknij",
    [UI_STILL_THERE] = "Czy nadal tu jesteś?",
    [UI_KEEP_EXPLORING] = "Dotknij ekranu, aby zwiedzać dalej.",
    [UI_BACK_IN] = "Powrót na początek za %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Dotknij, aby odkrywać",
    [UI_PREVIOUS] = "Poprzedni",
    [UI_NEXT] = "Następny",
    [UI_ORIGINAL] = "Oryginał",
    [UI_SOURCE] = "Źródło:",
    [UI_SOURCES] = "Źródła:",
    [UI_LARGER_FULL] = "Tekst tej strony jest już tak duży, jak pozwala ekran.",
};

static const char *const cs[UI_STRING_COUNT] = {
    [UI_START] = "Začátek",
    [UI_CHAPTERS] = "Kapitoly",
    [UI_CLOSE] = "Zavřít",
    [UI_STILL_THERE] = "Jste tu ještě?",
    [UI_KEEP_EXPLORING] = "Dotkněte se obrazovky a pokračujte v prohlídce.",
    [UI_BACK_IN] = "Návrat na začátek za %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Dotkněte se a objevujte",
    [UI_PREVIOUS] = "Předchozí",
    [UI_NEXT] = "Další",
    [UI_ORIGINAL] = "Originál",
    [UI_SOURCE] = "Zdroj:",
    [UI_SOURCES] = "Zdroje:",
    [UI_LARGER_FULL] = "Text této stránky je už tak velký, jak obrazovka dovolí.",
};

static const char *const sk[UI_STRING_COUNT] = {
    [UI_START] = "Začiatok",
    [UI_CHAPTERS] = "Kapitoly",
    [UI_CLOSE] = "Zavrieť",
    [UI_STILL_THERE] = "Ste tu ešte?",
    [UI_KEEP_EXPLORING] = "Dotknite sa obrazovky a pokračujte v prehliadke.",
    [UI_BACK_IN] = "Návrat na začiatok o %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Dotknite sa a objavujte",
    [UI_PREVIOUS] = "Predchádzajúci",
    [UI_NEXT] = "Ďalší",
    [UI_ORIGINAL] = "Originál",
    [UI_SOURCE] = "Zdroj:",
    [UI_SOURCES] = "Zdroje:",
    [UI_LARGER_FULL] = "Text tejto stránky je už taký veľký, ako obrazovka dovolí.",
};

static const char *const sl[UI_STRING_COUNT] = {
    [UI_START] = "Začetek",
    [UI_CHAPTERS] = "Poglavja",
    [UI_CLOSE] = "Zapri",
    [UI_STILL_THERE] = "Ste še tu?",
    [UI_KEEP_EXPLORING] = "Dotaknite se zaslona za nadaljevanje ogleda.",
    [UI_BACK_IN] = "Vrnitev na začetek čez %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Dotaknite se in raziščite",
    [UI_PREVIOUS] = "Prejšnji",
    [UI_NEXT] = "Naslednji",
    [UI_ORIGINAL] = "Izvirnik",
    [UI_SOURCE] = "Vir:",
    [UI_SOURCES] = "Viri:",
    [UI_LARGER_FULL] = "Besedilo te strani je že tako veliko, kot dopušča zaslon.",
};

static const char *const hr[UI_STRING_COUNT] = {
    [UI_START] = "Početak",
    [UI_CHAPTERS] = "Poglavlja",
    [UI_CLOSE] = "Zatvori",
    [UI_STILL_THERE] = "Jeste li još ovdje?",
    [UI_KEEP_EXPLORING] = "Dodirnite zaslon za nastavak razgledavanja.",
    [UI_BACK_IN] = "Povratak na početak za %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Dodirnite i istražite",
    [UI_PREVIOUS] = "Prethodno",
    [UI_NEXT] = "Sljedeće",
    [UI_ORIGINAL] = "Izvornik",
    [UI_SOURCE] = "Izvor:",
    [UI_SOURCES] = "Izvori:",
    [UI_LARGER_FULL] = "Tekst ove stranice već je onoliko velik koliko zaslon dopušta.",
};

static const char *const hu[UI_STRING_COUNT] = {
    [UI_START] = "Elejére",
    [UI_CHAPTERS] = "Fejezetek",
    [UI_CLOSE] = "Bezárás",
    [UI_STILL_THERE] = "Még itt van?",
    [UI_KEEP_EXPLORING] = "Érintse meg a képernyőt a folytatáshoz.",
    [UI_BACK_IN] = "Visszatérés az elejére %d" NBSP "mp múlva",
    [UI_TOUCH_TO_EXPLORE] = "Érintse meg és fedezze fel",
    [UI_PREVIOUS] = "Előző",
    [UI_NEXT] = "Következő",
    [UI_ORIGINAL] = "Eredeti",
    [UI_SOURCE] = "Forrás:",
    [UI_SOURCES] = "Források:",
    [UI_LARGER_FULL] = "Ennek az oldalnak a szövege már akkora, amekkorát a képernyő enged.",
};

static const char *const ro[UI_STRING_COUNT] = {
    [UI_START] = "Început",
    [UI_CHAPTERS] = "Capitole",
    [UI_CLOSE] = "Închide",
    [UI_STILL_THERE] = "Mai sunteți aici?",
    [UI_KEEP_EXPLORING] = "Atingeți ecranul pentru a continua explorarea.",
    [UI_BACK_IN] = "Revenire la început în %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Atingeți pentru a explora",
    [UI_PREVIOUS] = "Anterior",
    [UI_NEXT] = "Următor",
    [UI_ORIGINAL] = "Original",
    [UI_SOURCE] = "Sursă:",
    [UI_SOURCES] = "Surse:",
    [UI_LARGER_FULL] = "Textul acestei pagini este deja atât de mare cât permite ecranul.",
};

static const char *const bg[UI_STRING_COUNT] = {
    [UI_START] = "Начало",
    [UI_CHAPTERS] = "Глави",
    [UI_CLOSE] = "Затвори",
    [UI_STILL_THERE] = "Още ли сте тук?",
    [UI_KEEP_EXPLORING] = "Докоснете екрана, за да продължите разглеждането.",
    [UI_BACK_IN] = "Връщане към началото след %d" NBSP "с",
    [UI_TOUCH_TO_EXPLORE] = "Докоснете, за да разгледате",
    [UI_PREVIOUS] = "Предишна",
    [UI_NEXT] = "Следваща",
    [UI_ORIGINAL] = "Оригинал",
    [UI_SOURCE] = "Източник:",
    [UI_SOURCES] = "Източници:",
    [UI_LARGER_FULL] = "Текстът на тази страница вече е толкова голям, колкото позволява екранът.",
};

/* Greek ends a question with ";" (U+003B: U+037E is the same character
 * once normalised) */
static const char *const el[UI_STRING_COUNT] = {
    [UI_START] = "Αρχή",
    [UI_CHAPTERS] = "Κεφάλαια",
    [UI_CLOSE] = "Κλείσιμο",
    [UI_STILL_THERE] = "Είστε ακόμη εδώ;",
    [UI_KEEP_EXPLORING] = "Αγγίξτε την οθόνη για να συνεχίσετε την εξερεύνηση.",
    [UI_BACK_IN] = "Επιστροφή στην αρχή σε %d" NBSP "δευτ.",
    [UI_TOUCH_TO_EXPLORE] = "Αγγίξτε για εξερεύνηση",
    [UI_PREVIOUS] = "Προηγούμενο",
    [UI_NEXT] = "Επόμενο",
    [UI_ORIGINAL] = "Πρωτότυπο",
    [UI_SOURCE] = "Πηγή:",
    [UI_SOURCES] = "Πηγές:",
    [UI_LARGER_FULL] = "Το κείμενο αυτής της σελίδας είναι ήδη όσο μεγάλο επιτρέπει η οθόνη.",
};

static const char *const mt[UI_STRING_COUNT] = {
    [UI_START] = "Bidu",
    [UI_CHAPTERS] = "Kapitoli",
    [UI_CLOSE] = "Agħlaq",
    [UI_STILL_THERE] = "Għadek hawn?",
    [UI_KEEP_EXPLORING] = "Mess l-iskrin biex tkompli tesplora.",
    [UI_BACK_IN] = "Lura għall-bidu fi %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Mess biex tesplora",
    [UI_PREVIOUS] = "Ta’ qabel",
    [UI_NEXT] = "Li jmiss",
    [UI_ORIGINAL] = "Oriġinali",
    [UI_SOURCE] = "Sors:",
    [UI_SOURCES] = "Sorsi:",
    [UI_LARGER_FULL] = "It-test ta’ din il-paġna diġà huwa kbir daqs kemm jippermetti l-iskrin.",
};

static const char *const ga[UI_STRING_COUNT] = {
    [UI_START] = "Tús",
    [UI_CHAPTERS] = "Caibidlí",
    [UI_CLOSE] = "Dún",
    [UI_STILL_THERE] = "An bhfuil tú ann fós?",
    [UI_KEEP_EXPLORING] = "Teagmhaigh leis an scáileán chun leanúint ar aghaidh.",
    [UI_BACK_IN] = "Ar ais go dtí an tús i gceann %d" NBSP "s",
    [UI_TOUCH_TO_EXPLORE] = "Teagmhaigh chun taiscéaladh",
    [UI_PREVIOUS] = "Roimhe seo",
    [UI_NEXT] = "Ar aghaidh",
    [UI_ORIGINAL] = "Bunleagan",
    [UI_SOURCE] = "Foinse:",
    [UI_SOURCES] = "Foinsí:",
    [UI_LARGER_FULL] = "Tá téacs an leathanaigh seo chomh mór agus a cheadaíonn an scáileán.",
};

static const char *const ru[UI_STRING_COUNT] = {
    [UI_START] = "В начало",
    [UI_CHAPTERS] = "Главы",
    [UI_CLOSE] = "Закрыть",
    [UI_STILL_THERE] = "Вы ещё здесь?",
    [UI_KEEP_EXPLORING] = "Коснитесь экрана, чтобы продолжить осмотр.",
    [UI_BACK_IN] = "Возврат в начало через %d" NBSP "с",
    [UI_TOUCH_TO_EXPLORE] = "Коснитесь, чтобы начать",
    [UI_PREVIOUS] = "Назад",
    [UI_NEXT] = "Далее",
    [UI_ORIGINAL] = "Оригинал",
    [UI_SOURCE] = "Источник:",
    [UI_SOURCES] = "Источники:",
    [UI_LARGER_FULL] = "Текст этой страницы уже настолько крупный, насколько позволяет экран.",
};

static const char *const uk[UI_STRING_COUNT] = {
    [UI_START] = "На початок",
    [UI_CHAPTERS] = "Розділи",
    [UI_CLOSE] = "Закрити",
    [UI_STILL_THERE] = "Ви ще тут?",
    [UI_KEEP_EXPLORING] = "Торкніться екрана, щоб продовжити огляд.",
    [UI_BACK_IN] = "Повернення на початок через %d" NBSP "с",
    [UI_TOUCH_TO_EXPLORE] = "Торкніться, щоб почати",
    [UI_PREVIOUS] = "Назад",
    [UI_NEXT] = "Далі",
    [UI_ORIGINAL] = "Оригінал",
    [UI_SOURCE] = "Джерело:",
    [UI_SOURCES] = "Джерела:",
    [UI_LARGER_FULL] = "Текст цієї сторінки вже такий великий, як дозволяє екран.",
};

static const char *const tr[UI_STRING_COUNT] = {
    [UI_START] = "Başa dön",
    [UI_CHAPTERS] = "Bölümler",
    [UI_CLOSE] = "Kapat",
    [UI_STILL_THERE] = "Hâlâ burada mısınız?",
    [UI_KEEP_EXPLORING] = "Keşfetmeye devam etmek için ekrana dokunun.",
    [UI_BACK_IN] = "%d" NBSP "sn içinde başa dönülecek",
    [UI_TOUCH_TO_EXPLORE] = "Keşfetmek için dokunun",
    [UI_PREVIOUS] = "Önceki",
    [UI_NEXT] = "Sonraki",
    [UI_ORIGINAL] = "Orijinal",
    [UI_SOURCE] = "Kaynak:",
    [UI_SOURCES] = "Kaynaklar:",
    [UI_LARGER_FULL] = "Bu sayfanın yazısı ekranın izin verdiği kadar büyük.",
};

static const char *const hi[UI_STRING_COUNT] = {
    [UI_START] = "शुरुआत",
    [UI_CHAPTERS] = "अध्याय",
    [UI_CLOSE] = "बंद करें",
    [UI_STILL_THERE] = "क्या आप अभी भी यहाँ हैं?",
    [UI_KEEP_EXPLORING] = "आगे देखने के लिए स्क्रीन को छुएँ।",
    [UI_BACK_IN] = "%d" NBSP "सेकंड में शुरुआत पर वापसी",
    [UI_TOUCH_TO_EXPLORE] = "देखने के लिए छुएँ",
    [UI_PREVIOUS] = "पिछला",
    [UI_NEXT] = "अगला",
    [UI_ORIGINAL] = "मूल",
    [UI_SOURCE] = "स्रोत:",
    [UI_SOURCES] = "स्रोत:",
    [UI_LARGER_FULL] = "इस पृष्ठ का पाठ स्क्रीन पर जितना बड़ा हो सकता है, उतना ही है।",
};

/* Thai: polite and without a question mark or a stop */
static const char *const th[UI_STRING_COUNT] = {
    [UI_START] = "เริ่มต้น",
    [UI_CHAPTERS] = "บท",
    [UI_CLOSE] = "ปิด",
    [UI_STILL_THERE] = "ยังชมอยู่หรือไม่",
    [UI_KEEP_EXPLORING] = "แตะหน้าจอเพื่อชมต่อ",
    [UI_BACK_IN] = "กลับสู่จุดเริ่มต้นใน %d" NBSP "วินาที",
    [UI_TOUCH_TO_EXPLORE] = "แตะเพื่อเริ่มชม",
    [UI_PREVIOUS] = "ก่อนหน้า",
    [UI_NEXT] = "ถัดไป",
    [UI_ORIGINAL] = "ต้นฉบับ",
    [UI_SOURCE] = "ที่มา:",
    [UI_SOURCES] = "ที่มา:",
    [UI_LARGER_FULL] = "ข้อความในหน้านี้ใหญ่ที่สุดเท่าที่หน้าจอแสดงได้แล้ว",
};

static const char *const ja[UI_STRING_COUNT] = {
    [UI_START] = "最初へ",
    [UI_CHAPTERS] = "目次",
    [UI_CLOSE] = "閉じる",
    [UI_STILL_THERE] = "まだご覧になっていますか？",
    [UI_KEEP_EXPLORING] = "画面に触れると、続けてご覧いただけます。",
    [UI_BACK_IN] = "%d秒後に最初に戻ります",
    [UI_TOUCH_TO_EXPLORE] = "画面に触れてご覧ください",
    [UI_PREVIOUS] = "前へ",
    [UI_NEXT] = "次へ",
    [UI_ORIGINAL] = "原文",
    [UI_SOURCE] = "出典：",
    [UI_SOURCES] = "出典：",
    [UI_LARGER_FULL] = "このページの文字は、画面に収まる最大の大きさです。",
};

static const char *const zh_hans[UI_STRING_COUNT] = {
    [UI_START] = "首页",
    [UI_CHAPTERS] = "章节",
    [UI_CLOSE] = "关闭",
    [UI_STILL_THERE] = "您还在浏览吗？",
    [UI_KEEP_EXPLORING] = "触摸屏幕，继续浏览。",
    [UI_BACK_IN] = "%d秒后返回首页",
    [UI_TOUCH_TO_EXPLORE] = "触摸屏幕开始浏览",
    [UI_PREVIOUS] = "上一页",
    [UI_NEXT] = "下一页",
    [UI_ORIGINAL] = "原文",
    [UI_SOURCE] = "来源：",
    [UI_SOURCES] = "来源：",
    [UI_LARGER_FULL] = "本页文字已是屏幕所能显示的最大字号。",
};

static const char *const zh_hant[UI_STRING_COUNT] = {
    [UI_START] = "首頁",
    [UI_CHAPTERS] = "章節",
    [UI_CLOSE] = "關閉",
    [UI_STILL_THERE] = "您還在瀏覽嗎？",
    [UI_KEEP_EXPLORING] = "觸碰螢幕，繼續瀏覽。",
    [UI_BACK_IN] = "%d秒後返回首頁",
    [UI_TOUCH_TO_EXPLORE] = "觸碰螢幕開始瀏覽",
    [UI_PREVIOUS] = "上一頁",
    [UI_NEXT] = "下一頁",
    [UI_ORIGINAL] = "原文",
    [UI_SOURCE] = "來源：",
    [UI_SOURCES] = "來源：",
    [UI_LARGER_FULL] = "本頁文字已是螢幕所能顯示的最大字級。",
};

static const char *const ko[UI_STRING_COUNT] = {
    [UI_START] = "처음으로",
    [UI_CHAPTERS] = "목차",
    [UI_CLOSE] = "닫기",
    [UI_STILL_THERE] = "아직 보고 계신가요?",
    [UI_KEEP_EXPLORING] = "계속 보시려면 화면을 터치하세요.",
    [UI_BACK_IN] = "%d초 후 처음으로 돌아갑니다",
    [UI_TOUCH_TO_EXPLORE] = "터치하여 둘러보기",
    [UI_PREVIOUS] = "이전",
    [UI_NEXT] = "다음",
    [UI_ORIGINAL] = "원문",
    [UI_SOURCE] = "출처:",
    [UI_SOURCES] = "출처:",
    [UI_LARGER_FULL] = "이 페이지의 글자는 이미 화면이 허용하는 가장 큰 크기입니다.",
};

/* Every built-in language; "zh-Hant" is matched apart (builtin_table). */
static const struct {
    const char *lang;
    const char *const *text;
} builtin[] = {
    {"en", en}, {"fr", fr}, {"de", de}, {"es", es}, {"it", it}, {"pt", pt},      {"nl", nl},
    {"da", da}, {"sv", sv}, {"fi", fi}, {"et", et}, {"lv", lv}, {"lt", lt},      {"pl", pl},
    {"cs", cs}, {"sk", sk}, {"sl", sl}, {"hr", hr}, {"hu", hu}, {"ro", ro},      {"bg", bg},
    {"el", el}, {"mt", mt}, {"ga", ga}, {"ru", ru}, {"uk", uk}, {"tr", tr},      {"ar", ar},
    {"he", he}, {"hi", hi}, {"th", th}, {"ja", ja}, {"ko", ko}, {"zh", zh_hans},
};

/* 1 when a Chinese locale is written in Traditional characters: script
 * Hant, or (without a script) a region that writes them. */
static int chinese_traditional(const char *locale)
{
    char sub[5];
    int hans = 0, hant = 0, region = 0;
    for (const char *p = locale + 2; *p == '-' || *p == '_';) {
        size_t n = 0;
        for (p++; p[n] && p[n] != '-' && p[n] != '_'; n++)
            ;
        if (n < sizeof sub) {
            for (size_t i = 0; i < n; i++)
                sub[i] = (char)(p[i] | 0x20);
            sub[n] = 0;
            hans |= strcmp(sub, "hans") == 0;
            hant |= strcmp(sub, "hant") == 0;
            region |= strcmp(sub, "tw") == 0 || strcmp(sub, "hk") == 0 || strcmp(sub, "mo") == 0;
        }
        p += n;
    }
    return hant || (region && !hans);
}

/* locale's table, or NULL when its language has none. */
static const char *const *builtin_table(const char *locale)
{
    if (locale_is(locale, "zh") && chinese_traditional(locale))
        return zh_hant;
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
        if (locale_is(locale, builtin[i].lang))
            return builtin[i].text;
    /* Hebrew's old code, as some systems still write it */
    return locale_is(locale, "iw") ? he : NULL;
}

int ui_builtin(const char *locale)
{
    return builtin_table(locale) != NULL;
}

const char *ui_string(const char *locale, enum ui_string_id id)
{
    if ((unsigned)id >= UI_STRING_COUNT)
        return "";
    const char *const *t = builtin_table(locale);
    const char *s = t ? t[id] : NULL;
    return s ? s : en[id] ? en[id] : "";
}

void ui_words_init(struct ui_words *w, const char *locale, const char *const *own)
{
    w->locale = locale;
    for (int k = 0; k < UI_VISITOR_COUNT; k++) {
        const char *o = own ? own[k] : NULL;
        int ok = o && ui_key_check(k, o, strlen(o), NULL, NULL, 0) == 0;
        w->text[k] = ok ? o : ui_string(locale, (enum ui_string_id)k);
    }
}

const char *ui_word(const struct ui_words *w, enum ui_string_id id)
{
    if (!w)
        return ui_string(NULL, id);
    if ((unsigned)id < UI_VISITOR_COUNT)
        return w->text[id];
    return ui_string(w->locale, id);
}

/* s with its first "%d" replaced by n (no printf of s itself), cut at a
 * character boundary to fit cap. */
static size_t fill_template(const char *s, int n, char *buf, size_t cap)
{
    if (!buf || cap == 0)
        return 0;
    const char *at = strstr(s, "%d");
    char tmp[512];
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

size_t ui_format(const char *locale, enum ui_string_id id, int n, char *buf, size_t cap)
{
    return fill_template(ui_string(locale, id), n, buf, cap);
}

size_t ui_word_format(const struct ui_words *w, enum ui_string_id id, int n, char *buf, size_t cap)
{
    return fill_template(ui_word(w, id), n, buf, cap);
}

/* CLDR's names through ICU (locale_rules.h): in running text for the
 * "Original (anglais)" line, standalone for a language's own name. */
size_t ui_language_name(const char *locale, const char *code, char *buf, size_t cap)
{
    return locale_language_name(locale, code, 0, buf, cap);
}

size_t ui_language_autonym(const char *code, char *buf, size_t cap)
{
    return locale_language_name(code, code, 1, buf, cap);
}
