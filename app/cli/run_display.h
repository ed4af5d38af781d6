/* run_display.h - the running kiosk without a display at its start (a
 * screen switched off or unplugged at boot, no usable DRM device): it
 * waits for one instead of exiting, which would only have the service
 * restarted ten times and given up, the screen black and nothing said.
 * A step of the run loop's start (cmd_run.c), not a service. */
#ifndef VITRINE_RUN_DISPLAY_H
#define VITRINE_RUN_DISPLAY_H

#include "display.h"

/* Say why in the log and on the console, tell systemd the kiosk is up but
 * waiting (STATUS=), keep the watchdog fed, and try display_open(dopts)
 * again every VITRINE_DISPLAY_RETRY_MS (10 s), until a display comes (0,
 * *d set) or SIGTERM or SIGINT comes (1). first: why the first try failed. */
int run_display_wait(struct display **d, const struct display_opts *dopts, const char *first);

#endif
