/// The open elements as frames, and what each element makes of its content when it closes.
extension HTMLTreeBuilder {
    struct Frame {
        enum InlineKind {
            case strong, emphasis, strikethrough, code
            case marked(InlineMarkup)
            case link(String)
        }

        enum Kind {
            case root, transparent, dropped
            case paragraph(BlockAlignment?)
            case heading(Int, BlockAlignment?)
            case division(BlockAlignment?)
            case blockQuote
            case list(start: Int?)
            case listItem(task: ListItem.Task?)
            case definitionList, term, definition
            case details(summary: [Inline]?)
            case summary, caption
            case table, tableRow
            case tableCell(header: Bool, alignment: Table.Alignment)
            case preformatted(info: String)
            case inline(InlineKind)
            case picture(sources: [String])

            var isDropped: Bool {
                if case .dropped = self { return true }
                return false
            }
        }

        var name: String
        var kind: Kind
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
        var entries: [DefinitionEntry] = []
        var rows: [(cells: [[Inline]], header: Bool)] = []
        var cells: [[Inline]] = []
        var alignments: [Table.Alignment] = []
        var allHeaderCells = true
        var rawText = ""
        /// Set when the frame's content so far is one image with `align`.
        var imageAlignment: BlockAlignment?
    }

    /// The frame that receives content: the innermost one, or the deepest kept one past `maximumDepth`.
    var contentFrame: Int { min(frames.count, Self.maximumDepth) - 1 }

    mutating func push(_ name: String, kind: Frame.Kind) {
        // Past the depth bound an element keeps no structure: a transparent frame holds nothing.
        let kept = frames.count < Self.maximumDepth ? kind : (kind.isDropped ? .dropped : .transparent)
        if case .dropped = kept { dropping += 1 }
        if case .preformatted = kept { preformatted += 1 }
        frames.append(Frame(name: name, kind: kept))
    }

    mutating func closeAll() {
        while frames.count > 1 { close() }
    }

    mutating func close() {
        guard frames.count > 1, let frame = frames.popLast() else { return }
        if case .dropped = frame.kind { dropping -= 1 }
        if case .preformatted = frame.kind { preformatted -= 1 }
        let parent = contentFrame
        switch frame.kind {
        case .root, .dropped:
            break
        case .transparent, .picture:
            for block in frame.blocks { appendBlock(block) }
            appendInlines(frame.inlines, alignment: frame.imageAlignment)
        case .inline(let kind):
            for block in frame.blocks { appendBlock(block) }
            guard let wrapped = Self.wrap(frame.inlines, in: kind) else { return }
            frames[parent].inlines.append(wrapped)
        case .paragraph(let alignment):
            blockResult(Self.paragraphs(frame), alignment: alignment ?? frame.imageAlignment)
        case .heading(let level, let alignment):
            var blocks = frame.blocks
            let content = Self.trimmed(frame.inlines)
            if !content.isEmpty { blocks.append(.heading(level: level, content)) }
            blockResult(blocks, alignment: alignment)
        case .division(let alignment):
            blockResult(Self.paragraphs(frame), alignment: alignment)
        case .blockQuote:
            appendBlock(.blockQuote(Self.paragraphs(frame)))
        case .list(let start):
            var items = frame.items
            let stray = Self.paragraphs(frame)
            if !stray.isEmpty { items.append(ListItem(blocks: stray)) }
            guard !items.isEmpty else { return }
            appendBlock(
                .list(ListBlock(kind: start.map { .ordered(start: $0) } ?? .bullet, isTight: true, items: items)))
        case .listItem(let task):
            let item = ListItem(task: task, blocks: Self.paragraphs(frame))
            if case .list = frames[parent].kind {
                frames[parent].items.append(item)
            } else {
                blockResult(item.blocks, alignment: nil)
            }
        case .definitionList:
            var entries = frame.entries
            let stray = Self.paragraphs(frame)
            if !stray.isEmpty { entries.append(.description(stray)) }
            if !entries.isEmpty { appendBlock(.definitionList(entries)) }
        case .term:
            for block in frame.blocks { appendBlock(block) }
            let content = Self.trimmed(frame.inlines)
            if case .definitionList = frames[parent].kind {
                frames[parent].entries.append(.term(content))
            } else if !content.isEmpty {
                appendBlock(.paragraph([.strong(content)]))
            }
        case .definition:
            let blocks = Self.paragraphs(frame)
            if case .definitionList = frames[parent].kind {
                frames[parent].entries.append(.description(blocks))
            } else {
                blockResult(blocks, alignment: nil)
            }
        case .details(let summary):
            appendBlock(.details(summary: summary ?? [], Self.paragraphs(frame)))
        case .summary:
            let content = Self.trimmed(frame.inlines)
            if case .details(nil) = frames[parent].kind {
                frames[parent].kind = .details(summary: content)
                for block in frame.blocks { appendBlock(block) }
            } else {
                blockResult(frame.blocks + (content.isEmpty ? [] : [.paragraph([.strong(content)])]), alignment: nil)
            }
        case .caption:
            let content = Self.trimmed(frame.inlines)
            for block in frame.blocks { appendBlock(block) }
            if !content.isEmpty { appendBlock(.paragraph([.emphasis(content)])) }
        case .table:
            closeTable(frame)
        case .tableRow:
            for block in frame.blocks { appendBlock(block) }
            guard !frame.cells.isEmpty, let table = lastKept(where: { if case .table = $0 { true } else { false } })
            else { return }
            let isHeader = frame.allHeaderCells || frames[table...].contains { $0.name == "thead" }
            frames[table].rows.append((frame.cells, isHeader))
            if frames[table].alignments.count < frame.alignments.count { frames[table].alignments = frame.alignments }
        case .tableCell(let header, let alignment):
            var content = Self.lines(frame.blocks.map(Self.inlineContent(of:)))
            content += Self.trimmed(frame.inlines)
            guard let row = lastKept(where: { if case .tableRow = $0 { true } else { false } }) else {
                appendInlines(content, alignment: nil)
                return
            }
            frames[row].cells.append(content)
            frames[row].alignments.append(alignment)
            if !header { frames[row].allHeaderCells = false }
        case .preformatted(let info):
            var code = frame.rawText
            if code.hasPrefix("\n") { code.removeFirst() }
            while code.hasSuffix("\n") { code.removeLast() }
            appendBlock(.codeBlock(CodeBlock(info: info, code: code, isFenced: true)))
            // Markdown between `<pre>` and `</pre>` in separate HTML blocks follows the code.
            for block in frame.blocks { appendBlock(block) }
        }
    }

    mutating func closeTable(_ frame: Frame) {
        var rows = frame.rows
        for block in frame.blocks { appendBlock(block) }
        guard !rows.isEmpty else { return }
        let columns = rows.map(\.cells.count).max() ?? 0
        guard columns > 0 else { return }
        // The first row is the header: a row of `th` cells where there is one, else simply the first.
        let headerIndex = rows.firstIndex(where: \.header) ?? 0
        let header = rows.remove(at: headerIndex).cells
        func padded(_ cells: [[Inline]]) -> [[Inline]] {
            cells + Array(repeating: [], count: max(0, columns - cells.count))
        }
        var alignments = frame.alignments
        alignments += Array(repeating: .none, count: max(0, columns - alignments.count))
        appendBlock(
            .table(
                Table(
                    alignments: Array(alignments.prefix(columns)), header: padded(header),
                    rows: rows.map { padded($0.cells) })))
    }

    /// Blocks an element produced go to its parent, aligned when the element says so.
    mutating func blockResult(_ blocks: [Block], alignment: BlockAlignment?) {
        guard !blocks.isEmpty else { return }
        if let alignment {
            appendBlock(.aligned(alignment, blocks))
        } else {
            for block in blocks { appendBlock(block) }
        }
    }

    mutating func appendInlines(_ inlines: [Inline], alignment: BlockAlignment?) {
        let target = contentFrame
        if let alignment, frames[target].inlines.allSatisfy({ $0 == .text(" ") }) {
            frames[target].imageAlignment = alignment
        }
        frames[target].inlines += inlines
    }

    /// Appends a block to the receiving frame, first ending the paragraph its pending text forms.
    mutating func appendBlock(_ block: Block) {
        let target = contentFrame
        flushParagraph(at: target)
        frames[target].blocks.append(block)
    }

    mutating func flushParagraph(at index: Int) {
        let content = Self.trimmed(frames[index].inlines)
        frames[index].inlines = []
        guard !content.isEmpty else { return }
        if let alignment = frames[index].imageAlignment {
            frames[index].blocks.append(.aligned(alignment, [.paragraph(content)]))
        } else {
            frames[index].blocks.append(.paragraph(content))
        }
        frames[index].imageAlignment = nil
    }
}
