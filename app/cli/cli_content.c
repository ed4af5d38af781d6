/* cli_content.c - what several commands share: the content to show (the
 * built-in exhibit as the fallback) and the screen sizes every panel must
 * read well at, and the refusal to write the service's state folder as
 * root (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <pwd.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

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

int cli_refuse_root(const struct options *o, const char *command, const char *args)
{
    struct stat st;
    if (geteuid() != 0 || !o->state_dir || stat(o->state_dir, &st) != 0 || st.st_uid == 0)
        return 0;
    struct passwd pwd, *pw = NULL;
    char pwbuf[1024], owner[64];
    if (getpwuid_r(st.st_uid, &pwd, pwbuf, sizeof(pwbuf), &pw) != 0)
        pw = NULL;
    if (pw)
        snprintf(owner, sizeof(owner), "%s", pw->pw_name);
    else
        snprintf(owner, sizeof(owner), "#%u", (unsigned)st.st_uid);
    fprintf(stderr,
            "vitrine %s: not run as root: the state folder %s belongs to the user %s, and what "
            "this would write there would belong to root, which the kiosk service (running as "
            "%s) could not change. Run it as that user:\n  sudo -u %s vitrine %s%s%s\n",
            command, o->state_dir, owner, owner, owner, command, args && *args ? " " : "",
            args ? args : "");
    log_error(command, "refused to run as root on %s (it belongs to %s)", o->state_dir, owner);
    return 1;
}
