import Synchronization
import Testing

@testable import MarkdownCore

/// A growing code block's highlighting paced (`HighlightPacer`): a redraw soon after the last highlight
/// shows the newest lines plain, names when to redraw them coloured, and never leaves more than a few
/// lines plain; the rows shown are always those of the whole block laid out with the tokens used.
@Suite struct PacedHighlightingTests {
    static let capabilities = TerminalCapabilities(width: 60, colorDepth: .trueColor, hyperlinks: false)

    /// A clock that moves only when told to.
    final class TestClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
    }

    /// `StubHighlighter`'s tokens, each call costing `cost` on the test clock; a provisional call for a
    /// block that extends the previous one says its tokens before the previous block's last line are
    /// unchanged, as the tree-sitter highlighter does. Records the length of each code highlighted.
    final class CostlyHighlighter: SyntaxHighlighter {
        let clock: TestClock
        let cost: Duration
        private let previous = Mutex<String?>(nil)
        let lengths = Mutex<[Int]>([])

        init(clock: TestClock, cost: Duration = .milliseconds(1)) {
            self.clock = clock
            self.cost = cost
        }

        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            clock.advance(cost)
            lengths.withLock { $0.append(code.utf8.count) }
            return StubHighlighter().tokens(for: code, language: language)
        }

        func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens? {
            guard let tokens = tokens(for: code, language: language) else { return nil }
            let last = previous.withLock { previous in
                defer { previous = code }
                return previous
            }
            guard let last, code.utf8.starts(with: last.utf8) else { return ProvisionalTokens(tokens: tokens) }
            let lastLineStart =
                last.utf8.lastIndex(of: 0x0A).map { last.utf8.distance(from: last.utf8.startIndex, to: $0) + 1 } ?? 0
            return ProvisionalTokens(
                tokens: tokens, extending: .init(previousLength: last.utf8.count, unchangedBefore: lastLineStart))
        }

        var calls: Int { lengths.withLock { $0.count } }
        var lastLength: Int { lengths.withLock { $0.last ?? 0 } }
    }

    /// Colours only the first `length` bytes of a block, as `StubHighlighter` colours them alone.
    struct PrefixHighlighter: SyntaxHighlighter {
        let length: Int

        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            StubHighlighter().tokens(for: String(decoding: code.utf8.prefix(length), as: UTF8.self), language: language)
        }
    }

    /// A stream whose provisional code is highlighted by `highlighter`, paced on its clock.
    static func stream(_ highlighter: CostlyHighlighter) -> MarkdownStream {
        var stream = MarkdownStream(renderer: MarkdownRenderer(capabilities: capabilities, highlighter: highlighter))
        stream.now = { highlighter.clock.now }
        return stream
    }

    /// The open fence `text` laid out with its code's first `highlighted` bytes coloured, the rest plain.
    static func expected(_ text: String, highlighted: Int) -> [StyledLine] {
        MarkdownRenderer(capabilities: capabilities, highlighter: PrefixHighlighter(length: highlighted)).lines(
            for: text)
    }

    static let head = "```python\n"

    @Test func aLineArrivingSoonAfterAHighlightShowsPlainUntilTheRefreshInstant() throws {
        let clock = TestClock()
        let highlighter = CostlyHighlighter(clock: clock)
        var stream = Self.stream(highlighter)
        let lines = ["first 1 # one\n", "second \"two\" 2\n", "third 3\n"]
        stream.feed(Self.head + lines[0])
        _ = stream.update()
        clock.advance(.seconds(1))
        stream.feed(lines[1])
        let coloured = stream.update()
        #expect(coloured.refreshBy == nil)
        let calls = highlighter.calls
        let highlightedAt = clock.now

        clock.advance(.milliseconds(2))
        stream.feed(lines[2])
        let paced = stream.update()
        #expect(highlighter.calls == calls)
        let refresh = try #require(paced.refreshBy)
        #expect(refresh == highlightedAt + .milliseconds(HighlightPacer.idleFactor))
        let text = Self.head + lines.joined()
        #expect(paced.provisional == Self.expected(text, highlighted: (lines[0] + lines[1]).utf8.count - 1))
        #expect(paced.provisional != Self.expected(text, highlighted: .max))

        // No new input: the redraw at the refresh instant colours the plain line.
        clock.advance(highlightedAt.duration(to: refresh) - .milliseconds(2))
        let refreshed = stream.update()
        #expect(highlighter.calls == calls + 1)
        #expect(refreshed.refreshBy == nil)
        #expect(refreshed.provisional == Self.expected(text, highlighted: .max))
    }

    @Test func theNextHighlightIsDueEightTimesItsCostAfterTheLastAndOnlyWhilePacing() {
        let clock = TestClock()
        let highlighter = CostlyHighlighter(clock: clock, cost: .milliseconds(3))
        var stream = Self.stream(highlighter)
        #expect(stream.highlightDue == nil)
        stream.feed(Self.head + "a 1\n")
        _ = stream.update()
        clock.advance(.seconds(1))
        stream.feed("b 2\n")
        _ = stream.update()
        #expect(stream.highlightDue == clock.now + .milliseconds(3 * HighlightPacer.idleFactor))
        stream.pacesHighlighting = false
        #expect(stream.highlightDue == nil)
    }

    @Test func linesArrivingSlowerThanTheHighlightsAreEachShownColoured() {
        let clock = TestClock()
        let highlighter = CostlyHighlighter(clock: clock)
        var stream = Self.stream(highlighter)
        var text = Self.head
        stream.feed(text)
        for index in 0..<30 {
            let line = "let \(index) \"s\"\n"
            text += line
            stream.feed(line)
            let update = stream.update()
            #expect(update.refreshBy == nil)
            #expect(update.provisional == Self.expected(text, highlighted: .max))
            clock.advance(.milliseconds(HighlightPacer.idleFactor))
        }
        #expect(highlighter.calls == 30)
    }

    @Test func aTopLevelFenceLeavesPlainOnlyTheRowsATallEnoughRegionHolds() {
        let clock = TestClock()
        let highlighter = CostlyHighlighter(clock: clock)
        var stream = Self.stream(highlighter)
        stream.feed(Self.head)
        // Lines of one row each: as many may be plain as rows the bound allows, its frame's line aside.
        let rows = HighlightPacer.mostPlainRows(width: Self.capabilities.width) - 1
        var code = ""
        for index in 0...(2 * rows) {
            let line = "x \(index)\n"
            code += line
            stream.feed(line)
            let update = stream.update()
            // The block's code ends without the last line's newline: its plain rows are its plain lines.
            let plain = code.utf8.dropLast().dropFirst(highlighter.lastLength).filter { $0 == 0x0A }.count + 1
            #expect(plain <= rows)
            #expect(update.provisional == Self.expected(Self.head + code, highlighted: highlighter.lastLength))
        }
        // Highlighted at the first line, then whenever the plain lines would fill more rows: twice more.
        #expect(highlighter.calls == 3)
    }

    @Test func aBlockInsideAContainerLeavesFewerThanPlainLinesLinesPlain() {
        var pacer = HighlightPacer()
        let start = ContinuousClock.now
        // A highlight costs a millisecond; no time passes between lines.
        var elapsed = Duration.zero
        var calls = 0
        var code = ""
        for index in 0...(2 * HighlightPacer.plainLines) {
            code += "x \(index)\n"
            let block = CodeBlock(info: "python", code: code, isFenced: true)
            // No lineage: the block was parsed (in a list item or a quote), not read from the source.
            _ = pacer.tokens(
                for: block, lineage: nil, language: "python", paced: true, width: Self.capabilities.width,
                now: { start + elapsed },
                highlight: { _ in
                    calls += 1
                    elapsed += .milliseconds(1)
                    return ProvisionalTokens(tokens: [])
                })
        }
        // Highlighted at the first line, then whenever `plainLines` lines would be plain: twice more.
        #expect(calls == 3)
    }

    @Test(arguments: [1, 5, 23])
    func everyPacedRedrawShowsTheWholeBlockLaidOutWithTheTokensUsed(piece: Int) {
        let clock = TestClock()
        let highlighter = CostlyHighlighter(clock: clock, cost: .microseconds(300))
        var stream = Self.stream(highlighter)
        let lines = (0..<120).map { "def f\($0) \"value \($0)\" \($0) # a note that wraps at narrow widths\n" }
        let text = Self.head + lines.joined() + "```\n\nAfter.\n"
        let bytes = Array(text.utf8)
        // While only code lines are fed, the provisional tail is the open block.
        let codeStart = Self.head.utf8.count + 1
        let codeEnd = Self.head.utf8.count + lines.joined().utf8.count
        var final: [StyledLine] = []
        var paced = 0
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            stream.feed(bytes[start..<end])
            let update = stream.update()
            final += update.final
            if update.refreshBy != nil { paced += 1 }
            let fed = String(decoding: bytes[..<end], as: UTF8.self)
            if end >= codeStart, end <= codeEnd {
                let highlighted = update.refreshBy == nil ? Int.max : highlighter.lastLength
                #expect(update.provisional == Self.expected(fed, highlighted: highlighted), "after \(end) bytes")
            }
            clock.advance(.microseconds(200))
            start = end
        }
        final += stream.finish()
        #expect(paced > 0)
        #expect(
            final == MarkdownRenderer(capabilities: Self.capabilities, highlighter: StubHighlighter()).lines(for: text))
    }

    @Test func pacingIsOnlyUsedWhereThePlainLinesCannotScrollOutOfTheLiveRegion() {
        #expect(MarkdownStream.pacedHighlightingFits(rows: 24, width: 80))
        #expect(!MarkdownStream.pacedHighlightingFits(rows: 12, width: 80))
        #expect(!MarkdownStream.pacedHighlightingFits(rows: 24, width: 20))
        #expect(HighlightPacer.mostPlainRows(width: 80) < 24)
    }
}
