/* generations.c - see generations.h. */
#define _DEFAULT_SOURCE /* flock */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "generations.h"

#define POINTER "current"
#define POINTER_TMP "current.tmp"
#define GEN_DIR "generations"
#define POINTER_MAX 256
#define LOCK_BUSY                                                                                  \
    "another import or roll back is changing the kiosk's exhibit; try again when it has finished"

const char *gen_errno_words(int err)
{
    switch (err) {
    case ENOSPC:
    case EDQUOT:
        return "the kiosk's storage is full";
    case EROFS:
        return "the kiosk's storage is read-only";
    case EACCES:
    case EPERM:
        return "the kiosk may not write to its storage";
    case EIO:
    case ENODEV:
    case ENXIO:
    case ENOENT:
    case ESTALE:
        return "the stick was removed, or cannot be read";
    default:
        return strerror(err);
    }
}

static int path_join(char *buf, size_t n, const char *a, const char *b, const char *c)
{
    int len = c ? snprintf(buf, n, "%s/%s/%s", a, b, c) : snprintf(buf, n, "%s/%s", a, b);
    return len < 0 || (size_t)len >= n ? -1 : 0;
}

int gen_file(const char *state_dir, const char *gen, int sig, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%s/" GEN_DIR "/%s/%s", state_dir, gen, sig ? GEN_SIG : GEN_BUNDLE);
    return len < 0 || (size_t)len >= n ? -1 : 0;
}

int gen_staging_path(const char *state_dir, const char *file, char *buf, size_t n)
{
    return path_join(buf, n, state_dir, GEN_STAGING, file);
}

/* A pause between two tries of gen_lock: a sleep, not a wait for an
 * event, because flock has no timed wait (a blocking flock could only be
 * cut short by a signal, and a library has no signal to spare). */
static void lock_pause(void)
{
    struct timespec ts = {0, GEN_LOCK_PAUSE_MS * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int gen_lock(struct gen_lock *lk, const char *state_dir, unsigned wait_ms, char *why,
             size_t why_len)
{
    lk->fd = -1;
    lk->busy = 0;
    int len = snprintf(lk->dir, sizeof(lk->dir), "%s", state_dir);
    if (len < 0 || (size_t)len >= sizeof(lk->dir)) {
        lk->dir[0] = '\0';
        snprintf(why, why_len, "the state folder's path is too long");
        return -1;
    }
    unsigned tries = 1 + wait_ms / GEN_LOCK_PAUSE_MS;
    for (unsigned i = 0; i < tries; i++) {
        if (i > 0)
            lock_pause();
        int fd = open(state_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0) {
            int err = errno;
            lk->busy = 0;
            if (err == ENOENT)
                snprintf(why, why_len, "nothing has been imported: %s does not exist", state_dir);
            else
                snprintf(why, why_len, "the kiosk's storage %s cannot be opened: %s", state_dir,
                         gen_errno_words(err));
            return -1;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            int err = errno;
            close(fd);
            if (err == EWOULDBLOCK || err == EINTR) {
                lk->busy = 1;
                continue;
            }
            lk->busy = 0;
            snprintf(why, why_len, "the kiosk's storage %s cannot be locked: %s", state_dir,
                     strerror(err));
            return -1;
        }
        /* the folder locked must still be the one the path names: a first
         * import that fails removes the folder it made, perhaps while this
         * waited for it */
        struct stat a, b;
        if (fstat(fd, &a) != 0 || stat(state_dir, &b) != 0 || a.st_dev != b.st_dev ||
            a.st_ino != b.st_ino) {
            close(fd);
            continue;
        }
        lk->fd = fd;
        lk->busy = 0;
        return 0;
    }
    lk->busy = 1;
    snprintf(why, why_len, "%s", LOCK_BUSY);
    return -1;
}

void gen_unlock(struct gen_lock *lk)
{
    if (lk->fd >= 0)
        close(lk->fd); /* drops the flock */
    lk->fd = -1;
}

/* 0 when lk is held, else -1 with why: the writers' first step. */
static int held(const struct gen_lock *lk, char *why, size_t why_len)
{
    struct stat sb;
    if (lk->fd >= 0)
        return 0;
    if (lk->busy)
        snprintf(why, why_len, "%s", LOCK_BUSY);
    else if (stat(lk->dir, &sb) != 0 && errno == ENOENT)
        snprintf(why, why_len, "nothing has been imported: %s does not exist", lk->dir);
    else
        snprintf(why, why_len, "the kiosk's storage %s could not be locked, so it was not changed",
                 lk->dir);
    return -1;
}

/* "g" and six digits. */
static int gen_name_ok(const char *s)
{
    if (s[0] != 'g' || strlen(s) != 7)
        return 0;
    for (int i = 1; i < 7; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

int gen_read(const char *state_dir, struct gen_state *out, char *why, size_t why_len)
{
    char path[GEN_PATH_MAX], text[POINTER_MAX + 1];
    memset(out, 0, sizeof(*out));
    if (path_join(path, sizeof(path), state_dir, POINTER, NULL) != 0) {
        snprintf(why, why_len, "the state folder's path is too long");
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return 0;
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    ssize_t len = read(fd, text, POINTER_MAX);
    close(fd);
    if (len < 0) {
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    text[len] = '\0';
    char cur[GEN_NAME_MAX], prev[GEN_NAME_MAX];
    int ver = 0;
    if (sscanf(text, "vitrine-state %d\ncurrent %15s\nprevious %15s\n", &ver, cur, prev) != 3 ||
        ver != 1 || !gen_name_ok(cur) || (strcmp(prev, "-") != 0 && !gen_name_ok(prev))) {
        snprintf(why, why_len, "%s is damaged (it does not name a generation)", path);
        return -1;
    }
    snprintf(out->current, sizeof(out->current), "%s", cur);
    if (strcmp(prev, "-") != 0)
        snprintf(out->previous, sizeof(out->previous), "%s", prev);
    return 0;
}

int gen_sync_dir(const struct fsio *io, const char *dir)
{
    int fd = io->open(io->ctx, dir, O_RDONLY | O_DIRECTORY, 0);
    if (fd < 0)
        return fd;
    int rc = io->fsync(io->ctx, fd);
    int rc2 = io->close(io->ctx, fd);
    return rc < 0 ? rc : rc2;
}

/* Remove dir and the files in it (a generation or staging holds no
 * folders). 0, or -errno of the first failure. */
static int remove_tree(const struct fsio *io, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? 0 : -errno;
    int rc = 0;
    struct dirent *de;
    char path[GEN_PATH_MAX];
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (path_join(path, sizeof(path), dir, de->d_name, NULL) != 0)
            continue;
        int r = io->unlink(io->ctx, path);
        if (r < 0 && rc == 0)
            rc = r;
    }
    closedir(d);
    int r = io->rmdir(io->ctx, dir);
    return rc ? rc : r;
}

void gen_discard_staging(const struct fsio *io, const struct gen_lock *lk)
{
    char path[GEN_PATH_MAX];
    if (lk->fd >= 0 && path_join(path, sizeof(path), lk->dir, GEN_STAGING, NULL) == 0)
        remove_tree(io, path);
}

/* Remove every generation that st does not name; the highest number seen
 * (named or not) in *max_seen. */
static int prune(const struct fsio *io, const char *state_dir, const struct gen_state *st,
                 int *removed, int *max_seen)
{
    char gens[GEN_PATH_MAX], path[GEN_PATH_MAX];
    if (path_join(gens, sizeof(gens), state_dir, GEN_DIR, NULL) != 0)
        return -ENAMETOOLONG;
    DIR *d = opendir(gens);
    if (!d)
        return errno == ENOENT ? 0 : -errno;
    int rc = 0, changed = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        if (gen_name_ok(de->d_name) && max_seen) {
            int num = atoi(de->d_name + 1);
            if (num > *max_seen)
                *max_seen = num;
        }
        if (strcmp(de->d_name, st->current) == 0 || strcmp(de->d_name, st->previous) == 0)
            continue;
        if (path_join(path, sizeof(path), gens, de->d_name, NULL) != 0)
            continue;
        int r = remove_tree(io, path);
        if (r < 0 && rc == 0)
            rc = r;
        changed = 1;
        if (removed)
            (*removed)++;
    }
    closedir(d);
    if (changed) {
        int r = gen_sync_dir(io, gens);
        if (r < 0 && rc == 0)
            rc = r;
    }
    return rc;
}

int gen_recover(const struct fsio *io, const struct gen_lock *lk, int *removed, char *why,
                size_t why_len)
{
    char path[GEN_PATH_MAX];
    struct stat sb;
    const char *state_dir = lk->dir;
    if (removed)
        *removed = 0;
    if (held(lk, why, why_len) != 0)
        return -1; /* another holder's staging/ is its own */
    if (stat(state_dir, &sb) != 0)
        return 0; /* nothing imported yet */
    if (path_join(path, sizeof(path), state_dir, GEN_STAGING, NULL) == 0 && lstat(path, &sb) == 0) {
        remove_tree(io, path);
        if (removed)
            (*removed)++;
    }
    if (path_join(path, sizeof(path), state_dir, POINTER_TMP, NULL) == 0 && lstat(path, &sb) == 0) {
        io->unlink(io->ctx, path);
        if (removed)
            (*removed)++;
    }
    struct gen_state st;
    if (gen_read(state_dir, &st, why, why_len) != 0)
        return -1; /* keep every generation: staff may still roll back */
    if (st.current[0] &&
        (gen_file(state_dir, st.current, 0, path, sizeof(path)) != 0 || lstat(path, &sb) != 0)) {
        /* a pointer to nothing: every generation stays for gen_repair */
        snprintf(why, why_len, "%s/" POINTER " names %s, which is not on the kiosk", state_dir,
                 st.current);
        return -1;
    }
    int rc = prune(io, state_dir, &st, removed, NULL);
    if (rc < 0) {
        snprintf(why, why_len, "cannot tidy %s: %s", state_dir, gen_errno_words(-rc));
        return -1;
    }
    return 0;
}

int gen_write_file(const struct fsio *io, const char *dir, const char *name, const char *text,
                   size_t len)
{
    char tmp[GEN_PATH_MAX], dst[GEN_PATH_MAX];
    if (path_join(dst, sizeof(dst), dir, name, NULL) != 0 ||
        snprintf(tmp, sizeof(tmp), "%s.tmp", dst) >= (int)sizeof(tmp))
        return -ENAMETOOLONG;
    int fd = io->open(io->ctx, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd < 0)
        return fd;
    long w = io->write(io->ctx, fd, text, len);
    int rc = w < 0 ? (int)w : (size_t)w != len ? -EIO : 0;
    if (rc == 0)
        rc = io->fsync(io->ctx, fd);
    int rc2 = io->close(io->ctx, fd);
    if (rc == 0)
        rc = rc2;
    if (rc == 0)
        rc = io->rename(io->ctx, tmp, dst);
    if (rc < 0) {
        io->unlink(io->ctx, tmp);
        return rc;
    }
    return gen_sync_dir(io, dir);
}

/* Write the pointer: current.tmp, fsync, rename, fsync the folder. */
static int write_pointer(const struct fsio *io, const char *state_dir, const struct gen_state *st)
{
    char text[POINTER_MAX];
    int len = snprintf(text, sizeof(text), "vitrine-state 1\ncurrent %s\nprevious %s\n",
                       st->current, st->previous[0] ? st->previous : "-");
    return gen_write_file(io, state_dir, POINTER, text, (size_t)len);
}

int gen_commit(const struct fsio *io, const struct gen_lock *lk, char new_gen[GEN_NAME_MAX],
               char *why, size_t why_len)
{
    struct gen_state st, next;
    char gens[GEN_PATH_MAX], staging[GEN_PATH_MAX], dst[GEN_PATH_MAX];
    const char *state_dir = lk->dir;
    if (held(lk, why, why_len) != 0 || gen_read(state_dir, &st, why, why_len) != 0)
        return -1;
    if (path_join(gens, sizeof(gens), state_dir, GEN_DIR, NULL) != 0 ||
        path_join(staging, sizeof(staging), state_dir, GEN_STAGING, NULL) != 0) {
        snprintf(why, why_len, "the state folder's path is too long");
        return -1;
    }
    int rc = io->mkdir(io->ctx, gens, 0755);
    if (rc == 0)
        rc = gen_sync_dir(io, state_dir);
    else if (rc == -EEXIST)
        rc = 0;
    int max_seen = 0;
    if (rc == 0) {
        /* the next number: above every generation there is (orphans too) */
        DIR *d = opendir(gens);
        struct dirent *de;
        while (d && (de = readdir(d)) != NULL)
            if (gen_name_ok(de->d_name) && atoi(de->d_name + 1) > max_seen)
                max_seen = atoi(de->d_name + 1);
        if (d)
            closedir(d);
        if (st.current[0] && atoi(st.current + 1) > max_seen)
            max_seen = atoi(st.current + 1);
        if (max_seen >= 999999) {
            snprintf(why, why_len, "no generation number is left in %s", gens);
            return -1;
        }
        snprintf(next.current, sizeof(next.current), "g%06d", max_seen + 1);
        snprintf(next.previous, sizeof(next.previous), "%s", st.current);
        if (path_join(dst, sizeof(dst), gens, next.current, NULL) != 0)
            rc = -ENAMETOOLONG;
    }
    if (rc == 0)
        rc = io->rename(io->ctx, staging, dst);
    if (rc == 0)
        rc = gen_sync_dir(io, gens);
    if (rc == 0)
        rc = write_pointer(io, state_dir, &next);
    if (rc < 0) {
        snprintf(why, why_len, "the new exhibit could not be put in place: %s",
                 gen_errno_words(-rc));
        return -1;
    }
    snprintf(new_gen, GEN_NAME_MAX, "%s", next.current);
    /* the switch is done; a failed prune is retried by gen_recover */
    prune(io, state_dir, &next, NULL, NULL);
    return 0;
}

int gen_rollback(const struct fsio *io, const struct gen_lock *lk, struct gen_state *after,
                 char *why, size_t why_len)
{
    struct gen_state st;
    char path[GEN_PATH_MAX];
    struct stat sb;
    const char *state_dir = lk->dir;
    if (held(lk, why, why_len) != 0 || gen_read(state_dir, &st, why, why_len) != 0)
        return -1;
    if (!st.current[0] || !st.previous[0]) {
        snprintf(why, why_len, "there is no previous exhibit to go back to");
        return -1;
    }
    if (gen_file(state_dir, st.previous, 0, path, sizeof(path)) != 0 || lstat(path, &sb) != 0 ||
        !S_ISREG(sb.st_mode)) {
        snprintf(why, why_len, "the previous exhibit (%s) is no longer on the kiosk", st.previous);
        return -1;
    }
    char reason[GEN_REASON_MAX];
    if (gen_is_bad(state_dir, st.previous, reason, sizeof(reason))) {
        snprintf(why, why_len, "the previous exhibit (%s) was taken off the kiosk: %s", st.previous,
                 reason);
        return -1;
    }
    struct gen_state next;
    snprintf(next.current, sizeof(next.current), "%s", st.previous);
    snprintf(next.previous, sizeof(next.previous), "%s", st.current);
    int rc = write_pointer(io, state_dir, &next);
    if (rc < 0) {
        snprintf(why, why_len, "could not switch back: %s", gen_errno_words(-rc));
        return -1;
    }
    if (after)
        *after = next;
    return 0;
}

/* Read a small file whole into buf (NUL-terminated); its length, or -1. */
static long read_text(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t n = 0;
    ssize_t r = 0;
    while (n + 1 < cap && (r = read(fd, buf + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    close(fd);
    buf[n] = '\0';
    return r < 0 ? -1 : (long)n;
}

/* The first line of path into out (""), 1 when the file exists. */
static int first_line(const char *path, char *out, size_t n)
{
    char text[GEN_REASON_MAX + 256];
    if (n)
        out[0] = '\0';
    if (read_text(path, text, sizeof(text)) < 0)
        return 0;
    text[strcspn(text, "\n")] = '\0';
    if (n)
        snprintf(out, n, "%s", text);
    return 1;
}

int gen_is_bad(const char *state_dir, const char *gen, char *reason, size_t reason_len)
{
    char path[GEN_PATH_MAX];
    int len = snprintf(path, sizeof(path), "%s/" GEN_DIR "/%s/" GEN_BAD, state_dir, gen);
    if (len < 0 || (size_t)len >= sizeof(path))
        return 0;
    return first_line(path, reason, reason ? reason_len : 0);
}

/* The refused file's name: the first GEN_HASH_HEX hex digits, or -1. */
static int refused_name(const char *hash_hex, char name[GEN_HASH_HEX + 1])
{
    if (strlen(hash_hex) < GEN_HASH_HEX)
        return -1;
    for (int i = 0; i < GEN_HASH_HEX; i++) {
        char c = hash_hex[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return -1;
        name[i] = c;
    }
    name[GEN_HASH_HEX] = '\0';
    return 0;
}

int gen_mark_bad(const struct fsio *io, const struct gen_lock *lk, const char *gen,
                 const char *reason, const char *hash_hex, char *why, size_t why_len)
{
    char dir[GEN_PATH_MAX], text[GEN_REASON_MAX + 256], name[GEN_HASH_HEX + 1];
    const char *state_dir = lk->dir;
    if (held(lk, why, why_len) != 0)
        return -1;
    int len = snprintf(text, sizeof(text), "%.*s\n%s\n", GEN_REASON_MAX - 1, reason,
                       hash_hex[0] ? hash_hex : "-");
    for (char *p = text; *p && p < text + strcspn(text, "\n"); p++)
        if (*p == '\r')
            *p = ' ';
    if (len < 0 || (size_t)len >= sizeof(text))
        len = (int)strlen(text);
    int rc = path_join(dir, sizeof(dir), state_dir, GEN_DIR, gen) != 0 ? -ENAMETOOLONG : 0;
    if (rc == 0)
        rc = gen_write_file(io, dir, GEN_BAD, text, (size_t)len);
    if (rc == 0 && refused_name(hash_hex, name) == 0) {
        /* the reason alone: the name is the hash */
        size_t rlen = strcspn(text, "\n") + 1;
        rc = path_join(dir, sizeof(dir), state_dir, GEN_REFUSED, NULL) != 0 ? -ENAMETOOLONG : 0;
        if (rc == 0) {
            rc = io->mkdir(io->ctx, dir, 0755);
            if (rc == 0)
                rc = gen_sync_dir(io, state_dir);
            else if (rc == -EEXIST)
                rc = 0;
        }
        if (rc == 0)
            rc = gen_write_file(io, dir, name, text, rlen);
    }
    if (rc < 0) {
        snprintf(why, why_len, "%s could not be marked as taken off: %s", gen,
                 gen_errno_words(-rc));
        return -1;
    }
    return 0;
}

int gen_refused(const char *state_dir, const char *hash_hex, char *reason, size_t reason_len)
{
    char name[GEN_HASH_HEX + 1], path[GEN_PATH_MAX];
    if (refused_name(hash_hex, name) != 0 ||
        path_join(path, sizeof(path), state_dir, GEN_REFUSED, name) != 0)
        return 0;
    return first_line(path, reason, reason_len);
}

static int cmp_gen_desc(const void *a, const void *b)
{
    return strcmp(b, a); /* "g" and six digits: text order is number order */
}

int gen_repair(const struct fsio *io, const struct gen_lock *lk, gen_whole_fn whole, void *ctx,
               struct gen_state *after, char *why, size_t why_len)
{
    struct gen_state st;
    char problem[GEN_PATH_MAX + 128], path[GEN_PATH_MAX];
    struct stat sb;
    const char *state_dir = lk->dir;
    if (held(lk, why, why_len) != 0)
        return -1;
    if (gen_read(state_dir, &st, problem, sizeof(problem)) == 0) {
        if (!st.current[0])
            return 0; /* nothing imported */
        if (gen_file(state_dir, st.current, 0, path, sizeof(path)) == 0 && lstat(path, &sb) == 0 &&
            S_ISREG(sb.st_mode))
            return 0;
        snprintf(problem, sizeof(problem), "%s/" POINTER " names %s, which is not on the kiosk",
                 state_dir, st.current);
    }
    /* the generations there are, newest first */
    char gens[GEN_PATH_MAX];
    char names[64][GEN_NAME_MAX]; /* at most two are kept; more only after a crash */
    int n = 0;
    if (path_join(gens, sizeof(gens), state_dir, GEN_DIR, NULL) != 0) {
        snprintf(why, why_len, "the state folder's path is too long");
        return -1;
    }
    DIR *d = opendir(gens);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL && n < 64) {
        size_t len = strnlen(de->d_name, GEN_NAME_MAX);
        if (len < GEN_NAME_MAX && gen_name_ok(de->d_name)) {
            memcpy(names[n], de->d_name, len + 1);
            n++;
        }
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, GEN_NAME_MAX, cmp_gen_desc);
    struct gen_state next;
    memset(&next, 0, sizeof(next));
    for (int i = 0; i < n && !next.previous[0]; i++) {
        if (gen_is_bad(state_dir, names[i], NULL, 0) || !whole(ctx, state_dir, names[i]))
            continue;
        memcpy(next.current[0] ? next.previous : next.current, names[i], GEN_NAME_MAX);
    }
    int rc;
    if (next.current[0]) {
        rc = write_pointer(io, state_dir, &next);
    } else {
        char ptr[GEN_PATH_MAX];
        rc = path_join(ptr, sizeof(ptr), state_dir, POINTER, NULL) != 0 ? -ENAMETOOLONG : 0;
        if (rc == 0)
            rc = io->unlink(io->ctx, ptr);
        if (rc == -ENOENT)
            rc = 0;
        if (rc == 0)
            rc = gen_sync_dir(io, state_dir);
    }
    if (rc < 0) {
        snprintf(why, why_len, "%s; it could not be repaired: %s", problem, gen_errno_words(-rc));
        return -1;
    }
    if (next.current[0])
        snprintf(why, why_len, "%s; it now names %s, the newest whole exhibit on the kiosk",
                 problem, next.current);
    else
        snprintf(why, why_len,
                 "%s; no whole exhibit is left on the kiosk: the built-in exhibit "
                 "is shown",
                 problem);
    if (after)
        *after = next;
    return 1;
}
