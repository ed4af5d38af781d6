/* store_internal.h - what the parts of the store reader share: struct
 * store, its prepared statements, and the helpers one part calls in
 * another. Only content/store*.c include it; store.h is the interface.
 *
 *   store.c         the file: opening it defensively, its schema and
 *                   checks, the exhibit's metadata, languages and words,
 *                   the shared read helpers
 *   store_panels.c  a panel and its rows: texts, figures, quotes, sources,
 *                   timeline and compare items, captions, clips of a panel
 *   store_words.c   the exhibit's words and hyphenation, chapters, missing
 *                   texts, windows, and the check that a store is as built
 *   store_media.c   the look (theme, palette), the logo, fonts (copied or
 *                   lent) and the clips */
#ifndef VITRINE_STORE_INTERNAL_H
#define VITRINE_STORE_INTERNAL_H

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
    ST_AUDIO,             /* version 8 on */
    ST_COUNT
};

/* A text column: its name in messages (the YAML key staff write), the
 * longest text the build accepts for it, and whether it is one line (a
 * figure's prefix and suffix). */
struct field {
    const char *name;
    size_t max;
    int line;
};
#define ANY_TEXT(name) (&(const struct field){(name), STORE_MAX_TEXT, 0})

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
    char *ui[STORE_MAX_LOCALES][UI_KEY_COUNT];  /* the exhibit's words (st_read_ui_text) */
    int ui_ignored;                             /* rows of ui_text left out, */
    char ui_why[400];                           /* the first one's reason */
    struct hyphen_table *hy[STORE_MAX_LOCALES]; /* store_hyphens, by locale */
    unsigned char hy_read[STORE_MAX_LOCALES];   /* 1: read (hy may still be NULL) */
    /* store_lend_fonts: per distinct font, a statement left on its row
     * (its blob is the bytes lent), and each face's file name */
    sqlite3_stmt *lent[STORE_FONT_FACES];
    char *lent_name[STORE_FONT_FACES];
};

sqlite3_stmt *st_begin(struct store *s, int which);
int st_bind_localized(struct store *s, sqlite3_stmt *st, int position, const char *locale,
                      char *why, size_t why_len);
int st_check_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                  const struct field *f, const unsigned char **text, int *len, char *why,
                  size_t why_len);
char *st_dup_string(const char *s);
int st_fail_memory(const struct store *s, char *why, size_t why_len);
int st_fail_sqlite(const struct store *s, int rc, char *why, size_t why_len);
int st_lookup(struct store *s, int which, sqlite3_int64 key, sqlite3_stmt **st, char *why,
              size_t why_len);
int st_next_row(struct store *s, sqlite3_stmt *st, char *why, size_t why_len);
const char *st_pick_locale(const struct store *s, const char *locale);
int st_prepare_once(struct store *s, const char *sql, sqlite3_stmt **st, char *why, size_t why_len);
int st_read_localized(struct store *s, sqlite3_stmt *st, int n, const struct field *f,
                      const char *where, struct arena *a, const char **fields,
                      const char **row_locale, char *why, size_t why_len);
int st_read_text(const struct store *s, sqlite3_stmt *st, int col, const char *where,
                 const struct field *f, struct arena *a, const char **out, char *why,
                 size_t why_len);
void st_reset_all(struct store *s);
const char *st_window_words(const unsigned char *spec, char *buf, size_t size);
int st_load_image(struct store *s, sqlite3_int64 asset_id, const char *noun, const char *where,
                  struct arena *a, struct panel_image *img, char *why, size_t why_len);
void st_lent_fonts_free(struct store *s);
int st_read_look(struct store *s, char *why, size_t why_len);
int st_read_ui_text(struct store *s, char *why, size_t why_len);

#endif
