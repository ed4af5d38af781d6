/* clock.c - POSIX clocks.
 * DEPENDENCIES: clock_gettime (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
 * CLOCK_REALTIME); tzset, localtime_r and mktime for the local time;
 * the environment variable SOURCE_DATE_EPOCH for the build time.
 * LIMITATIONS: the zone is the C library's (TZ or /etc/localtime); tzset
 * reads the environment, so nothing may setenv("TZ") while another thread
 * reads the wall clock. Zones that count leap seconds ("right/...") are
 * not supported: their offset would include the leap seconds. */
#define _POSIX_C_SOURCE 200809L
#include "clock.h"
#include "when.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

static uint64_t read_ns(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Simulated time (clock.h): set once on the main thread before any other
 * thread starts, then read anywhere; only the main thread advances it. */
static _Atomic int sim_on;
static _Atomic uint64_t sim_ns; /* the monotonic clock, simulated */
static uint64_t sim_ns0;        /* ... when the simulation started */
static int64_t sim_utc0;        /* the wall clock then, UTC seconds */

void clock_simulate(int64_t start_utc_s)
{
    /* whole milliseconds, as clock_now_ms read them before */
    sim_ns0 = read_ns(CLOCK_MONOTONIC) / 1000000u * 1000000u;
    sim_utc0 = start_utc_s;
    sim_ns = sim_ns0;
    sim_on = 1;
}

int clock_simulated(void)
{
    return sim_on;
}

void clock_advance(uint64_t ms)
{
    if (sim_on)
        sim_ns += ms * 1000000u;
}

uint64_t clock_now_ns(void)
{
    return sim_on ? sim_ns : read_ns(CLOCK_MONOTONIC);
}
uint64_t clock_now_ms(void)
{
    return clock_now_ns() / 1000000u;
}
uint64_t clock_real_ns(void)
{
    return read_ns(CLOCK_MONOTONIC);
}
uint64_t clock_cpu_ns(void)
{
    return read_ns(CLOCK_PROCESS_CPUTIME_ID);
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
int64_t clock_days_from_civil(int64_t y, int m, int d)
{
    return when_days((int)y, m, d); /* one copy, shared with content on a schedule */
}

int clock_wall_at(int64_t utc_s, struct walltime *out)
{
    memset(out, 0, sizeof(*out));
    time_t t = (time_t)utc_s;
    struct tm tm;
    tzset(); /* localtime_r need not look at TZ again by itself */
    if ((int64_t)t != utc_s || !localtime_r(&t, &tm))
        return -1;
    out->utc_s = utc_s;
    out->year = tm.tm_year + 1900;
    out->month = tm.tm_mon + 1;
    out->day = tm.tm_mday;
    out->weekday = tm.tm_wday;
    out->hour = tm.tm_hour;
    out->minute = tm.tm_min;
    out->second = tm.tm_sec;
    /* the broken-down local time read as if it were UTC, less the instant:
     * portable where tm_gmtoff is not */
    int64_t local_as_utc = clock_days_from_civil(out->year, out->month, out->day) * 86400 +
                           tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec;
    out->utc_offset_s = (int)(local_as_utc - utc_s);
    return 0;
}

int clock_utc_of_local(int y, int m, int d, int h, int mi, int s, int64_t *utc_s)
{
    struct tm tm;
    memset(&tm, 0, sizeof(tm));
    tm.tm_year = y - 1900;
    tm.tm_mon = m - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    tm.tm_isdst = -1; /* the zone's rules decide */
    time_t t = mktime(&tm);
    if (t == (time_t)-1)
        return -1;
    *utc_s = (int64_t)t;
    return 0;
}

/* Seconds added to CLOCK_REALTIME (clock_set_wall; 0 but in the tests). */
static int64_t wall_offset_s;

void clock_set_wall(int64_t utc_s)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) == 0)
        wall_offset_s = utc_s - (int64_t)ts.tv_sec;
}

/* UTC seconds now: the simulated wall clock in a soak. */
static int wall_now(int64_t *utc_s)
{
    if (sim_on) {
        *utc_s = sim_utc0 + (int64_t)((sim_ns - sim_ns0) / 1000000000u);
        return 0;
    }
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return -1;
    *utc_s = (int64_t)ts.tv_sec + wall_offset_s;
    return 0;
}

int clock_wall(struct walltime *out)
{
    int64_t now;
    if (wall_now(&now) != 0) {
        memset(out, 0, sizeof(*out));
        return -1;
    }
    return clock_wall_at(now, out);
}

void clock_pass(struct clock_pass *p)
{
    /* the wall clock as the last pass in the same second read it: the zone
     * is read (tzset stats /etc/localtime) once a second, not at each of
     * an animation's 60 passes */
    static struct walltime last;
    static int last_ok;
    p->real_ns = read_ns(CLOCK_MONOTONIC);
    p->now_ms = (sim_on ? sim_ns : p->real_ns) / 1000000u;
    int64_t utc;
    if (wall_now(&utc) != 0) {
        memset(&p->wall, 0, sizeof(p->wall));
        p->wall_ok = 0;
        last_ok = 0;
        return;
    }
    if (!last_ok || last.utc_s != utc)
        last_ok = clock_wall_at(utc, &last) == 0;
    p->wall = last;
    p->wall_ok = last_ok;
    if (!last_ok)
        memset(&p->wall, 0, sizeof(p->wall));
}

int clock_build_time(int64_t *utc_s, char *why, size_t why_len)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde) {
        /* decimal digits only (no sign, no spaces), as the convention says */
        char *end;
        errno = 0;
        unsigned long long v = strtoull(sde, &end, 10);
        if (!*sde || *end || errno == ERANGE || v > (unsigned long long)INT64_MAX ||
            sde[strspn(sde, "0123456789")]) {
            snprintf(why, why_len, "SOURCE_DATE_EPOCH is \"%s\", not seconds since 1970", sde);
            return -1;
        }
        *utc_s = (int64_t)v;
        return 0;
    }
    if (wall_now(utc_s) != 0) {
        snprintf(why, why_len, "the wall clock cannot be read");
        return -1;
    }
    return 0;
}

static uint64_t stage_ns[CLOCK_STAGE_COUNT];

void clock_stage(enum clock_stage s)
{
    if ((unsigned)s < CLOCK_STAGE_COUNT && !stage_ns[s])
        stage_ns[s] = clock_real_ns();
}

int clock_stages_line(char *buf, size_t len)
{
    static const char *const names[CLOCK_STAGE_COUNT] = {
        "loading", "libraries", "store", "display", "fonts", "first layout", "present"};
    double since = clock_since_exec_ms(NULL);
    double exec_ms = (double)clock_real_ns() / 1e6 - (since > 0 ? since : 0);
    char part[CLOCK_STAGE_COUNT][24];
    double prev = exec_ms;
    for (int i = 0; i < CLOCK_STAGE_COUNT; i++) {
        double at = (double)stage_ns[i] / 1e6;
        if (!stage_ns[i] || at < prev) {
            snprintf(part[i], sizeof(part[i]), "-");
            continue;
        }
        snprintf(part[i], sizeof(part[i]), "%.1f", at - prev);
        prev = at;
    }
    char to_main[24] = "-";
    if (stage_ns[CLOCK_STAGE_MAIN] && since > 0)
        snprintf(to_main, sizeof(to_main), "%.1f",
                 (double)stage_ns[CLOCK_STAGE_MAIN] / 1e6 - exec_ms);
    return snprintf(buf, len, "exec to main %s (%s %s, %s %s), %s %s, %s %s, %s %s, %s %s, %s %s",
                    to_main, names[0], part[0], names[1], part[1], names[2], part[2], names[3],
                    part[3], names[4], part[4], names[5], part[5], names[6], part[6]);
}

double clock_since_exec_ms(int *exact)
{
    const char *t0 = getenv("VITRINE_T0_NS");
    if (exact)
        *exact = 0;
    if (t0 && *t0) {
        char *end;
        unsigned long long ns = strtoull(t0, &end, 10);
        uint64_t now = clock_real_ns();
        if (*end == '\0' && ns > 0 && ns <= now) {
            if (exact)
                *exact = 1;
            return (double)(now - ns) / 1e6;
        }
    }
    /* field 22 of /proc/self/stat: start time in clock ticks after boot
     * (CLOCK_BOOTTIME); the command name (field 2) may hold spaces */
    char buf[1024];
    FILE *f = fopen("/proc/self/stat", "r");
    size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    unsigned long long start = 0;
    if (!p || sscanf(p + 2,
                     "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d "
                     "%*d %*d %llu",
                     &start) != 1)
        return -1;
    long hz = sysconf(_SC_CLK_TCK);
    struct timespec ts;
    if (hz <= 0 || clock_gettime(CLOCK_BOOTTIME, &ts) != 0)
        return -1;
    double now_ms = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
    return now_ms - (double)start * 1e3 / (double)hz;
}
