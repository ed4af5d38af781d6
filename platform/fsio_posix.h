/* fsio_posix.h - the real file operations of app/base/fsio.h. */
#ifndef VITRINE_FSIO_POSIX_H
#define VITRINE_FSIO_POSIX_H

#include "fsio.h"

/* The POSIX calls, retried on EINTR (read and write also on short counts
 * are the caller's concern). A static table: no state. */
const struct fsio *fsio_posix(void);

#endif
