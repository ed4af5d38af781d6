#!/bin/sh
# Build vitrine and run the whole test suite twice: a normal build with
# warnings as errors, then with AddressSanitizer and UndefinedBehaviorSanitizer;
# then the threaded tests alone under ThreadSanitizer.
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
# ThreadSanitizer: only the tests with threads of their own, built alone.
tsan_tests="test_job test_log_threads"
dir="$top/build/tsan"
echo "== tsan build"
cmake -S "$top" -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DVITRINE_TSAN=ON -DVITRINE_WERROR=ON >/dev/null
cmake --build "$dir" -j "$jobs" --target $tsan_tests
echo "== tsan tests"
if TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --test-dir "$dir" \
    --output-on-failure -j "$jobs" -R "^($(echo $tsan_tests | tr ' ' '|'))\$" >"$dir/ctest.log" 2>&1; then
    rc=0
else
    rc=1
fi
cat "$dir/ctest.log"
n=$(sed -n 's/.*tests passed, \([0-9]*\) tests failed out of \([0-9]*\).*/\1 \2/p' "$dir/ctest.log")
set -- $n
failed=$((failed + ${1:-1}))
passed=$((passed + ${2:-0} - ${1:-0}))
[ $rc -eq 0 ] || echo "== tsan tests FAILED"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
