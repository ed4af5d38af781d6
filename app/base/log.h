/* log.h - the one logging facility.
 *
 * Lines go to stderr as "vitrine[tag] level: message" and to subscribers
 * (the staff screen will show the last lines). A message's control
 * characters (a newline too) are escaped first (escape.h): a line is one
 * line, whatever a bundle's text holds. The level is checked before
 * anything is formatted.
 *
 * THREADS: every function may be called from any thread. A line is
 * formatted on the calling thread before the log's lock is taken; it is
 * then written to stderr and handed to every subscriber under that lock,
 * so lines are never interleaved and each subscriber sees them one at a
 * time, in the same order as stderr.
 * SUBSCRIBERS are called on the thread that logged, under the lock: they
 * must be quick, must not block, and must not call this module (a line a
 * subscriber logs is dropped; log_subscribe/log_unsubscribe from one are
 * refused). One that needs the main thread (the staff screen) copies the
 * line into a queue of its own. Once log_unsubscribe returns, the
 * subscriber is not running and is never called again, so its ctx may be
 * freed. */
#ifndef VITRINE_LOG_H
#define VITRINE_LOG_H

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

#define LOG_LINE_MAX 1024 /* longer messages are truncated (bytes with the NUL) */

typedef void (*log_subscriber)(void *ctx, enum log_level level, const char *tag, const char *line);

/* Lines above this level are dropped. Default LOG_INFO. */
void log_set_level(enum log_level level);
enum log_level log_get_level(void);
/* 0 on success; -1 when 4 are already subscribed (or called from a
 * subscriber). */
int log_subscribe(log_subscriber fn, void *ctx);
void log_unsubscribe(log_subscriber fn, void *ctx);
/* Silence stderr output (tests); subscribers still receive lines. */
void log_set_quiet(int quiet);

void log_msg(enum log_level level, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define log_error(tag, ...) log_msg(LOG_ERROR, tag, __VA_ARGS__)
#define log_warn(tag, ...) log_msg(LOG_WARN, tag, __VA_ARGS__)
#define log_info(tag, ...) log_msg(LOG_INFO, tag, __VA_ARGS__)
#define log_debug(tag, ...) log_msg(LOG_DEBUG, tag, __VA_ARGS__)

#endif
