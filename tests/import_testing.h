/* import_testing.h - the fixtures of the import tests (test_import,
 * test_import_crash, test_state_lock), written once: a scratch folder with
 * a stick, a kiosk's state folder (and a pristine copy of it to go back
 * to) and a keys folder trusting one key made here; bundles made from the
 * bundled exhibit, changed with SQL and signed with libsodium in
 * minisign's format (sign_testing.h). Include after <cmocka.h>, with
 * _GNU_SOURCE defined. */
#ifndef VITRINE_IMPORT_TESTING_H
#define VITRINE_IMPORT_TESTING_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "app/ops/generations.h"
#include "app/ops/import.h"
#include "platform/fsio_posix.h"
#include "sign_testing.h"

struct import_fixture {
    char root[256];     /* /tmp/vitrine-TAG-XXXXXX, all of it below */
    char stick[300];    /* ROOT/stick: the bundles */
    char state[300];    /* ROOT/state: the kiosk's state folder (made by the first import) */
    char pristine[300]; /* ROOT/pristine: a copy of state to go back to */
    char keys[300];     /* ROOT/keys: the trusted public keys */
    /* the content check import_fixture_import gives the import (NULL: none) */
    int (*check)(void *ctx, struct store *s, const struct import_result *r, char *why,
                 size_t why_len);
    void *check_ctx;
};

/* The shell command printf(fmt, ...), which must succeed. */
static inline void test_run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void test_run(const char *fmt, ...)
{
    char cmd[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    assert_int_equal(system(cmd), 0);
}

/* The bundled exhibit's store, as the build made it. */
static inline const char *test_bundled_store(void)
{
    static char path[1024];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin ? bin : "build");
    return path;
}

/* Make the scratch folder /tmp/vitrine-TAG-XXXXXX with stick/ and keys/,
 * and keys/PUB trusting key, made here. 0, or -1 (a group set-up's). */
static inline int import_fixture_make(struct import_fixture *fx, const char *tag,
                                      struct test_key *key, const char *pub)
{
    snprintf(fx->root, sizeof(fx->root), "/tmp/vitrine-%s-XXXXXX", tag);
    if (!mkdtemp(fx->root))
        return -1;
    snprintf(fx->stick, sizeof(fx->stick), "%s/stick", fx->root);
    snprintf(fx->state, sizeof(fx->state), "%s/state", fx->root);
    snprintf(fx->pristine, sizeof(fx->pristine), "%s/pristine", fx->root);
    snprintf(fx->keys, sizeof(fx->keys), "%s/keys", fx->root);
    if (mkdir(fx->stick, 0755) != 0 || mkdir(fx->keys, 0755) != 0)
        return -1;
    test_key_new(key);
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx->keys, pub);
    return test_key_write_pub(key, path);
}

static inline int test_remove_entry(const char *path, const struct stat *sb, int flag,
                                    struct FTW *ftw)
{
    return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* The tree at path gone, as rm -rf does (without a shell: the crash test
 * goes back to its pristine state a hundred times). 0, or -1. */
static inline int test_tree_remove(const char *path)
{
    struct stat sb;
    if (lstat(path, &sb) != 0)
        return errno == ENOENT ? 0 : -1;
    return nftw(path, test_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The tree at from copied to to (not there yet), as cp -a does for one
 * user: files, folders and symbolic links, with their modes and times.
 * 0, or -1. */
static inline int test_tree_copy(const char *from, const char *to)
{
    struct stat sb;
    if (lstat(from, &sb) != 0)
        return -1;
    int rc = 0;
    if (S_ISLNK(sb.st_mode)) {
        char target[4096];
        ssize_t n = readlink(from, target, sizeof(target) - 1);
        if (n < 0)
            return -1;
        target[n] = '\0';
        rc = symlink(target, to);
    } else if (S_ISDIR(sb.st_mode)) {
        DIR *d = mkdir(to, 0700) == 0 ? opendir(from) : NULL;
        if (!d)
            return -1;
        struct dirent *de;
        while ((de = readdir(d)))
            if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
                char a[2048], b[2048];
                snprintf(a, sizeof(a), "%s/%s", from, de->d_name);
                snprintf(b, sizeof(b), "%s/%s", to, de->d_name);
                rc |= test_tree_copy(a, b);
            }
        closedir(d);
    } else if (S_ISREG(sb.st_mode)) {
        int in = open(from, O_RDONLY | O_CLOEXEC);
        int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        char buf[65536];
        ssize_t n = in >= 0 && out >= 0 ? 1 : -1;
        while (n > 0 && (n = read(in, buf, sizeof(buf))) > 0)
            if (write(out, buf, (size_t)n) != n)
                n = -1;
        rc = n < 0 ? -1 : 0;
        if (in >= 0)
            close(in);
        if (out >= 0 && close(out) != 0)
            rc = -1;
    } else {
        return -1;
    }
    /* last: a folder's time after what went into it */
    struct timespec times[2] = {sb.st_atim, sb.st_mtim};
    if (!S_ISLNK(sb.st_mode) && chmod(to, sb.st_mode & 07777) != 0)
        rc = -1;
    if (utimensat(AT_FDCWD, to, times, AT_SYMLINK_NOFOLLOW) != 0)
        rc = -1;
    return rc;
}

/* The scratch folder gone. 0, or -1. */
static inline int import_fixture_remove(const struct import_fixture *fx)
{
    return test_tree_remove(fx->root);
}

/* stick/NAME: the bundled exhibit at version, then sql applied (NULL:
 * none), signed by key (NULL: unsigned, and no old signature left). */
static inline void import_fixture_bundle(const struct import_fixture *fx, const char *name,
                                         const char *version, const char *sql,
                                         const struct test_key *key)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx->stick, name);
    char sig[600];
    snprintf(sig, sizeof(sig), "%s.minisig", path);
    assert_int_equal(test_tree_remove(path), 0);
    assert_int_equal(test_tree_remove(sig), 0);
    assert_int_equal(test_tree_copy(test_bundled_store(), path), 0);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char q[256];
    snprintf(q, sizeof(q), "UPDATE exhibit SET version = '%s'", version);
    assert_int_equal(sqlite3_exec(db, q, NULL, NULL, NULL), SQLITE_OK);
    if (sql) {
        char *err = NULL;
        if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
            fail_msg("fixture SQL failed: %s", err ? err : "?");
    }
    sqlite3_close(db);
    if (key)
        assert_int_equal(test_sign_file(key, path, "timestamp:0\tfile:test", 0), 0);
}

/* pristine/ as state/ is now. */
static inline void import_fixture_keep(const struct import_fixture *fx)
{
    assert_int_equal(test_tree_remove(fx->pristine), 0);
    assert_int_equal(test_tree_copy(fx->state, fx->pristine), 0);
}

/* state/ back as pristine/ holds it. */
static inline void import_fixture_restore(const struct import_fixture *fx)
{
    assert_int_equal(test_tree_remove(fx->state), 0);
    assert_int_equal(test_tree_copy(fx->pristine, fx->state), 0);
}

/* Import stick/NAME through io (NULL: the file system), in 16 KiB copy
 * units, with fx's content check. */
static inline enum import_outcome import_fixture_import(const struct import_fixture *fx,
                                                        const char *name, const struct fsio *io,
                                                        struct import_result *r)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx->stick, name);
    struct import_opts o = {.state_dir = fx->state,
                            .keys_dir = fx->keys,
                            .io = io ? io : fsio_posix(),
                            .chunk = 16 * 1024,
                            .check = fx->check,
                            .check_ctx = fx->check_ctx};
    return import_bundle(path, &o, r);
}

/* Before each test: state/ holds exactly version 1.0 (stick/v1.vitrine,
 * signed by key), imported; stick/ holds nothing else. 0, or -1 (a test's
 * set-up). */
static inline int import_fixture_fresh(const struct import_fixture *fx, const struct test_key *key)
{
    char cmd[700];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' '%s'/*", fx->state, fx->stick);
    if (system(cmd) != 0)
        return -1;
    import_fixture_bundle(fx, "v1.vitrine", "1.0", NULL, key);
    struct import_result r;
    if (import_fixture_import(fx, "v1.vitrine", NULL, &r) != IMPORT_LOADED) {
        fprintf(stderr, "setup import: %s\n", r.why);
        return -1;
    }
    return 0;
}

/* The version of the current exhibit. */
static inline const char *import_fixture_current(const struct import_fixture *fx)
{
    static struct import_result r;
    struct gen_state st;
    char why[512];
    assert_int_equal(gen_read(fx->state, &st, why, sizeof(why)), 0);
    assert_true(st.current[0] != '\0');
    assert_int_equal(import_describe(fx->state, st.current, &r), 0);
    return r.version;
}

/* What a test keeps of one entry of a tree: f gets its line(s); full is
 * its path, sub its path under the tree's top, sb its lstat. */
typedef void test_tree_line(FILE *f, const char *full, const char *sub, const struct stat *sb);

/* line() for every entry under dir/rel, in name order, a folder before
 * what it holds; the names in skip_top (NULL-ended, may be NULL) are left
 * out at the top. */
static inline void test_tree_print(const char *dir, const char *rel, const char *const *skip_top,
                                   test_tree_line *line, FILE *f)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s%s%s", dir, rel[0] ? "/" : "", rel);
    struct dirent **list;
    int n = scandir(path, &list, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        int skip = strcmp(name, ".") == 0 || strcmp(name, "..") == 0;
        for (size_t k = 0; !rel[0] && skip_top && skip_top[k]; k++)
            skip |= strcmp(name, skip_top[k]) == 0;
        char sub[1024], full[2100];
        struct stat sb;
        snprintf(sub, sizeof(sub), "%s%s%s", rel, rel[0] ? "/" : "", name);
        snprintf(full, sizeof(full), "%s/%s", dir, sub);
        if (!skip && lstat(full, &sb) == 0) {
            line(f, full, sub, &sb);
            if (S_ISDIR(sb.st_mode))
                test_tree_print(dir, sub, skip_top, line, f);
        }
        free(list[i]);
    }
    if (n >= 0)
        free(list);
}

/* test_tree_print's lines as one string, to free. */
static inline char *test_tree(const char *dir, const char *const *skip_top, test_tree_line *line)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    test_tree_print(dir, "", skip_top, line, f);
    fclose(f);
    return buf;
}

/* An entry of a state folder: its path, mode and size; a file's
 * contents' hash. */
static inline void test_snapshot_line(FILE *f, const char *full, const char *sub,
                                      const struct stat *sb)
{
    fprintf(f, "%s %o %lld\n", sub, (unsigned)sb->st_mode, (long long)sb->st_size);
    if (S_ISREG(sb->st_mode)) {
        size_t fn = 0;
        unsigned char *d = test_read_file(full, &fn);
        unsigned char h[32];
        crypto_generichash(h, sizeof(h), d, fn, NULL, 0);
        for (size_t k = 0; k < sizeof(h); k++)
            fprintf(f, "%02x", h[k]);
        fputc('\n', f);
        free(d);
    }
}

/* Import stick/NAME through io (NULL: the file system) and expect it
 * refused or failed with words in the reason, version 1.0 still current
 * and the state folder unchanged, byte for byte. */
static inline void import_fixture_refused(const struct import_fixture *fx, const char *name,
                                          const struct fsio *io, const char *words)
{
    char *before = test_tree(fx->state, NULL, test_snapshot_line);
    struct import_result r;
    enum import_outcome out = import_fixture_import(fx, name, io, &r);
    if (out == IMPORT_LOADED || out == IMPORT_SAME || !strstr(r.why, words))
        fail_msg("%s: outcome %d, \"%s\" (expected \"%s\")", name, (int)out, r.why, words);
    char *after = test_tree(fx->state, NULL, test_snapshot_line);
    assert_string_equal(before, after);
    assert_string_equal(import_fixture_current(fx), "1.0");
    free(before);
    free(after);
}

#endif
