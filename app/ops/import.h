/* import.h - load a signed exhibit bundle into the kiosk's storage.
 *
 * One call does the whole import, in this order, and stops at the first
 * problem with a sentence staff can read:
 *   1. the bundle's name and file (a regular file, not a link, not empty,
 *      not bigger than IMPORT_MAX_BYTES) and its signature NAME.minisig next
 *      to it; the signer must be a trusted key (checked before copying);
 *   2. room on the kiosk's storage;
 *   3. the copy into STATE/staging, read from the stick once, hashed on the
 *      way, fsynced;
 *   4. the copy read back and hashed again: it must match what was read,
 *      and the signature must verify over it (never over the stick); a
 *      bundle with the hash of one that kept crashing the kiosk
 *      (generations.h, STATE/refused) is refused with that reason;
 *   5. the copy opened as a store (quick_check, application_id, schema
 *      version, no triggers or views: store.h);
 *   6. the version policy against the exhibit now current (same exhibit
 *      id: newer loads, the same says "already loaded", older is refused);
 *   7. the content check the caller gives (every panel laid out at the
 *      kiosk's size, every glyph in a font, every photo decodable);
 *   8. the switch (generations.h), keeping the previous generation (a
 *      damaged pointer is first repaired: gen_repair).
 * Steps 3 to 8 hold the state folder's lock (generations.h, gen_lock).
 * However it ends, STATE is left as it was (staging removed) unless the
 * switch happened. Runs on any thread but the render thread (it may wait
 * for the lock: lock_wait_ms); all file changes go through io. */
#ifndef VITRINE_IMPORT_H
#define VITRINE_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "fsio.h"
#include "generations.h"
#include "store.h"

#define IMPORT_MAX_BYTES (2048LL * 1024 * 1024)
#define IMPORT_SIG_MAX 4096
#define IMPORT_CHUNK (1024 * 1024)
#define IMPORT_WHY_MAX 512

enum import_outcome {
    IMPORT_LOADED,  /* switched to the new exhibit */
    IMPORT_SAME,    /* this version is already the current one: nothing changed */
    IMPORT_REFUSED, /* the bundle is not acceptable (signature, content, older version) */
    IMPORT_FAILED,  /* the copy or the switch failed (stick pulled, disk full) */
};

enum import_stage {
    IMPORT_STAGE_CHECK,
    IMPORT_STAGE_COPY,
    IMPORT_STAGE_VERIFY,
    IMPORT_STAGE_CONTENT,
    IMPORT_STAGE_SWITCH
};

struct import_result;

struct import_opts {
    const char *state_dir;
    const char *keys_dir;
    const struct fsio *io;
    size_t chunk; /* copy unit; 0: IMPORT_CHUNK */
    /* The content check of step 7 on the opened copy, with what is known
     * of the bundle so far (title, version, signer): 0, or -1 with why. */
    int (*check)(void *ctx, struct store *s, const struct import_result *r, char *why,
                 size_t why_len);
    void *check_ctx;
    /* Progress (any thread the import runs on), may be NULL. */
    void (*progress)(void *ctx, enum import_stage stage, uint64_t done, uint64_t total,
                     const char *text);
    void *progress_ctx;
    /* Nonzero: stop as soon as possible (FAILED, "cancelled"). May be NULL. */
    int (*cancelled)(void *ctx);
    void *cancel_ctx;
    /* How long to wait for another writer of the state folder (an import,
     * a roll back: gen_lock) to finish before giving up (FAILED, "another
     * import or roll back is changing the kiosk's exhibit ..."); 0: try
     * once. The import holds the lock from step 3 to its end. */
    unsigned lock_wait_ms;
    /* Where the bundle comes from, in the progress texts and the messages
     * that name it: "the stick" (the kiosk's import) or "the file" (a
     * shell's `vitrine import`); NULL: "the stick". */
    const char *source;
};

struct import_result {
    enum import_outcome outcome;
    char why[IMPORT_WHY_MAX]; /* the reason (REFUSED, FAILED) or a note */
    char title[256];
    char version[64];
    char slug[64];
    char signer[17]; /* key id, as minisign prints it */
    int n_panels;
    char generation[GEN_NAME_MAX]; /* LOADED: the new current generation */
};

/* Import bundle_path; the outcome in *r (also returned). */
enum import_outcome import_bundle(const char *bundle_path, const struct import_opts *o,
                                  struct import_result *r);

/* The card the run loop shows when a generation is taken up: title
 * "Loaded: TITLE, version V" (rollback: "Now showing: ..."), body "N panels."
 * and, when the bundle came from a stick, " You can remove the stick."
 * (body may be NULL). Shared with kiosk_check, which draws it before a
 * bundle is accepted. */
void import_card_loaded(const struct import_result *r, int rollback, int stick, char *title,
                        size_t title_len, char *body, size_t body_len);

/* -1, 0 or 1 as version a is older than, the same as, or newer than b:
 * dotted parts compared as numbers where both are digits ("1.10" > "1.9"),
 * as text otherwise; a missing part is older ("1.0" < "1.0.1"). */
int import_version_cmp(const char *a, const char *b);

/* Which of the bundles found on sticks to import: its index, or -1 with
 * why when there is none, or more than one (staff must not wonder which
 * one the kiosk took). */
int import_choose(const char *const *bundles, int n, char *why, size_t why_len);

/* The hash of the file at path (BLAKE2b-512, as minisign hashes a bundle)
 * as 128 hex digits. 0, or -1 with why. */
int import_hash_file(const char *path, char hex[2 * 64 + 1], char *why, size_t why_len);

/* gen_whole_fn (generations.h): generation gen's store opens and passes its
 * check (quick_check: reads the whole file), and its signature is there. */
int import_gen_whole(void *ctx, const char *state_dir, const char *gen);

/* Who signed, in staff's words, from the signer's key id (import_result's
 * signer) and the trusted keys' folder: "NAME (key ID)" with the key's name
 * (minisig_key: its .pub file's comment or name), "key ID" when no trusted
 * key has that id, "unknown" when id is "". Reads the key folder. */
void import_signer_words(const char *keys_dir, const char *id, char *out, size_t out_len);

/* What the generation `gen` of state_dir holds (title, version, slug,
 * panels, signer) into r; 0, or -1 with why in r->why. */
int import_describe(const char *state_dir, const char *gen, struct import_result *r);

#endif
