/* rules.h - what valid content is, in one place.
 *
 * The builder (content/author*.c) checks what staff write against these
 * rules and reports "file:line: PHRASE"; the store reader (content/store.c)
 * checks every row it loads against the same rules and refuses the panel
 * with "STORE: panel N 'ID': PHRASE." Each check writes its PHRASE into
 * why[0..why_len) and returns -1, or returns 0, so both say it in the same
 * words. Names in phrases are the YAML keys staff write ("figure.to",
 * "heading (fr)").
 *
 * Pure functions: no allocation, no I/O, nothing logged. */
#ifndef VITRINE_RULES_H
#define VITRINE_RULES_H

#include <stddef.h>

#include "panel.h"

/* Longest text accepted, bytes of UTF-8. */
#define RULES_LEN_TITLE 200
#define RULES_LEN_SUBTITLE 400
#define RULES_LEN_CHAPTER 200
#define RULES_LEN_HEADING 200
#define RULES_LEN_BODY 4000
#define RULES_LEN_NOTE 1000
#define RULES_LEN_LABEL 200
#define RULES_LEN_AFFIX 40 /* figure.prefix, figure.suffix */
#define RULES_LEN_UNIT 16
#define RULES_LEN_QUOTE 1200
#define RULES_LEN_NAME 120
#define RULES_LEN_ROLE 200
#define RULES_LEN_CONTEXT 400
#define RULES_LEN_ALT 1000
#define RULES_LEN_CITE 200
#define RULES_LEN_DESCRIPTION 2000

/* Bounded cost of text (rules_text): at most this many characters join
 * one character's cluster (marks, joiners, variation selectors, modifiers;
 * Unicode's stream-safe text format, UAX #15, caps a run of combining marks
 * at 30), and explicit bidi embeddings, overrides and isolates open at most
 * this level (UAX #9's max_depth). */
#define RULES_CLUSTER_JOINED 30
#define RULES_BIDI_DEPTH 125

#define RULES_DECIMALS_MAX 3
/* A figure's numbers are below this in size: the layout shows whole
 * numbers up to 15 digits exactly. */
#define RULES_NUMBER_LIMIT 1e15
/* The same limit as a count of digits before the point: with at most
 * RULES_DECIMALS_MAX after it, a figure has at most 18 digits, which a
 * decimal (decimal.h) carries exactly. */
#define RULES_WHOLE_DIGITS_MAX 15

#define RULES_IMAGE_MAX_SIDE 8192
#define RULES_IMAGE_MAX_BYTES (20 * 1024 * 1024)

/* Video clips (docs/video.md): what every kiosk box plays in software at
 * its screen's size, and what a bundle can carry. */
#define RULES_CLIP_MAX_WIDTH 3840
#define RULES_CLIP_MAX_HEIGHT 2160
#define RULES_CLIP_MIN_SIDE 16
#define RULES_CLIP_MIN_MS 500              /* half a second */
#define RULES_CLIP_MAX_MS (30 * 60 * 1000) /* 30 minutes */
#define RULES_CLIP_MAX_BITRATE 40000000LL  /* 40 Mbit/s over the clip */
#define RULES_CLIP_MAX_BYTES 1000000000LL  /* SQLite's default blob limit */
#define RULES_CLIP_MAX_FPS 60
#define RULES_LEN_CAPTION 300   /* one caption cue */
#define RULES_CAPTIONS_MAX 5000 /* cues per clip and language */

/* Recorded audio descriptions (content/README.md, `audio_description`):
 * Ogg Opus, mono or stereo, at most 10 minutes and 8 MB (speech at
 * 32 kbit/s takes 2.4 MB for 10 minutes). */
#define RULES_AUDIO_MAX_BYTES (8 * 1024 * 1024)
#define RULES_AUDIO_MAX_MS (10 * 60 * 1000) /* 10 minutes */
#define RULES_AUDIO_MAX_CHANNELS 2

/* The code point at s[*i], advancing *i past it; or -1 (and *i past one
 * byte) where s is not well-formed UTF-8 (no overlong forms, surrogates,
 * or code points above U+10FFFF). *i < len. */
long rules_utf8_next(const char *s, size_t len, size_t *i);

/* Write one sentence (printf style) into why, when why has room; returns
 * -1, so that a check can `return rules_fail(...)`. */
int rules_fail(char *why, size_t why_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Text a visitor reads: not empty, valid UTF-8, no control characters (a
 * newline is allowed when multiline), at most max bytes, no character with
 * more than RULES_CLUSTER_JOINED others joined to it (one extended grapheme
 * cluster, UAX #29), no paragraph whose bidi controls open a level above
 * RULES_BIDI_DEPTH. name names it in the phrase ("heading (fr) is not valid
 * UTF-8"). */
int rules_text(const char *s, size_t len, int multiline, size_t max, const char *name, char *why,
               size_t why_len);

/* figure.unit: text of one line, at most RULES_LEN_UNIT bytes, without
 * spaces at either end (the space before a unit belongs to the language). */
int rules_unit(const char *s, size_t len, char *why, size_t why_len);

/* The decimals a number needs to be shown exactly (its written scale
 * without trailing zeros): 0..RULES_DECIMALS_MAX, or RULES_DECIMALS_MAX + 1
 * when it needs more. */
int rules_decimals_needed(const struct decimal *x);

/* A figure's numbers: finite and below RULES_NUMBER_LIMIT in size; `to`
 * larger than `value`; `part_of` larger than both; decimals 0..3, and
 * enough of them that no number is shown rounded to another ("99.7" with
 * decimals 0 would read "100"). *key (may be NULL) gets the YAML key at
 * fault ("figure.to"; "figure.decimals" when a number would be rounded).
 * The figure's other text is checked when it is read. */
int rules_figure(const struct panel_figure *f, const char **key, char *why, size_t why_len);

/* A date as the YAML and the store write it: "YYYY", "YYYY-MM" or
 * "YYYY-MM-DD" (year 1000..9999, a real month and day: no 31 April, 29
 * February only in a leap year) into *out. The phrase names the date. */
int rules_date(const char *s, size_t len, struct panel_date *out, char *why, size_t why_len);

/* -1, 0 or 1 as date a is before, the same as, or after b; a date given
 * only to the year or month counts as its start ("2014" before
 * "2014-04"). */
int rules_date_cmp(const struct panel_date *a, const struct panel_date *b);

/* A timeline: PANEL_EVENTS_MIN..MAX events, in date order; *bad (may be
 * NULL) gets the index of the event at fault, or -1. */
int rules_timeline(const struct panel_event *ev, int n, int *bad, char *why, size_t why_len);

/* A compare panel: PANEL_VALUES_MIN..MAX values, each finite, >= 0 and
 * below RULES_NUMBER_LIMIT, with 0..3 decimals that show it as it is, and
 * not all 0; *bad (may be NULL) gets the index at fault, or -1. */
int rules_compare(const struct panel_value *v, int n, int *bad, char *why, size_t why_len);

/* What goes between a number and its unit in a language: "" ("99.7%" in
 * English, "90°"), a narrow no-break space (French "99,7 %"), or a
 * no-break space ("42 km", "20 °C"), so that the two never part at a line
 * break. Never NULL. */
const char *rules_unit_space(const char *unit, const char *locale);

/* 1 when a figure's prefix qualifies it as approximate or a bound: a sign
 * ("~", "≈", "<", "±") or a word ("about", "over", "environ", "plus de",
 * "etwa", "약", "約"), in any case. Such a figure is shown as it is at once,
 * never counted up through exact numbers it does not claim. */
int rules_figure_approximate(const char *prefix);

/* What a figure's number follows: its prefix with the space its language
 * writes, into buf (size bytes with the NUL). A word ("about", "environ",
 * "약") gets a no-break space ("about 760"); a sign ("~", "≈", "$") touches
 * the number ("~200") unless the author spaced it, and then the space
 * never breaks. Chinese and Japanese words take no space ("約50").
 * Returns prefix when it is NULL or empty, NULL when it is only spaces,
 * else buf. */
const char *rules_figure_before(const char *prefix, const char *locale, char *buf, size_t size);

/* What follows a figure's number: the unit with its space, then the
 * suffix with the space its language writes (a word after a no-break space,
 * "1,200 runners"; a sign or an ordinal's ending touching, "200+", "27th",
 * "27e"; French ; : ! ? after a narrow no-break space), into buf (at most size bytes with the NUL;
 * both are short, see RULES_LEN_*). NULL when there is neither. */
const char *rules_figure_after(const char *unit, const char *suffix, const char *locale, char *buf,
                               size_t size);

/* A photo: d[0..n) is a PNG or JPEG whose header gives its size, 1 to
 * RULES_IMAGE_MAX_SIDE pixels a side, in at most RULES_IMAGE_MAX_BYTES.
 * What the store declares for it (mime, w, h; NULL and 0 when nothing is
 * declared, as for a file the builder reads) must agree with its header.
 * *mime_out, *w_out, *h_out (may be NULL) get what the header says. The
 * phrase follows the photo's name ("is 9000x10 pixels; ..."). */
int rules_image(const unsigned char *d, size_t n, const char *mime, long w, long h,
                const char **mime_out, unsigned long *w_out, unsigned long *h_out, char *why,
                size_t why_len);

/* A video clip as its decoder describes it (struct panel_video's fields):
 * a codec and container the kiosk plays (h264, hevc, vp9, av1 in mp4, webm
 * or matroska), RULES_CLIP_MIN_SIDE to 3840x2160 pixels (either way round:
 * a portrait clip may be 2160x3840), RULES_CLIP_MIN_MS to RULES_CLIP_MAX_MS
 * long, at most RULES_CLIP_MAX_BITRATE bits a second, at most
 * RULES_CLIP_MAX_BYTES, at most RULES_CLIP_MAX_FPS frames a second (fps 0:
 * unknown, allowed). The phrase follows the clip's name ("is 7680x4320
 * pixels; a clip may be at most 3840x2160: ..."). */
int rules_clip(const char *codec, const char *container, long w, long h, long long duration_ms,
               long long bitrate, long long bytes, double fps, char *why, size_t why_len);

/* A recorded audio description as the build's decoder measured it (struct
 * panel_audio's fields): 1 to RULES_AUDIO_MAX_BYTES bytes, lasting 1 ms to
 * RULES_AUDIO_MAX_MS, 1 to RULES_AUDIO_MAX_CHANNELS channels (the most of
 * any part of the stream). Checked in this order; the phrase follows the
 * recording's name ("lasts 10 min 01 s; an audio description lasts at most
 * 10 minutes: ..."). */
int rules_audio(long long bytes, long long duration_ms, long long channels, char *why,
                size_t why_len);

/* The bytes of a recording d[0..n): an Ogg stream whose first page holds
 * an Opus header ("OpusHead") for 1 to `channels` channels. The build
 * decodes a recording whole; the reader checks only this much (the
 * signed store carries the bytes the build decoded). */
int rules_audio_stream(const unsigned char *d, size_t n, long long channels, char *why,
                       size_t why_len);

#endif
