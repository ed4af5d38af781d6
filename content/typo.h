/* typo.h - typography per language, applied by `vitrine bundle build` to
 * the visitor texts it writes (the YAML the authors wrote stays as it is).
 *
 *   quotes       straight quotes become the language's marks (CLDR's,
 *                through ICU: its quotation marks, and its alternate ones
 *                inside them), opening or closing by what stands before
 *                them: English “ ” and, inside those, ‘ ’; German „ “ and
 *                ‚ ‘; Russian « » and „ “; Japanese 「 」 and 『 』; French
 *                « » with narrow no-break spaces inside, and “ ” inside
 *                those. A " between two Hebrew letters is the gershayim
 *                and stays. A text the kiosk sets in quote marks itself (a
 *                quotation) starts at the inner level, so a quote inside it
 *                alternates instead of doubling the closing mark.
 *   apostrophes  ' after a letter or a digit becomes ’ (couldn’t, Korea’s,
 *                gov’t, ’90s when no closing quote follows).
 *   French       a narrow no-break space before ; ! ? and a no-break space
 *                before : (not in "10:30" or "https://"), replacing a plain
 *                space written there; ordinals as superscripts: 27e → 27ᵉ,
 *                1er → 1ᵉʳ, 1re → 1ʳᵉ, 2ème → 2ᵉ.
 *
 * Marks already typographic are left alone. No errors: a language CLDR
 * has no marks for gets the English ones. */
#ifndef VITRINE_TYPO_H
#define VITRINE_TYPO_H

#include <stddef.h>

/* The bytes typo_apply may need for a text of n bytes (each byte may grow
 * to at most 7: a straight quote to a guillemet and a narrow space). */
#define TYPO_MAX(n) ((n)*7 + 1)

/* s[0..n) (UTF-8) in the typography of locale, into out (at least
 * TYPO_MAX(n) bytes), NUL-terminated; nested: the text is set inside the
 * language's quote marks by the kiosk. Returns the length written. */
size_t typo_apply(const char *s, size_t n, const char *locale, int nested, char *out);

#endif
