/* main.c - `vitrine` and its subcommands: one table names each command,
 * its usage and the function that runs it (cli.h); main finds the entry,
 * reads the options and calls it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "cli.h"
#include "escape.h"
#include "log.h"

/* The project's version, from CMakeLists.txt's project() (a compile
 * definition of vitrine_cli). */
#ifndef VITRINE_VERSION
#define VITRINE_VERSION "(version unknown)"
#endif

/* `vitrine config check FILE`: each bad line on standard error, exit 1. */
static int config_check(const char *path)
{
    static struct options o; /* large; one per process */
    char why[64];
    options_parse(&o, CMD_RUN, 0, NULL, 0, why, sizeof(why));
    struct stat st; /* a missing file is fine for the kiosk, not here */
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    if (options_read_file(&o, path) != 0) {
        int shown = o.problems[0] != '\0';
        for (const char *p = o.problems; *p; p++)
            shown += *p == '\n';
        fprintf(stderr, "%s\n", o.problems);
        if (shown < o.n_problems)
            fprintf(stderr, "%s: %d more bad lines\n", path, o.n_problems - shown);
        return 1;
    }
    printf("%s: every line is good\n", path);
    return 0;
}

/* Adapters: every entry runs as fn(options, argv[0]). */
static int run_bench(const struct options *o, const char *argv0)
{
    return cmd_bench(o, argv0);
}
#define PLAIN(name, fn)                                                                            \
    static int name(const struct options *o, const char *argv0)                                    \
    {                                                                                              \
        (void)argv0;                                                                               \
        return fn;                                                                                 \
    }
PLAIN(run_run, cmd_run(o))
PLAIN(run_render, cmd_render(o))
PLAIN(run_build, cmd_bundle(o))
PLAIN(run_verify, cmd_bundle_verify(o))
PLAIN(run_inspect, cmd_bundle_inspect(o))
PLAIN(run_import, cmd_import(o))
PLAIN(run_rollback, cmd_rollback(o))
PLAIN(run_staff_pin, cmd_staff_pin(o))
PLAIN(run_export, cmd_stats(o, "export"))
PLAIN(run_summary, cmd_stats(o, "summary"))
PLAIN(run_preview, cmd_preview(o))
PLAIN(run_soak, cmd_soak(o))

/* A command: its name and subcommand (NULL: none), the options it reads,
 * whether it takes positional arguments, its usage line (`COMMAND --help`),
 * its arguments and what it does (the list of `vitrine --help`), and its
 * function. */
struct command_entry {
    const char *name, *sub;
    enum command options;
    int positional;
    const char *usage, *args, *summary;
    int (*run)(const struct options *o, const char *argv0);
};

static const struct command_entry commands[] = {
    {"run", NULL, CMD_RUN, 0,
     "vitrine [run] [--content FILE] [--windowed] [--size WxH] [--frames N]", "[options]",
     "show the exhibit full screen, looping", run_run},
    {"render", NULL, CMD_RENDER, 0,
     "vitrine render [--content FILE] [--size WxH] [--locale L] [--script FILE] --out DIR",
     "[options] --out DIR", "write one PNG per panel and a contact sheet", run_render},
    {"bundle", "build", CMD_BUNDLE, 1, "vitrine bundle build SRC_DIR -o FILE", "SRC_DIR -o FILE",
     "compile an exhibit into a content store", run_build},
    {"bundle", "verify", CMD_BUNDLE, 1, "vitrine bundle verify FILE [--keys DIR]", "FILE",
     "check a bundle's signature against --keys", run_verify},
    {"bundle", "inspect", CMD_BUNDLE, 1, "vitrine bundle inspect FILE [--keys DIR]", "FILE",
     "what a bundle holds, and its problems", run_inspect},
    {"import", NULL, CMD_IMPORT, 1,
     "vitrine import FILE [--state-dir DIR] [--keys DIR] [--size WxH]", "FILE",
     "load a signed bundle into the kiosk", run_import},
    {"rollback", NULL, CMD_ROLLBACK, 0, "vitrine rollback [--state-dir DIR]", "",
     "go back to the previous exhibit", run_rollback},
    {"staff-pin", NULL, CMD_STAFF_PIN, 0, "vitrine staff-pin   (reads the PIN on standard input)",
     "", "hash a staff PIN (read on stdin) for the settings", run_staff_pin},
    {"stats", "export", CMD_STATS, 0,
     "vitrine stats export [--since YYYY-MM-DD] -o FILE.csv [--state-dir DIR]", "-o FILE.csv",
     "visitor statistics as CSV ([--since DATE])", run_export},
    {"stats", "summary", CMD_STATS, 0, "vitrine stats summary [--state-dir DIR]", "",
     "most viewed panels, sessions per day, median", run_summary},
    {"bench", NULL, CMD_BENCH, 0,
     "vitrine bench [--content FILE] [--size WxH] [--runs N] [--loop SECONDS]", "[options]",
     "measure start-up, frame cost and idle wake-ups", run_bench},
    {"preview", NULL, CMD_PREVIEW, 1,
     "vitrine preview SRC_DIR [--size WxH] [--locale L] [--panel N] [--shot FILE]",
     "SRC_DIR [options]", "a window that rebuilds SRC_DIR on every save", run_preview},
    {"soak", NULL, CMD_SOAK, 0,
     "vitrine soak [--days N] [--import FILE --inbox DIR] [--config FILE] [--state-dir DIR]",
     "[options]", "days of the kiosk in simulated time (leaks, fds)", run_soak},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* The commands main() answers before the table (they read no options):
 * listed by usage() and the man page. */
static const struct {
    const char *line, *summary;
} config_commands[] = {
    {"vitrine config check FILE", "name each bad line of a settings file"},
    {"vitrine config defaults", "print every setting, commented"},
};
#define N_CONFIG_COMMANDS (sizeof config_commands / sizeof config_commands[0])

/* "vitrine bundle build SRC_DIR -o FILE": c's line in the list. */
static void command_line(const struct command_entry *c, char *buf, size_t len)
{
    snprintf(buf, len, "vitrine %s%s%s %s", c->name, c->sub ? " " : "", c->sub ? c->sub : "",
             c->args);
}

static void usage(void)
{
    for (size_t i = 0; i < N_COMMANDS; i++) {
        char head[80];
        command_line(&commands[i], head, sizeof head);
        printf("%s %-37s %s\n", i ? "      " : "usage:", head, commands[i].summary);
    }
    for (size_t i = 0; i < N_CONFIG_COMMANDS; i++)
        printf("       %-37s %s\n", config_commands[i].line, config_commands[i].summary);
    printf("       %-37s %s\n", "vitrine COMMAND --help", "the options of a command");
}

/* `vitrine help --man`: the manual page vitrine(1), in man(7) roff, from
 * the command table above and the option table (options.c), so a new
 * command or flag is in the page without editing it. The build writes it
 * (CMakeLists.txt); it has no date, so the package stays the same bytes. */
static void man_page(FILE *out)
{
    fputs(".\\\" vitrine(1), written by `vitrine help --man` from the command and option\n"
          ".\\\" tables (app/cli/main.c, app/ops/options.c). Do not edit.\n"
          ".TH VITRINE 1 \"\" \"vitrine " VITRINE_VERSION "\" \"User Commands\"\n"
          ".nh\n"
          ".SH NAME\n"
          "vitrine \\- museum touchscreen kiosk\n"
          ".SH SYNOPSIS\n",
          out);
    for (size_t i = 0; i < N_COMMANDS; i++) {
        char head[80];
        command_line(&commands[i], head, sizeof head);
        fputs(i ? ".br\n" : "", out);
        options_roff(out, head);
        fputs("\n", out);
    }
    for (size_t i = 0; i < N_CONFIG_COMMANDS; i++) {
        fputs(".br\n", out);
        options_roff(out, config_commands[i].line);
        fputs("\n", out);
    }
    fputs(".br\n"
          "vitrine COMMAND \\-\\-help\n"
          ".SH DESCRIPTION\n"
          "\\fBvitrine\\fR shows an exhibit of story panels, statistics and quotes on a\n"
          "touchscreen, full screen and unattended: it loops through the panels\n"
          "between visitors and lets a visitor browse them by touch. The exhibit is a\n"
          "signed content store that staff load from a USB stick or with\n"
          "\\fBvitrine import\\fR; an exhibit built into the program is shown when there\n"
          "is none, or when the one loaded cannot be shown.\n"
          ".PP\n"
          "Without a command, \\fBvitrine\\fR runs the kiosk (\\fBvitrine run\\fR).\n"
          "\\fBvitrine COMMAND \\-\\-help\\fR lists a command\\(aqs options.\n"
          "Settings are read from\n" OPTIONS_CONFIG
          " by \\fBvitrine run\\fR and \\fBvitrine stats\\fR;\n"
          "a flag wins over its key there.\n"
          ".SH COMMANDS\n",
          out);
    for (size_t i = 0; i < N_COMMANDS; i++) {
        const struct command_entry *c = &commands[i];
        fprintf(out, ".SS \"vitrine %s%s%s\"\n", c->name, c->sub ? " " : "", c->sub ? c->sub : "");
        options_roff(out, c->summary);
        fputs(".\n.PP\nUsage: ", out);
        options_roff(out, c->usage);
        fputs("\n", out);
        if (options_man(c->options, out) == 0)
            fputs(".PP\nNo options.\n", out);
    }
    for (size_t i = 0; i < N_CONFIG_COMMANDS; i++) {
        fputs(".SS \"", out);
        options_roff(out, config_commands[i].line);
        fputs("\"\n", out);
        options_roff(out, config_commands[i].summary);
        fputs(".\n", out);
    }
    fputs(".SH EXIT STATUS\n"
          "0 success, 1 failure (the reason on standard error), 2 bad usage;\n"
          "\\fBvitrine import\\fR exits 3 when the bundle is already loaded.\n"
          ".SH ENVIRONMENT\n"
          ".TP\n"
          ".B VITRINE_ASSETS_DIR\n"
          "the folder of the last\\-resort font (fonts/DejaVuSans.ttf), instead of the\n"
          "installed one.\n"
          ".TP\n"
          ".B SOURCE_DATE_EPOCH\n"
          "\\fBvitrine bundle build\\fR stamps the store with this time (seconds since\n"
          "1970) instead of the time now, so a build can be repeated byte for byte.\n"
          ".SH FILES\n"
          ".TP\n" OPTIONS_CONFIG "\n"
          "the settings; \\fBvitrine config defaults\\fR prints every one, and the\n"
          "package installs them, commented, as " OPTIONS_CONFIG ".example.\n"
          ".TP\n" OPTIONS_KEYS_DIR "\n"
          "the museum\\(aqs trusted minisign public keys, one .pub file each.\n"
          ".TP\n" OPTIONS_STATE_DIR "\n"
          "the kiosk\\(aqs imported exhibits and visitor statistics.\n"
          ".TP\n"
          "/usr/lib/udev/rules.d/90\\-vitrine\\-usb.rules\n"
          "mounts USB sticks under /media for the kiosk.\n"
          ".TP\n"
          "/usr/share/doc/vitrine/\n"
          "README.md, the guides in docs/, and the authoring guide content/README.md.\n"
          ".SH SEE ALSO\n"
          ".BR minisign (1),\n"
          ".BR systemd\\-mount (1),\n"
          ".BR udev (7),\n"
          ".BR fc\\-list (1)\n",
          out);
}

/* The usage lines of name's subcommands, for a missing or unknown one. */
static int sub_usage(const char *name)
{
    const char *lead = "vitrine: usage:";
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0) {
            fprintf(stderr, "%s %s\n", lead, commands[i].usage);
            lead = "              ";
        }
    return 2;
}

/* The entry argv names, and where its options begin; NULL after saying
 * what is wrong (*status set). */
static const struct command_entry *find(int argc, char **argv, int *first, int *status)
{
    *first = 1;
    if (argc < 2 || argv[1][0] == '-')
        return &commands[0]; /* `vitrine [options]`: run */
    const char *name = argv[1];
    int known = 0;
    for (size_t i = 0; i < N_COMMANDS; i++) {
        const struct command_entry *c = &commands[i];
        if (strcmp(c->name, name) != 0)
            continue;
        known = 1;
        if (!c->sub) {
            *first = 2;
            return c;
        }
        if (argc >= 3 && strcmp(c->sub, argv[2]) == 0) {
            *first = 3;
            return c;
        }
    }
    if (known) {
        *status = sub_usage(name);
        return NULL;
    }
    fprintf(stderr, "vitrine: unknown command \"%s\"\n", name);
    usage();
    *status = 2;
    return NULL;
}

/* The dynamic loader's work ends here: the executable's preinit functions
 * run after every library is mapped and relocated, before any library's
 * own initialiser (start-up's stages, clock.h). */
static void loaded(void)
{
    clock_stage(CLOCK_STAGE_LOADED);
}
__attribute__((section(".preinit_array"), used)) static void (*const at_preinit)(void) = loaded;

int main(int argc, char **argv)
{
    clock_stage(CLOCK_STAGE_MAIN);
    /* every string a command prints may come from a bundle (a title, a
     * signer's comment, a reason quoting a file name): none reaches the
     * terminal or the journal with its control characters (escape.h) */
    if (escape_stdio() != 0)
        fprintf(stderr, "vitrine: standard output is written unescaped\n");
    if (argc == 3 && strcmp(argv[1], "help") == 0 && strcmp(argv[2], "--man") == 0) {
        man_page(stdout);
        return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
    }
    if (argc > 1 && strcmp(argv[1], "config") == 0) {
        if (argc >= 3 && strcmp(argv[2], "defaults") == 0) {
            options_print_defaults(stdout);
            return 0;
        }
        if (argc == 4 && strcmp(argv[2], "check") == 0)
            return config_check(argv[3]);
        fprintf(stderr, "vitrine: usage: vitrine config check FILE\n"
                        "       vitrine config defaults\n");
        return 2;
    }
    int first, status = 2;
    const struct command_entry *c = find(argc, argv, &first, &status);
    if (!c)
        return status;
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            if (first == 1)
                usage();
            options_help(c->options, c->usage);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("vitrine %s\n", VITRINE_VERSION);
            return 0;
        }
    }
    static struct options o; /* large; one per process */
    char why[256];
    if (options_parse(&o, c->options, argc, argv, first, why, sizeof(why)) != 0) {
        fprintf(stderr, "vitrine %s: %s\n", c->name, why);
        return 2;
    }
    if (o.verbose)
        log_set_level(LOG_DEBUG);
    /* the settings file, under the flags; the kiosk reports its problems
     * itself (the log and the staff screen) */
    int runs_loop = c->options == CMD_RUN || c->options == CMD_SOAK;
    if ((runs_loop || c->options == CMD_STATS) && options_read_file(&o, o.config) && !runs_loop)
        options_log_problems(&o);
    if (!c->positional && o.n_positional) {
        fprintf(stderr, "vitrine %s: unexpected argument \"%s\"\n", c->name, o.positional[0]);
        return 2;
    }
    return c->run(&o, argv[0]);
}
