/* viewcache.c - prepared panels in a byte-bounded LRU (see viewcache.h).
 *
 * A singly linked list: the kiosk keeps a handful of entries (the panel on
 * screen, its neighbours, a few recently shown), so a linear scan is
 * cheaper than any index. */
#include "viewcache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_BLOCK (64 * 1024)

void viewcache_init(struct viewcache *c, const struct presenter *p, size_t budget)
{
    memset(c, 0, sizeof(*c));
    c->p = p;
    c->budget = budget ? budget : VIEWCACHE_MIN_BYTES;
}

static int key_is(const struct ventry *e, uint32_t gen, int index, const char *locale)
{
    return e->gen == gen && e->index == index && strcmp(e->locale, locale ? locale : "") == 0;
}

struct ventry *viewcache_find(struct viewcache *c, uint32_t gen, int index, const char *locale)
{
    for (struct ventry *e = c->head; e; e = e->next) {
        if (key_is(e, gen, index, locale)) {
            e->used = ++c->tick;
            return e;
        }
    }
    return NULL;
}

int viewcache_has(const struct viewcache *c, uint32_t gen, int index, const char *locale,
                  int need_view)
{
    for (const struct ventry *e = c->head; e; e = e->next)
        if (key_is(e, gen, index, locale))
            return !need_view || e->view != NULL;
    return 0;
}

struct ventry *viewcache_entry_new(uint32_t gen, int index, const char *locale)
{
    struct ventry *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    e->gen = gen;
    e->index = index;
    snprintf(e->locale, sizeof(e->locale), "%s", locale ? locale : "");
    arena_init(&e->arena, ENTRY_BLOCK);
    return e;
}

void viewcache_entry_free(struct viewcache *c, struct ventry *e)
{
    if (!e)
        return;
    /* the view first: the presenter holds on to e's lists until then */
    if (e->view && c->p && c->p->release)
        c->p->release(c->p->ctx, e->view);
    arena_free(&e->arena);
    free(e);
}

void viewcache_insert(struct viewcache *c, struct ventry *e)
{
    e->used = ++c->tick;
    e->next = c->head;
    c->head = e;
    c->n++;
}

size_t viewcache_entry_bytes(const struct ventry *e)
{
    size_t arena = e->arena.used > ENTRY_BLOCK ? e->arena.used : ENTRY_BLOCK;
    return sizeof(*e) + arena + (e->view ? e->view->bytes : 0);
}

size_t viewcache_bytes(const struct viewcache *c)
{
    size_t n = 0;
    for (const struct ventry *e = c->head; e; e = e->next)
        n += viewcache_entry_bytes(e);
    return n;
}

static int is_pinned(const struct ventry *e, struct ventry *const *pinned, int n)
{
    for (int i = 0; i < n; i++)
        if (pinned[i] == e)
            return 1;
    return 0;
}

static void unlink_entry(struct viewcache *c, struct ventry *e)
{
    for (struct ventry **pp = &c->head; *pp; pp = &(*pp)->next) {
        if (*pp == e) {
            *pp = e->next;
            c->n--;
            return;
        }
    }
}

void viewcache_trim(struct viewcache *c, struct ventry *const *pinned, int n, size_t reserve)
{
    size_t bytes = viewcache_bytes(c) + reserve;
    while (bytes > c->budget) {
        struct ventry *victim = NULL;
        for (struct ventry *e = c->head; e; e = e->next)
            if (!is_pinned(e, pinned, n) && (!victim || e->used < victim->used))
                victim = e;
        if (!victim)
            return; /* only pinned entries left: over budget, never blank */
        bytes -= viewcache_entry_bytes(victim);
        unlink_entry(c, victim);
        viewcache_entry_free(c, victim);
    }
}

/* Evict the unpinned entries that are stale (all: every unpinned one). */
static void drop(struct viewcache *c, uint32_t gen, const char *locale, int all,
                 struct ventry *const *pinned, int n)
{
    struct ventry **pp = &c->head;
    while (*pp) {
        struct ventry *e = *pp;
        if ((all || e->gen != gen || strcmp(e->locale, locale ? locale : "") != 0) &&
            !is_pinned(e, pinned, n)) {
            *pp = e->next;
            c->n--;
            viewcache_entry_free(c, e);
        } else {
            pp = &e->next;
        }
    }
}

void viewcache_drop_stale(struct viewcache *c, uint32_t gen, const char *locale,
                          struct ventry *const *pinned, int n)
{
    drop(c, gen, locale, 0, pinned, n);
}

void viewcache_drop_unpinned(struct viewcache *c, struct ventry *const *pinned, int n)
{
    drop(c, 0, NULL, 1, pinned, n);
}

void viewcache_free(struct viewcache *c)
{
    while (c->head) {
        struct ventry *e = c->head;
        c->head = e->next;
        viewcache_entry_free(c, e);
    }
    c->n = 0;
}
