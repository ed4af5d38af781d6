/* video.c - clips played and probed with libmpv, loaded at run time (see
 * video.h).
 *
 * LIMITATIONS: with mpv's software renderer everything is on the CPU (a 4K
 * clip is decoded whole and scaled down each frame); one video track, the
 * first; subtitles and the files beside a clip (subtitles, audio, cover
 * art) are never loaded. A clip in a store is at most SQLite's largest blob
 * (2 GiB).
 * DEPENDENCIES: libmpv 0.33 or later (client API 2.x: the software and
 * OpenGL render APIs, stream callbacks), loaded with dlopen; its headers
 * only for types and constants. SQLite for the clip's bytes.
 *
 * mpv runs on threads of its own: its wakeup and render update callbacks
 * and the stream callbacks below are called there. The callbacks only set
 * a flag, signal or call the player's waker; everything else is done on the
 * caller's thread, which drains mpv's events without blocking (a player) or
 * waits for them with a deadline (a probe). */
#define _POSIX_C_SOURCE 200809L
#include "video.h"
#include "clock.h"
#include "log.h"
#include "store.h"

#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>
#include <mpv/stream_cb.h>
#include <sqlite3.h>

#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TAG "video"
#define LIBMPV_NAME "libmpv.so.2"
#define PROTOCOL "vitrine"
#define WHY_MAX 256
/* mpv's lines logged for one player or probe; then one line says the rest
 * are not, so a clip that fails on every frame cannot fill the log */
#define MPV_LOG_LINES_MAX 20
/* events handled by one video_poll, so that it always returns */
#define POLL_EVENTS_MAX 256
/* decoding threads of a player, at most (see video_open) */
#define VIDEO_THREADS_MAX 4
/* bytes of a clip's start kept to tell WebM from Matroska, MP4 from MOV */
#define HEAD_BYTES 64

/* ---- libmpv, loaded on first use ---- */

#define MPV_FUNCTIONS(X)                                                                           \
    X(client_api_version)                                                                          \
    X(error_string)                                                                                \
    X(free)                                                                                        \
    X(free_node_contents)                                                                          \
    X(create)                                                                                      \
    X(initialize)                                                                                  \
    X(terminate_destroy)                                                                           \
    X(set_option_string)                                                                           \
    X(set_property_string)                                                                         \
    X(hook_add)                                                                                    \
    X(hook_continue)                                                                               \
    X(command_async)                                                                               \
    X(set_property_async)                                                                          \
    X(get_property)                                                                                \
    X(get_property_async)                                                                          \
    X(observe_property)                                                                            \
    X(request_log_messages)                                                                        \
    X(wait_event)                                                                                  \
    X(set_wakeup_callback)                                                                         \
    X(stream_cb_add_ro)                                                                            \
    X(render_context_create)                                                                       \
    X(render_context_set_update_callback)                                                          \
    X(render_context_update)                                                                       \
    X(render_context_render)                                                                       \
    X(render_context_report_swap)                                                                  \
    X(render_context_free)

/* The functions' types are the headers' own (__typeof__ of a declaration
 * evaluates nothing, so nothing is linked). */
static struct {
#define DECLARE(name) __typeof__(&mpv_##name) name;
    MPV_FUNCTIONS(DECLARE)
#undef DECLARE
} mpv;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bool mpv_loaded;
static char load_why[WHY_MAX];

/* The loaded library: never closed once it works (mpv's and FFmpeg's
 * libraries may keep threads and atexit handlers of their own). */
static void *mpv_lib;
/* what dlopen loads: the system's libmpv; another only by a test's call */
static const char *lib_file = LIBMPV_NAME;

void video_use_library(const char *file)
{
    if (file && *file)
        lib_file = file;
}

static void load_libmpv(void)
{
    const char *lib_name = lib_file;
    void *lib = dlopen(lib_name, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(load_why, sizeof load_why, "libmpv is not installed (%s)",
                 e ? e : "dlopen failed");
        return;
    }
#define RESOLVE(fn)                                                                                \
    *(void **)&mpv.fn = dlsym(lib, "mpv_" #fn);                                                    \
    if (!mpv.fn) {                                                                                 \
        snprintf(load_why, sizeof load_why, "%s is too old: it has no mpv_" #fn, lib_name);        \
        dlclose(lib);                                                                              \
        return;                                                                                    \
    }
    MPV_FUNCTIONS(RESOLVE)
#undef RESOLVE
    unsigned long v = mpv.client_api_version();
    if (v >> 16 != MPV_CLIENT_API_VERSION >> 16) {
        snprintf(load_why, sizeof load_why, "%s has client API %lu.%lu; vitrine needs %lu.x",
                 lib_name, v >> 16, v & 0xffff, (unsigned long)(MPV_CLIENT_API_VERSION >> 16));
        dlclose(lib);
        return;
    }
    mpv_lib = lib;
    mpv_loaded = true;
}

static void set_why(char *why, size_t why_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_why(char *why, size_t why_len, const char *fmt, ...)
{
    if (!why || why_len == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, why_len, fmt, ap);
    va_end(ap);
}

static void *preload_main(void *arg)
{
    (void)arg;
    pthread_once(&load_once, load_libmpv);
    return NULL;
}

static void preload_start(void)
{
    pthread_attr_t at;
    pthread_t t;
    if (pthread_attr_init(&at) != 0)
        return;
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &at, preload_main, NULL) != 0)
        pthread_once(&load_once, load_libmpv); /* no thread: here, then */
    pthread_attr_destroy(&at);
}

void video_preload(void)
{
    static pthread_once_t started = PTHREAD_ONCE_INIT;
    pthread_once(&started, preload_start);
}

bool video_available(char *why, size_t why_len)
{
    pthread_once(&load_once, load_libmpv);
    if (!mpv_loaded)
        set_why(why, why_len, "%s", load_why);
    return mpv_loaded;
}

/* "0:01", "1:02.5": a time in a clip as people read it */
static void clock_text(int64_t ms, char *buf, size_t len)
{
    if (ms < 0)
        ms = 0;
    int64_t s = ms / 1000;
    if (ms % 1000 == 0)
        snprintf(buf, len, "%d:%02d", (int)(s / 60), (int)(s % 60));
    else
        snprintf(buf, len, "%d:%02d.%d", (int)(s / 60), (int)(s % 60), (int)(ms % 1000 / 100));
}

/* The probe's deadlines are real waits on a condition variable set to
 * CLOCK_MONOTONIC: clock_real_ns, real even in a soak's simulated time. */
static int64_t now_ms(void)
{
    return (int64_t)(clock_real_ns() / 1000000u);
}

/* ---- the clip's bytes: mpv's stream callbacks over a blob or a file ---- */

/* What a clip's first bytes are. Only MP4 (ISO media: QuickTime's MOV is
 * one too, refused later by its brand) and Matroska (WebM is one) are
 * given to mpv, each to its own demuxer. */
enum family { FAMILY_NONE, FAMILY_MP4, FAMILY_MKV };

/* The EBML header's DocType (element 0x4282) in head, or "" */
static void ebml_doctype(const unsigned char *head, size_t n, char *out, size_t len)
{
    out[0] = '\0';
    for (size_t i = 4; i + 3 <= n; i++) {
        if (head[i] != 0x42 || head[i + 1] != 0x82 || !(head[i + 2] & 0x80))
            continue;
        size_t l = head[i + 2] & 0x7f;
        if (l >= len || i + 3 + l > n)
            return;
        for (size_t k = 0; k < l; k++)
            out[k] = isalnum(head[i + 3 + k]) ? (char)head[i + 3 + k] : '?';
        out[l] = '\0';
        return;
    }
}

static bool starts(const unsigned char *head, size_t n, const char *text)
{
    size_t l = strlen(text);
    return n >= l && memcmp(head, text, l) == 0;
}

/* What head (a clip's first bytes) is: its family, and in words (for a
 * reason). Matroska's "webm" or "matroska" DocType into doctype. */
static enum family head_family(const unsigned char *head, size_t n, const char **what,
                               char *doctype, size_t doctype_len)
{
    doctype[0] = '\0';
    if (n >= 12 && memcmp(head + 4, "ftyp", 4) == 0) {
        *what = memcmp(head + 8, "qt  ", 4) == 0 ? "a QuickTime MOV file" : "an MP4 file";
        return FAMILY_MP4;
    }
    if (n >= 4 && memcmp(head, "\x1a\x45\xdf\xa3", 4) == 0) {
        ebml_doctype(head, n, doctype, doctype_len);
        *what = strcmp(doctype, "webm") == 0       ? "a WebM file"
                : strcmp(doctype, "matroska") == 0 ? "a Matroska file"
                                                   : "an EBML file that is not Matroska";
        return strcmp(doctype, "webm") == 0 || strcmp(doctype, "matroska") == 0 ? FAMILY_MKV
                                                                                : FAMILY_NONE;
    }
    if (starts(head, n, "# mpv EDL") || starts(head, n, "mpv EDL") || starts(head, n, "edl://"))
        *what = "an mpv EDL file (a list of other files)";
    else if (starts(head, n, "#EXTM3U"))
        *what = "an M3U or HLS playlist";
    else if (starts(head, n, "ffconcat"))
        *what = "an FFmpeg concat list";
    else if (starts(head, n, "[playlist]"))
        *what = "a PLS playlist";
    else if (starts(head, n, "WEBVTT") || starts(head, n, "\xef\xbb\xbfWEBVTT"))
        *what = "a WebVTT caption file";
    else if (starts(head, n, "<?xml") || starts(head, n, "<"))
        *what = "an XML or HTML file";
    else if (n == 0)
        *what = "empty";
    else {
        bool text = true;
        for (size_t i = 0; i < n && text; i++)
            text = head[i] >= 0x20 || head[i] == '\n' || head[i] == '\r' || head[i] == '\t';
        *what = text ? "text" : "not an MP4, WebM or Matroska file";
    }
    return FAMILY_NONE;
}

static const char *container_words(const char *container)
{
    return strcmp(container, "mp4") == 0    ? "MP4"
           : strcmp(container, "webm") == 0 ? "WebM"
                                            : "Matroska";
}

const char *video_container_of_name(const char *name)
{
    static const struct {
        const char *ext, *container;
    } known[] = {{".mp4", "mp4"}, {".webm", "webm"}, {".mkv", "matroska"}};
    size_t n = name ? strlen(name) : 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t l = strlen(known[i].ext);
        if (n > l && strcasecmp(name + n - l, known[i].ext) == 0)
            return known[i].container;
    }
    return NULL;
}

/* Whether head is what container (NULL: any of the three) says: its
 * family, or FAMILY_NONE with why ("not a video: ..."). */
static enum family head_check(const unsigned char *head, size_t n, const char *container, char *why,
                              size_t why_len)
{
    const char *what = "";
    char doctype[16];
    enum family f = head_family(head, n, &what, doctype, sizeof doctype);
    if (!container) {
        if (f == FAMILY_NONE)
            set_why(why, why_len, "not a video: its first bytes are %s%s", what,
                    strcmp(what, "not an MP4, WebM or Matroska file") == 0
                        ? ""
                        : ", not an MP4, WebM or Matroska file");
        return f;
    }
    bool ok = strcmp(container, "mp4") == 0 ? f == FAMILY_MP4
              : strcmp(container, "webm") == 0 || strcmp(container, "matroska") == 0
                  ? f == FAMILY_MKV && strcmp(doctype, container) == 0
                  : false;
    if (ok)
        return f;
    if (strcmp(container, "mp4") != 0 && strcmp(container, "webm") != 0 &&
        strcmp(container, "matroska") != 0)
        set_why(why, why_len,
                "not a video the kiosk plays: it should be an MP4, WebM or Matroska "
                "file");
    else
        set_why(why, why_len, "not a video: it should be %s %s file, and its first bytes are %s",
                strcmp(container, "mp4") == 0 ? "an" : "a", container_words(container), what);
    return FAMILY_NONE;
}

/* What the stream callbacks share with the player or probe; lives until
 * mpv_terminate_destroy has returned. */
struct clip {
    char *path;
    int64_t rowid;
    const char *container; /* what it must be (a static string), or NULL */
    enum family family;    /* what its first bytes are: the demuxer mpv uses */
    const char *kind;      /* and in words: "MP4", "QuickTime MOV", "WebM", "Matroska" */
    int fd;                /* a clip file, opened once: every stream reads it */
    /* the store's file: every connection to it must open this one */
    unsigned long long dev, ino;
    pthread_mutex_t lock;      /* over what follows: written on mpv's threads */
    struct clip_stream *first; /* opened by clip_prepare, taken by mpv's first open */
    char open_why[WHY_MAX];
    unsigned char head[HEAD_BYTES];
    size_t head_len;
};

/* One open of the clip (mpv may open it more than once). */
struct clip_stream {
    sqlite3 *db;
    sqlite3_blob *blob;
    int fd; /* the clip's own (not this stream's): -1 for a blob */
    int64_t size, pos;
};

static int64_t stream_read_at(struct clip_stream *s, void *buf, int64_t n, int64_t at)
{
    if (s->blob)
        return sqlite3_blob_read(s->blob, buf, (int)n, (int)at) == SQLITE_OK ? n : -1;
    for (;;) {
        ssize_t got = pread(s->fd, buf, (size_t)n, (off_t)at);
        if (got >= 0)
            return got;
        if (errno != EINTR)
            return -1;
    }
}

static int64_t stream_read(void *cookie, char *buf, uint64_t nbytes)
{
    struct clip_stream *s = cookie;
    int64_t n = s->size - s->pos;
    if (n <= 0)
        return 0;
    if ((uint64_t)n > nbytes)
        n = (int64_t)nbytes;
    if (n > INT_MAX)
        n = INT_MAX;
    n = stream_read_at(s, buf, n, s->pos);
    if (n > 0)
        s->pos += n;
    return n;
}

static int64_t stream_seek(void *cookie, int64_t offset)
{
    struct clip_stream *s = cookie;
    if (offset < 0 || offset > s->size)
        return MPV_ERROR_GENERIC;
    s->pos = offset;
    return offset;
}

static int64_t stream_size(void *cookie)
{
    return ((struct clip_stream *)cookie)->size;
}

static void stream_close(void *cookie)
{
    struct clip_stream *s = cookie;
    if (!s)
        return;
    if (s->blob)
        sqlite3_blob_close(s->blob);
    if (s->db)
        sqlite3_close(s->db);
    free(s);
}

/* A connection of the clip's own, opened as the store opens its file
 * (content/store.h's store_db_open), to the file the store has open: the
 * first records it (or checks it against the caller's), the others must
 * open the same. */
static int stream_open_store(struct clip *c, struct clip_stream *s, char *why, size_t why_len)
{
    int rc = store_db_open(c->path, &s->db);
    if (rc != SQLITE_OK) {
        set_why(why, why_len, "cannot open the store %s: %s", c->path,
                s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        return -1;
    }
    unsigned long long dev = 0, ino = 0;
    if (store_db_file_id(s->db, c->path, &dev, &ino) != 0 ||
        ((c->dev || c->ino) && (dev != c->dev || ino != c->ino))) {
        set_why(why, why_len, "the store %s is no longer the file it was when it was opened",
                c->path);
        return -1;
    }
    c->dev = dev;
    c->ino = ino;
    rc = sqlite3_blob_open(s->db, "main", "clip", "data", c->rowid, 0, &s->blob);
    if (rc != SQLITE_OK) {
        s->blob = NULL;
        set_why(why, why_len, "no clip %lld in the store %s: %s", (long long)c->rowid, c->path,
                sqlite3_errmsg(s->db));
        return -1;
    }
    s->size = sqlite3_blob_bytes(s->blob);
    return 0;
}

/* The clip file, opened once; O_NONBLOCK: a FIFO put in its place never
 * blocks the open (and is refused: not a regular file). */
static int clip_open_file(struct clip *c, char *why, size_t why_len)
{
    c->fd = open(c->path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    struct stat st;
    if (c->fd < 0 || fstat(c->fd, &st) != 0) {
        set_why(why, why_len, "cannot open %s: %s", c->path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        set_why(why, why_len, "%s is not a regular file", c->path);
        return -1;
    }
    return 0;
}

static struct clip_stream *stream_new(struct clip *c, char *why, size_t why_len)
{
    struct clip_stream *s = calloc(1, sizeof *s);
    if (!s) {
        set_why(why, why_len, "out of memory");
        return NULL;
    }
    s->fd = -1;
    int rc = 0;
    if (c->rowid > 0) {
        rc = stream_open_store(c, s, why, why_len);
    } else {
        struct stat st;
        s->fd = c->fd;
        if (fstat(s->fd, &st) != 0) {
            set_why(why, why_len, "cannot read %s: %s", c->path, strerror(errno));
            rc = -1;
        }
        s->size = st.st_size;
    }
    if (rc != 0) {
        stream_close(s);
        return NULL;
    }
    return s;
}

/* Open the clip on the caller's thread, before mpv starts: read its first
 * bytes and check them (against c->container when given). 0, or -1 with
 * why: "could not read the clip: ..." or "not a video: ...". */
static int clip_prepare(struct clip *c, char *why, size_t why_len)
{
    char open_why[WHY_MAX] = "";
    if (c->rowid == 0 && clip_open_file(c, open_why, sizeof open_why) != 0) {
        set_why(why, why_len, "could not read the clip: %s", open_why);
        return -1;
    }
    struct clip_stream *s = stream_new(c, open_why, sizeof open_why);
    if (!s) {
        set_why(why, why_len, "could not read the clip: %s", open_why);
        return -1;
    }
    int64_t n = s->size < HEAD_BYTES ? s->size : HEAD_BYTES;
    if (n > 0 && stream_read_at(s, c->head, n, 0) != n) {
        set_why(why, why_len, "could not read the clip: cannot read %s", c->path);
        stream_close(s);
        return -1;
    }
    c->head_len = (size_t)n;
    c->family = head_check(c->head, c->head_len, c->container, why, why_len);
    if (c->family == FAMILY_NONE) {
        stream_close(s);
        return -1;
    }
    char doctype[16];
    ebml_doctype(c->head, c->head_len, doctype, sizeof doctype);
    c->kind = c->family == FAMILY_MKV ? (strcmp(doctype, "webm") == 0 ? "WebM" : "Matroska")
              : memcmp(c->head + 8, "qt  ", 4) == 0 ? "QuickTime MOV"
                                                    : "MP4";
    c->first = s;
    return 0;
}

static int stream_open(void *user_data, char *uri, mpv_stream_cb_info *info)
{
    (void)uri;
    struct clip *c = user_data;
    char why[WHY_MAX] = "";
    pthread_mutex_lock(&c->lock);
    struct clip_stream *s = c->first;
    c->first = NULL;
    if (!s)
        s = stream_new(c, why, sizeof why);
    if (!s)
        memcpy(c->open_why, why, sizeof why);
    pthread_mutex_unlock(&c->lock);
    if (!s)
        return MPV_ERROR_LOADING_FAILED;
    s->pos = 0;
    info->cookie = s;
    info->read_fn = stream_read;
    info->seek_fn = stream_seek;
    info->size_fn = stream_size;
    info->close_fn = stream_close;
    return 0;
}

static struct clip *clip_new(const struct video_source *src)
{
    struct clip *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->path = strdup(src->path);
    c->rowid = src->rowid;
    c->fd = -1;
    c->dev = src->dev;
    c->ino = src->ino;
    /* a static string of ours, not the caller's */
    c->container = !src->container                           ? NULL
                   : strcmp(src->container, "mp4") == 0      ? "mp4"
                   : strcmp(src->container, "webm") == 0     ? "webm"
                   : strcmp(src->container, "matroska") == 0 ? "matroska"
                                                             : "other";
    if (!c->path) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

static void clip_free(struct clip *c)
{
    if (!c)
        return;
    stream_close(c->first);
    if (c->fd >= 0)
        close(c->fd);
    pthread_mutex_destroy(&c->lock);
    free(c->path);
    free(c);
}

/* ---- one mpv instance: what a probe and a player share ---- */

struct core {
    mpv_handle *h;
    mpv_render_context *rc;
    bool gl; /* rc is mpv's OpenGL renderer, not its software one */
    struct clip *clip;
    enum log_level log_level; /* the level mpv's warnings are logged at */
    int log_lines;
};

struct option {
    const char *name, *value;
};

/* Every instance: a kiosk's player, nothing of mpv's own user interface,
 * nothing read from the disk or the network but the clip's own bytes,
 * little memory. */
static const struct option base_options[] = {
    {"vo", "libmpv"},
    {"config", "no"},
    /* a clip names nothing mpv follows: no EDL, playlist, concat list, HLS
     * manifest, reference file or linked segment (the demuxer is fixed
     * too, core_start), no file beside it, no watch-later file */
    {"access-references", "no"},
    {"load-unsafe-playlists", "no"},
    {"ordered-chapters", "no"},
    {"autoload-files", "no"},
    {"resume-playback", "no"},
    {"save-position-on-quit", "no"},
    /* FFmpeg opens no protocol for a demuxer (mpv's own blocks it too) */
    {"demuxer-lavf-o", "protocol_whitelist=none"},
    {"network-timeout", "1"},
    {"terminal", "no"},
    {"input-default-bindings", "no"},
    {"input-builtin-bindings", "no"},
    {"input-vo-keyboard", "no"},
    {"osc", "no"},
    {"load-scripts", "no"},
    {"load-stats-overlay", "no"},
    {"load-osd-console", "no"},
    {"load-auto-profiles", "no"},
    {"ytdl", "no"},
    {"idle", "yes"},
    {"keep-open", "yes"},
    {"keep-open-pause", "no"},
    {"osd-level", "0"},
    {"sub-auto", "no"},
    {"audio-file-auto", "no"},
    {"cover-art-auto", "no"},
    {"sid", "no"},
    {"cache", "no"},
    {"demuxer-max-bytes", "4MiB"},
    {"demuxer-max-back-bytes", "0"},
    {"demuxer-seekable-cache", "no"},
    /* the frame is due when mpv says so: video_render never waits */
    {"video-timing-offset", "0"},
};

static void core_log(struct core *c, const mpv_event_log_message *m)
{
    if (c->log_lines > MPV_LOG_LINES_MAX)
        return;
    if (++c->log_lines > MPV_LOG_LINES_MAX) {
        log_msg(c->log_level, TAG, "more of mpv's messages about %s are not logged", c->clip->path);
        return;
    }
    size_t n = strlen(m->text);
    while (n > 0 && (m->text[n - 1] == '\n' || m->text[n - 1] == '\r'))
        n--;
    /* mpv's errors too are warnings here: many are what it tries and
     * falls back from (hardware decoders absent: "Cannot load
     * libcuda.so.1"); a player that fails says so once, in its own line */
    log_msg(c->log_level, TAG, "mpv %s: %.*s", m->prefix, (int)n, m->text);
}

/* ---- mpv's nodes ---- */

static const mpv_node *node_get(const mpv_node *map, const char *key)
{
    if (!map || map->format != MPV_FORMAT_NODE_MAP)
        return NULL;
    for (int i = 0; i < map->u.list->num; i++)
        if (strcmp(map->u.list->keys[i], key) == 0)
            return &map->u.list->values[i];
    return NULL;
}

static const char *node_str(const mpv_node *map, const char *key)
{
    const mpv_node *n = node_get(map, key);
    return n && n->format == MPV_FORMAT_STRING ? n->u.string : NULL;
}

static bool node_flag(const mpv_node *map, const char *key)
{
    const mpv_node *n = node_get(map, key);
    return n && n->format == MPV_FORMAT_FLAG && n->u.flag;
}

static double node_double(const mpv_node *map, const char *key)
{
    const mpv_node *n = node_get(map, key);
    if (n && n->format == MPV_FORMAT_DOUBLE)
        return n->u.double_;
    if (n && n->format == MPV_FORMAT_INT64)
        return (double)n->u.int64;
    return 0;
}

/* The video track to show among mpv's track-list: the first picture that
 * is not a cover (albumart), one marked default before the others. Its id
 * (-1: none) and the turn its header asks for (degrees clockwise). */
static void track_pick(const mpv_node *tracks, int64_t *id, int64_t *turn)
{
    *id = -1;
    *turn = 0;
    if (tracks->format != MPV_FORMAT_NODE_ARRAY)
        return;
    bool picked_default = false;
    for (int i = 0; i < tracks->u.list->num; i++) {
        const mpv_node *t = &tracks->u.list->values[i];
        const char *type = node_str(t, "type");
        const mpv_node *tid = node_get(t, "id");
        if (!type || strcmp(type, "video") != 0 || !tid || tid->format != MPV_FORMAT_INT64 ||
            node_flag(t, "albumart"))
            continue;
        bool is_default = node_flag(t, "default");
        if (*id >= 0 && (picked_default || !is_default))
            continue;
        *id = tid->u.int64;
        *turn = (int64_t)node_double(t, "demux-rotation");
        picked_default = is_default;
    }
}

/* mpv's software renderer does not turn pictures. A frame whose header
 * says to show it a quarter turned (a phone's clip filmed upright) makes
 * libmpv 0.35 abort the whole process (an assertion in mp_image_crop);
 * one turned half is shown upside down. So a software core reads no turn
 * (video-rotate=no), and turns the frames with a filter chosen here from
 * the video track's header before its decoder starts: mpv's on_preloaded
 * hook, on the caller's thread, one round trip to mpv's core, which waits
 * for it. A turn that is not a quarter is rounded to the nearest one. */
static void core_preloaded(struct core *c, const mpv_event *ev)
{
    static const char *const filters[4] = {NULL, "lavfi=[transpose=clock]", "lavfi=[hflip,vflip]",
                                           "lavfi=[transpose=cclock]"};
    const mpv_event_hook *hook = ev->data;
    uint64_t t0 = clock_real_ns();
    mpv_node tracks;
    int64_t vid = -1, turn = 0;
    int turned = 0;
    if (mpv.get_property(c->h, "track-list", MPV_FORMAT_NODE, &tracks) >= 0) {
        track_pick(&tracks, &vid, &turn);
        mpv.free_node_contents(&tracks);
    }
    if (vid >= 0) {
        /* the track turned is the one shown */
        char id[24];
        snprintf(id, sizeof id, "%lld", (long long)vid);
        mpv.set_property_string(c->h, "vid", id);
        int quarter = (int)(((turn % 360 + 360) % 360 + 45) / 90 % 4);
        if (filters[quarter] && mpv.set_property_string(c->h, "vf", filters[quarter]) < 0)
            log_warn(TAG,
                     "a clip of %s asks to be shown turned %d degrees, and mpv cannot "
                     "turn it: it is shown as stored",
                     c->clip->path, quarter * 90);
        else
            turned = quarter * 90;
    }
    mpv.hook_continue(c->h, hook->id);
    /* on the caller's thread (a player's: the kiosk's) */
    log_debug(TAG, "video track %lld, turned %d degrees: chosen in %.1f ms", (long long)vid, turned,
              (double)(clock_real_ns() - t0) / 1e6);
}

static void core_destroy(struct core *c)
{
    uint64_t t0 = clock_real_ns(), t1 = t0;
    /* the render context first (mpv's rule); then no callback runs again */
    if (c->rc) {
        /* A frame mpv's video output has queued waits to be drawn and
         * presented, for up to 200 ms (vo_libmpv.c's flip_page), and the
         * free below waits for that output to end: take the frame and say
         * it was shown, so that a clip stopped while it plays stops at once */
        int skip = 1, block = 0;
        mpv_render_param take[] = {
            {MPV_RENDER_PARAM_SKIP_RENDERING, &skip},
            {MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, &block},
            {MPV_RENDER_PARAM_INVALID, NULL},
        };
        if (mpv.render_context_update(c->rc) & MPV_RENDER_UPDATE_FRAME) {
            mpv.render_context_render(c->rc, take);
            mpv.render_context_report_swap(c->rc);
        }
        mpv.render_context_free(c->rc);
        t1 = clock_real_ns();
    }
    if (c->h) {
        mpv.set_wakeup_callback(c->h, NULL, NULL);
        mpv.terminate_destroy(c->h);
        /* on the caller's thread (a player's: the kiosk's): what a stop costs a frame */
        log_debug(TAG, "mpv stopped in %.1f ms (its %s renderer %.1f ms)",
                  (double)(clock_real_ns() - t0) / 1e6, c->gl ? "OpenGL" : "software",
                  (double)(t1 - t0) / 1e6);
    }
    clip_free(c->clip);
    memset(c, 0, sizeof *c);
}

/* Open the clip and check its first bytes (clip_prepare); create and
 * initialise mpv with the base options, the demuxer of the clip's
 * container and extra, register the clip's protocol, create the render
 * context (software; OpenGL in the current context with gl); update(ctx)
 * on each new frame, wakeup(ctx) on each new event. Does not load the
 * clip. 0; -2 with why when the clip cannot be read or is not what it must
 * be (no mpv was started); -1 with why when mpv cannot start. */
static int core_start(struct core *c, const struct video_source *src, const struct option *extra,
                      size_t n_extra, const struct video_gl *gl, void (*wakeup)(void *),
                      void (*update)(void *), void *ctx, char *why, size_t why_len)
{
    memset(c, 0, sizeof *c);
    c->log_level = LOG_DEBUG; /* the caller says once what failed, naming the clip */
    if (!video_available(why, why_len))
        return -1;
    if (!src || !src->path || !*src->path || src->rowid < 0) {
        set_why(why, why_len, "no clip given");
        return -1;
    }
    uint64_t t0 = clock_real_ns();
    int rc = -1;
    c->clip = clip_new(src);
    if (!c->clip) {
        set_why(why, why_len, "out of memory");
        goto fail;
    }
    if (clip_prepare(c->clip, why, why_len) != 0) {
        rc = -2;
        goto fail;
    }
    uint64_t t_clip = clock_real_ns();
    c->h = mpv.create();
    if (!c->h) {
        /* mpv refuses to start when LC_NUMERIC is not "C" */
        set_why(why, why_len, "mpv could not start (out of memory, or a locale other than C)");
        goto fail;
    }
    /* the demuxer of the container its first bytes are (clip_prepare):
     * FFmpeg's MP4 demuxer, or mpv's own for Matroska and WebM */
    static const struct option mp4[] = {{"demuxer", "lavf"}, {"demuxer-lavf-format", "mp4"}};
    static const struct option mkv[] = {{"demuxer", "mkv"}, {"demuxer-lavf-format", "matroska"}};
    const struct option *fixed = c->clip->family == FAMILY_MP4 ? mp4 : mkv;
    size_t n_base = sizeof base_options / sizeof base_options[0], n_fixed = 2;
    for (size_t i = 0; i < n_base + n_fixed + n_extra; i++) {
        const struct option *o = i < n_base             ? &base_options[i]
                                 : i < n_base + n_fixed ? &fixed[i - n_base]
                                                        : &extra[i - n_base - n_fixed];
        int e = mpv.set_option_string(c->h, o->name, o->value);
        if (e < 0) {
            set_why(why, why_len, "mpv refuses its option %s=%s: %s", o->name, o->value,
                    mpv.error_string(e));
            goto fail;
        }
    }
    /* turned by a filter, not by the software renderer (core_preloaded) */
    int e = gl ? 0 : mpv.set_option_string(c->h, "video-rotate", "no");
    if (e >= 0)
        e = mpv.initialize(c->h);
    uint64_t t1 = clock_real_ns();
    if (e >= 0 && !gl)
        e = mpv.hook_add(c->h, 0, "on_preloaded", 0);
    if (e >= 0)
        e = mpv.request_log_messages(c->h, "warn");
    if (e >= 0)
        e = mpv.stream_cb_add_ro(c->h, PROTOCOL, c->clip, stream_open);
    if (e < 0) {
        set_why(why, why_len, "mpv could not start: %s", mpv.error_string(e));
        goto fail;
    }
    mpv_opengl_init_params gl_init = {.get_proc_address = gl ? gl->get_proc_address : NULL,
                                      .get_proc_address_ctx = gl ? gl->ctx : NULL};
    mpv_render_param params[4] = {
        {MPV_RENDER_PARAM_API_TYPE, (void *)MPV_RENDER_API_TYPE_SW},
        {MPV_RENDER_PARAM_INVALID, NULL},
    };
    if (gl) {
        int n = 0;
        params[n++] =
            (mpv_render_param){MPV_RENDER_PARAM_API_TYPE, (void *)MPV_RENDER_API_TYPE_OPENGL};
        params[n++] = (mpv_render_param){MPV_RENDER_PARAM_OPENGL_INIT_PARAMS, &gl_init};
        if (gl->x11_display)
            params[n++] = (mpv_render_param){MPV_RENDER_PARAM_X11_DISPLAY, gl->x11_display};
        else if (gl->wl_display)
            params[n++] = (mpv_render_param){MPV_RENDER_PARAM_WL_DISPLAY, gl->wl_display};
        params[n] = (mpv_render_param){MPV_RENDER_PARAM_INVALID, NULL};
    }
    e = mpv.render_context_create(&c->rc, c->h, params);
    if (e < 0) {
        c->rc = NULL;
        set_why(why, why_len, "mpv's %s renderer could not start: %s", gl ? "OpenGL" : "software",
                mpv.error_string(e));
        goto fail;
    }
    c->gl = gl != NULL;
    mpv.render_context_set_update_callback(c->rc, update, ctx);
    mpv.set_wakeup_callback(c->h, wakeup, ctx);
    /* on the caller's thread (a player's: the kiosk's): what a start costs a frame */
    uint64_t t2 = clock_real_ns();
    log_debug(TAG,
              "mpv started in %.1f ms (the clip opened and its header checked in %.1f, "
              "initialised in %.1f, its %s renderer %.1f)",
              (double)(t2 - t0) / 1e6, (double)(t_clip - t0) / 1e6, (double)(t1 - t_clip) / 1e6,
              gl ? "OpenGL" : "software", (double)(t2 - t1) / 1e6);
    return 0;
fail:
    core_destroy(c);
    return rc;
}

static int core_load(struct core *c, char *why, size_t why_len)
{
    const char *cmd[] = {"loadfile", PROTOCOL "://clip", NULL};
    int e = mpv.command_async(c->h, 0, cmd);
    if (e < 0) {
        set_why(why, why_len, "mpv could not load the clip: %s", mpv.error_string(e));
        return -1;
    }
    return 0;
}

/* The native-endian 0x00RRGGBB of SDL_PIXELFORMAT_RGB888 in mpv's words. */
static char *sw_format(void)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    static char f[] = "0rgb";
#else
    static char f[] = "bgr0";
#endif
    return f;
}

static int core_render(struct core *c, int w, int h, void *pixels, int pitch)
{
    int size[2] = {w, h};
    size_t stride = (size_t)pitch;
    int block = 0;
    mpv_render_param params[] = {
        {MPV_RENDER_PARAM_SW_SIZE, size},
        {MPV_RENDER_PARAM_SW_FORMAT, sw_format()},
        {MPV_RENDER_PARAM_SW_STRIDE, &stride},
        {MPV_RENDER_PARAM_SW_POINTER, pixels},
        {MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, &block},
        {MPV_RENDER_PARAM_INVALID, NULL},
    };
    return mpv.render_context_render(c->rc, params);
}

/* Why a clip's playing ended with an error, in plain words; loaded: the
 * file was loaded (its tracks were read) before. */
static void end_file_why(struct core *c, const mpv_event_end_file *ef, bool loaded, char *why,
                         size_t why_len)
{
    char open_why[WHY_MAX];
    pthread_mutex_lock(&c->clip->lock);
    memcpy(open_why, c->clip->open_why, sizeof open_why);
    pthread_mutex_unlock(&c->clip->lock);
    if (open_why[0])
        set_why(why, why_len, "could not read the clip: %s", open_why);
    else if (ef->error == MPV_ERROR_UNKNOWN_FORMAT)
        set_why(why, why_len, "not a video: mpv recognises no format in it");
    else if (ef->error == MPV_ERROR_NOTHING_TO_PLAY && !loaded)
        set_why(why, why_len, "no video track"); /* audio is never played here */
    else if (ef->error == MPV_ERROR_NOTHING_TO_PLAY)
        set_why(why, why_len, "could not decode a frame: mpv cannot decode its video");
    else
        set_why(why, why_len, "not a video: %s", mpv.error_string(ef->error));
}

/* ---- the probe ---- */

static _Atomic int64_t probe_limit_ms = VIDEO_PROBE_LIMIT_MS;

void video_set_probe_limit(int64_t ms)
{
    if (ms > 0)
        atomic_store(&probe_limit_ms, ms);
}

struct probe {
    struct core core;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool signalled;
    bool frame_pending;
};

static void probe_signal(struct probe *pr, bool frame)
{
    pthread_mutex_lock(&pr->lock);
    pr->signalled = true;
    if (frame)
        pr->frame_pending = true;
    pthread_cond_signal(&pr->cond);
    pthread_mutex_unlock(&pr->lock);
}

static void probe_wakeup(void *ctx)
{
    probe_signal(ctx, false);
}
static void probe_update(void *ctx)
{
    probe_signal(ctx, true);
}

/* Wait until mpv signals or the deadline; whether a frame was signalled. */
static bool probe_wait(struct probe *pr, int64_t deadline)
{
    struct timespec ts;
    ts.tv_sec = (time_t)(deadline / 1000);
    ts.tv_nsec = (long)(deadline % 1000) * 1000000;
    pthread_mutex_lock(&pr->lock);
    while (!pr->signalled && now_ms() < deadline)
        if (pthread_cond_timedwait(&pr->cond, &pr->lock, &ts) != 0)
            break;
    pr->signalled = false;
    bool frame = pr->frame_pending;
    pr->frame_pending = false;
    pthread_mutex_unlock(&pr->lock);
    return frame;
}

static void copy_lower(char *dst, size_t len, const char *src)
{
    size_t i = 0;
    for (; src && src[i] && i + 1 < len; i++)
        dst[i] = (char)tolower((unsigned char)src[i]);
    dst[i] = '\0';
}

/* The container's everyday name from mpv's file-format and the clip's
 * first bytes (mpv says "mkv" for WebM and Matroska alike, and
 * "mov,mp4,m4a,3gp,3g2,mj2" for every ISO media file). */
static void container_name(const char *format, const unsigned char *head, size_t head_len,
                           char *out, size_t len)
{
    if (!format)
        format = "";
    if (strcmp(format, "mkv") == 0 || strncmp(format, "matroska", 8) == 0) {
        /* the EBML header's DocType (element 0x4282): "webm" or "matroska" */
        const char *name = "matroska";
        for (size_t i = 0; i + 7 <= head_len; i++)
            if (head[i] == 0x42 && head[i + 1] == 0x82 && head[i + 2] == 0x84 &&
                memcmp(head + i + 3, "webm", 4) == 0)
                name = "webm";
        snprintf(out, len, "%s", name);
        return;
    }
    if (strncmp(format, "mov,mp4", 7) == 0) {
        /* the ftyp box's major brand: QuickTime's "qt  " is a MOV */
        bool qt =
            head_len >= 12 && memcmp(head + 4, "ftyp", 4) == 0 && memcmp(head + 8, "qt  ", 4) == 0;
        snprintf(out, len, "%s", qt ? "mov" : "mp4");
        return;
    }
    size_t n = strcspn(format, ",");
    char first[32];
    snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first ? n : sizeof first - 1), format);
    copy_lower(out, len, first);
}

/* Read the clip's facts once it is loaded: 0, or -1 with why. */
static int probe_info(struct probe *pr, struct video_info *info, char *why, size_t why_len)
{
    mpv_handle *h = pr->core.h;
    mpv_node tracks;
    memset(info, 0, sizeof *info);
    if (mpv.get_property(h, "track-list", MPV_FORMAT_NODE, &tracks) < 0) {
        set_why(why, why_len, "not a video: mpv lists no tracks in it");
        return -1;
    }
    const mpv_node *video = NULL;
    if (tracks.format == MPV_FORMAT_NODE_ARRAY) {
        for (int i = 0; i < tracks.u.list->num; i++) {
            const mpv_node *t = &tracks.u.list->values[i];
            const char *type = node_str(t, "type");
            if (!type)
                continue;
            if (strcmp(type, "audio") == 0)
                info->has_audio = true;
            if (strcmp(type, "video") == 0 && !video && !node_flag(t, "albumart"))
                video = t;
        }
    }
    int rc = 0;
    if (!video) {
        set_why(why, why_len, "no video track");
        rc = -1;
    } else if (node_flag(video, "image")) {
        set_why(why, why_len, "not a video: a still image (%s)",
                node_str(video, "codec") ? node_str(video, "codec") : "unknown");
        rc = -1;
    } else {
        copy_lower(info->codec, sizeof info->codec, node_str(video, "codec"));
        info->fps = node_double(video, "demux-fps");
    }
    mpv.free_node_contents(&tracks);
    if (rc != 0)
        return rc;
    double duration = 0;
    if (mpv.get_property(h, "duration", MPV_FORMAT_DOUBLE, &duration) < 0 || !(duration > 0)) {
        set_why(why, why_len, "not a video: it has no duration");
        return -1;
    }
    info->duration_ms = (int64_t)(duration * 1000 + 0.5);
    int64_t bytes = 0;
    if (mpv.get_property(h, "file-size", MPV_FORMAT_INT64, &bytes) >= 0)
        info->bytes = bytes;
    info->bitrate = info->duration_ms > 0 ? info->bytes * 8 * 1000 / info->duration_ms : 0;
    if (!(info->fps > 0)) {
        double fps = 0;
        if (mpv.get_property(h, "container-fps", MPV_FORMAT_DOUBLE, &fps) >= 0 && fps > 0)
            info->fps = fps;
    }
    char *format = NULL;
    mpv.get_property(h, "file-format", MPV_FORMAT_STRING, &format);
    pthread_mutex_lock(&pr->core.clip->lock);
    container_name(format, pr->core.clip->head, pr->core.clip->head_len, info->container,
                   sizeof info->container);
    pthread_mutex_unlock(&pr->core.clip->lock);
    mpv.free(format);
    return 0;
}

/* The size of a w x h picture fitted into max_w x max_h, never enlarged. */
static void fit_box(int w, int h, int max_w, int max_h, int *out_w, int *out_h)
{
    if (max_w <= 0 || max_w > w)
        max_w = w;
    if (max_h <= 0 || max_h > h)
        max_h = h;
    /* the wider side decides; the other rounded, at least 1 */
    if ((int64_t)max_w * h <= (int64_t)max_h * w) {
        *out_w = max_w;
        *out_h = (int)(((int64_t)max_w * h + w / 2) / w);
    } else {
        *out_h = max_h;
        *out_w = (int)(((int64_t)max_h * w + h / 2) / h);
    }
    if (*out_w < 1)
        *out_w = 1;
    if (*out_h < 1)
        *out_h = 1;
}

enum probe_step {
    STEP_LOAD,       /* until the file is loaded and its first frame shown */
    STEP_SEEK_END,   /* a seek to the last frame sent: the data reaches the end */
    STEP_SEEK_FRAME, /* a seek to the poster time sent */
    STEP_DONE,
};

/* Reply ids of the probe's seeks. */
#define SEEK_END_ID 1
#define SEEK_FRAME_ID 2
/* the probe's observed eof-reached */
#define OBS_PROBE_EOF 1

/* Why the probe's step did not finish (within its time limit, or before
 * the clip's data ended): what the header promised, and what did not come.
 * "its header says MP4 with h264 video of 0:03 but no frame was decoded
 * within 2 s". */
static void probe_stalled(const struct probe *pr, enum probe_step step, bool loaded,
                          const struct video_info *info, const char *when, const char *how,
                          char *why, size_t why_len)
{
    const char *kind = pr->core.clip && pr->core.clip->kind ? pr->core.clip->kind : "a video";
    char length[32];
    clock_text(info->duration_ms, length, sizeof length);
    if (!loaded)
        set_why(why, why_len, "its header says %s but mpv found no tracks in it %s", kind, how);
    else if (step == STEP_LOAD)
        set_why(why, why_len, "its header says %s with %s video of %s but no frame was decoded %s",
                kind, info->codec, length, how);
    else
        set_why(why, why_len,
                "its header says %s with %s video of %s but its %s frame at %s was not decoded %s",
                kind, info->codec, length, step == STEP_SEEK_END ? "last" : "poster's", when, how);
}

static int probe_seek(struct probe *pr, uint64_t id, int64_t ms)
{
    char at[32];
    snprintf(at, sizeof at, "%.3f", (double)ms / 1000);
    const char *cmd[] = {"seek", at, "absolute+exact", NULL};
    return mpv.command_async(pr->core.h, id, cmd);
}

static double get_double(mpv_handle *h, const char *name, double fallback)
{
    double v;
    return mpv.get_property(h, name, MPV_FORMAT_DOUBLE, &v) >= 0 ? v : fallback;
}

int video_probe(const struct video_source *src, int64_t at_ms, int max_w, int max_h,
                struct video_info *info, uint32_t **pixels, int *w, int *h, char *why,
                size_t why_len)
{
    static const struct option probe_options[] = {
        {"pause", "yes"}, {"aid", "no"},      {"ao", "null"},
        {"hwdec", "no"},  {"hr-seek", "yes"}, {"loop-file", "no"},
    };
    struct probe pr;
    struct video_info info_local;
    if (!info)
        info = &info_local;
    memset(info, 0, sizeof *info);
    if (pixels)
        *pixels = NULL;
    memset(&pr, 0, sizeof pr);
    pthread_mutex_init(&pr.lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&pr.cond, &attr);
    pthread_condattr_destroy(&attr);

    /* each step (the header and first frame, the last frame, the poster's
     * frame) has the limit: one that makes no progress is given up */
    int64_t limit = atomic_load(&probe_limit_ms);
    int64_t deadline = now_ms() + limit;
    char within[48];
    snprintf(within, sizeof within, "within %g s", (double)limit / 1000);
    int rc = -1;
    uint32_t *buf = NULL;
    int bw = 0, bh = 0;
    uint32_t small[16 * 16]; /* the frame when only info is asked for */
    enum probe_step step = STEP_LOAD;
    bool loaded = false, shown = false, seek_done = false, restarted = false, framed = false;
    bool eof = false;
    int64_t target = 0, end = 0;
    char when[32] = "";

    if (core_start(&pr.core, src, probe_options, sizeof probe_options / sizeof probe_options[0],
                   NULL, probe_wakeup, probe_update, &pr, why, why_len) != 0)
        goto done;
    pr.core.log_level = LOG_DEBUG; /* the probe's reason says what failed */
    /* paused, mpv reaches the data's end before a first frame only when
     * the header promises frames the data does not hold: said at once,
     * not at the time limit */
    if (mpv.observe_property(pr.core.h, OBS_PROBE_EOF, "eof-reached", MPV_FORMAT_FLAG) < 0) {
        set_why(why, why_len, "mpv cannot say where the clip's data ends");
        goto done;
    }
    if (core_load(&pr.core, why, why_len) != 0)
        goto done;
    while (step != STEP_DONE) {
        bool frame = probe_wait(&pr, deadline);
        for (;;) {
            mpv_event *ev = mpv.wait_event(pr.core.h, 0);
            if (ev->event_id == MPV_EVENT_NONE)
                break;
            switch (ev->event_id) {
            case MPV_EVENT_LOG_MESSAGE:
                core_log(&pr.core, ev->data);
                break;
            case MPV_EVENT_HOOK:
                core_preloaded(&pr.core, ev);
                break;
            case MPV_EVENT_END_FILE: {
                const mpv_event_end_file *ef = ev->data;
                if (ef->reason == MPV_END_FILE_REASON_ERROR)
                    end_file_why(&pr.core, ef, loaded, why, why_len);
                else
                    set_why(why, why_len, "not a video: mpv stopped reading it");
                goto done;
            }
            case MPV_EVENT_FILE_LOADED:
                if (probe_info(&pr, info, why, why_len) != 0)
                    goto done;
                loaded = true;
                break;
            case MPV_EVENT_PLAYBACK_RESTART:
                restarted = true;
                break;
            case MPV_EVENT_PROPERTY_CHANGE: {
                const mpv_event_property *prop = ev->data;
                if (ev->reply_userdata == OBS_PROBE_EOF && prop->format == MPV_FORMAT_FLAG)
                    eof = *(int *)prop->data != 0;
                break;
            }
            case MPV_EVENT_COMMAND_REPLY:
                if (ev->reply_userdata != 0 && ev->error < 0) {
                    set_why(why, why_len, "could not decode a frame at %s: mpv cannot seek there",
                            when);
                    goto done;
                }
                if (ev->reply_userdata != 0)
                    seek_done = true;
                break;
            case MPV_EVENT_SHUTDOWN:
                set_why(why, why_len, "mpv shut down");
                goto done;
            default:
                break;
            }
        }
        if (frame && (mpv.render_context_update(pr.core.rc) & MPV_RENDER_UPDATE_FRAME)) {
            if (step == STEP_LOAD)
                shown = true;
            if (step == STEP_SEEK_FRAME && seek_done) {
                /* the frame after the seek: rendered at its size, or small */
                int e = buf ? core_render(&pr.core, bw, bh, buf, bw * 4)
                            : core_render(&pr.core, 16, 16, small, 16 * 4);
                if (e < 0) {
                    set_why(why, why_len, "could not decode a frame at %s: %s", when,
                            mpv.error_string(e));
                    goto done;
                }
                framed = true;
            } else {
                core_render(&pr.core, 16, 16, small, 16 * 4);
            }
        }
        if (step == STEP_LOAD && loaded && shown && restarted) {
            int64_t dw = 0, dh = 0;
            mpv.get_property(pr.core.h, "dwidth", MPV_FORMAT_INT64, &dw);
            mpv.get_property(pr.core.h, "dheight", MPV_FORMAT_INT64, &dh);
            if (dw <= 0 || dh <= 0 || dw > INT_MAX || dh > INT_MAX) {
                set_why(why, why_len, "could not decode a frame at 0:00: it has no picture size");
                goto done;
            }
            info->width = (int)dw;
            info->height = (int)dh;
            if (pixels) {
                fit_box(info->width, info->height, max_w, max_h, &bw, &bh);
                buf = malloc((size_t)bw * (size_t)bh * 4);
                if (!buf) {
                    set_why(why, why_len, "out of memory for a %dx%d picture", bw, bh);
                    goto done;
                }
            }
            /* the last frame first: a clip cut short stops before it */
            int64_t frame_ms = info->fps > 0 ? (int64_t)(1000 / info->fps + 0.5) : 40;
            end = info->duration_ms - 2 * frame_ms;
            if (end < 0)
                end = 0;
            clock_text(end, when, sizeof when);
            restarted = seek_done = false;
            if (probe_seek(&pr, SEEK_END_ID, end) < 0) {
                set_why(why, why_len, "mpv cannot seek in it");
                goto done;
            }
            step = STEP_SEEK_END;
            deadline = now_ms() + limit;
        } else if (step == STEP_SEEK_END && seek_done && restarted) {
            double pos = get_double(pr.core.h, "time-pos", -1);
            /* a frame within a second of the end counts as reaching it */
            if (pos * 1000 < (double)(end - 1000)) {
                char at[32], of[32];
                clock_text(pos > 0 ? (int64_t)(pos * 1000) : 0, at, sizeof at);
                clock_text(info->duration_ms, of, sizeof of);
                set_why(why, why_len, "cut short: its data stops at %s of its %s", at, of);
                goto done;
            }
            target = at_ms < 0 ? VIDEO_POSTER_MS : at_ms;
            if (at_ms < 0 && info->duration_ms < 2 * VIDEO_POSTER_MS)
                target = info->duration_ms / 2;
            if (target > end)
                target = end;
            clock_text(target, when, sizeof when);
            restarted = seek_done = false;
            if (probe_seek(&pr, SEEK_FRAME_ID, target) < 0) {
                set_why(why, why_len, "mpv cannot seek in it");
                goto done;
            }
            step = STEP_SEEK_FRAME;
            deadline = now_ms() + limit;
        } else if (step == STEP_SEEK_FRAME && seek_done && restarted && framed) {
            step = STEP_DONE;
        }
        if (step == STEP_LOAD && eof && !shown) {
            /* a frame may be there, its update not yet signalled */
            if (mpv.render_context_update(pr.core.rc) & MPV_RENDER_UPDATE_FRAME) {
                core_render(&pr.core, 16, 16, small, 16 * 4);
                shown = true;
            } else {
                probe_stalled(&pr, step, loaded, info, when, "before its data ended", why, why_len);
                goto done;
            }
        }
        if (step != STEP_DONE && now_ms() >= deadline) {
            probe_stalled(&pr, step, loaded, info, when, within, why, why_len);
            goto done;
        }
    }
    rc = 0;
done:
    if (pr.core.h)
        core_destroy(&pr.core);
    pthread_cond_destroy(&pr.cond);
    pthread_mutex_destroy(&pr.lock);
    if (rc == 0 && pixels) {
        *pixels = buf;
        buf = NULL;
        if (w)
            *w = bw;
        if (h)
            *h = bh;
    }
    free(buf);
    return rc;
}

/* ---- the player ---- */

/* observed properties' reply ids */
enum {
    OBS_TIME_POS = 1,
    OBS_EOF,
    OBS_DROPS_VO,
    OBS_DROPS_DECODER,
    OBS_HWDEC,
    REPLY_VID, /* get_property_async of "vid", asked on FILE_LOADED */
};

struct video_player {
    struct core core;
    void (*wake)(void *ctx);
    void *wake_ctx;
    atomic_bool frame_pending; /* mpv's update callback since the last render */
    bool loop;
    bool loaded;          /* the clip's tracks are read */
    bool started;         /* the first frame is there */
    bool eof;             /* eof-reached */
    bool restart_pending; /* video_restart's seek is not done: an old eof is stale */
    bool paused;
    bool failed;
    bool why_given;
    int64_t pos_ms;
    int64_t drops_vo, drops_decoder;
    char hwdec[32]; /* mpv's hwdec-current: "no" in software, else its API */
    char why[WHY_MAX];
};

static void player_wakeup(void *ctx)
{
    struct video_player *p = ctx;
    p->wake(p->wake_ctx);
}

static void player_update(void *ctx)
{
    struct video_player *p = ctx;
    atomic_store(&p->frame_pending, true);
    p->wake(p->wake_ctx);
}

static void no_wake(void *ctx)
{
    (void)ctx;
}

static void player_fail(struct video_player *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void player_fail(struct video_player *p, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->why, sizeof p->why, fmt, ap);
    va_end(ap);
    log_debug(TAG, "%s: %s", p->core.clip ? p->core.clip->path : "a clip", p->why);
}

struct video_player *video_open(const struct video_source *src, const struct video_opts *o,
                                void (*wake)(void *ctx), void *wake_ctx, char *why, size_t why_len)
{
    static const struct video_opts defaults = {false, false, false, 0, NULL};
    if (!o)
        o = &defaults;
    struct video_player *p = calloc(1, sizeof *p);
    if (!p) {
        set_why(why, why_len, "out of memory");
        return NULL;
    }
    p->wake = wake ? wake : no_wake;
    p->wake_ctx = wake_ctx;
    p->loop = o->loop;
    atomic_init(&p->frame_pending, false);
    struct option extra[9];
    size_t n = 0;
    /* Each decoding thread holds frames of its own (a 4K one: 12 MB each):
     * one a core, at most VIDEO_THREADS_MAX, bounds the memory on a box of
     * many cores (mpv's own default is a core and one more, up to 16). */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char threads[24];
    snprintf(threads, sizeof threads, "%ld",
             o->threads > 0 && o->threads <= VIDEO_THREADS_MAX ? (long)o->threads
             : cores < 1                                       ? 1
             : cores > VIDEO_THREADS_MAX                       ? VIDEO_THREADS_MAX
                                                               : cores);
    extra[n++] = (struct option){"vd-lavc-threads", threads};
    extra[n++] = (struct option){"loop-file", o->loop ? "inf" : "no"};
    /* drawn with OpenGL, a decoder's frames go to it without a copy where
     * mpv has the interop for this context; else they are copied back */
    extra[n++] = (struct option){"hwdec", !o->hwdec ? "no"
                                          : o->gl   ? "auto-safe"
                                                    : "auto-copy-safe"};
    /* mpv's OpenGL renderer loads every hardware decoder's interop when it
     * starts (with an NVIDIA GPU, CUDA: a context of its own, about 240 MB
     * of the kiosk's memory and 110 ms of its thread): none where nothing
     * is decoded in hardware */
    if (!o->hwdec && o->gl)
        extra[n++] = (struct option){"gpu-hwdec-interop", "no"};
    if (o->sound) {
        /* The audio outputs of a Debian box, never mpv's SDL output: that
         * would init and quit the kiosk's own SDL's audio (and loses 128
         * bytes in SDL each time). No device: the video plays on, silent. */
        extra[n++] = (struct option){"ao", "pipewire,pulse,alsa"};
        extra[n++] = (struct option){"audio-fallback-to-null", "yes"};
    } else {
        extra[n++] = (struct option){"aid", "no"};
        extra[n++] = (struct option){"ao", "null"};
    }
    char start_why[WHY_MAX] = "";
    int started = core_start(&p->core, src, extra, n, o->gl, player_wakeup, player_update, p,
                             start_why, sizeof start_why);
    if (started == -2) {
        /* the clip, not mpv: a player that fails at its first poll, as
         * one whose clip fails while it loads (the caller logs it once) */
        player_fail(p, "%s", start_why);
        return p;
    }
    if (started != 0) {
        set_why(why, why_len, "%s", start_why);
        goto fail;
    }
    mpv_handle *h = p->core.h;
    if (mpv.observe_property(h, OBS_TIME_POS, "time-pos", MPV_FORMAT_DOUBLE) < 0 ||
        mpv.observe_property(h, OBS_EOF, "eof-reached", MPV_FORMAT_FLAG) < 0 ||
        mpv.observe_property(h, OBS_DROPS_VO, "frame-drop-count", MPV_FORMAT_INT64) < 0 ||
        mpv.observe_property(h, OBS_DROPS_DECODER, "decoder-frame-drop-count", MPV_FORMAT_INT64) <
            0) {
        set_why(why, why_len, "mpv cannot report its playback position");
        goto fail;
    }
    /* only for the log: which decoder the machine gave it */
    mpv.observe_property(h, OBS_HWDEC, "hwdec-current", MPV_FORMAT_STRING);
    if (core_load(&p->core, why, why_len) != 0)
        goto fail;
    return p;
fail:
    if (p->core.h)
        core_destroy(&p->core);
    free(p);
    return NULL;
}

static void player_property(struct video_player *p, const mpv_event *ev)
{
    const mpv_event_property *prop = ev->data;
    switch (ev->reply_userdata) {
    case OBS_TIME_POS:
        if (prop->format == MPV_FORMAT_DOUBLE)
            p->pos_ms = (int64_t)(*(double *)prop->data * 1000 + 0.5);
        break;
    case OBS_EOF: {
        bool eof = prop->format == MPV_FORMAT_FLAG && *(int *)prop->data;
        if (!(eof && p->restart_pending))
            p->eof = eof;
        break;
    }
    case OBS_DROPS_VO:
        if (prop->format == MPV_FORMAT_INT64)
            p->drops_vo = *(int64_t *)prop->data;
        break;
    case OBS_DROPS_DECODER:
        if (prop->format == MPV_FORMAT_INT64)
            p->drops_decoder = *(int64_t *)prop->data;
        break;
    case OBS_HWDEC:
        if (prop->format == MPV_FORMAT_STRING && *(char **)prop->data)
            snprintf(p->hwdec, sizeof p->hwdec, "%s", *(char **)prop->data);
        break;
    default:
        break;
    }
}

/* On FILE_LOADED: the clip must have a video track. Asked without
 * waiting: a synchronous read waits for mpv's core, which after
 * FILE_LOADED goes on to start the decoders (200 ms of the kiosk's thread
 * on the 2-core build machine, at every clip's start). */
static void player_ask_video(struct video_player *p)
{
    if (mpv.get_property_async(p->core.h, REPLY_VID, "vid", MPV_FORMAT_STRING) < 0)
        player_fail(p, "mpv cannot say whether the clip has a video track");
}

/* The answer: the clip must have a video track. */
static void player_check_video(struct video_player *p, const mpv_event *ev)
{
    const mpv_event_property *prop = ev->data;
    const char *vid = ev->error >= 0 && prop && prop->format == MPV_FORMAT_STRING && prop->data
                          ? *(char **)prop->data
                          : NULL;
    if (!vid || strcmp(vid, "no") == 0)
        player_fail(p, "no video track");
}

static void player_event(struct video_player *p, mpv_event *ev)
{
    switch (ev->event_id) {
    case MPV_EVENT_LOG_MESSAGE:
        core_log(&p->core, ev->data);
        break;
    case MPV_EVENT_HOOK:
        core_preloaded(&p->core, ev);
        break;
    case MPV_EVENT_PROPERTY_CHANGE:
        player_property(p, ev);
        break;
    case MPV_EVENT_FILE_LOADED:
        p->loaded = true;
        player_ask_video(p);
        break;
    case MPV_EVENT_GET_PROPERTY_REPLY:
        if (ev->reply_userdata == REPLY_VID)
            player_check_video(p, ev);
        break;
    case MPV_EVENT_PLAYBACK_RESTART:
        p->started = true;
        p->restart_pending = false;
        break;
    case MPV_EVENT_END_FILE: {
        const mpv_event_end_file *ef = ev->data;
        if (ef->reason == MPV_END_FILE_REASON_ERROR) {
            char why[WHY_MAX];
            end_file_why(&p->core, ef, p->loaded, why, sizeof why);
            player_fail(p, "%s", why);
        } else if (ef->reason == MPV_END_FILE_REASON_EOF) {
            p->eof = true;
        } else {
            player_fail(p, "mpv stopped playing it");
        }
        break;
    }
    case MPV_EVENT_SHUTDOWN:
        player_fail(p, "mpv shut down");
        break;
    default:
        break;
    }
}

enum video_state video_poll(struct video_player *p, int64_t *pos_ms, char *why, size_t why_len)
{
    if (why && why_len)
        why[0] = '\0';
    for (int i = 0; p->core.h && i < POLL_EVENTS_MAX; i++) {
        mpv_event *ev = mpv.wait_event(p->core.h, 0);
        if (ev->event_id == MPV_EVENT_NONE)
            break;
        player_event(p, ev);
    }
    if (pos_ms)
        *pos_ms = p->pos_ms;
    if (p->failed) {
        if (!p->why_given)
            set_why(why, why_len, "%s", p->why);
        p->why_given = true;
        return VIDEO_FAILED;
    }
    if (!p->started)
        return VIDEO_LOADING;
    if (p->eof && !p->loop && !p->restart_pending)
        return VIDEO_ENDED;
    return p->paused ? VIDEO_PAUSED : VIDEO_PLAYING;
}

const char *video_error(const struct video_player *p)
{
    return p && p->failed ? p->why : NULL;
}

/* Whether mpv has a new frame for p (or force): 1, or 0. */
static int frame_due(struct video_player *p, bool force)
{
    bool pending = atomic_exchange(&p->frame_pending, false);
    if (!pending && !force)
        return 0;
    uint64_t flags = mpv.render_context_update(p->core.rc);
    return (flags & MPV_RENDER_UPDATE_FRAME) || force;
}

int video_render(struct video_player *p, int w, int h, void *pixels, int pitch, bool force)
{
    if (p->failed || p->core.gl)
        return -1;
    if (w <= 0 || h <= 0 || !pixels || pitch < w * 4 || pitch % 4 != 0)
        return -1;
    if (!frame_due(p, force))
        return 0;
    int e = core_render(&p->core, w, h, pixels, pitch);
    if (e < 0) {
        player_fail(p, "could not draw a frame: %s", mpv.error_string(e));
        return -1;
    }
    return 1;
}

int video_render_gl(struct video_player *p, int fbo, int w, int h, bool flip, bool force)
{
    if (p->failed || !p->core.gl || w <= 0 || h <= 0 || fbo < 0)
        return -1;
    if (!frame_due(p, force))
        return 0;
    mpv_opengl_fbo target = {fbo, w, h, 0};
    int flip_y = flip;
    int block = 0;
    mpv_render_param params[] = {
        {MPV_RENDER_PARAM_OPENGL_FBO, &target},
        {MPV_RENDER_PARAM_FLIP_Y, &flip_y},
        {MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, &block},
        {MPV_RENDER_PARAM_INVALID, NULL},
    };
    int e = mpv.render_context_render(p->core.rc, params);
    if (e < 0) {
        player_fail(p, "could not draw a frame with OpenGL: %s", mpv.error_string(e));
        return -1;
    }
    return 1;
}

bool video_is_gl(const struct video_player *p)
{
    return p && p->core.gl;
}

void video_presented(struct video_player *p)
{
    if (p && !p->failed)
        mpv.render_context_report_swap(p->core.rc);
}

void video_set_paused(struct video_player *p, bool paused)
{
    if (!p->core.h)
        return;
    int flag = paused;
    if (mpv.set_property_async(p->core.h, 0, "pause", MPV_FORMAT_FLAG, &flag) >= 0)
        p->paused = paused;
}

void video_set_muted(struct video_player *p, bool muted)
{
    if (!p->core.h)
        return;
    int flag = muted;
    mpv.set_property_async(p->core.h, 0, "mute", MPV_FORMAT_FLAG, &flag);
}

void video_restart(struct video_player *p)
{
    const char *cmd[] = {"seek", "0", "absolute+exact", NULL};
    if (!p->core.h || mpv.command_async(p->core.h, 0, cmd) < 0)
        return;
    p->restart_pending = true;
    p->eof = false;
    p->pos_ms = 0;
    video_set_paused(p, false);
}

int64_t video_dropped(const struct video_player *p)
{
    return p->drops_vo + p->drops_decoder;
}

const char *video_decoder(const struct video_player *p)
{
    return !p->hwdec[0] ? "not known" : strcmp(p->hwdec, "no") == 0 ? "software" : p->hwdec;
}

void video_close(struct video_player *p)
{
    if (!p)
        return;
    core_destroy(&p->core);
    free(p);
}
