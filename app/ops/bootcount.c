/* bootcount.c - see bootcount.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bootcount.h"

#define BOOT_TEXT_MAX 512

int boot_read(const char *state_dir, struct boot_count *b, char *why, size_t why_len)
{
    char path[GEN_PATH_MAX], text[BOOT_TEXT_MAX];
    memset(b, 0, sizeof(*b));
    if (snprintf(path, sizeof(path), "%s/" BOOT_FILE, state_dir) >= (int)sizeof(path)) {
        snprintf(why, why_len, "the state folder's path is too long");
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return 0;
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    ssize_t len = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (len < 0) {
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    text[len] = '\0';
    struct boot_count r;
    char gen[GEN_NAME_MAX];
    int ver = 0;
    long long first = 0;
    unsigned long long ran = 0;
    memset(&r, 0, sizeof(r));
    if (sscanf(text,
               "vitrine-boot %d\ngeneration %15s\ncrashes %d\nrunning %d\nfirst %lld\nran_ms "
               "%llu\n",
               &ver, gen, &r.crashes, &r.running, &first, &ran) != 6 ||
        ver != 1 || r.crashes < 0 || r.running < 0 || r.running > 1) {
        snprintf(why, why_len, "%s is damaged; the count of abnormal exits starts again", path);
        return -1;
    }
    snprintf(r.generation, sizeof(r.generation), "%s", strcmp(gen, "-") == 0 ? "" : gen);
    r.first_unix = first;
    r.ran_ms = ran;
    *b = r;
    return 0;
}

int boot_write(const struct fsio *io, const char *state_dir, const struct boot_count *b, char *why,
               size_t why_len)
{
    char text[BOOT_TEXT_MAX];
    int len = snprintf(text, sizeof(text),
                       "vitrine-boot 1\ngeneration %s\ncrashes %d\nrunning %d\nfirst %lld\nran_ms "
                       "%llu\n",
                       b->generation[0] ? b->generation : "-", b->crashes, b->running,
                       (long long)b->first_unix, (unsigned long long)b->ran_ms);
    int rc = gen_write_file(io, state_dir, BOOT_FILE, text, (size_t)len);
    if (rc < 0) {
        snprintf(why, why_len, "the count of abnormal exits cannot be written in %s: %s", state_dir,
                 gen_errno_words(-rc));
        return -1;
    }
    return 0;
}

int boot_start(struct boot_count *b, const char *gen, int64_t now_unix)
{
    if (strcmp(b->generation, gen) != 0) {
        memset(b, 0, sizeof(*b));
        snprintf(b->generation, sizeof(b->generation), "%s", gen);
    } else if (b->running) {
        if (b->ran_ms >= BOOT_WINDOW_MS) { /* it crashed after the window: a new one */
            b->crashes = 0;
            b->ran_ms = 0;
            b->first_unix = 0;
        }
        b->crashes++;
    }
    if (!b->first_unix)
        b->first_unix = now_unix;
    if (b->crashes >= BOOT_CRASHES) {
        b->running = 0;
        return 1;
    }
    b->running = 1;
    return 0;
}

int boot_ran(struct boot_count *b, uint64_t ms)
{
    if (!b->running)
        return 0;
    b->ran_ms += ms;
    if (b->ran_ms < BOOT_WINDOW_MS)
        return 0;
    boot_clean(b);
    return 1;
}

void boot_clean(struct boot_count *b)
{
    b->crashes = 0;
    b->running = 0;
    b->ran_ms = 0;
    b->first_unix = 0;
}
