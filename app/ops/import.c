/* import.c - see import.h. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "arena.h"
#include "fault.h"
#include "import.h"
#include "log.h"
#include "minisig.h"

struct imp {
    const struct import_opts *o;
    const struct fsio *io;
    struct import_result *r;
    int made_state; /* the state folder did not exist: remove it on failure */
    int staging;    /* STATE/staging exists */
};

static enum import_outcome fail(struct imp *m, enum import_outcome out, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static enum import_outcome fail(struct imp *m, enum import_outcome out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->r->why, sizeof(m->r->why), fmt, ap);
    va_end(ap);
    m->r->outcome = out;
    return out;
}

static void progress(struct imp *m, enum import_stage stage, uint64_t done, uint64_t total,
                     const char *text)
{
    if (m->o->progress)
        m->o->progress(m->o->progress_ctx, stage, done, total, text);
}

/* "the stick" or "the file" (import_opts.source). */
static const char *source_of(const struct imp *m)
{
    return m->o->source ? m->o->source : "the stick";
}

static int cancelled(const struct imp *m)
{
    return m->o->cancelled && m->o->cancelled(m->o->cancel_ctx);
}

int import_version_cmp(const char *a, const char *b)
{
    while (*a || *b) {
        if (!*a)
            return -1;
        if (!*b)
            return 1;
        size_t la = strcspn(a, ".-"), lb = strcspn(b, ".-");
        int num_a = la > 0, num_b = lb > 0;
        for (size_t i = 0; i < la; i++)
            num_a &= isdigit((unsigned char)a[i]) != 0;
        for (size_t i = 0; i < lb; i++)
            num_b &= isdigit((unsigned char)b[i]) != 0;
        int c;
        if (num_a && num_b) {
            while (la > 1 && *a == '0')
                a++, la--;
            while (lb > 1 && *b == '0')
                b++, lb--;
            c = la != lb ? (la < lb ? -1 : 1) : strncmp(a, b, la);
        } else {
            c = strncmp(a, b, la < lb ? la : lb);
            if (c == 0 && la != lb)
                c = la < lb ? -1 : 1;
        }
        if (c)
            return c < 0 ? -1 : 1;
        a += la;
        b += lb;
        if (*a)
            a++;
        if (*b)
            b++;
    }
    return 0;
}

/* A bundle's own name: letters, digits, '.', '_' and '-', not starting with
 * a dot, ending in .vitrine. */
static int name_ok(const char *base)
{
    size_t n = strlen(base);
    if (n <= 8 || n > 200 || base[0] == '.' || strcmp(base + n - 8, ".vitrine") != 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)base[i]) && !strchr("._-", base[i]))
            return 0;
    return strstr(base, "..") == NULL;
}

/* Read a small file whole (the signature) through io, not following links. */
static long read_small(const struct fsio *io, const char *path, char *buf, size_t cap)
{
    int fd = io->open(io->ctx, path, O_RDONLY | O_NOFOLLOW, 0);
    if (fd < 0)
        return fd;
    size_t n = 0;
    long r = 0;
    while (n < cap && (r = io->read(io->ctx, fd, buf + n, cap - n)) > 0)
        n += (size_t)r;
    io->close(io->ctx, fd);
    if (r < 0)
        return r;
    return (long)n;
}

/* The same, for reading the kiosk's own files (never a fault point). */
static long read_plain(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    size_t n = 0;
    ssize_t r = 0;
    while (n < cap && (r = read(fd, buf + n, cap - n)) > 0)
        n += (size_t)r;
    close(fd);
    return r < 0 ? -EIO : (long)n;
}

static int write_all(const struct fsio *io, int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        long w = io->write(io->ctx, fd, p, n);
        if (w < 0)
            return (int)w;
        if (w == 0)
            return -EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int write_file(const struct fsio *io, const char *path, const void *buf, size_t n)
{
    int fd = io->open(io->ctx, path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
    if (fd < 0)
        return fd;
    int rc = write_all(io, fd, buf, n);
    if (rc == 0)
        rc = io->fsync(io->ctx, fd);
    int rc2 = io->close(io->ctx, fd);
    return rc ? rc : rc2;
}

/* Copy src (size bytes) to dst, hashing what was read. */
static enum import_outcome copy_in(struct imp *m, const char *src, const char *dst, uint64_t size,
                                   uint8_t hash[MINISIG_HASH_BYTES])
{
    const struct fsio *io = m->io;
    size_t chunk = m->o->chunk ? m->o->chunk : IMPORT_CHUNK;
    char *buf = malloc(chunk);
    if (!buf)
        return fail(m, IMPORT_FAILED, "the copy failed: out of memory");
    struct minisig_hash h;
    minisig_hash_init(&h);
    enum import_outcome out = IMPORT_LOADED;
    int in = io->open(io->ctx, src, O_RDONLY | O_NOFOLLOW, 0);
    int fd = -1;
    if (in < 0) {
        out =
            fail(m, IMPORT_FAILED, "the copy failed: %s (%s)", gen_errno_words(-in), strerror(-in));
        goto done;
    }
    fd = io->open(io->ctx, dst, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
    if (fd < 0) {
        out = fail(m, IMPORT_FAILED, "the copy failed: %s", gen_errno_words(-fd));
        goto done;
    }
    uint64_t done = 0;
    while (done < size) {
        if (cancelled(m)) {
            out = fail(m, IMPORT_FAILED, "the import was cancelled");
            goto done;
        }
        size_t want = size - done < chunk ? (size_t)(size - done) : chunk;
        long r = io->read(io->ctx, in, buf, want);
        if (r < 0) {
            out = fail(m, IMPORT_FAILED,
                       "the copy failed: the stick was removed, or cannot be read (%s)",
                       strerror((int)-r));
            goto done;
        }
        if (r == 0) {
            out = fail(m, IMPORT_FAILED,
                       strcmp(source_of(m), "the stick") == 0
                           ? "the copy failed: the file on the stick ended early (was the stick "
                             "removed?)"
                           : "the copy failed: the file ended early (was it changed or removed "
                             "during the import?)");
            goto done;
        }
        minisig_hash_update(&h, buf, (size_t)r);
        int w = write_all(io, fd, buf, (size_t)r);
        if (w < 0) {
            out = fail(m, IMPORT_FAILED, "the copy failed: %s", gen_errno_words(-w));
            goto done;
        }
        done += (uint64_t)r;
        char text[96];
        snprintf(text, sizeof(text), "Copying the exhibit from %s", source_of(m));
        progress(m, IMPORT_STAGE_COPY, done, size, text);
    }
    int rc = io->fsync(io->ctx, fd);
    if (rc < 0) {
        out = fail(m, IMPORT_FAILED, "the copy failed: %s", gen_errno_words(-rc));
        goto done;
    }
    minisig_hash_final(&h, hash);
done:
    if (fd >= 0) {
        int crc = io->close(io->ctx, fd);
        if (crc < 0 && out == IMPORT_LOADED)
            out = fail(m, IMPORT_FAILED, "the copy failed: %s", gen_errno_words(-crc));
    }
    if (in >= 0)
        io->close(io->ctx, in);
    free(buf);
    return out;
}

/* Read the written copy back and hash it. */
static enum import_outcome hash_copy(struct imp *m, const char *path, uint64_t size,
                                     uint8_t hash[MINISIG_HASH_BYTES])
{
    const struct fsio *io = m->io;
    size_t chunk = m->o->chunk ? m->o->chunk : IMPORT_CHUNK;
    char *buf = malloc(chunk);
    int fd = buf ? io->open(io->ctx, path, O_RDONLY | O_NOFOLLOW, 0) : -ENOMEM;
    if (fd < 0) {
        free(buf);
        return fail(m, IMPORT_FAILED, "the copy cannot be read back: %s", gen_errno_words(-fd));
    }
    struct minisig_hash h;
    minisig_hash_init(&h);
    uint64_t done = 0;
    long r;
    while ((r = io->read(io->ctx, fd, buf, chunk)) > 0) {
        minisig_hash_update(&h, buf, (size_t)r);
        done += (uint64_t)r;
        progress(m, IMPORT_STAGE_VERIFY, done, size, "Checking the copy");
        if (cancelled(m))
            break;
    }
    io->close(io->ctx, fd);
    free(buf);
    if (cancelled(m))
        return fail(m, IMPORT_FAILED, "the import was cancelled");
    if (r < 0 || done != size)
        return fail(m, IMPORT_FAILED,
                    "the copy on the kiosk cannot be read back whole: the kiosk's storage may be "
                    "failing");
    minisig_hash_final(&h, hash);
    return IMPORT_LOADED;
}

static void describe(struct store *s, struct import_result *r)
{
    struct arena a;
    struct store_info info;
    char why[256];
    arena_init(&a, 4096);
    if (store_info(s, NULL, &a, &info, why, sizeof(why)) == 0) {
        snprintf(r->title, sizeof(r->title), "%s", info.title ? info.title : "");
        snprintf(r->version, sizeof(r->version), "%s", info.version ? info.version : "");
        snprintf(r->slug, sizeof(r->slug), "%s", info.slug ? info.slug : "");
        r->n_panels = info.n_panels;
    }
    arena_free(&a);
}

static void signer_of(const char *sig_path, char out[17])
{
    char text[IMPORT_SIG_MAX];
    struct minisig_sig sig;
    char why[128];
    out[0] = '\0';
    long n = read_plain(sig_path, text, sizeof(text));
    if (n > 0 && minisig_parse_sig(text, (size_t)n, &sig, why, sizeof(why)) == 0)
        minisig_key_id_hex(sig.key_id, out);
}

int import_choose(const char *const *bundles, int n, char *why, size_t why_len)
{
    if (n == 1)
        return 0;
    if (n <= 0)
        snprintf(why, why_len,
                 "no exhibit was found on the stick (a folder named vitrine with "
                 "NAME.vitrine and NAME.vitrine.minisig in it)");
    else
        snprintf(why, why_len,
                 "%d exhibits were found (%.80s and %.80s): plug in one stick at a time, with "
                 "one exhibit on it",
                 n, bundles[0], bundles[1]);
    return -1;
}

static void hash_hex(const uint8_t hash[MINISIG_HASH_BYTES], char hex[2 * MINISIG_HASH_BYTES + 1])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < MINISIG_HASH_BYTES; i++) {
        hex[2 * i] = digits[hash[i] >> 4];
        hex[2 * i + 1] = digits[hash[i] & 15];
    }
    hex[2 * MINISIG_HASH_BYTES] = '\0';
}

int import_hash_file(const char *path, char hex[2 * 64 + 1], char *why, size_t why_len)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "%s cannot be read: %s", path, strerror(errno));
        return -1;
    }
    struct minisig_hash h;
    minisig_hash_init(&h);
    char *buf = malloc(IMPORT_CHUNK);
    ssize_t r = buf ? 0 : -1;
    while (buf && (r = read(fd, buf, IMPORT_CHUNK)) > 0)
        minisig_hash_update(&h, buf, (size_t)r);
    close(fd);
    free(buf);
    if (r < 0) {
        snprintf(why, why_len, "%s cannot be read", path);
        return -1;
    }
    uint8_t hash[MINISIG_HASH_BYTES];
    minisig_hash_final(&h, hash);
    hash_hex(hash, hex);
    return 0;
}

int import_gen_whole(void *ctx, const char *state_dir, const char *gen)
{
    (void)ctx;
    char path[GEN_PATH_MAX], why[256];
    struct stat sb;
    struct store *s = NULL;
    if (gen_file(state_dir, gen, 1, path, sizeof(path)) != 0 || lstat(path, &sb) != 0 ||
        !S_ISREG(sb.st_mode) || gen_file(state_dir, gen, 0, path, sizeof(path)) != 0 ||
        store_open_file(path, &s, why, sizeof(why)) != 0)
        return 0;
    store_close(s);
    return 1;
}

void import_signer_words(const char *keys_dir, const char *id, char *out, size_t out_len)
{
    char name[MINISIG_NAME_MAX];
    if (!id || !id[0]) {
        snprintf(out, out_len, "unknown");
        return;
    }
    minisig_key_name(keys_dir, id, name, sizeof(name));
    if (name[0])
        snprintf(out, out_len, "%s (key %s)", name, id);
    else
        snprintf(out, out_len, "key %s", id);
}

int import_describe(const char *state_dir, const char *gen, struct import_result *r)
{
    char path[GEN_PATH_MAX];
    struct store *s = NULL;
    memset(r, 0, sizeof(*r));
    snprintf(r->generation, sizeof(r->generation), "%s", gen);
    if (gen_file(state_dir, gen, 0, path, sizeof(path)) != 0 ||
        store_open_file(path, &s, r->why, sizeof(r->why)) != 0)
        return -1;
    describe(s, r);
    store_close(s);
    if (gen_file(state_dir, gen, 1, path, sizeof(path)) == 0)
        signer_of(path, r->signer);
    return 0;
}

/* Steps 1 and 2: the files on the stick, the signer, room. The signature's
 * text in sig_text (sig_len bytes), parsed into *sig. */
/* A key file minisig_load_keys skips: said in the log, once per import,
 * and the other keys still work. */
static void key_skipped(void *ctx, const char *why)
{
    (void)ctx;
    log_warn("import", "a trusted key is skipped: %s", why);
}

static enum import_outcome check_source(struct imp *m, const char *bundle, char *sig_text,
                                        long *sig_len, struct minisig_sig *sig, uint64_t *size)
{
    const char *base = strrchr(bundle, '/');
    base = base ? base + 1 : bundle;
    if (!name_ok(base))
        return fail(m, IMPORT_REFUSED,
                    "the file name \"%.80s\" is not allowed: use letters, digits, '-', '_' and "
                    "'.', ending in .vitrine",
                    base);
    struct stat sb;
    if (lstat(bundle, &sb) != 0)
        return fail(m, IMPORT_FAILED, "%s cannot be read: %s", base, gen_errno_words(errno));
    if (S_ISLNK(sb.st_mode))
        return fail(m, IMPORT_REFUSED, "%s is a link to another file; links are not followed",
                    base);
    if (!S_ISREG(sb.st_mode))
        return fail(m, IMPORT_REFUSED, "%s is not a file", base);
    if (sb.st_size == 0)
        return fail(m, IMPORT_REFUSED, "%s is empty (0 bytes)", base);
    if (sb.st_size > IMPORT_MAX_BYTES)
        return fail(m, IMPORT_REFUSED, "%s is larger than %lld MB", base,
                    (long long)(IMPORT_MAX_BYTES >> 20));
    *size = (uint64_t)sb.st_size;

    char sig_path[GEN_PATH_MAX];
    if (snprintf(sig_path, sizeof(sig_path), "%s.minisig", bundle) >= (int)sizeof(sig_path))
        return fail(m, IMPORT_REFUSED, "the path of %s is too long", base);
    if (lstat(sig_path, &sb) != 0)
        return fail(m, IMPORT_REFUSED,
                    "this exhibit is not signed: %s.minisig is missing next to it", base);
    if (S_ISLNK(sb.st_mode) || !S_ISREG(sb.st_mode))
        return fail(m, IMPORT_REFUSED, "%s.minisig is not a plain file", base);
    *sig_len = read_small(m->io, sig_path, sig_text, IMPORT_SIG_MAX);
    if (*sig_len < 0)
        return fail(m, IMPORT_FAILED, "%s.minisig cannot be read: %s", base,
                    gen_errno_words((int)-*sig_len));
    char why[256];
    if (minisig_parse_sig(sig_text, (size_t)*sig_len, sig, why, sizeof(why)) != 0)
        return fail(m, IMPORT_REFUSED, "the signature %s.minisig is not valid: %s", base, why);
    minisig_key_id_hex(sig->key_id, m->r->signer);

    struct minisig_key keys[MINISIG_MAX_KEYS];
    int n_keys = 0, which = -1;
    if (minisig_load_keys(m->o->keys_dir, keys, MINISIG_MAX_KEYS, &n_keys, key_skipped, NULL, why,
                          sizeof(why)) != 0)
        return fail(m, IMPORT_REFUSED, "the kiosk's trusted keys cannot be read: %s", why);
    for (int i = 0; i < n_keys; i++)
        if (memcmp(keys[i].id, sig->key_id, MINISIG_KEYID_BYTES) == 0)
            which = i;
    if (which < 0)
        return fail(m, IMPORT_REFUSED,
                    "this stick's exhibit is not signed by a key this kiosk trusts (key %s)",
                    m->r->signer);

    struct statvfs vfs;
    if (statvfs(m->o->state_dir, &vfs) == 0) {
        uint64_t room = (uint64_t)vfs.f_bavail * vfs.f_frsize;
        if (room < *size + (1u << 20))
            return fail(m, IMPORT_FAILED,
                        "the kiosk's storage is full: the exhibit needs %llu MB and %llu MB are "
                        "free",
                        (unsigned long long)(*size >> 20) + 1, (unsigned long long)(room >> 20));
    }
    return IMPORT_LOADED;
}

/* Step 6: the exhibit now current, if any, against the new one. */
static enum import_outcome version_policy(struct imp *m)
{
    struct gen_state st;
    char why[256];
    if (gen_read(m->o->state_dir, &st, why, sizeof(why)) != 0 || !st.current[0] ||
        gen_is_bad(m->o->state_dir, st.current, NULL, 0))
        return IMPORT_LOADED; /* a bad current exhibit (not shown) is replaced */
    struct import_result cur;
    if (import_describe(m->o->state_dir, st.current, &cur) != 0)
        return IMPORT_LOADED; /* a broken current exhibit is replaced */
    if (strcmp(cur.slug, m->r->slug) != 0)
        return IMPORT_LOADED; /* another exhibit: replaces this one */
    int c = import_version_cmp(m->r->version, cur.version);
    if (c == 0) {
        fail(m, IMPORT_SAME, "%s version %s is already loaded", m->r->title, m->r->version);
        return IMPORT_SAME;
    }
    if (c < 0)
        return fail(m, IMPORT_REFUSED,
                    "this stick has version %s of %s, older than version %s on the kiosk; to go "
                    "back on purpose, use Roll back on the staff screen",
                    m->r->version, m->r->title, cur.version);
    return IMPORT_LOADED;
}

enum import_outcome import_bundle(const char *bundle_path, const struct import_opts *o,
                                  struct import_result *r)
{
    struct imp m = {.o = o, .io = o->io, .r = r};
    memset(r, 0, sizeof(*r));
    r->outcome = IMPORT_FAILED;
    char sig_text[IMPORT_SIG_MAX];
    long sig_len = 0;
    struct minisig_sig sig;
    uint64_t size = 0;
    enum import_outcome out;
    struct store *s = NULL;
    struct gen_lock lock = {.fd = -1};
    char staged[GEN_PATH_MAX], staged_sig[GEN_PATH_MAX], staging[GEN_PATH_MAX];

    char checking[96];
    snprintf(checking, sizeof(checking), "Checking %s", source_of(&m));
    progress(&m, IMPORT_STAGE_CHECK, 0, 0, checking);
    if ((out = check_source(&m, bundle_path, sig_text, &sig_len, &sig, &size)) != IMPORT_LOADED)
        return out;
    if (gen_staging_path(o->state_dir, GEN_BUNDLE, staged, sizeof(staged)) != 0 ||
        gen_staging_path(o->state_dir, GEN_SIG, staged_sig, sizeof(staged_sig)) != 0 ||
        snprintf(staging, sizeof(staging), "%s/" GEN_STAGING, o->state_dir) >= (int)sizeof(staging))
        return fail(&m, IMPORT_FAILED, "the state folder's path is too long");

    /* one writer at a time (generations.h): another import, also
     * `vitrine import` from a shell, a roll back, the kiosk's start-up */
    struct stat sb;
    if (stat(o->state_dir, &sb) != 0) {
        int rc = m.io->mkdir(m.io->ctx, o->state_dir, 0755);
        if (rc < 0)
            return fail(&m, IMPORT_FAILED, "cannot create the kiosk's storage %s: %s", o->state_dir,
                        gen_errno_words(-rc));
        m.made_state = 1;
    }
    char why[IMPORT_WHY_MAX];
    if (gen_lock(&lock, o->state_dir, o->lock_wait_ms, why, sizeof(why)) != 0) {
        out = fail(&m, IMPORT_FAILED, "%s", why);
        goto done;
    }
    gen_recover(m.io, &lock, NULL, why, sizeof(why)); /* a stopped import's leftovers */
    /* a damaged pointer would refuse every import: repaired first (under
     * the lock, so no other writer changes it meanwhile) */
    if (gen_repair(m.io, &lock, import_gen_whole, NULL, NULL, why, sizeof(why)) < 0) {
        out = fail(&m, IMPORT_FAILED, "%s", why);
        goto done;
    }

    int rc = m.io->mkdir(m.io->ctx, staging, 0755);
    if (rc < 0) {
        out = fail(&m, IMPORT_FAILED, "cannot write to the kiosk's storage %s: %s", o->state_dir,
                   gen_errno_words(-rc));
        goto done;
    }
    m.staging = 1;
    uint8_t h_read[MINISIG_HASH_BYTES], h_copy[MINISIG_HASH_BYTES];
    fault_point("import-copy", NULL);
    if ((out = copy_in(&m, bundle_path, staged, size, h_read)) != IMPORT_LOADED)
        goto done;
    rc = write_file(m.io, staged_sig, sig_text, (size_t)sig_len);
    if (rc == 0)
        rc = gen_sync_dir(m.io, staging);
    if (rc < 0) {
        out = fail(&m, IMPORT_FAILED, "the copy failed: %s", gen_errno_words(-rc));
        goto done;
    }
    if ((out = hash_copy(&m, staged, size, h_copy)) != IMPORT_LOADED)
        goto done;
    if (memcmp(h_read, h_copy, sizeof(h_read)) != 0) {
        out = fail(&m, IMPORT_FAILED,
                   "the copy on the kiosk differs from what was read from the stick: the "
                   "kiosk's storage may be failing");
        goto done;
    }
    struct minisig_key keys[MINISIG_MAX_KEYS];
    int n_keys = 0, which = -1;
    if (minisig_load_keys(o->keys_dir, keys, MINISIG_MAX_KEYS, &n_keys, key_skipped, NULL, why,
                          sizeof(why)) != 0 ||
        minisig_verify(&sig, h_copy, keys, n_keys, &which, why, sizeof(why)) != 0) {
        out = fail(&m, IMPORT_REFUSED, "%s", why);
        goto done;
    }
    char hex[2 * MINISIG_HASH_BYTES + 1];
    hash_hex(h_copy, hex);
    if (gen_refused(o->state_dir, hex, why, sizeof(why))) {
        out = fail(&m, IMPORT_REFUSED, "this exhibit was taken off the kiosk before: %s", why);
        goto done;
    }

    progress(&m, IMPORT_STAGE_CONTENT, 0, 0, "Checking the exhibit");
    /* whatever the build refuses, the import refuses (a store written by
     * hand with the signing key): store_open's checks, then what it lets
     * through for the kiosk's sake */
    if (store_open_file(staged, &s, why, sizeof(why)) != 0 ||
        store_check_as_built(s, why, sizeof(why)) != 0) {
        out = fail(&m, IMPORT_REFUSED, "the exhibit cannot be used: %s", why);
        goto done;
    }
    describe(s, r);
    if ((out = version_policy(&m)) != IMPORT_LOADED)
        goto done;
    if (o->check && o->check(o->check_ctx, s, r, why, sizeof(why)) != 0) {
        out = fail(&m, IMPORT_REFUSED, "the exhibit cannot be shown on this kiosk: %s", why);
        goto done;
    }
    store_close(s);
    s = NULL;
    if (cancelled(&m)) {
        out = fail(&m, IMPORT_FAILED, "the import was cancelled");
        goto done;
    }

    progress(&m, IMPORT_STAGE_SWITCH, 0, 0, "Switching to the new exhibit");
    if (gen_commit(m.io, &lock, r->generation, why, sizeof(why)) != 0) {
        out = fail(&m, IMPORT_FAILED, "%s", why);
        goto done;
    }
    m.staging = 0;
    m.made_state = 0;
    r->outcome = out = IMPORT_LOADED;
    snprintf(r->why, sizeof(r->why), "%s version %s loaded (%d panels)", r->title, r->version,
             r->n_panels);
done:
    store_close(s);
    if (m.staging)
        gen_discard_staging(m.io, &lock);
    gen_unlock(&lock);
    if (m.made_state)
        m.io->rmdir(m.io->ctx, o->state_dir);
    return out;
}

void import_card_loaded(const struct import_result *r, int rollback, int stick, char *title,
                        size_t title_len, char *body, size_t body_len)
{
    /* a long title is cut short here and, on screen, with an ellipsis */
    snprintf(title, title_len, "%s: %s, version %s", rollback ? "Now showing" : "Loaded", r->title,
             r->version);
    if (body)
        snprintf(body, body_len, "%d panels.%s", r->n_panels,
                 stick ? " You can remove the stick." : "");
}
