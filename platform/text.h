/* text.h - fonts: finding them (fontconfig), measuring and rasterising text
 * (SDL_ttf). Works without a display, so `vitrine bundle build` can check
 * that text fits using the real font metrics.
 *
 * A face is a fallback chain of fonts looked up by family through
 * fontconfig, script by script (the families are in app/visitor/locale_rules.c),
 * then by coverage for what those lack; the font shipped in assets/fonts
 * is the last resort, so a face is never absent. Text is measured and
 * drawn in runs of clusters, each cluster in the first font of the chain
 * that has all of its characters, an emoji sequence in a colour font that
 * draws it as one picture (see text.c). */
#ifndef VITRINE_TEXT_H
#define VITRINE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"

struct text;
struct SDL_Surface;

/* assets_dir: where the shipped fallback font lives (may be NULL: the
 * environment variable VITRINE_ASSETS_DIR if set, else the installed
 * folder compiled in). NULL with why set only when no font at all opens. */
struct text *text_open(const char *assets_dir, char *why, size_t why_len);
void text_close(struct text *t);
/* Let the pages of the open fonts' files go from this process (they stay
 * in the system's page cache): the fonts are read through maps, and a
 * panel in an unusual script touches megabytes of its font (Noto CJK: 4.5
 * MB) that nothing needs until the next panel is laid out, when they are
 * read back from the cache (minor faults). Call once a panel is drawn. */
void text_let_pages_go(struct text *t);
/* Nothing will be laid out for a while (a view at rest): fontconfig's
 * data (its caches, 3 MB with Debian's Noto fonts) is let go, when this is
 * the process's only text object, until a font next has to be searched
 * for. Fonts already open stay open. */
void text_rest(struct text *t);

/* How many run widths t remembers (direct mapped; each entry costs about 40
 * bytes plus a copy of its run, at most 256 bytes): the default suits a
 * kiosk; a build that checks thousands of panels asks for more. A new
 * number forgets what was remembered. */
void text_cache_widths(struct text *t, size_t entries);

/* A measurer backed by the real fonts, fallback included (font_for and
 * run_width are set); valid while t is open. */
const struct text_measurer *text_measurer(struct text *t);

/* Rasterise s[0..n) at size px in colour 0xRRGGBB, antialiased, as an
 * ARGB8888 surface the caller frees with SDL_FreeSurface: its runs side by
 * side on the first font's baseline, as wide as the measurer says. NULL on
 * failure (e.g. empty text). */
struct SDL_Surface *text_render(struct text *t, enum font_face face, int px, uint32_t rgb,
                                const char *s, size_t n);

/* text_render for a line of a paragraph whose base direction is right to
 * left (rtl 1, an Arabic or Hebrew text) or left to right (0, what
 * text_render does): the line is reordered by the Unicode bidirectional
 * algorithm (bidi.h) and each visual run shaped in its own direction and
 * script, so a Latin name or a number inside Arabic reads in order, and
 * Arabic inside an English line reads from the right. */
struct SDL_Surface *text_render_dir(struct text *t, enum font_face face, int px, uint32_t rgb,
                                    const char *s, size_t n, int rtl);

/* A line as the kiosk shapes it, glyph by glyph: its pieces left to right
 * on the screen (visual runs cut where the font changes, as
 * text_render_dir draws them), each with the font file, direction and
 * script it is shaped with, and the glyph ids HarfBuzz gives for it with
 * that font (the ids SDL_ttf draws; tests compare them with hb-shape). */
#define TEXT_MAX_PIECES 256
#define TEXT_MAX_GLYPHS 2048
struct text_piece {
    int off, len;     /* in the line */
    int rtl;          /* shaped right to left */
    char script[5];   /* ISO 15924, e.g. "Arab"; "Zyyy" for none */
    const char *path; /* the font file (valid while t is open) */
    int index;        /* the face in it */
    int first, count; /* its glyphs in text_shaped.glyph */
};
struct text_shaped {
    struct text_piece piece[TEXT_MAX_PIECES];
    int n_pieces;
    uint32_t glyph[TEXT_MAX_GLYPHS];
    uint32_t cluster[TEXT_MAX_GLYPHS]; /* where its characters start, bytes into the line */
    int n_glyphs;
};
/* 0, or -1 (a font's bytes not found, or more glyphs than room: out holds
 * what was shaped). */
int text_shape_line(struct text *t, enum font_face face, const char *s, size_t n, int rtl,
                    struct text_shaped *out);

/* 1 when shaping s[0..n) (in the direction of its first strong letter)
 * gives a missing glyph (.notdef) although every character has a font:
 * *cp receives the first character of the piece that has it. */
int text_shaped_missing(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp);

/* How many times text_render has rasterised text in this process
 * (benchmarks and tests check that nothing is rasterised while panels dwell). */
long text_render_count(void);

/* Whether some character of s[0..n) (UTF-8) would be drawn as a box in
 * face: 1 when it is in no installed font, not even after asking
 * fontconfig for any font that has it; 2 when fonts have it but none has
 * it together with the rest of its cluster (a mark and its base), which
 * are drawn in one font; 0 when every character is drawn. *cp receives
 * the first such one. Invisible characters (spaces, joiners, variation
 * selectors, tags) need no glyph. */
int text_missing(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp);

/* 1 when an emoji sequence of s[0..n) (a flag, a keycap, a skin tone, a
 * family joined with U+200D, a tag sequence: one cluster) would be drawn as
 * its parts, not as one picture, because the font that draws it has no
 * picture for the whole (no colour emoji font installed, or a sequence
 * newer than the font); s[*off..*off + *len) is that sequence. */
int text_emoji_apart(struct text *t, enum font_face face, const char *s, size_t n, size_t *off,
                     size_t *len);

/* An exhibit's own fonts, by face (data[face] NULL: none for that face),
 * each put first in its face's chain, before the families of
 * locale_rules: a character it lacks falls back as before. A face asked
 * for with FACE_KIOSK (typeset.h) never uses them: the kiosk's own
 * screens do not depend on a bundle's fonts. Replaces the fonts of an
 * earlier call; data NULL removes them. The bytes are copied, once per
 * distinct font (faces given the same bytes share them). Remembered
 * measures are forgotten.
 * A font is refused unless it is one TrueType or OpenType font (not a
 * collection, not a web font) that opens, whose index of outlines (loca)
 * stays within the file, and that draws a sample of its characters
 * (Basic Latin and up to 256 more) with ink, each outline within its own
 * box; every other character is checked the same way the first time it is
 * used (text_own_font_failed). 0, or -1 with why naming a font refused and
 * its face ("the exhibit's font fonts.sans (fonts/X.ttf) draws U+0041 as
 * nothing ..."); the others still apply. name: file names for messages
 * (may be NULL). */
int text_set_fonts(struct text *t, const void *const data[FACE_COUNT],
                   const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], char *why,
                   size_t why_len);

/* text_set_fonts without the copy: the bytes are the caller's (names are
 * copied) and must stay as they are until the next text_set_fonts or
 * text_lend_fonts (one with no fonts lets them go) or text_close. Faces
 * given the same pointer share one open font. */
int text_lend_fonts(struct text *t, const void *const data[FACE_COUNT],
                    const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], char *why,
                    size_t why_len);

/* The bytes of the exhibit's fonts the text holds copies of (text_set_fonts;
 * 0 for lent ones). */
size_t text_font_bytes_owned(const struct text *t);

/* 1 when the exhibit's own font for face (text_set_fonts) was dropped
 * since it was set: a character it maps did not draw (checked the first
 * time each is used, measured or drawn: rasterised, it must draw ink
 * within its outline's box) or a line in it failed to draw. why names the
 * font, its face and the character; logged once when it happened. Its
 * text is set in the fallback fonts from then on. 0: not dropped. */
int text_own_font_failed(const struct text *t, enum font_face face, char *why, size_t why_len);

/* 1 when the exhibit's own font for face (text_set_fonts) lacks a visible
 * character of s[0..n) (*cp receives the first): a fallback font draws it.
 * 0 when it has them all, or when the face has no font of the exhibit's. */
int text_own_font_lacks(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp);

/* Path of the first font of a face's chain (for `vitrine render` diagnostics). */
const char *text_face_path(const struct text *t, enum font_face face);

#endif
