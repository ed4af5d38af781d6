/* overlay.c - touch controls, chapter index and idle card as a draw list.
 *
 * The buttons are the controls' own hit rectangles, so what a visitor sees
 * is exactly what answers a touch. Plates are translucent charcoal with a
 * thin rule outline, so the panel stays visible around and under them; the
 * pressed one is filled with the accent colour for the frame after the
 * touch. Type sizes start from multiples of u (short side / 100, as in
 * layout.c) and are capped by the buttons: a label steps down until it fits
 * its button and is cut with an ellipsis only as a last resort. */
#include "overlay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_strings.h"

/* Type, in u. */
#define T_LABEL 2.6 /* bottom bar labels */
#define T_LABEL_FLOOR 1.8
#define T_CHEVRON 6.0
#define T_TEXT_SIZE 3.6 /* the larger-text toggle's "A+" */
#define T_TITLE 2.8     /* chapter titles in the index */
#define T_TITLE_FLOOR 2.0
#define T_HEADING 4.2 /* index heading */
#define T_HEADING_FLOOR 2.2
#define T_CARD_HEAD 5.2 /* countdown card */
#define T_CARD_HEAD_FLOOR 3.0
#define T_CARD_BODY 3.4
#define T_CARD_BODY_FLOOR 2.4
#define T_CARD_SMALL 2.6
#define T_CARD_SMALL_FLOOR 2.0
#define T_PICK 3.4 /* a language's name in the picker */
#define T_PICK_FLOOR 2.2
#define T_INVITE 2.2
#define T_INVITE_FLOOR 1.6
#define T_LOOP 3.0     /* the loop's invitation: read from a few steps away */
#define T_LOOP_BIG 5.0 /* ... one language at a time, as large as the band allows */
#define T_LOOP_FLOOR 2.0
#define MAX_INVITES 8 /* languages in the invitation, at most */
#define T_MIN_PX 6    /* below this nothing is drawn at all */

/* Opacity of the layers. */
#define A_PLATE 180     /* side button plates over the panel */
#define A_BAR 255       /* bottom-bar plates hide the chrome text they sit on */
#define A_SCRIM 235     /* behind the chapter index */
#define A_DIM 150       /* behind the countdown card */
#define A_CARD 250      /* the countdown card */
#define A_INDEX_FILL 70 /* chapter buttons, a rule-coloured tint on the scrim */

/* The chrome's band is layout_band's; the content's margin and the air
 * above the band as in layout.c. */
#define G_MARGIN 7.0
#define G_BAND_GAP 1.5

#define FIT_MAX_LINES 4
#define ELLIPSIS "\xE2\x80\xA6"
/* The sign for "language" that needs no words and no emoji font: 文A, the
 * one phones and translation services put on their language switch (a Han
 * letter and a Latin one, two writings). */
#define LANGUAGE_MARK "\xE6\x96\x87\x41"

struct ov {
    struct draw_ctx d;
    const struct overlay_info *info;
    const char *locale;
    struct ui_words words; /* the screen's language's (words_of) */
    /* FACE_KIOSK while laying out the kiosk's own screens (the staff
     * layer, the countdown card): or'd into every face, so they draw with
     * the fonts the kiosk ships, whatever the exhibit's fonts are */
    unsigned face_bits;
};

static int U(const struct ov *o, double s)
{
    return draw_u(&o->d, s);
}

static struct draw_item *push(struct ov *o, enum draw_kind kind, struct draw_rect r,
                              enum color_role color, uint8_t alpha)
{
    struct draw_item *it = draw_push(&o->d, kind, r, color);
    it->alpha = alpha;
    return it;
}

static void rect(struct ov *o, int x, int y, int w, int h, enum color_role color, uint8_t alpha)
{
    if (w > 0 && h > 0)
        push(o, DRAW_RECT, (struct draw_rect){x, y, w, h}, color, alpha);
}

static int measure(const struct ov *o, enum font_face face, int px, const char *s, int n)
{
    face = (enum font_face)((unsigned)face | o->face_bits);
    return n > 0 ? typeset_width(o->d.m, face, px, s, (size_t)n) : 0;
}

static int line_height(const struct ov *o, enum font_face face, int px)
{
    face = (enum font_face)((unsigned)face | o->face_bits);
    return o->d.m->line_height(o->d.m->ctx, face, px);
}

/* ---- text fitting --------------------------------------------------------- */

#define LEAD 0.15 /* between the lines of a label, in em */

/* Fit text into bw x bh in at most max_lines lines: the largest size from
 * design down to floor_px at which it fits with whole words; else, at the
 * floor, the lines that fit with the last one cut by an ellipsis. The size
 * is also capped so that one line fits bh. f->keep is 0 when nothing can
 * be shown. */
static void fit_text_in(struct ov *o, struct typeset *f, const char *text, const char *lang,
                        enum font_face face, int design, int floor_px, int bw, int bh,
                        int max_lines)
{
    if (max_lines < 1)
        max_lines = 1;
    if (max_lines > FIT_MAX_LINES)
        max_lines = FIT_MAX_LINES;
    face = (enum font_face)((unsigned)face | o->face_bits);
    const struct typeset_style st = {face, max_lines > 1 ? LEAD : 0, 0, 0, lang, NULL};
    if (typeset_prepare(f, o->d.m, o->d.a, text, &st)) {
        o->d.oom = 1;
        return;
    }
    if (f->nu == 0 || bw <= 0 || bh <= 0 || design < 1)
        return;
    /* the tallest type whose line fits the box height */
    int top = design;
    int lh = line_height(o, face, top);
    if (lh > bh)
        top = draw_max(1, (int)((long)design * bh / lh));
    while (top > 1 && line_height(o, face, top) > bh)
        top--;
    if (top < T_MIN_PX || line_height(o, face, top) > bh)
        return;
    /* a box lower than the design size lowers the floor in proportion */
    if (top < design)
        floor_px = (int)((long)floor_px * top / design);
    floor_px = draw_max(T_MIN_PX, draw_min(floor_px, top));
    if (!typeset_fit(f, top, floor_px, bw, bh, max_lines, TYPESET_WHOLE_WORDS))
        typeset_ellipsize(f, bw);
    if (f->oom)
        o->d.oom = 1;
}

/* fit_text_in, in the language of the screen. */
static void fit_text(struct ov *o, struct typeset *f, const char *text, enum font_face face,
                     int design, int floor_px, int bw, int bh, int max_lines)
{
    fit_text_in(o, f, text, o->locale, face, design, floor_px, bw, bh, max_lines);
}

/* The widest line drawn. */
static int widest(const struct typeset *f)
{
    int w = 0;
    for (int i = 0; i < f->keep; i++)
        w = draw_max(w, f->lines[i].w);
    return w;
}

/* Draw f's lines from y, aligned in [x, x + bw). */
static void emit(struct ov *o, const struct typeset *f, int x, int y, int bw, enum typeset_align al,
                 enum color_role color)
{
    draw_text(&o->d, f, x, y, bw, al, color);
}

/* Draw f's lines centred vertically in r. */
static void emit_in(struct ov *o, const struct typeset *f, struct draw_rect r,
                    enum typeset_align al, enum color_role color)
{
    emit(o, f, r.x, r.y + (r.h - f->height) / 2, r.w, al, color);
}

/* ---- buttons -------------------------------------------------------------- */

struct draw_rect overlay_control_rect(const struct layout_screen *screen, const struct control *c)
{
    struct draw_rect r = {0, 0, 0, 0};
    if (!screen || !c)
        return r;
    double W = screen->w, H = screen->h;
    long x0 = lround(c->x * W), y0 = lround(c->y * H);
    long x1 = lround(((double)c->x + c->w) * W), y1 = lround(((double)c->y + c->h) * H);
    x0 = x0 < 0 ? 0 : x0 > screen->w ? screen->w : x0;
    x1 = x1 < x0 ? x0 : x1 > screen->w ? screen->w : x1;
    y0 = y0 < 0 ? 0 : y0 > screen->h ? screen->h : y0;
    y1 = y1 < y0 ? y0 : y1 > screen->h ? screen->h : y1;
    r = (struct draw_rect){(int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0)};
    return r;
}

static int hairline(const struct ov *o, struct draw_rect r)
{
    return draw_max(1, draw_min(U(o, 0.15), draw_min(r.w, r.h) / 8));
}

/* A button's plate: a fill inside an outline drawn as four thin rects (so
 * no pixel is blended twice), or a solid accent fill when pressed. */
static void plate(struct ov *o, struct draw_rect r, int pressed, enum color_role fill,
                  uint8_t fill_alpha, enum color_role outline, int t)
{
    if (pressed) {
        rect(o, r.x, r.y, r.w, r.h, COLOR_ACCENT, 255);
        return;
    }
    t = draw_max(1, draw_min(t, draw_min(r.w, r.h) / 4));
    rect(o, r.x + t, r.y + t, r.w - 2 * t, r.h - 2 * t, fill, fill_alpha);
    rect(o, r.x, r.y, r.w, t, outline, 255);
    rect(o, r.x, r.y + r.h - t, r.w, t, outline, 255);
    rect(o, r.x, r.y + t, t, r.h - 2 * t, outline, 255);
    rect(o, r.x + r.w - t, r.y + t, t, r.h - 2 * t, outline, 255);
}

/* The room for a label inside a button. */
static struct draw_rect inset(const struct ov *o, struct draw_rect r)
{
    int side = draw_min(r.w, r.h);
    int px = draw_min(draw_max(4, U(o, 0.6)), side / 6),
        py = draw_min(draw_max(2, U(o, 0.4)), side / 6);
    return (struct draw_rect){r.x + px, r.y + py, r.w - 2 * px, r.h - 2 * py};
}

static const char *locale_name(const struct ov *o, int i)
{
    const struct overlay_info *in = o->info;
    if (!in || i < 0 || i >= in->n_locales || !in->locale_names)
        return NULL;
    return in->locale_names[i];
}

/* "fr-CA" -> "FR" */
static char *locale_code(struct ov *o, int i)
{
    const struct overlay_info *in = o->info;
    if (!in || i < 0 || i >= in->n_locales || !in->locale_codes || !in->locale_codes[i])
        return NULL;
    const char *c = in->locale_codes[i];
    size_t n = strcspn(c, "-_.@");
    char *s = draw_alloc(&o->d, n + 1);
    if (!s)
        return NULL;
    for (size_t k = 0; k < n; k++)
        s[k] = (c[k] >= 'a' && c[k] <= 'z') ? (char)(c[k] - 'a' + 'A') : c[k];
    s[n] = 0;
    return s;
}

/* The code of language i as the exhibit writes it ("fr-CA"), for its own
 * name's line-breaking rules; NULL when not given. */
static const char *locale_lang(const struct ov *o, int i)
{
    const struct overlay_info *in = o->info;
    if (!in || i < 0 || i >= in->n_locales || !in->locale_codes)
        return NULL;
    return in->locale_codes[i];
}

/* Language i's own name fitted into bw x bh on up to max_lines lines at
 * design down to floor_px, in its own language's rules; its code ("FR")
 * where the name is missing or cannot be shown whole. */
static void fit_language(struct ov *o, struct typeset *f, int i, int design, int floor_px, int bw,
                         int bh, int max_lines)
{
    const char *name = locale_name(o, i);
    fit_text_in(o, f, name && *name ? name : NULL, locale_lang(o, i), FACE_SANS_BOLD, design,
                floor_px, bw, bh, max_lines);
    if (f->keep && !f->cut)
        return;
    const char *code = locale_code(o, i);
    struct typeset g;
    fit_text(o, &g, code, FACE_SANS_BOLD, design, floor_px, bw, bh, 1);
    if (g.keep && (!g.cut || f->keep == 0))
        *f = g;
}

int overlay_label_width(const struct layout_screen *screen, const char *label,
                        const struct text_measurer *m)
{
    struct ov o;
    memset(&o, 0, sizeof o);
    struct arena a;
    arena_init(&a, 256);
    struct draw_list l;
    int w = 0;
    if (label && draw_ctx_init(&o.d, screen, m, &a, &l) == 0)
        /* the text, inset's sides (inset) and as much again of air */
        w = typeset_width(m, FACE_SANS_BOLD, U(&o, T_LABEL), label, strlen(label)) +
            4 * draw_max(4, U(&o, 0.6));
    arena_free(&a);
    return w;
}

static void label_button(struct ov *o, struct draw_rect r, const char *text, int pressed)
{
    plate(o, r, pressed, COLOR_BG, A_BAR, COLOR_RULE, hairline(o, r));
    struct draw_rect in = inset(o, r);
    struct typeset f;
    fit_text(o, &f, text, FACE_SANS_BOLD, U(o, T_LABEL), U(o, T_LABEL_FLOOR), in.w, in.h, 2);
    emit_in(o, &f, in, TYPESET_CENTER, pressed ? COLOR_BG : COLOR_TEXT);
}

/* A language button: with a button per language, every one shows its
 * code ("EN", "FR"), at every screen size alike, as bilingual signage
 * does; the one button that cycles through many languages shows the
 * current language's own name ("Français"), or its code where the name
 * would be cut. The current language is underlined in the accent colour
 * (all language buttons keep room for the mark, so labels align). */
static void language_button(struct ov *o, struct draw_rect r, const struct control *c, int pressed)
{
    const struct overlay_info *in = o->info;
    int cur = in ? in->current_locale : 0;
    int i = c->arg < 0 ? cur : c->arg;
    int marked = c->arg >= 0 && in && in->n_locales > 1 && i == cur;
    plate(o, r, pressed, COLOR_BG, A_BAR, COLOR_RULE, hairline(o, r));
    struct draw_rect box = inset(o, r);
    int bar = draw_max(2, draw_min(U(o, 0.3), draw_min(r.w, r.h) / 16)), room = 2 * bar;
    if (c->arg >= 0 && box.h - room >= 2 * T_MIN_PX)
        box.h -= room;
    else
        room = 0;
    const char *name = locale_name(o, i);
    struct typeset f;
    fit_text(o, &f, name, FACE_SANS_BOLD, U(o, T_LABEL), U(o, T_LABEL_FLOOR), box.w, box.h, 1);
    const char *code = locale_code(o, i);
    if (code) {
        struct typeset g;
        fit_text(o, &g, code, FACE_SANS_BOLD, U(o, T_LABEL), U(o, T_LABEL_FLOOR), box.w, box.h, 1);
        if (g.keep && !g.cut && (c->arg >= 0 || f.keep == 0 || f.cut))
            f = g;
    }
    emit_in(o, &f, box, TYPESET_CENTER, pressed ? COLOR_BG : COLOR_TEXT);
    if (marked && room) {
        int w = f.keep ? draw_min(box.w, draw_max(widest(&f), U(o, 3.0))) : box.w;
        rect(o, box.x + (box.w - w) / 2, box.y + box.h + (room - bar), w, bar,
             pressed ? COLOR_BG : COLOR_ACCENT, 255);
    }
}

/* The button that opens the language picker: the language mark, then the
 * current language's own name ("文A Français"), both centred; without the
 * mark where the name (or its code) would be smaller beside it than
 * alone. */
static void picker_button(struct ov *o, struct draw_rect r, int pressed)
{
    int cur = o->info ? o->info->current_locale : 0;
    plate(o, r, pressed, COLOR_BG, A_BAR, COLOR_RULE, hairline(o, r));
    struct draw_rect box = inset(o, r);
    int design = U(o, T_LABEL), floor_px = U(o, T_LABEL_FLOOR), space = U(o, 0.8);
    struct typeset fm, f, alone;
    fit_language(o, &alone, cur, design, floor_px, box.w, box.h, 1);
    fit_text(o, &fm, LANGUAGE_MARK, FACE_SANS_BOLD, design, floor_px, box.w, box.h, 1);
    int mw = fm.keep && !fm.cut ? widest(&fm) + space : 0;
    fit_language(o, &f, cur, design, floor_px, box.w - mw, box.h, 1);
    if (mw && (f.keep == 0 || f.cut || f.px < alone.px)) { /* the mark costs the name: without */
        mw = 0;
        f = alone;
    }
    if (mw) /* the mark at the name's size */
        fit_text(o, &fm, LANGUAGE_MARK, FACE_SANS_BOLD, f.px, 1, box.w, box.h, 1);
    mw = mw && fm.keep && !fm.cut ? widest(&fm) + space : 0;
    int x = box.x + (box.w - mw - widest(&f)) / 2;
    if (mw)
        emit_in(o, &fm, (struct draw_rect){x, box.y, mw - space, box.h}, TYPESET_LEFT,
                pressed ? COLOR_BG : COLOR_MUTED);
    emit_in(o, &f, (struct draw_rect){x + mw, box.y, box.x + box.w - x - mw, box.h}, TYPESET_LEFT,
            pressed ? COLOR_BG : COLOR_TEXT);
}

/* The larger-text toggle: "A+" (larger), or while larger text is on "A"
 * (back to normal) underlined in the accent colour, like the language
 * shown. Labels of one or two characters: no translation needed. */
static void text_size_button(struct ov *o, struct draw_rect r, int pressed)
{
    int on = o->info && o->info->larger_text;
    plate(o, r, pressed, COLOR_BG, A_BAR, COLOR_RULE, hairline(o, r));
    struct draw_rect box = inset(o, r);
    int bar = draw_max(2, draw_min(U(o, 0.3), draw_min(r.w, r.h) / 16)), room = 2 * bar;
    if (box.h - room >= 2 * T_MIN_PX)
        box.h -= room;
    else
        room = 0;
    struct typeset f;
    fit_text(o, &f, on ? "A" : "A+", FACE_SANS_BOLD, U(o, T_TEXT_SIZE), U(o, T_LABEL_FLOOR), box.w,
             box.h, 1);
    emit_in(o, &f, box, TYPESET_CENTER, pressed ? COLOR_BG : COLOR_TEXT);
    if (on && room) {
        int w = f.keep ? draw_min(box.w, draw_max(widest(&f), U(o, 3.0))) : box.w;
        rect(o, box.x + (box.w - w) / 2, box.y + box.h + (room - bar), w, bar,
             pressed ? COLOR_BG : COLOR_ACCENT, 255);
    }
}

static void chevron_button(struct ov *o, struct draw_rect r, int next, int pressed)
{
    plate(o, r, pressed, COLOR_BG, A_PLATE, COLOR_RULE, hairline(o, r));
    struct draw_rect in = inset(o, r);
    struct typeset f;
    const char *glyph = next ? "\xE2\x80\xBA" : "\xE2\x80\xB9"; /* › ‹ */
    fit_text(o, &f, glyph, FACE_SANS_BOLD, U(o, T_CHEVRON), 1, in.w, in.h, 1);
    if (f.keep == 0 || f.cut)
        return;
    /* a guillemet sits at x-height, below the middle of its line box: lift
     * it by a tenth of an em so it looks centred, staying in the box */
    int y = in.y + (in.h - f.height) / 2;
    y = draw_max(in.y, y - f.px / 10);
    emit(o, &f, in.x, y, in.w, TYPESET_CENTER, pressed ? COLOR_BG : COLOR_TEXT);
}

static void main_controls(struct ov *o, const struct control *cs, int n, int pressed)
{
    const struct layout_screen scr = o->d.scr;
    for (int i = 0; i < n; i++) {
        const struct control *c = &cs[i];
        if (c->layer != CONTROL_MAIN)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, c);
        if (r.w <= 0 || r.h <= 0)
            continue;
        int p = i == pressed;
        switch (c->act) {
        case ACT_PREV:
        case ACT_NEXT:
            chevron_button(o, r, c->act == ACT_NEXT, p);
            break;
        case ACT_HOME:
            label_button(o, r, ui_word(&o->words, UI_START), p);
            break;
        case ACT_OPEN_INDEX:
            label_button(o, r, ui_word(&o->words, UI_CHAPTERS), p);
            break;
        case ACT_LANGUAGE:
            language_button(o, r, c, p);
            break;
        case ACT_OPEN_LANGUAGES:
            picker_button(o, r, p);
            break;
        case ACT_TEXT_SIZE:
            text_size_button(o, r, p);
            break;
        default:
            plate(o, r, p, COLOR_BG, A_PLATE, COLOR_RULE, hairline(o, r));
            break;
        }
    }
}

/* ---- the chapter index ---------------------------------------------------- */

/* s when it has something to show, else NULL. */
static const char *shown(const char *s)
{
    for (const char *p = s; p && *p; p++)
        if (!strchr(" \t\n\r\f\v", *p))
            return s;
    return NULL;
}

static char *number(struct ov *o, int n)
{
    char tmp[16];
    int k = snprintf(tmp, sizeof tmp, "%d", n);
    char *s = draw_alloc(&o->d, (size_t)k + 1);
    if (s)
        memcpy(s, tmp, (size_t)k + 1);
    return s;
}

static void chapter_button(struct ov *o, struct draw_rect r, int i, int pressed)
{
    const struct overlay_info *in = o->info;
    int current = in && i == in->current_chapter;
    int t = hairline(o, r);
    plate(o, r, pressed, COLOR_RULE, A_INDEX_FILL, current ? COLOR_ACCENT : COLOR_RULE,
          current ? 2 * t : t);
    struct draw_rect box = inset(o, r);
    const char *title = shown(in && in->chapters && i < in->n_chapters ? in->chapters[i] : NULL);
    const char *num = number(o, i + 1);
    enum color_role tc = pressed ? COLOR_BG : COLOR_TEXT;
    enum color_role nc = pressed ? COLOR_BG : current ? COLOR_ACCENT : COLOR_MUTED;
    /* a column for the number wide enough for two digits, then the title,
     * as large as a large card allows (up to 1.6 times the title size) */
    int design = draw_max(U(o, T_TITLE), draw_min(box.h * 45 / 100, U(o, T_TITLE) * 8 / 5));
    int col = measure(o, FACE_SANS_BOLD, design, "00", 2) + U(o, 1.2);
    while (design > U(o, T_TITLE) && box.w - col < 8 * design) { /* room for a title */
        design = draw_max(U(o, T_TITLE), design * 9 / 10);
        col = measure(o, FACE_SANS_BOLD, design, "00", 2) + U(o, 1.2);
    }
    struct typeset ft, fn;
    if (title && box.w - col >= 4 * design) {
        fit_text(o, &ft, title, FACE_SANS, design, U(o, T_TITLE_FLOOR), box.w - col, box.h, 1);
        int npx = ft.keep ? ft.px : design;
        fit_text(o, &fn, num, FACE_SANS_BOLD, npx, 1, col - U(o, 1.2), box.h, 1);
        if (fn.keep == 1 && ft.keep == 1) {
            /* both on the title's baseline: same size, same line box */
            emit_in(o, &fn, (struct draw_rect){box.x, box.y, col - U(o, 1.2), box.h}, TYPESET_RIGHT,
                    nc);
            emit_in(o, &ft, (struct draw_rect){box.x + col, box.y, box.w - col, box.h},
                    TYPESET_LEFT, tc);
            return;
        }
    }
    /* no title, or no room for the number: the title alone, else the number */
    fit_text(o, &ft, title ? title : num, title ? FACE_SANS : FACE_SANS_BOLD, design,
             U(o, T_TITLE_FLOOR), box.w, box.h, 1);
    emit_in(o, &ft, box, title ? TYPESET_LEFT : TYPESET_CENTER, title ? tc : nc);
}

static void close_button(struct ov *o, struct draw_rect r, int pressed)
{
    plate(o, r, pressed, COLOR_RULE, A_INDEX_FILL, COLOR_RULE, hairline(o, r));
    struct draw_rect in = inset(o, r);
    enum color_role tc = pressed ? COLOR_BG : COLOR_TEXT;
    /* the word when it fits at label size, else a multiplication sign */
    struct typeset f;
    /* as large as a chapter card's title where the card is as large */
    int design = draw_max(U(o, T_LABEL), draw_min(in.h * 45 / 100, U(o, T_TITLE) * 8 / 5));
    fit_text(o, &f, ui_word(&o->words, UI_CLOSE), FACE_SANS_BOLD, design, U(o, T_LABEL_FLOOR), in.w,
             in.h, 1);
    if (f.keep == 0 || f.cut || f.px < U(o, T_LABEL_FLOOR)) {
        /* the sign is far smaller than its line box: let the box take the
         * whole button */
        fit_text(o, &f, "\xC3\x97", FACE_SANS, U(o, T_CHEVRON), 1, r.w, r.h, 1);
        if (f.cut)
            return;
        in = r;
    }
    emit_in(o, &f, in, TYPESET_CENTER, tc);
}

/* "2 / 7" between the page buttons, on their line. */
static void page_label(struct ov *o, const struct control *cs, int n, struct draw_rect next)
{
    const struct overlay_info *in = o->info;
    if (!in || in->index_pages < 2)
        return;
    const struct layout_screen scr = o->d.scr;
    int x0 = 0;
    for (int i = 0; i < n; i++)
        if (cs[i].act == ACT_INDEX_PAGE && cs[i].arg < 0) {
            struct draw_rect prev = overlay_control_rect(&scr, &cs[i]);
            x0 = prev.x + prev.w;
        }
    char tmp[32];
    int k = snprintf(tmp, sizeof tmp, "%d / %d", in->index_page + 1, in->index_pages);
    char *label = draw_alloc(&o->d, (size_t)k + 1);
    if (!label || next.x <= x0)
        return;
    memcpy(label, tmp, (size_t)k + 1);
    struct typeset f;
    fit_text(o, &f, label, FACE_SANS, U(o, T_LABEL), U(o, T_LABEL_FLOOR), next.x - x0, next.h, 1);
    emit_in(o, &f, (struct draw_rect){x0, next.y, next.x - x0, next.h}, TYPESET_CENTER,
            COLOR_MUTED);
}

static void chapter_index(struct ov *o, const struct control *cs, int n, int pressed)
{
    const struct layout_screen scr = o->d.scr;
    /* a page of its own: nothing of the panel shows through */
    rect(o, 0, 0, o->d.W, o->d.H, COLOR_BG, 255);
    /* the grid's bounds and the close button place the heading */
    int gx0 = o->d.W, gy0 = o->d.H, gx1 = 0, have_grid = 0, have_close = 0;
    struct draw_rect close = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        if (cs[i].layer != CONTROL_INDEX)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, &cs[i]);
        if (cs[i].act == ACT_JUMP) {
            gx0 = draw_min(gx0, r.x);
            gy0 = draw_min(gy0, r.y);
            gx1 = draw_max(gx1, r.x + r.w);
            have_grid = 1;
        } else if (cs[i].act == ACT_CLOSE_INDEX) {
            close = r;
            have_close = 1;
        }
    }
    int margin = U(o, G_MARGIN);
    if (!have_grid) {
        gx0 = margin;
        gx1 = o->d.W - margin;
        gy0 = o->d.H / 3;
    }
    int top = have_close ? close.y : draw_min(margin, gy0);
    int space = draw_max(2, draw_min(U(o, 1.5), (gy0 - top) / 4));
    int design = U(o, T_HEADING);
    int hh = draw_min(line_height(o, FACE_SANS_BOLD, design), gy0 - space - top);
    int hy = gy0 - space - hh, hw = gx1 - gx0;
    if (have_close && hy < close.y + close.h && hy + hh > close.y && close.x < gx0 + hw)
        hw = close.x - space - gx0; /* beside the close button */
    struct typeset f;
    fit_text(o, &f, ui_word(&o->words, UI_CHAPTERS), FACE_SANS_BOLD, design, U(o, T_HEADING_FLOOR),
             hw, hh, 1);
    emit(o, &f, gx0, hy + hh - f.height, hw, TYPESET_LEFT, COLOR_TEXT);

    for (int i = 0; i < n; i++) {
        const struct control *c = &cs[i];
        if (c->layer != CONTROL_INDEX)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, c);
        if (r.w <= 0 || r.h <= 0)
            continue;
        if (c->act == ACT_JUMP)
            chapter_button(o, r, c->item, i == pressed);
        else if (c->act == ACT_INDEX_PAGE) {
            chevron_button(o, r, c->arg > 0, i == pressed);
            if (c->arg > 0)
                page_label(o, cs, n, r);
        } else if (c->act == ACT_CLOSE_INDEX)
            close_button(o, r, i == pressed);
        else
            plate(o, r, i == pressed, COLOR_RULE, A_INDEX_FILL, COLOR_RULE, hairline(o, r));
    }
}

/* ---- the language picker -------------------------------------------------- */

/* A language of the picker: its own name as large as the button allows,
 * on two lines if need be; the current one framed, with a bar at its
 * start, in the accent colour. */
static void picker_language(struct ov *o, struct draw_rect r, int i, int pressed)
{
    const struct overlay_info *in = o->info;
    int current = in && i == in->current_locale;
    int t = hairline(o, r);
    plate(o, r, pressed, COLOR_RULE, A_INDEX_FILL, current ? COLOR_ACCENT : COLOR_RULE,
          current ? 2 * t : t);
    struct draw_rect box = inset(o, r);
    if (current && !pressed) {
        int bar = draw_max(3, U(o, 0.6));
        rect(o, r.x + 2 * t, r.y + 2 * t, bar, r.h - 4 * t, COLOR_ACCENT, 255);
        box.x += bar; /* and as much at the other side: the names stay centred */
        box.w -= 2 * bar;
    }
    /* on a small screen the buttons are large for its type: the name
     * takes a third of the button's height */
    int design = draw_max(U(o, T_PICK), r.h * 36 / 100);
    struct typeset f;
    fit_language(o, &f, i, design, U(o, T_PICK_FLOOR), box.w, box.h, 2);
    emit_in(o, &f, box, TYPESET_CENTER, pressed ? COLOR_BG : COLOR_TEXT);
}

/* Every language at once over a scrim, as the chapter index: the grid of
 * names, the close button, and above the grid the language mark in place
 * of a heading (no words: every visitor reads it). */
static void language_picker(struct ov *o, const struct control *cs, int n, int pressed)
{
    const struct layout_screen scr = o->d.scr;
    rect(o, 0, 0, o->d.W, o->d.H, COLOR_BG, A_SCRIM);
    int gx0 = o->d.W, gy0 = o->d.H, have_grid = 0;
    struct draw_rect close = {o->d.W, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        if (cs[i].layer != CONTROL_LANGUAGES)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, &cs[i]);
        if (cs[i].act == ACT_LANGUAGE) {
            gx0 = draw_min(gx0, r.x);
            gy0 = draw_min(gy0, r.y);
            have_grid = 1;
        } else if (cs[i].act == ACT_CLOSE_LANGUAGES) {
            close = r;
        }
    }
    if (have_grid) {
        int top = close.w ? close.y : 0;
        int space = draw_max(2, draw_min(U(o, 1.5), (gy0 - top) / 4));
        int hh = draw_min(line_height(o, FACE_SANS_BOLD, U(o, T_HEADING)), gy0 - space - top);
        int hw = (close.x < gx0 ? o->d.W : close.x) - space - gx0;
        struct typeset f;
        fit_text(o, &f, LANGUAGE_MARK, FACE_SANS_BOLD, U(o, T_HEADING), U(o, T_HEADING_FLOOR), hw,
                 hh, 1);
        emit(o, &f, gx0, gy0 - space - f.height, hw, TYPESET_LEFT, COLOR_MUTED);
    }
    for (int i = 0; i < n; i++) {
        const struct control *c = &cs[i];
        struct draw_rect r = overlay_control_rect(&scr, c);
        if (c->layer != CONTROL_LANGUAGES || r.w <= 0 || r.h <= 0)
            continue;
        if (c->act == ACT_LANGUAGE)
            picker_language(o, r, c->arg, i == pressed);
        else
            close_button(o, r, i == pressed);
    }
}

/* ---- the countdown card --------------------------------------------------- */

static void countdown_card(struct ov *o, int seconds)
{
    o->face_bits = FACE_KIOSK; /* (the last thing the overlay lays out) */
    rect(o, 0, 0, o->d.W, o->d.H, COLOR_BG, A_DIM);
    int cw = draw_min(o->d.W - 2 * U(o, 6.0), U(o, 84.0)), pad = U(o, 4.0);
    int iw = cw - 2 * pad;
    if (iw <= 0)
        return;
    char tmp[160];
    ui_word_format(&o->words, UI_BACK_IN, seconds < 0 ? 0 : seconds, tmp, sizeof tmp);
    struct typeset head, body, small;
    fit_text(o, &head, ui_word(&o->words, UI_STILL_THERE), FACE_SANS_BOLD, U(o, T_CARD_HEAD),
             U(o, T_CARD_HEAD_FLOOR), iw, o->d.H / 5, 1);
    fit_text(o, &body, ui_word(&o->words, UI_KEEP_EXPLORING), FACE_SANS, U(o, T_CARD_BODY),
             U(o, T_CARD_BODY_FLOOR), iw, o->d.H / 4, 3);
    fit_text(o, &small, tmp, FACE_SANS, U(o, T_CARD_SMALL), U(o, T_CARD_SMALL_FLOOR), iw,
             o->d.H / 8, 2);
    int g1 = body.keep ? U(o, 1.4) : 0, g2 = small.keep ? U(o, 2.6) : 0;
    int ch = pad + head.height + g1 + body.height + g2 + small.height + pad;
    int x = (o->d.W - cw) / 2, y = (o->d.H - ch) / 2;
    if (y < 0)
        return; /* not reached: the parts are sized from the screen */
    struct draw_rect r = {x, y, cw, ch};
    plate(o, r, 0, COLOR_BG, A_CARD, COLOR_RULE, hairline(o, r));
    int cy = y + pad;
    emit(o, &head, x + pad, cy, iw, TYPESET_CENTER, COLOR_TEXT);
    cy += head.height + g1;
    emit(o, &body, x + pad, cy, iw, TYPESET_CENTER, COLOR_TEXT);
    cy += body.height + g2;
    emit(o, &small, x + pad, cy, iw, TYPESET_CENTER, COLOR_ACCENT);
}

/* ---- the loop's invitation ------------------------------------------------ */

/* The words of the language code: the exhibit's over the built-in ones
 * when info has them for it (info->words), else the built-in ones. */
static void words_of(const struct overlay_info *in, const char *code, struct ui_words *out)
{
    for (int i = 0; in && in->words && in->locale_codes && code && i < in->n_locales; i++)
        if (in->locale_codes[i] && strcmp(in->locale_codes[i], code) == 0) {
            *out = in->words[i];
            return;
        }
    ui_words_init(out, code, NULL);
}

/* The invitation in every language the exhibit offers, the shown one
 * first, each once ("Touch to explore · Touchez pour explorer"), into buf;
 * with one = 1 only the first. */
static const char *invitation_text(const struct ov *o, int one, char *buf, size_t size)
{
    const char *seen[MAX_INVITES];
    int n = 0;
    size_t len = 0;
    buf[0] = '\0';
    const struct overlay_info *in = o->info;
    int n_codes = in && in->locale_codes && !one ? in->n_locales : 0;
    for (int i = -1; i < n_codes && n < MAX_INVITES; i++) {
        struct ui_words words;
        words_of(in, i < 0 ? o->locale : in->locale_codes[i], &words);
        const char *t = ui_word(&words, UI_TOUCH_TO_EXPLORE);
        int dup = 0;
        for (int k = 0; k < n; k++)
            dup |= strcmp(seen[k], t) == 0;
        if (dup || !t)
            continue;
        int w = snprintf(buf + len, size - len, "%s%s", n ? "  \xC2\xB7  " : "", t);
        if (w < 0 || (size_t)w >= size - len)
            break;
        len += (size_t)w;
        seen[n++] = t;
    }
    return buf;
}

/* Between visitors: an invitation a passer-by reads from a few steps away,
 * in the bottom band under the chrome's rule (the band is the chrome's and
 * names no chapter: nothing of the panel is under it), with an accent dot
 * before it. Large (as the band's height allows, T_LOOP_BIG at most) and
 * moving gently: one language of the exhibit at a time, each rising into
 * place as it appears (info->invite_one), so every visitor's
 * language comes round; still, every language on one line (one when they
 * do not all fit), under reduced motion. */
static void invitation(struct ov *o)
{
    const struct layout_screen scr = o->d.scr;
    struct layout_band band = layout_band(&scr);
    int top = band.rule + draw_max(2, U(o, 0.6)), bottom = band.safe;
    int x = U(o, G_MARGIN), dot = draw_max(5, U(o, 1.0)), tx = x + dot + U(o, 1.2);
    int w = o->d.W * 72 / 100 - tx; /* clear of the position at the right */
    const struct overlay_info *in = o->info;
    int lang = in && in->invite_one && in->locale_codes && in->invite_lang >= 0 &&
                       in->invite_lang < in->n_locales
                   ? in->invite_lang
                   : -1;
    double t = lang >= 0 ? 1 - in->invite_rise : 1.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    char buf[512];
    struct typeset f;
    memset(&f, 0, sizeof f);
    /* the line box's height is about 1.36 em: the largest size it fits */
    int big = draw_min(U(o, T_LOOP_BIG), (bottom - top) * 100 / 136);
    if (lang >= 0) {
        struct ui_words words;
        words_of(in, in->locale_codes[lang], &words);
        const char *tx_words = ui_word(&words, UI_TOUCH_TO_EXPLORE);
        fit_text_in(o, &f, tx_words, in->locale_codes[lang], FACE_SANS_BOLD, big,
                    U(o, T_LOOP_FLOOR), w, bottom - top, 1);
    }
    for (int one = 0; one < 2 && f.keep == 0; one++) {
        fit_text(o, &f, invitation_text(o, one, buf, sizeof buf), FACE_SANS_BOLD,
                 draw_max(U(o, T_LOOP), big), U(o, T_LOOP_FLOOR), w, bottom - top, 1);
        if (f.keep && f.cut) /* ellipsized: try one language */
            f.keep = 0;
    }
    if (f.keep == 0)
        return;
    /* rising: from a third of its height below its line, faint, eased out */
    double e = 1 - (1 - t) * (1 - t) * (1 - t);
    int rise = (int)lround((1 - e) * f.height / 3);
    uint8_t alpha = (uint8_t)lround(255 * e);
    int y = top + (bottom - top - f.height) / 2;
    /* the dot at the middle of the lower-case letters: about 0.8 em below
     * the top of the line box in Noto Sans (baseline 1.07 em, x-height
     * 0.54 em) */
    rect(o, x, y + (int)lround(f.px * 0.8) - dot / 2, dot, dot, COLOR_ACCENT, 255);
    int n0 = o->d.out->n;
    emit(o, &f, tx, y + rise, widest(&f), TYPESET_LEFT, COLOR_TEXT);
    for (int i = n0; i < o->d.out->n; i++)
        o->d.out->items[i].alpha = alpha;
}

/* ---- the bottom band while interactive ------------------------------------ */

/* The controls' bar takes over the chrome's lower line: an opaque strip
 * below the chrome's rule hides the position there, and the position is
 * drawn again in the widest gap between the bar's buttons ("7 / 36"), so
 * a visitor always sees where they are. */
static void bottom_strip(struct ov *o, const struct control *cs, int n_controls)
{
    if (n_controls == 0)
        return;
    const struct layout_screen scr = o->d.scr;
    struct layout_band band = layout_band(&scr);
    int top = band.rule + draw_max(2, U(o, 0.6));
    if (top >= o->d.H)
        return;
    rect(o, 0, top, o->d.W, o->d.H - top, COLOR_BG, 255);
    draw_list_role(o->d.out, o->d.out->n - 1, "bar");
    const struct overlay_info *in = o->info;
    if (!in || in->n_panels < 1)
        return;
    /* the bar's buttons, left to right: the row lowest on the screen */
    struct draw_rect bar[MODE_MAX_CONTROLS] = {{0, 0, 0, 0}};
    int nb = 0, row = 0;
    for (int i = 0; i < n_controls; i++) {
        struct draw_rect r = overlay_control_rect(&scr, &cs[i]);
        if (cs[i].layer == CONTROL_MAIN && r.y > row)
            row = r.y;
    }
    for (int i = 0; i < n_controls && nb < MODE_MAX_CONTROLS; i++) {
        struct draw_rect r = overlay_control_rect(&scr, &cs[i]);
        if (cs[i].layer != CONTROL_MAIN || r.y != row)
            continue;
        int k = nb++;
        while (k > 0 && bar[k - 1].x > r.x) {
            bar[k] = bar[k - 1];
            k--;
        }
        bar[k] = r;
    }
    int gx = 0, gw = 0, pad = U(o, 1.0);
    for (int k = 0; k + 1 < nb; k++) {
        int x0 = bar[k].x + bar[k].w + pad, x1 = bar[k + 1].x - pad;
        if (x1 - x0 > gw)
            gx = x0, gw = x1 - x0;
    }
    if (nb == 0 || gw <= 0)
        return;
    char pos[48];
    snprintf(pos, sizeof pos, "%d / %d", in->panel + 1, in->n_panels);
    struct typeset f;
    fit_text(o, &f, pos, FACE_SANS, U(o, T_INVITE), U(o, T_INVITE_FLOOR), gw, bar[0].h, 1);
    if (f.keep && !f.cut) {
        int n0 = o->d.out->n;
        emit_in(o, &f, (struct draw_rect){gx, bar[0].y, gw, bar[0].h}, TYPESET_CENTER, COLOR_MUTED);
        draw_list_role(o->d.out, n0, "position");
    }
}

/* ---- entry ---------------------------------------------------------------- */

int overlay_layout(const struct layout_screen *screen, const struct control *controls,
                   int n_controls, const struct mode_view *view, const struct overlay_info *info,
                   const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct ov o;
    memset(&o, 0, sizeof o);
    if (!out)
        return -1;
    if (draw_ctx_init(&o.d, screen, m, a, out) || !view) {
        snprintf(out->problem, sizeof out->problem, "overlay: no screen, view, measurer or arena");
        return -1;
    }
    o.info = info;
    o.locale = info ? info->locale : NULL;
    words_of(info, o.locale, &o.words);
    if (!controls || n_controls < 0)
        n_controls = 0;

    switch (view->state) {
    case MODE_LOOP:
        invitation(&o);
        draw_list_role(out, 0, "invitation");
        break;
    case MODE_INTERACTIVE:
    case MODE_COUNTDOWN: {
        int pressed = view->state == MODE_INTERACTIVE ? view->pressed : -1;
        if (view->languages_open) {
            language_picker(&o, controls, n_controls, pressed);
            draw_list_role(out, 0, "languages");
        } else if (view->index_open) {
            chapter_index(&o, controls, n_controls, pressed);
            draw_list_role(out, 0, "index");
        } else {
            bottom_strip(&o, controls, n_controls);
            main_controls(&o, controls, n_controls, pressed);
            draw_list_role(out, 0, "control");
        }
        if (info && info->focus_on && view->state == MODE_INTERACTIVE) {
            /* the audio guide's focus, for sighted companions: a ring in the
             * accent outside what is said */
            int n0 = out->n, t = draw_max(U(&o, 0.5), 3), g = t;
            int x = info->focus.x - g - t, y = info->focus.y - g - t;
            int w = info->focus.w + 2 * (g + t), h = info->focus.h + 2 * (g + t);
            rect(&o, x, y, w, t, COLOR_ACCENT, 255);
            rect(&o, x, y + h - t, w, t, COLOR_ACCENT, 255);
            rect(&o, x, y + t, t, h - 2 * t, COLOR_ACCENT, 255);
            rect(&o, x + w - t, y + t, t, h - 2 * t, COLOR_ACCENT, 255);
            draw_list_role(out, n0, "focus");
        }
        if (view->state == MODE_COUNTDOWN) {
            int n0 = out->n;
            countdown_card(&o, view->countdown_s);
            draw_list_role(out, n0, "card");
        }
        break;
    }
    }
    if (o.d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out the overlay");
        return -1;
    }
    return 0;
}

/* ---- staff: the import's bar and card -------------------------------------- */

/* Type, in u. Staff read these standing at arm's length, often on small
 * screens: a step above the visitors' small print. */
#define T_STAFF_TEXT 2.8
#define T_STAFF_TEXT_FLOOR 2.2
#define T_STAFF_TITLE 3.4
#define T_STAFF_TITLE_FLOOR 2.6
#define T_STAFF_HEAD 4.6
#define T_STAFF_HEAD_FLOOR 3.0
#define T_NOTICE 2.2 /* layout.c's small text: the notice line's size */
#define A_STAFF_PLATE 240

/* Staff sizes have floors in pixels as well: on a 7-inch 800x480 screen
 * u is under 5 px and the visitors' small print would be too small to
 * read at arm's length. */
static int SP(const struct ov *o, double s)
{
    int min_px = s >= T_STAFF_HEAD         ? 24
                 : s >= T_STAFF_TITLE      ? 19
                 : s >= T_STAFF_TEXT_FLOOR ? 15
                                           : 13;
    return draw_max(U(o, s), min_px);
}

/* Where the staff layer starts in a fresh ov. */
static int staff_begin(struct ov *o, const struct layout_screen *screen,
                       const struct text_measurer *m, struct arena *a, struct draw_list *out,
                       const char *locale)
{
    memset(o, 0, sizeof *o);
    if (!out)
        return -1;
    if (draw_ctx_init(&o->d, screen, m, a, out))
        return -1;
    o->locale = locale;
    o->face_bits = FACE_KIOSK;
    return 0;
}

static int staff_end(struct ov *o, struct draw_list *out)
{
    draw_list_role(out, 0, "staff"); /* the keypad and the staff screen */
    if (o->d.oom) {
        snprintf(out->problem, sizeof out->problem, "out of memory laying out the staff layer");
        return -1;
    }
    return 0;
}

/* The bottom of the staff layer: above the notice's strip (layout_notice:
 * one small line and its padding above the chrome band), whether or not a
 * notice is shown, so the bar does not jump when one appears. */
static int staff_floor(const struct ov *o)
{
    const struct layout_screen scr = o->d.scr;
    int band = layout_band(&scr).top;
    int notice = line_height(o, FACE_SANS, U(o, T_NOTICE)) + 2 * U(o, 1.0);
    return band - notice - U(o, 1.0);
}

/* The progress bar: its text at the left, the share done at the right, a
 * track under them filled in the accent colour. Returns its top. */
static int progress_bar(struct ov *o, const struct staff_progress *p, int step, int bottom)
{
    int x = U(o, G_MARGIN), w = o->d.W - 2 * x, pad = U(o, 1.6);
    int px = SP(o, T_STAFF_TEXT), track = draw_max(4, U(o, 0.9)), gap = U(o, 1.0);
    int lh = line_height(o, FACE_SANS, px);
    int h = pad + lh + gap + track + pad;
    int y = bottom - h;
    if (w <= 2 * pad || y < 0)
        return bottom;
    struct draw_rect r = {x, y, w, h};
    plate(o, r, 0, COLOR_BG, A_STAFF_PLATE, COLOR_RULE, hairline(o, r));
    int iw = w - 2 * pad;
    char pct[16] = "";
    int known = p->total > 0;
    if (known) {
        uint64_t done = p->done > p->total ? p->total : p->done;
        snprintf(pct, sizeof pct, "%d\xC2\xA0%%", (int)(done * 100 / p->total));
    }
    char *pcts = known ? draw_alloc(&o->d, strlen(pct) + 1) : NULL;
    int pw = 0;
    if (pcts) {
        memcpy(pcts, pct, strlen(pct) + 1);
        struct typeset f;
        fit_text(o, &f, pcts, FACE_SANS_BOLD, px, SP(o, T_STAFF_TEXT_FLOOR), iw / 4, lh, 1);
        pw = widest(&f);
        emit(o, &f, x + pad + iw - pw, y + pad, pw, TYPESET_RIGHT, COLOR_TEXT);
    }
    int tw = iw - (pw ? pw + U(o, 2.0) : 0);
    struct typeset f;
    fit_text(o, &f, p->text, FACE_SANS, px, SP(o, T_STAFF_TEXT_FLOOR), tw, lh, 1);
    emit(o, &f, x + pad, y + pad, tw, TYPESET_LEFT, COLOR_TEXT);
    int ty = y + pad + lh + gap;
    rect(o, x + pad, ty, iw, track, COLOR_RULE, 255);
    if (known) {
        uint64_t done = p->done > p->total ? p->total : p->done;
        int fw = (int)((uint64_t)iw * done / p->total);
        rect(o, x + pad, ty, fw, track, COLOR_ACCENT, 255);
    } else { /* a quarter of the track, stepping along it */
        int sw = iw / 4;
        int sx = (int)((long)(iw - sw) * (step % OVERLAY_STAFF_STEPS) / (OVERLAY_STAFF_STEPS - 1));
        rect(o, x + pad + sx, ty, sw, track, COLOR_ACCENT, 255);
    }
    return y;
}

/* The card: a coloured mark (a tick in the accent colour, or "!" in the
 * alert colour), the title, the body and, after a failure, that the
 * exhibit is unchanged; "Tap to close" small at the right. */
static struct draw_rect result_card(struct ov *o, const struct staff_card *c, int bottom)
{
    struct draw_rect none = {0, 0, 0, 0};
    /* as wide as the text column on small screens, where height is short */
    int x = U(o, G_MARGIN), w = draw_min(o->d.W - 2 * x, draw_max(U(o, 110.0), 720)),
        pad = U(o, 2.0);
    int tpx = SP(o, T_STAFF_TITLE), bpx = SP(o, T_STAFF_TEXT);
    int mark = line_height(o, FACE_SANS_BOLD, tpx) + line_height(o, FACE_SANS, bpx);
    int tx = pad + mark + U(o, 2.4), iw = w - tx - pad;
    if (iw <= 4 * bpx)
        return none;
    const char *title = shown(c->title) ? c->title
                        : c->ok         ? ""
                                        : ui_string(o->locale, UI_STAFF_NOT_LOADED);
    struct typeset ft, fb, fu, fd;
    int avail = bottom / 2; /* never more than the lower half of the screen */
    fit_text(o, &ft, title, FACE_SANS_BOLD, tpx, SP(o, T_STAFF_TITLE_FLOOR), iw, avail / 3, 2);
    fit_text(o, &fb, c->body, FACE_SANS, bpx, SP(o, T_STAFF_TEXT_FLOOR), iw, avail / 3, 3);
    fit_text(o, &fu, c->ok || c->not_content ? NULL : ui_string(o->locale, UI_STAFF_UNCHANGED),
             FACE_SANS, bpx, SP(o, T_STAFF_TEXT_FLOOR), iw, avail / 4, 2);
    fit_text(o, &fd, ui_string(o->locale, UI_STAFF_DISMISS), FACE_SANS, SP(o, T_INVITE),
             SP(o, T_INVITE_FLOOR), iw, avail / 8, 1);
    int g = U(o, 0.8);
    int th = ft.height + (fb.keep ? g + fb.height : 0) + (fu.keep ? g + fu.height : 0) +
             (fd.keep ? g + fd.height : 0);
    int h = pad + draw_max(th, mark) + pad;
    int y = bottom - h;
    if (y < 0)
        return none;
    struct draw_rect r = {x, y, w, h};
    enum color_role tone = c->ok ? COLOR_ACCENT : COLOR_ALERT;
    plate(o, r, 0, COLOR_BG, A_STAFF_PLATE, COLOR_RULE, hairline(o, r));
    rect(o, x, y, draw_max(3, U(o, 0.5)), h, tone, 255); /* the edge says how it went */
    /* the mark: a square of the tone with the sign in the background colour */
    struct draw_rect mr = {x + pad, y + pad, mark, mark};
    rect(o, mr.x, mr.y, mr.w, mr.h, tone, 255);
    struct typeset fm;
    fit_text(o, &fm, c->ok ? "\xE2\x9C\x93" : "!", FACE_SANS_BOLD, mark * 2 / 3, 1, mark, mark, 1);
    emit_in(o, &fm, mr, TYPESET_CENTER, COLOR_BG);
    int cy = y + pad;
    emit(o, &ft, x + tx, cy, iw, TYPESET_LEFT, COLOR_TEXT);
    cy += ft.height;
    if (fb.keep) {
        cy += g;
        emit(o, &fb, x + tx, cy, iw, TYPESET_LEFT, COLOR_TEXT);
        cy += fb.height;
    }
    if (fu.keep) {
        cy += g;
        emit(o, &fu, x + tx, cy, iw, TYPESET_LEFT, COLOR_TEXT);
        cy += fu.height;
    }
    if (fd.keep) {
        cy += g;
        emit(o, &fd, x + tx, cy, iw, TYPESET_RIGHT, COLOR_MUTED);
    }
    return r;
}

int overlay_staff_status(const struct layout_screen *screen, const struct overlay_staff_status *s,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out,
                         struct draw_rect *card_rect)
{
    struct ov o;
    if (card_rect)
        *card_rect = (struct draw_rect){0, 0, 0, 0};
    if (staff_begin(&o, screen, m, a, out, s ? s->locale : NULL) != 0 || !s)
        return -1;
    int bottom = staff_floor(&o);
    if (s->card && s->card->shown) {
        struct draw_rect r = result_card(&o, s->card, bottom);
        if (card_rect)
            *card_rect = r;
        if (r.w > 0)
            bottom = r.y - U(&o, 1.0);
    }
    draw_list_role(out, 0, "card");
    if (s->progress && s->progress->active)
        progress_bar(&o, s->progress, s->step, bottom);
    draw_list_role(out, 0, "progress");
    return staff_end(&o, out);
}

/* ---- staff: the keypad and the screen --------------------------------------- */

/* A staff button: a plate and its label, as large as the button allows. */
static void staff_button(struct ov *o, struct draw_rect r, const char *text, int pressed,
                         enum color_role fill, enum color_role color)
{
    plate(o, r, pressed, fill, fill == COLOR_BG ? 255 : A_INDEX_FILL, COLOR_RULE, hairline(o, r));
    struct draw_rect in = inset(o, r);
    int design = draw_min(SP(o, T_STAFF_TITLE), (int)(r.h * 0.36));
    struct typeset f;
    fit_text(o, &f, text, FACE_SANS_BOLD, design, draw_min(design, SP(o, T_STAFF_TEXT_FLOOR)), in.w,
             in.h, 2);
    emit_in(o, &f, in, TYPESET_CENTER, pressed ? COLOR_BG : color);
}

static char *copy_str(struct ov *o, const char *s)
{
    size_t n = strlen(s);
    char *c = draw_alloc(&o->d, n + 1);
    if (c)
        memcpy(c, s, n + 1);
    return c;
}

int overlay_staff_keypad(const struct layout_screen *screen, const struct control *controls,
                         int n_controls, int pressed, const struct overlay_staff_keypad *kp,
                         const struct text_measurer *m, struct arena *a, struct draw_list *out)
{
    struct ov o;
    if (staff_begin(&o, screen, m, a, out, kp ? kp->locale : NULL) != 0 || !kp)
        return -1;
    rect(&o, 0, 0, o.d.W, o.d.H, COLOR_BG, 255);
    const struct layout_screen scr = o.d.scr;
    int gx0 = o.d.W, gx1 = 0, gy0 = o.d.H, key_h = 0;
    for (int i = 0; i < n_controls; i++) {
        const struct control *c = &controls[i];
        if (c->layer != CONTROL_STAFF)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, c);
        if (c->act != ACT_STAFF_CANCEL) {
            gx0 = draw_min(gx0, r.x);
            gx1 = draw_max(gx1, r.x + r.w);
            gy0 = draw_min(gy0, r.y);
            key_h = r.h;
        }
        const char *label = NULL;
        char digit[2] = {0, 0};
        enum color_role fill = COLOR_RULE, color = COLOR_TEXT;
        switch (c->act) {
        case ACT_STAFF_DIGIT:
            digit[0] = (char)('0' + (c->arg >= 0 && c->arg <= 9 ? c->arg : 0));
            label = copy_str(&o, digit);
            break;
        case ACT_STAFF_CLEAR:
            label = ui_string(o.locale, UI_STAFF_CLEAR);
            fill = COLOR_BG;
            break;
        case ACT_STAFF_OK:
            label = ui_string(o.locale, UI_STAFF_OK);
            fill = COLOR_BG;
            color = COLOR_ACCENT;
            break;
        case ACT_STAFF_CANCEL:
            label = ui_string(o.locale, UI_STAFF_CANCEL);
            fill = COLOR_BG;
            break;
        default:
            break;
        }
        if (c->act == ACT_STAFF_DIGIT) { /* digits large: they are what is read */
            plate(&o, r, i == pressed, fill, A_INDEX_FILL, COLOR_RULE, hairline(&o, r));
            struct typeset f;
            fit_text(&o, &f, label, FACE_SANS_BOLD, (int)(r.h * 0.5), 1, r.w, r.h, 1);
            /* locked out: the digits dim, as they do nothing */
            emit_in(&o, &f, r, TYPESET_CENTER,
                    i == pressed       ? COLOR_BG
                    : kp->locked_s > 0 ? COLOR_MUTED
                                       : COLOR_TEXT);
        } else {
            staff_button(&o, r, label, i == pressed, fill, color);
        }
    }
    if (gx1 <= gx0 || key_h <= 0)
        return staff_end(&o, out);
    /* above the keys, in 2.2 key heights: heading, dots, message */
    int top = gy0 - (int)(2.2 * key_h), gw = gx1 - gx0;
    int hh = (int)(key_h * 0.8), dh = (int)(key_h * 0.6), mh = gy0 - top - hh - dh;
    struct typeset f;
    fit_text(&o, &f, ui_string(o.locale, UI_STAFF_PIN), FACE_SANS_BOLD,
             draw_min(SP(&o, T_STAFF_HEAD), hh), SP(&o, T_STAFF_HEAD_FLOOR), gw, hh, 1);
    emit_in(&o, &f, (struct draw_rect){gx0, top, gw, hh}, TYPESET_CENTER, COLOR_TEXT);
    /* one square per digit typed; an empty field is a thin line */
    int dy = top + hh, side = draw_max(6, dh / 3), step = side * 2;
    int n = kp->digits < 0 ? 0 : kp->digits > STAFF_PIN_MAX ? STAFF_PIN_MAX : kp->digits;
    if (n > 0) {
        int dw = n * step - (step - side);
        int dx = gx0 + (gw - dw) / 2;
        for (int i = 0; i < n; i++)
            rect(&o, dx + i * step, dy + (dh - side) / 2, side, side, COLOR_TEXT, 255);
    } else {
        int lw = gw / 3;
        rect(&o, gx0 + (gw - lw) / 2, dy + dh / 2, lw,
             draw_max(1, hairline(&o, (struct draw_rect){0, 0, gw, dh})), COLOR_RULE, 255);
    }
    char msg[160];
    enum color_role mc = COLOR_MUTED;
    if (kp->locked_s > 0) {
        ui_format(o.locale, UI_STAFF_LOCKED, kp->locked_s, msg, sizeof msg);
        mc = COLOR_ALERT;
    } else if (kp->wrong) {
        ui_format(o.locale, UI_STAFF_WRONG_PIN, 0, msg, sizeof msg);
        mc = COLOR_ALERT;
    } else if (kp->too_short) {
        ui_format(o.locale, UI_STAFF_TOO_SHORT, STAFF_PIN_MIN, msg, sizeof msg);
    } else if (n == 0) {
        ui_format(o.locale, UI_STAFF_PIN_HINT, 0, msg, sizeof msg);
    } else {
        msg[0] = '\0';
    }
    const char *ms = copy_str(&o, msg);
    if (ms && ms[0] && mh > 0) {
        /* the message may be wider than the keys: use the screen's width */
        int mx = U(&o, 4.0), mw = o.d.W - 2 * mx;
        fit_text(&o, &f, ms, kp->locked_s > 0 || kp->wrong ? FACE_SANS_BOLD : FACE_SANS,
                 draw_min(SP(&o, T_STAFF_TITLE), mh), SP(&o, T_STAFF_TEXT_FLOOR), mw, mh, 1);
        emit_in(&o, &f, (struct draw_rect){mx, dy + dh, mw, mh}, TYPESET_CENTER, mc);
    }
    return staff_end(&o, out);
}

/* "Label" small and muted over its value; returns the height used. */
static int fact(struct ov *o, int x, int y, int w, int room, const char *label, const char *value)
{
    if (!shown(value) || room <= 0)
        return 0;
    struct typeset fl, fv;
    /* a label may take two lines (a narrow column, a long language)
     * rather than drop its fact */
    fit_text(o, &fl, label, FACE_SANS, SP(o, T_INVITE), SP(o, T_INVITE_FLOOR), w, room, 2);
    if (!fl.keep || fl.height >= room)
        return 0;
    fit_text(o, &fv, value, FACE_SANS, SP(o, T_STAFF_TEXT), SP(o, T_STAFF_TEXT_FLOOR), w,
             room - fl.height, 3);
    if (!fv.keep)
        return 0;
    emit(o, &fl, x, y, w, TYPESET_LEFT, COLOR_MUTED);
    emit(o, &fv, x, y + fl.height, w, TYPESET_LEFT, COLOR_TEXT);
    return fl.height + fv.height;
}

int overlay_staff_screen(const struct layout_screen *screen, const struct control *controls,
                         int n_controls, int pressed, const struct staff_info *info,
                         int confirm_exit, const char *locale, const struct text_measurer *m,
                         struct arena *a, struct draw_list *out)
{
    struct ov o;
    if (staff_begin(&o, screen, m, a, out, locale) != 0 || !info)
        return -1;
    rect(&o, 0, 0, o.d.W, o.d.H, COLOR_BG, 255);
    const struct layout_screen scr = o.d.scr;
    /* the information takes what the buttons leave: left of their column,
     * or above their stack */
    int bx0 = o.d.W, by0 = o.d.H, bottom_close = 0;
    for (int i = 0; i < n_controls; i++) {
        const struct control *c = &controls[i];
        if (c->layer != CONTROL_STAFF)
            continue;
        struct draw_rect r = overlay_control_rect(&scr, c);
        bx0 = draw_min(bx0, r.x);
        if (c->act != ACT_STAFF_CLOSE || r.x < o.d.W / 4)
            by0 = draw_min(by0, r.y);
        const char *label = "";
        enum color_role fill = COLOR_RULE, color = COLOR_TEXT;
        switch (c->act) {
        case ACT_STAFF_ROLLBACK:
            label = ui_string(locale, c->arg ? UI_STAFF_NO_ROLLBACK : UI_STAFF_ROLLBACK);
            if (c->arg) { /* disabled: muted, on the background */
                fill = COLOR_BG;
                color = COLOR_MUTED;
            }
            break;
        case ACT_STAFF_RELOAD:
            label = ui_string(locale, UI_STAFF_RELOAD);
            break;
        case ACT_STAFF_EXPORT:
            label = ui_string(locale, UI_STAFF_EXPORT);
            break;
        case ACT_STAFF_EXIT:
            label = ui_string(locale, confirm_exit ? UI_STAFF_EXIT_AGAIN : UI_STAFF_EXIT);
            if (confirm_exit) {
                fill = COLOR_BG;
                color = COLOR_ALERT;
            }
            break;
        case ACT_STAFF_CLOSE:
            label = ui_string(locale, UI_CLOSE);
            fill = COLOR_BG;
            bottom_close = 1;
            break;
        default:
            break;
        }
        staff_button(&o, r, label, i == pressed, fill, color);
        if (c->act == ACT_STAFF_EXIT && confirm_exit && i != pressed) { /* a thicker alert frame */
            int t = 2 * hairline(&o, r);
            rect(&o, r.x, r.y, r.w, t, COLOR_ALERT, 255);
            rect(&o, r.x, r.y + r.h - t, r.w, t, COLOR_ALERT, 255);
            rect(&o, r.x, r.y + t, t, r.h - 2 * t, COLOR_ALERT, 255);
            rect(&o, r.x + r.w - t, r.y + t, t, r.h - 2 * t, COLOR_ALERT, 255);
        }
    }
    (void)bottom_close;
    int margin = draw_max(U(&o, 4.0), 8), gut = U(&o, 4.0);
    int landscape = bx0 > o.d.W / 3;
    int x = margin, y = margin;
    int w = (landscape ? bx0 - gut : o.d.W - margin) - x;
    int y1 = (landscape ? o.d.H : by0 - gut / 2) - margin;
    if (w <= 0 || y1 <= y)
        return staff_end(&o, out);
    struct typeset f;
    /* heading: "Staff" in the accent colour, then the exhibit's title */
    fit_text(&o, &f, ui_string(locale, UI_STAFF_TITLE), FACE_SANS_BOLD, SP(&o, T_INVITE),
             SP(&o, T_INVITE_FLOOR), w, y1 - y, 1);
    emit(&o, &f, x, y, w, TYPESET_LEFT, COLOR_ACCENT);
    y += f.height;
    fit_text(&o, &f, info->exhibit, FACE_SANS_BOLD, SP(&o, T_STAFF_HEAD),
             SP(&o, T_STAFF_HEAD_FLOOR), w, (y1 - y) / 3, 2);
    emit(&o, &f, x, y, w, TYPESET_LEFT, COLOR_TEXT);
    y += f.height + U(&o, 2.0);
    /* the facts in two columns where there is room, else one */
    int two = w >= U(&o, 70.0);
    int cw = two ? (w - gut) / 2 : w, g = U(&o, 1.6);
    const struct {
        enum ui_string_id label;
        const char *value;
    } facts[] = {
        {UI_STAFF_ATTENTION, info->attention},     {UI_STAFF_VERSION, info->version},
        {UI_STAFF_SIGNER, info->signer},           {UI_STAFF_LAST_IMPORT, info->last_import},
        {UI_STAFF_LAST_EXPORT, info->last_export}, {UI_STAFF_STORAGE, info->free_space},
        {UI_STAFF_SETTINGS, info->settings},
    };
    int col = 0, row_h = 0;
    for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
        int fx = x + (two && col ? cw + gut : 0);
        int used =
            fact(&o, fx, y, cw, (y1 - y) / 2, ui_string(locale, facts[i].label), facts[i].value);
        if (!used)
            continue;
        row_h = draw_max(row_h, used);
        if (two && !col) {
            col = 1;
            continue;
        }
        col = 0;
        y += row_h + g;
        row_h = 0;
    }
    if (row_h)
        y += row_h + g;
    /* the recent log lines, newest last, as many as fit */
    int n_log = info->n_log < 0 ? 0 : info->n_log > STAFF_LOG_LINES ? STAFF_LOG_LINES : info->n_log;
    if (n_log > 0) {
        y += U(&o, 1.0);
        fit_text(&o, &f, ui_string(locale, UI_STAFF_LOG), FACE_SANS, SP(&o, T_INVITE),
                 SP(&o, T_INVITE_FLOOR), w, y1 - y, 1);
        if (f.keep && y + f.height < y1) {
            rect(&o, x, y, w, draw_max(1, U(&o, 0.15)), COLOR_RULE, 255);
            y += U(&o, 0.6);
            emit(&o, &f, x, y, w, TYPESET_LEFT, COLOR_MUTED);
            y += f.height + U(&o, 0.4);
            int px = SP(&o, T_INVITE), lh = line_height(&o, FACE_SANS, px);
            int fit = lh > 0 ? (y1 - y) / lh : 0;
            int first = n_log > fit ? n_log - fit : 0; /* the newest that fit */
            for (int i = first; i < n_log; i++) {
                struct typeset fl;
                fit_text(&o, &fl, info->log[i], FACE_SANS, px, SP(&o, T_INVITE_FLOOR), w, lh, 1);
                emit(&o, &fl, x, y, w, TYPESET_LEFT, COLOR_TEXT);
                y += lh;
            }
        }
    }
    return staff_end(&o, out);
}
