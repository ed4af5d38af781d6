/* typeset.c - measuring in runs, UAX #14 break units, greedy wrapping with
 * hyphenation of the words too long for their line, and fitting.
 *
 * Fitting steps the size down from the design size, a pixel at a time; the
 * search starts where an estimate says the text may fit (unit widths
 * measured once at the design size and scaled), then checks each size with
 * the real measure. */
#include "typeset.h"

#include "breaks.h"

#include <math.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6"
#define ELLIPSIS_LEN 3

/* ---- measuring ------------------------------------------------------------ */

uint32_t typeset_decode(const char *s, size_t n, size_t *i)
{
    return breaks_decode(s, n, i);
}

/* Bidi controls (marks, embeddings, isolates): invisible, in no font's
 * way; the shaper hides them in whatever font their run is in. */
static int bidi_control(uint32_t cp)
{
    return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

/* The font of the cluster s[i..end). */
static int cluster_font(const struct text_measurer *m, enum font_face face, const char *s, size_t i,
                        size_t end)
{
    if (m->cluster_font)
        return m->cluster_font(m->ctx, face, s + i, end - i);
    return m->font_for(m->ctx, face, typeset_decode(s, end, &i));
}

size_t typeset_run(const struct text_measurer *m, enum font_face face, const char *s, size_t n,
                   int *font)
{
    *font = 0;
    if (!s || n == 0)
        return 0;
    if (!m->font_for || !m->run_width)
        return n;
    /* a run ends between clusters only, and a cluster's font is chosen for
     * the whole of it: a mark, a skin tone or the second half of a flag is
     * set with its base */
    size_t i = 0;
    uint32_t first = typeset_decode(s, n, &i);
    i = breaks_cluster_end(s, n, 0);
    *font = bidi_control(first) ? 0 : cluster_font(m, face, s, 0, i);
    while (i < n) {
        size_t j = i, end = breaks_cluster_end(s, n, i);
        uint32_t cp = typeset_decode(s, n, &j);
        if (!bidi_control(cp) && cluster_font(m, face, s, i, end) != *font)
            break;
        i = end;
    }
    return i;
}

int typeset_width(const struct text_measurer *m, enum font_face face, int px, const char *s,
                  size_t n)
{
    if (!s || n == 0)
        return 0;
    if (!m->font_for || !m->run_width)
        return m->width(m->ctx, face, px, s, n);
    int w = 0;
    for (size_t i = 0; i < n;) {
        int font;
        size_t k = typeset_run(m, face, s + i, n - i, &font);
        w += m->run_width(m->ctx, face, font, px, s + i, k);
        i += k;
    }
    return w;
}

/* The first prefix typeset_prefix measures past its guess, in bytes (then
 * twice as long). */
#define PREFIX_FIRST 64
/* A unit (a word) longer than this, in bytes, is not measured whole before
 * typeset_wrap knows a line can hold it: the measurer remembers no run this
 * long (text.c's WIDTH_KEY) and shaping one costs its length. */
#define LONG_UNIT 256

size_t typeset_prefix(const struct text_measurer *m, enum font_face face, int px, const char *s,
                      size_t n, int bw)
{
    /* s[0..lo) fits; s[0..hi) does not (n + 1: unknown); both are cluster
     * boundaries, so a flag or an accented letter is never cut in two */
    size_t lo = 0, hi = n + 1;
    /* A guess first: the clusters' own widths (short runs, which the
     * measurer remembers) added up until they pass bw; then the exact
     * width there and a cluster beyond or before it, which is usually all
     * (shaping across clusters, kerning and joining, moves it a little).
     * A word of thousands of characters costs about what a line of it
     * does, not its whole length at every step: wrapping it cuts it line
     * by line, so halving from the whole was quadratic. */
    size_t guess = 0;
    long sum = 0;
    for (size_t i = 0; i < n;) {
        size_t e = breaks_cluster_end(s, n, i);
        sum += typeset_width(m, face, px, s + i, e - i);
        if (sum > bw) {
            if (i == 0) /* one cluster alone is too wide: measured exactly */
                hi = e;
            break;
        }
        guess = i = e;
    }
    if (guess > 0 && typeset_width(m, face, px, s, guess) <= bw) {
        lo = guess;
        if (lo < n) {
            size_t next = breaks_cluster_end(s, n, lo);
            if (typeset_width(m, face, px, s, next) <= bw)
                lo = next;
            else
                hi = next;
        }
    } else if (guess > 0) {
        hi = guess;
        size_t prev = breaks_cluster_floor(s, n, guess - 1);
        if (prev > 0 && typeset_width(m, face, px, s, prev) <= bw)
            lo = prev;
        else if (prev > 0)
            hi = prev;
    }
    /* the guess was short: prefixes twice as long each time past it,
     * until one is too wide */
    for (size_t step = PREFIX_FIRST; lo < n && hi == n + 1; step *= 2) {
        size_t mid = breaks_cluster_floor(s, n, lo + step < n ? lo + step : n);
        if (mid <= lo)
            mid = breaks_cluster_end(s, n, lo);
        if (typeset_width(m, face, px, s, mid) <= bw)
            lo = mid;
        else
            hi = mid;
    }
    while (lo < n) {
        size_t mid = lo + (hi - lo) / 2;
        if (mid > n)
            mid = n;
        mid = lo + breaks_cluster_floor(s + lo, n - lo, mid - lo);
        if (mid == lo) { /* lo and hi are in one cluster: try its end */
            mid = breaks_cluster_end(s, n, lo);
            if (mid >= hi)
                break;
        }
        if (typeset_width(m, face, px, s, mid) <= bw)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* ---- break units ---------------------------------------------------------- */

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

static void *alloc(struct typeset *t, size_t n)
{
    void *p = arena_alloc(t->a, n ? n : 1);
    if (!p)
        t->oom = 1;
    return p;
}

/* Copy text with whitespace runs collapsed and trimmed: ' ' between words,
 * '\n' for a run holding a blank line when paragraphs are kept. */
/* Generic combining marks (accents that any Latin, Greek or Cyrillic letter
 * may carry). Script-specific marks (Thai, Arabic, Hebrew, Devanagari)
 * are the fonts' to stack and are left alone. */
static int generic_mark(uint32_t cp)
{
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x0483 && cp <= 0x0489) ||
           (cp >= 0x1AB0 && cp <= 0x1AFF) || (cp >= 0x1DC0 && cp <= 0x1DFF) ||
           (cp >= 0x20D0 && cp <= 0x20FF) || (cp >= 0xFE20 && cp <= 0xFE2F);
}

static int collapse(struct typeset *t, const char *text)
{
    size_t n = text ? strlen(text) : 0;
    t->s = alloc(t, n + 1);
    if (!t->s)
        return -1;
    size_t i = 0, o = 0;
    while (i < n && is_space(text[i]))
        i++;
    int marks = 0;
    while (i < n) {
        if (!is_space(text[i])) {
            size_t at = i;
            uint32_t cp = typeset_decode(text, n, &i);
            /* a letter carries at most TYPESET_MAX_MARKS stacked accents:
             * more would climb into the line above (hostile "zalgo" text) */
            marks = generic_mark(cp) ? marks + 1 : 0;
            if (marks > TYPESET_MAX_MARKS)
                continue;
            memcpy(t->s + o, text + at, i - at);
            o += i - at;
            continue;
        }
        marks = 0;
        int nl = 0;
        while (i < n && is_space(text[i]))
            nl += text[i++] == '\n';
        if (i < n)
            t->s[o++] = nl >= 2 && t->st.paragraphs ? '\n' : ' ';
    }
    t->s[o] = 0;
    t->len = (int)o;
    return 0;
}

int typeset_prepare(struct typeset *t, const struct text_measurer *m, struct arena *a,
                    const char *text, const struct typeset_style *st)
{
    memset(t, 0, sizeof *t);
    t->m = m;
    t->a = a;
    t->st = *st;
    if (collapse(t, text))
        return -1;
    if (t->len == 0)
        return 0;
    char *brks = alloc(t, (size_t)t->len);
    /* at most one unit per character, and a character is at least a byte */
    t->u = alloc(t, sizeof *t->u * (size_t)t->len);
    t->hy = alloc(t, (size_t)t->len);
    t->scratch = alloc(t, (size_t)t->len + TYPESET_HYPHEN_LEN);
    if (!brks || !t->u || !t->hy || !t->scratch)
        return -1;
    breaks_find(t->s, (size_t)t->len, st->lang, brks);
    int start = 0, para = 0;
    for (int i = 0; i < t->len; i++) {
        /* brks[i] is about the position after byte i; the end of the text
         * is always a break */
        if (i < t->len - 1 && brks[i] != BREAKS_ALLOW && brks[i] != BREAKS_MUST)
            continue;
        int end = i + 1;
        while (end > start && is_space(t->s[end - 1]))
            end--;
        if (end > start) {
            t->u[t->nu++] = (struct typeset_unit){start, end - start, (unsigned char)para, 0};
            para = 0;
        }
        if (t->s[i] == '\n')
            para = 1;
        start = i + 1;
    }
    return 0;
}

/* ---- wrapping ------------------------------------------------------------- */

void typeset_set_px(struct typeset *t, int px)
{
    t->px = px;
    t->lh = t->m->line_height(t->m->ctx, t->st.face, px);
    t->lead = (int)lround(px * t->st.lead);
    t->pgap = (int)lround(t->lh * t->st.para_gap);
}

static int width_of(const struct typeset *t, const char *s, int n)
{
    return n > 0 ? typeset_width(t->m, t->st.face, t->px, s, (size_t)n) : 0;
}

static void line_add(struct typeset *t, const char *s, int len, int w, int para, int hyphen)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 16;
        struct typeset_line *l = alloc(t, sizeof *l * (size_t)cap);
        if (!l)
            return;
        if (t->n)
            memcpy(l, t->lines, sizeof *l * (size_t)t->n);
        t->lines = l;
        t->cap = cap;
    }
    t->lines[t->n++] = (struct typeset_line){s, len, w, para, hyphen};
}

/* The hyphenation points of unit i (found the first time they are asked
 * for, kept in t->hy), or NULL: only a whole word, with a space or the
 * text's end on both sides, is looked up, so a word that has a hyphen, a
 * dash or a soft hyphen in it keeps the breaks its author gave it. */
static const unsigned char *unit_points(struct typeset *t, int i)
{
    struct typeset_unit *u = &t->u[i];
    if (u->hy == 0) {
        int a = u->off, b = u->off + u->len;
        int whole = (a == 0 || is_space(t->s[a - 1])) && (b == t->len || is_space(t->s[b]));
        u->hy = whole && hyphen_points(t->st.hyphens, t->s + a, (size_t)u->len, t->hy + a) ? 2 : 1;
    }
    return u->hy == 2 ? t->hy + u->off : NULL;
}

/* Width of s[0..n) of the text with a hyphen after it, as drawn. */
static int hyphenated_width(const struct typeset *t, const char *s, int n)
{
    memcpy(t->scratch, s, (size_t)n);
    memcpy(t->scratch + n, TYPESET_HYPHEN, TYPESET_HYPHEN_LEN);
    return width_of(t, t->scratch, n + TYPESET_HYPHEN_LEN);
}

/* The first line's worth of word s[wo..wo+wl) (unit i), too wide for bw,
 * of which s[wo..wo+k) fits (typeset_prefix): its length in bytes, *w its
 * width and *hyphen whether it ends at a hyphenation point. Hyphenated at
 * the last point where the part and its hyphen fit; else cut between
 * clusters, at least one. */
static int word_line(struct typeset *t, int i, int wo, int wl, int k, int bw, int *w, int *hyphen)
{
    const char *s = t->s;
    const unsigned char *pt = k > 0 ? unit_points(t, i) : NULL;
    if (pt) {
        const unsigned char *at = pt + (wo - t->u[i].off); /* at[j]: after byte wo + j */
        for (int e = k; e > 0; e--) {
            if (!at[e - 1])
                continue;
            int hw = hyphenated_width(t, s + wo, e);
            if (hw <= bw) {
                *w = hw;
                *hyphen = 1;
                return e;
            }
        }
    }
    if (k == 0)
        k = (int)breaks_cluster_end(s + wo, (size_t)wl, 0);
    *w = width_of(t, s + wo, k);
    *hyphen = 0;
    return k;
}

#define SOFT_HYPHEN "\xC2\xAD"

/* 1 when s[0..n) ends with a soft hyphen that is a cluster of its own (not
 * one that a zero-width joiner glued to the character before it). */
static int ends_soft(const char *s, int n)
{
    return n >= 2 && memcmp(s + n - 2, SOFT_HYPHEN, 2) == 0 &&
           breaks_cluster_floor(s, (size_t)n, (size_t)n - 2) == (size_t)n - 2;
}

/* A line of whole units s[lo..le) that the next unit does not join: one
 * that ends at a soft hyphen ends with a hyphen in its place, where that
 * fits (UAX #14 breaks after a soft hyphen, which draws nothing). */
static void line_break(struct typeset *t, int lo, int le, int lw, int para, int bw)
{
    if (le - lo > 2 && ends_soft(t->s + lo, le - lo)) {
        int hw = hyphenated_width(t, t->s + lo, le - lo - 2);
        if (hw <= bw) {
            line_add(t, t->s + lo, le - lo - 2, hw, para, 1);
            return;
        }
    }
    line_add(t, t->s + lo, le - lo, lw, para, 0);
}

void typeset_wrap(struct typeset *t, int bw)
{
    const char *s = t->s;
    int lo = -1, le = 0, lw = 0, lpara = 0, pend = 0;
    t->n = t->keep = t->height = 0;
    t->too_wide = t->broken = t->cut_word = t->cut = 0;
    for (int i = 0; i < t->nu; i++) {
        int wo = t->u[i].off, wl = t->u[i].len;
        if (t->u[i].para) {
            if (lo >= 0)
                line_add(t, s + lo, le - lo, lw, lpara, 0);
            lo = -1;
            pend = 1;
        }
        /* fit: how much of the unit's rest fits a line, when known; -1 */
        int fit = -1;
        if (wl > LONG_UNIT) {
            /* a long unit is not measured whole (nor with the line before
             * it) unless a line can hold it: a 4,000-byte word costs a
             * line's measuring per line, not its length at every try */
            fit = (int)typeset_prefix(t->m, t->st.face, t->px, s + wo, (size_t)wl, bw);
            if (fit < wl && lo >= 0) {
                line_break(t, lo, le, lw, lpara, bw);
                lo = -1;
            }
        }
        if (lo >= 0) {
            int cw = width_of(t, s + lo, wo + wl - lo);
            if (cw <= bw) {
                le = wo + wl;
                lw = cw;
                continue;
            }
            line_break(t, lo, le, lw, lpara, bw);
            lo = -1;
        }
        int ww = fit < 0 || fit == wl ? width_of(t, s + wo, wl) : bw + 1;
        while (ww > bw && wl > 0) { /* a word longer than the line */
            int kw, hyphen;
            if (fit < 0)
                fit = (int)typeset_prefix(t->m, t->st.face, t->px, s + wo, (size_t)wl, bw);
            int k = word_line(t, i, wo, wl, fit, bw, &kw, &hyphen);
            if (kw > bw)
                t->too_wide = 1;
            t->broken = 1;
            t->cut_word |= !hyphen;
            line_add(t, s + wo, k, kw, pend, hyphen);
            pend = 0;
            wo += k;
            wl -= k;
            /* the rest is measured whole only when a line can hold it:
             * measuring a long word's rest after every line would cost its
             * length again at each */
            fit = (int)typeset_prefix(t->m, t->st.face, t->px, s + wo, (size_t)wl, bw);
            ww = fit == wl ? width_of(t, s + wo, wl) : bw + 1;
        }
        if (wl == 0)
            continue;
        lo = wo;
        le = wo + wl;
        lw = ww;
        lpara = pend;
        pend = 0;
    }
    if (lo >= 0)
        line_add(t, s + lo, le - lo, lw, lpara, 0);
}

/* How many paragraphs of two lines or more end on a single word (unit). */
static int lone_words(const struct typeset *t)
{
    int lone = 0;
    for (int i = 1; i < t->n; i++) {
        const struct typeset_line *l = &t->lines[i];
        if (l->para || (i + 1 < t->n && !t->lines[i + 1].para))
            continue; /* the first line of a paragraph, or not its last */
        if (l->s < t->s || l->s + l->len > t->s + t->len)
            return 0; /* an ellipsized copy: not ours to move */
        int from = (int)(l->s - t->s), to = from + l->len, units = 0;
        for (int u = 0; u < t->nu && units < 2; u++)
            units += t->u[u].off >= from && t->u[u].off < to;
        lone += units == 1;
    }
    return lone;
}

void typeset_balance(struct typeset *t, int bw)
{
    if (t->n < 2 || t->keep != t->n || t->oom)
        return;
    int lone = lone_words(t);
    if (lone == 0)
        return;
    int n = t->n, keep = t->keep, height = t->height, broken = t->broken;
    for (int k = 1; k <= 12; k++) {
        int w = bw - k * bw / 48;
        if (w < 1)
            break;
        typeset_wrap(t, w);
        if (t->n != n || t->broken != broken || t->too_wide)
            break; /* narrower only adds lines from here on */
        if (lone_words(t) < lone) {
            t->keep = keep;
            t->height = height;
            return;
        }
    }
    typeset_wrap(t, bw); /* as it was */
    t->keep = keep;
    t->height = height;
}

/* Lines of t holding a single unit (a word, or words joined by no-break
 * spaces), and the widest line's width. */
static int lone_lines(const struct typeset *t, int *widest)
{
    int lone = 0;
    *widest = 0;
    for (int i = 0; i < t->n; i++) {
        const struct typeset_line *l = &t->lines[i];
        if (l->w > *widest)
            *widest = l->w;
        if (l->s < t->s || l->s + l->len > t->s + t->len)
            continue;
        int from = (int)(l->s - t->s), to = from + l->len, units = 0;
        for (int u = 0; u < t->nu && units < 2; u++)
            units += t->u[u].off >= from && t->u[u].off < to;
        lone += units == 1;
    }
    return lone;
}

/* The units of line i: first and count (lines of whole units only). */
static int line_units(const struct typeset *t, int i, int *first)
{
    const struct typeset_line *l = &t->lines[i];
    int from = (int)(l->s - t->s), to = from + l->len, n = 0;
    *first = -1;
    for (int u = 0; u < t->nu; u++)
        if (t->u[u].off >= from && t->u[u].off < to) {
            if (*first < 0)
                *first = u;
            n++;
        }
    return n;
}

/* A line of a single unit after a line of three or more takes that
 * line's last unit when both still fit bw ("A week on / Instagram"
 * becomes "A week / on Instagram"): what greedy wrapping cannot give. */
static void pull_down(struct typeset *t, int bw)
{
    for (int i = t->n - 1; i >= 1; i--) {
        struct typeset_line *a = &t->lines[i - 1], *b = &t->lines[i];
        int fa, fb;
        if (b->para || a->hyphen || b->hyphen || a->s < t->s || b->s < t->s ||
            line_units(t, i, &fb) != 1 || line_units(t, i - 1, &fa) < 3 ||
            fb != fa + line_units(t, i - 1, &fa))
            continue;
        const struct typeset_unit *last = &t->u[fb - 1], *keep = &t->u[fb - 2];
        const char *end = b->s + b->len;
        int bw2 = width_of(t, t->s + last->off, (int)(end - (t->s + last->off)));
        int aw2 = width_of(t, a->s, (int)(t->s + keep->off + keep->len - a->s));
        if (bw2 > bw || aw2 > bw)
            continue;
        a->len = (int)(t->s + keep->off + keep->len - a->s);
        a->w = aw2;
        b->s = t->s + last->off;
        b->len = (int)(end - b->s);
        b->w = bw2;
    }
}

void typeset_even(struct typeset *t, int bw)
{
    if (t->n < 2 || t->keep != t->n || t->oom)
        return;
    int n = t->n, keep = t->keep, height = t->height, broken = t->broken;
    int best_widest, best_lone = lone_lines(t, &best_widest), best_w = bw;
    for (int k = 1; k <= 24; k++) {
        int w = bw - k * bw / 48, widest;
        if (w < 1)
            break;
        typeset_wrap(t, w);
        if (t->n != n || t->broken != broken || t->too_wide)
            break; /* narrower only adds lines from here on */
        int lone = lone_lines(t, &widest);
        if (lone < best_lone || (lone == best_lone && widest < best_widest)) {
            best_lone = lone;
            best_widest = widest;
            best_w = w;
        }
    }
    typeset_wrap(t, best_w);
    if (best_lone > 0 && !t->broken)
        pull_down(t, bw);
    t->keep = keep;
    t->height = height;
}

int typeset_height(const struct typeset *t, int n)
{
    int h = 0;
    for (int i = 0; i < n && i < t->n; i++)
        h += t->lh + (i ? t->lead + (t->lines[i].para ? t->pgap : 0) : 0);
    return h;
}

int typeset_fits(const struct typeset *t, int bh, int max_lines, unsigned flags)
{
    if (t->too_wide || ((flags & TYPESET_WHOLE_WORDS) && t->broken))
        return 0;
    return (!max_lines || t->n <= max_lines) && typeset_height(t, t->n) <= bh;
}

void typeset_keep(struct typeset *t, int bh, int max_lines)
{
    int h = 0;
    t->keep = 0;
    for (int i = 0; i < t->n && (!max_lines || i < max_lines); i++) {
        int step = t->lh + (i ? t->lead + (t->lines[i].para ? t->pgap : 0) : 0);
        if (h + step > bh)
            break;
        h += step;
        t->keep++;
    }
    t->height = h;
}

/* Would the text fit at px, judging by unit widths measured at dpx? */
static int estimate_fits(const struct typeset *t, const int *uw, int sp, int dpx, int px, int bw,
                         int bh, int max_lines)
{
    double k = (double)px / dpx, cur = -1;
    int n = 0, gaps = 0;
    for (int i = 0; i < t->nu; i++) {
        double w = uw[i] * k;
        if (t->u[i].para) {
            cur = -1;
            gaps++;
        }
        /* a space between units unless the break came after a hyphen,
         * a dash or between ideographs */
        double gap = i && t->u[i].off > t->u[i - 1].off + t->u[i - 1].len ? sp * k : 0;
        if (cur >= 0 && cur + gap + w <= bw) {
            cur += gap + w;
            continue;
        }
        if (w > bw) {
            int pieces = (int)ceil(w / bw);
            n += pieces;
            cur = w - (pieces - 1) * (double)bw;
        } else {
            n++;
            cur = w;
        }
    }
    int lh = t->m->line_height(t->m->ctx, t->st.face, px);
    int lead = (int)lround(px * t->st.lead), pgap = (int)lround(lh * t->st.para_gap);
    long h = n ? (long)n * lh + (long)(n - 1) * lead + (long)gaps * pgap : 0;
    return h <= bh && (!max_lines || n <= max_lines);
}

int typeset_fit(struct typeset *t, int design, int floor_px, int bw, int bh, int max_lines,
                unsigned flags)
{
    if (design < 1)
        design = 1;
    if (floor_px > design)
        floor_px = design;
    typeset_set_px(t, design);
    typeset_wrap(t, bw);
    if (typeset_fits(t, bh, max_lines, flags)) {
        typeset_keep(t, bh, max_lines);
        return 1;
    }
    if (floor_px < design && t->nu > 0) {
        int *uw = alloc(t, sizeof(int) * (size_t)t->nu);
        if (!uw)
            return 0;
        for (int i = 0; i < t->nu; i++)
            uw[i] = width_of(t, t->s + t->u[i].off, t->u[i].len);
        int sp = width_of(t, " ", 1);
        int q = design - 1;
        while (q > floor_px && !estimate_fits(t, uw, sp, design, q, bw, bh, max_lines))
            q--;
        for (; q >= floor_px; q--) {
            typeset_set_px(t, q);
            typeset_wrap(t, bw);
            if (typeset_fits(t, bh, max_lines, flags)) {
                typeset_keep(t, bh, max_lines);
                return 1;
            }
        }
    }
    typeset_keep(t, bh, max_lines);
    return 0;
}

/* Line i becomes the text from its start to the end, cut to bw with an
 * ellipsis; it goes when not even the ellipsis fits. */
static void ellipsize_line(struct typeset *t, int i, int bw)
{
    const char *rest = t->lines[i].s;
    size_t rl = strlen(rest);
    const char *nl = memchr(rest, '\n', rl);
    if (nl) /* the line ends where its paragraph does */
        rl = (size_t)(nl - rest);
    int ew = width_of(t, ELLIPSIS, ELLIPSIS_LEN);
    size_t k = bw > ew ? typeset_prefix(t->m, t->st.face, t->px, rest, rl, bw - ew) : 0;
    while (k > 0 && is_space(rest[k - 1]))
        k--;
    char *s = ew <= bw ? alloc(t, k + ELLIPSIS_LEN + 1) : NULL;
    t->cut = 1;
    if (!s) {
        t->keep = i;
        t->height = typeset_height(t, t->keep);
        return;
    }
    memcpy(s, rest, k);
    memcpy(s + k, ELLIPSIS, ELLIPSIS_LEN + 1);
    int w = width_of(t, s, (int)k + ELLIPSIS_LEN);
    if (w > bw) {
        t->keep = i;
        t->height = typeset_height(t, t->keep);
        return;
    }
    t->lines[i] = (struct typeset_line){s, (int)k + ELLIPSIS_LEN, w, t->lines[i].para, 0};
}

void typeset_ellipsize(struct typeset *t, int bw)
{
    if (t->keep > 0 && t->n > t->keep)
        ellipsize_line(t, t->keep - 1, bw);
}

void typeset_one_line(struct typeset *t, int px, int bw)
{
    typeset_set_px(t, px);
    t->n = t->keep = t->height = t->cut = 0;
    t->too_wide = t->broken = t->cut_word = 0;
    if (t->nu == 0)
        return;
    line_add(t, t->s, t->len, width_of(t, t->s, t->len), 0, 0);
    if (t->n == 0)
        return;
    t->keep = 1;
    t->height = t->lh;
    if (t->lines[0].w > bw)
        ellipsize_line(t, 0, bw);
}

int typeset_align_x(int x, int bw, int w, enum typeset_align al)
{
    if (al == TYPESET_CENTER)
        return x + (bw - w) / 2;
    if (al == TYPESET_RIGHT)
        return x + bw - w;
    return x;
}
