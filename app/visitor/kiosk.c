/* kiosk.c - the pure controller: content, panels and their cache, navigation, the loop
 * schedule, input; what each frame shows is kiosk_frame.c's, the exhibit's
 * languages, words, chapters and look kiosk_content.c's (kiosk_internal.h). */
#include "kiosk_internal.h"

#include <math.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "locale_rules.h"
#include "log.h"
#include "mode.h"
#include "overlay.h"
#include "schedule.h"
#include "staff.h"
#include "staff_layer.h"
#include "viewcache.h"

#define SPRING_MS 220u /* a drag let go short of the threshold springs back */

int kiosk_wrap(const struct kiosk *k, int index)
{
    int n = k->info.n_panels;
    return ((index % n) + n) % n;
}

/* The screen, with the room the visitors' controls keep (mode_reserve). */
struct layout_screen kiosk_screen_of(const struct kiosk *k)
{
    int w = 0, h = 0;
    k->p.size(k->p.ctx, &w, &h);
    struct layout_screen s = mode_layout_screen(w, h, k->p.dpi(k->p.ctx));
    s.above = k->staff_room;
    return s;
}

const struct text_measurer *kiosk_measurer_of(const struct kiosk *k)
{
    return k->p.measurer(k->p.ctx);
}

/* Keep the cache within its budget, with room for `reserve` more bytes;
 * what is on screen and `also` stay. */
static void trim_cache(struct kiosk *k, struct ventry *also, size_t reserve)
{
    struct ventry *pinned[3] = {k->cur, k->arriving, also};
    viewcache_trim(&k->cache, pinned, 3, reserve);
}

int kiosk_rasterise(struct kiosk *k, struct ventry *e)
{
    if (e->view)
        return 0;
    char why[256];
    /* make room first: views are big (a full screen of pixels each) */
    trim_cache(k, e, k->cache.view_bytes);
    e->view = k->p.prepare(k->p.ctx, &e->list, e->panel.locale, why, sizeof(why));
    if (!e->view) {
        log_error("kiosk", "panel %s could not be drawn: %s", e->panel.id, why);
        return -1;
    }
    if (e->view->bytes > k->cache.view_bytes)
        k->cache.view_bytes = e->view->bytes;
    k->prepared++;
    return 0;
}

/* Load, lay out and (unless lazy) rasterise panel `index` into a new entry. */
static struct ventry *load_entry(struct kiosk *k, int index)
{
    char why[256];
    struct ventry *e = viewcache_entry_new(k->gen, index, k->locale);
    if (!e) {
        log_error("kiosk", "out of memory for panel %d", index + 1);
        return NULL;
    }
    if (store_panel_load(k->store, index, kiosk_locale_or_default(k), &e->arena, &e->panel, why,
                         sizeof(why)) != 0) {
        log_error("kiosk", "panel skipped: %s", why);
        k->content_errors++;
        viewcache_entry_free(&k->cache, e);
        return NULL;
    }
    struct layout_screen screen = kiosk_screen_of(k);
    const struct text_measurer *m = kiosk_measurer_of(k);
    double scale = k->larger_text ? LAYOUT_LARGER_TEXT : 1.0;
    if (layout_panel_scaled(&e->panel, &screen, scale, m, &e->arena, &e->list) != 0)
        log_warn("kiosk", "panel %s: %s", e->panel.id,
                 e->list.overflow ? e->list.problem : "layout failed");
    int pos, count; /* among the panels on now (content on a schedule) */
    showplan_rank(&k->plan, index, &pos, &count);
    if (layout_chrome(&screen, pos, count, m, &e->arena, &e->chrome) != 0)
        memset(&e->chrome, 0, sizeof(e->chrome));
    else if (locale_is_rtl(e->panel.locale))
        layout_mirror(&e->chrome, screen.w);
    if (!k->lazy && kiosk_rasterise(k, e) != 0) {
        viewcache_entry_free(&k->cache, e);
        return NULL;
    }
    viewcache_insert(&k->cache, e);
    trim_cache(k, e, 0);
    return e;
}

/* Panel `index`, from the cache or loaded. A panel that fails (damaged
 * row, invalid text) is logged and the next one in `dir` tried, so one bad
 * panel never blanks the screen. NULL when no panel of the exhibit can be
 * shown. */
static struct ventry *panel_get(struct kiosk *k, int index, int dir)
{
    int count = k->info.n_panels;
    index = kiosk_wrap(k, index);
    for (int tries = 0; tries < count; tries++, index = kiosk_wrap(k, index + (dir < 0 ? -1 : 1))) {
        if (!showplan_on(&k->plan, index))
            continue; /* not on now: content on a schedule */
        struct ventry *e = viewcache_find(&k->cache, k->gen, index, k->locale);
        if (!e)
            e = load_entry(k, index);
        if (e)
            return e;
    }
    return NULL;
}

static int cached(const struct kiosk *k, int index)
{
    return viewcache_has(&k->cache, k->gen, kiosk_wrap(k, index), k->locale, !k->lazy);
}

struct control_screen kiosk_control_screen_of(const struct kiosk *k)
{
    struct layout_screen screen = kiosk_screen_of(k);
    return (struct control_screen){screen.w, screen.h, k->p.dpi(k->p.ctx)};
}

void kiosk_layout_controls(struct kiosk *k)
{
    struct layout_screen screen = kiosk_screen_of(k);
    struct control_screen cs = kiosk_control_screen_of(k);
    struct control_spec spec = {k->info.n_locales, k->n_chapters, k->chapter_first, k->index_page,
                                1};
    /* start and the index as wide as their words need in the widest of
     * the languages: the bar does not move when the language changes */
    struct control_labels labels = {0, 0};
    for (int i = 0; i < k->info.n_locales; i++) {
        int hw =
            overlay_label_width(&screen, ui_word(&k->words[i], UI_START), kiosk_measurer_of(k));
        int iw =
            overlay_label_width(&screen, ui_word(&k->words[i], UI_CHAPTERS), kiosk_measurer_of(k));
        labels.home_px = hw > labels.home_px ? hw : labels.home_px;
        labels.index_px = iw > labels.index_px ? iw : labels.index_px;
    }
    k->n_controls =
        mode_controls_layout_labels(&cs, &spec, &labels, k->controls, MODE_MAX_CONTROLS);
    struct gesture_cfg g = {cs.dpi, screen.w, screen.h};
    mode_set_screen(&k->mode, &g);
    mode_set_controls(&k->mode, k->controls, k->n_controls);
    k->overlay_stale = 1;
}

static uint32_t dwell_for(const struct ventry *e)
{
    return kiosk_video_dwell(e, schedule_dwell_ms(panel_word_count(&e->panel), e->panel.kind));
}

/* Room for four full-screen views (the panel on screen, the one arriving
 * or the next, the previous, and the one just left) and their text, and at
 * least VIEWCACHE_MIN_BYTES, unless set. */
static size_t cache_budget(const struct kiosk *k, const struct kiosk_opts *o)
{
    if (o && o->cache_bytes)
        return o->cache_bytes;
    struct layout_screen s = kiosk_screen_of(k);
    size_t view = 4u * (size_t)(s.w > 0 ? s.w : 0) * (size_t)(s.h > 0 ? s.h : 0);
    size_t four = 4u * (view + 256u * 1024u);
    return four > VIEWCACHE_MIN_BYTES ? four : VIEWCACHE_MIN_BYTES;
}

struct kiosk *kiosk_new(const struct presenter *p, struct store *store, const struct kiosk_opts *o,
                        uint64_t now_ms, char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
    struct kiosk *k = calloc(1, sizeof(*k));
    if (!k) {
        snprintf(why, why_len, "out of memory");
        store_close(store);
        return NULL;
    }
    k->p = *p;
    k->store = store;
    if (o && o->locale)
        snprintf(k->locale, sizeof(k->locale), "%s", o->locale);
    k->lazy = o && o->lazy_views;
    k->reduced_motion = o && o->reduced_motion;
    k->loop_alternate = o && o->loop_languages == KIOSK_LOOP_ALTERNATE;
    for (int i = 0; o && o->locales && i < o->n_locales && k->n_offered < STORE_MAX_LOCALES; i++)
        snprintf(k->offered[k->n_offered++], sizeof(k->offered[0]), "%s", o->locales[i]);
    k->offer_warn = 1;
    arena_init(&k->info_arena, 4096);
    arena_init(&k->notice_arena, 4096);
    k->full_said_index = -1;
    kiosk_video_init(k);
    arena_init(&k->overlay_arena, 16 * 1024);
    staff_layer_init(&k->staff);
    viewcache_init(&k->cache, &k->p, cache_budget(k, o));
    struct mode_cfg mc = {.idle_ms = o ? o->idle_ms : 0, .countdown_ms = o ? o->countdown_ms : 0};
    k->speech = o && o->speech;
    k->speech_any_key = o && o->speech_any_key;
    k->guide.focus = -1;
    k->guide.said_index = -1;
    k->guide.sp_index = -1; /* no parts made yet */
    mode_init(&k->mode, &mc, now_ms);
    int info_ok = kiosk_load_info(k, why, why_len) == 0;
    if (info_ok)
        kiosk_apply_look(k);
    if (!info_ok || !(k->cur = panel_get(k, 0, 1))) {
        if (!why[0])
            snprintf(why, why_len, "No panel of %s could be shown.", store_name(store));
        kiosk_free(k);
        return NULL;
    }
    kiosk_layout_controls(k);
    k->shown_ms = now_ms;
    schedule_start(&k->sched, k->info.n_panels, k->cur->index, dwell_for(k->cur), now_ms);
    if (k->reduced_motion)
        schedule_set_crossfade_ms(&k->sched, KIOSK_REDUCED_FADE_MS);
    mode_view(&k->mode, now_ms, &k->view);
    k->dirty = 1;
    return k;
}

void kiosk_free(struct kiosk *k)
{
    if (!k)
        return;
    viewcache_free(&k->cache);
    arena_free(&k->info_arena);
    arena_free(&k->notice_arena);
    kiosk_video_free(k);
    arena_free(&k->overlay_arena);
    staff_layer_free(&k->staff);
    /* the presenter may outlive the kiosk (preview's next build, render's
     * display): it must hold none of the store's lent fonts */
    kiosk_drop_look(k);
    store_close(k->store);
    store_close(k->pending);
    free(k);
}

void kiosk_notice(struct kiosk *k, const char *text, uint64_t now_ms)
{
    snprintf(k->notice, sizeof(k->notice), "%s", text);
    k->notice_until = now_ms + KIOSK_NOTICE_MS;
    k->notice_visitor = 0;
    memset(&k->notice_list, 0, sizeof(k->notice_list));
    k->dirty = 1;
    kiosk_guide_notice(k, k->notice);
}

void kiosk_switch_store(struct kiosk *k, struct store *store)
{
    store_close(k->pending);
    k->pending = store;
    k->content_errors = 0;
    k->switch_result = 0;
}

/* Forget prepared panels of other content or another language; what is on
 * screen stays until it leaves. */
static void drop_stale(struct kiosk *k)
{
    struct ventry *pinned[2] = {k->cur, k->arriving};
    viewcache_drop_stale(&k->cache, k->gen, k->locale, pinned, 2);
}

/* At a panel boundary: adopt pending content, starting from its first panel. */
static void adopt_pending(struct kiosk *k)
{
    if (!k->pending)
        return;
    struct store *old = k->store;
    k->store = k->pending;
    k->pending = NULL;
    k->offer_warn = 1;
    char why[256] = "";
    if (kiosk_load_info(k, why, sizeof(why)) != 0) {
        log_error("kiosk", "new content refused, keeping %s: %s", store_name(old), why);
        store_close(k->store);
        k->store = old; /* k->info still describes it */
        k->content_errors++;
        k->switch_result = -1;
        return;
    }
    /* what failed of the old content in between is not the new one's */
    k->content_errors = 0;
    k->switch_result = 1;
    log_info("kiosk", "now showing %s (%d panels)", store_name(k->store), k->info.n_panels);
    /* the presenter lets go of the old store's fonts (lent) before that
     * store is closed, and before the new ones are read: two exhibits'
     * fonts are never held at once */
    kiosk_drop_look(k);
    store_close(old);
    kiosk_apply_look(k);
    k->gen++;
    drop_stale(k);
    kiosk_layout_controls(k);
    schedule_set_content(&k->sched, k->info.n_panels, 0);
}

static void set_locale(struct kiosk *k, int arg, uint64_t now_ms);
static void set_text_size(struct kiosk *k, int larger, uint64_t now_ms);

static void relayout(struct kiosk *k, uint64_t now_ms);

/* What waited for the transition to end: a language, a text size, a new
 * screen size. */
static void after_transition(struct kiosk *k, uint64_t now_ms)
{
    if (k->resize_pending)
        relayout(k, now_ms);
    if (k->locale_pending) {
        k->locale_pending = 0;
        set_locale(k, k->locale_arg, now_ms);
    }
    if (k->text_pending)
        set_text_size(k, k->text_want, now_ms);
}

static void end_transition(struct kiosk *k, uint64_t now_ms)
{
    struct ventry *old = k->cur, *arr = k->arriving;
    if (!arr) { /* nothing arrived: load the panel the schedule moved to */
        arr = panel_get(k, k->sched.next, k->sched.direction);
        if (!arr)
            arr = old;
    }
    k->arriving = NULL;
    if (arr == old) {
        mode_set_transition(&k->mode, 0);
        k->slide_from = 0;
        k->dirty = 1;
        after_transition(k, now_ms);
        return;
    }
    k->cur = arr;
    k->shown_ms = now_ms;
    if (k->cur->index != k->sched.current) /* a panel was skipped: follow what is shown */
        schedule_follow(&k->sched, k->cur->index);
    schedule_set_dwell(&k->sched, dwell_for(k->cur));
    drop_stale(k); /* the panel that left may be of old content */
    if (k->view.state == MODE_LOOP) {
        /* nobody goes back in loop mode: the panel on screen is all that
         * is kept (a full screen of pixels each), the next is prepared
         * SCHED_PREPARE_LEAD_MS before its turn, and a visitor's
         * neighbours when a visitor comes (prepare_neighbours) */
        struct ventry *pinned[1] = {k->cur};
        viewcache_drop_unpinned(&k->cache, pinned, 1);
    }
    k->overlay_stale = 1; /* position and chapter in the controls */
    k->neighbour_tries = 0;
    mode_set_transition(&k->mode, 0);
    log_debug("kiosk", "showing panel %d of %d (%s)", k->cur->index + 1, k->info.n_panels,
              k->cur->panel.id ? k->cur->panel.id : "?");
    after_transition(k, now_ms);
    k->slide_from = 0;
    k->dirty = 1;
}

/* The index of the locale after the one on screen, in the exhibit's order. */
static int next_locale(const struct kiosk *k)
{
    int n = k->info.n_locales, at = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(k->info.locales[i], k->cur->panel.locale ? k->cur->panel.locale : "") == 0)
            at = i;
    return n > 0 ? (at + 1) % n : 0;
}

/* loop_languages = alternate: the loop is about to wrap round to its first
 * panel, which it shows in the next language. Only the loop playing by
 * itself (a visitor's "back to start" is not a wrap). */
static int loop_turns_language(const struct kiosk *k)
{
    return k->loop_alternate && k->info.n_locales > 1 && k->mode.state == MODE_LOOP &&
           !k->sched.paused && k->sched.next == 0 && k->cur->index != 0;
}

/* Prepare the loop's first panel in the next language, ahead of its
 * transition, without changing the language of anything else yet. */
static struct ventry *prepare_in_next_locale(struct kiosk *k, int index)
{
    char was[sizeof(k->locale)];
    memcpy(was, k->locale, sizeof(was));
    snprintf(k->locale, sizeof(k->locale), "%s", k->info.locales[next_locale(k)]);
    struct ventry *e = panel_get(k, index, 1);
    memcpy(k->locale, was, sizeof(was));
    return e;
}

/* The loop turns to the next language as its first panel arrives. On
 * failure the language stays. */
static void loop_next_locale(struct kiosk *k)
{
    char why[256], was[sizeof(k->locale)];
    memcpy(was, k->locale, sizeof(was));
    snprintf(k->locale, sizeof(k->locale), "%s", k->info.locales[next_locale(k)]);
    if (kiosk_load_info(k, why, sizeof(why)) != 0) {
        log_error("kiosk", "the loop cannot switch language: %s", why);
        memcpy(k->locale, was, sizeof(was));
        return;
    }
    log_debug("kiosk", "the loop now shows %s", k->locale);
    kiosk_layout_controls(k);
}

static void run_schedule(struct kiosk *k, uint64_t now_ms)
{
    for (int guard = 0; guard < 8; guard++) {
        enum sched_event ev = schedule_tick(&k->sched, now_ms);
        if (ev == SCHED_NOTHING)
            break;
        int dir = k->sched.direction >= 0 ? 1 : -1;
        switch (ev) {
        case SCHED_PREPARE: {
            struct ventry *e = loop_turns_language(k) ? prepare_in_next_locale(k, k->sched.next)
                                                      : panel_get(k, k->sched.next, dir);
            if (e)
                schedule_set_next(&k->sched, e->index);
            break;
        }
        case SCHED_TRANSITION_START:
            /* new content is adopted as a transition starts, so that what
             * arrives is its first panel; adopting earlier (at prepare) let
             * a visitor's touch in between strand the old panel on screen */
            adopt_pending(k);
            if (loop_turns_language(k))
                loop_next_locale(k);
            k->arriving = panel_get(k, k->sched.next, dir);
            if (k->arriving == k->cur)
                k->arriving = NULL; /* nothing else can be shown */
            if (k->arriving) {
                schedule_set_next(&k->sched, k->arriving->index);
                if (k->lazy)
                    kiosk_rasterise(k, k->arriving);
            }
            mode_set_transition(&k->mode, 1);
            k->dirty = 1;
            break;
        case SCHED_TRANSITION_END:
            end_transition(k, now_ms);
            break;
        default:
            break;
        }
    }
}

static void go(struct kiosk *k, int to, int dir, float from, uint64_t now_ms)
{
    to = kiosk_wrap(k, to);
    if (to == k->cur->index && k->sched.phase != SCHED_TRANSITION)
        return;
    enum transition_kind kind = k->reduced_motion ? TRANS_CROSSFADE : TRANS_SLIDE;
    if (schedule_go(&k->sched, to, dir, kind, now_ms) == 0) {
        k->slide_from = from < 0 ? 0 : from > 0.95f ? 0.95f : from;
        run_schedule(k, now_ms);
    }
}

static void set_locale(struct kiosk *k, int arg, uint64_t now_ms)
{
    int n = k->info.n_locales, at = 0;
    if (n < 2)
        return;
    if (k->sched.phase == SCHED_TRANSITION) { /* two panels are on screen: later */
        k->locale_pending = 1;
        k->locale_arg = arg;
        return;
    }
    for (int i = 0; i < n; i++)
        if (strcmp(k->info.locales[i], k->cur->panel.locale ? k->cur->panel.locale : "") == 0)
            at = i;
    int to = arg >= 0 && arg < n ? arg : (at + 1) % n;
    char why[256], was[sizeof(k->locale)];
    memcpy(was, k->locale, sizeof(was));
    snprintf(k->locale, sizeof(k->locale), "%s", k->info.locales[to]);
    if (kiosk_load_info(k, why, sizeof(why)) != 0) {
        log_error("kiosk", "cannot switch language: %s", why);
        memcpy(k->locale, was, sizeof(was));
        return;
    }
    struct ventry *e = panel_get(k, k->cur->index, 1);
    if (e) {
        k->cur = e;
        k->shown_ms = now_ms;
        schedule_follow(&k->sched, k->cur->index);
    }
    drop_stale(k);
    k->neighbour_tries = 0;
    kiosk_layout_controls(k);
    k->dirty = 1;
}

/* Every prepared panel is stale (another text size, another screen): a
 * new generation, the panel on screen laid out again at once, the rest
 * when next needed. */
static void new_generation(struct kiosk *k, uint64_t now_ms)
{
    k->gen++;
    struct ventry *e = panel_get(k, k->cur->index, 1);
    if (e && e != k->cur) {
        if (e->index != k->cur->index)
            k->shown_ms = now_ms;
        k->cur = e;
        schedule_follow(&k->sched, k->cur->index);
        schedule_set_dwell(&k->sched, dwell_for(k->cur));
    }
    drop_stale(k);
    k->neighbour_tries = 0;
}

/* Lay every panel out again with reading text larger (or normal): the
 * generation moves on, so no prepared panel of the other size is shown
 * again. The panel on screen keeps its time (a figure does not count up
 * again). */
static void set_text_size(struct kiosk *k, int larger, uint64_t now_ms)
{
    larger = larger != 0;
    if (k->sched.phase == SCHED_TRANSITION) { /* two panels are on screen: later */
        k->text_pending = 1;
        k->text_want = larger;
        return;
    }
    k->text_pending = 0;
    if (larger == k->larger_text)
        return;
    k->larger_text = larger;
    k->full_said_index = -1; /* said again where the text cannot grow */
    if (k->notice_visitor) { /* what was said of the size goes with it */
        k->notice[0] = '\0';
        k->notice_until = 0;
        memset(&k->notice_list, 0, sizeof(k->notice_list));
    }
    new_generation(k, now_ms);
    k->overlay_stale = 1; /* the toggle shows the size */
    k->dirty = 1;
    log_debug("kiosk", "text %s", larger ? "larger" : "normal");
}

/* The screen changed size (a display plugged in again, a resolution or
 * orientation change): every view was made for the old one. The panel on
 * screen is laid out again at once, the rest when next needed. */
static void relayout(struct kiosk *k, uint64_t now_ms)
{
    if (k->sched.phase == SCHED_TRANSITION) { /* two panels are on screen: later */
        k->resize_pending = 1;
        return;
    }
    k->resize_pending = 0;
    struct layout_screen s = kiosk_screen_of(k);
    new_generation(k, now_ms);
    kiosk_layout_controls(k);
    memset(&k->notice_list, 0, sizeof(k->notice_list)); /* laid out again when drawn */
    k->overlay_stale = 1;
    staff_layer_stale(&k->staff);
    k->dirty = 1;
    if (s.above != k->room_logged)
        log_debug("kiosk", "%d px above the band kept for the staff layer: laid out again",
                  s.above);
    else
        log_info("kiosk", "the screen is now %dx%d: laid out again", s.w, s.h);
    k->room_logged = s.above;
}

static void run_cmds(struct kiosk *k, const struct mode_cmds *c, uint64_t now_ms);

void kiosk_run_cmds(struct kiosk *k, const struct mode_cmds *c, uint64_t now_ms)
{
    run_cmds(k, c, now_ms);
}

long kiosk_wakes(const struct kiosk *k)
{
    return k->wakes;
}

void kiosk_end_session(struct kiosk *k, uint64_t now_ms)
{
    struct mode_cmds c;
    mode_end_session(&k->mode, &c);
    if (c.n)
        run_cmds(k, &c, now_ms);
}

void kiosk_sleep(struct kiosk *k)
{
    if (k->sched.phase == SCHED_TRANSITION || k->arriving)
        return; /* two panels on screen: not now */
    struct ventry *pinned[1] = {k->cur};
    viewcache_drop_unpinned(&k->cache, pinned, 1);
    if (k->cur->view) {
        k->p.release(k->p.ctx, k->cur->view);
        k->cur->view = NULL; /* rasterised again when next drawn */
    }
    k->dirty = 1;
}

void kiosk_screen_changed(struct kiosk *k, uint64_t now_ms)
{
    relayout(k, now_ms);
}

static int index_per_page(const struct kiosk *k)
{
    struct control_screen cs = kiosk_control_screen_of(k);
    return mode_index_per_page(&cs, k->n_chapters);
}

int kiosk_index_pages(const struct kiosk *k)
{
    struct control_screen cs = kiosk_control_screen_of(k);
    return mode_index_pages(&cs, k->n_chapters);
}

int kiosk_current_chapter(const struct kiosk *k)
{
    int c = 0;
    for (int i = 0; i < k->n_chapters; i++)
        if (k->chapter_first[i] <= k->cur->index)
            c = i;
    return c;
}

/* Page `page` of the chapter index (wrapping round). */
static void show_index_page(struct kiosk *k, int page)
{
    int pages = kiosk_index_pages(k);
    page = ((page % pages) + pages) % pages;
    if (page != k->index_page) {
        k->index_page = page;
        kiosk_layout_controls(k); /* and the overlay, which shows the page */
    }
}

/* Let go of a drag short of the threshold: the panel returns to its place. */
static void spring_back(struct kiosk *k, float from, uint64_t now_ms)
{
    k->spring_from = k->reduced_motion ? 0 : from; /* it never moved */
    k->spring_start = now_ms;
}

static void run_cmds(struct kiosk *k, const struct mode_cmds *c, uint64_t now_ms)
{
    for (int i = 0; i < c->n; i++) {
        const struct mode_cmd *cmd = &c->v[i];
        int cur = k->cur->index;
        switch (cmd->act) {
        case ACT_WAKE:
            k->wakes++;
            snprintf(k->loop_locale, sizeof(k->loop_locale), "%s",
                     k->cur->panel.locale ? k->cur->panel.locale : "");
            schedule_pause(&k->sched, 1, now_ms);
            break;
        case ACT_LOOP: /* the next visitor starts with normal text, and in the
                          loop's language (alternating: the visitor's, until the
                          loop comes round) */
            schedule_pause(&k->sched, 0, now_ms);
            set_text_size(k, 0, now_ms);
            if (!k->loop_alternate)
                for (int l = 0; l < k->info.n_locales; l++)
                    if (strcmp(k->info.locales[l], k->loop_locale) == 0 &&
                        strcmp(k->loop_locale, k->cur->panel.locale ? k->cur->panel.locale : "") !=
                            0)
                        set_locale(k, l, now_ms);
            break;
        case ACT_TEXT_SIZE:
            set_text_size(k, !(k->text_pending ? k->text_want : k->larger_text), now_ms);
            break;
        case ACT_PLAY_PAUSE:
            kiosk_video_toggle(k, now_ms);
            break;
        case ACT_NEXT:
            go(k, kiosk_step(k, cur, 1), 1, 0, now_ms);
            break;
        case ACT_PREV:
            go(k, kiosk_step(k, cur, -1), -1, 0, now_ms);
            break;
        case ACT_JUMP:
            go(k, cmd->arg, cmd->arg >= cur ? 1 : -1, 0, now_ms);
            break;
        case ACT_HOME:
            go(k, 0, -1, 0, now_ms);
            break;
        case ACT_LANGUAGE:
            set_locale(k, cmd->arg, now_ms);
            break;
        case ACT_OPEN_INDEX: /* on the page of the chapter shown */
            show_index_page(k, kiosk_current_chapter(k) / index_per_page(k));
            break;
        case ACT_INDEX_PAGE:
            show_index_page(k, k->index_page + cmd->arg);
            break;
        case ACT_DRAG_FOLLOW:
            k->dragging = 1;
            k->drag_dx = cmd->drag_dx;
            k->spring_from = 0;
            if (k->drag_dx != 0 && k->info.n_panels > 1)
                panel_get(k, kiosk_step(k, cur, k->drag_dx < 0 ? 1 : -1), k->drag_dx < 0 ? 1 : -1);
            break;
        case ACT_DRAG_COMMIT_NEXT:
        case ACT_DRAG_COMMIT_PREV: {
            int dir = cmd->act == ACT_DRAG_COMMIT_NEXT ? 1 : -1;
            float dx = k->dragging ? k->drag_dx : cmd->drag_dx;
            k->dragging = 0;
            k->drag_dx = 0;
            if (k->info.n_panels < 2) /* nowhere to go */
                spring_back(k, dx, now_ms);
            else
                go(k, kiosk_step(k, cur, dir), dir, fabsf(dx), now_ms);
            break;
        }
        case ACT_DRAG_CANCEL:
            spring_back(k, k->dragging ? k->drag_dx : cmd->drag_dx, now_ms);
            k->dragging = 0;
            k->drag_dx = 0;
            break;
        default:
            break;
        }
        kiosk_guide_cmd(k, cmd->act, now_ms);
    }
    k->dirty = 1;
}

/* ---- staff ----------------------------------------------------------------- */

int kiosk_rtl(const struct kiosk *k)
{
    return locale_is_rtl(k->cur && k->cur->panel.locale ? k->cur->panel.locale
                                                        : kiosk_locale_or_default(k));
}

void kiosk_input(struct kiosk *k, const struct input_event *e, uint64_t now_ms)
{
    if (!e)
        return;
    kiosk_load_chapters(k);
    struct staff_env env = kiosk_staff_env(k);
    if (kiosk_staff_apply(k, staff_layer_input(&k->staff, &env, e, now_ms), now_ms) &
        STAFF_OUT_TAKEN)
        return;
    struct input_event me = *e;
    if (kiosk_rtl(k)) {
        /* the page is mirrored: the controls and gestures are laid out as
         * for a left-to-right page, and meet the touch at its mirror place
         * (a swipe to the right goes on to the next panel, which stands on
         * the left); the arrow keys follow the screen */
        if (me.kind == INPUT_TOUCH)
            me.x = 1.0f - me.x;
        else if (me.kind == INPUT_KEY && me.key == INPUT_KEY_LEFT)
            me.key = INPUT_KEY_RIGHT;
        else if (me.kind == INPUT_KEY && me.key == INPUT_KEY_RIGHT)
            me.key = INPUT_KEY_LEFT;
    }
    struct mode_cmds c;
    if (kiosk_guide_input(k, e, &me, now_ms))
        c.n = 0;
    else
        mode_input(&k->mode, &me, now_ms, &c);
    if (c.n)
        run_cmds(k, &c, now_ms);
    struct mode_view v;
    mode_view(&k->mode, now_ms, &v);
    if (memcmp(&v, &k->view, sizeof(v)) != 0)
        k->dirty = 1;
}

/* New content waits for a panel boundary; an exhibit of one panel in its
 * loop never reaches one (nothing advances), so there the new content's
 * first panel takes its place at once. */
static void adopt_in_place(struct kiosk *k, uint64_t now_ms)
{
    if (!k->pending || k->info.n_panels > 1 || k->sched.phase == SCHED_TRANSITION ||
        k->view.state != MODE_LOOP)
        return;
    adopt_pending(k);
    struct ventry *e = k->pending ? NULL : panel_get(k, 0, 1);
    if (!e || e == k->cur)
        return;
    k->cur = e;
    k->shown_ms = now_ms;
    schedule_follow(&k->sched, e->index);
    schedule_set_dwell(&k->sched, dwell_for(e));
    drop_stale(k);
    k->overlay_stale = 1;
    k->dirty = 1;
}

/* In interactive mode both neighbours are kept ready, so a drag shows them
 * at once. Which one is missing, if any: +1, -1 or 0. */
static int missing_neighbour(const struct kiosk *k)
{
    if (k->lazy || k->view.state == MODE_LOOP || k->sched.phase == SCHED_TRANSITION ||
        k->dragging || k->info.n_panels < 2 || k->neighbour_tries >= 2)
        return 0;
    int cur = k->cur->index;
    return !cached(k, kiosk_step(k, cur, 1)) ? 1 : !cached(k, kiosk_step(k, cur, -1)) ? -1 : 0;
}

/* One per call: preparing costs a few milliseconds, and input comes first. */
static void prepare_neighbours(struct kiosk *k)
{
    int dir = missing_neighbour(k);
    if (dir) {
        k->neighbour_tries++;
        panel_get(k, kiosk_step(k, k->cur->index, dir), dir);
    }
}

/* Nothing covers the panel: while the import's bar or card or a notice
 * shows above the band, the panel is laid out again to end above them,
 * and again when they go (a relayout, as on a resize). */
static void make_room(struct kiosk *k, uint64_t now_ms)
{
    int room = 0;
    if (!staff_layer_is_open(&k->staff)) {
        const struct draw_list *lists[2] = {kiosk_staff_list(k, now_ms), kiosk_notice_list(k)};
        struct layout_screen s = kiosk_screen_of(k);
        int top = layout_band(&s).top;
        for (int l = 0; l < 2; l++)
            for (int i = 0; lists[l] && i < lists[l]->n; i++)
                if (lists[l]->items[i].r.y < top && top - lists[l]->items[i].r.y > room)
                    room = top - lists[l]->items[i].r.y;
    }
    if (room != k->staff_room) {
        k->staff_room = room;
        relayout(k, now_ms);
    }
}

void kiosk_update(struct kiosk *k, uint64_t now_ms)
{
    if (k->drawn && !k->chapters_loaded && k->sched.phase != SCHED_TRANSITION)
        kiosk_load_chapters(k); /* not while a transition moves: it reads every panel */
    if (k->notice_until && now_ms >= k->notice_until) {
        k->notice_until = 0;
        k->notice[0] = '\0';
        k->dirty = 1;
    }
    struct staff_env env = kiosk_staff_env(k);
    kiosk_staff_apply(k, staff_layer_update(&k->staff, &env, now_ms), now_ms);
    kiosk_guide_update(k, now_ms);
    make_room(k, now_ms);
    struct mode_cmds c;
    /* while staff have the screen, the visitors' clock stands still */
    if (!staff_layer_is_open(&k->staff))
        mode_tick(&k->mode, now_ms, &c);
    else
        c.n = 0;
    if (c.n)
        run_cmds(k, &c, now_ms);
    run_schedule(k, now_ms);
    kiosk_video_tick(k, now_ms);
    /* what is on changed: the prepared panels' position indicators are
     * stale; a new generation, once no transition moves and the panel on
     * screen is itself on (else the loop moves on first, with no cut) */
    if (k->plan_stale && k->cur && k->sched.phase != SCHED_TRANSITION && !k->arriving &&
        showplan_on(&k->plan, k->cur->index)) {
        k->plan_stale = 0;
        new_generation(k, now_ms);
        k->overlay_stale = 1; /* the controls' position too */
        k->dirty = 1;
    }
    adopt_in_place(k, now_ms);
    struct mode_view v;
    mode_view(&k->mode, now_ms, &v);
    if (memcmp(&v, &k->view, sizeof(v)) != 0) {
        if (v.state != k->view.state) {
            static const char *const names[] = {"loop", "interactive", "countdown"};
            log_debug("kiosk", "mode %s", names[v.state]);
        }
        k->view = v;
        k->overlay_stale = 1;
        k->dirty = 1;
    }
    prepare_neighbours(k);
}

uint64_t kiosk_deadline(const struct kiosk *k, uint64_t now_ms)
{
    if (missing_neighbour(k))
        return now_ms; /* prepare it on the next turn */
    uint64_t d = schedule_deadline(&k->sched);
    uint64_t m = !staff_layer_is_open(&k->staff) ? mode_deadline(&k->mode, now_ms) : UINT64_MAX;
    if (m < d)
        d = m;
    uint64_t s = staff_layer_deadline(&k->staff, now_ms);
    if (s < d)
        d = s;
    if (k->notice_until && k->notice_until < d)
        d = k->notice_until;
    uint64_t g = kiosk_guide_deadline(k, now_ms);
    if (g < d)
        d = g;
    int lang; /* the loop's invitation: its next language rises at the next period */
    double t;
    if (kiosk_invite(k, now_ms, &lang, &t) >= 0) {
        uint64_t next = (now_ms / KIOSK_INVITE_MS + 1) * KIOSK_INVITE_MS;
        if (next < d)
            d = next;
    }
    return d;
}

int kiosk_index_count(struct kiosk *k)
{
    kiosk_load_chapters(k);
    return k->n_chapters;
}

int kiosk_step(const struct kiosk *k, int index, int dir)
{
    int n = k->info.n_panels;
    for (int i = 1; i <= n; i++) {
        int j = kiosk_wrap(k, index + (dir < 0 ? -i : i));
        if (showplan_on(&k->plan, j))
            return j;
    }
    return kiosk_wrap(k, index);
}

void kiosk_set_walltime(struct kiosk *k, const struct walltime *w)
{
    if (!w)
        return;
    k->wall = *w;
    k->has_wall = 1;
    if (!showplan_at(&k->plan, w))
        return;
    /* what is on changed: the index, and the loop's next panel unless it
     * is already prepared (then the one after) */
    if (k->chapters_loaded)
        kiosk_index_chapters(k);
    if (k->sched.phase == SCHED_DWELL && !k->sched.prepared && k->cur)
        schedule_set_next(&k->sched, kiosk_step(k, k->cur->index, 1));
    k->neighbour_tries = 0;
    k->plan_stale = 1; /* the prepared panels' positions ("3 / 12"): kiosk_update */
}

void kiosk_goto(struct kiosk *k, int index, uint64_t now_ms)
{
    if (k->info.n_panels <= 0 || k->sched.phase == SCHED_TRANSITION || k->arriving)
        return;
    index = index < 0 ? 0 : index >= k->info.n_panels ? k->info.n_panels - 1 : index;
    if (index == k->cur->index)
        return;
    struct ventry *e = panel_get(k, index, 1);
    if (!e || e == k->cur)
        return;
    k->cur = e;
    k->shown_ms = now_ms;
    schedule_follow(&k->sched, e->index);
    schedule_set_dwell(&k->sched, dwell_for(e));
    k->overlay_stale = 1;
    k->neighbour_tries = 0;
    k->dirty = 1;
}

void kiosk_set_loop_transition(struct kiosk *k, int kind)
{
    if (k->reduced_motion && kind == TRANS_SLIDE)
        kind = TRANS_NONE;
    schedule_set_loop_transition(&k->sched, (enum transition_kind)kind);
}
