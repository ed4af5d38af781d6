#!/bin/sh
# The systemd unit (platform/vitrine.service): systemd's own checker finds
# nothing wrong with it (run against the built binary), and it keeps what
# unattended operation relies on: readiness and the watchdog, restarts on
# failure within limits, and the hardening.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
unit="$VITRINE_SOURCE_DIR/platform/vitrine.service"
fail=0
for want in '^Type=notify$' '^WatchdogSec=[0-9]' '^Restart=on-failure$' '^StartLimitBurst=' \
    '^NoNewPrivileges=yes$' '^ProtectSystem=strict$' '^ReadWritePaths=/var/lib/vitrine$' \
    '^PrivateNetwork=yes$' '^ProtectHome=yes$' '^DevicePolicy=closed$' '^DeviceAllow=char-drm' \
    '^DeviceAllow=char-input' '^User=vitrine$'; do
    grep -qE "$want" "$unit" || { echo "FAIL: the unit has no line $want"; fail=1; }
done
if command -v systemd-analyze >/dev/null 2>&1; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    sed "s|/usr/bin/vitrine|$VITRINE|" "$unit" >"$tmp/vitrine.service"
    out=$(systemd-analyze verify "$tmp/vitrine.service" 2>&1)
    if [ -n "$out" ]; then
        echo "FAIL: systemd-analyze verify says:"; echo "$out"; fail=1
    else
        echo "ok: systemd-analyze verify finds nothing to say"
    fi
else
    echo "(systemd-analyze is not installed: the unit was checked by its lines only)"
fi
[ $fail -eq 0 ] && echo "unit checks passed"
exit $fail
