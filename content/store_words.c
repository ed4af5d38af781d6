/* store_words.c - the exhibit's words and hyphenation as the store keeps
 * them, its chapters, missing texts and windows, and the check that a
 * store is as the build would have made it (store_check_as_built). */
#include "store_internal.h"

/* Notes a row of ui_text left out (the kiosk shows its own word there);
 * the first one's reason is kept for store_ui_ignored. */
static void ui_ignore(struct store *s, const char *locale, const char *key, const char *reason)
{
    if (s->ui_ignored++ == 0)
        snprintf(s->ui_why, sizeof s->ui_why,
                 "%.120s: the kiosk's word \"%.40s\" in %.35s is left out: %.160s", s->name,
                 key ? key : "?", locale ? locale : "?", reason);
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
int st_read_ui_text(struct store *s, char *why, size_t why_len)
{
    if (s->format < 7)
        return 0;
    sqlite3_stmt *st = NULL;
    int ret =
        st_prepare_once(s, "SELECT locale, key, text FROM ui_text LIMIT ?1", &st, why, why_len);
    if (ret == 0)
        sqlite3_bind_int(st, 1, UI_ROWS_MAX + 1);
    int r = 0, rows = 0;
    while (ret == 0 && (r = st_next_row(s, st, why, why_len)) > 0) {
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

/* The hyphenation table's rows of locale l into a new table: at most
 * HYPHEN_TABLE_MAX_WORDS, each checked by hyphen_table_add (a row it
 * refuses is left out: that word is cut, not hyphenated). NULL when there
 * are none or they cannot be read. */
static struct hyphen_table *read_hyphens(struct store *s, int l)
{
    sqlite3_stmt *st = NULL;
    struct hyphen_table *t = hyphen_table_new();
    char why[160];
    if (!t || st_prepare_once(s,
                              "SELECT word, hyphenated FROM hyphenation WHERE locale = ?1 "
                              "ORDER BY word LIMIT ?2",
                              &st, why, sizeof why) != 0) {
        hyphen_table_free(t);
        return NULL;
    }
    sqlite3_bind_text(st, 1, s->locales[l], -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, HYPHEN_TABLE_MAX_WORDS);
    int r;
    while ((r = st_next_row(s, st, why, sizeof why)) > 0) {
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
    int ret = st_prepare_once(s, sql, &st, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) > 0)
        st_window_words(sqlite3_column_text(st, 0), buf, size);
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
            return st_fail_memory(s, why, why_len);
        r = st_prepare_once(s, "SELECT word, hyphenated FROM hyphenation WHERE locale = ?1", &st,
                            why, why_len);
        if (r == 0)
            sqlite3_bind_text(st, 1, s->locales[l], -1, SQLITE_STATIC);
        int row = 0, n = 0;
        while (r == 0 && (row = st_next_row(s, st, why, why_len)) > 0) {
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
                r = rules_fail(
                    why, why_len, "%s hyphenates \"%s\" (%s) in a way the build never writes.",
                    s->name, st_window_words((const unsigned char *)w, words, sizeof words),
                    s->locales[l]);
        }
        sqlite3_finalize(st);
        hyphen_table_free(t);
        if (r != 0 || row < 0)
            return -1;
    }
    return 0;
}

/* Recorded audio descriptions (version 8 on) as the build writes them:
 * each of a panel of the exhibit, in one of its languages (the reader
 * looks a recording up by both, so another would never be played). */
static int check_audio(struct store *s, char *why, size_t why_len)
{
    char words[80];
    if (s->format < 8)
        return 0;
    static const struct {
        const char *sql, *says;
    } rules[] = {
        {"SELECT locale FROM audio_description WHERE locale NOT IN (SELECT code FROM locale)"
         " LIMIT 1",
         "an audio description in a language that is not one of its languages"},
        {"SELECT name FROM audio_description WHERE position NOT IN (SELECT position FROM panel)"
         " LIMIT 1",
         "an audio description of a panel it does not have"},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        int r = first_found(s, rules[i].sql, words, sizeof words, why, why_len);
        if (r != 0)
            return r < 0
                       ? -1
                       : rules_fail(why, why_len, "%s has %s (\"%s\"): the build never writes one.",
                                    s->name, rules[i].says, words);
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
    r = st_prepare_once(s, "SELECT id, file FROM source ORDER BY position", &st, why, why_len);
    int row = 0;
    while (r == 0 && (row = st_next_row(s, st, why, why_len)) > 0) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *file = (const char *)sqlite3_column_text(st, 1);
        int id_ok = sqlite3_column_type(st, 0) == SQLITE_TEXT &&
                    store_id_ok(id, (size_t)sqlite3_column_bytes(st, 0), "-_");
        int file_ok = sqlite3_column_type(st, 1) == SQLITE_NULL ||
                      (sqlite3_column_type(st, 1) == SQLITE_TEXT && file && file[0] &&
                       !strchr(file, '/') && strcmp(file, ".") != 0 && strcmp(file, "..") != 0);
        st_window_words((const unsigned char *)(id_ok ? file : id), words, sizeof words);
        if (!id_ok)
            r = rules_fail(why, why_len,
                           "%s has a source whose id (\"%s\") is not letters, digits, '-' and "
                           "'_' (at most %d).",
                           s->name, words, STORE_ID_MAX);
        else if (!file_ok)
            r = rules_fail(why, why_len,
                           "%s has a source whose file (\"%s\") is not a plain file name.", s->name,
                           words);
    }
    sqlite3_finalize(st);
    if (r != 0 || row < 0)
        return -1;
    /* a quote's language as the build takes it (value_locale_code) */
    r = st_prepare_once(s, "SELECT p.id, q.language FROM quote q JOIN panel p USING (position)",
                        &st, why, why_len);
    while (r == 0 && (row = st_next_row(s, st, why, why_len)) > 0) {
        const char *lang = (const char *)sqlite3_column_text(st, 1);
        size_t n = lang ? (size_t)sqlite3_column_bytes(st, 1) : 0;
        if (sqlite3_column_type(st, 1) != SQLITE_TEXT || !store_locale_code_ok(lang, n))
            r = rules_fail(why, why_len,
                           "%s has a quote (panel \"%s\") whose language is not a language "
                           "code such as en, fr or pt-BR.",
                           s->name,
                           st_window_words(sqlite3_column_text(st, 0), words, sizeof words));
    }
    sqlite3_finalize(st);
    if (r != 0 || row < 0 || check_hyphens(s, why, why_len) != 0 ||
        check_audio(s, why, why_len) != 0)
        return -1;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        r = first_found(s, rules[i].sql, words, sizeof words, why, why_len);
        if (r != 0)
            return r < 0
                       ? -1
                       : rules_fail(why, why_len, "%s has %s (\"%s\"): the build never writes one.",
                                    s->name, rules[i].says, words);
    }
    st_reset_all(s);
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
        return st_fail_memory(s, why, why_len);
    sqlite3_stmt *st = st_begin(s, ST_CHAPTERS);
    int ret = st_bind_localized(s, st, 0, st_pick_locale(s, locale), why, why_len);
    int r = 0, count = 0;
    while (ret == 0 && count < max && (r = st_next_row(s, st, why, why_len)) > 0) {
        ch[count].first_panel = sqlite3_column_int(st, 0);
        static const struct field chapter = {"chapter", RULES_LEN_CHAPTER, 0};
        ret = st_read_text(s, st, 1, NULL, &chapter, a, &ch[count].title, why, why_len);
        if (ret == 0 && ch[count].title)
            count++;
    }
    if (ret == 0 && r < 0)
        ret = -1;
    st_reset_all(s);
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
        st_prepare_once(s,
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
    while ((ret = st_next_row(s, st, why, why_len)) > 0) {
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
    if (st_prepare_once(s,
                        "SELECT scope, first, last, spec FROM show_window"
                        " ORDER BY scope = 'panel', scope = 'chapter', first, rowid",
                        &st, why, why_len) < 0)
        return -1;
    struct store_window *w = NULL;
    int count = 0, cap = 0, ret;
    while ((ret = st_next_row(s, st, why, why_len)) > 0 && count < STORE_WINDOWS_MAX) {
        if (count == cap) {
            int bigger = cap ? cap * 2 : 16;
            struct store_window *nw = arena_alloc(a, (size_t)bigger * sizeof *nw);
            if (!nw) {
                sqlite3_finalize(st);
                return st_fail_memory(s, why, why_len);
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
            return st_fail_memory(s, why, why_len);
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
