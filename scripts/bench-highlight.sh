#!/usr/bin/env bash
# Syntax-highlighting benchmark (called by `make bench` through scripts/bench.sh).
#   scripts/bench-highlight.sh [MDVIEW]        RUNS=<n> to change the number of runs (default 51)
# Prints medians over repeated runs of highlighting 50 and 500 lines of Python with the grammars
# scripts/install-grammars.sh installs. Given the mdview binary, also compares a document with a 500-line
# Python block, and one without code, against the same with --no-highlight (medians, round-robin).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-grammars.sh >/dev/null 2>&1
swift build -c release --product HighlightBench >/dev/null 2>&1
bench=.build/release/HighlightBench
echo "== syntax highlighting"
"$bench" "${RUNS:-51}"

mdview=${1:-}
if [[ -n $mdview && -x $mdview ]]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    prose=$'Some *prose* with a [link](https://example.com) and `code`.\n\n'
    { printf '# Doc\n\n'; for _ in $(seq 20); do printf '%s' "$prose"; done
      printf '```python\n'; "$bench" --python 500; printf '```\n\n'
      for _ in $(seq 20); do printf '%s' "$prose"; done; } > "$work/code500.md"
    { printf '# Doc\n\n'; for _ in $(seq 60); do printf '%s' "$prose"; done; } > "$work/nocode.md"
    # Round-robin (scripts/bench_runner.py), so that the machine slowing down for a while slows both alike.
    for doc in code500 nocode; do
        mapfile -t m < <(python3 scripts/bench_runner.py "${RUNS:-31}" 3 \
            -- "$mdview" --color always --width 100 "$work/$doc.md" \
            -- "$mdview" --color always --width 100 --no-highlight "$work/$doc.md")
        python3 -c "import sys; on, off = map(float, sys.argv[1:3]); print(f'render {sys.argv[3]}.md: {on:.1f} ms highlighted, {off:.1f} ms with --no-highlight ({on / off:.2f}x)')" "${m[0]}" "${m[1]}" "$doc"
    done
fi
