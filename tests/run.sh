#!/bin/sh
# Build vitrine and run the whole test suite twice: a normal build with
# warnings as errors, then with AddressSanitizer and UndefinedBehaviorSanitizer.
# Needs no display: tests use SDL's offscreen driver, and the real-window test
# starts its own Xvfb.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS $VITRINE_TEST_PKGS
jobs=$(nproc)
passed=0
failed=0
for variant in test asan; do
    dir="$top/build/$variant"
    if [ "$variant" = asan ]; then
        flags="-DCMAKE_BUILD_TYPE=Debug -DVITRINE_SANITIZE=ON"
    else
        flags="-DCMAKE_BUILD_TYPE=RelWithDebInfo"
    fi
    echo "== $variant build"
    cmake -S "$top" -B "$dir" $flags -DVITRINE_WERROR=ON >/dev/null
    cmake --build "$dir" -j "$jobs"
    echo "== $variant tests"
    if ctest --test-dir "$dir" --output-on-failure -j "$jobs" >"$dir/ctest.log" 2>&1; then
        rc=0
    else
        rc=1
    fi
    cat "$dir/ctest.log"
    n=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\1 \2/p' "$dir/ctest.log")
    set -- $n
    failed=$((failed + ${1:-1}))
    passed=$((passed + ${2:-0} - ${1:-0}))
    [ $rc -eq 0 ] || echo "== $variant tests FAILED"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
