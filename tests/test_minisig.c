/* minisig: minisign signatures checked with libsodium. Signatures made in
 * the test with libsodium (written in minisign's text format) and by the
 * stock `minisign` tool verify; every way of being wrong is refused with
 * its own reason; key folders load in name order and name a bad file. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "skip_testing.h"

#include "content/minisig.h"

#define MINISIGN "/usr/bin/minisign"

/* A key pair made with libsodium, as minisign would hold it. */
struct test_key {
    uint8_t id[MINISIG_KEYID_BYTES];
    uint8_t pk[crypto_sign_PUBLICKEYBYTES];
    uint8_t sk[crypto_sign_SECRETKEYBYTES];
};

static void test_key_make(struct test_key *k)
{
    assert_true(sodium_init() >= 0);
    randombytes_buf(k->id, sizeof(k->id));
    crypto_sign_keypair(k->pk, k->sk);
}

static void b64(char *out, size_t cap, const uint8_t *bin, size_t len)
{
    assert_non_null(sodium_bin2base64(out, cap, bin, len, sodium_base64_VARIANT_ORIGINAL));
}

/* The .pub text minisign writes for k. */
static void key_text(const struct test_key *k, char *out, size_t cap)
{
    uint8_t blob[2 + MINISIG_KEYID_BYTES + 32];
    memcpy(blob, "Ed", 2);
    memcpy(blob + 2, k->id, MINISIG_KEYID_BYTES);
    memcpy(blob + 2 + MINISIG_KEYID_BYTES, k->pk, 32);
    char hex[17], enc[128];
    minisig_key_id_hex(k->id, hex);
    b64(enc, sizeof(enc), blob, sizeof(blob));
    snprintf(out, cap, "untrusted comment: minisign public key %s\n%s\n", hex, enc);
}

/* The .minisig text minisign writes for data signed with k: prehashed
 * ("ED", over BLAKE2b-512 of data) or legacy ("Ed", over data itself). */
static void sig_text(const struct test_key *k, const void *data, size_t len, const char *tc,
                     int legacy, char *out, size_t cap)
{
    uint8_t blob[2 + MINISIG_KEYID_BYTES + 64];
    uint8_t hash[64];
    memcpy(blob, legacy ? "Ed" : "ED", 2);
    memcpy(blob + 2, k->id, MINISIG_KEYID_BYTES);
    uint8_t *sig = blob + 2 + MINISIG_KEYID_BYTES;
    if (legacy) {
        crypto_sign_detached(sig, NULL, data, len, k->sk);
    } else {
        crypto_generichash(hash, sizeof(hash), data, len, NULL, 0);
        crypto_sign_detached(sig, NULL, hash, sizeof(hash), k->sk);
    }
    uint8_t msg[64 + 1024];
    size_t tc_len = strlen(tc);
    assert_true(tc_len < 1024);
    memcpy(msg, sig, 64);
    memcpy(msg + 64, tc, tc_len);
    uint8_t global[64];
    crypto_sign_detached(global, NULL, msg, 64 + tc_len, k->sk);
    char enc_sig[160], enc_global[128];
    b64(enc_sig, sizeof(enc_sig), blob, sizeof(blob));
    b64(enc_global, sizeof(enc_global), global, sizeof(global));
    snprintf(out, cap,
             "untrusted comment: signature from minisign secret key\n%s\ntrusted comment: "
             "%s\n%s\n",
             enc_sig, tc, enc_global);
}

static void hash_of(const void *data, size_t len, uint8_t out[MINISIG_HASH_BYTES])
{
    struct minisig_hash h;
    minisig_hash_init(&h);
    minisig_hash_update(&h, data, len);
    minisig_hash_final(&h, out);
}

/* Parses key and signature texts and verifies data: 0, or -1 and why. */
static int check(const char *key, const char *sig, const void *data, size_t len, char *why,
                 size_t why_len)
{
    struct minisig_key k;
    struct minisig_sig s;
    if (minisig_parse_key(key, strlen(key), &k, why, why_len) != 0)
        return -1;
    if (minisig_parse_sig(sig, strlen(sig), &s, why, why_len) != 0)
        return -1;
    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(data, len, hash);
    int which = -1;
    int rc = minisig_verify(&s, hash, &k, 1, &which, why, why_len);
    if (rc == 0)
        assert_int_equal(which, 0);
    return rc;
}

static void assert_refused(int rc, const char *why, const char *reason)
{
    assert_int_equal(rc, -1);
    if (!strstr(why, reason))
        fail_msg("expected a reason with \"%s\", got \"%s\"", reason, why);
}

static const char DATA[] = "SQLite format 3\0 pretend exhibit bundle";

/* --- temporary folders ------------------------------------------------ */

static void remove_tree(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* Tests that need a folder get a fresh one in *state, removed afterwards
 * even when the test fails. */
static int tmpdir_setup(void **state)
{
    static char dir[64];
    snprintf(dir, sizeof(dir), "/tmp/test_minisig.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    *state = dir;
    return 0;
}

static int tmpdir_teardown(void **state)
{
    remove_tree(*state);
    return 0;
}

static void write_file(const char *dir, const char *name, const void *data, size_t len)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Reads dir/name whole into buf (NUL-terminated); its length. */
static size_t read_file(const char *dir, const char *name, char *buf, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(buf, 1, cap - 1, f);
    assert_true(n < cap - 1);
    fclose(f);
    buf[n] = '\0';
    return n;
}

/* --- signatures that verify ------------------------------------------- */

static void libsodium_signature_verifies(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "timestamp:1700000000\tfile:a.vitrine\thashed", 0, sig,
             sizeof(sig));
    if (check(key, sig, DATA, sizeof(DATA), why, sizeof(why)) != 0)
        fail_msg("refused: %s", why);

    struct minisig_sig s;
    assert_int_equal(minisig_parse_sig(sig, strlen(sig), &s, why, sizeof(why)), 0);
    assert_string_equal(s.trusted_comment, "timestamp:1700000000\tfile:a.vitrine\thashed");
    assert_memory_equal(s.key_id, k.id, MINISIG_KEYID_BYTES);
}

static void crlf_and_no_final_newline_are_accepted(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], crlf[1100], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    size_t o = 0;
    for (const char *p = sig; *p; p++) {
        if (*p == '\n')
            crlf[o++] = '\r';
        crlf[o++] = *p;
    }
    crlf[o] = '\0';
    if (check(key, crlf, DATA, sizeof(DATA), why, sizeof(why)) != 0)
        fail_msg("CRLF refused: %s", why);
    key[strlen(key) - 1] = '\0'; /* no newline at the end */
    if (check(key, sig, DATA, sizeof(DATA), why, sizeof(why)) != 0)
        fail_msg("key without final newline refused: %s", why);
}

static void hash_in_pieces_is_blake2b_512(void **state)
{
    (void)state;
    uint8_t big[10000];
    for (size_t i = 0; i < sizeof(big); i++)
        big[i] = (uint8_t)(i * 7 + 3);
    uint8_t want[64], got[64];
    crypto_generichash(want, sizeof(want), big, sizeof(big), NULL, 0);
    struct minisig_hash h;
    minisig_hash_init(&h);
    for (size_t i = 0; i < sizeof(big);) {
        size_t n = (i % 3 == 0) ? 1 : 777;
        if (n > sizeof(big) - i)
            n = sizeof(big) - i;
        minisig_hash_update(&h, big + i, n);
        i += n;
    }
    minisig_hash_final(&h, got);
    assert_memory_equal(got, want, 64);
}

static void key_id_hex_reads_little_endian(void **state)
{
    (void)state;
    const uint8_t id[8] = {0xAD, 0x3B, 0x23, 0xEB, 0x48, 0x1B, 0xD5, 0x82};
    char hex[17];
    minisig_key_id_hex(id, hex);
    assert_string_equal(hex, "82D51B48EB233BAD");
    /* no leading zeros, as minisign writes it in the .pub file's comment */
    const uint8_t zero_led[8] = {0x88, 0xDD, 0xD6, 0x0D, 0xFD, 0xF3, 0x8B, 0x09};
    minisig_key_id_hex(zero_led, hex);
    assert_string_equal(hex, "98BF3FD0DD6DD88");
    const uint8_t zero[8] = {0};
    minisig_key_id_hex(zero, hex);
    assert_string_equal(hex, "0");
}

static int have_minisign(void)
{
    return access(MINISIGN, X_OK) == 0;
}

/* Makes a key pair k.pub/k.key in dir with the real tool. */
static void minisign_keygen(const char *dir)
{
    char cmd[2048];
    snprintf(cmd, sizeof(cmd), MINISIGN " -G -W -p %s/k.pub -s %s/k.key >/dev/null 2>&1", dir, dir);
    assert_int_equal(system(cmd), 0);
}

static void real_minisign_signature_verifies(void **state)
{
    if (!have_minisign())
        SKIP_BECAUSE("minisign is not installed (Debian package minisign)");
    const char *dir = *state;
    minisign_keygen(dir);
    write_file(dir, "a.vitrine", DATA, sizeof(DATA));
    char cmd[2048];
    snprintf(cmd, sizeof(cmd),
             MINISIGN " -S -s %s/k.key -t 'exhibit a' -m %s/a.vitrine >/dev/null 2>&1", dir, dir);
    assert_int_equal(system(cmd), 0);

    char key[4096], sig[4096], data[4096], why[256] = "";
    size_t key_len = read_file(dir, "k.pub", key, sizeof(key));
    size_t sig_len = read_file(dir, "a.vitrine.minisig", sig, sizeof(sig));
    size_t data_len = read_file(dir, "a.vitrine", data, sizeof(data));
    assert_int_equal(data_len, sizeof(DATA));
    struct minisig_key k;
    struct minisig_sig s;
    if (minisig_parse_key(key, key_len, &k, why, sizeof(why)) != 0)
        fail_msg("key refused: %s", why);
    if (minisig_parse_sig(sig, sig_len, &s, why, sizeof(why)) != 0)
        fail_msg("signature refused: %s", why);
    assert_string_equal(s.trusted_comment, "exhibit a");

    /* Our key id matches the one minisign prints in the key's comment,
     * which has no leading zeros (minisign prints it with "%" PRIX64). */
    char hex[17], comment[64];
    minisig_key_id_hex(k.id, hex);
    const char *digits = hex;
    while (digits[0] == '0' && digits[1])
        digits++;
    snprintf(comment, sizeof(comment), "minisign public key %s\n", digits);
    assert_non_null(strstr(key, comment));

    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(data, data_len, hash);
    int which = -1;
    if (minisig_verify(&s, hash, &k, 1, &which, why, sizeof(why)) != 0)
        fail_msg("refused: %s", why);
    assert_int_equal(which, 0);

    data[data_len / 2] ^= 0x01;
    hash_of(data, data_len, hash);
    assert_refused(minisig_verify(&s, hash, &k, 1, &which, why, sizeof(why)), why,
                   "does not match its signature");
}

/* The other way round: the tool accepts what the test helper writes, so
 * the helper really writes minisign's format. */
static void real_minisign_accepts_libsodium_signature(void **state)
{
    if (!have_minisign())
        SKIP_BECAUSE("minisign is not installed (Debian package minisign)");
    const char *dir = *state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024];
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "made by the test", 0, sig, sizeof(sig));
    write_file(dir, "t.pub", key, strlen(key));
    write_file(dir, "a.vitrine", DATA, sizeof(DATA));
    write_file(dir, "a.vitrine.minisig", sig, strlen(sig));
    char cmd[2048];
    snprintf(cmd, sizeof(cmd), MINISIGN " -V -q -p %s/t.pub -m %s/a.vitrine", dir, dir);
    assert_int_equal(system(cmd), 0);
}

static void real_minisign_legacy_signature_is_refused(void **state)
{
    if (!have_minisign())
        SKIP_BECAUSE("minisign is not installed (Debian package minisign)");
    const char *dir = *state;
    minisign_keygen(dir);
    write_file(dir, "a.vitrine", DATA, sizeof(DATA));
    char cmd[2048];
    snprintf(cmd, sizeof(cmd), MINISIGN " -S -l -s %s/k.key -m %s/a.vitrine >/dev/null 2>&1", dir,
             dir);
    assert_int_equal(system(cmd), 0);
    char sig[4096], why[256] = "";
    size_t sig_len = read_file(dir, "a.vitrine.minisig", sig, sizeof(sig));
    struct minisig_sig s;
    assert_refused(minisig_parse_sig(sig, sig_len, &s, why, sizeof(why)), why,
                   "legacy format; sign again with minisign 0.8 or later");
}

/* --- one refusal each ------------------------------------------------- */

static void unknown_key_id_is_refused(void **state)
{
    (void)state;
    struct test_key signer, trusted;
    test_key_make(&signer);
    test_key_make(&trusted);
    char key[256], sig[1024], why[256] = "", hex[17], reason[128];
    key_text(&trusted, key, sizeof(key));
    sig_text(&signer, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    minisig_key_id_hex(signer.id, hex);
    snprintf(reason, sizeof(reason), "not signed by a key this kiosk trusts (key %s)", hex);
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why, reason);
}

static void wrong_signature_is_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, "another bundle", 14, "staff", 0, sig, sizeof(sig));
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why,
                   "the exhibit does not match its signature");

    /* The same id but another key's public key: the signature is wrong. */
    struct test_key impostor;
    test_key_make(&impostor);
    memcpy(impostor.id, k.id, sizeof(k.id));
    sig_text(&impostor, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why,
                   "the exhibit does not match its signature");
}

static void changed_trusted_comment_is_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "timestamp:1700000000\tfile:a.vitrine", 0, sig, sizeof(sig));
    char *digit = strstr(sig, "1700000000");
    assert_non_null(digit);
    digit[0] = '2';
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why,
                   "the signature's trusted comment was changed");
}

static void comment_from_another_signature_is_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], other[1024], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "file:a.vitrine", 0, sig, sizeof(sig));
    sig_text(&k, "b", 1, "file:b.vitrine approved", 0, other, sizeof(other));
    /* Lines 1-2 of sig, lines 3-4 (comment and its global signature) of other. */
    char *sig_tc = strstr(sig, "\ntrusted comment: ");
    const char *other_tc = strstr(other, "\ntrusted comment: ");
    assert_non_null(sig_tc);
    assert_non_null(other_tc);
    assert_true((size_t)(sig_tc - sig) + strlen(other_tc) < sizeof(sig));
    strcpy(sig_tc, other_tc);
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why,
                   "the signature's trusted comment was changed");
}

static void legacy_signature_is_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char key[256], sig[1024], why[256] = "";
    key_text(&k, key, sizeof(key));
    sig_text(&k, DATA, sizeof(DATA), "staff", 1, sig, sizeof(sig));
    assert_refused(check(key, sig, DATA, sizeof(DATA), why, sizeof(why)), why,
                   "the signature uses minisign's legacy format; sign again with minisign 0.8 "
                   "or later (prehashed)");
}

static void no_keys_is_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char sig[1024], why[256] = "";
    sig_text(&k, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    struct minisig_sig s;
    assert_int_equal(minisig_parse_sig(sig, strlen(sig), &s, why, sizeof(why)), 0);
    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(DATA, sizeof(DATA), hash);
    int which = -1;
    assert_refused(minisig_verify(&s, hash, NULL, 0, &which, why, sizeof(why)), why,
                   "no trusted keys");
    assert_int_equal(which, -1);
}

/* A signature's text with line `line` (0-based) replaced by repl. */
static void replace_line(const char *sig, int line, const char *repl, char *out, size_t cap)
{
    out[0] = '\0';
    const char *p = sig;
    for (int i = 0; *p; i++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (i == line) {
            strncat(out, repl, cap - strlen(out) - 1);
            strncat(out, "\n", cap - strlen(out) - 1);
        } else {
            strncat(out, p, n < cap - strlen(out) - 1 ? n : cap - strlen(out) - 1);
        }
        p += n;
    }
}

static void malformed_signatures_are_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char good[1024], text[4096], why[256];
    sig_text(&k, DATA, sizeof(DATA), "staff", 0, good, sizeof(good));
    const char *line2 = strchr(good, '\n') + 1;
    size_t line2_len = (size_t)(strchr(line2, '\n') - line2);
    struct minisig_sig s;
#define REFUSED(txt, len, reason)                                                                  \
    do {                                                                                           \
        why[0] = '\0';                                                                             \
        assert_refused(minisig_parse_sig((txt), (len), &s, why, sizeof(why)), why, (reason));      \
    } while (0)

    REFUSED("", 0, "the signature file is empty");
    REFUSED(good, 0, "the signature file is empty");

    memcpy(text, good, strlen(good) + 1);
    text[5] = '\0';
    REFUSED(text, strlen(good), "contains binary data (a NUL byte)");

    /* missing lines */
    size_t two_lines = (size_t)(line2 - good) + line2_len + 1;
    REFUSED(good, two_lines, "is incomplete: it has 2 of its 4 lines");
    REFUSED(good, (size_t)(line2 - good), "is incomplete: it has 1 of its 4 lines");
    const char *line4 = strrchr(good, '\n');
    line4 = line4 - 1;
    while (line4 > good && *line4 != '\n')
        line4--;
    REFUSED(good, (size_t)(line4 - good) + 1, "is incomplete: it has 3 of its 4 lines");

    /* truncated base64: the last 4 characters (with the padding) cut off */
    char cut[128];
    memcpy(cut, line2, line2_len - 4);
    cut[line2_len - 4] = '\0';
    replace_line(good, 1, cut, text, sizeof(text));
    REFUSED(text, strlen(text), "its signature is 72 bytes instead of 74");
    /* and cut in the middle of a quantum, so it is not base64 at all */
    cut[line2_len - 6] = '\0';
    replace_line(good, 1, cut, text, sizeof(text));
    REFUSED(text, strlen(text), "its second line is not valid base64");
    replace_line(good, 1, "not*base64!", text, sizeof(text));
    REFUSED(text, strlen(text), "its second line is not valid base64");
    replace_line(good, 3, "AAAA", text, sizeof(text));
    REFUSED(text, strlen(text), "its global signature is 3 bytes instead of 64");
    replace_line(good, 3, "@@@@", text, sizeof(text));
    REFUSED(text, strlen(text), "its fourth line is not valid base64");

    /* unknown algorithm: "XX" instead of "ED" */
    uint8_t blob[74];
    size_t blob_len;
    assert_int_equal(sodium_base642bin(blob, sizeof(blob), line2, line2_len, NULL, &blob_len, NULL,
                                       sodium_base64_VARIANT_ORIGINAL),
                     0);
    memcpy(blob, "XX", 2);
    char enc[128];
    b64(enc, sizeof(enc), blob, sizeof(blob));
    replace_line(good, 1, enc, text, sizeof(text));
    REFUSED(text, strlen(text), "unknown algorithm");

    replace_line(good, 0, "untrusted remark: x", text, sizeof(text));
    REFUSED(text, strlen(text), "its first line does not start with \"untrusted comment: \"");
    replace_line(good, 2, "trusted comment:no space", text, sizeof(text));
    REFUSED(text, strlen(text), "its third line does not start with \"trusted comment: \"");

    /* a trusted comment longer than the struct holds, and an over-long line */
    char long_line[2200];
    memcpy(long_line, "trusted comment: ", 17);
    memset(long_line + 17, 'x', 1100);
    long_line[17 + 1100] = '\0';
    replace_line(good, 2, long_line, text, sizeof(text));
    REFUSED(text, strlen(text), "trusted comment is too long");
    memset(long_line + 17, 'x', 2100);
    long_line[17 + 2100] = '\0';
    replace_line(good, 2, long_line, text, sizeof(text));
    REFUSED(text, strlen(text), "its third line is too long");

    snprintf(text, sizeof(text), "%sextra\n", good);
    REFUSED(text, strlen(text), "it has text after its fourth line");
    /* blank lines after the signature are harmless */
    snprintf(text, sizeof(text), "%s\n\r\n", good);
    assert_int_equal(minisig_parse_sig(text, strlen(text), &s, why, sizeof(why)), 0);
#undef REFUSED
}

static void malformed_key_files_are_refused(void **state)
{
    (void)state;
    struct test_key k;
    test_key_make(&k);
    char good[256], text[1024], why[256];
    key_text(&k, good, sizeof(good));
    struct minisig_key key;
#define REFUSED(txt, len, reason)                                                                  \
    do {                                                                                           \
        why[0] = '\0';                                                                             \
        assert_refused(minisig_parse_key((txt), (len), &key, why, sizeof(why)), why, (reason));    \
    } while (0)

    REFUSED("", 0, "the key file is empty");
    REFUSED(good, strchr(good, '\n') - good + 1, "the key file is incomplete");
    REFUSED("RWStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSSnjiMjN5l\n", 57,
            "the key file is incomplete");
    REFUSED("untrusted comment: k\nRWStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSSnjiMjN5\n", 77,
            "its second line is not valid base64");
    REFUSED("untrusted comment: k\nRWStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSS\n", 70,
            "its key is 36 bytes instead of 42");
    REFUSED("hello\nRWStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSSnjiMjN5l\n", 63,
            "its first line does not start with \"untrusted comment: \"");
    /* "ED" is a signature algorithm, not a key's */
    REFUSED("untrusted comment: k\nRUStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSSnjiMjN5l\n", 78,
            "the key file uses an unknown algorithm");
    memcpy(text, good, strlen(good) + 1);
    text[3] = '\0';
    REFUSED(text, strlen(good), "contains binary data (a NUL byte)");
    snprintf(text, sizeof(text), "%s%s", good, good);
    REFUSED(text, strlen(text), "it has text after its second line");
    /* The real key from minisign's own output parses, to the id it prints. */
    const char *real = "untrusted comment: minisign public key 82D51B48EB233BAD\n"
                       "RWStOyPrSBvVgnYjXc5+O14xsLpl1W5euzzlbN3sWV+AzUSSnjiMjN5l\n";
    assert_int_equal(minisig_parse_key(real, strlen(real), &key, why, sizeof(why)), 0);
    char hex[17];
    minisig_key_id_hex(key.id, hex);
    assert_string_equal(hex, "82D51B48EB233BAD");
#undef REFUSED
}

/* --- key folders ------------------------------------------------------ */

static void key_folder_loads_pub_files_in_name_order(void **state)
{
    const char *dir = *state;
    struct test_key a, b;
    test_key_make(&a);
    test_key_make(&b);
    char text[256];
    key_text(&b, text, sizeof(text));
    write_file(dir, "zoe.pub", text, strlen(text));
    key_text(&a, text, sizeof(text));
    write_file(dir, "anna.pub", text, strlen(text));
    write_file(dir, "README.txt", "not a key", 9);
    write_file(dir, "anna.pub.bak", "not a key", 9);
    write_file(dir, ".hidden.pub", "not a key", 9);

    struct minisig_key keys[MINISIG_MAX_KEYS];
    int n = -1;
    char why[256] = "";
    if (minisig_load_keys(dir, keys, MINISIG_MAX_KEYS, &n, NULL, NULL, why, sizeof(why)) != 0)
        fail_msg("refused: %s", why);
    assert_int_equal(n, 2);
    assert_memory_equal(keys[0].id, a.id, MINISIG_KEYID_BYTES);
    assert_memory_equal(keys[0].pk, a.pk, 32);
    assert_memory_equal(keys[1].id, b.id, MINISIG_KEYID_BYTES);
    assert_memory_equal(keys[1].pk, b.pk, 32);

    /* and a signature by the second key verifies against the folder */
    char sig[1024];
    sig_text(&b, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    struct minisig_sig s;
    assert_int_equal(minisig_parse_sig(sig, strlen(sig), &s, why, sizeof(why)), 0);
    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(DATA, sizeof(DATA), hash);
    int which = -1;
    assert_int_equal(minisig_verify(&s, hash, keys, n, &which, why, sizeof(why)), 0);
    assert_int_equal(which, 1);
}

/* Staff see a key by its name: the .pub file's own comment when someone
 * wrote one, else the file's name; minisign's default comment is not a
 * name. Control characters never reach the screen, and a long name is cut
 * at a character's boundary. */
static void keys_are_named_by_comment_or_file(void **state)
{
    const char *dir = *state;
    struct test_key a, b, c, d;
    test_key_make(&a);
    test_key_make(&b);
    test_key_make(&c);
    test_key_make(&d);
    char text[512], line2[256];
    key_text(&a, text, sizeof(text)); /* minisign's default comment */
    write_file(dir, "museum-office.pub", text, strlen(text));
    key_text(&b, text, sizeof(text));
    snprintf(line2, sizeof(line2), "%s", strchr(text, '\n') + 1);
    snprintf(text, sizeof(text), "untrusted comment:  Exhibitions\tteam \r\n%s", line2);
    write_file(dir, "b.pub", text, strlen(text));
    key_text(&c, text, sizeof(text));
    snprintf(line2, sizeof(line2), "%s", strchr(text, '\n') + 1);
    /* 31 two-byte letters: 62 bytes, then a three-byte one that does not fit in 63 */
    char long_name[128] = "";
    for (int i = 0; i < 31; i++)
        strcat(long_name, "\xc3\xa9");
    strcat(long_name, "\xe2\x82\xac\xe2\x82\xac");
    snprintf(text, sizeof(text), "untrusted comment: %s\n%s", long_name, line2);
    write_file(dir, "c.pub", text, strlen(text));

    struct minisig_key keys[4];
    int n = -1;
    char why[256] = "";
    if (minisig_load_keys(dir, keys, 4, &n, NULL, NULL, why, sizeof(why)) != 0)
        fail_msg("refused: %s", why);
    assert_int_equal(n, 3);
    assert_string_equal(keys[0].name, "Exhibitions team"); /* b.pub */
    assert_int_equal(strlen(keys[1].name), 62);            /* c.pub, cut before the euro */
    assert_memory_equal(keys[1].name, long_name, 62);
    assert_string_equal(keys[2].name, "museum-office");

    char hex[17], name[MINISIG_NAME_MAX];
    minisig_key_id_hex(a.id, hex);
    minisig_key_name(dir, hex, name, sizeof(name));
    assert_string_equal(name, "museum-office");
    minisig_key_id_hex(b.id, hex);
    minisig_key_name(dir, hex, name, sizeof(name));
    assert_string_equal(name, "Exhibitions team");
    minisig_key_id_hex(d.id, hex); /* not trusted here */
    minisig_key_name(dir, hex, name, sizeof(name));
    assert_string_equal(name, "");
}

/* What minisig_load_keys skipped, one reason a line. */
struct skips {
    int n;
    char text[4096];
};

static void note_skip(void *ctx, const char *why)
{
    struct skips *k = ctx;
    size_t used = strlen(k->text);
    snprintf(k->text + used, sizeof(k->text) - used, "%s\n", why);
    k->n++;
}

/* One bad key file is skipped with its reason, and the other keys still
 * work: it used to refuse every import. */
static void bad_key_file_is_skipped_and_named(void **state)
{
    const char *dir = *state;
    struct test_key a;
    test_key_make(&a);
    char text[256], why[256] = "";
    key_text(&a, text, sizeof(text));
    write_file(dir, "anna.pub", text, strlen(text));
    write_file(dir, "broken.pub", "untrusted comment: x\nnot base64\n", 32);
    char odd[128];
    assert_int_equal(mkdir(strcat(strcpy(odd, dir), "/odd.pub"), 0700), 0);
    static char big[5000];
    memset(big, 'x', sizeof(big));
    write_file(dir, "big.pub", big, sizeof(big));

    struct minisig_key keys[MINISIG_MAX_KEYS];
    int n = -1;
    struct skips k = {0, ""};
    assert_int_equal(
        minisig_load_keys(dir, keys, MINISIG_MAX_KEYS, &n, note_skip, &k, why, sizeof(why)), 0);
    assert_int_equal(n, 1);
    assert_memory_equal(keys[0].id, a.id, MINISIG_KEYID_BYTES);
    assert_int_equal(k.n, 3);
    assert_non_null(strstr(k.text, "broken.pub is not a usable key: the key file is damaged"));
    assert_non_null(strstr(k.text, "the key file odd.pub is not a regular file"));
    assert_non_null(strstr(k.text, "the key file big.pub is too large"));

    /* and a signature by the good key still verifies */
    char sig[1024];
    sig_text(&a, DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    struct minisig_sig s;
    assert_int_equal(minisig_parse_sig(sig, strlen(sig), &s, why, sizeof(why)), 0);
    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(DATA, sizeof(DATA), hash);
    int which = -1;
    assert_int_equal(minisig_verify(&s, hash, keys, n, &which, why, sizeof(why)), 0);
    rmdir(odd);
}

static void empty_missing_and_overfull_key_folders(void **state)
{
    const char *dir = *state;
    char missing[96], why[256] = "";
    struct minisig_key keys[2];
    int n = -1;
    assert_int_equal(minisig_load_keys(dir, keys, 2, &n, NULL, NULL, why, sizeof(why)), 0);
    assert_int_equal(n, 0);

    snprintf(missing, sizeof(missing), "%s/nowhere", dir);
    char reason[160];
    snprintf(reason, sizeof(reason), "the key folder %s does not exist", missing);
    assert_refused(minisig_load_keys(missing, keys, 2, &n, NULL, NULL, why, sizeof(why)), why,
                   reason);

    /* more keys than room: the first in name order are kept, each of the
     * others skipped with a reason */
    struct test_key made[3];
    for (int i = 0; i < 3; i++) {
        test_key_make(&made[i]);
        char text[256], name[16];
        key_text(&made[i], text, sizeof(text));
        snprintf(name, sizeof(name), "k%d.pub", i);
        write_file(dir, name, text, strlen(text));
    }
    struct skips k = {0, ""};
    assert_int_equal(minisig_load_keys(dir, keys, 2, &n, note_skip, &k, why, sizeof(why)), 0);
    assert_int_equal(n, 2);
    assert_memory_equal(keys[0].id, made[0].id, MINISIG_KEYID_BYTES);
    assert_memory_equal(keys[1].id, made[1].id, MINISIG_KEYID_BYTES);
    assert_int_equal(k.n, 1);
    assert_non_null(strstr(k.text, "k2.pub is skipped: the key folder"));
    assert_non_null(strstr(k.text, "has more than 2 keys"));
}

/* A hundred keys: all of them are trusted. */
static void a_hundred_keys_all_work(void **state)
{
    const char *dir = *state;
    static struct test_key made[100];
    for (int i = 0; i < 100; i++) {
        test_key_make(&made[i]);
        char text[256], name[16];
        key_text(&made[i], text, sizeof(text));
        snprintf(name, sizeof(name), "k%03d.pub", i);
        write_file(dir, name, text, strlen(text));
    }
    static struct minisig_key keys[MINISIG_MAX_KEYS];
    int n = -1;
    char why[256] = "";
    struct skips k = {0, ""};
    assert_int_equal(
        minisig_load_keys(dir, keys, MINISIG_MAX_KEYS, &n, note_skip, &k, why, sizeof(why)), 0);
    assert_int_equal(n, 100);
    assert_int_equal(k.n, 0);
    char sig[1024];
    sig_text(&made[99], DATA, sizeof(DATA), "staff", 0, sig, sizeof(sig));
    struct minisig_sig s;
    assert_int_equal(minisig_parse_sig(sig, strlen(sig), &s, why, sizeof(why)), 0);
    uint8_t hash[MINISIG_HASH_BYTES];
    hash_of(DATA, sizeof(DATA), hash);
    int which = -1;
    assert_int_equal(minisig_verify(&s, hash, keys, n, &which, why, sizeof(why)), 0);
    assert_int_equal(which, 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(libsodium_signature_verifies),
        cmocka_unit_test(crlf_and_no_final_newline_are_accepted),
        cmocka_unit_test(hash_in_pieces_is_blake2b_512),
        cmocka_unit_test(key_id_hex_reads_little_endian),
        cmocka_unit_test_setup_teardown(real_minisign_signature_verifies, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(real_minisign_accepts_libsodium_signature, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(real_minisign_legacy_signature_is_refused, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test(unknown_key_id_is_refused),
        cmocka_unit_test(wrong_signature_is_refused),
        cmocka_unit_test(changed_trusted_comment_is_refused),
        cmocka_unit_test(comment_from_another_signature_is_refused),
        cmocka_unit_test(legacy_signature_is_refused),
        cmocka_unit_test(no_keys_is_refused),
        cmocka_unit_test_setup_teardown(keys_are_named_by_comment_or_file, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test(malformed_signatures_are_refused),
        cmocka_unit_test(malformed_key_files_are_refused),
        cmocka_unit_test_setup_teardown(key_folder_loads_pub_files_in_name_order, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(bad_key_file_is_skipped_and_named, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(empty_missing_and_overfull_key_folders, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(a_hundred_keys_all_work, tmpdir_setup, tmpdir_teardown),
    };
    return run_counting_skips(tests, NULL, NULL);
}
