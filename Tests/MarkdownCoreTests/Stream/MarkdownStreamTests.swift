import FoundationEssentials
import Testing

@testable import MarkdownCore

/// The streaming engine (`MarkdownStream`): what it returns as final, when, and that the final lines of
/// a stream fed in any pieces equal the one-shot render.
@Suite struct MarkdownStreamTests {
    static let renderer = MarkdownRenderer(
        capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor, hyperlinks: true))

    /// Feeds `bytes` in pieces of `size`, updating after each, and returns every final line.
    static func streamed(_ bytes: [UInt8], pieces size: Int, provisional: Bool = false) -> [StyledLine] {
        var stream = MarkdownStream(renderer: renderer)
        var lines: [StyledLine] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            stream.feed(bytes[start..<end])
            lines += stream.update(provisional: provisional).final
            start = end
        }
        lines += stream.finish()
        return lines
    }

    /// Feeds `text` a character at a time, checking after each that the final lines so far and the
    /// provisional tail are the one-shot render of what was fed; returns the finished stream.
    @discardableResult
    static func expectEveryPrefixShowsTheInputSoFar(_ text: String, renderer: MarkdownRenderer) -> MarkdownStream {
        var stream = MarkdownStream(renderer: renderer)
        var final: [StyledLine] = []
        var fed = ""
        for character in text {
            fed.append(character)
            stream.feed(String(character))
            let update = stream.update()
            final += update.final
            #expect(final + update.provisional == renderer.lines(for: fed), "after \(fed.debugDescription)")
        }
        #expect(final + stream.finish() == renderer.lines(for: text))
        return stream
    }

    static func oneShot(_ bytes: [UInt8]) -> [StyledLine] {
        let text = String(
            decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        return renderer.lines(for: text)
    }

    @Test(arguments: GoldenFile.fixtures)
    func everyFixtureStreamedInPiecesEqualsTheOneShotRender(name: String) throws {
        let bytes = Array(try GoldenFile.fixture(name).utf8)
        let expected = Self.oneShot(bytes)
        for size in [1, 2, 3, 7, 64, 4096] {
            #expect(Self.streamed(bytes, pieces: size) == expected, "pieces of \(size)")
        }
        #expect(Self.streamed(bytes, pieces: 5, provisional: true) == expected)
    }

    static let detailsRun = "Intro\n\n<details>\n<summary>More</summary>\n\n- one\n- two\n\n</details>\n\nafter\n"

    /// HTML that encloses Markdown blocks is read as one piece, as in the one-shot render: the list is
    /// inside the `<details>` section (indented under its summary), not a list of its own.
    @Test func htmlEnclosingMarkdownBlocksStreamsAsTheOneShotRender() throws {
        let bytes = Array(Self.detailsRun.utf8)
        let expected = Self.oneShot(bytes)
        #expect(expected.map(\.plainText).contains("  • one"))
        for size in [1, 3, 7] {
            #expect(Self.streamed(bytes, pieces: size) == expected, "pieces of \(size)")
        }
    }

    /// While `<details>` is open its blocks stay provisional; once it closes and the next block starts,
    /// the whole run is final.
    @Test func blocksEnclosedByHTMLBecomeFinalOnceTheElementCloses() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Intro\n\n<details>\n<summary>More</summary>\n\n- one\n- two\n\n")
        let open = stream.update()
        #expect(open.final == Self.renderer.lines(for: "Intro"))
        #expect(open.provisional.map(\.plainText).contains("  • one"))
        stream.feed("</details>\n\n")
        #expect(stream.update().final.isEmpty, "the closing HTML block may still grow")
        stream.feed("after\n")
        let closed = stream.update().final
        let whole = Self.renderer.lines(for: Self.detailsRun)
        #expect(!closed.isEmpty)
        #expect(Self.renderer.lines(for: "Intro") + closed + [.blank] + Self.renderer.lines(for: "after") == whole)
    }

    /// While an element is open, what is shown (final and provisional lines) is the one-shot render of
    /// the input so far, after every character.
    @Test func anOpenElementIsShownAsTheOneShotRenderOfTheInputSoFar() {
        let text = "Intro\n\n<div align=\"center\">\n\nsome words\nmore words\n\n- a\n- b\n\n</div>\n\nafter words\n"
        Self.expectEveryPrefixShowsTheInputSoFar(text, renderer: Self.renderer)
    }

    /// A `<div>` that never closes holds everything after it in the unfinished tail until the input ends.
    @Test func anUnclosedDivHoldsItsBlocksUntilTheEndOfInput() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var final: [StyledLine] = []
        let text = "Intro\n\n<div align=\"center\">\n\n# Title\n\n" + (1...20).map { "para \($0)\n\n" }.joined()
        stream.feed(text)
        final += stream.update().final
        #expect(final == Self.renderer.lines(for: "Intro"))
        #expect(stream.pendingByteCount == text.utf8.count - "Intro\n\n".utf8.count)
        final += stream.finish()
        #expect(final == Self.renderer.lines(for: text))
    }

    /// An element that closes at once (`<div>` then `</div>`) gives no block, but the HTML after it is
    /// read as after it, as in the one-shot render: a stray closing tag that follows does not swallow
    /// the blocks after it.
    @Test(arguments: [
        "<div align=\"center\">\n</div>\n\n</details>\n<details>",
        "<div align=\"center\">\n</div>\n\n</ul>\n</details>\n- item",
    ])
    func htmlAfterAnEmptyElementStreamsAsTheOneShotRender(text: String) {
        let bytes = Array(text.utf8)
        let expected = Self.oneShot(bytes)
        #expect(!expected.isEmpty)
        for size in [1, 7, 100] {
            #expect(Self.streamed(bytes, pieces: size) == expected, "pieces of \(size)")
        }
    }

    /// Documents assembled at random from HTML that opens, closes or holds elements and Markdown
    /// blocks between them stream, in any pieces, as the one-shot render.
    @Test(arguments: 1...4)
    func htmlRunsAssembledAtRandomStreamAsTheOneShotRender(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let pieces = [
            "<details>\n", "<summary>More</summary>\n", "</details>\n", "<div align=\"center\">\n", "</div>\n",
            "<p align=\"center\">centred</p>\n", "<ul>\n<li>html item\n", "</ul>\n", "<b>bold\n", "<!-- note\n",
            "-->\n", "\n", "\n", "\n", "text\n", "- item\n", "# Heading\n", "```\ncode\n```\n", "> quote\n",
            "<table>\n<tr><td>\n", "</td></tr></table>\n", "<img src=\"x.png\" alt=\"pic\">\n", "<b></b>\n",
            "<div></div>\n", "</div>\n\n",
        ]
        for _ in 0..<60 {
            let text = (0..<Int.random(in: 4...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(text.utf8)
            let expected = Self.oneShot(bytes)
            for size in [1, 3, 7] {
                #expect(Self.streamed(bytes, pieces: size) == expected, "\(text.debugDescription), pieces of \(size)")
            }
        }
    }

    /// Link reference definitions that come after their use are the documented exception; every other
    /// example of the spec streams exactly.
    @Test func everySpecExampleWithoutDefinitionsStreamsExactly() throws {
        let spec = try #require(CommonMarkSpec.installed, Comment(rawValue: CommonMarkSpec.installHint))
        var checked = 0
        for example in spec.examples where !example.markdown.contains("]:") {
            let bytes = Array(example.markdown.utf8)
            let expected = Self.oneShot(bytes)
            for size in [1, 3] {
                #expect(Self.streamed(bytes, pieces: size) == expected, "example \(example.number), pieces of \(size)")
            }
            checked += 1
        }
        #expect(checked > 500)
    }

    @Test func aBlockIsFinalOnceALineStartsAnotherTopLevelBlock() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("First paragraph\ncontinues.\n\n")
        #expect(stream.update().final.isEmpty)
        stream.feed("# Heading\n")
        let update = stream.update()
        #expect(update.final == Self.renderer.lines(for: "First paragraph\ncontinues."))
        #expect(update.provisional == [.blank] + Self.renderer.lines(for: "# Heading"))
    }

    /// A table that interrupts a paragraph starts on the paragraph's line (cmark-gfm's position): when
    /// the table waits for a footnote definition (`[^` in a cell), the paragraph waits with it and is
    /// returned once, not again at the end of input.
    @Test func aParagraphATableInterruptedWaitsWithTheTable() {
        let text = "o\nr\n-|\n[^\n|\n"
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed(text)
        #expect(stream.update().final.isEmpty)
        #expect(stream.finish() == Self.renderer.lines(for: text))
    }

    @Test func aFinalBlockIsNeverReturnedTwice() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("one\n\ntwo\n\n")
        let first = stream.update().final
        stream.feed("three\n\n")
        let second = stream.update().final
        #expect(first == Self.renderer.lines(for: "one"))
        #expect(second == [.blank] + Self.renderer.lines(for: "two"))
        #expect(stream.finish() == [.blank] + Self.renderer.lines(for: "three"))
    }

    @Test func aLooseListStaysOpenAndProvisionalUntilTheNextBlockStarts() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("- a\n\n- b\n\n")
        let open = stream.update()
        #expect(open.final.isEmpty)
        #expect(open.provisional == Self.renderer.lines(for: "- a\n\n- b"))
        stream.feed("  continued\n\nafter\n")
        #expect(stream.update().final == Self.renderer.lines(for: "- a\n\n- b\n\n  continued"))
    }

    @Test func aLineThatMayBecomeASetextUnderlineKeepsTheParagraphOpen() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Title\n")
        #expect(stream.update().final.isEmpty)
        stream.feed("=====\n\nbody\n")
        #expect(stream.update().final == Self.renderer.lines(for: "Title\n====="))
    }

    @Test func anUnclosedFenceAtTheEndOfInputIsRenderedAsOneShotRendersIt() {
        let text = "Intro\n\n```swift\nlet a = 1\nlet b = 2"
        #expect(Self.streamed(Array(text.utf8), pieces: 4) == Self.renderer.lines(for: text))
    }

    @Test func aUTF8SequenceSplitAcrossPiecesIsJoined() {
        let bytes = Array("héllo — 日本語 👩‍👩‍👧 done\n".utf8)
        for size in 1...4 {
            let lines = Self.streamed(bytes, pieces: size)
            #expect(lines == Self.renderer.lines(for: "héllo — 日本語 👩‍👩‍👧 done"))
            #expect(!lines.map(\.plainText).joined().contains("\u{FFFD}"))
        }
    }

    @Test func invalidUTF8BecomesTheReplacementCharacterAsInOneShot() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xF0, 0x9F, 0x0A, 0x0A, 0x64, 0xE2, 0x82]
        for size in 1...4 {
            #expect(Self.streamed(bytes, pieces: size) == Self.oneShot(bytes), "pieces of \(size)")
        }
    }

    @Test func aByteOrderMarkSplitAcrossPiecesIsDropped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# Title\n".utf8)
        #expect(Self.streamed(bytes, pieces: 1) == Self.renderer.lines(for: "# Title"))
    }

    @Test func footnotesAreNumberedAcrossFinalBlocksAndWrittenAtTheEnd() {
        let text = "[^b]: Bee.\n[^a]: Ay.\n\nFirst[^b].\n\nSecond[^a] and[^b].\n\nThird.\n"
        #expect(Self.streamed(Array(text.utf8), pieces: 3) == Self.renderer.lines(for: text))
    }

    @Test func aBlockWithAFootnoteWhoseDefinitionHasNotArrivedWaits() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Text[^n].\n\nMore.\n\n")
        #expect(stream.update().final.isEmpty)
        stream.feed("[^n]: Note.\n")
        let text = "Text[^n].\n\nMore.\n\n[^n]: Note.\n"
        #expect(stream.update().final + stream.finish() == Self.renderer.lines(for: text))
    }

    @Test func aReferenceLinkBeforeItsDefinitionWaitsForIt() {
        let text = "See [the docs][docs].\n\nMore.\n\n[docs]: https://example.com\n"
        #expect(Self.streamed(Array(text.utf8), pieces: 2) == Self.renderer.lines(for: text))
    }

    @Test func definitionsStillApplyAfterTheirBlockWasDropped() {
        let text =
            "> [a]: https://a.example\n\nintro\n\n- [b]: https://b.example\n\n" + "para\n\n"
            + String(repeating: "filler\n\n", count: 5) + "[a] and [b] and [c]\n\n[c]: /c\n"
        #expect(Self.streamed(Array(text.utf8), pieces: 7) == Self.renderer.lines(for: text))
    }

    @Test func frontMatterWaitsForItsClosingFence() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("---\ntitle: x\n\nparagraph\n\n")
        #expect(stream.update().final.isEmpty)
        stream.feed("---\nbody\n\nnext\n")
        let text = "---\ntitle: x\n\nparagraph\n\n---\nbody\n\nnext\n"
        #expect(stream.update().final + stream.finish() == Self.renderer.lines(for: text))
    }

    @Test func linesThatOnlyContinueAnOpenParagraphFinishNothing() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "Start of a long paragraph\n"
        stream.feed(text)
        _ = stream.update(provisional: false)
        for index in 0..<500 {
            let line = "words *and* more [\(index)] words\n"
            text += line
            stream.feed(line)
            #expect(stream.update(provisional: false).final.isEmpty)
        }
        stream.feed("\nNext\n")
        #expect(stream.update(provisional: false).final == Self.renderer.lines(for: text))
    }

    @Test func itemsThatOnlyContinueAnOpenBulletListFinishNothing() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "* [[`abc`](https://x.example)] - first item\n* second\n"
        stream.feed(text)
        #expect(stream.update(provisional: false).final.isEmpty)
        for index in 0..<300 {
            let line = index % 3 == 0 ? "  continued *text* \(index)\n" : "* item **\(index)** `code`\n"
            text += line
            stream.feed(line)
            #expect(stream.update(provisional: false).final.isEmpty)
        }
        for closing in ["* * *\n", "- other marker\n", "\n"] {
            var copy = stream
            copy.feed(closing + "After.\n")
            #expect(
                copy.update(provisional: false).final + copy.finish()
                    == Self.renderer.lines(for: text + closing + "After.\n"))
        }
    }

    @Test func blocksWaitingForADefinitionAreParsedAgainOnlyForALineThatMayDefineIt() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "See [docs][d].\n\n"
        stream.feed(text)
        _ = stream.update(provisional: false)
        stream.feed("More.\n\n")
        text += "More.\n\n"
        _ = stream.update(provisional: false)
        for index in 0..<200 {
            let line = "Paragraph \(index).\n\n"
            text += line
            stream.feed(line)
            #expect(stream.update(provisional: false).final.isEmpty)
        }
        text += "[d]: https://example.com\n"
        stream.feed("[d]: https://example.com\n")
        #expect(stream.update(provisional: false).final + stream.finish() == Self.renderer.lines(for: text))
    }

    @Test func finalBlocksAreDroppedSoTheTailStaysShort() {
        var stream = MarkdownStream(renderer: Self.renderer)
        for index in 0..<2000 {
            stream.feed("Paragraph number \(index) of many.\n\n")
            _ = stream.update(provisional: false)
        }
        #expect(stream.pendingByteCount < 100)
    }
}

/// Words appended to an open paragraph, a few at a time as a model writes them: the provisional lines
/// are exactly what parsing the paragraph so far gives.
@Suite struct OpenParagraphStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    @Test func plainWordsAppendedToAParagraphLayOutAsParsingWould() {
        var generator = SeededGenerator(state: 3_141_592)
        let words = ["alpha", "beta,", "gamma.", "delta?", "épsilon", "日本語", "zeta'", "eta\"", "100%", "a/b", "x=y"]
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "# Title\n\nStart"
        stream.feed(text)
        _ = stream.update()
        for _ in 0..<300 {
            var piece = ""
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                piece += (Bool.random(using: &generator) ? " " : "  ") + words.randomElement(using: &generator)!
            }
            text += piece
            stream.feed(piece)
            let update = stream.update()
            #expect(update.final == [])
            let paragraph = String(text.dropFirst("# Title\n\n".count))
            #expect(update.provisional == [.blank] + Self.renderer.lines(for: paragraph))
        }
    }

    @Test(arguments: ["*", "_", "`", "[", "<", "&", "\\", "!", "~", "|", ":", "www.", "\n", "\u{85}"])
    func aSignificantCharacterTakesTheParser(piece: String) {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("Some words")
        _ = stream.update()
        stream.feed(" and " + piece + "more x")
        let update = stream.update()
        #expect(update.provisional == Self.renderer.lines(for: "Some words and " + piece + "more x"))
    }
}
