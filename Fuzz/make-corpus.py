#!/usr/bin/env python3
"""Writes the seed corpus of mdview-fuzz into DIR: every example of the CommonMark + GFM spec that
Debian's cmark-gfm ships, every golden fixture, every committed regression input, and hostile samples,
each under a few render settings (the first two bytes of an input; see FuzzCase).

    Fuzz/make-corpus.py DIR
"""
import gzip
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = "/usr/share/doc/cmark-gfm/spec.txt.gz"


def settings(width, depth, light=False, links=False):
    width_byte = width - 4 if width <= 11 else 128 + min(127, (width - 4) * 127 // 196)
    return bytes([width_byte, depth | (4 if light else 0) | (8 if links else 0)])


VARIANTS = [settings(4, 0), settings(7, 3, links=True), settings(10, 1), settings(40, 3, light=True),
            settings(80, 2, links=True), settings(80, 0)]


def spec_examples():
    if not os.path.exists(SPEC):
        return []
    text = gzip.open(SPEC, "rt", encoding="utf-8").read()
    found = re.findall(r"^`{32} example[^\n]*\n(.*?)^\.\n", text, flags=re.S | re.M)
    return [example.replace("\u2192", "\t") for example in found]


def hostile():
    return [
        "*a " * 2000 + "b" + " a*" * 2000,
        "~~a " * 2000 + "b" + " a~~" * 2000,
        "[" * 3000 + "x" + "]" * 3000,
        "`" * 3000 + "x",
        ">" * 3000 + " deep",
        "".join("  " * i + "- item\n" for i in range(300)),
        "|" + "|".join(f"h{i}" for i in range(400)) + "|\n|" + "|".join("-" for _ in range(400)) + "|\n",
        "&amp;" * 3000,
        "<div>" * 1000 + "x",
        "x\ty\tz\tw\tv\tu\tt",
        "9999. a\n\n999999. [ ] b\n\n0) [x] c\n\nn[^1]\n\n[^1]: f",
        "3\ufe0f\u20e3 \u0915\u094d\u0937 \u0915\u093e \uff71\uff9e \u0600\u0661 \U0001F467\u200d\U0001F466",
        "\x1b]52;c;aGVsbG8=\x07 &#27;[2J &#155;2J \u009b1m \x7f \r",
        "| a\tb | \u4e2d\u6587 |\n|---|---|\n| \U0001F468\u200d\U0001F469\u200d\U0001F467 | 3\ufe0f\u20e3 |",
        "```python\ndef f(x):\n\treturn [x for x in range(10)]\n```\n\n```rust\nfn main() { let v = vec![1]; }\n```",
        "---\nfront:\tmatter\n---\n# T\n",
        # Open blocks the highlighter closes for the parse: JSX elements, SQL lists ending in `,`, words.
        "```tsx\nexport const L = () => (\n  <ul>\n" + "    <li key={1}>it's {a < b ? <b>x</b> : <br />}</li>\n" * 40,
        "```sql\nCREATE TABLE t (\n" + "  c INT DEFAULT 1, -- note, x\n" * 40 + "```\nINSERT INTO t VALUES\n  (1, 'a'),",
        "```ruby\nclass A\n" + "  def f(x)\n    [x].each do |y|\n      y if x\n    end\n" * 30,
        # Strings and comments over many lines, closed by their quotes and `*/` for the parse.
        "```python\ndef f():\n    \"\"\"Doc.\n" + "    if x: return 'a' \\\"\" here\n" * 30,
        "```c\nint f(void) {\n  /*\n" + "   * if (x) { return 1; } *\n" * 30,
        "```javascript\nconst s = f(`\n" + "  <p>${a[1]} if (x) return</p>\n" * 30,
        # Math: deep nesting, long formulas, many dollars without closers, every delimiter form.
        "$" + "{" * 5000 + "x" + "}" * 5000 + "$ and $$" + "\\frac{" * 200 + "x" + "}{y}" * 200 + "$$",
        "$5 " * 2000 + "and $x$ \\(y\\) $`z`$",
        "$$\n" + "a + " * 3000 + "b\n$$\n\n\\[\n\\begin{pmatrix}" + "a & " * 300 + "b\\end{pmatrix}\n\\]",
        "\\begin{align}\n" + "x &= y \\\\\n" * 200 + "\\end{align}\n\n- $$\n  x\n  $$\n- b\n",
        "```math\n\\left(" * 50 + "x" + "\\right)" * 50 + "\n```\n> $$\n> \\sum_{i=1}^n",
        # Mermaid: a wide fan-out, a long chain, cycles, every link and shape, and an unclosed fence.
        "```mermaid\nflowchart TD\n" + "".join(f"  a --> n{i}[\"节点 {i} 🚀\"]\n" for i in range(120)) + "```\n",
        "```mermaid\ngraph LR\n  " + " --> ".join(f"s{i}" for i in range(300)) + "\n  s299 --> s0\n```\n",
        "```mermaid\nflowchart RL\n  a((x)) -.->|l| b{{y}} ==> c[(z)] --o d>w] --x e[/v/]\n  e <--> a\n```\n",
        "> ```mermaid\n> flowchart TD\n> A[\"bell\x07\"] -- text --> B\n",
        # Sequence diagrams: many participants and messages, frames nested past the bound, every arrow.
        "```mermaid\nsequenceDiagram\n" + "".join(f"  p{i % 40}->>p{(i * 7) % 40}: 消息 {i} 🚀\n" for i in range(600)) + "```\n",
        "```mermaid\nsequenceDiagram\n" + "  loop x\n" * 20 + "  A-)B: y\n" + "  end\n" * 20 + "```\n",
        "```mermaid\nsequenceDiagram\n  autonumber\n  actor A as \"x\x1b[31m\"\n  A-->>B: a\n  B-xA\n  A--)A: s\n"
        "  Note over A,B: n\n  alt c\n  A->B\n  else d\n  B-->A\n  end\n```\n",
        # Subgraphs: nested deep, edges across them, an unended one.
        "```mermaid\nflowchart TD\n" + "".join(f"  subgraph g{i} [组 {i}]\n  n{i} --> m{i}\n" for i in range(30))
        + "  end\n" * 30 + "".join(f"  m{i} --> n{(i * 7) % 30}\n" for i in range(30)) + "```\n",
        "```mermaid\ngraph LR\n  subgraph a\n  x --> y\n  subgraph b\n  z\n```\n",
        # State diagrams: a long chain of states, stereotypes, a composite state and an unclosed note.
        "```mermaid\nstateDiagram-v2\n  [*] --> s0\n" + "".join(f"  s{i} --> s{i + 1} : 转移 {i}\n" for i in range(200))
        + "  state c <<choice>>\n  state f <<fork>>\n  s200 --> c\n  c --> f\n  f --> [*]\n```\n",
        "```mermaid\nstateDiagram\n  state A {\n  [*] --> B\n  }\n  note left of A\n  x\n```\n",
        # Pie charts: many slices, huge, tiny and zero values, a label with controls.
        "```mermaid\npie showData title 份额 🍰\n" + "".join(f"  \"切片 {i}\" : {i * 0.37}\n" for i in range(250))
        + "```\n",
        "```mermaid\npie\n  \"a\x1b[2J\" : 1e300\n  \"b\" : 0\n  \"c\" : 1e-300\n```\n",
        # Class diagrams: many classes and members, every relation kind, generics, an unclosed body.
        "```mermaid\nclassDiagram\n" + "".join(f"  C{i} \"1\" <|-- \"*\" C{i + 1} : 继承 {i}\n  C{i} : +List~int~ f{i}\n"
        for i in range(120)) + "  A *-- B\n  B o-- C\n  C ..> D\n  D ..|> E\n  E -- F\n  F .. A\n  class G {\n  +x()\n```\n",
        # ER diagrams: a long chain of entities, every cardinality, an attribute with controls.
        "```mermaid\nerDiagram\n" + "".join(f"  E{i} ||--o{{ E{i + 1} : 关系{i}\n" for i in range(150))
        + "  A |o..o| B : x\n  B }|--|{ C : y\n  A {\n  string id PK \"\x1b[31mc\"\n  }\n```\n",
        # Mindmaps: a deep chain, wide fan-outs, every shape, tabs, a second root.
        "```mermaid\nmindmap\n" + "".join(" " * (i + 1) + f"n{i}((节点 {i}))\n" for i in range(20))
        + "".join(f"  \t  leaf{i}[叶 🍃 {i}]\n" for i in range(200)) + "  id)x(\n  ::icon(a)\n root2\n```\n",
        # The built-in languages and a sample of the grammars from the language pack.
        "```diff\n--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old \"q\n+new `x\n \\ ctx\n```\n",
        "```console\n$ echo \"hi\" \\\n  | cat\nhi\n>>> def f(:\n...   pass\nPS C:\\> dir\n```\n",
        "```http\nPOST / HTTP/1.1\nContent-Type: application/json\n\n{\"a\": [1, {\"b\":\n```\n",
        "```objc\n@interface A : NSObject\n- (void)f:(int)x;\n@end\n```\n```zig\nconst x = @import(\"std\");\n```\n",
        "```elixir\ndefmodule A do\n  def f(x), do: \"#{x}\"\n```\n```nix\n{ a = ''\n  ${b}\n```\n",
        "```powershell\nfunction F { param($a) Write-Host \"$a\" }\n```\n```latex\n\\begin{document}$x^2\n```\n",
    ]


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    documents = spec_examples() + hostile()
    golden = os.path.join(ROOT, "Tests/MarkdownCoreTests/Golden")
    for name in sorted(os.listdir(golden)):
        if name.endswith(".md"):
            documents.append(open(os.path.join(golden, name), encoding="utf-8").read())
    inputs = []
    for index, document in enumerate(documents):
        inputs.append(VARIANTS[index % len(VARIANTS)] + document.encode("utf-8"))
        inputs.append(VARIANTS[(index + 3) % len(VARIANTS)] + document.encode("utf-8"))
    regressions = os.path.join(ROOT, "Tests/FuzzRegressionTests/Inputs")
    for name in sorted(os.listdir(regressions)):
        inputs.append(open(os.path.join(regressions, name), "rb").read())
    for data in inputs:
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
    print(f"{len(inputs)} seeds in {out}")


main()
