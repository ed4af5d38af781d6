/* author_show.c - `show:` windows: content on a schedule (when.h), read
 * from exhibit.yaml (the whole exhibit) and the panel files (a panel's
 * `show:`, and `chapter_show:` on the panel that starts a chapter), and
 * written to table show_window with the panels each covers. */
#include <string.h>

#include <sqlite3.h>

#include "author_internal.h"
#include "when.h"

#define SHOW_MAX 64 /* windows one key may give */

static void show_one(struct build *b, const struct ynode *n, const char *key, struct show *out,
                     int cap)
{
    char q[64], why[256];
    if (n->type != Y_SCALAR) {
        ERR(b, n->line,
            "%s: each window is one line of text, such as \"2026-04-12 09:00-18:00\", "
            "not %s",
            key, value_describe(q, sizeof q, n));
        return;
    }
    struct when w;
    if (when_parse(n->s, &w, why, sizeof why) != 0) {
        ERR(b, n->line, "%s: %s", key, why);
        return;
    }
    if (out->n >= cap) {
        ERR(b, n->line, "%s: more than %d windows; join some", key, SHOW_MAX);
        return;
    }
    /* the tree is the file's (build.fa); the model lives for the build */
    const char *spec = build_strndup(b, n->s, strlen(n->s));
    if (spec)
        out->spec[out->n++] = spec;
}

void show_parse(struct build *b, const struct ynode *n, const char *key, struct show *out)
{
    memset(out, 0, sizeof(*out));
    out->line = n->line;
    out->spec = build_alloc(b, SHOW_MAX * sizeof(*out->spec));
    if (!out->spec)
        return;
    if (n->type == Y_SEQ) {
        if (!n->kid)
            ERR(b, n->line,
                "%s: an empty list would never show it; give a window or leave "
                "%s out",
                key, key);
        for (const struct ynode *k = n->kid; k; k = k->next)
            show_one(b, k, key, out, SHOW_MAX);
    } else {
        show_one(b, n, key, out, SHOW_MAX);
    }
}

static int show_rows(sqlite3 *db, const char *scope, int first, int last, const struct show *s)
{
    for (int i = 0; i < s->n; i++) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, "INSERT INTO show_window VALUES (?, ?, ?, ?)", -1, &st, NULL) !=
            SQLITE_OK)
            return -1;
        sqlite3_bind_text(st, 1, scope, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, first);
        sqlite3_bind_int(st, 3, last);
        sqlite3_bind_text(st, 4, s->spec[i], -1, SQLITE_STATIC);
        int rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
            return -1;
    }
    return 0;
}

int show_write(const struct build *b, sqlite3 *db)
{
    if (b->npan < 1)
        return 0;
    if (show_rows(db, "exhibit", 0, b->npan - 1, &b->show))
        return -1;
    for (int p = 0; p < b->npan; p++) {
        const struct psrc *ps = &b->pan[p];
        if (ps->chapter_show.n) {
            int last = p;
            while (last + 1 < b->npan && !b->pan[last + 1].has_chapter)
                last++;
            if (show_rows(db, "chapter", p, last, &ps->chapter_show))
                return -1;
        }
        if (show_rows(db, "panel", p, p, &ps->show))
            return -1;
    }
    return 0;
}
