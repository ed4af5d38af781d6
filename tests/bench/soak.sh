#!/bin/sh
# The week-long soak: figures, not a quick test. Runs `vitrine soak` for
# seven simulated days (or --days N) twice: in a release build, for resident
# memory as a kiosk would have it, and in the AddressSanitizer build, where
# LeakSanitizer checks at exit that nothing leaked (its quarantine makes
# resident memory meaningless there). Each prints resident memory, open
# file descriptors and live textures at every closing and midnight.
# Usage: tests/bench/soak.sh [--days N]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
days=7
[ "${1:-}" = --days ] && days=$2
export VITRINE_ASSETS_DIR="$top/assets" VITRINE_SOURCE_DIR="$top"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS minisign
export SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy SOAK_DAYS=$days
for kind in release asan; do
    build="$top/build/$kind"
    if [ $kind = release ]; then
        cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
    else
        cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DVITRINE_SANITIZE=ON >/dev/null
    fi
    cmake --build "$build" -j "$(nproc)" --target vitrine >/dev/null
    echo "== $kind build, $days simulated days"
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$top/tests/lsan.supp:print_suppressions=0" \
        VITRINE="$build/vitrine" sh "$top/tests/test_soak.sh"
done
