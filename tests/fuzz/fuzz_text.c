/* fuzz_text.c - libFuzzer harness for the whole text path with the real
 * fonts: what fuzz_typeset.c drives with a fake measurer (breaking,
 * fallback runs, wrapping, fitting, the ellipsis, the one-line setting),
 * here measured by SDL_ttf through the fontconfig fallback chain the kiosk
 * uses (platform/text.c), and then every line shaped and rasterised as the
 * kiosk draws it, and checked for characters no font has.
 *
 * The input is fuzz_typeset's: byte 0 picks the language (none, en, fr,
 * de, ko, ja, zh, th), bold and whole words, bit 5-6 the face; bytes 1-3
 * the box width, the number of lines and the design size; the rest is the
 * text, any bytes, at most 256 of them (rasterising is the slow part).
 *
 * Promises checked: every kept line is measured as the fonts say and fits
 * the box unless a single cluster is wider; a fit that succeeds fits; the
 * ellipsized line fits; a rasterised line is no wider than its measure
 * plus the overhang of one glyph. A crash, a sanitizer report or a broken
 * promise is a bug. Built with replay_main.c it replays fuzz_typeset's
 * seed corpus (tests/fuzz/corpus/typeset: the same format). */
#include <SDL.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/visitor/typeset.h"
#include "platform/text.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 256

static struct text *fonts;

static void close_fonts(void)
{
    text_close(fonts);
    fonts = NULL;
}

static struct text *open_fonts(void)
{
    if (!fonts) {
        char why[256];
        fonts = text_open(VITRINE_FUZZ_SOURCE_DIR "/assets", why, sizeof(why));
        if (!fonts)
            abort();         /* the shipped font at least must open */
        atexit(close_fonts); /* fontconfig's own memory goes with FcFini */
    }
    return fonts;
}

/* The fonts open once, before the first input. fontconfig still parses
 * more of its configuration at the first fallback lookup, inside an input,
 * and holds a little of it where LeakSanitizer cannot see it until FcFini:
 * under the address sanitizer run the fuzzer with
 * ASAN_OPTIONS=fast_unwind_on_malloc=0 and
 * LSAN_OPTIONS=suppressions=tests/lsan.supp, so the parser's frames are
 * seen and suppressed. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    open_fonts();
    return 0;
}

static const char *const langs[8] = {NULL, "en", "fr", "de", "ko", "ja", "zh", "th"};

static void draw_lines(struct text *tx, const struct typeset *t, int bw)
{
    for (int i = 0; i < t->keep && i < t->n; i++) {
        const struct typeset_line *l = &t->lines[i];
        if (l->len <= 0)
            continue;
        SDL_Surface *s = text_render(tx, t->st.face, t->px, 0x202020, l->s, (size_t)l->len);
        if (s) {
            /* a glyph may overhang its advance (italics, marks), never by
             * more than about its size */
            if (s->w > l->w + 2 * t->px + 2 || s->h > 8 * t->px + 8)
                abort();
            SDL_FreeSurface(s);
        }
        if (l->w > bw && !t->too_wide && !t->cut)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4 || size > MAX_TEXT + 4)
        return 0;
    struct text *tx = open_fonts();
    const struct text_measurer *m = text_measurer(tx);
    static const enum font_face faces[4] = {FACE_SANS, FACE_SERIF, FACE_SANS, FACE_SERIF};
    struct typeset_style st = {faces[(data[0] >> 5) & 3], 0.2, 0.5, (data[0] >> 3) & 1,
                               langs[data[0] & 7],        NULL};
    unsigned flags = data[0] & 0x10 ? TYPESET_WHOLE_WORDS : 0;
    int bw = 8 + data[1] * 4, lines = data[2] % 12, design = 8 + data[3] % 90;
    int bh = (1 + data[2] % 16) * (design + design / 4);
    size_t n = size - 4;
    char *text = malloc(n + 1);
    if (!text)
        return 0;
    memcpy(text, data + 4, n);
    text[n] = 0;

    uint32_t cp;
    (void)text_missing(tx, st.face, text, n, &cp);

    struct arena a;
    arena_init(&a, 1 << 16);
    struct typeset t;
    if (typeset_prepare(&t, m, &a, text, &st) == 0) {
        int fits = typeset_fit(&t, design, design / 2, bw, bh, lines, flags);
        if (fits && (t.keep != t.n || t.height > bh || (lines && t.n > lines)))
            abort();
        if (!fits)
            typeset_ellipsize(&t, bw);
        draw_lines(tx, &t, bw);
        typeset_one_line(&t, design, bw);
        if (t.keep == 1 && t.cut && t.lines[0].w > bw)
            abort();
        draw_lines(tx, &t, bw);
        if (t.oom)
            abort();
    }
    arena_free(&a);
    free(text);
    return 0;
}
