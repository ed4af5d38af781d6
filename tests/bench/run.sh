#!/bin/sh
# Benchmarks: figures, not pass/fail. Builds a release binary and prints
#  - `vitrine bench` with the offscreen driver (what CI machines have) and
#    under Xvfb with the X11 driver (native blocking wait, as on a kiosk);
#  - how long a ten-minute touch script takes to play in simulated time.
# Usage: tests/bench/run.sh [--runs N]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# the shipped fallback font, from the source tree (not installed)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb xauth
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
export SDL_RENDER_DRIVER=software

echo "== vitrine bench, offscreen driver"
SDL_VIDEODRIVER=offscreen "$vitrine" bench "$@" 2>/dev/null

echo "== vitrine bench, X11 driver under Xvfb"
work=$(mktemp -d)
trap 'kill $xpid 2>/dev/null; rm -rf "$work"' EXIT
mkfifo "$work/fd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/fd" 2>/dev/null &
xpid=$!
read -r dnum <"$work/fd"
DISPLAY=":$dnum" SDL_VIDEODRIVER=x11 "$vitrine" bench "$@" 2>/dev/null

echo "== a ten-minute script in simulated time"
script="$work/ten-minutes.txt"
{
    echo "1000 tap 0.5 0.5"
    t=2000
    while [ $t -lt 600000 ]; do
        echo "$t swipe 0.8 0.5 0.2 0.5 250"
        t=$((t + 5000))
    done
    echo "600000 shot end"
} >"$script"
start=$(date +%s%N)
SDL_VIDEODRIVER=offscreen "$vitrine" render --script "$script" --out "$work" | tail -n 1
end=$(date +%s%N)
echo "script_wall_ms          $(((end - start) / 1000000))  (600 s of touches, 119 swipes)"
