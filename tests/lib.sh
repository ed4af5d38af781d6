# tests/lib.sh - sourced by the shell tests: the helpers they share.
#
# One policy for a missing tool (docs/decisions.md, "No silent pass"): the
# test command installs every tool the suite needs (platform/debian-deps.sh),
# so a tool that is still missing is a skip that ctest counts (exit 77) and
# that tests/run.sh refuses unless tests/skips.txt lists the test with its
# reason. A test never passes for lack of a tool.

# need_tool TOOL PACKAGE: skip this test (exit 77) when TOOL is not on PATH.
need_tool() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "SKIP: $1 is not installed (Debian package $2; tests/run.sh installs it)"
    exit 77
}

# wait_until SECONDS PID COMMAND...: run COMMAND every 0.05 s until it
# succeeds (0). 1 when it has not within SECONDS (whole seconds, read from
# /proc/uptime: the time since boot, which no clock setting moves); 2 as
# soon as PID (when not empty) has exited, as nothing would come then. A
# deadline, never a fixed wait: a test goes on the moment its condition
# holds, so the limit can be generous (a loaded CI machine is slow) at no
# cost.
wait_until() {
    read -r _wu_up _ </proc/uptime
    _wu_end=$((${_wu_up%.*} + $1))
    _wu_pid=$2
    shift 2
    until "$@"; do
        [ -n "$_wu_pid" ] && ! kill -0 "$_wu_pid" 2>/dev/null && return 2
        read -r _wu_up _ </proc/uptime
        [ "${_wu_up%.*}" -lt $_wu_end ] || return 1
        sleep 0.05 # between two looks at the condition
    done
}

# log_has FILE PATTERN [COUNT]: FILE has COUNT (default 1) lines that
# match the extended regular expression PATTERN.
log_has() {
    _lh_n=$(grep -cE -- "$2" "$1" 2>/dev/null)
    [ "${_lh_n:-0}" -ge "${3:-1}" ]
}

# wait_for_log FILE PATTERN [SECONDS [PID [COUNT]]]: wait until the log
# FILE has a line (COUNT lines) matching the extended regular expression
# PATTERN, then print "ok:" and that line. Fails the test (exit 1, with
# the log's tail) after SECONDS (default 60) or as soon as the process PID
# (when given and not empty) has exited. A caller that goes on after a
# failure runs it in a subshell: (wait_for_log ...) || bad "...".
wait_for_log() {
    _wl_n=${5:-1}
    wait_until "${3:-60}" "${4:-}" log_has "$1" "$2" "$_wl_n"
    case $? in
    0)
        echo "ok: $(grep -E -- "$2" "$1" | sed -n "${_wl_n}p")"
        return 0
        ;;
    1) echo "FAIL: no '$2' (x$_wl_n) in $1 within ${3:-60} s; its last lines:" ;;
    *) echo "FAIL: process $4 exited while waiting for '$2' (x$_wl_n) in $1; its last lines:" ;;
    esac
    tail -n 60 "$1"
    exit 1
}

# start_xvfb DIR [WxH]: start Xvfb (1024x768 unless told) with its log in
# DIR, set xpid and export DISPLAY once it accepts clients (Xvfb writes its
# display number to a fifo then); on failure print the log and exit 1.
# The caller kills $xpid.
start_xvfb() {
    need_tool Xvfb xvfb
    mkfifo "$1/displayfd"
    Xvfb -displayfd 3 -screen 0 "${2:-1024x768}x24" -nolisten tcp 3>"$1/displayfd" \
        2>"$1/xvfb.log" &
    xpid=$!
    read -r dnum <"$1/displayfd"
    [ -n "$dnum" ] || { echo "FAIL: Xvfb did not start"; cat "$1/xvfb.log"; exit 1; }
    export DISPLAY=":$dnum"
    echo "Xvfb on $DISPLAY"
}

# scratch_out: the test's scratch folder in $out, removed at exit after
# the process $pid (the kiosk, once the test sets it) is killed.
scratch_out() {
    out=$(mktemp -d)
    pid=
    trap 'scratch_out_end' EXIT
}
scratch_out_end() {
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    rm -rf "$out"
}

# scratch_work: the same in $work for the tests under X, which stop the
# kiosk ($vpid) and Xvfb ($xpid) at exit, when set, and wait for them.
scratch_work() {
    work=$(mktemp -d)
    vpid=
    xpid=
    trap 'scratch_work_end' EXIT
}
scratch_work_end() {
    [ -n "$vpid" ] && kill "$vpid" 2>/dev/null
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}

# bad WHY...: say what failed and go on; the test exits $fail at its end.
bad() {
    echo "FAIL: $*"
    fail=1
}

# stop_kiosk LOG: SIGTERM to the kiosk ($pid), as systemd stops it; it must
# exit 0 (else the test fails, with LOG's tail). $pid is cleared.
stop_kiosk() {
    kill -TERM "$pid"
    wait "$pid"
    _sk_rc=$?
    pid=
    [ $_sk_rc -eq 0 ] && return 0
    echo "FAIL: exit $_sk_rc after SIGTERM; the log's last lines:"
    tail -n 60 "$1"
    fail=1
}

# plug_stick WATCH FILE...: a USB stick appears in the watched folder
# WATCH, whole, as a mount does: FILE... in its vitrine/ folder (made
# beside WATCH, then moved in).
plug_stick() {
    _ps_at=$1
    shift
    rm -rf "$_ps_at.stick"
    mkdir -p "$_ps_at.stick/vitrine"
    cp "$@" "$_ps_at.stick/vitrine/"
    mv "$_ps_at.stick" "$_ps_at/stick"
}
