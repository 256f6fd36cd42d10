extension DocumentLayout {
    func tableLines(_ table: Table, width: Int) -> [StyledLine] {
        let columns = table.columnCount
        guard columns > 0 else { return [] }
        if let growing,
            let lines = growing.withTable({ $0.lines(for: table, width: width, layout: self) })
        {
            return lines
        }
        let header = headerRuns(table)
        let rows = table.rows.map { cellRuns(of: $0, columns: columns) }
        return tableRowLines(
            table, header: header, rows: rows, columns: Self.fitColumns(header: header, rows: rows, width: width),
            width: width, first: true, last: true, rowsBefore: 0)
    }

    /// The widths of `table`'s columns at `width`, or nil when no column layout fits (its rows are then
    /// shown as records), measured a row at a time: a run of a long table's rows (`LayoutSlice`) is laid
    /// out in the whole table's columns, which this gives without holding every row's runs.
    func tableColumns(_ table: Table, width: Int) -> [Int]? {
        var measure = TableColumnMeasure(header: table, layout: self)
        measure.add(table, layout: self)
        return measure.columns(width: width)
    }

    /// The lines of a run of a long table's rows (`table` holds them): its top border and header with
    /// the first run, its bottom border with the last, `rowsBefore` rows before it, in the whole
    /// table's `columns` (`tableColumns`).
    func tableRowLines(
        _ table: Table, columns: [Int]?, width: Int, first: Bool, last: Bool, rowsBefore: Int
    ) -> [StyledLine] {
        let count = table.columnCount
        guard count > 0 else { return [] }
        return tableRowLines(
            table, header: headerRuns(table), rows: table.rows.lazy.map { self.cellRuns(of: $0, columns: count) },
            columns: columns, width: width, first: first, last: last, rowsBefore: rowsBefore)
    }

    /// The widths that fit columns whose cells hold `header` and `rows` into `width`, or nil.
    private static func fitColumns<Rows: Sequence<[[Span]]>>(header: [[Span]], rows: Rows, width: Int) -> [Int]? {
        var measure = TableColumnMeasure(columnCount: header.count)
        measure.add(header)
        for row in rows { measure.add(row) }
        return measure.columns(width: width)
    }

    private func tableRowLines<Rows: Sequence<[[Span]]>>(
        _ table: Table, header: [[Span]], rows: Rows, columns widths: [Int]?, width: Int, first: Bool, last: Bool,
        rowsBefore: Int
    ) -> [StyledLine] {
        guard let widths else {
            return recordLines(
                header: header, rows: rows, width: width, rowsBefore: rowsBefore, wholeTable: first && last)
        }
        return framedLines(
            header: first ? rowLines(header, widths: widths, alignments: table.alignments) : nil,
            rows: rows.lazy.map { self.rowLines($0, widths: widths, alignments: table.alignments) }, widths: widths,
            closed: last)
    }

    /// The runs of `table`'s header cells, one per column.
    func headerRuns(_ table: Table) -> [[Span]] {
        (0..<table.columnCount).map { cellRuns(table.header, $0, inlineRuns, base: theme.tableHeader) }
    }

    /// The runs of a body row's cells, one per column (empty where the row has fewer cells).
    func cellRuns(of row: [[Inline]], columns: Int) -> [[Span]] {
        let runs = inlineRuns
        return (0..<columns).map { cellRuns(row, $0, runs, base: .plain) }
    }

    /// The table's lines: its header's and rows' lines (laid out in columns of `widths`) between borders;
    /// for a run of a long table's rows, the top border and header only with the first run (`header` nil
    /// for the others) and the bottom border only with the last (`closed`). A table of a header alone
    /// has no rule under it: the bottom border follows the header.
    func framedLines<Rows: Sequence<[StyledLine]>>(
        header: [StyledLine]?, rows: Rows, widths: [Int], closed: Bool = true
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        var rest = rows.makeIterator()
        let first = rest.next()
        if let header {
            lines.append(border("┌", "┬", "┐", widths))
            lines += header
            if first != nil || !closed { lines.append(border("├", "┼", "┤", widths)) }
        }
        if let first { lines += first }
        while let row = rest.next() { lines += row }
        if closed { lines.append(border("└", "┴", "┘", widths)) }
        return lines
    }

    private func cellRuns(_ row: [[Inline]], _ column: Int, _ runs: InlineRuns, base: Style) -> [Span] {
        column < row.count ? runs.runs(row[column], base: base) : []
    }

    static func naturalWidth(_ runs: [Span]) -> Int {
        var widest = 0
        var current = 0
        for run in runs {
            for line in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.offset > 0 {
                    widest = max(widest, current)
                    current = 0
                }
                current += DisplayWidth.of(line.element)
            }
        }
        return max(widest, current)
    }

    /// The widest word of a cell: the narrowest the column can be without breaking a word. East Asian
    /// wide characters may break anywhere, so each counts as a word of its own.
    static func longestWordWidth(_ runs: [Span]) -> Int {
        var widest = 0
        var current = 0
        for run in runs {
            if let ascii = DisplayWidth.asciiCount(run.text), ascii == run.text.utf8.count {
                for byte in run.text.utf8 {
                    if byte == 0x20 {
                        widest = max(widest, current)
                        current = 0
                    } else {
                        current += 1
                    }
                }
                continue
            }
            for character in run.text {
                let width = DisplayWidth.of(character)
                if character == " " || character == "\n" || width == 2 {
                    widest = max(widest, current, width)
                    current = 0
                } else {
                    current += width
                }
            }
        }
        return max(widest, current)
    }

    private func border(_ left: String, _ middle: String, _ right: String, _ widths: [Int]) -> StyledLine {
        let text = left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
        return StyledLine([Span(text, style: theme.tableBorder)])
    }

    func rowLines(_ cells: [[Span]], widths: [Int], alignments: [Table.Alignment]) -> [StyledLine] {
        let wrapped = cells.enumerated().map { column, runs in TextWrapper(width: widths[column]).wrap(runs) }
        let height = wrapped.map(\.count).max() ?? 1
        let bar = Span("│", style: theme.tableBorder)
        var lines: [StyledLine] = []
        for rowIndex in 0..<height {
            var spans = [bar]
            for (column, cellLines) in wrapped.enumerated() {
                let content = rowIndex < cellLines.count ? cellLines[rowIndex] : []
                // Measured whole: a cluster may span two spans (cmark cuts text at unmatched `*`).
                let used = DisplayWidth.of(content.map(\.text).joined())
                let free = max(0, widths[column] - used)
                let alignment = column < alignments.count ? alignments[column] : .none
                let (left, right): (Int, Int)
                switch alignment {
                case .right: (left, right) = (free, 0)
                case .center: (left, right) = (free / 2, free - free / 2)
                case .left, .none: (left, right) = (0, free)
                }
                spans.append(Span(String(repeating: " ", count: left + 1)))
                spans += content
                spans.append(Span(String(repeating: " ", count: right + 1)))
                spans.append(bar)
            }
            lines.append(StyledLine(spans))
        }
        return lines
    }

    /// A table too wide for any column layout: each row becomes a record of `header: value` lines,
    /// numbered after the `rowsBefore` rows before them; a whole table without rows shows its header.
    private func recordLines<Rows: Sequence<[[Span]]>>(
        header: [[Span]], rows: Rows, width: Int, rowsBefore: Int, wholeTable: Bool
    ) -> [StyledLine] {
        var lines: [StyledLine] = []
        var index = rowsBefore
        for row in rows {
            defer { index += 1 }
            if index > 0 { lines.append(.blank) }
            let title = " Row \(index + 1) "
            let fill = max(0, min(width, 24) - DisplayWidth.of(title) - 2)
            let rule = String(("──" + title + String(repeating: "─", count: fill)).prefix(width))
            lines.append(StyledLine([Span(rule, style: theme.tableBorder)]))
            for (column, cell) in row.enumerated() {
                var runs = header[column].map { Span($0.text, style: $0.style.merged(with: theme.tableHeader)) }
                runs.append(Span(": ", style: theme.tableHeader))
                runs += cell
                lines += wrapped(runs, width: width)
            }
        }
        if wholeTable, index == 0 {
            lines += wrapped(header.flatMap { $0 + [Span(" ")] }, width: width)
        }
        return lines
    }
}
