/// The most inline elements one paragraph, at the top level or in quotes and list items, is shown
/// with: one with more is shown as its plain text. A paragraph is laid out as one block once its last
/// line has arrived, and mdview's model and lines of a paragraph dense in emphasis, links or code spans
/// cost about 200 bytes per element (a 5 MB paragraph of `a *b* ` holds 2.5 million): without a cap only
/// the document size cap bounds it.
///
/// Shown as plain text, every element keeps its text (emphasis and links their content, code its code,
/// images their alt text, HTML its tags) and line breaks stay; only styles, link targets and pictures
/// are lost. The text between two breaks becomes one element, so the paragraph then costs what plain
/// text does. The rule is applied to the paragraphs a part hands out, and to a paragraph joined from
/// sections as soon as it goes over (`DocumentParts`): the sectioned parse gives the whole parse's
/// document either way.
enum ParagraphInlineCap {
    /// 50,000 elements: about 10 MB of model and lines, and far more than a paragraph written by hand or
    /// by a language model holds (a long one holds a few hundred).
    static let maximumInlines = 50_000

    /// How many inline elements `inlines` holds, nested ones included; counting stops past `limit`.
    static func count(_ inlines: [Inline], limit: Int = maximumInlines) -> Int {
        var total = 0
        var stack: [[Inline]] = [inlines]
        while let next = stack.popLast(), total <= limit {
            total += next.count
            for inline in next {
                switch inline {
                case .emphasis(let children), .strong(let children), .strikethrough(let children),
                    .marked(_, let children):
                    stack.append(children)
                case .link(let link): stack.append(link.content)
                default: continue
                }
            }
        }
        return total
    }

    /// `inlines` as plain text: breaks stay, and the elements between two breaks become one text, what
    /// they hold. Joined at breaks only, so that a paragraph joined from halves (with a soft break) is
    /// the halves' joined.
    static func flattened(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        var run: [Inline] = []
        func flush() {
            guard !run.isEmpty else { return }
            result.append(.text(Inline.plainText(run)))
            run = []
        }
        for inline in inlines {
            switch inline {
            case .softBreak, .lineBreak:
                flush()
                result.append(inline)
            default:
                run.append(inline)
            }
        }
        flush()
        return result
    }

    /// `blocks` with every paragraph of more than `maximumInlines` elements shown as plain text: at the
    /// top level, and in quotes and list items nested up to `ContainerParagraphRun.maximumDepth` deep
    /// (where sections cut paragraphs too).
    static func applied(to blocks: inout [Block]) {
        applied(to: &blocks, depth: 0)
    }

    private static func applied(to blocks: inout [Block], depth: Int) {
        for index in blocks.indices {
            switch blocks[index] {
            case .paragraph(let inlines) where count(inlines) > maximumInlines:
                blocks[index] = .paragraph(flattened(inlines))
            case .blockQuote(let quoted) where depth < ContainerParagraphRun.maximumDepth:
                guard holdsParagraphOverTheCap(quoted, depth: depth + 1) else { continue }
                var capped = quoted
                applied(to: &capped, depth: depth + 1)
                blocks[index] = .blockQuote(capped)
            case .list(let list) where depth < ContainerParagraphRun.maximumDepth:
                guard list.items.contains(where: { holdsParagraphOverTheCap($0.blocks, depth: depth + 1) }) else {
                    continue
                }
                var capped = list
                for item in capped.items.indices { applied(to: &capped.items[item].blocks, depth: depth + 1) }
                blocks[index] = .list(capped)
            default:
                continue
            }
        }
    }

    /// Whether `blocks`, `depth` containers deep, hold a paragraph `applied` shows as plain text.
    private static func holdsParagraphOverTheCap(_ blocks: [Block], depth: Int) -> Bool {
        blocks.contains { block in
            switch block {
            case .paragraph(let inlines): count(inlines) > maximumInlines
            case .blockQuote(let quoted) where depth < ContainerParagraphRun.maximumDepth:
                holdsParagraphOverTheCap(quoted, depth: depth + 1)
            case .list(let list) where depth < ContainerParagraphRun.maximumDepth:
                list.items.contains { holdsParagraphOverTheCap($0.blocks, depth: depth + 1) }
            default: false
            }
        }
    }
}
