/* run_speech.h - the audio guide's voice, a run loop service
 * (run_service.h): what the kiosk asks to say (kiosk_speech_take) handed
 * to eSpeak NG's thread (platform/speech.h), once a pass right after the
 * kiosk's update. With speech off there is nothing: no thread, no library,
 * no audio output. */
#ifndef VITRINE_RUN_SPEECH_H
#define VITRINE_RUN_SPEECH_H

#include "run_service.h"

struct speech;

struct run_speech {
    const struct run_env *env;
    struct speech *s; /* NULL: speech off */
    long said;
};

/* Speech on (o->speech): the voice is made ready to load at the first
 * word (nothing is loaded or opened before). 0, or -1 when out of memory
 * (logged; the kiosk goes on silent). */
int run_speech_start(struct run_speech *rs, const struct run_env *env);
/* What the kiosk asked for since the last pass, said (never waits). */
void run_speech_step(struct run_speech *rs);
void run_speech_stop(struct run_speech *rs);

#endif
