/* kiosk_guide.c - the audio guide: started without sight, it says the page
 * and what the visitor moves to by key or by finger (kiosk.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kiosk_internal.h"
#include "log.h"
#include "spoken.h"

#define SLOP 0.02f  /* of the screen: a finger that moves less is held still */
#define TAP_MS 400u /* a touch shorter than this, that does not move, is a tap */

/* ---- what to say ---------------------------------------------------------- */

static void say_begin(struct kiosk *k, int cue)
{
    struct guide *g = &k->guide;
    memset(&g->out, 0, sizeof g->out);
    g->out.say = 1;
    g->out.cue = cue;
    g->out_ready = 1;
    g->used = 0;
}

static void say_add(struct kiosk *k, const char *lang, const char *text, size_t len)
{
    struct guide *g = &k->guide;
    if (!text || !len || g->out.n >= KIOSK_SPEECH_SEGMENTS || g->used + len + 1 > sizeof g->buf)
        return;
    char *at = g->buf + g->used;
    memcpy(at, text, len);
    at[len] = '\0';
    g->used += len + 1;
    g->out.lang[g->out.n] = lang ? lang : "";
    g->out.text[g->out.n++] = at;
}

static void say_str(struct kiosk *k, const char *lang, const char *text)
{
    say_add(k, lang, text, text ? strlen(text) : 0);
}

static void say_stop(struct kiosk *k)
{
    struct guide *g = &k->guide;
    memset(&g->out, 0, sizeof g->out);
    g->out.stop = 1;
    g->out_ready = 1;
}

int kiosk_speech_take(struct kiosk *k, struct kiosk_speech *out)
{
    struct guide *g = &k->guide;
    if (!g->out_ready && !g->volume && !g->volume_reset)
        return 0;
    if (g->out_ready)
        *out = g->out;
    else
        memset(out, 0, sizeof *out);
    out->volume = g->volume;
    out->volume_reset = g->volume_reset;
    g->out_ready = g->volume = g->volume_reset = 0;
    memset(&g->out, 0, sizeof g->out);
    return 1;
}

static const char *locale_now(const struct kiosk *k)
{
    return k->cur->panel.locale ? k->cur->panel.locale : kiosk_locale_or_default(k);
}

static const struct ui_words *words_now(const struct kiosk *k)
{
    const char *l = locale_now(k);
    for (int i = 0; i < k->info.n_locales; i++)
        if (strcmp(k->info.locales[i], l) == 0)
            return &k->words[i];
    return &k->words[0];
}

/* ---- what can be focused: the page's parts, then the controls ------------- */

struct item {
    int part;           /* into guide.sp, or -1 */
    int control;        /* into k->controls, or -1 */
    struct draw_rect r; /* on screen, as drawn (parts) or laid out (controls, left to right) */
};
#define MAX_ITEMS (SPOKEN_MAX_PARTS + MODE_MAX_CONTROLS)

static enum control_layer layer_now(const struct kiosk *k)
{
    /* the mode's own state: the view is what was last drawn */
    return k->mode.index_open       ? CONTROL_INDEX
           : k->mode.languages_open ? CONTROL_LANGUAGES
                                    : CONTROL_MAIN;
}

static int part_rect(const struct kiosk *k, const struct spoken_part *p, struct draw_rect *r)
{
    const struct draw_list *l = &k->cur->list;
    int x0 = 1 << 30, y0 = 1 << 30, x1 = -1, y1 = -1;
    for (int i = 0; i < l->n; i++) {
        const struct draw_item *it = &l->items[i];
        int hit = 0;
        for (int j = 0; j < SPOKEN_ROLES && p->roles[j] && it->role && !hit; j++)
            hit = strcmp(p->roles[j], it->role) == 0;
        if (!hit || it->r.w <= 0 || it->r.h <= 0)
            continue;
        x0 = it->r.x < x0 ? it->r.x : x0;
        y0 = it->r.y < y0 ? it->r.y : y0;
        x1 = it->r.x + it->r.w > x1 ? it->r.x + it->r.w : x1;
        y1 = it->r.y + it->r.h > y1 ? it->r.y + it->r.h : y1;
    }
    if (x1 < 0)
        return 0;
    *r = (struct draw_rect){x0, y0, x1 - x0, y1 - y0};
    return 1;
}

/* a before b in reading order: a row above (its middle above b's top),
 * else further along the row. Controls are laid out left to right and
 * mirrored as a whole on a right-to-left page, so their own order is the
 * page's either way. */
static int before(const struct item *a, const struct item *b)
{
    if (a->r.y + a->r.h / 2 < b->r.y)
        return 1;
    if (b->r.y + b->r.h / 2 < a->r.y)
        return 0;
    return a->r.x < b->r.x;
}

static int items(struct kiosk *k, struct item *out)
{
    struct guide *g = &k->guide;
    if (g->sp_index != k->cur->index || g->sp_gen != k->gen ||
        strcmp(g->sp_locale, locale_now(k)) != 0) {
        spoken_panel(&k->cur->panel, words_now(k), &g->sp);
        g->sp_index = k->cur->index;
        g->sp_gen = k->gen;
        snprintf(g->sp_locale, sizeof g->sp_locale, "%s", locale_now(k));
    }
    struct layout_screen s = kiosk_screen_of(k);
    enum control_layer layer = layer_now(k);
    int n = 0;
    if (layer == CONTROL_MAIN)
        for (int i = 0; i < g->sp.n; i++) {
            out[n] = (struct item){.part = i, .control = -1};
            if (!part_rect(k, &g->sp.part[i], &out[n].r))
                out[n].r = (struct draw_rect){0, 0, 0, 0};
            n++;
        }
    int first = n;
    for (int i = 0; i < k->n_controls && n < MAX_ITEMS; i++) {
        const struct control *c = &k->controls[i];
        if (c->layer != layer)
            continue;
        out[n++] =
            (struct item){.part = -1,
                          .control = i,
                          .r = {(int)lrintf(c->x * (float)s.w), (int)lrintf(c->y * (float)s.h),
                                (int)lrintf(c->w * (float)s.w), (int)lrintf(c->h * (float)s.h)}};
    }
    /* as a sighted visitor reads them: row by row, in the page's direction */
    for (int i = first + 1; i < n; i++)
        for (int j = i; j > first && before(&out[j], &out[j - 1]); j--) {
            struct item t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* Add item it's words to the utterance being made. */
static void say_item(struct kiosk *k, const struct item *it)
{
    struct guide *g = &k->guide;
    if (it->part >= 0) {
        const struct spoken_part *p = &g->sp.part[it->part];
        say_add(k, p->lang, g->sp.text + p->at, p->len);
        return;
    }
    struct spoken_controls sc = {
        .w = words_now(k),
        .locale = locale_now(k),
        .chapters = k->chapter_titles,
        .n_chapters = k->n_chapters,
        .locale_names = k->info.locale_names,
        .locale_codes = k->info.locales,
        .n_locales = k->info.n_locales,
        .larger_text = k->larger_text,
    };
    char name[400];
    const char *lang = NULL;
    size_t len = spoken_control(&sc, &k->controls[it->control], name, sizeof name, &lang);
    say_add(k, lang, name, len);
}

static void say_focus(struct kiosk *k)
{
    struct item it[MAX_ITEMS];
    int n = items(k, it);
    if (k->guide.focus < 0 || k->guide.focus >= n)
        return;
    say_begin(k, KIOSK_CUE_NONE);
    say_item(k, &it[k->guide.focus]);
}

/* The page: where it is, then every part but those said on request. */
static void say_page(struct kiosk *k, int cue)
{
    struct guide *g = &k->guide;
    struct item it[MAX_ITEMS];
    int n = items(k, it);
    if (cue == KIOSK_CUE_NONE)
        say_begin(k, KIOSK_CUE_NONE);
    int pos, count;
    showplan_rank(&k->plan, k->cur->index, &pos, &count);
    char a[16], b[16], where[300];
    snprintf(a, sizeof a, "%d", pos + 1);
    snprintf(b, sizeof b, "%d", count);
    ui_fill2(ui_word(words_now(k), UI_PAGE_OF), a, b, where, sizeof where);
    say_str(k, locale_now(k), where);
    const struct panel_audio *rec = &k->cur->panel.described;
    if (rec->size && rec->data && g->out.n < KIOSK_SPEECH_SEGMENTS) {
        /* the museum's own recording of this page, in this language: played
         * instead of the synthesised parts (each part is still said when
         * the visitor moves to it) */
        g->out.lang[g->out.n] = locale_now(k);
        g->out.text[g->out.n] = "";
        g->out.audio[g->out.n] = rec->data;
        g->out.audio_len[g->out.n++] = rec->size;
    } else {
        for (int i = 0; i < n; i++)
            if (it[i].part >= 0 && !g->sp.part[it[i].part].on_request)
                say_item(k, &it[i]);
    }
    g->focus = -1;
    g->said_index = k->cur->index;
    g->said_gen = k->gen;
    snprintf(g->said_locale, sizeof g->said_locale, "%s", locale_now(k));
}

static void say_keys(struct kiosk *k)
{
    const struct ui_words *w = words_now(k);
    const char *l = locale_now(k);
    say_str(k, l, ui_word(w, UI_AUDIO_KEYS));
    say_str(k, l, ui_word(w, UI_AUDIO_KEYS_MORE));
    say_str(k, l, ui_word(w, UI_AUDIO_TOUCH));
}

/* ---- on and off ----------------------------------------------------------- */

static void guide_start(struct kiosk *k, const char *how, uint64_t now_ms)
{
    struct guide *g = &k->guide;
    if (g->on)
        return;
    g->on = 1;
    g->focus = -1;
    g->two_since = 0;
    g->exploring = 0;
    mode_set_time_scale(&k->mode, KIOSK_GUIDE_TIME_SCALE);
    if (k->mode.state == MODE_LOOP) {
        struct input_event wake = {.kind = INPUT_KEY, .key = INPUT_KEY_ENTER, .t_ms = now_ms};
        struct mode_cmds c;
        mode_input(&k->mode, &wake, now_ms, &c);
        if (c.n)
            kiosk_run_cmds(k, &c, now_ms);
    } else {
        mode_watching(&k->mode, now_ms);
    }
    log_info("guide", "audio guide on (%s)", how);
    say_begin(k, KIOSK_CUE_START);
    say_str(k, locale_now(k), ui_word(words_now(k), UI_AUDIO_GUIDE));
    say_keys(k);
    say_page(k, KIOSK_CUE_START);
    k->overlay_stale = 1;
    k->dirty = 1;
}

static void guide_end(struct kiosk *k)
{
    struct guide *g = &k->guide;
    if (!g->on)
        return;
    g->on = 0;
    g->focus = -1;
    g->exploring = 0;
    mode_set_time_scale(&k->mode, 1);
    say_stop(k);
    g->volume = 0;
    g->volume_reset = 1; /* the next visitor starts where every visitor does */
    log_info("guide", "audio guide off: the visitor has gone");
    k->overlay_stale = 1;
    k->dirty = 1;
}

int kiosk_guide_on(const struct kiosk *k)
{
    return k->guide.on;
}

/* ---- moving and choosing -------------------------------------------------- */

static void move(struct kiosk *k, int dir)
{
    struct item it[MAX_ITEMS];
    int n = items(k, it);
    if (!n)
        return;
    int f = k->guide.focus;
    f = f < 0 ? (dir > 0 ? 0 : n - 1) : ((f + dir) % n + n) % n;
    k->guide.focus = f;
    log_info("guide", "focus on %s",
             it[f].part >= 0 ? k->guide.sp.part[it[f].part].name
                             : mode_action_name(k->controls[it[f].control].act));
    say_begin(k, KIOSK_CUE_NONE);
    say_item(k, &it[f]);
    k->overlay_stale = 1;
    k->dirty = 1;
}

/* A control chosen: a tap at its middle, as a finger would give it. */
static void press(struct kiosk *k, int control, uint64_t now_ms)
{
    const struct control *c = &k->controls[control];
    struct input_event e = {.kind = INPUT_TOUCH,
                            .finger = INPUT_MOUSE_FINGER,
                            .x = c->x + c->w / 2,
                            .y = c->y + c->h / 2,
                            .t_ms = now_ms};
    struct mode_cmds cmds;
    for (int phase = INPUT_DOWN; phase <= INPUT_UP; phase += INPUT_UP - INPUT_DOWN) {
        e.phase = (enum input_phase)phase;
        mode_input(&k->mode, &e, now_ms, &cmds);
        if (cmds.n)
            kiosk_run_cmds(k, &cmds, now_ms);
    }
}

static void choose(struct kiosk *k, uint64_t now_ms)
{
    struct item it[MAX_ITEMS];
    int n = items(k, it);
    int f = k->guide.focus;
    if (f < 0 || f >= n) {
        say_page(k, KIOSK_CUE_NONE);
        return;
    }
    if (it[f].control >= 0) {
        say_stop(k);
        press(k, it[f].control, now_ms);
    } else {
        say_focus(k); /* a part: said again */
    }
}

/* The item under (x, y) of the screen: controls at (cx, y), their left to
 * right place; parts at (x, y), where they are drawn. -1: none. */
static int under(struct kiosk *k, float x, float cx, float y, struct item *it, int n)
{
    struct layout_screen s = kiosk_screen_of(k);
    float px = x * (float)s.w, cpx = cx * (float)s.w, py = y * (float)s.h;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            if ((pass == 0) != (it[i].control >= 0))
                continue;
            float ax = pass == 0 ? cpx : px;
            const struct draw_rect *r = &it[i].r;
            if (ax >= (float)r->x && ax < (float)(r->x + r->w) && py >= (float)r->y &&
                py < (float)(r->y + r->h))
                return i;
        }
    return -1;
}

static void explore(struct kiosk *k, float x, float cx, float y)
{
    struct item it[MAX_ITEMS];
    int n = items(k, it);
    int i = under(k, x, cx, y, it, n);
    if (i < 0 || i == k->guide.focus)
        return;
    k->guide.focus = i;
    say_begin(k, KIOSK_CUE_NONE);
    say_item(k, &it[i]);
    k->overlay_stale = 1;
    k->dirty = 1;
}

/* ---- input ---------------------------------------------------------------- */

static int finger_of(const struct guide *g, int64_t id)
{
    for (int i = 0; i < g->nf; i++)
        if (g->finger[i] == id)
            return i;
    return -1;
}

/* The fingers down, for the two-finger hold (whether or not the guide is
 * on: a finger lifted while it was on must not count later). */
static void track(struct kiosk *k, const struct input_event *e, uint64_t now_ms)
{
    struct guide *g = &k->guide;
    int i = finger_of(g, e->finger);
    if (e->phase == INPUT_CANCEL && e->finger == INPUT_ALL_FINGERS) {
        g->nf = 0;
    } else if (e->phase == INPUT_DOWN) {
        if (i < 0 && g->nf < GUIDE_FINGERS) {
            i = g->nf++;
            g->finger[i] = e->finger;
            g->fx[i] = e->x;
            g->fy[i] = e->y;
            g->moved[i] = 0;
        }
    } else if (e->phase == INPUT_MOVE) {
        if (i >= 0 && (fabsf(e->x - g->fx[i]) > SLOP || fabsf(e->y - g->fy[i]) > SLOP))
            g->moved[i] = 1;
    } else if (i >= 0) { /* up or cancelled */
        g->nf--;
        g->finger[i] = g->finger[g->nf];
        g->fx[i] = g->fx[g->nf];
        g->fy[i] = g->fy[g->nf];
        g->moved[i] = g->moved[g->nf];
    }
    int still = g->nf == 2 && !g->moved[0] && !g->moved[1];
    if (!still)
        g->two_since = 0;
    else if (!g->two_since)
        g->two_since = now_ms ? now_ms : 1;
}

static int key_input(struct kiosk *k, const struct input_event *me, uint64_t now_ms)
{
    struct guide *g = &k->guide;
    if (!g->on) {
        if (me->repeat ||
            !(me->key == INPUT_KEY_SPEECH || (k->speech_any_key && me->key != INPUT_KEY_NONE)))
            return 0;
        guide_start(k, "a key", now_ms);
        return 1;
    }
    if (me->repeat) /* a key held down acts once, as everywhere in the kiosk */
        return me->key != INPUT_KEY_LEFT && me->key != INPUT_KEY_RIGHT;
    if (k->mode.state == MODE_COUNTDOWN) {
        /* any key: still here (the question's keys, as mode.c binds them) */
        struct input_event still = *me;
        still.key = INPUT_KEY_ENTER;
        struct mode_cmds c;
        mode_input(&k->mode, &still, now_ms, &c);
        if (c.n)
            kiosk_run_cmds(k, &c, now_ms);
        return 1;
    }
    switch (me->key) {
    case INPUT_KEY_UP:
        move(k, -1);
        break;
    case INPUT_KEY_DOWN:
    case INPUT_KEY_TAB:
        move(k, me->mods & INPUT_MOD_SHIFT ? -1 : 1);
        break;
    case INPUT_KEY_ENTER:
    case INPUT_KEY_SPACE:
        choose(k, now_ms);
        break;
    case INPUT_KEY_HELP:
    case INPUT_KEY_F1:
    case INPUT_KEY_SPEECH:
        say_begin(k, KIOSK_CUE_NONE);
        say_keys(k);
        break;
    case INPUT_KEY_VOLUME_UP:
    case INPUT_KEY_VOLUME_DOWN:
        g->volume += me->key == INPUT_KEY_VOLUME_UP ? 1 : -1;
        break;
    case INPUT_KEY_LEFT:
    case INPUT_KEY_RIGHT:
    case INPUT_KEY_PAGE_UP:
    case INPUT_KEY_PAGE_DOWN:
    case INPUT_KEY_HOME:
    case INPUT_KEY_ESCAPE:
        say_stop(k); /* the next page is said when it has arrived */
        return 0;    /* the kiosk's own keys */
    default:
        say_stop(k); /* any other key: silence */
        break;
    }
    mode_watching(&k->mode, now_ms); /* a visitor is here */
    return 1;
}

static int touch_input(struct kiosk *k, const struct input_event *e, const struct input_event *me,
                       uint64_t now_ms)
{
    struct guide *g = &k->guide;
    if (!g->on || k->mode.state == MODE_COUNTDOWN)
        return 0; /* the kiosk's gestures (a touch answers "still there?") */
    mode_watching(&k->mode, now_ms);
    if (e->phase == INPUT_DOWN && !g->exploring) {
        g->exploring = 1;
        g->explorer = e->finger;
        g->down_ms = now_ms;
        g->down_x = e->x;
        g->down_y = e->y;
        g->tap_moved = 0;
        explore(k, e->x, me->x, e->y);
        return 1;
    }
    if (!g->exploring || e->finger != g->explorer)
        return 1; /* other fingers: nothing */
    if (e->phase == INPUT_MOVE) {
        if (fabsf(e->x - g->down_x) > SLOP || fabsf(e->y - g->down_y) > SLOP)
            g->tap_moved = 1;
        explore(k, e->x, me->x, e->y);
    } else {
        g->exploring = 0;
        int tap = e->phase == INPUT_UP && !g->tap_moved && now_ms - g->down_ms < TAP_MS;
        if (tap && g->last_tap_ms && now_ms - g->last_tap_ms < KIOSK_DOUBLE_TAP_MS) {
            g->last_tap_ms = 0;
            choose(k, now_ms);
        } else {
            g->last_tap_ms = tap ? now_ms : 0;
        }
    }
    return 1;
}

int kiosk_guide_input(struct kiosk *k, const struct input_event *e, const struct input_event *me,
                      uint64_t now_ms)
{
    if (!k->speech)
        return 0;
    if (e->kind == INPUT_TOUCH) {
        track(k, e, now_ms);
        return touch_input(k, e, me, now_ms);
    }
    if (e->kind == INPUT_KEY)
        return key_input(k, me, now_ms);
    return 0;
}

/* ---- time and the kiosk's commands --------------------------------------- */

void kiosk_guide_update(struct kiosk *k, uint64_t now_ms)
{
    struct guide *g = &k->guide;
    if (!k->speech)
        return;
    if (!g->on && g->two_since && now_ms - g->two_since >= KIOSK_GUIDE_HOLD_MS) {
        g->two_since = 0;
        guide_start(k, "two fingers held", now_ms);
    }
    /* a new page (or language) has arrived: say it */
    if (g->on && !k->arriving && k->sched.phase != SCHED_TRANSITION &&
        (g->said_index != k->cur->index || g->said_gen != k->gen ||
         strcmp(g->said_locale, locale_now(k)) != 0)) {
        say_page(k, KIOSK_CUE_NONE);
        k->overlay_stale = 1;
    }
}

uint64_t kiosk_guide_deadline(const struct kiosk *k, uint64_t now_ms)
{
    const struct guide *g = &k->guide;
    if (!k->speech || g->on || !g->two_since)
        return UINT64_MAX;
    uint64_t at = g->two_since + KIOSK_GUIDE_HOLD_MS;
    return at > now_ms ? at : now_ms;
}

void kiosk_guide_cmd(struct kiosk *k, enum action act, uint64_t now_ms)
{
    struct guide *g = &k->guide;
    (void)now_ms;
    if (!g->on)
        return;
    switch (act) {
    case ACT_COUNTDOWN: {
        const struct ui_words *w = words_now(k);
        say_begin(k, KIOSK_CUE_QUESTION);
        say_str(k, locale_now(k), ui_word(w, UI_STILL_THERE));
        say_str(k, locale_now(k), ui_word(w, UI_KEEP_EXPLORING));
        break;
    }
    case ACT_STILL_HERE:
        say_stop(k);
        break;
    case ACT_LOOP:
        guide_end(k);
        break;
    case ACT_OPEN_INDEX:
    case ACT_OPEN_LANGUAGES:
    case ACT_CLOSE_INDEX:
    case ACT_CLOSE_LANGUAGES: {
        /* a new layer of controls: its name; the focus before its first */
        g->focus = -1;
        say_begin(k, KIOSK_CUE_NONE);
        if (act == ACT_OPEN_INDEX)
            say_str(k, locale_now(k), ui_word(words_now(k), UI_CHAPTERS));
        else if (act == ACT_OPEN_LANGUAGES)
            say_str(k, locale_now(k), ui_word(words_now(k), UI_LANGUAGE));
        break;
    }
    default:
        break;
    }
}

void kiosk_guide_notice(struct kiosk *k, const char *text)
{
    if (!k->guide.on || !text || !*text)
        return;
    say_begin(k, KIOSK_CUE_NONE);
    say_str(k, locale_now(k), text);
}

/* ---- the focus on screen -------------------------------------------------- */

/* The focused item, 1; 0 when there is none. */
static int focused(struct kiosk *k, struct item *out)
{
    struct item it[MAX_ITEMS];
    if (!k->guide.on || k->guide.focus < 0)
        return 0;
    int n = items(k, it);
    if (k->guide.focus >= n)
        return 0;
    *out = it[k->guide.focus];
    return 1;
}

int kiosk_guide_focus(struct kiosk *k, const char **name, struct draw_rect *r)
{
    struct item f;
    if (!focused(k, &f))
        return 0;
    *r = f.r;
    *name =
        f.part >= 0 ? k->guide.sp.part[f.part].name : mode_action_name(k->controls[f.control].act);
    return 1;
}

void kiosk_guide_ring(struct kiosk *k, int *on, struct draw_rect *r)
{
    struct item f;
    *on = focused(k, &f) && f.r.w > 0 && f.r.h > 0; /* not a part that is not drawn apart */
    if (!*on)
        return;
    *r = f.r;
    /* the overlay is laid out left to right and mirrored as a whole on a
     * right-to-left page; a part is where it is drawn: mirror it back */
    if (f.part >= 0 && kiosk_rtl(k))
        r->x = kiosk_screen_of(k).w - r->x - r->w;
}
