/* cmd_import.c - the staff commands for signed bundles:
 *   vitrine import FILE [--state-dir DIR] [--keys DIR] [--size WxH]
 *   vitrine rollback [--state-dir DIR]
 *   vitrine bundle verify FILE [--keys DIR]
 *   vitrine bundle inspect FILE [--keys DIR]
 * `import` is also what the running kiosk runs, as a child process, when a
 * stick appears (cmd_run.c): the import reads hostile input, so it runs
 * where a crash or a runaway allocation cannot take the screen down. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "cli.h"
#include "clock.h"
#include "content_check.h"
#include "fault.h"
#include "fsio_posix.h"
#include "hyphenation.h"
#include "generations.h"
#include "import.h"
#include "kiosk_check.h"
#include "locale_rules.h"
#include "log.h"
#include "minisig.h"
#include "photo.h"
#include "source_file.h"
#include "speech_check.h"
#include "staff.h"

/* How long `vitrine import` and `vitrine rollback` wait for another import
 * or roll back (generations.h, gen_lock) before saying it is busy: a
 * roll back takes milliseconds, a kiosk's import of a big bundle minutes,
 * so this waits out the one and does not hang a shell on the other. */
#define LOCK_WAIT_MS 10000u

struct import_cli {
    struct content_check *check;
    int w, h;
    FILE *progress; /* --progress-fd, or NULL */
    int last_pct;
    enum import_stage last_stage;
    uint64_t stage_t0; /* when last_stage began (for --verbose) */
};

static void progress_cb(void *ctx, enum import_stage stage, uint64_t done, uint64_t total,
                        const char *text);

/* Each clip the check decodes (seconds each): said on the kiosk's progress
 * bar, so that staff see it move and a crash there names the clip. */
static void check_step(void *ctx, int done, int total, const char *what)
{
    progress_cb(ctx, IMPORT_STAGE_CONTENT, (uint64_t)done, (uint64_t)total, what);
    fault_point("import-clip", NULL);
}

static int check_cb(void *ctx, struct store *s, const struct import_result *r, char *why,
                    size_t why_len)
{
    struct import_cli *c = ctx;
    if (!c->check) {
        c->check = content_check_new(why, why_len);
        if (c->check)
            content_check_on_step(c->check, check_step, c);
    }
    if (!c->check || content_check_store(c->check, s, c->w, c->h, NULL, why, why_len) != 0)
        return -1;
    /* then everything the kiosk draws with the exhibit's strings */
    return kiosk_check(store_name(s), c->w, c->h, r, why, why_len);
}

/* Progress for the kiosk (a line per percent or stage) or for a person. */
static void progress_cb(void *ctx, enum import_stage stage, uint64_t done, uint64_t total,
                        const char *text)
{
    struct import_cli *c = ctx;
    int pct = total ? (int)(done * 100 / total) : -1;
    if (stage == c->last_stage && pct == c->last_pct)
        return;
    if (stage != c->last_stage) {
        uint64_t now = clock_now_ms();
        if (c->stage_t0)
            log_debug("import", "stage %d took %llu ms", (int)c->last_stage,
                      (unsigned long long)(now - c->stage_t0));
        c->stage_t0 = now;
    }
    c->last_stage = stage;
    c->last_pct = pct;
    if (c->progress) {
        fprintf(c->progress, "progress %d %llu %llu %s\n", (int)stage, (unsigned long long)done,
                (unsigned long long)total, text);
        fflush(c->progress);
    } else if (pct < 0 || pct == 100) {
        printf("%s%s\n", text, pct == 100 ? ": done" : "...");
    }
}

/* A field of the result line: no tabs or line ends. */
static void put_field(FILE *f, const char *s)
{
    fputc('\t', f);
    for (; *s; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

static const char *outcome_word(enum import_outcome o)
{
    static const char *const words[] = {"loaded", "same", "refused", "failed"};
    return words[o];
}

int cmd_import(const struct options *o)
{
    if (o->n_positional != 1) {
        fprintf(stderr,
                "vitrine import: usage: vitrine import FILE [--state-dir DIR] [--keys DIR]\n");
        return 2;
    }
    /* the kiosk's own child runs as the service's user; a shell as root
     * would leave a generation the service cannot tidy */
    if (!o->progress_fd && cli_refuse_root(o, "import", o->positional[0]))
        return 1;
    struct import_cli c = {.w = o->width ? o->width : 1920,
                           .h = o->height ? o->height : 1080,
                           .last_pct = -2,
                           .last_stage = (enum import_stage) - 1};
    if (o->progress_fd) {
        /* run by the kiosk: leave the CPU to the frames visitors see */
        if (nice(10) == -1)
            log_debug("import", "could not lower the import's priority");
        c.progress = fdopen((int)o->progress_fd, "w");
        if (!c.progress) {
            fprintf(stderr, "vitrine import: --progress-fd %ld: %s\n", o->progress_fd,
                    strerror(errno));
            return 2;
        }
    }
    struct import_opts io = {.state_dir = o->state_dir,
                             .keys_dir = o->keys,
                             .io = fsio_posix(),
                             .check = check_cb,
                             .check_ctx = &c,
                             .progress = progress_cb,
                             .progress_ctx = &c,
                             .lock_wait_ms = LOCK_WAIT_MS,
                             /* the kiosk's child reads a stick (or its inbox); a shell, a file */
                             .source = o->progress_fd ? "the stick" : "the file"};
    struct import_result r;
    enum import_outcome out = import_bundle(o->positional[0], &io, &r);
    progress_cb(&c, (enum import_stage) - 1, 0, 0, "done"); /* times the last stage */
    content_check_free(c.check);
    if (c.progress) {
        fprintf(c.progress, "result %s", outcome_word(out));
        put_field(c.progress, r.why);
        put_field(c.progress, r.title);
        put_field(c.progress, r.version);
        fprintf(c.progress, "\t%d", r.n_panels);
        put_field(c.progress, r.signer);
        put_field(c.progress, r.generation);
        fputc('\n', c.progress);
        fclose(c.progress);
    }
    switch (out) {
    case IMPORT_LOADED: {
        char who[128];
        import_signer_words(o->keys, r.signer, who, sizeof(who));
        log_info("import", "loaded %s version %s (%d panels, signed by %s) as %s", r.title,
                 r.version, r.n_panels, who, r.generation);
        printf("Loaded: %s, version %s, %d panels (signed by %s).\n", r.title, r.version,
               r.n_panels, who);
        return 0;
    }
    case IMPORT_SAME:
        printf("Already loaded: %s.\n", r.why);
        return 3;
    default:
        log_error("import", "not loaded: %s", r.why);
        fprintf(stderr, "Not loaded: %s.\n", r.why);
        return 1;
    }
}

int cmd_rollback(const struct options *o)
{
    if (o->n_positional) {
        fprintf(stderr, "vitrine rollback: usage: vitrine rollback [--state-dir DIR]\n");
        return 2;
    }
    if (cli_refuse_root(o, "rollback", ""))
        return 1;
    char why[512];
    struct gen_state after;
    struct gen_lock lk;
    if (gen_lock(&lk, o->state_dir, 0, why, sizeof(why)) != 0 && lk.busy) {
        printf("Waiting for another import or roll back to finish (at most %u s)...\n",
               LOCK_WAIT_MS / 1000u);
        fflush(stdout);
        gen_lock(&lk, o->state_dir, LOCK_WAIT_MS, why, sizeof(why));
    }
    if (lk.fd < 0) {
        log_error("rollback", "%s", why);
        fprintf(stderr, "Not rolled back: %s.\n", why);
        return 1;
    }
    gen_recover(fsio_posix(), &lk, NULL, why, sizeof(why));
    if (gen_repair(fsio_posix(), &lk, import_gen_whole, NULL, NULL, why, sizeof(why)) > 0) {
        log_warn("rollback", "repaired: %s", why);
        printf("Repaired first: %s.\n", why);
    }
    int rc = gen_rollback(fsio_posix(), &lk, &after, why, sizeof(why));
    gen_unlock(&lk);
    if (rc != 0) {
        log_error("rollback", "%s", why);
        fprintf(stderr, "Not rolled back: %s.\n", why);
        return 1;
    }
    struct import_result r;
    if (import_describe(o->state_dir, after.current, &r) == 0)
        printf("Rolled back: now showing %s, version %s (%d panels).\n", r.title, r.version,
               r.n_panels);
    else
        printf("Rolled back to %s, but it cannot be opened: %s.\n", after.current, r.why);
    log_info("rollback", "rolled back to %s (was %s)", after.current, after.previous);
    return 0;
}

int cmd_staff_pin(const struct options *o)
{
    char line[64], hash[STAFF_HASH_MAX], why[256];
    if (o->n_positional || !fgets(line, sizeof(line), stdin)) {
        fprintf(stderr, "vitrine staff-pin: usage: echo PIN | vitrine staff-pin\n");
        return 2;
    }
    /* one line: its end (LF, or CRLF from a Windows editor) is not part of
     * the PIN; any other character is, and is refused ("4711\r" alone,
     * "4711 ") rather than quietly dropped */
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\n') {
        line[--n] = '\0';
        if (n > 0 && line[n - 1] == '\r')
            line[--n] = '\0';
    }
    if (staff_pin_hash(line, hash, why, sizeof(why)) != 0) {
        fprintf(stderr, "vitrine staff-pin: %s\n", why);
        return 1;
    }
    sodium_memzero(line, sizeof(line));
    printf("staff_pin_hash = %s\n", hash);
    return 0;
}

/* Read the bundle, hash it, check its signature against --keys. 0, or -1
 * with why. The signer's id in signer (17 bytes). */
/* A key file the key folder holds but that cannot be used: a warning,
 * and the other keys still work. */
static void key_skipped(void *ctx, const char *why)
{
    (void)ctx;
    log_warn("keys", "a trusted key is skipped: %s", why);
}

static int verify_file(const char *path, const char *keys_dir, char *signer, char *comment,
                       size_t comment_len, char *why, size_t why_len)
{
    char sig_path[4096], text[IMPORT_SIG_MAX];
    struct minisig_sig sig;
    signer[0] = '\0';
    snprintf(sig_path, sizeof(sig_path), "%s.minisig", path);
    int fd = open(sig_path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "not signed: %.400s is missing", sig_path);
        return -1;
    }
    ssize_t n = read(fd, text, sizeof(text));
    close(fd);
    if (n < 0 || minisig_parse_sig(text, (size_t)(n < 0 ? 0 : n), &sig, why, why_len) != 0) {
        if (n < 0)
            snprintf(why, why_len, "%.400s cannot be read", sig_path);
        return -1;
    }
    minisig_key_id_hex(sig.key_id, signer);
    snprintf(comment, comment_len, "%s", sig.trusted_comment);
    struct minisig_hash h;
    minisig_hash_init(&h);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "%s cannot be read: %s", path, strerror(errno));
        return -1;
    }
    char buf[65536];
    while ((n = read(fd, buf, sizeof(buf))) > 0)
        minisig_hash_update(&h, buf, (size_t)n);
    close(fd);
    if (n < 0) {
        snprintf(why, why_len, "%s cannot be read: %s", path, strerror(errno));
        return -1;
    }
    uint8_t hash[MINISIG_HASH_BYTES];
    minisig_hash_final(&h, hash);
    struct minisig_key keys[MINISIG_MAX_KEYS];
    int n_keys = 0, which;
    if (minisig_load_keys(keys_dir, keys, MINISIG_MAX_KEYS, &n_keys, key_skipped, NULL, why,
                          why_len) != 0)
        return -1;
    return minisig_verify(&sig, hash, keys, n_keys, &which, why, why_len);
}

/* The kiosk drilled with the bundle's strings as an import would give them
 * (kiosk_check.h): 0, or -1 with why. */
static int kiosk_check_as_imported(const char *path, struct store *s, const char *signer, int w,
                                   int h, char *why, size_t why_len)
{
    struct import_result r;
    struct store_info info;
    struct arena a;
    memset(&r, 0, sizeof(r));
    arena_init(&a, 4096);
    if (store_info(s, NULL, &a, &info, why, why_len) != 0) {
        arena_free(&a);
        return -1;
    }
    snprintf(r.title, sizeof(r.title), "%s", info.title ? info.title : "");
    snprintf(r.version, sizeof(r.version), "%s", info.version ? info.version : "");
    snprintf(r.signer, sizeof(r.signer), "%s", signer);
    r.n_panels = info.n_panels;
    arena_free(&a);
    return kiosk_check(path, w, h, &r, why, why_len);
}

static void missing_text(void *ctx, int position, const char *id, const char *field,
                         const char *locale)
{
    FILE *f = ctx;
    fprintf(f, "%spanel %d (%s): %s has no %s text; the default language's is shown\n",
            f == stderr ? "warning: " : "missing:   ", position + 1, id, field, locale);
}

/* Translations missing from the store at path, as warnings on f. */
static void report_missing(const char *path, FILE *f)
{
    struct store *s = NULL;
    char why[512];
    if (store_open_file(path, &s, why, sizeof(why)) != 0) {
        fprintf(f, "%s%s\n", f == stderr ? "warning: " : "problem:   ", why);
        return;
    }
    if (store_missing_texts(s, missing_text, f, why, sizeof(why)) < 0)
        fprintf(f, "%s%s\n", f == stderr ? "warning: " : "problem:   ", why);
    store_close(s);
}

int cmd_bundle_verify(const struct options *o)
{
    if (o->n_positional != 1) {
        fprintf(
            stderr,
            "vitrine bundle verify: usage: vitrine bundle verify FILE [--keys DIR] [--size WxH]\n");
        return 2;
    }
    char why[512], signer[17], comment[MINISIG_COMMENT_MAX];
    if (verify_file(o->positional[0], o->keys, signer, comment, sizeof(comment), why,
                    sizeof(why)) != 0) {
        fprintf(stderr, "%s: NOT verified: %s\n", o->positional[0], why);
        return 1;
    }
    /* the bundle must also be showable: every character in a font (and
     * shaped without a missing glyph), every panel fitting (at --size, default
     * 1920x1080), every photo decodable: what the kiosk checks on import */
    struct store *s = NULL;
    struct content_check *c = NULL;
    int w = o->width ? o->width : 1920, h = o->height ? o->height : 1080;
    if (store_open_file(o->positional[0], &s, why, sizeof(why)) != 0 ||
        store_check_as_built(s, why, sizeof(why)) != 0 ||
        !(c = content_check_new(why, sizeof(why))) ||
        content_check_store(c, s, w, h, NULL, why, sizeof(why)) != 0 ||
        kiosk_check_as_imported(o->positional[0], s, signer, w, h, why, sizeof(why)) != 0) {
        fprintf(stderr, "%s: NOT verified: signed by key %s, but %s\n", o->positional[0], signer,
                why);
        content_check_free(c);
        store_close(s);
        return 1;
    }
    content_check_free(c);
    /* the languages a visitor will read from the right: the page mirrors */
    char rtl[256] = "";
    struct arena ra;
    arena_init(&ra, 16 * 1024);
    struct store_info ri;
    if (store_info(s, NULL, &ra, &ri, why, sizeof(why)) == 0)
        for (int i = 0; i < ri.n_locales; i++)
            if (locale_is_rtl(ri.locales[i]) &&
                strlen(rtl) + strlen(ri.locales[i]) + 3 < sizeof rtl)
                snprintf(rtl + strlen(rtl), sizeof rtl - strlen(rtl), "%s%s", rtl[0] ? ", " : "",
                         ri.locales[i]);
    arena_free(&ra);
    char who[128];
    import_signer_words(o->keys, signer, who, sizeof(who));
    printf("%s: verified, signed by %s (trusted comment: %s); every panel can be shown at "
           "%dx%d, and the kiosk drew its cards, controls, language button, index and staff "
           "screen with the exhibit's text\n",
           o->positional[0], who, comment, w, h);
    if (rtl[0])
        printf("%s: right to left, set with the page mirrored: %s\n", o->positional[0], rtl);
    /* what the audio guide would say: a report, the exit status stays */
    struct speech_check sc;
    if (speech_check_store(s, w, h, stdout, &sc, why, sizeof(why)) != 0)
        printf("speech: not checked: %s\n", why);
    store_close(s);
    report_missing(o->positional[0], stderr);
    return 0;
}

/* Which languages the build hyphenated, and how many of their words. */
static void print_hyphenation(struct store *s, const struct store_info *info)
{
    printf("hyphenated:");
    if (!store_hyphenates(s)) {
        printf(" no (built before exhibits kept their hyphenation: rebuild it to hyphenate it)\n");
        return;
    }
    for (int i = 0; i < info->n_locales; i++) {
        int n = hyphen_table_count(store_hyphens(s, info->locales[i]));
        if (n)
            printf(" %s (%d word%s)", info->locales[i], n, n == 1 ? "" : "s");
        else
            printf(" %s (no dictionary)", info->locales[i]);
    }
    printf("\n");
}

int cmd_bundle_inspect(const struct options *o)
{
    if (o->n_positional != 1) {
        fprintf(stderr, "vitrine bundle inspect: usage: vitrine bundle inspect FILE\n");
        return 2;
    }
    const char *path = o->positional[0];
    char why[1024], signer[17], comment[MINISIG_COMMENT_MAX];
    int problems = 0;
    struct store *s = NULL;
    printf("file:      %s\n", path);
    if (store_open_file(path, &s, why, sizeof(why)) != 0) {
        printf("problem:   %s\n", why);
        return 1;
    }
    struct arena a;
    arena_init(&a, 64 * 1024);
    struct store_info info;
    if (store_info(s, NULL, &a, &info, why, sizeof(why)) != 0) {
        printf("problem:   %s\n", why);
        problems++;
    } else {
        printf("title:     %s\nid:        %s\nversion:   %s\npanels:    %d\nlocales:  ", info.title,
               info.slug, info.version, info.n_panels);
        for (int i = 0; i < info.n_locales; i++)
            printf(" %s (%s%s)", info.locales[i], info.locale_names[i],
                   locale_is_rtl(info.locales[i]) ? ", right to left" : "");
        printf("\n");
        print_hyphenation(s, &info);
        struct store_source *src = NULL;
        int n_src = 0;
        if (store_sources(s, NULL, &a, &src, &n_src, why, sizeof(why)) == 0) {
            printf("sources:   %d\n", n_src);
            for (int i = 0; i < n_src; i++)
                printf("  - %s: %s\n", src[i].id, src[i].cite);
        }
        struct arena pa;
        arena_init(&pa, 64 * 1024);
        /* content on a schedule: every window, with what it covers */
        struct store_window *win = NULL;
        int n_win = 0;
        if (store_windows(s, &a, &win, &n_win, why, sizeof(why)) == 0) {
            if (n_win)
                printf("schedule:  %d window%s\n", n_win, n_win == 1 ? "" : "s");
            else
                printf("schedule:  none (every panel is always shown)\n");
            for (int i = 0; i < n_win; i++) {
                struct panel p;
                arena_reset(&pa);
                const char *id =
                    store_panel_load(s, win[i].first, NULL, &pa, &p, why, sizeof(why)) == 0 ? p.id
                                                                                            : "?";
                if (win[i].scope == STORE_SCOPE_EXHIBIT)
                    printf("  - the exhibit: %s\n", win[i].spec);
                else if (win[i].scope == STORE_SCOPE_CHAPTER)
                    printf("  - the chapter from panel %s (panels %d-%d): %s\n", id,
                           win[i].first + 1, win[i].last + 1, win[i].spec);
                else
                    printf("  - panel %s (%d): %s\n", id, win[i].first + 1, win[i].spec);
            }
        }
        int images = 0;
        for (int i = 0; i < info.n_panels; i++) {
            struct panel p;
            arena_reset(&pa);
            if (store_panel_load(s, i, NULL, &pa, &p, why, sizeof(why)) != 0 ||
                p.kind != PANEL_IMAGE)
                continue;
            struct photo_info pi;
            char pwhy[256];
            if (photo_probe(p.image.data, p.image.size, &pi, pwhy, sizeof(pwhy)) == 0)
                printf("image:     %s %dx%d %s, %zu bytes\n", p.image.name ? p.image.name : p.id,
                       pi.w, pi.h, pi.mime, p.image.size);
            else
                printf("image:     %s: %s\n", p.image.name ? p.image.name : p.id, pwhy);
            images++;
        }
        arena_free(&pa);
        printf("images:    %d\n", images);
        /* each clip as the build decoded it (checked again below) */
        struct store_clip *clips = NULL;
        int n_clips = 0;
        if (store_clips(s, &a, &clips, &n_clips, why, sizeof(why)) == 0) {
            for (int i = 0; i < n_clips; i++) {
                const struct store_clip *k = &clips[i];
                char size[32], captions[48];
                source_size_words((uintmax_t)k->bytes, size, sizeof(size));
                if (k->captioned > 0)
                    snprintf(captions, sizeof captions, "captions in %d language%s", k->captioned,
                             k->captioned == 1 ? "" : "s");
                else
                    snprintf(captions, sizeof captions, "no captions");
                printf("clip:      %s: %s in %s, %dx%d, %lld:%02lld.%lld, %s, %.1f Mbit/s, %s, %s "
                       "(panel %d)\n",
                       k->name, k->codec, k->container, k->w, k->h, k->duration_ms / 60000,
                       k->duration_ms / 1000 % 60, k->duration_ms % 1000 / 100, size,
                       (double)k->bitrate / 1e6, k->audio ? "with sound" : "no sound", captions,
                       k->first_panel + 1);
            }
            printf("clips:     %d\n", n_clips);
        }
        int missing = store_missing_texts(s, missing_text, stdout, why, sizeof(why));
        printf("translations missing: %d\n", missing < 0 ? 0 : missing);
    }
    if (verify_file(path, o->keys, signer, comment, sizeof(comment), why, sizeof(why)) == 0) {
        char who[128];
        import_signer_words(o->keys, signer, who, sizeof(who));
        printf("signer:    %s (trusted here)\n", who);
    } else {
        printf("signer:    %s\nproblem:   %s\n", signer[0] ? signer : "none", why);
        problems++;
    }
    struct content_check *c = content_check_new(why, sizeof(why));
    int w = o->width ? o->width : 1920, h = o->height ? o->height : 1080;
    if (!c || content_check_store(c, s, w, h, NULL, why, sizeof(why)) != 0) {
        printf("problem:   at %dx%d: %s\n", w, h, why);
        problems++;
    } else if (kiosk_check_as_imported(path, s, signer, w, h, why, sizeof(why)) != 0) {
        printf("problem:   %s\n", why); /* names the size itself */
        problems++;
    }
    content_check_free(c);
    printf("problems:  %d\n", problems);
    arena_free(&a);
    store_close(s);
    return problems ? 1 : 0;
}
