/* ui_strings.c - the kiosk's own words: one table per language, a
 * visitor's strings in 35 languages and the staff screen's in English,
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
    [UI_AUDIO_GUIDE] = "Audio guide on.",
    [UI_AUDIO_KEYS] = "Up and down move through the page. Left and right turn the page.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter chooses. Plus and minus change the volume. The help key says this again.",
    [UI_AUDIO_TOUCH] =
        "On the screen, touch to hear what is under your finger, and tap twice to choose.",
    [UI_LARGER_TEXT] = "Larger text",
    [UI_LANGUAGE] = "Language",
    [UI_PART_OF] = "{1} of {2}",
    [UI_PAGE_OF] = "Page {1} of {2}",
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
_Static_assert(UI_PAGE_OF + 1 == UI_KEY_COUNT, "UI_START..UI_PAGE_OF are ui_keys");
_Static_assert(UI_PART_OF == UI_KEY_PART_OF && UI_PAGE_OF == UI_KEY_PAGE_OF,
               "part_of and page_of are the \"{1}\" \"{2}\" templates");
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
    [UI_AUDIO_GUIDE] = "Guide audio activé.",
    [UI_AUDIO_KEYS] = "Les flèches haut et bas parcourent la page. Les flèches gauche et droite "
                      "changent de page.",
    [UI_AUDIO_KEYS_MORE] = "La touche Entrée valide. Plus et moins règlent le volume. La touche "
                           "d’aide répète ces consignes.",
    [UI_AUDIO_TOUCH] = "Sur l’écran, touchez pour entendre ce qui est sous votre doigt, et touchez "
                       "deux fois pour choisir.",
    [UI_LARGER_TEXT] = "Texte plus grand",
    [UI_LANGUAGE] = "Langue",
    [UI_PART_OF] = "{1} sur {2}",
    [UI_PAGE_OF] = "Page {1} sur {2}",
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
    [UI_AUDIO_GUIDE] = "تم تشغيل الدليل الصوتي.",
    [UI_AUDIO_KEYS] =
        "السهمان لأعلى ولأسفل للتنقل في الصفحة، والسهمان لليمين ولليسار لتقليب الصفحات.",
    [UI_AUDIO_KEYS_MORE] = "مفتاح الإدخال للاختيار. الزائد والناقص لتغيير مستوى الصوت. مفتاح "
                           "المساعدة يعيد هذه الإرشادات.",
    [UI_AUDIO_TOUCH] = "المس الشاشة لتسمع ما تحت إصبعك، واضغط مرتين للاختيار.",
    [UI_LARGER_TEXT] = "نص أكبر",
    [UI_LANGUAGE] = "اللغة",
    [UI_PART_OF] = "{1} من {2}",
    [UI_PAGE_OF] = "الصفحة {1} من {2}",
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
    [UI_AUDIO_GUIDE] = "מדריך השמע הופעל.",
    [UI_AUDIO_KEYS] = "החצים למעלה ולמטה נעים בתוך הדף. החצים ימינה ושמאלה מעבירים דף.",
    [UI_AUDIO_KEYS_MORE] =
        "מקש אנטר בוחר. פלוס ומינוס משנים את עוצמת הקול. מקש העזרה אומר זאת שוב.",
    [UI_AUDIO_TOUCH] = "געו במסך כדי לשמוע מה נמצא מתחת לאצבע, והקישו פעמיים כדי לבחור.",
    [UI_LARGER_TEXT] = "טקסט גדול יותר",
    [UI_LANGUAGE] = "שפה",
    [UI_PART_OF] = "{1} מתוך {2}",
    [UI_PAGE_OF] = "עמוד {1} מתוך {2}",
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
    [UI_AUDIO_GUIDE] = "Audioguide eingeschaltet.",
    [UI_AUDIO_KEYS] = "Mit den Pfeiltasten nach oben und unten gehen Sie durch die Seite, mit "
                      "links und rechts blättern Sie um.",
    [UI_AUDIO_KEYS_MORE] = "Die Eingabetaste wählt aus. Plus und Minus ändern die Lautstärke. Die "
                           "Hilfetaste sagt dies noch einmal.",
    [UI_AUDIO_TOUCH] = "Berühren Sie den Bildschirm, um zu hören, was unter Ihrem Finger ist, und "
                       "tippen Sie zweimal, um auszuwählen.",
    [UI_LARGER_TEXT] = "Größere Schrift",
    [UI_LANGUAGE] = "Sprache",
    [UI_PART_OF] = "{1} von {2}",
    [UI_PAGE_OF] = "Seite {1} von {2}",
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
    [UI_AUDIO_GUIDE] = "Audioguía activada.",
    [UI_AUDIO_KEYS] =
        "Las flechas arriba y abajo recorren la página. Izquierda y derecha cambian de página.",
    [UI_AUDIO_KEYS_MORE] = "La tecla Intro selecciona. Más y menos cambian el volumen. La tecla de "
                           "ayuda repite estas indicaciones.",
    [UI_AUDIO_TOUCH] =
        "En la pantalla, toque para oír lo que hay bajo su dedo, y toque dos veces para elegir.",
    [UI_LARGER_TEXT] = "Texto más grande",
    [UI_LANGUAGE] = "Idioma",
    [UI_PART_OF] = "{1} de {2}",
    [UI_PAGE_OF] = "Página {1} de {2}",
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
    [UI_AUDIO_GUIDE] = "Audioguida attiva.",
    [UI_AUDIO_KEYS] = "Le frecce su e giù scorrono la pagina. Sinistra e destra girano pagina.",
    [UI_AUDIO_KEYS_MORE] = "Invio conferma la scelta. Più e meno regolano il volume. Il tasto di "
                           "aiuto ripete queste istruzioni.",
    [UI_AUDIO_TOUCH] =
        "Sullo schermo, tocca per sentire cosa c’è sotto il dito, e tocca due volte per scegliere.",
    [UI_LARGER_TEXT] = "Testo più grande",
    [UI_LANGUAGE] = "Lingua",
    [UI_PART_OF] = "{1} su {2}",
    [UI_PAGE_OF] = "Pagina {1} di {2}",
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
    [UI_AUDIO_GUIDE] = "Audioguia ativado.",
    [UI_AUDIO_KEYS] =
        "As setas para cima e para baixo percorrem a página. Esquerda e direita mudam de página.",
    [UI_AUDIO_KEYS_MORE] = "A tecla Enter escolhe. Mais e menos mudam o volume. A tecla de ajuda "
                           "repete estas instruções.",
    [UI_AUDIO_TOUCH] =
        "Toque para ouvir o que está sob o seu dedo e toque duas vezes para escolher.",
    [UI_LARGER_TEXT] = "Texto maior",
    [UI_LANGUAGE] = "Idioma",
    [UI_PART_OF] = "{1} de {2}",
    [UI_PAGE_OF] = "Página {1} de {2}",
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
    [UI_AUDIO_GUIDE] = "Audiotour aan.",
    [UI_AUDIO_KEYS] =
        "Met omhoog en omlaag gaat u door de pagina. Met links en rechts slaat u de pagina om.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter kiest. Plus en min regelen het volume. De helptoets zegt dit nog een keer.",
    [UI_AUDIO_TOUCH] = "Raak het scherm aan om te horen wat er onder uw vinger staat, en tik twee "
                       "keer om te kiezen.",
    [UI_LARGER_TEXT] = "Grotere tekst",
    [UI_LANGUAGE] = "Taal",
    [UI_PART_OF] = "{1} van {2}",
    [UI_PAGE_OF] = "Pagina {1} van {2}",
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
    [UI_AUDIO_GUIDE] = "Lydguiden er slået til.",
    [UI_AUDIO_KEYS] = "Pil op og ned går gennem siden. Venstre og højre skifter side.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter vælger. Plus og minus ændrer lydstyrken. Hjælpetasten siger dette igen.",
    [UI_AUDIO_TOUCH] =
        "Rør ved skærmen for at høre, hvad der er under din finger, og tryk to gange for at vælge.",
    [UI_LARGER_TEXT] = "Større tekst",
    [UI_LANGUAGE] = "Sprog",
    [UI_PART_OF] = "{1} af {2}",
    [UI_PAGE_OF] = "Side {1} af {2}",
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
    [UI_AUDIO_GUIDE] = "Ljudguiden är på.",
    [UI_AUDIO_KEYS] = "Pil upp och ner går genom sidan. Vänster och höger byter sida.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter väljer. Plus och minus ändrar volymen. Hjälptangenten säger detta igen.",
    [UI_AUDIO_TOUCH] = "Tryck på skärmen för att höra vad som finns under fingret, och tryck två "
                       "gånger för att välja.",
    [UI_LARGER_TEXT] = "Större text",
    [UI_LANGUAGE] = "Språk",
    [UI_PART_OF] = "{1} av {2}",
    [UI_PAGE_OF] = "Sida {1} av {2}",
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
    [UI_AUDIO_GUIDE] = "Ääniopas on päällä.",
    [UI_AUDIO_KEYS] = "Nuolet ylös ja alas liikkuvat sivulla. Vasen ja oikea kääntävät sivua.",
    [UI_AUDIO_KEYS_MORE] = "Enter valitsee. Plus ja miinus säätävät äänenvoimakkuutta. Ohjenäppäin "
                           "toistaa tämän ohjeen.",
    [UI_AUDIO_TOUCH] =
        "Kosketa näyttöä, niin kuulet, mitä sormesi alla on. Valitse napauttamalla kahdesti.",
    [UI_LARGER_TEXT] = "Suurempi teksti",
    [UI_LANGUAGE] = "Kieli",
    [UI_PART_OF] = "{1}, yhteensä {2}",
    [UI_PAGE_OF] = "Sivu {1}, sivuja yhteensä {2}",
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
    [UI_AUDIO_GUIDE] = "Audiogiid on sees.",
    [UI_AUDIO_KEYS] = "Nooled üles ja alla liiguvad lehel. Vasak ja parem pööravad lehte.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter valib. Pluss ja miinus muudavad helitugevust. Abiklahv ütleb selle uuesti.",
    [UI_AUDIO_TOUCH] =
        "Puudutage ekraani, et kuulda, mis on teie sõrme all, ja puudutage kaks korda, et valida.",
    [UI_LARGER_TEXT] = "Suurem tekst",
    [UI_LANGUAGE] = "Keel",
    [UI_PART_OF] = "{1}, kokku {2}",
    [UI_PAGE_OF] = "Lehekülg {1}, kokku {2}",
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
    [UI_AUDIO_GUIDE] = "Audiogids ieslēgts.",
    [UI_AUDIO_KEYS] =
        "Bultiņas augšup un lejup pārvietojas pa lapu. Pa kreisi un pa labi pāršķir lapu.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter izvēlas. Plus un mīnus maina skaļumu. Palīdzības taustiņš to pasaka vēlreiz.",
    [UI_AUDIO_TOUCH] = "Pieskarieties ekrānam, lai dzirdētu, kas ir zem pirksta, un pieskarieties "
                       "divreiz, lai izvēlētos.",
    [UI_LARGER_TEXT] = "Lielāks teksts",
    [UI_LANGUAGE] = "Valoda",
    [UI_PART_OF] = "{1} no {2}",
    [UI_PAGE_OF] = "Lapa {1} no {2}",
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
    [UI_AUDIO_GUIDE] = "Garso gidas įjungtas.",
    [UI_AUDIO_KEYS] = "Rodyklės aukštyn ir žemyn juda puslapiu. Kairėn ir dešinėn verčia puslapį.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter pasirenka. Pliusas ir minusas keičia garsumą. Pagalbos klavišas tai pakartoja.",
    [UI_AUDIO_TOUCH] = "Palieskite ekraną, kad išgirstumėte, kas yra po pirštu, ir bakstelėkite du "
                       "kartus, kad pasirinktumėte.",
    [UI_LARGER_TEXT] = "Didesnis tekstas",
    [UI_LANGUAGE] = "Kalba",
    [UI_PART_OF] = "{1} iš {2}",
    [UI_PAGE_OF] = "Puslapis {1} iš {2}",
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
    [UI_AUDIO_GUIDE] = "Przewodnik audio włączony.",
    [UI_AUDIO_KEYS] =
        "Strzałki w górę i w dół przesuwają po stronie. W lewo i w prawo zmieniają stronę.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter wybiera. Plus i minus zmieniają głośność. Klawisz pomocy powtarza tę informację.",
    [UI_AUDIO_TOUCH] =
        "Dotknij ekranu, aby usłyszeć, co jest pod palcem, i stuknij dwa razy, aby wybrać.",
    [UI_LARGER_TEXT] = "Większy tekst",
    [UI_LANGUAGE] = "Język",
    [UI_PART_OF] = "{1} z {2}",
    [UI_PAGE_OF] = "Strona {1} z {2}",
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
    [UI_AUDIO_GUIDE] = "Audioprůvodce je zapnutý.",
    [UI_AUDIO_KEYS] =
        "Šipky nahoru a dolů procházejí stránkou. Šipky doleva a doprava otáčejí stránky.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter vybírá. Plus a minus mění hlasitost. Klávesa nápovědy to řekne znovu.",
    [UI_AUDIO_TOUCH] =
        "Dotkněte se obrazovky a uslyšíte, co je pod vaším prstem. Dvojím klepnutím vyberete.",
    [UI_LARGER_TEXT] = "Větší text",
    [UI_LANGUAGE] = "Jazyk",
    [UI_PART_OF] = "{1} z {2}",
    [UI_PAGE_OF] = "Strana {1} z {2}",
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
    [UI_AUDIO_GUIDE] = "Audiosprievodca je zapnutý.",
    [UI_AUDIO_KEYS] =
        "Šípky hore a dole prechádzajú stránkou. Šípky doľava a doprava otáčajú stránky.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter vyberá. Plus a mínus menia hlasitosť. Kláves pomocníka to povie znova.",
    [UI_AUDIO_TOUCH] = "Dotknite sa obrazovky a budete počuť, čo je pod vaším prstom. Dvojitým "
                       "ťuknutím vyberiete.",
    [UI_LARGER_TEXT] = "Väčší text",
    [UI_LANGUAGE] = "Jazyk",
    [UI_PART_OF] = "{1} z {2}",
    [UI_PAGE_OF] = "Strana {1} z {2}",
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
    [UI_AUDIO_GUIDE] = "Zvočni vodnik je vklopljen.",
    [UI_AUDIO_KEYS] = "Puščici gor in dol se premikata po strani. Levo in desno obračata stran.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter izbere. Plus in minus spreminjata glasnost. Tipka za pomoč to ponovi.",
    [UI_AUDIO_TOUCH] = "Dotaknite se zaslona, da slišite, kaj je pod vašim prstom, in se dvakrat "
                       "dotaknite, da izberete.",
    [UI_LARGER_TEXT] = "Večje besedilo",
    [UI_LANGUAGE] = "Jezik",
    [UI_PART_OF] = "{1} od {2}",
    [UI_PAGE_OF] = "Stran {1} od {2}",
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
    [UI_AUDIO_GUIDE] = "Audiovodič je uključen.",
    [UI_AUDIO_KEYS] = "Strelice gore i dolje kreću se po stranici. Lijevo i desno okreću stranicu.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter odabire. Plus i minus mijenjaju glasnoću. Tipka za pomoć ponavlja ovu uputu.",
    [UI_AUDIO_TOUCH] =
        "Dodirnite zaslon da biste čuli što je pod vašim prstom, a dvaput dodirnite za odabir.",
    [UI_LARGER_TEXT] = "Veći tekst",
    [UI_LANGUAGE] = "Jezik",
    [UI_PART_OF] = "{1} od {2}",
    [UI_PAGE_OF] = "Stranica {1} od {2}",
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
    [UI_AUDIO_GUIDE] = "Hangos útmutató bekapcsolva.",
    [UI_AUDIO_KEYS] = "A fel és le nyíllal a lapon mozoghat, a balra és jobbra nyíllal lapozhat.",
    [UI_AUDIO_KEYS_MORE] = "Az Enter kiválaszt. A plusz és a mínusz a hangerőt állítja. A súgó "
                           "billentyű ezt újra elmondja.",
    [UI_AUDIO_TOUCH] = "Érintse meg a képernyőt, és meghallja, mi van az ujja alatt. A "
                       "kiválasztáshoz koppintson kétszer.",
    [UI_LARGER_TEXT] = "Nagyobb szöveg",
    [UI_LANGUAGE] = "Nyelv",
    [UI_PART_OF] = "{1}, összesen {2}",
    [UI_PAGE_OF] = "{1}. oldal, összesen {2}",
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
    [UI_AUDIO_GUIDE] = "Ghidul audio este pornit.",
    [UI_AUDIO_KEYS] = "Săgețile sus și jos parcurg pagina. Stânga și dreapta întorc pagina.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter alege. Plus și minus schimbă volumul. Tasta de ajutor repetă aceste indicații.",
    [UI_AUDIO_TOUCH] =
        "Atingeți ecranul ca să auziți ce este sub deget și atingeți de două ori pentru a alege.",
    [UI_LARGER_TEXT] = "Text mai mare",
    [UI_LANGUAGE] = "Limbă",
    [UI_PART_OF] = "{1} din {2}",
    [UI_PAGE_OF] = "Pagina {1} din {2}",
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
    [UI_AUDIO_GUIDE] = "Аудиогидът е включен.",
    [UI_AUDIO_KEYS] =
        "Стрелките нагоре и надолу движат по страницата. Наляво и надясно обръщат страницата.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter избира. Плюс и минус променят звука. Клавишът за помощ казва това отново.",
    [UI_AUDIO_TOUCH] = "Докоснете екрана, за да чуете какво има под пръста ви, и докоснете два "
                       "пъти, за да изберете.",
    [UI_LARGER_TEXT] = "По-голям текст",
    [UI_LANGUAGE] = "Език",
    [UI_PART_OF] = "{1} от {2}",
    [UI_PAGE_OF] = "Страница {1} от {2}",
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
    [UI_AUDIO_GUIDE] = "Ο ακουστικός οδηγός είναι ενεργός.",
    [UI_AUDIO_KEYS] =
        "Τα βέλη πάνω και κάτω κινούνται στη σελίδα. Αριστερά και δεξιά αλλάζουν σελίδα.",
    [UI_AUDIO_KEYS_MORE] = "Το Enter επιλέγει. Το συν και το πλην αλλάζουν την ένταση. Το πλήκτρο "
                           "βοήθειας τα λέει ξανά.",
    [UI_AUDIO_TOUCH] = "Αγγίξτε την οθόνη για να ακούσετε τι είναι κάτω από το δάχτυλό σας. "
                       "Πατήστε δύο φορές για επιλογή.",
    [UI_LARGER_TEXT] = "Μεγαλύτερα γράμματα",
    [UI_LANGUAGE] = "Γλώσσα",
    [UI_PART_OF] = "{1} από {2}",
    [UI_PAGE_OF] = "Σελίδα {1} από {2}",
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
    [UI_AUDIO_GUIDE] = "Il-gwida bl-awdjo mixgħula.",
    [UI_AUDIO_KEYS] = "Fuq u isfel jimxu tul il-paġna. Xellug u lemin jaqilbu l-paġna.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter jagħżel. Plus u minus ibiddlu l-volum. Il-buttuna tal-għajnuna terġa’ tgħid dan.",
    [UI_AUDIO_TOUCH] =
        "Fuq l-iskrin, mess biex tisma’ x’hemm taħt subgħajk, u agħfas darbtejn biex tagħżel.",
    [UI_LARGER_TEXT] = "Test akbar",
    [UI_LANGUAGE] = "Lingwa",
    [UI_PART_OF] = "{1} minn {2}",
    [UI_PAGE_OF] = "Paġna {1} minn {2}",
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
    [UI_AUDIO_GUIDE] = "Tá an treoir fhuaime ar siúl.",
    [UI_AUDIO_KEYS] =
        "Bogann suas agus síos tríd an leathanach. Casann clé agus deas an leathanach.",
    [UI_AUDIO_KEYS_MORE] = "Roghnaíonn Enter. Athraíonn móide agus lúide an fhuaim. Deir an "
                           "eochair chabhrach é seo arís.",
    [UI_AUDIO_TOUCH] = "Ar an scáileán, teagmhaigh chun an rud faoi do mhéar a chloisteáil, agus "
                       "tapáil faoi dhó chun roghnú.",
    [UI_LARGER_TEXT] = "Téacs níos mó",
    [UI_LANGUAGE] = "Teanga",
    [UI_PART_OF] = "{1} as {2}",
    [UI_PAGE_OF] = "Leathanach {1} as {2}",
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
    [UI_AUDIO_GUIDE] = "Аудиогид включён.",
    [UI_AUDIO_KEYS] = "Стрелки вверх и вниз ведут по странице. Влево и вправо листают страницы.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter выбирает. Плюс и минус меняют громкость. Клавиша справки повторит это снова.",
    [UI_AUDIO_TOUCH] =
        "Коснитесь экрана, чтобы услышать, что под пальцем. Коснитесь дважды, чтобы выбрать.",
    [UI_LARGER_TEXT] = "Крупный текст",
    [UI_LANGUAGE] = "Язык",
    [UI_PART_OF] = "{1} из {2}",
    [UI_PAGE_OF] = "Страница {1} из {2}",
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
    [UI_AUDIO_GUIDE] = "Аудіогід увімкнено.",
    [UI_AUDIO_KEYS] =
        "Стрілки вгору і вниз ведуть сторінкою. Ліворуч і праворуч гортають сторінки.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter вибирає. Плюс і мінус змінюють гучність. Клавіша довідки повторить це знову.",
    [UI_AUDIO_TOUCH] =
        "Торкніться екрана, щоб почути, що під пальцем. Торкніться двічі, щоб вибрати.",
    [UI_LARGER_TEXT] = "Більший текст",
    [UI_LANGUAGE] = "Мова",
    [UI_PART_OF] = "{1} з {2}",
    [UI_PAGE_OF] = "Сторінка {1} з {2}",
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
    [UI_AUDIO_GUIDE] = "Sesli rehber açık.",
    [UI_AUDIO_KEYS] = "Yukarı ve aşağı oklar sayfada gezinir. Sol ve sağ oklar sayfayı çevirir.",
    [UI_AUDIO_KEYS_MORE] =
        "Enter seçer. Artı ve eksi sesi ayarlar. Yardım tuşu bunu yeniden söyler.",
    [UI_AUDIO_TOUCH] =
        "Ekranda, parmağınızın altındakini duymak için dokunun; seçmek için iki kez dokunun.",
    [UI_LARGER_TEXT] = "Daha büyük yazı",
    [UI_LANGUAGE] = "Dil",
    [UI_PART_OF] = "{1}, toplam {2}",
    [UI_PAGE_OF] = "Sayfa {1}, toplam {2}",
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
    [UI_AUDIO_GUIDE] = "ऑडियो गाइड चालू है।",
    [UI_AUDIO_KEYS] = "ऊपर-नीचे के तीर से पृष्ठ में चलें, बाएँ-दाएँ के तीर से पृष्ठ पलटें।",
    [UI_AUDIO_KEYS_MORE] = "एंटर से चुनें। प्लस-माइनस से आवाज़ बदलें। सहायता बटन यह फिर बताता है।",
    [UI_AUDIO_TOUCH] = "स्क्रीन छूकर सुनें कि उँगली के नीचे क्या है। चुनने के लिए दो बार टैप करें।",
    [UI_LARGER_TEXT] = "बड़े अक्षर",
    [UI_LANGUAGE] = "भाषा",
    [UI_PART_OF] = "{2} में से {1}",
    [UI_PAGE_OF] = "{2} में से पृष्ठ {1}",
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
    [UI_AUDIO_GUIDE] = "เปิดออดิโอไกด์แล้ว",
    [UI_AUDIO_KEYS] = "ปุ่มขึ้นและลงใช้เลื่อนในหน้า ปุ่มซ้ายและขวาใช้เปลี่ยนหน้า",
    [UI_AUDIO_KEYS_MORE] = "ปุ่ม Enter ใช้เลือก ปุ่มบวกและลบใช้ปรับเสียง ปุ่มช่วยเหลือจะพูดซ้ำ",
    [UI_AUDIO_TOUCH] = "แตะหน้าจอเพื่อฟังสิ่งที่อยู่ใต้นิ้ว และแตะสองครั้งเพื่อเลือก",
    [UI_LARGER_TEXT] = "ตัวอักษรใหญ่ขึ้น",
    [UI_LANGUAGE] = "ภาษา",
    [UI_PART_OF] = "{1} จาก {2}",
    [UI_PAGE_OF] = "หน้า {1} จาก {2}",
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
    [UI_AUDIO_GUIDE] = "音声ガイドを開始します。",
    [UI_AUDIO_KEYS] = "上下のキーでページ内を移動し、左右のキーでページをめくります。",
    [UI_AUDIO_KEYS_MORE] = "Enterキーで決定します。プラスとマイナスで音量を変えます。ヘルプキーでこ"
                           "の説明をもう一度聞けます。",
    [UI_AUDIO_TOUCH] = "画面に触れると、指の下にあるものを読み上げます。2回タップすると選べます。",
    [UI_LARGER_TEXT] = "文字を大きく",
    [UI_LANGUAGE] = "言語",
    [UI_PART_OF] = "{2}のうち{1}",
    [UI_PAGE_OF] = "{2}ページ中{1}ページ目",
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
    [UI_AUDIO_GUIDE] = "语音导览已开启。",
    [UI_AUDIO_KEYS] = "按上下键在页面内移动，按左右键翻页。",
    [UI_AUDIO_KEYS_MORE] = "按回车键选择，按加号和减号调节音量，按帮助键可再听一遍。",
    [UI_AUDIO_TOUCH] = "触摸屏幕可听到手指下的内容，点按两次即可选择。",
    [UI_LARGER_TEXT] = "放大文字",
    [UI_LANGUAGE] = "语言",
    [UI_PART_OF] = "{2}中的{1}",
    [UI_PAGE_OF] = "第{1}页，共{2}页",
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
    [UI_AUDIO_GUIDE] = "語音導覽已開啟。",
    [UI_AUDIO_KEYS] = "按上下鍵在頁面內移動，按左右鍵翻頁。",
    [UI_AUDIO_KEYS_MORE] = "按 Enter 鍵選擇，按加號和減號調整音量，按說明鍵可再聽一次。",
    [UI_AUDIO_TOUCH] = "觸碰螢幕可聽到手指下的內容，輕點兩下即可選擇。",
    [UI_LARGER_TEXT] = "放大文字",
    [UI_LANGUAGE] = "語言",
    [UI_PART_OF] = "{2}中的{1}",
    [UI_PAGE_OF] = "第{1}頁，共{2}頁",
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
    [UI_AUDIO_GUIDE] = "오디오 가이드를 시작합니다.",
    [UI_AUDIO_KEYS] =
        "위아래 방향키로 페이지 안에서 이동하고, 왼쪽 오른쪽 방향키로 페이지를 넘깁니다.",
    [UI_AUDIO_KEYS_MORE] = "엔터 키로 선택합니다. 플러스와 마이너스로 음량을 바꿉니다. 도움말 키를 "
                           "누르면 이 안내를 다시 들려 드립니다.",
    [UI_AUDIO_TOUCH] = "화면을 터치하면 손가락 아래의 내용을 읽어 드리고, 두 번 탭하면 선택합니다.",
    [UI_LARGER_TEXT] = "글자 크게",
    [UI_LANGUAGE] = "언어",
    [UI_PART_OF] = "{2} 중 {1}",
    [UI_PAGE_OF] = "{2}페이지 중 {1}페이지",
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
