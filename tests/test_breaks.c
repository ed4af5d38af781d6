/* test_breaks.c - line breaks and clusters on text nobody listed: every
 * code point there is, alone and between letters, goes through the line
 * breaker (libunibreak 1.1, before ICU, aborted on the regional indicators
 * and on U+FFFF), and the clusters' shortcuts agree with ICU's iterator;
 * flags, ZWJ sequences, skin tones, tags and marks are never broken or cut
 * inside; malformed bytes are letters; Thai, Lao, Khmer and Burmese break
 * between words only, Japanese never starts a line with "。" or a small
 * kana; the project's tailorings (Korean keep-all, hyphens). Unicode's own
 * test files run in test_unicode_files.c. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

#include "app/visitor/breaks.h"
#include "app/visitor/typeset.h"

#include "utf8_testing.h"

/* Breaks of s: brks[k] as breaks_find gives them; returns n. */
static size_t find(const char *s, const char *lang, char *brks)
{
    size_t n = strlen(s);
    assert_true(n < 256);
    breaks_find(s, n, lang, brks);
    return n;
}

/* The text with '|' where a line may break ("a |b"). */
static const char *marked(const char *s, const char *lang)
{
    static char out[1024];
    char brks[256];
    size_t n = find(s, lang, brks), o = 0;
    for (size_t i = 0; i < n; i++) {
        out[o++] = s[i];
        if (i + 1 < n && brks[i] == BREAKS_ALLOW)
            out[o++] = '|';
    }
    out[o] = 0;
    return out;
}

/* cp alone, after a letter, before one, and paired with itself: a
 * mandatory break at the end and a break state for every byte. */
static void code_point_is_taken(uint32_t cp, const char *lang)
{
    char s[32], brks[32];
    size_t n = 0;
    n += put_utf8(s + n, 'a');
    size_t at = n;
    n += put_utf8(s + n, cp);
    size_t len = n - at;
    memcpy(s + n, s + at, len); /* the same again: a flag is a pair */
    n += len;
    n += put_utf8(s + n, 'b');
    memset(brks, 9, sizeof brks);
    breaks_find(s, n, lang, brks);
    if (brks[n - 1] != BREAKS_MUST)
        fail_msg("U+%04X: no break at the end", (unsigned)cp);
    for (size_t k = 0; k < n; k++)
        if (brks[k] < BREAKS_MUST || brks[k] > BREAKS_INSIDE)
            fail_msg("U+%04X: byte %zu has no break state", (unsigned)cp, k);
    for (size_t k = at; k + 1 < at + len; k++)
        if (brks[k] != BREAKS_INSIDE)
            fail_msg("U+%04X: a break inside the character", (unsigned)cp);
    breaks_find(s + at, len, lang, brks); /* alone */
    if (brks[len - 1] != BREAKS_MUST)
        fail_msg("U+%04X alone: no break at the end", (unsigned)cp);
}

/* Every scalar value and surrogate-free noncharacter, as above, in every
 * language the library has rules of its own for: code point cp in
 * langs[cp % 8]. One language at a time: the breaker keeps four languages'
 * iterators open (breaks.c), and the eight taken in turn opened a new ICU
 * iterator at every call. */
static void every_code_point_is_taken(void **state)
{
    (void)state;
    static const char *const langs[] = {NULL, "en", "fr", "de", "ko", "ja", "zh", "ru"};
    long checked = 0;
    for (uint32_t l = 0; l < 8; l++) {
        for (uint32_t cp = l; cp <= 0x10FFFF; cp += 8) {
            if (cp >= 0xD800 && cp <= 0xDFFF)
                continue;
            code_point_is_taken(cp, langs[l]);
            checked++;
        }
    }
    assert_int_equal(checked, 0x110000 - 0x800);
}

static void flags_break_between_pairs_only(void **state)
{
    (void)state;
    /* U+1F1E8 U+1F1E6 (CA), U+1F1EB U+1F1F7 (FR), U+1F1EC U+1F1E7 (GB) */
    const char *ca = "\xF0\x9F\x87\xA8\xF0\x9F\x87\xA6";
    const char *fr = "\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7";
    char s[64];
    snprintf(s, sizeof s, "%s%s", ca, fr);
    char want[64];
    snprintf(want, sizeof want, "%s|%s", ca, fr);
    assert_string_equal(marked(s, "en"), want);
    snprintf(s, sizeof s, "Canada %s!", ca); /* no break before '!' (LB13) */
    snprintf(want, sizeof want, "Canada |%s!", ca);
    assert_string_equal(marked(s, "en"), want);
    /* three indicators: a flag and a lone one, a break between them */
    snprintf(s, sizeof s, "%s\xF0\x9F\x87\xAB", ca);
    snprintf(want, sizeof want, "%s|\xF0\x9F\x87\xAB", ca);
    assert_string_equal(marked(s, "fr"), want);
    assert_int_equal(breaks_cluster_end(s, strlen(s), 0), 8);
    assert_int_equal(breaks_cluster_end(s, strlen(s), 8), 12);
}

/* Hebrew and Arabic break at their spaces; a Hebrew prefix letter and its
 * maqaf stay with the word or number after them (UAX #14 LB21a), so
 * "ל־9.5%" never ends a line at "ל־". */
static void hebrew_keeps_a_prefix_with_its_word(void **state)
{
    (void)state;
    /* צונחת ל־9.5% */
    assert_string_equal(marked("\xD7\xA6\xD7\x95\xD7\xA0\xD7\x97\xD7\xAA "
                               "\xD7\x9C\xD6\xBE"
                               "9.5%",
                               "he"),
                        "\xD7\xA6\xD7\x95\xD7\xA0\xD7\x97\xD7\xAA |"
                        "\xD7\x9C\xD6\xBE"
                        "9.5%");
    /* an Arabic sentence: at its spaces */
    assert_string_equal(marked("\xD9\x86\xD8\xB5 \xD9\x82\xD8\xB5\xD9\x8A\xD8\xB1", "ar"),
                        "\xD9\x86\xD8\xB5 |\xD9\x82\xD8\xB5\xD9\x8A\xD8\xB1");
}

static void emoji_sequences_hold_together(void **state)
{
    (void)state;
    /* man ZWJ woman ZWJ girl: one cluster, no break inside (LB8a) */
    const char *family = "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7";
    assert_string_equal(marked(family, "en"), family);
    assert_int_equal(breaks_cluster_end(family, strlen(family), 0), strlen(family));
    /* thumbs up, medium skin tone: no break between them (LB30b) */
    const char *thumbs = "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD";
    assert_string_equal(marked(thumbs, "en"), thumbs);
    assert_int_equal(breaks_cluster_end(thumbs, 8, 0), 8);
    /* two pictographs side by side may break (they are ideographic) */
    char two[16];
    snprintf(two, sizeof two, "%s%s", "\xF0\x9F\x8F\x83", "\xF0\x9F\x8F\x83");
    assert_string_equal(marked(two, "en"), "\xF0\x9F\x8F\x83|\xF0\x9F\x8F\x83");
    /* the flag of England: black flag, five tags, cancel tag */
    const char *england = "\xF0\x9F\x8F\xB4\xF3\xA0\x81\xA7\xF3\xA0\x81\xA2\xF3\xA0\x81\xA5"
                          "\xF3\xA0\x81\xAE\xF3\xA0\x81\xA7\xF3\xA0\x81\xBF";
    assert_int_equal(breaks_cluster_end(england, strlen(england), 0), strlen(england));
    /* a keycap: digit, VS16, combining enclosing keycap */
    assert_int_equal(breaks_cluster_end("1\xEF\xB8\x8F\xE2\x83\xA3 ", 8, 0), 7);
}

static void marks_stay_with_their_letter(void **state)
{
    (void)state;
    /* e + combining acute: one cluster; two Hangul syllables are two, but
     * Korean keeps its words whole (CSS keep-all): no break between them,
     * in any language's text; the space between words is the break */
    assert_int_equal(breaks_cluster_end("e\xCC\x81x", 4, 0), 3);
    assert_string_equal(marked("\xEA\xB0\x81\xEA\xB0\x81", "ko"), "\xEA\xB0\x81\xEA\xB0\x81");
    assert_string_equal(marked("(\xED\x83\x9C\xEC\x96\x91\xEC\xA0\x88)", "fr"),
                        "(\xED\x83\x9C\xEC\x96\x91\xEC\xA0\x88)"); /* (태양절) */
    assert_string_equal(marked("\xEB\xA7\x8C\xEA\xB2\xBD \xEB\x8C\x80", "ko"),
                        "\xEB\xA7\x8C\xEA\xB2\xBD |\xEB\x8C\x80");
    /* Devanagari vowel signs stay with their consonant, and a conjunct is
     * one cluster: ICU 72 has the aksara rule (CLDR's, Unicode 15.1's
     * GB9c), which GraphemeBreakTest-15.0 does not test */
    const char *ksha = "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7"; /* ka virama ssa */
    assert_int_equal(breaks_cluster_end(ksha, 9, 0), 9);
    assert_string_equal(marked(ksha, "hi"), ksha);
    assert_int_equal(breaks_cluster_end("\xE0\xA4\x95\xE0\xA4\xBF ", 7, 0), 6); /* ki */
    /* a mark after a space is drawn on it, one cluster (GB9), and no line
     * breaks between them */
    assert_int_equal(breaks_cluster_end(" \xCC\x81", 3, 0), 3);
    assert_string_equal(marked("a \xCC\x81x b", "en"), "a \xCC\x81x |b");
    /* CR LF is one (GB3); Hangul jamo make one syllable (GB6-8) */
    assert_int_equal(breaks_cluster_end("\r\nx", 3, 0), 2);
    assert_int_equal(breaks_cluster_end("\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8x", 10, 0), 9);
    /* a Prepend sticks to what follows it (GB9b): U+0600 and a digit */
    assert_int_equal(breaks_cluster_end("\xD8\x80"
                                        "1 ",
                                        4, 0),
                     3);
    /* after a zero-width joiner only a pictograph joins (GB11) */
    assert_int_equal(breaks_cluster_end("a\xE2\x80\x8D"
                                        "b",
                                        5, 0),
                     4);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 2), 0);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 3), 3);
    assert_int_equal(breaks_cluster_floor("e\xCC\x81x", 4, 4), 4);
}

/* Hyphens: after a number's hyphen no line ends ("25-year-old"), none
 * inside "2013-14"; a hyphen next to a single letter holds ("a-t-elle",
 * "e-mail"); between longer words a line may end after it. */
static void hyphens_as_the_tailorings_say(void **state)
{
    (void)state;
    assert_string_equal(marked("25-year-old", "en"), "25-year-|old");
    assert_string_equal(marked("the 2013-14 season", "en"), "the |2013-14 |season");
    assert_string_equal(marked("Peut-\xC3\xAAtre a-t-elle dit", "fr"),
                        "Peut-|\xC3\xAAtre |a-t-elle |dit");
    assert_string_equal(marked("va-t-en e-mail X-ray vis-\xC3\xA0-vis", "fr"),
                        "va-t-en |e-mail |X-ray |vis-\xC3\xA0-vis");
    assert_string_equal(marked("ab-cd", "en"), "ab-|cd");
    /* U+2010 HYPHEN as well; never at a no-break space (U+00A0, U+202F) */
    assert_string_equal(marked("a\xE2\x80\x90t 10\xE2\x80\x90year", "en"),
                        "a\xE2\x80\x90t |10\xE2\x80\x90year");
    assert_string_equal(marked("7\xC2\xA0s Source\xE2\x80\xAF: x", "fr"),
                        "7\xC2\xA0s |Source\xE2\x80\xAF: |x");
}

/* s, with '|' where a line may break, and the words it is made of joined
 * by '|': every break falls between words; at least `least` do. */
static void breaks_between_words(const char *lang, const char *const *words, int least)
{
    char s[256] = "";
    size_t bound[32], nb = 0, n = 0;
    for (size_t k = 0; words[k]; k++) {
        strcat(s, words[k]);
        n += strlen(words[k]);
        bound[nb++] = n;
    }
    char brks[256];
    find(s, lang, brks);
    int found = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        if (brks[i] != BREAKS_ALLOW)
            continue;
        int at_word = 0;
        for (size_t b = 0; b < nb; b++)
            at_word |= bound[b] == i + 1;
        if (!at_word)
            fail_msg("%s: a break inside a word: %s", lang, marked(s, lang));
        found++;
    }
    if (found < least)
        fail_msg("%s: %d breaks, %d expected: %s", lang, found, least, marked(s, lang));
}

/* Languages written without spaces break between words, by ICU's
 * dictionaries: "บรรพบุรุษ" (ancestors) and "ได้" are never cut. */
static void southeast_asian_words_stay_whole(void **state)
{
    (void)state;
    /* our ancestors told that they came from where */
    static const char *const thai[] = {
        "\xE0\xB8\x9A\xE0\xB8\xA3\xE0\xB8\xA3\xE0\xB8\x9E\xE0\xB8\x9A\xE0\xB8\xB8"
        "\xE0\xB8\xA3\xE0\xB8\xB8\xE0\xB8\xA9", /* บรรพบุรุษ */
        "\xE0\xB8\x82\xE0\xB8\xAD\xE0\xB8\x87", /* ของ */
        "\xE0\xB9\x80\xE0\xB8\xA3\xE0\xB8\xB2", /* เรา */
        "\xE0\xB8\x9A\xE0\xB8\xAD\xE0\xB8\x81", /* บอก */
        "\xE0\xB9\x84\xE0\xB8\x94\xE0\xB9\x89", /* ได้ */
        "\xE0\xB8\xA7\xE0\xB9\x88\xE0\xB8\xB2", /* ว่า */
        "\xE0\xB9\x80\xE0\xB8\x82\xE0\xB8\xB2", /* เขา */
        "\xE0\xB8\xA1\xE0\xB8\xB2",             /* มา */
        "\xE0\xB8\x88\xE0\xB8\xB2\xE0\xB8\x81", /* จาก */
        "\xE0\xB8\x97\xE0\xB8\xB5\xE0\xB9\x88\xE0\xB9\x84\xE0\xB8\xAB\xE0\xB8\x99", /* ที่ไหน */
        NULL};
    breaks_between_words("th", thai, 6);
    breaks_between_words(NULL, thai, 6); /* by script, whatever the language */
    /* Lao: the Lao language is a beautiful language */
    static const char *const lao[] = {"\xE0\xBA\x9E\xE0\xBA\xB2\xE0\xBA\xAA\xE0\xBA\xB2", /* ພາສາ */
                                      "\xE0\xBA\xA5\xE0\xBA\xB2\xE0\xBA\xA7", /* ລາວ */
                                      "\xE0\xBB\x80\xE0\xBA\x9B\xE0\xBA\xB1\xE0\xBA\x99", /* ເປັນ */
                                      "\xE0\xBA\x9E\xE0\xBA\xB2\xE0\xBA\xAA\xE0\xBA\xB2", /* ພາສາ */
                                      NULL};
    breaks_between_words("lo", lao, 2);
    /* Khmer: the Khmer language is the official language */
    static const char *const khmer[] = {
        "\xE1\x9E\x97\xE1\x9E\xB6\xE1\x9E\x9F\xE1\x9E\xB6",             /* ភាសា */
        "\xE1\x9E\x81\xE1\x9F\x92\xE1\x9E\x98\xE1\x9F\x82\xE1\x9E\x9A", /* ខ្មែរ */
        "\xE1\x9E\x87\xE1\x9E\xB6",                                     /* ជា */
        "\xE1\x9E\x97\xE1\x9E\xB6\xE1\x9E\x9F\xE1\x9E\xB6",             /* ភាសា */
        NULL};
    breaks_between_words("km", khmer, 2);
    /* Burmese: Burmese writing is beautiful */
    static const char *const burmese[] = {
        "\xE1\x80\x99\xE1\x80\xBC\xE1\x80\x94\xE1\x80\xBA\xE1\x80\x99\xE1\x80\xAC", /* မြန်မာ */
        "\xE1\x80\x85\xE1\x80\xAC",                                                 /* စာ */
        "\xE1\x80\x9E\xE1\x80\x8A\xE1\x80\xBA",                                     /* သည် */
        "\xE1\x80\x9C\xE1\x80\xBE\xE1\x80\x95",                                     /* လှပ */
        NULL};
    breaks_between_words("my", burmese, 2);
}

/* Japanese: no line starts with "。" or a small kana ("きゃく", "ファイル"),
 * unless the tag asks for ICU's normal rules. */
static void japanese_line_starts(void **state)
{
    (void)state;
    const char *s = "\xE3\x81\x8D\xE3\x82\x83\xE3\x81\x8F"              /* きゃく */
                    "\xE3\x81\xA7\xE3\x81\x99\xE3\x80\x82"              /* です。 */
                    "\xE3\x83\x95\xE3\x82\xA1\xE3\x82\xA4\xE3\x83\xAB"; /* ファイル */
    assert_string_equal(marked(s, "ja"), "\xE3\x81\x8D\xE3\x82\x83|\xE3\x81\x8F|"
                                         "\xE3\x81\xA7|\xE3\x81\x99\xE3\x80\x82|"
                                         "\xE3\x83\x95\xE3\x82\xA1|\xE3\x82\xA4|\xE3\x83\xAB");
    assert_string_equal(marked(s, "zh"), marked(s, "ja"));
    /* ja-u-lb-normal: ICU's normal rules, a line may start with a small kana */
    assert_string_equal(marked("\xE3\x81\x8D\xE3\x82\x83", "ja-u-lb-normal"),
                        "\xE3\x81\x8D|\xE3\x82\x83");
}

/* One thread's share of clusters_are_icus_for_every_code_point: the code
 * points of every other run of 256 from run first, how many were checked,
 * and the first disagreement (empty: none; a failed assertion off the main
 * thread would not reach cmocka). */
struct cluster_share {
    uint32_t first;
    long checked;
    char fault[160];
};

/* The cluster ends and floors in s[0..n) against ICU's iterator bi: 0, or
 * -1 with the disagreement in fault. */
static int clusters_agree(UBreakIterator *bi, uint32_t cp, const char *s, size_t n, char *fault,
                          size_t fault_len)
{
    size_t start = 0;
    for (size_t i = 0; i < n;) {
        size_t e = breaks_cluster_end(s, n, i);
        int32_t icu = ubrk_following(bi, (int32_t)i);
        if ((int32_t)e != icu) {
            snprintf(fault, fault_len, "U+%04X: a cluster at %zu ends at %zu, ICU says %d",
                     (unsigned)cp, i, e, icu);
            return -1;
        }
        /* its first byte, and its last (inside its last character) */
        if (breaks_cluster_floor(s, n, i) != start || breaks_cluster_floor(s, n, e - 1) != start) {
            snprintf(fault, fault_len, "U+%04X: the floor of a byte in %zu..%zu is not %zu",
                     (unsigned)cp, i, e, start);
            return -1;
        }
        i = start = e;
    }
    return 0;
}

static void *clusters_share(void *arg)
{
    struct cluster_share *sh = arg;
    UErrorCode st = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &st);
    if (U_FAILURE(st)) {
        snprintf(sh->fault, sizeof(sh->fault), "ubrk_open: %s", u_errorName(st));
        return NULL;
    }
    char s[64];
    for (uint32_t run = sh->first; run <= 0x10FFFF / 256 && !sh->fault[0]; run += 2) {
        for (uint32_t cp = run * 256; cp < run * 256 + 256 && !sh->fault[0]; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF)
                continue;
            size_t n = put_utf8(s, 'a');
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, 'b');
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, 0x0301);
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, 0x094D); /* a virama: a conjunct? */
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, 0x200D); /* a joiner: an emoji sequence? */
            n += put_utf8(s + n, cp);
            n += put_utf8(s + n, 0x0E34); /* Thai sara i, a mark */
            n += put_utf8(s + n, 0x0E33); /* sara am, a SpacingMark */
            UText ut = UTEXT_INITIALIZER;
            utext_openUTF8(&ut, s, (int64_t)n, &st);
            ubrk_setUText(bi, &ut, &st);
            if (U_FAILURE(st))
                snprintf(sh->fault, sizeof(sh->fault), "U+%04X: %s", (unsigned)cp, u_errorName(st));
            else if (clusters_agree(bi, cp, s, n, sh->fault, sizeof(sh->fault)) == 0)
                sh->checked++;
            utext_close(&ut);
        }
    }
    ubrk_close(bi);
    return NULL;
}

/* The cluster functions' shortcuts give what ICU's iterator gives, for
 * every code point after a letter, doubled, before a letter, a mark, a
 * virama and a joiner. On two threads, each with its own iterators (the
 * breaker keeps one set a thread): a million code points take half the
 * time where the other core is free. */
static void clusters_are_icus_for_every_code_point(void **state)
{
    (void)state;
    struct cluster_share sh[2] = {{.first = 0}, {.first = 1}};
    pthread_t th[2];
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_create(&th[t], NULL, clusters_share, &sh[t]), 0);
    for (int t = 0; t < 2; t++)
        assert_int_equal(pthread_join(th[t], NULL), 0);
    for (int t = 0; t < 2; t++)
        if (sh[t].fault[0])
            fail_msg("%s", sh[t].fault);
    assert_int_equal(sh[0].checked + sh[1].checked, 0x110000 - 0x800);
}

/* Texts in several languages, broken on four threads at once (each with
 * its own iterators, languages coming and going past the four it keeps):
 * every thread finds what one thread alone finds. */
static const char *const thread_texts[][2] = {
    {"th", "\xE0\xB8\x9A\xE0\xB8\xA3\xE0\xB8\xA3\xE0\xB8\x9E\xE0\xB8\x9A\xE0\xB8\xB8"
           "\xE0\xB8\xA3\xE0\xB8\xB8\xE0\xB8\xA9\xE0\xB8\x82\xE0\xB8\xAD\xE0\xB8\x87"},
    {"ja", "\xE3\x81\x8D\xE3\x82\x83\xE3\x81\x8F\xE3\x81\xA7\xE3\x81\x99\xE3\x80\x82"},
    {"ko", "\xEB\xA7\x8C\xEA\xB2\xBD \xEB\x8C\x80\xEA\xB0\x81"},
    {"fr", "Peut-\xC3\xAAtre a-t-elle dit 25-ans"},
    {"en", "Flags \xF0\x9F\x87\xA8\xF0\x9F\x87\xA6\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7 e\xCC\x81 x"},
    {"de", "Stra\xC3\x9F"
           "e und Weg"},
    {NULL, "\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7 \xFF\xE0\xA4 ab"},
};
#define THREAD_TEXTS (sizeof thread_texts / sizeof *thread_texts)
static char thread_want[THREAD_TEXTS][256];

/* brks of text k and its cluster ends, as one string */
static void thread_result(size_t k, char *out)
{
    const char *s = thread_texts[k][1];
    size_t n = strlen(s);
    breaks_find(s, n, thread_texts[k][0], out);
    for (size_t i = 0; i < n; i = breaks_cluster_end(s, n, i))
        out[i] += 10;
    out[n] = 0;
}

static void *thread_main(void *arg)
{
    size_t wrong = 0, seed = (size_t)(uintptr_t)arg;
    char got[256];
    for (size_t r = 0; r < 300; r++) {
        size_t k = (r * 7 + seed) % THREAD_TEXTS;
        thread_result(k, got);
        wrong += memcmp(got, thread_want[k], strlen(thread_texts[k][1]) + 1) != 0;
    }
    return (void *)(uintptr_t)wrong;
}

static void threads_break_alike(void **state)
{
    (void)state;
    for (size_t k = 0; k < THREAD_TEXTS; k++)
        thread_result(k, thread_want[k]);
    pthread_t th[4];
    for (uintptr_t t = 0; t < 4; t++)
        assert_int_equal(pthread_create(&th[t], NULL, thread_main, (void *)t), 0);
    for (int t = 0; t < 4; t++) {
        void *wrong;
        assert_int_equal(pthread_join(th[t], &wrong), 0);
        assert_int_equal((uintptr_t)wrong, 0);
    }
}

static void malformed_bytes_are_letters(void **state)
{
    (void)state;
    size_t i = 0;
    /* overlong NUL, a surrogate, past U+10FFFF, a lone continuation byte */
    const char *bad[] = {"\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80", "\xF0\x9F\x87"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        i = 0;
        assert_int_equal(breaks_decode(bad[k], strlen(bad[k]), &i), 0xFFFD);
        assert_int_equal(i, 1);
    }
    /* each bad byte is a cluster of its own; no break between letters */
    assert_string_equal(marked("ab\xFF\xFE"
                               "cd",
                               "en"),
                        "ab\xFF\xFE"
                        "cd");
    i = 0;
    assert_int_equal(breaks_decode("\xEF\xBF\xBF", 3, &i), 0xFFFF);
    assert_string_equal(marked("a\xEF\xBF\xBF b", "en"), "a\xEF\xBF\xBF |b");
    /* clusters read an ill-formed subpart as one U+FFFD, as ICU does: a
     * truncated flag half is one, a stray byte one, a mark joins them */
    assert_int_equal(breaks_cluster_end("\xF0\x9F\x87"
                                        "a",
                                        4, 0),
                     3);
    assert_int_equal(breaks_cluster_floor("\xF0\x9F\x87"
                                          "a",
                                          4, 2),
                     0);
    assert_int_equal(breaks_cluster_end("\xFF\xFE", 2, 0), 1);
    assert_int_equal(breaks_cluster_end("\xFF\xCC\x81"
                                        "a",
                                        4, 0),
                     3);
    /* a well-formed character after them is never split */
    assert_int_equal(breaks_cluster_end("\xE0\xA4\xE0\xA4\x95", 5, 0), 2);
    assert_int_equal(breaks_cluster_end("\xE0\xA4\xE0\xA4\x95", 5, 2), 5);
}

/* A fake measurer: every cluster 10 px wide. */
static int cl_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    (void)px;
    int w = 0;
    for (size_t i = 0; i < n; i = breaks_cluster_end(s, n, i))
        w += 10;
    return w;
}

static int cl_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px;
}

static const struct text_measurer per_cluster = {.width = cl_width, .line_height = cl_line_height};

/* A long run of flags, wider than the box, is cut between flags; the
 * ellipsis never lands inside one. */
static void long_runs_are_cut_between_clusters(void **state)
{
    (void)state;
    char s[8 * 30 + 1] = "";
    for (int k = 0; k < 30; k++)
        strcat(s, "\xF0\x9F\x87\xA8\xF0\x9F\x87\xA6");
    size_t k = typeset_prefix(&per_cluster, FACE_SANS, 10, s, strlen(s), 35);
    assert_int_equal(k, 3 * 8); /* three flags of 10 px fit 35 px */
    struct arena a;
    arena_init(&a, 4096);
    struct typeset t;
    const struct typeset_style st = {.face = FACE_SANS, .lang = "en"};
    assert_int_equal(typeset_prepare(&t, &per_cluster, &a, s, &st), 0);
    typeset_one_line(&t, 10, 45);
    assert_int_equal(t.keep, 1);
    assert_true(t.cut);
    /* three flags (24 bytes) and the ellipsis (3 bytes, 10 px) */
    assert_int_equal(t.lines[0].len, 24 + 3);
    assert_int_equal(t.lines[0].w, 40);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_code_point_is_taken),
        cmocka_unit_test(flags_break_between_pairs_only),
        cmocka_unit_test(emoji_sequences_hold_together),
        cmocka_unit_test(hebrew_keeps_a_prefix_with_its_word),
        cmocka_unit_test(marks_stay_with_their_letter),
        cmocka_unit_test(hyphens_as_the_tailorings_say),
        cmocka_unit_test(southeast_asian_words_stay_whole),
        cmocka_unit_test(japanese_line_starts),
        cmocka_unit_test(clusters_are_icus_for_every_code_point),
        cmocka_unit_test(threads_break_alike),
        cmocka_unit_test(malformed_bytes_are_letters),
        cmocka_unit_test(long_runs_are_cut_between_clusters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
