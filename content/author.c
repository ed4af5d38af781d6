/* author.c - compile an exhibit's YAML sources into a content store.
 *
 * Two phases. Parsing reads exhibit.yaml and every panels/NAME.yaml through
 * libyaml's event API into a small tree per file (every node keeps its line),
 * checks every rule of content/README.md and collects the errors; each valid
 * panel is then handed, once per locale, to the optional fit check exactly as
 * the store reader will return it. Only when no error was found does writing
 * start: a temporary file beside out_path gets the schema and every row in one
 * transaction, is checked, synced and renamed into place.
 *
 * LIMITATIONS: YAML anchors and aliases are refused (no billion laughs);
 * YAML files are at most 1 MB, images 20 MB; at most 50 errors are reported.
 * DEPENDENCIES: libyaml (yaml-0.1), SQLite, POSIX (mkstemp, fsync, rename). */
#define _POSIX_C_SOURCE 200809L

#include "author.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>
#include <yaml.h>

#include "arena.h"
#include "store.h"

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

#define MAX_ERRORS 50
#define MAX_LOCALES STORE_MAX_LOCALES
#define MAX_DEPTH 32
#define MAX_PANELS 4096
#define MAX_SOURCES 1024
#define MAX_YAML_BYTES (1024 * 1024)
#define MAX_IMAGE_BYTES (20 * 1024 * 1024)
#define MAX_IMAGE_SIDE 8192
#define ERROR_LINE_MAX 1024

/* Longest text accepted, bytes of UTF-8. */
#define LEN_TITLE 200
#define LEN_SUBTITLE 400
#define LEN_CHAPTER 200
#define LEN_HEADING 200
#define LEN_BODY 4000
#define LEN_NOTE 1000
#define LEN_LABEL 200
#define LEN_AFFIX 40
#define LEN_QUOTE 1200
#define LEN_NAME 120
#define LEN_ROLE 200
#define LEN_CONTEXT 400
#define LEN_ALT 1000
#define LEN_CITE 200
#define LEN_DESCRIPTION 2000
#define LEN_ID 64
#define LEN_FILE 255

/* ---- the YAML tree ---------------------------------------------------- */

enum ytype { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode {
    enum ytype type;
    int line;      /* 1-based */
    const char *s; /* scalars: value, NUL-terminated */
    size_t len;
    int plain;                /* scalars: unquoted, so it may be a number */
    struct ynode *kid, *last; /* seq: items; map: key, value, key, value... */
    struct ynode *next;
};

/* ---- what the sources say --------------------------------------------- */

/* A localised text: one string per exhibit locale (index as in locales);
 * after parsing, missing locales point at the default locale's text. */
struct ltext {
    const char *s[MAX_LOCALES];
};

struct source {
    const char *id;
    const char *file;
    int line;
    int used;
    struct ltext cite, description;
};

struct cites {
    int *idx; /* into build.src */
    int n;
};

struct figure {
    double value, to, part_of;
    int has_to, has_part_of, decimals;
    const char *unit;
    struct ltext prefix, suffix, label, part_of_label;
    struct cites sources;
};

struct quote {
    const char *speaker, *language;
    struct ltext text, role, context;
    struct cites sources;
};

struct image {
    const char *file; /* relative to src_dir, as written */
    struct ltext alt;
};

struct psrc {
    const char *id;   /* file name without .yaml */
    const char *file; /* "panels/NAME.yaml" */
    int kind;
    int has_chapter;
    struct ltext chapter, heading, body, note;
    struct cites sources;
    struct figure fig;
    struct quote q;
    struct image img;
};

/* One reported error. Errors are shown file by file (in the order the files
 * were read), each file's errors by line. */
struct errrec {
    int run; /* which stretch of one file */
    int line;
    int seq;
    const char *file;
    char text[ERROR_LINE_MAX];
};

struct build {
    const char *src_dir;
    const struct author_opts *opts;
    struct arena a;  /* everything that lives for the whole build */
    struct arena fa; /* one file's tree */
    const char *cur; /* file being read, relative to src_dir */

    struct errrec *errs; /* MAX_ERRORS */
    int nerr;
    int unloaded; /* panel files that could not be read as YAML */
    int oom;

    /* exhibit.yaml */
    const char *slug, *version;
    int nloc, def;
    const char *loc[MAX_LOCALES], *loc_name[MAX_LOCALES];
    int locales_ok, sources_ok;
    struct ltext title, subtitle;
    struct source *src;
    int nsrc;

    struct psrc *pan;
    int npan;
};

/* ---- errors ----------------------------------------------------------- */

static void err_at(struct build *b, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void err_at(struct build *b, const char *file, int line, const char *fmt, ...)
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

#define ERR(b, line, ...) err_at((b), (b)->cur, (line), __VA_ARGS__)

static void *balloc(struct build *b, size_t n)
{
    void *p = arena_alloc(&b->a, n ? n : 1);
    if (!p && !b->oom) {
        b->oom = 1;
        err_at(b, b->cur ? b->cur : "author", 0, "out of memory");
    }
    return p;
}

static char *bstrdup(struct build *b, const char *s, size_t n)
{
    char *d = balloc(b, n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

static char *bprintf(struct build *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static char *bprintf(struct build *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *d = balloc(b, (size_t)n + 1);
    if (!d)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(d, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return d;
}

/* A short, printable quotation of user text for a message: at most 40 bytes,
 * cut on a character boundary, control characters shown as '?'. */
static const char *quoted(char *buf, size_t size, const char *s, size_t len)
{
    size_t max = size - 6 < 40 ? size - 6 : 40;
    size_t n = len;
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    size_t o = 0;
    buf[o++] = '"';
    for (size_t i = 0; i < n; i++)
        buf[o++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7F ? '?' : s[i];
    if (n < len) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '"';
    buf[o] = '\0';
    return buf;
}

static const char *describe(char *buf, size_t size, const struct ynode *n)
{
    if (n->type == Y_SEQ)
        return "a list";
    if (n->type == Y_MAP)
        return "a mapping";
    if (n->len == 0)
        return "empty";
    return quoted(buf, size, n->s, n->len);
}

static size_t edit_distance(const char *a, const char *c)
{
    size_t la = strlen(a), lc = strlen(c);
    if (la > 31 || lc > 31)
        return 99;
    size_t d[32][32];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lc; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lc; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != c[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lc];
}

/* The known word closest to s, if it is close enough to be a likely typo. */
static const char *suggest(const char *s, const char *const *words, int n)
{
    const char *best = NULL;
    size_t best_d = 3;
    for (int i = 0; i < n; i++) {
        size_t d = edit_distance(s, words[i]);
        if (d < best_d && d < strlen(s)) {
            best = words[i];
            best_d = d;
        }
    }
    return best;
}

/* ---- files ------------------------------------------------------------ */

/* Read a whole regular file of at most max bytes into malloc'd memory.
 * 0, or -1 with a reason in why. */
static int read_file(const char *path, size_t max, unsigned char **out, size_t *len, char *why,
                     size_t why_len)
{
    *out = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "cannot read: %s", strerror(errno));
        return -1;
    }
    int rc = -1;
    unsigned char *buf = NULL;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, why_len, "cannot read: %s", strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "is not a regular file");
        goto done;
    }
    if ((uintmax_t)st.st_size > max) {
        snprintf(why, why_len, "is too large (%jd bytes; at most %zu)", (intmax_t)st.st_size, max);
        goto done;
    }
    size_t size = (size_t)st.st_size, got = 0;
    buf = malloc(size + 1);
    if (!buf) {
        snprintf(why, why_len, "out of memory");
        goto done;
    }
    while (got < size) {
        ssize_t r = read(fd, buf + got, size - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, why_len, "cannot read: %s", strerror(errno));
            goto done;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    buf[got] = '\0';
    *out = buf;
    *len = got;
    buf = NULL;
    rc = 0;
done:
    free(buf);
    close(fd);
    return rc;
}

/* ---- YAML to tree ----------------------------------------------------- */

static struct ynode *ynode_new(struct build *b, enum ytype type, const yaml_mark_t *mark)
{
    struct ynode *n = arena_alloc(&b->fa, sizeof *n);
    if (!n) {
        if (!b->oom)
            ERR(b, 0, "out of memory");
        b->oom = 1;
        return NULL;
    }
    n->type = type;
    n->line = (int)mark->line + 1;
    return n;
}

static int count_lines(const unsigned char *buf, size_t len, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset && i < len; i++)
        line += buf[i] == '\n';
    return line;
}

static void yaml_error(struct build *b, const yaml_parser_t *p, const unsigned char *buf,
                       size_t len)
{
    const char *problem = p->problem ? p->problem : "unknown error";
    switch (p->error) {
    case YAML_READER_ERROR: {
        int line = count_lines(buf, len, p->problem_offset);
        if (strstr(problem, "UTF-8") || strstr(problem, "Unicode"))
            ERR(b, line, "text is not valid UTF-8 (%s at byte %zu)", problem, p->problem_offset);
        else
            ERR(b, line, "%s (byte %zu)", problem, p->problem_offset);
        break;
    }
    case YAML_SCANNER_ERROR:
    case YAML_PARSER_ERROR:
        if (p->context)
            ERR(b, (int)p->problem_mark.line + 1, "YAML syntax error: %s (%s at line %d)", problem,
                p->context, (int)p->context_mark.line + 1);
        else
            ERR(b, (int)p->problem_mark.line + 1, "YAML syntax error: %s", problem);
        break;
    case YAML_MEMORY_ERROR:
        ERR(b, 0, "out of memory while reading YAML");
        break;
    default:
        ERR(b, 0, "cannot read YAML: %s", problem);
        break;
    }
}

/* Parse one file's text into a tree in b->fa; NULL after reporting errors. */
static struct ynode *yaml_load(struct build *b, const unsigned char *buf, size_t len)
{
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        ERR(b, 0, "out of memory while reading YAML");
        return NULL;
    }
    yaml_parser_set_input_string(&p, buf, len);
    yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);

    struct ynode *stack[MAX_DEPTH];
    int depth = 0, docs = 0, ok = 1, done = 0;
    struct ynode *root = NULL;
    while (!done && ok) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            yaml_error(b, &p, buf, len);
            ok = 0;
            break;
        }
        struct ynode *n = NULL;
        const yaml_char_t *anchor = NULL;
        int line = (int)ev.start_mark.line + 1;
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = 1;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++docs > 1) {
                ERR(b, line, "only one YAML document per file (a second one starts here)");
                ok = 0;
            }
            break;
        case YAML_ALIAS_EVENT:
            ERR(b, line, "YAML aliases (*%s) are not allowed; write the value out",
                (const char *)ev.data.alias.anchor);
            ok = 0;
            break;
        case YAML_SCALAR_EVENT:
            anchor = ev.data.scalar.anchor;
            n = ynode_new(b, Y_SCALAR, &ev.start_mark);
            if (n) {
                n->s = arena_strndup(&b->fa, (const char *)ev.data.scalar.value,
                                     ev.data.scalar.length);
                n->len = ev.data.scalar.length;
                n->plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
                if (!n->s)
                    n = NULL;
            }
            break;
        case YAML_SEQUENCE_START_EVENT:
            anchor = ev.data.sequence_start.anchor;
            n = ynode_new(b, Y_SEQ, &ev.start_mark);
            break;
        case YAML_MAPPING_START_EVENT:
            anchor = ev.data.mapping_start.anchor;
            n = ynode_new(b, Y_MAP, &ev.start_mark);
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            if (depth > 0)
                depth--;
            break;
        default:
            break;
        }
        if (ok && anchor) {
            ERR(b, line, "YAML anchors (&%s) are not allowed", (const char *)anchor);
            ok = 0;
        }
        if (ok && (ev.type == YAML_SCALAR_EVENT || ev.type == YAML_SEQUENCE_START_EVENT ||
                   ev.type == YAML_MAPPING_START_EVENT)) {
            if (!n) {
                ok = 0;
            } else {
                if (depth == 0) {
                    root = n;
                } else {
                    struct ynode *parent = stack[depth - 1];
                    if (parent->last)
                        parent->last->next = n;
                    else
                        parent->kid = n;
                    parent->last = n;
                }
                if (n->type != Y_SCALAR) {
                    if (depth == MAX_DEPTH) {
                        ERR(b, line, "nested too deeply (more than %d levels)", MAX_DEPTH);
                        ok = 0;
                    } else {
                        stack[depth++] = n;
                    }
                }
            }
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    if (!ok)
        return NULL;
    if (!root || (root->type == Y_SCALAR && root->plain && root->len == 0)) {
        ERR(b, 1, "the file is empty");
        return NULL;
    }
    if (root->type != Y_MAP) {
        ERR(b, root->line, "the file must be a mapping of keys to values, not %s",
            root->type == Y_SEQ ? "a list" : "text");
        return NULL;
    }
    return root;
}

/* ---- checking values -------------------------------------------------- */

static int is_null(const struct ynode *n)
{
    return n->type == Y_SCALAR && n->plain &&
           (n->len == 0 || strcmp(n->s, "~") == 0 || strcmp(n->s, "null") == 0 ||
            strcmp(n->s, "Null") == 0 || strcmp(n->s, "NULL") == 0);
}

/* Match a mapping's keys against `keys`: vals[i] (and klines[i]) get the
 * value (and line) of keys[i]. Unknown, duplicated and non-text keys are
 * errors. `where` names the mapping in messages ("" at top level). */
static int map_keys(struct build *b, const struct ynode *map, const char *where,
                    const char *const *keys, int nkeys, const struct ynode **vals, int *klines)
{
    int ok = 1;
    char q[64];
    for (int i = 0; i < nkeys; i++) {
        vals[i] = NULL;
        if (klines)
            klines[i] = 0;
    }
    for (const struct ynode *k = map->kid; k && k->next; k = k->next->next) {
        const struct ynode *v = k->next;
        if (k->type != Y_SCALAR) {
            ERR(b, k->line, "keys must be plain words, not %s", describe(q, sizeof q, k));
            ok = 0;
            continue;
        }
        int i = 0;
        while (i < nkeys && strcmp(k->s, keys[i]) != 0)
            i++;
        if (i == nkeys) {
            const char *hint = suggest(k->s, keys, nkeys);
            char h[96] = "";
            if (hint)
                snprintf(h, sizeof h, " (did you mean \"%s\"?)", hint);
            ERR(b, k->line, "unknown key %s%s%s%s", quoted(q, sizeof q, k->s, k->len),
                where[0] ? " in " : "", where, h);
            ok = 0;
        } else if (vals[i]) {
            ERR(b, k->line, "duplicate key \"%s\"%s%s (first at line %d)", keys[i],
                where[0] ? " in " : "", where, klines ? klines[i] : vals[i]->line);
            ok = 0;
        } else {
            vals[i] = v;
            if (klines)
                klines[i] = k->line;
        }
    }
    return ok;
}

static int need(struct build *b, const struct ynode *map, const struct ynode *v, const char *path)
{
    if (v && !is_null(v))
        return 1;
    if (v)
        ERR(b, v->line, "%s is empty", path);
    else
        ERR(b, map->line, "missing required key \"%s\"", path);
    return 0;
}

/* 0 if s[0..len) is valid UTF-8 without control characters (newline is
 * allowed when newline_ok); else -1 with *bad the code point (or -1 for
 * invalid UTF-8). */
static int text_check(const char *str, size_t len, int newline_ok, long *bad)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        unsigned long cp;
        size_t n;
        if (c < 0x80) {
            cp = c;
            n = 1;
        } else if (c >= 0xC2 && c <= 0xDF) {
            cp = c & 0x1F;
            n = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            cp = c & 0x0F;
            n = 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            cp = c & 0x07;
            n = 4;
        } else {
            *bad = -1;
            return -1;
        }
        if (i + n > len) {
            *bad = -1;
            return -1;
        }
        for (size_t k = 1; k < n; k++) {
            if ((s[i + k] & 0xC0) != 0x80) {
                *bad = -1;
                return -1;
            }
            cp = cp << 6 | (s[i + k] & 0x3F);
        }
        if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
            *bad = -1;
            return -1;
        }
        if ((cp < 0x20 && !(cp == '\n' && newline_ok)) || (cp >= 0x7F && cp <= 0x9F)) {
            *bad = (long)cp;
            return -1;
        }
        i += n;
    }
    return 0;
}

/* One text scalar, checked and copied into the build arena. affix: keep
 * surrounding spaces (prefix/suffix); otherwise trailing newlines left by
 * block scalars are dropped. */
static const char *get_text(struct build *b, const struct ynode *n, const char *path, size_t max,
                            int affix)
{
    char q[64];
    if (n->type != Y_SCALAR) {
        ERR(b, n->line, "%s must be text, not %s", path, describe(q, sizeof q, n));
        return NULL;
    }
    size_t len = n->len;
    if (!affix)
        while (len > 0 && n->s[len - 1] == '\n')
            len--;
    if (is_null(n) || len == 0) {
        ERR(b, n->line, "%s is empty", path);
        return NULL;
    }
    long bad;
    if (text_check(n->s, len, !affix, &bad) != 0) {
        if (bad < 0)
            ERR(b, n->line, "%s is not valid UTF-8", path);
        else
            ERR(b, n->line, "%s contains a control character (U+%04lX)", path, (unsigned long)bad);
        return NULL;
    }
    if (len > max) {
        ERR(b, n->line, "%s is too long (%zu bytes; at most %zu)", path, len, max);
        return NULL;
    }
    return bstrdup(b, n->s, len);
}

static int find_locale(const struct build *b, const char *code)
{
    for (int i = 0; i < b->nloc; i++)
        if (strcmp(b->loc[i], code) == 0)
            return i;
    return -1;
}

static const char *locale_list(struct build *b)
{
    char buf[MAX_LOCALES * 40] = "";
    size_t o = 0;
    for (int i = 0; i < b->nloc && o < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", i ? ", " : "", b->loc[i]);
    return bprintf(b, "%s", buf);
}

/* Localised text: a scalar (the default locale) or {locale: text}. Missing
 * locales fall back to the default locale. 0 or -1 (errors reported). */
static int get_ltext(struct build *b, const struct ynode *n, const char *path, size_t max,
                     int affix, struct ltext *out)
{
    memset(out, 0, sizeof *out);
    if (n->type == Y_SCALAR) {
        const char *s = get_text(b, n, path, max, affix);
        if (!s)
            return -1;
        out->s[b->def] = s;
    } else if (n->type == Y_MAP) {
        int ok = 1;
        char q[64];
        for (const struct ynode *k = n->kid; k && k->next; k = k->next->next) {
            if (k->type != Y_SCALAR) {
                ERR(b, k->line, "%s: locale codes must be plain words", path);
                ok = 0;
                continue;
            }
            int li = find_locale(b, k->s);
            char *sub = bprintf(b, "%s (%s)", path, k->s);
            if (!sub)
                return -1;
            if (li < 0) {
                if (b->locales_ok)
                    ERR(b, k->line, "%s: unknown locale %s (exhibit.yaml lists %s)", path,
                        quoted(q, sizeof q, k->s, k->len), locale_list(b));
                ok = 0;
                get_text(b, k->next, sub, max, affix);
                continue;
            }
            if (out->s[li]) {
                ERR(b, k->line, "%s: duplicate locale \"%s\"", path, k->s);
                ok = 0;
                continue;
            }
            out->s[li] = get_text(b, k->next, sub, max, affix);
            if (!out->s[li])
                ok = 0;
        }
        if (!ok)
            return -1;
        if (b->locales_ok && !out->s[b->def]) {
            ERR(b, n->line, "%s has no text in the default locale \"%s\"", path, b->loc[b->def]);
            return -1;
        }
    } else {
        ERR(b, n->line, "%s must be text or a mapping of locale to text, not a list", path);
        return -1;
    }
    for (int i = 0; i < b->nloc; i++)
        if (!out->s[i])
            out->s[i] = out->s[b->def];
    return 0;
}

/* A plain (unquoted) scalar that is a finite decimal number. */
static int get_number(struct build *b, const struct ynode *n, const char *path, double *out)
{
    char q[64];
    if (n->type != Y_SCALAR || !n->plain || n->len == 0 ||
        strspn(n->s, "0123456789+-.eE") != n->len || !strpbrk(n->s, "0123456789")) {
        ERR(b, n->line, "%s must be a number, not %s%s", path,
            n->type == Y_SCALAR && !n->plain ? "the quoted text " : "", describe(q, sizeof q, n));
        return -1;
    }
    char *end;
    errno = 0;
    double v = strtod(n->s, &end);
    if (*end != '\0' || !isfinite(v) || errno == ERANGE) {
        ERR(b, n->line, "%s must be a number, not %s", path, describe(q, sizeof q, n));
        return -1;
    }
    *out = v;
    return 0;
}

static int id_chars_ok(const char *s, const char *extra)
{
    if (!*s)
        return 0;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr(extra, c)))
            return 0;
    }
    return 1;
}

/* A short identifier: letters, digits and the characters in extra. */
static const char *get_id(struct build *b, const struct ynode *n, const char *path,
                          const char *extra, const char *what)
{
    char q[64];
    if (n->type != Y_SCALAR || is_null(n)) {
        ERR(b, n->line, "%s must be %s, not %s", path, what, describe(q, sizeof q, n));
        return NULL;
    }
    if (n->len > LEN_ID || strlen(n->s) != n->len || !id_chars_ok(n->s, extra)) {
        ERR(b, n->line, "%s must be %s, not %s", path, what, quoted(q, sizeof q, n->s, n->len));
        return NULL;
    }
    return bstrdup(b, n->s, n->len);
}

static const char *get_locale_code(struct build *b, const struct ynode *n, const char *path)
{
    const char *code =
        get_id(b, n, path, "-", "a language code such as en, fr or pt-BR (letters, digits, '-')");
    if (code && !((code[0] >= 'a' && code[0] <= 'z') || (code[0] >= 'A' && code[0] <= 'Z'))) {
        ERR(b, n->line, "%s must start with a letter, not \"%s\"", path, code);
        return NULL;
    }
    return code;
}

static int find_source(const struct build *b, const char *id)
{
    for (int i = 0; i < b->nsrc; i++)
        if (strcmp(b->src[i].id, id) == 0)
            return i;
    return -1;
}

/* A list of source ids. `who` names the citing thing in messages. */
static int get_cites(struct build *b, const struct ynode *n, const char *path, const char *who,
                     int required, struct cites *out)
{
    char q[64];
    out->idx = NULL;
    out->n = 0;
    if (n->type != Y_SEQ) {
        ERR(b, n->line, "%s must be a list of source ids such as [ctv], not %s", path,
            describe(q, sizeof q, n));
        return -1;
    }
    int count = 0;
    for (const struct ynode *it = n->kid; it; it = it->next)
        count++;
    if (count == 0) {
        if (required) {
            ERR(b, n->line, "%s must name at least one source", path);
            return -1;
        }
        return 0;
    }
    out->idx = balloc(b, sizeof(int) * (size_t)count);
    if (!out->idx)
        return -1;
    int ok = 1;
    for (const struct ynode *it = n->kid; it; it = it->next) {
        if (it->type != Y_SCALAR || is_null(it)) {
            ERR(b, it->line, "%s must list source ids, not %s", path, describe(q, sizeof q, it));
            ok = 0;
            continue;
        }
        int si = find_source(b, it->s);
        if (si < 0) {
            if (b->sources_ok)
                ERR(b, it->line, "%s names source %s, which exhibit.yaml does not list", who,
                    quoted(q, sizeof q, it->s, it->len));
            ok = 0;
            continue;
        }
        int dup = 0;
        for (int k = 0; k < out->n; k++)
            dup |= out->idx[k] == si;
        if (dup) {
            ERR(b, it->line, "%s lists source \"%s\" twice", path, it->s);
            ok = 0;
            continue;
        }
        b->src[si].used = 1;
        out->idx[out->n++] = si;
    }
    return ok ? 0 : -1;
}

/* ---- exhibit.yaml ----------------------------------------------------- */

enum { EX_ID, EX_VERSION, EX_DEFAULT_LOCALE, EX_LOCALES, EX_TITLE, EX_SUBTITLE, EX_SOURCES, EX_N };
static const char *const exhibit_keys[EX_N] = {
    "id", "version", "default_locale", "locales", "title", "subtitle", "sources",
};

enum { SRC_ID, SRC_FILE, SRC_CITE, SRC_DESCRIPTION, SRC_N };
static const char *const source_keys[SRC_N] = {"id", "file", "cite", "description"};

static void check_source_file(struct build *b, const struct source *s, const struct ynode *n)
{
    char q[64];
    if (strchr(s->file, '/') || strcmp(s->file, ".") == 0 || strcmp(s->file, "..") == 0) {
        ERR(b, n->line, "source \"%s\": file must be a plain file name, not %s", s->id,
            quoted(q, sizeof q, s->file, strlen(s->file)));
        return;
    }
    const char *dir = b->opts ? b->opts->sources_dir : NULL;
    if (!dir)
        return;
    char *path = bprintf(b, "%s/%s", dir, s->file);
    struct stat st;
    if (path && (stat(path, &st) != 0 || !S_ISREG(st.st_mode)))
        ERR(b, n->line, "source \"%s\": file \"%s\" is not in %s", s->id, s->file, dir);
}

static void parse_sources(struct build *b, const struct ynode *list)
{
    char q[64];
    int before = b->nerr;
    if (list->type != Y_SEQ) {
        ERR(b, list->line, "sources must be a list of sources, not %s",
            describe(q, sizeof q, list));
        return;
    }
    int count = 0;
    for (const struct ynode *it = list->kid; it; it = it->next)
        count++;
    if (count > MAX_SOURCES) {
        ERR(b, list->line, "too many sources (%d; at most %d)", count, MAX_SOURCES);
        return;
    }
    b->src = balloc(b, sizeof *b->src * (size_t)(count ? count : 1));
    if (!b->src)
        return;
    for (const struct ynode *it = list->kid; it; it = it->next) {
        if (it->type != Y_MAP) {
            ERR(b, it->line, "each source must be a mapping with id, cite and description, not %s",
                describe(q, sizeof q, it));
            continue;
        }
        const struct ynode *v[SRC_N];
        map_keys(b, it, "a source", source_keys, SRC_N, v, NULL);
        struct source s = {.line = it->line};
        int ok = 1;
        if (need(b, it, v[SRC_ID], "sources.id")) {
            s.id =
                get_id(b, v[SRC_ID], "sources.id", "-_", "a short id (letters, digits, '-', '_')");
            if (s.id && find_source(b, s.id) >= 0) {
                ERR(b, v[SRC_ID]->line, "source \"%s\" is listed twice", s.id);
                s.id = NULL;
            }
        }
        ok &= s.id != NULL;
        if (v[SRC_FILE] && !is_null(v[SRC_FILE])) {
            s.file = get_text(b, v[SRC_FILE], "sources.file", LEN_FILE, 0);
            if (s.file && s.id)
                check_source_file(b, &s, v[SRC_FILE]);
            ok &= s.file != NULL;
        }
        if (need(b, it, v[SRC_CITE], "sources.cite"))
            ok &= get_ltext(b, v[SRC_CITE], "sources.cite", LEN_CITE, 0, &s.cite) == 0;
        else
            ok = 0;
        if (need(b, it, v[SRC_DESCRIPTION], "sources.description"))
            ok &= get_ltext(b, v[SRC_DESCRIPTION], "sources.description", LEN_DESCRIPTION, 0,
                            &s.description) == 0;
        else
            ok = 0;
        if (s.id)
            b->src[b->nsrc++] = s;
        (void)ok;
    }
    b->sources_ok = b->nerr == before;
}

static void parse_locales(struct build *b, const struct ynode *map, const struct ynode *def)
{
    char q[64];
    int before = b->nerr;
    if (map->type != Y_MAP || !map->kid) {
        ERR(b, map->line,
            "locales must be a mapping of language code to its name, e.g. en: English");
        return;
    }
    for (const struct ynode *k = map->kid; k && k->next; k = k->next->next) {
        const char *code = get_locale_code(b, k, "locales");
        if (!code)
            continue;
        if (find_locale(b, code) >= 0) {
            ERR(b, k->line, "locale \"%s\" is listed twice", code);
            continue;
        }
        if (b->nloc == MAX_LOCALES) {
            ERR(b, k->line, "too many locales (at most %d)", MAX_LOCALES);
            break;
        }
        char *path = bprintf(b, "locales.%s", code);
        const char *name = path ? get_text(b, k->next, path, LEN_NAME, 0) : NULL;
        b->loc[b->nloc] = code;
        b->loc_name[b->nloc] = name;
        b->nloc++;
    }
    const char *dcode = get_locale_code(b, def, "default_locale");
    if (dcode && b->nerr == before) {
        b->def = find_locale(b, dcode);
        if (b->def < 0) {
            ERR(b, def->line, "default_locale %s is not one of locales (%s)",
                quoted(q, sizeof q, dcode, strlen(dcode)), locale_list(b));
            b->def = 0;
        }
    }
    b->locales_ok = b->nerr == before && b->nloc > 0;
}

static void parse_exhibit(struct build *b)
{
    b->cur = "exhibit.yaml";
    char *path = bprintf(b, "%s/exhibit.yaml", b->src_dir);
    unsigned char *buf = NULL;
    size_t len;
    char why[256];
    if (!path)
        return;
    if (read_file(path, MAX_YAML_BYTES, &buf, &len, why, sizeof why) != 0) {
        ERR(b, 0, "%s", why);
        return;
    }
    arena_reset(&b->fa);
    const struct ynode *root = yaml_load(b, buf, len);
    free(buf);
    if (!root)
        return;
    const struct ynode *v[EX_N];
    map_keys(b, root, "", exhibit_keys, EX_N, v, NULL);
    if (need(b, root, v[EX_ID], "id"))
        b->slug = get_id(b, v[EX_ID], "id", "-", "letters, digits and '-'");
    if (need(b, root, v[EX_VERSION], "version"))
        b->version = get_text(b, v[EX_VERSION], "version", LEN_ID, 0);
    if (need(b, root, v[EX_LOCALES], "locales") &&
        need(b, root, v[EX_DEFAULT_LOCALE], "default_locale"))
        parse_locales(b, v[EX_LOCALES], v[EX_DEFAULT_LOCALE]);
    if (need(b, root, v[EX_TITLE], "title"))
        get_ltext(b, v[EX_TITLE], "title", LEN_TITLE, 0, &b->title);
    if (v[EX_SUBTITLE] && !is_null(v[EX_SUBTITLE]))
        get_ltext(b, v[EX_SUBTITLE], "subtitle", LEN_SUBTITLE, 0, &b->subtitle);
    if (v[EX_SOURCES] && !is_null(v[EX_SOURCES]))
        parse_sources(b, v[EX_SOURCES]);
    else
        b->sources_ok = 1;
}

/* ---- panels ----------------------------------------------------------- */

enum {
    PK_KIND,
    PK_CHAPTER,
    PK_HEADING,
    PK_BODY,
    PK_NOTE,
    PK_SOURCES,
    PK_FIGURE,
    PK_QUOTE,
    PK_IMAGE,
    PK_N
};
static const char *const panel_keys[PK_N] = {
    "kind", "chapter", "heading", "body", "note", "sources", "figure", "quote", "image",
};

enum {
    FK_VALUE,
    FK_TO,
    FK_DECIMALS,
    FK_UNIT,
    FK_PREFIX,
    FK_SUFFIX,
    FK_LABEL,
    FK_PART_OF,
    FK_SOURCES,
    FK_N
};
static const char *const figure_keys[FK_N] = {
    "value", "to", "decimals", "unit", "prefix", "suffix", "label", "part_of", "sources",
};

enum { PO_VALUE, PO_LABEL, PO_N };
static const char *const part_of_keys[PO_N] = {"value", "label"};

enum { QK_TEXT, QK_SPEAKER, QK_ROLE, QK_CONTEXT, QK_LANGUAGE, QK_SOURCES, QK_N };
static const char *const quote_keys[QK_N] = {
    "text", "speaker", "role", "context", "language", "sources",
};

enum { IK_FILE, IK_ALT, IK_N };
static const char *const image_keys[IK_N] = {"file", "alt"};

static void opt_ltext(struct build *b, const struct ynode *v, const char *path, size_t max,
                      int affix, struct ltext *out)
{
    if (v && !is_null(v))
        get_ltext(b, v, path, max, affix, out);
}

static void parse_figure(struct build *b, const struct ynode *n, struct figure *f)
{
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "figure must be a mapping with value, label and sources, not %s",
            describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[FK_N];
    map_keys(b, n, "figure", figure_keys, FK_N, v, NULL);
    int have_value = need(b, n, v[FK_VALUE], "figure.value") &&
                     get_number(b, v[FK_VALUE], "figure.value", &f->value) == 0;
    if (v[FK_TO] && !is_null(v[FK_TO]) && get_number(b, v[FK_TO], "figure.to", &f->to) == 0) {
        f->has_to = 1;
        if (have_value && !(f->to > f->value))
            ERR(b, v[FK_TO]->line, "figure.to (%g) must be larger than figure.value (%g)", f->to,
                f->value);
    }
    if (v[FK_DECIMALS] && !is_null(v[FK_DECIMALS])) {
        double d;
        if (get_number(b, v[FK_DECIMALS], "figure.decimals", &d) == 0) {
            if (d != floor(d) || d < 0 || d > 3)
                ERR(b, v[FK_DECIMALS]->line, "figure.decimals must be 0, 1, 2 or 3, not %s",
                    v[FK_DECIMALS]->s);
            else
                f->decimals = (int)d;
        }
    }
    if (v[FK_UNIT] && !is_null(v[FK_UNIT]))
        f->unit = get_id(b, v[FK_UNIT], "figure.unit", "-_", "a unit word such as runners or km");
    opt_ltext(b, v[FK_PREFIX], "figure.prefix", LEN_AFFIX, 1, &f->prefix);
    opt_ltext(b, v[FK_SUFFIX], "figure.suffix", LEN_AFFIX, 1, &f->suffix);
    if (need(b, n, v[FK_LABEL], "figure.label"))
        get_ltext(b, v[FK_LABEL], "figure.label", LEN_LABEL, 0, &f->label);
    const struct ynode *po = v[FK_PART_OF];
    if (po && !is_null(po)) {
        if (po->type != Y_MAP) {
            ERR(b, po->line, "figure.part_of must be a mapping with value and label, not %s",
                describe(q, sizeof q, po));
        } else {
            const struct ynode *pv[PO_N];
            map_keys(b, po, "figure.part_of", part_of_keys, PO_N, pv, NULL);
            if (need(b, po, pv[PO_VALUE], "figure.part_of.value") &&
                get_number(b, pv[PO_VALUE], "figure.part_of.value", &f->part_of) == 0) {
                f->has_part_of = 1;
                double top = f->has_to ? f->to : f->value;
                if (have_value && !(f->part_of > top))
                    ERR(b, pv[PO_VALUE]->line,
                        "figure.part_of.value (%g) must be larger than figure.%s (%g)", f->part_of,
                        f->has_to ? "to" : "value", top);
            }
            opt_ltext(b, pv[PO_LABEL], "figure.part_of.label", LEN_LABEL, 0, &f->part_of_label);
        }
    }
    if (need(b, n, v[FK_SOURCES], "figure.sources"))
        get_cites(b, v[FK_SOURCES], "figure.sources", "figure", 1, &f->sources);
}

static void parse_quote(struct build *b, const struct ynode *n, struct quote *qt)
{
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "quote must be a mapping with text, speaker and sources, not %s",
            describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[QK_N];
    map_keys(b, n, "quote", quote_keys, QK_N, v, NULL);
    if (need(b, n, v[QK_TEXT], "quote.text"))
        get_ltext(b, v[QK_TEXT], "quote.text", LEN_QUOTE, 0, &qt->text);
    if (need(b, n, v[QK_SPEAKER], "quote.speaker")) {
        if (v[QK_SPEAKER]->type == Y_MAP)
            ERR(b, v[QK_SPEAKER]->line,
                "quote.speaker is a name and is not translated; give it once");
        else
            qt->speaker = get_text(b, v[QK_SPEAKER], "quote.speaker", LEN_NAME, 0);
    }
    opt_ltext(b, v[QK_ROLE], "quote.role", LEN_ROLE, 0, &qt->role);
    opt_ltext(b, v[QK_CONTEXT], "quote.context", LEN_CONTEXT, 0, &qt->context);
    if (v[QK_LANGUAGE] && !is_null(v[QK_LANGUAGE]))
        qt->language = get_locale_code(b, v[QK_LANGUAGE], "quote.language");
    else if (b->locales_ok)
        qt->language = b->loc[b->def];
    if (need(b, n, v[QK_SOURCES], "quote.sources"))
        get_cites(b, v[QK_SOURCES], "quote.sources", "quote", 1, &qt->sources);
}

static void parse_image(struct build *b, const struct ynode *n, struct image *im)
{
    char q[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "image must be a mapping with file and alt, not %s",
            describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[IK_N];
    map_keys(b, n, "image", image_keys, IK_N, v, NULL);
    if (need(b, n, v[IK_FILE], "image.file")) {
        const char *f = get_text(b, v[IK_FILE], "image.file", LEN_FILE, 0);
        if (f) {
            int bad = f[0] == '/' || strcmp(f, "..") == 0 || strncmp(f, "../", 3) == 0 ||
                      strstr(f, "/../") ||
                      (strlen(f) >= 3 && strcmp(f + strlen(f) - 3, "/..") == 0);
            if (bad)
                ERR(b, v[IK_FILE]->line,
                    "image.file must be a path inside the exhibit folder, such as images/x.jpg, "
                    "not %s",
                    quoted(q, sizeof q, f, strlen(f)));
            else
                im->file = f;
        }
    }
    if (need(b, n, v[IK_ALT], "image.alt"))
        get_ltext(b, v[IK_ALT], "image.alt", LEN_ALT, 0, &im->alt);
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

/* Format and size from the header. The MIME type, or NULL with why set. */
static const char *image_probe(const unsigned char *d, size_t n, unsigned long *w, unsigned long *h,
                               const char **why)
{
    *why = "is not a PNG or JPEG image";
    if (n >= 8 && memcmp(d, "\x89PNG\r\n\x1a\n", 8) == 0) {
        if (n < 24 || memcmp(d + 12, "IHDR", 4) != 0) {
            *why = "is a damaged PNG (no IHDR header)";
            return NULL;
        }
        *w = be32(d + 16);
        *h = be32(d + 20);
        return "image/png";
    }
    if (n >= 3 && d[0] == 0xFF && d[1] == 0xD8 && d[2] == 0xFF) {
        size_t i = 2;
        *why = "is a damaged JPEG (no frame header before the image data)";
        while (i < n) {
            if (d[i] != 0xFF)
                return NULL;
            while (i < n && d[i] == 0xFF)
                i++;
            if (i >= n)
                return NULL;
            unsigned m = d[i++];
            if (m == 0x01 || (m >= 0xD0 && m <= 0xD7))
                continue;
            if (m == 0xD9 || m == 0xDA || i + 2 > n)
                return NULL;
            unsigned seg = be16(d + i);
            if (seg < 2)
                return NULL;
            if (m == 0xC0 || m == 0xC1 || m == 0xC2) {
                if (seg < 7 || i + 7 > n)
                    return NULL;
                *h = be16(d + i + 3);
                *w = be16(d + i + 5);
                return "image/jpeg";
            }
            if ((m >= 0xC3 && m <= 0xCF) && m != 0xC4 && m != 0xC8 && m != 0xCC) {
                *why = "is a JPEG in an unsupported encoding (only baseline and progressive)";
                return NULL;
            }
            i += seg;
        }
        return NULL;
    }
    return NULL;
}

/* Read and check an image; malloc'd bytes, or NULL after reporting. */
static unsigned char *image_load(struct build *b, const char *file, int line, size_t *size,
                                 const char **mime, unsigned long *w, unsigned long *h)
{
    char why[256];
    char *path = bprintf(b, "%s/%s", b->src_dir, file);
    unsigned char *data = NULL;
    if (!path)
        return NULL;
    if (read_file(path, MAX_IMAGE_BYTES, &data, size, why, sizeof why) != 0) {
        ERR(b, line, "image.file \"%s\" %s", file, why);
        return NULL;
    }
    const char *reason;
    *mime = image_probe(data, *size, w, h, &reason);
    if (!*mime) {
        ERR(b, line, "image.file \"%s\" %s", file, reason);
    } else if (*w == 0 || *h == 0) {
        ERR(b, line, "image.file \"%s\" has no size in its header (%lux%lu)", file, *w, *h);
        *mime = NULL;
    } else if (*w > MAX_IMAGE_SIDE || *h > MAX_IMAGE_SIDE) {
        ERR(b, line, "image.file \"%s\" is %lux%lu pixels; at most %d a side", file, *w, *h,
            MAX_IMAGE_SIDE);
        *mime = NULL;
    }
    if (!*mime) {
        free(data);
        return NULL;
    }
    return data;
}

static int ltext_empty(const struct ltext *t)
{
    for (int i = 0; i < MAX_LOCALES; i++)
        if (t->s[i])
            return 0;
    return 1;
}

/* The fit check: the panel in every locale, as store_panel_load returns it. */
static void fit_panel(struct build *b, const struct psrc *ps, int index, const void *img,
                      size_t img_size)
{
    struct panel_cite *cites = malloc(sizeof *cites * (size_t)(b->nsrc ? b->nsrc : 1));
    unsigned char *on = calloc((size_t)(b->nsrc ? b->nsrc : 1), 1);
    if (!cites || !on) {
        ERR(b, 0, "out of memory");
        goto done;
    }
    const struct cites *lists[3] = {&ps->sources, &ps->fig.sources, &ps->q.sources};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->n; i++)
            on[lists[k]->idx[i]] = 1;
    for (int l = 0; l < b->nloc; l++) {
        int nc = 0;
        for (int i = 0; i < b->nsrc; i++)
            if (on[i] || ps->kind == PANEL_CREDITS)
                cites[nc++] = (struct panel_cite){b->src[i].id, b->src[i].cite.s[l],
                                                  b->src[i].description.s[l]};
        struct panel p = {
            .index = index,
            .id = ps->id,
            .kind = (enum panel_kind)ps->kind,
            .locale = b->loc[l],
            .chapter = ps->chapter.s[l],
            .heading = ps->heading.s[l],
            .body = ps->body.s[l],
            .note = ps->note.s[l],
            .cites = nc ? cites : NULL,
            .n_cites = nc,
        };
        if (ps->kind == PANEL_STATISTIC) {
            const struct figure *f = &ps->fig;
            p.figure = (struct panel_figure){
                .value = f->value,
                .has_to = f->has_to,
                .to = f->to,
                .decimals = f->decimals,
                .prefix = f->prefix.s[l],
                .suffix = f->suffix.s[l],
                .label = f->label.s[l],
                .has_part_of = f->has_part_of,
                .part_of = f->part_of,
                .part_of_label = f->part_of_label.s[l],
            };
        } else if (ps->kind == PANEL_QUOTE) {
            p.quote = (struct panel_quote){ps->q.text.s[l], ps->q.speaker, ps->q.role.s[l],
                                           ps->q.context.s[l]};
        } else if (ps->kind == PANEL_IMAGE) {
            p.image = (struct panel_image){img, img_size, ps->img.alt.s[l]};
        }
        char why[512] = "";
        if (b->opts->fit(b->opts->fit_ctx, &p, why, sizeof why) != 0) {
            for (char *c = why; *c; c++)
                if (*c == '\n' || *c == '\r')
                    *c = ' ';
            ERR(b, 1, "does not fit on screen: %s", why[0] ? why : "(no reason given)");
        }
    }
done:
    free(cites);
    free(on);
}

static void parse_panel(struct build *b, struct psrc *ps, int index, const struct ltext *chapter)
{
    char q[64];
    int before = b->nerr;
    char *path = bprintf(b, "%s/%s", b->src_dir, ps->file);
    unsigned char *buf = NULL;
    size_t len;
    char why[256];
    ps->kind = -1;
    if (!path)
        return;
    if (read_file(path, MAX_YAML_BYTES, &buf, &len, why, sizeof why) != 0) {
        ERR(b, 0, "%s", why);
        b->unloaded++;
        return;
    }
    arena_reset(&b->fa);
    const struct ynode *root = yaml_load(b, buf, len);
    free(buf);
    if (!root) {
        b->unloaded++;
        return;
    }
    const struct ynode *v[PK_N];
    int kline[PK_N];
    map_keys(b, root, "", panel_keys, PK_N, v, kline);

    if (!v[PK_KIND]) {
        ERR(b, root->line,
            "missing required key \"kind\" (title, story, statistic, quote, "
            "credits or image)");
    } else if (v[PK_KIND]->type != Y_SCALAR ||
               (ps->kind = panel_kind_from_name(v[PK_KIND]->s)) < 0) {
        const char *names[PANEL_KIND_COUNT];
        for (int i = 0; i < PANEL_KIND_COUNT; i++)
            names[i] = panel_kind_name((enum panel_kind)i);
        const char *hint =
            v[PK_KIND]->type == Y_SCALAR ? suggest(v[PK_KIND]->s, names, PANEL_KIND_COUNT) : NULL;
        char h[64] = "";
        if (hint)
            snprintf(h, sizeof h, "did you mean \"%s\"? ", hint);
        ERR(b, v[PK_KIND]->line,
            "unknown kind %s (%skinds are title, story, statistic, quote, credits, image)",
            describe(q, sizeof q, v[PK_KIND]), h);
    }

    static const struct {
        int key, kind;
    } only[] = {{PK_FIGURE, PANEL_STATISTIC}, {PK_QUOTE, PANEL_QUOTE}, {PK_IMAGE, PANEL_IMAGE}};
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++) {
        if (ps->kind < 0)
            break;
        int k = only[i].key;
        if (v[k] && ps->kind != only[i].kind) {
            ERR(b, kline[k], "key \"%s\" belongs only on a %s panel, not on a %s panel",
                panel_keys[k], panel_kind_name((enum panel_kind)only[i].kind),
                panel_kind_name((enum panel_kind)ps->kind));
            v[k] = NULL;
        } else if (!v[k] && ps->kind == only[i].kind) {
            ERR(b, root->line, "missing required key \"%s\" (a %s panel needs one)", panel_keys[k],
                panel_kind_name((enum panel_kind)ps->kind));
        }
    }
    if (v[PK_CHAPTER] && !is_null(v[PK_CHAPTER])) {
        ps->has_chapter = 1;
        get_ltext(b, v[PK_CHAPTER], "chapter", LEN_CHAPTER, 0, &ps->chapter);
    }
    if (ps->kind == PANEL_STORY && !v[PK_HEADING])
        ERR(b, root->line, "missing required key \"heading\" (a story panel needs one)");
    opt_ltext(b, v[PK_HEADING], "heading", LEN_HEADING, 0, &ps->heading);
    opt_ltext(b, v[PK_BODY], "body", LEN_BODY, 0, &ps->body);
    opt_ltext(b, v[PK_NOTE], "note", LEN_NOTE, 0, &ps->note);
    if (v[PK_SOURCES] && !is_null(v[PK_SOURCES]))
        get_cites(b, v[PK_SOURCES], "sources", "panel", 0, &ps->sources);
    if (v[PK_FIGURE])
        parse_figure(b, v[PK_FIGURE], &ps->fig);
    if (v[PK_QUOTE])
        parse_quote(b, v[PK_QUOTE], &ps->q);
    if (v[PK_IMAGE])
        parse_image(b, v[PK_IMAGE], &ps->img);

    /* A panel without a chapter stays in the previous panel's chapter. */
    if (!ps->has_chapter || ltext_empty(&ps->chapter))
        ps->chapter = *chapter;

    unsigned char *img = NULL;
    size_t img_size = 0;
    if (ps->kind == PANEL_IMAGE && ps->img.file && b->nerr == before) {
        const char *mime;
        unsigned long w, h;
        img = image_load(b, ps->img.file, v[PK_IMAGE] ? v[PK_IMAGE]->line : 1, &img_size, &mime, &w,
                         &h);
    }
    int exhibit_ok = b->locales_ok && b->sources_ok && b->nloc > 0;
    if (b->nerr == before && exhibit_ok && b->opts && b->opts->fit)
        fit_panel(b, ps, index, img, img_size);
    free(img);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void parse_panels(struct build *b)
{
    b->cur = "panels/";
    char *dirpath = bprintf(b, "%s/panels", b->src_dir);
    if (!dirpath)
        return;
    DIR *d = opendir(dirpath);
    if (!d) {
        ERR(b, 0, "cannot open the panels folder: %s", strerror(errno));
        return;
    }
    size_t cap = 64, n = 0;
    char **names = malloc(cap * sizeof *names);
    if (!names) {
        closedir(d);
        ERR(b, 0, "out of memory");
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        if (n == MAX_PANELS) {
            ERR(b, 0, "too many panels (at most %d)", MAX_PANELS);
            break;
        }
        if (n == cap) {
            char **bigger = realloc(names, 2 * cap * sizeof *names);
            if (!bigger) {
                ERR(b, 0, "out of memory");
                break;
            }
            names = bigger;
            cap *= 2;
        }
        names[n] = bstrdup(b, e->d_name, len); /* reports running out of memory */
        if (!names[n])
            break;
        n++;
    }
    closedir(d);
    if (n == 0 && !b->oom)
        ERR(b, 0, "there are no panels (no .yaml files in panels/)");
    qsort(names, n, sizeof *names, by_name);
    b->pan = balloc(b, sizeof *b->pan * (n ? n : 1));
    struct ltext chapter;
    memset(&chapter, 0, sizeof chapter);
    for (size_t i = 0; b->pan && i < n && b->nerr < MAX_ERRORS; i++) {
        struct psrc *ps = &b->pan[b->npan++];
        ps->id = bstrdup(b, names[i], strlen(names[i]) - 5);
        ps->file = bprintf(b, "panels/%s", names[i]);
        if (!ps->id || !ps->file)
            break;
        b->cur = ps->file;
        parse_panel(b, ps, (int)i, &chapter);
        chapter = ps->chapter;
    }
    free(names);
}

/* ---- writing ---------------------------------------------------------- */

/* Run one statement with parameters described by types: 'i' int, 'd'
 * double, 't' text (NULL binds NULL), 'b' blob (pointer, size_t), 'n' NULL. */
static int row(sqlite3 *db, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    va_list ap;
    va_start(ap, types);
    int rc = SQLITE_OK;
    for (int i = 0; types[i] && rc == SQLITE_OK; i++) {
        switch (types[i]) {
        case 'i':
            rc = sqlite3_bind_int(st, i + 1, va_arg(ap, int));
            break;
        case 'd':
            rc = sqlite3_bind_double(st, i + 1, va_arg(ap, double));
            break;
        case 't':
            rc = sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_STATIC);
            break;
        case 'b': {
            const void *p = va_arg(ap, const void *);
            size_t n = va_arg(ap, size_t);
            rc = sqlite3_bind_blob64(st, i + 1, p, n, SQLITE_STATIC);
            break;
        }
        default:
            rc = sqlite3_bind_null(st, i + 1);
            break;
        }
    }
    va_end(ap);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? 0 : -1;
}

/* First column of the first row of sql, or "" for no rows; into buf. */
static int query_text(sqlite3 *db, const char *sql, char *buf, size_t size)
{
    sqlite3_stmt *st;
    buf[0] = '\0';
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(buf, size, "%s", t ? (const char *)t : "");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static int write_cites(sqlite3 *db, int pos, const char *subject, const struct build *b,
                       const struct cites *c)
{
    for (int i = 0; i < c->n; i++)
        if (row(db, "INSERT INTO citation VALUES (?, ?, ?)", "itt", pos, subject,
                b->src[c->idx[i]].id) != 0)
            return -1;
    return 0;
}

/* Find or add the asset for an image file; its id, or -1 after reporting. */
static int write_asset(struct build *b, sqlite3 *db, const struct psrc *ps)
{
    sqlite3_stmt *st;
    int id = -1;
    if (sqlite3_prepare_v2(db, "SELECT id FROM asset WHERE name = ?", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, ps->img.file, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (id > 0)
        return id;
    size_t size;
    const char *mime;
    unsigned long w, h;
    const char *saved = b->cur;
    b->cur = ps->file;
    unsigned char *data = image_load(b, ps->img.file, 1, &size, &mime, &w, &h);
    b->cur = saved;
    if (!data)
        return -1;
    int rc = row(db, "INSERT INTO asset (name, mime, width, height, data) VALUES (?, ?, ?, ?, ?)",
                 "ttiib", ps->img.file, mime, (int)w, (int)h, (const void *)data, size);
    free(data);
    return rc == 0 ? (int)sqlite3_last_insert_rowid(db) : -1;
}

static int write_rows(struct build *b, sqlite3 *db)
{
    char now[32];
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        return -1;
    for (int l = 0; l < b->nloc; l++)
        if (row(db, "INSERT INTO locale VALUES (?, ?, ?)", "tit", b->loc[l], l, b->loc_name[l]) ||
            row(db, "INSERT INTO exhibit_text VALUES (?, ?, ?)", "ttt", b->loc[l], b->title.s[l],
                b->subtitle.s[l]))
            return -1;
    if (row(db, "INSERT INTO exhibit VALUES (1, ?, ?, ?, ?)", "tttt", b->slug, b->version,
            b->loc[b->def], now))
        return -1;
    for (int i = 0; i < b->nsrc; i++) {
        const struct source *s = &b->src[i];
        if (row(db, "INSERT INTO source VALUES (?, ?, ?)", "tit", s->id, i, s->file))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO source_text VALUES (?, ?, ?, ?)", "tttt", s->id, b->loc[l],
                    s->cite.s[l], s->description.s[l]))
                return -1;
    }
    for (int pos = 0; pos < b->npan; pos++) {
        const struct psrc *ps = &b->pan[pos];
        int asset = 0;
        if (ps->kind == PANEL_IMAGE && (asset = write_asset(b, db, ps)) < 0)
            return -1;
        if (row(db, "INSERT INTO panel VALUES (?, ?, ?, ?)", asset ? "itti" : "ittn", pos, ps->id,
                panel_kind_name((enum panel_kind)ps->kind), asset))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO panel_text VALUES (?, ?, ?, ?, ?, ?, ?)", "itttttt", pos,
                    b->loc[l], ps->chapter.s[l], ps->heading.s[l], ps->body.s[l], ps->note.s[l],
                    ps->img.alt.s[l]))
                return -1;
        if (ps->kind == PANEL_STATISTIC) {
            const struct figure *f = &ps->fig;
            sqlite3_stmt *st;
            if (sqlite3_prepare_v2(db, "INSERT INTO statistic VALUES (?, ?, ?, ?, ?, ?)", -1, &st,
                                   NULL) != SQLITE_OK)
                return -1;
            sqlite3_bind_int(st, 1, pos);
            sqlite3_bind_double(st, 2, f->value);
            if (f->has_to)
                sqlite3_bind_double(st, 3, f->to);
            sqlite3_bind_int(st, 4, f->decimals);
            if (f->unit)
                sqlite3_bind_text(st, 5, f->unit, -1, SQLITE_STATIC);
            if (f->has_part_of)
                sqlite3_bind_double(st, 6, f->part_of);
            int rc = sqlite3_step(st);
            sqlite3_finalize(st);
            if (rc != SQLITE_DONE)
                return -1;
            for (int l = 0; l < b->nloc; l++)
                if (row(db, "INSERT INTO statistic_text VALUES (?, ?, ?, ?, ?, ?)", "ittttt", pos,
                        b->loc[l], f->label.s[l], f->prefix.s[l], f->suffix.s[l],
                        f->part_of_label.s[l]))
                    return -1;
            if (write_cites(db, pos, "figure", b, &f->sources))
                return -1;
        } else if (ps->kind == PANEL_QUOTE) {
            if (row(db, "INSERT INTO quote VALUES (?, ?, ?)", "itt", pos, ps->q.speaker,
                    ps->q.language))
                return -1;
            for (int l = 0; l < b->nloc; l++)
                if (row(db, "INSERT INTO quote_text VALUES (?, ?, ?, ?, ?)", "itttt", pos,
                        b->loc[l], ps->q.text.s[l], ps->q.role.s[l], ps->q.context.s[l]))
                    return -1;
            if (write_cites(db, pos, "quote", b, &ps->q.sources))
                return -1;
        }
        if (write_cites(db, pos, "panel", b, &ps->sources))
            return -1;
    }
    return 0;
}

static int write_store(struct build *b, const char *out_path)
{
    const char *saved = b->cur;
    b->cur = out_path;
    int rc = -1, fd = -1;
    sqlite3 *db = NULL;
    char *tmp = bprintf(b, "%s.tmp-XXXXXX", out_path);
    if (!tmp)
        goto done;
    fd = mkstemp(tmp);
    if (fd < 0) {
        ERR(b, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        tmp = NULL;
        goto done;
    }
    fchmod(fd, 0644);
    if (sqlite3_open_v2(tmp, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        ERR(b, 0, "cannot open the new store: %s", db ? sqlite3_errmsg(db) : "out of memory");
        goto done;
    }
    char ok[64];
    if (sqlite3_exec(db, "PRAGMA journal_mode = MEMORY; PRAGMA foreign_keys = ON; BEGIN", NULL,
                     NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(db, author_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
        write_rows(b, db) != 0 || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        if (!b->nerr)
            ERR(b, 0, "cannot write the store: %s", sqlite3_errmsg(db));
        goto done;
    }
    if (query_text(db, "PRAGMA foreign_key_check", ok, sizeof ok) != 0 || ok[0]) {
        ERR(b, 0, "the new store has a broken reference (table %s)", ok);
        goto done;
    }
    if (query_text(db, "PRAGMA integrity_check", ok, sizeof ok) != 0 || strcmp(ok, "ok") != 0) {
        ERR(b, 0, "the new store failed its integrity check: %s", ok);
        goto done;
    }
    int closed = sqlite3_close(db);
    db = NULL;
    if (closed != SQLITE_OK) {
        ERR(b, 0, "cannot close the new store");
        goto done;
    }
    if (fsync(fd) != 0) {
        ERR(b, 0, "cannot sync the new store: %s", strerror(errno));
        goto done;
    }
    close(fd);
    fd = -1;
    if (rename(tmp, out_path) != 0) {
        ERR(b, 0, "cannot move the new store into place: %s", strerror(errno));
        goto done;
    }
    tmp = NULL;
    /* Make the rename itself durable; best effort. */
    char *dir = bprintf(b, "%s", out_path);
    char *slash = dir ? strrchr(dir, '/') : NULL;
    if (dir) {
        if (slash)
            *(slash == dir ? slash + 1 : slash) = '\0';
        int dfd = open(slash ? dir : ".", O_RDONLY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    rc = 0;
done:
    if (db)
        sqlite3_close(db);
    if (fd >= 0)
        close(fd);
    if (tmp)
        unlink(tmp);
    b->cur = saved;
    return rc;
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

    parse_exhibit(b);
    if (b->nerr < MAX_ERRORS)
        parse_panels(b);
    b->cur = "exhibit.yaml";
    for (int i = 0; i < b->nsrc && b->nerr < MAX_ERRORS; i++)
        if (!b->src[i].used && b->npan > 0 && !b->unloaded)
            ERR(b, b->src[i].line, "source \"%s\" is never cited", b->src[i].id);
    if (b->nerr == 0 && write_store(b, out_path) == 0)
        rc = 0;
    if (rc != 0 && b->nerr == 0)
        err_at(b, out_path, 0, "cannot write the store");
    if (rc != 0 && why && why_len)
        errors_out(b, why, why_len);
    arena_free(&b->a);
    arena_free(&b->fa);
    free(errs);
    free(b);
    return rc;
}
