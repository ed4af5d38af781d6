#!/bin/sh
# A clip is media and nothing else (issue 35): an mpv EDL file, an HLS
# playlist and an FFmpeg concat list, each naming a clip on the local disk
# and a loopback URL, given as a clip
#  - to bundle build (as videos/h264.mp4): refused, "not a video";
#  - in a signed store, to bundle verify and vitrine import: refused;
#  - in a store, to vitrine run: the poster is shown, the clip is logged;
# and through all of it nothing is opened: a listener on 127.0.0.1 (a port
# this test picks) sees no connection, and the local clip the lists name
# (watched with inotify) is neither opened nor read.
# Also: a 4 KB MP4 header with no data is refused at once with what its
# header promised (it used to stall every probe for 10 s).
set -u
: "${VITRINE:?}"
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
need_tool ffmpeg ffmpeg
need_tool python3 python3
need_tool minisign minisign
work=$(mktemp -d)
wpid=""
vpid=""
cleanup() {
    [ -n "$vpid" ] && kill "$vpid" 2>/dev/null
    exec 3>&- 2>/dev/null
    [ -n "$wpid" ] && kill "$wpid" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail=0

sh "$top/tests/tools/make_clips.sh" "$work/clips" || exit $?
# the local clip the lists name: a real clip, which would play if opened
cp "$work/clips/hevc.mp4" "$work/local.mp4"

# ---- the watcher: a listener on 127.0.0.1 and inotify on the local clip ----
# It writes its port to $work/port, then one line per connection or open to
# $work/watch.log, until its control pipe is closed.
mkfifo "$work/ctl"
python3 - "$work/port" "$work/ctl" "$work/local.mp4" >"$work/watch.log" 2>&1 <<'EOF' &
import ctypes, os, select, socket, struct, sys
port_file, ctl_path, watched = sys.argv[1], sys.argv[2], sys.argv[3]
libc = ctypes.CDLL(None, use_errno=True)
IN_ACCESS, IN_OPEN = 0x1, 0x20
ino = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
if ino < 0 or libc.inotify_add_watch(ino, watched.encode(), IN_ACCESS | IN_OPEN) < 0:
    print("watcher: inotify failed", flush=True)
    sys.exit(1)
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
s.listen(64)
s.setblocking(False)
with open(port_file + ".part", "w") as f:
    f.write("%d\n" % s.getsockname()[1])
os.rename(port_file + ".part", port_file)
ctl = os.open(ctl_path, os.O_RDONLY)  # until the test opens it for writing
phase = "start"

def drain(timeout, fds):
    global phase
    r, _, _ = select.select(fds, [], [], timeout)
    done = False
    if s in r:
        try:
            c, addr = s.accept()
            print("%s: a connection from %s:%d" % (phase, addr[0], addr[1]), flush=True)
            c.close()
        except BlockingIOError:
            pass
    if ino in r:
        data = os.read(ino, 4096)
        i = 0
        while i + 16 <= len(data):
            wd, mask, cookie, n = struct.unpack_from("iIII", data, i)
            print("%s: the local clip was %s" % (phase, "opened" if mask & IN_OPEN else "read"),
                  flush=True)
            i += 16 + n
    if ctl in r:
        line = os.read(ctl, 256)
        if not line:
            done = True
        else:
            phase = line.decode().split()[-1]
    return done, bool(r)

while True:
    done, _ = drain(None, [s, ino, ctl])
    if done:
        break
# what came after the last phase's command ended
while drain(0, [s, ino])[1]:
    pass
print("watcher: done", flush=True)
EOF
wpid=$!
# the watcher's start: its file appears
wait_until 30 "$wpid" test -s "$work/port" ||
    { echo "FAIL: the watcher did not start"; cat "$work/watch.log"; exit 1; }
port=$(cat "$work/port")
exec 3>"$work/ctl"
phase() { echo "phase $1" >&3; }
# the watcher sees a connection and a read (else its silence below proves nothing)
phase selftest
python3 -c "import socket, sys; socket.create_connection(('127.0.0.1', int(sys.argv[1]))).close()" \
    "$(cat "$work/port")" || bad "the watcher's port takes no connection"
cat "$work/local.mp4" >/dev/null

local="$work/local.mp4"
url="http://127.0.0.1:$port"
printf '# mpv EDL v0\n%s\n%s/edl.mp4\n' "$local" "$url" >"$work/edl.txt"
printf '#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3,\n%s\n#EXTINF:3,\n%s/hls.ts\n#EXT-X-ENDLIST\n' \
    "$local" "$url" >"$work/hls.txt"
printf "ffconcat version 1.0\nfile '%s'\nfile '%s/concat.mp4'\n" "$local" "$url" >"$work/concat.txt"
# the header of h264.mp4 (ftyp and moov, 3 s of H.264 and AAC) and no data
python3 - "$work/clips/h264.mp4" "$work/header.txt" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read()
i = 0
while d[i + 4:i + 8] != b"moov":
    i += struct.unpack(">I", d[i:i + 4])[0]
open(sys.argv[2], "wb").write(d[:i + struct.unpack(">I", d[i:i + 4])[0]])
EOF
kinds="edl hls concat"

# ---- bundle build ------------------------------------------------------------
cp -r "$top/tests/data/video" "$work/ex"
rm "$work/ex/panels/01-title.yaml" # the film first (for run, below)
mkdir "$work/ex/videos"
cp "$work/clips/h264.mp4" "$work/clips/h264.en.vtt" "$work/clips/h264.fr.vtt" \
    "$work/clips/vp9.webm" "$work/ex/videos/"
line=$(grep -n '^  file:' "$work/ex/panels/02-film.yaml" | cut -d: -f1)
for k in $kinds header; do
    phase "build-$k"
    rm -rf "$work/bad"
    cp -r "$work/ex" "$work/bad"
    cp "$work/$k.txt" "$work/bad/videos/h264.mp4"
    start=$(date +%s%N)
    if "$VITRINE" bundle build "$work/bad" -o "$work/bad.vitrine" >"$work/bad.out" 2>&1; then
        bad "build: the $k file was taken for a clip"
    fi
    ms=$((($(date +%s%N) - start) / 1000000))
    case $k in
    # the header alone: refused at once, when its data ends, not at the
    # probe's time limit ("within 2 s"); the time is a figure, not a bound
    header) want="its header says MP4 with h264 video of 0:03 but no frame was decoded before its data ended" ;;
    *) want="not a video: it should be an MP4 file, and its first bytes are" ;;
    esac
    grep -q "panels/02-film.yaml:$line: video.file \"videos/h264.mp4\" cannot be played: $want" \
        "$work/bad.out" || { cat "$work/bad.out"; bad "build: the $k file is not refused as such"; }
    echo "build, $k: $(grep -o 'cannot be played: .*' "$work/bad.out") ($ms ms)"
done

# ---- a store holding each, signed: bundle verify and vitrine import ----------
"$VITRINE" bundle build "$work/ex" -o "$work/film.vitrine" >"$work/build.out" 2>&1 ||
    { cat "$work/build.out"; bad "the film exhibit did not build"; exit 1; }
mkdir -p "$work/keys"
minisign -G -W -p "$work/keys/staff.pub" -s "$work/staff.key" >/dev/null
for k in $kinds header; do
    cp "$work/film.vitrine" "$work/$k.vitrine"
    python3 - "$work/$k.vitrine" "$work/$k.txt" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
data = open(sys.argv[2], "rb").read()
n = db.execute("UPDATE clip SET data = ? WHERE name = 'videos/h264.mp4'", (data,)).rowcount
db.commit()
sys.exit(0 if n == 1 else 1)
EOF
    [ $? -eq 0 ] || bad "the $k file could not be put in a store"
    minisign -S -s "$work/staff.key" -m "$work/$k.vitrine" >/dev/null || bad "sign $k"
    phase "verify-$k"
    if "$VITRINE" bundle verify "$work/$k.vitrine" --keys "$work/keys" >"$work/v.out" 2>&1; then
        bad "verify: a store with the $k file as its clip was accepted"
    fi
    case $k in
    header) want="video videos/h264.mp4 (panel 1) its header says MP4" ;;
    *) want="video videos/h264.mp4 (panel 1) not a video: it should be an MP4 file" ;;
    esac
    grep -q "$want" "$work/v.out" || { cat "$work/v.out"; bad "verify: the $k file is not named"; }
    echo "verify, $k: $(grep -o 'video videos/h264.mp4 .*' "$work/v.out" | head -1)"
    phase "import-$k"
    mkdir -p "$work/state-$k"
    if "$VITRINE" import "$work/$k.vitrine" --state-dir "$work/state-$k" --keys "$work/keys" \
        >"$work/i.out" 2>&1; then
        bad "import: a store with the $k file as its clip was imported"
    fi
    grep -q "$want" "$work/i.out" || { cat "$work/i.out"; bad "import: the $k file is not named"; }
done

# ---- vitrine run: the store's clip is the list ---------------------------------
# wait_log TEXT FILE: until the kiosk's log says it (lib.sh's wait_for_log,
# in a subshell: 1 on failure, and the test goes on to say what else is wrong)
wait_log() { (wait_for_log "$2" "$1" 30 "$vpid"); }
for k in $kinds; do
    phase "run-$k"
    mkdir -p "$work/run-$k"
    SDL_VIDEODRIVER=offscreen "$VITRINE" run --content "$work/$k.vitrine" --windowed \
        --size 800x480 --no-watch --state-dir "$work/run-$k" >"$work/run.out" 2>"$work/run.log" &
    vpid=$!
    wait_log "video videos/h264.mp4 cannot be played: .*its poster is shown" "$work/run.log" ||
        bad "run: the $k clip is not refused with its poster shown"
    grep -o 'video videos/h264.mp4 cannot be played: .*' "$work/run.log" | sed "s/^/run, $k: /"
    kill "$vpid"
    wait "$vpid" || bad "run: the kiosk did not exit 0 on SIGTERM after the $k clip"
    vpid=""
done

# ---- nothing was opened --------------------------------------------------------
exec 3>&-
wait "$wpid"
wpid=""
grep -q '^watcher: done$' "$work/watch.log" || { cat "$work/watch.log"; bad "the watcher failed"; }
grep -q '^selftest: a connection from 127.0.0.1' "$work/watch.log" &&
    grep -q '^selftest: the local clip was opened' "$work/watch.log" &&
    grep -q '^selftest: the local clip was read' "$work/watch.log" ||
    { cat "$work/watch.log"; bad "the watcher did not see its own connection and read"; }
if grep -v '^selftest: ' "$work/watch.log" | grep -q 'connection\|local clip'; then
    cat "$work/watch.log"
    bad "a clip's list was followed"
else
    echo "127.0.0.1:$port saw no connection; $local was neither opened nor read"
fi

[ $fail -eq 0 ] && echo "PASS: an EDL, an HLS playlist and a concat list as a clip are refused at build, verify, import and run, and nothing they name is opened; a header with no data is refused at once"
exit $fail
