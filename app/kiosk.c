#include "kiosk.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "log.h"
#include "mode.h"
#include "overlay.h"
#include "schedule.h"

#define SPRING_MS 220u /* a drag let go short of the threshold springs back */
#define N_SLOTS 3

struct slot {
    int index;          /* -1: empty */
    struct arena arena; /* panel text and draw lists; reset at the boundary */
    struct panel panel;
    struct draw_list list;
    struct draw_list chrome;
    struct panel_view *view;
    uint64_t shown_ms; /* when the panel finished arriving */
};

struct kiosk {
    struct display *d;
    struct store *store;
    struct store *pending; /* switched in at the next panel boundary */
    char locale[16];
    int lazy;
    struct arena info_arena;
    struct store_info info;
    struct store_chapter *chapters;
    int n_chapters;
    int chapter_first[MODE_MAX_CHAPTERS];
    const char *chapter_titles[MODE_MAX_CHAPTERS];
    struct schedule sched;
    struct slot slots[N_SLOTS];
    struct slot *cur, *fwd, *back; /* shown, and its neighbours (may be stale) */
    struct slot *arriving;         /* during a transition */
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
    int neighbour_tries; /* for the panel shown; a failing one is not retried */
    int locale_pending;  /* a language change waits for the transition to end */
    int locale_arg;
    int dragging;
    float drag_dx;    /* fraction of the width the panel follows the finger */
    float slide_from; /* fraction already travelled when a slide starts */
    float spring_from;
    uint64_t spring_start;
    /* staff notice */
    char notice[256];
    uint64_t notice_until;
    struct arena notice_arena;
    struct draw_list notice_list;
};

static const char *locale_or_default(const struct kiosk *k)
{
    return k->locale[0] ? k->locale : NULL;
}

static int wrap(const struct kiosk *k, int index)
{
    int n = k->info.n_panels;
    return ((index % n) + n) % n;
}

static void slot_clear(struct slot *s)
{
    display_view_free(s->view);
    s->view = NULL;
    s->index = -1;
    arena_reset(&s->arena);
    memset(&s->panel, 0, sizeof(s->panel));
    memset(&s->list, 0, sizeof(s->list));
    memset(&s->chrome, 0, sizeof(s->chrome));
}

static int slot_rasterise(struct kiosk *k, struct slot *s)
{
    if (s->view || s->index < 0)
        return s->view ? 0 : -1;
    char why[256];
    s->view = display_prepare(k->d, &s->list, s->panel.locale, why, sizeof(why));
    if (!s->view) {
        log_error("kiosk", "panel %s could not be drawn: %s", s->panel.id, why);
        return -1;
    }
    k->prepared++;
    return 0;
}

/* Load, lay out and (unless lazy) rasterise panel `index` into s. A panel
 * that fails (damaged row, invalid text) is logged and the next one in
 * `dir` tried, so one bad panel never blanks the screen. Returns 0, or -1
 * when no panel of the exhibit can be shown. */
static int slot_load(struct kiosk *k, struct slot *s, int index, int dir)
{
    int w, h;
    display_size(k->d, &w, &h);
    struct layout_screen screen = {w, h};
    const struct text_measurer *m = text_measurer(display_text(k->d));
    int count = k->info.n_panels;
    index = wrap(k, index);
    for (int tries = 0; tries < count; tries++, index = wrap(k, index + (dir < 0 ? -1 : 1))) {
        char why[256];
        slot_clear(s);
        if (store_panel_load(k->store, index, locale_or_default(k), &s->arena, &s->panel, why,
                             sizeof(why)) != 0) {
            log_error("kiosk", "panel skipped: %s", why);
            continue;
        }
        if (layout_panel(&s->panel, &screen, m, &s->arena, &s->list) != 0)
            log_warn("kiosk", "panel %s: %s", s->panel.id,
                     s->list.overflow ? s->list.problem : "layout failed");
        if (layout_chrome(&screen, index, count, s->panel.chapter, m, &s->arena, &s->chrome) != 0)
            memset(&s->chrome, 0, sizeof(s->chrome));
        s->index = index;
        if (!k->lazy && slot_rasterise(k, s) != 0)
            continue;
        return 0;
    }
    slot_clear(s);
    return -1;
}

/* The slot holding panel `index`, loading it into the neighbour slot on
 * the side it comes from when no slot has it. NULL if nothing loads. */
static struct slot *slot_for(struct kiosk *k, int index, int dir)
{
    index = wrap(k, index);
    if (k->fwd->index == index)
        return k->fwd;
    if (k->back->index == index)
        return k->back;
    struct slot *s = dir >= 0 ? k->fwd : k->back;
    return slot_load(k, s, index, dir) == 0 ? s : NULL;
}

static void layout_controls(struct kiosk *k)
{
    int w, h;
    display_size(k->d, &w, &h);
    struct control_screen cs = {w, h, display_dpi(k->d)};
    struct control_spec spec = {k->info.n_locales, k->n_chapters, k->chapter_first};
    k->n_controls = mode_controls_layout(&cs, &spec, k->controls, MODE_MAX_CONTROLS);
    struct gesture_cfg g = {cs.dpi, w, h};
    mode_set_screen(&k->mode, &g);
    mode_set_controls(&k->mode, k->controls, k->n_controls);
    k->overlay_stale = 1;
}

/* Read the exhibit's metadata and chapters into a scratch arena and adopt
 * them only when complete: on failure the kiosk keeps what it had. */
static int load_info(struct kiosk *k, char *why, size_t why_len)
{
    struct arena a;
    struct store_info info;
    struct store_chapter *chapters = NULL;
    int n_chapters = 0;
    arena_init(&a, 4096);
    if (store_info(k->store, locale_or_default(k), &a, &info, why, why_len) != 0)
        goto fail;
    if (info.n_panels < 1) {
        snprintf(why, why_len, "%s has no panels.", store_name(k->store));
        goto fail;
    }
    if (store_chapters(k->store, locale_or_default(k), &a, &chapters, &n_chapters,
                       MODE_MAX_CHAPTERS, why, why_len) != 0) {
        log_warn("kiosk", "no chapter index: %s", why);
        n_chapters = 0;
    }
    arena_free(&k->info_arena);
    k->info_arena = a;
    k->info = info;
    k->chapters = chapters;
    k->n_chapters = n_chapters;
    for (int i = 0; i < n_chapters; i++) {
        k->chapter_first[i] = chapters[i].first_panel;
        k->chapter_titles[i] = chapters[i].title;
    }
    return 0;
fail:
    arena_free(&a);
    return -1;
}

static uint32_t dwell_for(const struct slot *s)
{
    return schedule_dwell_ms(panel_word_count(&s->panel), s->panel.kind);
}

struct kiosk *kiosk_new(struct display *d, struct store *store, const struct kiosk_opts *o,
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
    k->d = d;
    k->store = store;
    if (o && o->locale)
        snprintf(k->locale, sizeof(k->locale), "%s", o->locale);
    k->lazy = o && o->lazy_views;
    arena_init(&k->info_arena, 4096);
    arena_init(&k->notice_arena, 4096);
    arena_init(&k->overlay_arena, 16 * 1024);
    for (int i = 0; i < N_SLOTS; i++) {
        arena_init(&k->slots[i].arena, 64 * 1024);
        k->slots[i].index = -1;
    }
    k->cur = &k->slots[0];
    k->fwd = &k->slots[1];
    k->back = &k->slots[2];
    struct mode_cfg mc = {.idle_ms = o ? o->idle_ms : 0};
    mode_init(&k->mode, &mc, now_ms);
    if (load_info(k, why, why_len) != 0 || slot_load(k, k->cur, 0, 1) != 0) {
        if (!why[0])
            snprintf(why, why_len, "No panel of %s could be shown.", store_name(store));
        kiosk_free(k);
        return NULL;
    }
    layout_controls(k);
    k->cur->shown_ms = now_ms;
    schedule_start(&k->sched, k->info.n_panels, k->cur->index, dwell_for(k->cur), now_ms);
    mode_view(&k->mode, now_ms, &k->view);
    k->dirty = 1;
    return k;
}

void kiosk_free(struct kiosk *k)
{
    if (!k)
        return;
    for (int i = 0; i < N_SLOTS; i++) {
        slot_clear(&k->slots[i]);
        arena_free(&k->slots[i].arena);
    }
    arena_free(&k->info_arena);
    arena_free(&k->notice_arena);
    arena_free(&k->overlay_arena);
    store_close(k->store);
    store_close(k->pending);
    free(k);
}

void kiosk_notice(struct kiosk *k, const char *text, uint64_t now_ms)
{
    snprintf(k->notice, sizeof(k->notice), "%s", text);
    k->notice_until = now_ms + KIOSK_NOTICE_MS;
    memset(&k->notice_list, 0, sizeof(k->notice_list));
    k->dirty = 1;
}

void kiosk_switch_store(struct kiosk *k, struct store *store)
{
    store_close(k->pending);
    k->pending = store;
}

/* At a panel boundary: adopt pending content, starting from its first panel. */
static void adopt_pending(struct kiosk *k)
{
    if (!k->pending)
        return;
    struct store *old = k->store;
    k->store = k->pending;
    k->pending = NULL;
    char why[256] = "";
    if (load_info(k, why, sizeof(why)) != 0) {
        log_error("kiosk", "new content refused, keeping %s: %s", store_name(old), why);
        store_close(k->store);
        k->store = old; /* k->info still describes it */
        return;
    }
    log_info("kiosk", "now showing %s (%d panels)", store_name(k->store), k->info.n_panels);
    store_close(old);
    slot_clear(k->fwd);
    slot_clear(k->back);
    layout_controls(k);
    k->sched.count = k->info.n_panels;
    k->sched.next = 0;
}

static void set_locale(struct kiosk *k, int arg, uint64_t now_ms);

static void end_transition(struct kiosk *k, uint64_t now_ms)
{
    struct slot *old = k->cur, *arr = k->arriving;
    if (!arr) { /* nothing arrived: load the panel the schedule moved to */
        arr = k->sched.direction >= 0 ? k->fwd : k->back;
        if (slot_load(k, arr, k->sched.next, k->sched.direction) != 0)
            arr = old;
    }
    if (arr == old) {
        k->arriving = NULL;
        mode_set_transition(&k->mode, 0);
        k->slide_from = 0;
        k->dirty = 1;
        return;
    }
    struct slot *other = &k->slots[0];
    while (other == old || other == arr)
        other++;
    k->cur = arr;
    if (k->sched.direction >= 0) {
        k->back = old;
        k->fwd = other;
    } else {
        k->fwd = old;
        k->back = other;
    }
    k->arriving = NULL;
    k->cur->shown_ms = now_ms;
    if (k->cur->index < 0 && slot_load(k, k->cur, 0, 1) != 0)
        log_error("kiosk", "no panel could be prepared");
    if (k->cur->index >= 0 && k->cur->index != k->sched.current) {
        /* a panel was skipped: follow what is really shown */
        k->sched.current = k->cur->index;
        k->sched.next = wrap(k, k->cur->index + 1);
    }
    schedule_set_dwell(&k->sched, dwell_for(k->cur));
    k->overlay_stale = 1; /* position and chapter in the controls */
    k->neighbour_tries = 0;
    mode_set_transition(&k->mode, 0);
    log_debug("kiosk", "showing panel %d of %d (%s)", k->cur->index + 1, k->info.n_panels,
              k->cur->panel.id ? k->cur->panel.id : "?");
    if (k->locale_pending) {
        k->locale_pending = 0;
        set_locale(k, k->locale_arg, now_ms);
    }
    k->slide_from = 0;
    k->dirty = 1;
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
            adopt_pending(k);
            struct slot *s = slot_for(k, k->sched.next, dir);
            if (s)
                k->sched.next = s->index;
            break;
        }
        case SCHED_TRANSITION_START:
            k->arriving = slot_for(k, k->sched.next, dir);
            if (k->arriving)
                k->sched.next = k->arriving->index;
            if (k->lazy && k->arriving)
                slot_rasterise(k, k->arriving);
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
    to = wrap(k, to);
    if (to == k->cur->index && k->sched.phase != SCHED_TRANSITION)
        return;
    if (schedule_go(&k->sched, to, dir, TRANS_SLIDE, now_ms) == 0) {
        k->slide_from = from < 0 ? 0 : from > 0.95f ? 0.95f : from;
        run_schedule(k, now_ms);
    }
}

static void set_locale(struct kiosk *k, int arg, uint64_t now_ms)
{
    int n = k->info.n_locales, at = 0;
    if (n < 2)
        return;
    if (k->sched.phase == SCHED_TRANSITION) { /* the slots are in use: later */
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
    if (load_info(k, why, sizeof(why)) != 0) {
        log_error("kiosk", "cannot switch language: %s", why);
        memcpy(k->locale, was, sizeof(was));
        return;
    }
    int index = k->cur->index;
    slot_clear(k->fwd);
    slot_clear(k->back);
    if (slot_load(k, k->fwd, index, 1) == 0) {
        struct slot *t = k->cur;
        k->cur = k->fwd;
        k->fwd = t;
        slot_clear(k->fwd);
        k->cur->shown_ms = now_ms;
        k->sched.current = k->cur->index;
        k->sched.next = wrap(k, k->cur->index + 1);
    }
    k->neighbour_tries = 0;
    layout_controls(k);
    k->dirty = 1;
}

/* Let go of a drag short of the threshold: the panel returns to its place. */
static void spring_back(struct kiosk *k, float from, uint64_t now_ms)
{
    k->spring_from = from;
    k->spring_start = now_ms;
}

static void run_cmds(struct kiosk *k, const struct mode_cmds *c, uint64_t now_ms)
{
    for (int i = 0; i < c->n; i++) {
        const struct mode_cmd *cmd = &c->v[i];
        int cur = k->cur->index;
        switch (cmd->act) {
        case ACT_WAKE:
            schedule_pause(&k->sched, 1, now_ms);
            break;
        case ACT_LOOP:
            schedule_pause(&k->sched, 0, now_ms);
            break;
        case ACT_NEXT:
            go(k, cur + 1, 1, 0, now_ms);
            break;
        case ACT_PREV:
            go(k, cur - 1, -1, 0, now_ms);
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
        case ACT_DRAG_FOLLOW:
            k->dragging = 1;
            k->drag_dx = cmd->drag_dx;
            k->spring_from = 0;
            if (k->drag_dx != 0 && k->info.n_panels > 1)
                slot_for(k, cur + (k->drag_dx < 0 ? 1 : -1), k->drag_dx < 0 ? 1 : -1);
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
                go(k, cur + dir, dir, fabsf(dx), now_ms);
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
    }
    k->dirty = 1;
}

void kiosk_input(struct kiosk *k, const struct input_event *e, uint64_t now_ms)
{
    struct mode_cmds c;
    mode_input(&k->mode, e, now_ms, &c);
    if (c.n)
        run_cmds(k, &c, now_ms);
    struct mode_view v;
    mode_view(&k->mode, now_ms, &v);
    if (memcmp(&v, &k->view, sizeof(v)) != 0)
        k->dirty = 1;
}

/* In interactive mode both neighbours are kept ready, so a drag shows them
 * at once. Which one is missing, if any: +1, -1 or 0. */
static int missing_neighbour(const struct kiosk *k)
{
    if (k->lazy || k->view.state == MODE_LOOP || k->sched.phase == SCHED_TRANSITION ||
        k->dragging || k->info.n_panels < 2 || k->neighbour_tries >= 2)
        return 0;
    int cur = k->cur->index, next = wrap(k, cur + 1), prev = wrap(k, cur - 1);
    int have_next = k->fwd->index == next || k->back->index == next;
    int have_prev = k->fwd->index == prev || k->back->index == prev;
    return !have_next ? 1 : !have_prev ? -1 : 0;
}

/* One per call: preparing costs a few milliseconds, and input comes first. */
static void prepare_neighbours(struct kiosk *k)
{
    int dir = missing_neighbour(k);
    if (dir) {
        k->neighbour_tries++;
        slot_for(k, k->cur->index + dir, dir);
    }
}

void kiosk_update(struct kiosk *k, uint64_t now_ms)
{
    if (k->notice_until && now_ms >= k->notice_until) {
        k->notice_until = 0;
        k->notice[0] = '\0';
        k->dirty = 1;
    }
    struct mode_cmds c;
    mode_tick(&k->mode, now_ms, &c);
    if (c.n)
        run_cmds(k, &c, now_ms);
    run_schedule(k, now_ms);
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

static double countup_t(const struct slot *s, uint64_t now_ms)
{
    if (s->panel.kind != PANEL_STATISTIC)
        return 1.0;
    if (now_ms <= s->shown_ms)
        return 0.0;
    double t = (double)(now_ms - s->shown_ms) / KIOSK_COUNTUP_MS;
    return t > 1.0 ? 1.0 : t;
}

static int springing(const struct kiosk *k, uint64_t now_ms)
{
    return k->spring_from != 0 && now_ms < k->spring_start + SPRING_MS;
}

int kiosk_animating(const struct kiosk *k, uint64_t now_ms)
{
    return k->sched.phase == SCHED_TRANSITION || countup_t(k->cur, now_ms) < 1.0 ||
           springing(k, now_ms);
}

int kiosk_needs_frame(const struct kiosk *k, uint64_t now_ms)
{
    return k->dirty || kiosk_animating(k, now_ms);
}

void kiosk_invalidate(struct kiosk *k)
{
    k->dirty = 1;
}

static double ease_in_out(double t)
{
    return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2;
}

static double ease_out(double t)
{
    double u = 1 - t;
    return 1 - u * u * u;
}

static void draw_notice(struct kiosk *k)
{
    if (!k->notice[0])
        return;
    if (!k->notice_list.n) {
        int w, h;
        display_size(k->d, &w, &h);
        struct layout_screen screen = {w, h};
        arena_reset(&k->notice_arena);
        layout_notice(&screen, k->notice, text_measurer(display_text(k->d)), &k->notice_arena,
                      &k->notice_list);
    }
    display_draw_list(k->d, &k->notice_list);
}

static void draw_overlay(struct kiosk *k)
{
    if (k->overlay_stale) {
        int w, h;
        display_size(k->d, &w, &h);
        struct layout_screen screen = {w, h};
        int cur_chapter = 0, loc = 0;
        for (int i = 0; i < k->n_chapters; i++)
            if (k->chapter_first[i] <= k->cur->index)
                cur_chapter = i;
        for (int i = 0; i < k->info.n_locales; i++)
            if (k->cur->panel.locale && strcmp(k->info.locales[i], k->cur->panel.locale) == 0)
                loc = i;
        struct overlay_info info = {
            .locale = k->cur->panel.locale,
            .panel = k->cur->index,
            .n_panels = k->info.n_panels,
            .chapters = k->chapter_titles,
            .n_chapters = k->n_chapters,
            .current_chapter = cur_chapter,
            .locale_names = k->info.locale_names,
            .n_locales = k->info.n_locales,
            .current_locale = loc,
            .locale_codes = k->info.locales,
        };
        arena_reset(&k->overlay_arena);
        memset(&k->overlay, 0, sizeof(k->overlay));
        overlay_layout(&screen, k->controls, k->n_controls, &k->view, &info,
                       text_measurer(display_text(k->d)), &k->overlay_arena, &k->overlay);
        k->overlay_stale = 0;
    }
    display_draw_list(k->d, &k->overlay);
}

void kiosk_draw(struct kiosk *k, uint64_t now_ms)
{
    int w, h;
    display_size(k->d, &w, &h);
    struct slot *chrome = k->cur;
    if (k->lazy)
        slot_rasterise(k, k->cur);
    if (k->sched.phase == SCHED_TRANSITION && k->arriving && k->arriving->view) {
        double p = schedule_progress(&k->sched, now_ms);
        if (k->sched.trans == TRANS_SLIDE) {
            double f = k->slide_from + (1.0 - k->slide_from) * ease_out(p);
            int off = (int)lround(f * w) * (k->sched.direction >= 0 ? 1 : -1);
            int from = k->sched.direction >= 0 ? w : -w;
            display_draw_view(k->d, k->cur->view, -off, 255, countup_t(k->cur, now_ms));
            display_draw_view(k->d, k->arriving->view, from - off, 255, 0.0);
            p = f;
        } else {
            p = ease_in_out(p);
            display_draw_view(k->d, k->cur->view, 0, 255, countup_t(k->cur, now_ms));
            display_draw_view(k->d, k->arriving->view, 0, (uint8_t)(p * 255.0 + 0.5), 0.0);
        }
        if (p >= 0.5)
            chrome = k->arriving;
    } else {
        float dx = 0;
        if (k->dragging)
            dx = k->drag_dx;
        else if (springing(k, now_ms))
            dx = k->spring_from *
                 (float)(1.0 - ease_out((double)(now_ms - k->spring_start) / SPRING_MS));
        int off = (int)lroundf(dx * (float)w);
        struct slot *nb = NULL;
        if (off != 0 && k->info.n_panels > 1) {
            /* the neighbour on that side, in whichever slot holds it (with
             * two panels the same one is both next and previous) */
            int want = wrap(k, k->cur->index + (off < 0 ? 1 : -1));
            struct slot *side = off < 0 ? k->fwd : k->back, *other = off < 0 ? k->back : k->fwd;
            nb = side->index == want ? side : other->index == want ? other : NULL;
            if (nb && k->lazy)
                slot_rasterise(k, nb);
        }
        if (off != 0)
            display_clear(k->d);
        display_draw_view(k->d, k->cur->view, off, 255, countup_t(k->cur, now_ms));
        if (nb && nb->view)
            display_draw_view(k->d, nb->view, off < 0 ? off + w : off - w, 255, 0.0);
    }
    display_draw_list(k->d, &chrome->chrome);
    if (!(k->view.state == MODE_LOOP && k->notice[0])) /* the notice takes the invitation's place */
        draw_overlay(k);
    draw_notice(k);
    k->dirty = 0;
}

uint64_t kiosk_deadline(const struct kiosk *k, uint64_t now_ms)
{
    if (missing_neighbour(k))
        return now_ms; /* prepare it on the next turn */
    uint64_t d = schedule_deadline(&k->sched);
    uint64_t m = mode_deadline(&k->mode, now_ms);
    if (m < d)
        d = m;
    if (k->notice_until && k->notice_until < d)
        d = k->notice_until;
    return d;
}

int kiosk_transitioning(const struct kiosk *k)
{
    return k->sched.phase == SCHED_TRANSITION;
}
int kiosk_current(const struct kiosk *k)
{
    return k->cur->index;
}
int kiosk_panel_count(const struct kiosk *k)
{
    return k->info.n_panels;
}
long kiosk_prepare_count(const struct kiosk *k)
{
    return k->prepared;
}
int kiosk_mode(const struct kiosk *k)
{
    return (int)k->view.state;
}
const char *kiosk_locale(const struct kiosk *k)
{
    return k->cur->panel.locale ? k->cur->panel.locale : "";
}

int kiosk_touch_active(const struct kiosk *k, uint64_t now_ms)
{
    return gesture_fingers_down(&k->mode.g) > 0 || now_ms - k->mode.last_input_ms < 1000;
}

void kiosk_renderer_reset(struct kiosk *k)
{
    log_warn("kiosk", "the renderer lost its textures; preparing the panels again");
    for (int i = 0; i < N_SLOTS; i++) {
        struct slot *s = &k->slots[i];
        display_view_free(s->view);
        s->view = NULL;
        if (s->index >= 0 && (s == k->cur || s == k->arriving || !k->lazy))
            slot_rasterise(k, s);
    }
    k->overlay_stale = 1;
    k->dirty = 1;
}
