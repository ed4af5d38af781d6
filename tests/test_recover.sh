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

# Xvfb writes its display number to the fifo once it accepts clients.
mkfifo "$work/displayfd"
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/displayfd" 2>"$work/xvfb.log" &
xpid=$!
read -r dnum <"$work/displayfd"
[ -n "$dnum" ] || { echo "FAIL: Xvfb did not start"; cat "$work/xvfb.log"; exit 1; }
export DISPLAY=":$dnum"

status=0
for renderer in opengl software; do
    echo "== $renderer renderer on $DISPLAY"
    if ! SDL_VIDEODRIVER=x11 VITRINE_TEST_RENDERER=$renderer LIBGL_ALWAYS_SOFTWARE=1 "$TEST_RECOVER"; then
        echo "FAIL: $renderer"
        status=1
    fi
done
exit $status
