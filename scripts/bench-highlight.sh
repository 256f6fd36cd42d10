#!/usr/bin/env bash
# Syntax-highlighting benchmark (called by `make bench` through scripts/bench.sh).
#   scripts/bench-highlight.sh [MDVIEW]        RUNS=<n> to change the number of runs (default 51)
# Prints medians over repeated runs of highlighting 50 and 500 lines of Python with the grammars
# scripts/install-grammars.sh installs. Given the mdview binary (and hyperfine), also compares a document
# with a 500-line Python block, and one without code, against the same with --no-highlight.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-grammars.sh >/dev/null 2>&1
swift build -c release --product HighlightBench >/dev/null 2>&1
bench=.build/release/HighlightBench
echo "== syntax highlighting"
"$bench" "${RUNS:-51}"

mdview=${1:-}
if [[ -n $mdview && -x $mdview ]] && command -v hyperfine >/dev/null; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    prose=$'Some *prose* with a [link](https://example.com) and `code`.\n\n'
    { printf '# Doc\n\n'; for _ in $(seq 20); do printf '%s' "$prose"; done
      printf '```python\n'; "$bench" --python 500; printf '```\n\n'
      for _ in $(seq 20); do printf '%s' "$prose"; done; } > "$work/code500.md"
    { printf '# Doc\n\n'; for _ in $(seq 60); do printf '%s' "$prose"; done; } > "$work/nocode.md"
    for doc in code500 nocode; do
        hyperfine -N -w 3 -r 30 --export-json "$work/$doc.json" \
            "$mdview --color always --width 100 $work/$doc.md" \
            "$mdview --color always --width 100 --no-highlight $work/$doc.md" >/dev/null
        python3 - "$work/$doc.json" "$doc" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
on, off = (sorted(r["times"])[len(r["times"]) // 2] * 1000 for r in results)
print(f"render {sys.argv[2]}.md: {on:.1f} ms highlighted, {off:.1f} ms with --no-highlight ({on / off:.2f}x)")
PY
    done
fi
