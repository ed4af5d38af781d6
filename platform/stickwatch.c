/* stickwatch.c - noticing exhibit sticks on Linux without a desktop.
 *
 * DEPENDENCIES: Linux: /proc/self/mounts polled for POLLPRI (the kernel
 * reports POLLERR|POLLPRI on that file once per change of the mount table
 * of the namespace it was opened in), inotify; POSIX poll, opendir, lstat;
 * the real monotonic clock (clock.h: clock_real_ns) for poll's deadline.
 *
 * LIMITATIONS:
 * - Bounded work. Each watched directory contributes at most
 *   SCAN_MAX_ENTRIES names (readdir reads at most SCAN_MAX_READ entries,
 *   then gives up); which ones are kept past that is up to readdir's order,
 *   so a watched directory with more than 64 sub-directories may hide a
 *   stick. A stick's vitrine/ folder is read to its end up to
 *   BUNDLE_MAX_READ entries, only its bundles counted, and a folder with
 *   more is reported (crowded), never silently ignored. At most MAX_WATCHES
 *   inotify watches are held.
 * - What is watched with inotify: each watched directory, each directory in
 *   one (/run/media/USER, /media/STICK), and each candidate's vitrine/
 *   folder. A vitrine/ folder created later inside a directory two levels
 *   down (/run/media/USER/LABEL/vitrine on a writable stick) is found by the
 *   next scan after any other change, not by itself; the mount that brought
 *   LABEL is seen.
 * - A candidate directory is not descended into: a stick with vitrine/ at
 *   its top is one stick, whatever folders it holds besides.
 * - Never follows a symlink below a watched directory (lstat, IN_DONT_FOLLOW);
 *   the watched directories themselves are taken as configured.
 * - A dead filesystem (a stick pulled out without unmounting) can block
 *   opendir or lstat as long as the kernel lets it; nothing here adds to
 *   that, and the caller runs this on a worker thread.
 * - Any mount or unmount anywhere in the namespace wakes stickwatch_wait
 *   (a spurious 1: the caller rescans, which costs a few opendirs).
 *
 * /proc/self/mounts: poll() reports POLLIN always (so it must not be asked
 * for), and POLLERR|POLLPRI when the namespace's event counter moved since
 * the file last reported it; poll itself re-arms (mounts_poll in
 * fs/proc_namespace.c records the counter). Older documentation says to
 * read or seek the file after an event; lseek to 0 is cheap and does no
 * harm, so it is done too. test_stickwatch checks that one mount gives one
 * wake-up and then the file is quiet again. */
#define _GNU_SOURCE /* O_CLOEXEC, inotify_init1 flags */
#include "stickwatch.h"
#include "rules.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "clock.h"

#define SCAN_MAX_ENTRIES 64 /* names kept per directory */
#define SCAN_MAX_READ 1024  /* readdir calls per directory */
/* A stick's vitrine/ folder is read however many files it holds, up to
 * this many (only NAME.vitrine take room in the list): a folder of
 * photos, backups or macOS "._" files beside the bundle does not hide it.
 * Past it, the folder is "crowded" and the kiosk says so on a card. */
#define BUNDLE_MAX_READ 65536
#define MAX_WATCHES 256
#define NAME_LEN 256 /* NAME_MAX + 1 */
#define DRAIN_MAX_READS 64

/* Directories listed at once in one walk: a watched directory W, one W/E
 * (udisks mounts at /run/media/USER/LABEL, so W/E/F is looked at but not
 * listed), and a candidate's vitrine/ folder. */
#define WALK_LISTS 3
#define LIST_BUNDLES 2

static const char *const default_dirs[] = {"/media", "/run/media", "/mnt"};

#define DIR_MASK                                                                                   \
    (IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF |         \
     IN_ONLYDIR | IN_DONT_FOLLOW)
/* A bundle copied straight to its final name is created empty; the close
 * after the last write is the moment it is whole. */
#define BUNDLE_DIR_MASK (DIR_MASK | IN_CLOSE_WRITE)

struct name_list {
    int n;
    char name[SCAN_MAX_ENTRIES][NAME_LEN];
};

struct stickwatch {
    int mounts_fd; /* /proc/self/mounts, or -1 */
    int ino_fd;    /* inotify, or -1 */
    int wake_fd;   /* eventfd: stickwatch_interrupt ends a wait, or -1 */
    int ndirs;
    char dirs[STICKWATCH_MAX_DIRS][STICKWATCH_PATH_MAX];
    int nwatch;
    int watch[MAX_WATCHES]; /* wds held now */
    /* scratch for one walk, one list per level (one thread uses a stickwatch) */
    struct name_list lists[WALK_LISTS];
};

/* What one walk does at each directory it meets. */
struct walk {
    struct stickwatch *w;
    int watching; /* refresh: add inotify watches */
    int new_wd[MAX_WATCHES];
    int new_n;
    struct stick_found *out; /* scan: the sorted results */
    int max;
    int found;
    int skipped;
    char crowded[STICKWATCH_PATH_MAX]; /* a vitrine/ folder not read to its end */
};

/* ".." at the start (the path would hold "/..") or any control character. */
static int name_suspicious(const char *name)
{
    if (name[0] == '.' && name[1] == '.')
        return 1;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return 1;
    return 0;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n > t && memcmp(s + n - t, tail, t) == 0;
}

static int join(char *out, const char *dir, const char *name)
{
    int n = snprintf(out, STICKWATCH_PATH_MAX, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
    return n > 0 && n < STICKWATCH_PATH_MAX;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The names in dir (not "." or ".."), sorted, at most SCAN_MAX_ENTRIES.
 * Returns -1 if dir cannot be opened. */
static int list_dir(const char *dir, struct name_list *l)
{
    l->n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    for (int reads = 0; reads < SCAN_MAX_READ && l->n < SCAN_MAX_ENTRIES && (e = readdir(d));
         reads++) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t len = strlen(e->d_name);
        if (len >= NAME_LEN)
            continue;
        memcpy(l->name[l->n++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(l->name, (size_t)l->n, NAME_LEN, cmp_names);
    return 0;
}

static void watch_add(struct walk *k, const char *path, uint32_t mask)
{
    struct stickwatch *w = k->w;
    if (!k->watching || w->ino_fd < 0 || k->new_n >= MAX_WATCHES)
        return;
    int wd = inotify_add_watch(w->ino_fd, path, mask);
    if (wd < 0)
        return; /* gone already, or out of watches: the next change rescans */
    for (int i = 0; i < k->new_n; i++)
        if (k->new_wd[i] == wd)
            return; /* the same directory by two paths (a bind mount) */
    k->new_wd[k->new_n++] = wd;
}

/* Keep out[0..max) the smallest bundle paths seen, sorted; count them all. */
static void found_add(struct walk *k, const char *bundle, const char *where)
{
    int n = k->found < k->max ? k->found : k->max;
    int at = n;
    while (at > 0 && strcmp(k->out[at - 1].bundle, bundle) > 0)
        at--;
    if (at > 0 && strcmp(k->out[at - 1].bundle, bundle) == 0)
        return; /* a directory watched twice */
    k->found++;
    if (at >= k->max)
        return;
    int last = n < k->max ? n : k->max - 1;
    memmove(&k->out[at + 1], &k->out[at], (size_t)(last - at) * sizeof(k->out[0]));
    snprintf(k->out[at].bundle, sizeof(k->out[at].bundle), "%s", bundle);
    snprintf(k->out[at].where, sizeof(k->out[at].where), "%s", where);
}

/* D/vitrine/ of a candidate D: its regular files NAME.vitrine, however
 * many other files stand beside them (up to BUNDLE_MAX_READ entries; a
 * folder with more is noted in k->crowded). Bundles beyond the list's
 * room are counted in k->found all the same. */
static void walk_bundles(struct walk *k, const char *where, const char *folder)
{
    watch_add(k, folder, BUNDLE_DIR_MASK);
    if (!k->out && k->watching)
        return; /* a refresh lists nothing here */
    DIR *d = opendir(folder);
    if (!d)
        return;
    struct dirent *e;
    long reads = 0;
    while ((e = readdir(d)) != NULL) {
        if (++reads > BUNDLE_MAX_READ) {
            if (!k->crowded[0])
                snprintf(k->crowded, sizeof(k->crowded), "%s", folder);
            break;
        }
        const char *name = e->d_name;
        char path[STICKWATCH_PATH_MAX];
        struct stat st;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
            continue;
        if (name_suspicious(name)) {
            k->skipped++;
            continue;
        }
        /* Hidden files are not bundles: macOS leaves "._NAME.vitrine" on
         * FAT sticks beside every file copied to them. */
        if (name[0] == '.' || !ends_with(name, ".vitrine"))
            continue;
        if (!join(path, folder, name) || lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            k->skipped++; /* a symlink, a folder, a device, or too long to name */
            continue;
        }
        found_add(k, path, where);
    }
    closedir(d);
}

/* Directory dir at level 0 (a watched directory), 1 or 2. */
static void walk_dir(struct walk *k, const char *dir, int level)
{
    char sub[STICKWATCH_PATH_MAX];
    struct stat st;
    int candidate = 0;
    if (join(sub, dir, "vitrine") && lstat(sub, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            candidate = 1;
            walk_bundles(k, dir, sub);
        } else if (S_ISLNK(st.st_mode)) {
            k->skipped++;
        }
    }
    if (level >= 2 || (level > 0 && candidate))
        return;
    struct name_list *l = &k->w->lists[level];
    if (list_dir(dir, l) != 0)
        return;
    for (int i = 0; i < l->n; i++) {
        const char *name = l->name[i];
        if (strcmp(name, "vitrine") == 0)
            continue;
        if (name_suspicious(name)) {
            k->skipped++;
            continue;
        }
        /* symlinks here are skipped without counting: /media/cdrom ->
         * cdrom0 is what Debian installs */
        if (!join(sub, dir, name) || lstat(sub, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        if (level == 0)
            watch_add(k, sub, DIR_MASK);
        walk_dir(k, sub, level + 1);
    }
}

static void walk_all(struct walk *k)
{
    struct stickwatch *w = k->w;
    for (int i = 0; i < w->ndirs; i++) {
        /* the watched directory itself may be a symlink (configured so) */
        watch_add(k, w->dirs[i], DIR_MASK & ~(uint32_t)IN_DONT_FOLLOW);
        walk_dir(k, w->dirs[i], 0);
    }
}

/* Watch what is there now; drop the watches of what has gone. Adding a
 * watch that is already held returns its wd, so nothing is missed between
 * the two sets. The kernel queues IN_IGNORED for each removed watch;
 * stickwatch_wait does not count those as changes. */
static void refresh_watches(struct stickwatch *w)
{
    if (w->ino_fd < 0)
        return;
    struct walk *k = calloc(1, sizeof(*k));
    if (!k)
        return; /* keep the old watches */
    k->w = w;
    k->watching = 1;
    walk_all(k);
    for (int i = 0; i < w->nwatch; i++) {
        int kept = 0;
        for (int j = 0; j < k->new_n && !kept; j++)
            kept = k->new_wd[j] == w->watch[i];
        if (!kept)
            inotify_rm_watch(w->ino_fd, w->watch[i]); /* EINVAL if the kernel dropped it */
    }
    memcpy(w->watch, k->new_wd, (size_t)k->new_n * sizeof(int));
    w->nwatch = k->new_n;
    free(k);
}

struct stickwatch *stickwatch_new(const char *const *dirs, int n, char *why, size_t why_len)
{
    rules_fail(why, why_len, "%s", "");
    if (!dirs || n <= 0) {
        dirs = default_dirs;
        n = (int)(sizeof(default_dirs) / sizeof(default_dirs[0]));
    }
    if (n > STICKWATCH_MAX_DIRS) {
        rules_fail(why, why_len, "%d directories to watch; at most %d can be watched", n,
                   STICKWATCH_MAX_DIRS);
        return NULL;
    }
    struct stickwatch *w = calloc(1, sizeof(*w));
    if (!w) {
        rules_fail(why, why_len, "out of memory");
        return NULL;
    }
    w->mounts_fd = -1;
    w->ino_fd = -1;
    w->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    for (int i = 0; i < n; i++) {
        size_t len = dirs[i] ? strlen(dirs[i]) : 0;
        while (len > 1 && dirs[i][len - 1] == '/')
            len--;
        if (len == 0 || len >= STICKWATCH_PATH_MAX - 64) {
            rules_fail(why, why_len, "a directory to watch is empty or its name is too long");
            stickwatch_free(w);
            return NULL;
        }
        memcpy(w->dirs[w->ndirs], dirs[i], len);
        w->dirs[w->ndirs++][len] = '\0';
    }
    w->mounts_fd = open("/proc/self/mounts", O_RDONLY | O_CLOEXEC);
    int mounts_errno = errno;
    w->ino_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    refresh_watches(w);
    if (w->mounts_fd < 0 && w->nwatch == 0) {
        rules_fail(why, why_len,
                   "cannot watch for sticks: /proc/self/mounts cannot be opened (%s) and none of "
                   "the directories to watch can be watched",
                   strerror(mounts_errno));
        stickwatch_free(w);
        return NULL;
    }
    return w;
}

void stickwatch_free(struct stickwatch *w)
{
    if (!w)
        return;
    if (w->mounts_fd >= 0)
        close(w->mounts_fd);
    if (w->ino_fd >= 0)
        close(w->ino_fd);
    if (w->wake_fd >= 0)
        close(w->wake_fd);
    free(w);
}

/* Reads what inotify has queued. Returns 1 if any event is a change (all but
 * the IN_IGNORED of a watch this module removed), 0 if none, -1 on error. */
static int drain_inotify(int fd)
{
    /* aligned as the inotify man page asks */
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int changed = 0;
    for (int reads = 0; reads < DRAIN_MAX_READS; reads++) {
        ssize_t got = read(fd, buf, sizeof(buf));
        if (got < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return changed;
            return -1;
        }
        if (got == 0)
            return changed;
        for (char *p = buf; p < buf + got;) {
            const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
            /* IN_IGNORED alone: a watch removed (by refresh_watches, or
             * after IN_DELETE_SELF / IN_UNMOUNT, which count themselves) */
            if (ev->mask & ~(uint32_t)IN_IGNORED)
                changed = 1;
            p += sizeof(*ev) + ev->len;
        }
    }
    return 1; /* still more: surely a change */
}

/* Real time: poll sleeps in it, even when the kiosk's clock is simulated. */
static long long now_ms(void)
{
    return (long long)(clock_real_ns() / 1000000u);
}

void stickwatch_interrupt(struct stickwatch *w)
{
    uint64_t one = 1;
    if (w && w->wake_fd >= 0 && write(w->wake_fd, &one, sizeof(one)) < 0)
        return; /* the counter is full: a wake-up is pending anyway */
}

int stickwatch_wait(struct stickwatch *w, int timeout_ms)
{
    if (!w)
        return -1;
    long long deadline = timeout_ms < 0 ? 0 : now_ms() + timeout_ms;
    for (;;) {
        struct pollfd pfd[3];
        int np = 0, mi = -1, ii = -1, wi = -1;
        if (w->wake_fd >= 0) {
            wi = np;
            pfd[np++] = (struct pollfd){.fd = w->wake_fd, .events = POLLIN};
        }
        if (w->mounts_fd >= 0) {
            mi = np;
            pfd[np++] = (struct pollfd){.fd = w->mounts_fd, .events = POLLPRI};
        }
        if (w->ino_fd >= 0) {
            ii = np;
            pfd[np++] = (struct pollfd){.fd = w->ino_fd, .events = POLLIN};
        }
        int left = -1;
        if (timeout_ms >= 0) {
            long long l = deadline - now_ms();
            left = l < 0 ? 0 : l > INT_MAX ? INT_MAX : (int)l;
        }
        int r = poll(pfd, (nfds_t)np, left);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0)
            return 0;
        int changed = 0;
        if (wi >= 0 && (pfd[wi].revents & POLLIN)) {
            uint64_t v;
            if (read(w->wake_fd, &v, sizeof(v)) < 0 && errno != EAGAIN)
                return -1;
            return 0; /* interrupted: the caller looks at why */
        }
        if (mi >= 0 && (pfd[mi].revents & (POLLPRI | POLLERR))) {
            changed = 1;
            lseek(w->mounts_fd, 0, SEEK_SET);
        }
        if (ii >= 0 && (pfd[ii].revents & (POLLIN | POLLERR | POLLHUP))) {
            int c = drain_inotify(w->ino_fd);
            if (c < 0)
                return -1;
            changed |= c;
        }
        if (changed) {
            refresh_watches(w);
            return 1;
        }
        if (timeout_ms >= 0 && now_ms() >= deadline)
            return 0;
    }
}

int stickwatch_scan(struct stickwatch *w, struct stick_found *out, int max, int *skipped,
                    char *crowded, size_t crowded_len)
{
    if (skipped)
        *skipped = 0;
    if (crowded && crowded_len)
        crowded[0] = '\0';
    if (!w)
        return 0;
    static struct walk zero;
    struct walk *k = malloc(sizeof(*k)); /* a few kB: not on a worker's stack */
    if (!k)
        return 0;
    *k = zero;
    k->w = w;
    k->out = out;
    k->max = out && max > 0 ? max : 0;
    walk_all(k);
    if (skipped)
        *skipped = k->skipped;
    if (crowded && crowded_len)
        snprintf(crowded, crowded_len, "%s", k->crowded);
    int found = k->found;
    free(k);
    return found;
}

/* ---- a stick to write to ---- */

struct writable_walk {
    struct name_list lists[2];
    char first_why[512]; /* why the first stick seen cannot be written */
    int seen;
};

/* Whether dir (a folder on the filesystem of parent_dev) is a stick, and
 * if so, whether it can be written: 1 writable, 0 not (first_why says why
 * for the first), -1 not a stick. */
static int writable_stick(struct writable_walk *k, const char *dir, dev_t parent_dev)
{
    char sub[STICKWATCH_PATH_MAX];
    struct stat st, vs;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return -1;
    int marked = join(sub, dir, "vitrine") && lstat(sub, &vs) == 0 && S_ISDIR(vs.st_mode);
    if (st.st_dev == parent_dev && !marked)
        return -1;
    struct statvfs fs;
    const char *problem = NULL;
    if (statvfs(dir, &fs) == 0 && (fs.f_flag & ST_RDONLY))
        problem = "is mounted read-only";
    else if (access(dir, W_OK) != 0)
        problem = "cannot be written by the kiosk";
    if (!problem)
        return 1;
    if (!k->seen++)
        snprintf(k->first_why, sizeof(k->first_why), "the stick at %s %s", dir, problem);
    return 0;
}

int stickwatch_find_writable(const char *const *dirs, int n, char *out, size_t out_len, char *why,
                             size_t why_len)
{
    if (!dirs || n <= 0) {
        dirs = default_dirs;
        n = (int)(sizeof(default_dirs) / sizeof(default_dirs[0]));
    }
    struct writable_walk *k = calloc(1, sizeof(*k));
    if (!k) {
        rules_fail(why, why_len, "out of memory while looking for a stick");
        return 0;
    }
    int found = 0;
    char e_path[STICKWATCH_PATH_MAX], f_path[STICKWATCH_PATH_MAX];
    for (int i = 0; i < n && !found; i++) {
        struct stat wst, est;
        if (!dirs[i] || stat(dirs[i], &wst) != 0 || list_dir(dirs[i], &k->lists[0]) != 0)
            continue;
        for (int a = 0; a < k->lists[0].n && !found; a++) {
            const char *e = k->lists[0].name[a];
            if (name_suspicious(e) || !join(e_path, dirs[i], e))
                continue;
            int r = writable_stick(k, e_path, wst.st_dev);
            if (r >= 0) {
                found = r;
                if (found)
                    snprintf(out, out_len, "%s", e_path);
                continue;
            }
            /* W/E a plain folder: udisks mounts at /run/media/USER/LABEL */
            if (lstat(e_path, &est) != 0 || !S_ISDIR(est.st_mode) ||
                list_dir(e_path, &k->lists[1]) != 0)
                continue;
            for (int b = 0; b < k->lists[1].n && !found; b++) {
                const char *f = k->lists[1].name[b];
                if (name_suspicious(f) || strcmp(f, "vitrine") == 0 || !join(f_path, e_path, f))
                    continue;
                if (writable_stick(k, f_path, est.st_dev) == 1) {
                    found = 1;
                    snprintf(out, out_len, "%s", f_path);
                }
            }
        }
    }
    if (!found && k->seen)
        rules_fail(why, why_len, "%s.", k->first_why);
    else if (!found)
        rules_fail(why, why_len, "no stick was found; put one in and try again.");
    free(k);
    return found;
}
