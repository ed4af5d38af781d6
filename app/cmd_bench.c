/* cmd_bench.c - `vitrine bench`: figures for the performance budget.
 *
 *  start-up   wall time from exec of `vitrine run --frames 1` to its exit
 *             (an upper bound on exec-to-first-frame), median of --runs;
 *  crossfade  CPU time of one crossfade frame (two full-screen panel views,
 *             one blended) with the software renderer, median;
 *  dwell      text rasterisations while panels dwell, over a simulated loop;
 *  idle       wake-ups per second and CPU share while nothing moves, with
 *             the real clock and the current video driver.
 * Prints figures only; it asserts nothing (tests do that). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "display.h"
#include "events.h"
#include "text.h"
#include "cli.h"
#include "cmd_run_import.h"
#include "job.h"
#include "kiosk.h"
#include "log.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static double median_ms(uint64_t *ns, int n)
{
    qsort(ns, (size_t)n, sizeof(*ns), cmp_u64);
    return (n % 2 ? (double)ns[n / 2] : (ns[n / 2 - 1] + ns[n / 2]) / 2.0) / 1e6;
}

/* Current resident set size, KiB (Linux /proc; 0 elsewhere). */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, rss = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        fclose(f);
    }
    return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

static void bench_startup(const char *self, const struct options *o, int w, int h)
{
    int runs = (int)o->runs;
    uint64_t *ns = calloc((size_t)runs + 1, sizeof(*ns));
    char size[32];
    snprintf(size, sizeof(size), "%dx%d", w, h);
    int ok = 0;
    for (int i = -1; i < runs; i++) { /* run -1 warms the caches */
        uint64_t t0 = clock_now_ns();
        pid_t pid = fork();
        if (pid == 0) {
            if (o->content)
                execl(self, self, "run", "--frames", "1", "--windowed", "--size", size, "--content",
                      o->content, (char *)NULL);
            else
                execl(self, self, "run", "--frames", "1", "--windowed", "--size", size,
                      (char *)NULL);
            _exit(127);
        }
        int st;
        if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            printf("startup: `%s run --frames 1` failed\n", self);
            free(ns);
            return;
        }
        if (i >= 0)
            ns[ok++] = clock_now_ns() - t0;
    }
    double med = median_ms(ns, ok); /* sorts ns */
    printf("startup_to_exit_ms      median %.1f  (min %.1f, max %.1f; %d runs, %s, exec to exit "
           "after the first frame)\n",
           med, ns[0] / 1e6, ns[ok - 1] / 1e6, ok, size);
    free(ns);
}

/* The loop in simulated time: every transition frame is timed (CPU), and
 * while panels dwell frames are drawn too, counting text rasterisations
 * inside those draws (there should be none: views are prepared ahead). */
static void bench_loop(struct display *d, struct kiosk *k)
{
    enum { FRAMES = 240 };
    uint64_t ns[FRAMES];
    uint64_t t = 1000000;
    int n = 0;
    long dwell_frames = 0, dwell_raster = 0;
    kiosk_update(k, t);
    kiosk_draw(k, t); /* the first frame, which rasterises the chrome */
    long prepared0 = kiosk_prepare_count(k);
    long raster0 = text_render_count();
    for (int guard = 0; guard < 100000 && n < FRAMES; guard++) {
        kiosk_update(k, t);
        if (kiosk_transitioning(k)) {
            uint64_t c0 = clock_cpu_ns();
            kiosk_draw(k, t);
            display_present(d);
            ns[n++] = clock_cpu_ns() - c0;
            t += KIOSK_FRAME_MS;
        } else {
            /* dwell: draw frames across it (count-up included); a panel
             * that never moves on (one-panel exhibit) is sampled for 60 s */
            uint64_t due = kiosk_deadline(k, t);
            if (due - t > 60000)
                due = t + 60000;
            for (uint64_t f = t; f < due; f += (due - t) / 12 + 1) {
                kiosk_update(k, f);
                long r0 = text_render_count();
                kiosk_draw(k, f);
                display_present(d);
                dwell_raster += text_render_count() - r0;
                dwell_frames++;
            }
            t = due;
        }
    }
    long prepared = kiosk_prepare_count(k) - prepared0;
    long raster = text_render_count() - raster0;
    long rss_mid = rss_kib();
    /* keep looping (undrawn) for many more panels: memory must not grow */
    for (int guard = 0; guard < 20000 && kiosk_prepare_count(k) - prepared0 < 200; guard++) {
        kiosk_update(k, t);
        uint64_t due = kiosk_deadline(k, t);
        if (due == UINT64_MAX)
            break;
        t = due;
    }
    long rss_end = rss_kib();
    if (n == 0) {
        printf("transition_frame_cpu_ms (no transitions: a one-panel exhibit)\n");
        return;
    }
    qsort(ns, (size_t)n, sizeof(*ns), cmp_u64);
    printf("transition_frame_cpu_ms median %.2f  p90 %.2f  (%d crossfade frames, %s)\n",
           ns[n / 2] / 1e6, ns[(int)(n * 0.9)] / 1e6, n, "software renderer");
    printf("text_rasterised_dwelling %ld  (in %ld frames drawn while panels dwell; "
           "%ld rasterisations in all, while preparing %ld panels)\n",
           dwell_raster, dwell_frames, raster, prepared);
    printf("rss_kib                 %ld after %ld panels, %ld after %ld  (resident set, "
           "1920x1080 views)\n",
           rss_mid, prepared, rss_end, kiosk_prepare_count(k) - prepared0);
}

static void bench_idle(struct display *d, struct kiosk *k, uint32_t poll_ms, const char *label)
{
    /* wait on the real clock until a panel is settled, then measure 3 s */
    struct events_cfg cfg = {0};
    long wakeups = 0;
    uint64_t now = clock_now_ms();
    kiosk_update(k, now);
    while (kiosk_animating(k, now = clock_now_ms()) || kiosk_deadline(k, now) < now + 3500) {
        kiosk_update(k, now);
        if (kiosk_needs_frame(k, now)) {
            kiosk_draw(k, now);
            display_present(d);
        }
        events_wait(d, &cfg, KIOSK_FRAME_MS, NULL, NULL, &wakeups);
    }
    wakeups = 0;
    cfg.poll_ms = poll_ms;
    uint64_t t0 = clock_now_ns(), c0 = clock_cpu_ns();
    uint64_t end = clock_now_ms() + 3000;
    while ((now = clock_now_ms()) < end) {
        kiosk_update(k, now);
        if (kiosk_needs_frame(k, now)) {
            kiosk_draw(k, now);
            display_present(d);
        }
        uint64_t due = kiosk_deadline(k, now);
        if (due > end)
            due = end;
        events_wait(d, &cfg, due > now ? (uint32_t)(due - now) : 0, NULL, NULL, &wakeups);
    }
    double secs = (clock_now_ns() - t0) / 1e9;
    double cpu = (clock_cpu_ns() - c0) / 1e9;
    printf("idle_wakeups_per_s      %.1f  cpu %.3f%% of one core  (%s, driver %s, %.1f s)\n",
           wakeups / secs, 100.0 * cpu / secs, label, display_driver(d), secs);
}

struct lat_ctx {
    struct kiosk *k;
};

static void lat_input(void *ctx, const struct input_event *e)
{
    struct lat_ctx *c = ctx;
    kiosk_input(c->k, e, e->t_ms);
}

/* Event to present: a touch is queued the way SDL queues a real one, then
 * one turn of the run loop (poll, input, update, draw, present) handles
 * it; the time from queueing to the end of the present is one sample. */
static void bench_touch(struct display *d, struct kiosk *k)
{
    enum { DRAGS = 12, STEPS = 40 };
    uint64_t ns[DRAGS * (STEPS + 2)];
    int n = 0;
    long wakeups = 0;
    struct lat_ctx ctx = {k};
    struct events_cfg cfg = {0};
    for (int drag = 0; drag < DRAGS; drag++) {
        for (int step = 0; step <= STEPS + 1; step++) {
            int phase = step == 0 ? INPUT_DOWN : step == STEPS + 1 ? INPUT_UP : INPUT_MOVE;
            float x = 0.8f - 0.5f * (float)(step > STEPS ? STEPS : step) / STEPS;
            uint64_t t0 = clock_now_ns();
            events_inject_touch(phase, 7, x, 0.5f);
            events_wait(d, &cfg, 0, lat_input, &ctx, &wakeups);
            uint64_t now = clock_now_ms();
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
            ns[n++] = clock_now_ns() - t0;
        }
        /* let the slide that the drag started finish, drawing as the kiosk would */
        uint64_t now;
        while (kiosk_animating(k, now = clock_now_ms())) {
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
        }
    }
    qsort(ns, (size_t)n, sizeof(*ns), cmp_u64);
    printf("touch_to_present_ms     median %.2f  p99 %.2f  max %.2f  (%d events in %d drags, "
           "driver %s)\n",
           ns[n / 2] / 1e6, ns[(int)(n * 0.99)] / 1e6, ns[n - 1] / 1e6, n, DRAGS,
           display_driver(d));
}

/* A USB import of o->import (signed for o->keys) into a fresh state folder,
 * as the running kiosk does it (the `import` child process, then the new
 * store opened on the job's thread), while the loop keeps drawing a
 * visitor's drags: the import's wall time, and every frame's time and the
 * touch-to-present latency while it runs. */
static void bench_import(struct display *d, struct kiosk *k, const struct options *o,
                         const char *self)
{
    enum { MAX_FRAMES = 20000 };
    int runs = o->runs < 5 ? (int)o->runs : 5;
    uint64_t import_ns[5], *frame_ns = calloc(MAX_FRAMES, sizeof(uint64_t));
    int n_frames = 0, w, h, failed = 0;
    long wakeups = 0;
    struct lat_ctx ctx = {k};
    struct events_cfg cfg = {0};
    display_size(d, &w, &h);
    /* the first frames of a new window (textures, the GL context) are not
     * the import's: draw them before it starts */
    for (int i = 0; i < 30; i++) {
        uint64_t now = clock_now_ms();
        events_wait(d, &cfg, 0, lat_input, &ctx, &wakeups);
        kiosk_update(k, now);
        kiosk_draw(k, now);
        display_present(d);
    }
    for (int run = 0; run < runs && frame_ns; run++) {
        char state[] = "/tmp/vitrine-bench-XXXXXX";
        if (!mkdtemp(state))
            break;
        static struct import_job_ctx ic;
        memset(&ic, 0, sizeof(ic));
        snprintf(ic.bundle, sizeof(ic.bundle), "%s", o->import);
        ic.exe = self;
        ic.state_dir = state;
        ic.keys_dir = o->keys;
        ic.w = w;
        ic.h = h;
        char why[256];
        uint64_t t0 = clock_now_ns();
        struct job *j = job_start("import", import_job, &ic, (struct waker){0}, why, sizeof(why));
        if (!j)
            break;
        struct job_status st;
        int step = 0;
        do {
            /* a visitor dragging panels back and forth the whole time */
            int phase = step == 0 ? INPUT_DOWN : step == 41 ? INPUT_UP : INPUT_MOVE;
            float x = 0.8f - 0.5f * (float)(step > 40 ? 40 : step) / 40;
            uint64_t f0 = clock_now_ns();
            events_inject_touch(phase, 7, x, 0.5f);
            events_wait(d, &cfg, 0, lat_input, &ctx, &wakeups);
            uint64_t now = clock_now_ms();
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
            uint64_t took = clock_now_ns() - f0;
            if (getenv("VITRINE_BENCH_SLOW") && took > 33000000)
                fprintf(stderr, "slow frame %.1f ms at %.0f ms into the import (step %d)\n",
                        took / 1e6, (clock_now_ns() - t0) / 1e6, step);
            if (n_frames < MAX_FRAMES)
                frame_ns[n_frames++] = took;
            step = (step + 1) % 42;
            job_poll(j, &st);
        } while (!st.finished);
        import_ns[run] = clock_now_ns() - t0;
        job_free(j);
        if (st.result != 0) {
            printf("import: not loaded: %s\n", ic.r.why);
            failed = 1;
        }
        store_close(ic.store);
        char cmd[128];
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", state);
        if (system(cmd) != 0)
            printf("import: could not remove %s\n", state);
        if (failed)
            break;
    }
    if (!failed && n_frames && frame_ns) {
        double med = median_ms(import_ns, runs); /* sorts */
        struct stat sb;
        long long mb = stat(o->import, &sb) == 0 ? (long long)sb.st_size >> 20 : -1;
        printf("import_ms               median %.0f  (min %.0f, max %.0f; %d runs of a %lld MB "
               "bundle: copy, read back, signature, quick_check, content check at %dx%d, "
               "switch, open)\n",
               med, import_ns[0] / 1e6, import_ns[runs - 1] / 1e6, runs,
               mb, w, h);
        qsort(frame_ns, (size_t)n_frames, sizeof(*frame_ns), cmp_u64);
        printf("frame_during_import_ms  median %.2f  p99 %.2f  max %.2f  (%d frames of touch "
               "input, update, draw, present while importing; driver %s)\n",
               frame_ns[n_frames / 2] / 1e6, frame_ns[(int)(n_frames * 0.99)] / 1e6,
               frame_ns[n_frames - 1] / 1e6, n_frames, display_driver(d));
    }
    free(frame_ns);
}

int cmd_bench(const struct options *o, const char *argv0)
{
    char why[512], notice[768];
    int w = o->width ? o->width : 1920, h = o->height ? o->height : 1080;
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len > 0)
        self[len] = '\0';
    else
        snprintf(self, sizeof(self), "%s", argv0);
    log_set_level(LOG_WARN);
    if (o->import) {
        /* a window: under X the renderer the kiosk would pick, with vsync */
        struct display_opts iopts = {.windowed = 1, .w = w, .h = h};
        struct display *d = display_open(&iopts, why, sizeof(why));
        struct store *s = cli_open_content(o->content, notice, sizeof(notice));
        struct presenter pres;
        struct kiosk *k = NULL;
        if (d && s) {
            pres = display_presenter(d);
            k = kiosk_new(&pres, s, &(struct kiosk_opts){0}, clock_now_ms(), why, sizeof(why));
        } else {
            store_close(s);
        }
        if (k)
            bench_import(d, k, o, self);
        else
            printf("bench: %s\n", why);
        kiosk_free(k);
        display_close(d);
        return k ? 0 : 1;
    }
    bench_startup(self, o, w, h);

    struct display_opts hopts = {.headless = 1, .w = w, .h = h};
    struct display *d = display_open(&hopts, why, sizeof(why));
    struct store *s = cli_open_content(o->content, notice, sizeof(notice));
    if (!d || !s) {
        printf("bench: cannot open %s\n", d ? "the content" : why);
        store_close(s);
        display_close(d);
        return 1;
    }
    struct presenter pres = display_presenter(d);
    struct kiosk *k = kiosk_new(&pres, s, &(struct kiosk_opts){0}, 1000000, why, sizeof(why));
    if (!k) {
        printf("bench: %s\n", why);
        display_close(d);
        return 1;
    }
    bench_loop(d, k);
    kiosk_free(k);
    display_close(d);

    struct display_opts wopts = {.windowed = 1, .w = w, .h = h};
    d = display_open(&wopts, why, sizeof(why));
    s = cli_open_content(o->content, notice, sizeof(notice));
    k = NULL;
    if (d && s) {
        pres = display_presenter(d);
        k = kiosk_new(&pres, s, &(struct kiosk_opts){0}, clock_now_ms(), why, sizeof(why));
    }
    else
        store_close(s);
    if (k) {
        bench_idle(d, k, EVENTS_POLL_IDLE_MS, "loop mode");
        bench_idle(d, k, EVENTS_POLL_MS, "interactive polling");
        bench_touch(d, k);
    } else
        printf("idle: cannot open a window: %s\n", why);
    kiosk_free(k);
    display_close(d);
    return 0;
}
