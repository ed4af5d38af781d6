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
                problem = "unknown setting";
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
