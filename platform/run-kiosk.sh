#!/bin/sh
# Build vitrine (release) and run the kiosk with the bundled exhibit.
# Extra arguments go to `vitrine run`, e.g. --windowed --size 1280x800.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
# the shipped fallback font, from the source tree (not installed)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS
cmake -S "$top" -B "$top/build/release" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$top/build/release" -j "$(nproc)"
exec "$top/build/release/vitrine" run "$@"
