/* test_stop_signal.c - a stop signal ends store work at once: SIGTERM, as
 * systemd sends it, stops every running and later query of every store
 * (store_request_stop, from events_stop_on_signals' handler), and the
 * handler that was there before (SDL's, which queues the quit) still gets
 * the signal. A long query on the kiosk's main thread (a damaged or
 * hostile store, the check of a large one) used to hold up a stop for
 * seconds, under ASan for minutes. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "skip_testing.h"

#include "content/arena.h"
#include "content/store.h"
#include "platform/events.h"

static volatile sig_atomic_t chained;

static void earlier_handler(int sig)
{
    (void)sig;
    chained++;
}

static void sigterm_stops_every_query(void **state)
{
    (void)state;
    const char *bin = getenv("VITRINE_BINARY_DIR");
    if (!bin)
        SKIP_BECAUSE("VITRINE_BINARY_DIR is not set (ctest sets it)");
    char path[1024];
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin);

    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = earlier_handler; /* stands for SDL's */
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGTERM, &sa, NULL), 0);
    events_stop_on_signals();

    struct store *s = NULL;
    char why[512] = "";
    if (store_open_file(path, &s, why, sizeof(why)) != 0)
        fail_msg("open: %s", why);
    struct arena a;
    arena_init(&a, 64 * 1024);
    struct panel p;
    assert_int_equal(store_panel_load(s, 1, NULL, &a, &p, why, sizeof(why)), 0);

    assert_int_equal(raise(SIGTERM), 0);
    assert_int_equal(chained, 1); /* SDL still hears of it */

    /* a query of a few steps may still finish (checks come every 1000
     * steps); one that runs long, such as the integrity check of opening a
     * store, is stopped within its first thousand steps */
    arena_reset(&a);
    if (store_panel_load(s, 2, NULL, &a, &p, why, sizeof(why)) != 0)
        assert_non_null(strstr(why, "was stopped: the kiosk is stopping"));
    store_close(s);
    struct store *t = NULL;
    assert_int_equal(store_open_file(path, &t, why, sizeof(why)), -1);
    assert_null(t);
    if (!strstr(why, "was stopped"))
        fail_msg("opening went on after the stop: %s", why);
    arena_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sigterm_stops_every_query),
    };
    return run_counting_skips(tests, NULL, NULL);
}
