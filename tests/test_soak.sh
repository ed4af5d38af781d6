#!/bin/sh
# The soak (vitrine soak, app/cli/cmd_soak.c): the kiosk's own run loop for
# SOAK_DAYS simulated days (default 1) with random visitors, an import
# dropped into the inbox and a roll back each day, a renderer reset, and
# staff exporting the statistics from the staff screen (PIN typed on the
# keypad), and opening hours with a lunch break, so that a day has two closings to
# compare. It fails when open file descriptors or live textures grow
# after the first closing, when a swap does not happen, or (in a
# sanitizer build) when LeakSanitizer finds a leak at exit.
# Used by ctest (two days: midnight and the spring clock change, with
# content on a schedule) and by tests/bench/soak.sh (a week).
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
command -v minisign >/dev/null || { echo "SKIP: minisign is not installed"; exit 77; }
days=${SOAK_DAYS:-2} # from 28 March: midnight, then the spring clock change at 02:00 on the 29th
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/keys" "$out/state" "$out/inbox" "$out/media/stick/vitrine"
export TZ="${TZ:-Europe/Paris}" # the first week crosses the spring change

minisign -G -W -p "$out/keys/soak.pub" -s "$out/soak.key" >/dev/null
# bundle VERSION NAME: the bundled exhibit at VERSION, signed
bundle() {
    rm -rf "$out/src"
    cp -R "$VITRINE_SOURCE_DIR/content/exhibits/pyongyang-2014" "$out/src"
    sed -i "s/^version: .*/version: \"$1\"/" "$out/src/exhibit.yaml"
    # content on a schedule: panel 3 on race day only (from midnight on the
    # 29th, the night the clocks go forward), panel 5 in the afternoons
    printf 'show: 2026-03-29\n' >>"$out/src/panels/03-distance.yaml"
    printf 'show: 14:00-16:00\n' >>"$out/src/panels/05-birthday-festival.yaml"
    "$VITRINE" bundle build "$out/src" -o "$out/$2" >/dev/null || { echo "FAIL: build"; exit 1; }
    minisign -S -s "$out/soak.key" -m "$out/$2" >/dev/null || { echo "FAIL: sign"; exit 1; }
}
bundle 1.0 a.vitrine
bundle 2.0 b.vitrine
"$VITRINE" import "$out/a.vitrine" --state-dir "$out/state" --keys "$out/keys" --size 800x480 \
    >"$out/import.log" 2>&1 || { echo "FAIL: the first import"; cat "$out/import.log"; exit 1; }
cat >"$out/vitrine.conf" <<CONF
hours = mon-sun 09:00-12:30 13:30-19:00
screen_off_command = true
screen_on_command = true
health_file = $out/vitrine.prom
CONF
printf '2468\n' | "$VITRINE" staff-pin >>"$out/vitrine.conf" || { echo "FAIL: staff-pin"; exit 1; }

"$VITRINE" soak --days "$days" --size 800x480 --state-dir "$out/state" --keys "$out/keys" \
    --config "$out/vitrine.conf" --inbox "$out/inbox" --import "$out/b.vitrine" \
    --watch "$out/media" --staff-pin 2468 \
    >"$out/soak.out" 2>"$out/soak.err"
rc=$?
cat "$out/soak.out"
grep -E '(error|warn)' "$out/soak.err" | sort | uniq -c | sort -rn | head -20
grep -q 'LeakSanitizer' "$out/soak.err" && { echo "FAIL: LeakSanitizer:"; grep -A30 'LeakSanitizer' "$out/soak.err" | head -60; }
[ $rc -eq 0 ] || { echo "FAIL: the soak exited with $rc"; tail -30 "$out/soak.err"; exit 1; }
grep -q '^soak: PASS' "$out/soak.out" || { echo "FAIL: no PASS line"; exit 1; }
# staff exported the statistics to the stick once a day, from the staff screen
n=$(ls "$out/media/stick" | grep -c '^vitrine-stats-.*\.csv$')
[ "$n" -eq "$days" ] || { echo "FAIL: $n statistics files on the stick after $days days"; ls -la "$out/media/stick"; exit 1; }
ls "$out/media/stick" | grep -q '\.part$' && { echo "FAIL: a temporary file was left on the stick"; exit 1; }
python3 - "$out/media/stick"/vitrine-stats-*.csv <<'PY' || exit 1
import csv, sys
for name in sys.argv[1:]:
    rows = list(csv.reader(open(name, newline=""), strict=True))
    if len(rows) < 2 or rows[0][0] != "kind":
        sys.exit("FAIL: %s is not the statistics' CSV: %r" % (name, rows[:1]))
print("ok: %d exports on the stick, the last with %d rows" % (len(sys.argv) - 1, len(rows) - 1))
PY
# what the visitors did reached the statistics, written by the loop's job
"$VITRINE" stats export --state-dir "$out/state" -o "$out/stats.csv" >/dev/null 2>&1 ||
    { echo "FAIL: stats export"; exit 1; }
visitors=$(sed -n 's/^soak: [0-9]* days, \([0-9]*\) visitors.*/\1/p' "$out/soak.out")
python3 - "$out/stats.csv" "$visitors" <<'PY' || exit 1
import csv, sys, collections
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
kinds = collections.Counter(r.get("kind", "?") for r in rows)
print("stats:", dict(kinds))
# each visitor is one session (the next comes after the idle timeout)
if kinds["session"] != int(sys.argv[2]) or kinds["panel_view"] < 100 or kinds["touch"] < 1:
    sys.exit("FAIL: %s visitors, but the statistics say otherwise" % sys.argv[2])
PY
# the schedule, from the views: panel 3 seen on race day only, panel 5 only
# in its afternoon window, in local time on both sides of the clock change
python3 - "$out/stats.csv" "$days" <<'PY' || exit 1
import csv, sys, datetime, zoneinfo
tz = zoneinfo.ZoneInfo("Europe/Paris")
days = int(sys.argv[2])
seen = {}
for r in csv.DictReader(open(sys.argv[1], newline="")):
    if r["kind"] != "panel_view" or r["panel"] not in ("3", "5"):
        continue
    t = datetime.datetime.strptime(r["time_utc"], "%Y-%m-%dT%H:%M:%SZ")
    local = t.replace(tzinfo=datetime.timezone.utc).astimezone(tz)
    seen.setdefault(r["panel"], []).append(local)
for t in seen.get("3", []):
    if t.date() != datetime.date(2026, 3, 29):
        sys.exit("FAIL: panel 3 (race day only) was seen at %s" % t)
for t in seen.get("5", []):
    minutes = t.hour * 60 + t.minute
    if not 14 * 60 <= minutes < 16 * 60 + 2:  # a view ends at most a dwell after 16:00
        sys.exit("FAIL: panel 5 (14:00-16:00) was seen at %s local time" % t)
if days >= 2:
    if not seen.get("3"):
        sys.exit("FAIL: panel 3 was never seen on race day")
    if {t.date() for t in seen.get("5", [])} != {datetime.date(2026, 3, 28), datetime.date(2026, 3, 29)}:
        sys.exit("FAIL: panel 5 was not seen in its window on both days: %s" % seen.get("5"))
print("ok: the schedule held: panel 3 seen %d times on race day only, panel 5 %d times "
      "within 14:00-16:00 local time, before and after the clock change"
      % (len(seen.get("3", [])), len(seen.get("5", []))))
PY
