#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opt_kind { OPT_FLAG, OPT_STRING, OPT_LONG, OPT_SIZE, OPT_LIST };

struct opt_def {
    const char *name;  /* "--content" */
    const char *alias; /* "-o" or NULL */
    enum opt_kind kind;
    size_t offset;
    long min, max;
    unsigned commands; /* enum command mask */
    const char *arg;   /* argument name for help */
    const char *help;
};

#define OFF(f) offsetof(struct options, f)
static const struct opt_def defs[] = {
    {"--content", NULL, OPT_STRING, OFF(content), 0, 0, CMD_RUN | CMD_RENDER | CMD_BENCH, "FILE",
     "content store to show (default: the built-in exhibit)"},
    {"--windowed", NULL, OPT_FLAG, OFF(windowed), 0, 1, CMD_RUN | CMD_BENCH, NULL,
     "a window instead of full screen (staff and testing)"},
    {"--size", NULL, OPT_SIZE, OFF(width), 64, 8192,
     CMD_SOAK | CMD_RUN | CMD_RENDER | CMD_BENCH | CMD_PREVIEW | CMD_IMPORT | CMD_BUNDLE, "WxH",
     "screen size in pixels (default: native; 1920x1080 rendering or importing; 1280x720 "
     "preview)"},
    {"--frames", NULL, OPT_LONG, OFF(frames), 1, 100000000, CMD_RUN | CMD_PREVIEW, "N",
     "exit after N presented frames (benchmarks)"},
    {"--locale", NULL, OPT_STRING, OFF(locale), 0, 0, CMD_RUN | CMD_RENDER | CMD_PREVIEW, "L",
     "language to show first, e.g. en (default: the exhibit's)"},
    {"--out", "-o", OPT_STRING, OFF(out), 0, 0, CMD_RENDER | CMD_BUNDLE | CMD_STATS, "PATH",
     "render: folder for the PNGs; bundle build: the store to write; stats export: the CSV"},
    {"--since", NULL, OPT_STRING, OFF(since), 0, 0, CMD_STATS, "DATE",
     "stats export: only events from this day on (YYYY-MM-DD, UTC)"},
    {"--script", NULL, OPT_STRING, OFF(script), 0, 0, CMD_RENDER, "FILE",
     "play scripted touches in simulated time (see README)"},
    {"--idle-timeout", NULL, OPT_LONG, OFF(idle_s), 5, 3600, CMD_SOAK | CMD_RUN | CMD_RENDER | CMD_PREVIEW,
     "S", "seconds without a touch before \"still there?\" (default 60)"},
    {"--rotation", NULL, OPT_LONG, OFF(rotation), 0, 270, CMD_RUN | CMD_RENDER, "DEG",
     "touch panel rotation relative to the screen: 0, 90, 180 or 270"},
    {"--runs", NULL, OPT_LONG, OFF(runs), 1, 10000, CMD_BENCH, "N",
     "repetitions per measurement (default 21)"},
    {"--shot", NULL, OPT_STRING, OFF(shot), 0, 0, CMD_PREVIEW, "FILE",
     "write the screen to this PNG after every build (tests, bug reports)"},
    {"--panel", NULL, OPT_LONG, OFF(panel), 1, 100000, CMD_PREVIEW, "N",
     "the panel to show first (1 = the first; clamped to the exhibit)"},
    {"--state-dir", NULL, OPT_STRING, OFF(state_dir), 0, 0,
     CMD_SOAK | CMD_RUN | CMD_IMPORT | CMD_ROLLBACK | CMD_STATS, "DIR",
     "the kiosk's own copy of imported exhibits and its statistics (default " OPTIONS_STATE_DIR
     ")"},
    {"--renderer", NULL, OPT_STRING, OFF(renderer), 0, 0, CMD_SOAK | CMD_RUN | CMD_BENCH | CMD_PREVIEW,
     "NAME", "auto (a GPU if there is a real one, else software), software, opengl, opengles2"},
    {"--json", NULL, OPT_FLAG, OFF(json), 0, 1, CMD_BENCH, NULL,
     "print the figures as one JSON object (a baseline for --compare)"},
    {"--compare", NULL, OPT_STRING, OFF(compare), 0, 0, CMD_BENCH, "FILE",
     "print each figure's ratio to the baseline FILE (written with --json)"},
    {"--import", NULL, OPT_STRING, OFF(import), 0, 0, CMD_SOAK | CMD_BENCH, "FILE",
     "measure importing this signed bundle while the loop draws (needs --keys)"},
    {"--keys", NULL, OPT_STRING, OFF(keys), 0, 0,
     CMD_SOAK | CMD_RUN | CMD_IMPORT | CMD_BUNDLE | CMD_BENCH, "DIR",
     "trusted minisign public keys, one .pub file each (default " OPTIONS_KEYS_DIR ")"},
    {"--watch", NULL, OPT_LIST, OFF(watch), 0, 0, CMD_RUN, "DIR",
     "look for USB sticks here (repeatable; default /media, /run/media, /mnt)"},
    {"--no-watch", NULL, OPT_FLAG, OFF(no_watch), 0, 1, CMD_RUN, NULL,
     "do not look for USB sticks"},
    {"--inbox", NULL, OPT_STRING, OFF(inbox), 0, 0, CMD_SOAK | CMD_RUN, "DIR",
     "import bundles a sync tool drops in DIR/vitrine/ as from a stick (or inbox in --config)"},
    {"--health-file", NULL, OPT_STRING, OFF(health_file), 0, 0, CMD_SOAK | CMD_RUN, "FILE",
     "write the kiosk's health here for node_exporter (or health_file in --config)"},
    {"--config", NULL, OPT_STRING, OFF(config), 0, 0, CMD_SOAK | CMD_RUN, "FILE",
     "settings such as the staff PIN's hash (default " OPTIONS_CONFIG ")"},
    {"--reduced-motion", NULL, OPT_FLAG, OFF(reduced_motion), 0, 1, CMD_RUN | CMD_RENDER, NULL,
     "no count-up, no sliding, short crossfades (or reduced_motion = yes in --config)"},
    {"--loop-languages", NULL, OPT_STRING, OFF(loop_languages), 0, 0, CMD_RUN | CMD_RENDER,
     "MODE", "default, or alternate: the loop shows the next language each time round"},
    {"--days", NULL, OPT_LONG, OFF(days), 1, 366, CMD_SOAK, "N",
     "simulated days to run (default 7)"},
    {"--seed", NULL, OPT_LONG, OFF(seed), 0, 2147483647L, CMD_SOAK, "N",
     "the random visitors' sequence (default 1)"},
    {"--progress-fd", NULL, OPT_LONG, OFF(progress_fd), 3, 1000, CMD_IMPORT, "N",
     "write progress lines to file descriptor N (the kiosk reads them)"},
    {"--verbose", "-v", OPT_FLAG, OFF(verbose), 0, 1,
     CMD_SOAK | CMD_RUN | CMD_RENDER | CMD_BUNDLE | CMD_BENCH | CMD_PREVIEW | CMD_IMPORT | CMD_ROLLBACK |
         CMD_STATS,
     NULL,
     "log debug lines"},
};

static void defaults(struct options *o)
{
    memset(o, 0, sizeof(*o));
    o->idle_s = 60;
    o->runs = 21;
    o->days = 7;
    o->seed = 1;
    o->state_dir = OPTIONS_STATE_DIR;
    o->keys = OPTIONS_KEYS_DIR;
    o->config = OPTIONS_CONFIG;
}

int options_parse(struct options *o, enum command command, int argc, char **argv, int first,
                  char *why, size_t why_len)
{
    defaults(o);
    if (command == CMD_PREVIEW)
        o->idle_s = 600; /* a curator reads the panel being written */
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == '\0') {
            if (o->n_positional >= (int)(sizeof(o->positional) / sizeof(o->positional[0]))) {
                snprintf(why, why_len, "too many arguments at \"%s\"", a);
                return -1;
            }
            o->positional[o->n_positional++] = a;
            continue;
        }
        const struct opt_def *d = NULL;
        const char *inline_val = NULL;
        for (size_t k = 0; k < sizeof(defs) / sizeof(defs[0]); k++) {
            size_t len = strlen(defs[k].name);
            if (strcmp(a, defs[k].name) == 0 || (defs[k].alias && strcmp(a, defs[k].alias) == 0)) {
                d = &defs[k];
                break;
            }
            if (strncmp(a, defs[k].name, len) == 0 && a[len] == '=') {
                d = &defs[k];
                inline_val = a + len + 1;
                break;
            }
        }
        if (!d) {
            snprintf(why, why_len, "unknown option \"%s\" (see --help)", a);
            return -1;
        }
        if (!(d->commands & command)) {
            snprintf(why, why_len, "option %s does not apply to this command", d->name);
            return -1;
        }
        char *field = (char *)o + d->offset;
        if (d->kind == OPT_FLAG) {
            if (inline_val) {
                snprintf(why, why_len, "option %s takes no value", d->name);
                return -1;
            }
            *(int *)field = 1;
            continue;
        }
        const char *val = inline_val;
        if (!val) {
            if (i + 1 >= argc) {
                snprintf(why, why_len, "option %s needs a value (%s)", d->name, d->arg);
                return -1;
            }
            val = argv[++i];
        }
        if (d->kind == OPT_LIST) {
            if (!*val || o->n_watch >= OPTIONS_MAX_WATCH) {
                snprintf(why, why_len, "option %s takes a non-empty value, at most %d times",
                         d->name, OPTIONS_MAX_WATCH);
                return -1;
            }
            o->watch[o->n_watch++] = val;
        } else if (d->kind == OPT_STRING) {
            if (!*val) {
                snprintf(why, why_len, "option %s needs a non-empty value", d->name);
                return -1;
            }
            *(const char **)field = val;
        } else if (d->kind == OPT_LONG) {
            char *end;
            errno = 0;
            long v = strtol(val, &end, 10);
            if (errno || end == val || *end || v < d->min || v > d->max) {
                snprintf(why, why_len, "option %s wants a whole number from %ld to %ld, not \"%s\"",
                         d->name, d->min, d->max, val);
                return -1;
            }
            *(long *)field = v;
        } else {
            char *end;
            long w = strtol(val, &end, 10);
            long h = (*end == 'x' || *end == 'X') ? strtol(end + 1, &end, 10) : -1;
            if (*end || w < d->min || w > d->max || h < d->min || h > d->max) {
                snprintf(why, why_len, "option %s wants WxH with sides from %ld to %ld, not \"%s\"",
                         d->name, d->min, d->max, val);
                return -1;
            }
            o->width = (int)w;
            o->height = (int)h;
        }
    }
    if (o->renderer && strcmp(o->renderer, "auto") != 0 && strcmp(o->renderer, "software") != 0 &&
        strcmp(o->renderer, "opengl") != 0 && strcmp(o->renderer, "opengles2") != 0) {
        snprintf(why, why_len,
                 "option --renderer wants auto, software, opengl or opengles2, not \"%s\"",
                 o->renderer);
        return -1;
    }
    if (o->loop_languages && strcmp(o->loop_languages, "default") != 0 &&
        strcmp(o->loop_languages, "alternate") != 0) {
        snprintf(why, why_len, "option --loop-languages wants default or alternate, not \"%s\"",
                 o->loop_languages);
        return -1;
    }
    if (o->rotation % 90) {
        snprintf(why, why_len, "option --rotation wants 0, 90, 180 or 270, not %ld", o->rotation);
        return -1;
    }
    return 0;
}

void options_help(enum command command, const char *usage)
{
    printf("usage: %s\n\noptions:\n", usage);
    for (size_t k = 0; k < sizeof(defs) / sizeof(defs[0]); k++) {
        const struct opt_def *d = &defs[k];
        if (!(d->commands & command))
            continue;
        char left[48];
        snprintf(left, sizeof(left), "%s%s%s%s%s", d->alias ? d->alias : "", d->alias ? ", " : "",
                 d->name, d->arg ? " " : "", d->arg ? d->arg : "");
        printf("  %-26s %s\n", left, d->help);
    }
}
