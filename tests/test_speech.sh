#!/bin/sh
# The audio guide as a blind visitor meets it, in a real window under Xvfb
# with SDL's disk audio driver: a key starts it; what the kiosk says is
# eSpeak NG's own sound for the same words at the rate the settings give
# (the `espeak-ng` command's, sample for sample, found in what the output
# received); Down moves the
# focus to the page's first part and says it; left alone, the guide ends
# with the session and the loop goes back to silence. A page with the
# museum's own recording plays it instead of synthesis.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool xdotool xdotool
need_tool espeak-ng espeak-ng
need_tool python3 python3
scratch_work
start_xvfb "$work" 1280x720
mkdir -p "$work/state" "$work/keys"
# full volume: the samples are eSpeak NG's unchanged; a slower rate than
# eSpeak NG's own, said as the command says it at that rate; the shortest
# times
cat >"$work/kiosk.conf" <<CONF
speech_volume = 100
speech_rate = 150
idle_timeout = 5
countdown_timeout = 5
CONF
own="--state-dir $work/state --keys $work/keys --config $work/kiosk.conf"
SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=disk \
    SDL_DISKAUDIOFILE="$work/out.raw" \
    "$VITRINE" run $own --windowed --size 1280x720 --no-watch --verbose >"$work/out" 2>"$work/log" &
vpid=$!
wait_log() { # pattern what
    echo "waiting for $2"
    wait_for_log "$work/log" "$1" 60 "$vpid"
}
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^vitrine$' | head -n 1)
[ -n "$wid" ] || { echo "FAIL: no vitrine window"; cat "$work/log"; exit 1; }
wait_log "first frame" "the first frame"

# any key starts the guide (speech_key = any by default)
xdotool key --window "$wid" a
wait_log "audio guide on \(a key\)" "the guide on"
wait_log "mode interactive" "the loop woken"
wait_log "say \[en\] Audio guide on\." "its first words"
wait_log "say \[en\] Page 1 of " "the page's position"

# what the output received holds eSpeak NG's own sound for those words
espeak-ng -v en -s 150 --stdout "Audio guide on." >"$work/ref.wav" ||
    { echo "FAIL: espeak-ng could not speak"; exit 1; }
heard() {
    python3 - "$work/out.raw" "$work/ref.wav" <<'PY'
import array, sys
raw = open(sys.argv[1], 'rb').read()
wav = open(sys.argv[2], 'rb').read()
ref = array.array('h', wav[wav.index(b'data') + 8:])
s, e = 0, len(ref)
while s < e and ref[s] == 0:
    s += 1
while e > s and ref[e - 1] == 0:
    e -= 1
core = ref[s:e].tobytes()
at = raw.find(core)
if at < 0 or e - s < 2000:
    sys.exit(1)
print("%d samples of espeak-ng's sound at sample %d of the output" % (e - s, at // 2))
PY
}
wait_until 60 "$vpid" heard || {
    echo "FAIL: the output never held espeak-ng's sound for \"Audio guide on.\""
    ls -l "$work/out.raw"
    exit 1
}
heard

# Down: the focus goes to the page's first part and that part is said
xdotool key --window "$wid" Down
wait_log "focus on title" "the focus on the title"
wait_log "say \[en\] Running Pyongyang" "the title said"

# left alone: "still there?" is asked aloud, then the guide ends with the
# session, and the loop is silent again
wait_log "say \[en\] Still there\?" "the question said"
wait_log "audio guide off" "the guide off"
wait_log "mode loop" "the loop again"
n_said=$(grep -c "say \[" "$work/log")
echo "ok: $n_said pieces said"

kill -TERM "$vpid"
wait_log "stopping" "the kiosk stopping"
wait "$vpid"

# A museum's own recording of the title page (audio_description, a 440 Hz
# tone here): the guide plays it in place of the synthesised page, and the
# output holds the tone
cp -r "$VITRINE_SOURCE_DIR/content/exhibits/pyongyang-2014" "$work/ex"
cp "$VITRINE_SOURCE_DIR/tests/data/audio/tone-1s-mono.opus" "$work/ex/tone.opus"
printf 'audio_description:\n  en: tone.opus\n' >>"$work/ex/panels/01-title.yaml"
# the visitor's time as usual: nothing cuts the recording short
printf 'speech_volume = 100\n' >"$work/long.conf"
"$VITRINE" bundle build "$work/ex" -o "$work/ex.vitrine" >"$work/build.log" 2>&1 ||
    { echo "FAIL: the exhibit with a recording did not build"; cat "$work/build.log"; exit 1; }
SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=disk \
    SDL_DISKAUDIOFILE="$work/out2.raw" \
    "$VITRINE" run --state-dir "$work/state" --keys "$work/keys" --config "$work/long.conf" \
    --content "$work/ex.vitrine" --windowed --size 1280x720 --no-watch \
    --verbose >"$work/out" 2>"$work/log" &
vpid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^vitrine$' | head -n 1)
[ -n "$wid" ] || { echo "FAIL: no vitrine window"; cat "$work/log"; exit 1; }
wait_log "first frame" "the first frame"
xdotool key --window "$wid" a
wait_log "play \[en\] a recorded description" "the recording played"
grep -q "say \[en\] Running Pyongyang" "$work/log" &&
    { echo "FAIL: the title was synthesised as well as played"; exit 1; }
tone() {
    python3 - "$work/out2.raw" <<'PY'
import array, math, sys
a = array.array('h', open(sys.argv[1], 'rb').read())
rate, n = 22050, 2205  # 100 ms windows
def power(w, f):
    k = 2 * math.cos(2 * math.pi * f / rate)
    s1 = s2 = 0.0
    for x in w:
        s1, s2 = x + k * s1 - s2, s1
    return s1 * s1 + s2 * s2 - k * s1 * s2
for at in range(0, len(a) - n, n):
    w = a[at:at + n]
    e = sum(x * x for x in w)
    if e > 1e6 and power(w, 440) > 0.5 * e * n / 2:
        print("a 440 Hz tone at %.1f s of the output" % (at / rate))
        sys.exit(0)
sys.exit(1)
PY
}
wait_until 60 "$vpid" tone || { echo "FAIL: no 440 Hz tone in the output"; exit 1; }
tone
kill -TERM "$vpid"
wait_log "stopping" "the kiosk stopping"
wait "$vpid"
echo "PASS"
