/* run_proof.h - proof of play (screenshot_every), a run loop service
 * (run_service.h): a small PNG of the screen beside the health file every
 * screenshot_every minutes, read back between a frame's drawing and its
 * present, and written on a job of its own; its time goes into the health
 * figures once written. */
#ifndef VITRINE_RUN_PROOF_H
#define VITRINE_RUN_PROOF_H

#include <stdint.h>

#include "job.h"
#include "run_health.h"
#include "run_service.h"

#define RUN_SHOT_SIDE 480       /* the proof of play's longer side, pixels */
#define RUN_SHOT_WAIT_MS 10000u /* the longest a shot waits for a picture */

struct SDL_Surface;

struct run_proof {
    const struct run_env *env;
    char path[4096];          /* "" none */
    struct job *job;          /* writes shot */
    struct SDL_Surface *shot; /* the job's while it runs */
    uint64_t shot_ms;         /* when the last was taken (0: none yet) */
    int64_t shot_unix;        /* ... on the wall clock */
    int failing;              /* said once until a write works */
    int ok;                   /* the job's result, read after job_free at the stop */
    uint64_t waiting_ms;      /* since when a due shot waits for a picture (0: none) */
};

/* The path beside the health file (o->health_file), when screenshot_every
 * asks for screenshots; says in the log why there are none. */
int run_proof_start(struct run_proof *p, const struct run_env *env);
/* A screenshot is due: screenshot_every minutes since the last (the first
 * at the first frame), none being written, and the screen whole: while a
 * photo or logo of a panel is still being decoded it waits for the frame
 * that shows it (RUN_SHOT_WAIT_MS at most). */
int run_proof_due(struct run_proof *p, uint64_t now);
/* The frame just drawn (not yet presented), small, handed to the job. */
void run_proof_take(struct run_proof *p, uint64_t now, int64_t utc);
/* The job's result: its time in the health figures at once. */
void run_proof_turn(struct run_proof *p, const struct run_turn *t);
/* A screenshot being written is waited for, and counted in the figures
 * (call before run_health_stop). */
void run_proof_stop(struct run_proof *p);

#endif
