/* run_boot.h - the count of abnormal exits of the exhibit on screen
 * (app/ops/bootcount.h), a run loop service (run_service.h): a new count
 * at each switch, written before the exhibit is drawn; its running time
 * added every BOOT_CHECKPOINT_MS until it has proved itself, and
 * STATE/boot-alive every BOOT_ALIVE_MS, so a crash's running time is known
 * to the second; a clean exit at the stop. */
#ifndef VITRINE_RUN_BOOT_H
#define VITRINE_RUN_BOOT_H

#include <stdint.h>

#include "bootcount.h"
#include "run_service.h"

struct run_boot {
    const struct run_env *env;
    struct boot_count count; /* the generation on screen's */
    uint64_t ms;             /* when its running time was last added */
    uint64_t alive_ms;       /* when STATE/boot-alive was last written */
    int said;                /* a failed write was logged: not again until one works */
};

void run_boot_init(struct run_boot *b, const struct run_env *env);
/* The count c of the generation about to be opened at start, written now
 * (a crash from here on is counted at the next start). */
void run_boot_begin(struct run_boot *b, const struct boot_count *c, uint64_t now);
/* The generation on screen is now gen ("" none: built in): a new count,
 * written before it is drawn. */
void run_boot_switch(struct run_boot *b, const char *gen, uint64_t now, int64_t utc);
/* Once a pass, open or closed. */
void run_boot_turn(struct run_boot *b, const struct run_turn *t);
/* timeout, or less: until boot-alive is due. */
uint32_t run_boot_wait_ms(const struct run_boot *b, uint64_t now, uint32_t timeout);
/* A clean exit (SIGTERM, staff's Exit, --frames, the renderer lost): the
 * attempt is not counted at the next start. */
void run_boot_stop(struct run_boot *b);

#endif
