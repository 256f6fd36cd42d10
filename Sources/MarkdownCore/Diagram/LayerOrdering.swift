/// Orders the items within each rank to reduce edge crossings: barycentre sweeps down and up, each
/// followed by transposition of neighbours, keeping the best order seen (the classic heuristics of
/// layered drawing, as Graphviz's dot applies them).
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
            transpose(&ranks, upperOf: upperOf, lowerOf: lowerOf, itemCount: graph.items.count, ties: sweep % 2 == 1)
            let count = crossings(ranks, graph.segments, itemCount: graph.items.count)
            if count < bestCrossings {
                best = ranks
                bestCrossings = count
            }
        }
        graph.ranks = best
    }

    /// Swaps neighbours within each rank while that lowers their crossings with the ranks on either
    /// side, in a few passes. With `ties`, a pair that crosses as much either way is swapped too, which
    /// moves the search off a plateau the barycentres leave it on; the caller keeps the best order.
    static func transpose(
        _ ranks: inout [[Int]], upperOf: [[Int]], lowerOf: [[Int]], itemCount: Int, ties: Bool
    ) {
        var place = Array(repeating: 0, count: itemCount)
        for items in ranks {
            for (index, item) in items.enumerated() { place[item] = index }
        }
        /// Crossings between the segments of `left` and `right` when `left` stands first.
        func crossings(_ left: Int, _ right: Int) -> Int {
            var total = 0
            for neighbours in [upperOf, lowerOf] {
                for a in neighbours[left] {
                    for b in neighbours[right] where place[a] > place[b] { total += 1 }
                }
            }
            return total
        }
        for pass in 0..<4 {
            var improved = false
            for rank in ranks.indices where ranks[rank].count > 1 {
                for index in 0..<(ranks[rank].count - 1) {
                    let (left, right) = (ranks[rank][index], ranks[rank][index + 1])
                    let now = crossings(left, right)
                    let swapped = crossings(right, left)
                    guard swapped < now || (ties && pass == 0 && now > 0 && swapped == now) else { continue }
                    ranks[rank].swapAt(index, index + 1)
                    place[left] = index + 1
                    place[right] = index
                    improved = improved || swapped < now
                }
            }
            if !improved && pass > 0 { break }
        }
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
