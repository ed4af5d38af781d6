/* hyphenation.h - where a word may be hyphenated: libhyphen's patterns (the
 * TeX ones, as LibreOffice uses them) from the system's dictionaries,
 * Debian's hyphen-en-us, hyphen-fr and hyphen-de in /usr/share/hyphen/ (the
 * environment variable VITRINE_HYPHEN_DIR names another folder; the tests
 * use it). Any language with a hyph_LL.dic or hyph_LL_RR.dic there in UTF-8
 * or ISO 8859-1 works.
 *
 * A language tag (BCP 47: "de", "de-CH", "en-CA", "fr_FR") picks
 * hyph_ll_RR.dic where it exists, else hyph_ll.dic, else the language's
 * usual region (en_US, fr_FR, de_DE). A dictionary is loaded the first time
 * a word of its language needs it, once per process, and kept until the
 * process ends. Thread-safe: a mutex guards the table of dictionaries, and a
 * loaded dictionary is only read. A language with no dictionary, or one that
 * cannot be loaded, gets no hyphenation points; that is logged once per
 * language, never per word.
 *
 * Only a word made of letters is hyphenated: cased letters (Latin, Greek,
 * Cyrillic...) with their accents, and apostrophes inside ("aujourd'hui").
 * Punctuation before or after it ("«", "(", ".", "»") is left out; digits,
 * hyphens and dashes, slashes, ideographs, Hangul, emoji, a soft hyphen or
 * a word joiner (U+2060) inside make it a word the dictionaries are not
 * asked about. */
#ifndef VITRINE_HYPHENATION_H
#define VITRINE_HYPHENATION_H

#include <stddef.h>

/* Letters a hyphenated word keeps before its first point and after its
 * last, at least (a dictionary may ask for more). */
#define HYPHENATION_MIN_LEFT 2
#define HYPHENATION_MIN_RIGHT 3

/* Longer words (in code points) are not looked up. */
#define HYPHENATION_MAX_WORD 128

/* Where word s[0..n) (UTF-8), in language lang (a BCP 47 tag, or NULL: none),
 * may end a line with a hyphen: pt[k] (n entries, all written) is 1 when a
 * line may end after byte k, with a hyphen drawn after it; 0 elsewhere. A
 * point is always between clusters, inside the word, never next to an
 * apostrophe, and a point where the dictionary would change the spelling
 * (German before 1996: "Schiffahrt", "Schiff-fahrt") is left out. Returns
 * the number of points: 0 when lang has no dictionary or the word is not
 * one the dictionaries hyphenate (see above). Never fails. */
int hyphenation_points(const char *lang, const char *s, size_t n, unsigned char *pt);

/* Load the dictionaries of these languages on a thread of their own, now,
 * so that the first long word of an exhibit's language does not wait for
 * its dictionary on the thread that lays out (libhyphen takes about 3 s to
 * load Debian's German patterns, 5 ms the English ones). Returns at once;
 * a word that needs a dictionary still loading waits for it under the
 * table's mutex. At most HYPHENATION_PRELOAD_MAX tags; best effort (no
 * thread: loaded when first needed). */
#define HYPHENATION_PRELOAD_MAX 16
void hyphenation_preload(const char *const *langs, int n);

#endif
