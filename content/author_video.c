/* author_video.c - a video panel's `video:` mapping: the clip, decoded once
 * by the build's clip hook (what it is, within the limits of rules.h, and a
 * still for its poster), how it plays, and its captions, one WebVTT file
 * per language, read into cues by vtt.c (the kiosk never parses WebVTT). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "author_internal.h"
#include "source_file.h"
#include "typo.h"
#include "vtt.h"

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

/* What read_vtt gathers from vtt_parse. */
struct vtt_read {
    struct build *b;
    int l;
    long long duration_ms;
    struct cue *cues;
    int nc, cap, prev_start, stop;
};

static int vtt_read_error(void *ctx, int line, const char *message)
{
    struct vtt_read *r = ctx;
    ERR(r->b, line, "%s", message);
    return r->stop || r->b->nerr >= MAX_ERRORS;
}

/* One cue as vtt.c read it: checked (times, lines, the text's rules),
 * set in the typography of its language as panel text is (typo.h), kept. */
static int vtt_read_cue(void *ctx, const struct vtt_cue *c)
{
    struct vtt_read *r = ctx;
    struct build *b = r->b;
    char why[256];
    long long t0 = c->start_ms, t1 = c->end_ms;
    int tline = c->line;
    if (t1 <= t0) {
        ERR(b, tline, "the caption ends before it starts");
        return b->nerr >= MAX_ERRORS;
    }
    if (t0 < r->prev_start) {
        ERR(b, tline, "the captions must be in time order: this one starts before the one above");
        return b->nerr >= MAX_ERRORS;
    }
    if (r->duration_ms > 0 && t0 >= r->duration_ms) {
        ERR(b, tline, "the caption starts at %lld:%02lld, after the clip ends (%lld:%02lld)",
            t0 / 60000, t0 / 1000 % 60, r->duration_ms / 60000, r->duration_ms / 1000 % 60);
        return b->nerr >= MAX_ERRORS;
    }
    if (c->len == 0) {
        ERR(b, tline, "the caption has no text");
        return b->nerr >= MAX_ERRORS;
    }
    /* its lines as written, or as decoded where a reference (&#10;) adds one */
    int lines = 1;
    for (size_t i = 0; i < c->len; i++)
        lines += c->text[i] == '\n';
    if (lines < c->lines)
        lines = c->lines;
    if (lines > CUE_MAX_LINES) {
        ERR(b, tline + 1, "the caption has %d lines; a caption has at most %d", lines,
            CUE_MAX_LINES);
        return b->nerr >= MAX_ERRORS;
    }
    if (rules_text(c->text, c->len, 1, RULES_LEN_CAPTION, "the caption", why, sizeof why) != 0) {
        ERR(b, tline + 1, "%s", why);
        return b->nerr >= MAX_ERRORS;
    }
    if (r->nc == RULES_CAPTIONS_MAX) {
        ERR(b, tline, "more than %d captions", RULES_CAPTIONS_MAX);
        r->stop = 1;
        return 1;
    }
    if (r->nc == r->cap) {
        int cap = r->cap ? r->cap * 2 : 16;
        struct cue *bigger = realloc(r->cues, sizeof *bigger * (size_t)cap);
        if (!bigger) {
            ERR(b, 0, "out of memory");
            r->stop = 1;
            return 1;
        }
        r->cues = bigger;
        r->cap = cap;
    }
    /* the typography of the cue's language, as its panel's text; the text
     * as written where that would pass the caption's limit */
    char *text = build_alloc(b, TYPO_MAX(c->len));
    if (!text) {
        r->stop = 1;
        return 1;
    }
    size_t tl = typo_apply(c->text, c->len, b->loc[r->l], 0, text);
    if (tl > RULES_LEN_CAPTION) {
        memcpy(text, c->text, c->len + 1);
    }
    long long end = t1 > r->duration_ms && r->duration_ms > 0 ? r->duration_ms : t1;
    r->cues[r->nc++] = (struct cue){(int)t0, (int)end, text};
    r->prev_start = (int)t0;
    return b->nerr >= MAX_ERRORS;
}

/* One WebVTT file into ps->vid.cues[l] (vtt.c reads it); errors at its own
 * lines. */
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
    if (len > 0 &&
        rules_text((const char *)data, len, 1, VTT_MAX_BYTES, "the file", why, sizeof why) != 0 &&
        strstr(why, "UTF-8")) {
        ERR(b, 0, "%s; save it as UTF-8", why);
        goto done;
    }
    struct vtt_read r = {.b = b, .l = l, .duration_ms = duration_ms, .prev_start = -1};
    int before = b->nerr;
    if (vtt_parse((const char *)data, len, vtt_read_cue, vtt_read_error, &r) < 0)
        ERR(b, 0, "out of memory");
    if (r.nc == 0 && b->nerr == before)
        ERR(b, 0, "has no captions");
    v->cues[l] = build_alloc(b, sizeof *r.cues * (size_t)(r.nc ? r.nc : 1));
    if (v->cues[l] && r.nc)
        memcpy(v->cues[l], r.cues, sizeof *r.cues * (size_t)r.nc);
    v->ncues[l] = r.nc;
    free(r.cues);
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
