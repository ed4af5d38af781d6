/* run_staff.c - the staff screen's side of the running kiosk (run_staff.h):
 * the PIN's job, the log lines, and the screen's figures gathered. Its own
 * file so that the run loop (cmd_run.c) only acts on staff's choices. */
#define _POSIX_C_SOURCE 200809L
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>

#include "kiosk.h"
#include "log.h"
#include "run_health.h"
#include "run_staff.h"

static void log_sink(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct run_staff *s = ctx;
    health_count_log(&s->env->health->health, level);
    if (level > LOG_INFO)
        return;
    pthread_mutex_lock(&s->log_mu);
    snprintf(s->log[s->log_next], STAFF_TEXT_MAX, "%s: %s", tag, line);
    s->log_next = (s->log_next + 1) % RUN_LOG_LINES;
    if (s->log_n < RUN_LOG_LINES)
        s->log_n++;
    pthread_mutex_unlock(&s->log_mu);
}

void run_staff_init(struct run_staff *s, const struct run_env *env)
{
    s->env = env;
    pthread_mutex_init(&s->log_mu, NULL);
    log_subscribe(log_sink, s);
}

int run_staff_start(struct run_staff *s)
{
    const struct options *o = s->env->o;
    if (!o->staff_pin_hash)
        log_info("run", "no staff PIN is set in %s: the staff screen is off", o->config);
    kiosk_staff_pin(s->env->k, o->staff_pin_hash ? o->staff_pin_hash : "");
    return 0;
}

void run_staff_refresh(struct run_staff *s)
{
    const struct options *o = s->env->o;
    const struct run_showing *sh = s->env->showing;
    struct staff_info info;
    memset(&info, 0, sizeof(info));
    if (sh->gen[0]) {
        snprintf(info.exhibit, sizeof(info.exhibit), "%s", sh->r.title);
        snprintf(info.version, sizeof(info.version), "%s", sh->r.version);
        if (!s->signer_words[0] || strcmp(s->signer_id, sh->r.signer) != 0) {
            snprintf(s->signer_id, sizeof(s->signer_id), "%s", sh->r.signer);
            import_signer_words(o->keys, sh->r.signer, s->signer_words, sizeof(s->signer_words));
        }
        snprintf(info.signer, sizeof(info.signer), "%s", s->signer_words);
    } else {
        snprintf(info.exhibit, sizeof(info.exhibit), "%s",
                 o->content ? o->content : "the built-in exhibit");
        snprintf(info.version, sizeof(info.version), "-");
        snprintf(info.signer, sizeof(info.signer), "built in");
    }
    snprintf(info.attention, sizeof(info.attention), "%s", s->attention);
    snprintf(info.last_import, sizeof(info.last_import), "%s",
             s->last_import[0] ? s->last_import : "no import since the kiosk started");
    snprintf(info.last_export, sizeof(info.last_export), "%s", s->last_export);
    struct statvfs vfs;
    if (statvfs(o->state_dir, &vfs) == 0)
        snprintf(info.free_space, sizeof(info.free_space), "%.1f GB free in %s",
                 (double)vfs.f_bavail * (double)vfs.f_frsize / 1e9, o->state_dir);
    else
        snprintf(info.free_space, sizeof(info.free_space), "%s does not exist yet", o->state_dir);
    /* the settings file's first problem (all are in the log) */
    int first = (int)strcspn(o->problems, "\n");
    if (o->n_problems)
        snprintf(info.settings, sizeof(info.settings), "%.*s%s", first < 200 ? first : 200,
                 o->problems, o->n_problems > 1 ? " (and more: see the log)" : "");
    else
        snprintf(info.settings, sizeof(info.settings), "no problems in %.200s", o->config);
    pthread_mutex_lock(&s->log_mu);
    for (int i = 0; i < s->log_n; i++) {
        int at = (s->log_next - s->log_n + i + RUN_LOG_LINES) % RUN_LOG_LINES;
        snprintf(info.log[i], sizeof(info.log[i]), "%s", s->log[at]);
    }
    info.n_log = s->log_n;
    pthread_mutex_unlock(&s->log_mu);
    struct gen_state st;
    char why[256];
    info.can_rollback = gen_read(o->state_dir, &st, why, sizeof(why)) == 0 && st.previous[0] &&
                        !gen_is_bad(o->state_dir, st.previous, NULL, 0);
    kiosk_staff_info(s->env->k, &info);
}

/* The PIN check (Argon2id, 64 MiB): on its job. */
static int pin_job_fn(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    struct run_staff *s = ctx;
    const char *hash = s->env->o->staff_pin_hash;
    int ok = hash && staff_pin_check(hash, s->pin);
    sodium_memzero(s->pin, sizeof(s->pin));
    snprintf(msg, msg_len, "checked");
    return ok;
}

void run_staff_turn(struct run_staff *s, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !s->pin_job || !job_poll(s->pin_job, &st) || !st.finished)
        return;
    job_free(s->pin_job);
    s->pin_job = NULL;
    kiosk_staff_pin_result(s->env->k, st.result == 1, t->now);
}

void run_staff_look(struct run_staff *s, uint64_t now)
{
    struct kiosk *k = s->env->k;
    if (!s->pin_job && kiosk_staff_pin_pending(k, s->pin, sizeof(s->pin))) {
        char why[256];
        s->pin_job = job_start("pin", pin_job_fn, s, s->env->waker, why, sizeof(why));
        if (!s->pin_job) {
            log_error("run", "the PIN cannot be checked: %s", why);
            sodium_memzero(s->pin, sizeof(s->pin));
            kiosk_staff_pin_result(k, 0, now);
        }
    }
    int open = kiosk_staff_open(k);
    if (open && !s->was_open)
        run_staff_refresh(s);
    s->was_open = open;
}

void run_staff_stop(struct run_staff *s)
{
    job_free(s->pin_job);
    s->pin_job = NULL;
}

void run_staff_end(struct run_staff *s)
{
    log_unsubscribe(log_sink, s);
    pthread_mutex_destroy(&s->log_mu);
}
