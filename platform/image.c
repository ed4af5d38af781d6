/* image.c - contact sheets and PNG probing.
 *
 * LIMITATIONS: everything happens in memory on the calling thread; a sheet
 * keeps its thumbnails until it is written, so an exhibit of any size is
 * laid out in pages of IMAGE_SHEET_PAGE (image_contact_sheets). Transparency is flattened onto the
 * sheet's background colour. DEPENDENCIES: SDL2 surfaces (no video subsystem needed), SDL2_image
 * for PNG decoding and IMG_SavePNG; image_probe_png only needs stdio. */
#include "image.h"

#include <SDL.h>
#include <SDL_image.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#define SHEET_BG 0xFF1A1A1Au

int image_gutter(int thumb_w)
{
    int g = thumb_w / 32;
    return g < 8 ? 8 : g;
}

static uint32_t flatten(uint32_t p, uint32_t bg)
{
    uint32_t a = p >> 24;
    if (a == 255)
        return p;
    uint32_t out = 0xFF000000u;
    for (int sh = 0; sh < 24; sh += 8) {
        uint32_t s = (p >> sh) & 0xFF, b = (bg >> sh) & 0xFF;
        out |= ((s * a + b * (255 - a) + 127) / 255) << sh;
    }
    return out;
}

/* Box-filter src (ARGB8888, locked) into a new tw x th ARGB8888 surface. */
static SDL_Surface *scale_box(SDL_Surface *src, int tw, int th, uint32_t bg)
{
    SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, tw, th, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!dst)
        return NULL;
    int sw = src->w, sh = src->h;
    for (int y = 0; y < th; y++) {
        int y0 = (int)((int64_t)y * sh / th), y1 = (int)((int64_t)(y + 1) * sh / th);
        if (y1 <= y0)
            y1 = y0 + 1;
        uint32_t *out = (uint32_t *)((uint8_t *)dst->pixels + (size_t)y * (size_t)dst->pitch);
        for (int x = 0; x < tw; x++) {
            int x0 = (int)((int64_t)x * sw / tw), x1 = (int)((int64_t)(x + 1) * sw / tw);
            if (x1 <= x0)
                x1 = x0 + 1;
            uint64_t sum[4] = {0, 0, 0, 0};
            for (int yy = y0; yy < y1; yy++) {
                const uint32_t *row = (const uint32_t *)((const uint8_t *)src->pixels +
                                                         (size_t)yy * (size_t)src->pitch);
                for (int xx = x0; xx < x1; xx++) {
                    uint32_t p = flatten(row[xx], bg);
                    sum[0] += p & 0xFF;
                    sum[1] += (p >> 8) & 0xFF;
                    sum[2] += (p >> 16) & 0xFF;
                }
            }
            uint64_t cnt = (uint64_t)(y1 - y0) * (uint64_t)(x1 - x0);
            out[x] = 0xFF000000u | (uint32_t)((sum[2] + cnt / 2) / cnt) << 16 |
                     (uint32_t)((sum[1] + cnt / 2) / cnt) << 8 |
                     (uint32_t)((sum[0] + cnt / 2) / cnt);
        }
    }
    return dst;
}

SDL_Surface *image_scale_box(SDL_Surface *src, int w, int h, uint32_t bg_rgb)
{
    if (!src || w < 1 || h < 1 || src->w < 1 || src->h < 1) {
        SDL_SetError("image_scale_box: empty image or size");
        return NULL;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!argb)
        return NULL;
    SDL_Surface *out = NULL;
    if (SDL_LockSurface(argb) == 0) {
        out = scale_box(argb, w, h, bg_rgb | 0xFF000000u);
        SDL_UnlockSurface(argb);
    }
    SDL_FreeSurface(argb);
    return out;
}

static SDL_Surface *load_thumb(const char *path, int thumb_w, char *why, size_t why_len)
{
    SDL_Surface *img = IMG_Load(path);
    if (!img) {
        snprintf(why, why_len, "%s: %s", path, SDL_GetError());
        return NULL;
    }
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(img);
    if (!argb) {
        snprintf(why, why_len, "%s: %s", path, SDL_GetError());
        return NULL;
    }
    int th = (int)lround((double)thumb_w * argb->h / (argb->w > 0 ? argb->w : 1));
    if (th < 1)
        th = 1;
    SDL_Surface *thumb = NULL;
    if (argb->w > 0 && argb->h > 0 && SDL_LockSurface(argb) == 0) {
        thumb = scale_box(argb, thumb_w, th, SHEET_BG);
        SDL_UnlockSurface(argb);
    }
    if (!thumb)
        snprintf(why, why_len, "%s: cannot scale (%s)", path, SDL_GetError());
    SDL_FreeSurface(argb);
    return thumb;
}

int image_contact_sheet(const char *const *png_paths, int n, int thumb_w, const char *out_path,
                        char *why, size_t why_len)
{
    if (!png_paths || n < 1 || thumb_w < 1 || !out_path) {
        snprintf(why, why_len, "contact sheet: no images or no size");
        return -1;
    }
    int rc = -1;
    SDL_Surface *sheet = NULL;
    SDL_Surface **thumbs = calloc((size_t)n, sizeof(*thumbs));
    if (!thumbs) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    int cell_h = 1;
    for (int i = 0; i < n; i++) {
        thumbs[i] = load_thumb(png_paths[i], thumb_w, why, why_len);
        if (!thumbs[i])
            goto done;
        if (thumbs[i]->h > cell_h)
            cell_h = thumbs[i]->h;
    }
    int cols = (int)ceil(sqrt((double)n));
    int rows = (n + cols - 1) / cols;
    int gutter = image_gutter(thumb_w);
    int64_t sw = (int64_t)cols * thumb_w + (int64_t)(cols + 1) * gutter;
    int64_t sh = (int64_t)rows * cell_h + (int64_t)(rows + 1) * gutter;
    if (sw > 32767 || sh > 32767) {
        snprintf(why, why_len, "contact sheet too large (%lldx%lld)", (long long)sw, (long long)sh);
        goto done;
    }
    sheet = SDL_CreateRGBSurfaceWithFormat(0, (int)sw, (int)sh, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!sheet) {
        snprintf(why, why_len, "contact sheet: %s", SDL_GetError());
        goto done;
    }
    SDL_FillRect(sheet, NULL, SHEET_BG);
    for (int i = 0; i < n; i++) {
        int c = i % cols, r = i / cols;
        SDL_Rect dst = {gutter + c * (thumb_w + gutter),
                        gutter + r * (cell_h + gutter) + (cell_h - thumbs[i]->h) / 2, thumbs[i]->w,
                        thumbs[i]->h};
        SDL_SetSurfaceBlendMode(thumbs[i], SDL_BLENDMODE_NONE);
        if (SDL_BlitSurface(thumbs[i], NULL, sheet, &dst) != 0) {
            snprintf(why, why_len, "contact sheet: %s", SDL_GetError());
            goto done;
        }
    }
    if (image_save_png(sheet, out_path, why, why_len) != 0)
        goto done;
    rc = 0;
done:
    for (int i = 0; i < n; i++)
        SDL_FreeSurface(thumbs[i]);
    free(thumbs);
    SDL_FreeSurface(sheet);
    return rc;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int image_probe_png(const char *path, int *w, int *h)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    unsigned char b[24];
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got = fread(b, 1, sizeof(b), f);
    fclose(f);
    if (got != sizeof(b) || memcmp(b, sig, 8) != 0 || memcmp(b + 12, "IHDR", 4) != 0)
        return -1;
    uint32_t ww = be32(b + 16), hh = be32(b + 20);
    if (ww == 0 || hh == 0 || ww > INT32_MAX || hh > INT32_MAX)
        return -1;
    if (w)
        *w = (int)ww;
    if (h)
        *h = (int)hh;
    return 0;
}

static int disk_full(int err)
{
    return err == ENOSPC || err == EFBIG
#ifdef EDQUOT
           || err == EDQUOT
#endif
        ;
}

/* Where libpng's output goes: a FILE, remembering the first write error. */
struct png_out {
    FILE *f;
    int err;       /* first errno, 0 while all is well */
    char msg[128]; /* libpng's own error, if any */
};

static void png_out_write(png_structp png, png_bytep data, size_t n)
{
    struct png_out *o = png_get_io_ptr(png);
    if (o->err)
        return;
    errno = 0;
    if (fwrite(data, 1, n, o->f) != n)
        o->err = errno ? errno : EIO;
}

static void png_out_flush(png_structp png)
{
    (void)png;
}

static void png_out_error(png_structp png, png_const_charp msg)
{
    struct png_out *o = png_get_error_ptr(png);
    snprintf(o->msg, sizeof(o->msg), "%s", msg);
    png_longjmp(png, 1);
}

static void png_out_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* Encode s as an 8-bit RGB PNG (alpha dropped: frames are opaque) with
 * libpng, level 3 and no row filters: about as small as SDL_image's
 * default for panels (flat colour and text) in a fifth of the time, and
 * every failed write is seen (SDL_image's writer ignores them). 0, or -1
 * with o->msg. */
static int encode_png(SDL_Surface *s, struct png_out *o)
{
    SDL_Surface *argb = s->format->format == SDL_PIXELFORMAT_ARGB8888
                            ? s
                            : SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    unsigned char *row = malloc((size_t)s->w * 3);
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, o, png_out_error, png_out_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    volatile int rc = -1;
    if (!argb || !row || !png || !info) {
        snprintf(o->msg, sizeof(o->msg), "out of memory");
        goto done;
    }
    if (setjmp(png_jmpbuf(png)))
        goto done; /* a libpng error: o->msg says which */
    png_set_write_fn(png, o, png_out_write, png_out_flush);
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)s->w, (png_uint_32)s->h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    int locked = SDL_MUSTLOCK(argb) && SDL_LockSurface(argb) == 0;
    for (int y = 0; y < argb->h; y++) {
        const uint32_t *src =
            (const uint32_t *)((const uint8_t *)argb->pixels + (size_t)y * (size_t)argb->pitch);
        for (int x = 0; x < argb->w; x++) {
            row[3 * x] = (unsigned char)(src[x] >> 16);
            row[3 * x + 1] = (unsigned char)(src[x] >> 8);
            row[3 * x + 2] = (unsigned char)src[x];
        }
        png_write_row(png, row);
    }
    if (locked)
        SDL_UnlockSurface(argb);
    png_write_end(png, NULL);
    rc = 0;
done:
    png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
    free(row);
    if (argb && argb != s)
        SDL_FreeSurface(argb);
    return rc;
}

static void write_failed(char *why, size_t why_len, const char *path, int err)
{
    if (disk_full(err))
        snprintf(why, why_len, "cannot write %s: the disk is full", path);
    else
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(err));
}

int image_save_png(SDL_Surface *surface, const char *path, char *why, size_t why_len)
{
    char tmp[4096];
    if (!surface || !path || surface->w < 1 || surface->h < 1 ||
        snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp)) {
        snprintf(why, why_len, "cannot write %s: no picture or the name is too long",
                 path ? path : "(none)");
        return -1;
    }
    struct png_out o = {fopen(tmp, "wb"), 0, ""};
    if (!o.f) {
        write_failed(why, why_len, path, errno);
        return -1;
    }
    int rc = encode_png(surface, &o);
    if (fflush(o.f) != 0 && !o.err)
        o.err = errno ? errno : EIO;
    if (fclose(o.f) != 0 && !o.err)
        o.err = errno ? errno : EIO;
    if (!o.err && rc == 0 && rename(tmp, path) != 0)
        o.err = errno ? errno : EIO;
    if (o.err)
        write_failed(why, why_len, path, o.err);
    else if (rc != 0)
        snprintf(why, why_len, "cannot write %s: %s", path, o.msg);
    if (o.err || rc != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

int image_contact_sheets(const char *const *png_paths, int n, int thumb_w, const char *dir,
                         int *pages, char *why, size_t why_len)
{
    int count = n > 0 ? (n + IMAGE_SHEET_PAGE - 1) / IMAGE_SHEET_PAGE : 0;
    *pages = 0;
    if (count < 1) {
        snprintf(why, why_len, "contact sheet: no images");
        return -1;
    }
    int digits = 2;
    for (int k = count; k >= 100; k /= 10)
        digits++;
    for (int page = 0; page < count; page++) {
        char path[4096], num[16];
        snprintf(num, sizeof(num), "-%0*d", digits > 9 ? 9 : digits, page + 1);
        if (snprintf(path, sizeof(path), "%s/contact-sheet%s.png", dir, count == 1 ? "" : num) >=
            (int)sizeof(path)) {
            snprintf(why, why_len, "contact sheet: the folder name is too long");
            return -1;
        }
        int first = page * IMAGE_SHEET_PAGE;
        int m = n - first < IMAGE_SHEET_PAGE ? n - first : IMAGE_SHEET_PAGE;
        if (image_contact_sheet(png_paths + first, m, thumb_w, path, why, why_len) != 0)
            return -1;
        (*pages)++;
    }
    return 0;
}

void image_free(SDL_Surface *s)
{
    SDL_FreeSurface(s);
}

/* ---- JPEG, for a video's poster ------------------------------------------- */

struct jpeg_fail {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
    char msg[JMSG_LENGTH_MAX];
};

static void jpeg_fail_exit(j_common_ptr cinfo)
{
    struct jpeg_fail *f = (struct jpeg_fail *)cinfo->err;
    f->mgr.format_message(cinfo, f->msg);
    longjmp(f->jump, 1);
}

int image_encode_jpeg(const uint32_t *pixels, int w, int h, int pitch, int quality,
                      unsigned char **out, size_t *size, char *why, size_t why_len)
{
    *out = NULL;
    *size = 0;
    if (!pixels || w <= 0 || h <= 0 || pitch < w * 4) {
        snprintf(why, why_len, "no picture to encode");
        return -1;
    }
    unsigned char *row = malloc((size_t)w * 3);
    if (!row) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    struct jpeg_compress_struct cinfo;
    struct jpeg_fail fail;
    cinfo.err = jpeg_std_error(&fail.mgr);
    fail.mgr.error_exit = jpeg_fail_exit;
    if (setjmp(fail.jump)) {
        /* (the output buffer, which libjpeg may have moved, is left: an
         * encoder error of memory pixels is a bug, not an input) */
        snprintf(why, why_len, "the still could not be encoded: %s", fail.msg);
        jpeg_destroy_compress(&cinfo);
        free(row);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *mem = NULL;
    unsigned long mlen = 0;
    jpeg_mem_dest(&cinfo, &mem, &mlen);
    cinfo.image_width = (JDIMENSION)w;
    cinfo.image_height = (JDIMENSION)h;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        const uint32_t *src = (const uint32_t *)((const unsigned char *)pixels +
                                                 (size_t)cinfo.next_scanline * (size_t)pitch);
        for (int x = 0; x < w; x++) {
            row[3 * x] = (unsigned char)(src[x] >> 16);
            row[3 * x + 1] = (unsigned char)(src[x] >> 8);
            row[3 * x + 2] = (unsigned char)src[x];
        }
        JSAMPROW r = row;
        jpeg_write_scanlines(&cinfo, &r, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *out = mem;
    *size = mlen;
    return 0;
}
