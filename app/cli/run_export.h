/* run_export.h - staff's "Export statistics to the stick" in the running
 * kiosk, a run loop service (run_service.h): find a stick that can be
 * written and write the CSV there (cmd_run_import.h's export job), while
 * the exhibit goes on; the outcome told where staff look. */
#ifndef VITRINE_RUN_EXPORT_H
#define VITRINE_RUN_EXPORT_H

#include "cmd_run_import.h"
#include "run_service.h"

struct run_export {
    const struct run_env *env;
    struct job *job;
    struct export_job_ctx exp;
    long exports, exports_ok; /* exports finished, and written */
};

int run_export_start(struct run_export *e, const struct run_env *env);
/* Staff asked: start the export (not while importing: staff are told to
 * wait), the file named after the host and the wall clock. */
void run_export_ask(struct run_export *e, int importing, const struct walltime *wall, uint64_t now);
/* The job's outcome: on the staff screen while it is open, else a card. */
void run_export_turn(struct run_export *e, const struct run_turn *t);
void run_export_stop(struct run_export *e);

#endif
