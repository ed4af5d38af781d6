/* Visitor settings: larger text (every panel of the bundled exhibit fits
 * with larger reading text, measured with the real fonts; the toggle is a
 * control the kiosk lays out and acts on, and the loop makes text normal
 * again), reduced motion (no count-up, nothing slides, short crossfades),
 * the loop alternating languages, the language button changing every text
 * at once, the languages offered, and the settings: the file read through
 * the one table, flags over it, each bad line named once, and the DPI and
 * statistics bounds reaching what uses them. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/cli/cli.h"
#include "app/ops/config.h"
#include "app/visitor/kiosk.h"
#include "app/base/log.h"
#include "app/visitor/layout.h"
#include "app/visitor/mode.h"
#include "app/ops/options.h"
#include "app/visitor/schedule.h"
#include "app/visitor/ui_strings.h"
#include "content/store.h"
#include "fake_presenter.h"
#include "platform/display.h"
#include "platform/text.h"

/* ---- larger text: every panel, real fonts ---------------------------------- */

/* The largest reading text (FACE_SANS, FACE_SERIF) on a list, px. */
static int reading_px(const struct draw_list *l)
{
    int px = 0;
    for (int i = 0; i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].face != FACE_SANS_BOLD &&
            l->items[i].px > px)
            px = l->items[i].px;
    return px;
}

static void larger_text_fits_every_panel(void **state)
{
    (void)state;
    static const struct layout_screen sizes[] = {
        {800, 480, 0, 0, 0}, {1920, 1080, 0, 0, 0}, {1080, 1920, 0, 0, 0}};
    char why[512] = "";
    struct store *store = bundled();
    struct text *text = text_open(NULL, why, sizeof why);
    if (!store || !text) {
        fprintf(stderr, "no exhibit or no font: %s\n", why);
        fail();
    }
    const struct text_measurer *m = text_measurer(text);
    struct arena info_a, a, b;
    arena_init(&info_a, 4096);
    arena_init(&a, 64 * 1024);
    arena_init(&b, 64 * 1024);
    struct store_info info;
    assert_int_equal(store_info(store, NULL, &info_a, &info, why, sizeof why), 0);
    assert_true(info.n_locales >= 2);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        long normal_sum = 0, larger_sum = 0;
        for (int loc = 0; loc < info.n_locales; loc++)
            for (int i = 0; i < info.n_panels; i++) {
                struct panel p;
                struct draw_list ln, ll;
                arena_reset(&a);
                arena_reset(&b);
                assert_int_equal(
                    store_panel_load(store, i, info.locales[loc], &a, &p, why, sizeof why), 0);
                assert_int_equal(layout_panel(&p, &sizes[s], m, &b, &ln), 0);
                int rc = layout_panel_scaled(&p, &sizes[s], LAYOUT_LARGER_TEXT, m, &b, &ll);
                if (rc != 0 || ll.overflow)
                    fail_msg("%dx%d %s panel %d: %s", sizes[s].w, sizes[s].h, info.locales[loc],
                             i + 1, ll.problem);
                for (int k = 0; k < ll.n; k++) { /* nothing outside the screen */
                    const struct draw_rect *r = &ll.items[k].r;
                    assert_true(r->x >= 0 && r->y >= 0 && r->x + r->w <= sizes[s].w &&
                                r->y + r->h <= sizes[s].h);
                }
                /* never smaller than normal text */
                if (reading_px(&ll) < reading_px(&ln))
                    fail_msg("%dx%d %s panel %d: %d px larger, %d normal", sizes[s].w, sizes[s].h,
                             info.locales[loc], i + 1, reading_px(&ll), reading_px(&ln));
                normal_sum += reading_px(&ln);
                larger_sum += reading_px(&ll);
            }
        /* and larger overall: at least a tenth */
        assert_true(larger_sum * 10 >= normal_sum * 11);
    }
    arena_free(&a);
    arena_free(&b);
    arena_free(&info_a);
    store_close(store);
    text_close(text);
}

/* ---- the kiosk ------------------------------------------------------------- */

struct rig {
    struct fake f;
    struct presenter p;
    struct kiosk *k;
};

static struct rig *rig_new(const struct kiosk_opts *o)
{
    struct rig *r = calloc(1, sizeof(*r));
    char why[512];
    struct store *s = bundled();
    assert_non_null(r);
    assert_non_null(s);
    r->p = presenter_of(&r->f);
    r->k = kiosk_new(&r->p, s, o, 1000, why, sizeof(why));
    assert_non_null(r->k);
    return r;
}

static void rig_free(struct rig *r)
{
    kiosk_free(r->k);
    assert_int_equal(r->f.live, 0);
    free(r);
}

/* Run to t, drawing each frame a visitor would see. */
static void run_to(struct rig *r, uint64_t *t, uint64_t until)
{
    while (*t < until) {
        kiosk_update(r->k, *t);
        if (kiosk_needs_frame(r->k, *t))
            kiosk_draw(r->k, *t);
        uint64_t due = kiosk_deadline(r->k, *t);
        if (kiosk_animating(r->k, *t) && due > *t + KIOSK_FRAME_MS)
            due = *t + KIOSK_FRAME_MS;
        *t = due > *t ? (due < until ? due : until) : *t + KIOSK_FRAME_MS;
    }
    kiosk_update(r->k, *t);
    kiosk_draw(r->k, *t);
}

static void touch(struct rig *r, float x, float y, uint64_t *t)
{
    struct input_event e = {.kind = INPUT_TOUCH, .finger = 1, .phase = INPUT_DOWN, .x = x, .y = y};
    e.t_ms = *t;
    kiosk_input(r->k, &e, *t);
    *t += 60;
    e.phase = INPUT_UP;
    e.t_ms = *t;
    kiosk_input(r->k, &e, *t);
    kiosk_update(r->k, *t);
}

static const struct control *find_control(struct rig *r, enum action act, int arg)
{
    const struct control *c;
    int n = kiosk_controls(r->k, &c);
    for (int i = 0; i < n; i++)
        if (c[i].act == act && c[i].layer == CONTROL_MAIN && (arg < -1 || c[i].arg == arg))
            return &c[i];
    return NULL;
}

static void tap_control(struct rig *r, const struct control *c, uint64_t *t)
{
    touch(r, c->x + c->w / 2, c->y + c->h / 2, t);
    *t += 400;
    run_to(r, t, *t);
}

static const struct draw_list *shown_list(struct rig *r)
{
    assert_true(r->f.last.n_views >= 1);
    return ((const struct fake_view *)r->f.last.views[0].view)->list;
}

static void the_text_size_toggle_enlarges_until_the_loop(void **state)
{
    (void)state;
    struct rig *r = rig_new(&(struct kiosk_opts){.idle_ms = 5000});
    uint64_t t = 1000;
    touch(r, 0.5f, 0.5f, &t); /* wakes */
    t += 400;
    run_to(r, &t, t);
    const struct control *c = find_control(r, ACT_TEXT_SIZE, -2);
    assert_non_null(c);
    /* a real touch target, and the one hit at its centre */
    assert_true(c->w * FAKE_W >= CONTROL_MIN_PX - 0.01f && c->h * FAKE_H >= CONTROL_MIN_PX - 0.01f);
    int normal = reading_px(shown_list(r));
    assert_int_equal(kiosk_larger_text(r->k), 0);
    tap_control(r, c, &t);
    assert_int_equal(kiosk_larger_text(r->k), 1);
    assert_true(reading_px(shown_list(r)) > normal);
    assert_int_equal(shown_list(r)->overflow, 0);
    /* the next panel is larger too */
    struct input_event key = {.kind = INPUT_KEY, .key = INPUT_KEY_RIGHT, .t_ms = t};
    kiosk_input(r->k, &key, t);
    run_to(r, &t, t + 1000);
    assert_int_equal(kiosk_current(r->k), 1);
    int larger1 = reading_px(shown_list(r));
    /* nobody there: countdown, then the loop, with normal text */
    run_to(r, &t, t + 5000 + MODE_COUNTDOWN_MS + 2000);
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
    assert_int_equal(kiosk_larger_text(r->k), 0);
    assert_int_equal(kiosk_current(r->k), 0);
    assert_true(reading_px(shown_list(r)) < larger1 || larger1 == 0);
    /* the toggle back: twice is normal */
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    c = find_control(r, ACT_TEXT_SIZE, -2);
    tap_control(r, c, &t);
    c = find_control(r, ACT_TEXT_SIZE, -2);
    tap_control(r, c, &t);
    assert_int_equal(kiosk_larger_text(r->k), 0);
    assert_int_equal(reading_px(shown_list(r)), normal);
    assert_int_equal(r->f.bad_draws, 0);
    rig_free(r);
}

/* Frames never move a view sideways, figures stand at their value, and
 * every transition is a short crossfade: in the loop, after keys, after a
 * drag let go short or past the threshold. */
static void reduced_motion_moves_nothing(void **state)
{
    (void)state;
    struct rig *r = rig_new(&(struct kiosk_opts){.reduced_motion = 1});
    assert_int_equal(kiosk_reduced_motion(r->k), 1);
    uint64_t t = 1000, trans_start = 0, longest = 0;
    int n = kiosk_panel_count(r->k), views_seen = 0;
    for (int guard = 0; guard < 200000 && t < 1000 + 400000; guard++) {
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
        const struct frame *f = &r->f.last;
        for (int i = 0; i < f->n_views; i++) {
            assert_int_equal(f->views[i].dx, 0);
            assert_true(f->views[i].anim_t >= 1.0);
            views_seen++;
        }
        if (kiosk_transitioning(r->k)) {
            assert_int_equal(kiosk_transition_kind(r->k), TRANS_CROSSFADE);
            if (!trans_start)
                trans_start = t;
        } else if (trans_start) {
            longest = t - trans_start > longest ? t - trans_start : longest;
            trans_start = 0;
        }
        t += KIOSK_FRAME_MS;
        if (kiosk_current(r->k) == n - 1)
            break;
    }
    assert_true(longest > 0 && longest <= KIOSK_REDUCED_FADE_MS + KIOSK_FRAME_MS);
    assert_true(views_seen > 0);
    /* a visitor: keys, a drag let go short, a drag past the threshold */
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    int from = kiosk_current(r->k);
    struct input_event key = {.kind = INPUT_KEY, .key = INPUT_KEY_LEFT, .t_ms = t};
    kiosk_input(r->k, &key, t);
    kiosk_update(r->k, t);
    assert_int_equal(kiosk_transition_kind(r->k), TRANS_CROSSFADE);
    run_to(r, &t, t + KIOSK_REDUCED_FADE_MS + 100);
    assert_int_equal(kiosk_transitioning(r->k), 0);
    assert_int_equal(kiosk_current(r->k), (from - 1 + n) % n);
    for (int past = 0; past <= 1; past++) {
        from = kiosk_current(r->k);
        struct input_event e = {
            .kind = INPUT_TOUCH, .finger = 2, .phase = INPUT_DOWN, .x = 0.6f, .y = 0.5f};
        float to = past ? 0.1f : 0.55f;
        for (int s = 0; s <= 10; s++) {
            e.t_ms = t;
            kiosk_input(r->k, &e, t);
            kiosk_update(r->k, t);
            kiosk_draw(r->k, t);
            for (int i = 0; i < r->f.last.n_views; i++)
                assert_int_equal(r->f.last.views[i].dx, 0); /* the panel stays put */
            e.phase = INPUT_MOVE;
            e.x = 0.6f + (to - 0.6f) * (float)(s + 1) / 10.0f;
            t += 30;
        }
        e.phase = INPUT_UP;
        e.t_ms = t;
        kiosk_input(r->k, &e, t);
        kiosk_update(r->k, t);
        if (past)
            assert_int_equal(kiosk_transition_kind(r->k), TRANS_CROSSFADE);
        uint64_t end = t + KIOSK_REDUCED_FADE_MS + 100;
        while (t < end) { /* no spring, no slide */
            kiosk_update(r->k, t);
            kiosk_draw(r->k, t);
            for (int i = 0; i < r->f.last.n_views; i++)
                assert_int_equal(r->f.last.views[i].dx, 0);
            t += KIOSK_FRAME_MS;
        }
        assert_int_equal(kiosk_current(r->k), past ? (from + 1) % n : from);
    }
    /* a screen too slow for crossfades asks for a slide: a cut instead */
    kiosk_set_loop_transition(r->k, TRANS_SLIDE);
    rig_free(r);
}

/* Without reduced motion a swipe slides (the contrast to the test above). */
static void without_reduced_motion_keys_slide(void **state)
{
    (void)state;
    struct rig *r = rig_new(&(struct kiosk_opts){0});
    uint64_t t = 1000;
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    struct input_event key = {.kind = INPUT_KEY, .key = INPUT_KEY_RIGHT, .t_ms = t};
    kiosk_input(r->k, &key, t);
    kiosk_update(r->k, t);
    assert_int_equal(kiosk_transition_kind(r->k), TRANS_SLIDE);
    run_to(r, &t, t + 1000);
    rig_free(r);
}

/* Run the loop until it has shown panel 0 again after the last one. */
static void one_loop(struct rig *r, uint64_t *t)
{
    int n = kiosk_panel_count(r->k), seen_last = 0;
    for (int guard = 0; guard < 100000; guard++) {
        kiosk_update(r->k, *t);
        kiosk_draw(r->k, *t);
        if (kiosk_current(r->k) == n - 1)
            seen_last = 1;
        if (seen_last && kiosk_current(r->k) == 0 && !kiosk_transitioning(r->k))
            return;
        uint64_t due = kiosk_deadline(r->k, *t);
        *t = due > *t ? due : *t + KIOSK_FRAME_MS;
    }
    fail_msg("the loop did not come round");
}

static void the_loop_alternates_languages(void **state)
{
    (void)state;
    struct rig *r =
        rig_new(&(struct kiosk_opts){.loop_languages = KIOSK_LOOP_ALTERNATE, .idle_ms = 5000});
    uint64_t t = 1000;
    assert_string_equal(kiosk_locale(r->k), "en");
    one_loop(r, &t);
    assert_string_equal(kiosk_locale(r->k), "fr");
    /* everything on screen is French: the panel, its chrome, the invitation */
    const struct frame *f = &r->f.last;
    assert_int_equal(f->n_views, 1);
    one_loop(r, &t);
    assert_string_equal(kiosk_locale(r->k), "en");
    /* a visitor chooses French; nothing advances or changes language while
     * they are there, however long */
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    const struct control *c = find_control(r, ACT_LANGUAGE, 1);
    assert_non_null(c);
    tap_control(r, c, &t);
    assert_string_equal(kiosk_locale(r->k), "fr");
    int at = kiosk_current(r->k);
    for (int i = 0; i < 20; i++) { /* touched every 4 s for 80 s */
        run_to(r, &t, t + 4000);
        struct input_event e = {.kind = INPUT_KEY, .key = INPUT_KEY_HOME, .t_ms = t};
        kiosk_input(r->k, &e, t);
        run_to(r, &t, t + 500);
        assert_string_equal(kiosk_locale(r->k), "fr");
        assert_int_equal(kiosk_mode(r->k), MODE_INTERACTIVE);
    }
    assert_true(at >= 0);
    /* back to the loop: French for this round, then English */
    run_to(r, &t, t + 5000 + MODE_COUNTDOWN_MS + 1000);
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
    assert_string_equal(kiosk_locale(r->k), "fr");
    one_loop(r, &t);
    assert_string_equal(kiosk_locale(r->k), "en");
    assert_int_equal(r->f.bad_draws, 0);
    rig_free(r);
}

static int list_has_text(const struct draw_list *l, const char *s)
{
    for (int i = 0; l && i < l->n; i++)
        if (l->items[i].kind == DRAW_TEXT && l->items[i].len == strlen(s) &&
            memcmp(l->items[i].text, s, l->items[i].len) == 0)
            return 1;
    return 0;
}

/* One tap and the very next frame is French: the panel, the controls'
 * labels, and the chrome (a new view and list). */
static void the_language_button_changes_every_text_at_once(void **state)
{
    (void)state;
    struct rig *r = rig_new(&(struct kiosk_opts){0});
    uint64_t t = 1000;
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    const struct draw_list *overlay = NULL;
    for (int i = 0; i < r->f.last.n_lists; i++)
        if (list_has_text(r->f.last.lists[i], ui_string("en", UI_START)))
            overlay = r->f.last.lists[i];
    assert_non_null(overlay);
    const struct control *c = find_control(r, ACT_LANGUAGE, 1);
    assert_non_null(c);
    touch(r, c->x + c->w / 2, c->y + c->h / 2, &t);
    kiosk_draw(r->k, t);
    assert_string_equal(kiosk_locale(r->k), "fr");
    int start_fr = 0, start_en = 0;
    for (int i = 0; i < r->f.last.n_lists; i++) {
        start_fr |= list_has_text(r->f.last.lists[i], ui_string("fr", UI_START));
        start_en |= list_has_text(r->f.last.lists[i], ui_string("en", UI_START));
    }
    assert_true(start_fr && !start_en);
    assert_int_equal(r->f.last.n_views, 1);
    const struct fake_view *v = (const struct fake_view *)r->f.last.views[0].view;
    assert_true(v->live);
    rig_free(r);
}

/* ---- the settings file and the command line ------------------------------- */

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Options for `vitrine run ARGS...` with the settings file text (NULL: none). */
static void run_options(struct options *o, const char *text, const char *const *args, int n)
{
    static char path[] = "/tmp/vitrine-settings-XXXXXX";
    char *argv[16] = {"vitrine", "run"}, why[256];
    assert_true(n <= 14);
    for (int i = 0; i < n; i++)
        argv[2 + i] = (char *)args[i];
    assert_int_equal(options_parse(o, CMD_RUN, 2 + n, argv, 2, why, sizeof why), 0);
    if (!text)
        return;
    strcpy(path, "/tmp/vitrine-settings-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    write_file(path, text);
    options_read_file(o, path);
    unlink(path);
}

/* How many of o's problems are about line `line` (":LINE: "). */
static int problems_on(const struct options *o, int line)
{
    char tag[16];
    snprintf(tag, sizeof tag, ":%d: ", line);
    int n = 0;
    for (const char *p = o->problems; (p = strstr(p, tag)); p++)
        n++;
    return n;
}

static void config_reads_the_new_keys(void **state)
{
    (void)state;
    static struct options o;

    /* defaults: a missing file */
    run_options(&o, NULL, NULL, 0);
    assert_int_equal(options_read_file(&o, "/nonexistent/vitrine.conf"), 0);
    assert_string_equal(o.problems, "");
    assert_int_equal(o.reduced_motion, 0);
    assert_string_equal(o.loop_languages, "default");
    assert_int_equal(o.idle_s, 60);
    assert_int_equal(o.dpi, 0);
    assert_int_equal(o.n_locales, 0);
    assert_int_equal(o.stats_days, STATS_RETENTION_DAYS);
    assert_int_equal(o.stats_max_rows, STATS_MAX_ROWS);
    assert_null(o.staff_pin_hash);

    run_options(&o,
                "# visitors\nreduced_motion = yes\nloop_languages = alternate  # both\n"
                "dpi = 120\nidle_timeout = 90\nlocales = fr , en\nstats_days = 30\n"
                "stats_max_rows = 5000\nwatch = /srv/a\nwatch = /srv/b\n"
                "hours = mon-fri 09:00-17:00\nclosed = 2026-12-25\nwake_minutes = 5\n"
                "screen_off_command = echo off\nhealth_file = none\ninbox = /srv/in\n",
                NULL, 0);
    assert_string_equal(o.problems, "");
    assert_int_equal(o.reduced_motion, 1);
    assert_string_equal(o.loop_languages, "alternate");
    assert_int_equal(o.dpi, 120);
    assert_int_equal(o.idle_s, 90);
    assert_int_equal(o.n_locales, 2);
    assert_string_equal(o.locales[0], "fr");
    assert_string_equal(o.locales[1], "en");
    assert_int_equal(o.stats_days, 30);
    assert_int_equal(o.stats_max_rows, 5000);
    assert_int_equal(o.n_watch, 2);
    assert_string_equal(o.watch[1], "/srv/b");
    assert_true(o.hours.set);
    assert_int_equal(o.hours.n_exc, 1);
    assert_int_equal(o.wake_minutes, 5);
    assert_string_equal(o.screen_off, "echo off");
    assert_null(o.screen_on);
    assert_null(o.health_file);
    assert_string_equal(o.inbox, "/srv/in");

    /* bad values: one message each, the default, and the rest still applies */
    run_options(&o,
                "reduced_motion = maybe\nloop_languages = random\n"
                "staff_pin_hash = $argon2id$v=19$m=65536,t=2,p=1$abc$def\n",
                NULL, 0);
    assert_int_equal(o.n_problems, 2);
    assert_int_equal(o.reduced_motion, 0);
    assert_string_equal(o.loop_languages, "default");
    assert_string_equal(o.staff_pin_hash, "$argon2id$v=19$m=65536,t=2,p=1$abc$def");
    assert_non_null(strstr(o.problems, ":1: reduced_motion wants yes or no"));
    assert_non_null(strstr(o.problems, ":2: loop_languages wants default or alternate"));
    assert_int_equal(problems_on(&o, 3), 0);
}

/* What `config check` called "every line is good" (issue 18, item 6):
 * dates that do not exist, a relative stick folder, hours that run 15
 * hours past midnight (two times swapped; up to 12 hours past midnight is
 * a night opening, test_hours), and a key given twice. Each is one message on its line; the
 * repeatable keys (hours, open, closed, watch) may repeat. */
static void impossible_values_are_named(void **state)
{
    (void)state;
    static struct options o;
    run_options(&o,
                "closed = 2026-02-30\n"           /* 1 */
                "open = 2026-04-31 10:00-18:00\n" /* 2 */
                "watch = media/usb\n"             /* 3 */
                "hours = mon-fri 18:00-09:00\n"   /* 4 */
                "idle_timeout = 90\n"             /* 5 */
                "idle_timeout = 120\n"            /* 6 given again */
                "closed = 2028-02-29\n"           /* 7 a leap day: good */
                "hours = mon-fri 09:00-17:00\n"   /* 8 */
                "hours = sat 10:00-14:00\n"       /* 9 repeatable */
                "watch = /media\n"                /* 10 */
                "watch = /mnt/usb\n",             /* 11 repeatable */
                NULL, 0);
    for (int line = 1; line <= 11; line++)
        if (problems_on(&o, line) != (line <= 4 || line == 6))
            fail_msg("line %d: %d messages in\n%s", line, problems_on(&o, line), o.problems);
    assert_non_null(strstr(o.problems, ":1: 2026-02-30 is not a date: February 2026 has 28 days"));
    assert_non_null(strstr(o.problems, ":2: 2026-04-31 is not a date: April 2026 has 30 days"));
    assert_non_null(strstr(o.problems, ":3: watch wants an absolute path"));
    assert_non_null(strstr(o.problems, ":4: \"mon-fri 18:00-09:00\" runs more than 12 hours past "
                                       "midnight: if the times are swapped"));
    assert_non_null(strstr(o.problems, ":6: idle_timeout is given again"));
    assert_int_equal(o.idle_s, 120); /* the later line counts */
    assert_int_equal(o.n_watch, 2);
    assert_int_equal(o.hours.n_exc, 1);
}

/* One bad line of each kind: exactly one message naming its line, and the
 * setting keeps its default. */
static void a_bad_value_keeps_the_default(void **state)
{
    (void)state;
    static struct options o;
    run_options(&o,
                "reduced_motion = sometimes\n" /* 1 yes/no */
                "idle_timeout = soon\n"        /* 2 a number */
                "idle_timeout = 4\n"           /* 3 below the range */
                "dpi = 39\n"                   /* 4 between 0 and the range */
                "stats_days = 99999\n"         /* 5 above the range */
                "renderer = vulkan\n"          /* 6 a choice */
                "inbox = srv/in\n"             /* 7 a relative path */
                "locales = en; fr\n"           /* 8 language codes */
                "hours = mon 9-17\n"           /* 9 opening hours */
                "closed = christmas\n"         /* 10 a date */
                "staff_pin_hash = 4711\n"      /* 11 a hash */
                "rotation = 45\n"              /* 12 a right angle */
                "screen_on_command =\n"        /* 13 empty text */
                "watch =\n"                    /* 14 an empty list value */
                "stats_max_rows = 12x\n",      /* 15 trailing junk */
                NULL, 0);
    assert_int_equal(o.n_problems, 15);
    for (int line = 1; line <= 15; line++)
        if (problems_on(&o, line) != 1)
            fail_msg("line %d: %d messages in\n%s", line, problems_on(&o, line), o.problems);
    assert_int_equal(o.reduced_motion, 0);
    assert_int_equal(o.idle_s, 60);
    assert_int_equal(o.dpi, 0);
    assert_int_equal(o.stats_days, 365);
    assert_string_equal(o.renderer, "auto");
    assert_null(o.inbox);
    assert_int_equal(o.n_locales, 0);
    assert_int_equal(o.hours.set, 0);
    assert_int_equal(o.hours.n_exc, 0);
    assert_null(o.staff_pin_hash);
    assert_int_equal(o.rotation, 0);
    assert_null(o.screen_on);
    assert_int_equal(o.n_watch, 0);
    assert_int_equal(o.stats_max_rows, STATS_MAX_ROWS);
    /* the messages say what is wanted and what is used instead */
    assert_non_null(strstr(o.problems, ":3: idle_timeout wants a whole number from 5 to 3600, "
                                       "not \"4\"; using 60"));
    assert_non_null(strstr(o.problems, ":6: renderer wants auto, software, opengl or opengles2"));
    assert_non_null(strstr(o.problems, ":9: cannot read \"mon 9-17\""));
    assert_non_null(strstr(o.problems, ":11: staff_pin_hash is not a hash"));
}

static void bad_lines_are_named(void **state)
{
    (void)state;
    static struct options o;
    char longline[CONFIG_LINE_MAX + 100];
    memset(longline, 'x', sizeof longline);
    memcpy(longline, "inbox = /", 9);
    longline[sizeof longline - 2] = '\n';
    longline[sizeof longline - 1] = '\0';
    char text[4096];
    snprintf(text, sizeof text,
             "idle_timout = 30\n"                     /* 1 a typo: did you mean */
             "colour = red\n"                         /* 2 unknown, nothing near */
             "reduced_motion yes\n"                   /* 3 no '=' */
             "screen_on_command = caf\xC3\xA9 \xFF\n" /* 4 not UTF-8 */
             "%s"                                     /* 5 too long */
             "dpi = 200\n"                            /* 6 good: still read */
             "\xED\xA0\x80 = 1\n",                    /* 7 a surrogate: not UTF-8 either */
             longline);
    run_options(&o, text, NULL, 0);
    assert_int_equal(o.n_problems, 6);
    for (int line = 1; line <= 7; line++)
        assert_int_equal(problems_on(&o, line), line == 6 ? 0 : 1);
    assert_non_null(strstr(o.problems, ":1: unknown setting \"idle_timout\" (did you mean "
                                       "idle_timeout?)"));
    assert_non_null(strstr(o.problems, ":2: unknown setting \"colour\"\n"));
    assert_non_null(strstr(o.problems, ":3: expected \"key = value\""));
    assert_non_null(strstr(o.problems, ":4: this line is not UTF-8"));
    assert_non_null(strstr(o.problems, ":5: this line is too long"));
    assert_int_equal(o.dpi, 200);
    assert_null(o.screen_on);
    assert_null(o.inbox);
    /* a folder where the file should be: one problem, no crash */
    run_options(&o, NULL, NULL, 0);
    assert_int_equal(options_read_file(&o, "/tmp"), 1);
    assert_non_null(strstr(o.problems, "/tmp"));
    /* a missing file is no problem at all */
    run_options(&o, NULL, NULL, 0);
    assert_int_equal(options_read_file(&o, "/nonexistent/dir/vitrine.conf"), 0);
    assert_string_equal(o.problems, "");
    /* UTF-8 where it is well formed is fine */
    assert_int_equal(config_utf8_ok("caf\xC3\xA9 \xF0\x9F\x98\x80", 10), 1);
    assert_int_equal(config_utf8_ok("\xC0\xAF", 2), 0); /* overlong */
    assert_int_equal(config_utf8_ok("\xE2\x82", 2), 0); /* cut short */
}

static int n_settings_lines;
static void count_settings(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)ctx;
    (void)line;
    n_settings_lines += level == LOG_WARN && strcmp(tag, "settings") == 0;
}

/* Many bad lines: every one counted, the buffer holds whole lines, the log
 * says how many it could not show; a runaway file stops being read. */
static void a_file_of_problems_stays_bounded(void **state)
{
    (void)state;
    static struct options o;
    static char text[300 * 16 + 1];
    size_t used = 0;
    for (int i = 0; i < 300; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "nonsense%03d = 1\n", i);
    run_options(&o, text, NULL, 0);
    assert_int_equal(o.n_problems, 300);
    size_t len = strlen(o.problems);
    assert_true(len < sizeof o.problems);
    int lines = 1;
    for (const char *p = o.problems; *p; p++)
        lines += *p == '\n';
    assert_true(lines < 300);
    assert_non_null(strstr(o.problems + len - 40, "unknown setting \"nonsense"));
    assert_int_equal(o.problems[len - 1], '"'); /* the last line is whole */
    n_settings_lines = 0;
    log_set_quiet(1);
    log_subscribe(count_settings, NULL);
    options_log_problems(&o);
    log_unsubscribe(count_settings, NULL);
    log_set_quiet(0);
    assert_int_equal(n_settings_lines, lines + 1); /* "N more bad lines" */

    static char many[(CONFIG_LINES_MAX + 5) * 2 + 16];
    used = 0;
    for (int i = 0; i < CONFIG_LINES_MAX + 5; i++)
        many[used++] = '#', many[used++] = '\n';
    memcpy(many + used, "dpi = 100\n", 11);
    run_options(&o, many, NULL, 0);
    assert_int_equal(o.n_problems, 1);
    assert_int_equal(problems_on(&o, CONFIG_LINES_MAX + 1), 1);
    assert_int_equal(o.dpi, 0); /* past the end that is read */
}

/* Settings are read from a regular file of at most CONFIG_BYTES_MAX only:
 * a device, a FIFO with no writer, a folder or a huge file is one problem
 * at once, and the defaults stand (before, /dev/zero and a FIFO held the
 * kiosk at 100 % CPU or blocked it for good). */
static void only_a_regular_file_of_bounded_size_is_read(void **state)
{
    (void)state;
    static struct options o;
    char dir[] = "/tmp/vitrine-settings-XXXXXX", fifo[64], big[64];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo.conf", dir);
    snprintf(big, sizeof big, "%s/big.conf", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    FILE *f = fopen(big, "w");
    assert_non_null(f);
    for (int i = 0; i < CONFIG_BYTES_MAX / 8 + 10; i++)
        fputs("#......\n", f);
    assert_int_equal(fclose(f), 0);
    static const struct {
        const char *path, *reason;
    } cases[] = {
        {"/dev/zero", "is not a regular file"},
        {NULL, "is not a regular file"}, /* the FIFO */
        {"/tmp", "is a folder"},
        {NULL, "is larger than " CONFIG_BYTES_MAX_TEXT}, /* the big file */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *path = cases[i].path ? cases[i].path : i == 1 ? fifo : big;
        run_options(&o, NULL, NULL, 0);
        assert_int_equal(options_read_file(&o, path), 1);
        if (!strstr(o.problems, cases[i].reason))
            fail_msg("%s: \"%s\" does not say \"%s\"", path, o.problems, cases[i].reason);
        assert_int_equal(o.dpi, 0);
    }
    unlink(fifo);
    unlink(big);
    rmdir(dir);
}

/* The command line wins over the file; the file fills in the rest, and
 * its bad lines are still named even where a flag stands over them. */
static void flags_win_over_the_file(void **state)
{
    (void)state;
    static struct options o;
    const char *args[] = {
        "--idle-timeout",           "30",    "--watch", "/mnt/a", "--reduced-motion",
        "--loop-languages=default", "--dpi", "150"};
    run_options(&o,
                "idle_timeout = 90\nwatch = /srv/x\nwatch = /srv/y\nreduced_motion = no\n"
                "loop_languages = alternate\ndpi = 2000\nwake_minutes = 7\n",
                args, 8);
    assert_int_equal(o.idle_s, 30);
    assert_int_equal(o.n_watch, 1);
    assert_string_equal(o.watch[0], "/mnt/a");
    assert_int_equal(o.reduced_motion, 1);
    assert_string_equal(o.loop_languages, "default");
    assert_int_equal(o.dpi, 150);
    assert_int_equal(o.wake_minutes, 7);
    assert_int_equal(o.n_problems, 1); /* dpi = 2000 */
    assert_int_equal(problems_on(&o, 6), 1);
    /* without the flags the file's values stand */
    run_options(&o, "idle_timeout = 90\nwatch = /srv/x\nwatch = /srv/y\n", NULL, 0);
    assert_int_equal(o.idle_s, 90);
    assert_int_equal(o.n_watch, 2);
}

/* `config defaults` is a good file once uncommented, and has every key. */
static void the_defaults_are_a_good_file(void **state)
{
    (void)state;
    char path[] = "/tmp/vitrine-defaults-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w+");
    assert_non_null(f);
    options_print_defaults(f);
    rewind(f);
    static char text[16384], uncommented[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    size_t u = 0;
    int keys = 0;
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        int setting = line[0] == '#' && line[1] >= 'a' && line[1] <= 'z';
        keys += setting;
        memcpy(uncommented + u, line + setting, len - (size_t)setting);
        u += len - (size_t)setting;
        uncommented[u++] = '\n';
        line += len + (line[len] == '\n');
    }
    uncommented[u] = '\0';
    static const char *const keys_wanted[] = {"staff_pin_hash",
                                              "reduced_motion",
                                              "loop_languages",
                                              "hours",
                                              "open",
                                              "closed",
                                              "screen_off_command",
                                              "screen_on_command",
                                              "wake_minutes",
                                              "health_file",
                                              "inbox",
                                              "dpi",
                                              "idle_timeout",
                                              "locales",
                                              "watch",
                                              "no_watch",
                                              "stats_days",
                                              "stats_max_rows",
                                              "renderer",
                                              "rotation",
                                              "touch_rotation",
                                              "screenshot_every",
                                              "audio",
                                              "speech",
                                              "speech_key",
                                              "speech_device",
                                              "speech_rate",
                                              "speech_volume",
                                              "speech_volume_max",
                                              "countdown_timeout",
                                              "hwdec"};
    for (size_t i = 0; i < sizeof keys_wanted / sizeof keys_wanted[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "\n#%s = ", keys_wanted[i]);
        if (!strstr(text, want))
            fail_msg("config defaults has no %s", keys_wanted[i]);
    }
    assert_int_equal(keys, (int)(sizeof keys_wanted / sizeof keys_wanted[0]));
    static struct options o;
    run_options(&o, uncommented, NULL, 0);
    if (o.n_problems)
        fail_msg("the uncommented defaults do not check:\n%s", o.problems);
    assert_int_equal(o.dpi, 96); /* the examples were read */
    assert_int_equal(o.n_locales, 2);
    unlink(path);
}

/* The settings reach what uses them: the display's DPI, the statistics'
 * bounds. */
static void dpi_and_retention_reach_their_users(void **state)
{
    (void)state;
    static struct options o;
    run_options(&o, "dpi = 240\nstats_days = 30\nstats_max_rows = 1000\n", NULL, 0);
    char why[512];
    struct display_opts dopts = {.headless = 1, .w = 320, .h = 240, .dpi = (float)o.dpi};
    struct display *d = display_open(&dopts, why, sizeof why);
    assert_non_null(d);
    assert_true(display_dpi(d) == 240.0f);
    struct presenter p = display_presenter(d);
    assert_true(p.dpi(p.ctx) == 240.0f);
    display_close(d);
    dopts.dpi = 0; /* headless reports nothing of its own */
    d = display_open(&dopts, why, sizeof why);
    assert_non_null(d);
    assert_true(display_dpi(d) == 0.0f);
    display_close(d);

    struct stats_opts so = cli_stats_opts(&o);
    assert_int_equal(so.retention_days, 30);
    assert_int_equal(so.max_rows, 1000);
    char dir[] = "/tmp/vitrine-stats-XXXXXX";
    assert_non_null(mkdtemp(dir));
    enum stats_err err;
    struct stats *s = stats_open(dir, &so, &err, why, sizeof why);
    assert_non_null(s);
    static struct stats_buf b;
    const int64_t now = 1767225600; /* 2026-01-01 */
    stats_buf_clear(&b);
    stats_panel_shown(&b, now - 31 * 86400, "x", 1, "en", STATS_LOOP, 1);
    stats_panel_shown(&b, now - 29 * 86400, "x", 2, "en", STATS_LOOP, 1);
    assert_int_equal(stats_write(s, &b, now, why, sizeof why), STATS_OK);
    assert_int_equal(stats_count(s, "panel_view"), 1); /* 31 days old: gone at 30 */
    stats_close(s);
    char file[128];
    snprintf(file, sizeof file, "%s/%s", dir, STATS_FILE);
    unlink(file);
    snprintf(file, sizeof file, "%s/%s-wal", dir, STATS_FILE);
    unlink(file);
    snprintf(file, sizeof file, "%s/%s-shm", dir, STATS_FILE);
    unlink(file);
    rmdir(dir);
}

static int n_warnings;
static void count_warnings(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)ctx;
    (void)line;
    n_warnings += level == LOG_WARN && strcmp(tag, "kiosk") == 0;
}

static int language_buttons(struct rig *r)
{
    const struct control *c;
    int n = kiosk_controls(r->k, &c), buttons = 0;
    for (int i = 0; i < n; i++)
        buttons += c[i].act == ACT_LANGUAGE && c[i].layer == CONTROL_MAIN;
    return buttons;
}

/* locales: the language button offers these, in this order. */
static void locales_offered_restrict_the_language_button(void **state)
{
    (void)state;
    /* fr, en: both, French first (the exhibit's own order is en, fr) */
    const char *fr_en[] = {"fr", "en"};
    struct rig *r = rig_new(&(struct kiosk_opts){.locales = fr_en, .n_locales = 2});
    uint64_t t = 1000;
    assert_string_equal(kiosk_locale(r->k), "en"); /* the default is offered: it stays */
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    assert_int_equal(language_buttons(r), 2);
    tap_control(r, find_control(r, ACT_LANGUAGE, 0), &t);
    assert_string_equal(kiosk_locale(r->k), "fr");
    tap_control(r, find_control(r, ACT_LANGUAGE, 1), &t);
    assert_string_equal(kiosk_locale(r->k), "en");
    rig_free(r);

    /* fr alone: no language button, and French from the start */
    const char *fr[] = {"fr"};
    r = rig_new(&(struct kiosk_opts){.locales = fr, .n_locales = 1});
    t = 1000;
    assert_string_equal(kiosk_locale(r->k), "fr");
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    assert_int_equal(language_buttons(r), 0);
    rig_free(r);

    /* none the exhibit has: all of its languages, and one warning each */
    const char *none[] = {"de", "ko"};
    n_warnings = 0;
    log_set_quiet(1);
    log_subscribe(count_warnings, NULL);
    r = rig_new(&(struct kiosk_opts){.locales = none, .n_locales = 2});
    t = 1000;
    touch(r, 0.5f, 0.5f, &t);
    t += 400;
    run_to(r, &t, t);
    assert_int_equal(language_buttons(r), 2);
    tap_control(r, find_control(r, ACT_LANGUAGE, 1), &t); /* a language change reads again */
    assert_string_equal(kiosk_locale(r->k), "fr");
    log_unsubscribe(count_warnings, NULL);
    log_set_quiet(0);
    assert_int_equal(n_warnings, 2);
    rig_free(r);
}

static void options_take_the_new_flags(void **state)
{
    (void)state;
    static struct options o;
    char why[256];
    char *ok[] = {"vitrine", "run", "--reduced-motion", "--loop-languages", "alternate"};
    assert_int_equal(options_parse(&o, CMD_RUN, 5, ok, 2, why, sizeof why), 0);
    assert_int_equal(o.reduced_motion, 1);
    assert_string_equal(o.loop_languages, "alternate");
    char *def[] = {"vitrine", "render", "--loop-languages=default"};
    assert_int_equal(options_parse(&o, CMD_RENDER, 3, def, 2, why, sizeof why), 0);
    assert_int_equal(o.reduced_motion, 0);
    assert_string_equal(o.loop_languages, "default");
    char *bad[] = {"vitrine", "run", "--loop-languages", "sometimes"};
    assert_int_equal(options_parse(&o, CMD_RUN, 4, bad, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "--loop-languages"));
    char *other[] = {"vitrine", "bundle", "--reduced-motion"};
    assert_int_equal(options_parse(&o, CMD_BUNDLE, 3, other, 2, why, sizeof why), -1);
    char *locales[] = {"vitrine", "run", "--locales", "fr,en", "--dpi", "0"};
    assert_int_equal(options_parse(&o, CMD_RUN, 6, locales, 2, why, sizeof why), 0);
    assert_int_equal(o.n_locales, 2);
    assert_string_equal(o.locales[0], "fr");
    assert_string_equal(o.locales[1], "en");
    assert_string_equal(locales[3], "fr,en"); /* argv itself is left alone */
    char *dpi[] = {"vitrine", "run", "--dpi", "20"};
    assert_int_equal(options_parse(&o, CMD_RUN, 4, dpi, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "option --dpi wants a whole number from 40 to 600 (or 0)"));
    char *stats[] = {"vitrine", "stats", "--config", "/x.conf", "--dpi", "100"};
    assert_int_equal(options_parse(&o, CMD_STATS, 4, stats, 2, why, sizeof why), 0);
    assert_string_equal(o.config, "/x.conf");
    assert_int_equal(options_parse(&o, CMD_STATS, 6, stats, 2, why, sizeof why), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(larger_text_fits_every_panel),
        cmocka_unit_test(the_text_size_toggle_enlarges_until_the_loop),
        cmocka_unit_test(reduced_motion_moves_nothing),
        cmocka_unit_test(without_reduced_motion_keys_slide),
        cmocka_unit_test(the_loop_alternates_languages),
        cmocka_unit_test(the_language_button_changes_every_text_at_once),
        cmocka_unit_test(config_reads_the_new_keys),
        cmocka_unit_test(only_a_regular_file_of_bounded_size_is_read),
        cmocka_unit_test(a_bad_value_keeps_the_default),
        cmocka_unit_test(impossible_values_are_named),
        cmocka_unit_test(bad_lines_are_named),
        cmocka_unit_test(a_file_of_problems_stays_bounded),
        cmocka_unit_test(flags_win_over_the_file),
        cmocka_unit_test(the_defaults_are_a_good_file),
        cmocka_unit_test(dpi_and_retention_reach_their_users),
        cmocka_unit_test(locales_offered_restrict_the_language_button),
        cmocka_unit_test(options_take_the_new_flags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
