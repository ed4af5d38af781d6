#!/bin/sh
# Reproducible stores: `vitrine bundle build` of the bundled exhibit, twice
# with the same SOURCE_DATE_EPOCH and a second boundary between the
# builds, gives the same bytes (cmp); so does a copy of the sources made
# in another order, with other file times, in another folder (the panel
# files are read in sorted order, whatever readdir says). built_at is the
# variable's date; a malformed SOURCE_DATE_EPOCH is refused and nothing is
# written; without it, the build is stamped with the time now.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
scratch_out
fail=0
src="$VITRINE_SOURCE_DIR/content/exhibits/pyongyang-2014"
build() { # SOURCE_DATE_EPOCH SRC OUT
    SOURCE_DATE_EPOCH=$1 "$VITRINE" bundle build "$2" -o "$3" >"$out/build.log" 2>&1 ||
        { cat "$out/build.log"; bad "bundle build $2 with SOURCE_DATE_EPOCH=$1"; }
}
# built_at as the store holds it (python3's sqlite3, else the sqlite3 shell)
built_at() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT built_at FROM exhibit").fetchone()[0])' "$1"
    elif command -v sqlite3 >/dev/null 2>&1; then
        sqlite3 "$1" 'SELECT built_at FROM exhibit'
    else
        echo "(no sqlite reader)"
    fi
}

epoch=1700000000 # 2023-11-14 22:13:20 UTC
build $epoch "$src" "$out/a.vitrine"
# wait for the next second, so that a build stamped with the clock would differ
t=$(date +%s)
while [ "$(date +%s)" = "$t" ]; do sleep 0.1; done
build $epoch "$src" "$out/b.vitrine"
if cmp "$out/a.vitrine" "$out/b.vitrine"; then
    echo "two builds a second apart: the same $(wc -c <"$out/a.vitrine") bytes"
else
    bad "two builds of the same sources differ"
fi
got=$(built_at "$out/a.vitrine")
case "$got" in
"(no sqlite reader)") echo "note: neither python3 nor sqlite3: built_at not read" ;;
2023-11-14T22:13:20Z) echo "built_at: $got" ;;
*) bad "built_at is $got, not 2023-11-14T22:13:20Z" ;;
esac

# the same sources copied in reverse order, newer file times, another folder
copy="$out/another place/exhibit"
mkdir -p "$copy"
(cd "$src" && find . -type d) | sort | while IFS= read -r d; do mkdir -p "$copy/$d"; done
(cd "$src" && find . -type f) | sort -r | while IFS= read -r f; do
    cp "$src/$f" "$copy/$f" && touch "$copy/$f"
done
build $epoch "$copy" "$out/c.vitrine"
cmp "$out/a.vitrine" "$out/c.vitrine" || bad "a copy of the sources (other order, times, folder) builds differently"

# another epoch changes the store
build $((epoch + 86400)) "$src" "$out/d.vitrine"
cmp -s "$out/a.vitrine" "$out/d.vitrine" && bad "another SOURCE_DATE_EPOCH gives the same store"

# a malformed SOURCE_DATE_EPOCH is an error, and nothing is written
for v in "" "-1" "1700000000 " "17e8" "x"; do
    if SOURCE_DATE_EPOCH="$v" "$VITRINE" bundle build "$src" -o "$out/e.vitrine" >"$out/e.log" 2>&1; then
        bad "SOURCE_DATE_EPOCH=\"$v\" was accepted"
    elif ! grep -q "SOURCE_DATE_EPOCH" "$out/e.log"; then
        cat "$out/e.log"
        bad "SOURCE_DATE_EPOCH=\"$v\": the error does not name the variable"
    fi
    [ -e "$out/e.vitrine" ] && bad "SOURCE_DATE_EPOCH=\"$v\": a store was written"
done

# without it: stamped with the time now (this year, at least)
# (the year read before and after the build: a build at New Year holds)
year0=$(date -u +%Y)
(unset SOURCE_DATE_EPOCH; "$VITRINE" bundle build "$src" -o "$out/f.vitrine" >"$out/f.log" 2>&1) ||
    { cat "$out/f.log"; bad "bundle build without SOURCE_DATE_EPOCH"; }
year1=$(date -u +%Y)
got=$(built_at "$out/f.vitrine")
case "$got" in
"(no sqlite reader)") ;;
"$year0"-* | "$year1"-*) ;;
*) bad "without SOURCE_DATE_EPOCH built_at is $got, not this year's" ;;
esac

[ $fail -eq 0 ] && echo "reproducible: all checks passed"
exit $fail
