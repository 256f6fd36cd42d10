#!/usr/bin/env python3
"""Generates mdview's math symbol table from Günter Milde's unimathsymbols.txt.

Usage: scripts/generate-math-symbols.py   (rewrites Sources/MarkdownCore/Math/MathSymbolTable.swift)

The table is the one the latex2mathml wheel ships (latex2mathml/unimathsymbols.txt, pinned to
latex2mathml==3.81.1). The wheel is fetched with `pip download --no-deps` into .cache/math-symbols/ (ignored
by git; never commit it or the table). Records are `code point ^ char ^ LaTeX ^ unicode-math ^ class ^
category ^ requirements ^ comments`.

The Swift file carries three blobs of text that MathSymbols parses once, on first use (a dictionary
literal of this size takes the Swift type checker minutes; a string literal takes nothing):
  commands:  `name chars class` a line: LaTeX and unicode-math command names and the clean aliases of
             the comments field (`= \\le`), the lowest code point winning where a name repeats
             (`\\alpha` is U+03B1, not MATHEMATICAL ITALIC SMALL ALPHA).
  alphabets: `font base char` a line, from records like `\\mathbb{R}` (U+211D, a Letterlike hole of the
             Mathematical Alphanumeric Symbols block) and `\\mathbf{\\alpha}`.
  classes:   `hex class` a line for characters typed directly whose class is not N or A.
"""
import glob, os, re, subprocess, sys, tempfile, zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CACHE = os.path.join(ROOT, ".cache", "math-symbols")
OUTPUT = os.path.join(ROOT, "Sources/MarkdownCore/Math/MathSymbolTable.swift")
PIN = "latex2mathml==3.81.1"
CLASSES = set("NABCDFGLOPRSUVX")
# Aliases from the comments field are taken when they need no package or only these.
ALIAS_PACKAGES = {"", "amsmath", "amssymb", "latex", "mathtools"}
FONTS = {"mathbb", "mathbf", "mathbfit", "mathcal", "mathfrak", "mathsf", "mathsfbf", "mathsfbfit", "mathsfit",
         "mathtt"}


def table_text():
    os.makedirs(CACHE, exist_ok=True)
    wheels = glob.glob(os.path.join(CACHE, "latex2mathml-3.81.1-*.whl"))
    if not wheels:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", PIN, "-d", CACHE],
                       check=True)
        wheels = glob.glob(os.path.join(CACHE, "latex2mathml-3.81.1-*.whl"))
    if not wheels:
        sys.exit(f"pip did not download {PIN}")
    with zipfile.ZipFile(wheels[0]) as wheel:
        return wheel.read("latex2mathml/unimathsymbols.txt").decode("utf-8")


SIMPLE = re.compile(r"^\\([A-Za-z]+|[^A-Za-z\s])$")
FONTED = re.compile(r"^\\(math[a-z]+)\{(\\?[A-Za-z0-9]+)\}$")
ALIAS = re.compile(r"^=\s*(\\[A-Za-z]+)\s*(?:\(([^)]*)\))?$")


def main():
    records = []
    for line in table_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("^")
        if len(fields) < 8:
            continue
        code = int(fields[0], 16)
        latex, unimath, cls, comments = fields[2].strip(), fields[3].strip(), fields[4].strip(), fields[7]
        records.append((code, latex, unimath, cls, comments))
    records.sort(key=lambda r: r[0])

    primary, secondary, aliases = {}, {}, {}
    fonted = []
    classes = {}
    for code, latex, unimath, cls, comments in records:
        char = chr(code)
        if not cls:  # a few letters (U+03C2 ς) have no class: letters are alphabetic
            cls = "A" if char.isalpha() else "N"
        if cls not in CLASSES or cls in "DS" or code < 0x20 or code == 0x7F:
            continue
        if cls not in "NA" and code > 0x7F:
            classes.setdefault(code, cls)
        match = FONTED.match(latex)
        if match and match.group(1) in FONTS:
            fonted.append((match.group(1), match.group(2), char))
            continue
        if SIMPLE.match(latex):
            primary.setdefault(latex[1:], (char, cls))
        if SIMPLE.match(unimath):
            secondary.setdefault(unimath[1:], (char, cls))
        for part in comments.split(","):
            fonted_alias = re.match(r"^=\s*(\\math[a-z]+\{\\?[A-Za-z0-9]+\})", part.strip())
            if fonted_alias:
                match = FONTED.match(fonted_alias.group(1))
                if match and match.group(1) in FONTS:
                    fonted.append((match.group(1), match.group(2), char))
            alias = ALIAS.match(part.strip())
            if alias and (alias.group(2) or "").strip() in ALIAS_PACKAGES:
                aliases.setdefault(alias.group(1)[1:], (char, cls))
    commands = dict(aliases)
    commands.update(secondary)
    commands.update(primary)

    alphabet_lines = []
    seen = set()
    for font, base, char in fonted:
        if base.startswith("\\"):
            resolved = commands.get(base[1:])
            if not resolved:
                continue
            base = resolved[0]
        if (font, base) in seen:
            continue
        seen.add((font, base))
        alphabet_lines.append(f"{font} {base} {char}")

    # Every table is sorted by its key as UTF-8 bytes: mdview searches the text where it lies
    # (SortedTextTable) instead of building a dictionary on first use. Codes are five hex digits, so
    # that their byte order is their numeric order.
    def key(line, fields):
        return " ".join(line.split(" ")[:fields]).encode("utf-8")

    alphabet_lines.sort(key=lambda line: key(line, 2))
    command_lines = sorted((f"{name} {char} {cls}" for name, (char, cls) in commands.items()), key=lambda line: key(line, 1))
    class_lines = [f"{code:05X} {cls}" for code, cls in sorted(classes.items())]
    for lines in (command_lines, alphabet_lines, class_lines):
        for entry in lines:
            if '"""' in entry or "\n" in entry:
                sys.exit(f"cannot embed {entry!r}")

    def blob(lines):
        return "\n".join("        " + entry for entry in lines)

    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write(f"""// Generated by scripts/generate-math-symbols.py from unimathsymbols.txt (Günter Milde, LPPL 1.3) as
// shipped in the {PIN} wheel. Do not edit: run `python3 scripts/generate-math-symbols.py` to regenerate.

/// The math symbol table as text, parsed once by `MathSymbols` on first use: a string literal costs the
/// compiler nothing, where a dictionary literal of a few thousand entries takes it minutes.
enum MathSymbolTable {{
    /// `name chars class` a line: a command name without its backslash, its character, its Unicode math
    /// class (N A B C F G L O P R U V X).
    static let commands = #\"\"\"
{blob(command_lines)}
        \"\"\"#

    /// `font base char` a line: the character a font command makes of a letter, digit or Greek letter.
    static let alphabets = #\"\"\"
{blob(alphabet_lines)}
        \"\"\"#

    /// `hex class` a line: the class of a character typed directly, where it is neither N nor A.
    static let classes = #\"\"\"
{blob(class_lines)}
        \"\"\"#
}}
""")
    print(f"{len(command_lines)} commands, {len(alphabet_lines)} alphabet letters, {len(class_lines)} classes "
          f"-> {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
