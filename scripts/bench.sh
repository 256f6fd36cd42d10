#!/usr/bin/env bash
# Benchmarks mdview side by side with the parser's own renderer (cmark-gfm -t man, our floor) and a C
# terminal renderer (lowdown -tterm), in one run, and prints medians and ratios.
#   scripts/bench.sh [path/to/mdview]
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_RUNS:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A large real document (hundreds of KB) nobody here wrote, else Debian's Markdown docs joined together.
large=""
for candidate in /usr/share/doc/nodejs/changelogs/CHANGELOG_V20.md /usr/share/doc/nodejs/changelogs/CHANGELOG_V18.md \
                 "$HOME"/.rustup/toolchains/*/share/doc/rust/html/releases.md; do
  if [ -f "$candidate" ]; then large=$candidate; break; fi
done
if [ -z "$large" ]; then
  large=$work/joined.md
  find /usr/share/doc -name '*.md' -size -2M -print0 | sort -z | xargs -0 cat | head -c 900000 > "$large"
fi
small=README.md
extensions="-e table -e strikethrough -e autolink -e tasklist"

echo "mdview $($MDVIEW --version | cut -d' ' -f2), $(nproc) cores; large: $large ($(du -k "$large" | cut -f1) KB); small: $small ($(du -k $small | cut -f1) KB)"
echo

run() { # name json command...
  local json=$1; shift
  hyperfine -N --style none --warmup 3 --runs "$RUNS" --export-json "$json" "$@" >/dev/null 2>&1
}
median_ms() { python3 -c 'import json,sys,statistics; print("%.2f" % (statistics.median(json.load(open(sys.argv[1]))["results"][0]["times"])*1000))' "$1"; }

printf '%-44s %10s %8s\n' "case" "median ms" "ratio"
compare() { # title document
  local title=$1 doc=$2
  run "$work/cmark.json" "cmark-gfm $extensions -t man $doc"
  run "$work/lowdown.json" "lowdown -tterm $doc"
  run "$work/mdview.json" "$MDVIEW --width 80 --color never $doc"
  run "$work/mdview-color.json" "$MDVIEW --width 80 --color always $doc"
  local c l m mc
  c=$(median_ms "$work/cmark.json"); l=$(median_ms "$work/lowdown.json")
  m=$(median_ms "$work/mdview.json"); mc=$(median_ms "$work/mdview-color.json")
  printf '%-44s %10s %8s\n' "$title: cmark-gfm -t man (floor)" "$c" "1.00"
  printf '%-44s %10s %8s\n' "$title: lowdown -tterm" "$l" "$(python3 -c "print('%.2f' % ($l/$c))")"
  printf '%-44s %10s %8s\n' "$title: mdview (plain)" "$m" "$(python3 -c "print('%.2f' % ($m/$c))")"
  printf '%-44s %10s %8s\n' "$title: mdview (colour)" "$mc" "$(python3 -c "print('%.2f' % ($mc/$c))")"
  echo "  → mdview/cmark-gfm $(python3 -c "print('%.2f' % ($mc/$c))")x (target ≤ 1.5), mdview/lowdown $(python3 -c "print('%.2f' % ($mc/$l))")x (target < 1)"
}
compare "large" "$large"
compare "small" "$small"
echo

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
  RUNS=5 run "$work/p.json" "$MDVIEW --width 80 --color always $f"
  RUNS=5 run "$work/pc.json" "cmark-gfm $extensions -t man $f"
  printf '%-44s %10s %14s\n' "$(basename "$f" .md)" "$(median_ms "$work/p.json")" "$(median_ms "$work/pc.json")"
done

# The highlighting and image pipelines have their own benchmarks.
for extra in scripts/bench-highlight.sh scripts/bench-images.sh; do
  if [ -x "$extra" ]; then echo; "$extra" "$MDVIEW"; fi
done
