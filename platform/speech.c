/* speech.c - spoken words for the audio guide: eSpeak NG (dlopen'ed) on a
 * thread of its own, into a ring that SDL's audio callback drains. */
#include "speech.h"

#include <SDL.h>
#include <dlfcn.h>
#include <espeak-ng/speak_lib.h>
#include <math.h>
#include <opusfile.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "escape.h"
#include "log.h"

#define ESPEAK_LIB "libespeak-ng.so.1"
#define OUT_RATE_NO_VOICE 22050 /* the output's rate when eSpeak NG is missing */
#define RING_S 2                /* seconds of sound the ring holds */
#define SYNTH_BUFFER_MS 60      /* eSpeak NG hands its sound over in pieces this long */
#define OUTPUT_SAMPLES 512      /* the output's buffer: 23 ms at 22050 a second */
#define VOICE_MAX 64
#define CUE_NOTE_MS 70 /* the cue: two notes this long, */
#define CUE_GAP_MS 40  /* then a breath before the words */

/* eSpeak NG's functions, resolved from the library once. */
static struct {
    int (*Initialize)(espeak_AUDIO_OUTPUT, int, const char *, int);
    void (*SetSynthCallback)(t_espeak_callback *);
    espeak_ERROR (*Synth)(const void *, size_t, unsigned int, espeak_POSITION_TYPE, unsigned int,
                          unsigned int, unsigned int *, void *);
    espeak_ERROR (*SetVoiceByName)(const char *);
    espeak_ERROR (*SetParameter)(espeak_PARAMETER, int, int);
} es;
static int es_rate;          /* samples a second; 0: not loaded */
static char es_why[160];     /* why it could not be */
static SDL_SpinLock es_lock; /* the loading, once per process */
static int es_tried;
static void *es_lib;

static int synth_cb(short *wav, int n, espeak_EVENT *ev);

static void load_espeak(void)
{
    SDL_AtomicLock(&es_lock);
    if (es_tried) {
        SDL_AtomicUnlock(&es_lock);
        return;
    }
    es_tried = 1;
    void *lib = dlopen(ESPEAK_LIB, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(es_why, sizeof es_why, "eSpeak NG is not installed (%s)", e ? e : "dlopen failed");
        SDL_AtomicUnlock(&es_lock);
        return;
    }
#define RESOLVE(fn)                                                                                \
    *(void **)&es.fn = dlsym(lib, "espeak_" #fn);                                                  \
    if (!es.fn) {                                                                                  \
        snprintf(es_why, sizeof es_why, ESPEAK_LIB " has no espeak_" #fn);                         \
        dlclose(lib);                                                                              \
        SDL_AtomicUnlock(&es_lock);                                                                \
        return;                                                                                    \
    }
    RESOLVE(Initialize)
    RESOLVE(SetSynthCallback)
    RESOLVE(Synth)
    RESOLVE(SetVoiceByName)
    RESOLVE(SetParameter)
#undef RESOLVE
    int rate =
        es.Initialize(AUDIO_OUTPUT_SYNCHRONOUS, SYNTH_BUFFER_MS, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0)
        snprintf(es_why, sizeof es_why, "eSpeak NG found no voice data (espeak-ng-data)");
    else
        es_rate = rate;
    es.SetSynthCallback(synth_cb);
    es_lib = lib; /* never closed: eSpeak NG's data stays for the next visitor */
    SDL_AtomicUnlock(&es_lock);
}

/* eSpeak NG's name for lang's voice: the language in lower case with '-'
 * between its parts; Chinese is Mandarin ("cmn"), Norwegian Bokmål "nb". */
static void voice_tag(const char *lang, char *out, size_t n)
{
    size_t j = 0;
    for (size_t i = 0; lang && lang[i] && j + 1 < n; i++) {
        char c = lang[i] == '_' ? '-' : lang[i];
        out[j++] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    out[j] = '\0';
    if (strncmp(out, "zh", 2) == 0 && (out[2] == '\0' || out[2] == '-'))
        snprintf(out, n, "cmn");
    else if (strcmp(out, "no") == 0 || strncmp(out, "no-", 3) == 0)
        snprintf(out, n, "nb");
}

/* Choose lang's voice (on the thread that synthesises): the whole tag,
 * then its language alone. 0 and its name in voice, or -1. */
static int set_voice(const char *lang, char *voice, size_t n)
{
    char tag[VOICE_MAX];
    voice_tag(lang, tag, sizeof tag);
    if (!*tag)
        return -1;
    if (es.SetVoiceByName(tag) == EE_OK) {
        snprintf(voice, n, "%s", tag);
        return 0;
    }
    char *dash = strchr(tag, '-');
    if (dash) {
        *dash = '\0';
        if (es.SetVoiceByName(tag) == EE_OK) {
            snprintf(voice, n, "%s", tag);
            return 0;
        }
    }
    return -1;
}

int speech_voice_for(const char *lang, char *voice, size_t n, char *why, size_t why_len)
{
    load_espeak();
    if (!es_rate) {
        snprintf(why, why_len, "%s", es_why);
        return -1;
    }
    SDL_AtomicLock(&es_lock);
    int rc = set_voice(lang, voice, n);
    SDL_AtomicUnlock(&es_lock);
    if (rc != 0)
        snprintf(why, why_len, "eSpeak NG has no voice for \"%s\"", lang ? lang : "");
    return rc;
}

/* ---- the speaker ---------------------------------------------------------- */

struct utt {
    enum speech_cue cue;
    int n;
    const char *lang[SPEECH_MAX_SEGMENTS];
    const char *text[SPEECH_MAX_SEGMENTS];
    const unsigned char *audio[SPEECH_MAX_SEGMENTS];
    size_t audio_len[SPEECH_MAX_SEGMENTS];
    char bytes[]; /* the strings and recordings */
};

struct speech {
    struct speech_cfg cfg;
    char device[128];
    SDL_mutex *mu;
    SDL_cond *cv;
    SDL_Thread *th;
    int quit;
    uint64_t gen;        /* every say and stop */
    struct utt *pending; /* waits for the thread */
    uint64_t say_ns;     /* when the utterance being said was asked for */
    int heard;           /* its first word has reached the output */
    size_t cue_left;     /* samples of its cue still to play before its words */
    int synthesizing;
    int16_t *ring;
    size_t cap, head, len; /* samples */
    uint64_t quiet_since_ns;
    SDL_AudioDeviceID dev;
    int volume;
    struct speech_stats st;
    int told; /* why nothing can be said: logged once */
};

/* The utterance the synthesis callback feeds (one speech thread). */
static struct speech *synth_s;
static uint64_t synth_gen;

/* The output's callback: the ring's samples at the visitor's volume, then
 * silence. */
static void output_cb(void *ud, Uint8 *stream, int bytes)
{
    struct speech *s = ud;
    int16_t *out = (int16_t *)(void *)stream;
    size_t want = (size_t)bytes / sizeof(int16_t), got = 0;
    SDL_LockMutex(s->mu);
    int gain = s->volume;
    int loud = 0;
    while (got < want && s->len > 0) {
        int v = s->ring[s->head] * gain / 100;
        if (s->cue_left)
            s->cue_left--; /* the cue is not a word */
        else
            loud |= v != 0;
        out[got++] = (int16_t)v;
        s->head = (s->head + 1) % s->cap;
        s->len--;
    }
    if (loud && !s->heard) {
        s->heard = 1;
        s->st.last_first_ms = (double)(clock_now_ns() - s->say_ns) / 1e6;
    }
    if (s->len == 0 && !s->pending && !s->synthesizing && got > 0)
        s->quiet_since_ns = clock_now_ns();
    SDL_CondBroadcast(s->cv);
    SDL_UnlockMutex(s->mu);
    memset(out + got, 0, (want - got) * sizeof(int16_t));
}

/* Into the ring, waiting for room while utterance g lasts: 0, or -1 when
 * a newer one (or the end) cut it off. */
static int push(struct speech *s, const int16_t *v, size_t n, uint64_t g)
{
    SDL_LockMutex(s->mu);
    while (n > 0) {
        if (s->gen != g || s->quit) {
            SDL_UnlockMutex(s->mu);
            return -1;
        }
        size_t room = s->cap - s->len;
        if (room == 0) {
            SDL_CondWait(s->cv, s->mu);
            continue;
        }
        size_t k = n < room ? n : room;
        for (size_t i = 0; i < k; i++)
            s->ring[(s->head + s->len + i) % s->cap] = v[i];
        s->len += k;
        v += k;
        n -= k;
    }
    SDL_UnlockMutex(s->mu);
    return 0;
}

static int synth_cb(short *wav, int n, espeak_EVENT *ev)
{
    (void)ev;
    if (!wav || n <= 0)
        return 0;
    return push(synth_s, wav, (size_t)n, synth_gen) != 0;
}

/* A cue: two notes of a marimba-like tone, then a breath. */
static void cue(struct speech *s, enum speech_cue c, uint64_t g)
{
    static const float notes[][2] = {{0, 0}, {659.25f, 880.0f}, {880.0f, 659.25f}};
    int rate = s->st.rate;
    size_t note = (size_t)rate * CUE_NOTE_MS / 1000, gap = (size_t)rate * CUE_GAP_MS / 1000;
    SDL_LockMutex(s->mu);
    if (s->gen == g)
        s->cue_left = 2 * note + gap;
    SDL_UnlockMutex(s->mu);
    int16_t buf[1024];
    for (int k = 0; k < 2; k++) {
        for (size_t i = 0; i < note;) {
            size_t m = 0;
            for (; m < 1024 && i < note; m++, i++) {
                float t = (float)i / (float)rate;
                float env = expf(-t * 25.0f) * fminf(1.0f, (float)i / ((float)rate * 0.004f));
                buf[m] = (int16_t)(9000.0f * env * sinf(6.2831853f * notes[c][k] * t));
            }
            if (push(s, buf, m, g) != 0)
                return;
        }
    }
    memset(buf, 0, sizeof buf);
    for (size_t i = 0; i < gap; i += 1024)
        if (push(s, buf, gap - i < 1024 ? gap - i : 1024, g) != 0)
            return;
}

/* Utterance g is still the one to say. */
static int live(struct speech *s, uint64_t g)
{
    SDL_LockMutex(s->mu);
    int yes = s->gen == g && !s->quit;
    SDL_UnlockMutex(s->mu);
    return yes;
}

/* Why nothing can be said ("" when it can), for speech_stats. */
static void set_why(struct speech *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_why(struct speech *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    SDL_LockMutex(s->mu);
    vsnprintf(s->st.why, sizeof s->st.why, fmt, ap);
    SDL_UnlockMutex(s->mu);
    va_end(ap);
}

static int open_output(struct speech *s)
{
    if (s->dev)
        return 0;
    if (!SDL_WasInit(SDL_INIT_AUDIO) && SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        set_why(s, "no audio output: %s", SDL_GetError());
        return -1;
    }
    const char *name = NULL;
    if (*s->device) {
        int n = SDL_GetNumAudioDevices(0);
        for (int i = 0; i < n && !name; i++) {
            const char *d = SDL_GetAudioDeviceName(i, 0);
            if (d && strstr(d, s->device))
                name = d;
        }
        if (!name)
            log_warn("speech",
                     "no audio output is called \"%s\" (%d there); speaking on the "
                     "default one",
                     s->device, n);
    }
    int rate = es_rate ? es_rate : OUT_RATE_NO_VOICE;
    SDL_AudioSpec want = {.freq = rate,
                          .format = AUDIO_S16SYS,
                          .channels = 1,
                          .samples = OUTPUT_SAMPLES,
                          .callback = output_cb,
                          .userdata = s},
                  have;
    s->dev = SDL_OpenAudioDevice(name, 0, &want, &have, 0);
    if (!s->dev) {
        set_why(s, "cannot open the audio output%s%s: %s", name ? " " : "", name ? name : "",
                SDL_GetError());
        return -1;
    }
    log_info("speech", "speaking on %s (%s, %d a second)", name ? name : "the default output",
             SDL_GetCurrentAudioDriver(), rate);
    SDL_LockMutex(s->mu);
    s->st.rate = rate;
    SDL_UnlockMutex(s->mu);
    SDL_PauseAudioDevice(s->dev, 0);
    return 0;
}

/* A recording: decoded at 48 kHz, mixed down to one channel, converted to
 * the output's rate, into the ring while utterance g lasts. */
static void play(struct speech *s, const unsigned char *data, size_t len, uint64_t g)
{
    int err = 0;
    OggOpusFile *of = op_open_memory(data, len, &err);
    if (!of) {
        log_warn("speech", "a recorded description is not Ogg Opus (error %d): not played", err);
        return;
    }
    SDL_AudioStream *cv = SDL_NewAudioStream(AUDIO_S16SYS, 1, 48000, AUDIO_S16SYS, 1, s->st.rate);
    static int16_t pcm[5760 * 2], mono[5760], out[8192];
    for (int n;
         cv && live(s, g) && (n = op_read(of, pcm, (int)(sizeof pcm / sizeof *pcm), NULL)) != 0;) {
        if (n < 0) {
            log_warn("speech",
                     "a recorded description is damaged (error %d): the rest is not played", n);
            break;
        }
        int ch = op_channel_count(of, -1);
        for (int i = 0; i < n; i++)
            mono[i] = (int16_t)(ch > 1 ? (pcm[2 * i] + pcm[2 * i + 1]) / 2 : pcm[i]);
        SDL_AudioStreamPut(cv, mono, n * (int)sizeof *mono);
        for (int got; (got = SDL_AudioStreamGet(cv, out, sizeof out)) > 0;)
            if (push(s, out, (size_t)got / sizeof *out, g) != 0)
                break;
    }
    if (cv) {
        SDL_AudioStreamFlush(cv);
        for (int got; live(s, g) && (got = SDL_AudioStreamGet(cv, out, sizeof out)) > 0;)
            if (push(s, out, (size_t)got / sizeof *out, g) != 0)
                break;
        SDL_FreeAudioStream(cv);
    }
    op_free(of);
}

static void say_now(struct speech *s, const struct utt *u, uint64_t g)
{
    load_espeak();
    if (open_output(s) == 0) {
        set_why(s, "%s", es_rate ? "" : es_why);
        if (u->cue != SPEECH_CUE_NONE)
            cue(s, u->cue, g);
        char voice[VOICE_MAX] = "";
        for (int i = 0; i < u->n && live(s, g); i++) {
            if (u->audio[i]) {
                log_info("speech", "play [%s] a recorded description (%zu bytes)", u->lang[i],
                         u->audio_len[i]);
                play(s, u->audio[i], u->audio_len[i], g);
                continue;
            }
            if (!es_rate)
                continue;
            if (set_voice(u->lang[i], voice, sizeof voice) != 0) {
                log_warn("speech", "no voice for \"%s\": a part is not said", u->lang[i]);
                continue;
            }
            if (s->cfg.rate > 0)
                es.SetParameter(espeakRATE, s->cfg.rate, 0);
            char shown[600];
            escape_text(u->text[i], 0, shown, sizeof shown);
            log_info("speech", "say [%s] %s", voice, shown);
            synth_s = s;
            synth_gen = g;
            es.Synth(u->text[i], strlen(u->text[i]) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8,
                     NULL, NULL);
        }
    }
    if (s->st.why[0] && !s->told) {
        s->told = 1;
        log_warn("speech", "the audio guide cannot speak: %s", s->st.why);
    }
}

static int speaker(void *arg)
{
    struct speech *s = arg;
    SDL_LockMutex(s->mu);
    while (!s->quit) {
        if (s->pending) {
            struct utt *u = s->pending;
            s->pending = NULL;
            uint64_t g = s->gen;
            s->synthesizing = 1;
            SDL_UnlockMutex(s->mu);
            say_now(s, u, g);
            free(u);
            SDL_LockMutex(s->mu);
            s->synthesizing = 0;
            s->quiet_since_ns = clock_now_ns();
            continue;
        }
        uint64_t now = clock_now_ns();
        if (s->dev && s->len == 0 && now - s->quiet_since_ns >= SPEECH_CLOSE_MS * 1000000ull) {
            SDL_AudioDeviceID dev = s->dev;
            s->dev = 0;
            SDL_UnlockMutex(s->mu); /* its callback takes the lock */
            SDL_CloseAudioDevice(dev);
            SDL_LockMutex(s->mu);
            continue;
        }
        SDL_CondWaitTimeout(s->cv, s->mu, s->dev ? SPEECH_CLOSE_MS : SDL_MUTEX_MAXWAIT);
    }
    SDL_UnlockMutex(s->mu);
    return 0;
}

static int bounded(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

struct speech *speech_new(const struct speech_cfg *cfg)
{
    struct speech *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (cfg)
        s->cfg = *cfg;
    snprintf(s->device, sizeof s->device, "%s", s->cfg.device ? s->cfg.device : "");
    s->cfg.device = s->device;
    s->cfg.volume_max = bounded(s->cfg.volume_max ? s->cfg.volume_max : 100, 1, 100);
    s->cfg.volume = bounded(s->cfg.volume ? s->cfg.volume : 60, 1, s->cfg.volume_max);
    s->volume = s->cfg.volume;
    s->st.last_first_ms = -1;
    s->mu = SDL_CreateMutex();
    s->cv = SDL_CreateCond();
    if (!s->mu || !s->cv) {
        speech_free(s);
        return NULL;
    }
    return s;
}

void speech_free(struct speech *s)
{
    if (!s)
        return;
    if (s->th) {
        SDL_LockMutex(s->mu);
        s->quit = 1;
        s->gen++;
        SDL_CondBroadcast(s->cv);
        SDL_UnlockMutex(s->mu);
        SDL_WaitThread(s->th, NULL);
    }
    if (s->dev)
        SDL_CloseAudioDevice(s->dev);
    free(s->pending);
    free(s->ring);
    if (s->cv)
        SDL_DestroyCond(s->cv);
    if (s->mu)
        SDL_DestroyMutex(s->mu);
    free(s);
}

/* u as one block: the strings after the struct. */
static struct utt *copy_utt(const struct speech_utterance *u)
{
    size_t bytes = 0;
    int n = u->n < 0 ? 0 : u->n > SPEECH_MAX_SEGMENTS ? SPEECH_MAX_SEGMENTS : u->n;
    for (int i = 0; i < n; i++)
        bytes += strlen(u->seg[i].lang ? u->seg[i].lang : "") + 1 +
                 strlen(u->seg[i].text ? u->seg[i].text : "") + 1 +
                 (u->seg[i].audio ? u->seg[i].audio_len : 0);
    struct utt *c = malloc(sizeof *c + bytes);
    if (!c)
        return NULL;
    c->cue = u->cue;
    c->n = n;
    char *p = c->bytes;
    for (int i = 0; i < n; i++) {
        const char *l = u->seg[i].lang ? u->seg[i].lang : "";
        const char *t = u->seg[i].text ? u->seg[i].text : "";
        size_t ll = strlen(l) + 1, tl = strlen(t) + 1;
        c->lang[i] = memcpy(p, l, ll);
        p += ll;
        c->text[i] = memcpy(p, t, tl);
        p += tl;
        c->audio[i] = NULL;
        c->audio_len[i] = 0;
        if (u->seg[i].audio && u->seg[i].audio_len) {
            c->audio[i] = memcpy(p, u->seg[i].audio, u->seg[i].audio_len);
            c->audio_len[i] = u->seg[i].audio_len;
            p += u->seg[i].audio_len;
        }
    }
    return c;
}

/* Under the lock: cut off what is being said and what waits. */
static void cut(struct speech *s)
{
    if (s->synthesizing || s->len > 0 || s->pending)
        s->st.stopped++;
    s->gen++;
    free(s->pending);
    s->pending = NULL;
    s->len = 0;
    s->heard = 0;
    s->cue_left = 0;
    SDL_CondBroadcast(s->cv);
}

void speech_say(struct speech *s, const struct speech_utterance *u)
{
    if (!s || !u)
        return;
    struct utt *c = copy_utt(u);
    SDL_LockMutex(s->mu);
    cut(s);
    if (!s->ring) {
        s->cap = (size_t)RING_S * 48000;
        s->ring = malloc(s->cap * sizeof *s->ring);
    }
    if (c && s->ring) {
        s->pending = c;
        c = NULL;
        s->say_ns = clock_now_ns();
        s->st.said++;
    }
    if (!s->th && s->ring) {
        s->th = SDL_CreateThread(speaker, "vitrine-speech", s);
        if (!s->th)
            log_warn("speech", "cannot start the speech thread: %s", SDL_GetError());
    }
    SDL_UnlockMutex(s->mu);
    free(c);
}

void speech_stop(struct speech *s)
{
    if (!s)
        return;
    SDL_LockMutex(s->mu);
    cut(s);
    SDL_UnlockMutex(s->mu);
}

int speech_volume(struct speech *s, int delta)
{
    if (!s)
        return 0;
    SDL_LockMutex(s->mu);
    if (delta == 0)
        s->volume = s->cfg.volume;
    else
        s->volume =
            bounded(s->volume + delta * SPEECH_VOLUME_STEP,
                    SPEECH_VOLUME_STEP < s->cfg.volume_max ? SPEECH_VOLUME_STEP : s->cfg.volume_max,
                    s->cfg.volume_max);
    int v = s->volume;
    SDL_UnlockMutex(s->mu);
    return v;
}

int speech_busy(struct speech *s)
{
    if (!s)
        return 0;
    SDL_LockMutex(s->mu);
    int busy = s->pending || s->synthesizing || s->len > 0;
    SDL_UnlockMutex(s->mu);
    return busy;
}

void speech_stats(struct speech *s, struct speech_stats *out)
{
    memset(out, 0, sizeof *out);
    out->last_first_ms = -1;
    if (!s)
        return;
    SDL_LockMutex(s->mu);
    *out = s->st;
    out->volume = s->volume;
    SDL_UnlockMutex(s->mu);
}
