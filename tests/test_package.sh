#!/bin/sh
# The Debian package: `cpack -G DEB` from the existing build (into a
# temporary folder), then its control data, contents, modes and owners with
# dpkg-deb; the maintainer scripts parsed by sh and run with every command
# that touches the system replaced by a stub that writes down its arguments;
# and the package unpacked into a scratch root with `dpkg --root`
# (preinst/postinst do not run there: --unpack, not --install). Made again
# a second later, the package is the same bytes (cmp): every date in it is
# the build's SOURCE_DATE_EPOCH (cmake/source_date.cmake), not the time.
# The manual page lists every command `vitrine --help` lists, with every
# flag of its `--help`, and groff has nothing to say about it; the
# copyright and changelog are there; lintian (where installed; tests/run.sh
# installs it) reports no error and no warning.
# $VITRINE is the built binary; its folder is the build folder.
# Skips (77) without cpack, dpkg-deb or dpkg-shlibdeps.
set -u
for tool in cpack dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool is not installed"; exit 77; }
done
build=$(cd "$(dirname "$VITRINE")" && pwd)
src=${VITRINE_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
[ -f "$build/CPackConfig.cmake" ] || { echo "SKIP: no CPackConfig.cmake in $build"; exit 77; }
# a sanitizer build (ASan, TSan) links the sanitizers and names its sources:
# it is for tests, never for a kiosk, so it is not packaged (tests/CMakeLists.txt
# declares no test_package there; this guards a run by hand)
if grep -qE "^VITRINE_(SANITIZE|TSAN):BOOL=ON" "$build/CMakeCache.txt" 2>/dev/null; then
    echo "SKIP: a sanitizer build is not packaged (the plain build checks the package)"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. the package, from the build as it is (cpack installs, it does not build)
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"
    echo "FAIL: cpack"
    exit 1
fi
deb=$(ls "$tmp"/out/vitrine_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { cat "$tmp/cpack.log"; echo "FAIL: no vitrine_*.deb"; exit 1; }
echo "package: $(basename "$deb"), $(wc -c <"$deb") bytes"

# 1b. made again across a second boundary: the same bytes. The date is the
# build's (CPackProjectConfig.cmake) unless SOURCE_DATE_EPOCH is set here.
t=$(date +%s)
while [ "$(date +%s)" = "$t" ]; do sleep 0.1; done
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/again" >"$tmp/cpack2.log" 2>&1; then
    cat "$tmp/cpack2.log"
    bad "cpack, the second time"
elif [ -z "$(sed -n 1p "$build/source_date_epoch" 2>/dev/null)" ] && [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    echo "note: the build has no SOURCE_DATE_EPOCH (no git, none given): reproducibility not checked"
elif cmp "$deb" "$tmp/again/$(basename "$deb")"; then
    echo "package: made twice a second apart, the same bytes"
else
    bad "the package made twice from the same build differs"
fi
# and each file in it is dated SOURCE_DATE_EPOCH
epoch=${SOURCE_DATE_EPOCH:-$(sed -n 1p "$build/source_date_epoch" 2>/dev/null)}
if [ -n "$epoch" ]; then
    day=$(date -u -d "@$epoch" '+%Y-%m-%d %H:%M' 2>/dev/null)
    if [ -n "$day" ]; then
        TZ=UTC0 dpkg-deb --contents "$deb" | grep -vF " $day " | head -n 3 | grep . &&
            bad "entries not dated $day (SOURCE_DATE_EPOCH $epoch), above"
    fi
fi

# 2. control data
dpkg-deb --info "$deb" >"$tmp/info" || bad "dpkg-deb --info"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = vitrine ] || bad "Package is $(field Package)"
[ "$(field Architecture)" = "$(dpkg --print-architecture)" ] || bad "Architecture $(field Architecture)"
[ "$(field Section)" = misc ] || bad "Section $(field Section)"
version=$(sed -n 's/^project(vitrine VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
[ "$(field Version)" = "$version" ] || bad "Version $(field Version), project() says $version"
depends=$(field Depends)
echo "Depends: $depends"
for d in libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libsqlite3-0 libsodium23 libc6 \
         fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-symbola \
         hyphen-en-us hyphen-fr hyphen-de adduser libmpv2 libespeak-ng1 espeak-ng-data; do
    echo "$depends" | grep -Eq "(^|, )$d( |,|$)" || bad "Depends lacks $d"
done
# the kiosk applies hyphenation found at bundle build: no libhyphen (the
# build reads the hyphen-* dictionaries itself, content/hyphenation_dict.c)
echo "$depends" | grep -Eq "(^|, )libhyphen0( |,|$)" && bad "Depends names libhyphen0"
field Suggests | grep -q minisign || bad "Suggests lacks minisign"
# "Name <user@host>", as Debian policy 5.6.2 asks (lintian: malformed-contact)
field Maintainer | grep -Eqx '[^<>@]*[^<>@ ] <[^<>@ ]+@[^<>@ ]+\.[^<>@ ]+>' ||
    bad "Maintainer is not \"Name <address>\": $(field Maintainer)"
# the udev rule mounts sticks writable (the statistics export writes there)
field Description | grep -Ei 'read-only|read only' && bad "the description says sticks are read-only"
for s in postinst prerm postrm conffiles; do
    grep -q " $s\$" "$tmp/info" || grep -Eq "^ +[0-9]+ bytes, +[0-9]+ lines +\*? *$s" "$tmp/info" ||
        bad "no $s in the control archive"
done

# 3. contents: path, mode, owner
dpkg-deb --contents "$deb" >"$tmp/contents" || bad "dpkg-deb --contents"
# mode owner path, e.g. "-rwxr-xr-x root/root ./usr/bin/vitrine"
awk '{ print $1, $2, $NF }' "$tmp/contents" >"$tmp/list"
want() { # MODE PATH
    grep -qx -e "$1 root/root .$2" "$tmp/list" || {
        bad "$2 not in the package as $1 root/root: $(grep " .$2\$" "$tmp/list")"
    }
}
want -rwxr-xr-x /usr/bin/vitrine
want -rw-r--r-- /usr/share/man/man1/vitrine.1.gz
want -rw-r--r-- /usr/share/doc/vitrine/README.md
want -rw-r--r-- /usr/share/doc/vitrine/copyright
# a native package (no Debian revision) has changelog.gz, another
# changelog.Debian.gz (Debian policy 12.7; lintian: no-changelog)
case "$(field Version)" in
*-*) changelog=changelog.Debian.gz ;;
*) changelog=changelog.gz ;;
esac
want -rw-r--r-- /usr/share/doc/vitrine/$changelog
want -rw-r--r-- /usr/share/doc/vitrine/docs/usb-sticks.md
want -rw-r--r-- /usr/share/doc/vitrine/content/README.md
want -rw-r--r-- /usr/share/lintian/overrides/vitrine
# the last-resort font is fonts-dejavu-core's (a dependency), linked where
# the program looks, not a copy (lintian: duplicate-font-file)
grep -qx 'lrwxrwxrwx root/root .* \./usr/share/vitrine/assets/fonts/DejaVuSans\.ttf -> \.\./\.\./\.\./fonts/truetype/dejavu/DejaVuSans\.ttf' \
    "$tmp/contents" || bad "DejaVuSans.ttf is not a link to fonts-dejavu-core's: $(grep DejaVu "$tmp/contents")"
grep -E '^-.* \./.*\.([ot]tf|pfb|woff2?)$' "$tmp/contents" | grep . && bad "the package holds font files (above)"
want -rw-r--r-- /usr/lib/udev/rules.d/90-vitrine-usb.rules
want -rw-r--r-- /etc/vitrine/vitrine.conf.example
want drwxr-xr-x /etc/vitrine/
if [ -f "$src/platform/vitrine.service" ]; then
    want -rw-r--r-- /usr/lib/systemd/system/vitrine.service
fi
grep -v ' root/root ' "$tmp/list" | grep . && bad "entries not owned by root/root (above)"
grep -E '^[-d]....(..w.|....w)' "$tmp/list" | grep . && bad "group or world writable entries (above)"
grep -E ' \./(usr/local|home|root|tmp|work)' "$tmp/list" | grep . && bad "entries outside the package's places"

# 4. the extracted package: no build paths in the binary, scripts parse
dpkg-deb -R "$deb" "$tmp/x" || bad "dpkg-deb -R"
if command -v strings >/dev/null 2>&1; then
    if strings "$tmp/x/usr/bin/vitrine" | grep -F -e "$src" -e "$build" | head -n 3 | grep .; then
        bad "the packaged binary holds build paths (above)"
    fi
    strings "$tmp/x/usr/bin/vitrine" | grep -qx '/usr/share/vitrine/assets' ||
        bad "the packaged binary does not look for /usr/share/vitrine/assets"
else
    echo "note: no strings (binutils); build paths not checked"
fi
for s in postinst prerm postrm; do
    f="$tmp/x/DEBIAN/$s"
    [ -x "$f" ] || { bad "DEBIAN/$s missing or not executable"; continue; }
    sh -n "$f" || bad "DEBIAN/$s does not parse"
done
grep -qx /etc/vitrine/vitrine.conf.example "$tmp/x/DEBIAN/conffiles" || bad "conffiles"
doc="$tmp/x/usr/share/doc/vitrine"
sed -n 1p "$doc/copyright" 2>/dev/null |
    grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
    bad "copyright is not in the machine-readable format (DEP-5)"
# gzip -9n: no file name, no time in the header (bytes 3 to 7 zero), so
# the package is the same bytes whenever the build ran
gzip_n() { [ "$(od -An -tx1 -j3 -N5 "$1" 2>/dev/null | tr -d ' ')" = 0000000000 ] ||
    bad "${1#$tmp/x} is not gzip -n (a name or a time in its header)"; }
if [ -f "$doc/$changelog" ]; then
    gzip_n "$doc/$changelog"
    gzip -dc "$doc/$changelog" >"$tmp/changelog" || bad "$changelog does not decompress"
    sed -n 1p "$tmp/changelog" | grep -q "^vitrine ($(field Version)) " ||
        bad "the changelog's entry is not for $(field Version): $(sed -n 1p "$tmp/changelog")"
    trailer=$(grep '^ -- ' "$tmp/changelog" | head -n 1)
    echo "$trailer" | grep -qF " -- $(field Maintainer)  " || bad "changelog signed \"$trailer\""
    if [ -n "$epoch" ]; then
        echo "$trailer" | grep -qF "$(LC_ALL=C date -u -R -d "@$epoch")" ||
            bad "the changelog is not dated SOURCE_DATE_EPOCH $epoch: $trailer"
    fi
fi

# 4b. the manual page: the sections, every command of `vitrine --help`
# with every flag of its own --help, and no warning from groff
man="$tmp/x/usr/share/man/man1/vitrine.1.gz"
if [ -f "$man" ]; then
    gzip_n "$man"
    gzip -dc "$man" | sed 's/\\-/-/g' >"$tmp/vitrine.1"
    for h in NAME SYNOPSIS DESCRIPTION COMMANDS FILES "SEE ALSO"; do
        grep -qE "^\.SH \"?$h\"?\$" "$tmp/vitrine.1" || bad "the man page has no $h section"
    done
    "$VITRINE" --help >"$tmp/help" 2>&1 || bad "vitrine --help"
    # "usage: vitrine run [options]  ...", "       vitrine bundle build ...":
    # the command in the 37 columns after the first 7, its summary after
    awk '/^(usage:|      ) vitrine [a-z]/ { $0 = substr($0, 8, 37)
        n = $2; if ($3 ~ /^[a-z][a-z-]*$/) n = n " " $3; print n }' "$tmp/help" >"$tmp/commands"
    [ "$(wc -l <"$tmp/commands")" -ge 10 ] || bad "vitrine --help lists $(wc -l <"$tmp/commands") commands"
    nflags=0
    while read -r cmd; do
        # the section: from its heading to the next one
        awk -v h="vitrine $cmd" 'index($0, ".SS \"" h) == 1 &&
            (substr($0, length(h) + 6, 1) ~ /^[ "]$/) { on = 1; print; next }
            /^\.S[HS] / { on = 0 } on' "$tmp/vitrine.1" >"$tmp/section"
        [ -s "$tmp/section" ] || { bad "the man page has no section for \"vitrine $cmd\""; continue; }
        case "$cmd" in config*) continue ;; esac
        # shellcheck disable=SC2086 # the command's words
        "$VITRINE" $cmd --help 2>/dev/null | awk '/^  -/ {
            for (i = 1; i <= NF; i++) if ($i ~ /^--[a-z]/) { print $i; break } }' >"$tmp/flags"
        # each option is a .TP paragraph whose tag line names it
        awk 'tag { print; tag = 0 } /^\.TP/ { tag = 1 }' "$tmp/section" >"$tmp/tags"
        while read -r flag; do
            nflags=$((nflags + 1))
            grep -Eq -- "(^|[^a-z-])$flag([^a-z-]|\$)" "$tmp/tags" ||
                bad "the man page's \"vitrine $cmd\" lacks $flag"
        done <"$tmp/flags"
    done <"$tmp/commands"
    # (the flags are read from the --help output: none read means it changed form)
    [ "$nflags" -ge 20 ] || bad "only $nflags flags read from the commands' --help"
    echo "man page: $(wc -l <"$tmp/commands") commands as vitrine --help lists them, $nflags flags"
    if command -v groff >/dev/null 2>&1; then
        gzip -dc "$man" | LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z >"$tmp/groff" 2>&1
        if [ -s "$tmp/groff" ]; then
            cat "$tmp/groff"
            bad "groff warns about the man page (above)"
        fi
    else
        echo "note: no groff (groff-base); the man page is not formatted"
    fi
fi

# 5. the maintainer scripts run against stubs. PATH holds only the stubs,
# so a command without one fails the script instead of touching this
# machine. getent answers from $tmp/passwd (empty: no user yet).
stubs="$tmp/stubs"
mkdir -p "$stubs"
log="$tmp/calls"
: >"$log"
: >"$tmp/db"
for c in adduser deluser delgroup chown chmod mkdir rm rmdir udevadm systemctl \
         deb-systemd-helper deb-systemd-invoke; do
    printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$c" "$log" >"$stubs/$c"
done
printf '#!/bin/sh\nread -r x <"%s" 2>/dev/null && exit 0\nexit 2\n' "$tmp/db" >"$stubs/getent"
for c in "$stubs"/*; do /bin/chmod 0755 "$c"; done
run() { (PATH="$stubs"; export PATH; /bin/sh "$tmp/x/DEBIAN/$1" "$2") >"$tmp/out.$1" 2>&1 ||
    { cat "$tmp/out.$1"; bad "$1 $2 failed"; }; }
expect() { grep -qx -e "$1" "$log" || bad "${2:-}: no '$1' in $(tr '\n' ';' <"$log")"; }
run postinst configure
expect "adduser --system --quiet --group --home /var/lib/vitrine --no-create-home --gecos vitrine kiosk vitrine" postinst
expect "mkdir -p /var/lib/vitrine" postinst
expect "chown vitrine:vitrine /var/lib/vitrine" postinst
expect "chmod 0750 /var/lib/vitrine" postinst
expect "mkdir -p /etc/vitrine/keys" postinst
expect "chown root:root /etc/vitrine /etc/vitrine/keys" postinst
expect "chmod 0755 /etc/vitrine /etc/vitrine/keys" postinst
expect "udevadm control --reload" postinst
expect "deb-systemd-helper update-state vitrine.service" postinst
grep -Eq '^systemctl (start|enable|restart)' "$log" && bad "postinst starts or enables the service"
# again, with the user there: not made twice
echo "vitrine:x:999:999::/var/lib/vitrine:/usr/sbin/nologin" >"$tmp/db"
: >"$log"
run postinst configure
grep -q '^adduser' "$log" && bad "postinst makes the user again"
# remove keeps the state and the user; purge removes them
: >"$log"
run postrm remove
grep -Eq '^(rm|deluser|delgroup) ' "$log" && bad "postrm remove deletes: $(cat "$log")"
: >"$log"
run postrm purge
expect "rm -rf /var/lib/vitrine" "postrm purge"
expect "deb-systemd-helper purge vitrine.service" "postrm purge"
expect "deluser --system --quiet vitrine" "postrm purge"
: >"$log"
run prerm upgrade
grep -Eq '^(systemctl|deb-systemd-invoke) stop' "$log" && bad "prerm upgrade stops the kiosk"
# only daemon-reload is left to systemctl itself (lintian:
# maintainer-script-calls-systemctl); the rest goes through
# init-system-helpers, which honours policy-rc.d
grep -n 'systemctl' "$tmp/x/DEBIAN/postinst" "$tmp/x/DEBIAN/prerm" "$tmp/x/DEBIAN/postrm" |
    grep -v '^[^:]*:[0-9]*: *#' | grep -v 'systemctl daemon-reload' | grep -v 'command -v systemctl' |
    grep . && bad "the maintainer scripts call systemctl (above): deb-systemd-invoke or -helper"

# 6. unpacked into a scratch root by dpkg itself (no scripts run for --unpack)
root="$tmp/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
: >"$root/var/lib/dpkg/status"
if dpkg --root="$root" --force-not-root --force-depends --log=/dev/null --unpack "$deb" \
        >"$tmp/dpkg.log" 2>&1; then
    for p in /usr/bin/vitrine /usr/lib/udev/rules.d/90-vitrine-usb.rules \
             /usr/share/man/man1/vitrine.1.gz; do
        [ -f "$root$p" ] || bad "dpkg --root: $p not installed"
    done
    [ -L "$root/usr/share/vitrine/assets/fonts/DejaVuSans.ttf" ] ||
        bad "dpkg --root: the font link is not installed"
    # a conffile waits as .dpkg-new until the package is configured
    [ -f "$root/etc/vitrine/vitrine.conf.example.dpkg-new" ] ||
        [ -f "$root/etc/vitrine/vitrine.conf.example" ] || bad "dpkg --root: no example config"
    [ -x "$root/usr/bin/vitrine" ] || bad "dpkg --root: vitrine not executable"
    dpkg --root="$root" -L vitrine | grep -qx /usr/bin/vitrine || bad "dpkg -L does not list the binary"
    # the unpacked binary runs and finds its font through the compiled-in path
    # only if installed at /; here it is given the scratch root's assets
    VITRINE_ASSETS_DIR="$root/usr/share/vitrine/assets" "$root/usr/bin/vitrine" --help \
        >/dev/null 2>&1 || bad "the unpacked vitrine --help"
else
    cat "$tmp/dpkg.log"
    echo "note: dpkg --root --unpack did not work here; the contents were checked above"
fi

# 7. lintian, Debian's package checker: no error (E:) and no warning (W:);
# an accepted tag is in platform/debian/lintian-overrides with its reason
if command -v lintian >/dev/null 2>&1; then
    lintian --tag-display-limit 0 "$deb" >"$tmp/lintian" 2>&1
    rc=$?
    cat "$tmp/lintian"
    if grep -E '^[EW]: ' "$tmp/lintian" >/dev/null; then
        bad "lintian reports errors or warnings (above)"
    elif [ $rc -ne 0 ]; then
        bad "lintian failed ($rc)"
    else
        echo "lintian: no error, no warning"
    fi
else
    echo "note: lintian is not installed; the package is not checked with it (tests/run.sh installs it)"
fi

[ $fail -eq 0 ] && echo "package: all checks passed"
exit $fail
