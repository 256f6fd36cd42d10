extension DocumentLayout {
    /// A display formula: typeset and centred, or, when it cannot be typeset at this width, still open,
    /// or `--math source` asks for it, its source in a code block labelled `math`.
    func mathBlockLines(_ math: MathBlock, width: Int) -> [StyledLine] {
        guard options.math.mode == .render, math.isClosed else {
            return mathSourceLines(math.writtenLines.joined(separator: "\n"), width: width)
        }
        return displayMathLines(math.source, width: width) ?? mathSourceLines(math.source, width: width)
    }

    /// A typeset display formula centred in `width`, or nil when it must be shown as its source.
    func displayMathLines(_ source: String, width: Int) -> [StyledLine]? {
        switch MathTypesetter().display(source, width: width) {
        case .picture(let picture):
            let margin = max(0, (width - picture.width) / 2)
            return picture.rows.map { mathLine($0, margin: margin) }
        case .linear(let rows):
            let margin = rows.count == 1 ? max(0, (width - DisplayWidth.of(rows[0].map(\.text).joined())) / 2) : 0
            return rows.map { mathLine($0, margin: margin) }
        case .source(let failure):
            if let failure { options.math.report(source, failure) }
            return nil
        }
    }

    /// One row of typeset math behind `margin` spaces, without trailing blanks.
    private func mathLine(_ pieces: [MathPiece], margin: Int) -> StyledLine {
        var spans: [Span] = []
        spans.reserveCapacity(pieces.count + 1)
        if margin > 0 { spans.append(Span(String.repeated(" ", count: margin))) }
        for piece in pieces where !piece.text.isEmpty {
            let style = theme.mathStyle(piece.role)
            if let last = spans.indices.last, spans[last].style == style {
                spans[last].text += piece.text
            } else {
                spans.append(Span(piece.text, style: style))
            }
        }
        // Trailing blanks go, compared as bytes (a row is mostly padding spaces).
        while let last = spans.last, last.text.utf8.allSatisfy({ $0 == 0x20 }) { spans.removeLast() }
        if let last = spans.indices.last {
            let utf8 = spans[last].text.utf8
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
            if end != utf8.endIndex { spans[last].text = String(spans[last].text[..<end]) }
        }
        return StyledLine(spans)
    }

    /// TeX shown as written, framed like code with the label `math`.
    func mathSourceLines(_ text: String, width: Int) -> [StyledLine] {
        codeBlockLines(CodeBlock(info: "math", code: text, isFenced: true), width: width)
    }

    /// Whether an inline is `$$…$$` standing in a paragraph (display style).
    static func isDisplayMath(_ inline: Inline) -> Bool {
        if case .math(let math) = inline { return math.isDisplay }
        return false
    }

    /// A paragraph holding `$$…$$`: its text before and after wrapped as usual, each display formula
    /// on lines of its own between them, as TeX sets a display inside a paragraph.
    func paragraphWithDisplayMath(_ inlines: [Inline], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var pending: [Inline] = []
        func flushText() {
            let text = Self.trimmedBreaks(pending)
            pending = []
            guard !text.isEmpty else { return }
            lines += paragraphLines(text, width: width)
        }
        for inline in inlines {
            guard case .math(let math) = inline, math.isDisplay else {
                pending.append(inline)
                continue
            }
            flushText()
            lines += mathBlockLines(MathBlock(math), width: width)
        }
        flushText()
        return lines
    }

    /// Inlines without the breaks and spaces at their ends (what stood next to a display formula).
    private static func trimmedBreaks(_ inlines: [Inline]) -> [Inline] {
        var inlines = inlines[...]
        while let first = inlines.first, isBlank(first) { inlines.removeFirst() }
        while let last = inlines.last, isBlank(last) { inlines.removeLast() }
        var result = Array(inlines)
        if case .text(let text)? = result.first { result[0] = .text(String(text.drop(while: { $0 == " " }))) }
        if case .text(let text)? = result.last {
            result[result.count - 1] = .text(String(text.reversed().drop(while: { $0 == " " }).reversed()))
        }
        return result
    }

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .softBreak, .lineBreak: return true
        case .text(let text): return text.allSatisfy { $0 == " " }
        default: return false
        }
    }
}
