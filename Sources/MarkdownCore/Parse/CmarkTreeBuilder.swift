import CCmarkGFM

/// The frame-stack walk over one cmark tree.
struct CmarkTreeBuilder {
    private enum Kind {
        case document
        case blockQuote
        case list(ListBlock.Kind, tight: Bool)
        case item(ListItem.Task?)
        case paragraph
        case heading(Int)
        case footnoteDefinition(String)
        case table([Table.Alignment])
        case tableRow
        case tableCell
        case emphasis, strong, strikethrough
        case link(destination: String, title: String)
        case image(source: String, title: String)
        /// A node without a model of its own (a footnote reference's exit, an unknown container): its
        /// children go to the enclosing frame.
        case flattened
    }

    private struct Frame {
        var kind: Kind
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
        var rows: [[[Inline]]] = []
        var cells: [[Inline]] = []
        /// Containers past the depth limit nested in this one whose children are stored here directly
        /// (a frame absorbs either block or inline containers, never both: inlines live in leaf blocks).
        var absorbedBlockContainers = 0
        var absorbedInlineContainers = 0
    }

    /// Whether HTML looks for its images here (shown raw) or is left to `HTMLInterpreter`.
    let scansHTMLImages: Bool
    private var stack: [Frame] = [Frame(kind: .document)]
    private var blockDepth = 0
    private var inlineDepth = 0
    private var footnoteNumbers: [String: Int] = [:]
    private(set) var footnotes: [FootnoteDefinition] = []
    /// The start line of the node being entered or left.
    private var currentLine = 0
    private(set) var blockStartLines: [Int] = []
    private(set) var footnoteStartLines: [Int] = []
    /// The lines of the top-level nodes.
    private var topLevel = TopLevelLines()
    /// The start lines of the top-level nodes (see `TopLevelLines.startLines`).
    var topLevelStartLines: [Int] { topLevel.startLines }
    var blocks: [Block] { stack.first?.blocks ?? [] }

    init(scansHTMLImages: Bool) {
        self.scansHTMLImages = scansHTMLImages
    }

    mutating func walk(_ root: OpaquePointer) {
        guard let iter = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iter) }
        while true {
            let event = cmark_iter_next(iter)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter), node != root else { continue }
            let isTopLevel = cmark_node_parent(node) == root
            currentLine = isTopLevel ? topLevel.startLine(of: node) : Int(cmark_node_get_start_line(node))
            if event == CMARK_EVENT_ENTER {
                if isTopLevel { topLevel.record(node, startingOn: currentLine) }
                enter(node)
            } else if event == CMARK_EVENT_EXIT {
                exit()
            }
        }
    }

    // MARK: Entering nodes

    private mutating func enter(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT:
            appendInline(.text(literal(node)))
        case CMARK_NODE_SOFTBREAK:
            appendInline(.softBreak)
        case CMARK_NODE_LINEBREAK:
            appendInline(.lineBreak)
        case CMARK_NODE_CODE:
            appendInline(Self.codeOrMath(node, literal: literal(node)))
        case CMARK_NODE_HTML_INLINE:
            // Raw HTML's images are read here, once; interpreted HTML's by `HTMLInterpreter`, which reads
            // the tags anyway (scanning them here too would parse every inline `<img>` twice).
            let html = literal(node)
            if scansHTMLImages, let image = HTMLImageScanner.image(inTag: html) {
                appendInline(.htmlImage(html: html, image: image))
            } else {
                appendInline(.html(html))
            }
        case CMARK_NODE_CODE_BLOCK:
            appendBlock(codeOrMathBlock(node))
        case CMARK_NODE_HTML_BLOCK:
            var html = literal(node)
            while html.hasSuffix("\n") { html.removeLast() }
            appendBlock(.htmlBlock(scansHTMLImages ? HTMLBlock(html) : HTMLBlock(html: html, images: [])))
        case CMARK_NODE_THEMATIC_BREAK:
            appendBlock(.thematicBreak)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let label = literal(node)
            appendInline(.footnoteReference(label: label, number: footnoteNumber(for: label)))
            pushLeafWithExit()
        default:
            if let math = mathBlock(node) {
                // The extension's block has no children, but the iterator leaves it like a container.
                appendBlock(.math(math))
                pushLeafWithExit()
            } else {
                enterContainer(node, type: type)
            }
        }
    }

    private mutating func enterContainer(_ node: OpaquePointer, type: cmark_node_type) {
        let kind: Kind
        switch type {
        case CMARK_NODE_BLOCK_QUOTE:
            kind = .blockQuote
        case CMARK_NODE_LIST:
            let tight = cmark_node_get_list_tight(node) != 0
            let listKind: ListBlock.Kind =
                cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                ? .ordered(start: Int(cmark_node_get_list_start(node))) : .bullet
            kind = .list(listKind, tight: tight)
        case CMARK_NODE_ITEM:
            var task: ListItem.Task?
            if typeString(node) == "tasklist" {
                task = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
            }
            kind = .item(task)
        case CMARK_NODE_PARAGRAPH:
            kind = .paragraph
        case CMARK_NODE_HEADING:
            kind = .heading(Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            kind = .footnoteDefinition(literal(node))
        case CMARK_NODE_EMPH:
            kind = .emphasis
        case CMARK_NODE_STRONG:
            kind = .strong
        case CMARK_NODE_LINK:
            kind = .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            kind = .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            switch typeString(node) {
            case "table": kind = .table(tableAlignments(node))
            case "table_row", "table_header": kind = .tableRow
            case "table_cell": kind = .tableCell
            case "strikethrough": kind = .strikethrough
            default: kind = .flattened
            }
        }
        push(kind)
    }

    private mutating func push(_ kind: Kind) {
        switch kind {
        case .blockQuote, .list:
            blockDepth += 1
            if blockDepth > DocumentConverter.maximumBlockDepth { return absorbBlockContainer() }
        case .item:
            // An item belongs to its list: it is kept exactly when its list was, so that no item's
            // blocks land in a list frame that only keeps items.
            blockDepth += 1
            guard let top = stack.indices.last, case .list = stack[top].kind else { return absorbBlockContainer() }
        case .emphasis, .strong, .strikethrough, .link, .image:
            inlineDepth += 1
            if inlineDepth > DocumentConverter.maximumInlineDepth {
                stack[stack.count - 1].absorbedInlineContainers += 1
                return
            }
        default:
            break
        }
        stack.append(Frame(kind: kind))
    }

    /// A block container past the depth limit gets no frame: its children go straight to the frame on
    /// top, each stored once however deep the nesting (handing them up level by level was quadratic).
    private mutating func absorbBlockContainer() {
        stack[stack.count - 1].absorbedBlockContainers += 1
    }

    /// Footnote references get an exit event although they have no children.
    private mutating func pushLeafWithExit() {
        stack.append(Frame(kind: .flattened))
    }

    // MARK: Leaving nodes

    private mutating func exit() {
        guard stack.count > 1 else { return }
        // The exit of a container absorbed by the top frame: only the depth changes.
        if stack[stack.count - 1].absorbedInlineContainers > 0 {
            stack[stack.count - 1].absorbedInlineContainers -= 1
            inlineDepth -= 1
            return
        }
        if stack[stack.count - 1].absorbedBlockContainers > 0 {
            stack[stack.count - 1].absorbedBlockContainers -= 1
            blockDepth -= 1
            return
        }
        guard let frame = stack.popLast() else { return }
        switch frame.kind {
        case .blockQuote, .list, .item:
            blockDepth -= 1
        case .emphasis, .strong, .strikethrough, .link, .image:
            inlineDepth -= 1
        default:
            break
        }
        switch frame.kind {
        case .document:
            break
        case .flattened:
            // Children of a node without a model of its own join the enclosing frame.
            for block in frame.blocks { appendBlock(block) }
            for item in frame.items { for block in item.blocks { appendBlock(block) } }
            for inline in frame.inlines { appendInline(inline) }
        case .blockQuote:
            appendBlock(GitHubAlerts.alert(fromQuote: frame.blocks).map(Block.alert) ?? .blockQuote(frame.blocks))
        case .list(let kind, let tight):
            appendBlock(.list(ListBlock(kind: kind, isTight: tight, items: frame.items)))
        case .item(let task):
            if let parent = stack.indices.last, case .list = stack[parent].kind {
                stack[parent].items.append(ListItem(task: task, blocks: frame.blocks))
            } else {
                for block in frame.blocks { appendBlock(block) }
            }
        case .paragraph:
            appendBlock(.paragraph(frame.inlines))
        case .heading(let level):
            appendBlock(.heading(level: level, frame.inlines))
        case .footnoteDefinition(let label):
            // cmark-gfm orders definitions by first reference (dropping unreferenced ones), so the
            // n-th definition is footnote n.
            let number = footnotes.count + 1
            footnoteStartLines.append(currentLine)
            footnotes.append(
                FootnoteDefinition(label: label.isEmpty ? String(number) : label, number: number, blocks: frame.blocks))
        case .table(let alignments):
            guard let header = frame.rows.first else { return }
            appendBlock(.table(Table(alignments: alignments, header: header, rows: Array(frame.rows.dropFirst()))))
        case .tableRow:
            if let parent = stack.indices.last {
                stack[parent].rows.append(frame.cells)
            }
        case .tableCell:
            if let parent = stack.indices.last {
                stack[parent].cells.append(frame.inlines)
            }
        case .emphasis:
            appendInline(.emphasis(frame.inlines))
        case .strong:
            appendInline(.strong(frame.inlines))
        case .strikethrough:
            appendInline(.strikethrough(frame.inlines))
        case .link(let destination, let title):
            let text = Inline.plainText(frame.inlines)
            let isAutolink = text == destination || "mailto:" + text == destination
            appendInline(
                .link(Link(destination: destination, title: title, content: frame.inlines, isAutolink: isAutolink)))
        case .image(let source, let title):
            appendInline(.image(ImageReference(sources: [source], alt: Inline.plainText(frame.inlines), title: title)))
        }
    }

    // MARK: Helpers

    private mutating func appendBlock(_ block: Block) {
        guard let top = stack.indices.last else { return }
        if top == 0 { blockStartLines.append(currentLine) }
        stack[top].blocks.append(block)
    }

    private mutating func appendInline(_ inline: Inline) {
        guard let top = stack.indices.last else { return }
        stack[top].inlines.append(inline)
    }

    /// cmark-gfm gives a reference the number of its footnote as its literal; other labels are numbered
    /// in order of first appearance.
    private mutating func footnoteNumber(for label: String) -> Int {
        if let number = Int(label) { return number }
        if let number = footnoteNumbers[label] { return number }
        let number = footnoteNumbers.count + 1
        footnoteNumbers[label] = number
        return number
    }

    private func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return ControlCharacterSanitizer.sanitize(String(cString: pointer))
    }

    private func typeString(_ node: OpaquePointer) -> String {
        guard let pointer = cmark_node_get_type_string(node) else { return "" }
        return String(cString: pointer)
    }

    private func tableAlignments(_ node: OpaquePointer) -> [Table.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
            return Array(repeating: .none, count: count)
        }
        return (0..<count).map { index in
            switch raw[index] {
            case UInt8(ascii: "l"): return .left
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return .none
            }
        }
    }
}
