import Testing

@testable import MarkdownCore

/// A long paragraph dense in emphasis is cut into sections too, between lines where no delimiter before
/// the cut is left open (a parse with a line of closers after it tells); its halves join back into the
/// whole parse's paragraph.
@Suite struct EmphasisCutTests {
    var probe: ParagraphCutProbe {
        ParagraphCutProbe { text in
            DocumentConverter.cmarkLock.withLock { _ in DocumentConverter().parseWhole(text).document.blocks }
        }
    }

    static let emphasisLines = (0..<300).map { "Line \($0) a *b* c _d_ e **f** g ~~h~~ i snake_case" }

    @Test func aLongParagraphDenseInEmphasisIsCutAndJoinedBack() throws {
        let markdown = "# Title\n\n" + Self.emphasisLines.joined(separator: "\n") + "\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.probedCuts.count > 10)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func aLongLineDenseInEmphasisIsCutInsideAndJoinedBack() throws {
        let markdown = "# Title\n\n" + String(repeating: "a *b* c _d_ ", count: 2_000) + "end\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.joinsInsideLine.count > 10)
        #expect(sections.probedCuts.count == sections.joinsInsideLine.count)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    /// cmark's tree of text dense in emphasis takes many times that of plain text: its sections are
    /// smaller, so that each section's tree takes about as much.
    @Test func textDenseInEmphasisIsCutIntoSmallerSectionsThanPlainText() throws {
        let dense = (0..<400).map { _ in "a *b* c _d_ e *f*" }.joined(separator: "\n") + "\n"
        let plain = (0..<400).map { _ in "a xbx c ydy e zfz" }.joined(separator: "\n") + "\n"
        #expect(dense.utf8.count == plain.utf8.count)
        let denseSections = try #require(MarkdownSections(dense, minimumSize: 0, sectionSize: 1_000))
        let plainSections = try #require(MarkdownSections(plain, minimumSize: 0, sectionSize: 1_000))
        #expect(denseSections.sections.count > 4 * plainSections.sections.count)
        #expect(
            DocumentConverter().documentInSections(from: dense, sectionSize: 1_000)
                == DocumentConverter().wholeDocument(from: dense))
    }

    @Test func aLongLineIsNotCutInsideAfterAnOpenDelimiter() throws {
        let markdown = "Start *open " + String(repeating: "plain words ", count: 500) + "closed* end\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 200))
        #expect(sectioned == whole)
        guard case .paragraph(let inlines) = whole.blocks.first else { return #expect(Bool(false)) }
        #expect(inlines.contains { if case .emphasis = $0 { true } else { false } })
    }

    @Test(arguments: ["a *b* c\n", "a **b** _c_ ~d~ ~~e~~\n", "snake_case_name\n", "a b* c_\n", "x *y\nz* w\n"])
    func textWhoseDelimitersAreAllClosedOrClosersLeavesNothingOpen(text: String) {
        #expect(probe.leavesNothingOpen(text[...]))
    }

    @Test(arguments: ["a *b c\n", "a __b c\n", "a ~~b\n", "a ~b\n", "a *b **c** d\n", "x***y\n"])
    func textWithADelimiterLeftOpenDoesNot(text: String) {
        #expect(!probe.leavesNothingOpen(text[...]))
    }

    @Test func aCutAfterAnOpenDelimiterIsUndoneAndTheParagraphStaysWhole() throws {
        let lines =
            ["Start with *an open delimiter"] + (0..<100).map { "plain line \($0) here" } + ["then closed* at last"]
        let markdown = lines.joined(separator: "\n") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 200))
        #expect(sectioned == whole)
        guard case .paragraph(let inlines) = whole.blocks.first else { return #expect(Bool(false)) }
        #expect(inlines.contains { if case .emphasis = $0 { true } else { false } })
    }

    /// Lines dense in every kind of delimiter, open and closed, in random paragraphs: wherever the
    /// sections are cut, the document is the whole parse's.
    @Test func randomParagraphsDenseInEmphasisParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "a *b* c", "Open *emphasis", "closed* there", "a **b", "c** d", "x_y_z", "An _under", "score_ end",
            "Tri ***ple", "ple*** end", "s ~~strike", "gone~~ t", "one ~tilde", "tilde~ two", "a*b*c", "Star*",
            "x ** y", "Mixed *a _b* c_", "", "Plain words", "Both *flank*ing", "Math $x", "Code `a",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "Words \($0) a *b* c _d_" }, seed: 0x2545_F491_4F6C_DD1D)
        documents.expectEveryCutParsesAsTheWhole()
    }

    /// The same on one line: wherever a long line is cut inside, the document is the whole parse's.
    @Test func randomLinesDenseInEmphasisParseAsTheWholeWhereverTheyAreCutInside() {
        let pool = [
            "a *b* c", "Open *emphasis", "closed* there", "a **b", "c** d", "x_y_z", "An _under", "score_ end",
            "Tri ***ple", "ple*** end", "s ~~strike", "gone~~ t", "a*b*c", "Star*", "x ** y", "Mixed *a _b* c_",
            "Both *flank*ing", "trailing*", "*leading", "two  spaces", "tab\there", "www.example.org w",
            "Math $x", "Code `a", "é *ü* ß",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "words \($0) a *b* c _d_" }, seed: 0x1234_5678_9ABC_DEF1, separator: " ")
        documents.expectEveryCutParsesAsTheWhole()
    }
}
