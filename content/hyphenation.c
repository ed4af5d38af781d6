/* hyphenation.c - the words that are hyphenated, where a language's dictionary
 * file is, and the table of hyphenated words a store holds (see hyphenation.h;
 * the patterns themselves are hyphenation_dict.c's).
 *
 * DEPENDENCIES: ICU (a character's general category, lowercasing). */
#define _POSIX_C_SOURCE 200809L
#include "hyphenation.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uchar.h>

/* ---- a word ---------------------------------------------------------------- */

/* The code point at s[*i] (n bytes), advancing *i; a malformed sequence
 * reads as U+FFFD and takes one byte. */
static uint32_t decode(const char *s, size_t n, size_t *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    size_t left = n - *i;
    uint32_t c = p[0];
    int len = c < 0x80             ? 1
              : (c & 0xE0) == 0xC0 ? 2
              : (c & 0xF0) == 0xE0 ? 3
              : (c & 0xF8) == 0xF0 ? 4
                                   : 0;
    if (len == 1 || len == 0 || (size_t)len > left) {
        *i += 1;
        return len == 1 ? c : 0xFFFD;
    }
    c &= 0x3Fu >> (len - 1);
    for (int k = 1; k < len; k++) {
        if ((p[k] & 0xC0) != 0x80) {
            *i += 1;
            return 0xFFFD;
        }
        c = c << 6 | (p[k] & 0x3Fu);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
        *i += 1;
        return 0xFFFD;
    }
    *i += (size_t)len;
    return c;
}

static enum hyphen_kind kind_of(uint32_t cp)
{
    if (cp == '\'' || cp == 0x2019)
        return HYPHEN_APOSTROPHE;
    switch (u_charType((UChar32)cp)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
        return HYPHEN_LETTER;
    case U_NON_SPACING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_ENCLOSING_MARK:
        return HYPHEN_MARK;
    /* quotes, brackets, full stops, commas; not dashes, which break */
    case U_START_PUNCTUATION:
    case U_END_PUNCTUATION:
    case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION:
    case U_OTHER_PUNCTUATION:
        return HYPHEN_PUNCT;
    default:
        return HYPHEN_OTHER;
    }
}

int hyphen_word_read(struct hyphen_word *w, const char *s, size_t n)
{
    w->n = 0;
    for (size_t i = 0; i < n;) {
        if (w->n == HYPHEN_MAX_WORD)
            return 0;
        uint32_t cp = decode(s, n, &i);
        enum hyphen_kind k = kind_of(cp);
        w->kind[w->n] = (unsigned char)k;
        w->cp[w->n] = k == HYPHEN_APOSTROPHE ? '\'' : (uint32_t)u_tolower((UChar32)cp);
        w->end[w->n++] = i;
    }
    int a = 0, b = w->n - 1;
    while (a < w->n && (w->kind[a] == HYPHEN_PUNCT || w->kind[a] == HYPHEN_APOSTROPHE))
        a++;
    if (a == w->n || w->kind[a] != HYPHEN_LETTER)
        return 0;
    while (w->kind[b] == HYPHEN_PUNCT || w->kind[b] == HYPHEN_APOSTROPHE)
        b--; /* stops at the letter at a, at the latest */
    if (b - a + 1 < HYPHEN_MIN_LEFT + HYPHEN_MIN_RIGHT)
        return 0;
    for (int k = a; k <= b; k++)
        if (w->kind[k] == HYPHEN_PUNCT || w->kind[k] == HYPHEN_OTHER)
            return 0;
    w->first = a;
    w->last = b;
    return 1;
}

size_t hyphen_word_start(const struct hyphen_word *w)
{
    return w->first > 0 ? w->end[w->first - 1] : 0;
}

size_t hyphen_word_bytes(const struct hyphen_word *w)
{
    return w->end[w->last] - hyphen_word_start(w);
}

/* 1 when a point after w->cp[k] keeps the rules: lmin letters before it,
 * rmin after, not next to an apostrophe, not before a mark (inside a
 * cluster). */
static int point_allowed(const struct hyphen_word *w, int k, int lmin, int rmin)
{
    if (k < w->first || k >= w->last)
        return 0;
    if (w->kind[k] == HYPHEN_APOSTROPHE || w->kind[k + 1] != HYPHEN_LETTER)
        return 0;
    int before = 0, after = 0;
    for (int i = w->first; i <= w->last; i++)
        if (w->kind[i] == HYPHEN_LETTER)
            *(i <= k ? &before : &after) += 1;
    return before >= lmin && after >= rmin;
}

int hyphen_dict_word(const struct hyphen_dict *d, const struct hyphen_word *w, const char *s,
                     char *out, size_t cap)
{
    unsigned char pt[HYPHEN_MAX_WORD];
    int n = w->last - w->first + 1, lmin, rmin;
    out[0] = 0;
    if (hyphen_dict_raw(d, w->cp + w->first, n, pt) < 0)
        return 0;
    hyphen_dict_mins(d, &lmin, &rmin);
    lmin = lmin > HYPHEN_MIN_LEFT ? lmin : HYPHEN_MIN_LEFT;
    rmin = rmin > HYPHEN_MIN_RIGHT ? rmin : HYPHEN_MIN_RIGHT;
    size_t o = 0, from = hyphen_word_start(w);
    int found = 0;
    for (int k = w->first; k <= w->last; k++) {
        size_t to = w->end[k];
        if (o + (to - from) + 2 > cap)
            return out[0] = 0;
        memcpy(out + o, s + from, to - from);
        o += to - from;
        from = to;
        if (pt[k - w->first] == 1 && point_allowed(w, k, lmin, rmin)) {
            out[o++] = '-';
            found++;
        }
    }
    out[found ? o : 0] = 0;
    return found;
}

/* ---- where a dictionary is ---------------------------------------------------- */

#define DEFAULT_DIR "/usr/share/hyphen"

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

/* "de-CH" -> "de" and "CH", "EN" -> "en", "en-Latn-US" -> "en" and "US",
 * "fr-419" -> "fr". 0 when the tag does not start with a language of 2 or
 * 3 letters, so nothing else ever reaches a file name. */
static int tag_parts(const char *tag, char lang[4], char region[3])
{
    size_t n = subtag(tag, 0);
    if (n < 2 || n > 3)
        return 0;
    for (size_t i = 0; i < n; i++)
        lang[i] = (char)(tag[i] | 0x20);
    lang[n] = 0;
    region[0] = 0;
    for (size_t i = n; tag[i];) {
        if (subtag(tag, i + 1) == 2) { /* the region; a script (4 letters) is skipped */
            region[0] = (char)(tag[i + 1] & ~0x20);
            region[1] = (char)(tag[i + 2] & ~0x20);
            region[2] = 0;
            break;
        }
        i++;
        while (tag[i] && tag[i] != '-' && tag[i] != '_')
            i++;
    }
    return 1;
}

static int readable(const char *dir, const char *name, char *path, size_t size)
{
    return snprintf(path, size, "%s/hyph_%s.dic", dir, name) < (int)size && access(path, R_OK) == 0;
}

/* The first hyph_<lang>_*.dic of dir in name order (a folder of Debian's
 * packages has hyph_ru_RU.dic and hyph_el_GR.dic, not hyph_ru.dic). */
static int any_region(const char *dir, const char *lang, char *path, size_t size)
{
    DIR *dd = opendir(dir);
    if (!dd)
        return 0;
    char prefix[16], best[256] = "";
    size_t np = (size_t)snprintf(prefix, sizeof prefix, "hyph_%s_", lang);
    struct dirent *e;
    while ((e = readdir(dd)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < sizeof best && len > np + 4 && strncmp(e->d_name, prefix, np) == 0 &&
            strcmp(e->d_name + len - 4, ".dic") == 0 && (!best[0] || strcmp(e->d_name, best) < 0))
            memcpy(best, e->d_name, len + 1);
    }
    closedir(dd);
    return best[0] && snprintf(path, size, "%s/%s", dir, best) < (int)size &&
           access(path, R_OK) == 0;
}

int hyphen_dict_find(const char *tag, char *path, size_t size)
{
    /* the region a language's dictionary is usually named with, before any */
    static const char *const usual[][2] = {{"en", "US"}, {"fr", "FR"}, {"de", "DE"}};
    const char *dir = getenv("VITRINE_HYPHEN_DIR");
    if (!dir || !*dir)
        dir = DEFAULT_DIR;
    char lang[4], region[3], name[8];
    if (!tag || !tag_parts(tag, lang, region))
        return -1;
    snprintf(name, sizeof name, "%s_%s", lang, region);
    if (region[0] && readable(dir, name, path, size))
        return 0;
    if (readable(dir, lang, path, size))
        return 0;
    for (size_t i = 0; i < sizeof usual / sizeof usual[0]; i++) {
        snprintf(name, sizeof name, "%s_%s", usual[i][0], usual[i][1]);
        if (strcmp(lang, usual[i][0]) == 0 && readable(dir, name, path, size))
            return 0;
    }
    return any_region(dir, lang, path, size) ? 0 : -1;
}

/* ---- a table ----------------------------------------------------------------- */

struct entry {
    uint32_t word, wn, hy, hn; /* offsets and lengths in the pool */
    uint32_t hash;
};

struct hyphen_table {
    char *pool;
    size_t used, cap;
    struct entry *e;
    int n, ecap;
    int32_t *slot; /* index into e, -1 empty; a power of two, at most half full */
    uint32_t mask;
};

static uint32_t hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

struct hyphen_table *hyphen_table_new(void)
{
    return calloc(1, sizeof(struct hyphen_table));
}

void hyphen_table_free(struct hyphen_table *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t->e);
    free(t->slot);
    free(t);
}

static int32_t find(const struct hyphen_table *t, const char *w, size_t n, uint32_t h)
{
    if (!t->slot)
        return -1;
    for (uint32_t i = h & t->mask;; i = (i + 1) & t->mask) {
        int32_t k = t->slot[i];
        if (k < 0 ||
            (t->e[k].hash == h && t->e[k].wn == n && memcmp(t->pool + t->e[k].word, w, n) == 0))
            return k;
    }
}

static int grow_slots(struct hyphen_table *t)
{
    uint32_t cap = t->slot ? (t->mask + 1) * 2 : 64;
    int32_t *s = malloc(sizeof *s * cap);
    if (!s)
        return -1;
    memset(s, 0xFF, sizeof *s * cap);
    for (int k = 0; k < t->n; k++) {
        uint32_t i = t->e[k].hash & (cap - 1);
        while (s[i] >= 0)
            i = (i + 1) & (cap - 1);
        s[i] = k;
    }
    free(t->slot);
    t->slot = s;
    t->mask = cap - 1;
    return 0;
}

static int room(struct hyphen_table *t, size_t bytes)
{
    if (t->n >= HYPHEN_TABLE_MAX_WORDS || t->used + bytes > HYPHEN_TABLE_MAX_BYTES)
        return -1;
    if (t->used + bytes > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap < t->used + bytes)
            cap *= 2;
        char *p = realloc(t->pool, cap);
        if (!p)
            return -1;
        t->pool = p;
        t->cap = cap;
    }
    if (t->n == t->ecap) {
        int cap = t->ecap ? t->ecap * 2 : 64;
        struct entry *e = realloc(t->e, sizeof *e * (size_t)cap);
        if (!e)
            return -1;
        t->e = e;
        t->ecap = cap;
    }
    if (!t->slot || (uint32_t)(t->n + 1) * 2 > t->mask + 1)
        return grow_slots(t);
    return 0;
}

/* 1 when hyphenated[0..hn) is word[0..wn) (a word with nothing around its
 * letters) with '-' at points that keep the rules. */
static int valid(const char *word, size_t wn, const char *hy, size_t hn)
{
    struct hyphen_word w;
    if (wn == 0 || hn <= wn || hn > wn + HYPHEN_MAX_WORD || !hyphen_word_read(&w, word, wn) ||
        w.first != 0 || w.last != w.n - 1)
        return 0;
    size_t o = 0;
    int k = 0; /* the code point that ends at o, once o > 0 */
    for (size_t i = 0; i < hn; i++) {
        if (hy[i] != '-') {
            if (o == wn || hy[i] != word[o])
                return 0;
            o++;
            continue;
        }
        while (k < w.n && w.end[k] < o)
            k++;
        if (o == 0 || k == w.n || w.end[k] != o ||
            !point_allowed(&w, k, HYPHEN_MIN_LEFT, HYPHEN_MIN_RIGHT) || (i > 0 && hy[i - 1] == '-'))
            return 0;
    }
    return o == wn;
}

int hyphen_table_add(struct hyphen_table *t, const char *word, size_t wn, const char *hyphenated,
                     size_t hn)
{
    if (!t || !valid(word, wn, hyphenated, hn))
        return -1;
    uint32_t h = hash_bytes(word, wn);
    if (find(t, word, wn, h) >= 0)
        return 1;
    if (room(t, wn + hn) != 0)
        return -2;
    struct entry *e = &t->e[t->n];
    *e = (struct entry){(uint32_t)t->used, (uint32_t)wn, (uint32_t)(t->used + wn), (uint32_t)hn, h};
    memcpy(t->pool + t->used, word, wn);
    memcpy(t->pool + t->used + wn, hyphenated, hn);
    t->used += wn + hn;
    uint32_t i = h & t->mask;
    while (t->slot[i] >= 0)
        i = (i + 1) & t->mask;
    t->slot[i] = t->n++;
    return 0;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int hyphen_table_learn(struct hyphen_table *t, const struct hyphen_dict *d, const char *text)
{
    struct hyphen_word w;
    char out[HYPHEN_MAX_WORD * 4 * 2 + 1];
    if (!text)
        return 0;
    for (const char *p = text; *p;) {
        while (is_space(*p))
            p++;
        const char *q = p;
        while (*q && !is_space(*q))
            q++;
        if (q > p && hyphen_word_read(&w, p, (size_t)(q - p))) {
            const char *key = p + hyphen_word_start(&w);
            size_t kn = hyphen_word_bytes(&w);
            /* a word the table refused is cut, as on the kiosk; a full
             * table fails the build */
            if (find(t, key, kn, hash_bytes(key, kn)) < 0 &&
                hyphen_dict_word(d, &w, p, out, sizeof out) > 0 &&
                hyphen_table_add(t, key, kn, out, strlen(out)) == -2)
                return -1;
        }
        p = q;
    }
    return 0;
}

int hyphen_table_count(const struct hyphen_table *t)
{
    return t ? t->n : 0;
}

void hyphen_table_entry(const struct hyphen_table *t, int i, const char **word, size_t *wn,
                        const char **hyphenated, size_t *hn)
{
    const struct entry *e = &t->e[i];
    *word = t->pool + e->word;
    *wn = e->wn;
    *hyphenated = t->pool + e->hy;
    *hn = e->hn;
}

int hyphen_points(const struct hyphen_table *t, const char *s, size_t n, unsigned char *pt)
{
    memset(pt, 0, n);
    struct hyphen_word w;
    if (!t || t->n == 0 || n == 0 || !hyphen_word_read(&w, s, n))
        return 0;
    size_t start = hyphen_word_start(&w), kn = hyphen_word_bytes(&w);
    int32_t k = find(t, s + start, kn, hash_bytes(s + start, kn));
    if (k < 0)
        return 0;
    /* checked when added: each '-' follows a letter of the word */
    const char *hy = t->pool + t->e[k].hy;
    size_t o = start;
    int found = 0;
    for (uint32_t i = 0; i < t->e[k].hn; i++) {
        if (hy[i] == '-') {
            pt[o - 1] = 1;
            found++;
        } else {
            o++;
        }
    }
    return found;
}
