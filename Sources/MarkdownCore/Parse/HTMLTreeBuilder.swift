/// Turns HTML tokens into the model's blocks or inlines: the subset of HTML GitHub allows in Markdown,
/// read as the Markdown it stands for (`<b>` is strong, `<p align="center">` aligned blocks, `<details>`
/// an expanded section, `<table>` a table, …).
///
/// Markdown that cmark parsed between pieces of HTML arrives as placeholder elements
/// (`<mdview-block n="3">`), so an element opened in one HTML block holds the Markdown blocks up to its
/// closing tag, as on GitHub. Work is linear in the tokens: elements nested deeper than `maximumDepth`
/// keep no structure of their own (their content goes to the deepest kept element).
struct HTMLTreeBuilder {
    static let maximumDepth = 48
    static let blockPlaceholder = "mdview-block"
    static let inlinePlaceholder = "mdview-inline"

    /// Drop every tag and keep the text (`--html strip`) instead of interpreting the tags.
    let stripping: Bool
    /// What the placeholders stand for.
    let markdownBlocks: [Block]
    let markdownInlines: [Inline]

    private var frames: [Frame] = [Frame(name: "", kind: .root)]
    private var usedPlaceholders = Set<Int>()
    /// Open elements whose content is dropped (`script`, `style`, …): the count of them on the stack.
    private var dropping = 0
    /// The open `pre` elements (their text is kept verbatim).
    private var preformatted = 0

    init(stripping: Bool, markdownBlocks: [Block] = [], markdownInlines: [Inline] = []) {
        self.stripping = stripping
        self.markdownBlocks = markdownBlocks
        self.markdownInlines = markdownInlines
    }

    // MARK: Results

    /// The blocks the tokens stand for; Markdown blocks whose placeholder the HTML swallowed (inside an
    /// unclosed attribute, say) follow at the end, so nothing is lost.
    mutating func blocks(from tokens: [HTMLToken]) -> [Block] {
        for token in tokens { consume(token) }
        closeAll()
        for index in markdownBlocks.indices where !usedPlaceholders.contains(index) {
            if case .htmlBlock = markdownBlocks[index] { continue }
            appendBlock(markdownBlocks[index])
        }
        flushParagraph(at: 0)
        return frames[0].blocks
    }

    /// The inlines the tokens stand for, and the alignment of a lone aligned image among them.
    mutating func inlines(from tokens: [HTMLToken]) -> (inlines: [Inline], alignment: BlockAlignment?) {
        for token in tokens { consume(token) }
        closeAll()
        for index in markdownInlines.indices where !usedPlaceholders.contains(index) {
            switch markdownInlines[index] {
            case .html, .htmlImage: continue
            default: frames[0].inlines.append(markdownInlines[index])
            }
        }
        var out: [Inline] = []
        for block in frames[0].blocks { out += Self.inlineContent(of: block) }
        out += frames[0].inlines
        return (out, frames[0].imageAlignment)
    }

    // MARK: Tokens

    private mutating func consume(_ token: HTMLToken) {
        switch token {
        case .start(let name, let attributes): start(name, attributes)
        case .end(let name): end(name)
        case .text(let text): self.text(text)
        }
    }

    private mutating func start(_ name: String, _ attributes: [String: String]) {
        if name == Self.blockPlaceholder || name == Self.inlinePlaceholder {
            placeholder(name, attributes)
            return
        }
        if dropping > 0 || preformatted > 0 {
            if preformatted > 0, dropping == 0, name == "code", let language = Self.language(attributes),
                let pre = lastKept(where: { if case .preformatted = $0 { true } else { false } })
            {
                frames[pre].kind = .preformatted(info: language)
            }
            push(name, kind: Self.droppedElements.contains(name) ? .dropped : .transparent)
            return
        }
        if Self.voidElements.contains(name) {
            void(name, attributes)
            return
        }
        push(name, kind: stripping ? strippedKind(name) : kind(name, attributes))
    }

    private mutating func end(_ name: String) {
        guard !Self.voidElements.contains(name) else { return }
        // libxml2 balances its tags, so the match is almost always the innermost frame; the search is
        // bounded all the same.
        let lowest = max(1, frames.count - 2 * Self.maximumDepth)
        guard let index = frames[lowest...].lastIndex(where: { $0.name == name }) else { return }
        while frames.count > index { close() }
    }

    /// The innermost kept frame (within `maximumDepth`) whose kind matches.
    private func lastKept(where matches: (Frame.Kind) -> Bool) -> Int? {
        (0..<min(frames.count, Self.maximumDepth)).last { matches(frames[$0].kind) }
    }

    private mutating func text(_ text: String) {
        guard dropping == 0 else { return }
        let clean = ControlCharacterSanitizer.sanitize(text)
        if preformatted > 0, let pre = lastKept(where: { if case .preformatted = $0 { true } else { false } }) {
            frames[pre].rawText += clean
            return
        }
        let collapsed = Self.collapsingWhitespace(clean)
        guard !collapsed.isEmpty else { return }
        appendText(.text(collapsed), to: contentFrame)
    }

    /// Appends an inline, joining text to the text before it; where tags between two spaces vanished
    /// (`a <!-- x --> b`), one space is kept, as a browser shows it.
    private mutating func appendText(_ inline: Inline, to target: Int) {
        guard case .text(var text) = inline, case .text(let previous)? = frames[target].inlines.last else {
            frames[target].inlines.append(inline)
            return
        }
        if previous.hasSuffix(" "), text.hasPrefix(" ") { text.removeFirst() }
        frames[target].inlines[frames[target].inlines.count - 1] = .text(previous + text)
    }

    private mutating func placeholder(_ name: String, _ attributes: [String: String]) {
        guard let index = attributes["n"].flatMap(Int.init), !usedPlaceholders.contains(index) else { return }
        if name == Self.blockPlaceholder, markdownBlocks.indices.contains(index) {
            // Markdown blocks are never dropped: an unclosed `<title>` must not swallow the document.
            usedPlaceholders.insert(index)
            let target = lastKept(where: { !$0.isDropped }) ?? 0
            flushParagraph(at: target)
            frames[target].blocks.append(markdownBlocks[index])
        } else if name == Self.inlinePlaceholder, markdownInlines.indices.contains(index) {
            // Text inside `<script>` or `<template>` in a paragraph goes with its element.
            usedPlaceholders.insert(index)
            guard dropping == 0 else { return }
            appendText(markdownInlines[index], to: contentFrame)
        }
    }

    // MARK: Elements

    private static let droppedElements: Set<String> = [
        "script", "style", "template", "title", "textarea", "head", "iframe", "object", "noembed", "noframes",
        "select", "svg", "math", "frameset", "canvas", "audio", "video",
    ]
    private static let voidElements: Set<String> = [
        "img", "br", "hr", "input", "source", "wbr", "meta", "link", "base", "col", "area", "param", "track",
        "embed",
    ]
    private static let divisions: Set<String> = [
        "div", "section", "article", "main", "header", "footer", "nav", "aside", "address", "figure", "body",
        "html", "form", "fieldset", "hgroup", "center",
    ]

    private func kind(_ name: String, _ attributes: [String: String]) -> Frame.Kind {
        let alignment = Self.alignment(attributes["align"]) ?? (name == "center" ? .center : nil)
        switch name {
        case "p": return .paragraph(alignment)
        case "h1", "h2", "h3", "h4", "h5", "h6": return .heading(Int(String(name.last!)) ?? 1, alignment)
        case _ where Self.divisions.contains(name): return .division(alignment)
        case "blockquote": return .blockQuote
        case "ul": return .list(start: nil)
        case "ol": return .list(start: attributes["start"].flatMap { Int($0.trimmedWhitespace) } ?? 1)
        case "li": return .listItem(task: nil)
        case "dl": return .definitionList
        case "dt": return .term
        case "dd": return .definition
        case "details": return .details(summary: nil)
        case "summary": return .summary
        case "figcaption", "caption": return .caption
        case "table": return .table
        case "tr": return .tableRow
        case "th", "td": return .tableCell(header: name == "th", alignment: Self.cellAlignment(attributes["align"]))
        case "pre": return .preformatted(info: "")
        case "b", "strong": return .inline(.strong)
        case "i", "em", "cite", "var", "dfn": return .inline(.emphasis)
        case "s", "del", "strike": return .inline(.strikethrough)
        case "code", "tt", "samp": return .inline(.code)
        case "kbd": return .inline(.marked(.keyboard))
        case "sup": return .inline(.marked(.superscript))
        case "sub": return .inline(.marked(.subscript))
        case "u", "ins": return .inline(.marked(.underline))
        case "mark": return .inline(.marked(.highlight))
        case "small": return .inline(.marked(.small))
        case "a":
            guard let href = attributes["href"]?.trimmedWhitespace, !href.isEmpty else { return .transparent }
            return .inline(.link(ControlCharacterSanitizer.sanitize(href)))
        case "picture": return .picture(sources: [])
        case _ where Self.droppedElements.contains(name): return .dropped
        default: return .transparent
        }
    }

    /// With `--html strip`: block elements still end paragraphs, so words of two paragraphs never run
    /// together; everything else only holds text.
    private func strippedKind(_ name: String) -> Frame.Kind {
        if Self.droppedElements.contains(name) { return .dropped }
        switch name {
        case "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "details",
            "summary", "figcaption", "caption", "table", "tr", "pre":
            return .division(nil)
        case _ where Self.divisions.contains(name): return .division(nil)
        default: return .transparent
        }
    }

    private mutating func void(_ name: String, _ attributes: [String: String]) {
        switch name {
        case "br":
            frames[contentFrame].inlines.append(.lineBreak)
        case "hr":
            if !stripping { appendBlock(.thematicBreak) }
        case "img":
            guard !stripping, let image = image(attributes) else { return }
            let target = contentFrame
            if frames[target].inlines.allSatisfy({ $0 == .text(" ") }),
                let alignment = Self.alignment(attributes["align"])
            {
                frames[target].imageAlignment = alignment
            }
            frames[target].inlines.append(.image(image))
        case "source":
            guard let picture = lastKept(where: { if case .picture = $0 { true } else { false } }),
                case .picture(var sources) = frames[picture].kind,
                let srcset = attributes["srcset"] ?? attributes["src"],
                let url = HTMLImageScanner.firstCandidate(srcset)
            else { return }
            let media = (attributes["media"] ?? "").lowercased().filter { !$0.isWhitespace }
            if media.isEmpty {
                sources.append(url)
            } else if media.contains("prefers-color-scheme:dark") {
                sources.insert(url, at: 0)
            }
            frames[picture].kind = .picture(sources: sources)
        case "input":
            guard !stripping, attributes["type"]?.lowercased() == "checkbox",
                let item = lastKept(where: { _ in true }), case .listItem(nil) = frames[item].kind,
                frames[item].blocks.isEmpty, frames[item].inlines.allSatisfy({ $0 == .text(" ") })
            else { return }
            frames[item].kind = .listItem(task: attributes["checked"] != nil ? .checked : .unchecked)
        default:
            break
        }
    }

    private func image(_ attributes: [String: String]) -> ImageReference? {
        var sources: [String] = []
        if let picture = lastKept(where: { if case .picture = $0 { true } else { false } }),
            case .picture(let candidates) = frames[picture].kind
        {
            sources = candidates
        }
        if let src = attributes["src"]?.trimmedWhitespace, !src.isEmpty {
            sources.append(src)
        } else if let srcset = attributes["srcset"], let url = HTMLImageScanner.firstCandidate(srcset) {
            sources.append(url)
        }
        var unique: [String] = []
        for source in sources.map(ControlCharacterSanitizer.sanitize) where !unique.contains(source) {
            unique.append(source)
        }
        guard !unique.isEmpty else { return nil }
        return ImageReference(
            sources: unique, alt: ControlCharacterSanitizer.sanitize(attributes["alt"] ?? ""),
            title: ControlCharacterSanitizer.sanitize(attributes["title"] ?? ""),
            width: HTMLImageScanner.pixels(attributes["width"]), height: HTMLImageScanner.pixels(attributes["height"]))
    }

    // MARK: Frames

    private struct Frame {
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
    private var contentFrame: Int { min(frames.count, Self.maximumDepth) - 1 }

    private mutating func push(_ name: String, kind: Frame.Kind) {
        // Past the depth bound an element keeps no structure: a transparent frame holds nothing.
        let kept = frames.count < Self.maximumDepth ? kind : (kind.isDropped ? .dropped : .transparent)
        if case .dropped = kept { dropping += 1 }
        if case .preformatted = kept { preformatted += 1 }
        frames.append(Frame(name: name, kind: kept))
    }

    private mutating func closeAll() {
        while frames.count > 1 { close() }
    }

    private mutating func close() {
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
            var content: [Inline] = []
            for block in frame.blocks {
                if !content.isEmpty { content.append(.lineBreak) }
                content += Self.inlineContent(of: block)
            }
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

    private mutating func closeTable(_ frame: Frame) {
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
    private mutating func blockResult(_ blocks: [Block], alignment: BlockAlignment?) {
        guard !blocks.isEmpty else { return }
        if let alignment {
            appendBlock(.aligned(alignment, blocks))
        } else {
            for block in blocks { appendBlock(block) }
        }
    }

    private mutating func appendInlines(_ inlines: [Inline], alignment: BlockAlignment?) {
        let target = contentFrame
        if let alignment, frames[target].inlines.allSatisfy({ $0 == .text(" ") }) {
            frames[target].imageAlignment = alignment
        }
        frames[target].inlines += inlines
    }

    /// Appends a block to the receiving frame, first ending the paragraph its pending text forms.
    private mutating func appendBlock(_ block: Block) {
        let target = contentFrame
        flushParagraph(at: target)
        frames[target].blocks.append(block)
    }

    private mutating func flushParagraph(at index: Int) {
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

    // MARK: Helpers

    private static func paragraphs(_ frame: Frame) -> [Block] {
        let content = trimmed(frame.inlines)
        guard !content.isEmpty else { return frame.blocks }
        if let alignment = frame.imageAlignment { return frame.blocks + [.aligned(alignment, [.paragraph(content)])] }
        return frame.blocks + [.paragraph(content)]
    }

    private static func wrap(_ inlines: [Inline], in kind: Frame.InlineKind) -> Inline? {
        // `<a href…>\n  <img …>\n</a>`: the whitespace HTML puts around an element's content is not content.
        let inlines = trimmed(inlines)
        switch kind {
        case .strong: return inlines.isEmpty ? nil : .strong(inlines)
        case .emphasis: return inlines.isEmpty ? nil : .emphasis(inlines)
        case .strikethrough: return inlines.isEmpty ? nil : .strikethrough(inlines)
        case .code:
            let code = Inline.plainText(inlines)
            return code.isEmpty ? nil : .code(code)
        case .marked(let markup): return inlines.isEmpty ? nil : .marked(markup, inlines)
        case .link(let destination):
            return inlines.isEmpty ? nil : .link(Link(destination: destination, content: inlines))
        }
    }

    /// The inlines without the whitespace HTML formatting put at their ends; nothing when only whitespace.
    static func trimmed(_ inlines: [Inline]) -> [Inline] {
        var inlines = inlines
        while case .text(let text)? = inlines.first {
            let kept = String(text.drop(while: { $0 == " " }))
            if kept.isEmpty {
                inlines.removeFirst()
            } else {
                inlines[0] = .text(kept)
                break
            }
        }
        while let last = inlines.last {
            if case .text(let text) = last {
                let kept = String(text.reversed().drop(while: { $0 == " " }).reversed())
                if kept.isEmpty {
                    inlines.removeLast()
                } else {
                    inlines[inlines.count - 1] = .text(kept)
                    break
                }
            } else if last == .lineBreak {
                inlines.removeLast()
            } else {
                break
            }
        }
        return inlines
    }

    /// A block's text as inlines, for places that hold only inlines (table cells, inline HTML).
    static func inlineContent(of block: Block) -> [Inline] {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inlines
        case .aligned(_, let blocks), .blockQuote(let blocks):
            return blocks.flatMap(inlineContent(of:))
        case .codeBlock(let code): return [.code(code.code)]
        default: return []
        }
    }

    /// Runs of HTML whitespace become one space, as a browser shows them.
    static func collapsingWhitespace(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var inSpace = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{0C}":
                if !inSpace { out.unicodeScalars.append(" ") }
                inSpace = true
            default:
                out.unicodeScalars.append(scalar)
                inSpace = false
            }
        }
        return out
    }

    static func alignment(_ value: String?) -> BlockAlignment? {
        switch value?.trimmedWhitespace.lowercased() {
        case "center", "middle": return .center
        case "right": return .right
        default: return nil
        }
    }

    static func cellAlignment(_ value: String?) -> Table.Alignment {
        switch value?.trimmedWhitespace.lowercased() {
        case "center", "middle": return .center
        case "right": return .right
        case "left": return .left
        default: return .none
        }
    }

    /// `class="language-swift"` or `lang-swift` on a `code` inside `pre`: the fence language.
    static func language(_ attributes: [String: String]) -> String? {
        guard let classes = attributes["class"] else { return nil }
        for name in classes.split(separator: " ") {
            for prefix in ["language-", "lang-"] where name.hasPrefix(prefix) {
                return String(name.dropFirst(prefix.count))
            }
        }
        return nil
    }
}
