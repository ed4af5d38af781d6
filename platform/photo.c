/* photo.c - PNG (libpng) and JPEG (libjpeg-turbo) decoding within limits,
 * shrunk while decoding (see photo.h).
 *
 * LIMITATIONS: colour profiles and gamma are ignored (as SDL_image does);
 * CMYK JPEGs and arithmetic-coded JPEGs are refused; a JPEG with damaged
 * data is refused rather than shown half grey. An interlaced PNG is decoded
 * whole, so it is refused above PHOTO_FULL_DECODE_BYTES.
 * DEPENDENCIES: libpng 1.6, libjpeg-turbo (JCS_EXT_BGRA), SDL2 surfaces.
 *
 * Both libraries report fatal errors by longjmp. Each decoder is split in
 * two: the outer function owns every resource and frees it; the inner one
 * calls setjmp and works only through a pointer to the outer one's state,
 * so nothing it changes lives in the frame that setjmp returns to twice. */
#include "photo.h"
#include "image_probe.h"
#include "rules.h"

#include <SDL.h>
#include <png.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* after stdio.h and stddef.h, which jpeglib.h needs; jerror.h after it */
#include <jpeglib.h>

#include <jerror.h>

/* An interlaced PNG (decoded whole, 4 bytes a pixel) above this is refused. */
#define PHOTO_FULL_DECODE_BYTES PHOTO_WORK_BYTES

static int check_size(unsigned long w, unsigned long h, char *why, size_t why_len)
{
    if (w == 0 || h == 0) {
        rules_fail(why, why_len, "has no size in its header (%lux%lu)", w, h);
        return -1;
    }
    if (w > PHOTO_MAX_SIDE || h > PHOTO_MAX_SIDE) {
        rules_fail(why, why_len, "is %lux%lu pixels; at most %d a side", w, h, PHOTO_MAX_SIDE);
        return -1;
    }
    return 0;
}

int photo_probe(const void *data, size_t size, struct photo_info *info, char *why, size_t why_len)
{
    unsigned long w = 0, h = 0;
    const char *reason = "is empty";
    const char *mime = data ? image_probe_header(data, size, &w, &h, &reason) : NULL;
    if (!mime) {
        rules_fail(why, why_len, "%s", reason);
        return -1;
    }
    if (check_size(w, h, why, why_len) != 0)
        return -1;
    info->w = (int)w;
    info->h = (int)h;
    info->mime = mime;
    return 0;
}

void photo_fit(int w, int h, int box_w, int box_h, int *dst_w, int *dst_h, int *out_w, int *out_h)
{
    if (w < 1)
        w = 1;
    if (h < 1)
        h = 1;
    if (box_w < 1)
        box_w = 1;
    if (box_h < 1)
        box_h = 1;
    double k = box_w / (double)w < box_h / (double)h ? box_w / (double)w : box_h / (double)h;
    long dw = (long)(w * k + 0.5), dh = (long)(h * k + 0.5);
    *dst_w = dw < 1 ? 1 : (int)dw;
    *dst_h = dh < 1 ? 1 : (int)dh;
    long ow = *dst_w < w ? *dst_w : w, oh = *dst_h < h ? *dst_h : h;
    if (ow * oh > PHOTO_MAX_OUT_PIXELS) {
        double s = SDL_sqrt((double)PHOTO_MAX_OUT_PIXELS / ((double)ow * (double)oh));
        ow = (long)(ow * s);
        oh = (long)(oh * s);
    }
    *out_w = ow < 1 ? 1 : (int)ow;
    *out_h = oh < 1 ? 1 : (int)oh;
}

/* ---- the box filter, fed one source row at a time ---------------------------- */

/* Source rows of sw BGRA pixels (bytes B, G, R, A) go in, one at a time,
 * top to bottom; each output row is written once its last source row is in.
 * Output pixel (x, y) averages the source box [x*sw/tw, (x+1)*sw/tw) x
 * [y*sh/th, (y+1)*sh/th), as image_scale_box does (tw <= sw, th <= sh). */
struct shrink {
    int sw, sh, tw, th;
    int *x0;       /* tw + 1 column starts */
    uint64_t *acc; /* tw * 3 sums */
    int y;         /* the output row being summed */
    int src_y;     /* source rows fed so far */
    uint32_t bg;   /* 0x00RRGGBB */
    SDL_Surface *out;
};

static int shrink_init(struct shrink *s, int sw, int sh, int tw, int th, uint32_t bg)
{
    memset(s, 0, sizeof(*s));
    s->sw = sw;
    s->sh = sh;
    s->tw = tw;
    s->th = th;
    s->bg = bg & 0xFFFFFFu;
    s->x0 = malloc(((size_t)tw + 1) * sizeof(*s->x0));
    s->acc = calloc((size_t)tw * 3, sizeof(*s->acc));
    s->out = SDL_CreateRGBSurfaceWithFormat(0, tw, th, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s->x0 || !s->acc || !s->out)
        return -1;
    for (int x = 0; x <= tw; x++)
        s->x0[x] = (int)((int64_t)x * sw / tw);
    return 0;
}

static void shrink_free(struct shrink *s)
{
    free(s->x0);
    free(s->acc);
    if (s->out)
        SDL_FreeSurface(s->out);
    memset(s, 0, sizeof(*s));
}

static void shrink_row(struct shrink *s, const unsigned char *row)
{
    if (s->y >= s->th)
        return;
    const uint32_t bb = s->bg & 0xFF, bgn = (s->bg >> 8) & 0xFF, br = (s->bg >> 16) & 0xFF;
    for (int x = 0; x < s->tw; x++) {
        uint64_t b = 0, g = 0, r = 0;
        for (int xx = s->x0[x]; xx < s->x0[x + 1]; xx++) {
            const unsigned char *p = row + (size_t)xx * 4;
            uint32_t a = p[3];
            if (a == 255) {
                b += p[0];
                g += p[1];
                r += p[2];
            } else {
                b += (p[0] * a + bb * (255 - a) + 127) / 255;
                g += (p[1] * a + bgn * (255 - a) + 127) / 255;
                r += (p[2] * a + br * (255 - a) + 127) / 255;
            }
        }
        s->acc[3 * x] += b;
        s->acc[3 * x + 1] += g;
        s->acc[3 * x + 2] += r;
    }
    s->src_y++;
    int y1 = (int)((int64_t)(s->y + 1) * s->sh / s->th);
    if (s->src_y < y1)
        return;
    int y0 = (int)((int64_t)s->y * s->sh / s->th);
    uint32_t *out = (uint32_t *)((uint8_t *)s->out->pixels + (size_t)s->y * (size_t)s->out->pitch);
    for (int x = 0; x < s->tw; x++) {
        uint64_t n = (uint64_t)(y1 - y0) * (uint64_t)(s->x0[x + 1] - s->x0[x]);
        uint64_t *a = &s->acc[3 * x];
        out[x] = 0xFF000000u | (uint32_t)((a[2] + n / 2) / n) << 16 |
                 (uint32_t)((a[1] + n / 2) / n) << 8 | (uint32_t)((a[0] + n / 2) / n);
        a[0] = a[1] = a[2] = 0;
    }
    s->y++;
}

static SDL_Surface *shrink_take(struct shrink *s)
{
    SDL_Surface *out = s->out;
    s->out = NULL;
    return out;
}

/* ---- PNG ----------------------------------------------------------------------- */

struct png_dec {
    const unsigned char *data;
    size_t size, pos;
    int out_w, out_h;
    uint32_t bg;
    photo_cancelled_fn cancelled;
    void *cancel_ctx;
    png_structp png;
    png_infop info;
    unsigned char *row;   /* one row, or the whole picture when interlaced */
    unsigned char **rows; /* interlaced: row pointers into row */
    struct shrink sh;
    char *why;
    size_t why_len;
};

static void png_on_error(png_structp png, png_const_charp msg)
{
    struct png_dec *p = png_get_error_ptr(png);
    rules_fail(p->why, p->why_len, "is a damaged PNG (%s)", msg);
    png_longjmp(png, 1);
}

static void png_on_warning(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg; /* benign (an unknown or bad ancillary chunk): the picture is fine */
}

static void png_read_mem(png_structp png, png_bytep out, size_t n)
{
    struct png_dec *p = png_get_io_ptr(png);
    if (n > p->size - p->pos)
        png_error(png, "the file ends early");
    memcpy(out, p->data + p->pos, n);
    p->pos += n;
}

/* Everything that may longjmp; p lives in the caller's frame. */
static int png_decode_in(struct png_dec *p)
{
    if (setjmp(png_jmpbuf(p->png)))
        return -1;
    png_set_read_fn(p->png, p, png_read_mem);
    png_set_user_limits(p->png, PHOTO_MAX_SIDE, PHOTO_MAX_SIDE);
    png_set_chunk_malloc_max(p->png, PHOTO_PNG_CHUNK_MAX);
    png_set_keep_unknown_chunks(p->png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_read_info(p->png, p->info);

    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(p->png, p->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    /* the real header, not the store's word for it (libpng's user limits
     * already stop anything wider or taller; this says so in plain words) */
    if (check_size(w, h, p->why, p->why_len) != 0)
        return -1;
    if (interlace != PNG_INTERLACE_NONE && (uint64_t)w * h * 4 > PHOTO_FULL_DECODE_BYTES) {
        rules_fail(p->why, p->why_len,
                   "is an interlaced PNG of %lux%lu pixels; at most %ld pixels when interlaced "
                   "(save it without interlacing)",
                   (unsigned long)w, (unsigned long)h, (long)(PHOTO_FULL_DECODE_BYTES / 4));
        return -1;
    }
    if ((png_uint_32)p->out_w > w || (png_uint_32)p->out_h > h) {
        rules_fail(p->why, p->why_len, "is %lux%lu pixels, smaller than its header said",
                   (unsigned long)w, (unsigned long)h);
        return -1;
    }

    /* to 8-bit B, G, R, A */
    png_set_expand(p->png);
    png_set_strip_16(p->png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(p->png);
    png_set_bgr(p->png);
    png_set_filler(p->png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(p->png);
    png_read_update_info(p->png, p->info);
    if (png_get_rowbytes(p->png, p->info) != (size_t)w * 4)
        png_error(p->png, "unexpected row format");

    if (shrink_init(&p->sh, (int)w, (int)h, p->out_w, p->out_h, p->bg) != 0) {
        rules_fail(p->why, p->why_len, "was not decoded: out of memory");
        return -1;
    }
    size_t stride = (size_t)w * 4;
    if (passes > 1) {
        p->row = malloc(stride * h);
        p->rows = malloc(sizeof(*p->rows) * h);
        if (!p->row || !p->rows) {
            rules_fail(p->why, p->why_len, "was not decoded: out of memory");
            return -1;
        }
        for (png_uint_32 y = 0; y < h; y++)
            p->rows[y] = p->row + stride * y;
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < h; y++) {
                if (p->cancelled && p->cancelled(p->cancel_ctx)) {
                    rules_fail(p->why, p->why_len, "was not decoded: cancelled");
                    return -1;
                }
                png_read_row(p->png, p->rows[y], NULL);
            }
        }
        for (png_uint_32 y = 0; y < h; y++)
            shrink_row(&p->sh, p->rows[y]);
    } else {
        p->row = malloc(stride);
        if (!p->row) {
            rules_fail(p->why, p->why_len, "was not decoded: out of memory");
            return -1;
        }
        for (png_uint_32 y = 0; y < h; y++) {
            if (p->cancelled && p->cancelled(p->cancel_ctx)) {
                rules_fail(p->why, p->why_len, "was not decoded: cancelled");
                return -1;
            }
            png_read_row(p->png, p->row, NULL);
            shrink_row(&p->sh, p->row);
        }
    }
    return 0;
}

static SDL_Surface *png_decode(struct png_dec *p)
{
    SDL_Surface *out = NULL;
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, png_on_error, png_on_warning);
    if (!p->png || !(p->info = png_create_info_struct(p->png))) {
        rules_fail(p->why, p->why_len, "was not decoded: out of memory");
        goto done;
    }
    if (png_decode_in(p) == 0)
        out = shrink_take(&p->sh);
done:
    if (p->png)
        png_destroy_read_struct(&p->png, p->info ? &p->info : NULL, NULL);
    free(p->rows);
    free(p->row);
    shrink_free(&p->sh);
    return out;
}

/* ---- JPEG ---------------------------------------------------------------------- */

struct jpeg_dec {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr jerr;
    struct jpeg_progress_mgr progress;
    jmp_buf jmp;
    int created;
    const unsigned char *data;
    size_t size;
    int out_w, out_h;
    uint32_t bg;
    photo_cancelled_fn cancelled;
    void *cancel_ctx;
    unsigned char *row;
    struct shrink sh;
    char *why;
    size_t why_len;
};

static void jpeg_on_error(j_common_ptr c)
{
    struct jpeg_dec *j = (struct jpeg_dec *)c->client_data;
    char msg[JMSG_LENGTH_MAX];
    c->err->format_message(c, msg);
    if (c->err->msg_code == JERR_NO_BACKING_STORE)
        rules_fail(j->why, j->why_len, "needs more than %ld MB to decode", PHOTO_WORK_BYTES >> 20);
    else
        rules_fail(j->why, j->why_len, "is a damaged JPEG (%s)", msg);
    longjmp(j->jmp, 1);
}

/* A warning is damaged data (a truncated file, a corrupt stream): libjpeg
 * would go on and show grey where the data is missing; the kiosk would
 * rather show the panel's placeholder and say what is wrong. Trace
 * messages (level > 0) are ignored. */
static void jpeg_on_message(j_common_ptr c, int level)
{
    if (level < 0)
        c->err->error_exit(c);
}

static void jpeg_on_progress(j_common_ptr c)
{
    struct jpeg_dec *j = (struct jpeg_dec *)c->client_data;
    if (j->cinfo.input_scan_number > PHOTO_JPEG_MAX_SCANS) {
        rules_fail(j->why, j->why_len, "is a JPEG of more than %d scans", PHOTO_JPEG_MAX_SCANS);
        longjmp(j->jmp, 1);
    }
    if (j->cancelled && j->cancelled(j->cancel_ctx)) {
        rules_fail(j->why, j->why_len, "was not decoded: cancelled");
        longjmp(j->jmp, 1);
    }
}

/* Bytes of coefficients a multi-scan JPEG keeps for the whole picture. */
static uint64_t jpeg_coef_bytes(const struct jpeg_decompress_struct *c)
{
    uint64_t n = 0;
    for (int i = 0; i < c->num_components; i++) {
        const jpeg_component_info *ci = &c->comp_info[i];
        uint64_t bw = ci->width_in_blocks + (uint64_t)ci->h_samp_factor;
        uint64_t bh = ci->height_in_blocks + (uint64_t)ci->v_samp_factor;
        n += bw * bh * DCTSIZE2 * sizeof(JCOEF);
    }
    return n;
}

static int jpeg_decode_in(struct jpeg_dec *j)
{
    struct jpeg_decompress_struct *c = &j->cinfo;
    if (setjmp(j->jmp))
        return -1;
    jpeg_create_decompress(c);
    j->created = 1;
    c->client_data = j;
    c->mem->max_memory_to_use = PHOTO_WORK_BYTES;
    j->progress.progress_monitor = jpeg_on_progress;
    c->progress = &j->progress;
    jpeg_mem_src(c, j->data, (unsigned long)j->size);
    jpeg_read_header(c, TRUE);
    if (check_size(c->image_width, c->image_height, j->why, j->why_len) != 0)
        return -1;
    if (c->jpeg_color_space == JCS_CMYK || c->jpeg_color_space == JCS_YCCK) {
        rules_fail(j->why, j->why_len, "%s", IMAGE_PROBE_CMYK);
        return -1;
    }
    if (jpeg_has_multiple_scans(c) && jpeg_coef_bytes(c) > (uint64_t)PHOTO_WORK_BYTES) {
        rules_fail(j->why, j->why_len,
                   "is a progressive JPEG of %ux%u pixels; at most about %ld megapixels when "
                   "progressive (save it as a baseline JPEG)",
                   c->image_width, c->image_height, PHOTO_WORK_BYTES / 3 / (1000 * 1000));
        return -1;
    }
    if ((JDIMENSION)j->out_w > c->image_width || (JDIMENSION)j->out_h > c->image_height) {
        rules_fail(j->why, j->why_len, "is %ux%u pixels, smaller than its header said",
                   c->image_width, c->image_height);
        return -1;
    }
    /* the largest DCT scaling (1/8, 1/4, 1/2) that is still no smaller
     * than what is shown; the box filter does the rest */
    c->out_color_space = JCS_EXT_BGRA;
    c->scale_num = 1;
    c->scale_denom = 8;
    for (;;) {
        jpeg_calc_output_dimensions(c);
        if ((c->output_width >= (JDIMENSION)j->out_w && c->output_height >= (JDIMENSION)j->out_h) ||
            c->scale_denom == 1)
            break;
        c->scale_denom /= 2;
    }
    jpeg_start_decompress(c);
    if (c->output_components != 4 || c->output_width < (JDIMENSION)j->out_w ||
        c->output_height < (JDIMENSION)j->out_h) {
        rules_fail(j->why, j->why_len, "was not decoded: unexpected output format");
        return -1;
    }
    if (shrink_init(&j->sh, (int)c->output_width, (int)c->output_height, j->out_w, j->out_h,
                    j->bg) != 0 ||
        !(j->row = malloc((size_t)c->output_width * 4))) {
        rules_fail(j->why, j->why_len, "was not decoded: out of memory");
        return -1;
    }
    while (c->output_scanline < c->output_height) {
        if (j->cancelled && j->cancelled(j->cancel_ctx)) {
            rules_fail(j->why, j->why_len, "was not decoded: cancelled");
            return -1;
        }
        JSAMPROW rows[1] = {j->row};
        if (jpeg_read_scanlines(c, rows, 1) != 1) {
            rules_fail(j->why, j->why_len, "is a damaged JPEG (it ends early)");
            return -1;
        }
        shrink_row(&j->sh, j->row);
    }
    jpeg_finish_decompress(c);
    return 0;
}

static SDL_Surface *jpeg_decode(struct jpeg_dec *j)
{
    SDL_Surface *out = NULL;
    j->cinfo.err = jpeg_std_error(&j->jerr);
    j->jerr.error_exit = jpeg_on_error;
    j->jerr.emit_message = jpeg_on_message;
    if (jpeg_decode_in(j) == 0)
        out = shrink_take(&j->sh);
    if (j->created)
        jpeg_destroy_decompress(&j->cinfo);
    free(j->row);
    shrink_free(&j->sh);
    return out;
}

SDL_Surface *photo_decode(const void *data, size_t size, int out_w, int out_h, uint32_t bg_rgb,
                          photo_cancelled_fn cancelled, void *cancel_ctx, char *why, size_t why_len)
{
    struct photo_info info;
    if (photo_probe(data, size, &info, why, why_len) != 0)
        return NULL;
    if (out_w < 1 || out_h < 1 || out_w > info.w || out_h > info.h ||
        (long)out_w * out_h > PHOTO_MAX_OUT_PIXELS) {
        rules_fail(why, why_len, "was not decoded: cannot shrink %dx%d to %dx%d", info.w, info.h,
                   out_w, out_h);
        return NULL;
    }
    if (strcmp(info.mime, "image/png") == 0) {
        struct png_dec p;
        memset(&p, 0, sizeof(p));
        p.data = data;
        p.size = size;
        p.out_w = out_w;
        p.out_h = out_h;
        p.bg = bg_rgb;
        p.cancelled = cancelled;
        p.cancel_ctx = cancel_ctx;
        p.why = why;
        p.why_len = why_len;
        return png_decode(&p);
    }
    struct jpeg_dec *j = calloc(1, sizeof(*j)); /* a jmp_buf and libjpeg's state: not small */
    if (!j) {
        rules_fail(why, why_len, "was not decoded: out of memory");
        return NULL;
    }
    j->data = data;
    j->size = size;
    j->out_w = out_w;
    j->out_h = out_h;
    j->bg = bg_rgb;
    j->cancelled = cancelled;
    j->cancel_ctx = cancel_ctx;
    j->why = why;
    j->why_len = why_len;
    SDL_Surface *out = jpeg_decode(j);
    free(j);
    return out;
}
