/* kiosk_frame.c - what each frame shows: the views (a slide, a crossfade, a
 * figure counting up), the chrome, the visitors' controls, a staff notice
 * and the staff layer over them (see kiosk.h). */
#include <math.h>
#include <string.h>

#include "kiosk_internal.h"
#include "overlay.h"

double kiosk_countup_t(const struct kiosk *k, const struct ventry *e, uint64_t now_ms)
{
    if (e->panel.kind != PANEL_STATISTIC || k->reduced_motion)
        return 1.0;
    if (e != k->cur || now_ms <= k->shown_ms)
        return 0.0;
    double t = (double)(now_ms - k->shown_ms) / KIOSK_COUNTUP_MS;
    return t > 1.0 ? 1.0 : t;
}

int kiosk_invite(const struct kiosk *k, uint64_t now_ms, int *lang, double *t)
{
    int n = k->info.n_locales > 0 ? k->info.n_locales : 1;
    if (k->reduced_motion || k->view.state != MODE_LOOP) {
        *lang = -1;
        *t = 1;
        return -1;
    }
    uint64_t cycle = now_ms / KIOSK_INVITE_MS, in = now_ms % KIOSK_INVITE_MS;
    *lang = (int)(cycle % (uint64_t)n);
    *t = in >= KIOSK_INVITE_RISE_MS ? 1.0 : (double)in / KIOSK_INVITE_RISE_MS;
    /* a step of the rise per frame at 30 frames a second, then still */
    int step = in >= KIOSK_INVITE_RISE_MS ? 1000 : (int)(in / 33);
    return (int)(cycle % 100000) * 1001 + step;
}

int kiosk_springing(const struct kiosk *k, uint64_t now_ms)
{
    return k->spring_from != 0 && now_ms < k->spring_start + SPRING_MS;
}

int kiosk_animating(const struct kiosk *k, uint64_t now_ms)
{
    int lang;
    double t;
    return k->sched.phase == SCHED_TRANSITION || kiosk_countup_t(k, k->cur, now_ms) < 1.0 ||
           kiosk_springing(k, now_ms) || (kiosk_invite(k, now_ms, &lang, &t) >= 0 && t < 1.0);
}

int kiosk_needs_frame(const struct kiosk *k, uint64_t now_ms)
{
    /* a figure that finished counting between two frames is drawn once
     * more at its final value */
    return k->dirty || kiosk_animating(k, now_ms) ||
           (k->countup_drawn < 1.0 && kiosk_countup_t(k, k->cur, now_ms) >= 1.0);
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

const struct draw_list *kiosk_notice_list(struct kiosk *k)
{
    if (!k->notice[0])
        return NULL;
    if (!k->notice_list.n) {
        struct layout_screen screen = kiosk_screen_of(k);
        arena_reset(&k->notice_arena);
        layout_notice(&screen, k->notice, kiosk_measurer_of(k), &k->notice_arena, &k->notice_list);
    }
    return &k->notice_list;
}

static const struct draw_list *kiosk_overlay_list(struct kiosk *k, uint64_t now_ms)
{
    int invite_lang;
    double invite_t;
    int phase = kiosk_invite(k, now_ms, &invite_lang, &invite_t);
    if (phase != k->invite_phase)
        k->overlay_stale = 1;
    if (k->overlay_stale) {
        k->invite_phase = phase;
        struct layout_screen screen = kiosk_screen_of(k);
        int cur_chapter = kiosk_current_chapter(k), loc = 0;
        for (int i = 0; i < k->info.n_locales; i++)
            if (k->cur->panel.locale && strcmp(k->info.locales[i], k->cur->panel.locale) == 0)
                loc = i;
        int pos, count; /* among the panels on now (content on a schedule) */
        showplan_rank(&k->plan, k->cur->index, &pos, &count);
        struct overlay_info info = {
            .locale = k->cur->panel.locale,
            .panel = pos,
            .n_panels = count,
            .chapters = k->chapter_titles,
            .n_chapters = k->n_chapters,
            .current_chapter = cur_chapter,
            .index_page = k->index_page,
            .index_pages = kiosk_index_pages(k),
            .locale_names = k->info.locale_names,
            .n_locales = k->info.n_locales,
            .current_locale = loc,
            .locale_codes = k->info.locales,
            .words = k->words,
            .larger_text = k->text_pending ? k->text_want : k->larger_text,
            .invite_one = invite_lang >= 0,
            .invite_lang = invite_lang,
            .invite_rise = 1 - invite_t,
        };
        kiosk_guide_ring(k, &info.focus_on, &info.focus);
        arena_reset(&k->overlay_arena);
        memset(&k->overlay, 0, sizeof(k->overlay));
        overlay_layout(&screen, k->controls, k->n_controls, &k->view, &info, kiosk_measurer_of(k),
                       &k->overlay_arena, &k->overlay);
        if (kiosk_rtl(k)) /* the controls' mirror places, where kiosk_input meets touches */
            layout_mirror(&k->overlay, screen.w);
        k->overlay_stale = 0;
    }
    return &k->overlay;
}

static void add_view(struct frame *f, struct kiosk *k, const struct ventry *e, int dx,
                     uint8_t alpha, int role, uint64_t now_ms)
{
    if (!e->view || f->n_views >= FRAME_MAX_VIEWS)
        return;
    uint32_t run;
    int play = kiosk_video_play(k, e, role, &run);
    f->views[f->n_views++] = (struct frame_view){
        .view = e->view,
        .panel = e->index,
        .dx = kiosk_rtl(k) ? -dx : dx, /* a mirrored page: the next panel is on the left */
        .alpha = alpha,
        .anim_t = kiosk_countup_t(k, e, now_ms),
        .play = (uint8_t)play,
        .run = run,
        .hush = (uint8_t)(k->guide.on != 0),
        .rest = role == VROLE_SHOWN && k->view.state == MODE_LOOP && !k->dragging &&
                !staff_layer_is_open(&k->staff),
    };
}

static void add_list(struct frame *f, const struct draw_list *l)
{
    if (l && f->n_lists < FRAME_MAX_LISTS)
        f->lists[f->n_lists++] = l;
}

void kiosk_draw(struct kiosk *k, uint64_t now_ms)
{
    struct frame f = {.n_views = 0};
    k->drawn = 1;
    int w = kiosk_screen_of(k).w;
    struct ventry *chrome = k->cur;
    if (k->lazy || !k->cur->view) /* lazy, or after kiosk_sleep */
        kiosk_rasterise(k, k->cur);
    /* the larger text asked for on a panel whose text cannot grow (its
     * room is full): said, once a panel, so A+ never seems to do nothing */
    struct ventry *c = k->cur;
    if (k->larger_text && k->sched.phase != SCHED_TRANSITION && c->list.larger_refused &&
        (k->full_said_gen != c->gen || k->full_said_index != c->index)) {
        struct ui_words words;
        ui_words_init(&words, c->panel.locale, c->panel.ui_text);
        kiosk_notice(k, ui_word(&words, UI_LARGER_FULL), now_ms);
        k->notice_until = now_ms + KIOSK_SAID_MS; /* a word, not a staff notice */
        k->notice_visitor = 1;
        k->full_said_gen = c->gen;
        k->full_said_index = c->index;
    }
    if (k->sched.phase == SCHED_TRANSITION && k->arriving && k->arriving->view) {
        double p = schedule_progress(&k->sched, now_ms);
        if (k->sched.trans == TRANS_SLIDE) {
            double t = k->slide_from + (1.0 - k->slide_from) * ease_out(p);
            int off = (int)lround(t * w) * (k->sched.direction >= 0 ? 1 : -1);
            int from = k->sched.direction >= 0 ? w : -w;
            add_view(&f, k, k->cur, -off, 255, VROLE_LEAVING, now_ms);
            add_view(&f, k, k->arriving, from - off, 255, VROLE_ARRIVING, now_ms);
            p = t;
        } else {
            p = ease_in_out(p);
            add_view(&f, k, k->cur, 0, 255, VROLE_LEAVING, now_ms);
            add_view(&f, k, k->arriving, 0, (uint8_t)(p * 255.0 + 0.5), VROLE_ARRIVING, now_ms);
        }
        if (p >= 0.5)
            chrome = k->arriving;
    } else {
        float dx = 0;
        if (k->dragging && !k->reduced_motion) /* reduced motion: the panel stays */
            dx = k->drag_dx;
        else if (kiosk_springing(k, now_ms))
            dx = k->spring_from *
                 (float)(1.0 - ease_out((double)(now_ms - k->spring_start) / SPRING_MS));
        int off = (int)lroundf(dx * (float)w);
        struct ventry *nb = NULL;
        if (off != 0 && k->info.n_panels > 1) {
            /* the neighbour on that side (with two panels the same one is
             * both next and previous) */
            nb = viewcache_find(&k->cache, k->gen, kiosk_step(k, k->cur->index, off < 0 ? 1 : -1),
                                k->locale);
            if (nb && k->lazy)
                kiosk_rasterise(k, nb);
        }
        add_view(&f, k, k->cur, off, 255, VROLE_SHOWN, now_ms);
        if (nb)
            add_view(&f, k, nb, off < 0 ? off + w : off - w, 255, VROLE_BESIDE, now_ms);
    }
    if (staff_layer_is_open(&k->staff)) { /* the keypad and the screen cover it all */
        add_list(&f, kiosk_staff_list(k, now_ms));
    } else {
        add_list(&f, kiosk_caption_list(k));
        add_list(&f, &chrome->chrome);
        if (!(k->view.state == MODE_LOOP &&
              k->notice[0])) /* the notice takes the invitation's place */
            add_list(&f, kiosk_overlay_list(k, now_ms));
        add_list(&f, kiosk_notice_list(k));
        add_list(&f, kiosk_staff_list(k, now_ms));
    }
    k->p.draw_frame(k->p.ctx, &f);
    k->countup_drawn = f.n_views > 0 && f.views[0].view == k->cur->view ? f.views[0].anim_t : 1.0;
    k->dirty = 0;
}
