/* ui_keys.c - the keys of the kiosk's own words and their check. */
#include "ui_keys.h"

#include <string.h>

#include "rules.h"

const char *const ui_keys[UI_KEY_COUNT] = {
    "start",           "chapters",         "close",       "still_there", "keep_exploring",
    "back_in",         "touch_to_explore", "previous",    "next",        "original",
    "source",          "sources",          "larger_full", "audio_guide", "audio_keys",
    "audio_keys_more", "audio_touch",      "larger_text", "language",    "part_of",
    "page_of",
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

/* 1 when s[0..len) holds "{1}" once, "{2}" once and no other '{' or '}'. */
static int two_places(const char *s, size_t len)
{
    int one = 0, two = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '}')
            return 0;
        if (s[i] != '{')
            continue;
        if (i + 2 >= len || s[i + 2] != '}' || (s[i + 1] != '1' && s[i + 1] != '2'))
            return 0;
        *(s[i + 1] == '1' ? &one : &two) += 1;
        i += 2;
    }
    return one == 1 && two == 1;
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
    int two = k == UI_KEY_PART_OF || k == UI_KEY_PAGE_OF;
    if (two && !two_places(text, len))
        return rules_fail(why, why_len,
                          "%s must hold \"{1}\" and \"{2}\" exactly once each, where the numbers "
                          "go, and no other '{' or '}'",
                          name);
    if (!two && memchr(text, '{', len))
        return rules_fail(why, why_len,
                          "%s must not hold '{' (only part_of and page_of have \"{1}\" and "
                          "\"{2}\")",
                          name);
    return 0;
}

/* Appends s[0..len) at out[*o], as much as fits before out[n - 1]; when
 * some does not fit, *next gets the first byte left out and 0 is returned. */
static int put(char *out, size_t n, size_t *o, const char *s, size_t len, unsigned char *next)
{
    size_t room = n - 1 - *o;
    size_t m = len < room ? len : room;
    memcpy(out + *o, s, m);
    *o += m;
    if (m < len) {
        *next = (unsigned char)s[m];
        return 0;
    }
    return 1;
}

size_t ui_fill2(const char *tmpl, const char *a, const char *b, char *out, size_t n)
{
    if (!out || n == 0)
        return 0;
    if (!tmpl)
        tmpl = "";
    if (!a)
        a = "";
    if (!b)
        b = "";
    size_t o = 0;
    unsigned char next = 0;
    int fits = 1;
    for (const char *p = tmpl; *p && fits;) {
        if (p[0] == '{' && (p[1] == '1' || p[1] == '2') && p[2] == '}') {
            const char *s = p[1] == '1' ? a : b;
            fits = put(out, n, &o, s, strlen(s), &next);
            p += 3;
        } else {
            size_t run = 1 + strcspn(p + 1, "{");
            fits = put(out, n, &o, p, run, &next);
            p += run;
        }
    }
    /* a character cut in half: leave out its first bytes too */
    while (!fits && o > 0 && (next & 0xC0) == 0x80)
        next = (unsigned char)out[--o];
    out[o] = 0;
    return o;
}
