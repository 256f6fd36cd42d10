/// A character grid a diagram is drawn on: text placed by display column (a wide character takes two),
/// and lines recorded as connections per cell, so that where lines meet, turn or cross the right
/// box-drawing character is chosen once everything is drawn.
struct DiagramCanvas {
    /// Connections of a cell to its neighbours.
    struct Sides: OptionSet {
        let rawValue: UInt8
        static let up = Sides(rawValue: 1)
        static let down = Sides(rawValue: 2)
        static let left = Sides(rawValue: 4)
        static let right = Sides(rawValue: 8)
    }

    struct Cell {
        var character: Character?
        var role = DiagramRole.blank
        /// The right half of a wide character.
        var isContinuation = false
        var sides = Sides()
        var vertical = FlowGraph.LineStyle.solid
        var horizontal = FlowGraph.LineStyle.solid
    }

    let width: Int
    let height: Int
    private(set) var cells: [Cell]
    /// Set when something was drawn over something else or outside the grid: a layout fault that the
    /// caller turns into a fallback rather than a wrong picture.
    private(set) var collided = false

    /// The most cells a drawing may have.
    static let maximumCells = 400_000

    init(width: Int, height: Int) throws(DiagramFailure) {
        guard width * height <= Self.maximumCells else { throw .tooLarge("\(width)×\(height) cells") }
        self.width = width
        self.height = height
        cells = Array(repeating: Cell(), count: max(0, width * height))
    }

    func cell(_ row: Int, _ column: Int) -> Cell? {
        guard row >= 0, row < height, column >= 0, column < width else { return nil }
        return cells[row * width + column]
    }

    /// Puts a character (of display width 1 or 2) at a cell; `replacing` lets a border take a tee.
    mutating func put(_ character: Character, _ row: Int, _ column: Int, role: DiagramRole, replacing: Bool = false) {
        let wide = DisplayWidth.of(character) == 2
        guard row >= 0, row < height, column >= 0, column + (wide ? 1 : 0) < width else {
            collided = true
            return
        }
        let index = row * width + column
        if !replacing, cells[index].character != nil || !cells[index].sides.isEmpty { collided = true }
        cells[index] = Cell(character: character, role: role)
        if wide { cells[index + 1] = Cell(character: nil, role: role, isContinuation: true) }
    }

    /// Writes text from a column; returns the column after it.
    @discardableResult
    mutating func write(_ text: String, _ row: Int, _ column: Int, role: DiagramRole) -> Int {
        var column = column
        for character in text {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            put(character, row, column, role: role)
            column += width
        }
        return column
    }

    /// Adds the connections `sides` to a cell, for a line of `style`.
    mutating func connect(_ row: Int, _ column: Int, _ sides: Sides, style: FlowGraph.LineStyle) {
        guard row >= 0, row < height, column >= 0, column < width else {
            collided = true
            return
        }
        let index = row * width + column
        if cells[index].character != nil || cells[index].isContinuation { collided = true }
        let before = cells[index].sides
        // Two lines along the same side of a cell would merge into one: never meant.
        if !before.intersection(sides).isEmpty { collided = true }
        cells[index].sides.formUnion(sides)
        cells[index].role = .edge
        if !sides.intersection([.up, .down]).isEmpty { cells[index].vertical = style }
        if !sides.intersection([.left, .right]).isEmpty { cells[index].horizontal = style }
    }

    /// A straight line between two cells in a row or column, joined to its neighbours.
    mutating func line(from start: (Int, Int), to end: (Int, Int), style: FlowGraph.LineStyle) {
        let (row0, column0) = start
        let (row1, column1) = end
        if row0 == row1 {
            let step = column1 >= column0 ? 1 : -1
            var column = column0
            while column != column1 {
                connect(row0, column, step > 0 ? .right : .left, style: style)
                connect(row0, column + step, step > 0 ? .left : .right, style: style)
                column += step
            }
        } else {
            let step = row1 >= row0 ? 1 : -1
            var row = row0
            while row != row1 {
                connect(row, column0, step > 0 ? .down : .up, style: style)
                connect(row + step, column0, step > 0 ? .up : .down, style: style)
                row += step
            }
        }
    }

    /// The picture: line cells as box-drawing characters, runs of one role merged, trailing blanks cut.
    func picture() -> DiagramPicture {
        var rows: [[DiagramPicture.Run]] = []
        rows.reserveCapacity(height)
        for row in 0..<height {
            var runs: [DiagramPicture.Run] = []
            var pendingBlanks = 0
            for column in 0..<width {
                let cell = cells[row * width + column]
                if cell.isContinuation { continue }
                let character = cell.character ?? (cell.sides.isEmpty ? nil : Self.glyph(cell))
                guard let character else {
                    pendingBlanks += 1
                    continue
                }
                if pendingBlanks > 0 {
                    runs.append(.init(text: String(repeating: " ", count: pendingBlanks), role: .blank))
                    pendingBlanks = 0
                }
                if let last = runs.indices.last, runs[last].role == cell.role {
                    runs[last].text.append(character)
                } else {
                    runs.append(.init(text: String(character), role: cell.role))
                }
            }
            rows.append(runs)
        }
        return DiagramPicture(rows: rows, width: width)
    }

    /// The box-drawing character for a cell's connections and line styles.
    static func glyph(_ cell: Cell) -> Character {
        let sides = cell.sides
        let vertical = !sides.intersection([.up, .down]).isEmpty
        let horizontal = !sides.intersection([.left, .right]).isEmpty
        if sides == [.up, .down, .left, .right] {
            switch (cell.vertical == .thick, cell.horizontal == .thick) {
            case (true, true): return "╋"
            case (true, false): return "╂"
            case (false, true): return "┿"
            case (false, false): return "┼"
            }
        }
        if vertical && !horizontal {
            switch cell.vertical {
            case .solid: return "│"
            case .dotted: return "┆"
            case .thick: return "┃"
            }
        }
        if horizontal && !vertical {
            switch cell.horizontal {
            case .solid: return "─"
            case .dotted: return "┄"
            case .thick: return "━"
            }
        }
        let thick = cell.vertical == .thick && cell.horizontal == .thick
        switch sides {
        case [.down, .right]: return thick ? "┏" : "┌"
        case [.down, .left]: return thick ? "┓" : "┐"
        case [.up, .right]: return thick ? "┗" : "└"
        case [.up, .left]: return thick ? "┛" : "┘"
        case [.up, .down, .right]: return "├"
        case [.up, .down, .left]: return "┤"
        case [.down, .left, .right]: return "┬"
        default: return "┴"
        }
    }
}
