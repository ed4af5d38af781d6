/* The kiosk as a pure controller: driven with simulated time and input
 * records, presenting to a fake presenter (no SDL is linked), asserting on
 * the frames it would present: the loop shows every panel in turn and
 * prepares nothing while panels dwell, transitions show both panels the
 * way they move, the view cache stays within its budget and never draws a
 * released view, and new content is adopted at a panel boundary. */
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

#include "app/visitor/kiosk.h"
#include "app/base/log.h"
#include "app/visitor/mode.h"
#include "app/visitor/schedule.h"
#include "content/author.h"
#include "content/when.h"
#include "fake_presenter.h"

#define W FAKE_W
#define H FAKE_H

/* ---- the rig -------------------------------------------------------------- */

struct rig {
    struct fake f;
    struct presenter p;
    struct kiosk *k;
    char dir[64];
};

/* Lets a transition end, failing the test (not hanging it) when it does not
 * within SETTLE_STEPS_MAX steps. How time moves: SETTLE_DEADLINE to the
 * kiosk's next deadline before each update; SETTLE_FRAME by one frame
 * before each update; SETTLE_DRAW updates and draws at t, then moves 16 ms.
 * Returns the time it ends at. */
#define SETTLE_STEPS_MAX 100000
enum settle { SETTLE_DEADLINE, SETTLE_FRAME, SETTLE_DRAW };
static uint64_t settle(struct kiosk *k, uint64_t t, enum settle how)
{
    for (long i = 0; kiosk_transitioning(k); i++) {
        if (i == SETTLE_STEPS_MAX)
            fail_msg("the transition did not end within %d steps (at t = %llu ms)",
                     SETTLE_STEPS_MAX, (unsigned long long)t);
        if (how == SETTLE_DEADLINE)
            t = kiosk_deadline(k, t);
        else if (how == SETTLE_FRAME)
            t += KIOSK_FRAME_MS;
        kiosk_update(k, t);
        if (how == SETTLE_DRAW) {
            kiosk_draw(k, t);
            t += 16;
        }
    }
    return t;
}

static int setup(void **state)
{
    struct rig *r = calloc(1, sizeof(*r));
    char why[512];
    struct store *s = bundled();
    if (!r || !s)
        return -1;
    r->p = presenter_of(&r->f);
    r->k = kiosk_new(&r->p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    snprintf(r->dir, sizeof(r->dir), "/tmp/vitrine-kiosk-XXXXXX");
    if (!r->k || !mkdtemp(r->dir))
        return -1;
    *state = r;
    return 0;
}

static int teardown(void **state)
{
    struct rig *r = *state;
    if (!r)
        return 0;
    kiosk_free(r->k);
    /* everything the kiosk prepared, it released */
    assert_int_equal(r->f.live, 0);
    rmdir(r->dir);
    free(r);
    return 0;
}

static struct input_event key(enum input_key k, uint64_t t)
{
    return (struct input_event){.kind = INPUT_KEY, .key = k, .t_ms = t};
}

/* A tap at the centre of a control, and time for the kiosk to act on it. */
static void tap_control(struct kiosk *k, const struct control *c, uint64_t *t)
{
    float x = c->x + c->w / 2, y = c->y + c->h / 2;
    struct input_event e = {.kind = INPUT_TOUCH, .finger = 1, .phase = INPUT_DOWN, .x = x, .y = y};
    e.t_ms = *t;
    kiosk_input(k, &e, *t);
    *t += 60;
    e.phase = INPUT_UP;
    e.t_ms = *t;
    kiosk_input(k, &e, *t);
    kiosk_update(k, *t);
    *t += 400;
    kiosk_update(k, *t);
}

/* ---- tests ---------------------------------------------------------------- */

static void the_loop_shows_every_panel_without_preparing_while_dwelling(void **state)
{
    struct rig *r = *state;
    int n = kiosk_panel_count(r->k);
    int seen[256] = {0};
    assert_true(n > 1 && n < 256);
    uint64_t t = 3000;
    long dwell_prepares = 0, dwell_frames = 0;
    for (int guard = 0; guard < 100000; guard++) {
        kiosk_update(r->k, t);
        seen[kiosk_current(r->k)] = 1;
        if (!kiosk_transitioning(r->k)) {
            long p0 = r->f.prepares;
            kiosk_draw(r->k, t);
            dwell_prepares += r->f.prepares - p0;
            dwell_frames++;
            /* at rest: one view, the panel shown, opaque, in place */
            assert_int_equal(r->f.last.n_views, 1);
            assert_int_equal(r->f.last.views[0].panel, kiosk_current(r->k));
            assert_int_equal(r->f.last.views[0].dx, 0);
            assert_int_equal(r->f.last.views[0].alpha, 255);
            assert_int_equal(r->f.last.views[0].rest, 1); /* nobody there: it may rest */
            assert_true(r->f.last.n_lists >= 1);          /* the chrome */
        }
        uint64_t due = kiosk_deadline(r->k, t);
        assert_true(due > t || kiosk_animating(r->k, t)); /* never a deadline in the past */
        t = due > t ? due : t + KIOSK_FRAME_MS;
        int all = 1;
        for (int i = 0; i < n; i++)
            all &= seen[i];
        if (all && kiosk_current(r->k) == 0)
            break;
    }
    for (int i = 0; i < n; i++)
        assert_true(seen[i]);
    assert_int_equal(kiosk_current(r->k), 0); /* and round to the title again */
    assert_true(dwell_frames >= n);
    assert_int_equal(dwell_prepares, 0); /* prepared ahead, never while dwelling */
    assert_int_equal(r->f.bad_draws, 0);
}

/* Mid-crossfade both panels are in the frame: the one leaving opaque, the
 * one arriving partly transparent, in place. */
static void a_crossfade_presents_both_panels(void **state)
{
    struct rig *r = *state;
    uint64_t t = 5000000;
    kiosk_update(r->k, t);
    for (int guard = 0; guard < 20 && !kiosk_transitioning(r->k); guard++) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_true(kiosk_transitioning(r->k));
    int from = kiosk_current(r->k);
    kiosk_draw(r->k, t + SCHED_CROSSFADE_MS / 2);
    const struct frame *f = &r->f.last;
    assert_int_equal(f->n_views, 2);
    assert_int_equal(f->views[0].panel, from);
    assert_int_equal(f->views[1].panel, (from + 1) % kiosk_panel_count(r->k));
    assert_int_equal(f->views[0].alpha, 255);
    assert_true(f->views[1].alpha > 0 && f->views[1].alpha < 255);
    assert_int_equal(f->views[0].dx, 0);
    assert_int_equal(f->views[1].dx, 0);
    assert_int_equal(f->views[0].rest + f->views[1].rest, 0); /* both needed whole */
    t = settle(r->k, t, SETTLE_DEADLINE);
}

/* A figure that finished counting between two frames (a slow frame, a
 * busy machine) is drawn once more at its final value, and only then is
 * the panel at rest; no frame is asked for after that. */
static void a_count_up_ends_on_its_final_value(void **state)
{
    struct rig *r = *state;
    uint64_t t = 7000000;
    kiosk_update(r->k, t);
    int found = 0;
    for (int guard = 0; guard < 200 && !found; guard++) {
        t = kiosk_deadline(r->k, t) > t ? kiosk_deadline(r->k, t) : t + KIOSK_FRAME_MS;
        kiosk_update(r->k, t);
        if (kiosk_transitioning(r->k)) {
            t = settle(r->k, t, SETTLE_DEADLINE); /* the panel arrives ... */
            kiosk_update(r->k, t);
            kiosk_draw(r->k, t); /* ... and is drawn at once */
            found = r->f.last.n_views == 1 && r->f.last.views[0].anim_t < 1.0;
        }
    }
    assert_true(found); /* the bundled exhibit has statistics */
    assert_int_equal(r->f.last.views[0].rest, 1);
    /* a frame part way, then none until well after the count-up's end */
    t += KIOSK_COUNTUP_MS / 2;
    assert_true(kiosk_needs_frame(r->k, t));
    kiosk_draw(r->k, t);
    assert_true(r->f.last.views[0].anim_t > 0.0 && r->f.last.views[0].anim_t < 1.0);
    t += KIOSK_COUNTUP_MS;
    /* (not while the loop's invitation rises: that is a motion of its own) */
    while (t % KIOSK_INVITE_MS <= KIOSK_INVITE_RISE_MS ||
           t % KIOSK_INVITE_MS >= KIOSK_INVITE_MS - 2)
        t += 10;
    assert_false(kiosk_animating(r->k, t));
    assert_true(kiosk_needs_frame(r->k, t));
    kiosk_draw(r->k, t);
    assert_true(r->f.last.views[0].anim_t == 1.0);
    assert_int_equal(r->f.last.views[0].rest, 1);
    assert_false(kiosk_needs_frame(r->k, t + 1));
}

/* Between visitors the invitation moves: one language of the exhibit a
 * period (KIOSK_INVITE_MS), each rising into place, faint then opaque;
 * frames are asked for while it rises and none once it is in place. */
static const struct draw_item *invitation_line(const struct rig *r)
{
    for (int l = 0; l < r->f.last.n_lists; l++)
        for (int i = 0; r->f.last.lists[l] && i < r->f.last.lists[l]->n; i++) {
            const struct draw_item *it = &r->f.last.lists[l]->items[i];
            if (it->kind == DRAW_TEXT && it->role && strcmp(it->role, "invitation") == 0)
                return it;
        }
    return NULL;
}

static void the_loop_invitation_moves(void **state)
{
    struct rig *r = *state;
    uint64_t t0 = 8000000; /* a period's start */
    char seen[2][64];
    for (int k = 0; k < 2; k++) {
        uint64_t t = t0 + (uint64_t)k * KIOSK_INVITE_MS + 100;
        kiosk_update(r->k, t);
        assert_true(kiosk_needs_frame(r->k, t));
        kiosk_draw(r->k, t);
        const struct draw_item *it = invitation_line(r);
        assert_non_null(it);
        assert_true(it->alpha < 255); /* rising */
        t += KIOSK_INVITE_RISE_MS + 100;
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
        it = invitation_line(r);
        assert_non_null(it);
        assert_int_equal(it->alpha, 255); /* in place */
        snprintf(seen[k], sizeof seen[k], "%.*s", (int)it->len, it->text);
        assert_false(kiosk_needs_frame(r->k, t + 1));
        /* the next period's start is the loop's next deadline at the latest */
        assert_true(kiosk_deadline(r->k, t) <= t0 + (uint64_t)(k + 1) * KIOSK_INVITE_MS);
    }
    assert_string_not_equal(seen[0], seen[1]); /* English, then French */
}

/* Navigating backwards slides the arriving panel in from the left: it
 * starts at a negative offset and the leaving one moves right. */
static void a_slide_follows_the_direction(void **state)
{
    struct rig *r = *state;
    uint64_t t = 9000000;
    kiosk_update(r->k, t);
    t = settle(r->k, t, SETTLE_DEADLINE);
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(r->k, &e, t); /* wakes the kiosk */
    kiosk_update(r->k, t);
    int n = kiosk_panel_count(r->k);
    for (int dir = 1; dir >= -1; dir -= 2) {
        t = settle(r->k, t, SETTLE_FRAME);
        int from = kiosk_current(r->k);
        t += 1000;
        e = key(dir > 0 ? INPUT_KEY_RIGHT : INPUT_KEY_LEFT, t);
        kiosk_input(r->k, &e, t);
        kiosk_update(r->k, t);
        assert_true(kiosk_transitioning(r->k));
        kiosk_draw(r->k, t + SCHED_SLIDE_MS / 3);
        const struct frame *f = &r->f.last;
        assert_int_equal(f->n_views, 2);
        assert_int_equal(f->views[0].panel, from);
        assert_int_equal(f->views[1].panel, ((from + dir) % n + n) % n);
        /* the arriving panel comes from the side the visitor swiped toward */
        if (dir > 0) {
            assert_true(f->views[0].dx < 0 && f->views[1].dx > 0);
        } else {
            assert_true(f->views[0].dx > 0 && f->views[1].dx < 0);
        }
        assert_int_equal(abs(f->views[1].dx - f->views[0].dx), W);
    }
    t = settle(r->k, t, SETTLE_FRAME);
    kiosk_draw(r->k, t);
    assert_int_equal(r->f.last.n_views, 1);
    assert_int_equal(r->f.last.views[0].rest, 0); /* a visitor is there: kept whole */
    assert_int_equal(r->f.bad_draws, 0);
}

/* A small budget: walking the whole exhibit by hand keeps only the pinned
 * panels' views alive, and no frame ever draws a released view. */
static void the_view_cache_stays_within_its_budget(void **state)
{
    (void)state;
    struct fake *f = calloc(1, sizeof(*f));
    struct presenter p = presenter_of(f);
    char why[256];
    struct kiosk_opts o = {.cache_bytes = 3u * W * H * 4 + 3u * 256 * 1024};
    struct kiosk *k = kiosk_new(&p, bundled(), &o, 1000, why, sizeof(why));
    assert_non_null(k);
    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t);
    int n = kiosk_panel_count(k);
    for (int step = 0; step < 2 * n; step++) {
        t += 500;
        e = key(step < n ? INPUT_KEY_RIGHT : INPUT_KEY_LEFT, t);
        kiosk_input(k, &e, t);
        for (int i = 0; i < 40; i++, t += KIOSK_FRAME_MS) {
            kiosk_update(k, t);
            if (kiosk_needs_frame(k, t))
                kiosk_draw(k, t);
        }
        assert_true(kiosk_cached_bytes(k) <= o.cache_bytes);
    }
    assert_true(f->prepares > n);  /* panels were prepared again... */
    assert_true(f->releases > 0);  /* ...because old ones were let go */
    assert_true(f->max_live <= 3); /* shown, arriving, one neighbour */
    assert_true(kiosk_cached_panels(k) <= 3);
    assert_int_equal(f->bad_draws, 0);
    kiosk_free(k);
    assert_int_equal(f->live, 0);
    free(f);
}

struct lines {
    int n;
    char last[256];
};

static void collect(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct lines *l = ctx;
    if (level <= LOG_WARN && strcmp(tag, "kiosk") == 0) {
        l->n++;
        snprintf(l->last, sizeof(l->last), "%s", line);
    }
}

/* What goes wrong reaches the log's subscribers (the staff screen): a
 * presenter that cannot draw any panel is logged once per panel tried,
 * and the kiosk refuses to start rather than show nothing. */
static void staff_lines_reach_log_subscribers(void **state)
{
    (void)state;
    struct fake *f = calloc(1, sizeof(*f));
    struct presenter p = presenter_of(f);
    char why[256];
    struct lines l = {0};
    f->fail_prepare = 1;
    assert_int_equal(log_subscribe(collect, &l), 0);
    struct store *s = bundled();
    assert_null(kiosk_new(&p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why)));
    log_unsubscribe(collect, &l);
    assert_true(l.n > 1);
    assert_non_null(strstr(l.last, "could not be drawn"));
    int n = l.n;
    assert_null(kiosk_new(&p, bundled(), &(struct kiosk_opts){0}, 1000, why, sizeof(why)));
    assert_int_equal(l.n, n); /* unsubscribed: nothing more arrives */
    assert_int_equal(f->live, 0);
    free(f);
}

/* New content replaces the old at the next panel boundary, starting from
 * its first panel; until then the old panel stays on screen. */
static void new_content_switches_at_a_panel_boundary(void **state)
{
    struct rig *r = *state;
    char src[4096], out[128], why[4096];
    snprintf(src, sizeof(src), "%s/tests/data/author/good", getenv("VITRINE_SOURCE_DIR"));
    snprintf(out, sizeof(out), "%s/new.vitrine", r->dir);
    assert_int_equal(author_build(src, out, NULL, why, sizeof(why)), 0);
    struct store *s = NULL;
    assert_int_equal(store_open_file(out, &s, why, sizeof(why)), 0);
    int old_count = kiosk_panel_count(r->k);
    uint64_t t = 10000000;
    kiosk_update(r->k, t);
    t = settle(r->k, t, SETTLE_DEADLINE);
    int shown = kiosk_current(r->k);
    kiosk_switch_store(r->k, s);
    kiosk_update(r->k, t);
    assert_int_equal(kiosk_panel_count(r->k), old_count); /* not yet */
    assert_int_equal(kiosk_current(r->k), shown);
    for (int guard = 0; guard < 100 && kiosk_panel_count(r->k) == old_count; guard++) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_int_not_equal(kiosk_panel_count(r->k), old_count);
    /* adopted when the next panel is prepared; shown when its transition ends */
    for (int guard = 0; guard < 10 && !kiosk_transitioning(r->k); guard++) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_true(kiosk_transitioning(r->k));
    kiosk_draw(r->k, t + SCHED_CROSSFADE_MS / 2);
    assert_int_equal(r->f.last.views[0].panel, shown); /* the old panel leaves */
    assert_int_equal(r->f.last.views[1].panel, 0);     /* the new content's first arrives */
    t = settle(r->k, t, SETTLE_DEADLINE);
    assert_int_equal(kiosk_current(r->k), 0);
    kiosk_draw(r->k, t);
    assert_int_equal(r->f.bad_draws, 0);
    unlink(out);
}

/* exhibit.yaml of a one-language exhibit with one source, as the tests
 * that write their own exhibits need it. */
#define SIMPLE_EXHIBIT(id, title, extra)                                                           \
    "id: " id "\nversion: \"1\"\ndefault_locale: en\nlocales:\n  en: English\ntitle: " title       \
    "\n" extra "sources:\n  - id: s\n    cite: A source\n    description: A source.\n"

/* The build's options for kiosk_of_exhibit (NULL: none). */
static const struct author_opts *exhibit_opts;

/* Write an exhibit of n panels into r->dir/name (exhibit.yaml as given,
 * panel i written by panel(f, i, arg)), build it and start a kiosk on it
 * over a new fake presenter (*fk). The caller frees both and calls
 * exhibit_remove. */
static struct kiosk *kiosk_of_exhibit(struct rig *r, const char *name, const char *exhibit_yaml,
                                      int n, void (*panel)(FILE *, int, const void *),
                                      const void *arg, struct fake **fk)
{
    char dir[128], path[256], why[4096];
    snprintf(dir, sizeof(dir), "%s/%s", r->dir, name);
    snprintf(path, sizeof(path), "%s/panels", dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof(path), "%s/exhibit.yaml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(exhibit_yaml, f);
    fclose(f);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof(path), "%s/panels/%04d.yaml", dir, i);
        f = fopen(path, "w");
        assert_non_null(f);
        panel(f, i, arg);
        fclose(f);
    }
    snprintf(path, sizeof(path), "%s/%s.vitrine", r->dir, name);
    if (author_build(dir, path, exhibit_opts, why, sizeof(why)) != 0)
        fail_msg("%s", why);
    struct store *s = NULL;
    assert_int_equal(store_open_file(path, &s, why, sizeof(why)), 0);
    *fk = calloc(1, sizeof(**fk));
    assert_non_null(*fk);
    struct presenter p = presenter_of(*fk);
    struct kiosk *k = kiosk_new(&p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    assert_non_null(k);
    return k;
}

static void exhibit_remove(struct rig *r, const char *name)
{
    char cmd[256];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s/%s' '%s/%s.vitrine'", r->dir, name, r->dir, name);
    assert_int_equal(system(cmd), 0);
}

static void chapter_panel(FILE *f, int i, const void *arg)
{
    (void)arg;
    fprintf(f, "kind: %s\nchapter: Chapter %d\nheading: Panel %d\nbody: Text.\nsources: [s]\n",
            i ? "story" : "title", i + 1, i + 1);
}

static void two_locale_panel(FILE *f, int i, const void *code)
{
    fprintf(f,
            "kind: %s\nheading:\n  en: Panel %d\n  %s: Panneau %d\nbody: Text.\n"
            "sources: [s]\n",
            i ? "story" : "title", i, (const char *)code, i);
}

static void rtl_panel(FILE *f, int i, const void *arg)
{
    (void)arg;
    fprintf(f,
            "kind: %s\nheading:\n  ar: \xD9\x84\xD9\x88\xD8\xAD\xD8\xA9 %d\n  en: Panel %d\n"
            "body:\n  ar: \xD9\x86\xD8\xB5.\n  en: Text.\nsources: [s]\n",
            i ? "story" : "title", i, i);
}

/* A swipe by hand in an Arabic exhibit: the page is a mirror, so a swipe
 * to the right goes on to the next panel, which slides in from the left;
 * the next button stands on the left (a tap at the mirror place of its
 * left-to-right rect goes on), and so does the arrow key pointing at it. */
static void a_right_to_left_exhibit_mirrors_touch_and_slides(void **state)
{
    struct rig *r = *state;
    const char *exhibit = "id: rtl\nversion: \"1\"\ndefault_locale: ar\nlocales:\n"
                          "  ar: \xD8\xA7\xD9\x84\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\xA9\n"
                          "  en: English\ntitle: RTL\nsources:\n  - id: s\n    cite: A source\n"
                          "    description: A source.\n";
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "rtl", exhibit, 4, rtl_panel, NULL, &fk);
    assert_string_equal(kiosk_locale(k), "ar");
    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_SPACE, t); /* wake (and on to panel 2) */
    kiosk_input(k, &e, t);
    for (int i = 0; i < 60; i++, t += KIOSK_FRAME_MS)
        kiosk_update(k, t);
    int from = kiosk_current(k);
    /* a swipe to the right */
    e = (struct input_event){
        .kind = INPUT_TOUCH, .finger = 7, .phase = INPUT_DOWN, .x = 0.25f, .y = 0.5f, .t_ms = t};
    kiosk_input(k, &e, t);
    for (int i = 1; i <= 10; i++) {
        t += 16;
        e.phase = INPUT_MOVE;
        e.x = 0.25f + 0.05f * (float)i;
        e.t_ms = t;
        kiosk_input(k, &e, t);
        kiosk_update(k, t);
    }
    t += 16;
    e.phase = INPUT_UP;
    e.t_ms = t;
    kiosk_input(k, &e, t);
    kiosk_update(k, t);
    assert_true(kiosk_transitioning(k));
    kiosk_draw(k, t + 60);
    const struct frame *f = &fk->last;
    assert_int_equal(f->n_views, 2);
    assert_int_equal(f->views[1].panel, (from + 1) % 4);
    assert_true(f->views[1].dx < 0); /* from the left */
    assert_true(f->views[0].dx > 0); /* the panel left goes right */
    for (int i = 0; i < 60; i++, t += KIOSK_FRAME_MS)
        kiosk_update(k, t);
    assert_int_equal(kiosk_current(k), (from + 1) % 4);
    /* the next button, at the mirror place of its rect */
    const struct control *c = NULL;
    int nc = kiosk_controls(k, &c), next = -1;
    for (int i = 0; i < nc; i++)
        if (c[i].act == ACT_NEXT)
            next = i;
    assert_true(next >= 0);
    assert_true(c[next].x > 0.5f); /* laid out on the right, drawn and touched on the left */
    struct control mirrored = c[next];
    mirrored.x = 1.0f - c[next].x - c[next].w;
    tap_control(k, &mirrored, &t);
    for (int i = 0; i < 60; i++, t += KIOSK_FRAME_MS)
        kiosk_update(k, t);
    assert_int_equal(kiosk_current(k), (from + 2) % 4);
    /* the arrow pointing left, at the next button */
    e = key(INPUT_KEY_LEFT, t);
    kiosk_input(k, &e, t);
    for (int i = 0; i < 60; i++, t += KIOSK_FRAME_MS)
        kiosk_update(k, t);
    assert_int_equal(kiosk_current(k), (from + 3) % 4);
    assert_int_equal(fk->bad_draws, 0);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "rtl");
}

/* An exhibit of 120 chapters, written here: the chapter index opens on the
 * page of the chapter shown, pages forward by its page button (wrapping
 * round), and a chapter tapped on the second page is the one shown. */
static void the_chapter_index_pages_beyond_one_screen(void **state)
{
    struct rig *r = *state;
    enum { N = 120 };
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "many", SIMPLE_EXHIBIT("many", "Many chapters", ""), N,
                                       chapter_panel, NULL, &fk);
    assert_int_equal(kiosk_panel_count(k), N);

    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t); /* wake */
    kiosk_update(k, t);
    const struct control *c = NULL;
    int nc = kiosk_controls(k, &c);
    int open = -1;
    for (int i = 0; i < nc; i++)
        if (c[i].act == ACT_OPEN_INDEX)
            open = i;
    assert_true(open >= 0);
    t += 500;
    tap_control(k, &c[open], &t);
    assert_int_equal(kiosk_mode_view(k)->index_open, 1);
    /* page one: the first chapters, and page buttons */
    nc = kiosk_controls(k, &c);
    int first_item = -1, next_page = -1;
    for (int i = 0; i < nc; i++) {
        if (c[i].act == ACT_JUMP && first_item < 0)
            first_item = c[i].item;
        if (c[i].act == ACT_INDEX_PAGE && c[i].arg > 0)
            next_page = i;
    }
    assert_int_equal(first_item, 0);
    assert_true(next_page >= 0);
    tap_control(k, &c[next_page], &t);
    assert_int_equal(kiosk_mode_view(k)->index_open, 1); /* still open, next page */
    nc = kiosk_controls(k, &c);
    int jump = -1;
    for (int i = 0; i < nc; i++)
        if (c[i].act == ACT_JUMP && jump < 0)
            jump = i;
    assert_true(jump >= 0);
    assert_true(c[jump].item > 0); /* the second page starts where the first ended */
    int want = c[jump].arg;
    tap_control(k, &c[jump], &t);
    for (int i = 0; i < 60; i++, t += KIOSK_FRAME_MS)
        kiosk_update(k, t);
    assert_int_equal(kiosk_current(k), want);
    assert_int_equal(kiosk_mode_view(k)->index_open, 0);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "many");
}

static void plain_panel(FILE *f, int i, const void *arg)
{
    (void)arg;
    fprintf(f, "kind: %s\nheading: Panel %d\nbody: Text.\nsources: [s]\n", i ? "story" : "title",
            i);
}

/* A tap at control c where it stands on screen: at its mirror place on a
 * right-to-left page (kiosk_input turns touches back). */
static void tap_on_screen(struct kiosk *k, const struct control *c, uint64_t *t)
{
    struct control m = *c;
    if (strcmp(kiosk_locale(k), "ar") == 0)
        m.x = 1.0f - c->x - c->w;
    tap_control(k, &m, t);
}

static int control_at(struct kiosk *k, enum action act, int arg, enum control_layer layer)
{
    const struct control *c = NULL;
    int n = kiosk_controls(k, &c);
    for (int i = 0; i < n; i++)
        if (c[i].act == act && c[i].arg == arg && c[i].layer == layer)
            return i;
    return -1;
}

static int frame_has_text(const struct frame *f, const char *s)
{
    for (int l = 0; l < f->n_lists; l++)
        for (int i = 0; i < f->lists[l]->n; i++) {
            const struct draw_item *it = &f->lists[l]->items[i];
            if (it->kind == DRAW_TEXT && it->len == strlen(s) && memcmp(it->text, s, it->len) == 0)
                return 1;
        }
    return 0;
}

/* Nine languages: the language button opens the picker, which shows them
 * all; one tap there shows the panel in any of them, so every language is
 * two taps from the panel (Arabic among them, mirrored); a tap beside the
 * buttons closes it and changes nothing; left open, it is gone when the
 * kiosk returns to its loop, in the loop's language. */
static void nine_languages_are_two_taps_away(void **state)
{
    struct rig *r = *state;
    static const char *codes[] = {"en", "fr", "ja", "th", "el", "ar", "hi", "ru", "ko"};
    const char *exhibit =
        "id: nine\nversion: \"1\"\ndefault_locale: en\nlocales:\n  en: English\n"
        "  fr: Fran\xC3\xA7\x61is\n  ja: \xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E\n"
        "  th: \xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2\n"
        "  el: \xCE\x95\xCE\xBB\xCE\xBB\xCE\xB7\xCE\xBD\xCE\xB9\xCE\xBA\xCE\xAC\n"
        "  ar: \xD8\xA7\xD9\x84\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A\xD8\xA9\n"
        "  hi: \xE0\xA4\xB9\xE0\xA4\xBF\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6\xE0\xA5\x80\n"
        "  ru: \xD0\xA0\xD1\x83\xD1\x81\xD1\x81\xD0\xBA\xD0\xB8\xD0\xB9\n"
        "  ko: \xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4\n"
        "title: Nine\nsources:\n  - id: s\n    cite: A source\n    description: A source.\n";
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "nine", exhibit, 3, plain_panel, NULL, &fk);
    assert_string_equal(kiosk_locale(k), "en");
    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t); /* wake */
    kiosk_update(k, t);
    const struct control *c = NULL;
    for (int step = 0; step < 9; step++) {
        int l = (step * 4 + 8) % 9; /* every language once, in another order */
        kiosk_controls(k, &c);
        int open = control_at(k, ACT_OPEN_LANGUAGES, 0, CONTROL_MAIN);
        assert_true(open >= 0);
        assert_int_equal(control_at(k, ACT_LANGUAGE, l, CONTROL_MAIN), -1);
        tap_on_screen(k, &c[open], &t);
        assert_int_equal(kiosk_mode_view(k)->languages_open, 1);
        kiosk_draw(k, t);
        assert_true(frame_has_text(&fk->last, "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E"));
        kiosk_controls(k, &c);
        int pick = control_at(k, ACT_LANGUAGE, l, CONTROL_LANGUAGES);
        assert_true(pick >= 0);
        tap_on_screen(k, &c[pick], &t);
        assert_string_equal(kiosk_locale(k), codes[l]);
        assert_int_equal(kiosk_mode_view(k)->languages_open, 0);
        assert_int_equal(kiosk_mode(k), MODE_INTERACTIVE);
    }
    /* a tap beside the buttons: closed, the language stays */
    const char *was = kiosk_locale(k);
    kiosk_controls(k, &c);
    tap_on_screen(k, &c[control_at(k, ACT_OPEN_LANGUAGES, 0, CONTROL_MAIN)], &t);
    assert_int_equal(kiosk_mode_view(k)->languages_open, 1);
    struct control beside = {ACT_NONE, 0.45f, 0.005f, 0.1f, 0.01f, 0, CONTROL_MAIN, 0, 0, 0, 0, 0};
    tap_control(k, &beside, &t);
    assert_int_equal(kiosk_mode_view(k)->languages_open, 0);
    assert_string_equal(kiosk_locale(k), was);
    /* left open: the kiosk returns to its loop in the loop's language */
    kiosk_controls(k, &c);
    tap_on_screen(k, &c[control_at(k, ACT_OPEN_LANGUAGES, 0, CONTROL_MAIN)], &t);
    assert_int_equal(kiosk_mode_view(k)->languages_open, 1);
    for (uint64_t end = t + MODE_IDLE_MS + MODE_COUNTDOWN_MS + 5000; t < end; t += 100)
        kiosk_update(k, t);
    assert_int_equal(kiosk_mode(k), MODE_LOOP);
    assert_int_equal(kiosk_mode_view(k)->languages_open, 0);
    assert_string_equal(kiosk_locale(k), "en");
    assert_int_equal(fk->bad_draws, 0);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "nine");
}

/* Content on a schedule: panel 2 shows only on race day (29 March), the
 * chapter of panel 4 only in the mornings. */
static void scheduled_panel(FILE *f, int i, const void *arg)
{
    chapter_panel(f, i, arg);
    if (i == 2)
        fputs("show: 2026-03-29\n", f);
    if (i == 4)
        fputs("chapter_show:\n  - 09:00-12:00\n", f);
}

static struct walltime local(int year, int month, int day, int hour, int minute)
{
    /* Europe/Paris: winter (+1) before 29 March 2026 02:00, summer (+2) after */
    int off = (month > 3 || (month == 3 && (day > 29 || (day == 29 && hour >= 3)))) ? 7200 : 3600;
    int64_t utc = (int64_t)when_days(year, month, day) * 86400 + hour * 3600 + minute * 60 - off;
    int wd = (int)((when_days(year, month, day) % 7 + 11) % 7);
    return (struct walltime){utc, year, month, day, wd, hour, minute, 0, off};
}

/* The panels the loop shows in one round from wherever it is. */
static unsigned loop_round(struct kiosk *k, uint64_t *t)
{
    unsigned seen = 0;
    int n = kiosk_panel_count(k);
    for (int step = 0; step < 4 * n; step++) {
        kiosk_update(k, *t);
        seen |= 1u << kiosk_current(k);
        uint64_t due = kiosk_deadline(k, *t);
        *t = due > *t ? due : *t + KIOSK_FRAME_MS;
    }
    return seen;
}

static int index_chapters_listed(struct kiosk *k, uint64_t *t)
{
    struct input_event e = key(INPUT_KEY_RIGHT, *t);
    kiosk_input(k, &e, *t); /* wake: the controls */
    *t = settle(k, *t, SETTLE_FRAME);
    kiosk_update(k, *t);
    return kiosk_index_count(k);
}

/* The frame drawn at t has a line of text that is exactly text. */
static int frame_has_line(struct kiosk *k, struct fake *fk, uint64_t t, const char *text)
{
    kiosk_draw(k, t);
    for (int l = 0; l < fk->last.n_lists; l++)
        for (int i = 0; i < fk->last.lists[l]->n; i++) {
            const struct draw_item *it = &fk->last.lists[l]->items[i];
            if (it->kind == DRAW_TEXT && it->len == strlen(text) &&
                memcmp(it->text, text, it->len) == 0)
                return 1;
        }
    return 0;
}

/* The loop, the visitor's next and the chapter index show what is on now,
 * and follow the clock across midnight and the spring clock change; an
 * exhibit outside its own window shows its title panel, never nothing. */
static void a_schedule_decides_what_is_on(void **state)
{
    struct rig *r = *state;
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "sched", SIMPLE_EXHIBIT("sched", "On a schedule", ""), 6,
                                       scheduled_panel, NULL, &fk);
    uint64_t t = 2000;
    struct walltime w = local(2026, 3, 28, 10, 0); /* Saturday morning, the day before */
    kiosk_set_walltime(k, &w);
    assert_int_equal(loop_round(k, &t), 0x3Bu); /* 0, 1, 3, 4, 5: not race day's */
    w = local(2026, 3, 28, 13, 0);              /* the afternoon: panel 4's chapter is off too */
    kiosk_set_walltime(k, &w);
    loop_round(k, &t);
    assert_int_equal(loop_round(k, &t), 0x2Bu);
    assert_int_equal(index_chapters_listed(k, &t), 4);
    /* a visitor's next from panel 1 goes to 3 */
    kiosk_goto(k, 1, t);
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t);
    t = settle(k, t + 1, SETTLE_FRAME);
    assert_int_equal(kiosk_current(k), 3);
    /* the position indicator counts what a visitor can reach: panel 3 is
     * the third of the four on (0, 1, 3, 5) */
    kiosk_update(k, t);
    assert_true(frame_has_line(k, fk, t, "3 / 4"));
    assert_false(frame_has_line(k, fk, t, "4 / 6"));
    /* past midnight, after the clocks went forward: race day, a morning */
    w = local(2026, 3, 29, 9, 30);
    kiosk_set_walltime(k, &w);
    assert_int_equal(index_chapters_listed(k, &t), 6);
    for (int i = 0; i < 200; i++, t += 1000) /* the visitor leaves: the loop again */
        kiosk_update(k, t);
    assert_int_equal(loop_round(k, &t), 0x3Fu);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "sched");

    /* the whole exhibit shows only next year: its title panel, alone */
    k = kiosk_of_exhibit(r, "later",
                         SIMPLE_EXHIBIT("later", "Later", "show: 2027-01-01..2027-12-31\n"), 3,
                         chapter_panel, NULL, &fk);
    w = local(2026, 12, 31, 23, 59);
    kiosk_set_walltime(k, &w);
    assert_int_equal(loop_round(k, &t), 0x1u);
    w = local(2027, 1, 1, 0, 0); /* midnight: the year it shows */
    kiosk_set_walltime(k, &w);
    assert_int_equal(loop_round(k, &t) | loop_round(k, &t), 0x7u);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "later");
}

/* A locale code as long as the store accepts (35 characters) is kept whole:
 * the language button switches to it and the kiosk reports it; when the
 * visitor has gone, the loop is back in the language it was playing. */
static void long_locale_codes_are_kept_whole(void **state)
{
    struct rig *r = *state;
    const char *code = "fr-Latn-FR-x-museum-audience-2026a"; /* 34 */
    char exhibit[512];
    assert_true(strlen(code) > 16 && strlen(code) <= STORE_LOCALE_MAX);
    snprintf(exhibit, sizeof(exhibit),
             "id: long\nversion: \"1\"\ndefault_locale: en\nlocales:\n  en: English\n"
             "  %s: Fran\xC3\xA7\x61is\ntitle: Long codes\nsources:\n  - id: s\n"
             "    cite: A source\n    description: A source.\n",
             code);
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "long", exhibit, 2, two_locale_panel, code, &fk);
    assert_string_equal(kiosk_locale(k), "en");
    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t); /* wake */
    kiosk_update(k, t);
    const struct control *c = NULL;
    int nc = kiosk_controls(k, &c), lang = -1;
    for (int i = 0; i < nc; i++)
        if (c[i].act == ACT_LANGUAGE && c[i].arg == 1)
            lang = i;
    assert_true(lang >= 0);
    t += 500;
    tap_control(k, &c[lang], &t);
    assert_string_equal(kiosk_locale(k), code);
    /* the visitor leaves: after the idle time and the countdown the loop
     * plays in its own language again, for the next visitor */
    for (uint64_t end = t + MODE_IDLE_MS + MODE_COUNTDOWN_MS + 5000; t < end; t += 100)
        kiosk_update(k, t);
    assert_int_equal(kiosk_mode(k), MODE_LOOP);
    assert_string_equal(kiosk_locale(k), "en");
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "long");
}

/* The date is an input like the time: none until given, then exactly what
 * was given (any date, as opening hours' tests will need). */
static void the_wall_clock_is_an_input(void **state)
{
    struct rig *r = *state;
    assert_null(kiosk_walltime(r->k));
    struct walltime w = {.utc_s = 1397354400,
                         .year = 2014,
                         .month = 4,
                         .day = 13,
                         .weekday = 0,
                         .hour = 10,
                         .minute = 30,
                         .utc_offset_s = 9 * 3600};
    kiosk_set_walltime(r->k, &w);
    const struct walltime *got = kiosk_walltime(r->k);
    assert_non_null(got);
    assert_memory_equal(got, &w, sizeof(w));
    w.year = 2038;
    assert_int_equal(kiosk_walltime(r->k)->year, 2014); /* a copy, not a reference */
}

/* The kiosk closes while a visitor is on panel 4: the session ends and the
 * loop goes back to its first panel (so the next opening starts there,
 * not at "Still there?"); ending a session that is not there does nothing. */
static void closing_ends_the_session(void **state)
{
    struct rig *r = *state;
    uint64_t t = 5000;
    kiosk_update(r->k, t);
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(r->k, &e, t); /* wakes */
    for (int i = 0; i < 3; i++) {
        t += 1000;
        e = key(INPUT_KEY_RIGHT, t);
        kiosk_input(r->k, &e, t);
        for (kiosk_update(r->k, t); kiosk_transitioning(r->k); kiosk_update(r->k, t))
            t += KIOSK_FRAME_MS;
    }
    assert_int_equal(kiosk_current(r->k), 3);
    assert_int_not_equal(kiosk_mode(r->k), MODE_LOOP);
    assert_int_equal(kiosk_wakes(r->k), 1); /* one visitor, one session */
    kiosk_end_session(r->k, t);
    kiosk_update(r->k, t);
    assert_int_equal(kiosk_mode(r->k), MODE_LOOP);
    assert_true(kiosk_transitioning(r->k)); /* to the first panel */
    for (kiosk_update(r->k, t); kiosk_transitioning(r->k); kiosk_update(r->k, t))
        t += KIOSK_FRAME_MS;
    assert_int_equal(kiosk_current(r->k), 0);
    kiosk_end_session(r->k, t); /* already looping: nothing moves */
    kiosk_update(r->k, t);
    assert_false(kiosk_transitioning(r->k));
    assert_int_equal(kiosk_current(r->k), 0);
}

/* The loop (nobody there) keeps the panel on screen only: when a
 * transition ends, the panel that left is let go (a full screen of pixels
 * each). Closing for the night lets go of every prepared panel, the one on
 * screen too; the next frame prepares that panel again and shows it, and
 * the loop goes on from there. */
static void sleeping_releases_every_view(void **state)
{
    struct rig *r = *state;
    uint64_t t = 1000;
    int was = 0, ended = 0;
    for (; t < 60000; t += 16) { /* a few panels */
        kiosk_update(r->k, t);
        if (kiosk_needs_frame(r->k, t))
            kiosk_draw(r->k, t);
        int now = kiosk_transitioning(r->k);
        if (was && !now) {
            assert_int_equal(r->f.live, 1);
            ended++;
        }
        was = now;
    }
    assert_true(ended >= 2);
    t = settle(r->k, t, SETTLE_DRAW);
    int panel = kiosk_current(r->k);
    assert_true(r->f.live >= 1);
    kiosk_sleep(r->k);
    assert_int_equal(r->f.live, 0);
    assert_int_equal(kiosk_cached_panels(r->k), 1); /* the panel on screen, laid out */
    long frames = r->f.frames;
    kiosk_update(r->k, t);
    assert_true(kiosk_needs_frame(r->k, t));
    kiosk_draw(r->k, t);
    assert_int_equal(r->f.frames, frames + 1);
    assert_int_equal(r->f.last.n_views, 1);
    assert_int_equal(r->f.last.views[0].panel, panel);
    assert_int_equal(r->f.bad_draws, 0);
    for (t += 16; t < 120000; t += 16) { /* and the loop goes on */
        kiosk_update(r->k, t);
        if (kiosk_needs_frame(r->k, t))
            kiosk_draw(r->k, t);
    }
    assert_int_not_equal(kiosk_current(r->k), panel);
    assert_int_equal(r->f.bad_draws, 0);
}

/* Content switched while a panel dwells, then a visitor touches before the
 * transition: the old content stays whole (its panel, count and index) as
 * long as its panel is on screen; the visitor's next step brings the new
 * content's first panel. */
static void a_touch_before_the_boundary_does_not_strand_old_content(void **state)
{
    struct rig *r = *state;
    char src[4096], out[128], why[4096];
    snprintf(src, sizeof(src), "%s/tests/data/author/good", getenv("VITRINE_SOURCE_DIR"));
    snprintf(out, sizeof(out), "%s/touch.vitrine", r->dir);
    assert_int_equal(author_build(src, out, NULL, why, sizeof(why)), 0);
    struct store *s = NULL;
    assert_int_equal(store_open_file(out, &s, why, sizeof(why)), 0);
    int old_count = kiosk_panel_count(r->k);
    uint64_t t = 30000000;
    kiosk_update(r->k, t);
    t = settle(r->k, t, SETTLE_DEADLINE);
    int shown = kiosk_current(r->k);
    kiosk_switch_store(r->k, s);
    /* to the moment the next panel is prepared, a second before it arrives */
    t = kiosk_deadline(r->k, t);
    kiosk_update(r->k, t);
    assert_false(kiosk_transitioning(r->k));
    struct input_event e = key(INPUT_KEY_RIGHT, t + 100);
    kiosk_input(r->k, &e, t + 100); /* wakes: the loop pauses */
    kiosk_update(r->k, t + 200);
    assert_int_equal(kiosk_current(r->k), shown);
    assert_int_equal(kiosk_panel_count(r->k), old_count); /* what is shown is what is counted */
    e = key(INPUT_KEY_RIGHT, t + 1000);
    kiosk_input(r->k, &e, t + 1000);
    kiosk_update(r->k, t + 1000);
    assert_true(kiosk_transitioning(r->k));
    for (int i = 0; i < 60; i++)
        kiosk_update(r->k, t + 1000 + (uint64_t)i * KIOSK_FRAME_MS);
    assert_int_not_equal(kiosk_panel_count(r->k), old_count);
    assert_int_equal(kiosk_current(r->k), 0);
    unlink(out);
}

static void one_panel(FILE *f, int i, const void *arg)
{
    (void)arg;
    fprintf(f, "kind: title\nheading: The only panel %d\nsources: [s]\n", i);
}

/* An exhibit of one panel never reaches a panel boundary by itself: new
 * content takes its place at once while it loops. */
static void a_one_panel_exhibit_takes_new_content(void **state)
{
    struct rig *r = *state;
    struct fake *fk = NULL;
    struct kiosk *k =
        kiosk_of_exhibit(r, "one", SIMPLE_EXHIBIT("one", "One", ""), 1, one_panel, NULL, &fk);
    assert_int_equal(kiosk_panel_count(k), 1);
    kiosk_switch_store(k, bundled());
    kiosk_update(k, 5000);
    assert_true(kiosk_panel_count(k) > 1);
    assert_int_equal(kiosk_current(k), 0);
    kiosk_draw(k, 5000);
    assert_int_equal(fk->last.n_views, 1);
    assert_int_equal(fk->bad_draws, 0);
    kiosk_free(k);
    assert_int_equal(fk->live, 0);
    free(fk);
    exhibit_remove(r, "one");
}

/* ---- video panels ----------------------------------------------------------- */

/* The build's clip hook, decoding nothing: a 3 s H.264 clip with sound, and
 * the PNG of a 1x1 picture for its poster. */
static int clip_3s(void *ctx, const char *path, long long poster_ms, int want_poster,
                   struct author_clip *out, char *why, size_t why_len)
{
    static const unsigned char png[] = {
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
        0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
        0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78,
        0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99,
        0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
    (void)ctx, (void)poster_ms, (void)why, (void)why_len;
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    *out = (struct author_clip){.codec = "h264",
                                .container = "mp4",
                                .w = 1280,
                                .h = 720,
                                .fps = 30,
                                .duration_ms = 3000,
                                .bitrate = 4000000,
                                .audio = 1,
                                .bytes = (long long)st.st_size};
    if (want_poster) {
        out->poster = malloc(sizeof png);
        assert_non_null(out->poster);
        memcpy(out->poster, png, sizeof png);
        out->poster_size = sizeof png;
    }
    return 0;
}

/* Panel 1 plays a clip (then: next, two captions); 0 and 2 are stories.
 * arg: the exhibit's folder, where the clip and its captions are written. */
static void video_exhibit_panel(FILE *f, int i, const void *arg)
{
    if (i != 1) {
        fprintf(f, "kind: story\nheading: Panel %d\nbody: Text.\nsources: [s]\n", i);
        return;
    }
    char path[256];
    snprintf(path, sizeof(path), "%s/clip.mp4", (const char *)arg);
    FILE *c = fopen(path, "w");
    assert_non_null(c);
    fputs("not decoded by these tests", c);
    fclose(c);
    snprintf(path, sizeof(path), "%s/clip.vtt", (const char *)arg);
    c = fopen(path, "w");
    assert_non_null(c);
    fputs("WEBVTT\n\n00:00.500 --> 00:01.500\nFirst words\n\n00:01.500 --> 00:02.500\nThen more\n",
          c);
    fclose(c);
    fprintf(f, "kind: video\nheading: The film\nbody: A film.\nsources: [s]\n"
               "video: {file: clip.mp4, then: next, captions: {en: clip.vtt}}\n");
}

/* The texts of the frame's lists drawn with role, joined by '|'. */
static const char *frame_texts(const struct frame *fr, const char *role, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int l = 0; l < fr->n_lists; l++)
        for (int i = 0; i < fr->lists[l]->n; i++) {
            const struct draw_item *it = &fr->lists[l]->items[i];
            if (it->role && strcmp(it->role, role) == 0 && it->kind == DRAW_TEXT && used < n)
                used += (size_t)snprintf(buf + used, n - used, "%s%.*s", used ? "|" : "",
                                         (int)it->len, it->text);
        }
    return buf;
}

static int frame_has_role(const struct frame *fr, const char *role)
{
    for (int l = 0; l < fr->n_lists; l++)
        for (int i = 0; i < fr->lists[l]->n; i++)
            if (fr->lists[l]->items[i].role && strcmp(fr->lists[l]->items[i].role, role) == 0)
                return 1;
    return 0;
}

/* A tap in the middle of the screen (on the panel, not a control). */
static void tap_panel(struct kiosk *k, uint64_t *t)
{
    struct input_event e = {.kind = INPUT_TOUCH,
                            .finger = 1,
                            .phase = INPUT_DOWN,
                            .x = FAKE_W * 0.3f,
                            .y = FAKE_H * 0.4f,
                            .t_ms = *t};
    kiosk_input(k, &e, *t);
    *t += 60;
    e.phase = INPUT_UP;
    e.t_ms = *t;
    kiosk_input(k, &e, *t);
    kiosk_update(k, *t);
    *t += 400;
    kiosk_update(k, *t);
}

/* The kiosk drives the clip through its frames: it plays on arrival from a
 * run of its own, its caption follows the clip's time, its end moves the
 * loop on (then: next) while it is held as it leaves; a visitor's tap
 * pauses it (a play mark shows) and plays it; a visitor watching it is not
 * idle, one who paused it is; and every arrival plays it from its start. */
static void a_video_panel_plays_captions_pauses_and_moves_on(void **state)
{
    struct rig *r = *state;
    static const struct author_opts o = {.clip = clip_3s};
    char dir[128], buf[256];
    snprintf(dir, sizeof(dir), "%s/video", r->dir);
    exhibit_opts = &o;
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(r, "video", SIMPLE_EXHIBIT("video", "Video", ""), 3,
                                       video_exhibit_panel, dir, &fk);
    exhibit_opts = NULL;
    uint64_t t = 2000;
    kiosk_goto(k, 1, t);
    kiosk_update(k, t);
    kiosk_draw(k, t);
    assert_int_equal(kiosk_current(k), 1);
    assert_int_equal(fk->last.n_views, 1);
    assert_int_equal(fk->last.views[0].play, PV_PLAY);
    uint32_t run = fk->last.views[0].run;
    assert_true(run != 0);
    /* nothing new: no frame; a new picture: a frame, with its caption */
    fk->video = (struct pvideo){.state = PVIDEO_LOADING};
    kiosk_update(k, t += 10);
    assert_false(kiosk_needs_frame(k, t));
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 600, .fresh = 1};
    kiosk_update(k, t += 10);
    assert_true(kiosk_needs_frame(k, t));
    kiosk_draw(k, t);
    assert_string_equal(frame_texts(&fk->last, "caption", buf, sizeof buf), "First words");
    assert_int_equal(fk->last.views[0].run, run); /* the same run plays on */
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 1600, .fresh = 1};
    kiosk_update(k, t += 1000);
    kiosk_draw(k, t);
    assert_string_equal(frame_texts(&fk->last, "caption", buf, sizeof buf), "Then more");
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 2600, .fresh = 1};
    kiosk_update(k, t += 1000);
    kiosk_draw(k, t);
    assert_false(frame_has_role(&fk->last, "caption"));
    /* the dwell of a clip that moves on lasts at least the clip */
    for (int i = 0; i < 20; i++) {
        fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 2600};
        kiosk_update(k, t += 100);
        assert_false(kiosk_transitioning(k));
    }
    /* its end: the loop goes on at once, the clip held while it leaves */
    fk->video = (struct pvideo){.state = PVIDEO_ENDED, .pos_ms = 3000};
    kiosk_update(k, t += 10);
    kiosk_update(k, t += 10);
    assert_true(kiosk_transitioning(k));
    kiosk_draw(k, t);
    assert_int_equal(fk->last.n_views, 2);
    assert_int_equal(fk->last.views[0].panel, 1);
    assert_int_equal(fk->last.views[0].play, PV_PAUSE);
    assert_int_equal(fk->last.views[1].play, PV_STILL); /* a story */
    fk->video = (struct pvideo){0};
    t = settle(k, t, SETTLE_DRAW);
    assert_int_equal(kiosk_current(k), 2);

    /* a visitor: back to the clip, which plays from its start (a new run) */
    struct input_event e = key(INPUT_KEY_LEFT, t);
    kiosk_input(k, &e, t);
    kiosk_update(k, t);
    e = key(INPUT_KEY_LEFT, t += 100);
    kiosk_input(k, &e, t);
    kiosk_update(k, t);
    kiosk_draw(k, t);
    assert_true(kiosk_transitioning(k));
    assert_int_equal(fk->last.views[1].panel, 1);
    assert_int_equal(fk->last.views[1].play, PV_PLAY); /* it plays as it arrives */
    uint32_t run2 = fk->last.views[1].run;
    assert_true(run2 != run);
    t = settle(k, t, SETTLE_DRAW);
    assert_int_equal(kiosk_current(k), 1);
    kiosk_draw(k, t);
    assert_int_equal(fk->last.views[0].run, run2); /* the run it arrived with */
    /* a tap pauses it: held, with the play mark; another plays it */
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 700};
    kiosk_update(k, t += 10);
    tap_panel(k, &t);
    kiosk_draw(k, t);
    assert_int_equal(fk->last.views[0].play, PV_PAUSE);
    assert_true(frame_has_role(&fk->last, "paused"));
    assert_string_equal(frame_texts(&fk->last, "caption", buf, sizeof buf), "First words");
    tap_panel(k, &t);
    kiosk_draw(k, t);
    assert_int_equal(fk->last.views[0].play, PV_PLAY);
    assert_false(frame_has_role(&fk->last, "paused"));
    /* watching for longer than the idle time is not being idle */
    for (int i = 0; i < 90; i++) {
        fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 700 + i};
        kiosk_update(k, t += 1000);
    }
    assert_int_equal(kiosk_mode(k), MODE_INTERACTIVE);
    /* paused, the idle time runs out as on any panel */
    tap_panel(k, &t);
    for (int i = 0; i < 65; i++) {
        fk->video = (struct pvideo){.state = PVIDEO_PAUSED, .pos_ms = 790};
        kiosk_update(k, t += 1000);
    }
    assert_int_equal(kiosk_mode(k), MODE_COUNTDOWN);
    /* at its end a tap plays it again from the start: a new run */
    e = key(INPUT_KEY_RIGHT, t); /* still here */
    kiosk_input(k, &e, t);
    kiosk_update(k, t += 10);
    tap_panel(k, &t); /* play */
    fk->video = (struct pvideo){.state = PVIDEO_ENDED, .pos_ms = 3000};
    kiosk_update(k, t += 10);
    assert_int_equal(kiosk_current(k), 1); /* a visitor's clip waits at its end */
    tap_panel(k, &t);
    kiosk_draw(k, t);
    assert_int_equal(fk->last.views[0].play, PV_PLAY);
    assert_true(fk->last.views[0].run != run2);
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "video");
}

/* A language change on a video panel keeps the clip's run (the picture goes
 * on; only its captions change), and its captions are the new language's. */
static void a_language_change_keeps_the_clip_playing(void **state)
{
    struct rig *r = *state;
    static const struct author_opts o = {.clip = clip_3s};
    char dir[128], buf[256];
    snprintf(dir, sizeof(dir), "%s/video2", r->dir);
    exhibit_opts = &o;
    struct fake *fk = NULL;
    struct kiosk *k = kiosk_of_exhibit(
        r, "video2",
        "id: v2\nversion: \"1\"\ndefault_locale: en\nlocales:\n  en: English\n  fr: Fran\xC3\xA7"
        "ais\ntitle: Video\nsources:\n  - id: s\n    cite: A source\n    description: A source.\n",
        3, video_exhibit_panel, dir, &fk);
    exhibit_opts = NULL;
    uint64_t t = 2000;
    struct input_event e = key(INPUT_KEY_RIGHT, t);
    kiosk_input(k, &e, t); /* wake */
    kiosk_update(k, t);
    kiosk_goto(k, 1, t);
    kiosk_update(k, t);
    kiosk_draw(k, t);
    uint32_t run = fk->last.views[0].run;
    assert_true(run != 0);
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 600, .fresh = 1};
    kiosk_update(k, t += 10);
    kiosk_draw(k, t);
    assert_string_equal(frame_texts(&fk->last, "caption", buf, sizeof buf), "First words");
    const struct control *c = NULL;
    int nc = kiosk_controls(k, &c), lang = -1;
    for (int i = 0; i < nc; i++)
        if (c[i].act == ACT_LANGUAGE && c[i].arg == 1)
            lang = i;
    assert_true(lang >= 0);
    struct pview *before = fk->last.views[0].view;
    t += 500;
    tap_control(k, &c[lang], &t);
    assert_string_equal(kiosk_locale(k), "fr");
    fk->video = (struct pvideo){.state = PVIDEO_PLAYING, .pos_ms = 1200, .fresh = 1};
    kiosk_update(k, t += 10);
    kiosk_draw(k, t);
    assert_int_equal(kiosk_current(k), 1);
    assert_ptr_not_equal(fk->last.views[0].view, before); /* the French panel */
    assert_int_equal(fk->last.views[0].run, run);         /* the same run plays on */
    assert_int_equal(fk->last.views[0].play, PV_PLAY);
    /* the clip has English captions only: they are shown in French too */
    assert_string_equal(frame_texts(&fk->last, "caption", buf, sizeof buf), "First words");
    kiosk_free(k);
    free(fk);
    exhibit_remove(r, "video2");
}

int main(void)
{
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_loop_shows_every_panel_without_preparing_while_dwelling,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_crossfade_presents_both_panels, setup, teardown),
        cmocka_unit_test_setup_teardown(a_slide_follows_the_direction, setup, teardown),
        cmocka_unit_test_setup_teardown(a_count_up_ends_on_its_final_value, setup, teardown),
        cmocka_unit_test_setup_teardown(the_loop_invitation_moves, setup, teardown),
        cmocka_unit_test(the_view_cache_stays_within_its_budget),
        cmocka_unit_test(staff_lines_reach_log_subscribers),
        cmocka_unit_test_setup_teardown(new_content_switches_at_a_panel_boundary, setup, teardown),
        cmocka_unit_test_setup_teardown(the_chapter_index_pages_beyond_one_screen, setup, teardown),
        cmocka_unit_test_setup_teardown(long_locale_codes_are_kept_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(nine_languages_are_two_taps_away, setup, teardown),
        cmocka_unit_test_setup_teardown(a_right_to_left_exhibit_mirrors_touch_and_slides, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(the_wall_clock_is_an_input, setup, teardown),
        cmocka_unit_test_setup_teardown(a_schedule_decides_what_is_on, setup, teardown),
        cmocka_unit_test_setup_teardown(sleeping_releases_every_view, setup, teardown),
        cmocka_unit_test_setup_teardown(closing_ends_the_session, setup, teardown),
        cmocka_unit_test_setup_teardown(a_touch_before_the_boundary_does_not_strand_old_content,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(a_one_panel_exhibit_takes_new_content, setup, teardown),
        cmocka_unit_test_setup_teardown(a_video_panel_plays_captions_pauses_and_moves_on, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(a_language_change_keeps_the_clip_playing, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
