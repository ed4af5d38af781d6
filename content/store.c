/* store.c - the content store reader (see store.h).
 *
 * A store file comes from a USB stick or a download, so it is treated as
 * hostile until checked: opened read-only, with SQLite's defensive settings
 * and tight limits, and every value read is checked for type, size and
 * UTF-8 before it is copied into the caller's arena. Every prepared
 * statement belongs to the store and is finalised in store_close().
 *
 * Localised text: each text field takes the value of the requested
 * locale's row, or, where that row or field is missing, the default
 * locale's (content/README.md: "a text missing in one language falls back
 * to the default language"). panel->locale names the locale of the row
 * used for the panel's own text. */
#include "store.h"

#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "hyphenation.h"
#include "rules.h"
#include "store_schema.h"
#include "theme.h"
#include "ui_keys.h"
#include "when.h"

#define STORE_MAX_TEXT (64 * 1024)         /* bytes in one text field */
#define STORE_MAX_ASSET (20 * 1024 * 1024) /* bytes in one image */
/* how every connection to a store file is opened (store_db_open) */
#define STORE_OPEN_SQLITE_FLAGS (SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
#define FACE_NAMES STORE_FONT_FACES

/* The statements the store runs after open, prepared once in open. Every
 * localised query yields the requested locale's row (?2) before the default
 * locale's (?3). */
enum {
    ST_PANEL,
    ST_PANEL_TEXT,
    ST_STATISTIC,
    ST_STATISTIC_TEXT,
    ST_QUOTE,
    ST_QUOTE_TEXT,
    ST_ASSET,
    ST_CITES,
    ST_SOURCES,
    ST_EXHIBIT_TEXT,
    ST_CHAPTERS,
    ST_EVENTS,
    ST_EVENT_TEXT,
    ST_VALUES,
    ST_VALUE_TEXT,
    ST_ITEM_CITES,
    ST_ALSO,
    ST_QUOTE_TRANSLATION, /* version 4 on */
    ST_FONTS,             /* version 4 on */
    ST_VIDEO,             /* version 6 on */
    ST_CAPTIONS,          /* version 6 on */
    ST_CLIPS,             /* version 6 on */
    ST_COUNT
};

/* The first schema version that has what a statement reads. */
static const int statement_since[ST_COUNT] = {
    [ST_QUOTE_TRANSLATION] = 4, [ST_FONTS] = 4, [ST_VIDEO] = 6, [ST_CAPTIONS] = 6, [ST_CLIPS] = 6,
};

static const char *const statement_sql[ST_COUNT] = {
    [ST_PANEL] = "SELECT id, kind, asset_id FROM panel WHERE position = ?1",
    [ST_PANEL_TEXT] = "SELECT locale, chapter, heading, body, note, alt FROM panel_text"
                      " WHERE position = ?1 AND locale IN (?2, ?3) ORDER BY locale = ?2 DESC",
    [ST_STATISTIC] = "SELECT value, value_to, decimals, part_of, unit FROM statistic"
                     " WHERE position = ?1",
    [ST_STATISTIC_TEXT] = "SELECT locale, label, prefix, suffix, part_of_label FROM statistic_text"
                          " WHERE position = ?1 AND locale IN (?2, ?3)"
                          " ORDER BY locale = ?2 DESC",
    [ST_QUOTE] = "SELECT speaker, language FROM quote WHERE position = ?1",
    [ST_QUOTE_TEXT] = "SELECT locale, text, role, context FROM quote_text"
                      " WHERE position = ?1 AND locale IN (?2, ?3) ORDER BY locale = ?2 DESC",
    [ST_ASSET] = "SELECT mime, data, width, height, name FROM asset WHERE id = ?1",
    [ST_CITES] = "SELECT s.id, coalesce(t.cite, d.cite), coalesce(t.description, d.description)"
                 " FROM source s"
                 " LEFT JOIN source_text t ON t.source_id = s.id AND t.locale = ?2"
                 " LEFT JOIN source_text d ON d.source_id = s.id AND d.locale = ?3"
                 " WHERE s.id IN (SELECT source_id FROM citation WHERE position = ?1"
                 "  UNION SELECT source_id FROM item_citation WHERE position = ?1)"
                 " ORDER BY s.position",
    [ST_SOURCES] = "SELECT s.id, coalesce(t.cite, d.cite), coalesce(t.description, d.description),"
                   " s.file FROM source s"
                   " LEFT JOIN source_text t ON t.source_id = s.id AND t.locale = ?2"
                   " LEFT JOIN source_text d ON d.source_id = s.id AND d.locale = ?3"
                   " ORDER BY s.position",
    [ST_EXHIBIT_TEXT] = "SELECT locale, title, subtitle FROM exhibit_text"
                        " WHERE locale IN (?2, ?3) ORDER BY locale = ?2 DESC",
    /* the panels where the chapter changes; ?1 is unused (bind_localized) */
    [ST_CHAPTERS] = "SELECT position, chapter FROM ("
                    " SELECT p.position, coalesce(t.chapter, d.chapter) AS chapter,"
                    "  lag(coalesce(t.chapter, d.chapter)) OVER (ORDER BY p.position) AS prev"
                    " FROM panel p"
                    " LEFT JOIN panel_text t ON t.position = p.position AND t.locale = ?2"
                    " LEFT JOIN panel_text d ON d.position = p.position AND d.locale = ?3"
                    " WHERE ?1 IS NULL OR ?1 IS NOT NULL)"
                    " WHERE chapter IS NOT NULL AND (prev IS NULL OR prev <> chapter)"
                    " ORDER BY position",
    /* timeline and compare items; ?4 is the item */
    [ST_EVENTS] = "SELECT item, date, approximate FROM event WHERE position = ?1 ORDER BY item",
    [ST_EVENT_TEXT] = "SELECT locale, label, time FROM event_text"
                      " WHERE position = ?1 AND item = ?4 AND locale IN (?2, ?3)"
                      " ORDER BY locale = ?2 DESC",
    [ST_VALUES] = "SELECT item, value, decimals FROM compare_value WHERE position = ?1"
                  " ORDER BY item",
    [ST_VALUE_TEXT] = "SELECT locale, label FROM compare_value_text"
                      " WHERE position = ?1 AND item = ?4 AND locale IN (?2, ?3)"
                      " ORDER BY locale = ?2 DESC",
    [ST_ITEM_CITES] =
        "SELECT s.id, coalesce(t.cite, d.cite), coalesce(t.description, d.description)"
        " FROM source s"
        " LEFT JOIN source_text t ON t.source_id = s.id AND t.locale = ?2"
        " LEFT JOIN source_text d ON d.source_id = s.id AND d.locale = ?3"
        " WHERE s.id IN (SELECT source_id FROM item_citation"
        "  WHERE position = ?1 AND item = ?4)"
        " ORDER BY s.position",
    /* the requested locale's own row only: a translation into another
     * language is never a fallback */
    [ST_QUOTE_TRANSLATION] = "SELECT translation FROM quote_text WHERE position = ?1"
                             " AND locale = ?2",
    [ST_FONTS] = "SELECT face, name, data FROM font",
    /* length() of a blob reads its size, not its bytes */
    [ST_VIDEO] = "SELECT v.at_end, v.sound, c.id, c.name, c.container, c.codec, c.width,"
                 " c.height, c.duration_ms, c.bitrate, c.audio, length(c.data)"
                 " FROM video v JOIN clip c ON c.id = v.clip WHERE v.position = ?1",
    /* the requested language's captions, else the default language's */
    [ST_CAPTIONS] = "SELECT start_ms, end_ms, text FROM caption WHERE position = ?1"
                    " AND locale = CASE WHEN EXISTS (SELECT 1 FROM caption WHERE position = ?1"
                    " AND locale = ?2) THEN ?2 ELSE ?3 END ORDER BY item",
    [ST_CLIPS] = "SELECT c.id, c.name, c.container, c.codec, c.width, c.height, c.duration_ms,"
                 " c.bitrate, c.audio, length(c.data),"
                 " (SELECT min(position) FROM video WHERE clip = c.id),"
                 " (SELECT count(*) FROM caption k JOIN video v ON v.position = k.position"
                 "  WHERE v.clip = c.id AND k.item = 0)"
                 " FROM clip c ORDER BY c.id",
    [ST_ALSO] = "SELECT t.locale, t.heading FROM panel_text t JOIN locale l ON l.code = t.locale"
                " WHERE t.position = ?1 AND t.locale <> ?2 AND t.heading IS NOT NULL"
                " ORDER BY l.position LIMIT 3",
};

struct store {
    sqlite3 *db;
    char *name;
    char *path; /* the file, for readers of its clips; NULL: in memory */
    char *slug, *version, *default_locale;
    int n_panels;
    int n_sources;
    int n_locales;
    char *locales[STORE_MAX_LOCALES];
    char *locale_names[STORE_MAX_LOCALES];
    sqlite3_stmt *st[ST_COUNT];
    int format;                  /* the schema version, STORE_SCHEMA_OLDEST and on */
    struct theme theme;          /* set 0: none (and always before version 4) */
    sqlite3_int64 logo;          /* the logo's asset id; 0: none */
    int defer_check;             /* STORE_OPEN_DEFER_CHECK: no quick_check at open */
    int (*cancelled)(void *ctx); /* store_check_file: stop early when it says so */
    void *cancel_ctx;
    char *ui[STORE_MAX_LOCALES][UI_KEY_COUNT]; /* the exhibit's words (read_ui_text) */
    int ui_ignored;                            /* rows of ui_text left out, */
    char ui_why[400];                          /* the first one's reason */
    struct hyphen_table *hy[STORE_MAX_LOCALES];  /* store_hyphens, by locale */
    unsigned char hy_read[STORE_MAX_LOCALES];    /* 1: read (hy may still be NULL) */
    /* store_lend_fonts: per distinct font, a statement left on its row
     * (its blob is the bytes lent), and each face's file name */
    sqlite3_stmt *lent[STORE_FONT_FACES];
    char *lent_name[STORE_FONT_FACES];
};

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* A text column: its name in messages (the YAML key staff write), the
 * longest text the build accepts for it, and whether it is one line (a
 * figure's prefix and suffix). */
struct field {
    const char *name;
    size_t max;
    int line;
};
#define ANY_TEXT(name) (&(const struct field){(name), STORE_MAX_TEXT, 0})

/* Checks one text value from the store against rules_text without copying
 * it. *text is NULL for SQL NULL. `where` (may be NULL) says where the value
 * is ("panel 2 'runners'"). */
static int check_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                      const struct field *f, const unsigned char **text, int *len, char *why,
                      size_t why_len)
{
    int type = sqlite3_column_type(st, col);
    const char *sep = where ? ", " : "";
    *text = NULL;
    *len = 0;
    if (!where)
        where = "";
    if (type == SQLITE_NULL)
        return 0;
    if (type != SQLITE_TEXT)
        return rules_fail(why, why_len, "%s has a value that is not text (%s%s%s).", s->name, where,
                          sep, f->name);
    /* Size first: a 10 MB text is refused without being validated or copied. */
    int n = sqlite3_column_bytes(st, col);
    if (n > STORE_MAX_TEXT)
        return rules_fail(why, why_len,
                          "%s has a text that is too long (%s%s%s: %d bytes, at most %d allowed).",
                          s->name, where, sep, f->name, n, STORE_MAX_TEXT);
    const unsigned char *t = sqlite3_column_text(st, col);
    if (!t)
        return rules_fail(why, why_len, "%s could not be read: out of memory (%s%s%s).", s->name,
                          where, sep, f->name);
    char phrase[256];
    if (rules_text((const char *)t, (size_t)n, !f->line, f->max, f->name, phrase, sizeof phrase) !=
        0)
        return rules_fail(why, why_len, "%s: %s%s%s.", s->name, where, where[0] ? ": " : "",
                          phrase);
    *text = t;
    *len = n;
    return 0;
}

/* Copies a checked text value into the arena, or into malloc'd memory
 * (store lifetime) when a is NULL; *out is NULL for SQL NULL. */
static int copy_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                     const struct field *f, struct arena *a, char **out, char *why, size_t why_len)
{
    const unsigned char *t;
    int n;
    *out = NULL;
    if (check_text(s, st, col, where, f, &t, &n, why, why_len) < 0)
        return -1;
    if (!t)
        return 0;
    *out = a ? arena_strndup(a, (const char *)t, (size_t)n) : malloc((size_t)n + 1);
    if (!*out)
        return rules_fail(why, why_len, "There is not enough memory to read %s (%s).", s->name,
                          f->name);
    if (!a) {
        memcpy(*out, t, (size_t)n);
        (*out)[n] = '\0';
    }
    return 0;
}

static int read_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                     const struct field *f, struct arena *a, const char **out, char *why,
                     size_t why_len)
{
    char *t;
    int rc = copy_text(s, st, col, where, f, a, &t, why, why_len);
    *out = t;
    return rc;
}

/* One sentence for an SQLite error while reading the store. */
static int fail_sqlite(const struct store *s, int rc, char *why, size_t why_len)
{
    const char *msg = s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc);
    switch (rc & 0xff) {
    case SQLITE_NOTADB:
        return rules_fail(why, why_len,
                          "%s is not a SQLite database, so not a vitrine exhibit (%s).", s->name,
                          msg);
    case SQLITE_CORRUPT:
        return rules_fail(why, why_len, "%s is damaged (%s).", s->name, msg);
    case SQLITE_NOMEM:
        return rules_fail(why, why_len, "There is not enough memory to read %s.", s->name);
    case SQLITE_TOOBIG:
        return rules_fail(why, why_len, "%s holds a value too large to read (%s).", s->name, msg);
    case SQLITE_IOERR:
        return rules_fail(why, why_len, "%s could not be read; it may be damaged (%s).", s->name,
                          msg);
    case SQLITE_INTERRUPT:
        return rules_fail(why, why_len, "Reading %s was stopped: the kiosk is stopping.", s->name);
    default:
        return rules_fail(why, why_len, "%s could not be read (%s).", s->name, msg);
    }
}

/* Steps st to its next row: 1 on a row, 0 when there are no more rows, or
 * -1 with why set on an SQLite error. Every read of the store steps here. */
static int next_row(struct store *s, sqlite3_stmt *st, char *why, size_t why_len)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        return 1;
    if (rc == SQLITE_DONE)
        return 0;
    return fail_sqlite(s, rc, why, why_len);
}

/* Prepares a statement run once at open (finalise it even on failure);
 * 0, or -1 with why set. */
static int prepare_once(struct store *s, const char *sql, sqlite3_stmt **st, char *why,
                        size_t why_len)
{
    int rc = sqlite3_prepare_v2(s->db, sql, -1, st, NULL);
    return rc == SQLITE_OK ? 0 : fail_sqlite(s, rc, why, why_len);
}

static sqlite3_stmt *begin(struct store *s, int which)
{
    sqlite3_stmt *st = s->st[which];
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return st;
}

/* Ends every statement's read so no transaction stays open between calls. */
static void reset_all(struct store *s)
{
    for (int i = 0; i < ST_COUNT; i++)
        if (s->st[i])
            sqlite3_reset(s->st[i]);
}

/* Runs statement `which` for the key ?1 and steps to its row (*st): 1 on
 * the row, 0 when there is none, -1 with why set on an error. */
static int lookup(struct store *s, int which, sqlite3_int64 key, sqlite3_stmt **st, char *why,
                  size_t why_len)
{
    *st = begin(s, which);
    int rc = sqlite3_bind_int64(*st, 1, key);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, rc, why, why_len);
    return next_row(s, *st, why, why_len);
}

/* Binds ?1 position, ?2 requested locale, ?3 default locale. */
static int bind_localized(struct store *s, sqlite3_stmt *st, int position, const char *locale,
                          char *why, size_t why_len)
{
    int rc = sqlite3_bind_int(st, 1, position);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, locale, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 3, s->default_locale, -1, SQLITE_STATIC);
    return rc == SQLITE_OK ? 0 : fail_sqlite(s, rc, why, why_len);
}

/* Steps a localised statement whose column 0 is the locale and columns
 * 1..n are the text fields f[0..n): field i takes the first non-NULL value
 * over the rows (requested locale first). *row_locale is the locale of the
 * first row, or NULL when there is no row. */
static int read_localized(struct store *s, sqlite3_stmt *st, int n, const struct field *f,
                          const char *where, struct arena *a, const char **fields,
                          const char **row_locale, char *why, size_t why_len)
{
    char name[96];
    int r, row = 0;
    for (int i = 0; i < n; i++)
        fields[i] = NULL;
    if (row_locale)
        *row_locale = NULL;
    while ((r = next_row(s, st, why, why_len)) > 0) {
        const unsigned char *loc;
        int loc_len;
        if (check_text(s, st, 0, where, ANY_TEXT("locale"), &loc, &loc_len, why, why_len) < 0)
            return -1;
        if (row == 0 && row_locale) {
            for (int i = 0; i < s->n_locales; i++)
                if (loc && strcmp((const char *)loc, s->locales[i]) == 0)
                    *row_locale = s->locales[i];
        }
        for (int i = 0; i < n; i++) {
            if (fields[i])
                continue;
            snprintf(name, sizeof name, "%s (%.40s)", f[i].name, loc ? (const char *)loc : "?");
            const struct field named = {name, f[i].max, f[i].line};
            if (read_text(s, st, i + 1, where, &named, a, &fields[i], why, why_len) < 0)
                return -1;
        }
        if (++row == 2)
            break;
    }
    return r < 0 ? -1 : 0;
}

/* Runs a one-off query for one integer (0 when it yields no row). */
static int query_int(struct store *s, const char *sql, sqlite3_int64 *out, char *why,
                     size_t why_len)
{
    sqlite3_stmt *st = NULL;
    *out = 0;
    int ret = prepare_once(s, sql, &st, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) > 0) {
        *out = sqlite3_column_int64(st, 0);
        ret = 0;
    }
    sqlite3_finalize(st);
    return ret;
}

int store_db_configure(sqlite3 *db)
{
    static const struct {
        int id, value;
    } limits[] = {
        /* Images may be up to 20 MB; text fields are checked against
         * STORE_MAX_TEXT as they are read. A clip's blob is larger, but
         * incremental blob I/O reads it in pieces, under this limit. */
        {SQLITE_LIMIT_LENGTH, STORE_MAX_ASSET + 1024 * 1024},
        {SQLITE_LIMIT_SQL_LENGTH, 64 * 1024},
        {SQLITE_LIMIT_COLUMN, 64},
        {SQLITE_LIMIT_EXPR_DEPTH, 32},
        {SQLITE_LIMIT_COMPOUND_SELECT, 4},
        {SQLITE_LIMIT_VDBE_OP, 25000},
        {SQLITE_LIMIT_FUNCTION_ARG, 8},
        {SQLITE_LIMIT_ATTACHED, 0},
        {SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 64},
        {SQLITE_LIMIT_VARIABLE_NUMBER, 16},
        {SQLITE_LIMIT_TRIGGER_DEPTH, 1},
        {SQLITE_LIMIT_WORKER_THREADS, 0},
    };
    int on = 1, off = 0;
    int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, (int *)NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, off, (int *)NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, off, (int *)NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, off, (int *)NULL);
    /* sqlite3_limit cannot fail, but silently lowers a value above its
     * compile-time maximum: each one read back is the one asked for */
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof limits / sizeof limits[0]; i++) {
        sqlite3_limit(db, limits[i].id, limits[i].value);
        if (sqlite3_limit(db, limits[i].id, -1) != limits[i].value)
            rc = SQLITE_MISUSE;
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_busy_timeout(db, 0);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db,
                          "PRAGMA cell_size_check = ON; PRAGMA mmap_size = 0;"
                          " PRAGMA query_only = ON;",
                          NULL, NULL, NULL);
    return rc;
}

int store_db_open(const char *path, sqlite3 **out)
{
    *out = NULL;
    int rc = sqlite3_open_v2(path, out, STORE_OPEN_SQLITE_FLAGS, NULL);
    if (rc == SQLITE_OK)
        rc = store_db_configure(*out);
    return rc;
}

int store_db_file_id(sqlite3 *db, const char *path, unsigned long long *dev,
                     unsigned long long *ino)
{
    /* SQLite's unix VFS says whether path still names the inode it has
     * open (SQLITE_FCNTL_HAS_MOVED); path looked at before and after must
     * be one file, so that the identity read is the one SQLite has open */
    struct stat a, b;
    int moved = 1;
    if (!db || !path || stat(path, &a) != 0 ||
        sqlite3_file_control(db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) != SQLITE_OK || moved ||
        stat(path, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
        return -1;
    *dev = (unsigned long long)a.st_dev;
    *ino = (unsigned long long)a.st_ino;
    return 0;
}

static int configure(struct store *s, char *why, size_t why_len)
{
    int rc = store_db_configure(s->db);
    if (rc == SQLITE_OK)
        return 0;
    if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
        return fail_sqlite(s, rc, why, why_len);
    return rules_fail(why, why_len, "%s could not be opened safely (%s).", s->name,
                      sqlite3_errstr(rc));
}

static int check_schema(struct store *s, char *why, size_t why_len)
{
    sqlite3_int64 v;
    if (store_schema_check_header(s->db, s->name, why, why_len) < 0)
        return -1;
    /* The first read: a file that is not SQLite, or whose schema is
     * damaged, fails here. */
    if (query_int(s, "PRAGMA application_id", &v, why, why_len) < 0)
        return -1;
    if (v != STORE_APPLICATION_ID)
        return rules_fail(why, why_len,
                          "%s is not a vitrine exhibit (application_id 0x%08llx, expected 0x%08x).",
                          s->name, (unsigned long long)(v & 0xffffffff), STORE_APPLICATION_ID);
    if (query_int(s, "PRAGMA user_version", &v, why, why_len) < 0)
        return -1;
    if (v < STORE_SCHEMA_OLDEST || v > STORE_SCHEMA_VERSION)
        return rules_fail(why, why_len,
                          "%s is schema version %lld; this vitrine reads versions %d to %d.",
                          s->name, (long long)v, STORE_SCHEMA_OLDEST, STORE_SCHEMA_VERSION);
    s->format = (int)v;

    /* tables, columns, indexes, triggers and views exactly as the writer
     * of that version made them: read from the schema alone, before any
     * row is */
    return store_schema_check(s->db, s->name, s->format, why, why_len);
}

/* Set by store_request_stop (a signal handler): every query of every
 * store stops at its next progress check. */
static volatile sig_atomic_t stop_requested;

void store_request_stop(void)
{
    stop_requested = 1;
}

int store_stop_requested(void)
{
    return stop_requested != 0;
}

/* Asked every PROGRESS_STEPS virtual machine steps of every query (a
 * fraction of a millisecond): whether to stop it. */
#define PROGRESS_STEPS 1000
static int progress_cancel(void *ctx)
{
    const struct store *s = ctx;
    return stop_requested || (s->cancelled && s->cancelled(s->cancel_ctx));
}

static void watch_progress(struct store *s)
{
    sqlite3_progress_handler(s->db, PROGRESS_STEPS, progress_cancel, s);
}

static int quick_check(struct store *s, char *why, size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int ret = prepare_once(s, "PRAGMA quick_check(1)", &st, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) == 0)
        ret = fail_sqlite(s, SQLITE_CORRUPT, why, why_len);
    if (ret < 0)
        goto done;
    ret = 0;
    const char *r = (const char *)sqlite3_column_text(st, 0);
    if (!r || strcmp(r, "ok") != 0) {
        /* One line for the staff screen: drop SQLite's "*** in database
         * main ***" banner and line breaks. */
        char msg[201];
        const char *banner = "*** in database main ***";
        if (r && strncmp(r, banner, strlen(banner)) == 0)
            r += strlen(banner);
        size_t n = 0;
        for (; r && *r && n < sizeof msg - 1; r++) {
            char c = (unsigned char)*r < 0x20 ? ' ' : *r;
            if (c != ' ' || (n > 0 && msg[n - 1] != ' '))
                msg[n++] = c;
        }
        while (n > 0 && msg[n - 1] == ' ')
            n--;
        msg[n] = '\0';
        ret = rules_fail(why, why_len, "%s is damaged (quick_check: %s).", s->name,
                         n ? msg : "no result");
    }
done:
    sqlite3_finalize(st);
    if (ret < 0 && s->cancelled && s->cancelled(s->cancel_ctx))
        ret = rules_fail(why, why_len, "the check of %s was stopped.", s->name);
    return ret;
}

/* A store's text (a window's spec, a code) for a message: at most 60
 * bytes, control characters as '?' (a store's text is hostile). */
static const char *window_words(const unsigned char *spec, char *buf, size_t size)
{
    size_t o = 0;
    for (; spec && spec[o] && o + 4 < size && o < 60; o++)
        buf[o] = spec[o] < 0x20 || spec[o] == 0x7f ? '?' : (char)spec[o];
    snprintf(buf + o, size - o, "%s", spec && spec[o] ? "..." : "");
    return buf;
}

static int read_locales(struct store *s, char *why, size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int ret = prepare_once(s, "SELECT code, name FROM locale ORDER BY position", &st, why, why_len);
    int r = 0;
    while (ret == 0 && (r = next_row(s, st, why, why_len)) > 0) {
        if (s->n_locales == STORE_MAX_LOCALES) {
            ret = rules_fail(why, why_len, "%s has more than %d languages.", s->name,
                             STORE_MAX_LOCALES);
            break;
        }
        int i = s->n_locales;
        if (copy_text(s, st, 0, NULL, ANY_TEXT("language code"), NULL, &s->locales[i], why,
                      why_len) < 0 ||
            copy_text(s, st, 1, NULL, &(const struct field){"language name", RULES_LEN_NAME, 1},
                      NULL, &s->locale_names[i], why, why_len) < 0) {
            ret = -1;
            break;
        }
        s->n_locales++;
        const char *c = s->locales[i];
        size_t n = c ? strlen(c) : 0;
        /* the build's rule (value_locale_code): an id of letters, digits
         * and '-' that starts with a letter */
        int ok = s->locale_names[i] && store_locale_code_ok(c, n);
        if (!ok) {
            char words[80];
            ret = rules_fail(why, why_len,
                             "%s has a language without a valid code and name (\"%s\": a code "
                             "is letters, digits and '-', starting with a letter).",
                             s->name, window_words((const unsigned char *)c, words, sizeof words));
        }
    }
    if (ret == 0 && r < 0)
        ret = -1;
    if (ret == 0 && s->n_locales == 0)
        ret = rules_fail(why, why_len, "%s has no languages.", s->name);
    sqlite3_finalize(st);
    return ret;
}

/* One theme colour ('#RRGGBB' or NULL) into *rgb; *given says which. */
static int read_colour(struct store *s, sqlite3_stmt *st, int col, const char *name, int *given,
                       uint32_t *rgb, char *why, size_t why_len)
{
    const unsigned char *t;
    int len;
    if (check_text(s, st, col, NULL, ANY_TEXT(name), &t, &len, why, why_len) < 0)
        return -1;
    *given = t != NULL;
    if (t && theme_parse_colour((const char *)t, rgb) != 0)
        return rules_fail(why, why_len, "%s has a %s that is not a colour such as #1A2B3C.",
                          s->name, name);
    return 0;
}

/* The exhibit's theme and logo (version 4 on), checked as the build checks
 * them: a theme whose text would not read is refused. */
static int read_look(struct store *s, char *why, size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int accent = 0, background = 0;
    int ret = prepare_once(s, "SELECT accent, background, logo FROM exhibit", &st, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) == 0)
        ret = rules_fail(why, why_len, "%s has no exhibit description.", s->name);
    if (ret < 0)
        goto done;
    ret = -1;
    if (read_colour(s, st, 0, "theme.accent", &accent, &s->theme.accent, why, why_len) < 0 ||
        read_colour(s, st, 1, "theme.background", &background, &s->theme.background, why, why_len) <
            0)
        goto done;
    if (accent != background) {
        rules_fail(why, why_len, "%s has a theme with an accent or a background but not both.",
                   s->name);
        goto done;
    }
    s->theme.set = accent;
    char phrase[256];
    if (theme_check(&s->theme, phrase, sizeof phrase) < 0) {
        rules_fail(why, why_len, "%s: theme: %s.", s->name, phrase);
        goto done;
    }
    int type = sqlite3_column_type(st, 2);
    if (type != SQLITE_NULL && (type != SQLITE_INTEGER || sqlite3_column_int64(st, 2) <= 0)) {
        rules_fail(why, why_len, "%s names a logo that is not an image of the exhibit.", s->name);
        goto done;
    }
    s->logo = type == SQLITE_NULL ? 0 : sqlite3_column_int64(st, 2);
    ret = 0;
done:
    sqlite3_finalize(st);
    return ret;
}

int store_id_ok(const char *s, size_t len, const char *extra)
{
    if (!s || len == 0 || len > STORE_ID_MAX || strlen(s) < len)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              (c && strchr(extra, c))))
            return 0;
    }
    return 1;
}

int store_locale_code_ok(const char *s, size_t len)
{
    return len <= STORE_LOCALE_MAX && store_id_ok(s, len, "-") &&
           ((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
}

static int read_exhibit(struct store *s, char *why, size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int ret =
        prepare_once(s, "SELECT slug, version, default_locale FROM exhibit", &st, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) == 0)
        ret = rules_fail(why, why_len,
                         "%s has no exhibit description (the exhibit row is missing).", s->name);
    if (ret < 0)
        goto done;
    ret = 0;
    /* as the build takes them: id a short id, version a line of up to as
     * many bytes */
    if (copy_text(s, st, 0, NULL, &(const struct field){"exhibit id (slug)", STORE_ID_MAX, 1},
                  NULL, &s->slug, why, why_len) < 0 ||
        copy_text(s, st, 1, NULL, &(const struct field){"exhibit version", STORE_ID_MAX, 1}, NULL,
                  &s->version, why, why_len) < 0 ||
        copy_text(s, st, 2, NULL, ANY_TEXT("default language"), NULL, &s->default_locale, why,
                  why_len) < 0) {
        ret = -1;
        goto done;
    }
    if (!s->slug || !s->version || !s->default_locale) {
        ret = rules_fail(why, why_len, "%s has an incomplete exhibit description.", s->name);
        goto done;
    }
    if (!store_id_ok(s->slug, strlen(s->slug), "-")) {
        ret = rules_fail(why, why_len,
                         "%s has an exhibit id (slug) that is not letters, digits and '-'.",
                         s->name);
        goto done;
    }
    int known = 0;
    for (int i = 0; i < s->n_locales; i++)
        known |= strcmp(s->locales[i], s->default_locale) == 0;
    if (!known)
        ret = rules_fail(why, why_len,
                         "%s names a default language that is not one of its languages.", s->name);
    if (ret == 0 && s->format >= 4)
        ret = read_look(s, why, why_len);
done:
    sqlite3_finalize(st);
    return ret;
}

static int check_panels(struct store *s, char *why, size_t why_len)
{
    sqlite3_int64 n, lo, hi, sources;
    if (query_int(s, "SELECT count(*) FROM panel", &n, why, why_len) < 0 ||
        query_int(s, "SELECT min(position) FROM panel", &lo, why, why_len) < 0 ||
        query_int(s, "SELECT max(position) FROM panel", &hi, why, why_len) < 0 ||
        query_int(s, "SELECT count(*) FROM source", &sources, why, why_len) < 0)
        return -1;
    if (n == 0)
        return rules_fail(why, why_len, "%s has no panels.", s->name);
    /* No cap on panels beyond their int numbering; each panel load reads
     * at most all sources, so those are bounded. */
    if (n > INT_MAX || sources > 1000000)
        return rules_fail(why, why_len, "%s has too many panels or sources to be an exhibit.",
                          s->name);
    /* position is the INTEGER PRIMARY KEY, so unique: dense iff 0..n-1. */
    if (lo != 0 || hi != n - 1)
        return rules_fail(why, why_len,
                          "%s has panels numbered %lld to %lld; they must be numbered 0 to %lld "
                          "without gaps.",
                          s->name, (long long)lo, (long long)hi, (long long)(n - 1));
    s->n_panels = (int)n;
    s->n_sources = (int)sources;
    return 0;
}

/* The show windows (version 5 on) as the build writes them (author_show.c,
 * show_write): each one's scope, panels and spec, at most
 * STORE_WINDOWS_PER_SCOPE per scope and STORE_WINDOWS_MAX in all. A store
 * written by hand with anything else is refused here, once, rather than
 * read window by window at every start. */
static int check_windows(struct store *s, char *why, size_t why_len)
{
    if (s->format < 5)
        return 0;
    sqlite3_int64 total;
    if (query_int(s, "SELECT count(*) FROM show_window", &total, why, why_len) < 0)
        return -1;
    if (total > STORE_WINDOWS_MAX)
        return rules_fail(why, why_len,
                          "%s has %lld show windows; an exhibit has at most %d (at most %d for "
                          "the exhibit, each chapter and each panel).",
                          s->name, (long long)total, STORE_WINDOWS_MAX, STORE_WINDOWS_PER_SCOPE);
    sqlite3_stmt *st = NULL;
    int ret = prepare_once(s,
                           "SELECT scope, first, count(*) FROM show_window"
                           " GROUP BY scope, first, last HAVING count(*) > ?1 LIMIT 1",
                           &st, why, why_len);
    if (ret == 0 && sqlite3_bind_int(st, 1, STORE_WINDOWS_PER_SCOPE) != SQLITE_OK)
        ret = fail_sqlite(s, SQLITE_ERROR, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) > 0) {
        char scope[16];
        window_words(sqlite3_column_text(st, 0), scope, sizeof scope);
        ret = rules_fail(why, why_len,
                         "%s has %lld show windows for one %s (from panel %lld); the build "
                         "allows %d.",
                         s->name, (long long)sqlite3_column_int64(st, 2), scope,
                         (long long)sqlite3_column_int64(st, 1) + 1, STORE_WINDOWS_PER_SCOPE);
    }
    sqlite3_finalize(st);
    if (ret != 0)
        return -1;
    if (prepare_once(s, "SELECT scope, first, last, spec FROM show_window ORDER BY rowid", &st,
                     why, why_len) < 0) {
        sqlite3_finalize(st);
        return -1;
    }
    int n = s->n_panels;
    for (int i = 1; ret == 0 && (ret = next_row(s, st, why, why_len)) > 0; i++) {
        const unsigned char *scope = sqlite3_column_text(st, 0);
        const unsigned char *spec = sqlite3_column_text(st, 3);
        const char *sc = (const char *)(scope ? scope : (const unsigned char *)"");
        int ints = sqlite3_column_type(st, 1) == SQLITE_INTEGER &&
                   sqlite3_column_type(st, 2) == SQLITE_INTEGER;
        sqlite3_int64 first = sqlite3_column_int64(st, 1), last = sqlite3_column_int64(st, 2);
        char words[80], wwhy[256];
        const char *bad = NULL;
        struct when w;
        if (strcmp(sc, "exhibit") != 0 && strcmp(sc, "chapter") != 0 && strcmp(sc, "panel") != 0)
            bad = "its scope is not exhibit, chapter or panel";
        else if (!ints || first < 0 || last < first || last >= n)
            bad = "the panels it covers are not panels of the exhibit";
        else if (strcmp(sc, "exhibit") == 0 && (first != 0 || last != n - 1))
            bad = "an exhibit's window covers every panel";
        else if (strcmp(sc, "panel") == 0 && first != last)
            bad = "a panel's window covers that panel only";
        else if (sqlite3_column_type(st, 3) != SQLITE_TEXT || !spec ||
                 (size_t)sqlite3_column_bytes(st, 3) != strlen((const char *)spec))
            bad = "it is not a line of text";
        else if (when_parse((const char *)spec, &w, wwhy, sizeof wwhy) != 0)
            bad = wwhy;
        if (bad) {
            ret = rules_fail(why, why_len, "%s has a show window (%d, \"%s\") the build could not "
                             "have written: %s.",
                             s->name, i, window_words(spec, words, sizeof words), bad);
        }
    }
    sqlite3_finalize(st);
    return ret < 0 ? -1 : 0;
}

static int prepare_statements(struct store *s, char *why, size_t why_len)
{
    for (int i = 0; i < ST_COUNT; i++) {
        if (s->format < statement_since[i])
            continue; /* stays NULL: its table or column is newer than the store */
        int rc = sqlite3_prepare_v3(s->db, statement_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
                                    &s->st[i], NULL);
        if (rc == SQLITE_ERROR)
            return rules_fail(why, why_len,
                              "%s does not have the tables this vitrine expects (%s).", s->name,
                              sqlite3_errmsg(s->db));
        if (rc != SQLITE_OK)
            return fail_sqlite(s, rc, why, why_len);
    }
    return 0;
}

/* Notes a row of ui_text left out (the kiosk shows its own word there);
 * the first one's reason is kept for store_ui_ignored. */
static void ui_ignore(struct store *s, const char *locale, const char *key, const char *reason)
{
    if (s->ui_ignored++ == 0)
        snprintf(s->ui_why, sizeof s->ui_why, "%.120s: the kiosk's word \"%.40s\" in %.35s is left out: %.160s",
                 s->name, key ? key : "?", locale ? locale : "?", reason);
}

/* One row of ui_text into s->ui, or left out: only a key the kiosk knows,
 * in one of the exhibit's languages, with a text ui_key_check accepts (a
 * hostile store's back_in with two "%d" never reaches the screen, nor a
 * printf). 0, or -1 when memory is short. */
static int ui_row(struct store *s, sqlite3_stmt *st)
{
    const char *locale = (const char *)sqlite3_column_text(st, 0);
    const char *key = (const char *)sqlite3_column_text(st, 1);
    int l = 0;
    while (locale && l < s->n_locales && strcmp(locale, s->locales[l]) != 0)
        l++;
    int k = key && sqlite3_column_bytes(st, 1) <= 40 ? ui_key_index(key) : -1;
    if (!locale || l == s->n_locales) {
        ui_ignore(s, locale, key, "the language is not one of the exhibit's");
        return 0;
    }
    if (k < 0 || s->ui[l][k]) {
        ui_ignore(s, locale, key, "the kiosk has no such word");
        return 0;
    }
    int n = sqlite3_column_type(st, 2) == SQLITE_TEXT ? sqlite3_column_bytes(st, 2) : 0;
    const char *text = n <= UI_KEY_TEXT_MAX ? (const char *)sqlite3_column_text(st, 2) : NULL;
    char phrase[160];
    if (!text || ui_key_check(k, text, (size_t)n, NULL, phrase, sizeof phrase) != 0) {
        ui_ignore(s, locale, key, text ? phrase : "it is not text of at most 200 bytes");
        return 0;
    }
    s->ui[l][k] = malloc((size_t)n + 1);
    if (!s->ui[l][k])
        return -1;
    memcpy(s->ui[l][k], text, (size_t)n);
    s->ui[l][k][n] = '\0';
    return 0;
}

/* The exhibit's own words for the kiosk (version 7 on): at most one per
 * language and key, so a store with a million rows costs no more than a
 * good one (the rows past them are left out). */
#define UI_ROWS_MAX (STORE_MAX_LOCALES * UI_KEY_COUNT)
static int read_ui_text(struct store *s, char *why, size_t why_len)
{
    if (s->format < 7)
        return 0;
    sqlite3_stmt *st = NULL;
    int ret = prepare_once(s, "SELECT locale, key, text FROM ui_text LIMIT ?1", &st, why, why_len);
    if (ret == 0)
        sqlite3_bind_int(st, 1, UI_ROWS_MAX + 1);
    int r = 0, rows = 0;
    while (ret == 0 && (r = next_row(s, st, why, why_len)) > 0) {
        if (++rows > UI_ROWS_MAX) {
            ui_ignore(s, "any language", "*", "the store has more than the kiosk reads");
            break;
        }
        if (ui_row(s, st) < 0)
            ret = rules_fail(why, why_len, "There is not enough memory to read %s.", s->name);
    }
    if (ret == 0 && r < 0)
        ret = -1;
    sqlite3_finalize(st);
    return ret;
}

/* Everything after the connection exists: settings, then the checks in
 * the order a staff member would want them reported. */
static int check_store(struct store *s, char *why, size_t why_len)
{
    if (configure(s, why, why_len) < 0 || check_schema(s, why, why_len) < 0 ||
        prepare_statements(s, why, why_len) < 0 ||
        (!s->defer_check && quick_check(s, why, why_len) < 0) ||
        read_locales(s, why, why_len) < 0 || read_exhibit(s, why, why_len) < 0 ||
        check_panels(s, why, why_len) < 0 || check_windows(s, why, why_len) < 0 ||
        read_ui_text(s, why, why_len) < 0)
        return -1;
    return 0;
}

static struct store *store_new(const char *name)
{
    struct store *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->name = dup_string(name ? name : "the exhibit");
    if (!s->name) {
        free(s);
        return NULL;
    }
    return s;
}

static int open_file(const char *path, int flags, int (*cancelled)(void *ctx), void *ctx,
                     struct store **out, char *why, size_t why_len);

int store_open_file(const char *path, struct store **out, char *why, size_t why_len)
{
    return store_open_file_flags(path, 0, out, why, why_len);
}

int store_check_file(const char *path, int (*cancelled)(void *ctx), void *ctx, char *why,
                     size_t why_len)
{
    struct store *s = NULL;
    int rc = open_file(path, 0, cancelled, ctx, &s, why, why_len);
    store_close(s);
    return rc;
}

int store_open_file_flags(const char *path, int flags, struct store **out, char *why,
                          size_t why_len)
{
    return open_file(path, flags, NULL, NULL, out, why, why_len);
}

static int open_file(const char *path, int flags, int (*cancelled)(void *ctx), void *ctx,
                     struct store **out, char *why, size_t why_len)
{
    struct store *s = NULL;
    if (!out)
        return rules_fail(why, why_len, "No place was given for the opened exhibit.");
    *out = NULL;
    if (!path || !*path)
        return rules_fail(why, why_len, "No exhibit file was given.");
    /* a FIFO or device would block or mislead SQLite: only regular files */
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return rules_fail(why, why_len, "%s does not exist.", path);
        return rules_fail(why, why_len, "%s cannot be opened (%s).", path, strerror(errno));
    }
    if (!S_ISREG(st.st_mode))
        return rules_fail(why, why_len, "%s is not a file (it is a %s).", path,
                          S_ISDIR(st.st_mode) ? "folder" : "special file");
    s = store_new(path);
    if (s && !(s->path = dup_string(path))) {
        store_close(s);
        s = NULL;
    }
    if (!s)
        return rules_fail(why, why_len, "There is not enough memory to open %s.", path);
    s->defer_check = (flags & STORE_OPEN_DEFER_CHECK) != 0;
    s->cancelled = cancelled;
    s->cancel_ctx = ctx;
    int rc = sqlite3_open_v2(path, &s->db, STORE_OPEN_SQLITE_FLAGS, NULL);
    if (rc == SQLITE_OK)
        watch_progress(s);
    if (rc != SQLITE_OK) {
        int e = s->db ? sqlite3_system_errno(s->db) : 0;
        if ((rc & 0xff) != SQLITE_CANTOPEN)
            fail_sqlite(s, rc, why, why_len);
        else if (e == ENOENT)
            rules_fail(why, why_len, "%s does not exist.", path);
        else if (e)
            rules_fail(why, why_len, "%s cannot be opened (%s).", path, strerror(e));
        else
            rules_fail(why, why_len, "%s cannot be opened.", path);
        goto fail;
    }
    if (check_store(s, why, why_len) < 0)
        goto fail;
    *out = s;
    return 0;
fail:
    store_close(s);
    return -1;
}

int store_open_memory(const void *data, size_t size, const char *name, struct store **out,
                      char *why, size_t why_len)
{
    struct store *s = NULL;
    if (!out)
        return rules_fail(why, why_len, "No place was given for the opened exhibit.");
    *out = NULL;
    if (!name)
        name = "the built-in exhibit";
    if (!data || size == 0)
        return rules_fail(why, why_len, "%s is empty.", name);
    if ((uint64_t)size > (uint64_t)INT64_MAX)
        return rules_fail(why, why_len, "%s is too large.", name);
    s = store_new(name);
    if (!s)
        return rules_fail(why, why_len, "There is not enough memory to open %s.", name);
    int rc = sqlite3_open_v2(":memory:", &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc == SQLITE_OK) {
        /* READONLY without FREEONCLOSE or RESIZEABLE: SQLite only reads the
         * caller's bytes and never frees them, so the const data needs no
         * copy. */
        rc = sqlite3_deserialize(s->db, "main", (unsigned char *)(uintptr_t)data,
                                 (sqlite3_int64)size, (sqlite3_int64)size,
                                 SQLITE_DESERIALIZE_READONLY);
    }
    if (rc != SQLITE_OK) {
        fail_sqlite(s, rc, why, why_len);
        goto fail;
    }
    watch_progress(s);
    if (check_store(s, why, why_len) < 0)
        goto fail;
    *out = s;
    return 0;
fail:
    store_close(s);
    return -1;
}

static void lent_fonts_free(struct store *s);

void store_close(struct store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    lent_fonts_free(s);
    sqlite3_close(s->db);
    for (int i = 0; i < s->n_locales; i++) {
        free(s->locales[i]);
        free(s->locale_names[i]);
    }
    /* a locale read but refused is not counted in n_locales */
    if (s->n_locales < STORE_MAX_LOCALES) {
        free(s->locales[s->n_locales]);
        free(s->locale_names[s->n_locales]);
    }
    for (int l = 0; l < STORE_MAX_LOCALES; l++) {
        for (int k = 0; k < UI_KEY_COUNT; k++)
            free(s->ui[l][k]);
        hyphen_table_free(s->hy[l]);
    }
    free(s->slug);
    free(s->version);
    free(s->default_locale);
    free(s->name);
    free(s->path);
    free(s);
}

const char *store_path(const struct store *s)
{
    return s ? s->path : NULL;
}

int store_file_id(const struct store *s, unsigned long long *dev, unsigned long long *ino)
{
    return s && s->path ? store_db_file_id(s->db, s->path, dev, ino) : -1;
}

const char *store_name(const struct store *s)
{
    return s ? s->name : "";
}

const char *store_locale_find(const struct store *s, const char *locale)
{
    for (int i = 0; s && locale && i < s->n_locales; i++) {
        const char *c = s->locales[i];
        size_t k = 0;
        for (; c[k] && locale[k]; k++) {
            char x = locale[k] == '_' ? '-' : locale[k];
            if ((x >= 'A' && x <= 'Z' ? x | 0x20 : x) !=
                (c[k] >= 'A' && c[k] <= 'Z' ? c[k] | 0x20 : c[k]))
                break;
        }
        if (!c[k] && !locale[k])
            return c;
    }
    return NULL;
}

const char *store_locale_list(const struct store *s, char *buf, size_t size)
{
    size_t o = 0;
    if (!size)
        return buf;
    buf[0] = '\0';
    for (int i = 0; s && i < s->n_locales && o < size; i++) {
        int k = snprintf(buf + o, size - o, "%s%s (%s)", i ? ", " : "", s->locales[i],
                         s->locale_names[i]);
        if (k < 0)
            break;
        o += (size_t)k;
    }
    return buf;
}

/* The requested locale if the exhibit has it, else the default. */
static const char *pick_locale(const struct store *s, const char *locale)
{
    for (int i = 0; locale && i < s->n_locales; i++)
        if (strcmp(locale, s->locales[i]) == 0)
            return s->locales[i];
    return s->default_locale;
}

static int fail_memory(const struct store *s, char *why, size_t why_len)
{
    return rules_fail(why, why_len, "There is not enough memory to read %s.", s->name);
}

int store_info(struct store *s, const char *locale, struct arena *a, struct store_info *out,
               char *why, size_t why_len)
{
    static const struct field names[] = {{"title", RULES_LEN_TITLE, 0},
                                         {"subtitle", RULES_LEN_SUBTITLE, 0}};
    const char *fields[2] = {NULL, NULL};
    if (!s || !a || !out)
        return rules_fail(why, why_len, "No exhibit is open.");
    memset(out, 0, sizeof *out);
    const char *loc = pick_locale(s, locale);
    sqlite3_stmt *st = begin(s, ST_EXHIBIT_TEXT);
    int ret = bind_localized(s, st, 0, loc, why, why_len);
    if (ret == 0)
        ret = read_localized(s, st, 2, names, "exhibit", a, fields, NULL, why, why_len);
    reset_all(s);
    if (ret < 0)
        goto fail;
    if (!fields[0]) {
        ret = rules_fail(why, why_len, "%s has no title.", s->name);
        goto fail;
    }
    out->title = fields[0];
    out->subtitle = fields[1];
    out->slug = arena_strdup(a, s->slug);
    out->version = arena_strdup(a, s->version);
    out->default_locale = arena_strdup(a, s->default_locale);
    if (!out->slug || !out->version || !out->default_locale)
        goto nomem;
    out->n_panels = s->n_panels;
    out->n_locales = s->n_locales;
    for (int i = 0; i < s->n_locales; i++) {
        out->locales[i] = arena_strdup(a, s->locales[i]);
        out->locale_names[i] = arena_strdup(a, s->locale_names[i]);
        if (!out->locales[i] || !out->locale_names[i])
            goto nomem;
    }
    return 0;
nomem:
    ret = fail_memory(s, why, why_len);
fail:
    memset(out, 0, sizeof *out);
    return ret;
}

/* Reads id, cite, description of the statement's rows into a new array of
 * at most s->n_sources entries. With `file`, column 3 is the file name. */
static int read_sources(struct store *s, sqlite3_stmt *st, const char *where, struct arena *a,
                        struct panel_cite **cites, const char ***files, int *n, char *why,
                        size_t why_len)
{
    char what[160];
    int cap = s->n_sources > 0 ? s->n_sources : 1, r = 0;
    *n = 0;
    *cites = arena_alloc(a, (size_t)cap * sizeof **cites);
    if (files)
        *files = arena_alloc(a, (size_t)cap * sizeof **files);
    if (!*cites || (files && !*files))
        return fail_memory(s, why, why_len);
    while (*n < cap && (r = next_row(s, st, why, why_len)) > 0) {
        struct panel_cite *c = &(*cites)[*n];
        snprintf(what, sizeof what, "%s, source %d", where, *n + 1);
        static const struct field cite = {"sources.cite", RULES_LEN_CITE, 0},
                                  desc = {"sources.description", RULES_LEN_DESCRIPTION, 0};
        if (read_text(s, st, 0, what, ANY_TEXT("sources.id"), a, &c->id, why, why_len) < 0 ||
            read_text(s, st, 1, what, &cite, a, &c->cite, why, why_len) < 0 ||
            read_text(s, st, 2, what, &desc, a, &c->description, why, why_len) < 0 ||
            (files && read_text(s, st, 3, what, ANY_TEXT("sources.file"), a, &(*files)[*n], why,
                                why_len) < 0))
            return -1;
        if (!c->id || !c->cite || !c->description)
            return rules_fail(why, why_len, "%s has a source without its citation text (%s).",
                              s->name, what);
        ++*n;
    }
    return r < 0 ? -1 : 0;
}

int store_sources(struct store *s, const char *locale, struct arena *a, struct store_source **out,
                  int *n, char *why, size_t why_len)
{
    struct panel_cite *cites;
    const char **files;
    if (!s || !a || !out || !n)
        return rules_fail(why, why_len, "No exhibit is open.");
    *out = NULL;
    *n = 0;
    sqlite3_stmt *st = begin(s, ST_SOURCES);
    int count = 0;
    int ret = bind_localized(s, st, 0, pick_locale(s, locale), why, why_len);
    if (ret == 0)
        ret = read_sources(s, st, "sources", a, &cites, &files, &count, why, why_len);
    reset_all(s);
    if (ret < 0)
        return ret;
    struct store_source *src = arena_alloc(a, (size_t)(count > 0 ? count : 1) * sizeof *src);
    if (!src)
        return fail_memory(s, why, why_len);
    for (int i = 0; i < count; i++) {
        src[i].id = cites[i].id;
        src[i].cite = cites[i].cite;
        src[i].description = cites[i].description;
        src[i].file = files[i];
    }
    *out = src;
    *n = count;
    return 0;
}

/* A version 2 figure (REAL, or INTEGER where SQLite stored a whole one) as
 * the shortest decimal that reads back as the same double: 0.1 as "0.1",
 * not "0.1000000000000000055511151231257827". Version 2 showed the double
 * rounded to the figure's decimals, and so does this decimal. */
static int v2_number(sqlite3_stmt *st, int col, struct decimal *out)
{
    double v = sqlite3_column_double(st, col);
    char buf[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return decimal_parse(buf, strlen(buf), 0, out) == DECIMAL_OK ? 0 : -1;
}

/* A number column: the exact decimal as decimal_text wrote it (TEXT, so
 * no binary rounding); anything else, a REAL or INTEGER included, is not
 * what the writer makes, except in a version 2 store (v2_number). */
static int read_number(const struct store *s, sqlite3_stmt *st, int col, const char *what,
                       int *present, struct decimal *out, char *why, size_t why_len)
{
    int type = sqlite3_column_type(st, col);
    *present = type != SQLITE_NULL;
    memset(out, 0, sizeof *out);
    if (type == SQLITE_NULL)
        return 0;
    if (s->format == 2 && (type == SQLITE_FLOAT || type == SQLITE_INTEGER) &&
        v2_number(st, col, out) == 0)
        return 0;
    const unsigned char *t =
        type == SQLITE_TEXT && s->format != 2 ? sqlite3_column_text(st, col) : NULL;
    int n = t ? sqlite3_column_bytes(st, col) : 0;
    if (!t || n > DECIMAL_TEXT_MAX ||
        decimal_parse((const char *)t, (size_t)n, 1, out) != DECIMAL_OK)
        return rules_fail(why, why_len,
                          "%s has a figure that is not a number written as the exhibit format "
                          "writes it (%s).",
                          s->name, what);
    return 0;
}

static int load_figure(struct store *s, int index, const char *loc, const char *where,
                       struct arena *a, struct panel_figure *f, char *why, size_t why_len)
{
    static const struct field names[] = {{"figure.label", RULES_LEN_LABEL, 0},
                                         {"figure.prefix", RULES_LEN_AFFIX, 1},
                                         {"figure.suffix", RULES_LEN_AFFIX, 1},
                                         {"figure.part_of.label", RULES_LEN_LABEL, 0}};
    const char *fields[4] = {NULL, NULL, NULL, NULL};
    char what[160];
    int present;
    sqlite3_stmt *st;
    int r = lookup(s, ST_STATISTIC, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has a statistic panel without its figure (%s).",
                          s->name, where);
    if (r < 0)
        return -1;
    snprintf(what, sizeof what, "%s, figure", where);
    if (read_number(s, st, 0, what, &present, &f->value, why, why_len) < 0 ||
        read_number(s, st, 1, what, &f->has_to, &f->to, why, why_len) < 0 ||
        read_number(s, st, 3, what, &f->has_part_of, &f->part_of, why, why_len) < 0)
        return -1;
    if (!present)
        return rules_fail(why, why_len, "%s has a figure without a value (%s).", s->name, where);
    if (sqlite3_column_type(st, 2) != SQLITE_INTEGER || sqlite3_column_int64(st, 2) < 0 ||
        sqlite3_column_int64(st, 2) > RULES_DECIMALS_MAX)
        return rules_fail(why, why_len, "%s: %s: figure.decimals must be 0, 1, 2 or 3.", s->name,
                          where);
    f->decimals = sqlite3_column_int(st, 2);
    static const struct field unit = {"figure.unit", RULES_LEN_UNIT, 1};
    if (read_text(s, st, 4, where, &unit, a, &f->unit, why, why_len) < 0)
        return -1;
    char phrase[256];
    if (rules_figure(f, NULL, phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: %s.", s->name, where, phrase);

    st = begin(s, ST_STATISTIC_TEXT);
    if (bind_localized(s, st, index, loc, why, why_len) < 0 ||
        read_localized(s, st, 4, names, where, a, fields, NULL, why, why_len) < 0)
        return -1;
    if (!fields[0])
        return rules_fail(why, why_len, "%s has a figure without a label (%s).", s->name, where);
    f->label = fields[0];
    f->part_of_label = fields[3];
    /* the prefix, the unit and the suffix spaced as the language writes
     * them (rules.h) */
    char before[RULES_LEN_AFFIX + 8], after[RULES_LEN_UNIT + 8 + RULES_LEN_AFFIX + 1];
    const char *b = rules_figure_before(fields[1], loc, before, sizeof before);
    const char *e = rules_figure_after(f->unit, fields[2], loc, after, sizeof after);
    f->prefix = b ? arena_strdup(a, b) : NULL;
    f->suffix = e ? arena_strdup(a, e) : NULL;
    if ((b && !f->prefix) || (e && !f->suffix))
        return fail_memory(s, why, why_len);
    return 0;
}

static int load_quote(struct store *s, int index, const char *loc, const char *where,
                      struct arena *a, struct panel_quote *q, char *why, size_t why_len)
{
    static const struct field names[] = {{"quote.text", RULES_LEN_QUOTE, 0},
                                         {"quote.role", RULES_LEN_ROLE, 0},
                                         {"quote.context", RULES_LEN_CONTEXT, 0}};
    const char *fields[3] = {NULL, NULL, NULL};
    sqlite3_stmt *st;
    int r = lookup(s, ST_QUOTE, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has a quote panel without its quote (%s).", s->name,
                          where);
    if (r < 0)
        return -1;
    static const struct field speaker = {"quote.speaker", RULES_LEN_NAME, 0};
    if (read_text(s, st, 0, where, &speaker, a, &q->speaker, why, why_len) < 0)
        return -1;
    if (!q->speaker)
        return rules_fail(why, why_len, "%s has a quote without a speaker (%s).", s->name, where);
    if (read_text(s, st, 1, where, ANY_TEXT("quote.language"), a, &q->language, why, why_len) < 0)
        return -1;

    st = begin(s, ST_QUOTE_TEXT);
    if (bind_localized(s, st, index, loc, why, why_len) < 0 ||
        read_localized(s, st, 3, names, where, a, fields, NULL, why, why_len) < 0)
        return -1;
    if (!fields[0])
        return rules_fail(why, why_len, "%s has a quote without its words (%s).", s->name, where);
    q->text = fields[0];
    q->role = fields[1];
    q->context = fields[2];
    q->translation = NULL;
    if (s->format < 4)
        return 0;
    st = begin(s, ST_QUOTE_TRANSLATION);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, loc, -1, SQLITE_STATIC);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, rc, why, why_len);
    static const struct field translation = {"quote.translation", RULES_LEN_QUOTE, 0};
    r = next_row(s, st, why, why_len);
    if (r < 0 ||
        (r > 0 && read_text(s, st, 0, where, &translation, a, &q->translation, why, why_len) < 0))
        return -1;
    return 0;
}

/* A title panel's heading in the exhibit's other languages. */
static int load_also(struct store *s, int index, struct panel *out, const char *where,
                     struct arena *a, char *why, size_t why_len)
{
    sqlite3_stmt *st = begin(s, ST_ALSO);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, out->locale, -1, SQLITE_STATIC);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, rc, why, why_len);
    static const struct field heading = {"heading", RULES_LEN_HEADING, 0};
    int r;
    out->n_also = 0;
    while (out->n_also < PANEL_ALSO_MAX && (r = next_row(s, st, why, why_len)) > 0) {
        int i = out->n_also;
        if (read_text(s, st, 0, where, ANY_TEXT("locale"), a, &out->also_locale[i], why, why_len) <
                0 ||
            read_text(s, st, 1, where, &heading, a, &out->also[i], why, why_len) < 0)
            return -1;
        if (out->also[i] && out->also_locale[i])
            out->n_also++;
    }
    return out->n_also < PANEL_ALSO_MAX && r < 0 ? -1 : 0;
}

/* noun: what the picture is to a reader ("photo", "logo", "poster"). */
static int load_image(struct store *s, sqlite3_int64 asset_id, const char *noun, const char *where,
                      struct arena *a, struct panel_image *img, char *why, size_t why_len)
{
    const char *mime;
    sqlite3_stmt *st;
    int r = lookup(s, ST_ASSET, asset_id, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s names a %s that is not an image of the exhibit (%s).",
                          s->name, noun, where);
    if (r < 0)
        return -1;
    if (read_text(s, st, 0, where, ANY_TEXT("the photo's type"), a, &mime, why, why_len) < 0 ||
        read_text(s, st, 4, where, ANY_TEXT("the photo's file name"), a, &img->name, why, why_len) <
            0)
        return -1;
    if (sqlite3_column_type(st, 1) != SQLITE_BLOB)
        return rules_fail(why, why_len, "%s has an image that is not stored as image data (%s).",
                          s->name, where);
    int n = sqlite3_column_bytes(st, 1);
    if (n <= 0 || n > STORE_MAX_ASSET)
        return rules_fail(why, why_len,
                          "%s has an image of %d bytes; images must be 1 byte to 20 MB (%s).",
                          s->name, n, where);
    const unsigned char *data = sqlite3_column_blob(st, 1);
    if (!data)
        return fail_memory(s, why, why_len);
    /* what the row declares must be what the photo's header says */
    char phrase[256];
    long w = sqlite3_column_type(st, 2) == SQLITE_INTEGER ? (long)sqlite3_column_int(st, 2) : 0;
    long h = sqlite3_column_type(st, 3) == SQLITE_INTEGER ? (long)sqlite3_column_int(st, 3) : 0;
    if (rules_image(data, (size_t)n, mime ? mime : "no type", w, h, NULL, NULL, NULL, phrase,
                    sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: the %s %s.", s->name, where, noun, phrase);
    void *copy = arena_alloc(a, (size_t)n);
    if (!copy)
        return fail_memory(s, why, why_len);
    memcpy(copy, data, (size_t)n);
    img->data = copy;
    img->size = (size_t)n;
    img->w = (int)w;
    img->h = (int)h;
    return 0;
}

/* Binds ?1..?3 (bind_localized) and ?4, the item. */
static int bind_item(struct store *s, sqlite3_stmt *st, int index, const char *loc, int item,
                     char *why, size_t why_len)
{
    if (bind_localized(s, st, index, loc, why, why_len) < 0)
        return -1;
    int rc = sqlite3_bind_int(st, 4, item);
    return rc == SQLITE_OK ? 0 : fail_sqlite(s, rc, why, why_len);
}

/* The sources of item `item`, at least one. */
static int load_item_cites(struct store *s, int index, const char *loc, int item, const char *where,
                           struct arena *a, const struct panel_cite **out, int *n, char *why,
                           size_t why_len)
{
    struct panel_cite *cites;
    sqlite3_stmt *st = begin(s, ST_ITEM_CITES);
    if (bind_item(s, st, index, loc, item, why, why_len) < 0 ||
        read_sources(s, st, where, a, &cites, NULL, n, why, why_len) < 0)
        return -1;
    if (*n == 0)
        return rules_fail(why, why_len, "%s: %s: item %d names no source.", s->name, where,
                          item + 1);
    *out = cites;
    return 0;
}

/* Item numbers must be 0, 1, 2... in order (the query sorts them). */
static int check_item(const struct store *s, sqlite3_stmt *st, int want, const char *where,
                      char *why, size_t why_len)
{
    if (sqlite3_column_type(st, 0) != SQLITE_INTEGER || sqlite3_column_int64(st, 0) != want)
        return rules_fail(why, why_len, "%s: %s: its items are not numbered 1 to n.", s->name,
                          where);
    return 0;
}

/* A timeline's events and a compare panel's values are loaded alike: rows
 * numbered 0..n-1 (each read by `row`), checked as a whole (`whole`), then
 * each item's text in the locale and its sources. */
struct item_kind {
    int rows, texts;                   /* statements: the items, and an item's text */
    int max;                           /* PANEL_EVENTS_MAX, PANEL_VALUES_MAX */
    const char *noun, *plural, *panel; /* "event", "events", "a timeline" */
    size_t size;                       /* of one item */
    const struct field *names;         /* of the text columns after the locale */
    int n_names;
    /* one row into item n; 0, or -1 with why */
    int (*row)(struct store *s, sqlite3_stmt *st, void *item, int n, const char *where, char *why,
               size_t why_len);
    int (*whole)(const void *items, int n, char *phrase, size_t len);
    /* the item's text fields (fields[0], the label, is never NULL) and
     * where its sources go */
    void (*text)(void *item, const char *const *fields, const struct panel_cite ***cites,
                 int **n_cites);
};

static int event_row(struct store *s, sqlite3_stmt *st, void *item, int n, const char *where,
                     char *why, size_t why_len)
{
    struct panel_event *ev = item;
    const unsigned char *d;
    int len;
    char phrase[256];
    if (check_text(s, st, 1, where, ANY_TEXT("event.date"), &d, &len, why, why_len) < 0)
        return -1;
    if (!d || rules_date((const char *)d, (size_t)len, &ev->date, phrase, sizeof phrase))
        return rules_fail(why, why_len, "%s: %s: event %d: %s.", s->name, where, n + 1,
                          d ? phrase : "no date");
    if (sqlite3_column_type(st, 2) != SQLITE_INTEGER || (sqlite3_column_int64(st, 2) & ~1))
        return rules_fail(why, why_len, "%s: %s: event %d: approximate must be 0 or 1.", s->name,
                          where, n + 1);
    ev->approximate = sqlite3_column_int(st, 2);
    return 0;
}

static int events_whole(const void *items, int n, char *phrase, size_t len)
{
    return rules_timeline(items, n, NULL, phrase, len);
}

static void event_text(void *item, const char *const *fields, const struct panel_cite ***cites,
                       int **n_cites)
{
    struct panel_event *ev = item;
    ev->label = fields[0];
    ev->when = fields[1];
    *cites = &ev->cites;
    *n_cites = &ev->n_cites;
}

static int value_row(struct store *s, sqlite3_stmt *st, void *item, int n, const char *where,
                     char *why, size_t why_len)
{
    struct panel_value *v = item;
    char what[160];
    int present;
    snprintf(what, sizeof what, "%s, values", where);
    if (read_number(s, st, 1, what, &present, &v->value, why, why_len) < 0)
        return -1;
    if (!present || sqlite3_column_type(st, 2) != SQLITE_INTEGER ||
        sqlite3_column_int64(st, 2) < 0 || sqlite3_column_int64(st, 2) > RULES_DECIMALS_MAX)
        return rules_fail(why, why_len, "%s: %s: value %d needs a number and 0 to 3 decimals.",
                          s->name, where, n + 1);
    v->decimals = sqlite3_column_int(st, 2);
    return 0;
}

static int values_whole(const void *items, int n, char *phrase, size_t len)
{
    return rules_compare(items, n, NULL, phrase, len);
}

static void value_text(void *item, const char *const *fields, const struct panel_cite ***cites,
                       int **n_cites)
{
    struct panel_value *v = item;
    v->label = fields[0];
    *cites = &v->cites;
    *n_cites = &v->n_cites;
}

static const struct field event_names[] = {{"event.label", RULES_LEN_LABEL, 0},
                                           {"event.when", RULES_LEN_LABEL, 0}};
static const struct field value_names[] = {{"values.label", RULES_LEN_LABEL, 0}};
static const struct item_kind events_kind = {ST_EVENTS,
                                             ST_EVENT_TEXT,
                                             PANEL_EVENTS_MAX,
                                             "event",
                                             "events",
                                             "a timeline",
                                             sizeof(struct panel_event),
                                             event_names,
                                             2,
                                             event_row,
                                             events_whole,
                                             event_text};
static const struct item_kind values_kind = {ST_VALUES,
                                             ST_VALUE_TEXT,
                                             PANEL_VALUES_MAX,
                                             "value",
                                             "values",
                                             "a compare panel",
                                             sizeof(struct panel_value),
                                             value_names,
                                             1,
                                             value_row,
                                             values_whole,
                                             value_text};

/* The items of panel `index` of kind k into an array in a (*out, *n). */
static int load_items(struct store *s, const struct item_kind *k, int index, const char *loc,
                      const char *where, struct arena *a, void **out, int *n_out, char *why,
                      size_t why_len)
{
    unsigned char *items = arena_alloc(a, k->size * (size_t)k->max);
    if (!items)
        return fail_memory(s, why, why_len);
    memset(items, 0, k->size * (size_t)k->max);
    int n = 0, r;
    sqlite3_stmt *st = begin(s, k->rows);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, rc, why, why_len);
    while ((r = next_row(s, st, why, why_len)) > 0) {
        if (n == k->max)
            return rules_fail(why, why_len, "%s: %s: %s has at most %d %s.", s->name, where,
                              k->panel, k->max, k->plural);
        if (check_item(s, st, n, where, why, why_len) < 0 ||
            k->row(s, st, items + k->size * (size_t)n, n, where, why, why_len) < 0)
            return -1;
        n++;
    }
    if (r < 0)
        return -1;
    char phrase[256];
    if (k->whole(items, n, phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: %s.", s->name, where, phrase);
    for (int i = 0; i < n; i++) {
        const char *fields[2] = {NULL, NULL};
        const struct panel_cite **cites;
        int *n_cites;
        st = begin(s, k->texts);
        if (bind_item(s, st, index, loc, i, why, why_len) < 0 ||
            read_localized(s, st, k->n_names, k->names, where, a, fields, NULL, why, why_len) < 0)
            return -1;
        if (!fields[0])
            return rules_fail(why, why_len, "%s: %s: %s %d has no label.", s->name, where, k->noun,
                              i + 1);
        k->text(items + k->size * (size_t)i, fields, &cites, &n_cites);
        if (load_item_cites(s, index, loc, i, where, a, cites, n_cites, why, why_len) < 0)
            return -1;
    }
    *out = items;
    *n_out = n;
    return 0;
}

static int load_events(struct store *s, int index, const char *loc, const char *where,
                       struct arena *a, struct panel *p, char *why, size_t why_len)
{
    void *items;
    if (load_items(s, &events_kind, index, loc, where, a, &items, &p->n_events, why, why_len) < 0)
        return -1;
    p->events = items;
    return 0;
}

static int load_values(struct store *s, int index, const char *loc, const char *where,
                       struct arena *a, struct panel *p, char *why, size_t why_len)
{
    void *items;
    if (load_items(s, &values_kind, index, loc, where, a, &items, &p->n_values, why, why_len) < 0)
        return -1;
    p->values = items;
    return 0;
}

static int load_captions(struct store *s, int index, const char *loc, const char *where,
                         struct arena *a, struct panel_video *v, char *why, size_t why_len)
{
    sqlite3_stmt *st = begin(s, ST_CAPTIONS);
    if (bind_localized(s, st, index, loc, why, why_len) < 0)
        return -1;
    int cap = 0, n = 0, r;
    struct panel_caption *caps = NULL;
    while ((r = next_row(s, st, why, why_len)) > 0) {
        if (n == RULES_CAPTIONS_MAX)
            return rules_fail(why, why_len, "%s has more than %d captions (%s).", s->name,
                              RULES_CAPTIONS_MAX, where);
        if (n == cap) {
            int more = cap ? cap * 2 : 16;
            struct panel_caption *bigger = arena_alloc(a, sizeof *bigger * (size_t)more);
            if (!bigger)
                return fail_memory(s, why, why_len);
            if (n)
                memcpy(bigger, caps, sizeof *caps * (size_t)n);
            caps = bigger;
            cap = more;
        }
        struct panel_caption *c = &caps[n];
        c->start_ms = sqlite3_column_int(st, 0);
        c->end_ms = sqlite3_column_int(st, 1);
        if (read_text(s, st, 2, where, &(const struct field){"a caption", RULES_LEN_CAPTION, 0}, a,
                      &c->text, why, why_len) < 0)
            return -1;
        if (!c->text || c->start_ms < 0 || c->end_ms <= c->start_ms ||
            (n && c->start_ms < caps[n - 1].start_ms))
            return rules_fail(why, why_len, "%s has a caption out of order or empty (%s).", s->name,
                              where);
        n++;
    }
    if (r < 0)
        return -1;
    v->captions = caps;
    v->n_captions = n;
    return 0;
}

/* A video panel: its clip as the build described it (checked again against
 * the limits), how it plays, and its captions in loc. */
static int load_video(struct store *s, int index, const char *loc, const char *where,
                      struct arena *a, struct panel_video *v, char *why, size_t why_len)
{
    sqlite3_stmt *st;
    int r = lookup(s, ST_VIDEO, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has a video panel without its clip (%s).", s->name,
                          where);
    if (r < 0)
        return -1;
    const char *at_end;
    if (read_text(s, st, 0, where, ANY_TEXT("video.then"), a, &at_end, why, why_len) < 0 ||
        read_text(s, st, 3, where, ANY_TEXT("video.file"), a, &v->name, why, why_len) < 0 ||
        read_text(s, st, 4, where, ANY_TEXT("the clip's container"), a, &v->container, why,
                  why_len) < 0 ||
        read_text(s, st, 5, where, ANY_TEXT("the clip's codec"), a, &v->codec, why, why_len) < 0)
        return -1;
    v->then_next = at_end && strcmp(at_end, "next") == 0;
    v->sound = sqlite3_column_int(st, 1) != 0;
    v->clip = sqlite3_column_int64(st, 2);
    v->w = sqlite3_column_int(st, 6);
    v->h = sqlite3_column_int(st, 7);
    v->duration_ms = sqlite3_column_int64(st, 8);
    v->bitrate = sqlite3_column_int64(st, 9);
    v->audio = sqlite3_column_int(st, 10) != 0;
    v->bytes = sqlite3_column_int64(st, 11);
    char phrase[256];
    if (rules_clip(v->codec, v->container, v->w, v->h, v->duration_ms, v->bitrate, v->bytes, 0,
                   phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: the clip %s %s.", s->name, where,
                          v->name ? v->name : "", phrase);
    if (s->path && !(v->store = arena_strdup(a, s->path)))
        return fail_memory(s, why, why_len);
    /* the file the clip's reader must open; where path no longer names it
     * (replaced since it was opened), the clip cannot be read from it */
    if (v->store && store_file_id(s, &v->store_dev, &v->store_ino) != 0)
        v->store = NULL;
    return load_captions(s, index, loc, where, a, v, why, why_len);
}

static int load_panel(struct store *s, int index, const char *loc, struct arena *a,
                      struct panel *out, char *why, size_t why_len)
{
    static const struct field names[] = {{"chapter", RULES_LEN_CHAPTER, 0},
                                         {"heading", RULES_LEN_HEADING, 0},
                                         {"body", RULES_LEN_BODY, 0},
                                         {"note", RULES_LEN_NOTE, 0},
                                         {"image.alt", RULES_LEN_ALT, 0}};
    const char *fields[5], *kind, *row_locale;
    char where[96];
    sqlite3_int64 asset_id = 0;
    int has_asset;

    snprintf(where, sizeof where, "panel %d", index + 1);
    sqlite3_stmt *st;
    int r = lookup(s, ST_PANEL, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has no panel %d.", s->name, index + 1);
    if (r < 0)
        return -1;
    if (read_text(s, st, 0, where, &(const struct field){"the panel id", STORE_MAX_TEXT, 1}, a,
                  &out->id, why, why_len) < 0 ||
        read_text(s, st, 1, where, ANY_TEXT("kind"), a, &kind, why, why_len) < 0)
        return -1;
    int k = panel_kind_from_name(kind);
    if (!out->id || k < 0)
        return rules_fail(why, why_len, "%s has a panel without a valid id and kind (%s).", s->name,
                          where);
    out->index = index;
    out->kind = (enum panel_kind)k;
    has_asset = sqlite3_column_type(st, 2) == SQLITE_INTEGER;
    if (has_asset)
        asset_id = sqlite3_column_int64(st, 2);
    snprintf(where, sizeof where, "panel %d '%.40s'", index + 1, out->id);

    st = begin(s, ST_PANEL_TEXT);
    if (bind_localized(s, st, index, loc, why, why_len) < 0 ||
        read_localized(s, st, 5, names, where, a, fields, &row_locale, why, why_len) < 0)
        return -1;
    out->locale = arena_strdup(a, row_locale ? row_locale : s->default_locale);
    if (!out->locale)
        return fail_memory(s, why, why_len);
    out->chapter = fields[0];
    out->heading = fields[1];
    out->body = fields[2];
    out->note = fields[3];

    switch (out->kind) {
    case PANEL_STATISTIC:
        if (load_figure(s, index, loc, where, a, &out->figure, why, why_len) < 0)
            return -1;
        break;
    case PANEL_QUOTE:
        if (load_quote(s, index, loc, where, a, &out->quote, why, why_len) < 0)
            return -1;
        break;
    case PANEL_TITLE:
        /* the exhibit's logo, on its title panel */
        if (s->logo && load_image(s, s->logo, "logo", where, a, &out->image, why, why_len) < 0)
            return -1;
        if (load_also(s, index, out, where, a, why, why_len) < 0)
            return -1;
        break;
    case PANEL_IMAGE:
        if (!has_asset)
            return rules_fail(why, why_len, "%s has an image panel without a photo (%s).", s->name,
                              where);
        if (!fields[4])
            return rules_fail(why, why_len, "%s has a photo without a description (%s).", s->name,
                              where);
        out->image.alt = fields[4];
        if (load_image(s, asset_id, "photo", where, a, &out->image, why, why_len) < 0)
            return -1;
        break;
    case PANEL_TIMELINE:
        if (load_events(s, index, loc, where, a, out, why, why_len) < 0)
            return -1;
        break;
    case PANEL_VIDEO:
        if (!has_asset)
            return rules_fail(why, why_len, "%s has a video panel without its poster (%s).",
                              s->name, where);
        if (load_image(s, asset_id, "poster", where, a, &out->image, why, why_len) < 0 ||
            load_video(s, index, loc, where, a, &out->video, why, why_len) < 0)
            return -1;
        break;
    case PANEL_COMPARE:
        if (load_values(s, index, loc, where, a, out, why, why_len) < 0)
            return -1;
        break;
    default:
        break;
    }

    struct panel_cite *cites;
    int n;
    st = begin(s, out->kind == PANEL_CREDITS ? ST_SOURCES : ST_CITES);
    if (bind_localized(s, st, index, loc, why, why_len) < 0 ||
        read_sources(s, st, where, a, &cites, NULL, &n, why, why_len) < 0)
        return -1;
    out->cites = cites;
    out->n_cites = n;
    return 0;
}

/* The exhibit's words in locale copied into a, for a panel that may
 * outlive the store: UI_KEY_COUNT pointers, NULL where none; NULL when
 * memory is short. */
static const char *const *ui_text_copy(const struct store *s, const char *locale,
                                       struct arena *a)
{
    const char *const *own = store_ui_text(s, locale);
    const char **out = arena_alloc(a, sizeof *out * UI_KEY_COUNT);
    if (!out)
        return NULL;
    for (int k = 0; k < UI_KEY_COUNT; k++) {
        out[k] = own && own[k] ? arena_strdup(a, own[k]) : NULL;
        if (own && own[k] && !out[k])
            return NULL;
    }
    return out;
}

int store_panel_load(struct store *s, int index, const char *locale, struct arena *a,
                     struct panel *out, char *why, size_t why_len)
{
    if (!s || !a || !out)
        return rules_fail(why, why_len, "No exhibit is open.");
    memset(out, 0, sizeof *out);
    if (index < 0 || index >= s->n_panels)
        return rules_fail(why, why_len, "%s has no panel %lld; it has panels 1 to %d.", s->name,
                          (long long)index + 1, s->n_panels);
    int ret = load_panel(s, index, pick_locale(s, locale), a, out, why, why_len);
    reset_all(s);
    if (ret == 0 && !(out->ui_text = ui_text_copy(s, pick_locale(s, locale), a)))
        ret = fail_memory(s, why, why_len);
    if (ret == 0)
        out->hyphens = store_hyphens(s, pick_locale(s, locale));
    if (ret < 0)
        memset(out, 0, sizeof *out);
    return ret;
}

/* The hyphenation table's rows of locale l into a new table: at most
 * HYPHEN_TABLE_MAX_WORDS, each checked by hyphen_table_add (a row it
 * refuses is left out: that word is cut, not hyphenated). NULL when there
 * are none or they cannot be read. */
static struct hyphen_table *read_hyphens(struct store *s, int l)
{
    sqlite3_stmt *st = NULL;
    struct hyphen_table *t = hyphen_table_new();
    char why[160];
    if (!t || prepare_once(s,
                           "SELECT word, hyphenated FROM hyphenation WHERE locale = ?1 "
                           "ORDER BY word LIMIT ?2",
                           &st, why, sizeof why) != 0) {
        hyphen_table_free(t);
        return NULL;
    }
    sqlite3_bind_text(st, 1, s->locales[l], -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, HYPHEN_TABLE_MAX_WORDS);
    int r;
    while ((r = next_row(s, st, why, sizeof why)) > 0) {
        /* a blob or a number is no word: the add refuses what is not text */
        int wt = sqlite3_column_type(st, 0), ht = sqlite3_column_type(st, 1);
        const char *w = (const char *)sqlite3_column_text(st, 0);
        const char *h = (const char *)sqlite3_column_text(st, 1);
        if (wt == SQLITE_TEXT && ht == SQLITE_TEXT && w && h)
            hyphen_table_add(t, w, (size_t)sqlite3_column_bytes(st, 0), h,
                             (size_t)sqlite3_column_bytes(st, 1));
    }
    sqlite3_finalize(st);
    if (r < 0 || hyphen_table_count(t) == 0) {
        hyphen_table_free(t);
        return NULL;
    }
    return t;
}

const struct hyphen_table *store_hyphens(struct store *s, const char *locale)
{
    for (int l = 0; s && locale && s->format >= 7 && l < s->n_locales; l++) {
        if (strcmp(locale, s->locales[l]) != 0)
            continue;
        if (!s->hy_read[l]) {
            s->hy[l] = read_hyphens(s, l);
            s->hy_read[l] = 1;
        }
        return s->hy[l];
    }
    return NULL;
}

int store_hyphenates(const struct store *s)
{
    return s && s->format >= 7;
}

const char *const *store_ui_text(const struct store *s, const char *locale)
{
    for (int l = 0; s && locale && l < s->n_locales; l++)
        if (strcmp(locale, s->locales[l]) == 0)
            return (const char *const *)s->ui[l];
    return NULL;
}

/* The first row a query finds, its first column as words for a message
 * (into buf); 1 when there is one, 0 when none, -1 with why. */
static int first_found(struct store *s, const char *sql, char *buf, size_t size, char *why,
                       size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int ret = prepare_once(s, sql, &st, why, why_len);
    if (ret == 0 && (ret = next_row(s, st, why, why_len)) > 0)
        window_words(sqlite3_column_text(st, 0), buf, size);
    sqlite3_finalize(st);
    return ret;
}

/* Each locale's hyphenation rows as the build writes them (version 7 on):
 * every one in a language of the exhibit, at most HYPHEN_TABLE_MAX_WORDS
 * a language, each one hyphen_table_add takes (the reader leaves out a
 * row it refuses; the build never writes one). 0, or -1 with why. */
static int check_hyphens(struct store *s, char *why, size_t why_len)
{
    char words[80];
    if (s->format < 7)
        return 0;
    int r = first_found(s,
                        "SELECT locale FROM hyphenation WHERE locale NOT IN"
                        " (SELECT code FROM locale) LIMIT 1",
                        words, sizeof words, why, why_len);
    if (r != 0)
        return r < 0 ? -1
                     : rules_fail(why, why_len,
                                  "%s hyphenates words in \"%s\", not one of its languages.",
                                  s->name, words);
    for (int l = 0; l < s->n_locales; l++) {
        sqlite3_stmt *st = NULL;
        struct hyphen_table *t = hyphen_table_new();
        if (!t)
            return fail_memory(s, why, why_len);
        r = prepare_once(s, "SELECT word, hyphenated FROM hyphenation WHERE locale = ?1", &st,
                         why, why_len);
        if (r == 0)
            sqlite3_bind_text(st, 1, s->locales[l], -1, SQLITE_STATIC);
        int row = 0, n = 0;
        while (r == 0 && (row = next_row(s, st, why, why_len)) > 0) {
            int wt = sqlite3_column_type(st, 0), ht = sqlite3_column_type(st, 1);
            const char *w = (const char *)sqlite3_column_text(st, 0);
            const char *h = (const char *)sqlite3_column_text(st, 1);
            int added = wt == SQLITE_TEXT && ht == SQLITE_TEXT && w && h
                            ? hyphen_table_add(t, w, (size_t)sqlite3_column_bytes(st, 0), h,
                                               (size_t)sqlite3_column_bytes(st, 1))
                            : -1;
            if (++n > HYPHEN_TABLE_MAX_WORDS || added == -2)
                r = rules_fail(why, why_len,
                               "%s has more words to hyphenate in %s than a store keeps (%d, or "
                               "%u MB).",
                               s->name, s->locales[l], HYPHEN_TABLE_MAX_WORDS,
                               HYPHEN_TABLE_MAX_BYTES >> 20);
            else if (added < 0)
                r = rules_fail(why, why_len,
                               "%s hyphenates \"%s\" (%s) in a way the build never writes.",
                               s->name, window_words((const unsigned char *)w, words, sizeof words),
                               s->locales[l]);
        }
        sqlite3_finalize(st);
        hyphen_table_free(t);
        if (r != 0 || row < 0)
            return -1;
    }
    return 0;
}

int store_check_as_built(struct store *s, char *why, size_t why_len)
{
    char words[80];
    int r;
    if (s->ui_ignored)
        return rules_fail(why, why_len, "%s", s->ui_why);
    if (s->n_sources > STORE_MAX_SOURCES)
        return rules_fail(why, why_len, "%s has %d sources; an exhibit has at most %d.", s->name,
                          s->n_sources, STORE_MAX_SOURCES);
    static const struct {
        const char *sql, *says;
    } rules[] = {
        {"SELECT id FROM source WHERE id NOT IN (SELECT source_id FROM citation)"
         " AND id NOT IN (SELECT source_id FROM item_citation) LIMIT 1",
         "a source that no panel cites"},
        {"SELECT source_id FROM citation WHERE source_id NOT IN (SELECT id FROM source)"
         " UNION ALL SELECT source_id FROM item_citation"
         " WHERE source_id NOT IN (SELECT id FROM source) LIMIT 1",
         "a citation of a source it does not list"},
        {"SELECT p.id FROM statistic f JOIN panel p USING (position) WHERE f.position NOT IN"
         " (SELECT position FROM citation WHERE subject = 'figure') LIMIT 1",
         "a figure that names no source"},
        {"SELECT p.id FROM quote q JOIN panel p USING (position) WHERE q.position NOT IN"
         " (SELECT position FROM citation WHERE subject = 'quote') LIMIT 1",
         "a quote that names no source"},
        {"SELECT p.id FROM event e JOIN panel p USING (position) WHERE NOT EXISTS (SELECT 1"
         " FROM item_citation c WHERE c.position = e.position AND c.item = e.item) LIMIT 1",
         "an event that names no source"},
        {"SELECT p.id FROM compare_value v JOIN panel p USING (position) WHERE NOT EXISTS"
         " (SELECT 1 FROM item_citation c WHERE c.position = v.position AND c.item = v.item)"
         " LIMIT 1",
         "a value that names no source"},
        {"SELECT p.id FROM statistic f JOIN statistic_text t USING (position)"
         " JOIN panel p USING (position) WHERE f.unit IS NOT NULL AND t.suffix IS NOT NULL"
         " LIMIT 1",
         "a figure with both a unit and a suffix (both would be shown after the number)"},
        /* a kind's own rows only on a panel of that kind ("belongs only on
         * a ... panel"); the reader never looks at the others */
        {"SELECT p.id FROM statistic x JOIN panel p USING (position) WHERE p.kind <> 'statistic'"
         " LIMIT 1",
         "a figure on a panel that is not a statistic panel"},
        {"SELECT p.id FROM quote x JOIN panel p USING (position) WHERE p.kind <> 'quote' LIMIT 1",
         "a quote on a panel that is not a quote panel"},
        {"SELECT p.id FROM event x JOIN panel p USING (position) WHERE p.kind <> 'timeline'"
         " LIMIT 1",
         "events on a panel that is not a timeline"},
        {"SELECT p.id FROM compare_value x JOIN panel p USING (position)"
         " WHERE p.kind <> 'compare' LIMIT 1",
         "values on a panel that is not a compare panel"},
        {"SELECT p.id FROM video x JOIN panel p USING (position) WHERE p.kind <> 'video' LIMIT 1",
         "a clip on a panel that is not a video panel"},
        {"SELECT id FROM panel WHERE asset_id IS NOT NULL AND kind NOT IN ('image', 'video')"
         " LIMIT 1",
         "a picture on a panel that is neither an image nor a video panel"},
        {"SELECT coalesce(p.id, c.position) FROM caption c LEFT JOIN panel p USING (position)"
         " WHERE c.position NOT IN (SELECT position FROM video) LIMIT 1",
         "captions on a panel that is not a video panel"},
        {"SELECT locale FROM caption WHERE locale NOT IN (SELECT code FROM locale) LIMIT 1",
         "captions in a language that is not one of its languages"},
    };
    /* each source's id and file as the build takes them (value_id,
     * check_source_file) */
    sqlite3_stmt *st = NULL;
    r = prepare_once(s, "SELECT id, file FROM source ORDER BY position", &st, why, why_len);
    int row = 0;
    while (r == 0 && (row = next_row(s, st, why, why_len)) > 0) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *file = (const char *)sqlite3_column_text(st, 1);
        int id_ok = sqlite3_column_type(st, 0) == SQLITE_TEXT &&
                    store_id_ok(id, (size_t)sqlite3_column_bytes(st, 0), "-_");
        int file_ok = sqlite3_column_type(st, 1) == SQLITE_NULL ||
                      (sqlite3_column_type(st, 1) == SQLITE_TEXT && file && file[0] &&
                       !strchr(file, '/') && strcmp(file, ".") != 0 && strcmp(file, "..") != 0);
        window_words((const unsigned char *)(id_ok ? file : id), words, sizeof words);
        if (!id_ok)
            r = rules_fail(why, why_len,
                           "%s has a source whose id (\"%s\") is not letters, digits, '-' and "
                           "'_' (at most %d).",
                           s->name, words, STORE_ID_MAX);
        else if (!file_ok)
            r = rules_fail(why, why_len,
                           "%s has a source whose file (\"%s\") is not a plain file name.",
                           s->name, words);
    }
    sqlite3_finalize(st);
    if (r != 0 || row < 0)
        return -1;
    /* a quote's language as the build takes it (value_locale_code) */
    r = prepare_once(s, "SELECT p.id, q.language FROM quote q JOIN panel p USING (position)", &st,
                     why, why_len);
    while (r == 0 && (row = next_row(s, st, why, why_len)) > 0) {
        const char *lang = (const char *)sqlite3_column_text(st, 1);
        size_t n = lang ? (size_t)sqlite3_column_bytes(st, 1) : 0;
        if (sqlite3_column_type(st, 1) != SQLITE_TEXT || !store_locale_code_ok(lang, n))
            r = rules_fail(why, why_len,
                           "%s has a quote (panel \"%s\") whose language is not a language "
                           "code such as en, fr or pt-BR.",
                           s->name,
                           window_words(sqlite3_column_text(st, 0), words, sizeof words));
    }
    sqlite3_finalize(st);
    if (r != 0 || row < 0 || check_hyphens(s, why, why_len) != 0)
        return -1;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        r = first_found(s, rules[i].sql, words, sizeof words, why, why_len);
        if (r != 0)
            return r < 0 ? -1
                         : rules_fail(why, why_len, "%s has %s (\"%s\"): the build never writes one.",
                                      s->name, rules[i].says, words);
    }
    reset_all(s);
    return 0;
}

int store_ui_ignored(const struct store *s, char *why, size_t why_len)
{
    if (why && why_len)
        snprintf(why, why_len, "%s", s && s->ui_ignored ? s->ui_why : "");
    return s ? s->ui_ignored : 0;
}

int store_chapters(struct store *s, const char *locale, struct arena *a, struct store_chapter **out,
                   int *n, int max, char *why, size_t why_len)
{
    if (!s || !a || !out || !n || max < 1)
        return rules_fail(why, why_len, "No exhibit is open.");
    *out = NULL;
    *n = 0;
    struct store_chapter *ch = arena_alloc(a, (size_t)max * sizeof *ch);
    if (!ch)
        return fail_memory(s, why, why_len);
    sqlite3_stmt *st = begin(s, ST_CHAPTERS);
    int ret = bind_localized(s, st, 0, pick_locale(s, locale), why, why_len);
    int r = 0, count = 0;
    while (ret == 0 && count < max && (r = next_row(s, st, why, why_len)) > 0) {
        ch[count].first_panel = sqlite3_column_int(st, 0);
        static const struct field chapter = {"chapter", RULES_LEN_CHAPTER, 0};
        ret = read_text(s, st, 1, NULL, &chapter, a, &ch[count].title, why, why_len);
        if (ret == 0 && ch[count].title)
            count++;
    }
    if (ret == 0 && r < 0)
        ret = -1;
    reset_all(s);
    if (ret < 0)
        return ret;
    *out = ch;
    *n = count;
    return 0;
}

int store_missing_texts(struct store *s,
                        void (*fn)(void *ctx, int position, const char *id, const char *field,
                                   const char *locale),
                        void *ctx, char *why, size_t why_len)
{
    static const char *const names[] = {"chapter", "heading", "body", "note", "alt"};
    sqlite3_stmt *st = NULL;
    int ret =
        prepare_once(s,
                     "SELECT p.position, p.id, l.code,"
                     " d.chapter IS NOT NULL AND t.chapter IS NULL,"
                     " d.heading IS NOT NULL AND t.heading IS NULL,"
                     " d.body IS NOT NULL AND t.body IS NULL,"
                     " d.note IS NOT NULL AND t.note IS NULL,"
                     " d.alt IS NOT NULL AND t.alt IS NULL"
                     " FROM panel p JOIN locale l ON l.code <> ?1"
                     " JOIN panel_text d ON d.position = p.position AND d.locale = ?1"
                     " LEFT JOIN panel_text t ON t.position = p.position AND t.locale = l.code"
                     " ORDER BY p.position, l.position",
                     &st, why, why_len);
    if (ret < 0)
        return -1;
    sqlite3_bind_text(st, 1, s->default_locale, -1, SQLITE_STATIC);
    int n = 0;
    while ((ret = next_row(s, st, why, why_len)) > 0) {
        const char *id = (const char *)sqlite3_column_text(st, 1);
        const char *loc = (const char *)sqlite3_column_text(st, 2);
        for (int f = 0; f < 5; f++)
            if (sqlite3_column_int(st, 3 + f)) {
                n++;
                if (fn)
                    fn(ctx, sqlite3_column_int(st, 0), id ? id : "?", names[f], loc ? loc : "?");
            }
    }
    sqlite3_finalize(st);
    return ret < 0 ? -1 : n;
}

int store_windows(struct store *s, struct arena *a, struct store_window **out, int *n, char *why,
                  size_t why_len)
{
    *out = NULL;
    *n = 0;
    if (s->format < 5)
        return 0;
    sqlite3_stmt *st = NULL;
    if (prepare_once(s,
                     "SELECT scope, first, last, spec FROM show_window"
                     " ORDER BY scope = 'panel', scope = 'chapter', first, rowid",
                     &st, why, why_len) < 0)
        return -1;
    struct store_window *w = NULL;
    int count = 0, cap = 0, ret;
    while ((ret = next_row(s, st, why, why_len)) > 0 && count < STORE_WINDOWS_MAX) {
        if (count == cap) {
            int bigger = cap ? cap * 2 : 16;
            struct store_window *nw = arena_alloc(a, (size_t)bigger * sizeof *nw);
            if (!nw) {
                sqlite3_finalize(st);
                return fail_memory(s, why, why_len);
            }
            if (count)
                memcpy(nw, w, (size_t)count * sizeof *nw);
            w = nw;
            cap = bigger;
        }
        const char *scope = (const char *)sqlite3_column_text(st, 0);
        const char *spec = (const char *)sqlite3_column_text(st, 3);
        w[count].scope = scope && strcmp(scope, "panel") == 0     ? STORE_SCOPE_PANEL
                         : scope && strcmp(scope, "chapter") == 0 ? STORE_SCOPE_CHAPTER
                                                                  : STORE_SCOPE_EXHIBIT;
        w[count].first = sqlite3_column_int(st, 1);
        w[count].last = sqlite3_column_int(st, 2);
        w[count].spec = arena_strdup(a, spec ? spec : "");
        if (!w[count].spec) {
            sqlite3_finalize(st);
            return fail_memory(s, why, why_len);
        }
        count++;
    }
    sqlite3_finalize(st);
    if (ret < 0)
        return -1;
    *out = w;
    *n = count;
    return 0;
}

void store_theme(const struct store *s, struct theme *out)
{
    *out = s->theme;
}

int store_logo(struct store *s, struct arena *a, struct panel_image *out, char *why, size_t why_len)
{
    *out = (struct panel_image){NULL, 0, NULL, NULL, 0, 0};
    if (!s->logo)
        return 0;
    int ret = load_image(s, s->logo, "logo", "the exhibit's logo", a, out, why, why_len);
    reset_all(s);
    return ret;
}

static int face_from_name(const char *name)
{
    static const char *const names[FACE_NAMES] = {"sans", "bold", "serif"};
    for (int i = 0; i < FACE_NAMES; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

int store_fonts(struct store *s, struct arena *a, struct store_font out[STORE_FONT_FACES],
                char *why, size_t why_len)
{
    memset(out, 0, sizeof *out * STORE_FONT_FACES);
    if (s->format < 4)
        return 0;
    sqlite3_stmt *st = begin(s, ST_FONTS);
    int ret = 0, r;
    while (ret == 0 && (r = next_row(s, st, why, why_len)) > 0) {
        const unsigned char *face;
        const char *name;
        int len;
        if (check_text(s, st, 0, "a font", ANY_TEXT("fonts"), &face, &len, why, why_len) < 0 ||
            read_text(s, st, 1, "a font", ANY_TEXT("the font's file name"), a, &name, why,
                      why_len) < 0) {
            ret = -1;
            break;
        }
        int i = face ? face_from_name((const char *)face) : -1;
        int n = sqlite3_column_bytes(st, 2);
        if (i < 0 || !name || sqlite3_column_type(st, 2) != SQLITE_BLOB || n <= 0 ||
            n > STORE_MAX_FONT) {
            ret = rules_fail(why, why_len,
                             "%s has a font that is not a sans, bold or serif font file of at "
                             "most %d MB.",
                             s->name, STORE_MAX_FONT / (1024 * 1024));
            break;
        }
        void *copy = arena_alloc(a, (size_t)n);
        const void *data = sqlite3_column_blob(st, 2);
        if (!copy || !data) {
            ret = fail_memory(s, why, why_len);
            break;
        }
        memcpy(copy, data, (size_t)n);
        out[i] = (struct store_font){name, copy, (size_t)n};
    }
    if (ret == 0 && r < 0)
        ret = -1;
    reset_all(s);
    return ret;
}

/* The fonts lent (store_lend_fonts) taken back: their statements
 * finalised (SQLite frees the bytes), their reads of the store ended. */
static void lent_fonts_free(struct store *s)
{
    for (int i = 0; i < STORE_FONT_FACES; i++) {
        sqlite3_finalize(s->lent[i]);
        s->lent[i] = NULL;
        free(s->lent_name[i]);
        s->lent_name[i] = NULL;
    }
}

/* Steps a statement of its own to the row of face's font and leaves it
 * there: *data is SQLite's buffer for the blob (valid until the statement
 * is reset or finalised), which must be the n bytes of a BLOB the sizes
 * said. 0, or -1 with why. */
static int lend_font(struct store *s, const char *face, int n, sqlite3_stmt **st,
                     const void **data, char *why, size_t why_len)
{
    int rc = sqlite3_prepare_v2(s->db, "SELECT data FROM font WHERE face = ?1", -1, st, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(*st, 1, face, -1, SQLITE_TRANSIENT);
    if (rc != SQLITE_OK)
        return fail_sqlite(s, rc, why, why_len);
    int r = next_row(s, *st, why, why_len);
    if (r < 0)
        return -1;
    *data = r > 0 && sqlite3_column_type(*st, 0) == SQLITE_BLOB ? sqlite3_column_blob(*st, 0)
                                                                 : NULL;
    if (r > 0 && !*data && sqlite3_errcode(s->db) == SQLITE_NOMEM)
        return fail_memory(s, why, why_len);
    if (!*data || sqlite3_column_bytes(*st, 0) != n)
        return rules_fail(why, why_len, "%s changed while its fonts were read.", s->name);
    return 0;
}

/* Which faces share a font is decided from each font's file name and size
 * (length() of a blob does not read it), so that no two fonts are ever
 * loaded at once and a font used by three faces is loaded once. The build
 * writes the same file's bytes for faces given the same file; a hand-made
 * store whose faces claim one name and size for different bytes gets the
 * first face's font for them all, the one checked here and when drawn. */
int store_lend_fonts(struct store *s, struct store_font out[STORE_FONT_FACES], char *why,
                     size_t why_len)
{
    memset(out, 0, sizeof *out * STORE_FONT_FACES);
    lent_fonts_free(s);
    if (s->format < 4)
        return 0;
    sqlite3_stmt *st = NULL;
    int ret = 0, r = 0, n_lent = 0;
    int rc = sqlite3_prepare_v2(s->db, "SELECT face, name, length(data), typeof(data) FROM font",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        ret = fail_sqlite(s, rc, why, why_len);
    while (ret == 0 && (r = next_row(s, st, why, why_len)) > 0) {
        const unsigned char *face, *name, *type = sqlite3_column_text(st, 3);
        int len, name_len;
        if (check_text(s, st, 0, "a font", ANY_TEXT("fonts"), &face, &len, why, why_len) < 0 ||
            check_text(s, st, 1, "a font", ANY_TEXT("the font's file name"), &name, &name_len,
                       why, why_len) < 0) {
            ret = -1;
            break;
        }
        int i = face ? face_from_name((const char *)face) : -1;
        sqlite3_int64 n = sqlite3_column_int64(st, 2);
        if (i < 0 || !name || !type || strcmp((const char *)type, "blob") != 0 || n <= 0 ||
            n > STORE_MAX_FONT || out[i].data) {
            ret = rules_fail(why, why_len,
                             "%s has a font that is not a sans, bold or serif font file of at "
                             "most %d MB.",
                             s->name, STORE_MAX_FONT / (1024 * 1024));
            break;
        }
        if (!(s->lent_name[i] = dup_string((const char *)name))) {
            ret = fail_memory(s, why, why_len);
            break;
        }
        out[i] = (struct store_font){s->lent_name[i], NULL, (size_t)n};
        for (int j = 0; j < STORE_FONT_FACES && !out[i].data; j++)
            if (j != i && out[j].data && out[j].size == (size_t)n &&
                strcmp(out[j].name, out[i].name) == 0)
                out[i].data = out[j].data;
        if (!out[i].data &&
            lend_font(s, (const char *)face, (int)n, &s->lent[n_lent++], &out[i].data, why,
                      why_len) < 0)
            ret = -1;
    }
    if (ret == 0 && r < 0)
        ret = -1;
    sqlite3_finalize(st);
    if (ret != 0) {
        memset(out, 0, sizeof *out * STORE_FONT_FACES);
        lent_fonts_free(s);
    }
    return ret;
}

void store_palette(const struct store *s, struct palette *pal)
{
    theme_palette(&s->theme, pal);
}

int store_look(struct store *s, struct arena *a, struct palette *pal,
               struct store_font fonts[STORE_FONT_FACES], char *why, size_t why_len)
{
    theme_palette(&s->theme, pal);
    if (store_fonts(s, a, fonts, why, why_len) == 0)
        return 0;
    memset(fonts, 0, sizeof *fonts * STORE_FONT_FACES);
    return -1;
}

int store_clips(struct store *s, struct arena *a, struct store_clip **out, int *n, char *why,
                size_t why_len)
{
    if (!s || !a || !out || !n)
        return rules_fail(why, why_len, "No exhibit is open.");
    *out = NULL;
    *n = 0;
    if (s->format < 6)
        return 0;
    sqlite3_stmt *st = begin(s, ST_CLIPS);
    int r, cap = 0, count = 0, ret = 0;
    struct store_clip *c = NULL;
    while ((r = next_row(s, st, why, why_len)) > 0) {
        if (count == cap) {
            int more = cap ? cap * 2 : 8;
            struct store_clip *bigger = arena_alloc(a, sizeof *bigger * (size_t)more);
            if (!bigger) {
                ret = fail_memory(s, why, why_len);
                break;
            }
            if (count)
                memcpy(bigger, c, sizeof *c * (size_t)count);
            c = bigger;
            cap = more;
        }
        struct store_clip *k = &c[count];
        const char *where = "a clip";
        k->id = sqlite3_column_int64(st, 0);
        if (read_text(s, st, 1, where, ANY_TEXT("video.file"), a, &k->name, why, why_len) < 0 ||
            read_text(s, st, 2, where, ANY_TEXT("container"), a, &k->container, why, why_len) < 0 ||
            read_text(s, st, 3, where, ANY_TEXT("codec"), a, &k->codec, why, why_len) < 0) {
            ret = -1;
            break;
        }
        k->w = sqlite3_column_int(st, 4);
        k->h = sqlite3_column_int(st, 5);
        k->duration_ms = sqlite3_column_int64(st, 6);
        k->bitrate = sqlite3_column_int64(st, 7);
        k->audio = sqlite3_column_int(st, 8);
        k->bytes = sqlite3_column_int64(st, 9);
        k->first_panel =
            sqlite3_column_type(st, 10) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 10);
        k->captioned = sqlite3_column_int(st, 11);
        count++;
    }
    if (r < 0)
        ret = -1;
    reset_all(s);
    if (ret == 0) {
        *out = c;
        *n = count;
    }
    return ret;
}
