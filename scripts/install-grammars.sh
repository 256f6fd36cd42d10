#!/usr/bin/env bash
# Installs the tree-sitter grammars pinned in grammars.lock for mdview's syntax highlighting.
#
#   scripts/install-grammars.sh [DEST]
#
# DEST defaults to ${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars. Layout written there:
#   DEST/<id>.so                 parser library exporting tree_sitter_<id> (ABI 14)
#   DEST/<id>/highlights.scm     the highlight query (sources concatenated in lock order)
#   DEST/.stamp                  hash of the lock, the local queries and this script
# A second run with an unchanged lock finds the stamp and does nothing.
#
# Sources come from PyPI only (grammar sdists, the tree-sitter==0.23.2 sdist for the parser headers that
# some grammar sdists omit, textual's wheel for some queries, the tree-sitter-languages wheel for parsers
# without an ABI-14 sdist). Downloads are cached in ${XDG_CACHE_HOME:-$HOME/.cache}/mdview/grammar-src.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lock="$repo/grammars.lock"
dest="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars}"
cache="${MDVIEW_GRAMMAR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdview/grammar-src}"
jobs="${JOBS:-2}"
headers_pkg="tree-sitter==0.23.2"

say() { printf 'install-grammars: %s\n' "$*" >&2; }

stamp_hash() {
    cat "$lock" "$repo"/queries/*.scm "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1
}

if [[ -f "$dest/.stamp" && "$(cat "$dest/.stamp")" == "$(stamp_hash)" ]]; then
    say "up to date in $dest"
    exit 0
fi

# --- tools ---------------------------------------------------------------------------------------
need_apt=()
command -v cc >/dev/null || need_apt+=(gcc)
command -v c++ >/dev/null || need_apt+=(g++)
pkg-config --exists tree-sitter 2>/dev/null || need_apt+=(libtree-sitter-dev pkg-config)
command -v pip >/dev/null || command -v pip3 >/dev/null || need_apt+=(python3-pip)
if ((${#need_apt[@]})); then
    say "installing ${need_apt[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
pip=$(command -v pip || command -v pip3)

start=$(date +%s)
mkdir -p "$cache/dl" "$cache/src" "$dest"

# --- downloads -----------------------------------------------------------------------------------
# fetch SPEC -> prints the directory the package was unpacked into.
fetch() {
    local spec=$1 kind=sdist name dir
    if [[ $spec == wheel:* ]]; then kind=wheel; spec=${spec#wheel:}; fi
    name=${spec/==/-}
    [[ $kind == wheel ]] && name="$name-wheel"
    dir="$cache/src/$name"
    if [[ ! -f "$dir/.done" ]]; then
        rm -rf "$dir" && mkdir -p "$dir" "$cache/dl/$name"
        if [[ $kind == sdist ]]; then
            "$pip" download -q --no-deps --no-binary :all: "$spec" -d "$cache/dl/$name" >&2
            tar xzf "$cache/dl/$name"/*.tar.gz -C "$dir" --strip-components=1
        else
            "$pip" download -q --no-deps --only-binary :all: --python-version 3.11 \
                --platform "manylinux2014_$(uname -m)" "$spec" -d "$cache/dl/$name" >&2
            python3 -m zipfile -e "$cache/dl/$name"/*.whl "$dir"
        fi
        touch "$dir/.done"
    fi
    printf '%s\n' "$dir"
}

grep -v '^\s*#' "$lock" | awk 'NF' > "$cache/lock.rows"

specs=$( { echo "$headers_pkg"
           awk '{print $2}' "$cache/lock.rows"
           awk '{print $4}' "$cache/lock.rows" | tr ',' '\n' | grep -v '^local:' | sed -E 's/^((wheel:)?[^:]+):.*/\1/'; } | sort -u)
# Four downloads at a time: pip spends most of each one preparing the sdist's metadata.
export cache pip
export -f fetch
printf '%s\n' $specs | xargs -P 4 -I{} bash -c 'set -euo pipefail; fetch "$1" >/dev/null' _ {}
say "sources ready in $cache ($(( $(date +%s) - start ))s)"

headers="$(fetch "$headers_pkg")/tree_sitter/core/lib/src"

# --- compile (in parallel) -----------------------------------------------------------------------
compile_one() { # id srcdir headers out
    set -euo pipefail
    local id=$1 src=$2 headers=$3 out=$4 objs=() tmp
    tmp=$(mktemp -d)
    cc -O1 -fPIC -std=c11 -w -I"$src" -I"$headers/.." -c "$src/parser.c" -o "$tmp/parser.o"
    objs+=("$tmp/parser.o")
    if [[ -f "$src/scanner.c" ]]; then
        cc -O1 -fPIC -std=c11 -w -I"$src" -I"$headers/.." -c "$src/scanner.c" -o "$tmp/scanner.o"
        objs+=("$tmp/scanner.o")
    elif [[ -f "$src/scanner.cc" ]]; then
        c++ -O1 -fPIC -w -I"$src" -I"$headers/.." -c "$src/scanner.cc" -o "$tmp/scanner.o"
        objs+=("$tmp/scanner.o")
    fi
    c++ -shared -o "$out.tmp" "${objs[@]}"
    mv "$out.tmp" "$out"
    rm -rf "$tmp"
    printf 'install-grammars: built %s\n' "$id" >&2
}
export -f compile_one

# Headers some sdists omit: expose them as <tree_sitter/parser.h> etc. without touching the source.
incdir="$cache/include/tree_sitter"
mkdir -p "$incdir"
cp "$headers"/{parser,array,alloc}.h "$incdir/"
[[ -f "$headers/ts_assert.h" ]] && cp "$headers/ts_assert.h" "$incdir/"

: > "$cache/jobs"
: > "$cache/copies"
while read -r id grammar dir _; do
    if [[ $grammar == wheel:* ]]; then
        lib="$(fetch "$grammar")/tree_sitter_languages/languages.so"
        install -m 644 "$lib" "$dest/tree-sitter-languages.so"
        ln -sf tree-sitter-languages.so "$dest/$id.so"
        continue
    fi
    src="$(fetch "$grammar")/$dir/src"
    # Built libraries are kept in the cache under the grammar's exact version, so installing into a
    # second destination (make install) copies instead of compiling again.
    built="$cache/build/$id@${grammar/==/-}.so"
    [[ -f $built ]] || echo "$id $src $cache/include/tree_sitter $built" >> "$cache/jobs"
    echo "$built $dest/$id.so" >> "$cache/copies"
done < "$cache/lock.rows"

cstart=$(date +%s)
mkdir -p "$cache/build"
xargs -r -P "$jobs" -L 1 bash -c 'compile_one "$@"' _ < "$cache/jobs"
say "compiled $(wc -l < "$cache/jobs") grammars in $(( $(date +%s) - cstart ))s with $jobs jobs"
while read -r built target; do install -m 644 "$built" "$target"; done < "$cache/copies"

# --- queries -------------------------------------------------------------------------------------
while read -r id _ _ queries; do
    mkdir -p "$dest/$id"
    out="$dest/$id/highlights.scm.tmp"
    : > "$out"
    IFS=',' read -ra sources <<< "$queries"
    for q in "${sources[@]}"; do
        precedence=first
        if [[ $q == *'#last' ]]; then precedence=last; q=${q%'#last'}; fi
        printf ';; mdview: precedence=%s\n' "$precedence" >> "$out"
        if [[ $q == local:* ]]; then
            file="$repo/queries/${q#local:}"
        else
            spec=$(sed -E 's/^((wheel:)?[^:]+):.*/\1/' <<< "$q")
            file="$(fetch "$spec")/${q#"$spec":}"
        fi
        [[ -f $file ]] || { say "query source missing: $q"; exit 1; }
        printf ';; from %s\n' "$q" >> "$out"
        cat "$file" >> "$out"
        printf '\n' >> "$out"
    done
    mv "$out" "$dest/$id/highlights.scm"
done < "$cache/lock.rows"

stamp_hash > "$dest/.stamp"
say "installed $(wc -l < "$cache/lock.rows") grammars into $dest in $(( $(date +%s) - start ))s"
