/* run_display.c - waiting for a display at the running kiosk's start
 * (run_display.h): retries, the console line, the stop signals meanwhile.
 * Its own file so that the run loop (cmd_run.c) reads as the loop. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"
#include "notify.h"
#include "run_display.h"

/* SIGTERM or SIGINT while the kiosk waits for a display. */
static volatile sig_atomic_t display_wait_stop;
static void display_wait_signal(int sig)
{
    (void)sig;
    display_wait_stop = 1;
}

/* A line on the console the service runs on (its standard input is the
 * TTY: TTYPath=/dev/tty1), where someone at the box looks. */
static void console_say(const char *line)
{
    char name[256] = "";
    if (!isatty(STDIN_FILENO) || ttyname_r(STDIN_FILENO, name, sizeof(name)) != 0)
        return;
    int fd = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return;
    dprintf(fd, "\r\nvitrine: %s\r\n", line);
    close(fd);
}

int run_display_wait(struct display **d, const struct display_opts *dopts, const char *first)
{
    const char *env = getenv("VITRINE_DISPLAY_RETRY_MS");
    long retry = env && atol(env) > 0 ? atol(env) : 10000;
    char line[700];
    snprintf(line, sizeof(line),
             "no display: %s. The kiosk waits for one and tries again every %ld s (a screen "
             "switched off or unplugged at start-up, or no usable DRM device: see "
             "docs/kiosk-box.md)",
             first, (retry + 999) / 1000);
    log_error("run", "%s", line);
    console_say(line);
    snprintf(line, sizeof(line), "waiting for a display: %s", first);
    notify_ready(line);
    struct sigaction sa = {0}, old_term, old_int;
    sa.sa_handler = display_wait_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGINT, &sa, &old_int);
    long tries = 0;
    int rc = 1;
    while (!display_wait_stop) {
        for (long waited = 0; waited < retry && !display_wait_stop; waited += 100) {
            struct timespec ts = {0, 100 * 1000000L};
            nanosleep(&ts, NULL);
            notify_watchdog(clock_now_ms());
        }
        if (display_wait_stop)
            break;
        /* SDL installs its own stop handlers only over the default ones;
         * a stop meanwhile is held (blocked) until the handler it meets is
         * SDL's, or this one again, never the default that kills */
        sigset_t stops, before;
        sigemptyset(&stops);
        sigaddset(&stops, SIGTERM);
        sigaddset(&stops, SIGINT);
        sigprocmask(SIG_BLOCK, &stops, &before);
        sigaction(SIGTERM, &old_term, NULL);
        sigaction(SIGINT, &old_int, NULL);
        char why[512] = "";
        *d = display_open(dopts, why, sizeof(why));
        tries++;
        if (!*d) {
            sigaction(SIGTERM, &sa, NULL);
            sigaction(SIGINT, &sa, NULL);
        }
        sigprocmask(SIG_SETMASK, &before, NULL);
        if (*d) {
            log_info("run", "a display came after %ld tries: starting", tries);
            console_say("a display came: starting");
            rc = 0;
            break;
        }
        if (tries % 360 == 0) /* an hour at the default pace */
            log_warn("run", "still no display after %ld tries: %s", tries, why);
    }
    if (rc) {
        sigaction(SIGTERM, &old_term, NULL);
        sigaction(SIGINT, &old_int, NULL);
        log_info("run", "stopped while waiting for a display");
        notify_stopping();
    }
    return rc;
}
