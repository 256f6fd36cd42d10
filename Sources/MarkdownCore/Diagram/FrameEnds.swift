/// Edges that end at a subgraph's frame rather than at a node: `A --> SG` in a flowchart, a
/// transition into or out of a composite state.
///
/// The layout knows only nodes, so such an edge is ranked and routed to a node inside the subgraph
/// that stands for the frame, every node of the subgraph is ranked on the far side of the edge's other
/// end (so the line reaches the frame through its top or bottom), and once lines are routed the line
/// is cut short where it meets the frame's line: its marker just outside the frame, or, without one,
/// a join on the frame's line (`╧`, `╤`).
enum FrameEnds {
    /// Where a line without a marker meets a frame: the cell on the frame's line, and whether the line
    /// comes from before it in rank order (it meets the frame's first line) or leaves after it.
    struct Join {
        var point: FlowPlacement.Point
        var fromBefore: Bool
    }

    /// An edge as a parser reads it, with the subgraph ids (if any) its ends name.
    typealias Named = (edge: Int, from: String?, to: String?)

    /// Names each frame end's subgraph by its index in `graph`, then resolves them (`resolve(_:)`).
    static func resolve(_ graph: inout FlowGraph, named ends: [Named]) throws(DiagramFailure) {
        guard !ends.isEmpty else { return }
        let indices = Dictionary(
            graph.subgraphs.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (edge, from, to) in ends {
            graph.edges[edge].fromSubgraph = from.flatMap { indices[$0] }
            graph.edges[edge].toSubgraph = to.flatMap { indices[$0] }
        }
        try resolve(&graph)
    }

    /// Gives each edge with a frame end a node inside that subgraph to stand for the frame: the first
    /// node no other node of the subgraph leads to, where lines come in, or the last that leads to no
    /// other, where they leave. An empty subgraph, or an edge between a subgraph and something inside
    /// it, is not drawn.
    static func resolve(_ graph: inout FlowGraph) throws(DiagramFailure) {
        for index in graph.edges.indices {
            let edge = graph.edges[index]
            guard edge.fromSubgraph != nil || edge.toSubgraph != nil else { continue }
            let fromSide = edge.fromSubgraph.map { graph.members(of: $0) } ?? [edge.from]
            let toSide = edge.toSubgraph.map { graph.members(of: $0) } ?? [edge.to]
            guard !fromSide.isEmpty, !toSide.isEmpty else { throw .unsupported("an edge to an empty subgraph") }
            guard Set(fromSide).isDisjoint(with: toSide) else {
                throw .unsupported("an edge between a subgraph and what it holds")
            }
            if let subgraph = edge.toSubgraph { graph.edges[index].to = entry(graph, subgraph, members: toSide) }
            if let subgraph = edge.fromSubgraph { graph.edges[index].from = exit(graph, subgraph, members: fromSide) }
        }
    }

    /// The graph with the nodes standing for frames picked again for edges drawn against their
    /// direction (they close a cycle): a frame drawn at an edge's lower end is entered, one at its upper
    /// end left. Kept only if the same edges still close cycles.
    static func oriented(_ graph: FlowGraph) -> FlowGraph {
        let reversed = LayeredGraph.reversedEdges(graph)
        var oriented = graph
        for (index, edge) in graph.edges.enumerated() where reversed[index] {
            if let subgraph = edge.fromSubgraph {
                oriented.edges[index].from = entry(graph, subgraph, members: graph.members(of: subgraph))
            }
            if let subgraph = edge.toSubgraph {
                oriented.edges[index].to = exit(graph, subgraph, members: graph.members(of: subgraph))
            }
        }
        return LayeredGraph.reversedEdges(oriented) == reversed ? oriented : graph
    }

    private static func innerEdges(_ graph: FlowGraph, _ members: Set<Int>) -> [FlowGraph.Edge] {
        graph.edges.filter {
            $0.fromSubgraph == nil && $0.toSubgraph == nil && members.contains($0.from) && members.contains($0.to)
        }
    }

    private static func entry(_ graph: FlowGraph, _ subgraph: Int, members: [Int]) -> Int {
        let targets = Set(innerEdges(graph, Set(members)).map(\.to))
        return members.first { !targets.contains($0) } ?? members[0]
    }

    private static func exit(_ graph: FlowGraph, _ subgraph: Int, members: [Int]) -> Int {
        let sources = Set(innerEdges(graph, Set(members)).map(\.from))
        return members.last { !sources.contains($0) } ?? members[members.count - 1]
    }

    /// The most rank constraints frame ends may add: each is checked against a cycle by a walk of the
    /// graph, so a chart needing more is shown as its source.
    static let maximumConstraints = 2000

    /// Rank constraints, (upper node, lower node): every node of a frame end stands on the far side of
    /// the edge's other end, in the direction the edge is drawn (`reversed`: it closed a cycle).
    static func constraints(_ graph: FlowGraph, reversed: [Bool]) throws(DiagramFailure) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for (index, edge) in graph.edges.enumerated() where edge.fromSubgraph != nil || edge.toSubgraph != nil {
            let fromSide = edge.fromSubgraph.map { graph.members(of: $0) } ?? [edge.from]
            let toSide = edge.toSubgraph.map { graph.members(of: $0) } ?? [edge.to]
            let (upper, lower) = reversed[index] ? (toSide, fromSide) : (fromSide, toSide)
            guard pairs.count + upper.count * lower.count <= maximumConstraints else {
                throw .tooLarge("too many edges to subgraphs")
            }
            for first in upper {
                for second in lower where first != second { pairs.append((first, second)) }
            }
        }
        return pairs
    }

    /// Cuts each routed line that meets a frame short of the frame's line and takes away its port on
    /// the node standing for the frame; returns where lines without a marker join a frame. A line that
    /// would not reach the frame straight through its top or bottom makes the chart fall back.
    static func cut(
        _ placement: inout FlowPlacement, graph: FlowGraph, reversed: [Bool], rectangles: [SubgraphFrames.Rectangle]
    ) throws(DiagramFailure) -> [Join] {
        var joins: [Join] = []
        let failure = DiagramFailure.unsupported("an edge to a subgraph that does not meet its frame straight")
        for index in placement.paths.indices {
            var path = placement.paths[index]
            let edge = graph.edges[path.edge]
            let (upperFrame, lowerFrame) =
                reversed[path.edge] ? (edge.toSubgraph, edge.fromSubgraph) : (edge.fromSubgraph, edge.toSubgraph)
            let count = path.points.count
            if path.endsAtNode, let subgraph = lowerFrame {
                guard let frame = rectangles.first(where: { $0.subgraph == subgraph }), count >= 2 else {
                    throw failure
                }
                let (before, end) = (path.points[count - 2], path.points[count - 1])
                let stop = frame.rankStart - 1
                guard before.order == end.order, before.rank < stop - max(0, path.endMarker.cells - 1),
                    end.rank >= stop, end.order > frame.orderStart, end.order < frame.orderEnd
                else { throw failure }
                placement.ports.removeAll {
                    $0.point == .init(rank: end.rank + 1, order: end.order) && !$0.facesForward
                }
                path.points[count - 1].rank = stop
                if path.endMarker == .none {
                    joins.append(Join(point: .init(rank: frame.rankStart, order: end.order), fromBefore: true))
                }
            }
            if path.startsAtNode, let subgraph = upperFrame {
                guard let frame = rectangles.first(where: { $0.subgraph == subgraph }), count >= 2 else {
                    throw failure
                }
                let (start, after) = (path.points[0], path.points[1])
                let origin = frame.rankEnd + 1
                guard start.order == after.order, after.rank > origin + max(0, path.startMarker.cells - 1),
                    start.rank <= origin, start.order > frame.orderStart, start.order < frame.orderEnd
                else { throw failure }
                placement.ports.removeAll {
                    $0.point == .init(rank: start.rank - 1, order: start.order) && $0.facesForward
                }
                path.points[0].rank = origin
                if path.startMarker == .none {
                    joins.append(Join(point: .init(rank: frame.rankEnd, order: start.order), fromBefore: false))
                }
            }
            placement.paths[index] = path
        }
        return joins
    }
}
