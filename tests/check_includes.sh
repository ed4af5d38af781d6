#!/bin/sh
# The layering rules, checked on every #include of the sources:
#   content/      includes only content/ headers, never SDL (nor libmpv:
#                 like SDL, only platform/ may include <mpv/...>)
#   app/base/     base and content headers, never SDL
#   app/visitor/  visitor, base and content: the visitor's pure core never
#                 sees the operations services, the command line or SDL
#   app/ops/      ops, base and content: the services never see the
#                 visitor's core, the command line or SDL
#   app/cli/      anything (the command line and the run loop tie it all)
#   platform/     anything but app/cli/
# Project headers are named bare ("store.h"), never by a relative path, so
# that the include directories of each library (CMakeLists.txt) are what
# decides what compiles. Prints file:line: why for each broken rule and
# exits 1 if there is any.
#
# Usage: check_includes.sh [TOP]   (TOP: the source tree, default ..)
#        check_includes.sh --self-test   (the checker catches what it must)
set -eu

# One awk pass over every #include of the tree: first the project's headers
# and their layers, then each source file's include lines.
check() {
    (
        cd "$1"
        for layer in content app/base app/visitor app/ops app/cli platform; do
            for h in "$layer"/*.h; do
                [ -e "$h" ] && printf '%s %s\n' "$layer" "${h##*/}"
            done
        done >.headers.$$
        for f in app/*.[ch]; do
            [ -e "$f" ] && echo "$f:1: app/ holds folders only (base, visitor, ops, cli)"
        done
        set -- content/*.[ch] app/base/*.[ch] app/visitor/*.[ch] app/ops/*.[ch] app/cli/*.[ch] \
            platform/*.[ch]
        awk '
        NR == FNR { layers[$2] = layers[$2] " " $1; next }
        FNR == 1 {
            n = split(FILENAME, part, "/")
            dir = part[1]; base = part[n]
            if (dir == "app") dir = "app/" part[2]
            if (dir == "content") allowed = "content"
            else if (dir == "platform") allowed = "platform app/base app/visitor app/ops content"
            else if (dir == "app/cli") allowed = "app/cli app/base app/visitor app/ops content platform"
            else if (dir == "app/visitor") allowed = "app/visitor app/base content"
            else if (dir == "app/ops") allowed = "app/ops app/base content"
            else allowed = "app/base content"
        }
        /^[ \t]*#[ \t]*include/ {
            where = dir "/" base ":" FNR
            if (match($0, /<[^>]*>/)) {
                name = substr($0, RSTART + 1, RLENGTH - 2)
                if (name ~ /^SDL/ && dir != "platform")
                    print where ": <" name ">: only platform/ may include SDL"
                else if (name ~ /^mpv\// && dir != "platform")
                    print where ": <" name ">: only platform/ may include libmpv"
                next
            }
            if (!match($0, /"[^"]*"/)) next
            name = substr($0, RSTART + 1, RLENGTH - 2)
            if (name ~ /\//) {
                print where ": \"" name "\": name project headers bare; the library'"'"'s include directories decide what it sees"
                next
            }
            found = layers[name]
            if (found == "") next # generated (builtin.h) or a system header in quotes
            ok = 0
            k = split(found, f, " ")
            for (i = 1; i <= k; i++) if ((" " allowed " ") ~ (" " f[i] " ")) ok = 1
            if (!ok) print where ": \"" name "\" is a" found " header; " dir "/" base " may include only from: " allowed
        }' .headers.$$ "$@"
        rm -f .headers.$$
    )
}

if [ "${1:-}" = --self-test ]; then
    here=$(cd "$(dirname "$0")/.." && pwd)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    cp -R "$here/app" "$here/content" "$here/platform" "$tmp/"
    out=$(check "$tmp")
    if [ -n "$out" ]; then
        echo "the tree breaks the rules before any change:"
        echo "$out"
        exit 1
    fi
    fails=0
    for bad in 'app/visitor/layout.c:#include <SDL.h>' 'app/visitor/layout.c:#include "display.h"' \
        'content/store.c:#include "layout.h"' 'app/visitor/overlay.h:#include "../platform/text.h"' \
        'content/author.c:#include <SDL2/SDL_ttf.h>' 'app/visitor/kiosk.c:#include "generations.h"' \
        'app/ops/stats.c:#include "kiosk.h"' 'app/base/job.c:#include "options.h"' \
        'platform/display.c:#include "cmd_run.h"' 'app/visitor/kiosk.c:#include <mpv/client.h>'; do
        file=${bad%%:*}
        inc=${bad#*:}
        cp "$here/$file" "$tmp/$file"
        printf '%s\n' "$inc" >>"$tmp/$file"
        out=$(check "$tmp")
        case "$out" in
        "$file:"*) echo "caught: $out" ;;
        *)
            echo "NOT caught: $inc in $file (got: $out)"
            fails=$((fails + 1))
            ;;
        esac
        cp "$here/$file" "$tmp/$file"
    done
    [ $fails -eq 0 ] || exit 1
    echo "self-test: every injected include was caught"
    exit 0
fi

top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
out=$(check "$top")
if [ -n "$out" ]; then
    echo "$out"
    exit 1
fi
echo "includes: every file keeps to its layer"
