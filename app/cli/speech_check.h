/* speech_check.h - what the audio guide would say of an exhibit, for
 * `bundle verify`: whether eSpeak NG has a voice for each language its
 * parts are said in, and which things a visitor sees on a panel that no
 * spoken part says (spoken_panel_silent_roles, what test_spoken asserts).
 * A report: nothing here refuses a bundle. */
#ifndef VITRINE_SPEECH_CHECK_H
#define VITRINE_SPEECH_CHECK_H

#include <stdio.h>

struct store;

struct speech_check {
    int parts;    /* spoken parts, every panel in every language of the exhibit */
    int panels;   /* the exhibit's panels */
    int silent;   /* roles shown and not said, a panel and language each */
    int no_voice; /* languages with parts and no eSpeak NG voice */
};

/* Lay out every panel of s in every language of the exhibit on a w x h
 * screen (mode_layout_screen) and write to f, each line starting
 * "speech: ":
 *   LANG: voice VOICE                          (or: no eSpeak NG voice; its parts
 *                                               would be silent)
 *   PANEL (LANG): silent: ROLE, ROLE           (at most SPEECH_CHECK_LINES of them)
 *   N parts in M panels spoken; S silent; V languages without a voice
 * The languages are the exhibit's and every other one a part is said in
 * (a quote's original words, a title's greeting). Strings from the bundle
 * are escaped for the terminal. Loads eSpeak NG into this process
 * (speech_voice_for). Fills *out; 0, or -1 with why when it could not be
 * done (no font to lay out with, the store unreadable). */
#define SPEECH_CHECK_LINES 40
int speech_check_store(struct store *s, int w, int h, FILE *f, struct speech_check *out, char *why,
                       size_t why_len);

#endif
