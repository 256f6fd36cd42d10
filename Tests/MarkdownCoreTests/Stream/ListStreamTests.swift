import FoundationEssentials
import Testing

@testable import MarkdownCore

/// A long open tight list or ordered list, whose items are not final before it ends (a later blank line
/// makes it loose, a wider number moves every marker): what is shown, provisionally and for good, stays
/// exactly the one-shot render.
@Suite struct ListStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// `ProvisionalStreamChecks.streamed` with this suite's renderer.
    @discardableResult
    static func streamedWithProvisionalChecks(_ text: String, pieces size: Int) -> MarkdownStream {
        ProvisionalStreamChecks.streamed(text, pieces: size, renderer: renderer)
    }

    /// A list of `count` items with assorted content: nested items, code in items, lazy continuation
    /// lines, task items, emphasis. `marker` makes the markers (from the item's index), `gap` follows
    /// each item (a blank line for a loose list).
    static func list(_ count: Int, gap: String = "", marker: (Int) -> String) -> String {
        var text = ""
        for index in 0..<count {
            let lead = marker(index)
            let indent = String(repeating: " ", count: lead.count + 1)
            switch index % 7 {
            case 2: text += "\(lead) item \(index)\n\(indent)- nested\n\(indent)- nested *too*\n"
            case 3: text += "\(lead) ```\n\(indent)code \(index)\n\(indent)```\n"
            case 4: text += "\(lead) [x] done \(index)\nlazy continuation line\n"
            case 5: text += "\(lead) item \(index) goes on\n\(indent)with a continued line and `code`\n"
            default: text += "\(lead) Item \(index) has *some* words and a [link](https://example.com/\(index)).\n"
            }
            text += gap
        }
        return text
    }

    static func bullets(_: Int) -> String { "-" }

    @Test(arguments: [1, 7, 64])
    func aLongTightBulletListStreamedInPiecesShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let text = Self.list(pieces == 1 ? 16 : 40, marker: Self.bullets) + "\nAfter the list.\n"
        Self.streamedWithProvisionalChecks(text, pieces: pieces)
    }

    /// Numbers from 1 across 9 → 10 and 99 → 100: the number column widens, so the lines of every
    /// earlier item change.
    @Test(arguments: [1, 7, 64])
    func aLongTightOrderedListAcrossWiderNumbersShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let count = pieces == 1 ? 12 : 104
        let text = Self.list(count, marker: { "\($0 + 1)." }) + "\nAfter the list.\n"
        Self.streamedWithProvisionalChecks(text, pieces: pieces)
    }

    /// Written numbers need not count on (cmark numbers the items from the first one's): items numbered
    /// `7.`, `1.`, `1.`, … show 7, 8, 9, 10, …; and `)` delimiters.
    @Test(arguments: [1, 7, 64])
    func anOrderedListStartingAtSevenWithRepeatedNumbersShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let text = Self.list(pieces == 1 ? 8 : 30, marker: { $0 == 0 ? "7)" : "1)" })
        Self.streamedWithProvisionalChecks(text, pieces: pieces)
    }

    @Test(arguments: [1, 7, 64])
    func aLooseOrderedListAcrossOneHundredShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let start = pieces == 1 ? 96 : 90
        let text = Self.list(pieces == 1 ? 8 : 20, gap: "\n", marker: { "\(start + $0)." }) + "After the list.\n"
        Self.streamedWithProvisionalChecks(text, pieces: pieces)
    }

    /// A blank line between two late items makes the whole list loose: every earlier item's lines change
    /// (a loose bullet list then has its closed items returned as final).
    @Test(arguments: [1, 7, 64])
    func aTightListTurningLooseLateShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let count = pieces == 1 ? 10 : 30
        for marker: @Sendable (Int) -> String in [Self.bullets, { "\($0 + 1)." }] {
            let text =
                Self.list(count, marker: marker) + "\n" + Self.list(count, marker: { marker($0 + count) })
                + "\nAfter the list.\n"
            Self.streamedWithProvisionalChecks(text, pieces: pieces)
        }
    }

    /// A blank line at the end of a tight list keeps it tight until an item follows it; a paragraph
    /// after it ends the list.
    @Test func aBlankLineAfterTheLastItemKeepsTheListTightUntilAnItemFollows() {
        let items = Self.list(12, marker: Self.bullets)
        for text in [items + "\nAfter.\n", items + "\n- one more\n", items + "\n\n\n1. ordered\n"] {
            Self.streamedWithProvisionalChecks(text, pieces: 5)
        }
    }

    /// Streams `piece(index)` for 300 indices, an update with the provisional tail after each: the list
    /// ends as the one-shot render. (What each update costs is `StreamBench`'s to measure.)
    static func expectStreamedAsOneShot(_ piece: (Int) -> String) {
        var stream = MarkdownStream(renderer: renderer)
        var text = ""
        var lines: [StyledLine] = []
        for index in 0..<300 {
            text += piece(index)
            stream.feed(piece(index))
            lines += stream.update(provisional: true).final
        }
        lines += stream.finish()
        #expect(lines == renderer.lines(for: text))
    }

    @Test func aLongTightBulletListStreamedAnItemAtATimeEndsAsTheOneShotRender() {
        Self.expectStreamedAsOneShot { "- An item of a tight list with some words, number \($0).\n" }
    }

    @Test func aLongTightOrderedListStreamedAnItemAtATimeEndsAsTheOneShotRender() {
        Self.expectStreamedAsOneShot { "\($0 + 1). An item of an ordered list with some words.\n" }
    }

    @Test func aLongLooseOrderedListStreamedAnItemAtATimeEndsAsTheOneShotRender() {
        Self.expectStreamedAsOneShot { "\($0 + 1). An item of a loose ordered list.\n\n" }
    }

    /// The same list, tight or loose, streamed in pieces that end after a number or inside a line (after
    /// a blank line, `12` reads as a paragraph after the list until `. ` arrives), through the number
    /// column widening at item 100: every update shows what arrived as the one-shot render shows it.
    @Test(arguments: ["", "\n"])
    func piecesOfALineInALongListShowWhatArrivedAtEveryUpdate(gap: String) {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = ""
        var lines: [StyledLine] = []
        for index in 0..<120 {
            for piece in ["\(index + 1)", ". An item ", "of an ordered list ", "with some words.\n" + gap] {
                text += piece
                stream.feed(piece)
                let update = stream.update(provisional: true)
                lines += update.final
                if index % 10 == 9 {
                    #expect(lines + update.provisional == Self.renderer.lines(for: text), "after item \(index + 1)")
                }
            }
        }
    }

    /// After a width change the list is laid out again at the new width.
    @Test func aListGoesOnExactlyAtANewWidth() {
        let text = Self.list(40, marker: { "\($0 + 1)." })
        #expect(ProvisionalStreamChecks.streamedOnAtANewWidth(text, renderer: Self.renderer).isEmpty)
    }

    /// A definition anywhere in the list applies across its items, those before it included.
    @Test func aDefinitionInALongListAppliesToItsEarlierItems() {
        let text =
            "- See [the docs][d].\n" + Self.list(12, marker: Self.bullets) + "- [d]: https://example.com\n"
            + Self.list(10, marker: Self.bullets)
        Self.streamedWithProvisionalChecks(text, pieces: 7)
    }
}

/// Tight and ordered lists assembled at random from lines that exercise what a streamed list must get
/// right (nested items, code, lazy lines, blank lines that make the list loose late, numbers that widen
/// the column, other markers that start another list, the list ending), streamed in random pieces with
/// provisional updates: every step shows the one-shot render.
@Suite struct RandomListStreamTests {
    static let bulletLines = [
        "- Item text.\n", "  continued\n", "- [ ] task\n", "  - nested\n", "    - deeper\n", "- ```\n", "  code\n",
        "  ```\n", "lazy line\n", "\n", "* other marker\n", "---\n", "-\n", "  # Heading\n", "> quote\n",
        "- a\n- b\n", "  1. nested ordered\n", "      indented code\n", "After.\n",
    ]

    /// Lines that read differently in and out of an item, or as the list's end.
    static let edgeLines = [
        "1.\n", "   \n", "\t- tab item\n", "10) x\n", "0. zero\n", "1. * * *\n", "* * *\n", "1. # heading\n",
        "   ===\n", "1. | a | b |\n", "   |---|---|\n", "   | 1 | 2 |\n", "  \n", "- - -\n", "2.\tTabbed\n",
        "      deep indent\n", "    four\n", "1. a\n   b\n\n   c\n", "Setext\n---\n", "- x\n\n\n- y\n",
        "123456789. big\n", "999. nines\n", "1000. thousand\n", "<div>\n", "- <b>x</b>\n",
    ]

    static let orderedLines = [
        "1. Item text.\n", "   continued\n", "2) other delimiter\n", "   - nested\n", "1. ```\n", "   code\n",
        "   ```\n", "lazy line\n", "\n", "- bullet\n", "99. ninety-nine\n", "100. hundred\n", "---\n", "1.\n",
        "   > quote\n", "After.\n", "3. [x] task\n",
    ]

    @Test func randomTightBulletListsStreamedInRandomPiecesShowTheOneShotRenderAtEveryStep() {
        var generator = SeededGenerator(state: 7_654_321)
        let documents = RandomQuoteStreamTests.randomDocuments(
            80, opening: { _ in "- First item.\n" }, plain: "- Item text.\n", pieces: Self.bulletLines + Self.edgeLines,
            generator: &generator)
        for document in documents { Self.expectStreamedAsOneShot(document, generator: &generator) }
    }

    @Test func randomOrderedListsStreamedInRandomPiecesShowTheOneShotRenderAtEveryStep() {
        var generator = SeededGenerator(state: 24_681_357)
        let documents = RandomQuoteStreamTests.randomDocuments(
            80, opening: { ["1. First.\n", "8. Eighth.\n", "97. First.\n\n"].randomElement(using: &$0)! },
            plain: "1. Item text.\n", pieces: Self.orderedLines + Self.edgeLines, generator: &generator)
        for document in documents { Self.expectStreamedAsOneShot(document, generator: &generator) }
    }

    /// `ProvisionalStreamChecks.streamedInRandomPieces`, then the same text as `--stream always` streams
    /// it (final lines only) in pieces of a random size.
    static func expectStreamedAsOneShot(_ text: String, generator: inout SeededGenerator) {
        let final = ProvisionalStreamChecks.streamedInRandomPieces(
            text, renderer: ListStreamTests.renderer, generator: &generator)
        let size = [1, 7, 64].randomElement(using: &generator)!
        #expect(
            MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == final, "\(text.debugDescription) in \(size)"
        )
    }
}
