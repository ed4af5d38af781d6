/* ui_keys.c - the keys of the kiosk's own words and their check. */
#include "ui_keys.h"

#include <string.h>

#include "rules.h"

const char *const ui_keys[UI_KEY_COUNT] = {
    "start",   "chapters",         "close",       "still_there", "keep_exploring",
    "back_in", "touch_to_explore", "previous",    "next",        "original",
    "source",  "sources",          "larger_full",
};

int ui_key_index(const char *key)
{
    for (int k = 0; key && k < UI_KEY_COUNT; k++)
        if (strcmp(key, ui_keys[k]) == 0)
            return k;
    return -1;
}

/* How many "%d" s[0..len) holds; -1 when it has a '%' of any other kind. */
static int count_templates(const char *s, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '%')
            continue;
        if (i + 1 >= len || s[i + 1] != 'd')
            return -1;
        n++;
        i++;
    }
    return n;
}

int ui_key_check(int k, const char *text, size_t len, const char *name, char *why, size_t why_len)
{
    if (k < 0 || k >= UI_KEY_COUNT)
        return rules_fail(why, why_len, "%s is not one of the kiosk's words", name ? name : "?");
    if (!name)
        name = ui_keys[k];
    if (rules_text(text, len, 0, UI_KEY_TEXT_MAX, name, why, why_len) != 0)
        return -1;
    int n = count_templates(text, len);
    if (k == UI_KEY_BACK_IN && n != 1)
        return rules_fail(why, why_len,
                          "%s must hold \"%%d\" exactly once, where the seconds go, and no "
                          "other '%%'",
                          name);
    if (k != UI_KEY_BACK_IN && n != 0)
        return rules_fail(why, why_len, "%s must not hold '%%' (only back_in has a \"%%d\")", name);
    return 0;
}
