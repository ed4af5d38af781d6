#!/bin/sh
# vitrine against a browser kiosk, side by side, in one run: the same Xvfb
# (1920x1080), each showing comparable content in loop (attract) mode with a
# crossfade every 8 s, both drawing in software (no GPU here). Prints, for
# each and their ratio:
#  - exec to first frame: vitrine's own log (exec to first presented frame,
#    from the kernel's process start time, 10 ms steps);
#    Chromium: exec until the page's title changes, which the page does in
#    the second animation frame after load (so after its first paint);
#  - proportional memory (PSS) summed over every process of the program,
#    sampled every 100 ms for 60 s from the first frame (crossfades
#    included): the peak and the median;
#  - CPU from 10 s to 60 s, every process of the program, and the X
#    server's over the same 50 s (each run has the X server to itself).
# The page crossfades when the kiosk did: vitrine runs first and the times
# at which its panels changed (its log, less the 700 ms crossfade) are given
# to the page, which starts its 700 ms crossfades at the same times after its
# own first paint. Both then draw the same crossfades in the 60 s.
# Usage: tests/bench/vs-browser.sh [--install]   (--install: apt-get install
# chromium first, as root). Figures, not pass/fail.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
# the shipped fallback font, from the source tree (not installed)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
if [ "${1:-}" = "--install" ]; then
    vitrine_need_packages chromium
fi
vitrine_need_packages $VITRINE_BUILD_PKGS xvfb xauth xdotool
command -v chromium >/dev/null || { echo "chromium is not installed: run with --install (as root)"; exit 1; }
build="$top/build/release"
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
vitrine="$build/vitrine"
work=$(mktemp -d)
xpid=""
cleanup() {
    pkill -P $$ 2>/dev/null || true
    [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

start_x() {
    rm -f "$work/fd"
    mkfifo "$work/fd"
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$work/fd" 2>/dev/null &
    xpid=$!
    read -r dnum <"$work/fd"
    export DISPLAY=":$dnum"
}
stop_x() {
    kill "$xpid" 2>/dev/null || true
    wait "$xpid" 2>/dev/null || true
    xpid=""
}

# all descendants of PID, and PID
tree() {
    echo "$1"
    for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do tree "$c"; done
}
# CPU seconds (utime + stime) of the processes listed
cpu_of() {
    hz=$(getconf CLK_TCK)
    for p in "$@"; do
        [ -r /proc/$p/stat ] && sed 's/.*) //' /proc/$p/stat | awk '{print $12 + $13}'
    done | awk -v hz="$hz" '{s += $1} END {printf "%.2f", s / hz}'
}
pss_of() {
    for p in "$@"; do
        [ -r /proc/$p/smaps_rollup ] && awk '/^Pss:/ {print $2}' /proc/$p/smaps_rollup
    done | awk '{s += $1} END {printf "%.1f", s / 1024}'
}
now_ms() { date +%s%3N; }

# the page: six panels in the kiosk's look, a crossfade every 8 s
cat >"$work/page.html" <<'HTML'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>loading</title>
<style>
html,body{margin:0;height:100%;background:#1a1b1e;color:#f3efe6;font-family:"Noto Sans",sans-serif;overflow:hidden}
.p{position:absolute;inset:0;padding:10vh 7vw;opacity:0;transition:opacity .7s ease-in-out}
.p.on{opacity:1}
.p h1{font-size:5.5vh;margin:0 0 3vh;border-top:.6vh solid #f0a04b;padding-top:3vh;width:60vw}
.p p{font-size:2.8vh;line-height:1.5;max-width:60vw}
.n{position:absolute;right:7vw;bottom:4vh;font-size:1.8vh;color:#aaa}
</style></head><body>
<div class="p on"><h1>Running Pyongyang</h1><p>A Canadian runner at the 2014 Pyongyang Marathon, the first open to amateur runners from abroad.</p></div>
<div class="p"><h1>Open to foreigners</h1><p>In April 2014 the Pyongyang Marathon let amateur runners from abroad take part for the first time. Until then the race had been for elite athletes only.</p></div>
<div class="p"><h1>Meet Jen Loong</h1><p>A runner from Vancouver who had already run marathons around the world travelled to Pyongyang to run this one.</p></div>
<div class="p"><h1>Into the stadium</h1><p>The race started and finished in Kim Il Sung Stadium, in front of tens of thousands of spectators.</p></div>
<div class="p"><h1>Where the sources differ</h1><p>The articles give different numbers of foreign runners: about 1,000 in one account and several hundred in others.</p></div>
<div class="p"><h1>Sources</h1><p>An online news article (23 April 2014), a CTV News report, and Runner's World.</p></div>
<div class="n">vitrine comparison page</div>
<script>
const ps=[...document.querySelectorAll('.p')];let i=0;
const next=()=>{ps[i].classList.remove('on');i=(i+1)%ps.length;ps[i].classList.add('on');};
/* #at=MS,MS,...: when to start each crossfade, after the first paint (the
   kiosk's own times); without it, every 8 s */
const at=(location.hash.match(/at=([0-9,]+)/)||[])[1];
requestAnimationFrame(()=>requestAnimationFrame(()=>{document.title='painted';
  if(at)at.split(',').forEach(ms=>setTimeout(next,+ms));else setInterval(next,8000);}));
</script></body></html>
HTML

# PSS of the processes listed, in KiB, with one reader
pss_kib() {
    files=""
    for p in "$@"; do [ -r /proc/$p/smaps_rollup ] && files="$files /proc/$p/smaps_rollup"; done
    [ -n "$files" ] && awk '/^Pss:/ {s += $2} END {print s + 0}' $files 2>/dev/null || echo 0
}

# measure NAME CMD...: start, first frame; then for 60 s the PSS of every
# process of the program every 100 ms (peak, median), and the CPU of the
# program and of the X server from 10 s to 60 s
measure() {
    name=$1
    shift
    start_x
    t0=$(now_ms)
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
    pid=$!
    if [ "$name" = vitrine ]; then
        # the time of each panel change, as the log line appears
        (tail -f "$work/$name.err" 2>/dev/null | while IFS= read -r line; do
            case $line in *"showing panel"*) now_ms >>"$work/changes" ;; esac
        done) &
        watcher=$!
    fi
    first=""
    i=0
    while [ -z "$first" ] && [ $i -lt 2000 ]; do
        if [ "$name" = vitrine ]; then
            grep -q 'first frame presented' "$work/$name.err" 2>/dev/null &&
                first=$(sed -n 's/.*first frame presented \([0-9.]*\) ms after exec.*/\1/p' "$work/$name.err" | head -1)
        else
            xdotool search --name '^painted' >/dev/null 2>&1 && first=$(($(now_ms) - t0))
        fi
        i=$((i + 1))
        sleep 0.005
    done
    : >"$work/$name.pss"
    n=0
    procs=$(tree "$pid")
    start=$(now_ms)
    while [ $n -lt 600 ]; do
        [ $((n % 10)) -eq 0 ] && procs=$(tree "$pid")
        [ $n -eq 100 ] && { c0=$(cpu_of $procs); x0=$(cpu_of "$xpid"); }
        pss_kib $procs >>"$work/$name.pss"
        n=$((n + 1))
        # the next sample at start + n * 100 ms, not 100 ms after this one
        wait_ms=$((start + n * 100 - $(now_ms)))
        [ $wait_ms -gt 0 ] && sleep "$(awk -v m="$wait_ms" 'BEGIN {printf "%.3f", m / 1000}')"
    done
    procs=$(tree "$pid")
    c1=$(cpu_of $procs)
    x1=$(cpu_of "$xpid")
    nproc_=$(echo "$procs" | wc -l)
    # a program gone before the end has no figures (under set -e a failed
    # kill ended the script here, saying nothing)
    if ! kill "$pid" 2>/dev/null; then
        echo "vs-browser: $name exited before its 60 s were over; the end of its log:" >&2
        tail -n 20 "$work/$name.err" >&2
        exit 1
    fi
    wait "$pid" 2>/dev/null || true
    if [ "$name" = vitrine ]; then
        pkill -P "$watcher" 2>/dev/null || true
        kill "$watcher" 2>/dev/null || true
        # the crossfades began 700 ms before each change, counted from the first frame
        at=$(awk -v t0="$t0" -v first="$first" '{ms = $1 - t0 - first - 700; if (ms > 0) printf "%s%d", (n++ ? "," : ""), ms}' "$work/changes" 2>/dev/null)
    fi
    stop_x
    cpu=$(awk -v a="$c0" -v b="$c1" 'BEGIN {printf "%.2f", (b - a) / 50 * 100}')
    xcpu=$(awk -v a="$x0" -v b="$x1" 'BEGIN {printf "%.2f", (b - a) / 50 * 100}')
    peak=$(sort -n "$work/$name.pss" | tail -n 1 | awk '{printf "%.1f", $1 / 1024}')
    med=$(sort -n "$work/$name.pss" | awk '{v[NR] = $1} END {printf "%.1f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) / 1024}')
    echo "$name $first $peak $med $cpu $xcpu $nproc_" >>"$work/results"
}

export SDL_VIDEODRIVER=x11
unset SDL_RENDER_DRIVER
at=""
measure vitrine "$vitrine" run --no-watch --verbose
measure chromium chromium --kiosk --no-sandbox --disable-gpu --no-first-run --noerrdialogs \
    --disable-translate --no-default-browser-check --password-store=basic \
    --user-data-dir="$work/profile" "file://$work/page.html#at=$at"

awk '
{ name[NR] = $1; first[NR] = $2; peak[NR] = $3; med[NR] = $4; cpu[NR] = $5; x[NR] = $6; np[NR] = $7 }
END {
    printf "%-46s %14s %14s %9s\n", "figure (1920x1080, Xvfb, software)", name[1], name[2], "ratio"
    printf "%-46s %14.0f %14.0f %9.3f\n", "exec to first frame, ms", first[1], first[2], first[1] / first[2]
    printf "%-46s %14.1f %14.1f %9.3f\n", "PSS peak over 60 s, MB (every 100 ms, all)", peak[1], peak[2], peak[1] / peak[2]
    printf "%-46s %14.1f %14.1f %9.3f\n", "PSS median over 60 s, MB", med[1], med[2], med[1] / med[2]
    printf "%-46s %14.2f %14.2f %9.3f\n", "CPU from 10 s to 60 s, % of a core", cpu[1], cpu[2], cpu[1] / cpu[2]
    printf "%-46s %14.2f %14.2f %9.3f\n", "X server CPU, same 50 s, % of a core", x[1], x[2], (x[2] > 0 ? x[1] / x[2] : 0)
    printf "%-46s %14.2f %14.2f %9.3f\n", "CPU with the X server, % of a core", cpu[1] + x[1], cpu[2] + x[2], (cpu[1] + x[1]) / (cpu[2] + x[2])
    printf "%-46s %14d %14d\n", "processes", np[1], np[2]
}' "$work/results"
echo "(vitrine: exec to first presented frame from its log; chromium: exec to the page's title"
echo " change after its first paint, polled every 5 ms; the page's crossfades began at $at ms"
echo " after its first paint, as the kiosk's did)"
