/* log.c - one lock around stderr and the subscribers; formatting happens
 * outside it. POSIX threads (see job.c). */
#define _POSIX_C_SOURCE 200809L
#include "log.h"

#include "escape.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

static atomic_int max_level = LOG_INFO;
static atomic_int quiet;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* guards subs and the writing */
static struct {
    log_subscriber fn;
    void *ctx;
} subs[4];
/* set while this thread holds the lock: a subscriber calling back in
 * would deadlock on it */
static _Thread_local int in_log;

static const char *const level_names[] = {"error", "warning", "info", "debug"};

void log_set_level(enum log_level level)
{
    atomic_store(&max_level, (int)level);
}
enum log_level log_get_level(void)
{
    return (enum log_level)atomic_load(&max_level);
}
void log_set_quiet(int q)
{
    atomic_store(&quiet, q);
}

int log_subscribe(log_subscriber fn, void *ctx)
{
    if (in_log)
        return -1;
    int rc = -1;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
        if (!subs[i].fn) {
            subs[i].fn = fn;
            subs[i].ctx = ctx;
            rc = 0;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return rc;
}

void log_unsubscribe(log_subscriber fn, void *ctx)
{
    if (in_log)
        return;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
        if (subs[i].fn == fn && subs[i].ctx == ctx)
            subs[i].fn = NULL;
    pthread_mutex_unlock(&lock);
}

void log_msg(enum log_level level, const char *tag, const char *fmt, ...)
{
    if ((int)level > atomic_load(&max_level) || in_log)
        return;
    char raw[LOG_LINE_MAX], line[LOG_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof(raw), fmt, ap);
    va_end(ap);
    /* a line names bundle text (titles, reasons, file names): its control
     * characters, a newline included, are written as escapes, so neither
     * a terminal nor the journal nor the staff screen takes one as an
     * instruction or a line of its own (escape.h) */
    escape_text(raw, 0, line, sizeof(line));
    pthread_mutex_lock(&lock);
    in_log = 1;
    if (!atomic_load(&quiet))
        fprintf(stderr, "vitrine[%s] %s: %s\n", tag, level_names[level], line);
    for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
        if (subs[i].fn)
            subs[i].fn(subs[i].ctx, level, tag, line);
    in_log = 0;
    pthread_mutex_unlock(&lock);
}
