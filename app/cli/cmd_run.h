/* cmd_run.h - the kiosk's run loop (cmd_run.c), and the hook through which
 * `vitrine soak` (cmd_soak.c) runs that same loop in simulated time. */
#ifndef VITRINE_CMD_RUN_H
#define VITRINE_CMD_RUN_H

#include <stdint.h>

#include "mode.h"
#include "options.h"

/* What the loop tells a simulation each time it would wait. */
struct run_probe {
    int busy;                    /* an import, an open or the start-up check is running */
    int jobs;                    /* any of the loop's jobs is running (health file, screenshot,
                                  * statistics, export, import, check, PIN): it may hold a descriptor */
    int closed;                  /* outside opening hours (and not woken) */
    int mode;                    /* enum mode (mode.h) */
    int panel;                   /* the panel on screen */
    int w, h;                    /* the screen */
    long frames;                 /* presented so far */
    long imports;                /* import and open jobs finished so far */
    long resets;                 /* renderer resets recovered from so far */
    long exports;                /* staff's statistics exports finished so far */
    long exports_ok;             /* ... of which wrote their file */
    int staff_open;              /* the keypad or the staff screen is up */
    const struct control *staff; /* their controls (CONTROL_STAFF), valid during the call */
    int n_staff;
    const char *version; /* the imported exhibit's version on screen; "" none */
};

enum run_sim_ask {
    RUN_SIM_ROLLBACK = 1, /* staff's "go back to the previous exhibit" */
    RUN_SIM_STOP = 2,     /* the end of the simulation: stop as on SIGTERM */
};

struct run_sim {
    void *ctx;
    uint32_t frame_ms; /* the frame period while something moves */
    /* Called where the loop would block for up to *timeout_ms: moves the
     * simulated clock on (clock_advance), queues input or a renderer reset,
     * sets *timeout_ms to how long the loop blocks for real (0: it only
     * takes what is queued; more while a job must finish), and returns
     * enum run_sim_ask flags. */
    int (*wait)(void *ctx, const struct run_probe *p, uint32_t *timeout_ms);
};

/* `vitrine run` with sim NULL; the soak passes its simulation. */
int run_kiosk(const struct options *o, const struct run_sim *sim);

#endif
