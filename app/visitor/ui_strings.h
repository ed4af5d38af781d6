/* ui_strings.h - the kiosk's own words (button labels, the idle question),
 * in English and French. Exhibit text comes from the content store; these
 * are the few strings the program itself shows.
 *
 * Strings are UTF-8 literals with static storage: never freed, never NULL.
 * A locale is matched on its language ("fr", "fr-CA", "fr_FR" are French);
 * any other locale, or NULL, gets English. */
#ifndef VITRINE_UI_STRINGS_H
#define VITRINE_UI_STRINGS_H

#include <stddef.h>

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
    UI_ORIGINAL, /* over a translated quote's original words: "Original (English)" */
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
    UI_STAFF_ROLLBACK, /* staff screen buttons */
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

/* The string for id in locale; "" for an unknown id. UI_BACK_IN is a
 * template: use ui_format to put the number in. */
const char *ui_string(const char *locale, enum ui_string_id id);

/* The string for id with its "%d" replaced by n, written NUL terminated into
 * buf (truncated at a character boundary to fit cap). Returns the length
 * written. Strings without "%d" are copied as they are. */
size_t ui_format(const char *locale, enum ui_string_id id, int n, char *buf, size_t cap);

/* The name of the language `code` (a BCP 47 tag: "en", "ko", "fr-CA") as
 * locale writes it: "English", "anglais", "Korean", "coréen"; for a
 * language this table does not name, the code itself. */
const char *ui_language_name(const char *locale, const char *code);

#endif
