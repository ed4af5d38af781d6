/* author_show.c - `show:` windows: content on a schedule (when.h), read
 * from exhibit.yaml (the whole exhibit) and the panel files (a panel's
 * `show:`, and `chapter_show:` on the panel that starts a chapter);
 * author_write.c writes them to table show_window with the panels each
 * covers. */
#include <string.h>

#include "author_internal.h"
#include "when.h"

/* windows one key may give: store.h's limit, which the reader checks */
#define SHOW_MAX STORE_WINDOWS_PER_SCOPE

static void show_one(struct build *b, const struct ynode *n, const char *key, struct show *out,
                     int cap)
{
    char q[64], why[256];
    if (n->type != Y_SCALAR) {
        ERR(b, n->line,
            "%s: each window is one line of text, such as \"2026-04-12 09:00-18:00\", "
            "not %s",
            key, value_describe(q, sizeof q, n));
        return;
    }
    struct when w;
    if (when_parse(n->s, &w, why, sizeof why) != 0) {
        ERR(b, n->line, "%s: %s", key, why);
        return;
    }
    if (out->n >= cap) {
        ERR(b, n->line, "%s: more than %d windows; join some", key, SHOW_MAX);
        return;
    }
    /* the tree is the file's (build.fa); the model lives for the build */
    const char *spec = build_strndup(b, n->s, strlen(n->s));
    if (spec)
        out->spec[out->n++] = spec;
}

void show_parse(struct build *b, const struct ynode *n, const char *key, struct show *out)
{
    memset(out, 0, sizeof(*out));
    out->line = n->line;
    out->spec = build_alloc(b, SHOW_MAX * sizeof(*out->spec));
    if (!out->spec)
        return;
    if (n->type == Y_SEQ) {
        if (!n->kid)
            ERR(b, n->line,
                "%s: an empty list would never show it; give a window or leave "
                "%s out",
                key, key);
        for (const struct ynode *k = n->kid; k; k = k->next)
            show_one(b, k, key, out, SHOW_MAX);
    } else {
        show_one(b, n, key, out, SHOW_MAX);
    }
}
