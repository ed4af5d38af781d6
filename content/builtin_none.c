/* builtin_none.c - the stage-1 binary, which compiles the bundled exhibit, carries none. */
#include "builtin.h"

const unsigned char builtin_exhibit[] = {0};
const size_t builtin_exhibit_size = 0;
