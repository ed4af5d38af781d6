/* fuzz_store.c - libFuzzer harness for the content store reader.
 *
 * The input is a whole store image, opened the way the built-in exhibit is
 * (store_open_memory). A store that opens is read like the kiosk reads it:
 * the exhibit metadata in every locale, every panel in every locale, the
 * sources and the chapter index. Any refusal is fine; a crash, a sanitizer
 * report or a leak is a bug. Built with -fsanitize=fuzzer for fuzzing and
 * with replay_main.c as a plain test that replays the seed corpus. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "content/arena.h"
#include "content/store.h"

/* Enough to reach every code path; a store with more panels is not more
 * interesting, only slower. */
#define FUZZ_MAX_PANELS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read every text field, so a pointer into freed or foreign memory shows;
 * the sum goes to a volatile so the reads are not optimised away. */
static volatile size_t sink;

static void touch(const char *s)
{
    if (s)
        sink += strlen(s);
}

static void read_panel(const struct panel *p)
{
    const char *text[] = {p->id,
                          p->locale,
                          p->chapter,
                          p->heading,
                          p->body,
                          p->note,
                          p->figure.prefix,
                          p->figure.suffix,
                          p->figure.label,
                          p->figure.part_of_label,
                          p->quote.text,
                          p->quote.speaker,
                          p->quote.role,
                          p->quote.context,
                          p->image.alt,
                          panel_kind_name(p->kind)};
    for (size_t i = 0; i < sizeof text / sizeof *text; i++)
        touch(text[i]);
    if (p->image.size)
        sink += ((const unsigned char *)p->image.data)[0] +
                ((const unsigned char *)p->image.data)[p->image.size - 1];
    for (int i = 0; i < p->n_cites; i++) {
        touch(p->cites[i].id);
        touch(p->cites[i].cite);
        touch(p->cites[i].description);
    }
    sink += (size_t)panel_word_count(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct store *s = NULL;
    char why[512];
    if (store_open_memory(data, size, "fuzz input", &s, why, sizeof why) != 0)
        return 0;

    struct arena meta, a;
    arena_init(&meta, 0);
    arena_init(&a, 0);
    struct store_info info;
    if (store_info(s, NULL, &meta, &info, why, sizeof why) != 0)
        goto done;
    touch(info.slug);
    touch(info.version);
    touch(info.title);
    touch(info.subtitle);
    touch(info.default_locale);
    for (int l = 0; l < info.n_locales && l < STORE_MAX_LOCALES; l++) {
        touch(info.locales[l]);
        touch(info.locale_names[l]);
    }

    int n_locales = info.n_locales < 0 ? 0 : info.n_locales;
    if (n_locales > STORE_MAX_LOCALES)
        n_locales = STORE_MAX_LOCALES;
    int n_panels = info.n_panels < FUZZ_MAX_PANELS ? info.n_panels : FUZZ_MAX_PANELS;
    /* NULL first: the default locale; then each locale; then one the
     * exhibit does not have. */
    for (int l = -1; l <= n_locales; l++) {
        const char *loc = l < 0 ? NULL : l < n_locales ? info.locales[l] : "xx";
        struct store_info li;
        if (store_info(s, loc, &a, &li, why, sizeof why) == 0) {
            touch(li.title);
            touch(li.subtitle);
        }
        for (int i = 0; i < n_panels; i++) {
            struct panel p;
            if (store_panel_load(s, i, loc, &a, &p, why, sizeof why) == 0)
                read_panel(&p);
            arena_reset(&a);
        }
        struct store_source *src;
        int n = 0;
        if (store_sources(s, loc, &a, &src, &n, why, sizeof why) == 0)
            for (int i = 0; i < n; i++) {
                touch(src[i].id);
                touch(src[i].cite);
                touch(src[i].description);
                touch(src[i].file);
            }
        struct store_chapter *ch;
        if (store_chapters(s, loc, &a, &ch, &n, 32, why, sizeof why) == 0)
            for (int i = 0; i < n; i++)
                touch(ch[i].title);
        arena_reset(&a);
    }
    /* out of range is refused, never read */
    struct panel p;
    (void)store_panel_load(s, -1, NULL, &a, &p, why, sizeof why);
    (void)store_panel_load(s, info.n_panels, NULL, &a, &p, why, sizeof why);
done:
    arena_free(&a);
    arena_free(&meta);
    store_close(s);
    return 0;
}
