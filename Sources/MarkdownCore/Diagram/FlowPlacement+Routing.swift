/// Routing the segments between two ranks through the channel that separates them.
extension FlowPlacement {
    /// Routes `members` (the segments leaving one rank) through the channel starting at `channelStart`,
    /// adds their paths and ports, and returns the channel's height; nil when segments that swap
    /// columns cannot be given tracks (`stuck` then names them, and nothing is added).
    mutating func route(
        _ members: [Int], graph: LayeredGraph, flow: FlowGraph, channelStart: Int, upperPorts: [Int],
        lowerPorts: [Int], extraEnd: Int = 0, stuck: inout [Int]
    ) -> Int? {
        func markers(_ segment: LayeredGraph.Segment) -> (FlowGraph.EndMarker, FlowGraph.EndMarker) {
            let edge = flow.edges[segment.edge]
            let (upper, lower) =
                graph.reversed[segment.edge] ? (edge.endMarker, edge.startMarker) : (edge.startMarker, edge.endMarker)
            return (segment.startsAtNode ? upper : .none, segment.endsAtNode ? lower : .none)
        }
        // Rows kept for the markers at the upper ends before any track, and at the lower ends after the
        // last (a cardinality takes two cells).
        let reserve = members.map { markers(graph.segments[$0]).0.cells }.max() ?? 0
        let endCells = max(1, members.map { markers(graph.segments[$0]).1.cells }.max() ?? 0)
        // Segments that move sideways, each on a track row: one whose upper port is another's lower port
        // must turn above it (its line leaves that column before the other's arrives).
        let jogging = members.filter { upperPorts[$0] != lowerPorts[$0] }
        var before = [Int: [Int]]()
        var waiting = [Int: Int]()
        for first in jogging {
            for second in jogging where first != second && upperPorts[first] == lowerPorts[second] {
                before[first, default: []].append(second)
                waiting[second, default: 0] += 1
            }
        }
        // Tracks are given first-fit: segments moving left from the leftmost port first, then those
        // moving right from the rightmost, so that a segment's turn never runs across the line of a
        // neighbour moving the same way (the one further out turns first).
        func key(_ segment: Int) -> (Int, Int) {
            lowerPorts[segment] < upperPorts[segment] ? (0, upperPorts[segment]) : (1, -upperPorts[segment])
        }
        var ready = jogging.filter { waiting[$0, default: 0] == 0 }.sorted { key($0) < key($1) }
        var rowOf = [Int: Int]()
        var rows: [[ClosedRange<Int>]] = []
        var earliest = [Int: Int]()
        while let first = ready.indices.min(by: { key(ready[$0]) < key(ready[$1]) }) {
            let segment = ready.remove(at: first)
            let low = min(upperPorts[segment], lowerPorts[segment]) - 1
            let span = low...(max(upperPorts[segment], lowerPorts[segment]) + 1)
            var row = earliest[segment, default: 0]
            while row < rows.count, rows[row].contains(where: { $0.overlaps(span) }) { row += 1 }
            if row == rows.count { rows.append([]) }
            rows[row].append(span)
            rowOf[segment] = row
            for next in before[segment, default: []] {
                earliest[next] = max(earliest[next, default: 0], row + 1)
                waiting[next, default: 0] -= 1
                if waiting[next] == 0 { ready.append(next) }
            }
        }
        guard rowOf.count == jogging.count else {
            stuck = jogging.filter { rowOf[$0] == nil }
            return nil
        }
        // One row of plain line besides tracks and markers, so that every segment shows its style.
        // Rows where frames start before the next rank come last, crossed only by straight lines.
        let height = max(minimumChannel, reserve + rows.count + 1 + endCells) + extraEnd
        let rankAfter = channelStart + height
        for index in members {
            let segment = graph.segments[index]
            let upper = graph.items[segment.upper]
            let lower = graph.items[segment.lower]
            let (startMarker, endMarker) = markers(segment)
            let upperStart = rankStarts[upper.rank]
            let start: Int
            switch upper.kind {
            case .node:
                start = upperStart + upper.rankExtent
                if startMarker == .none {
                    ports.append(Port(point: Point(rank: start - 1, order: upperPorts[index]), facesForward: true))
                }
            case .label: start = upperStart + upper.rankExtent
            case .dummy: start = upperStart
            }
            let end: Int
            switch lower.kind {
            case .node:
                end = rankAfter - 1
                if endMarker == .none {
                    ports.append(Port(point: Point(rank: rankAfter, order: lowerPorts[index]), facesForward: false))
                }
            case .label, .dummy: end = rankAfter - 1
            }
            var points = [Point(rank: start, order: upperPorts[index])]
            if let row = rowOf[index] {
                let track = channelStart + reserve + row
                points.append(Point(rank: track, order: upperPorts[index]))
                points.append(Point(rank: track, order: lowerPorts[index]))
            }
            points.append(Point(rank: end, order: lowerPorts[index]))
            paths.append(
                Path(
                    edge: segment.edge, points: points, startMarker: startMarker, endMarker: endMarker,
                    startsAtNode: segment.startsAtNode, endsAtNode: segment.endsAtNode))
        }
        return height
    }
}
