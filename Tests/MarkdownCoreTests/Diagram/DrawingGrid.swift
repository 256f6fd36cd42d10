@testable import MarkdownCore

/// A drawing's lines as a grid of display cells (a wide character's right half is empty), with the
/// box-drawing vocabulary the read-back understands.
struct DrawingGrid {
    private(set) var cells: [[Character?]]
    let height: Int

    init(_ lines: [String]) {
        cells = lines.map { line in
            var row: [Character?] = []
            for character in line {
                row.append(character)
                if DisplayWidth.of(character) == 2 { row.append(nil) }
            }
            return row
        }
        height = cells.count
    }

    /// The character at a cell; a space outside the lines, nil for the right half of a wide one.
    subscript(_ row: Int, _ column: Int) -> Character? {
        guard row >= 0, row < height, column >= 0 else { return " " }
        return column < cells[row].count ? cells[row][column] : " "
    }

    /// Sides a line character connects: up, down, left, right.
    static func sides(_ character: Character?) -> (up: Bool, down: Bool, left: Bool, right: Bool)? {
        switch character {
        case "│", "┆", "┃": return (true, true, false, false)
        case "─", "┄", "━": return (false, false, true, true)
        case "┌", "┏": return (false, true, false, true)
        case "┐", "┓": return (false, true, true, false)
        case "└", "┗": return (true, false, false, true)
        case "┘", "┛": return (true, false, true, false)
        case "┼", "╋", "╂", "┿": return (true, true, true, true)
        default: return nil
        }
    }

    static func style(_ character: Character?) -> FlowGraph.LineStyle? {
        switch character {
        case "┆", "┄": return .dotted
        case "┃", "━", "┏", "┓", "┗", "┛": return .thick
        case "│", "─": return .solid
        default: return nil
        }
    }

    static func marker(_ character: Character?) -> FlowGraph.EndMarker? {
        switch character {
        case "▼", "▲", "▶", "◀": return .arrow
        case "○": return .circle
        case "✕": return .cross
        case "△", "▽", "◁", "▷": return .triangle
        case "◆": return .filledDiamond
        case "◇": return .hollowDiamond
        default: return nil
        }
    }

    /// The cardinality an entity-relationship line ends in: the glyph next to the entity (`most`) and
    /// the one beyond it (`fewest`); nil when the two are not a crow's-foot pair.
    static func cardinality(most: Character?, fewest: Character?) -> FlowGraph.EndMarker? {
        let bars: Set<Character?> = ["╪", "╫"]
        let feet: Set<Character?> = ["∧", "∨", "<", ">"]
        switch (bars.contains(most), feet.contains(most), bars.contains(fewest), fewest == "○") {
        case (true, _, true, _): return .exactlyOne
        case (true, _, _, true): return .zeroOrOne
        case (_, true, true, _): return .oneOrMore
        case (_, true, _, true): return .zeroOrMore
        default: return nil
        }
    }

    /// Text a label or box holds: anything that is not blank, a line or a marker.
    static func isText(_ character: Character?) -> Bool {
        guard let character else { return true }
        return character != " " && sides(character) == nil && marker(character) == nil
    }

    /// The run of text through a cell near `column` (within one cell): text and single spaces.
    func run(row: Int, near column: Int) -> (text: String, start: Int, end: Int)? {
        guard row >= 0, row < height else { return nil }
        let count = cells[row].count
        func text(_ column: Int) -> Bool { column >= 0 && column < count && Self.isText(cells[row][column]) }
        func blank(_ column: Int) -> Bool { column >= 0 && column < count && cells[row][column] == " " }
        guard let seed = [column, column - 1, column + 1].first(where: { text($0) && cells[row][$0] != nil }) else {
            return nil
        }
        var start = seed
        while true {
            if text(start - 1) {
                start -= 1
            } else if blank(start - 1), text(start - 2) {
                start -= 2
            } else {
                break
            }
        }
        var end = seed
        while true {
            if text(end + 1) {
                end += 1
            } else if blank(end + 1), text(end + 2) {
                end += 2
            } else {
                break
            }
        }
        return (String((start...end).compactMap { cells[row][$0] }), start, end)
    }
}
