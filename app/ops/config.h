/* config.h - reading the kiosk's settings file (--config, default
 * /etc/vitrine/vitrine.conf): "key = value" lines, '#' starts a comment,
 * blank lines are ignored. Which keys there are and what their values mean
 * is the settings table's (options.h); this only splits the file into
 * numbered lines and collects the problems, one line each:
 *
 *   /etc/vitrine/vitrine.conf:7: reduced_motion wants yes or no, not "maybe"; using no
 *
 * A line that is not UTF-8, holds a NUL byte, is longer than CONFIG_LINE_MAX
 * - 1 bytes or has no '=' is a problem of its own and is skipped; past
 * CONFIG_LINES_MAX lines or CONFIG_BYTES_MAX bytes the file is not read
 * on. Only a regular file is read: a device (/dev/zero), a FIFO or a folder
 * given as the settings is one problem, opened without waiting for a
 * writer, so it cannot hold the kiosk up. A missing file is not an error. Problems that do not fit
 * the caller's buffer are counted, not written. */
#ifndef VITRINE_CONFIG_H
#define VITRINE_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#define CONFIG_LINE_MAX 1024   /* bytes of one line, with its terminating NUL */
#define CONFIG_LINES_MAX 10000 /* lines read; the rest of a longer file is one problem */
#define CONFIG_LINES_MAX_TEXT "10000"
#define CONFIG_BYTES_MAX (1024 * 1024) /* bytes read; a longer file is one problem */
#define CONFIG_BYTES_MAX_TEXT "1 MB"

/* One "key = value" line (both trimmed, value without its comment): 0, or
 * -1 with the reason (a whole sentence part, no file or line) in why. */
typedef int (*config_line_fn)(void *ctx, const char *key, const char *value, char *why,
                              size_t why_len);

/* Call fn for each line of path. Returns the number of bad lines, each
 * appended to problems (NUL-terminated, lines joined by '\n', cut at
 * problems_len) as "PATH:LINE: reason"; a file that exists but cannot be
 * read is one problem "PATH: reason". A missing file is 0 lines. */
int config_read(const char *path, config_line_fn fn, void *ctx, char *problems,
                size_t problems_len);
/* The same for an open stream f, its problems named after `name`; f stays
 * open (the caller's). */
int config_read_stream(FILE *f, const char *name, config_line_fn fn, void *ctx, char *problems,
                       size_t problems_len);

/* 1 if a and b are one edit apart or closer (a typo: "did you mean"). */
int config_similar(const char *a, const char *b);

/* 1 if the n bytes at s are well-formed UTF-8 (no overlong forms, no
 * surrogates, nothing past U+10FFFF). */
int config_utf8_ok(const char *s, size_t n);

#endif
