/* kiosk_check.h - the kiosk itself, run through everything it draws with an
 * exhibit's own strings, before a visitor or a member of staff sees it.
 *
 * content_check.h lays out the panels. The kiosk also sets the exhibit's
 * strings in places of its own: the "Loaded: TITLE, version V" card, the
 * staff screen (title, version, signer), the language button (every
 * language's name), the controls, the chapter index (every page), the
 * "still there?" card, in every language. A string that crashes the text
 * path there takes the kiosk down at the first touch, where the panel
 * check never looked. So the import, `bundle verify` and `bundle inspect`
 * drive the real kiosk (kiosk.c) with simulated time on a headless
 * display at the kiosk's size, with real fonts and rasterising: the loop,
 * a touch, each language, the larger text, each page of the index, the
 * countdown, the result cards and the staff screen in each language.
 *
 * The drill runs in a child process (fork), so that a crash in it, which
 * is exactly what it looks for, refuses the bundle with a reason that names
 * the step ("the language button in fr") instead of taking down the
 * command that asked. Not for a process with threads of its own running. */
#ifndef VITRINE_KIOSK_CHECK_H
#define VITRINE_KIOSK_CHECK_H

#include <stddef.h>

struct import_result;

/* Drill the kiosk on the store file at path (opened again, read-only) at
 * w x h, with r's title, version, signer and panel count where the run
 * loop shows an import's. 0 when every step drew; -1 with why naming the step and what
 * happened (a crash's signal, a failure's reason). Takes about a second
 * for a few dozen panels in two languages. */
int kiosk_check(const char *path, int w, int h, const struct import_result *r, char *why,
                size_t why_len);

#endif
