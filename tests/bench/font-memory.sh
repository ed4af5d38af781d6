#!/bin/sh
# What a bundle's own font costs the kiosk in memory: the small test
# exhibit built three times (no font; one big font for sans; the same font
# for sans, bold and serif), each run for FRAMES frames on SDL's offscreen
# driver with the software renderer at 1280x800, its peak resident memory
# (GNU time's %M) printed with the difference from the run without a font.
# The font: FONT if given, else the first face of Noto Sans CJK's
# collection (fonts-noto-cjk) written out as one OpenType file (16.5 MB).
# Usage: tests/bench/font-memory.sh VITRINE [FONT] [FRAMES] (default 5).
# PAD_MB=N (environment): the font padded to N MiB (at most 20, the limit a
# store holds) by one more table, ZPAD, of zeros: its table directory is
# written again with the new entry (tags in order, each table's offset
# moved, checksums right for the tables; head's checkSumAdjustment is left,
# as FreeType and HarfBuzz ignore it). The padding is bytes the kiosk holds
# but never parses, so it measures what holding a font of that size costs;
# with PAD_MB=20 the issue's bound reads: sans, bold and serif at most
# +25 MB.
# Figures, not pass/fail.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$1
font=${2:-}
frames=${3:-5}
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
command -v /usr/bin/time >/dev/null || { echo "needs GNU time (/usr/bin/time)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$font" ]; then
    font="$work/big.otf"
    python3 - /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc "$font" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
assert b[:4] == b"ttcf"
off = struct.unpack(">I", b[12:16])[0]
n = struct.unpack(">H", b[off + 4:off + 6])[0]
recs = [struct.unpack(">4sIII", b[off + 12 + 16 * i:off + 28 + 16 * i]) for i in range(n)]
pos, dirs, data = 12 + 16 * n, bytearray(), bytearray()
for tag, cs, o, ln in recs:
    dirs += struct.pack(">4sIII", tag, cs, pos + len(data), ln)
    data += b[o:o + ln] + b"\0" * (-ln % 4)
open(sys.argv[2], "wb").write(b[off:off + 12] + dirs + data)
PY
fi
if [ -n "${PAD_MB:-}" ]; then
    python3 - "$font" "$work/padded.otf" "$PAD_MB" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
want = int(sys.argv[3]) * 1024 * 1024
ver, n = struct.unpack(">IH", b[:6])
recs = [struct.unpack(">4sIII", b[12 + 16 * i:28 + 16 * i]) for i in range(n)]
assert all(t != b"ZPAD" for t, _, _, _ in recs)
n += 1
pos = 12 + 16 * n
body = bytearray()
moved = []
for tag, cs, o, ln in recs:
    moved.append((tag, cs, pos + len(body), ln))
    body += b[o:o + ln] + b"\0" * (-ln % 4)
pad = want - pos - len(body)
assert pad >= 4, "the font is already that large"
pad -= pad % 4
moved.append((b"ZPAD", 0, pos + len(body), pad))  # zeros: checksum 0
body += b"\0" * pad
moved.sort()
sel = max(i for i in range(16) if 1 << i <= n)
head = struct.pack(">IHHHH", ver, n, 16 << sel, sel, 16 * n - (16 << sel))
dirs = b"".join(struct.pack(">4sIII", *r) for r in moved)
open(sys.argv[2], "wb").write(head + dirs + body)
PY
    font="$work/padded.otf"
fi
kb=$(($(wc -c <"$font") / 1024))
# build NAME FACES...: the test exhibit with FONT for each face named
build() {
    name=$1
    shift
    rm -rf "$work/$name"
    cp -r "$top/tests/data/author/good" "$work/$name"
    if [ $# -gt 0 ]; then
        mkdir "$work/$name/fonts"
        cp "$font" "$work/$name/fonts/big.otf"
        echo "fonts:" >>"$work/$name/exhibit.yaml"
        for face in "$@"; do
            echo "  $face: fonts/big.otf" >>"$work/$name/exhibit.yaml"
        done
    fi
    "$bin" bundle build "$work/$name" -o "$work/$name.vitrine" >"$work/$name.log" 2>&1 ||
        { echo "$name does not build:"; grep -v warning "$work/$name.log" | head -5; exit 1; }
}
peak() {
    /usr/bin/time -f %M "$bin" run --content "$work/$1.vitrine" --frames "$frames" \
        --size 1280x800 --windowed 2>&1 >/dev/null | tail -1
}
build none
build one sans
build three sans bold serif
base=$(peak none)
echo "font: $(basename "$font"), $kb KB; vitrine run --frames $frames, peak resident memory"
printf '%-28s %s KB\n' "no font:" "$base"
for n in one three; do
    p=$(peak $n)
    [ $n = one ] && what="sans" || what="sans, bold, serif"
    printf '%-28s %s KB (+%s MB)\n' "the font for $what:" "$p" "$(((p - base) / 1024))"
done
