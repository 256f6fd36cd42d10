/// Paints a placed flowchart on a canvas, turning rank and order coordinates into rows and columns for
/// the chart's direction (top-down, bottom-up, left-right, right-left).
struct FlowPainter {
    let graph: FlowGraph
    let layered: LayeredGraph
    let placement: FlowPlacement
    var canvas: DiagramCanvas
    /// False when a subgraph's frame would cover a box, a label or a line running along it.
    var framesFit = true
    private let direction: FlowGraph.Direction

    init(graph: FlowGraph, layered: LayeredGraph, placement: FlowPlacement) throws(DiagramFailure) {
        self.graph = graph
        self.layered = layered
        self.placement = placement
        direction = graph.direction
        canvas =
            direction.isHorizontal
            ? try DiagramCanvas(width: placement.rankLength, height: placement.orderLength)
            : try DiagramCanvas(width: placement.orderLength, height: placement.rankLength)
    }

    /// A point's row and column.
    func cell(_ point: FlowPlacement.Point) -> (Int, Int) {
        let flipped = placement.rankLength - 1 - point.rank
        switch direction {
        case .topDown: return (point.rank, point.order)
        case .bottomUp: return (flipped, point.order)
        case .leftRight: return (point.order, point.rank)
        case .rightLeft: return (point.order, flipped)
        }
    }

    /// An item's top row, left column, height and width.
    private func rectangle(_ item: LayeredGraph.Item) -> (top: Int, left: Int, height: Int, width: Int) {
        let start = placement.rankStarts[item.rank]
        let flippedStart = placement.rankLength - start - item.rankExtent
        switch direction {
        case .topDown: return (start, item.position, item.rankExtent, item.orderExtent)
        case .bottomUp: return (flippedStart, item.position, item.rankExtent, item.orderExtent)
        case .leftRight: return (item.position, start, item.orderExtent, item.rankExtent)
        case .rightLeft: return (item.position, flippedStart, item.orderExtent, item.rankExtent)
        }
    }

    /// The side a step toward the next rank leaves a cell by.
    private var forward: DiagramCanvas.Sides {
        switch direction {
        case .topDown: return .down
        case .bottomUp: return .up
        case .leftRight: return .right
        case .rightLeft: return .left
        }
    }

    private var backward: DiagramCanvas.Sides {
        switch direction {
        case .topDown: return .up
        case .bottomUp: return .down
        case .leftRight: return .left
        case .rightLeft: return .right
        }
    }

    /// The arrowhead pointing out of a cell by `side`.
    private static func arrow(_ side: DiagramCanvas.Sides) -> Character {
        switch side {
        case .up: return "▲"
        case .down: return "▼"
        case .left: return "◀"
        default: return "▶"
        }
    }

    private static func marker(_ marker: FlowGraph.EndMarker, pointing side: DiagramCanvas.Sides) -> Character? {
        switch marker {
        case .none: return nil
        case .arrow: return arrow(side)
        case .circle: return "○"
        case .cross: return "✕"
        case .filledDiamond: return "◆"
        case .hollowDiamond: return "◇"
        case .triangle:
            switch side {
            case .up: return "△"
            case .down: return "▽"
            case .left: return "◁"
            default: return "▷"
            }
        case .exactlyOne, .oneOrMore, .zeroOrOne, .zeroOrMore: return cardinality(marker, pointing: side).most
        }
    }

    /// A cardinality's two glyphs on a line running toward a node by `side`: the most (next to the
    /// node: a bar for one, a crow's foot opening toward the node for many) and the fewest (beyond it:
    /// `○` for zero, a bar for one).
    static func cardinality(
        _ marker: FlowGraph.EndMarker, pointing side: DiagramCanvas.Sides
    ) -> (most: Character, fewest: Character) {
        let across = side == .up || side == .down
        let bar: Character = across ? "╪" : "╫"
        let foot: Character
        switch side {
        case .up: foot = "∨"
        case .down: foot = "∧"
        case .left: foot = ">"
        default: foot = "<"
        }
        switch marker {
        case .zeroOrOne: return (bar, "○")
        case .oneOrMore: return (foot, bar)
        case .zeroOrMore: return (foot, "○")
        default: return (bar, bar)
        }
    }

    /// The cell one step back along a line from `cell`, away from the side it points by.
    private static func behind(_ cell: (Int, Int), pointing side: DiagramCanvas.Sides) -> (Int, Int) {
        switch side {
        case .up: return (cell.0 + 1, cell.1)
        case .down: return (cell.0 - 1, cell.1)
        case .left: return (cell.0, cell.1 + 1)
        default: return (cell.0, cell.1 - 1)
        }
    }

    mutating func paint(nodeLines: [[String]], labelLines: [[String]?]) {
        for item in layered.items {
            switch item.kind {
            case .node(let node): box(item, shape: graph.nodes[node].shape, lines: nodeLines[node])
            case .label(let edge): label(item, lines: labelLines[edge] ?? [], style: graph.edges[edge].style)
            case .dummy: break
            }
        }
        for path in placement.paths { draw(path) }
        for port in placement.ports { tee(port) }
    }

    private mutating func box(_ item: LayeredGraph.Item, shape: NodeShape, lines: [String]) {
        let (top, left, height, width) = rectangle(item)
        let glyphs = shape.glyphs
        let right = left + width - 1
        let bottom = top + height - 1
        canvas.put(glyphs.corners.0, top, left, role: .border)
        canvas.put(glyphs.corners.1, top, right, role: .border)
        canvas.put(glyphs.corners.2, bottom, left, role: .border)
        canvas.put(glyphs.corners.3, bottom, right, role: .border)
        for column in (left + 1)..<right {
            canvas.put(glyphs.horizontal, top, column, role: .border)
            canvas.put(glyphs.horizontal, bottom, column, role: .border)
        }
        for row in (top + 1)..<bottom {
            canvas.put(glyphs.left, row, left, role: .border)
            canvas.put(glyphs.right, row, right, role: .border)
        }
        let firstRow = top + 1 + (height - 2 - lines.count) / 2
        var pastRule = false
        for (index, line) in lines.enumerated() {
            if line == FlowchartDrawing.rule {
                // A compartment's rule joins the box's sides; the rows under it are left-aligned.
                pastRule = true
                canvas.put("├", firstRow + index, left, role: .border, replacing: true)
                canvas.put("┤", firstRow + index, right, role: .border, replacing: true)
                for column in (left + 1)..<right { canvas.put("─", firstRow + index, column, role: .border) }
                continue
            }
            let column = pastRule ? left + 2 : left + 1 + (width - 2 - DisplayWidth.of(line)) / 2
            canvas.write(line, firstRow + index, column, role: .text)
        }
    }

    private mutating func label(_ item: LayeredGraph.Item, lines: [String], style: FlowGraph.LineStyle) {
        let (top, left, height, width) = rectangle(item)
        let portRow = top + height / 2
        for (index, line) in lines.enumerated() {
            let lineWidth = DisplayWidth.of(line)
            let column = left + (width - lineWidth) / 2
            canvas.write(line, top + index, column, role: .label)
            guard direction.isHorizontal, top + index == portRow else { continue }
            // Across the ranks, the line runs on through the label's row up to its text.
            for padding in Array(left..<column) + Array((column + lineWidth)..<(left + width)) {
                canvas.connect(portRow, padding, [.left, .right], style: style)
            }
        }
    }

    private mutating func draw(_ path: FlowPlacement.Path) {
        let style = graph.edges[path.edge].style
        let cells = path.points.map(cell)
        guard let first = cells.first, let last = cells.last else { return }
        for index in cells.indices.dropFirst() { canvas.line(from: cells[index - 1], to: cells[index], style: style) }
        canvas.connect(first.0, first.1, backward, style: style)
        canvas.connect(last.0, last.1, forward, style: style)
        for (marker, end, side) in [(path.startMarker, first, backward), (path.endMarker, last, forward)] {
            guard let character = Self.marker(marker, pointing: side) else { continue }
            canvas.put(character, end.0, end.1, role: .edge, replacing: true)
            if marker.cells == 2 {
                let beyond = Self.behind(end, pointing: side)
                canvas.put(
                    Self.cardinality(marker, pointing: side).fewest, beyond.0, beyond.1, role: .edge, replacing: true)
            }
        }
    }

    private mutating func tee(_ port: FlowPlacement.Port) {
        let (row, column) = cell(port.point)
        let side = port.facesForward ? forward : backward
        // A line meets a box's left or right side next to it: the side keeps its shape's character.
        if side == .left || side == .right { return }
        let double = canvas.cell(row, column)?.character.map { $0 == "═" || $0 == "║" } ?? false
        let character: Character
        switch side {
        case .down: character = double ? "╤" : "┬"
        case .up: character = double ? "╧" : "┴"
        default: return
        }
        canvas.put(character, row, column, role: .border, replacing: true)
    }
}
