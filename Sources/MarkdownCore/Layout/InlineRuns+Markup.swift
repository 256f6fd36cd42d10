/// Text marked by HTML elements (`<kbd>`, `<sup>`, `<sub>`, `<u>`, `<mark>`, `<small>`) as styled runs.
extension InlineRuns {
    func appendMarkup(_ markup: InlineMarkup, _ children: [Inline], style: Style, to out: inout [Span]) {
        switch markup {
        case .keyboard:
            // A key cap: padded on a background, or in brackets when there is no colour to draw it.
            let key = Inline.plainText(children).replacingTabs()
            let capStyle = style.merged(with: theme.keyboard)
            out.append(Span(markers ? "[\(key)]" : "\u{A0}\(key)\u{A0}", style: capStyle))
        case .superscript, .subscript:
            let raised = markup == .superscript
            if let text = Self.scriptText(children, raised: raised) {
                out.append(Span(text, style: style))
            } else {
                // No Unicode form for every character: a caret or underscore marks the raised or lowered text.
                let sign = raised ? "^" : "_"
                let plain = Inline.plainText(children)
                let bracketed = plain.contains(where: \.isWhitespace) || plain.count > 1
                out.append(Span(bracketed ? sign + "(" : sign, style: style.merged(with: theme.html)))
                append(children, style: style, to: &out)
                if bracketed { out.append(Span(")", style: style.merged(with: theme.html))) }
            }
        case .underline:
            append(children, style: style.merged(with: Style(underline: true)), to: &out)
        case .highlight:
            append(children, style: style.merged(with: theme.highlight), to: &out)
        case .small:
            append(children, style: style.merged(with: Style(dim: true)), to: &out)
        }
    }

    /// The children in Unicode super- or subscript characters, or nil unless they are plain text whose
    /// every character has such a form.
    static func scriptText(_ children: [Inline], raised: Bool) -> String? {
        var text = ""
        for child in children {
            guard case .text(let part) = child else { return nil }
            text += part
        }
        guard !text.isEmpty else { return nil }
        let table = raised ? superscripts : subscripts
        var out = ""
        for character in text {
            guard let mapped = table[character] else { return nil }
            out.append(mapped)
        }
        return out
    }

    private static let superscripts: [Character: Character] = pairs(
        "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ")

    private static let subscripts: [Character: Character] = pairs(
        "0123456789+-=()aehijklmnoprstuvx",
        "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")

    private static func pairs(_ from: String, _ to: String) -> [Character: Character] {
        Dictionary(uniqueKeysWithValues: zip(from, to))
    }
}
