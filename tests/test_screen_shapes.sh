#!/bin/sh
# Every shape of screen is used: on every panel of the bundled exhibit, in
# both its languages, at ten sizes from 5:3 and 5:4 to 32:9-ish ultrawide
# and 9:16 portrait, no half of the screen (in its long direction) is
# empty while the other holds the content. Measured from
# `render --layout-json`: the content's boxes (all but the controls and
# chrome, the chapter line, the sources at the foot and the position)
# must reach at least 5 % of the long side past the middle line on both
# sides (the credits panel's sources are its content). Prints, per size
# and language, the panels that fall short and the narrowest reach.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool python3 python3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
for size in 800x480 1024x600 1280x1024 1366x768 1920x1080 2560x1080 3840x1600 3840x2160 \
    720x1280 1080x1920; do
    for locale in en fr; do
        # the layout records alone (no --out: no pictures, the same records)
        "$VITRINE" render --size "$size" --locale "$locale" --layout-json "$out/$size-$locale.jsonl" \
            >"$out/log" 2>&1 || { echo "FAIL: render $size $locale"; cat "$out/log"; fail=1; }
    done
done
python3 - "$out" <<'PY' || fail=1
import glob, json, os, sys
out = sys.argv[1]
skip = {"control", "chapter", "source", "position", "invitation", "bar", "progress", "notice",
        "card", "index", "staff", "languages", "chrome"}
total = short = 0
for path in sorted(glob.glob(os.path.join(out, "*.jsonl"))):
    name = os.path.basename(path)[:-6]
    n = bad = 0
    least = 1.0
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        W, H = r["width"], r["height"]
        wide = W >= H
        L = W if wide else H
        boxes = [b for b in r["boxes"] if b["role"] not in skip or
                 (b["role"] == "source" and b["y"] + b["h"] < 0.8 * H)]
        if not boxes:
            print(f"FAIL: {name} {r['picture']}: no content"); bad += 1; continue
        lo = min(b["x"] if wide else b["y"] for b in boxes)
        hi = max(b["x"] + b["w"] if wide else b["y"] + b["h"] for b in boxes)
        reach = min(L / 2 - lo, hi - L / 2) / L
        least = min(least, reach)
        n += 1
        if reach < 0.05:
            bad += 1
            print(f"FAIL: {name} {r['picture']}: the content spans {100 * lo / L:.0f}..{100 * hi / L:.0f} % "
                  f"of the {'width' if wide else 'height'}")
    total += n
    short += bad
    print(f"{name}: {bad} of {n} panels short; the least reach past the middle {100 * least:.1f} %")
print(f"{short} of {total} panels short")
sys.exit(1 if short or total < 700 else 0)
PY
[ $fail -eq 0 ] && echo "PASS" && exit 0
exit 1
