#!/bin/sh
# Visitor statistics as CSV: tests/tools/stats_demo writes synthetic rows
# (one exhibit name holds a comma, quotes and a newline), `stats export`
# writes them, and Python's csv module reads every row back as written.
set -u
: "${VITRINE:?}" "${STATS_DEMO:?}"
. "$(dirname "$0")/lib.sh"
need_tool python3 python3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0

"$STATS_DEMO" "$out/state" >/dev/null || { echo "FAIL: stats_demo"; exit 1; }
"$VITRINE" stats export -o "$out/all.csv" --state-dir "$out/state" 2>"$out/log" ||
    { echo "FAIL: stats export"; cat "$out/log"; exit 1; }
python3 - "$out/all.csv" <<'PY' || fail=1
import csv, sys
raw = open(sys.argv[1], "rb").read()
assert raw.count(b"\r\n") >= 51, "lines must end in CRLF"
with open(sys.argv[1], newline="") as f:
    rows = list(csv.reader(f, strict=True))
assert rows[0] == ["kind", "time_utc", "exhibit", "panel", "locale", "mode", "seconds", "panels",
                   "touches"], rows[0]
body = rows[1:]
assert len(body) == 50, len(body)
assert all(len(r) == 9 for r in body)
kinds = {k: sum(1 for r in body if r[0] == k) for k in ("panel_view", "session", "touch", "language")}
assert kinds == {"panel_view": 40, "session": 6, "touch": 1, "language": 3}, kinds
assert any(r[2] == 'Demo, "quoted"\nexhibit' for r in body), "the quoted field did not survive"
assert [r for r in body if r[0] == "touch"][0][8] == "17"
PY
"$VITRINE" stats export --since 2999-01-01 -o "$out/none.csv" --state-dir "$out/state" 2>/dev/null ||
    { echo "FAIL: export --since"; fail=1; }
[ "$(wc -l <"$out/none.csv")" -eq 1 ] || { echo "FAIL: --since kept rows"; fail=1; }
"$VITRINE" stats export --since 2024-13-01 -o "$out/bad.csv" --state-dir "$out/state" 2>/dev/null
[ $? -eq 2 ] || { echo "FAIL: a bad --since date is not a usage error"; fail=1; }
"$VITRINE" stats summary --state-dir "$out/state" >"$out/summary" || { echo "FAIL: summary"; fail=1; }
grep -q "Median session length: 45 s (6 sessions)" "$out/summary" ||
    { echo "FAIL: summary median"; cat "$out/summary"; fail=1; }
# garbage in place of the file: one sentence and exit 1, no crash
head -c 4096 /dev/urandom >"$out/state/stats.sqlite"
rm -f "$out/state/stats.sqlite-wal" "$out/state/stats.sqlite-shm"
"$VITRINE" stats summary --state-dir "$out/state" 2>"$out/err" >/dev/null
[ $? -eq 1 ] && grep -q "stats.sqlite" "$out/err" || { echo "FAIL: damaged file"; cat "$out/err"; fail=1; }
# the kiosk with that damaged file: it shows the exhibit and says so once
"$VITRINE" run --windowed --size 640x400 --no-watch --frames 5 --state-dir "$out/state" \
    --config "$out/none.conf" 2>"$out/runlog" || { echo "FAIL: the kiosk exited"; cat "$out/runlog"; fail=1; }
[ "$(grep -c 'stats.sqlite is damaged' "$out/runlog")" -eq 1 ] ||
    { echo "FAIL: the damaged file is not said once"; cat "$out/runlog"; fail=1; }
# and a healthy folder gets the views it showed
mkdir "$out/fresh"
"$VITRINE" run --windowed --size 640x400 --no-watch --frames 5 --state-dir "$out/fresh" \
    --config "$out/none.conf" 2>"$out/runlog2" || { echo "FAIL: the kiosk exited"; fail=1; }
"$VITRINE" stats export -o - --state-dir "$out/fresh" 2>/dev/null | grep -q '^panel_view,.*,loop,' ||
    { echo "FAIL: the kiosk wrote no panel view"; cat "$out/runlog2"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
