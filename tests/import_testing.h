/* import_testing.h - the fixtures of the import tests (test_import,
 * test_import_crash, test_state_lock), written once: a scratch folder with
 * a stick, a kiosk's state folder (and a pristine copy of it to go back
 * to) and a keys folder trusting one key made here; bundles made from the
 * bundled exhibit, changed with SQL and signed with libsodium in
 * minisign's format (sign_testing.h). Include after <cmocka.h>. */
#ifndef VITRINE_IMPORT_TESTING_H
#define VITRINE_IMPORT_TESTING_H

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

#include "sign_testing.h"

struct import_fixture {
    char root[256];     /* /tmp/vitrine-TAG-XXXXXX, all of it below */
    char stick[300];    /* ROOT/stick: the bundles */
    char state[300];    /* ROOT/state: the kiosk's state folder (made by the first import) */
    char pristine[300]; /* ROOT/pristine: a copy of state to go back to */
    char keys[300];     /* ROOT/keys: the trusted public keys */
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

/* The scratch folder gone. 0, or -1. */
static inline int import_fixture_remove(const struct import_fixture *fx)
{
    char cmd[400];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fx->root);
    return system(cmd) == 0 ? 0 : -1;
}

/* stick/NAME: the bundled exhibit at version, then sql applied (NULL:
 * none), signed by key (NULL: unsigned, and no old signature left). */
static inline void import_fixture_bundle(const struct import_fixture *fx, const char *name,
                                         const char *version, const char *sql,
                                         const struct test_key *key)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx->stick, name);
    test_run("cp '%s' '%s' && rm -f '%s.minisig'", test_bundled_store(), path, path);
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
    test_run("rm -rf '%s' && cp -a '%s' '%s'", fx->pristine, fx->state, fx->pristine);
}

/* state/ back as pristine/ holds it. */
static inline void import_fixture_restore(const struct import_fixture *fx)
{
    test_run("rm -rf '%s' && cp -a '%s' '%s'", fx->state, fx->pristine, fx->state);
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

#endif
