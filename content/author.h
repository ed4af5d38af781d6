/* author.h - compile an exhibit's source files into a content store.
 *
 * The source format is documented in content/README.md: exhibit.yaml plus
 * one YAML file per panel under panels/, ordered by file name. Parsing uses
 * libyaml; every error names file and line ("panels/03-runners.yaml:7:
 * figure.value must be a number").
 *
 * The optional fit check is called for every panel in every locale once the
 * panel is fully parsed; the bundle command uses it to run the real layout at
 * each supported screen size, so that text that cannot fit is a build error
 * naming the panel, the field's line and the sizes. */
#ifndef VITRINE_AUTHOR_H
#define VITRINE_AUTHOR_H

#include <stddef.h>
#include <stdint.h>

#include "panel.h"

/* Return 0 if the panel fits; otherwise write why, a whole message in
 * plain words ("the body of panel x is too long for the screen at 800x480:
 * ...; shorten it by about 12 words, or split the panel", "heading: U+E000
 * is in no installed font"), set *field to the panel's key it is about
 * ("body", "figure.label", "quote.translation", "events"; NULL when it is
 * about the panel as a whole), and return -1 or -2. The build reports it at
 * the line of that key (the panel's first line without one), once for all
 * the languages that give the same message. */
typedef int (*author_fit_fn)(void *ctx, const struct panel *p, char *why, size_t why_len,
                             const char **field);

/* What the clip hook found in a video clip by decoding it, and its poster:
 * an encoded still (PNG or JPEG, malloc'd: the build frees it). */
struct author_clip {
    char codec[24];     /* "h264", "hevc", "vp9", "av1" */
    char container[24]; /* "mp4", "webm", "matroska" */
    int w, h;
    double fps; /* 0: unknown */
    long long duration_ms, bitrate, bytes;
    int audio;
    unsigned char *poster; /* NULL when not asked for */
    size_t poster_size;
};

/* Decode the clip at path: what it is, and (want_poster) its frame at
 * poster_ms (-1: the default, 1 s in or the middle of a shorter clip)
 * encoded as a still. 0, or -1 with why in plain words ("is not a video
 * this kiosk can play: ..."; the build puts the file and line first). */
typedef int (*author_clip_fn)(void *ctx, const char *path, long long poster_ms, int want_poster,
                              struct author_clip *out, char *why, size_t why_len);

struct author_opts {
    author_fit_fn fit; /* may be NULL */
    void *fit_ctx;
    const char *sources_dir; /* where `file:` of sources is checked; may be NULL */
    /* The exhibit's own fonts (sans, bold, serif as enum font_face numbers
     * them; data NULL where it has none), given before any panel is
     * checked, so that the fit check measures with them; also given when
     * it has none; name: their files, for messages. 0, or -1 with why
     * ("fonts/X.otf is not a font SDL_ttf can open"). fit_ctx is passed.
     * May be NULL. */
    int (*fonts)(void *ctx, const void *const data[3], const size_t size[3],
                 const char *const name[3], char *why, size_t why_len);
    /* Warnings ("panels/07-meet-jen.yaml:3: heading has no fr text; the en
     * text is shown"): the build still succeeds. May be NULL. */
    void (*warn)(void *ctx, const char *line);
    void *warn_ctx;
    /* The store's built_at, UTC seconds since 1970, written as ISO 8601
     * ("2026-03-28T09:00:00Z"). The caller's clock: content/ reads none, so
     * that the same sources and the same built_at give the same bytes (the
     * command line takes SOURCE_DATE_EPOCH or the wall clock,
     * platform/clock.h: clock_build_time). 0, and NULL opts, write
     * 1970-01-01T00:00:00Z. */
    int64_t built_at;
    /* Video clips are decoded with it (platform/video.h on the command
     * line); NULL: a build that cannot check clips refuses video panels. */
    author_clip_fn clip;
    void *clip_ctx;
    /* 1 when the kiosk has words of its own for everything a visitor
     * reads in the language of locale (app/visitor/ui_strings.h:
     * ui_builtin, given by the command line); a language it has none for
     * and that `ui:` does not give them all is warned about. NULL: no
     * such warning. */
    int (*ui_builtin)(const char *locale);
};

/* Build src_dir into out_path (written to a temporary file beside it and
 * renamed into place only when complete, so a failed build never leaves a
 * half-written store). Returns 0, or -1 with the errors (one per line,
 * "file:line: message") in why. Logs nothing. */
int author_build(const char *src_dir, const char *out_path, const struct author_opts *opts,
                 char *why, size_t why_len);

/* The text of content/schema.sql, byte for byte, generated from it at build
 * time (cmake/text2c.cmake): executed first into every new store (it sets
 * application_id and user_version). */
extern const char author_schema_sql[];

#endif
