#!/usr/bin/env bash
# Diagrams: what drawing costs. A 50-node flowchart drawn, against the same fence with
# `--diagrams source`; a README holding one diagram, drawn against shown as source (target ≤ 1.5×);
# a 30-message sequence diagram drawn, against the same fence as source; and the edge crossings drawn
# over the flowchart corpus of the read-back tests at 120 columns, with Graphviz dot's figures for the
# same corpus when dot is installed (scripts/compare-crossings.py).
#   scripts/bench-diagrams.sh [path/to/mdview]
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_RUNS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" Tests/MarkdownCoreTests/Diagram/DiagramCorpus.swift README.md <<'PY'
import re, sys, textwrap
work, corpus, readme = sys.argv[1], sys.argv[2], sys.argv[3]
# A 50-node flowchart: a pipeline of stages, each fanning out to two checks that join again.
lines = ["flowchart TD"]
for n in range(0, 48, 3):
    lines += [f"  s{n}[Stage {n}] --> c{n+1}{{Check {n+1}}} & c{n+2}[(Store {n+2})]",
              f"  c{n+1} -->|ok| s{n+3}[Stage {n+3}]", f"  c{n+2} -.-> s{n+3}"]
open(f"{work}/flow50.md", "w").write("```mermaid\n" + "\n".join(lines) + "\n```\n")
# A 30-message sequence diagram: six participants, replies dashed, a loop and an alt frame, notes.
seq = ["sequenceDiagram", "  autonumber", "  actor U as User"] + [f"  participant S{i} as Service {i}" for i in range(5)]
for m in range(30):
    a, b = m % 6, (m * 5 + 1) % 6
    name = lambda i: "U" if i == 0 else f"S{i - 1}"
    if m == 10: seq.append("  loop every retry")
    if m == 20: seq.append("  alt success")
    seq.append(f"  {name(a)}{'-->>' if m % 2 else '->>'}{name(b)}: message {m} with some text")
    if m == 15: seq.append("  end")
    if m == 25: seq.append("  else failure")
    if m == 28: seq.append("  end")
    if m % 9 == 0: seq.append(f"  Note right of {name(a)}: note {m}")
open(f"{work}/seq30.md", "w").write("```mermaid\n" + "\n".join(seq) + "\n```\n")
text = open(corpus, encoding="utf-8").read().split("static let fallbacks")[0]
charts = [textwrap.dedent(block).strip("\n") for block in re.findall(r'"""\n(.*?)\n\s*"""', text, re.S)]
unescape = lambda s: re.sub(r'\\(.)', lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), s)
charts += [unescape(s) for s in re.findall(r'"((?:flowchart|graph) (?:[^"\\\n]|\\.)*)"', text)]
open(f"{work}/corpus.md", "w", encoding="utf-8").write("".join(f"```mermaid\n{c}\n```\n\n" for c in charts))
print(f"corpus: {len(charts)} flowcharts")
body = open(readme, encoding="utf-8").read()
open(f"{work}/readme.md", "w", encoding="utf-8").write(
    body + "\n```mermaid\n" + "\n".join(lines[:10]) + "\n```\n")
PY

medians() { python3 scripts/bench_runner.py "$RUNS" 3 "$@"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

printf '%-44s %10s %8s\n' "case" "median ms" "ratio"
mapfile -t f < <(medians -- "$MDVIEW" --width 200 --color always --diagrams source "$work/flow50.md" \
  -- "$MDVIEW" --width 200 --color always "$work/flow50.md")
printf '%-44s %10s %8s\n' "50-node flowchart: --diagrams source" "${f[0]}" "1.00"
printf '%-44s %10s %8s\n' "50-node flowchart: drawn" "${f[1]}" "$(ratio "${f[1]}" "${f[0]}")"
mapfile -t q < <(medians -- "$MDVIEW" --width 120 --color always --diagrams source "$work/seq30.md" \
  -- "$MDVIEW" --width 120 --color always "$work/seq30.md")
printf '%-44s %10s %8s\n' "30-message sequence: --diagrams source" "${q[0]}" "1.00"
printf '%-44s %10s %8s\n' "30-message sequence: drawn" "${q[1]}" "$(ratio "${q[1]}" "${q[0]}")"
mapfile -t r < <(medians -- "$MDVIEW" --width 100 --color always --diagrams source "$work/readme.md" \
  -- "$MDVIEW" --width 100 --color always "$work/readme.md")
printf '%-44s %10s %8s\n' "README + one diagram: --diagrams source" "${r[0]}" "1.00"
printf '%-44s %10s %8s\n' "README + one diagram: drawn" "${r[1]}" "$(ratio "${r[1]}" "${r[0]}")"
echo "  → drawn/source $(ratio "${r[1]}" "${r[0]}")x (target ≤ 1.5)"
drawn=$("$MDVIEW" --width 120 --color never "$work/corpus.md")
crossings=$(printf '%s' "$drawn" | grep -o '[┼╋╂┿]' | wc -l)
fallbacks=$(printf '%s' "$drawn" | grep -c 'shown as source' || true)
echo "corpus at 120 columns: $crossings edge crossings drawn, $fallbacks shown as source"
echo "against Graphviz: $(python3 scripts/compare-crossings.py "$MDVIEW" | tail -1)"
