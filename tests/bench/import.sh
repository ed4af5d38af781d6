#!/bin/sh
# The USB import benchmark: figures, not pass/fail. Generates an exhibit of
# about 50 MB (the test exhibit plus twelve 12-megapixel JPEG photographs, about 55 MB in all), signs
# it with the stock minisign, and runs `vitrine bench --import` on it: the
# import's wall time as the kiosk does it (copy, read back, signature,
# quick_check, content check at the screen's size, switch, open), and the
# time of every frame drawn while a visitor drags panels during it.
# Usage: tests/bench/import.sh [--runs N] [--size WxH]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# the shipped fallback font, from the source tree (not installed)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS minisign
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 -o "$work/photogen" "$top/tests/tools/photogen.c" -ljpeg
cp -r "$top/tests/data/author/good" "$work/exhibit"
mkdir -p "$work/exhibit/images" "$work/keys"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
    n=$(printf '%02d' "$i")
    "$work/photogen" "$work/exhibit/images/photo$n.jpg" 4000 3000 88 "$i"
    cat >"$work/exhibit/panels/04-photo$n.yaml" <<YAML
kind: image
image:
  file: images/photo$n.jpg
  alt: A generated photograph, number $i
YAML
done
"$vitrine" bundle build "$work/exhibit" -o "$work/big.vitrine" >/dev/null
minisign -G -W -p "$work/keys/bench.pub" -s "$work/bench.key" >/dev/null
minisign -S -s "$work/bench.key" -m "$work/big.vitrine" >/dev/null
echo "bundle: $(du -m "$work/big.vitrine" | cut -f1) MB"
export SDL_RENDER_DRIVER=software
echo "== offscreen driver, software renderer"
SDL_VIDEODRIVER=offscreen "$vitrine" bench --import "$work/big.vitrine" --keys "$work/keys" "$@"

echo "== the same under Xvfb, X11 driver, the renderer SDL picks by itself"
command -v Xvfb >/dev/null || { echo "(Xvfb is not installed)"; exit 0; }
mkfifo "$work/fd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/fd" 2>/dev/null &
xpid=$!
trap 'kill $xpid 2>/dev/null; rm -rf "$work"' EXIT
read -r dnum <"$work/fd"
unset SDL_RENDER_DRIVER
DISPLAY=":$dnum" SDL_VIDEODRIVER=x11 "$vitrine" bench --import "$work/big.vitrine" \
    --keys "$work/keys" "$@"
