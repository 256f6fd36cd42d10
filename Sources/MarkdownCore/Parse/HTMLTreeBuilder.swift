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

    var frames: [Frame] = [Frame(name: "", kind: .root)]
    var usedPlaceholders = Set<Int>()
    /// Open elements whose content is dropped (`script`, `style`, …): the count of them on the stack.
    var dropping = 0
    /// The open `pre` elements (their text is kept verbatim).
    var preformatted = 0

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

    mutating func consume(_ token: HTMLToken) {
        switch token {
        case .start(let name, let attributes): start(name, attributes)
        case .end(let name): end(name)
        case .text(let text): self.text(text)
        }
    }

    mutating func start(_ name: String, _ attributes: [String: String]) {
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

    mutating func end(_ name: String) {
        guard !Self.voidElements.contains(name) else { return }
        // libxml2 balances its tags, so the match is almost always the innermost frame; the search is
        // bounded all the same.
        let lowest = max(1, frames.count - 2 * Self.maximumDepth)
        guard let index = frames[lowest...].lastIndex(where: { $0.name == name }) else { return }
        while frames.count > index { close() }
    }

    /// The innermost kept frame (within `maximumDepth`) whose kind matches.
    func lastKept(where matches: (Frame.Kind) -> Bool) -> Int? {
        (0..<min(frames.count, Self.maximumDepth)).last { matches(frames[$0].kind) }
    }

    mutating func text(_ text: String) {
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
    mutating func appendText(_ inline: Inline, to target: Int) {
        guard case .text(var text) = inline, case .text? = frames[target].inlines.last,
            case .text(var joined) = frames[target].inlines.removeLast()
        else {
            frames[target].inlines.append(inline)
            return
        }
        // Taken out of the array first, the text is appended to in place, not copied each time.
        if joined.hasSuffix(" "), text.hasPrefix(" ") { text.removeFirst() }
        joined += text
        frames[target].inlines.append(.text(joined))
    }

    mutating func placeholder(_ name: String, _ attributes: [String: String]) {
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

    static let droppedElements: Set<String> = [
        "script", "style", "template", "title", "textarea", "head", "iframe", "object", "noembed", "noframes",
        "select", "svg", "math", "frameset", "canvas", "audio", "video",
    ]
    static let voidElements: Set<String> = [
        "img", "br", "hr", "input", "source", "wbr", "meta", "link", "base", "col", "area", "param", "track",
        "embed",
    ]
    static let divisions: Set<String> = [
        "div", "section", "article", "main", "header", "footer", "nav", "aside", "address", "figure", "body",
        "html", "form", "fieldset", "hgroup", "center",
    ]

    func kind(_ name: String, _ attributes: [String: String]) -> Frame.Kind {
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
    func strippedKind(_ name: String) -> Frame.Kind {
        if Self.droppedElements.contains(name) { return .dropped }
        switch name {
        case "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "details",
            "summary", "figcaption", "caption", "table", "tr", "pre":
            return .division(nil)
        case _ where Self.divisions.contains(name): return .division(nil)
        default: return .transparent
        }
    }

    mutating func void(_ name: String, _ attributes: [String: String]) {
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

    func image(_ attributes: [String: String]) -> ImageReference? {
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
}
