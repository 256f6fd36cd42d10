#!/usr/bin/env bash
# Runs `swift test` (arguments passed on) and, when it fails, ends its output with what failed: the
# failed expectations and, if the test process crashed, the crash and the crashed thread's frames.
# A crash's backtrace lists every thread, their registers and the loaded images, so without this the
# end of a long log (all CI shows) holds registers, and the name of the test that crashed is far above.
set -uo pipefail

log=$(mktemp "${TMPDIR:-/tmp}/mdview-tests.XXXXXX")
trap 'rm -f "$log"' EXIT

"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

echo
echo "=== swift test failed (exit $status): what failed ==="
grep -E '^✘ ' "$log" | grep -v '^✘ Test run with' | cut -c1-400 | head -n 40
grep -E '(Fatal error|Precondition failed|Assertion failed)' "$log" | cut -c1-400 | head -n 5
# The crash, and the frames of the crashed thread (up to the next thread or the registers).
awk '
    /^\*\*\* Program crashed/ { print; next }
    / crashed:$/ { inside = 1; shown = 0 }
    inside && (/^Thread [0-9]+ .*:$/ && !/ crashed:$/ || /^Registers:/) { inside = 0 }
    inside && shown < 60 { print; shown++ }
' "$log"
exit "$status"
