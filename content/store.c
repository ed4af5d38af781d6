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
#include "store_internal.h"

/* The first schema version that has what a statement reads. */
static const int statement_since[ST_COUNT] = {
    [ST_QUOTE_TRANSLATION] = 4, [ST_FONTS] = 4, [ST_VIDEO] = 6,
    [ST_CAPTIONS] = 6,          [ST_CLIPS] = 6, [ST_AUDIO] = 8,
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
    /* the requested language's recording only, never another's; its size
     * and type (length() does not read a blob) before its bytes */
    [ST_AUDIO] = "SELECT name, duration_ms, channels, typeof(data), length(data), data"
                 " FROM audio_description WHERE position = ?1 AND locale = ?2",
    [ST_ALSO] = "SELECT t.locale, t.heading FROM panel_text t JOIN locale l ON l.code = t.locale"
                " WHERE t.position = ?1 AND t.locale <> ?2 AND t.heading IS NOT NULL"
                " ORDER BY l.position LIMIT 3",
};

char *st_dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* Checks one text value from the store against rules_text without copying
 * it. *text is NULL for SQL NULL. `where` (may be NULL) says where the value
 * is ("panel 2 'runners'"). */
int st_check_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
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
    if (st_check_text(s, st, col, where, f, &t, &n, why, why_len) < 0)
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

int st_read_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                 const struct field *f, struct arena *a, const char **out, char *why,
                 size_t why_len)
{
    char *t;
    int rc = copy_text(s, st, col, where, f, a, &t, why, why_len);
    *out = t;
    return rc;
}

/* One sentence for an SQLite error while reading the store. */
int st_fail_sqlite(const struct store *s, int rc, char *why, size_t why_len)
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
int st_next_row(struct store *s, sqlite3_stmt *st, char *why, size_t why_len)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        return 1;
    if (rc == SQLITE_DONE)
        return 0;
    return st_fail_sqlite(s, rc, why, why_len);
}

/* Prepares a statement run once at open (finalise it even on failure);
 * 0, or -1 with why set. */
int st_prepare_once(struct store *s, const char *sql, sqlite3_stmt **st, char *why, size_t why_len)
{
    int rc = sqlite3_prepare_v2(s->db, sql, -1, st, NULL);
    return rc == SQLITE_OK ? 0 : st_fail_sqlite(s, rc, why, why_len);
}

sqlite3_stmt *st_begin(struct store *s, int which)
{
    sqlite3_stmt *st = s->st[which];
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return st;
}

/* Ends every statement's read so no transaction stays open between calls. */
void st_reset_all(struct store *s)
{
    for (int i = 0; i < ST_COUNT; i++)
        if (s->st[i])
            sqlite3_reset(s->st[i]);
}

/* Runs statement `which` for the key ?1 and steps to its row (*st): 1 on
 * the row, 0 when there is none, -1 with why set on an error. */
int st_lookup(struct store *s, int which, sqlite3_int64 key, sqlite3_stmt **st, char *why,
              size_t why_len)
{
    *st = st_begin(s, which);
    int rc = sqlite3_bind_int64(*st, 1, key);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    return st_next_row(s, *st, why, why_len);
}

/* Binds ?1 position, ?2 requested locale, ?3 default locale. */
int st_bind_localized(struct store *s, sqlite3_stmt *st, int position, const char *locale,
                      char *why, size_t why_len)
{
    int rc = sqlite3_bind_int(st, 1, position);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, locale, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 3, s->default_locale, -1, SQLITE_STATIC);
    return rc == SQLITE_OK ? 0 : st_fail_sqlite(s, rc, why, why_len);
}

/* Steps a localised statement whose column 0 is the locale and columns
 * 1..n are the text fields f[0..n): field i takes the first non-NULL value
 * over the rows (requested locale first). *row_locale is the locale of the
 * first row, or NULL when there is no row. */
int st_read_localized(struct store *s, sqlite3_stmt *st, int n, const struct field *f,
                      const char *where, struct arena *a, const char **fields,
                      const char **row_locale, char *why, size_t why_len)
{
    char name[96];
    int r, row = 0;
    for (int i = 0; i < n; i++)
        fields[i] = NULL;
    if (row_locale)
        *row_locale = NULL;
    while ((r = st_next_row(s, st, why, why_len)) > 0) {
        const unsigned char *loc;
        int loc_len;
        if (st_check_text(s, st, 0, where, ANY_TEXT("locale"), &loc, &loc_len, why, why_len) < 0)
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
            if (st_read_text(s, st, i + 1, where, &named, a, &fields[i], why, why_len) < 0)
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
    int ret = st_prepare_once(s, sql, &st, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) > 0) {
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
        return st_fail_sqlite(s, rc, why, why_len);
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
    int ret = st_prepare_once(s, "PRAGMA quick_check(1)", &st, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) == 0)
        ret = st_fail_sqlite(s, SQLITE_CORRUPT, why, why_len);
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
const char *st_window_words(const unsigned char *spec, char *buf, size_t size)
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
    int ret =
        st_prepare_once(s, "SELECT code, name FROM locale ORDER BY position", &st, why, why_len);
    int r = 0;
    while (ret == 0 && (r = st_next_row(s, st, why, why_len)) > 0) {
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
            ret =
                rules_fail(why, why_len,
                           "%s has a language without a valid code and name (\"%s\": a code "
                           "is letters, digits and '-', starting with a letter).",
                           s->name, st_window_words((const unsigned char *)c, words, sizeof words));
        }
    }
    if (ret == 0 && r < 0)
        ret = -1;
    if (ret == 0 && s->n_locales == 0)
        ret = rules_fail(why, why_len, "%s has no languages.", s->name);
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
        st_prepare_once(s, "SELECT slug, version, default_locale FROM exhibit", &st, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) == 0)
        ret = rules_fail(why, why_len,
                         "%s has no exhibit description (the exhibit row is missing).", s->name);
    if (ret < 0)
        goto done;
    ret = 0;
    /* as the build takes them: id a short id, version a line of up to as
     * many bytes */
    if (copy_text(s, st, 0, NULL, &(const struct field){"exhibit id (slug)", STORE_ID_MAX, 1}, NULL,
                  &s->slug, why, why_len) < 0 ||
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
        ret =
            rules_fail(why, why_len,
                       "%s has an exhibit id (slug) that is not letters, digits and '-'.", s->name);
        goto done;
    }
    int known = 0;
    for (int i = 0; i < s->n_locales; i++)
        known |= strcmp(s->locales[i], s->default_locale) == 0;
    if (!known)
        ret = rules_fail(why, why_len,
                         "%s names a default language that is not one of its languages.", s->name);
    if (ret == 0 && s->format >= 4)
        ret = st_read_look(s, why, why_len);
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
    int ret = st_prepare_once(s,
                              "SELECT scope, first, count(*) FROM show_window"
                              " GROUP BY scope, first, last HAVING count(*) > ?1 LIMIT 1",
                              &st, why, why_len);
    if (ret == 0 && sqlite3_bind_int(st, 1, STORE_WINDOWS_PER_SCOPE) != SQLITE_OK)
        ret = st_fail_sqlite(s, SQLITE_ERROR, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) > 0) {
        char scope[16];
        st_window_words(sqlite3_column_text(st, 0), scope, sizeof scope);
        ret = rules_fail(why, why_len,
                         "%s has %lld show windows for one %s (from panel %lld); the build "
                         "allows %d.",
                         s->name, (long long)sqlite3_column_int64(st, 2), scope,
                         (long long)sqlite3_column_int64(st, 1) + 1, STORE_WINDOWS_PER_SCOPE);
    }
    sqlite3_finalize(st);
    if (ret != 0)
        return -1;
    if (st_prepare_once(s, "SELECT scope, first, last, spec FROM show_window ORDER BY rowid", &st,
                        why, why_len) < 0) {
        sqlite3_finalize(st);
        return -1;
    }
    int n = s->n_panels;
    for (int i = 1; ret == 0 && (ret = st_next_row(s, st, why, why_len)) > 0; i++) {
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
            ret = rules_fail(why, why_len,
                             "%s has a show window (%d, \"%s\") the build could not "
                             "have written: %s.",
                             s->name, i, st_window_words(spec, words, sizeof words), bad);
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
            return st_fail_sqlite(s, rc, why, why_len);
    }
    return 0;
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
        st_read_ui_text(s, why, why_len) < 0)
        return -1;
    return 0;
}

static struct store *store_new(const char *name)
{
    struct store *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->name = st_dup_string(name ? name : "the exhibit");
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
    if (s && !(s->path = st_dup_string(path))) {
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
            st_fail_sqlite(s, rc, why, why_len);
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
        st_fail_sqlite(s, rc, why, why_len);
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

void store_close(struct store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    st_lent_fonts_free(s);
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
const char *st_pick_locale(const struct store *s, const char *locale)
{
    for (int i = 0; locale && i < s->n_locales; i++)
        if (strcmp(locale, s->locales[i]) == 0)
            return s->locales[i];
    return s->default_locale;
}

int st_fail_memory(const struct store *s, char *why, size_t why_len)
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
    const char *loc = st_pick_locale(s, locale);
    sqlite3_stmt *st = st_begin(s, ST_EXHIBIT_TEXT);
    int ret = st_bind_localized(s, st, 0, loc, why, why_len);
    if (ret == 0)
        ret = st_read_localized(s, st, 2, names, "exhibit", a, fields, NULL, why, why_len);
    st_reset_all(s);
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
    ret = st_fail_memory(s, why, why_len);
fail:
    memset(out, 0, sizeof *out);
    return ret;
}
