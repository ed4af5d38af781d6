/* bootcount.h - counting the kiosk's abnormal exits per generation, so that
 * an imported exhibit that keeps crashing the kiosk is rolled back by
 * itself (as RAUC's boot counting does for an operating system's slots).
 *
 * A crash writes nothing, so an attempt is counted at the next start: the
 * kiosk writes STATE/boot-count before it draws anything ("running"), and
 * clears it at every clean exit (SIGTERM from systemd, staff's Exit, the
 * end of --frames, the renderer lost). A start that finds "running" still
 * set counts one abnormal exit (a signal, an abort, a watchdog kill, a
 * power cut). After BOOT_CRASHES abnormal exits within BOOT_WINDOW_MS of
 * running, the generation is rolled back. While the attempt runs, its
 * running time is added to the file every BOOT_CHECKPOINT_MS; once the
 * generation has run BOOT_WINDOW_MS in all, it has proved itself: the count
 * is cleared and nothing is written until the next start (so a power cut
 * after ten good minutes never counts).
 *
 * The file, replaced by rename (generations.h, gen_write_file):
 *   vitrine-boot 2
 *   generation g000007
 *   crashes 2           abnormal exits counted in this window
 *   running 1           an attempt started and not yet closed
 *   first 1712345678    wall seconds when this window began
 *   ran_ms 95000        running time in this window
 *   attempt 1712345901  wall seconds when the attempt on record started
 *   attempt_ms 60000    its running time as last written
 *   crashed_s 1 70      the running time of each abnormal exit counted
 * (version 1, without the last three lines, is still read.)
 *
 * A crash a second after the first frame must not read "in its first
 * 0 min 00 s" (the checkpoints come once a minute, and a durable write
 * every second would wear a kiosk's SD card). So every BOOT_ALIVE_MS the
 * running attempt also writes STATE/boot-alive, in place, without fsync:
 *   vitrine-alive 1
 *   generation g000007
 *   attempt 1712345901
 *   ran_ms 71000
 * A crashed process's writes are in the page cache and read at the next
 * start; after a power cut it may be stale or gone, and then the last
 * checkpoint's figure stands. It counts only when its generation and
 * attempt are those of boot-count.
 *
 * The functions on struct boot_count are pure (time is an argument);
 * boot_read and boot_write touch the file. Errors are values. One thread
 * (the run loop's). */
#ifndef VITRINE_BOOTCOUNT_H
#define VITRINE_BOOTCOUNT_H

#include <stddef.h>
#include <stdint.h>

#include "fsio.h"
#include "generations.h"

#define BOOT_FILE "boot-count"
#define BOOT_CRASHES 3                     /* abnormal exits that roll a generation back */
#define BOOT_WINDOW_MS (10u * 60u * 1000u) /* ... within this much running */
#define BOOT_CHECKPOINT_MS 60000u          /* running time written this often until then */
#define BOOT_ALIVE_FILE "boot-alive"
#define BOOT_ALIVE_MS 1000u /* ... and, without fsync, this often (to the second) */

struct boot_count {
    char generation[GEN_NAME_MAX]; /* "" none: built in or --content (nothing counted) */
    int crashes;
    int running;
    int64_t first_unix;
    uint64_t ran_ms;
    int64_t attempt_unix;             /* when the attempt on record started */
    uint64_t attempt_ms;              /* its running time as recorded */
    uint32_t crashed_s[BOOT_CRASHES]; /* each counted abnormal exit's running time */
};

/* Read STATE/boot-count into b. No file: b zeroed, 0. A file that does not
 * parse: b zeroed, -1 with why (the count starts again). */
int boot_read(const char *state_dir, struct boot_count *b, char *why, size_t why_len);

/* What STATE/boot-alive says of b's attempt, added to b (boot_alive);
 * nothing when there is no such file or it is of another attempt. */
void boot_read_alive(const char *state_dir, struct boot_count *b);

/* The running attempt has run attempt_ms (since it started): written to
 * STATE/boot-alive in place, without fsync. 0, or -1 (the checkpoints
 * still count). */
int boot_write_alive(const struct fsio *io, const char *state_dir, const struct boot_count *b,
                     uint64_t attempt_ms);

/* The attempt of gen that started at attempt_unix is known to have run
 * attempt_ms: b's figures grow to it (never shrink). */
void boot_alive(struct boot_count *b, const char *gen, int64_t attempt_unix, uint64_t attempt_ms);

/* "1 s, 1 min 10 s and 9 min 02 s": the running time of each abnormal exit
 * b counts, in order. */
void boot_crash_times(const struct boot_count *b, char *out, size_t out_len);

/* Write b durably. 0, or -1 with why. */
int boot_write(const struct fsio *io, const char *state_dir, const struct boot_count *b, char *why,
               size_t why_len);

/* A start of generation gen at now_unix. The last attempt of the same
 * generation still marked running counts as an abnormal exit (a new window
 * when the last one had BOOT_WINDOW_MS of running). 1: gen has had
 * BOOT_CRASHES abnormal exits within the window and must be rolled back (b
 * says how many and how long; running is 0); 0: b is the new attempt,
 * running, to be written before the first frame. Another gen than b's
 * starts a new count. */
int boot_start(struct boot_count *b, const char *gen, int64_t now_unix);

/* The attempt ran ms more. 1 when the generation has now run
 * BOOT_WINDOW_MS in the window: the count is cleared (not running) and b
 * is to be written once more; else 0. Nothing while not running. */
int boot_ran(struct boot_count *b, uint64_t ms);

/* A clean exit: nothing counted, not running (the generation stays). */
void boot_clean(struct boot_count *b);

#endif
