#!/bin/sh
# The systemd unit (platform/vitrine.service): systemd's own checker finds
# nothing wrong with it (run against the built binary), and does find a
# key misspelled in a copy of it (else its silence proves nothing); the
# built binary accepts the unit's ExecStart, flags and all (a flag renamed
# in the program would leave a kiosk that never starts); and it keeps what
# unattended operation relies on: readiness and the watchdog, restarts on
# failure within limits, and the hardening.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool systemd-analyze systemd
unit="$VITRINE_SOURCE_DIR/platform/vitrine.service"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for want in '^Type=notify$' '^WatchdogSec=[0-9]' '^Restart=on-failure$' '^StartLimitBurst=' \
    '^NoNewPrivileges=yes$' '^ProtectSystem=strict$' '^ReadWritePaths=/var/lib/vitrine$' \
    '^PrivateNetwork=yes$' '^ProtectHome=yes$' '^DevicePolicy=closed$' '^DeviceAllow=char-drm' \
    '^DeviceAllow=char-input' '^DeviceAllow=char-alsa rw$' '^SupplementaryGroups=.* audio' \
    '^User=vitrine$'; do
    grep -qE "$want" "$unit" || { echo "FAIL: the unit has no line $want"; fail=1; }
done

# systemd-analyze verify: nothing to say about the unit, something about a
# copy with a misspelled key
sed "s|/usr/bin/vitrine|$VITRINE|" "$unit" >"$tmp/vitrine.service"
out=$(systemd-analyze verify "$tmp/vitrine.service" 2>&1)
if [ -n "$out" ]; then
    echo "FAIL: systemd-analyze verify says:"; echo "$out"; fail=1
else
    echo "ok: systemd-analyze verify finds nothing to say"
fi
sed 's/^NoNewPrivileges=/NoNewPriviledges=/' "$tmp/vitrine.service" >"$tmp/misspelt.service"
if systemd-analyze verify "$tmp/misspelt.service" 2>&1 | grep -q "Unknown key 'NoNewPriviledges'"; then
    echo "ok: systemd-analyze verify finds a misspelled key"
else
    echo "FAIL: systemd-analyze verify is silent about a misspelled key: it checks nothing here"; fail=1
fi

# ExecStart, as the built binary takes it: its own paths in a scratch
# folder (never /var/lib/vitrine or /etc/vitrine), one frame, offscreen
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
case "$exec_start" in
/usr/bin/vitrine\ run\ *) ;;
*) echo "FAIL: ExecStart is not /usr/bin/vitrine run ...: '$exec_start'"; exit 1 ;;
esac
mkdir "$tmp/state" "$tmp/keys"
: >"$tmp/vitrine.conf"
args=$(echo "${exec_start#/usr/bin/vitrine }" | sed -e "s|/var/lib/vitrine|$tmp/state|g" \
    -e "s|/etc/vitrine/keys|$tmp/keys|g" -e "s|/etc/vitrine/vitrine.conf|$tmp/vitrine.conf|g")
case "$args" in
*/var/lib/*|*/etc/*) echo "FAIL: ExecStart names a path this test does not replace: $args"; exit 1 ;;
esac
# shellcheck disable=SC2086 # the unit's words, split as systemd splits them (no quotes there)
SDL_VIDEODRIVER=offscreen "$VITRINE" $args --windowed --size 320x240 --frames 1 --no-watch \
    >"$tmp/run.out" 2>"$tmp/run.log"
rc=$?
if [ $rc -eq 0 ] && grep -q 'first frame presented' "$tmp/run.log"; then
    echo "ok: the built binary takes ExecStart's flags ($args) and shows a frame"
else
    echo "FAIL: the built binary exits $rc on ExecStart's flags ($args):"; tail -n 20 "$tmp/run.log"; fail=1
fi
[ $fail -eq 0 ] && echo "unit checks passed"
exit $fail
