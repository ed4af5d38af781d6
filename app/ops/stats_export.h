/* stats_export.h - visitor statistics onto a stick, from the staff screen:
 * the CSV of `vitrine stats export` (stats.h: every event kept, RFC 4180,
 * a header row), written into a folder as
 * vitrine-stats-HOST-YYYYMMDD-HHMM.csv, so that the files of several kiosks
 * and days can sit side by side on one stick.
 *
 * The file appears whole or not at all: it is written under a hidden
 * temporary name (.NAME.part), synced, renamed to NAME, and the folder is
 * synced, so once stats_export_to_dir returns 0 the file is on the stick
 * and staff may pull it out. On any failure no file of this export is left
 * (the temporary one is removed; so is NAME when the folder's sync fails).
 *
 * THREADS: any one thread at a time; the kiosk runs it on a job's worker
 * thread. It opens STATE/stats.sqlite read-only with a connection of its
 * own (WAL: the kiosk's writer goes on meanwhile). */
#ifndef VITRINE_STATS_EXPORT_H
#define VITRINE_STATS_EXPORT_H

#include <stddef.h>

#include "fsio.h"
#include "walltime.h"

#define STATS_EXPORT_NAME_MAX 128
#define STATS_EXPORT_HOST_MAX 48 /* characters of the host name kept in the file name */

/* The file name for this kiosk at local time now, e.g.
 * "vitrine-stats-hall-2-20240612-1730.csv". host: the machine's name; any
 * character but a letter, a digit, '-' or '_' becomes '-', and it is cut
 * to STATS_EXPORT_HOST_MAX; NULL or empty: "kiosk". */
void stats_export_name(const char *host, const struct walltime *now, char *out, size_t out_len);

/* Write every event of state_dir's statistics into dir/name through io.
 * 0 with *rows (data rows, the header not counted); -1 with one sentence
 * for staff in why (no statistics yet, a damaged database, a read-only or
 * full stick, a stick pulled out), and no file left behind. */
int stats_export_to_dir(const char *state_dir, const char *dir, const char *name,
                        const struct fsio *io, long *rows, char *why, size_t why_len);

#endif
