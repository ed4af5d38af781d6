/* skip_testing.h - a skip that ctest counts (docs/decisions.md, "No silent
 * pass").
 *
 * cmocka's skip() marks one test skipped, but the program still exits 0
 * and ctest reports "Passed": a test that could not run looked like one
 * that did. SKIP_BECAUSE says why on stdout ("SKIP: ..."), counts the skip
 * and skips; run_counting_skips returns what ctest reads: the failures'
 * count when a test failed, else 77 (SKIP_RETURN_CODE in
 * tests/CMakeLists.txt) when any test skipped, else 0. tests/run.sh then
 * fails the run unless tests/skips.txt lists the test with its reason. */
#ifndef VITRINE_SKIP_TESTING_H
#define VITRINE_SKIP_TESTING_H

#include <stdio.h>

static int skip_testing_count;

#define SKIP_BECAUSE(...)                                                                          \
    do {                                                                                           \
        printf("SKIP: " __VA_ARGS__);                                                              \
        printf("\n");                                                                              \
        fflush(stdout);                                                                            \
        skip_testing_count++;                                                                      \
        skip();                                                                                    \
    } while (0)

static inline int skip_testing_verdict(int failed)
{
    return failed ? failed : skip_testing_count ? 77 : 0;
}

#define run_counting_skips(group, setup, teardown)                                                 \
    skip_testing_verdict(cmocka_run_group_tests(group, setup, teardown))

#endif
