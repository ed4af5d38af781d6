/* builtin.h - the bundled exhibit, compiled into the binary as the content
 * the kiosk falls back to when no other store opens. Read-only. */
#ifndef VITRINE_BUILTIN_H
#define VITRINE_BUILTIN_H

#include <stddef.h>

extern const unsigned char builtin_exhibit[];
extern const size_t builtin_exhibit_size; /* 0 in the stage-1 build */

#endif
