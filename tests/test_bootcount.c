/* The count of abnormal exits (app/ops/bootcount.h) as a pure function of
 * starts, running time and clean exits; and its file, written and read
 * back, damaged, or of another generation; each crash's running time to
 * the second, from STATE/boot-alive. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/ops/bootcount.h"
#include "platform/fsio_posix.h"

#define T0 1700000000

/* n starts of gen, each ending in a crash after ms of running; the verdict
 * of the last start */
static int crashes(struct boot_count *b, const char *gen, int n, uint64_t ms)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        v = boot_start(b, gen, T0 + i);
        if (v)
            break;
        boot_ran(b, ms); /* and then it crashed: nothing more written */
    }
    return v;
}

static void three_quick_crashes_roll_back(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    assert_int_equal(crashes(&b, "g000002", 3, 1000), 0); /* three starts, counted at the next */
    assert_int_equal(b.crashes, 2);
    assert_int_equal(boot_start(&b, "g000002", T0 + 9), 1);
    assert_int_equal(b.crashes, BOOT_CRASHES);
    assert_int_equal(b.running, 0);
    assert_int_equal((int)b.ran_ms, 3000);
    assert_int_equal((int)b.first_unix, T0);
}

static void a_clean_exit_clears_the_count(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    crashes(&b, "g000002", 2, 0);
    assert_int_equal(boot_start(&b, "g000002", T0 + 5), 0);
    assert_int_equal(b.crashes, 2);
    boot_clean(&b);
    assert_int_equal(crashes(&b, "g000002", 3, 0), 0);
    assert_int_equal(b.crashes, 2); /* counted from nothing again */
}

static void ten_minutes_of_running_prove_a_generation(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    crashes(&b, "g000002", 2, 4 * 60000u); /* 8 minutes, two crashes counted at the next start */
    assert_int_equal(boot_start(&b, "g000002", T0 + 5), 0);
    assert_int_equal(b.crashes, 2);
    assert_int_equal(boot_ran(&b, 60000u), 0);
    assert_int_equal(boot_ran(&b, 60000u), 1); /* 10 minutes: cleared, to be written */
    assert_int_equal(b.crashes, 0);
    assert_int_equal(b.running, 0);
    assert_int_equal(boot_ran(&b, 60000u), 0); /* nothing more until the next start */
    assert_int_equal(boot_start(&b, "g000002", T0 + 6), 0);
    assert_int_equal(b.crashes, 0); /* a power cut after ten good minutes never counts */
}

static void a_crash_after_the_window_starts_a_new_one(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    crashes(&b, "g000002", 2, 0);
    b.ran_ms = BOOT_WINDOW_MS; /* its checkpoints said ten minutes, then it crashed */
    assert_int_equal(boot_start(&b, "g000002", T0 + 7), 0);
    assert_int_equal(b.crashes, 1);
    assert_int_equal((int)b.ran_ms, 0);
    assert_int_equal((int)b.first_unix, T0 + 7);
    b.ran_ms = BOOT_WINDOW_MS - 1;
    boot_start(&b, "g000002", T0 + 8);
    assert_int_equal(b.crashes, 2); /* still in the window: counted on */
}

static void another_generation_starts_again(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    crashes(&b, "g000002", 3, 0);
    assert_int_equal(boot_start(&b, "g000003", T0 + 9), 0);
    assert_int_equal(b.crashes, 0);
    assert_string_equal(b.generation, "g000003");
}

static void the_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_bootcount.XXXXXX", path[256], why[512];
    assert_non_null(mkdtemp(dir));
    struct boot_count b, r;
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), 0); /* none: nothing counted */
    assert_int_equal(r.crashes, 0);
    assert_string_equal(r.generation, "");
    memset(&b, 0, sizeof(b));
    crashes(&b, "g000002", 2, 1234);
    assert_int_equal(boot_write(fsio_posix(), dir, &b, why, sizeof(why)), 0);
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), 0);
    assert_string_equal(r.generation, "g000002");
    assert_int_equal(r.crashes, b.crashes);
    assert_int_equal(r.running, 1);
    assert_int_equal((int)r.ran_ms, 2468);
    assert_int_equal((int)r.first_unix, T0);
    snprintf(path, sizeof(path), "%s/" BOOT_FILE ".tmp", dir);
    assert_int_not_equal(access(path, F_OK), 0); /* renamed into place */
    snprintf(path, sizeof(path), "%s/" BOOT_FILE, dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("vitrine-boot 1\ngeneration g000002\ncrashes -4\n", f);
    fclose(f);
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), -1);
    assert_non_null(strstr(why, "damaged"));
    assert_int_equal(r.crashes, 0);
    unlink(path);
    rmdir(dir);
}

/* A crash a second after the start, and two after 70 s (one minute's
 * checkpoint, then boot-alive's seconds): each is known to the second, not
 * as the checkpoints' sum. */
static void each_crash_is_timed_to_the_second(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    assert_int_equal(boot_start(&b, "g000002", T0), 0);
    boot_alive(&b, "g000002", T0, 1000);
    assert_int_equal(boot_start(&b, "g000002", T0 + 3), 0);
    boot_ran(&b, BOOT_CHECKPOINT_MS);
    boot_alive(&b, "g000002", T0 + 3, 70000);
    assert_int_equal(boot_start(&b, "g000002", T0 + 80), 0);
    boot_ran(&b, BOOT_CHECKPOINT_MS);
    boot_alive(&b, "g000002", T0 + 80, 70999);
    assert_int_equal(boot_start(&b, "g000002", T0 + 160), 1);
    assert_int_equal(b.crashes, 3);
    assert_int_equal((int)b.crashed_s[0], 1);
    assert_int_equal((int)b.crashed_s[1], 70);
    assert_int_equal((int)b.crashed_s[2], 70);
    assert_int_equal((int)b.ran_ms, 1000 + 70000 + 70999);
    char text[128];
    boot_crash_times(&b, text, sizeof(text));
    assert_string_equal(text, "1 s, 1 min 10 s and 1 min 10 s");
    b.crashes = 2;
    boot_crash_times(&b, text, sizeof(text));
    assert_string_equal(text, "1 s and 1 min 10 s");
    b.crashes = 1;
    boot_crash_times(&b, text, sizeof(text));
    assert_string_equal(text, "1 s");
}

/* boot-alive counts only for its own attempt, and never takes time away. */
static void another_attempts_alive_is_ignored(void **state)
{
    (void)state;
    struct boot_count b;
    memset(&b, 0, sizeof(b));
    assert_int_equal(boot_start(&b, "g000002", T0), 0);
    boot_ran(&b, BOOT_CHECKPOINT_MS);
    boot_alive(&b, "g000002", T0 - 5, 90000); /* an earlier attempt */
    boot_alive(&b, "g000003", T0, 90000);     /* another exhibit */
    boot_alive(&b, "g000002", T0, 30000);     /* older than the checkpoint */
    assert_int_equal((int)b.attempt_ms, BOOT_CHECKPOINT_MS);
    assert_int_equal((int)b.ran_ms, BOOT_CHECKPOINT_MS);
    boot_clean(&b);
    boot_alive(&b, "g000002", T0, 90000); /* not running: a clean exit */
    assert_int_equal((int)b.ran_ms, 0);
}

static void the_alive_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_bootcount.XXXXXX", path[256], why[512];
    assert_non_null(mkdtemp(dir));
    struct boot_count b, r;
    memset(&b, 0, sizeof(b));
    assert_int_equal(boot_start(&b, "g000002", T0), 0);
    boot_alive(&b, "g000002", T0, 4000);
    assert_int_equal(boot_start(&b, "g000002", T0 + 10), 0); /* a crash after 4 s */
    assert_int_equal(boot_write(fsio_posix(), dir, &b, why, sizeof(why)), 0);
    /* the attempt runs 71 s (then 9 s, as a wrong clock would say: the
     * larger stands), and crashes */
    assert_int_equal(boot_write_alive(fsio_posix(), dir, &b, 71000), 0);
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), 0);
    assert_int_equal((int)r.attempt_ms, 71000);
    assert_int_equal((int)r.ran_ms, 4000 + 71000);
    assert_int_equal((int)r.crashed_s[0], 4);
    assert_int_equal(boot_write_alive(fsio_posix(), dir, &b, 9000), 0);
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), 0);
    assert_int_equal((int)r.attempt_ms, 9000); /* written in place: no tail of 71000 */
    assert_int_equal(boot_start(&r, "g000002", T0 + 100), 0);
    char text[64];
    boot_crash_times(&r, text, sizeof(text));
    assert_string_equal(text, "4 s and 9 s");
    /* version 1, as earlier kiosks wrote it, still reads */
    snprintf(path, sizeof(path), "%s/" BOOT_FILE, dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("vitrine-boot 1\ngeneration g000002\ncrashes 1\nrunning 1\nfirst 5\nran_ms 6000\n", f);
    fclose(f);
    assert_int_equal(boot_read(dir, &r, why, sizeof(why)), 0);
    assert_int_equal(r.crashes, 1);
    assert_int_equal((int)r.ran_ms, 6000);
    unlink(path);
    snprintf(path, sizeof(path), "%s/" BOOT_ALIVE_FILE, dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_quick_crashes_roll_back),
        cmocka_unit_test(a_clean_exit_clears_the_count),
        cmocka_unit_test(ten_minutes_of_running_prove_a_generation),
        cmocka_unit_test(a_crash_after_the_window_starts_a_new_one),
        cmocka_unit_test(another_generation_starts_again),
        cmocka_unit_test(the_file),
        cmocka_unit_test(each_crash_is_timed_to_the_second),
        cmocka_unit_test(another_attempts_alive_is_ignored),
        cmocka_unit_test(the_alive_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
