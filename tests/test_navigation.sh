#!/bin/sh
# Touch navigation end to end: play tests/data/scripts/navigation.txt through
# the real kiosk in simulated time and check the states and pictures.
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
check() { # name expected-substring
    line=$(grep "^shot $1 " "$out/log")
    case "$line" in
        *"$2"*) echo "ok: $1: $line" ;;
        *) echo "FAIL: $1: expected '$2', got '$line'"; fail=1 ;;
    esac
}
if ! "$VITRINE" render --script "$VITRINE_SOURCE_DIR/tests/data/scripts/navigation.txt" \
        --size 1280x800 --out "$out" >"$out/log" 2>"$out/err"; then
    echo "FAIL: vitrine render --script exited non-zero"; cat "$out/err"; exit 1
fi
cat "$out/log"
check start "panel=1 mode=loop"
check woken "panel=1 mode=interactive"
check next "panel=2 mode=interactive"
check right "panel=3 mode=interactive"
check left "panel=2 mode=interactive"
check prev "panel=1 mode=interactive"
check dragging "panel=1 mode=interactive transition=0"
check sprung "panel=1 mode=interactive transition=0"
check dragged-next "panel=2 mode=interactive"
check countdown "panel=2 mode=countdown"
check still-here "panel=2 mode=interactive"
check home "panel=1 mode=loop"
check escape-ignored "mode=loop"
check held "mode=interactive"
# what the pictures show changes with the state
for pair in "start woken" "woken next" "next right" "prev dragging" "dragging sprung" "still-here countdown"; do
    set -- $pair
    if cmp -s "$out/$1.png" "$out/$2.png"; then
        echo "FAIL: $1.png and $2.png are identical"; fail=1
    fi
done
# and where the state is the same, so is the picture (the spring-back ends where it began)
cmp -s "$out/prev.png" "$out/sprung.png" || { echo "FAIL: prev.png and sprung.png differ"; fail=1; }
# malformed scripts are errors with the line number
printf '100 tap 0.5 0.5\n200 down 1 0.5\n' >"$out/bad.txt"
if "$VITRINE" render --script "$out/bad.txt" --out "$out" >/dev/null 2>"$out/bad.err"; then
    echo "FAIL: a malformed script was accepted"; fail=1
elif ! grep -q "bad.txt:2:" "$out/bad.err"; then
    echo "FAIL: no line number in: $(cat "$out/bad.err")"; fail=1
else
    echo "ok: malformed script: $(cat "$out/bad.err")"
fi
# an event storm: 20,000 touches in two seconds from 12 fingers whose ids are
# reused and that never lift; the kiosk survives, and once the stuck fingers
# are forgotten (15 min) and the idle time runs out, it is back in its loop
awk 'BEGIN {
    srand(7)
    for (i = 0; i < 20000; i++) {
        t = 1000 + int(i / 10)
        id = 1 + int(rand() * 12)
        ph = rand() < 0.3 ? "down" : (rand() < 0.9 ? "move" : "up")
        if (i >= 19900) ph = "down"
        printf "%d %s %d %.3f %.3f\n", t, ph, id, rand(), rand()
    }
    print "3000 shot storm"
    print "1000000 shot after-storm"
}' >"$out/storm.txt"
if "$VITRINE" render --script "$out/storm.txt" --size 1280x800 --out "$out" >"$out/storm.log" 2>"$out/storm.err"; then
    cat "$out/storm.log"
    grep -q "^shot storm .*mode=interactive" "$out/storm.log" || { echo "FAIL: storm state"; fail=1; }
    grep -q "^shot after-storm .*mode=loop" "$out/storm.log" ||
        { echo "FAIL: not back in the loop after the storm"; fail=1; }
else
    echo "FAIL: the event storm broke the kiosk"; cat "$out/storm.err"; fail=1
fi
# left alone, the loop moves on by itself, panel after panel
printf '500 shot loop-0\n60000 shot loop-1\n120000 shot loop-2\n180000 shot loop-3\n' >"$out/loop.txt"
if "$VITRINE" render --script "$out/loop.txt" --size 1280x800 --out "$out" >"$out/log" 2>"$out/err"; then
    cat "$out/log"
    panels=$(sed -n 's/^shot loop-[0-9] .*panel=\([0-9]*\) mode=loop.*/\1/p' "$out/log" | tr '\n' ' ')
    set -- $panels
    if [ $# -ne 4 ] || [ "$1" -ne 1 ] || [ "$2" -le "$1" ] || [ "$3" -le "$2" ] || [ "$4" -le "$3" ]; then
        echo "FAIL: the loop does not advance: panels $panels"; fail=1
    else
        echo "ok: the loop advances: panels $panels"
    fi
else
    echo "FAIL: loop script"; cat "$out/err"; fail=1
fi

# two languages (the authoring test fixture, en + fr): the language button
# switches, also when tapped during a slide, and navigation goes on after it
"$VITRINE" bundle build "$VITRINE_SOURCE_DIR/tests/data/author/good" -o "$out/two.vitrine" >/dev/null ||
    { echo "FAIL: cannot build the two-language fixture"; fail=1; }
cat >"$out/lang.txt" <<'SCRIPT'
500  tap 0.5 0.5
1000 key right
1050 tap 0.901 0.941
2000 shot lang-during-slide
2500 key right
3500 shot lang-then-next
4000 tap 0.843 0.941
4500 shot lang-again
SCRIPT
if "$VITRINE" render --content "$out/two.vitrine" --script "$out/lang.txt" --size 1280x800 \
        --out "$out" >"$out/log" 2>"$out/err"; then
    cat "$out/log"
    check lang-during-slide "panel=2 mode=interactive transition=0 locale=fr"
    check lang-then-next "panel=3 mode=interactive transition=0 locale=fr"
    check lang-again "panel=3 mode=interactive transition=0 locale=en"
else
    echo "FAIL: two-language script"; cat "$out/err"; fail=1
fi
exit $fail
