/* log.h - the one logging facility.
 *
 * Lines go to stderr as "vitrine[tag] level: message" and to subscribers
 * (the staff screen will show the last lines). The level is checked before
 * anything is formatted. Not thread safe: call from the main thread. */
#ifndef VITRINE_LOG_H
#define VITRINE_LOG_H

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

typedef void (*log_subscriber)(void *ctx, enum log_level level, const char *tag, const char *line);

/* Lines above this level are dropped. Default LOG_INFO. */
void log_set_level(enum log_level level);
enum log_level log_get_level(void);
/* 0 on success; at most 4 subscribers. */
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
