/* source_file.c - reading one authoring source file whole (see source_file.h).
 * DEPENDENCIES: POSIX (open, fstat, read). */
#define _POSIX_C_SOURCE 200809L

#include "source_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int source_file_read(const char *path, size_t max, unsigned char **out, size_t *len, char *why,
                     size_t why_len)
{
    *out = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "cannot read: %s", strerror(errno));
        return -1;
    }
    int rc = -1;
    unsigned char *buf = NULL;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "cannot read: %s", strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "is not a regular file");
        goto done;
    }
    if ((uintmax_t)st.st_size > max) {
        snprintf(why, why_len, "is too large (%jd bytes; at most %zu)", (intmax_t)st.st_size, max);
        goto done;
    }
    size_t size = (size_t)st.st_size, got = 0;
    buf = malloc(size + 1);
    if (!buf) {
        snprintf(why, why_len, "out of memory");
        goto done;
    }
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, why_len, "cannot read: %s", strerror(errno));
            goto done;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    buf[got] = '\0';
    *out = buf;
    *len = got;
    buf = NULL;
    rc = 0;
done:
    free(buf);
    close(fd);
    return rc;
}
