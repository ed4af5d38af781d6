#!/bin/sh
# Make the gallery again from a build (then look at every picture):
#   sh docs/gallery/update.sh build/test
# BUILD is a build folder of the test configuration (it has vitrine and
# tests/pngthumb). Writes small PNGs here: the bundled exhibit's contact
# sheets at nine sizes (portrait, ultrawide and 5:4 among them) in both
# languages, and shots of the kiosk after a
# tap, in the chapter index, with larger text, during an import, on its
# card, on "Still there?" and on the staff screen, plus index.md.
set -eu
build=${1:?usage: docs/gallery/update.sh BUILD_DIR}
vitrine="$build/vitrine"
thumb="$build/tests/pngthumb"
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$vitrine" ] && [ -x "$thumb" ] || {
    echo "docs/gallery/update.sh: $vitrine or $thumb is missing; build the tests first" >&2
    exit 1
}
command -v python3 >/dev/null || { echo "docs/gallery/update.sh: needs python3" >&2; exit 1; }
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f "$here"/*.png
index="$here/index.md"
{
    echo "# Gallery"
    echo
    echo "What a visitor and a member of staff see, made by \`sh docs/gallery/update.sh BUILD\`"
    echo "from the bundled exhibit (headless, the software renderer). Look at every picture after a"
    echo "change to what the screen shows."
    echo
    echo "## Every panel"
    echo
} >"$index"
for size in 1920x1080 1080x1920 768x1024 800x480 3840x2160 2560x1080 3840x1600 1280x1024 720x1280; do
    for locale in en fr; do
        "$vitrine" render --size "$size" --locale "$locale" --out "$tmp/$size-$locale" >/dev/null
        "$thumb" 1000 "$tmp/$size-$locale/contact-sheet.png" "$here/sheet-$size-$locale.png"
        echo "- $size, $locale: ![$size $locale](sheet-$size-$locale.png)" >>"$index"
    done
done
# The museum's own look: the bundled exhibit with a light theme, a logo and
# its own serif (as tests/test_theme.sh builds it).
src="$tmp/themed-src"
cp -r "$here/../../content/exhibits/pyongyang-2014" "$src"
mkdir -p "$src/images" "$src/fonts"
cp "$here/../../assets/fonts/DejaVuSans.ttf" "$src/fonts/Museum-Serif.ttf"
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
printf 'theme:\n  accent: "#B0122B"\n  background: "#FAF7F0"\nlogo: images/logo.png\nfonts:\n  serif: fonts/Museum-Serif.ttf\n' >>"$src/exhibit.yaml"
"$vitrine" bundle build "$src" -o "$tmp/themed.vitrine" >/dev/null 2>&1
for size in 1920x1080 1080x1920; do
    "$vitrine" render --content "$tmp/themed.vitrine" --size "$size" --out "$tmp/themed-$size" >/dev/null
    "$thumb" 1000 "$tmp/themed-$size/contact-sheet.png" "$here/themed-$size-en.png"
done
{
    echo
    echo "## A museum's own look"
    echo
    echo "The same exhibit with \`theme: {accent: \"#B0122B\", background: \"#FAF7F0\"}\`, a logo and its own"
    echo "serif (see content/README.md):"
    echo
    echo "- 1920x1080: ![themed 1920x1080](themed-1920x1080-en.png)"
    echo "- 1080x1920: ![themed 1080x1920](themed-1080x1920-en.png)"
    echo
    echo "## The kiosk in use"
    echo
} >>"$index"
# Where the bar's buttons are, from what the screen shows after a tap.
for size in 1920x1080 800x480 1080x1920; do
    for locale in en fr; do
        d="$tmp/s-$size-$locale"
        mkdir -p "$d"
        printf '500 tap 0.5 0.5\n1500 shot touched\n' >"$d/probe.txt"
        "$vitrine" render --size "$size" --locale "$locale" --script "$d/probe.txt" \
            --layout-json "$d/probe.jsonl" --out "$d/probe" >/dev/null
        python3 - "$d/probe.jsonl" "$size" >"$d/at" <<'PY'
import json, sys
w, h = (int(v) for v in sys.argv[2].split("x"))
boxes = json.loads(open(sys.argv[1]).readline())["boxes"]
def at(*labels):
    for b in boxes:
        if b["role"] == "control" and b["lines"] and b["lines"][0] in labels:
            return "%.4f %.4f" % ((b["x"] + b["w"] / 2) / w, (b["y"] + b["h"] / 2) / h)
    sys.exit("no control labelled %s" % (labels,))
print("chapters=%s" % at("Chapters", "Chapitres").replace(" ", ","))
print("larger=%s" % at("A+").replace(" ", ","))
PY
        chapters=$(sed -n 's/^chapters=//p' "$d/at" | tr , ' ')
        larger=$(sed -n 's/^larger=//p' "$d/at" | tr , ' ')
        cat >"$d/tour.txt" <<SCRIPT
500    tap 0.5 0.5
1500   shot tapped
2000   tap $chapters
3000   shot chapter-index
3500   key escape
3800   swipe 0.8 0.5 0.2 0.5 200
4500   tap $larger
5500   shot larger-text
6000   staff-progress 412 1000 Copying the exhibit from the stick
6500   shot import-progress
7000   staff-progress off
7000   staff-card ok Loaded: Pyongyang 2014, version 3 | 36 panels. You can remove the stick.
7500   shot import-loaded
8000   staff-card fail | The exhibit on the stick is not signed by a key this kiosk trusts.
8500   shot import-refused
9000   staff-card off
68000  shot still-there
69000  tap 0.5 0.5
69500  staff-pin 2468
70000  down 1 0.03 0.04
75100  up 1 0.03 0.04
75500  staff-tap 2
75700  staff-tap 4
75900  staff-tap 6
76100  staff-tap 8
76300  staff-tap ok
77000  shot staff-screen
SCRIPT
        "$vitrine" render --size "$size" --locale "$locale" --script "$d/tour.txt" --out "$d/tour" >/dev/null
        line="- $size, $locale:"
        for shot in tapped chapter-index larger-text import-progress import-loaded import-refused \
            still-there staff-screen; do
            "$thumb" 640 "$d/tour/$shot.png" "$here/$shot-$size-$locale.png"
            line="$line [$shot]($shot-$size-$locale.png)"
        done
        echo "$line" >>"$index"
    done
done
echo "docs/gallery: $(ls "$here"/*.png | wc -l) pictures; look at every one"
