import Testing

@testable import MarkdownCore

/// A long top-level list without blank lines is cut between its items, so that a large one is parsed a
/// section at a time; its halves join back into the whole's list, and a cut only falls where that is
/// exact.
@Suite struct ListCutTests {
    static let bullets = (0..<300).map { "- item \($0) with *some* words" }.joined(separator: "\n") + "\n"

    @Test func aLongTightListIsCutBetweenItemsAndJoinedBack() throws {
        let sections = try #require(MarkdownSections(Self.bullets, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.sections.count >= 5)
        #expect(sections.sections.dropFirst().allSatisfy { $0.hasPrefix("- item") })
        let sectioned = try #require(DocumentConverter().documentInSections(from: Self.bullets, sectionSize: 1_000))
        let whole = DocumentConverter().wholeDocument(from: Self.bullets)
        #expect(sectioned == whole)
        #expect(whole.blocks.count == 1)
    }

    static let listKinds: [String] = {
        let ordered: [String] = (1...150).map { "\($0). step \($0)" }
        let parenthesised: [String] = (5...150).map { "\($0)) step" }
        let tasks: [String] = (0..<150).map { $0 % 3 == 0 ? "- [x] done \($0)" : "- [ ] todo \($0)" }
        let nested: [String] = (0..<100).map { "* item \($0)\n  - nested \($0)\n\n    more of the nested item" }
        let fenced: [String] = (0..<100).map { "- item \($0)\n  ```\n  code \($0)\n\n  ```" }
        let loosePart: [String] = (0..<100).map { $0 % 10 == 0 ? "\n- item \($0)" : "- item \($0)" }
        return [ordered, parenthesised, tasks, nested, fenced, loosePart].map { $0.joined(separator: "\n") }
    }()

    @Test(arguments: listKinds)
    func everyKindOfListParsesAsTheWholeWhereverItIsCut(list: String) throws {
        let markdown = list + "\n\nAfter the list.\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        for size in [1, 40, 300] {
            let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: size))
            #expect(sectioned == whole, "sections of \(size) bytes")
        }
    }

    @Test(arguments: [
        "* * *", "- - -", "+ other bullet", "2) other delimiter", "lazy text", "<div>", "> quote", "\t- tab",
    ])
    func noCutFollowsALineThatMayEndTheList(line: String) throws {
        var run = ListItemRun()
        run.read("- first item", previousBlank: true)
        run.read(line[...], previousBlank: false)
        run.read("- next item", previousBlank: false)
        #expect(!run.mayCutBefore)
    }

    /// Lines of every kind around list items, in random documents: wherever the cuts fall, the sections
    /// parse to the whole's blocks.
    @Test func randomListsParseAsTheWholeWhereverTheyAreCut() {
        let pool = [
            "- item", "- *open", "close* item", "+ plus", "* star", "1. one", "2. two", "10) ten", "  indented",
            "    deep", "* * *", "- - -", "---", "lazy", "", "", "> quote", "<div>", "  ```", "```", "  <!--",
            "-->", "[a]: /x", "- [a]", "# Heading", "- [ ] task", "-", "1.", "text  ", "| a |", "|---|",
        ]
        var documents = RandomSectionDocuments(
            pool: pool, filler: { "- Item \($0) of text" }, seed: 0x2545_F491_4F6C_DD1D)
        documents.expectEveryCutParsesAsTheWhole()
    }

    @Test func aLongListRendersSectionBySectionAsAWhole() {
        let markdown = Self.bullets + "\n" + (1...120).map { "\($0). numbered" }.joined(separator: "\n") + "\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 50, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 500)
        var bytes: [UInt8] = []
        let summary = sectioned.render(markdown) { bytes += $0 }
        #expect(summary.timings.parts > 1)
        #expect(bytes == whole.render(markdown))
    }
}
