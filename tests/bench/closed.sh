#!/bin/sh
# What a closed kiosk costs, as a kiosk box meets it: the release build
# full screen under Xvfb (1920x1080) with the renderer it picks, opening
# hours that close two minutes after the start. Prints PSS and CPU ticks
# over 30 s while open (after 45 s of the loop) and while closed. Figures,
# not pass/fail; run it alone (PSS shares library pages with any other
# process mapping them). Usage: tests/bench/closed.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target vitrine >/dev/null
out=$(mktemp -d)
pid= xpid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "$xpid" ] && kill "$xpid"; rm -rf "$out"' EXIT
mkfifo "$out/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$out/displayfd" 2>"$out/xvfb.log" &
xpid=$!
read -r dnum <"$out/displayfd"
export DISPLAY=":$dnum"
unset SDL_RENDER_DRIVER SDL_VIDEODRIVER
printf 'hours = mon-sun %s-%s\n' "$(date -u +%H:%M)" "$(date -u -d '+2 min' +%H:%M)" >"$out/conf"
VITRINE_ASSETS_DIR="$top/assets" TZ=UTC "$build/vitrine" run --config "$out/conf" \
    --state-dir "$out/state" --no-watch 2>"$out/log" &
pid=$!
pss() {
    awk '/^Pss:/ { s += $2 } /^Rss:/ { r += $2 } END { printf "%.1f MB (RSS %.1f MB)", s / 1024, r / 1024 }' \
        "/proc/$pid/smaps_rollup"
}
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
sleep 45
echo "open, after 45 s: PSS $(pss)"
c0=$(ticks); sleep 30; echo "open: $(( $(ticks) - c0 )) CPU ticks in 30 s (100 a second is one core)"
while ! grep -q 'closed:' "$out/log"; do sleep 1; done
sleep 5
echo "closed, after 5 s: PSS $(pss)"
c0=$(ticks); sleep 30; echo "closed: $(( $(ticks) - c0 )) CPU ticks in 30 s"
grep -m1 'renderer' "$out/log"
