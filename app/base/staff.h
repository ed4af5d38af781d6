/* staff.h - what staff (never visitors) see and do on the kiosk: the
 * import's progress bar and result card drawn over the exhibit, and the
 * staff screen behind a hidden gesture and a PIN. The kiosk (kiosk.h) owns
 * the on-screen part; the run loop (app/cli/cmd_run.c) feeds it the import's
 * state and carries out the actions staff choose. Pure: time is an argument.
 *
 * Reaching the staff screen: a long press of STAFF_HOLD_MS in the top-left
 * corner (STAFF_CORNER of the shorter screen side), then a PIN on a keypad.
 * The PIN is kept only as a salted hash (libsodium's crypto_pwhash_str,
 * Argon2id) in the configuration. Wrong PINs lock the keypad out for a
 * growing time (staff_lock). The screen closes by itself after
 * STAFF_IDLE_MS untouched. */
#ifndef VITRINE_STAFF_H
#define VITRINE_STAFF_H

#include <stddef.h>
#include <stdint.h>

#define STAFF_HOLD_MS 5000u
#define STAFF_CORNER 0.12f
#define STAFF_IDLE_MS 60000u
#define STAFF_PIN_MIN 4
#define STAFF_PIN_MAX 12
#define STAFF_LOCK_AFTER 3         /* the third wrong PIN in a row locks the keypad */
#define STAFF_LOCK_FIRST_MS 30000u /* then 30 s, doubling, */
#define STAFF_LOCK_MAX_MS 3600000u /* up to an hour */
#define STAFF_HASH_MAX 128         /* crypto_pwhash_STRBYTES */
#define STAFF_TEXT_MAX 256
#define STAFF_LOG_LINES 8
#define STAFF_CARD_MS 120000u /* the result card stays this long */

/* Wrong-PIN lock-out. */
struct staff_lock {
    unsigned failures;
    uint64_t locked_until; /* ms; 0 = not locked */
};
/* 1 if a PIN may be tried at now_ms. */
int staff_lock_open(const struct staff_lock *l, uint64_t now_ms);
/* Record the outcome of a try at now_ms (ok resets the count). */
void staff_lock_record(struct staff_lock *l, int ok, uint64_t now_ms);

/* Hash a PIN for the configuration (digits only, STAFF_PIN_MIN..MAX);
 * 0, or -1 with why. */
int staff_pin_hash(const char *pin, char out[STAFF_HASH_MAX], char *why, size_t why_len);
/* 1 if pin matches hash (a hash that does not parse matches nothing). */
int staff_pin_check(const char *hash, const char *pin);

/* The import's progress, as the bar shows it. */
struct staff_progress {
    int active;                /* 0: no bar */
    uint64_t done, total;      /* total 0: indeterminate */
    char text[STAFF_TEXT_MAX]; /* "Copying the exhibit from the stick" */
};

/* The card after an import (or a rollback, or an export of the
 * statistics): ok, a title line and a body. */
struct staff_card {
    int shown;
    int ok;
    /* a failure that never touched the exhibit (the export): the card has no
     * "The exhibit on screen has not changed." line */
    int not_content;
    char title[STAFF_TEXT_MAX]; /* "Loaded: Pyongyang 2014, version 3" */
    char body[STAFF_TEXT_MAX];  /* "36 panels. You can remove the stick." */
};

/* What the staff screen shows; the run loop fills it. */
struct staff_info {
    char exhibit[STAFF_TEXT_MAX]; /* title */
    char version[64];
    char signer[96]; /* "NAME (key ID)", "key ID" when the key has no name, or "built in" */
    /* why the kiosk changed its exhibit by itself since it started (an
     * exhibit that kept crashing it taken off, a damaged pointer repaired);
     * "" none, and then no line */
    char attention[STAFF_TEXT_MAX];
    char last_import[STAFF_TEXT_MAX];
    /* the statistics export asked for from this screen: under way, its
     * result; "" none since the kiosk started, and then no line */
    char last_export[STAFF_TEXT_MAX];
    char free_space[64];           /* "12.3 GB free in /var/lib/vitrine" */
    char settings[STAFF_TEXT_MAX]; /* the settings file's problems, or that it has none */
    char log[STAFF_LOG_LINES][STAFF_TEXT_MAX];
    int n_log;
    int can_rollback;
};

enum staff_action {
    STAFF_ACT_NONE,
    STAFF_ACT_ROLLBACK,
    STAFF_ACT_RELOAD, /* load from the stick again */
    STAFF_ACT_EXPORT, /* write the visitor statistics onto the stick */
    STAFF_ACT_EXIT,   /* stop the kiosk */
};

#endif
