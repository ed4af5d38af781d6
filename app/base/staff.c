/* staff.c - the staff PIN: its hash and the wrong-PIN lock-out.
 *
 * The PIN is hashed with libsodium's crypto_pwhash_str (Argon2id) at the
 * INTERACTIVE limits: about 64 MiB and a fraction of a second on a kiosk
 * PC, which is what one staff member at a keypad can wait for, and what
 * makes guessing a stolen hash costly. Verifying takes as long, on the
 * main thread: the kiosk shows nothing moving while staff type anyway. */
#include "staff.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>

int staff_lock_open(const struct staff_lock *l, uint64_t now_ms)
{
    return !l || now_ms >= l->locked_until;
}

/* The lock-out after the n-th consecutive wrong PIN, as the README says:
 * none before the STAFF_LOCK_AFTER-th, then STAFF_LOCK_FIRST_MS, doubling
 * with every further failure, never more than STAFF_LOCK_MAX_MS. */
static uint64_t lock_ms(unsigned failures)
{
    if (failures < STAFF_LOCK_AFTER)
        return 0;
    uint64_t ms = STAFF_LOCK_FIRST_MS;
    for (unsigned i = STAFF_LOCK_AFTER; i < failures && ms < STAFF_LOCK_MAX_MS; i++)
        ms *= 2;
    return ms < STAFF_LOCK_MAX_MS ? ms : STAFF_LOCK_MAX_MS;
}

void staff_lock_record(struct staff_lock *l, int ok, uint64_t now_ms)
{
    if (!l)
        return;
    if (ok) {
        l->failures = 0;
        l->locked_until = 0;
        return;
    }
    if (l->failures < 1000000u) /* no wrap-around after years of guessing */
        l->failures++;
    uint64_t ms = lock_ms(l->failures);
    l->locked_until = ms ? now_ms + ms : 0;
}

/* 0 if pin is STAFF_PIN_MIN..MAX ASCII digits, else -1 with why. */
static int pin_valid(const char *pin, char *why, size_t why_len)
{
    size_t n = 0;
    for (; pin && pin[n]; n++) {
        if (pin[n] < '0' || pin[n] > '9') {
            snprintf(why, why_len, "a PIN has digits only (0 to 9)");
            return -1;
        }
        if (n >= STAFF_PIN_MAX)
            break;
    }
    if (n < STAFF_PIN_MIN || n > STAFF_PIN_MAX || (pin && pin[n])) {
        snprintf(why, why_len, "a PIN has %d to %d digits", STAFF_PIN_MIN, STAFF_PIN_MAX);
        return -1;
    }
    return 0;
}

int staff_pin_hash(const char *pin, char out[STAFF_HASH_MAX], char *why, size_t why_len)
{
    char scratch[8];
    if (!why || !why_len) {
        why = scratch;
        why_len = sizeof scratch;
    }
    why[0] = '\0';
    if (out)
        out[0] = '\0';
    if (!out || pin_valid(pin, why, why_len) != 0) {
        if (!why[0])
            snprintf(why, why_len, "no place to write the hash");
        return -1;
    }
    _Static_assert(crypto_pwhash_STRBYTES <= STAFF_HASH_MAX, "STAFF_HASH_MAX too small");
    if (sodium_init() < 0) {
        snprintf(why, why_len, "the cryptography library could not start");
        return -1;
    }
    if (crypto_pwhash_str(out, pin, strlen(pin), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
        out[0] = '\0';
        snprintf(why, why_len, "out of memory hashing the PIN");
        return -1;
    }
    return 0;
}

int staff_pin_check(const char *hash, const char *pin)
{
    char why[64]; /* the reason is not needed here, only the answer */
    if (!hash || !pin || pin_valid(pin, why, sizeof why) != 0)
        return 0;
    /* the hash must be a NUL-terminated string that fits the buffer, and
     * one of ours (Argon2id); anything else matches nothing */
    size_t n = 0;
    while (n < STAFF_HASH_MAX && hash[n])
        n++;
    if (n == 0 || n >= STAFF_HASH_MAX || strncmp(hash, "$argon2id$", 10) != 0)
        return 0;
    if (sodium_init() < 0)
        return 0;
    return crypto_pwhash_str_verify(hash, pin, strlen(pin)) == 0;
}
