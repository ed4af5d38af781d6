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

/* Read the pointer. No state directory or no pointer: 0, both names "".
 * A pointer that does not parse: -1 (gen_recover does not touch it). */
int gen_read(const char *state_dir, struct gen_state *out, char *why, size_t why_len);

/* STATE/generations/GEN/exhibit.vitrine (or the signature when sig). -1 when
 * it does not fit. */
int gen_file(const char *state_dir, const char *gen, int sig, char *buf, size_t n);

/* STATE/staging and the paths of the two files in it. */
int gen_staging_path(const char *state_dir, const char *file, char *buf, size_t n);

/* Remove what a stopped import or prune left behind (see above). *removed
 * (may be NULL) counts the entries removed. */
int gen_recover(const struct fsio *io, const char *state_dir, int *removed, char *why,
                size_t why_len);

/* Make the generation in STATE/staging (complete and fsynced by the caller)
 * the current one: rename it into generations/, point `current` at it with
 * the old current as previous, then remove older generations. The new name
 * in new_gen. On failure nothing the pointer names has changed. */
int gen_commit(const struct fsio *io, const char *state_dir, char new_gen[GEN_NAME_MAX], char *why,
               size_t why_len);

/* Point `current` at the previous generation (and previous at the one that
 * was current, so a second rollback undoes the first). -1 with why when
 * there is no previous generation, it is gone, or it is marked bad. */
int gen_rollback(const struct fsio *io, const char *state_dir, struct gen_state *after, char *why,
                 size_t why_len);

/* Write text to DIR/name durably: DIR/name.tmp, fsync, rename, fsync DIR.
 * 0 or -errno (the tmp file removed). */
int gen_write_file(const struct fsio *io, const char *dir, const char *name, const char *text,
                   size_t len);

/* 1 when generation gen is marked bad (its reason, the marker's first line,
 * in reason), else 0. reason may be NULL. */
int gen_is_bad(const char *state_dir, const char *gen, char *reason, size_t reason_len);

/* Mark gen bad with reason (one line) and the hash of its bundle (hex, at
 * least GEN_HASH_HEX digits; "" when unknown: then only the marker is
 * written). 0, or -1 with why. */
int gen_mark_bad(const struct fsio *io, const char *state_dir, const char *gen, const char *reason,
                 const char *hash_hex, char *why, size_t why_len);

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
int gen_repair(const struct fsio *io, const char *state_dir, gen_whole_fn whole, void *ctx,
               struct gen_state *after, char *why, size_t why_len);

/* Remove STATE/staging and its files (after a failed import). */
void gen_discard_staging(const struct fsio *io, const char *state_dir);

/* fsync a directory (through io). */
int gen_sync_dir(const struct fsio *io, const char *dir);

/* A plain-words reason for an errno met while writing the kiosk's storage
 * or reading the stick. */
const char *gen_errno_words(int err);

#endif
