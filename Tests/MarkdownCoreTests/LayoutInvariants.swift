import Glibc

@testable import MarkdownCore

/// Checks shared by the layout tests: widths, control bytes, and that no text was lost.
enum LayoutInvariants {
    /// Lines (of plain output) wider than `width` display columns.
    static func overlongLines(_ output: String, width: Int) -> [Substring] {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { DisplayWidth.of($0) > width }
    }

    /// The document's words in document order, split into those outside tables (which must appear
    /// unbroken) and those in table cells (which may be wrapped between other cells' text).
    static func words(of document: Document) -> (prose: [String], tables: [String]) {
        var prose: [String] = []
        var tables: [String] = []
        func addWords(_ text: String, to list: inout [String]) {
            list += text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        }
        func walkInlines(_ inlines: [Inline], into list: inout [String]) {
            for inline in inlines {
                switch inline {
                case .text(let s), .code(let s), .html(let s), .htmlImage(let s, _): addWords(s, to: &list)
                case .emphasis(let c), .strong(let c), .strikethrough(let c): walkInlines(c, into: &list)
                case .link(let link): walkInlines(link.content, into: &list)
                case .image(let image):
                    // A badge shows its label and message (or its alt text), not the alt of a static badge.
                    if let badge = Badge(image) {
                        addWords(badge.label + " " + badge.message, to: &list)
                    } else {
                        addWords(image.alt, to: &list)
                    }
                case .marked(.superscript, _), .marked(.subscript, _):
                    break  // shown in Unicode super- and subscript characters
                case .marked(_, let c): walkInlines(c, into: &list)
                case .softBreak, .lineBreak, .footnoteReference: break
                case .math: break  // typeset: the math tests account for every symbol
                }
            }
        }
        if let front = document.frontMatter { addWords(front, to: &prose) }
        var stack: [Block] = (document.blocks + document.footnotes.flatMap(\.blocks)).reversed()
        while let block = stack.popLast() {
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): walkInlines(inlines, into: &prose)
            case .blockQuote(let children): stack += children.reversed()
            case .list(let list): stack += list.items.flatMap(\.blocks).reversed()
            case .codeBlock(let code): addWords(code.code, to: &prose)
            case .htmlBlock(let html): addWords(html.html, to: &prose)
            case .thematicBreak, .math: break
            case .diagram: break  // drawn: the diagram read-back tests account for every label
            case .alert(let alert): stack += alert.blocks.reversed()
            case .aligned(_, let children): stack += children.reversed()
            case .details(let summary, let children):
                walkInlines(summary, into: &prose)
                stack += children.reversed()
            case .definitionList(let entries):
                for entry in entries {
                    switch entry {
                    case .term(let inlines): walkInlines(inlines, into: &prose)
                    case .description(let blocks): stack += blocks.reversed()
                    }
                }
            case .table(let table):
                for row in [table.header] + table.rows { for cell in row { walkInlines(cell, into: &tables) } }
            }
        }
        return (prose, tables)
    }

    /// UTF-8 of the text with whitespace and the marks layout puts at line starts removed, so a word
    /// broken across lines reads as one again.
    static func normalized(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace && scalar != "│" && scalar != "↪" {
            out.append(contentsOf: String(scalar).utf8)
        }
        return out
    }

    /// Words missing from the output. Prose words must appear unbroken, searched in document order from
    /// where the previous word was found (then anywhere), which keeps this linear on large documents;
    /// table text must at least have every one of its bytes present as often as the tables use them.
    static func missingWords(_ document: Document, output: String) -> [String] {
        let flat = normalized(output)
        let (prose, tables) = words(of: document)
        var missing: [String] = []
        var cursor = 0
        for word in prose {
            let needle = normalized(word)
            if needle.isEmpty { continue }
            if let found = find(needle, in: flat, from: cursor) {
                cursor = found
            } else if find(needle, in: flat, from: 0) == nil {
                missing.append(word)
            }
        }
        var available = [Int](repeating: 0, count: 256)
        for byte in flat { available[Int(byte)] += 1 }
        for word in tables {
            for byte in normalized(word) {
                available[Int(byte)] -= 1
                if available[Int(byte)] < 0 {
                    missing.append(word)
                    break
                }
            }
        }
        return missing
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard start < haystack.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                guard let base = hay.baseAddress, let pattern = pin.baseAddress, pin.count > 0 else { return nil }
                var position = start
                let first = Int32(pin[0])
                while position + pin.count <= hay.count {
                    guard let hit = memchr(base + position, first, hay.count - position - pin.count + 1) else {
                        return nil
                    }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, pattern, pin.count) == 0 { return offset }
                    position = offset + 1
                }
                return nil
            }
        }
    }

    /// The document with its code blocks and code spans emptied: what must hold no HTML once rendered.
    static func withoutCode(_ document: Document) -> Document {
        func strip(_ inlines: [Inline]) -> [Inline] {
            inlines.map { inline in
                switch inline {
                case .code: return .text("")
                case .emphasis(let c): return .emphasis(strip(c))
                case .strong(let c): return .strong(strip(c))
                case .strikethrough(let c): return .strikethrough(strip(c))
                case .marked(let m, let c): return .marked(m, strip(c))
                case .link(var link):
                    link.content = strip(link.content)
                    return .link(link)
                default: return inline
                }
            }
        }
        func blocks(_ list: [Block]) -> [Block] {
            list.compactMap { block in
                switch block {
                case .codeBlock: return nil
                case .blockQuote(let c): return .blockQuote(blocks(c))
                case .list(var l):
                    l.items = l.items.map { ListItem(task: $0.task, blocks: blocks($0.blocks)) }
                    return .list(l)
                case .alert(var a):
                    a.blocks = blocks(a.blocks)
                    return .alert(a)
                case .aligned(let alignment, let c): return .aligned(alignment, blocks(c))
                case .details(let summary, let c): return .details(summary: strip(summary), blocks(c))
                case .definitionList(let entries):
                    return .definitionList(
                        entries.map { entry in
                            switch entry {
                            case .term(let t): return .term(strip(t))
                            case .description(let d): return .description(blocks(d))
                            }
                        })
                default: return block.mappingInlines(strip)
                }
            }
        }
        var copy = document
        copy.blocks = blocks(document.blocks)
        copy.footnotes = document.footnotes.map {
            FootnoteDefinition(label: $0.label, number: $0.number, blocks: blocks($0.blocks))
        }
        return copy
    }

    /// All text the document's text inlines hold, joined: what an author wrote as words.
    static func plainText(of document: Document) -> String {
        var out = ""
        Block.forEach(in: document.blocks + document.footnotes.flatMap(\.blocks)) { block in
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): out += Inline.plainText(inlines) + "\n"
            case .table(let table):
                for row in [table.header] + table.rows { for cell in row { out += Inline.plainText(cell) + "\n" } }
            case .details(let summary, _): out += Inline.plainText(summary) + "\n"
            default: break
            }
        }
        return out
    }

    /// Opening and closing tags of the elements mdview interprets, and comment openers, found in `text`.
    static func htmlTags(in text: String) -> [String] {
        let names = [
            "p", "img", "div", "details", "summary", "br", "b", "kbd", "sup", "sub", "a", "table", "td", "tr",
            "picture",
        ]
        var found: [String] = []
        if text.contains("<!--") { found.append("<!--") }
        for name in names {
            for tag in ["<\(name)>", "<\(name) ", "</\(name)>"] where text.contains(tag) { found.append(tag) }
        }
        return found
    }
}
