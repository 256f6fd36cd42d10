import Foundation
import Testing

@testable import MarkdownCore

/// A long paragraph of plain text is cut into sections too, between lines where no inline construct can
/// span the cut; its halves are joined back with a soft break, so the document is the whole parse's.
@Suite struct ParagraphCutTests {
    static let plainLines = (0..<300).map { "Line \($0) of one long paragraph with plain words" }

    @Test func aLongPlainParagraphIsCutAndJoinedBack() throws {
        let markdown = "# Title\n\n" + Self.plainLines.joined(separator: "\n") + "\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.sections.count > 10)
        #expect(!sections.joins.isEmpty)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func aLongLineOfPlainTextIsCutInsideAndJoinedBackWithItsSpace() throws {
        let line = (0..<300).map { "word\($0) and more" }.joined(separator: " ")
        let markdown = "# Title\n\n" + line + "\nnext line\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 500))
        #expect(sections.joinsInsideLine.count > 5)
        #expect(sections.probedCuts.isEmpty)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 500) == whole)
    }

    @Test(arguments: ["===", "---", "|---|", "- item", "    indented", "(aside)", "1. one"])
    func aLongLineIsNotCutInsideWhenItsParagraphEndsOtherwiseThanPlain(ending: String) throws {
        let markdown = (0..<200).map { "word\($0)" }.joined(separator: " ") + "\n" + ending + "\n"
        let sections = MarkdownSections(markdown, minimumSize: 0, sectionSize: 100)
        #expect(sections?.joinsInsideLine.isEmpty ?? true)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect((DocumentConverter().documentInSections(from: markdown, sectionSize: 100) ?? whole) == whole)
    }

    @Test(arguments: ["===", "---", "|---|", "- item", "    indented", "(aside)", "1. one"])
    func aParagraphThatEndsOtherwiseThanPlainIsNotCut(ending: String) throws {
        let markdown = Self.plainLines.joined(separator: "\n") + "\n" + ending + "\n"
        let sections = MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000)
        #expect(sections?.joins.isEmpty ?? true)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        let sectioned = DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) ?? whole
        #expect(sectioned == whole)
    }

    @Test func noCutFollowsALineThatMayOpenAnInlineConstructOrBreak() {
        for line in [
            "with *emphasis", "a `code", "a [link", "an <b", "a $formula", "escaped \\", "hard break  ", "tab\t",
            "x \t",
        ] {
            #expect(!PlainParagraphRun.mayEndSection(line[...]), "\(line)")
        }
        #expect(PlainParagraphRun.mayEndSection("plain words, numbers 1-2 and: punctuation."[...]))
        #expect(PlainParagraphRun.mayEndSection("one space at the end "[...]))
    }

    @Test func aBodyBelowTheThresholdIsCutWhenItsDelimitersWeighFourTimesTheThreshold() throws {
        let unit = String(String(repeating: "a *b* ", count: 12).dropLast())
        // 200 lines of 71 bytes, 24 delimiters each: 14 KB weighing 125 KB.
        let dense = Array(repeating: unit, count: 200).joined(separator: "\n") + "\n"
        #expect(MarkdownSections(dense, minimumSize: 20_000, sectionSize: 5_000) != nil)
        #expect(MarkdownSections(dense, minimumSize: 40_000, sectionSize: 5_000) == nil)
        let plain = dense.replacingOccurrences(of: "*", with: "x")
        #expect(MarkdownSections(plain, minimumSize: 20_000, sectionSize: 5_000) == nil)
        let whole = DocumentConverter().wholeDocument(from: dense)
        #expect(DocumentConverter().documentInSections(from: dense, sectionSize: 5_000) == whole)
    }

    @Test func aParagraphWhoseLinesEndInOneSpaceIsCutAndJoinedBack() throws {
        let lines = (0..<300).map { "Line \($0) of *one* paragraph, a _trailing_ space " }
        let markdown = lines.joined(separator: "\n") + "\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(!sections.joins.isEmpty)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 2)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    /// Lines that start, end and continue every kind of construct, in random paragraphs: wherever the
    /// sections are cut, the document is the whole parse's.
    @Test func randomParagraphsParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "plain words here", "More plain words", "with *emphasis", "closed* there", "Open `code", "code` shut",
            "A [link", "](https://example.org) done", "Tail with two spaces  ", "Tail with one space ",
            "Escaped \\", "===", "---", "| a | b |",
            "|---|---|", "- item", "  indented", "1. one", "> quote", "an <b>tag", "shut</b>", "Math $x", "y$ end",
            "", "", "www.example.org link", "Footnote[^1]", "[^1]: note", "Setext", "~~strike", "gone~~",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "Plain line \($0) of text" }, seed: 0x9E37_79B9_7F4A_7C15)
        documents.expectEveryCutParsesAsTheWhole()
    }

    /// A paragraph of more elements than a run holds is wrapped whole and written a run of lines at a
    /// time: the bytes are the whole render's, whatever the run's length.
    @Test(arguments: [1, 7, 4_096])
    func aLongParagraphIsWrittenARunOfLinesAtATimeAsAWhole(linesPerRun: Int) {
        let words = (0..<400).map { "Word \($0) *em* [link](https://e.org/\($0)) `code` and 日本語 words" }
        let markdown = "# Title\n\n" + words.joined(separator: "\n") + "\n\nAfter *that*.\n"
        let document = DocumentConverter().document(from: markdown)
        let slices = LayoutSlice.slices(
            of: document, itemsPerSlice: linesPerRun, labelWidth: { _ in 0 }, tableColumns: { _ in nil })
        #expect(slices.contains { if case .paragraph = $0 { true } else { false } } == (linesPerRun < 4_096))
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 50, colorDepth: .trueColor))
        var inRuns = whole
        inRuns.listItemsPerSlice = linesPerRun
        var bytes: [UInt8] = []
        inRuns.render(markdown) { bytes += $0 }
        #expect(bytes == whole.render(markdown))
    }

    @Test func aLongParagraphRendersSectionBySectionAsAWhole() {
        let markdown = Self.plainLines.joined(separator: "\n") + "\n\nNext *paragraph*.\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 50, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 2_000)
        var bytes: [UInt8] = []
        sectioned.render(markdown) { bytes += $0 }
        #expect(bytes == whole.render(markdown))
    }
}
