/* minisig.c - see minisig.h. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "minisig.h"

_Static_assert(sizeof(crypto_generichash_state) <= sizeof(((struct minisig_hash *)0)->state),
               "struct minisig_hash is too small for libsodium's state");

#define LINE_MAX_BYTES 2048 /* a comment line; base64 lines are far shorter */
#define KEY_FILE_MAX 4096

static void init_once(void)
{
    /* thread-safe and idempotent: libsodium takes its own lock */
    if (sodium_init() < 0)
        abort(); /* no usable random source: nothing here can work */
}

void minisig_hash_init(struct minisig_hash *h)
{
    init_once();
    crypto_generichash_init((crypto_generichash_state *)(void *)h->state, NULL, 0,
                            MINISIG_HASH_BYTES);
}

void minisig_hash_update(struct minisig_hash *h, const void *data, size_t len)
{
    crypto_generichash_update((crypto_generichash_state *)(void *)h->state, data, len);
}

void minisig_hash_final(struct minisig_hash *h, uint8_t out[MINISIG_HASH_BYTES])
{
    crypto_generichash_final((crypto_generichash_state *)(void *)h->state, out,
                             MINISIG_HASH_BYTES);
}

/* Split text into at most max lines (CRLF or LF; a last line without an
 * end counts). Refuses NUL bytes and over-long lines. Returns the count, or
 * -1 with why. Lines point into text and are not terminated: lens says. */
static int split_lines(const char *text, size_t len, const char **lines, size_t *lens, int max,
                       const char *what, char *why, size_t why_len)
{
    int n = 0;
    size_t i = 0;
    if (memchr(text, '\0', len)) {
        snprintf(why, why_len, "the %s holds a NUL byte: it is not a text file", what);
        return -1;
    }
    while (i < len && n < max) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t l = end - i;
        if (l && text[i + l - 1] == '\r')
            l--;
        if (l > LINE_MAX_BYTES) {
            snprintf(why, why_len, "line %d of the %s is too long", n + 1, what);
            return -1;
        }
        lines[n] = text + i;
        lens[n] = l;
        n++;
        i = nl ? end + 1 : len;
    }
    return n;
}

static int starts(const char *line, size_t len, const char *prefix)
{
    size_t p = strlen(prefix);
    return len >= p && memcmp(line, prefix, p) == 0;
}

/* Decode exactly want bytes of base64 from line. */
static int b64(const char *line, size_t len, uint8_t *out, size_t want)
{
    size_t got = 0;
    const char *end = NULL;
    if (len == 0 || sodium_base642bin(out, want, line, len, NULL, &got, &end,
                                      sodium_base64_VARIANT_ORIGINAL) != 0)
        return -1;
    return got == want && end == line + len ? 0 : -1;
}

int minisig_parse_key(const char *text, size_t len, struct minisig_key *out, char *why,
                      size_t why_len)
{
    const char *lines[3];
    size_t lens[3];
    init_once();
    int n = split_lines(text, len, lines, lens, 3, "key file", why, why_len);
    if (n < 0)
        return -1;
    if (n < 2 || !starts(lines[0], lens[0], "untrusted comment:")) {
        snprintf(why, why_len,
                 "it is not a minisign public key (an \"untrusted comment:\" line and a key line)");
        return -1;
    }
    uint8_t bin[42];
    if (b64(lines[1], lens[1], bin, sizeof(bin)) != 0) {
        snprintf(why, why_len, "its key line is not a minisign public key (wrong length or not "
                               "base64)");
        return -1;
    }
    if (memcmp(bin, "Ed", 2) != 0) {
        snprintf(why, why_len, "its key is not an Ed25519 minisign key");
        return -1;
    }
    memcpy(out->id, bin + 2, MINISIG_KEYID_BYTES);
    memcpy(out->pk, bin + 10, sizeof(out->pk));
    return 0;
}

int minisig_parse_sig(const char *text, size_t len, struct minisig_sig *out, char *why,
                      size_t why_len)
{
    const char *lines[5];
    size_t lens[5];
    init_once();
    memset(out, 0, sizeof(*out));
    int n = split_lines(text, len, lines, lens, 5, "signature", why, why_len);
    if (n < 0)
        return -1;
    if (n < 4 || !starts(lines[0], lens[0], "untrusted comment:")) {
        snprintf(why, why_len, "it is not a minisign signature (it needs four lines, the first "
                               "an \"untrusted comment:\")");
        return -1;
    }
    uint8_t bin[74];
    if (b64(lines[1], lens[1], bin, sizeof(bin)) != 0) {
        snprintf(why, why_len, "its signature line is damaged (wrong length or not base64)");
        return -1;
    }
    if (memcmp(bin, "Ed", 2) == 0) {
        snprintf(why, why_len, "the signature uses minisign's legacy format; sign again with "
                               "minisign 0.8 or later (prehashed)");
        return -1;
    }
    if (memcmp(bin, "ED", 2) != 0) {
        snprintf(why, why_len, "the signature uses an unknown algorithm");
        return -1;
    }
    static const char tc[] = "trusted comment: ";
    if (!starts(lines[2], lens[2], tc)) {
        snprintf(why, why_len, "the signature's third line is not a \"trusted comment:\"");
        return -1;
    }
    size_t cl = lens[2] - (sizeof(tc) - 1);
    if (cl >= sizeof(out->trusted_comment)) {
        snprintf(why, why_len, "the signature's trusted comment is too long");
        return -1;
    }
    if (b64(lines[3], lens[3], out->global_sig, sizeof(out->global_sig)) != 0) {
        snprintf(why, why_len, "the signature's last line is damaged (wrong length or not "
                               "base64)");
        return -1;
    }
    memcpy(out->key_id, bin + 2, MINISIG_KEYID_BYTES);
    memcpy(out->sig, bin + 10, sizeof(out->sig));
    memcpy(out->trusted_comment, lines[2] + sizeof(tc) - 1, cl);
    out->trusted_comment[cl] = '\0';
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int minisig_load_keys(const char *dir, struct minisig_key *keys, int max, int *n, char *why,
                      size_t why_len)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(why, why_len, "the key folder %s %s", dir,
                 errno == ENOENT ? "does not exist" : "cannot be read");
        return -1;
    }
    char *names[256] = {0};
    int count = 0, rc = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL && count < 256) {
        size_t l = strlen(de->d_name);
        if (l > 4 && de->d_name[0] != '.' && strcmp(de->d_name + l - 4, ".pub") == 0)
            if ((names[count] = strdup(de->d_name)) != NULL)
                count++;
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof(names[0]), by_name);
    for (int i = 0; i < count && rc == 0; i++) {
        char path[4096], text[KEY_FILE_MAX], kwhy[256];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        /* regular files only (a link to one is read: staff may link keys
         * kept elsewhere; the folder itself is root's) */
        struct stat sb;
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        ssize_t len = -1;
        if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode))
            len = read(fd, text, sizeof(text));
        if (fd >= 0)
            close(fd);
        if (len < 0 || (size_t)len == sizeof(text)) {
            snprintf(why, why_len, "the key file %s cannot be read as a key", path);
            rc = -1;
        } else if (*n >= max) {
            snprintf(why, why_len, "%s holds more than %d keys", dir, max);
            rc = -1;
        } else if (minisig_parse_key(text, (size_t)len, &keys[*n], kwhy, sizeof(kwhy)) != 0) {
            snprintf(why, why_len, "the key file %s is not valid: %s", path, kwhy);
            rc = -1;
        } else {
            (*n)++;
        }
    }
    for (int i = 0; i < count; i++)
        free(names[i]);
    return rc;
}

void minisig_key_id_hex(const uint8_t id[MINISIG_KEYID_BYTES], char out[17])
{
    /* minisign prints the id as a little-endian 64-bit number */
    for (int i = 0; i < MINISIG_KEYID_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02X", id[MINISIG_KEYID_BYTES - 1 - i]);
}

int minisig_verify(const struct minisig_sig *sig, const uint8_t hash[MINISIG_HASH_BYTES],
                   const struct minisig_key *keys, int n_keys, int *which, char *why,
                   size_t why_len)
{
    init_once();
    char hex[17];
    minisig_key_id_hex(sig->key_id, hex);
    if (n_keys == 0) {
        snprintf(why, why_len, "this kiosk has no trusted keys, so it accepts no exhibit "
                               "(put staff's minisign .pub file in its key folder)");
        return -1;
    }
    int k = -1;
    for (int i = 0; i < n_keys && k < 0; i++)
        if (sodium_memcmp(keys[i].id, sig->key_id, MINISIG_KEYID_BYTES) == 0)
            k = i;
    if (k < 0) {
        snprintf(why, why_len,
                 "this exhibit is not signed by a key this kiosk trusts (key %s)", hex);
        return -1;
    }
    if (crypto_sign_verify_detached(sig->sig, hash, MINISIG_HASH_BYTES, keys[k].pk) != 0) {
        snprintf(why, why_len, "the exhibit does not match its signature: it was changed after "
                               "signing, or the copy is damaged");
        return -1;
    }
    size_t cl = strlen(sig->trusted_comment);
    uint8_t msg[sizeof(sig->sig) + MINISIG_COMMENT_MAX];
    memcpy(msg, sig->sig, sizeof(sig->sig));
    memcpy(msg + sizeof(sig->sig), sig->trusted_comment, cl);
    if (crypto_sign_verify_detached(sig->global_sig, msg, sizeof(sig->sig) + cl, keys[k].pk) !=
        0) {
        snprintf(why, why_len, "the signature's trusted comment was changed");
        return -1;
    }
    *which = k;
    return 0;
}
