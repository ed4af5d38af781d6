/* The import pipeline against bad input, one fixture each: every one ends
 * with the old exhibit still current, the state directory byte for byte as
 * before, and a message naming the problem. Then the version policy,
 * rollback, and the switch itself. Bundles are made from the bundled
 * exhibit, changed with SQL where a fixture needs it, and signed here with
 * libsodium in minisign's format (import_testing.h). The import's content
 * check (fonts, photos: the platform's, with SDL) is left out here; its
 * refusals through the import are test_import_content's. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/ops/generations.h"
#include "app/ops/import.h"
#include "platform/fsio_posix.h"
#include "import_testing.h"

static struct import_fixture fx;
static struct test_key trusted, stranger;
static char why[1024];

/* ---- fixtures on disk ---------------------------------------------------- */

/* Every file under dir: relative path, mode and contents, as one string. */
static char *snapshot(const char *dir)
{
    return test_tree(dir, NULL, test_snapshot_line);
}

static enum import_outcome import_with(const char *name, const struct fsio *io,
                                       struct import_result *r)
{
    return import_fixture_import(&fx, name, io, r);
}

static enum import_outcome import_name(const char *name, struct import_result *r)
{
    return import_with(name, fsio_posix(), r);
}

/* Every progress text of an import, one per line. */
static char texts[8192];
static void collect(void *ctx, enum import_stage stage, uint64_t done, uint64_t total,
                    const char *text)
{
    (void)ctx, (void)stage, (void)done, (void)total;
    size_t n = strlen(texts);
    snprintf(texts + n, sizeof(texts) - n, "%s\n", text);
}

/* A shell's `vitrine import FILE` reads a file, not a stick: its progress
 * says so (issue 18: "Copying the exhibit from the stick" from a shell),
 * and the kiosk's own import still says "the stick". */
static void progress_names_the_source(void **s)
{
    (void)s;
    char path[512];
    struct import_result r;
    import_fixture_bundle(&fx, "v2.vitrine", "2.0", NULL, &trusted);
    snprintf(path, sizeof(path), "%s/v2.vitrine", fx.stick);
    struct import_opts o = {.state_dir = fx.state,
                            .keys_dir = fx.keys,
                            .io = fsio_posix(),
                            .progress = collect,
                            .source = "the file"};
    texts[0] = '\0';
    assert_int_equal(import_bundle(path, &o, &r), IMPORT_LOADED);
    assert_non_null(strstr(texts, "Copying the exhibit from the file"));
    assert_null(strstr(texts, "stick"));
    import_fixture_bundle(&fx, "v3.vitrine", "3.0", NULL, &trusted);
    snprintf(path, sizeof(path), "%s/v3.vitrine", fx.stick);
    o.source = NULL;
    texts[0] = '\0';
    assert_int_equal(import_bundle(path, &o, &r), IMPORT_LOADED);
    assert_non_null(strstr(texts, "Copying the exhibit from the stick"));
}

static const char *current_version(void)
{
    return import_fixture_current(&fx);
}

/* ---- a file system that fails on cue ------------------------------------- */

struct faulty {
    const struct fsio *real;
    int fail_read_fd; /* the stick's file: reads fail after read_limit bytes */
    long read_limit, read_seen;
    long write_limit, written; /* writes fail with ENOSPC after write_limit bytes */
    int read_only;             /* mkdir and opens for writing fail with EROFS */
    const char *stick_path;
};

static int f_open(void *ctx, const char *path, int flags, unsigned mode)
{
    struct faulty *f = ctx;
    if (f->read_only && (flags & (O_WRONLY | O_RDWR | O_CREAT)))
        return -EROFS;
    int fd = f->real->open(f->real->ctx, path, flags, mode);
    if (fd >= 0 && f->stick_path && strstr(path, f->stick_path) == path &&
        strcmp(path + strlen(path) - 8, ".vitrine") == 0)
        f->fail_read_fd = fd;
    return fd;
}
static long f_read(void *ctx, int fd, void *buf, size_t n)
{
    struct faulty *f = ctx;
    if (fd == f->fail_read_fd && f->read_limit >= 0 && f->read_seen >= f->read_limit)
        return -EIO;
    long r = f->real->read(f->real->ctx, fd, buf, n);
    if (fd == f->fail_read_fd && r > 0)
        f->read_seen += r;
    return r;
}
static long f_write(void *ctx, int fd, const void *buf, size_t n)
{
    struct faulty *f = ctx;
    if (f->write_limit >= 0 && f->written >= f->write_limit)
        return -ENOSPC;
    long r = f->real->write(f->real->ctx, fd, buf, n);
    if (r > 0)
        f->written += r;
    return r;
}
static int f_fsync(void *ctx, int fd)
{
    struct faulty *f = ctx;
    return f->real->fsync(f->real->ctx, fd);
}
static int f_close(void *ctx, int fd)
{
    struct faulty *f = ctx;
    if (fd == f->fail_read_fd)
        f->fail_read_fd = -1;
    return f->real->close(f->real->ctx, fd);
}
static int f_rename(void *ctx, const char *a, const char *b)
{
    struct faulty *f = ctx;
    return f->read_only ? -EROFS : f->real->rename(f->real->ctx, a, b);
}
static int f_unlink(void *ctx, const char *p)
{
    struct faulty *f = ctx;
    return f->read_only ? -EROFS : f->real->unlink(f->real->ctx, p);
}
static int f_mkdir(void *ctx, const char *p, unsigned m)
{
    struct faulty *f = ctx;
    return f->read_only ? -EROFS : f->real->mkdir(f->real->ctx, p, m);
}
static int f_rmdir(void *ctx, const char *p)
{
    struct faulty *f = ctx;
    return f->read_only ? -EROFS : f->real->rmdir(f->real->ctx, p);
}

static struct fsio faulty_io(struct faulty *f)
{
    f->real = fsio_posix();
    f->fail_read_fd = -1;
    f->stick_path = fx.stick;
    return (struct fsio){f,       f_open,   f_read,   f_write, f_fsync,
                         f_close, f_rename, f_unlink, f_mkdir, f_rmdir};
}

/* ---- setup: a kiosk that has imported version 1.0 ------------------------ */

static int setup(void **s)
{
    (void)s;
    if (import_fixture_make(&fx, "import", &trusted, "staff.pub") != 0)
        return -1;
    test_key_new(&stranger);
    return 0;
}

static int teardown(void **s)
{
    (void)s;
    return import_fixture_remove(&fx);
}

/* Before each test: the state holds exactly version 1.0, imported. */
static int fresh_state(void **s)
{
    (void)s;
    return import_fixture_fresh(&fx, &trusted);
}

/* Import name and expect it refused or failed with `words` in the reason,
 * version 1.0 still current and the state folder unchanged. */
static void expect_refused(const char *name, const struct fsio *io, const char *words)
{
    import_fixture_refused(&fx, name, io, words);
}

/* ---- the fixtures --------------------------------------------------------- */

static void unsigned_bundle(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, NULL);
    expect_refused("x.vitrine", NULL, "not signed");
}

static void unknown_key(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &stranger);
    expect_refused("x.vitrine", NULL, "not signed by a key this kiosk trusts");
}

static void flip(const char *name, long at)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", fx.stick, name);
    size_t n = 0;
    unsigned char *d = test_read_file(path, &n);
    assert_non_null(d);
    size_t i = at < 0 ? n + (size_t)at : (size_t)at;
    d[i] ^= 0x01;
    FILE *f = fopen(path, "wb");
    fwrite(d, 1, n, f);
    fclose(f);
    free(d);
}

static void flipped_byte_in_bundle(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    flip("x.vitrine", 5000);
    expect_refused("x.vitrine", NULL, "does not match its signature");
}

static void flipped_byte_in_signature(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    /* inside the signature proper (line 2, after "ED" and the key id) */
    char path[512];
    snprintf(path, sizeof(path), "%s/x.vitrine.minisig", fx.stick);
    size_t n = 0;
    unsigned char *d = test_read_file(path, &n);
    unsigned char *line2 = (unsigned char *)strchr((char *)d, '\n') + 1;
    line2[40] = line2[40] == 'A' ? 'B' : 'A';
    FILE *f = fopen(path, "wb");
    fwrite(d, 1, n, f);
    fclose(f);
    free(d);
    expect_refused("x.vitrine", NULL, "signature");
}

static void trusted_comment_from_another_signature(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    import_fixture_bundle(&fx, "y.vitrine", "2.1", NULL, &trusted);
    /* x's signature line with y's trusted comment and global signature */
    char px[512], py[512];
    snprintf(px, sizeof(px), "%s/x.vitrine.minisig", fx.stick);
    snprintf(py, sizeof(py), "%s/y.vitrine.minisig", fx.stick);
    size_t nx = 0, ny = 0;
    char *x = (char *)test_read_file(px, &nx), *y = (char *)test_read_file(py, &ny);
    char *x3 = strstr(x, "\ntrusted comment:") + 1, *y3 = strstr(y, "\ntrusted comment:") + 1;
    FILE *f = fopen(px, "wb");
    fwrite(x, 1, (size_t)(x3 - x), f);
    fwrite(y3, 1, ny - (size_t)(y3 - y), f);
    fclose(f);
    free(x);
    free(y);
    expect_refused("x.vitrine", NULL, "trusted comment");
}

static void legacy_signature(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, NULL);
    char path[512];
    snprintf(path, sizeof(path), "%s/x.vitrine", fx.stick);
    assert_int_equal(test_sign_file(&trusted, path, "timestamp:0", 1), 0);
    expect_refused("x.vitrine", NULL, "legacy");
}

static void truncated_bundle(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    test_run("truncate -s 8192 '%s/x.vitrine'", fx.stick);
    expect_refused("x.vitrine", NULL, "does not match its signature");
}

static void empty_file(void **s)
{
    test_run("truncate -s 0 '%s/x.vitrine'", fx.stick);
    char path[512];
    snprintf(path, sizeof(path), "%s/x.vitrine", fx.stick);
    assert_int_equal(test_sign_file(&trusted, path, "timestamp:0", 0), 0);
    expect_refused("x.vitrine", NULL, "empty");
}

static void not_sqlite(void **s)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/x.vitrine", fx.stick);
    assert_int_equal(test_write_text(path, "this is a text file, not an exhibit\n"), 0);
    assert_int_equal(test_sign_file(&trusted, path, "timestamp:0", 0), 0);
    expect_refused("x.vitrine", NULL, "cannot be used");
}

static void wrong_application_id(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", "PRAGMA application_id = 1234", &trusted);
    expect_refused("x.vitrine", NULL, "application_id");
}

static void newer_schema(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", "PRAGMA user_version = 99", &trusted);
    expect_refused("x.vitrine", NULL, "cannot be used");
}

static void triggers_and_views(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", "CREATE VIEW v AS SELECT 1", &trusted);
    expect_refused("x.vitrine", NULL, "cannot be used");
    import_fixture_bundle(&fx, "x.vitrine", "2.0",
                          "CREATE TRIGGER t AFTER INSERT ON locale BEGIN SELECT 1; END", &trusted);
    expect_refused("x.vitrine", NULL, "cannot be used");
}

/* A row that breaks its table's NOT NULL: the file is well formed and its
 * schema is the writer's (the NOT NULL is lifted for the update and put
 * back), so only quick_check sees it. */
#define NULL_UNDER_NOT_NULL                                                                        \
    "PRAGMA writable_schema = ON;"                                                                 \
    "UPDATE sqlite_schema SET sql = replace(sql, 'speaker  TEXT NOT NULL', 'speaker  TEXT')"       \
    " WHERE name = 'quote';"                                                                       \
    "PRAGMA writable_schema = RESET;"                                                              \
    "UPDATE quote SET speaker = NULL;"                                                             \
    "PRAGMA writable_schema = ON;"                                                                 \
    "UPDATE sqlite_schema SET sql = replace(sql, 'speaker  TEXT,', 'speaker  TEXT NOT NULL,')"     \
    " WHERE name = 'quote'"

static void failing_quick_check(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL_UNDER_NOT_NULL, &trusted);
    expect_refused("x.vitrine", NULL, "cannot be used");
}

static int always(void *ctx)
{
    return 1;
}

/* The kiosk opens its exhibit without quick_check (it reads the whole
 * file) and runs it after the first frame: the deferred open succeeds on a
 * store only quick_check finds damaged, and the later check refuses it. */
static void quick_check_can_wait(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL_UNDER_NOT_NULL, NULL);
    char path[512];
    snprintf(path, sizeof(path), "%s/x.vitrine", fx.stick);
    struct store *st = NULL;
    assert_int_equal(store_open_file_flags(path, STORE_OPEN_DEFER_CHECK, &st, why, sizeof(why)), 0);
    store_close(st);
    assert_int_equal(store_check_file(path, NULL, NULL, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "quick_check"));
    /* an undamaged one passes both */
    import_fixture_bundle(&fx, "y.vitrine", "2.0", NULL, NULL);
    snprintf(path, sizeof(path), "%s/y.vitrine", fx.stick);
    assert_int_equal(store_check_file(path, NULL, NULL, why, sizeof(why)), 0);
    /* and stops when asked to */
    assert_int_equal(store_check_file(path, always, NULL, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "stopped"));
}

static void bad_names_and_links(void **s)
{
    import_fixture_bundle(&fx, "good.vitrine", "2.0", NULL, &trusted);
    test_run("cd '%s' && ln -s good.vitrine link.vitrine && cp good.vitrine.minisig "
             "link.vitrine.minisig",
             fx.stick);
    expect_refused("link.vitrine", NULL, "link");
    test_run("cd '%s' && cp good.vitrine 'a..b.vitrine' && cp good.vitrine.minisig "
             "'a..b.vitrine.minisig'",
             fx.stick);
    expect_refused("a..b.vitrine", NULL, "not allowed");
    expect_refused("../stick/good.vitrine/../good.vitrine", NULL, "");
    /* a signature that is a link to a good one */
    test_run("cd '%s' && cp good.vitrine sig.vitrine && ln -s good.vitrine.minisig "
             "sig.vitrine.minisig",
             fx.stick);
    expect_refused("sig.vitrine", NULL, "not a plain file");
}

static void stick_removed_mid_copy(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    struct faulty f = {.read_limit = 40 * 1024, .write_limit = -1};
    struct fsio io = faulty_io(&f);
    expect_refused("x.vitrine", &io, "the stick was removed");
}

static void disk_full(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    struct faulty f = {.read_limit = -1, .write_limit = 40 * 1024};
    struct fsio io = faulty_io(&f);
    expect_refused("x.vitrine", &io, "storage is full");
}

static void read_only_state(void **s)
{
    import_fixture_bundle(&fx, "x.vitrine", "2.0", NULL, &trusted);
    struct faulty f = {.read_limit = -1, .write_limit = -1, .read_only = 1};
    struct fsio io = faulty_io(&f);
    expect_refused("x.vitrine", &io, "read-only");
}

static void older_version(void **s)
{
    import_fixture_bundle(&fx, "v0.vitrine", "0.9", NULL, &trusted);
    expect_refused("v0.vitrine", NULL, "older than version 1.0");
}

static void two_sticks(void **s)
{
    const char *one[] = {"/media/a/vitrine/x.vitrine"};
    const char *two[] = {"/media/a/vitrine/x.vitrine", "/media/b/vitrine/y.vitrine"};
    assert_int_equal(import_choose(one, 1, why, sizeof(why)), 0);
    assert_int_equal(import_choose(two, 2, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "one stick at a time"));
    assert_int_equal(import_choose(two, 0, why, sizeof(why)), -1);
}

/* ---- what does load --------------------------------------------------------- */

/* A roll back as staff make it: under the state folder's lock. */
static int rollback_locked(struct gen_state *after)
{
    struct gen_lock lk;
    assert_int_equal(gen_lock(&lk, fx.state, 0, why, sizeof(why)), 0);
    int rc = gen_rollback(fsio_posix(), &lk, after, why, sizeof(why));
    gen_unlock(&lk);
    return rc;
}

static void same_version_is_already_loaded(void **s)
{
    import_fixture_bundle(&fx, "again.vitrine", "1.0", NULL, &trusted);
    char *before = snapshot(fx.state);
    struct import_result r;
    assert_int_equal(import_name("again.vitrine", &r), IMPORT_SAME);
    assert_non_null(strstr(r.why, "already loaded"));
    char *after = snapshot(fx.state);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

static void newer_loads_keeps_two_and_rolls_back(void **s)
{
    struct import_result r;
    import_fixture_bundle(&fx, "v2.vitrine", "2.0", NULL, &trusted);
    assert_int_equal(import_name("v2.vitrine", &r), IMPORT_LOADED);
    assert_string_equal(r.version, "2.0");
    assert_true(r.n_panels > 1);
    assert_true(strlen(r.signer) >= 1 && strlen(r.signer) <= 16);
    /* staff read who signed by the key's name (its file, staff.pub) and id */
    char who[128], want[128];
    import_signer_words(fx.keys, r.signer, who, sizeof(who));
    snprintf(want, sizeof(want), "staff (key %s)", r.signer);
    assert_string_equal(who, want);
    import_signer_words(fx.keys, "0123456789ABCDEF", who, sizeof(who));
    assert_string_equal(who, "key 0123456789ABCDEF");
    import_signer_words(fx.keys, "", who, sizeof(who));
    assert_string_equal(who, "unknown");
    assert_string_equal(current_version(), "2.0");
    import_fixture_bundle(&fx, "v10.vitrine", "10.0", NULL, &trusted); /* "10.0" > "2.0" */
    assert_int_equal(import_name("v10.vitrine", &r), IMPORT_LOADED);
    assert_string_equal(current_version(), "10.0");
    /* only the current and the previous generation are kept */
    char gens[400];
    snprintf(gens, sizeof(gens), "%s/generations", fx.state);
    struct dirent **list;
    int n = scandir(gens, &list, NULL, alphasort);
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
    assert_int_equal(n - 2, 2);
    /* rollback goes to 2.0, a second one back to 10.0 */
    struct gen_state after;
    assert_int_equal(rollback_locked(&after), 0);
    assert_string_equal(current_version(), "2.0");
    assert_int_equal(rollback_locked(&after), 0);
    assert_string_equal(current_version(), "10.0");
}

static void versions_compare_as_people_expect(void **s)
{
    assert_int_equal(import_version_cmp("1.10", "1.9"), 1);
    assert_int_equal(import_version_cmp("1.0", "1.0.1"), -1);
    assert_int_equal(import_version_cmp("2", "2"), 0);
    assert_int_equal(import_version_cmp("01.2", "1.2"), 0);
    assert_int_equal(import_version_cmp("1.0-beta", "1.0-rc"), -1);
    assert_int_equal(import_version_cmp("2024-05", "2024-11"), -1);
}

static void nothing_to_roll_back_to(void **s)
{
    struct gen_state after;
    char *before = snapshot(fx.state);
    assert_int_equal(rollback_locked(&after), -1);
    assert_non_null(strstr(why, "no previous exhibit"));
    char *now = snapshot(fx.state);
    assert_string_equal(before, now);
    free(before);
    free(now);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup(f, fresh_state)
    const struct CMUnitTest tests[] = {
        T(progress_names_the_source),
        T(unsigned_bundle),
        T(unknown_key),
        T(flipped_byte_in_bundle),
        T(flipped_byte_in_signature),
        T(trusted_comment_from_another_signature),
        T(legacy_signature),
        T(truncated_bundle),
        T(empty_file),
        T(not_sqlite),
        T(wrong_application_id),
        T(newer_schema),
        T(triggers_and_views),
        T(failing_quick_check),
        T(quick_check_can_wait),
        T(bad_names_and_links),
        T(stick_removed_mid_copy),
        T(disk_full),
        T(read_only_state),
        T(older_version),
        T(two_sticks),
        T(same_version_is_already_loaded),
        T(newer_loads_keeps_two_and_rolls_back),
        cmocka_unit_test(versions_compare_as_people_expect),
        T(nothing_to_roll_back_to),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
