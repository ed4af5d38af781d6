#!/bin/sh
# What a visitor's first touch costs the kiosk's thread, the way a visitor
# meets it: the kiosk full screen on Xvfb, the renderer it picks by itself,
# an exhibit looping; one click (a touch) once the first frame is up; then
# the loop's passes for 4 s. Prints, for each run, the longest pass of the
# loop after the touch (`vitrine run -v` logs every pass over 50 ms) and the
# whole run's longest pass, and their medians. A language whose layout
# needs a slow resource (a hyphenation dictionary loaded at the first
# touch) shows here as a pass of seconds.
# Usage: tests/bench/first-touch.sh [RUNS] [EXHIBIT_DIR] [WxH] [LOCALE]
# (default 5 runs of tests/bench/data/en-de, an English + German exhibit, at
# 1920x1080, in its default language; LOCALE: the loop's language, e.g. de).
# Figures, not pass/fail.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb xauth xdotool
runs=${1:-5}
src=${2:-$top/tests/bench/data/en-de}
size=${3:-1920x1080}
locale=${4:-}
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
work=$(mktemp -d)
xpid=""
vpid=""
cleanup() {
    [ -n "$vpid" ] && kill "$vpid" 2>/dev/null
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

"$vitrine" bundle build "$src" -o "$work/ex.vitrine" >/dev/null
w=${size%x*}
h=${size#*x}

# wait_for FILE PATTERN SECONDS: poll the log until PATTERN appears
wait_for() {
    t=0
    while ! grep -q "$2" "$1"; do
        t=$((t + 1))
        [ "$t" -gt $(($3 * 10)) ] && return 1
        sleep 0.1
    done
}

# ms LINES: the largest "a pass took N ms" among LINES (0 when none)
longest() {
    sed -n 's/.*a pass took \([0-9.]*\) ms.*/\1/p' | awk '$1 > m {m = $1} END {print m + 0}'
}

median() {
    sort -n | awk '{a[NR] = $1} END {print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

: >"$work/after"
: >"$work/whole"
i=0
while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    rm -f "$work/displayfd"
    mkfifo "$work/displayfd"
    Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$work/displayfd" 2>/dev/null &
    xpid=$!
    read -r dnum <"$work/displayfd"
    : >"$work/run.log"
    rm -rf "$work/state"
    DISPLAY=":$dnum" "$vitrine" run --content "$work/ex.vitrine" --no-watch \
        --state-dir "$work/state" ${locale:+--locale "$locale"} -v >/dev/null 2>>"$work/run.log" &
    vpid=$!
    wait_for "$work/run.log" "first frame presented" 30 || { echo "no first frame"; exit 1; }
    sleep 1 # the loop runs a moment, as between visitors
    mark=$(wc -l <"$work/run.log")
    DISPLAY=":$dnum" xdotool mousemove $((w / 2)) $((h / 2)) click 1
    sleep 4 # what is measured: the passes after the touch
    kill "$vpid"
    wait "$vpid" || true
    vpid=""
    kill "$xpid"
    wait "$xpid" 2>/dev/null || true
    xpid=""
    a=$(tail -n +"$((mark + 1))" "$work/run.log" | longest)
    b=$(sed -n "s/.*the loop's longest pass took \([0-9.]*\) ms.*/\1/p" "$work/run.log")
    r=$(sed -n 's/.*renderer \(.*\)$/\1/p' "$work/run.log" | head -n 1)
    echo "run $i: longest pass after the touch ${a} ms (0: none over 50 ms); whole run ${b} ms; renderer ${r}"
    echo "$a" >>"$work/after"
    echo "${b:-0}" >>"$work/whole"
done
echo "== $(basename "$src")${locale:+ in $locale} at $size, $(nproc) cores, $runs runs: median longest pass after the first touch $(median <"$work/after") ms; median longest pass of the run $(median <"$work/whole") ms"
