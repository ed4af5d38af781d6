/* minisig.c - minisign signatures and public keys, checked with libsodium
 * (see minisig.h).
 * DEPENDENCIES: libsodium (base64, BLAKE2b, Ed25519); POSIX (opendir,
 * open, fstat, read) in minisig_load_keys only.
 * LIMITATIONS: only what `minisign -S` writes by default is accepted: the
 * prehashed "ED" algorithm, a trusted comment of at most
 * MINISIG_COMMENT_MAX - 1 bytes, lines ended by LF or CRLF and nothing but
 * blank lines after the last expected one. */
#define _POSIX_C_SOURCE 200809L

#include "minisig.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

_Static_assert(sizeof(crypto_generichash_state) <= sizeof(((struct minisig_hash *)0)->state),
               "struct minisig_hash is too small for libsodium's BLAKE2b state");
_Static_assert(_Alignof(crypto_generichash_state) <= 64,
               "struct minisig_hash is not aligned enough for libsodium's BLAKE2b state");
_Static_assert(MINISIG_HASH_BYTES == crypto_generichash_BYTES_MAX, "BLAKE2b-512 is 64 bytes");

#define SIG_ALG_BYTES 2
#define SIG_BLOB_BYTES (SIG_ALG_BYTES + MINISIG_KEYID_BYTES + 64) /* 74 */
#define KEY_BLOB_BYTES (SIG_ALG_BYTES + MINISIG_KEYID_BYTES + 32) /* 42 */
/* The longest line either file may have: the trusted comment's line is
 * the longest legitimate one (17 + 1023 bytes); base64 lines are ~100. */
#define LINE_MAX_BYTES 2048
/* A public key file is two short lines; anything larger is not one. */
#define KEY_FILE_MAX 4096

static const char UNTRUSTED_PREFIX[] = "untrusted comment: ";
static const char TRUSTED_PREFIX[] = "trusted comment: ";
static const char *const ORDINALS[] = {"first", "second", "third", "fourth"};

_Static_assert(crypto_sign_PUBLICKEYBYTES == 32, "Ed25519 public keys are 32 bytes");
_Static_assert(crypto_sign_BYTES == 64, "Ed25519 signatures are 64 bytes");

/* sodium_init is thread-safe and idempotent (it returns 1 once done), so
 * every entry point that needs it simply calls it; no once-flag of ours. */
static int sodium_ready(void)
{
    return sodium_init() >= 0;
}

void minisig_hash_init(struct minisig_hash *h)
{
    /* BLAKE2b works without sodium_init (it falls back to the portable
     * code), so a failure here cannot make the hash wrong. */
    (void)sodium_ready();
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, MINISIG_HASH_BYTES);
    /* The state is copied in and out rather than cast in place, so the
     * byte array is never accessed as another type. */
    memcpy(h->state, &st, sizeof(st));
}

void minisig_hash_update(struct minisig_hash *h, const void *data, size_t len)
{
    crypto_generichash_state st;
    memcpy(&st, h->state, sizeof(st));
    crypto_generichash_update(&st, data, len);
    memcpy(h->state, &st, sizeof(st));
}

void minisig_hash_final(struct minisig_hash *h, uint8_t out[MINISIG_HASH_BYTES])
{
    crypto_generichash_state st;
    memcpy(&st, h->state, sizeof(st));
    crypto_generichash_final(&st, out, MINISIG_HASH_BYTES);
    sodium_memzero(&st, sizeof(st));
    sodium_memzero(h->state, sizeof(h->state));
}

void minisig_key_id_hex(const uint8_t id[MINISIG_KEYID_BYTES], char out[17])
{
    static const char hex[] = "0123456789ABCDEF";
    /* minisign prints the id as a little-endian 64-bit number ("%" PRIX64:
     * last byte first, no leading zeros), so staff see here what their .pub
     * file's comment says */
    int n = 0;
    for (int i = 0; i < 2 * MINISIG_KEYID_BYTES; i++) {
        uint8_t b = id[MINISIG_KEYID_BYTES - 1 - i / 2];
        int digit = i % 2 ? b & 15 : b >> 4;
        if (n || digit || i == 2 * MINISIG_KEYID_BYTES - 1)
            out[n++] = hex[digit];
    }
    out[n] = '\0';
}

/* One line of a text: [*line, *line + *line_len), without its LF or CRLF.
 * Returns 0 and advances *pos, or -1 at the end of the text. */
static int next_line(const char *text, size_t len, size_t *pos, const char **line, size_t *line_len)
{
    if (*pos >= len)
        return -1;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', len - *pos);
    size_t n = nl ? (size_t)(nl - start) : len - *pos;
    *pos += nl ? n + 1 : n;
    if (n > 0 && start[n - 1] == '\r')
        n--;
    *line = start;
    *line_len = n;
    return 0;
}

/* Splits text into want lines (what = "signature file" or "key file").
 * Only blank lines may follow them. */
static int split_lines(const char *text, size_t len, const char *what, int want, const char **lines,
                       size_t *lens, char *why, size_t why_len)
{
    if (len == 0) {
        snprintf(why, why_len, "the %s is empty", what);
        return -1;
    }
    if (memchr(text, '\0', len)) {
        snprintf(why, why_len, "the %s is damaged: it contains binary data (a NUL byte)", what);
        return -1;
    }
    size_t pos = 0;
    for (int i = 0; i < want; i++) {
        if (next_line(text, len, &pos, &lines[i], &lens[i]) != 0) {
            snprintf(why, why_len, "the %s is incomplete: it has %d of its %d lines", what, i,
                     want);
            return -1;
        }
        if (lens[i] > LINE_MAX_BYTES) {
            snprintf(why, why_len, "the %s is damaged: its %s line is too long", what, ORDINALS[i]);
            return -1;
        }
    }
    const char *extra;
    size_t extra_len;
    while (next_line(text, len, &pos, &extra, &extra_len) == 0) {
        if (extra_len != 0) {
            snprintf(why, why_len, "the %s is damaged: it has text after its %s line", what,
                     ORDINALS[want - 1]);
            return -1;
        }
    }
    return 0;
}

static int has_prefix(const char *line, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(line, prefix, n) == 0;
}

/* Decodes a whole line of padded standard base64 into out, which must
 * come out exactly want bytes long. */
static int decode_line(const char *line, size_t len, uint8_t *out, size_t want, const char *what,
                       int index, const char *blob, char *why, size_t why_len)
{
    /* Room for any line within LINE_MAX_BYTES, so a wrong length is told
     * apart from bad base64. */
    uint8_t buf[LINE_MAX_BYTES / 4 * 3 + 3];
    size_t got = 0;
    /* b64_end NULL: the whole line must be base64, nothing left over. */
    if (sodium_base642bin(buf, sizeof(buf), line, len, NULL, &got, NULL,
                          sodium_base64_VARIANT_ORIGINAL) != 0) {
        snprintf(why, why_len, "the %s is damaged: its %s line is not valid base64", what,
                 ORDINALS[index]);
        return -1;
    }
    if (got != want) {
        snprintf(why, why_len, "the %s is damaged: its %s is %zu bytes instead of %zu", what, blob,
                 got, want);
        return -1;
    }
    memcpy(out, buf, want);
    return 0;
}

/* A key's name from n bytes of text: control characters made spaces, runs
 * of spaces one, spaces at the ends trimmed, cut before a UTF-8 character that would not fit. */
static void copy_name(char out[MINISIG_NAME_MAX], const char *text, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x20 || c == 0x7f)
            c = ' '; /* a tab or a stray control is a space */
        if (c == ' ' && (o == 0 || out[o - 1] == ' '))
            continue;
        if (o + 1 >= MINISIG_NAME_MAX)
            break;
        out[o++] = (char)c;
    }
    while (o > 0 && out[o - 1] == ' ')
        o--;
    /* a multi-byte character cut at the end is dropped whole */
    size_t lead = o;
    while (lead > 0 && ((unsigned char)out[lead - 1] & 0xc0) == 0x80)
        lead--;
    if (lead > 0 && (unsigned char)out[lead - 1] >= 0xc0) {
        unsigned char b = (unsigned char)out[lead - 1];
        size_t need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        if (o - (lead - 1) < need)
            o = lead - 1;
    }
    out[o] = '\0';
}

int minisig_parse_key(const char *text, size_t len, struct minisig_key *out, char *why,
                      size_t why_len)
{
    static const char what[] = "key file";
    const char *lines[2];
    size_t lens[2];
    if (split_lines(text, len, what, 2, lines, lens, why, why_len) != 0)
        return -1;
    if (!has_prefix(lines[0], lens[0], UNTRUSTED_PREFIX)) {
        snprintf(why, why_len,
                 "the key file is not a minisign public key: its first line does not start "
                 "with \"untrusted comment: \"");
        return -1;
    }
    uint8_t blob[KEY_BLOB_BYTES];
    if (decode_line(lines[1], lens[1], blob, sizeof(blob), what, 1, "key", why, why_len) != 0)
        return -1;
    if (blob[0] != 'E' || blob[1] != 'd') {
        snprintf(why, why_len,
                 "the key file uses an unknown algorithm (minisign keys are Ed25519, \"Ed\")");
        return -1;
    }
    memcpy(out->id, blob + SIG_ALG_BYTES, MINISIG_KEYID_BYTES);
    memcpy(out->pk, blob + SIG_ALG_BYTES + MINISIG_KEYID_BYTES, sizeof(out->pk));
    out->name[0] = '\0';
    size_t skip = strlen(UNTRUSTED_PREFIX);
    static const char dflt[] = "minisign public key";
    if (!has_prefix(lines[0] + skip, lens[0] - skip, dflt))
        copy_name(out->name, lines[0] + skip, lens[0] - skip);
    return 0;
}

int minisig_parse_sig(const char *text, size_t len, struct minisig_sig *out, char *why,
                      size_t why_len)
{
    static const char what[] = "signature file";
    const char *lines[4];
    size_t lens[4];
    if (split_lines(text, len, what, 4, lines, lens, why, why_len) != 0)
        return -1;
    if (!has_prefix(lines[0], lens[0], UNTRUSTED_PREFIX)) {
        snprintf(why, why_len,
                 "the signature file is damaged: its first line does not start with "
                 "\"untrusted comment: \"");
        return -1;
    }
    uint8_t blob[SIG_BLOB_BYTES];
    if (decode_line(lines[1], lens[1], blob, sizeof(blob), what, 1, "signature", why, why_len) != 0)
        return -1;
    if (blob[0] == 'E' && blob[1] == 'd') {
        snprintf(why, why_len,
                 "the signature uses minisign's legacy format; sign again with minisign 0.8 or "
                 "later (prehashed)");
        return -1;
    }
    if (blob[0] != 'E' || blob[1] != 'D') {
        snprintf(why, why_len,
                 "the signature uses an unknown algorithm (only minisign's prehashed Ed25519, "
                 "\"ED\", is accepted)");
        return -1;
    }
    if (!has_prefix(lines[2], lens[2], TRUSTED_PREFIX)) {
        snprintf(why, why_len,
                 "the signature file is damaged: its third line does not start with "
                 "\"trusted comment: \"");
        return -1;
    }
    size_t tc_len = lens[2] - strlen(TRUSTED_PREFIX);
    if (tc_len >= sizeof(out->trusted_comment)) {
        snprintf(why, why_len, "the signature's trusted comment is too long (more than %zu bytes)",
                 sizeof(out->trusted_comment) - 1);
        return -1;
    }
    uint8_t global[64];
    if (decode_line(lines[3], lens[3], global, sizeof(global), what, 3, "global signature", why,
                    why_len) != 0)
        return -1;
    memcpy(out->key_id, blob + SIG_ALG_BYTES, MINISIG_KEYID_BYTES);
    memcpy(out->sig, blob + SIG_ALG_BYTES + MINISIG_KEYID_BYTES, sizeof(out->sig));
    memcpy(out->global_sig, global, sizeof(out->global_sig));
    memcpy(out->trusted_comment, lines[2] + strlen(TRUSTED_PREFIX), tc_len);
    out->trusted_comment[tc_len] = '\0';
    return 0;
}

int minisig_verify(const struct minisig_sig *sig, const uint8_t hash[MINISIG_HASH_BYTES],
                   const struct minisig_key *keys, int n_keys, int *which, char *why,
                   size_t why_len)
{
    if (n_keys <= 0) {
        snprintf(why, why_len,
                 "this kiosk has no trusted keys, so it cannot accept any signed exhibit");
        return -1;
    }
    if (!sodium_ready()) {
        snprintf(why, why_len, "the signature checker could not start (libsodium failed)");
        return -1;
    }
    /* The first key with the signature's id decides: ids are random 64-bit
     * numbers, and whoever can add a .pub file to the key folder is trusted
     * anyway, so a second key with the same id is not worth trying. */
    int k = -1;
    for (int i = 0; i < n_keys; i++) {
        if (memcmp(keys[i].id, sig->key_id, MINISIG_KEYID_BYTES) == 0) {
            k = i;
            break;
        }
    }
    if (k < 0) {
        char hex[17];
        minisig_key_id_hex(sig->key_id, hex);
        snprintf(why, why_len, "this exhibit is not signed by a key this kiosk trusts (key %s)",
                 hex);
        return -1;
    }
    if (crypto_sign_verify_detached(sig->sig, hash, MINISIG_HASH_BYTES, keys[k].pk) != 0) {
        snprintf(why, why_len,
                 "the exhibit does not match its signature: it was changed after signing, or "
                 "the copy is damaged");
        return -1;
    }
    /* The comment cannot hold a NUL (the parser refuses them), so strnlen
     * gives the exact bytes minisign signed. */
    size_t tc_len = strnlen(sig->trusted_comment, sizeof(sig->trusted_comment) - 1);
    uint8_t msg[sizeof(sig->sig) + sizeof(sig->trusted_comment)];
    memcpy(msg, sig->sig, sizeof(sig->sig));
    memcpy(msg + sizeof(sig->sig), sig->trusted_comment, tc_len);
    if (crypto_sign_verify_detached(sig->global_sig, msg, sizeof(sig->sig) + tc_len, keys[k].pk) !=
        0) {
        snprintf(why, why_len, "the signature's trusted comment was changed");
        return -1;
    }
    *which = k;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with_pub(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".pub") == 0;
}

/* Reads and parses dir/name; why names the file on failure. */
static int load_key_file(const char *dir, const char *name, struct minisig_key *key, char *why,
                         size_t why_len)
{
    char path[4096];
    if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
        snprintf(why, why_len, "the key file %s has too long a path", name);
        return -1;
    }
    /* Symlinks are followed: the key folder belongs to whoever administers
     * the kiosk, and a linked key is as trusted as the folder. O_NONBLOCK
     * keeps a FIFO named *.pub from hanging the kiosk before fstat refuses
     * it. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(why, why_len, "the key file %s cannot be read (%s)", name, strerror(errno));
        return -1;
    }
    int rc = -1;
    struct stat st;
    char buf[KEY_FILE_MAX + 1];
    size_t got = 0;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "the key file %s cannot be read (%s)", name, strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "the key file %s is not a regular file", name);
        goto done;
    }
    while (got < sizeof(buf)) {
        ssize_t r = read(fd, buf + got, sizeof(buf) - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, why_len, "the key file %s cannot be read (%s)", name, strerror(errno));
            goto done;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    if (got > KEY_FILE_MAX) {
        snprintf(why, why_len, "the key file %s is too large to be a minisign public key", name);
        goto done;
    }
    char reason[256];
    if (minisig_parse_key(buf, got, key, reason, sizeof(reason)) != 0) {
        snprintf(why, why_len, "%s is not a usable key: %s", name, reason);
        goto done;
    }
    if (!key->name[0])
        copy_name(key->name, name, strlen(name) - 4); /* without ".pub" */
    rc = 0;
done:
    close(fd);
    return rc;
}

int minisig_load_keys(const char *dir, struct minisig_key *keys, int max, int *n,
                      minisig_skip_fn skipped, void *ctx, char *why, size_t why_len)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) {
        if (errno == ENOENT)
            snprintf(why, why_len, "the key folder %s does not exist", dir);
        else if (errno == ENOTDIR)
            snprintf(why, why_len, "the key folder %s is not a folder", dir);
        else
            snprintf(why, why_len, "the key folder %s cannot be read (%s)", dir, strerror(errno));
        return -1;
    }
    int rc = -1;
    char **names = NULL;
    size_t count = 0, cap = 0, unseen = 0;
    char msg[512];
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        /* Hidden files (editors' backups, ".pub" itself) are not keys. */
        if (e->d_name[0] == '.' || !ends_with_pub(e->d_name))
            continue;
        if (count >= MINISIG_MAX_FILES) {
            unseen++;
            continue;
        }
        if (count == cap) {
            size_t bigger_cap = cap ? cap * 2 : 8;
            char **bigger = realloc(names, bigger_cap * sizeof(*names));
            if (!bigger) {
                snprintf(why, why_len, "out of memory reading the key folder %s", dir);
                goto done;
            }
            names = bigger;
            cap = bigger_cap;
        }
        names[count] = strdup(e->d_name);
        if (!names[count]) {
            snprintf(why, why_len, "out of memory reading the key folder %s", dir);
            goto done;
        }
        count++;
        errno = 0;
    }
    if (errno != 0) {
        snprintf(why, why_len, "the key folder %s cannot be read (%s)", dir, strerror(errno));
        goto done;
    }
    if (unseen && skipped) {
        snprintf(msg, sizeof(msg),
                 "the key folder %s holds more than %d key files; %zu were not looked at", dir,
                 MINISIG_MAX_FILES, unseen);
        skipped(ctx, msg);
    }
    if (count > 1)
        qsort(names, count, sizeof(*names), by_name);
    int loaded = 0;
    for (size_t i = 0; i < count; i++) {
        if (loaded >= (max > 0 ? max : 0)) {
            snprintf(msg, sizeof(msg), "%s is skipped: the key folder %s has more than %d keys",
                     names[i], dir, max > 0 ? max : 0);
            if (skipped)
                skipped(ctx, msg);
            continue;
        }
        if (load_key_file(dir, names[i], &keys[loaded], msg, sizeof(msg)) != 0) {
            if (skipped)
                skipped(ctx, msg);
            continue;
        }
        loaded++;
    }
    *n = loaded;
    rc = 0;
done:
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    closedir(d);
    return rc;
}

void minisig_key_name(const char *dir, const char *id_hex, char *out, size_t out_len)
{
    if (out_len)
        out[0] = '\0';
    struct minisig_key *keys = malloc(MINISIG_MAX_KEYS * sizeof(*keys));
    int n = 0;
    char why[256];
    if (keys && dir &&
        minisig_load_keys(dir, keys, MINISIG_MAX_KEYS, &n, NULL, NULL, why, sizeof(why)) == 0) {
        for (int i = 0; i < n; i++) {
            char hex[17];
            minisig_key_id_hex(keys[i].id, hex);
            if (strcmp(hex, id_hex) == 0) {
                snprintf(out, out_len, "%s", keys[i].name);
                break;
            }
        }
    }
    free(keys);
}
