#!/usr/bin/env bash
# Math: what typesetting costs. A generated 100 KB document (prose with an inline formula on every line
# and a display formula every 10 lines, all different) rendered with `--math render` against `--math source` (the same
# parse, formulas shown as written), and lowdown on the same text; then a document without a dollar or a
# backslash against an earlier mdview (MDVIEW_BASELINE), which should cost the same.
#   scripts/bench-math.sh [path/to/mdview]
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_RUNS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/math.md" "$work/plain.md" Tests/MarkdownCoreTests/Math/Corpus/llm-formulas.txt <<'PY'
import sys
out, plain, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
formulas = [line.strip() for line in open(corpus, encoding="utf-8") if line.strip() and not line.startswith("#")]
inline = ["a_1 + b_1 = c_1", "x^2 + y^2 = r^2", "\\alpha \\leq \\beta", "e^{-x^2}", "\\frac{a+b}{c}",
          "\\sqrt{x+1}", "\\sum_{i=1}^n x_i", "\\mathbb{R}^n", "O(n \\log n)", "p(x \\mid \\theta)"]
words = "the estimate follows from the previous step when the model is fitted to the data and"
lines, plain_lines, n = [], [], 0
while sum(len(l) + 1 for l in lines) < 100_000:
    # Every formula differs (an index from the line number), so no result can be reused.
    formula = inline[n % len(inline)] + f" + k_{{{n}}}"
    lines.append(f"Line {n}: {words} ${formula}$ holds for every sample in the batch.")
    plain_lines.append(f"Line {n}: {words} {formula.replace(chr(92), '').replace('$', '')} holds for every sample.")
    n += 1
    if n % 10 == 0:
        lines += ["", "$$", formulas[(n // 10) % len(formulas)] + f" + {n}", "$$", ""]
        plain_lines += ["", "A formula stood here, and it is now only words in a paragraph.", ""]
open(out, "w", encoding="utf-8").write("\n".join(lines) + "\n")
open(plain, "w", encoding="utf-8").write("\n".join(plain_lines) + "\n")
PY

medians() { python3 scripts/bench_runner.py "$RUNS" 3 "$@"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

echo "math: $(du -k "$work/math.md" | cut -f1) KB, $(grep -c '\$\$' "$work/math.md") display delimiters"
printf '%-44s %10s %8s\n' "case" "median ms" "ratio"
mapfile -t m < <(medians -- "$MDVIEW" --width 80 --color always --math source "$work/math.md" \
  -- "$MDVIEW" --width 80 --color always "$work/math.md" -- lowdown -tterm "$work/math.md")
printf '%-44s %10s %8s\n' "math 100 KB: --math source" "${m[0]}" "1.00"
printf '%-44s %10s %8s\n' "math 100 KB: --math render" "${m[1]}" "$(ratio "${m[1]}" "${m[0]}")"
printf '%-44s %10s %8s\n' "math 100 KB: lowdown -tterm (raw TeX)" "${m[2]}" "$(ratio "${m[2]}" "${m[0]}")"
echo "  → render/source $(ratio "${m[1]}" "${m[0]}")x (target ≤ 1.3)"

if [ -n "${MDVIEW_BASELINE:-}" ]; then
  mapfile -t b < <(medians -- "$MDVIEW_BASELINE" --width 80 --color always "$work/plain.md" \
    -- "$MDVIEW" --width 80 --color always "$work/plain.md")
  printf '%-44s %10s %8s\n' "no math: earlier mdview" "${b[0]}" "1.00"
  printf '%-44s %10s %8s\n' "no math: this mdview" "${b[1]}" "$(ratio "${b[1]}" "${b[0]}")"
fi
