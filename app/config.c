/* config.c - see config.h. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
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
