/* test_shaping.c - right-to-left exhibits as the kiosk sets them. The test
 * exhibit in tests/data/rtl (Arabic, Hebrew and English, panels of every
 * kind with Latin names, numbers, dates, percentages, brackets and quotes
 * inside Arabic and Hebrew, and Arabic and Hebrew inside English; written
 * for these tests, not for the bundled story) is built, and every panel is
 * laid out in every language at 1920x1080 and 1080x1920 with the real
 * fonts. Then:
 *  - every panel fits, and on a right-to-left page every line is set right
 *    to left (but those of a paragraph with no right-to-left letter) and
 *    the lines of a paragraph end at the same right edge;
 *  - every line's glyphs, as the kiosk draws them (text_shape_line: the
 *    pieces text_render_dir draws, in screen order, each with its font
 *    file, direction and script), are HarfBuzz's own hb-shape output for
 *    the same font and text: the same glyph ids in the same order. A line
 *    of one piece (an Arabic or Hebrew line with nothing left to right in
 *    it) is so compared whole, as hb-shape sets it alone;
 *  - no line shapes to a missing glyph.
 * hb-shape (libharfbuzz-bin) is a test dependency; without it the
 * comparison is skipped (exit 77). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/visitor/layout.h"
#include "app/visitor/locale_rules.h"
#include "app/visitor/typeset.h"
#include "content/arena.h"
#include "content/author.h"
#include "content/panel.h"
#include "content/store.h"
#include "platform/text.h"

static char dir[] = "/tmp/vitrine-shaping-XXXXXX";
static struct text *text;
static struct store *store;
static struct arena info_arena;
static struct store_info info;

static int setup(void **state)
{
    (void)state;
    char why[4096] = "", src[4096], out[4200];
    const char *top = getenv("VITRINE_SOURCE_DIR");
    snprintf(src, sizeof src, "%s/tests/data/rtl", top ? top : ".");
    if (!mkdtemp(dir))
        return -1;
    snprintf(out, sizeof out, "%s/rtl.vitrine", dir);
    if (author_build(src, out, NULL, why, sizeof why) != 0) {
        fprintf(stderr, "building %s: %s\n", src, why);
        return -1;
    }
    if (store_open_file(out, &store, why, sizeof why) != 0) {
        fprintf(stderr, "opening %s: %s\n", out, why);
        return -1;
    }
    text = text_open(NULL, why, sizeof why);
    if (!text) {
        fprintf(stderr, "no font: %s\n", why);
        return -1;
    }
    arena_init(&info_arena, 4096);
    return store_info(store, NULL, &info_arena, &info, why, sizeof why) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    text_close(text);
    store_close(store);
    arena_free(&info_arena);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const struct {
    int w, h;
} sizes[] = {{1920, 1080}, {1080, 1920}};

/* One piece to shape with hb-shape: its group (font, face, direction,
 * script) and where our glyphs for it are. */
struct job {
    char path[512];
    int index, rtl;
    char script[5];
    char text[1024];
    uint32_t glyph[256];
    int n;
    char where[200];
};

static struct job *jobs;
static int n_jobs, cap_jobs;

static void add_job(const struct text_shaped *sh, const struct text_piece *p, const char *s,
                    const char *where)
{
    if (p->len >= 1024 || p->count > 256)
        fail_msg("%s: a piece too long for this test (%d bytes)", where, p->len);
    if (n_jobs == cap_jobs) {
        cap_jobs = cap_jobs ? cap_jobs * 2 : 256;
        jobs = realloc(jobs, (size_t)cap_jobs * sizeof(*jobs));
        assert_non_null(jobs);
    }
    struct job *j = &jobs[n_jobs++];
    snprintf(j->path, sizeof j->path, "%s", p->path);
    j->index = p->index;
    j->rtl = p->rtl;
    memcpy(j->script, p->script, 5);
    memcpy(j->text, s + p->off, (size_t)p->len);
    j->text[p->len] = '\0';
    for (int g = 0; g < p->count; g++)
        j->glyph[g] = sh->glyph[p->first + g];
    j->n = p->count;
    snprintf(j->where, sizeof j->where, "%s", where);
}

static const char *dir_name(int rtl)
{
    return rtl ? "rtl" : "ltr";
}

/* A piece with an Arabic or Hebrew letter is shaped right to left in that
 * script, one with a Latin letter left to right (told by the code blocks
 * alone, not by the code under test). */
static void check_piece(const char *s, int n, const struct text_piece *p, const char *where)
{
    int arabic = 0, hebrew = 0, latin = 0;
    for (size_t i = 0; i < (size_t)n;) {
        uint32_t c = typeset_decode(s, (size_t)n, &i);
        latin |= (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        arabic |= (c >= 0x0620 && c <= 0x064A) || (c >= 0x066E && c <= 0x06D3);
        hebrew |= c >= 0x05D0 && c <= 0x05EA;
    }
    if ((arabic || hebrew) && latin)
        fail_msg("%s: piece \"%.*s\" mixes directions", where, n, s);
    if ((arabic && (!p->rtl || strcmp(p->script, "Arab") != 0)) ||
        (hebrew && (!p->rtl || strcmp(p->script, "Hebr") != 0)) || (latin && p->rtl))
        fail_msg("%s: piece \"%.*s\" shaped %s in %s", where, n, s, dir_name(p->rtl), p->script);
}

/* Every panel, language and size: the layout checks, and the pieces to
 * compare, collected in jobs. */
static void lay_out_everything(void)
{
    struct text_shaped *sh = malloc(sizeof(*sh));
    assert_non_null(sh);
    const struct text_measurer *m = text_measurer(text);
    int lines = 0, rtl_lines = 0, mixed = 0;
    for (int l = 0; l < info.n_locales; l++) {
        const char *loc = info.locales[l];
        int rtl_page = locale_is_rtl(loc);
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
            struct layout_screen screen = {.w = sizes[z].w, .h = sizes[z].h};
            for (int i = 0; i < info.n_panels; i++) {
                struct arena a;
                arena_init(&a, 1 << 16);
                struct panel p;
                struct draw_list list = {0};
                char why[512];
                assert_int_equal(store_panel_load(store, i, loc, &a, &p, why, sizeof why), 0);
                if (layout_panel(&p, &screen, m, &a, &list) != 0)
                    fail_msg("%s at %dx%d, panel %s: %s", loc, screen.w, screen.h, p.id,
                             list.problem);
                for (int k = 0; k < list.n; k++) {
                    const struct draw_item *it = &list.items[k];
                    if (it->kind != DRAW_TEXT || it->len == 0)
                        continue;
                    int original = it->role && strcmp(it->role, "original") == 0;
                    if (rtl_page && !original && !it->rtl && !it->ltr_para)
                        fail_msg("%s, panel %s: a line of %s is set left to right", loc, p.id,
                                 it->role ? it->role : "text");
                    /* the lines of one paragraph end at one right edge */
                    if (rtl_page && k > 0 && list.items[k - 1].kind == DRAW_TEXT &&
                        list.items[k - 1].role && it->role &&
                        strcmp(list.items[k - 1].role, it->role) == 0 &&
                        list.items[k - 1].r.y < it->r.y && strcmp(it->role, "body") == 0) {
                        int e0 = list.items[k - 1].r.x + list.items[k - 1].r.w;
                        int e1 = it->r.x + it->r.w;
                        if (abs(e0 - e1) > 1)
                            fail_msg("%s at %dx%d, panel %s: body lines end at x %d and %d", loc,
                                     screen.w, screen.h, p.id, e0, e1);
                    }
                    char where[200];
                    snprintf(where, sizeof where, "%s at %dx%d, panel %s, %s line \"%.*s\"", loc,
                             screen.w, screen.h, p.id, it->role ? it->role : "text",
                             (int)(it->len < 60 ? it->len : 60), it->text);
                    if (text_shape_line(text, it->face, it->text, it->len, it->rtl, sh) != 0)
                        fail_msg("%s: cannot be shaped", where);
                    for (int g = 0; g < sh->n_glyphs; g++)
                        if (sh->glyph[g] == 0) {
                            size_t c = sh->cluster[g];
                            unsigned char b = (unsigned char)it->text[c];
                            if (b > 0x20) /* a space is no glyph, anything else is a box */
                                fail_msg("%s: a missing glyph at byte %zu", where, c);
                        }
                    lines++;
                    rtl_lines += it->rtl;
                    int dirs = 0;
                    for (int q = 0; q < sh->n_pieces; q++)
                        dirs |= 1 << sh->piece[q].rtl;
                    mixed += dirs == 3;
                    for (int q = 0; q < sh->n_pieces; q++) {
                        const struct text_piece *pc = &sh->piece[q];
                        check_piece(it->text + pc->off, pc->len, pc, where);
                        add_job(sh, pc, it->text, where);
                    }
                }
                arena_free(&a);
            }
        }
    }
    free(sh);
    /* the exhibit has what it is for */
    assert_true(lines > 200);
    assert_true(rtl_lines > 100);
    assert_true(mixed > 20); /* lines with runs of both directions */
}

/* hb-shape's glyph ids for each line of a file, as "[1|2|3]" lines. */
static int run_hb_shape(const struct job *j, const char *in, const char *out)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "LC_ALL=C hb-shape --font-file='%s' --face-index=%d --direction=%s --script=%s "
             "--no-positions --no-clusters --no-glyph-names --text-file='%s' > '%s'",
             j->path, j->index, dir_name(j->rtl), j->script, in, out);
    return system(cmd);
}

static void lines_are_what_hb_shape_gives(void **state)
{
    (void)state;
    lay_out_everything();
    char *done = calloc((size_t)n_jobs, 1);
    assert_non_null(done);
    int groups = 0, compared = 0;
    for (int a = 0; a < n_jobs; a++) {
        if (done[a])
            continue;
        /* every piece shaped like this one, one per line of a file */
        char in[300], out[300];
        snprintf(in, sizeof in, "%s/in.txt", dir);
        snprintf(out, sizeof out, "%s/out.txt", dir);
        FILE *f = fopen(in, "w");
        assert_non_null(f);
        int *members = malloc((size_t)n_jobs * sizeof(int)), nm = 0;
        assert_non_null(members);
        for (int b = a; b < n_jobs; b++) {
            if (done[b] || strcmp(jobs[b].path, jobs[a].path) != 0 ||
                jobs[b].index != jobs[a].index || jobs[b].rtl != jobs[a].rtl ||
                strcmp(jobs[b].script, jobs[a].script) != 0)
                continue;
            done[b] = 1;
            members[nm++] = b;
            fprintf(f, "%s\n", jobs[b].text);
        }
        fclose(f);
        assert_int_equal(run_hb_shape(&jobs[a], in, out), 0);
        groups++;
        f = fopen(out, "r");
        assert_non_null(f);
        char line[16384];
        for (int k = 0; k < nm; k++) {
            const struct job *j = &jobs[members[k]];
            if (!fgets(line, sizeof line, f))
                fail_msg("hb-shape gave fewer lines than pieces (%s)", j->where);
            uint32_t want[1024];
            int nw = 0;
            for (char *p = line; *p && nw < 1024; p++)
                if (*p >= '0' && *p <= '9') {
                    want[nw++] = (uint32_t)strtoul(p, &p, 10);
                    p--;
                }
            int same = nw == j->n;
            for (int g = 0; same && g < nw; g++)
                same = want[g] == j->glyph[g];
            if (!same) {
                char ours[2048] = "";
                for (int g = 0; g < j->n; g++)
                    snprintf(ours + strlen(ours), sizeof ours - strlen(ours), "%s%u", g ? "|" : "",
                             (unsigned)j->glyph[g]);
                fail_msg("%s: piece \"%s\" (%s, %s, %s face %d): kiosk [%s], hb-shape %s", j->where,
                         j->text, dir_name(j->rtl), j->script, j->path, j->index, ours, line);
            }
            compared++;
        }
        fclose(f);
        free(members);
    }
    printf("%d pieces compared with hb-shape, in %d font, direction and script groups\n", compared,
           groups);
    assert_true(groups >= 4); /* Latin, Arabic and Hebrew, both directions */
    free(done);
    free(jobs);
}

int main(void)
{
    if (system("command -v hb-shape >/dev/null 2>&1") != 0) {
        fprintf(stderr, "hb-shape is not installed (libharfbuzz-bin): skipped\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_are_what_hb_shape_gives),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
