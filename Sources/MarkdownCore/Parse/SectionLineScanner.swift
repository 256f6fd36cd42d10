/// Follows top-level fenced code blocks and HTML blocks that may span blank lines, line by line.
///
/// Lines are read without cmark's containers, so an indented opener is ambiguous: at the top level
/// (`  ```` ```` `` with two spaces) its block goes on over lines in the first column, but inside a list item
/// such a line ends the item and the block with it. A block inside a list item needs no following, since
/// every line a section may be cut before is in the first column and ends it; the scanner follows what
/// each line may be in (`ListContext`), and where that is unsure it keeps both readings: a line is outside
/// literal blocks only when it is in all of them.
struct SectionLineScanner {
    /// The line that ends a literal block: a fence (character and shortest length) or an HTML end marker;
    /// `undecided` stands for too many readings at once, and never ends.
    private enum Closer: Equatable {
        case fence(Character, Int)
        case html(String)
        case undecided
        /// An HTML block that ends at a blank line (`<div>`, a tag alone on its line): fences in it are text.
        case blankLine
        /// A display formula (`DisplayMathLines`): it ends at its closer or a blank line, and fences and
        /// HTML in it are its text.
        case math(DisplayMathLines.Open)
    }

    /// Whether the lines read may be inside a top-level list item, whose content starts at `indent`.
    private enum ListContext: Equatable {
        case none
        case item(indent: Int)
        /// Maybe: a line that may be a lazy continuation, or a list marker that may be paragraph text.
        case maybeItem(indent: Int)

        var isMaybe: Bool {
            if case .maybeItem = self { true } else { false }
        }
    }

    /// One way of reading the lines so far: the literal block open at the top level, if any, and the
    /// list item the lines may be in.
    private struct Reading: Equatable {
        var open: Closer?
        var list: ListContext
    }

    private var readings = [Reading(open: nil, list: .none)]
    private var previousBlank = true
    /// More readings than this are merged into one that never ends (no cut for the rest of the body).
    private static let maximumReadings = 8

    var isOutsideLiteralBlocks: Bool { readings.allSatisfy { $0.open == nil } }

    /// Start and end markers, lowercase: lines are compared lowercased (`<![cdata[` is taken for a
    /// block though cmark's marker is uppercase only, which merely forgoes a cut).
    private static let htmlBlocks: [(start: String, end: String)] = [
        ("<!--", "-->"), ("<?", "?>"), ("<![cdata[", "]]>"), ("<script", "</script>"), ("<pre", "</pre>"),
        ("<style", "</style>"), ("<textarea", "</textarea>"),
    ]

    mutating func read(_ line: Substring) {
        let indent = line.prefix { $0 == " " }.count
        let content = line.dropFirst(indent)
        let blank = content.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
        if readings.count == 1 {
            let results = step(readings[0], content: content, indent: indent, blank: blank)
            if results.count == 1 {
                readings[0] = results[0]
                previousBlank = blank
                return
            }
        }
        var next: [Reading] = []
        for reading in readings {
            for result in step(reading, content: content, indent: indent, blank: blank) where !next.contains(result) {
                next.append(result)
            }
        }
        readings = next.count > Self.maximumReadings ? [Reading(open: .undecided, list: .none)] : next
        previousBlank = blank
    }

    /// The readings after a line from one reading.
    private func step(_ reading: Reading, content: Substring, indent: Int, blank: Bool) -> [Reading] {
        if case .math(let formula) = reading.open {
            return [
                Reading(
                    open: blank ? nil : DisplayMathLines.after(formula, line: content).map { .math($0) }, list: .none)
            ]
        }
        if let closer = reading.open {
            let closed = closer == .blankLine ? blank : Self.closes(closer, content: content, indent: indent)
            return [Reading(open: closed ? nil : closer, list: .none)]
        }
        let list = listContext(after: reading.list, content: content, indent: indent, blank: blank)
        guard let closer = Self.opening(content, indent: indent) else {
            // A line starting with a block tag (`<div`) opens an HTML block that hides fences up to a blank
            // line; a tag alone on its line may also be a paragraph's text, which a fence may interrupt:
            // then both readings are kept.
            guard indent <= 3, content.first == "<", let kind = Self.htmlBlockStart(content) else {
                return [Reading(open: nil, list: list)]
            }
            if case .item(let itemIndent) = list, indent >= itemIndent { return [Reading(open: nil, list: list)] }
            if kind == .certain, !list.isMaybe { return [Reading(open: .blankLine, list: .none)] }
            return [Reading(open: nil, list: list), Reading(open: .blankLine, list: .none)]
        }
        switch list {
        case .item(let itemIndent) where indent >= itemIndent:
            return [Reading(open: nil, list: list)]
        case .maybeItem(let itemIndent) where indent >= itemIndent:
            return [Reading(open: nil, list: list), Reading(open: closer, list: .none)]
        default:
            return [Reading(open: closer, list: .none)]
        }
    }

    /// The list item a line may be in, after one that may be in `context`.
    private func listContext(after context: ListContext, content: Substring, indent: Int, blank: Bool) -> ListContext {
        if blank { return context }
        if indent <= 3, let marker = Self.listMarker(content) {
            // A marker indented as far as the item's text starts a list inside the item, which goes on.
            switch context {
            case .item(let itemIndent), .maybeItem(let itemIndent):
                if indent >= itemIndent { return context }
            case .none:
                break
            }
            // A bullet with text, or an ordered item from 1, may interrupt a paragraph; others only start
            // a list after a blank line or inside one.
            let certain = previousBlank || context == .item(indent: indent + marker.width) || marker.interrupts
            if case .item = context { return .item(indent: indent + marker.width) }
            return certain ? .item(indent: indent + marker.width) : .maybeItem(indent: indent + marker.width)
        }
        switch context {
        case .none:
            return .none
        case .item(let itemIndent), .maybeItem(let itemIndent):
            if indent >= itemIndent { return context }
            // Less indented: the item ends, unless the line is a paragraph's lazy continuation.
            return previousBlank ? .none : .maybeItem(indent: itemIndent)
        }
    }

    /// Whether an HTML block that ends at a blank line starts with `content`: certainly with a block tag
    /// (cmark's list), maybe with a tag alone on its line (not after a paragraph's text); nil otherwise.
    private enum HTMLStart { case certain, maybe }

    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup",
        "option", "p", "param", "section", "source", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
        "title", "tr", "track", "ul",
    ]

    private static func htmlBlockStart(_ content: Substring) -> HTMLStart? {
        let name = content.dropFirst(content.hasPrefix("</") ? 2 : 1).prefix { $0.isLetter || $0.isNumber }
        let after = content.dropFirst(content.hasPrefix("</") ? 2 : 1).dropFirst(name.count).first
        if !name.isEmpty, blockTags.contains(name.lowercased()),
            after == nil || after == " " || after == "\t" || after == ">" || after == "/" || after == "\r"
        {
            return .certain
        }
        let trimmed = content.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return trimmed.first == ">" ? .maybe : nil
    }

    /// A list marker at the start of `content`: its width with the spaces after it (one when more than
    /// four follow), and whether the item may interrupt a paragraph.
    private static func listMarker(_ content: Substring) -> (width: Int, interrupts: Bool)? {
        guard let first = content.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return nil }
        let bytes = Array(content.utf8.prefix(16))
        var markerEnd: Int
        var interrupts: Bool
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            markerEnd = 1
            interrupts = true
        } else {
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard (1...9).contains(digits), digits < bytes.count,
                bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")")
            else { return nil }
            markerEnd = digits + 1
            interrupts = digits == 1 && first == UInt8(ascii: "1")
        }
        let spaces = bytes[markerEnd...].prefix { $0 == 0x20 }.count
        guard spaces > 0 || markerEnd == content.utf8.count else { return nil }
        let hasText = markerEnd + spaces < content.utf8.count
        return (markerEnd + ((1...4).contains(spaces) ? spaces : 1), interrupts && hasText)
    }

    private static func closes(_ closer: Closer, content: Substring, indent: Int) -> Bool {
        switch closer {
        case .fence(let character, let length):
            indent <= 3 && content.prefix(while: { $0 == character }).count >= length
                && content.drop(while: { $0 == character }).allSatisfy({ $0 == " " || $0 == "\t" })
        case .html(let end):
            content.lowercased().contains(end)
        case .undecided, .blankLine, .math:
            false
        }
    }

    /// The literal block a line opens, if any.
    private static func opening(_ content: Substring, indent: Int) -> Closer? {
        guard indent <= 3, let first = content.first else { return nil }
        if first == "$" || first == "\\" { return DisplayMathLines.opened(by: content).map { .math($0) } }
        guard first == "`" || first == "~" || first == "<" else { return nil }
        for fence in ["`", "~"] {
            let character = Character(fence)
            let length = content.prefix(while: { $0 == character }).count
            if length >= 3, character == "~" || !content.dropFirst(length).contains("`") {
                return .fence(character, length)
            }
        }
        let lower = content.lowercased()
        for block in htmlBlocks where lower.hasPrefix(block.start) {
            if lower.dropFirst(block.start.count).contains(block.end) { return nil }
            return .html(block.end)
        }
        if lower.hasPrefix("<!"), let letter = lower.dropFirst(2).first, letter.isLetter, !lower.contains(">") {
            return .html(">")
        }
        return nil
    }
}
