import Synchronization
import Testing

@testable import MarkdownCore

/// The state of a stream's unfinished tail belongs to that stream (`OpenBlockState`), and what a
/// growing code block shows coloured stays coloured while it grows.
@Suite struct OpenBlockStateTests {
    static let capabilities = TerminalCapabilities(width: 60, colorDepth: .trueColor, hyperlinks: false)

    /// Colours as many bytes of a growing block as calls were made with the state it is given, so that
    /// two streams sharing that state would show it.
    struct CountingHighlighter: SyntaxHighlighter {
        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            StubHighlighter().tokens(for: code, language: language)
        }

        func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens? {
            let calls = (state as? Int ?? 0) + 1
            state = calls
            return ProvisionalTokens(tokens: [SyntaxToken(range: 0..<min(calls, code.utf8.count), capture: "keyword")])
        }
    }

    /// Colours every line's first word at one call and nothing at the next, as a grammar may read an
    /// unfinished line as an error; says its tokens before the previous code's last line are unchanged
    /// only when they are.
    final class FlickeringHighlighter: SyntaxHighlighter {
        private let calls = Mutex(0)

        func tokens(for code: String, language: String) -> [SyntaxToken]? {
            StubHighlighter().tokens(for: code, language: language)
        }

        func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens? {
            let previous = state as? Int
            state = code.utf8.count
            let plain = calls.withLock {
                $0 += 1
                return $0 % 2 == 0
            }
            return ProvisionalTokens(
                tokens: plain ? [] : tokens(for: code, language: language) ?? [],
                extending: previous.map { .init(previousLength: $0, unchangedBefore: 0) })
        }
    }

    static func unpaced(_ renderer: MarkdownRenderer) -> MarkdownStream {
        var stream = MarkdownStream(renderer: renderer)
        stream.pacesHighlighting = false
        return stream
    }

    @Test func twoStreamsFromOneRendererShareNothing() {
        let renderer = MarkdownRenderer(capabilities: Self.capabilities, highlighter: CountingHighlighter())
        let lines = (0..<12).map { "let x\($0) = \($0)\n" }
        var alone = Self.unpaced(renderer)
        alone.feed("```swift\n")
        let aloneUpdates = lines.map { line -> [StyledLine] in
            alone.feed(line)
            return alone.update().provisional
        }
        var first = Self.unpaced(renderer)
        var second = Self.unpaced(renderer)
        first.feed("```swift\n")
        second.feed("```swift\n")
        for (index, line) in lines.enumerated() {
            first.feed(line)
            second.feed(line)
            #expect(first.update().provisional == aloneUpdates[index], "first stream, line \(index)")
            #expect(second.update().provisional == aloneUpdates[index], "second stream, line \(index)")
        }
    }

    /// A copy of a stream goes on with the same open-block state as the original had, and the two then
    /// read and lay out their own code.
    @Test func copiesOfAStreamThatGoOnApartEachShowTheirOwnCode() {
        let renderer = MarkdownRenderer(capabilities: Self.capabilities, highlighter: StubHighlighter())
        var original = Self.unpaced(renderer)
        var originalText = "```swift\nlet a = 1\n"
        original.feed(originalText)
        _ = original.update()
        var copy = original
        var copyText = originalText
        for index in 0..<3 {
            let (mine, theirs) = ("let b\(index) = \(index)\n", "let c\(index) = \(index * 10)\n")
            original.feed(mine)
            originalText += mine
            copy.feed(theirs)
            copyText += theirs
            #expect(original.update().provisional == renderer.lines(for: originalText), "original, line \(index)")
            #expect(copy.update().provisional == renderer.lines(for: copyText), "copy, line \(index)")
        }
    }

    @Test func aRowShownHighlightedIsNeverRedrawnPlainWhileTheBlockGrows() throws {
        var stream = Self.unpaced(
            MarkdownRenderer(capabilities: Self.capabilities, highlighter: FlickeringHighlighter()))
        var fed = "```rust\n"
        stream.feed(fed)
        // The rows shown coloured (unlike the plain layout's), as first shown so.
        var coloured: [Int: StyledLine] = [:]
        for index in 0..<8 {
            let line = "fn main\(index)() {}\n"
            fed += line
            stream.feed(line)
            let rows = stream.update().provisional
            let plain = MarkdownRenderer(capabilities: Self.capabilities).lines(for: fed)
            for (row, shown) in rows.enumerated() {
                if let before = coloured[row] {
                    #expect(shown == before, "row \(row) after line \(index)")
                } else if row < plain.count, shown != plain[row] {
                    coloured[row] = shown
                }
            }
        }
        #expect(coloured.count >= 7)
        stream.feed("```\n")
        let final = stream.update().final + stream.finish()
        #expect(
            final
                == MarkdownRenderer(capabilities: Self.capabilities, highlighter: StubHighlighter()).lines(
                    for: "```rust\n" + (0..<8).map { "fn main\($0)() {}\n" }.joined() + "```\n"))
    }
}
