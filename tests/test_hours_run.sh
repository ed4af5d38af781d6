#!/bin/sh
# Opening hours in the running kiosk: on a day the settings close, it says
# so with the next opening, shows one black frame, runs the screen-off
# command, still tells the service manager it is up, and stops cleanly.
# Waits on the log and on the command's file, with a limit, never a fixed
# sleep. The kiosk is told the date (vitrine-faulty's VITRINE_TEST_NOW, in
# UTC), so the test holds at any hour, midnight included.
set -u
: "${VITRINE:?}" "${VITRINE_FAULTY:?}"
. "$(dirname "$0")/lib.sh"
scratch_out
fail=0
# Wednesday 10 June 2026 at noon; closed that day
export TZ=UTC
now=$(date -u -d '2026-06-10 12:00:00' +%s)
cat >"$out/vitrine.conf" <<CONF
hours = mon-sun 00:00-24:00
closed = 2026-06-10
screen_off_command = touch $out/screen-off
screen_on_command = touch $out/screen-on
CONF
VITRINE_TEST_NOW=$now "$VITRINE_FAULTY" run --windowed --size 320x240 --no-watch \
    --state-dir "$out/state" --config "$out/vitrine.conf" 2>"$out/log" &
pid=$!
wait_for_log "$out/log" 'closed: outside opening hours until' 60 "$pid"
wait_until 60 "$pid" test -e "$out/screen-off" ||
    { echo "FAIL: the screen-off command did not run"; cat "$out/log"; exit 1; }
# the next opening is the next day at midnight
grep -q "until Thursday 2026-06-11 00:00" "$out/log" ||
    { echo "FAIL: the next opening is not Thursday 2026-06-11 00:00"; fail=1; }
grep -q 'first frame presented' "$out/log" &&
    { echo "FAIL: the exhibit was drawn while closed"; fail=1; }
[ -e "$out/screen-on" ] && { echo "FAIL: the screen was turned on while closed"; fail=1; }
stop_kiosk "$out/log" # while closed

# bad lines (hours, an unknown key, a bad number, not UTF-8): one message
# each, naming it, the rest applies, the kiosk runs
printf 'hours = mon 9-17\nreduced_motion = yes\ncolour = red\ndpi = lots\ninbox = /caf\351\n' \
    >"$out/bad.conf"
"$VITRINE" run --windowed --size 320x240 --no-watch --frames 2 --state-dir "$out/state" \
    --config "$out/bad.conf" 2>"$out/log2" || { echo "FAIL: a bad hours line stopped it"; fail=1; }
grep -q 'bad.conf:1: cannot read "mon 9-17"' "$out/log2" ||
    { echo "FAIL: the bad line is not named"; cat "$out/log2"; fail=1; }
for line in 1 3 4 5; do
    [ "$(grep -c "bad.conf:$line: " "$out/log2")" -eq 1 ] ||
        { echo "FAIL: line $line is not named exactly once"; cat "$out/log2"; fail=1; }
done
grep -q 'bad.conf:2:' "$out/log2" && { echo "FAIL: a good line is named"; fail=1; }
grep -q 'first frame presented' "$out/log2" || { echo "FAIL: no frame"; fail=1; }
# vitrine config: the defaults it prints are a good file; check names each
# bad line and exits 1
"$VITRINE" config defaults >"$out/defaults.conf" || { echo "FAIL: config defaults"; fail=1; }
for key in staff_pin_hash reduced_motion loop_languages hours closed open screen_off_command \
    screen_on_command wake_minutes health_file inbox dpi idle_timeout locales watch no_watch \
    stats_days stats_max_rows renderer rotation touch_rotation screenshot_every; do
    grep -q "^#$key = " "$out/defaults.conf" || { echo "FAIL: config defaults has no $key"; fail=1; }
done
"$VITRINE" config check "$out/defaults.conf" >/dev/null || { echo "FAIL: the defaults do not check"; fail=1; }
# the shipped example is what the table prints (regenerate it with
# `vitrine config defaults >platform/vitrine.conf.example`)
if [ -n "${VITRINE_SOURCE_DIR:-}" ]; then
    cmp -s "$out/defaults.conf" "$VITRINE_SOURCE_DIR/platform/vitrine.conf.example" ||
        { echo "FAIL: platform/vitrine.conf.example is not \`vitrine config defaults\`"; fail=1; }
fi
"$VITRINE" config check "$out/missing.conf" 2>/dev/null && { echo "FAIL: config check passed a missing file"; fail=1; }
printf 'hours = mon 9-17\nreduced_motion = maybe\ninbx = /srv/x\n' >"$out/three.conf"
"$VITRINE" config check "$out/three.conf" 2>"$out/check.txt"
[ $? -eq 1 ] || { echo "FAIL: config check passed a bad file"; fail=1; }
for want in 'three.conf:1: cannot read "mon 9-17"' 'three.conf:2: reduced_motion wants yes or no' \
    'three.conf:3: unknown setting "inbx" (did you mean inbox?)'; do
    grep -qF "$want" "$out/check.txt" || { echo "FAIL: config check: no '$want'"; cat "$out/check.txt"; fail=1; }
done
[ $fail -eq 0 ] && echo "opening hours checks passed"
exit $fail
