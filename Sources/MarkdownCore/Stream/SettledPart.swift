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
///   settled; for a tight list only the lines its closed items have in both the tight and the loose
///   layout are settled (in practice the first item).
///
/// What waits for the container's end: the open last child (nested containers inside it are not
/// split), every item of an ordered list (the widest number sets the marker column, and a later item
/// can widen it), every row of a table (the column widths depend on all rows), a child that shows a
/// reference whose definition may still arrive (`ReferenceScan`), and everything in a container whose
/// lines may hold an HTML block, since the HTML interpreter may join blocks across it.
struct SettledPart: Equatable, Sendable {
    /// The container holding only its settled children.
    let block: Block
    /// How many children (or items) are settled.
    let count: Int
    /// Whether the container is a tight list that a later blank line can make loose.
    let mayBecomeLoose: Bool

    /// The settled part of `open`, the one open top-level block, parsed from `source` (its complete
    /// lines), or nil when nothing of it is settled yet.
    init?(of open: Block, source: ArraySlice<UInt8>, options: ParseOptions) {
        if options.html != .raw && Self.mayHoldHTMLBlock(source) { return nil }
        switch open {
        case .blockQuote(let children):
            let settled = Self.settledChildren(children)
            guard !settled.isEmpty else { return nil }
            self.init(block: .blockQuote(settled), count: settled.count, mayBecomeLoose: false)
        case .alert(let alert):
            let settled = Self.settledChildren(alert.blocks)
            guard !settled.isEmpty else { return nil }
            self.init(
                block: .alert(Alert(kind: alert.kind, blocks: settled)), count: settled.count, mayBecomeLoose: false)
        case .list(let list) where list.kind == .bullet:
            var items: [ListItem] = []
            for item in list.items.dropLast() {
                if ReferenceScan(item.blocks).mayAwaitDefinition { break }
                items.append(item)
            }
            guard !items.isEmpty else { return nil }
            let block = Block.list(ListBlock(kind: .bullet, isTight: list.isTight, items: items))
            self.init(block: block, count: items.count, mayBecomeLoose: list.isTight)
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
    func lines(_ renderer: MarkdownRenderer, baseDirectory: URL?) -> [StyledLine] {
        let lines = renderer.lines(for: Document(blocks: [block]), baseDirectory: baseDirectory)
        guard mayBecomeLoose, case .list(var loose) = block else { return lines }
        loose.isTight = false
        let looseLines = renderer.lines(for: Document(blocks: [.list(loose)]), baseDirectory: baseDirectory)
        let shared = zip(lines, looseLines).prefix(while: { $0 == $1 }).count
        return Array(lines.prefix(shared))
    }

    /// Whether a new item would settle more of `list` (the first item of a tight list, or any item of
    /// a loose one), so that a line starting an item is worth a parse.
    static func newItemSettlesMore(_ list: ListBlock) -> Bool {
        list.kind == .bullet && (!list.isTight || list.items.count == 1)
    }

    /// The children before the last (which may be open), up to the first that may still await a
    /// reference definition.
    private static func settledChildren(_ children: [Block]) -> [Block] {
        var settled: [Block] = []
        for child in children.dropLast() {
            if ReferenceScan([child]).mayAwaitDefinition { break }
            settled.append(child)
        }
        return settled
    }

    /// Whether a line's first character after container markers (quote bars, list markers and
    /// indentation) is `<`, so that it may start an HTML block. Deliberately broad: a false alarm only
    /// makes the container wait for its end.
    static func mayHoldHTMLBlock(_ source: ArraySlice<UInt8>) -> Bool {
        var atLineStart = true
        for byte in source {
            if byte == StreamSource.lineFeed || byte == StreamSource.carriageReturn {
                atLineStart = true
                continue
            }
            guard atLineStart else { continue }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"),
                UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "<"):
                return true
            default:
                atLineStart = false
            }
        }
        return false
    }
}
