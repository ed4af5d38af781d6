/* The kiosk driven directly with a headless display and simulated time:
 * a renderer reset rebuilds the panel views so the frame is the same, and
 * the loop shows every panel in turn with no text rasterised while panels
 * dwell. */
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

#include "app/kiosk.h"
#include "app/log.h"
#include "content/author.h"
#include "platform/display.h"
#include "platform/text.h"

struct rig {
    struct display *d;
    struct kiosk *k;
    char dir[64];
};

static int setup(void **state)
{
    static struct rig r;
    char path[4096], why[512];
    const char *bin = getenv("VITRINE_BINARY_DIR");
    if (!bin)
        return -1;
    snprintf(path, sizeof(path), "%s/pyongyang-2014.vitrine", bin);
    struct store *s = NULL;
    if (store_open_file(path, &s, why, sizeof(why)) != 0) {
        fprintf(stderr, "%s\n", why);
        return -1;
    }
    struct display_opts o = {.headless = 1, .w = 640, .h = 400};
    r.d = display_open(&o, why, sizeof(why));
    if (!r.d) {
        store_close(s);
        return -1;
    }
    r.k = kiosk_new(r.d, s, &(struct kiosk_opts){0}, 1000, why, sizeof(why));
    snprintf(r.dir, sizeof(r.dir), "/tmp/vitrine-kiosk-XXXXXX");
    if (!r.k || !mkdtemp(r.dir))
        return -1;
    *state = &r;
    return 0;
}

static int teardown(void **state)
{
    struct rig *r = *state;
    if (!r)
        return 0;
    kiosk_free(r->k);
    display_close(r->d);
    char cmd[128];
    snprintf(cmd, sizeof(cmd), "%s/a.png", r->dir);
    unlink(cmd);
    snprintf(cmd, sizeof(cmd), "%s/b.png", r->dir);
    unlink(cmd);
    rmdir(r->dir);
    return 0;
}

static long file_bytes(const char *path, unsigned char **out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *out = malloc((size_t)n);
    if (fread(*out, 1, (size_t)n, f) != (size_t)n)
        n = -1;
    fclose(f);
    return n;
}

static void renderer_reset_redraws_the_same_frame(void **state)
{
    struct rig *r = *state;
    char a[128], b[128], why[256];
    snprintf(a, sizeof(a), "%s/a.png", r->dir);
    snprintf(b, sizeof(b), "%s/b.png", r->dir);
    kiosk_update(r->k, 2000);
    kiosk_draw(r->k, 2000);
    assert_int_equal(display_save_png(r->d, a, why, sizeof(why)), 0);
    long before = kiosk_prepare_count(r->k);
    kiosk_renderer_reset(r->k);
    assert_true(kiosk_prepare_count(r->k) > before); /* rasterised again */
    assert_true(kiosk_needs_frame(r->k, 2000));
    kiosk_draw(r->k, 2000);
    assert_int_equal(display_save_png(r->d, b, why, sizeof(why)), 0);
    unsigned char *pa = NULL, *pb = NULL;
    long na = file_bytes(a, &pa), nb = file_bytes(b, &pb);
    assert_true(na > 0);
    assert_int_equal(na, nb);
    assert_memory_equal(pa, pb, (size_t)na);
    free(pa);
    free(pb);
}

static void the_loop_shows_every_panel_without_rasterising_while_dwelling(void **state)
{
    struct rig *r = *state;
    int n = kiosk_panel_count(r->k);
    int seen[256] = {0};
    assert_true(n > 1 && n < 256);
    uint64_t t = 3000;
    long dwell_raster = 0;
    for (int guard = 0; guard < 100000; guard++) {
        kiosk_update(r->k, t);
        seen[kiosk_current(r->k)] = 1;
        if (!kiosk_transitioning(r->k)) {
            long r0 = text_render_count();
            kiosk_draw(r->k, t);
            dwell_raster += text_render_count() - r0;
        }
        uint64_t due = kiosk_deadline(r->k, t);
        assert_true(due > t || kiosk_animating(r->k, t)); /* never a deadline in the past */
        t = due > t ? due : t + KIOSK_FRAME_MS;
        int all = 1;
        for (int i = 0; i < n; i++)
            all &= seen[i];
        if (all && kiosk_current(r->k) == 0)
            break;
    }
    for (int i = 0; i < n; i++)
        assert_true(seen[i]);
    assert_int_equal(kiosk_current(r->k), 0); /* and round to the title again */
    /* the first draw of each panel's chrome text may rasterise it (cached
     * after), never the panel itself */
    assert_true(dwell_raster <= 3L * n);
}

struct lines {
    int n;
    char last[256];
};

static void collect(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct lines *l = ctx;
    if (level <= LOG_WARN && strcmp(tag, "kiosk") == 0) {
        l->n++;
        snprintf(l->last, sizeof(l->last), "%s", line);
    }
}

static void staff_lines_reach_log_subscribers(void **state)
{
    struct rig *r = *state;
    struct lines l = {0};
    assert_int_equal(log_subscribe(collect, &l), 0);
    kiosk_renderer_reset(r->k);
    log_unsubscribe(collect, &l);
    assert_int_equal(l.n, 1);
    assert_non_null(strstr(l.last, "renderer"));
    kiosk_renderer_reset(r->k); /* unsubscribed: nothing more arrives */
    assert_int_equal(l.n, 1);
}

/* New content replaces the old at the next panel boundary, starting from
 * its first panel; until then the old panel stays on screen. */
static void new_content_switches_at_a_panel_boundary(void **state)
{
    struct rig *r = *state;
    char src[4096], out[128], why[4096];
    snprintf(src, sizeof(src), "%s/tests/data/author/good", getenv("VITRINE_SOURCE_DIR"));
    snprintf(out, sizeof(out), "%s/new.vitrine", r->dir);
    assert_int_equal(author_build(src, out, NULL, why, sizeof(why)), 0);
    struct store *s = NULL;
    assert_int_equal(store_open_file(out, &s, why, sizeof(why)), 0);
    int old_count = kiosk_panel_count(r->k);
    uint64_t t = 10000000;
    kiosk_update(r->k, t);
    int shown = kiosk_current(r->k);
    kiosk_switch_store(r->k, s);
    kiosk_update(r->k, t);
    assert_int_equal(kiosk_panel_count(r->k), old_count); /* not yet */
    assert_int_equal(kiosk_current(r->k), shown);
    for (int guard = 0; guard < 100 && kiosk_panel_count(r->k) == old_count; guard++) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_int_not_equal(kiosk_panel_count(r->k), old_count);
    /* adopted when the next panel is prepared; shown when its transition ends */
    for (int guard = 0; guard < 10 && !kiosk_transitioning(r->k); guard++) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_true(kiosk_transitioning(r->k));
    while (kiosk_transitioning(r->k)) {
        t = kiosk_deadline(r->k, t);
        kiosk_update(r->k, t);
    }
    assert_int_equal(kiosk_current(r->k), 0);
    unlink(out);
}

int main(void)
{
    log_set_quiet(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(renderer_reset_redraws_the_same_frame),
        cmocka_unit_test(the_loop_shows_every_panel_without_rasterising_while_dwelling),
        cmocka_unit_test(staff_lines_reach_log_subscribers),
        cmocka_unit_test(new_content_switches_at_a_panel_boundary),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
