/// Badges as text where their pictures are not shown: `label │ message` in the badge's colours, or the
/// alt text in brackets, without the URLs, and never broken across lines (no-break spaces inside), so
/// a README's row of badges stays one compact wrapped line.
extension InlineRuns {
    func appendBadge(_ badge: Badge, style: Style, hyperlink: String?, to out: inout [Span]) {
        var labelStyle = style.merged(with: theme.badgeLabel)
        var messageStyle = style.merged(with: theme.badgeLabel)
        if let color = badge.color { messageStyle.background = color }
        labelStyle.hyperlink = hyperlink
        messageStyle.hyperlink = hyperlink
        let label = Self.unbreakable(badge.label)
        let message = Self.unbreakable(badge.message)
        if markers {
            // No colour: brackets and a bar keep the two parts apart.
            var plain = style.merged(with: theme.imagePlaceholder)
            plain.hyperlink = hyperlink
            out.append(Span(label.isEmpty ? "[\(message)]" : "[\(label)\u{A0}│\u{A0}\(message)]", style: plain))
        } else if label.isEmpty {
            if badge.color == nil { messageStyle = style.merged(with: theme.imagePlaceholder) }
            messageStyle.hyperlink = hyperlink
            out.append(Span(badge.color == nil ? "[\(message)]" : "\u{A0}\(message)\u{A0}", style: messageStyle))
        } else {
            out.append(Span("\u{A0}\(label)\u{A0}", style: labelStyle))
            out.append(Span("\u{A0}\(message)\u{A0}", style: messageStyle))
        }
    }

    private static func unbreakable(_ text: String) -> String {
        String(text.map { $0 == " " || $0 == "\n" ? "\u{A0}" : $0 })
    }
}
