/* Background jobs: progress and completion reach the owner, cancellation,
 * and an idle events_wait (and an idle kiosk waiting for its next
 * deadline) is woken by a job within a frame, with no extra wake-ups. Threads meet on condition
 * variables, never on sleeps. Also built with ThreadSanitizer (tests/run.sh). */
#define _GNU_SOURCE /* gettid */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "proc_testing.h"

#include <SDL.h>

#include "app/base/job.h"
#include "app/visitor/kiosk.h"
#include "app/base/log.h"
#include "platform/clock.h"
#include "platform/display.h"
#include "platform/events.h"

/* ---- a test waker and a one-way gate ------------------------------------ */

struct signal {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    unsigned long count; /* waker calls, or gate openings */
};

static void signal_init(struct signal *s)
{
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->cond, NULL);
    s->count = 0;
}

static void signal_destroy(struct signal *s)
{
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->lock);
}

static void signal_post(void *ctx)
{
    struct signal *s = ctx;
    pthread_mutex_lock(&s->lock);
    s->count++;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->lock);
}

/* Wait until count > seen; returns the new count. */
static unsigned long signal_wait(struct signal *s, unsigned long seen)
{
    pthread_mutex_lock(&s->lock);
    while (s->count <= seen)
        pthread_cond_wait(&s->cond, &s->lock);
    unsigned long c = s->count;
    pthread_mutex_unlock(&s->lock);
    return c;
}

/* ---- progress and completion -------------------------------------------- */

enum { STEPS = 200 };

struct lockstep {
    struct signal ack; /* the owner saw step i */
};

/* Reports each step and waits for the owner to have seen it. */
static int lockstep_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct lockstep *l = ctx;
    for (unsigned long i = 1; i <= 5; i++) {
        job_report(j, i, 5, "step %lu of 5", i);
        signal_wait(&l->ack, i - 1);
    }
    snprintf(msg, msg_len, "Imported 5 panels from the test stick.");
    return 0;
}

static void every_report_and_the_result_reach_the_owner(void **state)
{
    (void)state;
    struct lockstep l;
    struct signal woken;
    signal_init(&l.ack);
    signal_init(&woken);
    char why[256] = "";
    unsigned long seen = 0;
    struct job *j = job_start("import", lockstep_job, &l, (struct waker){signal_post, &woken}, why,
                              sizeof(why));
    assert_non_null(j);
    assert_string_equal(job_name(j), "import");
    struct job_status st;
    for (uint64_t i = 1; i <= 5; i++) {
        seen = signal_wait(&woken, seen);
        assert_int_equal(job_poll(j, &st), 1);
        assert_int_equal(st.done, i);
        assert_int_equal(st.total, 5);
        assert_int_equal(st.seq, i);
        assert_false(st.finished);
        char want[64];
        snprintf(want, sizeof(want), "step %u of 5", (unsigned)i);
        assert_string_equal(st.text, want);
        assert_int_equal(job_poll(j, &st), 0); /* no news until the next report */
        signal_post(&l.ack);
    }
    seen = signal_wait(&woken, seen);
    assert_int_equal(job_poll(j, &st), 1);
    assert_true(st.finished);
    assert_int_equal(st.result, 0);
    assert_int_equal(st.done, 5); /* the last progress stays */
    assert_string_equal(st.text, "Imported 5 panels from the test stick.");
    assert_false(job_cancelled(j));
    job_free(j);
    assert_int_equal(woken.count, 6); /* 5 reports and the completion */
    signal_destroy(&l.ack);
    signal_destroy(&woken);
}

/* Reports as fast as it can: the owner sees monotonic progress whose text
 * always belongs to its numbers. */
static int racing_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)ctx;
    for (uint64_t i = 1; i <= STEPS; i++)
        job_report(j, i, STEPS, "copied %u of %u files", (unsigned)i, (unsigned)STEPS);
    snprintf(msg, msg_len, "The stick's bundle is damaged: %s.", "bad signature");
    return 3;
}

static void progress_is_monotonic_and_consistent(void **state)
{
    (void)state;
    struct signal woken;
    signal_init(&woken);
    char why[256] = "";
    struct job *j = job_start("import", racing_job, NULL, (struct waker){signal_post, &woken}, why,
                              sizeof(why));
    assert_non_null(j);
    struct job_status st = {0};
    uint64_t last_done = 0;
    unsigned long last_seq = 0, seen = 0;
    int polls = 0;
    while (!st.finished) {
        seen = signal_wait(&woken, seen);
        if (!job_poll(j, &st))
            continue;
        polls++;
        assert_true(st.seq > last_seq);
        assert_true(st.done >= last_done);
        if (!st.finished) {
            char want[64];
            snprintf(want, sizeof(want), "copied %u of %u files", (unsigned)st.done,
                     (unsigned)STEPS);
            assert_string_equal(st.text, want);
        }
        last_done = st.done;
        last_seq = st.seq;
    }
    assert_true(polls >= 1);
    assert_int_equal(st.seq, STEPS + 1);
    assert_int_equal(st.done, STEPS);
    assert_int_equal(st.result, 3);
    assert_string_equal(st.text, "The stick's bundle is damaged: bad signature.");
    job_free(j);
    signal_destroy(&woken);
}

static int silent_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    (void)msg;
    (void)msg_len;
    return *(int *)ctx;
}

static void a_job_without_a_message_gets_one(void **state)
{
    (void)state;
    char why[256] = "";
    for (int result = 0; result <= 7; result += 7) {
        struct signal woken;
        signal_init(&woken);
        struct job *j = job_start("quiet", silent_job, &result, (struct waker){signal_post, &woken},
                                  why, sizeof(why));
        assert_non_null(j);
        signal_wait(&woken, 0);
        struct job_status st;
        job_poll(j, &st);
        assert_true(st.finished);
        assert_int_equal(st.result, result);
        assert_string_equal(st.text, result ? "Failed (code 7)." : "Finished.");
        job_free(j);
        signal_destroy(&woken);
    }
}

/* ---- cancellation -------------------------------------------------------- */

struct cancel_ctx {
    struct signal go; /* the owner has cancelled */
    int saw_cancel;
};

static int cancellable_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct cancel_ctx *c = ctx;
    job_report(j, 1, 10, "started");
    signal_wait(&c->go, 0);
    c->saw_cancel = job_cancelled(j);
    if (c->saw_cancel) {
        snprintf(msg, msg_len, "Import cancelled; the kiosk keeps its content.");
        return -1;
    }
    return 0;
}

static void a_job_sees_cancellation(void **state)
{
    (void)state;
    struct cancel_ctx c = {0};
    struct signal woken;
    signal_init(&c.go);
    signal_init(&woken);
    char why[256] = "";
    struct job *j = job_start("import", cancellable_job, &c, (struct waker){signal_post, &woken},
                              why, sizeof(why));
    assert_non_null(j);
    unsigned long seen = signal_wait(&woken, 0);
    assert_false(job_cancelled(j));
    job_cancel(j);
    assert_true(job_cancelled(j));
    signal_post(&c.go);
    struct job_status st = {0};
    while (!st.finished) {
        seen = signal_wait(&woken, seen);
        job_poll(j, &st);
    }
    assert_int_equal(st.result, -1);
    assert_string_equal(st.text, "Import cancelled; the kiosk keeps its content.");
    job_free(j);
    assert_true(c.saw_cancel);
    signal_destroy(&c.go);
    signal_destroy(&woken);
}

static int until_cancelled_job(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)msg;
    (void)msg_len;
    signal_post(ctx); /* running */
    while (!job_cancelled(j))
        sched_yield();
    return -1;
}

static void job_free_stops_a_running_job(void **state)
{
    (void)state;
    struct signal running;
    signal_init(&running);
    char why[256] = "";
    struct job *a =
        job_start("a", until_cancelled_job, &running, (struct waker){0}, why, sizeof(why));
    struct job *b =
        job_start("b", until_cancelled_job, &running, (struct waker){0}, why, sizeof(why));
    assert_non_null(a);
    assert_non_null(b); /* two jobs at once */
    signal_wait(&running, 1);
    job_free(b);
    job_free(a); /* each returns once its function has */
    job_free(NULL);
    signal_destroy(&running);
}

/* ---- waking an idle loop ------------------------------------------------- */

static pid_t main_tid;
static atomic_int waits_seen_blocked;

/* 1 once the main thread is asleep in the kernel (Linux: its state in
 * /proc is S), which after `go` means inside events_wait. Gives up after
 * a second: the test then covers the case of news already waiting. */
static int main_thread_sleeps(void)
{
    char path[64];
    snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)main_tid);
    uint64_t until = clock_real_ns() + 1000000000ull;
    while (clock_real_ns() < until) {
        char state = proc_stat_state(path);
        if (state == 0)
            return 0;
        if (state == 'S')
            return 1;
        sched_yield();
    }
    return 0;
}

struct timed_ctx {
    struct signal go;
    _Atomic uint64_t finished_ns; /* when the job handed over its result */
};

static int wait_then_finish(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    struct timed_ctx *t = ctx;
    (void)j;
    signal_wait(&t->go, 0);
    if (main_thread_sleeps())
        atomic_fetch_add(&waits_seen_blocked, 1);
    snprintf(msg, msg_len, "done");
    atomic_store(&t->finished_ns, clock_real_ns());
    return 0;
}

/* Starts a job that finishes once told; the owner is then blocked in
 * events_wait (30 s, polling slices of 30 s too, so only the waker can end
 * it early) and must come back with EVENTS_WAKE within a frame. */
static void idle_wait_is_woken_by_a_job(struct display *d)
{
    struct timed_ctx t = {0};
    signal_init(&t.go);
    char why[256] = "";
    struct job *j = job_start("import", wait_then_finish, &t, events_waker(), why, sizeof(why));
    assert_non_null(j);
    struct events_cfg cfg = {.poll_ms = 30000};
    long wakeups = 0;
    /* drain what display_open left queued, so that the wait below blocks */
    while (events_wait(d, &cfg, 0, NULL, NULL, &wakeups) & ~EVENTS_REDRAW)
        ;
    wakeups = 0;
    signal_post(&t.go); /* the job may finish before or while we wait: both must wake */
    uint64_t t0 = clock_real_ns();
    int flags = 0;
    while (!(flags & (EVENTS_WAKE | EVENTS_STOP)) && clock_real_ns() - t0 < 30000000000ull)
        flags |= events_wait(d, &cfg, 30000, NULL, NULL, &wakeups);
    uint64_t back = clock_real_ns();
    assert_true(flags & EVENTS_WAKE);
    assert_true(back - t0 < 1000000000ull); /* generous: a frame is 16 ms */
    uint64_t latency = back - atomic_load(&t.finished_ns);
    assert_true(latency < 1000000000ull);
    assert_true(wakeups <= 3); /* woken, not polling */
    struct job_status st;
    assert_int_equal(job_poll(j, &st), 1);
    assert_true(st.finished);
    assert_string_equal(st.text, "done");
    job_free(j);
    /* nothing more to report: a poll now returns no wake */
    assert_int_equal(events_wait(d, &cfg, 0, NULL, NULL, NULL) & EVENTS_WAKE, 0);
    signal_destroy(&t.go);
    print_message("woken %.2f ms after the job finished (%ld wake-ups, driver %s)\n", latency / 1e6,
                  wakeups, d ? display_driver(d) : "none");
}

/* One window for every test that needs SDL's video, opened by the first
 * and closed when the group ends: a kiosk opens its display once, and
 * opening and closing X connections in quick succession made XOpenDisplay
 * fail now and then on a loaded machine. */
static struct display *shared;

static struct display *test_display(void)
{
    if (!shared) {
        char why[256] = "";
        struct display_opts o = {.windowed = 1, .w = 640, .h = 400};
        shared = display_open(&o, why, sizeof(why));
        if (!shared)
            fail_msg("display: %s", why);
    }
    return shared;
}

static int close_display(void **state)
{
    (void)state;
    display_close(shared);
    shared = NULL;
    return 0;
}

/* Before SDL's video starts (cmocka runs tests in order): events_wait
 * only lets time pass, and a job still ends it early. */
static void headless_wait_is_woken_by_a_job(void **state)
{
    (void)state;
    assert_int_equal(SDL_WasInit(SDL_INIT_VIDEO), 0);
    idle_wait_is_woken_by_a_job(NULL);
}

static void display_idle_wait_is_woken_by_a_job(void **state)
{
    (void)state;
    struct display *d = test_display();
    atomic_store(&waits_seen_blocked, 0);
    for (int i = 0; i < 20; i++)
        idle_wait_is_woken_by_a_job(d);
    /* the job finished while the main thread was blocked in events_wait */
    assert_true(atomic_load(&waits_seen_blocked) > 0);
}

static void wakes_coalesce_and_user_events_are_kept(void **state)
{
    (void)state;
    struct display *d = test_display();
    struct events_cfg cfg = {0};
    while (events_wait(d, &cfg, 0, NULL, NULL, NULL) & ~EVENTS_REDRAW)
        ;
    struct waker w = events_waker();
    for (int i = 0; i < 1000; i++)
        w.fn(w.ctx);
    long wakeups = 0;
    assert_true(events_wait(d, &cfg, 30000, NULL, NULL, &wakeups) & EVENTS_WAKE);
    assert_int_equal(wakeups, 1);
    assert_int_equal(events_wait(d, &cfg, 0, NULL, NULL, NULL), 0);
    /* someone else's user event is news too, not dropped */
    Uint32 type = SDL_RegisterEvents(1);
    assert_true(type != (Uint32)-1);
    SDL_Event ev = {.type = type};
    assert_int_equal(SDL_PushEvent(&ev), 1);
    assert_true(events_wait(d, &cfg, 30000, NULL, NULL, NULL) & EVENTS_WAKE);
}

static int finish_at_once(struct job *j, void *ctx, char *msg, size_t msg_len)
{
    (void)j;
    signal_wait(ctx, 0);
    snprintf(msg, msg_len, "imported");
    return 0;
}

/* The kiosk itself, idle in its loop (nothing to draw, its next deadline
 * seconds away), waits as the run loop does: until that deadline, with no
 * polling slice shorter than it. A job finishing ends the wait at once, long
 * before the kiosk's own deadline, and the kiosk is still where it was. */
static void an_idle_kiosk_is_woken_by_a_job(void **state)
{
    (void)state;
    char why[256] = "", path[4096];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    assert_non_null(bin);
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin);
    struct store *s = NULL;
    assert_int_equal(store_open_file(path, &s, why, sizeof(why)), 0);
    struct display *d = test_display();
    struct presenter p = display_presenter(d);
    uint64_t now = clock_now_ms();
    /* reduced motion: the loop's invitation still (it rises every
     * KIOSK_INVITE_MS otherwise), so the next deadline is the panel's */
    struct kiosk *k =
        kiosk_new(&p, s, &(struct kiosk_opts){.reduced_motion = 1}, now, why, sizeof(why));
    assert_non_null(k);
    kiosk_update(k, now);
    kiosk_draw(k, now);
    display_present(d);
    struct events_cfg cfg = {0};
    while (events_wait(d, &cfg, 0, NULL, NULL, NULL) & ~EVENTS_REDRAW)
        ;
    now = clock_now_ms();
    kiosk_update(k, now);
    assert_false(kiosk_needs_frame(k, now)); /* idle */
    uint64_t due = kiosk_deadline(k, now);
    assert_true(due > now + 3000); /* the loop's next step is seconds away */
    uint32_t timeout = (uint32_t)(due - now);
    cfg.poll_ms = timeout; /* only the deadline or the waker end the wait */

    struct signal go;
    signal_init(&go);
    struct job *j = job_start("import", finish_at_once, &go, events_waker(), why, sizeof(why));
    assert_non_null(j);
    int panel = kiosk_current(k);
    signal_post(&go);
    uint64_t t0 = clock_now_ms();
    long wakeups = 0;
    int flags = events_wait(d, &cfg, timeout, NULL, NULL, &wakeups);
    uint64_t back = clock_now_ms();
    assert_true(flags & EVENTS_WAKE);
    assert_true(back - t0 < 1000); /* woken, not timed out (generous: a frame is 16 ms) */
    assert_true(back < due);
    assert_true(wakeups <= 2);
    struct job_status st;
    assert_int_equal(job_poll(j, &st), 1);
    assert_true(st.finished);
    assert_string_equal(st.text, "imported");
    kiosk_update(k, back);
    assert_int_equal(kiosk_current(k), panel); /* the wake moved nothing on screen */
    job_free(j);
    signal_destroy(&go);
    kiosk_free(k);
    print_message("idle kiosk (deadline in %u ms) woken %llu ms after the job was let go\n",
                  timeout, (unsigned long long)(back - t0));
}

int main(void)
{
    main_tid = gettid();
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_report_and_the_result_reach_the_owner),
        cmocka_unit_test(progress_is_monotonic_and_consistent),
        cmocka_unit_test(a_job_without_a_message_gets_one),
        cmocka_unit_test(a_job_sees_cancellation),
        cmocka_unit_test(job_free_stops_a_running_job),
        cmocka_unit_test(headless_wait_is_woken_by_a_job),
        cmocka_unit_test(display_idle_wait_is_woken_by_a_job),
        cmocka_unit_test(wakes_coalesce_and_user_events_are_kept),
        cmocka_unit_test(an_idle_kiosk_is_woken_by_a_job),
    };
    return cmocka_run_group_tests(tests, NULL, close_display);
}
