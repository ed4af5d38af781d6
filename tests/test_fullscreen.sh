#!/bin/sh
# Full screen the way a kiosk box runs it: X with no window manager, no
# renderer named. The kiosk must pick SDL's software renderer where OpenGL
# would only be Mesa's software rasteriser (no /dev/dri here, or llvmpipe),
# say which and why; must not ask a window manager that is not there for
# full screen (SDL would wait ~200 ms for the answer); must cover the whole
# screen; must log its first frame's time after exec; and must still exit 0
# on SIGTERM. --renderer opengl gets OpenGL when asked.
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool xdotool xdotool
scratch_work
start_xvfb "$work"
fail=0
unset SDL_RENDER_DRIVER
export SDL_VIDEODRIVER=x11
# the kiosk's own state, keys and settings: never the machine's /var/lib/vitrine or /etc/vitrine
mkdir -p "$work/state" "$work/keys"
own="--state-dir $work/state --keys $work/keys --config $work/none.conf"

"$VITRINE" run $own --no-watch --verbose >"$work/out" 2>"$work/log" &
vpid=$!
wait_for_log "$work/log" 'first frame presented' 60 "$vpid"
grep 'renderer' "$work/log"
if [ -e /dev/dri/renderD128 ] || [ -e /dev/dri/card0 ] || [ -e /dev/dri/card1 ] || [ -e /dev/nvidiactl ]; then
    grep -qE 'renderer (software: OpenGL here is .*software rasteriser|[a-z0-9]+: a GPU)' \
        "$work/log" || { echo "FAIL: no reasoned renderer choice"; fail=1; }
else
    grep -q 'renderer software: no GPU device in /dev/dri' "$work/log" ||
        { echo "FAIL: without a GPU the software renderer was not chosen"; fail=1; }
fi
grep -q 'no window manager: a borderless window covers the screen' "$work/log" ||
    { echo "FAIL: full screen was asked of a missing window manager"; fail=1; }
grep -E 'first frame presented [0-9.]+ ms after exec' "$work/log" ||
    { echo "FAIL: the first frame's time after exec is not logged"; fail=1; }
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^vitrine$' | head -n 1)
geo=$(xdotool getwindowgeometry "$wid" 2>/dev/null | tr '\n' ' ')
echo "window: $geo"
case "$geo" in
*"Position: 0,0"*"Geometry: 1024x768"*) ;;
*) echo "FAIL: the window does not cover the 1024x768 screen"; fail=1 ;;
esac
# the cursor: hidden full screen, shown for a moment when a real mouse
# moves (staff), hidden again by itself
# (moved until the kiosk says so: it sees a move only once it is listening)
nudge() { xdotool mousemove 200 200 mousemove 220 210; log_has "$work/log" 'cursor shown: a mouse moved'; }
if wait_until 60 "$vpid" nudge; then
    (wait_for_log "$work/log" 'cursor hidden' 60 "$vpid") ||
        { echo "FAIL: the cursor was not hidden again"; fail=1; }
else
    echo "FAIL: a mouse move did not show the cursor"; fail=1
fi
kill -TERM "$vpid"
wait "$vpid"
rc=$?
vpid=""
[ $rc -eq 0 ] || { echo "FAIL: exit $rc on SIGTERM"; fail=1; }

# asked for by name: OpenGL (Mesa here), whatever it runs on
# (Mesa keeps allocations to the end: leak checking is for our code, not the GL driver)
ASAN_OPTIONS=detect_leaks=0 "$VITRINE" run $own --no-watch --frames 2 --renderer opengl 2>"$work/log2" ||
    { echo "FAIL: --renderer opengl"; cat "$work/log2"; fail=1; }
grep -q 'renderer opengl: asked for' "$work/log2" ||
    { echo "FAIL: --renderer opengl did not give OpenGL"; cat "$work/log2"; fail=1; }
"$VITRINE" run $own --no-watch --frames 1 --renderer vulkan 2>"$work/log3"
[ $? -eq 2 ] || { echo "FAIL: an unknown renderer is not a usage error"; fail=1; }
[ $fail -eq 0 ] && echo "full screen checks passed"
exit $fail
