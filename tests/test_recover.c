/* Every texture can be rebuilt from data: the kiosk shows a statistic
 * panel (a static layer, glyph atlases counting a figure, a unit chart,
 * chrome text from the cache) in a real window with the renderer named by
 * VITRINE_TEST_RENDERER (opengl: Mesa's software rasteriser under Xvfb;
 * software). Then SDL_RENDER_TARGETS_RESET and SDL_RENDER_DEVICE_RESET are
 * pushed through the event queue the run loop reads; after each, the next
 * frame must equal the one before, pixel for pixel within a small
 * tolerance. Before the targets reset the views' textures are painted
 * magenta, as a driver that lost them leaves them, so a display that did
 * not rebuild them fails; the device reset recreates the renderer, which
 * destroys every texture. Then a clip (VITRINE_TEST_FILM: a store whose
 * first panel plays one, made by test_recover.sh) plays through a device
 * reset: its player goes with the renderer (with OpenGL, mpv's context too)
 * and it plays again, drawn as before; and a clip's picture fades in with
 * its panel in a crossfade, never drawn whole over the panel leaving, and
 * a clip leaving is held at its picture under the panel arriving, as SDL
 * would draw it. First of all, the first frame presented is what the X
 * window shows (the software renderer sends only what is not background).
 * Run by test_recover.sh under its own Xvfb. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <SDL.h>
#include <cmocka.h>
#if __has_include(<X11/Xlib.h>)
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#define HAVE_XLIB 1
#endif

#include "skip_testing.h"

#include "app/visitor/kiosk.h"
#include "app/visitor/schedule.h"
#include "app/base/log.h"
#include "platform/display.h"
#include "platform/events.h"

#define STAT_PANEL 16 /* 17-foreigners: a figure and a unit chart */
#define TOLERANCE 4   /* per channel, for a renderer's rounding */

struct rig {
    struct display *d;
    struct presenter p;
    struct kiosk *k;
    uint64_t t;
};

static struct rig rig;

static int setup(void **state)
{
    char path[4096], why[512];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    const char *want = getenv("VITRINE_TEST_RENDERER");
    if (!bin || !want)
        return -1;
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, want);
    struct display_opts o = {.windowed = 1, .w = 800, .h = 600};
    rig.d = display_open(&o, why, sizeof(why));
    if (!rig.d) {
        fprintf(stderr, "display: %s\n", why);
        return -1;
    }
    if (strcmp(display_renderer_name(rig.d), want) != 0) {
        fprintf(stderr, "asked for the %s renderer, got %s\n", want, display_renderer_name(rig.d));
        return -1;
    }
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin);
    struct store *s = NULL;
    if (store_open_file(path, &s, why, sizeof(why)) != 0)
        return -1;
    rig.p = display_presenter(rig.d);
    rig.k = kiosk_new(&rig.p, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    if (!rig.k)
        return -1;
    /* let the loop bring the statistic panel and finish counting */
    uint64_t t = 1000;
    for (int guard = 0; guard < 10000; guard++) {
        kiosk_update(rig.k, t);
        if (kiosk_current(rig.k) == STAT_PANEL && !kiosk_transitioning(rig.k))
            break;
        uint64_t due = kiosk_deadline(rig.k, t);
        t = due > t ? due : t + KIOSK_FRAME_MS;
    }
    if (kiosk_current(rig.k) != STAT_PANEL)
        return -1;
    rig.t = t + KIOSK_COUNTUP_MS + 500;
    kiosk_update(rig.k, rig.t);
    *state = &rig;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    kiosk_free(rig.k);
    display_close(rig.d);
    return 0;
}

static SDL_Surface *frame(struct rig *r)
{
    kiosk_draw(r->k, r->t);
    SDL_Surface *s = display_snapshot(r->d);
    assert_non_null(s);
    return s;
}

/* Pixels whose channels differ by more than TOLERANCE. */
static long differing(const SDL_Surface *a, const SDL_Surface *b)
{
    assert_int_equal(a->w, b->w);
    assert_int_equal(a->h, b->h);
    long n = 0;
    for (int y = 0; y < a->h; y++) {
        const Uint32 *ra = (const Uint32 *)((const Uint8 *)a->pixels + (size_t)y * a->pitch);
        const Uint32 *rb = (const Uint32 *)((const Uint8 *)b->pixels + (size_t)y * b->pitch);
        for (int x = 0; x < a->w; x++)
            for (int sh = 0; sh < 24; sh += 8)
                if (abs((int)((ra[x] >> sh) & 0xFF) - (int)((rb[x] >> sh) & 0xFF)) > TOLERANCE) {
                    n++;
                    break;
                }
    }
    return n;
}

static long distinct_colours(const SDL_Surface *s)
{
    Uint32 seen[64];
    long n = 0;
    for (int y = 0; y < s->h && n < 64; y += 3) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + (size_t)y * s->pitch);
        for (int x = 0; x < s->w && n < 64; x += 3) {
            long i = 0;
            while (i < n && seen[i] != row[x])
                i++;
            if (i == n)
                seen[n++] = row[x];
        }
    }
    return n;
}

#ifdef HAVE_XLIB
/* The top-level window named name, or None. */
static Window window_named(Display *dpy, const char *name)
{
    Window root, parent, *kids = NULL, found = None;
    unsigned n = 0;
    if (!XQueryTree(dpy, DefaultRootWindow(dpy), &root, &parent, &kids, &n))
        return None;
    for (unsigned i = 0; i < n && found == None; i++) {
        char *title = NULL;
        if (XFetchName(dpy, kids[i], &title) && title && strcmp(title, name) == 0)
            found = kids[i];
        if (title)
            XFree(title);
    }
    if (kids)
        XFree(kids);
    return found;
}

/* What the X server shows in the kiosk's window, as an ARGB8888 surface. */
static SDL_Surface *window_as_shown(int w, int h)
{
    Display *dpy = XOpenDisplay(NULL);
    assert_non_null(dpy);
    Window win = window_named(dpy, "vitrine");
    assert_true(win != None);
    XImage *im = XGetImage(dpy, win, 0, 0, (unsigned)w, (unsigned)h, AllPlanes, ZPixmap);
    assert_non_null(im);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(s);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned long p = XGetPixel(im, x, y);
            Uint32 rgb = (Uint32)((p & im->red_mask) >> 16 << 16 | (p & im->green_mask) >> 8 << 8 |
                                  (p & im->blue_mask));
            ((Uint32 *)((Uint8 *)s->pixels + (size_t)y * s->pitch))[x] = 0xFF000000u | rgb;
        }
    XDestroyImage(im);
    XCloseDisplay(dpy);
    return s;
}

/* The first frame under X: the window shows what was drawn, pixel for
 * pixel. With the software renderer only its tiles that are not the
 * background are sent (display.c, first_present_rects), over a window the
 * X server painted the exhibit's background: a wrong or missing background
 * shows here, and a whole present fails the count. Runs first: nothing has
 * been presented before. */
static void the_first_frame_is_what_the_window_shows(void **state)
{
    struct rig *r = *state;
    kiosk_draw(r->k, r->t);
    SDL_Surface *drawn = display_snapshot(r->d);
    assert_non_null(drawn);
    display_present(r->d);
    SDL_Surface *shown = window_as_shown(drawn->w, drawn->h);
    long area = (long)drawn->w * drawn->h, sent = display_stats_of(r->d).damaged;
    assert_true(distinct_colours(drawn) > 4);
    assert_int_equal(differing(drawn, shown), 0);
    if (strcmp(display_renderer_name(r->d), "software") == 0)
        assert_true(sent > 0 && sent < area / 2);
    else
        assert_int_equal(sent, area);
    SDL_FreeSurface(drawn);
    SDL_FreeSurface(shown);
}
#endif

/* Push a reset the way a driver sends it and handle it as the run loop
 * does: events_wait reports it, display_recover rebuilds. */
static int push_and_recover(struct rig *r, Uint32 type)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof(ev));
    ev.type = type;
    assert_int_equal(SDL_PushEvent(&ev), 1);
    int flags = events_wait(r->d, NULL, 0, NULL, NULL, NULL);
    char why[256];
    if (flags & EVENTS_RESET) {
        assert_int_equal(
            display_recover(r->d, (flags & EVENTS_DEVICE_RESET) != 0, why, sizeof(why)), 0);
        kiosk_invalidate(r->k);
    }
    return flags;
}

static void a_frame_survives_a_targets_reset(void **state)
{
    struct rig *r = *state;
    SDL_Surface *before = frame(r);
    assert_true(distinct_colours(before) > 4); /* a real panel, not a blank screen */
    display_clobber_views(r->d, 0xFF00FF);
    SDL_Surface *lost = frame(r);
    assert_true(differing(before, lost) > 10000); /* what a lost target looks like */
    long rebuilt = display_stats_of(r->d).rebuilds;
    int flags = push_and_recover(r, SDL_RENDER_TARGETS_RESET);
    assert_true(flags & EVENTS_RESET);
    assert_false(flags & EVENTS_DEVICE_RESET);
    assert_true(display_stats_of(r->d).rebuilds >= rebuilt + 1);
    SDL_Surface *after = frame(r);
    assert_int_equal(differing(before, after), 0);
    SDL_FreeSurface(before);
    SDL_FreeSurface(lost);
    SDL_FreeSurface(after);
}

static void a_frame_survives_a_device_reset(void **state)
{
    struct rig *r = *state;
    const char *want = getenv("VITRINE_TEST_RENDERER");
    SDL_Surface *before = frame(r);
    long rebuilt = display_stats_of(r->d).rebuilds;
    int flags = push_and_recover(r, SDL_RENDER_DEVICE_RESET);
    assert_true(flags & EVENTS_DEVICE_RESET);
    assert_true(display_stats_of(r->d).rebuilds >= rebuilt + 1);
    assert_string_equal(display_renderer_name(r->d), want); /* the same kind, made anew */
    SDL_Surface *after = frame(r);
    assert_int_equal(differing(before, after), 0);
    /* and it keeps working: the loop moves on to the next panel */
    uint64_t t = r->t;
    for (int guard = 0; guard < 100 && kiosk_current(r->k) == STAT_PANEL; guard++) {
        uint64_t due = kiosk_deadline(r->k, t);
        t = due > t ? due : t + KIOSK_FRAME_MS;
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
    }
    assert_int_equal(kiosk_current(r->k), STAT_PANEL + 1);
    SDL_FreeSurface(before);
    SDL_FreeSurface(after);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Run the loop as cmd_run does, in real time (mpv plays in real time),
 * until the display has drawn n more clip pictures: 1, or 0 after 15 s. */
static int play_frames(struct rig *r, long n)
{
    long want = display_stats_of(r->d).clip_frames + n;
    uint64_t end = now_ms() + 15000;
    while (display_stats_of(r->d).clip_frames < want) {
        uint64_t t = now_ms();
        if (t > end)
            return 0;
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
        display_present(r->d);
        /* until mpv has a picture (its waker) or the next frame is due */
        events_wait(r->d, NULL, 20, NULL, NULL, NULL);
    }
    return 1;
}

/* The rig's kiosk replaced by one on the film store (VITRINE_TEST_FILM)
 * at kiosk time t, its clips played with the run loop's waker, the loop
 * crossfading; the test is skipped without the store (no ffmpeg to make
 * the clip: test_recover.sh says so). */
static void film_kiosk(struct rig *r, uint64_t t)
{
    const char *film = getenv("VITRINE_TEST_FILM");
    if (!film || !*film)
        SKIP_BECAUSE("no clip store in VITRINE_TEST_FILM (test_recover.sh makes it with ffmpeg)");
    char why[512];
    struct store *s = NULL;
    assert_int_equal(store_open_file(film, &s, why, sizeof(why)), 0);
    kiosk_free(r->k);
    display_set_video(r->d, events_waker(), 0, DISPLAY_HWDEC_NO);
    r->k = kiosk_new(&r->p, s, &(struct kiosk_opts){0}, t, why, sizeof(why));
    assert_non_null(r->k);
    kiosk_set_loop_transition(r->k, TRANS_CROSSFADE);
}

/* Kiosk time from t to where the next transition starts: its start. */
static uint64_t to_next_transition(struct rig *r, uint64_t t)
{
    for (int guard = 0; guard < 100 && !kiosk_transitioning(r->k); guard++) {
        uint64_t due = kiosk_deadline(r->k, t);
        t = due > t ? due : t + KIOSK_FRAME_MS;
        kiosk_update(r->k, t);
    }
    assert_true(kiosk_transitioning(r->k));
    return t;
}

static void a_clip_plays_on_after_a_device_reset(void **state)
{
    struct rig *r = *state;
    const char *want = getenv("VITRINE_TEST_RENDERER");
    film_kiosk(r, now_ms());

    long gl0 = 0, gl1 = 0, gl2 = 0;
    gl0 = display_stats_of(r->d).clip_frames_gl;
    if (!play_frames(r, 5))
        fail_msg("the clip drew %ld pictures in 15 s", display_stats_of(r->d).clip_frames);
    gl1 = display_stats_of(r->d).clip_frames_gl;
    /* with OpenGL, mpv draws it there; in software, never */
    if (strcmp(want, "opengl") == 0)
        assert_true(gl1 >= gl0 + 5);
    else
        assert_int_equal(gl1, 0);

    int flags = push_and_recover(r, SDL_RENDER_DEVICE_RESET);
    assert_true(flags & EVENTS_DEVICE_RESET);
    assert_string_equal(display_renderer_name(r->d), want);
    /* it plays again, drawn as before, in the new renderer */
    if (!play_frames(r, 5))
        fail_msg("no clip picture in 15 s after the reset");
    gl2 = display_stats_of(r->d).clip_frames_gl;
    if (strcmp(want, "opengl") == 0)
        assert_true(gl2 >= gl1 + 5);
    else
        assert_int_equal(gl2, 0);
    SDL_Surface *after = frame(r);
    assert_true(distinct_colours(after) > 4); /* the panel and its picture, not black */
    SDL_FreeSurface(after);
}

/* Draw the frame at kiosk time t, in real time (mpv plays in real time),
 * until the display has drawn n more clip pictures; then that frame, as
 * a snapshot the caller frees. NULL after 15 s. */
static SDL_Surface *frame_with_pictures(struct rig *r, uint64_t t, long n)
{
    long want = display_stats_of(r->d).clip_frames + n;
    uint64_t end = now_ms() + 15000;
    while (display_stats_of(r->d).clip_frames < want) {
        if (now_ms() > end)
            return NULL;
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
        display_present(r->d);
        events_wait(r->d, NULL, 20, NULL, NULL, NULL);
    }
    kiosk_draw(r->k, t);
    return display_snapshot(r->d);
}

static int pure_red(Uint32 px)
{
    return ((px >> 16) & 0xFF) > 240 && ((px >> 8) & 0xFF) < 40 && (px & 0xFF) < 40;
}

static void a_clip_fades_in_with_its_panel(void **state)
{
    struct rig *r = *state;
    uint64_t t = 1000;
    film_kiosk(r, t);
    /* round the loop in kiosk time, drawing nothing (no clip starts), to
     * the last panel: the next crossfade brings the film (panel 0) in over
     * a panel of text */
    int last = kiosk_panel_count(r->k) - 1;
    for (int guard = 0; guard < 1000; guard++) {
        kiosk_update(r->k, t);
        if (kiosk_current(r->k) == last && !kiosk_transitioning(r->k))
            break;
        uint64_t due = kiosk_deadline(r->k, t);
        t = due > t ? due : t + KIOSK_FRAME_MS;
    }
    assert_int_equal(kiosk_current(r->k), last);
    kiosk_draw(r->k, t);
    display_present(r->d);
    /* its dwell runs out: the crossfade starts at t */
    t = to_next_transition(r, t);
    assert_int_equal(kiosk_transition_kind(r->k), TRANS_CROSSFADE);

    /* a third into the crossfade, with the clip's pictures coming: held
     * there while mpv draws two; then at its end, two more */
    long own = display_stats_of(r->d).own_blends;
    SDL_Surface *mid = frame_with_pictures(r, t + SCHED_CROSSFADE_MS / 3, 2);
    if (!mid)
        fail_msg("no clip picture in 15 s, a third into the crossfade");
    int software = strcmp(getenv("VITRINE_TEST_RENDERER"), "software") == 0;
    /* the software renderer blends it itself, picture and all; SDL would
     * draw the same frame */
    if (software)
        assert_true(display_stats_of(r->d).own_blends > own);
    display_set_own_blend(r->d, 0);
    kiosk_draw(r->k, t + SCHED_CROSSFADE_MS / 3);
    SDL_Surface *mid_sdl = display_snapshot(r->d);
    display_set_own_blend(r->d, 1);
    assert_non_null(mid_sdl);
    SDL_Surface *whole = frame_with_pictures(r, t + SCHED_CROSSFADE_MS + 50, 2);
    if (!whole)
        fail_msg("no clip picture in 15 s after the crossfade");
    assert_int_equal(kiosk_current(r->k), 0);
    /* testsrc2's red bar is pure red in the whole picture (and nowhere in
     * a panel); faded in, it is mixed with the panel leaving */
    long red = 0, red_mid = 0, same = 0;
    for (int y = 0; y < whole->h; y++) {
        const Uint32 *a = (const Uint32 *)((const Uint8 *)whole->pixels + (size_t)y * whole->pitch);
        const Uint32 *b = (const Uint32 *)((const Uint8 *)mid->pixels + (size_t)y * mid->pitch);
        const Uint32 *c =
            (const Uint32 *)((const Uint8 *)mid_sdl->pixels + (size_t)y * mid_sdl->pitch);
        for (int x = 0; x < whole->w; x++)
            if (pure_red(a[x])) {
                red++;
                red_mid += pure_red(b[x]);
                int close = 1;
                for (int sh = 0; sh < 24; sh += 8)
                    close &=
                        abs((int)((b[x] >> sh) & 0xFF) - (int)((c[x] >> sh) & 0xFF)) <= TOLERANCE;
                same += close;
            }
    }
    if (red < 2000 || red_mid > red / 10)
        fail_msg("%ld pure red pixels in the picture, %ld of them a third into the crossfade", red,
                 red_mid);
    /* the bar is still (testsrc2's moving line crosses a little of it) */
    if (same < red * 9 / 10)
        fail_msg("a third into the crossfade, %ld of the %ld pixels of the picture's bar are as "
                 "SDL draws them",
                 same, red);
    SDL_FreeSurface(mid);
    SDL_FreeSurface(mid_sdl);
    SDL_FreeSurface(whole);
}

static void a_clip_leaving_is_held_under_the_panel_arriving(void **state)
{
    struct rig *r = *state;
    uint64_t t = 1000;
    film_kiosk(r, t);
    kiosk_update(r->k, t);
    /* the film, then the looping clip (panel 1), playing */
    t = to_next_transition(r, t);
    t += SCHED_CROSSFADE_MS + 50;
    SDL_Surface *shown = frame_with_pictures(r, t, 2);
    if (!shown)
        fail_msg("the looping clip drew no picture in 15 s");
    SDL_FreeSurface(shown);
    assert_int_equal(kiosk_current(r->k), 1);
    /* its dwell ends: a panel of text comes over it, and the clip is held
     * at its picture (let a picture on its way land first) */
    t = to_next_transition(r, t) + SCHED_CROSSFADE_MS / 3;
    uint64_t end = now_ms() + 300;
    while (now_ms() < end) {
        kiosk_update(r->k, t);
        kiosk_draw(r->k, t);
        display_present(r->d);
        events_wait(r->d, NULL, 20, NULL, NULL, NULL);
    }
    long own = display_stats_of(r->d).own_blends;
    kiosk_draw(r->k, t);
    SDL_Surface *mine = display_snapshot(r->d);
    if (strcmp(getenv("VITRINE_TEST_RENDERER"), "software") == 0)
        assert_true(display_stats_of(r->d).own_blends > own);
    display_set_own_blend(r->d, 0);
    kiosk_draw(r->k, t);
    SDL_Surface *sdl = display_snapshot(r->d);
    display_set_own_blend(r->d, 1);
    assert_non_null(mine);
    assert_non_null(sdl);
    assert_true(distinct_colours(mine) > 8); /* the picture is there, mixed */
    long off = differing(mine, sdl);
    if (off > 0)
        fail_msg("a third into the crossfade, %ld pixels differ from SDL's frame", off);
    SDL_FreeSurface(mine);
    SDL_FreeSurface(sdl);
}

int main(void)
{
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
#ifdef HAVE_XLIB
        cmocka_unit_test(the_first_frame_is_what_the_window_shows),
#endif
        cmocka_unit_test(a_frame_survives_a_targets_reset),
        cmocka_unit_test(a_frame_survives_a_device_reset),
        cmocka_unit_test(a_clip_plays_on_after_a_device_reset),
        cmocka_unit_test(a_clip_fades_in_with_its_panel),
        cmocka_unit_test(a_clip_leaving_is_held_under_the_panel_arriving),
    };
    return run_counting_skips(tests, setup, teardown);
}
