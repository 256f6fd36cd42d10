/// What a table's column widths depend on, gathered a row at a time: each column's natural width (its
/// widest cell on one line) and its longest word. A table too long to hold whole is measured this way
/// piece by piece before its first row is laid out (`MarkdownRenderer`), so that every piece is laid out
/// in the columns the whole table gets.
struct TableColumnMeasure {
    private var natural: [Int]
    private var longestWord: [Int]

    init(columnCount: Int) {
        natural = Array(repeating: 1, count: columnCount)
        longestWord = natural
    }

    /// A measure of `table`'s header row, as `layout` shows it.
    init(header table: Table, layout: DocumentLayout) {
        self.init(columnCount: table.columnCount)
        if table.columnCount > 0 { add(layout.headerRuns(table)) }
    }

    /// Measures a row of cells laid out as runs.
    mutating func add(_ row: [[Span]]) {
        for (column, runs) in row.enumerated() where column < natural.count {
            natural[column] = max(natural[column], DocumentLayout.naturalWidth(runs))
            longestWord[column] = max(longestWord[column], DocumentLayout.longestWordWidth(runs))
        }
    }

    /// Measures `table`'s rows (not its header), as `layout` shows them.
    mutating func add(_ table: Table, layout: DocumentLayout) {
        let columns = table.columnCount
        guard columns > 0 else { return }
        for row in table.rows { add(layout.cellRuns(of: row, columns: columns)) }
    }

    /// The widths that fit the columns into `width`, or nil when no column layout fits.
    func columns(width: Int) -> [Int]? {
        guard !natural.isEmpty else { return nil }
        return ColumnFitter.fit(natural: natural, minimum: longestWord, available: width)
    }
}
