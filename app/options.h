/* options.h - every runtime setting in one declarative table, with
 * defaults, ranges and help text, parsed in one place (options.c). */
#ifndef VITRINE_OPTIONS_H
#define VITRINE_OPTIONS_H

#include <stddef.h>

enum command {
    CMD_RUN = 1 << 0,
    CMD_RENDER = 1 << 1,
    CMD_BUNDLE = 1 << 2,
    CMD_BENCH = 1 << 3,
    CMD_PREVIEW = 1 << 4,
    CMD_IMPORT = 1 << 5,
    CMD_ROLLBACK = 1 << 6,
    CMD_STAFF_PIN = 1 << 7,
    CMD_STATS = 1 << 8,
    CMD_SOAK = 1 << 9,
};

#define OPTIONS_MAX_WATCH 8
#define OPTIONS_STATE_DIR "/var/lib/vitrine"
#define OPTIONS_KEYS_DIR "/etc/vitrine/keys"
#define OPTIONS_CONFIG "/etc/vitrine/vitrine.conf"

struct options {
    const char *content; /* --content FILE: a content store; NULL = built-in exhibit */
    int windowed;        /* --windowed */
    int width, height;   /* --size WxH; 0 = native / default */
    long frames;         /* --frames N: exit after N presented frames; 0 = run forever */
    const char *locale;  /* --locale L; NULL = the exhibit's default */
    const char *out;     /* --out DIR (render) or -o FILE (bundle build) */
    const char *script;  /* --script FILE (render) */
    long idle_s;         /* --idle-timeout S: interactive -> countdown */
    long rotation;       /* --rotation 0|90|180|270: touch panel mounted rotated */
    long runs;           /* --runs N (bench) */
    int verbose;         /* --verbose */
    const char *shot;    /* --shot FILE (preview): a PNG of the screen after each build */
    long panel;          /* --panel N (preview): 1-based panel shown first; 0 = the first */
    const char *state_dir; /* --state-dir DIR: the kiosk's own copy of its content */
    const char *keys;      /* --keys DIR: trusted minisign public keys */
    const char *config;    /* --config FILE: staff PIN hash and other settings */
    const char *watch[OPTIONS_MAX_WATCH]; /* --watch DIR (repeatable): where sticks appear */
    int n_watch;
    int no_watch;          /* --no-watch: do not look for sticks */
    const char *inbox;       /* --inbox DIR: a sync tool's folder, watched like a stick */
    const char *health_file; /* --health-file FILE: Prometheus text format; NULL = none */
    const char *renderer;  /* --renderer auto|software|opengl|opengles2 */
    const char *compare;   /* --compare FILE (bench): ratios to a baseline */
    int json;              /* --json (bench) */
    const char *import;    /* --import FILE (bench): measure a USB import of this bundle */
    long progress_fd;      /* --progress-fd N (import): progress lines for the kiosk */
    int reduced_motion;    /* --reduced-motion (run, render): over the settings file */
    const char *since;     /* --since YYYY-MM-DD (stats export) */
    const char *loop_languages; /* --loop-languages default|alternate; NULL: the file's */
    long days;             /* --days N (soak): simulated days */
    long seed;             /* --seed N (soak): the visitors' random sequence */
    const char *positional[4];
    int n_positional;
};

/* Parse argv[first..argc) for `command` (one of enum command). Returns 0,
 * or -1 with a message (naming the option) in why. Unknown options, options
 * of another command and out-of-range values are errors. */
int options_parse(struct options *o, enum command command, int argc, char **argv, int first,
                  char *why, size_t why_len);
/* Print the options of `command` with their help text. */
void options_help(enum command command, const char *usage);

#endif
