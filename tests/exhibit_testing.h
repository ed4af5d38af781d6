/* exhibit_testing.h - what the tests that lay out the bundled exhibit with
 * the real fonts share: the supported screen sizes, and a fixture with the
 * store the build wrote ($VITRINE_BINARY_DIR/pyongyang-2014.vitrine), the
 * real text measurer and the store's info (panels, locales). Include once
 * per test, after cmocka.h. */
#ifndef VITRINE_EXHIBIT_TESTING_H
#define VITRINE_EXHIBIT_TESTING_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "content/arena.h"
#include "content/store.h"
#include "platform/text.h"

/* The sizes every panel must read well at: app/cli/main.c's cli_sizes (which
 * `bundle build` uses; main.c is not linked into tests), in its order. */
static const struct {
    int w, h;
} sizes[] = {{1920, 1080}, {1080, 1920}, {3840, 2160}, {1280, 800}, {800, 480},
             {1024, 768},  {768, 1024},  {1366, 768},  {2560, 1440}};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

struct fixture {
    struct text *text;
    const struct text_measurer *m;
    struct store *store;
    struct arena info_arena;
    struct store_info info;
};

static struct fixture fx;

static int setup(void **state)
{
    (void)state;
    char why[512] = "";
    const char *bin = getenv("VITRINE_BINARY_DIR");
    if (!bin) {
        fprintf(stderr, "VITRINE_BINARY_DIR is not set (run through ctest)\n");
        return -1;
    }
    char path[4096];
    /* VITRINE_EXHIBIT: another store the build wrote (the right-to-left
     * test exhibit, rtl-test.vitrine) */
    const char *name = getenv("VITRINE_EXHIBIT");
    snprintf(path, sizeof path, "%s/%s", bin, name && *name ? name : "pyongyang-2014.vitrine");
    if (store_open_file(path, &fx.store, why, sizeof why) != 0) {
        fprintf(stderr, "cannot open %s: %s\n", path, why);
        return -1;
    }
    fx.text = text_open(NULL, why, sizeof why);
    if (!fx.text) {
        fprintf(stderr, "no font: %s\n", why);
        return -1;
    }
    fx.m = text_measurer(fx.text);
    arena_init(&fx.info_arena, 4096);
    if (store_info(fx.store, NULL, &fx.info_arena, &fx.info, why, sizeof why) != 0) {
        fprintf(stderr, "store_info: %s\n", why);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    arena_free(&fx.info_arena);
    store_close(fx.store);
    text_close(fx.text);
    memset(&fx, 0, sizeof fx);
    return 0;
}

#endif
