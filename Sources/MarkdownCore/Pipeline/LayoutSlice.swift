/// What the render lays out and writes at once: a group of blocks, or a run of the items of one long
/// list or the rows of one long table. A list of many thousand items (a large document's list without
/// blank lines, parsed a section at a time and joined) is laid out and written a run of items at a time,
/// so that only one run's lines and bytes are alive, not the whole list's; a table likewise, a run of
/// rows at a time. A list's tightness and the width of its widest number, and a table's column widths,
/// which every item's or row's layout depends on, are known once the block is complete, as it is here.
enum LayoutSlice {
    /// Blocks laid out as a document, separated from what came before by a blank line.
    case blocks(Document)
    /// A run of a list's items (`DocumentLayout.listItemLines`): `list` holds them, numbered from the
    /// run's first; `labelWidth` is the whole list's; `continuing` when items of the list came before.
    case listItems(ListBlock, labelWidth: Int, continuing: Bool)
    /// A run of a table's rows (`DocumentLayout.tableRowLines`): `table` holds them; `columns` are the
    /// whole table's (`DocumentLayout.tableColumns`); `rowsBefore` rows came before, and the run is the
    /// table's first or last.
    case tableRows(Table, columns: [Int]?, rowsBefore: Int, first: Bool, last: Bool)
    /// A top-level paragraph of more inline elements than a run holds items (a paragraph of megabytes,
    /// joined from sections): the render wraps it whole but makes and writes its lines a run at a time
    /// (`MarkdownRenderer.render`), so that they are never all held.
    case paragraph([Inline])

    /// Whether the slice is written after a blank line when lines came before it: a run of a list's items
    /// or a table's rows continues the block instead (a loose list's runs bring their own blank line).
    var isSeparated: Bool {
        switch self {
        case .blocks: true
        case .listItems(_, _, let continuing): !continuing
        case .tableRows(_, _, _, let first, _): first
        case .paragraph: true
        }
    }

    /// Lists with more items than this, and tables with more rows, are laid out and written this many
    /// items or rows at a time.
    static let standardItemsPerSlice = 4_096

    /// A piece of a table handed out over several parts (`DocumentParts.splitsLongTables`): the whole
    /// table's columns, and how many of its rows came before the piece.
    struct TablePiece {
        var columns: [Int]?
        var rowsBefore: Int
    }

    /// A piece of a top-level list handed out over several parts (`DocumentParts.splitsLongLists`): the
    /// whole list's kind (an ordered list's first number), tightness and number width, and how many of its
    /// items came before the piece.
    struct ListPiece {
        var kind: ListBlock.Kind
        var isTight: Bool
        var labelWidth: Int
        var itemsBefore: Int
    }

    /// `group` in slices that, laid out and written one after the other, give the bytes of the whole
    /// group: each top-level list longer than `itemsPerSlice` becomes runs of that many items, the blocks
    /// around it stay together (the front matter with the first, the footnotes with the last). When the
    /// group's first block is a later piece of a table (`continuing`) or its last block a piece that goes
    /// on (`continued`), that piece is laid out as runs of rows in the given columns, without the table's
    /// top (after its first piece) or bottom (before its last). A piece of a list (`listContinuing`,
    /// `listContinued`) is laid out as runs of items numbered, spaced and aligned as in the whole list.
    static func slices(
        of group: Document, itemsPerSlice: Int, labelWidth: (ListBlock) -> Int, tableColumns: (Table) -> [Int]?,
        continuing: TablePiece? = nil, continued: TablePiece? = nil, listContinuing: ListPiece? = nil,
        listContinued: ListPiece? = nil
    ) -> [LayoutSlice] {
        let itemsPerSlice = max(1, itemsPerSlice)
        let lastIndex = group.blocks.count - 1
        func piece(_ index: Int) -> (before: TablePiece?, after: TablePiece?) {
            (index == 0 ? continuing : nil, index == lastIndex ? continued : nil)
        }
        func listPiece(_ index: Int) -> ListPiece? {
            (index == 0 ? listContinuing : nil) ?? (index == lastIndex ? listContinued : nil)
        }
        func isLong(_ block: Block, at index: Int) -> Bool {
            switch block {
            case .list(let list): list.items.count > itemsPerSlice || listPiece(index) != nil
            case .paragraph(let inlines): inlines.count > itemsPerSlice
            case .table(let table):
                table.columnCount > 0
                    && (table.rows.count > itemsPerSlice || piece(index).before != nil || piece(index).after != nil)
            default: false
            }
        }
        guard group.blocks.indices.contains(where: { isLong(group.blocks[$0], at: $0) }) else {
            return [.blocks(group)]
        }
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
        for (index, block) in group.blocks.enumerated() {
            guard isLong(block, at: index) else {
                blocks.append(block)
                continue
            }
            flush()
            if case .paragraph(let inlines) = block {
                slices.append(.paragraph(inlines))
                continue
            }
            if case .table(let table) = block {
                let (before, after) = piece(index)
                let columns = (before ?? after).map(\.columns) ?? tableColumns(table)
                let base = before?.rowsBefore ?? 0
                var lower = 0
                repeat {
                    let upper = min(lower + itemsPerSlice, table.rows.count)
                    var run = table
                    run.rows = Array(table.rows[lower..<upper])
                    slices.append(
                        .tableRows(
                            run, columns: columns, rowsBefore: base + lower, first: before == nil && lower == 0,
                            last: after == nil && upper == table.rows.count))
                    lower = upper
                } while lower < table.rows.count
                continue
            }
            guard case .list(var list) = block else { continue }
            let piece = listPiece(index)
            if let piece {
                list.kind = piece.kind
                list.isTight = piece.isTight
            }
            let width = piece?.labelWidth ?? labelWidth(list)
            let base = piece?.itemsBefore ?? 0
            for lower in stride(from: 0, to: list.items.count, by: itemsPerSlice) {
                var run = list
                run.items = Array(list.items[lower..<min(lower + itemsPerSlice, list.items.count)])
                if case .ordered(let start) = list.kind { run.kind = .ordered(start: start &+ base &+ lower) }
                slices.append(.listItems(run, labelWidth: width, continuing: base + lower > 0))
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
