/* run_boot.c - the running kiosk's count of abnormal exits (run_boot.h):
 * when the count of bootcount.h is started, written, cleared and ended.
 * Its own file so that the run loop (cmd_run.c) only says when. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "fsio_posix.h"
#include "log.h"
#include "run_boot.h"
#include "run_health.h"

void run_boot_init(struct run_boot *b, const struct run_env *env)
{
    b->env = env;
}

static void boot_save(struct run_boot *b)
{
    char why[512];
    if (boot_write(fsio_posix(), b->env->o->state_dir, &b->count, why, sizeof(why)) == 0) {
        b->said = 0;
        return;
    }
    if (!b->said) /* the exhibit goes on; only the count is not kept */
        log_warn("run", "%s", why);
    b->said = 1;
}

void run_boot_begin(struct run_boot *b, const struct boot_count *c, uint64_t now)
{
    b->count = *c;
    b->ms = now;
    b->alive_ms = now;
    boot_save(b);
    health_abnormal_exits(&b->env->health->health, c->crashes);
}

void run_boot_switch(struct run_boot *b, const char *gen, uint64_t now, int64_t utc)
{
    if (b->env->o->content || (!gen[0] && !b->count.generation[0]))
        return; /* --content, or still nothing imported: nothing to count */
    memset(&b->count, 0, sizeof(b->count));
    if (gen[0])
        boot_start(&b->count, gen, utc);
    b->ms = now;
    b->alive_ms = now;
    health_abnormal_exits(&b->env->health->health, gen[0] ? 0 : -1);
    boot_save(b);
}

void run_boot_turn(struct run_boot *b, const struct run_turn *t)
{
    uint64_t now = t->now;
    if (!b->count.running)
        return;
    if (now - b->alive_ms >= BOOT_ALIVE_MS && !b->env->o->content) {
        boot_write_alive(fsio_posix(), b->env->o->state_dir, &b->count,
                         b->count.attempt_ms + (now - b->ms));
        b->alive_ms = now;
    }
    if (now - b->ms < BOOT_CHECKPOINT_MS)
        return;
    int proven = boot_ran(&b->count, now - b->ms);
    b->ms = now;
    boot_save(b);
    if (proven) {
        log_info("run", "%s has run %u minutes: its count of abnormal exits is cleared",
                 b->count.generation, BOOT_WINDOW_MS / 60000u);
        health_abnormal_exits(&b->env->health->health, 0);
    }
}

uint32_t run_boot_wait_ms(const struct run_boot *b, uint64_t now, uint32_t timeout)
{
    if (!b->count.running || b->env->o->content)
        return timeout;
    uint64_t due = b->alive_ms + BOOT_ALIVE_MS;
    uint32_t left = due > now ? (uint32_t)(due - now) : 0;
    return left < timeout ? left : timeout;
}

void run_boot_stop(struct run_boot *b)
{
    if (!b->count.running)
        return;
    boot_clean(&b->count);
    boot_save(b);
}
