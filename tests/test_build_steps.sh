#!/bin/sh
# The README's "Installing on a kiosk box" configure step, to the letter, on
# a machine with the build packages but not cmocka (a test-only package):
# it must configure, and say the suite is left out (issue 18, item 4: it
# stopped at "cmocka: A required package was not found"). cmocka is hidden
# from pkg-config by a search path holding every other .pc file.
set -u
: "${VITRINE_SOURCE_DIR:?}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir "$out/pc"
for d in $(pkg-config --variable pc_path pkg-config | tr : ' '); do
    [ -d "$d" ] || continue
    for f in "$d"/*.pc; do
        [ -e "$f" ] && [ "${f##*/}" != cmocka.pc ] && ln -sf "$f" "$out/pc/"
    done
done
PKG_CONFIG_LIBDIR=$out/pc pkg-config --exists cmocka && { echo "FAIL: cmocka still visible"; exit 1; }
step=$(sed -n '/^## Installing on a kiosk box/,/^## /p' "$VITRINE_SOURCE_DIR/README.md" |
    grep -m1 '^cmake -S . -B build')
[ -n "$step" ] || { echo "FAIL: no configure step in the README's installing section"; exit 1; }
echo "README: $step"
if ! (cd "$VITRINE_SOURCE_DIR" && PKG_CONFIG_LIBDIR=$out/pc \
    $(echo "$step" | sed "s| -B build| -B $out/build|") >"$out/log" 2>&1); then
    echo "FAIL: the README's configure step fails without cmocka:"; tail -5 "$out/log"; exit 1
fi
grep -q 'cmocka is not installed: the test suite is not built' "$out/log" ||
    { echo "FAIL: configure did not say the suite is left out"; cat "$out/log"; exit 1; }
echo "PASS: the README's configure step works without cmocka and says the suite is left out"
