import Testing

@testable import MarkdownCore

/// A top-level table of many rows is laid out and written a run of rows at a time, in the whole table's
/// columns, so that only one run's lines are alive; the runs give exactly the whole table's bytes.
@Suite struct TableSliceTests {
    static func renderer(rowsPerSlice: Int = LayoutSlice.standardItemsPerSlice, width: Int = 60) -> MarkdownRenderer {
        var renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: width, colorDepth: .trueColor))
        renderer.listItemsPerSlice = rowsPerSlice
        return renderer
    }

    static let tables: [String] = {
        let aligned =
            "| n | word | note |\n|---:|:---|:-:|\n"
            + (0..<40).map { "| \($0) | *w\($0)* `c` | \(String(repeating: "x", count: $0 % 9)) |" }
            .joined(separator: "\n")
        // Wider than any column layout at 60 columns: shown as numbered records.
        let records =
            "| " + (0..<8).map { "header\($0)" }.joined(separator: " | ") + " |\n|"
            + String(repeating: "---|", count: 8)
            + "\n"
            + (0..<12).map { row in "| " + (0..<8).map { "cell-\(row)-\($0)-long" }.joined(separator: " | ") + " |" }
            .joined(separator: "\n")
        let wrapped =
            "| a | b |\n|---|---|\n"
            + (0..<20).map { "| \(String(repeating: "word ", count: $0 % 15)) | short |" }.joined(separator: "\n")
        return [aligned, records, wrapped]
    }()

    @Test(arguments: tables)
    func aTableInRunsOfRowsGivesTheWholeTablesBytes(table: String) {
        let markdown = "Before.\n\n" + table + "\n\nAfter.\n"
        let whole = Self.renderer().render(markdown)
        for rowsPerSlice in [1, 2, 7] {
            #expect(Self.renderer(rowsPerSlice: rowsPerSlice).render(markdown) == whole, "runs of \(rowsPerSlice)")
        }
    }

    @Test func aLongTableIsCutIntoRunsOfRowsWithItsHeaderAndBordersOnce() {
        let table = "| a | b |\n|---|---|\n" + (0..<10).map { "| \($0) | x |" }.joined(separator: "\n") + "\n"
        let document = DocumentConverter().wholeDocument(from: table)
        let slices = LayoutSlice.slices(
            of: document, itemsPerSlice: 4, labelWidth: { _ in 1 }, tableColumns: { _ in [2, 1] })
        let runs: [(rows: Int, before: Int, first: Bool, last: Bool)] = slices.compactMap {
            if case .tableRows(let run, _, let before, let first, let last) = $0 {
                (run.rows.count, before, first, last)
            } else {
                nil
            }
        }
        #expect(runs.map(\.rows) == [4, 4, 2])
        #expect(runs.map(\.before) == [0, 4, 8])
        #expect(runs.map(\.first) == [true, false, false])
        #expect(runs.map(\.last) == [false, false, true])
    }
}
