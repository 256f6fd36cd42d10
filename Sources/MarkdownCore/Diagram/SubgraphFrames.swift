/// Where a flowchart's subgraphs go: each item's chain of subgraphs, ranks regrouped so that a
/// subgraph's items stand together, the extra space its frame needs between items and between ranks,
/// and at the end each frame's rectangle in rank and order coordinates.
///
/// A frame sits two cells outside what it holds (a blank, then its line), so items on either side of
/// a frame's line are kept two cells further apart per line between them, and ranks where frames
/// start or end get two rows per frame.
struct SubgraphFrames {
    /// A frame's rectangle: first and last rank coordinate, first and last order coordinate.
    struct Rectangle {
        var subgraph: Int
        var rankStart: Int
        var rankEnd: Int
        var orderStart: Int
        var orderEnd: Int
    }

    let graph: FlowGraph
    /// Each item's subgraphs, outermost first.
    let paths: [[Int]]
    /// The first and last rank each subgraph's items stand in.
    private(set) var rankSpans: [(first: Int, last: Int)] = []
    /// Rows a frame needs above its first rank and below its last (two per nested frame sharing it).
    private(set) var above: [Int] = []
    private(set) var below: [Int] = []

    init(graph: FlowGraph, layered: LayeredGraph) throws(DiagramFailure) {
        self.graph = graph
        var nodePaths = Array(repeating: [Int](), count: graph.nodes.count)
        for (index, subgraph) in graph.subgraphs.enumerated() {
            var chain = [index]
            var parent = subgraph.parent
            while let outer = parent, chain.count <= graph.subgraphs.count {
                chain.insert(outer, at: 0)
                parent = graph.subgraphs[outer].parent
            }
            for node in subgraph.nodes { nodePaths[node] = chain }
        }
        var incoming = [Int: Int]()
        for segment in layered.segments { incoming[segment.lower] = segment.edge }
        paths = layered.items.indices.map { index -> [Int] in
            switch layered.items[index].kind {
            case .node(let node): return nodePaths[node]
            case .label, .dummy:
                guard let edge = incoming[index] else { return [] }
                let (from, to) = (nodePaths[graph.edges[edge].from], nodePaths[graph.edges[edge].to])
                return Array(zip(from, to).prefix { $0.0 == $0.1 }.map(\.0))
            }
        }
        rankSpans = Array(repeating: (Int.max, Int.min), count: graph.subgraphs.count)
        for (index, path) in paths.enumerated() {
            for subgraph in path {
                let rank = layered.items[index].rank
                rankSpans[subgraph] = (min(rankSpans[subgraph].first, rank), max(rankSpans[subgraph].last, rank))
            }
        }
        if rankSpans.contains(where: { $0.first > $0.last }) { throw .unsupported("an empty subgraph") }
        var top = Array(repeating: 2, count: graph.subgraphs.count)
        var bottom = Array(repeating: 2, count: graph.subgraphs.count)
        // Inner frames first: an outer frame starting (ending) on the same rank goes round them.
        for subgraph in graph.subgraphs.indices.sorted(by: { depth($0) > depth($1) }) {
            guard let parent = graph.subgraphs[subgraph].parent else { continue }
            if rankSpans[parent].first == rankSpans[subgraph].first {
                top[parent] = max(top[parent], top[subgraph] + 2)
            }
            if rankSpans[parent].last == rankSpans[subgraph].last {
                bottom[parent] = max(bottom[parent], bottom[subgraph] + 2)
            }
        }
        above = Array(repeating: 0, count: layered.ranks.count)
        below = Array(repeating: 0, count: layered.ranks.count)
        for subgraph in graph.subgraphs.indices {
            above[rankSpans[subgraph].first] = max(above[rankSpans[subgraph].first], top[subgraph])
            below[rankSpans[subgraph].last] = max(below[rankSpans[subgraph].last], bottom[subgraph])
        }
        self.top = top
        self.bottom = bottom
    }

    private var top: [Int] = []
    private var bottom: [Int] = []

    private func depth(_ subgraph: Int) -> Int {
        var depth = 0
        var parent = graph.subgraphs[subgraph].parent
        while let outer = parent, depth <= graph.subgraphs.count {
            depth += 1
            parent = graph.subgraphs[outer].parent
        }
        return depth
    }

    /// The most frames round any item: the room kept before the first item and after the last.
    var deepest: Int { paths.map(\.count).max() ?? 0 }

    /// Each rank's items regrouped so that every subgraph's items stand together, in the order the
    /// crossing reduction left them otherwise.
    func group(_ layered: inout LayeredGraph) {
        for rank in layered.ranks.indices { layered.ranks[rank] = grouped(layered.ranks[rank], depth: 0) }
    }

    private func grouped(_ items: [Int], depth: Int) -> [Int] {
        var keys: [Int] = []
        var groups: [Int: [Int]] = [:]
        for item in items {
            let key = paths[item].count > depth ? paths[item][depth] : -1 - item
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(item)
        }
        return keys.flatMap { key in
            key >= 0 ? grouped(groups[key, default: []], depth: depth + 1) : groups[key, default: []]
        }
    }

    /// Whether a box or a label that is not in a subgraph stands inside its frame (the frame would
    /// claim it): such a chart is shown as source.
    func framesHoldStrangers(_ rectangles: [Rectangle], _ layered: LayeredGraph) -> Bool {
        rectangles.contains { rectangle in
            let (first, last) = rankSpans[rectangle.subgraph]
            return layered.items.indices.contains { index in
                let item = layered.items[index]
                if case .dummy = item.kind { return false }
                return !paths[index].contains(rectangle.subgraph) && item.rank >= first && item.rank <= last
                    && item.position <= rectangle.orderEnd
                    && item.position + item.orderExtent - 1 >= rectangle.orderStart
            }
        }
    }

    /// The cells between two neighbouring items of a rank: the gap, and two per frame line between.
    func separation(_ first: Int, _ second: Int, gap: Int) -> Int {
        let common = zip(paths[first], paths[second]).prefix { $0.0 == $0.1 }.count
        return gap + 2 * (paths[first].count - common + paths[second].count - common)
    }

    /// The frames' rectangles once items are placed, outermost first. Lines enter a frame through its
    /// top over its first rank's items, so a frame reaches far enough right of them for its title.
    func rectangles(_ layered: LayeredGraph, placement: FlowPlacement) -> [Rectangle] {
        var rectangles: [Int: Rectangle] = [:]
        for subgraph in graph.subgraphs.indices.sorted(by: { depth($0) > depth($1) }) {
            let level = depth(subgraph)
            var orderStart = Int.max
            var orderEnd = Int.min
            var entries = Int.min
            let (first, last) = rankSpans[subgraph]
            for (index, path) in paths.enumerated() where path.contains(subgraph) {
                let item = layered.items[index]
                let margin = 2 * (path.count - level)
                orderStart = min(orderStart, item.position - margin)
                orderEnd = max(orderEnd, item.position + item.orderExtent - 1 + margin)
                if item.rank == first { entries = max(entries, item.position + item.orderExtent - 1) }
            }
            for (child, rectangle) in rectangles where graph.subgraphs[child].parent == subgraph {
                orderStart = min(orderStart, rectangle.orderStart - 2)
                orderEnd = max(orderEnd, rectangle.orderEnd + 2)
                if rankSpans[child].first == first { entries = max(entries, rectangle.orderEnd) }
            }
            let title = DisplayWidth.of(graph.subgraphs[subgraph].title.replacing("\n", with: " "))
            if title > 0 { orderEnd = max(orderEnd, orderStart + title + 5, entries + title + 4) }
            rectangles[subgraph] = Rectangle(
                subgraph: subgraph, rankStart: placement.rankStarts[first] - top[subgraph],
                rankEnd: placement.rankStarts[last] + placement.rankSizes[last] - 1 + bottom[subgraph],
                orderStart: orderStart, orderEnd: orderEnd)
        }
        return graph.subgraphs.indices.sorted { depth($0) < depth($1) }.compactMap { rectangles[$0] }
    }
}
