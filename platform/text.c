/* text.c - fonts through fontconfig, metrics and rasterising through SDL_ttf.
 *
 * A face is a fallback chain of fonts, asked for script by script from the
 * locale table (locale_rules.c): the first installed Latin family (Noto
 * Sans, DejaVu Sans, ...) draws most text; CJK, Arabic, Hebrew, ...,
 * symbol and emoji families follow when installed, then the font shipped
 * in assets/fonts, then the fonts fontconfig finds by coverage
 * (fc_fallback) for clusters none of those has. Text is split into runs of
 * whole clusters (typeset_run, cluster_font): each cluster in the first
 * font that has all of its visible characters, an emoji cluster in a font
 * of colour pictures; measuring sums the runs, rasterising draws them side
 * by side on the first font's baseline. A family of the table is asked of
 * fontconfig only when a character reaches it, and opened only when its
 * character set has that character, so Latin-only content opens one font
 * per face, and the colour emoji font (10 MB) opens for emoji only.
 *
 * Run widths are remembered (face, font, size and the exact bytes of runs
 * up to WIDTH_KEY bytes, direct mapped; WIDTH_CACHE entries, at most about
 * 1 MB, unless text_cache_widths asks for more): wrapping measures each
 * candidate line, and the fit check of `bundle build` measures the same
 * texts at nine sizes; SDL_ttf's shaping and glyph loading dominated it.
 *
 * LIMITATIONS: each font is resized per call with TTF_SetFontSize, which
 * flushes SDL_ttf's glyph cache; callers that alternate sizes on one face
 * pay for re-rasterising glyphs (for measuring, only when the width cache
 * misses). Sizes are pixels per em (SDL_ttf's points
 * at 72 dpi). Not thread safe. Shaping is whatever SDL_ttf was built with
 * (HarfBuzz on Debian), within a run: kerning and shaping do not cross a
 * run boundary, and right-to-left runs are not reordered (no bidi). Line
 * height and the baseline come from the first font; a taller fallback font
 * may be clipped at the top of the line. A character no installed font
 * has is drawn as the first font's missing-glyph box (the build refuses
 * it). SDL_ttf draws a font of colour bitmaps (Noto Color Emoji) at its one
 * size only: its runs are drawn at that size and resized to the line's
 * (render_slot_run), their widths scaled alike. The chain is the same for
 * every language (locale_rules(NULL)).
 * DEPENDENCIES: SDL2_ttf >= 2.0.18 (TTF_SetFontSize, TTF_GlyphIsProvided32;
 * Debian 12's 2.20.1 draws colour bitmaps), fontconfig, ICU (emoji
 * properties), the font shipped in assets/fonts (DejaVu Sans) as the last
 * resort. Works without SDL video: nothing here needs SDL_Init. */
#define _DEFAULT_SOURCE /* madvise; POSIX 2008 with it */
#include "text.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <unicode/uchar.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "bidi.h"
#include "breaks.h"
#include "locale_rules.h"
#include "log.h"
#include "typeset.h"

#ifndef VITRINE_ASSETS_DIR
#define VITRINE_ASSETS_DIR "assets"
#endif

#define TAG "text"
#define FALLBACK_FONT "fonts/DejaVuSans.ttf"
/* Size the fonts are opened at; every call sets its own size. */
#define OPEN_PX 32
#define MAX_PX 2000
#define PATH_LEN 1024
/* Fonts in a face's chain: the locale table's, those fontconfig finds
 * for scripts the table does not name (a dozen for an exhibit in twelve
 * scripts), the shipped one and the exhibit's own. */
#define MAX_CHAIN 64
#define MAX_FC_MISSES 64 /* fontconfig searches that found no font, per face */
#define CACHE_SIZE 1024  /* code points remembered per face, direct mapped */
#define WIDTH_CACHE 4096 /* run widths remembered by default, direct mapped */
#define WIDTH_KEY 256    /* the longest run whose width is remembered, bytes */

/* One remembered run width; s NULL: empty. */
struct width_entry {
    uint32_t hash;
    uint16_t px, len;
    uint8_t face, font;
    int32_t w;
    char *s; /* malloc'd copy of the run's len bytes */
};

/* One font of a face's chain. */
struct slot {
    const struct script_fonts *script; /* NULL: the shipped font (or the exhibit's) */
    /* the exhibit's font: its bytes (text's own_buf, or the caller's when
     * lent; shared by the faces that use the same font); else NULL */
    const void *own;
    /* the exhibit's font: the characters own_verify drew (code point + 1,
     * open addressing; n_seen of cap_seen, a power of two) */
    uint32_t *seen;
    size_t n_seen, cap_seen;
    /* the exhibit's font: the face whose slot opened its TTF_Font (faces
     * given the same font share one, and the size it is set to,
     * text's own_px[px_of]); borrowed: it is that other face's */
    int px_of, borrowed;
    /* 0 not looked up yet, 2 found (its file and characters known), 1
     * open, -1 unavailable */
    int state;
    TTF_Font *font;
    int cur_px;
    FcCharSet *cs; /* its characters as fontconfig lists them; NULL: ask the font */
    int embolden;  /* a bold face from a regular file */
    int color;     /* its glyphs are colour pictures (fontconfig's FC_COLOR) */
    int strike;    /* a font of bitmaps at one size: that size in pixels; 0: outlines */
    char path[PATH_LEN];
    int index; /* the face in a collection (.ttc) */
    /* the font's bytes for text_shape_line (the exhibit's own; else found
     * among the mapped files when first shaped) */
    const void *bytes;
    size_t len;
    hb_font_t *hb; /* made from them at the first text_shape_line */
};

struct font_cache {
    uint32_t cp1; /* code point + 1; 0: empty */
    int font;
};

struct chain {
    struct slot f[MAX_CHAIN];
    int n;
    int fc_misses; /* searches for characters no installed font had */
    struct font_cache cache[CACHE_SIZE];
    struct font_cache kcache[CACHE_SIZE]; /* for FACE_KIOSK: past the exhibit's font */
    /* why the exhibit's font of this face was dropped (own_verify); "": it
     * was not */
    char own_fail[512];
};

struct text {
    struct chain chain[FACE_COUNT];
    char assets_dir[PATH_LEN - 64]; /* room for "/" FALLBACK_FONT in a path */
    struct text_measurer m;
    struct width_entry *widths; /* n_widths entries, allocated on first use; may be NULL */
    size_t n_widths;
    /* every open font's file, mapped read-only */
    struct {
        TTF_Font *font;
        void *map;
        size_t len;
    } maps[FACE_COUNT * MAX_CHAIN];
    int n_maps;
    /* the exhibit's fonts' bytes, one copy per distinct font (faces that
     * use the same font share it: a 20 MB font is held once, and opened
     * once: a font's FreeType and HarfBuzz tables cost 2-3 MB) */
    void *own_buf[FACE_COUNT]; /* NULL: none, or the bytes are lent (text_lend_fonts) */
    size_t own_size[FACE_COUNT];
    int own_px[FACE_COUNT]; /* the size each exhibit's TTF_Font is set to */
};

static const char *const face_names[FACE_COUNT] = {"sans", "sans bold", "serif"};

/* TTF_Init and FcInit are process wide; several text objects may be open
 * (the display's and the bundle builder's). */
static int lib_refs;
/* fontconfig let go of its data (text_rest) until the next search */
static int fc_asleep;

static void fc_wake(void)
{
    if (fc_asleep && FcInit())
        fc_asleep = 0;
}

void text_rest(struct text *t)
{
    (void)t;
    if (lib_refs == 1 && !fc_asleep) {
        FcFini();
        fc_asleep = 1;
    }
}

static int libs_acquire(char *why, size_t why_len)
{
    if (lib_refs == 0) {
        if (TTF_Init() != 0) {
            snprintf(why, why_len, "SDL_ttf: %s", SDL_GetError());
            return -1;
        }
        if (!FcInit())
            log_warn(TAG, "fontconfig did not initialise; using the shipped font");
    }
    lib_refs++;
    return 0;
}

static void libs_release(void)
{
    if (lib_refs <= 0)
        return;
    if (--lib_refs == 0) {
        TTF_Quit();
        if (!fc_asleep)
            FcFini();
        fc_asleep = 0;
    }
}

/* Is the file at path in the chain: found, open, or found and not usable
 * (not to be asked for again)? */
static int path_in_chain(const struct chain *ch, const char *path)
{
    for (int i = 0; i < ch->n; i++)
        if (ch->f[i].state != 0 && strcmp(ch->f[i].path, path) == 0)
            return 1;
    return 0;
}

static int is_generic(const char *family)
{
    return strcmp(family, "sans-serif") == 0 || strcmp(family, "serif") == 0;
}

static int family_matches(FcPattern *match, const char *family)
{
    FcChar8 *fam = NULL;
    for (int i = 0; FcPatternGetString(match, FC_FAMILY, i, &fam) == FcResultMatch; i++)
        if (strcasecmp((const char *)fam, family) == 0)
            return 1;
    return 0;
}

/* The font fontconfig describes in p, into slot sl (found, not open): its
 * file, face, characters, and whether it is a font of colour bitmaps at
 * one size. bold: the face is bold (emboldened when the file is not).
 * 0, or -1 (no file, or no room for its path). */
static int fc_take(FcPattern *p, struct slot *sl, int bold)
{
    FcChar8 *file = NULL;
    FcCharSet *cs = NULL;
    if (FcPatternGetString(p, FC_FILE, 0, &file) != FcResultMatch ||
        strlen((const char *)file) >= PATH_LEN)
        return -1;
    int index = 0, weight = FC_WEIGHT_REGULAR;
    FcBool outline = FcTrue, color = FcFalse;
    double pixels = 0;
    FcPatternGetInteger(p, FC_INDEX, 0, &index);
    FcPatternGetInteger(p, FC_WEIGHT, 0, &weight);
    FcPatternGetBool(p, FC_OUTLINE, 0, &outline);
    FcPatternGetBool(p, FC_COLOR, 0, &color);
    FcPatternGetDouble(p, FC_PIXEL_SIZE, 0, &pixels);
    /* a copy of its own: fontconfig's is in its caches, which text_rest
     * lets go */
    FcCharSet *mine = FcCharSetCreate();
    if (mine && FcPatternGetCharSet(p, FC_CHARSET, 0, &cs) == FcResultMatch)
        FcCharSetMerge(mine, cs, NULL);
    snprintf(sl->path, PATH_LEN, "%s", (const char *)file);
    sl->index = index;
    sl->cs = mine;
    sl->color = color == FcTrue;
    sl->strike = !outline && pixels >= 1 ? (int)(pixels + 0.5) : 0;
    sl->embolden = bold && weight < FC_WEIGHT_DEMIBOLD && !sl->strike;
    sl->state = 2;
    return 0;
}

/* Ask fontconfig for family (bold or not) and take it into sl. 0 when the
 * match is the family asked for and not already in chain ch. */
static int fc_find(const struct chain *ch, const char *family, int bold, struct slot *sl)
{
    fc_wake();
    FcPattern *pat = FcPatternCreate();
    if (!pat)
        return -1;
    FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pat, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pat, FC_SLANT, FC_SLANT_ROMAN);
    FcPatternAddBool(pat, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);

    int rc = -1;
    FcResult res = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pat, &res);
    FcChar8 *file = NULL;
    if (match && res == FcResultMatch && (is_generic(family) || family_matches(match, family)) &&
        FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
        !path_in_chain(ch, (const char *)file))
        rc = fc_take(match, sl, bold);
    if (match)
        FcPatternDestroy(match);
    FcPatternDestroy(pat);
    return rc;
}

/* The font file is mapped, not read through stdio: SDL_ttf loads glyphs
 * through its stream, and reading a file that way costs a seek and a read
 * per glyph load (after every size change). The pages are the page
 * cache's, shared and clean. */
static TTF_Font *open_font(struct text *t, const char *path, int index)
{
    if (t->n_maps >= (int)(sizeof(t->maps) / sizeof(t->maps[0]))) {
        SDL_SetError("too many fonts open");
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        SDL_SetError("cannot open %s", path);
        return NULL;
    }
    struct stat st;
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uintmax_t)st.st_size <= INT32_MAX)
        map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        SDL_SetError("cannot map %s", path);
        return NULL;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(map, (int)st.st_size);
    TTF_Font *f = rw ? TTF_OpenFontIndexRW(rw, 1, OPEN_PX, index) : NULL;
    if (!f) {
        munmap(map, (size_t)st.st_size);
        return NULL;
    }
    t->maps[t->n_maps].font = f;
    t->maps[t->n_maps].map = map;
    t->maps[t->n_maps].len = (size_t)st.st_size;
    t->n_maps++;
    TTF_SetFontKerning(f, 1);
    /* Light hinting keeps large display type true to its outlines. */
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    return f;
}

static void close_font(struct text *t, TTF_Font *f)
{
    TTF_CloseFont(f);
    for (int i = 0; i < t->n_maps; i++) {
        if (t->maps[i].font == f) {
            munmap(t->maps[i].map, t->maps[i].len);
            t->maps[i] = t->maps[--t->n_maps];
            break;
        }
    }
}

/* Everything slot sl holds, let go (the slot itself stays). */
static void slot_free(struct text *t, struct slot *sl)
{
    hb_font_destroy(sl->hb); /* NULL is fine */
    if (sl->font && !sl->borrowed)
        close_font(t, sl->font);
    if (sl->cs)
        FcCharSetDestroy(sl->cs);
    free(sl->seen);
    sl->hb = NULL;
    sl->font = NULL;
    sl->cs = NULL;
    sl->own = NULL; /* its bytes are the text's (own_buf) */
    sl->seen = NULL;
    sl->n_seen = sl->cap_seen = 0;
    sl->borrowed = 0;
}

/* Where the size sl's font is set to is kept: the exhibit's fonts share
 * theirs (own_px). */
static int *slot_px(struct text *t, struct slot *sl)
{
    return sl->own ? &t->own_px[sl->px_of] : &sl->cur_px;
}

static const char *const *families_of(const struct script_fonts *sf, enum font_face face)
{
    return face == FACE_SERIF ? sf->serif : sf->sans;
}

/* Find the first installed family of the slot's script (fontconfig only:
 * nothing is opened). quiet: a fallback that is simply not installed is
 * not news. */
static void slot_find(struct text *t, enum font_face face, struct slot *sl, int quiet)
{
    struct chain *ch = &t->chain[face];
    sl->state = -1;
    if (!sl->script) { /* the shipped font */
        snprintf(sl->path, PATH_LEN, "%s/%s", t->assets_dir, FALLBACK_FONT);
        sl->embolden = face == FACE_SANS_BOLD;
        sl->state = 2;
        return;
    }
    const char *const *fams = families_of(sl->script, face);
    for (int i = 0; fams && fams[i] && sl->state != 2; i++) {
        if (fc_find(ch, fams[i], face == FACE_SANS_BOLD, sl) == 0) {
            log_debug(TAG, "face %s: %s for %s (family \"%s\")", face_names[face], sl->path,
                      sl->script->script, fams[i]);
        } else if (!quiet) {
            log_warn(TAG, "face %s: family \"%s\" not installed, trying the next", face_names[face],
                     fams[i]);
        }
    }
}

/* Open the font found for sl. */
static void slot_load(struct text *t, enum font_face face, struct slot *sl)
{
    TTF_Font *f = open_font(t, sl->path, sl->index);
    if (!f) {
        log_warn(TAG, "face %s: cannot open %s: %s", face_names[face], sl->path, SDL_GetError());
        sl->state = -1;
        return;
    }
    if (sl->embolden) {
        TTF_SetFontStyle(f, TTF_STYLE_BOLD);
        if (sl->script)
            log_warn(TAG, "face %s: no bold file, emboldening %s", face_names[face], sl->path);
    }
    sl->font = f;
    sl->cur_px = OPEN_PX;
    sl->state = 1;
}

/* Slot i of face's chain, found and opened if it was not yet: NULL when
 * it cannot be. */
static struct slot *slot_ready(struct text *t, enum font_face face, int i)
{
    struct slot *sl = &t->chain[face].f[i];
    if (sl->state == 0)
        slot_find(t, face, sl, 1);
    if (sl->state == 2)
        slot_load(t, face, sl);
    return sl->state == 1 ? sl : NULL;
}

static int own_verify(struct text *t, enum font_face face, struct slot *sl, uint32_t cp, int probe);
static void own_drop(struct text *t, enum font_face face, struct slot *sl, const char *what,
                     int quiet);
static int slot_hb(const struct text *t, struct slot *sl);

/* Does slot i have cp? Its characters as fontconfig lists them are asked
 * first, so a font is opened only for a character it has. The exhibit's
 * own font has it when it draws it too (own_verify: each character
 * rasterised once; a font that does not is dropped). */
static int slot_has(struct text *t, enum font_face face, int i, uint32_t cp)
{
    struct slot *sl = &t->chain[face].f[i];
    if (sl->state == 0)
        slot_find(t, face, sl, 1);
    if (sl->state < 0 || (sl->cs && !FcCharSetHasChar(sl->cs, cp)))
        return 0;
    sl = slot_ready(t, face, i);
    if (!sl || !TTF_GlyphIsProvided32(sl->font, cp))
        return 0;
    return !sl->own || own_verify(t, face, sl, cp, 0) == 0;
}

/* The chain: the first script's font now (it must open), the others when
 * a character needs them, the shipped font last. */
static int open_face(struct text *t, enum font_face face)
{
    const struct locale_rules *lr = locale_rules(NULL);
    struct chain *ch = &t->chain[face];
    for (int i = 0; i < lr->n_fonts && ch->n < MAX_CHAIN - 1; i++)
        ch->f[ch->n++].script = &lr->fonts[i];
    ch->f[ch->n++].script = NULL;
    slot_find(t, face, &ch->f[0], 0);
    if (slot_ready(t, face, 0) == NULL) {
        /* no Latin family at all: the shipped font draws everything */
        slot_free(t, &ch->f[0]);
        ch->f[0] = ch->f[ch->n - 1];
        ch->n--;
        if (slot_ready(t, face, 0) == NULL)
            return -1;
        log_warn(TAG, "face %s: falling back to the shipped font %s", face_names[face],
                 ch->f[0].path);
    }
    return 0;
}

/* face without FACE_KIOSK, a face of the chains */
static enum font_face clamp_face(enum font_face face)
{
    unsigned f = (unsigned)face & ~(unsigned)FACE_KIOSK;
    return f < FACE_COUNT ? (enum font_face)f : FACE_SANS;
}

/* The first font of the chain face may use: the kiosk's own screens
 * (FACE_KIOSK) start past the exhibit's font. */
static int first_slot(const struct text *t, enum font_face face)
{
    const struct chain *ch = &t->chain[clamp_face(face)];
    return ((unsigned)face & FACE_KIOSK) && ch->n > 1 && ch->f[0].own ? 1 : 0;
}

/* The slot that draws font i of the face's chain at size px (the first
 * font that can when i is not available, the exhibit's font dropped), or
 * NULL. A font of bitmaps at one size (colour emoji) keeps its size: its
 * pictures are scaled to px (slot_scaled). */
static struct slot *slot_at(struct text *t, enum font_face face, int i, int px)
{
    int base = first_slot(t, face);
    face = clamp_face(face);
    struct chain *ch = &t->chain[face];
    struct slot *sl = i >= base && i < ch->n ? slot_ready(t, face, i) : NULL;
    for (int k = base; !sl && k < ch->n; k++)
        sl = slot_ready(t, face, k);
    if (!sl)
        return NULL;
    if (px < 1)
        px = 1;
    if (px > MAX_PX)
        px = MAX_PX;
    int *cur = slot_px(t, sl);
    if (!sl->strike && *cur != px) {
        if (TTF_SetFontSize(sl->font, px) != 0)
            return NULL;
        *cur = px;
    }
    return sl;
}

static TTF_Font *font_at(struct text *t, enum font_face face, int i, int px)
{
    struct slot *sl = slot_at(t, face, i, px);
    return sl ? sl->font : NULL;
}

/* A length measured in sl's own size, at px. */
static int slot_scaled(const struct slot *sl, int px, int v)
{
    if (!sl->strike)
        return v;
    return (int)(((long)v * px + sl->strike / 2) / sl->strike);
}

/* ---- clusters --------------------------------------------------------------- */

/* The most code points of one cluster a font is chosen for (a family of
 * four with its joiners and skin tones is 11). */
#define CLUSTER_MAX 32

/* Characters that draw nothing and need no glyph: spaces, joiners, marks
 * of direction, variation selectors, tags, the soft hyphen. */
static int invisible(uint32_t cp)
{
    return cp < 0x21 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD || cp == 0x061C ||
           (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0x2000 && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 ||
           (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF || (cp >= 0xE0000 && cp <= 0xE0FFF);
}

/* The visible characters of cluster s[0..n), at most CLUSTER_MAX, into
 * cps; how many. *emoji: the cluster asks for an emoji picture (an
 * emoji by default, a keycap, a flag, a skin tone, a tag sequence, or
 * U+FE0F after its base) and not for text (U+FE0E). */
static int cluster_chars(const char *s, size_t n, uint32_t *cps, int *emoji)
{
    int k = 0, pict = 0, text = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = typeset_decode(s, n, &i);
        if (cp == 0xFE0F || cp == 0x20E3 || (cp >= 0x1F1E6 && cp <= 0x1F1FF) ||
            (cp >= 0x1F3FB && cp <= 0x1F3FF) || (cp >= 0xE0020 && cp <= 0xE007F) ||
            (k == 0 && cp >= 0x80 && u_hasBinaryProperty((UChar32)cp, UCHAR_EMOJI_PRESENTATION)))
            pict = 1;
        text |= cp == 0xFE0E;
        if (!invisible(cp) && k < CLUSTER_MAX)
            cps[k++] = cp;
    }
    *emoji = pict && !text;
    return k;
}

/* Does slot i have every one of cps[0..k)? */
static int slot_covers(struct text *t, enum font_face face, int i, const uint32_t *cps, int k)
{
    for (int j = 0; j < k; j++)
        if (!slot_has(t, face, i, cps[j]))
            return 0;
    return 1;
}

/* fontconfig's candidate p for the face: a font of outlines (or of colour
 * pictures) that has every character of cs, not in the chain yet. How
 * well it suits, higher better; 0: it does not. A serif face asks for a
 * serif family, the others for one that is not; an emoji cluster asks for
 * colour, text for outlines. */
static int fc_suits(const struct chain *ch, FcPattern *p, const FcCharSet *cs, enum font_face face,
                    int emoji)
{
    FcCharSet *has = NULL;
    FcChar8 *file = NULL, *fam = NULL;
    FcBool outline = FcTrue, color = FcFalse;
    FcPatternGetBool(p, FC_OUTLINE, 0, &outline);
    FcPatternGetBool(p, FC_COLOR, 0, &color);
    if (FcPatternGetCharSet(p, FC_CHARSET, 0, &has) != FcResultMatch ||
        !FcCharSetIsSubset(cs, has) || FcPatternGetString(p, FC_FILE, 0, &file) != FcResultMatch ||
        path_in_chain(ch, (const char *)file) || (!outline && !color))
        return 0;
    int serif = FcPatternGetString(p, FC_FAMILY, 0, &fam) == FcResultMatch &&
                strstr((const char *)fam, "Serif") != NULL;
    return 1 + 2 * ((face == FACE_SERIF) == serif) + 4 * (emoji == (color == FcTrue));
}

/* The last resort for a cluster no font of the chain has whole (cps[0..k),
 * its visible characters): the installed font fontconfig ranks first
 * among those that have all of them (FcFontSort, by FC_CHARSET, then the
 * face's weight), joins the chain. Bounded: a text of thousands of
 * characters no font has must not stall layout. The index of the new
 * slot, or -1. */
static int fc_fallback(struct text *t, enum font_face face, const uint32_t *cps, int k, int emoji)
{
    struct chain *ch = &t->chain[face];
    /* one slot stays free for an exhibit's own font (text_set_fonts) */
    if (k == 0 || ch->n >= MAX_CHAIN - 1 || ch->fc_misses >= MAX_FC_MISSES || cps[0] < 0x20)
        return -1;
    fc_wake();
    FcPattern *pat = FcPatternCreate();
    FcCharSet *cs = FcCharSetCreate();
    FcFontSet *set = NULL;
    int slot = -1;
    for (int j = 0; cs && j < k; j++)
        FcCharSetAddChar(cs, cps[j]);
    if (!pat || !cs)
        goto done;
    FcPatternAddCharSet(pat, FC_CHARSET, cs);
    FcPatternAddString(pat, FC_FAMILY,
                       (const FcChar8 *)(face == FACE_SERIF ? "serif" : "sans-serif"));
    FcPatternAddInteger(pat, FC_WEIGHT,
                        face == FACE_SANS_BOLD ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pat, FC_SLANT, FC_SLANT_ROMAN);
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res = FcResultNoMatch;
    set = FcFontSort(NULL, pat, FcFalse, NULL, &res);
    int best = -1, best_score = 0;
    for (int i = 0; set && i < set->nfont && best_score < 7; i++) {
        int score = fc_suits(ch, set->fonts[i], cs, face, emoji);
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    struct slot *sl = &ch->f[ch->n];
    memset(sl, 0, sizeof(*sl));
    if (best >= 0 && fc_take(set->fonts[best], sl, face == FACE_SANS_BOLD) == 0) {
        slot = ch->n++;
        if (!slot_covers(t, face, slot, cps, k)) { /* fontconfig and the font disagree */
            slot_free(t, sl);
            sl->state = -1; /* kept with its path, so the file is not taken again */
            slot = -1;
        } else {
            log_debug(TAG, "face %s: %s for U+%04X", face_names[face], sl->path, (unsigned)cps[0]);
        }
    }
done:
    if (slot < 0)
        ch->fc_misses++;
    if (set)
        FcFontSetDestroy(set);
    if (cs)
        FcCharSetDestroy(cs);
    if (pat)
        FcPatternDestroy(pat);
    return slot;
}

static int font_for(void *ctx, enum font_face face, uint32_t cp)
{
    struct text *t = ctx;
    int base = first_slot(t, face);
    face = clamp_face(face);
    struct chain *ch = &t->chain[face];
    unsigned h = cp % CACHE_SIZE;
    struct font_cache *cache = base ? ch->kcache : ch->cache;
    if (cache[h].cp1 == cp + 1)
        return cache[h].font;
    int font = -1;
    for (int i = base; i < ch->n && font < 0; i++)
        if (slot_has(t, face, i, cp))
            font = i;
    if (font < 0)
        font = fc_fallback(t, face, &cp, 1, 0);
    if (font < 0)
        font = base; /* no font has it: the first font's missing-glyph box */
    /* (own_verify may have dropped the exhibit's font and emptied the
     * caches meanwhile: this answer stands, the font it names is another) */
    cache[h].cp1 = cp + 1;
    cache[h].font = font;
    return font;
}

/* The font that sets cluster s[0..n) whole (typeset.h, cluster_font): an
 * emoji cluster in the first font of colour pictures that has all of it;
 * any other in its first character's font when that font has all of it
 * (nearly always: a letter with its marks), else in the first font of the
 * chain that does, else in one fontconfig finds; else, as a last resort,
 * in its first character's font (a box for what that lacks, which the
 * build refuses). */
static int cluster_font(void *ctx, enum font_face face, const char *s, size_t n)
{
    struct text *t = ctx;
    enum font_face asked = face;
    int base = first_slot(t, face);
    face = clamp_face(face);
    if (n == 1 && (unsigned char)s[0] < 0x80) /* ASCII, most clusters: never an emoji alone */
        return invisible((unsigned char)s[0]) ? base : font_for(t, asked, (unsigned char)s[0]);
    uint32_t cps[CLUSTER_MAX];
    int emoji, k = cluster_chars(s, n, cps, &emoji);
    if (k == 0)
        return base; /* spaces, joiners: whatever font they stand in */
    struct chain *ch = &t->chain[face];
    if (emoji) {
        for (int i = base; i < ch->n; i++) {
            if (ch->f[i].state == 0)
                slot_find(t, face, &ch->f[i], 1);
            if (ch->f[i].color && slot_covers(t, face, i, cps, k))
                return i;
        }
        int i = fc_fallback(t, face, cps, k, 1);
        if (i >= 0 && ch->f[i].color)
            return i;
    }
    int first = font_for(t, asked, cps[0]);
    if (k == 1 || slot_covers(t, face, first, cps, k))
        return first;
    for (int i = base; i < ch->n; i++)
        if (slot_covers(t, face, i, cps, k))
            return i;
    int i = fc_fallback(t, face, cps, k, 0);
    return i >= 0 ? i : first;
}

/* Strings shorter than this are NUL-terminated on the stack, longer on the heap. */
#define SHORT_TEXT 256

/* Most visual runs a line is drawn or measured in; past it, the line is
 * set as one run in its base direction. */
#define MAX_BIDI_RUNS 64

/* The script of the first letter of s[0..n) that has one; COMMON when
 * none has (digits, punctuation). */
static hb_script_t script_of(const char *s, size_t n)
{
    hb_unicode_funcs_t *uf = hb_unicode_funcs_get_default();
    for (size_t i = 0; i < n;) {
        hb_script_t sc = hb_unicode_script(uf, typeset_decode(s, n, &i));
        if (sc != HB_SCRIPT_COMMON && sc != HB_SCRIPT_INHERITED && sc != HB_SCRIPT_UNKNOWN)
            return sc;
    }
    return HB_SCRIPT_COMMON;
}

/* Shape what f sets next in direction rtl and in the script of s[0..n)
 * (ISO 15924, as HarfBuzz wants it; SDL_ttf guesses neither: left to right
 * in no script unless told). */
static void shape_as(TTF_Font *f, int rtl, const char *s, size_t n)
{
    TTF_SetFontDirection(f, rtl ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR);
    char tag[5];
    hb_tag_to_string(hb_script_to_iso15924_tag(script_of(s, n)), tag);
    tag[4] = '\0';
    TTF_SetFontScriptName(f, tag);
}

/* The visual runs of line s[0..n) in base direction rtl (bidi_runs); the
 * line as one run in that direction when there are more than
 * MAX_BIDI_RUNS. */
static int visual_runs(const char *s, size_t n, int rtl, struct bidi_run *runs)
{
    int nr = bidi_runs(s, n, rtl, runs, MAX_BIDI_RUNS);
    if (nr < 1) {
        runs[0] = (struct bidi_run){0, (int)n, rtl};
        nr = 1;
    }
    return nr;
}

/* Advance of s[0..n) in f as shaped by shape_as; 0 on failure. */
static int size_shaped(TTF_Font *f, int rtl, const char *s, size_t n)
{
    char stack[SHORT_TEXT];
    char *buf = n < sizeof(stack) ? stack : malloc(n + 1);
    if (!buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    shape_as(f, rtl, s, n);
    int w = 0, h = 0;
    if (TTF_SizeUTF8(f, buf, &w, &h) != 0)
        w = 0;
    if (buf != stack)
        free(buf);
    return w;
}

/* FNV-1a over the run and what it is measured in. */
static uint32_t width_hash(int face, int font, int px, const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    h = (h ^ (uint32_t)face) * 16777619u;
    h = (h ^ (uint32_t)font) * 16777619u;
    h = (h ^ (uint32_t)px) * 16777619u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int run_width(void *ctx, enum font_face face, int font, int px, const char *s, size_t n)
{
    struct text *t = ctx;
    if (!s || n == 0)
        return 0;
    enum font_face asked = face;
    face = clamp_face(face);
    if ((unsigned)asked & FACE_KIOSK)
        face = (enum font_face)((unsigned)face | FACE_KIOSK); /* its own entries */
    struct width_entry *e = NULL;
    uint32_t hash = 0;
    if (n <= WIDTH_KEY && px >= 1 && px <= MAX_PX && font >= 0 && font < MAX_CHAIN) {
        if (!t->widths)
            t->widths = calloc(t->n_widths, sizeof(*t->widths));
        if (t->widths) {
            hash = width_hash((int)face, font, px, s, n);
            e = &t->widths[hash % t->n_widths];
            if (e->s && e->len == n && e->hash == hash && e->px == px && e->face == face &&
                e->font == font && memcmp(e->s, s, n) == 0)
                return e->w;
        }
    }
    struct slot *sl = slot_at(t, asked, font, px);
    if (!sl)
        return 0;
    /* each visual run shaped in its own direction (the base: the run's
     * first strong letter); a run's width does not depend on where it stands */
    struct bidi_run runs[MAX_BIDI_RUNS];
    int nr = visual_runs(s, n, bidi_first_strong_rtl(s, n), runs);
    int w = 0, ok = 1;
    for (int i = 0; i < nr; i++) {
        int rw = size_shaped(sl->font, runs[i].rtl, s + runs[i].off, (size_t)runs[i].len);
        ok &= rw > 0 || runs[i].len == 0;
        w += slot_scaled(sl, px, rw);
    }
    if (ok && e) {
        char *key = e->s && e->len >= n ? e->s : realloc(e->s, n);
        if (key) {
            memcpy(key, s, n);
            *e = (struct width_entry){hash, (uint16_t)px, (uint16_t)n, (uint8_t)face, (uint8_t)font,
                                      w,    key};
        }
    }
    return w;
}

static int measure_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    struct text *t = ctx;
    return typeset_width(&t->m, face, px, s, n);
}

static int measure_line_height(void *ctx, enum font_face face, int px)
{
    struct text *t = ctx;
    TTF_Font *f = font_at(t, face, first_slot(t, face), px);
    return f ? TTF_FontLineSkip(f) : px;
}

struct text *text_open(const char *assets_dir, char *why, size_t why_len)
{
    if (libs_acquire(why, why_len) != 0)
        return NULL;
    struct text *t = calloc(1, sizeof(*t));
    if (!t) {
        snprintf(why, why_len, "out of memory");
        libs_release();
        return NULL;
    }
    /* NULL: the environment's VITRINE_ASSETS_DIR (tests, a program run from
     * the build tree), else the installed folder compiled in. */
    const char *env = assets_dir ? NULL : getenv("VITRINE_ASSETS_DIR");
    snprintf(t->assets_dir, sizeof(t->assets_dir), "%s",
             assets_dir    ? assets_dir
             : env && *env ? env
                           : VITRINE_ASSETS_DIR);
    for (int i = 0; i < FACE_COUNT; i++) {
        if (open_face(t, (enum font_face)i) != 0) {
            snprintf(why, why_len, "no font for face %s (not even the shipped %s)", face_names[i],
                     FALLBACK_FONT);
            text_close(t);
            return NULL;
        }
    }
    t->n_widths = WIDTH_CACHE;
    t->m.ctx = t;
    t->m.width = measure_width;
    t->m.line_height = measure_line_height;
    t->m.font_for = font_for;
    t->m.run_width = run_width;
    t->m.cluster_font = cluster_font;
    return t;
}

static void widths_free(struct text *t)
{
    for (size_t i = 0; t->widths && i < t->n_widths; i++)
        free(t->widths[i].s);
    free(t->widths);
    t->widths = NULL;
}

void text_cache_widths(struct text *t, size_t entries)
{
    if (entries == t->n_widths)
        return;
    widths_free(t);
    t->n_widths = entries ? entries : 1;
}

static void drop_exhibit_font(struct text *t, struct chain *ch)
{
    ch->own_fail[0] = '\0';
    if (ch->n == 0 || !ch->f[0].own)
        return;
    slot_free(t, &ch->f[0]);
    memmove(&ch->f[0], &ch->f[1], sizeof ch->f[0] * (size_t)(ch->n - 1));
    ch->n--;
}

/* Every exhibit's font let go, and its bytes. */
static void drop_exhibit_fonts(struct text *t)
{
    for (int i = 0; i < FACE_COUNT; i++)
        drop_exhibit_font(t, &t->chain[i]);
    for (int i = 0; i < FACE_COUNT; i++) {
        free(t->own_buf[i]);
        t->own_buf[i] = NULL;
        t->own_size[i] = 0;
    }
}

void text_let_pages_go(struct text *t)
{
    /* the maps are read-only and private: a page asked for again is the
     * file's, as before */
    for (int i = 0; t && i < t->n_maps; i++)
        (void)madvise(t->maps[i].map, t->maps[i].len, MADV_DONTNEED);
}

void text_close(struct text *t)
{
    if (!t)
        return;
    drop_exhibit_fonts(t);
    for (int i = 0; i < FACE_COUNT; i++)
        for (int k = 0; k < t->chain[i].n; k++)
            slot_free(t, &t->chain[i].f[k]);
    widths_free(t);
    free(t);
    libs_release();
}

/* Forget which font has which character and every run width: the chains
 * changed. */
static void forget_measures(struct text *t)
{
    size_t n = t->n_widths;
    widths_free(t);
    t->n_widths = n;
    for (int i = 0; i < FACE_COUNT; i++) {
        memset(t->chain[i].cache, 0, sizeof t->chain[i].cache);
        memset(t->chain[i].kcache, 0, sizeof t->chain[i].kcache);
    }
}

static const char *const face_keys[FACE_COUNT] = {"sans", "bold", "serif"};

/* What the first bytes of a font file say it is: NULL for one TrueType or
 * OpenType font, else words for why it is not one the kiosk takes. The
 * build refuses the same (build_font_load); a store could hold anything. */
static const char *font_kind_refused(const unsigned char *b, size_t n)
{
    if (n >= 4 && memcmp(b, "ttcf", 4) == 0)
        return "is a font collection (.ttc), not one font: export the face it should use as "
               ".ttf or .otf";
    if (n >= 4 && (memcmp(b, "wOFF", 4) == 0 || memcmp(b, "wOF2", 4) == 0))
        return "is a web font (.woff): convert it to .ttf or .otf";
    if (n < 12 || (memcmp(b, "\x00\x01\x00\x00", 4) != 0 && memcmp(b, "true", 4) != 0 &&
                   memcmp(b, "OTTO", 4) != 0))
        return "is not a TrueType or OpenType font";
    return NULL;
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The glyf table's index (loca) of hf: offset i of n+1, or -1 when the
 * table has no such entry. */
static long loca_at(const unsigned char *loca, unsigned loca_len, int long_form, unsigned i)
{
    if (long_form)
        return (size_t)(i + 1) * 4 <= loca_len ? (long)be32(loca + (size_t)i * 4) : -1;
    return (size_t)(i + 1) * 2 <= loca_len ? (long)be16(loca + (size_t)i * 2) * 2 : -1;
}

/* A face's head, loca and glyf tables, held while one check reads them
 * (glyf_open, glyf_close): long_form from head; sizes 0 where absent. */
struct glyf_tables {
    hb_blob_t *blob[3];
    const unsigned char *head, *loca, *glyf;
    unsigned head_len, loca_len, glyf_len;
    int long_form;
};

static void glyf_open(hb_face_t *hf, struct glyf_tables *g)
{
    static const hb_tag_t tags[3] = {HB_TAG('h', 'e', 'a', 'd'), HB_TAG('l', 'o', 'c', 'a'),
                                     HB_TAG('g', 'l', 'y', 'f')};
    const unsigned char **data[3] = {&g->head, &g->loca, &g->glyf};
    unsigned *len[3] = {&g->head_len, &g->loca_len, &g->glyf_len};
    for (int i = 0; i < 3; i++) {
        g->blob[i] = hb_face_reference_table(hf, tags[i]);
        *len[i] = 0;
        *data[i] = (const unsigned char *)hb_blob_get_data(g->blob[i], len[i]);
    }
    g->long_form = g->head_len >= 54 && be16(g->head + 50) != 0;
}

static void glyf_close(struct glyf_tables *g)
{
    for (int i = 0; i < 3; i++)
        hb_blob_destroy(g->blob[i]);
}

/* A font of outlines in glyf (TrueType): every glyph's place in it within
 * the table and in order (a damaged index points past the file's end).
 * 0, or -1 with why. Other fonts (CFF) pass. */
static int loca_check(hb_face_t *hf, char *why, size_t why_len)
{
    struct glyf_tables t;
    glyf_open(hf, &t);
    unsigned hl = t.head_len, ll = t.loca_len, gl = t.glyf_len;
    unsigned glyphs = hb_face_get_glyph_count(hf);
    int rc = 0;
    if (gl == 0 && ll == 0) {
        rc = 0; /* not a TrueType outline font */
    } else if (hl < 54 || ll == 0 || gl == 0) {
        snprintf(why, why_len, "has a glyf table without its head or loca");
        rc = -1;
    } else {
        long prev = 0;
        for (unsigned i = 0; i <= glyphs && rc == 0; i++) {
            long at = loca_at(t.loca, ll, t.long_form, i);
            if (at < 0 || at < prev || at > (long)gl) {
                snprintf(why, why_len, "is damaged: its index of outlines (loca) %s at glyph %u",
                         at < 0      ? "ends early"
                         : at < prev ? "goes backwards"
                                     : "points past the end of the file",
                         i);
                rc = -1;
            }
            prev = at;
        }
        if (rc == 0 && prev == 0 && glyphs > 1) {
            snprintf(why, why_len, "is damaged: its index of outlines (loca) is all zeros");
            rc = -1;
        }
    }
    glyf_close(&t);
    return rc;
}

/* Characters of a font rasterised when it is given (own_verify): its
 * ASCII letters and digits and as many more spread over what it maps.
 * Each costs about 50 us (the kiosk sets its fonts before its first
 * frame); the rest are checked as they are used. */
#define PROBE_MAX 64

/* Rasterise a sample of what the exhibit's font in sl maps (ASCII letters
 * and digits, then up to PROBE_MAX spread over its character map): 0, or
 * -1 (the chain's own_fail says why). */
static int own_probe(struct text *t, enum font_face face, struct slot *sl)
{
    hb_face_t *hf = hb_font_get_face(sl->hb);
    hb_set_t *set = hb_set_create();
    hb_face_collect_unicodes(hf, set);
    unsigned count = hb_set_get_population(set), step = count / PROBE_MAX + 1, k = 0;
    int rc = 0;
    hb_codepoint_t cp = HB_SET_VALUE_INVALID;
    while (rc == 0 && hb_set_next(set, &cp)) {
        int alnum =
            (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
        if (alnum || k++ % step == 0)
            rc = own_verify(t, face, sl, cp, 1);
    }
    hb_set_destroy(set);
    return rc;
}

/* text_set_fonts (lent 0: the bytes copied) and text_lend_fonts (lent 1:
 * the caller's bytes used as they are). */
static int set_fonts(struct text *t, const void *const data[FACE_COUNT],
                     const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], int lent,
                     char *why, size_t why_len)
{
    int ret = 0;
    const void *used[FACE_COUNT] = {NULL}; /* the bytes each face's font is opened from */
    drop_exhibit_fonts(t);
    forget_measures(t);
    for (int face = 0; face < FACE_COUNT; face++) {
        struct chain *ch = &t->chain[face];
        if (!data || !data[face] || size[face] == 0 || size[face] > INT32_MAX)
            continue;
        const char *label = name && name[face] ? name[face] : face_names[face];
        const char *kind = font_kind_refused(data[face], size[face]);
        if (kind) {
            snprintf(why, why_len, "the exhibit's font fonts.%s (%s) %s", face_keys[face], label,
                     kind);
            ret = -1;
            continue;
        }
        /* one copy of a font however many faces use it (none when lent),
         * opened once */
        const void *copy = NULL;
        int g = 0;
        for (; g < face && !copy; g++)
            if (size[g] == size[face] && used[g] &&
                (data[g] == data[face] || memcmp(data[g], data[face], size[face]) == 0))
                copy = used[g];
        int owner = copy ? g - 1 : face;
        const struct slot *os = &t->chain[owner].f[0];
        if (!copy && lent) {
            copy = data[face];
        } else if (!copy && (t->own_buf[face] = malloc(size[face])) != NULL) {
            memcpy(t->own_buf[face], data[face], size[face]);
            t->own_size[face] = size[face];
            copy = t->own_buf[face];
        }
        used[face] = copy;
        int borrowed = owner != face && os->own == copy && os->state == 1 && !os->borrowed;
        SDL_RWops *rw = copy && !borrowed ? SDL_RWFromConstMem(copy, (int)size[face]) : NULL;
        TTF_Font *f = borrowed ? os->font : rw ? TTF_OpenFontIndexRW(rw, 1, OPEN_PX, 0) : NULL;
        if (!f || ch->n >= MAX_CHAIN) {
            if (f && !borrowed)
                TTF_CloseFont(f);
            snprintf(why, why_len,
                     "the exhibit's font fonts.%s (%s) is not a font this kiosk "
                     "can open (%s)",
                     face_keys[face], label,
                     !copy ? "out of memory"
                     : f   ? "too many fonts"
                           : SDL_GetError());
            ret = -1;
            continue;
        }
        if (!borrowed) {
            TTF_SetFontKerning(f, 1);
            TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
            t->own_px[face] = OPEN_PX;
        }
        memmove(&ch->f[1], &ch->f[0], sizeof ch->f[0] * (size_t)ch->n);
        ch->n++;
        struct slot *sl = &ch->f[0];
        memset(sl, 0, sizeof *sl);
        sl->own = copy;
        sl->bytes = copy;
        sl->len = size[face];
        sl->font = f;
        sl->state = 1;
        sl->px_of = borrowed ? owner : face;
        sl->borrowed = borrowed;
        snprintf(sl->path, PATH_LEN, "%s", label);
        /* opened is not enough: its outlines indexed within the file, and
         * a sample of its characters drawn (the rest as they are used) */
        char lwhy[200];
        if (slot_hb(t, sl) != 0) {
            snprintf(ch->own_fail, sizeof ch->own_fail,
                     "the exhibit's font fonts.%s (%s) is "
                     "not a font HarfBuzz can read",
                     face_keys[face], label);
        } else if (loca_check(hb_font_get_face(sl->hb), lwhy, sizeof lwhy) != 0) {
            snprintf(ch->own_fail, sizeof ch->own_fail, "the exhibit's font fonts.%s (%s) %s",
                     face_keys[face], label, lwhy);
        } else if (!borrowed) { /* (a face that shares a font shares its verdict) */
            own_probe(t, (enum font_face)face, sl);
        }
        if (ch->own_fail[0]) {
            snprintf(why, why_len, "%s", ch->own_fail);
            drop_exhibit_font(t, ch);
            ret = -1;
            continue;
        }
        log_info(TAG, "face %s: the exhibit's own font %s first", face_names[face], sl->path);
    }
    forget_measures(t);
    return ret;
}

int text_set_fonts(struct text *t, const void *const data[FACE_COUNT],
                   const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], char *why,
                   size_t why_len)
{
    return set_fonts(t, data, size, name, 0, why, why_len);
}

int text_lend_fonts(struct text *t, const void *const data[FACE_COUNT],
                    const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], char *why,
                    size_t why_len)
{
    return set_fonts(t, data, size, name, 1, why, why_len);
}

size_t text_font_bytes_owned(const struct text *t)
{
    size_t n = 0;
    for (int i = 0; i < FACE_COUNT; i++)
        n += t->own_buf[i] ? t->own_size[i] : 0;
    return n;
}

const struct text_measurer *text_measurer(struct text *t)
{
    return &t->m;
}

static long render_count;

long text_render_count(void)
{
    return render_count;
}

/* One run in one font, as ARGB8888. */
static SDL_Surface *render_run(TTF_Font *f, SDL_Color c, int rtl, const char *s, size_t n)
{
    char stack[SHORT_TEXT];
    char *buf = n < sizeof(stack) ? stack : malloc(n + 1);
    if (!buf)
        return NULL;
    memcpy(buf, s, n);
    buf[n] = '\0';
    shape_as(f, rtl, s, n);
    SDL_Surface *surf = TTF_RenderUTF8_Blended(f, buf, c);
    if (buf != stack)
        free(buf);
    if (surf && surf->format->format != SDL_PIXELFORMAT_ARGB8888) {
        SDL_Surface *conv = SDL_ConvertSurfaceFormat(surf, SDL_PIXELFORMAT_ARGB8888, 0);
        SDL_FreeSurface(surf);
        surf = conv;
    }
    return surf;
}

/* s (ARGB8888, not premultiplied) resized to w x h: shrunk, each pixel
 * the average of those it covers weighted by their alpha, so a colour
 * picture keeps its colours to its edges; enlarged, bilinearly (SDL). */
static SDL_Surface *resized(SDL_Surface *s, int w, int h)
{
    SDL_Surface *d = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!d || w >= s->w || h >= s->h) {
        if (d && SDL_SoftStretchLinear(s, NULL, d, NULL) != 0) {
            SDL_FreeSurface(d);
            d = NULL;
        }
        return d;
    }
    for (int y = 0; y < h; y++) {
        int y0 = y * s->h / h, y1 = (y + 1) * s->h / h;
        Uint32 *out = (Uint32 *)((Uint8 *)d->pixels + y * d->pitch);
        for (int x = 0; x < w; x++) {
            int x0 = x * s->w / w, x1 = (x + 1) * s->w / w;
            uint64_t a = 0, r = 0, g = 0, b = 0, n = 0;
            for (int sy = y0; sy < y1; sy++) {
                const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + sy * s->pitch);
                for (int sx = x0; sx < x1; sx++, n++) {
                    uint64_t pa = row[sx] >> 24;
                    a += pa;
                    r += pa * (row[sx] >> 16 & 255);
                    g += pa * (row[sx] >> 8 & 255);
                    b += pa * (row[sx] & 255);
                }
            }
            out[x] = a == 0 ? 0
                            : (Uint32)(a / n) << 24 | (Uint32)(r / a) << 16 | (Uint32)(g / a) << 8 |
                                  (Uint32)(b / a);
        }
    }
    return d;
}

/* One run in the font of slot sl at size px: a font of bitmaps at one
 * size draws at that size, and its pictures are resized to px. Its glyph
 * cache is emptied (by setting its size again): a colour picture is 70 KB
 * there, and the kiosk keeps what it draws. */
static SDL_Surface *render_slot_run(struct slot *sl, int px, SDL_Color c, int rtl, const char *s,
                                    size_t n)
{
    SDL_Surface *run = render_run(sl->font, c, rtl, s, n);
    if (!run || !sl->strike)
        return run;
    TTF_SetFontSize(sl->font, sl->strike);
    int w = slot_scaled(sl, px, run->w), h = slot_scaled(sl, px, run->h);
    SDL_Surface *r = w > 0 && h > 0 ? resized(run, w, h) : NULL;
    SDL_FreeSurface(run);
    return r;
}

/* One piece of a line: a visual run cut where its font changes. */
struct piece {
    int off, len, font, rtl, w;
};

/* The pieces of line s[0..n) (base direction rtl), left to right on the
 * screen: its visual runs (bidi.h), each cut where its font changes, a
 * right-to-left run's pieces from its right end. How many (at most max). */
static int line_pieces(struct text *t, enum font_face face, const char *s, size_t n, int rtl,
                       struct piece *pc, int max)
{
    struct bidi_run runs[MAX_BIDI_RUNS];
    int nr = visual_runs(s, n, rtl, runs);
    int np = 0, font;
    for (int r = 0; r < nr; r++) {
        int first = np;
        for (size_t i = 0; i < (size_t)runs[r].len && np < max;) {
            const char *at = s + runs[r].off + i;
            size_t k = typeset_run(&t->m, face, at, (size_t)runs[r].len - i, &font);
            if (k == 0)
                break;
            pc[np++] = (struct piece){(int)(at - s), (int)k, font, runs[r].rtl, 0};
            i += k;
        }
        if (runs[r].rtl) /* pieces in logical order: the first stands rightmost */
            for (int a = first, b = np - 1; a < b; a++, b--) {
                struct piece tmp = pc[a];
                pc[a] = pc[b];
                pc[b] = tmp;
            }
    }
    return np;
}

SDL_Surface *text_render(struct text *t, enum font_face face, int px, uint32_t rgb, const char *s,
                         size_t n)
{
    return text_render_dir(t, face, px, rgb, s, n, 0);
}

SDL_Surface *text_render_dir(struct text *t, enum font_face face, int px, uint32_t rgb,
                             const char *s, size_t n, int rtl)
{
    if (!t || !s || n == 0)
        return NULL;
    render_count++;
    if (((unsigned)face & ~(unsigned)FACE_KIOSK) >= FACE_COUNT)
        face = FACE_SANS;
    SDL_Color c = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
    int font, base = first_slot(t, face);
    struct slot *s0 = slot_at(t, face, base, px);
    if (!s0)
        return NULL;
    if (!rtl && !s0->strike && typeset_run(&t->m, face, s, n, &font) == n && font == base &&
        s0 == slot_at(t, face, base, px) && !bidi_has_rtl(s, n)) {
        SDL_Surface *one = render_run(s0->font, c, 0, s, n);
        if (one || !s0->own)
            return one;
        own_drop(t, clamp_face(face), s0, "cannot draw a line", 0);
        return text_render_dir(t, face, px, rgb, s, n, rtl);
    }
    /* the line's visual runs (bidi.h), left to right on the screen, each
     * cut where its font changes; a right-to-left run's pieces stand from
     * its right end. One surface as wide as their advances, every piece on
     * the first font's baseline. */
    struct piece pc[TEXT_MAX_PIECES];
    int np = line_pieces(t, face, s, n, rtl, pc, TEXT_MAX_PIECES);
    int asc0 = slot_scaled(s0, px, TTF_FontAscent(s0->font)), w = 0;
    int h = slot_scaled(s0, px, TTF_FontHeight(s0->font));
    for (int i = 0; i < np; i++) {
        struct slot *sl = slot_at(t, face, pc[i].font, px);
        if (!sl)
            continue;
        int below = slot_scaled(sl, px, TTF_FontHeight(sl->font) - TTF_FontAscent(sl->font));
        if (asc0 + below > h)
            h = asc0 + below;
        pc[i].w =
            slot_scaled(sl, px, size_shaped(sl->font, pc[i].rtl, s + pc[i].off, (size_t)pc[i].len));
        w += pc[i].w;
    }
    if (w < 1)
        return NULL;
    SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!dst)
        return NULL;
    SDL_FillRect(dst, NULL, SDL_MapRGBA(dst->format, c.r, c.g, c.b, 0));
    int x = 0;
    for (int i = 0; i < np; i++) {
        struct slot *sl = slot_at(t, face, pc[i].font, px);
        SDL_Surface *run =
            sl ? render_slot_run(sl, px, c, pc[i].rtl, s + pc[i].off, (size_t)pc[i].len) : NULL;
        if (!run && sl && sl->own) /* drawn without it from the next line on */
            own_drop(t, clamp_face(face), sl, "cannot draw a line", 0);
        if (run) {
            /* copied, not blended: runs do not overlap, and the pixels keep
             * the text's colour and coverage (a colour picture's own) */
            SDL_SetSurfaceBlendMode(run, SDL_BLENDMODE_NONE);
            SDL_Rect at = {x, asc0 - slot_scaled(sl, px, TTF_FontAscent(sl->font)), run->w, run->h};
            SDL_BlitSurface(run, NULL, dst, &at);
            SDL_FreeSurface(run);
        }
        x += pc[i].w;
    }
    return dst;
}

/* The bytes of the font in slot sl: the exhibit's own, or the file
 * open_font mapped for it. */
static int slot_bytes(const struct text *t, struct slot *sl)
{
    for (int i = 0; !sl->bytes && i < t->n_maps; i++)
        if (t->maps[i].font == sl->font) {
            sl->bytes = t->maps[i].map;
            sl->len = t->maps[i].len;
        }
    return sl->bytes ? 0 : -1;
}

/* sl's font for HarfBuzz, made from its bytes at the first call. */
static int slot_hb(const struct text *t, struct slot *sl)
{
    if (!sl->hb && slot_bytes(t, sl) == 0) {
        hb_blob_t *blob = hb_blob_create((const char *)sl->bytes, (unsigned)sl->len,
                                         HB_MEMORY_MODE_READONLY, NULL, NULL);
        hb_face_t *hf = hb_face_create(blob, (unsigned)sl->index);
        sl->hb = hb_font_create(hf);
        hb_face_destroy(hf);
        hb_blob_destroy(blob);
    }
    return sl->hb ? 0 : -1;
}

int text_shape_line(struct text *t, enum font_face face, const char *s, size_t n, int rtl,
                    struct text_shaped *out)
{
    memset(out, 0, sizeof(*out));
    if (!t || !s || n == 0)
        return 0;
    struct piece pc[TEXT_MAX_PIECES];
    int np = line_pieces(t, face, s, n, rtl, pc, TEXT_MAX_PIECES);
    hb_buffer_t *buf = hb_buffer_create();
    int rc = 0;
    for (int i = 0; i < np && rc == 0; i++) {
        /* the font render_slot_run draws with (the first font when
         * this one cannot be opened) */
        struct slot *sl = slot_at(t, face, pc[i].font, OPEN_PX);
        if (!sl || slot_hb(t, sl) != 0) {
            rc = -1;
            break;
        }
        struct text_piece *p = &out->piece[out->n_pieces++];
        p->off = pc[i].off;
        p->len = pc[i].len;
        p->rtl = pc[i].rtl;
        p->path = sl->path;
        p->index = sl->index;
        /* the script as shape_as gives it to SDL_ttf */
        hb_script_t script = script_of(s + pc[i].off, (size_t)pc[i].len);
        hb_tag_to_string(hb_script_to_iso15924_tag(script), p->script);
        p->script[4] = '\0';
        hb_buffer_reset(buf);
        hb_buffer_add_utf8(buf, s + pc[i].off, pc[i].len, 0, pc[i].len);
        hb_buffer_set_direction(buf, pc[i].rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
        hb_buffer_set_script(buf, script);
        hb_shape(sl->hb, buf, NULL, 0);
        unsigned count = 0;
        const hb_glyph_info_t *gi = hb_buffer_get_glyph_infos(buf, &count);
        p->first = out->n_glyphs;
        for (unsigned g = 0; g < count && out->n_glyphs < TEXT_MAX_GLYPHS; g++) {
            out->cluster[out->n_glyphs] = (uint32_t)pc[i].off + gi[g].cluster;
            out->glyph[out->n_glyphs++] = gi[g].codepoint;
        }
        p->count = out->n_glyphs - p->first;
        if (count > (unsigned)p->count)
            rc = -1; /* more glyphs than room */
    }
    hb_buffer_destroy(buf);
    return rc;
}

int text_shaped_missing(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp)
{
    struct text_shaped *sh = s ? malloc(sizeof(*sh)) : NULL;
    if (!sh)
        return 0;
    int rtl = bidi_first_strong_rtl(s, n), missing = 0;
    if (text_shape_line(t, face, s, n, rtl, sh) == 0)
        for (int i = 0; i < sh->n_pieces && !missing; i++)
            for (int g = 0; g < sh->piece[i].count && !missing; g++)
                if (sh->glyph[sh->piece[i].first + g] == 0) {
                    /* the character it stands for; spaces, line feeds and
                     * joiners need no glyph (text_missing) */
                    size_t k = sh->cluster[sh->piece[i].first + g];
                    *cp = k < n ? typeset_decode(s, n, &k) : 0;
                    missing = *cp && !invisible(*cp);
                }
    free(sh);
    return missing;
}

int text_missing(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp_out)
{
    enum font_face asked = face;
    face = clamp_face(face);
    /* cluster by cluster, in the font that draws each (cluster_font) */
    for (size_t i = 0; i < n;) {
        size_t end = breaks_cluster_end(s, n, i);
        int f = cluster_font(t, asked, s + i, end - i);
        while (i < end) {
            uint32_t cp = typeset_decode(s, end, &i);
            if (invisible(cp) || slot_has(t, face, f, cp))
                continue;
            if (cp_out)
                *cp_out = cp;
            return slot_has(t, face, font_for(t, asked, cp), cp) ? 2 : 1;
        }
    }
    return 0;
}

int text_emoji_apart(struct text *t, enum font_face face, const char *s, size_t n, size_t *off,
                     size_t *len)
{
    hb_buffer_t *buf = hb_buffer_create();
    int apart = 0;
    for (size_t i = 0; i < n && !apart;) {
        size_t end = breaks_cluster_end(s, n, i), one = i;
        uint32_t cps[CLUSTER_MAX];
        int emoji;
        typeset_decode(s, end, &one);
        cluster_chars(s + i, end - i, cps, &emoji);
        struct slot *sl = emoji && one < end
                              ? slot_at(t, face, cluster_font(t, face, s + i, end - i), OPEN_PX)
                              : NULL;
        if (sl && slot_hb(t, sl) == 0) {
            /* its pictures, joiners, selectors and tags left out */
            hb_buffer_reset(buf);
            hb_buffer_set_flags(buf, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES);
            hb_buffer_add_utf8(buf, s + i, (int)(end - i), 0, (int)(end - i));
            hb_buffer_guess_segment_properties(buf);
            hb_shape(sl->hb, buf, NULL, 0);
            apart = hb_buffer_get_length(buf) > 1;
            *off = i;
            *len = end - i;
        }
        i = end;
    }
    hb_buffer_destroy(buf);
    return apart;
}

int text_own_font_lacks(struct text *t, enum font_face face, const char *s, size_t n,
                        uint32_t *cp_out)
{
    const struct slot *own = &t->chain[clamp_face(face)].f[0];
    if (!own->own || own->state != 1 || ((unsigned)face & FACE_KIOSK))
        return 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = typeset_decode(s, n, &i);
        if (!invisible(cp) && !TTF_GlyphIsProvided32(own->font, cp)) {
            if (cp_out)
                *cp_out = cp;
            return 1;
        }
    }
    return 0;
}

const char *text_face_path(const struct text *t, enum font_face face)
{
    const struct chain *ch = &t->chain[clamp_face(face)];
    int i = first_slot(t, face);
    if (ch->f[i].own && ch->f[i].state < 0 && i + 1 < ch->n)
        i++; /* the exhibit's font, dropped (own_drop) */
    return ch->f[i].path;
}

/* ---- the exhibit's own fonts, checked ------------------------------------ */

/* Characters that draw no ink by design: spaces, format characters,
 * default ignorables, the blank braille pattern. */
static int inkless(uint32_t cp)
{
    int8_t type = u_charType((UChar32)cp);
    return invisible(cp) || u_isUWhiteSpace((UChar32)cp) || cp == 0x2800 || type == U_FORMAT_CHAR ||
           type == U_CONTROL_CHAR ||
           u_hasBinaryProperty((UChar32)cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

static int seen_has(const struct slot *sl, uint32_t cp)
{
    if (!sl->cap_seen)
        return 0;
    for (size_t i = (cp * 2654435761u) & (sl->cap_seen - 1);; i = (i + 1) & (sl->cap_seen - 1)) {
        if (sl->seen[i] == cp + 1)
            return 1;
        if (!sl->seen[i])
            return 0;
    }
}

/* Remember cp as drawn (nothing when memory runs out: it is drawn again). */
static void seen_add(struct slot *sl, uint32_t cp)
{
    if ((sl->n_seen + 1) * 2 > sl->cap_seen) {
        size_t cap = sl->cap_seen ? sl->cap_seen * 2 : 256;
        uint32_t *v = calloc(cap, sizeof *v);
        if (!v)
            return;
        for (size_t k = 0; k < sl->cap_seen; k++) {
            if (!sl->seen[k])
                continue;
            size_t i = ((sl->seen[k] - 1) * 2654435761u) & (cap - 1);
            while (v[i])
                i = (i + 1) & (cap - 1);
            v[i] = sl->seen[k];
        }
        free(sl->seen);
        sl->seen = v;
        sl->cap_seen = cap;
    }
    size_t i = (cp * 2654435761u) & (sl->cap_seen - 1);
    while (sl->seen[i] && sl->seen[i] != cp + 1)
        i = (i + 1) & (sl->cap_seen - 1);
    if (!sl->seen[i])
        sl->n_seen++;
    sl->seen[i] = cp + 1;
}

/* The box of every point an outline is drawn through. */
struct outline_box {
    float x0, y0, x1, y1;
    int n;
};

static void box_add(struct outline_box *b, float x, float y)
{
    if (b->n++ == 0) {
        b->x0 = b->x1 = x;
        b->y0 = b->y1 = y;
        return;
    }
    b->x0 = x < b->x0 ? x : b->x0;
    b->x1 = x > b->x1 ? x : b->x1;
    b->y0 = y < b->y0 ? y : b->y0;
    b->y1 = y > b->y1 ? y : b->y1;
}

static void box_move(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float x, float y,
                     void *user)
{
    (void)f, (void)st, (void)user;
    box_add(data, x, y);
}

static void box_quad(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float cx, float cy,
                     float x, float y, void *user)
{
    (void)f, (void)st, (void)user;
    box_add(data, cx, cy);
    box_add(data, x, y);
}

static void box_cubic(hb_draw_funcs_t *f, void *data, hb_draw_state_t *st, float c1x, float c1y,
                      float c2x, float c2y, float x, float y, void *user)
{
    (void)f, (void)st, (void)user;
    box_add(data, c1x, c1y);
    box_add(data, c2x, c2y);
    box_add(data, x, y);
}

/* Made once, kept for the process (HarfBuzz's own are the same). */
static hb_draw_funcs_t *box_funcs(void)
{
    static hb_draw_funcs_t *funcs;
    if (!funcs) {
        funcs = hb_draw_funcs_create();
        hb_draw_funcs_set_move_to_func(funcs, box_move, NULL, NULL);
        hb_draw_funcs_set_line_to_func(funcs, box_move, NULL, NULL);
        hb_draw_funcs_set_quadratic_to_func(funcs, box_quad, NULL, NULL);
        hb_draw_funcs_set_cubic_to_func(funcs, box_cubic, NULL, NULL);
        hb_draw_funcs_make_immutable(funcs);
    }
    return funcs;
}

/* A TrueType glyph's outline lies in the box its header gives (within a
 * rounding's width): bytes of a glyph flipped make points fly off, or an
 * outline that cannot be read. Fonts of CFF outlines have no such box and
 * pass. 0, or -1 with why. */
static int glyf_box_check(struct slot *sl, uint32_t cp, char *why, size_t why_len)
{
    hb_codepoint_t gid = 0;
    if (!hb_font_get_nominal_glyph(sl->hb, cp, &gid))
        return 0;
    hb_face_t *hf = hb_font_get_face(sl->hb);
    struct glyf_tables t;
    glyf_open(hf, &t);
    int rc = 0;
    long o0 = -1, o1 = -1;
    if (t.head_len >= 54 && t.loca_len && t.glyf_len) {
        o0 = loca_at(t.loca, t.loca_len, t.long_form, gid);
        o1 = loca_at(t.loca, t.loca_len, t.long_form, gid + 1);
    }
    if (o0 >= 0 && o1 >= o0 + 10 && o1 <= (long)t.glyf_len) {
        const unsigned char *gh = t.glyf + o0;
        float x0 = (int16_t)be16(gh + 2), y0 = (int16_t)be16(gh + 4);
        float x1 = (int16_t)be16(gh + 6), y1 = (int16_t)be16(gh + 8);
        int upem = (int)hb_face_get_upem(hf);
        float tol = (float)(upem / 50 + 2);
        struct outline_box b = {0};
        hb_font_set_scale(sl->hb, upem, upem);
#if HB_VERSION_ATLEAST(7, 0, 0)
        hb_font_draw_glyph(sl->hb, gid, box_funcs(), &b);
#else
        hb_font_get_glyph_shape(sl->hb, gid, box_funcs(), &b);
#endif
        if (b.n == 0 && (x1 > x0 || y1 > y0)) {
            snprintf(why, why_len, "cannot read its outline of U+%04X (damaged glyph data)",
                     (unsigned)cp);
            rc = -1;
        } else if (b.n &&
                   (b.x0 < x0 - tol || b.x1 > x1 + tol || b.y0 < y0 - tol || b.y1 > y1 + tol ||
                    b.x0 > x0 + tol || b.x1 < x1 - tol || b.y0 > y0 + tol || b.y1 < y1 - tol)) {
            snprintf(why, why_len,
                     "draws U+%04X outside its own box (damaged glyph data: it would show "
                     "garbled)",
                     (unsigned)cp);
            rc = -1;
        }
    }
    glyf_close(&t);
    return rc;
}

/* Rasterise cp in the exhibit's font of sl: it must draw, and draw ink
 * (a damaged index draws every glyph as nothing). 0, -1 with why when it
 * fails, -2 with why when it draws nothing. */
static int glyph_drawn(struct text *t, struct slot *sl, uint32_t cp, char *why, size_t why_len)
{
    if (inkless(cp))
        return 0;
    int *cur = slot_px(t, sl);
    if (*cur < 8 && TTF_SetFontSize(sl->font, OPEN_PX) == 0)
        *cur = OPEN_PX; /* tiny sizes may round a dot away */
    SDL_Color white = {255, 255, 255, 255};
    SDL_Surface *g = TTF_RenderGlyph32_Blended(sl->font, cp, white);
    if (!g) {
        int x0, x1, y0, y1, adv;
        /* shaped to no width alone (a mark, drawn over its base; a
         * Nastaliq tatweel): its glyph loads, which is what matters */
        if (TTF_GlyphMetrics32(sl->font, cp, &x0, &x1, &y0, &y1, &adv) == 0)
            return 0;
        snprintf(why, why_len, "cannot draw U+%04X (%s)", (unsigned)cp, SDL_GetError());
        return -1;
    }
    int ink = 0;
    Uint32 amask = g->format->Amask;
    if (g->format->BytesPerPixel == 4 && amask && SDL_LockSurface(g) == 0) {
        for (int y = 0; y < g->h && !ink; y++) {
            const Uint32 *row = (const Uint32 *)((const Uint8 *)g->pixels + y * g->pitch);
            for (int x = 0; x < g->w && !ink; x++)
                ink = (row[x] & amask) != 0;
        }
        SDL_UnlockSurface(g);
    } else {
        ink = 1; /* a surface this check cannot read: not its business */
    }
    SDL_FreeSurface(g);
    if (!ink) {
        snprintf(why, why_len, "draws U+%04X as nothing (damaged glyph data)", (unsigned)cp);
        return -2;
    }
    return 0;
}

/* probe: the sample text_set_fonts draws (own_probe): a character that
 * draws nothing is not held against the font then (fonts ship such slips:
 * DejaVu Sans Oblique's U+FB3F, Noto Traditional Nushu's hyphen), only
 * when text uses it; a glyph that does not load or is garbled is. */
static int own_verify(struct text *t, enum font_face face, struct slot *sl, uint32_t cp, int probe)
{
    if (sl->state != 1)
        return -1;
    if (invisible(cp) || seen_has(sl, cp))
        return 0;
    char why[160];
    int rc = slot_hb(t, sl) == 0 ? glyf_box_check(sl, cp, why, sizeof why) : 0;
    if (rc == 0)
        rc = glyph_drawn(t, sl, cp, why, sizeof why);
    if (rc == -2 && probe)
        return 0; /* (not remembered: checked again when used) */
    if (rc != 0) {
        own_drop(t, face, sl, why, probe);
        return -1;
    }
    seen_add(sl, cp);
    return 0;
}

static void own_drop(struct text *t, enum font_face face, struct slot *sl, const char *what,
                     int quiet)
{
    struct chain *ch = &t->chain[face];
    if (sl->state != 1 || !sl->own)
        return;
    snprintf(ch->own_fail, sizeof ch->own_fail, "the exhibit's font fonts.%s (%.200s) %.200s",
             face_keys[face], sl->path, what);
    /* kept open (a caller may hold its font) until the fonts change */
    sl->state = -1;
    forget_measures(t);
    if (!quiet)
        log_warn(TAG, "%s: it is dropped, the fallback fonts draw its text", ch->own_fail);
}

int text_own_font_failed(const struct text *t, enum font_face face, char *why, size_t why_len)
{
    const struct chain *ch = &t->chain[clamp_face(face)];
    if (!ch->own_fail[0])
        return 0;
    snprintf(why, why_len, "%s", ch->own_fail);
    return 1;
}
