#!/bin/sh
# The scale benchmark: figures, not pass/fail. Generates three exhibits
# (tests/bench/scale_gen.sh) of 10, 1,000 and 10,000 panels in two
# languages, a chapter every 20 panels; the 1,000- and 10,000-panel ones have
# 500 image panels (5 photographs of 4000x3000, 495 of 1600x1200, each its own
# file; the 10-panel one has 2 of 4000x3000). For each it prints, side by side:
#  - `vitrine bundle build`: wall time and the bundle's size;
#  - exec to exit after the first presented frame (`run --frames 1`, an upper
#    bound on exec to first frame), median of RUNS runs, and the kiosk's own
#    "first frame presented N ms after exec" (its log: from the process start,
#    10 ms steps);
#  - peak RSS of that run (/usr/bin/time -f %M);
#  - PSS of `vitrine run` after WAIT seconds of its loop (smaps_rollup);
#  - the chapter index: `render --script` opening it and paging through
#    every page (wall time, including start-up), and the pages it has.
# Offscreen driver, software renderer, 1920x1080.
# Usage: tests/bench/scale.sh [--runs N] [--wait S] [--keep DIR]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# the shipped fallback font, from the source tree (not installed)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
runs=7 wait_s=10 keep=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --wait) wait_s=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        *) echo "usage: $0 [--runs N] [--wait S] [--keep DIR]" >&2; exit 2 ;;
    esac
done
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS time
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
if [ -n "$keep" ]; then
    work=$keep
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software
size=1920x1080

now_ms() { echo $(($(date +%s%N) / 1000000)); }
median() { sort -n | awk '{v[NR] = $1} END {print NR ? v[int((NR + 1) / 2)] : "-"}'; }

# the photographs, made once (kept with --keep)
if [ ! -f "$work/photos/photo494.jpg" ]; then
    cc -O2 -o "$work/photogen" "$top/tests/tools/photogen.c" -ljpeg
    mkdir -p "$work/photos"
    for i in 0 1 2 3 4; do
        "$work/photogen" "$work/photos/big$i.jpg" 4000 3000 85 "$i"
    done
    i=0
    while [ $i -lt 495 ]; do
        "$work/photogen" "$work/photos/photo$(printf %03d $i).jpg" 1600 1200 80 $((i + 10))
        i=$((i + 1))
    done
fi

sizes="10 1000 10000"
for n in $sizes; do
    ex="$work/e$n"
    images=500
    [ "$n" -lt 1000 ] && images=2
    rm -rf "$ex"
    sh "$top/tests/bench/scale_gen.sh" "$ex" "$n" "$images" "$work/photos"
    t0=$(now_ms)
    "$vitrine" bundle build "$ex" -o "$ex.vitrine" >/dev/null
    echo $(($(now_ms) - t0)) >"$work/build_ms.$n"
    echo $(($(stat -c %s "$ex.vitrine") / 1048576)) >"$work/bundle_mb.$n"
done

# the index script: wake, open it with the Chapters control (bottom centre),
# then tap the next-page control (bottom right of the grid, as mode.c places
# it at 1920x1080) as often as there may be pages
index_script() {
    pages=$1
    {
        echo "0 tap 0.5 0.5"
        echo "500 tap 0.5 0.97"
        echo "1500 shot index-1"
        t=2000 p=2
        while [ $p -le "$pages" ]; do
            echo "$t tap 0.944 0.972"
            echo "$((t + 400)) shot index-$p"
            t=$((t + 500)) p=$((p + 1))
        done
    } >"$work/index.txt"
}

for n in $sizes; do
    f="$work/e$n.vitrine"
    : >"$work/exit.$n"
    : >"$work/first.$n"
    : >"$work/rss.$n"
    i=0
    while [ $i -lt "$runs" ]; do
        t0=$(now_ms)
        /usr/bin/time -f %M -o "$work/time.out" "$vitrine" run --frames 1 --windowed \
            --size "$size" --content "$f" -v 2>"$work/log.txt" >/dev/null
        echo $(($(now_ms) - t0)) >>"$work/exit.$n"
        sed -n "s/.*first frame presented \([0-9.]*\) ms after exec.*/\1/p" "$work/log.txt" >>"$work/first.$n"
        tail -n 1 "$work/time.out" >>"$work/rss.$n"
        i=$((i + 1))
    done
    "$vitrine" run --windowed --size "$size" --content "$f" >/dev/null 2>&1 &
    pid=$!
    sleep "$wait_s"
    awk '/^Pss:/ {print int($2 / 1024 + 0.5)}' "/proc/$pid/smaps_rollup" >"$work/pss.$n"
    awk '/^Rss:/ {print int($2 / 1024 + 0.5)}' "/proc/$pid/smaps_rollup" >"$work/loop_rss.$n"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    chapters=$(((n + 19) / 20))
    # more taps than pages do no harm: the last page stays
    index_script $((chapters / 40 + 1))
    rm -rf "$work/shots"
    t0=$(now_ms)
    "$vitrine" render --script "$work/index.txt" --size "$size" --content "$f" \
        --out "$work/shots" >"$work/render.out"
    echo $(($(now_ms) - t0)) >"$work/index_ms.$n"
    # the pages: distinct pictures of the index
    md5sum "$work"/shots/index-*.png | awk '{print $1}' | sort -u | wc -l >"$work/pages.$n"
    echo "$chapters" >"$work/chapters.$n"
done

row() {
    label=$1 what=$2
    printf '%-52s' "$label"
    for n in $sizes; do
        printf '%12s' "$(eval "$what")"
    done
    printf '\n'
}
printf '%-52s%12s%12s%12s\n' "panels" 10 1000 10000
row "images (4000x3000 + 1600x1200)" '[ $n -lt 1000 ] && echo 2+0 || echo 5+495'
row "chapters" 'cat $work/chapters.$n'
row "bundle build, s" 'awk "{printf \"%.1f\", \$1 / 1000}" $work/build_ms.$n'
row "bundle, MB" 'cat $work/bundle_mb.$n'
row "exec to exit after first frame, ms (median of $runs)" 'median <$work/exit.$n'
row "  min-max" 'sort -n $work/exit.$n | sed -n "1p;\$p" | paste -sd-'
row "exec to first presented frame (its log), ms" 'median <$work/first.$n'
row "peak RSS, run --frames 1, MB (median)" 'median <$work/rss.$n | awk "{printf \"%.1f\", \$1 / 1024}"'
row "PSS after ${wait_s} s of loop, MB" 'cat $work/pss.$n'
row "RSS after ${wait_s} s of loop, MB" 'cat $work/loop_rss.$n'
row "index: open and page through, render wall, ms" 'cat $work/index_ms.$n'
row "index: distinct pages seen" 'cat $work/pages.$n'
