#!/bin/sh
# A USB stick end to end, as staff meet it: the running kiosk (offscreen
# driver) notices a folder that appears in a watched directory, imports the
# signed bundle on it in a child process, says "Loaded" with the title and
# version, and shows the new exhibit without a restart. Then a stranger's
# stick, two sticks at once and an older version change nothing and say
# why. Signed with the stock minisign, as staff do. Everything waits on the
# kiosk's log lines (with a time limit), never on a fixed sleep.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool minisign minisign
scratch_out
fail=0
mkdir -p "$out/watch" "$out/keys" "$out/other" "$out/state"

wait_for() { wait_for_log "$out/log" "$2" 90 "$pid" "$1"; }

# looks: how often the stick watcher has looked so far (a debug line each
# time; the kiosk runs with -v). looked_since N: wait until it has looked
# again since it had looked N times (an inbox change seen), with a limit.
looks() { grep -c 'the stick watcher looked' "$out/log"; }
looked_since() { wait_for_log "$out/log" 'the stick watcher looked' 90 "$pid" $(($1 + 1)); }

# bundle VERSION NAME KEY: the test exhibit at VERSION, signed with KEY
bundle() {
    rm -rf "$out/src"
    cp -R "$VITRINE_SOURCE_DIR/tests/data/author/good" "$out/src"
    sed -i "s/^version: .*/version: \"$1\"/" "$out/src/exhibit.yaml"
    "$VITRINE" bundle build "$out/src" -o "$out/$2" >/dev/null || { echo "FAIL: build"; exit 1; }
    minisign -S -s "$3" -m "$out/$2" >/dev/null || { echo "FAIL: sign"; exit 1; }
}

# stick NAME FILE...: a stick appears in the watched folder, whole
stick() {
    name=$1
    shift
    mkdir -p "$out/tmp-$name/vitrine"
    for f in "$@"; do cp "$out/$f" "$out/$f.minisig" "$out/tmp-$name/vitrine/" 2>/dev/null ||
        cp "$out/$f" "$out/tmp-$name/vitrine/"; done
    mv "$out/tmp-$name" "$out/watch/$name"
}

minisign -G -W -p "$out/keys/staff.pub" -s "$out/staff.key" >/dev/null
minisign -G -W -p "$out/other/stranger.pub" -s "$out/stranger.key" >/dev/null
bundle 2.0 good.vitrine "$out/staff.key"
bundle 3.0 stranger.vitrine "$out/stranger.key"
bundle 1.5 old.vitrine "$out/staff.key"
cp "$out/good.vitrine" "$out/unsigned.vitrine"
printf '4711\n' | "$VITRINE" staff-pin >"$out/vitrine.conf"
grep -q '^staff_pin_hash = \$argon2id\$' "$out/vitrine.conf" || { echo "FAIL: staff-pin"; fail=1; }
# the line's end is not part of the PIN (LF, CRLF, or none); any other
# character is, and the PIN is refused rather than quietly trimmed
for ok in '4711\r\n' '4711'; do
    printf "$ok" | "$VITRINE" staff-pin >/dev/null 2>&1 || { echo "FAIL: staff-pin refused $ok"; fail=1; }
done
for bad in '4711\r' '4711 \n' ' 4711\n' '47\r11\n'; do
    if printf "$bad" | "$VITRINE" staff-pin >/dev/null 2>&1; then
        echo "FAIL: staff-pin took $bad"; fail=1
    fi
done
grep -q 4711 "$out/vitrine.conf" && { echo "FAIL: the PIN itself was written"; fail=1; }

# the staff commands on the office computer
"$VITRINE" bundle verify "$out/good.vitrine" --keys "$out/keys" >"$out/v.txt" ||
    { echo "FAIL: verify refused a good bundle: $(cat "$out/v.txt")"; fail=1; }
# the key by its name (its file, staff.pub, has minisign's own comment) and its id as minisign prints it
grep -q "verified, signed by staff (key $(sed -n 's/.*public key //p' "$out/keys/staff.pub"))" "$out/v.txt" ||
    { echo "FAIL: verify does not name the key and its id as minisign does: $(cat "$out/v.txt")"; fail=1; }
# the audio guide's report: a voice for English and French, every part shown is said
for want in '^speech: en: voice en$' '^speech: fr: voice fr$' \
    '^speech: [1-9][0-9]* parts in 5 panels spoken; 0 silent; 0 languages without a voice$'; do
    grep -q "$want" "$out/v.txt" || { echo "FAIL: verify has no '$want': $(cat "$out/v.txt")"; fail=1; }
done
if "$VITRINE" bundle verify "$out/stranger.vitrine" --keys "$out/keys" 2>"$out/v.txt"; then
    echo "FAIL: verify accepted a stranger's bundle"; fail=1
fi
grep -q 'not signed by a key this kiosk trusts' "$out/v.txt" || { echo "FAIL: $(cat "$out/v.txt")"; fail=1; }
"$VITRINE" bundle inspect "$out/good.vitrine" --keys "$out/keys" >"$out/i.txt" ||
    { echo "FAIL: inspect found problems in a good bundle"; cat "$out/i.txt"; fail=1; }
for want in '^version: *2.0' '^panels: *5' '^locales: .*en \(English\).*fr' '^sources: *[1-9]' \
    '^hyphenated: en \([1-9][0-9]* words\) fr \([1-9][0-9]* words\)' \
    '^signer: *staff \(key [0-9A-F]+\) \(trusted here\)' '^problems: *0'; do
    grep -qE "$want" "$out/i.txt" || { echo "FAIL: inspect has no '$want'"; cat "$out/i.txt"; fail=1; }
done
"$VITRINE" bundle inspect "$out/unsigned.vitrine" --keys "$out/keys" >"$out/i.txt" &&
    { echo "FAIL: inspect found no problem in an unsigned bundle"; fail=1; }
grep -qE '^problems: *1' "$out/i.txt" || { echo "FAIL: $(cat "$out/i.txt")"; fail=1; }
# inspect lists content on a schedule, each window with what it covers
grep -qE '^schedule: *none' "$out/i.txt" || { echo "FAIL: inspect names no schedule"; fail=1; }
rm -rf "$out/sched"
cp -R "$VITRINE_SOURCE_DIR/tests/data/author/good" "$out/sched"
printf 'show: 2026-04-01..2026-04-30\n' >>"$out/sched/exhibit.yaml"
printf 'chapter_show: sat-sun\n' >>"$out/sched/panels/04-jen.yaml"
printf 'show:\n  - 2026-04-12 07:00-15:00\n  - sun\n' >>"$out/sched/panels/03-runners.yaml"
"$VITRINE" bundle build "$out/sched" -o "$out/sched.vitrine" >/dev/null || { echo "FAIL: build with show:"; fail=1; }
"$VITRINE" bundle inspect "$out/sched.vitrine" --keys "$out/keys" >"$out/i.txt"
for want in '^schedule: *4 windows' '^  - the exhibit: 2026-04-01\.\.2026-04-30$' \
    '^  - the chapter from panel 04-jen \(panels 4-5\): sat-sun$' \
    '^  - panel 03-runners \(3\): 2026-04-12 07:00-15:00$' '^  - panel 03-runners \(3\): sun$'; do
    grep -qE "$want" "$out/i.txt" || { echo "FAIL: inspect has no '$want'"; cat "$out/i.txt"; fail=1; }
done

"$VITRINE" run --windowed --size 800x480 --idle-timeout 5 --watch "$out/watch" \
    --state-dir "$out/state" --keys "$out/keys" --config "$out/vitrine.conf" \
    --health-file "$out/health.prom" 2>"$out/log" &
pid=$!
wait_for 1 '800x480 on offscreen'
grep -q 'no staff PIN' "$out/log" && { echo "FAIL: the PIN in the settings was not read"; fail=1; }

stick one good.vitrine
wait_for 1 'run\] info: Loaded: .*, version 2\.0\. 5 panels\. You can remove the stick'
wait_for 1 'now showing .*generations/g[0-9]+/exhibit.vitrine \(5 panels\)'
# the exhibit's slug follows a live import (the statistics and the health
# file had it empty until a restart)
if ! wait_until 30 "$pid" log_has "$out/health.prom" 'slug="test-exhibit"'; then
    echo "FAIL: the health file has no slug after the import:"; grep slug "$out/health.prom"
    fail=1
fi
gen=$(sed -n 's/^current //p' "$out/state/current")
[ -n "$gen" ] || { echo "FAIL: no current generation"; fail=1; }
rm -rf "$out/watch/one"

cp -a "$out/state" "$out/state-before"
stick two stranger.vitrine
wait_for 1 'not loaded: .*not signed by a key this kiosk trusts'
rm -rf "$out/watch/two"
stick three unsigned.vitrine
wait_for 1 'not loaded: this exhibit is not signed: unsigned.vitrine.minisig is missing'
rm -rf "$out/watch/three"
stick four old.vitrine
wait_for 1 'not loaded: this stick has version 1.5 of .*, older than version 2.0'
stick five good.vitrine
wait_for 1 'plug in one stick at a time'
# (the running kiosk's own count of its running time, boot-alive every
# second and boot-count every minute, is not the sticks': left out)
diff -r -x boot-alive -x boot-count "$out/state-before" "$out/state" >/dev/null ||
    { echo "FAIL: a refused stick changed the state folder"; fail=1; }
rm -rf "$out/watch/four" "$out/watch/five"

# the same stick again: "already loaded", nothing changes
stick six good.vitrine
wait_for 1 'already loaded: .* version 2.0 is already loaded'

stop_kiosk "$out/log"
[ "$(sed -n 's/^current //p' "$out/state/current")" = "$gen" ] ||
    { echo "FAIL: the current generation changed"; fail=1; }
# started again, the kiosk opens what was imported
"$VITRINE" run --windowed --size 800x480 --frames 2 --no-watch --state-dir "$out/state" \
    --keys "$out/keys" 2>"$out/log2" || { echo "FAIL: restart"; fail=1; }
grep -q '5 panels' "$out/log2" || { echo "FAIL: the restart did not open the import"; cat "$out/log2"; fail=1; }
# a newer version from a shell, then damaged on disk: the next start goes
# back to the previous generation by itself and says so
bundle 3.0 newer.vitrine "$out/staff.key"
"$VITRINE" import "$out/newer.vitrine" --state-dir "$out/state" --keys "$out/keys" \
    >"$out/imp.txt" 2>&1 || { echo "FAIL: import 3.0: $(cat "$out/imp.txt")"; fail=1; }
gen3=$(sed -n 's/^current //p' "$out/state/current")
printf 'damaged' >"$out/state/generations/$gen3/exhibit.vitrine"
"$VITRINE" run --windowed --size 800x480 --frames 2 --no-watch --state-dir "$out/state" \
    --keys "$out/keys" 2>"$out/log4" || { echo "FAIL: restart with a damaged 3.0"; fail=1; }
grep -q "the imported exhibit $gen3 cannot be opened" "$out/log4" &&
    grep -q "rolled back to $gen" "$out/log4" && grep -q '5 panels' "$out/log4" ||
    { echo "FAIL: a damaged 3.0 did not fall back to 2.0"; cat "$out/log4"; fail=1; }
[ "$(sed -n 's/^current //p' "$out/state/current")" = "$gen" ] ||
    { echo "FAIL: the pointer does not name 2.0 after the fall-back"; fail=1; }
# and with that one damaged too: the built-in exhibit
printf 'damaged' >"$out/state/generations/$gen/exhibit.vitrine"
"$VITRINE" run --windowed --size 800x480 --frames 2 --no-watch --state-dir "$out/state" \
    --keys "$out/keys" 2>"$out/log3" || { echo "FAIL: restart with a damaged exhibit"; fail=1; }
grep -q "the imported exhibit $gen cannot be opened" "$out/log3" ||
    { echo "FAIL: the damage was not reported"; cat "$out/log3"; fail=1; }
grep -q '36 panels' "$out/log3" || { echo "FAIL: the built-in exhibit did not show"; cat "$out/log3"; fail=1; }

# an inbox that a sync tool fills (--inbox), imported as from a stick:
# rsync writes ".NAME.XXXXXX" and Syncthing ".syncthing.NAME.tmp", then
# rename; a temporary name is never imported, and a bundle waits for its
# signature. One synced again under the same name is new.
mkdir -p "$out/inbox/vitrine"
: >"$out/log" # emptied before the job starts: wait_for must not see the last run's lines
"$VITRINE" run -v --windowed --size 800x480 --idle-timeout 5 --no-watch --inbox "$out/inbox" \
    --state-dir "$out/state-inbox" --keys "$out/keys" --config "$out/vitrine.conf" 2>>"$out/log" &
pid=$!
wait_for 1 'bundles dropped in .*/inbox/vitrine/ are imported'
wait_for 1 '800x480 on offscreen'
n=$(looks)
cp "$out/good.vitrine" "$out/inbox/vitrine/.good.vitrine.Xa1b2C"
looked_since "$n" # it saw the temporary name, and took nothing
mv "$out/inbox/vitrine/.good.vitrine.Xa1b2C" "$out/inbox/vitrine/good.vitrine"
wait_for 1 'good.vitrine waits in the inbox for its signature'
n=$(looks)
cp "$out/good.vitrine.minisig" "$out/inbox/vitrine/.syncthing.good.vitrine.minisig.tmp"
looked_since "$n"
mv "$out/inbox/vitrine/.syncthing.good.vitrine.minisig.tmp" "$out/inbox/vitrine/good.vitrine.minisig"
wait_for 1 'run\] info: Loaded: .*, version 2\.0\.'
# it stays in the inbox: other changes there do not import it again
n=$(looks)
: >"$out/inbox/vitrine/.syncthing.other.tmp"
rm "$out/inbox/vitrine/.syncthing.other.tmp"
looked_since "$n" # the watcher saw the change: had it imported again, it would be in the log
[ "$(grep -c 'importing ' "$out/log")" -eq 1 ] ||
    { echo "FAIL: the inbox's bundle was imported more than once"; cat "$out/log"; fail=1; }
grep -E 'importing .*/\.' "$out/log" && { echo "FAIL: a temporary file was imported"; fail=1; }
# a new version synced under the same name (rsync --delay-updates: both
# renamed in at the end) is imported
bundle 2.1 good.vitrine "$out/staff.key"
cp "$out/good.vitrine" "$out/inbox/vitrine/.good.vitrine.Qq9"
cp "$out/good.vitrine.minisig" "$out/inbox/vitrine/.good.vitrine.minisig.Rr8"
mv "$out/inbox/vitrine/.good.vitrine.minisig.Rr8" "$out/inbox/vitrine/good.vitrine.minisig"
mv "$out/inbox/vitrine/.good.vitrine.Qq9" "$out/inbox/vitrine/good.vitrine"
wait_for 1 'run\] info: Loaded: .*, version 2\.1\.'
stop_kiosk "$out/log"
[ $fail -eq 0 ] && echo "all USB import checks passed"
exit $fail
