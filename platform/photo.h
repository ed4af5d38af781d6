/* photo.h - decoding a panel's photo (PNG or JPEG) within a memory limit,
 * straight to the size it is shown at.
 *
 * The store keeps photos encoded and the size it declares for them is not
 * trusted: the decoders read the real size from the header of the bytes
 * they decode and refuse, before decoding a pixel, a photo above the limits
 * below. Pixels are shrunk while they are decoded (JPEG: libjpeg's DCT
 * scaling to 1/2, 1/4 or 1/8; then both formats: a box filter fed one row
 * at a time), so the full-size picture is never in memory, except for an
 * interlaced PNG, which is refused above PHOTO_FULL_DECODE_BYTES.
 *
 * What one photo costs at most, above the kiosk's baseline:
 *   the shrunk picture         PHOTO_MAX_OUT_PIXELS * 4  = 16 MiB
 *   its texture (same size)                                16 MiB
 *   the decoder's working set  PHOTO_WORK_BYTES          = 24 MiB
 *                              (a progressive JPEG's coefficients or an
 *                               interlaced PNG's rows; otherwise a few rows)
 *   total                                                 56 MiB < 64 MiB
 *
 * Thread safety: photo_probe and photo_decode keep no state between calls
 * and may run on any thread (SDL surfaces need no video subsystem). */
#ifndef VITRINE_PHOTO_H
#define VITRINE_PHOTO_H

#include <stddef.h>
#include <stdint.h>

#include "image_probe.h"

struct SDL_Surface;

/* At most this many pixels a side (the same limit `bundle build` applies). */
#define PHOTO_MAX_SIDE IMAGE_PROBE_MAX_SIDE
/* The decoded picture is at most this many pixels (2560x1600 = 4 Mpx); a
 * larger box is filled by the renderer enlarging it (linear filter). */
#define PHOTO_MAX_OUT_PIXELS (4L * 1024 * 1024)
/* The decoder's own memory: libjpeg's limit, and the most a progressive
 * JPEG's coefficients or an interlaced PNG's full rows may take. */
#define PHOTO_WORK_BYTES (24L * 1024 * 1024)
/* libpng's limit on one ancillary chunk (text, ICC profile) once inflated. */
#define PHOTO_PNG_CHUNK_MAX (1L * 1024 * 1024)
/* A progressive JPEG with more scans than this is refused (each scan
 * passes over the whole picture; thousands of empty scans stall a decoder). */
#define PHOTO_JPEG_MAX_SCANS 256

struct photo_info {
    int w, h;         /* the size in pixels the header declares */
    const char *mime; /* "image/png" or "image/jpeg" */
};

/* Read the header of data[0..size) and check it against the limits. 0, or
 * -1 with why set to a plain sentence that follows "The photo ..." (for
 * example "is 30000x30000 pixels; at most 8192 a side"). Nothing is decoded. */
int photo_probe(const void *data, size_t size, struct photo_info *info, char *why, size_t why_len);

/* Called between rows; nonzero stops the decode (photo_decode then fails
 * with why "was not decoded: cancelled"). */
typedef int (*photo_cancelled_fn)(void *ctx);

/* Decode data[0..size) into a new out_w x out_h ARGB8888 surface, opaque,
 * transparency flattened onto bg_rgb (0xRRGGBB), each pixel the average of
 * the source pixels it covers. out_w and out_h must be 1 .. the photo's own
 * size (no enlarging) and out_w * out_h at most PHOTO_MAX_OUT_PIXELS.
 * Robust to any bytes: a truncated or damaged photo, one whose header lies
 * or that would need more memory than the limits allow gives NULL with why
 * set (a sentence that follows "The photo ..."). cancelled may be NULL.
 * The caller frees the surface with SDL_FreeSurface. */
struct SDL_Surface *photo_decode(const void *data, size_t size, int out_w, int out_h,
                                 uint32_t bg_rgb, photo_cancelled_fn cancelled, void *cancel_ctx,
                                 char *why, size_t why_len);

/* The size to decode a w x h photo at to show it fitted in a box_w x box_h
 * box (aspect kept): *dst_w x *dst_h on screen, *out_w x *out_h decoded
 * (never larger than the photo, nor than PHOTO_MAX_OUT_PIXELS; the renderer
 * enlarges the rest). All at least 1. */
void photo_fit(int w, int h, int box_w, int box_h, int *dst_w, int *dst_h, int *out_w, int *out_h);

#endif
