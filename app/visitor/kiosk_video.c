/* kiosk_video.c - a video panel on screen. The kiosk decides, the presenter
 * plays: each frame says whether each view's clip plays, holds or shows its
 * poster, and from which run (a panel's arrival starts its clip from the
 * beginning; a language change keeps the run, so the clip goes on and only
 * its captions change). Once an update the kiosk asks the presenter how the
 * clip on screen is doing: a new picture asks for a frame, the caption
 * follows the clip's time, a clip that ends moves the loop on (then: next),
 * and a visitor watching is not idle. */
#include <string.h>

#include "kiosk_internal.h"
#include "locale_rules.h"

void kiosk_video_init(struct kiosk *k)
{
    k->cur_run_panel = k->arriving_run_panel = -1;
    k->caption_cue = -1;
    arena_init(&k->caption_arena, 4096);
}

void kiosk_video_free(struct kiosk *k)
{
    arena_free(&k->caption_arena);
}

static int is_video(const struct ventry *e)
{
    return e && e->panel.kind == PANEL_VIDEO && e->panel.video.clip > 0;
}

uint32_t kiosk_video_dwell(const struct ventry *e, uint32_t words_ms)
{
    if (!is_video(e) || !e->panel.video.then_next)
        return words_ms;
    /* until it ends (kiosk_video_tick); this only in case its end never
     * comes: the clip's length and a margin for its start */
    long long ms = e->panel.video.duration_ms + 3000;
    return ms > (long long)words_ms ? (uint32_t)ms : words_ms;
}

int kiosk_video_play(struct kiosk *k, const struct ventry *e, int role, uint32_t *run)
{
    *run = 0;
    if (role == VROLE_SHOWN && e && e->index != k->cur_run_panel)
        k->cur_run_panel = -1; /* another panel is on screen: the next visit is a new run */
    if (!is_video(e))
        return PV_STILL;
    switch (role) {
    case VROLE_ARRIVING:
        if (k->arriving_run_panel != e->index) {
            k->arriving_run = ++k->runs;
            k->arriving_run_panel = e->index;
        }
        *run = k->arriving_run;
        return PV_PLAY;
    case VROLE_SHOWN:
        if (k->cur_run_panel < 0) {
            /* arrived: the run it started with while arriving, else a new one */
            k->cur_run = k->arriving_run_panel == e->index ? k->arriving_run : ++k->runs;
            k->cur_run_panel = e->index;
            k->arriving_run_panel = -1;
            k->video_paused = 0;
            memset(&k->video, 0, sizeof(k->video));
            k->caption_cue = -1;
            k->caption_stale = 1;
        }
        *run = k->cur_run;
        return k->video_paused || staff_layer_is_open(&k->staff) ? PV_PAUSE : PV_PLAY;
    case VROLE_LEAVING:
        *run = k->cur_run;
        return PV_PAUSE; /* held at its picture while it goes */
    default:
        return PV_STILL;
    }
}

/* The caption shown at pos_ms: the last one started and not yet ended. */
static int caption_at(const struct panel_video *v, long long pos_ms)
{
    int lo = 0, hi = v->n_captions;
    while (lo < hi) { /* the first caption starting after pos_ms */
        int mid = lo + (hi - lo) / 2;
        if (v->captions[mid].start_ms <= pos_ms)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int i = lo - 1; i >= 0 && i >= lo - 4; i--)
        if (pos_ms < v->captions[i].end_ms)
            return i;
    return -1;
}

void kiosk_video_tick(struct kiosk *k, uint64_t now_ms)
{
    if (!k->p.video)
        return;
    struct pvideo pv;
    if (k->sched.phase == SCHED_TRANSITION && is_video(k->arriving) && k->arriving->view) {
        k->p.video(k->p.ctx, k->arriving->view, &pv);
        if (pv.fresh)
            k->dirty = 1;
    }
    struct ventry *e = k->cur;
    if (!is_video(e) || !e->view || e->index != k->cur_run_panel) {
        if (k->caption_cue != -1 || k->caption.n) {
            k->caption_cue = -1;
            k->caption_stale = 1;
        }
        return;
    }
    k->p.video(k->p.ctx, e->view, &pv);
    if (pv.fresh)
        k->dirty = 1;
    int was = k->video.state;
    k->video = pv;
    if (k->sched.phase == SCHED_TRANSITION)
        return; /* leaving: held */
    int cue = pv.state == PVIDEO_PLAYING || pv.state == PVIDEO_PAUSED
                  ? caption_at(&e->panel.video, pv.pos_ms)
                  : -1;
    if (cue != k->caption_cue) {
        k->caption_cue = cue;
        k->caption_stale = 1;
        k->dirty = 1;
    }
    int loop = kiosk_mode(k) == MODE_LOOP;
    if (pv.state == PVIDEO_ENDED && was != PVIDEO_ENDED && e->panel.video.then_next && loop) {
        if (kiosk_step(k, e->index, 1) == e->index) {
            k->cur_run = ++k->runs; /* the only panel on: it plays again */
            k->dirty = 1;
        } else if (now_ms > k->sched.phase_start_ms) { /* the loop goes on now */
            schedule_set_dwell(&k->sched, (uint32_t)(now_ms - k->sched.phase_start_ms));
        }
    }
    if (pv.state == PVIDEO_FAILED && was != PVIDEO_FAILED) {
        /* its poster, as long as a still panel of its words would stay */
        uint32_t words = schedule_dwell_ms(panel_word_count(&e->panel), PANEL_IMAGE);
        if (k->sched.dwell_ms > words)
            schedule_set_dwell(&k->sched, words);
        k->dirty = 1;
    }
    if (pv.state == PVIDEO_PLAYING && !loop)
        mode_watching(&k->mode, now_ms);
}

int kiosk_video_toggle(struct kiosk *k, uint64_t now_ms)
{
    (void)now_ms;
    if (!is_video(k->cur) || k->sched.phase == SCHED_TRANSITION || k->video.state == PVIDEO_FAILED)
        return is_video(k->cur);
    if (k->video.state == PVIDEO_ENDED) { /* from the start again */
        k->cur_run = ++k->runs;
        k->video_paused = 0;
        memset(&k->video, 0, sizeof(k->video));
    } else {
        k->video_paused = !k->video_paused;
    }
    k->caption_stale = 1;
    k->dirty = 1;
    return 1;
}

/* The DRAW_VIDEO item of a panel's list: where its picture is. */
static const struct draw_item *video_item(const struct ventry *e)
{
    for (int i = 0; i < e->list.n; i++)
        if (e->list.items[i].kind == DRAW_VIDEO)
            return &e->list.items[i];
    return NULL;
}

const struct draw_list *kiosk_caption_list(struct kiosk *k)
{
    struct ventry *e = k->cur;
    if (!is_video(e) || k->sched.phase == SCHED_TRANSITION || k->dragging)
        return NULL;
    int paused = k->video_paused && k->video.state != PVIDEO_FAILED;
    if (k->caption_paused != paused)
        k->caption_stale = 1;
    if (k->caption_stale) {
        k->caption_stale = 0;
        k->caption_paused = paused;
        arena_reset(&k->caption_arena);
        memset(&k->caption, 0, sizeof(k->caption));
        const struct draw_item *it = video_item(e);
        const struct panel_video *v = &e->panel.video;
        const char *text = k->caption_cue >= 0 && k->caption_cue < v->n_captions
                               ? v->captions[k->caption_cue].text
                               : NULL;
        if (it && (text || paused)) {
            struct layout_screen screen = kiosk_screen_of(k);
            layout_caption(&screen, it->r, text, e->panel.locale, paused, kiosk_measurer_of(k),
                           &k->caption_arena, &k->caption);
            if (locale_is_rtl(e->panel.locale)) /* the play mark on the right, lines from it */
                layout_mirror_span(&k->caption, it->r.x, it->r.x + it->r.w);
        }
    }
    return k->caption.n ? &k->caption : NULL;
}
