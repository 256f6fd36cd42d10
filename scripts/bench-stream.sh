#!/usr/bin/env bash
# Streaming (--stream), side by side in one run with medians and ratios:
#  - a large real document piped in 64-byte chunks without delays: mdview --stream always against the
#    one-shot render of the same pipe, and against streamdown (`sd`, installed by
#    `scripts/install-deps.sh bench` into ~/.cache/mdview/python);
#  - the engine alone (StreamBench, unpaced): the same document in 64-byte chunks with an update after
#    each (with and without the provisional tail), a generated 2,000-paragraph block quote, alert and
#    loose list, and 2,000-item tight, ordered and loose ordered lists and a 1,000-row table likewise, a
#    1,000-line code block at the left margin, in a list item and in a block quote in 24-byte pieces, a
#    300-item tight and loose list, a 120-item ordered list, a 100-paragraph quote and a 200-row table in
#    16-byte pieces (a redraw every 33 ms at 120 tokens a second), a word appended to an open paragraph,
#    and a code block streamed a line at a time;
#  - peak memory (/usr/bin/time -v): 100 MB of short paragraphs, one 50 MB paragraph, a 50 MB unclosed fence;
#  - redraw bytes and CPU on a terminal: the language-model answers in Tests/mdviewTests/Fixtures/Answers
#    fed a token at a time at 30 tokens/s to a 40x100 pty, against the one-shot render's bytes, split by
#    kind (text, style, cursor, erase, other), and the 300-item lists, 100-paragraph quote and 120-item
#    ordered list at 120 tokens/s (the command's cost pacing at work), side by side with an earlier
#    build (MDVIEW_BASELINE=path/to/old/mdview) when given.
#   scripts/bench-stream.sh [path/to/mdview]
set -euo pipefail
cd "$(dirname "$0")/.."
MDVIEW=${1:-.build/release/mdview}
RUNS=${BENCH_RUNS:-11}
SD_RUNS=${BENCH_SD_RUNS:-3}
pydeps="${MDVIEW_PYTHON_DEPS:-${XDG_CACHE_HOME:-$HOME/.cache}/mdview/python}"
feeder=Tests/mdviewTests/Scripts/feed-chunks.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

large=""
for candidate in /usr/share/doc/nodejs/changelogs/CHANGELOG_V20.md /usr/share/doc/nodejs/changelogs/CHANGELOG_V18.md; do
  if [ -f "$candidate" ]; then large=$candidate; break; fi
done
if [ -z "$large" ]; then
  large=$work/joined.md
  find /usr/share/doc -name '*.md' -size -2M -print0 | sort -z | xargs -0 cat | head -c 900000 > "$large"
fi
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }
medians() { python3 scripts/bench_runner.py "$1" 1 "${@:2}"; }

echo "streaming: $large ($(du -k "$large" | cut -f1) KB) piped in 64-byte chunks without delays"
feed="/usr/bin/python3 $feeder 64 0 $large"
mapfile -t m < <(medians "$RUNS" -- bash -c "$feed >/dev/null" \
  -- bash -c "$feed | $MDVIEW --width 80 --color always --stream never >/dev/null" \
  -- bash -c "$feed | $MDVIEW --width 80 --color always --stream always >/dev/null")
printf '%-52s %10s %8s\n' "case" "median ms" "ratio"
printf '%-52s %10s %8s\n' "the writer alone (python, 64-byte writes)" "${m[0]}" ""
printf '%-52s %10s %8s\n' "mdview one-shot (--stream never)" "${m[1]}" "1.00"
printf '%-52s %10s %8s\n' "mdview --stream always" "${m[2]}" "$(ratio "${m[2]}" "${m[1]}")"
if [ -x "$pydeps/bin/sd" ]; then
  mapfile -t s < <(PYTHONPATH="$pydeps" medians "$SD_RUNS" \
    -- bash -c "$feed | $MDVIEW --width 80 --color always --stream always >/dev/null" \
    -- bash -c "$feed | PYTHONPATH=$pydeps $pydeps/bin/sd -w 80 >/dev/null")
  printf '%-52s %10s %8s\n' "streamdown (sd -w 80), $SD_RUNS runs" "${s[1]}" "$(ratio "${s[1]}" "${s[0]}")"
  echo "  → mdview streamed / one-shot $(ratio "${m[2]}" "${m[1]}")x (target ≤ 2), streamdown / mdview streamed $(ratio "${s[1]}" "${s[0]}")x"
else
  echo "  (streamdown missing: run scripts/install-deps.sh bench)"
fi
echo

echo "the engine alone (StreamBench, release):"
swift build -c release --product StreamBench >/dev/null
.build/release/StreamBench document "$large" 64
.build/release/StreamBench document "$large" 64 provisional
python3 - "$work" <<'PY'
import os, random, sys
random.seed(1)
words = "the stream writes answers inside a quote while a model keeps going with more words and numbers".split()
quote = "".join(f"> {' '.join(random.choice(words) for _ in range(18))} {i}.\n>\n" for i in range(2000))
open(os.path.join(sys.argv[1], "quote-2000.md"), "w").write(quote)
open(os.path.join(sys.argv[1], "alert-2000.md"), "w").write("> [!NOTE]\n" + quote)
items = "".join(f"- {' '.join(random.choice(words) for _ in range(18))} {i}.\n\n" for i in range(2000))
open(os.path.join(sys.argv[1], "list-2000.md"), "w").write(items)
lines = [' '.join(random.choice(words) for _ in range(18)) for i in range(2000)]
open(os.path.join(sys.argv[1], "tight-2000.md"), "w").write("".join(f"- {l} {i}.\n" for i, l in enumerate(lines)))
open(os.path.join(sys.argv[1], "ordered-2000.md"), "w").write("".join(f"{i + 1}. {l} {i}.\n" for i, l in enumerate(lines)))
open(os.path.join(sys.argv[1], "ordered-loose-2000.md"), "w").write(
    "".join(f"{i + 1}. {l} {i}.\n\n" for i, l in enumerate(lines)))
# A 1,000-row table: its rows are checked and parsed one at a time, and laid out as they arrive.
open(os.path.join(sys.argv[1], "table-1000.md"), "w").write(
    "| n | words | code | bold |\n|---|:---|---:|---|\n"
    + "".join(f"| {i} | {' '.join(random.choice(words) for _ in range(3))} | `code {i}` | **{random.choice(words)}** |\n"
              for i in range(1000)) + "\nEnd.\n")
# The same table right under a paragraph's line (cmark-gfm starts it on the paragraph's first line).
open(os.path.join(sys.argv[1], "table-under-paragraph-1000.md"), "w").write(
    "Here is how they compare:\n" + open(os.path.join(sys.argv[1], "table-1000.md")).read())
# A 1,000-line code block at the left margin, in a list item and in a block quote.
code = [l for i in range(250) for l in (f"def f{i}(x):", f"    y = x * {i} + len('abc')", "    if y > 10:", "        return y")]
open(os.path.join(sys.argv[1], "fence-top.md"), "w").write("```python\n" + "\n".join(code) + "\n```\n\nEnd.\n")
open(os.path.join(sys.argv[1], "fence-list.md"), "w").write(
    "1. Step one:\n\n   ```python\n" + "\n".join("   " + l for l in code) + "\n   ```\n\n2. End.\n")
open(os.path.join(sys.argv[1], "fence-quote.md"), "w").write(
    "> ```python\n" + "\n".join("> " + l for l in code) + "\n> ```\n\nEnd.\n")
# The sizes an answer may reach, for the 120 tokens/s cadence below (what each streaming shortcut buys,
# and what removing the ones for lists and quotes cost: docs/benchmarks.md).
def sentence(): return ' '.join(random.choice(words) for _ in range(random.randint(6, 20)))
shapes = {
    "tight-300": "Items:\n\n" + "".join(f"- {sentence()} {i}.\n" for i in range(300)) + "\nDone.\n",
    "loose-300": "Notes:\n\n" + "".join(f"- {sentence()} {i}.\n\n" for i in range(300)) + "Done.\n",
    "ordered-120": "Steps:\n\n" + "".join(f"{i + 1}. {sentence()} {i}.\n" for i in range(120)) + "\nDone.\n",
    "quote-100": "> " + "\n>\n> ".join(f"{sentence()} {sentence()} {i}." for i in range(100)) + "\n\nDone.\n",
    "table-200": "Here is how they compare:\n| n | name | notes |\n|---|:---|--:|\n"
    + "".join(f"| {i} | {random.choice(words)} | {sentence()} |\n" for i in range(200)) + "\nDone.\n",
}
for name, text in shapes.items():
    open(os.path.join(sys.argv[1], name + ".md"), "w").write(text)
PY
for f in quote-2000 alert-2000 list-2000 tight-2000 ordered-2000 ordered-loose-2000 table-1000 table-under-paragraph-1000; do
  .build/release/StreamBench document "$work/$f.md" 64
  .build/release/StreamBench document "$work/$f.md" 64 provisional
done
# In 16-byte pieces, an update after each: a redraw every 33 ms at 120 tokens a second.
for f in tight-300 loose-300 ordered-120 quote-100 table-200; do
  .build/release/StreamBench document "$work/$f.md" 16
  .build/release/StreamBench document "$work/$f.md" 16 provisional
done
# A code block streamed in 24-byte pieces (about a line), laid out at every update: at the left margin
# it is read straight from the source (OpenFenceTail); inside a list item or quote the item is parsed again.
for f in fence-top fence-list fence-quote; do
  .build/release/StreamBench document "$work/$f.md" 24 provisional
done
.build/release/StreamBench append
for shape in functions class c js json jsonpretty ruby bash lua html tsx tsxpage sql sqlvalues; do .build/release/StreamBench code 2000 "$shape"; done
# Linear in the block: the same Python block four times longer.
.build/release/StreamBench code 8000
# One token over a whole block (a docstring, a comment, a template literal, heredocs) and a shell case.
for shape in pystring ccomment jstemplate rubyheredoc bashheredoc bashcase; do .build/release/StreamBench code 1000 "$shape"; done
python3 scripts/bench_pty_code.py "$MDVIEW" 2000 2 3
echo

python3 - "$work" <<'PY'
import sys, os
w = sys.argv[1]
para = "".join(f"Paragraph {i} streams by, short and plain.\n\n" for i in range(2_400_000))
open(os.path.join(w, "short-paragraphs.md"), "w").write(para[:100_000_000])
open(os.path.join(w, "one-paragraph.md"), "w").write(("word " * 12 + "\n") * 800_000)
open(os.path.join(w, "unclosed-fence.md"), "w").write("```\n" + "let value = 1 + 2\n" * 2_800_000)
PY
printf '%-52s %10s %10s\n' "peak memory, --stream always into a pipe" "input MB" "peak MB"
for f in short-paragraphs one-paragraph unclosed-fence; do
  path=$work/$f.md
  rss=$( { /usr/bin/time -v "$MDVIEW" --stream always --width 80 < "$path" >/dev/null; } 2>&1 | awk '/Maximum resident/ {print $6}')
  printf '%-52s %10s %10s\n' "$f" "$(( $(stat -c %s "$path") / 1000000 ))" "$(( rss / 1024 ))"
done
echo

answers=(Tests/mdviewTests/Fixtures/Answers/*.md)
binaries=("$(realpath "$MDVIEW")")
if [ -n "${MDVIEW_BASELINE:-}" ]; then binaries=("$(realpath "$MDVIEW_BASELINE")" "${binaries[@]}"); fi
python3 scripts/bench_redraw_bytes.py "${BENCH_TOKEN_RATE:-30}" 40 100 "${answers[@]}" -- "${binaries[@]}"
echo
# Long open lists and a quote, parsed whole at each redraw: the CPU the command takes for them.
python3 scripts/bench_redraw_bytes.py 120 40 100 "$work"/{tight-300,loose-300,quote-100,ordered-120}.md -- "${binaries[@]}"
