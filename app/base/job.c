/* job.c - a worker thread per job (POSIX threads: see docs/decisions.md,
 * "Background work", for why not C11 <threads.h>). */
#define _POSIX_C_SOURCE 200809L
#include "job.h"

#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct job {
    char name[64];
    job_fn fn;
    void *ctx;
    struct waker waker;
    pthread_t thread;
    atomic_int cancel;

    pthread_mutex_t lock; /* guards state */
    struct job_status state;

    /* the owner's alone */
    unsigned long seen_seq;
    /* the worker's alone until it returns */
    char msg[JOB_TEXT_MAX];
};

static void wake(const struct job *j)
{
    if (j->waker.fn)
        j->waker.fn(j->waker.ctx);
}

static void *run(void *arg)
{
    struct job *j = arg;
    j->msg[0] = '\0';
    int result = j->fn(j, j->ctx, j->msg, sizeof(j->msg));
    j->msg[sizeof(j->msg) - 1] = '\0';
    pthread_mutex_lock(&j->lock);
    j->state.finished = 1;
    j->state.result = result;
    if (j->msg[0])
        memcpy(j->state.text, j->msg, strlen(j->msg) + 1);
    else if (result == 0)
        snprintf(j->state.text, sizeof(j->state.text), "Finished.");
    else
        snprintf(j->state.text, sizeof(j->state.text), "Failed (code %d).", result);
    j->state.seq++;
    pthread_mutex_unlock(&j->lock);
    wake(j);
    return NULL;
}

struct job *job_start(const char *name, job_fn fn, void *ctx, struct waker waker, char *why,
                      size_t why_len)
{
    struct job *j = calloc(1, sizeof(*j));
    if (!j) {
        snprintf(why, why_len, "out of memory starting %s", name);
        return NULL;
    }
    snprintf(j->name, sizeof(j->name), "%s", name);
    j->fn = fn;
    j->ctx = ctx;
    j->waker = waker;
    atomic_init(&j->cancel, 0);
    if (pthread_mutex_init(&j->lock, NULL) != 0) {
        snprintf(why, why_len, "cannot start %s: no lock", name);
        free(j);
        return NULL;
    }
    /* the thread inherits the signal mask: block everything there, so that
     * SIGTERM is handled by (and wakes) the main loop */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&j->thread, NULL, run, j);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        snprintf(why, why_len, "cannot start %s: %s", name, strerror(rc));
        pthread_mutex_destroy(&j->lock);
        free(j);
        return NULL;
    }
    return j;
}

void job_report(struct job *j, uint64_t done, uint64_t total, const char *fmt, ...)
{
    char text[JOB_TEXT_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof(text), fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&j->lock);
    j->state.done = done;
    j->state.total = total;
    memcpy(j->state.text, text, strlen(text) + 1);
    j->state.seq++;
    pthread_mutex_unlock(&j->lock);
    wake(j);
}

int job_cancelled(const struct job *j)
{
    return atomic_load(&j->cancel);
}

void job_cancel(struct job *j)
{
    atomic_store(&j->cancel, 1);
}

int job_poll(struct job *j, struct job_status *out)
{
    pthread_mutex_lock(&j->lock);
    *out = j->state;
    pthread_mutex_unlock(&j->lock);
    int news = out->seq != j->seen_seq;
    j->seen_seq = out->seq;
    return news;
}

const char *job_name(const struct job *j)
{
    return j->name;
}

void job_free(struct job *j)
{
    if (!j)
        return;
    job_cancel(j);
    pthread_join(j->thread, NULL);
    pthread_mutex_destroy(&j->lock);
    free(j);
}
