/* content_check.c - see content_check.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <sodium.h>
#include <unicode/uscript.h>

#include "content_check.h"
#include "typeset.h"
#include "mode.h"
#include "photo.h"
#include "text.h"
#include "image.h"
#include "video.h"

/* A photo that decoded within the limits: its bytes' BLAKE2b-256 and the
 * size it was decoded to. */
struct photo_ok {
    unsigned char digest[32];
    int ow, oh;
    int used;
};

#define CHECK_LACKS_MAX 12

struct content_check {
    struct text *t;
    int owns_text;
    const struct text_measurer *m;
    struct arena arena;
    /* photos already decoded, open addressing (a panel's photo comes once per
     * language, and an exhibit may show one file under several names) */
    struct photo_ok *photos;
    size_t n_photos, cap_photos;
    int can_hash; /* sodium_init succeeded */
    /* characters the exhibit's own fonts lack (fallback fonts draw them),
     * the first few of each face, for content_check_font_report */
    uint32_t lacks[FACE_COUNT][CHECK_LACKS_MAX];
    const char *glyph_field; /* the field of the last glyph_check that failed */
    int n_lacks[FACE_COUNT];
    long lacks_more[FACE_COUNT];
    int font_failed[FACE_COUNT]; /* an exhibit's font dropped, reported (glyph_check) */
    content_check_step_fn step;  /* content_check_on_step */
    void *step_ctx;
};

void content_check_on_step(struct content_check *c, content_check_step_fn step, void *ctx)
{
    c->step = step;
    c->step_ctx = ctx;
}

struct content_check *content_check_new(char *why, size_t why_len)
{
    struct content_check *c = calloc(1, sizeof(*c));
    if (!c) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    struct text *t = text_open(NULL, why, why_len);
    if (!t) {
        free(c);
        return NULL;
    }
    free(c);
    c = content_check_borrow(t, why, why_len);
    if (!c) {
        text_close(t);
        return NULL;
    }
    c->owns_text = 1;
    return c;
}

struct content_check *content_check_borrow(struct text *t, char *why, size_t why_len)
{
    struct content_check *c = calloc(1, sizeof(*c));
    if (!c) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    c->t = t;
    c->m = text_measurer(t);
    /* a check lays out every panel, at nine sizes in a build: the same
     * words and lines again and again */
    text_cache_widths(t, 65536);
    c->can_hash = sodium_init() >= 0;
    arena_init(&c->arena, 64 * 1024);
    return c;
}

void content_check_free(struct content_check *c)
{
    if (!c)
        return;
    arena_free(&c->arena);
    free(c->photos);
    if (c->owns_text)
        text_close(c->t);
    free(c);
}

/* Remember the characters of s the exhibit's own font for face lacks. */
static void note_lacks(struct content_check *c, enum font_face face, const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t from = i;
        uint32_t cp;
        typeset_decode(s, n, &i);
        if (!text_own_font_lacks(c->t, face, s + from, i - from, &cp))
            continue;
        int k = 0;
        while (k < c->n_lacks[face] && c->lacks[face][k] != cp)
            k++;
        if (k < c->n_lacks[face])
            continue;
        if (k < CHECK_LACKS_MAX)
            c->lacks[face][c->n_lacks[face]++] = cp;
        else
            c->lacks_more[face]++;
    }
}

/* A message snprintf cut at len bytes: it ends in "..." at a character's
 * edge (not inside a UTF-8 sequence), so staff see that it goes on. */
static void mark_cut(char *s, size_t len)
{
    if (len < 4)
        return;
    size_t at = len - 4;
    while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
        at--;
    memcpy(s + at, "...", 4);
}

/* "U+1F468 U+200D U+1F469": the code points of s[0..n), into buf. */
static void code_points(const char *s, size_t n, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < len;) {
        uint32_t cp = typeset_decode(s, n, &i);
        used += (size_t)snprintf(buf + used, len - used, "%sU+%04X", used ? " " : "", (unsigned)cp);
    }
}

/* "the Nag Mundari script" for a character of a script with a name,
 * "the character's script" where Unicode gives it none (a private-use
 * character, an unassigned one, a symbol shared by scripts). */
static const char *script_words(uint32_t cp, char *buf, size_t cap)
{
    UErrorCode e = U_ZERO_ERROR;
    UScriptCode sc = uscript_getScript((UChar32)cp, &e);
    const char *name = U_SUCCESS(e) ? uscript_getName(sc) : NULL;
    if (!name || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED || sc == USCRIPT_UNKNOWN)
        return "the character's script";
    snprintf(buf, cap, "the %s script", name);
    for (char *p = buf; *p; p++)
        if (*p == '_') /* ICU's long names join words with '_' ("Nag_Mundari") */
            *p = ' ';
    return buf;
}

/* A character of a field that no installed font draws would show as a box,
 * and an emoji sequence no font has a picture for would show as its parts:
 * name the field and the characters, as the kiosk would draw them (the
 * same fonts, clusters and shaping). 0, or -2 with why. */
static int glyph_check(struct content_check *c, const char *field, enum font_face face,
                       const char *s, char *why, size_t why_len)
{
    struct text *t = c->t;
    uint32_t cp = 0;
    size_t n = s ? strlen(s) : 0, off = 0, len = 0;
    if (!s)
        return 0;
    note_lacks(c, face, s);
    c->glyph_field = field;
    int missing = text_missing(t, face, s, n, &cp);
    if (missing == 1) {
        char script[80];
        snprintf(why, why_len,
                 "%s: the character U+%04X is in no installed font and would show as a box; "
                 "remove it or install a font that has it (a font for %s: Debian's fonts-noto-* "
                 "packages cover most scripts; `fc-list :charset=%x` lists the fonts that have "
                 "it)",
                 field, (unsigned)cp, script_words(cp, script, sizeof script), (unsigned)cp);
        return -2;
    }
    if (missing == 2) {
        snprintf(why, why_len,
                 "%s: the character U+%04X is in no installed font together with the character "
                 "it belongs to, and would show as a box; rewrite it or install a font that has "
                 "both",
                 field, (unsigned)cp);
        return -2;
    }
    if (text_emoji_apart(t, face, s, n, &off, &len)) {
        char seq[160];
        code_points(s + off, len, seq, sizeof seq);
        if (snprintf(why, why_len,
                     "%s: the emoji sequence %s cannot be drawn as one picture on this kiosk "
                     "(no installed font has a picture for it: it would show as its parts); "
                     "write it another way, or install a colour emoji font that has it "
                     "(fonts-noto-color-emoji)",
                     field, seq) >= (int)why_len)
            mark_cut(why, why_len);
        return -2;
    }
    if (text_shaped_missing(t, face, s, n, &cp)) {
        snprintf(why, why_len,
                 "%s: the text around U+%04X is shaped into a glyph its font does not have and "
                 "would show a box; rewrite it or install a font that has it",
                 field, (unsigned)cp);
        return -2;
    }
    /* every character drawn in the exhibit's own font was rasterised with
     * it just now (text_own_font_failed): a damaged one is refused, once */
    char fwhy[512];
    if ((unsigned)face < FACE_COUNT && !c->font_failed[face] &&
        text_own_font_failed(t, face, fwhy, sizeof fwhy)) {
        c->font_failed[face] = 1;
        if (snprintf(why, why_len, "%s: %s: replace the font", field, fwhy) >= (int)why_len)
            mark_cut(why, why_len);
        return -2;
    }
    return 0;
}

/* Every visible text of the panel in the face it is set in. */
static int glyphs_check(struct content_check *c, const struct panel *p, char *why, size_t why_len)
{
    const struct {
        const char *field, *text;
        enum font_face face;
    } fields[] = {
        {"chapter", p->chapter, FACE_SANS_BOLD},
        {"heading", p->heading, FACE_SANS_BOLD},
        {"body", p->body, FACE_SANS},
        {"note", p->note, FACE_SANS},
        {"figure.label", p->figure.label, FACE_SANS},
        {"figure.prefix", p->figure.prefix, FACE_SANS_BOLD},
        {"figure.suffix", p->figure.suffix, FACE_SANS_BOLD},
        {"figure.part_of.label", p->figure.part_of_label, FACE_SANS},
        {"quote.text", p->quote.text, FACE_SERIF},
        {"quote.translation", p->quote.translation, FACE_SERIF},
        {"quote.speaker", p->quote.speaker, FACE_SANS_BOLD},
        {"quote.role", p->quote.role, FACE_SANS},
        {"quote.context", p->quote.context, FACE_SANS},
        {"image.alt", p->image.alt, FACE_SANS},
    };
    for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
        if (glyph_check(c, fields[i].field, fields[i].face, fields[i].text, why, why_len) != 0)
            return -2;
    for (int i = 0; i < p->n_events && p->events; i++)
        if (glyph_check(c, "events.label", FACE_SANS, p->events[i].label, why, why_len) != 0 ||
            glyph_check(c, "events.when", FACE_SANS_BOLD, p->events[i].when, why, why_len) != 0)
            return -2;
    for (int i = 0; i < p->n_also; i++)
        if (glyph_check(c, "heading", FACE_SANS_BOLD, p->also[i], why, why_len) != 0)
            return -2;
    for (int i = 0; i < p->n_values && p->values; i++)
        if (glyph_check(c, "values.label", FACE_SANS, p->values[i].label, why, why_len) != 0)
            return -2;
    for (int i = 0; i < p->video.n_captions && p->video.captions; i++)
        if (glyph_check(c, "video.captions", FACE_SANS, p->video.captions[i].text, why, why_len) !=
            0)
            return -2;
    for (int i = 0; i < p->n_cites && p->cites; i++)
        if (glyph_check(c, "sources", FACE_SANS, p->cites[i].cite, why, why_len) != 0 ||
            glyph_check(c, "sources", FACE_SANS, p->cites[i].description, why, why_len) != 0)
            return -2;
    return 0;
}

static struct photo_ok *photo_slot(struct photo_ok *v, size_t cap, const unsigned char *digest,
                                   int ow, int oh)
{
    size_t i;
    memcpy(&i, digest, sizeof(i));
    for (i %= cap;; i = (i + 1) % cap)
        if (!v[i].used || (v[i].ow == ow && v[i].oh == oh && memcmp(v[i].digest, digest, 32) == 0))
            return &v[i];
}

/* Was this photo already decoded at ow x oh? When not, and remember is
 * set, remember it (nothing happens when memory runs out: it is decoded
 * again next time). */
static int photo_seen(struct content_check *c, const unsigned char *digest, int ow, int oh,
                      int remember)
{
    if (c->photos && photo_slot(c->photos, c->cap_photos, digest, ow, oh)->used)
        return 1;
    if (!remember)
        return 0;
    if ((c->n_photos + 1) * 2 > c->cap_photos) {
        size_t cap = c->cap_photos ? c->cap_photos * 2 : 256;
        struct photo_ok *v = calloc(cap, sizeof(*v));
        if (!v)
            return 0;
        for (size_t i = 0; i < c->cap_photos; i++)
            if (c->photos[i].used)
                *photo_slot(v, cap, c->photos[i].digest, c->photos[i].ow, c->photos[i].oh) =
                    c->photos[i];
        free(c->photos);
        c->photos = v;
        c->cap_photos = cap;
    }
    struct photo_ok *e = photo_slot(c->photos, c->cap_photos, digest, ow, oh);
    memcpy(e->digest, digest, 32);
    e->ow = ow;
    e->oh = oh;
    e->used = 1;
    c->n_photos++;
    return 0;
}

/* The photo decoded as it would be shown full screen: the header within
 * the limits, then every row (a damaged file or a decompression bomb fails
 * here, not in front of visitors). The same bytes decode the same way, so
 * a photo already decoded at this size is not decoded again. One rule for
 * every picture: a photo, a video's poster and the logo (on the title
 * panel, as store_panel_load gives it and the build's fit check sees it)
 * all pass this check, each named as what it is. */
static int photo_check(struct content_check *c, const struct panel *p,
                       const struct layout_screen *screen, char *why, size_t why_len)
{
    if ((p->kind != PANEL_IMAGE && p->kind != PANEL_VIDEO && p->kind != PANEL_TITLE) ||
        !p->image.data)
        return 0;
    struct photo_info info;
    char pwhy[256];
    const char *name = p->image.name ? p->image.name : "";
    const char *what = p->kind == PANEL_TITLE   ? "logo"
                       : p->kind == PANEL_VIDEO ? "poster"
                                                : "photo";
    if (photo_probe(p->image.data, p->image.size, &info, pwhy, sizeof(pwhy)) != 0) {
        snprintf(why, why_len, "%s%s%s%s %s", what, name[0] ? " \"" : "", name, name[0] ? "\"" : "",
                 pwhy);
        return -2;
    }
    /* every byte is decoded at any size; a small one lets libjpeg skip
     * most of the inverse DCT (1/8 scale), so checking costs a fraction
     * of showing */
    int dw, dh, ow, oh;
    photo_fit(info.w, info.h, screen->w / 4, screen->h / 4, &dw, &dh, &ow, &oh);
    unsigned char digest[32];
    int hashed = c->can_hash && crypto_generichash(digest, sizeof(digest), p->image.data,
                                                   p->image.size, NULL, 0) == 0;
    if (hashed && photo_seen(c, digest, ow, oh, 0))
        return 0;
    SDL_Surface *s =
        photo_decode(p->image.data, p->image.size, ow, oh, 0, NULL, NULL, pwhy, sizeof(pwhy));
    if (!s) {
        snprintf(why, why_len, "%s%s%s%s %s", what, name[0] ? " \"" : "", name, name[0] ? "\"" : "",
                 pwhy);
        return -2;
    }
    SDL_FreeSurface(s);
    if (hashed)
        photo_seen(c, digest, ow, oh, 1);
    return 0;
}

/* " at 800x480, 1024x768 and 1080x1920": the sizes in mask, into buf. */
static void sizes_text(const struct layout_screen *sizes, int n, const unsigned char *mask,
                       char *buf, size_t len)
{
    int total = 0, k = 0;
    for (int i = 0; i < n; i++)
        total += mask[i];
    size_t used = (size_t)snprintf(buf, len, " at");
    for (int i = 0; i < n && used < len; i++) {
        if (!mask[i])
            continue;
        const char *sep = k == 0 ? " " : k == total - 1 ? " and " : ", ";
        used += (size_t)snprintf(buf + used, len - used, "%s%dx%d", sep, sizes[i].w, sizes[i].h);
        k++;
    }
}

/* A video panel's captions, each over the picture as the kiosk lays it out
 * at every size: the first that does not fit in its three lines, named by
 * its time, with every size where it does not. */
static int captions_check(struct content_check *c, const struct panel *p,
                          const struct layout_screen *sizes, int n, char *why, size_t why_len)
{
    if (p->kind != PANEL_VIDEO || !p->video.captions)
        return 0;
    unsigned char fails[32] = {0};
    int cue = -1;
    for (int i = 0; i < n && i < (int)sizeof fails; i++) {
        struct draw_list list = {0};
        arena_reset(&c->arena);
        if (layout_panel(p, &sizes[i], c->m, &c->arena, &list) != 0)
            continue; /* said by the panel's own check */
        struct draw_rect r = {0, 0, 0, 0};
        for (int k = 0; k < list.n; k++)
            if (list.items[k].kind == DRAW_VIDEO)
                r = list.items[k].r;
        for (int k = 0; k < p->video.n_captions; k++) {
            if (cue >= 0 && k != cue)
                continue; /* one caption at a time */
            struct draw_list cap = {0};
            layout_caption(&sizes[i], r, p->video.captions[k].text, p->locale, 0, c->m, &c->arena,
                           &cap);
            if (cap.overflow) {
                cue = k;
                fails[i] = 1;
                break;
            }
        }
    }
    if (cue < 0)
        return 0;
    char where[256];
    sizes_text(sizes, n < (int)sizeof fails ? n : (int)sizeof fails, fails, where, sizeof where);
    int ms = p->video.captions[cue].start_ms;
    snprintf(why, why_len,
             "the caption at %d:%02d.%d of panel '%s' is too long for the picture%s: it needs "
             "more than 3 lines at the smallest text size; shorten it, or split it into two "
             "captions",
             ms / 60000, ms / 1000 % 60, ms % 1000 / 100, p->id ? p->id : "?", where);
    return -1;
}

static int check_panel(struct content_check *c, const struct panel *p,
                       const struct layout_screen *sizes, int n, int photo, char *why,
                       size_t why_len, const char **field)
{
    if (field)
        *field = NULL;
    if (glyphs_check(c, p, why, why_len) != 0) {
        if (field)
            *field = c->glyph_field;
        return -2;
    }
    /* The first box that does not fit, at every size where it does not:
     * one message naming them all, with the numbers of the worst. */
    unsigned char fails[32] = {0};
    int first = -1, worst = -1, worst_short = 0;
    const char *first_field = NULL;
    char first_problem[sizeof((struct draw_list *)0)->problem] = "";
    for (int i = 0; i < n; i++) {
        struct draw_list list = {0};
        arena_reset(&c->arena);
        if (layout_panel(p, &sizes[i], c->m, &c->arena, &list) == 0)
            continue;
        if (!list.overflow) {
            snprintf(why, why_len, "at %dx%d: the layout failed (out of memory?)", sizes[i].w,
                     sizes[i].h);
            return -1;
        }
        if (first < 0) {
            first = i;
            first_field = list.problem_field;
        } else if ((first_field == NULL) != (list.problem_field == NULL) ||
                   (first_field && strcmp(first_field, list.problem_field) != 0)) {
            continue; /* another box: said once this one is fixed */
        }
        if (i < (int)sizeof fails)
            fails[i] = 1;
        if (worst < 0 || list.problem_short > worst_short) {
            worst = i;
            worst_short = list.problem_short;
            snprintf(first_problem, sizeof first_problem, "%s", list.problem);
            if (list.problem_at > 0 && list.problem_at < (int)sizeof first_problem)
                first_problem[list.problem_at] = '\0'; /* WHAT, then the rest below */
            else
                first_problem[0] = '\0';
            /* the rest: ": DETAIL; FIX" */
            size_t at = (size_t)(list.problem_at > 0 ? list.problem_at : 0);
            snprintf(why, why_len, "%s", list.problem + at);
        }
    }
    if (first >= 0) {
        char rest[sizeof first_problem], where[256];
        snprintf(rest, sizeof rest, "%.*s", (int)sizeof rest - 1, why);
        sizes_text(sizes, n < (int)sizeof fails ? n : (int)sizeof fails, fails, where,
                   sizeof where);
        int several = 0;
        for (int i = 0; i < (int)sizeof fails; i++)
            several += fails[i];
        /* the numbers are the worst size's: say which when there are several */
        const char *semi = strchr(rest, ';');
        int len = several > 1 && semi
                      ? snprintf(why, why_len, "%s%s%.*s (at %dx%d)%s", first_problem, where,
                                 (int)(semi - rest), rest, sizes[worst].w, sizes[worst].h, semi)
                      : snprintf(why, why_len, "%s%s%s", first_problem, where, rest);
        if (len >= (int)why_len)
            mark_cut(why, why_len);
        if (field)
            *field = first_field;
        return -1;
    }
    if (captions_check(c, p, sizes, n, why, why_len) != 0) {
        if (field)
            *field = "video.captions";
        return -1;
    }
    if (n <= 0 || !photo)
        return 0;
    int rc = photo_check(c, p, &sizes[0], why, why_len);
    if (rc != 0 && field && p->kind == PANEL_TITLE)
        *field = "logo"; /* the build names exhibit.yaml's logo: line */
    return rc;
}

int content_check_panel(struct content_check *c, const struct panel *p,
                        const struct layout_screen *sizes, int n, char *why, size_t why_len,
                        const char **field)
{
    return check_panel(c, p, sizes, n, 1, why, why_len, field);
}

int content_check_font_report(struct content_check *c, char *out, size_t out_len)
{
    static const char *const faces[FACE_COUNT] = {"sans", "bold", "serif"};
    char line[512];
    int lines = 0;
    out[0] = '\0';
    for (int f = 0; f < FACE_COUNT; f++) {
        if (!c->n_lacks[f])
            continue;
        size_t used = (size_t)snprintf(line, sizeof line, "fonts.%s lacks", faces[f]);
        for (int k = 0; k < c->n_lacks[f] && used < sizeof line; k++)
            used += (size_t)snprintf(line + used, sizeof line - used, " U+%04X",
                                     (unsigned)c->lacks[f][k]);
        if (used < sizeof line)
            snprintf(line + used, sizeof line - used,
                     "%s, used by the exhibit: the fallback fonts draw %s",
                     c->lacks_more[f] ? " and more" : "", c->n_lacks[f] > 1 ? "them" : "it");
        size_t have = strlen(out);
        snprintf(out + have, out_len - have, "%s%s", lines ? "\n" : "", line);
        lines++;
    }
    return lines;
}

int content_check_fonts(struct content_check *c, const void *const data[FACE_COUNT],
                        const size_t size[FACE_COUNT], const char *const name[FACE_COUNT],
                        char *why, size_t why_len)
{
    memset(c->n_lacks, 0, sizeof c->n_lacks);
    memset(c->lacks_more, 0, sizeof c->lacks_more);
    memset(c->font_failed, 0, sizeof c->font_failed);
    return text_set_fonts(c->t, data, size, name, why, why_len);
}

int content_check_store_fonts(struct content_check *c, struct store *s, struct arena *a, char *why,
                              size_t why_len)
{
    struct store_font f[STORE_FONT_FACES];
    if (store_fonts(s, a, f, why, why_len) != 0)
        return -1;
    const void *data[FACE_COUNT] = {NULL};
    size_t size[FACE_COUNT] = {0};
    const char *name[FACE_COUNT] = {NULL};
    for (int i = 0; i < FACE_COUNT && i < STORE_FONT_FACES; i++) {
        data[i] = f[i].data;
        size[i] = f[i].size;
        name[i] = f[i].name;
    }
    return content_check_fonts(c, data, size, name, why, why_len);
}

int content_check_store(struct content_check *c, struct store *s, int w, int h, int *checked,
                        char *why, size_t why_len)
{
    struct arena info_arena, panel_arena;
    struct store_info info;
    struct layout_screen screen = mode_layout_screen(w, h, 0);
    int rc = 0, count = 0;
    arena_init(&info_arena, 4096);
    arena_init(&panel_arena, 64 * 1024);
    if (store_info(s, NULL, &info_arena, &info, why, why_len) != 0 ||
        content_check_store_fonts(c, s, &info_arena, why, why_len) != 0) {
        rc = -1;
        goto done;
    }
    for (int l = 0; l < info.n_locales && rc == 0; l++) {
        for (int i = 0; i < info.n_panels && rc == 0; i++) {
            struct panel p;
            char pwhy[512];
            arena_reset(&panel_arena);
            if (store_panel_load(s, i, info.locales[l], &panel_arena, &p, pwhy, sizeof(pwhy)) !=
                0) {
                snprintf(why, why_len, "panel %d (%s): %s", i + 1, info.locales[l], pwhy);
                rc = -1;
            } else if (check_panel(c, &p, &screen, 1, l == 0, pwhy, sizeof(pwhy), NULL) != 0) {
                /* (a photo is the same in every language: decoded once) */
                snprintf(why, why_len, "panel %d \"%s\" (%s): %s", i + 1, p.id ? p.id : "?",
                         info.locales[l], pwhy);
                rc = -1;
            }
            count++;
        }
    }
    /* and every clip decodes here, read from the store as it will play */
    if (rc == 0 && content_check_clips(s, NULL, why, why_len, c->step, c->step_ctx) != 0)
        rc = -1;
done:
    if (checked)
        *checked = count;
    arena_free(&panel_arena);
    arena_free(&info_arena);
    return rc;
}

/* ---- clips ------------------------------------------------------------------ */

/* A poster is at most this size: a still until the first picture comes
 * (a few frames), on every screen. */
#define POSTER_MAX_W 1920
#define POSTER_MAX_H 1080
#define POSTER_QUALITY 88

int content_check_clip(void *ctx, const char *path, long long poster_ms, int want_poster,
                       struct author_clip *out, char *why, size_t why_len)
{
    (void)ctx;
    memset(out, 0, sizeof(*out));
    /* the container its name promises, and its first bytes must be */
    struct video_source src = {path, 0, video_container_of_name(path), 0, 0};
    if (!src.container) {
        snprintf(why, why_len,
                 "its name does not end in .mp4, .webm or .mkv: the kiosk plays MP4, WebM and "
                 "Matroska files; export it again as H.264 in MP4");
        return -1;
    }
    struct video_info info;
    uint32_t *px = NULL;
    int w = 0, h = 0;
    if (video_probe(&src, poster_ms, POSTER_MAX_W, POSTER_MAX_H, &info, want_poster ? &px : NULL,
                    &w, &h, why, why_len) != 0)
        return -1;
    snprintf(out->codec, sizeof(out->codec), "%s", info.codec);
    snprintf(out->container, sizeof(out->container), "%s", info.container);
    out->w = info.width;
    out->h = info.height;
    out->fps = info.fps;
    out->duration_ms = info.duration_ms;
    out->bitrate = info.bitrate;
    out->bytes = info.bytes;
    out->audio = info.has_audio;
    if (!want_poster)
        return 0;
    int rc = image_encode_jpeg(px, w, h, w * 4, POSTER_QUALITY, &out->poster, &out->poster_size,
                               why, why_len);
    free(px);
    return rc;
}

int content_check_clips(struct store *s, int *checked, char *why, size_t why_len,
                        content_check_step_fn step, void *step_ctx)
{
    struct arena a;
    struct store_clip *clips;
    int n = 0, rc = 0, count = 0;
    arena_init(&a, 4096);
    if (store_clips(s, &a, &clips, &n, why, why_len) != 0) {
        rc = -1;
        goto done;
    }
    for (int i = 0; i < n && rc == 0; i++) {
        const struct store_clip *k = &clips[i];
        char vwhy[512] = "";
        struct video_info info;
        unsigned long long dev = 0, ino = 0;
        const char *named = video_container_of_name(k->name);
        /* read from the file this store has open, as what the store says */
        struct video_source src = {store_path(s), k->id, k->container, 0, 0};
        if (step) {
            char what[160];
            snprintf(what, sizeof(what), "Checking video %s (panel %d)", k->name,
                     k->first_panel + 1);
            step(step_ctx, i, n, what);
        }
        if (!src.path) {
            snprintf(vwhy, sizeof(vwhy), "the exhibit is not a file its clips can be read from");
            rc = -1;
        } else if (!named || !k->container || strcmp(named, k->container) != 0) {
            snprintf(vwhy, sizeof(vwhy),
                     "is not what its name says: the exhibit says it is %s, and the kiosk plays "
                     "MP4 (.mp4), WebM (.webm) and Matroska (.mkv) files",
                     k->container ? k->container : "of no container");
            rc = -1;
        } else if (store_file_id(s, &dev, &ino) != 0) {
            snprintf(vwhy, sizeof(vwhy), "cannot be read: the exhibit's file was replaced");
            rc = -1;
        } else {
            src.dev = dev;
            src.ino = ino;
            if (video_probe(&src, -1, 0, 0, &info, NULL, NULL, NULL, vwhy, sizeof(vwhy)) != 0) {
                rc = -1;
            } else if (strcmp(info.codec, k->codec) != 0 ||
                       strcmp(info.container, k->container) != 0 || info.width != k->w ||
                       info.height != k->h || info.bytes != k->bytes ||
                       llabs((long long)info.duration_ms - k->duration_ms) > 1000) {
                snprintf(vwhy, sizeof(vwhy),
                         "is %s in %s %dx%d, %lld ms, %lld bytes, where the exhibit says %s in %s "
                         "%dx%d, %lld ms, %lld bytes",
                         info.codec, info.container, info.width, info.height,
                         (long long)info.duration_ms, (long long)info.bytes, k->codec, k->container,
                         k->w, k->h, k->duration_ms, k->bytes);
                rc = -1;
            }
        }
        if (rc != 0)
            snprintf(why, why_len, "video %s (panel %d) %s", k->name, k->first_panel + 1, vwhy);
        count++;
    }
done:
    if (checked)
        *checked = count;
    arena_free(&a);
    return rc;
}
