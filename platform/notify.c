/* notify.c - see notify.h. */
#define _GNU_SOURCE /* MSG_NOSIGNAL */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "log.h"
#include "notify.h"

static struct {
    int fd;
    struct sockaddr_un addr;
    socklen_t addr_len;
    uint64_t watchdog_ms; /* the interval; 0: none */
    uint64_t last_ping;
    int warned;
} n = {.fd = -1};

void notify_init(void)
{
    const char *path = getenv("NOTIFY_SOCKET");
    if (n.fd >= 0) {
        close(n.fd);
        n.fd = -1;
    }
    n.watchdog_ms = 0;
    n.last_ping = 0;
    n.warned = 0;
    if (!path || !*path || (path[0] != '/' && path[0] != '@'))
        return;
    size_t len = strlen(path);
    if (len >= sizeof(n.addr.sun_path)) {
        log_warn("notify", "NOTIFY_SOCKET is too long; the service manager will not hear from "
                           "the kiosk");
        return;
    }
    memset(&n.addr, 0, sizeof(n.addr));
    n.addr.sun_family = AF_UNIX;
    memcpy(n.addr.sun_path, path, len);
    if (path[0] == '@')
        n.addr.sun_path[0] = '\0'; /* an abstract socket */
    n.addr_len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
    n.fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (n.fd < 0) {
        log_warn("notify", "no socket for the service manager: %s", strerror(errno));
        return;
    }
    const char *usec = getenv("WATCHDOG_USEC"), *pid = getenv("WATCHDOG_PID");
    if (usec && *usec && (!pid || !*pid || strtol(pid, NULL, 10) == (long)getpid())) {
        unsigned long long us = strtoull(usec, NULL, 10);
        n.watchdog_ms = us / 1000;
    }
}

int notify_enabled(void)
{
    return n.fd >= 0;
}

static void send_text(const char *text)
{
    if (n.fd < 0)
        return;
    ssize_t r =
        sendto(n.fd, text, strlen(text), MSG_NOSIGNAL, (struct sockaddr *)&n.addr, n.addr_len);
    if (r < 0 && !n.warned) {
        n.warned = 1; /* once: a refusing socket must not fill the log */
        log_warn("notify",
                 "the service manager's socket refused a message (%s); the kiosk "
                 "goes on without it",
                 strerror(errno));
    }
}

void notify_ready(const char *status)
{
    char msg[512];
    snprintf(msg, sizeof(msg), "READY=1\nSTATUS=%s", status ? status : "showing the exhibit");
    send_text(msg);
}

void notify_watchdog(uint64_t now_ms)
{
    if (n.fd < 0 || n.watchdog_ms == 0)
        return;
    if (n.last_ping && now_ms - n.last_ping < n.watchdog_ms / 3)
        return;
    n.last_ping = now_ms;
    send_text("WATCHDOG=1");
}

uint32_t notify_watchdog_wait_ms(uint64_t now_ms)
{
    if (n.fd < 0 || n.watchdog_ms == 0)
        return 0;
    uint64_t third = n.watchdog_ms / 3;
    if (third == 0)
        return 1;
    /* until the next ping is due, not a whole third from now: a loop that
     * looked just before it was due would otherwise ping two thirds apart */
    uint64_t due = n.last_ping ? n.last_ping + third : now_ms;
    uint64_t left = due > now_ms ? due - now_ms : 1;
    return left > 60000 ? 60000 : (uint32_t)left;
}

void notify_stopping(void)
{
    send_text("STOPPING=1");
}
