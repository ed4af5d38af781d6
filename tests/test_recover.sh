#!/bin/sh
# Renderer resets under a real X server (Xvfb): test_recover with the
# OpenGL renderer (Mesa's software rasteriser, llvmpipe) and with the
# software renderer; a clip through a device reset (a store made here with
# ffmpeg's test clip, as test_video_panels.sh makes it). tests/run.sh
# installs Xvfb, Mesa and ffmpeg.
set -u
: "${TEST_RECOVER:?}"
. "$(dirname "$0")/lib.sh"
work=$(mktemp -d)
xpid=""
cleanup() {
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
start_xvfb "$work"

# the film first: the test exhibit of video panels without its title
top=$(cd "$(dirname "$0")/.." && pwd)
film=""
if command -v ffmpeg >/dev/null; then
    sh "$top/tests/tools/make_clips.sh" "$work/clips" >/dev/null || exit 1
    cp -r "$top/tests/data/video" "$work/ex"
    rm "$work/ex/panels/01-title.yaml"
    mkdir "$work/ex/videos"
    cp "$work/clips/h264.mp4" "$work/clips/h264.en.vtt" "$work/clips/h264.fr.vtt" \
        "$work/clips/vp9.webm" "$work/ex/videos/"
    "$VITRINE_BINARY_DIR/vitrine" bundle build "$work/ex" -o "$work/film.vitrine" >"$work/build.log" 2>&1 ||
        { cat "$work/build.log"; echo "FAIL: the film exhibit did not build"; exit 1; }
    film="$work/film.vitrine"
else
    echo "SKIP: ffmpeg is not installed: the clip's cases are skipped (Debian package ffmpeg; tests/run.sh installs it)"
fi

# test_recover exits 77 when it skipped a case (no film) and nothing
# failed: the whole test is then a skip ctest counts, never a pass.
status=0
skipped=0
for renderer in opengl software; do
    echo "== $renderer renderer on $DISPLAY"
    asan=${ASAN_OPTIONS:-}
    # Mesa's GL driver is unloaded before LeakSanitizer looks, and what it
    # keeps until exit shows up as leaks in "<unknown module>" that no
    # suppression can name. Our own code is leak-checked by the software
    # run of the same test (the same kiosk and display paths).
    [ "$renderer" = opengl ] && asan="${asan:+$asan:}detect_leaks=0"
    rc=0
    ASAN_OPTIONS=$asan SDL_VIDEODRIVER=x11 VITRINE_TEST_RENDERER=$renderer LIBGL_ALWAYS_SOFTWARE=1 \
        VITRINE_TEST_FILM="$film" "$TEST_RECOVER" || rc=$?
    case $rc in
    0) ;;
    77) skipped=1 ;;
    *)
        echo "FAIL: $renderer"
        status=1
        ;;
    esac
done
[ "$status" -eq 0 ] && [ "$skipped" -eq 1 ] && exit 77
exit $status
