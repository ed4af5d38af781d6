/* ui_keys.h - the kiosk's own words an exhibit may give (`ui:` in
 * exhibit.yaml, table ui_text): their keys, and what a text for each must
 * be. The build checks an exhibit's words with it, the store its rows, and
 * app/visitor/ui_strings.h numbers its visitor strings in the same order
 * (UI_START is key 0, ..., UI_LARGER_FULL key UI_KEY_COUNT - 1). */
#ifndef VITRINE_UI_KEYS_H
#define VITRINE_UI_KEYS_H

#include <stddef.h>

#define UI_KEY_COUNT 13
#define UI_KEY_BACK_IN 5    /* the one template: "... %d s" (seconds) */
#define UI_KEY_TEXT_MAX 200 /* bytes of UTF-8, as table ui_text allows */

/* "start", "chapters", "close", "still_there", "keep_exploring", "back_in",
 * "touch_to_explore", "previous", "next", "original", "source", "sources",
 * "larger_full" */
extern const char *const ui_keys[UI_KEY_COUNT];

/* The index of key in ui_keys, or -1. */
int ui_key_index(const char *key);

/* 0 when text can be the word of key k: 1..UI_KEY_TEXT_MAX bytes of
 * well-formed UTF-8 on one line, no control characters, and no '%' but
 * back_in's one "%d" (which it must have). Else -1 and a phrase in why
 * naming it as name (NULL: the key): "ui.de.back_in must hold "%d"
 * exactly once, where the seconds go, and no other '%'". The
 * kiosk never passes an exhibit's text to printf as a format, and a word
 * with a stray '%' is a mistake a visitor would see. */
int ui_key_check(int k, const char *text, size_t len, const char *name, char *why, size_t why_len);

#endif
