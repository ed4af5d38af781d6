/* config.h - the kiosk's settings file (--config, default
 * /etc/vitrine/vitrine.conf): "key = value" lines, '#' starts a comment.
 *
 *   staff_pin_hash = $argon2id$v=19$m=65536,t=2,p=1$...   (vitrine staff-pin)
 *   reduced_motion = no          yes: no count-up, no sliding, short crossfades
 *   loop_languages = default     alternate: the loop shows the exhibit's next
 *                                language each time round
 *   hours = mon-fri 09:00-17:00, sat 10:00-18:00   opening hours (hours.h);
 *   closed = 2026-12-25          repeatable; none: always open
 *   open = 2026-12-24 10:00-14:00
 *   screen_off_command = vcgencmd display_power 0   run when the kiosk closes
 *   screen_on_command = vcgencmd display_power 1    and when it opens
 *   wake_minutes = 0             a touch while closed shows the exhibit this
 *                                long (0: a closed kiosk stays dark)
 *   health_file = /var/lib/prometheus/node-exporter/vitrine.prom
 *                                the kiosk's health for node_exporter (--health-file)
 *   inbox = /srv/vitrine-inbox   bundles a sync tool drops in inbox/vitrine/ (--inbox)
 *
 * A missing file is not an error (every setting has a default: no PIN
 * means no staff screen). An unknown key or a bad line is reported with
 * its line number, and the rest of the file still applies; a bad value
 * leaves its setting at the default. */
#ifndef VITRINE_CONFIG_H
#define VITRINE_CONFIG_H

#include <stddef.h>
#include <stdio.h>

#include "hours.h"
#include "staff.h"

#define CONFIG_PATH_MAX 512

struct config {
    char staff_pin_hash[STAFF_HASH_MAX]; /* "" = the staff screen is disabled */
    int reduced_motion;                  /* 0 (default) or 1 */
    int loop_alternate;                  /* loop_languages: 0 default, 1 alternate */
    struct hours hours;                  /* hours, open, closed */
    char screen_off[256], screen_on[256]; /* commands; "" = none */
    int wake_minutes;                    /* 0..120 */
    char health_file[CONFIG_PATH_MAX];   /* "" = none */
    char inbox[CONFIG_PATH_MAX];         /* "" = none */
};

/* 0, or -1 with the problems (one per line, "FILE:LINE: ...") in why; cfg
 * holds whatever did parse either way. */
int config_load(const char *path, struct config *cfg, char *why, size_t why_len);

/* Every setting, commented out at an example value, with what it does. */
void config_print_defaults(FILE *out);

#endif
