# Sourced by the tests that need a real X server. start_xvfb DIR starts
# Xvfb (1024x768) with its log in DIR, sets xpid and exports DISPLAY once it
# accepts clients (Xvfb writes its display number to a fifo then); on
# failure it prints the log and exits 1. The caller kills $xpid.
start_xvfb() {
    mkfifo "$1/displayfd"
    Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$1/displayfd" 2>"$1/xvfb.log" &
    xpid=$!
    read -r dnum <"$1/displayfd"
    [ -n "$dnum" ] || { echo "FAIL: Xvfb did not start"; cat "$1/xvfb.log"; exit 1; }
    export DISPLAY=":$dnum"
    echo "Xvfb on $DISPLAY"
}
