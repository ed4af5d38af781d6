/* kiosk.h - the kiosk: content, loop schedule, interaction and what is on
 * screen, driven by time and input given as arguments. A pure controller:
 * it decides each frame and hands it to a presenter (presenter.h), which
 * platform/display.c implements with SDL and tests fake. The `run` command
 * drives it with the real clock and real events; `render --script` drives
 * the same code with simulated time, so what tests see is what visitors see.
 *
 * Panels are loaded one at a time into a cache of prepared panels bounded
 * in bytes (viewcache.h): memory does not grow with the exhibit or with
 * uptime. */
#ifndef VITRINE_KIOSK_H
#define VITRINE_KIOSK_H

#include <stddef.h>
#include <stdint.h>

#include "input.h"
#include "mode.h"
#include "presenter.h"
#include "staff.h"
#include "store.h"
#include "walltime.h"

#define KIOSK_COUNTUP_MS 1600u     /* a figure counts up over this long */
#define KIOSK_FRAME_MS 16u         /* frame period while something moves */
#define KIOSK_NOTICE_MS 120000u    /* a staff notice stays this long */
#define KIOSK_SAID_MS 6000u        /* a word to the visitor (larger_full) this long */
#define KIOSK_INVITE_MS 4000u      /* the loop's invitation: one language this long, */
#define KIOSK_INVITE_RISE_MS 700u  /* rising into place over the first part of it */
#define KIOSK_REDUCED_FADE_MS 200u /* reduced motion: every transition */

struct kiosk;

/* How the loop chooses its language (settings file: loop_languages). */
enum kiosk_loop_languages {
    KIOSK_LOOP_DEFAULT,   /* the language shown stays */
    KIOSK_LOOP_ALTERNATE, /* the next of the exhibit's each time round */
};

struct kiosk_opts {
    const char *locale; /* NULL: the exhibit's default */
    uint32_t idle_ms;   /* interactive -> "still there?"; 0: 60 s */
    int lazy_views;     /* rasterise panels when first drawn, not ahead
                         * (simulated time: most panels are never drawn) */
    size_t cache_bytes; /* prepared panels kept; 0: four full screens' worth */
    /* Reduced motion: figures appear at their value (no count-up); every
     * transition, the loop's and a visitor's, is a KIOSK_REDUCED_FADE_MS
     * crossfade (or a cut); a drag does not move the panel (letting go
     * past the threshold changes panel with that crossfade), and nothing
     * springs back. */
    int reduced_motion;
    /* KIOSK_LOOP_ALTERNATE: each time the loop wraps round to its first
     * panel, it shows the exhibit's next language. Only the loop does: a
     * visitor's choice stays while they are there, and the loop goes on
     * alternating from it once it plays again. */
    enum kiosk_loop_languages loop_languages;
    /* The languages the language button offers (and the loop alternates
     * between), in this order: the exhibit's that these name (matched as
     * store_locale_find does). A name the exhibit lacks is skipped with one
     * warning; none left, or n_locales 0: all of the exhibit's. A start
     * language not offered gives way to the first offered. Copied. */
    const char *const *locales;
    int n_locales;
    /* the audio guide (docs/accessibility.md): 1, a visitor can start it
     * (INPUT_KEY_SPEECH, any key with speech_any_key, or two fingers held
     * still for KIOSK_GUIDE_HOLD_MS); 0, nothing of it runs */
    int speech;
    int speech_any_key;
    uint32_t countdown_ms; /* "still there?" this long; 0: MODE_COUNTDOWN_MS */
};

/* Takes ownership of `store` (closed by kiosk_free). The presenter is
 * copied; what its ctx points to is borrowed and must outlive the kiosk.
 * NULL with why on failure. */
struct kiosk *kiosk_new(const struct presenter *p, struct store *store, const struct kiosk_opts *o,
                        uint64_t now_ms, char *why, size_t why_len);
void kiosk_free(struct kiosk *k);

/* Show a one-line notice for staff at the bottom of the screen (e.g. why
 * their content did not load) for KIOSK_NOTICE_MS. */
void kiosk_notice(struct kiosk *k, const char *text, uint64_t now_ms);

/* Replace the content at the next panel boundary; takes ownership. */
void kiosk_switch_store(struct kiosk *k, struct store *store);
/* Since the last kiosk_switch_store: panels that failed to load ("panel
 * skipped") plus a refused adoption. Adopting the new content starts the
 * count again, so after kiosk_switch_result says 1 it counts the new
 * exhibit's failures only. */
long kiosk_content_errors(const struct kiosk *k);
/* The last switch's outcome: 0 still pending (or none), 1 adopted, -1
 * refused (the old content stays). The run loop rolls back an exhibit
 * that fails at run time with these two. */
int kiosk_switch_result(const struct kiosk *k);

/* ---- staff (staff.h) ----
 * The hidden gesture: a finger held still (within the tap slop) for
 * STAFF_HOLD_MS in the top-left corner, STAFF_CORNER of the shorter side,
 * in any mode; in the loop that touch also wakes the kiosk, as any touch
 * does. It opens a PIN keypad; the right PIN opens the staff screen. While
 * either is up the exhibit does not advance, visitors' gestures do not
 * navigate, keys do nothing, and STAFF_IDLE_MS untouched closes it. */

/* The configured PIN hash (copied); NULL or "": the gesture opens nothing
 * (logged once, when someone tries). */
void kiosk_staff_pin(struct kiosk *k, const char *pin_hash);
/* The import's progress bar over the exhibit, at the bottom above the
 * notice line; touches pass through to the exhibit. p NULL or !p->active
 * hides it. Only a visible change (text, fill) asks for a frame, and no
 * panel is prepared again for it; an indeterminate bar (total 0) steps
 * four times a second. */
void kiosk_staff_progress(struct kiosk *k, const struct staff_progress *p, uint64_t now_ms);
/* The result card (copied), for STAFF_CARD_MS or until replaced or
 * cleared (c NULL or !c->shown). A failure always adds that the exhibit
 * on screen has not changed. A tap on the card dismisses it; other
 * touches pass through. */
void kiosk_staff_card(struct kiosk *k, const struct staff_card *c, uint64_t now_ms);
/* What the staff screen shows (copied; strings cut to their fields). */
void kiosk_staff_info(struct kiosk *k, const struct staff_info *info);
/* The action staff chose since the last call, then STAFF_ACT_NONE. The
 * staff screen closes when one is chosen (exit after a second tap). */
enum staff_action kiosk_staff_take(struct kiosk *k);
/* 1 while the keypad or the staff screen is up. */
int kiosk_staff_open(const struct kiosk *k);
/* A PIN entered on the keypad, to be checked off the render thread
 * (staff_pin_check): 1 once, with the digits in pin; then the answer
 * goes back with kiosk_staff_pin_result. */
int kiosk_staff_pin_pending(struct kiosk *k, char *pin, size_t n);
void kiosk_staff_pin_result(struct kiosk *k, int ok, uint64_t now_ms);
/* Their controls (CONTROL_STAFF, valid until the next kiosk call); 0 when
 * closed. For tests and scripted rendering. */
int kiosk_staff_controls(const struct kiosk *k, const struct control **out);

/* Show panel `index` (clamped to the exhibit) at once, without a
 * transition, and go on from it (the preview's rebuild keeps the panel
 * being edited on screen). Ignored during a transition. */
void kiosk_goto(struct kiosk *k, int index, uint64_t now_ms);

/* A visitor's (or staff's) input record, at now_ms. */
void kiosk_input(struct kiosk *k, const struct input_event *e, uint64_t now_ms);

/* The date and local time (platform/clock.h reads it; tests give any),
 * for what depends on the calendar: opening hours, visitor statistics.
 * The run loop gives it every turn; until then the kiosk has none
 * (kiosk_walltime returns NULL). Scheduling never uses it: now_ms does. */
/* Chapters the index lists now (content on a schedule: those with a panel
 * on); lists them first if the kiosk has not yet. */
int kiosk_index_count(struct kiosk *k);

void kiosk_set_walltime(struct kiosk *k, const struct walltime *w);
const struct walltime *kiosk_walltime(const struct kiosk *k);

/* Advance to now_ms: schedule events, preparing panels. */
void kiosk_update(struct kiosk *k, uint64_t now_ms);
/* 1 if the screen must be redrawn at now_ms (something moves or changed). */
int kiosk_needs_frame(const struct kiosk *k, uint64_t now_ms);
/* Decide the frame for now_ms and hand it to the presenter's draw_frame
 * (the caller presents it). */
void kiosk_draw(struct kiosk *k, uint64_t now_ms);
/* The screen changed size or orientation (the presenter's size says the
 * new one): panels and controls are laid out again for it. */
void kiosk_screen_changed(struct kiosk *k, uint64_t now_ms);
/* How many times a visitor woke the loop (each an interactive session). */
long kiosk_wakes(const struct kiosk *k);
/* The kiosk is about to close: a visitor's session ends, and the loop goes
 * back to its first panel (a transition the caller lets finish). */
void kiosk_end_session(struct kiosk *k, uint64_t now_ms);
/* The kiosk closes for hours: let go of every prepared panel, the one on
 * screen included (it is prepared again when next drawn). */
void kiosk_sleep(struct kiosk *k);

/* Force a redraw (window exposed, or the renderer rebuilt its textures). */
void kiosk_invalidate(struct kiosk *k);
/* When kiosk_update next has work to do, if nothing moves (ms, absolute). */
uint64_t kiosk_deadline(const struct kiosk *k, uint64_t now_ms);
/* 1 while a transition or count-up runs (frames needed at KIOSK_FRAME_MS). */
int kiosk_animating(const struct kiosk *k, uint64_t now_ms);

/* How the loop moves on (enum transition_kind of schedule.h): a crossfade
 * by default; a slide or a cut where the screen cannot hold a crossfade at
 * 60 frames a second (frame_budget.h decides). Swipes slide. With reduced
 * motion nothing slides: a slide asked for here is a cut. */
void kiosk_set_loop_transition(struct kiosk *k, int kind);
/* The kind of the transition running now (TRANS_NONE when none). */
int kiosk_transition_kind(const struct kiosk *k);

/* 1 while a transition between panels runs. */
int kiosk_transitioning(const struct kiosk *k);

/* Panel index on screen (the arriving one once a transition is over). */
int kiosk_current(const struct kiosk *k);
int kiosk_panel_count(const struct kiosk *k);

/* The interaction mode (enum mode_state of mode.h) as last drawn. */
int kiosk_mode(const struct kiosk *k);
/* What the overlay shows (mode.h), and the touch controls laid out now
 * (valid until the next kiosk call); for tests and the staff screen. */
const struct mode_view *kiosk_mode_view(const struct kiosk *k);
int kiosk_controls(const struct kiosk *k, const struct control **out);

/* 1 while a visitor is touching, or touched within the last second: input
 * should then be read at frame rate. */
int kiosk_touch_active(const struct kiosk *k, uint64_t now_ms);

/* ---- the audio guide ----
 * Started without sight (a key, two fingers held still anywhere), it says
 * the page on screen, and then what the visitor moves to: Up and Down go
 * through the page's parts and the controls, Enter chooses, Help says the
 * keys, Plus and Minus turn the volume; a finger on the screen hears what
 * is under it and a double tap chooses. Its visitor gets
 * KIOSK_GUIDE_TIME_SCALE times the time; it ends with the session. What
 * to say comes out through kiosk_speech_take, for the run loop to hand to
 * the synthesiser; the kiosk never waits for it. */
#define KIOSK_GUIDE_HOLD_MS 2000u
#define KIOSK_GUIDE_TIME_SCALE 3u
#define KIOSK_DOUBLE_TAP_MS 500u
#define KIOSK_SPEECH_SEGMENTS 64
enum kiosk_cue { KIOSK_CUE_NONE, KIOSK_CUE_START, KIOSK_CUE_QUESTION };
struct kiosk_speech {
    int say;  /* 1: say these segments, cutting off what is being said */
    int stop; /* 1 (with say 0): silence at once */
    int cue;  /* enum kiosk_cue, before the words */
    int n;
    const char *lang[KIOSK_SPEECH_SEGMENTS];
    const char *text[KIOSK_SPEECH_SEGMENTS]; /* valid until the next kiosk call */
    /* a segment with audio_len > 0 is the panel's recorded description
     * (an Ogg Opus file's bytes, valid until the next kiosk call), played
     * instead of its words */
    const void *audio[KIOSK_SPEECH_SEGMENTS];
    size_t audio_len[KIOSK_SPEECH_SEGMENTS];
    int volume;       /* steps to turn the volume by */
    int volume_reset; /* back to where every visitor starts (before volume) */
};
/* What to say since the last call: 1 and *out, or 0 when nothing. */
int kiosk_speech_take(struct kiosk *k, struct kiosk_speech *out);
/* 1 while the audio guide is on. */
int kiosk_guide_on(const struct kiosk *k);
/* The guide's focus: its item's name ("heading", "control:next") and
 * rectangle on screen; 0 when there is none. For tests. */
int kiosk_guide_focus(struct kiosk *k, const char **name, struct draw_rect *r);

/* The locale of the panel on screen. */
const char *kiosk_locale(const struct kiosk *k);

/* ---- visitor settings ----
 * Larger text (the ACT_TEXT_SIZE control in interactive mode): every
 * panel's reading text at LAYOUT_LARGER_TEXT, laid out again (prepared
 * panels of the other size are dropped). It lasts while the visitor is
 * there: when the kiosk returns to the loop, text is normal again. A
 * change asked for during a transition waits for its end. */
int kiosk_larger_text(const struct kiosk *k);
/* 1 when reduced motion is on (kiosk_opts). */
int kiosk_reduced_motion(const struct kiosk *k);

/* Bench counters: panels prepared (text rasterised) so far. */
long kiosk_prepare_count(const struct kiosk *k);

/* Prepared panels held, and the bytes they cost (viewcache.h). */
int kiosk_cached_panels(const struct kiosk *k);
size_t kiosk_cached_bytes(const struct kiosk *k);

#endif
