#!/bin/sh
# The audio guide as a blind visitor meets it, in a real window under Xvfb
# with SDL's disk audio driver: a key starts it; what the kiosk says is
# eSpeak NG's own sound for the same words (the `espeak-ng` command's,
# sample for sample, found in what the output received); Down moves the
# focus to the page's first part and says it; left alone, the guide ends
# with the session and the loop goes back to silence.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool xdotool xdotool
need_tool espeak-ng espeak-ng
need_tool python3 python3
scratch_work
start_xvfb "$work" 1280x720
mkdir -p "$work/state" "$work/keys"
# full volume: the samples are eSpeak NG's unchanged; the shortest times
cat >"$work/kiosk.conf" <<CONF
speech_volume = 100
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
espeak-ng -v en --stdout "Audio guide on." >"$work/ref.wav" ||
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
echo "PASS"
