/* main.c - `vitrine` and its subcommands. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin.h"
#include "cli.h"
#include "log.h"

const struct cli_size cli_sizes[CLI_N_SIZES] = {
    {1920, 1080}, {1080, 1920}, {3840, 2160}, {1280, 800},  {800, 480},
    {1024, 768},  {768, 1024},  {1366, 768},  {2560, 1440},
};

struct store *cli_open_content(const char *path, char *notice, size_t notice_len)
{
    char why[512];
    struct store *s = NULL;
    notice[0] = '\0';
    if (path) {
        if (store_open_file(path, &s, why, sizeof(why)) == 0)
            return s;
        log_error("content", "%s Showing the built-in exhibit instead.", why);
        snprintf(notice, notice_len, "Content not loaded: %s Showing the built-in exhibit.", why);
    }
    if (builtin_exhibit_size == 0) {
        log_error("content", "this build has no built-in exhibit");
        return NULL;
    }
    if (store_open_memory(builtin_exhibit, builtin_exhibit_size, "the built-in exhibit", &s, why,
                          sizeof(why)) != 0) {
        log_error("content", "%s", why);
        return NULL;
    }
    return s;
}

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

static void usage(void)
{
    printf(
        "usage: vitrine [run] [options]          show the exhibit full screen, looping\n"
        "       vitrine render [options] --out DIR  write one PNG per panel and a contact sheet\n"
        "       vitrine bundle build SRC_DIR -o FILE  compile an exhibit into a content store\n"
        "       vitrine bundle verify FILE       check a bundle's signature against --keys\n"
        "       vitrine bundle inspect FILE      what a bundle holds, and its problems\n"
        "       vitrine import FILE              load a signed bundle into the kiosk\n"
        "       vitrine rollback                 go back to the previous exhibit\n"
        "       vitrine staff-pin                hash a staff PIN (read on stdin) for the "
        "settings\n"
        "       vitrine stats export -o FILE.csv  visitor statistics as CSV ([--since DATE])\n"
        "       vitrine stats summary            most viewed panels, sessions per day, median\n"
        "       vitrine config check FILE        name each bad line of a settings file\n"
        "       vitrine config defaults          print every setting, commented\n"
        "       vitrine bench [options]          measure start-up, frame cost and idle wake-ups\n"
        "       vitrine preview SRC_DIR [options]  a window that rebuilds SRC_DIR on every save\n"
        "       vitrine soak [options]           days of the kiosk in simulated time (leaks, fds)\n"
        "       vitrine COMMAND --help           the options of a command\n");
}

int main(int argc, char **argv)
{
    enum command cmd = CMD_RUN;
    int first = 1;
    const char *name = "run";
    const char *sub = "build";
    if (argc > 1 && argv[1][0] != '-') {
        name = argv[1];
        first = 2;
        if (strcmp(name, "run") == 0)
            cmd = CMD_RUN;
        else if (strcmp(name, "render") == 0)
            cmd = CMD_RENDER;
        else if (strcmp(name, "bench") == 0)
            cmd = CMD_BENCH;
        else if (strcmp(name, "preview") == 0)
            cmd = CMD_PREVIEW;
        else if (strcmp(name, "import") == 0)
            cmd = CMD_IMPORT;
        else if (strcmp(name, "rollback") == 0)
            cmd = CMD_ROLLBACK;
        else if (strcmp(name, "staff-pin") == 0)
            cmd = CMD_STAFF_PIN;
        else if (strcmp(name, "soak") == 0)
            cmd = CMD_SOAK;
        else if (strcmp(name, "config") == 0) {
            if (argc >= 3 && strcmp(argv[2], "defaults") == 0) {
                options_print_defaults(stdout);
                return 0;
            }
            if (argc == 4 && strcmp(argv[2], "check") == 0)
                return config_check(argv[3]);
            fprintf(stderr, "vitrine: usage: vitrine config check FILE\n"
                            "       vitrine config defaults\n");
            return 2;
        } else if (strcmp(name, "stats") == 0) {
            cmd = CMD_STATS;
            if (argc < 3 || (strcmp(argv[2], "export") != 0 && strcmp(argv[2], "summary") != 0 &&
                             strcmp(argv[2], "demo") != 0)) {
                fprintf(stderr, "vitrine: usage: vitrine stats export [--since YYYY-MM-DD] -o "
                                "FILE.csv [--state-dir DIR]\n"
                                "       vitrine stats summary [--state-dir DIR]\n");
                return 2;
            }
            sub = argv[2];
            first = 3;
        } else if (strcmp(name, "bundle") == 0) {
            cmd = CMD_BUNDLE;
            if (argc < 3 || (strcmp(argv[2], "build") != 0 && strcmp(argv[2], "verify") != 0 &&
                             strcmp(argv[2], "inspect") != 0)) {
                fprintf(stderr, "vitrine: usage: vitrine bundle build SRC_DIR -o FILE\n"
                                "       vitrine bundle verify FILE [--keys DIR]\n"
                                "       vitrine bundle inspect FILE [--keys DIR]\n");
                return 2;
            }
            sub = argv[2];
            first = 3;
        } else {
            fprintf(stderr, "vitrine: unknown command \"%s\"\n", name);
            usage();
            return 2;
        }
    }
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            if (cmd == CMD_RUN && first == 1)
                usage();
            static const char *const usages[] = {
                "vitrine [run] [--content FILE] [--windowed] [--size WxH] [--frames N]",
                "vitrine render [--content FILE] [--size WxH] [--locale L] [--script FILE] --out "
                "DIR",
                "vitrine bundle build SRC_DIR -o FILE",
                "vitrine bench [--content FILE] [--size WxH] [--runs N]",
                "vitrine preview SRC_DIR [--size WxH] [--locale L] [--panel N] [--shot FILE]",
                "vitrine import FILE [--state-dir DIR] [--keys DIR] [--size WxH]",
                "vitrine rollback [--state-dir DIR]",
                "vitrine bundle verify|inspect FILE [--keys DIR]",
                "vitrine staff-pin   (reads the PIN on standard input)",
                "vitrine stats export|summary [--since YYYY-MM-DD] [-o FILE.csv] [--state-dir DIR]",
                "vitrine soak [--days N] [--import FILE --inbox DIR] [--config FILE] [--state-dir "
                "DIR]"};
            int k = cmd == CMD_RUN        ? 0
                    : cmd == CMD_RENDER   ? 1
                    : cmd == CMD_BUNDLE   ? (strcmp(sub, "build") == 0 ? 2 : 7)
                    : cmd == CMD_BENCH    ? 3
                    : cmd == CMD_PREVIEW  ? 4
                    : cmd == CMD_IMPORT   ? 5
                    : cmd == CMD_ROLLBACK ? 6
                    : cmd == CMD_STATS    ? 9
                    : cmd == CMD_SOAK     ? 10
                                          : 8;
            options_help(cmd, usages[k]);
            return 0;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("vitrine 0.1.0\n");
            return 0;
        }
    }
    static struct options o; /* large; one per process */
    char why[256];
    if (options_parse(&o, cmd, argc, argv, first, why, sizeof(why)) != 0) {
        fprintf(stderr, "vitrine %s: %s\n", name, why);
        return 2;
    }
    if (o.verbose)
        log_set_level(LOG_DEBUG);
    /* the settings file, under the flags; the kiosk reports its problems
     * itself (the log and the staff screen) */
    int runs_loop = cmd == CMD_RUN || cmd == CMD_SOAK;
    if ((runs_loop || cmd == CMD_STATS) && options_read_file(&o, o.config) && !runs_loop)
        options_log_problems(&o);
    if (cmd != CMD_BUNDLE && cmd != CMD_PREVIEW && cmd != CMD_IMPORT && o.n_positional) {
        fprintf(stderr, "vitrine %s: unexpected argument \"%s\"\n", name, o.positional[0]);
        return 2;
    }
    switch (cmd) {
    case CMD_RUN:
        return cmd_run(&o);
    case CMD_RENDER:
        return cmd_render(&o);
    case CMD_BUNDLE:
        return strcmp(sub, "verify") == 0    ? cmd_bundle_verify(&o)
               : strcmp(sub, "inspect") == 0 ? cmd_bundle_inspect(&o)
                                             : cmd_bundle(&o);
    case CMD_IMPORT:
        return cmd_import(&o);
    case CMD_ROLLBACK:
        return cmd_rollback(&o);
    case CMD_STAFF_PIN:
        return cmd_staff_pin(&o);
    case CMD_STATS:
        return cmd_stats(&o, sub);
    case CMD_BENCH:
        return cmd_bench(&o, argv[0]);
    case CMD_PREVIEW:
        return cmd_preview(&o);
    case CMD_SOAK:
        return cmd_soak(&o);
    }
    return 2;
}
