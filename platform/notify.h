/* notify.h - telling the service manager how the kiosk is: the readiness
 * and watchdog protocol of systemd's sd_notify, spoken directly (one
 * datagram per message to the socket $NOTIFY_SOCKET names, as documented
 * in sd_notify(3)), so no library is needed and nothing happens when the
 * kiosk is not run by systemd.
 *
 * The run loop sends READY=1 after its first presented frame, WATCHDOG=1
 * from the loop itself (a hung loop stops the pings, and systemd restarts
 * the kiosk after WatchdogSec=), and STOPPING=1 on its way out. A socket
 * that refuses datagrams is reported once in the log; the kiosk goes on.
 * Main thread only. */
#ifndef VITRINE_NOTIFY_H
#define VITRINE_NOTIFY_H

#include <stdint.h>

/* Read $NOTIFY_SOCKET, $WATCHDOG_USEC and $WATCHDOG_PID. */
void notify_init(void);
/* 1 when a service manager listens. */
int notify_enabled(void);
/* "READY=1" with a STATUS= line. */
void notify_ready(const char *status);
/* "WATCHDOG=1" when a third of the watchdog interval has passed since the
 * last one (now_ms: the kiosk's clock). No-op without a watchdog. With
 * the loop waking when notify_watchdog_wait_ms says, pings are a third of
 * the interval apart (10 s with WatchdogSec=30), plus the loop's own
 * latency. */
void notify_watchdog(uint64_t now_ms);
/* How long the loop may wait at now_ms before the next ping is due, ms
 * (at least 1, at most a third of the interval), or 0 without a
 * watchdog. */
uint32_t notify_watchdog_wait_ms(uint64_t now_ms);
/* "STOPPING=1". */
void notify_stopping(void);

#endif
