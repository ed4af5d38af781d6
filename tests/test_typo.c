/* test_typo.c - typography per language (content/typo.h): quotes by
 * language and level, apostrophes, French spaces and ordinals, and text
 * that must come out as written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "content/typo.h"

#define NBSP "\xC2\xA0"
#define NNBSP "\xE2\x80\xAF"
#define LQ "\xE2\x80\x9C" /* “ */
#define RQ "\xE2\x80\x9D" /* ” */
#define LS "\xE2\x80\x98" /* ‘ */
#define RS "\xE2\x80\x99" /* ’ */
#define LG "\xC2\xAB"     /* « */
#define RG "\xC2\xBB"     /* » */

static void expect(const char *in, const char *locale, int nested, const char *want)
{
    size_t n = strlen(in);
    char *out = malloc(TYPO_MAX(n));
    assert_non_null(out);
    size_t len = typo_apply(in, n, locale, nested, out);
    assert_int_equal(len, strlen(out));
    if (strcmp(out, want) != 0)
        fail_msg("typo_apply(\"%s\", %s, %d) gave \"%s\", expected \"%s\"", in, locale, nested, out,
                 want);
    free(out);
}

static void english_quotes_and_apostrophes(void **state)
{
    (void)state;
    expect("Korea's", "en", 0, "Korea" RS "s");
    expect("couldn't, gov't", "en", 0, "couldn" RS "t, gov" RS "t");
    expect("the '90s", "en", 0, "the " RS "90s");
    expect("it adds \"[North Korea]\" after \"NK\".", "en", 0,
           "it adds " LQ "[North Korea]" RQ " after " LQ "NK" RQ ".");
    expect("\"a 'b' c\"", "en", 0, LQ "a " LS "b" RS " c" RQ);
    /* a quotation's text: the kiosk sets it in “ ”, so a quote inside
     * alternates, and its end is not a doubled ” */
    expect("a session called \"Ask Me Anything\"", "en", 1,
           "a session called " LS "Ask Me Anything" RS);
    expect("(\"x\")", "en", 0, "(" LQ "x" RQ ")");
    /* already typographic: left alone */
    expect(LQ "Hi" RQ ", she said", "en", 0, LQ "Hi" RQ ", she said");
}

static void french_quotes_spaces_and_ordinals(void **state)
{
    (void)state;
    expect("\"NK\"", "fr", 0, LG NNBSP "NK" NNBSP RG);
    expect("\"a \"b\" c\"", "fr", 0, LG NNBSP "a " LQ "b" RQ " c" NNBSP RG);
    expect("Quoi ? Oui ! Non; Source: CTV", "fr", 0,
           "Quoi" NNBSP "? Oui" NNBSP "! Non" NNBSP "; Source" NBSP ": CTV");
    expect("Vraiment?!", "fr", 0, "Vraiment" NNBSP "?!");
    expect("« mot »", "fr", 0, LG NNBSP "mot" NNBSP RG);
    expect("«mot»", "fr", 0, LG NNBSP "mot" NNBSP RG);
    expect("à 10:30, https://x.org", "fr", 0, "à 10:30, https://x.org");
    expect("la 27e édition", "fr", 0, "la 27\xE1\xB5\x89 édition");
    expect("le 1er avril, la 1re, la 2ème", "fr", 0,
           "le 1\xE1\xB5\x89\xCA\xB3 avril, la 1\xCA\xB3\xE1\xB5\x89, la 2\xE1\xB5\x89");
    expect("A25e et 3es", "fr", 0, "A25e et 3es"); /* not ordinals */
    expect("l'article", "fr", 0, "l" RS "article");
}

/* What a reader expects to stay on one line: a number and its month or
 * unit, a month and its year, a name the author joined with tildes. */
static void numbers_dates_and_names_stay_together(void **state)
{
    (void)state;
    expect("updated 25 April 2014.", "en", 0, "updated 25" NBSP "April" NBSP "2014.");
    expect("le 13 avril 2014, 42 km", "fr", 0, "le 13" NBSP "avril" NBSP "2014, 42" NBSP "km");
    expect("26.2 miles and 25 years", "en", 0, "26.2" NBSP "miles and 25" NBSP "years");
    expect("Kim~Il~Sung's birthday", "en", 0, "Kim" NBSP "Il" NBSP "Sung" RS "s birthday");
    expect("Cor\xC3\xA9"
           "e~du~Nord",
           "fr", 0,
           "Cor\xC3\xA9"
           "e" NBSP "du" NBSP "Nord");
    /* not a month, not a unit, not a year: left as written */
    expect("25 people, May be 2014 and April 201", "en", 0, "25 people, May be 2014 and April 201");
    expect("~200 and a~", "en", 0, "~200 and a~");
}

/* Other languages get CLDR's quotation marks (Korean “평양”, Russian
 * «…» with „…“ inside), and keep the rest as written. */
static void other_languages_keep_their_text(void **state)
{
    (void)state;
    expect("\"\xED\x8F\x89\xEC\x96\x91\"", "ko", 0, LQ "\xED\x8F\x89\xEC\x96\x91" RQ);
    expect("\"a 'b' c\"", "ru", 0,
           "\xC2\xAB"
           "a \xE2\x80\x9E"
           "b\xE2\x80\x9C c\xC2\xBB");
    expect("Quoi ? 27e", "en", 0, "Quoi ? 27e");
    expect("\"Zitat\"", "de", 0,
           "\xE2\x80\x9E"
           "Zitat"
           "\xE2\x80\x9C");
    /* invalid UTF-8 passes through byte for byte */
    expect("a\xFF\"b", "en", 0, "a\xFF" RQ "b");
}

/* Whatever the bytes, the result fits TYPO_MAX and is as long as it says. */
static void any_bytes_fit(void **state)
{
    (void)state;
    uint32_t x = 2463534242u;
    static const char alphabet[] = "\"' ;:!?e1r\xC2\xAB\xC2\xBB\xC3\xA8m\n";
    for (int round = 0; round < 20000; round++) {
        char in[64];
        size_t n = (size_t)(round % 63);
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13, x ^= x >> 17, x ^= x << 5;
            in[i] = (x & 64) ? (char)(x & 0xFF) : alphabet[x % (sizeof alphabet - 1)];
        }
        char out[TYPO_MAX(64)];
        memset(out, 0x5A, sizeof out);
        size_t len = typo_apply(in, n, round % 3 ? "fr" : "en", round & 1, out);
        assert_true(len < TYPO_MAX(n));
        assert_int_equal(out[len], '\0');
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(english_quotes_and_apostrophes),
        cmocka_unit_test(french_quotes_spaces_and_ordinals),
        cmocka_unit_test(numbers_dates_and_names_stay_together),
        cmocka_unit_test(other_languages_keep_their_text),
        cmocka_unit_test(any_bytes_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
