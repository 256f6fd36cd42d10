import FoundationEssentials
import Testing

@testable import MarkdownCore

/// An open block quote, alert, list or table is final only once a line that starts the next top-level
/// block arrives: until then all of it is provisional (a live region shows its newest rows and writes it
/// whole once it is final), and its final lines are the one-shot render's.
@Suite struct ContainerStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// Feeds `text` a line at a time (each line in pieces of `size`), and returns the final lines
    /// returned after each complete line, in order.
    static func finalLinesPerLine(_ text: String, pieces size: Int = 3) -> (perLine: [[StyledLine]], all: [StyledLine])
    {
        var stream = MarkdownStream(renderer: renderer)
        var perLine: [[StyledLine]] = []
        var all: [StyledLine] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let bytes = Array((line + "\n").utf8)
            var received: [StyledLine] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                stream.feed(bytes[start..<end])
                received += stream.update().final
                start = end
            }
            perLine.append(received)
            all += received
        }
        all += stream.finish()
        return (perLine, all)
    }

    @Test(arguments: [
        "- item one\n\n- item two\n\n- item three\n",
        "- one\n- two\n- three\n\n- four\n",
        "> First paragraph\n> of the quote.\n>\n> Second one.\n>\n> Third one.\n",
        "> [!NOTE]\n> Read this first.\n>\n> - then\n> - this\n>\n> Last.\n",
        (1...12).map { "\($0). item\n\n" }.joined(),
        "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| a much longer cell | 5 |\n",
        "> <div align=\"center\">\n>\n> Centred.\n>\n> Also centred.\n>\n> </div>\n",
        "> See [the docs][d].\n>\n> More.\n>\n> [d]: https://example.com\n",
    ])
    func anOpenContainerIsFinalWholeOnceTheNextBlockStarts(container: String) throws {
        let text = container + "\nAfter.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        let after = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "After."))
        #expect(perLine[..<after].allSatisfy { $0.isEmpty })
        #expect(perLine[after] == Self.renderer.lines(for: container))
        #expect(all == Self.renderer.lines(for: text))
    }

    /// What a terminal shows (final lines so far, then the provisional tail) is the render of the input
    /// so far at every step.
    @Test func finalLinesSoFarAndTheProvisionalTailShowTheInputSoFar() {
        let text =
            "Intro.\n\n> Quoted one.\n>\n> Quoted two.\n>\n> Quoted three.\n\n- a\n\n- b\n  more b\n\n- c\n\n"
            + "> [!TIP]\n> Tip one.\n>\n> Tip two.\n\nEnd.\n"
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(text, renderer: Self.renderer)
    }

    @Test(arguments: 1...3)
    func containersStreamedInAnyPiecesEqualTheOneShotRender(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let pieces = [
            "> quoted *words*\n", ">\n", "> - a\n", "> - b\n", "- item\n", "\n", "  continued\n", "* other\n",
            "> [!WARNING]\n", "1. one\n", "+ plus `code`\n", "    indented\n", "```\n", "text\n", "> ```\n",
            "- [ ] task\n", "- [x] done\n", "\n| a | b |\n|---|---|\n| 1 | 2 |\n", "> > nested\n", "---\n",
            "  - deep\n",
            "> <div align=\"center\">\n", "> </div>\n", "> <b>\n", "> Text[^n] and [a][b]\n",
        ]
        for _ in 0..<80 {
            let text = (0..<Int.random(in: 5...30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(text.utf8)
            let expected = Self.renderer.lines(for: text)
            for size in [1, 2, 7] {
                #expect(MarkdownStreamTests.streamed(bytes, pieces: size) == expected, "\(text.debugDescription)")
            }
        }
    }
}
