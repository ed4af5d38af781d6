/* The log from several threads at once: threads hammer log_msg while
 * subscribers are attached and the main thread subscribes and unsubscribes
 * another; every line reaches stderr and each subscriber whole, exactly
 * once, never two at a time. Also built with ThreadSanitizer. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/base/log.h"

/* stderr goes to a file during the test: sanitizer reports must not */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#include <sanitizer/common_interface_defs.h>
#define REPORT_TO(fd) __sanitizer_set_report_fd((void *)(intptr_t)(fd))
#else
#define REPORT_TO(fd) ((void)(fd))
#endif

enum { THREADS = 4, LINES = 3000, PAD = 120 };

/* The padding of line i of thread t: long enough that a torn or
 * interleaved line would show. */
static void pad_for(int t, int i, char *out)
{
    for (int k = 0; k < PAD; k++)
        out[k] = (char)('a' + (t * 7 + i + k) % 26);
    out[PAD] = '\0';
}

/* Parses "hammer t=T i=I pad=PAD" and checks the padding: 1 if whole. */
static int parse_line(const char *line, int *t, int *i)
{
    int n = 0;
    if (sscanf(line, "hammer t=%d i=%d pad=%n", t, i, &n) != 2 || n == 0)
        return 0;
    if (*t < 0 || *t >= THREADS || *i < 0 || *i >= LINES)
        return 0;
    char want[PAD + 1];
    pad_for(*t, *i, want);
    return strcmp(line + n, want) == 0;
}

struct tally {
    atomic_int inside; /* subscribers running right now */
    int overlaps, torn, foreign;
    unsigned char seen[THREADS][LINES];
};

static void tally_line(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct tally *s = ctx;
    if (atomic_fetch_add(&s->inside, 1) != 0)
        s->overlaps++;
    int t, i;
    if (level != LOG_INFO || strcmp(tag, "hammer") != 0)
        s->foreign++;
    else if (!parse_line(line, &t, &i))
        s->torn++;
    else if (s->seen[t][i] < 255)
        s->seen[t][i]++;
    atomic_fetch_sub(&s->inside, 1);
}

/* The one the main thread keeps attaching and detaching: freed right after
 * log_unsubscribe, so a late call is a use after free (ASan, TSan). */
struct counter {
    atomic_long lines;
    atomic_int torn;
};

static void count_line(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)level;
    (void)tag;
    struct counter *c = ctx;
    int t, i;
    if (!parse_line(line, &t, &i))
        atomic_fetch_add(&c->torn, 1);
    atomic_fetch_add(&c->lines, 1);
}

static atomic_int running;

static void *hammer(void *arg)
{
    int t = (int)(intptr_t)arg;
    char pad[PAD + 1];
    for (int i = 0; i < LINES; i++) {
        pad_for(t, i, pad);
        log_info("hammer", "hammer t=%d i=%d pad=%s", t, i, pad);
    }
    atomic_fetch_sub(&running, 1);
    return NULL;
}

static void lines_from_many_threads_arrive_whole_exactly_once(void **state)
{
    (void)state;
    /* stderr goes to a file for the test: its lines are checked too */
    char path[] = "/tmp/vitrine-log-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0);
    REPORT_TO(saved);
    assert_int_equal(dup2(fd, 2), 2);
    log_set_quiet(0);
    log_set_level(LOG_INFO);

    static struct tally a, b; /* large: not on the stack */
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    assert_int_equal(log_subscribe(tally_line, &a), 0);
    assert_int_equal(log_subscribe(tally_line, &b), 0);

    pthread_t th[THREADS];
    atomic_store(&running, THREADS);
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_create(&th[t], NULL, hammer, (void *)(intptr_t)t), 0);
    long toggles = 0, counted = 0;
    int torn = 0;
    while (atomic_load(&running) > 0) {
        struct counter *c = calloc(1, sizeof(*c));
        assert_non_null(c);
        assert_int_equal(log_subscribe(count_line, c), 0);
        /* stay attached until a line came (or the threads are done) */
        while (atomic_load(&c->lines) == 0 && atomic_load(&running) > 0)
            sched_yield();
        log_unsubscribe(count_line, c);
        counted += atomic_load(&c->lines);
        torn += atomic_load(&c->torn);
        free(c);
        toggles++;
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    log_unsubscribe(tally_line, &a);
    log_unsubscribe(tally_line, &b);

    fflush(stderr);
    assert_int_equal(dup2(saved, 2), 2);
    REPORT_TO(2);
    close(saved);

    struct tally *subs[] = {&a, &b};
    for (int s = 0; s < 2; s++) {
        assert_int_equal(subs[s]->overlaps, 0);
        assert_int_equal(subs[s]->torn, 0);
        assert_int_equal(subs[s]->foreign, 0);
        for (int t = 0; t < THREADS; t++)
            for (int i = 0; i < LINES; i++)
                if (subs[s]->seen[t][i] != 1)
                    fail_msg("subscriber %d saw line %d of thread %d %d times", s, i, t,
                             subs[s]->seen[t][i]);
    }
    assert_int_equal(torn, 0);
    assert_true(toggles > 0);
    assert_true(counted > 0);
    assert_true(counted <= (long)THREADS * LINES);

    /* stderr: the same lines, each whole on a line of its own */
    FILE *f = fdopen(fd, "r");
    assert_non_null(f);
    rewind(f);
    static unsigned char seen[THREADS][LINES];
    memset(seen, 0, sizeof(seen));
    char line[LOG_LINE_MAX + 64];
    long n = 0;
    const char *prefix = "vitrine[hammer] info: ";
    while (fgets(line, sizeof(line), f)) {
        size_t len = strlen(line);
        assert_true(len > 0 && line[len - 1] == '\n');
        line[len - 1] = '\0';
        assert_memory_equal(line, prefix, strlen(prefix));
        int t, i;
        if (!parse_line(line + strlen(prefix), &t, &i))
            fail_msg("torn line on stderr: %s", line);
        seen[t][i]++;
        n++;
    }
    fclose(f);
    unlink(path);
    assert_int_equal(n, (long)THREADS * LINES);
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < LINES; i++)
            assert_int_equal(seen[t][i], 1);
    print_message("%ld lines from %d threads; %ld subscribe/unsubscribe turns saw %ld\n", n,
                  THREADS, toggles, counted);
}

/* A subscriber that calls back into the log must not deadlock it. */
static int nested_subscribe_rc;
static void reentrant(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)level;
    (void)tag;
    (void)line;
    (*(int *)ctx)++;
    log_error("nested", "dropped");
    nested_subscribe_rc = log_subscribe(reentrant, ctx);
    log_unsubscribe(reentrant, ctx); /* refused too */
}

static void a_subscriber_that_logs_does_not_deadlock(void **state)
{
    (void)state;
    log_set_quiet(1);
    int calls = 0;
    assert_int_equal(log_subscribe(reentrant, &calls), 0);
    log_info("test", "one");
    log_info("test", "two");
    assert_int_equal(calls, 2); /* the nested lines were dropped, not delivered */
    assert_int_equal(nested_subscribe_rc, -1);
    log_unsubscribe(reentrant, &calls);
    log_info("test", "three");
    assert_int_equal(calls, 2);
}

static void level_is_checked_from_any_thread(void **state)
{
    (void)state;
    log_set_quiet(1);
    int calls = 0;
    assert_int_equal(log_subscribe(reentrant, &calls), 0);
    log_set_level(LOG_WARN);
    assert_int_equal(log_get_level(), LOG_WARN);
    log_info("test", "not shown");
    log_warn("test", "shown");
    log_set_level(LOG_INFO);
    log_unsubscribe(reentrant, &calls);
    assert_int_equal(calls, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_from_many_threads_arrive_whole_exactly_once),
        cmocka_unit_test(a_subscriber_that_logs_does_not_deadlock),
        cmocka_unit_test(level_is_checked_from_any_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
