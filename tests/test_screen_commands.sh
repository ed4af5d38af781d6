#!/bin/sh
# The screen commands (screen_off_command, screen_on_command) the kiosk
# starts, on a day its settings close:
#  1. the command gets only 0 (/dev/null), 1 and 2 (the kiosk's log): none
#     of the kiosk's own descriptors;
#  2. one that hangs and ignores SIGTERM gets SIGTERM after 10 s and SIGKILL
#     2 s later (docs/kiosk-box.md), is reaped (no zombie left), and the
#     kiosk says so and goes on;
#  3. a touch while the screen-off command still runs does not start the
#     screen-on command beside it: that one waits, starts once the first has
#     been stopped, and runs;
#  4. at stop, a command still running is stopped and reaped: none is left.
# Waits on the log, on files and on /proc, with limits, never on a fixed
# sleep. The kiosk is told the date (vitrine-faulty's VITRINE_TEST_NOW), a
# day its settings close: the test holds at any hour, midnight included.
set -u
: "${VITRINE_FAULTY:?}"
. "$(dirname "$0")/lib.sh"
need_tool xdotool xdotool
out=$(mktemp -d)
pid=
xpid=
cleanup() {
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    for f in "$out"/*.pid; do # a test that failed half-way leaves no sleep behind
        [ -s "$f" ] && kill -KILL "$(cat "$f")" 2>/dev/null
    done
    rm -rf "$out"
}
trap cleanup EXIT
fail=0
start_xvfb "$out"
export SDL_VIDEODRIVER=x11
# Wednesday 10 June 2026 at noon, UTC; the settings close that day
export TZ=UTC
today=2026-06-10
test_now=$(date -u -d "$today 12:00:00" +%s)

# wait_for SECONDS WHAT COMMAND...: poll COMMAND until it succeeds (lib.sh's
# wait_until); the test fails with the log when not within SECONDS or when
# the kiosk exits first
# started PID: when the process started, seconds since boot, from its own
# record in /proc (not when this test noticed it: a loaded machine notices
# late, and a grace measured from then would look short); uptime_s: now, in
# the same clock
started() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.3f", $22 / hz }' "/proc/$1/stat"; }
uptime_s() { cut -d' ' -f1 /proc/uptime; }
wait_for() {
    limit=$1 what=$2
    shift 2
    wait_until "$limit" "$pid" "$@" && return 0
    if [ $? -eq 2 ]; then echo "FAIL: $what: the kiosk exited"; else echo "FAIL: $what: not within $limit s"; fi
    cat "$out/log"
    exit 1
}
has() { [ -s "$1" ]; }
in_log() { grep -q "$1" "$out/log"; }
gone() { [ ! -e "/proc/$1" ]; } # reaped: a zombie would still be there
state() { sed -n 's/^State:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null; }
start_kiosk() { # CONF
    VITRINE_TEST_NOW=$test_now "$VITRINE_FAULTY" run --windowed --size 320x240 --no-watch \
        --state-dir "$out/state" --config "$1" 2>"$out/log" &
    pid=$!
}

# 1 and 2: its descriptors, then a hang that ignores SIGTERM
cat >"$out/hang.conf" <<CONF
hours = mon-sun 00:00-24:00
closed = $today
screen_off_command = echo \$\$ >$out/off.pid; trap "" TERM; exec sleep 1000
CONF
start_kiosk "$out/hang.conf"
wait_for 20 "the screen-off command's pid" has "$out/off.pid"
off=$(cat "$out/off.pid")
t0=$(started "$off")
[ "$(sed -n 's/^PPid:[[:space:]]*//p' "/proc/$off/status")" = "$pid" ] ||
    { echo "FAIL: the command $off is not the kiosk's child"; fail=1; }
# what the shell had is what the sleep it became has (exec closes nothing
# else: what is not close-on-exec stays)
is_sleep() { [ "$(cat "/proc/$1/comm" 2>/dev/null)" = sleep ]; }
wait_for 20 "the screen-off command's sleep" is_sleep "$off"
ls -l "/proc/$off/fd" >"$out/fds"
fds=$(awk '$(NF-1) == "->" { print $(NF-2) "=" $NF }' "$out/fds" | sort | tr '\n' ' ')
want="0=/dev/null 1=$out/log 2=$out/log "
if [ "$fds" = "$want" ]; then
    echo "ok: the command has 0, 1 and 2 only: $fds"
else
    echo "FAIL: the command's descriptors are '$fds', not '$want'"; cat "$out/fds"; fail=1
fi
wait_for 30 "the hung command is stopped" in_log "screen_off_command (pid $off): still running after 10 s: killed (it ignored SIGTERM)"
took=$(awk "BEGIN { printf \"%.3f\", $(uptime_s) - $t0 }") # the kill was at or before now
if gone "$off"; then
    echo "ok: the hung command was killed after $took s (SIGTERM at 10 s ignored, SIGKILL at 12 s) and reaped"
else
    echo "FAIL: the killed command $off is still there (state $(state "$off")): not reaped"; fail=1
fi
awk "BEGIN { exit !($took >= 11.5) }" ||
    { echo "FAIL: stopped after $took s, before its 10 s and 2 s of grace"; fail=1; }
kill -0 "$pid" 2>/dev/null || { echo "FAIL: the kiosk went with it"; cat "$out/log"; exit 1; }
stop_kiosk "$out/log"

# 3 and 4: a touch while the screen-off command hangs; at stop, one still running
rm -f "$out/log"
cat >"$out/queue.conf" <<CONF
hours = mon-sun 00:00-24:00
closed = $today
wake_minutes = 5
screen_off_command = echo \$\$ >$out/off2.pid; exec sleep 1000
screen_on_command = echo \$\$ >$out/on.pid; exec sleep 1000
CONF
start_kiosk "$out/queue.conf"
wait_for 20 "the second screen-off command's pid" has "$out/off2.pid"
off=$(cat "$out/off2.pid")
t0=$(started "$off")
wait_for 20 "the kiosk's window" sh -c "xdotool search --onlyvisible --name '^vitrine\$' >/dev/null"
click() { xdotool search --onlyvisible --name '^vitrine$' mousemove --window %1 100 100 click 1 >/dev/null 2>&1; in_log 'open (woken by a touch)'; }
wait_for 20 "a touch wakes the kiosk" click
if [ -s "$out/on.pid" ] && ! gone "$off"; then
    echo "FAIL: the screen-on command started while the screen-off one ran"; fail=1
fi
wait_for 30 "the screen-on command, once the screen-off one was stopped" has "$out/on.pid"
on=$(cat "$out/on.pid")
took=$(awk "BEGIN { printf \"%.3f\", $(started "$on") - $t0 }") # from start to start
gone "$off" || { echo "FAIL: the screen-off command $off is left (state $(state "$off"))"; fail=1; }
in_log "screen_off_command (pid $off): still running after 10 s: stopped (SIGTERM)" ||
    { echo "FAIL: the log does not say the screen-off command was stopped"; cat "$out/log"; fail=1; }
awk "BEGIN { exit !($took >= 9.5) }" ||
    { echo "FAIL: the screen-on command started after $took s, before the screen-off one's 10 s"; fail=1; }
[ $fail -eq 0 ] && echo "ok: the touch's screen-on command waited $took s for the screen-off one (stopped at 10 s), then ran"
on=$(cat "$out/on.pid")
stop_kiosk "$out/log"
if gone "$on"; then
    echo "ok: at stop the running screen-on command was stopped and reaped"
else
    echo "FAIL: the screen-on command $on outlived the kiosk (state $(state "$on"))"; fail=1
fi
[ $fail -eq 0 ] && echo "PASS: screen commands: their descriptors, limits, queue and stop"
exit $fail
