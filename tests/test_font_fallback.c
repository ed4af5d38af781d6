/* An exhibit's font that fails while drawing (issue 35): a copy of the
 * shipped DejaVu Sans whose glyph for U+00E9 is made empty (no contours,
 * a zero box) passes text_set_fonts, which draws only a sample and holds
 * nothing-drawn against no font then; the first text that uses the
 * character rasterises it, finds no ink, drops the font for the fallback
 * chain (text_own_font_failed names the face, the file and the
 * character) and the text still draws. The staff keypad, laid out with
 * the same text object, is set in the kiosk's own faces (FACE_KIOSK) and
 * never in the exhibit's font, and each of its labels draws ink. Then a
 * font whose every outline index is zero is refused at once, naming its
 * face, and a font collection too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <SDL.h>
#include <hb.h>

#include "app/visitor/mode.h"
#include "app/visitor/overlay.h"
#include "content/arena.h"
#include "platform/text.h"

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = n > 0 ? malloc((size_t)n) : NULL;
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = b ? (size_t)n : 0;
    return b;
}

static unsigned char *shipped_font(size_t *len)
{
    const char *assets = getenv("VITRINE_ASSETS_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/fonts/DejaVuSans.ttf", assets ? assets : "assets");
    unsigned char *b = read_file(path, len);
    assert_non_null(b);
    return b;
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The offset and length of table tag in font b. */
static void table(const unsigned char *b, const char *tag, uint32_t *off, uint32_t *len)
{
    unsigned n = be16(b + 4);
    for (unsigned i = 0; i < n; i++) {
        const unsigned char *r = b + 12 + 16 * i;
        if (memcmp(r, tag, 4) == 0) {
            *off = be32(r + 8);
            *len = be32(r + 12);
            return;
        }
    }
    fail_msg("no %s table", tag);
}

/* The glyph of cp in b made empty: no contours, a zero box (its place in
 * loca kept, so the font's index stays whole). */
static void empty_glyph(unsigned char *b, size_t len, uint32_t cp)
{
    hb_blob_t *blob =
        hb_blob_create((const char *)b, (unsigned)len, HB_MEMORY_MODE_READONLY, NULL, NULL);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_codepoint_t gid = 0;
    assert_true(hb_font_get_nominal_glyph(font, cp, &gid));
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    uint32_t head, hl, loca, ll, glyf, gl;
    table(b, "head", &head, &hl);
    table(b, "loca", &loca, &ll);
    table(b, "glyf", &glyf, &gl);
    uint32_t at = be16(b + head + 50) ? be32(b + loca + 4 * gid) : 2 * be16(b + loca + 2 * gid);
    assert_true(glyf + at + 10 <= len);
    memset(b + glyf + at, 0, 10);
}

/* Does s hold a pixel that is not transparent? */
static int has_ink(SDL_Surface *s)
{
    int ink = 0;
    assert_non_null(s);
    assert_int_equal(s->format->format, SDL_PIXELFORMAT_ARGB8888);
    for (int y = 0; y < s->h && !ink; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w && !ink; x++)
            ink = (row[x] >> 24) != 0;
    }
    return ink;
}

static struct text *opened(void)
{
    char why[512] = "";
    struct text *t = text_open(NULL, why, sizeof why);
    if (!t)
        fail_msg("text_open: %s", why);
    return t;
}

static void set_sans(struct text *t, const void *data, size_t len, int want, char *why,
                     size_t why_len)
{
    const void *d[FACE_COUNT] = {data, NULL, NULL};
    const size_t n[FACE_COUNT] = {len, 0, 0};
    const char *name[FACE_COUNT] = {"fonts/Museum.ttf", NULL, NULL};
    why[0] = '\0';
    int rc = text_set_fonts(t, d, n, name, why, why_len);
    if (rc != want)
        fail_msg("text_set_fonts gave %d, not %d: %s", rc, want, why);
}

static void font_failing_while_drawing_is_dropped(void **state)
{
    (void)state;
    size_t len;
    unsigned char *font = shipped_font(&len);
    empty_glyph(font, len, 0xE9);
    struct text *t = opened();
    char why[512];
    set_sans(t, font, len, 0, why, sizeof why);
    assert_string_equal(text_face_path(t, FACE_SANS), "fonts/Museum.ttf");
    assert_int_equal(text_own_font_failed(t, FACE_SANS, why, sizeof why), 0);

    /* text without the character: drawn in the exhibit's font */
    SDL_Surface *s = text_render(t, FACE_SANS, 32, 0xFFFFFF, "cafe", 4);
    assert_true(has_ink(s));
    SDL_FreeSurface(s);
    assert_int_equal(text_own_font_failed(t, FACE_SANS, why, sizeof why), 0);

    /* with it: the font is dropped, named, and the text still drawn */
    const char *word = "caf\xC3\xA9";
    s = text_render(t, FACE_SANS, 32, 0xFFFFFF, word, strlen(word));
    assert_true(has_ink(s));
    SDL_FreeSurface(s);
    assert_int_equal(text_own_font_failed(t, FACE_SANS, why, sizeof why), 1);
    assert_non_null(strstr(why, "fonts.sans (fonts/Museum.ttf)"));
    assert_non_null(strstr(why, "U+00E9"));
    assert_string_not_equal(text_face_path(t, FACE_SANS), "fonts/Museum.ttf");
    /* drawn again, every character, in the fallback fonts */
    uint32_t cp = 0;
    assert_int_equal(text_missing(t, FACE_SANS, word, strlen(word), &cp), 0);
    s = text_render(t, FACE_SANS, 20, 0xFFFFFF, word, strlen(word));
    assert_true(has_ink(s));
    SDL_FreeSurface(s);
    /* the other faces never had it */
    assert_int_equal(text_own_font_failed(t, FACE_SANS_BOLD, why, sizeof why), 0);
    text_close(t);
    free(font);
}

static void staff_keypad_never_uses_the_exhibits_font(void **state)
{
    (void)state;
    size_t len;
    unsigned char *font = shipped_font(&len);
    empty_glyph(font, len, 0xE9);
    struct text *t = opened();
    char why[512];
    set_sans(t, font, len, 0, why, sizeof why);
    const char *mine = "fonts/Museum.ttf";
    /* the kiosk's faces start past the exhibit's font */
    assert_string_equal(text_face_path(t, FACE_SANS), mine);
    assert_string_not_equal(text_face_path(t, (enum font_face)(FACE_SANS | FACE_KIOSK)), mine);

    const int sizes[][2] = {{800, 480}, {1920, 1080}, {1080, 1920}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        struct layout_screen screen = mode_layout_screen(sizes[z][0], sizes[z][1], 0);
        struct control_screen cs = {sizes[z][0], sizes[z][1], 0};
        struct control controls[MODE_MAX_CONTROLS];
        int n = mode_staff_keypad_layout(&cs, controls, MODE_MAX_CONTROLS);
        assert_true(n >= 12);
        struct overlay_staff_keypad kp = {2, 0, 0, 0, "en"};
        struct arena a;
        struct draw_list l;
        arena_init(&a, 64 * 1024);
        memset(&l, 0, sizeof l);
        assert_int_equal(
            overlay_staff_keypad(&screen, controls, n, -1, &kp, text_measurer(t), &a, &l), 0);
        int texts = 0, digits = 0;
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind != DRAW_TEXT || it->len == 0)
                continue;
            texts++;
            digits += it->len == 1 && it->text[0] >= '0' && it->text[0] <= '9';
            assert_true((unsigned)it->face & FACE_KIOSK);
            struct text_shaped *sh = malloc(sizeof *sh);
            assert_non_null(sh);
            assert_int_equal(text_shape_line(t, it->face, it->text, it->len, 0, sh), 0);
            for (int p = 0; p < sh->n_pieces; p++)
                assert_string_not_equal(sh->piece[p].path, mine);
            free(sh);
            SDL_Surface *s = text_render(t, it->face, it->px, 0xFFFFFF, it->text, it->len);
            if (!has_ink(s))
                fail_msg("the keypad's \"%.*s\" draws nothing", (int)it->len, it->text);
            SDL_FreeSurface(s);
        }
        assert_true(texts >= 11);
        assert_int_equal(digits, 10);
        arena_free(&a);
    }
    /* nor did the keypad's drawing drop the exhibit's font: it was never asked */
    assert_int_equal(text_own_font_failed(t, FACE_SANS, why, sizeof why), 0);
    assert_string_equal(text_face_path(t, FACE_SANS), mine);
    text_close(t);
    free(font);
}

static void damaged_fonts_are_refused_at_once(void **state)
{
    (void)state;
    size_t len;
    unsigned char *font = shipped_font(&len);
    struct text *t = opened();
    char why[512];
    /* every outline's place zeroed: every glyph would draw nothing */
    uint32_t loca, ll;
    table(font, "loca", &loca, &ll);
    unsigned char *zero = malloc(len);
    assert_non_null(zero);
    memcpy(zero, font, len);
    memset(zero + loca, 0, ll);
    set_sans(t, zero, len, -1, why, sizeof why);
    assert_non_null(strstr(why, "fonts.sans (fonts/Museum.ttf) is damaged"));
    assert_string_not_equal(text_face_path(t, FACE_SANS), "fonts/Museum.ttf");
    /* a collection's header: refused before it is opened */
    memcpy(zero, "ttcf", 4);
    set_sans(t, zero, len, -1, why, sizeof why);
    assert_non_null(strstr(why, "font collection"));
    /* and the good font still sets */
    set_sans(t, font, len, 0, why, sizeof why);
    assert_string_equal(text_face_path(t, FACE_SANS), "fonts/Museum.ttf");
    text_close(t);
    free(zero);
    free(font);
}

/* Faces given the same font share its bytes, and each still draws. */
static void faces_share_one_font(void **state)
{
    (void)state;
    size_t len;
    unsigned char *font = shipped_font(&len);
    unsigned char *again = malloc(len);
    assert_non_null(again);
    memcpy(again, font, len);
    struct text *t = opened();
    const void *d[FACE_COUNT] = {font, again, font};
    const size_t n[FACE_COUNT] = {len, len, len};
    char why[256] = "";
    assert_int_equal(text_set_fonts(t, d, n, NULL, why, sizeof why), 0);
    for (int f = 0; f < FACE_COUNT; f++) {
        SDL_Surface *s = text_render(t, (enum font_face)f, 24, 0, "Aa", 2);
        assert_true(has_ink(s));
        SDL_FreeSurface(s);
    }
    text_close(t);
    free(again);
    free(font);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(font_failing_while_drawing_is_dropped),
        cmocka_unit_test(staff_keypad_never_uses_the_exhibits_font),
        cmocka_unit_test(damaged_fonts_are_refused_at_once),
        cmocka_unit_test(faces_share_one_font),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
