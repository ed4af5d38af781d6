/* store.h - the content store: one read-only SQLite file per exhibit.
 *
 * Every other module reaches content through this one. A store is opened
 * defensively (see store.c: SQLITE_DBCONFIG_DEFENSIVE, trusted_schema off,
 * triggers and views off, cell_size_check, no mmap, quick_check, tight
 * sqlite3_limit()s) and checked against schema.sql (application_id,
 * user_version, and tables, columns, indexes, triggers and views exactly as
 * the writer makes them: store_schema.h; WAL mode refused). Panels are loaded one at a time, so an
 * exhibit of any size needs memory for only the panels being shown.
 *
 * Errors are values: every function that can fail returns a negative
 * number and writes one plain sentence into why[0..why_len) that staff can
 * read ("content.vitrine is not a vitrine exhibit (application_id ...)").
 * Nothing here logs, aborts or exits. */
#ifndef VITRINE_STORE_H
#define VITRINE_STORE_H

#include <stddef.h>

#include "arena.h"
#include "panel.h"
#include "theme.h"

#define STORE_APPLICATION_ID 0x56545231 /* 'VTR1' */
/* 2: timeline and compare panels. 3: figures as exact decimals (TEXT, not
 * REAL). The writer makes STORE_SCHEMA_VERSION (schema.sql's user_version,
 * 8); the reader takes every version from STORE_SCHEMA_OLDEST on: 3 (no
 * theme, logo, fonts or translations), and 2 as version 2 wrote it (its REAL figures
 * read as the shortest decimal that is the same double), so an exhibit
 * imported before an update still opens after it and shows what it
 * showed. Other versions are refused; an older kiosk refuses a newer
 * store: update the kiosks first. */
/* 4: the exhibit's theme, logo and typefaces; quote translations. 8: recorded
 * audio descriptions. */
#define STORE_SCHEMA_VERSION 8
#define STORE_SCHEMA_OLDEST 2
/* languages in one exhibit: the kiosk has its own words in 35, and the
 * language picker shows 35 at once on the smallest screen (800x480) */
#define STORE_MAX_LOCALES 35
#define STORE_LOCALE_MAX 35 /* longest locale code (BCP 47 tag) a store may use */

/* Sources in one exhibit, and the longest id (the exhibit's, a source's):
 * the build's limits, checked again at open. */
#define STORE_MAX_SOURCES 1024
#define STORE_ID_MAX 64

/* Is s[0..len) an id as the build accepts one: 1 to STORE_ID_MAX
 * letters and digits (ASCII) and characters of extra ("-", "-_")? The
 * build's rule (value_id) and the reader's, in one place. */
int store_id_ok(const char *s, size_t len, const char *extra);
/* Is s[0..len) a language code as the build accepts one and the reader
 * takes: an id of letters, digits and '-', starting with a letter, at most
 * STORE_LOCALE_MAX bytes? */
int store_locale_code_ok(const char *s, size_t len);

struct store;

struct store_info {
    const char *slug;
    const char *version;
    const char *default_locale;
    const char *title;    /* in the locale asked for, or the default */
    const char *subtitle; /* may be NULL */
    int n_panels;
    int n_locales;
    const char *locales[STORE_MAX_LOCALES]; /* in cycling order */
    const char *locale_names[STORE_MAX_LOCALES];
};

struct store_source {
    const char *id;
    const char *cite;
    const char *description;
    const char *file; /* may be NULL */
};

/* Stop every query of every store in this process at its next progress
 * check (within a millisecond): it fails as interrupted, and the caller
 * reports it like any failure. Async-signal-safe: the kiosk calls it from
 * its SIGTERM handler, so a long query (a damaged or hostile store, a
 * check of a large one) never holds up a stop. Irreversible. */
void store_request_stop(void);
/* 1 once store_request_stop was called: a read that failed since may have
 * failed only because it was stopped (not because the store is bad). */
int store_stop_requested(void);

/* Open a store file read-only. On success *out owns the connection. */
int store_open_file(const char *path, struct store **out, char *why, size_t why_len);

/* The same with flags. STORE_OPEN_DEFER_CHECK skips quick_check, which
 * reads the whole file (a 300 MB exhibit of photos: most of a start-up);
 * every other check still runs, and the caller must run store_check_file
 * on the same path soon (the kiosk does, on a worker thread, after its
 * first frame) and stop using the store if it fails. */
#define STORE_OPEN_DEFER_CHECK 1
int store_open_file_flags(const char *path, int flags, struct store **out, char *why,
                          size_t why_len);

/* Open path with every check, quick_check included, and close it: 0, or -1
 * with why. Any thread (its own connection). cancelled (may be NULL) is
 * asked while quick_check runs; nonzero stops it (-1, "stopped"). */
int store_check_file(const char *path, int (*cancelled)(void *ctx), void *ctx, char *why,
                     size_t why_len);
/* Open a store image held in memory (e.g. the built-in exhibit compiled into
 * the binary). data must stay valid until store_close. */
int store_open_memory(const void *data, size_t size, const char *name, struct store **out,
                      char *why, size_t why_len);
/* Finalises every statement and closes. NULL is fine. */
void store_close(struct store *s);

/* Exhibit metadata in `locale` (NULL: the default). Strings live in `a`. */
int store_info(struct store *s, const char *locale, struct arena *a, struct store_info *out,
               char *why, size_t why_len);

/* Panel at 0-based `index` in `locale` (falls back to the default locale for
 * text missing in that locale). All pointers in *out live in `a`. */
int store_panel_load(struct store *s, int index, const char *locale, struct arena *a,
                     struct panel *out, char *why, size_t why_len);

/* Where the long words of locale (one of the store's) may be hyphenated:
 * the table `bundle build` wrote (version 7 on), read and checked the first
 * time it is asked for and kept until the store closes (a row it cannot
 * use is left out: that word is cut). NULL when the locale has none, for
 * stores before version 7 (no table: see store_hyphenates) and when it
 * cannot be read. store_panel_load sets struct panel's hyphens with it.
 * Not thread-safe: one thread asks, the one that loads panels. */
const struct hyphen_table *store_hyphens(struct store *s, const char *locale);
/* 1 when the store can hold hyphenation (version 7 on); 0: built before,
 * its long words are cut until the exhibit is rebuilt. */
int store_hyphenates(const struct store *s);

/* The exhibit's own words for the kiosk (`ui:` in exhibit.yaml, schema
 * version 7 on) in locale, one of the exhibit's codes (as store_info and
 * store_locale_find give them): UI_KEY_COUNT texts by the keys of
 * ui_keys.h, NULL where it gives none; NULL for another locale. Read at
 * open (at most UI_KEY_COUNT per language), valid until store_close.
 * store_panel_load copies its language's into the panel (ui_text). */
const char *const *store_ui_text(const struct store *s, const char *locale);

/* How many rows of those words the store left out (a key or a language the
 * kiosk does not know, a text ui_key_check refuses: a back_in with a stray
 * '%' or two "%d"), and the first one's reason in why, for one log line. */
int store_ui_ignored(const struct store *s, char *why, size_t why_len);

/* What store_open lets through (for the kiosk's sake, or because reading
 * panels does not need it) but `bundle build` never writes: the exhibit's
 * words for the kiosk that the store left out (store_ui_ignored), more
 * than STORE_MAX_SOURCES sources, a source id or file the build refuses, a
 * source no panel cites or a citation of one it does not list, a figure,
 * quote, event or compared value that names no source, a figure with both
 * a unit and a suffix, a quote's language that is not a code, hyphenation
 * rows the reader would leave out or beyond its bounds, a figure, quote,
 * events, values, clip or picture on a panel of another kind, captions on
 * no video panel or in another language. An import and `bundle verify` refuse such a store
 * (store_open does not: a kiosk keeps showing what it has): 0, or -1 with
 * why naming the first. */
int store_check_as_built(struct store *s, char *why, size_t why_len);

/* All sources in credits order, in `locale`; *out is an array in `a`. */
int store_sources(struct store *s, const char *locale, struct arena *a, struct store_source **out,
                  int *n, char *why, size_t why_len);

/* A video clip of the exhibit (version 6 on), as the build described it. */
struct store_clip {
    long long id; /* its row, for platform/video.h's readers */
    const char *name, *container, *codec;
    int w, h;
    long long duration_ms, bitrate, bytes;
    int audio;
    int first_panel; /* 0-based: the first panel that plays it */
    int captioned;   /* languages with captions, over the panels that play it */
};

/* Every clip, in the order they were stored; *out is an array in a (NULL
 * and 0 when there are none, and before version 6). */
int store_clips(struct store *s, struct arena *a, struct store_clip **out, int *n, char *why,
                size_t why_len);

/* The store's file (for a reader of its clips), or NULL when it is in
 * memory. */
const char *store_path(const struct store *s);

/* A reader of the store's clips opens its own connection exactly as the
 * store opens its file: store_db_open opens path read-only with the
 * store's flags and applies store_db_configure (defensive, untrusted
 * schema, no triggers or views, the store's sqlite3_limit values, no busy
 * wait, cell_size_check on, no mmap, query_only); both return SQLite's
 * result code (SQLITE_OK, 0, when all of it took). On failure *out may be
 * a connection to close. */
struct sqlite3;
int store_db_open(const char *path, struct sqlite3 **out);
int store_db_configure(struct sqlite3 *db);

/* The device and inode of the file connection db has open as path, for a
 * reader that reopens path to check it reads the same file: 0, or -1 when
 * path no longer names that file (replaced or removed since it was opened)
 * or cannot be looked at. */
int store_db_file_id(struct sqlite3 *db, const char *path, unsigned long long *dev,
                     unsigned long long *ino);
/* The same for the store's own connection; -1 for a store in memory. */
int store_file_id(const struct store *s, unsigned long long *dev, unsigned long long *ino);

struct store_chapter {
    int first_panel; /* 0-based panel where the chapter starts */
    const char *title;
};

/* The chapters in panel order, in `locale`: at most `max` (the index shows a
 * bounded number); *out is an array in `a`. Computed by SQLite, so the
 * exhibit is never loaded whole. */
int store_chapters(struct store *s, const char *locale, struct arena *a, struct store_chapter **out,
                   int *n, int max, char *why, size_t why_len);

/* Content on a schedule (schema version 5 on): the exhibit's, chapters'
 * and panels' windows of time, as written (content/when.h), each with the
 * panels it covers. */
enum store_scope { STORE_SCOPE_EXHIBIT, STORE_SCOPE_CHAPTER, STORE_SCOPE_PANEL };
struct store_window {
    enum store_scope scope;
    int first, last; /* the panels covered, 0-based, both included */
    const char *spec;
};
/* The build's limits, which store_open checks again (a store written by
 * hand with more, a scope it does not know, panels it does not have or a
 * window when_parse refuses is refused at open, naming the window): at
 * most STORE_WINDOWS_PER_SCOPE windows for the exhibit, one chapter or one
 * panel, and STORE_WINDOWS_MAX in all. */
#define STORE_WINDOWS_PER_SCOPE 64
#define STORE_WINDOWS_MAX 4096

/* Every window, in scope, then panel order; *out in `a` (NULL and 0 when
 * there are none, or the store is older than version 5). 0, or -1 with why. */
int store_windows(struct store *s, struct arena *a, struct store_window **out, int *n, char *why,
                  size_t why_len);

/* The exhibit's own code for the language `locale` names, compared without
 * regard to case and with '_' taken for '-' ("FR", "pt_br"); NULL when the
 * exhibit has no such language (or locale is NULL). Valid until store_close. */
const char *store_locale_find(const struct store *s, const char *locale);

/* The exhibit's languages for a message, in cycling order, into buf:
 * "en (English), fr (Français)". Returns buf. */
const char *store_locale_list(const struct store *s, char *buf, size_t size);

/* Each text a panel has in the default language but not in another (the
 * kiosk shows the default's there): fn(ctx, panel position, panel id,
 * field, locale) for each, in panel order. Returns how many, or -1 with
 * why. */
int store_missing_texts(struct store *s,
                        void (*fn)(void *ctx, int position, const char *id, const char *field,
                                   const char *locale),
                        void *ctx, char *why, size_t why_len);

/* The exhibit's theme (out->set 0: vitrine's own look), checked at open
 * by theme_check. */
void store_theme(const struct store *s, struct theme *out);

/* The exhibit's logo (PNG or JPEG, checked like a photo), its bytes in a;
 * out->data NULL when it has none. 0, or -1 with why. */
int store_logo(struct store *s, struct arena *a, struct panel_image *out, char *why,
               size_t why_len);

/* The exhibit's own typefaces, by face: sans (body text), bold (headings
 * and figures), serif (quotes), as enum font_face numbers them; data NULL
 * where it has none. Bytes in a. 0, or -1 with why. */
#define STORE_FONT_FACES 3
#define STORE_MAX_FONT (20 * 1024 * 1024)
struct store_font {
    const char *name; /* its file name in the sources */
    const void *data;
    size_t size;
};
int store_fonts(struct store *s, struct arena *a, struct store_font out[STORE_FONT_FACES],
                char *why, size_t why_len);

/* The same fonts, checked the same way, with their bytes (and names)
 * borrowed from the store, not copied: they stay valid until the next
 * store_lend_fonts or store_close. Faces that share a font (the same file
 * name and size: the build writes the same file's bytes for each) get the
 * same pointer, and one font's bytes are held however many faces use it
 * (a 20 MB font costs 20 MB once: SQLite's own buffer for the value, kept
 * by a statement left on its row; at most STORE_FONT_FACES such
 * statements, each holding a read of the store open). 0, or -1 with why
 * (out all NULL). */
int store_lend_fonts(struct store *s, struct store_font out[STORE_FONT_FACES], char *why,
                     size_t why_len);

/* The exhibit's colours (theme_palette of its theme). */
void store_palette(const struct store *s, struct palette *pal);

/* What the exhibit looks like: the colours of its theme (theme_palette)
 * and its own fonts (store_fonts, bytes in a). On -1 (why says what), the
 * palette is still right and fonts are all NULL: vitrine's own. */
int store_look(struct store *s, struct arena *a, struct palette *pal,
               struct store_font fonts[STORE_FONT_FACES], char *why, size_t why_len);

/* Name given at open (file path or memory name), for messages. */
const char *store_name(const struct store *s);

#endif
