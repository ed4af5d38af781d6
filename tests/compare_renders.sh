#!/bin/sh
# compare_renders.sh BEFORE_DIR AFTER_DIR: compares two `vitrine render`
# outputs panel by panel with pngdiff (built beside the tests) and prints
# one line per differing picture; exit 1 if any differs.
# Typical use: render before and after a change at each supported size,
#   vitrine render --size 1920x1080 --out /tmp/before-1920x1080
# then compare_renders.sh /tmp/before-1920x1080 /tmp/after-1920x1080
set -u
before=$1
after=$2
pngdiff=${PNGDIFF:-$(dirname "$0")/../build/test/tests/pngdiff}
status=0
n=0
for f in "$before"/*.png; do
    name=$(basename "$f")
    n=$((n + 1))
    if [ ! -e "$after/$name" ]; then
        echo "$name: missing after"
        status=1
        continue
    fi
    out=$("$pngdiff" "$f" "$after/$name") || { echo "$name: $out"; status=1; }
done
[ $status -eq 0 ] && echo "all $n pictures pixel-identical"
exit $status
