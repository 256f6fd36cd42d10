/// Subgraph frames, painted once boxes and lines are: double lines (`╔═╗║╚╝`, a look no node shape
/// has) with the title in the top line. A line may cross a frame at a right angle, and then passes over
/// it, or end at it (`joins`, drawn before the title is placed clear of them); anything else under a
/// frame's line means the frame does not fit.
extension FlowPainter {
    mutating func paintFrames(_ rectangles: [SubgraphFrames.Rectangle], joins: [FrameEnds.Join] = []) {
        for rectangle in rectangles {
            let corners = [
                cell(.init(rank: rectangle.rankStart, order: rectangle.orderStart)),
                cell(.init(rank: rectangle.rankEnd, order: rectangle.orderEnd)),
            ]
            let top = min(corners[0].0, corners[1].0)
            let bottom = max(corners[0].0, corners[1].0)
            let left = min(corners[0].1, corners[1].1)
            let right = max(corners[0].1, corners[1].1)
            guard top >= 0, left >= 0, bottom < canvas.height, right < canvas.width, bottom - top >= 2 else {
                framesFit = false
                return
            }
            for column in left...right {
                let corner = column == left || column == right
                frameCell(top, column, glyph: column == left ? "╔" : column == right ? "╗" : "═", across: !corner)
                frameCell(bottom, column, glyph: column == left ? "╚" : column == right ? "╝" : "═", across: !corner)
            }
            for row in (top + 1)..<bottom {
                frameCell(row, left, glyph: "║", across: false)
                frameCell(row, right, glyph: "║", across: false)
            }
            paintJoins(
                joins.filter {
                    ($0.point.rank == rectangle.rankStart || $0.point.rank == rectangle.rankEnd)
                        && $0.point.order > rectangle.orderStart && $0.point.order < rectangle.orderEnd
                })
            let title = " " + graph.subgraphs[rectangle.subgraph].title.replacing("\n", with: " ") + " "
            guard title.count > 2 else { continue }
            // The first stretch of the top line that no line crosses and that holds the title.
            let width = DisplayWidth.of(title)
            guard
                let start = ((left + 2)..<max(left + 2, right - width)).first(where: { start in
                    canvas.cell(top, start - 1)?.character.map { "╔═".contains($0) } == true
                        && (start..<(start + width)).allSatisfy { canvas.cell(top, $0)?.character == "═" }
                })
            else {
                framesFit = false
                return
            }
            var column = start
            for character in title {
                let characterWidth = DisplayWidth.of(character)
                guard characterWidth > 0 else { continue }
                canvas.put(character, top, column, role: .frame, replacing: true)
                column += characterWidth
            }
        }
    }

    /// Where a line without a marker ends at a frame: a join on the frame's line (`╧` from above,
    /// `╤` from below, as the page runs).
    private mutating func paintJoins(_ joins: [FrameEnds.Join]) {
        for join in joins {
            let (row, column) = cell(join.point)
            let fromAbove = join.fromBefore == (graph.direction != .bottomUp)
            guard canvas.cell(row, column)?.character == "═" else {
                framesFit = false
                continue
            }
            canvas.put(fromAbove ? "╧" : "╤", row, column, role: .frame, replacing: true)
        }
    }

    /// One cell of a frame's line: painted where blank; left to a line that crosses it at a right angle
    /// (`across`: the frame's line runs left-right there); otherwise the frame does not fit.
    private mutating func frameCell(_ row: Int, _ column: Int, glyph: Character, across: Bool) {
        guard let cell = canvas.cell(row, column) else {
            framesFit = false
            return
        }
        if cell.character == nil, cell.sides.isEmpty, !cell.isContinuation {
            canvas.put(glyph, row, column, role: .frame)
        } else if cell.character == nil, cell.sides == (across ? [.up, .down] : [.left, .right]) {
            return
        } else {
            framesFit = false
        }
    }
}
