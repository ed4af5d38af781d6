/* test_world_exhibit.c - the line ends and the glyphs of a built exhibit, as
 * the kiosk lays out and shapes them, checked by tools that are not the
 * kiosk's own. tests/test_world_exhibit.sh runs it on the store it built
 * from tests/data/exhibits/world (sixteen languages, thirteen scripts):
 *
 *   test_world_exhibit STORE WxH [WxH ...]
 *
 * Every panel in every language is laid out at each size (layout_panel with
 * the real fonts and the screen `vitrine render` uses) and then:
 *
 *  - every line that is followed by another line of the same text ends
 *    where ICU allows a line break: a fresh ubrk_open(UBRK_LINE, locale)
 *    iterator over the text (utext_openUTF8, so offsets are bytes) must say
 *    ubrk_isBoundary at the start of the next line. The lines of one text
 *    are spans of one prepared string, so the bytes between two lines are
 *    exactly what the layout left out at the break (spaces, a zero-width
 *    space); a line the layout cut inside a word without a hyphen (a Thai
 *    line cut between letters) is caught, whatever the kiosk's own break
 *    function says.
 *    Allowed beyond ICU, and why:
 *      - a line that ends with a hyphen the layout added (a copy of the
 *        line with "-" after it, not part of the text): hyphenation at the
 *        language's dictionary or at a soft hyphen. It is counted and
 *        printed; where in the word it falls is not checked (that would
 *        need a second hyphenation engine);
 *      - the project's tailorings (docs/decisions.md, "Text") only take
 *        breaks away: no break inside a cluster, Korean keep-all, a
 *        number's or a single letter's hyphen, Japanese set strictly (no
 *        line starts with a small kana or "ー", which ICU's "ja" allows),
 *        and the build's no-break spaces (tildes, a number and its unit,
 *        French punctuation) and word joiners. So they need no exception
 *        here; a tailoring that added a break ICU does not allow for the
 *        page's language would be reported as a failure.
 *    The page's language is the iterator's (its BCP 47 tag made an ICU
 *    locale), also for a line in another language on that page (the
 *    English original of a quote): ICU's line rules differ by language
 *    only for the strictness of Chinese and Japanese.
 *  - every line and every figure, shaped as the kiosk draws it
 *    (text_shape_line: the pieces text_render_dir draws, each in its own
 *    font), has no glyph 0 (.notdef, the box a visitor would see);
 *  - every panel fits (no overflow): a cut line would hide a break.
 * What it does not cover: the chrome and the kiosk's own words (the
 * position line, "Touch to explore", the cards), which `vitrine render`
 * draws outside the panel. Exit 0 when everything holds, 1 otherwise. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/utext.h>

#include "app/visitor/layout.h"
#include "app/visitor/mode.h"
#include "content/arena.h"
#include "content/panel.h"
#include "content/store.h"
#include "platform/text.h"

#define MAX_REPORTS 60

struct tally {
    long lines, ends, hyphenated, glyphs, failures;
};

static void failure(struct tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* set while the self-test makes failures on purpose */
static int quiet;

static void failure(struct tally *t, const char *fmt, ...)
{
    if (t->failures++ < MAX_REPORTS && !quiet) {
        va_list ap;
        va_start(ap, fmt);
        fputs("FAIL: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
    }
}

/* Does the line after `a` continue a's text? Only the bytes between the
 * two spans are read, and only when they are few: two separate strings are
 * never so close (a NUL ends each) unless all between is what one prepared
 * text's break left out (spaces, a zero-width space). */
static int continues(const struct draw_item *a, const struct draw_item *b)
{
    const char *end = a->text + a->len;
    if (b->text < end || b->text - end > 8)
        return 0;
    for (const char *s = end; s < b->text; s++) {
        if (b->text - s >= 3 && memcmp(s, "\xE2\x80\x8B", 3) == 0) /* U+200B */
            s += 2;
        else if (*s != ' ' && *s != '\n' && *s != '\t')
            return 0;
    }
    return 1;
}

static int is_line(const struct draw_item *it)
{
    return it->kind == DRAW_TEXT && it->text && it->len > 0;
}

/* The next line of the list after item k that is drawn for the same box
 * (the same role), or -1. */
static int next_line(const struct draw_list *l, int k)
{
    for (int j = k + 1; j < l->n; j++)
        if (is_line(&l->items[j])) {
            const char *r0 = l->items[k].role, *r1 = l->items[j].role;
            if ((r0 == NULL) != (r1 == NULL) || (r0 && strcmp(r0, r1) != 0))
                return -1;
            return j;
        }
    return -1;
}

/* Check the ends of the lines of one text, items first..last (each
 * continuing the one before), with a fresh ICU iterator. */
static void check_run(const struct draw_list *l, const int *run, int n, const char *locale,
                      const char *where, struct tally *t)
{
    const char *start = l->items[run[0]].text;
    const struct draw_item *lastit = &l->items[run[n - 1]];
    int64_t len = (int64_t)(lastit->text + lastit->len - start);
    UErrorCode st = U_ZERO_ERROR;
    char icu_locale[ULOC_FULLNAME_CAPACITY] = "";
    uloc_forLanguageTag(locale, icu_locale, sizeof icu_locale, NULL, &st);
    UText *ut = utext_openUTF8(NULL, start, len, &st);
    UBreakIterator *bi = ubrk_open(UBRK_LINE, icu_locale, NULL, 0, &st);
    if (U_SUCCESS(st))
        ubrk_setUText(bi, ut, &st);
    if (U_FAILURE(st)) {
        failure(t, "%s: ICU: %s", where, u_errorName(st));
        ubrk_close(bi);
        utext_close(ut);
        return;
    }
    for (int k = 0; k + 1 < n; k++) {
        const struct draw_item *a = &l->items[run[k]], *b = &l->items[run[k + 1]];
        int32_t at = (int32_t)(b->text - start);
        t->ends++;
        if (!ubrk_isBoundary(bi, at)) {
            int before = a->len > 24 ? 24 : (int)a->len;
            int after = b->len > 24 ? 24 : (int)b->len;
            failure(t, "%s (%s): a line ends where ICU allows no break: \"...%.*s\" | \"%.*s...\"",
                    where, a->role ? a->role : "text", before, a->text + a->len - before, after,
                    b->text);
        }
    }
    ubrk_close(bi);
    utext_close(ut);
}

static void check_breaks(const struct draw_list *l, const char *locale, const char *where,
                         struct tally *t)
{
    int *run = malloc(sizeof(int) * (size_t)(l->n > 0 ? l->n : 1));
    char *seen = calloc((size_t)(l->n > 0 ? l->n : 1), 1);
    if (!run || !seen) {
        failure(t, "%s: out of memory", where);
        free(run);
        free(seen);
        return;
    }
    for (int k = 0; k < l->n; k++) {
        if (!is_line(&l->items[k]) || seen[k])
            continue;
        int n = 0;
        for (int j = k; j >= 0;) {
            run[n++] = j;
            seen[j] = 1;
            t->lines++;
            const struct draw_item *a = &l->items[j];
            int nx = next_line(l, j);
            if (nx < 0)
                break;
            if (continues(a, &l->items[nx])) {
                j = nx;
                continue;
            }
            /* a copy of the line with the layout's hyphen after it: the
             * text goes on at the next line, which starts a new run */
            if (a->text[a->len - 1] == '-') {
                t->hyphenated++;
                printf("hyphenated: %s (%s): \"%.*s\"\n", where, a->role ? a->role : "text",
                       (int)a->len, a->text);
            }
            break;
        }
        if (n > 1)
            check_run(l, run, n, locale, where, t);
    }
    free(run);
    free(seen);
}

static void check_glyphs(struct text *text, const struct draw_list *l, const char *where,
                         struct text_shaped *sh, struct tally *t)
{
    for (int k = 0; k < l->n; k++) {
        const struct draw_item *it = &l->items[k];
        if ((it->kind != DRAW_TEXT && it->kind != DRAW_FIGURE) || !it->text)
            continue;
        size_t n = it->kind == DRAW_FIGURE ? strlen(it->text) : it->len;
        if (n == 0)
            continue;
        if (text_shape_line(text, it->face, it->text, n, it->rtl, sh) != 0) {
            failure(t, "%s (%s): the line \"%.*s\" could not be shaped", where,
                    it->role ? it->role : "text", (int)n, it->text);
            continue;
        }
        for (int g = 0; g < sh->n_glyphs; g++) {
            t->glyphs++;
            if (sh->glyph[g] == 0) {
                failure(t, "%s (%s): glyph 0 (.notdef, a box) at byte %u of \"%.*s\"", where,
                        it->role ? it->role : "text", (unsigned)sh->cluster[g], (int)n, it->text);
                break;
            }
        }
    }
}

static void check_size(struct store *store, struct text *text, const struct store_info *info, int w,
                       int h, struct text_shaped *sh, struct tally *t)
{
    const struct text_measurer *m = text_measurer(text);
    struct layout_screen screen = mode_layout_screen(w, h, 0);
    struct arena a;
    arena_init(&a, 64 * 1024);
    for (int loc = 0; loc < info->n_locales; loc++) {
        const char *locale = info->locales[loc];
        for (int i = 0; i < info->n_panels; i++) {
            char why[512] = "", where[160];
            struct panel p;
            arena_reset(&a);
            if (store_panel_load(store, i, locale, &a, &p, why, sizeof why) != 0) {
                failure(t, "panel %d (%s) at %dx%d refused: %s", i + 1, locale, w, h, why);
                continue;
            }
            snprintf(where, sizeof where, "%s %s %dx%d", p.id ? p.id : "?", locale, w, h);
            struct draw_list list = {0};
            if (layout_panel(&p, &screen, m, &a, &list) != 0 || list.overflow)
                failure(t, "%s: does not fit: %s", where, list.problem);
            check_breaks(&list, locale, where, t);
            check_glyphs(text, &list, where, sh, t);
        }
    }
    arena_free(&a);
}

/* check_breaks on the lines of s cut before each byte offset of cuts, as
 * draw_text makes them (spans of one text, the spaces at each end left
 * out): the number of line ends checked, or -1 when one was refused. */
static int self_check_lines(const char *s, const int *cuts, int n_cuts, const char *locale)
{
    struct draw_item items[4];
    memset(items, 0, sizeof items);
    int from = 0;
    for (int k = 0; k <= n_cuts; k++) {
        int to = k < n_cuts ? cuts[k] : (int)strlen(s);
        int end = to;
        while (end > from && s[end - 1] == ' ')
            end--;
        items[k].kind = DRAW_TEXT;
        items[k].role = "body";
        items[k].text = s + from;
        items[k].len = (size_t)(end - from);
        from = to;
    }
    struct draw_list l = {.items = items, .n = n_cuts + 1, .cap = 4};
    struct tally t = {0};
    check_breaks(&l, locale, "self-test", &t);
    return t.failures ? -1 : (int)t.ends;
}

/* The checks find what they are for: a line end inside a Thai or an
 * English word, and a character no font has. Returns 0 when they do. */
static int self_test(struct text *text, struct text_shaped *sh)
{
    /* นาฬิกาน้ำ (a water clock): words นาฬิกา and น้ำ; "water clock" */
    static const char thai[] = "\u0E19\u0E32\u0E2C\u0E34\u0E01\u0E32\u0E19\u0E49\u0E33";
    static const char latin[] = "water clock";
    int th_good[] = {18}, th_bad[] = {6}, en_good[] = {6}, en_bad[] = {2};
    int bad = 0;
    quiet = 1;
    bad |= self_check_lines(thai, th_good, 1, "th") != 1;
    bad |= self_check_lines(thai, th_bad, 1, "th") != -1;
    bad |= self_check_lines(latin, en_good, 1, "en") != 1;
    bad |= self_check_lines(latin, en_bad, 1, "en") != -1;
    /* U+10FFFD, a private-use character no font has: drawn as glyph 0 */
    static const char box[] = "a\U0010FFFDb";
    struct draw_item it = {0};
    it.kind = DRAW_TEXT;
    it.text = box;
    it.len = strlen(box);
    struct draw_list l = {.items = &it, .n = 1, .cap = 1};
    struct tally t = {0};
    check_glyphs(text, &l, "self-test", sh, &t);
    bad |= t.failures != 1;
    quiet = 0;
    if (bad)
        printf("FAIL: the self-test: a bad line end or a box went unnoticed, or a good end "
               "was refused\n");
    return bad ? -1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s STORE WxH [WxH ...]\n", argv[0]);
        return 2;
    }
    char why[512] = "";
    struct store *store = NULL;
    if (store_open_file(argv[1], &store, why, sizeof why) != 0) {
        printf("FAIL: cannot open %s: %s\n", argv[1], why);
        return 1;
    }
    struct text *text = text_open(NULL, why, sizeof why);
    struct text_shaped *sh = malloc(sizeof *sh);
    struct arena info_arena;
    arena_init(&info_arena, 4096);
    struct store_info info;
    int rc = 1;
    if (!text || !sh) {
        printf("FAIL: no fonts: %s\n", why);
        goto done;
    }
    if (store_info(store, NULL, &info_arena, &info, why, sizeof why) != 0) {
        printf("FAIL: store_info: %s\n", why);
        goto done;
    }
    if (self_test(text, sh) != 0)
        goto done;
    struct tally all = {0};
    for (int s = 2; s < argc; s++) {
        int w, h;
        if (sscanf(argv[s], "%dx%d", &w, &h) != 2 || w <= 0 || h <= 0) {
            fprintf(stderr, "%s: not a size WxH\n", argv[s]);
            goto done;
        }
        struct tally t = {0};
        check_size(store, text, &info, w, h, sh, &t);
        printf("%dx%d: %d panels x %d languages: %ld lines, %ld line ends checked with ICU, "
               "%ld hyphenated, %ld glyphs shaped; %ld failure%s\n",
               w, h, info.n_panels, info.n_locales, t.lines, t.ends, t.hyphenated, t.glyphs,
               t.failures, t.failures == 1 ? "" : "s");
        all.ends += t.ends;
        all.failures += t.failures;
    }
    /* a check that looked at nothing proves nothing */
    if (all.ends == 0)
        printf("FAIL: no line end was checked\n");
    rc = all.failures || all.ends == 0;
done:
    free(sh);
    arena_free(&info_arena);
    text_close(text);
    store_close(store);
    return rc;
}
