/* test_ui_words.c - the kiosk's own words: every built-in language has
 * every visitor string, well formed and in its own typography; a locale
 * finds its language; an exhibit's words win over the built-in ones, and
 * a word that is no good never does; what the overlay draws is them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app/visitor/locale_rules.h"
#include "app/visitor/mode.h"
#include "app/visitor/overlay.h"
#include "app/visitor/ui_strings.h"
#include "content/rules.h"
#include "content/ui_keys.h"
#include "layout_testing.h"

#define NBSP "\xC2\xA0"

/* Every language with built-in words (content/README.md lists them). */
static const char *const builtin_langs[] = {
    "bg", "cs",      "da", "de", "el", "en", "es", "et", "fi", "fr", "ga", "hr",
    "hu", "it",      "lt", "lv", "mt", "nl", "pl", "pt", "ro", "sk", "sl", "sv",
    "zh", "zh-Hant", "ja", "ko", "ar", "he", "th", "hi", "ru", "uk", "tr",
};
#define N_LANGS (sizeof builtin_langs / sizeof builtin_langs[0])

static int count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

static int cjk(const char *lang)
{
    return locale_is(lang, "zh") || locale_is(lang, "ja") || locale_is(lang, "ko");
}

static void every_language_has_every_visitor_string(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_LANGS; i++) {
        const char *lang = builtin_langs[i];
        assert_true(ui_builtin(lang));
        for (int id = 0; id < UI_VISITOR_COUNT; id++) {
            const char *s = ui_string(lang, (enum ui_string_id)id);
            assert_true(valid_utf8(s, strlen(s)));
            char why[256];
            /* non-empty, UTF-8, one line; "%d" once in back_in, no other '%' */
            if (ui_key_check(id, s, strlen(s), ui_keys[id], why, sizeof why) != 0)
                fail_msg("%s: %s", lang, why);
            assert_int_equal(count(s, "%d"), id == UI_BACK_IN);
            assert_int_equal(count(s, "%"), id == UI_BACK_IN);
            /* translated, not English left in: the question and the sentences */
            if (strcmp(lang, "en") != 0 && id != UI_ORIGINAL && id != UI_START &&
                id != UI_CHAPTERS && id != UI_SOURCE && id != UI_SOURCES)
                if (strcmp(s, ui_string("en", (enum ui_string_id)id)) == 0)
                    fail_msg("%s: %s is the English \"%s\"", lang, ui_keys[id], s);
        }
        /* the staff screen's words: the language's own or English, each a
         * template where English's is one */
        for (int id = UI_VISITOR_COUNT; id < UI_STRING_COUNT; id++) {
            const char *s = ui_string(lang, (enum ui_string_id)id);
            const char *e = ui_string("en", (enum ui_string_id)id);
            assert_true(s[0] && valid_utf8(s, strlen(s)));
            assert_int_equal(count(s, "%d"), count(e, "%d"));
            assert_int_equal(count(s, "%"), count(e, "%"));
        }
        /* buttons carry no stop */
        const enum ui_string_id buttons[] = {UI_START,    UI_CHAPTERS, UI_CLOSE,
                                             UI_PREVIOUS, UI_NEXT,     UI_TOUCH_TO_EXPLORE};
        for (size_t b = 0; b < sizeof buttons / sizeof buttons[0]; b++) {
            const char *s = ui_string(lang, buttons[b]);
            if (ends_with(s, ".") || ends_with(s, "\xE3\x80\x82") || ends_with(s, "\xE0\xA5\xA4"))
                fail_msg("%s: the button \"%s\" ends with a stop", lang, s);
        }
        /* the seconds never part from their unit: a no-break space, or
         * none at all in Chinese, Japanese and Korean */
        const char *back = ui_string(lang, UI_BACK_IN);
        if (cjk(lang))
            assert_true(strstr(back, "%d\xE7\xA7\x92") || strstr(back, "%d\xEC\xB4\x88"));
        else if (!strstr(back, "%d" NBSP))
            fail_msg("%s: \"%s\" has no no-break space after the seconds", lang, back);
    }
}

static void each_language_writes_its_own_punctuation(void **state)
{
    (void)state;
    assert_string_equal(ui_string("el", UI_STILL_THERE), "Είστε ακόμη εδώ;");
    assert_string_equal(ui_string("es", UI_STILL_THERE), "¿Sigue ahí?");
    assert_true(ends_with(ui_string("ar", UI_STILL_THERE), "\xD8\x9F")); /* ؟ */
    assert_true(ends_with(ui_string("fr", UI_STILL_THERE), "\xE2\x80\xAF?"));
    assert_true(ends_with(ui_string("fr", UI_SOURCE), NBSP ":"));
    assert_true(ends_with(ui_string("ja", UI_STILL_THERE), "\xEF\xBC\x9F"));    /* ？ */
    assert_true(ends_with(ui_string("zh", UI_SOURCES), "\xEF\xBC\x9A"));        /* ： */
    assert_true(ends_with(ui_string("hi", UI_KEEP_EXPLORING), "\xE0\xA5\xA4")); /* । */
    assert_string_equal(ui_string("de", UI_CHAPTERS), "Kapitel");
    assert_string_equal(ui_string("de", UI_SOURCE), "Quelle:");
    char buf[64];
    ui_format("el", UI_BACK_IN, 9, buf, sizeof buf);
    assert_string_equal(buf, "Επιστροφή στην αρχή σε 9" NBSP "δευτ.");
    ui_format("ja", UI_BACK_IN, 12, buf, sizeof buf);
    assert_string_equal(buf, "12秒後に最初に戻ります");
    ui_format("hu", UI_BACK_IN, 5, buf, sizeof buf);
    assert_string_equal(buf, "Visszatérés az elejére 5" NBSP "mp múlva");
}

static void a_locale_finds_its_language(void **state)
{
    (void)state;
    assert_string_equal(ui_string("pt-BR", UI_CLOSE), "Fechar");
    assert_string_equal(ui_string("de_AT", UI_CLOSE), "Schließen");
    assert_string_equal(ui_string("EL", UI_CLOSE), "Κλείσιμο");
    /* Chinese: Traditional by script or by a region that writes it */
    const char *hant[] = {"zh-Hant", "zh-TW", "zh_HK", "zh-MO", "zh-Hant-CN", "ZH-hant"};
    const char *hans[] = {"zh", "zh-CN", "zh-Hans", "zh-SG", "zh-Hans-TW", "zh-Hans-HK"};
    for (size_t i = 0; i < 6; i++) {
        assert_string_equal(ui_string(hant[i], UI_CLOSE), "關閉");
        assert_string_equal(ui_string(hans[i], UI_CLOSE), "关闭");
    }
    assert_string_equal(ui_string("iw", UI_NEXT), ui_string("he", UI_NEXT));
    /* no words of its own: English, and said so */
    assert_false(ui_builtin("ka"));
    assert_false(ui_builtin("deu"));
    assert_false(ui_builtin(NULL));
    assert_string_equal(ui_string("ka", UI_START), "Start");
    assert_string_equal(ui_string(NULL, UI_START), "Start");
    /* the staff screen: English where a language has none of its own */
    assert_string_equal(ui_string("de", UI_STAFF_OK), "OK");
    assert_string_equal(ui_string("ja", UI_STAFF_EXIT), "Exit the kiosk");
    assert_string_equal(ui_string("fr", UI_STAFF_CANCEL), "Annuler");
    assert_string_equal(ui_string("de-CH", UI_STAFF_CANCEL), "Abbrechen");
    assert_string_equal(ui_string("es", UI_STAFF_TITLE), "Personal");
    assert_string_equal(ui_string("it", UI_STAFF_EXIT), "Esci dal chiosco");
    assert_string_equal(ui_string("de", UI_STRING_COUNT), "");
}

static void the_exhibit_words_win_when_they_are_good(void **state)
{
    (void)state;
    const char *own[UI_KEY_COUNT] = {NULL};
    own[UI_CHAPTERS] = "Kapitelübersicht";
    own[UI_BACK_IN] = "Noch %d" NBSP "Sekunden";
    own[UI_START] = "100 % Anfang";  /* a stray '%': not taken */
    own[UI_CLOSE] = "";              /* empty: not taken */
    own[UI_SOURCE] = "Quelle\nzwei"; /* two lines: not taken */
    struct ui_words w;
    ui_words_init(&w, "de", own);
    assert_string_equal(ui_word(&w, UI_CHAPTERS), "Kapitelübersicht");
    assert_string_equal(ui_word(&w, UI_START), "Anfang");
    assert_string_equal(ui_word(&w, UI_CLOSE), "Schließen");
    assert_string_equal(ui_word(&w, UI_SOURCE), "Quelle:");
    assert_string_equal(ui_word(&w, UI_NEXT), "Weiter");
    assert_string_equal(ui_word(&w, UI_STAFF_OK), "OK");
    char buf[64];
    ui_word_format(&w, UI_BACK_IN, 7, buf, sizeof buf);
    assert_string_equal(buf, "Noch 7" NBSP "Sekunden");
    /* a template that is no good is never one: the built-in one shows */
    const char *bad[] = {"%d %d s", "in %s", "%n", "%", "kein Platzhalter", "%x %d"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        own[UI_BACK_IN] = bad[i];
        ui_words_init(&w, "de", own);
        ui_word_format(&w, UI_BACK_IN, 3, buf, sizeof buf);
        assert_string_equal(buf, "Zurück zum Anfang in 3" NBSP "s");
    }
    /* a language without built-in words: the exhibit's, else English */
    const char *ka[UI_KEY_COUNT] = {[UI_START] = "დასაწყისი"};
    ui_words_init(&w, "ka", ka);
    assert_string_equal(ui_word(&w, UI_START), "დასაწყისი");
    assert_string_equal(ui_word(&w, UI_CHAPTERS), "Chapters");
    assert_string_equal(ui_word(NULL, UI_NEXT), "Next");
    ui_words_init(&w, "ja", NULL);
    assert_string_equal(ui_word(&w, UI_CHAPTERS), "目次");
}

static void key_check_says_what_is_wrong(void **state)
{
    (void)state;
    char why[256];
    assert_int_equal(ui_key_index("touch_to_explore"), 6);
    assert_int_equal(ui_key_index("Start"), -1);
    assert_int_equal(ui_key_check(UI_KEY_BACK_IN, "in %d s", 7, NULL, why, sizeof why), 0);
    assert_int_equal(ui_key_check(UI_KEY_BACK_IN, "in s", 4, "ui.de.back_in", why, sizeof why), -1);
    assert_non_null(strstr(why, "ui.de.back_in must hold \"%d\" exactly once"));
    assert_int_equal(ui_key_check(0, "50%", 3, "ui.de.start", why, sizeof why), -1);
    assert_non_null(strstr(why, "ui.de.start must not hold '%'"));
    char big[UI_KEY_TEXT_MAX + 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = 0;
    assert_int_equal(ui_key_check(0, big, strlen(big), "start", why, sizeof why), -1);
    assert_non_null(strstr(why, "too long"));
    assert_int_equal(ui_key_check(0, "\xC3", 1, "start", why, sizeof why), -1);
    assert_non_null(strstr(why, "UTF-8"));
}

/* ---- what the overlay draws ---------------------------------------------- */

static const int first[3] = {0, 2, 4};
static const char *const chapter_titles[3] = {"Eins", "Zwei", "Drei"};
static const char *const names[2] = {"Deutsch", "ქართული"};
static const char *const codes[2] = {"de", "ka"};

static const struct draw_item *find_text(const struct draw_list *l, const char *s)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].len == strlen(s) &&
            memcmp(l->items[i].text, s, l->items[i].len) == 0)
            return &l->items[i];
    return NULL;
}

static void overlay_draws_the_exhibit_words(void **state)
{
    (void)state;
    const char *de_own[UI_KEY_COUNT] = {[UI_CHAPTERS] = "Kapitelübersicht"};
    const char *ka_own[UI_KEY_COUNT] = {[UI_TOUCH_TO_EXPLORE] = "შეეხეთ და დაათვალიერეთ"};
    struct ui_words words[2];
    ui_words_init(&words[0], "de", de_own);
    ui_words_init(&words[1], "ka", ka_own);
    struct control c[MODE_MAX_CONTROLS];
    struct control_screen cs = {1920, 1080, 96};
    struct control_spec spec = {.n_locales = 2, .n_chapters = 3, .chapter_first = first};
    struct layout_screen screen = mode_layout_screen(1920, 1080, 0);
    /* as the kiosk does: start and the index as wide as their words */
    struct control_labels labels = {
        overlay_label_width(&screen, ui_word(&words[1], UI_START), &fake),
        overlay_label_width(&screen, ui_word(&words[0], UI_CHAPTERS), &fake)};
    int n = mode_controls_layout_labels(&cs, &spec, &labels, c, MODE_MAX_CONTROLS);
    assert_true(n > 0);
    /* wider than without them */
    struct control narrow[MODE_MAX_CONTROLS];
    int nn = mode_controls_layout(&cs, &spec, narrow, MODE_MAX_CONTROLS);
    int w0 = 0, w1 = 0;
    for (int i = 0; i < nn; i++)
        if (narrow[i].act == ACT_OPEN_INDEX)
            w0 = overlay_control_rect(&screen, &narrow[i]).w;
    for (int i = 0; i < n; i++)
        if (c[i].act == ACT_OPEN_INDEX)
            w1 = overlay_control_rect(&screen, &c[i]).w;
    assert_true(w0 > 0 && w1 > w0);
    struct overlay_info info = {.locale = "de",
                                .words = words,
                                .panel = 0,
                                .n_panels = 6,
                                .chapters = chapter_titles,
                                .n_chapters = 3,
                                .locale_names = names,
                                .n_locales = 2,
                                .locale_codes = codes};
    struct mode_view view = {.state = MODE_INTERACTIVE, .pressed = -1};
    struct arena a;
    arena_init(&a, 0);
    struct draw_list l;
    assert_int_equal(overlay_layout(&screen, c, n, &view, &info, &fake, &a, &l), 0);
    /* the exhibit's word on the bar, whole (its button is as wide as it
     * needs), and the kiosk's German beside it */
    const struct draw_item *t = find_text(&l, "Kapitelübersicht");
    assert_non_null(t);
    assert_true(fake_width(NULL, t->face, t->px, t->text, t->len) <= t->r.w);
    assert_non_null(find_text(&l, "Anfang"));
    assert_null(find_text(&l, "Chapters"));
    /* the countdown card */
    view.state = MODE_COUNTDOWN;
    view.countdown_s = 9;
    arena_reset(&a);
    assert_int_equal(overlay_layout(&screen, c, n, &view, &info, &fake, &a, &l), 0);
    assert_non_null(find_text(&l, "Noch da?"));
    assert_non_null(find_text(&l, "Zurück zum Anfang in 9" NBSP "s"));
    /* the loop's invitation: each language's own words, Georgian's the
     * exhibit's */
    view.state = MODE_LOOP;
    arena_reset(&a);
    assert_int_equal(overlay_layout(&screen, c, n, &view, &info, &fake, &a, &l), 0);
    int both = 0;
    for (int i = 0; i < l.n; i++)
        if (l.items[i].kind == DRAW_TEXT) {
            char line[512];
            snprintf(line, sizeof line, "%.*s", (int)l.items[i].len, l.items[i].text);
            both |= strstr(line, "Berühren und entdecken") && strstr(line, "შეეხეთ და");
        }
    assert_true(both);
    /* without words: the built-in ones of the locale */
    info.words = NULL;
    view.state = MODE_INTERACTIVE;
    arena_reset(&a);
    assert_int_equal(overlay_layout(&screen, c, n, &view, &info, &fake, &a, &l), 0);
    assert_non_null(find_text(&l, "Kapitel"));
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_language_has_every_visitor_string),
        cmocka_unit_test(each_language_writes_its_own_punctuation),
        cmocka_unit_test(a_locale_finds_its_language),
        cmocka_unit_test(the_exhibit_words_win_when_they_are_good),
        cmocka_unit_test(key_check_says_what_is_wrong),
        cmocka_unit_test(overlay_draws_the_exhibit_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
