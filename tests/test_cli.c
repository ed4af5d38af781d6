/* The `vitrine` executable end to end: headless render, bad content at the
 * kiosk and at proofing, building an exhibit from its sources, usage errors
 * and a short run on the offscreen driver.
 *
 * The binaries come from the environment CTest sets (VITRINE, and
 * VITRINE_STAGE1 for the build without a built-in exhibit); the bundled
 * store from VITRINE_BINARY_DIR and the exhibit sources from
 * VITRINE_SOURCE_DIR. Children are started with posix_spawn (no shell),
 * their stdout and stderr captured in files of a private temporary folder
 * that is removed at the end (kept when VITRINE_KEEP_TMP is set). */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>
#include <sqlite3.h>

#include "content/arena.h"
#include "content/store.h"
#include "platform/image.h"

extern char **environ;

static const char *vitrine;        /* the binary under test */
static const char *vitrine_stage1; /* the same without a built-in exhibit */
static char bundled_store[4096];   /* the bundled exhibit, as built */
static char exhibit_src[4096];     /* its YAML sources */
static char tmp_dir[4096];
static int n_panels; /* panels of the bundled exhibit */

/* ---- small helpers ---------------------------------------------------------- */

static void path_in(char *out, size_t n, const char *dir, const char *name)
{
    int k = snprintf(out, n, "%s/%s", dir, name);
    assert_true(k > 0 && (size_t)k < n);
}

static char *slurp(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    fclose(f);
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

static void spit(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Copy src to dst; at most `limit` bytes when limit > 0. */
static void copy_file(const char *src, const char *dst, long limit)
{
    size_t len;
    char *data = slurp(src, &len);
    if (!data)
        print_error("cannot read %s: %s\n", src, strerror(errno));
    assert_non_null(data);
    if (limit > 0 && (size_t)limit < len)
        len = (size_t)limit;
    spit(dst, data, len);
    free(data);
}

static void copy_tree(const char *src, const char *dst)
{
    assert_int_equal(mkdir(dst, 0777), 0);
    DIR *d = opendir(src);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char s[4096], t[4096];
        path_in(s, sizeof s, src, e->d_name);
        path_in(t, sizeof t, dst, e->d_name);
        struct stat st;
        assert_int_equal(stat(s, &st), 0);
        if (S_ISDIR(st.st_mode))
            copy_tree(s, t);
        else if (S_ISREG(st.st_mode))
            copy_file(s, t, 0);
    }
    closedir(d);
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

static void rm_tree(const char *path)
{
    nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* A fresh, empty folder in the test's temporary folder. */
static void fresh_dir(char *out, size_t n, const char *name)
{
    path_in(out, n, tmp_dir, name);
    rm_tree(out);
    assert_int_equal(mkdir(out, 0777), 0);
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* ---- running the binary ------------------------------------------------------ */

struct result {
    int status; /* exit status, or 128 + signal */
    char *out;  /* captured stdout, NUL terminated */
    char *err;  /* captured stderr */
};

/* Captured output not yet freed: a failing assertion jumps out of a test
 * before result_free, so teardown frees what is left. */
static char *live[64];

static char *keep(char *p)
{
    for (size_t i = 0; p && i < sizeof live / sizeof live[0]; i++)
        if (!live[i]) {
            live[i] = p;
            return p;
        }
    return p;
}

static void release(char *p)
{
    for (size_t i = 0; p && i < sizeof live / sizeof live[0]; i++)
        if (live[i] == p)
            live[i] = NULL;
    free(p);
}

static void release_all(void)
{
    for (size_t i = 0; i < sizeof live / sizeof live[0]; i++) {
        free(live[i]);
        live[i] = NULL;
    }
}

static void result_free(struct result *r)
{
    release(r->out);
    release(r->err);
    memset(r, 0, sizeof *r);
}

/* A started child whose stdout and stderr go to files. */
struct job {
    pid_t pid; /* 0: not started */
    char out_path[4096], err_path[4096];
};

/* Start argv (argv[0] is the program path) with stdin from /dev/null and
 * stdout and stderr captured. */
static void job_start(struct job *j, const char *const *argv)
{
    static int seq;
    char name[64];
    seq++;
    snprintf(name, sizeof name, "run-%03d.out", seq);
    path_in(j->out_path, sizeof j->out_path, tmp_dir, name);
    snprintf(name, sizeof name, "run-%03d.err", seq);
    path_in(j->err_path, sizeof j->err_path, tmp_dir, name);

    posix_spawn_file_actions_t fa;
    assert_int_equal(posix_spawn_file_actions_init(&fa), 0);
    assert_int_equal(posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0), 0);
    assert_int_equal(
        posix_spawn_file_actions_addopen(&fa, 1, j->out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644),
        0);
    assert_int_equal(
        posix_spawn_file_actions_addopen(&fa, 2, j->err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644),
        0);
    int rc = posix_spawn(&j->pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        j->pid = 0;
        print_error("cannot start %s: %s\n", argv[0], strerror(rc));
    }
    assert_int_equal(rc, 0);
}

/* Wait for the job to end and collect what it wrote. */
static struct result job_finish(struct job *j)
{
    if (j->pid <= 0) {
        print_error("the command was never started\n");
        fail();
    }
    int ws;
    while (waitpid(j->pid, &ws, 0) < 0)
        assert_int_equal(errno, EINTR);
    j->pid = 0;
    struct result r = {0};
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
    r.out = keep(slurp(j->out_path, NULL));
    r.err = keep(slurp(j->err_path, NULL));
    assert_non_null(r.out);
    assert_non_null(r.err);
    remove(j->out_path);
    remove(j->err_path);
    return r;
}

static struct result run_argv(const char *const *argv)
{
    struct job j;
    job_start(&j, argv);
    return job_finish(&j);
}

/* run(vitrine, "render", "--out", dir, NULL) */
static struct result run(const char *prog, ...)
{
    const char *argv[32];
    int n = 0;
    argv[n++] = prog;
    va_list ap;
    va_start(ap, prog);
    for (const char *a; (a = va_arg(ap, const char *)) != NULL;) {
        assert_true(n < 31);
        argv[n++] = a;
    }
    va_end(ap);
    argv[n] = NULL;
    return run_argv(argv);
}

/* The whole command line and its output, for a failing assertion. */
static void show(const char *what, const struct result *r)
{
    print_error("%s: exit %d\n--- stdout ---\n%s--- stderr ---\n%s--------------\n", what,
                r->status, r->out ? r->out : "", r->err ? r->err : "");
}

static void expect_status(const char *what, const struct result *r, int status)
{
    if (r->status != status) {
        print_error("expected exit %d\n", status);
        show(what, r);
        fail();
    }
}

static void expect_in(const char *what, const struct result *r, const char *text,
                      const char *needle)
{
    if (!strstr(text, needle)) {
        print_error("expected \"%s\" in the output\n", needle);
        show(what, r);
        fail();
    }
}

/* ---- setup ------------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    vitrine = getenv("VITRINE");
    vitrine_stage1 = getenv("VITRINE_STAGE1");
    const char *bin = getenv("VITRINE_BINARY_DIR"), *src = getenv("VITRINE_SOURCE_DIR");
    if (!vitrine || !bin || !src) {
        fprintf(stderr, "VITRINE, VITRINE_BINARY_DIR and VITRINE_SOURCE_DIR must be set "
                        "(run through ctest)\n");
        return -1;
    }
    snprintf(bundled_store, sizeof bundled_store, "%s/pyongyang-2014.vitrine", bin);
    snprintf(exhibit_src, sizeof exhibit_src, "%s/content/exhibits/pyongyang-2014", src);
    const char *t = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/vitrine-cli-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmp_dir)) {
        fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
        return -1;
    }

    char why[512];
    struct store *s;
    if (store_open_file(bundled_store, &s, why, sizeof why) != 0) {
        fprintf(stderr, "the bundled exhibit does not open: %s\n", why);
        return -1;
    }
    struct arena a;
    arena_init(&a, 4096);
    struct store_info info;
    int rc = store_info(s, NULL, &a, &info, why, sizeof why);
    n_panels = rc == 0 ? info.n_panels : 0;
    arena_free(&a);
    store_close(s);
    if (rc != 0 || n_panels < 1) {
        fprintf(stderr, "the bundled exhibit has no panels: %s\n", why);
        return -1;
    }
    return 0;
}

static void reap_jobs(void);

static int teardown(void **state)
{
    (void)state;
    reap_jobs();
    release_all();
    if (!getenv("VITRINE_KEEP_TMP"))
        rm_tree(tmp_dir);
    else
        fprintf(stderr, "kept %s\n", tmp_dir);
    IMG_Quit();
    SDL_Quit();
    return 0;
}

/* ---- 1. render --------------------------------------------------------------- */

/* Distinct colours (counted up to `cap`) and the share of pixels that differ
 * from the top left one (the background). */
static void picture_stats(SDL_Surface *s, int cap, int *colours, double *differ)
{
    enum { SLOTS = 4096 };
    static uint32_t seen[SLOTS];
    static unsigned char used[SLOTS];
    memset(used, 0, sizeof used);
    *colours = 0;
    const uint8_t *row0 = s->pixels;
    uint32_t bg = ((const uint32_t *)row0)[0] & 0xFFFFFFu;
    long diff = 0;
    for (int y = 0; y < s->h; y++) {
        const uint32_t *row = (const uint32_t *)(row0 + (size_t)y * (size_t)s->pitch);
        for (int x = 0; x < s->w; x++) {
            uint32_t c = row[x] & 0xFFFFFFu;
            diff += c != bg;
            if (*colours >= cap)
                continue;
            uint32_t h = (c * 2654435761u) >> 20;
            while (used[h % SLOTS] && seen[h % SLOTS] != c)
                h++;
            if (!used[h % SLOTS]) {
                used[h % SLOTS] = 1;
                seen[h % SLOTS] = c;
                (*colours)++;
            }
        }
    }
    *differ = (double)diff / ((double)s->w * s->h);
}

static void expect_picture(const char *path, int w, int h)
{
    int pw = 0, ph = 0;
    if (image_probe_png(path, &pw, &ph) != 0) {
        print_error("%s is not a PNG\n", path);
        fail();
    }
    if (pw != w || ph != h) {
        print_error("%s is %dx%d, expected %dx%d\n", path, pw, ph, w, h);
        fail();
    }
    SDL_Surface *img = IMG_Load(path);
    if (!img)
        print_error("IMG_Load %s: %s\n", path, SDL_GetError());
    assert_non_null(img);
    SDL_Surface *argb = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(img);
    assert_non_null(argb);
    int colours;
    double differ;
    picture_stats(argb, 1000, &colours, &differ);
    SDL_FreeSurface(argb);
    if (colours <= 20 || differ < 0.01) {
        print_error("%s looks blank: %d colours, %.2f%% of pixels differ from the background\n",
                    path, colours, differ * 100);
        fail();
    }
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void render_at(int w, int h)
{
    char size[32], dir[4096], name[64];
    snprintf(size, sizeof size, "%dx%d", w, h);
    snprintf(name, sizeof name, "render-%s", size);
    path_in(dir, sizeof dir, tmp_dir, name); /* render creates it */
    rm_tree(dir);
    struct result r = run(vitrine, "render", "--out", dir, "--size", size, NULL);
    expect_status("vitrine render", &r, 0);
    result_free(&r);

    /* one PNG per panel, numbered in panel order, and the contact sheet */
    DIR *d = opendir(dir);
    assert_non_null(d);
    typedef char name_t[256];
    name_t *names = (name_t *)keep(calloc((size_t)n_panels + 64, sizeof *names));
    assert_non_null(names);
    int n = 0, sheet = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 4, ".png") != 0)
            continue;
        if (strcmp(e->d_name, "contact-sheet.png") == 0) {
            sheet = 1;
            continue;
        }
        assert_true(n < n_panels + 64 && len < sizeof *names);
        memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    assert_true(sheet);
    if (n != n_panels) {
        print_error("%s: %d panel PNGs for %d panels\n", dir, n, n_panels);
        fail();
    }
    qsort(names, (size_t)n, sizeof *names, cmp_name);
    for (int i = 0; i < n; i++) {
        char want[16], path[4096];
        snprintf(want, sizeof want, "%03d-", i + 1);
        if (strncmp(names[i], want, 4) != 0) {
            print_error("%s: panel %d is %s\n", dir, i + 1, names[i]);
            fail();
        }
        path_in(path, sizeof path, dir, names[i]);
        expect_picture(path, w, h);
    }
    release((char *)names);

    /* the sheet holds every panel as a 480 px wide thumbnail (image.h) */
    char sheet_path[4096];
    path_in(sheet_path, sizeof sheet_path, dir, "contact-sheet.png");
    int sw = 0, sh = 0, cols = 1, g = image_gutter(480);
    assert_int_equal(image_probe_png(sheet_path, &sw, &sh), 0);
    while (cols * cols < n)
        cols++;
    int rows = (n + cols - 1) / cols, thumb_h = (int)((480.0 * h) / w + 0.5);
    assert_int_equal(sw, cols * 480 + (cols + 1) * g);
    assert_int_equal(sh, rows * thumb_h + (rows + 1) * g);
    assert_true(sw > 480 && sh > thumb_h);
    expect_picture(sheet_path, sw, sh);
    rm_tree(dir);
}

static void render_landscape(void **state)
{
    (void)state;
    render_at(1280, 800);
}

static void render_portrait(void **state)
{
    (void)state;
    render_at(1080, 1920);
}

/* ---- 2. bad content ---------------------------------------------------------- */

static sqlite3 *open_rw(const char *path)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    return db;
}

static void exec_sql(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK) {
        print_error("%s: %s\n", sql, err ? err : "?");
        sqlite3_free(err);
        fail();
    }
}

/* Edit a copy of the real store with SQL. */
static void doctored_store(const char *path, const char *sql)
{
    copy_file(bundled_store, path, 0);
    sqlite3 *db = open_rw(path);
    exec_sql(db, sql);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

enum bad_kind { BAD_MISSING, BAD_RANDOM, BAD_TRUNCATED, BAD_TRIGGER, BAD_VERSION, BAD_HUGE_ROW };

struct bad_case {
    enum bad_kind kind;
    const char *file;
    /* the reason must contain one of these words */
    const char *reasons[4];
};

static const struct bad_case bad_cases[] = {
    {BAD_MISSING, "missing.vitrine", {"not exist", "No such file", "not found", "cannot"}},
    {BAD_RANDOM, "random.vitrine", {"not a SQLite", "not a vitrine", "damaged", "not a database"}},
    {BAD_TRUNCATED, "truncated.vitrine", {"damaged", "malformed", "corrupt", "truncated"}},
    {BAD_TRIGGER, "trigger.vitrine", {"trigger", NULL}},
    {BAD_VERSION, "version.vitrine", {"schema version", "version 99", NULL}},
    {BAD_HUGE_ROW, "huge-row.vitrine", {"too long", "too large", NULL}},
};

static void make_bad(const struct bad_case *c, const char *path)
{
    remove(path);
    switch (c->kind) {
    case BAD_MISSING:
        break;
    case BAD_RANDOM: {
        size_t n = 64 * 1024;
        char *buf = malloc(n);
        assert_non_null(buf);
        uint64_t x = 0x9E3779B97F4A7C15ull;
        for (size_t i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[i] = (char)(x >> 24);
        }
        spit(path, buf, n);
        free(buf);
        break;
    }
    case BAD_TRUNCATED: {
        struct stat st;
        assert_int_equal(stat(bundled_store, &st), 0);
        copy_file(bundled_store, path, (long)st.st_size / 2);
        break;
    }
    case BAD_TRIGGER:
        doctored_store(path, "CREATE TRIGGER no_delete BEFORE DELETE ON panel"
                             " BEGIN SELECT raise(ABORT, 'no'); END;");
        break;
    case BAD_VERSION:
        doctored_store(path, "PRAGMA user_version = 99;");
        break;
    case BAD_HUGE_ROW:
        /* 10 MiB of text as the first panel's body, in every locale; the
         * second's, which the kiosk then shows first, short: its first
         * panel change (the run's third frame) comes at the shortest
         * dwell, 7 s, not the 16 s of its own text */
        doctored_store(path, "UPDATE panel_text SET body = hex(zeroblob(5242880))"
                             " WHERE position = 0;"
                             "UPDATE panel_text SET body = 'A short panel.' WHERE position = 1;");
        break;
    }
}

/* Lines of text holding needle. */
static int lines_with(const char *text, const char *needle, const char **first)
{
    int n = 0;
    *first = NULL;
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *hit = strstr(line, needle);
        if (hit && hit < line + len) {
            if (!n)
                *first = line;
            n++;
        }
        line += len + (end ? 1 : 0);
    }
    return n;
}

static int line_has(const char *line, const char *needle)
{
    size_t len = strcspn(line, "\n");
    const char *hit = strstr(line, needle);
    return hit && hit < line + len;
}

/* The kiosk runs take a few seconds each: an idle kiosk presents a frame
 * only when something changes, so --frames 3 lasts into the first panel
 * change. They are all started at once, before the tests that check them. */
#define N_BAD (sizeof bad_cases / sizeof bad_cases[0])
static struct job bad_jobs[N_BAD], frames_job;
static char bad_paths[N_BAD][4096];

static void start_kiosk_runs(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_BAD; i++) {
        assert_int_equal((int)bad_cases[i].kind, (int)i);
        path_in(bad_paths[i], sizeof bad_paths[i], tmp_dir, bad_cases[i].file);
        make_bad(&bad_cases[i], bad_paths[i]);
        const char *argv[] = {vitrine,  "run",     "--frames",  "3",          "--windowed",
                              "--size", "640x400", "--content", bad_paths[i], NULL};
        job_start(&bad_jobs[i], argv);
    }
    const char *argv[] = {vitrine, "run", "--frames", "5", "--windowed", "--size", "800x600", NULL};
    job_start(&frames_job, argv);
}

/* Children a failed test did not wait for end on their own; wait for them
 * before their output folder goes. */
static void reap_jobs(void)
{
    for (size_t i = 0; i <= N_BAD; i++) {
        struct job *j = i < N_BAD ? &bad_jobs[i] : &frames_job;
        if (j->pid > 0)
            waitpid(j->pid, NULL, 0);
        j->pid = 0;
    }
}

static void bad_content_case(const struct bad_case *c)
{
    const char *path = bad_paths[c->kind];
    char what[256];

    /* the kiosk: falls back to the built-in exhibit (or, for one bad panel,
     * shows the others) and says why in one line */
    snprintf(what, sizeof what, "vitrine run --content %s", c->file);
    struct result r = job_finish(&bad_jobs[c->kind]);
    expect_status(what, &r, 0);
    const char *line;
    int n = lines_with(r.err, path, &line);
    int reason = 0;
    if (c->kind == BAD_HUGE_ROW) {
        /* the store opens; its first panel is refused */
        const char *l2;
        int k = lines_with(r.err, "too long", &l2);
        if (k < 1 || !line_has(l2, "panel")) {
            print_error("expected a line refusing panel 1 for its too long text\n");
            show(what, &r);
            fail();
        }
    } else {
        if (n != 1) {
            print_error("expected exactly one line naming %s, found %d\n", path, n);
            show(what, &r);
            fail();
        }
        for (int i = 0; i < 4 && c->reasons[i]; i++)
            reason |= line_has(line, c->reasons[i]);
        if (!reason || !line_has(line, "built-in")) {
            print_error("the line naming %s gives no reason or does not say \"built-in\"\n", path);
            show(what, &r);
            fail();
        }
    }
    result_free(&r);

    /* proofing: refused, never silently the built-in exhibit */
    char out[4096], name[128];
    snprintf(name, sizeof name, "proof-%s", c->file);
    path_in(out, sizeof out, tmp_dir, name);
    rm_tree(out);
    snprintf(what, sizeof what, "vitrine render --content %s", c->file);
    r = run(vitrine, "render", "--content", path, "--out", out, "--size", "640x400", NULL);
    if (r.status == 0 || r.status >= 128) {
        print_error("expected a failure exit status\n");
        show(what, &r);
        fail();
    }
    const char *key = c->kind == BAD_HUGE_ROW ? "too long" : path;
    expect_in(what, &r, r.err, key);
    char sheet[4096];
    path_in(sheet, sizeof sheet, out, "contact-sheet.png");
    assert_int_not_equal(access(sheet, F_OK), 0);
    result_free(&r);
    rm_tree(out);
    remove(path);
}

static void bad_missing(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_MISSING]);
}

static void bad_random_bytes(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_RANDOM]);
}

static void bad_truncated(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_TRUNCATED]);
}

static void bad_trigger(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_TRIGGER]);
}

static void bad_user_version(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_VERSION]);
}

static void bad_huge_row(void **state)
{
    (void)state;
    bad_content_case(&bad_cases[BAD_HUGE_ROW]);
}

/* The refusal is shown to staff (log line, on-screen notice, proofing
 * error) as plain sentences: the reason's own full stop is not doubled or
 * followed by a semicolon ("does not exist.; showing", "exist.. Showing"). */
static void refusal_reads_as_plain_sentences(void **state)
{
    (void)state;
    char path[4096], out[4096];
    path_in(path, sizeof path, tmp_dir, "nowhere.vitrine");
    path_in(out, sizeof out, tmp_dir, "proof-nowhere");
    remove(path);
    rm_tree(out);
    struct result r = run(vitrine, "render", "--content", path, "--out", out, NULL);
    const char *what = "vitrine render --content MISSING";
    expect_status(what, &r, 1);
    expect_in(what, &r, r.err, path);
    if (strstr(r.err, ".;") || strstr(r.err, "..")) {
        print_error("doubled punctuation after the reason\n");
        show(what, &r);
        fail();
    }
    result_free(&r);
    rm_tree(out);
}

/* Without a built-in exhibit, refused content leaves nothing to show: a
 * clean failure with the reason, not a crash. */
static void stage1_without_fallback_fails_cleanly(void **state)
{
    (void)state;
    if (!vitrine_stage1) {
        print_message("VITRINE_STAGE1 not set\n");
        fail();
    }
    char path[4096];
    path_in(path, sizeof path, tmp_dir, "stage1-missing.vitrine");
    remove(path);
    struct result r = run(vitrine_stage1, "run", "--frames", "3", "--windowed", "--size", "640x400",
                          "--content", path, NULL);
    if (r.status != 1) {
        show("vitrine-stage1 run --content MISSING", &r);
        fail();
    }
    expect_in("vitrine-stage1 run", &r, r.err, path);
    expect_in("vitrine-stage1 run", &r, r.err, "no built-in exhibit");
    result_free(&r);
}

/* ---- 3. bundle build ----------------------------------------------------------- */

static void bundle_builds_the_exhibit(void **state)
{
    (void)state;
    char outdir[4096], out[4096];
    fresh_dir(outdir, sizeof outdir, "bundle-ok");
    path_in(out, sizeof out, outdir, "exhibit.vitrine");
    struct result r = run(vitrine, "bundle", "build", exhibit_src, "-o", out, NULL);
    expect_status("vitrine bundle build", &r, 0);
    result_free(&r);
    char why[512];
    struct store *s = NULL;
    if (store_open_file(out, &s, why, sizeof why) != 0) {
        print_error("%s does not open: %s\n", out, why);
        fail();
    }
    struct arena a;
    arena_init(&a, 4096);
    struct store_info info;
    int rc = store_info(s, NULL, &a, &info, why, sizeof why);
    int panels = rc == 0 ? info.n_panels : -1;
    arena_free(&a);
    store_close(s);
    if (rc != 0)
        print_error("%s: %s\n", out, why);
    assert_int_equal(panels, n_panels);
    assert_int_equal(count_entries(outdir), 1); /* no temporary file left */
    rm_tree(outdir);
}

/* A copy of the sources with panels/<file> replaced by `yaml`; builds it
 * and expects exit 1, no output and no temporary file left behind. */
static struct result build_broken(const char *name, const char *file, const char *yaml)
{
    char src[4096], panel[4200], outdir[4096], out[4096], dname[128];
    snprintf(dname, sizeof dname, "src-%s", name);
    path_in(src, sizeof src, tmp_dir, dname);
    rm_tree(src);
    copy_tree(exhibit_src, src);
    snprintf(panel, sizeof panel, "%s/panels/%s", src, file);
    assert_int_equal(access(panel, F_OK), 0);
    spit(panel, yaml, strlen(yaml));
    snprintf(dname, sizeof dname, "out-%s", name);
    fresh_dir(outdir, sizeof outdir, dname);
    path_in(out, sizeof out, outdir, "exhibit.vitrine");
    struct result r = run(vitrine, "bundle", "build", src, "-o", out, NULL);
    expect_status("vitrine bundle build (broken)", &r, 1);
    if (count_entries(outdir) != 0) {
        print_error("%s holds files after a failed build\n", outdir);
        show("vitrine bundle build (broken)", &r);
        fail();
    }
    rm_tree(src);
    rm_tree(outdir);
    return r;
}

static void bundle_reports_file_and_line(void **state)
{
    (void)state;
    /* line 3: a key no panel has; line 5: a figure that is not a number */
    static const char yaml[] = "kind: statistic\n"
                               "heading: The distance\n"
                               "colour: red\n"
                               "figure:\n"
                               "  value: two\n"
                               "  unit: km\n"
                               "  suffix: \" km\"\n"
                               "  label: the full marathon course\n"
                               "  sources: [ctv, rw]\n"
                               "sources: [ctv, rw]\n";
    struct result r = build_broken("keys", "03-distance.yaml", yaml);
    expect_in("bundle build, unknown key", &r, r.err, "panels/03-distance.yaml:3:");
    expect_in("bundle build, unknown key", &r, r.err, "colour");
    expect_in("bundle build, figure \"two\"", &r, r.err, "panels/03-distance.yaml:5:");
    result_free(&r);
}

static void bundle_refuses_text_that_cannot_fit(void **state)
{
    (void)state;
    static const char *const pool[] = {"On",       "13",      "April",   "2014,", "North",
                                       "Korea's",  "capital", "held",    "its",   "international",
                                       "marathon", "and",     "runners", "came",  "from",
                                       "abroad."};
    size_t cap = 16384, len = 0;
    char *yaml = keep(malloc(cap));
    assert_non_null(yaml);
    len += (size_t)snprintf(yaml + len, cap - len,
                            "kind: story\nchapter: The race\nheading: A marathon opens its gates\n"
                            "body: >-\n ");
    for (int i = 0; i < 400; i++)
        len += (size_t)snprintf(yaml + len, cap - len, " %s%s", pool[i % 16],
                                i % 12 == 11 ? "\n " : "");
    len += (size_t)snprintf(yaml + len, cap - len, "\nsources: [online, ctv, rw]\n");
    assert_true(len < cap - 1);
    struct result r = build_broken("long", "02-open-to-foreigners.yaml", yaml);
    release(yaml);
    const char *what = "bundle build, 400 words";
    /* in plain words, at the body's line, once for every size and both
     * languages (the same text in each): what to do, by how much */
    expect_in(what, &r, r.err,
              "panels/02-open-to-foreigners.yaml:4: the body of panel '02-open-to-foreigners' "
              "is too long for the screen at ");
    expect_in(what, &r, r.err, ": at the smallest text size it needs ");
    expect_in(what, &r, r.err, "; shorten it by about ");
    expect_in(what, &r, r.err, " words, or split the panel");
    int sized = 0;
    static const char *const sizes[] = {"1920x1080", "1080x1920", "3840x2160",
                                        "1280x800",  "800x480",   "1024x768",
                                        "768x1024",  "1366x768",  "2560x1440"};
    for (int i = 0; i < 9; i++)
        sized += strstr(r.err, sizes[i]) != NULL;
    const char *first = strstr(r.err, "the body of panel");
    if (sized < 2 || !first || strstr(first + 1, "the body of panel") ||
        strstr(r.err, "floor size")) {
        print_error("expected one message naming several screen sizes\n");
        show(what, &r);
        fail();
    }
    result_free(&r);
}

/* ---- 4. usage ------------------------------------------------------------------ */

static void usage_errors(void **state)
{
    (void)state;
    struct result r = run(vitrine, "--no-such-option", NULL);
    expect_status("vitrine --no-such-option", &r, 2);
    expect_in("vitrine --no-such-option", &r, r.err, "--no-such-option");
    result_free(&r);

    r = run(vitrine, "render", "--out", tmp_dir, "--bogus", NULL);
    expect_status("vitrine render --bogus", &r, 2);
    expect_in("vitrine render --bogus", &r, r.err, "--bogus");
    result_free(&r);

    r = run(vitrine, "run", "--size", "10x10", NULL);
    expect_status("vitrine run --size 10x10", &r, 2);
    expect_in("vitrine run --size 10x10", &r, r.err, "--size");
    result_free(&r);

    r = run(vitrine, "render", "--size", "wide", "--out", tmp_dir, NULL);
    expect_status("vitrine render --size wide", &r, 2);
    result_free(&r);

    r = run(vitrine, "render", "--frames", "3", "--out", tmp_dir, NULL);
    expect_status("vitrine render --frames 3", &r, 2);
    expect_in("vitrine render --frames 3", &r, r.err, "--frames");
    result_free(&r);

    r = run(vitrine, "render", NULL);
    expect_status("vitrine render (no --out)", &r, 2);
    expect_in("vitrine render (no --out)", &r, r.err, "--out");
    result_free(&r);

    r = run(vitrine, "bundle", NULL);
    expect_status("vitrine bundle", &r, 2);
    result_free(&r);

    r = run(vitrine, "bundle", "build", NULL);
    expect_status("vitrine bundle build", &r, 2);
    result_free(&r);

    r = run(vitrine, "frobnicate", NULL);
    expect_status("vitrine frobnicate", &r, 2);
    expect_in("vitrine frobnicate", &r, r.err, "frobnicate");
    result_free(&r);

    r = run(vitrine, "--help", NULL);
    expect_status("vitrine --help", &r, 0);
    expect_in("vitrine --help", &r, r.out, "usage");
    expect_in("vitrine --help", &r, r.out, "render");
    expect_in("vitrine --help", &r, r.out, "bundle build");
    result_free(&r);

    r = run(vitrine, "render", "--help", NULL);
    expect_status("vitrine render --help", &r, 0);
    expect_in("vitrine render --help", &r, r.out, "--out");
    result_free(&r);
}

/* ---- 5. the kiosk on the offscreen driver -------------------------------------- */

static void run_a_few_frames(void **state)
{
    (void)state;
    struct result r = job_finish(&frames_job);
    expect_status("vitrine run --frames 5 --windowed --size 800x600", &r, 0);
    expect_in("vitrine run --frames 5 --windowed --size 800x600", &r, r.err, "800x600");
    result_free(&r);
}

/* ---- --locale names one of the exhibit's languages --------------------------- */

static void unknown_locale(void **state)
{
    (void)state;
    char out[4096];
    fresh_dir(out, sizeof out, "locale-xx");
    /* proofing: refused before anything is drawn, with the languages there are */
    struct result r = run(vitrine, "render", "--locale", "xx", "--out", out, NULL);
    expect_status("vitrine render --locale xx", &r, 2);
    expect_in("vitrine render --locale xx", &r, r.err,
              "vitrine render: the exhibit has no language 'xx'; it has: en (English), "
              "fr (Fran\303\247ais)");
    int lines = 0;
    for (const char *c = r.err; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, 1);
    assert_int_equal(count_entries(out), 0);
    result_free(&r);

    /* the kiosk never stays black: it starts in its default language and says why */
    r = run(vitrine, "run", "--locale", "xx", "--frames", "1", "--windowed", "--size", "320x240",
            NULL);
    expect_status("vitrine run --locale xx", &r, 0);
    expect_in("vitrine run --locale xx", &r, r.err,
              "the exhibit has no language 'xx'; it has: en (English), fr (Fran\303\247ais). "
              "Showing English.");
    result_free(&r);

    /* a language code is not case-sensitive */
    r = run(vitrine, "render", "--locale", "EN", "--size", "320x240", "--out", out, NULL);
    expect_status("vitrine render --locale EN", &r, 0);
    result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_kiosk_runs),
        cmocka_unit_test(usage_errors),
        cmocka_unit_test(render_landscape),
        cmocka_unit_test(render_portrait),
        cmocka_unit_test(bundle_builds_the_exhibit),
        cmocka_unit_test(bundle_reports_file_and_line),
        cmocka_unit_test(bundle_refuses_text_that_cannot_fit),
        cmocka_unit_test(run_a_few_frames),
        cmocka_unit_test(bad_missing),
        cmocka_unit_test(bad_random_bytes),
        cmocka_unit_test(bad_truncated),
        cmocka_unit_test(bad_trigger),
        cmocka_unit_test(bad_user_version),
        cmocka_unit_test(bad_huge_row),
        cmocka_unit_test(stage1_without_fallback_fails_cleanly),
        cmocka_unit_test(refusal_reads_as_plain_sentences),
        cmocka_unit_test(unknown_locale),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
