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

/* clang-format off */
/* content/schema.sql, verbatim; tests/test_author.c checks they agree. */
const char author_schema_sql[] =
    "-- vitrine content store, schema version 1.\n"
    "--\n"
    "-- One SQLite file per exhibit, written by `vitrine bundle build` and opened\n"
    "-- read-only by the kiosk (content/store.c), which refuses any file whose\n"
    "-- application_id or user_version differs from the values below, or that\n"
    "-- contains triggers or views.\n"
    "--\n"
    "-- Conventions:\n"
    "--  * every piece of visitor-facing text lives in a *_text table keyed by\n"
    "--    locale (BCP 47 tag such as 'en' or 'fr'), so a translation is rows, not\n"
    "--    columns; non-text data (numbers, ordering, asset bytes) is locale free;\n"
    "--  * panels are ordered by `position` (0-based, dense); the kiosk loads one\n"
    "--    panel at a time by position and never needs the whole exhibit in memory;\n"
    "--  * sources are cited per subject: the panel as a whole, its figure, or its\n"
    "--    quote (table citation).\n"
    "\n"
    "PRAGMA application_id = 1448366641;  -- 0x56545231, 'VTR1'\n"
    "PRAGMA user_version = 1;\n"
    "\n"
    "-- Exactly one row: what this exhibit is.\n"
    "CREATE TABLE exhibit (\n"
    "    id             INTEGER PRIMARY KEY CHECK (id = 1),\n"
    "    slug           TEXT NOT NULL,              -- e.g. 'pyongyang-2014'\n"
    "    version        TEXT NOT NULL,              -- the authors' version string\n"
    "    default_locale TEXT NOT NULL REFERENCES locale(code),\n"
    "    built_at       TEXT NOT NULL               -- UTC, ISO 8601, when bundled\n"
    ");\n"
    "\n"
    "-- Locales the exhibit is written in, in the order the language button cycles.\n"
    "CREATE TABLE locale (\n"
    "    code     TEXT PRIMARY KEY,                 -- 'en', 'fr', ...\n"
    "    position INTEGER NOT NULL UNIQUE,\n"
    "    name     TEXT NOT NULL                     -- the language's own name: 'English', 'Français'\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "CREATE TABLE exhibit_text (\n"
    "    locale   TEXT PRIMARY KEY REFERENCES locale(code),\n"
    "    title    TEXT NOT NULL,\n"
    "    subtitle TEXT\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- The articles and other material the exhibit draws on, described as the\n"
    "-- material itself shows it (no invented publisher, URL or date).\n"
    "CREATE TABLE source (\n"
    "    id       TEXT PRIMARY KEY,                 -- short id used in citations, e.g. 'ctv'\n"
    "    position INTEGER NOT NULL UNIQUE,          -- order on the credits panel\n"
    "    file     TEXT                              -- file name of the source text, if any\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "CREATE TABLE source_text (\n"
    "    source_id   TEXT NOT NULL REFERENCES source(id),\n"
    "    locale      TEXT NOT NULL REFERENCES locale(code),\n"
    "    cite        TEXT NOT NULL,                 -- short citation shown on panels\n"
    "    description TEXT NOT NULL,                 -- what it is, as its text shows it\n"
    "    PRIMARY KEY (source_id, locale)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "CREATE TABLE panel (\n"
    "    position INTEGER PRIMARY KEY,              -- 0-based display order\n"
    "    id       TEXT NOT NULL UNIQUE,             -- from the source file name\n"
    "    kind     TEXT NOT NULL CHECK (kind IN ('title', 'story', 'statistic',\n"
    "                                           'quote', 'credits', 'image')),\n"
    "    asset_id INTEGER REFERENCES asset(id)      -- image panels: the photo\n"
    ");\n"
    "\n"
    "CREATE TABLE panel_text (\n"
    "    position INTEGER NOT NULL REFERENCES panel(position),\n"
    "    locale   TEXT NOT NULL REFERENCES locale(code),\n"
    "    chapter  TEXT,                             -- chapter title for the index\n"
    "    heading  TEXT,\n"
    "    body     TEXT,                             -- paragraphs separated by a blank line\n"
    "    note     TEXT,                             -- small print (e.g. where sources disagree)\n"
    "    alt      TEXT,                             -- image panels: description of the photo\n"
    "    PRIMARY KEY (position, locale)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- Statistic panels: the figure as data.\n"
    "CREATE TABLE statistic (\n"
    "    position INTEGER PRIMARY KEY REFERENCES panel(position),\n"
    "    value    REAL NOT NULL,\n"
    "    value_to REAL,                             -- upper end of a range (\"3-4\"), or NULL\n"
    "    decimals INTEGER NOT NULL DEFAULT 0 CHECK (decimals BETWEEN 0 AND 3),\n"
    "    unit     TEXT,                             -- machine unit: 'runners', 'km', 'years'...\n"
    "    part_of  REAL                              -- the whole this value is part of, or NULL\n"
    ");\n"
    "\n"
    "CREATE TABLE statistic_text (\n"
    "    position      INTEGER NOT NULL REFERENCES statistic(position),\n"
    "    locale        TEXT NOT NULL REFERENCES locale(code),\n"
    "    label         TEXT NOT NULL,               -- what the number counts\n"
    "    prefix        TEXT,                        -- shown before the number, e.g. '~'\n"
    "    suffix        TEXT,                        -- shown after it, e.g. ' km'\n"
    "    part_of_label TEXT,                        -- what the whole is\n"
    "    PRIMARY KEY (position, locale)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- Quote panels: verbatim words, who said them, and where.\n"
    "CREATE TABLE quote (\n"
    "    position INTEGER PRIMARY KEY REFERENCES panel(position),\n"
    "    speaker  TEXT NOT NULL,                    -- a name is not translated\n"
    "    language TEXT NOT NULL                     -- language the words were said in\n"
    ");\n"
    "\n"
    "CREATE TABLE quote_text (\n"
    "    position INTEGER NOT NULL REFERENCES quote(position),\n"
    "    locale   TEXT NOT NULL REFERENCES locale(code),\n"
    "    text     TEXT NOT NULL,                    -- verbatim (or a marked translation)\n"
    "    role     TEXT,                             -- who the speaker is\n"
    "    context  TEXT,                             -- where and when it was said\n"
    "    PRIMARY KEY (position, locale)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- Which sources back each panel, figure and quote.\n"
    "CREATE TABLE citation (\n"
    "    position  INTEGER NOT NULL REFERENCES panel(position),\n"
    "    subject   TEXT NOT NULL CHECK (subject IN ('panel', 'figure', 'quote')),\n"
    "    source_id TEXT NOT NULL REFERENCES source(id),\n"
    "    PRIMARY KEY (position, subject, source_id)\n"
    ") WITHOUT ROWID;\n"
    "\n"
    "-- Encoded images (PNG or JPEG), checked at build time.\n"
    "CREATE TABLE asset (\n"
    "    id     INTEGER PRIMARY KEY,\n"
    "    name   TEXT NOT NULL UNIQUE,               -- file name in the authoring sources\n"
    "    mime   TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg')),\n"
    "    width  INTEGER NOT NULL CHECK (width BETWEEN 1 AND 8192),\n"
    "    height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 8192),\n"
    "    data   BLOB NOT NULL\n"
    ");\n";
/* clang-format on */

/* One reported error. Errors are shown file by file (in the order the files
 * were read), each file's errors by line. */
struct errrec {
    int run; /* which stretch of one file */
    int line;
    int seq;
    const char *file;
    char text[ERROR_LINE_MAX];
};

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
    arena_free(&b->a);
    arena_free(&b->fa);
    free(errs);
    free(b);
    return rc;
}
