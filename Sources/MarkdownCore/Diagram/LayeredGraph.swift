/// A flowchart cut into ranks for layered (Sugiyama-style) layout: every edge runs between adjacent
/// ranks, through a label item (for a labelled edge) and dummy items (for a long one).
///
/// It exists so that ordering, placement and routing all work on the same simple shape: items in
/// ranks, and segments that each join an item to one in the next rank.
struct LayeredGraph {
    /// What stands in a rank.
    enum ItemKind: Equatable {
        /// A node's box, by node index.
        case node(Int)
        /// An edge's label, by edge index.
        case label(Int)
        /// A point a long edge passes through.
        case dummy
    }

    struct Item {
        var kind: ItemKind
        var rank: Int
        /// Extent along the rank axis (height top-down) and across it (width top-down).
        var rankExtent: Int
        var orderExtent: Int
        /// Start on the order axis, set by placement.
        var position = 0
    }

    /// A piece of an edge from an item in one rank to an item in the next.
    struct Segment {
        var upper: Int
        var lower: Int
        var edge: Int
        /// Whether it is the first (upper end at a node) or last (lower end at a node) piece.
        var startsAtNode: Bool
        var endsAtNode: Bool
    }

    var items: [Item] = []
    var segments: [Segment] = []
    /// Item indices by rank, in order.
    var ranks: [[Int]] = []
    /// For each edge, whether it is drawn from its target down to its source (it closed a cycle).
    var reversed: [Bool] = []

    /// The most items (boxes, labels and dummies) a layout may hold.
    static let maximumItems = 4000

    /// Ranks `graph`, with `sizes` giving each node's box (rank extent, order extent) and `labelSizes`
    /// each edge label's; `constraints` (upper node, lower node) are kept too where they close no cycle.
    init(
        graph: FlowGraph, nodeSizes: [(Int, Int)], labelSizes: [(Int, Int)?], constraints: [(Int, Int)] = []
    ) throws(DiagramFailure) {
        let count = graph.nodes.count
        reversed = Self.reversedEdges(graph)
        var successors = Array(repeating: [Int](), count: count)
        var predecessorCount = Array(repeating: 0, count: count)
        for (index, edge) in graph.edges.enumerated() {
            let (from, to) = reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
            successors[from].append(to)
            predecessorCount[to] += 1
        }
        for (upper, lower) in constraints where !Self.reaches(lower, upper, successors) {
            successors[upper].append(lower)
            predecessorCount[lower] += 1
        }
        // Longest path from the sources, in topological order.
        var rank = Array(repeating: 0, count: count)
        var queue = (0..<count).filter { predecessorCount[$0] == 0 }
        var head = 0
        var topological: [Int] = []
        while head < queue.count {
            let node = queue[head]
            head += 1
            topological.append(node)
            for next in successors[node] {
                rank[next] = max(rank[next], rank[node] + 1)
                predecessorCount[next] -= 1
                if predecessorCount[next] == 0 { queue.append(next) }
            }
        }
        // Sources sit just above their nearest successor rather than at the top.
        for node in topological.reversed() where !successors[node].isEmpty {
            let hasPredecessor = graph.edges.indices.contains { index in
                let edge = graph.edges[index]
                return (reversed[index] ? edge.from : edge.to) == node
            }
            if !hasPredecessor { rank[node] = (successors[node].map { rank[$0] }.min() ?? 1) - 1 }
        }
        // A note stands in the rank of the node it is about.
        for note in graph.notes { rank[note.node] = rank[note.target] }
        let hasLabels = labelSizes.contains { $0 != nil }
        let scale = hasLabels ? 2 : 1
        for node in 0..<count {
            items.append(
                Item(
                    kind: .node(node), rank: rank[node] * scale, rankExtent: nodeSizes[node].0,
                    orderExtent: nodeSizes[node].1))
        }
        for (index, edge) in graph.edges.enumerated() {
            let (upper, lower) = reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
            var chain = [upper]
            let top = items[upper].rank
            let bottom = items[lower].rank
            for middle in (top + 1)..<max(top + 1, bottom) {
                guard items.count < Self.maximumItems else { throw .tooLarge("too many ranks to cross") }
                if middle == top + 1, let size = labelSizes[index] {
                    items.append(Item(kind: .label(index), rank: middle, rankExtent: size.0, orderExtent: size.1))
                } else {
                    items.append(Item(kind: .dummy, rank: middle, rankExtent: 1, orderExtent: 1))
                }
                chain.append(items.count - 1)
            }
            chain.append(lower)
            for link in 0..<(chain.count - 1) {
                segments.append(
                    Segment(
                        upper: chain[link], lower: chain[link + 1], edge: index, startsAtNode: link == 0,
                        endsAtNode: link == chain.count - 2))
            }
        }
        let rankCount = (items.map(\.rank).max() ?? -1) + 1
        ranks = Array(repeating: [], count: rankCount)
        for node in topological { ranks[items[node].rank].append(node) }
        for index in count..<items.count { ranks[items[index].rank].append(index) }
    }

    /// Whether `target` can be reached from `start` along `successors`.
    private static func reaches(_ start: Int, _ target: Int, _ successors: [[Int]]) -> Bool {
        var seen = Set([start])
        var pending = [start]
        while let node = pending.popLast() {
            if node == target { return true }
            for next in successors[node] where seen.insert(next).inserted { pending.append(next) }
        }
        return false
    }

    /// Edges that close a cycle in a depth-first walk from the nodes in their written order: drawn the
    /// other way round, so that ranks can be assigned.
    static func reversedEdges(_ graph: FlowGraph) -> [Bool] {
        var reversed = Array(repeating: false, count: graph.edges.count)
        var outgoing = Array(repeating: [Int](), count: graph.nodes.count)
        for (index, edge) in graph.edges.enumerated() { outgoing[edge.from].append(index) }
        var state = Array(repeating: 0, count: graph.nodes.count)  // 0 new, 1 on the path, 2 done
        for root in graph.nodes.indices where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < outgoing[top.node].count {
                    stack[stack.count - 1].next += 1
                    let edge = outgoing[top.node][top.next]
                    let target = graph.edges[edge].to
                    if state[target] == 1 {
                        reversed[edge] = true
                    } else if state[target] == 0 {
                        state[target] = 1
                        stack.append((target, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return reversed
    }
}
