#!/bin/sh
# The kiosk's own words end to end: tests/data/author/ui-de-ja built by the
# binary, then rendered with a script; what the pictures show (--layout-json)
# has the exhibit's German "Kapitelübersicht" whole on the bar and as the
# index's heading, the kiosk's German and Japanese words on the bar and the
# "still there?" card, "Quellen:"/"出典：" before the sources, and the
# loop's invitation in each language (one at a time, a period apart),
# Georgian's the exhibit's own.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool python3 python3
src="${VITRINE_SOURCE_DIR:-.}/tests/data/author/ui-de-ja"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$VITRINE" bundle build "$src" -o "$out/e.vitrine" 2>"$out/build.txt" || { cat "$out/build.txt"; exit 1; }
if grep -q "no words of its own" "$out/build.txt"; then
    echo "FAIL: the build warns though every language has its words"; cat "$out/build.txt"; exit 1
fi
cat >"$out/s.txt" <<'SCRIPT'
500   shot loop
4500  shot loop-1
8500  shot loop-2
13000 tap 0.5 0.4
13200 key home
14500 key right
15500 shot bar
16000 swipe 0.5 0.7 0.5 0.2 200
17000 shot index
17500 key escape
79000 shot countdown
SCRIPT
fail=0
for loc in de ja; do
    for size in 1920x1080 800x480; do
        "$VITRINE" render --content "$out/e.vitrine" --size "$size" --locale "$loc" \
            --script "$out/s.txt" --layout-json "$out/$loc-$size.json" --out "$out/$loc-$size" \
            >/dev/null 2>&1 || { echo "FAIL: render $loc $size"; fail=1; continue; }
        python3 - "$out/$loc-$size.json" "$loc" <<'PY' || fail=1
import json, sys
path, loc = sys.argv[1], sys.argv[2]
want = {
    "de": {"bar": [("control", "Anfang"), ("control", "Kapitelübersicht"),
                   (None, "Quellen: CTV News; CNN")],
           "index": [(None, "Kapitelübersicht")],
           "countdown": [("card", "Noch da?"), ("card", "Zurück zum Anfang in 9\u00a0s")],
           "loop": [("invitation", "Berühren und entdecken"),
                    ("invitation", "შეეხეთ და დაათვალიერეთ")]},
    "ja": {"bar": [("control", "最初へ"), ("control", "目次"), (None, "出典：CTVニュース; CNN")],
           "index": [(None, "目次")],
           "countdown": [("card", "まだご覧になっていますか？"), ("card", "9秒後に最初に戻ります")],
           "loop": [("invitation", "画面に触れてご覧ください")]},
}[loc]
seen = {}
for line in open(path, encoding="utf-8"):
    rec = json.loads(line)
    # the loop's invitation shows one language at a time: the three shots
    # a period apart show them all
    shot = "loop" if rec["picture"].startswith("loop") else rec["picture"]
    seen.setdefault(shot, []).extend(
        (b.get("role"), l) for b in rec["boxes"] for l in b.get("lines", []))
bad = 0
for shot, items in want.items():
    lines = seen.get(shot, [])
    for role, text in items:
        if not any((role is None or r == role) and text in l for r, l in lines):
            print(f"FAIL: {path}: {shot} has no {role or 'box'} with {text!r}")
            bad = 1
sys.exit(bad)
PY
    done
done
[ $fail -eq 0 ] && echo "ok: the exhibit's and the kiosk's words in German and Japanese"
exit $fail
