extension DocumentLayout {
    func paragraphLines(_ inlines: [Inline], width: Int) -> [StyledLine] {
        if options.showsImages, inlines.contains(where: Self.isImageLike) {
            return paragraphWithImages(inlines, width: width)
        }
        return wrapped(inlineRuns.runs(inlines), width: width)
    }

    func wrapped(_ runs: [Span], width: Int) -> [StyledLine] {
        TextWrapper(width: width).wrap(runs).map { StyledLine($0) }
    }

    func headingLines(level: Int, _ inlines: [Inline], width: Int) -> [StyledLine] {
        let style = theme.heading(level: level)
        var runs = inlineRuns.runs(inlines, base: style)
        let rule: Character?
        switch level {
        case 1: rule = "═"
        case 2: rule = "─"
        default:
            rule = nil
            runs.insert(Span(String(repeating: "#", count: level) + " ", style: style), at: 0)
        }
        var lines = wrapped(runs, width: width)
        if let rule {
            let textWidth = lines.map { line in line.spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
            let ruleStyle = Style(foreground: style.foreground, dim: level == 2)
            lines.append(
                StyledLine([Span(String(repeating: rule, count: max(1, min(width, textWidth))), style: ruleStyle)]))
        }
        return lines
    }

    func blockQuoteLines(_ children: [Block], width: Int) -> [StyledLine] {
        let inner = blockLines(children, width: contentWidth(width, indent: 2), tight: false)
        guard canIndent(width, by: 2) else { return inner }
        let bar = [Span("│ ", style: theme.quoteBar)]
        return indent(inner, first: bar, rest: bar)
    }

    func footnoteLines(_ footnotes: [FootnoteDefinition], width: Int) -> [StyledLine] {
        var lines = [
            StyledLine([Span(String(repeating: "─", count: min(width, 12)), style: theme.thematicBreak)]),
            StyledLine([Span("Footnotes", style: theme.footnoteHeading)]),
        ]
        let markerWidth = "[\(footnotes.count)] ".count
        for footnote in footnotes.sorted(by: { $0.number < $1.number }) {
            let marker = "[\(footnote.number)]"
            let padded = String(repeating: " ", count: markerWidth - marker.count - 1) + marker + " "
            lines.append(.blank)
            lines += item(
                footnote.blocks, marker: [Span(padded, style: theme.footnoteReference)],
                markerWidth: markerWidth, width: width, tight: true)
        }
        return lines
    }

    func frontMatterLines(_ text: String, width: Int) -> [StyledLine] {
        verbatimLines(text, width: width, style: theme.frontMatter, label: "front matter")
    }

    /// Whether a container may indent its content by `columns` without crushing it.
    func canIndent(_ width: Int, by columns: Int) -> Bool {
        width - columns >= Self.minimumContentWidth
    }

    func contentWidth(_ width: Int, indent columns: Int) -> Int {
        canIndent(width, by: columns) ? width - columns : width
    }

    /// Lays out an item's blocks after a marker, continuation lines indented by the marker's width.
    func item(_ blocks: [Block], marker: [Span], markerWidth: Int, width: Int, tight: Bool) -> [StyledLine] {
        let inner = blockLines(blocks, width: contentWidth(width, indent: markerWidth), tight: tight)
        guard canIndent(width, by: markerWidth) else {
            return [StyledLine(marker)] + inner
        }
        let lines = inner.isEmpty ? [StyledLine.blank] : inner
        let pad = [Span(String(repeating: " ", count: markerWidth))]
        if lines[0].graphic != nil {
            // A picture cannot share its first row with the marker.
            return indent([StyledLine.blank] + lines, first: marker, rest: pad)
        }
        return indent(lines, first: marker, rest: pad)
    }
}
