/* stickwatch.h - notice USB sticks (or any newly mounted filesystem, or a
 * new folder in a watched directory) that carry an exhibit, without a
 * desktop: no udisks session, no D-Bus.
 *
 * Mount changes are seen by polling /proc/self/mounts for POLLPRI; the
 * watched directories (default /media, /run/media, /mnt) are also watched
 * with inotify, so a folder copied into one (or a test's directory) is
 * found too. A candidate is a directory D such that D/vitrine/ exists,
 * where D is a watched directory itself, an entry of one, or an entry of
 * an entry (udisks mounts at /run/media/USER/LABEL). Its bundles are the
 * regular files D/vitrine/\*.vitrine (symlinks are not followed and are
 * reported as problems).
 *
 * THREADS: one stickwatch is used by one thread (the kiosk runs it on a
 * job's worker thread). */
#ifndef VITRINE_STICKWATCH_H
#define VITRINE_STICKWATCH_H

#include <stddef.h>

#define STICKWATCH_MAX_DIRS 8
#define STICKWATCH_MAX_FOUND 8
#define STICKWATCH_PATH_MAX 1024

struct stickwatch;

struct stick_found {
    char bundle[STICKWATCH_PATH_MAX]; /* D/vitrine/NAME.vitrine */
    char where[STICKWATCH_PATH_MAX];  /* D: the stick's mount point (for messages) */
};

/* Watch dirs[0..n) (missing ones are skipped, and watched again when they
 * appear under an existing parent is NOT required). NULL with why when
 * nothing at all can be watched (no /proc/self/mounts and no directory). */
struct stickwatch *stickwatch_new(const char *const *dirs, int n, char *why, size_t why_len);
void stickwatch_free(struct stickwatch *w);

/* Block up to timeout_ms (<0: forever) for a change: a mount or unmount, or
 * an entry created, moved in or removed in a watched directory (or in a
 * candidate's vitrine/ folder). Returns 1 on a change, 0 on timeout, -1 on
 * error. Spurious 1s are allowed; callers rescan. */
int stickwatch_wait(struct stickwatch *w, int timeout_ms);

/* End a stickwatch_wait now (it returns 0), from any thread: how the
 * kiosk stops its watcher at once when it stops. */
void stickwatch_interrupt(struct stickwatch *w);

/* List the bundles present now, in a stable order (sorted by path), at most
 * max. Returns how many were found (may be more than max: only max are
 * written). Symlinks and names containing "/.." or control characters are
 * skipped and counted in *skipped (may be NULL). A stick's vitrine/ folder
 * too crowded to read to its end (more than 65,536 entries) is named in
 * crowded (may be NULL; "" when none), so the kiosk can say why nothing
 * was loaded from it. */
int stickwatch_scan(struct stickwatch *w, struct stick_found *out, int max, int *skipped,
                    char *crowded, size_t crowded_len);

/* A stick that can be written to now (the statistics export, which may
 * come on a stick with no bundle): the first, in path order, of the
 * folders W/E and W/E/F under dirs[0..n) (NULL or n 0: the defaults) that
 * is a mount point (on another filesystem than its parent) or holds a
 * vitrine/ folder, and that is neither mounted read-only (statvfs) nor
 * closed to this user (access W_OK). A plain empty folder such as
 * /media/usb0 on the kiosk's own disk is never taken. Symlinks are not
 * followed. Returns 1 with its path in out; 0 when there is none, with a
 * sentence for staff in why (no stick; or the first stick seen, read-only
 * or not writable). May block on a dead stick: call it off the screen's
 * thread. */
int stickwatch_find_writable(const char *const *dirs, int n, char *out, size_t out_len, char *why,
                             size_t why_len);

#endif
