/// Puts the tails of over-long lines (`LineTail`) back where the parse put their markers: into the
/// text, code, HTML or formula that holds the marker, as written (sanitised like every text the parse
/// copies out). A tail whose marker is in none of them (a link's destination, an image's alt text) is
/// not lost: it follows the blocks as a paragraph of its own, and its marker is removed.
///
/// A paragraph that holds a tail is shown as plain text (`ParagraphInlineCap.flattened`), as the cap
/// shows a paragraph of too many elements: its tail is plain text already, and a line that long, parsed
/// whole, would hold more elements than the cap allows in all but the plainest text (which the plain
/// text shows as the whole parse does).
struct LineTailRestorer {
    /// How many tails there are.
    private let count: Int
    /// The text of a tail, by number, as written.
    private let text: (Int) -> Substring
    /// The tails found so far.
    private(set) var restored = Set<Int>()

    init(count: Int, text: @escaping (Int) -> Substring) {
        self.count = count
        self.text = text
    }

    /// `blocks` with every marker replaced by its tail.
    mutating func restore(_ blocks: inout [Block]) {
        for index in blocks.indices { restore(&blocks[index]) }
    }

    /// The tails among `numbers` not found yet, as paragraphs, each noted as found.
    mutating func unrestored(among numbers: [Int]) -> [Block] {
        numbers.filter { restored.insert($0).inserted }.map { .paragraph([.text(shown($0))]) }
    }

    private mutating func restore(_ block: inout Block) {
        switch block {
        case .paragraph(var inlines):
            let before = restored.count
            restore(&inlines)
            block = .paragraph(restored.count > before ? ParagraphInlineCap.flattened(inlines) : inlines)
        case .heading(let level, var inlines):
            restore(&inlines)
            block = .heading(level: level, inlines)
        case .blockQuote(var blocks):
            restore(&blocks)
            block = .blockQuote(blocks)
        case .list(var list):
            for item in list.items.indices { restore(&list.items[item].blocks) }
            block = .list(list)
        case .codeBlock(var code):
            code.code = restored(code.code)
            block = .codeBlock(code)
        case .htmlBlock(var html):
            html.html = restored(html.html)
            block = .htmlBlock(html)
        case .table(var table):
            for cell in table.header.indices { restore(&table.header[cell]) }
            for row in table.rows.indices {
                for cell in table.rows[row].indices { restore(&table.rows[row][cell]) }
            }
            block = .table(table)
        case .math(var math):
            math.source = restored(math.source)
            block = .math(math)
        case .thematicBreak, .alert, .aligned, .details, .definitionList, .diagram:
            // Made after the parse (GitHub's dialect), or holding no text of the document.
            return
        }
    }

    private mutating func restore(_ inlines: inout [Inline]) {
        for index in inlines.indices {
            switch inlines[index] {
            case .text(let text): inlines[index] = .text(restored(text))
            case .code(let code): inlines[index] = .code(restored(code))
            case .html(let html): inlines[index] = .html(restored(html))
            case .emphasis(var children):
                restore(&children)
                inlines[index] = .emphasis(children)
            case .strong(var children):
                restore(&children)
                inlines[index] = .strong(children)
            case .strikethrough(var children):
                restore(&children)
                inlines[index] = .strikethrough(children)
            case .marked(let markup, var children):
                restore(&children)
                inlines[index] = .marked(markup, children)
            case .link(var link):
                link.destination = restored(link.destination, keeping: false)
                link.title = restored(link.title, keeping: false)
                restore(&link.content)
                inlines[index] = .link(link)
            case .math(var math):
                math.source = restored(math.source)
                inlines[index] = .math(math)
            case .image(var image):
                image.alt = restored(image.alt, keeping: false)
                inlines[index] = .image(image)
            case .softBreak, .lineBreak, .htmlImage, .footnoteReference:
                continue
            }
        }
    }

    /// The text of tail `number` as it is shown.
    private func shown(_ number: Int) -> String {
        var shown = ""
        append(number, to: &shown)
        return shown
    }

    /// Appends the text of tail `number` as it is shown: sanitised when it holds a control character (or
    /// may: a C1 control starts with the byte 0xC2), otherwise copied once, straight from the document.
    private func append(_ number: Int, to result: inout String) {
        let raw = text(number)
        let mayHoldControls = raw.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 }
        if mayHoldControls {
            result += ControlCharacterSanitizer.sanitize(String(raw))
        } else {
            result.reserveCapacity(result.utf8.count + raw.utf8.count)
            result += raw
        }
    }

    /// `text` with each marker replaced by its tail (`keeping`) or removed, the tail then following the
    /// blocks (`unrestored`). The result is built in place, its room reserved: a tail may be megabytes.
    private mutating func restored(_ text: String, keeping: Bool = true) -> String {
        guard LineTail.holdsMarkerPlane(text) else { return text }
        var result = ""
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let number = Int(scalars[index].value) - Int(LineTail.firstMarker)
            let next = scalars.index(after: index)
            guard (0..<count).contains(number) else {
                index = next
                continue
            }
            result.unicodeScalars.append(contentsOf: scalars[start..<index])
            start = next
            index = next
            guard keeping else { continue }
            restored.insert(number)
            append(number, to: &result)
        }
        result.unicodeScalars.append(contentsOf: scalars[start...])
        return result
    }
}
