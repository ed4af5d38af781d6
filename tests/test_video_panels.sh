#!/bin/sh
# Video panels end to end, with real clips made by ffmpeg
# (tests/tools/make_clips.sh) in the test exhibit tests/data/video:
#  - bundle build takes H.264 and VP9 with WebVTT captions, warns about a
#    clip with sound and no captions at its line, and refuses a clip that is
#    not a video or is cut short, naming the file at the panel's line;
#  - bundle inspect lists each clip;
#  - the kiosk, full screen under Xvfb at 1920x1080 with the renderer it
#    picks, plays the clip (its picture moves), shows its caption, and moves
#    on at its end (then: next);
#  - the same with SDL's OpenGL and OpenGL ES renderers (Mesa's software
#    rasteriser here): mpv draws the clip with OpenGL into the renderer's
#    texture, upright and in its colours;
#  - a clip whose bytes are damaged in the store shows its poster, is logged
#    once, and the loop goes on.
set -u
: "${VITRINE:?}"
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
need_tool Xvfb xvfb
need_tool ffmpeg ffmpeg
need_tool python3 python3
need_tool minisign minisign
scratch_work
mkdir -p "$work/keys"
fail=0

sh "$top/tests/tools/make_clips.sh" "$work/clips" || exit $?
cp -r "$top/tests/data/video" "$work/ex"
mkdir "$work/ex/videos"
cp "$work/clips/h264.mp4" "$work/clips/h264.en.vtt" "$work/clips/h264.fr.vtt" \
    "$work/clips/vp9.webm" "$work/ex/videos/"

# ---- the build ---------------------------------------------------------------
if ! "$VITRINE" bundle build "$work/ex" -o "$work/ex.vitrine" >"$work/build.out" 2>&1; then
    cat "$work/build.out"
    bad "the test exhibit did not build"
fi
grep -q 'panels/03-loop.yaml:[0-9]*: video.file "videos/vp9.webm" has a sound track but no captions in English, Français' \
    "$work/build.out" || { cat "$work/build.out"; bad "no warning about the clip with sound and no captions"; }
grep -q '02-film.yaml.*captions' "$work/build.out" && bad "a warning about the captioned clip"

"$VITRINE" bundle inspect "$work/ex.vitrine" >"$work/inspect.out" 2>&1
grep -q '^clip:      videos/h264.mp4: h264 in mp4, 1280x720, 0:03.0, .*with sound, captions in 2 languages (panel 2)$' \
    "$work/inspect.out" || { cat "$work/inspect.out"; bad "inspect does not list the H.264 clip"; }
grep -q '^clip:      videos/vp9.webm: vp9 in webm, 1280x720, 0:03.0, .*with sound, no captions (panel 3)$' \
    "$work/inspect.out" ||
    bad "inspect does not list the VP9 clip"
grep -q '^clips:     2$' "$work/inspect.out" || bad "inspect does not count 2 clips"

# bundle verify's audio guide report: each clip is said (its caption, the body), nothing silent
minisign -G -W -p "$work/keys/test.pub" -s "$work/test.key" >/dev/null 2>&1 &&
    minisign -S -s "$work/test.key" -m "$work/ex.vitrine" >/dev/null 2>&1 || bad "minisign"
"$VITRINE" bundle verify "$work/ex.vitrine" --keys "$work/keys" >"$work/verify.out" 2>&1 ||
    { cat "$work/verify.out"; bad "bundle verify refused the test exhibit"; }
grep -q '^speech: [1-9][0-9]* parts in 5 panels spoken; 0 silent; 0 languages without a voice$' \
    "$work/verify.out" || { cat "$work/verify.out"; bad "bundle verify's speech report"; }

# refused: not a video, and a clip cut short; the file at its panel's video: line
line=$(grep -n '^  file:' "$work/ex/panels/02-film.yaml" | cut -d: -f1)
for broken in garbage.mp4:"not a video" truncated.mp4:"cut short"; do
    clip=${broken%%:*}
    words=${broken#*:}
    rm -rf "$work/bad"
    cp -r "$work/ex" "$work/bad"
    cp "$work/clips/$clip" "$work/bad/videos/h264.mp4"
    if "$VITRINE" bundle build "$work/bad" -o "$work/bad.vitrine" >"$work/bad.out" 2>&1; then
        bad "$clip was taken for a clip"
    elif ! grep -q "panels/02-film.yaml:$line: video.file \"videos/h264.mp4\" .*$words" "$work/bad.out"; then
        cat "$work/bad.out"
        bad "$clip: the refusal does not name the file at panels/02-film.yaml:$line with \"$words\""
    fi
    [ -e "$work/bad.vitrine" ] && bad "$clip: a store was written"
done

# a caption that cannot fit its three lines over the picture at some size
rm -rf "$work/bad"
cp -r "$work/ex" "$work/bad"
printf 'WEBVTT\n\n00:00.500 --> 00:01.500\n%s\n' "$(printf 'far too many words %.0s' $(seq 14))" \
    >"$work/bad/videos/h264.en.vtt"
if "$VITRINE" bundle build "$work/bad" -o "$work/bad.vitrine" >"$work/bad.out" 2>&1; then
    bad "a caption too long for the picture was taken"
elif ! grep -q "panels/02-film.yaml:[0-9]*: in English, the caption at 0:00.5 of panel '02-film' is too long for the picture at [0-9]*x[0-9]*" "$work/bad.out"; then
    cat "$work/bad.out"
    bad "the caption too long is not named with its time and sizes"
fi

# ---- on screen ---------------------------------------------------------------
# the film first: a copy without the title panel
rm "$work/ex/panels/01-title.yaml"
"$VITRINE" bundle build "$work/ex" -o "$work/film.vitrine" >/dev/null 2>&1 || bad "the film-first exhibit did not build"

start_xvfb "$work" 1920x1080
export SDL_VIDEODRIVER=x11
unset SDL_RENDER_DRIVER

# grab NAME X Y W H: that part of the screen, as raw RGB (at once: without
# the probe options, ffmpeg looks at the stream for 0.7 s first)
grab() {
    ffmpeg -nostdin -loglevel error -y -probesize 32 -analyzeduration 0 -f x11grab \
        -video_size "$4x$5" -i "$DISPLAY+$2,$3" \
        -frames:v 1 -f rawvideo -pix_fmt rgb24 "$work/$1.rgb"
}
# wait_log TEXT FILE: until the kiosk's log says it (lib.sh's wait_for_log,
# in a subshell: 1 on failure, and the test goes on to say what else is wrong)
wait_log() { (wait_for_log "$2" "$1" 30 "$vpid"); }
same() { cmp -s "$work/$1.rgb" "$work/$2.rgb"; }
# moves NAME: the clip's picture, grabbed as NAME1 before, is grabbed again
# (NAME2) until it differs: the clip plays on. 1 when it has not within
# 20 s; $grabs says how many grabs it took (each is an ffmpeg of its own,
# longer than a frame of the clip)
moves() {
    grabs=0
    wait_until 20 "$vpid" picture_differs "$1"
}
picture_differs() {
    grabs=$((grabs + 1))
    grab "${1}2" 300 200 240 240 && ! same "${1}1" "${1}2"
}
# upright NAME: the clip's picture (its box at 76,76) is upright and in its
# colours: testsrc2's time code, light on a dark box, is at its top left,
# and its first bar is red (turned over, the corner is red; red and blue
# swapped, the bar is blue); medians, as testsrc2's lines move over both
upright() {
    grab "$1-corner" 80 80 60 20 && grab "$1-bar" 100 300 40 40 &&
        python3 - "$work/$1-corner.rgb" "$work/$1-bar.rgb" <<'EOF'
import sys
corner = open(sys.argv[1], "rb").read()
bar = open(sys.argv[2], "rb").read()
median = lambda v: sorted(v)[len(v) // 2]
grey = median([sum(corner[i:i + 3]) / 3 for i in range(0, len(corner), 3)])
r, g, b = (median(bar[c::3]) for c in range(3))
print("corner %d, bar %d %d %d" % (grey, r, g, b))
sys.exit(0 if grey < 50 and r > 180 and g < 80 and b < 80 else 1)
EOF
}

"$VITRINE" run --content "$work/film.vitrine" --no-watch --state-dir "$work/state" \
    >"$work/run.out" 2>"$work/run.log" &
vpid=$!
wait_log 'first frame presented' "$work/run.log" || bad "no first frame"
# the picture (inside the clip's box, left two thirds) and the heading
grab pic1 300 200 240 240
grab head1 1290 120 560 160
moves pic || bad "the clip's picture does not move"
played_in=$grabs
upright sw || bad "the clip's picture is not upright in its colours"
# its caption: a band at the foot of the picture (every moment of the clip
# has one); looked for until it is there, as a loaded machine starts it later
caption_band() {
    grab cap 400 600 500 90 && python3 - "$work/cap.rgb" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
# the caption's band is the background colour (dark), its text light: a
# test picture of saturated bars has neither many dark nor many light greys
px = [data[i:i + 3] for i in range(0, len(data), 3)]
dark = sum(1 for p in px if max(p) < 60)
light = sum(1 for p in px if min(p) > 200)
sys.exit(0 if dark > len(px) // 10 and light > 50 else 1)
EOF
}
wait_until 20 "$vpid" caption_band || bad "no caption band over the picture"
# at its end (3 s) the loop goes on: the heading becomes another panel's
heading_changed() { grab head2 1290 120 560 160 && ! same head1 head2; }
wait_until 30 "$vpid" heading_changed || bad "the loop did not go on at the clip's end"
grep -q 'cannot be played' "$work/run.log" && { cat "$work/run.log"; bad "the clip failed"; }
kill "$vpid"
wait "$vpid" || bad "the kiosk did not exit 0 on SIGTERM"
vpid=""

# ---- drawn with OpenGL ---------------------------------------------------------
# Mesa's software OpenGL stands in for a GPU's: the same code draws there.
# (Mesa keeps memory to the end: no leak check for these runs.)
for renderer in opengl opengles2; do
    # a log of its own, made here: a background job's redirection is made
    # by the job itself, so a log shared with the last run could still hold
    # that run's "first frame presented" when wait_log first reads it
    : >"$work/$renderer.log"
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 LIBGL_ALWAYS_SOFTWARE=1 \
        "$VITRINE" run --content "$work/film.vitrine" --no-watch --state-dir "$work/state" \
        --renderer "$renderer" >"$work/gl.out" 2>>"$work/$renderer.log" &
    vpid=$!
    if ! wait_log 'first frame presented' "$work/$renderer.log"; then
        bad "$renderer: no first frame"
    elif ! grep -q "renderer $renderer: asked for" "$work/$renderer.log"; then
        cat "$work/$renderer.log"
        bad "$renderer: not the renderer asked for"
    else
        wait_log "clips are drawn by mpv's OpenGL renderer" "$work/$renderer.log" ||
            bad "$renderer: the clip is not drawn with OpenGL"
        # its first picture, looked for a few times (Mesa draws on the CPU)
        grab gl1 300 200 240 240
        moves gl || bad "$renderer: the clip's picture does not move"
        upright "$renderer" || bad "$renderer: the clip's picture is not upright in its colours"
        grep -q 'cannot be played\|drawn in software' "$work/$renderer.log" &&
            { cat "$work/$renderer.log"; bad "$renderer: the clip failed or fell back to software"; }
    fi
    kill "$vpid"
    wait "$vpid" || bad "$renderer: the kiosk did not exit 0 on SIGTERM"
    vpid=""
done

# ---- a clip damaged in the store ---------------------------------------------
cp "$work/film.vitrine" "$work/damaged.vitrine"
python3 - "$work/damaged.vitrine" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
# the same length, but no video in it: the header and every frame zeroed
db.execute("UPDATE clip SET data = zeroblob(length(data)) WHERE name = 'videos/h264.mp4'")
db.commit()
EOF
"$VITRINE" run --content "$work/damaged.vitrine" --no-watch --state-dir "$work/state" \
    >"$work/run2.out" 2>"$work/run2.log" &
vpid=$!
wait_log 'first frame presented' "$work/run2.log" || bad "no first frame with a damaged clip"
wait_log 'videos/h264.mp4' "$work/run2.log" || bad "the damaged clip is not logged"
# the poster stays: nothing moves in more grabs than the playing clip
# needed to show a new picture (no clock: as slow as this machine is)
grab poster1 300 200 240 240
for try in $(seq $((${played_in:-8} + 2))); do
    grab poster2 300 200 240 240
    same poster1 poster2 || { bad "a damaged clip's panel moves (no poster)"; break; }
done
python3 - "$work/poster1.rgb" <<'EOF' || bad "a damaged clip's panel is black, not its poster"
import sys
data = open(sys.argv[1], "rb").read()
sys.exit(0 if sum(data) / len(data) > 40 else 1)
EOF
grab head3 1290 120 560 160
n=$(grep -c 'videos/h264.mp4' "$work/run2.log")
[ "$n" -eq 1 ] || { cat "$work/run2.log"; bad "the damaged clip is logged $n times, not once"; }
kill -0 "$vpid" 2>/dev/null || bad "the kiosk stopped"
kill "$vpid"
wait "$vpid" || bad "the kiosk did not exit 0 on SIGTERM after a damaged clip"
vpid=""

[ $fail -eq 0 ] && echo "PASS: video panels built, listed, played (software, OpenGL, OpenGL ES), captioned, moved on; a damaged clip shows its poster"
exit $fail
