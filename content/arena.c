/* arena.c - the bump allocator (arena.h): blocks chained, reset at the panel
 * boundary, nothing freed one by one. */
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
    struct arena_block *next;
    size_t size, off;
    alignas(max_align_t) unsigned char data[];
};

void arena_init(struct arena *a, size_t block_size)
{
    a->head = NULL;
    a->block_size = block_size ? block_size : 16 * 1024;
    a->used = 0;
}

void *arena_alloc(struct arena *a, size_t n)
{
    const size_t align = alignof(max_align_t);
    size_t need = (n + align - 1) & ~(align - 1);
    if (need < n)
        return NULL;
    struct arena_block *b = a->head;
    if (!b || b->size - b->off < need) {
        size_t size = need > a->block_size ? need : a->block_size;
        b = malloc(sizeof(*b) + size);
        if (!b)
            return NULL;
        b->size = size;
        b->off = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->data + b->off;
    b->off += need;
    a->used += need;
    memset(p, 0, n);
    return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
    if (!s)
        return NULL;
    char *d = arena_alloc(a, n + 1);
    if (!d)
        return NULL;
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *arena_strdup(struct arena *a, const char *s)
{
    return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

void arena_reset(struct arena *a)
{
    struct arena_block *b = a->head;
    if (!b)
        return;
    /* keep the oldest block: it is the one sized for typical use */
    while (b->next) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    b->off = 0;
    a->head = b;
    a->used = 0;
}

void arena_free(struct arena *a)
{
    struct arena_block *b = a->head;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->used = 0;
}
