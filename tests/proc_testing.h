/* proc_testing.h - what tests read of a process or thread in /proc. */
#ifndef VITRINE_PROC_TESTING_H
#define VITRINE_PROC_TESTING_H

#include <stdio.h>
#include <string.h>

/* The state letter of the stat file at path ("/proc/PID/stat",
 * "/proc/self/task/TID/stat"): 'S' asleep, 'R' running...; 0 when it
 * cannot be read. The name in parentheses may hold anything, so the
 * state is read after the last ')'. */
static inline char proc_stat_state(const char *path)
{
    char buf[512];
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n] = '\0';
    const char *paren = strrchr(buf, ')');
    return paren && paren[1] == ' ' ? paren[2] : 0;
}

#endif
