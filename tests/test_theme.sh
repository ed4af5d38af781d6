#!/bin/sh
# A museum's own look (exhibit.yaml theme, logo, fonts) from the sources to
# the screen: the bundled exhibit with a light theme, a logo and its own
# serif is built, then drawn by `render` (panel by panel) and by the kiosk
# (a scripted shot). Checked: the store keeps the theme as written, every
# picture's background is the theme's, the accent is drawn, the title
# panel carries a box of role "logo", the font is the one the kiosk sets
# quotes in, and a theme whose accent does not read is refused at build,
# naming the colours and the contrast.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool python3 python3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
src="$out/src"
cp -r "$VITRINE_SOURCE_DIR/content/exhibits/pyongyang-2014" "$src"
mkdir -p "$src/images" "$src/fonts"
cp "$VITRINE_SOURCE_DIR/assets/fonts/DejaVuSans.ttf" "$src/fonts/Museum-Serif.ttf"
python3 - "$src/images/logo.png" <<'PY'
import struct, sys, zlib
w, h = 240, 80
rows = b"".join(b"\0" + b"".join(b"\xB0\x12\x2B\xFF" if (x // 20 + y // 20) % 2 else b"\x20\x20\x20\xFF"
                                 for x in range(w)) for y in range(h))
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                              + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
cp "$src/exhibit.yaml" "$out/exhibit.orig"
printf 'theme:\n  accent: "#B0122B"\n  background: "#FAF7F0"\nlogo: images/logo.png\nfonts:\n  serif: fonts/Museum-Serif.ttf\n  sans: fonts/Museum-Serif.ttf\n' >>"$src/exhibit.yaml"
"$VITRINE" bundle build "$src" -o "$out/themed.vitrine" >"$out/build.log" 2>&1 ||
    { echo "FAIL: the themed exhibit does not build"; cat "$out/build.log"; exit 1; }

# the museum's font has no Hangul: the build says so (and the fallback
# fonts draw the Korean names)
grep -q "exhibit.yaml: fonts.sans lacks .*U+D3C9.*used by the exhibit: the fallback fonts draw them" "$out/build.log" ||
    { echo "FAIL: the build did not name the characters the museum's font lacks:"; cat "$out/build.log"; fail=1; }
grep -q "fonts.serif lacks" "$out/build.log" &&
    { echo "FAIL: the serif has every character of the quotes, yet the build says it lacks some"; fail=1; }

"$VITRINE" render --content "$out/themed.vitrine" --size 1280x800 --layout-json "$out/p.jsonl" \
    --out "$out/p" >"$out/render.log" 2>&1 || { echo "FAIL: render"; cat "$out/render.log"; fail=1; }
printf '100 shot loop\n500 tap 0.5 0.5\n1500 shot touched\n' >"$out/s.txt"
"$VITRINE" render --content "$out/themed.vitrine" --size 800x480 --script "$out/s.txt" \
    --out "$out/s" >"$out/script.log" 2>&1 || { echo "FAIL: render --script"; cat "$out/script.log"; fail=1; }
grep -q "the exhibit's own font fonts/Museum-Serif.ttf first" "$out/render.log" ||
    { echo "FAIL: render did not set quotes in the exhibit's serif"; fail=1; }

# the proof of play is the frame on screen, logo included: not the first
# frame, drawn while the logo is decoded
mkdir -p "$out/shots"
printf 'health_file = %s/shots/vitrine.prom\nscreenshot_every = 1\n' "$out" >"$out/shots.conf"
"$VITRINE" run --content "$out/themed.vitrine" --windowed --size 960x600 --no-watch --frames 3 \
    --state-dir "$out/state" --keys "$out/keys" --config "$out/shots.conf" 2>"$out/run.log" ||
    { echo "FAIL: run with screenshot_every"; cat "$out/run.log"; fail=1; }

python3 - "$out" <<'PY' || fail=1
import glob, json, sqlite3, struct, sys, zlib
out = sys.argv[1]
bad = 0
def fail(msg):
    global bad
    print("FAIL:", msg)
    bad = 1
db = sqlite3.connect(out + "/themed.vitrine")
row = db.execute("SELECT accent, background, (SELECT name FROM asset WHERE id = logo) FROM exhibit").fetchone()
if row != ("#B0122B", "#FAF7F0", "images/logo.png"):
    fail("the store keeps %r" % (row,))
if sorted(db.execute("SELECT face || ' ' || name FROM font").fetchall()) != [
        ("sans fonts/Museum-Serif.ttf",), ("serif fonts/Museum-Serif.ttf",)]:
    fail("the store's fonts are wrong")

def pixels(path):
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, t = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if t == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            bpp = {2: 3, 6: 4}[ctype]
        elif t == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, rows = zlib.decompress(idat), w * bpp, None, []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i] if prev else 0
            c = prev[i - bpp] if prev and i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows

def colour_count(path, rgb):
    w, h, bpp, rows = pixels(path)
    want = bytes(rgb)
    return w, h, rows[2][0:3], sum(r[i:i + 3] == want for r in rows for i in range(0, w * bpp, bpp))

shots = sorted(glob.glob(out + "/p/0*.png")) + sorted(glob.glob(out + "/s/*.png"))
if len(shots) < 38:
    fail("only %d pictures" % len(shots))
for path in shots[:3] + shots[-2:]:
    w, h, corner, accent = colour_count(path, (0xB0, 0x12, 0x2B))
    if corner != bytes((0xFA, 0xF7, 0xF0)):
        fail("%s: the background is #%s, not the theme's #FAF7F0" % (path, corner.hex()))
    if accent < 20:
        fail("%s: the accent #B0122B is drawn on %d pixels" % (path, accent))
# the logo is a checker of 20 px squares in the accent and #202020: at
# half size (480 of 960), about 1,200 of its pixels are the accent's own,
# against a few dozen for the accent's marks without it
w, h, corner, logo = colour_count(out + "/shots/vitrine.png", (0xB0, 0x12, 0x2B))
if (w, h) != (480, 300) or logo < 600:
    fail("the proof of play (%dx%d) shows %d pixels of the logo's red" % (w, h, logo))
title = [json.loads(l) for l in open(out + "/p.jsonl")][0]
logos = [b for b in title["boxes"] if b["role"] == "logo"]
if len(logos) != 1 or logos[0]["w"] * 80 != logos[0]["h"] * 240:
    fail("the title panel's logo boxes: %r" % logos)
sys.exit(bad)
PY

# an accent that does not read on the background is refused, in words
cp "$out/exhibit.orig" "$src/exhibit.yaml"
printf 'theme:\n  accent: "#FFE066"\n  background: "#FFFFFF"\n' >>"$src/exhibit.yaml"
if "$VITRINE" bundle build "$src" -o "$out/pale.vitrine" >"$out/pale.log" 2>&1; then
    echo "FAIL: a pale accent on white was built"
    fail=1
elif ! grep -q "exhibit.yaml:[0-9]*: theme: the accent #FFE066 on the background #FFFFFF has a contrast of 1.3:1" "$out/pale.log"; then
    echo "FAIL: the refusal does not say why:"
    cat "$out/pale.log"
    fail=1
fi
[ "$fail" = 0 ] && echo "PASS: theme, logo and fonts reach the screen; a pale accent is refused"
exit "$fail"
