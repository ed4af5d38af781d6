/* fuzz_settings.c - libFuzzer harness for the settings file (app/ops/config.c
 * through the table of app/ops/options.c).
 *
 * The input is a settings file's bytes, read under a command line that
 * sets some entries (so the "checked on a copy" path runs too). Whatever
 * the bytes, the options keep their promises: every bad line is one
 * problem, the numbers stay in their ranges, the lists in their bounds,
 * the text within its buffer. A crash, a sanitizer report, a leak or a
 * broken promise is a bug. Built with replay_main.c it replays the seed
 * corpus. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/ops/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct options o; /* large */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *argv[] = {"vitrine", "run", "--idle-timeout", "30", "--watch", "/mnt"}, why[256];
    if (options_parse(&o, CMD_RUN, 6, argv, 2, why, sizeof(why)) != 0)
        abort();
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    int bad = options_read_stream(&o, f, "fuzz.conf");
    fclose(f);
    int lines = 0;
    for (const char *p = o.problems; *p; p++)
        lines += *p == '\n';
    if (bad < 0 || (bad > 0 && lines + 1 > bad) || (bad == 0 && o.problems[0]))
        abort();
    if (o.idle_s != 30 || o.n_watch != 1 || strcmp(o.watch[0], "/mnt") != 0)
        abort(); /* the command line wins */
    if ((o.dpi != 0 && (o.dpi < 40 || o.dpi > 600)) || o.wake_minutes < 0 || o.wake_minutes > 120 ||
        o.stats_days < 1 || o.rotation % 90 || o.n_locales < 0 ||
        o.n_locales > OPTIONS_MAX_LOCALES || o.text_used > sizeof(o.text) || o.hours.n_exc < 0 ||
        o.hours.n_exc > HOURS_EXCEPTIONS)
        abort();
    for (int i = 0; i < o.n_locales; i++)
        if (!o.locales[i][0] || strchr(o.locales[i], ','))
            abort();
    if (o.inbox && o.inbox[0] != '/')
        abort();
    return 0;
}
