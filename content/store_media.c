/* store_media.c - what an exhibit looks like from its store: theme and
 * palette, the logo, typefaces (copied, or lent without a copy) and its
 * clips. */
#include "store_internal.h"

/* One theme colour ('#RRGGBB' or NULL) into *rgb; *given says which. */
static int read_colour(struct store *s, sqlite3_stmt *st, int col, const char *name, int *given,
                       uint32_t *rgb, char *why, size_t why_len)
{
    const unsigned char *t;
    int len;
    if (st_check_text(s, st, col, NULL, ANY_TEXT(name), &t, &len, why, why_len) < 0)
        return -1;
    *given = t != NULL;
    if (t && theme_parse_colour((const char *)t, rgb) != 0)
        return rules_fail(why, why_len, "%s has a %s that is not a colour such as #1A2B3C.",
                          s->name, name);
    return 0;
}

/* The exhibit's theme and logo (version 4 on), checked as the build checks
 * them: a theme whose text would not read is refused. */
int st_read_look(struct store *s, char *why, size_t why_len)
{
    sqlite3_stmt *st = NULL;
    int accent = 0, background = 0;
    int ret = st_prepare_once(s, "SELECT accent, background, logo FROM exhibit", &st, why, why_len);
    if (ret == 0 && (ret = st_next_row(s, st, why, why_len)) == 0)
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

void store_theme(const struct store *s, struct theme *out)
{
    *out = s->theme;
}

int store_logo(struct store *s, struct arena *a, struct panel_image *out, char *why, size_t why_len)
{
    *out = (struct panel_image){NULL, 0, NULL, NULL, 0, 0};
    if (!s->logo)
        return 0;
    int ret = st_load_image(s, s->logo, "logo", "the exhibit's logo", a, out, why, why_len);
    st_reset_all(s);
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
    sqlite3_stmt *st = st_begin(s, ST_FONTS);
    int ret = 0, r;
    while (ret == 0 && (r = st_next_row(s, st, why, why_len)) > 0) {
        const unsigned char *face;
        const char *name;
        int len;
        if (st_check_text(s, st, 0, "a font", ANY_TEXT("fonts"), &face, &len, why, why_len) < 0 ||
            st_read_text(s, st, 1, "a font", ANY_TEXT("the font's file name"), a, &name, why,
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
            ret = st_fail_memory(s, why, why_len);
            break;
        }
        memcpy(copy, data, (size_t)n);
        out[i] = (struct store_font){name, copy, (size_t)n};
    }
    if (ret == 0 && r < 0)
        ret = -1;
    st_reset_all(s);
    return ret;
}

/* The fonts lent (store_lend_fonts) taken back: their statements
 * finalised (SQLite frees the bytes), their reads of the store ended. */
void st_lent_fonts_free(struct store *s)
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
static int lend_font(struct store *s, const char *face, int n, sqlite3_stmt **st, const void **data,
                     char *why, size_t why_len)
{
    int rc = sqlite3_prepare_v2(s->db, "SELECT data FROM font WHERE face = ?1", -1, st, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_bind_text(*st, 1, face, -1, SQLITE_TRANSIENT);
    if (rc != SQLITE_OK)
        return st_fail_sqlite(s, rc, why, why_len);
    int r = st_next_row(s, *st, why, why_len);
    if (r < 0)
        return -1;
    *data =
        r > 0 && sqlite3_column_type(*st, 0) == SQLITE_BLOB ? sqlite3_column_blob(*st, 0) : NULL;
    if (r > 0 && !*data && sqlite3_errcode(s->db) == SQLITE_NOMEM)
        return st_fail_memory(s, why, why_len);
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
    st_lent_fonts_free(s);
    if (s->format < 4)
        return 0;
    sqlite3_stmt *st = NULL;
    int ret = 0, r = 0, n_lent = 0;
    int rc = sqlite3_prepare_v2(s->db, "SELECT face, name, length(data), typeof(data) FROM font",
                                -1, &st, NULL);
    if (rc != SQLITE_OK)
        ret = st_fail_sqlite(s, rc, why, why_len);
    while (ret == 0 && (r = st_next_row(s, st, why, why_len)) > 0) {
        const unsigned char *face, *name, *type = sqlite3_column_text(st, 3);
        int len, name_len;
        if (st_check_text(s, st, 0, "a font", ANY_TEXT("fonts"), &face, &len, why, why_len) < 0 ||
            st_check_text(s, st, 1, "a font", ANY_TEXT("the font's file name"), &name, &name_len,
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
        if (!(s->lent_name[i] = st_dup_string((const char *)name))) {
            ret = st_fail_memory(s, why, why_len);
            break;
        }
        out[i] = (struct store_font){s->lent_name[i], NULL, (size_t)n};
        for (int j = 0; j < STORE_FONT_FACES && !out[i].data; j++)
            if (j != i && out[j].data && out[j].size == (size_t)n &&
                strcmp(out[j].name, out[i].name) == 0)
                out[i].data = out[j].data;
        if (!out[i].data && lend_font(s, (const char *)face, (int)n, &s->lent[n_lent++],
                                      &out[i].data, why, why_len) < 0)
            ret = -1;
    }
    if (ret == 0 && r < 0)
        ret = -1;
    sqlite3_finalize(st);
    if (ret != 0) {
        memset(out, 0, sizeof *out * STORE_FONT_FACES);
        st_lent_fonts_free(s);
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
    sqlite3_stmt *st = st_begin(s, ST_CLIPS);
    int r, cap = 0, count = 0, ret = 0;
    struct store_clip *c = NULL;
    while ((r = st_next_row(s, st, why, why_len)) > 0) {
        if (count == cap) {
            int more = cap ? cap * 2 : 8;
            struct store_clip *bigger = arena_alloc(a, sizeof *bigger * (size_t)more);
            if (!bigger) {
                ret = st_fail_memory(s, why, why_len);
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
        if (st_read_text(s, st, 1, where, ANY_TEXT("video.file"), a, &k->name, why, why_len) < 0 ||
            st_read_text(s, st, 2, where, ANY_TEXT("container"), a, &k->container, why, why_len) <
                0 ||
            st_read_text(s, st, 3, where, ANY_TEXT("codec"), a, &k->codec, why, why_len) < 0) {
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
    st_reset_all(s);
    if (ret == 0) {
        *out = c;
        *n = count;
    }
    return ret;
}
