#!/usr/bin/env python3
"""Writes the highlight queries a tree-sitter-language-pack 1.x wheel carries inside its native module.

    scripts/extract-pack-queries.py DIR     (DIR: the unpacked wheel)

The 1.x wheels hold no query files: `get_highlights_query(name)` of the wheel's own native module
returns them. This loads that module straight from DIR (no install, no network: only the query text is
read) and writes DIR/queries/<name>.scm for every language that has one, so grammars.lock can name them
as `wheel:tree-sitter-language-pack==VERSION:queries/<name>.scm`.
"""
import importlib.machinery
import importlib.util
import os
import re
import sys


def main():
    root = sys.argv[1]
    package = os.path.join(root, "tree_sitter_language_pack")
    native = next(os.path.join(package, f) for f in os.listdir(package) if f.startswith("_native") and f.endswith(".so"))
    loader = importlib.machinery.ExtensionFileLoader("_native", native)
    spec = importlib.util.spec_from_file_location("_native", native, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    names = re.findall(r'"([a-z0-9_]+)"', open(os.path.join(package, "_supported_languages.py")).read())
    out = os.path.join(root, "queries")
    os.makedirs(out, exist_ok=True)
    written = 0
    for name in sorted(set(names)):
        query = module.get_highlights_query(name)
        if query:
            with open(os.path.join(out, name + ".scm"), "w", encoding="utf-8") as f:
                f.write(query)
            written += 1
    print(f"extract-pack-queries: {written} highlight queries in {out}", file=sys.stderr)


main()
