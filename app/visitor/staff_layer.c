/* staff_layer.c - the staff layer on the kiosk's screen (staff_layer.h):
 * the hidden gesture, the keypad and the staff screen, and the import's bar
 * and card over the exhibit. Pure: time, the screen and the measurer are
 * arguments; what the kiosk must do follows from the STAFF_OUT_ bits each
 * call returns. */
#include "staff_layer.h"

#include <sodium.h>
#include <string.h>

#include "log.h"

#define STAFF_STEP_MS 250u /* an indeterminate progress bar steps 4 times a second */

/* What happened since the last call returned, for the kiosk. */
static unsigned take_out(struct staff_layer *st)
{
    unsigned out = st->out;
    st->out = 0;
    return out;
}

static struct gesture_cfg gesture_cfg_of(const struct staff_env *env)
{
    return (struct gesture_cfg){env->cs.dpi, env->cs.w, env->cs.h};
}

static void staff_layout_controls(struct staff_layer *st, const struct staff_env *env)
{
    struct control_screen cs = env->cs;
    st->n_controls = 0;
    if (st->ui == STAFF_UI_KEYPAD)
        st->n_controls = mode_staff_keypad_layout(&cs, st->controls, STAFF_MAX_CONTROLS);
    else if (st->ui == STAFF_UI_SCREEN)
        st->n_controls =
            mode_staff_screen_layout(&cs, st->info.can_rollback, st->controls, STAFF_MAX_CONTROLS);
    st->pressed = -1;
    st->stale = 1;
    st->out |= STAFF_OUT_DIRTY;
}

static void staff_forget_entry(struct staff_layer *st)
{
    sodium_memzero(st->entry, sizeof(st->entry));
    st->n_entry = 0;
}

static int staff_locked_s(const struct staff_layer *st, uint64_t now_ms)
{
    if (staff_lock_open(&st->lock, now_ms))
        return 0;
    return (int)((st->lock.locked_until - now_ms + 999) / 1000);
}

static void staff_open(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms)
{
    st->ui = STAFF_UI_KEYPAD;
    staff_forget_entry(st);
    st->wrong = st->too_short = st->confirm_exit = 0;
    st->locked_s = staff_locked_s(st, now_ms);
    st->last_touch = now_ms;
    struct gesture_cfg g = gesture_cfg_of(env);
    gesture_init(&st->g, &g); /* the finger still held is not a tap on a key */
    st->out |= STAFF_OUT_OPENED;
    staff_layout_controls(st, env);
    log_info("staff", "staff keypad opened");
}

/* Back to the exhibit, as the staff left it: the visitors' idle clock
 * starts again, the loop resumes if it was playing. */
static void staff_close(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms,
                        const char *why)
{
    if (st->ui == STAFF_UI_CLOSED)
        return;
    st->ui = STAFF_UI_CLOSED;
    staff_forget_entry(st);
    st->n_controls = 0;
    st->pressed = -1;
    st->stale = 1;
    st->out |= STAFF_OUT_CLOSED | STAFF_OUT_DIRTY;
    st->out |= STAFF_OUT_DIRTY;
    log_info("staff", "staff screen closed (%s)", why);
}

/* OK on the keypad: the entry is handed over to be checked (the hash
 * costs 64 MiB and a tenth of a second or more: the run loop checks it on
 * a job, staff_layer_pin_pending) and the keypad waits for the answer
 * (staff_layer_pin_result), its dots still shown. */
static void staff_try_pin(struct staff_layer *st, uint64_t now_ms)
{
    if (!staff_lock_open(&st->lock, now_ms))
        return; /* the message already says how long */
    if (st->n_entry < STAFF_PIN_MIN) {
        st->too_short = 1;
        st->wrong = 0;
        return;
    }
    memcpy(st->pending, st->entry, (size_t)st->n_entry);
    st->pending[st->n_entry] = '\0';
    st->checking = st->n_entry;
    staff_forget_entry(st);
    st->out |= STAFF_OUT_CHECK;
}

int staff_layer_pin_pending(struct staff_layer *st, char *pin, size_t n)
{
    if (!st->checking || !st->pending[0] || n <= strlen(st->pending))
        return 0;
    memcpy(pin, st->pending, strlen(st->pending) + 1);
    sodium_memzero(st->pending, sizeof(st->pending));
    return 1;
}

unsigned staff_layer_pin_result(struct staff_layer *st, const struct staff_env *env, int ok,
                                uint64_t now_ms)
{
    if (!st->checking)
        return take_out(st);
    st->checking = 0;
    sodium_memzero(st->pending, sizeof(st->pending));
    st->stale = 1;
    st->out |= STAFF_OUT_DIRTY;
    if (st->ui != STAFF_UI_KEYPAD) /* the keypad closed meanwhile */
        return take_out(st);
    ok = ok && st->hash[0];
    staff_lock_record(&st->lock, ok, now_ms);
    st->locked_s = staff_locked_s(st, now_ms);
    if (!ok) {
        st->wrong = 1;
        log_warn("staff", "wrong staff PIN (%u in a row)", st->lock.failures);
        return take_out(st);
    }
    st->ui = STAFF_UI_SCREEN;
    st->confirm_exit = 0;
    staff_layout_controls(st, env);
    log_info("staff", "staff screen opened");
    return take_out(st);
}

/* What each button of the staff screen does: the action it hands the run
 * loop (kiosk_staff_take), why the screen closes (for the log; NULL: it
 * stays open, and the run loop tells the outcome on it), and whether it
 * asks to be pressed twice. The keypad's digits, Clear and OK
 * edit the entry (staff_key). */
static const struct staff_binding {
    enum action act;
    enum staff_action take;
    const char *closes;
    int twice;
} bindings[] = {
    {ACT_STAFF_CANCEL, STAFF_ACT_NONE, "cancelled", 0},
    {ACT_STAFF_CLOSE, STAFF_ACT_NONE, "closed", 0},
    {ACT_STAFF_ROLLBACK, STAFF_ACT_ROLLBACK, "roll back chosen", 0},
    {ACT_STAFF_RELOAD, STAFF_ACT_RELOAD, "load again chosen", 0},
    {ACT_STAFF_EXPORT, STAFF_ACT_EXPORT, NULL, 0}, /* staff watch it end, on this screen */
    {ACT_STAFF_EXIT, STAFF_ACT_EXIT, "exit chosen", 1},
};

/* A key of the keypad: 1 if c was one. */
static int staff_key(struct staff_layer *st, const struct staff_env *env, const struct control *c,
                     uint64_t now_ms)
{
    switch (c->act) {
    case ACT_STAFF_DIGIT:
        if (!st->checking && staff_lock_open(&st->lock, now_ms) && st->n_entry < STAFF_PIN_MAX) {
            st->entry[st->n_entry++] = (char)('0' + (c->arg >= 0 && c->arg <= 9 ? c->arg : 0));
            st->wrong = st->too_short = 0;
        }
        return 1;
    case ACT_STAFF_CLEAR:
        if (st->checking)
            return 1;
        staff_forget_entry(st);
        st->wrong = st->too_short = 0;
        return 1;
    case ACT_STAFF_OK:
        if (!st->checking)
            staff_try_pin(st, now_ms);
        return 1;
    default:
        return 0;
    }
}

static void staff_act(struct staff_layer *st, const struct staff_env *env, const struct control *c,
                      uint64_t now_ms)
{
    int confirming = st->confirm_exit;
    st->confirm_exit = 0;
    if (!staff_key(st, env, c, now_ms)) {
        for (size_t i = 0; i < sizeof bindings / sizeof bindings[0]; i++) {
            const struct staff_binding *b = &bindings[i];
            if (b->act != c->act || (c->act == ACT_STAFF_ROLLBACK && c->arg))
                continue; /* a disabled roll back does nothing */
            if (b->twice && !confirming) {
                st->confirm_exit = 1; /* the button now says "Touch again" */
                break;
            }
            st->action = b->take;
            if (b->closes)
                staff_close(st, env, now_ms, b->closes);
            break;
        }
    }
    st->stale = 1;
    st->out |= STAFF_OUT_DIRTY;
}

static int staff_hit(const struct staff_layer *st, float x, float y)
{
    for (int i = 0; i < st->n_controls; i++) {
        const struct control *c = &st->controls[i];
        if (x >= c->x && x <= c->x + c->w && y >= c->y && y <= c->y + c->h)
            return i;
    }
    return -1;
}

/* A touch while the keypad or the staff screen is up: taps on its buttons
 * (a press held longer counts too: staff press deliberately). */
static void staff_touch(struct staff_layer *st, const struct staff_env *env,
                        const struct input_event *e, uint64_t now_ms)
{
    st->last_touch = now_ms;
    struct gesture_event ge[GESTURE_MAX_OUT];
    int n = gesture_feed(&st->g, e, ge);
    for (int i = 0; i < n && st->ui != STAFF_UI_CLOSED; i++) {
        int hit = staff_hit(st, ge[i].x, ge[i].y);
        int was = st->pressed;
        st->pressed = ge[i].kind == GESTURE_PRESS ? hit : -1;
        if (st->pressed != was) {
            st->stale = 1;
            st->out |= STAFF_OUT_DIRTY;
        }
        if ((ge[i].kind == GESTURE_TAP || ge[i].kind == GESTURE_LONG_PRESS) && hit >= 0) {
            struct control c = st->controls[hit];
            staff_act(st, env, &c, now_ms);
        }
    }
}

static int in_corner(const struct staff_env *env, float x, float y)
{
    struct layout_screen s = env->screen;
    float side = (float)(s.w < s.h ? s.w : s.h) * STAFF_CORNER;
    return x >= 0 && y >= 0 && x * (float)s.w <= side && y * (float)s.h <= side;
}

/* The hold has lasted long enough: the keypad, or (no PIN) nothing. */
static void staff_hold_poll(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms)
{
    if (!st->holding || now_ms < st->hold_start || now_ms - st->hold_start < STAFF_HOLD_MS)
        return;
    st->holding = 0;
    if (st->ui != STAFF_UI_CLOSED)
        return;
    if (!st->hash[0]) {
        if (!st->warned_no_pin)
            log_warn("staff", "the staff screen is disabled: no staff PIN is set");
        st->warned_no_pin = 1;
        return;
    }
    staff_open(st, env, now_ms);
}

/* Follow a finger held still in the top-left corner. Any other finger, or
 * moving beyond the tap slop, ends the hold. */
static void staff_hold_input(struct staff_layer *st, const struct staff_env *env,
                             const struct input_event *e, uint64_t now_ms)
{
    int mine = st->holding && (e->finger == st->hold_finger || e->finger == INPUT_ALL_FINGERS);
    switch (e->phase) {
    case INPUT_DOWN:
        if (st->holding) {
            staff_hold_poll(st, env, now_ms);
            st->holding = 0; /* two fingers: not the staff gesture */
        } else if (in_corner(env, e->x, e->y)) {
            st->holding = 1;
            st->hold_finger = e->finger;
            st->hold_x = e->x;
            st->hold_y = e->y;
            st->hold_start = now_ms;
        }
        break;
    case INPUT_MOVE:
        if (mine) {
            struct gesture_cfg g = gesture_cfg_of(env);
            float slop = gesture_mm_to_px(&g, GESTURE_TAP_SLOP_MM);
            float dx = (e->x - st->hold_x) * (float)g.screen_w;
            float dy = (e->y - st->hold_y) * (float)g.screen_h;
            staff_hold_poll(st, env, now_ms);
            if (dx * dx + dy * dy > slop * slop)
                st->holding = 0;
        }
        break;
    case INPUT_UP:
    case INPUT_CANCEL:
        if (mine) {
            staff_hold_poll(st, env, now_ms); /* lifted just as the time came */
            st->holding = 0;
        }
        break;
    }
}

/* A touch on the result card dismisses it and goes no further; 1 if taken. */
static int card_touch(struct staff_layer *st, const struct staff_env *env,
                      const struct input_event *e)
{
    if (st->card_touch && (e->finger == st->card_finger || e->finger == INPUT_ALL_FINGERS)) {
        if (e->phase == INPUT_UP) {
            memset(&st->card, 0, sizeof(st->card));
            st->card_until = 0;
            st->stale = 1;
            st->out |= STAFF_OUT_DIRTY;
        }
        if (e->phase == INPUT_UP || e->phase == INPUT_CANCEL)
            st->card_touch = 0;
        return 1;
    }
    if (e->phase != INPUT_DOWN || !st->card.shown)
        return 0;
    struct layout_screen s = env->screen;
    struct draw_rect r = st->card_rect;
    float px = e->x * (float)s.w, py = e->y * (float)s.h;
    if (r.w <= 0 || px < (float)r.x || px > (float)(r.x + r.w) || py < (float)r.y ||
        py > (float)(r.y + r.h))
        return 0;
    st->card_touch = 1;
    st->card_finger = e->finger;
    return 1;
}

static const struct draw_list *staff_list(struct staff_layer *st, const struct staff_env *env,
                                          uint64_t now_ms)
{
    int status = st->progress.active || st->card.shown;
    if (st->ui == STAFF_UI_CLOSED && !status) {
        st->card_rect = (struct draw_rect){0, 0, 0, 0};
        return NULL;
    }
    if (!st->stale)
        return &st->list;
    struct layout_screen screen = env->screen;
    const struct text_measurer *m = env->m;
    arena_reset(&st->arena);
    memset(&st->list, 0, sizeof(st->list));
    if (st->ui == STAFF_UI_KEYPAD) {
        struct overlay_staff_keypad kp = {st->checking ? st->checking : st->n_entry, st->wrong,
                                          st->too_short, staff_locked_s(st, now_ms), env->locale};
        overlay_staff_keypad(&screen, st->controls, st->n_controls, st->pressed, &kp, m, &st->arena,
                             &st->list);
    } else if (st->ui == STAFF_UI_SCREEN) {
        overlay_staff_screen(&screen, st->controls, st->n_controls, st->pressed, &st->info,
                             st->confirm_exit, env->locale, m, &st->arena, &st->list);
    } else {
        struct overlay_staff_status ss = {&st->progress, &st->card, st->step, env->locale};
        overlay_staff_status(&screen, &ss, m, &st->arena, &st->list, &st->card_rect);
    }
    st->stale = 0;
    return &st->list;
}

/* Time passes for the staff layer: the hold, the idle close, the seconds
 * of a lock-out, the card's time, an indeterminate bar's step. */
static void staff_update(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms)
{
    staff_hold_poll(st, env, now_ms);
    if (st->ui != STAFF_UI_CLOSED && now_ms >= st->last_touch &&
        now_ms - st->last_touch >= STAFF_IDLE_MS)
        staff_close(st, env, now_ms, "nobody touched it for a minute");
    if (st->ui == STAFF_UI_KEYPAD) {
        int s = staff_locked_s(st, now_ms);
        if (s != st->locked_s) {
            st->locked_s = s;
            st->stale = 1;
            st->out |= STAFF_OUT_DIRTY;
        }
    }
    if (st->card.shown && now_ms >= st->card_until) {
        memset(&st->card, 0, sizeof(st->card));
        st->card_until = 0;
        st->stale = 1;
        st->out |= STAFF_OUT_DIRTY;
    }
    if (st->ui == STAFF_UI_CLOSED && st->progress.active && st->progress.total == 0) {
        int step = (int)((now_ms / STAFF_STEP_MS) % OVERLAY_STAFF_STEPS);
        if (step != st->step) {
            st->step = step;
            st->stale = 1;
            st->out |= STAFF_OUT_DIRTY;
        }
    }
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static uint64_t staff_deadline(const struct staff_layer *st, uint64_t now_ms)
{
    uint64_t d = UINT64_MAX;
    if (st->holding)
        d = min_u64(d, st->hold_start + STAFF_HOLD_MS);
    if (st->ui != STAFF_UI_CLOSED)
        d = min_u64(d, st->last_touch + STAFF_IDLE_MS);
    if (st->ui == STAFF_UI_KEYPAD && !staff_lock_open(&st->lock, now_ms)) {
        uint64_t left = st->lock.locked_until - now_ms; /* the next whole second shown */
        d = min_u64(d, now_ms + (left % 1000 ? left % 1000 : 1000));
    }
    if (st->card.shown)
        d = min_u64(d, st->card_until);
    if (st->ui == STAFF_UI_CLOSED && st->progress.active && st->progress.total == 0)
        d = min_u64(d, (now_ms / STAFF_STEP_MS + 1) * STAFF_STEP_MS);
    return d < now_ms ? now_ms : d;
}

void staff_layer_set_pin(struct staff_layer *st, const char *pin_hash)
{
    size_t n = pin_hash ? strlen(pin_hash) : 0;
    if (n >= sizeof(st->hash)) {
        log_error("staff", "the staff PIN's hash is too long; the staff screen is disabled");
        n = 0;
    }
    memcpy(st->hash, pin_hash ? pin_hash : "", n);
    st->hash[n] = '\0';
    st->warned_no_pin = 0;
}

/* Copy a string field, cut at a character boundary and NUL terminated. */
static void copy_text(char *dst, size_t cap, const char *src)
{
    size_t n = 0;
    while (src && n + 1 < cap && src[n])
        n++;
    if (src && src[n]) /* cut: never half a character */
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

unsigned staff_layer_progress(struct staff_layer *st, const struct staff_progress *p,
                              uint64_t now_ms)
{
    struct staff_progress np;
    memset(&np, 0, sizeof(np));
    if (p && p->active) {
        np.active = 1;
        np.total = p->total;
        np.done = p->done > p->total && p->total ? p->total : p->done;
        copy_text(np.text, sizeof(np.text), p->text);
    }
    /* a redraw only when what the bar shows changes: its text, or its
     * fill by a thousandth (an indeterminate bar shows no count) */
    const struct staff_progress *op = &st->progress;
    int same = np.active == op->active && np.total == op->total && strcmp(np.text, op->text) == 0 &&
               (!np.total || np.done * 1000 / np.total == op->done * 1000 / op->total);
    st->progress = np;
    if (np.active && np.total == 0)
        st->step = (int)((now_ms / STAFF_STEP_MS) % OVERLAY_STAFF_STEPS);
    if (!same) {
        st->stale = 1;
        st->out |= STAFF_OUT_DIRTY;
    }
    return take_out(st);
}

unsigned staff_layer_card(struct staff_layer *st, const struct staff_card *c, uint64_t now_ms)
{
    memset(&st->card, 0, sizeof(st->card));
    st->card_until = 0;
    if (c && c->shown) {
        st->card.shown = 1;
        st->card.ok = c->ok;
        st->card.not_content = c->not_content;
        copy_text(st->card.title, sizeof(st->card.title), c->title);
        copy_text(st->card.body, sizeof(st->card.body), c->body);
        st->card_until = now_ms + STAFF_CARD_MS;
    }
    st->stale = 1;
    st->out |= STAFF_OUT_DIRTY;
    return take_out(st);
}

unsigned staff_layer_info(struct staff_layer *st, const struct staff_env *env,
                          const struct staff_info *info)
{
    struct staff_info *d = &st->info;
    memset(d, 0, sizeof(*d));
    if (info) {
        copy_text(d->exhibit, sizeof(d->exhibit), info->exhibit);
        copy_text(d->version, sizeof(d->version), info->version);
        copy_text(d->signer, sizeof(d->signer), info->signer);
        copy_text(d->attention, sizeof(d->attention), info->attention);
        copy_text(d->last_import, sizeof(d->last_import), info->last_import);
        copy_text(d->last_export, sizeof(d->last_export), info->last_export);
        copy_text(d->free_space, sizeof(d->free_space), info->free_space);
        copy_text(d->settings, sizeof(d->settings), info->settings);
        d->n_log = info->n_log < 0                 ? 0
                   : info->n_log > STAFF_LOG_LINES ? STAFF_LOG_LINES
                                                   : info->n_log;
        for (int i = 0; i < d->n_log; i++)
            copy_text(d->log[i], sizeof(d->log[i]), info->log[i]);
        d->can_rollback = info->can_rollback != 0;
    }
    if (st->ui == STAFF_UI_SCREEN) {
        int confirm = st->confirm_exit;
        staff_layout_controls(st, env); /* the roll-back button may come or go */
        st->confirm_exit = confirm;
    }
    return take_out(st);
}

enum staff_action staff_layer_take(struct staff_layer *st)
{
    enum staff_action a = st->action;
    st->action = STAFF_ACT_NONE;
    return a;
}

int staff_layer_is_open(const struct staff_layer *st)
{
    return st->ui != STAFF_UI_CLOSED;
}

int staff_layer_controls(const struct staff_layer *st, const struct control **out)
{
    *out = st->controls;
    return st->ui != STAFF_UI_CLOSED ? st->n_controls : 0;
}

void staff_layer_init(struct staff_layer *st)
{
    memset(st, 0, sizeof *st);
    arena_init(&st->arena, 16 * 1024);
    st->pressed = -1;
}

void staff_layer_free(struct staff_layer *st)
{
    arena_free(&st->arena);
    sodium_memzero(st->entry, sizeof(st->entry));
}

unsigned staff_layer_input(struct staff_layer *st, const struct staff_env *env,
                           const struct input_event *e, uint64_t now_ms)
{
    if (e->kind == INPUT_TOUCH && st->ui == STAFF_UI_CLOSED)
        staff_hold_input(st, env, e, now_ms);
    if (st->ui != STAFF_UI_CLOSED) {
        /* keys (Escape included) do nothing here: there is no keyboard at
         * a kiosk, and the screen must not close under a stray key */
        if (e->kind == INPUT_TOUCH)
            staff_touch(st, env, e, now_ms);
        st->out |= STAFF_OUT_TAKEN;
        return take_out(st);
    }
    if (e->kind == INPUT_TOUCH) {
        staff_list(st, env, now_ms); /* the card's place, if it moved */
        if (card_touch(st, env, e))
            st->out |= STAFF_OUT_TAKEN;
    }
    return take_out(st);
}

unsigned staff_layer_update(struct staff_layer *st, const struct staff_env *env, uint64_t now_ms)
{
    staff_update(st, env, now_ms);
    return take_out(st);
}

const struct draw_list *staff_layer_list(struct staff_layer *st, const struct staff_env *env,
                                         uint64_t now_ms)
{
    return staff_list(st, env, now_ms);
}

uint64_t staff_layer_deadline(const struct staff_layer *st, uint64_t now_ms)
{
    return staff_deadline(st, now_ms);
}

void staff_layer_stale(struct staff_layer *st)
{
    st->stale = 1;
}
