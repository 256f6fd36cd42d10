import Testing

@testable import MarkdownCore

/// A long top-level table is cut between its rows, each later section parsed behind the table's header
/// and delimiter rows, so that a large table is parsed a section at a time; its halves join back into
/// the whole's table, and a cut only falls where that is exact.
@Suite struct TableCutTests {
    static let table =
        "| n | word | note |\n|---:|:---|:-:|\n"
        + (0..<300).map { "| \($0) | *w\($0)* `c` | [x](https://e.org/\($0)) |" }.joined(separator: "\n") + "\n"

    @Test func aLongTableIsCutBetweenRowsAndJoinedBack() throws {
        let markdown = "Before.\n\n" + Self.table + "\nAfter.\n"
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.tableHeads.count >= 5)
        #expect(sections.sections.dropFirst(2).dropLast().allSatisfy { $0.hasPrefix("| ") })
        let whole = DocumentConverter().wholeDocument(from: markdown)
        #expect(whole.blocks.count == 3)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000))
        #expect(sectioned == whole)
    }

    @Test func aLongTableRendersSectionBySectionAsAWhole() {
        let markdown = Self.table + "\nNext *paragraph*.\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 2_000)
        var bytes: [UInt8] = []
        sectioned.render(markdown) { bytes += $0 }
        #expect(bytes == whole.render(markdown))
    }

    /// Heads that are not a table's (cells that do not match, no delimiter row), a head with a footnote,
    /// rows without a leading pipe, a table after a paragraph and inside a quote: the document is the
    /// whole parse's wherever it is cut.
    @Test(arguments: [
        "| a | b |\n|---|\n", "| a | b |\n| x | y |\n", "| a[^1] | b |\n|---|---|\n",
        "Text before\n| a | b |\n|---|---|\n", "> | a | b |\n> |---|---|\n",
    ])
    func aTableOrNotParsesAsTheWholeWhereverItIsCut(head: String) throws {
        let rows = (0..<60).map { $0 % 7 == 3 ? "row \($0) | no pipe" : "| r\($0) | **v** \($0) |" }
        let markdown = head + rows.joined(separator: "\n") + "\n\n[^1]: note\n\nAfter.\n"
        let whole = DocumentConverter().wholeDocument(from: markdown)
        for size in [1, 40, 300] {
            let sectioned = DocumentConverter().documentInSections(from: markdown, sectionSize: size) ?? whole
            #expect(sectioned == whole, "sections of \(size) bytes")
        }
    }

    @Test func onlyARowAfterARowMayFollowACut() {
        var run = TableRowRun()
        let lines = ["| a | b |", "|---|---|", "| 1 | 2 |", "| 3 | 4 |", "5 | 6", "| 7 | 8 |"]
        var cuts: [Bool] = []
        for (index, line) in lines.enumerated() {
            run.read(line[...], previousBlank: index == 0, outside: true)
            cuts.append(run.mayCutBefore)
        }
        #expect(cuts == [false, false, false, true, false, false])
    }

    @Test func aDelimiterRowHoldsOnlyPipesDashesColonsAndSpaces() {
        for row in ["|---|---|", "| :-- | --: |", "|:-:|", "|---"] {
            #expect(TableRowRun.isDelimiterRow(row[...]), "\(row)")
        }
        for row in ["| a | b |", "|   |   |", "|-x-|", "---|---"] {
            #expect(!TableRowRun.isDelimiterRow(row[...]), "\(row)")
        }
    }
}
