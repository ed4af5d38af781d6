/* pngdiff [--turn DEG] [--tolerance D PERMILLE] A.png B.png: compares two PNGs pixel by
 * pixel and prints "same" or "differ N pixels (max channel delta D) in box
 * x0,y0-x1,y1". Exit 0 when the same, 1 when they differ, 2 on error. Used
 * to check that a change leaves the rendered panels pixel-identical
 * (tests/compare_renders.sh). With --tolerance, pixels whose channels all
 * differ by at most D count as the same, and the pictures are the same
 * ("close") when at most PERMILLE per mille of the pixels differ more: the
 * golden images (tests/test_golden.sh), which another FreeType may hint a
 * little differently. With --turn, B is first turned DEG (90, 180, 270)
 * counter-clockwise: a picture the kiosk drew turned (--rotation DEG)
 * against one drawn upright at the turned size. */
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

/* s turned deg counter-clockwise (undoing a clockwise turn), as a new
 * surface; s is freed. */
static SDL_Surface *turn_back(SDL_Surface *s, int deg)
{
    if (!s || deg % 360 == 0)
        return s;
    int q = (deg / 90) % 4, w = q % 2 ? s->h : s->w, h = q % 2 ? s->w : s->h;
    SDL_Surface *t = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (t) {
        for (int y = 0; y < s->h; y++) {
            const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + (size_t)y * s->pitch);
            for (int x = 0; x < s->w; x++) {
                /* (x, y) of the turned picture lands at (tx, ty) upright */
                int tx = q == 1 ? y : q == 2 ? s->w - 1 - x : s->h - 1 - y;
                int ty = q == 1 ? s->w - 1 - x : q == 2 ? s->h - 1 - y : x;
                *(Uint32 *)((Uint8 *)t->pixels + (size_t)ty * t->pitch + (size_t)tx * 4) = row[x];
            }
        }
    }
    SDL_FreeSurface(s);
    return t;
}

int main(int argc, char **argv)
{
    int tol = -1, permille = 0, turn = 0;
    if (argc >= 3 && strcmp(argv[1], "--turn") == 0) {
        turn = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc == 6 && strcmp(argv[1], "--tolerance") == 0) {
        tol = atoi(argv[2]);
        permille = atoi(argv[3]);
        argv += 3;
        argc -= 3;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: pngdiff [--turn DEG] [--tolerance D PERMILLE] A.png B.png\n");
        return 2;
    }
    SDL_Surface *a = load(argv[1]), *b = turn_back(load(argv[2]), turn);
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
