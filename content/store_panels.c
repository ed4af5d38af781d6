/* store_panels.c - a panel and its rows as the store reader loads them
 * (store.h): texts in a language with fallback, figures as written, quotes
 * and translations, sources, timeline and compare items, captions and a
 * panel's clip; every value checked by the rules the build applies. */
#include "store_internal.h"

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
        return st_fail_memory(s, why, why_len);
    while (*n < cap && (r = st_next_row(s, st, why, why_len)) > 0) {
        struct panel_cite *c = &(*cites)[*n];
        snprintf(what, sizeof what, "%s, source %d", where, *n + 1);
        static const struct field cite = {"sources.cite", RULES_LEN_CITE, 0},
                                  desc = {"sources.description", RULES_LEN_DESCRIPTION, 0};
        if (st_read_text(s, st, 0, what, ANY_TEXT("sources.id"), a, &c->id, why, why_len) < 0 ||
            st_read_text(s, st, 1, what, &cite, a, &c->cite, why, why_len) < 0 ||
            st_read_text(s, st, 2, what, &desc, a, &c->description, why, why_len) < 0 ||
            (files && st_read_text(s, st, 3, what, ANY_TEXT("sources.file"), a, &(*files)[*n], why,
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
    sqlite3_stmt *st = st_begin(s, ST_SOURCES);
    int count = 0;
    int ret = st_bind_localized(s, st, 0, st_pick_locale(s, locale), why, why_len);
    if (ret == 0)
        ret = read_sources(s, st, "sources", a, &cites, &files, &count, why, why_len);
    st_reset_all(s);
    if (ret < 0)
        return ret;
    struct store_source *src = arena_alloc(a, (size_t)(count > 0 ? count : 1) * sizeof *src);
    if (!src)
        return st_fail_memory(s, why, why_len);
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
    int r = st_lookup(s, ST_STATISTIC, index, &st, why, why_len);
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
    if (st_read_text(s, st, 4, where, &unit, a, &f->unit, why, why_len) < 0)
        return -1;
    char phrase[256];
    if (rules_figure(f, NULL, phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: %s.", s->name, where, phrase);

    st = st_begin(s, ST_STATISTIC_TEXT);
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0 ||
        st_read_localized(s, st, 4, names, where, a, fields, NULL, why, why_len) < 0)
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
        return st_fail_memory(s, why, why_len);
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
    int r = st_lookup(s, ST_QUOTE, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has a quote panel without its quote (%s).", s->name,
                          where);
    if (r < 0)
        return -1;
    static const struct field speaker = {"quote.speaker", RULES_LEN_NAME, 0};
    if (st_read_text(s, st, 0, where, &speaker, a, &q->speaker, why, why_len) < 0)
        return -1;
    if (!q->speaker)
        return rules_fail(why, why_len, "%s has a quote without a speaker (%s).", s->name, where);
    if (st_read_text(s, st, 1, where, ANY_TEXT("quote.language"), a, &q->language, why, why_len) <
        0)
        return -1;

    st = st_begin(s, ST_QUOTE_TEXT);
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0 ||
        st_read_localized(s, st, 3, names, where, a, fields, NULL, why, why_len) < 0)
        return -1;
    if (!fields[0])
        return rules_fail(why, why_len, "%s has a quote without its words (%s).", s->name, where);
    q->text = fields[0];
    q->role = fields[1];
    q->context = fields[2];
    q->translation = NULL;
    if (s->format < 4)
        return 0;
    st = st_begin(s, ST_QUOTE_TRANSLATION);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, loc, -1, SQLITE_STATIC);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    static const struct field translation = {"quote.translation", RULES_LEN_QUOTE, 0};
    r = st_next_row(s, st, why, why_len);
    if (r < 0 || (r > 0 && st_read_text(s, st, 0, where, &translation, a, &q->translation, why,
                                        why_len) < 0))
        return -1;
    return 0;
}

/* A title panel's heading in the exhibit's other languages. */
static int load_also(struct store *s, int index, struct panel *out, const char *where,
                     struct arena *a, char *why, size_t why_len)
{
    sqlite3_stmt *st = st_begin(s, ST_ALSO);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, out->locale, -1, SQLITE_STATIC);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    static const struct field heading = {"heading", RULES_LEN_HEADING, 0};
    int r;
    out->n_also = 0;
    while (out->n_also < PANEL_ALSO_MAX && (r = st_next_row(s, st, why, why_len)) > 0) {
        int i = out->n_also;
        if (st_read_text(s, st, 0, where, ANY_TEXT("locale"), a, &out->also_locale[i], why,
                         why_len) < 0 ||
            st_read_text(s, st, 1, where, &heading, a, &out->also[i], why, why_len) < 0)
            return -1;
        if (out->also[i] && out->also_locale[i])
            out->n_also++;
    }
    return out->n_also < PANEL_ALSO_MAX && r < 0 ? -1 : 0;
}

/* noun: what the picture is to a reader ("photo", "logo", "poster"). */
int st_load_image(struct store *s, sqlite3_int64 asset_id, const char *noun, const char *where,
                  struct arena *a, struct panel_image *img, char *why, size_t why_len)
{
    const char *mime;
    sqlite3_stmt *st;
    int r = st_lookup(s, ST_ASSET, asset_id, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s names a %s that is not an image of the exhibit (%s).",
                          s->name, noun, where);
    if (r < 0)
        return -1;
    if (st_read_text(s, st, 0, where, ANY_TEXT("the photo's type"), a, &mime, why, why_len) < 0 ||
        st_read_text(s, st, 4, where, ANY_TEXT("the photo's file name"), a, &img->name, why,
                     why_len) < 0)
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
        return st_fail_memory(s, why, why_len);
    /* what the row declares must be what the photo's header says */
    char phrase[256];
    long w = sqlite3_column_type(st, 2) == SQLITE_INTEGER ? (long)sqlite3_column_int(st, 2) : 0;
    long h = sqlite3_column_type(st, 3) == SQLITE_INTEGER ? (long)sqlite3_column_int(st, 3) : 0;
    if (rules_image(data, (size_t)n, mime ? mime : "no type", w, h, NULL, NULL, NULL, phrase,
                    sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: the %s %s.", s->name, where, noun, phrase);
    void *copy = arena_alloc(a, (size_t)n);
    if (!copy)
        return st_fail_memory(s, why, why_len);
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
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0)
        return -1;
    int rc = sqlite3_bind_int(st, 4, item);
    return rc == SQLITE_OK ? 0 : st_fail_sqlite(s, rc, why, why_len);
}

/* The sources of item `item`, at least one. */
static int load_item_cites(struct store *s, int index, const char *loc, int item, const char *where,
                           struct arena *a, const struct panel_cite **out, int *n, char *why,
                           size_t why_len)
{
    struct panel_cite *cites;
    sqlite3_stmt *st = st_begin(s, ST_ITEM_CITES);
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
    if (st_check_text(s, st, 1, where, ANY_TEXT("event.date"), &d, &len, why, why_len) < 0)
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
        return st_fail_memory(s, why, why_len);
    memset(items, 0, k->size * (size_t)k->max);
    int n = 0, r;
    sqlite3_stmt *st = st_begin(s, k->rows);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    while ((r = st_next_row(s, st, why, why_len)) > 0) {
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
        st = st_begin(s, k->texts);
        if (bind_item(s, st, index, loc, i, why, why_len) < 0 ||
            st_read_localized(s, st, k->n_names, k->names, where, a, fields, NULL, why, why_len) <
                0)
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
    sqlite3_stmt *st = st_begin(s, ST_CAPTIONS);
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0)
        return -1;
    int cap = 0, n = 0, r;
    struct panel_caption *caps = NULL;
    while ((r = st_next_row(s, st, why, why_len)) > 0) {
        if (n == RULES_CAPTIONS_MAX)
            return rules_fail(why, why_len, "%s has more than %d captions (%s).", s->name,
                              RULES_CAPTIONS_MAX, where);
        if (n == cap) {
            int more = cap ? cap * 2 : 16;
            struct panel_caption *bigger = arena_alloc(a, sizeof *bigger * (size_t)more);
            if (!bigger)
                return st_fail_memory(s, why, why_len);
            if (n)
                memcpy(bigger, caps, sizeof *caps * (size_t)n);
            caps = bigger;
            cap = more;
        }
        struct panel_caption *c = &caps[n];
        c->start_ms = sqlite3_column_int(st, 0);
        c->end_ms = sqlite3_column_int(st, 1);
        if (st_read_text(s, st, 2, where, &(const struct field){"a caption", RULES_LEN_CAPTION, 0},
                         a, &c->text, why, why_len) < 0)
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
    int r = st_lookup(s, ST_VIDEO, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has a video panel without its clip (%s).", s->name,
                          where);
    if (r < 0)
        return -1;
    const char *at_end;
    if (st_read_text(s, st, 0, where, ANY_TEXT("video.then"), a, &at_end, why, why_len) < 0 ||
        st_read_text(s, st, 3, where, ANY_TEXT("video.file"), a, &v->name, why, why_len) < 0 ||
        st_read_text(s, st, 4, where, ANY_TEXT("the clip's container"), a, &v->container, why,
                     why_len) < 0 ||
        st_read_text(s, st, 5, where, ANY_TEXT("the clip's codec"), a, &v->codec, why, why_len) < 0)
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
        return st_fail_memory(s, why, why_len);
    /* the file the clip's reader must open; where path no longer names it
     * (replaced since it was opened), the clip cannot be read from it */
    if (v->store && store_file_id(s, &v->store_dev, &v->store_ino) != 0)
        v->store = NULL;
    return load_captions(s, index, loc, where, a, v, why, why_len);
}

/* The panel's recorded audio description in loc (version 8 on), the
 * language asked for and no other: a recording in English on a French
 * page would say what the visitor cannot read. Checked against the rules
 * the build applies (rules_audio), then copied into a. */
static int load_audio(struct store *s, int index, const char *loc, const char *where,
                      struct arena *a, struct panel_audio *out, char *why, size_t why_len)
{
    if (s->format < 8)
        return 0;
    sqlite3_stmt *st = st_begin(s, ST_AUDIO);
    int rc = sqlite3_bind_int(st, 1, index);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(st, 2, loc, -1, SQLITE_STATIC);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    int r = st_next_row(s, st, why, why_len);
    if (r <= 0)
        return r;
    const char *name;
    if (st_read_text(s, st, 0, where, ANY_TEXT("audio_description"), a, &name, why, why_len) < 0)
        return -1;
    const unsigned char *type = sqlite3_column_text(st, 3);
    if (!name || sqlite3_column_type(st, 1) != SQLITE_INTEGER ||
        sqlite3_column_type(st, 2) != SQLITE_INTEGER || !type ||
        strcmp((const char *)type, "blob") != 0)
        return rules_fail(why, why_len,
                          "%s has an audio description that is not as the build writes it (%s).",
                          s->name, where);
    long long duration = sqlite3_column_int64(st, 1), channels = sqlite3_column_int64(st, 2);
    long long n = sqlite3_column_int64(st, 4);
    char phrase[256];
    if (rules_audio(n, duration, channels, phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: the audio description %s (%s) %s.", s->name, where,
                          name, loc, phrase);
    const unsigned char *data = sqlite3_column_blob(st, 5);
    if (!data || sqlite3_column_bytes(st, 5) != n)
        return st_fail_memory(s, why, why_len);
    if (rules_audio_stream(data, (size_t)n, channels, phrase, sizeof phrase) != 0)
        return rules_fail(why, why_len, "%s: %s: the audio description %s (%s) %s.", s->name, where,
                          name, loc, phrase);
    void *copy = arena_alloc(a, (size_t)n);
    if (!copy)
        return st_fail_memory(s, why, why_len);
    memcpy(copy, data, (size_t)n);
    *out = (struct panel_audio){copy, (size_t)n, duration, (int)channels};
    return 0;
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
    int r = st_lookup(s, ST_PANEL, index, &st, why, why_len);
    if (r == 0)
        return rules_fail(why, why_len, "%s has no panel %d.", s->name, index + 1);
    if (r < 0)
        return -1;
    if (st_read_text(s, st, 0, where, &(const struct field){"the panel id", STORE_MAX_TEXT, 1}, a,
                     &out->id, why, why_len) < 0 ||
        st_read_text(s, st, 1, where, ANY_TEXT("kind"), a, &kind, why, why_len) < 0)
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

    st = st_begin(s, ST_PANEL_TEXT);
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0 ||
        st_read_localized(s, st, 5, names, where, a, fields, &row_locale, why, why_len) < 0)
        return -1;
    out->locale = arena_strdup(a, row_locale ? row_locale : s->default_locale);
    if (!out->locale)
        return st_fail_memory(s, why, why_len);
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
        if (s->logo && st_load_image(s, s->logo, "logo", where, a, &out->image, why, why_len) < 0)
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
        if (st_load_image(s, asset_id, "photo", where, a, &out->image, why, why_len) < 0)
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
        if (st_load_image(s, asset_id, "poster", where, a, &out->image, why, why_len) < 0 ||
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
    if (load_audio(s, index, loc, where, a, &out->described, why, why_len) < 0)
        return -1;

    struct panel_cite *cites;
    int n;
    st = st_begin(s, out->kind == PANEL_CREDITS ? ST_SOURCES : ST_CITES);
    if (st_bind_localized(s, st, index, loc, why, why_len) < 0 ||
        read_sources(s, st, where, a, &cites, NULL, &n, why, why_len) < 0)
        return -1;
    out->cites = cites;
    out->n_cites = n;
    return 0;
}

/* The exhibit's words in locale copied into a, for a panel that may
 * outlive the store: UI_KEY_COUNT pointers, NULL where none; NULL when
 * memory is short. */
static const char *const *ui_text_copy(const struct store *s, const char *locale, struct arena *a)
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
    int ret = load_panel(s, index, st_pick_locale(s, locale), a, out, why, why_len);
    st_reset_all(s);
    if (ret == 0 && !(out->ui_text = ui_text_copy(s, st_pick_locale(s, locale), a)))
        ret = st_fail_memory(s, why, why_len);
    if (ret == 0)
        out->hyphens = store_hyphens(s, st_pick_locale(s, locale));
    if (ret < 0)
        memset(out, 0, sizeof *out);
    return ret;
}
