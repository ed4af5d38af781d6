/* minisig.h - minisign's signature and public-key formats, verified with
 * libsodium: how the kiosk decides that a bundle comes from staff.
 *
 * A bundle NAME.vitrine is signed with the stock `minisign -S` (Debian's
 * minisign), which writes NAME.vitrine.minisig:
 *
 *   untrusted comment: <anything>
 *   base64( "ED" | key id (8 bytes) | Ed25519 signature of BLAKE2b-512(file) (64) )
 *   trusted comment: <text>
 *   base64( Ed25519 signature of (the 64-byte signature | the trusted comment text) )
 *
 * and a public key file (one per trusted key, KEYS_DIR/\*.pub):
 *
 *   untrusted comment: minisign public key <ID>
 *   base64( "Ed" | key id (8) | Ed25519 public key (32) )
 *
 * Only the prehashed algorithm ("ED") is accepted: the legacy "Ed"
 * signature (over the whole file, not a hash) is refused with a reason.
 * Parsing never trusts lengths or line endings (CRLF is accepted, a NUL or
 * an over-long line is not). Errors are values: -1 and one plain sentence
 * in why. Nothing here logs, allocates or touches the file system except
 * minisig_load_keys. */
#ifndef VITRINE_MINISIG_H
#define VITRINE_MINISIG_H

#include <stddef.h>
#include <stdint.h>

#define MINISIG_KEYID_BYTES 8
#define MINISIG_HASH_BYTES 64    /* BLAKE2b-512 */
#define MINISIG_COMMENT_MAX 1024 /* trusted comment, bytes with the NUL */
#define MINISIG_MAX_KEYS 256     /* keys read from one directory */

#define MINISIG_NAME_MAX 64 /* a key's name, bytes with the NUL */

struct minisig_key {
    uint8_t id[MINISIG_KEYID_BYTES];
    uint8_t pk[32];
    /* What staff call the key: the .pub file's own comment when someone
     * wrote one ("untrusted comment: Exhibitions team"), else the file's
     * name without ".pub" (minisig_load_keys); "" from minisig_parse_key
     * when the comment is minisign's default ("minisign public key ID").
     * Control characters are spaces; cut at a character's boundary. */
    char name[MINISIG_NAME_MAX];
};

struct minisig_sig {
    uint8_t key_id[MINISIG_KEYID_BYTES];
    uint8_t sig[64];
    uint8_t global_sig[64];
    char trusted_comment[MINISIG_COMMENT_MAX]; /* the text after "trusted comment: " */
};

/* The streaming BLAKE2b-512 hash the signature covers (the importer feeds
 * it while copying). The state is opaque bytes sized for libsodium's. */
struct minisig_hash {
    _Alignas(64) unsigned char state[384];
};
void minisig_hash_init(struct minisig_hash *h);
void minisig_hash_update(struct minisig_hash *h, const void *data, size_t len);
void minisig_hash_final(struct minisig_hash *h, uint8_t out[MINISIG_HASH_BYTES]);

/* Parse a public key file's text (len bytes, not NUL-terminated). */
int minisig_parse_key(const char *text, size_t len, struct minisig_key *out, char *why,
                      size_t why_len);

/* Parse a .minisig file's text. A legacy ("Ed") signature is refused here:
 * "the signature uses minisign's legacy format; sign again with minisign
 * 0.8 or later (prehashed)". */
int minisig_parse_sig(const char *text, size_t len, struct minisig_sig *out, char *why,
                      size_t why_len);

/* Told of each key file minisig_load_keys skips, with why in words that
 * name the file ("broken.pub is not a usable key: ..."). */
typedef void (*minisig_skip_fn)(void *ctx, const char *why);

/* Read every *.pub file of dir (other files are ignored) into keys[0..max),
 * in name order. A key file that cannot be used (damaged, not a regular
 * file, too large) is skipped and told to skipped (may be NULL) with its
 * reason, and so is every one past the first max: one bad file never
 * blocks the keys that work, and staff hear of it in the log. Returns -1
 * with why only when the folder itself cannot be read. 0 keys is not an
 * error here (*n = 0); verification then fails with "no trusted keys".
 * At most MINISIG_MAX_FILES names are looked at; the rest are one skip. */
#define MINISIG_MAX_FILES 4096
int minisig_load_keys(const char *dir, struct minisig_key *keys, int max, int *n,
                      minisig_skip_fn skipped, void *ctx, char *why, size_t why_len);

/* Check sig against the file's hash and the trusted keys: a key with the
 * signature's id must be among keys (else "this exhibit is not signed by a
 * key this kiosk trusts (key <ID>)"); the signature over the hash must
 * verify ("the exhibit does not match its signature: it was changed after
 * signing, or the copy is damaged"); the global signature over sig and the
 * trusted comment must verify ("the signature's trusted comment was
 * changed"). Returns 0 and the index of the key in *which, or -1 and why. */
int minisig_verify(const struct minisig_sig *sig, const uint8_t hash[MINISIG_HASH_BYTES],
                   const struct minisig_key *keys, int n_keys, int *which, char *why,
                   size_t why_len);

/* A key id as minisign prints it: the id read as a little-endian 64-bit
 * number in upper-case hex, without leading zeros (as in the comment of
 * the .pub file). out needs 17 bytes. */
void minisig_key_id_hex(const uint8_t id[MINISIG_KEYID_BYTES], char out[17]);

/* The name of the trusted key whose id (as minisig_key_id_hex prints it)
 * is id_hex, read from dir's *.pub files, into out: "" when none has that
 * id or the folder cannot be read. */
void minisig_key_name(const char *dir, const char *id_hex, char *out, size_t out_len);

#endif
