/* stats_export.c - see stats_export.h. */
#define _POSIX_C_SOURCE 200809L
#include "stats_export.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "generations.h"
#include "stats.h"

void stats_export_name(const char *host, const struct walltime *now, char *out, size_t out_len)
{
    char h[STATS_EXPORT_HOST_MAX + 1];
    size_t n = 0;
    for (const char *p = host ? host : ""; *p && n < STATS_EXPORT_HOST_MAX; p++) {
        char c = *p;
        int keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '-' || c == '_';
        h[n++] = keep ? c : '-';
    }
    h[n] = '\0';
    snprintf(out, out_len, "vitrine-stats-%s-%04d%02d%02d-%02d%02d.csv", n ? h : "kiosk", now->year,
             now->month, now->day, now->hour, now->minute);
}

/* What a failed write means for staff holding the stick. */
static const char *stick_words(int err)
{
    switch (err) {
    case ENOSPC:
    case EDQUOT:
        return "the stick is full";
    case EROFS:
        return "the stick is read-only";
    case EACCES:
    case EPERM:
        return "the kiosk may not write to the stick";
    case EIO:
    case ENODEV:
    case ENXIO:
    case ENOENT:
    case ESTALE:
        return "the stick was removed, or cannot be written";
    default:
        return strerror(err);
    }
}

int stats_export_to_dir(const char *state_dir, const char *dir, const char *name,
                        const struct fsio *io, long *rows, char *why, size_t why_len)
{
    char tmp[1024], dst[1024];
    *rows = 0;
    int lt = snprintf(tmp, sizeof(tmp), "%s/.%s.part", dir, name);
    int ld = snprintf(dst, sizeof(dst), "%s/%s", dir, name);
    if (lt < 0 || (size_t)lt >= sizeof(tmp) || ld < 0 || (size_t)ld >= sizeof(dst)) {
        snprintf(why, why_len, "the stick's folder name %s is too long.", dir);
        return -1;
    }
    char swhy[512];
    struct stats *s = stats_open_read(state_dir, swhy, sizeof(swhy));
    if (!s) {
        size_t len = strlen(swhy);
        snprintf(why, why_len, "%s%s", swhy, len && swhy[len - 1] == '.' ? "" : ".");
        return -1;
    }
    int rc = 0, write_err = 0;
    int fd = io->open(io->ctx, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(why, why_len, "%s cannot be written: %s.", dir, stick_words(-fd));
        stats_close(s);
        return -1;
    }
    if (stats_export_fd(s, 0, io, fd, rows, &write_err, swhy, sizeof(swhy)) != 0) {
        rc = -1;
        if (write_err)
            snprintf(why, why_len, "%s could not be written whole: %s.", dst,
                     stick_words(-write_err));
        else
            snprintf(why, why_len, "%s", swhy);
    }
    stats_close(s);
    int e = rc == 0 ? io->fsync(io->ctx, fd) : 0;
    int e2 = io->close(io->ctx, fd);
    if (rc == 0 && e == 0)
        e = e2;
    if (rc == 0 && e == 0)
        e = io->rename(io->ctx, tmp, dst);
    if (rc == 0 && e < 0) {
        rc = -1;
        snprintf(why, why_len, "%s could not be written whole: %s.", dst, stick_words(-e));
    }
    if (rc != 0) {
        io->unlink(io->ctx, tmp);
        return -1;
    }
    /* the rename is in the folder: sync it, or a pulled stick may lose the name */
    e = gen_sync_dir(io, dir);
    if (e < 0) {
        io->unlink(io->ctx, dst);
        snprintf(why, why_len, "%s could not be written whole: %s.", dst, stick_words(-e));
        return -1;
    }
    return 0;
}
