#!/bin/sh
# Make the golden images again from the current build (then look at them):
#   tests/golden/update.sh build/dev/vitrine
# Each folder here is LOCALE-WxH and holds the panels kept for it.
set -eu
vitrine=${1:?usage: tests/golden/update.sh path/to/vitrine}
here=$(cd "$(dirname "$0")" && pwd)
for set in "$here"/*/; do
    name=$(basename "$set")
    tmp=$(mktemp -d)
    SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software \
        "$vitrine" render --locale "${name%%-*}" --size "${name#*-}" --out "$tmp" >/dev/null
    for g in "$set"*.png; do cp "$tmp/$(basename "$g")" "$g"; done
    rm -rf "$tmp"
done
