#!/usr/bin/env bash
# Scaling of each pathological family at 1x, 10x and 100x its base size, mdview beside cmark-gfm -t html
# (the parser and its simplest renderer; its man renderer is itself quadratic on nested emphasis), and the memory a 10 MB document of real Markdown takes. Part of `make bench`.
#   scripts/bench-scaling.sh [path/to/mdview]
# Times are medians of wall time minus the same tool's time on an empty document (start-up), so the
# ratio 100x/1x is the growth of the work itself: about 100 is linear, about 10,000 quadratic.
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_SCALING_RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
extensions="-e table -e strikethrough -e autolink -e tasklist"

python3 - "$work" <<'PY'
import os, sys
w = sys.argv[1]
families = {
    "nested-emphasis": lambda n: "*a " * n + "b" + " a*" * n,
    "nested-strikethrough": lambda n: "~~a " * n + "b" + " a~~" * n,
    "nested-brackets": lambda n: "[" * n + "x" + "](u)" * n,
    "backticks": lambda n: "".join("`" * (1 + i % 7) + "x " for i in range(n)),
    "block-quotes": lambda n: ">" * n + " deep",
    "nested-lists": lambda n: "- " * n + "x",
    "table-wide": lambda n: "|" + "|".join(f"h{i}" for i in range(n)) + "|\n|" + "|".join("-" for _ in range(n)) + "|\n|" + "|".join(f"c{i}" for i in range(n)) + "|",
    "table-long": lambda n: "| a | b | c |\n|---|:-:|--:|\n" + "".join(f"| r{i} | x y z | {i} |\n" for i in range(n)),
    "entities": lambda n: "&amp; &#x41; &copy; " * n,
    "html-inline": lambda n: '<a href="x">t</a> <span title="y">' * n,
}
base = {"nested-emphasis": 2000, "nested-strikethrough": 2000, "nested-brackets": 2000, "backticks": 4000,
        "block-quotes": 2000, "nested-lists": 300, "table-wide": 80, "table-long": 1000, "entities": 4000,
        "html-inline": 2000}
open(os.path.join(w, "empty.md"), "w").write("")
for name, make in families.items():
    for scale in (1, 10, 100):
        open(os.path.join(w, f"{name}.{scale}.md"), "w").write(make(base[name] * scale) + "\n")
print(" ".join(families))
PY

median() { python3 scripts/bench_runner.py "$RUNS" 1 "$@"; }
mapfile -t empty < <(median -- "$MDVIEW" --width 80 --color always "$work/empty.md" -- cmark-gfm $extensions -t html "$work/empty.md")

printf '%-22s %9s %9s %9s %9s %8s   %9s %9s %8s\n' "family (1x size)" "1x ms" "10x ms" "100x ms" "100x/1x" "" \
  "cmark 1x" "cmark 100x" "100x/1x"
for family in nested-emphasis nested-strikethrough nested-brackets backticks block-quotes nested-lists table-wide \
  table-long entities html-inline; do
  args=()
  for scale in 1 10 100; do
    # shellcheck disable=SC2206
    args+=(-- "$MDVIEW" --width 80 --color always "$work/$family.$scale.md" -- cmark-gfm $extensions -t html "$work/$family.$scale.md")
  done
  mapfile -t t < <(median "${args[@]}")
  python3 - "$family" "$(du -b "$work/$family.1.md" | cut -f1)" "${empty[0]}" "${empty[1]}" "${t[@]}" <<'PY'
import sys
family, size, e_md, e_cm = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
t = [float(x) for x in sys.argv[5:]]
md = [max(0.05, t[i] - e_md) for i in (0, 2, 4)]
cm = [max(0.05, t[i] - e_cm) for i in (1, 3, 5)]
print("%-22s %9.1f %9.1f %9.1f %9.0f %8s   %9.1f %9.1f %8.0f" % (
    f"{family} ({size // 1024 or 1} KB)", md[0], md[1], md[2], md[2] / md[0], "", cm[0], cm[2], cm[2] / cm[0]))
PY
done
echo

# Memory: a 10 MB concatenation of real Markdown documents, with footnotes and without them (every line
# naming one dropped); peak RSS must stay below 10x its size. Large documents are rendered section by
# section, so the peak is about one section's model and lines, not the document's.
big=$work/big.md
find /usr/share/doc /usr/share/doc-base /usr/lib/python3* -name '*.md' -size -3M -print0 2>/dev/null | sort -z \
  | xargs -0 cat 2>/dev/null | head -c 10000000 > "$big" || true
if [ "$(du -b "$big" | cut -f1)" -lt 10000000 ]; then
  # Not enough Markdown on this machine: repeat what there is (and this README) up to 10 MB.
  while [ "$(du -b "$big" | cut -f1)" -lt 10000000 ]; do cat README.md >> "$big"; done
  head -c 10000000 "$big" > "$big.tmp" && mv "$big.tmp" "$big"
fi
if ! grep -q '^\[^[^]]*\]:' "$big"; then
  # No footnotes among them: add a few, referenced throughout and defined in the middle and at the end.
  python3 - "$big" <<'PY'
import sys
path = sys.argv[1]
lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
out = []
for i, line in enumerate(lines):
    out.append(line)
    if line.startswith("## ") and i % 7 == 0:
        out += ["", f"A noted line[^n{i % 50}].", ""]
    if i == len(lines) // 2:
        out += ["", "[^n0]: A footnote defined mid-document.", ""]
out += [""] + [f"[^n{k}]: Footnote {k}.\n" for k in range(1, 50)]
open(path, "w", encoding="utf-8").write("\n".join(out))
PY
fi
grep -v '\[^' "$big" > "$work/big-no-footnotes.md" || true
for doc in "$big" "$work/big-no-footnotes.md"; do
  size_kb=$(( $(du -b "$doc" | cut -f1) / 1024 ))
  kind=$([ "$doc" = "$big" ] && echo "with footnotes" || echo "no footnotes")
  for colour in never always; do
    rss=$( { /usr/bin/time -f '%M' "$MDVIEW" --width 80 --color $colour "$doc" > /dev/null; } 2>&1 | tail -1)
    printf 'memory: %s KB document (%s), --color %-6s peak RSS %s KB (%.1fx the document)\n' "$size_kb" "$kind" \
      "$colour" "$rss" "$(python3 -c "print($rss / $size_kb)")"
  done
done
echo

# Bounds: peak memory and time for hostile inputs, each generated here (nothing large is committed).
# Every row must stay within the documented bounds: under 300 MB, under 10x the input for text, and
# under 3 s with the default image budget. Images are drawn as half-blocks into the pipe.
hostile=$work/hostile
mkdir -p "$hostile/grammars/json" "$hostile/cache"
convert -size 16x16 xc:red -quality 50 "$hostile/tiny.jpg"
convert -seed 3 -size 4000x4000 plasma:fractal -quality 85 "$hostile/real4000.jpg"
cp "${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars/json.so" "$hostile/grammars/" 2>/dev/null || true
python3 - "$hostile" <<'PY'
import os, random, sys
w = sys.argv[1]
def write(name, text, mode="w"):
    with open(os.path.join(w, name), mode) as f:
        f.write(text)
# A JPEG of a few hundred bytes whose header claims 7000 x 7000 pixels, 24 times under other names.
jpeg = bytearray(open(os.path.join(w, "tiny.jpg"), "rb").read())
sof = max(jpeg.find(b"\xff\xc0"), jpeg.find(b"\xff\xc2"))
jpeg[sof + 5:sof + 9] = (7000).to_bytes(2, "big") * 2
for k in range(24):
    write(f"h{k}.jpg", jpeg, "wb")
write("jpegs-24.md", "\n\n".join(f"![h{k}](h{k}.jpg)" for k in range(24)) + "\n")
write("jpeg-60-refs.md", "\n\n".join("![h](h0.jpg)" for _ in range(60)) + "\n")
write("real-jpeg-30-refs.md", "\n\n".join("![r](real4000.jpg)" for _ in range(30)) + "\n")
write("blur.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="b">'
      '<feGaussianBlur stdDeviation="10000"/></filter><rect width="4000" height="4000" fill="red" filter="url(#b)"/></svg>')
write("blur-svg.md", "![blur](blur.svg)\n")
chain = "".join(f'<feMorphology operator="dilate" radius="20" in="{"SourceGraphic" if i == 0 else f"m{i - 1}"}" '
                f'result="m{i}"/>' for i in range(50))
write("morph.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="m">'
      f'{chain}</filter><rect width="4000" height="4000" fill="red" filter="url(#m)"/></svg>')
write("morphology-svg.md", "![morph](morph.svg)\n")
random.seed(1)
words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()
def lines(prefix, size):
    out, n = [], 0
    while n < size:
        line = prefix + " ".join(random.choice(words) for _ in range(11))
        out.append(line)
        n += len(line) + 1
    return "\n".join(out) + "\n"
write("paragraph-20MB.md", lines("", 20_000_000))
write("list-20MB.md", lines("- ", 20_000_000))
# The same size in 1.4 million short items: what each item costs, not what its text does.
short, n = [], 0
while n < 20_000_000:
    short.append(f"- item {len(short)}")
    n += len(short[-1]) + 1
write("list-short-20MB.md", "\n".join(short) + "\n")
# A paragraph dense in emphasis: `a *b* ` over lines of twelve (where it may be cut), and on one line.
for mb in (2, 5):
    unit = ("a *b* " * 12).rstrip()
    write(f"emphasis-lines-{mb}MB.md", "\n".join(unit for _ in range(mb * 1_000_000 // 72)) + "\n")
write("emphasis-line-2MB.md", "a *b* " * (2_000_000 // 6) + "\n")
# The same lines, each ending in a space (a soft break's, which a cut may follow).
write("emphasis-lines-space-2MB.md", "\n".join(unit + " " for _ in range(2_000_000 // 73)) + "\n")
# One line of emphasis with no space to cut it at: past a bound its end is shown as plain text; under
# 1 MB too, as it weighs more than four times that.
for mb in (1, 2, 20):
    write(f"star-line-{mb}MB.md", "*a*b" * (mb * 1_000_000 // 4) + "\n")
# Dense emphasis inside one block quote and one list item (cut between their lines) and a table of
# 100,000 rows (cut between rows), and the same table plain.
unit = ("a *b* " * 12).rstrip()
for mb in (2, 20):
    write(f"quote-emphasis-{mb}MB.md", "\n".join("> " + unit for _ in range(mb * 1_000_000 // 74)) + "\n")
write("item-emphasis-2MB.md", "- " + "\n  ".join(unit for _ in range(2_000_000 // 74)) + "\n")
# The same in a quote inside a list item, and in a list item inside a quote.
write("item-quote-emphasis-2MB.md", "- > " + "\n  > ".join(unit for _ in range(2_000_000 // 76)) + "\n")
write("quote-item-emphasis-2MB.md", "> - " + "\n>   ".join(unit for _ in range(2_000_000 // 76)) + "\n")
write("table-100k.md", "| a | b | c |\n|---|---|---|\n" + "".join(f"| row {i} | value {i * 7} | note |\n" for i in range(100_000)))
write("table-emphasis-100k.md", "| x | y | z |\n|---|---|---|\n" + "| a *b* c | _d_ e *f* | g **h** i |\n" * 100_000)
write("attributes-200k.md", "<span " + " ".join(f'a{i}="v"' for i in range(200_000)) + ">text</span>\n")
write("grammars/json/highlights.scm", "\n".join(f'((string) @s{i} (#match? @s{i} "^{"(a|b)*" * 8}$"))'
                                                  for i in range(5_000)) + "\n" + "[" * 50_000 + "\n")
write("hostile-query.md", "```json\n" + '{"a": [1, 2, "x"]}\n' * 2000 + "```\n")
PY
find /usr/share/doc /usr/lib/python3* docs -name '*.md' -size -3M -print0 2>/dev/null | sort -z | xargs -0 cat 2>/dev/null \
  | head -c 4000000 > "$hostile/real-docs-4MB.md" || true
while [ "$(du -b "$hostile/real-docs-4MB.md" | cut -f1)" -lt 4000000 ]; do cat README.md >> "$hostile/real-docs-4MB.md"; done

# "x input" is the peak above mdview's own start-up (an empty document), over the input's size.
: > "$hostile/empty.md"
/usr/bin/time -o "$hostile/time" -f '%M %e' "$MDVIEW" --width 80 --color always "$hostile/empty.md" > /dev/null
startup=$(cut -d' ' -f1 "$hostile/time")
echo "bounds: peak RSS and wall time of hostile inputs (start-up alone: $((startup / 1024)) MB)"
printf '%-24s %10s %10s %8s %8s\n' "input" "size" "peak MB" "x input" "seconds"
for input in jpegs-24 jpeg-60-refs real-jpeg-30-refs blur-svg morphology-svg paragraph-20MB list-20MB list-short-20MB \
  emphasis-lines-2MB emphasis-lines-5MB emphasis-lines-space-2MB emphasis-line-2MB star-line-1MB star-line-2MB \
  star-line-20MB quote-emphasis-2MB quote-emphasis-20MB item-emphasis-2MB item-quote-emphasis-2MB \
  quote-item-emphasis-2MB table-100k table-emphasis-100k real-docs-4MB attributes-200k hostile-query; do
  doc=$hostile/$input.md
  flags=(--width 80 --color always)
  case $input in
    *jpeg* | *svg*) flags+=(--images blocks) ;;
    hostile-query) flags+=(--grammar-dir "$hostile/grammars") ;;
  esac
  XDG_CACHE_HOME=$hostile/cache /usr/bin/time -o "$hostile/time" -f '%M %e' "$MDVIEW" "${flags[@]}" "$doc" \
    > /dev/null 2> /dev/null || true
  # shellcheck disable=SC2046
  python3 - "$input" "$(du -b "$doc" | cut -f1)" "$startup" $(tail -1 "$hostile/time") <<'PY'
import sys
name, size, startup, kb, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
text = not any(k in name for k in ("jpeg", "svg"))
# Below 1 MB the input is too small for a ratio to mean anything: start-up is most of the peak.
ratio = "%.1f" % (max(0, kb - startup) * 1024 / size) if text and size >= 1e6 else "-"
shown = "%.1f MB" % (size / 1e6) if size >= 1e6 else "%d KB" % (size // 1000) if size >= 1000 else "%d B" % size
print("%-24s %10s %10.0f %8s %8.2f" % (name, shown, kb / 1024, ratio, seconds))
PY
done
