extension DocumentLayout {
    func paragraphLines(_ inlines: [Inline], width: Int) -> [StyledLine] {
        if let runs = plainParagraphRuns(inlines) { return wrapped(runs, width: width) }
        if options.math.mode == .render, inlines.contains(where: Self.isDisplayMath) {
            return paragraphWithDisplayMath(inlines, width: width)
        }
        return paragraphWithImages(inlines, width: width)
    }

    /// The runs a paragraph's lines are wrapped from, nil when it holds display math or pictures (which
    /// are laid out around its text).
    func plainParagraphRuns(_ inlines: [Inline]) -> [Span]? {
        if options.math.mode == .render, inlines.contains(where: Self.isDisplayMath) { return nil }
        if options.showsImages, inlines.contains(where: Self.isImageLike) { return nil }
        return inlineRuns.runs(inlines)
    }

    func wrapped(_ runs: [Span], width: Int) -> [StyledLine] {
        TextWrapper(width: width).wrap(runs).map { StyledLine($0) }
    }

    func headingLines(level: Int, _ inlines: [Inline], width: Int) -> [StyledLine] {
        let style = theme.heading(level: level)
        let rule: Character?
        switch level {
        case 1: rule = "═"
        case 2: rule = "─"
        default: rule = nil
        }
        let marker = rule == nil ? [Span(String(repeating: "#", count: level) + " ", style: style)] : []
        var lines: [StyledLine]
        if options.showsImages, inlines.contains(where: Self.isImageLike) {
            // A logo in a heading (`<h1><img …><br>Name</h1>`) is drawn above the heading's text.
            var markerPending = marker
            lines = paragraphWithImages(inlines, width: width) { text in
                defer { markerPending = [] }
                return wrapped(markerPending + inlineRuns.runs(text, base: style), width: width)
            }
        } else {
            lines = wrapped(marker + inlineRuns.runs(inlines, base: style), width: width)
        }
        if let rule {
            // The rule spans the heading's text, not the pictures above it.
            let textWidth =
                lines.filter { $0.graphic == nil }
                .map { line in line.spans.reduce(0) { $0 + ($1.style.picture ? 0 : DisplayWidth.of($1.text)) } }
                .max() ?? 0
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
        // The title breaks (like any word wider than the line) below 9 columns.
        var lines = [StyledLine([Span(String(repeating: "─", count: min(width, 12)), style: theme.thematicBreak)])]
        lines += wrapped([Span("Footnotes", style: theme.footnoteHeading)], width: width)
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
            // The marker on a line of its own, broken when even that is too narrow (`9999.` at 4).
            return (markerWidth <= width ? [StyledLine(marker)] : markerLines(marker, width: width)) + inner
        }
        let lines = inner.isEmpty ? [StyledLine.blank] : inner
        let pad = [Span(String(repeating: " ", count: markerWidth))]
        if lines[0].graphic != nil {
            // A picture cannot share its first row with the marker.
            return indent([StyledLine.blank] + lines, first: marker, rest: pad)
        }
        return indent(lines, first: marker, rest: pad)
    }

    /// A marker wider than the line: its parts (the number, the task box) on as few lines as they fit,
    /// a part wider than the line itself broken like a long word.
    private func markerLines(_ marker: [Span], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var current: [Span] = []
        var used = 0
        for span in marker {
            let text = span.text.trimmedWhitespace
            guard !text.isEmpty else { continue }
            let textWidth = DisplayWidth.of(text)
            if !current.isEmpty, used + 1 + textWidth <= width {
                current += [Span(" "), Span(text, style: span.style)]
                used += 1 + textWidth
                continue
            }
            if !current.isEmpty { lines.append(StyledLine(current)) }
            current = []
            used = 0
            if textWidth <= width {
                current = [Span(text, style: span.style)]
                used = textWidth
            } else {
                lines += wrapped([Span(text, style: span.style)], width: width)
            }
        }
        if !current.isEmpty { lines.append(StyledLine(current)) }
        return lines
    }
}
