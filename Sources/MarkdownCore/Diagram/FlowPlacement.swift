/// Places a ranked and ordered `LayeredGraph` on the character grid, in rank and order coordinates
/// (top-down: rows and columns): items centred over their neighbours, ports spread along box sides, and
/// every segment routed orthogonally through the channel between its two ranks.
///
/// Routing gives each segment that must move sideways a track row of its own in the channel (segments
/// whose spans do not touch may share one), so lines only ever cross at right angles and never run
/// along each other: what keeps a drawing readable, and readable back.
struct FlowPlacement {
    /// A point in rank (along ranks) and order (across them) coordinates.
    struct Point: Equatable {
        var rank: Int
        var order: Int
    }

    /// A segment's path from its upper item to its lower one, with the markers at its ends.
    struct Path {
        var edge: Int
        var points: [Point]
        var startMarker: FlowGraph.EndMarker
        var endMarker: FlowGraph.EndMarker
        /// Whether the path begins at its edge's upper node and ends at its lower node (not at a label
        /// or a dummy).
        var startsAtNode: Bool
        var endsAtNode: Bool
    }

    /// Where a line meets a box's border without a marker (drawn as a tee), and on which side.
    struct Port: Equatable {
        var point: Point
        /// True on the border that faces the next rank (bottom top-down), false on the one facing back.
        var facesForward: Bool
    }

    var rankStarts: [Int] = []
    var rankSizes: [Int] = []
    var paths: [Path] = []
    var ports: [Port] = []
    var rankLength = 0
    var orderLength = 0

    /// Cells between items across a rank.
    let gap: Int
    /// The fewest cells between two ranks.
    let minimumChannel: Int

    init(
        _ graph: inout LayeredGraph, flow: FlowGraph, gap: Int, minimumChannel: Int, frames: SubgraphFrames? = nil
    ) throws(DiagramFailure) {
        self.gap = gap
        self.minimumChannel = minimumChannel
        Self.position(&graph, gap: gap, frames: frames)
        let above = frames?.above ?? Array(repeating: 0, count: graph.ranks.count)
        let below = frames?.below ?? Array(repeating: 0, count: graph.ranks.count)
        rankSizes = graph.ranks.map { rank in rank.map { graph.items[$0].rankExtent }.max() ?? 1 }
        var (upperPorts, lowerPorts) = Self.ports(graph)
        // Rank starts follow from the channel heights, which follow from routing.
        var start = above.first ?? 0
        for rank in graph.ranks.indices {
            rankStarts.append(start)
            start += rankSizes[rank] + below[rank]
            guard rank + 1 < graph.ranks.count else { break }
            let members = graph.segments.indices.filter { graph.items[graph.segments[$0].upper].rank == rank }
            var attempt = 0
            while true {
                var stuck: [Int] = []
                if let height = route(
                    members, graph: graph, flow: flow, channelStart: start, upperPorts: upperPorts,
                    lowerPorts: lowerPorts, extraEnd: above[rank + 1], stuck: &stuck)
                {
                    start += height
                    break
                }
                attempt += 1
                guard attempt < 16,
                    Self.nudge(stuck, graph: graph, upperPorts: &upperPorts, lowerPorts: &lowerPorts, attempt: attempt)
                else { throw .unsupported("a tangle of edges that swap places") }
            }
        }
        rankLength = start
        orderLength = (graph.items.map { $0.position + $0.orderExtent }.max() ?? 0) + 2 * (frames?.deepest ?? 0)
    }

    /// The centre of an item across the ranks, where a single line meets it.
    static func centre(_ item: LayeredGraph.Item) -> Int { item.position + item.orderExtent / 2 }

    /// Positions across ranks: each item as near the median of its neighbours as the order allows, in
    /// sweeps down and up, then shifted so that the leftmost starts at 0.
    private static func position(_ graph: inout LayeredGraph, gap: Int, frames: SubgraphFrames?) {
        func separation(_ first: Int, _ second: Int) -> Int { frames?.separation(first, second, gap: gap) ?? gap }
        var neighbours = Array(repeating: (upper: [Int](), lower: [Int]()), count: graph.items.count)
        for segment in graph.segments {
            neighbours[segment.upper].lower.append(segment.lower)
            neighbours[segment.lower].upper.append(segment.upper)
        }
        for rank in graph.ranks {
            var next = 0
            for (index, item) in rank.enumerated() {
                graph.items[item].position = next
                next +=
                    graph.items[item].orderExtent + (index + 1 < rank.count ? separation(item, rank[index + 1]) : gap)
            }
        }
        for sweep in 0..<8 {
            let downward = sweep % 2 == 0
            let order = downward ? Array(graph.ranks.indices) : Array(graph.ranks.indices.reversed())
            for rank in order {
                let members = graph.ranks[rank]
                let desired = members.map { item -> Int in
                    let others = (downward ? neighbours[item].upper : neighbours[item].lower).map {
                        centre(graph.items[$0])
                    }.sorted()
                    let extent = graph.items[item].orderExtent
                    guard !others.isEmpty else { return graph.items[item].position }
                    let median = (others[(others.count - 1) / 2] + others[others.count / 2]) / 2
                    return median - extent / 2
                }
                var left = desired
                for index in members.indices.dropFirst() {
                    let previous = graph.items[members[index - 1]]
                    left[index] = max(
                        left[index],
                        left[index - 1] + previous.orderExtent + separation(members[index - 1], members[index]))
                }
                var right = desired
                for index in members.indices.reversed().dropFirst() {
                    let extent = graph.items[members[index]].orderExtent
                    right[index] = min(
                        right[index], right[index + 1] - extent - separation(members[index], members[index + 1]))
                }
                for (index, item) in members.enumerated() {
                    var place = (left[index] + right[index]) / 2
                    if index > 0 {
                        let previous = graph.items[members[index - 1]]
                        place = max(
                            place, previous.position + previous.orderExtent + separation(members[index - 1], item))
                    }
                    graph.items[item].position = place
                }
            }
        }
        let shift = (graph.items.map(\.position).min() ?? 0) - 2 * (frames?.deepest ?? 0)
        for index in graph.items.indices { graph.items[index].position -= shift }
    }

    /// Moves one port of a segment that swaps columns with another by a column along its box's side, to
    /// a column no other port of that side uses; false when none can move.
    private static func nudge(
        _ stuck: [Int], graph: LayeredGraph, upperPorts: inout [Int], lowerPorts: inout [Int], attempt: Int
    ) -> Bool {
        let step = attempt % 2 == 1 ? 1 : -1
        for segment in stuck {
            for atLower in [true, false] {
                let item = graph.items[atLower ? graph.segments[segment].lower : graph.segments[segment].upper]
                guard case .node = item.kind else { continue }
                let current = atLower ? lowerPorts[segment] : upperPorts[segment]
                let candidate = current + step
                guard candidate > item.position, candidate < item.position + item.orderExtent - 1 else { continue }
                let siblings = graph.segments.indices.filter { other in
                    other != segment
                        && (atLower
                            ? graph.segments[other].lower == graph.segments[segment].lower
                            : graph.segments[other].upper == graph.segments[segment].upper)
                }
                let used = siblings.map { atLower ? lowerPorts[$0] : upperPorts[$0] }
                guard !used.contains(where: { abs($0 - candidate) < 1 }) else { continue }
                if atLower { lowerPorts[segment] = candidate } else { upperPorts[segment] = candidate }
                return true
            }
        }
        return false
    }

    /// Each segment's port across the ranks at its upper and lower item: spread along a box's side in
    /// the order of the items at the other ends, at the centre of a label or dummy.
    private static func ports(_ graph: LayeredGraph) -> (upper: [Int], lower: [Int]) {
        var upper = Array(repeating: 0, count: graph.segments.count)
        var lower = Array(repeating: 0, count: graph.segments.count)
        var leaving = Array(repeating: [Int](), count: graph.items.count)
        var arriving = Array(repeating: [Int](), count: graph.items.count)
        for (index, segment) in graph.segments.enumerated() {
            leaving[segment.upper].append(index)
            arriving[segment.lower].append(index)
        }
        func spread(_ item: LayeredGraph.Item, _ members: [Int], other: (Int) -> Int, into result: inout [Int]) {
            let sorted = members.sorted { (other($0), $0) < (other($1), $1) }
            guard case .node = item.kind, sorted.count > 1 else {
                for segment in sorted { result[segment] = centre(item) }
                return
            }
            let interior = item.orderExtent - 2
            for (index, segment) in sorted.enumerated() {
                result[segment] = item.position + 1 + (2 * index + 1) * interior / (2 * sorted.count)
            }
        }
        for (index, item) in graph.items.enumerated() {
            spread(item, leaving[index], other: { centre(graph.items[graph.segments[$0].lower]) }, into: &upper)
            spread(item, arriving[index], other: { centre(graph.items[graph.segments[$0].upper]) }, into: &lower)
        }
        return (upper, lower)
    }
}
