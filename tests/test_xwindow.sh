#!/bin/sh
# A real window under Xvfb, driven by real X events from xdotool: a click
# wakes the kiosk, a drag to the left moves it to the next panel. The panel
# on screen is read from the kiosk's own log (--verbose).
set -u
: "${VITRINE:?}"
. "$(dirname "$0")/lib.sh"
need_tool xdotool xdotool
scratch_work
start_xvfb "$work"
# the kiosk's own state, keys and settings: never the machine's /var/lib/vitrine or /etc/vitrine
mkdir -p "$work/state" "$work/keys"
own="--state-dir $work/state --keys $work/keys --config $work/none.conf"

SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software "$VITRINE" run $own --windowed --size 800x600 --verbose \
    >"$work/out" 2>"$work/log" &
vpid=$!

# wait for a log line (bounded): the kiosk writes it when the state changes
wait_log() { # pattern what
    echo "waiting for $2"
    wait_for_log "$work/log" "$1" 60 "$vpid"
}

wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^vitrine$' | head -n 1)
[ -n "$wid" ] || { echo "FAIL: no vitrine window"; cat "$work/log"; exit 1; }
wait_log "first frame" "the first frame"
echo "window $wid is up"

# a click only wakes the kiosk
xdotool mousemove --window "$wid" 400 300 click 1
wait_log "mode interactive" "interactive mode after a click"
grep -q "showing panel 2 " "$work/log" && { echo "FAIL: the waking click also navigated"; exit 1; }

# drag from right to left: the panel follows and commits to the next one
xdotool mousemove --window "$wid" 650 300 mousedown 1
for x in 600 540 480 420 360 300 240 180; do
    xdotool mousemove --window "$wid" "$x" 300
done
xdotool mouseup 1
wait_log "showing panel 2 " "panel 2 after a drag"

# Escape and Alt+F4 do not quit the kiosk
xdotool key --window "$wid" Escape
xdotool key --window "$wid" alt+F4
xdotool mousemove --window "$wid" 400 300 click 1
kill -0 "$vpid" 2>/dev/null || { echo "FAIL: the kiosk quit"; cat "$work/log"; exit 1; }
echo "ok: woke on click, dragged to panel 2, Escape and Alt+F4 ignored"
grep -E "mode |showing panel" "$work/log"

# the window changes size (as a display's resolution or orientation does):
# the kiosk lays out again for the new size
xdotool windowsize "$wid" 480 640
wait_log "the screen is now 480x640: laid out again" "a relayout at 480x640"
echo "ok: resized to 480x640 and laid out again"

# SIGTERM (how systemd stops a service) ends it cleanly
kill -TERM "$vpid"
wait_log "stopping" "the kiosk stopping on SIGTERM"
wait "$vpid"
rc=$?
vpid=""
[ $rc -eq 0 ] || { echo "FAIL: exit status $rc after SIGTERM"; tail -n 40 "$work/log"; exit 1; }
echo "ok: SIGTERM stops the kiosk (status 0)"

# Full screen with no window manager (as on most kiosks): the window must
# cover the whole screen (SDL leaves a 0x0 full-screen window at 1x1 there,
# which is a black screen).
# (the log emptied here, not by the job's own redirection, which may come
# after wait_log's first look and so show it the last run's lines)
: >"$work/log"
SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software "$VITRINE" run $own --verbose >"$work/out" 2>>"$work/log" &
vpid=$!
wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^vitrine$' | head -n 1)
[ -n "$wid" ] || { echo "FAIL: no full-screen window"; cat "$work/log"; exit 1; }
wait_log "first frame" "the first full-screen frame"
geometry=$(xdotool getwindowgeometry "$wid" | sed -n 's/.*Geometry: //p')
screen=$(xdotool getdisplaygeometry | tr ' ' x)
[ "$geometry" = "$screen" ] || { echo "FAIL: full-screen window is $geometry on a $screen screen"; exit 1; }
echo "ok: full screen covers the $screen screen"
exit 0
