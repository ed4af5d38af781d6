#!/bin/sh
# Run as root on the service's state folder (it belongs to another user),
# `vitrine run`, `import` and `rollback` refuse, name the folder's owner
# and print the command to run instead, and write nothing there (issue 18,
# item 2: a root run left a root-owned stats.sqlite and the service then
# kept no statistics; a root import left a generation it could not tidy).
# On a folder root owns they go on as before (every other test).
set -u
: "${VITRINE:?}"
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (to give the folder to another user)"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
mkdir "$out/state"
chown 65534 "$out/state"
owner=$(stat -c %U "$out/state")
touch "$out/bundle.vitrine"
for cmd in "rollback" "import $out/bundle.vitrine" "run --windowed --size 800x480 --frames 1"; do
    # shellcheck disable=SC2086
    if SDL_VIDEODRIVER=offscreen "$VITRINE" $cmd --state-dir "$out/state" 2>"$out/err" >/dev/null; then
        echo "FAIL: vitrine $cmd ran as root on $owner's folder"; fail=1
    fi
    grep -q "belongs to the user $owner" "$out/err" && grep -q "sudo -u $owner vitrine ${cmd%% *}" "$out/err" ||
        { echo "FAIL: vitrine $cmd did not say why and what to run:"; cat "$out/err"; fail=1; }
    [ -z "$(ls -A "$out/state")" ] || { echo "FAIL: vitrine $cmd wrote $(ls -A "$out/state")"; fail=1; }
done
# root's own folder: no refusal
mkdir "$out/mine"
"$VITRINE" rollback --state-dir "$out/mine" 2>"$out/err" >/dev/null
grep -q "not run as root" "$out/err" && { echo "FAIL: refused on root's own folder"; fail=1; }
[ $fail -eq 0 ] && echo "PASS: run, import and rollback refuse root on the service's folder, saying what to run"
exit $fail
