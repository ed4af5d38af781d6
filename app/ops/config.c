/* config.c - see config.h. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int config_similar(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), p = 0;
    while (p < la && p < lb && a[p] == b[p])
        p++;
    size_t sa = la, sb = lb;
    while (sa > p && sb > p && a[sa - 1] == b[sb - 1])
        sa--, sb--;
    return sa - p <= 1 && sb - p <= 1;
}

int config_utf8_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        unsigned c = *p++;
        int more = c < 0x80             ? 0
                   : (c & 0xE0) == 0xC0 ? 1
                   : (c & 0xF0) == 0xE0 ? 2
                   : (c & 0xF8) == 0xF0 ? 3
                                        : -1;
        if (more < 0 || end - p < more)
            return 0;
        unsigned long cp = more == 0 ? c : more == 1 ? c & 0x1F : more == 2 ? c & 0x0F : c & 0x07;
        for (int i = 0; i < more; i++, p++) {
            if ((*p & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (*p & 0x3F);
        }
        static const unsigned long least[] = {0, 0x80, 0x800, 0x10000};
        if (cp < least[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
    }
    return 1;
}

/* Append "PATH:LINE: reason" (LINE 0: "PATH: reason") to problems, whole
 * or not at all. */
static void add_problem(char *problems, size_t len, const char *path, int lineno,
                        const char *reason)
{
    char line[768];
    size_t used = strlen(problems);
    int n = lineno ? snprintf(line, sizeof(line), "%s%.200s:%d: %s", used ? "\n" : "", path, lineno,
                              reason)
                   : snprintf(line, sizeof(line), "%s%.200s: %s", used ? "\n" : "", path, reason);
    if (n > 0 && (size_t)n < sizeof(line) && used + (size_t)n < len)
        memcpy(problems + used, line, (size_t)n + 1);
}

/* The problem with one line, or NULL: why holds the callback's reason. */
static const char *one_line(char *line, size_t n, config_line_fn fn, void *ctx, char *why,
                            size_t why_len)
{
    if (!config_utf8_ok(line, n))
        return "this line is not UTF-8 text (save the file as UTF-8); it is ignored";
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    char *s = trim(line);
    if (!*s)
        return NULL;
    char *eq = strchr(s, '=');
    if (!eq)
        return "expected \"key = value\"";
    *eq = '\0';
    why[0] = '\0';
    return fn(ctx, trim(s), trim(eq + 1), why, why_len) == 0 ? NULL : why;
}

/* The next line of f into buf (without its newline, NUL-terminated; NUL
 * bytes in it are kept and counted in *n): 0 at the end of the file. A
 * line longer than cap - 1 is read to its end and *long_line set. */
static int next_line(FILE *f, char *buf, size_t cap, size_t *n, int *long_line, size_t *budget)
{
    if (*budget == 0)
        return 0;
    int c = getc(f);
    if (c == EOF)
        return 0;
    *n = 0;
    *long_line = 0;
    for (; c != EOF && c != '\n' && *budget > 0; c = getc(f), (*budget)--) {
        if (*n + 1 < cap)
            buf[(*n)++] = (char)c;
        else
            *long_line = 1;
    }
    buf[*n] = '\0';
    return 1;
}

int config_read(const char *path, config_line_fn fn, void *ctx, char *problems, size_t problems_len)
{
    if (problems_len)
        problems[0] = '\0';
    /* never waits: a FIFO opens at once (and is refused below) */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        add_problem(problems, problems_len, path, 0, strerror(errno));
        return 1;
    }
    struct stat st;
    const char *refused = NULL;
    if (fstat(fd, &st) != 0)
        refused = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        refused = S_ISDIR(st.st_mode) ? "is a folder, not a settings file; using the defaults"
                                      : "is not a regular file (a device or a pipe); using the "
                                        "defaults";
    else if (st.st_size > CONFIG_BYTES_MAX)
        refused = "is larger than " CONFIG_BYTES_MAX_TEXT "; using the defaults";
    int flags = refused ? 0 : fcntl(fd, F_GETFL);
    if (!refused && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0))
        refused = strerror(errno);
    if (refused) {
        close(fd);
        add_problem(problems, problems_len, path, 0, refused);
        return 1;
    }
    FILE *f = fdopen(fd, "r");
    if (!f) {
        add_problem(problems, problems_len, path, 0, strerror(errno));
        close(fd);
        return 1;
    }
    int bad = config_read_stream(f, path, fn, ctx, problems, problems_len);
    fclose(f);
    return bad;
}

int config_read_stream(FILE *f, const char *path, config_line_fn fn, void *ctx, char *problems,
                       size_t problems_len)
{
    if (problems_len)
        problems[0] = '\0';
    char line[CONFIG_LINE_MAX], why[512];
    size_t n, budget = CONFIG_BYTES_MAX;
    int lineno = 0, bad = 0, long_line;
    while (next_line(f, line, sizeof(line), &n, &long_line, &budget)) {
        if (++lineno > CONFIG_LINES_MAX) {
            bad++;
            add_problem(problems, problems_len, path, lineno,
                        "the file goes on past " CONFIG_LINES_MAX_TEXT
                        " lines; the rest is ignored");
            break;
        }
        const char *problem;
        if (long_line)
            problem = "this line is too long; it is ignored";
        else if (strlen(line) != n)
            problem = "this line holds a NUL byte; it is ignored";
        else
            problem = one_line(line, n, fn, ctx, why, sizeof(why));
        if (problem) {
            bad++;
            add_problem(problems, problems_len, path, lineno, problem);
        }
    }
    if (budget == 0 && getc(f) != EOF) {
        bad++;
        add_problem(problems, problems_len, path, lineno,
                    "the file goes on past " CONFIG_BYTES_MAX_TEXT "; the rest is ignored");
    }
    if (ferror(f)) {
        bad++;
        add_problem(problems, problems_len, path, 0, "a read error cut the file short");
    }
    return bad;
}
