/* fuzz_author.c - libFuzzer harness for the exhibit compiler (author.c).
 *
 * The input is the text of one panel file. At the first call the good test
 * exhibit (tests/data/author/good) is copied into a temporary folder, with a
 * small PNG and JPEG under images/ so image panels can succeed; every input
 * then replaces panels/03-runners.yaml there and the exhibit is built into
 * a temporary store (no fit check). Every other panel is valid and every
 * source is used elsewhere, so the input alone decides the outcome. Errors
 * are fine; a crash, a sanitizer report or a leak is a bug.
 *
 * The source tree is found through VITRINE_SOURCE_DIR, else the path CMake
 * compiled in. The folder is removed at exit. Set TMPDIR to a tmpfs
 * (/dev/shm) when fuzzing: a successful build syncs the store to disk. */
#define _XOPEN_SOURCE 700

#include <dirent.h>
#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/author.h"

#ifndef VITRINE_FUZZ_SOURCE_DIR
#define VITRINE_FUZZ_SOURCE_DIR "."
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[512];
static char src[600];
static char panel[700];
static char out[600];

/* A 1x1 RGBA PNG. */
static const unsigned char png_1x1[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
    0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
    0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};

/* The start of a baseline JPEG: SOI, an APP0 segment, SOF0 for 3x2 pixels. */
static const unsigned char jpeg_3x2[] = {
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J',  'F',  'I',  'F',  0x00, 0x01, 0x01, 0x00,
    0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00,
    0x03, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
};

static void die(const char *what, const char *path)
{
    fprintf(stderr, "fuzz_author: %s %s\n", what, path);
    abort();
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        die("cannot write", path);
    if (len && fwrite(data, 1, len, f) != len)
        die("cannot write", path);
    if (fclose(f) != 0)
        die("cannot write", path);
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        die("cannot read", from);
    FILE *o = fopen(to, "wb");
    if (!o)
        die("cannot write", to);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, o) != n)
            die("cannot write", to);
    fclose(in);
    if (fclose(o) != 0)
        die("cannot write", to);
}

static void copy_tree(const char *from, const char *to)
{
    if (mkdir(to, 0755) != 0)
        die("cannot create", to);
    DIR *d = opendir(from);
    if (!d)
        die("cannot open (set VITRINE_SOURCE_DIR)", from);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char a[1024], b[1024];
        snprintf(a, sizeof a, "%s/%s", from, e->d_name);
        snprintf(b, sizeof b, "%s/%s", to, e->d_name);
        struct stat st;
        if (stat(a, &st) != 0)
            die("cannot stat", a);
        if (S_ISDIR(st.st_mode))
            copy_tree(a, b);
        else
            copy_file(a, b);
    }
    closedir(d);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void cleanup(void)
{
    if (root[0])
        nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void init(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/fuzz_author.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root))
        die("cannot create", root);
    atexit(cleanup);
    const char *dir = getenv("VITRINE_SOURCE_DIR");
    char good[1024], path[1024];
    snprintf(good, sizeof good, "%s/tests/data/author/good",
             dir && *dir ? dir : VITRINE_FUZZ_SOURCE_DIR);
    snprintf(src, sizeof src, "%s/exhibit", root);
    snprintf(panel, sizeof panel, "%s/panels/03-runners.yaml", src);
    snprintf(out, sizeof out, "%s/out.vitrine", root);
    copy_tree(good, src);
    snprintf(path, sizeof path, "%s/images", src);
    if (mkdir(path, 0755) != 0)
        die("cannot create", path);
    snprintf(path, sizeof path, "%s/images/a.png", src);
    write_bytes(path, png_1x1, sizeof png_1x1);
    snprintf(path, sizeof path, "%s/images/b.jpg", src);
    write_bytes(path, jpeg_3x2, sizeof jpeg_3x2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char why[16384];
    if (!root[0])
        init();
    write_bytes(panel, data, size);
    (void)author_build(src, out, NULL, why, sizeof why);
    remove(out);
    return 0;
}
