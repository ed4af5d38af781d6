/* author_items.c - the lists of a timeline (events:) and of a compare panel
 * (values:), checked item by item and as a whole by the rules the store
 * reader applies too (rules_timeline, rules_compare); see content/README.md. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "author_internal.h"

enum { EK_DATE, EK_APPROXIMATE, EK_WHEN, EK_LABEL, EK_SOURCES, EK_N };
static const char *const event_keys[EK_N] = {"date", "approximate", "when", "label", "sources"};

enum { CK_VALUE, CK_LABEL, CK_SOURCES, CK_N };
static const char *const value_keys[CK_N] = {"value", "label", "sources"};

/* The items of a list, or -1 after reporting what is wrong with it. */
static int list_count(struct build *b, const struct ynode *n, const char *key, const char *what,
                      int lo, int hi)
{
    char q[64];
    if (n->type != Y_SEQ) {
        ERR(b, n->line, "%s must be a list of %s, not %s", key, what,
            value_describe(q, sizeof q, n));
        return -1;
    }
    int count = 0;
    for (const struct ynode *it = n->kid; it; it = it->next)
        count++;
    if (count < lo || count > hi) {
        ERR(b, n->line, "%s must list %d to %d %s, not %d", key, lo, hi, what, count);
        return -1;
    }
    return count;
}

static int parse_bool(struct build *b, const struct ynode *n, const char *path, int *out)
{
    char q[64];
    static const char *const yes[] = {"true", "True", "TRUE", "yes", "Yes"};
    static const char *const no[] = {"false", "False", "FALSE", "no", "No"};
    if (n->type == Y_SCALAR && n->plain)
        for (int i = 0; i < 5; i++) {
            if (strcmp(n->s, yes[i]) == 0)
                return *out = 1, 0;
            if (strcmp(n->s, no[i]) == 0)
                return *out = 0, 0;
        }
    ERR(b, n->line, "%s must be true or false, not %s", path, value_describe(q, sizeof q, n));
    return -1;
}

static void parse_event(struct build *b, const struct ynode *n, struct event *e, int i)
{
    char q[64], path[64], why[256];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "event %d must be a mapping with date, label and sources, not %s", i + 1,
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[EK_N];
    snprintf(path, sizeof path, "events[%d]", i + 1);
    value_map_keys(b, n, path, event_keys, EK_N, v, NULL);
    if (value_need(b, n, v[EK_DATE], "event.date")) {
        const struct ynode *d = v[EK_DATE];
        if (d->type != Y_SCALAR)
            ERR(b, d->line, "event.date must be a date such as \"2014-04-13\", not %s",
                value_describe(q, sizeof q, d));
        else if (rules_date(d->s, d->len, &e->date, why, sizeof why) != 0)
            ERR(b, d->line, "event.%s", why);
        else
            e->date_text = build_strndup(b, d->s, d->len); /* the tree goes with its file */
    }
    if (v[EK_APPROXIMATE] && !ynode_is_null(v[EK_APPROXIMATE]))
        parse_bool(b, v[EK_APPROXIMATE], "event.approximate", &e->approximate);
    value_opt_ltext(b, v[EK_WHEN], "event.when", LEN_LABEL, 0, &e->when);
    if (value_need(b, n, v[EK_LABEL], "event.label"))
        value_ltext(b, v[EK_LABEL], "event.label", LEN_LABEL, 0, &e->label);
    if (value_need(b, n, v[EK_SOURCES], "event.sources"))
        value_cites(b, v[EK_SOURCES], "event.sources", "event", 1, &e->sources);
}

void items_parse_events(struct build *b, const struct ynode *n, struct psrc *ps)
{
    int before = b->nerr;
    int count = list_count(b, n, "events", "events", PANEL_EVENTS_MIN, PANEL_EVENTS_MAX);
    if (count < 0 || !(ps->ev = build_alloc(b, sizeof *ps->ev * (size_t)count)))
        return;
    int i = 0;
    const struct ynode *items[PANEL_EVENTS_MAX];
    for (const struct ynode *it = n->kid; it; it = it->next, i++) {
        items[i] = it;
        parse_event(b, it, &ps->ev[i], i);
    }
    ps->nev = count;
    if (b->nerr != before)
        return;
    struct panel_event pe[PANEL_EVENTS_MAX];
    for (i = 0; i < count; i++)
        pe[i] = (struct panel_event){.date = ps->ev[i].date};
    int bad;
    char why[256];
    if (rules_timeline(pe, count, &bad, why, sizeof why) != 0)
        ERR(b, bad >= 0 ? items[bad]->line : n->line, "%s", why);
}

static void parse_value(struct build *b, const struct ynode *n, struct cvalue *c, int i)
{
    char q[64], path[64];
    if (n->type != Y_MAP) {
        ERR(b, n->line, "value %d must be a mapping with value, label and sources, not %s", i + 1,
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *v[CK_N];
    snprintf(path, sizeof path, "values[%d]", i + 1);
    value_map_keys(b, n, path, value_keys, CK_N, v, NULL);
    if (value_need(b, n, v[CK_VALUE], "values.value") &&
        value_decimal(b, v[CK_VALUE], "values.value", &c->value) == 0) {
        /* the decimals as written ("99.70": 2) */
        c->decimals = c->value.scale;
        if (c->value.negative && c->value.digits != 0)
            ERR(b, v[CK_VALUE]->line, "values.value must not be negative: bars start at 0");
        else if (c->value.digits / decimal_pow10(c->value.scale) >=
                 decimal_pow10(RULES_WHOLE_DIGITS_MAX))
            ERR(b, v[CK_VALUE]->line, "values.value must be below 10^15");
        else if (c->decimals > RULES_DECIMALS_MAX)
            ERR(b, v[CK_VALUE]->line,
                "values.value %s has %d decimals; at most %d are shown: write it rounded as it "
                "should be shown",
                v[CK_VALUE]->s, c->decimals, RULES_DECIMALS_MAX);
    }
    if (value_need(b, n, v[CK_LABEL], "values.label"))
        value_ltext(b, v[CK_LABEL], "values.label", LEN_LABEL, 0, &c->label);
    if (value_need(b, n, v[CK_SOURCES], "values.sources"))
        value_cites(b, v[CK_SOURCES], "values.sources", "value", 1, &c->sources);
}

void items_parse_values(struct build *b, const struct ynode *n, struct psrc *ps)
{
    int before = b->nerr;
    int count = list_count(b, n, "values", "values", PANEL_VALUES_MIN, PANEL_VALUES_MAX);
    if (count < 0 || !(ps->cv = build_alloc(b, sizeof *ps->cv * (size_t)count)))
        return;
    int i = 0;
    for (const struct ynode *it = n->kid; it; it = it->next, i++)
        parse_value(b, it, &ps->cv[i], i);
    ps->ncv = count;
    if (b->nerr != before)
        return;
    struct panel_value pv[PANEL_VALUES_MAX];
    for (i = 0; i < count; i++)
        pv[i] = (struct panel_value){.value = ps->cv[i].value, .decimals = ps->cv[i].decimals};
    char why[256];
    if (rules_compare(pv, count, NULL, why, sizeof why) != 0)
        ERR(b, n->line, "%s", why);
}

static const struct panel_cite *item_cites(struct build *b, const struct cites *c, int l)
{
    struct panel_cite *out = build_alloc(b, sizeof *out * (size_t)(c->n ? c->n : 1));
    if (!out)
        return NULL;
    /* in the exhibit's order, as the store returns them */
    int k = 0;
    for (int s = 0; s < b->nsrc; s++)
        for (int j = 0; j < c->n; j++)
            if (c->idx[j] == s) {
                out[k++] = (struct panel_cite){b->src[s].id, b->src[s].cite.s[l],
                                               b->src[s].description.s[l]};
                break;
            }
    return out;
}

int items_for_locale(struct build *b, const struct psrc *ps, int l, struct panel *p)
{
    if (ps->nev) {
        struct panel_event *ev = build_alloc(b, sizeof *ev * (size_t)ps->nev);
        if (!ev)
            return -1;
        for (int i = 0; i < ps->nev; i++) {
            const struct event *e = &ps->ev[i];
            ev[i] = (struct panel_event){e->date,
                                         e->approximate,
                                         e->when.s[l],
                                         e->label.s[l],
                                         item_cites(b, &e->sources, l),
                                         e->sources.n};
            if (!ev[i].cites)
                return -1;
        }
        p->events = ev;
        p->n_events = ps->nev;
    }
    if (ps->ncv) {
        struct panel_value *pv = build_alloc(b, sizeof *pv * (size_t)ps->ncv);
        if (!pv)
            return -1;
        for (int i = 0; i < ps->ncv; i++) {
            const struct cvalue *c = &ps->cv[i];
            pv[i] = (struct panel_value){c->value, c->decimals, c->label.s[l],
                                         item_cites(b, &c->sources, l), c->sources.n};
            if (!pv[i].cites)
                return -1;
        }
        p->values = pv;
        p->n_values = ps->ncv;
    }
    return 0;
}
