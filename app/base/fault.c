/* fault.c - see fault.h: the shipped binary's fault points do nothing. This
 * file holds nothing else, so that a test program linking its own
 * fault_point takes none of it from the library. */
#include "fault.h"

void fault_point(const char *where, const char *version)
{
    (void)where;
    (void)version;
}
