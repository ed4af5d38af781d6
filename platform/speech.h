/* speech.h - spoken words for the audio guide: eSpeak NG's voices through
 * an SDL audio output.
 *
 * Nothing is loaded until the first speech_say: then a thread of its own
 * loads libespeak-ng (dlopen: a kiosk that never speaks maps none of it),
 * opens the output the settings name, and from then on synthesises each
 * utterance in small pieces into a ring that SDL's audio callback drains.
 * The caller's thread never waits on synthesis or on the output: a new
 * utterance (or speech_stop) ends the one being said at once, the ring
 * emptied and eSpeak's synthesis aborted at its next piece.
 *
 * The output closes when nothing has been said for SPEECH_CLOSE_MS, so a
 * kiosk whose guide has ended runs no audio thread. */
#ifndef VITRINE_SPEECH_H
#define VITRINE_SPEECH_H

#include <stddef.h>
#include <stdint.h>

#define SPEECH_MAX_SEGMENTS 64
#define SPEECH_CLOSE_MS 3000u
#define SPEECH_VOLUME_STEP 10

struct speech;

struct speech_cfg {
    const char *device; /* the SDL output's name, or a part of it; NULL or "": the default */
    int volume;         /* 1..100: where each visitor starts */
    int volume_max;     /* 1..100: the most a visitor can turn it up */
    int rate;           /* words a minute; 0: eSpeak NG's own (175) */
};

/* A short sound before the words: the guide starts (two notes rising), a
 * question that times out ("still there?", two notes falling). */
enum speech_cue { SPEECH_CUE_NONE, SPEECH_CUE_START, SPEECH_CUE_QUESTION };

/* One utterance: up to SPEECH_MAX_SEGMENTS pieces of text, each in its
 * language (BCP 47: "en", "fr-CA", "zh-Hant"), said one after another. A
 * piece with `audio` is a recording instead (an Ogg Opus file's bytes,
 * copied): played through libopusfile (linked: the build decodes them too);
 * a recording that will not decode is skipped (logged). */
struct speech_utterance {
    enum speech_cue cue;
    int n;
    struct {
        const char *lang;
        const char *text;
        const void *audio;
        size_t audio_len;
    } seg[SPEECH_MAX_SEGMENTS];
};

/* Figures for the benchmark and the log. */
struct speech_stats {
    long said;            /* utterances begun */
    long stopped;         /* utterances cut short by the next or by speech_stop */
    double last_first_ms; /* the last utterance: speech_say to the first sound of its
                           * words (after its cue) handed to the output, ms (< 0: none
                           * yet) */
    int volume;
    int rate;      /* the output's samples a second (0: not open yet) */
    char why[200]; /* "" or why nothing can be said (no eSpeak NG, no output) */
};

/* cfg copied. Never fails for want of eSpeak NG or an output: those are
 * found at the first speech_say (and their absence logged once). NULL only
 * when out of memory. */
struct speech *speech_new(const struct speech_cfg *cfg);
/* Stops the thread and closes the output. NULL is ignored. */
void speech_free(struct speech *s);

/* Say u (copied) from now, cutting off whatever is being said. */
void speech_say(struct speech *s, const struct speech_utterance *u);
/* Silence at once. */
void speech_stop(struct speech *s);
/* Turn the volume by delta steps of SPEECH_VOLUME_STEP (bounded by
 * volume_max, at least SPEECH_VOLUME_STEP); 0 puts it back where every
 * visitor starts. The new volume, 1..100. */
int speech_volume(struct speech *s, int delta);
/* 1 while words are being said or wait to be heard. */
int speech_busy(struct speech *s);
void speech_stats(struct speech *s, struct speech_stats *out);

/* The eSpeak NG voice that speaks lang, in voice (its name as
 * `espeak-ng -v` takes it): 0, or -1 when eSpeak NG has none (why says
 * so, or that eSpeak NG itself is missing). Loads eSpeak NG into this
 * process; for the build's and verify's checks, never on the kiosk's
 * thread. */
int speech_voice_for(const char *lang, char *voice, size_t n, char *why, size_t why_len);

#endif
