/* job.h - background work: one function run on a worker thread of its own,
 * reporting progress and a result that the main loop reads without waiting
 * for the work (the USB import is the first user).
 *
 * THREADS
 *   Owner (one thread, the main loop's): job_start, job_poll, job_cancel,
 *   job_name, job_free.
 *   Worker (the job's own thread): the job's function, which may call
 *   job_report and job_cancelled on its job, and nothing else of this API.
 *   The waker runs on the worker thread after every job_report and once
 *   after the function has returned; it must follow waker.h's contract.
 *   The worker blocks every signal, so SIGTERM reaches the main loop.
 *
 * OWNERSHIP
 *   job_start copies name. ctx stays the caller's and must stay valid until
 *   job_free returns (the function may use it until then). job_free asks
 *   the function to stop (as job_cancel), waits for it to return and frees
 *   the job; afterwards the waker is never called again for it.
 *
 * ERRORS are values: the function returns 0 or a code of its own, and
 * writes a plain-words sentence (for the staff screen) into msg. Jobs share
 * no state: any number may run at once. */
#ifndef VITRINE_JOB_H
#define VITRINE_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "waker.h"

#define JOB_TEXT_MAX 160 /* status text and final message, bytes with the NUL */

struct job;

/* The work, on the worker thread. msg (msg_len bytes) starts empty; a
 * message written there becomes the job's final text. Return 0 on success,
 * any other value on failure (or when cancelled). */
typedef int (*job_fn)(struct job *j, void *ctx, char *msg, size_t msg_len);

/* What the owner sees: the latest state, copied. */
struct job_status {
    unsigned long seq;       /* counts reports and the completion: unchanged = no news */
    uint64_t done, total;    /* progress as last reported (total 0: unknown) */
    char text[JOB_TEXT_MAX]; /* last status text; once finished, the final message */
    int finished;            /* 1 once the function has returned */
    int result;              /* its return value, once finished (0: success) */
};

/* Start fn(job, ctx, ...) on a new thread; the waker is called as above
 * (waker.fn may be NULL). NULL with a reason in why when no thread can be
 * started. */
struct job *job_start(const char *name, job_fn fn, void *ctx, struct waker waker, char *why,
                      size_t why_len);

/* Worker: report progress (done of total units) and a short status text
 * (printf format, truncated to JOB_TEXT_MAX), then call the waker. Formats
 * before taking the job's lock, which it holds only to copy the result. */
void job_report(struct job *j, uint64_t done, uint64_t total, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Worker (or owner): 1 once the owner asked the job to stop. The function
 * should check it between steps and return soon after, undoing what it
 * must (cancellation is a request, not a kill). */
int job_cancelled(const struct job *j);

/* Owner: ask the job to stop; returns at once. */
void job_cancel(struct job *j);

/* Owner: copy the latest state into *out. Never waits for the work: the
 * lock is held by either side only to copy a few bytes. Returns 1 when
 * there is news since the previous job_poll (a report or the completion),
 * else 0. */
int job_poll(struct job *j, struct job_status *out);

/* Owner: the name given to job_start. */
const char *job_name(const struct job *j);

/* Owner: cancel, wait for the function to return, free. NULL is a no-op. */
void job_free(struct job *j);

#endif
