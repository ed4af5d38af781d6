/* bidi.c - see bidi.h. */
#include "bidi.h"

#include <fribidi.h>
#include <stdint.h>
#include <stdlib.h>

#include "typeset.h"

#define STACK_CPS 256

int bidi_has_rtl(const char *s, size_t n)
{
    for (size_t i = 0; s && i < n;) {
        FriBidiCharType t = fribidi_get_bidi_type(typeset_decode(s, n, &i));
        /* a right-to-left letter, an Arabic digit (always at a raised
         * level), or an explicit embedding, override or isolate */
        if ((FRIBIDI_IS_RTL(t) && FRIBIDI_IS_STRONG(t)) || t == FRIBIDI_TYPE_AN ||
            FRIBIDI_IS_EXPLICIT(t) || FRIBIDI_IS_ISOLATE(t))
            return 1;
    }
    return 0;
}

int bidi_has_ltr(const char *s, size_t n)
{
    for (size_t i = 0; s && i < n;) {
        FriBidiCharType t = fribidi_get_bidi_type(typeset_decode(s, n, &i));
        if ((FRIBIDI_IS_LETTER(t) && !FRIBIDI_IS_RTL(t)) || FRIBIDI_IS_NUMBER(t))
            return 1;
    }
    return 0;
}

int bidi_first_strong_rtl(const char *s, size_t n)
{
    for (size_t i = 0; s && i < n;) {
        FriBidiCharType t = fribidi_get_bidi_type(typeset_decode(s, n, &i));
        if (FRIBIDI_IS_LETTER(t))
            return FRIBIDI_IS_RTL(t) ? 1 : 0;
    }
    return 0;
}

/* Would the embeddings, overrides and isolates of ty[0..m) open a level
 * above UAX #9's max_depth (125) in a paragraph of either direction, an FSI
 * counted at the higher of its two levels? FriBidi 1.0.8 (Debian 12's)
 * never returns from some lines whose FSIs overflow, so such a line is
 * not given to it. content/rules.c refuses the same text. */
static int overflows(const FriBidiCharType *ty, int m)
{
    unsigned char level[FRIBIDI_BIDI_MAX_EXPLICIT_LEVEL + 2];
    unsigned char isolate[FRIBIDI_BIDI_MAX_EXPLICIT_LEVEL + 2];
    int top = 0;
    level[0] = 1;
    isolate[0] = 0;
    for (int i = 0; i < m; i++) {
        FriBidiCharType t = ty[i];
        int odd = t == FRIBIDI_TYPE_RLE || t == FRIBIDI_TYPE_RLO || t == FRIBIDI_TYPE_RLI;
        int even = t == FRIBIDI_TYPE_LRE || t == FRIBIDI_TYPE_LRO || t == FRIBIDI_TYPE_LRI;
        if (odd || even || t == FRIBIDI_TYPE_FSI) {
            int cur = level[top];
            int next = t == FRIBIDI_TYPE_FSI ? cur + 2 : odd ? (cur + 1) | 1 : (cur + 2) & ~1;
            if (next > FRIBIDI_BIDI_MAX_EXPLICIT_LEVEL)
                return 1;
            top++;
            level[top] = (unsigned char)next;
            isolate[top] = t == FRIBIDI_TYPE_RLI || t == FRIBIDI_TYPE_LRI || t == FRIBIDI_TYPE_FSI;
        } else if (t == FRIBIDI_TYPE_PDF && top > 0 && !isolate[top]) {
            top--;
        } else if (t == FRIBIDI_TYPE_PDI) {
            int k = top;
            while (k > 0 && !isolate[k])
                k--;
            if (k > 0)
                top = k - 1;
        }
    }
    return 0;
}

/* A character of no width that only steers the algorithm or the shaper. */
static int invisible_control(FriBidiCharType t)
{
    return FRIBIDI_IS_EXPLICIT(t) || FRIBIDI_IS_ISOLATE(t) || t == FRIBIDI_TYPE_BN;
}

int bidi_runs(const char *s, size_t n, int rtl, struct bidi_run *out, int max)
{
    if (!s || n == 0)
        return 0;
    if (max < 1)
        return -1;
    if (!bidi_has_rtl(s, n) && !rtl) { /* the usual case: one run, as written */
        out[0] = (struct bidi_run){0, (int)n, 0};
        return 1;
    }
    /* code points, and where each starts in s */
    FriBidiChar st_cp[STACK_CPS];
    FriBidiCharType st_ty[STACK_CPS];
    FriBidiBracketType st_br[STACK_CPS];
    FriBidiLevel st_lv[STACK_CPS];
    int st_off[STACK_CPS + 1];
    FriBidiChar *cp = st_cp;
    FriBidiCharType *ty = st_ty;
    FriBidiBracketType *br = st_br;
    FriBidiLevel *lv = st_lv;
    int *off = st_off;
    void *heap = NULL;
    if (n > STACK_CPS) { /* never more code points than bytes */
        size_t each = sizeof(*cp) + sizeof(*ty) + sizeof(*br) + sizeof(*lv) + sizeof(*off);
        heap = malloc((n + 1) * each);
        if (!heap)
            return -1;
        cp = heap;
        ty = (FriBidiCharType *)(cp + n);
        br = (FriBidiBracketType *)(ty + n);
        off = (int *)(br + n);
        lv = (FriBidiLevel *)(off + n + 1);
    }
    int m = 0;
    for (size_t i = 0; i < n;) {
        off[m] = (int)i;
        cp[m++] = typeset_decode(s, n, &i);
    }
    off[m] = (int)n;
    fribidi_get_bidi_types(cp, m, ty);
    fribidi_get_bracket_types(cp, m, ty, br);
    FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    int count = -1;
    if (overflows(ty, m) || fribidi_get_par_embedding_levels_ex(ty, br, m, &base, lv) == 0)
        goto done;
    /* L1: spaces and isolates at the end of the line take the base level */
    FriBidiLevel base_level = rtl ? 1 : 0;
    for (int i = m - 1; i >= 0 && (FRIBIDI_IS_SPACE(ty[i]) || FRIBIDI_IS_ISOLATE(ty[i]) ||
                                   ty[i] == FRIBIDI_TYPE_BN);
         i--)
        lv[i] = base_level;
    /* The controls (embeddings, overrides, isolates, PDF, PDI, joiners and
     * the like) draw nothing: each sequence of them between two other
     * characters takes its lowest level, which keeps apart what it kept
     * apart (the order on screen of everything else is the same) but makes
     * it one run. A hundred nested isolates would otherwise give two
     * hundred runs of nothing around a few words, past any line's count. */
    for (int i = 0; i < m;) {
        if (!invisible_control(ty[i])) {
            i++;
            continue;
        }
        int j = i;
        FriBidiLevel low = lv[i];
        for (; j < m && invisible_control(ty[j]); j++)
            if (lv[j] < low)
                low = lv[j];
        for (; i < j; i++)
            lv[i] = low;
    }
    /* runs of one level, in logical order */
    int nr = 0;
    int top = 0, low_odd = 1000;
    for (int i = 0; i < m;) {
        int j = i + 1;
        while (j < m && lv[j] == lv[i])
            j++;
        if (nr == max)
            goto done;
        /* rtl holds the level until the reordering is done */
        out[nr++] = (struct bidi_run){off[i], off[j] - off[i], lv[i]};
        if (lv[i] > top)
            top = lv[i];
        if ((lv[i] & 1) && lv[i] < low_odd)
            low_odd = lv[i];
        i = j;
    }
    /* L2: from the highest level down to the lowest odd one, reverse every
     * sequence of runs at that level or higher */
    for (int level = top; level >= low_odd && low_odd != 1000; level--)
        for (int i = 0; i < nr;) {
            if (out[i].rtl < level) {
                i++;
                continue;
            }
            int j = i;
            while (j < nr && out[j].rtl >= level)
                j++;
            for (int a = i, b = j - 1; a < b; a++, b--) {
                struct bidi_run t = out[a];
                out[a] = out[b];
                out[b] = t;
            }
            i = j;
        }
    for (int i = 0; i < nr; i++)
        out[i].rtl &= 1;
    count = nr;
done:
    free(heap);
    return count;
}
