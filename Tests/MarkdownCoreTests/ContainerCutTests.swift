import Testing

@testable import MarkdownCore

/// A long paragraph inside list items and quotes, nested in any order, is cut into sections between its
/// lines (`ContainerParagraphRun`), each later section parsed behind the markers that open the same
/// containers; the halves join back into the whole's containers.
@Suite struct ContainerCutTests {
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
        #expect(sections.containerHeads.count > 10)
        #expect(sections.containerHeads.values.allSatisfy { $0.head == marker && $0.path == [.item] })
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func itemsWithSeveralParagraphsAndItemsAfterThemAreJoinedBack() throws {
        let first = Self.item("- ", lines: 60) + "\n  Second *paragraph*\n  of the first item\n"
        let markdown = first + "- " + Self.item("", lines: 1) + Self.item("- ", lines: 40) + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 300))
        #expect(!sections.containerHeads.isEmpty)
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
        #expect(sections?.containerHeads.isEmpty ?? true)
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

    static func nested(_ opener: String, continuation: String, lines: Int) -> String {
        opener
            + (0..<lines).map { "Line \($0) a *b* c _d_ e **f** g ~~h~~ i" }
            .joined(separator: "\n" + continuation) + "\n"
    }

    @Test(arguments: [
        ("- > ", "  > ", [ContainerKind.item, .quote]), ("> - ", ">   ", [.quote, .item]),
        ("> > ", "> > ", [.quote, .quote]),
        ("- 1. ", "     ", [.item, .item]), ("1. > - ", "   >   ", [.item, .quote, .item]),
    ])
    func aLongParagraphInNestedContainersIsCutAndJoinedBack(opener: String, continuation: String, path: [ContainerKind])
        throws
    {
        let markdown = "Before.\n\n" + Self.nested(opener, continuation: continuation, lines: 300) + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.containerHeads.count > 10)
        #expect(sections.containerHeads.values.allSatisfy { $0.head == opener && $0.path == path })
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000) == whole)
    }

    @Test func aParagraphAfterOtherBlocksInAnInnerContainerIsCutInsideThatContainer() throws {
        let markdown =
            "- First item\n- Second item\n\n  > Quoted first\n  >\n  > - inner item\n"
            + (0..<200).map { "  >   Line \($0) a *b* c" }.joined(separator: "\n") + "\n- Third item\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 400))
        #expect(sections.containerHeads.values.contains { $0.head == "- > - " })
        #expect(
            DocumentConverter().documentInSections(from: markdown, sectionSize: 400)
                == DocumentConverter().wholeDocument(from: markdown))
    }

    @Test func anInnerParagraphOverTheCapIsPlainTextTheSameWholeOrInSections() throws {
        let markdown =
            "> - "
            + (0..<7_500).map { _ in String(repeating: "a *b* ", count: 12).dropLast() }
            .joined(separator: "\n>   ") + "\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        guard case .blockQuote(let quoted) = whole.blocks.first, case .list(let list) = quoted.first,
            case .paragraph(let inlines) = list.items.first?.blocks.first
        else { return #expect(Bool(false)) }
        #expect(!inlines.contains { if case .emphasis = $0 { true } else { false } })
        #expect(DocumentConverter().documentInSections(from: markdown, sectionSize: 20_000) == whole)
    }

    /// Lines of nested quotes and items, lazy lines, blocks that interrupt and lines that end them:
    /// wherever the sections are cut, the document is the whole parse's.
    @Test func randomNestedContainersParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "- > a *b*", "> - a _b_", "  > more *x*", ">   more *y*", "> > deep *z*", "  >", ">", "", "", "- item",
            "1. > one", "2. two", "  2. inner", "   > q", "lazy *x* y", "> ---", "  > ===", "> ```", "  - nested",
            "  > > two", "    code", "> <div>", "* star", "Plain words", "  > Open *em", "  > closed* x", ">\tTab",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { ["  > Words \($0) a *b* c", "> Text \($0) *d*", ">   Item \($0) _e_"][$0 % 3] },
            seed: 0xC0DE_CAFE_0BAD_F00D)
        documents.expectEveryCutParsesAsTheWhole()
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
        #expect(try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 500)).containerHeads.count > 10)
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 50, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 500)
        var bytes: [UInt8] = []
        _ = sectioned.render(markdown) { bytes += $0 }
        #expect(bytes == whole.render(markdown))
    }
}
