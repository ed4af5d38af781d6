/* kiosk_content.c - what the kiosk takes from its store besides panels: the
 * languages it offers (kiosk_opts.locales), the exhibit's own words, the
 * chapters and the index of those on now, and the look (colours and fonts
 * lent to the presenter, let go before the store closes). */
#include "kiosk_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "locale_rules.h"
#include "log.h"
#include "mode.h"
#include "overlay.h"
#include "schedule.h"
#include "staff.h"
#include "staff_layer.h"
#include "viewcache.h"

/* kiosk_opts.locales: keep of info's languages those offered, in the
 * offered order (all of them if none is). Returns 1 when the language to
 * show is not among them: k->locale is then the first offered. */
static int offer_locales(struct kiosk *k, struct store_info *info)
{
    const char *codes[STORE_MAX_LOCALES], *names[STORE_MAX_LOCALES];
    int n = 0;
    for (int i = 0; i < k->n_offered; i++) {
        const char *code = store_locale_find(k->store, k->offered[i]);
        for (int j = 0; code && j < info->n_locales && n < STORE_MAX_LOCALES; j++)
            if (strcmp(info->locales[j], code) == 0) {
                codes[n] = info->locales[j];
                names[n++] = info->locale_names[j];
                code = NULL; /* listed twice: once */
            }
        if (!store_locale_find(k->store, k->offered[i]) && k->offer_warn)
            log_warn("kiosk",
                     "the language \"%s\" of the setting locales is not in %s; it is "
                     "not offered",
                     k->offered[i], store_name(k->store));
    }
    k->offer_warn = 0;
    if (n == 0)
        return 0;
    const char *now = k->locale[0] ? store_locale_find(k->store, k->locale) : info->default_locale;
    int shown = 0;
    for (int i = 0; i < n; i++) {
        shown |= now && strcmp(codes[i], now) == 0;
        info->locales[i] = codes[i];
        info->locale_names[i] = names[i];
    }
    info->n_locales = n;
    if (shown)
        return 0;
    snprintf(k->locale, sizeof(k->locale), "%s", codes[0]);
    return 1;
}

/* Read the exhibit's metadata into a scratch arena and adopt it only when
 * complete: on failure the kiosk keeps what it had. The chapters come
 * later (load_chapters): listing them reads every panel's text, which at
 * 10,000 panels was half of the time to the first frame. */
/* Each language's words, and once per store a line for the exhibit's words
 * it left out (the kiosk's own are shown there). */
static void load_words(struct kiosk *k)
{
    for (int i = 0; i < k->info.n_locales; i++)
        ui_words_init(&k->words[i], k->info.locales[i],
                      store_ui_text(k->store, k->info.locales[i]));
    char why[400];
    int n = store_ui_ignored(k->store, why, sizeof why);
    if (n > 0 && k->ui_checked != k->store)
        log_warn("kiosk", "%s (%d of the exhibit's words left out)", why, n);
    k->ui_checked = k->store;
}

int kiosk_load_info(struct kiosk *k, char *why, size_t why_len)
{
    struct arena a;
    struct store_info info;
    arena_init(&a, 4096);
    if (store_info(k->store, kiosk_locale_or_default(k), &a, &info, why, why_len) != 0)
        goto fail;
    if (offer_locales(k, &info)) { /* again, in the first language offered */
        arena_reset(&a);
        if (store_info(k->store, kiosk_locale_or_default(k), &a, &info, why, why_len) != 0)
            goto fail;
        offer_locales(k, &info);
    }
    if (info.n_panels < 1) {
        snprintf(why, why_len, "%s has no panels.", store_name(k->store));
        goto fail;
    }
    struct showplan plan;
    if (showplan_load(&plan, k->store, info.n_panels, &a, why, why_len) != 0)
        goto fail;
    arena_free(&k->info_arena);
    k->info_arena = a;
    k->info = info;
    load_words(k);
    k->plan = plan;
    if (k->has_wall)
        showplan_at(&k->plan, &k->wall);
    k->chapters = NULL;
    k->n_all_chapters = 0;
    k->n_chapters = 0;
    k->chapter_first = NULL;
    k->chapter_titles = NULL;
    k->chapters_loaded = 0;
    return 0;
fail:
    arena_free(&a);
    return -1;
}

/* Every chapter (there are no more than panels), for the index pages and
 * its button: once per content and language, after the first frame or at
 * the first input, whichever comes first. */
void kiosk_index_chapters(struct kiosk *k);

void kiosk_load_chapters(struct kiosk *k)
{
    if (k->chapters_loaded)
        return;
    k->chapters_loaded = 1;
    char why[256];
    struct store_chapter *chapters = NULL;
    int n = 0;
    if (store_chapters(k->store, kiosk_locale_or_default(k), &k->info_arena, &chapters, &n,
                       k->info.n_panels, why, sizeof(why)) != 0) {
        log_warn("kiosk", "no chapter index: %s", why);
        return;
    }
    int *first = arena_alloc(&k->info_arena, sizeof(int) * (size_t)(n + 1));
    const char **titles = arena_alloc(&k->info_arena, sizeof(char *) * (size_t)(n + 1));
    if (!first || !titles) {
        log_warn("kiosk", "no chapter index: out of memory");
        return;
    }
    k->chapters = chapters;
    k->n_all_chapters = n;
    k->chapter_first = first;
    k->chapter_titles = titles;
    kiosk_index_chapters(k);
}

/* The chapter index lists the chapters with a panel on now (content on a
 * schedule), each opening at its first panel on now. No allocation: done
 * again whenever what is on changes. */
void kiosk_index_chapters(struct kiosk *k)
{
    int n = 0;
    for (int c = 0; c < k->n_all_chapters; c++) {
        int end = c + 1 < k->n_all_chapters ? k->chapters[c + 1].first_panel : k->info.n_panels;
        for (int i = k->chapters[c].first_panel; i < end; i++)
            if (showplan_on(&k->plan, i)) {
                k->chapter_first[n] = i;
                k->chapter_titles[n++] = k->chapters[c].title;
                break;
            }
    }
    k->n_chapters = n;
    if (k->index_page >= kiosk_index_pages(k))
        k->index_page = 0;
    kiosk_layout_controls(k);
    if (k->view.state != MODE_LOOP) /* the controls (the index button) are on screen */
        k->dirty = 1;
}

/* The presenter draws in the exhibit's colours and fonts from now on. */
void kiosk_apply_look(struct kiosk *k)
{
    /* its hyphenation comes with it, found at bundle build; once per store */
    if (!store_hyphenates(k->store))
        log_info("kiosk",
                 "%s was built before exhibits kept their hyphenation: long words are "
                 "cut; rebuild the exhibit to hyphenate it",
                 store_name(k->store));
    if (!k->p.look)
        return; /* a presenter with one look: tests, not a screen */
    struct palette pal;
    struct store_font fonts[STORE_FONT_FACES];
    char why[256] = "";
    store_palette(k->store, &pal);
    /* the fonts' bytes are the store's, lent (no copy: a 20 MB font for
     * three faces is held once); the presenter lets them go at its next
     * look(), before the store is closed (adopt_pending, kiosk_free) */
    if (store_lend_fonts(k->store, fonts, why, sizeof why) != 0)
        log_warn("kiosk", "%s; its text is set in vitrine's own fonts", why);
    k->p.look(k->p.ctx, &pal, fonts);
}

/* The presenter told to let the store's fonts go (they are lent), keeping
 * the colours: before the store that lent them is closed. */
void kiosk_drop_look(struct kiosk *k)
{
    if (!k->p.look || !k->store)
        return;
    struct palette pal;
    struct store_font none[STORE_FONT_FACES] = {{NULL, NULL, 0}};
    store_palette(k->store, &pal);
    k->p.look(k->p.ctx, &pal, none);
}
