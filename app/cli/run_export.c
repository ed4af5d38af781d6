/* run_export.c - staff's export of the visitor statistics to a stick
 * (run_export.h): the job started, its outcome told. Its own file so that
 * the run loop (cmd_run.c) only passes staff's choice on. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kiosk.h"
#include "log.h"
#include "run_export.h"
#include "run_staff.h"

int run_export_start(struct run_export *e, const struct run_env *env)
{
    e->env = env;
    return 0;
}

/* The export's outcome, told where staff look: on the staff screen (its
 * "Statistics export" line) while it is open, which it stays for an export,
 * else on a card over the exhibit. */
static void export_said(struct run_export *e, const struct staff_card *c, uint64_t now)
{
    struct run_staff *staff = e->env->staff;
    run_textf(staff->last_export, sizeof(staff->last_export), "%s. %s", c->title, c->body);
    if (kiosk_staff_open(e->env->k))
        run_staff_refresh(staff);
    else
        kiosk_staff_card(e->env->k, c, now);
}

/* Sticks are looked for where --watch says, else in the usual mount
 * points; never in the inbox or the state folder. */
void run_export_ask(struct run_export *e, int importing, const struct walltime *wall, uint64_t now)
{
    const struct options *o = e->env->o;
    if (e->job) {
        log_info("run", "the statistics are already being exported");
        return;
    }
    if (importing) {
        log_warn("run", "not exported: an import is running");
        export_said(e,
                    &(struct staff_card){.shown = 1,
                                         .not_content = 1,
                                         .title = "Not exported",
                                         .body = "A stick is being read now; try again "
                                                 "when it is done."},
                    now);
        return;
    }
    memset(&e->exp, 0, sizeof(e->exp));
    for (int i = 0; i < o->n_watch && i < OPTIONS_MAX_WATCH && i < RUN_WATCH_MAX; i++)
        e->exp.dirs[e->exp.n_dirs++] = o->watch[i];
    e->exp.state_dir = o->state_dir;
    char host[256] = "";
    if (gethostname(host, sizeof(host)) != 0)
        host[0] = '\0';
    host[sizeof(host) - 1] = '\0';
    stats_export_name(host, wall, e->exp.name, sizeof(e->exp.name));
    char why[256];
    e->job = job_start("export", export_job, &e->exp, e->env->waker, why, sizeof(why));
    if (!e->job) {
        log_error("run", "cannot start the export: %s", why);
        return;
    }
    struct staff_progress p = {.active = 1};
    snprintf(p.text, sizeof(p.text), "Writing the statistics to the stick");
    kiosk_staff_progress(e->env->k, &p, now);
    struct run_staff *staff = e->env->staff;
    run_textf(staff->last_export, sizeof(staff->last_export), "%s\xE2\x80\xA6", p.text);
    run_staff_refresh(staff);
}

void run_export_turn(struct run_export *e, const struct run_turn *t)
{
    struct job_status st;
    if (!t->woken || !e->job || !job_poll(e->job, &st) || !st.finished)
        return;
    job_free(e->job);
    e->job = NULL;
    struct staff_card c = {.shown = 1, .ok = st.result == 0, .not_content = 1};
    e->exports++;
    e->exports_ok += st.result == 0;
    kiosk_staff_progress(e->env->k, NULL, t->now);
    if (st.result == 0) {
        run_textf(c.title, sizeof(c.title), "Exported: %ld rows to %s", e->exp.rows, e->exp.name);
        run_textf(c.body, sizeof(c.body), "You can remove the stick.");
        log_info("run", "exported %ld rows of visitor statistics to %s/%s", e->exp.rows,
                 e->exp.where, e->exp.name);
    } else {
        run_textf(c.title, sizeof(c.title), "Not exported");
        run_textf(c.body, sizeof(c.body), "%s", e->exp.why[0] ? e->exp.why : st.text);
        if (c.body[0] >= 'a' && c.body[0] <= 'z') /* a sentence on the card */
            c.body[0] = (char)(c.body[0] - 'a' + 'A');
        log_warn("run", "statistics not exported: %s", e->exp.why[0] ? e->exp.why : st.text);
    }
    export_said(e, &c, t->now);
}

void run_export_stop(struct run_export *e)
{
    job_free(e->job);
    e->job = NULL;
}
