/* text.c - fonts through fontconfig, metrics and rasterising through SDL_ttf.
 *
 * LIMITATIONS: one TTF_Font per face, resized per call with TTF_SetFontSize,
 * which flushes SDL_ttf's glyph cache; callers that alternate sizes on one
 * face pay for re-rasterising glyphs. Sizes are pixels per em (SDL_ttf's
 * points at 72 dpi). Not thread safe. Shaping is whatever SDL_ttf was built
 * with (HarfBuzz on Debian); no font fallback per glyph: a character the
 * face lacks is drawn as the face's missing-glyph box.
 * DEPENDENCIES: SDL2_ttf >= 2.0.18 (TTF_SetFontSize), fontconfig, the font
 * shipped in assets/fonts (DejaVu Sans) as the last resort. Works without
 * SDL video: nothing here needs SDL_Init. */
#include "text.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "log.h"

#ifndef VITRINE_ASSETS_DIR
#define VITRINE_ASSETS_DIR "assets"
#endif

#define TAG "text"
#define FALLBACK_FONT "fonts/DejaVuSans.ttf"
/* Size the faces are opened at; every call sets its own size. */
#define OPEN_PX 32
#define MAX_PX 2000
#define PATH_LEN 1024

struct text {
    TTF_Font *font[FACE_COUNT];
    int cur_px[FACE_COUNT];
    char path[FACE_COUNT][PATH_LEN];
    struct text_measurer m;
};

/* The families asked for, best first; "sans-serif" and "serif" are generic
 * names and accept whatever fontconfig picks for them. */
static const char *const sans_families[] = {"Noto Sans", "DejaVu Sans", "Liberation Sans",
                                            "sans-serif", NULL};
static const char *const serif_families[] = {"Noto Serif", "DejaVu Serif", "serif", NULL};

static const char *const face_names[FACE_COUNT] = {"sans", "sans bold", "serif"};

/* TTF_Init and FcInit are process wide; several text objects may be open
 * (the display's and the bundle builder's). */
static int lib_refs;

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
        FcFini();
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

static TTF_Font *open_font(const char *path, int index)
{
    TTF_Font *f = TTF_OpenFontIndex(path, OPEN_PX, index);
    if (!f)
        return NULL;
    TTF_SetFontKerning(f, 1);
    /* Light hinting keeps large display type true to its outlines. */
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    return f;
}

static int open_face(struct text *t, enum font_face face, const char *assets_dir)
{
    const char *const *fams = face == FACE_SERIF ? serif_families : sans_families;
    int bold = face == FACE_SANS_BOLD;
    char path[PATH_LEN];

    for (int i = 0; fams[i]; i++) {
        int index = 0, is_bold = 0;
        if (fc_find(fams[i], bold, path, sizeof(path), &index, &is_bold) != 0) {
            log_warn(TAG, "face %s: family \"%s\" not installed, trying the next", face_names[face],
                     fams[i]);
            continue;
        }
        TTF_Font *f = open_font(path, index);
        if (!f) {
            log_warn(TAG, "face %s: cannot open %s: %s", face_names[face], path, SDL_GetError());
            continue;
        }
        if (bold && !is_bold) {
            TTF_SetFontStyle(f, TTF_STYLE_BOLD);
            log_warn(TAG, "face %s: no bold file for \"%s\", emboldening %s", face_names[face],
                     fams[i], path);
        }
        t->font[face] = f;
        snprintf(t->path[face], PATH_LEN, "%s", path);
        log_debug(TAG, "face %s: %s (family \"%s\")", face_names[face], path, fams[i]);
        return 0;
    }

    const char *dir = assets_dir ? assets_dir : VITRINE_ASSETS_DIR;
    snprintf(path, sizeof(path), "%s/%s", dir, FALLBACK_FONT);
    TTF_Font *f = open_font(path, 0);
    if (!f) {
        log_warn(TAG, "face %s: shipped font %s: %s", face_names[face], path, SDL_GetError());
        return -1;
    }
    if (bold)
        TTF_SetFontStyle(f, TTF_STYLE_BOLD);
    t->font[face] = f;
    snprintf(t->path[face], PATH_LEN, "%s", path);
    log_warn(TAG, "face %s: falling back to the shipped font %s", face_names[face], path);
    return 0;
}

static enum font_face clamp_face(enum font_face face)
{
    return (unsigned)face < FACE_COUNT ? face : FACE_SANS;
}

/* The face's font at size px, or NULL. */
static TTF_Font *font_at(struct text *t, enum font_face face, int px)
{
    face = clamp_face(face);
    if (px < 1)
        px = 1;
    if (px > MAX_PX)
        px = MAX_PX;
    TTF_Font *f = t->font[face];
    if (t->cur_px[face] != px) {
        if (TTF_SetFontSize(f, px) != 0)
            return NULL;
        t->cur_px[face] = px;
    }
    return f;
}

/* Strings shorter than this are NUL-terminated on the stack, longer on the heap. */
#define SHORT_TEXT 256

static int measure_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    struct text *t = ctx;
    if (!s || n == 0)
        return 0;
    TTF_Font *f = font_at(t, face, px);
    if (!f)
        return 0;
    char stack[SHORT_TEXT];
    char *buf = n < sizeof(stack) ? stack : malloc(n + 1);
    if (!buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    int w = 0, h = 0;
    if (TTF_SizeUTF8(f, buf, &w, &h) != 0)
        w = 0;
    if (buf != stack)
        free(buf);
    return w;
}

static int measure_line_height(void *ctx, enum font_face face, int px)
{
    struct text *t = ctx;
    TTF_Font *f = font_at(t, face, px);
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
    for (int i = 0; i < FACE_COUNT; i++) {
        if (open_face(t, (enum font_face)i, assets_dir) != 0) {
            snprintf(why, why_len, "no font for face %s (not even the shipped %s)", face_names[i],
                     FALLBACK_FONT);
            text_close(t);
            return NULL;
        }
        t->cur_px[i] = OPEN_PX;
    }
    t->m.ctx = t;
    t->m.width = measure_width;
    t->m.line_height = measure_line_height;
    return t;
}

void text_close(struct text *t)
{
    if (!t)
        return;
    for (int i = 0; i < FACE_COUNT; i++)
        if (t->font[i])
            TTF_CloseFont(t->font[i]);
    free(t);
    libs_release();
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

SDL_Surface *text_render(struct text *t, enum font_face face, int px, uint32_t rgb, const char *s,
                         size_t n)
{
    if (!t || !s || n == 0)
        return NULL;
    render_count++;
    TTF_Font *f = font_at(t, face, px);
    if (!f)
        return NULL;
    char stack[SHORT_TEXT];
    char *buf = n < sizeof(stack) ? stack : malloc(n + 1);
    if (!buf)
        return NULL;
    memcpy(buf, s, n);
    buf[n] = '\0';
    SDL_Color c = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
    SDL_Surface *surf = TTF_RenderUTF8_Blended(f, buf, c);
    if (buf != stack)
        free(buf);
    if (!surf)
        return NULL;
    if (surf->format->format != SDL_PIXELFORMAT_ARGB8888) {
        SDL_Surface *conv = SDL_ConvertSurfaceFormat(surf, SDL_PIXELFORMAT_ARGB8888, 0);
        SDL_FreeSurface(surf);
        surf = conv;
    }
    return surf;
}

const char *text_face_path(const struct text *t, enum font_face face)
{
    return t->path[clamp_face(face)];
}
