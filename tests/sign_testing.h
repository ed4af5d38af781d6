/* sign_testing.h - make minisign keys and signatures in tests, with
 * libsodium, byte for byte in the format of `minisign -G` and `minisign -S`
 * (test_minisig checks our parser against the real tool as well). */
#ifndef VITRINE_SIGN_TESTING_H
#define VITRINE_SIGN_TESTING_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

struct test_key {
    unsigned char id[8];
    unsigned char pk[crypto_sign_PUBLICKEYBYTES];
    unsigned char sk[crypto_sign_SECRETKEYBYTES];
};

static inline void test_key_new(struct test_key *k)
{
    if (sodium_init() < 0)
        abort();
    randombytes_buf(k->id, sizeof(k->id));
    crypto_sign_keypair(k->pk, k->sk);
}

static inline void test_b64(const unsigned char *bin, size_t n, char *out, size_t out_len)
{
    sodium_bin2base64(out, out_len, bin, n, sodium_base64_VARIANT_ORIGINAL);
}

static inline int test_write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* DIR/NAME.pub as minisign writes it. */
static inline int test_key_write_pub(const struct test_key *k, const char *path)
{
    unsigned char bin[42];
    char b64[128], text[256];
    memcpy(bin, "Ed", 2);
    memcpy(bin + 2, k->id, 8);
    memcpy(bin + 10, k->pk, 32);
    test_b64(bin, sizeof(bin), b64, sizeof(b64));
    snprintf(text, sizeof(text), "untrusted comment: minisign public key\n%s\n", b64);
    return test_write_text(path, text);
}

/* The text of a .minisig for data[0..n): prehashed ("ED") unless legacy. */
static inline void test_sign_text(const struct test_key *k, const void *data, size_t n,
                                  const char *comment, int legacy, char *out, size_t out_len)
{
    unsigned char hash[64], bin[74], global_in[64 + 1024], global[64];
    char b64a[160], b64b[128];
    memcpy(bin, legacy ? "Ed" : "ED", 2);
    memcpy(bin + 2, k->id, 8);
    if (legacy) {
        crypto_sign_detached(bin + 10, NULL, data, n, k->sk);
    } else {
        crypto_generichash(hash, sizeof(hash), data, n, NULL, 0);
        crypto_sign_detached(bin + 10, NULL, hash, sizeof(hash), k->sk);
    }
    size_t cl = strlen(comment);
    memcpy(global_in, bin + 10, 64);
    memcpy(global_in + 64, comment, cl);
    crypto_sign_detached(global, NULL, global_in, 64 + cl, k->sk);
    test_b64(bin, sizeof(bin), b64a, sizeof(b64a));
    test_b64(global, sizeof(global), b64b, sizeof(b64b));
    snprintf(out, out_len,
             "untrusted comment: signature from minisign secret key\n%s\ntrusted comment: "
             "%s\n%s\n",
             b64a, comment, b64b);
}

/* Read a whole file (NULL on failure); its size in *n. */
static inline unsigned char *test_read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc(len > 0 ? (size_t)len : 1);
    if (d && fread(d, 1, (size_t)len, f) != (size_t)len) {
        free(d);
        d = NULL;
    }
    fclose(f);
    *n = (size_t)len;
    return d;
}

/* Sign the file at path: path.minisig. */
static inline int test_sign_file(const struct test_key *k, const char *path, const char *comment,
                                 int legacy)
{
    size_t n;
    unsigned char *d = test_read_file(path, &n);
    if (!d)
        return -1;
    char text[1600], sig_path[4096];
    test_sign_text(k, d, n, comment, legacy, text, sizeof(text));
    free(d);
    snprintf(sig_path, sizeof(sig_path), "%s.minisig", path);
    return test_write_text(sig_path, text);
}

#endif
