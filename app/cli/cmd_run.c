/* cmd_run.c - `vitrine run`: the kiosk on a real screen, with USB imports
 * and the staff screen. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bootcount.h"
#include "clock.h"
#include "display.h"
#include "events.h"
#include "fault.h"
#include "frame_budget.h"
#include "cli.h"
#include "fsio_posix.h"
#include "generations.h"
#include "hours.h"
#include "hours_switch.h"
#include "health.h"
#include "image.h"
#include "job.h"
#include "kiosk.h"
#include "log.h"
#include "mode.h"
#include "notify.h"
#include "schedule.h"
#include "cmd_run.h"
#include "cmd_run_import.h"
#include "cmd_run_screen.h"
#include "screen_power.h"
#include "staff.h"
#include "stats.h"
#include "visits.h"

#define RUN_LOG_LINES STAFF_LOG_LINES
#define RUN_HEALTH_EVERY_MS 15000u /* the health file, rewritten this often */
#define RUN_SHOT_SIDE 480          /* the proof of play's longer side, pixels */
#define RUN_KEY_MAX (STICKWATCH_PATH_MAX + 160)
#define RUN_STATS_EVERY_MS 60000u
#define RUN_PASS_SLOW_NS                                                                           \
    50000000u /* a pass longer than this holds a frame up */ /* visitor statistics: one write a    \
                                                                minute at most */

struct run_ctx {
    struct kiosk *k;
    const struct options *o;
    struct display *d;
    int w, h;
    /* the loop */
    struct events_cfg ecfg;
    struct frame_budget budget; /* what a transition costs here (frame_budget.h) */
    int budget_kind;            /* the loop's transition now */
    struct frame_log frame_log; /* the transition under way's frames, for the log */
    long frames, wakeups;
    int flags, ask; /* what the last wait brought (events_wait, sim_wait) */
    uint64_t now;   /* the kiosk's time, read once a pass (clock_pass) */
    int64_t utc;    /* the wall clock then (0 when it cannot be read) */
    struct walltime wall;
    uint64_t t0, last_frame;
    uint64_t pass_max_ns; /* the longest pass from its clock reading to its wait */
    long passes, passes_over;
    uint32_t frame_ms;
    /* background work the loop owns: started with `waker`, polled when
     * events_wait says EVENTS_WAKE */
    struct waker waker;
    struct job *watch_job, *import_job, *check_job, *export_job;
    struct export_job_ctx exp;  /* staff's export of the statistics to a stick */
    struct check_job_ctx check; /* the quick_check deferred at start-up */
    struct stick_watch_ctx watch;
    unsigned long watch_seen;
    struct import_job_ctx imp;
    int imp_rollback; /* the job only opens a generation (rollback, shell import) */
    char rollback_why[STAFF_TEXT_MAX];   /* the roll back under way was by itself: why */
    char rollback_after[STAFF_TEXT_MAX]; /* a roll back by itself waits for the import */
    char damaged[STAFF_TEXT_MAX];        /* the roll back is from a damaged exhibit: why */
    char tried[RUN_KEY_MAX]; /* the bundle last imported from a stick (bundle_key): not again until
                                it goes */
    char multi[STICKWATCH_PATH_MAX]; /* the two-sticks message was shown for this first bundle */
    /* what is on screen */
    char showing_gen[GEN_NAME_MAX]; /* "" = built in or --content */
    struct import_result showing;
    char signer_id[sizeof(((struct import_result *)0)->signer)]; /* signer_words is for this id */
    char signer_words[96];                                       /* import_signer_words */
    int watch_new; /* roll back by itself if the exhibit just switched to fails */
    int touched;   /* a visitor touched the screen since the start */
    char last_import[STAFF_TEXT_MAX];
    char last_export[STAFF_TEXT_MAX]; /* the staff screen's line on the statistics export */
    char attention[STAFF_TEXT_MAX];   /* why the exhibit changed by itself at start */
    /* abnormal exits of the generation on screen (bootcount.h) */
    struct boot_count boot;
    uint64_t boot_ms;  /* when its running time was last added */
    uint64_t alive_ms; /* when STATE/boot-alive was last written */
    int boot_said;    /* a failed write was logged: not again until one works */
    int staff_was_open;
    struct job *pin_job; /* checks pin against the hash */
    char pin[STAFF_PIN_MAX + 1];
    int exit_asked;
    /* opening hours (o->hours): closed, the screen dark and nothing drawn */
    struct hours_switch hs; /* closed, closing, the next change (hours_switch.h) */
    uint64_t woken_until;   /* a touch while closed shows the exhibit until then */
    /* the screen commands: one at a time, on their job (cmd_run_screen.h) */
    struct screen_power screen;
    struct job *screen_job;
    struct screen_cmd_ctx screen_cmd; /* the job's while it runs */
    /* recent log lines for the staff screen (written by any thread) */
    pthread_mutex_t log_mu;
    char log[RUN_LOG_LINES][STAFF_TEXT_MAX];
    int log_next, log_n;
    /* --health-file: the figures, and when they were last written */
    struct health health;
    const char *health_file; /* NULL: none */
    uint64_t health_saved_ms;
    struct job *health_job; /* writes health_text (the job's while it runs) */
    char health_text[8192];
    /* proof of play (screenshot_every): a small PNG beside the health file,
     * taken between a frame's drawing and its present, written on its job */
    char shot_path[4096];     /* "" none */
    struct job *shot_job;     /* writes shot */
    struct SDL_Surface *shot; /* the job's while it runs */
    uint64_t shot_ms;         /* when the last was taken (0: none yet) */
    int64_t shot_unix;        /* ... on the wall clock */
    int shot_failing;         /* said once until a write works */
    int shot_ok;              /* the job's result, read after job_free at the stop */
    size_t health_len;
    uint64_t health_at, health_fsync_ms;
    int health_panel;  /* the panel on screen at the last frame */
    const char *inbox; /* --inbox: a sync tool's folder, NULL: none */
    /* visitor statistics (stats.h): events gather in st_live on this
     * thread; once a minute they move to st_pend and a job writes them */
    struct stats *stats;          /* NULL: not open; the stats job's while it runs */
    int stats_open;               /* r->stats was open when the last job ended */
    struct stats_opts stats_opts; /* stats_days, stats_max_rows */
    struct stats_buf st_live, st_pend;
    int64_t st_pend_utc;
    struct job *stats_job;
    uint64_t st_flush_ms;
    int st_said;          /* the problem was logged; not again until it is over */
    struct visits visits; /* views and sessions from what the kiosk shows */
    /* the soak (cmd_run.h): NULL in real time */
    const struct run_sim *sim;
    long imports_finished;
    long resets;              /* renderer resets handled */
    long exports, exports_ok; /* statistics exports finished, and written */
};

static void log_sink(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct run_ctx *r = ctx;
    health_count_log(&r->health, level);
    if (level > LOG_INFO)
        return;
    pthread_mutex_lock(&r->log_mu);
    snprintf(r->log[r->log_next], STAFF_TEXT_MAX, "%s: %s", tag, line);
    r->log_next = (r->log_next + 1) % RUN_LOG_LINES;
    if (r->log_n < RUN_LOG_LINES)
        r->log_n++;
    pthread_mutex_unlock(&r->log_mu);
}

/* What the staff screen shows, gathered now. */
static void staff_refresh(struct run_ctx *r)
{
    struct staff_info info;
    memset(&info, 0, sizeof(info));
    if (r->showing_gen[0]) {
        snprintf(info.exhibit, sizeof(info.exhibit), "%s", r->showing.title);
        snprintf(info.version, sizeof(info.version), "%s", r->showing.version);
        if (!r->signer_words[0] || strcmp(r->signer_id, r->showing.signer) != 0) {
            snprintf(r->signer_id, sizeof(r->signer_id), "%s", r->showing.signer);
            import_signer_words(r->o->keys, r->showing.signer, r->signer_words,
                                sizeof(r->signer_words));
        }
        snprintf(info.signer, sizeof(info.signer), "%s", r->signer_words);
    } else {
        snprintf(info.exhibit, sizeof(info.exhibit), "%s",
                 r->o->content ? r->o->content : "the built-in exhibit");
        snprintf(info.version, sizeof(info.version), "-");
        snprintf(info.signer, sizeof(info.signer), "built in");
    }
    snprintf(info.attention, sizeof(info.attention), "%s", r->attention);
    snprintf(info.last_import, sizeof(info.last_import), "%s",
             r->last_import[0] ? r->last_import : "no import since the kiosk started");
    snprintf(info.last_export, sizeof(info.last_export), "%s", r->last_export);
    struct statvfs vfs;
    if (statvfs(r->o->state_dir, &vfs) == 0)
        snprintf(info.free_space, sizeof(info.free_space), "%.1f GB free in %s",
                 (double)vfs.f_bavail * (double)vfs.f_frsize / 1e9, r->o->state_dir);
    else
        snprintf(info.free_space, sizeof(info.free_space), "%s does not exist yet",
                 r->o->state_dir);
    /* the settings file's first problem (all are in the log) */
    int first = (int)strcspn(r->o->problems, "\n");
    if (r->o->n_problems)
        snprintf(info.settings, sizeof(info.settings), "%.*s%s", first < 200 ? first : 200,
                 r->o->problems, r->o->n_problems > 1 ? " (and more: see the log)" : "");
    else
        snprintf(info.settings, sizeof(info.settings), "no problems in %.200s", r->o->config);
    pthread_mutex_lock(&r->log_mu);
    for (int i = 0; i < r->log_n; i++) {
        int at = (r->log_next - r->log_n + i + RUN_LOG_LINES) % RUN_LOG_LINES;
        snprintf(info.log[i], sizeof(info.log[i]), "%s", r->log[at]);
    }
    info.n_log = r->log_n;
    pthread_mutex_unlock(&r->log_mu);
    struct gen_state st;
    char why[256];
    info.can_rollback = gen_read(r->o->state_dir, &st, why, sizeof(why)) == 0 && st.previous[0] &&
                        !gen_is_bad(r->o->state_dir, st.previous, NULL, 0);
    kiosk_staff_info(r->k, &info);
}

/* snprintf for staff texts, where cutting a long title short is fine. */
static void textf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void textf(char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, n, fmt, ap);
    va_end(ap);
}

/* The exhibit on screen, for the health file. */
static void health_exhibit(struct run_ctx *r)
{
    if (r->showing_gen[0])
        health_set_exhibit(&r->health, "imported", r->showing.title, r->showing.slug,
                           r->showing.version, r->showing_gen, r->showing.signer,
                           r->k ? kiosk_panel_count(r->k) : r->showing.n_panels);
    else
        health_set_exhibit(&r->health, r->o->content ? "file" : "builtin",
                           r->o->content ? r->o->content : "the built-in exhibit", "", "", "", "",
                           r->k ? kiosk_panel_count(r->k) : 0);
}

/* A health file problem, in the log once until a write works again. */
static void health_problem(struct run_ctx *r, const char *why)
{
    if (!r->health.write_failing)
        log_warn("health", "the health file is not written (said once): %s", why);
    r->health.write_failing = 1;
}

/* The health job: the text formatted on the loop, written (and fsynced
 * now and then) here, so a slow disk never holds up a frame. */
static int health_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_ctx *r = ctx;
    return health_write_file(fsio_posix(), r->health_file, r->health_text, r->health_len,
                             r->health_at, &r->health_fsync_ms, msg, msg_len);
}

/* The figures as text now; -1 when they do not fit (said once). */
static int health_text(struct run_ctx *r, uint64_t now)
{
    health_exhibit(r);
    int n = health_format(&r->health, now, r->health_text, sizeof(r->health_text));
    if (n < 0) {
        health_problem(r, "the figures do not fit in the health file's buffer");
        return -1;
    }
    r->health_len = (size_t)n;
    r->health_at = now;
    return 0;
}

/* Write the health file now (force), or when RUN_HEALTH_EVERY_MS passed,
 * on its job (a write still under way: the next tick). */
static void health_tick(struct run_ctx *r, uint64_t now, int force)
{
    if (!r->health_file || r->health_job ||
        (!force && now - r->health_saved_ms < RUN_HEALTH_EVERY_MS))
        return;
    r->health_saved_ms = now;
    if (health_text(r, now) != 0)
        return;
    char why[256];
    r->health_job = job_start("health", health_job_fn, r, r->waker, why, sizeof(why));
    if (!r->health_job)
        health_problem(r, why);
}

/* The health job finished (from poll_jobs). */
static void health_done(struct run_ctx *r, const struct job_status *st)
{
    if (st->result != 0) {
        health_problem(r, st->text);
        return;
    }
    if (r->health.write_failing)
        log_info("health", "the health file %s is written again", r->health_file);
    r->health.write_failing = 0;
}

/* Proof of play. */
static void shot_problem(struct run_ctx *r, const char *why)
{
    if (!r->shot_failing)
        log_warn("health", "the screenshot %s is not written (said once): %s", r->shot_path, why);
    r->shot_failing = 1;
}

static int shot_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_ctx *r = ctx;
    int rc = image_save_png(r->shot, r->shot_path, msg, msg_len); /* .tmp, then renamed */
    r->shot_ok = rc == 0;
    return rc;
}

/* A screenshot is due: screenshot_every minutes since the last (the
 * first at the first frame), none being written. */
static int shot_due(const struct run_ctx *r, uint64_t now)
{
    return r->shot_path[0] && !r->shot_job &&
           (r->shot_ms == 0 || now - r->shot_ms >= (uint64_t)r->o->screenshot_every * 60000u);
}

/* The frame just drawn, small, handed to the job (frame_step). */
static void shot_take(struct run_ctx *r, uint64_t now)
{
    r->shot_ms = now ? now : 1; /* a failure waits for the next turn too */
    struct SDL_Surface *s = display_thumbnail(r->d, RUN_SHOT_SIDE);
    if (!s) {
        shot_problem(r, "the screen could not be read back");
        return;
    }
    image_free(r->shot);
    r->shot = s;
    r->shot_unix = r->utc;
    char why[256];
    r->shot_job = job_start("screenshot", shot_job_fn, r, r->waker, why, sizeof(why));
    if (!r->shot_job)
        shot_problem(r, why);
}

static void shot_done(struct run_ctx *r, const struct job_status *st)
{
    image_free(r->shot);
    r->shot = NULL;
    if (st->result != 0) {
        shot_problem(r, st->text);
        return;
    }
    if (r->shot_failing)
        log_info("health", "the screenshot %s is written again", r->shot_path);
    r->shot_failing = 0;
    r->health.screenshot_unix = r->shot_unix ? r->shot_unix : 1;
    health_tick(r, r->now, 1); /* its time in the figures at once */
}

/* Stopping: the last figures, written here (the kiosk is going). */
static void health_stop(struct run_ctx *r, uint64_t now)
{
    job_free(r->health_job);
    r->health_job = NULL;
    char why[256];
    if (r->health_file && health_text(r, now) == 0 &&
        health_write_file(fsio_posix(), r->health_file, r->health_text, r->health_len, now,
                          &r->health_fsync_ms, why, sizeof(why)) != 0)
        health_problem(r, why);
}

static int64_t wall_now(void)
{
    struct walltime w;
    return clock_wall(&w) == 0 ? w.utc_s : 0;
}

/* The version on screen, for the fault points (fault.h): "" when built in. */
static const char *shown_version(const struct run_ctx *r)
{
    return r->showing_gen[0] ? r->showing.version : "";
}

static void boot_save(struct run_ctx *r)
{
    char why[512];
    if (boot_write(fsio_posix(), r->o->state_dir, &r->boot, why, sizeof(why)) == 0) {
        r->boot_said = 0;
        return;
    }
    if (!r->boot_said) /* the exhibit goes on; only the count is not kept */
        log_warn("run", "%s", why);
    r->boot_said = 1;
}

/* The generation on screen is now gen ("" none: built in): a new count of
 * its abnormal exits, written before it is drawn. */
static void boot_switch(struct run_ctx *r, const char *gen)
{
    if (r->o->content || (!gen[0] && !r->boot.generation[0]))
        return; /* --content, or still nothing imported: nothing to count */
    memset(&r->boot, 0, sizeof(r->boot));
    if (gen[0])
        boot_start(&r->boot, gen, r->utc);
    r->boot_ms = r->now;
    r->alive_ms = r->now;
    health_abnormal_exits(&r->health, gen[0] ? 0 : -1);
    boot_save(r);
}

/* Once a turn: the running time of the generation on screen, written every
 * BOOT_CHECKPOINT_MS until it has proved itself, and every BOOT_ALIVE_MS
 * to STATE/boot-alive (bootcount.h), so a crash's running time is known to
 * the second. */
static void boot_turn(struct run_ctx *r, uint64_t now)
{
    if (!r->boot.running)
        return;
    if (now - r->alive_ms >= BOOT_ALIVE_MS && !r->o->content) {
        boot_write_alive(fsio_posix(), r->o->state_dir, &r->boot,
                         r->boot.attempt_ms + (now - r->boot_ms));
        r->alive_ms = now;
    }
    if (now - r->boot_ms < BOOT_CHECKPOINT_MS)
        return;
    int proven = boot_ran(&r->boot, now - r->boot_ms);
    r->boot_ms = now;
    boot_save(r);
    if (proven) {
        log_info("run", "%s has run %u minutes: its count of abnormal exits is cleared",
                 r->boot.generation, BOOT_WINDOW_MS / 60000u);
        health_abnormal_exits(&r->health, 0);
    }
}

/* A clean exit (SIGTERM, staff's Exit, --frames, the renderer lost): the
 * attempt is not counted at the next start. */
static void boot_stop(struct run_ctx *r)
{
    if (!r->boot.running)
        return;
    boot_clean(&r->boot);
    boot_save(r);
}

/* The exhibit changed by itself at start: why, for staff (the staff
 * screen's line and the notice) and the health file; the caller logs it. */
static void say_recovered(struct run_ctx *r, const char *kind, const char *text, char *notice,
                          size_t notice_len)
{
    textf(r->attention, sizeof(r->attention), "%s", text);
    health_recovery(&r->health, kind, text);
    size_t used = strlen(notice);
    if (used + 1 < notice_len)
        snprintf(notice + used, notice_len - used, "%s%s", used ? " " : "", text);
}

/* A bundle as the watcher found it: its path, and its file's and its
 * signature's inode, size and time, so that a bundle synced again under
 * the same name (a new file renamed over it), or its signature arriving
 * after it, counts as new. */
static void bundle_key(const char *bundle, char *key, size_t n, int *has_sig)
{
    struct stat b, s;
    char sig[STICKWATCH_PATH_MAX + 16];
    snprintf(sig, sizeof(sig), "%s.minisig", bundle);
    memset(&b, 0, sizeof(b));
    memset(&s, 0, sizeof(s));
    if (lstat(bundle, &b) != 0)
        memset(&b, 0, sizeof(b));
    *has_sig = lstat(sig, &s) == 0;
    snprintf(key, n, "%s\n%llu:%llu:%lld:%lld.%09ld %llu:%lld:%lld.%09ld", bundle,
             (unsigned long long)b.st_dev, (unsigned long long)b.st_ino, (long long)b.st_size,
             (long long)b.st_mtim.tv_sec, b.st_mtim.tv_nsec, (unsigned long long)s.st_ino,
             (long long)s.st_size, (long long)s.st_mtim.tv_sec, s.st_mtim.tv_nsec);
}

/* Whether bundle lies in the inbox (--inbox) rather than on a stick. */
static int in_inbox(const struct run_ctx *r, const char *bundle)
{
    size_t n = r->inbox ? strlen(r->inbox) : 0;
    return n && strncmp(bundle, r->inbox, n) == 0 && bundle[n] == '/';
}

static void card(struct run_ctx *r, int ok, const char *title, const char *body)
{
    struct staff_card c = {.shown = 1, .ok = ok};
    textf(c.title, sizeof(c.title), "%s", title);
    textf(c.body, sizeof(c.body), "%s", body);
    kiosk_staff_card(r->k, &c, r->now);
    textf(r->last_import, sizeof(r->last_import), "%s: %s", title, body);
}

/* Start the import job for bundle; bundle NULL: only open generation
 * `gen` (an import from a shell); both NULL: roll back, then open (see
 * rollback). */
static void start_import(struct run_ctx *r, const char *bundle, const char *gen)
{
    if (r->import_job)
        return;
    memset(&r->imp, 0, sizeof(r->imp));
    r->imp.exe = "/proc/self/exe";
    r->imp.state_dir = r->o->state_dir;
    r->imp.keys_dir = r->o->keys;
    r->imp.w = r->w;
    r->imp.h = r->h;
    r->imp_rollback = bundle == NULL;
    r->imp.rollback = !bundle && !gen;
    if (bundle)
        snprintf(r->imp.bundle, sizeof(r->imp.bundle), "%s", bundle);
    else if (gen)
        snprintf(r->imp.gen, sizeof(r->imp.gen), "%s", gen);
    char why[256];
    r->import_job = job_start(bundle ? "import" : "open", bundle ? import_job : open_generation_job,
                              &r->imp, r->waker, why, sizeof(why));
    if (!r->import_job) {
        log_error("run", "cannot start the import: %s", why);
        return;
    }
    if (bundle) {
        log_info("run", "importing %s", bundle);
        struct staff_progress p = {.active = 1};
        snprintf(p.text, sizeof(p.text), "Reading the stick");
        kiosk_staff_progress(r->k, &p, r->now);
    }
}

/* The sticks present now: import the one there is, or say why not. */
static void sticks_changed(struct run_ctx *r)
{
    struct stick_found found[STICKWATCH_MAX_FOUND];
    char crowded[STICKWATCH_PATH_MAX];
    pthread_mutex_lock(&r->watch.mu);
    int n = r->watch.n_found;
    memcpy(found, r->watch.found, sizeof(found));
    memcpy(crowded, r->watch.crowded, sizeof(crowded));
    pthread_mutex_unlock(&r->watch.mu);
    if (crowded[0]) {
        /* not read to its end: a bundle there may be unseen, so none is
         * taken, and staff are told why */
        if (strcmp(r->multi, crowded) != 0) {
            snprintf(r->multi, sizeof(r->multi), "%s", crowded);
            char body[STAFF_TEXT_MAX];
            snprintf(body, sizeof(body),
                     "The stick's vitrine folder holds more than 65,536 files, too many to read. "
                     "Keep only the exhibit and its .minisig file there.");
            log_warn("run", "not loaded: %s holds more than 65,536 files", crowded);
            card(r, 0, "Not loaded", body);
        }
        return;
    }
    if (n == 0) {
        r->tried[0] = r->multi[0] = '\0'; /* the stick went: the next one is new */
        return;
    }
    const char *paths[STICKWATCH_MAX_FOUND];
    for (int i = 0; i < n && i < STICKWATCH_MAX_FOUND; i++)
        paths[i] = found[i].bundle;
    char body[STAFF_TEXT_MAX];
    if (import_choose(paths, n, body, sizeof(body)) < 0) {
        if (strcmp(r->multi, found[0].bundle) != 0) {
            snprintf(r->multi, sizeof(r->multi), "%s", found[0].bundle);
            log_warn("run", "not loaded: %s", body);
            card(r, 0, "Not loaded", body);
        }
        return;
    }
    r->multi[0] = '\0';
    char key[RUN_KEY_MAX];
    int has_sig;
    bundle_key(found[0].bundle, key, sizeof(key), &has_sig);
    if (strcmp(r->tried, key) == 0 || r->import_job)
        return;
    snprintf(r->tried, sizeof(r->tried), "%s", key);
    if (!has_sig && in_inbox(r, found[0].bundle)) {
        /* a sync tool may bring the signature after the bundle */
        log_info("run", "%s waits in the inbox for its signature", found[0].bundle);
        return;
    }
    start_import(r, found[0].bundle, NULL);
}

/* The pointer names another generation than the one on screen, and no
 * import of ours is running: staff changed it from a shell. */
static void pointer_changed(struct run_ctx *r)
{
    struct gen_state st;
    char why[256];
    if (r->import_job || gen_read(r->o->state_dir, &st, why, sizeof(why)) != 0 || !st.current[0] ||
        strcmp(st.current, r->showing_gen) == 0)
        return;
    log_info("run", "the current exhibit changed to %s outside the kiosk; switching", st.current);
    start_import(r, NULL, st.current);
}

/* Go back to the previous exhibit: staff's choice (reason NULL) or by
 * itself (reason: why). The pointer is moved and the exhibit opened on the
 * import job (fsyncs, never on the render thread); import_done shows the
 * result. While an import runs, staff are told to wait and a roll back by
 * itself follows once the import is done. */
static void rollback(struct run_ctx *r, const char *reason)
{
    if (r->import_job) {
        if (reason) {
            if (reason != r->rollback_after) /* a copy onto itself is undefined */
                snprintf(r->rollback_after, sizeof(r->rollback_after), "%.*s",
                         (int)sizeof(r->rollback_after) - 1, reason);
            log_info("run", "rolling back once the import under way is done: %s", reason);
        } else {
            card(r, 0, "Not rolled back", "A stick is being read now; try again when it is done.");
        }
        return;
    }
    /* the reason, cut to what the card holds */
    snprintf(r->rollback_why, sizeof(r->rollback_why), "%.*s", (int)sizeof(r->rollback_why) - 1,
             reason ? reason : "");
    r->rollback_after[0] = '\0'; /* after the copy: reason may be it */
    start_import(r, NULL, NULL);
    r->watch_new = 0;
}

static void show_builtin(struct run_ctx *r, const char *problem);

/* A finished import (or open) job: show the result, switch content. */
static void import_done(struct run_ctx *r, const struct job_status *st)
{
    struct import_job_ctx *c = &r->imp;
    r->imports_finished++;
    kiosk_staff_progress(r->k, NULL, r->now);
    int damaged = r->damaged[0] != 0; /* the notice says it already */
    if (c->rollback && damaged && c->r.outcome != IMPORT_LOADED) {
        log_error("run", "after the damaged exhibit: %s", c->r.why);
        show_builtin(r, r->damaged); /* no previous one to go back to */
        r->damaged[0] = '\0';
        return;
    }
    r->damaged[0] = '\0';
    if (c->rollback && !c->rolled) {
        log_error("run", "roll back: %s", c->r.why);
        card(r, 0, "Not rolled back", c->r.why);
        staff_refresh(r);
        return;
    }
    if (c->rolled)
        log_warn("run", "rolled back to %s%s%s", c->gen, r->rollback_why[0] ? ": " : "",
                 r->rollback_why);
    if (!r->imp_rollback)
        health_import(&r->health, (int)c->r.outcome, r->utc, c->r.why);
    char title[STAFF_TEXT_MAX], body[STAFF_TEXT_MAX];
    int inbox =
        !r->imp_rollback && in_inbox(r, c->bundle); /* a sync tool's: nobody holds a stick */
    if (c->r.outcome == IMPORT_LOADED && c->store) {
        kiosk_switch_store(r->k, c->store);
        c->store = NULL;
        snprintf(r->showing_gen, sizeof(r->showing_gen), "%s", c->r.generation);
        boot_switch(r, c->r.generation);
        r->showing = c->r;
        r->watch_new = !r->imp_rollback;
        import_card_loaded(&c->r, r->imp_rollback, !r->imp_rollback && !inbox, title, sizeof(title),
                           body, sizeof(body));
        log_info("run", "%s. %s", title, body);
        if (c->rolled && r->rollback_why[0] && !damaged) /* by itself: why, on a card */
            card(r, 1, "Went back to the previous exhibit", r->rollback_why);
        else if (!damaged)
            card(r, 1, title, body);
    } else if (c->r.outcome == IMPORT_SAME) {
        textf(body, sizeof(body), "%s. Nothing changed; you can remove the stick.", c->r.why);
        log_info("run", "already loaded: %s", c->r.why);
        if (!inbox) /* the inbox keeps its bundle: no card at every start */
            card(r, 1, "Already loaded", body);
    } else {
        textf(body, sizeof(body), "%s.", c->r.why[0] ? c->r.why : st->text);
        log_error("run", "not loaded: %s The exhibit on screen has not changed.", body);
        card(r, 0, "Not loaded", body);
        store_close(c->store);
        c->store = NULL;
    }
    staff_refresh(r);
    health_tick(r, r->now, 1);
}

/* Nothing else can be shown: the built-in exhibit, and why on the notice. */
static void show_builtin(struct run_ctx *r, const char *problem)
{
    char notice[768], bwhy[256];
    struct store *builtin = cli_open_content(NULL, bwhy, sizeof(bwhy));
    if (!builtin)
        return;
    r->showing_gen[0] = '\0';
    boot_switch(r, "");
    kiosk_switch_store(r->k, builtin);
    textf(notice, sizeof(notice), "Content not shown: %s Showing the built-in exhibit.", problem);
    kiosk_notice(r->k, notice, r->now);
}

/* The start-up check found the exhibit on screen damaged: the previous
 * generation, else the built-in exhibit. */
static void check_failed(struct run_ctx *r, const char *problem)
{
    log_error("run", "the exhibit on screen is damaged: %s", problem);
    if (!r->showing_gen[0] || r->import_job) {
        show_builtin(r, problem);
        return;
    }
    char notice[768];
    textf(notice, sizeof(notice),
          "The exhibit last loaded is damaged (%s); going back to the previous one.", problem);
    kiosk_notice(r->k, notice, r->now);
    snprintf(r->damaged, sizeof(r->damaged), "%s", problem);
    r->showing_gen[0] = '\0';
    rollback(r, notice);
}

static void stats_done(struct run_ctx *r, const struct job_status *st);

/* Staff's "Export statistics to the stick": find a stick that can be
 * written and write the CSV there, on a job (a stick may be slow or dead),
 * while the exhibit goes on. Sticks are looked for where --watch says, else
 * in the usual mount points; never in the inbox or the state folder. */
/* The export's outcome, told where staff look: on the staff screen (its
 * "Statistics export" line) while it is open, which it stays for an export,
 * else on a card over the exhibit. */
static void export_said(struct run_ctx *r, const struct staff_card *c)
{
    textf(r->last_export, sizeof(r->last_export), "%s. %s", c->title, c->body);
    if (kiosk_staff_open(r->k))
        staff_refresh(r);
    else
        kiosk_staff_card(r->k, c, r->now);
}

static void start_export(struct run_ctx *r)
{
    if (r->export_job) {
        log_info("run", "the statistics are already being exported");
        return;
    }
    if (r->import_job) {
        log_warn("run", "not exported: an import is running");
        export_said(r, &(struct staff_card){.shown = 1,
                                            .not_content = 1,
                                            .title = "Not exported",
                                            .body = "A stick is being read now; try again "
                                                    "when it is done."});
        return;
    }
    memset(&r->exp, 0, sizeof(r->exp));
    for (int i = 0; i < r->o->n_watch && i < OPTIONS_MAX_WATCH && i < RUN_WATCH_MAX; i++)
        r->exp.dirs[r->exp.n_dirs++] = r->o->watch[i];
    r->exp.state_dir = r->o->state_dir;
    char host[256] = "";
    if (gethostname(host, sizeof(host)) != 0)
        host[0] = '\0';
    host[sizeof(host) - 1] = '\0';
    stats_export_name(host, &r->wall, r->exp.name, sizeof(r->exp.name));
    char why[256];
    r->export_job = job_start("export", export_job, &r->exp, r->waker, why, sizeof(why));
    if (!r->export_job) {
        log_error("run", "cannot start the export: %s", why);
        return;
    }
    struct staff_progress p = {.active = 1};
    snprintf(p.text, sizeof(p.text), "Writing the statistics to the stick");
    kiosk_staff_progress(r->k, &p, r->now);
    textf(r->last_export, sizeof(r->last_export), "%s\xE2\x80\xA6", p.text);
    staff_refresh(r);
}

/* A finished export: the card, and the log. */
static void export_done(struct run_ctx *r, const struct job_status *st)
{
    struct staff_card c = {.shown = 1, .ok = st->result == 0, .not_content = 1};
    r->exports++;
    r->exports_ok += st->result == 0;
    kiosk_staff_progress(r->k, NULL, r->now);
    if (st->result == 0) {
        textf(c.title, sizeof(c.title), "Exported: %ld rows to %s", r->exp.rows, r->exp.name);
        textf(c.body, sizeof(c.body), "You can remove the stick.");
        log_info("run", "exported %ld rows of visitor statistics to %s/%s", r->exp.rows,
                 r->exp.where, r->exp.name);
    } else {
        textf(c.title, sizeof(c.title), "Not exported");
        textf(c.body, sizeof(c.body), "%s", r->exp.why[0] ? r->exp.why : st->text);
        if (c.body[0] >= 'a' && c.body[0] <= 'z') /* a sentence on the card */
            c.body[0] = (char)(c.body[0] - 'a' + 'A');
        log_warn("run", "statistics not exported: %s", r->exp.why[0] ? r->exp.why : st->text);
    }
    export_said(r, &c);
}

/* Woken by background work. */
static void screen_start(struct run_ctx *r, int state);

static void poll_jobs(struct run_ctx *r)
{
    struct job_status st;
    if (r->watch_job && job_poll(r->watch_job, &st)) {
        if (st.finished) {
            log_warn("run", "%s", st.text);
            job_free(r->watch_job);
            r->watch_job = NULL;
        } else if (st.done != r->watch_seen) {
            r->watch_seen = st.done;
            sticks_changed(r);
            pointer_changed(r);
            /* after what it started (an import's first line): tests wait
             * for this line to know the look was acted on */
            log_debug("run", "the stick watcher looked (%llu): %s", (unsigned long long)st.done,
                      st.text);
        }
    }
    if (r->check_job && job_poll(r->check_job, &st) && st.finished) {
        job_free(r->check_job);
        r->check_job = NULL;
        if (st.result == 1) /* 2: stopped, the kiosk is stopping */
            check_failed(r, r->check.why);
        else
            log_debug("run", "%s", st.text);
    }
    if (r->import_job && job_poll(r->import_job, &st)) {
        if (!st.finished) {
            if (!r->imp_rollback) {
                struct staff_progress p = {.active = 1, .done = st.done, .total = st.total};
                snprintf(p.text, sizeof(p.text), "%s", st.text);
                kiosk_staff_progress(r->k, &p, r->now);
            }
        } else {
            job_free(r->import_job);
            r->import_job = NULL;
            import_done(r, &st);
            if (r->rollback_after[0])
                rollback(r, r->rollback_after);
            else
                sticks_changed(r); /* a stick that came while this one loaded */
        }
    }
    if (r->export_job && job_poll(r->export_job, &st) && st.finished) {
        job_free(r->export_job);
        r->export_job = NULL;
        export_done(r, &st);
    }
    if (r->stats_job && job_poll(r->stats_job, &st) && st.finished) {
        job_free(r->stats_job);
        r->stats_job = NULL;
        stats_done(r, &st);
    }
    if (r->pin_job && job_poll(r->pin_job, &st) && st.finished) {
        job_free(r->pin_job);
        r->pin_job = NULL;
        kiosk_staff_pin_result(r->k, st.result == 1, r->now);
    }
    if (r->health_job && job_poll(r->health_job, &st) && st.finished) {
        job_free(r->health_job);
        r->health_job = NULL;
        health_done(r, &st);
    }
    if (r->shot_job && job_poll(r->shot_job, &st) && st.finished) {
        job_free(r->shot_job);
        r->shot_job = NULL;
        shot_done(r, &st);
    }
    if (r->screen_job && job_poll(r->screen_job, &st) && st.finished) {
        job_free(r->screen_job);
        r->screen_job = NULL;
        if (st.result == SCREEN_CMD_OK)
            log_info("run", "%s", st.text);
        else
            log_warn("run", "%s (\"%s\")", st.text, r->screen_cmd.cmd);
        screen_start(r, screen_power_ended(&r->screen)); /* the state wanted meanwhile */
    }
}

/* Staff's choices on the staff screen; and an exhibit that fails on screen
 * right after its switch goes back to the previous one by itself. */
/* The PIN check (Argon2id, 64 MiB): on its job. */
static int pin_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_ctx *r = ctx;
    int ok = r->o->staff_pin_hash && staff_pin_check(r->o->staff_pin_hash, r->pin);
    sodium_memzero(r->pin, sizeof(r->pin));
    snprintf(msg, msg_len, "checked");
    return ok;
}

static void staff_turn(struct run_ctx *r)
{
    if (!r->pin_job && kiosk_staff_pin_pending(r->k, r->pin, sizeof(r->pin))) {
        char why[256];
        r->pin_job = job_start("pin", pin_job_fn, r, r->waker, why, sizeof(why));
        if (!r->pin_job) {
            log_error("run", "the PIN cannot be checked: %s", why);
            sodium_memzero(r->pin, sizeof(r->pin));
            kiosk_staff_pin_result(r->k, 0, r->now);
        }
    }
    int open = kiosk_staff_open(r->k);
    if (open && !r->staff_was_open)
        staff_refresh(r);
    r->staff_was_open = open;
    switch (kiosk_staff_take(r->k)) {
    case STAFF_ACT_ROLLBACK:
        log_info("run", "staff asked to roll back");
        rollback(r, NULL);
        break;
    case STAFF_ACT_RELOAD:
        log_info("run", "staff asked to load from the stick again");
        r->tried[0] = r->multi[0] = '\0';
        sticks_changed(r);
        break;
    case STAFF_ACT_EXPORT:
        log_info("run", "staff asked to export the visitor statistics to a stick");
        start_export(r);
        break;
    case STAFF_ACT_EXIT:
        log_info("run", "staff asked the kiosk to stop");
        r->exit_asked = 1;
        break;
    default:
        break;
    }
    if (r->watch_new && (kiosk_switch_result(r->k) < 0 || kiosk_content_errors(r->k) > 0)) {
        char reason[STAFF_TEXT_MAX];
        textf(reason, sizeof(reason),
              "%s version %s could not be shown (%s); the previous exhibit is back.",
              r->showing.title, r->showing.version,
              kiosk_switch_result(r->k) < 0 ? "it was refused" : "panels failed to load");
        rollback(r, reason);
    }
}

/* The generation gen kept crashing the kiosk (b says how often, in how much
 * running): mark it bad (its bundle's hash refused from now on) and go back
 * to the previous one. 0 when the pointer now names another generation to
 * try, -1 when there is none (the built-in exhibit). */
static int take_off(struct run_ctx *r, const struct gen_lock *lk, const char *gen,
                    const struct boot_count *b, char *notice, size_t notice_len)
{
    char reason[GEN_REASON_MAX], why[512], hex[2 * 64 + 1] = "", path[GEN_PATH_MAX];
    struct import_result d;
    if (import_describe(r->o->state_dir, gen, &d) != 0)
        snprintf(d.title, sizeof(d.title), "the exhibit %s", gen);
    char times[128];
    boot_crash_times(b, times, sizeof(times));
    textf(reason, sizeof(reason), "%s version %s stopped the kiosk %d times (after running %s)",
          d.title, d.version[0] ? d.version : "?", b->crashes, times);
    if (gen_file(r->o->state_dir, gen, 0, path, sizeof(path)) != 0 ||
        import_hash_file(path, hex, why, sizeof(why)) != 0) {
        log_warn("run", "the bundle of %s cannot be hashed (%s); only the generation is marked",
                 gen, why);
        hex[0] = '\0';
    }
    if (gen_mark_bad(fsio_posix(), lk, gen, reason, hex, why, sizeof(why)) != 0)
        log_error("run", "%s", why);
    struct gen_state after;
    char text[STAFF_TEXT_MAX];
    int back = gen_rollback(fsio_posix(), lk, &after, why, sizeof(why)) == 0;
    if (back)
        textf(text, sizeof(text), "Went back to the previous exhibit (%s): %s.", after.current,
              reason);
    else
        textf(text, sizeof(text), "Showing the built-in exhibit: %s (%s).", reason, why);
    log_error("run",
              "rolled back by itself: %s (%s is marked bad; it stays on disk until an "
              "import prunes it)",
              text, gen);
    say_recovered(r, "crashes", text, notice, notice_len);
    return back ? 0 : -1;
}

/* Open the exhibit the state directory names, or roll back by itself when
 * it does not open, or has crashed the kiosk BOOT_CRASHES times (bootcount.h);
 * a damaged pointer is repaired first (gen_repair). NULL when nothing was
 * imported (or nothing opens): the caller shows the built-in exhibit. */
static struct store *open_state(struct run_ctx *r, char *notice, size_t notice_len)
{
    char why[512];
    struct gen_state st;
    const char *dir = r->o->state_dir;
    /* a try, not a wait (render thread); held by another writer (a shell's
     * `vitrine import`): nothing below changes the folder (the writers
     * refuse), and what `current` names is shown */
    struct gen_lock lk;
    if (gen_lock(&lk, dir, 0, why, sizeof(why)) != 0 && lk.busy)
        log_warn("run", "the exhibit is shown as it is, not tidied: %s", why);
    gen_recover(fsio_posix(), &lk, NULL, why, sizeof(why));
    int repaired =
        lk.fd < 0 ? 0
                  : gen_repair(fsio_posix(), &lk, import_gen_whole, NULL, NULL, why, sizeof(why));
    if (repaired > 0) {
        log_warn("run", "repaired: %s", why);
        char text[STAFF_TEXT_MAX];
        textf(text, sizeof(text),
              "The record of the exhibit to show was damaged and was "
              "repaired: %s.",
              why);
        say_recovered(r, "damaged", text, notice, notice_len);
    } else if (repaired < 0) {
        log_error("run", "%s", why);
    }
    struct boot_count b;
    if (boot_read(dir, &b, why, sizeof(why)) != 0)
        log_warn("run", "%s", why);
    r->boot = b;
    for (int attempt = 0; attempt < 3; attempt++) {
        if (gen_read(dir, &st, why, sizeof(why)) != 0) {
            log_error("run", "%s", why);
            break;
        }
        if (!st.current[0])
            break;
        char reason[GEN_REASON_MAX];
        if (gen_is_bad(dir, st.current, reason, sizeof(reason))) {
            /* taken off at an earlier start, with nothing to go back to */
            char text[STAFF_TEXT_MAX];
            struct gen_state after;
            if (gen_rollback(fsio_posix(), &lk, &after, why, sizeof(why)) == 0) {
                log_warn("run", "%s was taken off (%s); going back to %s", st.current, reason,
                         after.current);
                continue;
            }
            textf(text, sizeof(text), "Showing the built-in exhibit: %s was taken off (%s).",
                  st.current, reason);
            log_warn("run", "%s", text);
            say_recovered(r, "taken_off", text, notice, notice_len);
            break;
        }
        if (boot_start(&b, st.current, wall_now())) {
            if (take_off(r, &lk, st.current, &b, notice, notice_len) != 0)
                break;
            continue;
        }
        if (b.crashes) {
            char times[128];
            boot_crash_times(&b, times, sizeof(times));
            log_warn("run",
                     "%s stopped the kiosk %d time(s) (after running %s); after %d it is rolled "
                     "back",
                     st.current, b.crashes, times, BOOT_CRASHES);
        }
        /* written before anything of it is opened or drawn: a crash from
         * here on is counted at the next start */
        r->boot = b;
        r->boot_ms = clock_now_ms();
        r->alive_ms = r->boot_ms;
        boot_save(r);
        health_abnormal_exits(&r->health, b.crashes);
        char path[GEN_PATH_MAX];
        struct store *s = NULL;
        if (gen_file(dir, st.current, 0, path, sizeof(path)) == 0 &&
            store_open_file_flags(path, STORE_OPEN_DEFER_CHECK, &s, why, sizeof(why)) == 0) {
            snprintf(r->check.path, sizeof(r->check.path), "%s", path);
            snprintf(r->showing_gen, sizeof(r->showing_gen), "%s", st.current);
            import_describe(dir, st.current, &r->showing);
            gen_unlock(&lk);
            return s;
        }
        log_error("run", "the imported exhibit %s cannot be opened: %s", st.current, why);
        struct gen_state after;
        char rwhy[256];
        if (gen_rollback(fsio_posix(), &lk, &after, rwhy, sizeof(rwhy)) != 0)
            break;
        snprintf(notice, notice_len,
                 "The exhibit last loaded could not be opened; went back to the previous one.");
        log_warn("run", "rolled back to %s", after.current);
    }
    gen_unlock(&lk);
    boot_switch(r, ""); /* the built-in exhibit: nothing counted */
    return NULL;
}

/* ---- visitor statistics ---- */

/* The statistics job: opens the file first when it is not open (which
 * checks it: a quick_check of up to four tables of a million rows), then
 * writes st_pend. A corrupt or read-only file is closed again here, to be
 * opened (and checked) next minute. The run loop touches r->stats only
 * while no job runs (stats_stop, after job_free). */
static int stats_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_ctx *r = ctx;
    if (!r->stats) {
        enum stats_err err = STATS_OK;
        uint64_t t0 = clock_real_ns();
        r->stats = stats_open(r->o->state_dir, &r->stats_opts, &err, msg, msg_len);
        if (!r->stats)
            return err == STATS_OK ? STATS_ERROR : (int)err;
        snprintf(msg, msg_len, "the statistics file was opened and checked in %.0f ms",
                 (double)(clock_real_ns() - t0) / 1e6);
    }
    enum stats_err e = STATS_OK;
    if (!stats_buf_empty(&r->st_pend))
        e = stats_write(r->stats, &r->st_pend, r->st_pend_utc, msg, msg_len);
    if (e == STATS_CORRUPT || e == STATS_READONLY) {
        stats_close(r->stats);
        r->stats = NULL;
    }
    return (int)e;
}

/* A statistics problem, in the log once until statistics work again. */
static void stats_problem(struct run_ctx *r, const char *why)
{
    if (r->st_said)
        return;
    r->st_said = 1;
    log_warn("stats", "%s The exhibit goes on.", why); /* the kiosk works: a warning */
}

static const char *stats_exhibit(const struct run_ctx *r)
{
    return r->showing_gen[0] ? r->showing.slug : r->o->content ? r->o->content : "builtin";
}

/* Hand what gathered since the last write (if anything) to the job; the
 * job opens the file first when it is not open. */
static void stats_flush(struct run_ctx *r, int64_t utc)
{
    if (r->stats_job)
        return;
    r->st_pend = r->st_live;
    r->st_pend_utc = utc;
    stats_buf_clear(&r->st_live);
    char why[256];
    r->stats_job = job_start("stats", stats_job_fn, r, r->waker, why, sizeof(why));
    if (!r->stats_job)
        stats_problem(r, why);
}

/* Once a pass: what the kiosk shows, as views and sessions (visits.h);
 * once a minute, the write. */
static void stats_turn(struct run_ctx *r, uint64_t now, int64_t utc)
{
    struct visits_look look = {
        .panel = kiosk_current(r->k),
        .interactive = kiosk_mode(r->k) != MODE_LOOP,
        .locale = kiosk_locale(r->k),
        .wakes = kiosk_wakes(r->k),
        .staff_open = kiosk_staff_open(r->k),
        .exhibit = stats_exhibit(r),
    };
    visits_look(&r->visits, &look, now, utc, &r->st_live);
    if (now - r->st_flush_ms < RUN_STATS_EVERY_MS || r->stats_job)
        return;
    r->st_flush_ms = now;
    if (r->stats_open || !stats_buf_empty(&r->st_live))
        stats_flush(r, utc);
}

/* The statistics job finished (from poll_jobs). */
static void stats_done(struct run_ctx *r, const struct job_status *st)
{
    int was_open = r->stats_open;
    r->stats_open = r->stats != NULL; /* the job is over: safe to read */
    if (!was_open && r->stats_open)
        log_debug("stats", "%s", st->text);
    if (!r->stats_open)
        stats_buf_clear(&r->st_live); /* nowhere to keep them: memory stays bounded */
    if (st->result == STATS_OK) {
        if (r->st_said)
            log_info("stats", "visitor statistics are written again");
        r->st_said = 0;
    } else {
        stats_problem(r, st->text);
    }
}

/* Stopping: what is on screen now, and the last write, here (the kiosk
 * is going: the wait for the disk no longer holds up a frame). */
static void stats_stop(struct run_ctx *r, uint64_t now)
{
    job_free(r->stats_job); /* waits for a write under way */
    r->stats_job = NULL;
    if (r->k)
        visits_stop(&r->visits, now, &r->st_live);
    char why[512];
    if (r->stats && !stats_buf_empty(&r->st_live) &&
        stats_write(r->stats, &r->st_live, wall_now(), why, sizeof(why)) != STATS_OK)
        stats_problem(r, why);
    stats_close(r->stats);
    r->stats = NULL;
}

static void on_input(void *ctx, const struct input_event *e)
{
    struct run_ctx *r = ctx;
    /* the kiosk's clock is the authority: never act on a time in the future
     * or far in the past (a clock domain error must not fire timeouts) */
    uint64_t now = clock_now_ms();
    if (r->hs.closed || r->hs.closing) { /* a touch on a dark (or darkening) kiosk wakes it
                                       when allowed, nothing more */
        if (r->o->wake_minutes > 0 && e->kind == INPUT_TOUCH && e->phase == INPUT_DOWN)
            r->woken_until = now + (uint64_t)r->o->wake_minutes * 60000u;
        return;
    }
    if (e->kind == INPUT_TOUCH && e->phase == INPUT_DOWN) {
        stats_touch(&r->st_live); /* a count, nothing more */
        if (!r->touched)
            fault_point("first-touch", shown_version(r));
        r->touched = 1;
    }
    struct input_event ev = *e;
    if (!(ev.t_ms <= now && now - ev.t_ms < 1000))
        ev.t_ms = now;
    kiosk_input(r->k, &ev, ev.t_ms);
}

/* --locale names no language of the exhibit: a kiosk never stays black, so
 * it starts in the default language, and says so in the log and on the
 * staff notice (after any notice already there). */
static void unknown_locale(struct store *store, const char *locale, char *notice, size_t n)
{
    char list[512], why[256];
    struct arena a;
    struct store_info info;
    const char *name = "its default language";
    arena_init(&a, 1024);
    if (store_info(store, NULL, &a, &info, why, sizeof(why)) == 0)
        for (int i = 0; i < info.n_locales; i++)
            if (strcmp(info.locales[i], info.default_locale) == 0)
                name = info.locale_names[i];
    char msg[768];
    snprintf(msg, sizeof(msg), "the exhibit has no language '%s'; it has: %s. Showing %s.", locale,
             store_locale_list(store, list, sizeof(list)), name);
    log_warn("run", "--locale: %s", msg);
    size_t used = strlen(notice);
    if (used + 1 < n &&
        snprintf(notice + used, n - used, "%sThe%s", used ? " " : "", msg + 3) < 0) /* "the" */
        notice[used] = '\0';
    arena_free(&a);
}

/* Start the screen command for state (screen_power.h: the one it says to
 * start now), on its job; one without a command, or that cannot start, ends
 * at once and the next waiting starts instead. */
static void screen_start(struct run_ctx *r, int state)
{
    while (state != SCREEN_NONE) {
        const char *cmd = state == SCREEN_OFF ? r->o->screen_off : r->o->screen_on;
        r->screen_cmd.cmd = cmd;
        r->screen_cmd.what = state == SCREEN_OFF ? "screen_off_command" : "screen_on_command";
        char why[256];
        if (cmd && *cmd) {
            r->screen_job =
                job_start("screen", screen_cmd_job, &r->screen_cmd, r->waker, why, sizeof(why));
            if (r->screen_job)
                return; /* poll_jobs sees it end */
            log_warn("run", "%s: cannot run \"%s\": %s", r->screen_cmd.what, cmd, why);
        }
        state = screen_power_ended(&r->screen);
    }
}

static void describe_change(int64_t utc, char *buf, size_t n)
{
    struct walltime w;
    static const char *const days[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                       "Thursday", "Friday", "Saturday"};
    if (utc < 0 || clock_wall_at(utc, &w) != 0)
        snprintf(buf, n, "no change within a week");
    else
        snprintf(buf, n, "%s %04d-%02d-%02d %02d:%02d", days[w.weekday], w.year, w.month, w.day,
                 w.hour, w.minute);
}

/* Opening hours, once a turn: 1 while the kiosk is closed (the caller then
 * draws nothing and waits until *wait_ms). On closing: the screen off
 * command and one black frame; on opening: the screen on command and a
 * redraw. */
static int hours_turn(struct run_ctx *r, const struct walltime *wall, uint64_t now,
                      uint32_t *wait_ms)
{
    const struct hours *h = &r->o->hours;
    if (!h->set)
        return 0;
    struct hours_now n = {
        .utc_s = wall->utc_s,
        .open = hours_open_at(h, wall) || now < r->woken_until,
        .busy = kiosk_mode(r->k) != MODE_LOOP || kiosk_transitioning(r->k) ||
                kiosk_wakes(r->k) != r->visits.wakes,
    };
    char when[64];
    switch (hours_switch_step(&r->hs, h, &n, clock_wall_at)) {
    case HOURS_WIND_DOWN:
        /* the visitor's session ends (and the statistics see every wake
         * first), the loop goes back to its first panel; the kiosk closes
         * once that panel is in place (under a second) */
        kiosk_end_session(r->k, now);
        return 0;
    case HOURS_CLOSE:
        describe_change(r->hs.next_change, when, sizeof(when));
        log_info("run", "closed: outside opening hours until %s", when);
        kiosk_staff_progress(r->k, NULL, now);
        kiosk_sleep(r->k); /* a dark kiosk holds no panel in memory */
        display_trim(r->d);
        display_clear_black(r->d);
        display_present(r->d);
        screen_start(r, screen_power_want(&r->screen, SCREEN_OFF));
        break;
    case HOURS_OPEN: {
        int scheduled = hours_open_at(h, wall);
        describe_change(hours_switch_open_until(&r->hs, wall->utc_s, scheduled,
                                                now < r->woken_until ? r->woken_until - now : 0),
                        when, sizeof(when));
        log_info("run", "open%s until %s", scheduled ? "" : " (woken by a touch)", when);
        screen_start(r, screen_power_want(&r->screen, SCREEN_ON));
        kiosk_invalidate(r->k);
        break;
    }
    case HOURS_STAY:
        break;
    }
    if (!r->hs.closed)
        return 0;
    /* no wake-ups before the next opening (a touch or a job still wakes) */
    *wait_ms = hours_switch_wait_ms(&r->hs, wall->utc_s);
    return 1;
}

/* Where sticks appear: --watch, or the usual mount points (none with
 * --no-watch); the inbox; and the state directory, so that an import or
 * rollback made from a shell is seen. */
static void watch_dirs(struct run_ctx *r)
{
    static const char *const defaults[] = {"/media", "/run/media", "/mnt"};
    if (r->inbox)
        r->watch.dirs[r->watch.n_dirs++] = r->inbox;
    if (!r->o->no_watch && r->o->n_watch)
        for (int i = 0; i < r->o->n_watch; i++)
            r->watch.dirs[r->watch.n_dirs++] = r->o->watch[i];
    else if (!r->o->no_watch)
        for (int i = 0; i < 3; i++)
            r->watch.dirs[r->watch.n_dirs++] = defaults[i];
    r->watch.dirs[r->watch.n_dirs++] = r->o->state_dir;
}

/* Where the loop would block for up to *timeout: a simulation moves its
 * clock instead and says how long to block for real (cmd_run.h). */
static int sim_wait(struct run_ctx *r, long frames, uint32_t *timeout)
{
    if (!r->sim)
        return 0;
    struct run_probe p = {
        .busy = r->import_job || r->check_job || r->export_job || r->pin_job,
        .jobs = r->import_job || r->check_job || r->export_job || r->pin_job || r->health_job ||
                r->shot_job || r->stats_job || r->screen_job,
        .closed = r->hs.closed,
        .mode = kiosk_mode(r->k),
        .panel = kiosk_current(r->k),
        .w = r->w,
        .h = r->h,
        .frames = frames,
        .imports = r->imports_finished,
        .resets = r->resets,
        .exports = r->exports,
        .exports_ok = r->exports_ok,
        .staff_open = kiosk_staff_open(r->k),
        .version = r->showing_gen[0] ? r->showing.version : "",
    };
    p.n_staff = kiosk_staff_controls(r->k, &p.staff);
    return r->sim->wait(r->sim->ctx, &p, timeout);
}

/* What a wait brought, open or closed: a renderer reset, a new screen
 * size, finished jobs, a stop. 0 to go on, 1 to stop, -1 when there is no
 * renderer left (the caller exits so that the service manager restarts
 * the kiosk: a black screen is a failure). */
static int after_wait(struct run_ctx *r, int flags, int ask)
{
    struct display *d = r->d;
    if (flags & EVENTS_RESET) {
        char why[256];
        if (display_recover(d, (flags & EVENTS_DEVICE_RESET) != 0, why, sizeof(why)) != 0)
            log_error("run", "after the renderer reset: %s", why);
        if (!display_ok(d)) {
            log_error("run", "no renderer after the reset; stopping so the kiosk is restarted");
            return -1;
        }
        health_set_renderer(&r->health, display_renderer_name(d), display_driver(d));
        kiosk_invalidate(r->k);
        r->resets++;
        if (r->hs.closed) { /* closed: the new renderer shows black too */
            display_clear_black(d);
            display_present(d);
        }
    }
    if (flags & EVENTS_REDRAW) {
        int nw, nh;
        display_size(d, &nw, &nh);
        if ((nw != r->w || nh != r->h) && nw > 0 && nh > 0) {
            /* a display plugged in again, a new resolution or orientation
             * (while closed too: the kiosk opens at the new size) */
            r->w = nw;
            r->h = nh;
            kiosk_screen_changed(r->k, r->now);
        }
        kiosk_invalidate(r->k);
    }
    if ((flags & EVENTS_WAKE) && display_poll_photos(d) > 0)
        kiosk_invalidate(r->k);
    if (flags & EVENTS_WAKE)
        poll_jobs(r);
    if (ask & RUN_SIM_ROLLBACK)
        rollback(r, "staff chose the previous exhibit");
    if ((flags & EVENTS_STOP) || (ask & RUN_SIM_STOP)) {
        log_info("run", "stopping: the system asked the kiosk to quit");
        return 1;
    }
    return 0;
}

/* ---- start, one pass, stop ---- */

/* What to show: --content, else the imported exhibit, else the built-in
 * one; then the display and the kiosk on it (the built-in exhibit when
 * the content opens but none of it can be shown). 0, or -1 when nothing
 * can be shown (logged). */
/* SIGTERM or SIGINT while the kiosk waits for a display. */
static volatile sig_atomic_t display_wait_stop;
static void display_wait_signal(int sig)
{
    (void)sig;
    display_wait_stop = 1;
}

/* A line on the console the service runs on (its standard input is the
 * TTY: TTYPath=/dev/tty1), where someone at the box looks. */
static void console_say(const char *line)
{
    char name[256] = "";
    if (!isatty(STDIN_FILENO) || ttyname_r(STDIN_FILENO, name, sizeof(name)) != 0)
        return;
    int fd = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return;
    dprintf(fd, "\r\nvitrine: %s\r\n", line);
    close(fd);
}

/* No display at all (full screen, as the service runs): a screen switched
 * off or unplugged at boot, or no usable DRM device. Exiting would only
 * have the service restarted ten times and given up, the screen black
 * and nothing said; instead the kiosk says why in the log and on the
 * console, tells systemd it is up but waiting (STATUS=), keeps the
 * watchdog fed, and tries again every VITRINE_DISPLAY_RETRY_MS (10 s),
 * until a display comes or it is stopped. 0 with the display, 1 stopped. */
static int wait_for_display(struct run_ctx *r, const struct display_opts *dopts, const char *first)
{
    const char *env = getenv("VITRINE_DISPLAY_RETRY_MS");
    long retry = env && atol(env) > 0 ? atol(env) : 10000;
    char line[700];
    snprintf(line, sizeof(line),
             "no display: %s. The kiosk waits for one and tries again every %ld s (a screen "
             "switched off or unplugged at start-up, or no usable DRM device: see "
             "docs/kiosk-box.md)",
             first, (retry + 999) / 1000);
    log_error("run", "%s", line);
    console_say(line);
    snprintf(line, sizeof(line), "waiting for a display: %s", first);
    notify_ready(line);
    struct sigaction sa = {0}, old_term, old_int;
    sa.sa_handler = display_wait_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGINT, &sa, &old_int);
    long tries = 0;
    int rc = 1;
    while (!display_wait_stop) {
        for (long waited = 0; waited < retry && !display_wait_stop; waited += 100) {
            struct timespec ts = {0, 100 * 1000000L};
            nanosleep(&ts, NULL);
            notify_watchdog(clock_now_ms());
        }
        if (display_wait_stop)
            break;
        /* SDL installs its own stop handlers only over the default ones;
         * a stop meanwhile is held (blocked) until the handler it meets is
         * SDL's, or this one again, never the default that kills */
        sigset_t stops, before;
        sigemptyset(&stops);
        sigaddset(&stops, SIGTERM);
        sigaddset(&stops, SIGINT);
        sigprocmask(SIG_BLOCK, &stops, &before);
        sigaction(SIGTERM, &old_term, NULL);
        sigaction(SIGINT, &old_int, NULL);
        char why[512] = "";
        r->d = display_open(dopts, why, sizeof(why));
        tries++;
        if (!r->d) {
            sigaction(SIGTERM, &sa, NULL);
            sigaction(SIGINT, &sa, NULL);
        }
        sigprocmask(SIG_SETMASK, &before, NULL);
        if (r->d) {
            log_info("run", "a display came after %ld tries: starting", tries);
            console_say("a display came: starting");
            rc = 0;
            break;
        }
        if (tries % 360 == 0) /* an hour at the default pace */
            log_warn("run", "still no display after %ld tries: %s", tries, why);
    }
    if (rc) {
        sigaction(SIGTERM, &old_term, NULL);
        sigaction(SIGINT, &old_int, NULL);
        log_info("run", "stopped while waiting for a display");
        notify_stopping();
    }
    return rc;
}

static int open_kiosk(struct run_ctx *r, char *notice, size_t notice_len)
{
    const struct options *o = r->o;
    char why[512] = "";
    struct store *store = o->content ? NULL : open_state(r, notice, notice_len);
    if (!store && o->content &&
        store_open_file_flags(o->content, STORE_OPEN_DEFER_CHECK, &store, why, sizeof(why)) == 0)
        snprintf(r->check.path, sizeof(r->check.path), "%s", o->content);
    if (!store)
        store = cli_open_content(o->content, notice + strlen(notice), notice_len - strlen(notice));
    if (!store)
        return -1;
    log_debug("run", "content open at %llu ms", (unsigned long long)(clock_now_ms() - r->t0));
    struct display_opts dopts = {.windowed = o->windowed,
                                 .w = o->width,
                                 .h = o->height,
                                 .renderer = o->renderer,
                                 .dpi = (float)o->dpi,
                                 .rotation = (int)o->rotation};
    r->d = display_open(&dopts, why, sizeof(why));
    if (!r->d && !o->windowed && !r->sim) {
        if (wait_for_display(r, &dopts, why) != 0) {
            store_close(store);
            return 1; /* stopped: not a failure */
        }
    }
    if (!r->d) {
        log_error("run", "cannot open the display: %s", why);
        store_close(store);
        return -1;
    }
    events_stop_on_signals(); /* a stop also ends a long store query at once */
    log_debug("run", "display open at %llu ms", (unsigned long long)(clock_now_ms() - r->t0));
    /* the settings: the command line over the file (main.c read both) */
    int alternate = o->loop_languages && strcmp(o->loop_languages, "alternate") == 0;
    struct kiosk_opts kopts = {.locale = o->locale,
                               .idle_ms = (uint32_t)o->idle_s * 1000u,
                               .reduced_motion = o->reduced_motion,
                               .loop_languages =
                                   alternate ? KIOSK_LOOP_ALTERNATE : KIOSK_LOOP_DEFAULT,
                               .locales = o->locales,
                               .n_locales = o->n_locales};
    if (o->locale && !(kopts.locale = store_locale_find(store, o->locale)))
        unknown_locale(store, o->locale, notice, notice_len);
    display_set_video(r->d, events_waker(), o->audio && strcmp(o->audio, "on") == 0,
                      display_hwdec_named(o->hwdec));
    struct presenter pres = display_presenter(r->d);
    r->k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    log_debug("run", "kiosk ready at %llu ms", (unsigned long long)(clock_now_ms() - r->t0));
    if (!r->k && (o->content || r->showing_gen[0])) {
        /* the content opened but none of it can be shown */
        log_error("run", "%s Showing the built-in exhibit instead.", why);
        snprintf(notice, notice_len, "Content not shown: %s Showing the built-in exhibit.", why);
        r->showing_gen[0] = '\0';
        boot_switch(r, "");
        store = cli_open_content(NULL, why, sizeof(why));
        if (store)
            r->k = kiosk_new(&pres, store, &kopts, clock_now_ms(), why, sizeof(why));
    }
    if (!r->k) {
        log_error("run", "nothing to show: %s", why);
        return -1;
    }
    if (notice[0])
        kiosk_notice(r->k, notice, clock_now_ms());
    display_size(r->d, &r->w, &r->h);
    log_info("run", "%dx%d on %s, %d panels", r->w, r->h, display_driver(r->d),
             kiosk_panel_count(r->k));
    return 0;
}

/* The kiosk is on screen: the staff PIN, the health file, the stick
 * watcher and the statistics (opened and checked on their job). */
static void start_services(struct run_ctx *r)
{
    const struct options *o = r->o;
    char why[512];
    r->waker = events_waker();
    if (!o->staff_pin_hash)
        log_info("run", "no staff PIN is set in %s: the staff screen is off", o->config);
    kiosk_staff_pin(r->k, o->staff_pin_hash ? o->staff_pin_hash : "");
    r->inbox = o->inbox;
    r->health_file = o->health_file;
    if (o->health_file && o->screenshot_every > 0 &&
        health_screenshot_path(o->health_file, r->shot_path, sizeof(r->shot_path)) != 0)
        log_warn("health", "no screenshots: the health file's path is too long");
    else if (o->screenshot_every > 0 && !o->health_file)
        log_warn("health", "screenshot_every needs a health file (--health-file): no screenshots");
    health_set_renderer(&r->health, display_renderer_name(r->d), display_driver(r->d));
    r->health_panel = -1;
    if (r->inbox)
        log_info("run", "bundles dropped in %s/vitrine/ are imported", r->inbox);
    if (!o->no_watch || r->inbox) {
        watch_dirs(r);
        r->watch_job = job_start("sticks", stick_watch_job, &r->watch, r->waker, why, sizeof(why));
        if (!r->watch_job)
            log_error("run", "sticks will not be noticed: %s", why);
    }
    staff_refresh(r);
    visits_init(&r->visits);
    r->stats_opts = cli_stats_opts(o);
    r->st_flush_ms = clock_now_ms();
    stats_flush(r, 0); /* opens the file, on the job */
    r->ecfg = (struct events_cfg){.rotation = (int)o->rotation,
                                  .touch_rotation = (int)o->touch_rotation,
                                  .poll_ms = 0,
                                  .allow_close = 0,
                                  .since_ns = 0};
    r->budget_kind = TRANS_CROSSFADE;
    frame_budget_init(&r->budget, r->budget_kind);
}

/* The first frame is on screen: the deferred check of the whole exhibit
 * file starts, the service manager hears the kiosk is ready. */
static void first_frame(struct run_ctx *r)
{
    if (r->check.path[0]) {
        char jwhy[256];
        r->check_job = job_start("check", check_job, &r->check, r->waker, jwhy, sizeof(jwhy));
        if (!r->check_job)
            log_warn("run", "the exhibit's check could not start: %s", jwhy);
    }
    health_tick(r, r->last_frame, 1);
    char ready[160];
    snprintf(ready, sizeof(ready), "showing %d panels at %dx%d", kiosk_panel_count(r->k), r->w,
             r->h);
    notify_ready(ready);
    int exact = 0;
    double since_exec = clock_since_exec_ms(&exact);
    log_info("run", "first frame presented %.1f ms after exec%s (%llu ms after main)", since_exec,
             exact ? "" : " (kernel start time, 10 ms steps)",
             (unsigned long long)(r->last_frame - r->t0));
    fault_point("frame-shown", shown_version(r));
}

/* A transition frame's cost: a screen that cannot hold it gets a cheaper
 * one (frame_budget.h). */
static void budget_step(struct run_ctx *r, int trans, double ms)
{
    static const char *const names[] = {"a cut", "a crossfade", "a slide"};
    struct frame_log_sum sum;
    if (frame_log_add(&r->frame_log, trans, ms, &sum))
        log_debug("run",
                  "transitions: %s took %d frames at %dx%d, %.2f ms a frame (median), %.2f at most",
                  names[sum.kind], sum.frames, r->w, r->h, sum.median, sum.worst);
    if (trans == TRANS_NONE)
        return;
    int kind = frame_budget_add(&r->budget, trans, ms);
    if (kind == r->budget_kind)
        return;
    log_warn("run",
             "transitions: %s takes %.1f ms a frame at %dx%d (over %.0f ms); the loop now uses %s",
             names[r->budget_kind], r->budget.last_median, r->w, r->h, FRAME_BUDGET_MS,
             names[kind]);
    r->budget_kind = kind;
    kiosk_set_loop_transition(r->k, kind);
}

/* Draw and present a frame when the kiosk needs one. 1 when --frames
 * frames are presented. */
static int frame_step(struct run_ctx *r, uint64_t now)
{
    /* a screenshot due draws the screen once more (a still panel draws
     * nothing), to read it back before the present */
    int due = shot_due(r, now), shot = due && r->frames > 0;
    if (!kiosk_needs_frame(r->k, now) && !shot)
        return 0;
    int trans = kiosk_transition_kind(r->k);
    uint64_t f0 = clock_real_ns(); /* a stopwatch: the cost of the frame */
    if (r->frames == 0)
        fault_point("first-frame", shown_version(r));
    kiosk_draw(r->k, now);
    uint64_t s0 = clock_real_ns(); /* the screenshot's cost is not the frame's */
    if (due)                       /* the first at the first frame, which is drawn anyway */
        shot_take(r, now);
    f0 += clock_real_ns() - s0;
    display_present(r->d);
    double ms = (double)(clock_real_ns() - f0) / 1e6;
    health_frame(&r->health, ms / 1000.0);
    if (kiosk_current(r->k) != r->health_panel) {
        r->health_panel = kiosk_current(r->k);
        r->health.panels_shown++;
    }
    budget_step(r, trans, ms);
    r->last_frame = now;
    if (++r->frames == 1)
        first_frame(r);
    return r->o->frames && r->frames >= r->o->frames;
}

/* Once a pass, open or closed: the loop itself pings the watchdog (a hung
 * loop stops the pings) and counts the exhibit's running time. */
static void upkeep(struct run_ctx *r, uint64_t now)
{
    notify_watchdog(now);
    boot_turn(r, now);
}

/* timeout, or less: until boot-alive is due, while an exhibit's running
 * time is counted (its first BOOT_WINDOW_MS; bootcount.h) */
static uint32_t boot_wait_ms(const struct run_ctx *r, uint64_t now, uint32_t timeout)
{
    if (!r->boot.running || r->o->content)
        return timeout;
    uint64_t due = r->alive_ms + BOOT_ALIVE_MS;
    uint32_t left = due > now ? (uint32_t)(due - now) : 0;
    return left < timeout ? left : timeout;
}

/* How long the open kiosk may wait: the next frame of an animation, else
 * the kiosk's next deadline (a minute at most), the watchdog's ping and
 * the health file's refresh. */
static uint32_t open_wait_ms(struct run_ctx *r, uint64_t now)
{
    uint32_t timeout;
    if (kiosk_animating(r->k, now)) {
        uint64_t due = r->last_frame + r->frame_ms;
        timeout = due > now ? (uint32_t)(due - now) : 0;
    } else {
        uint64_t due = kiosk_deadline(r->k, now);
        timeout = due > now ? (due - now > 60000 ? 60000u : (uint32_t)(due - now)) : 0;
    }
    uint32_t wd = notify_watchdog_wait_ms(now);
    if (wd && timeout > wd)
        timeout = wd; /* wake in time to ping */
    timeout = boot_wait_ms(r, now, timeout);
    if (r->health_file && timeout > RUN_HEALTH_EVERY_MS)
        timeout = RUN_HEALTH_EVERY_MS; /* the health file stays fresh */
    /* polling drivers: read input at frame rate while a visitor touches,
     * less often when nobody does (in the loop a touch only wakes it) */
    r->ecfg.poll_ms = kiosk_touch_active(r->k, now)   ? KIOSK_FRAME_MS / 2
                      : kiosk_mode(r->k) == MODE_LOOP ? EVENTS_POLL_IDLE_MS
                                                      : EVENTS_POLL_MS;
    return timeout;
}

/* How long the closed kiosk may wait: until the next opening, a touch's
 * wake ending, or the watchdog's ping. */
static uint32_t closed_wait_ms(struct run_ctx *r, uint64_t now, uint32_t until_open)
{
    if (r->frames++ == 0)
        notify_ready("closed: outside opening hours");
    uint32_t wait = until_open, wd = notify_watchdog_wait_ms(now);
    if (wd && wait > wd)
        wait = wd;
    if (r->woken_until > now && r->woken_until - now < wait)
        wait = (uint32_t)(r->woken_until - now);
    r->ecfg.poll_ms = EVENTS_POLL_IDLE_MS;
    return boot_wait_ms(r, now, wait);
}

/* Wait for input, a job, a signal or the timeout (counted from when the
 * pass read the clock); the next pass acts on what came. Input is handed
 * to the kiosk as it comes (on_input). */
static void wait_step(struct run_ctx *r, const struct clock_pass *t, uint32_t timeout)
{
    if (r->frames > 1) { /* the loop's own work, once the first frame is up */
        uint64_t busy = clock_real_ns() - t->real_ns;
        r->passes++;
        r->passes_over += busy > RUN_PASS_SLOW_NS;
        if (busy > r->pass_max_ns)
            r->pass_max_ns = busy;
        if (busy > RUN_PASS_SLOW_NS) /* which one, among the other lines */
            log_debug("run", "a pass took %.1f ms (after frame %ld)", (double)busy / 1e6,
                      r->frames);
    }
    r->ecfg.since_ns = t->real_ns;
    r->ask = sim_wait(r, r->frames, &timeout);
    r->flags = events_wait(r->d, &r->ecfg, timeout, on_input, r, &r->wakeups);
}

/* One pass of the loop, as mpv's play loop: the clock read once; what the
 * last wait brought; the named steps; the wait. 0 to go on, 1 to stop, -1
 * when there is no renderer left. */
static int run_pass(struct run_ctx *r)
{
    struct clock_pass t;
    clock_pass(&t);
    r->now = t.now_ms;
    r->utc = t.wall_ok ? t.wall.utc_s : 0;
    r->wall = t.wall;
    int next = after_wait(r, r->flags, r->ask);
    r->flags = r->ask = 0;
    if (next != 0)
        return next;
    uint32_t until_open = 0;
    if (t.wall_ok) {
        kiosk_set_walltime(r->k, &t.wall);
        if (hours_turn(r, &t.wall, t.now_ms, &until_open)) {
            uint32_t wait = closed_wait_ms(r, t.now_ms, until_open);
            upkeep(r, t.now_ms);
            wait_step(r, &t, wait);
            return 0;
        }
    }
    kiosk_update(r->k, t.now_ms);
    staff_turn(r);
    stats_turn(r, t.now_ms, r->utc);
    if (r->exit_asked || frame_step(r, t.now_ms))
        return 1;
    upkeep(r, t.now_ms);
    health_tick(r, t.now_ms, 0);
    if (!kiosk_needs_frame(r->k, t.now_ms))
        display_idle(r->d); /* after the frame, not on its way */
    wait_step(r, &t, open_wait_ms(r, t.now_ms));
    return 0;
}

/* Every way out: the last figures, jobs ended before SDL quits (a job may
 * still call the waker), the last statistics, a clean exit counted. */
static void run_stop(struct run_ctx *r)
{
    if (r->d) {
        uint64_t now = clock_now_ms();
        log_info("run", "the loop's longest pass took %.1f ms; %ld of %ld passes over %u ms",
                 (double)r->pass_max_ns / 1e6, r->passes_over, r->passes,
                 (unsigned)(RUN_PASS_SLOW_NS / 1000000u));
        if (r->shot_job) { /* a screenshot being written: in the last figures */
            job_free(r->shot_job);
            r->shot_job = NULL;
            if (r->shot_ok)
                r->health.screenshot_unix = r->shot_unix ? r->shot_unix : 1;
        }
        health_stop(r, now); /* the last figures, and the frames of a --frames run */
        notify_stopping();
        if (r->watch_job) {
            job_cancel(r->watch_job);
            stick_watch_stop(&r->watch);
        }
        job_free(r->watch_job);
        job_free(r->import_job);
        job_free(r->check_job);
        job_free(r->export_job);
        job_free(r->pin_job);
        job_free(r->screen_job); /* a screen command still running: stopped, reaped */
        image_free(r->shot);
        stats_stop(r, now);
        store_close(r->imp.store);
        kiosk_free(r->k);
        display_close(r->d);
    }
    boot_stop(r); /* every way out is a clean exit (a crash never comes here) */
    log_unsubscribe(log_sink, r);
    pthread_mutex_destroy(&r->watch.mu);
    pthread_mutex_destroy(&r->log_mu);
}

int cmd_run(const struct options *o)
{
    /* a root kiosk on the service's folder would leave a statistics file
     * and generations the service cannot write ("no statistics are kept") */
    if (cli_refuse_root(o, "run", ""))
        return 1;
    return run_kiosk(o, NULL);
}

int run_kiosk(const struct options *o, const struct run_sim *sim)
{
    static struct run_ctx ctx; /* large; one per process */
    memset(&ctx, 0, sizeof(ctx));
#if defined(M_MMAP_THRESHOLD)
    /* A panel's pixels (a full screen each) come from the system and go
     * back to it when the panel is let go. glibc would otherwise raise its
     * threshold past their size at the first free and keep them in the
     * heap, which keeps the most it ever held for good. */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    display_prepare_env(); /* no thread yet */
    ctx.o = o;
    ctx.sim = sim;
    struct clock_pass t;
    clock_pass(&t); /* start-up's time, until the first pass reads it again */
    ctx.t0 = ctx.now = t.now_ms;
    ctx.utc = t.wall_ok ? t.wall.utc_s : 0;
    ctx.wall = t.wall;
    ctx.frame_ms = sim && sim->frame_ms ? sim->frame_ms : KIOSK_FRAME_MS;
    pthread_mutex_init(&ctx.log_mu, NULL);
    pthread_mutex_init(&ctx.watch.mu, NULL);
    health_init(&ctx.health, ctx.t0, ctx.utc);
    log_subscribe(log_sink, &ctx);
    options_log_problems(o); /* the settings file's, once */
    notify_init();
    char notice[768] = "";
    int next = -1, opened = open_kiosk(&ctx, notice, sizeof(notice));
    if (opened == 0) {
        start_services(&ctx);
        while ((next = run_pass(&ctx)) == 0)
            ;
    } else if (opened == 1) {
        next = 1; /* stopped while waiting for a display */
    }
    run_stop(&ctx);
    return next > 0 ? 0 : 1;
}
