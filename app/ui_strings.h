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
    UI_STRING_COUNT
};

/* The string for id in locale; "" for an unknown id. UI_BACK_IN is a
 * template: use ui_format to put the number in. */
const char *ui_string(const char *locale, enum ui_string_id id);

/* The string for id with its "%d" replaced by n, written NUL terminated into
 * buf (truncated at a character boundary to fit cap). Returns the length
 * written. Strings without "%d" are copied as they are. */
size_t ui_format(const char *locale, enum ui_string_id id, int n, char *buf, size_t cap);

#endif
