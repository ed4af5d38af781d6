/* cli_content.c - what several commands share: the content to show (the
 * built-in exhibit as the fallback) and the screen sizes every panel must
 * read well at (see cli.h). */
#include <stdio.h>

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
