#!/bin/sh
# The import child dies with the kiosk. The kiosk imports a stick's bundle
# in a child process (its own binary, `vitrine import --progress-fd 3`);
# vitrine-faulty hangs that child before it copies the bundle. While it
# hangs, the child holds only what it was given: 0 and 1 are /dev/null, 2
# the kiosk's log, 3 the progress pipe, nothing else of the kiosk's (its
# display, its store, its stick watcher). Then the kiosk is killed with
# SIGKILL (no clean-up of its own can run): the child must go too
# (PR_SET_PDEATHSIG), not go on writing into the state folder with nobody
# reading its progress. Waits on the log and on /proc, with limits, never
# on a fixed sleep.
set -u
: "${VITRINE_FAULTY:?}" "${VITRINE_SOURCE_DIR:?}"
VITRINE=${VITRINE:-$VITRINE_FAULTY}
. "$(dirname "$0")/lib.sh"
need_tool minisign minisign
out=$(mktemp -d)
pid=
child=
cleanup() {
    [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
    [ -n "$child" ] && kill -KILL "$child" 2>/dev/null
    rm -rf "$out"
}
trap cleanup EXIT
fail=0

wait_for() { wait_for_log "$2" "$1" 120 "$pid"; } # PATTERN LOG: the line, or fail after 120 s
# alive PID: there, and not a zombie (one whose parent has not reaped it
# yet has died all the same)
alive() {
    st=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null)
    [ -n "$st" ] && [ "$st" != Z ]
}

mkdir -p "$out/keys" "$out/watch" "$out/state"
minisign -G -W -p "$out/keys/staff.pub" -s "$out/staff.key" >/dev/null
cp -R "$VITRINE_SOURCE_DIR/tests/data/author/good" "$out/src"
"$VITRINE" bundle build "$out/src" -o "$out/good.vitrine" >/dev/null 2>"$out/build.log" || { echo "FAIL: build"; exit 1; }
minisign -S -s "$out/staff.key" -m "$out/good.vitrine" >/dev/null || { echo "FAIL: sign"; exit 1; }

VITRINE_TEST_HANG=import-copy \
    "$VITRINE_FAULTY" run -v --windowed --size 800x480 --watch "$out/watch" \
    --state-dir "$out/state" --keys "$out/keys" 2>"$out/log" &
pid=$!
wait_for 'first frame presented' "$out/log"
plug_stick "$out/watch" "$out/good.vitrine" "$out/good.vitrine.minisig"
wait_for 'hanging at import-copy' "$out/log"

# the child: the kiosk's child running `import`
for d in /proc/[0-9]*; do
    [ "$(sed -n 's/^PPid:[[:space:]]*//p' "$d/status" 2>/dev/null)" = "$pid" ] || continue
    tr '\0' ' ' <"$d/cmdline" 2>/dev/null | grep -q " import " && child=${d#/proc/}
done
[ -n "$child" ] || { echo "FAIL: no import child of the kiosk ($pid) found"; cat "$out/log"; exit 1; }
echo "the import child: $child"

ls -l "/proc/$child/fd" >"$out/fds"
fds=$(awk '$(NF-1) == "->" { print $(NF-2) "=" $NF }' "$out/fds" | sort | tr '\n' ' ')
case "$fds" in
"0=/dev/null 1=/dev/null 2=$out/log 3=pipe:"*)
    rest=$(echo "$fds" | awk '{ for (i = 5; i <= NF; i++) print $i }' | sort -t= -k1,1n |
        tr '\n' ' ')
    echo "ok: the import child holds 0, 1 (/dev/null), 2 (the log), 3 (the progress pipe)${rest:+; opened itself since: $rest}"
    ;;
*) echo "FAIL: the import child's descriptors 0-3 are not /dev/null twice, the log and the pipe: $fds"; fail=1 ;;
esac
# what the kiosk held when it started the child (its state folder's files,
# its display's socket, its stick watcher) must not be among the rest
for fd in $(awk '$(NF-1) == "->" { print $(NF-2) }' "$out/fds"); do
    [ "$fd" -le 3 ] && continue
    target=$(readlink "/proc/$child/fd/$fd" 2>/dev/null)
    case "$target" in
    anon_inode:inotify | socket:*)
        echo "FAIL: the import child holds the kiosk's $target (fd $fd)"; fail=1 ;;
    esac
done

kill -KILL "$pid"
wait "$pid" 2>/dev/null
pid=
dead() { ! alive "$1"; }
if wait_until 10 "" dead "$child"; then # polling /proc: nothing to wait on for another's process
    echo "ok: the import child died with the kiosk (SIGKILL)"
    child=
else
    echo "FAIL: the import child $child outlived the kiosk by 10 s"; fail=1
fi
[ $fail -eq 0 ] && echo "PASS: the import child holds only what it was given and dies with the kiosk"
exit $fail
