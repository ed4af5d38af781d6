#!/bin/sh
# Every documented display set-up (docs/kiosk-box.md), with exactly the
# shipped unit and drop-ins:
#  1. the page's copies of the drop-ins and the X server's unit are the
#     files the package ships (platform/systemd/);
#  2. `systemd-analyze verify` finds nothing to say about the unit alone
#     (KMS), with x11.conf (and the X server's unit), and with cage.conf;
#  3. KMS without a usable DRM device: the kiosk says why in the log and on
#     its console (the TTY on its standard input), tells systemd READY=1 with
#     STATUS=waiting for a display, feeds the watchdog, keeps trying instead
#     of exiting (no restart storm), and exits 0 when stopped;
#  4. X without a window manager, under the unit's sandbox as far as it
#     concerns X: a private /tmp (PrivateTmp=yes) with the drop-in's
#     BindPaths, a private network (PrivateNetwork=yes: X's abstract
#     socket out of reach), /home and /root hidden (ProtectHome=yes), the
#     cookie where the drop-in says, an X server (Xvfb) that refuses clients
#     without it: the kiosk reaches its first frame full screen; without
#     the bind, or without the cookie, it cannot;
#  5. cage (headless wlroots, as an unprivileged user: cage refuses root):
#     the kiosk under it with the drop-in's environment reaches its first frame.
# systemd is not PID 1 here, so the units are not started: what concerns
# the display is built with unshare(1) and mount(8). Parts that need a
# missing tool say so and are skipped; CI installs them (platform/debian-deps.sh).
set -u
: "${VITRINE:?}" "${VITRINE_SOURCE_DIR:?}"
src=$VITRINE_SOURCE_DIR
ex=$src/platform/systemd
fail=0
bad() { echo "FAIL: $*"; fail=1; }
work=$(mktemp -d /var/tmp/vitrine-display.XXXXXX) # not under /tmp: part 4 hides /tmp
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
# the program and its assets where the sandbox (a private /tmp, where a
# build may be) and cage's unprivileged user can both reach them
cp "$VITRINE" "$work/vitrine"
cp -R "${VITRINE_ASSETS_DIR:-$src/assets}" "$work/assets"
export VITRINE_ASSETS_DIR="$work/assets"
VITRINE=$work/vitrine

# 1. the page's copies are the files
python3 - "$src/docs/kiosk-box.md" "$ex" <<'PY' || fail=1
import re, sys, os
page = open(sys.argv[1], encoding="utf-8").read()
for name in ("vitrine-xserver.service", "x11.conf", "cage.conf"):
    want = open(os.path.join(sys.argv[2], name), encoding="utf-8").read()
    m = re.search(r"^`%s`[^\n]*:\n\n```ini\n(.*?)```\n" % re.escape(name), page, re.S | re.M)
    if not m:
        sys.exit("FAIL: docs/kiosk-box.md has no copy of %s" % name)
    if m.group(1) != want:
        sys.exit("FAIL: docs/kiosk-box.md's %s differs from platform/systemd/%s" % (name, name))
print("ok: the page's drop-ins and X server unit are the shipped files")
PY

# 2. systemd-analyze verify, unit by unit, the binary's path the only change
verify() { # NAME DROPIN...: the unit with those drop-ins (and the X server's unit)
    name=$1
    shift
    d="$work/verify-$name"
    mkdir -p "$d/vitrine.service.d"
    sed "s|/usr/bin/vitrine|$VITRINE|" "$src/platform/vitrine.service" >"$d/vitrine.service"
    cp "$ex/vitrine-xserver.service" "$d/"
    for f in "$@"; do
        sed "s|/usr/bin/vitrine|$VITRINE|" "$ex/$f" >"$d/vitrine.service.d/$f"
    done
    out=$(systemd-analyze verify "$d/vitrine.service" "$d/vitrine-xserver.service" 2>&1)
    if [ -n "$out" ]; then
        bad "systemd-analyze verify ($name) says:"
        echo "$out"
    else
        echo "ok: systemd-analyze verify ($name) finds nothing to say"
    fi
}
if ! command -v systemd-analyze >/dev/null 2>&1; then
    echo "SKIP part 2: systemd-analyze is not installed"
elif [ ! -x /usr/bin/Xorg ] || [ ! -x /usr/bin/cage ]; then
    echo "SKIP part 2: verify checks each ExecStart's program: install xserver-xorg-core and cage"
else
    verify kms
    verify x11 x11.conf
    verify cage cage.conf
fi

# 3. KMS without a DRM device: waits, says why, no exit
python3 - "$VITRINE" "$work" <<'PY' || fail=1
import os, pty, select, signal, socket, subprocess, sys, time
vitrine, work = sys.argv[1], sys.argv[2]
sock_path = os.path.join(work, "notify")
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sock_path)
master, slave = pty.openpty()
env = dict(os.environ, SDL_VIDEODRIVER="kmsdrm", NOTIFY_SOCKET=sock_path, WATCHDOG_USEC="3000000",
           VITRINE_DISPLAY_RETRY_MS="200")
env.pop("WATCHDOG_PID", None)  # none: the watchdog is this process's
log = open(os.path.join(work, "kms.log"), "w+")
p = subprocess.Popen([vitrine, "run", "--no-watch", "--state-dir", os.path.join(work, "kms-state"),
                      "--config", os.path.join(work, "none.conf")],
                     stdin=slave, stdout=log, stderr=log, env=env)
os.close(slave)
msgs, console = [], b""
def take(until):
    global console
    while time.time() < until:
        r, _, _ = select.select([s, master], [], [], 0.1)
        if s in r:
            msgs.append(s.recv(4096).decode())
        if master in r:
            try:
                console += os.read(master, 4096)
            except OSError:
                pass
        if p.poll() is not None:
            return
take(time.time() + 3)  # at 200 ms, a dozen tries
alive = p.poll() is None
p.send_signal(signal.SIGTERM)
try:
    rc = p.wait(10)
except subprocess.TimeoutExpired:
    p.kill()
    rc = "still running 10 s after SIGTERM"
take(time.time() + 0.3)
log.seek(0)
text = log.read()
def fail(why):
    sys.exit("FAIL: KMS without a display: %s\nlog:\n%s\nnotify: %r\nconsole: %r" % (why, text[-2000:], msgs, console[-500:]))
if not alive:
    fail("the kiosk exited instead of waiting (a restart storm under systemd)")
if text.count("no display:") != 1:
    fail("the reason is not in the log exactly once")
if b"no display:" not in console:
    fail("the reason is not on the console")
if not any("READY=1" in m and "STATUS=waiting for a display" in m for m in msgs):
    fail("systemd was not told READY=1 with STATUS=waiting for a display")
if not any("WATCHDOG=1" in m for m in msgs):
    fail("no watchdog ping while waiting")
if rc != 0:
    fail("exit status %s on SIGTERM, not 0" % rc)
print("ok: KMS without a display: said once in the log and on the console, READY with "
      "STATUS, %d watchdog pings in 3 s, still running, exit 0 on SIGTERM"
      % sum("WATCHDOG=1" in m for m in msgs))
PY

# 4. X without a window manager, in the unit's sandbox
x_setup() {
    for tool in unshare Xvfb xauth mcookie; do
        command -v "$tool" >/dev/null 2>&1 || { echo "SKIP part 4: $tool is not installed"; return 1; }
    done
    [ "$(id -u)" = 0 ] || { echo "SKIP part 4: mount namespaces need root here"; return 1; }
    unshare --mount --net true 2>/dev/null || { echo "SKIP part 4: unshare is not allowed here"; return 1; }
    return 0
}
if x_setup; then
    # the drop-in's environment, as systemd would give it
    envline=$(sed -n 's/^Environment=//p' "$ex/x11.conf")
    cookie=$(printf '%s\n' $envline | sed -n 's/^XAUTHORITY=//p')
    display=$(printf '%s\n' $envline | sed -n 's/^DISPLAY=//p')
    bind=$(sed -n 's/^BindPaths=//p' "$ex/x11.conf")
    [ -n "$cookie" ] && [ -n "$display" ] && [ "$bind" = /tmp/.X11-unix ] ||
        bad "x11.conf: no XAUTHORITY, DISPLAY or BindPaths=/tmp/.X11-unix"
    cat >"$work/x.sh" <<'EOS'
# runs in its own mount and network namespaces: /tmp and the cookie's folder fresh
set -u
mount --make-rprivate /
mount -t tmpfs tmpfs /tmp
mkdir -m 1777 /tmp/.X11-unix
cdir=$(dirname "$COOKIE")
mkdir -p "$cdir"
mount -t tmpfs tmpfs "$cdir"
xauth -q -f "$COOKIE" add "$DISPLAY_NAME" . "$(mcookie)"
Xvfb "$DISPLAY_NAME" -auth "$COOKIE" -nolisten tcp -screen 0 1280x800x24 >"$WORK/xvfb.log" 2>&1 &
xpid=$!
n=0
while [ ! -S "/tmp/.X11-unix/X${DISPLAY_NAME#:}" ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
# the kiosk: PrivateTmp, PrivateNetwork, ProtectHome, and the drop-in's bind
mkdir -p "$WORK/hold"
mount --bind /tmp/.X11-unix "$WORK/hold"
kiosk() { # BIND(0|1) COOKIE(0|1) NAME SECONDS
    unshare --mount --net sh -c '
        mount --make-rprivate /
        mount -t tmpfs tmpfs /tmp
        if [ "$1" = 1 ]; then mkdir /tmp/.X11-unix && mount --bind "$WORK/hold" /tmp/.X11-unix; fi
        for h in /home /root; do [ -d "$h" ] && mount -t tmpfs -o mode=000 tmpfs "$h"; done
        if [ "$2" = 1 ]; then export XAUTHORITY="$COOKIE"; else unset XAUTHORITY; fi
        # full screen, as the unit runs it; with no display the kiosk would wait
        # for one: VITRINE_DISPLAY_RETRY_MS and the log tell which happened
        DISPLAY="$DISPLAY_NAME" SDL_VIDEODRIVER=x11 VITRINE_DISPLAY_RETRY_MS=100000 \
            timeout "$4" "$VITRINE" run --frames 5 --no-watch --state-dir "$WORK/x-state-$3" \
            --config "$WORK/none.conf" >"$WORK/x-$3.log" 2>&1
    ' sh "$1" "$2" "$3" "$4"
}
kiosk 1 1 ok 60
kiosk 0 1 nobind 5 # it says so at once, then waits for a display
kiosk 1 0 nocookie 5
kill $xpid
EOS
    WORK=$work COOKIE=$cookie DISPLAY_NAME=$display VITRINE=$VITRINE \
        unshare --mount --net sh "$work/x.sh" # its own network too: another X :0 on the
    # machine (a test beside this one) has an abstract socket of the same name
    if grep -q "first frame presented" "$work/x-ok.log"; then
        echo "ok: X in the unit's sandbox with x11.conf: first frame full screen"
    else
        bad "the kiosk did not reach X with x11.conf's settings:"; cat "$work/x-ok.log" "$work/xvfb.log"
    fi
    if grep -q "no display:" "$work/x-nobind.log" && ! grep -q "first frame presented" "$work/x-nobind.log"; then
        echo "ok: without the bind (PrivateTmp hides the socket, PrivateNetwork the abstract one): no display, said"
    else
        bad "the kiosk reached X without the bind: the test does not test it"; cat "$work/x-nobind.log"
    fi
    if grep -q "no display:" "$work/x-nocookie.log" && ! grep -q "first frame presented" "$work/x-nocookie.log"; then
        echo "ok: without the cookie the X server refuses the kiosk"
    else
        bad "the kiosk reached X without the cookie"; cat "$work/x-nocookie.log"
    fi
fi

# 5. cage
if ! command -v cage >/dev/null 2>&1 || ! command -v setpriv >/dev/null 2>&1; then
    echo "SKIP part 5: cage (and xwayland) or setpriv is not installed"
elif [ "$(id -u)" != 0 ]; then
    echo "SKIP part 5: cage refuses root, and the test needs root to run it as another user"
else
    envline=$(sed -n 's/^Environment=//p' "$ex/cage.conf")
    mkdir -m 700 "$work/xdg" "$work/cage-state"
    chown 65534:65534 "$work/xdg" "$work/cage-state"
    # the drop-in's environment, XDG_RUNTIME_DIR a folder of the test's
    # shellcheck disable=SC2086
    env $envline XDG_RUNTIME_DIR="$work/xdg" WLR_BACKENDS=headless WLR_RENDERER=pixman \
        timeout 60 setpriv --reuid 65534 --regid 65534 --clear-groups \
        cage -- "$VITRINE" run --frames 5 --no-watch --state-dir "$work/cage-state" \
        --config "$work/none.conf" >"$work/cage.log" 2>&1
    if grep -q "first frame presented" "$work/cage.log" && grep -q "video wayland" "$work/cage.log"; then
        echo "ok: under cage with cage.conf's environment: first frame on Wayland"
    else
        bad "the kiosk did not reach its first frame under cage:"; tail -20 "$work/cage.log"
    fi
fi
[ $fail -eq 0 ] && echo "display set-ups checked"
exit $fail
