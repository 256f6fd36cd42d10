#!/usr/bin/env bash
# Syntax-highlighting benchmark (called by `make bench`): medians over repeated runs of highlighting
# 50 and 500 lines of Python, with the grammars scripts/install-grammars.sh installs.
#   scripts/bench-highlight.sh [RUNS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-grammars.sh >/dev/null
swift build -c release --product HighlightBench >/dev/null
exec .build/release/HighlightBench "${1:-51}"
