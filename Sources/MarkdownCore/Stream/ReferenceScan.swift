/// What streaming needs to know about a block's references: the footnote numbers it uses (so later
/// blocks continue the numbering) and whether it shows a reference as text because its definition may
/// still arrive (so the block waits instead of becoming final).
///
/// A block waits when its text reads `[^` (a footnote reference without a definition yet) or `][`
/// (a full or collapsed reference link, `[text][label]` or `[text][]`, without one). A shortcut
/// reference (`[text]`) does not make it wait: brackets in prose are too common for that, which is
/// the one documented way a streamed render can differ from the one-shot render.
struct ReferenceScan {
    /// The largest footnote number referenced, 0 when none.
    private(set) var highestFootnote = 0
    /// Whether some text may be a reference whose definition has not arrived.
    private(set) var mayAwaitDefinition = false

    init(_ blocks: [Block]) {
        Block.forEach(in: blocks) { block in
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines):
                scan(inlines)
            case .table(let table):
                for row in [table.header] + table.rows {
                    for cell in row { scan(cell) }
                }
            default:
                break
            }
        }
    }

    /// cmark leaves unmatched brackets as text nodes of their own, so runs of text nodes are joined.
    private mutating func scan(_ inlines: [Inline]) {
        var run = ""
        for inline in inlines {
            if case .text(let text) = inline {
                run += text
                continue
            }
            check(run)
            run = ""
            switch inline {
            case .footnoteReference(_, let number):
                highestFootnote = max(highestFootnote, number)
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                scan(children)
            case .link(let link):
                scan(link.content)
            default:
                break
            }
        }
        check(run)
    }

    /// Looks at the bytes: a block is scanned at each update while its container is open, and a
    /// substring search over characters would cost more.
    private mutating func check(_ text: String) {
        guard !mayAwaitDefinition else { return }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (previous == UInt8(ascii: "[") && byte == UInt8(ascii: "^"))
                || (previous == UInt8(ascii: "]") && byte == UInt8(ascii: "["))
            {
                mayAwaitDefinition = true
                return
            }
            previous = byte
        }
    }
}
