#!/bin/sh
# `vitrine bench` runs and prints its figures (label `bench`): one run of
# each measurement at 800x480, as JSON; every figure has a unit and a
# median that is a number >= 0 (or null with the reason it was not
# measured), and --compare against that same JSON prints
# a ratio for each. No figure is judged here: speed is read from the
# benchmark's own output, never asserted by a timed test.
set -u
: "${VITRINE:?}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
SDL_VIDEODRIVER=offscreen "$VITRINE" bench --runs 1 --size 800x480 --json >"$out/b.json" \
    2>"$out/err" || { echo "FAIL: bench --json exited $?"; cat "$out/err"; exit 1; }
python3 - "$out/b.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
figs = d["figures"]
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
SDL_VIDEODRIVER=offscreen "$VITRINE" bench --runs 1 --size 800x480 --compare "$out/b.json" \
    >"$out/c.txt" 2>"$out/err" || { echo "FAIL: bench --compare exited $?"; cat "$out/err"; exit 1; }
n=$(grep -c ' x[0-9]' "$out/c.txt")
[ "$n" -ge 5 ] || { echo "FAIL: --compare printed $n ratios"; cat "$out/c.txt"; exit 1; }
echo "PASS: bench printed its figures and $n ratios to a baseline"
