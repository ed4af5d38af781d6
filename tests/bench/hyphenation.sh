#!/bin/sh
# What a German edition costs the build and the import, now that the build
# hyphenates (content/hyphenation.h): figures, not pass/fail. Takes the
# English + German exhibit tests/bench/data/hyphenation (six panels with a
# timeline, long German compounds) and the same exhibit in English only
# (its "de:" lines left out), and for each prints the median CPU time
# (user + sys) of `vitrine bundle build` and of `vitrine import` (signed
# with minisign, a fresh state folder each run) over RUNS runs, then the
# German edition's extra cost. Then `vitrine preview` (SDL's offscreen
# driver, no display): the rebuild on save, as its log says it ("rebuilt
# in N ms": wall time, build and first frame), median of RUNS saves.
# Usage: tests/bench/hyphenation.sh [RUNS]   (default 5; VITRINE=path uses
# that binary instead of building build/release)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export VITRINE_ASSETS_DIR="${VITRINE_ASSETS_DIR:-$top/assets}"
. "$top/platform/debian-deps.sh"
vitrine_need_packages $VITRINE_BUILD_PKGS minisign time sqlite3
runs=${1:-5}
if [ -z "${VITRINE:-}" ]; then
    build="$top/build/release"
    cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVITRINE_TESTS=OFF >/dev/null
    cmake --build "$build" -j "$(nproc)" >/dev/null
    VITRINE="$build/vitrine"
fi
work=$(mktemp -d)
ppid=""
cleanup() {
    [ -n "$ppid" ] && kill "$ppid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

cp -R "$top/tests/bench/data/hyphenation" "$work/en-de"
cp -R "$top/tests/bench/data/hyphenation" "$work/en"
for f in "$work"/en/exhibit.yaml "$work"/en/panels/*.yaml; do
    grep -v '^ *de: ' "$f" >"$f.tmp"
    mv "$f.tmp" "$f"
done
mkdir "$work/keys"
minisign -G -W -p "$work/keys/bench.pub" -s "$work/bench.key" >/dev/null

# cpu CMD...: the command's user + sys seconds
cpu() {
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" >/dev/null 2>"$work/err" ||
        { cat "$work/err" >&2; exit 1; }
    awk '{ printf "%.2f\n", $1 + $2 }' "$work/time"
}

# median: the middle of the numbers on stdin
median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for e in en en-de; do
    for i in $(seq "$runs"); do
        cpu "$VITRINE" bundle build "$work/$e" -o "$work/$e.vitrine"
    done | median >"$work/$e.build"
    minisign -S -s "$work/bench.key" -m "$work/$e.vitrine" >/dev/null
    for i in $(seq "$runs"); do
        rm -rf "$work/state"
        mkdir "$work/state"
        cpu "$VITRINE" import "$work/$e.vitrine" --state-dir "$work/state" --keys "$work/keys"
    done | median >"$work/$e.import"
done
words=$(sqlite3 "$work/en-de.vitrine" "SELECT count(*) FROM hyphenation WHERE locale = 'de'" 2>/dev/null || echo "?")
echo "median CPU (user+sys) over $runs runs, seconds"
printf '%-22s %8s %8s\n' "" build import
printf '%-22s %8s %8s\n' "English" "$(cat "$work/en.build")" "$(cat "$work/en.import")"
printf '%-22s %8s %8s\n' "English + German" "$(cat "$work/en-de.build")" "$(cat "$work/en-de.import")"
printf '%-22s %8s %8s\n' "German edition adds" \
    "$(awk -v a="$(cat "$work/en-de.build")" -v b="$(cat "$work/en.build")" 'BEGIN { printf "%.2f", a - b }')" \
    "$(awk -v a="$(cat "$work/en-de.import")" -v b="$(cat "$work/en.import")" 'BEGIN { printf "%.2f", a - b }')"
echo "(the German edition's store holds $words hyphenated German words)"

# wait_for N PATTERN: the Nth PATTERN line in the preview's log
wait_for() {
    t=0
    while [ "$(grep -cE "$2" "$work/log")" -lt "$1" ]; do
        t=$((t + 1))
        [ "$t" -gt 600 ] && { echo "no '$2' in 60 s" >&2; cat "$work/log" >&2; exit 1; }
        kill -0 "$ppid" 2>/dev/null || { cat "$work/log" >&2; exit 1; }
        sleep 0.1
    done
}

echo "vitrine preview, rebuild on save (wall ms, median of $runs saves; offscreen, software)"
for e in en en-de; do
    : >"$work/log"
    SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software TMPDIR="$work" \
        "$VITRINE" preview "$work/$e" --size 1920x1080 2>"$work/log" &
    ppid=$!
    wait_for 1 'rebuilt in [0-9]+ ms'
    for i in $(seq "$runs"); do
        echo "# save $i" >>"$work/$e/panels/02-authority.yaml"
        wait_for $((i + 1)) 'rebuilt in [0-9]+ ms'
    done
    kill "$ppid"
    wait "$ppid" 2>/dev/null || true
    ppid=""
    printf '%-22s %8s ms\n' "$( [ $e = en ] && echo English || echo 'English + German')" \
        "$(grep -oE 'rebuilt in [0-9]+ ms' "$work/log" | sed 1d | awk '{ print $3 }' | median)"
done
