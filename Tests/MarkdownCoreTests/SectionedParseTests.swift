import FoundationEssentials
import Testing

@testable import MarkdownCore

/// Large documents are parsed in sections (so that cmark's tree never holds all of one): the sections
/// must give exactly the document the whole parse gives.
@Suite struct SectionedParseTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Real documents joined: README, manual-like prose, the golden fixtures without footnotes.
    static func joinedDocuments() throws -> String {
        var parts = [try text("README.md")]
        for name in [
            "code", "headings", "lists", "quotes", "tables", "inline", "escapes", "unicode", "images", "misc",
            "alerts", "badges", "emoji", "html-blocks", "html-hostile", "html-inline", "html-spanning",
            "readme-headers", "table-records", "wide-table",
        ] {
            parts.append(try text("Tests/MarkdownCoreTests/Golden/\(name).md"))
        }
        // A carriage return (cmark's line end too) keeps a body whole: the escapes fixture has one.
        let joined = parts.joined(separator: "\n\n")
        return String(String.UnicodeScalarView(joined.unicodeScalars.filter { $0 != "\r" }))
    }

    @Test(arguments: [500, 2_000, 20_000])
    func sectionsGiveTheWholeDocument(sectionSize: Int) throws {
        let markdown = try Self.joinedDocuments()
        let whole = DocumentConverter().wholeDocument(from: markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: sectionSize))
        #expect(sectioned.blocks.count == whole.blocks.count)
        #expect(sectioned == whole)
    }

    @Test func referencesDefinedInAnotherSectionResolve() throws {
        let markdown = "# One\n\nSee [the site][site].\n\n# Two\n\n[site]: https://example.org\n\ntext\n"
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
    }

    /// cmark-gfm keeps the lines above a table's header as a paragraph's text: a definition there
    /// defines nothing, in sections as in the whole.
    @Test func aDefinitionInTheParagraphATableHeaderEndsDefinesNothing() throws {
        let markdown = "[r]: https://example.org\ntext\n| a | b |\n|---|---|\n\n# Two\n\n[r]\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        guard case .paragraph(let inlines)? = whole.blocks.last else { throw DefinitionTestError.notAParagraph }
        #expect(inlines == [.text("[r]")])
        for size in [1, 30] {
            let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: size))
            #expect(sectioned == whole)
        }
    }

    private enum DefinitionTestError: Error { case notAParagraph }

    /// A line that looks like a definition inside a paragraph is text; the same label defined in a
    /// list item of the same section is the definition its references use.
    @Test func aLabelWrittenAsTextAndDefinedInOneSectionLinksWhereTheDefinitionSays() throws {
        let markdown = "See\n[r]: https://text.example\n- [r]: /defined\n\n# Two\n\n[r]\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        guard case .paragraph(let inlines)? = whole.blocks.last, case .link(let link)? = inlines.first else {
            throw DefinitionTestError.notAParagraph
        }
        #expect(link.destination == "/defined")
        for size in [1, 30] {
            let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: size))
            #expect(sectioned == whole)
        }
    }

    @Test func aSectionIsParsedBehindOnlyTheDefinitionsItMayUse() throws {
        let markdown = """
            # One

            See [The  SITE][] and [x][Other
            label] and ![i][Ü].

            # Two

            [the site]: https://example.org
            [other label]: https://example.com
            [unused]: https://example.net
            [ü]: https://example.de
            """
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1))
        let see = try #require(sections.sections.first { $0.contains("See") })
        let used = sections.definitions(usedIn: see)
        #expect(used.contains("[the site]") && used.contains("[other label]") && used.contains("[ü]"))
        #expect(!used.contains("[unused]"))
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func headingsInsideCodeAndCommentsAreNoCuts() throws {
        let markdown = "# A\n\n```\n\n# not a heading\n```\n\n<!--\n\n# hidden\n-->\n\n# B\n\ntext\n"
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func aBodyWithCarriageReturnsIsParsedWhole() {
        #expect(MarkdownSections("# A\r\n\ntext\n\n# B\n\ntext\n", minimumSize: 0, sectionSize: 1) == nil)
    }

    @Test func footnotesAreNumberedAndDefinedAsInTheWholeDocument() throws {
        let markdown = """
            # A

            Text[^b] and [^later] and [^missing].

            [^a]: A body with [a link][site] and a reference[^c].

            # B

            More[^A] text.

            [^b]: B body[^a].
                continued on an indented line
            lazily too

            # C

            [^later]: Defined after its first reference,
                over two lines.

            [^c]: C body.

            [^unused]: Never referenced[^d].

            [^d]: D body.

            [site]: https://example.org
            """
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.footnotes.count == 5)
        for size in [1, 20, 60] {
            let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: size))
            #expect(sectioned == whole)
        }
        // Five sections (before each heading and each paragraph after a blank line) and the footnotes:
        // really cut, not parsed whole.
        #expect(Array(DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 1)).count == 6)
    }

    @Test func aFootnoteDefinedInsideAQuoteKeepsTheDocumentWhole() {
        let markdown = "# A\n\nx[^1]\n\n# B\n\n> [^1]: n\n"
        var parts = DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 1)
        #expect(parts.next() == DocumentConverter().wholeDocument(from: markdown))
        #expect(parts.next() == nil)
    }

    @Test func htmlLeftOpenAcrossSectionsIsInterpretedAsOne() throws {
        let markdown = "# A\n\n<div align=\"center\">\n\n# B\n\ntext\n\n</div>\n\n# C\n\n<b>bold</b>\n\n# D\n"
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
        let parts = Array(DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 1))
        #expect(parts.count == 5)  // A; the div with B and text (it is open until </div>); C; the bold; D
    }
}
