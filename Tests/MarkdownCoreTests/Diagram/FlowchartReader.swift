@testable import MarkdownCore

/// Reads a drawn flowchart back into nodes and edges, from its characters alone: boxes by their
/// corners and sides, edges by following lines from each box to the box at their other end, through
/// crossings and labels. What the drawing says, to compare with what the source said.
struct FlowchartReader {
    struct Box: Equatable {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int
        var shape: NodeShape
        var label: String

        func contains(_ row: Int, _ column: Int) -> Bool {
            row >= top && row <= bottom && column >= left && column <= right
        }

        func overlaps(_ other: Box) -> Bool {
            !(other.left > right || other.right < left || other.top > bottom || other.bottom < top)
        }
    }

    /// An edge as drawn: the boxes at its ends (by index), the marker at each, its style and label.
    struct Edge: Equatable, Comparable {
        var first: String
        var firstMarker: String
        var second: String
        var secondMarker: String
        var style: String
        var label: String

        static func < (lhs: Edge, rhs: Edge) -> Bool {
            [lhs.first, lhs.firstMarker, lhs.second, lhs.secondMarker, lhs.style, lhs.label]
                .lexicographicallyPrecedes([
                    rhs.first, rhs.firstMarker, rhs.second, rhs.secondMarker, rhs.style, rhs.label,
                ])
        }

        /// The same edge with its ends in a fixed order.
        var canonical: Edge {
            if (first, firstMarker) <= (second, secondMarker) { return self }
            return Edge(
                first: second, firstMarker: secondMarker, second: first, secondMarker: firstMarker, style: style,
                label: label)
        }
    }

    let grid: DrawingGrid
    /// Subgraph frames taken out of the drawing (`SubgraphFrameReader`): lines may end at them.
    let frames: [SubgraphFrameReader.Frame]
    private(set) var boxes: [Box] = []
    private(set) var edges: [Edge] = []
    /// What could not be read (a line that ends nowhere).
    private(set) var problems: [String] = []

    static let topLeftCorners: Set<Character> = ["┌", "╭", "╓", "╒", "╱"]

    init(_ lines: [String], frames: [SubgraphFrameReader.Frame] = []) {
        grid = DrawingGrid(lines)
        self.frames = frames
        findBoxes()
        findEdges()
        findFrameToFrameEdges()
    }

    /// How an edge's end at a subgraph's frame reads: the frame's title, marked as a frame.
    static func frameLabel(_ title: String) -> String { "frame:" + squeezed(title) }

    /// The frame whose top or bottom line runs through a cell (taken out, so blank), if any.
    private func frame(at row: Int, _ column: Int) -> Int? {
        guard grid[row, column] == " " else { return nil }
        return frames.firstIndex { ($0.top == row || $0.bottom == row) && column > $0.left && column < $0.right }
    }

    /// Edges from one frame to another, followed from the frame nearer the top-left; those with a box
    /// at an end are found from the box.
    private mutating func findFrameToFrameEdges() {
        for (index, frame) in frames.enumerated() {
            for column in (frame.left + 1)..<frame.right {
                for (row, step, arrow) in [(frame.top, -1, "▼" as Character), (frame.bottom, 1, "▲")] {
                    guard grid[row, column] == " " else { continue }
                    let outside = (row + step, column)
                    var marker = FlowGraph.EndMarker.none
                    var start = outside
                    if let found = DrawingGrid.marker(grid[outside.0, outside.1]) {
                        guard found != .arrow || grid[outside.0, outside.1] == arrow else { continue }
                        marker = found
                        start = (outside.0 + step, column)
                    } else if let sides = DrawingGrid.sides(grid[outside.0, outside.1]),
                        step < 0 ? sides.down : sides.up
                    {
                    } else {
                        continue
                    }
                    guard let trace = follow(from: start, step: (step, 0)), trace.isFrame,
                        (row, column) < (trace.endCell.0, trace.endCell.1)
                    else { continue }
                    edges.append(
                        Edge(
                            first: Self.frameLabel(frames[index].title), firstMarker: "\(marker)", second: trace.end,
                            secondMarker: "\(trace.marker)", style: "\(trace.style)", label: trace.label
                        ).canonical)
                }
            }
        }
        edges.sort()
    }

    /// Text with its white space removed: labels are compared whatever their wrapping.
    static func squeezed(_ text: String) -> String { String(text.filter { !$0.isWhitespace }) }

    private mutating func findBoxes() {
        for row in 0..<grid.height {
            for column in 0..<(grid.cells[row].count) where Self.topLeftCorners.contains(grid[row, column] ?? " ") {
                if let box = box(at: row, column) { boxes.append(box) }
            }
        }
    }

    private func box(at top: Int, _ left: Int) -> Box? {
        let tees: Set<Character> = ["┬", "┴", "╤", "╧", "├", "┤", "╟", "╢"]
        // Box lines: thin, double (a database), dashed (a note).
        let lines: Set<Character> = ["─", "═", "┄"]
        guard let horizontal = grid[top, left + 1], lines.contains(horizontal) || tees.contains(horizontal)
        else { return nil }
        var right = left + 1
        while let character = grid[top, right], lines.contains(character) || tees.contains(character) {
            right += 1
        }
        guard let topRight = grid[top, right], right > left + 1 else { return nil }
        var bottom = top + 1
        var rightSide: Character?
        while let character = grid[bottom, right], character != " ",
            NodeShape.allCases.contains(where: { $0.glyphs.right == character }) || tees.contains(character)
        {
            if !tees.contains(character) { rightSide = character }
            bottom += 1
        }
        guard bottom > top + 1, let bottomRight = grid[bottom, right], let bottomLeft = grid[bottom, left] else {
            return nil
        }
        let leftSide = (top + 1..<bottom).compactMap { grid[$0, left] }.first { !tees.contains($0) }
        let line = (left + 1..<right).compactMap { grid[top, $0] }.first { !tees.contains($0) } ?? "─"
        guard let leftSide, let rightSide,
            let shape = NodeShape.shape(
                for: .init(
                    corners: (grid[top, left] ?? " ", topRight, bottomLeft, bottomRight), horizontal: line,
                    left: leftSide, right: rightSide))
        else { return nil }
        let text = (top + 1..<bottom).map { row in String((left + 1..<right).compactMap { grid[row, $0] }) }
        let label = text.map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }.joined(
            separator: " ")
        return Box(top: top, left: left, bottom: bottom, right: right, shape: shape, label: label)
    }

    private func boxIndex(_ row: Int, _ column: Int) -> Int? { boxes.firstIndex { $0.contains(row, column) } }

    /// Where edges meet a box: (the cell next to it, the step away from it, the marker there).
    private func ends(of box: Box) -> [(Int, Int, (Int, Int), FlowGraph.EndMarker, (Int, Int))] {
        var found: [(Int, Int, (Int, Int), FlowGraph.EndMarker, (Int, Int))] = []
        func look(_ border: (Int, Int), step: (Int, Int), tee: Set<Character>, arrow: Character) {
            let outside = (border.0 + step.0, border.1 + step.1)
            let line = DrawingGrid.sides(grid[outside.0, outside.1])
            let toward = step.1 < 0 ? line?.right : step.1 > 0 ? line?.left : nil
            let beyond = (outside.0 + step.0, outside.1 + step.1)
            if let cardinality = DrawingGrid.cardinality(
                most: grid[outside.0, outside.1], fewest: grid[beyond.0, beyond.1])
            {
                found.append((beyond.0 + step.0, beyond.1 + step.1, step, cardinality, border))
            } else if tee.contains(grid[border.0, border.1] ?? " ") || toward == true {
                found.append((outside.0, outside.1, step, .none, border))
            } else if let marker = DrawingGrid.marker(grid[outside.0, outside.1]),
                marker != .arrow || grid[outside.0, outside.1] == arrow
            {
                found.append((outside.0 + step.0, outside.1 + step.1, step, marker, border))
            }
        }
        for column in (box.left + 1)..<box.right {
            look((box.top, column), step: (-1, 0), tee: ["┴", "╧"], arrow: "▼")
            look((box.bottom, column), step: (1, 0), tee: ["┬", "╤"], arrow: "▲")
        }
        for row in (box.top + 1)..<box.bottom {
            look((row, box.left), step: (0, -1), tee: ["┤", "╢"], arrow: "▶")
            look((row, box.right), step: (0, 1), tee: ["├", "╟"], arrow: "◀")
        }
        return found
    }

    private mutating func findEdges() {
        for (index, box) in boxes.enumerated() {
            for (row, column, step, marker, endCell) in ends(of: box) {
                guard let trace = follow(from: (row, column), step: step) else {
                    problems.append("a line from '\(box.label)' at \(endCell) ends nowhere")
                    continue
                }
                // Each edge is followed from both ends: kept from the end that comes first. A frame's
                // end is not followed from.
                guard trace.isFrame || (endCell.0, endCell.1) < (trace.endCell.0, trace.endCell.1) else { continue }
                edges.append(
                    Edge(
                        first: boxes[index].label, firstMarker: "\(marker)", second: trace.end,
                        secondMarker: "\(trace.marker)", style: "\(trace.style)", label: trace.label
                    ).canonical)
            }
        }
        edges.sort()
    }

    private struct Trace {
        /// The label of the box at the end, or the frame's (`frameLabel`).
        var end: String
        var isFrame = false
        var marker: FlowGraph.EndMarker
        var endCell: (Int, Int)
        var style: FlowGraph.LineStyle
        var label: String
    }

    private func follow(from start: (Int, Int), step start0: (Int, Int)) -> Trace? {
        var (row, column) = start
        var step = start0
        var style = FlowGraph.LineStyle.solid
        var label: [String] = []
        for _ in 0..<100_000 {
            if let frame = frame(at: row, column) {
                return Trace(
                    end: Self.frameLabel(frames[frame].title), isFrame: true, marker: .none, endCell: (row, column),
                    style: style, label: label.joined(separator: " "))
            }
            if let box = boxIndex(row, column) {
                return Trace(
                    end: boxes[box].label, marker: .none, endCell: (row, column), style: style,
                    label: label.joined(separator: " "))
            }
            let character = grid[row, column]
            if let cardinality = DrawingGrid.cardinality(
                most: grid[row + step.0, column + step.1], fewest: character),
                boxIndex(row + step.0, column + step.1) == nil,
                let box = boxIndex(row + 2 * step.0, column + 2 * step.1)
            {
                return Trace(
                    end: boxes[box].label, marker: cardinality, endCell: (row + 2 * step.0, column + 2 * step.1),
                    style: style,
                    label: label.joined(separator: " "))
            }
            if let marker = DrawingGrid.marker(character) {
                if let frame = frame(at: row + step.0, column + step.1) {
                    return Trace(
                        end: Self.frameLabel(frames[frame].title), isFrame: true, marker: marker,
                        endCell: (row + step.0, column + step.1), style: style, label: label.joined(separator: " "))
                }
                guard let box = boxIndex(row + step.0, column + step.1) else { return nil }
                return Trace(
                    end: boxes[box].label, marker: marker, endCell: (row + step.0, column + step.1), style: style,
                    label: label.joined(separator: " "))
            }
            if let sides = DrawingGrid.sides(character) {
                if let lineStyle = DrawingGrid.style(character), lineStyle != .solid { style = lineStyle }
                if !(sides.up && sides.down && sides.left && sides.right) {
                    let options = [
                        (sides.up, (-1, 0)), (sides.down, (1, 0)), (sides.left, (0, -1)), (sides.right, (0, 1)),
                    ]
                    guard let next = options.first(where: { $0.0 && $0.1 != (-step.0, -step.1) })?.1 else { return nil }
                    step = next
                }
                row += step.0
                column += step.1
                continue
            }
            guard DrawingGrid.isText(character) || (step.1 == 0 && grid.run(row: row, near: column) != nil) else {
                return nil
            }
            // A label: its text lines, then the line goes on beyond it.
            if step.1 == 0 {
                var lines: [String] = []
                while DrawingGrid.sides(grid[row, column]) == nil, DrawingGrid.marker(grid[row, column]) == nil {
                    guard let run = grid.run(row: row, near: column), lines.count < 50 else { return nil }
                    lines.append(run.text)
                    row += step.0
                }
                label = step.0 > 0 ? lines : lines.reversed()
            } else {
                guard let run = grid.run(row: row, near: column) else { return nil }
                let centre = (run.start + run.end) / 2
                var above: [String] = []
                var probe = row - 1
                while let line = grid.run(row: probe, near: centre), DrawingGrid.sides(grid[probe, centre]) == nil {
                    above.insert(line.text, at: 0)
                    probe -= 1
                }
                var below: [String] = []
                probe = row + 1
                while let line = grid.run(row: probe, near: centre), DrawingGrid.sides(grid[probe, centre]) == nil {
                    below.append(line.text)
                    probe += 1
                }
                label = above + [run.text] + below
                column = step.1 > 0 ? run.end + 1 : run.start - 1
            }
        }
        return nil
    }
}
