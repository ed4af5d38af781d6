/* store_schema.c - the exact check of a content store's schema (see
 * store_schema.h).
 *
 * The order of the comparisons is the order of the messages: the file's
 * journal mode, then each table and index the format has (missing, of
 * another kind, or virtual), then objects the format does not have
 * (tables, indexes, triggers, views), then each table's columns, then, as
 * the catch-all for what no pragma shows (CHECK constraints, WITHOUT ROWID,
 * a generated column's expression, an index's columns), the CREATE
 * statements themselves, compared without comments and layout so that a
 * comment edited in schema.sql does not make older stores unreadable.
 * DEPENDENCIES: SQLite 3.26 or later (table_xinfo). */
#include "store_schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "author.h"
#include "rules.h"

#define MAX_COLUMNS 64 /* SQLITE_LIMIT_COLUMN as store.c sets it */
#define NAME_SHOWN 48  /* bytes of a store's own name put in a message */

/* A name from the store, safe in a one-line message: printable ASCII only,
 * cut at NAME_SHOWN bytes. */
static const char *shown(const unsigned char *s, char *buf, size_t size)
{
    size_t n = 0;
    for (; s && *s && n + 4 < size && n < NAME_SHOWN; s++)
        buf[n++] = *s >= 0x20 && *s < 0x7f ? (char)*s : '?';
    if (s && *s)
        memcpy(buf + n, "...", 3), n += 3;
    buf[n] = '\0';
    return buf;
}

/* "NAME: the content store's ...". */
__attribute__((format(printf, 4, 5))) static int differs(char *why, size_t why_len,
                                                         const char *name, const char *fmt, ...)
{
    char phrase[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(phrase, sizeof phrase, fmt, ap);
    va_end(ap);
    return rules_fail(why, why_len, "%s: the content store's %s.", name, phrase);
}

static int fail_read(sqlite3 *db, const char *name, char *why, size_t why_len)
{
    /* the store's progress handler stops a check when the kiosk stops
     * (store_request_stop), in the same words as any other read */
    if (sqlite3_errcode(db) == SQLITE_INTERRUPT)
        return rules_fail(why, why_len, "Reading %s was stopped: the kiosk is stopping.", name);
    return rules_fail(why, why_len, "%s could not be read (%s).", name, sqlite3_errmsg(db));
}

int store_schema_check_header(sqlite3 *db, const char *name, char *why, size_t why_len)
{
    sqlite3_file *f = NULL;
    unsigned char h[20];
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &f) != SQLITE_OK || !f ||
        !f->pMethods)
        return 0;
    /* a short file reads as zeros (SQLITE_IOERR_SHORT_READ): no magic, so
     * the first real read reports it */
    memset(h, 0, sizeof h);
    int rc = f->pMethods->xRead(f, h, (int)sizeof h, 0);
    if ((rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) || memcmp(h, "SQLite format 3", 16))
        return 0;
    if (h[18] == 2 || h[19] == 2)
        return rules_fail(why, why_len,
                          "%s is in WAL journal mode, which the exhibit format does not use; "
                          "build it again with vitrine bundle build.",
                          name);
    if (h[18] != 1 || h[19] != 1)
        return rules_fail(why, why_len,
                          "%s has SQLite file format versions %d and %d; the exhibit format uses "
                          "1 and 1.",
                          name, h[18], h[19]);
    return 0;
}

/* ---- comparing CREATE statements --------------------------------------- */

static int word_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$' || c >= 0x80;
}

/* sql without its comments, each run of spaces and comments kept as one
 * space only where two words would otherwise join; quoted text and names
 * are kept as written. out has room for strlen(sql) + 1 bytes. */
static void canonical_sql(const char *sql, char *out)
{
    size_t o = 0;
    int gap = 0;
    for (const char *p = sql; *p;) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            gap = 1, p++;
            continue;
        }
        if (c == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                p++;
            gap = 1;
            continue;
        }
        if (c == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
            gap = 1;
            continue;
        }
        if (gap && o > 0 && word_char((unsigned char)out[o - 1]) && word_char(c))
            out[o++] = ' ';
        gap = 0;
        if (c == '\'' || c == '"' || c == '`' || c == '[') {
            char close = c == '[' ? ']' : (char)c;
            out[o++] = *p++;
            while (*p) {
                char k = *p++;
                out[o++] = k;
                if (k == close) {
                    if (close != ']' && *p == close) { /* a doubled quote is one */
                        out[o++] = *p++;
                        continue;
                    }
                    break;
                }
            }
            continue;
        }
        out[o++] = *p++;
    }
    out[o] = '\0';
}

/* 1 when both CREATE statements say the same (both NULL: an automatic
 * index), 0 when not, -1 out of memory. */
static int same_sql(const unsigned char *a, const unsigned char *b)
{
    if (!a || !b)
        return !a && !b;
    size_t na = strlen((const char *)a), nb = strlen((const char *)b);
    char *ca = malloc(na + 1), *cb = malloc(nb + 1);
    int same = -1;
    if (ca && cb) {
        canonical_sql((const char *)a, ca);
        canonical_sql((const char *)b, cb);
        same = strcmp(ca, cb) == 0;
    }
    free(ca);
    free(cb);
    return same;
}

/* ---- columns ----------------------------------------------------------- */

struct column {
    char *name, *type, *dflt; /* malloc'd; dflt NULL when none */
    int notnull, pk, hidden;
};

static void free_columns(struct column *c, int n)
{
    for (int i = 0; i < n; i++) {
        free(c[i].name);
        free(c[i].type);
        free(c[i].dflt);
    }
}

static char *dup_column_text(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    if (!t)
        return NULL;
    size_t n = strlen((const char *)t) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, t, n);
    return d;
}

/* The columns of `table` as table_xinfo lists them: hidden 1 is a virtual
 * table's hidden column, 2 and 3 a generated VIRTUAL and STORED column
 * (the latter two are not in table_info, and are what the check is for).
 * Returns how many, or -1 (out of memory or an SQLite error). */
static int read_columns(sqlite3 *db, const char *table, struct column *c)
{
    sqlite3_stmt *st = NULL;
    int n = 0, rc;
    if (sqlite3_prepare_v2(db,
                           "SELECT name, type, \"notnull\", dflt_value, pk, hidden"
                           " FROM pragma_table_xinfo(?1) ORDER BY cid",
                           -1, &st, NULL) != SQLITE_OK ||
        sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC) != SQLITE_OK) {
        sqlite3_finalize(st);
        return -1;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && n < MAX_COLUMNS) {
        struct column *k = &c[n++];
        k->name = dup_column_text(st, 0);
        k->type = dup_column_text(st, 1);
        k->dflt = dup_column_text(st, 3);
        k->notnull = sqlite3_column_int(st, 2);
        k->pk = sqlite3_column_int(st, 4);
        k->hidden = sqlite3_column_int(st, 5);
        if (!k->name || !k->type || (!k->dflt && sqlite3_column_type(st, 3) != SQLITE_NULL)) {
            rc = SQLITE_NOMEM;
            break;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        free_columns(c, n);
        return -1;
    }
    return n;
}

static int find_column(const struct column *c, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(c[i].name, name) == 0)
            return i;
    return -1;
}

static const char *hidden_kind(int hidden)
{
    return hidden == 1 ? "hidden " : hidden >= 2 ? "generated " : "";
}

static int same_text(const char *a, const char *b)
{
    return a && b ? strcmp(a, b) == 0 : a == b;
}

/* One table's columns, the store's (a) against the format's (e). */
static int compare_columns(const char *table, const struct column *a, int na,
                           const struct column *e, int ne, const char *name, char *why,
                           size_t why_len)
{
    char q[NAME_SHOWN + 8], q2[NAME_SHOWN + 8];
    for (int i = 0; i < na; i++)
        if (find_column(e, ne, a[i].name) < 0)
            return differs(why, why_len, name,
                           "table %s has a %scolumn the exhibit format does not have: %s", table,
                           hidden_kind(a[i].hidden),
                           shown((const unsigned char *)a[i].name, q, sizeof q));
    for (int i = 0; i < ne; i++)
        if (find_column(a, na, e[i].name) < 0)
            return differs(why, why_len, name,
                           "table %s has no column %s, which the exhibit format has", table,
                           e[i].name);
    for (int i = 0; i < ne; i++) {
        const struct column *x = &a[find_column(a, na, e[i].name)], *y = &e[i];
        const char *c = y->name;
        if (x->hidden != y->hidden)
            return differs(why, why_len, name, "column %s.%s is %s; the exhibit format's is %s",
                           table, c,
                           x->hidden == 1   ? "hidden"
                           : x->hidden >= 2 ? "generated (computed from other columns)"
                                            : "a plain column",
                           y->hidden ? "generated" : "a plain column");
        if (strcmp(x->type, y->type) != 0)
            return differs(why, why_len, name,
                           "column %s.%s is declared '%s'; the exhibit format declares '%s'", table,
                           c, shown((const unsigned char *)x->type, q, sizeof q), y->type);
        if (x->notnull != y->notnull)
            return differs(why, why_len, name, "column %s.%s is %s; the exhibit format's is %s",
                           table, c, x->notnull ? "NOT NULL" : "nullable",
                           y->notnull ? "NOT NULL" : "nullable");
        if (x->pk != y->pk)
            return differs(why, why_len, name,
                           "column %s.%s differs from the exhibit format's in the primary key",
                           table, c);
        if (!same_text(x->dflt, y->dflt))
            return differs(why, why_len, name,
                           "column %s.%s has the default %s; the exhibit format's has %s", table, c,
                           x->dflt ? shown((const unsigned char *)x->dflt, q, sizeof q) : "none",
                           y->dflt ? shown((const unsigned char *)y->dflt, q2, sizeof q2) : "none");
        if (x != &a[i])
            return differs(why, why_len, name,
                           "table %s has its columns in another order than the exhibit format "
                           "(%s is column %d, not %d)",
                           table, c, (int)(x - a) + 1, i + 1);
    }
    return 0;
}

/* ---- objects ----------------------------------------------------------- */

static int starts_virtual(const unsigned char *sql)
{
    static const char create[] = "CREATEVIRTUAL";
    size_t k = 0;
    for (const unsigned char *p = sql; p && *p && k < sizeof create - 1; p++) {
        unsigned char c = *p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if ((c >= 'a' && c <= 'z' ? c - 32 : c) != (unsigned char)create[k++])
            return 0;
    }
    return k == sizeof create - 1;
}

/* The format's objects, each looked up in the store: missing, of another
 * kind or virtual. Then the store's, each looked up in the format. */
static int compare_objects(sqlite3 *db, sqlite3 *exp, const char *name, char *why, size_t why_len)
{
    sqlite3_stmt *we = NULL, *wa = NULL, *le = NULL, *la = NULL;
    const char *list = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid";
    const char *find = "SELECT type, sql FROM sqlite_schema WHERE name = ?1";
    char q[NAME_SHOWN + 8], q2[NAME_SHOWN + 8];
    int ret = -1, rc;
    if (sqlite3_prepare_v2(exp, list, -1, &we, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(exp, find, -1, &le, NULL) != SQLITE_OK) {
        ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
        goto done;
    }
    if (sqlite3_prepare_v2(db, list, -1, &wa, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, find, -1, &la, NULL) != SQLITE_OK) {
        ret = fail_read(db, name, why, why_len);
        goto done;
    }
    while ((rc = sqlite3_step(we)) == SQLITE_ROW) {
        const char *type = (const char *)sqlite3_column_text(we, 0);
        const char *obj = (const char *)sqlite3_column_text(we, 1);
        const char *table = (const char *)sqlite3_column_text(we, 2);
        sqlite3_reset(la);
        sqlite3_bind_text(la, 1, obj, -1, SQLITE_TRANSIENT);
        rc = sqlite3_step(la);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
            ret = fail_read(db, name, why, why_len);
            goto done;
        }
        if (rc == SQLITE_DONE) {
            if (strcmp(type, "table") == 0)
                ret = rules_fail(why, why_len,
                                 "%s is missing the table '%s', so it is not a complete exhibit.",
                                 name, obj);
            else
                ret = differs(why, why_len, name,
                              "table %s has no index %s, which the exhibit format has", table, obj);
            goto done;
        }
        const unsigned char *atype = sqlite3_column_text(la, 0);
        if (!atype || strcmp((const char *)atype, type) != 0) {
            ret = differs(why, why_len, name, "%s %s is a %s, not a %s", type, obj,
                          shown(atype, q, sizeof q), type);
            goto done;
        }
        if (strcmp(type, "table") == 0 && starts_virtual(sqlite3_column_text(la, 1))) {
            ret =
                differs(why, why_len, name,
                        "table %s is a virtual table, which the exhibit format does not use", obj);
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
        goto done;
    }
    while ((rc = sqlite3_step(wa)) == SQLITE_ROW) {
        const unsigned char *type = sqlite3_column_text(wa, 0);
        const unsigned char *obj = sqlite3_column_text(wa, 1);
        sqlite3_reset(le);
        sqlite3_bind_text(le, 1, (const char *)obj, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(le) == SQLITE_ROW)
            continue;
        if (type && strcmp((const char *)type, "index") == 0)
            ret = differs(
                why, why_len, name, "table %s has an index the exhibit format does not have: %s",
                shown(sqlite3_column_text(wa, 2), q2, sizeof q2), shown(obj, q, sizeof q));
        else
            ret = rules_fail(why, why_len,
                             "%s: the content store has a %s the exhibit format does "
                             "not have: %s.",
                             name, shown(type, q2, sizeof q2), shown(obj, q, sizeof q));
        goto done;
    }
    ret = rc == SQLITE_DONE ? 0 : fail_read(db, name, why, why_len);
done:
    sqlite3_finalize(we);
    sqlite3_finalize(wa);
    sqlite3_finalize(le);
    sqlite3_finalize(la);
    return ret;
}

/* Each table's columns, then every table's and index's CREATE statement. */
static int compare_definitions(sqlite3 *db, sqlite3 *exp, const char *name, char *why,
                               size_t why_len)
{
    sqlite3_stmt *we = NULL, *la = NULL;
    struct column *a = calloc(2 * MAX_COLUMNS, sizeof *a), *e = a ? a + MAX_COLUMNS : NULL;
    int ret = -1, rc = SQLITE_OK;
    if (!a || sqlite3_prepare_v2(exp, "SELECT type, name, sql FROM sqlite_schema ORDER BY rowid",
                                 -1, &we, NULL) != SQLITE_OK) {
        ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
        goto done;
    }
    if (sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE name = ?1", -1, &la, NULL) !=
        SQLITE_OK) {
        ret = fail_read(db, name, why, why_len);
        goto done;
    }
    /* columns of every table first: they name the difference best */
    while ((rc = sqlite3_step(we)) == SQLITE_ROW) {
        const char *table = (const char *)sqlite3_column_text(we, 1);
        if (strcmp((const char *)sqlite3_column_text(we, 0), "table") != 0)
            continue;
        int ne = read_columns(exp, table, e);
        if (ne < 0) {
            ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
            goto done;
        }
        int na = read_columns(db, table, a);
        if (na < 0) {
            free_columns(e, ne);
            ret = fail_read(db, name, why, why_len);
            goto done;
        }
        ret = compare_columns(table, a, na, e, ne, name, why, why_len);
        free_columns(a, na);
        free_columns(e, ne);
        if (ret < 0)
            goto done;
    }
    sqlite3_reset(we);
    while (rc == SQLITE_DONE && (rc = sqlite3_step(we)) == SQLITE_ROW) {
        const char *type = (const char *)sqlite3_column_text(we, 0);
        const char *obj = (const char *)sqlite3_column_text(we, 1);
        sqlite3_reset(la);
        sqlite3_bind_text(la, 1, obj, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(la) != SQLITE_ROW) {
            ret = fail_read(db, name, why, why_len);
            goto done;
        }
        int same = same_sql(sqlite3_column_text(la, 0), sqlite3_column_text(we, 2));
        if (same < 0) {
            ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
            goto done;
        }
        if (!same) {
            ret = differs(why, why_len, name,
                          "%s %s is defined otherwise than the exhibit format's (its CREATE "
                          "statement differs: a constraint, an option or an expression)",
                          type, obj);
            goto done;
        }
        rc = SQLITE_DONE;
    }
    ret = rc == SQLITE_DONE ? 0 : rules_fail(why, why_len, "%s could not be checked.", name);
done:
    sqlite3_finalize(we);
    sqlite3_finalize(la);
    free(a);
    return ret;
}

int store_schema_check(sqlite3 *db, const char *name, int version, char *why, size_t why_len)
{
    sqlite3 *exp = NULL;
    int ret = -1;
    const char *ddl = version == 2   ? store_schema_v2_sql
                      : version == 3 ? store_schema_v3_sql
                      : version == 4 ? store_schema_v4_sql
                      : version == 5 ? store_schema_v5_sql
                      : version == 6 ? store_schema_v6_sql
                      : version == 7 ? store_schema_v7_sql
                                     : author_schema_sql;
    /* the format, as the writer makes it (author_write.c runs the same
     * text), in a database of this thread's own */
    if (sqlite3_open_v2(":memory:", &exp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) !=
            SQLITE_OK ||
        sqlite3_exec(exp, ddl, NULL, NULL, NULL) != SQLITE_OK) {
        ret = rules_fail(why, why_len, "There is not enough memory to check %s.", name);
        goto done;
    }
    if (compare_objects(db, exp, name, why, why_len) < 0 ||
        compare_definitions(db, exp, name, why, why_len) < 0)
        goto done;
    ret = 0;
done:
    sqlite3_close(exp);
    return ret;
}
