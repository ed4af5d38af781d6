/* Recorded audio descriptions: a panel's `audio_description:` (one Ogg
 * Opus file per language) is decoded whole by the build and stored; the
 * reader gives a panel the recording of its own language and none of
 * another. A damaged recording, a file that is not Ogg Opus, a language
 * the exhibit does not have, one too long, with too many channels or too
 * large, is a file:line: error; a store row that breaks the rules has its
 * panel refused. The recordings are tests/data/audio/ (README.txt there
 * says how ffmpeg made them); the damaged copies are made here. */
#define _XOPEN_SOURCE 700

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "content/arena.h"
#include "content/author.h"
#include "content/rules.h"
#include "content/store.h"
#include "content/store_schema.h"

#define WHY_LEN 16384
#define PANEL "panels/02-arrival.yaml"
/* the line of audio_description's first language in PANEL (with_audio) */
#define LANG_LINE "panels/02-arrival.yaml:12: "

struct fx {
    char root[512]; /* temporary folder, removed by teardown */
    char src[600];  /* root/exhibit: tests/data/author/good and audio/ */
    char out[600];  /* root/out.vitrine */
    char why[WHY_LEN];
};

static const char *source_dir(void)
{
    const char *d = getenv("VITRINE_SOURCE_DIR");
    return d && *d ? d : ".";
}

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    unsigned char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void copy_tree(const char *from, const char *to)
{
    assert_int_equal(mkdir(to, 0755), 0);
    DIR *d = opendir(from);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char a[1024], b[1024];
        snprintf(a, sizeof a, "%s/%s", from, e->d_name);
        snprintf(b, sizeof b, "%s/%s", to, e->d_name);
        struct stat st;
        assert_int_equal(stat(a, &st), 0);
        if (S_ISDIR(st.st_mode)) {
            copy_tree(a, b);
        } else {
            size_t len;
            unsigned char *data = read_all(a, &len);
            write_bytes(b, data, len);
            free(data);
        }
    }
    closedir(d);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void put(struct fx *f, const char *rel, const void *data, size_t len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", f->src, rel);
    write_bytes(path, data, len);
}

/* Ogg's page checksum (polynomial 0x04c11db7, from 0), its field as zeros. */
static uint32_t ogg_crc(const unsigned char *p, size_t n)
{
    uint32_t crc = 0;
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint32_t)(i >= 22 && i < 26 ? 0 : p[i]) << 24;
        for (int k = 0; k < 8; k++)
            crc = crc & 0x80000000u ? (crc << 1) ^ 0x04c11db7u : crc << 1;
    }
    return crc;
}

/* The bytes of the fixture tests/data/audio/name. */
static unsigned char *fixture(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/audio/%s", source_dir(), name);
    return read_all(path, len);
}

/* PANEL as in the good exhibit, with an audio_description: block (lines
 * 11 on) holding `block`. */
static void with_audio(struct fx *f, const char *block)
{
    char text[2048];
    snprintf(text, sizeof text,
             "kind: story\n"
             "heading:\n"
             "  en: The start line\n"
             "  fr: La ligne de départ\n"
             "body: |\n"
             "  The runners arrived by train.\n"
             "\n"
             "  They stayed two nights.\n"
             "note: The sources disagree on the number of nights.\n"
             "sources: [huffpost, ctv]\n"
             "audio_description:\n"
             "%s",
             block);
    put(f, PANEL, text, strlen(text));
}

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    const char *tmp = getenv("TMPDIR");
    snprintf(f->root, sizeof f->root, "%s/test_audio_description.XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(f->root));
    snprintf(f->src, sizeof f->src, "%s/exhibit", f->root);
    snprintf(f->out, sizeof f->out, "%s/out.vitrine", f->root);
    char from[1024], to[1024];
    snprintf(from, sizeof from, "%s/tests/data/author/good", source_dir());
    copy_tree(from, f->src);
    snprintf(from, sizeof from, "%s/tests/data/audio", source_dir());
    snprintf(to, sizeof to, "%s/audio", f->src);
    copy_tree(from, to);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    nftw(f->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
    free(f);
    return 0;
}

static int build(struct fx *f)
{
    return author_build(f->src, f->out, NULL, f->why, sizeof f->why);
}

/* The build fails with a line that starts with prefix and holds needle,
 * and writes nothing. */
static void expect_error(struct fx *f, const char *prefix, const char *needle)
{
    assert_int_equal(build(f), -1);
    const char *line = f->why;
    int found = 0;
    while (line && *line && !found) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[2048];
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, line, len);
        buf[len] = '\0';
        found = strncmp(buf, prefix, strlen(prefix)) == 0 && strstr(buf, needle);
        line = end ? end + 1 : NULL;
    }
    if (!found)
        fail_msg("expected a line \"%s...%s...\" in:\n%s", prefix, needle, f->why);
    assert_int_equal(access(f->out, F_OK), -1);
}

static struct store *open_store(struct fx *f, int flags)
{
    struct store *s = NULL;
    if (store_open_file_flags(f->out, flags, &s, f->why, sizeof f->why) != 0)
        fail_msg("%s", f->why);
    return s;
}

/* ---- a good recording ------------------------------------------------- */

static void a_recording_is_read_back_in_its_language_only(void **state)
{
    struct fx *f = *state;
    with_audio(f, "  en: audio/tone-1s-mono.opus\n");
    /* a statistic panel with French only, in stereo */
    char path[1024];
    snprintf(path, sizeof path, "%s/panels/03-runners.yaml", f->src);
    FILE *p = fopen(path, "a");
    assert_non_null(p);
    fputs("audio_description:\n  fr: audio/tone-0.5s-stereo.opus\n", p);
    fclose(p);
    if (build(f) != 0)
        fail_msg("%s", f->why);

    size_t mono_len, stereo_len;
    unsigned char *mono = fixture("tone-1s-mono.opus", &mono_len);
    unsigned char *stereo = fixture("tone-0.5s-stereo.opus", &stereo_len);
    struct store *s = open_store(f, 0);
    struct arena a;
    arena_init(&a, 0);
    struct panel pn;
    /* panel 2: English has the recording, French none (no fallback) */
    assert_int_equal(store_panel_load(s, 1, "en", &a, &pn, f->why, sizeof f->why), 0);
    assert_int_equal(pn.described.size, mono_len);
    assert_memory_equal(pn.described.data, mono, mono_len);
    assert_int_equal(pn.described.duration_ms, 1000);
    assert_int_equal(pn.described.channels, 1);
    arena_reset(&a);
    assert_int_equal(store_panel_load(s, 1, "fr", &a, &pn, f->why, sizeof f->why), 0);
    assert_int_equal(pn.described.size, 0);
    assert_null(pn.described.data);
    arena_reset(&a);
    /* panel 3: French only */
    assert_int_equal(store_panel_load(s, 2, "fr", &a, &pn, f->why, sizeof f->why), 0);
    assert_int_equal(pn.described.size, stereo_len);
    assert_memory_equal(pn.described.data, stereo, stereo_len);
    assert_int_equal(pn.described.duration_ms, 500);
    assert_int_equal(pn.described.channels, 2);
    arena_reset(&a);
    assert_int_equal(store_panel_load(s, 2, "en", &a, &pn, f->why, sizeof f->why), 0);
    assert_int_equal(pn.described.size, 0);
    arena_reset(&a);
    /* the others have none */
    assert_int_equal(store_panel_load(s, 0, "en", &a, &pn, f->why, sizeof f->why), 0);
    assert_int_equal(pn.described.size, 0);
    assert_int_equal(store_check_as_built(s, f->why, sizeof f->why), 0);
    arena_free(&a);
    store_close(s);

    sqlite3 *db;
    assert_int_equal(sqlite3_open_v2(f->out, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT position, locale, name, duration_ms, channels,"
                                        " length(data) FROM audio_description ORDER BY position",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 1);
    assert_string_equal((const char *)sqlite3_column_text(st, 1), "en");
    assert_string_equal((const char *)sqlite3_column_text(st, 2), "audio/tone-1s-mono.opus");
    assert_int_equal(sqlite3_column_int(st, 3), 1000);
    assert_int_equal(sqlite3_column_int(st, 4), 1);
    assert_int_equal(sqlite3_column_int(st, 5), (int)mono_len);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 2);
    assert_string_equal((const char *)sqlite3_column_text(st, 1), "fr");
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_close(db);
    free(mono);
    free(stereo);
}

/* ---- refused at build ---------------------------------------------------- */

static void a_damaged_recording_is_refused(void **state)
{
    struct fx *f = *state;
    size_t n;
    unsigned char *d = fixture("tone-1s-mono.opus", &n);
    /* a byte changed in the audio: its page's checksum no longer matches
     * (libopusfile alone would skip the page and play 13 ms) */
    d[n / 2] ^= 0x5a;
    put(f, "audio/flipped.opus", d, n);
    d[n / 2] ^= 0x5a;
    with_audio(f, "  en: audio/flipped.opus\n");
    expect_error(f, LANG_LINE, "audio_description.en \"audio/flipped.opus\" is damaged at ");
    assert_non_null(strstr(f->why, " s: a page of its Ogg stream does not match its checksum"));
    /* the end cut off, in a page and at a page's end */
    put(f, "audio/cut.opus", d, n - 1);
    with_audio(f, "  en: audio/cut.opus\n");
    expect_error(f, LANG_LINE, "\"audio/cut.opus\" is cut short at ");
    assert_non_null(strstr(f->why, " s: its last page is incomplete"));
    /* the first two pages, the headers, alone */
    size_t two = 0;
    for (int page = 0; page < 2; page++) {
        size_t len = 27 + d[two + 26];
        for (size_t i = 0; i < d[two + 26]; i++)
            len += d[two + 27 + i];
        two += len;
    }
    assert_true(two < n);
    put(f, "audio/headers.opus", d, two);
    with_audio(f, "  en: audio/headers.opus\n");
    expect_error(f, LANG_LINE,
                 "\"audio/headers.opus\" is cut short at 0.0 s: its stream does not end");
    /* junk after the stream */
    unsigned char *longer = malloc(n + 16);
    assert_non_null(longer);
    memcpy(longer, d, n);
    memset(longer + n, 'x', 16);
    put(f, "audio/junk.opus", longer, n + 16);
    with_audio(f, "  en: audio/junk.opus\n");
    expect_error(f, LANG_LINE,
                 "\"audio/junk.opus\" is damaged at 1.0 s: there are bytes that are not part of "
                 "its Ogg stream");
    free(longer);
    free(d);
}

static void a_file_that_is_not_ogg_opus_is_refused(void **state)
{
    struct fx *f = *state;
    static const char text[] = "not a recording at all\n";
    put(f, "audio/text.opus", text, sizeof text - 1);
    with_audio(f, "  en: audio/text.opus\n");
    expect_error(f, LANG_LINE, "\"audio/text.opus\" is not an Ogg Opus file");
    static const unsigned char wav[44] = {'R', 'I', 'F', 'F', 36, 0, 0, 0, 'W', 'A', 'V', 'E'};
    put(f, "audio/x.wav", wav, sizeof wav);
    with_audio(f, "  en: audio/x.wav\n");
    expect_error(f, LANG_LINE, "\"audio/x.wav\" is a WAV file, not Ogg Opus");
    /* an Ogg file, but not Opus: its header renamed, its page's checksum
     * made right again */
    size_t n;
    unsigned char *d = fixture("tone-1s-mono.opus", &n);
    size_t head = 27 + d[26];
    assert_memory_equal(d + head, "OpusHead", 8);
    d[head] = 'X';
    size_t len = head;
    for (size_t i = 0; i < d[26]; i++)
        len += d[27 + i];
    uint32_t crc = ogg_crc(d, len);
    for (int i = 0; i < 4; i++)
        d[22 + i] = (unsigned char)(crc >> (8 * i));
    put(f, "audio/ogg.opus", d, n);
    with_audio(f, "  en: audio/ogg.opus\n");
    expect_error(f, LANG_LINE, "\"audio/ogg.opus\" is not an Ogg Opus file");
    put(f, "audio/empty.opus", d, 0);
    with_audio(f, "  en: audio/empty.opus\n");
    expect_error(f, LANG_LINE, "\"audio/empty.opus\" is empty");
    free(d);
}

static void a_language_the_exhibit_does_not_have_is_refused(void **state)
{
    struct fx *f = *state;
    with_audio(f, "  en: audio/tone-1s-mono.opus\n  fe: audio/tone-1s-mono.opus\n");
    expect_error(f, "panels/02-arrival.yaml:13: ",
                 "audio_description: \"fe\" is not a language of this exhibit (en, fr); did you "
                 "mean \"fr\"?");
    with_audio(f, "  de: audio/tone-1s-mono.opus\n");
    expect_error(f, LANG_LINE,
                 "audio_description: \"de\" is not a language of this exhibit (en, fr)");
    with_audio(f, "  en: audio/tone-1s-mono.opus\n  en: audio/tone-1s-mono.opus\n");
    expect_error(f, "panels/02-arrival.yaml:13: ", "duplicate");
    with_audio(f, "  - audio/tone-1s-mono.opus\n");
    expect_error(f, LANG_LINE,
                 "audio_description is one Ogg Opus file per "
                 "language");
}

static void a_recording_outside_the_limits_is_refused(void **state)
{
    struct fx *f = *state;
    with_audio(f, "  en: audio/silence-10m01s.opus\n");
    expect_error(f, LANG_LINE,
                 "audio_description.en \"audio/silence-10m01s.opus\" lasts 10 min 01 s; an audio "
                 "description lasts at most 10 minutes");
    with_audio(f, "  en: audio/three-channels.opus\n");
    expect_error(f, LANG_LINE,
                 "\"audio/three-channels.opus\" has 3 channels; an audio description is mono or "
                 "stereo");
    /* one byte more than 8 MB: refused before it is read */
    char path[1024];
    snprintf(path, sizeof path, "%s/audio/big.opus", f->src);
    FILE *b = fopen(path, "wb");
    assert_non_null(b);
    assert_int_equal(ftruncate(fileno(b), RULES_AUDIO_MAX_BYTES + 1), 0);
    fclose(b);
    with_audio(f, "  en: audio/big.opus\n");
    expect_error(f, LANG_LINE,
                 "\"audio/big.opus\" is 8.0 MB; an audio description may be at most 8 MB");
    with_audio(f, "  fr: audio/missing.opus\n");
    expect_error(f, LANG_LINE, "audio_description.fr \"audio/missing.opus\" does not exist");
    with_audio(f, "  fr: ../outside.opus\n");
    expect_error(f, LANG_LINE, "audio_description.fr must be a path inside the exhibit folder");
}

/* The limits, where the build and the reader share them. */
static void the_rules_hold_at_their_limits(void **state)
{
    (void)state;
    char why[256];
    assert_int_equal(rules_audio(RULES_AUDIO_MAX_BYTES, RULES_AUDIO_MAX_MS, 2, why, sizeof why), 0);
    assert_int_equal(rules_audio(1, 1, 1, why, sizeof why), 0);
    assert_int_equal(
        rules_audio(RULES_AUDIO_MAX_BYTES + 1LL, RULES_AUDIO_MAX_MS, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "may be at most 8 MB"));
    assert_int_equal(rules_audio(1000, RULES_AUDIO_MAX_MS + 1LL, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "lasts at most 10 minutes"));
    assert_int_equal(rules_audio(1000, 1000, 3, why, sizeof why), -1);
    assert_int_equal(rules_audio(1000, 1000, 0, why, sizeof why), -1);
    assert_int_equal(rules_audio(1000, 0, 1, why, sizeof why), -1);
    assert_int_equal(rules_audio(0, 1000, 1, why, sizeof why), -1);
    size_t n;
    unsigned char *d = fixture("tone-0.5s-stereo.opus", &n);
    assert_int_equal(rules_audio_stream(d, n, 2, why, sizeof why), 0);
    assert_int_equal(rules_audio_stream(d, n, 1, why, sizeof why), -1);
    assert_int_equal(rules_audio_stream(d, 20, 2, why, sizeof why), -1);
    free(d);
}

/* ---- refused by the reader ------------------------------------------------ */

/* Runs sql on the built store with its CHECK constraints off (a store
 * made by other tools). */
static void tamper(struct fx *f, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->out, &db), SQLITE_OK);
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("%s: %s", sql, err);
    sqlite3_close(db);
}

/* store_panel_load of panel 2 in locale fails with needle; the French
 * page (no recording) and the other panels still load. */
static void expect_panel_refused(struct fx *f, int flags, const char *needle)
{
    struct store *s = open_store(f, flags);
    struct arena a;
    arena_init(&a, 0);
    struct panel pn;
    assert_int_equal(store_panel_load(s, 1, "en", &a, &pn, f->why, sizeof f->why), -1);
    if (!strstr(f->why, needle))
        fail_msg("expected \"%s\" in: %s", needle, f->why);
    assert_non_null(strstr(f->why, "panel 2 '02-arrival'"));
    arena_reset(&a);
    assert_int_equal(store_panel_load(s, 1, "fr", &a, &pn, f->why, sizeof f->why), 0);
    arena_reset(&a);
    assert_int_equal(store_panel_load(s, 2, "en", &a, &pn, f->why, sizeof f->why), 0);
    arena_free(&a);
    store_close(s);
}

static void a_store_row_that_breaks_the_rules_is_refused(void **state)
{
    struct fx *f = *state;
    with_audio(f, "  en: audio/tone-1s-mono.opus\n");
    if (build(f) != 0)
        fail_msg("%s", f->why);
    /* the schema's CHECK constraints are the rules' limits */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->out, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db, "UPDATE audio_description SET duration_ms = 600001", NULL, NULL, NULL),
        SQLITE_CONSTRAINT);
    assert_int_equal(
        sqlite3_exec(db, "UPDATE audio_description SET channels = 3", NULL, NULL, NULL),
        SQLITE_CONSTRAINT);
    assert_int_equal(
        sqlite3_exec(db, "UPDATE audio_description SET data = zeroblob(8388609)", NULL, NULL, NULL),
        SQLITE_CONSTRAINT);
    assert_int_equal(
        sqlite3_exec(db, "UPDATE audio_description SET duration_ms = 600000", NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);

    /* bytes that are not Ogg Opus (within every constraint) */
    tamper(f, "UPDATE audio_description SET duration_ms = 1000, data = x'00112233445566778899'");
    expect_panel_refused(f, 0,
                         "the audio description audio/tone-1s-mono.opus (en) is not an Ogg "
                         "Opus file");
    /* past the limits, with the constraints ignored (the kiosk's quick
     * check refuses the whole store; deferred, the panel is refused) */
    if (build(f) != 0)
        fail_msg("%s", f->why);
    tamper(f, "PRAGMA ignore_check_constraints = ON;"
              " UPDATE audio_description SET duration_ms = 601000");
    expect_panel_refused(f, STORE_OPEN_DEFER_CHECK,
                         "(en) lasts 10 min 01 s; an audio description lasts at most 10 minutes");
    if (build(f) != 0)
        fail_msg("%s", f->why);
    tamper(f, "PRAGMA ignore_check_constraints = ON; UPDATE audio_description SET channels = 6");
    expect_panel_refused(f, STORE_OPEN_DEFER_CHECK, "(en) has 6 channels");
    /* a mono header declared stereo is allowed (the most of any part);
     * declared as more than its header's is not */
    if (build(f) != 0)
        fail_msg("%s", f->why);
    tamper(f, "UPDATE audio_description SET channels = 2");
    struct store *s = open_store(f, 0);
    struct arena a;
    arena_init(&a, 0);
    struct panel pn;
    assert_int_equal(store_panel_load(s, 1, "en", &a, &pn, f->why, sizeof f->why), 0);
    arena_free(&a);
    store_close(s);
    /* in a language the exhibit does not have: never played, and not as
     * the build writes it */
    tamper(f, "UPDATE audio_description SET locale = 'de'");
    s = open_store(f, 0);
    assert_int_equal(store_check_as_built(s, f->why, sizeof f->why), -1);
    assert_non_null(strstr(f->why, "an audio description in a language that is not one of its"));
    store_close(s);
}

/* The same exhibit as a store of version 7 (content/schema_v7.sql, the
 * rows of every table it has): still read, its panels without recordings. */
static void a_store_of_version_7_is_read_without_recordings(void **state)
{
    struct fx *f = *state;
    with_audio(f, "  en: audio/tone-1s-mono.opus\n");
    if (build(f) != 0)
        fail_msg("%s", f->why);
    char v7[700], sql[1024];
    snprintf(v7, sizeof v7, "%s/v7.vitrine", f->root);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(v7, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, store_schema_v7_sql, NULL, NULL, NULL), SQLITE_OK);
    snprintf(sql, sizeof sql, "ATTACH '%s' AS v8", f->out);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db,
                                        "SELECT name FROM main.sqlite_schema WHERE type = 'table'"
                                        " ORDER BY rowid",
                                        -1, &st, NULL),
                     SQLITE_OK);
    char copy[64 * 200] = "PRAGMA foreign_keys = OFF;";
    while (sqlite3_step(st) == SQLITE_ROW) {
        size_t n = strlen(copy);
        snprintf(copy + n, sizeof copy - n, "INSERT INTO main.\"%s\" SELECT * FROM v8.\"%s\";",
                 sqlite3_column_text(st, 0), sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    assert_int_equal(sqlite3_exec(db, copy, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "DETACH v8", NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);

    struct store *s = NULL;
    if (store_open_file(v7, &s, f->why, sizeof f->why) != 0)
        fail_msg("%s", f->why);
    struct arena a;
    arena_init(&a, 0);
    struct panel pn;
    assert_int_equal(store_panel_load(s, 1, "en", &a, &pn, f->why, sizeof f->why), 0);
    assert_string_equal(pn.heading, "The start line");
    assert_int_equal(pn.described.size, 0);
    assert_null(pn.described.data);
    assert_int_equal(store_check_as_built(s, f->why, sizeof f->why), 0);
    arena_free(&a);
    store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_recording_is_read_back_in_its_language_only, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_damaged_recording_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(a_file_that_is_not_ogg_opus_is_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(a_language_the_exhibit_does_not_have_is_refused, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_recording_outside_the_limits_is_refused, setup, teardown),
        cmocka_unit_test(the_rules_hold_at_their_limits),
        cmocka_unit_test_setup_teardown(a_store_row_that_breaks_the_rules_is_refused, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_store_of_version_7_is_read_without_recordings, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
