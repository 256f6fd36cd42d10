/// Draws a `FlowGraph` in box-drawing characters: ranks (`LayeredGraph`), order (`LayerOrdering`),
/// placement and routing (`FlowPlacement`), then boxes, labels and lines on a `DiagramCanvas`.
///
/// A left-right chart too wide for the width is tried top-down; one that still does not fit fails
/// with `.tooWide`, and the caller shows its source.
enum FlowchartDrawing {
    /// The result with the figures the benchmarks report.
    struct Outcome {
        var picture: DiagramPicture
        var crossings: Int
    }

    static func draw(_ graph: FlowGraph, width: Int) throws(DiagramFailure) -> Outcome {
        // Frames are drawn across ranks running down the page: a left-right chart with subgraphs is
        // drawn top-down, as one too wide is.
        var graph = graph
        if !graph.subgraphs.isEmpty, graph.direction.isHorizontal {
            graph.direction = graph.direction == .leftRight ? .topDown : .bottomUp
        }
        guard !graph.nodes.isEmpty else { throw .empty }
        if graph.edges.contains(where: { $0.from == $0.to }) { throw .unsupported("an edge from a node to itself") }
        do {
            return try attempt(graph, width: width)
        } catch .tooWide(let columns) where graph.direction.isHorizontal {
            var upright = graph
            upright.direction = graph.direction == .leftRight ? .topDown : .bottomUp
            do {
                return try attempt(upright, width: width)
            } catch .tooWide(let uprightColumns) {
                throw .tooWide(columns: min(columns, uprightColumns))
            }
        }
    }

    /// The widest a label may be: about a third of the width.
    static func labelWidth(for width: Int) -> Int { max(6, width / 3 - 4) }

    /// The widest a compartment's row may be before it is wrapped: about half the width.
    static func rowWidth(for width: Int) -> Int { max(12, width / 2 - 4) }

    /// The line that stands for a compartment's rule among a node's lines (no label holds it: labels
    /// have their control characters made visible).
    static let rule = "\u{1}"

    /// A node's lines: its label wrapped, then each compartment after a rule, its rows kept as written
    /// (an entity's table keeps its padding) unless too wide, then wrapped with indented continuations.
    static func lines(_ node: FlowGraph.Node, width: Int) -> [String] {
        let rowWidth = rowWidth(for: width)
        // A box with compartments is as wide as its rows: its name need not wrap narrower.
        var lines = LabelWrapper.lines(
            node.label, width: node.compartments.isEmpty ? labelWidth(for: width) : rowWidth)
        for compartment in node.compartments {
            lines.append(rule)
            for row in compartment {
                guard DisplayWidth.of(row) > rowWidth else {
                    lines.append(row)
                    continue
                }
                // A wrapped row's continuation is indented, so that it reads as the same row.
                let pieces = LabelWrapper.lines(row, width: rowWidth)
                lines += [pieces[0]] + pieces.dropFirst().map { "  " + $0 }
            }
        }
        return lines
    }

    private static func attempt(_ graph: FlowGraph, width: Int) throws(DiagramFailure) -> Outcome {
        let graph =
            graph.edges.contains { $0.fromSubgraph != nil || $0.toSubgraph != nil } ? FrameEnds.oriented(graph) : graph
        let horizontal = graph.direction.isHorizontal
        let wrap = labelWidth(for: width)
        let nodeLines = graph.nodes.map { Self.lines($0, width: width) }
        let labelLines = graph.edges.map { $0.label.isEmpty ? nil : LabelWrapper.lines($0.label, width: wrap) }
        let reversed = LayeredGraph.reversedEdges(graph)
        var leaving = Array(repeating: 0, count: graph.nodes.count)
        var arriving = Array(repeating: 0, count: graph.nodes.count)
        for (index, edge) in graph.edges.enumerated() {
            leaving[reversed[index] ? edge.to : edge.from] += 1
            arriving[reversed[index] ? edge.from : edge.to] += 1
        }
        let nodeSizes = graph.nodes.indices.map { node -> (Int, Int) in
            let lines = nodeLines[node]
            let textWidth = lines.map { $0 == rule ? 0 : DisplayWidth.of($0) }.max() ?? 0
            let ports = 2 * max(leaving[node], arriving[node], 1) + 1
            return horizontal
                ? (textWidth + 4, max(lines.count + 2, ports)) : (lines.count + 2, max(textWidth + 4, ports))
        }
        let labelSizes = labelLines.map { lines -> (Int, Int)? in
            guard let lines else { return nil }
            let textWidth = lines.map { DisplayWidth.of($0) }.max() ?? 0
            return horizontal ? (textWidth, lines.count) : (lines.count, textWidth)
        }
        var layered = try LayeredGraph(
            graph: graph, nodeSizes: nodeSizes, labelSizes: labelSizes,
            constraints: try FrameEnds.constraints(graph, reversed: reversed))
        LayerOrdering.order(&layered)
        let frames = graph.subgraphs.isEmpty ? nil : try SubgraphFrames(graph: graph, layered: layered)
        frames?.group(&layered)
        layered.placeNotes(graph.notes)
        let crossings = LayerOrdering.crossings(layered.ranks, layered.segments, itemCount: layered.items.count)
        var placement = try FlowPlacement(
            &layered, flow: graph, gap: horizontal ? 1 : 2, minimumChannel: horizontal ? 3 : 1, frames: frames)
        let rectangles = frames?.rectangles(layered, placement: placement) ?? []
        if let frames, frames.framesHoldStrangers(rectangles, layered) {
            throw .unsupported("a subgraph whose frame would hold other nodes")
        }
        let joins = try FrameEnds.cut(&placement, graph: graph, reversed: layered.reversed, rectangles: rectangles)
        placement.orderLength = max(placement.orderLength, (rectangles.map(\.orderEnd).max() ?? 0) + 1)
        let columns = horizontal ? placement.rankLength : placement.orderLength
        if columns > width { throw .tooWide(columns: columns - width) }
        var painter = try FlowPainter(graph: graph, layered: layered, placement: placement)
        painter.paint(nodeLines: nodeLines, labelLines: labelLines)
        painter.paintFrames(rectangles, joins: joins)
        guard !painter.canvas.collided else { throw .unsupported("a layout whose lines would overlap") }
        guard painter.framesFit else { throw .unsupported("a subgraph whose frame would cover a line") }
        return Outcome(picture: painter.canvas.picture(), crossings: crossings)
    }
}
