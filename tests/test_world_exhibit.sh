#!/bin/sh
# The exhibit in every script: tests/data/exhibits/world (16 languages, 13
# scripts: Latin, Greek, Cyrillic, Georgian, Devanagari, Bengali, Tamil,
# Thai, Khmer, Chinese, Japanese, Hangul, Arabic, Ethiopic; fictional test
# content, see its README.txt) through the built binary:
#  - `bundle build` writes it (its content check refuses a character that
#    no installed font has, and text that does not fit);
#  - `bundle verify` at each size accepts it, signed with a key made here:
#    every character in a font, every text shaped without a missing glyph,
#    every panel fitting, and the kiosk's own cards drawn with its words;
#  - `render` at 1920x1080, 800x480 and 1080x1920 in every language exits
#    0, refuses no panel, writes a PNG of every panel and the contact sheet,
#    and its --layout-json records are in that language (not a fallback);
#  - test_world_exhibit (tests/test_world_exhibit.c) lays every panel out
#    and checks every line end with ICU's own line-break iterator and every
#    drawn line for glyph 0 (.notdef).
# WORLD_OUT=DIR keeps the pictures and records there (to look at them).
set -u
: "${VITRINE:?}" "${WORLD_CHECK:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool minisign minisign
need_tool python3 python3
src="$VITRINE_SOURCE_DIR/tests/data/exhibits/world"
if [ -n "${WORLD_OUT:-}" ]; then
    out=$WORLD_OUT
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
sizes="1920x1080 800x480 1080x1920"
fail=0
say() { echo "FAIL: $*"; fail=1; }

# the languages, in exhibit.yaml's order: the keys under `locales:`
locales=$(sed -n '/^locales:/,/^[^ ]/s/^  \([a-z][a-z-]*\):.*/\1/p' "$src/exhibit.yaml")
n_locales=$(echo "$locales" | wc -w)
[ "$n_locales" -ge 13 ] || say "exhibit.yaml has $n_locales languages, fewer than 13"
n_panels=$(ls "$src/panels/"*.yaml | wc -l)

if ! "$VITRINE" bundle build "$src" -o "$out/world.vitrine" >"$out/build.log" 2>&1; then
    say "bundle build:"
    grep -v '^vitrine\[' "$out/build.log"
    echo "(every later step needs the store)"
    exit 1
fi
grep -i 'warning' "$out/build.log" | grep -v '^vitrine\[' | sed 's/^/build: /'

mkdir -p "$out/keys"
if ! minisign -G -W -p "$out/keys/world.pub" -s "$out/world.key" >/dev/null 2>&1 ||
    ! minisign -S -s "$out/world.key" -m "$out/world.vitrine" >/dev/null 2>&1; then
    echo "FAIL: minisign"
    exit 1
fi
for size in $sizes; do
    if "$VITRINE" bundle verify "$out/world.vitrine" --keys "$out/keys" --size "$size" \
        >"$out/verify-$size.log" 2>&1; then
        grep -q 'drew everything' "$out/verify-$size.log" ||
            say "bundle verify at $size does not say the kiosk drew everything"
    else
        say "bundle verify at $size:"
        grep -v '^vitrine\[hyphen\]' "$out/verify-$size.log"
    fi
done

for size in $sizes; do
    for locale in $locales; do
        dir="$out/$size-$locale"
        json="$out/$size-$locale.jsonl"
        if ! "$VITRINE" render --content "$out/world.vitrine" --size "$size" --locale "$locale" \
            --layout-json "$json" --out "$dir" >"$dir.log" 2>&1; then
            say "render $size $locale:"
            grep -v '^vitrine\[hyphen\]' "$dir.log"
            continue
        fi
        # a panel refused, or text that did not fit, is said on the log
        grep -E '^vitrine\[render\] (warning|error)' "$dir.log" | sed "s/^/FAIL: $size $locale: /" |
            grep . && fail=1
        pngs=$(ls "$dir"/[0-9][0-9][0-9]-*.png 2>/dev/null | wc -l)
        [ "$pngs" -eq "$n_panels" ] || say "render $size $locale wrote $pngs panels of $n_panels"
        [ -s "$dir/contact-sheet.png" ] || say "render $size $locale wrote no contact sheet"
        records=$(grep -c . "$json")
        in_locale=$(grep -c "\"locale\":\"$locale\"" "$json")
        if [ "$records" -ne "$n_panels" ] || [ "$in_locale" -ne "$records" ]; then
            say "render $size $locale: $in_locale of $records layout records are in $locale"
        fi
    done
done

# the kiosk's words from exhibit.yaml's ui: are the ones drawn: the label
# before a panel's source (a story panel with one source) in each language
# that gives one
python3 - "$src/exhibit.yaml" "$out" <<'PY' || fail=1
import json, re, sys
yaml, out = sys.argv[1], sys.argv[2]
words, lang, in_ui = {}, None, False
for line in open(yaml, encoding="utf-8"):
    if re.match(r"^\S", line):
        in_ui = line.startswith("ui:")
    elif in_ui and re.match(r"^  (\S+):\s*$", line):
        lang = line.strip()[:-1]
    elif in_ui and lang and re.match(r"^    source:", line):
        words[lang] = line.split(":", 1)[1].strip().strip('"')
bad = 0
for lang, word in sorted(words.items()):
    record = json.loads(open(f"{out}/800x480-{lang}.jsonl", encoding="utf-8").readlines()[1])
    lines = [l for b in record["boxes"] if b["role"] == "source" for l in b.get("lines", [])]
    if not lines or not lines[0].startswith(word):
        print(f"FAIL: {lang}: the source line is {lines[:1]}, not after ui: {lang}: source: {word}")
        bad = 1
print(f"ui: the source label checked in {len(words)} languages")
sys.exit(bad if words else 1)
PY

# shellcheck disable=SC2086
"$WORLD_CHECK" "$out/world.vitrine" $sizes || fail=1

[ $fail -eq 0 ] && echo "PASS" && exit 0
exit 1
