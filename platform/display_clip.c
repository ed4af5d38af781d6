/* display_clip.c - clips in panel views: players opened, parked and
 * closed, their pictures drawn in software or by mpv's OpenGL renderer. */
#define _DEFAULT_SOURCE /* access */
#include "display_internal.h"

/* ---- clips ----------------------------------------------------------------- */

/* More pixels than a 1080p clip's (1920x1088 as H.264 codes it). */
static int clip_over_1080p(int w, int h)
{
    return (long long)w * h > 1920LL * 1088;
}

enum display_hwdec display_hwdec_named(const char *name)
{
    return name && strcmp(name, "yes") == 0  ? DISPLAY_HWDEC_ALL
           : name && strcmp(name, "no") == 0 ? DISPLAY_HWDEC_NO
                                             : DISPLAY_HWDEC_LARGE;
}

int display_clip_in_hardware(enum display_hwdec policy, int w, int h)
{
    return policy == DISPLAY_HWDEC_ALL || (policy == DISPLAY_HWDEC_LARGE && clip_over_1080p(w, h));
}

void display_set_video(struct display *d, struct waker wake, int audio, enum display_hwdec hwdec)
{
    if (!d)
        return;
    d->video_waker = wake;
    d->audio = audio;
    /* a machine whose screen is drawn in software has no decoder to ask
     * (and asking one logs every driver's refusal) */
    d->hwdec = disp_is_software(d) ? DISPLAY_HWDEC_NO : hwdec;
}

static void no_wake(void *ctx)
{
    (void)ctx;
}

/* video_close, in the clips' OpenGL context for a player drawn there. */
static void player_close(struct display *d, struct video_player *p)
{
    int gl = p && video_is_gl(p) && d && d->clip_gl;
    if (gl)
        clip_gl_enter(d->clip_gl);
    video_close(p);
    if (gl)
        clip_gl_leave(d->clip_gl);
}

/* The clips' OpenGL context, made at the first clip where the renderer is
 * an OpenGL one; NULL: clips are drawn in software (said once when making
 * it failed). */
static struct clip_gl *clips_gl(struct display *d)
{
    if (d->clip_gl_failed)
        return NULL;
    if (d->clip_gl || !d->ren_gl || d->headless)
        return d->clip_gl;
    char why[256] = "";
    d->clip_gl = clip_gl_open(d->win, d->ren_gl, why, sizeof(why));
    if (d->clip_gl) {
        log_info(TAG, "clips are drawn by mpv's OpenGL renderer into the renderer's textures");
    } else {
        d->clip_gl_failed = 1;
        log_warn(TAG, "clips are drawn in software and copied to the GPU: %s", why);
    }
    return d->clip_gl;
}

/* Clips drawn with OpenGL fail from now on: said once, and the clips
 * opened from now on are drawn in software (those playing go on). */
static void clips_gl_failed(struct display *d, const char *why)
{
    if (!d->clip_gl_failed)
        log_warn(TAG, "clips are drawn in software and copied to the GPU from now on: %s", why);
    d->clip_gl_failed = 1;
}

void disp_video_stop(struct display *d, struct view_video *vv)
{
    if (vv->player && vv->it && vv->it->video && !vv->failed)
        disp_stopped_said(vv->it->video->name ? vv->it->video->name : "", vv->it->r, vv->player);
    player_close(d, vv->player);
    vv->player = NULL;
    vv->has_frame = 0;
    vv->rendered = 0;
}

void disp_stopped_said(const char *name, struct draw_rect r, struct video_player *p)
{
    log_info(TAG, "video %s stopped, drawn at %dx%d+%d+%d: %lld frames dropped, decoded by %s",
             name, r.w, r.h, r.x, r.y, (long long)video_dropped(p), video_decoder(p));
}

void disp_parked_close(struct display *d)
{
    if (!d->parked.player)
        return;
    disp_stopped_said(d->parked.name, d->parked.r, d->parked.player);
    player_close(d, d->parked.player);
    d->parked.player = NULL;
}

/* A view goes while its clip plays: its player waits for the next frame
 * (struct parked), the one parked before is closed. */
void disp_video_park(struct panel_view *v)
{
    struct view_video *vv = &v->vid;
    struct display *d = v->d;
    const struct panel_video *pv = vv->it ? vv->it->video : NULL;
    if (!d || !vv->player || !pv || !pv->store || vv->failed ||
        strlen(pv->store) >= sizeof(d->parked.store)) {
        disp_video_stop(d, vv);
        return;
    }
    disp_parked_close(d);
    d->parked.player = vv->player;
    d->parked.r = vv->it->r;
    snprintf(d->parked.name, sizeof(d->parked.name), "%s", pv->name ? pv->name : "");
    d->parked.run = vv->run;
    d->parked.clip = pv->clip;
    d->parked.paused = vv->paused;
    snprintf(d->parked.store, sizeof(d->parked.store), "%s", pv->store);
    vv->player = NULL;
    vv->has_frame = 0;
    vv->rendered = 0;
}

/* The frame asks the view's clip to play (or hold) from run: start it
 * (the poster shows until its first picture), start it over when run
 * changed, pause or go on. A clip that failed keeps its poster. */
void disp_video_play(struct display *d, struct panel_view *v, int play, uint32_t run, int hush)
{
    struct view_video *vv = &v->vid;
    const struct panel_video *pv = vv->it ? vv->it->video : NULL;
    if (!pv || vv->failed)
        return;
    vv->seen = 1;
    if (vv->player && vv->run != run) {
        video_restart(vv->player);
        vv->paused = 0;
    }
    vv->run = run;
    if (!vv->player) {
        /* the same run of the same clip in another view (the panel laid
         * out again in another language or at another text size): it goes
         * on from where it is, into this view */
        for (struct panel_view *u = d->views; u; u = u->next) {
            const struct panel_video *uv = u->vid.it ? u->vid.it->video : NULL;
            if (u == v || !u->vid.player || u->vid.run != run || !uv || uv->clip != pv->clip ||
                !uv->store || !pv->store || strcmp(uv->store, pv->store) != 0)
                continue;
            vv->player = u->vid.player;
            vv->paused = u->vid.paused;
            vv->force = 1; /* its picture now, paused or not: never the poster again */
            u->vid.player = NULL;
            u->vid.has_frame = 0;
            u->vid.rendered = 0;
            break;
        }
    }
    struct parked *pk = &d->parked;
    if (!vv->player && pk->player && pk->run == run && pk->clip == pv->clip && pv->store &&
        strcmp(pk->store, pv->store) == 0) {
        vv->player = pk->player;
        vv->paused = pk->paused;
        vv->force = 1;
        pk->player = NULL;
    }
    if (!vv->player) {
        char why[256] = "";
        if (!pv->store) {
            snprintf(why, sizeof(why), "the exhibit is not a file its clips can be read from");
        } else {
            struct video_source src = {pv->store, pv->clip, pv->container, pv->store_dev,
                                       pv->store_ino};
            /* a clip of 1080p or less: one decoding thread keeps up, and
             * holds 12 MB fewer frames (tests/bench/video.sh) */
            int small = !clip_over_1080p(pv->w, pv->h);
            struct video_opts o = {!pv->then_next, pv->sound && d->audio,
                                   display_clip_in_hardware(d->hwdec, pv->w, pv->h), small ? 1 : 0,
                                   NULL};
            void (*fn)(void *) = d->video_waker.fn ? d->video_waker.fn : no_wake;
            struct clip_gl *g = clips_gl(d);
            if (g) {
                o.gl = clip_gl_video(g);
                clip_gl_enter(g);
                vv->player = video_open(&src, &o, fn, d->video_waker.ctx, why, sizeof(why));
                clip_gl_leave(g);
                if (!vv->player && strstr(why, "OpenGL")) {
                    clips_gl_failed(d, why);
                    o.gl = NULL;
                }
            }
            if (!o.gl)
                vv->player = video_open(&src, &o, fn, d->video_waker.ctx, why, sizeof(why));
        }
        if (!vv->player) {
            vv->failed = 1;
            log_warn(TAG, "video %s cannot be played: %s; its poster is shown",
                     pv->name ? pv->name : "", why);
            return;
        }
        vv->paused = 0;
    }
    int pause = play == PV_PAUSE;
    if (pause != vv->paused) {
        video_set_paused(vv->player, pause);
        vv->paused = pause;
    }
    if (!!hush != vv->muted) {
        video_set_muted(vv->player, hush != 0);
        vv->muted = !!hush;
    }
}

/* The frame is drawn: clips of views not in it stop. */
void disp_video_sweep(struct display *d)
{
    disp_parked_close(d); /* not taken over by this frame */
    for (struct panel_view *v = d->views; v; v = v->next) {
        if (!v->vid.seen && v->vid.player)
            disp_video_stop(d, &v->vid);
        v->vid.seen = 0;
    }
}

/* The picture of a clip drawn with OpenGL: by mpv, into the view's
 * texture (made with its framebuffer object at the first frame). */
static void video_draw_gl(struct display *d, struct view_video *vv, struct pvideo *out)
{
    const struct draw_rect *r = &vv->it->r;
    struct clip_gl *g = d->clip_gl;
    if (vv->tex && !vv->fbo) /* a texture for mpv's software renderer */
        disp_clip_tex_free(d, vv);
    if (!vv->tex) {
        vv->tex = disp_tex_counted(
            SDL_CreateTexture(d->ren, CLIP_GL_FORMAT, SDL_TEXTUREACCESS_STATIC, r->w, r->h));
        char why[256] = "no texture";
        vv->fbo = vv->tex ? clip_gl_target(g, d->ren, vv->tex, why, sizeof(why)) : 0;
        if (!vv->fbo) {
            /* the player draws only with OpenGL: it goes, and the clip
             * starts again at the next frame, drawn in software */
            disp_clip_tex_free(d, vv);
            clips_gl_failed(d, why);
            disp_video_stop(d, vv);
            return;
        }
        vv->force = 1;
    }
    clip_gl_enter(g);
    /* unflipped: mpv's first row, its picture's top, is the texture's
     * first, which SDL draws at the top */
    int got = video_render_gl(vv->player, (int)vv->fbo, r->w, r->h, 0, vv->force != 0);
    if (got == 1)
        clip_gl_drawn(g);
    clip_gl_leave(g);
    vv->force = 0;
    if (got == 1) {
        d->clip_frames++;
        d->clip_frames_gl++;
        vv->has_frame = 1;
        vv->rendered = 1;
        out->fresh = 1;
    }
}

void disp_p_video(void *ctx, struct pview *view, struct pvideo *out)
{
    struct display *d = ctx;
    struct panel_view *v = (struct panel_view *)view;
    memset(out, 0, sizeof(*out));
    if (!d || !v)
        return;
    struct view_video *vv = &v->vid;
    if (vv->failed) {
        out->state = PVIDEO_FAILED;
        return;
    }
    if (!vv->player)
        return;
    int64_t pos = 0;
    char why[256] = "";
    enum video_state st = video_poll(vv->player, &pos, why, sizeof(why));
    out->pos_ms = pos;
    out->dropped = video_dropped(vv->player);
    if (st == VIDEO_FAILED) {
        /* once: the poster from now on */
        const char *name = vv->it->video->name;
        log_warn(TAG, "video %s cannot be played: %s; its poster is shown", name ? name : "",
                 why[0] ? why : "it failed");
        vv->failed = 1;
        disp_video_stop(d, vv);
        out->state = PVIDEO_FAILED;
        out->fresh = 1;
        return;
    }
    static const int states[] = {[VIDEO_LOADING] = PVIDEO_LOADING,
                                 [VIDEO_PLAYING] = PVIDEO_PLAYING,
                                 [VIDEO_PAUSED] = PVIDEO_PAUSED,
                                 [VIDEO_ENDED] = PVIDEO_ENDED};
    out->state = states[st];
    const struct draw_rect *r = &vv->it->r;
    if (r->w <= 0 || r->h <= 0)
        return;
    if (video_is_gl(vv->player)) {
        video_draw_gl(d, vv, out);
        return;
    }
    if (vv->tex && vv->fbo) /* a texture for mpv's OpenGL renderer: not this player's */
        disp_clip_tex_free(d, vv);
    if (!vv->tex) {
        vv->tex = disp_tex_counted(SDL_CreateTexture(d->ren, SDL_PIXELFORMAT_RGB888,
                                                     SDL_TEXTUREACCESS_STREAMING, r->w, r->h));
        if (!vv->tex)
            return;
        vv->has_frame = 0;
    }
    void *px;
    int pitch;
    if (SDL_LockTexture(vv->tex, NULL, &px, &pitch) != 0)
        return;
    int got = video_render(vv->player, r->w, r->h, px, pitch, vv->force != 0);
    vv->force = 0;
    SDL_UnlockTexture(vv->tex);
    if (got == 1) {
        d->clip_frames++;
        vv->has_frame = 1;
        vv->rendered = 1;
        out->fresh = 1;
    }
}

/* After a present: tell the players whose pictures it showed. */
void disp_video_presented_all(struct display *d)
{
    for (struct panel_view *v = d->views; v; v = v->next)
        if (v->vid.rendered && v->vid.player) {
            video_presented(v->vid.player);
            v->vid.rendered = 0;
        }
}

void display_draw_view(struct display *d, struct panel_view *v, int dx, uint8_t alpha,
                       double anim_t)
{
    display_damage_all(d);
    if (d && v)
        disp_view_unpack(d, v);
    disp_draw_view(d, v, dx, alpha, anim_t, VIEW_STATIC | VIEW_PICTURE);
}
