#!/bin/sh
# vitrine against mpv alone, playing the same 1080p30 H.264 clip (20 s, made
# by tests/tools/make_clips.sh --bench) on one Xvfb at 1920x1080, both in
# software (no GPU here; mpv's x11 output, vitrine's software renderer as
# it picks it). vitrine shows it on a video panel (the clip in the panel's
# box, two thirds of the screen); mpv plays it in a borderless window of the
# same size at the same place, so both scale the same picture to the same
# size. Each loops the clip, muted. Prints for each and their ratio:
#  - CPU over MEASURE_S seconds of playback (after SETTLE_S), the program
#    (all its threads) and the X server, each run having the X server to
#    itself;
#  - frames dropped over the whole run (vitrine: its player's count, logged
#    when the clip stops; mpv: frame-drop-count + decoder-frame-drop-count,
#    asked over its IPC socket);
#  - PSS at the end of the measure, summed over the program's processes.
# Usage: tests/bench/video.sh [RUNS] (default 3; medians). Figures, not
# pass/fail. Needs Xvfb, ffmpeg, mpv, python3 (platform/debian-deps.sh).
# RENDERER=opengl (or opengles2) gives vitrine that renderer (--renderer):
# its clips are then drawn by mpv's OpenGL renderer; on a machine without a
# GPU that is Mesa's software one (LIBGL_ALWAYS_SOFTWARE=1 forces it).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb xauth ffmpeg mpv python3
runs=${1:-3}
SETTLE_S=${SETTLE_S:-3}
MEASURE_S=${MEASURE_S:-15}
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
work=$(mktemp -d)
xpid=""
cleanup() {
    pkill -P $$ 2>/dev/null || true
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

sh "$top/tests/tools/make_clips.sh" "$work/clips" --bench >/dev/null
clip="$work/clips/h264-1080p30.mp4"
mkdir -p "$work/ex/panels" "$work/ex/videos"
cp "$clip" "$work/ex/videos/film.mp4"
cat >"$work/ex/exhibit.yaml" <<'EOF'
id: video-bench
version: "1"
default_locale: en
locales: {en: English}
title: A film
sources:
  - {id: s, cite: Test pattern, description: A test picture made by ffmpeg.}
EOF
cat >"$work/ex/panels/01-film.yaml" <<'EOF'
kind: video
heading: The film
body: A test picture, played in a loop.
sources: [s]
video: {file: videos/film.mp4}
EOF
"$vitrine" bundle build "$work/ex" -o "$work/film.vitrine" >/dev/null 2>&1

start_x() {
    rm -f "$work/fd"
    mkfifo "$work/fd"
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/fd" 2>/dev/null &
    xpid=$!
    read -r dnum <"$work/fd"
    export DISPLAY=":$dnum"
}
stop_x() { kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null || true; xpid=""; }
tree() {
    echo "$1"
    for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$c"; done
}
cpu_of() {
    hz=$(getconf CLK_TCK)
    for p in "$@"; do
        [ -r /proc/$p/stat ] && sed 's/.*) //' /proc/$p/stat | awk '{print $12 + $13}'
    done | awk -v hz="$hz" '{s += $1} END {printf "%.3f", s / hz}'
}
pss_of() {
    for p in "$@"; do
        [ -r /proc/$p/smaps_rollup ] && awk '/^Pss:/ {print $2}' /proc/$p/smaps_rollup
    done | awk '{s += $1} END {printf "%.1f", s / 1024}'
}
# measure PID: "cpu_prog_pct cpu_x_pct pss_mb" over MEASURE_S after SETTLE_S
measure() {
    sleep "$SETTLE_S" # the player settles into its steady state: what is measured
    p0=$(cpu_of $(tree "$1"))
    x0=$(cpu_of "$xpid")
    sleep "$MEASURE_S" # the measure's window
    p1=$(cpu_of $(tree "$1"))
    x1=$(cpu_of "$xpid")
    pss=$(pss_of $(tree "$1"))
    awk -v a="$p0" -v b="$p1" -v c="$x0" -v d="$x1" -v s="$MEASURE_S" -v m="$pss" \
        'BEGIN {printf "%.1f %.1f %.1f", (b - a) * 100 / s, (d - c) * 100 / s, m}'
}

: >"$work/vitrine.txt"
: >"$work/mpv.txt"
geom=""
for i in $(seq "$runs"); do
    start_x
    SDL_VIDEODRIVER=x11 "$vitrine" run --content "$work/film.vitrine" --no-watch \
        --state-dir "$work/state" ${RENDERER:+--renderer "$RENDERER"} >/dev/null 2>"$work/v.log" &
    vpid=$!
    m=$(measure "$vpid")
    kill "$vpid"
    wait "$vpid" || true
    drops=$(sed -n 's/.*video videos\/film.mp4 stopped, drawn at \([0-9x+]*\): \([0-9]*\) frames dropped.*/\2/p' "$work/v.log" | tail -1)
    geom=$(sed -n 's/.*stopped, drawn at \([0-9x+]*\):.*/\1/p' "$work/v.log" | tail -1)
    echo "$m ${drops:-?}" >>"$work/vitrine.txt"
    stop_x

    start_x
    mpv --no-config --really-quiet --vo=x11 --hwdec=no --no-audio --loop-file=inf \
        --no-border --geometry="${geom:-1229x691+76+76}" --no-osc --no-input-default-bindings \
        --input-ipc-server="$work/mpv.sock" "$clip" >/dev/null 2>&1 &
    mpid=$!
    m=$(measure "$mpid")
    drops=$(python3 - "$work/mpv.sock" <<'EOF'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
total = 0
for i, prop in enumerate(("frame-drop-count", "decoder-frame-drop-count")):
    s.sendall(json.dumps({"command": ["get_property", prop], "request_id": i}).encode() + b"\n")
    buf = b""
    while True:
        buf += s.recv(4096)
        lines = [json.loads(l) for l in buf.split(b"\n") if l.strip()]
        got = [l for l in lines if l.get("request_id") == i]
        if got:
            total += int(got[0].get("data") or 0)
            break
print(total)
EOF
    )
    kill "$mpid"
    wait "$mpid" 2>/dev/null || true
    echo "$m ${drops:-?}" >>"$work/mpv.txt"
    stop_x
done

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
col() { awk -v c="$2" '{print $c}' "$1" | median; }
echo "1080p30 H.264 (20 s, looped), shown at ${geom:-?} on Xvfb 1920x1080, vitrine's renderer ${RENDERER:-as it picks it}, $(nproc) cores, $runs runs (medians):"
printf '%-10s %10s %10s %10s %10s %10s\n' "" "CPU %" "X CPU %" "both %" "PSS MB" "dropped"
for p in vitrine mpv; do
    c=$(col "$work/$p.txt" 1)
    x=$(col "$work/$p.txt" 2)
    printf '%-10s %10s %10s %10.1f %10s %10s\n' "$p" "$c" "$x" "$(echo "$c $x" | awk '{print $1 + $2}')" \
        "$(col "$work/$p.txt" 3)" "$(awk '{print $4}' "$work/$p.txt" | tr '\n' ' ')"
done
vc=$(col "$work/vitrine.txt" 1)
mc=$(col "$work/mpv.txt" 1)
vb=$(awk '{print $1 + $2}' "$work/vitrine.txt" | median)
mb=$(awk '{print $1 + $2}' "$work/mpv.txt" | median)
echo "vitrine / mpv: CPU $(echo "$vc $mc" | awk '{printf "%.2f", $1 / $2}')x, with the X server $(echo "$vb $mb" | awk '{printf "%.2f", $1 / $2}')x"
