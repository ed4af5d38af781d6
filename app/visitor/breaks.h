/* breaks.h - where a line may break (UAX #14) and where a character, as a
 * reader sees it, ends (an extended grapheme cluster, UAX #29), for UTF-8
 * text of any origin: a signed bundle's strings, a curator's typo, a
 * fuzzer's bytes.
 *
 * Both come from ICU (Debian 12's libicu 72, Unicode 15.0): line breaks
 * from its UBRK_LINE iterator, with its dictionaries for Thai, Lao, Khmer
 * and Burmese (words that are written without spaces) and the locale's
 * tailorings (Japanese and Chinese line-start rules, "ja-u-lb-loose");
 * clusters from UBRK_CHARACTER (flags, ZWJ sequences, skin tones, tags,
 * marks, Hangul syllables, Prepend). ICU reads the UTF-8 in place
 * (utext_openUTF8), so every position is a byte offset. On top of ICU,
 * the line breaks keep the project's tailorings (docs/decisions.md,
 * "Text"): no break inside a cluster; Korean keeps its words whole (CSS
 * word-break: keep-all); no line end after a number's hyphen ("25-",
 * "2013-"); none after a hyphen that follows or comes before a single
 * letter ("a-t-elle", "e-mail", "X-ray"). tests/test_unicode_files.c runs
 * Unicode's LineBreakTest.txt and GraphemeBreakTest.txt and counts the
 * lines each tailoring changes.
 *
 * Malformed UTF-8 (a stray byte, a truncated or overlong sequence, a
 * surrogate, a value past U+10FFFF) never crashes and is never joined to
 * a well-formed character: ICU reads each maximal ill-formed subpart as
 * one U+FFFD, a cluster (with any marks after it) that breaks like a
 * letter. A break never falls inside a character breaks_decode reads.
 *
 * Thread-safe: each thread keeps its own iterators (one for clusters, a
 * few for line breaks, by language), opened on its first call and closed
 * when it exits. Nothing here fails: without ICU's data or memory, text
 * breaks after spaces and clusters are code points. */
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
 * joiner, a variation selector, a skin tone, a tag: UAX #29 Extend, ZWJ,
 * SpacingMark)? */
int breaks_extends(uint32_t cp);

/* The end (a byte offset, > i) of the cluster that holds s[i], i < n
 * (i is normally a cluster's start). */
size_t breaks_cluster_end(const char *s, size_t n, size_t i);

/* The start of the cluster that holds byte i of s[0..n) (0 <= i <= n; n
 * itself is a boundary). */
size_t breaks_cluster_floor(const char *s, size_t n, size_t i);

/* Break opportunities of s[0..n) for language lang (a BCP 47 tag or NULL):
 * brks[k] (n entries) tells about the position after byte k. Never fails. */
void breaks_find(const char *s, size_t n, const char *lang, char *brks);

#endif
