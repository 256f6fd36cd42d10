#!/usr/bin/env bash
# Runs a command (a Swift build) while the grammars install in the background, and fails if either fails.
#
#   scripts/with-grammars.sh COMMAND [ARGUMENTS...]
#
# A release or test build keeps about one core busy for most of its time (one module's whole-module
# compile), so the grammars' downloads and C compiles take the cores it leaves idle instead of running
# after it. Both print their progress as they go. An interrupt stops both (they share the process group).
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/install-grammars.sh &
grammars=$!

"$@"
built=$?

wait "$grammars"
installed=$?
if [ "$installed" -ne 0 ]; then
    echo "with-grammars: installing the grammars failed (exit $installed); see the messages above" >&2
fi
[ "$built" -ne 0 ] && exit "$built"
exit "$installed"
