/* cmd_bench.c - `vitrine bench`: the figures of the performance budget, as
 * a table (or --json), per screen size and orientation and per renderer:
 *
 *  first frame   exec to first presented frame of `vitrine run --frames 1`
 *                (the kiosk logs it; the launcher's clock is handed over
 *                in VITRINE_T0_NS so it is exact), and that child's peak
 *                resident memory (its VmHWM, which it logs; wait4's
 *                ru_maxrss where it does not);
 *  start-up      the same, two ways interleaved run by run (min(--runs,
 *                11) each after a warm-up): offscreen (SDL's offscreen
 *                driver, a window, the config's renderer) and under X (a
 *                private Xvfb of the config's size started by the bench,
 *                full screen, no --renderer: the one the kiosk picks); per
 *                way exec to first frame, exec to exit (the launcher's
 *                clock, fork to waitpid) and each stage of the kiosk's
 *                "start-up in ms:" line; and X's first frame over
 *                offscreen's. Without Xvfb on PATH, X's are not measured;
 *  loop          a child `vitrine run` watched for 2 s of start-up and then
 *                --loop seconds (60; a dwell and transitions): its CPU
 *                share and wake-ups (context switches) per second over the
 *                loop, and its proportional memory (PSS) sampled every
 *                100 ms from its exec to the end: median and highest;
 *  frame CPU     per frame while a panel dwells, during a crossfade and
 *                during a slide (median, p99, max), in simulated time;
 *  touch         touch to present (median, p99): a touch queued as SDL
 *                queues a real one, one loop turn, present;
 *  idle          wake-ups and CPU while nothing moves (loop, interactive);
 *  import        with --import FILE: a USB import while a visitor drags.
 * A figure that cannot be measured is printed as "not measured" with the
 * reason, never as zero. --compare FILE prints each figure's ratio to a
 * baseline written by --json. Prints figures only; asserts nothing. */
#define _GNU_SOURCE /* wait4 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <time.h>

#include "clock.h"
#include "display.h"
#include "events.h"
#include "text.h"
#include "cli.h"
#include "cmd_run_import.h"
#include "job.h"
#include "kiosk.h"
#include "log.h"
#include "speech.h"

#define MAX_FIGS 64
#define MAX_CONFIGS 8

struct figure {
    char key[40];
    const char *label, *unit;
    int measured;
    double med, lo, hi, p99;
    int n;
    char note[120];
};

struct config {
    int w, h;
    char renderer[16];
    char name[48]; /* "1920x1080 software" */
    struct figure figs[MAX_FIGS];
    int n_figs;
};

static struct figure *fig(struct config *c, const char *key, const char *label, const char *unit)
{
    for (int i = 0; i < c->n_figs; i++)
        if (strcmp(c->figs[i].key, key) == 0)
            return &c->figs[i];
    if (c->n_figs == MAX_FIGS)
        return &c->figs[MAX_FIGS - 1];
    struct figure *f = &c->figs[c->n_figs++];
    memset(f, 0, sizeof(*f));
    snprintf(f->key, sizeof(f->key), "%s", key);
    f->label = label;
    f->unit = unit;
    return f;
}

static void fig_note(struct figure *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fig_note(struct figure *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->note, sizeof(f->note), fmt, ap);
    va_end(ap);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

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

/* Median, spread and p99 of v[0..n) (sorted here). */
static void stats(struct figure *f, double *v, int n)
{
    if (n <= 0)
        return;
    qsort(v, (size_t)n, sizeof(*v), cmp_double);
    f->measured = 1;
    f->n = n;
    f->med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    f->lo = v[0];
    f->hi = v[n - 1];
    f->p99 = v[(int)((n - 1) * 0.99)];
}

static void stats_ns(struct figure *f, const uint64_t *ns, int n)
{
    double *v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!v)
        return;
    for (int i = 0; i < n; i++)
        v[i] = (double)ns[i] / 1e6;
    stats(f, v, n);
    free(v);
}

static void one_value(struct figure *f, double v)
{
    stats(f, &v, 1);
}

/* ---- child processes: first frame, peak memory, the loop ---------------- */

struct child {
    pid_t pid;
    int err_fd;     /* its stderr */
    uint64_t t0_ns; /* the launcher's clock just before the fork */
};

/* How a child kiosk is started. */
struct way {
    const char *driver; /* SDL_VIDEODRIVER for it; NULL: the bench's own */
    int display;        /* >= 0: X display :N (DISPLAY set, SDL_RENDER_DRIVER unset) */
    int fullscreen;     /* no --windowed (the screen is the config's size) */
    int own_renderer;   /* no --renderer: the kiosk picks its own */
};

/* A copy of environ without the variables named in drop (NULL-ended),
 * with add[0..n_add) appended; the caller frees the array (not the
 * strings). Made before the fork: a child of a process with threads may
 * not allocate. */
static char **env_with(const char *const *drop, char *const *add, int n_add)
{
    extern char **environ;
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = malloc(sizeof(*env) * (n + (size_t)n_add + 1));
    if (!env)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int keep = 1;
        for (int d = 0; drop[d] && keep; d++) {
            size_t l = strlen(drop[d]);
            keep = !(strncmp(environ[i], drop[d], l) == 0 && environ[i][l] == '=');
        }
        if (keep)
            env[k++] = environ[i];
    }
    for (int i = 0; i < n_add; i++)
        env[k++] = add[i];
    env[k] = NULL;
    return env;
}

/* Start `self run ...` for config c, the way w says, with the launcher's
 * clock handed over in VITRINE_T0_NS. */
static int child_run(struct child *ch, const char *self, const struct options *o,
                     const struct config *c, const struct way *w, const char *frames)
{
    char size[32], t0[48], driver[64], display[32];
    snprintf(size, sizeof(size), "%dx%d", c->w, c->h);
    const char *argv[20];
    int n = 0;
    argv[n++] = self;
    argv[n++] = "run";
    argv[n++] = "--no-watch";
    argv[n++] = "--verbose";
    if (!w->own_renderer) {
        argv[n++] = "--renderer";
        argv[n++] = c->renderer;
    }
    if (!w->fullscreen) {
        argv[n++] = "--windowed";
        argv[n++] = "--size";
        argv[n++] = size;
    }
    char rot[16];
    if (o->rotation) {
        snprintf(rot, sizeof(rot), "%ld", o->rotation);
        argv[n++] = "--rotation";
        argv[n++] = rot;
    }
    if (frames) {
        argv[n++] = "--frames";
        argv[n++] = frames;
    }
    if (o->content) {
        argv[n++] = "--content";
        argv[n++] = o->content;
    }
    argv[n] = NULL;
    const char *drop[8] = {"VITRINE_T0_NS"};
    char *add[4];
    int n_drop = 1, n_add = 0;
    if (w->driver) {
        drop[n_drop++] = "SDL_VIDEODRIVER";
        snprintf(driver, sizeof(driver), "SDL_VIDEODRIVER=%s", w->driver);
        add[n_add++] = driver;
    }
    if (w->display >= 0) {
        /* this X server only: no other's cookie, no Wayland, no renderer asked */
        drop[n_drop++] = "DISPLAY";
        drop[n_drop++] = "XAUTHORITY";
        drop[n_drop++] = "WAYLAND_DISPLAY";
        drop[n_drop++] = "SDL_RENDER_DRIVER";
        snprintf(display, sizeof(display), "DISPLAY=:%d", w->display);
        add[n_add++] = display;
    }
    drop[n_drop] = NULL;
    add[n_add++] = t0;
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    ch->t0_ns = clock_real_ns();
    snprintf(t0, sizeof(t0), "VITRINE_T0_NS=%llu", (unsigned long long)ch->t0_ns);
    char **env = env_with(drop, add, n_add);
    pid_t pid = env ? fork() : -1;
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0)
            dup2(devnull, 1);
        execve(self, (char *const *)argv, env);
        _exit(127);
    }
    free(env);
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return -1;
    }
    ch->pid = pid;
    ch->err_fd = fds[0];
    return 0;
}

/* Read the child's stderr to the end into buf. */
static void child_read_all(struct child *ch, char *buf, size_t n)
{
    size_t used = 0;
    ssize_t r;
    while (used + 1 < n && (r = read(ch->err_fd, buf + used, n - 1 - used)) > 0)
        used += (size_t)r;
    char sink[4096];
    while (read(ch->err_fd, sink, sizeof(sink)) > 0)
        ;
    buf[used] = '\0';
    close(ch->err_fd);
}

static void measure_first_frame(const char *self, const struct options *o, struct config *c,
                                int fullscreen)
{
    int runs = o->runs < 11 ? (int)o->runs : 11;
    double ff[32], rss[32];
    int n = 0;
    static char buf[64 * 1024];
    for (int i = -1; i < runs; i++) { /* run -1 warms the caches */
        struct child ch;
        struct way w = {.display = -1, .fullscreen = fullscreen};
        if (child_run(&ch, self, o, c, &w, "1") != 0)
            break;
        child_read_all(&ch, buf, sizeof(buf));
        int st;
        struct rusage ru;
        if (wait4(ch.pid, &st, 0, &ru) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            break;
        const char *p = strstr(buf, "first frame presented ");
        const char *hw = strstr(buf, "peak resident memory at the first frame: ");
        double ms, mb;
        /* the kiosk's own high-water mark: wait4's ru_maxrss counts this
         * bench's memory too, copied into the child by fork before its
         * exec (190 MB at 2160x3840 against the kiosk's 68) */
        if (!hw || sscanf(hw, "peak resident memory at the first frame: %lf MB", &mb) != 1)
            mb = (double)ru.ru_maxrss / 1024.0;
        if (i >= 0 && p && sscanf(p, "first frame presented %lf ms after exec", &ms) == 1) {
            ff[n] = ms;
            rss[n++] = mb;
        }
    }
    struct figure *f = fig(c, "first_frame_ms", "exec to first presented frame", "ms");
    struct figure *m = fig(c, "peak_rss_mb", "peak resident memory at the first frame", "MB");
    if (n == 0) {
        fig_note(f, "not measured: `vitrine run --frames 1` failed");
        fig_note(m, "not measured: `vitrine run --frames 1` failed");
        return;
    }
    stats(f, ff, n);
    stats(m, rss, n);
    fig_note(f, "%s, %d runs", fullscreen ? "full screen" : "a window", n);
}

/* ---- start-up under X beside offscreen ------------------------------------ */

/* The stages of the kiosk's "start-up in ms:" line (platform/clock.c),
 * each found by the words before its number. */
static const struct stage {
    const char *text, *name, *off_label, *x_label;
} stages[] = {
    {"exec to main ", "exec_to_main", "  stage: exec to main (offscreen)",
     "  stage: exec to main (X)"},
    {"(loading ", "loading", "  stage: loading (offscreen)", "  stage: loading (X)"},
    {"libraries ", "libraries", "  stage: libraries (offscreen)", "  stage: libraries (X)"},
    {"store ", "store", "  stage: store (offscreen)", "  stage: store (X)"},
    {"display ", "display", "  stage: display (offscreen)", "  stage: display (X)"},
    {"fonts ", "fonts", "  stage: fonts (offscreen)", "  stage: fonts (X)"},
    {"first layout ", "first_layout", "  stage: first layout (offscreen)",
     "  stage: first layout (X)"},
    {"present ", "present", "  stage: present (offscreen)", "  stage: present (X)"},
};
#define N_STAGES (int)(sizeof(stages) / sizeof(stages[0]))
#define MAX_STARTS 11

/* One way's series of `vitrine run --frames 1`. */
struct series {
    struct way way;
    double ff[MAX_STARTS], exit[MAX_STARTS], stage[N_STAGES][MAX_STARTS];
    int n, n_stage[N_STAGES];
    char why[120];   /* set: the series stopped, this is why */
    char picked[24]; /* the renderer the kiosk logged it picked */
};

/* The last line of text, its control characters made spaces, into out. */
static void last_line(const char *text, char *out, size_t n)
{
    const char *end = text + strlen(text);
    while (end > text && (end[-1] == '\n' || end[-1] == ' '))
        end--;
    const char *start = end;
    while (start > text && start[-1] != '\n')
        start--;
    size_t l = (size_t)(end - start) < n - 1 ? (size_t)(end - start) : n - 1;
    for (size_t i = 0; i < l; i++)
        out[i] = (unsigned char)start[i] < 0x20 || start[i] == 0x7f ? ' ' : start[i];
    out[l] = '\0';
}

/* One `vitrine run --frames 1` the way s says; counted unless a warm-up.
 * Returns -1 with s->why set when it failed. */
static int start_once(const char *self, const struct options *o, const struct config *c,
                      struct series *s, int counted)
{
    static char buf[64 * 1024];
    struct child ch;
    const char *how = s->way.display >= 0 ? "under Xvfb" : "offscreen";
    if (child_run(&ch, self, o, c, &s->way, "1") != 0) {
        snprintf(s->why, sizeof(s->why), "not measured: the kiosk could not be started");
        return -1;
    }
    child_read_all(&ch, buf, sizeof(buf));
    int st = 0;
    while (waitpid(ch.pid, &st, 0) < 0 && errno == EINTR)
        ;
    double exit_ms = (double)(clock_real_ns() - ch.t0_ns) / 1e6;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char line[72];
        last_line(buf, line, sizeof(line));
        snprintf(s->why, sizeof(s->why), "not measured: run %s exited %d: %s", how,
                 WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), line);
        return -1;
    }
    const char *p = strstr(buf, "first frame presented ");
    double ms;
    if (!p || sscanf(p, "first frame presented %lf ms after exec", &ms) != 1) {
        snprintf(s->why, sizeof(s->why), "not measured: run %s logged no first frame", how);
        return -1;
    }
    const char *r = strstr(buf, "] info: video ");
    r = r ? strstr(r, ", renderer ") : NULL;
    if (r) { /* "video x11, renderer software: why": the word, nothing else */
        r += strlen(", renderer ");
        size_t l = strspn(r, "abcdefghijklmnopqrstuvwxyz0123456789_-");
        snprintf(s->picked, sizeof(s->picked), "%.*s", (int)l, r);
    }
    if (!counted || s->n == MAX_STARTS)
        return 0;
    s->ff[s->n] = ms;
    s->exit[s->n++] = exit_ms;
    const char *l = strstr(buf, "start-up in ms: ");
    if (!l)
        return 0;
    char line[320];
    const char *nl = strchr(l, '\n');
    size_t len = nl ? (size_t)(nl - l) : strlen(l);
    snprintf(line, sizeof(line), "%.*s", (int)(len < sizeof(line) ? len : sizeof(line) - 1), l);
    for (int i = 0; i < N_STAGES; i++) {
        const char *at = strstr(line, stages[i].text);
        if (!at)
            continue;
        at += strlen(stages[i].text);
        char *end;
        double v = strtod(at, &end);
        if (end != at) /* "-": the kiosk did not stamp it */
            s->stage[i][s->n_stage[i]++] = v;
    }
    return 0;
}

/* path of name on PATH into buf, or NULL. */
static const char *on_path(const char *name, char *buf, size_t n)
{
    const char *path = getenv("PATH");
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t l = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(buf, n, "%.*s/%s", (int)l, l ? path : ".", name);
        if (access(buf, X_OK) == 0)
            return buf;
        path += l + (colon ? 1 : 0);
    }
    return NULL;
}

/* A private X server of w x h x 24 for the bench alone: its pid, and its
 * display number in *display (Xvfb picks a free one and writes it to the
 * pipe once it accepts clients). -1 with why when it cannot be had. */
static pid_t xvfb_start(int w, int h, int *display, char *why, size_t n)
{
    char exe[4096];
    if (!on_path("Xvfb", exe, sizeof(exe))) {
        snprintf(why, n, "not measured: Xvfb is not installed (apt-get install xvfb)");
        return -1;
    }
    int fds[2];
    if (pipe(fds) != 0) {
        snprintf(why, n, "not measured: no pipe for Xvfb");
        return -1;
    }
    char fd[16], screen[48];
    snprintf(fd, sizeof(fd), "%d", fds[1]);
    snprintf(screen, sizeof(screen), "%dx%dx24", w, h);
    const char *argv[] = {"Xvfb", "-displayfd", fd,    "-screen",  "0",
                          screen, "-nolisten",  "tcp", "-noreset", NULL};
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        /* a bench stopped half-way (^C) takes its X server with it */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
            _exit(1);
        close(fds[0]);
        int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, 0);
            dup2(devnull, 1);
            dup2(devnull, 2);
        }
        execv(exe, (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    char num[32] = "";
    size_t got = 0;
    uint64_t give_up = clock_real_ns() + 10ull * 1000000000ull;
    while (pid > 0 && got < sizeof(num) - 1 && !memchr(num, '\n', got)) {
        uint64_t now = clock_real_ns();
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        if (now >= give_up || poll(&p, 1, (int)((give_up - now) / 1000000) + 1) <= 0)
            break;
        ssize_t r = read(fds[0], num + got, sizeof(num) - 1 - got);
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fds[0]);
    num[got] = '\0';
    char *end;
    long d = strtol(num, &end, 10);
    if (pid > 0 && end != num && *end == '\n' && d >= 0 && d < 65536) {
        *display = (int)d;
        return pid;
    }
    snprintf(why, n, "not measured: Xvfb did not start (no display number within 10 s)");
    if (pid > 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
    }
    return -1;
}

static void xvfb_stop(pid_t pid)
{
    kill(pid, SIGTERM);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

/* Exec to first frame and to exit, and the start-up's stages, two ways
 * interleaved run by run so that the machine's noise falls on both:
 * offscreen (SDL's offscreen driver, a window of the config's size, its
 * renderer) and under X (a private Xvfb of the config's size, full
 * screen, no --renderer: what the kiosk picks itself). */
static void measure_startup(const char *self, const struct options *o, struct config *c)
{
    int runs = o->runs < MAX_STARTS ? (int)o->runs : MAX_STARTS;
    static struct series off, x;
    memset(&off, 0, sizeof(off));
    memset(&x, 0, sizeof(x));
    off.way = (struct way){.driver = "offscreen", .display = -1};
    x.way = (struct way){.driver = "x11", .fullscreen = 1, .own_renderer = 1};
    pid_t xvfb = xvfb_start(c->w, c->h, &x.way.display, x.why, sizeof(x.why));
    for (int i = -1; i < runs; i++) { /* run -1 warms the caches */
        if (!off.why[0])
            start_once(self, o, c, &off, i >= 0);
        if (xvfb > 0 && !x.why[0])
            start_once(self, o, c, &x, i >= 0);
    }
    if (xvfb > 0)
        xvfb_stop(xvfb);
    struct figure *ff[2], *ex[2];
    ff[0] = fig(c, "first_frame_offscreen_ms", "exec to first frame, offscreen (window)", "ms");
    ff[1] = fig(c, "first_frame_x11_ms", "exec to first frame, under X (Xvfb, full screen)", "ms");
    struct figure *ratio = fig(c, "x11_over_offscreen", "first frame under X / offscreen", "x");
    ex[0] = fig(c, "exit_offscreen_ms", "exec to exit, offscreen (window)", "ms");
    ex[1] = fig(c, "exit_x11_ms", "exec to exit, under X (Xvfb, full screen)", "ms");
    struct figure *st[N_STAGES][2];
    for (int i = 0; i < N_STAGES; i++) {
        char key[40];
        snprintf(key, sizeof(key), "offscreen_stage_%s_ms", stages[i].name);
        st[i][0] = fig(c, key, stages[i].off_label, "ms");
        snprintf(key, sizeof(key), "x11_stage_%s_ms", stages[i].name);
        st[i][1] = fig(c, key, stages[i].x_label, "ms");
    }
    struct series *ways[2] = {&off, &x};
    for (int w = 0; w < 2; w++) {
        struct series *s = ways[w];
        if (s->n == 0) {
            const char *why = s->why[0] ? s->why : "not measured: no run";
            fig_note(ff[w], "%s", why);
            fig_note(ex[w], "%s", why);
            for (int i = 0; i < N_STAGES; i++)
                fig_note(st[i][w], "%s", why);
            continue;
        }
        stats(ff[w], s->ff, s->n);
        stats(ex[w], s->exit, s->n);
        for (int i = 0; i < N_STAGES; i++)
            if (s->n_stage[i])
                stats(st[i][w], s->stage[i], s->n_stage[i]);
            else
                fig_note(st[i][w], "not measured: the kiosk logged no time for it");
        if (w == 0)
            fig_note(ff[w], "%d run%s, a %dx%d window, renderer %s%s", s->n, s->n > 1 ? "s" : "",
                     c->w, c->h, c->renderer, x.n ? ", interleaved with X's" : "");
        else
            fig_note(ff[w],
                     "%d run%s, own Xvfb %dx%dx24, full screen, renderer %s (the kiosk's pick)",
                     s->n, s->n > 1 ? "s" : "", c->w, c->h, s->picked[0] ? s->picked : "unknown");
        fig_note(ex[w], "the launcher's clock: fork to the exit after the first frame");
    }
    if (ff[0]->measured && ff[1]->measured && ff[0]->med > 0) {
        one_value(ratio, ff[1]->med / ff[0]->med);
        fig_note(ratio, "median under X / median offscreen");
    } else {
        fig_note(ratio, "%s", !ff[1]->measured ? ff[1]->note : ff[0]->note);
    }
}

/* /proc/PID/NAME (its first len - 1 bytes) into buf, NUL-terminated: how
 * many bytes (0 when it cannot be read). */
static size_t proc_read(pid_t pid, const char *name, char *buf, size_t len)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, len - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    return n;
}

/* utime + stime of every thread of pid, in clock ticks; context switches. */
static int proc_usage(pid_t pid, double *cpu_s, long *switches)
{
    char path[64], buf[1024];
    proc_read(pid, "stat", buf, sizeof(buf));
    char *p = strrchr(buf, ')');
    unsigned long ut, stt;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &stt) != 2)
        return -1;
    *cpu_s = (double)(ut + stt) / (double)sysconf(_SC_CLK_TCK);
    /* wake-ups: the context switches of every thread */
    *switches = 0;
    snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
    DIR *d = opendir(path);
    struct dirent *de;
    while (d && (de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        char sp[320], line[256];
        snprintf(sp, sizeof(sp), "/proc/%d/task/%s/status", (int)pid, de->d_name);
        FILE *s = fopen(sp, "r");
        while (s && fgets(line, sizeof(line), s)) {
            long v;
            if (sscanf(line, "voluntary_ctxt_switches: %ld", &v) == 1 ||
                sscanf(line, "nonvoluntary_ctxt_switches: %ld", &v) == 1)
                *switches += v;
        }
        if (s)
            fclose(s);
    }
    if (d)
        closedir(d);
    return 0;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

static long proc_pss_kib(pid_t pid)
{
    char buf[2048];
    long kib = -1;
    proc_read(pid, "smaps_rollup", buf, sizeof(buf));
    const char *pss = strstr(buf, "\nPss:");
    if (!pss || sscanf(pss + 1, "Pss: %ld kB", &kib) != 1)
        return -1;
    return kib;
}

/* Sleep until the clock_real_ns() deadline: ticks at fixed deadlines do
 * not drift by the time each sample takes. */
static void sleep_until(uint64_t deadline_ns)
{
    uint64_t now = clock_real_ns();
    if (deadline_ns <= now)
        return;
    struct timespec ts = {(time_t)((deadline_ns - now) / 1000000000u),
                          (long)((deadline_ns - now) % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Whether pid runs `vitrine run` yet (before its exec it is a copy of the
 * bench, whose memory is not the kiosk's). */
static int is_kiosk(pid_t pid)
{
    char buf[4200];
    size_t n = proc_read(pid, "cmdline", buf, sizeof(buf)), l = strlen(buf);
    return l + 1 < n && strcmp(buf + l + 1, "run") == 0;
}

static void drain(int fd)
{
    char sink[4096];
    while (read(fd, sink, sizeof(sink)) > 0)
        ;
}

/* A child kiosk looping for o->loop_s seconds after 2 s of start-up: its
 * CPU share and wake-ups over the loop, and its PSS sampled every 100 ms
 * from its exec to the end (start-up included). A benchmark may wait on
 * the clock; a test never. */
static void measure_loop(const char *self, const struct options *o, struct config *c,
                         int fullscreen)
{
    enum { TICK_NS = 100000000, SETTLE_TICKS = 20 };
    struct figure *cpu = fig(c, "loop_cpu_pct", "CPU over a loop (dwell + transition)", "% core");
    struct figure *wk = fig(c, "loop_wakeups_s", "wake-ups per second over the loop", "/s");
    struct figure *pss = fig(c, "loop_pss_mb", "proportional memory (PSS), median", "MB");
    struct figure *peak = fig(c, "loop_pss_peak_mb", "proportional memory (PSS), highest", "MB");
    long ticks = SETTLE_TICKS + (o->loop_s > 0 ? o->loop_s : 60) * 10;
    double *mb = malloc(sizeof(double) * (size_t)(ticks + 1));
    struct child ch;
    struct way w = {.display = -1, .fullscreen = fullscreen};
    if (!mb || child_run(&ch, self, o, c, &w, NULL) != 0) {
        fig_note(cpu, "not measured: the kiosk could not be started");
        fig_note(wk, "not measured: the kiosk could not be started");
        fig_note(pss, "not measured: the kiosk could not be started");
        fig_note(peak, "not measured: the kiosk could not be started");
        free(mb);
        return;
    }
    /* its stderr drained at every tick: a long loop logs more than a pipe holds */
    int fl = fcntl(ch.err_fd, F_GETFL);
    fcntl(ch.err_fd, F_SETFL, fl | O_NONBLOCK);
    double c0 = 0, c1 = 0;
    long s0 = 0, s1 = 0;
    int ok = 0, n = 0, execed = 0;
    uint64_t t0 = 0;
    double top = 0, top_s = 0; /* the highest sample, and when (s after the exec) */
    for (long t = 0; t <= ticks; t++) {
        sleep_until(ch.t0_ns + (uint64_t)t * TICK_NS);
        drain(ch.err_fd);
        execed = execed || is_kiosk(ch.pid);
        long kib = execed ? proc_pss_kib(ch.pid) : -1;
        if (kib > 0) {
            mb[n] = (double)kib / 1024.0;
            if (mb[n] > top) {
                top = mb[n];
                top_s = (double)t * TICK_NS / 1e9;
            }
            n++;
        }
        if (t == SETTLE_TICKS) { /* start-up is measured elsewhere */
            ok = proc_usage(ch.pid, &c0, &s0) == 0;
            t0 = clock_real_ns();
        }
    }
    ok = ok && proc_usage(ch.pid, &c1, &s1) == 0;
    double secs = (double)(clock_real_ns() - t0) / 1e9;
    double watched = (double)(clock_real_ns() - ch.t0_ns) / 1e9;
    kill(ch.pid, SIGTERM);
    fcntl(ch.err_fd, F_SETFL, fl);
    static char buf[64 * 1024];
    child_read_all(&ch, buf, sizeof(buf));
    int st;
    waitpid(ch.pid, &st, 0);
    if (!ok) {
        fig_note(cpu, "not measured: /proc/PID/stat could not be read");
        fig_note(wk, "not measured: /proc/PID/stat could not be read");
    } else {
        one_value(cpu, 100.0 * (c1 - c0) / secs);
        one_value(wk, (double)(s1 - s0) / secs);
        fig_note(cpu,
                 "%.0f s after 2 s of start-up, the kiosk only (not the X server); 10 ms ticks",
                 secs);
    }
    if (n > 0) {
        stats(pss, mb, n); /* sorts */
        one_value(peak, top);
        fig_note(pss, "%d samples every 100 ms over %.0f s from the exec (start-up included)", n,
                 watched);
        fig_note(peak, "the highest of the %d samples, %.1f s after the exec", n, top_s);
    } else {
        fig_note(pss, "not measured: no /proc/PID/smaps_rollup");
        fig_note(peak, "not measured: no /proc/PID/smaps_rollup");
    }
    free(mb);
}

/* ---- in this process: frame CPU, touch, idle ---------------------------- */

static void touch(struct kiosk *k, enum input_phase ph, float x, uint64_t t)
{
    struct input_event e = {
        .kind = INPUT_TOUCH, .finger = 1, .phase = ph, .x = x, .y = 0.5f, .t_ms = t};
    kiosk_input(k, &e, t);
}

/* Simulated time: CPU of each frame drawn while panels dwell (the loop does
 * not redraw then unless something moves; drawn here to price a redraw),
 * during loop crossfades, and during slides that a swipe starts. */
/* Draw and present the frame at t; its CPU time goes into out[*n] while
 * there is room (max). */
static void timed_frame(struct kiosk *k, struct display *d, uint64_t t, uint64_t *out, int *n,
                        int max)
{
    uint64_t c0 = clock_cpu_ns();
    kiosk_draw(k, t);
    display_present(d);
    if (*n < max)
        out[(*n)++] = clock_cpu_ns() - c0;
}

static void measure_frames(struct display *d, struct kiosk *k, struct config *c)
{
    enum { N = 240 };
    static uint64_t fade[N], dwell[N], slide[N];
    int nf = 0, nd = 0, ns = 0;
    uint64_t t = 1000000;
    kiosk_update(k, t);
    kiosk_draw(k, t); /* the first frame rasterises the chrome */
    display_present(d);
    for (int guard = 0; guard < 100000 && (nf < N / 2 || nd < N / 2); guard++) {
        kiosk_update(k, t);
        if (kiosk_transitioning(k)) {
            timed_frame(k, d, t, fade, &nf, N);
            t += KIOSK_FRAME_MS;
            continue;
        }
        uint64_t due = kiosk_deadline(k, t);
        if (due - t > 60000)
            due = t + 60000;
        for (uint64_t f = t; f < due && nd < N; f += (due - t) / 8 + 1) {
            kiosk_update(k, f);
            timed_frame(k, d, f, dwell, &nd, N);
        }
        t = due;
        if (kiosk_panel_count(k) < 2)
            break;
    }
    /* slides: wake, then swipe to the next panel a few times */
    t += 5000;
    touch(k, INPUT_DOWN, 0.5f, t);
    touch(k, INPUT_UP, 0.5f, t + 60);
    t += 1000;
    for (int swipe = 0; swipe < 6 && kiosk_panel_count(k) > 1; swipe++) {
        for (int step = 0; step <= 6; step++) {
            touch(k,
                  step == 0   ? INPUT_DOWN
                  : step == 6 ? INPUT_UP
                              : INPUT_MOVE,
                  0.8f - 0.1f * (float)step, t);
            kiosk_update(k, t);
            timed_frame(k, d, t, slide, &ns, N);
            t += KIOSK_FRAME_MS;
        }
        for (int guard = 0; guard < 200 && kiosk_animating(k, t); guard++) {
            kiosk_update(k, t);
            timed_frame(k, d, t, slide, &ns, N);
            t += KIOSK_FRAME_MS;
        }
        t += 1000;
    }
    struct figure *f = fig(c, "dwell_frame_cpu_ms", "CPU per frame redrawn in a dwell", "ms");
    stats_ns(f, dwell, nd);
    f = fig(c, "crossfade_frame_cpu_ms", "CPU per crossfade frame", "ms");
    if (nf)
        stats_ns(f, fade, nf);
    else
        fig_note(f, "not measured: a one-panel exhibit has no transition");
    f = fig(c, "slide_frame_cpu_ms", "CPU per slide frame (drag and slide)", "ms");
    if (ns)
        stats_ns(f, slide, ns);
    else
        fig_note(f, "not measured: a one-panel exhibit has no slide");
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
static void measure_touch(struct display *d, struct kiosk *k, struct config *c)
{
    enum { DRAGS = 12, STEPS = 40 };
    static uint64_t ns[DRAGS * (STEPS + 2)];
    int n = 0;
    long wakeups = 0;
    struct lat_ctx ctx = {k};
    struct events_cfg cfg = {0};
    for (int drag = 0; drag < DRAGS; drag++) {
        for (int step = 0; step <= STEPS + 1; step++) {
            int phase = step == 0 ? INPUT_DOWN : step == STEPS + 1 ? INPUT_UP : INPUT_MOVE;
            float x = 0.8f - 0.5f * (float)(step > STEPS ? STEPS : step) / STEPS;
            uint64_t t0 = clock_real_ns();
            events_inject_touch(phase, 7, x, 0.5f);
            events_wait(d, &cfg, 0, lat_input, &ctx, &wakeups);
            uint64_t now = clock_now_ms();
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
            ns[n++] = clock_real_ns() - t0;
        }
        uint64_t now;
        while (kiosk_animating(k, now = clock_now_ms())) {
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
        }
    }
    struct figure *f = fig(c, "touch_to_present_ms", "touch to present", "ms");
    stats_ns(f, ns, n);
    fig_note(f, "%d touch events in %d drags", n, DRAGS);
}

/* Real clock, nothing moving: wake-ups per second and CPU share. */
static void measure_idle(struct display *d, struct kiosk *k, struct config *c, uint32_t poll_ms,
                         const char *wake_key, const char *cpu_key, const char *what)
{
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
    uint64_t t0 = clock_real_ns(), c0 = clock_cpu_ns();
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
    double secs = (double)(clock_real_ns() - t0) / 1e9;
    struct figure *f = fig(c, wake_key, what, "/s");
    one_value(f, (double)wakeups / secs);
    fig_note(f, "wake-ups of the loop, 3 s");
    f = fig(c, cpu_key, what, "% core");
    one_value(f, 100.0 * (double)(clock_cpu_ns() - c0) / 1e9 / secs);
}

/* A USB import of o->import (signed for o->keys) into a fresh state folder,
 * as the running kiosk does it (the `import` child process, then the new
 * store opened on the job's thread), while the loop keeps drawing a
 * visitor's drags: the import's wall time, and every frame's time and the
 * touch-to-present latency while it runs. */
static void bench_import(struct display *d, struct kiosk *k, const struct options *o,
                         const char *self, struct config *c)
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
        uint64_t t0 = clock_real_ns();
        struct job *j = job_start("import", import_job, &ic, (struct waker){0}, why, sizeof(why));
        if (!j)
            break;
        struct job_status st;
        int step = 0;
        do {
            /* a visitor dragging panels back and forth the whole time */
            int phase = step == 0 ? INPUT_DOWN : step == 41 ? INPUT_UP : INPUT_MOVE;
            float x = 0.8f - 0.5f * (float)(step > 40 ? 40 : step) / 40;
            uint64_t f0 = clock_real_ns();
            events_inject_touch(phase, 7, x, 0.5f);
            events_wait(d, &cfg, 0, lat_input, &ctx, &wakeups);
            uint64_t now = clock_now_ms();
            kiosk_update(k, now);
            kiosk_draw(k, now);
            display_present(d);
            uint64_t took = clock_real_ns() - f0;
            if (getenv("VITRINE_BENCH_SLOW") && took > 33000000)
                fprintf(stderr, "slow frame %.1f ms at %.0f ms into the import (step %d)\n",
                        took / 1e6, (clock_real_ns() - t0) / 1e6, step);
            if (n_frames < MAX_FRAMES)
                frame_ns[n_frames++] = took;
            step = (step + 1) % 42;
            job_poll(j, &st);
        } while (!st.finished);
        import_ns[run] = clock_real_ns() - t0;
        job_free(j);
        if (st.result != 0) {
            fprintf(stderr, "bench: import not loaded: %s\n", ic.r.why);
            failed = 1;
        }
        store_close(ic.store);
        char cmd[128];
        snprintf(cmd, sizeof(cmd), "rm -rf '%s'", state);
        if (system(cmd) != 0)
            fprintf(stderr, "bench: could not remove %s\n", state);
        if (failed)
            break;
    }
    if (!failed && n_frames && frame_ns) {
        double med = median_ms(import_ns, runs); /* sorts */
        struct stat sb;
        long long mb = stat(o->import, &sb) == 0 ? (long long)sb.st_size >> 20 : -1;
        (void)med;
        struct figure *f = fig(c, "import_ms", "import of a bundle (median of runs)", "ms");
        stats_ns(f, import_ns, runs);
        fig_note(f, "%lld MB bundle, %d runs", mb, runs);
        f = fig(c, "frame_during_import_ms", "frame during an import (input to present)", "ms");
        stats_ns(f, frame_ns, n_frames);
    }
    free(frame_ns);
}

/* ---- output ----------------------------------------------------------------- */

static void cell(char *out, size_t n, const struct figure *f)
{
    if (!f || !f->measured) {
        snprintf(out, n, "not measured");
        return;
    }
    int prec = f->med < 0.1 ? 3 : f->med < 10 ? 2 : f->med < 100 ? 1 : 0;
    if (f->n > 2)
        snprintf(out, n, "%.*f (%.*f-%.*f, p99 %.*f)", prec, f->med, prec, f->lo, prec, f->hi, prec,
                 f->p99);
    else
        snprintf(out, n, "%.*f", prec, f->med);
}

/* The baseline's median for "CONFIG KEY", or -1. */
static double baseline_median(const char *text, const char *config, const char *key)
{
    char pat[160];
    snprintf(pat, sizeof(pat), "\"%s %s\": {\"median\": ", config, key);
    const char *p = text ? strstr(text, pat) : NULL;
    return p ? strtod(p + strlen(pat), NULL) : -1;
}

/* Config c's figure of that key, or NULL. */
static const struct figure *find_fig(const struct config *c, const char *key)
{
    for (int i = 0; i < c->n_figs; i++)
        if (strcmp(c->figs[i].key, key) == 0)
            return &c->figs[i];
    return NULL;
}

static void print_table(struct config *cs, int n, const char *baseline)
{
    printf("%-52s", "figure");
    for (int i = 0; i < n; i++)
        printf(" | %-36s", cs[i].name);
    printf("\n");
    for (int r = 0; r < cs[0].n_figs; r++) {
        const struct figure *f0 = &cs[0].figs[r];
        char label[64];
        snprintf(label, sizeof(label), "%s, %s", f0->label, f0->unit);
        printf("%-52.52s", label);
        for (int i = 0; i < n; i++) {
            char c[96];
            const struct figure *f = find_fig(&cs[i], f0->key);
            cell(c, sizeof(c), f);
            if (baseline && f && f->measured) {
                double b = baseline_median(baseline, cs[i].name, f->key);
                size_t l = strlen(c);
                if (b > 0)
                    snprintf(c + l, sizeof(c) - l, " x%.2f", f->med / b);
                else
                    snprintf(c + l, sizeof(c) - l, " (no baseline)");
            }
            printf(" | %-36s", c);
        }
        printf("\n");
    }
    /* notes, each once: "all" when every configuration has the same */
    for (int r = 0; r < cs[0].n_figs; r++) {
        const char *key = cs[0].figs[r].key;
        int same = 1;
        for (int i = 1; i < n; i++) {
            const struct figure *f = find_fig(&cs[i], key);
            same &= f && strcmp(f->note, cs[0].figs[r].note) == 0;
        }
        for (int i = 0; i < n; i++) {
            const struct figure *f = find_fig(&cs[i], key);
            if (f && f->note[0])
                printf("  %s, %s: %s\n", same ? "all" : cs[i].name, f->key, f->note);
            if (same)
                break;
        }
    }
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", (unsigned char)*s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* One flat object, "CONFIG KEY": {...}, so a baseline is found by name. */
static void print_json(struct config *cs, int n, const char *driver)
{
    printf("{\n  \"driver\": ");
    json_string(driver);
    printf(",\n  \"figures\": {");
    int first = 1;
    for (int i = 0; i < n; i++)
        for (int r = 0; r < cs[i].n_figs; r++) {
            const struct figure *f = &cs[i].figs[r];
            char name[128];
            snprintf(name, sizeof(name), "%s %s", cs[i].name, f->key);
            printf("%s\n    ", first ? "" : ",");
            first = 0;
            json_string(name);
            if (f->measured)
                printf(": {\"median\": %.4g, \"min\": %.4g, \"max\": %.4g, \"p99\": %.4g, "
                       "\"n\": %d, \"unit\": ",
                       f->med, f->lo, f->hi, f->p99, f->n);
            else
                printf(": {\"median\": null, \"unit\": ");
            json_string(f->unit);
            printf(", \"note\": ");
            json_string(f->note);
            printf("}");
        }
    printf("\n  }\n}\n");
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

/* ---- the command -------------------------------------------------------------- */

/* The in-process measures of config c: frames offscreen; touch and idle in
 * a window of the current video driver. */
/* A blind visitor's key to the first sound of the guide's first word:
 * the key given to the kiosk, its words taken and handed to the speech
 * thread (as the run loop does), and eSpeak NG's first sound reaching
 * the audio output's callback. The first run loads eSpeak NG and opens
 * the output (cold); the rest find them ready (the output stays open
 * while the guide speaks). SDL's disk driver into /dev/null unless
 * SDL_AUDIODRIVER names another: synthesis and the output's first
 * buffer, not a sound card's own latency. */
static void measure_speech(struct display *d, const struct options *o, struct config *c)
{
    enum { RUNS = 9 };
    char why[512], notice[768];
    struct figure *cold =
        fig(c, "speech_first_word_cold_ms", "key to first word, first time", "ms");
    struct figure *warm = fig(c, "speech_first_word_ms", "key to first word (audio guide)", "ms");
    if (!getenv("SDL_AUDIODRIVER")) {
        setenv("SDL_AUDIODRIVER", "disk", 1);
        setenv("SDL_DISKAUDIOFILE", "/dev/null", 1);
    }
    struct store *s = cli_open_content(o->content, notice, sizeof(notice));
    struct presenter pres = display_presenter(d);
    struct kiosk_opts ko = {.speech = 1, .speech_any_key = 1};
    struct kiosk *k = s ? kiosk_new(&pres, s, &ko, clock_now_ms(), why, sizeof(why)) : NULL;
    struct speech *sp = k ? speech_new(&(struct speech_cfg){.volume = 60}) : NULL;
    if (!k || !sp) {
        fig_note(warm, "not measured: %s", k ? "out of memory" : why);
        kiosk_free(k);
        return;
    }
    double ms[RUNS];
    int n = 0;
    for (int run = 0; run < RUNS; run++) {
        uint64_t t0 = clock_real_ns(), now = clock_now_ms();
        struct input_event e = {.kind = INPUT_KEY, .key = INPUT_KEY_OTHER, .t_ms = now};
        kiosk_input(k, &e, now);
        kiosk_update(k, now);
        struct kiosk_speech ks;
        if (!kiosk_speech_take(k, &ks) || !ks.say)
            break;
        struct speech_utterance u = {
            .cue = ks.cue == KIOSK_CUE_START ? SPEECH_CUE_START : SPEECH_CUE_NONE, .n = ks.n};
        for (int i = 0; i < ks.n && i < SPEECH_MAX_SEGMENTS; i++) {
            u.seg[i].lang = ks.lang[i];
            u.seg[i].text = ks.text[i];
        }
        uint64_t handed = clock_real_ns();
        speech_say(sp, &u);
        struct speech_stats st;
        uint64_t give_up = handed + 10ull * 1000000000ull;
        do {
            sleep_ms(1);
            speech_stats(sp, &st);
        } while (st.last_first_ms < 0 && !st.why[0] && clock_real_ns() < give_up);
        if (st.last_first_ms < 0) {
            fig_note(warm, "not measured: %s", st.why[0] ? st.why : "no sound within 10 s");
            break;
        }
        double v = (double)(handed - t0) / 1e6 + st.last_first_ms;
        if (run == 0)
            one_value(cold, v);
        else
            ms[n++] = v;
        speech_stop(sp);
        kiosk_end_session(k, now); /* the next visitor starts the guide anew */
        kiosk_update(k, clock_now_ms());
        kiosk_speech_take(k, &ks);
    }
    if (n) {
        stats(warm, ms, n);
        fig_note(warm, "%d runs after the first; the guide's cue, then its first word", n);
    }
    fig_note(cold, "loads eSpeak NG and opens the output");
    speech_free(sp);
    kiosk_free(k);
}

static void measure_here(const struct options *o, struct config *c)
{
    char why[512], notice[768];
    struct display_opts hopts = {.headless = 1, .w = c->w, .h = c->h, .rotation = (int)o->rotation};
    struct display *d = display_open(&hopts, why, sizeof(why));
    struct store *s = cli_open_content(o->content, notice, sizeof(notice));
    struct kiosk *k = NULL;
    struct presenter pres;
    if (d && s) {
        pres = display_presenter(d);
        k = kiosk_new(&pres, s, &(struct kiosk_opts){0}, 1000000, why, sizeof(why));
        s = NULL;
    }
    if (k)
        measure_frames(d, k, c);
    else
        fig_note(fig(c, "crossfade_frame_cpu_ms", "CPU per crossfade frame", "ms"),
                 "not measured: %s", why);
    kiosk_free(k);
    store_close(s);
    display_close(d);

    struct display_opts wopts = {
        .windowed = 1, .w = c->w, .h = c->h, .renderer = c->renderer, .rotation = (int)o->rotation};
    d = display_open(&wopts, why, sizeof(why));
    s = cli_open_content(o->content, notice, sizeof(notice));
    k = NULL;
    if (d && s) {
        pres = display_presenter(d);
        k = kiosk_new(&pres, s, &(struct kiosk_opts){0}, clock_now_ms(), why, sizeof(why));
        s = NULL;
    }
    if (k) {
        measure_touch(d, k, c);
        measure_idle(d, k, c, EVENTS_POLL_IDLE_MS, "idle_loop_wakeups_s", "idle_loop_cpu_pct",
                     "idle in loop mode");
        measure_idle(d, k, c, EVENTS_POLL_MS, "idle_interactive_wakeups_s",
                     "idle_interactive_cpu_pct", "idle in interactive mode");
        if (o->import)
            bench_import(d, k, o, "/proc/self/exe", c);
        measure_speech(d, o, c);
    } else {
        fig_note(fig(c, "touch_to_present_ms", "touch to present", "ms"), "not measured: %s", why);
    }
    if (!o->import)
        fig_note(fig(c, "import_ms", "import of a bundle (median of runs)", "ms"),
                 "not measured: give --import FILE --keys DIR (tests/bench/import.sh makes one)");
    kiosk_free(k);
    store_close(s);
    display_close(d);
}

int cmd_bench(const struct options *o, const char *argv0)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len > 0)
        self[len] = '\0';
    else
        snprintf(self, sizeof(self), "%s", argv0);
    log_set_level(LOG_WARN);
    if (!getenv("SDL_VIDEODRIVER") && !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        setenv("SDL_VIDEODRIVER", "offscreen", 1);
        fprintf(stderr, "bench: no display: using SDL's offscreen driver\n");
    }
    /* the sizes: the one asked for, else 1920x1080 and 4K, each way up */
    static struct config cs[MAX_CONFIGS];
    int n = 0;
    int sizes[4][2] = {{1920, 1080}, {1080, 1920}, {3840, 2160}, {2160, 3840}};
    int n_sizes = 4;
    if (o->width) {
        sizes[0][0] = o->width;
        sizes[0][1] = o->height;
        n_sizes = 1;
    }
    const char *renderers[2] = {"software", NULL};
    if (o->renderer && strcmp(o->renderer, "auto") != 0)
        renderers[0] = o->renderer;
    else if (display_have_gpu())
        renderers[1] = "auto";
    for (int r = 0; r < 2 && renderers[r]; r++)
        for (int i = 0; i < n_sizes && n < MAX_CONFIGS; i++) {
            struct config *c = &cs[n++];
            memset(c, 0, sizeof(*c));
            c->w = sizes[i][0];
            c->h = sizes[i][1];
            snprintf(c->renderer, sizeof(c->renderer), "%s", renderers[r]);
            snprintf(c->name, sizeof(c->name), "%dx%d %s", c->w, c->h, renderers[r]);
        }
    static char driver_name[32] = "none";
    int mode_w = 0, mode_h = 0;
    int have_mode = display_desktop(driver_name, sizeof(driver_name), &mode_w, &mode_h) == 0;
    for (int i = 0; i < n; i++) {
        struct config *c = &cs[i];
        /* on X, a size that is the screen's is measured full screen */
        int fullscreen =
            have_mode && strcmp(driver_name, "x11") == 0 && mode_w == c->w && mode_h == c->h;
        fprintf(stderr, "bench: %s (%s%s)...\n", c->name, driver_name,
                fullscreen ? ", full screen" : "");
        measure_first_frame(self, o, c, fullscreen);
        measure_startup(self, o, c);
        measure_loop(self, o, c, fullscreen);
        measure_here(o, c);
    }
    if (!renderers[1] && !(o->renderer && strcmp(o->renderer, "auto") != 0))
        fprintf(
            stderr,
            "bench: accelerated renderer not measured: no GPU device (/dev/dri, /dev/nvidiactl)\n");
    char *baseline = o->compare ? read_text(o->compare) : NULL;
    if (o->compare && !baseline)
        fprintf(stderr, "bench: cannot read the baseline %s\n", o->compare);
    if (o->json) {
        print_json(cs, n, driver_name);
    } else {
        printf("vitrine bench: video driver %s%s; medians (min-max, p99)%s\n", driver_name,
               strcmp(driver_name, "offscreen") == 0 ? " (no display)" : "",
               baseline ? "; xN = ratio to the baseline" : "");
        print_table(cs, n, baseline);
    }
    free(baseline);
    return 0;
}
