/* vtt.h - a WebVTT caption file read into plain-text cues, by the W3C's
 * parsing rules (https://www.w3.org/TR/webvtt1/: "WebVTT file parsing",
 * "collect a WebVTT timestamp", "WebVTT cue text parsing rules"). Pure:
 * bytes in, cues and errors out through callbacks; no build, no SDL.
 *
 * What it accepts: an optional BOM; a first line "WEBVTT" alone or followed
 * by a space or tab and any text; line ends LF, CRLF or CR; a header that
 * ends at a blank line or at the first line with "-->"; blocks of captions
 * with or without an identifier line; NOTE, STYLE and REGION blocks
 * (skipped); a timing line with spaces or tabs around its times and cue
 * settings after the end time (accepted, ignored); a line with "-->"
 * inside a caption's text ends that caption and starts the next one.
 * Times are [hh:]mm:ss.ttt with exactly two digits of minutes and seconds,
 * at least two of hours when given (at most 99), exactly three of
 * milliseconds; anything else is an error at its line.
 *
 * What it decodes: a cue's text becomes plain text, as the kiosk draws it -
 * tags (<i>, <c.x>, <v Speaker>, <lang>, <00:01.500>) dropped with their
 * annotations, ruby annotations (<rt>...</rt>) dropped with their text (the
 * base text stays: the kiosk draws no ruby above a line, and inline they
 * would read as part of the text), every HTML character reference decoded
 * as HTML does it in text: decimal (&#8212;), hex (&#x2014;), the 2,231
 * names (vtt_entities.h, the ones without ";" too); &#0;, surrogates and
 * numbers past U+10FFFF become U+FFFD, an unknown name stays as written.
 * U+0000 in the file becomes U+FFFD. The caller still checks the text (the
 * decoded text may hold a control character, as &#1; writes one). */
#ifndef VITRINE_VTT_H
#define VITRINE_VTT_H

#include <stddef.h>

struct vtt_cue {
    long long start_ms, end_ms;
    const char *text; /* plain UTF-8, NUL-terminated; valid during the call */
    size_t len;
    int line;  /* the timing line's number (1-based) */
    int lines; /* the text's lines as written in the file */
};

/* Each returns 0 to go on, nonzero to stop reading. */
typedef int (*vtt_cue_fn)(void *ctx, const struct vtt_cue *cue);
typedef int (*vtt_error_fn)(void *ctx, int line, const char *message);

/* Reads buf[0..len); calls cue for each caption in file order (times not
 * checked against one another) and error for each fault, at the line of
 * the file it is on (0: the whole file). Returns the number of errors, -1
 * when memory ran out. */
int vtt_parse(const char *buf, size_t len, vtt_cue_fn cue, vtt_error_fn error, void *ctx);

/* One character reference at s[0] == '&' (n bytes available), as HTML
 * decodes it in text: its UTF-8 into out (at least 8 bytes), its length
 * returned, and *used set to the bytes read; 0 when s holds none (then the
 * '&' stands as written). */
size_t vtt_charref(const char *s, size_t n, char *out, size_t *used);

#endif
