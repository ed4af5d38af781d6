/* hyphenation.c - libhyphen's dictionaries, found by language and loaded once,
 * and the words they are asked about (see hyphenation.h).
 *
 * DEPENDENCIES: libhyphen (no pkg-config file in Debian 12: CMake finds the
 * header and library by name) and the dictionaries, which are data read at
 * run time. LIMITATIONS: lowercasing (the patterns are lowercase) covers
 * Latin-1, Latin Extended-A, Greek and Cyrillic capitals; a capital
 * elsewhere stays as it is and may miss a pattern, never gives a wrong
 * point outside the word. */
#define _POSIX_C_SOURCE 200809L
#include "hyphenation.h"

#include "breaks.h"
#include "log.h"

#include <hb.h>
#include <hyphen.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_DIR "/usr/share/hyphen"
#define MAX_DICTS 16 /* languages asked about in one process; more get none */

struct dict_slot {
    char key[8];      /* "de", "de_CH" */
    HyphenDict *dict; /* NULL: none (looked for once) */
};

static pthread_mutex_t dicts_mu = PTHREAD_MUTEX_INITIALIZER;
static struct dict_slot dicts[MAX_DICTS];
static int n_dicts;

static int alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The subtag of letters at tag[i] (its length), up to '-' or '_'. */
static size_t subtag(const char *tag, size_t i)
{
    size_t k = 0;
    while (alpha(tag[i + k]))
        k++;
    return tag[i + k] == 0 || tag[i + k] == '-' || tag[i + k] == '_' ? k : 0;
}

/* "de-CH" -> "de_CH", "EN" -> "en", "en-Latn-US" -> "en_US", "fr-419" ->
 * "fr". 0 when the tag does not start with a language of 2 or 3 letters,
 * so nothing else ever reaches a file name. */
static int tag_key(const char *tag, char key[8])
{
    size_t n = subtag(tag, 0);
    if (n < 2 || n > 3)
        return 0;
    for (size_t i = 0; i < n; i++)
        key[i] = (char)(tag[i] | 0x20);
    key[n] = 0;
    for (size_t i = n; tag[i];) {
        size_t k = subtag(tag, i + 1);
        if (k == 2) { /* the region; a script (4 letters) is skipped */
            key[n] = '_';
            key[n + 1] = (char)(tag[i + 1] & ~0x20);
            key[n + 2] = (char)(tag[i + 2] & ~0x20);
            key[n + 3] = 0;
            break;
        }
        i++;
        while (tag[i] && tag[i] != '-' && tag[i] != '_')
            i++;
    }
    return 1;
}

/* The region a language's dictionary is usually named with. */
static const char *usual_region(const char *lang)
{
    static const char *const usual[][2] = {{"en", "US"}, {"fr", "FR"}, {"de", "DE"}};
    for (size_t i = 0; i < sizeof usual / sizeof usual[0]; i++)
        if (strcmp(lang, usual[i][0]) == 0)
            return usual[i][1];
    return NULL;
}

static HyphenDict *load_file(const char *dir, const char *name)
{
    char path[512];
    if (snprintf(path, sizeof path, "%s/hyph_%s.dic", dir, name) >= (int)sizeof path ||
        access(path, R_OK) != 0)
        return NULL;
    HyphenDict *d = hnj_hyphen_load(path);
    if (d && !d->utf8 && strcmp(d->cset, "ISO8859-1") != 0) {
        log_warn("hyphen", "%s: character set %s not supported; not hyphenating", path, d->cset);
        hnj_hyphen_free(d);
        return NULL;
    }
    if (!d)
        log_warn("hyphen", "%s: cannot be loaded; not hyphenating", path);
    return d;
}

/* The dictionary for key ("de_CH"): hyph_de_CH.dic, hyph_de.dic,
 * hyph_de_DE.dic, the first that loads. */
static HyphenDict *load(const char *key)
{
    const char *dir = getenv("VITRINE_HYPHEN_DIR");
    if (!dir || !*dir)
        dir = DEFAULT_DIR;
    char lang[4] = {0}, usual[8];
    memcpy(lang, key, strcspn(key, "_") < 3 ? strcspn(key, "_") : 3);
    HyphenDict *d = strchr(key, '_') ? load_file(dir, key) : NULL;
    if (!d)
        d = load_file(dir, lang);
    const char *region = usual_region(lang);
    if (!d && region) {
        snprintf(usual, sizeof usual, "%s_%s", lang, region);
        d = load_file(dir, usual);
    }
    if (!d)
        log_info("hyphen", "no hyphenation dictionary for %s in %s: long words are cut", key, dir);
    return d;
}

static HyphenDict *dict_for(const char *lang)
{
    char key[8];
    if (!lang || !tag_key(lang, key))
        return NULL;
    HyphenDict *d = NULL;
    pthread_mutex_lock(&dicts_mu);
    int i = 0;
    while (i < n_dicts && strcmp(dicts[i].key, key) != 0)
        i++;
    if (i < n_dicts) {
        d = dicts[i].dict;
    } else if (n_dicts < MAX_DICTS) {
        d = load(key);
        memcpy(dicts[n_dicts].key, key, sizeof key);
        dicts[n_dicts++].dict = d;
    }
    pthread_mutex_unlock(&dicts_mu);
    return d;
}

/* ---- loading ahead ------------------------------------------------------- */

struct preload {
    int n;
    char tags[HYPHENATION_PRELOAD_MAX][36];
};

static void *preload_thread(void *arg)
{
    struct preload *p = arg;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL); /* SIGTERM is the main loop's */
    for (int i = 0; i < p->n; i++)
        dict_for(p->tags[i]);
    free(p);
    return NULL;
}

void hyphenation_preload(const char *const *langs, int n)
{
    struct preload *p = calloc(1, sizeof *p);
    if (!p)
        return;
    for (int i = 0; i < n && p->n < HYPHENATION_PRELOAD_MAX; i++)
        if (langs[i] && strlen(langs[i]) < sizeof p->tags[0])
            strcpy(p->tags[p->n++], langs[i]);
    pthread_attr_t at;
    pthread_t t;
    int ok = pthread_attr_init(&at) == 0;
    if (ok && pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED) == 0 &&
        pthread_create(&t, &at, preload_thread, p) == 0)
        p = NULL; /* the thread's now */
    if (ok)
        pthread_attr_destroy(&at);
    free(p); /* no thread: loaded when first needed, as before */
}

/* ---- the word ------------------------------------------------------------- */

static uint32_t lower(uint32_t c)
{
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))
        return c + 0x20;
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177))
        return c | 1;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
        return c + (c & 1);
    if (c == 0x178)
        return 0xFF;
    if (c == 0x1E9E) /* capital sharp s */
        return 0xDF;
    if ((c >= 0x391 && c <= 0x3AB && c != 0x3A2) || (c >= 0x410 && c <= 0x42F))
        return c + 0x20;
    if (c >= 0x400 && c <= 0x40F)
        return c + 0x50;
    return c;
}

enum kind { K_LETTER, K_MARK, K_APOSTROPHE, K_PUNCT, K_OTHER };

static enum kind kind_of(uint32_t cp)
{
    if (cp == '\'' || cp == 0x2019)
        return K_APOSTROPHE;
    switch (hb_unicode_general_category(hb_unicode_funcs_get_default(), cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER:
        return K_LETTER;
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
        return K_MARK;
    /* quotes, brackets, full stops, commas; not dashes, which break */
    case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_INITIAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_FINAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION:
        return K_PUNCT;
    default:
        return K_OTHER;
    }
}

/* A word as the dictionary sees it: its code points (lowercased), where
 * each ends in the text, and their kinds. */
struct word {
    uint32_t cp[HYPHENATION_MAX_WORD];
    size_t end[HYPHENATION_MAX_WORD];
    enum kind kind[HYPHENATION_MAX_WORD];
    int n, first, last; /* the letters: cp[first..last] */
};

/* 1 when s[0..n) is a word: punctuation, then letters with their marks and
 * apostrophes inside, then punctuation. */
static int read_word(struct word *w, const char *s, size_t n)
{
    w->n = 0;
    for (size_t i = 0; i < n;) {
        if (w->n == HYPHENATION_MAX_WORD)
            return 0;
        uint32_t cp = breaks_decode(s, n, &i);
        w->kind[w->n] = kind_of(cp);
        w->cp[w->n] = cp == 0x2019 ? '\'' : lower(cp);
        w->end[w->n++] = i;
    }
    if (w->n == 0)
        return 0;
    int a = 0, b = w->n - 1;
    while (a <= b && (w->kind[a] == K_PUNCT || w->kind[a] == K_APOSTROPHE))
        a++;
    while (b >= a && (w->kind[b] == K_PUNCT || w->kind[b] == K_APOSTROPHE))
        b--;
    if (a > b || w->kind[a] != K_LETTER)
        return 0;
    for (int k = a; k <= b; k++)
        if (w->kind[k] == K_PUNCT || w->kind[k] == K_OTHER)
            return 0;
    w->first = a;
    w->last = b;
    return 1;
}

/* The letters in the dictionary's encoding (UTF-8 or ISO 8859-1): its
 * length in bytes, 0 when a letter has no code in it. */
static int encode(const struct word *w, int utf8, char *out, size_t cap)
{
    size_t o = 0;
    for (int k = w->first; k <= w->last; k++) {
        uint32_t c = w->cp[k];
        if (!utf8 && c > 0xFF)
            return 0;
        if (o + 4 >= cap)
            return 0;
        if (!utf8 || c < 0x80) {
            out[o++] = (char)c;
        } else if (c < 0x800) {
            out[o++] = (char)(0xC0 | c >> 6);
            out[o++] = (char)(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out[o++] = (char)(0xE0 | c >> 12);
            out[o++] = (char)(0x80 | (c >> 6 & 0x3F));
            out[o++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[o++] = (char)(0xF0 | c >> 18);
            out[o++] = (char)(0x80 | (c >> 12 & 0x3F));
            out[o++] = (char)(0x80 | (c >> 6 & 0x3F));
            out[o++] = (char)(0x80 | (c & 0x3F));
        }
    }
    out[o] = 0;
    return (int)o;
}

/* libhyphen's non-standard hyphenation allocates these; NULL when none. */
static void free_changes(char **rep, int *pos, int *cut, int n)
{
    if (rep)
        for (int i = 0; i < n; i++)
            free(rep[i]);
    free(rep);
    free(pos);
    free(cut);
}

/* Mark in pt the points libhyphen gave (hy[j] odd: after the word's j-th
 * code point; for UTF-8 dictionaries too, libhyphen counts code points)
 * that keep the minimums and fall between clusters. */
static int keep_points(const struct word *w, const HyphenDict *d, const char *hy, char **rep,
                       unsigned char *pt)
{
    int letters = 0, total = 0, found = 0;
    for (int k = w->first; k <= w->last; k++)
        total += w->kind[k] == K_LETTER;
    int lmin = d->lhmin > HYPHENATION_MIN_LEFT ? d->lhmin : HYPHENATION_MIN_LEFT;
    int rmin = d->rhmin > HYPHENATION_MIN_RIGHT ? d->rhmin : HYPHENATION_MIN_RIGHT;
    for (int k = w->first; k < w->last; k++) {
        int j = k - w->first;
        letters += w->kind[k] == K_LETTER;
        if (!(hy[j] & 1) || (rep && rep[j]) || letters < lmin || total - letters < rmin)
            continue;
        if (w->kind[k] == K_APOSTROPHE || w->kind[k + 1] != K_LETTER)
            continue; /* next to an apostrophe, or before a mark: inside a cluster */
        pt[w->end[k] - 1] = 1;
        found++;
    }
    return found;
}

int hyphenation_points(const char *lang, const char *s, size_t n, unsigned char *pt)
{
    memset(pt, 0, n);
    struct word w;
    if (n == 0 || !read_word(&w, s, n))
        return 0;
    if (w.last - w.first + 1 < HYPHENATION_MIN_LEFT + HYPHENATION_MIN_RIGHT)
        return 0;
    HyphenDict *d = dict_for(lang);
    char enc[HYPHENATION_MAX_WORD * 4 + 1], hy[HYPHENATION_MAX_WORD * 4 + 5];
    int len = d ? encode(&w, d->utf8, enc, sizeof enc) : 0;
    if (len == 0)
        return 0;
    memset(hy, 0, sizeof hy);
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    int found = 0;
    if (hnj_hyphen_hyphenate2(d, enc, len, hy, NULL, &rep, &pos, &cut) == 0)
        found = keep_points(&w, d, hy, rep, pt);
    free_changes(rep, pos, cut, len);
    return found;
}
