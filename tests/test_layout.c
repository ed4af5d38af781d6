/* Panel layout with a fake text measurer: geometry at four screen sizes,
 * auto-fit and overflow, UTF-8 safe wrapping, figure text, unit charts,
 * colour contrast and the position indicator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/visitor/layout.h"
#include "app/visitor/numfmt.h"
#include "app/visitor/locale_rules.h"

#include "layout_testing.h"

/* A figure's number as an author writes it (decimal.h). */
static struct decimal dec(const char *s)
{
    struct decimal d = {0, 0, 0};
    assert_int_equal(decimal_parse(s, strlen(s), 0, &d), DECIMAL_OK);
    return d;
}

/* The same for a whole number a case table gives. */
static struct decimal dec_int(long long v)
{
    return decimal_from_int(v);
}

static const struct layout_screen screens[] = {
    {1920, 1080, 0, 0, 0},
    {1080, 1920, 0, 0, 0},
    {3840, 2160, 0, 0, 0},
    {1280, 800, 0, 0, 0},
};
#define N_SCREENS (int)(sizeof screens / sizeof screens[0])

static double unit(const struct layout_screen *s)
{
    return (s->w < s->h ? s->w : s->h) / 100.0;
}

/* At least 10u high, and 6u above the bezel's edge (3% of the height). */
static int band_top(const struct layout_screen *s)
{
    return layout_band(s).top;
}

static int content_width(const struct layout_screen *s)
{
    return s->w - 2 * (int)lround(7 * unit(s));
}

/* ---- checks --------------------------------------------------------------- */

static int overlaps(const struct draw_rect *a, const struct draw_rect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static int solid(const struct draw_item *it)
{
    return it->kind == DRAW_TEXT || it->kind == DRAW_FIGURE || it->kind == DRAW_UNITS;
}

static void check_list(const struct draw_list *l, const struct layout_screen *s, int chrome)
{
    int band = band_top(s), cw = content_width(s);
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        const struct draw_rect *r = &it->r;
        assert_true(r->w >= 0 && r->h > 0);
        assert_true(r->x >= 0 && r->y >= 0);
        assert_true(r->x + r->w <= s->w && r->y + r->h <= s->h);
        if (chrome)
            assert_true(r->y >= band);
        else
            assert_true(r->y + r->h <= band);
        assert_true(it->alpha == 255);
        if (it->kind == DRAW_TEXT) {
            assert_non_null(it->text);
            assert_true(it->len > 0);
            assert_true(valid_utf8(it->text, it->len));
            assert_true(it->text[0] != ' ' && it->text[it->len - 1] != ' ');
            assert_null(memchr(it->text, '\n', it->len));
            assert_true(fake_width(NULL, it->face, it->px, it->text, it->len) <= r->w);
            assert_true(r->w <= cw);
            assert_true(it->px > 0);
            assert_int_equal(it->layer, LAYER_STATIC);
        }
        if (it->kind == DRAW_FIGURE) {
            assert_int_equal(it->layer, LAYER_ANIMATED);
            assert_non_null(it->figure);
            assert_true(fake_width(NULL, it->face, it->px, it->text, it->len) <= r->w);
        }
        if (it->kind == DRAW_UNITS) {
            assert_int_equal(it->layer, LAYER_ANIMATED);
            int rows = (it->units_total + it->units_cols - 1) / it->units_cols;
            assert_true(it->units_cols * it->cell + (it->units_cols - 1) * it->gap <= r->w);
            assert_true(rows * it->cell + (rows - 1) * it->gap <= r->h);
        }
        for (int j = 0; j < i; j++)
            if (solid(it) && solid(&l->items[j]))
                assert_false(overlaps(r, &l->items[j].r));
    }
}

static int count_kind(const struct draw_list *l, enum draw_kind k)
{
    int n = 0;
    for (int i = 0; i < l->n; i++)
        n += l->items[i].kind == k;
    return n;
}

static const struct draw_item *find_text(const struct draw_list *l, const char *prefix)
{
    size_t n = strlen(prefix);
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].len >= n &&
            memcmp(l->items[i].text, prefix, n) == 0)
            return &l->items[i];
    return NULL;
}

/* ---- panels --------------------------------------------------------------- */

static const struct panel_cite cites[] = {
    {"ctv", "CTV News report", "A news article built on a CTV News Channel phone interview."},
    {"huffpost", "HuffPost", "An article about the marathon and the runners who came."},
    {"cnn", "CNN", "A report from the finish line in Kim Il-sung Stadium."},
};

static char *repeat_words(const char *words, int n)
{
    size_t wl = strlen(words);
    char *s = malloc((wl + 2) * (size_t)n + 8);
    size_t o = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            s[o++] = (i % 60 == 0) ? '\n' : ' ';
        if (i % 60 == 0 && i)
            s[o++] = '\n';
        memcpy(s + o, words, wl);
        o += wl;
    }
    s[o] = 0;
    return s;
}

static struct panel story(const char *id, const char *body)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = id;
    p.kind = PANEL_STORY;
    p.locale = "en";
    p.chapter = "The race";
    p.heading = "Foreign amateurs on the start line";
    p.body = body;
    p.note = "CNN counts about 1,000 runners in all; HuffPost says several hundred.";
    p.cites = cites;
    p.n_cites = 3;
    return p;
}

static const char *long_body =
    "In April 2014 the Pyongyang Marathon opened to foreign amateurs for the first "
    "time. Runners from dozens of countries lined up in Kim Il-sung Stadium before a "
    "crowd of tens of thousands.\n\n"
    "The course looped through the capital, past the Arch of Triumph and along the "
    "Taedong river, and back to the stadium. Guides ran beside some groups; locals "
    "lined the streets, waving and clapping as runners passed.\n\n"
    "Most of the visitors chose the ten kilometre race or the half marathon. A few "
    "dozen ran the full distance, sharing the road with North Korean elite athletes "
    "who finished long before them.";

static struct panel statistic(const char *locale)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "foreign-runners";
    p.kind = PANEL_STATISTIC;
    p.locale = locale;
    p.chapter = "Numbers";
    p.heading = "How many came";
    p.body = "Tour companies sold the trip as a once-in-a-lifetime chance to run in the "
             "capital. Most runners came through two agencies.";
    p.note = "Estimates differ between sources.";
    p.figure.value = dec("200");
    p.figure.prefix = "~";
    p.figure.label = "foreign runners";
    p.figure.has_part_of = 1;
    p.figure.part_of = dec("1000");
    p.figure.part_of_label = "runners in all (CNN)";
    p.cites = cites;
    p.n_cites = 2;
    return p;
}

static struct panel range_statistic(void)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "races";
    p.kind = PANEL_STATISTIC;
    p.locale = "en";
    p.heading = "Distances";
    p.body = "Full marathon, half marathon, ten kilometres, and in some years a five.";
    p.figure.value = dec("3");
    p.figure.has_to = 1;
    p.figure.to = dec("4");
    p.figure.suffix = " races";
    p.figure.label = "on the same morning";
    p.cites = cites;
    p.n_cites = 1;
    return p;
}

static struct panel quote(void)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "loong";
    p.kind = PANEL_QUOTE;
    p.locale = "en";
    p.chapter = "Voices";
    p.quote.text = "It was a once-in-a-lifetime experience. The people on the streets were "
                   "cheering for us the whole way.";
    p.quote.speaker = "Jen Loong";
    p.quote.role = "Canadian runner, 25";
    p.quote.context = "Telephone interview with CTV News Channel";
    p.cites = cites;
    p.n_cites = 1;
    return p;
}

static struct panel title(void)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "title";
    p.kind = PANEL_TITLE;
    p.locale = "en";
    p.heading = "Running Pyongyang";
    p.body = "The 2014 Pyongyang Marathon, the first open to foreign amateurs";
    return p;
}

static struct panel_cite many_cites[10];

static struct panel credits(void)
{
    for (int i = 0; i < 10; i++)
        many_cites[i] = (struct panel_cite){"src", "Some newspaper report, 2014",
                                            "An article about the race, from a reporter who "
                                            "went with one of the tour groups and ran the ten "
                                            "kilometres herself."};
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "credits";
    p.kind = PANEL_CREDITS;
    p.locale = "en";
    p.heading = "Sources";
    p.body = "Every fact on these panels comes from one of these sources.";
    p.cites = many_cites;
    p.n_cites = 10;
    return p;
}

static struct panel image(void)
{
    static const unsigned char png[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "stadium";
    p.kind = PANEL_IMAGE;
    p.locale = "en";
    p.heading = "Kim Il-sung Stadium";
    p.body = "The race started and finished in front of some 50,000 spectators.";
    p.image.data = png;
    p.image.size = sizeof png;
    p.image.alt = "Runners on the stadium track; the stands behind them are full.";
    p.cites = cites;
    p.n_cites = 1;
    return p;
}

static void layout_ok(const struct panel *p, const struct layout_screen *s, struct arena *a,
                      struct draw_list *l)
{
    int rc = layout_panel(p, s, &fake, a, l);
    if (rc != 0)
        fail_msg("panel %s at %dx%d: %s", p->id, s->w, s->h, l->problem);
    assert_int_equal(l->overflow, 0);
    check_list(l, s, 0);
}

/* ---- tests ---------------------------------------------------------------- */

/* A page in a right-to-left language is the left-to-right page in a
 * mirror: every item of a story, a statistic (its unit chart too), a quote
 * and credits stands at the mirror place of the same panel laid out in
 * English (x becomes w - x - width), its lines are set right to left, the
 * unit chart fills from the right; heights and sizes do not change. The
 * same holds for the chrome mirrored by layout_mirror. */
static void a_right_to_left_page_is_the_mirror_of_a_left_to_right_one(void **state)
{
    (void)state;
    struct layout_screen mscreens[] = {
        {1920, 1080, 0, 0, 0}, {1080, 1920, 0, 0, 0}, {800, 480, 0, 0, 0}};
    for (size_t z = 0; z < sizeof mscreens / sizeof mscreens[0]; z++) {
        struct layout_screen *s = &mscreens[z];
        char body[2048];
        snprintf(body, sizeof body, "%s %s", "\xD8\xB3\xD8\xA8\xD8\xA7\xD9\x82", long_body);
        struct panel kinds[] = {story("mirror", body), statistic("en"), quote(), credits()};
        int rtl_lines = 0;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            struct arena a;
            arena_init(&a, 1 << 16);
            struct draw_list ltr = {0}, rtl = {0};
            struct panel p = kinds[k];
            p.locale = "en";
            layout_ok(&p, s, &a, &ltr);
            p.locale = "ar"; /* the same text and fake metrics: only the direction differs */
            layout_ok(&p, s, &a, &rtl);
            assert_int_equal(ltr.n, rtl.n);
            int units = 0;
            for (int i = 0; i < ltr.n; i++) {
                const struct draw_item *l = &ltr.items[i], *r = &rtl.items[i];
                assert_int_equal(l->kind, r->kind);
                int w = l->r.w;
                if (l->kind == DRAW_UNITS) {
                    int cols = l->units_cols > 0 ? l->units_cols : l->units_total;
                    int gw = cols * l->cell + (cols - 1) * l->gap;
                    w = gw > w ? gw : w;
                    units++;
                }
                /* a line of text starts at the mirror of where it started (its
                 * width may differ: citations are isolated on a right-to-left
                 * page); anything else stands at its mirror place */
                int want_x = l->kind == DRAW_TEXT ? s->w - l->r.x - r->r.w : s->w - l->r.x - w;
                if (r->r.x != want_x || r->r.y != l->r.y || r->r.h != l->r.h)
                    fail_msg("%s at %dx%d, item %d (%s): at %d,%d in English, %d,%d mirrored "
                             "(want x %d)",
                             p.id, s->w, s->h, i, l->role ? l->role : "?", l->r.x, l->r.y, r->r.x,
                             r->r.y, want_x);
                /* text sets right to left unless its paragraph has no
                 * right-to-left letter (an English heading here); a unit
                 * chart fills from the right */
                assert_int_equal(r->rtl, r->kind == DRAW_TEXT ? !r->ltr_para : 1);
                assert_int_equal(l->rtl, 0);
                assert_int_equal(r->px, l->px);
                rtl_lines += r->kind == DRAW_TEXT && r->rtl;
            }
            if (p.kind == PANEL_STATISTIC)
                assert_int_equal(units, 1);
            arena_free(&a);
        }
        assert_true(rtl_lines > 3); /* the story's body, which has an Arabic word */
        struct arena a;
        arena_init(&a, 1 << 12);
        struct draw_list c = {0}, m = {0};
        assert_int_equal(layout_chrome(s, 2, 12, &fake, &a, &c), 0);
        assert_int_equal(layout_chrome(s, 2, 12, &fake, &a, &m), 0);
        layout_mirror(&m, s->w);
        for (int i = 0; i < c.n; i++)
            assert_int_equal(m.items[i].r.x, s->w - c.items[i].r.x - c.items[i].r.w);
        arena_free(&a);
        /* inside a span (a clip's caption, in its picture): from its other edge */
        struct draw_item one = {.kind = DRAW_RECT, .r = {120, 40, 50, 10}};
        struct draw_list span = {.items = &one, .n = 1, .cap = 1};
        layout_mirror_span(&span, 100, 500);
        assert_int_equal(one.r.x, 100 + 500 - 120 - 50);
    }
}

static void every_kind_fits_every_screen(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel ps[] = {
        title(),           story("arrival", long_body),
        statistic("en"),   statistic("fr"),
        range_statistic(), quote(),
        credits(),         image(),
    };
    for (int si = 0; si < N_SCREENS; si++) {
        for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
            struct draw_list l;
            arena_reset(&a);
            layout_ok(&ps[i], &screens[si], &a, &l);
            assert_true(l.n > 0);
        }
    }
    arena_free(&a);
}

static void story_reads_in_a_column_with_its_parts(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = story("arrival", long_body);
    for (int si = 0; si < N_SCREENS; si++) {
        const struct layout_screen *s = &screens[si];
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, s, &a, &l);
        double u = unit(s);
        const struct draw_item *eyebrow = find_text(&l, "The race");
        const struct draw_item *heading = find_text(&l, "Foreign"); /* one line or more */
        const struct draw_item *body = find_text(&l, "In April 2014");
        const struct draw_item *cite = find_text(&l, "Sources: CTV News report; HuffPost");
        assert_non_null(eyebrow);
        assert_non_null(heading);
        assert_non_null(body);
        assert_non_null(cite);
        int wide = s->w >= s->h;
        assert_int_equal(eyebrow->color, COLOR_ACCENT);
        assert_int_equal(heading->face, FACE_SANS_BOLD);
        if (wide)
            assert_int_equal(heading->px, (int)lround(6.4 * u));
        else /* a tall screen's type scale is a step larger */
            assert_true(heading->px > (int)lround(6.4 * u));
        assert_int_equal(cite->color, COLOR_MUTED);
        assert_true(eyebrow->r.y < heading->r.y);
        if (wide) /* two columns: the body beside the heading, level with it */
            assert_true(body->r.y == heading->r.y && body->r.x > heading->r.x + heading->r.w);
        else
            assert_true(heading->r.y < body->r.y);
        assert_true(body->r.y < cite->r.y);
        /* margins */
        assert_int_equal(heading->r.x, (int)lround(7 * u));
        if (wide) /* landscape: the top line is the top margin */
            assert_int_equal(eyebrow->r.y, (int)lround(7 * u));
        else /* a tall screen's top line hangs lower */
            assert_true(eyebrow->r.y > (int)lround(7 * u));
        /* the note has its accent marker */
        const struct draw_item *note = find_text(&l, "CNN counts");
        assert_non_null(note);
        assert_int_equal(note->color, COLOR_MUTED);
        int marker = 0;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].kind == DRAW_RECT && l.items[i].color == COLOR_ACCENT &&
                l.items[i].r.y == note->r.y && l.items[i].r.x < note->r.x)
                marker = 1;
        assert_true(marker);
        /* line length: on wide screens the body column is at most 60% of
         * the width, at the right margin */
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->face == FACE_SANS && it->color == COLOR_TEXT) {
                assert_true(codepoints(it->text, it->len) <= 75);
                if (s->w > s->h) {
                    assert_true(it->r.x >= s->w - (int)lround(7 * u) - s->w * 60 / 100);
                    assert_true(it->r.x + it->r.w <= s->w - (int)lround(7 * u));
                }
            }
        }
    }
    arena_free(&a);
}

static int body_px(const struct draw_list *l, const char *first)
{
    const struct draw_item *it = find_text(l, first);
    return it ? it->px : 0;
}

static void longer_body_gets_smaller_type(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    const struct layout_screen *s = &screens[0];
    struct draw_list l;
    struct panel p = story("short", "Lorem ipsum dolor sit amet.");
    layout_ok(&p, s, &a, &l);
    /* a short body is set one step larger (the lead size), a long one at
     * the body size or smaller */
    int design = (int)lround(3.4 * unit(s));
    assert_int_equal(body_px(&l, "Lorem"), (int)lround(design * 1.15));
    char *longer = repeat_words("lorem ipsum dolor sit amet", 40);
    p = story("long", longer);
    arena_reset(&a);
    layout_ok(&p, s, &a, &l);
    int smaller = body_px(&l, "lorem");
    assert_true(smaller < design);
    assert_true(smaller >= (int)lround(0.7 * 3.4 * unit(s)));
    free(longer);
    arena_free(&a);
}

static void impossible_body_overflows_inside_its_box(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    char *huge = repeat_words("word", 5000);
    struct panel p = story("too-long", huge);
    for (int si = 0; si < N_SCREENS; si++) {
        const struct layout_screen *s = &screens[si];
        struct draw_list l;
        arena_reset(&a);
        assert_int_equal(layout_panel(&p, s, &fake, &a, &l), -1);
        assert_int_equal(l.overflow, 1);
        /* in plain words, with the field and how much to cut */
        if (strncmp(l.problem,
                    "the body of panel 'too-long' is too long for the screen: at the "
                    "smallest text size it needs ",
                    strlen("the body of panel 'too-long' is too long for the screen: at the "
                           "smallest text size it needs ")) != 0 ||
            !strstr(l.problem, " lines and the space has ") ||
            !strstr(l.problem, "; shorten it by about "))
            fail_msg("problem: %s", l.problem);
        assert_string_equal(l.problem_field, "body");
        assert_int_equal(l.problem[l.problem_at], ':');
        assert_true(l.problem_short > 100 && l.problem_short < 5000); /* words to cut */
        check_list(&l, s, 0);
        /* the body stops above the citation */
        const struct draw_item *cite = find_text(&l, "Sources:");
        assert_non_null(cite);
        int lines = 0;
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->len >= 4 && memcmp(it->text, "word", 4) == 0) {
                assert_true(it->r.y + it->r.h < cite->r.y);
                assert_int_equal(it->px, (int)lround(0.7 * 3.4 * unit(s)));
                lines++;
            }
        }
        assert_true(lines > 5);
        /* never silently short: the last body line ends with an ellipsis */
        const struct draw_item *last = NULL;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].kind == DRAW_TEXT && l.items[i].len >= 4 &&
                memcmp(l.items[i].text, "word", 4) == 0)
                last = &l.items[i];
        assert_non_null(last);
        assert_true(last->len >= 3 && memcmp(last->text + last->len - 3, "\xE2\x80\xA6", 3) == 0);
    }
    free(huge);
    arena_free(&a);
}

static void long_words_break_between_characters(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    /* one unbreakable word of 400 characters, mixing 1-, 2- and 3-byte UTF-8
     * (Latin letters: Hangul syllables would be break opportunities) */
    char word[2400] = "";
    for (int i = 0; i < 25; i++)
        strcat(word, "Mangy\xC5\x8Fngdae\xE1\xB8\x8D\xE1\xB9\x83"); /* Mangyŏngdaeḍṃ */
    char body[3000];
    snprintf(body, sizeof body, "Before %s after, in \xED\x8F\x89\xEC\x96\x91 city.", word);
    struct panel p = story("utf8", body);
    p.heading = "Mangy\xC5\x8Fngdae and \xED\x8F\x89\xEC\x96\x91";
    for (int si = 0; si < N_SCREENS; si++) {
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, &screens[si], &a, &l);
        /* the pieces put back together give the word */
        char joined[3000] = "";
        size_t o = 0;
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->face == FACE_SANS && it->color == COLOR_TEXT) {
                assert_true(o + it->len + 1 < sizeof joined);
                memcpy(joined + o, it->text, it->len);
                o += it->len;
                joined[o++] = '|';
            }
        }
        joined[o] = 0;
        assert_true(strstr(joined, "Before|") == joined);
        size_t k = 0;
        for (size_t i = strlen("Before|"); joined[i] && k < strlen(word); i++)
            if (joined[i] != '|')
                assert_int_equal(joined[i], word[k++]);
        assert_int_equal(k, strlen(word));
        /* the heading whole, on one line or two (a wide screen sets it in a
         * narrow column beside the body) */
        char head[64] = "";
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->role && strcmp(it->role, "heading") == 0 &&
                strlen(head) + it->len + 2 < sizeof head) {
                if (head[0])
                    strcat(head, " ");
                strncat(head, it->text, it->len);
            }
        }
        assert_string_equal(head, "Mangy\xC5\x8Fngdae and \xED\x8F\x89\xEC\x96\x91");
    }
    arena_free(&a);
}

static void statistic_has_one_counting_figure_and_a_unit_chart(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    for (int loc = 0; loc < 2; loc++) {
        struct panel p = statistic(loc ? "fr" : "en");
        for (int si = 0; si < N_SCREENS; si++) {
            const struct layout_screen *s = &screens[si];
            struct draw_list l;
            arena_reset(&a);
            layout_ok(&p, s, &a, &l);
            assert_int_equal(count_kind(&l, DRAW_FIGURE), 1);
            assert_int_equal(count_kind(&l, DRAW_UNITS), 1);
            for (int i = 0; i < l.n; i++) {
                const struct draw_item *it = &l.items[i];
                if (it->kind == DRAW_FIGURE) {
                    char final[64];
                    size_t n = numfmt_figure_text(&p.figure, p.locale, final, sizeof final);
                    assert_int_equal(it->r.w, fake_width(NULL, it->face, it->px, final, n));
                    /* its design size; on a tall screen it may grow to the width */
                    int design = (int)lround(18 * unit(s));
                    if (s->h * 10 >= s->w * 15)
                        assert_true(it->px >= design && it->px <= design * 16 / 10 + 1);
                    else
                        assert_int_equal(it->px, design);
                    assert_int_equal(it->len, n);
                    assert_memory_equal(it->text, final, n);
                    assert_string_equal(it->locale, p.locale);
                    assert_ptr_equal(it->figure, &p.figure);
                }
                if (it->kind == DRAW_UNITS) {
                    assert_int_equal(it->units_total, 50);
                    assert_int_equal(it->units_lit, 10);
                    assert_int_equal(it->lit_color, COLOR_ACCENT);
                    assert_true(it->cell >= 4);
                }
            }
            assert_non_null(find_text(&l, "= 20"));
            assert_non_null(find_text(&l, loc ? "1\xE2\x80\xAF"
                                                "000 runners in all (CNN)"
                                              : "1,000 runners in all (CNN)"));
            assert_non_null(find_text(&l, "foreign runners"));
        }
    }
    arena_free(&a);
}

static void unit_chart_scales_big_wholes(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = statistic("en");
    /* whole squares, then the part of the next one in thousandths: a part
     * is never rounded up to a whole, and above 0 is never nothing */
    static const struct {
        double part, whole;
        int total, lit, thousandths, last;
        const char *legend;
    } cases[] = {
        {7, 10, 10, 7, 0, 0, "= 1"},
        {30, 100, 100, 30, 0, 0, "= 1"},
        {30, 101, 21, 6, 0, 200, "= 5"}, /* 101 = 20 squares and 0.2 of one */
        {1234, 10000, 50, 6, 170, 0, "= 200"},
        {1, 1000000, 50, 0, 1, 0, "= 20,000"},
        {250000, 430000, 43, 25, 0, 0, "= 10,000"},
        {0, 10, 10, 0, 0, 0, "= 1"},
        {99, 100, 100, 99, 0, 0, "= 1"},
        {199, 200, 40, 39, 800, 0, "= 5"},
        /* 58,212 is 29 squares of 2,000 and 0.106 of one, never 30 (60,000) */
        {54280, 58212, 30, 27, 140, 106, "= 2,000"},
        {1, 2001, 41, 0, 20, 20, "= 50"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        p.figure.value = dec_int((long long)cases[i].part);
        p.figure.part_of = dec_int((long long)cases[i].whole);
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, &screens[0], &a, &l);
        const struct draw_item *u = NULL;
        for (int k = 0; k < l.n; k++)
            if (l.items[k].kind == DRAW_UNITS)
                u = &l.items[k];
        if (!u)
            fail_msg("no unit chart for %g of %g", cases[i].part, cases[i].whole);
        assert_int_equal(u->units_total, cases[i].total);
        assert_int_equal(u->units_lit, cases[i].lit);
        assert_int_equal(u->units_part, cases[i].thousandths);
        assert_int_equal(u->units_last, cases[i].last);
        assert_non_null(find_text(&l, cases[i].legend));
    }
    /* "every night" it is not: 99.7 of 100 is 99 squares and 0.7 of one */
    p.figure.value = dec("99.7");
    p.figure.decimals = 1;
    p.figure.part_of = dec_int(100);
    struct draw_list l;
    arena_reset(&a);
    layout_ok(&p, &screens[0], &a, &l);
    for (int k = 0; k < l.n; k++)
        if (l.items[k].kind == DRAW_UNITS) {
            assert_int_equal(l.items[k].units_lit, 99);
            assert_int_equal(l.items[k].units_part, 700);
        }
    arena_free(&a);
}

static void quote_gets_marks_and_attribution(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = quote();
    for (int si = 0; si < N_SCREENS; si++) {
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, &screens[si], &a, &l);
        const struct draw_item *q = find_text(&l, "\xE2\x80\x9CIt was");
        assert_non_null(q);
        assert_int_equal(q->face, FACE_SERIF);
        int closed = 0;
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->len >= 3 &&
                memcmp(it->text + it->len - 3, "\xE2\x80\x9D", 3) == 0)
                closed = 1;
        }
        assert_true(closed);
        const struct draw_item *who = find_text(&l, "\xE2\x80\x94 Jen Loong");
        assert_non_null(who);
        assert_true(who->r.y > q->r.y);
        assert_non_null(find_text(&l, "Canadian runner, 25"));
        assert_non_null(find_text(&l, "Source: CTV News report"));
    }
    p.locale = "fr";
    struct draw_list l;
    arena_reset(&a);
    layout_ok(&p, &screens[0], &a, &l);
    assert_non_null(find_text(&l, "\xC2\xAB\xC2\xA0It was"));
    arena_free(&a);
}

static void image_and_credits_have_their_parts(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = image();
    for (int si = 0; si < N_SCREENS; si++) {
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, &screens[si], &a, &l);
        assert_int_equal(count_kind(&l, DRAW_IMAGE), 1);
        const struct draw_item *img = NULL, *ph = NULL;
        for (int i = 0; i < l.n; i++) {
            if (l.items[i].kind == DRAW_IMAGE)
                img = &l.items[i];
            if (l.items[i].kind == DRAW_RECT && l.items[i].color == COLOR_RULE)
                ph = &l.items[i];
        }
        assert_ptr_equal(img->image, &p.image);
        assert_non_null(ph);
        assert_memory_equal(&img->r, &ph->r, sizeof img->r);
        assert_true(img->r.w > screens[si].w / 3 && img->r.h > screens[si].h / 4);
        const struct draw_item *alt = find_text(&l, "Runners on the stadium");
        assert_non_null(alt);
        for (int i = 0; i < l.n; i++)
            if (solid(&l.items[i]))
                assert_false(overlaps(&l.items[i].r, &img->r));
    }
    p = credits();
    for (int si = 0; si < N_SCREENS; si++) {
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, &screens[si], &a, &l);
        int cites_shown = 0;
        for (int i = 0; i < l.n; i++) {
            const struct draw_item *it = &l.items[i];
            if (it->kind == DRAW_TEXT && it->face == FACE_SANS_BOLD && it->len >= 4 &&
                memcmp(it->text, "Some", 4) == 0)
                cites_shown++;
        }
        assert_int_equal(cites_shown, 10);
    }
    arena_free(&a);
}

static void figure_text_formats_by_locale(void **state)
{
    (void)state;
    struct panel_figure f;
    memset(&f, 0, sizeof f);
    char buf[64];
    f.value = dec("1000");
    assert_int_equal(numfmt_figure_text(&f, "en", buf, sizeof buf), 5);
    assert_string_equal(buf, "1,000");
    numfmt_figure_text(&f, "fr", buf, sizeof buf);
    assert_string_equal(buf, "1\xE2\x80\xAF"
                             "000");
    /* Canadian French groups with a full no-break space (CLDR's fr-CA) */
    numfmt_figure_text(&f, "fr-CA", buf, sizeof buf);
    assert_string_equal(buf, "1\xC2\xA0"
                             "000");
    f.prefix = "~";
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "~1,000");
    f.prefix = "about\xC2\xA0";
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "about\xC2\xA0"
                             "1,000");
    /* the same in Arabic ("نحو ") and Hebrew ("כ־") */
    f.prefix = "\xD9\x86\xD8\xAD\xD9\x88 ";
    numfmt_figure_text(&f, "ar", buf, sizeof buf);
    assert_string_equal(buf, "\xD9\x86\xD8\xAD\xD9\x88 1,000");
    f.prefix = "\xD7\x9B\xD6\xBE";
    numfmt_figure_text(&f, "he", buf, sizeof buf);
    assert_string_equal(buf, "\xD7\x9B\xD6\xBE"
                             "1,000");
    f.prefix = NULL;
    f.value = dec("1234567");
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "1,234,567");
    f.value = dec("999");
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "999");

    f.value = dec("3");
    f.has_to = 1;
    f.to = dec("4");
    f.suffix = " races";
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "3\xE2\x80\x93"
                             "4 races");

    memset(&f, 0, sizeof f);
    f.value = dec("42.195");
    f.decimals = 1;
    f.suffix = " km";
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "42.2 km");
    numfmt_figure_text(&f, "fr", buf, sizeof buf);
    assert_string_equal(buf, "42,2 km");
    f.decimals = 3;
    f.value = dec("1234.5");
    numfmt_figure_text(&f, "en", buf, sizeof buf);
    assert_string_equal(buf, "1,234.500 km");
    /* truncation never cuts a character */
    f.value = dec("1000");
    char small[3];
    size_t n = numfmt_figure_text(&f, "fr", small, sizeof small);
    assert_int_equal(n, 1);
    assert_string_equal(small, "1");
    assert_int_equal(numfmt_figure_text(&f, "en", small, sizeof small), 2);
    assert_string_equal(small, "1,");
}

static double luminance(uint32_t rgb)
{
    double c[3];
    for (int i = 0; i < 3; i++) {
        double v = ((rgb >> (16 - 8 * i)) & 0xFF) / 255.0;
        c[i] = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static double contrast(uint32_t a, uint32_t b)
{
    double la = luminance(a), lb = luminance(b);
    if (la < lb) {
        double t = la;
        la = lb;
        lb = t;
    }
    return (la + 0.05) / (lb + 0.05);
}

static void colours_have_enough_contrast(void **state)
{
    (void)state;
    uint32_t bg = layout_color(COLOR_BG);
    assert_true(contrast(layout_color(COLOR_TEXT), bg) >= 7.0);   /* AAA */
    assert_true(contrast(layout_color(COLOR_MUTED), bg) >= 4.5);  /* small print */
    assert_true(contrast(layout_color(COLOR_ACCENT), bg) >= 4.5); /* eyebrows */
    /* unit chart: unlit squares visible on the background, lit ones
     * distinct from unlit ones */
    assert_true(contrast(layout_color(COLOR_RULE), bg) >= 2.5);
    assert_true(contrast(layout_color(COLOR_ACCENT), layout_color(COLOR_RULE)) >= 3.0);
    assert_true(fabs(contrast(0xFFFFFF, 0x000000) - 21.0) < 1e-9);
}

/* A museum's theme: every theme that passes theme_check reads (text, muted
 * text, accent and alert at 4.5:1 or more on its background), rules stay
 * visible, and the derived colours agree with theme_contrast. Light and
 * dark backgrounds, saturated and grey accents, 4096 of them. */
static void every_accepted_theme_reads(void **state)
{
    (void)state;
    int accepted = 0, refused = 0;
    for (uint32_t i = 0; i < 4096; i++) {
        uint32_t bg = (i * 2654435761u) & 0xFFFFFF, accent = (i * 40503u + 0x123456) & 0xFFFFFF;
        struct theme t = {1, accent, bg};
        struct palette p;
        char why[256];
        theme_palette(&t, &p);
        assert_int_equal(p.rgb[COLOR_BG], bg);
        assert_int_equal(p.rgb[COLOR_ACCENT], accent);
        assert_true(fabs(theme_contrast(p.rgb[COLOR_TEXT], bg) - contrast(p.rgb[COLOR_TEXT], bg)) <
                    1e-9);
        if (theme_check(&t, why, sizeof why) != 0) {
            refused++;
            assert_true(contrast(accent, bg) < THEME_MIN_CONTRAST ||
                        contrast(p.rgb[COLOR_TEXT], bg) < THEME_MIN_CONTRAST);
            assert_non_null(strstr(why, "contrast"));
            continue;
        }
        accepted++;
        assert_true(contrast(p.rgb[COLOR_TEXT], bg) >= THEME_MIN_CONTRAST);
        assert_true(contrast(p.rgb[COLOR_MUTED], bg) >= THEME_MIN_CONTRAST);
        assert_true(contrast(p.rgb[COLOR_ACCENT], bg) >= THEME_MIN_CONTRAST);
        assert_true(contrast(p.rgb[COLOR_ALERT], bg) >= THEME_MIN_CONTRAST);
        assert_true(contrast(p.rgb[COLOR_RULE], bg) >= 1.3);
    }
    if (accepted < 200 || refused < 200) /* both kinds were tried */
        fail_msg("%d accepted, %d refused", accepted, refused);
    /* no theme: vitrine's own look, exactly */
    struct palette own;
    theme_palette(NULL, &own);
    for (int r = 0; r < COLOR_COUNT; r++)
        assert_int_equal(own.rgb[r], layout_color((enum color_role)r));
    uint32_t rgb = 0;
    assert_int_equal(theme_parse_colour("#c8102E", &rgb), 0);
    assert_int_equal(rgb, 0xC8102E);
    assert_int_equal(theme_parse_colour("#C8102", &rgb), -1);
    assert_int_equal(theme_parse_colour("#C8102EE", &rgb), -1);
    assert_int_equal(theme_parse_colour("C8102E", &rgb), -1);
}

static const struct draw_item *marker_of(const struct draw_list *l)
{
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_RECT && l->items[i].color == COLOR_ACCENT)
            return &l->items[i];
    return NULL;
}

static void chrome_marker_moves_with_the_index(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    for (int si = 0; si < N_SCREENS; si++) {
        const struct layout_screen *s = &screens[si];
        struct draw_list l;
        int prev = -1;
        for (int i = 0; i < 26; i++) {
            arena_reset(&a);
            assert_int_equal(layout_chrome(s, i, 26, &fake, &a, &l), 0);
            check_list(&l, s, 1);
            const struct draw_item *m = marker_of(&l);
            assert_non_null(m);
            assert_true(m->r.x > prev);
            prev = m->r.x;
            char num[16];
            snprintf(num, sizeof num, "%d / 26", i + 1);
            const struct draw_item *t = find_text(&l, num);
            assert_non_null(t);
            assert_int_equal(t->r.x + t->r.w, s->w - (int)lround(7 * unit(s)));
            assert_int_equal(count_kind(&l, DRAW_TEXT), 1); /* the counter alone */
        }
        int x0 = (int)lround(7 * unit(s)), x1 = s->w - x0;
        arena_reset(&a);
        assert_int_equal(layout_chrome(s, 0, 10000, &fake, &a, &l), 0);
        assert_int_equal(marker_of(&l)->r.x, x0);
        arena_reset(&a);
        assert_int_equal(layout_chrome(s, 9999, 10000, &fake, &a, &l), 0);
        check_list(&l, s, 1);
        const struct draw_item *m = marker_of(&l);
        assert_int_equal(m->r.x + m->r.w, x1);
        assert_true(m->r.w >= 2);
        assert_int_equal(count_kind(&l, DRAW_RECT), 2); /* track and marker, no dots */
        assert_non_null(find_text(&l, "10000 / 10000"));
    }
    arena_free(&a);
}

static void notice_sits_on_a_strip_above_the_band(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    char *lng = repeat_words("Content from USB was refused:", 30);
    for (int si = 0; si < N_SCREENS; si++) {
        const struct layout_screen *s = &screens[si];
        struct draw_list l;
        arena_reset(&a);
        assert_int_equal(layout_notice(s, "Content from USB was refused: bad file", &fake, &a, &l),
                         0);
        check_list(&l, s, 0);
        const struct draw_item *t = find_text(&l, "Content from USB");
        assert_non_null(t);
        assert_int_equal(t->color, COLOR_TEXT);
        assert_int_equal(l.items[0].kind, DRAW_RECT);
        assert_int_equal(l.items[0].color, COLOR_BG);
        assert_int_equal(l.items[0].r.y + l.items[0].r.h, band_top(s));
        arena_reset(&a);
        assert_int_equal(layout_notice(s, lng, &fake, &a, &l), 0);
        check_list(&l, s, 0);
        t = find_text(&l, "Content from USB");
        assert_non_null(t);
        assert_memory_equal(t->text + t->len - 3, "\xE2\x80\xA6", 3);
        arena_reset(&a);
        assert_int_equal(layout_notice(s, "", &fake, &a, &l), 0);
        assert_int_equal(l.n, 0);
    }
    free(lng);
    arena_free(&a);
}

static void layout_is_deterministic(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = story("arrival", long_body);
    struct draw_list l1, l2;
    layout_ok(&p, &screens[2], &a, &l1);
    struct arena b;
    arena_init(&b, 0);
    layout_ok(&p, &screens[2], &b, &l2);
    assert_int_equal(l1.n, l2.n);
    for (int i = 0; i < l1.n; i++) {
        assert_memory_equal(&l1.items[i].r, &l2.items[i].r, sizeof l1.items[i].r);
        assert_int_equal(l1.items[i].len, l2.items[i].len);
        if (l1.items[i].text)
            assert_memory_equal(l1.items[i].text, l2.items[i].text, l1.items[i].len);
    }
    arena_free(&b);
    /* a 150-word story, shrunk to fit, lays out at every size (what it
     * costs is a figure for tests/bench/, not a bound for a test) */
    char *longer = repeat_words("lorem ipsum dolor sit amet", 30);
    p = story("long", longer);
    for (int i = 0; i < N_SCREENS; i++) {
        struct draw_list l;
        arena_reset(&a);
        if (layout_panel(&p, &screens[i], &fake, &a, &l) != 0)
            fail_msg("%s", l.problem);
    }
    free(longer);
    arena_free(&a);
}

/* At sizes and proportions where a statistic's chart and its words do not
 * both fit, the chart gives up height (or goes) before a word does: the
 * body is drawn whole, and nothing overflows. */
static void a_chart_gives_way_to_the_words(void **state)
{
    (void)state;
    /* portrait: the chart and the body share the column */
    static const struct layout_screen tight[] = {
        {768, 1024, 0, 0, 0}, {600, 1024, 0, 0, 0}, {1080, 1920, 0, 0, 0}};
    struct arena a;
    arena_init(&a, 0);
    struct panel p = statistic("en");
    p.body = long_body; /* three paragraphs beside a 1,000-square chart */
    for (size_t si = 0; si < sizeof tight / sizeof tight[0]; si++) {
        struct draw_list l;
        arena_reset(&a);
        int rc = layout_panel(&p, &tight[si], &fake, &a, &l);
        /* every word of the body is on the panel */
        size_t drawn = 0;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].kind == DRAW_TEXT && l.items[i].text >= l.items[0].text &&
                memchr(l.items[i].text, '\xE2', l.items[i].len) == NULL)
                drawn += l.items[i].len;
        int has_ellipsis = 0;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].kind == DRAW_TEXT && l.items[i].len >= 3 &&
                memcmp(l.items[i].text + l.items[i].len - 3, "\xE2\x80\xA6", 3) == 0)
                has_ellipsis = 1;
        if (rc != 0 || l.overflow || has_ellipsis)
            fail_msg("%dx%d: %s", tight[si].w, tight[si].h, l.problem);
        assert_true(drawn > 0);
        check_list(&l, &tight[si], 0);
    }
    arena_free(&a);
}

/* A number as long as 12345678901 is shown at 1920x1080: the figure takes
 * the panel's whole width when its half is too narrow, and never goes
 * missing. */
static void a_long_number_uses_the_whole_width(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = statistic("en");
    p.figure.value = dec("12345678901.0");
    p.figure.prefix = NULL;
    p.figure.has_part_of = 0;
    for (int si = 0; si < N_SCREENS; si++) {
        struct draw_list l;
        arena_reset(&a);
        int rc = layout_panel(&p, &screens[si], &fake, &a, &l);
        const struct draw_item *fig = NULL;
        for (int i = 0; i < l.n; i++)
            if (l.items[i].kind == DRAW_FIGURE)
                fig = &l.items[i];
        assert_non_null(fig);
        if (rc != 0 || l.overflow)
            fail_msg("%dx%d: %s", screens[si].w, screens[si].h, l.problem);
        check_list(&l, &screens[si], 0);
    }
    /* and where even the floor size is too wide, it is still drawn, smaller */
    p.figure.value = dec("1e14");
    struct layout_screen narrow = {800, 480, 0, 0, 0};
    struct draw_list l;
    arena_reset(&a);
    layout_panel(&p, &narrow, &fake, &a, &l);
    int figs = 0;
    for (int i = 0; i < l.n; i++)
        figs += l.items[i].kind == DRAW_FIGURE;
    assert_int_equal(figs, 1);
    arena_free(&a);
}

static void missing_parts_are_fine(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "bare";
    for (int k = 0; k < PANEL_KIND_COUNT; k++) {
        p.kind = (enum panel_kind)k;
        if (k == PANEL_STATISTIC)
            p.figure.label = "things";
        for (int si = 0; si < N_SCREENS; si++) {
            struct draw_list l;
            arena_reset(&a);
            layout_ok(&p, &screens[si], &a, &l);
        }
    }
    struct draw_list l;
    assert_int_equal(layout_panel(NULL, &screens[0], &fake, &a, &l), -1);
    p.kind = PANEL_KIND_COUNT;
    assert_int_equal(layout_panel(&p, &screens[0], &fake, &a, &l), -1);
    arena_free(&a);
}

/* ---- timelines and compare panels ---------------------------------------- */

static const struct panel_cite tl_cites[] = {{"ctv", "CTV News report", "An article."},
                                             {"rw", "Runner's World", "A piece."}};

static const struct panel_event tl_events[] = {
    {{1981, 0, 0}, 1, "Early 1980s", "The marathon is first held", tl_cites, 1},
    {{2014, 4, 13},
     0,
     NULL,
     "She runs the marathon, the first open to amateurs from abroad",
     tl_cites,
     2},
    {{2014, 4, 15}, 0, NULL, "Kim Il Sung's birthday, the Day of the Sun", tl_cites + 1, 1},
    {{2014, 4, 23}, 0, NULL, "An article tells her story", tl_cites, 1},
};

static struct panel timeline(void)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "timeline";
    p.kind = PANEL_TIMELINE;
    p.locale = "en";
    p.heading = "From the early 1980s to April 2014";
    p.note = "No source gives the year of the first race.";
    p.events = tl_events;
    p.n_events = 4;
    p.cites = tl_cites;
    p.n_cites = 2;
    return p;
}

static const struct panel_value cmp_values[] = {
    {{1000, 0, 0}, 0, "runners, per CNN", tl_cites, 1},
    {{800, 0, 0}, 0, "runners, per her caption", tl_cites + 1, 1},
    {{250, 0, 0}, 0, "a third count", tl_cites, 2},
};

static struct panel compare(void)
{
    struct panel p;
    memset(&p, 0, sizeof p);
    p.id = "compare";
    p.kind = PANEL_COMPARE;
    p.locale = "en";
    p.heading = "How many runners?";
    p.body = "The sources disagree on the size of the field.";
    p.values = cmp_values;
    p.n_values = 3;
    p.cites = tl_cites;
    p.n_cites = 2;
    return p;
}

static const struct layout_screen tl_screens[] = {
    {1920, 1080, 0, 0, 0}, {1080, 1920, 0, 0, 0}, {3840, 2160, 0, 0, 0},
    {1280, 800, 0, 0, 0},  {800, 480, 0, 0, 0},   {1024, 768, 0, 0, 0},
    {768, 1024, 0, 0, 0},  {1366, 768, 0, 0, 0},  {2560, 1440, 0, 0, 0},
};

/* An exhibit asks for Arabic-Indic digits per language with BCP 47's
 * "-u-nu-arab" (Extended, for Persian and Urdu: "-u-nu-arabext"): the
 * kiosk's own numbers, figures and dates, are written in them, with the
 * Arabic decimal and thousands separators; plain "ar" keeps Western
 * digits, as the exhibit writes them. Month names in Arabic and Hebrew. */
static void arabic_indic_digits_when_asked(void **state)
{
    (void)state;
    char b[96];
    struct panel_figure f;
    memset(&f, 0, sizeof f);
    f.value = dec("42195.5");
    f.decimals = 1;
    numfmt_figure_text(&f, "ar", b, sizeof b);
    assert_string_equal(b, "42,195.5");
    numfmt_figure_text(&f, "ar-u-nu-arab", b, sizeof b);
    /* ٤٢٬١٩٥٫٥ */
    assert_string_equal(b, "\xD9\xA4\xD9\xA2\xD9\xAC\xD9\xA1\xD9\xA9\xD9\xA5\xD9\xAB\xD9\xA5");
    f.value = dec("-4");
    f.decimals = 0;
    numfmt_figure_text(&f, "fa-u-nu-arabext", b, sizeof b);
    assert_string_equal(b, "\xE2\x88\x92\xDB\xB4"); /* −۴ */
    assert_int_equal(locale_digits("ar-EG-u-nu-arab"), DIGITS_ARAB);
    assert_int_equal(locale_digits("ar-u-nu-latn"), DIGITS_LATIN);
    assert_int_equal(locale_digits("en"), DIGITS_LATIN);
    struct panel_event e = {{2014, 4, 13}, 0, NULL, "x", NULL, 0};
    layout_date_text(&e, "ar-u-nu-arab", b, sizeof b);
    /* ١٣ أبريل ٢٠١٤ */
    assert_string_equal(b,
                        "\xD9\xA1\xD9\xA3\xC2\xA0\xD8\xA3\xD8\xA8\xD8\xB1\xD9\x8A\xD9\x84\xC2\xA0"
                        "\xD9\xA2\xD9\xA0\xD9\xA1\xD9\xA4");
    layout_date_text(&e, "he", b, sizeof b);
    /* 13 באפריל 2014: "in April", as Hebrew writes a day's date (CLDR) */
    assert_string_equal(b, "13\xC2\xA0\xD7\x91\xD7\x90\xD7\xA4\xD7\xA8\xD7\x99\xD7\x9C\xC2\xA0"
                           "2014");
}

static void dates_are_written_per_language(void **state)
{
    (void)state;
    char b[64];
    struct panel_event e = {{2014, 4, 13}, 0, NULL, "x", NULL, 0};
    layout_date_text(&e, "en", b, sizeof b);
    assert_string_equal(b, "13\xC2\xA0"
                           "April\xC2\xA0"
                           "2014");
    layout_date_text(&e, "fr", b, sizeof b);
    assert_string_equal(b, "13\xC2\xA0"
                           "avril\xC2\xA0"
                           "2014");
    layout_date_text(&e, "de", b, sizeof b);
    assert_string_equal(b, "13.\xC2\xA0"
                           "April\xC2\xA0"
                           "2014");
    e.date.day = 1;
    layout_date_text(&e, "fr", b, sizeof b);
    assert_string_equal(b, "1er\xC2\xA0"
                           "avril\xC2\xA0"
                           "2014");
    e.date = (struct panel_date){2014, 12, 0};
    layout_date_text(&e, "fr", b, sizeof b);
    assert_string_equal(b, "d\xC3\xA9"
                           "cembre\xC2\xA0"
                           "2014");
    e.date = (struct panel_date){1981, 0, 0};
    e.approximate = 1;
    layout_date_text(&e, "en", b, sizeof b);
    assert_string_equal(b, "c.\xC2\xA0"
                           "1981");
    layout_date_text(&e, "fr", b, sizeof b);
    assert_string_equal(b, "vers\xC2\xA0"
                           "1981");
    e.when = "Early 1980s"; /* words given replace the date */
    layout_date_text(&e, "en", b, sizeof b);
    assert_string_equal(b, "Early 1980s");
}

static void timeline_runs_across_landscape_and_down_portrait(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = timeline();
    static const char *const dates[] = {"Early 1980s",
                                        "13\xC2\xA0"
                                        "April",
                                        "15\xC2\xA0"
                                        "April",
                                        "23\xC2\xA0"
                                        "April"};
    for (size_t si = 0; si < sizeof tl_screens / sizeof tl_screens[0]; si++) {
        const struct layout_screen *s = &tl_screens[si];
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, s, &a, &l); /* inside the page, no two texts overlap */
        int margin = (int)lround(7 * unit(s)), landscape = s->w * 10 >= s->h * 12;
        for (int i = 0; i < l.n; i++) {
            assert_true(l.items[i].r.x >= margin);
            assert_true(l.items[i].r.x + l.items[i].r.w <= s->w - margin);
            assert_true(l.items[i].r.y >= margin);
        }
        const struct draw_item *d[4];
        for (int i = 0; i < 4; i++) {
            d[i] = find_text(&l, dates[i]);
            if (!d[i])
                fail_msg("date %d missing at %dx%d", i, s->w, s->h);
        }
        for (int i = 1; i < 4; i++) {
            if (landscape) { /* one row, left to right */
                assert_true(d[i]->r.x > d[i - 1]->r.x + d[i - 1]->r.w);
                assert_int_equal(d[i]->r.y + d[i]->r.h, d[i - 1]->r.y + d[i - 1]->r.h);
            } else { /* one column, top to bottom, using the height */
                assert_int_equal(d[i]->r.x, d[i - 1]->r.x);
                assert_true(d[i]->r.y > d[i - 1]->r.y + d[i - 1]->r.h);
            }
        }
        if (!landscape) /* the events spread over most of the page */
            assert_true(d[3]->r.y - d[0]->r.y > (s->h - 2 * margin) / 2);
        /* a dot per event: accent squares */
        int dots = 0;
        for (int i = 0; i < l.n; i++)
            dots += l.items[i].kind == DRAW_RECT && l.items[i].color == COLOR_ACCENT &&
                    l.items[i].r.w == l.items[i].r.h;
        assert_true(dots >= 4);
    }
    arena_free(&a);
}

static void compare_bars_are_proportional(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel p = compare();
    for (size_t si = 0; si < sizeof tl_screens / sizeof tl_screens[0]; si++) {
        const struct layout_screen *s = &tl_screens[si];
        struct draw_list l;
        arena_reset(&a);
        layout_ok(&p, s, &a, &l);
        const struct draw_rect *bars[3];
        int n = 0;
        for (int i = 0; i < l.n && n < 3; i++)
            if (l.items[i].kind == DRAW_RECT && l.items[i].color == COLOR_ACCENT)
                bars[n++] = &l.items[i].r;
        assert_int_equal(n, 3);
        for (int i = 0; i < 3; i++) {
            assert_int_equal(bars[i]->x, bars[0]->x); /* from one zero */
            double want = bars[0]->w * (double)cmp_values[i].value.digits /
                          (double)cmp_values[0].value.digits;
            assert_true(fabs(bars[i]->w - want) <= 1.0);
            if (i)
                assert_true(bars[i]->y > bars[i - 1]->y + bars[i - 1]->h);
        }
        /* each number sits at its bar's end, and says its value */
        assert_non_null(find_text(&l, "1,000"));
        const struct draw_item *n800 = find_text(&l, "800");
        assert_non_null(n800);
        assert_true(n800->r.x > bars[1]->x + bars[1]->w);
        assert_non_null(find_text(&l, "CTV News report"));
    }
    arena_free(&a);
}

/* A screen wider than 21:9 lays every kind out on the page a 21:9 screen
 * of its height has, in its middle: nothing outside it, and as much air
 * on the left of the page as on the right of the screen's middle. At 21:9
 * and under, the page still starts at the margin. */
/* A+ on every kind, the picture and the video included (the bundled
 * exhibit has neither; test_exhibit_layout checks its kinds with the real
 * fonts): the text grows, or the list says it cannot. */
static void larger_text_on_every_kind(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel film = story("film", "A short film of the start, with its sound.");
    film.kind = PANEL_VIDEO;
    film.video.w = 1920;
    film.video.h = 1080;
    film.video.duration_ms = 30000;
    struct panel kinds[] = {story("wide", long_body),
                            statistic("en"),
                            quote(),
                            title(),
                            credits(),
                            image(),
                            timeline(),
                            compare(),
                            film};
    for (int si = 0; si < N_SCREENS; si++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            struct draw_list one, big;
            arena_reset(&a);
            layout_panel_scaled(&kinds[k], &screens[si], 1.0, &fake, &a, &one);
            layout_panel_scaled(&kinds[k], &screens[si], LAYOUT_LARGER_TEXT, &fake, &a, &big);
            long px1 = 0, px2 = 0; /* px times bytes: the text's size on the whole */
            for (int i = 0; i < one.n; i++)
                if (one.items[i].kind == DRAW_TEXT)
                    px1 += (long)one.items[i].px * (long)one.items[i].len;
            for (int i = 0; i < big.n; i++)
                if (big.items[i].kind == DRAW_TEXT)
                    px2 += (long)big.items[i].px * (long)big.items[i].len;
            if (!big.larger_refused && px2 <= px1)
                fail_msg("panel %s at %dx%d: A+ sets nothing larger (%ld, %ld) and says "
                         "nothing",
                         kinds[k].id, screens[si].w, screens[si].h, px1, px2);
        }
    arena_free(&a);
}

static void a_page_wider_than_21_9_is_centred(void **state)
{
    (void)state;
    struct arena a;
    arena_init(&a, 0);
    struct panel kinds[] = {story("wide", long_body),
                            statistic("en"),
                            quote(),
                            title(),
                            credits(),
                            image(),
                            timeline(),
                            compare()};
    const struct layout_screen wide[] = {
        {3840, 1080, 0, 0, 0}, {5120, 1440, 0, 0, 0}, {7680, 1080, 0, 0, 0}, {2520, 1080, 0, 0, 0}};
    for (size_t si = 0; si < sizeof wide / sizeof wide[0]; si++) {
        const struct layout_screen *s = &wide[si];
        int margin = (int)lround(7 * unit(s));
        int page = s->h * 21 / 9;
        int x0 = s->w > page ? (s->w - page) / 2 + margin : margin;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            struct draw_list l;
            arena_reset(&a);
            layout_ok(&kinds[k], s, &a, &l);
            int lo = s->w, hi = 0;
            for (int i = 0; i < l.n; i++) {
                lo = draw_min(lo, l.items[i].r.x);
                hi = draw_max(hi, l.items[i].r.x + l.items[i].r.w);
            }
            if (lo < x0 - 1 || hi > s->w - x0 + 1)
                fail_msg("panel %s at %dx%d: items from x %d to %d, the page from %d to %d",
                         kinds[k].id, s->w, s->h, lo, hi, x0, s->w - x0);
            /* every panel starts at the page's left edge; the title panel,
             * narrower than half the page, is centred on it */
            if (strcmp(kinds[k].id, "title") == 0 && lo != x0 &&
                abs((lo - x0) - (s->w - x0 - hi)) <= 1)
                continue;
            if (lo != x0)
                fail_msg("panel %s at %dx%d starts at x %d, the page at %d (it ends at %d)",
                         kinds[k].id, s->w, s->h, lo, x0, hi);
        }
    }
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_fits_every_screen),
        cmocka_unit_test(a_right_to_left_page_is_the_mirror_of_a_left_to_right_one),
        cmocka_unit_test(arabic_indic_digits_when_asked),
        cmocka_unit_test(dates_are_written_per_language),
        cmocka_unit_test(timeline_runs_across_landscape_and_down_portrait),
        cmocka_unit_test(compare_bars_are_proportional),
        cmocka_unit_test(story_reads_in_a_column_with_its_parts),
        cmocka_unit_test(a_page_wider_than_21_9_is_centred),
        cmocka_unit_test(larger_text_on_every_kind),
        cmocka_unit_test(longer_body_gets_smaller_type),
        cmocka_unit_test(impossible_body_overflows_inside_its_box),
        cmocka_unit_test(long_words_break_between_characters),
        cmocka_unit_test(statistic_has_one_counting_figure_and_a_unit_chart),
        cmocka_unit_test(unit_chart_scales_big_wholes),
        cmocka_unit_test(quote_gets_marks_and_attribution),
        cmocka_unit_test(image_and_credits_have_their_parts),
        cmocka_unit_test(figure_text_formats_by_locale),
        cmocka_unit_test(colours_have_enough_contrast),
        cmocka_unit_test(chrome_marker_moves_with_the_index),
        cmocka_unit_test(notice_sits_on_a_strip_above_the_band),
        cmocka_unit_test(layout_is_deterministic),
        cmocka_unit_test(missing_parts_are_fine),
        cmocka_unit_test(a_chart_gives_way_to_the_words),
        cmocka_unit_test(a_long_number_uses_the_whole_width),
        cmocka_unit_test(every_accepted_theme_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
