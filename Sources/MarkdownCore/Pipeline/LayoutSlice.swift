/// What the render lays out and writes at once: a group of blocks, or a run of the items of one long
/// list. A list of many thousand items (a large document's list without blank lines, parsed a section
/// at a time and joined) is laid out and written a run of items at a time, so that only one run's lines
/// and bytes are alive, not the whole list's. Its tightness and the width of its widest number, which
/// every item's layout depends on, are known once the list is complete, as it is here.
enum LayoutSlice {
    /// Blocks laid out as a document, separated from what came before by a blank line.
    case blocks(Document)
    /// A run of a list's items (`DocumentLayout.listItemLines`): `list` holds them, numbered from the
    /// run's first; `labelWidth` is the whole list's; `continuing` when items of the list came before.
    case listItems(ListBlock, labelWidth: Int, continuing: Bool)

    /// Whether the slice is written after a blank line when lines came before it: a run of a list's items
    /// continues the list instead (a loose list's runs bring their own blank line).
    var isSeparated: Bool {
        if case .listItems(_, _, let continuing) = self { !continuing } else { true }
    }

    /// Lists with more items than this are laid out and written this many items at a time.
    static let standardItemsPerSlice = 4_096

    /// `group` in slices that, laid out and written one after the other, give the bytes of the whole
    /// group: each top-level list longer than `itemsPerSlice` becomes runs of that many items, the blocks
    /// around it stay together (the front matter with the first, the footnotes with the last).
    static func slices(of group: Document, itemsPerSlice: Int, labelWidth: (ListBlock) -> Int) -> [LayoutSlice] {
        let itemsPerSlice = max(1, itemsPerSlice)
        guard
            group.blocks.contains(where: {
                if case .list(let list) = $0 { list.items.count > itemsPerSlice } else { false }
            })
        else { return [.blocks(group)] }
        var slices: [LayoutSlice] = []
        var blocks: [Block] = []
        var frontMatter = group.frontMatter
        func flush() {
            guard !blocks.isEmpty || frontMatter != nil else { return }
            var document = Document(blocks: blocks)
            document.frontMatter = frontMatter
            slices.append(.blocks(document))
            blocks = []
            frontMatter = nil
        }
        for block in group.blocks {
            guard case .list(let list) = block, list.items.count > itemsPerSlice else {
                blocks.append(block)
                continue
            }
            flush()
            let width = labelWidth(list)
            for lower in stride(from: 0, to: list.items.count, by: itemsPerSlice) {
                var run = list
                run.items = Array(list.items[lower..<min(lower + itemsPerSlice, list.items.count)])
                if case .ordered(let start) = list.kind { run.kind = .ordered(start: start &+ lower) }
                slices.append(.listItems(run, labelWidth: width, continuing: lower > 0))
            }
        }
        flush()
        if !group.footnotes.isEmpty {
            if case .blocks(var last) = slices.last {
                last.footnotes = group.footnotes
                slices[slices.count - 1] = .blocks(last)
            } else {
                slices.append(.blocks(Document(blocks: [], footnotes: group.footnotes)))
            }
        }
        return slices
    }
}
