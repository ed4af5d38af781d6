/* config.c - see config.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* yes/no and their usual spellings; -1 for anything else. */
static int yes_no(const char *v)
{
    static const char *const yes[] = {"yes", "true", "on", "1"}, *const no[] = {"no", "false",
                                                                             "off", "0"};
    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
        if (strcmp(v, yes[i]) == 0)
            return 1;
        if (strcmp(v, no[i]) == 0)
            return 0;
    }
    return -1;
}

/* Every setting, its default and what it does: what `vitrine config
 * defaults` prints, and the names an unknown key is compared with. */
static const struct {
    const char *key, *example, *help;
} settings[] = {
    {"staff_pin_hash", "", "the staff PIN's salted hash, made by `echo PIN | vitrine staff-pin`; "
                           "none: the staff screen is off"},
    {"reduced_motion", "no", "yes: no count-up, no sliding, short crossfades"},
    {"loop_languages", "default", "alternate: the loop shows the exhibit's next language each "
                                  "time round"},
    {"hours", "mon-sun 00:00-24:00", "opening hours, repeatable (e.g. mon-fri 09:00-17:00, sat "
                                     "10:00-18:00, sun closed); none: always open"},
    {"closed", "2026-12-25", "a date the kiosk stays closed (repeatable)"},
    {"open", "2026-12-24 10:00-14:00", "a date with its own hours (repeatable)"},
    {"screen_off_command", "vcgencmd display_power 0", "run when the kiosk closes"},
    {"screen_on_command", "vcgencmd display_power 1", "run when it opens again"},
    {"wake_minutes", "0", "a touch on a closed kiosk shows the exhibit this long (0 to 120)"},
    {"health_file", "/var/lib/prometheus/node-exporter/vitrine.prom",
     "the kiosk's health for node_exporter's textfile collector; none: not written"},
    {"inbox", "/srv/vitrine-inbox", "a folder a sync tool drops bundles into, in inbox/vitrine/; "
                                    "none: no inbox"},
};

void config_print_defaults(FILE *out)
{
    fprintf(out, "# vitrine settings: /etc/vitrine/vitrine.conf (or --config FILE).\n"
                 "# \"key = value\" lines; '#' starts a comment; a missing file or key\n"
                 "# keeps the default. `vitrine config check FILE` names each bad line.\n");
    for (size_t i = 0; i < sizeof(settings) / sizeof(settings[0]); i++)
        fprintf(out, "\n# %s\n#%s = %s\n", settings[i].help, settings[i].key,
                settings[i].example);
}

/* The setting whose name is nearest to key (one edit), for "did you mean". */
static const char *nearest(const char *key)
{
    for (size_t i = 0; i < sizeof(settings) / sizeof(settings[0]); i++) {
        const char *a = key, *b = settings[i].key;
        size_t la = strlen(a), lb = strlen(b), p = 0;
        while (p < la && p < lb && a[p] == b[p])
            p++;
        size_t sa = la, sb = lb;
        while (sa > p && sb > p && a[sa - 1] == b[sb - 1])
            sa--, sb--;
        if (sa - p <= 1 && sb - p <= 1)
            return b;
    }
    return NULL;
}

int config_load(const char *path, struct config *cfg, char *why, size_t why_len)
{
    memset(cfg, 0, sizeof(*cfg));
    why[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_len, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    int lineno = 0, bad = 0;
    size_t used = 0;
    while (fgets(line, sizeof(line), f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = trim(line);
        if (!*s)
            continue;
        char *eq = strchr(s, '=');
        const char *problem = NULL;
        char msg[256];
        if (!eq) {
            problem = "expected \"key = value\"";
        } else {
            *eq = '\0';
            char *key = trim(s), *val = trim(eq + 1);
            if (strcmp(key, "staff_pin_hash") == 0) {
                if (strlen(val) >= sizeof(cfg->staff_pin_hash) ||
                    strncmp(val, "$argon2", 7) != 0)
                    problem = "staff_pin_hash is not a hash made by `vitrine staff-pin`";
                else
                    snprintf(cfg->staff_pin_hash, sizeof(cfg->staff_pin_hash), "%s", val);
            } else if (strcmp(key, "reduced_motion") == 0) {
                int v = yes_no(val);
                if (v < 0)
                    problem = "reduced_motion wants yes or no; using no";
                else
                    cfg->reduced_motion = v;
            } else if (strcmp(key, "loop_languages") == 0) {
                if (strcmp(val, "alternate") == 0)
                    cfg->loop_alternate = 1;
                else if (strcmp(val, "default") == 0)
                    cfg->loop_alternate = 0;
                else
                    problem = "loop_languages wants default or alternate; using default";
            } else if (strcmp(key, "hours") == 0 || strcmp(key, "open") == 0 ||
                       strcmp(key, "closed") == 0) {
                int rc = strcmp(key, "hours") == 0
                             ? hours_parse_week(&cfg->hours, val, msg, sizeof(msg))
                             : hours_parse_exception(&cfg->hours, val, key[0] == 'o', msg,
                                                     sizeof(msg));
                if (rc != 0)
                    problem = msg;
            } else if (strcmp(key, "screen_off_command") == 0 ||
                       strcmp(key, "screen_on_command") == 0) {
                char *dst = strcmp(key, "screen_off_command") == 0 ? cfg->screen_off : cfg->screen_on;
                if (strlen(val) >= sizeof(cfg->screen_off))
                    problem = "the command is too long";
                else
                    snprintf(dst, sizeof(cfg->screen_off), "%s", val);
            } else if (strcmp(key, "wake_minutes") == 0) {
                char *end;
                long v = strtol(val, &end, 10);
                if (*end || end == val || v < 0 || v > 120)
                    problem = "wake_minutes wants a number of minutes from 0 to 120; using 0";
                else
                    cfg->wake_minutes = (int)v;
            } else if (strcmp(key, "health_file") == 0 || strcmp(key, "inbox") == 0) {
                char *dst = key[0] == 'h' ? cfg->health_file : cfg->inbox;
                if (val[0] != '/' || strlen(val) >= CONFIG_PATH_MAX)
                    problem = key[0] == 'h' ? "health_file wants an absolute path"
                                            : "inbox wants an absolute path";
                else
                    snprintf(dst, CONFIG_PATH_MAX, "%s", val);
            } else {
                const char *near = nearest(key);
                if (near)
                    snprintf(msg, sizeof(msg), "unknown setting \"%.60s\" (did you mean %s?)",
                             key, near);
                else
                    snprintf(msg, sizeof(msg), "unknown setting \"%.60s\"", key);
                problem = msg;
            }
        }
        if (problem) {
            bad = 1;
            if (used < why_len) {
                int n = snprintf(why + used, why_len - used, "%s%s:%d: %s", used ? "\n" : "",
                                 path, lineno, problem);
                used = n < 0 ? why_len : used + (size_t)n;
            }
        }
    }
    fclose(f);
    return bad ? -1 : 0;
}
