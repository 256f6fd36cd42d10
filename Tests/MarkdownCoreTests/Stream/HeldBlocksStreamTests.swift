import FoundationEssentials
import Testing

@testable import MarkdownCore

/// A block that shows a reference whose definition has not arrived waits, and every complete block
/// after it waits behind it (`HeldBlocks`): shown provisionally exactly as the one-shot render of what
/// arrived, returned as final once a definition lets them be, or at the end of input.
@Suite struct HeldBlocksStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// An answer that cites footnotes early, defines them at its end, and has lists, a table, code and a
    /// reference link in between.
    static let footnotedAnswer = """
        # Choosing a cache

        An LRU cache[^lru] keeps the most recent entries; a TTL cache[^ttl] drops them by age.

        - **LRU**: bounded by count
        - **TTL**: bounded by time[^ttl]

        | Policy | Bound | Cost |
        |---|---|---|
        | LRU | entries | O(1) |
        | TTL | seconds | O(log n) |

        ```python
        def get(key):
            return cache[key]
        ```

        See [the guide][guide] for more, and a second note[^two].

        1. Measure first.
        2. Then tune.

        [guide]: https://example.com/guide
        [^lru]: Least recently used.
        [^ttl]: Time to live.

        A paragraph between the definitions.

        [^two]: The second note.

        The end.

        """

    @Test(arguments: [1, 3, 16, 64])
    func aFootnotedAnswerStreamedInPiecesEndsAsTheOneShotRender(pieces: Int) {
        let bytes = Array(Self.footnotedAnswer.utf8)
        #expect(MarkdownStreamTests.streamed(bytes, pieces: pieces) == Self.renderer.lines(for: Self.footnotedAnswer))
    }

    /// Until a definition arrives (the one-shot render then shows a footnotes section, which the stream
    /// writes at the end), what is final and what is provisional make the one-shot render of what arrived.
    /// (No fenced code: a partial line that may become its closing fence is not shown until it says what
    /// it is.)
    @Test func blocksHeldForADefinitionShowTheOneShotRenderUntilItArrives() {
        let text = Self.footnotedAnswer.replacing(/```python[^`]*```\n\n/, with: "")
        let bytes = Array(text.utf8)
        let definitions = text.utf8.count - text.split(separator: "[guide]: ", maxSplits: 1)[1].utf8.count
        var stream = MarkdownStream(renderer: Self.renderer)
        var final: [StyledLine] = []
        for end in 1..<definitions {
            stream.feed(bytes[(end - 1)..<end])
            let update = stream.update()
            final += update.final
            let fed = String(decoding: bytes[..<end], as: UTF8.self)
            #expect(final + update.provisional == Self.renderer.lines(for: fed), "after \(end) bytes")
        }
        #expect(final == Self.renderer.lines(for: "# Choosing a cache"))
    }

    @Test func blocksAfterOneAwaitingADefinitionAreNotFinalBeforeIt() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Intro.\n\nText[^n].\n\nMore.\n\n- a\n- b\n\nAfter.\n\n# Next\n")
        #expect(stream.update().final == Self.renderer.lines(for: "Intro."))
        stream.feed("\nStill more.\n\n")
        #expect(stream.update().final.isEmpty)
    }

    @Test func heldBlocksAreFinalOnceTheDefinitionBlockIsComplete() {
        var stream = MarkdownStream(renderer: Self.renderer)
        let held = "Text[^n].\n\nMore.\n\n"
        stream.feed(held)
        #expect(stream.update().final.isEmpty)
        stream.feed("[^n]: Note.\n\n")
        #expect(stream.update().final.isEmpty)
        stream.feed("Later.\n")
        let released = stream.update().final
        let oneShot = Self.renderer.lines(for: held + "[^n]: Note.\n")
        // The held blocks' final lines, footnote numbered; the footnotes section comes at the end.
        #expect(!released.isEmpty)
        #expect(oneShot.starts(with: released))
        #expect(released + stream.finish() == Self.renderer.lines(for: held + "[^n]: Note.\n\nLater.\n"))
    }

    @Test func aHeldBlockStillAwaitingADefinitionKeepsTheBlocksAfterItHeld() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("First[^a].\n\nSecond[^b].\n\nThird.\n\n[^a]: Ay.\n\nFourth.\n")
        let released = stream.update().final
        #expect(released == Self.renderer.lines(for: "First[^a].\n\n[^a]: Ay.\n").prefix(released.count).map { $0 })
        #expect(!released.map(\.plainText).joined().contains("Second"))
        let text = "First[^a].\n\nSecond[^b].\n\nThird.\n\n[^a]: Ay.\n\nFourth.\n\n[^b]: Bee.\n"
        stream.feed("\n[^b]: Bee.\n")
        #expect(released + stream.update().final + stream.finish() == Self.renderer.lines(for: text))
    }

    @Test(arguments: [1, 3, 11])
    func footnotesAreNumberedInTheOrderTheWholeInputNumbersThem(pieces: Int) {
        // `[^b]` is defined before the block that waits for `[^a]`, which the one-shot render numbers 1.
        let text = "[^b]: Bee.\n\nFirst[^a] and[^b].\n\nSecond[^b].\n\nThird.\n\n[^a]: Ay.\n\nLast[^a].\n"
        #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: pieces) == Self.renderer.lines(for: text))
    }

    @Test func heldBlocksAreLaidOutAgainAtANewWidth() {
        var stream = MarkdownStream(renderer: Self.renderer)
        let text = "Text[^n] " + String(repeating: "with many words ", count: 12) + "\n\nMore.\n\nTail"
        stream.feed(text)
        _ = stream.update()
        stream.width = 30
        var narrow = Self.renderer
        narrow.capabilities.width = 30
        #expect(stream.update().provisional == narrow.lines(for: text))
    }

    @Test func aStreamWithHeldBlocksKeepsOnlyWhatMayStillChange() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Text[^n].\n\n")
        for index in 0..<200 { stream.feed("Paragraph \(index).\n\n") }
        _ = stream.update()
        stream.feed("[^n]: Note.\n\nEnd.\n")
        _ = stream.update()
        #expect(stream.pendingByteCount < 100)
    }
}
