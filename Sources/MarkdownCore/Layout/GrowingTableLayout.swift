/// The last table laid out provisionally, row by row, so that a table that grows while it streams
/// (redrawn at every read, a row longer each time) lays out only its new rows, not the whole table.
///
/// A row's lines depend only on its cells, the column widths and the alignments; the widths depend on
/// every row (the widest cell of each column, fitted to the width). When a table starts with the kept
/// table's rows, the cells of those rows are not read again; when its widths are the kept ones, their
/// lines are reused too, and only the rows added are laid out. The result is the lines a layout of the
/// whole table gives.
///
/// A value: a stream's open-block state holds it between redraws and hands it to the layout of its
/// unfinished tail, which hands the extended table back (`GrowingRows`).
struct GrowingTableLayout: Sendable {
    private struct Kept: Sendable {
        var width: Int
        var theme: Theme
        var header: [[Inline]]
        var alignments: [Table.Alignment]
        var headerRuns: [[Span]]
        var headerNatural: [Int]
        var headerLongestWord: [Int]
        /// The body rows kept, and for each its cells' runs and each cell's natural and narrowest widths.
        var rows: [[[Inline]]] = []
        var rowRuns: [[[Span]]] = []
        var natural: [[Int]] = []
        var longestWord: [[Int]] = []
        /// The column widths the lines were laid out for, the header's lines, and each row's (nil where
        /// not laid out for them).
        var widths: [Int] = []
        var headerLines: [StyledLine]?
        var rowLines: [[StyledLine]?] = []
        /// The same for the widths before: a row still being written may widen a column for a redraw (an
        /// unclosed `**` shows its stars) and narrow it again when it is complete.
        var previousWidths: [Int] = []
        var previousHeaderLines: [StyledLine]?
        var previousRowLines: [[StyledLine]?] = []
    }

    private var kept: Kept?

    init() {}

    /// `table` laid out by `layout` in `width` columns, reusing the kept table's rows; nil when the table
    /// is too wide for columns (the caller lays it out as records).
    mutating func lines(for table: Table, width: Int, layout: DocumentLayout) -> [StyledLine]? {
        let columns = table.columnCount
        let taken = kept
        // The only reference to the rows from here on, so that they change in place, not copied.
        kept = nil
        var entry =
            taken.flatMap { entry in
                entry.width == width && entry.theme == layout.theme && entry.header == table.header
                    && entry.alignments == table.alignments ? entry : nil
            } ?? Self.started(table, width: width, layout: layout)
        defer { kept = entry }
        // The rows the table starts with that are kept (a row still being written may have changed).
        var same = 0
        let shared = min(entry.rows.count, table.rows.count)
        while same < shared && entry.rows[same] == table.rows[same] { same += 1 }
        entry.rows.removeSubrange(same...)
        entry.rowRuns.removeSubrange(same...)
        entry.natural.removeSubrange(same...)
        entry.longestWord.removeSubrange(same...)
        entry.rowLines.removeSubrange(same...)
        if entry.previousRowLines.count > same { entry.previousRowLines.removeSubrange(same...) }
        for row in table.rows[same...] {
            let runs = layout.cellRuns(of: row, columns: columns)
            entry.rows.append(row)
            entry.rowRuns.append(runs)
            entry.natural.append(runs.map(DocumentLayout.naturalWidth))
            entry.longestWord.append(runs.map(DocumentLayout.longestWordWidth))
            entry.rowLines.append(nil)
        }
        var natural = entry.headerNatural
        var longestWord = entry.headerLongestWord
        for (rowNatural, rowLongest) in zip(entry.natural, entry.longestWord) {
            for column in 0..<columns {
                natural[column] = max(natural[column], rowNatural[column])
                longestWord[column] = max(longestWord[column], rowLongest[column])
            }
        }
        guard let widths = ColumnFitter.fit(natural: natural, minimum: longestWord, available: width) else {
            return nil
        }
        if widths != entry.widths {
            swap(&entry.widths, &entry.previousWidths)
            swap(&entry.headerLines, &entry.previousHeaderLines)
            swap(&entry.rowLines, &entry.previousRowLines)
            if widths != entry.widths {
                entry.widths = widths
                entry.headerLines = nil
                entry.rowLines = []
            }
            entry.rowLines += Array(repeating: nil, count: entry.rows.count - entry.rowLines.count)
        }
        let header =
            entry.headerLines ?? layout.rowLines(entry.headerRuns, widths: widths, alignments: table.alignments)
        entry.headerLines = header
        for index in entry.rowLines.indices where entry.rowLines[index] == nil {
            entry.rowLines[index] = layout.rowLines(entry.rowRuns[index], widths: widths, alignments: table.alignments)
        }
        return layout.framedLines(header: header, rows: entry.rowLines.lazy.compactMap { $0 }, widths: widths)
    }

    /// An entry for `table` with its header read and no rows.
    private static func started(_ table: Table, width: Int, layout: DocumentLayout) -> Kept {
        let header = layout.headerRuns(table)
        // A column is at least one cell wide, as `tableLines` counts it.
        return Kept(
            width: width, theme: layout.theme, header: table.header, alignments: table.alignments, headerRuns: header,
            headerNatural: header.map { max(1, DocumentLayout.naturalWidth($0)) },
            headerLongestWord: header.map { max(1, DocumentLayout.longestWordWidth($0)) })
    }
}
