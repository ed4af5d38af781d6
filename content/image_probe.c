/* image_probe.c - PNG and JPEG header sniffing with size limits (see
 * image_probe.h).
 * LIMITATIONS: JPEG only with Huffman coding, sequential or progressive
 * (SOF0, SOF1, SOF2), the encodings SDL_image decodes. */
#include "image_probe.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source_file.h"

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

const char *image_probe_header(const unsigned char *d, size_t n, unsigned long *w, unsigned long *h,
                               const char **why)
{
    *why = "is not a PNG or JPEG image";
    if (n >= 8 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0) {
        if (n < 24 || memcmp(d + 12, "IHDR", 4) != 0) {
            *why = "is a damaged PNG (no IHDR header)";
            return NULL;
        }
        *w = be32(d + 16);
        *h = be32(d + 20);
        return "image/png";
    }
    if (n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) {
        size_t i = 2;
        *why = "is a damaged JPEG (no frame header before the image data)";
        while (i < n) {
            if (d[i] != 0xFF)
                return NULL;
            while (i < n && d[i] == 0xFF)
                i++;
            if (i >= n)
                return NULL;
            unsigned m = d[i++];
            if (m == 0x01 || (m >= 0xD0 && m <= 0xD7))
                continue;
            if (m == 0xD9 || m == 0xDA || i + 2 > n)
                return NULL;
            unsigned seg = be16(d + i);
            if (seg < 2)
                return NULL;
            if (m == 0xC0 || m == 0xC1 || m == 0xC2) {
                if (seg < 8 || i + 8 > n)
                    return NULL;
                *h = be16(d + i + 3);
                *w = be16(d + i + 5);
                if (d[i + 7] == 4) { /* CMYK or YCCK, as print workflows save */
                    *why = IMAGE_PROBE_CMYK;
                    return NULL;
                }
                return "image/jpeg";
            }
            if ((m >= 0xC3 && m <= 0xCF) && m != 0xC4 && m != 0xC8 && m != 0xCC) {
                *why = "is a JPEG in an unsupported encoding (only baseline and progressive)";
                return NULL;
            }
            i += seg;
        }
        return NULL;
    }
    return NULL;
}

unsigned char *image_probe_load(const char *path, size_t *size, const char **mime, unsigned long *w,
                                unsigned long *h, char *why, size_t why_len)
{
    unsigned char *data = NULL;
    *mime = NULL;
    if (source_file_read(path, IMAGE_PROBE_MAX_BYTES, &data, size, why, why_len) != 0)
        return NULL;
    if (rules_image(data, *size, NULL, 0, 0, mime, w, h, why, why_len) != 0)
        *mime = NULL;
    if (!*mime) {
        free(data);
        return NULL;
    }
    return data;
}
