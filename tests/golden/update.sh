#!/bin/sh
# Make the golden images again from the current build (then look at them):
#   tests/golden/update.sh build/dev/vitrine
# Each folder here is LOCALE-WxH and holds the panels kept for it;
# rtl.LOCALE-WxH: of the right-to-left test exhibit, tests/data/rtl.
set -eu
vitrine=${1:?usage: tests/golden/update.sh path/to/vitrine}
here=$(cd "$(dirname "$0")" && pwd)
rtl=$(mktemp -d)
"$vitrine" bundle build "$here/../data/rtl" -o "$rtl/rtl.vitrine" >/dev/null
for set in "$here"/*/; do
    name=$(basename "$set")
    tmp=$(mktemp -d)
    locale=${name%%-*}
    content=""
    case $name in rtl.*) content="--content $rtl/rtl.vitrine"; locale=${locale#rtl.} ;; esac
    # shellcheck disable=SC2086
    SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software \
        "$vitrine" render $content --locale "$locale" --size "${name#*-}" --out "$tmp" >/dev/null
    for g in "$set"*.png; do cp "$tmp/$(basename "$g")" "$g"; done
    rm -rf "$tmp"
done
rm -rf "$rtl"
