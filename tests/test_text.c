/* test_text.c - font fallback with the real fonts: a character the first
 * font of a face lacks is measured and drawn with a later font of its
 * chain, not as the first font's missing-glyph box.
 *
 * The character is U+2605 BLACK STAR, which DejaVu Sans has and Noto Sans
 * has not. Skipped (77) where the installed fonts do not give that case:
 * the first font already has the star, or no font of the chain does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "skip_testing.h"

#include <SDL.h>
#include <SDL_ttf.h>

#include "app/visitor/typeset.h"
#include "platform/text.h"

#define STAR "\xE2\x98\x85"
#define PX 48

static char assets_dir[1024];

/* 1 if surfaces a and b (ARGB8888) have the same size and alpha. */
static int same_alpha(SDL_Surface *a, SDL_Surface *b)
{
    if (a->w != b->w || a->h != b->h)
        return 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++) {
            Uint32 pa = ((Uint32 *)((Uint8 *)a->pixels + y * a->pitch))[x];
            Uint32 pb = ((Uint32 *)((Uint8 *)b->pixels + y * b->pitch))[x];
            if (pa >> 24 != pb >> 24)
                return 0;
        }
    return 1;
}

static long ink(SDL_Surface *s, int x0, int x1)
{
    long sum = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = x0; x < x1 && x < s->w; x++)
            sum += ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] >> 24;
    return sum;
}

/* What the first font alone draws for s (its missing-glyph box for a
 * character it lacks). */
static SDL_Surface *first_font_only(struct text *t, const char *s)
{
    TTF_Font *f = TTF_OpenFont(text_face_path(t, FACE_SANS), PX);
    assert_non_null(f);
    TTF_SetFontKerning(f, 1);
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    SDL_Color c = {255, 255, 255, 255};
    SDL_Surface *r = TTF_RenderUTF8_Blended(f, s, c);
    TTF_CloseFont(f);
    assert_non_null(r);
    SDL_Surface *conv = SDL_ConvertSurfaceFormat(r, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(r);
    return conv;
}

static void missing_glyphs_come_from_the_next_font(void **state)
{
    (void)state;
    char why[256] = "";
    struct text *t = text_open(assets_dir, why, sizeof(why));
    assert_non_null(t);
    const struct text_measurer *m = text_measurer(t);
    int star = m->font_for(m->ctx, FACE_SANS, 0x2605);
    if (star == 0) {
        text_close(t);
        SKIP_BECAUSE("no installed font has U+2605 BLACK STAR (fonts-dejavu-core and fonts-symbola "
                     "have it)");
    }
    assert_int_equal(m->font_for(m->ctx, FACE_SANS, 'A'), 0);

    /* "A★B" is three runs, each with a width; the whole is their sum */
    const char *s = "A" STAR "B";
    size_t n = strlen(s);
    int font, total = 0, runs = 0;
    for (size_t i = 0; i < n; runs++) {
        size_t k = typeset_run(m, FACE_SANS, s + i, n - i, &font);
        assert_true(k > 0);
        assert_int_equal(font, runs == 1 ? star : 0);
        int w = m->run_width(m->ctx, FACE_SANS, font, PX, s + i, k);
        assert_true(w > 0);
        total += w;
        i += k;
    }
    assert_int_equal(runs, 3);
    assert_int_equal(m->width(m->ctx, FACE_SANS, PX, s, n), total);

    /* the star is drawn by the fallback: not the first font's box */
    SDL_Surface *drawn = text_render(t, FACE_SANS, PX, 0xFFFFFF, STAR, strlen(STAR));
    SDL_Surface *box = first_font_only(t, STAR);
    assert_non_null(drawn);
    assert_true(ink(drawn, 0, drawn->w) > 0);
    assert_false(same_alpha(drawn, box));
    SDL_FreeSurface(box);

    /* in a mixed line: as wide as measured, the star where its run is, and
     * the Latin letters as the first font draws them alone */
    SDL_Surface *line = text_render(t, FACE_SANS, PX, 0xFFFFFF, s, n);
    assert_non_null(line);
    assert_int_equal(line->w, total);
    int wa = m->run_width(m->ctx, FACE_SANS, 0, PX, "A", 1);
    int ws = m->run_width(m->ctx, FACE_SANS, star, PX, STAR, strlen(STAR));
    assert_true(ink(line, wa, wa + ws) > 0);
    SDL_Surface *a = first_font_only(t, "A");
    SDL_Rect left = {0, 0, a->w, a->h};
    SDL_Surface *a_in_line =
        SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_SetSurfaceBlendMode(line, SDL_BLENDMODE_NONE);
    SDL_BlitSurface(line, &left, a_in_line, NULL);
    assert_true(same_alpha(a, a_in_line));
    SDL_FreeSurface(a_in_line);
    SDL_FreeSurface(a);
    SDL_FreeSurface(line);
    SDL_FreeSurface(drawn);
    text_close(t);
}

static void latin_text_stays_one_run(void **state)
{
    (void)state;
    char why[256] = "";
    struct text *t = text_open(assets_dir, why, sizeof(why));
    assert_non_null(t);
    const struct text_measurer *m = text_measurer(t);
    const char *s = "Pyongyang \xE2\x80\x9C"
                    "Marathon\xE2\x80\x9D \xE2\x80\x93 2014\xE2\x80\xA6";
    int font = -1;
    assert_int_equal(typeset_run(m, FACE_SANS, s, strlen(s), &font), strlen(s));
    assert_int_equal(font, 0);
    assert_int_equal(m->width(m->ctx, FACE_SANS, PX, s, strlen(s)),
                     m->run_width(m->ctx, FACE_SANS, 0, PX, s, strlen(s)));
    text_close(t);
}

/* Every script the exhibit may be written in, and the minus sign of a
 * negative figure, is drawn by a font that has it (the fonts the setup
 * scripts install: fonts-noto-core, fonts-dejavu-core, fonts-droid-fallback,
 * fonts-symbola): text_missing finds none missing, and the drawing differs
 * from what the first font alone draws (its boxes). A character no
 * installed font has (private use) is reported. Also after text_rest. */
static void every_script_is_drawn(void **state)
{
    (void)state;
    static const struct {
        const char *name, *text;
    } samples[] = {
        {"Hangul", "\xED\x8F\x89\xEC\x96\x91 \xEB\xA7\x88\xEB\x9D\xBC\xED\x86\xA4"},
        {"CJK", "\xE5\xB9\xB3\xE5\xA3\xA4"},
        {"Arabic", "\xD9\x85\xD8\xA7\xD8\xB1\xD8\xA7\xD8\xAB\xD9\x88\xD9\x86"},
        {"Hebrew", "\xD7\x9E\xD7\xA8\xD7\x95\xD7\xA5"},
        {"Devanagari", "\xE0\xA4\xAE\xE0\xA5\x88\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xA5\xE0\xA4\xA8"},
        {"Thai",
         "\xE0\xB8\xA1\xE0\xB8\xB2\xE0\xB8\xA3\xE0\xB8\xB2\xE0\xB8\x98\xE0\xB8\xAD\xE0\xB8\x99"},
        {"minus", "\xE2\x88\x92"
                  "42"},
        {"emoji", "\xF0\x9F\x8F\x83"},
    };
    char why[256];
    struct text *t = text_open(assets_dir, why, sizeof why);
    assert_non_null(t);
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        /* fontconfig let go of its data before each (a view at rest): a
         * search for a font wakes it */
        text_rest(t);
        const char *s = samples[i].text;
        uint32_t cp = 0;
        for (int face = 0; face < FACE_COUNT; face++)
            if (text_missing(t, (enum font_face)face, s, strlen(s), &cp))
                fail_msg("%s: U+%04X is in no font of face %d", samples[i].name, (unsigned)cp,
                         face);
        SDL_Surface *drawn = text_render(t, FACE_SANS, PX, 0xFFFFFF, s, strlen(s));
        assert_non_null(drawn);
        assert_true(ink(drawn, 0, drawn->w) > 0);
        SDL_Surface *boxes = first_font_only(t, s);
        if (same_alpha(drawn, boxes))
            fail_msg("%s is drawn as the first font draws it (boxes)", samples[i].name);
        SDL_FreeSurface(drawn);
        SDL_FreeSurface(boxes);
    }
    uint32_t cp = 0;
    assert_int_equal(text_missing(t, FACE_SANS,
                                  "a\xEE\x80\x80"
                                  "b",
                                  5, &cp),
                     1);
    assert_int_equal(cp, 0xE000);
    text_close(t);
}

/* Korean names inside an English or French line, as the exhibit writes
 * them ("Pyongyang (평양)"): the chain gives the Hangul to a font that has
 * it and the Latin to the first; the line measures as the sum of its runs;
 * wrapping breaks between words (and between Hangul syllables), never
 * inside "(평양)", and every line fits the box. */
static void hangul_inside_a_latin_line(void **state)
{
    (void)state;
    char why[256];
    struct text *t = text_open(assets_dir, why, sizeof why);
    assert_non_null(t);
    const struct text_measurer *m = text_measurer(t);
    const char *s = "Pyongyang (\xED\x8F\x89\xEC\x96\x91) Marathon";
    size_t n = strlen(s), at = 0, hangul_at = strlen("Pyongyang (");
    int runs = 0, fonts[4] = {0}, sum = 0;
    while (at < n && runs < 4) {
        int font = -1;
        size_t len = typeset_run(m, FACE_SANS, s + at, n - at, &font);
        assert_true(len > 0);
        if (at == hangul_at)
            assert_int_equal(len, 6); /* the two syllables, alone */
        fonts[runs++] = font;
        sum += m->run_width(m->ctx, FACE_SANS, font, PX, s + at, len);
        at += len;
    }
    assert_int_equal(runs, 3);
    assert_int_equal(fonts[0], 0);
    assert_int_not_equal(fonts[1], 0); /* the Hangul: a fallback font */
    assert_int_equal(fonts[2], 0);
    int whole = typeset_width(m, FACE_SANS, PX, s, n);
    assert_true(whole >= sum - 2 && whole <= sum + 2);
    /* wrapped narrower than the line: whole words per line, each fits */
    struct arena a;
    arena_init(&a, 16 * 1024);
    struct typeset ts;
    struct typeset_style st = {.face = FACE_SANS, .lang = "en"};
    assert_int_equal(typeset_prepare(&ts, m, &a, s, &st), 0);
    typeset_set_px(&ts, PX);
    typeset_wrap(&ts, whole * 2 / 3);
    assert_true(ts.n >= 2);
    assert_false(ts.broken);
    for (int i = 0; i < ts.n; i++)
        assert_true(ts.lines[i].w <= whole * 2 / 3);
    assert_memory_equal(ts.lines[0].s, "Pyongyang", 9);
    arena_free(&a);
    text_close(t);
}

int main(void)
{
    const char *src = getenv("VITRINE_SOURCE_DIR");
    snprintf(assets_dir, sizeof assets_dir, "%s/assets", src ? src : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_glyphs_come_from_the_next_font),
        cmocka_unit_test(latin_text_stays_one_run),
        cmocka_unit_test(every_script_is_drawn),
        cmocka_unit_test(hangul_inside_a_latin_line),
    };
    return run_counting_skips(tests, NULL, NULL);
}
