#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static enum log_level max_level = LOG_INFO;
static int quiet;
static struct {
    log_subscriber fn;
    void *ctx;
} subs[4];

static const char *const level_names[] = {"error", "warning", "info", "debug"};

void log_set_level(enum log_level level)
{
    max_level = level;
}
enum log_level log_get_level(void)
{
    return max_level;
}
void log_set_quiet(int q)
{
    quiet = q;
}

int log_subscribe(log_subscriber fn, void *ctx)
{
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
        if (!subs[i].fn) {
            subs[i].fn = fn;
            subs[i].ctx = ctx;
            return 0;
        }
    }
    return -1;
}

void log_unsubscribe(log_subscriber fn, void *ctx)
{
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
        if (subs[i].fn == fn && subs[i].ctx == ctx)
            subs[i].fn = NULL;
}

void log_msg(enum log_level level, const char *tag, const char *fmt, ...)
{
    if (level > max_level)
        return;
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    if (!quiet)
        fprintf(stderr, "vitrine[%s] %s: %s\n", tag, level_names[level], line);
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
        if (subs[i].fn)
            subs[i].fn(subs[i].ctx, level, tag, line);
}
