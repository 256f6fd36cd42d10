/// A parsed Markdown document: mdview's own immutable tree, independent of the parser that built it.
///
/// It is the contract between parsing and every later stage: value-typed, `Equatable` and `Sendable`,
/// so layout can be tested without a terminal and two versions of a document can be compared.
/// All text it carries has already been sanitised (see `ControlCharacterSanitizer`).
public struct Document: Equatable, Sendable {
    /// Front matter (`---` … `---`) found at the very top of the file, without its fences.
    public var frontMatter: String?
    /// The top-level blocks, in order.
    public var blocks: [Block]
    /// Footnote definitions in the order they are first referenced.
    public var footnotes: [FootnoteDefinition]

    public init(frontMatter: String? = nil, blocks: [Block], footnotes: [FootnoteDefinition] = []) {
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.footnotes = footnotes
    }

    /// Every block of the body, then of the footnotes, in document order.
    var allTopLevelBlocks: [Block] { blocks + footnotes.flatMap(\.blocks) }

    /// Every image the document references, in document order (duplicates included).
    public var images: [ImageReference] { Block.images(in: allTopLevelBlocks) }

    /// Calls `body` for every block, containers before their content, in document order (the body,
    /// then the footnotes). Iterative, so it is safe on any nesting the parser allows.
    public func forEachBlock(_ body: (Block) -> Void) {
        Block.forEach(in: allTopLevelBlocks, body)
    }
}

extension Block {
    /// Calls `body` for each of `blocks` and everything nested in them, containers before their
    /// content, in order. Iterative, so it is safe on any nesting the parser allows.
    public static func forEach(in blocks: [Block], _ body: (Block) -> Void) {
        var stack: [Block] = blocks.reversed()
        while let block = stack.popLast() {
            body(block)
            switch block {
            case .blockQuote(let children):
                stack.append(contentsOf: children.reversed())
            case .list(let list):
                for item in list.items.reversed() { stack.append(contentsOf: item.blocks.reversed()) }
            case .alert(let alert):
                stack.append(contentsOf: alert.blocks.reversed())
            case .aligned(_, let children), .details(_, let children):
                stack.append(contentsOf: children.reversed())
            case .definitionList(let entries):
                for case .description(let children) in entries.reversed() {
                    stack.append(contentsOf: children.reversed())
                }
            default:
                break
            }
        }
    }

    /// Every image in `blocks` (nested ones included), in order, duplicates included.
    public static func images(in blocks: [Block]) -> [ImageReference] {
        var found: [ImageReference] = []
        forEach(in: blocks) { block in
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines):
                Inline.collectImages(inlines, into: &found)
            case .table(let table):
                for row in [table.header] + table.rows {
                    for cell in row { Inline.collectImages(cell, into: &found) }
                }
            case .htmlBlock(let html):
                found += html.images
            case .details(let summary, _):
                Inline.collectImages(summary, into: &found)
            case .definitionList(let entries):
                for case .term(let term) in entries { Inline.collectImages(term, into: &found) }
            case .blockQuote, .list, .codeBlock, .thematicBreak, .alert, .aligned, .math, .diagram:
                break
            }
        }
        return found
    }

    /// Every code block in `blocks` (nested ones included), in order.
    public static func codeBlocks(in blocks: [Block]) -> [CodeBlock] {
        var found: [CodeBlock] = []
        forEach(in: blocks) { block in
            if case .codeBlock(let code) = block { found.append(code) }
        }
        return found
    }
}

/// A footnote's body, shown in the footnotes section at the end of the document.
public struct FootnoteDefinition: Equatable, Sendable {
    /// The label as written (`[^note]` has the label `note`).
    public var label: String
    /// The number readers see: footnotes are numbered in the order they are first referenced.
    public var number: Int
    public var blocks: [Block]

    public init(label: String, number: Int, blocks: [Block]) {
        self.label = label
        self.number = number
        self.blocks = blocks
    }
}

extension Document {
    /// Every fenced or indented code block, in document order.
    public var codeBlocks: [CodeBlock] { Block.codeBlocks(in: allTopLevelBlocks) }
}
