/* cmd_soak.c - `vitrine soak`: the kiosk's own run loop (cmd_run.c) for
 * days of simulated time, in minutes.
 *
 * The clock is simulated (platform/clock.h): where the loop would sleep,
 * the soak moves the clock on to the loop's next deadline or to its own
 * next event, whichever comes first. Everything else is real: the
 * offscreen display and its renderer, the settings file and its opening
 * hours, visitor statistics, the health file, the inbox watcher and the
 * import child process. Each simulated day brings random visitor sessions
 * (taps and swipes queued as SDL touch events), a content swap in each
 * direction (at 10:00 the --import bundle is dropped into the inbox as a
 * sync tool would; at 15:00 staff roll back; at 11:00, with --staff-pin,
 * staff hold the corner, type the PIN on the keypad and export the
 * statistics to the stick under --watch), two renderer resets (the
 * device lost at 12:00, open, and at 23:00, closed) and whatever the
 * opening hours say. While an import or roll back runs, time
 * passes for real, so that the job is not outrun.
 *
 * At every closing and every midnight it prints the process's resident
 * memory, open file descriptors and live textures; at the end it says
 * whether they stayed flat after the first checkpoint (the warm-up) and
 * exits 1 when not, or when a swap did not happen. Heap in use (glibc's
 * mallinfo2, with every thread in the one arena it counts) is the finer
 * measure: resident memory also holds what the allocator keeps. Leaks are for
 * LeakSanitizer: run it in a sanitizer build (tests/bench/soak.sh). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "cmd_run.h"
#include "display.h"
#include "events.h"
#include "input.h"
#include "log.h"
#include "mode.h"
#include "staff.h"

#define SOAK_DAY_MS (24u * 3600u * 1000u)
#define SOAK_IMPORT_AT_MS (10u * 3600u * 1000u)
#define SOAK_RESET_AT_MS (12u * 3600u * 1000u)       /* open */
#define SOAK_NIGHT_RESET_AT_MS (23u * 3600u * 1000u) /* closed, with any usual hours */
#define SOAK_ROLLBACK_AT_MS (15u * 3600u * 1000u)
#define SOAK_STAFF_AT_MS                                                                           \
    (11u * 3600u * 1000u)      /* staff export the statistics, before                              \
                                   the warm-up checkpoint (see verdict) */
#define SOAK_FRAME_MS 100u     /* 10 frames a second while something moves */
#define SOAK_REAL_SLICE_MS 20u /* a job runs: let this much real time pass */
#define SOAK_JOB_LIMIT_S 300   /* real seconds an import may take before the soak gives up */
#define SOAK_TOUCHES 160
#define SOAK_CHECKS (3 * 366 + 8)      /* two closings and midnight a day */
#define SOAK_RSS_SLACK_KB (8L * 1024L) /* allocator noise allowed after the warm-up */
#define SOAK_HEAP_SLACK_KB 512L        /* heap in use: caches settling */

#if defined(__SANITIZE_ADDRESS__)
#define SOAK_ASAN 1 /* freed memory sits in the quarantine: resident size says nothing */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOAK_ASAN 1
#endif
#endif
#ifndef SOAK_ASAN
#define SOAK_ASAN 0
#endif

struct touch {
    uint64_t at;
    int phase; /* enum input_phase */
    float x, y;
    int first; /* a visitor's first touch */
};

struct check {
    int day;
    char what[24]; /* "closing 12:30" or "midnight" */
    long rss_kb, heap_kb, fds, textures;
};

enum staff_step { STAFF_IDLE, STAFF_HOLDING, STAFF_TYPING, STAFF_EXPORTING };

struct soak {
    const struct options *o;
    char due[24]; /* a closing's checkpoint, taken once no job is running */
    uint64_t rng;
    uint64_t t0;    /* simulated ms at the start: local midnight */
    int64_t t0_utc; /* ... as wall seconds */
    int days;
    /* today's events, in simulated ms */
    int day;
    int did_import, did_reset, did_night_reset, did_rollback, did_staff;
    enum staff_step staff;
    uint64_t staff_at; /* when to look at the screen again (the touches played) */
    long exports_seen, exports_ok, staff_misses;
    long resets_handled; /* what the loop says it recovered from */
    /* an import or roll back is under way: real time passes */
    int awaiting;
    long awaited_from;     /* probe.imports when it began */
    uint64_t await_since;  /* clock_real_ns then */
    char dropped[2][1024]; /* the bundle and its signature in the inbox */
    /* the visitor now at the screen */
    struct touch q[SOAK_TOUCHES];
    int qn, qi;
    uint64_t next_session;
    int was_closed;
    long frames_at_day;
    /* what happened */
    long sessions, touches, imports_ok, import_misses, rollbacks, resets, closings, openings;
    long closings_today, openings_today, sessions_today;
    struct check checks[SOAK_CHECKS];
    int n_checks;
    int failed;
    char last_version[64];
};

/* xorshift64*: the same visitors for the same --seed. */
static uint64_t rnd(struct soak *s)
{
    s->rng ^= s->rng >> 12;
    s->rng ^= s->rng << 25;
    s->rng ^= s->rng >> 27;
    return s->rng * 2685821657736338717ull;
}

static double rnd01(struct soak *s)
{
    return (double)(rnd(s) >> 11) / 9007199254740992.0;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, res = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &res) != 2)
            res = 0;
        fclose(f);
    }
    return res * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Bytes malloc has handed out and not had back (glibc; 0 elsewhere). */
static long heap_kb(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 mi = mallinfo2();
    return (long)((mi.uordblks + mi.hblkhd) / 1024);
#else
    return 0;
#endif
}

static long open_fds(void)
{
    DIR *dir = opendir("/proc/self/fd");
    long n = 0;
    if (!dir)
        return -1;
    for (struct dirent *e; (e = readdir(dir));)
        n += e->d_name[0] != '.';
    closedir(dir);
    return n - 1; /* the one opendir holds */
}

static void checkpoint(struct soak *s, const char *what)
{
    if (s->n_checks >= SOAK_CHECKS)
        return;
    struct check *c = &s->checks[s->n_checks++];
    c->day = s->day + 1;
    snprintf(c->what, sizeof(c->what), "%s", what);
    c->rss_kb = rss_kb();
    c->heap_kb = heap_kb();
    c->fds = open_fds();
    c->textures = display_live_textures();
    printf("soak: day %d %-14s rss %6.1f MB  heap %6.1f MB  fds %3ld  textures %4ld\n", c->day,
           c->what, (double)c->rss_kb / 1024.0, (double)c->heap_kb / 1024.0, c->fds, c->textures);
    fflush(stdout);
}

static void queue(struct soak *s, uint64_t at, int phase, float x, float y)
{
    if (s->qn < SOAK_TOUCHES)
        s->q[s->qn++] = (struct touch){at, phase, x, y, 0};
}

/* A tap: down and up 80 ms apart. */
static uint64_t tap(struct soak *s, uint64_t at, float x, float y)
{
    queue(s, at, INPUT_DOWN, x, y);
    queue(s, at + 80, INPUT_UP, x, y);
    return at + 80;
}

/* A swipe across the middle third, 6 moves over 180 ms; dir -1: to the left. */
static uint64_t swipe(struct soak *s, uint64_t at, int dir, float y)
{
    float from = dir < 0 ? 0.8f : 0.2f, to = dir < 0 ? 0.2f : 0.8f;
    queue(s, at, INPUT_DOWN, from, y);
    for (int i = 1; i <= 6; i++)
        queue(s, at + 30u * (unsigned)i, INPUT_MOVE, from + (to - from) * (float)i / 6.0f, y);
    queue(s, at + 190, INPUT_UP, to, y);
    return at + 190;
}

/* A visitor: a tap wakes the loop, then 2 to 12 swipes and taps a few
 * seconds apart (a tap may land on any control), then they walk away and
 * the idle timeout brings the loop back. */
static void visitor(struct soak *s, uint64_t now)
{
    struct walltime w;
    clock_wall(&w);
    log_debug("soak", "visitor %ld comes at %lld", s->sessions + 1, (long long)w.utc_s);
    s->qn = s->qi = 0;
    uint64_t t = tap(s, now, 0.3f + 0.4f * (float)rnd01(s), 0.3f + 0.4f * (float)rnd01(s));
    s->q[0].first = 1;
    int acts = 2 + (int)(rnd(s) % 11);
    for (int i = 0; i < acts; i++) {
        t += 2000 + rnd(s) % 18000;
        double p = rnd01(s);
        float y = 0.3f + 0.4f * (float)rnd01(s);
        if (p < 0.65)
            t = swipe(s, t, -1, y);
        else if (p < 0.85)
            t = swipe(s, t, 1, y);
        else
            t = tap(s, t, 0.05f + 0.9f * (float)rnd01(s), 0.1f + 0.85f * (float)rnd01(s));
    }
    s->sessions++;
    s->sessions_today++;
    /* the next visitor: 2 to 40 minutes after this one has gone */
    s->next_session = t + 70000 + 120000 + rnd(s) % (38u * 60000u);
}

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n;
    int rc = in && out ? 0 : -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof(buf), in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = -1;
    if (in && ferror(in))
        rc = -1;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        rc = -1;
    return rc;
}

/* Drop the bundle and its signature into INBOX/vitrine/ as rsync does: a
 * temporary name, then a rename. */
static int drop(struct soak *s)
{
    char dir[512], tmp[1024];
    snprintf(dir, sizeof(dir), "%.400s/vitrine", s->o->inbox);
    mkdir(dir, 0755);
    const char *base = strrchr(s->o->import, '/');
    base = base ? base + 1 : s->o->import;
    for (int i = 0; i < 2; i++) {
        char from[1024];
        snprintf(from, sizeof(from), "%s%s", s->o->import, i ? ".minisig" : "");
        snprintf(s->dropped[i], sizeof(s->dropped[i]), "%.500s/%.200s%s", dir, base,
                 i ? ".minisig" : "");
        snprintf(tmp, sizeof(tmp), "%.500s/.%.200s%s.part", dir, base, i ? ".minisig" : "");
        if (copy_file(from, tmp) != 0 || rename(tmp, s->dropped[i]) != 0) {
            fprintf(stderr, "soak: cannot put %s in the inbox: %s\n", from, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* A tap at the centre of the staff control doing act (arg: a digit); 0,
 * or -1 when it is not on screen. */
static int staff_tap(struct soak *s, const struct run_probe *p, uint64_t at, enum action act,
                     int arg)
{
    for (int i = 0; i < p->n_staff; i++) {
        const struct control *c = &p->staff[i];
        if (c->act == act && (act != ACT_STAFF_DIGIT || c->arg == arg)) {
            tap(s, at, c->x + c->w / 2, c->y + c->h / 2); /* controls are in screen fractions */
            return 0;
        }
    }
    return -1;
}

/* Staff at the kiosk, one step each time the touches queued so far are
 * played: the corner held, the PIN typed, the export pressed, its end
 * read on the staff screen, which they then close. */
static void staff_turn(struct soak *s, const struct run_probe *p, uint64_t now)
{
    if (s->staff == STAFF_IDLE || s->qi < s->qn || now < s->staff_at)
        return;
    s->qn = s->qi = 0;
    int ok = 1;
    if (s->staff == STAFF_HOLDING && p->staff_open) {
        uint64_t t = now + 300;
        for (const char *d = s->o->staff_pin; ok && *d; d++, t += 400)
            ok = staff_tap(s, p, t, ACT_STAFF_DIGIT, *d - '0') == 0;
        ok = ok && staff_tap(s, p, t, ACT_STAFF_OK, 0) == 0;
        s->staff = STAFF_TYPING;
        s->staff_at = t + 600;
    } else if (s->staff == STAFF_TYPING && p->staff_open) {
        ok = staff_tap(s, p, now + 1500, ACT_STAFF_EXPORT, 0) == 0;
        s->staff = STAFF_EXPORTING;
        s->staff_at = now + 2100;
    } else if (s->staff == STAFF_EXPORTING && p->exports > s->exports_seen) {
        s->exports_ok += p->exports_ok > s->exports_ok;
        s->exports_seen = p->exports;
        s->staff = STAFF_IDLE;
        /* the screen stays open to show the export's result: staff close it */
        if (p->staff_open)
            ok = staff_tap(s, p, now + 1500, ACT_STAFF_CLOSE, 0) == 0;
        /* the next visitor comes once the staff's session is over */
        uint64_t over = now + (uint64_t)s->o->idle_s * 1000u + MODE_COUNTDOWN_MS + 10000u;
        if (s->next_session < over)
            s->next_session = over;
    } else if (s->staff != STAFF_EXPORTING || now > s->staff_at + 600000) {
        ok = 0; /* the keypad, the staff screen or the export's end did not come */
    }
    if (!ok) {
        fprintf(stderr, "soak: day %d: staff could not export (step %d)\n", s->day + 1,
                (int)s->staff);
        s->staff_misses++;
        s->staff = STAFF_IDLE;
    }
}

/* The local time `at` ms after midnight on simulated day `day` (0: the
 * first), in the simulated clock's ms: a day is a local day, 23 or 25
 * hours across a clock change, and each day's events come at the same
 * local time (10:00 is 10:00 on the morning the clocks went forward). */
static uint64_t local_ms(const struct soak *s, int day, uint64_t at)
{
    struct walltime w;
    int64_t noon = s->t0_utc + (int64_t)day * 86400 + 12 * 3600, utc = -1;
    int h = (int)(at / 3600000u), m = (int)(at / 60000u % 60u);
    if (clock_wall_at(noon, &w) != 0 ||
        clock_utc_of_local(w.year, w.month, w.day, h, m, 0, &utc) != 0 || utc < s->t0_utc)
        return s->t0 + (uint64_t)day * SOAK_DAY_MS + at;
    return s->t0 + (uint64_t)(utc - s->t0_utc) * 1000u + at % 60000u;
}

/* Today's staff and renderer events whose time has come. */
static int day_events(struct soak *s, const struct run_probe *p, uint64_t now)
{
    int d = s->day;
    if (s->o->import && !s->did_import && now >= local_ms(s, d, SOAK_IMPORT_AT_MS)) {
        s->did_import = 1;
        if (drop(s) == 0) {
            s->awaiting = 1;
            s->awaited_from = p->imports;
            s->await_since = clock_real_ns();
        } else {
            s->failed = 1;
        }
    }
    if (!s->did_reset && now >= local_ms(s, d, SOAK_RESET_AT_MS)) {
        s->did_reset = 1;
        if (events_inject_reset(1) == 0)
            s->resets++;
    }
    if (!s->did_night_reset && now >= local_ms(s, d, SOAK_NIGHT_RESET_AT_MS)) {
        s->did_night_reset = 1;
        if (events_inject_reset(1) == 0)
            s->resets++;
    }
    if (s->o->staff_pin && !s->did_staff && now >= local_ms(s, d, SOAK_STAFF_AT_MS) && !p->closed &&
        p->mode == MODE_LOOP && s->qi >= s->qn) {
        s->did_staff = 1; /* a finger held still in the top-left corner */
        s->qn = s->qi = 0;
        queue(s, now, INPUT_DOWN, 0.02f, 0.03f);
        queue(s, now + STAFF_HOLD_MS + 300, INPUT_UP, 0.02f, 0.03f);
        s->staff = STAFF_HOLDING;
        s->staff_at = now + STAFF_HOLD_MS + 900;
    }
    if (s->o->import && !s->did_rollback && now >= local_ms(s, d, SOAK_ROLLBACK_AT_MS)) {
        s->did_rollback = 1;
        s->awaiting = 1;
        s->awaited_from = p->imports;
        s->await_since = clock_real_ns();
        s->rollbacks++;
        return RUN_SIM_ROLLBACK;
    }
    return 0;
}

static void end_of_day(struct soak *s, const struct run_probe *p)
{
    char what[24];
    snprintf(what, sizeof(what), "midnight");
    checkpoint(s, what);
    printf("soak: day %d: %ld frames, %ld visitors, %ld closings, %ld openings, showing "
           "version %s\n",
           s->day + 1, p->frames - s->frames_at_day, s->sessions_today, s->closings_today,
           s->openings_today, p->version[0] ? p->version : "(built in)");
    fflush(stdout);
    s->frames_at_day = p->frames;
    s->sessions_today = s->closings_today = s->openings_today = 0;
    s->did_import = s->did_reset = s->did_night_reset = s->did_rollback = s->did_staff = 0;
    s->day++;
}

static int soak_wait(void *ctx, const struct run_probe *p, uint32_t *timeout)
{
    struct soak *s = ctx;
    uint64_t now = clock_now_ms();
    s->resets_handled = p->resets;
    if (s->was_closed < 0) {
        s->was_closed = p->closed; /* how the first day starts is no change */
    } else if (p->closed != s->was_closed) {
        if (p->closed) {
            s->closings++;
            s->closings_today++;
            struct walltime w;
            clock_wall(&w);
            /* counted once no job holds a descriptor (below) */
            snprintf(s->due, sizeof(s->due), "closing %02d:%02d", w.hour % 24, w.minute % 60);
        } else {
            s->openings++;
            s->openings_today++;
        }
        s->was_closed = p->closed;
    }
    if (s->awaiting) {
        /* an import or roll back: real time passes until it is over */
        if (!p->busy && p->imports > s->awaited_from) {
            s->awaiting = 0;
            if (s->dropped[0][0]) {
                for (int i = 0; i < 2; i++)
                    unlink(s->dropped[i]); /* the sync tool takes it away again */
                s->dropped[0][0] = '\0';
                if (strcmp(p->version, s->last_version) != 0)
                    s->imports_ok++;
                else
                    s->import_misses++;
            }
            snprintf(s->last_version, sizeof(s->last_version), "%s", p->version);
        } else if (clock_real_ns() - s->await_since > SOAK_JOB_LIMIT_S * 1000000000ull) {
            fprintf(stderr, "soak: day %d: the import did not finish in %d s\n", s->day + 1,
                    SOAK_JOB_LIMIT_S);
            s->failed = 1;
            s->awaiting = 0;
        } else {
            if (*timeout > SOAK_REAL_SLICE_MS)
                *timeout = SOAK_REAL_SLICE_MS;
            clock_advance(*timeout);
            return 0;
        }
    }
    /* a checkpoint counts descriptors: none may be a job's in flight (a
     * health file, a screenshot, statistics being written), which a loaded
     * machine (AddressSanitizer) still has running at the closing */
    if (s->due[0] && !p->jobs) {
        checkpoint(s, s->due);
        s->due[0] = '\0';
    }
    if (p->busy || s->due[0]) { /* the start-up check, or a checkpoint waiting */
        if (*timeout > SOAK_REAL_SLICE_MS)
            *timeout = SOAK_REAL_SLICE_MS;
        clock_advance(*timeout);
        return 0;
    }
    if (s->day >= s->days) {
        *timeout = 0;
        return RUN_SIM_STOP;
    }
    /* the next thing to happen: the loop's deadline, a touch, a visitor,
     * one of the day's events or midnight */
    int d = s->day;
    uint64_t next = now + *timeout, midnight = local_ms(s, d + 1, 0);
    uint64_t evs[] = {midnight,
                      local_ms(s, d, SOAK_IMPORT_AT_MS),
                      local_ms(s, d, SOAK_RESET_AT_MS),
                      local_ms(s, d, SOAK_ROLLBACK_AT_MS),
                      local_ms(s, d, SOAK_NIGHT_RESET_AT_MS),
                      local_ms(s, d, SOAK_STAFF_AT_MS)};
    int dones[] = {0,
                   s->did_import || !s->o->import,
                   s->did_reset,
                   s->did_rollback || !s->o->import,
                   s->did_night_reset,
                   s->did_staff || !s->o->staff_pin};
    for (size_t i = 0; i < sizeof(evs) / sizeof(evs[0]); i++)
        if (!dones[i] && evs[i] > now && evs[i] < next) /* one due but waiting (staff wait
                                                            for a visitor) stops no clock */
            next = evs[i];
    if (s->qi < s->qn && s->q[s->qi].at < next)
        next = s->q[s->qi].at;
    if (s->qi >= s->qn && !p->closed && s->next_session > now && s->next_session < next)
        next = s->next_session; /* (a visitor due while staff are there waits: no clock stops) */
    if (s->staff != STAFF_IDLE && s->qi >= s->qn && s->staff_at > now && s->staff_at < next)
        next = s->staff_at;
    if (next > now)
        clock_advance(next - now);
    now = clock_now_ms();
    *timeout = 0;
    if (now >= midnight) {
        end_of_day(s, p);
        return 0;
    }
    int ask = day_events(s, p, now);
    while (s->qi < s->qn && s->q[s->qi].at <= now) {
        const struct touch *t = &s->q[s->qi++];
        if (t->first && p->closed) { /* the kiosk closed as they came: no visitor after all */
            s->sessions--;
            s->sessions_today--;
            s->qi = s->qn;
            break;
        }
        if (events_inject_touch(t->phase, 1, t->x, t->y) == 0)
            s->touches++;
    }
    staff_turn(s, p, now);
    if (s->qi >= s->qn && now >= s->next_session && s->staff == STAFF_IDLE) {
        if (p->closed)
            s->next_session = now + 60000; /* nobody comes to a dark screen */
        else
            visitor(s, now);
    }
    return ask;
}

/* Local midnight at the start of the first simulated day. */
static int64_t first_midnight(void)
{
    /* 28 March 2026: Europe's clocks go forward on the 29th */
    int64_t utc = -1;
    clock_utc_of_local(2026, 3, 28, 0, 0, 0, &utc);
    return utc;
}

static int verdict(const struct soak *s)
{
    int bad = s->failed;
    if (s->n_checks < 2) {
        printf("soak: too short to compare: at least two checkpoints are needed\n");
        return bad;
    }
    const struct check *w = &s->checks[0], *last = &s->checks[s->n_checks - 1];
    long max_fds = 0, max_tex = 0, max_rss = 0, max_heap = 0;
    for (int i = 1; i < s->n_checks; i++) {
        const struct check *c = &s->checks[i];
        max_fds = c->fds > max_fds ? c->fds : max_fds;
        max_tex = c->textures > max_tex ? c->textures : max_tex;
        max_rss = c->rss_kb > max_rss ? c->rss_kb : max_rss;
        max_heap = c->heap_kb > max_heap ? c->heap_kb : max_heap;
    }
    printf("soak: %d days, %ld visitors, %ld touches, %ld imports loaded (%ld not), %ld roll "
           "backs, %ld staff exports written, %ld renderer resets (%ld recovered from), %ld "
           "closings, %ld openings\n",
           s->days, s->sessions, s->touches, s->imports_ok, s->import_misses, s->rollbacks,
           s->exports_ok, s->resets, s->resets_handled, s->closings, s->openings);
    printf("soak: after the warm-up (%s day %d): fds %ld -> max %ld, textures %ld -> max %ld, "
           "heap %.1f -> max %.1f MB, rss %.1f -> max %.1f MB (last %.1f)\n",
           w->what, w->day, w->fds, max_fds, w->textures, max_tex, (double)w->heap_kb / 1024.0,
           (double)max_heap / 1024.0, (double)w->rss_kb / 1024.0, (double)max_rss / 1024.0,
           (double)last->rss_kb / 1024.0);
    if (max_heap > w->heap_kb + w->heap_kb / 50 + SOAK_HEAP_SLACK_KB) {
        printf("soak: FAIL: the heap in use grew by more than 2%% + 0.5 MB after the warm-up\n");
        bad = 1;
    }
    if (max_fds > w->fds) {
        printf("soak: FAIL: open file descriptors grew after the warm-up\n");
        bad = 1;
    }
    if (max_tex > w->textures) {
        printf("soak: FAIL: live textures grew after the warm-up\n");
        bad = 1;
    }
    if (SOAK_ASAN)
        printf("soak: resident memory and heap are not judged under AddressSanitizer (its "
               "quarantine keeps freed memory; its allocator is not malloc's)\n");
    else if (max_rss > w->rss_kb + w->rss_kb / 10 + SOAK_RSS_SLACK_KB) {
        printf("soak: FAIL: resident memory grew by more than 10%% + 8 MB after the warm-up\n");
        bad = 1;
    }
    if (s->o->import && (s->imports_ok < s->days || s->rollbacks < s->days)) {
        printf("soak: FAIL: %ld of %d imports loaded, %ld roll backs\n", s->imports_ok, s->days,
               s->rollbacks);
        bad = 1;
    }
    if (s->o->staff_pin && s->exports_ok < s->days) {
        printf("soak: FAIL: %ld of %d staff exports wrote their file (%ld could not be made)\n",
               s->exports_ok, s->days, s->staff_misses);
        bad = 1;
    }
    if (s->closings < s->days || s->resets < 2L * s->days || s->resets_handled != s->resets) {
        printf("soak: FAIL: %ld closings and %ld renderer resets (%ld recovered from) in %d "
               "days\n",
               s->closings, s->resets, s->resets_handled, s->days);
        bad = 1;
    }
    return bad;
}

int cmd_soak(const struct options *o)
{
    static struct soak s; /* large; one per process */
    memset(&s, 0, sizeof(s));
    s.o = o;
    s.days = (int)o->days;
    s.was_closed = -1;
    s.rng = (uint64_t)o->seed * 0x9E3779B97F4A7C15ull + 1;
    if (o->staff_pin &&
        (strspn(o->staff_pin, "0123456789") != strlen(o->staff_pin) || !o->n_watch)) {
        fprintf(stderr, "vitrine soak: --staff-pin wants digits, and --watch DIR (the stick)\n");
        return 2;
    }
    if (o->import && !o->inbox) {
        fprintf(stderr, "vitrine soak: --import needs --inbox DIR (where it is dropped)\n");
        return 2;
    }
    if (!getenv("SDL_VIDEODRIVER"))
        setenv("SDL_VIDEODRIVER", "offscreen", 1);
#if defined(M_ARENA_MAX)
    /* one malloc arena for every thread: mallinfo2 counts only the main
     * arena, and the jobs' threads would otherwise allocate in their own */
    mallopt(M_ARENA_MAX, 1);
#endif
    s.t0_utc = first_midnight();
    clock_simulate(s.t0_utc);
    s.t0 = clock_now_ms();
    s.next_session = s.t0 + 9u * 3600u * 1000u + 5u * 60000u;
    printf("soak: %d simulated days from 2026-03-28 00:00 local time, seed %ld\n", s.days, o->seed);
    fflush(stdout);
    struct options ro = *o;
    ro.no_watch = o->n_watch == 0; /* sticks: only the inbox, and --watch for the export */
    ro.windowed = o->width > 0;    /* the offscreen driver's "full screen" is 1024x768 */
    struct run_sim sim = {.ctx = &s, .frame_ms = SOAK_FRAME_MS, .wait = soak_wait};
    uint64_t t0 = clock_real_ns();
    int rc = run_kiosk(&ro, &sim);
    double secs = (double)(clock_real_ns() - t0) / 1e9;
    printf("soak: %.0f s of real time, %.1f s a simulated day\n", secs,
           s.days ? secs / s.days : 0.0);
    int bad = verdict(&s);
    printf("soak: %s\n", rc == 0 && !bad ? "PASS" : "FAIL");
    return rc != 0 || bad ? 1 : 0;
}
