/* photogen - write a JPEG that looks like a photograph to an encoder
 * (smooth light, edges and grain), for benchmarks that need big bundles.
 * Usage: photogen OUT.jpg WIDTH HEIGHT QUALITY SEED */
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: photogen OUT.jpg WIDTH HEIGHT QUALITY SEED\n");
        return 2;
    }
    int w = atoi(argv[2]), h = atoi(argv[3]), q = atoi(argv[4]);
    unsigned seed = (unsigned)strtoul(argv[5], NULL, 10);
    FILE *f = fopen(argv[1], "wb");
    if (!f || w <= 0 || h <= 0)
        return 1;
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = (JDIMENSION)w;
    c.image_height = (JDIMENSION)h;
    c.input_components = 3;
    c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, q, TRUE);
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc((size_t)w * 3);
    unsigned x32 = seed * 2654435761u + 1;
    while (c.next_scanline < c.image_height) {
        int y = (int)c.next_scanline;
        for (int x = 0; x < w; x++) {
            x32 ^= x32 << 13;
            x32 ^= x32 >> 17;
            x32 ^= x32 << 5;
            int grain = (int)(x32 & 63) - 32;
            int band = ((x / 97 + y / 61 + (int)seed) & 3) * 40;
            for (int k = 0; k < 3; k++) {
                int v = (x * (k + 1) + y * (3 - k)) * 255 / (w + h) / 2 + band + grain;
                row[x * 3 + k] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
        }
        JSAMPROW r = row;
        jpeg_write_scanlines(&c, &r, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(row);
    return fclose(f) == 0 ? 0 : 1;
}
