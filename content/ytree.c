/* ytree.c - a YAML document as a tree with line numbers (see ytree.h).
 * DEPENDENCIES: libyaml (yaml-0.1). */
#include "ytree.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <yaml.h>

static void set_error(struct ytree_error *err, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_error(struct ytree_error *err, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->line = line;
}

static void set_oom(struct ytree_error *err)
{
    set_error(err, 0, "out of memory");
    err->oom = 1;
}

static struct ynode *ynode_new(struct arena *a, enum ytype type, const yaml_mark_t *mark)
{
    struct ynode *n = arena_alloc(a, sizeof *n);
    if (!n)
        return NULL;
    n->type = type;
    n->line = (int)mark->line + 1;
    return n;
}

static int count_lines(const unsigned char *buf, size_t len, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset && i < len; i++)
        line += buf[i] == '\n';
    return line;
}

static void parser_error(const yaml_parser_t *p, const unsigned char *buf, size_t len,
                         struct ytree_error *err)
{
    const char *problem = p->problem ? p->problem : "unknown error";
    switch (p->error) {
    case YAML_READER_ERROR: {
        int line = count_lines(buf, len, p->problem_offset);
        if (strstr(problem, "UTF-8") || strstr(problem, "Unicode"))
            set_error(err, line, "text is not valid UTF-8 (%s at byte %zu)", problem,
                      p->problem_offset);
        else
            set_error(err, line, "%s (byte %zu)", problem, p->problem_offset);
        break;
    }
    case YAML_SCANNER_ERROR:
    case YAML_PARSER_ERROR:
        if (p->context)
            set_error(err, (int)p->problem_mark.line + 1, "YAML syntax error: %s (%s at line %d)",
                      problem, p->context, (int)p->context_mark.line + 1);
        else
            set_error(err, (int)p->problem_mark.line + 1, "YAML syntax error: %s", problem);
        break;
    case YAML_MEMORY_ERROR:
        set_error(err, 0, "out of memory while reading YAML");
        break;
    default:
        set_error(err, 0, "cannot read YAML: %s", problem);
        break;
    }
}

/* The node an event starts, in a; NULL for events that start none, and
 * (with *ok cleared) when memory ran out. */
static struct ynode *node_for(struct arena *a, const yaml_event_t *ev, const yaml_char_t **anchor,
                              int *ok, struct ytree_error *err)
{
    struct ynode *n = NULL;
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        *anchor = ev->data.scalar.anchor;
        n = ynode_new(a, Y_SCALAR, &ev->start_mark);
        if (n) {
            n->s = arena_strndup(a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
            n->len = ev->data.scalar.length;
            n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
            if (!n->s)
                n = NULL;
        }
        break;
    case YAML_SEQUENCE_START_EVENT:
        *anchor = ev->data.sequence_start.anchor;
        n = ynode_new(a, Y_SEQ, &ev->start_mark);
        break;
    case YAML_MAPPING_START_EVENT:
        *anchor = ev->data.mapping_start.anchor;
        n = ynode_new(a, Y_MAP, &ev->start_mark);
        break;
    default:
        return NULL;
    }
    if (!n) {
        set_oom(err);
        *ok = 0;
    }
    return n;
}

const struct ynode *ytree_load(struct arena *a, const unsigned char *buf, size_t len,
                               struct ytree_error *err)
{
    memset(err, 0, sizeof *err);
    yaml_parser_t p;
    if (!yaml_parser_initialize(&p)) {
        set_error(err, 0, "out of memory while reading YAML");
        return NULL;
    }
    /* Editors on Windows start a UTF-8 file with a byte-order mark; with the
     * encoding set, libyaml would take it for content. */
    if (len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF) {
        buf += 3;
        len -= 3;
    }
    yaml_parser_set_input_string(&p, buf, len);
    yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);

    struct ynode *stack[YTREE_MAX_DEPTH];
    int depth = 0, docs = 0, ok = 1, done = 0;
    struct ynode *root = NULL;
    while (!done && ok) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&p, &ev)) {
            parser_error(&p, buf, len, err);
            ok = 0;
            break;
        }
        const yaml_char_t *anchor = NULL;
        int line = (int)ev.start_mark.line + 1;
        struct ynode *n = node_for(a, &ev, &anchor, &ok, err);
        switch (ev.type) {
        case YAML_STREAM_END_EVENT:
            done = 1;
            break;
        case YAML_DOCUMENT_START_EVENT:
            if (++docs > 1) {
                set_error(err, line, "only one YAML document per file (a second one starts here)");
                ok = 0;
            }
            break;
        case YAML_ALIAS_EVENT:
            set_error(err, line, "YAML aliases (*%s) are not allowed; write the value out",
                      (const char *)ev.data.alias.anchor);
            ok = 0;
            break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            if (depth > 0)
                depth--;
            break;
        default:
            break;
        }
        if (ok && anchor) {
            set_error(err, line, "YAML anchors (&%s) are not allowed", (const char *)anchor);
            ok = 0;
        }
        if (ok && n) {
            if (depth == 0) {
                root = n;
            } else {
                struct ynode *parent = stack[depth - 1];
                if (parent->last)
                    parent->last->next = n;
                else
                    parent->kid = n;
                parent->last = n;
            }
            if (n->type != Y_SCALAR) {
                if (depth == YTREE_MAX_DEPTH) {
                    set_error(err, line, "nested too deeply (more than %d levels)",
                              YTREE_MAX_DEPTH);
                    ok = 0;
                } else {
                    stack[depth++] = n;
                }
            }
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    if (!ok)
        return NULL;
    if (!root || (root->type == Y_SCALAR && root->plain && root->len == 0)) {
        set_error(err, 1, "the file is empty");
        return NULL;
    }
    if (root->type != Y_MAP) {
        set_error(err, root->line, "the file must be a mapping of keys to values, not %s",
                  root->type == Y_SEQ ? "a list" : "text");
        return NULL;
    }
    return root;
}

int ynode_is_null(const struct ynode *n)
{
    return n->type == Y_SCALAR && n->plain &&
           (n->len == 0 || strcmp(n->s, "~") == 0 || strcmp(n->s, "null") == 0 ||
            strcmp(n->s, "Null") == 0 || strcmp(n->s, "NULL") == 0);
}
