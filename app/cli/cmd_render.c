/* cmd_render.c - `vitrine render`: the exhibit as PNG files, headless.
 *
 * Without --script: one PNG per panel in its final state (figures counted
 * up) plus contact-sheet.png (contact-sheet-01.png, ... past 48 panels). With --script: the kiosk
 * itself runs in simulated time, fed the script's touches, and `shot` lines write PNGs. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "display.h"
#include "frame_plan.h"
#include "image.h"
#include "cli.h"
#include "kiosk.h"
#include "layout.h"
#include "layout_json.h"
#include "locale_rules.h"
#include "log.h"
#include "mode.h"
#include "script.h"
#include "staff.h"

/* --out must be a folder render can write into: make it, or say plainly
 * why it cannot be used (an ordinary file of that name, no permission). */
static int make_dir(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        log_error("render", "cannot create the folder %s: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        log_error("render",
                  "--out %s is a file, not a folder; name a folder to write the pictures "
                  "into",
                  dir);
        return -1;
    }
    if (access(dir, W_OK) != 0) {
        log_error("render", "cannot write into the folder %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

static void safe_name(char *dst, size_t n, const char *id)
{
    size_t i = 0;
    for (; id && id[i] && i + 1 < n && i < 60; i++) {
        char c = id[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '_';
        dst[i] = ok ? c : '_';
    }
    dst[i] = '\0';
}

static int render_panels(struct display *d, struct store *store, const struct options *o,
                         FILE *json)
{
    char why[512];
    int w, h, status = 1;
    display_size(d, &w, &h);
    struct layout_screen screen = mode_layout_screen(w, h, 0);
    const struct text_measurer *m = text_measurer(display_text(d));
    struct arena info_arena, a;
    arena_init(&info_arena, 4096);
    arena_init(&a, 64 * 1024);
    struct store_info info;
    char **paths = NULL;
    int n = 0, overflows = 0, refused = 0, looked = 0;
    if (store_info(store, o->locale, &info_arena, &info, why, sizeof(why)) != 0) {
        log_error("render", "%s", why);
        goto done;
    }
    paths = calloc((size_t)info.n_panels, sizeof(*paths));
    if (!paths)
        goto done;
    struct palette pal;
    struct store_font fonts[STORE_FONT_FACES];
    store_palette(store, &pal);
    /* lent by the store (no copy), let go at done */
    if (store_lend_fonts(store, fonts, why, sizeof(why)) != 0)
        log_warn("render", "%s; its text is set in vitrine's own fonts", why);
    display_set_look(d, &pal, fonts);
    looked = 1;
    for (int i = 0; i < info.n_panels; i++) {
        struct panel p;
        arena_reset(&a);
        if (store_panel_load(store, i, o->locale, &a, &p, why, sizeof(why)) != 0) {
            /* the kiosk skips such a panel: show staff every one, then fail */
            log_error("render", "%s", why);
            refused++;
            continue;
        }
        struct draw_list list = {0}, chrome = {0};
        if (layout_panel(&p, &screen, m, &a, &list) != 0) {
            log_warn("render", "panel %s: %s", p.id, list.problem);
            overflows++;
        }
        if (layout_chrome(&screen, i, info.n_panels, m, &a, &chrome) == 0 &&
            locale_is_rtl(p.locale))
            layout_mirror(&chrome, screen.w); /* as the kiosk does */
        char name[80], path[4096];
        safe_name(name, sizeof(name), p.id);
        if (json) {
            char pic[128];
            snprintf(pic, sizeof(pic), "%03d-%s", i + 1, name);
            struct layout_json_list ls[2] = {{&list, 0, 0}, {&chrome, 0, 0}};
            if (layout_json_write(json, pic, w, h, i + 1, p.locale, NULL, ls, 2) != 0)
                log_error("render", "%s: a write failed", o->layout_json);
        }
        if (!o->out) /* the layout records alone: no pictures */
            continue;
        struct panel_view *v = display_prepare(d, &list, p.locale, why, sizeof(why));
        if (!v) {
            log_error("render", "panel %s: %s", p.id, why);
            goto done;
        }
        display_clear(d);
        display_draw_view(d, v, 0, 255, 1.0);
        display_draw_list(d, &chrome);
        snprintf(path, sizeof(path), "%s/%03d-%s.png", o->out, i + 1, name);
        int rc = display_save_png(d, path, why, sizeof(why));
        display_view_free(v);
        if (rc != 0) {
            log_error("render", "%s", why);
            goto done;
        }
        paths[n++] = strdup(path);
    }
    if (!o->out) {
        printf("wrote the layout of %d panels to %s (%dx%d)\n", info.n_panels - refused,
               o->layout_json, w, h);
        status = overflows || refused ? 1 : 0;
        goto done;
    }
    if (refused) { /* no sheet that looks complete when it is not */
        log_error("render", "%d panel%s refused; no contact sheet written", refused,
                  refused == 1 ? "" : "s");
        goto done;
    }
    int pages = 0;
    if (image_contact_sheets((const char *const *)paths, n, 480, o->out, &pages, why,
                             sizeof(why)) != 0) {
        log_error("render", "contact sheet: %s", why);
        goto done;
    }
    if (pages == 1)
        printf("wrote %d panels and %s/contact-sheet.png (%dx%d)\n", n, o->out, w, h);
    else
        printf("wrote %d panels and %d contact sheets %s/contact-sheet-01.png... (%dx%d)\n", n,
               pages, o->out, w, h);
    status = overflows || refused ? 1 : 0;
done:
    if (looked) { /* the store's fonts are lent: the display lets them go before it closes */
        struct palette keep;
        store_palette(store, &keep);
        display_set_look(d, &keep, NULL);
    }
    for (int i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    arena_free(&a);
    arena_free(&info_arena);
    return status;
}

/* Read a whole text file (scripts are small; the cap keeps a wrong path
 * to a huge file from eating memory). */
static char *read_file(const char *path, size_t cap, size_t *len, char *why, size_t why_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(cap + 1);
    size_t n = buf ? fread(buf, 1, cap + 1, f) : 0;
    int err = ferror(f);
    fclose(f);
    if (!buf || err || n > cap) {
        snprintf(why, why_len, "%s: %s", path,
                 !buf  ? "out of memory"
                 : err ? "read error"
                       : "too large for a script");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static const char *mode_name(int m)
{
    return m == MODE_INTERACTIVE ? "interactive" : m == MODE_COUNTDOWN ? "countdown" : "loop";
}

/* Let simulated time pass up to `t`, stopping at every moment the kiosk
 * has something to do, so nothing is skipped however far apart events are. */
static void advance(struct kiosk *k, uint64_t *now, uint64_t t)
{
    for (int guard = 0; guard < 1000000; guard++) {
        uint64_t due = kiosk_deadline(k, *now);
        if (due > t)
            break;
        *now = due > *now ? due : *now + 1;
        kiosk_update(k, *now);
    }
    if (t > *now) /* a staff-tap may have run ahead by its lift */
        *now = t;
    kiosk_update(k, *now);
}

/* What the staff screen shows while proofing: the exhibit's own facts
 * where render knows them, placeholders for what only the run loop knows
 * (imports, the disk), and the log lines render itself wrote. */
struct staff_demo {
    struct staff_info info;
};

static void staff_log(void *ctx, enum log_level level, const char *tag, const char *line)
{
    struct staff_info *info = ctx;
    (void)level;
    if (info->n_log == STAFF_LOG_LINES) {
        memmove(info->log[0], info->log[1], sizeof(info->log[0]) * (STAFF_LOG_LINES - 1));
        info->n_log--;
    }
    snprintf(info->log[info->n_log++], sizeof(info->log[0]), "%s: %s", tag, line);
}

static void staff_demo_info(struct staff_info *info, struct store *store, const char *locale)
{
    char why[256];
    struct arena a;
    struct store_info si;
    arena_init(&a, 4096);
    memset(info, 0, sizeof(*info));
    if (store_info(store, locale, &a, &si, why, sizeof(why)) == 0) {
        snprintf(info->exhibit, sizeof(info->exhibit), "%s", si.title ? si.title : "");
        snprintf(info->version, sizeof(info->version), "%s", si.version ? si.version : "");
    }
    arena_free(&a);
    snprintf(info->signer, sizeof(info->signer), "built in");
    snprintf(info->last_import, sizeof(info->last_import),
             "Loaded from the stick at 09:12: 36 panels, checked and signed.");
    snprintf(info->free_space, sizeof(info->free_space), "12.3 GB free in /var/lib/vitrine");
    info->can_rollback = 1;
}

/* A tap on the staff control named `name` (script_staff_control), at its
 * centre: down now, up SCRIPT_TAP_MS later. */
/* The script's staff PIN, hashed (staff-pin), to check what is typed. */
static char render_pin_hash[STAFF_HASH_MAX];

static void staff_tap(struct kiosk *k, uint64_t *now, const char *name)
{
    static const enum action acts[] = {ACT_STAFF_CLEAR,    ACT_STAFF_OK,     ACT_STAFF_CANCEL,
                                       ACT_STAFF_ROLLBACK, ACT_STAFF_RELOAD, ACT_STAFF_EXIT,
                                       ACT_STAFF_CLOSE,    ACT_STAFF_EXPORT};
    int idx = -1;
    for (int i = 0; script_staff_control(i); i++)
        if (strcmp(script_staff_control(i), name) == 0)
            idx = i;
    enum action act = idx < 10 ? ACT_STAFF_DIGIT : acts[idx - 10];
    const struct control *c = NULL;
    int n = kiosk_staff_controls(k, &c);
    for (int i = 0; i < n; i++) {
        if (c[i].act != act || (act == ACT_STAFF_DIGIT && c[i].arg != idx))
            continue;
        struct input_event e = {.kind = INPUT_TOUCH,
                                .finger = SCRIPT_GESTURE_FINGER,
                                .phase = INPUT_DOWN,
                                .x = c[i].x + c[i].w / 2,
                                .y = c[i].y + c[i].h / 2,
                                .t_ms = *now};
        kiosk_input(k, &e, *now);
        *now += SCRIPT_TAP_MS;
        e.phase = INPUT_UP;
        e.t_ms = *now;
        kiosk_input(k, &e, *now);
        kiosk_update(k, *now);
        /* OK on the keypad: the run loop checks the PIN on a job; a render
         * draws no frame meanwhile, so it checks it here */
        char pin[STAFF_PIN_MAX + 1];
        if (kiosk_staff_pin_pending(k, pin, sizeof(pin))) {
            kiosk_staff_pin_result(k, staff_pin_check(render_pin_hash, pin), *now);
            sodium_memzero(pin, sizeof(pin));
            kiosk_update(k, *now);
        }
        return;
    }
    log_warn("render", "staff-tap %s: no such control on screen now", name);
}

static void staff_script(struct kiosk *k, uint64_t *now, const struct script_staff *st)
{
    char why[256];
    switch (st->op) {
    case SCRIPT_STAFF_PIN:
        if (staff_pin_hash(st->text, render_pin_hash, why, sizeof(why)) != 0)
            log_error("render", "staff-pin: %s", why);
        else
            kiosk_staff_pin(k, render_pin_hash);
        break;
    case SCRIPT_STAFF_TAP:
        staff_tap(k, now, st->text);
        break;
    case SCRIPT_STAFF_PROGRESS: {
        struct staff_progress p = {.active = !st->off, .done = st->done, .total = st->total};
        snprintf(p.text, sizeof(p.text), "%s", st->text);
        kiosk_staff_progress(k, &p, *now);
        break;
    }
    case SCRIPT_STAFF_CARD: {
        struct staff_card c = {.shown = !st->off, .ok = st->ok};
        snprintf(c.title, sizeof(c.title), "%s", st->text);
        snprintf(c.body, sizeof(c.body), "%s", st->text2);
        kiosk_staff_card(k, &c, *now);
        break;
    }
    }
}

/* The display's presenter, watched for --layout-json: which draw list
 * each prepared view was made from, and the last frame drawn. */
#define WATCH_VIEWS 64
struct watched {
    struct presenter inner;
    struct pview *view[WATCH_VIEWS];
    const struct draw_list *list[WATCH_VIEWS];
    struct frame last;
};

static void w_size(void *ctx, int *w, int *h)
{
    struct watched *x = ctx;
    x->inner.size(x->inner.ctx, w, h);
}

static float w_dpi(void *ctx)
{
    struct watched *x = ctx;
    return x->inner.dpi(x->inner.ctx);
}

static const struct text_measurer *w_measurer(void *ctx)
{
    struct watched *x = ctx;
    return x->inner.measurer(x->inner.ctx);
}

static struct pview *w_prepare(void *ctx, const struct draw_list *list, const char *locale,
                               char *why, size_t why_len)
{
    struct watched *x = ctx;
    struct pview *v = x->inner.prepare(x->inner.ctx, list, locale, why, why_len);
    for (int i = 0; v && i < WATCH_VIEWS; i++)
        if (!x->view[i]) {
            x->view[i] = v;
            x->list[i] = list;
            break;
        }
    return v;
}

static void w_release(void *ctx, struct pview *view)
{
    struct watched *x = ctx;
    for (int i = 0; view && i < WATCH_VIEWS; i++)
        if (x->view[i] == view)
            x->view[i] = NULL, x->list[i] = NULL;
    x->inner.release(x->inner.ctx, view);
}

static void w_look(void *ctx, const struct palette *pal,
                   const struct store_font fonts[STORE_FONT_FACES])
{
    struct watched *x = ctx;
    x->inner.look(x->inner.ctx, pal, fonts);
}

static void w_draw_frame(void *ctx, const struct frame *f)
{
    struct watched *x = ctx;
    x->last = *f;
    /* a rendered picture shows a video panel's poster: no clip plays */
    struct frame still = *f;
    for (int i = 0; i < still.n_views; i++)
        still.views[i].play = PV_STILL;
    x->inner.draw_frame(x->inner.ctx, &still);
}

/* The last frame's lists as the picture shows them: the views (their
 * offset applied, a faded-out one left out), then the lists over them. */
static int frame_lists(const struct watched *x, struct layout_json_list *out, int max)
{
    int n = 0;
    for (int v = 0; v < x->last.n_views && n < max; v++) {
        const struct frame_view *fv = &x->last.views[v];
        for (int i = 0; fv->alpha > 0 && i < WATCH_VIEWS; i++)
            if (x->view[i] && x->view[i] == fv->view)
                out[n++] = (struct layout_json_list){x->list[i], fv->dx, 1 - plan_ease(fv->anim_t)};
    }
    for (int l = 0; l < x->last.n_lists && n < max; l++)
        out[n++] = (struct layout_json_list){x->last.lists[l], 0, 0};
    return n;
}

static int render_script(struct display *d, struct store *store, const struct options *o,
                         FILE *json)
{
    char why[512];
    size_t len = 0;
    char *text = read_file(o->script, 64u << 20, &len, why, sizeof(why));
    if (!text) {
        fprintf(stderr, "vitrine render: %s\n", why);
        store_close(store);
        return 1;
    }
    struct script sc = {0};
    int rc = script_parse(text, len, o->script, &sc, why, sizeof(why));
    free(text);
    if (rc != 0) {
        fprintf(stderr, "vitrine render: %s\n", why);
        store_close(store);
        return 1;
    }
    const uint64_t start = 1000; /* simulated clock at the script's time 0 */
    struct kiosk_opts ko = {.locale = o->locale,
                            .idle_ms = (uint32_t)o->idle_s * 1000u,
                            .countdown_ms = (uint32_t)o->countdown_s * 1000u,
                            /* the guide, started by the script's "key speech"
                             * (its words are not said here) */
                            .speech = 1,
                            .lazy_views = 1,
                            .reduced_motion = o->reduced_motion,
                            .loop_languages =
                                o->loop_languages && strcmp(o->loop_languages, "alternate") == 0
                                    ? KIOSK_LOOP_ALTERNATE
                                    : KIOSK_LOOP_DEFAULT};
    static struct watched watch;
    memset(&watch, 0, sizeof(watch));
    watch.inner = display_presenter(d);
    struct presenter pres = {&watch,    w_size, w_dpi,        w_measurer, w_prepare,
                             w_release, w_look, w_draw_frame, NULL};
    struct staff_demo *demo = calloc(1, sizeof(*demo));
    if (!demo) {
        fprintf(stderr, "vitrine render: out of memory\n");
        script_free(&sc);
        store_close(store);
        return 1;
    }
    staff_demo_info(&demo->info, store, o->locale);
    log_subscribe(staff_log, &demo->info);
    struct kiosk *k = kiosk_new(&pres, store, &ko, start, why, sizeof(why));
    if (!k) {
        fprintf(stderr, "vitrine render: %s\n", why);
        log_unsubscribe(staff_log, &demo->info);
        free(demo);
        script_free(&sc);
        return 1;
    }
    int status = 0, shots = 0;
    uint64_t now = start;
    for (size_t i = 0; i < sc.n; i++) {
        const struct script_rec *r = &sc.recs[i];
        advance(k, &now, start + r->t_ms);
        if (r->kind == SCRIPT_INPUT) {
            struct input_event e = r->ev;
            e.t_ms = now;
            kiosk_input(k, &e, now);
            kiosk_update(k, now);
            continue;
        }
        if (r->kind == SCRIPT_STAFF) {
            staff_script(k, &now, &r->staff);
            kiosk_update(k, now);
            continue;
        }
        kiosk_staff_info(k, &demo->info); /* the latest log lines */
        kiosk_draw(k, now);
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s.png", o->out, r->shot);
        if (display_save_png(d, path, why, sizeof(why)) != 0) {
            fprintf(stderr, "vitrine render: %s\n", why);
            status = 1;
            break;
        }
        shots++;
        if (json) {
            struct layout_json_list ls[FRAME_MAX_VIEWS + FRAME_MAX_LISTS];
            int nl = frame_lists(&watch, ls, FRAME_MAX_VIEWS + FRAME_MAX_LISTS);
            int sw, sh;
            display_size(d, &sw, &sh);
            if (layout_json_write(json, r->shot, sw, sh, kiosk_current(k) + 1, kiosk_locale(k),
                                  mode_name(kiosk_mode(k)), ls, nl) != 0)
                log_error("render", "%s: a write failed", o->layout_json);
        }
        printf("shot %s t_ms=%llu panel=%d mode=%s transition=%d locale=%s\n", r->shot,
               (unsigned long long)r->t_ms, kiosk_current(k) + 1, mode_name(kiosk_mode(k)),
               kiosk_transitioning(k), kiosk_locale(k));
    }
    printf("played %zu events over %.1f s of simulated time, wrote %d shots\n", sc.n,
           (double)(now - start) / 1000.0, shots);
    kiosk_free(k);
    log_unsubscribe(staff_log, &demo->info);
    free(demo);
    script_free(&sc);
    return status;
}

int cmd_render(const struct options *o)
{
    /* --layout-json alone (no --script): the layout records without the
     * pictures, for tools that measure every panel at many sizes */
    if (!o->out && !(o->layout_json && !o->script)) {
        fprintf(stderr, "vitrine render: --out DIR is required (but with --layout-json alone)\n");
        return 2;
    }
    if (o->out && make_dir(o->out) != 0)
        return 1;
    char why[512], notice[768];
    struct store *store = NULL;
    if (o->content) {
        /* staff proofing their content must never get the built-in exhibit */
        if (store_open_file(o->content, &store, why, sizeof(why)) != 0) {
            fprintf(stderr, "vitrine render: %s Nothing was rendered.\n", why);
            return 1;
        }
    } else if (!(store = cli_open_content(NULL, notice, sizeof(notice)))) {
        return 1;
    }
    /* --locale must name one of the exhibit's languages: proofing in the
     * wrong one would look right and be wrong */
    struct options with_locale = *o;
    if (o->locale && !(with_locale.locale = store_locale_find(store, o->locale))) {
        char list[512];
        fprintf(stderr, "vitrine render: the exhibit has no language '%s'; it has: %s\n", o->locale,
                store_locale_list(store, list, sizeof(list)));
        store_close(store);
        return 2;
    }
    o = &with_locale;
    struct display_opts dopts = {.headless = 1,
                                 .w = o->width ? o->width : 1920,
                                 .h = o->height ? o->height : 1080,
                                 .rotation = (int)o->rotation};
    struct display *d = display_open(&dopts, why, sizeof(why));
    if (!d) {
        log_error("render", "%s", why);
        store_close(store);
        return 1;
    }
    FILE *json = NULL;
    if (o->layout_json && !(json = fopen(o->layout_json, "w"))) {
        fprintf(stderr, "vitrine render: %s: %s\n", o->layout_json, strerror(errno));
        store_close(store);
        display_close(d);
        return 1;
    }
    int status;
    if (o->script) {
        status = render_script(d, store, o, json);
        store = NULL; /* the kiosk took it */
    } else {
        status = render_panels(d, store, o, json);
    }
    if (json && fclose(json) != 0) {
        fprintf(stderr, "vitrine render: %s: %s\n", o->layout_json, strerror(errno));
        status = 1;
    }
    store_close(store);
    display_close(d);
    return status;
}
