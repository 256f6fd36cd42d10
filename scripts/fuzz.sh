#!/usr/bin/env bash
# Fuzzes the whole pipeline for a bounded time: `scripts/fuzz.sh [SECONDS]` (`make fuzz SECONDS=N`).
#
# Builds mdview-fuzz with libFuzzer and AddressSanitizer into .build-fuzz (apart from the ordinary
# build, so `swift build` and `swift test` never see the sanitizer flags), writes the seed corpus
# (spec examples, golden fixtures, regression inputs, hostile samples; Fuzz/make-corpus.py) and runs
# libFuzzer with the Markdown/HTML dictionary. An input that breaks an invariant is copied into
# Tests/FuzzRegressionTests/Inputs, which the test suite replays: commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-60}"
scratch=.build-fuzz
flags=(-c debug --product mdview-fuzz --scratch-path "$scratch"
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMDVIEW_FUZZ)

echo "fuzz: building mdview-fuzz with -sanitize=fuzzer,address"
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/mdview-fuzz"

corpus="$scratch/corpus"
crashes="$scratch/crashes"
rm -rf "$crashes"
mkdir -p "$corpus" "$crashes"
python3 Fuzz/make-corpus.py "$corpus"

echo "fuzz: running for ${duration}s"
status=0
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1" "$binary" "$corpus" \
    -dict=Fuzz/markdown.dict -max_total_time="$duration" -max_len=16384 -timeout=60 \
    -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$crashes/" || status=$?

found=0
for artifact in "$crashes"/*; do
    [ -e "$artifact" ] || continue
    name="fuzz-$(sha1sum "$artifact" | cut -c1-16)"
    cp "$artifact" "Tests/FuzzRegressionTests/Inputs/$name"
    echo "fuzz: $(basename "$artifact") kept as Tests/FuzzRegressionTests/Inputs/$name"
    found=1
done
if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    echo "fuzz: FAILED (exit $status): fix the defect and commit the new regression input(s)" >&2
    exit 1
fi
echo "fuzz: no invariant broken in ${duration}s"
