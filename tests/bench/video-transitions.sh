#!/bin/sh
# What each transition of the video test exhibit (tests/data/video: a
# captioned H.264 clip that plays once, a VP9 clip that loops, panels of
# text) costs on a screen: the kiosk full screen on one Xvfb of each size,
# the renderer it picks by itself, the exhibit looping for SECONDS; prints
# the kiosk's own lines for each transition (`vitrine run -v`: kind,
# frames, median and worst frame time, draw and present) and whether the
# loop had to move to a cheaper transition (over 14 ms a frame, median);
# then the loop's longest pass (a clip's start or stop that holds up the
# kiosk's thread shows there, outside any frame's time) and each clip's
# frames dropped and decoder.
# Usage: tests/bench/video-transitions.sh [SECONDS] [WxH ...]
# (default 40 s at 3840x2160 and 1920x1080). Figures, not pass/fail.
# Needs Xvfb, ffmpeg (the clips), python3 (platform/debian-deps.sh).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb xauth ffmpeg python3
secs=${1:-40}
[ $# -gt 0 ] && shift
sizes=${*:-3840x2160 1920x1080}
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

sh "$top/tests/tools/make_clips.sh" "$work/clips" >/dev/null
cp -r "$top/tests/data/video" "$work/ex"
mkdir "$work/ex/videos"
cp "$work/clips/h264.mp4" "$work/clips/h264.en.vtt" "$work/clips/h264.fr.vtt" \
    "$work/clips/vp9.webm" "$work/ex/videos/"
"$vitrine" bundle build "$work/ex" -o "$work/film.vitrine" >/dev/null 2>&1

for size in $sizes; do
    rm -f "$work/displayfd"
    mkfifo "$work/displayfd"
    Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$work/displayfd" 2>/dev/null &
    xpid=$!
    read -r dnum <"$work/displayfd" # written once it accepts clients
    [ -n "$dnum" ] || { echo "Xvfb did not start at $size"; exit 1; }
    # a new log each size, emptied before the job starts (the job's own
    # redirection may come after the first look)
    : >"$work/run.log"
    DISPLAY=":$dnum" SDL_VIDEODRIVER=x11 "$vitrine" run \
        --content "$work/film.vitrine" --no-watch --state-dir "$work/state" -v \
        >/dev/null 2>>"$work/run.log" &
    vpid=$!
    sleep "$secs" # the loop runs: what is measured
    kill "$vpid"
    wait "$vpid" || true
    vpid=""
    kill "$xpid"
    wait "$xpid" 2>/dev/null || true
    xpid=""
    echo "== $size, $(sed -n 's/.*renderer \(.*\)$/\1/p' "$work/run.log" | head -n 1), $(nproc) cores, $secs s"
    grep 'transitions:' "$work/run.log" | sed 's/^.*transitions: /  /' || echo "  (no transition in $secs s)"
    sed -n "s/.*\(the loop's longest pass.*\)/  \1/p" "$work/run.log"
    sed -n 's/.*video \(.* stopped, .*\)$/  \1/p' "$work/run.log"
done
