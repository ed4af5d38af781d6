/* ui_keys.h - the kiosk's own words an exhibit may give (`ui:` in
 * exhibit.yaml, table ui_text): their keys, and what a text for each must
 * be. The build checks an exhibit's words with it, the store its rows, and
 * app/visitor/ui_strings.h numbers its visitor strings in the same order
 * (UI_START is key 0, ..., UI_PAGE_OF key UI_KEY_COUNT - 1). */
#ifndef VITRINE_UI_KEYS_H
#define VITRINE_UI_KEYS_H

#include <stddef.h>

#define UI_KEY_COUNT 21
#define UI_KEY_BACK_IN 5    /* the one "%d" template: "... %d s" (seconds) */
#define UI_KEY_PART_OF 19   /* "{1} of {2}": a part of a whole, as a sentence */
#define UI_KEY_PAGE_OF 20   /* "Page {1} of {2}": where the visitor is */
#define UI_KEY_TEXT_MAX 200 /* bytes of UTF-8, as table ui_text allows */

/* "start", "chapters", "close", "still_there", "keep_exploring", "back_in",
 * "touch_to_explore", "previous", "next", "original", "source", "sources",
 * "larger_full", and the spoken guide's: "audio_guide", "audio_keys",
 * "audio_keys_more", "audio_touch", "larger_text", "language", "part_of",
 * "page_of" */
extern const char *const ui_keys[UI_KEY_COUNT];

/* The index of key in ui_keys, or -1. */
int ui_key_index(const char *key);

/* 0 when text can be the word of key k: 1..UI_KEY_TEXT_MAX bytes of
 * well-formed UTF-8 on one line, no control characters, no '%' but
 * back_in's one "%d" (which it must have), and no '{' but part_of's and
 * page_of's one "{1}" and one "{2}" (which they must have, in the order the
 * language needs, with no other '{' or '}'). Else -1 and a phrase in why
 * naming it as name (NULL: the key): "ui.de.back_in must hold "%d"
 * exactly once, where the seconds go, and no other '%'". The
 * kiosk never passes an exhibit's text to printf as a format, and a word
 * with a stray '%' or '{' is a mistake a visitor would see (or hear). */
int ui_key_check(int k, const char *text, size_t len, const char *name, char *why, size_t why_len);

/* tmpl with each "{1}" replaced by a and each "{2}" by b (NULL: ""),
 * written into out[0..n) and NUL terminated; a and b are copied as they
 * are, never read for "{1}" or "{2}" again, and tmpl is never a printf
 * format. Cut at a UTF-8 character's edge when it does not fit. Returns the
 * bytes written before the NUL (0 when n is 0). */
size_t ui_fill2(const char *tmpl, const char *a, const char *b, char *out, size_t n);

#endif
