#include "kiosk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "log.h"
#include "schedule.h"

struct slot {
    int index;              /* -1: empty */
    struct arena arena;     /* panel text, draw list; reset at the boundary */
    struct panel panel;
    struct panel_view *view;
    struct draw_list chrome;
    uint64_t shown_ms;      /* when the panel finished arriving */
};

struct kiosk {
    struct display *d;
    struct store *store;
    struct store *pending;  /* switched in at the next panel boundary */
    char locale[16];
    struct arena info_arena;
    struct store_info info;
    struct schedule sched;
    struct slot slots[2];
    struct slot *cur, *next;
    int dirty;
    long prepared;
    char notice[256];
    uint64_t notice_until;
    struct arena notice_arena;
    struct draw_list notice_list;
};

static const char *locale_or_default(const struct kiosk *k)
{
    return k->locale[0] ? k->locale : NULL;
}

static void slot_clear(struct slot *s)
{
    display_view_free(s->view);
    s->view = NULL;
    s->index = -1;
    arena_reset(&s->arena);
    memset(&s->panel, 0, sizeof(s->panel));
    memset(&s->chrome, 0, sizeof(s->chrome));
}

/* Load, lay out and rasterise panel `index` into s. A panel that fails
 * (damaged row, invalid text) is logged and the following one tried, so a
 * single bad panel never blanks the screen. Returns 0 or -1 when no panel
 * of the exhibit can be shown. */
static int slot_load(struct kiosk *k, struct slot *s, int index)
{
    int w, h;
    display_size(k->d, &w, &h);
    struct layout_screen screen = {w, h};
    const struct text_measurer *m = text_measurer(display_text(k->d));
    int count = k->info.n_panels;
    for (int tries = 0; tries < count; tries++, index = (index + 1) % count) {
        char why[256];
        slot_clear(s);
        if (store_panel_load(k->store, index, locale_or_default(k), &s->arena, &s->panel, why,
                             sizeof(why)) != 0) {
            log_error("kiosk", "panel %d skipped: %s", index + 1, why);
            continue;
        }
        struct draw_list list = {0};
        if (layout_panel(&s->panel, &screen, m, &s->arena, &list) != 0)
            log_warn("kiosk", "panel %s: %s", s->panel.id, list.overflow ? list.problem : "layout failed");
        if (layout_chrome(&screen, index, count, s->panel.chapter, m, &s->arena, &s->chrome) != 0)
            memset(&s->chrome, 0, sizeof(s->chrome));
        s->view = display_prepare(k->d, &list, s->panel.locale, why, sizeof(why));
        if (!s->view) {
            log_error("kiosk", "panel %s could not be drawn: %s", s->panel.id, why);
            continue;
        }
        s->index = index;
        k->prepared++;
        return 0;
    }
    slot_clear(s);
    return -1;
}

static int load_info(struct kiosk *k, char *why, size_t why_len)
{
    arena_reset(&k->info_arena);
    if (store_info(k->store, locale_or_default(k), &k->info_arena, &k->info, why, why_len) != 0)
        return -1;
    if (k->info.n_panels < 1) {
        snprintf(why, why_len, "%s has no panels", store_name(k->store));
        return -1;
    }
    return 0;
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
    arena_init(&k->info_arena, 4096);
    arena_init(&k->notice_arena, 4096);
    for (int i = 0; i < 2; i++) {
        arena_init(&k->slots[i].arena, 64 * 1024);
        k->slots[i].index = -1;
    }
    k->cur = &k->slots[0];
    k->next = &k->slots[1];
    if (load_info(k, why, why_len) != 0 || slot_load(k, k->cur, 0) != 0) {
        if (!why[0])
            snprintf(why, why_len, "no panel of %s could be shown", store_name(store));
        kiosk_free(k);
        return NULL;
    }
    k->cur->shown_ms = now_ms;
    schedule_start(&k->sched, k->info.n_panels, k->cur->index, dwell_for(k->cur), now_ms);
    k->dirty = 1;
    return k;
}

void kiosk_free(struct kiosk *k)
{
    if (!k)
        return;
    for (int i = 0; i < 2; i++) {
        slot_clear(&k->slots[i]);
        arena_free(&k->slots[i].arena);
    }
    arena_free(&k->info_arena);
    arena_free(&k->notice_arena);
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
        k->store = old;
        load_info(k, why, sizeof(why));
        return;
    }
    log_info("kiosk", "now showing %s (%d panels)", store_name(k->store), k->info.n_panels);
    store_close(old);
    k->sched.count = k->info.n_panels;
    k->sched.next = 0;
}

void kiosk_update(struct kiosk *k, uint64_t now_ms)
{
    if (k->notice_until && now_ms >= k->notice_until) {
        k->notice_until = 0;
        k->notice[0] = '\0';
        k->dirty = 1;
    }
    for (int guard = 0; guard < 8; guard++) {
        enum sched_event ev = schedule_tick(&k->sched, now_ms);
        if (ev == SCHED_NOTHING)
            break;
        switch (ev) {
        case SCHED_PREPARE:
            adopt_pending(k);
            if (slot_load(k, k->next, k->sched.next) == 0)
                k->sched.next = k->next->index;
            break;
        case SCHED_TRANSITION_START:
            if (k->next->index != k->sched.next && slot_load(k, k->next, k->sched.next) == 0)
                k->sched.next = k->next->index;
            k->dirty = 1;
            break;
        case SCHED_TRANSITION_END: {
            struct slot *t = k->cur;
            k->cur = k->next;
            k->next = t;
            slot_clear(k->next);
            k->cur->shown_ms = now_ms;
            if (k->cur->index < 0) {
                /* nothing could be prepared: stay on what we can show */
                log_error("kiosk", "no panel could be prepared; reloading the first");
                slot_load(k, k->cur, 0);
            }
            schedule_set_dwell(&k->sched, dwell_for(k->cur));
            k->dirty = 1;
            break;
        }
        default:
            break;
        }
    }
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

int kiosk_animating(const struct kiosk *k, uint64_t now_ms)
{
    return k->sched.phase == SCHED_TRANSITION || countup_t(k->cur, now_ms) < 1.0;
}

int kiosk_needs_frame(const struct kiosk *k, uint64_t now_ms)
{
    return k->dirty || kiosk_animating(k, now_ms);
}

void kiosk_invalidate(struct kiosk *k) { k->dirty = 1; }

static double ease_in_out(double t)
{
    return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2;
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

void kiosk_draw(struct kiosk *k, uint64_t now_ms)
{
    int w, h;
    display_size(k->d, &w, &h);
    const struct slot *chrome = k->cur;
    if (k->sched.phase == SCHED_TRANSITION && k->next->view) {
        double p = ease_in_out(schedule_progress(&k->sched, now_ms));
        if (k->sched.trans == TRANS_SLIDE) {
            int off = (int)(p * w) * (k->sched.direction >= 0 ? 1 : -1);
            int from = k->sched.direction >= 0 ? w : -w;
            display_clear(k->d);
            display_draw_view(k->d, k->cur->view, -off, 255, countup_t(k->cur, now_ms));
            display_draw_view(k->d, k->next->view, from - off, 255, 0.0);
        } else {
            display_draw_view(k->d, k->cur->view, 0, 255, countup_t(k->cur, now_ms));
            display_draw_view(k->d, k->next->view, 0, (uint8_t)(p * 255.0 + 0.5), 0.0);
        }
        if (p >= 0.5)
            chrome = k->next;
    } else {
        display_draw_view(k->d, k->cur->view, 0, 255, countup_t(k->cur, now_ms));
    }
    display_draw_list(k->d, &chrome->chrome);
    draw_notice(k);
    k->dirty = 0;
}

uint64_t kiosk_deadline(const struct kiosk *k)
{
    uint64_t d = schedule_deadline(&k->sched);
    if (k->notice_until && k->notice_until < d)
        d = k->notice_until;
    return d;
}

int kiosk_current(const struct kiosk *k) { return k->cur->index; }
int kiosk_panel_count(const struct kiosk *k) { return k->info.n_panels; }
long kiosk_prepare_count(const struct kiosk *k) { return k->prepared; }

int kiosk_transitioning(const struct kiosk *k) { return k->sched.phase == SCHED_TRANSITION; }

void kiosk_input(struct kiosk *k, const struct input_event *e, uint64_t now_ms)
{
    (void)k;
    (void)e;
    (void)now_ms;
}
