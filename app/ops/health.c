/* health.c - see health.h. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "health.h"
#include "rules.h"

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

void health_init(struct health *h, uint64_t now_ms, int64_t now_unix)
{
    memset(h, 0, sizeof(*h));
    h->start_ms = now_ms;
    h->start_unix = now_unix;
    h->last_import = -1;
    h->abnormal_exits = -1;
    atomic_init(&h->errors, 0);
    atomic_init(&h->warnings, 0);
}

void health_set_exhibit(struct health *h, const char *source, const char *title, const char *slug,
                        const char *version, const char *generation, const char *signer, int panels)
{
    copy(h->source, sizeof(h->source), source);
    copy(h->title, sizeof(h->title), title);
    copy(h->slug, sizeof(h->slug), slug);
    copy(h->version, sizeof(h->version), version);
    copy(h->generation, sizeof(h->generation), generation);
    copy(h->signer, sizeof(h->signer), signer);
    h->panels = panels;
}

void health_recovery(struct health *h, const char *kind, const char *reason)
{
    copy(h->recovery_kind, sizeof(h->recovery_kind), kind);
    copy(h->recovery_reason, sizeof(h->recovery_reason), reason);
}

void health_abnormal_exits(struct health *h, int n)
{
    h->abnormal_exits = n;
}

void health_set_renderer(struct health *h, const char *renderer, const char *driver)
{
    copy(h->renderer, sizeof(h->renderer), renderer);
    copy(h->driver, sizeof(h->driver), driver);
}

void health_frame(struct health *h, double seconds)
{
    if (!(seconds >= 0))
        seconds = 0;
    h->frames++;
    h->frame_sum_s += seconds;
    h->ring[h->ring_next] = seconds;
    h->ring_next = (h->ring_next + 1) % HEALTH_FRAME_WINDOW;
    if (h->ring_n < HEALTH_FRAME_WINDOW)
        h->ring_n++;
}

void health_import(struct health *h, int outcome, int64_t now_unix, const char *reason)
{
    if (outcome < 0 || outcome >= HEALTH_N_OUTCOMES)
        outcome = HEALTH_FAILED;
    h->last_import = outcome;
    h->last_import_unix = now_unix;
    copy(h->last_import_reason, sizeof(h->last_import_reason), reason);
    h->imports[outcome]++;
}

void health_count_log(struct health *h, enum log_level level)
{
    if (level == LOG_ERROR)
        atomic_fetch_add(&h->errors, 1);
    else if (level == LOG_WARN)
        atomic_fetch_add(&h->warnings, 1);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The window sorted into out; its size. */
static int sorted_window(const struct health *h, double *out)
{
    memcpy(out, h->ring, sizeof(double) * (size_t)h->ring_n);
    qsort(out, (size_t)h->ring_n, sizeof(double), cmp_double);
    return h->ring_n;
}

static double quantile_of(const double *v, int n, double q)
{
    if (n == 0)
        return NAN;
    /* nearest rank: the smallest value with at least q of the window at or below it */
    int rank = (int)ceil(q * n - 1e-9);
    if (rank < 1)
        rank = 1;
    if (rank > n)
        rank = n;
    return v[rank - 1];
}

double health_frame_quantile(const struct health *h, double q)
{
    double v[HEALTH_FRAME_WINDOW];
    int n = sorted_window(h, v);
    return quantile_of(v, n, q);
}

double health_frame_max(const struct health *h)
{
    return health_frame_quantile(h, 1.0);
}

/* An output buffer that remembers running out. */
struct out {
    char *p;
    size_t len, used;
    int full;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->p + o->used, o->len - o->used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= o->len - o->used) {
        o->full = 1;
        return;
    }
    o->used += (size_t)n;
}

/* Length of the valid UTF-8 sequence at s, or 0. */
static int utf8_len(const unsigned char *s)
{
    int n;
    unsigned min;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        n = 2, min = 0x80, c &= 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 3, min = 0x800, c &= 0x0F;
    else if ((c & 0xF8) == 0xF0)
        n = 4, min = 0x10000, c &= 0x07;
    else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    return n;
}

/* A label value, quoted: \ " and newline escaped as the format says; a
 * byte that is not UTF-8 and any other control character (a bundle's title
 * holding ESC, read back by `cat` on a terminal) written as '?'. */
static void put_label(struct out *o, const char *name, const char *value, int first)
{
    put(o, "%s%s=\"", first ? "" : ",", name);
    for (const unsigned char *s = (const unsigned char *)value; *s;) {
        int n = utf8_len(s);
        if (n == 0 || (n == 1 && (*s < 0x20 || *s == 0x7F) && *s != '\n') ||
            (n == 2 && s[0] == 0xC2 && s[1] <= 0x9F)) {
            put(o, "?");
            s += n ? n : 1;
        } else if (*s == '\\') {
            put(o, "\\\\");
            s++;
        } else if (*s == '"') {
            put(o, "\\\"");
            s++;
        } else if (*s == '\n') {
            put(o, "\\n");
            s++;
        } else {
            put(o, "%.*s", n, (const char *)s);
            s += n;
        }
    }
    put(o, "\"");
}

static void put_family(struct out *o, const char *name, const char *type, const char *help)
{
    put(o, "# HELP vitrine_%s %s\n# TYPE vitrine_%s %s\n", name, help, name, type);
}

/* A float as the format writes one: NaN, +Inf, or %.9g. */
static void put_value(struct out *o, double v)
{
    if (isnan(v))
        put(o, " NaN\n");
    else if (isinf(v))
        put(o, v > 0 ? " +Inf\n" : " -Inf\n");
    else
        put(o, " %.9g\n", v);
}

int health_format(const struct health *h, uint64_t now_ms, char *buf, size_t len)
{
    if (len == 0)
        return -1;
    struct out o = {buf, len, 0, 0};
    buf[0] = '\0';
    double up = now_ms > h->start_ms ? (double)(now_ms - h->start_ms) / 1000.0 : 0.0;

    put_family(&o, "start_time_seconds", "gauge", "When the kiosk started, in seconds since 1970.");
    put(&o, "vitrine_start_time_seconds %lld\n", (long long)h->start_unix);
    put_family(&o, "up_seconds", "gauge", "Seconds since the kiosk started.");
    put(&o, "vitrine_up_seconds");
    put_value(&o, up);

    put_family(&o, "exhibit_info", "gauge",
               "The exhibit on screen (source: imported, file or builtin); always 1.");
    put(&o, "vitrine_exhibit_info{");
    put_label(&o, "title", h->title, 1);
    put_label(&o, "version", h->version, 0);
    put_label(&o, "slug", h->slug, 0);
    put_label(&o, "generation", h->generation, 0);
    put_label(&o, "signer", h->signer, 0);
    put_label(&o, "source", h->source, 0);
    put(&o, "} 1\n");
    put_family(&o, "exhibit_panels", "gauge", "Panels in the exhibit on screen.");
    put(&o, "vitrine_exhibit_panels %d\n", h->panels);
    put_family(&o, "panels_shown_total", "counter", "Panel changes on screen since the start.");
    put(&o, "vitrine_panels_shown_total %lu\n", h->panels_shown);

    put_family(&o, "renderer_info", "gauge", "SDL's renderer and video driver; always 1.");
    put(&o, "vitrine_renderer_info{");
    put_label(&o, "renderer", h->renderer, 1);
    put_label(&o, "driver", h->driver, 0);
    put(&o, "} 1\n");

    put_family(&o, "frames_total", "counter", "Frames presented since the start.");
    put(&o, "vitrine_frames_total %llu\n", h->frames);
    put_family(&o, "frame_seconds", "summary",
               "Time to draw and present a frame; quantiles over the last 512 frames.");
    double v[HEALTH_FRAME_WINDOW];
    int n = sorted_window(h, v);
    static const char *const qs[] = {"0.5", "0.9", "0.99"};
    static const double qv[] = {0.5, 0.9, 0.99};
    for (int i = 0; i < 3; i++) {
        put(&o, "vitrine_frame_seconds{quantile=\"%s\"}", qs[i]);
        put_value(&o, quantile_of(v, n, qv[i]));
    }
    put(&o, "vitrine_frame_seconds_sum");
    put_value(&o, h->frame_sum_s);
    put(&o, "vitrine_frame_seconds_count %llu\n", h->frames);
    put_family(&o, "frame_window_max_seconds", "gauge",
               "The longest of the last 512 frames, in seconds.");
    put(&o, "vitrine_frame_window_max_seconds");
    put_value(&o, quantile_of(v, n, 1.0));

    static const char *const outcomes[] = {"loaded", "same", "refused", "failed"};
    put_family(&o, "imports_total", "counter",
               "Bundle imports since the start, by outcome (same: already loaded).");
    for (int i = 0; i < HEALTH_N_OUTCOMES; i++)
        put(&o, "vitrine_imports_total{outcome=\"%s\"} %lu\n", outcomes[i], h->imports[i]);
    if (h->last_import >= 0) {
        put_family(&o, "last_import_timestamp_seconds", "gauge",
                   "When the last import since the start finished, in seconds since 1970.");
        put(&o, "vitrine_last_import_timestamp_seconds %lld\n", (long long)h->last_import_unix);
        put_family(&o, "last_import_success", "gauge",
                   "1 when the last import loaded its exhibit or had it already, else 0.");
        put(&o, "vitrine_last_import_success %d\n",
            h->last_import == HEALTH_LOADED || h->last_import == HEALTH_SAME);
        put_family(&o, "last_import_info", "gauge",
                   "The last import's outcome and reason; always 1.");
        put(&o, "vitrine_last_import_info{");
        put_label(&o, "outcome", outcomes[h->last_import], 1);
        put_label(&o, "reason", h->last_import_reason, 0);
        put(&o, "} 1\n");
    }

    if (h->screenshot_unix > 0) {
        put_family(&o, "screenshot_timestamp_seconds", "gauge",
                   "When the PNG of the screen beside this file was taken, in seconds since "
                   "1970.");
        put(&o, "vitrine_screenshot_timestamp_seconds %lld\n", (long long)h->screenshot_unix);
    }

    if (h->abnormal_exits >= 0) {
        put_family(&o, "exhibit_abnormal_exits", "gauge",
                   "Abnormal exits (crashes) counted for the exhibit on screen in its first "
                   "10 minutes of running; 3 roll it back.");
        put(&o, "vitrine_exhibit_abnormal_exits %d\n", h->abnormal_exits);
    }
    if (h->recovery_kind[0]) {
        put_family(&o, "recovery_info", "gauge",
                   "Why the kiosk changed its exhibit by itself at start (kind: crashes, "
                   "taken_off, damaged); always 1.");
        put(&o, "vitrine_recovery_info{");
        put_label(&o, "kind", h->recovery_kind, 1);
        put_label(&o, "reason", h->recovery_reason, 0);
        put(&o, "} 1\n");
    }

    put_family(&o, "log_messages_total", "counter", "Log lines since the start, by level.");
    put(&o, "vitrine_log_messages_total{level=\"error\"} %lu\n", atomic_load(&h->errors));
    put(&o, "vitrine_log_messages_total{level=\"warning\"} %lu\n", atomic_load(&h->warnings));
    return o.full ? -1 : (int)o.used;
}

static void set_why(char *why, size_t why_len, const char *what, const char *path, int err)
{
    rules_fail(why, why_len, "%s %s: %s", what, path, strerror(err));
}

int health_write_file(const struct fsio *io, const char *path, const char *text, size_t len,
                      uint64_t now_ms, uint64_t *last_fsync_ms, char *why, size_t why_len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp)) {
        snprintf(why, why_len, "the path %s is too long", path);
        return -1;
    }
    int rc = -1;
    int fd = io->open(io->ctx, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        set_why(why, why_len, "cannot create", tmp, -fd);
        return -1;
    }
    for (size_t done = 0; done < len;) {
        long n = io->write(io->ctx, fd, text + done, len - done);
        if (n <= 0) {
            set_why(why, why_len, "cannot write", tmp, n < 0 ? (int)-n : 5 /* EIO */);
            goto done;
        }
        done += (size_t)n;
    }
    /* the rename alone is what readers need; fsync only guards against a
     * power cut, and is rationed so that the frames never wait on the disk */
    if (*last_fsync_ms == 0 || now_ms - *last_fsync_ms >= HEALTH_FSYNC_EVERY_MS) {
        int e = io->fsync(io->ctx, fd);
        if (e < 0) {
            set_why(why, why_len, "cannot sync", tmp, -e);
            goto done;
        }
        *last_fsync_ms = now_ms ? now_ms : 1;
    }
    rc = 0;
done:;
    int e = io->close(io->ctx, fd);
    if (rc == 0 && e < 0) {
        set_why(why, why_len, "cannot write", tmp, -e);
        rc = -1;
    }
    if (rc == 0) {
        e = io->rename(io->ctx, tmp, path);
        if (e < 0) {
            set_why(why, why_len, "cannot rename over", path, -e);
            rc = -1;
        }
    }
    if (rc != 0)
        io->unlink(io->ctx, tmp);
    return rc;
}

int health_save(struct health *h, const struct fsio *io, const char *path, uint64_t now_ms)
{
    char buf[8192], why[512];
    int n = health_format(h, now_ms, buf, sizeof(buf));
    if (n < 0)
        snprintf(why, sizeof(why), "the figures do not fit in %zu bytes", sizeof(buf));
    else if (health_write_file(io, path, buf, (size_t)n, now_ms, &h->last_fsync_ms, why,
                               sizeof(why)) == 0) {
        if (h->write_failing)
            log_info("health", "the health file %s is written again", path);
        h->write_failing = 0;
        return 0;
    }
    if (!h->write_failing)
        log_warn("health", "the health file is not written (said once): %s", why);
    h->write_failing = 1;
    return -1;
}

int health_screenshot_path(const char *health_file, char *out, size_t out_len)
{
    size_t n = strlen(health_file);
    if (n > 5 && strcmp(health_file + n - 5, ".prom") == 0)
        n -= 5;
    if (n + 5 > out_len)
        return -1;
    memcpy(out, health_file, n);
    memcpy(out + n, ".png", 5);
    return 0;
}
