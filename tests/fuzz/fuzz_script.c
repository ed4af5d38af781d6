/* fuzz_script.c - libFuzzer harness for the touch-script parser.
 *
 * The input is a script's text. A script that parses is checked for the
 * parser's promises: records sorted by time, coordinates in 0..1, shot
 * names of safe characters. A crash, a sanitizer report, a leak or a broken
 * promise is a bug. Built with replay_main.c it replays the seed corpus. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/visitor/script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct script s;
    char why[256];
    if (script_parse((const char *)data, size, "fuzz.txt", &s, why, sizeof(why)) != 0)
        return 0;
    for (size_t i = 0; i < s.n; i++) {
        const struct script_rec *r = &s.recs[i];
        if (i > 0 && r->t_ms < s.recs[i - 1].t_ms)
            abort();
        if (r->kind == SCRIPT_SHOT) {
            if (!r->shot || !r->shot[0] || strchr(r->shot, '/') || r->shot[0] == '.')
                abort();
        } else if (r->ev.kind == INPUT_TOUCH &&
                   (!(r->ev.x >= 0 && r->ev.x <= 1) || !(r->ev.y >= 0 && r->ev.y <= 1))) {
            abort();
        }
    }
    script_free(&s);
    return 0;
}
