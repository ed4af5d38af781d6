/* fsio.h - the file operations that change the kiosk's storage, behind one
 * small table, so that every step of an import or a rollback can be made
 * to fail (a stick pulled: EIO at an offset; a full disk: ENOSPC) or to
 * stop dead (power cut) in tests. platform/fsio.c gives the real ones.
 *
 * Every function returns >= 0 on success and -errno on failure. Paths are
 * absolute or relative to the current directory; nothing follows a
 * symlink where O_NOFOLLOW applies (the caller passes the flags). */
#ifndef VITRINE_FSIO_H
#define VITRINE_FSIO_H

#include <stddef.h>

struct fsio {
    void *ctx;
    int (*open)(void *ctx, const char *path, int flags, unsigned mode); /* an fd */
    long (*read)(void *ctx, int fd, void *buf, size_t n);
    long (*write)(void *ctx, int fd, const void *buf, size_t n);
    int (*fsync)(void *ctx, int fd);
    int (*close)(void *ctx, int fd);
    int (*rename)(void *ctx, const char *from, const char *to);
    int (*unlink)(void *ctx, const char *path);
    int (*mkdir)(void *ctx, const char *path, unsigned mode);
    int (*rmdir)(void *ctx, const char *path);
};

#endif
