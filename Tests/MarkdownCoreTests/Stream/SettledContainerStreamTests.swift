import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Inside an open block quote, alert or bullet list, what is settled is final before the container
/// ends (`SettledPart`), what may still change waits, and the final lines stay exactly the one-shot
/// render's.
@Suite struct SettledContainerStreamTests {
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

    static func plain(_ lines: [StyledLine]) -> [String] { lines.map(\.plainText) }

    @Test func aLooseListsClosedItemsAreFinalBeforeTheListEnds() {
        let items = (1...6).map { "- item number \($0) with some words" }
        let text = items.joined(separator: "\n\n") + "\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        // Lines: item, blank, item, blank, …: the line that starts item k settles item k-1.
        for index in 1..<items.count {
            let received = Self.plain(perLine[2 * index])
            #expect(received.contains("• item number \(index) with some words"), "item \(index)")
        }
        #expect(!Self.plain(all.dropLast(1)).isEmpty)
        #expect(perLine.joined().allSatisfy { !$0.plainText.contains("item number 6") })
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func aTightListsFirstItemIsFinalButLaterItemsWaitSinceABlankLineCouldLoosenIt() {
        let text = "- one\n- two\n- three\n\n- four\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine[0].isEmpty)
        #expect(Self.plain(perLine[1]) == ["• one"])
        #expect(perLine[2].isEmpty)
        #expect(perLine[3].isEmpty)
        // The list became loose: from now on its closed items are settled, with blank lines between.
        #expect(Self.plain(perLine[4]) == ["", "• two", "", "• three"])
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func aMultiParagraphQuotesClosedParagraphsAreFinalBeforeTheQuoteEnds() {
        let text = "> First paragraph\n> of the quote.\n>\n> Second one.\n>\n> Third one.\n\nAfter.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine[0].isEmpty && perLine[1].isEmpty && perLine[2].isEmpty)
        #expect(Self.plain(perLine[3]) == ["│ First paragraph of the quote."])
        #expect(Self.plain(perLine[5]) == ["│", "│ Second one."])
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func anAlertsClosedBlocksAreFinalWithItsTitleBeforeTheAlertEnds() {
        let text = "> [!NOTE]\n> Read this first.\n>\n> - then\n> - this\n>\n> Last.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine[0].isEmpty && perLine[1].isEmpty && perLine[2].isEmpty)
        let title = Self.renderer.lines(for: "> [!NOTE]\n> x").first
        #expect(perLine[3].first == title)
        #expect(Self.plain(perLine[3]).last == "│ Read this first.")
        #expect(perLine[4].isEmpty && perLine[5].isEmpty)
        #expect(Self.plain(perLine[6]) == ["│", "│ • then", "│ • this"])
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func anOrderedListWaitsForItsEndSinceALaterNumberCanWidenTheMarkers() {
        let text = (1...12).map { "\($0). item\n\n" }.joined() + "After.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine.dropLast().allSatisfy { $0.isEmpty })
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func aTableWaitsForItsEndSinceEveryRowSetsTheColumnWidths() {
        let text = "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| a much longer cell | 5 |\n\nAfter.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine.dropLast().allSatisfy { $0.isEmpty })
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func aQuoteThatMayHoldAnHTMLBlockWaitsForItsEnd() {
        let text = "> <div align=\"center\">\n>\n> Centred.\n>\n> Also centred.\n>\n> </div>\n\nAfter.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine.dropLast().allSatisfy { $0.isEmpty })
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func aChildShowingAReferenceWhoseDefinitionMayArriveIsSettledOnlyOnceItArrives() {
        let text = "> See [the docs][d].\n>\n> More.\n>\n> [d]: https://example.com\n\nAfter.\n"
        let (perLine, all) = Self.finalLinesPerLine(text)
        #expect(perLine.prefix(4).allSatisfy { $0.isEmpty })
        #expect(Self.plain(perLine[4]) == ["│ See the docs."])
        #expect(all == Self.renderer.lines(for: text))
    }

    @Test func withHTMLShownRawAQuoteHoldingHTMLLinesSettlesAndStaysExact() {
        var renderer = Self.renderer
        renderer.parseOptions.html = .raw
        let text = "> <div align=\"center\">\n>\n> Centred.\n>\n> </div>\n>\n> Last.\n\nAfter.\n"
        var stream = MarkdownStream(renderer: renderer)
        var final: [StyledLine] = []
        var settledEarly = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            stream.feed(line + "\n")
            let update = stream.update(provisional: false)
            if !update.final.isEmpty && !line.isEmpty && line.hasPrefix(">") { settledEarly = true }
            final += update.final
        }
        final += stream.finish()
        #expect(settledEarly)
        #expect(final == renderer.lines(for: text))
    }

    /// What a terminal shows (final lines so far, then the provisional tail) is the render of the input
    /// so far at every step: the settled lines are not shown twice.
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

/// The check that keeps settling honest: a block's final lines must start with what was returned.
@Suite struct CommittedPrefixTests {
    static let part = SettledPart(of: .blockQuote([.paragraph([.text("a")]), .paragraph([.text("b")])]))!

    @Test func theRemainderIsWhatFollowsTheCommittedLines() {
        let committed = CommittedPrefix(part: Self.part, lines: [StyledLine([Span("a")])], provisionalLineCount: 1)
        let full = [StyledLine([Span("a")]), .blank, StyledLine([Span("b")])]
        #expect(committed.remainder(of: full) == [.blank, StyledLine([Span("b")])])
    }

    @Test func linesThatDoNotStartWithTheCommittedOnesHaveNoRemainder() {
        var committed = CommittedPrefix(part: Self.part, lines: [StyledLine([Span("a")])], provisionalLineCount: 1)
        #expect(committed.remainder(of: [StyledLine([Span("x")]), StyledLine([Span("b")])]) == nil)
        #expect(committed.extend(to: Self.part, lines: [StyledLine([Span("y")])], provisionalLineCount: 1) == nil)
        #expect(committed.lines == [StyledLine([Span("a")])])
    }
}
