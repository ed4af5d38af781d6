/* author_internal.h - what the parts of the exhibit compiler share; only
 * content/author*.c include it (content/author.h is the public interface).
 *
 * A build (author.c) runs in two phases. Reading: exhibit.yaml
 * (author_exhibit.c) and then every panels/NAME.yaml in file-name order
 * (author_panels.c) are parsed into a ytree each and checked value by value
 * (author_values.c), filling the model below and collecting every error as
 * "file:line: message". Writing (author_write.c) starts only when no error
 * was found, and turns the model into a new store.
 *
 * Ownership: everything in the model lives in build.a until the build ends;
 * a file's ytree lives in build.fa until the next file is read. */
#ifndef VITRINE_AUTHOR_INTERNAL_H
#define VITRINE_AUTHOR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "author.h"
#include "rules.h"
#include "store.h"
#include "theme.h"
#include "ui_keys.h"
#include "ytree.h"

struct hyphen_dict; /* hyphenation.h */
struct hyphen_table;

#define MAX_ERRORS 50
#define MAX_LOCALES STORE_MAX_LOCALES
#define MAX_SOURCES STORE_MAX_SOURCES /* the reader checks it too */
#define MAX_YAML_BYTES (1024 * 1024)
#define ERROR_LINE_MAX 1024

/* Longest text accepted, bytes of UTF-8 (the rules of rules.h). */
#define LEN_TITLE RULES_LEN_TITLE
#define LEN_SUBTITLE RULES_LEN_SUBTITLE
#define LEN_CHAPTER RULES_LEN_CHAPTER
#define LEN_HEADING RULES_LEN_HEADING
#define LEN_BODY RULES_LEN_BODY
#define LEN_NOTE RULES_LEN_NOTE
#define LEN_LABEL RULES_LEN_LABEL
#define LEN_AFFIX RULES_LEN_AFFIX
#define LEN_QUOTE RULES_LEN_QUOTE
#define LEN_NAME RULES_LEN_NAME
#define LEN_ROLE RULES_LEN_ROLE
#define LEN_CONTEXT RULES_LEN_CONTEXT
#define LEN_ALT RULES_LEN_ALT
#define LEN_CITE RULES_LEN_CITE
#define LEN_DESCRIPTION RULES_LEN_DESCRIPTION
#define LEN_ID STORE_ID_MAX
#define LEN_FILE 255

/* ---- what the sources say --------------------------------------------- */

/* A localised text: one string per exhibit locale (index as in locales);
 * after parsing, missing locales point at the default locale's text. */
struct ltext {
    const char *s[MAX_LOCALES]; /* every locale: a missing one holds the default's text */
    uint64_t given;             /* bit l: locale l was written by the author (a plain
                                 * scalar counts for every locale: the same in all) */
};
_Static_assert(MAX_LOCALES <= 64, "struct ltext's given has a bit per locale");
#define LOCALE_BIT(l) ((uint64_t)1 << (l))

struct build;
/* The text of locale l as the store keeps it: NULL where the author gave
 * none (the reader falls back to the default locale, and `bundle verify`
 * can name what is missing). */
const char *ltext_stored(const struct build *b, const struct ltext *t, int l);

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
    struct decimal value, to, part_of; /* exactly as written */
    int has_to, has_part_of, decimals;
    const char *unit;
    struct ltext prefix, suffix, label, part_of_label;
    struct cites sources;
};

struct quote {
    const char *speaker, *language;
    struct ltext text, role, context;
    struct ltext translation; /* NULL where none: the locale it was said in, or not given */
    struct cites sources;
};

struct image {
    const char *file; /* relative to src_dir, as written */
    struct ltext alt;
};

/* One caption cue of a WebVTT file (author_video.c). */
struct cue {
    int start_ms, end_ms;
    const char *text;
};

/* A video panel's video: (author_video.c). */
struct vclip {
    const char *file;    /* relative to src_dir, as written */
    const char *poster;  /* a still given by the author, or NULL: a frame of the clip */
    long long poster_ms; /* poster_at in ms; -1: the default frame */
    int poster_line;     /* of poster_at, for errors (0: none) */
    int then_next, sound;
    const char *captions[MAX_LOCALES]; /* WebVTT files, NULL where none */
    struct cue *cues[MAX_LOCALES];
    int ncues[MAX_LOCALES];
    int line; /* of the video: key */
    int ok;   /* decoded: info and poster below are set */
    struct author_clip info;
    unsigned char *still; /* the poster's bytes, in b->a */
    size_t still_size;
};

/* A panel's recorded audio description in one language (author_audio.c):
 * checked by decoding it whole, then read again by the writer, which
 * stores it only when its bytes are still those checked (hash). */
struct adesc {
    const char *file; /* relative to src_dir, as written; NULL: none */
    int line;         /* of its language's key, for errors */
    int ok;           /* decoded and within the rules: the fields below are set */
    long long bytes, duration_ms;
    int channels;
    unsigned char hash[32]; /* BLAKE2b of its bytes */
};

/* A timeline event and a compare value (author_items.c). */
struct event {
    struct panel_date date;
    int approximate;
    const char *date_text; /* as written, for the store */
    struct ltext when, label;
    struct cites sources;
};

struct cvalue {
    struct decimal value;
    int decimals;
    struct ltext label;
    struct cites sources;
};

/* `show:` windows (content/when.h), as written; n 0: always shown. */
struct show {
    const char **spec;
    int n;
    int line; /* of the key, for errors */
};

struct psrc {
    const char *id;   /* file name without .yaml */
    const char *file; /* "panels/NAME.yaml" */
    int kind;
    int has_chapter;
    struct ltext chapter, heading, body, note;
    struct show show, chapter_show; /* the panel's, and the chapter's it starts */
    struct cites sources;
    struct figure fig;
    struct quote q;
    struct image img;
    struct vclip vid;                /* video */
    struct adesc audio[MAX_LOCALES]; /* audio_description, by locale */
    struct event *ev;                /* timeline */
    int nev;
    struct cvalue *cv; /* compare */
    int ncv;
    /* where each key the fit check may name was written ("body",
     * "figure.label"): a title panel's heading and body may come from
     * exhibit.yaml */
    struct {
        const char *key, *file;
        int line;
    } at[24];
    int nat;
};

struct errrec; /* author.c */

struct build {
    const char *src_dir;
    const struct author_opts *opts;
    struct arena a;  /* everything that lives for the whole build */
    struct arena fa; /* one file's tree */
    const char *cur; /* file being read, relative to src_dir */

    struct errrec *errs; /* MAX_ERRORS of them */
    int nerr;
    int unloaded; /* panel files that could not be read as YAML */
    int oom;

    /* exhibit.yaml */
    const char *slug, *version;
    int nloc, def;
    const char *loc[MAX_LOCALES], *loc_name[MAX_LOCALES];
    int loc_line[MAX_LOCALES]; /* of each in locales: */
    int locales_ok, sources_ok;
    struct ltext title, subtitle;
    int title_line, subtitle_line;
    struct source *src;
    int nsrc;

    struct theme theme; /* set 0: none */
    const char *logo;   /* the logo's file, or NULL */
    int logo_line;
    struct {
        const char *file; /* NULL: the face has no font of the exhibit's */
        int line;
        void *data; /* in b->a */
        size_t size;
    } font[STORE_FONT_FACES]; /* sans, bold, serif */

    struct psrc *pan;
    int npan;
    struct show show; /* the whole exhibit's */

    /* `ui:`, the exhibit's own words for the kiosk, by locale and key
     * (ui_keys.h): NULL where it gives none; ui_line: where each is. A
     * regional locale ("pt-BR") without a word takes its language's
     * ("pt") when the exhibit has that language too (ui_parse). */
    const char *ui[MAX_LOCALES][UI_KEY_COUNT];
    int ui_line[MAX_LOCALES][UI_KEY_COUNT];

    /* hyphenation (author_hyphens.c): each locale's dictionary, read once
     * (hy_tried), and the words of its texts that it hyphenates */
    struct hyphen_dict *hy_dict[MAX_LOCALES];
    struct hyphen_table *hy_words[MAX_LOCALES];
    unsigned char hy_tried[MAX_LOCALES];
    unsigned char hy_dict_owned[MAX_LOCALES]; /* 1: this build's to free (not cached) */
};

/* ---- hyphenation (author_hyphens.c) ------------------------------------ */

/* Locale l's table of hyphenated words, its dictionary read the first time
 * (a warning when it cannot be); NULL when the language has none. */
struct hyphen_table *build_hyphens(struct build *b, int l);
/* Every word of text (may be NULL) that locale l's dictionary hyphenates,
 * into its table. 0, or -1 when the table is full. */
int build_hyphens_learn(struct build *b, int l, const char *text);
/* The same for every text of panel p (in locale l), which the fit check is
 * about to lay out; returns the table to lay it out with. */
const struct hyphen_table *build_hyphens_panel(struct build *b, int l, const struct panel *p);
void build_hyphens_free(struct build *b);

/* `show:` (author_show.c): a window or a list of windows, each checked by
 * when_parse; errors at their lines. */
void show_parse(struct build *b, const struct ynode *n, const char *key, struct show *out);
/* The rows of table show_window (author_write.c). */
struct sqlite3;
int show_write(const struct build *b, struct sqlite3 *db);

/* ---- the build (author.c) --------------------------------------------- */

/* Record an error in file at line (0: the file as a whole). At most
 * MAX_ERRORS are kept; later ones are only counted. */
void build_error(struct build *b, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A warning (the build still succeeds): passed to the caller's warn. */
void build_warning(struct build *b, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An error in the file being read. */
#define ERR(b, line, ...) build_error((b), (b)->cur, (line), __VA_ARGS__)

/* Zeroed memory in b->a; NULL after reporting (once) that memory ran out. */
void *build_alloc(struct build *b, size_t n);
/* s[0..n) and a NUL, in b->a; NULL after reporting. */
char *build_strndup(struct build *b, const char *s, size_t n);
/* A formatted string in b->a; NULL after reporting. */
char *build_printf(struct build *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Read src_dir/rel (the file b->cur names) into a tree in b->fa, which is
 * reset first. The root mapping, or NULL after reporting. */
const struct ynode *build_load_yaml(struct build *b, const char *rel);
/* Read and check the photo src_dir/file for an error at line of b->cur:
 * its bytes (malloc'd) and what image_probe_load gives, or NULL after
 * reporting. */
unsigned char *build_image_load(struct build *b, const char *file, int line, size_t *size,
                                const char **mime, unsigned long *w, unsigned long *h);

/* Read the font file src_dir/file (a TrueType or OpenType font, at most
 * STORE_MAX_FONT bytes) into b->a for an error at line of b->cur; NULL
 * after reporting. */
void *build_font_load(struct build *b, const char *file, int line, size_t *size);
/* Does src_dir/f (a path the sources name at line, as key), once every
 * link on the way is followed, stay inside the exhibit folder? A link
 * inside the folder to a file inside it is fine; one that leads out (a
 * font linked to a system file) is refused like an absolute path, at
 * line: what the bundle carries is what the folder holds. 1 when it stays
 * (or does not resolve: the loader says it is not there), 0 after
 * reporting. The check and the read are not atomic: the build trusts its
 * own folder not to change under it. */
int build_file_inside(struct build *b, const char *key, int line, const char *f);

/* Index of a locale code (or a source id) of exhibit.yaml, or -1. */
int build_locale_index(const struct build *b, const char *code);
int build_source_index(const struct build *b, const char *id);
/* "en, fr", for messages; in b->a. */
const char *build_locale_list(struct build *b);

/* ---- values of the tree (author_values.c) ----------------------------- */

/* Each reads one value at `path` (its name in messages, "figure.value"),
 * reporting what is wrong with it under its line. */

/* A short, printable quotation of user text for a message, into buf. */
const char *value_quoted(char *buf, size_t size, const char *s, size_t len);
/* What a node is, for a message: "a list", "a mapping", "empty" or quoted. */
const char *value_describe(char *buf, size_t size, const struct ynode *n);
/* The word of words closest to s, if close enough to be a likely typo. */
const char *value_suggest(const char *s, const char *const *words, int n);
int value_map_keys(struct build *b, const struct ynode *map, const char *where,
                   const char *const *keys, int nkeys, const struct ynode **vals, int *klines);
int value_need(struct build *b, const struct ynode *map, const struct ynode *v, const char *path);
const char *value_text(struct build *b, const struct ynode *n, const char *path, size_t max,
                       int affix);
int value_ltext(struct build *b, const struct ynode *n, const char *path, size_t max, int affix,
                struct ltext *out);
/* value_ltext without the typography: each text as the author wrote it. */
int value_ltext_as_written(struct build *b, const struct ynode *n, const char *path, size_t max,
                           int affix, struct ltext *out);
/* A quote's quote.translation mapping (n may be NULL: none), never for
 * the language it was said in; out->s[l] NULL where not given. */
int value_translations(struct build *b, const struct ynode *n, const char *said_in, size_t max,
                       struct ltext *out);
void value_opt_ltext(struct build *b, const struct ynode *v, const char *path, size_t max,
                     int affix, struct ltext *out);
int value_number(struct build *b, const struct ynode *n, const char *path, double *out);
/* A figure's number, kept exactly as written (decimal.h): a plain scalar
 * of at most DECIMAL_DIGITS_MAX digits, or an error naming the line. */
int value_decimal(struct build *b, const struct ynode *n, const char *path, struct decimal *out);
const char *value_id(struct build *b, const struct ynode *n, const char *path, const char *extra,
                     const char *what);
const char *value_locale_code(struct build *b, const struct ynode *n, const char *path);
int value_cites(struct build *b, const struct ynode *n, const char *path, const char *who,
                int required, struct cites *out);

/* ---- the phases ------------------------------------------------------- */

/* exhibit.yaml into b (author_exhibit.c). */
void exhibit_parse(struct build *b);
/* Every panel file into b->pan, each handed to the fit check when it is
 * valid (author_panels.c). */
void panels_parse(struct build *b);
/* A timeline's events: and a compare panel's values: into ps
 * (author_items.c). */
void items_parse_events(struct build *b, const struct ynode *n, struct psrc *ps);
void items_parse_values(struct build *b, const struct ynode *n, struct psrc *ps);
/* The panel's events or values as store_panel_load returns them in locale
 * l, in arrays from b->a (cites from all, the exhibit's sources in their
 * order): 0, or -1 after reporting running out of memory. */
int items_for_locale(struct build *b, const struct psrc *ps, int l, struct panel *p);
/* A video panel's video: mapping into ps, then the clip decoded through the
 * build's clip hook and its captions read (author_video.c). */
void video_parse(struct build *b, const struct ynode *n, struct psrc *ps);
void video_check(struct build *b, struct psrc *ps);
/* The panel's clip and captions in locale l as store_panel_load returns
 * them (arrays in b->a): 0, or -1 after reporting. */
int video_for_locale(struct build *b, const struct psrc *ps, int l, struct panel *p);
/* A panel's audio_description: mapping into ps->audio (author_audio.c),
 * then each recording read, decoded whole with libopusfile and checked by
 * rules_audio; errors at its language's line. */
void audio_parse(struct build *b, const struct ynode *n, struct psrc *ps);
void audio_check(struct build *b, struct psrc *ps);
/* The panel's recordings as rows of audio_description, each read again and
 * stored only if it is the file checked: 0, or -1 after reporting. */
int audio_write(struct build *b, struct sqlite3 *db, int pos, const struct psrc *ps);
/* A path inside the exhibit folder ("videos/a.mp4"), else an error at n's
 * line naming key; NULL when it is not one. */
const char *build_inner_path(struct build *b, const struct ynode *n, const char *key,
                             const char *example);

/* `ui:` of exhibit.yaml into b->ui, each word checked (ui_key_check), and
 * the warning for each language the kiosk would show partly in English
 * (author_exhibit.c). */
void ui_parse(struct build *b, const struct ynode *n);
/* The rows of table ui_text (author_write.c). */
int ui_write(const struct build *b, struct sqlite3 *db);

/* The model into a new store at out_path, written beside it and renamed
 * into place; 0, or -1 after reporting (author_write.c). */
int author_write(struct build *b, const char *out_path);

#endif
