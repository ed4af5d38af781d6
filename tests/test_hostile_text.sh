#!/bin/sh
# The cost of text is bounded (issue 35): texts past the limits are refused
# by the build with the reason, naming the panel's file, line and field,
# and by the import when written into a signed store by hand; texts at the
# limits build, and the kiosk sets them as a reader expects: a few words
# inside 62 nested embeddings or isolates are one line (past about 30 they
# were one letter a line, the Arabic unjoined). The texts: one Arabic,
# Latin or Thai letter with a thousand or more marks, a 4,000-letter word,
# joiners, emoji joined by U+200D, deep bidi nesting
# (tests/hostile_text_cases.sh). Times are measured by
# tests/bench/hostile-text.sh, never asserted here.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$VITRINE_SOURCE_DIR/tests/lib.sh"
need_tool python3 python3
need_tool minisign minisign
. "$VITRINE_SOURCE_DIR/tests/hostile_text_cases.sh"
scratch_out
fail=0

# the reason each refusal must give
reason_of() {
    case $1 in
    *-marks | *-emoji) echo "body has a character (U+[0-9A-F]*) that carries more than 30 marks, joiners or modifiers" ;;
    *-deep) echo "body nests direction controls .* deeper than the 125 levels of Unicode's bidi algorithm (UAX #9)" ;;
    word-*) echo "the body of panel '01-story' is too long for the screen" ;;
    esac
}

hostile_cases >"$out/cases"
while read -r name expect; do
    hostile_exhibit "$out/$name" "$name" || { bad "$name: the exhibit could not be written"; continue; }
    "$VITRINE" bundle build "$out/$name" -o "$out/$name.vitrine" >"$out/$name.log" 2>&1
    rc=$?
    if [ "$expect" = builds ]; then
        [ $rc -eq 0 ] || { bad "$name (at the limits) does not build"; cat "$out/$name.log"; }
        continue
    fi
    [ $rc -ne 0 ] || { bad "$name (past a limit) builds"; continue; }
    grep -q "^panels/01-story.yaml:3: $(reason_of "$name")" "$out/$name.log" ||
        { bad "$name: the build does not say why with file, line and field"; cat "$out/$name.log"; }
done <"$out/cases"

# at the limits, the kiosk sets a few words inside deep nesting on one line
for name in rle-62-deep fsi-62-deep rle-lre-123-deep; do
    [ -f "$out/$name.vitrine" ] || continue
    SDL_VIDEODRIVER=offscreen "$VITRINE" render --content "$out/$name.vitrine" --size 1280x720 \
        --out "$out/$name.png" --layout-json "$out/$name.json" >"$out/$name.render" 2>&1 ||
        { bad "$name: render failed"; cat "$out/$name.render"; continue; }
    python3 - "$out/$name.json" <<'PY' || bad "$name: the body is not one line of the three words"
import json, sys
for line in open(sys.argv[1]):
    for box in json.loads(line).get("boxes", []):
        if box.get("role") == "body":
            # the text less its controls (U+202A..U+202E, U+2066..U+2069)
            text = ["".join(c for c in l if not ("\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069"))
                    for l in box["lines"]]
            print(text)
            sys.exit(0 if text == ["\u0646\u0635 abc 123"] else 1)
sys.exit(1)
PY
done

# whatever the build refuses, the import refuses: an at-limit store, signed,
# its body replaced by hand with each text past a limit
minisign -G -W -p "$out/staff.pub" -s "$out/staff.key" >/dev/null 2>&1 || { echo "FAIL: minisign -G"; exit 1; }
mkdir -p "$out/keys" && mv "$out/staff.pub" "$out/keys/"
for name in arabic-1990-marks latin-1998-marks zwj-571-emoji fsi-63-deep rle-lre-124-deep; do
    [ -f "$out/arabic-30-marks.vitrine" ] || { bad "no at-limit store to write into"; break; }
    cp "$out/arabic-30-marks.vitrine" "$out/$name-store.vitrine"
    hostile_body "$name" >"$out/$name.txt"
    python3 - "$out/$name-store.vitrine" "$out/$name.txt" <<'PY' || { bad "$name: could not write the store"; continue; }
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE panel_text SET body = ?", (open(sys.argv[2], encoding="utf-8").read(),))
db.commit()
PY
    minisign -S -s "$out/staff.key" -m "$out/$name-store.vitrine" >/dev/null 2>&1 || { bad "minisign -S"; continue; }
    "$VITRINE" import "$out/$name-store.vitrine" --state-dir "$out/state-$name" --keys "$out/keys" \
        --size 800x480 >"$out/$name.import" 2>&1 && { bad "$name: the import takes it"; continue; }
    grep -q "panel 1 '01-story': $(reason_of "$name" | sed 's/^body/body (ar)/')" "$out/$name.import" ||
        { bad "$name: the import does not say why"; cat "$out/$name.import"; }
done

[ $fail -eq 0 ] && echo "PASS: text past the limits is refused by build and import with the reason; at the limits it builds and deep nesting is one line"
exit $fail
