import Testing

@testable import MarkdownCore

/// A long block quote is cut into sections too, between two lines of its paragraph where the paragraph
/// alone could be cut (`ContainerParagraphRun`); the halves join back into the whole parse's quote.
@Suite struct QuoteCutTests {
    static func quote(_ lines: Int) -> String {
        (0..<lines).map { "> Line \($0) a *b* c _d_ e **f** g ~~h~~ i" }.joined(separator: "\n") + "\n"
    }

    @Test func aLongQuoteDenseInEmphasisIsCutAndJoinedBack() throws {
        let markdown = "# Title\n\n" + Self.quote(300) + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.probedCuts.count > 10)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func aQuoteWithLazyLinesAndSeveralParagraphsIsJoinedBack() throws {
        var lines: [String] = []
        for index in 0..<200 {
            lines.append(index % 17 == 16 ? ">" : index % 11 == 10 ? "lazy line \(index) *x*" : "> Line \(index) *b*")
        }
        let markdown = lines.joined(separator: "\n") + "\n\nAfter.\n"
        #expect(try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 500)).sections.count > 5)
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 500)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test(arguments: ["> ---", "> ===", "> | a |", "---", "- item", "> ```", "    code", "> > nested"])
    func aQuoteEndingOtherwiseThanPlainParsesAsTheWhole(ending: String) {
        let markdown = Self.quote(100) + ending + "\n> more *x*\n\nAfter.\n"
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 300)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func aCutAfterAnOpenDelimiterInAQuoteIsUndone() throws {
        let lines = ["> Start *open"] + (0..<100).map { "> plain line \($0) here" } + ["> closed* at last"]
        let markdown = lines.joined(separator: "\n") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 200) == whole)
        guard case .blockQuote(let quoted) = whole.blocks.first, case .paragraph(let inlines) = quoted.first else {
            return #expect(Bool(false))
        }
        #expect(inlines.contains { if case .emphasis = $0 { true } else { false } })
    }

    /// 7,500 lines of `a *b* ` twelve times in a quote: 270,000 elements, plain text past the cap.
    @Test func aQuotedParagraphOverTheCapIsPlainTextTheSameWholeOrInSections() throws {
        let markdown =
            (0..<7_500).map { _ in "> " + String(repeating: "a *b* ", count: 12).dropLast() }
            .joined(separator: "\n") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        guard case .blockQuote(let quoted) = whole.blocks.first, case .paragraph(let inlines) = quoted.first else {
            return #expect(Bool(false))
        }
        #expect(!inlines.contains { if case .emphasis = $0 { true } else { false } })
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 20_000) == whole)
    }

    /// Quotes of lines dense in every kind of delimiter, lazy lines, blank quote lines and lines that
    /// end the quote: wherever the sections are cut, the document is the whole parse's.
    @Test func randomQuotesParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "> a *b* c", "> Open *emphasis", "> closed* there", "> a **b", "> c** d", "> x_y_z", "> An _under",
            "> score_ end", "> Tri ***ple", "> ple*** end", "> s ~~strike", "> gone~~ t", ">", "", "lazy *x* y",
            "> ---", "> - item", "# Head", "> Math $x", "> Code `a", ">  two spaces", ">\tTab", "Plain words",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "> Words \($0) a *b* c _d_" }, seed: 0x5EED_0F_C0DE_1234)
        documents.expectEveryCutParsesAsTheWhole()
    }
}
