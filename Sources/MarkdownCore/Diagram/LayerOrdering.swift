/// Orders the items within each rank to reduce edge crossings: barycentre sweeps down and up, keeping
/// the best order seen (the classic heuristic of layered drawing).
enum LayerOrdering {
    /// Sweeps made before the best order is kept.
    static let sweeps = 6

    /// Reorders `graph.ranks` in place.
    static func order(_ graph: inout LayeredGraph) {
        var upperOf = Array(repeating: [Int](), count: graph.items.count)
        var lowerOf = Array(repeating: [Int](), count: graph.items.count)
        for segment in graph.segments {
            lowerOf[segment.upper].append(segment.lower)
            upperOf[segment.lower].append(segment.upper)
        }
        var best = graph.ranks
        var bestCrossings = crossings(graph.ranks, graph.segments, itemCount: graph.items.count)
        var ranks = graph.ranks
        for sweep in 0..<sweeps where bestCrossings > 0 {
            let downward = sweep % 2 == 0
            let order = downward ? Array(ranks.indices.dropFirst()) : Array(ranks.indices.dropLast().reversed())
            for rank in order {
                let fixed = ranks[downward ? rank - 1 : rank + 1]
                var place = [Int: Int]()
                for (index, item) in fixed.enumerated() { place[item] = index }
                let neighbours = downward ? upperOf : lowerOf
                let keyed = ranks[rank].enumerated().map { index, item -> (Double, Int, Int) in
                    let positions = neighbours[item].compactMap { place[$0] }
                    let key =
                        positions.isEmpty ? Double(index) : Double(positions.reduce(0, +)) / Double(positions.count)
                    return (key, index, item)
                }
                ranks[rank] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
            }
            let count = crossings(ranks, graph.segments, itemCount: graph.items.count)
            if count < bestCrossings {
                best = ranks
                bestCrossings = count
            }
        }
        graph.ranks = best
    }

    /// How many pairs of segments cross between adjacent ranks for this order.
    static func crossings(_ ranks: [[Int]], _ segments: [LayeredGraph.Segment], itemCount: Int) -> Int {
        var place = Array(repeating: 0, count: itemCount)
        var rankOf = Array(repeating: 0, count: itemCount)
        for (rank, items) in ranks.enumerated() {
            for (index, item) in items.enumerated() {
                place[item] = index
                rankOf[item] = rank
            }
        }
        var byRank = Array(repeating: [(Int, Int)](), count: ranks.count)
        for segment in segments {
            byRank[rankOf[segment.upper]].append((place[segment.upper], place[segment.lower]))
        }
        var total = 0
        for pairs in byRank {
            for first in pairs.indices {
                for second in pairs.indices where second > first {
                    let (a, b) = (pairs[first], pairs[second])
                    if (a.0 < b.0 && a.1 > b.1) || (a.0 > b.0 && a.1 < b.1) { total += 1 }
                }
            }
        }
        return total
    }
}
