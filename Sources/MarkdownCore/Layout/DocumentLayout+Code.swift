extension DocumentLayout {
    /// Columns the frame's bar (`│ `) takes in front of every row of code.
    static let gutter = 2

    func codeBlockLines(_ block: CodeBlock, width: Int) -> [StyledLine] {
        let label = block.isFenced ? block.language : nil
        let rows = CodeRows(block.code, width: max(1, width - Self.gutter))
        let lines = barredLines(colouredRows(rows, resources.tokens(for: block)), rows: rows)
        return framed(lines, width: width, label: label)
    }

    func htmlBlockLines(_ html: String, width: Int) -> [StyledLine] {
        CodeRows(html, width: width).spans(base: theme.html).map { StyledLine($0) }
    }

    func verbatimLines(_ text: String, width: Int, style: Style, label: String?) -> [StyledLine] {
        let rows = CodeRows(text, width: max(1, width - Self.gutter))
        return framed(barredLines(rows.spans(base: style), rows: rows), width: width, label: label)
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
        var top = [Span("╭─", style: theme.codeFrame)]
        if let label, !label.isEmpty, width > 4 {
            let shown = truncated(label, to: width - 4)
            top.append(Span(" ", style: theme.codeFrame))
            top.append(Span(shown, style: theme.codeLabel))
            top.append(Span(" ", style: theme.codeFrame))
        }
        var lines = [StyledLine(Array(top.prefix(width >= 2 ? top.count : 0)))]
        lines.reserveCapacity(rows.count + 2)
        lines.append(contentsOf: rows)
        lines.append(StyledLine([Span("╰─", style: theme.codeFrame)]))
        return lines
    }

    /// The rows in the code style, coloured by the highlighter's tokens where it knows the language.
    private func colouredRows(_ rows: CodeRows, _ tokens: [SyntaxToken]?) -> [[Span]] {
        let base = theme.codeBlock
        guard let tokens, !tokens.isEmpty else {
            return rows.spans(base: base)
        }
        // A block has thousands of tokens but a few dozen capture names: finding a capture's style in the
        // theme costs more than laying a row out.
        var styles: [String: Style] = [:]
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
