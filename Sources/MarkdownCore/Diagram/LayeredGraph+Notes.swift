/// Notes beside their nodes: a note has no edges, so crossing reduction leaves it anywhere in its rank;
/// once the order is settled each note is moved next to the node it is about, before it or after it.
extension LayeredGraph {
    mutating func placeNotes(_ notes: [FlowGraph.Note]) {
        for note in notes {
            // A node's item has the node's index.
            let rank = items[note.target].rank
            guard items[note.node].rank == rank, let current = ranks[rank].firstIndex(of: note.node) else { continue }
            ranks[rank].remove(at: current)
            guard let target = ranks[rank].firstIndex(of: note.target) else { continue }
            ranks[rank].insert(note.node, at: note.before ? target : target + 1)
        }
    }
}
