#!/bin/sh
# Two kiosk binaries side by side on the bundled exhibit (SDL's offscreen
# driver, software renderer, 1920x1080), started together so that they
# share the machine alike; after SECONDS each one's resident, proportional
# (PSS) and private memory from /proc/PID/smaps_rollup, and the PSS of the
# ICU libraries it maps. For comparing a change's memory with the commit
# before it (build each in its own folder).
# Usage: tests/bench/memory-pair.sh BIN_A BIN_B [SECONDS] (default 60).
# Figures, not pass/fail.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
a=$1
b=$2
secs=${3:-60}
export SDL_VIDEODRIVER=offscreen VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
work=$(mktemp -d)
pids=""
cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
i=0
for bin in "$a" "$b"; do
    i=$((i + 1))
    "$bin" run --no-watch --renderer software --windowed --size 1920x1080 \
        --state-dir "$work/state$i" >/dev/null 2>&1 &
    pids="$pids $!"
done
sleep "$secs" # what is measured: the loop running this long
i=0
for p in $pids; do
    i=$((i + 1))
    [ "$i" -eq 1 ] && name=$a || name=$b
    icu=$(awk '/^[0-9a-f]+-/ {icu = ($6 ~ /libicu/)} icu && /^Pss:/ {s += $2} END {print s + 0}' \
        "/proc/$p/smaps")
    awk -v n="$name" -v icu="$icu" '
        /^Rss:/ {r = $2} /^Pss:/ {s = $2} /^Private_Dirty:/ {d = $2} /^Private_Clean:/ {c = $2}
        END {printf "%s: RSS %.1f MB, PSS %.1f MB, private %.1f MB (dirty %.1f), ICU libraries PSS %.1f MB\n",
             n, r / 1024, s / 1024, (c + d) / 1024, d / 1024, icu / 1024}' "/proc/$p/smaps_rollup"
done
