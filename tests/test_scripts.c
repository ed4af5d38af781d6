/* test_scripts.c - every script that has an installed font is drawn, and
 * every emoji sequence is one picture, through the kiosk's own text path.
 *
 * The test exhibit tests/data/author/scripts (a caption in each of
 * Tamil, Bengali, Hindi, Sinhala, Malayalam, Khmer, Lao, Myanmar,
 * Georgian, Amharic, Thai, Vietnamese, Greek, Russian, Japanese, Chinese
 * and Korean, and one of emoji: a flag, the flag of England, a skin tone,
 * a family, a keycap) is built with the content check `bundle build`
 * runs, so the check accepts every panel. Then every line of every panel,
 * laid out at 1920x1080 and 800x480, is shaped as the kiosk draws it
 * (text_shape_line: the pieces text_render_dir draws, each with its font):
 *  - no glyph is 0 (.notdef, a box), in any piece;
 *  - no cluster is cut between two pieces (a mark is shaped with its base);
 *  - each emoji sequence is one glyph, in a font of colour pictures, and
 *    is drawn in colour at the line's size.
 * The same in a video's caption. A sequence no font has one picture for,
 * and a character no font has, are refused by the check, named. The
 * colour emoji font (10 MB) is not opened for text without emoji.
 *
 * Needs the fonts of the build's packages (fonts-noto-core, fonts-noto-cjk,
 * fonts-noto-color-emoji): where one is missing, it fails, naming it. */
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

#include <SDL.h>

#include "app/visitor/breaks.h"
#include "app/visitor/layout.h"
#include "app/visitor/typeset.h"
#include "content/arena.h"
#include "content/author.h"
#include "content/panel.h"
#include "content/store.h"
#include "platform/content_check.h"
#include "platform/text.h"

#define EMOJI_FONT "NotoColorEmoji"

static char dir[] = "/tmp/vitrine-scripts-XXXXXX";
static char exhibit[4200];

static const struct layout_screen sizes[] = {{.w = 1920, .h = 1080}, {.w = 800, .h = 480}};

static int fit(void *ctx, const struct panel *p, char *why, size_t why_len, const char **field)
{
    return content_check_panel(ctx, p, sizes, 2, why, why_len, field);
}

/* Is the file `name` mapped into this process (an open font)? */
static int mapped(const char *name)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[1024];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        found = strstr(line, name) != NULL;
    if (f)
        fclose(f);
    return found;
}

/* Does s[0..n) ask for an emoji picture somewhere (as text.c tells, but
 * told here by the code points alone)? */
static int is_emoji(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        uint32_t c = typeset_decode(s, n, &i);
        if ((c >= 0x1F000 && c <= 0x1FAFF) || c == 0xFE0F || c == 0x20E3)
            return 1;
    }
    return 0;
}

/* Pixels of s whose colour is not grey: a colour picture. */
static long coloured(SDL_Surface *s)
{
    long n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            Uint32 p = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
            int r = p >> 16 & 255, g = p >> 8 & 255, b = p & 255;
            n += (p >> 24) > 128 && (abs(r - g) > 40 || abs(g - b) > 40);
        }
    return n;
}

/* The line s[0..n) of panel `where` as the kiosk shapes it: no glyph 0, no
 * cluster in two pieces, each emoji cluster one glyph of a colour font.
 * How many emoji clusters it has. */
static int check_line(struct text *t, enum font_face face, const char *s, size_t n, int rtl,
                      const char *where)
{
    static struct text_shaped sh;
    if (text_shape_line(t, face, s, n, rtl, &sh) != 0)
        fail_msg("%s: \"%.*s\" cannot be shaped", where, (int)n, s);
    int emoji = 0;
    for (int i = 0; i < sh.n_pieces; i++) {
        const struct text_piece *p = &sh.piece[i];
        /* pieces start and end between clusters */
        if (breaks_cluster_floor(s, n, (size_t)p->off) != (size_t)p->off ||
            breaks_cluster_floor(s, n, (size_t)(p->off + p->len)) != (size_t)(p->off + p->len))
            fail_msg("%s: piece \"%.*s\" (%s) cuts a cluster", where, p->len, s + p->off, p->path);
        for (int g = 0; g < p->count; g++)
            if (sh.glyph[p->first + g] == 0)
                fail_msg("%s: \"%.*s\" has a missing glyph (0) at byte %u in %s", where, p->len,
                         s + p->off, (unsigned)sh.cluster[p->first + g], p->path);
        /* each emoji cluster of the piece: one glyph, from the colour font */
        for (size_t at = (size_t)p->off; at < (size_t)(p->off + p->len);) {
            size_t end = breaks_cluster_end(s, n, at);
            if (is_emoji(s + at, end - at)) {
                int glyphs = 0;
                for (int g = 0; g < p->count; g++)
                    glyphs += sh.cluster[p->first + g] >= at && sh.cluster[p->first + g] < end;
                if (glyphs != 1 || !strstr(p->path, EMOJI_FONT))
                    fail_msg("%s: the emoji \"%.*s\" is %d glyphs in %s", where, (int)(end - at),
                             s + at, glyphs, p->path);
                emoji++;
            }
            at = end;
        }
    }
    return emoji;
}

/* Every line of every panel of the store at path, laid out at each size:
 * check_line. Emoji panels (id "...-emoji") only when `emoji`. How many
 * emoji clusters there were. */
static int check_exhibit(struct text *t, const char *path, int emoji_panels)
{
    struct store *store;
    struct arena ia;
    struct store_info info;
    char why[512];
    arena_init(&ia, 4096);
    assert_int_equal(store_open_file(path, &store, why, sizeof why), 0);
    assert_int_equal(store_info(store, NULL, &ia, &info, why, sizeof why), 0);
    int emoji = 0, lines = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int i = 0; i < info.n_panels; i++) {
            struct arena a;
            arena_init(&a, 1 << 16);
            struct panel p;
            struct draw_list list = {0};
            assert_int_equal(store_panel_load(store, i, "en", &a, &p, why, sizeof why), 0);
            if ((strstr(p.id, "emoji") != NULL) != emoji_panels) {
                arena_free(&a);
                continue;
            }
            if (layout_panel(&p, &sizes[z], text_measurer(t), &a, &list) != 0)
                fail_msg("panel %s at %dx%d: %s", p.id, sizes[z].w, sizes[z].h, list.problem);
            for (int k = 0; k < list.n; k++) {
                const struct draw_item *it = &list.items[k];
                if (it->kind != DRAW_TEXT || it->len == 0)
                    continue;
                char where[160];
                snprintf(where, sizeof where, "panel %s at %dx%d", p.id, sizes[z].w, sizes[z].h);
                emoji += check_line(t, it->face, it->text, it->len, it->rtl, where);
                lines++;
            }
            arena_free(&a);
        }
    assert_true(lines > 0);
    store_close(store);
    arena_free(&ia);
    return emoji;
}

/* The exhibit builds with the build's own check (every character drawn,
 * every panel fits at both sizes); then its lines, the scripts first: the
 * colour emoji font stays closed until the emoji panel. */
static void every_script_drawn_and_accepted(void **state)
{
    (void)state;
    char why[4096] = "";
    struct text *t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    struct content_check *c = content_check_borrow(t, why, sizeof why);
    assert_non_null(c);
    struct author_opts ao = {.fit = fit, .fit_ctx = c};
    char src[4096];
    const char *top = getenv("VITRINE_SOURCE_DIR");
    snprintf(src, sizeof src, "%s/tests/data/author/scripts", top ? top : ".");
    if (author_build(src, exhibit, &ao, why, sizeof why) != 0)
        fail_msg("the check refused %s: %s", src, why);
    content_check_free(c);
    text_close(t);

    /* a fresh text, as the kiosk's: the scripts, then the emoji */
    t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    assert_int_equal(check_exhibit(t, exhibit, 0), 0);
    if (mapped(EMOJI_FONT))
        fail_msg("the colour emoji font was opened for text without emoji");
    /* the heading's one and the body's six, at two sizes (a line may hold
     * several) */
    int emoji = check_exhibit(t, exhibit, 1);
    assert_int_equal(emoji, 2 * 7);
    assert_true(mapped(EMOJI_FONT));
    text_close(t);
}

/* A flag, a family and a skin tone at the size of a line: one picture
 * each, about as wide as the line is tall or a little wider, never as wide
 * as its parts side by side; in colour (but the family, which Noto Color
 * Emoji draws as grey silhouettes). */
static void emoji_are_one_picture_in_colour(void **state)
{
    (void)state;
    char why[256];
    struct text *t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    static const char *const seq[] = {
        "👩\u200d👩\u200d👧\u200d👦", "🇨🇦", "👋🏽",
        "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", "#\uFE0F\u20E3"};
    const struct text_measurer *m = text_measurer(t);
    for (int px = 24; px <= 96; px *= 2)
        for (size_t i = 0; i < sizeof seq / sizeof seq[0]; i++) {
            size_t n = strlen(seq[i]);
            int w = m->width(m->ctx, FACE_SANS, px, seq[i], n);
            if (w < px / 2 || w > px * 3 / 2)
                fail_msg("\"%s\" at %d px is %d px wide", seq[i], px, w);
            SDL_Surface *s = text_render(t, FACE_SANS, px, 0x202020, seq[i], n);
            assert_non_null(s);
            assert_int_equal(s->w, w);
            if (i > 0 && coloured(s) < (long)px * px / 8)
                fail_msg("\"%s\" at %d px is not in colour", seq[i], px);
            SDL_FreeSurface(s);
        }
    text_close(t);
}

/* A video's caption goes through the same path: a flag in it is one
 * coloured picture on the caption's line; in an Arabic line too. */
static void a_flag_in_a_caption(void **state)
{
    (void)state;
    char why[256];
    struct text *t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    struct arena a;
    arena_init(&a, 1 << 16);
    struct draw_list list = {0};
    struct draw_rect r = {160, 90, 1600, 900};
    const char *caption = "The team arrives in Montréal 🇨🇦 after the race";
    layout_caption(&sizes[0], r, caption, "en", 0, text_measurer(t), &a, &list);
    int flags = 0;
    for (int k = 0; k < list.n; k++) {
        const struct draw_item *it = &list.items[k];
        if (it->kind != DRAW_TEXT || it->len == 0)
            continue;
        int e = check_line(t, it->face, it->text, it->len, it->rtl, "the caption");
        if (e > 0) {
            SDL_Surface *s = text_render_dir(t, it->face, it->px, 0xFFFFFF, it->text, it->len, 0);
            assert_non_null(s);
            assert_true(coloured(s) > 0);
            SDL_FreeSurface(s);
        }
        flags += e;
    }
    assert_int_equal(flags, 1);
    /* on an opaque band of the background colour, as docs/video.md says:
     * the picture never shows through the words */
    int bands = 0;
    for (int k = 0; k < list.n; k++)
        if (list.items[k].kind == DRAW_RECT) {
            assert_int_equal(list.items[k].color, COLOR_BG);
            assert_int_equal(list.items[k].alpha, 255);
            bands++;
        }
    assert_int_equal(bands, 1);
    /* inside a right-to-left line too */
    const char *ar = "وصل الفريق إلى مونتريال 🇨🇦 مع عائلة 👩\u200d👩\u200d👧\u200d👦";
    assert_int_equal(check_line(t, FACE_SANS, ar, strlen(ar), 1, "an Arabic line"), 2);
    arena_free(&a);
    text_close(t);
}

/* One text for an exhibit in many scripts, as a build checks it: each
 * script's font joins the chain as its text comes (24 scripts here, 21 of
 * them in no family of the locale table), Bengali and Tamil last, and
 * every one is drawn. The chain once had room for 14 fonts found this way:
 * the scripts after those were refused as "in no installed font". */
static void many_scripts_in_one_chain(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "Այս գորգը գործվել է տասնիններորդ դարում։",
        "આ મૂર્તિ કાંસાની બનેલી છે.",
        "ਇਹ ਮੂਰਤੀ ਕਾਂਸੀ ਦੀ ਬਣੀ ਹੈ।",
        "ଏହି ମୂର୍ତ୍ତି ପିତ୍ତଳରେ ତିଆରି।",
        "ఈ విగ్రహం కంచుతో తయారు చేయబడింది.",
        "ಈ ವಿಗ್ರಹವನ್ನು ಕಂಚಿನಿಂದ ಮಾಡಲಾಗಿದೆ.",
        "འདི་ནི་ཐང་ཀ་ཞིག་རེད།",
        "ᠮᠣᠩᠭᠣᠯ ᠪᠢᠴᠢᠭ",
        "ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ",
        "ᐃᓄᒃᑎᑐᑦ",
        "މި ތަށި ހަދާފައިވަނީ ރަނުން.",
        "ܟܬܒܐ ܥܬܝܩܐ",
        "ߒߞߏ ߛߓߍߛߎ߲",
        "ⵜⴰⵎⴰⵣⵉⵖⵜ",
        "මෙම වෙස් මුහුණ ශ්\u200dරී ලංකාවේ දකුණු වෙරළෙන් සොයා ගන්නා ලදී.",
        "ഈ പാത്രം കളിമണ്ണ് കൊണ്ട് നിർമ്മിച്ചതാണ്.",
        "រូបចម្លាក់នេះធ្វើពីថ្មភក់។",
        "ຮູບປັ້ນນີ້ເຮັດດ້ວຍທອງສຳລິດ.",
        "ဤပန်းချီကားကို ရန်ကုန်မြို့တွင် ရေးဆွဲခဲ့သည်။",
        "ეს ხალიჩა მეცხრამეტე საუკუნეშია ნაქსოვი.",
        "ይህ መስቀል ከላሊበላ የመጣ ነው።",
        "ภาพวาดนี้สร้างขึ้นในสมัยรัตนโกสินทร์ตอนต้น",
        "এই মুখোশটি একটি গ্রামের উৎসবে ব্যবহৃত হত।",
        "இந்த ஓவியம் பத்தொன்பதாம் நூற்றாண்டில் வரையப்பட்டது. ௧௮௭௦",
    };
    char why[256];
    struct text *t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        for (int face = 0; face < FACE_COUNT; face++) {
            const char *s = lines[i];
            uint32_t cp = 0;
            if (text_missing(t, (enum font_face)face, s, strlen(s), &cp) ||
                text_shaped_missing(t, (enum font_face)face, s, strlen(s), &cp))
                fail_msg("\"%s\" (face %d): U+%04X would be a box", s, face, (unsigned)cp);
            check_line(t, (enum font_face)face, s, strlen(s), 0, "one chain");
        }
    text_close(t);
}

/* What cannot be drawn is refused by name: a man and a dinosaur joined
 * (no font has one picture for them: it would show as two), in a caption
 * and in a body; a private-use character; a script with no installed font,
 * by its name. */
static void what_cannot_be_drawn_is_refused(void **state)
{
    (void)state;
    char why[512];
    struct text *t = text_open(NULL, why, sizeof why);
    assert_non_null(t);
    struct content_check *c = content_check_borrow(t, why, sizeof why);
    assert_non_null(c);
    const char *field = NULL;
    struct panel p = {.kind = PANEL_STORY, .locale = "en", .id = "x", .heading = "Dinosaurs"};
    p.body = "A visitor drew 👨\u200d🦕 on the wall.";
    assert_int_equal(content_check_panel(c, &p, sizes, 1, why, sizeof why, &field), -2);
    assert_string_equal(field, "body");
    assert_non_null(strstr(why, "the emoji sequence U+1F468 U+200D U+1F995 cannot be drawn as "
                                "one picture on this kiosk"));
    p.body = "A sign in the private use area: \uE000.";
    assert_int_equal(content_check_panel(c, &p, sizes, 1, why, sizeof why, &field), -2);
    assert_non_null(strstr(why, "U+E000 is in no installed font"));
    assert_non_null(strstr(why, "(a font for the character's script:"));
    /* a script no Debian 12 font draws (Nag Mundari, Unicode 15.0) is named,
     * with where to look for a font */
    p.body = "Nag Mundari: \U0001E4D0\U0001E4D1.";
    assert_int_equal(content_check_panel(c, &p, sizes, 1, why, sizeof why, &field), -2);
    assert_non_null(strstr(why, "U+1E4D0 is in no installed font and would show as a box; remove "
                                "it or install a font that has it (a font for the Nag Mundari "
                                "script: Debian's fonts-noto-* packages cover most scripts; "
                                "`fc-list :charset=1e4d0` lists the fonts that have it)"));

    struct panel_caption cap = {0, 2000, "The visitors 👨\u200d🦕 arrive"};
    struct panel v = {.kind = PANEL_VIDEO, .locale = "en", .id = "film", .heading = "A film"};
    v.video.captions = &cap;
    v.video.n_captions = 1;
    assert_int_equal(content_check_panel(c, &v, sizes, 1, why, sizeof why, &field), -2);
    assert_string_equal(field, "video.captions");
    assert_non_null(strstr(why, "U+1F468 U+200D U+1F995"));
    content_check_free(c);
    text_close(t);
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(exhibit, sizeof exhibit, "%s/scripts.vitrine", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(exhibit);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_script_drawn_and_accepted),
        cmocka_unit_test(emoji_are_one_picture_in_colour),
        cmocka_unit_test(a_flag_in_a_caption),
        cmocka_unit_test(many_scripts_in_one_chain),
        cmocka_unit_test(what_cannot_be_drawn_is_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
