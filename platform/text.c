/* text.c - fonts through fontconfig, metrics and rasterising through SDL_ttf.
 *
 * A face is a fallback chain of fonts, asked for script by script from the
 * locale table (locale_rules.c): the first installed Latin family (Noto
 * Sans, DejaVu Sans, ...) draws most text; CJK, Arabic, Hebrew and symbol
 * families follow when installed, and the font shipped in assets/fonts
 * comes last. Text is split into runs by the first font of the chain that
 * has each character (TTF_GlyphIsProvided32, remembered per code point);
 * measuring sums the runs, rasterising draws them side by side on the
 * first font's baseline. Fonts after the first are looked up and opened
 * only when a character needs them, so Latin-only content opens one font
 * per face, as before.
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
 * may be clipped at the top of the line. A character no font of the chain
 * has is drawn as the first font's missing-glyph box. The chain is the
 * same for every language (locale_rules(NULL)).
 * DEPENDENCIES: SDL2_ttf >= 2.0.18 (TTF_SetFontSize, TTF_GlyphIsProvided32),
 * fontconfig, the font shipped in assets/fonts (DejaVu Sans) as the last
 * resort. Works without SDL video: nothing here needs SDL_Init. */
#define _POSIX_C_SOURCE 200809L
#include "text.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "bidi.h"
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
#define MAX_CHAIN 24
#define MAX_FC_LOOKUPS 64 /* fontconfig searches for uncovered characters, per face */
#define CACHE_SIZE 1024   /* code points remembered per face, direct mapped */
#define WIDTH_CACHE 4096  /* run widths remembered by default, direct mapped */
#define WIDTH_KEY 256     /* the longest run whose width is remembered, bytes */

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
    void *own;                         /* the exhibit's font: its bytes, malloc'd; else NULL */
    int state;                         /* 0 not looked up yet, 1 open, -1 unavailable */
    TTF_Font *font;
    int cur_px;
    char path[PATH_LEN];
    int index; /* the face in a collection (.ttc) */
    /* the font's bytes for text_shape_line (the exhibit's own; else found
     * among the mapped files when first shaped) */
    const void *bytes;
    size_t len;
    hb_font_t *hb; /* made from them at the first text_shape_line */
};

struct chain {
    struct slot f[MAX_CHAIN];
    int n;
    int fc_lookups; /* searches made for characters no slot had */
    struct {
        uint32_t cp1; /* code point + 1; 0: empty */
        int font;
    } cache[CACHE_SIZE];
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

/* Ask fontconfig for family (bold or not). Fills path/index and whether the
 * file really is bold. 0 when the match is the family asked for. */
static int fc_find(const char *family, int bold, char *path, size_t path_len, int *index,
                   int *is_bold)
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
    if (!match || res != FcResultMatch)
        goto done;
    if (!is_generic(family) && !family_matches(match, family))
        goto done;
    FcChar8 *file = NULL;
    if (FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch)
        goto done;
    int idx = 0, weight = FC_WEIGHT_REGULAR;
    FcPatternGetInteger(match, FC_INDEX, 0, &idx);
    FcPatternGetInteger(match, FC_WEIGHT, 0, &weight);
    if (strlen((const char *)file) >= path_len)
        goto done;
    strcpy(path, (const char *)file);
    *index = idx;
    *is_bold = weight >= FC_WEIGHT_DEMIBOLD;
    rc = 0;
done:
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

static const char *const *families_of(const struct script_fonts *sf, enum font_face face)
{
    return face == FACE_SERIF ? sf->serif : sf->sans;
}

static int path_in_chain(const struct chain *ch, const char *path)
{
    for (int i = 0; i < ch->n; i++)
        if (ch->f[i].state == 1 && strcmp(ch->f[i].path, path) == 0)
            return 1;
    return 0;
}

/* Open the first installed family of the slot's script (or the shipped
 * font). quiet: a fallback that is simply not installed is not news. */
static void slot_open(struct text *t, enum font_face face, struct slot *sl, int quiet)
{
    struct chain *ch = &t->chain[face];
    int bold = face == FACE_SANS_BOLD;
    char path[PATH_LEN];
    sl->state = -1;
    if (!sl->script) {
        snprintf(path, sizeof(path), "%s/%s", t->assets_dir, FALLBACK_FONT);
        TTF_Font *f = open_font(t, path, 0);
        if (!f) {
            log_warn(TAG, "face %s: shipped font %s: %s", face_names[face], path, SDL_GetError());
            return;
        }
        if (bold)
            TTF_SetFontStyle(f, TTF_STYLE_BOLD);
        sl->font = f;
    } else {
        const char *const *fams = families_of(sl->script, face);
        for (int i = 0; fams && fams[i] && !sl->font; i++) {
            int index = 0, is_bold = 0;
            if (fc_find(fams[i], bold, path, sizeof(path), &index, &is_bold) != 0) {
                if (!quiet)
                    log_warn(TAG, "face %s: family \"%s\" not installed, trying the next",
                             face_names[face], fams[i]);
                continue;
            }
            if (path_in_chain(ch, path))
                continue;
            TTF_Font *f = open_font(t, path, index);
            if (!f) {
                log_warn(TAG, "face %s: cannot open %s: %s", face_names[face], path,
                         SDL_GetError());
                continue;
            }
            if (bold && !is_bold) {
                TTF_SetFontStyle(f, TTF_STYLE_BOLD);
                log_warn(TAG, "face %s: no bold file for \"%s\", emboldening %s", face_names[face],
                         fams[i], path);
            }
            sl->font = f;
            sl->index = index;
            log_debug(TAG, "face %s: %s for %s (family \"%s\")", face_names[face], path,
                      sl->script->script, fams[i]);
        }
        if (!sl->font)
            return;
    }
    snprintf(sl->path, PATH_LEN, "%s", path);
    sl->cur_px = OPEN_PX;
    sl->state = 1;
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
    slot_open(t, face, &ch->f[0], 0);
    if (ch->f[0].state != 1) {
        /* no Latin family at all: the shipped font draws everything */
        ch->f[0] = ch->f[ch->n - 1];
        ch->n--;
        slot_open(t, face, &ch->f[0], 0);
        if (ch->f[0].state != 1)
            return -1;
        log_warn(TAG, "face %s: falling back to the shipped font %s", face_names[face],
                 ch->f[0].path);
    }
    return 0;
}

static enum font_face clamp_face(enum font_face face)
{
    return (unsigned)face < FACE_COUNT ? face : FACE_SANS;
}

/* Font i of the face's chain at size px (the first font when i is not
 * available), or NULL. */
static TTF_Font *font_at(struct text *t, enum font_face face, int i, int px)
{
    face = clamp_face(face);
    struct chain *ch = &t->chain[face];
    if (i < 0 || i >= ch->n)
        i = 0;
    struct slot *sl = &ch->f[i];
    if (sl->state == 0)
        slot_open(t, face, sl, 1);
    if (sl->state != 1)
        sl = &ch->f[0];
    if (px < 1)
        px = 1;
    if (px > MAX_PX)
        px = MAX_PX;
    if (sl->cur_px != px) {
        if (TTF_SetFontSize(sl->font, px) != 0)
            return NULL;
        sl->cur_px = px;
    }
    return sl->font;
}

/* The last resort for a character no font of the chain has: any installed
 * font that fontconfig says covers it, added to the chain. Bounded: a text
 * of thousands of characters no font has must not stall layout. The index
 * of the new slot, or -1. */
static int fc_fallback(struct text *t, enum font_face face, uint32_t cp)
{
    struct chain *ch = &t->chain[face];
    /* one slot stays free for an exhibit's own font (text_set_fonts) */
    if (ch->n >= MAX_CHAIN - 1 || ch->fc_lookups >= MAX_FC_LOOKUPS || cp < 0x20)
        return -1;
    ch->fc_lookups++;
    fc_wake();
    FcPattern *pat = FcPatternCreate();
    FcCharSet *cs = FcCharSetCreate();
    int slot = -1;
    if (!pat || !cs || !FcCharSetAddChar(cs, cp))
        goto done;
    FcPatternAddCharSet(pat, FC_CHARSET, cs);
    FcPatternAddBool(pat, FC_SCALABLE, FcTrue);
    FcPatternAddInteger(pat, FC_WEIGHT,
                        face == FACE_SANS_BOLD ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcConfigSubstitute(NULL, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pat, &res);
    FcCharSet *has = NULL;
    FcChar8 *file = NULL;
    int index = 0;
    if (match && res == FcResultMatch &&
        FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch &&
        FcCharSetHasChar(has, cp) &&
        FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch &&
        strlen((const char *)file) < PATH_LEN && !path_in_chain(ch, (const char *)file)) {
        FcPatternGetInteger(match, FC_INDEX, 0, &index);
        TTF_Font *f = open_font(t, (const char *)file, index);
        if (f && TTF_GlyphIsProvided32(f, cp)) {
            struct slot *sl = &ch->f[ch->n];
            memset(sl, 0, sizeof(*sl));
            sl->font = f;
            sl->state = 1;
            sl->cur_px = OPEN_PX;
            sl->index = index;
            snprintf(sl->path, PATH_LEN, "%s", (const char *)file);
            slot = ch->n++;
            log_debug(TAG, "face %s: %s for U+%04X", face_names[face], sl->path, (unsigned)cp);
        } else if (f) {
            close_font(t, f);
        }
    }
    if (match)
        FcPatternDestroy(match);
done:
    if (cs)
        FcCharSetDestroy(cs);
    if (pat)
        FcPatternDestroy(pat);
    return slot;
}

static int font_for(void *ctx, enum font_face face, uint32_t cp)
{
    struct text *t = ctx;
    face = clamp_face(face);
    struct chain *ch = &t->chain[face];
    unsigned h = cp % CACHE_SIZE;
    if (ch->cache[h].cp1 == cp + 1)
        return ch->cache[h].font;
    int font = -1;
    for (int i = 0; i < ch->n; i++) {
        struct slot *sl = &ch->f[i];
        if (sl->state == 0)
            slot_open(t, face, sl, 1);
        if (sl->state == 1 && TTF_GlyphIsProvided32(sl->font, cp)) {
            font = i;
            break;
        }
    }
    if (font < 0)
        font = fc_fallback(t, face, cp);
    if (font < 0)
        font = 0; /* no font has it: the first font's missing-glyph box */
    ch->cache[h].cp1 = cp + 1;
    ch->cache[h].font = font;
    return font;
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
    face = clamp_face(face);
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
    TTF_Font *f = font_at(t, face, font, px);
    if (!f)
        return 0;
    /* each visual run shaped in its own direction (the base: the run's
     * first strong letter); a run's width does not depend on where it stands */
    struct bidi_run runs[MAX_BIDI_RUNS];
    int nr = visual_runs(s, n, bidi_first_strong_rtl(s, n), runs);
    int w = 0, ok = 1;
    for (int i = 0; i < nr; i++) {
        int rw = size_shaped(f, runs[i].rtl, s + runs[i].off, (size_t)runs[i].len);
        ok &= rw > 0 || runs[i].len == 0;
        w += rw;
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
    return typeset_width(&t->m, clamp_face(face), px, s, n);
}

static int measure_line_height(void *ctx, enum font_face face, int px)
{
    struct text *t = ctx;
    TTF_Font *f = font_at(t, face, 0, px);
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
    if (ch->n == 0 || !ch->f[0].own)
        return;
    hb_font_destroy(ch->f[0].hb); /* NULL is fine */
    TTF_CloseFont(ch->f[0].font);
    free(ch->f[0].own);
    memmove(&ch->f[0], &ch->f[1], sizeof ch->f[0] * (size_t)(ch->n - 1));
    ch->n--;
    (void)t;
}

void text_close(struct text *t)
{
    if (!t)
        return;
    for (int i = 0; i < FACE_COUNT; i++) {
        drop_exhibit_font(t, &t->chain[i]);
        for (int k = 0; k < t->chain[i].n; k++) {
            hb_font_destroy(t->chain[i].f[k].hb);
            if (t->chain[i].f[k].font)
                close_font(t, t->chain[i].f[k].font);
        }
    }
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
    for (int i = 0; i < FACE_COUNT; i++)
        memset(t->chain[i].cache, 0, sizeof t->chain[i].cache);
}

int text_set_fonts(struct text *t, const void *const data[FACE_COUNT],
                   const size_t size[FACE_COUNT], const char *const name[FACE_COUNT], char *why,
                   size_t why_len)
{
    int ret = 0;
    for (int face = 0; face < FACE_COUNT; face++) {
        struct chain *ch = &t->chain[face];
        drop_exhibit_font(t, ch);
        if (!data || !data[face] || size[face] == 0 || size[face] > INT32_MAX)
            continue;
        void *copy = malloc(size[face]);
        SDL_RWops *rw = copy ? SDL_RWFromConstMem(copy, (int)size[face]) : NULL;
        if (copy)
            memcpy(copy, data[face], size[face]);
        TTF_Font *f = rw ? TTF_OpenFontIndexRW(rw, 1, OPEN_PX, 0) : NULL;
        if (!f || ch->n >= MAX_CHAIN) {
            if (f)
                TTF_CloseFont(f);
            free(copy);
            snprintf(why, why_len, "%s is not a font this kiosk can open (%s)",
                     name && name[face] ? name[face] : face_names[face],
                     f ? "too many fonts" : SDL_GetError());
            ret = -1;
            continue;
        }
        TTF_SetFontKerning(f, 1);
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
        memmove(&ch->f[1], &ch->f[0], sizeof ch->f[0] * (size_t)ch->n);
        ch->n++;
        struct slot *sl = &ch->f[0];
        memset(sl, 0, sizeof *sl);
        sl->own = copy;
        sl->bytes = copy;
        sl->len = size[face];
        sl->font = f;
        sl->state = 1;
        sl->cur_px = OPEN_PX;
        snprintf(sl->path, PATH_LEN, "%s", name && name[face] ? name[face] : "the exhibit's font");
        log_info(TAG, "face %s: the exhibit's own font %s first", face_names[face], sl->path);
    }
    forget_measures(t);
    return ret;
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
    face = clamp_face(face);
    SDL_Color c = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
    int font;
    if (!rtl && typeset_run(&t->m, face, s, n, &font) == n && font == 0 && !bidi_has_rtl(s, n)) {
        TTF_Font *f = font_at(t, face, 0, px);
        return f ? render_run(f, c, 0, s, n) : NULL;
    }
    /* the line's visual runs (bidi.h), left to right on the screen, each
     * cut where its font changes; a right-to-left run's pieces stand from
     * its right end. One surface as wide as their advances, every piece on
     * the first font's baseline. */
    TTF_Font *f0 = font_at(t, face, 0, px);
    if (!f0)
        return NULL;
    struct piece pc[TEXT_MAX_PIECES];
    int np = line_pieces(t, face, s, n, rtl, pc, TEXT_MAX_PIECES);
    int asc0 = TTF_FontAscent(f0), w = 0, h = TTF_FontHeight(f0);
    for (int i = 0; i < np; i++) {
        TTF_Font *f = font_at(t, face, pc[i].font, px);
        if (!f)
            continue;
        if (asc0 + TTF_FontHeight(f) - TTF_FontAscent(f) > h)
            h = asc0 + TTF_FontHeight(f) - TTF_FontAscent(f);
        pc[i].w = size_shaped(f, pc[i].rtl, s + pc[i].off, (size_t)pc[i].len);
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
        TTF_Font *f = font_at(t, face, pc[i].font, px);
        SDL_Surface *run = f ? render_run(f, c, pc[i].rtl, s + pc[i].off, (size_t)pc[i].len) : NULL;
        if (run) {
            /* copied, not blended: runs do not overlap, and the pixels keep
             * the text's colour and coverage */
            SDL_SetSurfaceBlendMode(run, SDL_BLENDMODE_NONE);
            SDL_Rect at = {x, asc0 - TTF_FontAscent(f), run->w, run->h};
            SDL_BlitSurface(run, NULL, dst, &at);
            SDL_FreeSurface(run);
        }
        x += pc[i].w;
    }
    return dst;
}

static int invisible(uint32_t cp);

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

int text_shape_line(struct text *t, enum font_face face, const char *s, size_t n, int rtl,
                    struct text_shaped *out)
{
    memset(out, 0, sizeof(*out));
    if (!t || !s || n == 0)
        return 0;
    face = clamp_face(face);
    struct piece pc[TEXT_MAX_PIECES];
    int np = line_pieces(t, face, s, n, rtl, pc, TEXT_MAX_PIECES);
    hb_buffer_t *buf = hb_buffer_create();
    int rc = 0;
    for (int i = 0; i < np && rc == 0; i++) {
        struct chain *ch = &t->chain[face];
        int fi = pc[i].font >= 0 && pc[i].font < ch->n ? pc[i].font : 0;
        struct slot *sl = &ch->f[fi];
        if (font_at(t, face, fi, OPEN_PX) == NULL || sl->state != 1 || slot_bytes(t, sl) != 0) {
            sl = &ch->f[0]; /* font_at drew with the first font */
            if (slot_bytes(t, sl) != 0) {
                rc = -1;
                break;
            }
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
        if (!sl->hb) {
            hb_blob_t *blob = hb_blob_create((const char *)sl->bytes, (unsigned)sl->len,
                                             HB_MEMORY_MODE_READONLY, NULL, NULL);
            hb_face_t *hf = hb_face_create(blob, (unsigned)sl->index);
            sl->hb = hb_font_create(hf);
            hb_face_destroy(hf);
            hb_blob_destroy(blob);
        }
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

/* Characters that draw nothing and need no glyph: spaces, joiners, marks
 * of direction, variation selectors, the soft hyphen. */
static int invisible(uint32_t cp)
{
    return cp < 0x21 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD || cp == 0x061C ||
           (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0x2000 && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 ||
           (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF || (cp >= 0xE0100 && cp <= 0xE01EF);
}

int text_missing(struct text *t, enum font_face face, const char *s, size_t n, uint32_t *cp_out)
{
    face = clamp_face(face);
    for (size_t i = 0; i < n;) {
        uint32_t cp = typeset_decode(s, n, &i);
        if (invisible(cp))
            continue;
        int f = font_for(t, face, cp);
        struct slot *sl = &t->chain[face].f[f];
        if (sl->state != 1 || !TTF_GlyphIsProvided32(sl->font, cp)) {
            if (cp_out)
                *cp_out = cp;
            return 1;
        }
    }
    return 0;
}

int text_own_font_lacks(struct text *t, enum font_face face, const char *s, size_t n,
                        uint32_t *cp_out)
{
    const struct slot *own = &t->chain[clamp_face(face)].f[0];
    if (!own->own || own->state != 1)
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
    return t->chain[clamp_face(face)].f[0].path;
}
