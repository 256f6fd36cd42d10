#!/usr/bin/env bash
# Syntax-highlighting benchmark (called by `make bench` through scripts/bench.sh).
#   scripts/bench-highlight.sh [MDVIEW]        RUNS=<n> to change the number of runs (default 51)
# Prints medians over repeated runs of highlighting 50 and 500 lines of Python with the grammars
# scripts/install-grammars.sh installs. Given the mdview binary, also compares a document with a 500-line
# Python block, and one without code, against the same with --no-highlight (medians, round-robin), and
# then, for the 20 most common languages and the built-in diff and console, a document with a 500-line
# block of that language (its snippet in Tests/Snippets, repeated) against the same with --no-highlight.
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
    echo "== a 500-line block per language: highlighted / --no-highlight (medians)"
    for lang in python javascript typescript bash json yaml go rust java c cpp c_sharp ruby php sql html css \
        toml kotlin swift diff console; do
        snippet=$(ls Tests/Snippets/"$lang".* 2>/dev/null | head -1)
        python3 - "$lang" "$snippet" "$work/lang-$lang.md" <<'PY'
import sys
lang, snippet, out = sys.argv[1:4]
samples = {
    "diff": "@@ -1,4 +1,4 @@\n def main():\n-    print('old')\n+    print('new')\n     return 0\n",
    "console": "$ ls -la --color=never\ntotal 48\ndrwxr-xr-x 2 me me 4096 .\n$ echo \"done\"\ndone\n",
}
code = open(snippet).read() if snippet else samples.get(lang, "")
if not code:
    code = "x\n"
lines = []
while len(lines) < 500:
    lines += code.rstrip("\n").split("\n")
open(out, "w").write("# Doc\n\n```%s\n%s\n```\n" % (lang, "\n".join(lines[:500])))
PY
        mapfile -t m < <(python3 scripts/bench_runner.py "${RUNS:-15}" 2 \
            -- "$mdview" --color always --width 100 "$work/lang-$lang.md" \
            -- "$mdview" --color always --width 100 --no-highlight "$work/lang-$lang.md")
        python3 -c "import sys; on, off = map(float, sys.argv[1:3]); print(f'{sys.argv[3]:<12} {on:7.1f} ms  {off:7.1f} ms  {on / off:5.2f}x')" "${m[0]}" "${m[1]}" "$lang"
    done
fi
