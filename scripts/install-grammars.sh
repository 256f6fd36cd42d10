#!/usr/bin/env bash
# Installs the tree-sitter grammars pinned in grammars.lock for mdview's syntax highlighting.
#
#   scripts/install-grammars.sh [DEST]
#
# DEST defaults to ${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars. Layout written there:
#   DEST/<id>.so                 parser library exporting tree_sitter_<id> (ABI 14)
#   DEST/<id>/highlights.scm     the highlight query (sources concatenated in lock order)
#   DEST/<id>/source             the package the grammar came from (package==version)
#   DEST/.stamp                  hash of the lock, the local queries and this script
#   DEST/.not-built              the languages whose grammar failed to build (one per line)
# A second run with an unchanged lock finds the stamp and does nothing.
#
# Sources come from PyPI only (grammar sdists, the tree-sitter-language-pack sdist holding many grammars'
# C sources, the tree-sitter==0.23.2 sdist for the parser headers that some grammar sdists omit, textual's
# and tree-sitter-language-pack 1.x's wheels for queries, the tree-sitter-languages wheel for prebuilt
# parsers). Each is downloaded once into ${XDG_CACHE_HOME:-$HOME/.cache}/mdview/grammar-src, and each
# grammar compiled once there (keyed by its version and the compiler flags), so a second destination or a
# changed lock compiles only what is new. Downloads run four at a time in the background while grammars
# compile in parallel (JOBS, default: the number of cores), each as soon as its source is unpacked; one
# that fails to build is reported and skipped, and the others install.
#
# -O2: measured on the three largest parser.c files (38-58 MB), compiling takes the same time at -O0,
# -O1, -O2 and -Os within noise (the compiler's time goes into reading the tables, not optimising), and
# -O2 parses fastest: -O0 up to 6 % slower, -Os no faster (figures in docs/benchmarks.md, reasons in
# docs/highlighting.md).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lock="$repo/grammars.lock"
dest="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars}"
cache="${MDVIEW_GRAMMAR_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mdview/grammar-src}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
cflags="${GRAMMAR_CFLAGS:--O2}"
headers_pkg="tree-sitter==0.23.2"

say() { printf 'install-grammars: %s\n' "$*" >&2; }

stamp_hash() {
    cat "$lock" "$repo"/queries/*.scm "${BASH_SOURCE[0]}" "$repo/scripts/extract-pack-queries.py" | sha256sum |
        cut -d' ' -f1
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
# unpacked SPEC -> prints the directory the package is (or will be) unpacked into.
unpacked() {
    local spec=$1 name
    name=${spec#wheel:}
    name=${name/==/-}
    [[ $spec == wheel:* ]] && name="$name-wheel"
    printf '%s\n' "$cache/src/$name"
}

# fetch SPEC -> prints the directory the package was unpacked into. Safe to call for the same package
# from several processes at once: the first downloads it, the others wait for it (a lock per package).
fetch() {
    local spec=$1 kind=sdist name dir lockfd
    if [[ $spec == wheel:* ]]; then kind=wheel; spec=${spec#wheel:}; fi
    name=${spec/==/-}
    [[ $kind == wheel ]] && name="$name-wheel"
    dir="$cache/src/$name"
    [[ -f "$dir/.done" ]] && { printf '%s\n' "$dir"; return 0; }
    exec {lockfd}>"$cache/dl/$name.lock"
    flock "$lockfd"
    if [[ ! -f "$dir/.done" ]]; then
        rm -rf "$dir" && mkdir -p "$dir" "$cache/dl/$name"
        if [[ $kind == sdist ]]; then
            # Straight from PyPI (fetch-pypi.py says why); through pip where its JSON interface cannot
            # answer: only this package as source, its build tools (for pip's metadata step) as wheels.
            compgen -G "$cache/dl/$name/*.tar.gz" >/dev/null ||
                python3 "$repo/scripts/fetch-pypi.py" sdist "$spec" "$cache/dl/$name" >/dev/null ||
                "$pip" download -q --no-deps --no-binary "${spec%%==*}" "$spec" -d "$cache/dl/$name" >&2
            tar xzf "$cache/dl/$name"/*.tar.gz -C "$dir" --strip-components=1
        else
            compgen -G "$cache/dl/$name/*.whl" >/dev/null ||
                python3 "$repo/scripts/fetch-pypi.py" wheel "$spec" "$cache/dl/$name" >/dev/null ||
                "$pip" download -q --no-deps --only-binary :all: --python-version 3.11 \
                --platform "manylinux2014_$(uname -m)" --platform "manylinux_2_34_$(uname -m)" \
                "$spec" -d "$cache/dl/$name" >&2
            python3 -m zipfile -e "$cache/dl/$name"/*.whl "$dir"
            # tree-sitter-language-pack 1.x keeps its queries inside its native module.
            if compgen -G "$dir/tree_sitter_language_pack/_native*.so" >/dev/null; then
                python3 "$repo/scripts/extract-pack-queries.py" "$dir"
            fi
        fi
        touch "$dir/.done"
    fi
    exec {lockfd}>&-
    printf '%s\n' "$dir"
}

grep -v '^\s*#' "$lock" | awk 'NF' > "$cache/lock.rows"

# Every package once, in the order compiling needs them: the grammar sources shared by many grammars
# first (the language pack's 50 MB sdist is the longest download), then the headers, the one-grammar
# sdists in lock order, and last the packages that only hold queries.
grammar_specs=$(awk '{print $2}' "$cache/lock.rows" | awk '!seen[$0]++')
shared_specs=$(awk '{print $2}' "$cache/lock.rows" | sort | uniq -d)
specs=$( { printf '%s\n' $shared_specs; echo "$headers_pkg"; printf '%s\n' $grammar_specs
           awk '{print $4}' "$cache/lock.rows" | tr ',' '\n' | grep -v '^local:' | sed -E 's/^((wheel:)?[^:]+):.*/\1/'; } |
         awk 'NF && !seen[$0]++')
# Four downloads at a time, in the background, so that the grammars compile as their sources arrive.
export cache pip repo
export -f fetch
printf '%s\n' $specs | xargs -P 4 -I{} bash -c 'set -euo pipefail; fetch "$1" >/dev/null' _ {} &
downloads=$!

headers="$(fetch "$headers_pkg")/tree_sitter/core/lib/src"

# --- compile (in parallel) -----------------------------------------------------------------------
compile_one() { # id spec srcdir headers out
    set -uo pipefail
    local id=$1 spec=$2 src=$3 headers=$4 out=$5 objs=() tmp ok=1
    tmp=$(mktemp -d)
    # The source may still be downloading: this waits for it (or downloads it).
    fetch "$spec" >/dev/null 2>"$tmp/log" || ok=0
    # shellcheck disable=SC2086 # cflags holds several flags
    ((ok)) && { cc $cflags -fPIC -std=gnu11 -w -I"$src" -I"$headers/.." -c "$src/parser.c" -o "$tmp/parser.o" 2>>"$tmp/log" || ok=0; }
    objs+=("$tmp/parser.o")
    if ((!ok)); then
        :
    elif [[ -f "$src/scanner.c" ]]; then
        cc $cflags -fPIC -std=gnu11 -w -I"$src" -I"$headers/.." -c "$src/scanner.c" -o "$tmp/scanner.o" 2>>"$tmp/log" || ok=0
        objs+=("$tmp/scanner.o")
    elif [[ -f "$src/scanner.cc" ]]; then
        c++ $cflags -fPIC -w -I"$src" -I"$headers/.." -c "$src/scanner.cc" -o "$tmp/scanner.o" 2>>"$tmp/log" || ok=0
        objs+=("$tmp/scanner.o")
    fi
    ((ok)) && c++ -shared -o "$out.tmp" "${objs[@]}" 2>>"$tmp/log" && mv "$out.tmp" "$out" || ok=0
    if ((ok)); then
        printf '%s\n' "$id" >> "$progress"
        printf 'grammars: %d/%d compiled (%s)\n' "$(wc -l < "$progress")" "$total" "$id" >&2
    else
        printf 'install-grammars: %s failed to build, skipped:\n' "$id" >&2
        head -5 "$tmp/log" | sed 's/^/    /' >&2
    fi
    rm -rf "$tmp"
    return 0
}
export -f compile_one unpacked
export cflags

# Headers some sdists omit: expose them as <tree_sitter/parser.h> etc. without touching the source.
incdir="$cache/include/tree_sitter"
mkdir -p "$incdir"
cp "$headers"/{parser,array,alloc}.h "$incdir/"
[[ -f "$headers/ts_assert.h" ]] && cp "$headers/ts_assert.h" "$incdir/"

: > "$cache/jobs"
: > "$cache/copies"
: > "$cache/wheel-rows"
while read -r id grammar dir _; do
    if [[ $grammar == wheel:* ]]; then
        echo "$id $grammar" >> "$cache/wheel-rows"
        continue
    fi
    src="$(unpacked "$grammar")/$dir/src"
    # Built libraries are kept in the cache under the grammar's exact version and the flags, so
    # installing into a second destination (make install) copies instead of compiling again.
    built="$cache/build/$id@${grammar/==/-}${cflags// /}.so"
    [[ -f $built ]] || echo "$id $grammar $src $cache/include/tree_sitter $built" >> "$cache/jobs"
    echo "$built $dest/$id.so" >> "$cache/copies"
done < "$cache/lock.rows"

cstart=$(date +%s)
mkdir -p "$cache/build"
progress="$cache/progress"
: > "$progress"
total=$(wc -l < "$cache/jobs")
export progress total
# compile JOBS-FILE: the jobs, the largest sources first (so that the longest compiles do not start
# last) where the sources are there to measure, in lock order where they are still downloading.
compile() {
    while read -r line; do
        set -- $line
        printf '%s %s\n' "$(stat -c %s "$3/parser.c" 2>/dev/null || echo 0)" "$line"
    done < "$1" | sort -s -k1,1rn | cut -d' ' -f2- |
        xargs -r -P "$jobs" -L 1 bash -c 'compile_one "$@"' _
}
# The grammars of one-grammar packages first, as their sources arrive, while the shared packages
# download; then those of the shared packages, largest first.
grep -v -F -f <(printf '%s\n' $shared_specs | awk 'NF{print " " $0 " "}') "$cache/jobs" > "$cache/jobs.single" || true
grep -F -f <(printf '%s\n' $shared_specs | awk 'NF{print " " $0 " "}') "$cache/jobs" > "$cache/jobs.shared" || true
compile "$cache/jobs.single"
for spec in $shared_specs; do fetch "$spec" >/dev/null; done
compile "$cache/jobs.shared"
say "compiled $(wc -l < "$progress") of $total grammars in $(( $(date +%s) - cstart ))s with $jobs jobs ($cflags)"
while read -r id grammar; do
    lib="$(fetch "$grammar")/tree_sitter_languages/languages.so"
    install -m 644 "$lib" "$dest/tree-sitter-languages.so"
    ln -sf tree-sitter-languages.so "$dest/$id.so"
done < "$cache/wheel-rows"
wait "$downloads" || say "some downloads failed: fetching them again"
say "sources ready in $cache ($(( $(date +%s) - start ))s)"
failed=()
while read -r built target; do
    if [[ -f $built ]]; then
        install -m 644 "$built" "$target"
    else
        failed+=("$(basename "$target" .so)")
        rm -f "$target"
    fi
done < "$cache/copies"

# --- queries -------------------------------------------------------------------------------------
while read -r id grammar _ queries; do
    [[ -f "$dest/$id.so" ]] || continue
    mkdir -p "$dest/$id"
    # Where the grammar came from, for --list-languages (read without opening the grammar).
    printf '%s\n' "${grammar#wheel:}" > "$dest/$id/source"
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
        [[ -f $file ]] || { say "query source missing: $q (for $id)"; continue; }
        printf ';; from %s\n' "$q" >> "$out"
        cat "$file" >> "$out"
        printf '\n' >> "$out"
    done
    mv "$out" "$dest/$id/highlights.scm"
done < "$cache/lock.rows"

installed=$(( $(wc -l < "$cache/lock.rows") - ${#failed[@]} ))
size=$(du -sh --apparent-size "$dest" | cut -f1)
# The languages that failed to build here: the tests skip these (and fail for any other missing one).
printf '%s\n' "${failed[@]}" | awk 'NF' > "$dest/.not-built"
if ((${#failed[@]})); then
    say "not installed (failed to build): ${failed[*]}"
else
    stamp_hash > "$dest/.stamp"
fi
say "installed $installed grammars ($size) into $dest in $(( $(date +%s) - start ))s"
