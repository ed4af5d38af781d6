#!/bin/sh
# Renderer resets under a real X server (Xvfb): test_recover with the
# OpenGL renderer (Mesa's software rasteriser, llvmpipe) and with the
# software renderer. tests/run.sh installs Xvfb and Mesa.
set -u
: "${TEST_RECOVER:?}"
command -v Xvfb >/dev/null || { echo "FAIL: Xvfb is not installed (tests/run.sh installs it)"; exit 1; }
work=$(mktemp -d)
xpid=""
cleanup() {
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

. "$(dirname "$0")/xvfb.sh"
start_xvfb "$work"

status=0
for renderer in opengl software; do
    echo "== $renderer renderer on $DISPLAY"
    asan=${ASAN_OPTIONS:-}
    # Mesa's GL driver is unloaded before LeakSanitizer looks, and what it
    # keeps until exit shows up as leaks in "<unknown module>" that no
    # suppression can name. Our own code is leak-checked by the software
    # run of the same test (the same kiosk and display paths).
    [ "$renderer" = opengl ] && asan="${asan:+$asan:}detect_leaks=0"
    if ! ASAN_OPTIONS=$asan SDL_VIDEODRIVER=x11 VITRINE_TEST_RENDERER=$renderer LIBGL_ALWAYS_SOFTWARE=1 "$TEST_RECOVER"; then
        echo "FAIL: $renderer"
        status=1
    fi
done
exit $status
