/* Builder and reader agree: every panel the authoring build shows its fit
 * check, in every locale, is exactly what the store it writes gives back
 * through store_panel_load. The fit check promises "the panel as the kiosk
 * will show it"; this test holds it to that, field by field. */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/arena.h"
#include "content/author.h"
#include "content/store.h"

#define MAX_SEEN 256

/* A deep copy of one struct panel, as the fit check was shown it. */
struct seen_cite {
    char *id, *cite, *description;
};

struct seen_panel {
    int index;
    int kind;
    char *id, *locale, *chapter, *heading, *body, *note;
    struct decimal value, to, part_of;
    int has_to, decimals, has_part_of;
    char *prefix, *suffix, *label, *part_of_label;
    char *quote_text, *speaker, *role, *context;
    void *image;
    size_t image_size;
    char *alt;
    struct seen_cite *cites;
    int n_cites;
};

struct seen {
    struct seen_panel p[MAX_SEEN];
    int n;
};

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    char *d = strdup(s);
    assert_non_null(d);
    return d;
}

static int record(void *ctx, const struct panel *p, char *why, size_t why_len, const char **field)
{
    (void)why;
    (void)why_len;
    (void)field;
    struct seen *s = ctx;
    assert_true(s->n < MAX_SEEN);
    struct seen_panel *r = &s->p[s->n++];
    memset(r, 0, sizeof *r);
    r->index = p->index;
    r->kind = (int)p->kind;
    r->id = dup_or_null(p->id);
    r->locale = dup_or_null(p->locale);
    r->chapter = dup_or_null(p->chapter);
    r->heading = dup_or_null(p->heading);
    r->body = dup_or_null(p->body);
    r->note = dup_or_null(p->note);
    if (p->kind == PANEL_STATISTIC) {
        r->value = p->figure.value;
        r->has_to = p->figure.has_to;
        r->to = p->figure.to;
        r->decimals = p->figure.decimals;
        r->has_part_of = p->figure.has_part_of;
        r->part_of = p->figure.part_of;
        r->prefix = dup_or_null(p->figure.prefix);
        r->suffix = dup_or_null(p->figure.suffix);
        r->label = dup_or_null(p->figure.label);
        r->part_of_label = dup_or_null(p->figure.part_of_label);
    } else if (p->kind == PANEL_QUOTE) {
        r->quote_text = dup_or_null(p->quote.text);
        r->speaker = dup_or_null(p->quote.speaker);
        r->role = dup_or_null(p->quote.role);
        r->context = dup_or_null(p->quote.context);
    } else if (p->kind == PANEL_IMAGE) {
        r->alt = dup_or_null(p->image.alt);
        r->image_size = p->image.size;
        if (p->image.size) {
            r->image = malloc(p->image.size);
            assert_non_null(r->image);
            memcpy(r->image, p->image.data, p->image.size);
        }
    }
    r->n_cites = p->n_cites;
    if (p->n_cites > 0) {
        assert_non_null(p->cites);
        r->cites = calloc((size_t)p->n_cites, sizeof *r->cites);
        assert_non_null(r->cites);
        for (int i = 0; i < p->n_cites; i++) {
            r->cites[i].id = dup_or_null(p->cites[i].id);
            r->cites[i].cite = dup_or_null(p->cites[i].cite);
            r->cites[i].description = dup_or_null(p->cites[i].description);
        }
    }
    return 0;
}

static void seen_free(struct seen *s)
{
    for (int i = 0; i < s->n; i++) {
        struct seen_panel *r = &s->p[i];
        char *strings[] = {r->id,         r->locale,  r->chapter, r->heading, r->body,
                           r->note,       r->prefix,  r->suffix,  r->label,   r->part_of_label,
                           r->quote_text, r->speaker, r->role,    r->context, r->alt};
        for (size_t k = 0; k < sizeof strings / sizeof *strings; k++)
            free(strings[k]);
        free(r->image);
        for (int c = 0; c < r->n_cites; c++) {
            free(r->cites[c].id);
            free(r->cites[c].cite);
            free(r->cites[c].description);
        }
        free(r->cites);
    }
    s->n = 0;
}

/* ---- fixture: the good exhibit built into a temporary folder ---------- */

/* The good exhibit has no image panel and no ranged figure; the copy built
 * here gains one of each, with some French missing so fallbacks are
 * compared too. Names sort between 03-runners, 04-jen and 05-credits. */
static const char nights_yaml[] =
    "kind: statistic\n"
    "heading:\n  en: How long they stayed\n  fr: Combien de temps\n"
    "figure:\n"
    "  value: 2.5\n  to: 3.25\n  decimals: 2\n"
    "  suffix:\n    en: \" nights\"\n    fr: \" nuits\"\n"
    "  label: nights in Pyongyang\n"
    "  sources: [cnn, huffpost]\n"
    "note:\n  fr: Les sources divergent.\n  en: The sources disagree.\n";

static const char start_yaml[] =
    "kind: image\n"
    "chapter:\n  en: The start\n  fr: Le départ\n"
    "image:\n  file: images/start.png\n  alt: Runners at the start line.\n"
    "sources: [ctv]\n";

/* What each panel of the fixture cites, from its YAML: the sources of the
 * panel, its figure and its quote together, each once, in the order of
 * exhibit.yaml (ctv, huffpost, cnn); the credits panel lists them all. */
static const struct {
    const char *panel;
    const char *cites[4];
} expected_cites[] = {
    {"01-title", {"cnn"}},                      /* sources: [cnn] */
    {"02-arrival", {"ctv", "huffpost"}},        /* sources: [huffpost, ctv] */
    {"03-runners", {"ctv", "huffpost"}},        /* figure.sources: [huffpost, ctv] */
    {"03b-nights", {"huffpost", "cnn"}},        /* figure.sources: [cnn, huffpost] */
    {"04-jen", {"ctv"}},                        /* quote.sources: [ctv] */
    {"04b-start", {"ctv"}},                     /* sources: [ctv] */
    {"05-credits", {"ctv", "huffpost", "cnn"}}, /* every source */
};

/* A 1x1 RGBA PNG. */
static const unsigned char png_1x1[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
    0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
    0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
};

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s", path);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        fail_msg("cannot read %s", from);
    FILE *out = fopen(to, "wb");
    assert_non_null(out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

static void copy_tree(const char *from, const char *to)
{
    assert_int_equal(mkdir(to, 0755), 0);
    DIR *d = opendir(from);
    if (!d)
        fail_msg("cannot open %s (is VITRINE_SOURCE_DIR set?)", from);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char a[1024], b[1024];
        snprintf(a, sizeof a, "%s/%s", from, e->d_name);
        snprintf(b, sizeof b, "%s/%s", to, e->d_name);
        struct stat st;
        assert_int_equal(stat(a, &st), 0);
        if (S_ISDIR(st.st_mode))
            copy_tree(a, b);
        else
            copy_file(a, b);
    }
    closedir(d);
}

struct fx {
    char dir[512];
    char src[600];
    char out[600];
    struct seen seen;
    struct store *store;
};

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->dir, sizeof f->dir, "%s/test_roundtrip.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->src, sizeof f->src, "%s/exhibit", f->dir);
    snprintf(f->out, sizeof f->out, "%s/good.vitrine", f->dir);

    const char *root = getenv("VITRINE_SOURCE_DIR");
    char good[1024], path[1024];
    snprintf(good, sizeof good, "%s/tests/data/author/good", root && *root ? root : ".");
    copy_tree(good, f->src);
    snprintf(path, sizeof path, "%s/panels/03b-nights.yaml", f->src);
    write_bytes(path, nights_yaml, strlen(nights_yaml));
    snprintf(path, sizeof path, "%s/panels/04b-start.yaml", f->src);
    write_bytes(path, start_yaml, strlen(start_yaml));
    snprintf(path, sizeof path, "%s/images", f->src);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/images/start.png", f->src);
    write_bytes(path, png_1x1, sizeof png_1x1);

    static char why[16384];
    struct author_opts opts = {.fit = record, .fit_ctx = &f->seen};
    if (author_build(f->src, f->out, &opts, why, sizeof why) != 0)
        fail_msg("the good exhibit did not build:\n%s", why);
    if (store_open_file(f->out, &f->store, why, sizeof why) != 0)
        fail_msg("the built store does not open: %s", why);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    store_close(f->store);
    seen_free(&f->seen);
    nftw(f->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    free(f);
    return 0;
}

/* ---- comparison ------------------------------------------------------- */

static void same_text(const char *where, const char *field, const char *built, const char *loaded)
{
    if (!built && !loaded)
        return;
    if (!built || !loaded || strcmp(built, loaded) != 0)
        fail_msg("%s: %s differs: the builder saw %s%s%s, the store gives %s%s%s", where, field,
                 built ? "\"" : "", built ? built : "NULL", built ? "\"" : "", loaded ? "\"" : "",
                 loaded ? loaded : "NULL", loaded ? "\"" : "");
}

/* Digit for digit and sign for sign, not merely equal in value. */
static void same_number(const char *where, const char *field, struct decimal built,
                        struct decimal loaded)
{
    char a[DECIMAL_TEXT_MAX], b[DECIMAL_TEXT_MAX];
    if (strcmp(decimal_text(&built, a), decimal_text(&loaded, b)) != 0)
        fail_msg("%s: %s differs: the builder saw %s, the store gives %s", where, field, a, b);
}

static void same_int(const char *where, const char *field, long built, long loaded)
{
    if (built != loaded)
        fail_msg("%s: %s differs: the builder saw %ld, the store gives %ld", where, field, built,
                 loaded);
}

static void compare(const struct seen_panel *r, const struct panel *p)
{
    char where[128];
    snprintf(where, sizeof where, "panel %d '%s' in %s", r->index, r->id ? r->id : "?",
             r->locale ? r->locale : "?");
    same_int(where, "index", r->index, p->index);
    same_int(where, "kind", r->kind, (long)p->kind);
    same_text(where, "id", r->id, p->id);
    same_text(where, "locale", r->locale, p->locale);
    same_text(where, "chapter", r->chapter, p->chapter);
    same_text(where, "heading", r->heading, p->heading);
    same_text(where, "body", r->body, p->body);
    same_text(where, "note", r->note, p->note);
    if (r->kind == PANEL_STATISTIC) {
        same_number(where, "figure.value", r->value, p->figure.value);
        same_int(where, "figure.has_to", r->has_to, p->figure.has_to);
        if (r->has_to)
            same_number(where, "figure.to", r->to, p->figure.to);
        same_int(where, "figure.decimals", r->decimals, p->figure.decimals);
        same_int(where, "figure.has_part_of", r->has_part_of, p->figure.has_part_of);
        if (r->has_part_of)
            same_number(where, "figure.part_of", r->part_of, p->figure.part_of);
        same_text(where, "figure.prefix", r->prefix, p->figure.prefix);
        same_text(where, "figure.suffix", r->suffix, p->figure.suffix);
        same_text(where, "figure.label", r->label, p->figure.label);
        same_text(where, "figure.part_of_label", r->part_of_label, p->figure.part_of_label);
    } else if (r->kind == PANEL_QUOTE) {
        same_text(where, "quote.text", r->quote_text, p->quote.text);
        same_text(where, "quote.speaker", r->speaker, p->quote.speaker);
        same_text(where, "quote.role", r->role, p->quote.role);
        same_text(where, "quote.context", r->context, p->quote.context);
    } else if (r->kind == PANEL_IMAGE) {
        same_text(where, "image.alt", r->alt, p->image.alt);
        same_int(where, "image.size", (long)r->image_size, (long)p->image.size);
        if (r->image_size && memcmp(r->image, p->image.data, r->image_size) != 0)
            fail_msg("%s: image bytes differ", where);
    }
    same_int(where, "n_cites", r->n_cites, p->n_cites);
    for (int i = 0; i < r->n_cites; i++) {
        char field[64];
        snprintf(field, sizeof field, "cites[%d].id", i);
        same_text(where, field, r->cites[i].id, p->cites[i].id);
        snprintf(field, sizeof field, "cites[%d].cite", i);
        same_text(where, field, r->cites[i].cite, p->cites[i].cite);
        snprintf(field, sizeof field, "cites[%d].description", i);
        same_text(where, field, r->cites[i].description, p->cites[i].description);
    }
}

/* ---- tests ------------------------------------------------------------ */

/* The fit check saw each panel once per locale, in panel order, in the
 * store's cycling order of locales. */
static void fit_saw_every_panel_in_every_locale(void **state)
{
    struct fx *f = *state;
    struct arena a;
    arena_init(&a, 0);
    struct store_info info;
    char why[512] = "";
    assert_int_equal(store_info(f->store, NULL, &a, &info, why, sizeof why), 0);
    assert_true(info.n_panels > 0);
    assert_true(info.n_locales > 1); /* the fixture is in two languages */
    assert_int_equal(f->seen.n, info.n_panels * info.n_locales);
    for (int i = 0; i < f->seen.n; i++) {
        const struct seen_panel *r = &f->seen.p[i];
        assert_int_equal(r->index, i / info.n_locales);
        assert_non_null(r->locale);
        assert_string_equal(r->locale, info.locales[i % info.n_locales]);
    }
    arena_free(&a);
}

static void store_gives_back_what_the_builder_saw(void **state)
{
    struct fx *f = *state;
    struct arena a;
    arena_init(&a, 0);
    char why[512] = "";
    assert_true(f->seen.n > 0);
    for (int i = 0; i < f->seen.n; i++) {
        const struct seen_panel *r = &f->seen.p[i];
        struct panel p;
        if (store_panel_load(f->store, r->index, r->locale, &a, &p, why, sizeof why) != 0)
            fail_msg("panel %d in %s does not load: %s", r->index, r->locale, why);
        compare(r, &p);
        arena_reset(&a);
    }
    arena_free(&a);
}

/* Every panel, in every locale, cites exactly the sources its YAML names,
 * in credits order; the store gives back the same (compared above). */
static void panels_cite_what_their_yaml_names(void **state)
{
    struct fx *f = *state;
    const size_t n_expected = sizeof expected_cites / sizeof *expected_cites;
    assert_int_equal(f->seen.n, (int)n_expected * 2); /* two locales */
    for (int i = 0; i < f->seen.n; i++) {
        const struct seen_panel *r = &f->seen.p[i];
        size_t k = 0;
        while (k < n_expected && strcmp(expected_cites[k].panel, r->id) != 0)
            k++;
        if (k == n_expected)
            fail_msg("panel %s is not in the fixture", r->id);
        assert_int_equal(r->index, (int)k);
        int n = 0;
        while (n < 4 && expected_cites[k].cites[n])
            n++;
        if (r->n_cites != n)
            fail_msg("%s in %s cites %d sources, its YAML names %d", r->id, r->locale, r->n_cites,
                     n);
        for (int c = 0; c < n; c++)
            assert_string_equal(r->cites[c].id, expected_cites[k].cites[c]);
    }
}

/* The fixture covers the kinds whose fields this test compares. */
static void fixture_covers_the_kinds(void **state)
{
    struct fx *f = *state;
    int kinds[PANEL_KIND_COUNT] = {0};
    int cited = 0, ranged = 0, image_bytes = 0;
    for (int i = 0; i < f->seen.n; i++) {
        const struct seen_panel *r = &f->seen.p[i];
        kinds[r->kind]++;
        cited += r->n_cites > 1;
        ranged += r->kind == PANEL_STATISTIC && r->has_to && r->decimals == 2 && r->suffix;
        image_bytes += r->kind == PANEL_IMAGE && r->image_size == sizeof png_1x1;
    }
    assert_true(ranged > 0);
    assert_true(image_bytes > 0);
    assert_true(kinds[PANEL_IMAGE] > 0);
    assert_true(kinds[PANEL_TITLE] > 0);
    assert_true(kinds[PANEL_STORY] > 0);
    assert_true(kinds[PANEL_STATISTIC] > 0);
    assert_true(kinds[PANEL_QUOTE] > 0);
    assert_true(kinds[PANEL_CREDITS] > 0);
    assert_true(cited > 0);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(fit_saw_every_panel_in_every_locale),
        T(store_gives_back_what_the_builder_saw),
        T(panels_cite_what_their_yaml_names),
        T(fixture_covers_the_kinds),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
