#!/bin/sh
# `vitrine preview` end to end: a copy of an exhibit's sources, edited the
# way editors save (rename over, write in place, delete), the preview
# rebuilding after each save and showing the same panel again, the build
# error on screen while a file is broken, a new subfolder watched, and a
# clean stop on SIGTERM. Everything waits on the preview's log lines (with
# a time limit), never on a fixed sleep.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
scratch_out
fail=0
src=$out/src
mkdir "$out/tmp"
cp -R "$VITRINE_SOURCE_DIR/tests/data/author/good" "$src"
cp "$src/panels/02-arrival.yaml" "$out/02-arrival.orig"

# --help gives preview's own default idle timeout, the one it uses (it
# said 60 s while the preview waits 600 s)
"$VITRINE" preview --help 2>&1 | grep -q -- '--idle-timeout S .*(default 600;' ||
    { echo "FAIL: preview --help does not give its idle default of 600 s"; fail=1; }
"$VITRINE" run --help 2>&1 | grep -q -- '--idle-timeout S .*(default 60;' ||
    { echo "FAIL: run --help does not give its idle default of 60 s"; fail=1; }

# wait_for COUNT PATTERN: until the log has COUNT lines matching PATTERN
# (grep -E), or 60 s have passed, or the preview has exited
wait_for() { wait_for_log "$out/log" "$2" 60 "$pid" "$1"; }

# usage errors
"$VITRINE" preview >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: preview without a folder is not a usage error"; fail=1; }
if "$VITRINE" preview "$out/missing" --frames 1 2>"$out/err.txt"; then
    echo "FAIL: a missing folder was accepted"; fail=1
else
    grep -q "is not a folder" "$out/err.txt" || { echo "FAIL: $(cat "$out/err.txt")"; fail=1; }
fi

# the folder of a preview that was killed (its process gone), and one of a
# preview still running (this shell): the first is swept at start, the
# second is not touched
dead=$(sh -c 'echo $$')
mkdir "$out/tmp/vitrine-preview-dead01" "$out/tmp/vitrine-preview-live01"
echo "$dead" >"$out/tmp/vitrine-preview-dead01/pid"
: >"$out/tmp/vitrine-preview-dead01/preview.vitrine"
: >"$out/tmp/vitrine-preview-dead01/preview.vitrine.tmp-Ab12Cd"
echo $$ >"$out/tmp/vitrine-preview-live01/pid"
: >"$out/tmp/vitrine-preview-live01/preview.vitrine"

: >"$out/log" # before the preview opens it: wait_for may look first
TMPDIR=$out/tmp "$VITRINE" preview "$src" --size 800x480 --panel 3 --shot "$out/shot.png" \
    2>"$out/log" &
pid=$!
wait_for 1 'rebuilt in [0-9]+ ms, panel 3 of 5'
# the sources' plain texts (one language of two) are warned about, on screen too
wait_for 1 'panel 3 of 5 .*; [1-9][0-9]* warnings, shown at the top of the window'
cp "$out/shot.png" "$out/ok.png"
if [ -e "$out/tmp/vitrine-preview-dead01" ]; then
    echo "FAIL: a dead preview's folder was not swept"; fail=1
else
    echo "ok: a dead preview's folder was swept"
fi
[ -f "$out/tmp/vitrine-preview-live01/preview.vitrine" ] ||
    { echo "FAIL: a running preview's folder was touched"; fail=1; }
rm -r "$out/tmp/vitrine-preview-live01"

# an editor's save: a temporary file renamed over the panel, here broken YAML
printf 'kind: [story\nheading: x\n' >"$src/panels/.02-arrival.yaml.swp"
mv "$src/panels/.02-arrival.yaml.swp" "$src/panels/02-arrival.yaml"
wait_for 1 'build failed'
wait_for 1 'panels/02-arrival.yaml:[0-9]+: '
cmp -s "$out/ok.png" "$out/shot.png" && { echo "FAIL: the error card looks like the panel"; fail=1; }
cp "$out/shot.png" "$out/error.png"

# the fix, written in place: panels again, on the same panel
cat "$out/02-arrival.orig" >"$src/panels/02-arrival.yaml"
wait_for 2 'rebuilt in [0-9]+ ms, panel 3 of 5'

# a second error while broken, then fixed: the preview never gives up
printf 'kind: story\nheading: [\n' >"$src/panels/03-runners.yaml.new"
mv "$src/panels/03-runners.yaml.new" "$src/panels/03-runners.yaml"
wait_for 2 'build failed'
wait_for 1 'panels/03-runners.yaml:[0-9]+: '
cp "$VITRINE_SOURCE_DIR/tests/data/author/good/panels/03-runners.yaml" "$src/panels/"
wait_for 3 'rebuilt in [0-9]+ ms, panel 3 of 5'

# panels deleted under the one shown: the index is clamped
rm "$src/panels/04-jen.yaml" "$src/panels/05-credits.yaml" "$src/panels/03-runners.yaml"
wait_for 1 'rebuilt in [0-9]+ ms, panel 2 of 2'

# a folder made after the start is watched too
n=$(grep -cE 'rebuilt in' "$out/log")
mkdir "$src/notes"
wait_for $((n + 1)) 'rebuilt in'
echo "a curator's note" >"$src/notes/todo.txt"
wait_for $((n + 2)) 'rebuilt in'

# SIGTERM: a clean stop, the private store removed
stop_kiosk "$out/log"
grep -q 'preview\] info: stopping' "$out/log" || { echo "FAIL: no 'stopping' line"; fail=1; }
[ -z "$(ls -A "$out/tmp")" ] || { echo "FAIL: left behind: $(ls -A "$out/tmp")"; fail=1; }
grep -E '\] error:|Sanitizer|runtime error' "$out/log" && { echo "FAIL: errors in the log"; fail=1; }
[ $fail -eq 0 ] && echo "test_preview: all ok"
exit $fail
