/* run_sticks.c - sticks, imports and roll backs in the running kiosk
 * (run_sticks.h): what the watcher saw, which bundle to import, the
 * import's outcome on screen and on a card. Its own file so that the run
 * loop (cmd_run.c) only passes staff's choices on. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "kiosk.h"
#include "log.h"
#include "run_boot.h"
#include "run_health.h"
#include "run_staff.h"
#include "run_sticks.h"

void run_sticks_init(struct run_sticks *s, const struct run_env *env)
{
    s->env = env;
    pthread_mutex_init(&s->watch.mu, NULL);
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
static int in_inbox(const struct run_sticks *s, const char *bundle)
{
    size_t n = s->inbox ? strlen(s->inbox) : 0;
    return n && strncmp(bundle, s->inbox, n) == 0 && bundle[n] == '/';
}

static void card(struct run_sticks *s, int ok, const char *title, const char *body, uint64_t now)
{
    struct staff_card c = {.shown = 1, .ok = ok};
    run_textf(c.title, sizeof(c.title), "%s", title);
    run_textf(c.body, sizeof(c.body), "%s", body);
    kiosk_staff_card(s->env->k, &c, now);
    struct run_staff *staff = s->env->staff;
    run_textf(staff->last_import, sizeof(staff->last_import), "%s: %s", title, body);
}

/* Start the import job for bundle; bundle NULL: only open generation
 * `gen` (an import from a shell); both NULL: roll back, then open (see
 * run_sticks_rollback). */
static void start_import(struct run_sticks *s, const char *bundle, const char *gen, uint64_t now)
{
    if (s->import_job)
        return;
    const struct options *o = s->env->o;
    memset(&s->imp, 0, sizeof(s->imp));
    s->imp.exe = "/proc/self/exe";
    s->imp.state_dir = o->state_dir;
    s->imp.keys_dir = o->keys;
    s->imp.w = s->env->w;
    s->imp.h = s->env->h;
    s->imp_rollback = bundle == NULL;
    s->imp.rollback = !bundle && !gen;
    if (bundle)
        snprintf(s->imp.bundle, sizeof(s->imp.bundle), "%s", bundle);
    else if (gen)
        snprintf(s->imp.gen, sizeof(s->imp.gen), "%s", gen);
    char why[256];
    s->import_job = job_start(bundle ? "import" : "open", bundle ? import_job : open_generation_job,
                              &s->imp, s->env->waker, why, sizeof(why));
    if (!s->import_job) {
        log_error("run", "cannot start the import: %s", why);
        return;
    }
    if (bundle) {
        log_info("run", "importing %s", bundle);
        struct staff_progress p = {.active = 1};
        snprintf(p.text, sizeof(p.text), "Reading the stick");
        kiosk_staff_progress(s->env->k, &p, now);
    }
}

/* The sticks present now: import the one there is, or say why not. */
static void sticks_changed(struct run_sticks *s, uint64_t now)
{
    struct stick_found found[STICKWATCH_MAX_FOUND];
    char crowded[STICKWATCH_PATH_MAX];
    pthread_mutex_lock(&s->watch.mu);
    int n = s->watch.n_found;
    memcpy(found, s->watch.found, sizeof(found));
    memcpy(crowded, s->watch.crowded, sizeof(crowded));
    pthread_mutex_unlock(&s->watch.mu);
    if (crowded[0]) {
        /* not read to its end: a bundle there may be unseen, so none is
         * taken, and staff are told why */
        if (strcmp(s->multi, crowded) != 0) {
            snprintf(s->multi, sizeof(s->multi), "%s", crowded);
            char body[STAFF_TEXT_MAX];
            snprintf(body, sizeof(body),
                     "The stick's vitrine folder holds more than 65,536 files, too many to read. "
                     "Keep only the exhibit and its .minisig file there.");
            log_warn("run", "not loaded: %s holds more than 65,536 files", crowded);
            card(s, 0, "Not loaded", body, now);
        }
        return;
    }
    if (n == 0) {
        s->tried[0] = s->multi[0] = '\0'; /* the stick went: the next one is new */
        return;
    }
    const char *paths[STICKWATCH_MAX_FOUND];
    for (int i = 0; i < n && i < STICKWATCH_MAX_FOUND; i++)
        paths[i] = found[i].bundle;
    char body[STAFF_TEXT_MAX];
    if (import_choose(paths, n, body, sizeof(body)) < 0) {
        if (strcmp(s->multi, found[0].bundle) != 0) {
            snprintf(s->multi, sizeof(s->multi), "%s", found[0].bundle);
            log_warn("run", "not loaded: %s", body);
            card(s, 0, "Not loaded", body, now);
        }
        return;
    }
    s->multi[0] = '\0';
    char key[RUN_KEY_MAX];
    int has_sig;
    bundle_key(found[0].bundle, key, sizeof(key), &has_sig);
    if (strcmp(s->tried, key) == 0 || s->import_job)
        return;
    snprintf(s->tried, sizeof(s->tried), "%s", key);
    if (!has_sig && in_inbox(s, found[0].bundle)) {
        /* a sync tool may bring the signature after the bundle */
        log_info("run", "%s waits in the inbox for its signature", found[0].bundle);
        return;
    }
    start_import(s, found[0].bundle, NULL, now);
}

/* The pointer names another generation than the one on screen, and no
 * import of ours is running: staff changed it from a shell. */
static void pointer_changed(struct run_sticks *s, uint64_t now)
{
    struct gen_state st;
    char why[256];
    if (s->import_job || gen_read(s->env->o->state_dir, &st, why, sizeof(why)) != 0 ||
        !st.current[0] || strcmp(st.current, s->env->showing->gen) == 0)
        return;
    log_info("run", "the current exhibit changed to %s outside the kiosk; switching", st.current);
    start_import(s, NULL, st.current, now);
}

/* The pointer is moved and the exhibit opened on the import job (fsyncs,
 * never on the render thread); import_done shows the result. While an
 * import runs, staff are told to wait and a roll back by itself follows
 * once the import is done. */
void run_sticks_rollback(struct run_sticks *s, const char *reason, uint64_t now)
{
    if (s->import_job) {
        if (reason) {
            if (reason != s->rollback_after) /* a copy onto itself is undefined */
                snprintf(s->rollback_after, sizeof(s->rollback_after), "%.*s",
                         (int)sizeof(s->rollback_after) - 1, reason);
            log_info("run", "rolling back once the import under way is done: %s", reason);
        } else {
            card(s, 0, "Not rolled back", "A stick is being read now; try again when it is done.",
                 now);
        }
        return;
    }
    /* the reason, cut to what the card holds */
    snprintf(s->rollback_why, sizeof(s->rollback_why), "%.*s", (int)sizeof(s->rollback_why) - 1,
             reason ? reason : "");
    s->rollback_after[0] = '\0'; /* after the copy: reason may be it */
    start_import(s, NULL, NULL, now);
    s->watch_new = 0;
}

/* Nothing else can be shown: the built-in exhibit, and why on the notice. */
static void show_builtin(struct run_sticks *s, const char *problem, const struct run_turn *t)
{
    char notice[768], bwhy[256];
    struct store *builtin = cli_open_content(NULL, bwhy, sizeof(bwhy));
    if (!builtin)
        return;
    s->env->showing->gen[0] = '\0';
    run_boot_switch(s->env->boot, "", t->now, t->utc);
    kiosk_switch_store(s->env->k, builtin);
    run_textf(notice, sizeof(notice), "Content not shown: %s Showing the built-in exhibit.",
              problem);
    kiosk_notice(s->env->k, notice, t->now);
}

/* A finished import (or open) job: show the result, switch content. */
static void import_done(struct run_sticks *s, const struct job_status *st, const struct run_turn *t)
{
    struct import_job_ctx *c = &s->imp;
    struct run_showing *showing = s->env->showing;
    struct kiosk *k = s->env->k;
    s->imports_finished++;
    kiosk_staff_progress(k, NULL, t->now);
    int damaged = s->damaged[0] != 0; /* the notice says it already */
    if (c->rollback && damaged && c->r.outcome != IMPORT_LOADED) {
        log_error("run", "after the damaged exhibit: %s", c->r.why);
        show_builtin(s, s->damaged, t); /* no previous one to go back to */
        s->damaged[0] = '\0';
        return;
    }
    s->damaged[0] = '\0';
    if (c->rollback && !c->rolled) {
        log_error("run", "roll back: %s", c->r.why);
        card(s, 0, "Not rolled back", c->r.why, t->now);
        run_staff_refresh(s->env->staff);
        return;
    }
    if (c->rolled)
        log_warn("run", "rolled back to %s%s%s", c->gen, s->rollback_why[0] ? ": " : "",
                 s->rollback_why);
    if (!s->imp_rollback)
        health_import(&s->env->health->health, (int)c->r.outcome, t->utc, c->r.why);
    char title[STAFF_TEXT_MAX], body[STAFF_TEXT_MAX];
    int inbox =
        !s->imp_rollback && in_inbox(s, c->bundle); /* a sync tool's: nobody holds a stick */
    if (c->r.outcome == IMPORT_LOADED && c->store) {
        kiosk_switch_store(k, c->store);
        c->store = NULL;
        snprintf(showing->gen, sizeof(showing->gen), "%s", c->r.generation);
        run_boot_switch(s->env->boot, c->r.generation, t->now, t->utc);
        showing->r = c->r;
        s->watch_new = !s->imp_rollback;
        import_card_loaded(&c->r, s->imp_rollback, !s->imp_rollback && !inbox, title, sizeof(title),
                           body, sizeof(body));
        log_info("run", "%s. %s", title, body);
        if (c->rolled && s->rollback_why[0] && !damaged) /* by itself: why, on a card */
            card(s, 1, "Went back to the previous exhibit", s->rollback_why, t->now);
        else if (!damaged)
            card(s, 1, title, body, t->now);
    } else if (c->r.outcome == IMPORT_SAME) {
        run_textf(body, sizeof(body), "%s. Nothing changed; you can remove the stick.", c->r.why);
        log_info("run", "already loaded: %s", c->r.why);
        if (!inbox) /* the inbox keeps its bundle: no card at every start */
            card(s, 1, "Already loaded", body, t->now);
    } else {
        run_textf(body, sizeof(body), "%s.", c->r.why[0] ? c->r.why : st->text);
        log_error("run", "not loaded: %s The exhibit on screen has not changed.", body);
        card(s, 0, "Not loaded", body, t->now);
        store_close(c->store);
        c->store = NULL;
    }
    run_staff_refresh(s->env->staff);
    run_health_tick(s->env->health, t->now, 1);
}

/* The start-up check found the exhibit on screen damaged: the previous
 * generation, else the built-in exhibit. */
static void check_failed(struct run_sticks *s, const char *problem, const struct run_turn *t)
{
    log_error("run", "the exhibit on screen is damaged: %s", problem);
    if (!s->env->showing->gen[0] || s->import_job) {
        show_builtin(s, problem, t);
        return;
    }
    char notice[768];
    run_textf(notice, sizeof(notice),
              "The exhibit last loaded is damaged (%s); going back to the previous one.", problem);
    kiosk_notice(s->env->k, notice, t->now);
    run_textf(s->damaged, sizeof(s->damaged), "%s", problem); /* cut to the card */
    s->env->showing->gen[0] = '\0';
    run_sticks_rollback(s, notice, t->now);
}

/* Where sticks appear: --watch, or the usual mount points (none with
 * --no-watch); the inbox; and the state directory, so that an import or
 * rollback made from a shell is seen. */
static void watch_dirs(struct run_sticks *s)
{
    static const char *const defaults[] = {"/media", "/run/media", "/mnt"};
    const struct options *o = s->env->o;
    if (s->inbox)
        s->watch.dirs[s->watch.n_dirs++] = s->inbox;
    if (!o->no_watch && o->n_watch)
        for (int i = 0; i < o->n_watch; i++)
            s->watch.dirs[s->watch.n_dirs++] = o->watch[i];
    else if (!o->no_watch)
        for (int i = 0; i < 3; i++)
            s->watch.dirs[s->watch.n_dirs++] = defaults[i];
    s->watch.dirs[s->watch.n_dirs++] = o->state_dir;
}

int run_sticks_start(struct run_sticks *s)
{
    const struct options *o = s->env->o;
    s->inbox = o->inbox;
    if (s->inbox)
        log_info("run", "bundles dropped in %s/vitrine/ are imported", s->inbox);
    if (o->no_watch && !s->inbox)
        return 0;
    watch_dirs(s);
    char why[512];
    s->watch_job = job_start("sticks", stick_watch_job, &s->watch, s->env->waker, why, sizeof(why));
    if (!s->watch_job) {
        log_error("run", "sticks will not be noticed: %s", why);
        return -1;
    }
    return 0;
}

void run_sticks_check(struct run_sticks *s)
{
    if (!s->check.path[0])
        return;
    char why[256];
    s->check_job = job_start("check", check_job, &s->check, s->env->waker, why, sizeof(why));
    if (!s->check_job)
        log_warn("run", "the exhibit's check could not start: %s", why);
}

void run_sticks_turn(struct run_sticks *s, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken)
        return;
    if (s->watch_job && job_poll(s->watch_job, &st)) {
        if (st.finished) {
            log_warn("run", "%s", st.text);
            job_free(s->watch_job);
            s->watch_job = NULL;
        } else if (st.done != s->watch_seen) {
            s->watch_seen = st.done;
            sticks_changed(s, t->now);
            pointer_changed(s, t->now);
            /* after what it started (an import's first line): tests wait
             * for this line to know the look was acted on */
            log_debug("run", "the stick watcher looked (%llu): %s", (unsigned long long)st.done,
                      st.text);
        }
    }
    if (s->check_job && job_poll(s->check_job, &st) && st.finished) {
        job_free(s->check_job);
        s->check_job = NULL;
        if (st.result == 1) /* 2: stopped, the kiosk is stopping */
            check_failed(s, s->check.why, t);
        else
            log_debug("run", "%s", st.text);
    }
    if (s->import_job && job_poll(s->import_job, &st)) {
        if (!st.finished) {
            if (!s->imp_rollback) {
                struct staff_progress p = {.active = 1, .done = st.done, .total = st.total};
                snprintf(p.text, sizeof(p.text), "%s", st.text);
                kiosk_staff_progress(s->env->k, &p, t->now);
            }
        } else {
            job_free(s->import_job);
            s->import_job = NULL;
            import_done(s, &st, t);
            if (s->rollback_after[0])
                run_sticks_rollback(s, s->rollback_after, t->now);
            else
                sticks_changed(s, t->now); /* a stick that came while this one loaded */
        }
    }
}

void run_sticks_reload(struct run_sticks *s, uint64_t now)
{
    s->tried[0] = s->multi[0] = '\0';
    sticks_changed(s, now);
}

void run_sticks_look(struct run_sticks *s, uint64_t now)
{
    struct kiosk *k = s->env->k;
    if (s->watch_new && (kiosk_switch_result(k) < 0 || kiosk_content_errors(k) > 0)) {
        char reason[STAFF_TEXT_MAX];
        const struct run_showing *showing = s->env->showing;
        run_textf(reason, sizeof(reason),
                  "%s version %s could not be shown (%s); the previous exhibit is back.",
                  showing->r.title, showing->r.version,
                  kiosk_switch_result(k) < 0 ? "it was refused" : "panels failed to load");
        run_sticks_rollback(s, reason, now);
    }
}

int run_sticks_importing(const struct run_sticks *s)
{
    return s->import_job != NULL;
}

int run_sticks_busy(const struct run_sticks *s)
{
    return s->import_job || s->check_job;
}

void run_sticks_stop(struct run_sticks *s)
{
    if (s->watch_job) {
        job_cancel(s->watch_job);
        stick_watch_stop(&s->watch);
    }
    job_free(s->watch_job);
    s->watch_job = NULL;
    job_free(s->import_job);
    s->import_job = NULL;
    job_free(s->check_job);
    s->check_job = NULL;
    store_close(s->imp.store); /* an import's exhibit not taken */
    s->imp.store = NULL;
}

void run_sticks_end(struct run_sticks *s)
{
    pthread_mutex_destroy(&s->watch.mu);
}
