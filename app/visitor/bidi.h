/* bidi.h - the Unicode bidirectional algorithm (UAX #9, through GNU
 * FriBidi) for one line of text: which parts of it run right to left, and
 * in which order they stand on the screen. Pure: no SDL, no fonts.
 *
 * A line is reordered on its own, after the paragraph was broken into lines
 * on its logical text (typeset.h), with the paragraph's base direction: the
 * language's (locale_rules), never guessed from the first letter, so an
 * Arabic line that starts with a Latin name still reads from the right.
 * Levels are resolved over the line alone: the rare neutral whose direction
 * would depend on a strong letter on another line takes the base direction.
 * Mirrored characters (brackets, quotes that mirror) are left to the
 * shaper, which mirrors them in a right-to-left run (HarfBuzz does). */
#ifndef VITRINE_BIDI_H
#define VITRINE_BIDI_H

#include <stddef.h>

/* One run of a line: bytes s[off..off+len) of one embedding level, drawn
 * left to right (rtl 0) or right to left (rtl 1). */
struct bidi_run {
    int off, len;
    int rtl;
};

/* 1 when s[0..n) (UTF-8) may not read as written in a left-to-right
 * paragraph: it has a right-to-left letter (Hebrew, Arabic, Syriac,
 * Thaana, N'Ko...), an Arabic-Indic digit, or an explicit embedding,
 * override or isolate. */
int bidi_has_rtl(const char *s, size_t n);

/* 1 when s[0..n) has a left-to-right letter or a digit: text that reads
 * left to right by itself (a chevron or a dash alone does not). */
int bidi_has_ltr(const char *s, size_t n);

/* 1 when the first strong letter of s[0..n) is right to left (UAX #9's
 * P2 and P3, for a piece of text with no language of its own); 0 when it is
 * left to right or there is none. */
int bidi_first_strong_rtl(const char *s, size_t n);

/* The visual runs of line s[0..n) in a paragraph whose base direction is
 * right to left (rtl 1) or left to right (0), in screen order from the
 * left, into out (at most max). Returns how many; 0 for empty text; -1 when
 * out is too small or memory runs out (then draw the line as one run in
 * the base direction). A malformed UTF-8 byte stays in the run of the
 * character before it. */
int bidi_runs(const char *s, size_t n, int rtl, struct bidi_run *out, int max);

#endif
