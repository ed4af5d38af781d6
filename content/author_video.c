/* author_video.c - a video panel's `video:` mapping: the clip, decoded once
 * by the build's clip hook (what it is, within the limits of rules.h, and a
 * still for its poster), how it plays, and its captions, one WebVTT file
 * per language, read into cues here (the kiosk never parses WebVTT). */
#define _GNU_SOURCE /* memmem */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "author_internal.h"
#include "source_file.h"

enum { VK_FILE, VK_THEN, VK_SOUND, VK_POSTER, VK_POSTER_AT, VK_CAPTIONS, VK_N };
static const char *const video_keys[VK_N] = {"file",   "then",      "sound",
                                             "poster", "poster_at", "captions"};

#define VTT_MAX_BYTES (2 * 1024 * 1024)
#define CUE_MAX_LINES 3

const char *build_inner_path(struct build *b, const struct ynode *n, const char *key,
                             const char *example)
{
    char q[64];
    const char *f = value_text(b, n, key, LEN_FILE, 0);
    if (!f)
        return NULL;
    size_t len = strlen(f);
    int bad = f[0] == '/' || strcmp(f, "..") == 0 || strncmp(f, "../", 3) == 0 ||
              strstr(f, "/../") || (len >= 3 && strcmp(f + len - 3, "/..") == 0);
    if (bad) {
        ERR(b, n->line, "%s must be a path inside the exhibit folder, such as %s, not %s", key,
            example, value_quoted(q, sizeof q, f, len));
        return NULL;
    }
    return build_file_inside(b, key, n->line, f) ? f : NULL;
}

/* yes/no, true/false, on/off; -1 after reporting. */
static int yes_no(struct build *b, const struct ynode *n, const char *key)
{
    static const char *const yes[] = {"yes", "true", "on"}, *const no[] = {"no", "false", "off"};
    char q[64];
    for (int i = 0; n->type == Y_SCALAR && i < 3; i++) {
        if (strcmp(n->s, yes[i]) == 0)
            return 1;
        if (strcmp(n->s, no[i]) == 0)
            return 0;
    }
    ERR(b, n->line, "%s must be yes or no, not %s", key, value_describe(q, sizeof q, n));
    return -1;
}

void video_parse(struct build *b, const struct ynode *n, struct psrc *ps)
{
    struct vclip *v = &ps->vid;
    char q[64];
    v->line = n->line;
    v->poster_ms = -1;
    if (n->type != Y_MAP) {
        ERR(b, n->line, "video must be a mapping with file (and then, sound, captions), not %s",
            value_describe(q, sizeof q, n));
        return;
    }
    const struct ynode *k[VK_N];
    int kl[VK_N];
    value_map_keys(b, n, "video", video_keys, VK_N, k, kl);
    if (value_need(b, n, k[VK_FILE], "video.file"))
        v->file = build_inner_path(b, k[VK_FILE], "video.file", "videos/start.mp4");
    if (k[VK_THEN] && !ynode_is_null(k[VK_THEN])) {
        if (k[VK_THEN]->type == Y_SCALAR && strcmp(k[VK_THEN]->s, "next") == 0)
            v->then_next = 1;
        else if (!(k[VK_THEN]->type == Y_SCALAR && strcmp(k[VK_THEN]->s, "loop") == 0))
            ERR(b, k[VK_THEN]->line,
                "video.then must be loop (the clip starts again) or next (the loop goes on to "
                "the next panel when it ends), not %s",
                value_describe(q, sizeof q, k[VK_THEN]));
    }
    if (k[VK_SOUND] && !ynode_is_null(k[VK_SOUND]))
        v->sound = yes_no(b, k[VK_SOUND], "video.sound") == 1;
    if (k[VK_POSTER] && k[VK_POSTER_AT])
        ERR(b, kl[VK_POSTER_AT],
            "give video.poster (a picture) or video.poster_at (a moment of the clip), not both");
    else if (k[VK_POSTER] && !ynode_is_null(k[VK_POSTER]))
        v->poster = build_inner_path(b, k[VK_POSTER], "video.poster", "images/start.jpg");
    else if (k[VK_POSTER_AT] && !ynode_is_null(k[VK_POSTER_AT])) {
        double s;
        if (value_number(b, k[VK_POSTER_AT], "video.poster_at", &s) == 0) {
            if (s < 0 || s > RULES_CLIP_MAX_MS / 1000.0)
                ERR(b, k[VK_POSTER_AT]->line,
                    "video.poster_at is the moment of the clip its poster shows, in seconds "
                    "from its start (such as 2.5), not %s",
                    value_describe(q, sizeof q, k[VK_POSTER_AT]));
            else {
                v->poster_ms = (long long)(s * 1000.0 + 0.5);
                v->poster_line = k[VK_POSTER_AT]->line;
            }
        }
    }
    const struct ynode *c = k[VK_CAPTIONS];
    if (!c || ynode_is_null(c))
        return;
    if (c->type != Y_MAP) {
        ERR(b, c->line,
            "video.captions is one WebVTT file per language, such as \"en: videos/start.en.vtt\", "
            "not %s",
            value_describe(q, sizeof q, c));
        return;
    }
    for (const struct ynode *kn = c->kid; kn && kn->next; kn = kn->next->next) {
        const struct ynode *e = kn->next;
        int l = kn->type == Y_SCALAR ? build_locale_index(b, kn->s) : -1;
        if (l < 0) {
            if (b->locales_ok)
                ERR(b, kn->line, "video.captions: %s is not a language of this exhibit (%s)",
                    value_describe(q, sizeof q, kn), build_locale_list(b));
            continue;
        }
        char key[48];
        snprintf(key, sizeof key, "video.captions.%s", b->loc[l]);
        v->captions[l] = build_inner_path(b, e, key, "videos/start.en.vtt");
    }
}

/* "00:01:02.500" or "01:02.500": ms, or -1. */
static long long vtt_time(const char *s, size_t n, size_t *used)
{
    size_t i = 0;
    long long part[3];
    int np = 0;
    while (np < 3) {
        size_t d0 = i;
        long long x = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && i - d0 < 9)
            x = x * 10 + (s[i++] - '0');
        if (i == d0)
            return -1;
        part[np++] = x;
        if (i < n && s[i] == ':')
            i++;
        else
            break;
    }
    if (i >= n || s[i] != '.' || np < 2)
        return -1;
    i++;
    if (i + 3 > n || s[i] < '0' || s[i] > '9' || s[i + 1] < '0' || s[i + 1] > '9' ||
        s[i + 2] < '0' || s[i + 2] > '9')
        return -1;
    long long ms = (s[i] - '0') * 100 + (s[i + 1] - '0') * 10 + (s[i + 2] - '0');
    i += 3;
    long long h = np == 3 ? part[0] : 0, m = part[np - 2], sec = part[np - 1];
    if (m > 59 || sec > 59 || h > 99)
        return -1;
    *used = i;
    return ((h * 60 + m) * 60 + sec) * 1000 + ms;
}

/* A cue's text as plain text: tags (<i>, <v Name>, <00:01.000>) dropped,
 * the five entities WebVTT names turned back into characters. In place. */
static size_t vtt_plain(char *s, size_t n)
{
    static const struct {
        const char *name, *text;
    } ent[] = {{"&amp;", "&"},       {"&lt;", "<"},       {"&gt;", ">"},
               {"&nbsp;", "\u00A0"}, {"&lrm;", "\u200E"}, {"&rlm;", "\u200F"}};
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] == '<') {
            while (i < n && s[i] != '>')
                i++;
            i += i < n;
            continue;
        }
        int done = 0;
        for (size_t e = 0; s[i] == '&' && e < sizeof ent / sizeof ent[0]; e++) {
            size_t len = strlen(ent[e].name), tl = strlen(ent[e].text);
            if (i + len <= n && memcmp(s + i, ent[e].name, len) == 0 && tl <= len) {
                memcpy(s + o, ent[e].text, tl);
                o += tl;
                i += len;
                done = 1;
                break;
            }
        }
        if (!done)
            s[o++] = s[i++];
    }
    return o;
}

/* The next line of buf from *pos (without its end of line), or NULL. */
static const char *next_line(const char *buf, size_t len, size_t *pos, size_t *n, int *line)
{
    if (*pos >= len)
        return NULL;
    const char *s = buf + *pos;
    size_t i = 0;
    while (*pos + i < len && s[i] != '\n' && s[i] != '\r')
        i++;
    *n = i;
    *pos += i;
    if (*pos < len && buf[*pos] == '\r')
        (*pos)++;
    if (*pos < len && buf[*pos] == '\n')
        (*pos)++;
    (*line)++;
    return s;
}

/* One WebVTT file into ps->vid.cues[l]; errors at its own lines. */
static void read_vtt(struct build *b, struct psrc *ps, int l, long long duration_ms)
{
    struct vclip *v = &ps->vid;
    const char *file = v->captions[l];
    char why[256];
    unsigned char *data = NULL;
    size_t len = 0;
    char *path = build_printf(b, "%s/%s", b->src_dir, file);
    if (!path)
        return;
    const char *saved = b->cur;
    b->cur = build_printf(b, "%s", file);
    if (!b->cur)
        goto done;
    if (source_file_read(path, VTT_MAX_BYTES, &data, &len, why, sizeof why) != 0) {
        b->cur = ps->file;
        ERR(b, v->line, "video.captions.%s \"%s\" %s", b->loc[l], file, why);
        goto done;
    }
    const char *buf = (const char *)data;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
        buf += 3;
        len -= 3;
    }
    if (len < 6 || memcmp(buf, "WEBVTT", 6) != 0 ||
        (len > 6 && buf[6] != ' ' && buf[6] != '\t' && buf[6] != '\n' && buf[6] != '\r')) {
        ERR(b, 1, "is not a WebVTT file: its first line must be WEBVTT");
        goto done;
    }
    if (rules_text(buf, len, 1, VTT_MAX_BYTES, "the file", why, sizeof why) != 0 &&
        strstr(why, "UTF-8")) {
        ERR(b, 0, "%s; save it as UTF-8", why);
        goto done;
    }
    size_t pos = 0, n;
    int line = 0, cap = 16, prev_start = -1;
    struct cue *cues = malloc(sizeof *cues * (size_t)cap);
    int nc = 0;
    if (!cues) {
        ERR(b, 0, "out of memory");
        goto done;
    }
    const char *s = next_line(buf, len, &pos, &n, &line); /* WEBVTT */
    /* the header, to the first blank line */
    while ((s = next_line(buf, len, &pos, &n, &line)) != NULL && n > 0)
        ;
    while (b->nerr < MAX_ERRORS) {
        while ((s = next_line(buf, len, &pos, &n, &line)) != NULL && n == 0)
            ;
        if (!s)
            break;
        int block = line;
        if ((n >= 4 && memcmp(s, "NOTE", 4) == 0 && (n == 4 || s[4] == ' ' || s[4] == '\t')) ||
            (n == 5 && memcmp(s, "STYLE", 5) == 0) || (n == 6 && memcmp(s, "REGION", 6) == 0)) {
            while ((s = next_line(buf, len, &pos, &n, &line)) != NULL && n > 0)
                ;
            continue;
        }
        if (!memmem(s, n, "-->", 3)) { /* a cue identifier */
            s = next_line(buf, len, &pos, &n, &line);
            if (!s || !memmem(s, n, "-->", 3)) {
                ERR(b, block,
                    "a caption needs a line of times such as \"00:01.000 --> 00:04.000\"");
                while (s && n > 0)
                    s = next_line(buf, len, &pos, &n, &line);
                continue;
            }
        }
        int tline = line;
        size_t u = 0, u2 = 0;
        long long t0 = vtt_time(s, n, &u);
        const char *arrow = memmem(s, n, "-->", 3);
        size_t rest = (size_t)(arrow - s) + 3;
        while (rest < n && (s[rest] == ' ' || s[rest] == '\t'))
            rest++;
        long long t1 = vtt_time(s + rest, n - rest, &u2);
        /* the text, to the next blank line */
        char *text = NULL;
        size_t tl = 0;
        int lines = 0;
        const char *t;
        size_t tn;
        while ((t = next_line(buf, len, &pos, &tn, &line)) != NULL && tn > 0) {
            char *bigger = build_alloc(b, tl + tn + 2);
            if (!bigger)
                break;
            if (tl)
                memcpy(bigger, text, tl);
            if (tl)
                bigger[tl++] = '\n';
            memcpy(bigger + tl, t, tn);
            tl += tn;
            text = bigger;
            lines++;
        }
        if (t0 < 0 || t1 < 0) {
            ERR(b, tline,
                "the caption's times must be written as 00:01.000 --> 00:04.000 (minutes, "
                "seconds and milliseconds; hours before them when needed)");
            continue;
        }
        if (t1 <= t0) {
            ERR(b, tline, "the caption ends before it starts");
            continue;
        }
        if (t0 < prev_start) {
            ERR(b, tline,
                "the captions must be in time order: this one starts before the one above");
            continue;
        }
        if (duration_ms > 0 && t0 >= duration_ms) {
            ERR(b, tline, "the caption starts at %lld:%02lld, after the clip ends (%lld:%02lld)",
                t0 / 60000, t0 / 1000 % 60, duration_ms / 60000, duration_ms / 1000 % 60);
            continue;
        }
        if (!text) {
            ERR(b, tline, "the caption has no text");
            continue;
        }
        tl = vtt_plain(text, tl);
        text[tl] = '\0';
        while (tl > 0 && (text[tl - 1] == ' ' || text[tl - 1] == '\n'))
            text[--tl] = '\0';
        if (lines > CUE_MAX_LINES) {
            ERR(b, tline + 1, "the caption has %d lines; a caption has at most %d", lines,
                CUE_MAX_LINES);
            continue;
        }
        if (rules_text(text, tl, 1, RULES_LEN_CAPTION, "the caption", why, sizeof why) != 0) {
            ERR(b, tline + 1, "%s", why);
            continue;
        }
        if (nc == RULES_CAPTIONS_MAX) {
            ERR(b, tline, "more than %d captions", RULES_CAPTIONS_MAX);
            break;
        }
        if (nc == cap) {
            struct cue *bigger = realloc(cues, sizeof *cues * (size_t)(cap * 2));
            if (!bigger) {
                ERR(b, 0, "out of memory");
                break;
            }
            cues = bigger;
            cap *= 2;
        }
        cues[nc++] = (struct cue){
            (int)t0, (int)(t1 > duration_ms && duration_ms > 0 ? duration_ms : t1), text};
        prev_start = (int)t0;
    }
    if (nc == 0 && b->nerr == 0)
        ERR(b, 0, "has no captions");
    v->cues[l] = build_alloc(b, sizeof *cues * (size_t)(nc ? nc : 1));
    if (v->cues[l] && nc)
        memcpy(v->cues[l], cues, sizeof *cues * (size_t)nc);
    v->ncues[l] = nc;
    free(cues);
done:
    b->cur = saved;
    free(data);
}

void video_check(struct build *b, struct psrc *ps)
{
    struct vclip *v = &ps->vid;
    char why[512];
    if (!v->file)
        return;
    if (!b->opts || !b->opts->clip) {
        ERR(b, v->line, "video.file \"%s\": this build has no video decoder to check clips with",
            v->file);
        return;
    }
    char *path = build_printf(b, "%s/%s", b->src_dir, v->file);
    if (!path)
        return;
    struct stat st;
    int unread = stat(path, &st) != 0, gone = unread && errno == ENOENT;
    if (unread || !S_ISREG(st.st_mode)) {
        ERR(b, v->line, "video.file \"%s\" %s", v->file,
            gone ? "does not exist" : "is not a file that can be read");
        return;
    }
    struct author_clip *in = &v->info;
    memset(in, 0, sizeof *in);
    why[0] = '\0';
    if (b->opts->clip(b->opts->clip_ctx, path, v->poster_ms, !v->poster, in, why, sizeof why) !=
        0) {
        free(in->poster);
        in->poster = NULL;
        ERR(b, v->line, "video.file \"%s\" cannot be played: %s", v->file,
            why[0] ? why : "the decoder gave no reason");
        return;
    }
    int bad = rules_clip(in->codec, in->container, in->w, in->h, in->duration_ms, in->bitrate,
                         in->bytes, in->fps, why, sizeof why);
    if (bad)
        ERR(b, v->line, "video.file \"%s\" %s", v->file, why);
    if (v->poster_ms >= in->duration_ms && !bad)
        ERR(b, v->poster_line ? v->poster_line : v->line,
            "video.poster_at is after the clip ends (it lasts %lld.%llds)", in->duration_ms / 1000,
            in->duration_ms % 1000 / 100);
    /* the still: the author's picture, or the frame the hook gave */
    if (v->poster) {
        const char *mime;
        unsigned long w, h;
        v->still = build_image_load(b, v->poster, v->line, &v->still_size, &mime, &w, &h);
    } else if (in->poster) {
        if (rules_image(in->poster, in->poster_size, NULL, 0, 0, NULL, NULL, NULL, why,
                        sizeof why) != 0)
            ERR(b, v->line, "video.file \"%s\": its poster frame %s", v->file, why);
        else if ((v->still = build_alloc(b, in->poster_size)) != NULL) {
            memcpy(v->still, in->poster, in->poster_size);
            v->still_size = in->poster_size;
        }
    }
    if (v->poster && v->still) {
        /* build_image_load malloc'd it: keep it in the arena */
        unsigned char *copy = build_alloc(b, v->still_size);
        if (copy)
            memcpy(copy, v->still, v->still_size);
        free(v->still);
        v->still = copy;
    }
    free(in->poster);
    in->poster = NULL;
    if (bad || !v->still)
        return;
    int before = b->nerr;
    for (int l = 0; l < b->nloc; l++)
        if (v->captions[l])
            read_vtt(b, ps, l, in->duration_ms);
    if (b->nerr != before)
        return;
    v->ok = 1;
    /* sound nobody can hear in a noisy hall, or nobody hears at all where
     * the installation is muted: the words must be on screen */
    if (in->audio) {
        char missing[MAX_LOCALES * 40] = "";
        size_t used = 0;
        int count = 0;
        for (int l = 0; l < b->nloc && used < sizeof missing; l++)
            if (!v->captions[l]) {
                used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s",
                                         count ? ", " : "", b->loc_name[l]);
                count++;
            }
        if (count)
            build_warning(b, ps->file, v->line,
                          "video.file \"%s\" has a sound track but no captions in %s: visitors "
                          "who cannot hear it (muted kiosks, noisy halls, deaf visitors) miss what "
                          "is said; add video.captions with a WebVTT file per language",
                          v->file, missing);
    }
}

int video_for_locale(struct build *b, const struct psrc *ps, int l, struct panel *p)
{
    const struct vclip *v = &ps->vid;
    /* the store falls back to the default language's captions */
    int cl = v->cues[l] ? l : b->def;
    struct panel_caption *caps = NULL;
    int n = v->ncues[cl];
    if (n) {
        caps = build_alloc(b, sizeof *caps * (size_t)n);
        if (!caps)
            return -1;
        for (int i = 0; i < n; i++)
            caps[i] = (struct panel_caption){v->cues[cl][i].start_ms, v->cues[cl][i].end_ms,
                                             v->cues[cl][i].text};
    }
    p->image =
        (struct panel_image){v->still, v->still_size, NULL, v->poster ? v->poster : v->file, 0, 0};
    p->video = (struct panel_video){
        .clip = 1,
        .store = NULL,
        .name = v->file,
        .codec = v->info.codec,
        .container = v->info.container,
        .w = v->info.w,
        .h = v->info.h,
        .duration_ms = v->info.duration_ms,
        .bitrate = v->info.bitrate,
        .bytes = v->info.bytes,
        .audio = v->info.audio,
        .then_next = v->then_next,
        .sound = v->sound,
        .captions = caps,
        .n_captions = n,
    };
    return 0;
}
