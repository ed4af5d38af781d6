/* script.c - reading an input script (script.h): one timed touch or key a
 * line, numbers checked, times non-decreasing; errors name file and line. */
#include "script.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const key_names[INPUT_KEY_COUNT] = {
    [INPUT_KEY_LEFT] = "left",
    [INPUT_KEY_RIGHT] = "right",
    [INPUT_KEY_UP] = "up",
    [INPUT_KEY_DOWN] = "down",
    [INPUT_KEY_SPACE] = "space",
    [INPUT_KEY_HOME] = "home",
    [INPUT_KEY_END] = "end",
    [INPUT_KEY_ESCAPE] = "escape",
    [INPUT_KEY_ENTER] = "enter",
    [INPUT_KEY_BACKSPACE] = "backspace",
    [INPUT_KEY_TAB] = "tab",
    [INPUT_KEY_PAGE_UP] = "pageup",
    [INPUT_KEY_PAGE_DOWN] = "pagedown",
    [INPUT_KEY_F1] = "f1",
    [INPUT_KEY_F2] = "f2",
    [INPUT_KEY_F3] = "f3",
    [INPUT_KEY_F4] = "f4",
    [INPUT_KEY_F5] = "f5",
    [INPUT_KEY_F6] = "f6",
    [INPUT_KEY_F7] = "f7",
    [INPUT_KEY_F8] = "f8",
    [INPUT_KEY_F9] = "f9",
    [INPUT_KEY_F10] = "f10",
    [INPUT_KEY_F11] = "f11",
    [INPUT_KEY_F12] = "f12",
    [INPUT_KEY_HELP] = "help",
    [INPUT_KEY_VOLUME_UP] = "volumeup",
    [INPUT_KEY_VOLUME_DOWN] = "volumedown",
    [INPUT_KEY_SPEECH] = "speech",
    [INPUT_KEY_OTHER] = "other",
};

static int name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char ca = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (ca != *b)
            return 0;
    }
    return *a == *b;
}

enum input_key script_key_from_name(const char *name)
{
    if (!name)
        return INPUT_KEY_NONE;
    if (name_eq(name, "esc"))
        return INPUT_KEY_ESCAPE;
    if (name_eq(name, "return"))
        return INPUT_KEY_ENTER;
    for (int k = 1; k < INPUT_KEY_COUNT; k++)
        if (key_names[k] && name_eq(name, key_names[k]))
            return (enum input_key)k;
    return INPUT_KEY_NONE;
}

const char *script_key_name(enum input_key key)
{
    return (unsigned)key < INPUT_KEY_COUNT ? key_names[key] : NULL;
}

/* ---- parsing ---- */

struct parser {
    const char *name;
    int line;
    char *why;
    size_t why_len;
    struct script *s;
    size_t cap;
};

__attribute__((format(printf, 2, 3))) static int fail(struct parser *p, const char *fmt, ...)
{
    if (!p->why || !p->why_len)
        return -1;
    int k = snprintf(p->why, p->why_len, "%s:%d: ", p->name, p->line);
    if (k < 0 || (size_t)k >= p->why_len)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->why + k, p->why_len - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

static struct script_rec *add(struct parser *p, uint64_t t)
{
    struct script *s = p->s;
    if (s->n >= SCRIPT_MAX_EVENTS) {
        fail(p, "more than %u events", SCRIPT_MAX_EVENTS);
        return NULL;
    }
    if (s->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 256;
        if (cap > SCRIPT_MAX_EVENTS)
            cap = SCRIPT_MAX_EVENTS;
        struct script_rec *r = realloc(s->recs, cap * sizeof(*r));
        if (!r) {
            fail(p, "out of memory");
            return NULL;
        }
        s->recs = r;
        p->cap = cap;
    }
    struct script_rec *r = &s->recs[s->n++];
    memset(r, 0, sizeof(*r));
    r->t_ms = t;
    r->kind = SCRIPT_INPUT;
    r->ev.t_ms = t;
    r->line = p->line;
    return r;
}

static int add_touch(struct parser *p, uint64_t t, enum input_phase phase, int64_t id, double x,
                     double y)
{
    struct script_rec *r = add(p, t);
    if (!r)
        return -1;
    r->ev.kind = INPUT_TOUCH;
    r->ev.phase = phase;
    r->ev.finger = id;
    r->ev.x = (float)x;
    r->ev.y = (float)y;
    return 0;
}

/* Unsigned decimal integer, whole token, at most max. */
static int parse_uint(const char *tok, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!*tok)
        return -1;
    for (const char *c = tok; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        unsigned d = (unsigned)(*c - '0');
        if (v > (max - d) / 10)
            return 1; /* a number, but too large */
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

/* [+-]digits[.digits] or [+-].digits; independent of the C locale. */
static int parse_decimal(const char *tok, double *out)
{
    const char *c = tok;
    int neg = 0, digits = 0;
    if (*c == '+' || *c == '-')
        neg = *c++ == '-';
    double v = 0.0, scale = 1.0;
    for (; *c >= '0' && *c <= '9'; c++, digits++)
        if (digits < 30)
            v = v * 10.0 + (*c - '0');
        else
            v *= 10.0;
    if (*c == '.') {
        for (c++; *c >= '0' && *c <= '9'; c++, digits++)
            if (scale > 1e-30) {
                scale /= 10.0;
                v += (*c - '0') * scale;
            }
    }
    if (!digits || *c)
        return -1;
    *out = neg ? -v : v;
    return 0;
}

struct cmd_shape {
    const char *cmd;
    int n;             /* numbers after the command */
    const char *names; /* for messages */
};

static const struct cmd_shape shapes[] = {
    {"down", 3, "<id> <x> <y>"},
    {"move", 3, "<id> <x> <y>"},
    {"up", 3, "<id> <x> <y>"},
    {"tap", 2, "<x> <y>"},
    {"swipe", 5, "<x1> <y1> <x2> <y2> <duration_ms>"},
};

static int coord(struct parser *p, const char *tok, const char *what, double *out)
{
    if (parse_decimal(tok, out) != 0)
        return -2;
    if (!(*out >= 0.0 && *out <= 1.0))
        return fail(p, "%s %s is outside 0..1", what, tok);
    return 0;
}

static int shot_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > SCRIPT_MAX_SHOT_NAME || s[0] == '.')
        return 0;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

#define MAX_TOKENS 8

static const char *const staff_controls[] = {
    "0", "1",     "2",  "3",      "4",        "5",      "6",    "7",     "8",
    "9", "clear", "ok", "cancel", "rollback", "reload", "exit", "close", "export"};

const char *script_staff_control(int i)
{
    return i >= 0 && i < (int)(sizeof staff_controls / sizeof staff_controls[0]) ? staff_controls[i]
                                                                                 : NULL;
}

static int staff_text(struct parser *p, const char *s, size_t n, const char **out)
{
    char *c = arena_alloc(&p->s->names, n + 1);
    if (!c)
        return fail(p, "out of memory");
    memcpy(c, s, n);
    c[n] = '\0';
    *out = c;
    return 0;
}

static int staff_line(struct parser *p, uint64_t t, const char *cmd, char **args, int na,
                      const char *rest)
{
    struct script_staff st = {.text = "", .text2 = ""};
    int off = (na == 1 && strcmp(args[0], "off") == 0) && !rest[0];
    if (strcmp(cmd, "staff-pin") == 0) {
        if (na != 1)
            return fail(p, "expected the PIN's digits after 'staff-pin'");
        st.op = SCRIPT_STAFF_PIN;
        if (staff_text(p, args[0], strlen(args[0]), &st.text) != 0)
            return -1;
    } else if (strcmp(cmd, "staff-tap") == 0) {
        int found = 0;
        for (int i = 0; na == 1 && script_staff_control(i); i++)
            found |= strcmp(args[0], script_staff_control(i)) == 0;
        if (!found)
            return fail(p, "expected a control after 'staff-tap': 0..9 clear ok cancel rollback "
                           "reload exit close export");
        st.op = SCRIPT_STAFF_TAP;
        if (staff_text(p, args[0], strlen(args[0]), &st.text) != 0)
            return -1;
    } else if (strcmp(cmd, "staff-progress") == 0) {
        st.op = SCRIPT_STAFF_PROGRESS;
        st.off = off;
        if (!off) {
            if (na != 2 || parse_uint(args[0], UINT64_MAX / 2000, &st.done) != 0 ||
                parse_uint(args[1], UINT64_MAX / 2000, &st.total) != 0)
                return fail(p, "expected <done> <total> <text> or 'off' after 'staff-progress'");
            if (staff_text(p, rest, strlen(rest), &st.text) != 0)
                return -1;
        }
    } else if (strcmp(cmd, "staff-card") == 0) {
        st.op = SCRIPT_STAFF_CARD;
        st.off = off;
        if (!off) {
            if (na != 1 || (strcmp(args[0], "ok") != 0 && strcmp(args[0], "fail") != 0))
                return fail(p, "expected ok|fail <title> | <body>, or 'off', after 'staff-card'");
            st.ok = strcmp(args[0], "ok") == 0;
            const char *bar = strchr(rest, '|');
            size_t tn = bar ? (size_t)(bar - rest) : strlen(rest);
            while (tn > 0 && (rest[tn - 1] == ' ' || rest[tn - 1] == '\t'))
                tn--;
            const char *body = bar ? bar + 1 : "";
            while (*body == ' ' || *body == '\t')
                body++;
            if (staff_text(p, rest, tn, &st.text) != 0 ||
                staff_text(p, body, strlen(body), &st.text2) != 0)
                return -1;
        }
    } else {
        return fail(p, "unknown command '%s'", cmd);
    }
    struct script_rec *rec = add(p, t);
    if (!rec)
        return -1;
    rec->kind = SCRIPT_STAFF;
    rec->staff = st;
    return 0;
}

/* The words a staff command takes before its free text (the rest of the
 * line, kept whole), or -1 when cmd is not one that has free text. */
static int staff_words(const char *cmd)
{
    if (strcmp(cmd, "staff-progress") == 0)
        return 2;
    if (strcmp(cmd, "staff-card") == 0)
        return 1;
    return -1;
}

static int staff_line(struct parser *p, uint64_t t, const char *cmd, char **args, int na,
                      const char *rest);

static int parse_line(struct parser *p, char *line, uint64_t *prev_t)
{
    char *tok[MAX_TOKENS + 1];
    int nt = 0, words = -1;
    const char *rest = "";
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    for (char *c = line; *c;) {
        while (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\v' || *c == '\f')
            *c++ = '\0';
        if (!*c)
            break;
        if (nt == 2)
            words = staff_words(tok[1]);
        if (words >= 0 && nt == 2 + words) {
            /* free text: the rest of the line, trailing blanks dropped */
            char *end = c + strlen(c);
            while (end > c && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
                *--end = '\0';
            rest = c;
            break;
        }
        if (nt == MAX_TOKENS + 1)
            return fail(p, "too many words");
        tok[nt++] = c;
        while (*c && *c != ' ' && *c != '\t' && *c != '\r' && *c != '\v' && *c != '\f')
            c++;
    }
    if (nt == 0)
        return 0;

    uint64_t t;
    int r = parse_uint(tok[0], SCRIPT_MAX_MS, &t);
    if (r < 0)
        return fail(p, "expected a time in milliseconds, not '%s'", tok[0]);
    if (r > 0)
        return fail(p, "time %s is beyond %llu ms", tok[0], (unsigned long long)SCRIPT_MAX_MS);
    if (t < *prev_t)
        return fail(p, "time %llu is earlier than the line before (%llu)", (unsigned long long)t,
                    (unsigned long long)*prev_t);
    *prev_t = t;
    if (nt < 2)
        return fail(p, "expected a command after the time");
    const char *cmd = tok[1];
    char **args = &tok[2];
    int na = nt - 2;
    if (strncmp(cmd, "staff-", 6) == 0)
        return staff_line(p, t, cmd, args, na, rest);

    if (strcmp(cmd, "key") == 0) {
        if (na != 1)
            return fail(p, "expected one key name after 'key'");
        enum input_key k = script_key_from_name(args[0]);
        if (k == INPUT_KEY_NONE)
            return fail(p, "unknown key '%s'", args[0]);
        struct script_rec *rec = add(p, t);
        if (!rec)
            return -1;
        rec->ev.kind = INPUT_KEY;
        rec->ev.phase = INPUT_DOWN;
        rec->ev.key = k;
        return 0;
    }
    if (strcmp(cmd, "shot") == 0) {
        if (na != 1)
            return fail(p, "expected one name after 'shot'");
        if (!shot_name_ok(args[0]))
            return fail(p,
                        "shot name '%s': up to %d of A-Z a-z 0-9 . _ - and not starting with '.'",
                        args[0], SCRIPT_MAX_SHOT_NAME);
        struct script_rec *rec = add(p, t);
        if (!rec)
            return -1;
        rec->kind = SCRIPT_SHOT;
        rec->shot = arena_strdup(&p->s->names, args[0]);
        if (!rec->shot)
            return fail(p, "out of memory");
        return 0;
    }

    const struct cmd_shape *shape = NULL;
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
        if (strcmp(cmd, shapes[i].cmd) == 0)
            shape = &shapes[i];
    if (!shape)
        return fail(p, "unknown command '%s'", cmd);
    if (na != shape->n)
        goto shape_error;

    if (shape->n == 3) { /* down / move / up */
        uint64_t id;
        double x, y;
        r = parse_uint(args[0], (uint64_t)SCRIPT_MAX_FINGER, &id);
        if (r > 0)
            return fail(p, "finger id %s is too large", args[0]);
        if (r < 0)
            goto shape_error;
        if ((r = coord(p, args[1], "x", &x)) == -1 ||
            (r == 0 && (r = coord(p, args[2], "y", &y)) == -1))
            return -1;
        if (r)
            goto shape_error;
        enum input_phase ph = cmd[0] == 'd' ? INPUT_DOWN : cmd[0] == 'm' ? INPUT_MOVE : INPUT_UP;
        return add_touch(p, t, ph, (int64_t)id, x, y);
    }
    if (shape->n == 2) { /* tap */
        double x, y;
        if ((r = coord(p, args[0], "x", &x)) == -1 ||
            (r == 0 && (r = coord(p, args[1], "y", &y)) == -1))
            return -1;
        if (r)
            goto shape_error;
        if (add_touch(p, t, INPUT_DOWN, SCRIPT_GESTURE_FINGER, x, y) != 0)
            return -1;
        return add_touch(p, t + SCRIPT_TAP_MS, INPUT_UP, SCRIPT_GESTURE_FINGER, x, y);
    }
    /* swipe */
    double c[4];
    static const char *const what[4] = {"x1", "y1", "x2", "y2"};
    for (int i = 0; i < 4; i++) {
        if ((r = coord(p, args[i], what[i], &c[i])) == -1)
            return -1;
        if (r)
            goto shape_error;
    }
    uint64_t dur;
    r = parse_uint(args[4], SCRIPT_MAX_SWIPE_MS, &dur);
    if (r > 0)
        return fail(p, "swipe duration %s is longer than %u ms", args[4], SCRIPT_MAX_SWIPE_MS);
    if (r < 0)
        goto shape_error;
    if (add_touch(p, t, INPUT_DOWN, SCRIPT_GESTURE_FINGER, c[0], c[1]) != 0)
        return -1;
    uint64_t steps = (dur + SCRIPT_SWIPE_STEP_MS - 1) / SCRIPT_SWIPE_STEP_MS;
    if (steps == 0)
        steps = 1;
    for (uint64_t i = 1; i <= steps; i++) {
        double f = (double)i / (double)steps;
        if (add_touch(p, t + dur * i / steps, INPUT_MOVE, SCRIPT_GESTURE_FINGER,
                      c[0] + (c[2] - c[0]) * f, c[1] + (c[3] - c[1]) * f) != 0)
            return -1;
    }
    return add_touch(p, t + dur, INPUT_UP, SCRIPT_GESTURE_FINGER, c[2], c[3]);

shape_error:
    return fail(p, "expected %d numbers after '%s' (%s)", shape->n, cmd, shape->names);
}

/* Stable merge sort by time: expanded taps and swipes reach past later lines. */
static int sort_by_time(struct script *s)
{
    size_t n = s->n;
    int sorted = 1;
    for (size_t i = 1; i < n && sorted; i++)
        sorted = s->recs[i - 1].t_ms <= s->recs[i].t_ms;
    if (sorted)
        return 0;
    struct script_rec *tmp = malloc(n * sizeof(*tmp));
    if (!tmp)
        return -1;
    struct script_rec *a = s->recs, *b = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                b[k++] = a[j].t_ms < a[i].t_ms ? a[j++] : a[i++];
            while (i < mid)
                b[k++] = a[i++];
            while (j < hi)
                b[k++] = a[j++];
        }
        struct script_rec *t = a;
        a = b;
        b = t;
    }
    if (a != s->recs) {
        memcpy(s->recs, a, n * sizeof(*a));
    }
    free(tmp);
    return 0;
}

void script_free(struct script *s)
{
    if (!s)
        return;
    free(s->recs);
    arena_free(&s->names);
    s->recs = NULL;
    s->n = 0;
}

int script_parse(const char *text, size_t len, const char *name, struct script *s, char *why,
                 size_t why_len)
{
    struct parser p = {name ? name : "script", 0, why, why_len, s, 0};
    memset(s, 0, sizeof(*s));
    arena_init(&s->names, 0);
    if (why && why_len)
        why[0] = '\0';
    char line[SCRIPT_MAX_LINE + 1];
    uint64_t prev_t = 0;
    size_t pos = 0;
    int rc = -1;
    if (!text && len)
        goto done;
    while (pos < len) {
        const char *start = text + pos;
        const char *nl = memchr(start, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - start) : len - pos;
        pos += n + (nl ? 1 : 0);
        p.line++;
        if (n > SCRIPT_MAX_LINE) {
            fail(&p, "line longer than %d characters", SCRIPT_MAX_LINE);
            goto done;
        }
        if (memchr(start, '\0', n)) {
            fail(&p, "NUL byte in line");
            goto done;
        }
        memcpy(line, start, n);
        line[n] = '\0';
        if (parse_line(&p, line, &prev_t) != 0)
            goto done;
    }
    if (sort_by_time(s) != 0) {
        fail(&p, "out of memory");
        goto done;
    }
    rc = 0;
done:
    if (rc != 0)
        script_free(s);
    return rc;
}
