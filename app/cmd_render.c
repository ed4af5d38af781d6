/* cmd_render.c - `vitrine render`: the exhibit as PNG files, headless.
 *
 * Without --script: one PNG per panel in its final state (figures counted
 * up) plus contact-sheet.png (contact-sheet-01.png, ... past 48 panels). With --script: the kiosk
 * itself runs in simulated time, fed the script's touches, and `shot` lines write PNGs. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "display.h"
#include "image.h"
#include "cli.h"
#include "kiosk.h"
#include "layout.h"
#include "log.h"
#include "mode.h"
#include "script.h"

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

static int render_panels(struct display *d, struct store *store, const struct options *o)
{
    char why[512];
    int w, h, status = 1;
    display_size(d, &w, &h);
    struct layout_screen screen = {w, h};
    const struct text_measurer *m = text_measurer(display_text(d));
    struct arena info_arena, a;
    arena_init(&info_arena, 4096);
    arena_init(&a, 64 * 1024);
    struct store_info info;
    char **paths = NULL;
    int n = 0, overflows = 0, refused = 0;
    if (store_info(store, o->locale, &info_arena, &info, why, sizeof(why)) != 0) {
        log_error("render", "%s", why);
        goto done;
    }
    paths = calloc((size_t)info.n_panels, sizeof(*paths));
    if (!paths)
        goto done;
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
        layout_chrome(&screen, i, info.n_panels, p.chapter, m, &a, &chrome);
        struct panel_view *v = display_prepare(d, &list, p.locale, why, sizeof(why));
        if (!v) {
            log_error("render", "panel %s: %s", p.id, why);
            goto done;
        }
        display_clear(d);
        display_draw_view(d, v, 0, 255, 1.0);
        display_draw_list(d, &chrome);
        char name[80], path[4096];
        safe_name(name, sizeof(name), p.id);
        snprintf(path, sizeof(path), "%s/%03d-%s.png", o->out, i + 1, name);
        int rc = display_save_png(d, path, why, sizeof(why));
        display_view_free(v);
        if (rc != 0) {
            log_error("render", "%s", why);
            goto done;
        }
        paths[n++] = strdup(path);
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
    *now = t;
    kiosk_update(k, *now);
}

static int render_script(struct display *d, struct store *store, const struct options *o)
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
    struct kiosk_opts ko = {
        .locale = o->locale, .idle_ms = (uint32_t)o->idle_s * 1000u, .lazy_views = 1};
    struct presenter pres = display_presenter(d);
    struct kiosk *k = kiosk_new(&pres, store, &ko, start, why, sizeof(why));
    if (!k) {
        fprintf(stderr, "vitrine render: %s\n", why);
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
        kiosk_draw(k, now);
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s.png", o->out, r->shot);
        if (display_save_png(d, path, why, sizeof(why)) != 0) {
            fprintf(stderr, "vitrine render: %s\n", why);
            status = 1;
            break;
        }
        shots++;
        printf("shot %s t_ms=%llu panel=%d mode=%s transition=%d locale=%s\n", r->shot,
               (unsigned long long)r->t_ms, kiosk_current(k) + 1, mode_name(kiosk_mode(k)),
               kiosk_transitioning(k), kiosk_locale(k));
    }
    printf("played %zu events over %.1f s of simulated time, wrote %d shots\n", sc.n,
           (double)(now - start) / 1000.0, shots);
    kiosk_free(k);
    script_free(&sc);
    return status;
}

int cmd_render(const struct options *o)
{
    if (!o->out) {
        fprintf(stderr, "vitrine render: --out DIR is required\n");
        return 2;
    }
    if (make_dir(o->out) != 0)
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
    struct display_opts dopts = {
        .headless = 1, .w = o->width ? o->width : 1920, .h = o->height ? o->height : 1080};
    struct display *d = display_open(&dopts, why, sizeof(why));
    if (!d) {
        log_error("render", "%s", why);
        store_close(store);
        return 1;
    }
    int status;
    if (o->script) {
        status = render_script(d, store, o);
        store = NULL; /* the kiosk took it */
    } else {
        status = render_panels(d, store, o);
    }
    store_close(store);
    display_close(d);
    return status;
}
