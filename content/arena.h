/* arena.h - bump allocator for everything a panel needs while it is shown.
 *
 * A kiosk that runs for weeks must not leak a little on every panel: all
 * strings and arrays of one loaded panel live in one arena that is reset at
 * the panel boundary. Blocks are chained; nothing is freed individually.
 * Not thread safe. */
#ifndef VITRINE_ARENA_H
#define VITRINE_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
    struct arena_block *head; /* newest block, owned */
    size_t block_size;        /* default size of new blocks, bytes */
    size_t used;              /* bytes handed out since the last reset */
};

/* Prepare an empty arena; block_size 0 picks 16 KiB. Allocates nothing. */
void arena_init(struct arena *a, size_t block_size);
/* Memory aligned for any type, zeroed; NULL only when malloc fails. Valid
 * until the next arena_reset or arena_free. */
void *arena_alloc(struct arena *a, size_t n);
/* Copy of s[0..n) plus a NUL; NULL if s is NULL or malloc fails. */
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_strdup(struct arena *a, const char *s);
/* Forget every allocation; keeps the first block for reuse. */
void arena_reset(struct arena *a);
/* Free every block. The arena may be arena_init'ed again. */
void arena_free(struct arena *a);

#endif
