#!/bin/sh
# make_clips.sh OUTDIR [--bench]: the test clips of test_video and the
# authoring tests, made with ffmpeg's testsrc2 picture and a sine tone.
# Idempotent: a clip already in OUTDIR is kept (each is written under a
# temporary name and renamed, so an interrupted run leaves no half clip).
# Exit 77 (CTest's "skipped") when ffmpeg is not installed; 1 when a clip
# cannot be made.
#
#   h264.mp4         1280x720 30 fps 3 s, AAC sine audio (moov first)
#   hevc.mp4         libx265 1280x720 30 fps 3 s, no audio
#   vp9.webm         libvpx-vp9 1280x720 30 fps 3 s, Opus audio
#   av1.mkv          SVT-AV1 (or libaom) 1280x720 30 fps 3 s, no audio
#   h264-4k.mp4      3840x2160 30 fps 2 s, no audio
#   h264-turned.mp4  h264.mp4 with a header that asks for a quarter turn
#                    (a phone's clip filmed upright): shown 720x1280, its
#                    first colour bar (red) at the bottom
#   h264-upside.mp4  h264.mp4 with a header that asks for a half turn
#   shape-*.*        small clips of shapes a phone, a camera or an editor
#                    may write (test_video's clips_of_every_shape_play):
#                    odd sizes, 4:4:4 and grey pictures, 10-bit HEVC,
#                    non-square pixels (turned too), 16x16, VP9 with alpha,
#                    a size that changes mid-stream, a turn the other way
#   h264-1080p30.mp4 1920x1080 30 fps 20 s, AAC (only with --bench)
#   tone.m4a         AAC sine 2 s and no picture: not a video
#   truncated.mp4    h264.mp4 cut in half: its header whole, its data not
#   garbage.mp4      random bytes
#   h264.en.vtt, h264.fr.vtt  WebVTT subtitles for h264.mp4
set -eu

usage() {
    echo "usage: make_clips.sh OUTDIR [--bench]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
out=$1
bench=no
shift
for a in "$@"; do
    case "$a" in
    --bench) bench=yes ;;
    *) usage ;;
    esac
done
if ! command -v ffmpeg >/dev/null 2>&1; then
    echo "make_clips.sh: ffmpeg is not installed (a test-only dependency: platform/debian-deps.sh)" >&2
    exit 77
fi
mkdir -p "$out"
# SVT-AV1 prints its configuration to stderr unless told to log errors only
SVT_LOG=1
export SVT_LOG

# have NAME: the clip is already there
have() { [ -s "$out/$1" ]; }

# make NAME ARGS...: ffmpeg ARGS... into NAME, through a temporary name
make() {
    name=$1
    shift
    have "$name" && return 0
    ext=${name##*.}
    tmp="$out/.$name.part.$$.$ext"
    if ! ffmpeg -nostdin -hide_banner -loglevel error -y "$@" "$tmp"; then
        rm -f "$tmp"
        echo "make_clips.sh: could not make $name" >&2
        exit 1
    fi
    mv -f "$tmp" "$out/$name"
}

# pick the first encoder of the list that this ffmpeg has
encoder() {
    for e in "$@"; do
        if ffmpeg -hide_banner -encoders 2>/dev/null | grep -q " $e "; then
            echo "$e"
            return 0
        fi
    done
    return 1
}

picture() { echo "testsrc2=size=$1:rate=30:duration=$2"; }
tone() { echo "sine=frequency=440:sample_rate=48000:duration=$1"; }

make h264.mp4 -f lavfi -i "$(picture 1280x720 3)" -f lavfi -i "$(tone 3)" \
    -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 96k -movflags +faststart \
    -shortest
make hevc.mp4 -f lavfi -i "$(picture 1280x720 3)" -c:v libx265 -preset ultrafast \
    -x265-params log-level=error -pix_fmt yuv420p -tag:v hvc1 -movflags +faststart
make vp9.webm -f lavfi -i "$(picture 1280x720 3)" -f lavfi -i "$(tone 3)" \
    -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -row-mt 1 -b:v 1M -pix_fmt yuv420p \
    -c:a libopus -b:a 64k -shortest
av1=$(encoder libsvtav1 libaom-av1) || {
    echo "make_clips.sh: this ffmpeg has no AV1 encoder (libsvtav1 or libaom-av1)" >&2
    exit 1
}
if [ "$av1" = libsvtav1 ]; then
    av1_args="-c:v libsvtav1 -preset 12 -crf 40"
else
    av1_args="-c:v libaom-av1 -cpu-used 8 -usage realtime -crf 40 -b:v 0"
fi
# shellcheck disable=SC2086 # av1_args is a list of words
make av1.mkv -f lavfi -i "$(picture 1280x720 3)" $av1_args -pix_fmt yuv420p
make h264-4k.mp4 -f lavfi -i "$(picture 3840x2160 2)" -c:v libx264 -preset ultrafast \
    -pix_fmt yuv420p -movflags +faststart
# the turn in the header only (the same picture stream): FFmpeg 5.1's
# rotate tag, which it writes as the track's display matrix
make h264-turned.mp4 -i "$out/h264.mp4" -map 0:v -c copy -metadata:s:v:0 rotate=90
make h264-upside.mp4 -i "$out/h264.mp4" -map 0:v -c copy -metadata:s:v:0 rotate=180
small="testsrc2=size=320x180:rate=30:duration=1"
x264="-c:v libx264 -preset ultrafast"
make shape-odd444.mkv -f lavfi -i "testsrc2=size=319x179:rate=30:duration=1" $x264 -pix_fmt yuv444p
make shape-grey.mp4 -f lavfi -i "$small" $x264 -pix_fmt gray
make shape-hevc10.mp4 -f lavfi -i "$small" -c:v libx265 -preset ultrafast \
    -x265-params log-level=error -pix_fmt yuv420p10le -tag:v hvc1
make shape-sar.mp4 -f lavfi -i "testsrc2=size=360x288:rate=25:duration=1" -vf setsar=64/45 \
    $x264 -pix_fmt yuv420p
make shape-sar-turned.mp4 -i "$out/shape-sar.mp4" -c copy -metadata:s:v:0 rotate=90
make shape-tiny.mp4 -f lavfi -i "testsrc2=size=16x16:rate=30:duration=1" $x264 -pix_fmt yuv420p
make shape-alpha.webm -f lavfi -i "$small,format=yuva420p" -c:v libvpx-vp9 -deadline realtime \
    -cpu-used 8 -pix_fmt yuva420p
make shape-turned270.mp4 -i "$out/h264.mp4" -map 0:v -c copy -metadata:s:v:0 rotate=270
if ! have shape-switch.mkv; then
    # 320x180, then 180x180: one H.264 stream whose size changes
    for part in a:320x180 b:180x180; do
        make ".switch-${part%%:*}.h264" -f lavfi -i "testsrc2=size=${part#*:}:rate=30:duration=1" \
            $x264 -pix_fmt yuv420p -f h264
    done
    cat "$out/.switch-a.h264" "$out/.switch-b.h264" >"$out/.switch.h264"
    make shape-switch.mkv -r 30 -f h264 -i "$out/.switch.h264" -c copy
    rm -f "$out/.switch-a.h264" "$out/.switch-b.h264" "$out/.switch.h264"
fi
if [ "$bench" = yes ]; then
    make h264-1080p30.mp4 -f lavfi -i "$(picture 1920x1080 20)" -f lavfi -i "$(tone 20)" \
        -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac -b:a 96k -movflags +faststart \
        -shortest
fi

make tone.m4a -f lavfi -i "$(tone 2)" -c:a aac -b:a 64k
if ! have truncated.mp4; then
    size=$(wc -c <"$out/h264.mp4")
    head -c $((size / 2)) "$out/h264.mp4" >"$out/.truncated.mp4.part.$$"
    mv -f "$out/.truncated.mp4.part.$$" "$out/truncated.mp4"
fi
if ! have garbage.mp4; then
    head -c 65536 /dev/urandom >"$out/.garbage.mp4.part.$$"
    mv -f "$out/.garbage.mp4.part.$$" "$out/garbage.mp4"
fi

# vtt NAME TEXT1 TEXT2 TEXT3
vtt() {
    have "$1" && return 0
    printf 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n%s\n\n00:00:01.000 --> 00:00:02.000\n%s\n\n00:00:02.000 --> 00:00:03.000\n%s\n' \
        "$2" "$3" "$4" >"$out/.$1.part.$$"
    mv -f "$out/.$1.part.$$" "$out/$1"
}
vtt h264.en.vtt "A test picture" "with a tone" "and three cues"
vtt h264.fr.vtt "Une mire" "avec un son" "et trois sous-titres"
