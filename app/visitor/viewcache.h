/* viewcache.h - prepared panels, kept while memory allows.
 *
 * An entry is one panel of one content generation in one locale: the
 * panel's text (its own arena), the draw lists laid out from it, and the
 * presenter's view made from those lists (absent until rasterised). Entries
 * keep their draw lists for as long as their view lives, so the presenter
 * can rebuild a view's textures from them at any time.
 *
 * The cache is bounded in bytes (arena plus view), not in entries: when it
 * holds more than its budget, the least recently used entries that are not
 * pinned go first. The panel on screen and the one arriving are pinned by
 * the caller, so a budget smaller than they need is exceeded rather than
 * blanking the screen. Main thread only. */
#ifndef VITRINE_VIEWCACHE_H
#define VITRINE_VIEWCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "layout.h"
#include "panel.h"
#include "presenter.h"
#include "store.h"

#define VIEWCACHE_MIN_BYTES (16u * 1024u * 1024u)

struct ventry {
    /* key */
    uint32_t gen;                      /* content generation */
    int index;                         /* panel index in that content */
    char locale[STORE_LOCALE_MAX + 1]; /* as asked for ("" = the default) */
    /* data */
    struct arena arena; /* the panel's text and the lists */
    struct panel panel;
    struct draw_list list;   /* the panel */
    struct draw_list chrome; /* position indicator and chapter line */
    struct pview *view;      /* NULL until rasterised */
    /* bookkeeping */
    uint64_t used; /* last use, in the cache's own ticks */
    struct ventry *next;
};

struct viewcache {
    const struct presenter *p; /* borrowed */
    size_t budget;
    struct ventry *head;
    uint64_t tick;
    int n;
    size_t view_bytes; /* the largest view seen: what making one will cost */
};

/* An empty cache of `budget` bytes (0: VIEWCACHE_MIN_BYTES) whose views
 * are released through p. */
void viewcache_init(struct viewcache *c, const struct presenter *p, size_t budget);
/* Release every view and free every entry. */
void viewcache_free(struct viewcache *c);

/* The entry for the key, marked used; NULL if absent. */
struct ventry *viewcache_find(struct viewcache *c, uint32_t gen, int index, const char *locale);
/* 1 if the key is cached (with a view, when need_view); changes nothing. */
int viewcache_has(const struct viewcache *c, uint32_t gen, int index, const char *locale,
                  int need_view);
/* A new empty entry for the key (its arena ready), not yet in the cache;
 * NULL when out of memory. */
struct ventry *viewcache_entry_new(uint32_t gen, int index, const char *locale);
/* Put e in the cache (ownership moves to the cache), marked used. */
void viewcache_insert(struct viewcache *c, struct ventry *e);
/* Free an entry that is not in the cache (a panel that failed to load). */
void viewcache_entry_free(struct viewcache *c, struct ventry *e);

/* Bytes an entry costs: its arena and its view. */
size_t viewcache_entry_bytes(const struct ventry *e);
size_t viewcache_bytes(const struct viewcache *c);

/* Evict least recently used entries, none of the n pinned ones, until the
 * cache and `reserve` more bytes (a view about to be made) fit its budget. */
void viewcache_trim(struct viewcache *c, struct ventry *const *pinned, int n, size_t reserve);
/* Evict every entry not of generation gen and locale, except the pinned. */
void viewcache_drop_stale(struct viewcache *c, uint32_t gen, const char *locale,
                          struct ventry *const *pinned, int n);
/* Evict every entry except the pinned. */
void viewcache_drop_unpinned(struct viewcache *c, struct ventry *const *pinned, int n);

#endif
