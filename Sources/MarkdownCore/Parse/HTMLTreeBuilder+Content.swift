/// How HTML content becomes model content: whitespace collapsed and trimmed as a browser shows it,
/// inline elements wrapped, attribute values (`align`, `class="language-…"`) read.
extension HTMLTreeBuilder {
    static func paragraphs(_ frame: Frame) -> [Block] {
        let content = trimmed(frame.inlines)
        guard !content.isEmpty else { return frame.blocks }
        if let alignment = frame.imageAlignment { return frame.blocks + [.aligned(alignment, [.paragraph(content)])] }
        return frame.blocks + [.paragraph(content)]
    }

    static func wrap(_ inlines: [Inline], in kind: Frame.InlineKind) -> Inline? {
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

    /// A block's text as inlines, for places that hold only inlines (table cells, inline HTML): every
    /// block keeps its words, its parts on lines of their own.
    static func inlineContent(of block: Block) -> [Inline] {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inlines
        case .aligned(_, let blocks), .blockQuote(let blocks): return lines(blocks.map(inlineContent(of:)))
        case .alert(let alert): return lines(alert.blocks.map(inlineContent(of:)))
        case .codeBlock(let code): return [.code(code.code)]
        case .diagram(let diagram): return [.code(diagram.source)]
        case .math(let math): return [.math(MathSpan(source: math.source, delimiter: .doubleDollar))]
        case .htmlBlock, .thematicBreak: return []
        case .details(let summary, let blocks):
            let title: [Inline] = summary.isEmpty ? [] : [.strong(summary)]
            return lines([title] + blocks.map(inlineContent(of:)))
        case .list(let list):
            var number = if case .ordered(let start) = list.kind { start } else { 0 }
            return lines(
                list.items.map { item in
                    let content = lines(item.blocks.map(inlineContent(of:)))
                    defer { number += 1 }
                    if case .ordered = list.kind { return [.text("\(number). ")] + content }
                    return [.text("• ")] + content
                })
        case .definitionList(let entries):
            return lines(
                entries.map { entry in
                    switch entry {
                    case .term(let inlines): return [.strong(inlines)]
                    case .description(let blocks): return lines(blocks.map(inlineContent(of:)))
                    }
                })
        case .table(let table):
            return lines(([table.header] + table.rows).map { cells(of: $0) })
        }
    }

    /// The non-empty parts, one a line.
    static func lines(_ parts: [[Inline]]) -> [Inline] {
        var out: [Inline] = []
        for part in parts where !part.isEmpty {
            if !out.isEmpty { out.append(.lineBreak) }
            out += part
        }
        return out
    }

    /// A row of a table inside a cell: its cells' text apart by a space.
    static func cells(of row: [[Inline]]) -> [Inline] {
        var out: [Inline] = []
        for cell in row where !cell.isEmpty {
            if !out.isEmpty { out.append(.text(" ")) }
            out += cell
        }
        return out
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
        // Classes are separated by any HTML white space: an unclosed quote reads on to a line break.
        for name in classes.split(whereSeparator: \.isWhitespace) {
            for prefix in ["language-", "lang-"] where name.hasPrefix(prefix) {
                return String(name.dropFirst(prefix.count))
            }
        }
        return nil
    }
}
