/* Video clips (platform/video.c) on real clips made by
 * tests/tools/make_clips.sh (ffmpeg's testsrc2 picture; exit 77 without
 * ffmpeg): the probe's facts for each codec and container, the poster's
 * pixels, playing from a store's blob (frames, position, pause, the end,
 * loop, restart, the store replaced on disk while it plays), broken clips,
 * no temporary file and no descriptor but the clip's, memory while a 4K
 * clip plays, the probe's time limit.
 *
 * `test_video --no-libmpv`, run with VITRINE_LIBMPV naming a missing file
 * (the test gives it to video_use_library; the module reads no environment
 * variable): video_available and video_open fail with a reason.
 *
 * Nothing here sleeps to wait for mpv: the player's waker signals a
 * condition variable, and every wait has a deadline. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "app/base/log.h"
#include "platform/video.h"

#if defined(__SANITIZE_ADDRESS__)
/* AddressSanitizer keeps freed memory resident in its quarantine (256 MB
 * by default), which the resident-memory check would count as the
 * player's: a small one keeps that check the same under ASan. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "quarantine_size_mb=16";
}
#endif

/* How far a probed duration may be from the clip's. */
#define DURATION_SLACK_MS 150
/* What playing a 4K clip into a 1920x1080 box may add to the resident set. */
#define RSS_4K_BUDGET_MB 150

static char clips[PATH_MAX];  /* make_clips.sh's folder */
static char work[PATH_MAX];   /* this run's stores */
static char tmpdir[PATH_MAX]; /* TMPDIR while the tests run: must stay empty */
static char store[PATH_MAX];  /* the store of blob clips */
/* descriptors open when the test started (CTest's own, inherited) */
static bool inherited[1024];

/* rowids of the clips in the store (not 1, 2, 3: the rowid is what is read) */
enum { ROW_H264 = 7, ROW_HEVC = 11, ROW_GARBAGE = 13, ROW_4K = 17, ROW_VP9 = 19, ROW_TONE = 23 };

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* dir/name into out; a path too long fails the test */
static void path_join(char *out, size_t len, const char *dir, const char *name)
{
    int n = snprintf(out, len, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= len)
        fail_msg("path too long: %s/%s", dir, name);
}

static void clip_path(char *out, size_t len, const char *name)
{
    path_join(out, len, clips, name);
}

static int64_t file_bytes(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (int64_t)st.st_size : -1;
}

/* ---- a store of clips, written as the authoring tool will ---------------- */

static void put_clip(sqlite3 *db, int64_t rowid, const char *name)
{
    char path[PATH_MAX];
    clip_path(path, sizeof path, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    int64_t size = file_bytes(path);
    sqlite3_stmt *st;
    assert_int_equal(
        sqlite3_prepare_v2(db, "INSERT INTO clip(id, data) VALUES (?, ?)", -1, &st, NULL),
        SQLITE_OK);
    sqlite3_bind_int64(st, 1, rowid);
    sqlite3_bind_zeroblob(st, 2, (int)size);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_blob *blob;
    assert_int_equal(sqlite3_blob_open(db, "main", "clip", "data", rowid, 1, &blob), SQLITE_OK);
    static char chunk[1 << 16];
    int64_t at = 0;
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        assert_int_equal(sqlite3_blob_write(blob, chunk, (int)n, (int)at), SQLITE_OK);
        at += (int64_t)n;
    }
    assert_int_equal(at, size);
    sqlite3_blob_close(blob);
    fclose(f);
}

static void make_store(const char *path)
{
    unlink(path);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TABLE clip(id INTEGER PRIMARY KEY, data BLOB);"
                                  "BEGIN",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    put_clip(db, ROW_H264, "h264.mp4");
    put_clip(db, ROW_HEVC, "hevc.mp4");
    put_clip(db, ROW_GARBAGE, "garbage.mp4");
    put_clip(db, ROW_4K, "h264-4k.mp4");
    put_clip(db, ROW_VP9, "vp9.webm");
    put_clip(db, ROW_TONE, "tone.m4a");
    assert_int_equal(sqlite3_exec(db, "COMMIT", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

/* ---- a player driven as the run loop will drive it ----------------------- */

struct run {
    struct video_player *p;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int wakes;
    uint32_t *pixels;
    int w, h;
    int frames;
    int64_t pos;
    enum video_state state;
    int failed_polls;
    char why[256];
    char first_why[256];
};

static void wake(void *ctx)
{
    struct run *r = ctx;
    pthread_mutex_lock(&r->lock);
    r->wakes++;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

static void run_open_hw(struct run *r, const char *path, int64_t rowid, bool loop, bool sound,
                        bool hwdec, int w, int h)
{
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&r->cond, &attr);
    pthread_condattr_destroy(&attr);
    r->w = w;
    r->h = h;
    r->pixels = calloc((size_t)w * (size_t)h, 4);
    assert_non_null(r->pixels);
    struct video_source src = {.path = path, .rowid = rowid};
    struct video_opts o = {.loop = loop, .sound = sound, .hwdec = hwdec};
    char why[256] = "";
    r->p = video_open(&src, &o, wake, r, why, sizeof why);
    if (!r->p)
        fail_msg("video_open: %s", why);
}

static void run_open(struct run *r, const char *path, int64_t rowid, bool loop, bool sound, int w,
                     int h)
{
    run_open_hw(r, path, rowid, loop, sound, false, w, h);
}

static void run_close(struct run *r)
{
    video_close(r->p);
    r->p = NULL;
    free(r->pixels);
    pthread_cond_destroy(&r->cond);
    pthread_mutex_destroy(&r->lock);
}

/* One pass of the run loop: wait for the waker (at most until deadline),
 * poll, render what is new. */
static void run_pass(struct run *r, int64_t deadline)
{
    int64_t ms = deadline - now_ms();
    if (ms > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        ts.tv_sec += ms / 1000;
        ts.tv_nsec += (ms % 1000) * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_mutex_lock(&r->lock);
        while (r->wakes == 0)
            if (pthread_cond_timedwait(&r->cond, &r->lock, &ts) != 0)
                break;
        r->wakes = 0;
        pthread_mutex_unlock(&r->lock);
    }
    r->state = video_poll(r->p, &r->pos, r->why, sizeof r->why);
    if (r->state == VIDEO_FAILED) {
        if (r->failed_polls++ == 0)
            snprintf(r->first_why, sizeof r->first_why, "%s", r->why);
        return;
    }
    int rc = video_render(r->p, r->w, r->h, r->pixels, r->w * 4, false);
    assert_true(rc >= 0);
    if (rc == 1) {
        r->frames++;
        video_presented(r->p);
    }
}

/* Run passes until done(r) or ms have passed; whether done. The first
 * pass polls at once, as the run loop polls a clip in the frame that
 * opened it: a clip refused at video_open is VIDEO_FAILED at its first
 * poll and wakes no one (video.h), so waiting first would wait out ms. */
static bool run_until(struct run *r, bool (*done)(const struct run *r), int64_t ms)
{
    int64_t deadline = now_ms() + ms;
    run_pass(r, 0);
    if (done(r))
        return true;
    while (now_ms() < deadline) {
        run_pass(r, deadline);
        if (done(r))
            return true;
    }
    return false;
}

static int frames_wanted;
static bool has_frames(const struct run *r)
{
    return r->frames >= frames_wanted;
}
static bool is_paused(const struct run *r)
{
    return r->state == VIDEO_PAUSED;
}
static bool has_ended(const struct run *r)
{
    return r->state == VIDEO_ENDED;
}
static bool has_failed(const struct run *r)
{
    return r->state == VIDEO_FAILED;
}
static bool never(const struct run *r)
{
    (void)r;
    return false;
}

/* The share of pixels that are not black. */
static double lit_share(const uint32_t *px, int n)
{
    int lit = 0;
    for (int i = 0; i < n; i++)
        lit += ((px[i] >> 16) & 0xff) > 16 || ((px[i] >> 8) & 0xff) > 16 || (px[i] & 0xff) > 16;
    return (double)lit / n;
}

/* ---- probing ------------------------------------------------------------- */

struct expect {
    const char *name, *codec, *container;
    int64_t duration_ms;
    bool audio;
    int w, h;
};

static const struct expect expected[] = {
    {"h264.mp4", "h264", "mp4", 3000, true, 1280, 720},
    {"hevc.mp4", "hevc", "mp4", 3000, false, 1280, 720},
    {"vp9.webm", "vp9", "webm", 3000, true, 1280, 720},
    {"av1.mkv", "av1", "matroska", 3000, false, 1280, 720},
    {"h264-4k.mp4", "h264", "mp4", 2000, false, 3840, 2160},
};

static void check_info(const struct expect *e, const struct video_info *info, int64_t bytes)
{
    assert_string_equal(info->codec, e->codec);
    assert_string_equal(info->container, e->container);
    assert_int_equal(info->width, e->w);
    assert_int_equal(info->height, e->h);
    assert_true(info->duration_ms >= e->duration_ms - DURATION_SLACK_MS);
    assert_true(info->duration_ms <= e->duration_ms + DURATION_SLACK_MS);
    assert_int_equal(info->has_audio, e->audio);
    assert_int_equal(info->bytes, bytes);
    assert_true(info->bitrate > 0);
    assert_true(info->bitrate == info->bytes * 8 * 1000 / info->duration_ms);
    assert_true(info->fps > 29.9 && info->fps < 30.1);
}

static void probe_each_codec_and_container(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const struct expect *e = &expected[i];
        char path[PATH_MAX], why[256] = "";
        clip_path(path, sizeof path, e->name);
        struct video_source src = {.path = path, .rowid = 0};
        struct video_info info;
        int64_t t0 = now_ms();
        int rc = video_probe(&src, -1, 0, 0, &info, NULL, NULL, NULL, why, sizeof why);
        int64_t t1 = now_ms();
        if (rc != 0)
            fail_msg("%s: %s", e->name, why);
        printf("probe %-12s %-5s %-9s %dx%d %.2f fps %lld ms %lld bit/s audio %s: %lld ms\n",
               e->name, info.codec, info.container, info.width, info.height, info.fps,
               (long long)info.duration_ms, (long long)info.bitrate, info.has_audio ? "yes" : "no",
               (long long)(t1 - t0));
        check_info(e, &info, file_bytes(path));
    }
}

static void probe_reads_the_blob(void **state)
{
    (void)state;
    static const struct {
        int64_t rowid;
        const struct expect *e;
    } rows[] = {{ROW_H264, &expected[0]}, {ROW_HEVC, &expected[1]}, {ROW_VP9, &expected[2]}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char path[PATH_MAX], why[256] = "";
        clip_path(path, sizeof path, rows[i].e->name);
        struct video_source src = {.path = store, .rowid = rows[i].rowid};
        struct video_info info;
        if (video_probe(&src, -1, 0, 0, &info, NULL, NULL, NULL, why, sizeof why) != 0)
            fail_msg("rowid %lld: %s", (long long)rows[i].rowid, why);
        check_info(rows[i].e, &info, file_bytes(path));
    }
    /* a rowid with no clip */
    char why[256] = "";
    struct video_source none = {.path = store, .rowid = 99};
    assert_int_equal(video_probe(&none, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why), -1);
    assert_non_null(strstr(why, "no clip 99"));
}

/* testsrc2's six bars, left to right, as 0xRRGGBB classes */
static char colour_class(uint32_t px)
{
    int r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
    bool R = r > 180, G = g > 180, B = b > 180;
    bool r0 = r < 90, g0 = g < 90, b0 = b < 90;
    if (R && g0 && b0)
        return 'r';
    if (r0 && G && b0)
        return 'g';
    if (R && G && b0)
        return 'y';
    if (r0 && g0 && B)
        return 'b';
    if (R && g0 && B)
        return 'm';
    if (r0 && G && B)
        return 'c';
    return '?';
}

static int distinct_colours(const uint32_t *px, int n)
{
    /* colours quantised to 3 bits a channel */
    static bool seen[512];
    memset(seen, 0, sizeof seen);
    int count = 0;
    for (int i = 0; i < n; i++) {
        int q = (int)(((px[i] >> 21) & 7) << 6 | ((px[i] >> 13) & 7) << 3 | ((px[i] >> 5) & 7));
        if (!seen[q]) {
            seen[q] = true;
            count++;
        }
    }
    return count;
}

static void poster_is_the_picture(void **state)
{
    (void)state;
    char path[PATH_MAX], why[256] = "";
    clip_path(path, sizeof path, "h264.mp4");
    struct video_source src = {.path = path, .rowid = 0};
    struct video_info info;
    uint32_t *px = NULL;
    int w = 0, h = 0;
    /* a box smaller than the clip, taller than its aspect: fitted by width */
    if (video_probe(&src, -1, 640, 640, &info, &px, &w, &h, why, sizeof why) != 0)
        fail_msg("%s", why);
    assert_non_null(px);
    assert_int_equal(w, 640);
    assert_int_equal(h, 360);
    assert_true(distinct_colours(px, w * h) >= 8);
    assert_true(lit_share(px, w * h) > 0.9);
    /* the bars in their order: red, green, yellow, blue, magenta, cyan
     * (so the channels are where SDL_PIXELFORMAT_RGB888 has them) */
    char bars[7] = "";
    for (int i = 0; i < 6; i++)
        bars[i] = colour_class(px[(h * 3 / 10) * w + (2 * i + 1) * w / 12]);
    assert_string_equal(bars, "rgybmc");
    /* the poster at 0:02 is another picture */
    uint32_t *px2 = NULL;
    int w2 = 0, h2 = 0;
    if (video_probe(&src, 2000, 640, 640, NULL, &px2, &w2, &h2, why, sizeof why) != 0)
        fail_msg("%s", why);
    assert_int_equal(w2, 640);
    assert_int_equal(h2, 360);
    assert_memory_not_equal(px, px2, (size_t)w * (size_t)h * 4);
    free(px2);
    free(px);

    /* fitted by height; never enlarged; a time past the end is clamped */
    px = NULL;
    assert_int_equal(video_probe(&src, 5000, 1000, 90, NULL, &px, &w, &h, why, sizeof why), 0);
    assert_int_equal(w, 160);
    assert_int_equal(h, 90);
    free(px);
    px = NULL;
    assert_int_equal(video_probe(&src, 0, 4000, 4000, NULL, &px, &w, &h, why, sizeof why), 0);
    assert_int_equal(w, 1280);
    assert_int_equal(h, 720);
    assert_true(lit_share(px, w * h) > 0.9);
    free(px);

    /* a 4K clip's poster for a 1920x1080 box */
    clip_path(path, sizeof path, "h264-4k.mp4");
    px = NULL;
    assert_int_equal(video_probe(&src, -1, 1920, 1080, NULL, &px, &w, &h, why, sizeof why), 0);
    assert_int_equal(w, 1920);
    assert_int_equal(h, 1080);
    assert_true(distinct_colours(px, w * h) >= 8);
    free(px);
}

/* The bars of a picture of the test pattern along one line: across the
 * row at y (across) or down the column at x, sampled in six. */
static void bars_along(const uint32_t *px, int w, int h, bool across, int at, char out[7])
{
    for (int i = 0; i < 6; i++)
        out[i] = across ? colour_class(px[at * w + (2 * i + 1) * w / 12])
                        : colour_class(px[((2 * i + 1) * h / 12) * w + at]);
    out[6] = '\0';
}

/* A clip whose header asks for a turn (a phone's clip filmed upright):
 * mpv's software renderer cannot turn a picture, and libmpv 0.35 aborted
 * the whole process on a quarter turn (bundle build, the import and the
 * kiosk alike). It is turned by a filter instead: the poster, the size
 * the probe gives and the played frames are the picture as meant. */
static void turned_clips_are_turned(void **state)
{
    (void)state;
    char path[PATH_MAX], why[256] = "";
    char bars[7];
    struct video_info info;
    uint32_t *px = NULL;
    int w = 0, h = 0;

    /* a quarter turn: upright, the first bar (red) at the bottom */
    clip_path(path, sizeof path, "h264-turned.mp4");
    struct video_source src = {.path = path, .rowid = 0};
    if (video_probe(&src, -1, 640, 640, &info, &px, &w, &h, why, sizeof why) != 0)
        fail_msg("%s", why);
    assert_int_equal(info.width, 720);
    assert_int_equal(info.height, 1280);
    assert_int_equal(w, 360);
    assert_int_equal(h, 640);
    bars_along(px, w, h, false, w * 3 / 10, bars);
    assert_string_equal(bars, "cmbygr");
    free(px);

    /* a half turn: the bars right to left, the counter's row low */
    clip_path(path, sizeof path, "h264-upside.mp4");
    px = NULL;
    if (video_probe(&src, -1, 640, 640, &info, &px, &w, &h, why, sizeof why) != 0)
        fail_msg("%s", why);
    assert_int_equal(info.width, 1280);
    assert_int_equal(info.height, 720);
    bars_along(px, w, h, true, h * 7 / 10, bars);
    assert_string_equal(bars, "cmbygr");
    free(px);

    /* played in software, drawn turned */
    clip_path(path, sizeof path, "h264-turned.mp4");
    struct run r;
    run_open(&r, path, 0, false, false, 180, 320);
    frames_wanted = 5;
    if (!run_until(&r, has_frames, 10000))
        fail_msg("%d frames in 10 s (state %d: %s)", r.frames, r.state, r.why);
    bars_along(r.pixels, r.w, r.h, false, r.w * 3 / 10, bars);
    assert_string_equal(bars, "cmbygr");
    run_close(&r);
}

/* The share of rows y0..y1 (of a w-wide picture) in colour class c. */
static double band_share(const uint32_t *px, int w, int y0, int y1, char c)
{
    long in = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < w; x++)
            in += colour_class(px[y * w + x]) == c;
    return (double)in / ((double)(y1 - y0) * w);
}

/* Clips of shapes a phone, a camera or an editor may write, none of them
 * written for this exhibit: each is probed (its size as shown, a poster
 * that is a picture) and plays a few frames in software. A shape mpv's
 * software renderer cannot take aborts this test, as it aborted the kiosk
 * (a clip turned a quarter did). */
static void clips_of_every_shape_play(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int w, h; /* as shown; 0: only more than 0 */
    } shapes[] = {
        {"shape-odd444.mkv", 0, 0},         {"shape-grey.mp4", 320, 180},
        {"shape-hevc10.mp4", 320, 180},     {"shape-sar.mp4", 512, 288},
        {"shape-sar-turned.mp4", 288, 512}, {"shape-tiny.mp4", 16, 16},
        {"shape-alpha.webm", 320, 180},     {"shape-switch.mkv", 320, 180},
        {"shape-turned270.mp4", 720, 1280},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        char path[PATH_MAX], why[256] = "";
        clip_path(path, sizeof path, shapes[i].name);
        struct video_source src = {.path = path, .rowid = 0};
        struct video_info info;
        uint32_t *px = NULL;
        int w = 0, h = 0;
        if (video_probe(&src, -1, 640, 640, &info, &px, &w, &h, why, sizeof why) != 0)
            fail_msg("%s: %s", shapes[i].name, why);
        printf("%-22s shown %dx%d, poster %dx%d\n", shapes[i].name, info.width, info.height, w, h);
        if (shapes[i].w) {
            assert_int_equal(info.width, shapes[i].w);
            assert_int_equal(info.height, shapes[i].h);
        }
        assert_true(info.width > 0 && info.height > 0 && w > 0 && h > 0);
        assert_true(lit_share(px, w * h) > 0.5);
        if (strcmp(shapes[i].name, "shape-turned270.mp4") == 0) /* turned the other way */
            assert_true(band_share(px, w, 0, h / 7, 'r') > 0.6);
        free(px);

        struct run r;
        run_open(&r, path, 0, false, false, w, h);
        frames_wanted = 3;
        if (!run_until(&r, has_frames, 10000))
            fail_msg("%s: %d frames in 10 s (state %d: %s)", shapes[i].name, r.frames, r.state,
                     r.why);
        assert_true(lit_share(r.pixels, r.w * r.h) > 0.5);
        run_close(&r);
    }
}

static void broken_clips_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *name, *why;
    } cases[] = {
        {"truncated.mp4", "cut short: "},
        {"garbage.mp4", "not a video: "},
        {"h264.en.vtt", "not a video: its first bytes are a WebVTT caption file"},
        {"tone.m4a", "no video track"},
        {"no-such-clip.mp4", "could not read the clip: "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[PATH_MAX], why[256] = "";
        clip_path(path, sizeof path, cases[i].name);
        struct video_source src = {.path = path, .rowid = 0};
        uint32_t *px = (uint32_t *)&src; /* must come back NULL */
        int64_t t0 = now_ms();
        int rc = video_probe(&src, -1, 320, 320, NULL, &px, NULL, NULL, why, sizeof why);
        printf("probe %-16s -> %s (%lld ms)\n", cases[i].name, why, (long long)(now_ms() - t0));
        assert_int_equal(rc, -1);
        assert_null(px);
        if (strncmp(why, cases[i].why, strlen(cases[i].why)) != 0)
            fail_msg("%s: \"%s\" does not start with \"%s\"", cases[i].name, why, cases[i].why);
    }
}

static void probe_gives_up_at_its_limit(void **state)
{
    (void)state;
    char path[PATH_MAX], why[256] = "";
    clip_path(path, sizeof path, "h264-4k.mp4");
    struct video_source src = {.path = path, .rowid = 0};
    video_set_probe_limit(1);
    int64_t t0 = now_ms();
    int rc = video_probe(&src, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why);
    int64_t took = now_ms() - t0;
    video_set_probe_limit(VIDEO_PROBE_LIMIT_MS);
    assert_int_equal(rc, -1);
    /* what the header promised, and what did not come in time */
    if (strncmp(why, "its header says MP4", 19) != 0 || !strstr(why, "within 0.001 s"))
        fail_msg("the reason: %s", why);
    assert_true(took < 2000);
}

/* ---- playing ------------------------------------------------------------- */

/* Regular files open in this process, other than stdin, stdout, stderr:
 * each must be one of the allowed paths. */
static void only_these_files_open(const char *a, const char *b)
{
    DIR *d = opendir("/proc/self/fd");
    assert_non_null(d);
    struct dirent *de;
    int regular = 0;
    while ((de = readdir(d))) {
        int fd = atoi(de->d_name);
        if (de->d_name[0] == '.' || fd <= 2 || fd == dirfd(d) ||
            (fd < (int)(sizeof inherited / sizeof inherited[0]) && inherited[fd]))
            continue;
        struct stat st;
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char link[64], target[PATH_MAX];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        assert_true(n > 0);
        target[n] = '\0';
        regular++;
        if (!(a && strcmp(target, a) == 0) && !(b && strcmp(target, b) == 0))
            fail_msg("descriptor %d is open on %s", fd, target);
    }
    closedir(d);
    assert_true(regular >= 1);
}

static void plays_from_the_blob(void **state)
{
    (void)state;
    struct run r;
    char real_store[PATH_MAX];
    assert_non_null(realpath(store, real_store));
    run_open(&r, store, ROW_H264, false, false, 640, 360);
    /* loading, or (on a quick machine) already playing */
    enum video_state first = video_poll(r.p, NULL, NULL, 0);
    assert_true(first == VIDEO_LOADING || first == VIDEO_PLAYING);

    frames_wanted = 10;
    if (!run_until(&r, has_frames, 10000))
        fail_msg("%d frames in 10 s (state %d: %s)", r.frames, r.state, r.why);
    assert_int_equal(r.state, VIDEO_PLAYING);
    assert_true(lit_share(r.pixels, r.w * r.h) > 0.9);
    only_these_files_open(real_store, NULL);
    int64_t pos1 = r.pos;
    frames_wanted = r.frames + 10;
    assert_true(run_until(&r, has_frames, 10000));
    assert_true(r.pos > pos1);

    /* paused: the position holds */
    video_set_paused(r.p, true);
    assert_true(run_until(&r, is_paused, 1000));
    run_until(&r, never, 200);
    int64_t held = r.pos;
    int frames = r.frames;
    run_until(&r, never, 600);
    assert_int_equal(r.state, VIDEO_PAUSED);
    assert_int_equal(r.pos, held);
    assert_int_equal(r.frames, frames);

    /* the store replaced on disk: the player keeps reading its own */
    char other[PATH_MAX];
    path_join(other, sizeof other, work, "replaced.sqlite");
    sqlite3 *db;
    assert_int_equal(sqlite3_open(other, &db), SQLITE_OK);
    assert_int_equal(
        sqlite3_exec(db, "CREATE TABLE clip(id INTEGER PRIMARY KEY, data BLOB)", NULL, NULL, NULL),
        SQLITE_OK);
    sqlite3_close(db);
    char keep[PATH_MAX];
    path_join(keep, sizeof keep, work, "kept.sqlite");
    assert_int_equal(link(store, keep), 0);
    assert_int_equal(rename(other, store), 0);

    /* played on: it ends (not looping), near its end */
    video_set_paused(r.p, false);
    if (!run_until(&r, has_ended, 10000))
        fail_msg("not ended in 10 s (state %d, at %lld ms)", r.state, (long long)r.pos);
    assert_true(r.pos > 2500);
    assert_true(r.frames > frames + 10);

    /* restarted: plays again from the start */
    video_restart(r.p);
    run_pass(&r, now_ms());
    assert_int_not_equal(r.state, VIDEO_ENDED);
    frames_wanted = r.frames + 5;
    assert_true(run_until(&r, has_frames, 10000));
    assert_int_equal(r.state, VIDEO_PLAYING);
    assert_true(r.pos < 2000);
    int64_t dropped = video_dropped(r.p);
    printf("h264.mp4 from the blob: %d frames, %lld dropped\n", r.frames, (long long)dropped);
    assert_true(dropped >= 0);
    run_close(&r);

    assert_int_equal(rename(keep, store), 0);
}

/* A clip's connection reads the store's own file: given the store's
 * device and inode (store_file_id), a file put in its place since is
 * refused, by the probe and the player, though it holds the same bytes. */
static void a_replaced_store_is_refused(void **state)
{
    (void)state;
    struct stat st;
    assert_int_equal(stat(store, &st), 0);
    struct video_source src = {.path = store,
                               .rowid = ROW_H264,
                               .container = "mp4",
                               .dev = (uint64_t)st.st_dev,
                               .ino = (uint64_t)st.st_ino};
    char why[256] = "";
    if (video_probe(&src, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why) != 0)
        fail_msg("the store's own file: %s", why);
    /* the same bytes in another file, renamed over the store */
    char copy[PATH_MAX], keep[PATH_MAX];
    path_join(copy, sizeof copy, work, "copy.sqlite");
    path_join(keep, sizeof keep, work, "kept.sqlite");
    FILE *in = fopen(store, "rb"), *out = fopen(copy, "wb");
    assert_non_null(in);
    assert_non_null(out);
    static char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        assert_int_equal(fwrite(chunk, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
    assert_int_equal(link(store, keep), 0);
    assert_int_equal(rename(copy, store), 0);
    assert_int_equal(video_probe(&src, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why), -1);
    printf("probe of a replaced store: %s\n", why);
    assert_non_null(strstr(why, "is no longer the file it was"));
    struct video_opts o = {0};
    struct video_player *p = video_open(&src, &o, NULL, NULL, why, sizeof why);
    assert_non_null(p);
    assert_int_equal(video_poll(p, NULL, why, sizeof why), VIDEO_FAILED);
    assert_non_null(strstr(why, "is no longer the file it was"));
    video_close(p);
    /* without an identity given, the file at the path is read */
    src.dev = src.ino = 0;
    if (video_probe(&src, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why) != 0)
        fail_msg("the copy, unchecked: %s", why);
    assert_int_equal(rename(keep, store), 0);
}

/* A clip's first bytes must be what its container says. */
static void container_is_checked(void **state)
{
    (void)state;
    static const struct {
        const char *name, *container;
        int ok;
    } cases[] = {
        {"h264.mp4", "mp4", 1},  {"vp9.webm", "webm", 1}, {"av1.mkv", "matroska", 1},
        {"h264.mp4", "webm", 0}, {"vp9.webm", "mp4", 0},  {"vp9.webm", "matroska", 0},
        {"av1.mkv", "webm", 0},  {"h264.mp4", "mov", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[PATH_MAX], why[256] = "";
        clip_path(path, sizeof path, cases[i].name);
        struct video_source src = {.path = path, .rowid = 0, .container = cases[i].container};
        int rc = video_probe(&src, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why);
        printf("%s as %s: %s\n", cases[i].name, cases[i].container, rc == 0 ? "played" : why);
        assert_int_equal(rc, cases[i].ok ? 0 : -1);
        if (!cases[i].ok)
            assert_int_equal(strncmp(why, "not a video", 11), 0);
    }
    assert_string_equal(video_container_of_name("a/b.MP4"), "mp4");
    assert_string_equal(video_container_of_name("b.webm"), "webm");
    assert_string_equal(video_container_of_name("b.mkv"), "matroska");
    assert_null(video_container_of_name("b.mov"));
    assert_null(video_container_of_name("b.m3u8"));
    assert_null(video_container_of_name(".mp4"));
}

static bool wrapped(const struct run *r);
static int64_t loop_max_pos;
static bool loop_wrapped;
static bool wrapped(const struct run *r)
{
    if (r->state == VIDEO_ENDED || r->state == VIDEO_FAILED)
        return true;
    if (r->pos > loop_max_pos)
        loop_max_pos = r->pos;
    if (loop_max_pos > 2500 && r->pos < 1000)
        loop_wrapped = true;
    return loop_wrapped;
}

static void loop_passes_the_end(void **state)
{
    (void)state;
    struct run r;
    /* hardware decoding asked for: where there is none (a test machine),
     * mpv decodes in software */
    run_open_hw(&r, store, ROW_HEVC, true, false, true, 320, 180);
    loop_max_pos = 0;
    loop_wrapped = false;
    if (!run_until(&r, wrapped, 15000))
        fail_msg("no loop in 15 s (at most %lld ms)", (long long)loop_max_pos);
    assert_int_equal(r.state, VIDEO_PLAYING);
    assert_true(loop_wrapped);
    /* and it keeps playing past the loop */
    frames_wanted = r.frames + 5;
    assert_true(run_until(&r, has_frames, 5000));
    assert_int_equal(r.state, VIDEO_PLAYING);
    run_close(&r);
}

static void plays_a_file_with_sound(void **state)
{
    (void)state;
    /* a file source, sound on (SDL's dummy driver has no part here: mpv
     * falls back to no audio output when there is no device) */
    char path[PATH_MAX], real[PATH_MAX];
    clip_path(path, sizeof path, "vp9.webm");
    assert_non_null(realpath(path, real));
    struct run r;
    run_open(&r, path, 0, false, true, 320, 180);
    frames_wanted = 5;
    if (!run_until(&r, has_frames, 10000))
        fail_msg("%d frames in 10 s (state %d: %s)", r.frames, r.state, r.why);
    only_these_files_open(real, NULL);
    assert_true(run_until(&r, has_ended, 10000));
    run_close(&r);
}

/* lines of the log tagged "video" that staff see (warnings and errors):
 * the module's own, and mpv's */
static atomic_int own_lines, mpv_lines;
static void count_line(void *ctx, enum log_level level, const char *tag, const char *line)
{
    (void)ctx;
    if (strcmp(tag, "video") != 0 || level > LOG_WARN)
        return;
    if (strncmp(line, "mpv ", 4) == 0 || strncmp(line, "more of mpv's", 13) == 0)
        atomic_fetch_add(&mpv_lines, 1);
    else
        atomic_fetch_add(&own_lines, 1);
}

static void garbage_player_fails_once(void **state)
{
    (void)state;
    static const struct {
        int64_t rowid;
        const char *why;
    } cases[] = {{ROW_GARBAGE, "not a video: "},
                 {ROW_TONE, "no video track"},
                 {99, "could not read the clip: no clip 99"}};
    assert_int_equal(log_subscribe(count_line, NULL), 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct run r;
        atomic_store(&own_lines, 0);
        atomic_store(&mpv_lines, 0);
        run_open(&r, store, cases[i].rowid, false, false, 64, 36);
        if (!run_until(&r, has_failed, 10000))
            fail_msg("rowid %lld: state %d after 10 s", (long long)cases[i].rowid, r.state);
        /* the reason once, then FAILED with no reason */
        assert_int_equal(r.failed_polls, 1);
        if (strncmp(r.first_why, cases[i].why, strlen(cases[i].why)) != 0)
            fail_msg("\"%s\" does not start with \"%s\"", r.first_why, cases[i].why);
        for (int k = 0; k < 100; k++) {
            run_pass(&r, now_ms());
            assert_int_equal(r.state, VIDEO_FAILED);
            assert_string_equal(r.why, "");
            assert_int_equal(video_render(r.p, r.w, r.h, r.pixels, r.w * 4, true), -1);
        }
        assert_string_equal(video_error(r.p), r.first_why);
        run_close(&r);
        printf("failing player (rowid %lld): %d line of its own, %d of mpv's\n",
               (long long)cases[i].rowid, atomic_load(&own_lines), atomic_load(&mpv_lines));
        /* quiet: the caller, who knows the clip by name, says it once
         * (platform/display.c); the reason came back above */
        assert_int_equal(atomic_load(&own_lines), 0);
        assert_int_equal(atomic_load(&mpv_lines), 0);
    }
    log_unsubscribe(count_line, NULL);
}

static void close_at_any_time(void **state)
{
    (void)state;
    /* closed at once, while loading, while playing: nothing hangs or leaks */
    static const int64_t after_ms[] = {0, 1, 5, 20, 60};
    for (size_t i = 0; i < sizeof after_ms / sizeof after_ms[0]; i++) {
        struct run r;
        run_open(&r, store, ROW_H264, i % 2 == 0, i % 2 == 1, 64, 36);
        if (after_ms[i] > 0)
            run_until(&r, never, after_ms[i]);
        int64_t t0 = now_ms();
        run_close(&r);
        assert_true(now_ms() - t0 < 2000);
    }
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (!f)
        return -1;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = -1;
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static long rss_peak_kb;
static bool track_rss(const struct run *r)
{
    long kb = rss_kb();
    if (kb > rss_peak_kb)
        rss_peak_kb = kb;
    return r->state == VIDEO_ENDED || r->state == VIDEO_FAILED;
}

/* In a fresh process (`test_video --rss-4k STORE`, so that what earlier
 * tests left in the heap does not hide the growth): libmpv and FFmpeg
 * loaded first by a probe of a small clip, then the 4K clip played to its
 * end into a 1920x1080 box. Exit 0 when the growth is within the budget. */
static int rss_child(void)
{
    long cold = rss_kb();
    char path[PATH_MAX], why[256] = "";
    clip_path(path, sizeof path, "hevc.mp4");
    struct video_source warm = {.path = path, .rowid = 0};
    if (video_probe(&warm, -1, 0, 0, NULL, NULL, NULL, NULL, why, sizeof why) != 0) {
        fprintf(stderr, "probe of hevc.mp4: %s\n", why);
        return 1;
    }
    long before = rss_kb();
    printf("resident memory after a first probe: +%ld MB\n", (before - cold) / 1024);
    rss_peak_kb = before;
    struct run r;
    run_open(&r, store, ROW_4K, false, false, 1920, 1080);
    int64_t t0 = now_ms();
    run_until(&r, track_rss, 15000);
    int64_t took = now_ms() - t0;
    long growth_mb = (rss_peak_kb - before) / 1024;
    printf("4K clip (2 s) in a 1920x1080 box: %d frames in %lld ms, %lld dropped, resident "
           "memory +%ld MB at most (budget %d MB)\n",
           r.frames, (long long)took, (long long)video_dropped(r.p), growth_mb, RSS_4K_BUDGET_MB);
    bool ok = r.state == VIDEO_ENDED && r.frames > 0 && growth_mb < RSS_4K_BUDGET_MB;
    run_close(&r);
    return ok ? 0 : 1;
}

static void rss_of_a_4k_clip(void **state)
{
    (void)state;
    fflush(stdout);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        /* exec at once: the child is a new program, not a copy of this one */
        execl("/proc/self/exe", "test_video", "--rss-4k", store, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* ---- set-up -------------------------------------------------------------- */

static int make_clip_store(void **state)
{
    (void)state;
    make_store(store);
    return 0;
}

static void tmpdir_stays_empty(void **state)
{
    (void)state;
    DIR *d = opendir(tmpdir);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)))
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
            fail_msg("a file in TMPDIR: %s", de->d_name);
    closedir(d);
}

static int no_libmpv(void)
{
    char why[256] = "";
    if (video_available(why, sizeof why)) {
        fprintf(stderr, "libmpv loaded although VITRINE_LIBMPV is %s\n",
                getenv("VITRINE_LIBMPV") ? getenv("VITRINE_LIBMPV") : "unset");
        return 1;
    }
    printf("video_available: %s\n", why);
    if (strncmp(why, "libmpv is not installed", 23) != 0)
        return 1;
    struct video_source src = {.path = "/nonexistent/clip.mp4", .rowid = 0};
    struct video_opts o = {0};
    char why2[256] = "";
    if (video_open(&src, &o, NULL, NULL, why2, sizeof why2) != NULL || strcmp(why, why2) != 0)
        return 1;
    char why3[256] = "";
    struct video_info info;
    if (video_probe(&src, -1, 0, 0, &info, NULL, NULL, NULL, why3, sizeof why3) != -1 ||
        strcmp(why, why3) != 0)
        return 1;
    printf("video_open and video_probe: %s\n", why2);
    return 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return type == FTW_DP ? rmdir(path) : unlink(path);
}

/* Note the descriptors open at the start: not the module's. */
static void note_inherited(void)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *de;
    while (d && (de = readdir(d))) {
        int fd = atoi(de->d_name);
        if (fd >= 0 && fd < (int)(sizeof inherited / sizeof inherited[0]) && fd != dirfd(d))
            inherited[fd] = true;
    }
    if (d)
        closedir(d);
}

int main(int argc, char **argv)
{
    note_inherited();
    log_set_quiet(getenv("VITRINE_VIDEO_LOG") == NULL);
    if (argc > 1 && strcmp(argv[1], "--no-libmpv") == 0) {
        /* the test's own variable: the module reads none */
        video_use_library(getenv("VITRINE_LIBMPV"));
        return no_libmpv();
    }
    const char *src_dir = getenv("VITRINE_SOURCE_DIR");
    const char *bin_dir = getenv("VITRINE_BINARY_DIR");
    if (!src_dir || !bin_dir) {
        fprintf(stderr, "test_video: VITRINE_SOURCE_DIR and VITRINE_BINARY_DIR must be set\n");
        return 1;
    }
    path_join(clips, sizeof clips, bin_dir, "clips");
    if (argc > 2 && strcmp(argv[1], "--rss-4k") == 0) {
        snprintf(store, sizeof store, "%s", argv[2]);
        return rss_child();
    }
    char cmd[3 * PATH_MAX];
    snprintf(cmd, sizeof cmd, "/bin/sh '%s/tests/tools/make_clips.sh' '%s'", src_dir, clips);
    int rc = system(cmd);
    if (rc == -1 || !WIFEXITED(rc)) {
        fprintf(stderr, "test_video: make_clips.sh did not run\n");
        return 1;
    }
    if (WEXITSTATUS(rc) == 77)
        return 77; /* no ffmpeg: skipped */
    if (WEXITSTATUS(rc) != 0)
        return 1;
    snprintf(work, sizeof work, "%s/test_video.XXXXXX", bin_dir);
    if (!mkdtemp(work)) {
        perror("mkdtemp");
        return 1;
    }
    path_join(tmpdir, sizeof tmpdir, work, "tmp");
    path_join(store, sizeof store, work, "clips.sqlite");
    if (mkdir(tmpdir, 0700) != 0 || setenv("TMPDIR", tmpdir, 1) != 0) {
        perror(tmpdir);
        return 1;
    }
    /* The audio system's client (PulseAudio's, when sound is on) keeps its
     * runtime folder in TMPDIR when it has no XDG_RUNTIME_DIR: give it its
     * own, so that TMPDIR shows what the module writes. */
    char run_dir[PATH_MAX];
    path_join(run_dir, sizeof run_dir, work, "run");
    if (mkdir(run_dir, 0700) != 0 || setenv("XDG_RUNTIME_DIR", run_dir, 1) != 0) {
        perror(run_dir);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(probe_each_codec_and_container),
        cmocka_unit_test(poster_is_the_picture),
        cmocka_unit_test(turned_clips_are_turned),
        cmocka_unit_test(clips_of_every_shape_play),
        cmocka_unit_test(broken_clips_are_refused),
        cmocka_unit_test(probe_gives_up_at_its_limit),
        cmocka_unit_test(probe_reads_the_blob),
        cmocka_unit_test(a_replaced_store_is_refused),
        cmocka_unit_test(container_is_checked),
        cmocka_unit_test(plays_from_the_blob),
        cmocka_unit_test(loop_passes_the_end),
        cmocka_unit_test(plays_a_file_with_sound),
        cmocka_unit_test(garbage_player_fails_once),
        cmocka_unit_test(close_at_any_time),
        cmocka_unit_test(rss_of_a_4k_clip),
        cmocka_unit_test(tmpdir_stays_empty),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]); /* one test, by name (a glob) */
    rc = cmocka_run_group_tests(tests, make_clip_store, NULL);
    /* the work folder goes (TMPDIR was checked empty) */
    nftw(work, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return rc;
}
