/* hyphenation.h - where a word may be hyphenated, found once at `bundle build`
 * and kept in the store, so that nothing that shows or checks an exhibit
 * ever reads a dictionary.
 *
 * Three parts:
 *  - a word: what is looked up, and the rules every point keeps (below);
 *  - a dictionary: the TeX patterns of a hyph_LL*.dic file in
 *    /usr/share/hyphen (VITRINE_HYPHEN_DIR names another folder), applied
 *    as libhyphen applies them (hyphenation_dict.c; only the build uses one);
 *  - a table: words and their hyphenated forms ("Ma-ra-thon-lauf"), as the
 *    build writes them into the store's hyphenation table and the store
 *    reads them back, checked (a hostile store cannot place a point outside
 *    a word or inside a cluster, nor make a table grow without bound).
 *
 * A word is made of letters: cased letters (Latin, Greek, Cyrillic...) with
 * their accents, and apostrophes inside ("aujourd'hui"). Punctuation before
 * or after it ("«", "(", ".", "»") is left out; digits, hyphens and dashes,
 * slashes, ideographs, Hangul, emoji, a soft hyphen or a word joiner
 * (U+2060) inside make it a word that is never hyphenated. A point has at
 * least HYPHEN_MIN_LEFT letters before it and HYPHEN_MIN_RIGHT after it
 * (the dictionary's own minimums where larger), is never next to an
 * apostrophe, never before a combining mark, and never where the
 * dictionary would change the spelling ("Schiff-fahrt").
 *
 * Not thread-safe as a whole: a dictionary and a table are only read once
 * made, so readers may share one. */
#ifndef VITRINE_HYPHENATION_H
#define VITRINE_HYPHENATION_H

#include <stddef.h>
#include <stdint.h>

#define HYPHEN_MIN_LEFT 2
#define HYPHEN_MIN_RIGHT 3

/* Longer words (in code points) are not looked up. */
#define HYPHEN_MAX_WORD 128

/* ---- a word -------------------------------------------------------------- */

enum hyphen_kind { HYPHEN_LETTER, HYPHEN_MARK, HYPHEN_APOSTROPHE, HYPHEN_PUNCT, HYPHEN_OTHER };

/* A word as the patterns see it: its code points lowercased (U+2019 read as
 * '), where each ends in the text, and their kinds; the letters are
 * cp[first..last]. */
struct hyphen_word {
    uint32_t cp[HYPHEN_MAX_WORD];
    size_t end[HYPHEN_MAX_WORD];
    unsigned char kind[HYPHEN_MAX_WORD];
    int n, first, last;
};

/* 1 when s[0..n) (UTF-8) is a word that may be hyphenated (see above):
 * punctuation, then at least HYPHEN_MIN_LEFT + HYPHEN_MIN_RIGHT letters with
 * their marks and apostrophes, then punctuation; 0 otherwise. */
int hyphen_word_read(struct hyphen_word *w, const char *s, size_t n);

/* Where the letters of w start in its text and how many bytes they take:
 * the word as written, the key of a table. */
size_t hyphen_word_start(const struct hyphen_word *w);
size_t hyphen_word_bytes(const struct hyphen_word *w);

/* ---- a dictionary (the build's) -------------------------------------------- */

struct hyphen_dict;

/* The dictionary file for a BCP 47 tag ("de-CH", "ru", "el", "en_US"):
 * hyph_ll_RR.dic, else hyph_ll.dic, else the first hyph_ll_*.dic in name
 * order, in VITRINE_HYPHEN_DIR or /usr/share/hyphen. 0 and its path in
 * path[0..size); -1 when there is none. */
int hyphen_dict_find(const char *tag, char *path, size_t size);

/* Read a libhyphen .dic file (UTF-8 or any one-byte character set ICU
 * knows: ISO8859-1, -2, -7, -13, KOI8-R...). NULL with a sentence in why
 * when it cannot be read. */
struct hyphen_dict *hyphen_dict_load(const char *path, char *why, size_t why_len);
void hyphen_dict_free(struct hyphen_dict *d);

/* libhyphen's hnj_hyphen_hyphenate2 on cp[0..n) (lowercase code points,
 * 1 <= n <= HYPHEN_MAX_WORD): pt[k] (n entries) is 1 when an odd value
 * falls after cp[k], 2 where that point comes from a rule that changes the
 * spelling, 0 elsewhere. -1 (pt all 0) when a letter has no code in the
 * dictionary's character set, as libhyphen could not be asked. For the
 * test that holds it against libhyphen; the build wants hyphen_dict_word. */
int hyphen_dict_raw(const struct hyphen_dict *d, const uint32_t *cp, int n, unsigned char *pt);

/* The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN (0: not given). */
void hyphen_dict_mins(const struct hyphen_dict *d, int *left, int *right);

/* Word w (read from s) hyphenated: its letters as written with '-' at each
 * point, into out[0..cap) (cap of 2 * HYPHEN_MAX_WORD * 4 is enough), NUL
 * terminated. Returns the number of points; 0 when there are none (out is
 * then empty). */
int hyphen_dict_word(const struct hyphen_dict *d, const struct hyphen_word *w, const char *s,
                     char *out, size_t cap);

/* ---- a table ----------------------------------------------------------------- */

/* Bounds a table keeps whatever its store holds: words, and bytes of words
 * and hyphenated forms together. */
#define HYPHEN_TABLE_MAX_WORDS 100000
#define HYPHEN_TABLE_MAX_BYTES (16u << 20)

struct hyphen_table;

struct hyphen_table *hyphen_table_new(void);
void hyphen_table_free(struct hyphen_table *t);

/* Add a word and its hyphenated form, both as the store holds them (not
 * NUL terminated). Checked: word must be a word (above) with nothing around
 * its letters, hyphenated must be word with '-' at points that keep the
 * rules. 0 added, 1 already there (kept as it was), -1 refused (not
 * valid), -2 not added (a bound reached, or out of memory). */
int hyphen_table_add(struct hyphen_table *t, const char *word, size_t wn, const char *hyphenated,
                     size_t hn);

/* Add every word of text (as typeset sees its words: runs between
 * whitespace) that d hyphenates; the build's. 0, or -1 when the table is
 * full or memory ran out. */
int hyphen_table_learn(struct hyphen_table *t, const struct hyphen_dict *d, const char *text);

/* How many words, and the i-th in the order they were added. */
int hyphen_table_count(const struct hyphen_table *t);
void hyphen_table_entry(const struct hyphen_table *t, int i, const char **word, size_t *wn,
                        const char **hyphenated, size_t *hn);

/* Where s[0..n) (a run between spaces) may end a line with a hyphen, from
 * table t (NULL: nowhere): pt[k] (n entries, all written) is 1 when a line
 * may end after byte k. Returns the number of points. Never fails. */
int hyphen_points(const struct hyphen_table *t, const char *s, size_t n, unsigned char *pt);

#endif
