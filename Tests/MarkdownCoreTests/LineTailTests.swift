import Testing

@testable import MarkdownCore

/// A line too long to parse at once with no place to cut it is parsed up to a bound, and the rest of it
/// is shown as plain text where the parse put it: no character is lost, the lines after it are read in
/// their containers as in the whole parse, and the cap is reported.
@Suite struct LineTailTests {
    /// `*a*b` repeated: emphasis everywhere and no space to cut at (weight 50 per unit).
    static func starLine(units: Int) -> String { String(repeating: "*a*b", count: units) }

    static func sectioned(_ markdown: String, diagnostics: DiagnosticCollector? = nil) throws -> Document {
        try #require(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000, diagnostics: diagnostics))
    }

    @Test func aLineShorterThanSixtyFourKilobytesKeepsNoTailHoweverMuchItWeighs() {
        let markdown = "Intro\n" + String(repeating: "*a ", count: 4_000) + "\n"
        // No tail, and no cut either: the paragraph is one section, so it is parsed whole.
        #expect(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000)?.tails.isEmpty ?? true)
        let sectioned = DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000)
        #expect(sectioned == nil || sectioned == DocumentConverter().document(from: markdown))
    }

    @Test func aParagraphHoldingTheEndOfALineTooLongToCutIsShownAsPlainText() throws {
        let line = Self.starLine(units: 20_000)
        let markdown = "# Title\n\n" + line + "\n\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        let tail = try #require(sections.tails.first)
        #expect(sections.tails.count == 1)
        let document = try Self.sectioned(markdown)
        guard case .paragraph(let inlines) = document.blocks[1], case .text(let text) = inlines.first else {
            return #expect(Bool(false))
        }
        #expect(inlines.count == 1)
        #expect(text.hasSuffix(markdown[tail.range]))
        #expect(text.hasPrefix("abab"))
        #expect(document.blocks[2] == .paragraph([.text("After.")]))
    }

    @Test func noCharacterOfTheLineIsLost() throws {
        let line = Self.starLine(units: 20_000) + " and *more* text"
        let document = try Self.sectioned(line + "\n")
        let whole = DocumentConverter().wholeDocument(from: line + "\n")
        guard case .paragraph(let inlines) = document.blocks.first,
            case .paragraph(let wholeInlines) = whole.blocks.first
        else { return #expect(Bool(false)) }
        let letters = { (text: String) in text.filter { $0 != "*" } }
        #expect(letters(Inline.plainText(inlines)) == letters(line))
        #expect(letters(Inline.plainText(inlines)) == letters(Inline.plainText(wholeInlines)))
    }

    @Test func theCapIsReportedWithTheLineAndTheBytesShownPlain() throws {
        let line = Self.starLine(units: 20_000)
        let collector = DiagnosticCollector()
        let markdown = "---\ntitle: x\n---\n# Title\n\n" + line + "\n"
        let sections = try #require(
            MarkdownSections(String(markdown.dropFirst(17)), minimumSize: 0, sectionSize: 1_000))
        let tail = try #require(sections.tails.first)
        _ = try Self.sectioned(markdown, diagnostics: collector)
        #expect(
            collector.diagnostics == [
                .textShownPlain(
                    line: 6,
                    reason: "80000 bytes with no place to cut them: the last \(80_000 - tail.parsedBytes) bytes are "
                        + "shown as plain text")
            ])
    }

    @Test func theLinesAfterItAreReadInTheirContainerAsInTheWholeParse() throws {
        let markdown = "> " + Self.starLine(units: 20_000) + "\n> more *x*\n\nAfter.\n"
        let document = try Self.sectioned(markdown)
        #expect(document.blocks.count == 2)
        guard case .blockQuote(let quoted) = document.blocks.first, quoted.count == 1,
            case .paragraph(let inlines) = quoted[0]
        else { return #expect(Bool(false)) }
        #expect(Array(inlines.suffix(2)) == [.softBreak, .text("more x")])
    }

    @Test func aLongLineOfCodeInAListItemIsShownExactlyAsTheWholeParseShowsIt() throws {
        let markdown = "- item\n\n  ```\n  " + Self.starLine(units: 20_000) + "\n  ```\n\n  *after*\n\nText.\n"
        #expect(try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000)).tails.count == 1)
        #expect(try Self.sectioned(markdown) == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func aLongLineOfPlainWordsInAQuoteIsShownExactlyAsTheWholeParseShowsIt() throws {
        let markdown = "> " + String(repeating: "word ", count: 30_000) + "end\n\nText.\n"
        #expect(try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000)).tails.count == 1)
        #expect(try Self.sectioned(markdown) == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func aTailCarriesNoControlCharacter() throws {
        let markdown = Self.starLine(units: 20_000) + "\u{1B}[31mred\u{07}\n"
        let document = try Self.sectioned(markdown)
        guard case .paragraph(let inlines) = document.blocks.first else { return #expect(Bool(false)) }
        let text = Inline.plainText(inlines)
        #expect(text.hasSuffix("red␇"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func aDocumentHoldingAMarkerCharacterIsParsedWithItsLinesWhole() throws {
        let markdown =
            "\u{F0000} " + Self.starLine(units: 20_000) + "\n\n# Next\n\n" + String(repeating: "text\n", count: 300)
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.tails.isEmpty)
        #expect(try Self.sectioned(markdown) == DocumentConverter().wholeDocument(from: markdown))
    }

    /// The cuts inside a line are a section of weight apart and more: a stretch between two of them
    /// stays under the bound, so such a line keeps no tail and parses as the whole.
    @Test func aLongLineThatCanBeCutInsideKeepsNoTail() throws {
        let markdown = String(repeating: "a *b* c _d_ ", count: 20_000) + "end\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 70_000))
        #expect(sections.joinsInsideLine.count > 10)
        #expect(sections.tails.isEmpty)
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 70_000)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func ordinaryLinesKeepNoTail() throws {
        let markdown =
            (0..<200).map { "Line \($0) with *some* _emphasis_ and `code`." }.joined(separator: "\n\n") + "\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.tails.isEmpty)
    }
}
