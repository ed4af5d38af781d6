/* image.h - PNG helpers for headless rendering: a contact sheet of rendered
 * panels (for reviewing a whole exhibit at a glance) and a cheap probe of a
 * PNG's size. Works without SDL video. */
#ifndef VITRINE_IMAGE_H
#define VITRINE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

struct SDL_Surface;

/* Lay the PNGs png_paths[0..n) out in a grid and write it to out_path.
 *
 * Columns: ceil(sqrt(n)); rows: ceil(n / columns). Every cell is thumb_w
 * pixels wide and as tall as the tallest thumbnail (each image is scaled
 * to thumb_w wide, aspect kept, height rounded, at least 1); thumbnails are
 * centred in their cells on a dark background, with a gutter of
 * image_gutter(thumb_w) pixels around and between cells. So the sheet is
 *   cols * thumb_w + (cols + 1) * gutter  wide,
 *   rows * cell_h  + (rows + 1) * gutter  high.
 * Scaling averages the source pixels each thumbnail pixel covers (box
 * filter), which keeps thin type legible in a small thumbnail.
 * Returns 0, or -1 with why set (an unreadable PNG, n < 1, thumb_w < 1,
 * out of memory, a write failure); nothing is written on failure. */
int image_contact_sheet(const char *const *png_paths, int n, int thumb_w, const char *out_path,
                        char *why, size_t why_len);

/* Thumbnails on one page of a contact sheet (image_contact_sheets). */
#define IMAGE_SHEET_PAGE 48

/* Contact sheets of any number of panels in bounded memory: pages of at
 * most IMAGE_SHEET_PAGE thumbnails, each laid out as image_contact_sheet
 * does and written before the next is read. One page is written as
 * DIR/contact-sheet.png; more as DIR/contact-sheet-01.png, -02.png, ...
 * (two digits at least, more when there are 100 pages or more). *pages
 * receives how many were written. 0, or -1 with why set. */
int image_contact_sheets(const char *const *png_paths, int n, int thumb_w, const char *dir,
                         int *pages, char *why, size_t why_len);

/* Write surface as a PNG at path safely: to path + ".tmp", then renamed
 * into place, so that a full disk or a crash never leaves a truncated
 * picture under the real name. On failure nothing is left behind and why
 * says what happened, "the disk is full" when it is. 0 or -1. */
int image_save_png(struct SDL_Surface *surface, const char *path, char *why, size_t why_len);

/* Encode w x h pixels (XRGB8888, 0x00RRGGBB per uint32, pitch bytes a
 * row) as a baseline JPEG of quality 1..100 into *out (malloc'd, *size
 * bytes). 0, or -1 with why. A video's poster (platform/content_check.c). */
int image_encode_jpeg(const uint32_t *pixels, int w, int h, int pitch, int quality,
                      unsigned char **out, size_t *size, char *why, size_t why_len);

/* Free a surface from this module or display.h (NULL: nothing), for
 * callers that do not include SDL. */
void image_free(struct SDL_Surface *s);

/* The gutter used by image_contact_sheet for thumb_w. */
int image_gutter(int thumb_w);

/* A new w x h ARGB8888 copy of src (any format), each pixel the average
 * of the source pixels it covers (box filter: for shrinking; enlarging
 * repeats pixels), transparency flattened onto bg_rgb (0xRRGGBB), opaque.
 * The caller frees it with SDL_FreeSurface. NULL on failure (SDL_GetError). */
struct SDL_Surface *image_scale_box(struct SDL_Surface *src, int w, int h, uint32_t bg_rgb);

/* Width and height from a PNG's IHDR chunk, without decoding. 0, or -1 when
 * the file cannot be read or is not a PNG. */
int image_probe_png(const char *path, int *w, int *h);

#endif
