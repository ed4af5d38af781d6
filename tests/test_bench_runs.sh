#!/bin/sh
# `vitrine bench` runs and prints its figures (label `bench`): one run of
# each measurement at 800x480, as JSON; every figure has a unit and a
# median that is a number >= 0 (or null with the reason it was not
# measured), and --compare against that same JSON prints
# a ratio for each. No figure is judged here: speed is read from the
# benchmark's own output, never asserted by a timed test. The loop is
# watched 3 s (--loop); its PSS peak, and exec to first frame offscreen
# and under the bench's own Xvfb (a number where Xvfb is installed, as the
# test packages have it; else "not measured" with the reason) are there.
set -u
: "${VITRINE:?}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
SDL_VIDEODRIVER=offscreen "$VITRINE" bench --runs 1 --loop 3 --size 800x480 --json >"$out/b.json" \
    2>"$out/err" || { echo "FAIL: bench --json exited $?"; cat "$out/err"; exit 1; }
have_xvfb=0
command -v Xvfb >/dev/null 2>&1 && have_xvfb=1
python3 - "$out/b.json" "$have_xvfb" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
figs = d["figures"]
def number(key):
    f = figs.get("800x480 software " + key)
    assert f is not None, f"no {key}"
    assert isinstance(f["median"], (int, float)) and f["median"] > 0, f"{key}: {f}"
number("loop_pss_mb")
number("loop_pss_peak_mb")
assert figs["800x480 software loop_pss_peak_mb"]["median"] >= \
    figs["800x480 software loop_pss_mb"]["median"], "PSS peak under its median"
number("first_frame_offscreen_ms")
number("offscreen_stage_display_ms")
if sys.argv[2] == "1":
    number("first_frame_x11_ms")
    number("x11_stage_display_ms")
    number("x11_over_offscreen")
else:
    f = figs["800x480 software first_frame_x11_ms"]
    assert f["median"] is None and "Xvfb is not installed" in f["note"], f
assert len(figs) >= 5, f"only {len(figs)} figures"
measured = 0
for name, f in figs.items():
    assert f["unit"], name
    if f["median"] is None:  # not measured: null with the reason, never zero
        assert f["note"].startswith("not measured"), name
        continue
    assert isinstance(f["median"], (int, float)) and f["median"] >= 0, name
    assert f["n"] >= 1, name
    measured += 1
assert measured >= 5, f"only {measured} figures measured"
print(f"ok: {len(figs)} figures, e.g. " + "; ".join(
    f"{k} {v['median']} {v['unit']}" for k, v in list(figs.items())[:3]))
PY
SDL_VIDEODRIVER=offscreen "$VITRINE" bench --runs 1 --loop 3 --size 800x480 --compare "$out/b.json" \
    >"$out/c.txt" 2>"$out/err" || { echo "FAIL: bench --compare exited $?"; cat "$out/err"; exit 1; }
n=$(grep -c ' x[0-9]' "$out/c.txt")
[ "$n" -ge 5 ] || { echo "FAIL: --compare printed $n ratios"; cat "$out/c.txt"; exit 1; }
echo "PASS: bench printed its figures and $n ratios to a baseline"
