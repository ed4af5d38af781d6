/* author_write.c - the store writer: the checked model of a build into a
 * new content store (see author_internal.h). A temporary file beside
 * out_path gets content/schema.sql (compiled in as author_schema_sql) and
 * every row in one transaction; it is checked (foreign keys, integrity),
 * synced and renamed into place, so a failed build never leaves a
 * half-written store and never replaces a good one. It reads no clock:
 * built_at comes from struct author_opts, so the same sources and options
 * give the same bytes (the rows go in the same order every time).
 * DEPENDENCIES: SQLite, POSIX (mkstemp, fchmod, fsync, rename). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "author_internal.h"
#include "hyphenation.h"

/* Run one statement with parameters described by types: 'i' int, 'd'
 * double, 't' text (NULL binds NULL), 'b' blob (pointer, size_t), 'n' NULL. */
static int row(sqlite3 *db, const char *sql, const char *types, ...)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    va_list ap;
    va_start(ap, types);
    int rc = SQLITE_OK;
    for (int i = 0; types[i] && rc == SQLITE_OK; i++) {
        switch (types[i]) {
        case 'i':
            rc = sqlite3_bind_int(st, i + 1, va_arg(ap, int));
            break;
        case 'd':
            rc = sqlite3_bind_double(st, i + 1, va_arg(ap, double));
            break;
        case 't':
            rc = sqlite3_bind_text(st, i + 1, va_arg(ap, const char *), -1, SQLITE_STATIC);
            break;
        case 'b': {
            const void *p = va_arg(ap, const void *);
            size_t n = va_arg(ap, size_t);
            rc = sqlite3_bind_blob64(st, i + 1, p, n, SQLITE_STATIC);
            break;
        }
        default:
            rc = sqlite3_bind_null(st, i + 1);
            break;
        }
    }
    va_end(ap);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
    sqlite3_finalize(st);
    return rc == SQLITE_OK ? 0 : -1;
}

/* First column of the first row of sql, or "" for no rows; into buf. */
static int query_text(sqlite3 *db, const char *sql, char *buf, size_t size)
{
    sqlite3_stmt *st;
    buf[0] = '\0';
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        snprintf(buf, size, "%s", t ? (const char *)t : "");
    }
    sqlite3_finalize(st);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

static int write_cites(sqlite3 *db, int pos, const char *subject, const struct build *b,
                       const struct cites *c)
{
    for (int i = 0; i < c->n; i++)
        if (row(db, "INSERT INTO citation VALUES (?, ?, ?)", "itt", pos, subject,
                b->src[c->idx[i]].id) != 0)
            return -1;
    return 0;
}

static int write_item_cites(sqlite3 *db, int pos, int item, const struct build *b,
                            const struct cites *c)
{
    for (int i = 0; i < c->n; i++)
        if (row(db, "INSERT INTO item_citation VALUES (?, ?, ?)", "iit", pos, item,
                b->src[c->idx[i]].id) != 0)
            return -1;
    return 0;
}

/* A timeline's events or a compare panel's values. */
static int write_items(const struct build *b, sqlite3 *db, int pos, const struct psrc *ps)
{
    for (int i = 0; i < ps->nev; i++) {
        const struct event *e = &ps->ev[i];
        if (row(db, "INSERT INTO event VALUES (?, ?, ?, ?)", "iiti", pos, i, e->date_text,
                e->approximate) ||
            write_item_cites(db, pos, i, b, &e->sources))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO event_text VALUES (?, ?, ?, ?, ?)", "iittt", pos, i, b->loc[l],
                    e->label.s[l], e->when.s[l]))
                return -1;
    }
    for (int i = 0; i < ps->ncv; i++) {
        const struct cvalue *c = &ps->cv[i];
        char v[DECIMAL_TEXT_MAX];
        if (row(db, "INSERT INTO compare_value VALUES (?, ?, ?, ?)", "iiti", pos, i,
                decimal_text(&c->value, v), c->decimals) ||
            write_item_cites(db, pos, i, b, &c->sources))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO compare_value_text VALUES (?, ?, ?, ?)", "iitt", pos, i,
                    b->loc[l], c->label.s[l]))
                return -1;
    }
    return 0;
}

/* Find or add the asset for the image `file` (named by the source file
 * `from`); its id, or -1 after reporting. */
static int write_asset(struct build *b, sqlite3 *db, const char *file, const char *from, int line)
{
    sqlite3_stmt *st;
    int id = -1;
    if (sqlite3_prepare_v2(db, "SELECT id FROM asset WHERE name = ?", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, file, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (id > 0)
        return id;
    size_t size;
    const char *mime;
    unsigned long w, h;
    const char *saved = b->cur;
    b->cur = from;
    unsigned char *data = build_image_load(b, file, line, &size, &mime, &w, &h);
    b->cur = saved;
    if (!data)
        return -1;
    int rc = row(db, "INSERT INTO asset (name, mime, width, height, data) VALUES (?, ?, ?, ?, ?)",
                 "ttiib", file, mime, (int)w, (int)h, (const void *)data, size);
    free(data);
    return rc == 0 ? (int)sqlite3_last_insert_rowid(db) : -1;
}

/* A still the build made or read (a video's poster) as an asset named
 * name; its id, or -1 after reporting. */
static int write_still(struct build *b, sqlite3 *db, const char *name, const unsigned char *data,
                       size_t size)
{
    const char *mime;
    unsigned long w, h;
    char why[256];
    if (rules_image(data, size, NULL, 0, 0, &mime, &w, &h, why, sizeof why) != 0) {
        ERR(b, 0, "the poster of %s %s", name, why);
        return -1;
    }
    sqlite3_stmt *st;
    int id = -1;
    if (sqlite3_prepare_v2(db, "SELECT id FROM asset WHERE name = ?", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    if (id > 0)
        return id;
    int rc = row(db, "INSERT INTO asset (name, mime, width, height, data) VALUES (?, ?, ?, ?, ?)",
                 "ttiib", name, mime, (int)w, (int)h, (const void *)data, size);
    return rc == 0 ? (int)sqlite3_last_insert_rowid(db) : -1;
}

/* The clip of a video panel, once per file: its bytes copied from the
 * source file straight into the row (incremental blob I/O, a megabyte at a
 * time: a clip is never whole in memory). Its id, or -1 after reporting. */
static sqlite3_int64 write_clip(struct build *b, sqlite3 *db, const struct psrc *ps)
{
    const struct vclip *v = &ps->vid;
    const struct author_clip *in = &v->info;
    sqlite3_stmt *st;
    sqlite3_int64 id = -1;
    if (sqlite3_prepare_v2(db, "SELECT id FROM clip WHERE name = ?", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, v->file, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        id = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    if (id > 0)
        return id;
    const char *saved = b->cur;
    b->cur = ps->file;
    char *path = build_printf(b, "%s/%s", b->src_dir, v->file);
    int fd = path ? open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) : -1;
    struct stat sb;
    unsigned char *buf = NULL;
    sqlite3_blob *blob = NULL;
    id = -1;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        ERR(b, v->line, "video.file \"%s\" cannot be read: %s", v->file,
            fd < 0 ? strerror(errno) : "not a file");
        goto done;
    }
    if ((long long)sb.st_size != in->bytes) {
        ERR(b, v->line, "video.file \"%s\" changed while the exhibit was being built", v->file);
        goto done;
    }
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO clip (name, container, codec, width, height, duration_ms,"
                           " bitrate, audio, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK)
        goto done;
    sqlite3_bind_text(st, 1, v->file, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, in->container, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, in->codec, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 4, in->w);
    sqlite3_bind_int(st, 5, in->h);
    sqlite3_bind_int64(st, 6, in->duration_ms);
    sqlite3_bind_int64(st, 7, in->bitrate);
    sqlite3_bind_int(st, 8, in->audio != 0);
    sqlite3_bind_zeroblob64(st, 9, (sqlite3_uint64)sb.st_size);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        goto done;
    sqlite3_int64 rowid = sqlite3_last_insert_rowid(db);
    if (sqlite3_blob_open(db, "main", "clip", "data", rowid, 1, &blob) != SQLITE_OK)
        goto done;
    enum { CHUNK = 1 << 20 };
    buf = malloc(CHUNK);
    if (!buf) {
        ERR(b, 0, "out of memory");
        goto done;
    }
    long long off = 0;
    while (off < (long long)sb.st_size) {
        ssize_t got = read(fd, buf, CHUNK);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0 || off + got > (long long)sb.st_size) {
            ERR(b, v->line, "video.file \"%s\" could not be read whole: %s", v->file,
                got < 0 ? strerror(errno) : "it changed while the exhibit was being built");
            goto done;
        }
        if (sqlite3_blob_write(blob, buf, (int)got, (int)off) != SQLITE_OK)
            goto done;
        off += got;
    }
    id = rowid;
done:
    if (blob)
        sqlite3_blob_close(blob);
    free(buf);
    if (fd >= 0)
        close(fd);
    b->cur = saved;
    return id;
}

/* A video panel's rows: its clip, how it plays, its captions per language
 * (none stored where a language has none: the reader gives the default
 * language's). The poster asset is written by the caller. */
static int write_video(struct build *b, sqlite3 *db, int pos, const struct psrc *ps)
{
    const struct vclip *v = &ps->vid;
    sqlite3_int64 clip = write_clip(b, db, ps);
    if (clip < 0)
        return -1;
    if (row(db, "INSERT INTO video VALUES (?, ?, ?, ?)", "iiti", pos, (int)clip,
            v->then_next ? "next" : "loop", v->sound))
        return -1;
    for (int l = 0; l < b->nloc; l++)
        for (int i = 0; i < v->ncues[l]; i++)
            if (row(db, "INSERT INTO caption VALUES (?, ?, ?, ?, ?, ?)", "itiiit", pos, b->loc[l],
                    i, v->cues[l][i].start_ms, v->cues[l][i].end_ms, v->cues[l][i].text))
                return -1;
    return 0;
}

/* The exhibit row: what it is, its theme and its logo. */
static int write_exhibit(struct build *b, sqlite3 *db, const char *built_at)
{
    char accent[8], background[8];
    int logo = b->logo ? write_asset(b, db, b->logo, "exhibit.yaml", b->logo_line) : 0;
    if (logo < 0)
        return -1;
    const char *a = b->theme.set ? theme_colour_text(b->theme.accent, accent, sizeof accent) : NULL;
    const char *g =
        b->theme.set ? theme_colour_text(b->theme.background, background, sizeof background) : NULL;
    if (row(db, "INSERT INTO exhibit VALUES (1, ?, ?, ?, ?, ?, ?, ?)", logo ? "tttttti" : "ttttttn",
            b->slug, b->version, b->loc[b->def], built_at, a, g, logo))
        return -1;
    static const char *const faces[STORE_FONT_FACES] = {"sans", "bold", "serif"};
    for (int i = 0; i < STORE_FONT_FACES; i++)
        if (b->font[i].data && row(db, "INSERT INTO font VALUES (?, ?, ?)", "ttb", faces[i],
                                   b->font[i].file, (const void *)b->font[i].data, b->font[i].size))
            return -1;
    return 0;
}

static int write_rows(struct build *b, sqlite3 *db)
{
    char built[32];
    time_t t = b->opts ? (time_t)b->opts->built_at : 0;
    struct tm tm;
    if (!gmtime_r(&t, &tm) || strftime(built, sizeof built, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
        ERR(b, 0, "the build time %lld cannot be written as a date",
            (long long)(b->opts ? b->opts->built_at : 0));
        return -1;
    }
    for (int l = 0; l < b->nloc; l++)
        if (row(db, "INSERT INTO locale VALUES (?, ?, ?)", "tit", b->loc[l], l, b->loc_name[l]) ||
            row(db, "INSERT INTO exhibit_text VALUES (?, ?, ?)", "ttt", b->loc[l], b->title.s[l],
                b->subtitle.s[l]))
            return -1;
    if (write_exhibit(b, db, built))
        return -1;
    for (int i = 0; i < b->nsrc; i++) {
        const struct source *s = &b->src[i];
        if (row(db, "INSERT INTO source VALUES (?, ?, ?)", "tit", s->id, i, s->file))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO source_text VALUES (?, ?, ?, ?)", "tttt", s->id, b->loc[l],
                    s->cite.s[l], s->description.s[l]))
                return -1;
    }
    for (int pos = 0; pos < b->npan; pos++) {
        const struct psrc *ps = &b->pan[pos];
        int asset = 0;
        if (ps->kind == PANEL_IMAGE && (asset = write_asset(b, db, ps->img.file, ps->file, 1)) < 0)
            return -1;
        if (ps->kind == PANEL_VIDEO) {
            const struct vclip *v = &ps->vid;
            const char *name = v->poster           ? v->poster
                               : v->poster_ms >= 0 ? build_printf(b, "%s (poster at %lld ms)",
                                                                  v->file, v->poster_ms)
                                                   : build_printf(b, "%s (poster)", v->file);
            if (!name || (asset = write_still(b, db, name, v->still, v->still_size)) < 0)
                return -1;
        }
        if (row(db, "INSERT INTO panel VALUES (?, ?, ?, ?)", asset ? "itti" : "ittn", pos, ps->id,
                panel_kind_name((enum panel_kind)ps->kind), asset))
            return -1;
        for (int l = 0; l < b->nloc; l++)
            if (row(db, "INSERT INTO panel_text VALUES (?, ?, ?, ?, ?, ?, ?)", "itttttt", pos,
                    b->loc[l], ltext_stored(b, &ps->chapter, l), ltext_stored(b, &ps->heading, l),
                    ltext_stored(b, &ps->body, l), ltext_stored(b, &ps->note, l),
                    ltext_stored(b, &ps->img.alt, l)))
                return -1;
        if (ps->kind == PANEL_STATISTIC) {
            const struct figure *f = &ps->fig;
            sqlite3_stmt *st;
            if (sqlite3_prepare_v2(db, "INSERT INTO statistic VALUES (?, ?, ?, ?, ?, ?)", -1, &st,
                                   NULL) != SQLITE_OK)
                return -1;
            /* exact decimals as text: no binary rounding on the way */
            char v[DECIMAL_TEXT_MAX], to[DECIMAL_TEXT_MAX], whole[DECIMAL_TEXT_MAX];
            sqlite3_bind_int(st, 1, pos);
            sqlite3_bind_text(st, 2, decimal_text(&f->value, v), -1, SQLITE_STATIC);
            if (f->has_to)
                sqlite3_bind_text(st, 3, decimal_text(&f->to, to), -1, SQLITE_STATIC);
            sqlite3_bind_int(st, 4, f->decimals);
            if (f->unit)
                sqlite3_bind_text(st, 5, f->unit, -1, SQLITE_STATIC);
            if (f->has_part_of)
                sqlite3_bind_text(st, 6, decimal_text(&f->part_of, whole), -1, SQLITE_STATIC);
            int rc = sqlite3_step(st);
            sqlite3_finalize(st);
            if (rc != SQLITE_DONE)
                return -1;
            for (int l = 0; l < b->nloc; l++)
                if (row(db, "INSERT INTO statistic_text VALUES (?, ?, ?, ?, ?, ?)", "ittttt", pos,
                        b->loc[l], f->label.s[l], f->prefix.s[l], f->suffix.s[l],
                        f->part_of_label.s[l]))
                    return -1;
            if (write_cites(db, pos, "figure", b, &f->sources))
                return -1;
        } else if (ps->kind == PANEL_QUOTE) {
            if (row(db, "INSERT INTO quote VALUES (?, ?, ?)", "itt", pos, ps->q.speaker,
                    ps->q.language))
                return -1;
            for (int l = 0; l < b->nloc; l++)
                if (row(db, "INSERT INTO quote_text VALUES (?, ?, ?, ?, ?, ?)", "ittttt", pos,
                        b->loc[l], ps->q.text.s[l], ps->q.role.s[l], ps->q.context.s[l],
                        ps->q.translation.s[l]))
                    return -1;
            if (write_cites(db, pos, "quote", b, &ps->q.sources))
                return -1;
        }
        if (ps->kind == PANEL_VIDEO && write_video(b, db, pos, ps))
            return -1;
        if (audio_write(b, db, pos, ps))
            return -1;
        if (write_items(b, db, pos, ps))
            return -1;
        if (write_cites(db, pos, "panel", b, &ps->sources))
            return -1;
    }
    if (show_write(b, db))
        return -1;
    return ui_write(b, db);
}

/* ---- hyphenation --------------------------------------------------------- */

/* Every text the kiosk lays out in locale ?1, as stored: the title, the
 * sources, each panel's texts, figures, quotes, events, values and
 * captions, the exhibit's own words for the kiosk. A text missing in ?1 is
 * shown in the default locale's words, so they are asked for too (?2), and
 * the title panel greets in every language (every heading of it). */
#define TEXTS_IN(col, table) "SELECT " col " FROM " table " WHERE locale IN (?1, ?2) UNION ALL "
static const char HYPHEN_TEXTS[] = TEXTS_IN("title", "exhibit_text")
    TEXTS_IN("subtitle", "exhibit_text") TEXTS_IN("cite", "source_text")
        TEXTS_IN("description", "source_text") TEXTS_IN("chapter", "panel_text") TEXTS_IN(
            "heading", "panel_text") TEXTS_IN("body", "panel_text") TEXTS_IN("note", "panel_text")
            TEXTS_IN("alt", "panel_text") TEXTS_IN("label", "statistic_text") TEXTS_IN(
                "prefix", "statistic_text") TEXTS_IN("suffix", "statistic_text")
                TEXTS_IN("part_of_label", "statistic_text") TEXTS_IN("text", "quote_text") TEXTS_IN(
                    "role", "quote_text") TEXTS_IN("context", "quote_text")
                    TEXTS_IN("translation", "quote_text") TEXTS_IN("label", "event_text") TEXTS_IN(
                        "time", "event_text") TEXTS_IN("label", "compare_value_text")
                        TEXTS_IN("text", "caption") TEXTS_IN(
                            "text",
                            "ui_text") "SELECT speaker FROM quote UNION ALL "
                                       "SELECT heading FROM panel_text JOIN panel USING (position) "
                                       "WHERE panel.kind = 'title'";
#undef TEXTS_IN

/* The words of locale l's texts that its dictionary hyphenates, into its
 * table (the fit check has put most of them there already). */
static int learn_locale(struct build *b, sqlite3 *db, int l)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, HYPHEN_TEXTS, -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, b->loc[l], -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, b->loc[b->def], -1, SQLITE_STATIC);
    int rc, full = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW && !full)
        full = build_hyphens_learn(b, l, (const char *)sqlite3_column_text(st, 0)) != 0;
    sqlite3_finalize(st);
    if (full)
        ERR(b, 0, "the %s texts have more words to hyphenate than a store keeps (%d)", b->loc[l],
            HYPHEN_TABLE_MAX_WORDS);
    return full || (rc != SQLITE_DONE && rc != SQLITE_ROW) ? -1 : 0;
}

static int write_words(sqlite3 *db, const char *locale, const struct hyphen_table *t)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(db, "INSERT INTO hyphenation VALUES (?1, ?2, ?3)", -1, &st, NULL) !=
        SQLITE_OK)
        return -1;
    int rc = SQLITE_DONE;
    for (int i = 0; rc == SQLITE_DONE && i < hyphen_table_count(t); i++) {
        const char *w, *h;
        size_t wn, hn;
        hyphen_table_entry(t, i, &w, &wn, &h, &hn);
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, locale, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, w, (int)wn, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, h, (int)hn, SQLITE_STATIC);
        rc = sqlite3_step(st);
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* The hyphenation table: for each locale whose language has a dictionary,
 * every word of its texts with its points, so that the kiosk, the checks
 * and render never read a dictionary (content/hyphenation.h). A language
 * with none gets no rows: its long words are cut. The rows go in the order
 * the words were met, the same every build. */
static int write_hyphenation(struct build *b, sqlite3 *db)
{
    for (int l = 0; l < b->nloc; l++) {
        const struct hyphen_table *t = build_hyphens(b, l);
        if (t && (learn_locale(b, db, l) != 0 || write_words(db, b->loc[l], t) != 0))
            return -1;
    }
    return b->oom ? -1 : 0;
}

static int show_rows(sqlite3 *db, const char *scope, int first, int last, const struct show *s)
{
    for (int i = 0; i < s->n; i++)
        if (row(db, "INSERT INTO show_window VALUES (?, ?, ?, ?)", "tiit", scope, first, last,
                s->spec[i]))
            return -1;
    return 0;
}

/* Content on a schedule: each window with the panels it covers (a
 * chapter's: from the panel that starts it to the next chapter). */
int show_write(const struct build *b, sqlite3 *db)
{
    if (b->npan < 1)
        return 0;
    /* the reader's limit in all (store.h), as each key's is */
    long total = b->show.n;
    for (int p = 0; p < b->npan; p++)
        total += b->pan[p].chapter_show.n + b->pan[p].show.n;
    if (total > STORE_WINDOWS_MAX) {
        ERR((struct build *)b, b->show.line ? b->show.line : 1,
            "show: the exhibit, its chapters and panels have %ld windows together; at most %d",
            total, STORE_WINDOWS_MAX);
        return -1;
    }
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

/* The exhibit's own words for the kiosk, a regional locale's taken from
 * its language included (ui_parse), so the reader needs no fallback. */
int ui_write(const struct build *b, sqlite3 *db)
{
    for (int l = 0; l < b->nloc; l++)
        for (int k = 0; k < UI_KEY_COUNT; k++)
            if (b->ui[l][k] && row(db, "INSERT INTO ui_text VALUES (?, ?, ?)", "ttt", b->loc[l],
                                   ui_keys[k], b->ui[l][k]))
                return -1;
    return 0;
}

int author_write(struct build *b, const char *out_path)
{
    const char *saved = b->cur;
    b->cur = out_path;
    int rc = -1, fd = -1;
    sqlite3 *db = NULL;
    char *tmp = build_printf(b, "%s.tmp-XXXXXX", out_path);
    if (!tmp)
        goto done;
    fd = mkstemp(tmp);
    if (fd < 0) {
        ERR(b, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        tmp = NULL;
        goto done;
    }
    fchmod(fd, 0644);
    if (sqlite3_open_v2(tmp, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        ERR(b, 0, "cannot open the new store: %s", db ? sqlite3_errmsg(db) : "out of memory");
        goto done;
    }
    char ok[64];
    if (sqlite3_exec(db, "PRAGMA journal_mode = MEMORY; PRAGMA foreign_keys = ON; BEGIN", NULL,
                     NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(db, author_schema_sql, NULL, NULL, NULL) != SQLITE_OK ||
        write_rows(b, db) != 0 || write_hyphenation(b, db) != 0 ||
        sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        if (!b->nerr)
            ERR(b, 0, "cannot write the store: %s", sqlite3_errmsg(db));
        goto done;
    }
    if (query_text(db, "PRAGMA foreign_key_check", ok, sizeof ok) != 0 || ok[0]) {
        ERR(b, 0, "the new store has a broken reference (table %s)", ok);
        goto done;
    }
    if (query_text(db, "PRAGMA integrity_check", ok, sizeof ok) != 0 || strcmp(ok, "ok") != 0) {
        ERR(b, 0, "the new store failed its integrity check: %s", ok);
        goto done;
    }
    int closed = sqlite3_close(db);
    db = NULL;
    if (closed != SQLITE_OK) {
        ERR(b, 0, "cannot close the new store");
        goto done;
    }
    if (fsync(fd) != 0) {
        ERR(b, 0, "cannot sync the new store: %s", strerror(errno));
        goto done;
    }
    close(fd);
    fd = -1;
    if (rename(tmp, out_path) != 0) {
        ERR(b, 0, "cannot move the new store into place: %s", strerror(errno));
        goto done;
    }
    tmp = NULL;
    /* Make the rename itself durable; best effort. */
    char *dir = build_printf(b, "%s", out_path);
    char *slash = dir ? strrchr(dir, '/') : NULL;
    if (dir) {
        if (slash)
            *(slash == dir ? slash + 1 : slash) = '\0';
        int dfd = open(slash ? dir : ".", O_RDONLY | O_CLOEXEC);
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
    }
    rc = 0;
done:
    if (db)
        sqlite3_close(db);
    if (fd >= 0)
        close(fd);
    if (tmp)
        unlink(tmp);
    b->cur = saved;
    return rc;
}
