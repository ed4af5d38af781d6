/* fuzz_minisig.c - libFuzzer harness for minisign key and signature parsing.
 *
 * The input is three parts separated by the first two "\n--\n" lines:
 *
 *   KEY FILE TEXT \n--\n SIGNATURE FILE TEXT \n--\n SIGNED DATA
 *
 * (without a second separator the data is empty; without any, the whole
 * input is tried as both a key and a signature). Both texts are parsed; if
 * both parse, the signature is verified against the BLAKE2b-512 of the
 * data. A crash, a sanitizer report or a broken promise (a trusted comment
 * not NUL-terminated, a key index out of range, an empty reason) is a bug.
 * Built with replay_main.c it replays the seed corpus. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "content/minisig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char SEP[] = "\n--\n";
#define SEP_LEN (sizeof(SEP) - 1)

/* The offset of the first separator in [from, size), or size. */
static size_t find_sep(const uint8_t *data, size_t size, size_t from)
{
    for (size_t i = from; i + SEP_LEN <= size; i++) {
        if (memcmp(data + i, SEP, SEP_LEN) == 0)
            return i;
    }
    return size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    size_t key_len = find_sep(data, size, 0);
    size_t sig_at = key_len < size ? key_len + SEP_LEN : 0;
    size_t sig_end = find_sep(data, size, sig_at);
    size_t data_at = sig_end < size ? sig_end + SEP_LEN : size;
    /* The separator's "\n" ends the text before it, as in a real file. */
    size_t sig_len = sig_end - sig_at + (sig_end < size ? 1 : 0);
    if (key_len < size)
        key_len++;

    char why[256];
    struct minisig_key key;
    struct minisig_sig sig;
    why[0] = '\0';
    int key_ok = minisig_parse_key(text, key_len, &key, why, sizeof(why)) == 0;
    if (!key_ok && why[0] == '\0')
        abort();
    why[0] = '\0';
    int sig_ok = minisig_parse_sig(text + sig_at, sig_len, &sig, why, sizeof(why)) == 0;
    if (!sig_ok && why[0] == '\0')
        abort();
    if (sig_ok && memchr(sig.trusted_comment, '\0', sizeof(sig.trusted_comment)) == NULL)
        abort();
    if (!key_ok || !sig_ok)
        return 0;

    char hex[17];
    minisig_key_id_hex(key.id, hex);
    if (strlen(hex) != 16 || strspn(hex, "0123456789ABCDEF") != 16)
        abort();

    uint8_t hash[MINISIG_HASH_BYTES];
    struct minisig_hash h;
    minisig_hash_init(&h);
    minisig_hash_update(&h, data + data_at, size - data_at);
    minisig_hash_final(&h, hash);
    int which = -1;
    why[0] = '\0';
    int rc = minisig_verify(&sig, hash, &key, 1, &which, why, sizeof(why));
    if (rc == 0 && which != 0)
        abort();
    if (rc != 0 && why[0] == '\0')
        abort();
    return 0;
}
