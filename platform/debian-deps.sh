# Sourced by platform/run-kiosk.sh and tests/run.sh: the Debian 12 packages
# vitrine needs, and installing the missing ones (as root), or printing the
# exact command to run (otherwise).

# to build and run the kiosk (libsodium: bundle signatures and the staff PIN
# hash; libpng and libjpeg: photos are decoded with
# them directly, within memory limits; see docs/decisions.md, "Photos";
# libhyphen-dev: only test_hyphenation's oracle, see docs/decisions.md,
# "Hyphenation"; libmpv-dev: the headers
# of libmpv, which plays video clips, and libmpv2, the library the kiosk
# loads with dlopen when an exhibit has video, see platform/video.c;
# libfribidi-dev: the Unicode bidirectional algorithm for Arabic and Hebrew,
# see app/visitor/bidi.c; libicu-dev: line breaks and clusters (UAX #14,
# #29, with the Thai, Lao, Khmer and Burmese dictionaries) and each
# language's numbers, quotation marks, dates and names from CLDR, see
# app/visitor/breaks.c and locale_rules.c; fonts-noto-color-emoji: emoji
# in colour; hyphen-*: the dictionaries the build hyphenates long words
# with, stored in the bundle so a kiosk loads none, see docs/decisions.md,
# "Hyphenation"; libespeak-ng-dev: the headers of eSpeak NG, which speaks
# the audio guide, and libespeak-ng1 with espeak-ng-data, the library the
# kiosk loads with dlopen when a visitor starts the guide and its voices,
# see platform/speech.c and docs/accessibility.md; libopusfile-dev: the
# build decodes each recorded audio description (Ogg Opus) whole to check
# it, see content/author_audio.c)
VITRINE_BUILD_PKGS="cmake make gcc pkg-config libc6-dev libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libpng-dev libjpeg-dev libsqlite3-dev libsodium-dev libyaml-dev libharfbuzz-dev libfontconfig-dev fontconfig fonts-noto-core fonts-dejavu-core fonts-noto-cjk fonts-symbola libhyphen-dev hyphen-en-us hyphen-en-gb hyphen-fr hyphen-de hyphen-el hyphen-ru hyphen-uk hyphen-es hyphen-it hyphen-pt-pt hyphen-nl hyphen-pl hyphen-cs hyphen-sk hyphen-sl hyphen-hr hyphen-hu hyphen-ro hyphen-bg hyphen-da hyphen-sv hyphen-lt hyphen-lv libicu-dev fonts-noto-color-emoji libmpv-dev libmpv2 libfribidi-dev libespeak-ng-dev libespeak-ng1 espeak-ng-data libopusfile-dev"
# to run the test suite as well (Xvfb, xauth and xdotool for the real-window
# test, Mesa for the OpenGL renderer-reset test and for clips drawn with
# OpenGL and OpenGL ES (EGL: libegl1, libegl-mesa0, libgles2), cppcheck for the static
# analysis before the builds, minisign to sign test bundles with the stock tool, zlib to make decompression bombs in test_photo,
# dpkg-dev for dpkg-shlibdeps: test_package builds the .deb; the Prometheus
# client's parser reads the health file back in test_health_file; tzdata for
# the daylight-saving changes test_hours steps through; lintian checks the
# .deb test_package builds, and groff-base formats its manual page there;
# test_display_setups verifies the units with systemd-analyze (systemd), whose
# ExecStart programs must exist (Xorg, cage), runs the kiosk under cage
# (xwayland: Debian 12's cage will not start without it) and builds the
# unit's sandbox with unshare (util-linux); ffmpeg makes the test video
# clips (tests/tools/make_clips.sh) and mpv plays one by hand, decoded by
# the same libmpv as the kiosk's; unicode-data holds Unicode's own
# LineBreakTest.txt and GraphemeBreakTest.txt, which test_unicode_files runs
# through the break functions; hb-shape (libharfbuzz-bin) is what
# test_shaping compares the shaped lines of the right-to-left exhibit with;
# clang-format: tests/run.sh checks every C file against .clang-format;
# wamerican, wngerman and wfrench: the word lists test_hyphenation hyphenates
# with the build's pattern engine and with libhyphen, to find them alike)
VITRINE_TEST_PKGS="clang-format wamerican wngerman wfrench libcmocka-dev unicode-data libharfbuzz-bin zlib1g-dev xvfb xauth xdotool libgl1-mesa-dri libglx-mesa0 libgl1 libegl1 libegl-mesa0 libgles2 cppcheck minisign dpkg-dev python3-prometheus-client tzdata lintian groff-base systemd xserver-xorg-core cage xwayland util-linux ffmpeg mpv espeak-ng"

vitrine_need_packages() {
    missing=""
    for p in "$@"; do
        status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
        case "$status" in
            *"install ok installed"*) ;;
            *) missing="$missing $p" ;;
        esac
    done
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" -eq 0 ]; then
        echo "Installing:$missing"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing
    else
        echo "vitrine needs these Debian packages:$missing" >&2
        echo "Install them with:" >&2
        echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends$missing" >&2
        echo "then run this command again." >&2
        return 1
    fi
}
