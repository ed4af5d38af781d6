/* The health figures and their Prometheus text format: names, HELP and
 * TYPE lines, label escaping, frame time quantiles from a known sequence,
 * counters; and the atomic write (tmp file, rename, rationed fsync). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/ops/health.h"
#include "platform/fsio_posix.h"

static char out[8192];

static void format(const struct health *h, uint64_t now_ms)
{
    int n = health_format(h, now_ms, out, sizeof(out));
    assert_true(n > 0);
    assert_int_equal((size_t)n, strlen(out));
    assert_int_equal(out[n - 1], '\n');
}

static void has_line(const char *line)
{
    char want[1024];
    snprintf(want, sizeof(want), "\n%s\n", line);
    char text[sizeof(out) + 1] = "\n";
    strcat(text, out);
    if (!strstr(text, want)) {
        print_error("missing line: %s\nin:\n%s", line, out);
        fail();
    }
}

static void every_family_has_help_and_type(void **state)
{
    (void)state;
    struct health h;
    health_init(&h, 1000, 1700000000);
    health_set_exhibit(&h, "imported", "Birds", "birds", "2.1", "g000003", "ABCDEF0123456789", 12);
    health_set_renderer(&h, "opengl", "x11");
    health_import(&h, HEALTH_LOADED, 1700000100, "");
    format(&h, 61000);
    has_line("# HELP vitrine_up_seconds Seconds since the kiosk started.");
    has_line("# TYPE vitrine_up_seconds gauge");
    has_line("vitrine_up_seconds 60");
    has_line("vitrine_start_time_seconds 1700000000");
    has_line("# TYPE vitrine_frames_total counter");
    has_line("# TYPE vitrine_frame_seconds summary");
    has_line("vitrine_exhibit_info{title=\"Birds\",version=\"2.1\",slug=\"birds\","
             "generation=\"g000003\",signer=\"ABCDEF0123456789\",source=\"imported\"} 1");
    has_line("vitrine_renderer_info{renderer=\"opengl\",driver=\"x11\"} 1");
    has_line("vitrine_exhibit_panels 12");
    has_line("vitrine_last_import_timestamp_seconds 1700000100");
    has_line("vitrine_last_import_success 1");
    has_line("vitrine_last_import_info{outcome=\"loaded\",reason=\"\"} 1");
    /* every sample's family was declared just before, with HELP then TYPE */
    char copy[sizeof(out)];
    strcpy(copy, out);
    char family[128] = "";
    int helps = 0, types = 0;
    for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
        if (strncmp(line, "# HELP ", 7) == 0) {
            helps++;
            sscanf(line + 7, "%127s", family);
            assert_int_equal(strncmp(family, "vitrine_", 8), 0);
            continue;
        }
        if (strncmp(line, "# TYPE ", 7) == 0) {
            char name[128], type[32];
            types++;
            assert_int_equal(sscanf(line + 7, "%127s %31s", name, type), 2);
            assert_string_equal(name, family);
            assert_true(strcmp(type, "gauge") == 0 || strcmp(type, "counter") == 0 ||
                        strcmp(type, "summary") == 0);
            if (strcmp(type, "counter") == 0)
                assert_non_null(strstr(name, "_total"));
            continue;
        }
        size_t fl = strlen(family);
        assert_int_equal(strncmp(line, family, fl), 0);
        const char *rest = line + fl;
        assert_true(*rest == ' ' || *rest == '{' || strncmp(rest, "_sum ", 5) == 0 ||
                    strncmp(rest, "_count ", 7) == 0);
    }
    assert_int_equal(helps, types);
    assert_true(helps >= 12);
}

static void labels_are_escaped(void **state)
{
    (void)state;
    struct health h;
    health_init(&h, 0, 0);
    health_set_exhibit(&h, "file", "The \"Great\" C:\\ Hall\nof birds \xc3\xa9\xff", "s", "1", "",
                       "", 1);
    health_import(&h, HEALTH_REFUSED, 5, "no signature \"x.minisig\"\nfound");
    format(&h, 0);
    has_line("vitrine_exhibit_info{title=\"The \\\"Great\\\" C:\\\\ Hall\\nof birds \xc3\xa9?\","
             "version=\"1\",slug=\"s\",generation=\"\",signer=\"\",source=\"file\"} 1");
    has_line("vitrine_last_import_info{outcome=\"refused\","
             "reason=\"no signature \\\"x.minisig\\\"\\nfound\"} 1");
    has_line("vitrine_last_import_success 0");
}

static void quantiles_of_a_known_sequence(void **state)
{
    (void)state;
    struct health h;
    health_init(&h, 0, 0);
    assert_true(isnan(health_frame_quantile(&h, 0.5)));
    format(&h, 0);
    has_line("vitrine_frame_seconds{quantile=\"0.5\"} NaN");
    has_line("vitrine_frame_seconds_count 0");
    /* 1..100 ms, shuffled: nearest rank gives 50, 90, 99 and 100 ms */
    for (int i = 0; i < 100; i++)
        health_frame(&h, ((i * 37) % 100 + 1) / 1000.0);
    assert_float_equal(health_frame_quantile(&h, 0.5), 0.050, 1e-6);
    assert_float_equal(health_frame_quantile(&h, 0.9), 0.090, 1e-6);
    assert_float_equal(health_frame_quantile(&h, 0.99), 0.099, 1e-6);
    assert_float_equal(health_frame_max(&h), 0.100, 1e-6);
    format(&h, 0);
    has_line("vitrine_frame_seconds{quantile=\"0.5\"} 0.05");
    has_line("vitrine_frame_seconds_count 100");
    has_line("vitrine_frames_total 100");
    /* the window is the last HEALTH_FRAME_WINDOW frames: slow old frames go */
    for (int i = 0; i < HEALTH_FRAME_WINDOW; i++)
        health_frame(&h, 0.004);
    assert_float_equal(health_frame_max(&h), 0.004, 1e-6);
    assert_float_equal(health_frame_quantile(&h, 0.99), 0.004, 1e-6);
    format(&h, 0);
    char line[128];
    snprintf(line, sizeof(line), "vitrine_frames_total %d", 100 + HEALTH_FRAME_WINDOW);
    has_line(line);
}

static void counters_count(void **state)
{
    (void)state;
    struct health h;
    health_init(&h, 0, 0);
    format(&h, 0);
    has_line("vitrine_imports_total{outcome=\"loaded\"} 0");
    assert_null(strstr(out, "vitrine_last_import")); /* none since the start */
    health_import(&h, HEALTH_LOADED, 10, NULL);
    health_import(&h, HEALTH_SAME, 11, "already");
    health_import(&h, HEALTH_FAILED, 12, "disk full");
    health_import(&h, HEALTH_FAILED, 13, "disk full");
    health_count_log(&h, LOG_ERROR);
    health_count_log(&h, LOG_ERROR);
    health_count_log(&h, LOG_WARN);
    health_count_log(&h, LOG_INFO);
    h.panels_shown = 7;
    format(&h, 0);
    has_line("vitrine_imports_total{outcome=\"loaded\"} 1");
    has_line("vitrine_imports_total{outcome=\"same\"} 1");
    has_line("vitrine_imports_total{outcome=\"refused\"} 0");
    has_line("vitrine_imports_total{outcome=\"failed\"} 2");
    has_line("vitrine_last_import_timestamp_seconds 13");
    has_line("vitrine_log_messages_total{level=\"error\"} 2");
    has_line("vitrine_log_messages_total{level=\"warning\"} 1");
    has_line("vitrine_panels_shown_total 7");
}

static void too_small_a_buffer(void **state)
{
    (void)state;
    struct health h;
    health_init(&h, 0, 0);
    char small[100];
    assert_int_equal(health_format(&h, 0, small, sizeof(small)), -1);
}

/* fsio_posix with fsync counted */
static int fsyncs;
static int count_fsync(void *ctx, int fd)
{
    (void)ctx;
    fsyncs++;
    return fsync(fd) == 0 ? 0 : -errno;
}

static void written_atomically(void **state)
{
    (void)state;
    char dir[] = "/tmp/vitrine-health-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], tmp[300];
    snprintf(path, sizeof(path), "%s/vitrine.prom", dir);
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    struct fsio io = *fsio_posix();
    io.fsync = count_fsync;
    struct health h;
    health_init(&h, 0, 0);
    log_set_quiet(1);
    assert_int_equal(health_save(&h, &io, path, 1000), 0);
    assert_int_equal(fsyncs, 1);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0600, 0600);
    assert_int_equal(stat(tmp, &st), -1);
    /* again within 15 s: written and renamed, not synced */
    assert_int_equal(health_save(&h, &io, path, 1000 + HEALTH_FSYNC_EVERY_MS - 1), 0);
    assert_int_equal(fsyncs, 1);
    assert_int_equal(health_save(&h, &io, path, 1000 + HEALTH_FSYNC_EVERY_MS), 0);
    assert_int_equal(fsyncs, 2);
    /* a folder that is not there: -1, logged once, no tmp file left */
    char bad[300];
    snprintf(bad, sizeof(bad), "%s/missing/vitrine.prom", dir);
    assert_int_equal(health_save(&h, &io, bad, 40000), -1);
    assert_int_equal(h.write_failing, 1);
    assert_int_equal((int)atomic_load(&h.warnings), 0); /* no subscriber counts here */
    assert_int_equal(health_save(&h, &io, path, 41000), 0);
    assert_int_equal(h.write_failing, 0);
    unlink(path);
    rmdir(dir);
}

/* Proof of play: the PNG's name beside the health file, and its time in
 * the figures only once one was written. */
static void the_screenshot_lies_beside_the_file(void **state)
{
    (void)state;
    char png[64];
    assert_int_equal(health_screenshot_path("/var/lib/node/vitrine.prom", png, sizeof png), 0);
    assert_string_equal(png, "/var/lib/node/vitrine.png");
    assert_int_equal(health_screenshot_path("/tmp/health.txt", png, sizeof png), 0);
    assert_string_equal(png, "/tmp/health.txt.png"); /* never a .prom the collector reads */
    assert_int_equal(health_screenshot_path(".prom", png, sizeof png), 0);
    assert_string_equal(png, ".prom.png");
    assert_int_equal(health_screenshot_path("/a/very/long/path/vitrine.prom", png, 16), -1);

    static struct health h;
    health_init(&h, 1000, 1700000000);
    char buf[8192];
    assert_true(health_format(&h, 2000, buf, sizeof buf) > 0);
    assert_null(strstr(buf, "vitrine_screenshot_timestamp_seconds"));
    h.screenshot_unix = 1700000600;
    assert_true(health_format(&h, 2000, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "\nvitrine_screenshot_timestamp_seconds 1700000600\n"));
    assert_non_null(strstr(buf, "# TYPE vitrine_screenshot_timestamp_seconds gauge\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_family_has_help_and_type),
        cmocka_unit_test(the_screenshot_lies_beside_the_file),
        cmocka_unit_test(labels_are_escaped),
        cmocka_unit_test(quantiles_of_a_known_sequence),
        cmocka_unit_test(counters_count),
        cmocka_unit_test(too_small_a_buffer),
        cmocka_unit_test(written_atomically),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
