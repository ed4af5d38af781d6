/* gesture.c - the gesture recogniser (gesture.h): one finger followed from
 * touch to lift, thresholds in millimetres, time an argument. */
#include "gesture.h"

#include <math.h>
#include <string.h>

#define MM_PER_INCH 25.4f

float gesture_dpi(const struct gesture_cfg *cfg)
{
    return cfg && cfg->dpi > 0.0f && isfinite(cfg->dpi) ? cfg->dpi : GESTURE_DEFAULT_DPI;
}

float gesture_mm_to_px(const struct gesture_cfg *cfg, float mm)
{
    return mm * gesture_dpi(cfg) / MM_PER_INCH;
}

const char *gesture_kind_name(enum gesture_kind kind)
{
    static const char *const names[GESTURE_KIND_COUNT] = {
        [GESTURE_PRESS] = "press",           [GESTURE_TAP] = "tap",
        [GESTURE_LONG_PRESS] = "long-press", [GESTURE_SWIPE] = "swipe",
        [GESTURE_DRAG_START] = "drag-start", [GESTURE_DRAG_MOVE] = "drag-move",
        [GESTURE_DRAG_END] = "drag-end",     [GESTURE_CANCEL] = "cancel",
    };
    return (unsigned)kind < GESTURE_KIND_COUNT ? names[kind] : "?";
}

void gesture_reset(struct gesture *g)
{
    memset(g->fingers, 0, sizeof(g->fingers));
    g->n_down = 0;
    g->state = GESTURE_IDLE;
    g->n_samples = 0;
    g->sample_head = 0;
}

void gesture_configure(struct gesture *g, const struct gesture_cfg *cfg)
{
    struct gesture_cfg c = cfg ? *cfg : (struct gesture_cfg){0};
    c.dpi = gesture_dpi(&c);
    if (c.screen_w <= 0 || c.screen_h <= 0) {
        c.screen_w = 1920;
        c.screen_h = 1080;
    }
    g->cfg = c;
    g->mm_per_px = MM_PER_INCH / c.dpi;
    gesture_reset(g);
}

void gesture_init(struct gesture *g, const struct gesture_cfg *cfg)
{
    memset(g, 0, sizeof(*g));
    gesture_configure(g, cfg);
}

int gesture_fingers_down(const struct gesture *g)
{
    return g->n_down;
}

int gesture_is_dragging(const struct gesture *g)
{
    return g->state == GESTURE_DRAGGING;
}

static float clamp01(float v)
{
    if (!(v >= 0.0f)) /* also NaN */
        return 0.0f;
    return v > 1.0f ? 1.0f : v;
}

static float x_mm(const struct gesture *g, float x)
{
    return x * (float)g->cfg.screen_w * g->mm_per_px;
}
static float y_mm(const struct gesture *g, float y)
{
    return y * (float)g->cfg.screen_h * g->mm_per_px;
}

static int finger_find(const struct gesture *g, int64_t id)
{
    for (int i = 0; i < GESTURE_MAX_FINGERS; i++)
        if (g->fingers[i].active && g->fingers[i].id == id)
            return i;
    return -1;
}

static void finger_remove(struct gesture *g, int slot)
{
    g->fingers[slot].active = 0;
    g->n_down--;
    if (g->n_down <= 0) {
        g->n_down = 0;
        g->state = GESTURE_IDLE;
    }
}

static void sample_add(struct gesture *g, float x, float y, uint64_t t)
{
    struct gesture_sample *s = &g->samples[g->sample_head];
    s->x = x_mm(g, x);
    s->y = y_mm(g, y);
    s->t_ms = t;
    g->sample_head = (g->sample_head + 1) % GESTURE_SAMPLES;
    if (g->n_samples < GESTURE_SAMPLES)
        g->n_samples++;
}

/* Release speed, mm/s, over the last GESTURE_VELOCITY_WINDOW_MS: a finger
 * that stopped before lifting has no speed. */
static void release_velocity(const struct gesture *g, float *vx, float *vy)
{
    *vx = *vy = 0.0f;
    if (g->n_samples < 2)
        return;
    int newest = (g->sample_head + GESTURE_SAMPLES - 1) % GESTURE_SAMPLES;
    const struct gesture_sample *last = &g->samples[newest];
    const struct gesture_sample *ref = last;
    for (int k = 1; k < g->n_samples; k++) {
        const struct gesture_sample *s =
            &g->samples[(newest + GESTURE_SAMPLES - k) % GESTURE_SAMPLES];
        if (last->t_ms - s->t_ms > GESTURE_VELOCITY_WINDOW_MS)
            break;
        ref = s;
    }
    uint64_t dt = last->t_ms - ref->t_ms;
    if (dt == 0)
        return;
    *vx = (last->x - ref->x) * 1000.0f / (float)dt;
    *vy = (last->y - ref->y) * 1000.0f / (float)dt;
}

static struct gesture_event *emit(struct gesture *g, struct gesture_event *out, int *n,
                                  enum gesture_kind kind, uint64_t t)
{
    struct gesture_event *e = &out[(*n)++];
    memset(e, 0, sizeof(*e));
    e->kind = kind;
    e->finger = g->primary;
    e->x = g->x;
    e->y = g->y;
    e->dx = g->x - g->x0;
    e->dy = g->y - g->y0;
    e->t_ms = t;
    return e;
}

/* The primary's touch is over without a gesture of its own: close what it
 * started. The caller sets the next state. */
static void abandon(struct gesture *g, struct gesture_event *out, int *n, uint64_t t)
{
    switch (g->state) {
    case GESTURE_PRESSING:
    case GESTURE_PANNING:
        emit(g, out, n, GESTURE_CANCEL, t);
        break;
    case GESTURE_DRAGGING: {
        struct gesture_event *e = emit(g, out, n, GESTURE_DRAG_END, t);
        e->dir = GESTURE_DIR_NONE;
        e->cancelled = 1;
        break;
    }
    default:
        break;
    }
}

static void check_long_press(struct gesture *g, uint64_t now, struct gesture_event *out, int *n)
{
    if (g->state != GESTURE_PRESSING || now < g->t0_ms || now - g->t0_ms < GESTURE_LONG_PRESS_MS)
        return;
    struct gesture_event *e = emit(g, out, n, GESTURE_LONG_PRESS, g->t0_ms + GESTURE_LONG_PRESS_MS);
    e->x = g->x0;
    e->y = g->y0;
    g->state = GESTURE_HELD;
}

/* PRESSING and the primary is now at (g->x, g->y): has it left the slop? */
static int leave_slop(struct gesture *g, struct gesture_event *out, int *n, uint64_t t)
{
    float dx = x_mm(g, g->x - g->x0), dy = y_mm(g, g->y - g->y0);
    if (sqrtf(dx * dx + dy * dy) <= GESTURE_TAP_SLOP_MM)
        return 0;
    if (fabsf(dx) >= fabsf(dy)) {
        g->state = GESTURE_DRAGGING;
        emit(g, out, n, GESTURE_DRAG_START, t);
    } else {
        g->state = GESTURE_PANNING;
    }
    return 1;
}

static void drag_end(struct gesture *g, struct gesture_event *out, int *n, uint64_t t)
{
    float vx, vy;
    release_velocity(g, &vx, &vy);
    struct gesture_event *e = emit(g, out, n, GESTURE_DRAG_END, t);
    e->velocity = vx;
    float travel = e->dx;
    float travel_mm = x_mm(g, fabsf(travel));
    enum gesture_dir way = travel < 0.0f ? GESTURE_DIR_LEFT : GESTURE_DIR_RIGHT;
    if (fabsf(vx) >= GESTURE_FLING_MM_PER_S && travel_mm >= GESTURE_SWIPE_MIN_MM)
        e->dir = (vx < 0.0f) == (travel < 0.0f) ? way : GESTURE_DIR_NONE;
    else if (fabsf(travel) >= GESTURE_DRAG_COMMIT_FRACTION)
        e->dir = way;
    else
        e->dir = GESTURE_DIR_NONE;
}

static void swipe_end(struct gesture *g, struct gesture_event *out, int *n, uint64_t t)
{
    float vx, vy;
    release_velocity(g, &vx, &vy);
    float dy = y_mm(g, g->y - g->y0);
    if (fabsf(dy) < GESTURE_SWIPE_MIN_MM) {
        emit(g, out, n, GESTURE_CANCEL, t);
        return;
    }
    struct gesture_event *e = emit(g, out, n, GESTURE_SWIPE, t);
    e->dir = dy < 0.0f ? GESTURE_DIR_UP : GESTURE_DIR_DOWN;
    e->velocity = vy;
}

/* End the touch of finger `slot` as cancelled. */
static void cancel_finger(struct gesture *g, int slot, struct gesture_event *out, int *n,
                          uint64_t t)
{
    if (g->fingers[slot].id == g->primary && g->state != GESTURE_IGNORING &&
        g->state != GESTURE_IDLE) {
        abandon(g, out, n, t);
        g->state = GESTURE_IGNORING;
    }
    finger_remove(g, slot);
}

static void on_down(struct gesture *g, const struct input_event *e, uint64_t t,
                    struct gesture_event *out, int *n)
{
    int slot = finger_find(g, e->finger);
    if (slot >= 0) /* its UP was lost */
        cancel_finger(g, slot, out, n, t);
    for (slot = 0; slot < GESTURE_MAX_FINGERS && g->fingers[slot].active; slot++)
        ;
    if (slot == GESTURE_MAX_FINGERS)
        return;
    g->fingers[slot].active = 1;
    g->fingers[slot].id = e->finger;
    g->n_down++;
    if (g->state == GESTURE_IDLE) {
        g->primary = e->finger;
        g->x0 = g->x = clamp01(e->x);
        g->y0 = g->y = clamp01(e->y);
        g->t0_ms = t;
        g->n_samples = g->sample_head = 0;
        sample_add(g, g->x, g->y, t);
        g->state = GESTURE_PRESSING;
        emit(g, out, n, GESTURE_PRESS, t);
    } else if (g->state != GESTURE_IGNORING) {
        abandon(g, out, n, t);
        g->state = GESTURE_IGNORING;
    }
}

static void on_move(struct gesture *g, const struct input_event *e, uint64_t t,
                    struct gesture_event *out, int *n)
{
    if (finger_find(g, e->finger) < 0 || e->finger != g->primary)
        return;
    if (g->state == GESTURE_IDLE || g->state == GESTURE_IGNORING)
        return;
    g->x = clamp01(e->x);
    g->y = clamp01(e->y);
    sample_add(g, g->x, g->y, t);
    switch (g->state) {
    case GESTURE_PRESSING:
        leave_slop(g, out, n, t);
        break;
    case GESTURE_DRAGGING:
        emit(g, out, n, GESTURE_DRAG_MOVE, t);
        break;
    default:
        break;
    }
}

static void on_up(struct gesture *g, const struct input_event *e, uint64_t t,
                  struct gesture_event *out, int *n)
{
    int slot = finger_find(g, e->finger);
    if (slot < 0)
        return;
    if (e->finger == g->primary && g->state != GESTURE_IDLE && g->state != GESTURE_IGNORING) {
        g->x = clamp01(e->x);
        g->y = clamp01(e->y);
        sample_add(g, g->x, g->y, t);
        if (g->state == GESTURE_PRESSING && !leave_slop(g, out, n, t)) {
            struct gesture_event *tap = emit(g, out, n, GESTURE_TAP, t);
            tap->x = g->x0;
            tap->y = g->y0;
        } else if (g->state == GESTURE_DRAGGING) {
            drag_end(g, out, n, t);
        } else if (g->state == GESTURE_PANNING) {
            swipe_end(g, out, n, t);
        }
        g->state = GESTURE_IGNORING; /* until every finger is up */
    }
    finger_remove(g, slot);
}

int gesture_feed(struct gesture *g, const struct input_event *e,
                 struct gesture_event out[GESTURE_MAX_OUT])
{
    int n = 0;
    if (!e || e->kind != INPUT_TOUCH)
        return 0;
    uint64_t t = e->t_ms > g->last_ms ? e->t_ms : g->last_ms;
    g->last_ms = t;
    check_long_press(g, t, out, &n);
    switch (e->phase) {
    case INPUT_DOWN:
        on_down(g, e, t, out, &n);
        break;
    case INPUT_MOVE:
        on_move(g, e, t, out, &n);
        break;
    case INPUT_UP:
        on_up(g, e, t, out, &n);
        break;
    case INPUT_CANCEL:
        if (e->finger == INPUT_ALL_FINGERS) {
            if (g->state != GESTURE_IDLE && g->state != GESTURE_IGNORING)
                abandon(g, out, &n, t);
            gesture_reset(g);
        } else {
            int slot = finger_find(g, e->finger);
            if (slot >= 0)
                cancel_finger(g, slot, out, &n, t);
        }
        break;
    }
    return n;
}

int gesture_tick(struct gesture *g, uint64_t now_ms, struct gesture_event out[GESTURE_MAX_OUT])
{
    int n = 0;
    check_long_press(g, now_ms, out, &n);
    return n;
}

uint64_t gesture_deadline(const struct gesture *g)
{
    return g->state == GESTURE_PRESSING ? g->t0_ms + GESTURE_LONG_PRESS_MS : UINT64_MAX;
}
