/* kiosk_state.c - what the kiosk shows, read only: for the run loop (the
 * health file, statistics, the frame budget) and for tests. */
#include "kiosk_internal.h"

const struct walltime *kiosk_walltime(const struct kiosk *k)
{
    return k->has_wall ? &k->wall : NULL;
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

int kiosk_cached_panels(const struct kiosk *k)
{
    return k->cache.n;
}

size_t kiosk_cached_bytes(const struct kiosk *k)
{
    return viewcache_bytes(&k->cache);
}

int kiosk_mode(const struct kiosk *k)
{
    return (int)k->view.state;
}

const struct mode_view *kiosk_mode_view(const struct kiosk *k)
{
    return &k->view;
}

int kiosk_controls(const struct kiosk *k, const struct control **out)
{
    *out = k->controls;
    return k->n_controls;
}

const char *kiosk_locale(const struct kiosk *k)
{
    return k->cur->panel.locale ? k->cur->panel.locale : "";
}

int kiosk_touch_active(const struct kiosk *k, uint64_t now_ms)
{
    return mode_touch_active(&k->mode, now_ms);
}

/* A jump, not a slide: the preview shows the panel being edited again
 * right after a rebuild. Not during a transition (the schedule owns
 * k->arriving then); a panel that cannot be shown is skipped forward, as
 * in the loop. */

int kiosk_larger_text(const struct kiosk *k)
{
    return k->larger_text;
}

int kiosk_reduced_motion(const struct kiosk *k)
{
    return k->reduced_motion;
}

int kiosk_transition_kind(const struct kiosk *k)
{
    return k->sched.phase == SCHED_TRANSITION ? (int)k->sched.trans : (int)TRANS_NONE;
}

long kiosk_content_errors(const struct kiosk *k)
{
    return k->content_errors;
}

int kiosk_switch_result(const struct kiosk *k)
{
    return k->switch_result;
}
