/// Lays out an environment's grid: cells aligned in columns (alternately right and left for `aligned`),
/// columns apart, `|` rules and `\hline`s drawn, the whole fenced by its delimiters grown to its height.
struct MathGridLayout {
    let layout: MathLayout

    func box(_ grid: MathGrid) -> MathBox {
        let columnCount = grid.columnCount
        guard columnCount > 0, !grid.rows.isEmpty else {
            return fenced(.empty, grid)
        }
        var cells: [[MathBox]] = []
        cells.reserveCapacity(grid.rows.count)
        var widths = Array(repeating: 0, count: columnCount)
        for row in grid.rows {
            var boxes: [MathBox] = []
            for (column, cell) in row.enumerated() {
                let cellBox: MathBox
                if grid.kind == .aligned, column % 2 == 1, case .row(let nodes) = cell {
                    cellBox = layout.list(nodes, after: .ordinary)
                } else {
                    cellBox = layout.box(cell)
                }
                widths[column] = max(widths[column], cellBox.width)
                boxes.append(cellBox)
            }
            cells.append(boxes)
        }
        // Rows of a matrix or cases with a cell taller than a row are a blank row apart; aligned lines are not.
        let tall =
            (grid.kind == .matrix || grid.kind == .cases) && cells.contains { row in row.contains { $0.height > 1 } }
        var lines: [MathBox] = []
        var ruleWidth = 0
        var builtRows: [MathBox] = []
        for (rowIndex, row) in cells.enumerated() {
            var pieces: [MathBox] = []
            for column in 0..<columnCount {
                pieces.append(contentsOf: separator(before: column, grid, height: nil))
                let cell = column < row.count ? row[column] : .empty
                pieces.append(
                    cell.padded(to: widths[column], alignment(grid.alignment(ofRow: rowIndex, column: column))))
            }
            pieces.append(contentsOf: separator(before: columnCount, grid, height: nil))
            var line = MathBox.beside(pieces)
            if grid.rules.isEmpty == false, line.height > 1 {
                // Rules run through every row of a tall line.
                line = MathBox.beside(
                    rowWithRules(row, widths: widths, grid: grid, height: line.height, baseline: line.baseline))
            }
            ruleWidth = max(ruleWidth, line.width)
            builtRows.append(line)
        }
        var baselineRow = 0
        for (index, line) in builtRows.enumerated() {
            if grid.horizontalRules.contains(index) { lines.append(horizontalRule(widths, grid)) }
            if index > 0, tall { lines.append(.blank(width: ruleWidth)) }
            if index == (builtRows.count - 1) / 2 { baselineRow = lines.count }
            lines.append(line)
        }
        if grid.horizontalRules.contains(builtRows.count) { lines.append(horizontalRule(widths, grid)) }
        var stacked = MathBox.stacked(lines, alignment: .left, baselineOf: baselineRow)
        if builtRows.count % 2 == 0, builtRows.count > 1 {
            // An even number of rows: the axis sits between the middle two, on the upper one's last row.
            let middle = stacked.height / 2
            stacked.baseline = max(0, min(stacked.height - 1, middle - (tall ? 0 : 1)))
        }
        return fenced(stacked, grid)
    }

    func alignment(_ alignment: MathGrid.Alignment) -> MathBox.Alignment {
        switch alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }

    /// The space, or rule, before a column (`column == count` is after the last).
    func separator(before column: Int, _ grid: MathGrid, height: Int?) -> [MathBox] {
        let count = grid.columnCount
        let ruled = grid.rules.contains(column)
        if ruled {
            let rule = MathBox("│", .structure, width: 1)
            if column == 0 { return [rule, .blank(width: 1)] }
            if column == count { return [.blank(width: 1), rule] }
            return [.blank(width: 1), rule, .blank(width: 1)]
        }
        guard column > 0, column < count else { return [] }
        let gap: Int
        switch grid.kind {
        case .matrix: gap = grid.compact ? 1 : 2
        case .cases: gap = 2
        case .gathered: gap = 2
        case .aligned: gap = column % 2 == 1 ? 0 : 2
        }
        return gap > 0 ? [.blank(width: gap)] : []
    }

    /// A tall row with its vertical rules drawn on every row.
    func rowWithRules(_ row: [MathBox], widths: [Int], grid: MathGrid, height: Int, baseline: Int) -> [MathBox] {
        let count = grid.columnCount
        var pieces: [MathBox] = []
        for column in 0...count {
            if grid.rules.contains(column) {
                let rule = MathBox(
                    rows: Array(repeating: [MathPiece(text: "│", role: .structure)], count: height), width: 1,
                    baseline: baseline)
                if column > 0 { pieces.append(.blank(width: 1)) }
                pieces.append(rule)
                if column < count { pieces.append(.blank(width: 1)) }
            } else {
                pieces.append(contentsOf: separator(before: column, grid, height: nil))
            }
            if column < count {
                let cell = column < row.count ? row[column] : .empty
                pieces.append(
                    cell.padded(to: widths[column], alignment(grid.alignment(ofColumn: column))))
            }
        }
        return pieces
    }

    /// `─` across the grid, `┼` where a column rule crosses.
    func horizontalRule(_ widths: [Int], _ grid: MathGrid) -> MathBox {
        var text = ""
        let count = grid.columnCount
        for column in 0...count {
            if grid.rules.contains(column) {
                text += column == 0 ? "├─" : column == count ? "─┤" : "─┼─"
            } else if column > 0, column < count {
                let gap = separator(before: column, grid, height: nil).reduce(0) { $0 + $1.width }
                text += String.repeated("─", count: gap)
            }
            if column < count { text += String.repeated("─", count: widths[column]) }
        }
        return MathBox(text, .structure)
    }

    /// The grid between its delimiters, grown to its height.
    func fenced(_ content: MathBox, _ grid: MathGrid) -> MathBox {
        guard !grid.left.isEmpty || !grid.right.isEmpty else { return content }
        var boxes: [MathBox] = []
        if !grid.left.isEmpty {
            boxes.append(
                MathDelimiter.box(grid.left, height: content.height, baseline: content.baseline, role: .structure))
            if grid.kind == .cases || grid.kind == .matrix { boxes.append(.blank(width: 1)) }
        }
        boxes.append(content)
        if !grid.right.isEmpty {
            if grid.kind == .cases || grid.kind == .matrix { boxes.append(.blank(width: 1)) }
            boxes.append(
                MathDelimiter.box(grid.right, height: content.height, baseline: content.baseline, role: .structure))
        }
        return MathBox.beside(boxes)
    }
}
