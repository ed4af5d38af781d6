#!/bin/sh
# A+ never does nothing in silence: on a panel whose text already fills its
# room (the bundled exhibit's 25-quote-locals in French at 1920x1080, which
# layout_panel_scaled marks larger_refused), tapping A+ shows the kiosk's
# larger_full words in the notice line; on a panel whose text can grow it
# grows and nothing is said. The A+ button is found where the picture
# shows it (--layout-json), not where the test thinks it is.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool python3 python3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
# to panel 25 in French, then a shot to find the A+ button
{
    echo "100 tap 0.5 0.5"
    echo "300 key home"
    t=1000
    i=0
    while [ $i -lt 24 ]; do
        echo "$t key right"
        t=$((t + 700))
        i=$((i + 1))
    done
    echo "$t shot at25"
} >"$out/to25.txt"
"$VITRINE" render --size 1920x1080 --locale fr --script "$out/to25.txt" --layout-json "$out/a.json" \
    --out "$out/a" >/dev/null 2>&1 || { echo "FAIL: render to panel 25"; exit 1; }
xy=$(python3 - "$out/a.json" <<'PY'
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    for b in r["boxes"]:
        if b["role"] == "control" and b.get("lines") == ["A+"]:
            print((b["x"] + b["w"] / 2) / r["width"], (b["y"] + b["h"] / 2) / r["height"])
PY
)
[ -n "$xy" ] || { echo "FAIL: no A+ button in the shot"; exit 1; }
# the same, then A+ on panel 25 (refused: said), then A+ off, back to panel 2 and A+ (grows)
cp "$out/to25.txt" "$out/s.txt"
cat >>"$out/s.txt" <<SCRIPT
19000 tap $xy
19600 shot refused
20000 tap $xy
20500 key home
21200 key right
22500 tap $xy
23100 shot grows
SCRIPT
"$VITRINE" render --size 1920x1080 --locale fr --script "$out/s.txt" --layout-json "$out/s.json" \
    --out "$out/s" >/dev/null 2>&1 || { echo "FAIL: render with A+"; exit 1; }
python3 - "$out/s.json" <<'PY' || fail=1
import json, sys
recs = {}
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    recs[r["picture"]] = r
def notice(r):
    return " ".join(" ".join(b.get("lines", [])) for b in r["boxes"] if b["role"] == "notice")
said = "Le texte de cette page est d\u00e9j\u00e0 aussi grand que l\u2019\u00e9cran le permet."
bad = 0
if recs["refused"]["panel"] != 25 or said not in notice(recs["refused"]):
    print(f"FAIL: A+ on panel {recs['refused']['panel']} says {notice(recs['refused'])!r}"); bad = 1
if recs["grows"]["panel"] != 2 or said in notice(recs["grows"]):
    print(f"FAIL: A+ on panel {recs['grows']['panel']} says {notice(recs['grows'])!r}"); bad = 1
print("A+ on a full panel said so; on a panel that grows, nothing was said")
sys.exit(bad)
PY
[ $fail -eq 0 ] && echo "PASS" && exit 0
exit 1
