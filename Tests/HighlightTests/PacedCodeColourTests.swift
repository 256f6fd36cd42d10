import Synchronization
import TestSupport
import Testing

@testable import Highlight
@testable import MarkdownCore

/// A growing code block streamed in a model's small pieces with highlighting paced by a clock whose
/// ticks are irregular (as a busy machine's are): which pieces are highlighted then varies, and each row
/// must still leave a 40-row live region in its final colours.
@Suite struct PacedCodeColourTests {
    /// A clock that moves on at every reading, mostly by a few hundred microseconds and now and then by
    /// up to 30 ms, in a sequence fixed by its seed.
    final class IrregularClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        private let state: Mutex<UInt64>

        init(seed: Int) { state = Mutex(UInt64(seed) &* 2_654_435_761 &+ 1) }

        func now() -> ContinuousClock.Instant {
            let random = state.withLock { state -> UInt64 in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return state
            }
            let micros = random % 10 == 0 ? random % 30_000 : random % 600
            return instant.withLock {
                $0 += .microseconds(micros)
                return $0
            }
        }
    }

    /// A triple-quoted Python f-string, cut by the pieces inside its braces too (`{x` with no `}` yet).
    @Test(arguments: 1...24)
    func aPythonFStringInPiecesLeavesTheRegionInItsFinalColours(seed: Int) throws {
        _ = try Grammars.require("python")
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 72, colorDepth: .trueColor, hyperlinks: false),
            highlighter: TreeSitterHighlighter(searchPath: Grammars.searchPath))
        var stream = MarkdownStream(renderer: renderer)
        let clock = IrregularClock(seed: seed)
        stream.now = { clock.now() }
        let code = "TEXT = f\"\"\"\n" + (0..<80).map { "line \($0) of a long text, {x} here\n" }.joined()
        stream.feed("```python\n")
        var scrolledOut: [StyledLine] = []
        let bytes = Array(code.utf8)
        for start in stride(from: 0, to: bytes.count, by: 5) {
            stream.feed(bytes[start..<min(bytes.count, start + 5)])
            let rows = stream.update().provisional
            while scrolledOut.count < rows.count - 40 { scrolledOut.append(rows[scrolledOut.count]) }
        }
        stream.feed("\"\"\"\n```\n")
        let final = stream.update().final + stream.finish()
        #expect(scrolledOut.count > 40)
        let differing = zip(scrolledOut, final).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "seed \(seed): rows \(differing) differ from their final colours")
    }
}
