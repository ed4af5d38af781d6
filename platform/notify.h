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
 * the loop waking at least every notify_watchdog_wait_ms, pings are never
 * more than two thirds of the interval apart. */
void notify_watchdog(uint64_t now_ms);
/* A third of the watchdog interval in ms (the longest the loop may wait),
 * or 0 without a watchdog. */
uint32_t notify_watchdog_wait_ms(void);
/* "STOPPING=1". */
void notify_stopping(void);

#endif
