#!/bin/sh
# docs/architecture.md names every module: each source file under app/,
# content/ and platform/ is named there by its stem in backquotes (`store`,
# `store.c`, `kiosk_internal.h`), or by a pattern in backquotes that covers
# it (`cmd_*`). A file added without a line in the module map fails here.
# And every C file opens with its note, `/* NAME - what it is`, as the
# others do: a newcomer reads what a file is for before its code.
set -eu
top=${VITRINE_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
doc="$top/docs/architecture.md"
[ -f "$doc" ] || { echo "FAIL: $doc is missing"; exit 1; }
# Every backquoted word of the map, one per line.
names=$(grep -o '`[^`]*`' "$doc" | tr -d '`' | sed 's/\.[ch]$//')
missing=0
checked=0
for f in $(cd "$top" && find app content platform -type f \( -name '*.c' -o -name '*.h' \
        -o -name '*.sql' -o -name '*.sh' \) | sort); do
    base=${f##*/}
    stem=${base%.*}
    found=0
    for n in $names; do
        case "$n" in
        "$stem" | "$base" | "$f") found=1 ;;
        *'*'*) case "$stem" in $n) found=1 ;; esac
            case "$base" in $n) found=1 ;; esac ;;
        esac
        [ "$found" -eq 1 ] && break
    done
    case "$base" in
    *.c | *.h)
        first=$(head -n 1 "$top/$f")
        case "$first" in
        "/* $base - "*) ;;
        *)
            echo "NO NOTE at the top of $f (wants \"/* $base - ...\"): $first"
            missing=$((missing + 1))
            ;;
        esac
        ;;
    esac
    checked=$((checked + 1))
    if [ "$found" -eq 0 ]; then
        echo "MISSING from docs/architecture.md: $f"
        missing=$((missing + 1))
    fi
done
[ "$checked" -gt 50 ] || { echo "FAIL: only $checked source files found under $top"; exit 1; }
if [ "$missing" -gt 0 ]; then
    echo "FAIL: $missing findings over $checked source files (above)"
    exit 1
fi
echo "PASS: all $checked source files are named in docs/architecture.md"
