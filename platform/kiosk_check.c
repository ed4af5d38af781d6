/* kiosk_check.c - see kiosk_check.h. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "display.h"
#include "fault.h"
#include "import.h"
#include "kiosk.h"
#include "kiosk_check.h"
#include "log.h"
#include "overlay.h"
#include "store.h"

#define START_MS 1000u
#define SETTLE_MAX_FRAMES 2000 /* 32 s of frames: every transition ends long before */

struct drill {
    struct kiosk *k;
    struct display *d;
    uint64_t now;
    FILE *out; /* to the parent: "step ..." lines, then "ok" or "fail ..." */
    const struct import_result *r;
};

/* Tell the parent what is being drawn now: what, and in which language. */
static void step(struct drill *dr, const char *what, const char *lang)
{
    fprintf(dr->out, "step %s%s%s\n", what, lang ? " in " : "", lang ? lang : "");
    fflush(dr->out);
}

/* Let every transition and count-up finish, then draw the frame. */
static void settle_and_draw(struct drill *dr)
{
    kiosk_update(dr->k, dr->now);
    for (int i = 0; i < SETTLE_MAX_FRAMES && kiosk_animating(dr->k, dr->now); i++) {
        dr->now += KIOSK_FRAME_MS;
        kiosk_update(dr->k, dr->now);
        if (i % 8 == 0)
            kiosk_draw(dr->k, dr->now); /* frames in between draw too */
    }
    kiosk_draw(dr->k, dr->now);
}

static void tap_at(struct drill *dr, float x, float y)
{
    struct input_event e = {
        .kind = INPUT_TOUCH, .finger = 1, .phase = INPUT_DOWN, .x = x, .y = y, .t_ms = dr->now};
    kiosk_input(dr->k, &e, dr->now);
    dr->now += 50;
    e.phase = INPUT_UP;
    e.t_ms = dr->now;
    kiosk_input(dr->k, &e, dr->now);
    kiosk_update(dr->k, dr->now);
}

/* Tap the visitors' control with this action (and argument, unless
 * any_arg); 0 when there is none on screen. */
static int tap(struct drill *dr, enum action act, int arg, int any_arg)
{
    const struct control *c = NULL;
    int n = kiosk_controls(dr->k, &c);
    for (int i = 0; i < n; i++) {
        if (c[i].act != act || (!any_arg && c[i].arg != arg))
            continue;
        tap_at(dr, c[i].x + c[i].w / 2, c[i].y + c[i].h / 2);
        return 1;
    }
    return 0;
}

/* The result card the run loop shows, with the exhibit's title and
 * version, over the panel. */
static void cards(struct drill *dr)
{
    struct staff_card card = {.shown = 1, .ok = 1};
    for (int rollback = 0; rollback < 2; rollback++) {
        import_card_loaded(dr->r, rollback, !rollback, card.title, sizeof(card.title), card.body,
                           sizeof(card.body));
        kiosk_staff_card(dr->k, &card, dr->now);
        settle_and_draw(dr);
    }
    kiosk_staff_card(dr->k, NULL, dr->now);
}

/* The staff screen with the exhibit's facts, in the language on screen. */
static void staff_screen(struct drill *dr)
{
    struct staff_info *info = calloc(1, sizeof(*info));
    struct control controls[MODE_MAX_CONTROLS];
    struct arena a;
    if (!info)
        return;
    snprintf(info->exhibit, sizeof(info->exhibit), "%s", dr->r->title);
    snprintf(info->version, sizeof(info->version), "%s", dr->r->version);
    snprintf(info->signer, sizeof(info->signer), "%s", dr->r->signer);
    import_card_loaded(dr->r, 0, 0, info->last_import, sizeof(info->last_import), NULL, 0);
    snprintf(info->log[0], sizeof(info->log[0]), "run: %.240s", info->last_import);
    info->n_log = 1;
    info->can_rollback = 1;
    int w, h;
    display_size(dr->d, &w, &h);
    struct layout_screen screen = {w, h, 0, 0, 0};
    struct control_screen cs = {w, h, 0};
    int n = mode_staff_screen_layout(&cs, 1, controls, MODE_MAX_CONTROLS);
    arena_init(&a, 64 * 1024);
    for (int confirm = 0; confirm < 2; confirm++) {
        struct draw_list list = {0};
        arena_reset(&a);
        overlay_staff_screen(&screen, controls, n, -1, info, confirm, kiosk_locale(dr->k),
                             text_measurer(display_text(dr->d)), &a, &list);
        display_clear(dr->d);
        display_draw_list(dr->d, &list);
    }
    arena_free(&a);
    free(info);
}

static int drill(struct drill *dr, const char *path, int w, int h)
{
    char why[512];
    struct store *s = NULL;
    if (store_open_file(path, &s, why, sizeof(why)) != 0) {
        fprintf(dr->out, "fail %s\n", why);
        return -1;
    }
    struct display_opts dopts = {.headless = 1, .w = w, .h = h, .renderer = "software"};
    dr->d = display_open(&dopts, why, sizeof(why));
    if (!dr->d) {
        store_close(s);
        fprintf(dr->out, "fail no display to draw on: %s\n", why);
        return -1;
    }
    /* whatever handlers the display set only queue a quit the drill never
     * reads: it has nothing to save, so a stop ends it at once */
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    struct arena a;
    struct store_info info;
    int n_locales = 1;
    arena_init(&a, 4096);
    if (store_info(s, NULL, &a, &info, why, sizeof(why)) == 0 && info.n_locales > 1)
        n_locales = info.n_locales;
    struct presenter pres = display_presenter(dr->d);
    struct kiosk_opts ko = {.lazy_views = 1};
    dr->now = START_MS;
    dr->k = kiosk_new(&pres, s, &ko, dr->now, why, sizeof(why));
    if (!dr->k) {
        arena_free(&a);
        display_close(dr->d);
        fprintf(dr->out, "fail %s\n", why);
        return -1;
    }
    step(dr, "the loop", NULL);
    settle_and_draw(dr);
    step(dr, "the Loaded card", NULL);
    cards(dr);
    step(dr, "the controls after a touch", NULL);
    tap_at(dr, 0.5f, 0.5f);
    settle_and_draw(dr);
    fault_point("kiosk-check", dr->r->version);
    for (int l = 0; l < n_locales; l++) {
        char code[64];
        snprintf(code, sizeof(code), "%s",
                 n_locales > 1 ? info.locales[l] : "the exhibit's language");
        if (n_locales > 1) {
            step(dr, "the language button, choosing", code);
            if (tap(dr, ACT_OPEN_LANGUAGES, 0, 1)) /* three or more: the picker first */
                settle_and_draw(dr);
            if (!tap(dr, ACT_LANGUAGE, l, 0))
                tap(dr, ACT_LANGUAGE, -1, 1);
            settle_and_draw(dr);
        }
        step(dr, "the larger text", code);
        if (tap(dr, ACT_TEXT_SIZE, 0, 1)) {
            settle_and_draw(dr);
            tap(dr, ACT_TEXT_SIZE, 0, 1);
            settle_and_draw(dr);
        }
        step(dr, "the chapter index", code);
        if (tap(dr, ACT_OPEN_INDEX, 0, 1)) {
            settle_and_draw(dr);
            for (int page = 1; page < 1000 && tap(dr, ACT_INDEX_PAGE, 1, 0); page++)
                settle_and_draw(dr);
            tap(dr, ACT_CLOSE_INDEX, 0, 1);
            settle_and_draw(dr);
        }
        step(dr, "the result cards", code);
        cards(dr);
        step(dr, "the staff screen", code);
        staff_screen(dr);
    }
    arena_free(&a);
    step(dr, "the \"still there?\" card", NULL);
    const struct mode_view *v = kiosk_mode_view(dr->k);
    for (int i = 0; i < 100000 && v->state != MODE_COUNTDOWN && v->state != MODE_LOOP; i++) {
        dr->now += 1000;
        kiosk_update(dr->k, dr->now);
        v = kiosk_mode_view(dr->k);
    }
    settle_and_draw(dr);
    kiosk_free(dr->k);
    display_close(dr->d);
    fputs("ok\n", dr->out);
    return 0;
}

int kiosk_check(const char *path, int w, int h, const struct import_result *r, char *why,
                size_t why_len)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(why, why_len, "cannot check what the kiosk draws: %s", strerror(errno));
        return -1;
    }
    uint64_t t0 = clock_now_ms();
    fflush(NULL); /* the child must not write the parent's buffers again */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        snprintf(why, why_len, "cannot check what the kiosk draws: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        /* the import stopped (SIGTERM from the kiosk): its drill ends too */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(1); /* it went before the line above */
        struct drill dr = {.out = fdopen(fds[1], "w"), .r = r};
        int rc = dr.out && drill(&dr, path, w, h) == 0 ? 0 : 1;
        if (dr.out)
            fclose(dr.out); /* _exit flushes nothing */
        _exit(rc);
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    char line[1024], last[1024] = "starting", fail[1024] = "";
    int ok = 0;
    while (in && fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "step ", 5) == 0)
            snprintf(last, sizeof(last), "%s", line + 5);
        else if (strncmp(line, "fail ", 5) == 0)
            snprintf(fail, sizeof(fail), "%s", line + 5);
        else if (strcmp(line, "ok") == 0)
            ok = 1;
    }
    if (in)
        fclose(in);
    else
        close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok) {
        log_info("import", "the kiosk drew everything with the exhibit's text at %dx%d in %llu ms",
                 w, h, (unsigned long long)(clock_now_ms() - t0));
        return 0;
    }
    if (WIFSIGNALED(status))
        snprintf(why, why_len,
                 "the kiosk stopped (signal %d, %s) while drawing %s with the exhibit's text at "
                 "%dx%d; it would stop the same way in front of visitors",
                 WTERMSIG(status), strsignal(WTERMSIG(status)), last, w, h);
    else
        snprintf(why, why_len, "the kiosk could not draw %s at %dx%d: %s", last, w, h,
                 fail[0] ? fail : "it stopped without saying why");
    return -1;
}
