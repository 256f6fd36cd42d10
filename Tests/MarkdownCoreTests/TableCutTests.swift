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

    /// A table cut between its rows is handed out a piece per section when the render asks for it, so
    /// that no part holds all its rows; the pieces say where they stand.
    @Test func aLongTableIsHandedOutInPiecesThatSayWhereTheyStand() throws {
        let markdown = "Before.\n\n" + Self.table + "\nAfter.\n"
        var parts = DocumentConverter().parts(of: markdown, minimumSize: 0, sectionSize: 1_000)
        parts.splitsLongTables = true
        var pieces: [(rows: Int, piece: DocumentParts.TablePiece)] = []
        while let part = parts.next() {
            let rows = part.blocks.reduce(0) { if case .table(let table) = $1 { $0 + table.rows.count } else { $0 } }
            pieces.append((rows, parts.tablePiece))
        }
        #expect(pieces.count > 5)
        #expect(pieces.allSatisfy { $0.rows < 300 })
        #expect(pieces.reduce(0) { $0 + $1.rows } == 300)
        #expect(pieces.first?.piece == DocumentParts.TablePiece(rowsBefore: nil, continues: true))
        #expect(pieces.last?.piece.continues == false)
        var rowsBefore = pieces[0].rows
        for entry in pieces.dropFirst() {
            #expect(entry.piece.rowsBefore == rowsBefore)
            rowsBefore += entry.rows
        }
    }

    /// Tables whose widest cells come late, one too wide for columns (shown as records), two in a row,
    /// one with footnotes in its cells, one between images: rendered with the table in pieces, in
    /// sections and runs of every size, the bytes are the whole render's.
    @Test(arguments: [1, 3, 4_096])
    func aTableInPiecesRendersAsTheWhole(rowsPerRun: Int) {
        let late = (0..<120).map { "| \($0) | \($0 == 100 ? "a much wider cell that comes late" : "x") |" }
        let wide = (0..<80).map { "| \($0) | \(String(repeating: "word ", count: $0 == 60 ? 40 : 1)) |" }
        let noted = (0..<80).map { "| r\($0)[^n\($0 % 3)] | *e* \($0) |" }
        let markdown =
            "# Tables\n\n| n | v |\n|--:|---|\n" + late.joined(separator: "\n") + "\n\n| a | b |\n|---|---|\n"
            + wide.joined(separator: "\n") + "\n| c | d |\n|---|---|\n" + noted.joined(separator: "\n")
            + "\n\n![alt](missing.png)\n\n| e | f |\n|---|:-:|\n" + late.joined(separator: "\n")
            + "\n\n[^n0]: zero\n[^n1]: one\n[^n2]: two\n"
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor))
        for size in [60, 700] {
            var sectioned = whole
            sectioned.sectioning = (minimum: 0, section: size)
            sectioned.listItemsPerSlice = rowsPerRun
            var bytes: [UInt8] = []
            sectioned.render(markdown) { bytes += $0 }
            #expect(bytes == whole.render(markdown), "sections of \(size), runs of \(rowsPerRun)")
        }
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
