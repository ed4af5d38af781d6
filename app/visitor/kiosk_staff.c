/* kiosk_staff.c - the kiosk's side of the staff layer (staff_layer.h): the
 * screen it is given, and what the kiosk does when it opens or closes. */
#include "kiosk_internal.h"

static const char *staff_locale(const struct kiosk *k)
{
    return k->cur && k->cur->panel.locale ? k->cur->panel.locale : NULL;
}

struct staff_env kiosk_staff_env(const struct kiosk *k)
{
    return (struct staff_env){kiosk_screen_of(k), kiosk_control_screen_of(k), kiosk_measurer_of(k),
                              staff_locale(k)};
}

/* What the staff layer asked for: a redraw; the visitors' loop and clock
 * paused while it is open, and resumed as staff left them when it closes. */
unsigned kiosk_staff_apply(struct kiosk *k, unsigned out, uint64_t now_ms)
{
    if (out & STAFF_OUT_OPENED)
        schedule_pause(&k->sched, 1, now_ms);
    if (out & STAFF_OUT_CLOSED) {
        mode_resume(&k->mode, now_ms);
        k->dragging = 0;
        k->drag_dx = 0;
        schedule_pause(&k->sched, k->mode.state != MODE_LOOP, now_ms);
        k->overlay_stale = 1;
    }
    if (out & (STAFF_OUT_DIRTY | STAFF_OUT_OPENED | STAFF_OUT_CLOSED))
        k->dirty = 1;
    return out;
}

const struct draw_list *kiosk_staff_list(struct kiosk *k, uint64_t now_ms)
{
    struct staff_env env = kiosk_staff_env(k);
    return staff_layer_list(&k->staff, &env, now_ms);
}

void kiosk_staff_pin(struct kiosk *k, const char *pin_hash)
{
    staff_layer_set_pin(&k->staff, pin_hash);
}

void kiosk_staff_progress(struct kiosk *k, const struct staff_progress *p, uint64_t now_ms)
{
    kiosk_staff_apply(k, staff_layer_progress(&k->staff, p, now_ms), now_ms);
}

void kiosk_staff_card(struct kiosk *k, const struct staff_card *c, uint64_t now_ms)
{
    kiosk_staff_apply(k, staff_layer_card(&k->staff, c, now_ms), now_ms);
}

void kiosk_staff_info(struct kiosk *k, const struct staff_info *info)
{
    struct staff_env env = kiosk_staff_env(k);
    kiosk_staff_apply(k, staff_layer_info(&k->staff, &env, info), 0);
}

int kiosk_staff_pin_pending(struct kiosk *k, char *pin, size_t n)
{
    return staff_layer_pin_pending(&k->staff, pin, n);
}

void kiosk_staff_pin_result(struct kiosk *k, int ok, uint64_t now_ms)
{
    struct staff_env env = kiosk_staff_env(k);
    kiosk_staff_apply(k, staff_layer_pin_result(&k->staff, &env, ok, now_ms), now_ms);
}

enum staff_action kiosk_staff_take(struct kiosk *k)
{
    return staff_layer_take(&k->staff);
}

int kiosk_staff_open(const struct kiosk *k)
{
    return staff_layer_is_open(&k->staff);
}

int kiosk_staff_controls(const struct kiosk *k, const struct control **out)
{
    return staff_layer_controls(&k->staff, out);
}
