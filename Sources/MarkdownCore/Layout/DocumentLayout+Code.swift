extension DocumentLayout {
    func codeBlockLines(_ block: CodeBlock, width: Int) -> [StyledLine] {
        let runs = highlightedRuns(block)
        let label = block.isFenced ? block.language : nil
        return framedLines(runs, width: width, label: label)
    }

    func htmlBlockLines(_ html: String, width: Int) -> [StyledLine] {
        let (rows, _) = CodeLineBreaker(width: width).rows([Span(html, style: theme.html)])
        return rows.map { StyledLine($0) }
    }

    func verbatimLines(_ text: String, width: Int, style: Style, label: String?) -> [StyledLine] {
        framedLines([Span(text, style: style)], width: width, label: label)
    }

    /// Code set off from prose: a top rule with the language, a bar in front of every row (`↪` where a
    /// long line continues), and a bottom rule.
    private func framedLines(_ runs: [Span], width: Int, label: String?) -> [StyledLine] {
        let gutter = 2
        let codeWidth = max(1, width - gutter)
        let (rows, continuation) = CodeLineBreaker(width: codeWidth).rows(runs)
        var lines: [StyledLine] = []
        lines.reserveCapacity(rows.count + 2)
        var top = [Span("╭─", style: theme.codeFrame)]
        if let label, !label.isEmpty, width > 4 {
            let shown = truncated(label, to: width - 4)
            top.append(Span(" ", style: theme.codeFrame))
            top.append(Span(shown, style: theme.codeLabel))
            top.append(Span(" ", style: theme.codeFrame))
        }
        lines.append(StyledLine(Array(top.prefix(width >= 2 ? top.count : 0))))
        let bar = Span("│ ", style: theme.codeFrame)
        let more = Span("↪ ", style: theme.codeFrame)
        for (row, continues) in zip(rows, continuation) {
            lines.append(StyledLine([continues ? more : bar] + row))
        }
        lines.append(StyledLine([Span("╰─", style: theme.codeFrame)]))
        return lines
    }

    /// The code as runs in the code style, coloured by the highlighter where it knows the language.
    private func highlightedRuns(_ block: CodeBlock) -> [Span] {
        let base = theme.codeBlock
        guard let highlighter = options.highlighter, let language = block.language,
            let tokens = highlighter.tokens(for: block.code, language: language), !tokens.isEmpty
        else {
            return [Span(block.code, style: base)]
        }
        let bytes = Array(block.code.utf8)
        var runs: [Span] = []
        runs.reserveCapacity(tokens.count * 2 + 1)
        var position = 0
        // A block has thousands of tokens but a few dozen capture names.
        var styles: [String: Style] = [:]
        func emit(_ range: Range<Int>, _ style: Style) {
            guard range.lowerBound < range.upperBound else { return }
            runs.append(Span(String(decoding: bytes[range], as: UTF8.self), style: style))
        }
        for token in tokens {
            let lower = min(max(token.range.lowerBound, position), bytes.count)
            let upper = min(max(token.range.upperBound, lower), bytes.count)
            emit(position..<lower, base)
            let style: Style
            if let known = styles[token.capture] {
                style = known
            } else {
                style = base.merged(with: theme.syntaxStyle(forCapture: token.capture) ?? .plain)
                styles[token.capture] = style
            }
            emit(lower..<upper, style)
            position = upper
        }
        emit(position..<bytes.count, base)
        return runs
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
