# tests/lib.sh - sourced by the shell tests: the helpers they share.
#
# One policy for a missing tool (docs/decisions.md, "No silent pass"): the
# test command installs every tool the suite needs (platform/debian-deps.sh),
# so a tool that is still missing is a skip that ctest counts (exit 77) and
# that tests/run.sh refuses unless tests/skips.txt lists the test with its
# reason. A test never passes for lack of a tool.

# need_tool TOOL PACKAGE: skip this test (exit 77) when TOOL is not on PATH.
need_tool() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "SKIP: $1 is not installed (Debian package $2; tests/run.sh installs it)"
    exit 77
}
