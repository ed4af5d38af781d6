#!/bin/sh
# No clock is read outside platform/clock.c (issue 36): time is an input
# everywhere else (the kiosk's core takes it as an argument, the platform
# and the services ask clock.h), so a soak can simulate weeks and a test
# can set the date. The one exception, named here with its reason: SDL
# stamps events with its own clock (SDL_GetTicks), so platform/events.c
# reads that clock to know an event's age.
# A read is a call of a C clock function in a .c or .h file under app/,
# content/ or platform/ (comments left out). --self-test plants one and
# expects this check to fail on it.
set -eu
top=${VITRINE_SOURCE_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
pattern='\b(clock_gettime|gettimeofday|SDL_GetTicks64|SDL_GetTicks|SDL_GetPerformanceCounter|timespec_get|ftime)[[:space:]]*\(|\btime[[:space:]]*\([[:space:]]*(NULL|0|&)|\bclock[[:space:]]*\([[:space:]]*\)'
allowed='^platform/events\.c:[0-9]+:[[:space:]]*uint32_t age = \(uint32_t\)SDL_GetTicks\(\) - ev->common\.timestamp;'

reads() {
    (cd "$1" && grep -rnE --include='*.c' --include='*.h' "$pattern" app content platform) |
        grep -v '^platform/clock\.c:' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(/\*|\*|//)' |
        grep -vE "$allowed" || true
}

if [ "${1:-}" = --self-test ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/app" "$tmp/content" "$tmp/platform"
    printf 'long f(void) { return (long)time(NULL); }\n' >"$tmp/app/planted.c"
    printf 'uint32_t age = (uint32_t)SDL_GetTicks() - ev->common.timestamp;\n' >"$tmp/platform/events.c"
    found=$(reads "$tmp")
    case "$found" in
    app/planted.c:1:*) ;;
    *) echo "FAIL: the planted time(NULL) was not found: [$found]"; exit 1 ;;
    esac
    [ "$(printf '%s\n' "$found" | wc -l)" -eq 1 ] ||
        { echo "FAIL: the allowed event-age read was reported: $found"; exit 1; }
    echo "PASS: a planted clock read is found, the event-age read is not"
    exit 0
fi

found=$(reads "$top")
if [ -n "$found" ]; then
    echo "FAIL: clocks read outside platform/clock.c (use platform/clock.h):"
    echo "$found"
    exit 1
fi
echo "PASS: no clock is read outside platform/clock.c but SDL's event age in platform/events.c"
