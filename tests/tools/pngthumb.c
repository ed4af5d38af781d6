/* pngthumb WIDTH IN.png OUT.png: IN scaled down to WIDTH pixels wide (its
 * proportions kept), each pixel the average of the pixels it covers, so
 * thin type stays legible where nearest-neighbour scaling would drop
 * strokes. For the gallery (docs/gallery/update.sh). Exit 0, or 1 with a
 * line on stderr. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

static SDL_Surface *shrink(SDL_Surface *src, int w)
{
    int h = (int)((long)src->h * w / src->w);
    if (h < 1)
        h = 1;
    SDL_Surface *out = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!out)
        return NULL;
    for (int y = 0; y < h; y++) {
        int y0 = (int)((long)y * src->h / h), y1 = (int)((long)(y + 1) * src->h / h);
        Uint32 *row = (Uint32 *)((Uint8 *)out->pixels + (size_t)y * (size_t)out->pitch);
        for (int x = 0; x < w; x++) {
            int x0 = (int)((long)x * src->w / w), x1 = (int)((long)(x + 1) * src->w / w);
            unsigned long sum[4] = {0, 0, 0, 0}, n = 0;
            for (int sy = y0; sy < (y1 > y0 ? y1 : y0 + 1); sy++) {
                const Uint32 *in =
                    (const Uint32 *)((const Uint8 *)src->pixels + (size_t)sy * (size_t)src->pitch);
                for (int sx = x0; sx < (x1 > x0 ? x1 : x0 + 1); sx++, n++)
                    for (int c = 0; c < 4; c++)
                        sum[c] += in[sx] >> (8 * c) & 0xFF;
            }
            Uint32 px = 0;
            for (int c = 0; c < 4; c++)
                px |= (Uint32)((sum[c] + n / 2) / n) << (8 * c);
            row[x] = px;
        }
    }
    return out;
}

int main(int argc, char **argv)
{
    int w = argc == 4 ? atoi(argv[1]) : 0;
    if (w < 1 || w > 8192) {
        fprintf(stderr, "usage: pngthumb WIDTH IN.png OUT.png\n");
        return 1;
    }
    SDL_Surface *raw = IMG_Load(argv[2]);
    SDL_Surface *src = raw ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_FreeSurface(raw);
    if (!src) {
        fprintf(stderr, "pngthumb: %s: %s\n", argv[2], IMG_GetError());
        return 1;
    }
    SDL_Surface *out = w < src->w ? shrink(src, w) : src;
    int rc = out && IMG_SavePNG(out, argv[3]) == 0 ? 0 : 1;
    if (rc)
        fprintf(stderr, "pngthumb: %s: %s\n", argv[3], IMG_GetError());
    if (out != src)
        SDL_FreeSurface(out);
    SDL_FreeSurface(src);
    return rc;
}
