#!/bin/sh
# The cost of hostile text (issue 35): for each text of
# tests/hostile_text_cases.sh (one letter with a thousand marks, the same
# at the limit of 30, a 4,000-letter word, joiners, emoji joined by U+200D,
# bidi nesting at and past UAX #9's depth), a one-panel exhibit is built,
# signed and imported, and the kiosk started on it until its first frame.
# Prints, per text, the medians over RUNS runs of: the build's wall time,
# the import's (copy, signature, the content check at 1920x1080), and the
# time from exec to the first frame presented (`vitrine run --frames 1`,
# offscreen, software renderer; the clock handed over in VITRINE_T0_NS as
# `vitrine bench` does, so it is exact); build and import with their CPU
# time (user + system), which a busy machine inflates less than the wall
# time. A text the build refuses has only its build time (the
# refusal's); "-" where there is nothing to measure.
# Usage: tests/bench/hostile-text.sh [RUNS] (default 5). VITRINE=PATH
# measures that binary (e.g. an older build, for before and after) instead
# of building build/release. Figures, not pass/fail.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/tests/hostile_text_cases.sh"
runs=${1:-5}
if [ -z "${VITRINE:-}" ]; then
    . "$top/platform/debian-deps.sh"
    vitrine_need_packages $VITRINE_BUILD_PKGS minisign python3
    build="$top/build/release"
    cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
    cmake --build "$build" -j "$(nproc)" >/dev/null
    VITRINE="$build/vitrine"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
minisign -G -W -p "$work/bench.pub" -s "$work/bench.key" >/dev/null
mkdir -p "$work/keys" && mv "$work/bench.pub" "$work/keys/"

# timed OUT CMD...: run CMD (stdout and stderr to OUT), the clock handed over
# in VITRINE_T0_NS; print its wall and CPU (user + system) milliseconds;
# CMD's status
timed() {
    python3 -c '
import os, resource, subprocess, sys, time
out = open(sys.argv[1], "wb")
t0 = time.monotonic_ns()
env = dict(os.environ, VITRINE_T0_NS=str(t0))
rc = subprocess.call(sys.argv[2:], stdout=out, stderr=subprocess.STDOUT, env=env)
wall = (time.monotonic_ns() - t0) / 1e6
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.1f %.1f" % (wall, (ru.ru_utime + ru.ru_stime) * 1e3))
sys.exit(rc)' "$@"
}

median() {
    sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else
        printf "%.1f\n", NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

printf '%-18s %-7s %17s %17s %14s\n' text "" "build ms (cpu)" "import ms (cpu)" "1st frame ms"
hostile_cases >"$work/cases"
while read -r name expect; do
    hostile_exhibit "$work/$name" "$name"
    for f in b bc i ic f; do : >"$work/$f"; done
    built=no
    i=0
    while [ "$i" -lt "$runs" ]; do
        i=$((i + 1))
        rm -f "$work/$name.vitrine"
        built=yes
        t=$(timed "$work/log" "$VITRINE" bundle build "$work/$name" -o "$work/$name.vitrine") ||
            built=no
        echo "${t% *}" >>"$work/b"
        echo "${t#* }" >>"$work/bc"
        [ "$built" = yes ] || continue
        minisign -S -s "$work/bench.key" -m "$work/$name.vitrine" >/dev/null
        rm -rf "$work/state"
        t=$(timed "$work/log" "$VITRINE" import "$work/$name.vitrine" --state-dir "$work/state" \
            --keys "$work/keys" --size 1920x1080) || { echo "$name: the import failed" >&2; continue; }
        echo "${t% *}" >>"$work/i"
        echo "${t#* }" >>"$work/ic"
        SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software timed "$work/log" "$VITRINE" run \
            --frames 1 --no-watch --state-dir "$work/state" --windowed --size 1920x1080 -v \
            >/dev/null || true
        sed -n 's/.*first frame presented \([0-9.]*\) ms after exec.*/\1/p' "$work/log" >>"$work/f"
    done
    what=$([ "$built" = yes ] && echo built || echo refused)
    printf '%-18s %-7s %8s (%6s) %8s (%6s) %14s\n' "$name" "$what" "$(median <"$work/b")" \
        "$(median <"$work/bc")" "$(median <"$work/i")" "$(median <"$work/ic")" "$(median <"$work/f")"
done <"$work/cases"
echo "(load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs)"
