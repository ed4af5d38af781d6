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

check() {
    top=$1
    status=0
    for dir in content app platform; do
        for f in "$top/$dir"/*.c "$top/$dir"/*.h; do
            [ -e "$f" ] || continue
            base=$(basename "$f")
            # which layers this file may include from
            case "$dir/$base" in
            content/*) allowed="content" ;;
            app/main.c | app/cmd_*.c | app/cmd_*.h | app/cli.h) allowed="app content platform" ;;
            app/*) allowed="app content" ;;
            platform/*) allowed="platform app content" ;;
            esac
            grep -n '^[[:space:]]*#[[:space:]]*include' "$f" | while IFS= read -r hit; do
                line=${hit%%:*}
                inc=${hit#*:}
                name=$(printf '%s\n' "$inc" | sed -n 's/.*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p')
                where="$dir/$base:$line"
                case "$inc" in
                *'<'*)
                    case "$name" in
                    SDL* | SDL2/*)
                        [ "$dir" = platform ] ||
                            echo "$where: <$name>: only platform/ may include SDL"
                        ;;
                    esac
                    continue
                    ;;
                esac
                case "$name" in
                */*)
                    echo "$where: \"$name\": name project headers bare; the library's include directories decide what it sees"
                    continue
                    ;;
                esac
                found=""
                for layer in content app platform; do
                    [ -e "$top/$layer/$name" ] && found="$found $layer"
                done
                if [ -z "$found" ]; then
                    continue # generated (builtin.h is in content/) or a system header in quotes
                fi
                ok=0
                for layer in $found; do
                    case " $allowed " in *" $layer "*) ok=1 ;; esac
                done
                [ $ok -eq 1 ] ||
                    echo "$where: \"$name\" is a$found header; $dir/$base may include only from: $allowed"
            done
        done
    done
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
