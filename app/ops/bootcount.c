/* bootcount.c - see bootcount.h. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bootcount.h"

#define BOOT_TEXT_MAX 512

/* The lines version 2 adds: attempt, attempt_ms and crashes figures of
 * crashed_s. 1 when they read so. */
static int parse_v2(const char *text, int crashes, long long *attempt,
                    unsigned long long *attempt_ms, uint32_t crashed_s[BOOT_CRASHES])
{
    int used = 0;
    if (sscanf(text, "attempt %lld\nattempt_ms %llu\ncrashed_s%n", attempt, attempt_ms, &used) !=
            2 ||
        !used)
        return 0;
    const char *p = text + used;
    for (int i = 0; i < crashes; i++) {
        char *end;
        if (*p != ' ')
            return 0;
        unsigned long v = strtoul(p + 1, &end, 10);
        if (end == p + 1 || v > UINT32_MAX)
            return 0;
        crashed_s[i] = (uint32_t)v;
        p = end;
    }
    return *p == '\n';
}

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
    int ver = 0, used = 0;
    long long first = 0, attempt = 0;
    unsigned long long ran = 0, attempt_ms = 0;
    memset(&r, 0, sizeof(r));
    if (sscanf(text,
               "vitrine-boot %d\ngeneration %15s\ncrashes %d\nrunning %d\nfirst %lld\nran_ms "
               "%llu\n%n",
               &ver, gen, &r.crashes, &r.running, &first, &ran, &used) != 6 ||
        (ver != 1 && ver != 2) || r.crashes < 0 || r.crashes > BOOT_CRASHES || r.running < 0 ||
        r.running > 1 ||
        (ver == 2 && !parse_v2(text + used, r.crashes, &attempt, &attempt_ms, r.crashed_s))) {
        snprintf(why, why_len, "%s is damaged; the count of abnormal exits starts again", path);
        return -1;
    }
    snprintf(r.generation, sizeof(r.generation), "%s", strcmp(gen, "-") == 0 ? "" : gen);
    r.first_unix = first;
    r.ran_ms = ran;
    r.attempt_unix = attempt;
    r.attempt_ms = attempt_ms;
    *b = r;
    if (r.running)
        boot_read_alive(state_dir, b);
    return 0;
}

void boot_read_alive(const char *state_dir, struct boot_count *b)
{
    char path[GEN_PATH_MAX], text[BOOT_TEXT_MAX], gen[GEN_NAME_MAX];
    if (snprintf(path, sizeof(path), "%s/" BOOT_ALIVE_FILE, state_dir) >= (int)sizeof(path))
        return;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t len = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (len <= 0)
        return;
    text[len] = '\0';
    long long attempt = 0;
    unsigned long long ms = 0;
    int ver = 0;
    if (sscanf(text, "vitrine-alive %d\ngeneration %15s\nattempt %lld\nran_ms %llu\n", &ver, gen,
               &attempt, &ms) == 4 &&
        ver == 1)
        boot_alive(b, gen, attempt, ms);
}

void boot_alive(struct boot_count *b, const char *gen, int64_t attempt_unix, uint64_t attempt_ms)
{
    if (!b->running || strcmp(b->generation, gen) != 0 || b->attempt_unix != attempt_unix ||
        attempt_ms <= b->attempt_ms)
        return;
    b->ran_ms += attempt_ms - b->attempt_ms;
    b->attempt_ms = attempt_ms;
}

int boot_write_alive(const struct fsio *io, const char *state_dir, const struct boot_count *b,
                     uint64_t attempt_ms)
{
    char path[GEN_PATH_MAX], text[BOOT_TEXT_MAX];
    if (snprintf(path, sizeof(path), "%s/" BOOT_ALIVE_FILE, state_dir) >= (int)sizeof(path))
        return -1;
    /* the same length every time (the figures padded), so writing over
     * the last one in place leaves no tail of it */
    int len = snprintf(text, sizeof(text),
                       "vitrine-alive 1\ngeneration %-15s\nattempt %20lld\nran_ms %20llu\n",
                       b->generation, (long long)b->attempt_unix, (unsigned long long)attempt_ms);
    int fd = io->open(io->ctx, path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0640);
    if (fd < 0)
        return -1;
    long w = io->write(io->ctx, fd, text, (size_t)len);
    io->close(io->ctx, fd);
    return w == len ? 0 : -1;
}

static void duration(uint32_t s, char *out, size_t out_len)
{
    if (s < 60)
        snprintf(out, out_len, "%u s", s);
    else
        snprintf(out, out_len, "%u min %02u s", s / 60u, s % 60u);
}

void boot_crash_times(const struct boot_count *b, char *out, size_t out_len)
{
    size_t at = 0;
    int n = b->crashes < BOOT_CRASHES ? b->crashes : BOOT_CRASHES;
    if (out_len)
        out[0] = '\0';
    for (int i = 0; i < n && at < out_len; i++) {
        char d[32];
        duration(b->crashed_s[i], d, sizeof(d));
        int w = snprintf(out + at, out_len - at, "%s%s",
                         i == 0       ? ""
                         : i == n - 1 ? " and "
                                      : ", ",
                         d);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

int boot_write(const struct fsio *io, const char *state_dir, const struct boot_count *b, char *why,
               size_t why_len)
{
    char text[BOOT_TEXT_MAX];
    int len = snprintf(text, sizeof(text),
                       "vitrine-boot 2\ngeneration %s\ncrashes %d\nrunning %d\nfirst %lld\nran_ms "
                       "%llu\nattempt %lld\nattempt_ms %llu\ncrashed_s",
                       b->generation[0] ? b->generation : "-", b->crashes, b->running,
                       (long long)b->first_unix, (unsigned long long)b->ran_ms,
                       (long long)b->attempt_unix, (unsigned long long)b->attempt_ms);
    for (int i = 0; i < b->crashes && i < BOOT_CRASHES; i++)
        len += snprintf(text + len, sizeof(text) - (size_t)len, " %u", b->crashed_s[i]);
    len += snprintf(text + len, sizeof(text) - (size_t)len, "\n");
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
        if (b->crashes < BOOT_CRASHES) {
            uint64_t s = b->attempt_ms / 1000u;
            b->crashed_s[b->crashes] = s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
        }
        b->crashes++;
    }
    if (!b->first_unix)
        b->first_unix = now_unix;
    b->attempt_unix = now_unix;
    b->attempt_ms = 0;
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
    b->attempt_ms += ms;
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
    b->attempt_unix = 0;
    b->attempt_ms = 0;
    memset(b->crashed_s, 0, sizeof(b->crashed_s));
}
