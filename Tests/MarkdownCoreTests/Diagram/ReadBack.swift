import Testing

@testable import MarkdownCore

/// Draws a diagram and reads the drawing back, for the tests that compare it with its source.
enum ReadBack {
    /// What the source says, in the read-back's terms.
    static func expectedEdges(_ graph: FlowGraph) -> [FlowchartReader.Edge] {
        func end(_ node: Int, _ subgraph: Int?) -> String {
            subgraph.map { FlowchartReader.frameLabel(graph.subgraphs[$0].title) }
                ?? FlowchartReader.squeezed(graph.nodes[node].label)
        }
        return graph.edges.map { edge in
            FlowchartReader.Edge(
                first: end(edge.from, edge.fromSubgraph), firstMarker: "\(edge.startMarker)",
                second: end(edge.to, edge.toSubgraph), secondMarker: "\(edge.endMarker)",
                style: "\(edge.style)", label: FlowchartReader.squeezed(edge.label)
            ).canonical
        }.sorted()
    }

    static func expectedNodes(_ graph: FlowGraph) -> [String] {
        graph.nodes.map { "\($0.shape) \(FlowchartReader.squeezed($0.label))" }.sorted()
    }

    /// The drawing's nodes and edges with labels squeezed like the expected ones.
    static func read(_ lines: [String], frames: [SubgraphFrameReader.Frame] = []) -> (
        nodes: [String], edges: [FlowchartReader.Edge], problems: [String], overlaps: Bool
    ) {
        let reader = FlowchartReader(lines, frames: frames)
        let nodes = reader.boxes.map { "\($0.shape) \(FlowchartReader.squeezed($0.label))" }.sorted()
        let edges = reader.edges.map { edge -> FlowchartReader.Edge in
            var edge = edge
            edge.first = FlowchartReader.squeezed(edge.first)
            edge.second = FlowchartReader.squeezed(edge.second)
            edge.label = FlowchartReader.squeezed(edge.label)
            return edge.canonical
        }.sorted()
        var overlaps = false
        for (index, box) in reader.boxes.enumerated() {
            for other in reader.boxes[(index + 1)...] where box.overlaps(other) { overlaps = true }
        }
        return (nodes, edges, reader.problems, overlaps)
    }

    /// Draws a flowchart at `width` and checks the drawing against its graph; returns whether it was drawn
    /// (false: a declared fallback).
    @discardableResult
    static func checkFlowchart(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool
    {
        let graph: FlowGraph
        do {
            graph = try FlowchartParser.parse(source)
        } catch {
            Issue.record("does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
        return check(graph, source: source, width: width, sourceLocation: sourceLocation)
    }

    /// Draws `source` at `width` and checks the drawing against `graph`, what its parser read.
    static func check(_ graph: FlowGraph, source: String, width: Int, sourceLocation: SourceLocation) -> Bool {
        switch MermaidDiagram.draw(source, width: width) {
        case .failure(let failure):
            switch failure {
            case .tooWide, .unsupported, .tooLarge: return false
            default:
                Issue.record("unexpected failure \(failure)", sourceLocation: sourceLocation)
                return false
            }
        case .success(let picture):
            let lines = picture.lines
            for line in lines where DisplayWidth.of(line) > width {
                Issue.record(
                    "a line is \(DisplayWidth.of(line)) columns wide at width \(width)", sourceLocation: sourceLocation)
            }
            let frames = SubgraphFrameReader(lines)
            let read = read(frames.lines, frames: frames.frames)
            let drawing = "\n" + lines.joined(separator: "\n")
            #expect(frames.problems.isEmpty, "\(frames.problems)\(drawing)", sourceLocation: sourceLocation)
            #expect(
                subgraphMembers(frames.frames, FlowchartReader(frames.lines).boxes) == expectedSubgraphs(graph),
                "subgraphs\(drawing)", sourceLocation: sourceLocation)
            #expect(read.problems.isEmpty, "\(read.problems)\(drawing)", sourceLocation: sourceLocation)
            #expect(!read.overlaps, "boxes overlap\(drawing)", sourceLocation: sourceLocation)
            #expect(read.nodes == expectedNodes(graph), "nodes\(drawing)", sourceLocation: sourceLocation)
            #expect(read.edges == expectedEdges(graph), "edges\(drawing)", sourceLocation: sourceLocation)
            return true
        }
    }

    /// Each subgraph's title with the labels of the nodes inside it, nested ones too, sorted.
    static func expectedSubgraphs(_ graph: FlowGraph) -> [String] {
        graph.subgraphs.indices.map { index in
            var members: [String] = []
            var pending = [index]
            while let subgraph = pending.popLast() {
                members += graph.subgraphs[subgraph].nodes.map { FlowchartReader.squeezed(graph.nodes[$0].label) }
                pending += graph.subgraphs.indices.filter { graph.subgraphs[$0].parent == subgraph }
            }
            return FlowchartReader.squeezed(graph.subgraphs[index].title) + ": "
                + members.sorted().joined(separator: ",")
        }.sorted()
    }

    /// The frames read, each with the labels of the boxes inside it, in the same form.
    static func subgraphMembers(_ frames: [SubgraphFrameReader.Frame], _ boxes: [FlowchartReader.Box]) -> [String] {
        frames.map { frame in
            let inside = boxes.filter {
                $0.top > frame.top && $0.bottom < frame.bottom && $0.left > frame.left && $0.right < frame.right
            }
            return FlowchartReader.squeezed(frame.title) + ": "
                + inside.map { FlowchartReader.squeezed($0.label) }.sorted().joined(separator: ",")
        }.sorted()
    }
}
