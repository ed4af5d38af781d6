/* hyphenation_dict.c - a libhyphen dictionary's patterns, applied as libhyphen
 * 2.8.8 applies them (hnj_hyphen_hyphenate2), but read some 60 times faster:
 * libhyphen builds its automaton through a chained hash table of 31,627
 * buckets, so Debian's German file (78,000 lines, most of them whole
 * compounds) takes it 2.5 to 3.4 s (56 ms here); the build would pay that
 * for every German edition.
 *
 * The same semantics, on code points: a file is read in its character set
 * (its first line: UTF-8 or a one-byte set, converted with ICU), and every
 * prefix of every pattern is a state. At each position of ".word." the
 * current state is the longest suffix of the text so far that is a state,
 * and only that state's pattern (if it is one) raises the values; this is
 * what libhyphen's automaton does (it relies on the files' patterns being
 * merged, as substrings.pl merges them), and it is found here by probing
 * the suffixes of the previous state plus the new letter in an
 * open-addressing hash keyed by the letters. Two levels, as libhyphen has
 * them: a file with NEXTLEVEL splits a word at its first part's odd points
 * (German compounds), each piece again on its own, and hyphenates a piece
 * the first part does not split with the second part; a file without one
 * gets libhyphen's default first level (a split at hyphens and
 * apostrophes). Then LEFTHYPHENMIN and RIGHTHYPHENMIN of the first part
 * (2 when not given) and its NOHYPHEN list.
 *
 * Rules that change the spelling (a "/" after the pattern: "c1k/k=k") raise
 * values like any pattern, and an odd value one of them gives is marked as
 * such (the caller leaves those points out); where libhyphen would then
 * re-hyphenate a compound's piece with the changed spelling, this does not.
 * tests/test_hyphenation.c holds it against libhyphen on word lists.
 *
 * DEPENDENCIES: ICU's converters, for the one-byte character sets. */
#define _POSIX_C_SOURCE 200809L
#include "hyphenation.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucnv.h>

#define LINE_MAX_BYTES 99 /* libhyphen's MAX_CHARS - 1: what fgets reads */
#define NOHYPHEN_MAX 16   /* words of a NOHYPHEN line */
#define PREP_MAX (HYPHEN_MAX_WORD + 2)

/* A state: a prefix of a pattern, or a pattern. */
struct state {
    uint32_t off;  /* its letters, in d->cps */
    uint32_t hash; /* of its letters (0 with len 0: an empty slot) */
    uint16_t len;
    uint8_t repl; /* a rule that changes the spelling */
    int32_t val;  /* its len + 1 values in d->vals; -1: a prefix only */
};

struct level {
    struct state *slot;
    uint32_t mask, n;
    int longest;
};

struct hyphen_dict {
    struct level lv[2]; /* [0]: the first (compound) level, [1]: the words */
    int lhmin, rhmin;   /* the first level's, as libhyphen reads them */
    int clhmin, crhmin; /* its minimums for the pieces of a compound */
    int utf8;
    uint32_t map[256];   /* a one-byte set: byte -> code point, 0 none */
    uint32_t coded[256]; /* the code points it has, sorted */
    int n_coded;
    uint32_t *cps;
    size_t n_cps, cap_cps;
    unsigned char *vals;
    size_t n_vals, cap_vals;
    uint32_t nohy[NOHYPHEN_MAX][8]; /* the first level's NOHYPHEN words */
    int nohy_len[NOHYPHEN_MAX], n_nohy;
};

static void say(char *why, size_t len, const char *fmt, ...)
{
    if (!len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, len, fmt, ap);
    va_end(ap);
}

/* Hashes a run of letters from its last to its first, so that the suffixes
 * ending at a position are hashed one letter at a time. */
static uint32_t mix(uint32_t acc, uint32_t c)
{
    return (acc ^ c) * 0x01000193u;
}

static uint32_t finish(uint32_t acc, int len)
{
    uint32_t h = acc ^ (uint32_t)len;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    return h | 1; /* never 0: 0 marks an empty slot */
}

static uint32_t hash_of(const uint32_t *s, int len)
{
    uint32_t acc = 0x811C9DC5u;
    for (int i = len - 1; i >= 0; i--)
        acc = mix(acc, s[i]);
    return finish(acc, len);
}

static struct state *lookup(const struct hyphen_dict *d, const struct level *lv, const uint32_t *s,
                            int len, uint32_t h)
{
    for (uint32_t i = h & lv->mask; lv->slot; i = (i + 1) & lv->mask) {
        struct state *st = &lv->slot[i];
        if (st->hash == 0)
            return NULL;
        if (st->hash == h && st->len == len &&
            memcmp(d->cps + st->off, s, sizeof *s * (size_t)len) == 0)
            return st;
    }
    return NULL;
}

static int grow(struct level *lv)
{
    uint32_t cap = lv->slot ? (lv->mask + 1) * 2 : 1024;
    struct state *s = calloc(cap, sizeof *s);
    if (!s)
        return -1;
    for (uint32_t i = 0; lv->slot && i <= lv->mask; i++) {
        if (!lv->slot[i].hash)
            continue;
        uint32_t k = lv->slot[i].hash & (cap - 1);
        while (s[k].hash)
            k = (k + 1) & (cap - 1);
        s[k] = lv->slot[i];
    }
    free(lv->slot);
    lv->slot = s;
    lv->mask = cap - 1;
    return 0;
}

static struct state *insert(struct level *lv, uint32_t off, int len, uint32_t h)
{
    if (!lv->slot || (lv->n + 1) * 4 > (lv->mask + 1) * 3) {
        if (grow(lv))
            return NULL;
    }
    uint32_t i = h & lv->mask;
    while (lv->slot[i].hash)
        i = (i + 1) & lv->mask;
    lv->slot[i] = (struct state){off, h, (uint16_t)len, 0, -1};
    lv->n++;
    if (len > lv->longest)
        lv->longest = len;
    return &lv->slot[i];
}

static int reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 4096;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* The code points of bytes b[0..n) in the dictionary's set; values at the
 * byte gaps v[0..n] become values at the code point gaps (UTF-8: a value
 * inside a character, which no file has, is dropped). Returns the count. */
static int to_cps(const struct hyphen_dict *d, const unsigned char *b, int n, const char *v,
                  uint32_t *out, char *vout)
{
    int k = 0;
    if (vout)
        vout[0] = v[0];
    for (int i = 0; i < n;) {
        uint32_t c = b[i];
        int len = 1;
        if (!d->utf8) {
            c = d->map[c] ? d->map[c] : 0xFFFD;
        } else if (c >= 0x80) {
            len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
            if (i + len > n)
                len = 1;
            c = len == 1 ? 0xFFFD : c & (0x3Fu >> (len - 1));
            for (int j = 1; j < len; j++)
                c = c << 6 | (b[i + j] & 0x3Fu);
        }
        i += len;
        out[k++] = c;
        if (vout)
            vout[k] = v[i];
    }
    return k;
}

/* One pattern line, as libhyphen's hnj_hyphen_load_line reads it. */
static int add_pattern(struct hyphen_dict *d, struct level *lv, const char *line)
{
    unsigned char word[LINE_MAX_BYTES + 1];
    char val[LINE_MAX_BYTES + 2], cval[LINE_MAX_BYTES + 2];
    const char *slash = strchr(line, '/');
    size_t stop = slash ? (size_t)(slash - line) : strlen(line);
    int j = 0;
    val[0] = 0;
    for (size_t i = 0; i < stop && (unsigned char)line[i] > ' ' && j < LINE_MAX_BYTES - 1; i++) {
        if (line[i] >= '0' && line[i] <= '9') {
            val[j] = (char)(line[i] - '0');
        } else {
            word[j++] = (unsigned char)line[i];
            val[j] = 0;
        }
    }
    if (j == 0)
        return 0; /* a blank line: libhyphen's empty state, never applied */
    if (reserve((void **)&d->cps, &d->cap_cps, d->n_cps + (size_t)j, sizeof *d->cps) ||
        reserve((void **)&d->vals, &d->cap_vals, d->n_vals + (size_t)j + 1, 1))
        return -1;
    uint32_t off = (uint32_t)d->n_cps;
    uint32_t *cp = d->cps + off;
    int len = to_cps(d, word, j, val, cp, cval);
    if (len > 0xFFFF)
        return 0;
    struct state *st = lookup(d, lv, cp, len, hash_of(cp, len));
    int fresh = !st;
    if (!st && !(st = insert(lv, off, len, hash_of(cp, len))))
        return -1;
    /* the prefixes, down to the first one already there */
    for (int m = len - 1; fresh && m > 0; m--) {
        uint32_t h = hash_of(cp, m);
        if (lookup(d, lv, cp, m, h))
            break;
        if (!insert(lv, off, m, h))
            return -1;
    }
    if (fresh)
        d->n_cps += (size_t)len;
    st = lookup(d, lv, cp, len, hash_of(cp, len)); /* the table may have grown */
    st->val = (int32_t)d->n_vals;                  /* a pattern given twice: the last one */
    st->repl = slash != NULL;
    memcpy(d->vals + d->n_vals, cval, (size_t)len + 1);
    d->n_vals += (size_t)len + 1;
    return 0;
}

/* NOHYPHEN's words, as libhyphen reads them: the rest of the line less its
 * last byte (the newline), split at commas after the first byte. */
static void set_nohyphen(struct hyphen_dict *d, const char *rest)
{
    while (*rest == ' ' || *rest == '\t')
        rest++;
    d->n_nohy = 0;
    size_t n = strlen(rest);
    if (n == 0)
        return;
    n--;
    for (size_t a = 0; a <= n && d->n_nohy < NOHYPHEN_MAX;) {
        size_t b = a == 0 ? 1 : a;
        while (b < n && rest[b] != ',')
            b++;
        if (b > n)
            b = n;
        char zero[8] = {0};
        int len = 0;
        uint32_t cps[LINE_MAX_BYTES + 1];
        if (b - a <= LINE_MAX_BYTES)
            len = to_cps(d, (const unsigned char *)rest + a, (int)(b - a), zero, cps, NULL);
        if (len > 0 && len <= 8) {
            memcpy(d->nohy[d->n_nohy], cps, sizeof *cps * (size_t)len);
            d->nohy_len[d->n_nohy++] = len;
        }
        a = b + 1;
    }
}

/* libhyphen's first level where a file has none: a word splits at hyphens
 * and apostrophes (and, in UTF-8, en dashes and right single quotes),
 * which are never points themselves. */
static int default_level(struct hyphen_dict *d)
{
    static const char *const utf8[] = {"1-1", "1'1",
                                       "1\xE2\x80\x93"
                                       "1",
                                       "1\xE2\x80\x99"
                                       "1"};
    int n = d->utf8 ? 4 : 2;
    for (int i = 0; i < n; i++)
        if (add_pattern(d, &d->lv[0], utf8[i]))
            return -1;
    set_nohyphen(d, d->utf8 ? "',\xE2\x80\x93,\xE2\x80\x99,-\n" : "',-\n");
    return 0;
}

/* The one-byte set's table, from ICU; -1 when ICU does not know it. */
static int charset(struct hyphen_dict *d, const char *name)
{
    d->utf8 = strcmp(name, "UTF-8") == 0;
    if (d->utf8)
        return 0;
    UErrorCode e = U_ZERO_ERROR;
    UConverter *c = ucnv_open(name, &e);
    if (U_FAILURE(e) || ucnv_getMaxCharSize(c) != 1) {
        ucnv_close(c);
        return -1;
    }
    for (int b = 1; b < 256; b++) {
        char in = (char)b;
        UChar out[4];
        e = U_ZERO_ERROR;
        int32_t n = ucnv_toUChars(c, out, 4, &in, 1, &e);
        if (U_SUCCESS(e) && n == 1 && out[0] != 0xFFFD && out[0] != 0x1A)
            d->map[b] = out[0];
    }
    ucnv_close(c);
    for (int b = 1; b < 256; b++) {
        if (!d->map[b])
            continue;
        int k = d->n_coded++;
        while (k > 0 && d->coded[k - 1] > d->map[b]) {
            d->coded[k] = d->coded[k - 1];
            k--;
        }
        d->coded[k] = d->map[b];
    }
    return 0;
}

static int coded(const struct hyphen_dict *d, uint32_t c)
{
    int lo = 0, hi = d->n_coded;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (d->coded[mid] < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < d->n_coded && d->coded[lo] == c;
}

static char *slurp(const char *path, size_t *n, char *why, size_t why_len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0;
    *n = 0;
    if (!f) {
        say(why, why_len, "%s cannot be read: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        if (reserve((void **)&buf, &cap, *n + 65536 + 1, 1)) {
            say(why, why_len, "out of memory reading %s", path);
            free(buf);
            buf = NULL;
            break;
        }
        size_t got = fread(buf + *n, 1, cap - *n - 1, f);
        *n += got;
        if (got == 0)
            break;
    }
    if (buf && ferror(f)) {
        say(why, why_len, "%s cannot be read", path);
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf)
        buf[*n] = 0;
    return buf;
}

static int starts(const char *line, const char *word)
{
    return strncmp(line, word, strlen(word)) == 0;
}

/* The lines after the first, into the two levels. */
static int read_lines(struct hyphen_dict *d, char *p, char *end)
{
    int part = 0, nextlevel = 0;
    while (p < end) {
        /* a line as fgets reads it into libhyphen's buffer: a longer one
         * comes as several */
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *stop = nl ? nl + 1 : end;
        if (stop - p > LINE_MAX_BYTES)
            stop = p + LINE_MAX_BYTES;
        char saved = *stop;
        *stop = 0;
        int rc = 0;
        if (starts(p, "NEXTLEVEL")) {
            if (part == 1)
                break;
            part = nextlevel = 1;
        } else if (p[0] == '%') {
        } else if (starts(p, "LEFTHYPHENMIN")) {
            d->lhmin = part ? d->lhmin : atoi(p + 13);
        } else if (starts(p, "RIGHTHYPHENMIN")) {
            d->rhmin = part ? d->rhmin : atoi(p + 14);
        } else if (starts(p, "COMPOUNDLEFTHYPHENMIN")) {
            d->clhmin = part ? d->clhmin : atoi(p + 21);
        } else if (starts(p, "COMPOUNDRIGHTHYPHENMIN")) {
            d->crhmin = part ? d->crhmin : atoi(p + 22);
        } else if (starts(p, "NOHYPHEN")) {
            if (part == 0) /* the second level's is never used */
                set_nohyphen(d, p + 8);
        } else {
            rc = add_pattern(d, &d->lv[part], p);
        }
        *stop = saved;
        if (rc)
            return -1;
        p = stop;
    }
    if (nextlevel)
        return 0;
    /* one level: it is the words', under libhyphen's default first one,
     * whose minimums for pieces default to the words' (else 3) */
    d->clhmin = d->clhmin ? d->clhmin : d->lhmin ? d->lhmin : 3;
    d->crhmin = d->crhmin ? d->crhmin : d->rhmin ? d->rhmin : 3;
    d->lv[1] = d->lv[0];
    memset(&d->lv[0], 0, sizeof d->lv[0]);
    return default_level(d);
}

struct hyphen_dict *hyphen_dict_load(const char *path, char *why, size_t why_len)
{
    size_t n;
    char *buf = slurp(path, &n, why, why_len);
    if (!buf)
        return NULL;
    struct hyphen_dict *d = calloc(1, sizeof *d);
    /* the first line names the character set; fgets reads 19 bytes of it
     * at most, the rest is read as the next line */
    char name[20] = "";
    size_t first = strcspn(buf, "\n");
    first = first < n ? first + 1 : n;
    if (first > sizeof name - 1)
        first = sizeof name - 1;
    memcpy(name, buf, first);
    name[strcspn(name, "\r\n")] = 0;
    if (!d) {
        say(why, why_len, "out of memory reading %s", path);
    } else if (charset(d, name) != 0) {
        say(why, why_len, "%s: character set %s not supported", path, name);
    } else if (read_lines(d, buf + first, buf + n) != 0) {
        say(why, why_len, "out of memory reading %s", path);
    } else {
        free(buf);
        return d;
    }
    free(buf);
    hyphen_dict_free(d);
    return NULL;
}

void hyphen_dict_free(struct hyphen_dict *d)
{
    if (!d)
        return;
    free(d->lv[0].slot);
    free(d->lv[1].slot);
    free(d->cps);
    free(d->vals);
    free(d);
}

void hyphen_dict_mins(const struct hyphen_dict *d, int *left, int *right)
{
    *left = d->lhmin;
    *right = d->rhmin;
}

/* One level on word w[0..n): h[k] the value after w[k] (the last one 0),
 * rp[k] whether a rule that changes the spelling gave it. */
static void level_values(const struct hyphen_dict *d, const struct level *lv, const uint32_t *w,
                         int n, unsigned char *h, unsigned char *rp)
{
    uint32_t prep[PREP_MAX], acc[PREP_MAX + 1];
    unsigned char hp[PREP_MAX + 1] = {0}, rr[PREP_MAX + 1] = {0};
    int m = 0;
    prep[m++] = '.';
    for (int k = 0; k < n; k++)
        prep[m++] = w[k] >= '0' && w[k] <= '9' ? '.' : w[k];
    prep[m++] = '.';
    int s = 0; /* the current state's length */
    for (int i = 0; i < m && lv->slot; i++) {
        /* the new state is a suffix of the last one and this letter */
        int most = s + 1 < lv->longest ? s + 1 : lv->longest;
        acc[0] = 0x811C9DC5u;
        for (int len = 1; len <= most; len++)
            acc[len] = mix(acc[len - 1], prep[i - len + 1]);
        const struct state *st = NULL;
        for (s = most; s > 0; s--)
            if ((st = lookup(d, lv, prep + i - s + 1, s, finish(acc[s], s))) != NULL)
                break;
        if (!st || st->val < 0)
            continue;
        const unsigned char *v = d->vals + st->val;
        for (int t = 0; t <= s; t++) {
            int q = i - s + t;
            if (q >= 0 && v[t] > hp[q]) {
                hp[q] = v[t];
                if (v[t] & 1)
                    rr[q] = st->repl;
            }
        }
    }
    for (int k = 0; k < n; k++) {
        h[k] = k < n - 1 ? hp[k + 1] : 0;
        rp[k] = k < n - 1 ? rr[k + 1] : 0;
    }
}

static int ligature(uint32_t c) /* libhyphen counts ffi and ffl as two letters */
{
    return c == 0xFB03 || c == 0xFB04;
}

/* No point before the first min letters, as hnj_hyphen_lhmin. */
static void left_min(const struct hyphen_dict *d, const uint32_t *w, int n, unsigned char *h,
                     int min)
{
    int i = 1 + (d->utf8 && ligature(w[0]));
    for (int j = 0; i < min && j < n; i++) {
        h[j++] = 0;
        if (j < n && d->utf8)
            i += ligature(w[j]);
    }
}

/* No point after the last min letters, as hnj_hyphen_rhmin: from the end,
 * never down to the word's first byte. */
static void right_min(const struct hyphen_dict *d, const uint32_t *w, int n, unsigned char *h,
                      int min)
{
    for (int k = n - 1, c = 0; c < min && k >= 0; k--, c++) {
        if (k == 0 && !(d->utf8 && w[0] >= 0x80))
            break;
        h[k] = 0;
    }
}

/* NOHYPHEN: no point right before or right after one of its words. */
static void no_hyphen(const struct hyphen_dict *d, const uint32_t *w, int n, unsigned char *h)
{
    for (int t = 0; t < d->n_nohy; t++) {
        int len = d->nohy_len[t];
        for (int a = 0; a + len <= n; a++) {
            if (memcmp(w + a, d->nohy[t], sizeof *w * (size_t)len) != 0)
                continue;
            h[a + len - 1] = 0;
            if (a > 0)
                h[a - 1] = 0;
        }
    }
}

/* hnj_hyphen_hyph_ on the first level: its odd values split a compound
 * into pieces, each hyphenated the same way on its own (a piece the first
 * level does not split goes to the second level, with the compound
 * minimums at an end that is a piece's: lend, rend 0). As libhyphen 2.8.8
 * does it (Debian 12's, and LibreOffice's). */
static void compound(const struct hyphen_dict *d, const uint32_t *w, int n, unsigned char *h,
                     unsigned char *rp, int lend, int rend)
{
    unsigned char h2[HYPHEN_MAX_WORD], r2[HYPHEN_MAX_WORD];
    level_values(d, &d->lv[0], w, n, h, rp);
    int begin = 0;
    for (int i = 0; i < n; i++) {
        if (!(h[i] & 1) && !(begin > 0 && i == n - 1))
            continue;
        if (i - begin > 1) { /* 2.8.8: a piece of three letters or more */
            compound(d, w + begin, i - begin + 1, h2, r2, begin > 0 ? 0 : lend,
                     (h[i] & 1) ? 0 : rend);
            /* 2.8.8 takes the piece's values but its last one before the
             * boundary, which keeps the first level's (2.8.9 takes all) */
            memcpy(h + begin, h2, (size_t)(i - begin - 1));
            memcpy(rp + begin, r2, (size_t)(i - begin - 1));
        }
        begin = i + 1;
    }
    if (begin > 0)
        return;
    level_values(d, &d->lv[1], w, n, h, rp);
    if (!lend)
        left_min(d, w, n, h, d->clhmin);
    if (!rend)
        right_min(d, w, n, h, d->crhmin);
}

int hyphen_dict_raw(const struct hyphen_dict *d, const uint32_t *cp, int n, unsigned char *pt)
{
    unsigned char h[HYPHEN_MAX_WORD], rp[HYPHEN_MAX_WORD];
    memset(pt, 0, (size_t)n);
    if (n < 1 || n > HYPHEN_MAX_WORD)
        return -1;
    for (int k = 0; !d->utf8 && k < n; k++)
        if (!coded(d, cp[k]))
            return -1;
    compound(d, cp, n, h, rp, 1, 1);
    left_min(d, cp, n, h, d->lhmin > 0 ? d->lhmin : 2);
    right_min(d, cp, n, h, d->rhmin > 0 ? d->rhmin : 2);
    no_hyphen(d, cp, n, h);
    for (int k = 0; k < n; k++)
        pt[k] = (h[k] & 1) ? (unsigned char)(rp[k] ? 2 : 1) : 0;
    return 0;
}
