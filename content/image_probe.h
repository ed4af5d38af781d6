/* image_probe.h - checking a photo for an image panel without decoding it.
 *
 * The build stores photos as they are; the kiosk decodes them when a panel
 * is shown. So that a photo the kiosk cannot show is a build error, its
 * header is read here: PNG (the IHDR chunk) or JPEG (the first baseline or
 * progressive frame header), its size in pixels, its colours (a CMYK JPEG
 * is refused), and the limits below.
 * Nothing is decoded, so a file that is damaged past its header passes. */
#ifndef VITRINE_IMAGE_PROBE_H
#define VITRINE_IMAGE_PROBE_H

#include <stddef.h>

#include "rules.h"

/* The limits are content rules (rules.h), shared with the store reader. */
#define IMAGE_PROBE_MAX_BYTES RULES_IMAGE_MAX_BYTES
#define IMAGE_PROBE_MAX_SIDE RULES_IMAGE_MAX_SIDE

/* Why a CMYK (or YCCK) JPEG is refused, worded to follow the file's name:
 * SDL's decoders and the kiosk's show RGB only. */
#define IMAGE_PROBE_CMYK "is a CMYK JPEG, which the kiosk cannot show; save it as RGB (sRGB)"

/* The MIME type ("image/png", "image/jpeg") and the size in pixels from the
 * header of d[0..n); or NULL with *why set to a reason worded to follow the
 * file's name ("is not a PNG or JPEG image"). */
const char *image_probe_header(const unsigned char *d, size_t n, unsigned long *w, unsigned long *h,
                               const char **why);

/* Read the photo at path and check it against rules_image (format, size in
 * bytes and in pixels).
 * The bytes (malloc'd, owned by the caller), *size, *mime and the size in
 * pixels; or NULL with the reason in why, worded to follow the file's name
 * ("is 9000x10 pixels; a photo must be 1 to 8192 pixels a side"). */
unsigned char *image_probe_load(const char *path, size_t *size, const char **mime, unsigned long *w,
                                unsigned long *h, char *why, size_t why_len);

#endif
