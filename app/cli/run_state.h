/* run_state.h - the state folder at the running kiosk's start: which
 * exhibit to show (generations.h), repaired when its record is damaged,
 * rolled back by itself when it does not open or has crashed the kiosk
 * BOOT_CRASHES times (run_boot.h), with why told to staff and in the
 * health figures. The run loop's first step: no turn, nothing to stop
 * (the state folder's lock is let go before it returns). */
#ifndef VITRINE_RUN_STATE_H
#define VITRINE_RUN_STATE_H

#include <stddef.h>

#include "run_service.h"
#include "store.h"

/* Open the exhibit the state directory (env->o->state_dir) names: the
 * store (its check deferred: the path to check goes in check_path), with
 * env->showing and env->boot set; NULL when nothing was imported or
 * nothing opens (the caller shows the built-in exhibit). What changed by
 * itself is added to notice (a sentence each) and to the staff screen's
 * attention line. */
struct store *run_state_open(const struct run_env *env, char *check_path, size_t check_len,
                             char *notice, size_t notice_len);

#endif
