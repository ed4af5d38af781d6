/* run_speech.c - the audio guide's voice: the kiosk's words to eSpeak NG. */
#include "run_speech.h"

#include <string.h>

#include "kiosk.h"
#include "log.h"
#include "speech.h"

int run_speech_start(struct run_speech *rs, const struct run_env *env)
{
    memset(rs, 0, sizeof *rs);
    rs->env = env;
    const struct options *o = env->o;
    if (!o->speech || strcmp(o->speech, "on") != 0)
        return 0;
    struct speech_cfg cfg = {.device = o->speech_device,
                             .volume = (int)o->speech_volume,
                             .volume_max = (int)o->speech_volume_max,
                             .rate = (int)o->speech_rate};
    rs->s = speech_new(&cfg);
    if (!rs->s) {
        log_warn("speech", "out of memory: the audio guide is off");
        return -1;
    }
    return 0;
}

void run_speech_step(struct run_speech *rs)
{
    struct kiosk_speech ks;
    if (!rs->env || !rs->env->k || !kiosk_speech_take(rs->env->k, &ks))
        return;
    if (!rs->s)
        return; /* speech off: the kiosk's guide never starts */
    if (ks.volume_reset)
        speech_volume(rs->s, 0);
    if (ks.volume) {
        int v = speech_volume(rs->s, ks.volume);
        log_info("speech", "volume %d", v);
    }
    if (ks.stop) {
        speech_stop(rs->s);
    } else if (ks.say) {
        struct speech_utterance u = {.cue = ks.cue == KIOSK_CUE_START      ? SPEECH_CUE_START
                                            : ks.cue == KIOSK_CUE_QUESTION ? SPEECH_CUE_QUESTION
                                                                           : SPEECH_CUE_NONE,
                                     .n = ks.n};
        for (int i = 0; i < ks.n && i < SPEECH_MAX_SEGMENTS; i++) {
            u.seg[i].lang = ks.lang[i];
            u.seg[i].text = ks.text[i];
            u.seg[i].audio = ks.audio_len[i] ? ks.audio[i] : NULL;
            u.seg[i].audio_len = ks.audio_len[i];
        }
        speech_say(rs->s, &u);
        rs->said++;
    }
}

void run_speech_stop(struct run_speech *rs)
{
    speech_free(rs->s);
    rs->s = NULL;
}
