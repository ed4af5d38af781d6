/* stats.c - visitor statistics in STATE/stats.sqlite (stats.h). */
#define _POSIX_C_SOURCE 200809L
#include "stats.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fsio.h"

struct stats {
    sqlite3 *db;
    char path[1024];
    int retention_days;
    long max_rows;
};

static const char schema[] =
    "CREATE TABLE panel_view(t_utc INTEGER NOT NULL, exhibit TEXT NOT NULL,"
    " panel INTEGER NOT NULL, locale TEXT NOT NULL,"
    " mode TEXT NOT NULL CHECK (mode IN ('loop', 'interactive')), seconds REAL NOT NULL);"
    "CREATE INDEX panel_view_t ON panel_view(t_utc);"
    "CREATE TABLE session(t_start_utc INTEGER NOT NULL, seconds REAL NOT NULL,"
    " panels INTEGER NOT NULL);"
    "CREATE INDEX session_t ON session(t_start_utc);"
    "CREATE TABLE touch(t_utc INTEGER NOT NULL, n INTEGER NOT NULL);"
    "CREATE INDEX touch_t ON touch(t_utc);"
    "CREATE TABLE language(t_utc INTEGER NOT NULL, locale TEXT NOT NULL);"
    "CREATE INDEX language_t ON language(t_utc);";

static const struct {
    const char *table, *time;
} tables[] = {
    {"panel_view", "t_utc"}, {"session", "t_start_utc"}, {"touch", "t_utc"}, {"language", "t_utc"}};

/* ---- the buffer: memory only ---- */

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

void stats_buf_clear(struct stats_buf *b)
{
    b->n_views = b->n_sessions = b->n_langs = 0;
    b->touches = b->dropped = 0;
}

int stats_buf_empty(const struct stats_buf *b)
{
    return !b->n_views && !b->n_sessions && !b->n_langs && !b->touches;
}

void stats_panel_shown(struct stats_buf *b, int64_t t_utc, const char *exhibit, int panel,
                       const char *locale, enum stats_mode mode, double seconds)
{
    if (b->n_views >= STATS_BUF_VIEWS) {
        b->dropped++;
        return;
    }
    struct stats_view *v = &b->views[b->n_views++];
    v->t_utc = t_utc;
    copy(v->exhibit, sizeof(v->exhibit), exhibit);
    v->panel = panel;
    copy(v->locale, sizeof(v->locale), locale);
    v->mode = mode;
    v->seconds = seconds < 0 ? 0 : seconds;
}

void stats_touch(struct stats_buf *b)
{
    b->touches++;
}

void stats_session_end(struct stats_buf *b, int64_t t_start_utc, double seconds, int panels)
{
    if (b->n_sessions >= STATS_BUF_SESSIONS) {
        b->dropped++;
        return;
    }
    struct stats_session *s = &b->sessions[b->n_sessions++];
    s->t_start_utc = t_start_utc;
    s->seconds = seconds < 0 ? 0 : seconds;
    s->panels = panels;
}

void stats_language(struct stats_buf *b, int64_t t_utc, const char *locale)
{
    if (b->n_langs >= STATS_BUF_LANGS) {
        b->dropped++;
        return;
    }
    b->langs[b->n_langs].t_utc = t_utc;
    copy(b->langs[b->n_langs].locale, sizeof(b->langs[0].locale), locale);
    b->n_langs++;
}

/* ---- the file ---- */

static enum stats_err kind_of(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return STATS_BUSY;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return STATS_CORRUPT;
    case SQLITE_FULL:
        return STATS_FULL;
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return STATS_READONLY;
    default:
        return STATS_ERROR;
    }
}

static enum stats_err fail(const char *path, sqlite3 *db, int rc, char *why, size_t why_len)
{
    enum stats_err e = kind_of(rc);
    const char *detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    switch (e) {
    case STATS_BUSY:
        snprintf(why, why_len, "%s is locked by another program; these statistics were not saved.",
                 path);
        break;
    case STATS_CORRUPT:
        snprintf(why, why_len, "%s is damaged (%s); no statistics are kept until it is moved away.",
                 path, detail);
        break;
    case STATS_FULL:
        snprintf(why, why_len, "the disk holding %s is full; these statistics were not saved.",
                 path);
        break;
    case STATS_READONLY:
        snprintf(why, why_len, "%s cannot be written (%s); no statistics are kept.", path, detail);
        break;
    default:
        snprintf(why, why_len, "%s: %s.", path, detail);
        break;
    }
    return e;
}

static int query_int(sqlite3 *db, const char *sql, sqlite3_int64 *v)
{
    sqlite3_stmt *st;
    *v = 0; /* set on every path, failures included */
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        *v = sqlite3_column_int64(st, 0);
        rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE) {
        *v = 0;
        rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return rc;
}

static void harden(sqlite3 *db)
{
    int off = 0;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &off);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &off);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &off);
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, &off);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_busy_timeout(db, 0);
}

/* Opened: ours, the right version, and not damaged. */
static int check_ours(struct stats *s, enum stats_err *err, char *why, size_t why_len)
{
    sqlite3_int64 id, ver;
    int rc = query_int(s->db, "PRAGMA application_id", &id);
    if (rc != SQLITE_OK)
        return *err = fail(s->path, s->db, rc, why, why_len), -1;
    if (id != STATS_APPLICATION_ID) {
        snprintf(why, why_len,
                 "%s is not vitrine's statistics file (application_id 0x%08llx); no statistics are "
                 "kept until it is moved away.",
                 s->path, (unsigned long long)(id & 0xffffffff));
        return *err = STATS_CORRUPT, -1;
    }
    rc = query_int(s->db, "PRAGMA user_version", &ver);
    if (rc != SQLITE_OK)
        return *err = fail(s->path, s->db, rc, why, why_len), -1;
    if (ver != STATS_SCHEMA_VERSION) {
        snprintf(why, why_len, "%s is statistics version %lld; this vitrine writes version %d.",
                 s->path, (long long)ver, STATS_SCHEMA_VERSION);
        return *err = STATS_ERROR, -1;
    }
    sqlite3_stmt *st;
    rc = sqlite3_prepare_v2(s->db, "PRAGMA quick_check(1)", -1, &st, NULL);
    if (rc == SQLITE_OK) {
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            const char *r = (const char *)sqlite3_column_text(st, 0);
            rc = r && strcmp(r, "ok") == 0 ? SQLITE_OK : SQLITE_CORRUPT;
        }
        sqlite3_finalize(st);
    }
    if (rc != SQLITE_OK)
        return *err = fail(s->path, s->db, rc, why, why_len), -1;
    return 0;
}

static struct stats *open_path(const char *state_dir, int flags, enum stats_err *err, char *why,
                               size_t why_len)
{
    struct stats *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(why, why_len, "out of memory opening the statistics");
        *err = STATS_ERROR;
        return NULL;
    }
    s->retention_days = STATS_RETENTION_DAYS;
    s->max_rows = STATS_MAX_ROWS;
    snprintf(s->path, sizeof(s->path), "%s/%s", state_dir, STATS_FILE);
    int rc = sqlite3_open_v2(s->path, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        *err = fail(s->path, s->db, rc, why, why_len);
        stats_close(s);
        return NULL;
    }
    harden(s->db);
    return s;
}

struct stats *stats_open(const char *state_dir, const struct stats_opts *o, enum stats_err *err,
                         char *why, size_t why_len)
{
    enum stats_err dummy;
    if (!err)
        err = &dummy;
    *err = STATS_OK;
    struct stat dst;
    if (stat(state_dir, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
        snprintf(why, why_len, "the state folder %s does not exist; no statistics are kept.",
                 state_dir);
        *err = STATS_READONLY;
        return NULL;
    }
    struct stats *s =
        open_path(state_dir, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, err, why, why_len);
    if (!s)
        return NULL;
    if (o && o->retention_days > 0)
        s->retention_days = o->retention_days;
    if (o && o->max_rows > 0)
        s->max_rows = o->max_rows;
    sqlite3_int64 id = 0, n = 0;
    int rc = query_int(s->db, "PRAGMA application_id", &id);
    if (rc == SQLITE_OK)
        rc = query_int(s->db, "SELECT count(*) FROM sqlite_schema", &n);
    if (rc != SQLITE_OK)
        goto sqlite_fail;
    if (id == 0 && n == 0) { /* new: the schema */
        char sql[160];
        rc = sqlite3_exec(s->db, "PRAGMA auto_vacuum = INCREMENTAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(s->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(s->db, schema, NULL, NULL, NULL);
        snprintf(sql, sizeof(sql), "PRAGMA application_id = %d; PRAGMA user_version = %d; COMMIT",
                 STATS_APPLICATION_ID, STATS_SCHEMA_VERSION);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK) {
            sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
            goto sqlite_fail;
        }
    }
    if (check_ours(s, err, why, why_len) != 0) {
        stats_close(s);
        return NULL;
    }
    /* a small page cache: the file is only appended to and pruned once a
     * minute, and SQLite's default (2 MB) fills slowly as the file grows,
     * which a week-long soak saw as 0.1 MB more heap a day */
    rc = sqlite3_exec(s->db,
                      "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
                      "PRAGMA cache_size = -128",
                      NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        goto sqlite_fail;
    return s;
sqlite_fail:
    *err = fail(s->path, s->db, rc, why, why_len);
    stats_close(s);
    return NULL;
}

struct stats *stats_open_read(const char *state_dir, char *why, size_t why_len)
{
    char path[1024];
    struct stat st;
    snprintf(path, sizeof(path), "%s/%s", state_dir, STATS_FILE);
    if (stat(path, &st) != 0) {
        snprintf(why, why_len, "no statistics yet: %s does not exist", path);
        return NULL;
    }
    enum stats_err err;
    struct stats *s = open_path(state_dir, SQLITE_OPEN_READONLY, &err, why, why_len);
    if (s && check_ours(s, &err, why, why_len) != 0) {
        stats_close(s);
        return NULL;
    }
    return s;
}

void stats_close(struct stats *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    free(s);
}

static int insert(sqlite3 *db, const char *sql, sqlite3_stmt **st)
{
    return *st ? SQLITE_OK : sqlite3_prepare_v2(db, sql, -1, st, NULL);
}

static int step_reset(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int write_rows(struct stats *s, const struct stats_buf *b, int64_t now_utc)
{
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_OK;
    for (int i = 0; rc == SQLITE_OK && i < b->n_views; i++) {
        const struct stats_view *v = &b->views[i];
        rc = insert(s->db, "INSERT INTO panel_view VALUES (?, ?, ?, ?, ?, ?)", &st);
        if (rc != SQLITE_OK)
            break;
        sqlite3_bind_int64(st, 1, v->t_utc);
        sqlite3_bind_text(st, 2, v->exhibit, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, v->panel);
        sqlite3_bind_text(st, 4, v->locale, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, v->mode == STATS_LOOP ? "loop" : "interactive", -1, SQLITE_STATIC);
        sqlite3_bind_double(st, 6, v->seconds);
        rc = step_reset(st);
    }
    sqlite3_finalize(st);
    st = NULL;
    for (int i = 0; rc == SQLITE_OK && i < b->n_sessions; i++) {
        rc = insert(s->db, "INSERT INTO session VALUES (?, ?, ?)", &st);
        if (rc != SQLITE_OK)
            break;
        sqlite3_bind_int64(st, 1, b->sessions[i].t_start_utc);
        sqlite3_bind_double(st, 2, b->sessions[i].seconds);
        sqlite3_bind_int(st, 3, b->sessions[i].panels);
        rc = step_reset(st);
    }
    sqlite3_finalize(st);
    st = NULL;
    for (int i = 0; rc == SQLITE_OK && i < b->n_langs; i++) {
        rc = insert(s->db, "INSERT INTO language VALUES (?, ?)", &st);
        if (rc != SQLITE_OK)
            break;
        sqlite3_bind_int64(st, 1, b->langs[i].t_utc);
        sqlite3_bind_text(st, 2, b->langs[i].locale, -1, SQLITE_STATIC);
        rc = step_reset(st);
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc == SQLITE_OK && b->touches > 0) {
        rc = insert(s->db, "INSERT INTO touch VALUES (?, ?)", &st);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(st, 1, now_utc);
            sqlite3_bind_int64(st, 2, b->touches);
            rc = step_reset(st);
        }
        sqlite3_finalize(st);
    }
    return rc;
}

/* Older than the retention, then the oldest beyond the cap (rows are
 * only ever appended, so rowids are in order and dense at the top). */
static int bound(struct stats *s, int64_t now_utc)
{
    int64_t oldest = now_utc - (int64_t)s->retention_days * 86400;
    for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
        char sql[256];
        snprintf(sql, sizeof(sql), "DELETE FROM %s WHERE %s < %lld", tables[i].table,
                 tables[i].time, (long long)oldest);
        int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            return rc;
        snprintf(sql, sizeof(sql),
                 "DELETE FROM %s WHERE rowid <= (SELECT max(rowid) FROM %s) - %ld", tables[i].table,
                 tables[i].table, s->max_rows);
        rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            return rc;
    }
    return SQLITE_OK;
}

enum stats_err stats_write(struct stats *s, const struct stats_buf *b, int64_t now_utc, char *why,
                           size_t why_len)
{
    int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len);
    rc = write_rows(s, b, now_utc);
    if (rc == SQLITE_OK)
        rc = bound(s, now_utc);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        enum stats_err e = fail(s->path, s->db, rc, why, why_len);
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        return e;
    }
    /* pages freed by the bounds go back to the file system, a few at a time */
    sqlite3_exec(s->db, "PRAGMA incremental_vacuum(256)", NULL, NULL, NULL);
    return STATS_OK;
}

long stats_count(struct stats *s, const char *table)
{
    for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
        if (strcmp(table, tables[i].table) == 0) {
            char sql[96];
            sqlite3_int64 n;
            snprintf(sql, sizeof(sql), "SELECT count(*) FROM %s", table);
            return query_int(s->db, sql, &n) == SQLITE_OK ? (long)n : -1;
        }
    return -1;
}

/* ---- reading ---- */

/* Where the CSV goes: a FILE, or a file descriptor written through fsio in
 * blocks (the export to a stick). err keeps the first write's failure. */
struct csv_out {
    FILE *f;
    const struct fsio *io;
    int fd;
    int err; /* -errno, 0: none */
    size_t n;
    char buf[64 * 1024];
};

static void out_flush(struct csv_out *o)
{
    size_t at = 0;
    while (!o->err && at < o->n) {
        long w = o->io->write(o->io->ctx, o->fd, o->buf + at, o->n - at);
        if (w < 0)
            o->err = (int)w;
        else if (w == 0)
            o->err = -EIO;
        else
            at += (size_t)w;
    }
    o->n = 0;
}

static void out_put(struct csv_out *o, const char *p, size_t len)
{
    if (o->f) {
        fwrite(p, 1, len, o->f);
        return;
    }
    while (len > 0 && !o->err) {
        size_t take = sizeof(o->buf) - o->n < len ? sizeof(o->buf) - o->n : len;
        memcpy(o->buf + o->n, p, take);
        o->n += take;
        p += take;
        len -= take;
        if (o->n == sizeof(o->buf))
            out_flush(o);
    }
}

static void out_str(struct csv_out *o, const char *text)
{
    out_put(o, text, strlen(text));
}

static void csv_field(struct csv_out *o, const char *text)
{
    if (!text)
        return;
    if (!strpbrk(text, ",\"\r\n")) {
        out_str(o, text);
        return;
    }
    out_put(o, "\"", 1);
    for (const char *p = text; *p; p++) {
        const char *q = strchr(p, '"');
        size_t len = q ? (size_t)(q - p) + 1 : strlen(p);
        out_put(o, p, len);
        if (!q)
            break;
        out_put(o, "\"", 1); /* a quote, doubled */
        p = q;
    }
    out_put(o, "\"", 1);
}

void stats_csv_field(FILE *out, const char *text)
{
    struct csv_out o = {.f = out};
    csv_field(&o, text);
}

static int export_rows(struct stats *s, int64_t since_utc, struct csv_out *out, long *rows,
                       char *why, size_t why_len)
{
    static const char sql[] =
        "SELECT 'panel_view', t_utc, exhibit, panel, locale, mode, round(seconds, 1), NULL, NULL"
        " FROM panel_view WHERE t_utc >= ?1"
        " UNION ALL SELECT 'session', t_start_utc, NULL, NULL, NULL, 'interactive',"
        " round(seconds, 1), panels, NULL FROM session WHERE t_start_utc >= ?1"
        " UNION ALL SELECT 'touch', t_utc, NULL, NULL, NULL, NULL, NULL, NULL, n"
        " FROM touch WHERE t_utc >= ?1"
        " UNION ALL SELECT 'language', t_utc, NULL, NULL, locale, 'interactive', NULL, NULL, NULL"
        " FROM language WHERE t_utc >= ?1 ORDER BY 2";
    static const char header[] =
        "kind,time_utc,exhibit,panel,locale,mode,seconds,panels,touches\r\n";
    sqlite3_stmt *st;
    *rows = 0;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;
    sqlite3_bind_int64(st, 1, since_utc);
    out_str(out, header);
    while (!out->err && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        for (int c = 0; c < 9; c++) {
            if (c)
                out_put(out, ",", 1);
            if (c == 1) {
                time_t t = (time_t)sqlite3_column_int64(st, 1);
                struct tm tm;
                char iso[32];
                if (gmtime_r(&t, &tm) && strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm))
                    out_str(out, iso);
            } else {
                csv_field(out, (const char *)sqlite3_column_text(st, c));
            }
        }
        out_put(out, "\r\n", 2);
        (*rows)++;
    }
    sqlite3_finalize(st);
    if (out->err)
        return 0; /* the caller words the write's failure */
    if (rc != SQLITE_DONE)
        return fail(s->path, s->db, rc, why, why_len), -1;
    return 0;
}

int stats_export_csv(struct stats *s, int64_t since_utc, FILE *out, long *rows, char *why,
                     size_t why_len)
{
    struct csv_out o = {.f = out};
    return export_rows(s, since_utc, &o, rows, why, why_len);
}

int stats_export_fd(struct stats *s, int64_t since_utc, const struct fsio *io, int fd, long *rows,
                    int *write_err, char *why, size_t why_len)
{
    struct csv_out *o = calloc(1, sizeof(*o));
    *write_err = 0;
    *rows = 0;
    if (!o) {
        snprintf(why, why_len, "out of memory for the export");
        return -1;
    }
    o->io = io;
    o->fd = fd;
    int rc = export_rows(s, since_utc, o, rows, why, why_len);
    if (rc == 0)
        out_flush(o);
    *write_err = o->err;
    free(o);
    return rc == 0 && *write_err == 0 ? 0 : -1;
}

int stats_summary(struct stats *s, int64_t now_utc, FILE *out, char *why, size_t why_len)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(s->db,
                                "SELECT exhibit, panel, count(*), sum(seconds) FROM panel_view"
                                " GROUP BY exhibit, panel ORDER BY 3 DESC, 4 DESC LIMIT 10",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;
    fprintf(out, "Most viewed panels:\n");
    int n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        fprintf(out, "  %2d. %s, panel %d: %lld views, %.1f minutes on screen\n", ++n,
                (const char *)sqlite3_column_text(st, 0), sqlite3_column_int(st, 1),
                (long long)sqlite3_column_int64(st, 2), sqlite3_column_double(st, 3) / 60.0);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return fail(s->path, s->db, rc, why, why_len), -1;
    if (!n)
        fprintf(out, "  none yet\n");

    fprintf(out, "Sessions per day (last 14 days, UTC):\n");
    rc = sqlite3_prepare_v2(
        s->db, "SELECT count(*) FROM session WHERE t_start_utc >= ? AND t_start_utc < ?", -1, &st,
        NULL);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;
    int64_t today = now_utc - now_utc % 86400;
    for (int d = 13; d >= 0 && rc == SQLITE_OK; d--) {
        int64_t from = today - (int64_t)d * 86400;
        time_t t = (time_t)from;
        struct tm tm;
        char day[16] = "?";
        if (gmtime_r(&t, &tm))
            strftime(day, sizeof(day), "%Y-%m-%d", &tm);
        sqlite3_bind_int64(st, 1, from);
        sqlite3_bind_int64(st, 2, from + 86400);
        rc = sqlite3_step(st);
        if (rc == SQLITE_ROW) {
            fprintf(out, "  %s  %lld\n", day, (long long)sqlite3_column_int64(st, 0));
            rc = SQLITE_OK;
        }
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;

    sqlite3_int64 count;
    rc = query_int(s->db, "SELECT count(*) FROM session", &count);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;
    if (count == 0) {
        fprintf(out, "Median session length: no sessions yet\n");
        return 0;
    }
    rc = sqlite3_prepare_v2(s->db, "SELECT seconds FROM session ORDER BY seconds LIMIT ? OFFSET ?",
                            -1, &st, NULL);
    if (rc != SQLITE_OK)
        return fail(s->path, s->db, rc, why, why_len), -1;
    sqlite3_bind_int64(st, 1, count % 2 ? 1 : 2);
    sqlite3_bind_int64(st, 2, (count - 1) / 2);
    double sum = 0;
    int got = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        sum += sqlite3_column_double(st, 0);
        got++;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE || !got)
        return fail(s->path, s->db, rc == SQLITE_DONE ? SQLITE_CORRUPT : rc, why, why_len), -1;
    fprintf(out, "Median session length: %.0f s (%lld sessions)\n", sum / got, (long long)count);
    return 0;
}
