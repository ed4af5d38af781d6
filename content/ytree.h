/* ytree.h - one YAML document as a tree of nodes that keep their line.
 *
 * The authoring sources are small YAML files; every check of their content
 * wants to name the line it is about, so the whole document is read through
 * libyaml's event API into a tree in an arena first. Only what exhibit files
 * need is kept: one document per file, a mapping at the top. Anchors and
 * aliases are refused (no "billion laughs"), and so is nesting deeper than
 * YTREE_MAX_DEPTH. */
#ifndef VITRINE_YTREE_H
#define VITRINE_YTREE_H

#include <stddef.h>

#include "arena.h"

#define YTREE_MAX_DEPTH 32
/* Longest message of a ytree_error, bytes with the NUL; longer ones are cut. */
#define YTREE_MSG_MAX 896

enum ytype { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode {
    enum ytype type;
    int line;      /* 1-based */
    const char *s; /* scalars: value, NUL-terminated */
    size_t len;
    int plain;                /* scalars: unquoted, so it may be a number */
    struct ynode *kid, *last; /* seq: items; map: key, value, key, value... */
    struct ynode *next;
};

/* Why a document could not be read: line is 0 when no line applies; oom is
 * set (and msg is "out of memory") when the arena ran out. */
struct ytree_error {
    int line;
    int oom;
    char msg[YTREE_MSG_MAX];
};

/* Parse buf[0..len) (UTF-8; a byte-order mark at the start is skipped) into
 * a tree whose nodes and strings live in a. The root, always a mapping; or
 * NULL with *err filled in. */
const struct ynode *ytree_load(struct arena *a, const unsigned char *buf, size_t len,
                               struct ytree_error *err);

/* A plain scalar YAML reads as null: empty, ~, null, Null or NULL. */
int ynode_is_null(const struct ynode *n);

#endif
