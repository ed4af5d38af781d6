#!/bin/sh
# Bundle text never reaches a terminal or the log as control characters
# (issue 35: `bundle verify` printed a trusted signer's comment raw, so
# ESC[2J cleared the terminal and ESC[31m coloured it). A signed bundle
# whose trusted comment and title (written into the store by hand, as a
# signing key's holder can) carry ESC, BEL, CSI (U+009B), a carriage
# return and a newline goes through verify, inspect, import and a run;
# every byte they print is checked, and the escapes are where the text was.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
. "$(dirname "$0")/lib.sh"
need_tool minisign minisign
need_tool python3 python3
scratch_out
fail=0
minisign -G -W -p "$out/keys.pub" -s "$out/staff.key" >/dev/null 2>&1 || { echo "FAIL: minisign -G"; exit 1; }
mkdir -p "$out/keys" && mv "$out/keys.pub" "$out/keys/staff.pub"
"$VITRINE" bundle build "$VITRINE_SOURCE_DIR/tests/data/author/good" -o "$out/ex.vitrine" >/dev/null 2>&1 ||
    { echo "FAIL: the bundle does not build"; exit 1; }
# a file name as a stick may carry one, and the trusted comment
ex="$out/$(printf 'ex\033]0;pwned\007\033[2J').vitrine"
mv "$out/ex.vitrine" "$ex"
comment=$(printf 'museum \033[2J\033[31mred\007 key')
minisign -S -s "$out/staff.key" -t "$comment" -m "$ex" >/dev/null 2>&1 || { echo "FAIL: minisign -S"; exit 1; }
# a second bundle, its title of every language written by hand: ESC[2J,
# BEL, CSI, CR and a newline (the store refuses it; the refusal names it)
cp "$ex" "$out/title.vitrine"
python3 - "$out/title.vitrine" <<'PY' || { echo "FAIL: the title could not be written"; exit 1; }
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE exhibit_text SET title = 'Evil\x1b[2J\x07title\u009b31m\\rover\\nnext'")
db.commit()
PY
minisign -S -s "$out/staff.key" -t "$comment" -m "$out/title.vitrine" >/dev/null 2>&1 ||
    { echo "FAIL: minisign -S"; exit 1; }

# raw FILE: whether FILE holds a control character a terminal acts on (C0
# but tab and newline, DEL, and U+0080-9F in UTF-8)
raw() {
    python3 - "$1" <<'PY'
import sys
b = open(sys.argv[1], "rb").read()
bad = [c for c in b if (c < 0x20 and c not in (9, 10)) or c == 0x7F]
t = b.decode("utf-8", "replace")
bad += [ord(c) for c in t if 0x80 <= ord(c) <= 0x9F]
sys.exit(0 if bad else 1)
PY
}
for b in "$ex" "$out/title.vitrine"; do
    n=$((${n:-0} + 1))
    "$VITRINE" bundle verify "$b" --keys "$out/keys" --size 800x480 >"$out/verify$n" 2>&1
    raw "$out/verify$n" && bad "bundle verify printed a control character: $(od -c "$out/verify$n" | head -20)"
    "$VITRINE" bundle inspect "$b" --keys "$out/keys" --size 800x480 >"$out/inspect$n" 2>&1
    raw "$out/inspect$n" && bad "bundle inspect printed a control character"
    "$VITRINE" import "$b" --state-dir "$out/state$n" --keys "$out/keys" --size 800x480 \
        >"$out/import$n" 2>&1
    raw "$out/import$n" && bad "import printed a control character"
done
grep -q 'museum \\x1b\[2J\\x1b\[31mred\\x07 key' "$out/verify1" ||
    { bad "verify does not show the comment escaped"; cat "$out/verify1"; }
grep -q 'ex\\x1b\]0;pwned\\x07\\x1b\[2J.vitrine' "$out/inspect1" ||
    { bad "inspect does not show the file name escaped"; cat "$out/inspect1"; }
grep -q 'title (en) contains a control character' "$out/import2" ||
    { bad "import does not refuse the title"; cat "$out/import2"; }
# the kiosk's log (standard error, the journal's source) names the bundle
"$VITRINE" run --windowed --size 800x480 --frames 1 --no-watch --state-dir "$out/state1" \
    --config /dev/null >"$out/run" 2>&1 || bad "the run exited $?"
raw "$out/run" && bad "the kiosk's log holds a control character"
[ $fail -eq 0 ] && echo "PASS: verify, inspect, import and the log escape a bundle's control characters"
exit $fail
