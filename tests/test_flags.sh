#!/bin/sh
# A flag emoji in every text field and every language name: the exhibit
# builds, verifies and imports (signed with the stock minisign), renders,
# and the kiosk draws it in its loop and after a touch (the language button
# with every name, the controls). A regional-indicator pair (U+1F1E8
# U+1F1E6, "CA") used to abort every one of these paths inside libunibreak.
# A second exhibit puts them in the language names only,
# where the panel check never looks and only the kiosk's own drawing does.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
command -v minisign >/dev/null || { echo "SKIP: minisign is not installed"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 is not installed"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
check() { # check WHAT COMMAND...: the command must exit 0
    what=$1
    shift
    if "$@" >"$out/cmd.log" 2>&1; then
        echo "ok: $what"
    else
        echo "FAIL: $what (exit $?)"
        cat "$out/cmd.log"
        fail=1
    fi
}

# flags SRC DST MODE: a copy of SRC with flags in every text (MODE all) or
# in the language names only (MODE names)
flags() {
    cp -R "$1" "$2"
    python3 - "$2" "$3" <<'EOF'
import glob, os, re, sys
dst, mode = sys.argv[1], sys.argv[2]
CA, FR, GB = "\U0001F1E8\U0001F1E6", "\U0001F1EB\U0001F1F7", "\U0001F1EC\U0001F1E7"
odd = "\U0001F1E8"  # a lone indicator
keys = r"(title|subtitle|heading|body|note|text|speaker|role|context|cite|description|label|chapter|alt|when|prefix|suffix|en|fr)"
for path in [os.path.join(dst, "exhibit.yaml")] + glob.glob(os.path.join(dst, "panels", "*.yaml")):
    out = []
    in_locales = False
    for line in open(path, encoding="utf-8").read().split("\n"):
        if re.match(r"^locales:", line):
            in_locales = True
        elif re.match(r"^\S", line):
            in_locales = False
        m = re.match(r"^(\s*(?:- )?)" + keys + r": (.+)$", line)
        v = m.group(3) if m else ""
        if m and in_locales:
            line = f"{m.group(1)}{m.group(2)}: {CA if m.group(2) == 'en' else FR} {v}"
        elif m and mode == "all" and not v.startswith(("|", ">", "[", "{")):
            v = v[1:-1] if v.startswith('"') else v
            line = f'{m.group(1)}{m.group(2)}: "{CA} {v} {FR}{GB}{odd}"'
        elif m and mode == "all" and v.startswith("|"):
            line = line  # block text: its lines follow, indented
        out.append(line)
    text = "\n".join(out)
    if mode == "all" and path.endswith("exhibit.yaml"):
        text = re.sub(r'^version: "?([^"\n]*)"?$', 'version: "\\1 ' + CA + '"', text, flags=re.M)
    open(path, "w", encoding="utf-8").write(text)
EOF
}

minisign -G -W -p "$out/keys.pub" -s "$out/staff.key" >/dev/null 2>&1 || { echo "FAIL: minisign -G"; exit 1; }
mkdir -p "$out/keys" && mv "$out/keys.pub" "$out/keys/staff.pub"

for mode in all names; do
    src="$out/src-$mode"
    b="$out/flags-$mode.vitrine"
    flags "$VITRINE_SOURCE_DIR/tests/data/author/good" "$src" "$mode"
    grep -q "$(printf '\360\237\207\250\360\237\207\246')" "$src/exhibit.yaml" ||
        { echo "FAIL: no flag was written into the sources"; exit 1; }
    check "$mode: bundle build" "$VITRINE" bundle build "$src" -o "$b"
    minisign -S -s "$out/staff.key" -m "$b" >/dev/null 2>&1 || { echo "FAIL: sign"; exit 1; }
    for size in 1920x1080 800x480 768x1024; do
        check "$mode: bundle verify at $size" "$VITRINE" bundle verify "$b" --keys "$out/keys" --size "$size"
    done
    check "$mode: bundle inspect" "$VITRINE" bundle inspect "$b" --keys "$out/keys"
    mkdir -p "$out/state-$mode"
    check "$mode: import" "$VITRINE" import "$b" --state-dir "$out/state-$mode" --keys "$out/keys" --size 800x480
    check "$mode: render" "$VITRINE" render --content "$b" --size 768x1024 --locale fr --out "$out/r-$mode"
    [ -f "$out/r-$mode/contact-sheet.png" ] || { echo "FAIL: $mode: no contact sheet"; fail=1; }
    # the kiosk itself: a touch wakes it and draws the controls, the
    # language button with both names; a swipe and the next panel
    printf '100 shot loop\n500 tap 0.5 0.5\n1500 shot touched\n2000 swipe 0.8 0.5 0.2 0.5 200\n3500 shot next\n' >"$out/touch.txt"
    check "$mode: the kiosk after a touch" "$VITRINE" render --content "$b" --size 800x480 --script "$out/touch.txt" --out "$out/t-$mode"
    [ -f "$out/t-$mode/touched.png" ] || { echo "FAIL: $mode: no picture after the touch"; fail=1; }
    mkdir -p "$out/run-$mode"
    check "$mode: run" "$VITRINE" run --content "$b" --windowed --size 800x480 --frames 2 --no-watch \
        --state-dir "$out/run-$mode" --keys "$out/keys" --config "$out/none.conf"
done
[ $fail -eq 0 ] && echo "PASS" && exit 0
exit 1
