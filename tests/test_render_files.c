/* `vitrine render` and `bundle build` with hostile content, run as staff
 * would run them: an exhibit of hundreds of panels renders in memory that
 * does not grow with the panel count, its contact sheet in pages
 * (contact-sheet-01.png, ...); a full disk leaves no truncated picture
 * behind and says the disk is full; a character no font has is refused by
 * name at build time. */
#define _DEFAULT_SOURCE /* wait4 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

static const char *vitrine;
static char root[64];

/* Run argv with stdout and stderr to log; fsize_limit > 0 caps the size of
 * any file it writes (writes past it fail with EFBIG, as on a full disk).
 * Returns the exit status (128 + signal), and the child's peak RSS in KiB. */
static int run(char *const argv[], const char *log, long fsize_limit, long *maxrss_kib)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        if (fsize_limit > 0) {
            signal(SIGXFSZ, SIG_IGN);
            struct rlimit rl = {(rlim_t)fsize_limit, (rlim_t)fsize_limit};
            setrlimit(RLIMIT_FSIZE, &rl);
        }
        execv(argv[0], argv);
        _exit(127);
    }
    int st = 0;
    struct rusage ru;
    assert_int_equal(wait4(pid, &st, 0, &ru), pid);
    if (maxrss_kib)
        *maxrss_kib = ru.ru_maxrss;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* root/NAME with panels/ and an exhibit.yaml of one English source; dir
 * receives the exhibit's folder. */
static void exhibit_dir(const char *name, char *dir, size_t dir_len)
{
    char path[512];
    snprintf(dir, dir_len, "%s/%s", root, name);
    snprintf(path, sizeof path, "%s/panels", dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/exhibit.yaml", dir);
    write_file(path, "id: test\nversion: \"1\"\ndefault_locale: en\nlocales:\n  en: English\n"
                     "title: A test exhibit\nsources:\n  - id: s\n    cite: A source\n"
                     "    description: A source.\n");
}

/* An exhibit of n story panels (hard links to one file: creating thousands
 * of files is slow on some file systems), built into root/NAME.vitrine. */
static void build_exhibit(const char *name, int n, char *store, size_t store_len)
{
    char dir[256], path[512], first[512], log[512];
    exhibit_dir(name, dir, sizeof dir);
    snprintf(first, sizeof first, "%s/panels/00000.yaml", dir);
    write_file(first, "kind: story\nheading: A panel\nbody: A few words of text.\nsources: [s]\n");
    for (int i = 1; i < n; i++) {
        snprintf(path, sizeof path, "%s/panels/%05d.yaml", dir, i);
        assert_int_equal(link(first, path), 0);
    }
    snprintf(store, store_len, "%s/%s.vitrine", root, name);
    snprintf(log, sizeof log, "%s/%s-build.log", root, name);
    char *argv[] = {(char *)vitrine, "bundle", "build", dir, "-o", store, NULL};
    int rc = run(argv, log, 0, NULL);
    if (rc != 0) {
        char *text = read_all(log);
        fail_msg("bundle build: %s", text);
    }
}

static int count_files(const char *dir, const char *prefix, const char *suffix)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name), sl = strlen(suffix);
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0 && l >= sl &&
             strcmp(e->d_name + l - sl, suffix) == 0;
    }
    closedir(d);
    return n;
}

static long render_peak(const char *store, int n, const char *size)
{
    char out[256], log[256];
    snprintf(out, sizeof out, "%s/out-%d", root, n);
    snprintf(log, sizeof log, "%s/render-%d.log", root, n);
    char *argv[] = {(char *)vitrine, "render", "--content", (char *)store, "--size",
                    (char *)size,    "--out",  out,         NULL};
    long kib = 0;
    int rc = run(argv, log, 0, &kib);
    if (rc != 0) {
        char *text = read_all(log);
        fail_msg("render of %d panels: status %d: %s", n, rc, text);
    }
    assert_int_equal(count_files(out, "", ".png") - count_files(out, "contact-sheet", ".png"), n);
    int pages = count_files(out, "contact-sheet-", ".png");
    assert_int_equal(pages, (n + 47) / 48); /* 48 thumbnails a page */
    assert_int_equal(count_files(out, "contact-sheet.png", ""), 0);
    assert_int_equal(count_files(out, "", ".tmp"), 0);
    return kib;
}

/* Twice the panels, the same memory: before, every thumbnail stayed in
 * memory until one sheet held them all (about 0.5 MB a panel, and a crash
 * past 2 GB). */
static void memory_does_not_grow_with_panels(void **state)
{
    (void)state;
    char small[512], big[512];
    build_exhibit("three-hundred", 300, small, sizeof small);
    build_exhibit("six-hundred", 600, big, sizeof big);
    long a = render_peak(small, 300, "320x200");
    long b = render_peak(big, 600, "320x200");
    print_message("peak RSS: 300 panels %ld KiB, 600 panels %ld KiB\n", a, b);
    /* 300 more panels: under 32 MiB more (before: about 150 MiB more; the
     * margin is AddressSanitizer's quarantine, which moves with allocation
     * patterns in the sanitizer build) */
    assert_true(b - a < 32 * 1024);
}

/* A disk that fills up (here: a file size limit, which fails writes with
 * EFBIG as ENOSPC would): render says the disk is full, exits with a
 * failure, and no truncated PNG is left under a real name. */
static void a_full_disk_leaves_no_truncated_picture(void **state)
{
    (void)state;
    char out[256], log[256];
    snprintf(out, sizeof out, "%s/full", root);
    snprintf(log, sizeof log, "%s/full.log", root);
    char *argv[] = {(char *)vitrine, "render", "--size", "1280x800", "--out", out, NULL};
    int rc = run(argv, log, 20 * 1024, NULL); /* every panel PNG is larger than 20 KiB */
    char *text = read_all(log);
    print_message("render onto a full disk: status %d: %s", rc, text);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(text, "the disk is full"));
    assert_int_equal(count_files(out, "", ".png"), 0);
    assert_int_equal(count_files(out, "", ".tmp"), 0);
    free(text);
}

/* A character no installed font has would show as a box: bundle build
 * refuses the exhibit, naming the file, the field and the character. */
static void a_character_no_font_has_refuses_the_build(void **state)
{
    (void)state;
    char dir[256], path[512], store[512], log[512];
    exhibit_dir("pua", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/panels/01-title.yaml", dir);
    write_file(path, "kind: title\nheading: Fine\nsources: [s]\n");
    snprintf(path, sizeof path, "%s/panels/02-story.yaml", dir);
    write_file(path, "kind: story\nheading: A private \xEE\x80\x80 sign\nbody: Text.\n"
                     "sources: [s]\n");
    snprintf(store, sizeof store, "%s/pua.vitrine", root);
    snprintf(log, sizeof log, "%s/pua.log", root);
    char *argv[] = {(char *)vitrine, "bundle", "build", dir, "-o", store, NULL};
    int rc = run(argv, log, 0, NULL);
    char *text = read_all(log);
    print_message("%s", text);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(text, "panels/02-story.yaml"));
    assert_non_null(strstr(text, "heading"));
    assert_non_null(strstr(text, "U+E000"));
    assert_int_not_equal(access(store, F_OK), 0);
    free(text);
}

/* Staff read what render says: a refused store is never "shown" (render
 * shows nothing), and --out naming a file says so. */
static void render_says_what_it_did(void **state)
{
    (void)state;
    char junk[256], out[256], log[256];
    snprintf(junk, sizeof junk, "%s/junk.vitrine", root);
    write_file(junk, "not an exhibit at all\n");
    snprintf(out, sizeof out, "%s/proof", root);
    snprintf(log, sizeof log, "%s/junk.log", root);
    char *a1[] = {(char *)vitrine, "render", "--content", junk, "--out", out, NULL};
    assert_int_equal(run(a1, log, 0, NULL), 1);
    char *text = read_all(log);
    assert_null(strstr(text, "Showing the built-in exhibit"));
    assert_non_null(strstr(text, "Nothing was rendered"));
    free(text);
    char *a2[] = {(char *)vitrine, "render", "--out", junk, NULL};
    assert_int_equal(run(a2, log, 0, NULL), 1);
    text = read_all(log);
    assert_non_null(strstr(text, "is a file, not a folder"));
    free(text);
}

static int setup(void **state)
{
    (void)state;
    vitrine = getenv("VITRINE");
    snprintf(root, sizeof root, "/tmp/vitrine-render-XXXXXX");
    return vitrine && mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory_does_not_grow_with_panels),
        cmocka_unit_test(a_full_disk_leaves_no_truncated_picture),
        cmocka_unit_test(a_character_no_font_has_refuses_the_build),
        cmocka_unit_test(render_says_what_it_did),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
