/* breaks.h - where a line may break (UAX #14) and where a character, as a
 * reader sees it, ends (a cluster), for UTF-8 text of any origin: a
 * signed bundle's strings, a curator's typo, a fuzzer's bytes.
 *
 * Breaking is libunibreak's, but the library is never handed the text
 * itself. Debian 12 ships libunibreak 1.1 (Unicode 6.0 data). Its data
 * gives the regional indicators (U+1F1E6..U+1F1FF, the letters that pair
 * into flags such as U+1F1E8 U+1F1E6) their class, but its pair table
 * stops one class short, so set_linebreaks() fails an assertion and aborts
 * the process on any flag. Its decoder returns U+FFFF, a noncharacter
 * that text may hold, as its end-of-text mark, and the next assertion
 * aborts the process on that. It also predates the emoji rules of UAX #14:
 * ZWJ sequences (LB8a), flags in pairs (LB30a), skin-tone modifiers
 * (LB30b). So breaks_find() hands it a shadow of the text: the same bytes,
 * except that every code point whose class the old library gets wrong or
 * cannot take is replaced by a stand-in of the same length whose class it
 * handles and that breaks the way current UAX #14 says:
 *   - every code point that extends the cluster before it (a mark, a
 *     variation selector, a skin tone, the second indicator of a flag, the
 *     character after a zero-width joiner, a tag) becomes a combining mark
 *     (CM): no break inside a cluster, and the cluster breaks as its first
 *     character does (LB9);
 *   - a pictograph, a lone or first regional indicator becomes an
 *     ideograph (ID): a break is allowed on either side;
 *   - malformed UTF-8, surrogates, overlong forms and values past U+10FFFF
 *     become a letter (AL), byte for byte, as they are drawn as U+FFFD;
 *     so does U+FFFF.
 * The shadow is well-formed UTF-8 with no regional indicator and no U+FFFF
 * in it, so no
 * input reaches the library's assertion; tests/test_breaks.c checks every
 * code point, and tests/fuzz/fuzz_text.c any bytes.
 *
 * Clusters are extended grapheme clusters as UAX #29 defines them, less
 * the Hangul syllable and Indic conjunct rules: a base and the code points
 * that extend it (HarfBuzz's Unicode data says which are marks). Text is
 * cut between clusters only, so a flag, a family emoji or an accented
 * letter is never drawn in halves. Pure and thread-safe after the first
 * call (libunibreak's tables are set up once, under pthread_once). */
#ifndef VITRINE_BREAKS_H
#define VITRINE_BREAKS_H

#include <stddef.h>
#include <stdint.h>

enum {
    BREAKS_MUST = 0,   /* a line must break after this byte (the text's last) */
    BREAKS_ALLOW = 1,  /* a line may break after this byte */
    BREAKS_NO = 2,     /* no break after this byte */
    BREAKS_INSIDE = 3, /* this byte is inside a character */
};

/* The code point at s[*i] (n bytes in all, *i < n), advancing *i past it.
 * Strict: a malformed or overlong sequence, a surrogate or a value past
 * U+10FFFF reads as U+FFFD and consumes one byte. */
uint32_t breaks_decode(const char *s, size_t n, size_t *i);

/* Does cp join the cluster before it whatever came before (a mark, a
 * joiner, a variation selector, a skin tone, a tag)? */
int breaks_extends(uint32_t cp);

/* The end (a byte offset, > i) of the cluster that starts at s[i], i < n. */
size_t breaks_cluster_end(const char *s, size_t n, size_t i);

/* The start of the cluster that holds byte i of s[0..n) (0 <= i <= n; n
 * itself is a boundary). */
size_t breaks_cluster_floor(const char *s, size_t n, size_t i);

/* Break opportunities of s[0..n) for language lang (a BCP 47 tag or NULL):
 * brks[k] (n entries) tells about the position after byte k. shadow is
 * scratch of n bytes. Never fails. */
void breaks_find(const char *s, size_t n, const char *lang, char *brks, char *shadow);

#endif
