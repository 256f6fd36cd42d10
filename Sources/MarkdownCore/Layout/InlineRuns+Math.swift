extension InlineRuns {
    /// A formula inside text: typeset on one row (spacing that must not break is U+00A0, so the
    /// wrapper keeps the formula together except after a top-level relation or operator), or as written
    /// in the inline-code style with `--math source` and when it cannot be typeset.
    func appendMath(_ math: MathSpan, style: Style, to out: inout [Span]) {
        if self.math.mode == .render {
            switch MathTypesetter().inline(math.source) {
            case .pieces(let pieces):
                // Each role's style merged once a formula, not once a piece.
                var styles: [(role: MathRole, style: Style)] = []
                let onPlain = style == .plain
                // Neighbouring pieces of one role become one span: fewer runs to wrap and write.
                var index = pieces.startIndex
                while index < pieces.endIndex {
                    let role = pieces[index].role
                    var text = pieces[index].text
                    index += 1
                    while index < pieces.endIndex, pieces[index].role == role {
                        text += pieces[index].text
                        index += 1
                    }
                    // Laid on plain text (the usual case), the role's style is the merge.
                    if onPlain {
                        out.append(Span(text, style: theme.mathStyle(role)))
                        continue
                    }
                    let known = styles.first { $0.role == role }?.style
                    let merged = known ?? style.merged(with: theme.mathStyle(role))
                    if known == nil { styles.append((role, merged)) }
                    out.append(Span(text, style: merged))
                }
                return
            case .source(let failure):
                self.math.report(math.source, failure)
            }
        }
        out.append(Span(math.written.replacingTabs(), style: style.merged(with: theme.inlineCode)))
    }
}

extension Theme {
    /// The style of a role of typeset math.
    func mathStyle(_ role: MathRole) -> Style {
        switch role {
        case .variable: return mathVariable
        case .number: return mathNumber
        case .symbol: return mathSymbol
        case .function, .source: return mathFunction
        case .text: return mathText
        case .structure: return mathStructure
        }
    }
}
