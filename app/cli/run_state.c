/* run_state.c - the running kiosk's start on the state folder
 * (run_state.h): repair, the count of abnormal exits, the roll backs by
 * itself, and the exhibit opened. Its own file so that the run loop
 * (cmd_run.c) only asks what to show. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "bootcount.h"
#include "clock.h"
#include "fsio_posix.h"
#include "log.h"
#include "run_boot.h"
#include "run_health.h"
#include "run_staff.h"
#include "run_state.h"

static int64_t wall_now(void)
{
    struct walltime w;
    return clock_wall(&w) == 0 ? w.utc_s : 0;
}

/* The exhibit changed by itself at start: why, for staff (the staff
 * screen's line and the notice) and the health file; the caller logs it. */
static void say_recovered(const struct run_env *env, const char *kind, const char *text,
                          char *notice, size_t notice_len)
{
    run_textf(env->staff->attention, sizeof(env->staff->attention), "%s", text);
    health_recovery(&env->health->health, kind, text);
    size_t used = strlen(notice);
    if (used + 1 < notice_len)
        snprintf(notice + used, notice_len - used, "%s%s", used ? " " : "", text);
}

/* The generation gen kept crashing the kiosk (b says how often, in how much
 * running): mark it bad (its bundle's hash refused from now on) and go back
 * to the previous one. 0 when the pointer now names another generation to
 * try, -1 when there is none (the built-in exhibit). */
static int take_off(const struct run_env *env, const struct gen_lock *lk, const char *gen,
                    const struct boot_count *b, char *notice, size_t notice_len)
{
    const char *dir = env->o->state_dir;
    char reason[GEN_REASON_MAX], why[512], hex[2 * 64 + 1] = "", path[GEN_PATH_MAX];
    struct import_result d;
    if (import_describe(dir, gen, &d) != 0)
        snprintf(d.title, sizeof(d.title), "the exhibit %s", gen);
    char times[128];
    boot_crash_times(b, times, sizeof(times));
    run_textf(reason, sizeof(reason), "%s version %s stopped the kiosk %d times (after running %s)",
              d.title, d.version[0] ? d.version : "?", b->crashes, times);
    if (gen_file(dir, gen, 0, path, sizeof(path)) != 0 ||
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
        run_textf(text, sizeof(text), "Went back to the previous exhibit (%s): %s.", after.current,
                  reason);
    else
        run_textf(text, sizeof(text), "Showing the built-in exhibit: %s (%s).", reason, why);
    log_error("run",
              "rolled back by itself: %s (%s is marked bad; it stays on disk until an "
              "import prunes it)",
              text, gen);
    say_recovered(env, "crashes", text, notice, notice_len);
    return back ? 0 : -1;
}

struct store *run_state_open(const struct run_env *env, char *check_path, size_t check_len,
                             char *notice, size_t notice_len)
{
    char why[512];
    struct gen_state st;
    const char *dir = env->o->state_dir;
    struct run_showing *showing = env->showing;
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
        run_textf(text, sizeof(text),
                  "The record of the exhibit to show was damaged and was "
                  "repaired: %s.",
                  why);
        say_recovered(env, "damaged", text, notice, notice_len);
    } else if (repaired < 0) {
        log_error("run", "%s", why);
    }
    struct boot_count b;
    if (boot_read(dir, &b, why, sizeof(why)) != 0)
        log_warn("run", "%s", why);
    env->boot->count = b;
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
            run_textf(text, sizeof(text), "Showing the built-in exhibit: %s was taken off (%s).",
                      st.current, reason);
            log_warn("run", "%s", text);
            say_recovered(env, "taken_off", text, notice, notice_len);
            break;
        }
        if (boot_start(&b, st.current, wall_now())) {
            if (take_off(env, &lk, st.current, &b, notice, notice_len) != 0)
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
        run_boot_begin(env->boot, &b, clock_now_ms());
        char path[GEN_PATH_MAX];
        struct store *s = NULL;
        if (gen_file(dir, st.current, 0, path, sizeof(path)) == 0 &&
            store_open_file_flags(path, STORE_OPEN_DEFER_CHECK, &s, why, sizeof(why)) == 0) {
            snprintf(check_path, check_len, "%s", path);
            snprintf(showing->gen, sizeof(showing->gen), "%s", st.current);
            import_describe(dir, st.current, &showing->r);
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
    return NULL;
}
