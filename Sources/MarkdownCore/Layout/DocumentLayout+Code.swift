extension DocumentLayout {
    /// Columns the frame's bar (`│ `) takes in front of every row of code.
    static let gutter = 2

    func codeBlockLines(_ block: CodeBlock, width: Int) -> [StyledLine] {
        let label = block.isFenced ? block.language : nil
        let tokens = resources.tokens(for: block)
        guard let growing else {
            var styles: [String: Style] = [:]
            return framed(
                codeRowLines(block.code, tokens: tokens, width: width, styles: &styles).rows, width: width, label: label
            )
        }
        // A block still streaming: the rows of its lines laid out at the last redraw are reused, framed, and
        // the styles of its captures too.
        let extending = resources.provisionalExtension(for: block)
        let frame = frame(width: width, label: label)
        return growing.withCode(
            { rows, lineage in
                rows.rowLines(
                    code: block.code, lineage: lineage, tokens: tokens, extending: extending, width: width,
                    theme: theme, frame: frame
                ) { code, tokens, styles in
                    codeRowLines(code, tokens: tokens, width: width, styles: &styles)
                }
            }, code: block.code)
    }

    func htmlBlockLines(_ html: String, width: Int) -> [StyledLine] {
        CodeRows(html, width: width).spans(base: theme.html).map { StyledLine($0) }
    }

    func verbatimLines(_ text: String, width: Int, style: Style, label: String?) -> [StyledLine] {
        let rows = CodeRows(text, width: max(1, width - Self.gutter))
        return framed(barredLines(rows.spans(base: style), rows: rows), width: width, label: label)
    }

    /// The rows of `code` in the code style, coloured by `tokens` where there are any, each behind the
    /// frame's bar (`↪` where a long line continues), and which rows continue a line. `styles` holds the
    /// style of each capture name met, in this layout's theme, and gains those met here.
    func codeRowLines(_ code: String, tokens: [SyntaxToken]?, width: Int, styles: inout [String: Style]) -> (
        rows: [StyledLine], continues: [Bool]
    ) {
        let rows = CodeRows(code, width: max(1, width - Self.gutter))
        return (barredLines(colouredRows(rows, tokens, styles: &styles), rows: rows), rows.rows.map(\.continues))
    }

    private func barredLines(_ spans: [[Span]], rows: CodeRows) -> [StyledLine] {
        let bar = Span("│ ", style: theme.codeFrame)
        let more = Span("↪ ", style: theme.codeFrame)
        var lines: [StyledLine] = []
        lines.reserveCapacity(spans.count)
        for (row, plan) in zip(spans, rows.rows) {
            var line = [plan.continues ? more : bar]
            line.append(contentsOf: row)
            lines.append(StyledLine(line))
        }
        return lines
    }

    /// Code set off from prose: a top rule with the language, the rows, and a bottom rule.
    private func framed(_ rows: [StyledLine], width: Int, label: String?) -> [StyledLine] {
        let frame = frame(width: width, label: label)
        var lines: [StyledLine] = []
        lines.reserveCapacity(rows.count + 2)
        lines.append(frame.top)
        lines.append(contentsOf: rows)
        lines.append(frame.bottom)
        return lines
    }

    /// The top rule with the language and the bottom rule.
    private func frame(width: Int, label: String?) -> GrowingCodeRows.Frame {
        var top = [Span("╭─", style: theme.codeFrame)]
        if let label, !label.isEmpty, width > 4 {
            let shown = truncated(label, to: width - 4)
            top.append(Span(" ", style: theme.codeFrame))
            top.append(Span(shown, style: theme.codeLabel))
            top.append(Span(" ", style: theme.codeFrame))
        }
        return GrowingCodeRows.Frame(
            top: StyledLine(Array(top.prefix(width >= 2 ? top.count : 0))),
            bottom: StyledLine([Span("╰─", style: theme.codeFrame)]))
    }

    /// The rows in the code style, coloured by the highlighter's tokens where it knows the language.
    private func colouredRows(_ rows: CodeRows, _ tokens: [SyntaxToken]?, styles: inout [String: Style]) -> [[Span]] {
        let base = theme.codeBlock
        guard let tokens, !tokens.isEmpty else {
            return rows.spans(base: base)
        }
        // A block has thousands of tokens but a few dozen capture names (and a redraw of a growing block, a
        // few lines: finding a capture's style in the theme costs more than laying them out).
        return rows.spans(base: base, tokens: tokens) { token in
            if let known = styles[token.capture] { return known }
            let style = base.merged(with: theme.syntaxStyle(forCapture: token.capture) ?? .plain)
            styles[token.capture] = style
            return style
        }
    }

    func truncated(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > max(0, width - 1) { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }
}
