/* vtt.c - a WebVTT caption file read into plain-text cues by the W3C's
 * parsing rules (vtt.h says what it accepts and decodes). `bundle build`
 * reads each caption file through it (author_video.c); the kiosk never
 * parses WebVTT. */
#include "vtt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vtt_entities.h"

#define NENTITIES (sizeof vtt_entities / sizeof vtt_entities[0])
/* the longest name with its ";" ("CounterClockwiseContourIntegral;"), and
 * the longest one HTML also reads without it ("middot") */
#define NAME_MAX_LEN 32
#define LEGACY_MAX_LEN 6

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int hex_value(char c)
{
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int is_alnum(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* WebVTT's "whitespace" within a line: space, tab, form feed */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\f';
}

static size_t utf8_put(unsigned long cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12);
        out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The entry named exactly key[0..k), or NULL. */
static const struct vtt_entity *entity_find(const char *key, size_t k)
{
    size_t lo = 0, hi = NENTITIES;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const char *name = vtt_entities[mid].name;
        int r = strncmp(key, name, k);
        if (r == 0 && name[k] != '\0')
            r = -1;
        if (r == 0)
            return &vtt_entities[mid];
        if (r < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

size_t vtt_charref(const char *s, size_t n, char *out, size_t *used)
{
    /* HTML's numeric character reference end state: C1 numbers are read
     * as windows-1252 (0 where the code point stays) */
    static const unsigned short c1[32] = {
        0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
        0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
    if (n < 2 || s[0] != '&')
        return 0;
    if (s[1] == '#') {
        size_t i = 2;
        int hex = i < n && (s[i] == 'x' || s[i] == 'X');
        i += (size_t)hex;
        size_t start = i;
        unsigned long cp = 0;
        for (; i < n && (hex ? hex_value(s[i]) >= 0 : is_digit(s[i])); i++) {
            cp = cp * (hex ? 16 : 10) + (unsigned long)(hex ? hex_value(s[i]) : s[i] - '0');
            if (cp > 0x10FFFF)
                cp = 0x110000; /* saturated: any number of digits costs no more */
        }
        if (i == start) /* "&#" or "&#x" with no digits: as written */
            return 0;
        if (i < n && s[i] == ';')
            i++;
        *used = i;
        if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            cp = 0xFFFD;
        else if (cp >= 0x80 && cp <= 0x9F && c1[cp - 0x80])
            cp = c1[cp - 0x80];
        return utf8_put(cp, out);
    }
    /* a name: the longest one in HTML's table. Names are letters and
     * digits and a ";" ends most, so with a ";" only the whole run can
     * match; without one, only the few names HTML reads bare. */
    size_t run = 0;
    while (1 + run < n && is_alnum(s[1 + run]) && run <= NAME_MAX_LEN)
        run++;
    const struct vtt_entity *e = NULL;
    size_t k = 0;
    if (run && run < NAME_MAX_LEN && 1 + run < n && s[1 + run] == ';') {
        k = run + 1;
        e = entity_find(s + 1, k);
    }
    if (!e)
        for (k = run < LEGACY_MAX_LEN ? run : LEGACY_MAX_LEN; k >= 2; k--)
            if ((e = entity_find(s + 1, k)) != NULL)
                break;
    if (!e)
        return 0;
    size_t len = strlen(e->text);
    memcpy(out, e->text, len);
    *used = 1 + k;
    return len;
}

/* The run of digits at s[*i] (moved past), its value in *v (saturated);
 * how many digits. */
static size_t digits(const char *s, size_t n, size_t *i, long long *v)
{
    size_t start = *i;
    *v = 0;
    for (; *i < n && is_digit(s[*i]); (*i)++)
        if (*v < 1000000000)
            *v = *v * 10 + (s[*i] - '0');
    return *i - start;
}

/* "collect a WebVTT timestamp" at s[*pos]: NULL and the time in *ms, or
 * what is wrong. Stricter than the parser in one point, as the syntax
 * asks: hours, when written, take two digits or more (the parser reads
 * "1:05.000" as an hour and five minutes, then fails on its ".000"). */
static const char *timestamp(const char *s, size_t n, size_t *pos, long long *ms)
{
    static const char two[] = "minutes and seconds take exactly two digits each";
    size_t i = *pos;
    long long h, m, sec, t;
    if (i >= n || !is_digit(s[i]))
        return "each time starts with a digit";
    size_t d = digits(s, n, &i, &h);
    int hours = d != 2 || h > 59;
    if (d < 2)
        return "minutes take exactly two digits (01:05.000 is a minute and five seconds), "
               "hours two or more";
    if (i >= n || s[i] != ':')
        return "minutes and seconds are separated by \":\", such as 00:05.000";
    i++;
    if (digits(s, n, &i, &m) != 2)
        return two;
    if (hours || (i < n && s[i] == ':')) {
        if (i >= n || s[i] != ':')
            return "a time with hours has minutes and seconds after them, such as "
                   "100:00:00.000";
        i++;
        if (digits(s, n, &i, &sec) != 2)
            return two;
    } else {
        sec = m;
        m = h;
        h = 0;
    }
    if (i >= n || s[i] != '.')
        return i < n && s[i] == ',' ? "the milliseconds follow a \".\", not a \",\""
                                    : "the milliseconds follow a \".\", such as 00:01.500";
    i++;
    if (digits(s, n, &i, &t) != 3)
        return "milliseconds take exactly three digits, such as 00:01.500";
    if (m > 59 || sec > 59)
        return "minutes and seconds go up to 59";
    if (h > 99)
        return "hours go up to 99";
    *ms = ((h * 60 + m) * 60 + sec) * 1000 + t;
    *pos = i;
    return NULL;
}

/* "collect WebVTT cue timings and settings" from one line: NULL and the
 * two times, or what is wrong. The settings (line:90% align:center ...)
 * after the end time are accepted and ignored: the kiosk places captions
 * itself. */
static const char *timings(const char *s, size_t n, long long *t0, long long *t1)
{
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    const char *why = timestamp(s, n, &i, t0);
    if (why)
        return why;
    while (i < n && is_space(s[i]))
        i++;
    if (i + 3 > n || memcmp(s + i, "-->", 3) != 0)
        return "the two times are separated by \" --> \"";
    i += 3;
    while (i < n && is_space(s[i]))
        i++;
    return timestamp(s, n, &i, t1);
}

static int tag_is(const char *s, size_t n, const char *name)
{
    return n == strlen(name) && memcmp(s, name, n) == 0;
}

/* A cue's text s[0..n) as plain text into out (2 n + 8 bytes at least: a
 * reference may be longer decoded, "&nGt;" is 6 bytes): tags dropped, ruby
 * annotations dropped with their text, character references decoded.
 * Returns the length, trailing spaces and line ends trimmed. */
static size_t cue_plain(const char *s, size_t n, char *out)
{
    size_t o = 0;
    int ruby = 0, rt = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] == '<') { /* a tag, to its ">" or the end of the text */
            size_t j = i + 1;
            int end = j < n && s[j] == '/';
            j += (size_t)end;
            size_t name = j;
            while (j < n && s[j] != '>' && s[j] != '.' && !is_space(s[j]) && s[j] != '\n')
                j++;
            size_t nl = j - name;
            while (j < n && s[j] != '>')
                j++;
            i = j < n ? j + 1 : n;
            if (!end && tag_is(s + name, nl, "ruby"))
                ruby++;
            else if (!end && tag_is(s + name, nl, "rt") && ruby > 0)
                rt = 1;
            else if (end && tag_is(s + name, nl, "rt"))
                rt = 0;
            else if (end && tag_is(s + name, nl, "ruby")) {
                rt = 0;
                ruby -= ruby > 0;
            }
            continue;
        }
        if (s[i] == '&') {
            char ref[8];
            size_t used = 0, len = vtt_charref(s + i, n - i, ref, &used);
            if (len) {
                if (!rt) {
                    memcpy(out + o, ref, len);
                    o += len;
                }
                i += used;
                continue;
            }
        }
        if (!rt)
            out[o++] = s[i];
        i++;
    }
    while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == '\t' || out[o - 1] == '\n'))
        o--;
    out[o] = '\0';
    return o;
}

/* The end of the line at pos: the index of its LF, or n. */
static size_t line_end(const char *s, size_t n, size_t pos)
{
    const char *lf = pos < n ? memchr(s + pos, '\n', n - pos) : NULL;
    return lf ? (size_t)(lf - s) : n;
}

static int has_arrow(const char *s, size_t n)
{
    for (size_t i = 0; i + 3 <= n; i++)
        if (s[i] == '-' && s[i + 1] == '-' && s[i + 2] == '>')
            return 1;
    return 0;
}

/* NOTE, STYLE or REGION: a block that is no caption, skipped. */
static int block_skipped(const char *s, size_t n)
{
    if (n >= 4 && memcmp(s, "NOTE", 4) == 0)
        return n == 4 || is_space(s[4]);
    size_t k = n >= 5 && memcmp(s, "STYLE", 5) == 0    ? 5
               : n >= 6 && memcmp(s, "REGION", 6) == 0 ? 6
                                                       : 0;
    if (!k)
        return 0;
    while (k < n && is_space(s[k]))
        k++;
    return k == n;
}

/* The file with its line ends made LF and U+0000 made U+FFFD, as the
 * parser's preprocessing does; malloc'd, its length in *m. */
static char *normalise(const char *buf, size_t len, size_t *m)
{
    size_t nul = 0;
    for (size_t i = 0; i < len; i++)
        nul += buf[i] == '\0';
    char *s = malloc(len + 2 * nul + 1);
    if (!s)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (buf[i] == '\r') {
            s[o++] = '\n';
            i += i + 1 < len && buf[i + 1] == '\n';
        } else if (buf[i] == '\0') {
            memcpy(s + o, "\xEF\xBF\xBD", 3);
            o += 3;
        } else
            s[o++] = buf[i];
    }
    s[o] = '\0';
    *m = o;
    return s;
}

int vtt_parse(const char *buf, size_t len, vtt_cue_fn cue, vtt_error_fn error, void *ctx)
{
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
        buf += 3;
        len -= 3;
    }
    size_t n;
    char *s = normalise(buf, len, &n);
    if (!s)
        return -1;
    int errors = 0, stop = 0;
    if (n < 6 || memcmp(s, "WEBVTT", 6) != 0 || (n > 6 && !is_space(s[6]) && s[6] != '\n')) {
        error(ctx, 1, "is not a WebVTT file: its first line must be WEBVTT");
        free(s);
        return 1;
    }
    char *text = NULL;
    size_t cap = 0;
    int line = 1;
    size_t pos = line_end(s, n, 0);
    pos += pos < n;
    line++;
    /* the header: to a blank line, or to the first line with "-->",
     * which starts the first caption */
    while (pos < n) {
        size_t e = line_end(s, n, pos);
        if (e == pos) {
            pos++;
            line++;
            break;
        }
        if (has_arrow(s + pos, e - pos))
            break;
        pos = e + (e < n);
        line++;
    }
    while (pos < n && !stop) {
        if (s[pos] == '\n') {
            pos++;
            line++;
            continue;
        }
        /* one block: "collect a WebVTT block" */
        int first = line, count = 0, arrow = 0, tline = 0, nlines = 0;
        size_t fstart = pos, flen = line_end(s, n, pos) - pos, tstart = 0, tend = 0;
        long long t0 = 0, t1 = 0;
        const char *why = NULL;
        while (pos < n) {
            size_t e = line_end(s, n, pos);
            count++;
            if (has_arrow(s + pos, e - pos)) {
                if (count > 2 || (count == 2 && arrow))
                    break; /* it starts the next caption */
                arrow = 1;
                tline = line;
                why = timings(s + pos, e - pos, &t0, &t1);
                nlines = 0;
            } else if (e == pos) {
                pos++;
                line++;
                break;
            } else if (arrow) {
                if (nlines++ == 0)
                    tstart = pos;
                tend = e;
            }
            pos = e + (e < n);
            line++;
        }
        if (!arrow) {
            if (!block_skipped(s + fstart, flen)) {
                errors++;
                stop = error(ctx, first,
                             "a caption needs a line of times such as \"00:01.000 --> "
                             "00:04.000\"");
            }
            continue;
        }
        if (why) {
            char msg[256];
            snprintf(msg, sizeof msg,
                     "the caption's times must be written as 00:01.000 --> 00:04.000 (minutes, "
                     "seconds and milliseconds; hours before them when needed): %s",
                     why);
            errors++;
            stop = error(ctx, tline, msg);
            continue;
        }
        size_t tn = nlines ? tend - tstart : 0;
        if (2 * tn + 8 > cap) {
            free(text);
            cap = 2 * tn + 8;
            if ((text = malloc(cap)) == NULL) {
                free(s);
                return -1;
            }
        }
        struct vtt_cue c = {t0, t1, text, 0, tline, nlines};
        c.len = cue_plain(s + tstart, tn, text);
        stop = cue(ctx, &c);
    }
    free(text);
    free(s);
    return errors;
}
