import Testing

@testable import MarkdownCore

/// A long paragraph inside a list item is cut into sections between its lines (`ItemParagraphRun`),
/// each later section parsed behind the item's marker; the halves join back into the whole's item.
@Suite struct ItemCutTests {
    static func item(_ marker: String, lines: Int) -> String {
        let indent = String(repeating: " ", count: marker.count)
        return marker
            + (0..<lines).map { "Line \($0) a *b* c _d_ e **f** g ~~h~~ i" }
            .joined(separator: "\n" + indent) + "\n"
    }

    @Test(arguments: ["- ", "* ", "1. ", "10) ", "-   "])
    func aLongItemDenseInEmphasisIsCutBetweenItsLinesAndJoinedBack(marker: String) throws {
        let markdown = "# Title\n\n" + Self.item(marker, lines: 300) + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.itemHeads.count > 10)
        #expect(sections.itemHeads.values.allSatisfy { $0 == marker })
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func itemsWithSeveralParagraphsAndItemsAfterThemAreJoinedBack() throws {
        let first = Self.item("- ", lines: 60) + "\n  Second *paragraph*\n  of the first item\n"
        let markdown = first + "- " + Self.item("", lines: 1) + Self.item("- ", lines: 40) + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 300))
        #expect(!sections.itemHeads.isEmpty)
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 300)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test(arguments: ["  ---", "  ===", "  | a |", "  - nested", "  > quote", "      indented", "lazy *x*", "---"])
    func anItemParagraphEndingOtherwiseThanPlainParsesAsTheWhole(ending: String) {
        let markdown = Self.item("- ", lines: 100) + ending + "\n  more *x*\n\nAfter.\n"
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 300)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func aCutAfterAnOpenDelimiterInAnItemIsUndone() throws {
        let lines = ["- Start *open"] + (0..<100).map { "  plain line \($0) here" } + ["  closed* at last"]
        let markdown = lines.joined(separator: "\n") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 200) == whole)
        guard case .list(let list) = whole.blocks.first, case .paragraph(let inlines) = list.items.first?.blocks.first
        else { return #expect(Bool(false)) }
        #expect(inlines.contains { if case .emphasis = $0 { true } else { false } })
    }

    @Test func noCutFallsInsideAnItemAfterAFence() throws {
        let markdown = "- Item\n  ```\n" + (0..<200).map { "  code \($0) *x*\n\n" }.joined() + "  ```\n"
        let sections = MarkdownSections(markdown, minimumSize: 0, sectionSize: 100)
        #expect(sections?.itemHeads.isEmpty ?? true)
        if let sectioned = DocumentConverter().documentInSections(from: markdown, sectionSize: 100) {
            #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
        }
    }

    /// 7,500 lines of `a *b* ` twelve times in an item: 270,000 elements, plain text past the cap.
    @Test func anItemParagraphOverTheCapIsPlainTextTheSameWholeOrInSections() throws {
        let markdown =
            "- "
            + (0..<7_500).map { _ in String(repeating: "a *b* ", count: 12).dropLast() }
            .joined(separator: "\n  ") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        guard case .list(let list) = whole.blocks.first, case .paragraph(let inlines) = list.items.first?.blocks.first
        else { return #expect(Bool(false)) }
        #expect(!inlines.contains { if case .emphasis = $0 { true } else { false } })
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 20_000) == whole)
    }

    /// Items of lines dense in every kind of delimiter, lazy lines, nested blocks and lines that end the
    /// list: wherever the sections are cut, the document is the whole parse's.
    @Test func randomItemsParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "- a *b* c", "  Open *emphasis", "  closed* there", "  a **b", "  c** d", "1. one", "2) two", "  x_y_z",
            "", "", "lazy *x* y", "  ---", "  ===", "  - nested", "  > quote", "  ```", "  <!--", "  -->", "# Head",
            "  Math $x", "  Code `a", "   three", "      code", "  | a |", "- [ ] task", "* star", "Plain words",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "  Words \($0) a *b* c _d_" }, seed: 0x1DEA_F00D_5EED_0042)
        documents.expectEveryCutParsesAsTheWhole()
    }

    @Test func aLongItemRendersSectionBySectionAsAWhole() throws {
        let markdown = Self.item("- ", lines: 200) + "\n" + Self.item("12. ", lines: 100)
        #expect(try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 500)).itemHeads.count > 10)
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 50, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 500)
        var bytes: [UInt8] = []
        _ = sectioned.render(markdown) { bytes += $0 }
        #expect(bytes == whole.render(markdown))
    }
}
