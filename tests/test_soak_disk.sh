#!/bin/sh
# A day of the kiosk (vitrine soak, simulated time) with its state folder
# on a full disk, then on a read-only one: the exhibit goes on all day
# (the soak's checks pass: closings, a renderer reset, nothing grows), and
# the statistics problem is said once, not once a minute. The folder is a
# small tmpfs in a private mount namespace, so the test needs no real
# full disk; it skips where namespaces are not allowed.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
unshare -m true 2>/dev/null || { echo "SKIP: no private mount namespace here"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/state"
export TZ="${TZ:-Europe/Paris}"
cat >"$out/vitrine.conf" <<CONF
hours = mon-sun 09:00-12:30 13:30-19:00
CONF
fail=0

# day MODE: one simulated day with the state folder full or read-only
day() {
    unshare -m sh -c '
        set -e
        mount -t tmpfs -o size=256k tmpfs "$2/state"
        if [ "$1" = full ]; then
            head -c 1M /dev/zero >"$2/state/filler" 2>/dev/null || true
        else
            mount -o remount,ro "$2/state"
        fi
        exec "$VITRINE" soak --days 1 --size 800x480 --state-dir "$2/state" \
            --config "$2/vitrine.conf"' sh "$1" "$out" >"$out/$1.out" 2>"$out/$1.err"
    rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^soak: PASS' "$out/$1.out"; then
        echo "FAIL: $1: the kiosk's day did not go on (exit $rc)"
        cat "$out/$1.out"
        tail -20 "$out/$1.err"
        fail=1
        return
    fi
    n=$(grep -c 'vitrine\[stats\] warning: .*The exhibit goes on\.' "$out/$1.err")
    if [ "$n" -ne 1 ]; then
        echo "FAIL: $1: the statistics problem was said $n times, not once"
        grep 'stats' "$out/$1.err" | head -5
        fail=1
        return
    fi
    echo "ok: $1: $(grep -h 'day 1:' "$out/$1.out")"
    echo "ok: $1: $(grep 'vitrine\[stats\] warning' "$out/$1.err")"
}
day full
day readonly
exit $fail
