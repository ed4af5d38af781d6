#!/bin/sh
# The health file as node_exporter's textfile collector reads it: the
# kiosk runs offscreen with --health-file, and a real Prometheus
# text-format parser (the Python client's, Debian's
# python3-prometheus-client) reads what it wrote. A folder that cannot be
# written is said once in the log and never stops the kiosk.
set -u
: "${VITRINE:?}"
py=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 &&
        "$p" -c 'import prometheus_client.parser' 2>/dev/null; then
        py=$p
        break
    fi
done
[ -n "$py" ] || { echo "SKIP: python3 with prometheus_client (python3-prometheus-client) is missing"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
mkdir -p "$out/textfile"

"$VITRINE" run --windowed --size 640x400 --no-watch --frames 12 --state-dir "$out/state" \
    --config "$out/none.conf" --health-file "$out/textfile/vitrine.prom" 2>"$out/log" ||
    { echo "FAIL: the kiosk exited $?"; cat "$out/log"; fail=1; }
[ -f "$out/textfile/vitrine.prom" ] || { echo "FAIL: no health file"; cat "$out/log"; exit 1; }
ls "$out/textfile" | grep -v '^vitrine.prom$' && { echo "FAIL: a temporary file was left"; fail=1; }
[ "$(stat -c %a "$out/textfile/vitrine.prom")" = 644 ] ||
    { echo "FAIL: mode $(stat -c %a "$out/textfile/vitrine.prom"), not 644"; fail=1; }

"$py" - "$out/textfile/vitrine.prom" <<'PY' || fail=1
import sys
from prometheus_client.parser import text_string_to_metric_families
text = open(sys.argv[1], encoding="utf-8").read()
fams = {f.name: f for f in text_string_to_metric_families(text)}
def sample(name, **labels):
    for f in fams.values():
        for s in f.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return s
    sys.exit("FAIL: no sample %s %s in:\n%s" % (name, labels, text))
def want(cond, what):
    if not cond:
        sys.exit("FAIL: %s in:\n%s" % (what, text))
for f in fams.values():
    want(f.name.startswith("vitrine_"), "%s is not named vitrine_" % f.name)
    want(f.documentation, "%s has no HELP" % f.name)
want(fams["vitrine_frames"].type == "counter", "vitrine_frames_total is not a counter")
want(sample("vitrine_frames_total").value == 12, "not 12 frames")
want(fams["vitrine_frame_seconds"].type == "summary", "vitrine_frame_seconds is not a summary")
q = [sample("vitrine_frame_seconds", quantile=x).value for x in ("0.5", "0.9", "0.99")]
want(0 < q[0] <= q[1] <= q[2] <= sample("vitrine_frame_window_max_seconds").value < 10,
     "frame quantiles out of order: %s" % q)
want(sample("vitrine_frame_seconds_count").value == 12, "summary count is not 12")
want(sample("vitrine_up_seconds").value >= 0, "no up time")
want(sample("vitrine_start_time_seconds").value > 1e9, "no start time")
want(sample("vitrine_exhibit_info", source="builtin").value == 1, "no exhibit_info")
want(sample("vitrine_exhibit_panels").value > 0, "no panels")
want(sample("vitrine_renderer_info", driver="offscreen").labels["renderer"], "no renderer")
want(sample("vitrine_imports_total", outcome="loaded").value == 0, "imports counted")
want(sample("vitrine_log_messages_total", level="error").value == 0, "errors counted")
print("ok: the health file parses (%d families)" % len(fams))
PY

# a folder the kiosk cannot write: said once, and the kiosk runs on
"$VITRINE" run --windowed --size 640x400 --no-watch --frames 5 --state-dir "$out/state" \
    --config "$out/none.conf" --health-file "$out/missing/vitrine.prom" 2>"$out/log2" ||
    { echo "FAIL: a health file that cannot be written stopped the kiosk"; fail=1; }
[ "$(grep -c 'health file is not written' "$out/log2")" -eq 1 ] ||
    { echo "FAIL: the write failure was not said exactly once"; cat "$out/log2"; fail=1; }

# the settings file names it too
printf 'health_file = %s/textfile/from-config.prom\n' "$out" >"$out/vitrine.conf"
"$VITRINE" run --windowed --size 640x400 --no-watch --frames 2 --state-dir "$out/state" \
    --config "$out/vitrine.conf" 2>"$out/log3" || { echo "FAIL: run with health_file"; fail=1; }
grep -q '^vitrine_frames_total 2$' "$out/textfile/from-config.prom" 2>/dev/null ||
    { echo "FAIL: health_file in the settings was not written"; cat "$out/log3"; fail=1; }
# proof of play (screenshot_every, off above: no PNG was left beside the
# file): a small PNG of what the screen shows, beside the health file, its
# time in the figures; the picture turned with --rotation, as the screen shows it
printf 'health_file = %s/shots/vitrine.prom\nscreenshot_every = 1\nrotation = 90\n' "$out" \
    >"$out/shots.conf"
mkdir -p "$out/shots"
before=$(date +%s)
"$VITRINE" run --windowed --size 640x400 --no-watch --frames 3 --state-dir "$out/state" \
    --config "$out/shots.conf" 2>"$out/log4" || { echo "FAIL: run with screenshot_every"; fail=1; }
after=$(date +%s)
png="$out/shots/vitrine.png"
[ "$(ls "$out/shots" | sort | tr '\n' ' ')" = "vitrine.png vitrine.prom " ] ||
    { echo "FAIL: beside the health file: $(ls "$out/shots")"; cat "$out/log4"; fail=1; }
"$py" - "$png" "$out/shots/vitrine.prom" "$before" "$after" <<'PY' || fail=1
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("FAIL: the screenshot is not a PNG")
w, h = struct.unpack(">II", data[16:24])
if (w, h) != (480, 300):  # 640x400, the longer side 480
    sys.exit("FAIL: the screenshot is %dx%d, not 480x300" % (w, h))
idat, pos = b"", 8
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
busy = sum(1 for b in raw if b) / len(raw)
if busy < 0.01:  # a black or blank picture filters to zeros
    sys.exit("FAIL: the screenshot is blank (%.4f of its bytes set)" % busy)
t = None
for line in open(sys.argv[2], encoding="utf-8"):
    if line.startswith("vitrine_screenshot_timestamp_seconds "):
        t = float(line.split()[1])
if t is None or not int(sys.argv[3]) <= t <= int(sys.argv[4]):
    sys.exit("FAIL: vitrine_screenshot_timestamp_seconds %s, not in the run" % t)
print("ok: a %dx%d screenshot beside the health file, taken at %d" % (w, h, t))
PY
[ $fail -eq 0 ] && echo "all health file checks passed"
exit $fail
