/// A rectangle of typeset math on the character grid: rows of pieces, each exactly `width` columns, with the
/// row of the formula's axis. Layout builds every construct by placing boxes beside and above each other.
struct MathBox: Equatable, Sendable {
    var rows: [[MathPiece]]
    var width: Int
    var baseline: Int

    var height: Int { rows.count }
    /// Rows below the baseline.
    var depth: Int { rows.count - baseline - 1 }

    init(rows: [[MathPiece]], width: Int, baseline: Int) {
        self.rows = rows
        self.width = width
        self.baseline = baseline
    }

    /// One row of one piece.
    init(_ text: String, _ role: MathRole, width: Int? = nil) {
        let measured = width ?? DisplayWidth.of(text)
        rows = [measured == 0 && text.isEmpty ? [] : [MathPiece(text: text, role: role)]]
        self.width = measured
        baseline = 0
    }

    static let empty = MathBox(rows: [[]], width: 0, baseline: 0)

    /// Blank columns and rows.
    static func blank(width: Int, height: Int = 1, baseline: Int = 0) -> MathBox {
        let row = width > 0 ? [MathPiece(text: spaces(width), role: .symbol)] : []
        return MathBox(rows: Array(repeating: row, count: max(height, 1)), width: width, baseline: baseline)
    }

    static func spaces(_ count: Int) -> String {
        String.repeated(" ", count: max(count, 0))
    }

    /// Appends `piece` to `row`, joining it with the last piece when their roles agree.
    static func append(_ piece: MathPiece, to row: inout [MathPiece]) {
        guard !piece.text.isEmpty else { return }
        if let last = row.last, last.role == piece.role {
            row[row.count - 1].text += piece.text
        } else {
            row.append(piece)
        }
    }

    static func appendSpaces(_ count: Int, to row: inout [MathPiece]) {
        guard count > 0 else { return }
        append(MathPiece(text: spaces(count), role: .symbol), to: &row)
    }

    /// Boxes side by side, their baselines on one row.
    static func beside(_ boxes: [MathBox]) -> MathBox {
        guard boxes.count > 1 else { return boxes.first ?? .empty }
        var above = 0
        var below = 0
        var width = 0
        for box in boxes {
            above = max(above, box.baseline)
            below = max(below, box.depth)
            width += box.width
        }
        let height = above + below + 1
        var rows: [[MathPiece]] = []
        rows.reserveCapacity(height)
        for index in 0..<height {
            var row: [MathPiece] = []
            row.reserveCapacity(boxes.count)
            for box in boxes {
                let local = index - (above - box.baseline)
                if local >= 0, local < box.height {
                    for piece in box.rows[local] { append(piece, to: &row) }
                } else {
                    appendSpaces(box.width, to: &row)
                }
            }
            rows.append(row)
        }
        return MathBox(rows: rows, width: width, baseline: above)
    }

    enum Alignment {
        case left
        case center
        case right
    }

    /// This box padded to `width` columns, aligned within them.
    func padded(to newWidth: Int, _ alignment: Alignment) -> MathBox {
        guard newWidth > width else { return self }
        let extra = newWidth - width
        let before: Int
        switch alignment {
        case .left: before = 0
        case .center: before = extra / 2
        case .right: before = extra
        }
        var result = MathBox(rows: [], width: newWidth, baseline: baseline)
        result.rows.reserveCapacity(rows.count)
        for row in rows {
            var padded: [MathPiece] = []
            padded.reserveCapacity(row.count + 2)
            Self.appendSpaces(before, to: &padded)
            for piece in row { Self.append(piece, to: &padded) }
            Self.appendSpaces(extra - before, to: &padded)
            result.rows.append(padded)
        }
        return result
    }

    /// Boxes one under another, each aligned within the widest; the baseline is the given box's.
    static func stacked(_ boxes: [MathBox], alignment: Alignment = .center, baselineOf: Int, offset: Int = 0)
        -> MathBox
    {
        let width = boxes.reduce(0) { max($0, $1.width) }
        var rows: [[MathPiece]] = []
        var baseline = 0
        for (index, box) in boxes.enumerated() {
            if index == baselineOf { baseline = rows.count + box.baseline + offset }
            rows.append(contentsOf: box.padded(to: width, alignment).rows)
        }
        if rows.isEmpty { return .empty }
        return MathBox(rows: rows, width: width, baseline: min(max(baseline, 0), rows.count - 1))
    }

    /// A horizontal line of `character` `width` columns wide, on one row.
    static func rule(_ character: String, width: Int, role: MathRole = .structure) -> MathBox {
        guard width > 0 else { return .empty }
        return MathBox(String.repeated(character, count: width), role, width: width)
    }

    /// A box made blank, keeping its size (`\phantom`).
    var blanked: MathBox {
        .blank(width: width, height: height, baseline: baseline)
    }

    /// Two boxes side by side, the right one's top row `rightTop` rows below the left one's (negative:
    /// above); the baseline is the left's or the right's.
    static func pair(_ left: MathBox, _ right: MathBox, rightTop: Int, baselineFromLeft: Bool) -> MathBox {
        let top = min(0, rightTop)
        let bottom = max(left.height, rightTop + right.height)
        var rows: [[MathPiece]] = []
        rows.reserveCapacity(bottom - top)
        for row in top..<bottom {
            var line: [MathPiece] = []
            if row >= 0, row < left.height {
                for piece in left.rows[row] { append(piece, to: &line) }
            } else {
                appendSpaces(left.width, to: &line)
            }
            let local = row - rightTop
            if local >= 0, local < right.height {
                for piece in right.rows[local] { append(piece, to: &line) }
            } else {
                appendSpaces(right.width, to: &line)
            }
            rows.append(line)
        }
        let baseline = baselineFromLeft ? left.baseline - top : rightTop + right.baseline - top
        return MathBox(rows: rows, width: left.width + right.width, baseline: baseline)
    }
}
