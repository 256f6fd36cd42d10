/// The cells of an environment (`pmatrix`, `cases`, `aligned`, `array`, …) and how they are aligned,
/// separated and fenced.
struct MathGrid: Equatable, Sendable {
    enum Alignment: Equatable, Sendable {
        case left
        case center
        case right
    }

    enum Kind: Equatable, Sendable {
        /// Columns centred (or as the `array` spec says), two columns apart.
        case matrix
        /// `cases`: left-aligned columns.
        case cases
        /// `aligned` and friends: columns alternately right- and left-aligned, pairs apart.
        case aligned
        /// `gather`, `multline`, `equation`: one centred column.
        case gathered
    }

    var kind: Kind
    var rows: [[MathNode]]
    /// Per-column alignment from an `array` spec; empty means the kind's default.
    var alignments: [Alignment] = []
    /// Column boundaries (0 = before the first column) that carry a vertical rule from `|`.
    var rules: [Int] = []
    /// Row boundaries (0 = above the first row) that carry `\hline`.
    var horizontalRules: [Int] = []
    var left: String = ""
    var right: String = ""
    /// Smaller gaps for `smallmatrix`.
    var compact = false
    /// `multline`: its first line flush left, its last flush right, the ones between centred.
    var multline = false

    var columnCount: Int { rows.reduce(0) { max($0, $1.count) } }

    /// How the cell at `row`, `column` sits in its column.
    func alignment(ofRow row: Int, column: Int) -> Alignment {
        guard multline, rows.count > 1 else { return alignment(ofColumn: column) }
        return row == 0 ? .left : row == rows.count - 1 ? .right : .center
    }

    func alignment(ofColumn column: Int) -> Alignment {
        if column < alignments.count { return alignments[column] }
        switch kind {
        case .matrix, .gathered: return .center
        case .cases: return .left
        case .aligned: return column % 2 == 0 ? .right : .left
        }
    }
}
