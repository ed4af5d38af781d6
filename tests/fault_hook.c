/* fault_hook.c - the fault points (app/base/fault.h) of the test program
 * vitrine-faulty, never of the shipped `vitrine`.
 *
 *   VITRINE_TEST_FAULT=POINT          abort() at that point ("first-frame",
 *                                     "first-touch", "kiosk-check",
 *                                     "import-clip")
 *   VITRINE_TEST_FAULT_VERSION=V      ... only while the exhibit of version
 *                                     V is the one shown or checked (unset:
 *                                     any; "": only the built-in exhibit)
 *   VITRINE_TEST_HANG=POINT           never return from that point ("import-copy":
 *                                     an import child on a stick that stopped
 *                                     answering)
 *   VITRINE_TEST_TOUCH=1              a visitor's touch in the middle of the
 *                                     screen, queued once the first frame is
 *                                     on screen (SDL's offscreen driver has
 *                                     no input of its own)
 *   VITRINE_TEST_NOW=S                the wall clock starts at S, UTC
 *                                     seconds, and runs on from there
 *                                     (clock_set_wall): a test of opening
 *                                     hours is told the date, and does not
 *                                     depend on today's
 * DEPENDENCIES: platform/events.h (the touch goes through SDL's queue and
 * the kiosk's own translation, as a real one does); platform/clock.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "events.h"
#include "fault.h"
#include "input.h"

/* VITRINE_TEST_NOW, read before main: before the kiosk first reads the
 * wall clock, and before any thread starts */
__attribute__((constructor)) static void test_now(void)
{
    const char *now = getenv("VITRINE_TEST_NOW");
    if (!now)
        return;
    char *end;
    errno = 0;
    long long s = strtoll(now, &end, 10);
    if (errno != 0 || end == now || *end != '\0' || s < 0) {
        fprintf(stderr, "vitrine-faulty: VITRINE_TEST_NOW is not UTC seconds\n");
        exit(2);
    }
    clock_set_wall((int64_t)s);
}

void fault_point(const char *where, const char *version)
{
    const char *want = getenv("VITRINE_TEST_FAULT");
    const char *only = getenv("VITRINE_TEST_FAULT_VERSION");
    if (!version)
        version = "";
    if (strcmp(where, "frame-shown") == 0 && getenv("VITRINE_TEST_TOUCH")) {
        if (events_inject_touch(INPUT_DOWN, 1, 0.5f, 0.5f) != 0 ||
            events_inject_touch(INPUT_UP, 1, 0.5f, 0.5f) != 0)
            fprintf(stderr, "vitrine-faulty: the touch could not be queued\n");
    }
    const char *hang = getenv("VITRINE_TEST_HANG");
    if (hang && strcmp(hang, where) == 0) {
        fprintf(stderr, "vitrine-faulty: hanging at %s\n", where);
        fflush(stderr);
        for (;;)
            pause(); /* until killed */
    }
    if (!want || strcmp(want, where) != 0 || (only && strcmp(only, version) != 0))
        return;
    fprintf(stderr, "vitrine-faulty: a fault at %s, showing version \"%s\"\n", where, version);
    fflush(stderr);
    abort();
}
