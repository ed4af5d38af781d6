/* frame_plan.h - where a frame can differ from the one before: the frame
 * planner of the software renderer's damage (platform/display.c draws and
 * presents only there).
 *
 * Pure: no SDL, no clock, no allocation. The display describes each frame
 * it draws as a plan_shown (which views at which versions, the tiles
 * anything of them may draw in, where their animated items, lists and
 * figure pieces drew) and frame_plan_damage compares it with the frame the
 * output shows: the rectangles to draw and send, or "whole". It also owns
 * the pieces of arithmetic the display used to do itself: rectangle sets,
 * the tile grid, the hash that knows a draw list unchanged, the count-up's
 * easing and the unit chart's lit squares at a point of it.
 *
 * Rectangles are in the pixels of a w x h screen; a rect outside it is
 * clipped, an empty one is dropped. */
#ifndef VITRINE_FRAME_PLAN_H
#define VITRINE_FRAME_PLAN_H

#include <stdint.h>

#include "layout.h"
#include "presenter.h"

struct plan_rect {
    int x, y, w, h;
};

/* Damage is worked out in tiles (plan_tile: 16 pixels, 32 on screens over
 * 2048 pixels, where text is set larger and 16 would need too many
 * rectangles), on screens up to PLAN_WORDS * 64 tiles wide and PLAN_ROWS
 * tiles tall (8192 pixels at 16); a larger one is drawn whole. */
#define PLAN_WORDS 8
#define PLAN_ROWS 512
#define PLAN_RECTS 256 /* a frame's damage in at most this many rectangles */
#define PLAN_PIECES 64 /* figure pieces a frame's damage follows */
#define PLAN_PAD 8     /* around an item's box: antialiasing, overhang */

typedef uint64_t plan_bits[PLAN_ROWS][PLAN_WORDS];

/* One glyph (or run) of a counting figure as drawn: what (an opaque
 * texture), where, at which alpha. */
struct plan_piece {
    const void *tex;
    struct plan_rect r;
    uint8_t a;
};

/* What one frame drew, as the planner needs to know it. */
struct plan_shown {
    uint32_t a, b;         /* view ids; b 0: one view */
    uint32_t a_ver, b_ver; /* their versions */
    int ok;                /* drawn by the display's frame call alone */
    /* the tiles where anything of it may be drawn */
    plan_bits area;
    struct plan_rect moving[32]; /* where its animated items but figures, and clips, drew */
    struct plan_rect listed[32]; /* where its lists drew */
    struct plan_rect figs[8];    /* where its figures drew */
    int n_moving, n_listed, n_figs;
    /* and each of their pieces (n_pieces PLAN_PIECES + 1: more than fit) */
    struct plan_piece pieces[PLAN_PIECES];
    int n_pieces;
    /* its lists, to know them unchanged in the next frame */
    const struct draw_list *lists[FRAME_MAX_LISTS];
    uint32_t list_hash[FRAME_MAX_LISTS];
    int n_lists;
};

/* The plan for one frame: n -1 draws and sends it whole; else the n
 * rectangles where it can differ. lists_kept: its lists are as last time,
 * so only their items that meet the damage are drawn (each whole, its
 * place in the damage); pieces: its figures are as last time but for the
 * pieces that changed, so only the pieces the damage meets are drawn. */
struct plan_damage {
    struct plan_rect r[PLAN_RECTS];
    int n;
    int lists_kept;
    int pieces;
    plan_bits bits; /* the damage in tiles, on its way */
};

/* ---- rectangles ---- */
long plan_rect_area(const struct plan_rect *r);
/* The overlap of a and b into *out (may be NULL): 1 when they overlap. */
int plan_rect_overlap(const struct plan_rect *a, const struct plan_rect *b, struct plan_rect *out);
/* 1 when r meets one of set[n]. */
int plan_rect_meets(const struct plan_rect *r, const struct plan_rect *set, int n);
/* The smallest rect holding a and b (an empty one counts as nothing). */
struct plan_rect plan_rect_union(const struct plan_rect *a, const struct plan_rect *b);
/* r grown by PLAN_PAD on every side. */
struct plan_rect plan_padded(struct plan_rect r);
/* Merge overlapping rects until none overlaps: each place is drawn once. */
void plan_rects_merge(struct plan_rect *r, int *n);
/* Add r (clipped to w x h) to set[*n] of at most max: when full, into the
 * rect it grows least. */
void plan_rects_add(struct plan_rect *set, int *n, int max, struct plan_rect r, int w, int h);
/* r less cut, as at most 4 rectangles in out: their count. */
int plan_rect_less(const struct plan_rect *r, const struct plan_rect *cut, struct plan_rect *out);

/* ---- tiles ---- */
/* The side of a damage tile on a w x h screen. */
int plan_tile(int w, int h);
/* Tiles of a w x h screen, or 0 when it is larger than the damage covers. */
int plan_grid(int w, int h, int *cols, int *rows);
/* Mark the tiles rect r (clipped to w x h) touches. */
void plan_bits_rect(uint64_t (*bits)[PLAN_WORDS], struct plan_rect r, int w, int h);
/* Tiles marked in bits (cols x rows of a w x h screen) as rectangles into
 * out[max]: each row's runs, a run joined to the rectangle above it when
 * they span the same columns. Their count, or -1 when more than max. */
int plan_bits_rects(const uint64_t (*bits)[PLAN_WORDS], int cols, int rows, int w, int h,
                    struct plan_rect *out, int max);

/* ---- lists ---- */
/* Where a list's item may draw (its box, padded). */
struct plan_rect plan_item_place(const struct draw_item *it);
/* What a list draws, as a number: equal lists, equal numbers (FNV-1a over
 * each item's kind, place, colours, type, text or units; figures,
 * pictures and clips by what they point to). */
uint32_t plan_list_hash(const struct draw_list *l);
/* Frame f's lists into s: each, its hash, where its items draw (listed)
 * and their tiles (area). */
void plan_note_lists(struct plan_shown *s, const struct frame *f, int w, int h);

/* ---- a figure's arrival ---- */
/* The arrival's easing (ease-out cubic) of progress t: 0 at or before 0,
 * 1 at or after 1, rising in between. */
double plan_ease(double t);
/* A statistic's figure arriving, at eased progress: it rises into its
 * place from dy px below (a fifth of its height h at the start) as its
 * opacity grows to alpha 255. Its digits are the source's from the first
 * frame (numfmt.h): the motion, not a count, says it arrives. */
struct plan_arrival {
    int dy, alpha;
};
struct plan_arrival plan_figure_arrival(double eased, int h);
/* Of a unit chart of total squares showing lit, those lit at an eased
 * progress (rounded, within 0..total). */
int plan_units_lit(int lit, int total, double eased);

/* ---- the plan ---- */
/* The damage of frame f (drawn as now describes) over the frame the output
 * shows (drawn as was describes), on a w x h screen: into *out. same: now
 * shows the very views (ids and versions) of was; crossfade: two views.
 * Whole (out->n -1) when was is not known, the screen is larger than the
 * tiles cover, the damage is too scattered, or covers most of the screen. */
void frame_plan_damage(const struct plan_shown *was, const struct plan_shown *now,
                       const struct frame *f, int w, int h, struct plan_damage *out);

#endif
