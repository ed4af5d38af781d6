/* escape.c - see escape.h. */
#define _GNU_SOURCE /* fopencookie */
#include "escape.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Appends k bytes to out when the whole of them fits with the NUL; 0 when
 * they do not (the text is cut before them). */
static int put(char *out, size_t cap, size_t *len, const char *s, size_t k)
{
    if (*len + k >= cap)
        return 0;
    memcpy(out + *len, s, k);
    *len += k;
    out[*len] = '\0';
    return 1;
}

/* How long the sequence that lead starts is (1 for ASCII), 0 when lead
 * cannot start one. */
static int seq_len(unsigned char lead)
{
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

/* Whether c may follow lead as the sequence's byte at position i (1..3):
 * the ranges that rule out overlong forms, surrogates and code points past
 * U+10FFFF (Unicode's Table 3-7). */
static int follows(unsigned char lead, int i, unsigned char c)
{
    unsigned char lo = 0x80, hi = 0xBF;
    if (i == 1) {
        if (lead == 0xE0)
            lo = 0xA0;
        else if (lead == 0xED)
            hi = 0x9F;
        else if (lead == 0xF0)
            lo = 0x90;
        else if (lead == 0xF4)
            hi = 0x8F;
    }
    return c >= lo && c <= hi;
}

static int put_byte_escape(char *out, size_t cap, size_t *len, unsigned char b)
{
    char esc[8];
    snprintf(esc, sizeof(esc), "\\x%02x", b);
    return put(out, cap, len, esc, 4);
}

size_t escape_piece(struct escape *e, const char *in, size_t n, char *out, size_t cap)
{
    size_t len = 0;
    if (cap)
        out[0] = '\0';
    /* the bytes are e->held then in, read through at() */
    size_t total = (size_t)e->n_held + n, i = 0;
    unsigned char seq[4];
#define AT(k) ((k) < (size_t)e->n_held ? e->held[k] : (unsigned char)in[(k) - (size_t)e->n_held])
    while (i < total) {
        unsigned char b = AT(i);
        int want = seq_len(b);
        if (want == 0) { /* a byte no sequence starts with */
            if (!put_byte_escape(out, cap, &len, b))
                break;
            i++;
            continue;
        }
        if (want == 1) {
            int ok = 1;
            if (b == '\t' || (b == '\n' && (e->flags & ESCAPE_KEEP_NEWLINE)) ||
                (b >= 0x20 && b != 0x7F))
                ok = put(out, cap, &len, (const char *)&b, 1);
            else
                ok = put_byte_escape(out, cap, &len, b);
            if (!ok)
                break;
            i++;
            continue;
        }
        int have = 1;
        seq[0] = b;
        while (have < want && i + (size_t)have < total && follows(b, have, AT(i + (size_t)have))) {
            seq[have] = AT(i + (size_t)have);
            have++;
        }
        if (have < want && i + (size_t)have == total) {
            /* cut by the end of the piece: held for the next one */
            for (int k = 0; k < have; k++)
                e->held[k] = seq[k];
            e->n_held = have;
            return len;
        }
        if (have < want) { /* broken: the lead alone is escaped, the rest read again */
            if (!put_byte_escape(out, cap, &len, b))
                break;
            i++;
            continue;
        }
        int ok;
        if (want == 2 && b == 0xC2 && seq[1] <= 0x9F) { /* U+0080..U+009F: a C1 control */
            char esc[8];
            snprintf(esc, sizeof(esc), "\\u%04x", (unsigned)seq[1]);
            ok = put(out, cap, &len, esc, 6);
        } else {
            ok = put(out, cap, &len, (const char *)seq, (size_t)want);
        }
        if (!ok)
            break;
        i += (size_t)want;
    }
#undef AT
    e->n_held = 0;
    return len;
}

size_t escape_end(struct escape *e, char *out, size_t cap)
{
    size_t len = 0;
    if (cap)
        out[0] = '\0';
    for (int k = 0; k < e->n_held; k++)
        if (!put_byte_escape(out, cap, &len, e->held[k]))
            break;
    e->n_held = 0;
    return len;
}

size_t escape_text(const char *s, int flags, char *out, size_t cap)
{
    struct escape e = {.flags = flags};
    size_t len = escape_piece(&e, s, strlen(s), out, cap);
    if (e.n_held && len < cap)
        len += escape_end(&e, out + len, cap - len);
    return len;
}

int escape_needed(const char *s, int flags)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char b = *p;
        int want = seq_len(b);
        if (want == 1) {
            if (!(b == '\t' || (b == '\n' && (flags & ESCAPE_KEEP_NEWLINE)) ||
                  (b >= 0x20 && b != 0x7F)))
                return 1;
            p++;
            continue;
        }
        if (want == 0 || (b == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
            return 1;
        for (int k = 1; k < want; k++)
            if (!follows(b, k, p[k])) /* the NUL ends it too */
                return 1;
        p += want;
    }
    return 0;
}

/* ---- standard output and error through escape_piece ---- */

struct escaped_fd {
    int fd;
    struct escape e;
};

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static ssize_t escaped_write(void *cookie, const char *buf, size_t size)
{
    struct escaped_fd *c = cookie;
    char out[4 * 256 + 64];
    for (size_t at = 0; at < size; at += 256) {
        size_t k = size - at < 256 ? size - at : 256;
        size_t got = escape_piece(&c->e, buf + at, k, out, sizeof(out));
        if (write_all(c->fd, out, got) != 0)
            return at ? (ssize_t)at : -1;
    }
    return (ssize_t)size;
}

static int escaped_close(void *cookie)
{
    struct escaped_fd *c = cookie;
    char out[32];
    size_t got = escape_end(&c->e, out, sizeof(out));
    return got ? write_all(c->fd, out, got) : 0;
}

int escape_stdio(void)
{
    static struct escaped_fd fds[2] = {{.fd = 1, .e = {.flags = ESCAPE_KEEP_NEWLINE}},
                                       {.fd = 2, .e = {.flags = ESCAPE_KEEP_NEWLINE}}};
    cookie_io_functions_t io = {.write = escaped_write, .close = escaped_close};
    fflush(stdout);
    fflush(stderr);
    FILE *out = fopencookie(&fds[0], "w", io);
    FILE *err = fopencookie(&fds[1], "w", io);
    if (!out || !err) {
        if (out)
            fclose(out);
        if (err)
            fclose(err);
        return -1;
    }
    /* as the streams they replace: standard error unbuffered, standard
     * output by lines on a terminal */
    setvbuf(out, NULL, isatty(1) ? _IOLBF : _IOFBF, 0);
    setvbuf(err, NULL, _IONBF, 0);
    stdout = out;
    stderr = err;
    return 0;
}
