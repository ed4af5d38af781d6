/* options.h - every runtime setting in one declarative table (options.c):
 * its command-line flag, its key in the settings file, or both, with its
 * type, default, range, help and an example. The command line is parsed
 * through it (options_parse), then the settings file (--config, default
 * OPTIONS_CONFIG) through the same table (options_read_file): flags win
 * over the file, so a file line only sets what the command line did not.
 *
 * The settings file (the reader is config.h): "key = value" lines, '#'
 * starts a comment. yes/no settings take yes, no, true, false, on, off, 1
 * or 0; a text or path setting takes "none" for none. A missing file is
 * not an error. A bad line (unknown key, bad value, invalid UTF-8) is one
 * problem "FILE:LINE: reason" and leaves its setting at its default; the
 * rest of the file still applies. `vitrine config defaults` prints the
 * whole table as a commented file (options_print_defaults). */
#ifndef VITRINE_OPTIONS_H
#define VITRINE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "hours.h"

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
#define OPTIONS_MAX_LOCALES 35 /* STORE_MAX_LOCALES (app/ops cannot see the store) */
#define OPTIONS_STATE_DIR "/var/lib/vitrine"
#define OPTIONS_KEYS_DIR "/etc/vitrine/keys"
#define OPTIONS_CONFIG "/etc/vitrine/vitrine.conf"
#define OPTIONS_TEXT_MAX 8192     /* the settings file's text values, all together */
#define OPTIONS_PROBLEMS_MAX 8192 /* the settings file's problems, all together */

struct options {
    const char *content;     /* --content FILE: a content store; NULL = built-in exhibit */
    int windowed;            /* --windowed */
    int width, height;       /* --size WxH; 0 = native / default */
    long frames;             /* --frames N: exit after N presented frames; 0 = run forever */
    const char *locale;      /* --locale L; NULL = the exhibit's default */
    const char *out;         /* --out DIR (render) or -o FILE (bundle build) */
    const char *script;      /* --script FILE (render) */
    const char *layout_json; /* --layout-json FILE (render) */
    long idle_s;             /* --idle-timeout S, idle_timeout: interactive -> countdown */
    long rotation;           /* --rotation 0|90|180|270: the picture turned clockwise */
    long touch_rotation;     /* --touch-rotation: a touch panel turned from its screen */
    long runs;               /* --runs N (bench) */
    long loop_s;             /* --loop SECONDS (bench): how long the loop is watched */
    int verbose;             /* --verbose */
    const char *shot;        /* --shot FILE (preview): a PNG of the screen after each build */
    long panel;              /* --panel N (preview): 1-based panel shown first; 0 = the first */
    const char *state_dir;   /* --state-dir DIR: the kiosk's own copy of its content */
    const char *keys;        /* --keys DIR: trusted minisign public keys */
    const char *config;      /* --config FILE: the settings file */
    const char *watch[OPTIONS_MAX_WATCH]; /* --watch DIR, watch (repeatable): where sticks appear */
    int n_watch;
    int no_watch;               /* --no-watch, no_watch: do not look for sticks */
    const char *inbox;          /* --inbox DIR, inbox: a sync tool's folder, watched like a stick */
    const char *health_file;    /* --health-file FILE: Prometheus text format; NULL = none */
    const char *renderer;       /* --renderer auto|software|opengl|opengles2 */
    const char *audio;          /* --audio on|off, audio: video panels' sound; NULL: off */
    const char *speech;         /* --speech on|off, speech: the audio guide can be started */
    const char *speech_key;     /* speech_key: "any" or an SDL key name */
    const char *speech_device;  /* speech_device: the audio output's name (or part); NULL */
    long speech_rate;           /* speech_rate: words a minute */
    long speech_volume;         /* speech_volume: 1..100, where each visitor starts */
    long speech_volume_max;     /* speech_volume_max: the most a visitor can turn it up */
    long countdown_s;           /* countdown_timeout: "still there?" this long */
    const char *hwdec;          /* --hwdec auto|yes|no, hwdec; NULL: auto */
    const char *compare;        /* --compare FILE (bench): ratios to a baseline */
    int json;                   /* --json (bench) */
    const char *import;         /* --import FILE (bench): measure a USB import of this bundle */
    long progress_fd;           /* --progress-fd N (import): progress lines for the kiosk */
    int reduced_motion;         /* --reduced-motion, reduced_motion */
    const char *since;          /* --since YYYY-MM-DD (stats export) */
    const char *loop_languages; /* --loop-languages default|alternate; NULL: default */
    long dpi; /* --dpi N, dpi: the screen's pixels per inch; 0 = what it reports */
    const char *locales[OPTIONS_MAX_LOCALES]; /* --locales, locales: languages offered, in */
    int n_locales;                            /* order; 0 = all of the exhibit's */
    long stats_days;                          /* stats_days: statistics older than this go */
    long stats_max_rows;        /* stats_max_rows: and each table keeps its newest this many */
    const char *staff_pin_hash; /* staff_pin_hash; NULL = the staff screen is off */
    struct hours hours;         /* hours, open, closed */
    const char *screen_off, *screen_on; /* screen_off_command, screen_on_command; NULL = none */
    long wake_minutes;     /* wake_minutes: a touch on a closed kiosk shows it this long */
    long screenshot_every; /* minutes between proofs of play beside the health file; 0 none */
    long days;             /* --days N (soak): simulated days */
    long seed;             /* --seed N (soak): the visitors' random sequence */
    const char *staff_pin; /* --staff-pin PIN (soak): what its staff type */
    const char *positional[4];
    int n_positional;
    /* the bookkeeping of options.c */
    unsigned long long given;    /* bit i: the table's entry i came from the command line */
    char text[OPTIONS_TEXT_MAX]; /* the settings file's values (and --locales) point here */
    size_t text_used;
    char problems[OPTIONS_PROBLEMS_MAX]; /* the settings file's: "FILE:LINE: reason" lines */
    int n_problems;
};

/* Set every setting to its default, then parse argv[first..argc) for
 * `command` (one of enum command). Returns 0, or -1 with a message (naming
 * the option) in why. Unknown options, options of another command and
 * out-of-range values are errors. */
int options_parse(struct options *o, enum command command, int argc, char **argv, int first,
                  char *why, size_t why_len);

/* Read the settings file `path` into o, after options_parse: a key sets
 * only what the command line left alone. Returns the number of bad lines;
 * each is a line "FILE:LINE: reason" (or "FILE: reason" for a file that
 * cannot be read) in o->problems. A missing file is 0. Never fails
 * otherwise: a bad value keeps the setting's default. */
int options_read_file(struct options *o, const char *path);
/* The same from an open stream (the caller's), named `name` in problems. */
int options_read_stream(struct options *o, FILE *f, const char *name);

/* Log each of o->problems as a warning, once (and how many more there are
 * than the buffer held). */
void options_log_problems(const struct options *o);

/* Print the options of `command` with their help text. */
void options_help(enum command command, const char *usage);

/* The options of `command` for the man page (`vitrine help --man`): one
 * man(7) ".TP" paragraph each, with the words and text of options_help.
 * Returns how many. */
int options_man(enum command command, FILE *out);

/* text as roff text for a man page, on the current line: backslashes,
 * minus signs and quotes escaped, a `quoted` command in bold, a line
 * starting with a dot (or the text's first character) kept from being a
 * request. */
void options_roff(FILE *out, const char *text);

/* Every setting of the file, commented out at an example value, with its
 * help, default and range: what `vitrine config defaults` prints. */
void options_print_defaults(FILE *out);

#endif
