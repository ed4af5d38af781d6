/* generations.h - the kiosk's own copy of its content: generation
 * directories and one `current` pointer, changed only by atomic renames.
 *
 *   STATE/current                       the pointer (below), replaced by rename
 *   STATE/generations/gNNNNNN/          one imported exhibit each:
 *       exhibit.vitrine                 the store, as copied and verified
 *       exhibit.vitrine.minisig         its signature
 *   STATE/staging/                      an import in progress (never read)
 *   STATE/current.tmp                   a pointer being written (never read)
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
 * generation the pointer does not name. At most two generations are kept:
 * the current one and the previous one (for rollback).
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
 * there is no previous generation, or it is gone. */
int gen_rollback(const struct fsio *io, const char *state_dir, struct gen_state *after, char *why,
                 size_t why_len);

/* Remove STATE/staging and its files (after a failed import). */
void gen_discard_staging(const struct fsio *io, const char *state_dir);

/* fsync a directory (through io). */
int gen_sync_dir(const struct fsio *io, const char *dir);

/* A plain-words reason for an errno met while writing the kiosk's storage
 * or reading the stick. */
const char *gen_errno_words(int err);

#endif
