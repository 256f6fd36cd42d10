/// GitHub alerts (`> [!NOTE]` …) as callouts: a title line with the kind's icon and word, and the content
/// behind a bar, all in the kind's colour. Without colour the icon, the word and the bar still tell the
/// kinds apart.
extension DocumentLayout {
    func alertLines(_ alert: Alert, width: Int) -> [StyledLine] {
        let style = theme.alert(alert.kind)
        var titleStyle = style
        titleStyle.bold = true
        let title = wrapped(
            [Span(Self.alertIcon(alert.kind) + " " + alert.kind.title, style: titleStyle)], width: width)
        let inner = blockLines(alert.blocks, width: contentWidth(width, indent: 2), tight: false)
        guard canIndent(width, by: 2) else { return title + inner }
        let bar = [Span("│ ", style: style)]
        return indent(title + inner, first: bar, rest: bar)
    }

    /// Emoji that stand for GitHub's octicons (info, light bulb, report, alert, stop), all drawn two
    /// columns wide.
    static func alertIcon(_ kind: Alert.Kind) -> String {
        switch kind {
        case .note: return "ℹ️"
        case .tip: return "💡"
        case .important: return "❗"
        case .warning: return "⚠️"
        case .caution: return "🛑"
        }
    }
}
