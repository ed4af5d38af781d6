/* test_hyphenation.c - hyphenation found at build time (content/hyphenation.h):
 *
 *  - the pattern engine gives libhyphen's points, word for word, on every
 *    word of Debian's English, German and French word lists (wamerican,
 *    wngerman, wfrench), of the bundled exhibit, and on thousands of
 *    Russian and Greek words made of each alphabet's syllables; libhyphen
 *    is the oracle here and nowhere else;
 *  - a language finds its dictionary file (ru -> hyph_ru_RU.dic);
 *  - a table refuses what a hostile store could hold: points outside the
 *    word, inside a cluster, too near its ends, a word that is not the
 *    hyphenated one less its hyphens, more words than its bound;
 *  - the bundled exhibit, built with the system's dictionaries, lays out
 *    the same hyphenated lines with VITRINE_HYPHEN_DIR naming a folder that
 *    does not exist: showing an exhibit reads no dictionary.
 *
 * The word lists and dictionaries are test dependencies (VITRINE_TEST_PKGS,
 * VITRINE_BUILD_PKGS in platform/debian-deps.sh): a missing one fails. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <hyphen.h>
#include <sqlite3.h>
#include <unicode/ucnv.h>
#include <unicode/ustring.h>

#include "app/visitor/layout.h"
#include "content/author.h"
#include "content/hyphenation.h"
#include "content/store.h"
#include "content/store_schema.h"

#define DICTS "/usr/share/hyphen"

/* Every character 0.55 em, lines 1.3 em: enough to make lines. */
static int fake_width(void *ctx, enum font_face face, int px, const char *s, size_t n)
{
    (void)ctx;
    (void)face;
    int k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return (k * px * 55 + 99) / 100;
}

static int fake_line_height(void *ctx, enum font_face face, int px)
{
    (void)ctx;
    (void)face;
    return px * 13 / 10;
}

static const struct text_measurer fake = {.width = fake_width, .line_height = fake_line_height};

/* ---- word lists -------------------------------------------------------------- */

struct words {
    char **w;
    int n, cap;
};

static void add_word(struct words *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4096;
        l->w = realloc(l->w, sizeof *l->w * (size_t)l->cap);
        assert_non_null(l->w);
    }
    l->w[l->n] = strndup(s, n);
    assert_non_null(l->w[l->n]);
    l->n++;
}

static void free_words(struct words *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->w[i]);
    free(l->w);
    memset(l, 0, sizeof *l);
}

/* Every run between whitespace of a file. */
static void read_words(struct words *l, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("%s cannot be read: install the test packages (platform/debian-deps.sh)", path);
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        for (char *p = line; *p;) {
            while (*p && strchr(" \t\r\n", *p))
                p++;
            char *q = p;
            while (*q && !strchr(" \t\r\n", *q))
                q++;
            if (q > p)
                add_word(l, p, (size_t)(q - p));
            p = q;
        }
    }
    fclose(f);
}

/* The bundled exhibit's YAML, words and keys alike. */
static void read_exhibit(struct words *l)
{
    const char *src = getenv("VITRINE_SOURCE_DIR");
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "ls %s/content/exhibits/pyongyang-2014/exhibit.yaml "
             "%s/content/exhibits/pyongyang-2014/panels/*.yaml",
             src ? src : "..", src ? src : "..");
    FILE *ls = popen(cmd, "r");
    assert_non_null(ls);
    char path[1024];
    int files = 0;
    while (fgets(path, sizeof path, ls)) {
        path[strcspn(path, "\n")] = 0;
        read_words(l, path);
        files++;
    }
    pclose(ls);
    assert_true(files > 10);
}

/* Words of 2 to 7 syllables of an alphabet, the same every run (a fixed
 * linear congruential sequence): the patterns see every pair of letters. */
static void make_words(struct words *l, const char *const *cons, int nc, const char *const *vow,
                       int nv, const char *const *coda, int nk, int count)
{
    uint32_t seed = 12345;
    for (int i = 0; i < count; i++) {
        char w[256] = "";
        seed = seed * 1103515245u + 12345u;
        int syl = 2 + (int)(seed >> 16) % 6;
        for (int s = 0; s < syl; s++) {
            seed = seed * 1103515245u + 12345u;
            strcat(w, cons[(seed >> 8) % (uint32_t)nc]);
            strcat(w, vow[(seed >> 16) % (uint32_t)nv]);
            if ((seed >> 24) % 3 == 0)
                strcat(w, coda[(seed >> 4) % (uint32_t)nk]);
        }
        add_word(l, w, strlen(w));
    }
}

static void russian_words(struct words *l)
{
    static const char *const c[] = {"б", "в", "г", "д", "ж", "з", "к", "л", "м",  "н",  "п",  "р",
                                    "с", "т", "ф", "х", "ц", "ч", "ш", "щ", "ст", "пр", "вз", "Д"};
    static const char *const v[] = {"а", "е", "ё", "и", "о", "у", "ы", "э", "ю", "я"};
    static const char *const k[] = {"й", "ь", "н", "р", "с", "ъ", "л", "т"};
    make_words(l, c, 24, v, 10, k, 8, 6000);
    static const char *const real[] = {"достопримечательность",    "Великобритания",
                                       "электрификация",           "марафонский",
                                       "человеконенавистничество", "Пхеньян"};
    for (size_t i = 0; i < sizeof real / sizeof real[0]; i++)
        add_word(l, real[i], strlen(real[i]));
}

static void greek_words(struct words *l)
{
    static const char *const c[] = {"β", "γ", "δ", "ζ", "θ", "κ", "λ",  "μ",  "ν",  "ξ",  "π",
                                    "ρ", "σ", "τ", "φ", "χ", "ψ", "μπ", "ντ", "γκ", "στ", "Κ"};
    static const char *const v[] = {"α", "ε", "η", "ι", "ο", "υ",  "ω",  "ά",  "έ",
                                    "ή", "ί", "ό", "ύ", "ώ", "αι", "ου", "ει", "ϊ"};
    static const char *const k[] = {"ς", "ν", "ρ", "σ"};
    make_words(l, c, 22, v, 18, k, 4, 6000);
    static const char *const real[] = {"ηλεκτροεγκεφαλογράφημα", "Κωνσταντινούπολη",
                                       "αρχαιολογικός", "μαραθώνιος", "Πιονγκγιάνγκ"};
    for (size_t i = 0; i < sizeof real / sizeof real[0]; i++)
        add_word(l, real[i], strlen(real[i]));
}

/* ---- the engine against libhyphen ------------------------------------------- */

/* Word w's letters in the dictionary's encoding; 0 when one has no code. */
static int encode(UConverter *cv, const struct hyphen_word *w, char *out, size_t cap)
{
    UChar u[HYPHEN_MAX_WORD * 2 + 1];
    int32_t nu = 0;
    UErrorCode e = U_ZERO_ERROR;
    for (int k = w->first; k <= w->last; k++)
        U16_APPEND_UNSAFE(u, nu, w->cp[k]);
    int32_t n;
    if (cv) {
        n = ucnv_fromUChars(cv, out, (int32_t)cap, u, nu, &e);
    } else {
        u_strToUTF8(out, (int32_t)cap, &n, u, nu, &e);
    }
    return U_SUCCESS(e) && n > 0 && (size_t)n < cap ? n : 0;
}

/* Both engines on every word of l in dictionary file name; returns how
 * many words were compared, fails on the first that differs. */
static int agree(const char *name, const struct words *l)
{
    char path[512], why[256];
    snprintf(path, sizeof path, "%s/%s", DICTS, name);
    HyphenDict *hd = hnj_hyphen_load(path);
    struct hyphen_dict *d = hyphen_dict_load(path, why, sizeof why);
    if (!hd || !d)
        fail_msg("%s: %s", path, d ? "libhyphen cannot load it" : why);
    UConverter *cv = NULL;
    UErrorCode e = U_ZERO_ERROR;
    if (!hd->utf8) {
        cv = ucnv_open(hd->cset, &e);
        assert_true(U_SUCCESS(e));
        ucnv_setFromUCallBack(cv, UCNV_FROM_U_CALLBACK_STOP, NULL, NULL, NULL, &e);
    }
    int compared = 0, points = 0;
    static struct hyphen_word w;
    for (int i = 0; i < l->n; i++) {
        if (!hyphen_word_read(&w, l->w[i], strlen(l->w[i])))
            continue;
        int n = w.last - w.first + 1;
        unsigned char mine[HYPHEN_MAX_WORD];
        int rc = hyphen_dict_raw(d, w.cp + w.first, n, mine);
        char enc[HYPHEN_MAX_WORD * 4 + 1], hy[HYPHEN_MAX_WORD * 4 + 5];
        int len = encode(cv, &w, enc, sizeof enc);
        if (len == 0) { /* libhyphen could not be asked; neither is the engine */
            assert_int_equal(rc, -1);
            continue;
        }
        assert_int_equal(rc, 0);
        char **rep = NULL;
        int *pos = NULL, *cut = NULL;
        memset(hy, 0, sizeof hy);
        assert_int_equal(hnj_hyphen_hyphenate2(hd, enc, len, hy, NULL, &rep, &pos, &cut), 0);
        for (int k = 0; k < n; k++) {
            int theirs = (hy[k] & 1) && !(rep && rep[k]);
            if (theirs != (mine[k] == 1))
                fail_msg("%s: \"%s\": libhyphen %s a point after letter %d, the engine %s", name,
                         l->w[i], theirs ? "has" : "has not", k + 1, theirs ? "not" : "has");
            points += theirs;
        }
        if (rep)
            for (int k = 0; k < len; k++)
                free(rep[k]);
        free(rep);
        free(pos);
        free(cut);
        compared++;
    }
    ucnv_close(cv);
    hnj_hyphen_free(hd);
    hyphen_dict_free(d);
    /* the lists hold thousands of hyphenated words: not a vacuous pass */
    assert_true(compared > 4000);
    assert_true(points > compared);
    return compared;
}

static void the_engine_gives_libhyphens_points(void **state)
{
    (void)state;
    struct words en = {0}, de = {0}, fr = {0}, ru = {0}, el = {0};
    read_words(&en, "/usr/share/dict/american-english");
    read_exhibit(&en);
    read_words(&de, "/usr/share/dict/ngerman");
    read_words(&fr, "/usr/share/dict/french");
    read_exhibit(&fr);
    russian_words(&ru);
    greek_words(&el);
    int n = agree("hyph_en_US.dic", &en) + agree("hyph_en_GB.dic", &en) +
            agree("hyph_de_DE.dic", &de) + agree("hyph_fr.dic", &fr) +
            agree("hyph_ru_RU.dic", &ru) + agree("hyph_el_GR.dic", &el);
    print_message("%d words hyphenated alike\n", n);
    free_words(&en);
    free_words(&de);
    free_words(&fr);
    free_words(&ru);
    free_words(&el);
}

/* ---- finding a dictionary ------------------------------------------------------ */

static void touch(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
}

static void expect_file(const char *tag, const char *want)
{
    char path[512];
    if (!want) {
        assert_int_equal(hyphen_dict_find(tag, path, sizeof path), -1);
        return;
    }
    assert_int_equal(hyphen_dict_find(tag, path, sizeof path), 0);
    const char *base = strrchr(path, '/');
    assert_string_equal(base ? base + 1 : path, want);
}

static void a_language_finds_its_dictionary(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_hyphenation.XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *files[] = {"hyph_de.dic",    "hyph_de_CH.dic", "hyph_ru_RU.dic", "hyph_el_GR.dic",
                           "hyph_en_GB.dic", "hyph_en_US.dic", "hyph_pt_PT.dic", "hyph_pt_BR.dic"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        touch(dir, files[i]);
    setenv("VITRINE_HYPHEN_DIR", dir, 1);
    expect_file("de-CH", "hyph_de_CH.dic");
    expect_file("de-AT", "hyph_de.dic");
    expect_file("DE", "hyph_de.dic");
    expect_file("ru", "hyph_ru_RU.dic");
    expect_file("ru-RU", "hyph_ru_RU.dic");
    expect_file("el", "hyph_el_GR.dic");
    expect_file("en", "hyph_en_US.dic"); /* the usual region first */
    expect_file("en-Latn-GB", "hyph_en_GB.dic");
    expect_file("pt", "hyph_pt_BR.dic"); /* else the first by name */
    expect_file("ja", NULL);
    expect_file("x", NULL);
    expect_file("../../etc/passwd", NULL);
    unsetenv("VITRINE_HYPHEN_DIR");
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* ---- a table ------------------------------------------------------------------------ */

static int add(struct hyphen_table *t, const char *word, const char *hyphenated)
{
    return hyphen_table_add(t, word, strlen(word), hyphenated, strlen(hyphenated));
}

/* The points of text s as typeset asks for them, as "after byte k" list. */
static const char *points_of(const struct hyphen_table *t, const char *s)
{
    static char out[256];
    unsigned char pt[128];
    size_t n = strlen(s), o = 0;
    hyphen_points(t, s, n, pt);
    for (size_t k = 0; k < n; k++) {
        out[o++] = s[k];
        if (pt[k])
            out[o++] = '|';
    }
    out[o] = 0;
    return out;
}

static void a_table_keeps_only_points_inside_words(void **state)
{
    (void)state;
    struct hyphen_table *t = hyphen_table_new();
    assert_int_equal(add(t, "Marathonlauf", "Ma-ra-thon-lauf"), 0);
    assert_int_equal(add(t, "Marathonlauf", "Mara-thon-lauf"), 1); /* the first one stays */
    assert_int_equal(add(t, "\xC3\xA9lectrique", "\xC3\xA9lec-trique"), 0);
    assert_int_equal(add(t, "aujourd'hui", "au-jourd'hui"), 0);
    /* what a hostile store may hold */
    assert_int_equal(add(t, "Wortlaute", "Wortlaute"), -1);   /* no point */
    assert_int_equal(add(t, "Wortlaute", "Wort-laute-"), -1); /* after the word */
    assert_int_equal(add(t, "Wortlaute", "-Wortlaute"), -1);  /* before it */
    assert_int_equal(add(t, "Wortlaute", "Wort--laute"), -1); /* twice at one place */
    assert_int_equal(add(t, "Wortlaute", "W-ortlaute"), -1);  /* one letter before */
    assert_int_equal(add(t, "Wortlaute", "Wortlau-te"), -1);  /* two after */
    assert_int_equal(add(t, "Wortlaute", "Wort-leute"), -1);  /* another word */
    assert_int_equal(add(t, "Wortlaute", "Wort-lautes"), -1);
    assert_int_equal(add(t, "Wortlaute.", "Wort-laute."), -1);   /* punctuation around */
    assert_int_equal(add(t, "Wort laute", "Wort- laute"), -1);   /* two words */
    assert_int_equal(add(t, "Wort2laute", "Wort2-laute"), -1);   /* a digit: no word */
    assert_int_equal(add(t, "aujourd'hui", "aujourd-'hui"), -1); /* next to an apostrophe */
    assert_int_equal(add(t, "aujourd'hui", "aujourd'-hui"), -1);
    /* e + combining acute: never between a letter and its accent */
    assert_int_equal(add(t,
                         "caf"
                         "e\xCC\x81"
                         "teria",
                         "cafe-\xCC\x81teria"),
                     -1);
    assert_int_equal(add(t,
                         "caf"
                         "e\xCC\x81"
                         "teria",
                         "ca-fe\xCC\x81-te-ria"),
                     0);
    /* inside a two-byte letter */
    assert_int_equal(add(t, "\xC3\xA9lectrique", "\xC3-\xA9lectrique"), -1);
    assert_int_equal(add(t, "Wortlaute", ""), -1);
    assert_int_equal(hyphen_table_count(t), 4);

    /* typeset's question: a run between spaces, punctuation and all */
    assert_string_equal(points_of(t, "\xC2\xAB"
                                     "Marathonlauf\xC2\xBB,"),
                        "\xC2\xAB"
                        "Ma|ra|thon|lauf\xC2\xBB,");
    assert_string_equal(points_of(t, "(aujourd'hui)"), "(au|jourd'hui)");
    /* a word is looked up as written: the build wrote each spelling it met */
    assert_string_equal(points_of(t, "aujourd\xE2\x80\x99hui"), "aujourd\xE2\x80\x99hui");
    assert_string_equal(points_of(t, "marathonlauf"), "marathonlauf"); /* as written */
    assert_string_equal(points_of(t, "Marathon-lauf"), "Marathon-lauf");
    assert_string_equal(points_of(NULL, "Marathonlauf"), "Marathonlauf");
    hyphen_table_free(t);
}

static void a_table_is_bounded(void **state)
{
    (void)state;
    struct hyphen_table *t = hyphen_table_new();
    char w[32], h[40];
    int added = 0, full = 0;
    for (int i = 0; i < HYPHEN_TABLE_MAX_WORDS + 10; i++) {
        /* "aaaab" ... : letters only, a point after the second */
        int k = i;
        for (int j = 0; j < 8; j++, k /= 26)
            w[j] = (char)('a' + k % 26);
        w[8] = 0;
        snprintf(h, sizeof h, "%.2s-%s", w, w + 2);
        int rc = add(t, w, h);
        added += rc == 0;
        full += rc == -2;
    }
    assert_int_equal(added, HYPHEN_TABLE_MAX_WORDS);
    assert_int_equal(full, 10);
    assert_int_equal(hyphen_table_count(t), HYPHEN_TABLE_MAX_WORDS);
    assert_string_equal(points_of(t, "aaaaaaaa"), "aa|aaaaaa");
    hyphen_table_free(t);
}

/* ---- the exhibit shown without dictionaries ------------------------------------------ */

/* Every text line of every panel of the store in every locale, as laid out
 * on a narrow screen, '|' between lines; the number that end in a hyphen
 * in *hyphenated. With tables 0, each panel's hyphens are taken away. */
static char *lay_out_all(const char *path, int tables, int *hyphenated)
{
    struct store *s = NULL;
    char why[512];
    if (store_open_file(path, &s, why, sizeof why) != 0)
        fail_msg("%s", why);
    struct arena info;
    arena_init(&info, 0);
    struct store_info in;
    assert_int_equal(store_info(s, NULL, &info, &in, why, sizeof why), 0);
    size_t cap = 1 << 20, o = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    *hyphenated = 0;
    const struct layout_screen screen = {.w = 800, .h = 480};
    for (int l = 0; l < in.n_locales; l++) {
        for (int i = 0; i < in.n_panels; i++) {
            struct arena a;
            arena_init(&a, 0);
            struct panel p;
            struct draw_list list;
            assert_int_equal(store_panel_load(s, i, in.locales[l], &a, &p, why, sizeof why), 0);
            if (!tables)
                p.hyphens = NULL;
            layout_panel(&p, &screen, &fake, &a, &list);
            for (int k = 0; k < list.n; k++) {
                const struct draw_item *it = &list.items[k];
                if (it->kind != DRAW_TEXT || !it->text)
                    continue;
                assert_true(o + it->len + 2 < cap);
                memcpy(out + o, it->text, it->len);
                o += it->len;
                out[o++] = '|';
                *hyphenated +=
                    it->len > 1 && it->text[it->len - 1] == '-' && it->text[it->len - 2] != ' ';
            }
            arena_free(&a);
        }
    }
    out[o] = 0;
    arena_free(&info);
    store_close(s);
    return out;
}

/* Exhibit store path laid out three ways: as built, with VITRINE_HYPHEN_DIR
 * naming a folder that does not exist, and with each panel's table taken
 * away; the first two must be the same lines. Returns how many lines the
 * table hyphenated more than none (0: the exhibit needs none). */
static int same_without_dictionaries(const char *path)
{
    int with, without, none;
    char *real = lay_out_all(path, 1, &with);
    setenv("VITRINE_HYPHEN_DIR", "/nonexistent/hyphen", 1);
    char *nowhere = lay_out_all(path, 1, &without);
    char *untabled = lay_out_all(path, 0, &none);
    unsetenv("VITRINE_HYPHEN_DIR");
    assert_int_equal(without, with);
    assert_string_equal(nowhere, real);
    assert_true(none <= with);
    assert_true((none < with) == (strcmp(untabled, real) != 0));
    free(real);
    free(nowhere);
    free(untabled);
    return with - none;
}

static void the_exhibit_is_hyphenated_without_dictionaries(void **state)
{
    (void)state;
    const char *bin = getenv("VITRINE_BINARY_DIR"), *src = getenv("VITRINE_SOURCE_DIR");
    char path[1024], dir[1024], why[4096];
    /* the bundled exhibit, as the build made it with the system's dictionaries */
    snprintf(path, sizeof path, "%s/pyongyang-2014.vitrine", bin ? bin : ".");
    same_without_dictionaries(path);
    /* German compounds in narrow boxes, built here */
    snprintf(dir, sizeof dir, "%s/tests/bench/data/hyphenation", src ? src : "..");
    snprintf(path, sizeof path, "/tmp/test_hyphenation.%ld.vitrine", (long)getpid());
    struct author_opts opts = {0};
    if (author_build(dir, path, &opts, why, sizeof why) != 0)
        fail_msg("%s", why);
    int more = same_without_dictionaries(path);
    print_message("%d lines hyphenated from the store's table\n", more);
    assert_true(more > 0);
    unlink(path);
}

/* A timeline of five German events at 800x480: its compounds are longer
 * than a column at any size, so at the smallest one they are hyphenated
 * and the panel fits (it used to be refused: no word of a timeline could
 * be split); without the table the same panel is refused, naming the
 * event and the word that cannot be hyphenated. */
static void a_timeline_hyphenates_at_its_smallest_size(void **state)
{
    (void)state;
    const char *src = getenv("VITRINE_SOURCE_DIR");
    char dir[1024], path[1024], why[4096];
    snprintf(dir, sizeof dir, "%s/tests/bench/data/en-de", src ? src : "..");
    snprintf(path, sizeof path, "/tmp/test_hyphenation_tl.%ld.vitrine", (long)getpid());
    struct author_opts opts = {0};
    if (author_build(dir, path, &opts, why, sizeof why) != 0)
        fail_msg("%s", why);
    struct store *s = NULL;
    assert_int_equal(store_open_file(path, &s, why, sizeof why), 0);
    const struct layout_screen screen = {.w = 800, .h = 480};
    int found = 0;
    for (int tables = 1; tables >= 0; tables--) {
        struct arena a;
        arena_init(&a, 0);
        struct panel p;
        struct draw_list list;
        assert_int_equal(store_panel_load(s, 2, "de", &a, &p, why, sizeof why), 0);
        assert_int_equal(p.kind, PANEL_TIMELINE);
        if (!tables)
            p.hyphens = NULL;
        int rc = layout_panel(&p, &screen, &fake, &a, &list);
        int hyphenated = 0;
        for (int k = 0; k < list.n; k++) {
            const struct draw_item *it = &list.items[k];
            hyphenated += it->kind == DRAW_TEXT && it->text && it->len > 1 &&
                          it->text[it->len - 1] == '-' && it->text[it->len - 2] != ' ';
        }
        if (tables) {
            if (rc != 0)
                fail_msg("%s", list.problem);
            assert_false(list.overflow);
            assert_true(hyphenated > 0);
            found = hyphenated;
        } else {
            assert_int_equal(rc, -1);
            assert_non_null(strstr(list.problem, "'s label has a word wider than its column"));
            assert_non_null(strstr(list.problem, "that cannot be hyphenated"));
        }
        arena_free(&a);
    }
    print_message("%d timeline lines hyphenated at 800x480\n", found);
    store_close(s);
    unlink(path);
}

/* The points of word in the store's table for locale. */
static const char *store_points(struct store *s, const char *locale, const char *word)
{
    return points_of(store_hyphens(s, locale), word);
}

static void exec_sql(const char *path, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("%s: %s", sql, err);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

/* A store's rows are checked as they are read: a hostile one (CHECK
 * constraints off) neither places a point outside a word or inside a
 * cluster nor makes the table grow past its bound. */
static void a_hostile_stores_rows_are_refused(void **state)
{
    (void)state;
    const char *src = getenv("VITRINE_SOURCE_DIR");
    char path[256], dir[1024], why[4096];
    snprintf(dir, sizeof dir, "%s/tests/bench/data/hyphenation", src ? src : "..");
    snprintf(path, sizeof path, "/tmp/test_hyphenation.%ld.hostile.vitrine", (long)getpid());
    struct author_opts opts = {0};
    if (author_build(dir, path, &opts, why, sizeof why) != 0)
        fail_msg("%s", why);
    struct store *s = NULL;
    assert_int_equal(store_open_file(path, &s, why, sizeof why), 0);
    assert_true(store_hyphenates(s));
    assert_string_equal(store_points(s, "de", "Donaudampfschifffahrtsgesellschaft"),
                        "Do|nau|dampf|schiff|fahrts|ge|sell|schaft");
    assert_string_equal(store_points(s, "en", "Donaudampfschifffahrtsgesellschaft"),
                        "Donaudampfschifffahrtsgesellschaft");
    store_close(s);

    exec_sql(path, "PRAGMA ignore_check_constraints = ON;"
                   "UPDATE hyphenation SET hyphenated = 'Do-nau-dampf' "
                   " WHERE word = 'Donaudampfschifffahrtsgesellschaft';"
                   "UPDATE hyphenation SET hyphenated = 'Zollhaus-' WHERE word = 'Zollhaus';"
                   "UPDATE hyphenation SET hyphenated = 'S-eeversicherungsgesellschaften' "
                   " WHERE word = 'Seeversicherungsgesellschaften';"
                   "INSERT INTO hyphenation VALUES ('de', 'Kaffee' || char(769) || 'haus', "
                   " 'Kaffee-' || char(769) || 'haus');"
                   "INSERT INTO hyphenation VALUES ('de', x'4861c3', x'48612dc3');"
                   "INSERT INTO hyphenation VALUES ('de', 123456, 1234);"
                   "INSERT INTO hyphenation VALUES ('xx', 'Schiffahrt', 'Schiff-ahrt');");
    assert_int_equal(store_open_file(path, &s, why, sizeof why), 0);
    assert_string_equal(store_points(s, "de", "Donaudampfschifffahrtsgesellschaft"),
                        "Donaudampfschifffahrtsgesellschaft");
    assert_string_equal(store_points(s, "de", "Seeversicherungsgesellschaften"),
                        "Seeversicherungsgesellschaften");
    assert_string_equal(store_points(s, "de", "Kaffee\xCC\x81haus"), "Kaffee\xCC\x81haus");
    /* the rest of the table is as the build wrote it */
    assert_string_equal(store_points(s, "de", "Versicherungsangestellte"),
                        "Ver|si|che|rungs|an|ge|stellte");
    assert_null(store_hyphens(s, "xx"));
    store_close(s);

    /* far more rows than a table keeps: the store reads no more than that */
    exec_sql(path, "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n "
                   " WHERE i < 150000), w(i, s) AS (SELECT i, char(97 + i % 26, "
                   " 97 + i / 26 % 26, 97 + i / 676 % 26, 97 + i / 17576 % 26) FROM n) "
                   "INSERT INTO hyphenation SELECT 'de', 'wort' || s, 'wo-rt' || s FROM w;");
    assert_int_equal(store_open_file(path, &s, why, sizeof why), 0);
    const struct hyphen_table *t = store_hyphens(s, "de");
    assert_non_null(t);
    assert_true(hyphen_table_count(t) <= HYPHEN_TABLE_MAX_WORDS);
    assert_true(hyphen_table_count(t) > HYPHEN_TABLE_MAX_WORDS - 200);
    assert_string_equal(store_points(s, "de", "wortaaaa"), "wo|rtaaaa");
    store_close(s);
    unlink(path);
}

/* The same exhibit as a store of version 6 (the rows of every table that
 * version has, under its schema): no table, so no hyphenation. */
static void a_store_before_version_7_is_not_hyphenated(void **state)
{
    (void)state;
    const char *src = getenv("VITRINE_SOURCE_DIR");
    char v7[256], v6[256], dir[1024], why[4096], sql[1024];
    snprintf(dir, sizeof dir, "%s/tests/bench/data/hyphenation", src ? src : "..");
    snprintf(v7, sizeof v7, "/tmp/test_hyphenation.%ld.v7.vitrine", (long)getpid());
    snprintf(v6, sizeof v6, "/tmp/test_hyphenation.%ld.v6.vitrine", (long)getpid());
    struct author_opts opts = {0};
    if (author_build(dir, v7, &opts, why, sizeof why) != 0)
        fail_msg("%s", why);
    unlink(v6);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(v6, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, store_schema_v6_sql, NULL, NULL, NULL), SQLITE_OK);
    snprintf(sql, sizeof sql, "ATTACH '%s' AS v7", v7);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT name FROM main.sqlite_schema WHERE type = "
                                        "'table' ORDER BY rowid",
                                        -1, &st, NULL),
                     SQLITE_OK);
    char copy[64 * 200] = "PRAGMA foreign_keys = OFF;";
    while (sqlite3_step(st) == SQLITE_ROW) {
        size_t n = strlen(copy);
        snprintf(copy + n, sizeof copy - n, "INSERT INTO main.\"%s\" SELECT * FROM v7.\"%s\";",
                 sqlite3_column_text(st, 0), sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_exec(db, copy, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);

    int with, without;
    free(lay_out_all(v7, 1, &with));
    struct store *s = NULL;
    if (store_open_file(v6, &s, why, sizeof why) != 0)
        fail_msg("%s", why);
    assert_false(store_hyphenates(s));
    assert_null(store_hyphens(s, "de"));
    store_close(s);
    free(lay_out_all(v6, 1, &without));
    assert_true(without < with);
    unlink(v6);
    unlink(v7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_table_keeps_only_points_inside_words),
        cmocka_unit_test(a_table_is_bounded),
        cmocka_unit_test(a_language_finds_its_dictionary),
        cmocka_unit_test(the_exhibit_is_hyphenated_without_dictionaries),
        cmocka_unit_test(a_timeline_hyphenates_at_its_smallest_size),
        cmocka_unit_test(a_hostile_stores_rows_are_refused),
        cmocka_unit_test(a_store_before_version_7_is_not_hyphenated),
        cmocka_unit_test(the_engine_gives_libhyphens_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
