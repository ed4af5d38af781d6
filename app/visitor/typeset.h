/* typeset.h - the one text engine: measuring with font fallback, line
 * breaking, greedy wrapping and fitting text into a box. Panel layout and
 * the overlay both set their text with it. Pure: no SDL, no clock; fonts
 * are reached through struct text_measurer, which platform/text.c backs
 * with real fonts and tests with fakes.
 *
 * Breaking follows the Unicode line-breaking algorithm (UAX #14, through
 * ICU, app/visitor/breaks.h): after spaces (which hang at the line end and
 * are never drawn), after hyphens and dashes, between CJK ideographs,
 * between the words of Thai, Lao, Khmer and Burmese, at the spaces of
 * Korean, never at a no-break space nor inside a character. Whitespace runs collapse to one
 * space; a blank line ("\n\n") starts a paragraph when the style keeps
 * paragraphs.
 *
 * A long unbreakable word (a run with no break opportunity, wider than the
 * box) is hyphenated where the style's table of hyphenated words (the
 * store's, built by `bundle build` from the language's dictionary) has it
 * and the word is made of letters (content/hyphenation.h): it starts a line, and each
 * line takes the word up to its last hyphenation point at which that part
 * and a hyphen (TYPESET_HYPHEN) fit. Otherwise, or where no point fits, it is cut
 * between characters (clusters): as many as fit go on a line of their own.
 * The rest starts the next line. A word that fits its box is never
 * hyphenated, wherever it falls. One character wider than the box is still
 * set, alone, and the box reports too_wide. Fitting may instead refuse
 * sizes that split a word (TYPESET_WHOLE_WORDS).
 *
 * A soft hyphen (U+00AD) is an author's hyphenation point: a line may break
 * after it (UAX #14), and a line that does ends with a hyphen in its place
 * (where the hyphen fits). A word with one is not looked up in the
 * table; a word joiner (U+2060) in a word keeps the table away.
 *
 * A letter keeps at most TYPESET_MAX_MARKS generic combining accents
 * (U+0300 and the like); more are dropped, so hostile stacks of marks
 * cannot climb into the line above. Script-specific marks (Thai, Arabic,
 * Hebrew, Devanagari) are left to the fonts.
 *
 * A face is a fallback chain of fonts: text is split into runs, each set in
 * the first font of the chain that has its characters, and a width is the
 * sum of its runs' widths. */
#ifndef VITRINE_TYPESET_H
#define VITRINE_TYPESET_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "hyphenation.h"

#define TYPESET_MAX_MARKS 2

enum font_face {
    FACE_SANS,      /* body text */
    FACE_SANS_BOLD, /* headings, figures */
    FACE_SERIF,     /* quotes */
    FACE_COUNT
};
/* Or'd into a face: the fonts the kiosk ships, never an exhibit's own
 * (text.h, text_set_fonts): the staff layer, cards and notices use it, so
 * a bundle's font cannot blank them. A measurer that has one set of fonts
 * ignores it. */
#define FACE_KIOSK 0x10

/* Measures text with the real fonts. All sizes in pixels. Must not fail:
 * a font that cannot be loaded is replaced by a fallback before layout.
 * Single-threaded, like everything that lays out. */
struct text_measurer {
    void *ctx;
    /* advance width of s[0..n) (UTF-8) at size px, runs and all; with
     * font_for and run_width it must equal typeset_width */
    int (*width)(void *ctx, enum font_face face, int px, const char *s, size_t n);
    /* distance between baselines of consecutive lines at size px (the
     * chain's first font decides it) */
    int (*line_height)(void *ctx, enum font_face face, int px);
    /* Optional, both or neither (a single-font measurer leaves them NULL).
     * font_for: the index in face's chain of the first font that has code
     * point cp; 0 when none has it (the first font then draws its
     * missing-glyph box). run_width: advance width of s[0..n) set entirely
     * in font `font` of the chain. */
    int (*font_for)(void *ctx, enum font_face face, uint32_t cp);
    int (*run_width)(void *ctx, enum font_face face, int font, int px, const char *s, size_t n);
    /* Optional (NULL: font_for of the cluster's first character): the font
     * of the chain that sets the cluster s[0..n) (breaks_cluster_end) whole,
     * chosen for all of its characters: a mark goes with its base, an emoji
     * sequence to a font that draws it as one picture. */
    int (*cluster_font)(void *ctx, enum font_face face, const char *s, size_t n);
};

/* ---- measuring ------------------------------------------------------------ */

/* The code point at s[*i] (n bytes in all), advancing *i past it; a
 * malformed sequence reads as U+FFFD and consumes one byte. */
uint32_t typeset_decode(const char *s, size_t n, size_t *i);

/* The run that starts s[0..n): its length in bytes (0 when n is 0), and in
 * *font the chain font that sets it, cluster by cluster (cluster_font).
 * Combining marks and joiners stay in the run of the character before them. */
size_t typeset_run(const struct text_measurer *m, enum font_face face, const char *s, size_t n,
                   int *font);

/* Advance width of s[0..n) at px: the sum of its runs' widths. */
int typeset_width(const struct text_measurer *m, enum font_face face, int px, const char *s,
                  size_t n);

/* The longest prefix of s[0..n), in bytes and cut between code points, no
 * wider than bw; may be 0. */
size_t typeset_prefix(const struct text_measurer *m, enum font_face face, int px, const char *s,
                      size_t n, int bw);

/* ---- setting a box -------------------------------------------------------- */

/* How a box sets its text. */
struct typeset_style {
    enum font_face face;
    double lead;      /* added between lines, in em */
    double para_gap;  /* added between paragraphs, in line heights */
    int paragraphs;   /* 0: blank lines collapse like any whitespace */
    const char *lang; /* language for the breaking rules; NULL: none */
    /* where its long words may be hyphenated (the store's table for lang,
     * struct panel's hyphens); NULL: nowhere, they are cut */
    const struct hyphen_table *hyphens;
};

/* Drawn at the end of a line that ends inside a word. U+002D, not U+2010
 * HYPHEN: every font of every fallback chain, and the shipped last-resort
 * font, has it, so it is set in the word's own font and never falls back
 * or draws a missing-glyph box; Noto and DejaVu draw the two alike. */
#define TYPESET_HYPHEN "-"
#define TYPESET_HYPHEN_LEN 1

/* One line: a span of the prepared text (or, for a line cut with an
 * ellipsis, of a copy in the arena). Never NUL terminated. When hyphen is
 * set the line ends inside a word and is drawn as the span followed by
 * TYPESET_HYPHEN; w is the width of both. */
struct typeset_line {
    const char *s;
    int len, w;
    int para;   /* starts a paragraph (not the first) */
    int hyphen; /* ends with a hyphen that is not in the text */
};

/* Units between break opportunities, in the prepared text. */
struct typeset_unit {
    int off, len;       /* without the spaces after it */
    unsigned char para; /* first of a paragraph (not the first) */
    unsigned char hy;   /* hyphenation points: 0 not looked up yet, 1 none, 2 in typeset.hy */
};

/* A text box. Everything it points to lives in the arena given to
 * typeset_prepare; the struct may be copied (lines are shared). */
struct typeset {
    const struct text_measurer *m;
    struct arena *a;
    struct typeset_style st;
    char *s; /* the text, whitespace collapsed, NUL terminated */
    int len;
    struct typeset_unit *u;
    int nu;            /* 0: nothing to set */
    unsigned char *hy; /* hy[k]: a line may end after byte k with a hyphen */
    char *scratch;     /* len + TYPESET_HYPHEN_LEN bytes, to measure a line and its hyphen */
    /* typeset_set_px */
    int px, lh, lead, pgap;
    /* typeset_wrap: every line the text needs */
    struct typeset_line *lines;
    int n, cap;
    int too_wide; /* a character alone is wider than the box */
    int broken;   /* a word was split over lines (hyphenated or cut) */
    int cut_word; /* ... and one of them cut between characters, with no hyphen */
    /* typeset_keep, typeset_fit: the lines drawn and their height */
    int keep, height;
    int cut; /* typeset_ellipsize shortened the text */
    int oom; /* an allocation failed: lines may be missing */
};

/* Refuse sizes at which a word would be split over lines, hyphenated or
 * cut between characters. */
#define TYPESET_WHOLE_WORDS 1u

/* Prepare text (UTF-8, may be NULL) for setting. Returns 0, or -1 when the
 * arena is exhausted. t->nu is 0 when the text is empty or only spaces. */
int typeset_prepare(struct typeset *t, const struct text_measurer *m, struct arena *a,
                    const char *text, const struct typeset_style *st);

/* Size px: line height, lead and paragraph gap follow from it. */
void typeset_set_px(struct typeset *t, int px);

/* Greedy wrap into width bw at the current size (every line, however many). */
void typeset_wrap(struct typeset *t, int bw);

/* Height of the first n lines, with lead and paragraph gaps. */
int typeset_height(const struct typeset *t, int n);

/* Does the wrapped text fit bh (and max_lines, 0: any)? */
int typeset_fits(const struct typeset *t, int bh, int max_lines, unsigned flags);

/* Keep the first lines that fit in bh (and max_lines); sets keep, height. */
void typeset_keep(struct typeset *t, int bh, int max_lines);

/* Fit the text into bw x bh in at most max_lines lines (0: any): the
 * largest size from design down to floor_px at which it fits. Returns 1
 * when it fits; 0 when even floor_px is too large: the text is then wrapped
 * at floor_px and the lines that fit are kept (see typeset_ellipsize). */
int typeset_fit(struct typeset *t, int design, int floor_px, int bw, int bh, int max_lines,
                unsigned flags);

/* After a fit that succeeded at width bw: where a paragraph of two lines or
 * more ends on a single word, wrap narrower (down to about a quarter less)
 * if that keeps every line count and cuts no word, so the last line holds
 * two words or more. The box's size, the type and the kept lines stay. */
void typeset_balance(struct typeset *t, int bw);

/* After a fit that succeeded at width bw, for a heading: the lines as even
 * as the same number of lines allows (wrapped narrower, down to half of
 * bw, cutting no word), with as few lines of a single word as can be: a
 * heading reads as one shape, not a full line and a lone word. The box's
 * size, the type and the kept lines stay. */
void typeset_even(struct typeset *t, int bw);

/* After a fit that failed: when text is left over, the last kept line
 * becomes the rest of the text cut to bw with an ellipsis ("…") at a
 * character boundary (trailing spaces dropped), or goes if not even the
 * ellipsis fits. Sets t->cut. */
void typeset_ellipsize(struct typeset *t, int bw);

/* One line at px: the whole text when it fits bw, else cut with an
 * ellipsis. keep is 0 when not even the ellipsis fits. */
void typeset_one_line(struct typeset *t, int px, int bw);

enum typeset_align { TYPESET_LEFT, TYPESET_CENTER, TYPESET_RIGHT };

/* Where a line w wide starts in [x, x + bw). */
int typeset_align_x(int x, int bw, int w, enum typeset_align al);

#endif
