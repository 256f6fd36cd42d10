import FoundationEssentials
import Highlight
import MarkdownCore

/// Any text read as a highlight query for a small installed grammar (JSON), then used to highlight a
/// JSON document: the third fuzz target (`query`), and the tests that replay what it found.
///
/// The process must survive every query text (the sanitizers and libFuzzer's time and memory limits
/// catch a crash, a hang or unbounded allocation); on top of that the outcome must be sane: no more
/// patterns than bytes, no more kept than read, and tokens inside the code, in order, not overlapping.
public struct QueryFuzzHarness: Sendable {
    private let trial: QueryTrial

    /// The code every query highlights: small, but with every kind of JSON node.
    static let code = Array(
        #"{"name": "mdview", "tags": ["a", "b\n"], "size": -1.5e3, "ok": true, "none": null, "nested": {"x": [1, {}]}}"#
            .utf8)

    /// A harness over the installed JSON grammar; throws when it is not installed.
    public init() throws(HighlightError) {
        let searchPath = GrammarSearchPath.standard(
            explicitDirectory: nil, environment: ProcessInfo.processInfo.environment,
            executableURL: URL(fileURLWithPath: "/proc/self/exe"))
        trial = try QueryTrial(alias: "json", searchPath: searchPath, timeoutMicros: 2_000_000)
    }

    /// Every invariant reading `query` and highlighting with it breaks.
    public func violations(_ query: [UInt8]) -> [RenderInvariants.Violation] {
        guard case .success(let outcome) = trial.run(query: query, code: Self.code) else { return [] }
        var found: [RenderInvariants.Violation] = []
        if outcome.patternsKept > outcome.patternsTotal || outcome.patternsTotal > query.count {
            found.append(
                .queryPatternsMiscounted(kept: outcome.patternsKept, total: outcome.patternsTotal, bytes: query.count))
        }
        var end = 0
        for (index, token) in (outcome.tokens ?? []).enumerated() {
            guard token.range.lowerBound >= end, token.range.upperBound <= Self.code.count, !token.range.isEmpty
            else {
                found.append(.queryTokenMisplaced(index: index, range: token.range))
                break
            }
            end = token.range.upperBound
        }
        return found
    }
}
