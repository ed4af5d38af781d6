#!/bin/sh
# Golden images: the French edition's panels with Hangul in them, an
# English one, and the right-to-left test exhibit in Arabic, Hebrew and
# English, rendered as visitors see them at 1280x800, 1920x1080 and 1080x1920,
# compared with the pictures that were looked at and kept
# (tests/golden/, made with tests/golden/update.sh). A pixel may differ by
# a little (another FreeType hints a little differently), and a few pixels
# more (2 per mille): anything beyond is a change to look at. After an
# intended change, run tests/golden/update.sh, look at the new pictures, and
# commit them. The same pictures drawn turned (--rotation) must match too.
# A set named rtl.LOCALE-WxH is the right-to-left test exhibit
# (tests/data/rtl: Arabic, Hebrew and English), built here first.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
pngdiff=${PNGDIFF:-$(dirname "$VITRINE")/tests/pngdiff}
golden="$VITRINE_SOURCE_DIR/tests/golden"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
"$VITRINE" bundle build "$VITRINE_SOURCE_DIR/tests/data/rtl" -o "$out/rtl.vitrine" >/dev/null ||
    { echo "FAIL: the right-to-left test exhibit does not build"; exit 1; }
# content NAME: the --content arguments for a set
content() {
    case $1 in rtl.*) echo "--content $out/rtl.vitrine" ;; esac
}
for set in "$golden"/*/; do
    name=$(basename "$set")                  # e.g. fr-1280x800, rtl.ar-1920x1080
    locale=${name%%-*}
    locale=${locale#rtl.}
    size=${name#*-}
    # shellcheck disable=SC2046
    "$VITRINE" render $(content "$name") --locale "$locale" --size "$size" --out "$out/$name" >/dev/null 2>&1 ||
        { echo "FAIL: render $name"; fail=1; continue; }
    for g in "$set"*.png; do
        f="$out/$name/$(basename "$g")"
        if [ ! -e "$f" ]; then
            echo "FAIL: $name/$(basename "$g") was not rendered"; fail=1; continue
        fi
        res=$("$pngdiff" --tolerance 24 2 "$g" "$f")
        case $? in
        0) echo "ok: $name/$(basename "$g"): $res" ;;
        *) echo "FAIL: $name/$(basename "$g"): $res"; cp "$f" "/tmp/golden-$name-$(basename "$g")" 2>/dev/null
           fail=1 ;;
        esac
    done
done
# Output rotation: the same pictures drawn turned on an output of the other
# shape (--rotation 90 and 270 for the portrait set, 180 for the landscape
# one) and turned back match the golden ones: a portrait totem on a
# landscape output shows what a portrait screen shows.
for set in "$golden"/*/; do
    name=$(basename "$set")
    locale=${name%%-*}
    locale=${locale#rtl.}
    size=${name#*-}
    w=${size%x*}
    h=${size#*x}
    if [ "$h" -gt "$w" ]; then turns="90 270"; else turns="180"; fi
    for turn in $turns; do
        case $turn in 180) out_size=$size ;; *) out_size=${h}x$w ;; esac
        dir="$out/$name-turned-$turn"
        # shellcheck disable=SC2046
        "$VITRINE" render $(content "$name") --locale "$locale" --size "$out_size" --rotation "$turn" --out "$dir" \
            >/dev/null 2>&1 || { echo "FAIL: render $name at $out_size turned $turn"; fail=1; continue; }
        for g in "$set"*.png; do
            f="$dir/$(basename "$g")"
            res=$("$pngdiff" --turn "$turn" --tolerance 24 2 "$g" "$f")
            case $? in
            0) echo "ok: $name/$(basename "$g") drawn at $out_size turned $turn: $res" ;;
            *) echo "FAIL: $name/$(basename "$g") drawn at $out_size turned $turn: $res"; fail=1 ;;
            esac
        done
    done
done
[ $fail -eq 0 ] && echo "golden images match"
exit $fail
