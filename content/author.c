/* author.c - compile an exhibit's YAML sources into a content store.
 *
 * The build as a whole (see author_internal.h for its parts): its state,
 * the errors it collects and how they are reported, reading a source file
 * into a tree, and the two phases. Parsing reads exhibit.yaml and every
 * panels/NAME.yaml into a small tree per file (every node keeps its line),
 * checks every rule of content/README.md and collects the errors; each valid
 * panel is then handed, once per locale, to the optional fit check exactly
 * as the store reader will return it. Only when no error was found does
 * writing start.
 *
 * LIMITATIONS: YAML anchors and aliases are refused (no billion laughs);
 * YAML files are at most 1 MB, images 20 MB; at most 50 errors are reported.
 * DEPENDENCIES: libyaml (yaml-0.1), SQLite, POSIX. */
#include "author.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "author_internal.h"
#include "image_probe.h"
#include "source_file.h"

/* One reported error. Errors are shown file by file (in the order the files
 * were read), each file's errors by line. */
struct errrec {
    int run; /* which stretch of one file */
    int line;
    int seq;
    const char *file;
    char text[ERROR_LINE_MAX];
};

void build_warning(struct build *b, const char *file, int line, const char *fmt, ...)
{
    if (!b->opts || !b->opts->warn)
        return;
    char msg[ERROR_LINE_MAX], line_text[ERROR_LINE_MAX + 300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(line_text, sizeof line_text, "%s:%d: %s", file ? file : "?", line, msg);
    else
        snprintf(line_text, sizeof line_text, "%s: %s", file ? file : "?", msg);
    b->opts->warn(b->opts->warn_ctx, line_text);
}

const char *ltext_stored(const struct build *b, const struct ltext *t, int l)
{
    return l == b->def || (t->given & LOCALE_BIT(l)) ? t->s[l] : NULL;
}

void build_error(struct build *b, const char *file, int line, const char *fmt, ...)
{
    b->nerr++;
    if (b->nerr > MAX_ERRORS)
        return;
    char msg[ERROR_LINE_MAX - 128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    struct errrec *e = &b->errs[b->nerr - 1];
    e->seq = b->nerr;
    e->line = line;
    e->file = file;
    /* a file's later errors (e.g. unused sources) join its first ones */
    e->run = 0;
    for (int i = 0; i < b->nerr - 1; i++) {
        if (strcmp(b->errs[i].file, file) == 0) {
            e->run = b->errs[i].run;
            break;
        }
        if (b->errs[i].run >= e->run)
            e->run = b->errs[i].run + 1;
    }
    if (line > 0)
        snprintf(e->text, sizeof e->text, "%s:%d: %s", file, line, msg);
    else
        snprintf(e->text, sizeof e->text, "%s: %s", file, msg);
}

static int by_place(const void *x, const void *y)
{
    const struct errrec *a = x, *c = y;
    if (a->run != c->run)
        return a->run < c->run ? -1 : 1;
    if (a->line != c->line)
        return a->line < c->line ? -1 : 1;
    return a->seq < c->seq ? -1 : a->seq > c->seq;
}

/* The errors, one per line, into why; only whole lines when it is short. */
static void errors_out(struct build *b, char *why, size_t why_len)
{
    int n = b->nerr < MAX_ERRORS ? b->nerr : MAX_ERRORS;
    qsort(b->errs, (size_t)n, sizeof *b->errs, by_place);
    size_t o = 0;
    why[0] = '\0';
    for (int i = 0; i <= n; i++) {
        const char *text = i < n ? b->errs[i].text : NULL;
        if (i == n && b->nerr > MAX_ERRORS)
            text = "(more errors not shown)";
        if (!text)
            break;
        size_t len = strlen(text) + (o ? 1 : 0);
        if (o + len >= why_len) {
            if (o == 0)
                snprintf(why, why_len, "%s", text);
            break;
        }
        o += (size_t)snprintf(why + o, why_len - o, "%s%s", o ? "\n" : "", text);
    }
}

void *build_alloc(struct build *b, size_t n)
{
    void *p = arena_alloc(&b->a, n ? n : 1);
    if (!p && !b->oom) {
        b->oom = 1;
        build_error(b, b->cur ? b->cur : "author", 0, "out of memory");
    }
    return p;
}

char *build_strndup(struct build *b, const char *s, size_t n)
{
    char *d = build_alloc(b, n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

char *build_printf(struct build *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *d = build_alloc(b, (size_t)n + 1);
    if (!d)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(d, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return d;
}

const struct ynode *build_load_yaml(struct build *b, const char *rel)
{
    char *path = build_printf(b, "%s/%s", b->src_dir, rel);
    unsigned char *buf = NULL;
    size_t len;
    char why[256];
    if (!path)
        return NULL;
    if (source_file_read(path, MAX_YAML_BYTES, &buf, &len, why, sizeof why) != 0) {
        ERR(b, 0, "%s", why);
        return NULL;
    }
    arena_reset(&b->fa);
    struct ytree_error err;
    const struct ynode *root = ytree_load(&b->fa, buf, len, &err);
    free(buf);
    if (!root && err.oom) {
        if (!b->oom)
            ERR(b, 0, "out of memory");
        b->oom = 1;
    } else if (!root) {
        ERR(b, err.line, "%s", err.msg);
    }
    return root;
}

void *build_font_load(struct build *b, const char *file, int line, size_t *size)
{
    char why[256];
    unsigned char *buf = NULL;
    char *path = build_printf(b, "%s/%s", b->src_dir, file);
    if (!path)
        return NULL;
    if (source_file_read(path, STORE_MAX_FONT, &buf, size, why, sizeof why) != 0) {
        ERR(b, line, "font \"%s\" %s", file, why);
        return NULL;
    }
    /* the sfnt versions of TrueType and OpenType: 00 01 00 00, "true",
     * "OTTO"; a collection ("ttcf") or a web font is not one font */
    static const char *const magic[] = {"\x00\x01\x00\x00", "true", "OTTO"};
    int known = 0;
    for (size_t i = 0; i < sizeof magic / sizeof magic[0] && *size >= 4; i++)
        known |= memcmp(buf, magic[i], 4) == 0;
    void *copy = known ? build_alloc(b, *size) : NULL;
    if (copy)
        memcpy(copy, buf, *size);
    else if (!known)
        ERR(b, line, "font \"%s\" is not a TrueType or OpenType font file (.ttf or .otf)", file);
    free(buf);
    return copy;
}

/* Read and check an image; malloc'd bytes, or NULL after reporting. */
unsigned char *build_image_load(struct build *b, const char *file, int line, size_t *size,
                                const char **mime, unsigned long *w, unsigned long *h)
{
    char why[256];
    char *path = build_printf(b, "%s/%s", b->src_dir, file);
    if (!path)
        return NULL;
    unsigned char *data = image_probe_load(path, size, mime, w, h, why, sizeof why);
    if (!data)
        ERR(b, line, "image.file \"%s\" %s", file, why);
    return data;
}

int build_locale_index(const struct build *b, const char *code)
{
    for (int i = 0; i < b->nloc; i++)
        if (strcmp(b->loc[i], code) == 0)
            return i;
    return -1;
}

const char *build_locale_list(struct build *b)
{
    char buf[MAX_LOCALES * 40] = "";
    size_t o = 0;
    for (int i = 0; i < b->nloc && o < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", i ? ", " : "", b->loc[i]);
    return build_printf(b, "%s", buf);
}

int build_source_index(const struct build *b, const char *id)
{
    for (int i = 0; i < b->nsrc; i++)
        if (strcmp(b->src[i].id, id) == 0)
            return i;
    return -1;
}

/* ---- the build -------------------------------------------------------- */

int author_build(const char *src_dir, const char *out_path, const struct author_opts *opts,
                 char *why, size_t why_len)
{
    struct build *b = calloc(1, sizeof *b);
    struct errrec *errs = calloc(MAX_ERRORS, sizeof *errs);
    int rc = -1;
    if (why && why_len)
        why[0] = '\0';
    if (!b || !errs || !src_dir || !out_path) {
        if (why && why_len)
            snprintf(why, why_len, "author: %s",
                     !src_dir || !out_path ? "no folder or output" : "out of memory");
        free(b);
        free(errs);
        return -1;
    }
    b->src_dir = src_dir;
    b->opts = opts;
    b->errs = errs;
    arena_init(&b->a, 64 * 1024);
    arena_init(&b->fa, 64 * 1024);

    exhibit_parse(b);
    if (b->nerr < MAX_ERRORS)
        panels_parse(b);
    b->cur = "exhibit.yaml";
    for (int i = 0; i < b->nsrc && b->nerr < MAX_ERRORS; i++)
        if (!b->src[i].used && b->npan > 0 && !b->unloaded)
            ERR(b, b->src[i].line, "source \"%s\" is never cited", b->src[i].id);
    if (b->nerr == 0 && author_write(b, out_path) == 0)
        rc = 0;
    if (rc != 0 && b->nerr == 0)
        build_error(b, out_path, 0, "cannot write the store");
    if (rc != 0 && why && why_len)
        errors_out(b, why, why_len);
    build_hyphens_free(b);
    arena_free(&b->a);
    arena_free(&b->fa);
    free(errs);
    free(b);
    return rc;
}
