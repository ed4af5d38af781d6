/* escape.h - text from a bundle made safe for a terminal and a log.
 *
 * A bundle is written by whoever holds a signing key, and its strings (a
 * title, a signer's trusted comment, a panel id, a reason quoting them)
 * reach `bundle verify`'s terminal, the journal and the staff screen. A
 * control character there is an instruction to the terminal (ESC[2J clears
 * it, ESC]52 writes the clipboard) or forges a log line (a newline). So
 * every control character is written as an escape instead:
 *   C0 controls and DEL   \x1b, \x7f (a tab stays; a newline stays only
 *                         where the caller keeps lines: ESCAPE_KEEP_NEWLINE)
 *   C1 controls U+0080-9F \u009b (what xterm in UTF-8 reads as CSI)
 *   a byte that is not    \xff
 *   UTF-8 (overlong, surrogate, past U+10FFFF, cut short)
 * Everything else, any script, passes unchanged; a backslash is not
 * doubled (the escapes are for reading, not for parsing back).
 *
 * Pure functions; no allocation. struct escape carries a UTF-8 sequence cut
 * between two calls (a stream written in pieces), so the same bytes give
 * the same text however they are split. */
#ifndef VITRINE_ESCAPE_H
#define VITRINE_ESCAPE_H

#include <stddef.h>

enum { ESCAPE_KEEP_NEWLINE = 1 };

struct escape {
    unsigned char held[4]; /* the start of a sequence the last piece cut */
    int n_held;
    int flags;
};

/* Escape n bytes of in into out (cap bytes, always NUL-terminated when cap
 * > 0); a sequence cut at the end is held in e for the next call. Returns
 * the bytes written (without the NUL); when out is too small the text is
 * cut at a whole character or escape. */
size_t escape_piece(struct escape *e, const char *in, size_t n, char *out, size_t cap);

/* What escape_piece still holds, escaped (the stream ended cut short). */
size_t escape_end(struct escape *e, char *out, size_t cap);

/* The whole string s, escaped into out: escape_piece and escape_end. */
size_t escape_text(const char *s, int flags, char *out, size_t cap);

/* Whether s has anything escape_text would change. */
int escape_needed(const char *s, int flags);

/* Standard output and standard error from here on escape what they are
 * given (ESCAPE_KEEP_NEWLINE): every string a command prints, from a bundle
 * or not, reaches the terminal without a control character. 0, or -1 when
 * the streams could not be replaced (they stay as they were). */
int escape_stdio(void);

#endif
