#!/bin/sh
# The layering rules, checked on every #include of the sources:
#   content/  includes only content/ headers, never SDL
#   app/      includes app/ and content/ headers, never SDL; only main.c
#             and cmd_*.c, cmd_*.h and cli.h (the command line) include
#             platform/ headers
#   platform/ may include anything
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
        for layer in content app platform; do
            for h in "$layer"/*.h; do
                [ -e "$h" ] && printf '%s %s\n' "$layer" "${h##*/}"
            done
        done >.headers.$$
        set -- content/*.[ch] app/*.[ch] platform/*.[ch]
        awk '
        NR == FNR { layers[$2] = layers[$2] " " $1; next }
        FNR == 1 {
            n = split(FILENAME, part, "/")
            dir = part[1]; base = part[n]
            if (dir == "content") allowed = "content"
            else if (dir == "platform") allowed = "platform app content"
            else if (base == "main.c" || base == "cli.h" || base ~ /^cmd_.*\.[ch]$/) allowed = "app content platform"
            else allowed = "app content"
        }
        /^[ \t]*#[ \t]*include/ {
            where = dir "/" base ":" FNR
            if (match($0, /<[^>]*>/)) {
                name = substr($0, RSTART + 1, RLENGTH - 2)
                if (name ~ /^SDL/ && dir != "platform")
                    print where ": <" name ">: only platform/ may include SDL"
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
    for bad in 'app/layout.c:#include <SDL.h>' 'app/layout.c:#include "display.h"' \
        'content/store.c:#include "layout.h"' 'app/overlay.h:#include "../platform/text.h"' \
        'content/author.c:#include <SDL2/SDL_ttf.h>'; do
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
