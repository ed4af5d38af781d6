/* source_file.h - reading one authoring source file (YAML or image) whole.
 *
 * Only regular files are read (a FIFO would block the build), and only up to
 * a size limit, so a stray huge file is refused before it is read. */
#ifndef VITRINE_SOURCE_FILE_H
#define VITRINE_SOURCE_FILE_H

#include <stddef.h>
#include <stdint.h>

/* A file's size as staff read it: "25.8 MB", "20 MB", "12 KB", "900 bytes"
 * (MB and KB of 1024). */
void source_size_words(uintmax_t bytes, char *buf, size_t n);

/* Read the regular file at path, at most max bytes, into malloc'd memory
 * (*out, NUL-terminated, owned by the caller; *len excludes the NUL).
 * Returns 0, or -1 with *out NULL and the reason in why, worded to follow
 * the file's name ("cannot read: No such file or directory", "is too
 * large (25.8 MB; at most 20 MB)", "is not a regular file"). */
int source_file_read(const char *path, size_t max, unsigned char **out, size_t *len, char *why,
                     size_t why_len);

#endif
