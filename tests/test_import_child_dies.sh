#!/bin/sh
# An import child that dies says what it was doing. The import decodes
# every clip of a bundle in a child process (a library that aborts on a
# clip it cannot take, as libmpv did on a clip turned a quarter, takes
# only the child down). vitrine-faulty aborts that child as it starts on a
# clip ("import-clip"): the kiosk goes on showing its exhibit, and staff
# and the log are told which clip it was checking, not only a signal's
# number. Waits on log lines, with a limit, never on a fixed sleep.
set -u
: "${VITRINE:?}" "${VITRINE_FAULTY:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool minisign minisign
scratch_out
fail=0

wait_for() { wait_for_log "$2" "$1" 120 "$pid"; } # PATTERN LOG: the line, or fail after 120 s

sh "$VITRINE_SOURCE_DIR/tests/tools/make_clips.sh" "$out/clips" || exit $?
cp -R "$VITRINE_SOURCE_DIR/tests/data/video" "$out/src"
mkdir "$out/src/videos"
cp "$out/clips/h264.mp4" "$out/clips/h264.en.vtt" "$out/clips/h264.fr.vtt" \
    "$out/clips/vp9.webm" "$out/src/videos/"
mkdir -p "$out/keys" "$out/watch" "$out/state"
minisign -G -W -p "$out/keys/staff.pub" -s "$out/staff.key" >/dev/null
"$VITRINE" bundle build "$out/src" -o "$out/film.vitrine" >/dev/null 2>&1 ||
    { echo "FAIL: build"; exit 1; }
minisign -S -s "$out/staff.key" -m "$out/film.vitrine" >/dev/null || { echo "FAIL: sign"; exit 1; }

VITRINE_TEST_FAULT=import-clip \
    "$VITRINE_FAULTY" run -v --windowed --size 1280x720 --watch "$out/watch" \
    --state-dir "$out/state" --keys "$out/keys" 2>"$out/log" &
pid=$!
wait_for 'first frame presented' "$out/log"
plug_stick "$out/watch" "$out/film.vitrine" "$out/film.vitrine.minisig"
wait_for 'a fault at import-clip' "$out/log"
wait_for 'not loaded: the import stopped unexpectedly while checking video videos/h264.mp4 \(panel 2\) \(signal 6, Aborted\)' "$out/log"
[ -f "$out/state/current" ] && { echo "FAIL: the failed import changed the exhibit"; fail=1; }
[ -d "$out/state/staging" ] && { echo "FAIL: the failed import's staging was left"; fail=1; }
stop_kiosk "$out/log"
[ $fail -eq 0 ] && echo "PASS: the import child's crash names the clip it was checking"
exit $fail
