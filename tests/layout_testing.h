/* layout_testing.h - helpers for the draw-list tests: a fake text
 * measurer (every character the same width by face, lines 1.3 em) and a
 * UTF-8 check for emitted lines. Include once per test. */
#ifndef VITRINE_LAYOUT_TESTING_H
#define VITRINE_LAYOUT_TESTING_H

#include <math.h>
#include <stddef.h>

#include "app/visitor/layout.h"

static int codepoints(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static double face_factor(enum font_face face)
{
    face = (enum font_face)((unsigned)face & ~(unsigned)FACE_KIOSK); /* one set of fonts */
    return face == FACE_SANS_BOLD ? 0.58 : face == FACE_SERIF ? 0.52 : 0.55;
}

static int fake_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    return (int)ceil(codepoints(s, n) * px * face_factor(face));
}

static int fake_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return (int)lround(px * 1.3);
}

static const struct text_measurer fake = {NULL, fake_width, fake_line_height, NULL, NULL, NULL};

/* 1 if s[0..n) is well-formed UTF-8 as far as sequence structure goes. */
static int valid_utf8(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0x80             ? 1
                   : (c & 0xE0) == 0xC0 ? 2
                   : (c & 0xF0) == 0xE0 ? 3
                   : (c & 0xF8) == 0xF0 ? 4
                                        : 0;
        if (k == 0 || i + k > n)
            return 0;
        for (size_t j = 1; j < k; j++)
            if (((unsigned char)s[i + j] & 0xC0) != 0x80)
                return 0;
        i += k;
    }
    return 1;
}

#endif
