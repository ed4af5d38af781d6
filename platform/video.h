/* video.h - playing and probing video clips with libmpv.
 *
 * libmpv is loaded with dlopen("libmpv.so.2") on first use, never linked:
 * a kiosk whose exhibit has no video starts as fast as without this module
 * and maps none of mpv or FFmpeg. Without libmpv, video_available() says
 * why and every other function fails with that reason.
 *
 * A clip's bytes are read where they are: the blob clip.data of a content
 * store, through a read-only SQLite connection of the player's own, opened
 * as the store opens its file (store_db_open) and checked to be the file
 * the store has open (the store may be replaced on disk while it plays:
 * the open connection keeps reading the old file), or a plain file opened
 * once. No temporary file is written and no copy of the whole clip is held
 * in memory (mpv's demuxer reads ahead at most 4 MiB).
 *
 * Frames are drawn by mpv's software renderer into the caller's buffer as
 * XRGB8888 (native-endian uint32 0x00RRGGBB, SDL_PIXELFORMAT_RGB888), or,
 * for a player opened with video_opts.gl, by mpv's OpenGL renderer into
 * the caller's framebuffer object (video_render_gl): on a GPU the picture
 * then never passes through the CPU, and a hardware decoder hands its
 * frames to OpenGL without a copy where mpv can.
 *
 * ERRORS: every failure is a return value with a reason in plain words in
 * why (why may be NULL; a reason longer than why_len is cut). Nothing here
 * aborts, and nothing blocks the caller longer than mpv's own
 * mpv_terminate_destroy (video_close) or the probe's time limit.
 *
 * THREADS: video_available and video_probe may be called from any thread
 * (a probe runs mpv on threads of its own and waits for it). A player is
 * used from one thread, the one that opened it (the main thread); its wake
 * callback is called from mpv's threads (see video_open). */
#ifndef VITRINE_VIDEO_H
#define VITRINE_VIDEO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The time limit of each step of a video_probe, unless
 * video_set_probe_limit says otherwise: the clip's header and its first
 * frame; the frame at its end; the poster's frame. A step that does not
 * finish in time is given up (the 4K test clip's whole probe took 1.6 s on
 * the 2-core build machine with the test suite beside it). */
#define VIDEO_PROBE_LIMIT_MS 2000

/* The default poster time: 1 s into the clip, or its middle if shorter. */
#define VIDEO_POSTER_MS 1000

struct video_info {
    char codec[24];     /* "h264", "hevc", "vp9", "av1", ... (lower case) */
    char container[24]; /* "mp4", "mov", "webm", "matroska", "mpegts", ... */
    int width, height;  /* display size in pixels (the pixel aspect applied) */
    double fps;         /* 0 when unknown */
    int64_t duration_ms;
    int64_t bytes;   /* the clip's size */
    int64_t bitrate; /* bits per second over the whole clip (bytes * 8 / duration) */
    bool has_audio;
};

/* Where a clip's bytes are, and what they must be.
 *
 * A clip is the bytes of one MP4, WebM or Matroska file and nothing else:
 * its first bytes are checked before mpv sees it (an MP4's ftyp box, the
 * EBML header and its DocType), mpv's demuxer is fixed to that container,
 * and mpv opens no other file, no network address and no playlist, EDL,
 * concat list or HLS manifest, whatever the clip's bytes name. */
struct video_source {
    const char *path; /* the store (rowid > 0) or the clip file (rowid == 0) */
    int64_t rowid;    /* > 0: the blob clip.data at this rowid of the SQLite store at path */
    /* "mp4", "webm" or "matroska": what the clip's name or the store says
     * it is; its header must say the same. NULL: its header alone decides,
     * among those three. */
    const char *container;
    /* rowid > 0: the store's file as store_file_id gave it; the file the
     * clip's connection opens must be that one, or the clip is refused.
     * Both 0: the file at path when the clip is opened. */
    uint64_t dev, ino;
};

/* The container a clip's file name promises: "mp4" (.mp4), "webm" (.webm),
 * "matroska" (.mkv), case-insensitively; NULL for any other name. */
const char *video_container_of_name(const char *name);

/* Whether libmpv can be loaded (it is, on the first call of any function
 * here, from the system's libmpv.so.2). true; or false with why ("libmpv is
 * not installed (...)"). */
bool video_available(char *why, size_t why_len);

/* For tests: load file instead of libmpv.so.2. Only before the first call
 * of any other function here; the kiosk never calls it (no environment
 * variable changes which library the kiosk loads). */
void video_use_library(const char *file);

/* Load libmpv on a thread of its own, now, so that the first clip does not
 * wait for it (mapping mpv and FFmpeg takes 80 ms on a small machine): the
 * display calls it when it prepares the first view with a clip. Returns at
 * once; later calls do nothing. */
void video_preload(void);

/* Open the clip, read its info, and decode the frame at at_ms (clamped into
 * the clip; -1: VIDEO_POSTER_MS), scaled to fit max_w x max_h keeping its
 * aspect, never enlarged, into *pixels (malloc'd XRGB8888, pitch *w * 4;
 * the caller frees it). pixels NULL: info only (the frame is still decoded,
 * to know it can be). The probe also checks that the clip's data reaches
 * its stated end (a clip cut short is refused). info may be NULL.
 * 0; or -1 with why: "not a video: ...", "no video track", "could not
 * decode a frame at 0:01: ...", "cut short: ...", or, past the time limit
 * or when its data ends before a frame, what its header promised and what
 * did not come ("its header says MP4 with h264 video of 0:03 but no frame
 * was decoded within 2 s"). On failure *pixels is NULL. */
int video_probe(const struct video_source *src, int64_t at_ms, int max_w, int max_h,
                struct video_info *info, uint32_t **pixels, int *w, int *h, char *why,
                size_t why_len);

/* The time limit of each step of every later video_probe, in milliseconds
 * (> 0); tests use it to reach the limit. Not thread safe against a running probe. */
void video_set_probe_limit(int64_t ms);

/* The caller's OpenGL context, for a player drawn with OpenGL: that
 * context must be current on the calling thread during video_open,
 * video_render_gl and video_close of such a player. */
struct video_gl {
    void *(*get_proc_address)(void *ctx, const char *name);
    void *ctx;
    void *x11_display; /* the X11 Display * of the context, or NULL (for hardware decoding) */
    void *wl_display;  /* the Wayland wl_display *, or NULL */
};

struct video_opts {
    bool loop;   /* play again from the start at the end, forever (never ENDED) */
    bool sound;  /* decode and play the audio; false: no audio is decoded at all */
    bool hwdec;  /* hardware decoding where it is safe, copied back; falls back to software */
    int threads; /* decoding threads; 0: one a core, at most 4. Each holds frames of its
                  * own: a clip of 1080p or less decodes in time on one and needs 12 MB
                  * less (the display asks for 1 there) */
    const struct video_gl *gl; /* NULL: mpv's software renderer (video_render) */
};

struct video_player;

/* Start playing src (asynchronously: the state is VIDEO_LOADING until the
 * first frame). wake(wake_ctx) is called from mpv's threads whenever
 * video_poll or video_render has something new: it must be thread safe,
 * quick, and must not call this module (the run loop's waker). It is
 * never called once video_close has returned.
 * The player, or NULL with why (libmpv missing, mpv failing to start; with
 * o->gl, a reason naming OpenGL when mpv's OpenGL renderer would not
 * start, and the clip may be opened again without gl). src->path is
 * copied. A clip that cannot be read, or whose first bytes are not an MP4,
 * WebM or Matroska file (src->container's, when given), gives a player
 * that is VIDEO_FAILED at its first video_poll, with the reason, and
 * starts no mpv. */
struct video_player *video_open(const struct video_source *src, const struct video_opts *o,
                                void (*wake)(void *ctx), void *wake_ctx, char *why, size_t why_len);

enum video_state { VIDEO_LOADING, VIDEO_PLAYING, VIDEO_PAUSED, VIDEO_ENDED, VIDEO_FAILED };

/* Drain mpv's events without blocking; the state now; *pos_ms the playback
 * position (may be NULL). The call that first returns VIDEO_FAILED fills
 * why with the reason (and the reason is logged once, tag "video"); later
 * calls keep returning VIDEO_FAILED and leave why empty (video_error still
 * has it). The player logs its failure and mpv's messages only at debug:
 * the caller, which knows the clip by name, says it once. */
enum video_state video_poll(struct video_player *p, int64_t *pos_ms, char *why, size_t why_len);

/* Why the player failed, or NULL while it has not. Valid until the next
 * call on p. */
const char *video_error(const struct video_player *p);

/* When mpv has a new frame (or force: the current frame again, black
 * before the first), render it at w x h (the caller's box, of the clip's
 * aspect; mpv letterboxes otherwise) into pixels (XRGB8888, pitch bytes a
 * row, a multiple of 4; a multiple of 64 is fastest). Never waits for the
 * frame's display time. 1: rendered; 0: nothing new; -1: failed (the
 * player is then VIDEO_FAILED). */
int video_render(struct video_player *p, int w, int h, void *pixels, int pitch, bool force);

/* video_render for a player opened with video_opts.gl: into the
 * framebuffer object fbo (0 is the context's own) of w x h. Unflipped, the
 * picture's top row is the framebuffer's first (a texture that SDL draws
 * upright); flip turns it over (OpenGL's own framebuffer, first row at the
 * foot). */
int video_render_gl(struct video_player *p, int fbo, int w, int h, bool flip, bool force);

/* Whether p draws with OpenGL (it was opened with video_opts.gl). */
bool video_is_gl(const struct video_player *p);

/* Tell mpv the last rendered frame is now on screen (after the present),
 * for its timing. Optional, but then after every presented frame: mpv
 * trusts it once called. */
void video_presented(struct video_player *p);

void video_set_paused(struct video_player *p, bool paused);
/* Mute the clip's sound, or give it back (a clip opened without sound
 * stays silent). */
void video_set_muted(struct video_player *p, bool muted);

/* Back to the start and play (after VIDEO_ENDED, or at any time). */
void video_restart(struct video_player *p);

/* Frames dropped so far: by the decoder and at the output. */
int64_t video_dropped(const struct video_player *p);

/* What decodes the clip, for the log: "software", the hardware API mpv
 * uses ("nvdec", "vaapi", ...), or "not known" before mpv has said. */
const char *video_decoder(const struct video_player *p);

/* Stop and free everything: mpv's threads, the clip's connection. NULL is
 * ignored. Blocks no longer than mpv_terminate_destroy. */
void video_close(struct video_player *p);

#endif
