/* screen_power.h - which screen command runs when: one at a time, and the
 * latest wish wins. The run loop (cmd_run.c) asks for the screen off at
 * closing and on at opening; a command still running (a slow `vcgencmd`, a
 * hung `xset`) is never joined by a second one, which could finish first
 * and leave the screen in the wrong state: the state wanted meanwhile is
 * kept, the latest only, and its command starts when the one running has
 * ended. A wish for the state the running command sets is already served.
 * Pure: the caller starts the commands (cmd_run_screen.h). */
#ifndef VITRINE_SCREEN_POWER_H
#define VITRINE_SCREEN_POWER_H

enum screen_state {
    SCREEN_NONE, /* no command: none running, none waiting */
    SCREEN_OFF,  /* screen_off_command */
    SCREEN_ON,   /* screen_on_command */
};

struct screen_power {
    int running; /* enum screen_state: the command running now */
    int waiting; /* enum screen_state: to run once it has ended */
};

/* The screen should now be `want`: the command to start now (the caller
 * starts it, and calls screen_power_ended when it has ended or could not
 * start), or SCREEN_NONE while another runs. */
int screen_power_want(struct screen_power *s, int want);

/* The running command has ended: the next to start, or SCREEN_NONE. */
int screen_power_ended(struct screen_power *s);

#endif
