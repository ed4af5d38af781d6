/* dirwatch.c - inotify on a folder tree.
 * DEPENDENCIES: Linux inotify(7), eventfd(2), poll(2).
 * LIMITATIONS: one watch per folder, up to DIRWATCH_MAX folders, within the
 * user's fs.inotify.max_user_watches. A folder created and filled before
 * its watch is added loses those first events; the event that announced
 * the folder already counts, so a rebuild still follows. Folders are found
 * again after a queue overflow only when they are created anew. */
#define _GNU_SOURCE
#include "dirwatch.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIRWATCH_MAX 4096
#define DIRWATCH_MASK                                                                              \
    (IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ONLYDIR)

struct watched {
    int wd;
    char *path;
};

struct dirwatch {
    int ifd; /* inotify */
    int efd; /* eventfd: dirwatch_interrupt */
    struct watched *dirs;
    int n, cap;
};

static int add_tree(struct dirwatch *w, const char *path, int depth, char *why, size_t why_len);

static int add_one(struct dirwatch *w, const char *path, char *why, size_t why_len)
{
    int wd = inotify_add_watch(w->ifd, path, DIRWATCH_MASK);
    if (wd < 0) {
        snprintf(why, why_len, "cannot watch %s: %s", path, strerror(errno));
        return -1;
    }
    for (int i = 0; i < w->n; i++)
        if (w->dirs[i].wd == wd)
            return 0; /* already watched (moved back, or a second link) */
    if (w->n == w->cap) {
        int cap = w->cap ? 2 * w->cap : 16;
        struct watched *d = cap <= DIRWATCH_MAX ? realloc(w->dirs, (size_t)cap * sizeof(*d)) : NULL;
        if (!d) {
            snprintf(why, why_len, "too many folders to watch under %s", path);
            return -1;
        }
        w->dirs = d;
        w->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    w->dirs[w->n++] = (struct watched){wd, copy};
    return 0;
}

static int add_tree(struct dirwatch *w, const char *path, int depth, char *why, size_t why_len)
{
    if (depth > 16)
        return 0; /* deeper than any exhibit; a link loop */
    if (add_one(w, path, why, why_len) != 0)
        return -1;
    DIR *dir = opendir(path);
    if (!dir)
        return 0; /* gone again already: its deletion is an event of its own */
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[PATH_MAX];
        struct stat st;
        if (snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= (int)sizeof(sub))
            continue;
        if (stat(sub, &st) == 0 && S_ISDIR(st.st_mode))
            rc = add_tree(w, sub, depth + 1, why, why_len);
    }
    closedir(dir);
    return rc;
}

struct dirwatch *dirwatch_open(const char *root, char *why, size_t why_len)
{
    struct stat st;
    if (stat(root, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s is not a folder", root);
        return NULL;
    }
    struct dirwatch *w = calloc(1, sizeof(*w));
    if (!w) {
        snprintf(why, why_len, "out of memory");
        return NULL;
    }
    w->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    w->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (w->ifd < 0 || w->efd < 0) {
        snprintf(why, why_len, "cannot watch files: %s", strerror(errno));
        goto fail;
    }
    if (add_tree(w, root, 0, why, why_len) != 0)
        goto fail;
    return w;
fail:
    dirwatch_close(w);
    return NULL;
}

void dirwatch_close(struct dirwatch *w)
{
    if (!w)
        return;
    if (w->ifd >= 0)
        close(w->ifd);
    if (w->efd >= 0)
        close(w->efd);
    for (int i = 0; i < w->n; i++)
        free(w->dirs[i].path);
    free(w->dirs);
    free(w);
}

static const char *path_of(const struct dirwatch *w, int wd)
{
    for (int i = 0; i < w->n; i++)
        if (w->dirs[i].wd == wd)
            return w->dirs[i].path;
    return NULL;
}

static void forget(struct dirwatch *w, int wd)
{
    for (int i = 0; i < w->n; i++)
        if (w->dirs[i].wd == wd) {
            free(w->dirs[i].path);
            w->dirs[i] = w->dirs[--w->n];
            return;
        }
}

static int ignored(const char *name)
{
    size_t n = strlen(name);
    return n == 0 || name[0] == '.' || name[n - 1] == '~';
}

/* Count the events in buf; watch new folders. */
static int digest(struct dirwatch *w, const char *buf, ssize_t len)
{
    int count = 0;
    for (ssize_t off = 0; off < len;) {
        const struct inotify_event *e = (const void *)(buf + off);
        off += (ssize_t)sizeof(*e) + e->len;
        if (e->mask & IN_Q_OVERFLOW) {
            count++;
            continue;
        }
        if (e->mask & IN_IGNORED) { /* the folder went away */
            forget(w, e->wd);
            continue;
        }
        if (!e->len || ignored(e->name))
            continue;
        if ((e->mask & IN_ISDIR) && (e->mask & (IN_CREATE | IN_MOVED_TO))) {
            const char *parent = path_of(w, e->wd);
            char sub[PATH_MAX], why[256];
            if (parent && snprintf(sub, sizeof(sub), "%s/%s", parent, e->name) < (int)sizeof(sub))
                (void)add_tree(w, sub, 1, why, sizeof(why)); /* best effort: see LIMITATIONS */
        }
        count++;
    }
    return count;
}

int dirwatch_wait(struct dirwatch *w)
{
    /* aligned for struct inotify_event; room for many events per read */
    _Alignas(struct inotify_event) char buf[16 * (sizeof(struct inotify_event) + NAME_MAX + 1)];
    for (;;) {
        struct pollfd p[2] = {{.fd = w->ifd, .events = POLLIN}, {.fd = w->efd, .events = POLLIN}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (p[1].revents) {
            uint64_t v;
            ssize_t r = read(w->efd, &v, sizeof(v));
            (void)r;
            return 0;
        }
        int count = 0;
        for (;;) {
            ssize_t len = read(w->ifd, buf, sizeof(buf));
            if (len < 0 && errno == EINTR)
                continue;
            if (len <= 0)
                break; /* EAGAIN: drained */
            count += digest(w, buf, len);
        }
        if (count > 0)
            return count;
        /* only ignored names: wait on */
    }
}

void dirwatch_interrupt(struct dirwatch *w)
{
    uint64_t one = 1;
    ssize_t r = write(w->efd, &one, sizeof(one));
    (void)r;
}
