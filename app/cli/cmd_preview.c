/* cmd_preview.c - `vitrine preview SRC_DIR`: a window on an exhibit's
 * sources that rebuilds on every save, for curators writing panels.
 *
 * Decisions (see also README.md, "Authoring with live preview"):
 * - Watching: platform/dirwatch.h (inotify on every folder) blocks in a
 *   job (app/base/job.h) on its own thread; each batch of file events is a
 *   job_report, which wakes the loop through events_waker(). The loop
 *   itself never blocks on files.
 * - Debounce: app/visitor/preview.h, driven by the kiosk's clock (clock_now_ms):
 *   PREVIEW_QUIET_MS without file events, then one rebuild; the loop's
 *   wait timeout ends at the debounce deadline, no sleeps.
 * - Building: on the main thread, between frames, with the display's own
 *   fonts for the fit and glyph checks (exactly `bundle build`'s checks,
 *   cli_build_exhibit). SDL_ttf and FreeType share one library object, so
 *   measuring on a second thread while the window draws is not safe; a
 *   build of a typical exhibit takes well under a second, during which the
 *   window does not redraw. Nothing moves on screen meanwhile anyway.
 * - The store is built into a private folder under $TMPDIR (mkdtemp) and
 *   opened with store_open_file; each successful build renames the new
 *   store over the old one (author_build never leaves half a store), the
 *   old kiosk and its store are freed before the new one is opened, so
 *   memory does not grow with the number of saves. The folder is removed
 *   at exit.
 * - After a rebuild a new kiosk shows the panel that was on screen (same
 *   index, clamped to the new exhibit) in the same language. The loop and
 *   touch controls work as on the kiosk, so a curator sees what visitors
 *   see; --idle-timeout defaults to 600 s here so a panel being read is not
 *   left for the loop too soon.
 * - A failed build shows its errors (file:line: reason) full screen in
 *   place of the panel until a save fixes it, and how many warnings it
 *   gave; the preview never exits on bad content. It stops on SIGTERM/SIGINT
 *   (EVENTS_STOP) or a window close.
 * - A build with warnings shows them in a strip across the top of every
 *   frame (preview_warnings_layout), over the panel, until a build has
 *   none: the kiosk draws through a presenter that wraps the display's and
 *   adds the strip's draw list last, so app/visitor/kiosk.c knows nothing
 *   of it. The strip is laid out again when the window's size changes. A
 *   click (or touch) on it folds it to its first line, and back; that
 *   touch is not the kiosk's. A new build unfolds it.
 * - Log lines for tests and scripts (stderr):
 *   "vitrine[preview] info: rebuilt in N ms, panel K of M" once the new
 *   build is on screen (and written to --shot), and
 *   "vitrine[preview] warn: build failed in N ms:" then one line per error,
 *   once the error card is on screen. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "dirwatch.h"
#include "display.h"
#include "events.h"
#include "cli.h"
#include "job.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"
#include "preview.h"

#define PREVIEW_W 1280
#define PREVIEW_H 720

struct preview {
    const struct options *o;
    const char *src;
    struct display *d;
    struct presenter pres; /* what the kiosk draws through: the display's, and the strip */
    struct presenter real; /* the display's */
    struct kiosk *k;       /* NULL while the exhibit does not build */
    int index;             /* the panel to show again after the next build */
    char locale[32];       /* its language; "" = the exhibit's default */
    char tmpdir[PATH_MAX], store_path[PATH_MAX + 32];
    /* the error card, while the build fails */
    char errors[8192];
    struct arena err_arena;
    struct draw_list err_list;
    int err_dirty;
    /* the last build's warnings, one per line, and their strip */
    char warnings[8192];
    int n_warnings;
    struct arena warn_arena;
    struct draw_list warn_list;
    int warn_w, warn_h;  /* the size warn_list was laid out for; 0: not yet */
    int warn_folded;     /* the strip shows its first line only (a click on it) */
    int64_t warn_finger; /* the touch that folded it: its moves are not the kiosk's */
    int warn_touch;
    /* reported once the result of a build is on screen */
    int report_due;
    uint64_t build_ms, started_ms;
};

/* The job: block on the folder, report each batch of events. */
static int watch_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct dirwatch *w = ctx;
    uint64_t total = 0;
    while (!job_cancelled(j)) {
        int n = dirwatch_wait(w);
        if (n < 0) {
            snprintf(msg, msg_len, "the folder can no longer be watched");
            return 1;
        }
        if (n > 0) {
            total += (uint64_t)n;
            job_report(j, total, 0, "%d file events", n);
        }
    }
    return 0;
}

/* Empty and remove dir if it is a preview's folder whose preview is gone:
 * its `pid` file names a process that no longer exists. Only the names a
 * preview writes are removed (the store, the writer's temporary files and
 * journal, the pid file), so nothing else is ever deleted. */
static void sweep_one(const char *dir)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof(path), "%s/pid", dir) >= (int)sizeof(path))
        return;
    FILE *f = fopen(path, "r");
    long pid = 0;
    int got = f && fscanf(f, "%ld", &pid) == 1;
    if (f)
        fclose(f);
    if (!got || pid <= 0 || pid > INT_MAX || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "preview.vitrine", 15) != 0 && strcmp(e->d_name, "pid") != 0)
            continue;
        if (snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) < (int)sizeof(path))
            unlink(path);
    }
    closedir(d);
    if (rmdir(dir) == 0)
        log_info("preview", "removed %s, left behind by a preview that stopped", dir);
}

/* The folders of previews that were killed or crashed (they cannot remove
 * their own): swept when the next preview starts. */
static void sweep_tmpdirs(const char *base)
{
    DIR *d = opendir(base);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        char dir[PATH_MAX];
        if (strncmp(e->d_name, "vitrine-preview-", 16) == 0 &&
            snprintf(dir, sizeof(dir), "%s/%s", base, e->d_name) < (int)sizeof(dir))
            sweep_one(dir);
    }
    closedir(d);
}

static int make_tmpdir(struct preview *p, char *why, size_t why_len)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    sweep_tmpdirs(base);
    if (snprintf(p->tmpdir, sizeof(p->tmpdir), "%s/vitrine-preview-XXXXXX", base) >=
            (int)sizeof(p->tmpdir) ||
        !mkdtemp(p->tmpdir)) {
        snprintf(why, why_len, "cannot make a folder under %s for the preview's store", base);
        p->tmpdir[0] = '\0';
        return -1;
    }
    snprintf(p->store_path, sizeof(p->store_path), "%s/preview.vitrine", p->tmpdir);
    char pid_path[PATH_MAX + 8];
    snprintf(pid_path, sizeof(pid_path), "%s/pid", p->tmpdir);
    FILE *f = fopen(pid_path, "w");
    if (f) { /* whose folder this is, for sweep_tmpdirs */
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
    }
    return 0;
}

static void remove_tmpdir(struct preview *p)
{
    if (!p->tmpdir[0])
        return;
    char pid_path[PATH_MAX + 8];
    snprintf(pid_path, sizeof(pid_path), "%s/pid", p->tmpdir);
    unlink(p->store_path);
    unlink(pid_path);
    rmdir(p->tmpdir);
}

/* A warning of the build: kept for the strip (and the error card). */
static void on_warning(void *ctx, const char *line)
{
    struct preview *p = ctx;
    size_t used = strlen(p->warnings), n = strlen(line);
    if (used + n + 2 < sizeof(p->warnings)) {
        memcpy(p->warnings + used, line, n);
        p->warnings[used + n] = '\n';
        p->warnings[used + n + 1] = '\0';
    }
    p->n_warnings++;
}

/* ---- the presenter the kiosk draws through: the display's, plus the
 * warnings' strip over every frame ---- */

static void wrap_size(void *ctx, int *w, int *h)
{
    struct preview *p = ctx;
    p->real.size(p->real.ctx, w, h);
}

static float wrap_dpi(void *ctx)
{
    struct preview *p = ctx;
    return p->real.dpi ? p->real.dpi(p->real.ctx) : 0.0f;
}

static const struct text_measurer *wrap_measurer(void *ctx)
{
    struct preview *p = ctx;
    return p->real.measurer(p->real.ctx);
}

static struct pview *wrap_prepare(void *ctx, const struct draw_list *list, const char *locale,
                                  char *why, size_t why_len)
{
    struct preview *p = ctx;
    return p->real.prepare(p->real.ctx, list, locale, why, why_len);
}

static void wrap_release(void *ctx, struct pview *view)
{
    struct preview *p = ctx;
    p->real.release(p->real.ctx, view);
}

static void wrap_look(void *ctx, const struct palette *pal,
                      const struct store_font fonts[STORE_FONT_FACES])
{
    struct preview *p = ctx;
    if (p->real.look)
        p->real.look(p->real.ctx, pal, fonts);
}

static void wrap_draw_frame(void *ctx, const struct frame *f)
{
    struct preview *p = ctx;
    if (!p->warnings[0] || f->n_lists >= FRAME_MAX_LISTS) {
        p->real.draw_frame(p->real.ctx, f);
        return;
    }
    int w, h;
    p->real.size(p->real.ctx, &w, &h);
    if (w != p->warn_w || h != p->warn_h) {
        struct layout_screen screen = {w, h, 0, 0, 0};
        arena_reset(&p->warn_arena);
        if (preview_warnings_layout(&screen, p->warnings, p->warn_folded,
                                    p->real.measurer(p->real.ctx), &p->warn_arena,
                                    &p->warn_list) != 0)
            log_warn("preview", "the warnings' strip: %s", p->warn_list.problem);
        p->warn_w = w;
        p->warn_h = h;
    }
    struct frame g = *f;
    if (g.n_lists < FRAME_MAX_LISTS)
        g.lists[g.n_lists++] = &p->warn_list;
    p->real.draw_frame(p->real.ctx, &g);
}

static void wrap_video(void *ctx, struct pview *view, struct pvideo *out)
{
    struct preview *p = ctx;
    p->real.video(p->real.ctx, view, out);
}

static struct presenter wrap_presenter(struct preview *p)
{
    return (struct presenter){
        p,         wrap_size,       wrap_dpi,  wrap_measurer, wrap_prepare, wrap_release,
        wrap_look, wrap_draw_frame, wrap_video};
}

/* Build the sources and show the result: a new kiosk on the same panel, or
 * the error card. Never fails: what went wrong is on screen. */
static void rebuild(struct preview *p, uint64_t now_ms)
{
    uint64_t t0 = clock_now_ms();
    if (p->k) {
        p->index = kiosk_current(p->k);
        snprintf(p->locale, sizeof(p->locale), "%s", kiosk_locale(p->k) ? kiosk_locale(p->k) : "");
    }
    /* the old kiosk goes first: its views and its store are freed before
     * the new build is opened */
    kiosk_free(p->k);
    p->k = NULL;
    char why[sizeof(p->errors)] = "";
    struct store *s = NULL;
    p->warnings[0] = '\0';
    p->n_warnings = 0;
    p->warn_w = p->warn_h = 0; /* laid out again */
    p->warn_folded = 0;
    int rc = cli_build_exhibit(display_text(p->d), p->src, p->store_path, on_warning, p, why,
                               sizeof(why));
    if (rc == 0)
        rc = store_open_file(p->store_path, &s, why, sizeof(why));
    if (rc == 0) {
        struct kiosk_opts ko = {.idle_ms = (uint32_t)p->o->idle_s * 1000u};
        if (p->locale[0])
            ko.locale = store_locale_find(s, p->locale);
        p->k = kiosk_new(&p->pres, s, &ko, now_ms, why, sizeof(why));
        if (p->k)
            kiosk_goto(p->k, p->index, now_ms);
        else
            rc = -1;
    }
    if (rc == 0) {
        p->errors[0] = '\0';
    } else {
        size_t n = strlen(why);
        while (n && why[n - 1] == '\n')
            why[--n] = '\0';
        /* the errors, then how many warnings (they would crowd the
         * errors out: the strip shows them once the exhibit builds) */
        char more[160] = "";
        if (p->n_warnings)
            snprintf(more, sizeof(more),
                     "\n(and %d warning%s, shown over the panels once the exhibit builds, and "
                     "on the terminal)",
                     p->n_warnings, p->n_warnings == 1 ? "" : "s");
        /* the errors cut to leave room for the count, which says what is hidden */
        size_t room = sizeof(p->errors) - strlen(more) - 1;
        if (n > room)
            n = room;
        memcpy(p->errors, why, n);
        memcpy(p->errors + n, more, strlen(more) + 1);
        p->err_dirty = 1;
    }
    p->build_ms = clock_now_ms() - t0;
    p->started_ms = t0;
    p->report_due = 1;
}

/* Once a build's result is on screen (and in --shot): say so. */
static void report(struct preview *p)
{
    p->report_due = 0;
    if (p->o->shot) {
        char why[256];
        if (display_save_png(p->d, p->o->shot, why, sizeof(why)) != 0)
            log_warn("preview", "--shot: %s", why);
    }
    uint64_t ms = clock_now_ms() - p->started_ms;
    if (p->k) {
        log_info("preview", "rebuilt in %llu ms, panel %d of %d (build %llu ms); %d warning%s%s",
                 (unsigned long long)ms, kiosk_current(p->k) + 1, kiosk_panel_count(p->k),
                 (unsigned long long)p->build_ms, p->n_warnings, p->n_warnings == 1 ? "" : "s",
                 p->n_warnings ? ", shown at the top of the window" : "");
        return;
    }
    log_warn("preview", "build failed in %llu ms:", (unsigned long long)ms);
    for (char *line = p->errors, *end; *line; line = end + (*end != '\0')) {
        end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        log_warn("preview", "%.*s", (int)(end - line), line);
    }
}

static void draw_error(struct preview *p)
{
    int w, h;
    display_size(p->d, &w, &h);
    struct layout_screen screen = {w, h, 0, 0, 0};
    arena_reset(&p->err_arena);
    if (preview_error_layout(&screen, p->errors, text_measurer(display_text(p->d)), &p->err_arena,
                             &p->err_list) != 0)
        log_warn("preview", "the error card: %s", p->err_list.problem);
    struct frame f = {.n_views = 0};
    f.lists[f.n_lists++] = &p->err_list;
    p->real.draw_frame(p->real.ctx, &f); /* the card counts the warnings itself */
    p->err_dirty = 0;
}

static void on_input(void *ctx, const struct input_event *e)
{
    struct preview *p = ctx;
    if (!p->k)
        return; /* the error card has nothing to touch */
    uint64_t now = clock_now_ms();
    if (e->kind == INPUT_TOUCH && p->warn_touch && e->finger == p->warn_finger) {
        p->warn_touch = e->phase == INPUT_DOWN || e->phase == INPUT_MOVE;
        return; /* the rest of the touch that folded the strip */
    }
    int strip_h = p->warnings[0] && p->warn_list.n > 0 ? p->warn_list.items[0].r.h : 0;
    if (e->kind == INPUT_TOUCH && e->phase == INPUT_DOWN && strip_h > 0 && p->warn_h > 0 &&
        e->y * (float)p->warn_h < (float)strip_h) {
        p->warn_folded = !p->warn_folded;
        p->warn_finger = e->finger;
        p->warn_touch = 1;
        p->warn_w = p->warn_h = 0; /* laid out again, folded or not */
        kiosk_invalidate(p->k);
        return;
    }
    struct input_event ev = *e;
    if (!(ev.t_ms <= now && now - ev.t_ms < 1000))
        ev.t_ms = now;
    kiosk_input(p->k, &ev, ev.t_ms);
}

static uint32_t wait_for(const struct preview *p, const struct preview_debounce *deb,
                         uint64_t last_frame, uint64_t now)
{
    uint64_t due = now + 60000;
    if (p->k && kiosk_animating(p->k, now))
        due = last_frame + KIOSK_FRAME_MS;
    else if (p->k && kiosk_deadline(p->k, now) < due)
        due = kiosk_deadline(p->k, now);
    if (preview_debounce_deadline(deb) < due)
        due = preview_debounce_deadline(deb);
    return due > now ? (uint32_t)(due - now) : 0;
}

int cmd_preview(const struct options *o)
{
    if (o->n_positional != 1) {
        fprintf(stderr, "vitrine preview: usage: vitrine preview SRC_DIR [--size WxH] "
                        "[--locale L]\n");
        return 2;
    }
    char why[512] = "";
    int status = 1;
    struct preview p = {.o = o, .src = o->positional[0], .index = o->panel ? (int)o->panel - 1 : 0};
    if (o->locale)
        snprintf(p.locale, sizeof(p.locale), "%s", o->locale);
    arena_init(&p.err_arena, 64 * 1024);
    arena_init(&p.warn_arena, 16 * 1024);
    struct dirwatch *w = dirwatch_open(p.src, why, sizeof(why));
    struct job *watcher = NULL;
    if (!w) {
        fprintf(stderr, "vitrine preview: %s\n", why);
        arena_free(&p.err_arena);
        arena_free(&p.warn_arena);
        return 1;
    }
    if (make_tmpdir(&p, why, sizeof(why)) != 0) {
        fprintf(stderr, "vitrine preview: %s\n", why);
        goto done;
    }
    struct display_opts dopts = {.windowed = 1,
                                 .w = o->width ? o->width : PREVIEW_W,
                                 .h = o->height ? o->height : PREVIEW_H,
                                 .rotation = (int)o->rotation};
    p.d = display_open(&dopts, why, sizeof(why));
    if (!p.d) {
        log_error("preview", "cannot open the window: %s", why);
        goto done;
    }
    display_set_video(p.d, events_waker(), o->audio && strcmp(o->audio, "on") == 0,
                      display_hwdec_named(o->hwdec));
    p.real = display_presenter(p.d);
    p.pres = wrap_presenter(&p);
    struct waker waker = events_waker();
    watcher = job_start("watch", watch_job, w, waker, why, sizeof(why));
    if (!watcher) {
        log_error("preview", "cannot watch %s: %s", p.src, why);
        goto done;
    }
    log_info("preview", "watching %s; the store is built in %s", p.src, p.tmpdir);
    rebuild(&p, clock_now_ms());

    struct preview_debounce deb = {0};
    struct events_cfg ecfg = {
        .rotation = (int)o->rotation, .touch_rotation = (int)o->touch_rotation, .allow_close = 1};
    long frames = 0, wakeups = 0;
    uint64_t last_frame = 0;
    for (;;) {
        uint64_t now = clock_now_ms();
        if (preview_debounce_due(&deb, now)) {
            preview_debounce_clear(&deb);
            rebuild(&p, now);
            now = clock_now_ms();
        }
        int drawn = 0;
        if (p.k) {
            struct walltime wall;
            if (clock_wall(&wall) == 0)
                kiosk_set_walltime(p.k, &wall);
            kiosk_update(p.k, now);
            if (kiosk_needs_frame(p.k, now)) {
                kiosk_draw(p.k, now);
                drawn = 1;
            }
        } else if (p.err_dirty) {
            draw_error(&p);
            drawn = 1;
        }
        if (drawn) {
            display_present(p.d);
            last_frame = now;
            if (p.report_due)
                report(&p);
            if (o->frames && ++frames >= o->frames)
                break;
        }
        now = clock_now_ms();
        ecfg.poll_ms = p.k && kiosk_touch_active(p.k, now) ? KIOSK_FRAME_MS / 2 : EVENTS_POLL_MS;
        int flags =
            events_wait(p.d, &ecfg, wait_for(&p, &deb, last_frame, now), on_input, &p, &wakeups);
        if (flags & EVENTS_RESET) {
            char rwhy[256];
            if (display_recover(p.d, (flags & EVENTS_DEVICE_RESET) != 0, rwhy, sizeof(rwhy)) != 0)
                log_error("preview", "after the renderer reset: %s", rwhy);
            if (!display_ok(p.d)) {
                log_error("preview", "no renderer after the reset; stopping");
                goto done;
            }
        }
        if (flags & (EVENTS_RESET | EVENTS_REDRAW)) {
            if (p.k)
                kiosk_invalidate(p.k);
            p.err_dirty = !p.k;
        }
        if ((flags & EVENTS_WAKE) && display_poll_photos(p.d) > 0 && p.k)
            kiosk_invalidate(p.k);
        struct job_status st;
        if ((flags & EVENTS_WAKE) && job_poll(watcher, &st)) {
            if (st.finished) {
                /* keep showing what there is; saves are no longer seen */
                log_error("preview", "%s; restart the preview", st.text);
            } else {
                log_debug("preview", "%s", st.text);
                preview_debounce_event(&deb, clock_now_ms());
            }
        }
        if (flags & EVENTS_STOP) {
            log_info("preview", "stopping");
            break;
        }
    }
    status = 0;
done:
    if (watcher) {
        /* the job blocks in dirwatch_wait: the interrupt ends that wait
         * (before SDL quits: the job calls the waker) */
        job_cancel(watcher);
        dirwatch_interrupt(w);
        job_free(watcher);
    }
    dirwatch_close(w);
    kiosk_free(p.k);
    display_close(p.d);
    arena_free(&p.err_arena);
    arena_free(&p.warn_arena);
    remove_tmpdir(&p);
    return status;
}
