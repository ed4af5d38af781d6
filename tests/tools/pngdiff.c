/* pngdiff [--tolerance D PERMILLE] A.png B.png: compares two PNGs pixel by
 * pixel and prints "same" or "differ N pixels (max channel delta D) in box
 * x0,y0-x1,y1". Exit 0 when the same, 1 when they differ, 2 on error. Used
 * to check that a change leaves the rendered panels pixel-identical
 * (tests/compare_renders.sh). With --tolerance, pixels whose channels all
 * differ by at most D count as the same, and the pictures are the same
 * ("close") when at most PERMILLE per mille of the pixels differ more: the
 * golden images (tests/test_golden.sh), which another FreeType may hint a
 * little differently. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static SDL_Surface *load(const char *path)
{
    SDL_Surface *s = IMG_Load(path);
    if (!s)
        return NULL;
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    return c;
}

static int compare(SDL_Surface *a, SDL_Surface *b, int tol, int permille);

int main(int argc, char **argv)
{
    int tol = -1, permille = 0;
    if (argc == 6 && strcmp(argv[1], "--tolerance") == 0) {
        tol = atoi(argv[2]);
        permille = atoi(argv[3]);
        argv += 3;
        argc -= 3;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: pngdiff [--tolerance D PERMILLE] A.png B.png\n");
        return 2;
    }
    SDL_Surface *a = load(argv[1]), *b = load(argv[2]);
    if (!a || !b) {
        fprintf(stderr, "pngdiff: cannot read %s\n", !a ? argv[1] : argv[2]);
        SDL_FreeSurface(a);
        SDL_FreeSurface(b);
        return 2;
    }
    int rc = compare(a, b, tol, permille);
    SDL_FreeSurface(a);
    SDL_FreeSurface(b);
    return rc;
}

static int compare(SDL_Surface *a, SDL_Surface *b, int tol, int permille)
{
    if (a->w != b->w || a->h != b->h) {
        printf("differ in size: %dx%d vs %dx%d\n", a->w, a->h, b->w, b->h);
        return 1;
    }
    long n = 0;
    int maxd = 0, x0 = a->w, y0 = a->h, x1 = -1, y1 = -1;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + (size_t)y * a->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + (size_t)y * b->pitch);
        for (int x = 0; x < a->w; x++) {
            if ((ra[x] & 0xFFFFFF) == (rb[x] & 0xFFFFFF))
                continue;
            int pd = 0;
            for (int sh = 0; sh < 24; sh += 8) {
                int d = abs((int)((ra[x] >> sh) & 0xFF) - (int)((rb[x] >> sh) & 0xFF));
                pd = d > pd ? d : pd;
            }
            if (pd <= tol)
                continue;
            n++;
            maxd = pd > maxd ? pd : maxd;
            x0 = x < x0 ? x : x0;
            y0 = y < y0 ? y : y0;
            x1 = x > x1 ? x : x1;
            y1 = y > y1 ? y : y1;
        }
    }
    if (n == 0) {
        printf("same\n");
        return 0;
    }
    if (tol >= 0 && n * 1000 <= (long)permille * a->w * a->h) {
        printf("close: %ld pixels differ by more than %d (max %d), within %d per mille\n", n, tol,
               maxd, permille);
        return 0;
    }
    printf("differ %ld pixels (max channel delta %d) in box %d,%d-%d,%d\n", n, maxd, x0, y0, x1,
           y1);
    return 1;
}
