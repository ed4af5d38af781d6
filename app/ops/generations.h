/* generations.h - the kiosk's own copy of its content: generation
 * directories and one `current` pointer, changed only by atomic renames.
 *
 *   STATE/current                       the pointer (below), replaced by rename
 *   STATE/generations/gNNNNNN/          one imported exhibit each:
 *       exhibit.vitrine                 the store, as copied and verified
 *       exhibit.vitrine.minisig         its signature
 *   STATE/staging/                      an import in progress (never read)
 *   STATE/current.tmp                   a pointer being written (never read)
 *   STATE/generations/gNNNNNN/bad       the generation was taken off (below)
 *   STATE/refused/HASH                  a bundle never to be taken again (below)
 *
 * The pointer is three lines of text:
 *   vitrine-state 1
 *   current g000007
 *   previous g000006        ("previous -" when there is none)
 *
 * A generation is complete (files written and fsynced, directory renamed
 * into place, parent fsynced) before the pointer names it; the pointer is
 * written to current.tmp, fsynced, renamed over current and the directory
 * fsynced. So at every instant, and after a crash at any point, `current`
 * names a complete generation or nothing at all. gen_recover then removes
 * what a stopped import or prune left: staging/, current.tmp, and every
 * generation the pointer does not name (none while the pointer is damaged
 * or names a generation that is not there: gen_repair's to choose from). At most two generations
 * are kept: the current one and the previous one (for rollback).
 *
 * A generation that kept crashing the kiosk (bootcount.h) is marked bad:
 * a file `bad` in its folder says why, and STATE/refused/HASH (the first
 * 64 hex digits of the bundle's BLAKE2b-512, as minisign hashes it) holds
 * the same reason, so that the same bundle is refused at every later
 * import, also after its generation was pruned. A bad generation is never
 * taken up again (not by a roll back, not by gen_repair), but it stays on
 * disk, as the previous one, until an import prunes it.
 *
 * A pointer that does not parse, or names a generation that is not there,
 * leaves the kiosk on the built-in exhibit; gen_repair points it at the
 * newest whole generation again (whole: the caller's check).
 *
 * One lock on the state folder (gen_lock, below) keeps its writers apart:
 * an import (staging/, the commit), a roll back, gen_recover, gen_repair
 * and gen_mark_bad each run whole before or after another, never
 * interleaved (a roll back during an import's commit would lose one of the
 * two pointers; a start-up gen_recover during a shell's `vitrine import`
 * would remove that import's staging/). Those functions take the held
 * lock, not the folder's path. Readers need none: every change is one
 * rename, so gen_read, gen_file, gen_is_bad, gen_refused and opening a
 * generation's store see the state before it or after it. STATE/boot-count
 * (bootcount.h) is the running kiosk's own file and is written outside it.
 *
 * Errors are values: -1 and one plain sentence in why. Every change goes
 * through the fsio table (fsio.h); listings use opendir directly. */
#ifndef VITRINE_GENERATIONS_H
#define VITRINE_GENERATIONS_H

#include <stddef.h>

#include "fsio.h"

#define GEN_NAME_MAX 16
#define GEN_PATH_MAX 1024
#define GEN_BUNDLE "exhibit.vitrine"
#define GEN_SIG "exhibit.vitrine.minisig"
#define GEN_STAGING "staging"
#define GEN_BAD "bad"
#define GEN_REFUSED "refused"
#define GEN_HASH_HEX 64 /* hex digits of the bundle's hash in STATE/refused */
#define GEN_REASON_MAX 400

struct gen_state {
    char current[GEN_NAME_MAX];  /* "" when the kiosk has imported nothing */
    char previous[GEN_NAME_MAX]; /* "" when there is none */
};

/* ---- the lock ----
 * flock(LOCK_EX) on the state folder itself, opened O_RDONLY|O_DIRECTORY:
 * the lock import_bundle took alone before, so a kiosk and a `vitrine`
 * built before this lock and after it still exclude each other. Not a lock
 * file: nothing is left behind, and nothing to remove or to find stale.
 * The kernel drops it when its holder's process ends however it ends
 * (SIGKILL, a crash), so a killed import never leaves the kiosk locked;
 * what the killed holder left half done, the next holder's gen_recover
 * removes.
 *
 * Who holds it: every writer, for the whole of what it changes: an import
 * from reading the pointer to its commit or its clean-up (import.c, with
 * import_opts.lock_wait_ms), a roll back (with the gen_repair before it),
 * the kiosk's start-up (gen_recover, gen_repair, and the roll backs and
 * gen_mark_bad of bootcount.h), and the gen_recover after a killed import
 * child. Whoever finds it busy does not touch the folder: the kiosk's
 * start-up skips gen_recover and gen_repair and shows what `current`
 * names (the holder tidies up as it ends, or the next holder does); staff's
 * roll back says it is busy, or, from a shell, waits a while first.
 *
 * Never taken on the render thread: a wait sleeps, and what is done while
 * holding it writes and fsyncs. The run loop takes it on jobs (job.h).
 *
 * Not recursive: flock belongs to the opened folder, so a second gen_lock
 * in the same process (another thread, or the same one) while one is held
 * finds it busy. Hold one, pass it down, gen_unlock it once. */
struct gen_lock {
    int fd;                 /* the state folder, locked; -1: not held */
    int busy;               /* not held because another holder has it */
    char dir[GEN_PATH_MAX]; /* the state folder, as given to gen_lock */
};

/* How often a waiting gen_lock tries again. */
#define GEN_LOCK_PAUSE_MS 5

/* Take the lock on state_dir (which must exist: import_bundle makes it),
 * waiting for another holder to finish at most about wait_ms: it tries
 * again every GEN_LOCK_PAUSE_MS, 1 + wait_ms / GEN_LOCK_PAUSE_MS tries in
 * all (it reads no clock: app/ may not, clock.h; a pause that oversleeps
 * makes the wait that much longer). wait_ms 0: one try, no pause.
 * 0: held (lk->fd >= 0). -1: not held (lk->fd -1), with why: busy
 * (lk->busy 1) "another import or roll back is changing the kiosk's
 * exhibit; try again when it has finished", or the folder cannot be opened
 * ("nothing has been imported" when it does not exist). *lk is filled in
 * either way, and gen_unlock takes it either way. Blocks: never on the
 * render thread. */
int gen_lock(struct gen_lock *lk, const char *state_dir, unsigned wait_ms, char *why,
             size_t why_len);

/* Release lk (nothing when it is not held); lk->fd is -1 after. */
void gen_unlock(struct gen_lock *lk);

/* Read the pointer. No state directory or no pointer: 0, both names "".
 * A pointer that does not parse: -1 (gen_recover does not touch it). */
int gen_read(const char *state_dir, struct gen_state *out, char *why, size_t why_len);

/* STATE/generations/GEN/exhibit.vitrine (or the signature when sig). -1 when
 * it does not fit. */
int gen_file(const char *state_dir, const char *gen, int sig, char *buf, size_t n);

/* STATE/staging and the paths of the two files in it. */
int gen_staging_path(const char *state_dir, const char *file, char *buf, size_t n);

/* The functions that take a struct gen_lock (gen_recover, gen_commit,
 * gen_rollback, gen_mark_bad, gen_repair, gen_discard_staging) change the
 * folder lk locks, and when lk is not held do nothing but return -1 with
 * why (busy, or that the folder could not be locked): a caller that goes
 * on after a failed gen_lock changes nothing. */

/* Remove what a stopped import or prune left behind (see above). *removed
 * (may be NULL) counts the entries removed. */
int gen_recover(const struct fsio *io, const struct gen_lock *lk, int *removed, char *why,
                size_t why_len);

/* Make the generation in STATE/staging (complete and fsynced by the caller)
 * the current one: rename it into generations/, point `current` at it with
 * the old current as previous, then remove older generations. The new name
 * in new_gen. On failure nothing the pointer names has changed. */
int gen_commit(const struct fsio *io, const struct gen_lock *lk, char new_gen[GEN_NAME_MAX],
               char *why, size_t why_len);

/* Point `current` at the previous generation (and previous at the one that
 * was current, so a second rollback undoes the first). -1 with why when
 * there is no previous generation, it is gone, or it is marked bad. */
int gen_rollback(const struct fsio *io, const struct gen_lock *lk, struct gen_state *after,
                 char *why, size_t why_len);

/* Write text to DIR/name durably: DIR/name.tmp, fsync, rename, fsync DIR.
 * 0 or -errno (the tmp file removed). Takes no lock: the writers above use
 * it under theirs, and bootcount.c for the kiosk's own file. */
int gen_write_file(const struct fsio *io, const char *dir, const char *name, const char *text,
                   size_t len);

/* 1 when generation gen is marked bad (its reason, the marker's first line,
 * in reason), else 0. reason may be NULL. */
int gen_is_bad(const char *state_dir, const char *gen, char *reason, size_t reason_len);

/* Mark gen bad with reason (one line) and the hash of its bundle (hex, at
 * least GEN_HASH_HEX digits; "" when unknown: then only the marker is
 * written). 0, or -1 with why. */
int gen_mark_bad(const struct fsio *io, const struct gen_lock *lk, const char *gen,
                 const char *reason, const char *hash_hex, char *why, size_t why_len);

/* 1 when a bundle with this hash (hex) was marked bad: the reason in
 * reason; else 0. */
int gen_refused(const char *state_dir, const char *hash_hex, char *reason, size_t reason_len);

/* Whether generation gen of state_dir is whole (its store opens and passes
 * the store's check): 1 or 0. import.h gives the real one. */
typedef int (*gen_whole_fn)(void *ctx, const char *state_dir, const char *gen);

/* When the pointer is damaged (does not parse), or names a generation or a
 * previous one that is not there or not whole, or is marked bad: point it
 * at the newest whole generation that is not bad, with the next newest as
 * previous; remove it when there is none (the built-in exhibit). 0: the
 * pointer was fine (nothing written); 1: repaired, what was done in why
 * (one sentence for the log and staff), the new state in *after (may be
 * NULL); -1: it could not be written, with why. A bad current generation
 * is not repaired here (the run loop handles it, and says why). */
int gen_repair(const struct fsio *io, const struct gen_lock *lk, gen_whole_fn whole, void *ctx,
               struct gen_state *after, char *why, size_t why_len);

/* Remove STATE/staging and its files (after a failed import; nothing when
 * lk is not held). */
void gen_discard_staging(const struct fsio *io, const struct gen_lock *lk);

/* fsync a directory (through io). */
int gen_sync_dir(const struct fsio *io, const char *dir);

/* A plain-words reason for an errno met while writing the kiosk's storage
 * or reading the stick. */
const char *gen_errno_words(int err);

#endif
