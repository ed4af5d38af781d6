# Installing vitrine, and its Debian package (`cpack -G DEB` in the build
# folder). Paths come from GNUInstallDirs; with the default prefix /usr the
# package holds:
#   /usr/bin/vitrine                           the program (the bundled exhibit is inside it)
#   /usr/share/man/man1/vitrine.1.gz           its manual page (`vitrine help --man`)
#   /usr/share/vitrine/assets/fonts/DejaVuSans.ttf
#                                              the last-resort font: a link to fonts-dejavu-core's
#   /usr/share/doc/vitrine/                    README.md, docs/*.md, the authoring guide
#                                              content/README.md, copyright, changelog.gz
#   /usr/share/lintian/overrides/vitrine       the lintian tags accepted, each with why
#   /usr/lib/udev/rules.d/90-vitrine-usb.rules mounts USB sticks, writable (docs/usb-sticks.md)
#   /usr/lib/systemd/system/vitrine.service    the unit, once platform/vitrine.service exists
#   /etc/vitrine/vitrine.conf.example          the settings, documented
# The maintainer scripts (platform/debian/) make the `vitrine` system user,
# /var/lib/vitrine (the user's, 0750) and /etc/vitrine/keys. See
# docs/decisions.md, "Package".

set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

install(TARGETS vitrine RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The manual page, written at build time (CMakeLists.txt, target manpage).
install(FILES ${CMAKE_BINARY_DIR}/vitrine.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
# The last-resort font is the one fonts-dejavu-core installs (a dependency):
# a relative link where the program looks for it (VITRINE_ASSETS_DIR), not
# a second copy (docs/decisions.md, "Package"). The source tree's
# assets/fonts/ copy is for the build tree and the tests.
set(VITRINE_SYSTEM_FONT ${CMAKE_INSTALL_FULL_DATADIR}/fonts/truetype/dejavu/DejaVuSans.ttf)
set(VITRINE_FONT_LINK_DIR ${CMAKE_BINARY_DIR}/font-link)
file(RELATIVE_PATH VITRINE_FONT_TARGET ${VITRINE_INSTALLED_ASSETS_DIR}/fonts ${VITRINE_SYSTEM_FONT})
file(MAKE_DIRECTORY ${VITRINE_FONT_LINK_DIR})
file(CREATE_LINK ${VITRINE_FONT_TARGET} ${VITRINE_FONT_LINK_DIR}/DejaVuSans.ttf SYMBOLIC)
install(FILES ${VITRINE_FONT_LINK_DIR}/DejaVuSans.ttf
        DESTINATION ${CMAKE_INSTALL_DATADIR}/vitrine/assets/fonts)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/platform/debian/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# docs/ beside README.md, so its links (docs/usb-sticks.md) still work; the
# authoring guide likewise at content/README.md, with the schema it links to
file(GLOB VITRINE_DOCS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${VITRINE_DOCS} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(FILES ${CMAKE_SOURCE_DIR}/content/README.md ${CMAKE_SOURCE_DIR}/content/schema.sql
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/content)
# The package's Maintainer (and the changelog's signer): the project's own
# address, in the .invalid domain (RFC 2606): the project has no mail
# domain, and a made-up real-looking one would send mail to a stranger.
# A museum that builds its own package names its IT contact instead:
# -DVITRINE_PACKAGE_MAINTAINER="Museum IT <it@museum.example>".
set(VITRINE_PACKAGE_MAINTAINER "vitrine maintainers <maintainers@vitrine.invalid>"
    CACHE STRING "The Maintainer of the Debian package: \"Name <address>\"")
# The Debian changelog: one entry for project()'s version, dated with the
# build's date (cmake/source_date.cmake; the time now without one), gzip -9n
# so the package stays the same bytes. A native package (the packaging is
# part of the source tree, the version has no Debian revision), so it is
# changelog.gz, not changelog.Debian.gz (Debian policy 12.7).
if(VITRINE_SOURCE_DATE_EPOCH STREQUAL "")
  string(TIMESTAMP VITRINE_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
else()
  # string(TIMESTAMP) reads the variable; the environment is left as it was
  set(had_epoch OFF)
  if(DEFINED ENV{SOURCE_DATE_EPOCH})
    set(had_epoch ON)
    set(saved_epoch "$ENV{SOURCE_DATE_EPOCH}")
  endif()
  set(ENV{SOURCE_DATE_EPOCH} ${VITRINE_SOURCE_DATE_EPOCH})
  string(TIMESTAMP VITRINE_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
  if(had_epoch)
    set(ENV{SOURCE_DATE_EPOCH} "${saved_epoch}")
  else()
    unset(ENV{SOURCE_DATE_EPOCH})
  endif()
endif()
configure_file(${CMAKE_SOURCE_DIR}/platform/debian/changelog.in
               ${CMAKE_BINARY_DIR}/debian/changelog @ONLY)
find_program(GZIP_PROGRAM gzip REQUIRED)
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/debian/changelog.gz
  COMMAND ${GZIP_PROGRAM} -9nf -k ${CMAKE_BINARY_DIR}/debian/changelog
  DEPENDS ${CMAKE_BINARY_DIR}/debian/changelog
  COMMENT "Compressing the Debian changelog"
  VERBATIM)
add_custom_target(debian_changelog ALL DEPENDS ${CMAKE_BINARY_DIR}/debian/changelog.gz)
install(FILES ${CMAKE_BINARY_DIR}/debian/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
# What lintian is told to accept (only information tags), each with why.
install(FILES ${CMAKE_SOURCE_DIR}/platform/debian/lintian-overrides
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME vitrine)
# the display set-ups' units and drop-ins (docs/kiosk-box.md), to copy into /etc
install(FILES ${CMAKE_SOURCE_DIR}/platform/systemd/x11.conf
              ${CMAKE_SOURCE_DIR}/platform/systemd/cage.conf
              ${CMAKE_SOURCE_DIR}/platform/systemd/vitrine-xserver.service
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
# udev and systemd read lib/ under /usr (not the multiarch CMAKE_INSTALL_LIBDIR)
install(FILES ${CMAKE_SOURCE_DIR}/platform/udev/90-vitrine-usb.rules
        DESTINATION lib/udev/rules.d)
# The unit is written separately: installed once the file exists (the glob
# is looked at again by every build, which configures again when it changes).
file(GLOB VITRINE_UNIT CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/platform/vitrine.service)
if(VITRINE_UNIT)
  install(FILES ${VITRINE_UNIT} DESTINATION lib/systemd/system)
endif()
# /etc is /etc for the prefix /usr (GNUInstallDirs), an absolute path.
install(FILES ${CMAKE_SOURCE_DIR}/platform/vitrine.conf.example
        DESTINATION ${CMAKE_INSTALL_FULL_SYSCONFDIR}/vitrine)

# --- CPack: the Debian package -------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME vitrine)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${VITRINE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${VITRINE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "museum touchscreen kiosk")
set(CPACK_PACKAGE_DESCRIPTION "vitrine shows a signed exhibit of panels on a touchscreen, unattended,
with a built-in exhibit as its fallback. Staff load new exhibits from
USB sticks, which the included udev rule mounts writable (noexec, nosuid,
nodev) so that staff can also export the visitor statistics onto them.")
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)   # vitrine_VERSION_ARCH.deb
# The architecture is left to CPack, which asks `dpkg --print-architecture`.
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_STRIP_FILES ON)                 # no debug info, no build paths
# Libraries from dpkg-shlibdeps (dpkg-dev); fonts are found through
# fontconfig at run time, and the hyphenation dictionaries by path
# (/usr/share/hyphen), so they and fontconfig are named here; libmpv2 is
# loaded with dlopen when an exhibit has video (platform/video.c), so
# dpkg-shlibdeps cannot see it, nor libespeak-ng1 and its voices
# (espeak-ng-data), loaded when a visitor starts the audio guide
# (platform/speech.c); adduser for the postinst.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "adduser, fontconfig, fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, fonts-symbola, hyphen-en-us, hyphen-fr, hyphen-de, libmpv2, libespeak-ng1, espeak-ng-data")
# systemd-mount (the udev rule) and the unit
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "systemd, udev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "minisign")
configure_file(${CMAKE_SOURCE_DIR}/platform/debian/conffiles.in
               ${CMAKE_BINARY_DIR}/debian/conffiles @ONLY)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${CMAKE_SOURCE_DIR}/platform/debian/postinst
    ${CMAKE_SOURCE_DIR}/platform/debian/prerm
    ${CMAKE_SOURCE_DIR}/platform/debian/postrm
    ${CMAKE_BINARY_DIR}/debian/conffiles)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Reproducible: CPack dates every file in the archives (ar, tar, gzip) with
# SOURCE_DATE_EPOCH when it is set where cpack runs; this file, read by
# cpack, sets it to the build's date (the last commit's, see
# cmake/source_date.cmake) unless the caller set one. Two packages of the
# same commit are then the same bytes.
configure_file(${CMAKE_SOURCE_DIR}/cmake/cpack_project.cmake.in
               ${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake)
include(CPack)
