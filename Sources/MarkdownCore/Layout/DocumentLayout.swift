/// Lays a `Document` out for a width into styled lines: the pure, testable heart of the pipeline.
///
/// Layout is a function of the document, the options and the resources the resolve stage finished
/// (highlighting tokens, decoded images): it never waits, never does I/O, and knows widths and styles,
/// never escape codes (that is `TerminalWriter`'s job). Every produced line is at most `options.width`
/// display columns wide. Recursion follows the document's nesting, which the parser bounds.
public struct DocumentLayout: Sendable {
    public let options: LayoutOptions
    /// Highlighting and images for the blocks being laid out; what is missing falls back.
    public let resources: ResolvedResources
    /// How many lists enclose the blocks being laid out (picks the bullet).
    let listDepth: Int
    /// The rows of a stream's growing code block and table laid out at its last redraw, carried through
    /// the layout of its unfinished tail (`provisionalLines`); nil for any other layout.
    let growing: GrowingRowsPass?
    /// Containers stop indenting once their content would be narrower than this.
    public static let minimumContentWidth = 16

    public init(options: LayoutOptions, resources: ResolvedResources = .none) {
        self.init(options: options, resources: resources, listDepth: 0, growing: nil)
    }

    init(options: LayoutOptions, resources: ResolvedResources, listDepth: Int, growing: GrowingRowsPass?) {
        self.options = options
        self.resources = resources
        self.listDepth = listDepth
        self.growing = growing
        self.theme = options.theme
        self.inlineRuns = InlineRuns(
            theme: options.theme, hyperlinks: options.hyperlinks, baseDirectory: options.baseDirectory,
            markers: options.inlineMarkers, math: options.math)
    }

    /// The same layout for the content of a list item.
    func nestedInList() -> DocumentLayout {
        DocumentLayout(options: options, resources: resources, listDepth: listDepth + 1, growing: growing)
    }

    /// Stored, not computed: layout reads the theme for every span, and a computed property would copy
    /// the whole theme (its styles and syntax table) each time.
    let theme: Theme
    let inlineRuns: InlineRuns

    public func lines(for document: Document) -> [StyledLine] {
        var lines: [StyledLine] = []
        if let frontMatter = document.frontMatter {
            lines += frontMatterLines(frontMatter, width: options.width)
        }
        let body = blockLines(document.blocks, width: options.width, tight: false)
        if lines.isEmpty {
            // Taken as it is: appending copies every line (a growing code block is laid out at each redraw).
            lines = body
        } else if !body.isEmpty {
            lines.append(.blank)
            lines += body
        }
        if !document.footnotes.isEmpty {
            if !lines.isEmpty { lines.append(.blank) }
            lines += footnoteLines(document.footnotes, width: options.width)
        }
        return lines
    }

    /// Blocks one after another, separated by a blank line unless `tight`.
    func blockLines(_ blocks: [Block], width: Int, tight: Bool) -> [StyledLine] {
        var lines: [StyledLine] = []
        for block in blocks {
            let rendered = blockLines(block, width: width, tight: tight)
            if rendered.isEmpty { continue }
            if lines.isEmpty {
                lines = rendered
                continue
            }
            if !(tight && isTightSeparable(block)) { lines.append(.blank) }
            lines += rendered
        }
        return lines
    }

    private func isTightSeparable(_ block: Block) -> Bool {
        switch block {
        case .paragraph, .list: return true
        default: return false
        }
    }

    func blockLines(_ block: Block, width: Int, tight: Bool) -> [StyledLine] {
        switch block {
        case .paragraph(let inlines):
            return paragraphLines(inlines, width: width)
        case .heading(let level, let inlines):
            return headingLines(level: level, inlines, width: width)
        case .blockQuote(let children):
            return blockQuoteLines(children, width: width)
        case .list(let list):
            return listLines(list, width: width)
        case .codeBlock(let code):
            return codeBlockLines(code, width: width)
        case .htmlBlock(let html):
            return htmlBlockWithImages(html, width: width) ?? htmlBlockLines(html.html, width: width)
        case .thematicBreak:
            return [StyledLine([Span(String(repeating: "─", count: width), style: theme.thematicBreak)])]
        case .table(let table):
            return tableLines(table, width: width)
        case .alert(let alert):
            return alertLines(alert, width: width)
        case .aligned(let alignment, let children):
            return alignedLines(alignment, children, width: width)
        case .details(let summary, let children):
            return detailsLines(summary: summary, children, width: width)
        case .definitionList(let entries):
            return definitionListLines(entries, width: width)
        case .math(let math):
            return mathBlockLines(math, width: width)
        case .diagram(let diagram):
            return diagramLines(diagram, width: width)
        }
    }

    /// Prefixes every line: `first` on the first, `rest` on the others (both must have the same width).
    func indent(_ lines: [StyledLine], first: [Span], rest: [Span]) -> [StyledLine] {
        var out: [StyledLine] = []
        out.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            var prefixed = line
            let prefix = index == 0 ? first : rest
            if line.spans.isEmpty && line.graphic == nil {
                // Blank lines keep only the visible part of the prefix (no trailing spaces).
                prefixed.spans = trimmedTrailingSpaces(prefix)
            } else {
                prefixed.spans = prefix + line.spans
            }
            out.append(prefixed)
        }
        return out
    }

    private func trimmedTrailingSpaces(_ spans: [Span]) -> [Span] {
        var spans = spans
        while let last = spans.last {
            let trimmed = String(last.text.reversed().drop(while: { $0 == " " }).reversed())
            if trimmed.isEmpty {
                spans.removeLast()
            } else {
                spans[spans.count - 1].text = trimmed
                break
            }
        }
        return spans
    }
}
