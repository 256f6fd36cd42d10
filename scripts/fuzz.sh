#!/usr/bin/env bash
# Fuzzes the whole pipeline for a bounded time: `scripts/fuzz.sh [SECONDS]` (`make fuzz SECONDS=N`).
#
# Builds mdview-fuzz with libFuzzer and AddressSanitizer into .build-fuzz (apart from the ordinary
# build, so `swift build` and `swift test` never see the sanitizer flags), writes the seed corpus
# (spec examples, golden fixtures, regression inputs, hostile samples; Fuzz/make-corpus.py) and runs
# libFuzzer with the Markdown/HTML dictionary. An input that breaks an invariant is copied into
# Tests/FuzzRegressionTests/Inputs (named stream-… when the stream target found it), or
# Tests/FuzzRegressionTests/QueryInputs when the query target found it, which the test suite replays
# through the same target: commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-60}"
scratch=.build-fuzz
flags=(-c debug --product mdview-fuzz --scratch-path "$scratch"
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMDVIEW_FUZZ)

echo "fuzz: building mdview-fuzz with -sanitize=fuzzer,address"
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/mdview-fuzz"

# Three targets run side by side for the whole time: `render` (one-shot), `stream` (the same input fed
# to a MarkdownStream in random pieces, checked against the one-shot render) and `query` (the input read
# as a highlight query for the JSON grammar and used to highlight JSON), each with its own corpus.
# The query target's seeds are the installed queries and the committed query regression inputs; its
# bounds are tighter (10 s per input, 2 GB) because reading a query must stay bounded whatever it says.
targets=(render stream query)
grammars="${XDG_DATA_HOME:-$HOME/.local/share}/mdview/grammars"
crashes="$scratch/crashes"
rm -rf "$crashes"
status=0
pids=()
for target in "${targets[@]}"; do
    corpus="$scratch/corpus-$target"
    mkdir -p "$corpus" "$crashes/$target"
    if [ "$target" = query ]; then
        for query in "$grammars"/*/highlights.scm Tests/FuzzRegressionTests/QueryInputs/*; do
            [ -f "$query" ] && cp "$query" "$corpus/$(sha1sum "$query" | cut -c1-40)"
        done
        echo "$(ls "$corpus" | wc -l) seeds in $corpus"
    else
        python3 Fuzz/make-corpus.py "$corpus"
    fi
done
echo "fuzz: running the ${targets[*]} targets for ${duration}s each"
for target in "${targets[@]}"; do
    dict=Fuzz/markdown.dict limits=(-timeout=60 -rss_limit_mb=4096)
    [ "$target" = query ] && dict=Fuzz/query.dict limits=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024)
    MDVIEW_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1" \
        "$binary" "$scratch/corpus-$target" -dict="$dict" -max_total_time="$duration" -max_len=16384 \
        "${limits[@]}" -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$crashes/$target/" \
        >"$scratch/fuzz-$target.log" 2>&1 &
    pids+=($!)
done
for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=$?
done
for target in "${targets[@]}"; do
    echo "fuzz: $target: $(grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units)' "$scratch/fuzz-$target.log" | tr '\n' ' ')"
done

found=0
encoded=()
for target in "${targets[@]}"; do
    prefix=fuzz inputs=Tests/FuzzRegressionTests/Inputs
    [ "$target" = stream ] && prefix=stream-fuzz
    [ "$target" = query ] && prefix=query-fuzz inputs=Tests/FuzzRegressionTests/QueryInputs
    for artifact in "$crashes/$target"/*; do
        [ -e "$artifact" ] || continue
        # An input that took over 10 s under the sanitizers is reported, not failed: it broke no invariant
        # (a hang is a time-out at 60 s), and how slow a unit is depends on the machine's load.
        if [[ "$(basename "$artifact")" == slow-unit-* ]]; then
            echo "fuzz: $target: a slow input (over 10 s with the sanitizers), not a failure: $artifact"
            continue
        fi
        name="$prefix-$(sha1sum "$artifact" | cut -c1-16)"
        cp "$artifact" "$inputs/$name"
        echo "fuzz: $target: $(basename "$artifact") kept as $inputs/$name"
        grep -E '^mdview-fuzz:' "$scratch/fuzz-$target.log" | head -5 || true
        # The input itself, printed last, so that a failure on a machine whose files are gone (a CI run)
        # can be replayed: `base64 -d` of the line gives the file back.
        if [ "$(stat -c %s "$artifact")" -le 8192 ]; then
            encoded+=("fuzz: $target: input $name, base64: $(base64 -w0 "$artifact")")
        fi
        found=1
    done
done
if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    for target in "${targets[@]}"; do
        echo "fuzz: the last lines of the $target run:" >&2
        tail -15 "$scratch/fuzz-$target.log" >&2
    done
    # Last, so that a log cut to its end still says what broke: the failure lines of each target.
    for target in "${targets[@]}"; do
        grep -E '^(mdview-fuzz:|==[0-9]+==ERROR|SUMMARY:|artifact_prefix|Test unit written)' \
            "$scratch/fuzz-$target.log" | head -8 | sed "s/^/fuzz: $target: /" >&2 || true
    done
    for line in "${encoded[@]}"; do echo "$line" >&2; done
    echo "fuzz: FAILED (exit $status): fix the defect and commit the new regression input(s)" >&2
    exit 1
fi
echo "fuzz: no invariant broken in ${duration}s of each target"
