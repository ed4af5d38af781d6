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

void source_size_words(uintmax_t bytes, char *buf, size_t n)
{
    const double mb = 1024.0 * 1024.0;
    if (bytes >= 1024u * 1024u) {
        double v = (double)bytes / mb;
        /* whole numbers as such: a limit of 20 MB reads "20 MB", not "20.0 MB" */
        if (bytes % (1024u * 1024u) == 0)
            snprintf(buf, n, "%.0f MB", v);
        else
            snprintf(buf, n, "%.1f MB", v);
    } else if (bytes >= 1024u) {
        snprintf(buf, n, "%ju KB", (bytes + 1023u) / 1024u);
    } else {
        snprintf(buf, n, "%ju bytes", bytes);
    }
}

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
        char size[32], limit[32];
        source_size_words((uintmax_t)st.st_size, size, sizeof(size));
        source_size_words(max, limit, sizeof(limit));
        snprintf(why, why_len, "is too large (%s; at most %s)", size, limit);
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
