/* fsio_posix.c - app/base/fsio.h on POSIX. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsio_posix.h"

static int px_open(void *ctx, const char *path, int flags, unsigned mode)
{
    int fd;
    do
        fd = open(path, flags | O_CLOEXEC, (mode_t)mode);
    while (fd < 0 && errno == EINTR);
    return fd < 0 ? -errno : fd;
}

static long px_read(void *ctx, int fd, void *buf, size_t n)
{
    ssize_t r;
    do
        r = read(fd, buf, n);
    while (r < 0 && errno == EINTR);
    return r < 0 ? -errno : (long)r;
}

static long px_write(void *ctx, int fd, const void *buf, size_t n)
{
    ssize_t r;
    do
        r = write(fd, buf, n);
    while (r < 0 && errno == EINTR);
    return r < 0 ? -errno : (long)r;
}

static int px_fsync(void *ctx, int fd)
{
    return fsync(fd) < 0 ? -errno : 0;
}

static int px_close(void *ctx, int fd)
{
    /* Linux frees the descriptor even when close fails: never retry */
    return close(fd) < 0 && errno != EINTR ? -errno : 0;
}

static int px_rename(void *ctx, const char *from, const char *to)
{
    return rename(from, to) < 0 ? -errno : 0;
}

static int px_unlink(void *ctx, const char *path)
{
    return unlink(path) < 0 ? -errno : 0;
}

static int px_mkdir(void *ctx, const char *path, unsigned mode)
{
    return mkdir(path, (mode_t)mode) < 0 ? -errno : 0;
}

static int px_rmdir(void *ctx, const char *path)
{
    return rmdir(path) < 0 ? -errno : 0;
}

const struct fsio *fsio_posix(void)
{
    static const struct fsio io = {NULL,     px_open,   px_read,   px_write, px_fsync,
                                   px_close, px_rename, px_unlink, px_mkdir, px_rmdir};
    return &io;
}
