/* photo_testing.h - hostile and ordinary photos made in memory for the
 * tests: PNGs of zeros of any size (a decompression bomb: zlib turns
 * gigabytes of zeros into a few megabytes), and PNG and JPEG pictures
 * with content, written with libpng and libjpeg. Header-only (static
 * functions) so each test program includes what it uses. */
#ifndef VITRINE_PHOTO_TESTING_H
#define VITRINE_PHOTO_TESTING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* after stdio.h and stddef.h, which jpeglib.h needs */
#include <jpeglib.h>
#include <png.h>
#include <zlib.h>

struct bytes {
    unsigned char *d;
    size_t n, cap;
};

static void bytes_put(struct bytes *b, const void *p, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n)
            cap *= 2;
        unsigned char *d = realloc(b->d, cap);
        if (!d)
            abort();
        b->d = d;
        b->cap = cap;
    }
    memcpy(b->d + b->n, p, n);
    b->n += n;
}

static void bytes_be32(struct bytes *b, uint32_t v)
{
    unsigned char p[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 8), (unsigned char)v};
    bytes_put(b, p, 4);
}

static void png_chunk(struct bytes *b, const char *type, const unsigned char *d, size_t n)
{
    bytes_be32(b, (uint32_t)n);
    size_t at = b->n;
    bytes_put(b, type, 4);
    if (n)
        bytes_put(b, d, n);
    bytes_be32(b, (uint32_t)crc32(0, b->d + at, (uInt)(n + 4)));
}

/* Raw deflate of n zero bytes, as blocks that end byte-aligned with an
 * empty dictionary (Z_FULL_FLUSH); final: the stream's last blocks. */
static void deflate_zeros(struct bytes *out, size_t n, int final)
{
    z_stream z;
    memset(&z, 0, sizeof(z));
    if (deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        abort();
    unsigned char *zero = calloc(n ? n : 1, 1);
    size_t cap = deflateBound(&z, (uLong)n) + 64;
    unsigned char *buf = malloc(cap);
    if (!zero || !buf)
        abort();
    z.next_in = zero;
    z.avail_in = (uInt)n;
    z.next_out = buf;
    z.avail_out = (uInt)cap;
    if (deflate(&z, final ? Z_FINISH : Z_FULL_FLUSH) == Z_STREAM_ERROR)
        abort();
    bytes_put(out, buf, cap - z.avail_out);
    deflateEnd(&z);
    free(zero);
    free(buf);
}

/* A PNG of w x h pixels (8-bit; color 6 = RGBA, 0 = grey), every byte of
 * its image data zero, so every pixel black (or transparent). The zlib
 * stream holds `valid_rows` rows (h for a whole picture; fewer for one
 * whose data ends early). Cheap to make at any size. */
static struct bytes png_of_zeros(uint32_t w, uint32_t h, int color, uint32_t valid_rows)
{
    struct bytes b = {0};
    bytes_put(&b, "\x89PNG\r\n\x1a\n", 8);
    unsigned char ihdr[13];
    uint32_t v[2] = {w, h};
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 4; k++)
            ihdr[4 * i + k] = (unsigned char)(v[i] >> (24 - 8 * k));
    ihdr[8] = 8;
    ihdr[9] = (unsigned char)color;
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    png_chunk(&b, "IHDR", ihdr, sizeof ihdr);

    uint64_t row = 1 + (uint64_t)w * (color == 6 ? 4 : 1);
    uint64_t total = row * valid_rows;
    const size_t piece = 1u << 20;
    struct bytes z = {0};
    const unsigned char hdr[2] = {0x78, 0xDA};
    bytes_put(&z, hdr, 2);
    struct bytes block = {0};
    deflate_zeros(&block, piece, 0);
    uint32_t adler = (uint32_t)adler32(0, NULL, 0);
    uint32_t adler_piece;
    {
        unsigned char *zero = calloc(piece, 1);
        adler_piece = (uint32_t)adler32(adler32(0, NULL, 0), zero, (uInt)piece);
        free(zero);
    }
    uint64_t left = total;
    while (left > piece) {
        bytes_put(&z, block.d, block.n);
        adler = (uint32_t)adler32_combine(adler, adler_piece, (z_off_t)piece);
        left -= piece;
    }
    deflate_zeros(&z, (size_t)left, 1);
    {
        unsigned char *zero = calloc(left ? left : 1, 1);
        adler = (uint32_t)adler32_combine(adler, adler32(adler32(0, NULL, 0), zero, (uInt)left),
                                          (z_off_t)left);
        free(zero);
    }
    bytes_be32(&z, adler);
    free(block.d);
    /* IDAT chunks of at most 1 MiB */
    for (size_t at = 0; at < z.n; at += piece)
        png_chunk(&b, "IDAT", z.d + at, z.n - at < piece ? z.n - at : piece);
    free(z.d);
    png_chunk(&b, "IEND", NULL, 0);
    return b;
}

/* The test picture's pixel (x, y): smooth colour gradients with a little
 * texture, and alpha when asked. */
static void test_pixel(uint32_t x, uint32_t y, uint32_t w, uint32_t h, int alpha, unsigned char *p)
{
    p[0] = (unsigned char)(x * 255 / (w > 1 ? w - 1 : 1));
    p[1] = (unsigned char)(y * 255 / (h > 1 ? h - 1 : 1));
    p[2] = (unsigned char)(((x / 7) ^ (y / 5)) & 0x3F) + 96;
    if (alpha)
        p[3] = (unsigned char)((x + y) % 256);
}

static void png_write_mem(png_structp png, png_bytep d, size_t n)
{
    bytes_put(png_get_io_ptr(png), d, n);
}

static void png_flush_mem(png_structp png)
{
    (void)png;
}

/* A w x h PNG of test_pixel, RGB or RGBA, optionally interlaced. */
static struct bytes png_picture(uint32_t w, uint32_t h, int alpha, int interlaced)
{
    struct bytes b = {0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png)))
        abort();
    png_set_write_fn(png, &b, png_write_mem, png_flush_mem);
    png_set_compression_level(png, 1);
    png_set_IHDR(png, info, w, h, 8, alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int comps = alpha ? 4 : 3;
    unsigned char *img = malloc((size_t)w * h * (size_t)comps);
    unsigned char **rows = malloc(sizeof(*rows) * h);
    if (!img || !rows)
        abort();
    for (uint32_t y = 0; y < h; y++) {
        rows[y] = img + (size_t)y * w * (size_t)comps;
        for (uint32_t x = 0; x < w; x++)
            test_pixel(x, y, w, h, alpha, rows[y] + (size_t)x * (size_t)comps);
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    free(img);
    return b;
}

/* A w x h JPEG of test_pixel (quality 85, 4:2:0), optionally progressive;
 * written a row at a time, so a large one costs little memory to make
 * (except progressive, which libjpeg buffers whole). */
static struct bytes jpeg_picture(uint32_t w, uint32_t h, int progressive)
{
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    unsigned char *out = NULL;
    unsigned long n = 0;
    jpeg_mem_dest(&c, &out, &n);
    c.image_width = w;
    c.image_height = h;
    c.input_components = 3;
    c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 85, TRUE);
    if (progressive)
        jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc((size_t)w * 3);
    if (!row)
        abort();
    while (c.next_scanline < h) {
        for (uint32_t x = 0; x < w; x++)
            test_pixel(x, c.next_scanline, w, h, 0, row + (size_t)x * 3);
        JSAMPROW r[1] = {row};
        jpeg_write_scanlines(&c, r, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(row);
    struct bytes b = {0};
    bytes_put(&b, out, n);
    free(out);
    return b;
}

/* A baseline CMYK JPEG of w x h pixels (what print workflows save; the
 * kiosk cannot show it). */
static struct bytes jpeg_cmyk_picture(uint32_t w, uint32_t h)
{
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    unsigned char *out = NULL;
    unsigned long n = 0;
    jpeg_mem_dest(&c, &out, &n);
    c.image_width = w;
    c.image_height = h;
    c.input_components = 4;
    c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 85, TRUE);
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc((size_t)w * 4);
    if (!row)
        abort();
    while (c.next_scanline < h) {
        for (uint32_t x = 0; x < w; x++) {
            unsigned char *px = row + (size_t)x * 4;
            px[0] = (unsigned char)(x * 255 / (w ? w : 1));
            px[1] = (unsigned char)(c.next_scanline * 255 / (h ? h : 1));
            px[2] = 40;
            px[3] = 10;
        }
        JSAMPROW r[1] = {row};
        jpeg_write_scanlines(&c, r, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(row);
    struct bytes b = {0};
    bytes_put(&b, out, n);
    free(out);
    return b;
}

#endif
