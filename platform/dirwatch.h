/* dirwatch.h - watching a folder and all its subfolders for saved files
 * (the live preview rebuilds on every save).
 *
 * Directories are watched, not files: editors save by writing a new file
 * and renaming it over the old one, which a watch on the old file would
 * lose. Events counted: a file closed after writing, moved in, created or
 * deleted (IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE, and
 * IN_MOVED_FROM so that renaming a panel away counts too); a subfolder
 * created or moved in is watched from then on. Names starting with '.' or
 * ending in '~' (editor swap files and backups, which the builder does not
 * read) are ignored.
 *
 * THREADS: dirwatch_wait blocks and is meant for one worker thread (a job,
 * app/base/job.h); dirwatch_interrupt may be called from any thread to end that
 * wait at once; open and close belong to the owner, close only once no
 * thread waits any more. */
#ifndef VITRINE_DIRWATCH_H
#define VITRINE_DIRWATCH_H

#include <stddef.h>

struct dirwatch;

/* Watch root and every folder below it (at most a few thousand). NULL with
 * why when root is no folder or the system refuses a watch. */
struct dirwatch *dirwatch_open(const char *root, char *why, size_t why_len);
/* Stop watching and free. NULL is fine. */
void dirwatch_close(struct dirwatch *w);

/* Block until something changes below the root or dirwatch_interrupt is
 * called. Returns the number of events counted (> 0), 0 when interrupted,
 * or -1 on a read error. Events of one save arrive together or in quick
 * succession: the caller debounces (app/visitor/preview.h). When the kernel's
 * queue overflowed, returns 1 as for any other change. */
int dirwatch_wait(struct dirwatch *w);

/* End the current (or the next) dirwatch_wait with 0. Any thread. */
void dirwatch_interrupt(struct dirwatch *w);

#endif
