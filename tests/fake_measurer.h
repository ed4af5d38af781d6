/* fake_measurer.h - a text measurer for layout tests: every character is
 * the same width (by face), lines are 1.3 em. Include once per test. */
#ifndef VITRINE_FAKE_MEASURER_H
#define VITRINE_FAKE_MEASURER_H

#include <math.h>
#include <stddef.h>

#include "app/layout.h"

static int codepoints(const char *s, size_t n)
{
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static double face_factor(enum font_face face)
{
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

static const struct text_measurer fake = {NULL, fake_width, fake_line_height};

#endif
