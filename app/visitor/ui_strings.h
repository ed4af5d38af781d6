/* ui_strings.h - the kiosk's own words (button labels, the idle question,
 * the label before citations). Exhibit text comes from the content store;
 * these are the few strings the program itself shows.
 *
 * Built in: what a visitor reads in 35 languages, English among them (the
 * 24 official languages of the EU, Chinese in Simplified and Traditional
 * characters, Japanese, Korean, Arabic, Hebrew, Thai, Hindi, Russian,
 * Ukrainian, Turkish); the staff screen's words in English, French,
 * German, Spanish and Italian (English in every other language). An exhibit gives its own words for
 * any language (`ui:` in exhibit.yaml, content/ui_keys.h): struct
 * ui_words puts them over the built-in ones.
 *
 * Strings are UTF-8 with static storage (or the exhibit's, see
 * ui_words_init): never freed, never NULL. A locale is matched on its
 * language ("fr", "fr-CA", "fr_FR" are French; "pt-BR" Portuguese);
 * Chinese in Traditional characters is "zh-Hant" or a region that writes
 * them ("zh-TW", "zh-HK", "zh-MO"), any other "zh" Simplified; any other
 * locale, or NULL, gets English. */
#ifndef VITRINE_UI_STRINGS_H
#define VITRINE_UI_STRINGS_H

#include <stddef.h>

#include "ui_keys.h"

enum ui_string_id {
    UI_START,            /* bottom bar: back to the first panel */
    UI_CHAPTERS,         /* bottom bar button and index heading */
    UI_CLOSE,            /* closes the chapter index */
    UI_STILL_THERE,      /* countdown heading */
    UI_KEEP_EXPLORING,   /* countdown body */
    UI_BACK_IN,          /* countdown: template with one "%d" (seconds) */
    UI_TOUCH_TO_EXPLORE, /* the loop's invitation */
    UI_PREVIOUS,         /* names of the side buttons (their labels are chevrons) */
    UI_NEXT,
    UI_ORIGINAL,    /* over a translated quote's original words: "Original (English)" */
    UI_SOURCE,      /* before a panel's one citation: "Source:" (the layout adds the space) */
    UI_SOURCES,     /* before several: "Sources:" */
    UI_LARGER_FULL, /* A+ on a page whose text is already as large as its room allows */
    /* the spoken audio guide (read aloud, never drawn) */
    UI_AUDIO_GUIDE,     /* said when the guide starts */
    UI_AUDIO_KEYS,      /* how the keys move through the pages */
    UI_AUDIO_KEYS_MORE, /* Enter, volume and help keys */
    UI_AUDIO_TOUCH,     /* how touch works while the guide speaks */
    UI_LARGER_TEXT,     /* the spoken name of the A+ button */
    UI_LANGUAGE,        /* the spoken name of the language picker's button */
    UI_PART_OF,         /* template: "{1} of {2}" (a part, then its whole), ui_fill2 */
    UI_PAGE_OF,         /* template: "Page {1} of {2}", ui_fill2 */
    /* staff only (the keypad, the staff screen, the import's card) */
    UI_STAFF_PIN,       /* keypad heading */
    UI_STAFF_PIN_HINT,  /* under the dots before anything is typed */
    UI_STAFF_WRONG_PIN, /* after a wrong PIN */
    UI_STAFF_LOCKED,    /* template with one "%d" (seconds) */
    UI_STAFF_TOO_SHORT, /* template with one "%d" (the fewest digits) */
    UI_STAFF_CLEAR,     /* keypad keys */
    UI_STAFF_OK,
    UI_STAFF_CANCEL,
    UI_STAFF_TITLE,   /* staff screen heading */
    UI_STAFF_VERSION, /* labels of the staff screen's facts */
    UI_STAFF_SIGNER,
    UI_STAFF_ATTENTION,
    UI_STAFF_LAST_IMPORT,
    UI_STAFF_LAST_EXPORT,
    UI_STAFF_STORAGE,
    UI_STAFF_SETTINGS,
    UI_STAFF_LOG,
    UI_STAFF_ROLLBACK,    /* staff screen buttons */
    UI_STAFF_NO_ROLLBACK, /* the roll back button, disabled: why */
    UI_STAFF_RELOAD,
    UI_STAFF_EXPORT,
    UI_STAFF_EXIT,
    UI_STAFF_EXIT_AGAIN, /* the exit button after its first tap */
    UI_STAFF_NOT_LOADED, /* a failed import's card, when no title is given */
    UI_STAFF_UNCHANGED,  /* a failed import's card, always */
    UI_STAFF_DISMISS,    /* on the card: a tap closes it */
    UI_STRING_COUNT
};

/* The visitor's strings are the keys an exhibit may give, in their order. */
#define UI_VISITOR_COUNT UI_KEY_COUNT

/* The built-in string for id in locale; "" for an unknown id. UI_BACK_IN,
 * UI_STAFF_LOCKED and UI_STAFF_TOO_SHORT are templates: use ui_format to
 * put the number in; UI_PART_OF and UI_PAGE_OF hold "{1}" and "{2}": use
 * ui_fill2 (content/ui_keys.h). */
const char *ui_string(const char *locale, enum ui_string_id id);

/* The string for id with its "%d" replaced by n, written NUL terminated into
 * buf (truncated at a character boundary to fit cap). Returns the length
 * written. Strings without "%d" are copied as they are. */
size_t ui_format(const char *locale, enum ui_string_id id, int n, char *buf, size_t cap);

/* 1 when the kiosk has built-in words for everything a visitor reads in
 * locale's language (English included); 0 for any other. */
int ui_builtin(const char *locale);

/* The kiosk's words in one language: the exhibit's own where it gives
 * them, else the built-in ones. Built per language (ui_words_init), read
 * by the overlay and the layout; nothing global. */
struct ui_words {
    const char *locale;                 /* as given (may be NULL: English) */
    const char *text[UI_VISITOR_COUNT]; /* by id, UI_START..UI_PAGE_OF */
};

/* w for locale, each visitor string taken from own[k] (the exhibit's word
 * for ui_keys[k]; NULL where it gives none; own itself may be NULL) when
 * ui_key_check accepts it, else the built-in one. w points at locale and
 * own's strings: they must outlive it. */
void ui_words_init(struct ui_words *w, const char *locale, const char *const *own);

/* The string for id in w (NULL: the built-in English words); staff ids
 * get the built-in string of w's locale. "" for an unknown id. */
const char *ui_word(const struct ui_words *w, enum ui_string_id id);

/* ui_format over w: the number goes where "%d" is; the text itself is
 * never a printf format. */
size_t ui_word_format(const struct ui_words *w, enum ui_string_id id, int n, char *buf, size_t cap);

/* The name of the language `code` (a BCP 47 tag: "en", "ko", "fr-CA") in
 * locale's language, as it reads in running text and in "Original (…)":
 * "English", "anglais", "Englisch", "英語" (CLDR's, through ICU); for a
 * language CLDR does not name, the code itself. Written NUL terminated
 * into buf (cut at a character's edge to fit cap); returns the length. */
size_t ui_language_name(const char *locale, const char *code, char *buf, size_t cap);

/* A language's own name, capitalised as it stands alone (a language
 * picker's line): "English", "Français", "Deutsch", "日本語", "Ελληνικά";
 * the code itself when CLDR names none. As ui_language_name. */
size_t ui_language_autonym(const char *code, char *buf, size_t cap);

#endif
