#!/usr/bin/env bash
# Benchmarks mdview side by side with the parser's own renderer (cmark-gfm -t man, our floor) and a C
# terminal renderer (lowdown -tterm), in one run, and prints medians and ratios.
#   scripts/bench.sh [path/to/mdview]
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_RUNS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A large real document (hundreds of KB) from the system's documentation, else Debian's Markdown docs joined together.
large=""
for candidate in /usr/share/doc/nodejs/changelogs/CHANGELOG_V20.md /usr/share/doc/nodejs/changelogs/CHANGELOG_V18.md \
                 "$HOME"/.rustup/toolchains/*/share/doc/rust/html/releases.md; do
  if [ -f "$candidate" ]; then large=$candidate; break; fi
done
if [ -z "$large" ]; then
  large=$work/joined.md
  find /usr/share/doc -name '*.md' -size -2M -print0 | sort -z | xargs -0 cat | head -c 900000 > "$large"
fi
# A typical small README (no code), and one with code blocks (which pays for loading a grammar).
small=""
for candidate in /usr/share/doc/git/README.md /usr/share/doc/psmisc/README.md /usr/share/doc/tk8.6/README.md; do
  if [ -f "$candidate" ]; then small=$candidate; break; fi
done
[ -n "$small" ] || { small=$work/small.md; head -c 3000 README.md > "$small"; }
small_code=/usr/share/doc/python3-httplib2/README.md
[ -f "$small_code" ] || small_code=README.md
extensions="-e table -e strikethrough -e autolink -e tasklist"

echo "mdview $($MDVIEW --version | cut -d' ' -f2), $(nproc) cores; large: $large ($(du -k "$large" | cut -f1) KB)"
echo "small: $small ($(du -k "$small" | cut -f1) KB); small with code: $small_code ($(du -k "$small_code" | cut -f1) KB)"
echo

# Median wall times of commands run round-robin (see scripts/bench_runner.py).
medians() { python3 scripts/bench_runner.py "$RUNS" 3 "$@"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

printf '%-44s %10s %8s\n' "case" "median ms" "ratio"
compare() { # title document
  local title=$1 doc=$2
  # shellcheck disable=SC2086
  mapfile -t m < <(medians -- cmark-gfm $extensions -t man "$doc" -- lowdown -tterm "$doc" \
    -- "$MDVIEW" --width 80 --color never "$doc" -- "$MDVIEW" --width 80 --color always "$doc" \
    -- "$MDVIEW" --width 80 --color always --no-highlight --no-images "$doc")
  printf '%-44s %10s %8s\n' "$title: cmark-gfm -t man (floor)" "${m[0]}" "1.00"
  printf '%-44s %10s %8s\n' "$title: lowdown -tterm" "${m[1]}" "$(ratio "${m[1]}" "${m[0]}")"
  printf '%-44s %10s %8s\n' "$title: mdview (plain)" "${m[2]}" "$(ratio "${m[2]}" "${m[0]}")"
  printf '%-44s %10s %8s\n' "$title: mdview (colour)" "${m[3]}" "$(ratio "${m[3]}" "${m[0]}")"
  printf '%-44s %10s %8s\n' "$title: mdview (colour, no highlight/images)" "${m[4]}" "$(ratio "${m[4]}" "${m[0]}")"
  echo "  → mdview/cmark-gfm $(ratio "${m[3]}" "${m[0]}")x (target ≤ 1.5), mdview/lowdown $(ratio "${m[3]}" "${m[1]}")x (target < 1)"
}
compare "large" "$large"
compare "small" "$small"
compare "small+code" "$small_code"
compare "mdview README" README.md
echo

# Against an earlier build of mdview (MDVIEW_BASELINE=path/to/old/mdview make bench), round-robin in the
# same run, so a change's cost is measured on the same machine state.
if [ -n "${MDVIEW_BASELINE:-}" ]; then
  printf '%-44s %10s %10s %8s\n' "case (colour)" "before ms" "after ms" "ratio"
  for doc in "$large" "$small" "$small_code" README.md; do
    mapfile -t m < <(medians -- "$MDVIEW_BASELINE" --width 80 --color always "$doc" \
      -- "$MDVIEW" --width 80 --color always "$doc")
    printf '%-44s %10s %10s %8s\n' "$(basename "$doc")" "${m[0]}" "${m[1]}" "$(ratio "${m[1]}" "${m[0]}")"
  done
  echo
fi

# Pathological inputs: mdview alone (each should finish well under a second).
python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
cases = {
    "quotes-20000": ">" * 20000 + " deep\n",
    "lists-3000": "".join("  " * i + "- item\n" for i in range(3000)),
    "brackets-50000": "[" * 50000 + "x" + "]" * 50000 + "\n",
    "emphasis-60000": "*" * 30000 + "a" + "*" * 30000 + "\n",
    "line-2MB": "word " * 400000 + "\n",
    "table-300-columns": "|" + "|".join(f"h{i}" for i in range(300)) + "|\n|" + "|".join("-" * 300) + "|\n|" + "|".join(f"c{i}" for i in range(300)) + "|\n",
}
for name, text in cases.items():
    open(os.path.join(w, name + ".md"), "w").write(text)
PY
printf '%-44s %10s %14s\n' "pathological input" "mdview ms" "cmark-gfm ms"
for f in "$work"/quotes-20000.md "$work"/lists-3000.md "$work"/brackets-50000.md "$work"/emphasis-60000.md "$work"/line-2MB.md "$work"/table-300-columns.md; do
  # shellcheck disable=SC2086
  mapfile -t p < <(RUNS=5 python3 scripts/bench_runner.py 5 1 -- "$MDVIEW" --width 80 --color always "$f" -- cmark-gfm $extensions -t man "$f")
  printf '%-44s %10s %14s\n' "$(basename "$f" .md)" "${p[0]}" "${p[1]}"
done
echo

# Scaling and memory, streaming, the highlighting and the image pipelines have their own benchmarks.
for extra in scripts/bench-math.sh scripts/bench-diagrams.sh scripts/bench-scaling.sh scripts/bench-highlight.sh scripts/bench-images.sh scripts/bench-stream.sh; do
  if [ -x "$extra" ]; then echo; "$extra" "$MDVIEW"; fi
done
