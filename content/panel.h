/* panel.h - one exhibit panel in one locale, as the kiosk shows it.
 *
 * Filled by store_panel_load() (content/store.h). Every pointer points into
 * the arena passed to the loader and is valid until that arena is reset.
 * Text is UTF-8 and validated by the store; absent optional text is NULL. */
#ifndef VITRINE_PANEL_H
#define VITRINE_PANEL_H

#include <stddef.h>

#include "decimal.h"

struct hyphen_table; /* hyphenation.h */

enum panel_kind {
    PANEL_TITLE,
    PANEL_STORY,
    PANEL_STATISTIC,
    PANEL_QUOTE,
    PANEL_CREDITS,
    PANEL_IMAGE,
    PANEL_TIMELINE, /* dated events on a line */
    PANEL_COMPARE,  /* one number as each source gives it, as bars */
    PANEL_VIDEO,    /* a moving picture, its poster where it cannot move */
    PANEL_KIND_COUNT
};

/* "title", "story", ... ; NULL for an out-of-range kind. */
const char *panel_kind_name(enum panel_kind kind);
/* -1 when name is not a kind. */
int panel_kind_from_name(const char *name);

/* A figure: the number counts up from 0 to value (and to `to` for a range
 * such as "3-4"). Shown as prefix + number [+ "–" + to] + suffix, where the
 * loader has made suffix the unit, spaced as the locale writes it, followed
 * by the authors' suffix (rules_figure_after in rules.h): "42 km",
 * "99.7%", "99,7 %". The numbers are exact decimals as the authors wrote
 * them (decimal.h): shown digit for digit, never through a double. */
struct panel_figure {
    struct decimal value;
    int has_to;
    struct decimal to;
    int decimals;           /* digits shown after the decimal point, 0..3 */
    const char *prefix;     /* e.g. "~", may be NULL */
    const char *suffix;     /* e.g. " km" or "th", unit included; may be NULL */
    const char *unit;       /* the unit as written ("km", "%"), may be NULL */
    const char *label;      /* what the number counts, required */
    int has_part_of;        /* the figure is a part of a whole */
    struct decimal part_of; /* the whole, > value */
    const char *part_of_label;
};

struct panel_quote {
    const char *text;     /* verbatim, without surrounding quote marks */
    const char *speaker;  /* required */
    const char *role;     /* e.g. "Canadian runner, 25" */
    const char *context;  /* where and when it was said */
    const char *language; /* the language the words were said in, e.g. "en" */
    /* the words in the panel's language when they were said in another
     * (shown as the main quote, the original smaller); NULL: none */
    const char *translation;
};

struct panel_image {
    const void *data; /* encoded image (PNG/JPEG), in the arena */
    size_t size;
    const char *alt;  /* description, required */
    const char *name; /* its file name in the sources (for messages), may be NULL */
    int w, h;         /* its size in pixels as the store declares it; 0: not known */
};

/* One caption of a clip, in the panel's language: shown from start_ms to
 * end_ms of the clip's time. */
struct panel_caption {
    int start_ms, end_ms;
    const char *text; /* one or two lines ("\n" between), plain text */
};

/* A video panel's clip. The picture before it moves (and wherever a still
 * is needed: render, contact sheet) is the panel's image, the poster. */
struct panel_video {
    long long clip;    /* its row in the store's clip table (> 0) */
    const char *store; /* the store's file, to read the clip from; NULL: in memory */
    /* that file's device and inode when the panel was read (store_file_id):
     * the clip's reader must open the same file */
    unsigned long long store_dev, store_ino;
    const char *name;      /* its file name in the sources */
    const char *codec;     /* "h264", "hevc", "vp9", "av1" */
    const char *container; /* "mp4", "webm", "matroska" */
    int w, h;              /* its picture in pixels */
    long long duration_ms, bitrate, bytes;
    int audio;     /* it has a sound track */
    int then_next; /* plays once, then the loop goes on; 0: loops */
    int sound;     /* the panel asks for its sound (played where audio is on) */
    const struct panel_caption *captions; /* in time order; NULL when none */
    int n_captions;
};

/* A panel's recorded audio description in the panel's language: an Ogg
 * Opus file (rules.h: RULES_AUDIO_*) that the audio guide plays instead of
 * speaking the panel with synthesis. Only the panel's own language: never
 * another language's recording. size 0: none. */
struct panel_audio {
    const void *data; /* the Ogg Opus file's bytes, in the arena */
    size_t size;
    long long duration_ms;
    int channels; /* 1 or 2 */
};

/* A source as shown on the panel: its short citation text. */
struct panel_cite {
    const char *id;          /* source id, e.g. "ctv" */
    const char *cite;        /* short citation, e.g. "CTV News report" */
    const char *description; /* what the source is, as its text shows it */
};

/* How many events a timeline has, and values a compare panel. */
#define PANEL_EVENTS_MIN 2
#define PANEL_EVENTS_MAX 12
#define PANEL_VALUES_MIN 2
#define PANEL_VALUES_MAX 6
/* Other languages a title panel greets in, at most. */
#define PANEL_ALSO_MAX 3

/* A calendar date as precise as the sources give it: a year, a month of a
 * year, or a day (month and day 0 when not given). */
struct panel_date {
    int year;  /* 1000..9999 */
    int month; /* 1..12, or 0 */
    int day;   /* 1..31, or 0 (then month may still be given) */
};

/* One event of a timeline. The date is shown as the locale writes it
 * ("13 April 2014", "13 avril 2014"; "c. 1981" when approximate) unless
 * `when` gives it in words ("early 1980s"), which replaces it. */
struct panel_event {
    struct panel_date date;
    int approximate;
    const char *when;               /* may be NULL */
    const char *label;              /* what happened, required */
    const struct panel_cite *cites; /* the sources of this event, >= 1 */
    int n_cites;
};

/* One value of a compare panel: the number as one source gives it. */
struct panel_value {
    struct decimal value;           /* >= 0, exactly as written */
    int decimals;                   /* 0..3, as written */
    const char *label;              /* whose number it is, required ("runners, per CNN") */
    const struct panel_cite *cites; /* >= 1 */
    int n_cites;
};

struct panel {
    int index;      /* 0-based position in the exhibit */
    const char *id; /* stable id from the source file name */
    enum panel_kind kind;
    const char *locale;               /* locale this text is in */
    const char *chapter;              /* chapter title, may be NULL */
    const char *heading;              /* may be NULL */
    const char *body;                 /* paragraphs separated by "\n\n", may be NULL */
    const char *note;                 /* small print, e.g. where sources disagree */
    struct panel_figure figure;       /* PANEL_STATISTIC only */
    struct panel_quote quote;         /* PANEL_QUOTE only */
    struct panel_image image;         /* PANEL_IMAGE; PANEL_VIDEO: its poster */
    struct panel_video video;         /* PANEL_VIDEO only */
    struct panel_audio described;     /* its recorded audio description; size 0: none */
    const struct panel_event *events; /* PANEL_TIMELINE only: in date order */
    int n_events;
    const struct panel_value *values; /* PANEL_COMPARE only: in the authors' order */
    int n_values;
    /* PANEL_TITLE: its heading in the exhibit's other languages, in cycling
     * order (a bilingual exhibit greets its visitors in both) */
    const char *also[PANEL_ALSO_MAX];
    const char *also_locale[PANEL_ALSO_MAX];
    int n_also;
    /* Sources backing this panel, its figure or its quote, deduplicated, in
     * credits order. On a PANEL_CREDITS panel: every source of the exhibit. */
    const struct panel_cite *cites;
    int n_cites;
    /* The exhibit's own words for the kiosk in this locale (`ui:`,
     * content/ui_keys.h): UI_KEY_COUNT of them by key, NULL where it gives
     * none ("Source:", "Original" are then the kiosk's); NULL: none. */
    const char *const *ui_text;
    /* Where this locale's long words may be hyphenated: the store's table
     * (store_hyphens), valid while the store is open; NULL: nowhere. */
    const struct hyphen_table *hyphens;
};

/* Words a visitor reads on this panel (for dwell time). */
int panel_word_count(const struct panel *p);

#endif
