/* fuzz_typeset.c - libFuzzer harness for the whole text path short of the
 * fonts: line breaking (app/visitor/breaks.c over ICU), fallback runs,
 * wrapping, fitting, the ellipsis and the one-line setting, as every
 * heading, body, card, button and chapter page of the kiosk goes through
 * them (app/visitor/typeset.c).
 *
 * The input: byte 0 picks the language (none, en, fr, de, ko, ja, zh, th)
 * and the flags (whole words, paragraphs); bytes 1-3 the box width, the
 * number of lines and the design size; the rest is the text, any bytes.
 * English, French and German words too long for the box are hyphenated
 * where the system's dictionaries are installed: the words of the text are
 * learnt into a table with them, as `bundle build` does (content/hyphenation.h),
 * and set with it, so that path runs too; a table that holds the raw bytes
 * is also asked about them.
 * The measurer is a fake chain of three fonts (Latin, CJK and Hangul,
 * pictographs) whose widths depend on the characters, with marks of no
 * width, so runs, fallback and fitting all have work to do; fuzz_text.c
 * drives the same path with the real fonts, shaping and rasterising.
 *
 * Whatever the bytes, the engine keeps its promises: every line is a span
 * of the text that starts and ends between clusters (a flag, a family
 * emoji or an accented letter is never cut; the spaces that hang undrawn at
 * a line's end may be the tail of one, as UAX #29 joins a Prepend such as
 * U+0600 to the space after it), in order, with only spaces
 * between; its width is what the measurer says; no line is wider than the
 * box unless a single cluster is; a fit that succeeds fits; an ellipsized
 * line fits; a line that ends with a hyphen ends at a soft hyphen, or
 * inside a word at a point the dictionary gave, the word going on at the
 * start of the next line; the line and its hyphen fit. A crash, a sanitizer report or a broken
 * promise is a bug.
 * Built with replay_main.c it replays the seed corpus. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/visitor/breaks.h"
#include "content/hyphenation.h"
#include "app/visitor/typeset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 1024 /* longer adds time, not paths */

static int fake_font_for(void *ctx, enum font_face face, uint32_t cp)
{
    (void)ctx;
    (void)face;
    if (cp >= 0x2E80 && cp <= 0xD7FF)
        return 1;
    if (cp >= 0x1F000)
        return 2;
    return 0;
}

static int cp_width(int font, uint32_t cp, int px)
{
    if (breaks_extends(cp))
        return 0;
    if (font == 1)
        return px;
    if (font == 2)
        return px + px / 4;
    return px / 4 + (int)(cp % 5) * px / 10;
}

static int fake_run_width(void *ctx, enum font_face face, int font, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    int w = 0;
    for (size_t i = 0; i < n;)
        w += cp_width(font, typeset_decode(s, n, &i), px);
    return w;
}

static const struct text_measurer three_fonts;

static int fake_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    return typeset_width(&three_fonts, face, px, s, n);
}

static int fake_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px + px / 4;
}

static const struct text_measurer three_fonts = {NULL,          fake_width,     fake_line_height,
                                                 fake_font_for, fake_run_width, NULL};

static const char *const langs[8] = {NULL, "en", "fr", "de", "ko", "ja", "zh", "th"};

/* The dictionary of langs[i], read once; NULL where there is none. */
static const struct hyphen_dict *dict_of(int i)
{
    static struct hyphen_dict *dicts[8];
    static int tried[8];
    char path[512], why[256];
    if (!tried[i] && langs[i] && hyphen_dict_find(langs[i], path, sizeof path) == 0)
        dicts[i] = hyphen_dict_load(path, why, sizeof why);
    tried[i] = 1;
    return dicts[i];
}

/* The cluster boundaries of the text being set: bound[k] is 1 when byte
 * offset k is one (found once per input: checking each line by a walk from
 * the start would be quadratic). */
static unsigned char bound[MAX_TEXT + 1];

static void find_bounds(const char *s, size_t n)
{
    memset(bound, 0, n + 1);
    for (size_t i = 0; i < n; i = breaks_cluster_end(s, n, i))
        bound[i] = 1;
    bound[n] = 1;
}

static int boundary(const char *s, size_t n, size_t off)
{
    (void)s;
    return off <= n && bound[off];
}

/* A line's end: a boundary, once the spaces that hang there are passed. */
static int line_end(const char *s, size_t n, size_t off)
{
    while (off < n && !bound[off] && s[off] == ' ')
        off++;
    return boundary(s, n, off);
}

/* A line as drawn: its text, and the hyphen after it when it has one. */
static char drawn[MAX_TEXT + TYPESET_HYPHEN_LEN];

static int drawn_width(const struct typeset *t, const struct typeset_line *l)
{
    if (l->len < 0 || (size_t)l->len > MAX_TEXT)
        abort();
    memcpy(drawn, l->s, (size_t)l->len);
    size_t n = (size_t)l->len;
    if (l->hyphen) {
        memcpy(drawn + n, TYPESET_HYPHEN, TYPESET_HYPHEN_LEN);
        n += TYPESET_HYPHEN_LEN;
    }
    return typeset_width(t->m, t->st.face, t->px, drawn, n);
}

/* A line that ends with a hyphen ends at a soft hyphen (returns where
 * the next line may start, after it), or else inside a word, at one of the
 * dictionary's points, and the next line goes on with the word; it fits. */
static const char *check_hyphen(const struct typeset *t, int i, int bw)
{
    const struct typeset_line *l = &t->lines[i];
    const char *e = l->s + l->len;
    if (l->w > bw || l->len == 0 || e >= t->s + t->len)
        abort();
    if (e + 2 <= t->s + t->len && memcmp(e, "\xC2\xAD", 2) == 0)
        return e + 2;
    if (*e == ' ' || *e == '\n')
        abort();
    /* the next line goes on with the word (the last kept line may be an
     * ellipsized copy) */
    if (i + 1 < t->n && t->lines[i + 1].s != e && i + 1 != t->keep - 1)
        abort();
    const char *w = l->s, *we = e; /* the word: from the space before to the one after */
    while (w > t->s && w[-1] != ' ' && w[-1] != '\n')
        w--;
    while (we < t->s + t->len && *we != ' ' && *we != '\n')
        we++;
    static unsigned char pt[MAX_TEXT];
    if (hyphen_points(t->st.hyphens, w, (size_t)(we - w), pt) == 0 || !pt[e - w - 1])
        abort();
    return e;
}

static void check_lines(const struct typeset *t, int bw, int ellipsized)
{
    const char *end = t->s; /* where the last line from the text ended (NULL: unknown) */
    for (int i = 0; i < t->n; i++) {
        const struct typeset_line *l = &t->lines[i];
        if (l->len < 0 || l->w != drawn_width(t, l))
            abort();
        uintptr_t at = (uintptr_t)l->s, lo = (uintptr_t)t->s;
        int copy = !(at >= lo && at + (uintptr_t)l->len <= lo + (uintptr_t)t->len);
        if (copy) { /* the ellipsized line: the last kept one */
            if (!ellipsized || i != t->keep - 1 || l->w > bw)
                abort();
            end = NULL; /* it stands for text up to somewhere in the next line */
            continue;
        }
        size_t off = (size_t)(l->s - t->s);
        if (!boundary(t->s, (size_t)t->len, off) ||
            !line_end(t->s, (size_t)t->len, off + (size_t)l->len))
            abort();
        if (end && l->s < end)
            abort();
        for (const char *p = end; p && p < l->s; p++)
            if (*p != ' ' && *p != '\n')
                abort();
        end = l->s + l->len;
        if (l->w > bw && !t->too_wide)
            abort();
        if (l->hyphen)
            end = check_hyphen(t, i, bw);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4 || size > MAX_TEXT + 4)
        return 0;
    struct typeset_style st = {FACE_SANS, 0.2, 0.5, (data[0] >> 3) & 1, langs[data[0] & 7], NULL};
    unsigned flags = data[0] & 0x10 ? TYPESET_WHOLE_WORDS : 0;
    int bw = 8 + data[1] * 4, lines = data[2] % 12, design = 8 + data[3] % 90;
    int bh = (1 + data[2] % 16) * (design + design / 4);
    size_t n = size - 4;
    char *text = malloc(n + 1);
    if (!text)
        return 0;
    memcpy(text, data + 4, n);
    text[n] = 0;

    /* breaks alone, on the raw bytes (NULs and all) */
    char *brks = malloc(n + 1);
    if (brks && n > 0) {
        breaks_find((const char *)data + 4, n, st.lang, brks);
        if (brks[n - 1] != BREAKS_MUST)
            abort();
        for (size_t i = 0; i < n;) { /* never a break inside a cluster */
            size_t e = breaks_cluster_end((const char *)data + 4, n, i);
            if (e <= i || e > n)
                abort();
            for (size_t k = i; k + 1 < e; k++)
                if (brks[k] == BREAKS_ALLOW || brks[k] == BREAKS_MUST)
                    abort();
            i = e;
        }
    }
    free(brks);

    /* the text's words, hyphenated as the build would */
    const struct hyphen_dict *d = dict_of(data[0] & 7);
    struct hyphen_table *table = d ? hyphen_table_new() : NULL;
    if (table)
        hyphen_table_learn(table, d, text);
    st.hyphens = table;

    /* hyphenation points, of the raw bytes: between clusters, inside */
    unsigned char *pt = malloc(n + 1);
    if (pt && n > 0 && hyphen_points(table, (const char *)data + 4, n, pt) > 0) {
        find_bounds((const char *)data + 4, n);
        for (size_t k = 0; k < n; k++)
            if (pt[k] && (k + 1 >= n || k < 1 || !bound[k + 1]))
                abort();
    }
    free(pt);

    struct arena a;
    arena_init(&a, 1 << 16);
    struct typeset t;
    if (typeset_prepare(&t, &three_fonts, &a, text, &st) == 0) {
        find_bounds(t.s, (size_t)t.len);
        int fits = typeset_fit(&t, design, design / 2, bw, bh, lines, flags);
        check_lines(&t, bw, 0);
        if (fits && (t.keep != t.n || t.height > bh || (lines && t.n > lines)))
            abort();
        if (fits && (flags & TYPESET_WHOLE_WORDS) && t.broken)
            abort();
        if (fits) { /* moving breaks keeps every promise, and the line count */
            int lines_before = t.n, h = t.height, broken = t.broken;
            typeset_balance(&t, bw);
            check_lines(&t, bw, 0);
            if (t.n != lines_before || t.keep != lines_before || t.height != h ||
                t.broken != broken)
                abort();
        }
        if (!fits) {
            typeset_ellipsize(&t, bw);
            check_lines(&t, bw, 1);
        }
        typeset_one_line(&t, design, bw);
        if (t.keep == 1 && t.lines[0].w > bw && !t.cut)
            abort();
        if (t.keep == 1 && t.cut && t.lines[0].w > bw)
            abort();
        size_t k = typeset_prefix(&three_fonts, FACE_SANS, design, t.s, (size_t)t.len, bw);
        if (k > (size_t)t.len || !boundary(t.s, (size_t)t.len, k) ||
            typeset_width(&three_fonts, FACE_SANS, design, t.s, k) > bw)
            abort();
        if (t.oom)
            abort();
    }
    arena_free(&a);
    hyphen_table_free(table);
    free(text);
    return 0;
}
