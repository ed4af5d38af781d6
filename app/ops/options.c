/* options.c - see options.h. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "log.h"
#include "staff.h"
#include "store.h"

_Static_assert(OPTIONS_MAX_LOCALES == STORE_MAX_LOCALES,
               "as many languages offered as a store holds");

enum opt_kind {
    OPT_FLAG,     /* command line: no value, sets 1; file: yes or no */
    OPT_STRING,   /* text */
    OPT_PATH,     /* a path; in the file an absolute one */
    OPT_CHOICE,   /* one of the words of .choices ("a|b|c") */
    OPT_LONG,     /* a whole number from .min to .max */
    OPT_SIZE,     /* WxH, each side from .min to .max: width, then height */
    OPT_LIST,     /* repeatable: a value more each time, .max at most; .count counts */
    OPT_LOCALES,  /* language codes separated by commas, or all; .count counts */
    OPT_HOURS,    /* weekly opening hours (hours_parse_week); repeatable */
    OPT_OPEN,     /* a date with its own hours (hours_parse_exception); repeatable */
    OPT_CLOSED,   /* a date closed all day; repeatable */
    OPT_PIN_HASH, /* a hash made by `vitrine staff-pin` */
};

enum {
    OPT_ZERO = 1 << 0,     /* OPT_LONG: 0 as well (off, or "what the device says") */
    OPT_QUARTER = 1 << 1,  /* OPT_LONG: a multiple of 90 */
    OPT_ABSOLUTE = 1 << 2, /* OPT_LIST: in the file, absolute paths (as OPT_PATH) */
};

struct opt_def {
    const char *flag;  /* "--idle-timeout"; NULL: only in the file */
    const char *alias; /* "-o" or NULL */
    const char *key;   /* "idle_timeout" in the settings file; NULL: only a flag */
    enum opt_kind kind;
    size_t offset; /* the field in struct options */
    size_t count;  /* OPT_LIST, OPT_LOCALES: the int field counting the values */
    long min, max;
    unsigned bits;           /* OPT_ZERO, OPT_QUARTER */
    unsigned commands;       /* enum command mask: the commands the flag is for */
    const char *choices;     /* OPT_CHOICE */
    const char *def;         /* the default, parsed like a value; NULL: none, no, 0 */
    const char *def_words;   /* the default in words, where def cannot say it */
    const char *preview_def; /* OPT_LONG: `vitrine preview`'s own default, where it differs */
    const char *example;     /* the value `config defaults` shows; NULL: def */
    const char *arg;         /* the flag's value in --help */
    const char *help;
};

/* the table reads best a few fields a line */
/* clang-format off */
#define OFF(f) offsetof(struct options, f)
#define ALL_COMMANDS                                                                          \
    (CMD_RUN | CMD_RENDER | CMD_BUNDLE | CMD_BENCH | CMD_PREVIEW | CMD_IMPORT | CMD_ROLLBACK | \
     CMD_STATS | CMD_SOAK)
static const struct opt_def defs[] = {
    {.flag = "--content", .kind = OPT_STRING, .offset = OFF(content),
     .commands = CMD_RUN | CMD_RENDER | CMD_BENCH, .arg = "FILE",
     .help = "content store to show (default: the built-in exhibit)"},
    {.flag = "--windowed", .kind = OPT_FLAG, .offset = OFF(windowed),
     .commands = CMD_RUN | CMD_BENCH, .help = "a window instead of full screen (staff and testing)"},
    {.flag = "--size", .kind = OPT_SIZE, .offset = OFF(width), .min = 64, .max = 8192,
     .commands = CMD_RUN | CMD_RENDER | CMD_BENCH | CMD_PREVIEW | CMD_IMPORT | CMD_BUNDLE |
                 CMD_SOAK,
     .arg = "WxH",
     .help = "screen size in pixels (default: native; 1920x1080 rendering or importing; "
             "1280x720 preview)"},
    {.flag = "--frames", .kind = OPT_LONG, .offset = OFF(frames), .min = 1, .max = 100000000,
     .commands = CMD_RUN | CMD_PREVIEW, .arg = "N",
     .help = "exit after N presented frames (benchmarks)"},
    {.flag = "--locale", .kind = OPT_STRING, .offset = OFF(locale),
     .commands = CMD_RUN | CMD_RENDER | CMD_PREVIEW, .arg = "L",
     .help = "language to show first, e.g. en (default: the exhibit's)"},
    {.flag = "--out", .alias = "-o", .kind = OPT_STRING, .offset = OFF(out),
     .commands = CMD_RENDER | CMD_BUNDLE | CMD_STATS, .arg = "PATH",
     .help = "render: folder for the PNGs; bundle build: the store to write; stats export: the "
             "CSV"},
    {.flag = "--since", .kind = OPT_STRING, .offset = OFF(since), .commands = CMD_STATS,
     .arg = "DATE", .help = "stats export: only events from this day on (YYYY-MM-DD, UTC)"},
    {.flag = "--script", .kind = OPT_STRING, .offset = OFF(script), .commands = CMD_RENDER,
     .arg = "FILE", .help = "play scripted touches in simulated time (see README)"},
    {.flag = "--layout-json", .kind = OPT_STRING, .offset = OFF(layout_json),
     .commands = CMD_RENDER, .arg = "FILE",
     .help = "write what each picture shows as JSON lines: every box with its role, rectangle "
             "and lines (see README)"},
    {.flag = "--runs", .kind = OPT_LONG, .offset = OFF(runs), .min = 1, .max = 10000,
     .commands = CMD_BENCH, .def = "21", .arg = "N", .help = "repetitions per measurement"},
    {.flag = "--loop", .kind = OPT_LONG, .offset = OFF(loop_s), .min = 1, .max = 3600,
     .commands = CMD_BENCH, .def = "60", .arg = "SECONDS",
     .help = "how long the loop is watched: CPU, wake-ups, and PSS sampled every 100 ms"},
    {.flag = "--shot", .kind = OPT_STRING, .offset = OFF(shot), .commands = CMD_PREVIEW,
     .arg = "FILE", .help = "write the screen to this PNG after every build (tests, bug reports)"},
    {.flag = "--panel", .kind = OPT_LONG, .offset = OFF(panel), .min = 1, .max = 100000,
     .commands = CMD_PREVIEW, .arg = "N",
     .help = "the panel to show first (1 = the first; clamped to the exhibit)"},
    {.flag = "--state-dir", .kind = OPT_STRING, .offset = OFF(state_dir),
     .commands = CMD_RUN | CMD_IMPORT | CMD_ROLLBACK | CMD_STATS | CMD_SOAK,
     .def = OPTIONS_STATE_DIR,
     .arg = "DIR", .help = "the kiosk's own copy of imported exhibits and its statistics"},
    {.flag = "--json", .kind = OPT_FLAG, .offset = OFF(json), .commands = CMD_BENCH,
     .help = "print the figures as one JSON object (a baseline for --compare)"},
    {.flag = "--compare", .kind = OPT_STRING, .offset = OFF(compare), .commands = CMD_BENCH,
     .arg = "FILE", .help = "print each figure's ratio to the baseline FILE (written with --json)"},
    {.flag = "--import", .kind = OPT_STRING, .offset = OFF(import),
     .commands = CMD_BENCH | CMD_SOAK, .arg = "FILE",
     .help = "bench: measure importing this signed bundle while the loop draws (needs --keys); "
             "soak: drop it into the --inbox each day"},
    {.flag = "--keys", .kind = OPT_STRING, .offset = OFF(keys),
     .commands = CMD_RUN | CMD_IMPORT | CMD_BUNDLE | CMD_BENCH | CMD_SOAK,
     .def = OPTIONS_KEYS_DIR,
     .arg = "DIR", .help = "trusted minisign public keys, one .pub file each"},
    {.flag = "--progress-fd", .kind = OPT_LONG, .offset = OFF(progress_fd), .min = 3,
     .max = 1000, .commands = CMD_IMPORT, .arg = "N",
     .help = "write progress lines to file descriptor N (the kiosk reads them)"},
    {.flag = "--config", .kind = OPT_STRING, .offset = OFF(config),
     .commands = CMD_RUN | CMD_STATS | CMD_SOAK, .def = OPTIONS_CONFIG, .arg = "FILE",
     .help = "the settings file (see `vitrine config defaults`); flags win over it"},
    {.key = "staff_pin_hash", .kind = OPT_PIN_HASH, .offset = OFF(staff_pin_hash),
     .help = "the staff PIN's salted hash, made by `echo PIN | vitrine staff-pin`; none: the "
             "staff screen is off"},
    {.flag = "--locales", .key = "locales", .kind = OPT_LOCALES, .offset = OFF(locales),
     .count = OFF(n_locales), .max = OPTIONS_MAX_LOCALES, .commands = CMD_RUN, .def = "all",
     .example = "en, fr", .arg = "L,L",
     .help = "the languages the language button offers, in this order (of the exhibit's; "
             "all: every one)"},
    {.flag = "--idle-timeout", .key = "idle_timeout", .kind = OPT_LONG, .offset = OFF(idle_s),
     .min = 5, .max = 3600, .commands = CMD_RUN | CMD_RENDER | CMD_PREVIEW | CMD_SOAK,
     .def = "60", .preview_def = "600", /* a curator reads the panel being written */
     .arg = "S", .help = "seconds without a touch before \"still there?\""},
    {.flag = "--reduced-motion", .key = "reduced_motion", .kind = OPT_FLAG,
     .offset = OFF(reduced_motion), .commands = CMD_RUN | CMD_RENDER,
     .help = "no count-up, no sliding, short crossfades"},
    {.flag = "--loop-languages", .key = "loop_languages", .kind = OPT_CHOICE,
     .offset = OFF(loop_languages), .commands = CMD_RUN | CMD_RENDER, .choices = "default|alternate",
     .def = "default", .arg = "MODE",
     .help = "default, or alternate: the loop shows the exhibit's next language each time round"},
    {.flag = "--dpi", .key = "dpi", .kind = OPT_LONG, .offset = OFF(dpi), .min = 40, .max = 600,
     .bits = OPT_ZERO, .commands = CMD_RUN, .def = "0", .example = "96", .arg = "N",
     .help = "the screen's pixels per inch, for touch target sizes and gestures (many large "
             "displays report a wrong one); 0: what the display reports"},
    {.flag = "--rotation", .key = "rotation", .kind = OPT_LONG, .offset = OFF(rotation),
     .max = 270, .bits = OPT_QUARTER, .commands = CMD_RUN | CMD_RENDER | CMD_PREVIEW | CMD_BENCH,
     .def = "0",
     .arg = "DEG",
     .help = "turn the picture this far clockwise on the output (0, 90, 180 or 270), and "
             "touches with it: a portrait totem on a landscape output, as xrandr --rotate "
             "right is 90"},
    {.flag = "--touch-rotation", .key = "touch_rotation", .kind = OPT_LONG,
     .offset = OFF(touch_rotation), .max = 270, .bits = OPT_QUARTER,
     .commands = CMD_RUN | CMD_PREVIEW, .def = "0", .arg = "DEG",
     .help = "a touch panel that reports turned from its screen: 0, 90, 180 or 270 (rare; "
             "rotation already turns touches with the picture)"},
    {.flag = "--audio", .key = "audio", .kind = OPT_CHOICE, .offset = OFF(audio),
     .commands = CMD_RUN | CMD_PREVIEW, .choices = "off|on", .def = "off", .arg = "on|off",
     .help = "play the sound of video panels that ask for it (video.sound: yes); off: every "
             "clip is muted and its sound never decoded"},
    {.flag = "--speech", .key = "speech", .kind = OPT_CHOICE, .offset = OFF(speech),
     .commands = CMD_RUN, .choices = "on|off", .def = "on", .arg = "on|off",
     .help = "the audio guide for blind and low-vision visitors: started by a key "
             "(speech_key) or two fingers held still, it speaks the page with eSpeak NG "
             "(docs/accessibility.md); off: nothing of it loads"},
    {.key = "speech_key", .kind = OPT_STRING, .offset = OFF(speech_key), .commands = CMD_RUN,
     .def = "any", .arg = "KEY",
     .help = "the key that starts the audio guide, as SDL names it (\"F12\", \"Keypad 0\", "
             "\"Help\"); any: every key does"},
    {.key = "speech_device", .kind = OPT_STRING, .offset = OFF(speech_device),
     .commands = CMD_RUN, .example = "USB Audio", .arg = "NAME",
     .help = "the audio output the guide speaks on, or a part of its name (the headphone "
             "jack, a USB headset); default: the system's"},
    {.key = "speech_rate", .kind = OPT_LONG, .offset = OFF(speech_rate), .min = 80, .max = 450,
     .commands = CMD_RUN, .def = "175", .arg = "WPM",
     .help = "how fast the guide speaks, in words a minute (eSpeak NG's own is 175; slower "
             "suits many older visitors)"},
    {.key = "speech_volume", .kind = OPT_LONG, .offset = OFF(speech_volume), .min = 1,
     .max = 100, .commands = CMD_RUN, .def = "60", .arg = "PERCENT",
     .help = "the guide's volume where each visitor starts (and returns to after them)"},
    {.key = "speech_volume_max", .kind = OPT_LONG, .offset = OFF(speech_volume_max), .min = 1,
     .max = 100, .commands = CMD_RUN, .def = "100", .arg = "PERCENT",
     .help = "the most a visitor can turn the guide's volume up"},
    {.flag = "--countdown-timeout", .key = "countdown_timeout", .kind = OPT_LONG,
     .offset = OFF(countdown_s), .min = 5, .max = 600, .commands = CMD_RUN | CMD_RENDER | CMD_SOAK, .def = "10", .arg = "S",
     .help = "seconds \"still there?\" waits for an answer before the exhibit starts again "
             "(the audio guide's visitors get three times as long)"},
    {.flag = "--hwdec", .key = "hwdec", .kind = OPT_CHOICE, .offset = OFF(hwdec),
     .commands = CMD_RUN | CMD_PREVIEW | CMD_BENCH, .choices = "auto|yes|no", .def = "auto",
     .arg = "auto|yes|no",
     .help = "decode video on the graphics hardware where that is known to be safe, else in "
             "software: clips larger than 1080p (auto), every clip (yes); no: always in "
             "software"},
    {.flag = "--renderer", .key = "renderer", .kind = OPT_CHOICE, .offset = OFF(renderer),
     .commands = CMD_RUN | CMD_BENCH | CMD_PREVIEW | CMD_SOAK,
     .choices = "auto|software|opengl|opengles2",
     .def = "auto", .arg = "NAME",
     .help = "auto (a GPU if there is a real one, else software), software, opengl, opengles2"},
    {.key = "hours", .kind = OPT_HOURS, .offset = OFF(hours), .example = "mon-sun 00:00-24:00",
     .help = "opening hours, repeatable (e.g. mon-fri 09:00-17:00, sat 10:00-18:00, sun "
             "closed); none: always open"},
    {.key = "closed", .kind = OPT_CLOSED, .offset = OFF(hours), .example = "2026-12-25",
     .help = "a date the kiosk stays closed (repeatable)"},
    {.key = "open", .kind = OPT_OPEN, .offset = OFF(hours), .example = "2026-12-24 10:00-14:00",
     .help = "a date with its own hours (repeatable)"},
    {.key = "screen_off_command", .kind = OPT_STRING, .offset = OFF(screen_off),
     .example = "vcgencmd display_power 0", .help = "run when the kiosk closes"},
    {.key = "screen_on_command", .kind = OPT_STRING, .offset = OFF(screen_on),
     .example = "vcgencmd display_power 1", .help = "run when it opens again"},
    {.key = "wake_minutes", .kind = OPT_LONG, .offset = OFF(wake_minutes), .max = 120,
     .def = "0", .help = "a touch on a closed kiosk shows the exhibit this long, in minutes"},
    {.flag = "--watch", .key = "watch", .kind = OPT_LIST, .offset = OFF(watch),
     .count = OFF(n_watch), .max = OPTIONS_MAX_WATCH, .bits = OPT_ABSOLUTE,
     .commands = CMD_RUN | CMD_SOAK, .def_words = "/media, /run/media and /mnt", .example = "/media", .arg = "DIR",
     .help = "look for USB sticks here (repeatable)"},
    {.flag = "--no-watch", .key = "no_watch", .kind = OPT_FLAG, .offset = OFF(no_watch),
     .commands = CMD_RUN, .help = "do not look for USB sticks"},
    {.flag = "--inbox", .key = "inbox", .kind = OPT_PATH, .offset = OFF(inbox),
     .commands = CMD_RUN | CMD_SOAK, .example = "/srv/vitrine-inbox", .arg = "DIR",
     .help = "import bundles a sync tool drops in DIR/vitrine/ as from a stick"},
    {.flag = "--health-file", .key = "health_file", .kind = OPT_PATH, .offset = OFF(health_file),
     .commands = CMD_RUN | CMD_SOAK, .example = "/var/lib/prometheus/node-exporter/vitrine.prom",
     .arg = "FILE", .help = "write the kiosk's health here for node_exporter's textfile collector"},
    {.flag = "--screenshot-every", .key = "screenshot_every", .kind = OPT_LONG,
     .offset = OFF(screenshot_every), .max = 1440, .commands = CMD_RUN | CMD_SOAK, .def = "0",
     .example = "10", .arg = "MINUTES",
     .help = "with the health file: a small PNG of what the screen shows, written beside it "
             "(vitrine.prom: vitrine.png) this often; 0: never"},
    {.key = "stats_days", .kind = OPT_LONG, .offset = OFF(stats_days), .min = 1, .max = 3650,
     .def = "365", .help = "visitor statistics older than this many days are deleted"},
    {.key = "stats_max_rows", .kind = OPT_LONG, .offset = OFF(stats_max_rows), .min = 1000,
     .max = 100000000, .def = "1000000",
     .help = "and each statistics table keeps at most its newest this many rows"},
    {.flag = "--days", .kind = OPT_LONG, .offset = OFF(days), .min = 1, .max = 366,
     .commands = CMD_SOAK, .def = "7", .arg = "N", .help = "simulated days to run"},
    {.flag = "--seed", .kind = OPT_LONG, .offset = OFF(seed), .max = 2147483647L,
     .commands = CMD_SOAK, .def = "1", .arg = "N", .help = "the random visitors' sequence"},
    {.flag = "--staff-pin", .kind = OPT_STRING, .offset = OFF(staff_pin),
     .commands = CMD_SOAK, .arg = "PIN",
     .help = "staff type this PIN each day at 11:00 and export the statistics to a stick under "
             "--watch (its hash in --config)"},
    {.flag = "--verbose", .alias = "-v", .kind = OPT_FLAG, .offset = OFF(verbose),
     .commands = ALL_COMMANDS, .help = "log debug lines"},
};
#define N_DEFS (sizeof(defs) / sizeof(defs[0]))
/* clang-format on */
_Static_assert(N_DEFS <= 64, "struct options.given has a bit for each entry");

/* Where a value comes from: a default and the command line are kept as
 * they are (static, argv); the file's are copied into o->text. */
enum source { SRC_DEFAULT, SRC_ARGV, SRC_FILE };

/* The reasons a value is refused: a phrase after the setting's name
 * ("wants ..."), or a whole sentence (the hours parser's). */
enum { BAD_WANTS = -1, BAD_WHOLE = -2 };

static char *keep_text(struct options *o, const char *s)
{
    size_t n = strlen(s) + 1;
    if (n > sizeof(o->text) - o->text_used)
        return NULL;
    char *p = o->text + o->text_used;
    memcpy(p, s, n);
    o->text_used += n;
    return p;
}

/* yes/no and their usual spellings; -1 for anything else. */
static int yes_no(const char *v)
{
    static const char *const yes[] = {"yes", "true", "on", "1"};
    static const char *const no[] = {"no", "false", "off", "0"};
    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
        if (strcmp(v, yes[i]) == 0)
            return 1;
        if (strcmp(v, no[i]) == 0)
            return 0;
    }
    return -1;
}

/* 1 if v is one of the '|'-separated words of choices. */
static int is_choice(const char *choices, const char *v)
{
    size_t n = strlen(v);
    for (const char *c = choices; *c;) {
        size_t len = strcspn(c, "|");
        if (len == n && n && strncmp(c, v, n) == 0)
            return 1;
        c += len + (c[len] == '|');
    }
    return 0;
}

/* "a, b or c" from "a|b|c". */
static void choice_words(const char *choices, char *buf, size_t n)
{
    size_t used = 0;
    int count = 0, total = 1;
    for (const char *c = choices; *c; c++)
        total += *c == '|';
    for (const char *c = choices; *c && used < n; count++) {
        size_t len = strcspn(c, "|");
        const char *sep = count == 0 ? "" : count == total - 1 ? " or " : ", ";
        int w = snprintf(buf + used, n - used, "%s%.*s", sep, (int)len, c);
        used += w > 0 ? (size_t)w : 0;
        c += len + (c[len] == '|');
    }
}

static int set_long(const struct opt_def *d, long *field, const char *val, char *why,
                    size_t why_len)
{
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    int zero = (d->bits & OPT_ZERO) && v == 0;
    if (errno || end == val || *end || ((v < d->min || v > d->max) && !zero) ||
        ((d->bits & OPT_QUARTER) && v % 90)) {
        if (d->bits & OPT_QUARTER)
            snprintf(why, why_len, "wants 0, 90, 180 or 270");
        else
            snprintf(why, why_len, "wants a whole number from %ld to %ld%s", d->min, d->max,
                     (d->bits & OPT_ZERO) ? " (or 0)" : "");
        return BAD_WANTS;
    }
    *field = v;
    return 0;
}

static int set_size(const struct opt_def *d, struct options *o, const char *val, char *why,
                    size_t why_len)
{
    char *end;
    long w = strtol(val, &end, 10);
    long h = (*end == 'x' || *end == 'X') ? strtol(end + 1, &end, 10) : -1;
    if (*end || w < d->min || w > d->max || h < d->min || h > d->max) {
        snprintf(why, why_len, "wants WxH with sides from %ld to %ld", d->min, d->max);
        return BAD_WANTS;
    }
    o->width = (int)w;
    o->height = (int)h;
    return 0;
}

/* "en, fr-CA": each a language code (letters, digits, '-', '_'). */
static int set_locales(const struct opt_def *d, struct options *o, const char *val, char *why,
                       size_t why_len)
{
    const char **list = (const char **)((char *)o + d->offset);
    int *n = (int *)((char *)o + d->count);
    const char *want = "wants language codes separated by commas (e.g. en, fr), or all";
    if (strcmp(val, "all") == 0) {
        *n = 0;
        return 0;
    }
    size_t mark = o->text_used;
    char *copy = keep_text(o, val);
    int count = 0;
    const char *got[OPTIONS_MAX_LOCALES];
    for (char *p = copy, *next; p; p = next) {
        next = strchr(p, ',');
        if (next)
            *next++ = '\0';
        while (isspace((unsigned char)*p))
            p++;
        size_t len = strcspn(p, " \t");
        int ok = len > 0 && len <= STORE_LOCALE_MAX && p[len + strspn(p + len, " \t")] == '\0';
        for (size_t i = 0; ok && i < len; i++)
            ok = isalnum((unsigned char)p[i]) || p[i] == '-' || p[i] == '_';
        if (!ok || count >= d->max) {
            o->text_used = mark;
            snprintf(why, why_len, "%s, at most %ld", want, d->max);
            return BAD_WANTS;
        }
        p[len] = '\0';
        got[count++] = p;
    }
    if (!copy) {
        snprintf(why, why_len, "%s (the file's text is too long)", want);
        return BAD_WANTS;
    }
    memcpy(list, got, sizeof(got[0]) * (size_t)count);
    *n = count;
    return 0;
}

static int set_hours(const struct opt_def *d, struct options *o, const char *val, char *why,
                     size_t why_len)
{
    struct hours *h = (struct hours *)((char *)o + d->offset);
    if (d->kind == OPT_HOURS && strcmp(val, "none") == 0) {
        memset(h, 0, sizeof(*h));
        return 0;
    }
    struct hours tmp = *h; /* a bad line adds nothing */
    int rc = d->kind == OPT_HOURS
                 ? hours_parse_week(&tmp, val, why, why_len)
                 : hours_parse_exception(&tmp, val, d->kind == OPT_OPEN, why, why_len);
    if (rc != 0)
        return BAD_WHOLE;
    *h = tmp;
    return 0;
}

/* A text value: the file's "none" is none; the file's paths are absolute
 * (relative to what? the service's working folder is nobody's choice). */
static int set_text(const struct opt_def *d, struct options *o, const char *val, enum source src,
                    char *why, size_t why_len)
{
    const char **field = (const char **)((char *)o + d->offset);
    if (src == SRC_FILE && strcmp(val, "none") == 0) {
        *field = NULL;
        return 0;
    }
    if (!*val) {
        snprintf(why, why_len, "needs a non-empty value");
        return BAD_WANTS;
    }
    if (d->kind == OPT_CHOICE && !is_choice(d->choices, val)) {
        char words[128];
        choice_words(d->choices, words, sizeof(words));
        snprintf(why, why_len, "wants %s", words);
        return BAD_WANTS;
    }
    if (d->kind == OPT_PATH && src == SRC_FILE && val[0] != '/') {
        snprintf(why, why_len, "wants an absolute path (or none)");
        return BAD_WANTS;
    }
    if (d->kind == OPT_PIN_HASH && (strlen(val) >= STAFF_HASH_MAX || strncmp(val, "$argon2", 7))) {
        snprintf(why, why_len, "%s is not a hash made by `vitrine staff-pin`", d->key);
        return BAD_WHOLE;
    }
    const char *v = src == SRC_FILE ? keep_text(o, val) : val;
    if (!v) {
        snprintf(why, why_len, "is one value too many: the file's text is too long");
        return BAD_WANTS;
    }
    *field = v;
    return 0;
}

/* Set d's field in o from the text val: 0, or BAD_* with why. */
static int set_value(const struct opt_def *d, struct options *o, const char *val, enum source src,
                     char *why, size_t why_len)
{
    char *field = (char *)o + d->offset;
    switch (d->kind) {
    case OPT_FLAG: {
        int v = yes_no(val);
        if (v < 0) {
            snprintf(why, why_len, "wants yes or no");
            return BAD_WANTS;
        }
        *(int *)field = v;
        return 0;
    }
    case OPT_LONG:
        return set_long(d, (long *)field, val, why, why_len);
    case OPT_SIZE:
        return set_size(d, o, val, why, why_len);
    case OPT_LIST: {
        int *n = (int *)((char *)o + d->count);
        const char *v = src == SRC_FILE ? keep_text(o, val) : val;
        if (!*val || !v || *n >= d->max) {
            snprintf(why, why_len, "takes a non-empty value, at most %ld times", d->max);
            return BAD_WANTS;
        }
        if ((d->bits & OPT_ABSOLUTE) && src == SRC_FILE && val[0] != '/') {
            snprintf(why, why_len, "wants an absolute path");
            return BAD_WANTS;
        }
        ((const char **)field)[(*n)++] = v;
        return 0;
    }
    case OPT_LOCALES:
        return set_locales(d, o, val, why, why_len);
    case OPT_HOURS:
    case OPT_OPEN:
    case OPT_CLOSED:
        return set_hours(d, o, val, why, why_len);
    case OPT_STRING:
    case OPT_PATH:
    case OPT_CHOICE:
    case OPT_PIN_HASH:
        return set_text(d, o, val, src, why, why_len);
    }
    return BAD_WANTS;
}

static void defaults(struct options *o)
{
    memset(o, 0, sizeof(*o));
    for (size_t k = 0; k < N_DEFS; k++) {
        char why[256];
        if (defs[k].def && set_value(&defs[k], o, defs[k].def, SRC_DEFAULT, why, sizeof(why)))
            abort(); /* a default the table itself refuses: a programming error */
    }
}

/* The entry whose flag (or alias) is a, or "--flag=value" (*inline_val). */
static const struct opt_def *find_flag(const char *a, const char **inline_val)
{
    *inline_val = NULL;
    for (size_t k = 0; k < N_DEFS; k++) {
        const struct opt_def *d = &defs[k];
        if (!d->flag)
            continue;
        size_t len = strlen(d->flag);
        if (strcmp(a, d->flag) == 0 || (d->alias && strcmp(a, d->alias) == 0))
            return d;
        if (strncmp(a, d->flag, len) == 0 && a[len] == '=') {
            *inline_val = a + len + 1;
            return d;
        }
    }
    return NULL;
}

/* One option at argv[*i] (moving *i past its value): 0 or -1 with why. */
static int parse_flag(struct options *o, enum command command, int argc, char **argv, int *i,
                      char *why, size_t why_len)
{
    const char *a = argv[*i], *val;
    const struct opt_def *d = find_flag(a, &val);
    if (!d) {
        snprintf(why, why_len, "unknown option \"%s\" (see --help)", a);
        return -1;
    }
    if (!(d->commands & command)) {
        snprintf(why, why_len, "option %s does not apply to this command", d->flag);
        return -1;
    }
    if (d->kind == OPT_FLAG && val) {
        snprintf(why, why_len, "option %s takes no value", d->flag);
        return -1;
    }
    if (d->kind == OPT_FLAG)
        val = "yes";
    if (!val && *i + 1 >= argc) {
        snprintf(why, why_len, "option %s needs a value (%s)", d->flag, d->arg);
        return -1;
    }
    if (!val)
        val = argv[++*i];
    char reason[160];
    int rc = set_value(d, o, val, SRC_ARGV, reason, sizeof(reason));
    if (rc == BAD_WANTS)
        snprintf(why, why_len, "option %s %s, not \"%s\"", d->flag, reason, val);
    else if (rc)
        snprintf(why, why_len, "option %s: %s", d->flag, reason);
    o->given |= 1ull << (d - defs);
    return rc ? -1 : 0;
}

int options_parse(struct options *o, enum command command, int argc, char **argv, int first,
                  char *why, size_t why_len)
{
    defaults(o);
    for (size_t k = 0; command == CMD_PREVIEW && k < N_DEFS; k++)
        if (defs[k].preview_def && defs[k].kind == OPT_LONG)
            *(long *)((char *)o + defs[k].offset) = strtol(defs[k].preview_def, NULL, 10);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] != '\0') {
            if (parse_flag(o, command, argc, argv, &i, why, why_len) != 0)
                return -1;
            continue;
        }
        if (o->n_positional >= (int)(sizeof(o->positional) / sizeof(o->positional[0]))) {
            snprintf(why, why_len, "too many arguments at \"%s\"", a);
            return -1;
        }
        o->positional[o->n_positional++] = a;
    }
    return 0;
}

/* The default as the file would spell it. */
static const char *def_text(const struct opt_def *d)
{
    return d->def_words ? d->def_words : d->def ? d->def : d->kind == OPT_FLAG ? "no" : "none";
}

/* What config_read's callback works on: the options, and a copy the
 * lines of settings the command line gave are checked on (and dropped). */
struct file_ctx {
    struct options *o, *scratch;
    uint64_t seen; /* the keys given so far in this file (a bit per defs entry) */
};

static const struct opt_def *find_key(const char *key, const struct opt_def **near)
{
    *near = NULL;
    for (size_t k = 0; k < N_DEFS; k++) {
        if (!defs[k].key)
            continue;
        if (strcmp(defs[k].key, key) == 0)
            return &defs[k];
        if (!*near && config_similar(key, defs[k].key))
            *near = &defs[k];
    }
    return NULL;
}

/* config_read's callback: one "key = value" line of the file. */
static int file_line(void *ctx, const char *key, const char *val, char *why, size_t why_len)
{
    struct file_ctx *c = ctx;
    const struct opt_def *near, *d = find_key(key, &near);
    if (!d && near) {
        snprintf(why, why_len, "unknown setting \"%.60s\" (did you mean %s?)", key, near->key);
        return -1;
    }
    if (!d) {
        snprintf(why, why_len, "unknown setting \"%.60s\"", key);
        return -1;
    }
    /* a key given twice: the later line counts, and the file is not "good"
     * (which one the writer meant nobody can tell); lists, the weekly
     * hours and dated exceptions are meant to repeat (README) */
    uint64_t bit = 1ull << (d - defs);
    int again = (c->seen & bit) && d->kind != OPT_LIST && d->kind != OPT_HOURS &&
                d->kind != OPT_CLOSED && d->kind != OPT_OPEN;
    c->seen |= bit;
    struct options *dst = c->o;
    if (c->o->given >> (d - defs) & 1) { /* the command line's value stays */
        if (!c->scratch)
            return 0;
        memcpy(c->scratch, c->o, sizeof(*c->scratch));
        dst = c->scratch;
    }
    char reason[256];
    int rc = set_value(d, dst, val, SRC_FILE, reason, sizeof(reason));
    if (rc == BAD_WHOLE)
        snprintf(why, why_len, "%s", reason);
    else if (rc && d->kind == OPT_LIST)
        snprintf(why, why_len, "%s %s, not \"%.60s\"", d->key, reason, val);
    else if (rc)
        snprintf(why, why_len, "%s %s, not \"%.60s\"; using %s", d->key, reason, val, def_text(d));
    else if (again)
        snprintf(why, why_len,
                 "%s is given again: this line's value is used, the earlier one is not", d->key);
    return rc || again ? -1 : 0;
}

int options_read_file(struct options *o, const char *path)
{
    struct file_ctx c = {o, malloc(sizeof(struct options)), 0};
    o->n_problems = config_read(path, file_line, &c, o->problems, sizeof(o->problems));
    free(c.scratch);
    return o->n_problems;
}

int options_read_stream(struct options *o, FILE *f, const char *name)
{
    struct file_ctx c = {o, malloc(sizeof(struct options)), 0};
    o->n_problems = config_read_stream(f, name, file_line, &c, o->problems, sizeof(o->problems));
    free(c.scratch);
    return o->n_problems;
}

/* d's flag as --help and the man page show it ("-o, --out PATH"), and
 * what follows its help (" (default 60; idle_timeout in --config)"). */
static void flag_words(const struct opt_def *d, enum command command, char *left, size_t left_len,
                       char *extra, size_t extra_len)
{
    snprintf(left, left_len, "%s%s%s%s%s", d->alias ? d->alias : "", d->alias ? ", " : "", d->flag,
             d->arg ? " " : "", d->arg ? d->arg : "");
    int shows_def = d->def && (d->kind == OPT_LONG || d->kind == OPT_STRING);
    const char *def = command == CMD_PREVIEW && d->preview_def ? d->preview_def : d->def;
    extra[0] = '\0';
    if (shows_def || d->key)
        snprintf(extra, extra_len, " (%s%s%s%s%s)", shows_def ? "default " : "",
                 shows_def ? def : "", shows_def && d->key ? "; " : "", d->key ? d->key : "",
                 d->key ? " in --config" : "");
}

void options_help(enum command command, const char *usage)
{
    printf("usage: %s\n\noptions:\n", usage);
    for (size_t k = 0; k < N_DEFS; k++) {
        const struct opt_def *d = &defs[k];
        if (!d->flag || !(d->commands & command))
            continue;
        char left[48], extra[96];
        flag_words(d, command, left, sizeof(left), extra, sizeof(extra));
        printf("  %-26s %s%s\n", left, d->help, extra);
    }
}

void options_roff(FILE *out, const char *text)
{
    int code = 0;
    if (*text == '.' || *text == '\'')
        fputs("\\&", out); /* not a request */
    for (const char *p = text; *p; p++) {
        if (*p == '\\')
            fputs("\\e", out);
        else if (*p == '-')
            fputs("\\-", out); /* a minus, typed as-is: flags can be copied */
        else if (*p == '`')
            fputs((code = !code) ? "\\fB" : "\\fR", out);
        else if (*p == '\'')
            fputs("\\(aq", out);
        else if (*p == '"')
            fputs("\\(dq", out);
        else if (*p == '\n' && p[1] == '.')
            fputs("\n\\&", out);
        else
            fputc(*p, out);
    }
    if (code)
        fputs("\\fR", out);
}

int options_man(enum command command, FILE *out)
{
    int n = 0;
    for (size_t k = 0; k < N_DEFS; k++) {
        const struct opt_def *d = &defs[k];
        if (!d->flag || !(d->commands & command))
            continue;
        char left[48], extra[96];
        flag_words(d, command, left, sizeof(left), extra, sizeof(extra));
        fputs(".TP\n\\fB", out);
        options_roff(out, left);
        fputs("\\fR\n", out);
        options_roff(out, d->help);
        options_roff(out, extra);
        fputs("\n", out);
        n++;
    }
    return n;
}

/* text as "# " comment lines of at most 78 columns. */
static void comment(FILE *out, const char *text)
{
    while (*text) {
        size_t n = strlen(text);
        if (n > 76) {
            n = 76;
            while (n > 0 && text[n] != ' ')
                n--;
            if (n == 0)
                n = strcspn(text, " ");
        }
        fprintf(out, "# %.*s\n", (int)n, text);
        text += n;
        while (*text == ' ')
            text++;
    }
}

/* "5 to 3600; default 60; also --idle-timeout" for d. */
static void describe(const struct opt_def *d, char *buf, size_t n)
{
    char range[160] = "";
    if (d->kind == OPT_LONG && (d->bits & OPT_QUARTER))
        snprintf(range, sizeof(range), "0, 90, 180 or 270; ");
    else if (d->kind == OPT_LONG)
        snprintf(range, sizeof(range), "%s%ld to %ld; ", (d->bits & OPT_ZERO) ? "0 or " : "",
                 d->min, d->max);
    else if (d->kind == OPT_FLAG)
        snprintf(range, sizeof(range), "yes or no; ");
    else if (d->kind == OPT_CHOICE) {
        choice_words(d->choices, range, sizeof(range) - 2);
        strcat(range, "; ");
    } else if (d->kind == OPT_PATH)
        snprintf(range, sizeof(range), "an absolute path or none; ");
    int repeat =
        d->kind == OPT_LIST || d->kind == OPT_HOURS || d->kind == OPT_OPEN || d->kind == OPT_CLOSED;
    snprintf(buf, n, "%s%s%s%s%s%s", range, repeat ? "repeatable; " : "", "default ", def_text(d),
             d->flag ? "; the flag " : "", d->flag ? d->flag : "");
}

void options_print_defaults(FILE *out)
{
    fprintf(out, "# /etc/vitrine/vitrine.conf - the kiosk's settings, read by `vitrine run` and\n"
                 "# `vitrine stats` (another file with --config FILE). Made by `vitrine config\n"
                 "# defaults`: every setting, commented out at an example value; uncomment\n"
                 "# what you need. One \"key = value\" a line; '#' starts a comment. A missing\n"
                 "# file or key keeps the default, and a command-line flag wins over its key.\n"
                 "# A bad line is named in the log (journalctl -u vitrine) and on the staff\n"
                 "# screen, and its setting keeps its default; `vitrine config check FILE`\n"
                 "# names each bad line.\n");
    for (size_t k = 0; k < N_DEFS; k++) {
        const struct opt_def *d = &defs[k];
        if (!d->key)
            continue;
        char about[256];
        describe(d, about, sizeof(about));
        fprintf(out, "\n");
        comment(out, d->help);
        comment(out, about);
        fprintf(out, "#%s = %s\n", d->key, d->example ? d->example : def_text(d));
    }
}

void options_log_problems(const struct options *o)
{
    int shown = 0;
    for (const char *p = o->problems; *p; shown++) {
        size_t n = strcspn(p, "\n");
        log_warn("settings", "%.*s", (int)n, p);
        p += n + (p[n] == '\n');
    }
    if (shown < o->n_problems)
        log_warn("settings", "%d more bad lines in %s: `vitrine config check %s` names them all",
                 o->n_problems - shown, o->config, o->config);
}
