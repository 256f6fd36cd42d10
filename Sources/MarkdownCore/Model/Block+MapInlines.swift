extension Block {
    /// The block with `transform` applied to every run of inlines it holds (paragraphs, headings, table
    /// cells, summaries and terms), nested blocks included: how parse-time rewrites of text (emoji
    /// shortcodes) reach every place text can be. Recursion follows the parser-bounded nesting.
    func mappingInlines(_ transform: ([Inline]) -> [Inline]) -> Block {
        func map(_ blocks: [Block]) -> [Block] { blocks.map { $0.mappingInlines(transform) } }
        switch self {
        case .paragraph(let inlines):
            return .paragraph(transform(inlines))
        case .heading(let level, let inlines):
            return .heading(level: level, transform(inlines))
        case .blockQuote(let children):
            return .blockQuote(map(children))
        case .list(var list):
            list.items = list.items.map { ListItem(task: $0.task, blocks: map($0.blocks)) }
            return .list(list)
        case .table(var table):
            table.header = table.header.map(transform)
            table.rows = table.rows.map { $0.map(transform) }
            return .table(table)
        case .alert(var alert):
            alert.blocks = map(alert.blocks)
            return .alert(alert)
        case .aligned(let alignment, let children):
            return .aligned(alignment, map(children))
        case .details(let summary, let children):
            return .details(summary: transform(summary), map(children))
        case .definitionList(let entries):
            return .definitionList(
                entries.map { entry in
                    switch entry {
                    case .term(let inlines): return .term(transform(inlines))
                    case .description(let blocks): return .description(map(blocks))
                    }
                })
        case .codeBlock, .htmlBlock, .thematicBreak, .math, .diagram:
            return self
        }
    }
}
