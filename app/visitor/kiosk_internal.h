/* kiosk_internal.h - what the parts of the kiosk share; only app/kiosk*.c
 * include it (app/visitor/kiosk.h is the interface). kiosk.c: content, panels,
 * navigation and the schedule; kiosk_frame.c: what each frame shows;
 * kiosk_staff.c: the staff layer's glue (staff_layer.h); kiosk_state.c:
 * what the kiosk shows, read only, for the run loop and tests. */
#ifndef VITRINE_KIOSK_INTERNAL_H
#define VITRINE_KIOSK_INTERNAL_H

#include "kiosk.h"

#include <stdint.h>

#include "arena.h"
#include "layout.h"
#include "mode.h"
#include "schedule.h"
#include "spoken.h"
#include "showplan.h"
#include "staff_layer.h"
#include "ui_strings.h"
#include "viewcache.h"

#define SPRING_MS 220u

/* The audio guide's state (kiosk_guide.c). */
#define GUIDE_FINGERS 4
struct guide {
    int on;
    int focus; /* index into the items (kiosk_guide.c), -1: none */
    /* the two-finger hold that starts it: the fingers down, where each went
     * down and whether it moved; since when exactly two are held still */
    int64_t finger[GUIDE_FINGERS];
    float fx[GUIDE_FINGERS], fy[GUIDE_FINGERS];
    int moved[GUIDE_FINGERS];
    int nf;
    uint64_t two_since;
    /* exploring by touch: the finger that explores, and the last tap */
    int64_t explorer;
    int exploring;
    uint64_t down_ms, last_tap_ms;
    float down_x, down_y;
    int tap_moved;
    /* the page last said: panel, language and content generation */
    int said_index;
    uint32_t said_gen;
    char said_locale[STORE_LOCALE_MAX + 1];
    /* what to say next (kiosk_speech_take) */
    struct kiosk_speech out;
    int out_ready;
    int volume, volume_reset; /* volume steps and a reset since the last take, apart from
                               * the words (a new utterance does not drop them) */
    char buf[SPOKEN_TEXT_MAX + 8192];
    size_t used;
    /* the parts of the panel on screen, made for panel sp_index in language
     * sp_locale of content generation sp_gen: made again when one changes */
    struct spoken_panel sp;
    int sp_index;
    uint32_t sp_gen;
    char sp_locale[STORE_LOCALE_MAX + 1];
}; /* a drag let go short of the threshold springs back */

struct kiosk {
    struct presenter p;
    struct store *store;
    struct store *pending; /* switched in at the next panel boundary */
    uint32_t gen;          /* what prepared panels were made from: bumped when content is
                            * adopted or the text size changes (the cache keys on it) */
    char locale[STORE_LOCALE_MAX + 1]; /* "" = the exhibit's default */
    int lazy;
    struct arena info_arena;
    struct store_info info;
    /* each language's words, the exhibit's over the built-in ones, as
     * info.locales (load_info); ui_checked: the store whose left-out words
     * were logged */
    struct ui_words words[STORE_MAX_LOCALES];
    const struct store *ui_checked;
    struct store_chapter *chapters; /* every chapter (n_all_chapters) */
    int n_all_chapters;
    int n_chapters;       /* in the index: those with a panel on now (index_chapters) */
    struct showplan plan; /* content on a schedule: the panels on now */
    int plan_stale;       /* what is on changed: prepared panels' indicators to redo */
    int chapters_loaded;  /* load_chapters ran for this content and language */
    int resize_pending;   /* the screen changed during a transition */
    int staff_room;       /* px the panel leaves above the band for the staff layer and a notice */
    int room_logged;      /* staff_room at the last relayout */
    int drawn;            /* a frame was drawn */
    int *chapter_first;   /* in info_arena: the index's chapters, at their first panel on now */
    const char **chapter_titles; /* in info_arena */
    struct schedule sched;
    struct viewcache cache;
    struct ventry *cur;      /* on screen */
    struct ventry *arriving; /* during a transition */
    uint64_t shown_ms;       /* when cur finished arriving */
    double countup_drawn;    /* cur's count-up as last drawn (1: counted) */
    struct walltime wall;    /* the date and local time, as last given */
    int has_wall;
    int dirty;
    long prepared;
    /* interaction */
    struct mode mode;
    struct control controls[MODE_MAX_CONTROLS];
    int n_controls;
    struct mode_view view; /* as last drawn */
    int overlay_stale;
    struct arena overlay_arena;
    struct draw_list overlay;
    int index_page;      /* page of the chapter index shown */
    int neighbour_tries; /* for the panel shown; a failing one is not retried */
    int locale_pending;  /* a language change waits for the transition to end */
    int locale_arg;
    /* visitor settings */
    int reduced_motion; /* kiosk_opts.reduced_motion */
    int invite_phase;   /* the invitation as the overlay last laid it out */
    int loop_alternate; /* KIOSK_LOOP_ALTERNATE */
    char offered[STORE_MAX_LOCALES][STORE_LOCALE_MAX + 1]; /* kiosk_opts.locales */
    int n_offered;
    int offer_warn;   /* the next load_info warns of offered languages the exhibit lacks */
    int larger_text;  /* panels are laid out at LAYOUT_LARGER_TEXT */
    int text_pending; /* a text size change waits for the transition to end */
    int text_want;
    int dragging;
    float drag_dx;    /* fraction of the width the panel follows the finger */
    float slide_from; /* fraction already travelled when a slide starts */
    float spring_from;
    uint64_t spring_start;
    /* the panel told that its text cannot grow (A+), by generation and index */
    uint32_t full_said_gen;
    int full_said_index;
    int notice_visitor; /* the notice is a word to the visitor: gone with A+ off */
    /* staff notice, or a visitor's (UI_LARGER_FULL) */
    char notice[256];
    uint64_t notice_until;
    struct arena notice_arena;
    struct draw_list notice_list;
    /* staff */
    struct staff_layer staff;
    long content_errors; /* since kiosk_switch_store */
    int switch_result;
    /* a video panel on screen (kiosk_video.c): each arrival of a panel is a
     * run of its clip, which plays from its start */
    uint32_t runs; /* the last run handed out */
    uint32_t cur_run, arriving_run;
    int cur_run_panel, arriving_run_panel; /* the panels those runs are of (-1: none) */
    int video_paused;                      /* the visitor paused the clip on screen */
    struct pvideo video;                   /* the clip on screen, as last asked */
    int caption_cue;                       /* the caption shown (-1: none) */
    int caption_paused;                    /* the caption list shows the play mark */
    int caption_stale;                     /* laid out again at the next frame */
    struct arena caption_arena;
    struct draw_list caption;
    long wakes;                 /* ACT_WAKE: visitors who woke the loop */
    int speech, speech_any_key; /* kiosk_opts */
    struct guide guide;
    char loop_locale[STORE_LOCALE_MAX + 1]; /* the loop's language when a visitor woke it */
};

/* kiosk_guide.c: the input it takes (1: consumed), what time brings
 * (the two-finger hold, the page to say), and what the kiosk's commands
 * mean to it */
int kiosk_guide_input(struct kiosk *k, const struct input_event *e, const struct input_event *me,
                      uint64_t now_ms);
void kiosk_guide_update(struct kiosk *k, uint64_t now_ms);
uint64_t kiosk_guide_deadline(const struct kiosk *k, uint64_t now_ms);
void kiosk_guide_cmd(struct kiosk *k, enum action act, uint64_t now_ms);
void kiosk_guide_notice(struct kiosk *k, const char *text);
void kiosk_guide_ring(struct kiosk *k, int *on, struct draw_rect *r);

/* kiosk.c */
void kiosk_run_cmds(struct kiosk *k, const struct mode_cmds *c, uint64_t now_ms);
struct layout_screen kiosk_screen_of(const struct kiosk *k);
const struct text_measurer *kiosk_measurer_of(const struct kiosk *k);
struct control_screen kiosk_control_screen_of(const struct kiosk *k);

/* The panel a view shows, wrapped into the exhibit; the chapter on
 * screen; how many pages the chapter index has; a view's textures made
 * (0, or -1 after logging). */
int kiosk_wrap(const struct kiosk *k, int index);
/* The next panel on now from index in dir (content on a schedule); index
 * itself when no other is on. */
int kiosk_step(const struct kiosk *k, int index, int dir);
/* The language shown is written right to left: the page, the controls and
 * the gestures mirror (layout_mirror; kiosk_input turns touches and arrow
 * keys back; a slide comes from the other side). */
int kiosk_rtl(const struct kiosk *k);
int kiosk_current_chapter(const struct kiosk *k);
int kiosk_index_pages(const struct kiosk *k);
int kiosk_rasterise(struct kiosk *k, struct ventry *e);
/* kiosk_content.c: the store's info (languages offered, words), its
 * chapters and the index of those on now, the look lent to the presenter
 * and let go; kiosk.c: the controls laid out for the screen. */
int kiosk_load_info(struct kiosk *k, char *why, size_t why_len);
/* The language to load in: the one shown, or NULL for the store's first. */
static inline const char *kiosk_locale_or_default(const struct kiosk *k)
{
    return k->locale[0] ? k->locale : NULL;
}
void kiosk_load_chapters(struct kiosk *k);
void kiosk_index_chapters(struct kiosk *k);
void kiosk_apply_look(struct kiosk *k);
void kiosk_drop_look(struct kiosk *k);
void kiosk_layout_controls(struct kiosk *k);

/* kiosk_frame.c */
double kiosk_countup_t(const struct kiosk *k, const struct ventry *e, uint64_t now_ms);
/* The loop's invitation at now_ms: the language shown (its place among the
 * exhibit's, -1: all at once, still, under reduced motion) and how far it
 * has risen into place (0..1); the phase (a number that changes when the
 * picture does, so the overlay is laid out again). */
int kiosk_invite(const struct kiosk *k, uint64_t now_ms, int *lang, double *t);
int kiosk_springing(const struct kiosk *k, uint64_t now_ms);
/* The staff notice's list (NULL: none), laid out again when stale. */
const struct draw_list *kiosk_notice_list(struct kiosk *k);

/* kiosk_video.c */
void kiosk_video_init(struct kiosk *k);
void kiosk_video_free(struct kiosk *k);
/* Once an update: the clip on screen (and the one arriving): a new
 * picture asks for a frame, its caption follows its time, its end moves
 * the loop on (then: next), a visitor watching it is not idle. */
void kiosk_video_tick(struct kiosk *k, uint64_t now_ms);
/* What e's clip does in the frame being built: arriving (in a
 * transition), on screen, or leaving or beside it; *run gets its run. */
int kiosk_video_play(struct kiosk *k, const struct ventry *e, int role, uint32_t *run);
enum { VROLE_SHOWN, VROLE_ARRIVING, VROLE_LEAVING, VROLE_BESIDE };
/* The caption (and play mark) over the clip on screen, or NULL. */
const struct draw_list *kiosk_caption_list(struct kiosk *k);
/* A tap on the panel: pause or play its clip (again, after its end). 1
 * when the panel is a video panel. */
int kiosk_video_toggle(struct kiosk *k, uint64_t now_ms);
/* The dwell of a video panel that moves on at its end (then: next). */
uint32_t kiosk_video_dwell(const struct ventry *e, uint32_t words_ms);

/* kiosk_staff.c */
struct staff_env kiosk_staff_env(const struct kiosk *k);
/* What the staff layer asked for (STAFF_OUT_ bits), done; returns out. */
unsigned kiosk_staff_apply(struct kiosk *k, unsigned out, uint64_t now_ms);
const struct draw_list *kiosk_staff_list(struct kiosk *k, uint64_t now_ms);

#endif
