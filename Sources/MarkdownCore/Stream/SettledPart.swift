import FoundationEssentials

/// The part of a stream's open top-level container (block quote, GitHub alert or bullet list) that no
/// later input can change: its closed children, as a block that lays out into the first lines of the
/// container's every possible final layout. `MarkdownStream` writes those lines as final before the
/// container ends, so a long quote or list does not wait for its end.
///
/// Why these lines are settled, from the layout code (`DocumentLayout`):
/// - Only the last child of an open container is open: a line that started a later child closed the
///   earlier ones for good, so their models no longer change.
/// - A block quote is its children laid out one after another (a blank line between), each behind the
///   same bar; an alert is its title line and then the same. Each child's lines depend only on the child
///   and the width, so the lines of the first k children are the first lines of the whole container's.
/// - A bullet list gives every item the same bullet (the one for its depth) and lays each out on its
///   own, but whether blank lines separate items (and an item's own blocks) depends on the list being
///   loose, which a later blank line can make it. A loose list stays loose, so its closed items are
///   settled; of a tight list only the lines its first item has in both the tight and the loose layout
///   (the layouts part before the second item: a blank line or not).
///
/// What waits for the container's end: the open last child (nested containers inside it are not
/// split), every item of an ordered list (the widest number sets the marker column, and a later item
/// can widen it), every row of a table (the column widths depend on all rows), a child that shows a
/// reference whose definition may still arrive (`ReferenceScan`), and everything in a container whose
/// lines may hold an HTML block, since the HTML interpreter may join blocks across it (`HTMLBlockScan`).
struct SettledPart: Equatable, Sendable {
    /// The container holding only its settled children.
    let block: Block
    /// How many children (or items) are settled.
    let count: Int
    /// Whether the container is a tight list that a later blank line can make loose.
    let mayBecomeLoose: Bool

    /// The settled part of `open`, the one open top-level block, or nil when nothing of it is settled
    /// yet. Its first `checked` children were settled before, so they are not scanned again. (Whether
    /// the container may hold an HTML block is the caller's check: `HTMLBlockScan`.)
    init?(of open: Block, checked: Int = 0) {
        switch open {
        case .blockQuote(let children):
            let count = Self.settledCount(children.dropLast(), checked: checked) { [$0] }
            guard count > 0 else { return nil }
            self.init(block: .blockQuote(Array(children.prefix(count))), count: count, mayBecomeLoose: false)
        case .alert(let alert):
            let count = Self.settledCount(alert.blocks.dropLast(), checked: checked) { [$0] }
            guard count > 0 else { return nil }
            let block = Block.alert(Alert(kind: alert.kind, blocks: Array(alert.blocks.prefix(count))))
            self.init(block: block, count: count, mayBecomeLoose: false)
        case .list(let list) where list.kind == .bullet:
            // A tight list's tight and loose layouts part before its second item (a blank line or not):
            // only its first item can be settled, so no more are looked at.
            let candidates = list.isTight ? list.items.dropLast().prefix(1) : list.items.dropLast()
            let count = Self.settledCount(candidates, checked: checked) { $0.blocks }
            guard count > 0 else { return nil }
            let block = Block.list(
                ListBlock(kind: .bullet, isTight: list.isTight, items: Array(list.items.prefix(count))))
            self.init(block: block, count: count, mayBecomeLoose: list.isTight)
        default:
            return nil
        }
    }

    private init(block: Block, count: Int, mayBecomeLoose: Bool) {
        self.block = block
        self.count = count
        self.mayBecomeLoose = mayBecomeLoose
    }

    /// The settled lines: the part laid out, or for a list that may still become loose, the lines its
    /// tight and loose layouts share.
    func lines(_ renderer: some TailRendering, baseDirectory: URL?) -> [StyledLine] {
        let lines = renderer.lines(for: Document(blocks: [block]), baseDirectory: baseDirectory)
        guard mayBecomeLoose, case .list(var loose) = block else { return lines }
        loose.isTight = false
        let looseLines = renderer.lines(for: Document(blocks: [.list(loose)]), baseDirectory: baseDirectory)
        let shared = zip(lines, looseLines).prefix(while: { $0 == $1 }).count
        return Array(lines.prefix(shared))
    }

    /// The lines this part adds to those of `previous` (a smaller settled part of the same container),
    /// laid out from the last of its children on, so that a long container costs its new children, not
    /// all of them, per step: each child is laid out on its own and the separator before a child depends
    /// only on the container and on lines coming before it, so the lines of the children from the
    /// previous part's last on, after that child's own, are the whole part's lines after the previous
    /// part's. Nil when that does not apply (either part a list that may become loose, whose settled
    /// lines are not all its children's; a first child with no lines): then the caller lays out the
    /// whole part.
    func linesAdded(since previousPart: SettledPart, _ renderer: some TailRendering, baseDirectory: URL?)
        -> [StyledLine]?
    {
        let previous = previousPart.count
        guard !mayBecomeLoose, !previousPart.mayBecomeLoose, previous >= 1, previous < count else { return nil }
        let head = renderer.lines(
            for: Document(blocks: [children(previous - 1..<previous)]), baseDirectory: baseDirectory)
        let fromLast = renderer.lines(
            for: Document(blocks: [children(previous - 1..<count)]), baseDirectory: baseDirectory)
        guard !head.isEmpty, fromLast.starts(with: head) else { return nil }
        return Array(fromLast.dropFirst(head.count))
    }

    /// The container with only the children in `range`.
    private func children(_ range: Range<Int>) -> Block {
        switch block {
        case .blockQuote(let children):
            return .blockQuote(Array(children[range]))
        case .alert(let alert):
            return .alert(Alert(kind: alert.kind, blocks: Array(alert.blocks[range])))
        case .list(let list):
            return .list(ListBlock(kind: list.kind, isTight: list.isTight, items: Array(list.items[range])))
        default:
            return block
        }
    }

    /// How many of `candidates` (the children before the last, which may be open) are settled: up to
    /// the first that may still await a reference definition. The first `checked` passed before.
    private static func settledCount<Child>(
        _ candidates: ArraySlice<Child>, checked: Int, blocks: (Child) -> [Block]
    ) -> Int {
        var count = min(checked, candidates.count)
        for child in candidates.dropFirst(count) {
            if ReferenceScan(blocks(child)).mayAwaitDefinition { break }
            count += 1
        }
        return count
    }
}
