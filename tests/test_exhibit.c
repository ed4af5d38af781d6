/* The bundled exhibit (content/exhibits/pyongyang-2014), checked in its
 * built store: shape (title first, credits last, every kind present),
 * citations (every figure, quote and source accounted for) and, when the
 * source articles are at hand, that quotes are verbatim and that story text
 * is not copied from the articles. */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "skip_testing.h"
#include <sqlite3.h>

#define STORE_NAME "pyongyang-2014.vitrine"
#define COPY_WINDOW 8 /* words in a row that may not match an article */

static sqlite3 *open_store(void)
{
    const char *dir = getenv("VITRINE_BINARY_DIR");
    if (!dir || !*dir)
        fail_msg("VITRINE_BINARY_DIR is not set: cannot find %s", STORE_NAME);
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, STORE_NAME);
    assert_true(n > 0 && (size_t)n < sizeof path);
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_close(db);
        fail_msg("cannot open %s: %s", path, sqlite3_errstr(rc));
    }
    return db;
}

/* The single integer a query returns. */
static int query_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    return st;
}

/* The seeds directory, or NULL when it is not configured or not there. */
static const char *seeds_dir(void)
{
    const char *dir = getenv("VITRINE_SEEDS_DIR");
    struct stat sb;
    if (!dir || !*dir || stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return NULL;
    return dir;
}

static char *read_seed(const char *dir, const char *file)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, file);
    assert_true(n > 0 && (size_t)n < sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("source file %s is missing", path);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len - 1 == 0) {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Classify the character at s: returns its length in bytes and stores in
 * *out what it normalises to: ' ' for white space (including U+00A0),
 * '\'' for ’ and ‘, '"' for “ and ”, 0 to keep the bytes as they are. */
static size_t classify(const char *s, char *out)
{
    const unsigned char *u = (const unsigned char *)s;
    *out = 0;
    if (is_space(u[0])) {
        *out = ' ';
        return 1;
    }
    if (u[0] == 0xC2 && u[1] == 0xA0) {
        *out = ' ';
        return 2;
    }
    if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x98 || u[2] == 0x99)) {
        *out = '\'';
        return 3;
    }
    if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x9C || u[2] == 0x9D)) {
        *out = '"';
        return 3;
    }
    return 1;
}

/* For quotes: runs of white space become one space, typographic quotes
 * become straight ones; leading and trailing space is dropped. */
static char *normalise_quote(const char *in)
{
    char *out = malloc(strlen(in) + 1);
    assert_non_null(out);
    size_t o = 0;
    int pending_space = 0;
    while (*in) {
        char m;
        size_t n = classify(in, &m);
        if (m == ' ') {
            pending_space = o > 0;
        } else {
            if (pending_space)
                out[o++] = ' ';
            pending_space = 0;
            if (m)
                out[o++] = m;
            else {
                memcpy(out + o, in, n);
                o += n;
            }
        }
        in += n;
    }
    out[o] = '\0';
    return out;
}

/* For copy detection: lower case words of letters, digits, apostrophes and
 * non-ASCII characters; everything else separates words. The result is
 * " w1 w2 ... wn " so that a window can be matched on word boundaries. */
static char *normalise_words(const char *in)
{
    char *out = malloc(strlen(in) + 3);
    assert_non_null(out);
    size_t o = 0;
    out[o++] = ' ';
    while (*in) {
        char m;
        size_t n = classify(in, &m);
        unsigned char c = (unsigned char)*in;
        int word;
        if (m == '\'') {
            word = 1;
        } else if (m) {
            word = 0;
        } else if (c >= 0x80) {
            word = 1;
        } else {
            word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '\'';
        }
        if (!word) {
            if (out[o - 1] != ' ')
                out[o++] = ' ';
        } else if (m) {
            out[o++] = m;
        } else if (c >= 'A' && c <= 'Z') {
            out[o++] = (char)(c - 'A' + 'a');
        } else {
            memcpy(out + o, in, n);
            o += n;
        }
        in += n;
    }
    if (out[o - 1] != ' ')
        out[o++] = ' ';
    out[o] = '\0';
    return out;
}

static void the_exhibit_has_its_shape(void **state)
{
    (void)state;
    sqlite3 *db = open_store();
    assert_true(query_int(db, "SELECT count(*) FROM panel") >= 24);
    /* positions are dense from 0 */
    assert_int_equal(query_int(db, "SELECT min(position) FROM panel"), 0);
    assert_int_equal(query_int(db, "SELECT max(position) + 1 FROM panel"),
                     query_int(db, "SELECT count(*) FROM panel"));
    assert_int_equal(query_int(db, "SELECT kind = 'title' FROM panel WHERE position = 0"), 1);
    assert_int_equal(query_int(db, "SELECT kind = 'credits' FROM panel "
                                   "WHERE position = (SELECT max(position) FROM panel)"),
                     1);
    static const char *const kinds[] = {"title", "story", "statistic", "quote", "credits"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM panel WHERE kind = '%s'", kinds[i]);
        if (query_int(db, sql) < 1)
            fail_msg("no %s panel", kinds[i]);
    }
    /* every statistic and quote panel has its data */
    assert_int_equal(query_int(db, "SELECT count(*) FROM panel p WHERE kind = 'statistic' AND "
                                   "NOT EXISTS (SELECT 1 FROM statistic s "
                                   "WHERE s.position = p.position)"),
                     0);
    assert_int_equal(query_int(db,
                               "SELECT count(*) FROM panel p WHERE kind = 'quote' AND "
                               "NOT EXISTS (SELECT 1 FROM quote q WHERE q.position = p.position)"),
                     0);
    sqlite3_close(db);
}

static void every_figure_quote_and_source_is_cited(void **state)
{
    (void)state;
    sqlite3 *db = open_store();
    assert_int_equal(query_int(db, "SELECT count(*) FROM panel p WHERE kind = 'statistic' AND "
                                   "NOT EXISTS (SELECT 1 FROM citation c WHERE "
                                   "c.position = p.position AND c.subject = 'figure')"),
                     0);
    assert_int_equal(query_int(db, "SELECT count(*) FROM panel p WHERE kind = 'quote' AND "
                                   "NOT EXISTS (SELECT 1 FROM citation c WHERE "
                                   "c.position = p.position AND c.subject = 'quote')"),
                     0);
    assert_true(query_int(db, "SELECT count(*) FROM source") >= 1);
    sqlite3_stmt *st = prepare(db, "SELECT id FROM source s WHERE NOT EXISTS "
                                   "(SELECT 1 FROM citation c WHERE c.source_id = s.id)");
    int uncited = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        print_error("source %s is never cited\n", (const char *)sqlite3_column_text(st, 0));
        uncited++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    assert_int_equal(uncited, 0);
}

static void quotes_are_verbatim(void **state)
{
    (void)state;
    const char *dir = seeds_dir();
    if (!dir)
        SKIP_BECAUSE("no seed articles at VITRINE_SEEDS_DIR=%s (CI has ../shared/seeds)",
                     getenv("VITRINE_SEEDS_DIR") ? getenv("VITRINE_SEEDS_DIR") : "(unset)");
    sqlite3 *db = open_store();
    sqlite3_stmt *q = prepare(db, "SELECT q.position, p.id, q.locale, q.text FROM quote_text q "
                                  "JOIN panel p ON p.position = q.position ORDER BY q.position");
    sqlite3_stmt *files =
        prepare(db, "SELECT s.file FROM citation c JOIN source s ON s.id = c.source_id "
                    "WHERE c.position = ? AND c.subject = 'quote' "
                    "AND s.file IS NOT NULL ORDER BY s.position");
    int bad = 0, checked = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        int pos = sqlite3_column_int(q, 0);
        const char *id = (const char *)sqlite3_column_text(q, 1);
        const char *locale = (const char *)sqlite3_column_text(q, 2);
        char *text = normalise_quote((const char *)sqlite3_column_text(q, 3));
        int found = 0, n_files = 0;
        sqlite3_reset(files);
        sqlite3_bind_int(files, 1, pos);
        while (!found && sqlite3_step(files) == SQLITE_ROW) {
            char *raw = read_seed(dir, (const char *)sqlite3_column_text(files, 0));
            char *article = normalise_quote(raw);
            found = strstr(article, text) != NULL;
            free(article);
            free(raw);
            n_files++;
        }
        if (!found) {
            print_error("panel %s (%s): quote not found verbatim in its %d cited article(s): %s\n",
                        id, locale, n_files, text);
            bad++;
        }
        free(text);
        checked++;
    }
    sqlite3_finalize(files);
    sqlite3_finalize(q);
    sqlite3_close(db);
    assert_true(checked > 0);
    assert_int_equal(bad, 0);
}

static void story_text_is_not_copied(void **state)
{
    (void)state;
    const char *dir = seeds_dir();
    if (!dir)
        SKIP_BECAUSE("no seed articles at VITRINE_SEEDS_DIR=%s (CI has ../shared/seeds)",
                     getenv("VITRINE_SEEDS_DIR") ? getenv("VITRINE_SEEDS_DIR") : "(unset)");
    sqlite3 *db = open_store();

    /* every article the exhibit names */
    char *articles[64];
    int n_articles = 0;
    sqlite3_stmt *st =
        prepare(db, "SELECT file FROM source WHERE file IS NOT NULL ORDER BY position");
    while (sqlite3_step(st) == SQLITE_ROW) {
        assert_true(n_articles < 64);
        char *raw = read_seed(dir, (const char *)sqlite3_column_text(st, 0));
        articles[n_articles++] = normalise_words(raw);
        free(raw);
    }
    sqlite3_finalize(st);
    assert_true(n_articles > 0);

    int copied = 0;
    st = prepare(db, "SELECT p.id, t.locale, t.body FROM panel_text t "
                     "JOIN panel p ON p.position = t.position "
                     "WHERE p.kind = 'story' AND t.body IS NOT NULL ORDER BY t.position");
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *id = (const char *)sqlite3_column_text(st, 0);
        const char *locale = (const char *)sqlite3_column_text(st, 1);
        char *body = normalise_words((const char *)sqlite3_column_text(st, 2));
        /* word starts: body is " w1 w2 ... wn " */
        size_t starts[1025];
        int n_words = 0;
        for (size_t i = 0; body[i + 1] != '\0'; i++)
            if (body[i] == ' ' && n_words < 1024)
                starts[n_words++] = i;
        starts[n_words] = strlen(body) - 1; /* the final space */
        for (int w = 0; w + COPY_WINDOW <= n_words; w++) {
            size_t from = starts[w], to = starts[w + COPY_WINDOW];
            char window[2048];
            size_t len = to - from + 1; /* with both spaces */
            if (len >= sizeof window)
                continue;
            memcpy(window, body + from, len);
            window[len] = '\0';
            for (int a = 0; a < n_articles; a++) {
                if (strstr(articles[a], window)) {
                    print_error("panel %s (%s): story copies the article text \"%s\"\n", id, locale,
                                window);
                    copied++;
                    break;
                }
            }
        }
        free(body);
    }
    sqlite3_finalize(st);
    for (int a = 0; a < n_articles; a++)
        free(articles[a]);
    sqlite3_close(db);
    assert_int_equal(copied, 0);
}

/* Every event of a timeline and every value of a compare panel names a
 * source; the dates and numbers the exhibit draws are the ones its cited
 * articles give (when the articles are at hand). */
static void dated_events_and_compared_numbers_have_their_sources(void **state)
{
    (void)state;
    sqlite3 *db = open_store();
    assert_int_equal(query_int(db, "SELECT count(*) FROM event e WHERE NOT EXISTS (SELECT 1 FROM "
                                   "item_citation c WHERE c.position = e.position AND "
                                   "c.item = e.item)"),
                     0);
    assert_int_equal(query_int(db, "SELECT count(*) FROM compare_value v WHERE NOT EXISTS (SELECT "
                                   "1 FROM item_citation c WHERE c.position = v.position AND "
                                   "c.item = v.item)"),
                     0);
    assert_true(query_int(db, "SELECT count(*) FROM panel WHERE kind = 'timeline'") >= 1);
    assert_true(query_int(db, "SELECT count(*) FROM panel WHERE kind = 'compare'") >= 1);
    /* the story's dates: the race on 13 April, the birthday on 15 April */
    assert_int_equal(query_int(db, "SELECT count(*) FROM event WHERE date = '2014-04-13'"), 1);
    assert_int_equal(query_int(db, "SELECT count(*) FROM event WHERE date = '2014-04-15'"), 1);
    /* the first race has no year in the sources: approximate, in words */
    assert_int_equal(query_int(db, "SELECT count(*) FROM event e JOIN event_text t ON "
                                   "t.position = e.position AND t.item = e.item WHERE "
                                   "e.date < '2000' AND (e.approximate = 0 OR t.time IS NULL)"),
                     0);
    /* the runners: 1,000 per CNN (the online article), 800 per her caption */
    assert_int_equal(query_int(db, "SELECT count(*) FROM compare_value v JOIN item_citation c ON "
                                   "c.position = v.position AND c.item = v.item WHERE "
                                   "v.value = 1000 AND c.source_id = 'online'"),
                     1);
    assert_int_equal(query_int(db, "SELECT count(*) FROM compare_value v JOIN item_citation c ON "
                                   "c.position = v.position AND c.item = v.item WHERE "
                                   "v.value = 800 AND c.source_id = 'rw'"),
                     1);
    const char *dir = seeds_dir();
    if (dir) {
        static const struct {
            const char *sql, *needle;
        } facts[] = {
            {"SELECT s.file FROM event e JOIN item_citation c ON c.position = e.position AND "
             "c.item = e.item JOIN source s ON s.id = c.source_id WHERE e.date = '2014-04-13'",
             "April 13"},
            {"SELECT s.file FROM event e JOIN item_citation c ON c.position = e.position AND "
             "c.item = e.item JOIN source s ON s.id = c.source_id WHERE e.date = '2014-04-15'",
             "April 15"},
            {"SELECT s.file FROM event e JOIN item_citation c ON c.position = e.position AND "
             "c.item = e.item JOIN source s ON s.id = c.source_id WHERE e.date < '2000'",
             "early 1980s"},
            {"SELECT s.file FROM compare_value v JOIN item_citation c ON c.position = v.position "
             "AND c.item = v.item JOIN source s ON s.id = c.source_id WHERE v.value = 1000",
             "1,000 runners"},
            {"SELECT s.file FROM compare_value v JOIN item_citation c ON c.position = v.position "
             "AND c.item = v.item JOIN source s ON s.id = c.source_id WHERE v.value = 800",
             "800\xC2\xA0#runners"}, /* as the article writes it, a no-break space */
        };
        for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
            sqlite3_stmt *st = prepare(db, facts[i].sql);
            int n = 0;
            while (sqlite3_step(st) == SQLITE_ROW) {
                char *text = read_seed(dir, (const char *)sqlite3_column_text(st, 0));
                if (!strstr(text, facts[i].needle))
                    fail_msg("a cited article does not say \"%s\"", facts[i].needle);
                free(text);
                n++;
            }
            sqlite3_finalize(st);
            assert_true(n > 0);
        }
    }
    sqlite3_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_exhibit_has_its_shape),
        cmocka_unit_test(every_figure_quote_and_source_is_cited),
        cmocka_unit_test(dated_events_and_compared_numbers_have_their_sources),
        cmocka_unit_test(quotes_are_verbatim),
        cmocka_unit_test(story_text_is_not_copied),
    };
    return run_counting_skips(tests, NULL, NULL);
}
